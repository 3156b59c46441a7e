package hell

import (
	"fmt"

	"github.com/umpirebot/umpire/adjudicator"
)

// Legal implements adjudicator.Rules: the tree of the orders side may give
// now. It is built with the same checks Apply makes, so the interface
// never offers an order the rules would refuse. For France it lists only
// what France may know.
func (r *Rules) Legal(as adjudicator.State, side adjudicator.Side) []adjudicator.Choice {
	s := st(as)
	if side == adjudicator.Referee {
		return r.overrideHelp()
	}
	if s.Phase == PhaseOver {
		return nil
	}
	if awaited := awaitedSide(s); string(side) != awaited {
		if side == French || side == VM {
			return r.standingChoices(side)
		}
		return nil
	}
	// Standing orders are taken at any time, awaited or not (issue 15).
	return append(r.phaseLegal(s, side), r.standingChoices(side)...)
}

// phaseLegal: the awaited side's orders of the current phase.
func (r *Rules) phaseLegal(s *State, side adjudicator.Side) []adjudicator.Choice {
	d := r.d
	var out []adjudicator.Choice
	done := leaf("done", "end this phase")
	switch s.Phase {
	case PhaseSetupFrench, PhaseSetupVM:
		out = append(out, r.unitTree("place", "set up a unit elsewhere", string(side), s, r.destinations(s, string(side)), func(id, loc string) bool {
			return r.canPlace(s, string(side), id, loc) == nil
		})...)
		out = append(out, done)
	case PhaseVMReorg:
		var trade []adjudicator.Choice
		for _, id := range r.unitIDs(s, VM) {
			if r.canTrade(s, []string{id}) != nil {
				continue
			}
			c := adjudicator.Choice{Word: id, Help: "two steps back", Complete: true}
			for _, id2 := range r.unitIDs(s, VM) {
				if r.canTrade(s, []string{id, id2}) == nil {
					c.Next = append(c.Next, leaf(id2, "one step each"))
				}
			}
			trade = append(trade, c)
		}
		out = appendIf(out, "trade", "trade a barrage point for infantry steps (3.1)", trade)
		var recon, ext []adjudicator.Choice
		for _, id := range r.unitIDs(s, VM) {
			if r.canReconstitute(s, id) == nil {
				recon = append(recon, leaf(id, "to the Game Turn track, a step back each turn"))
			}
		}
		for _, id := range r.dueOnTrack(s) {
			ext = append(ext, leaf(id, "stay on the track one more turn"))
		}
		if len(r.mustReconstitute(s)) > 0 {
			recon = append(recon, leaf("required", "every battalion at -2, which must (3.1)"))
		}
		out = appendIf(out, "reconstitute", "withdraw a reduced battalion to reconstitute (3.1)", recon)
		out = appendIf(out, "extend", "keep a reconstituting battalion on the track (3.1)", ext)
		if len(r.mustReconstitute(s)) == 0 {
			out = append(out, done)
		}
	case PhaseVMEntrench:
		var dig []adjudicator.Choice
		for _, loc := range r.trenchSites() {
			if r.canDig(s, loc, 1) != nil {
				continue
			}
			c := adjudicator.Choice{Word: loc, Help: fmt.Sprintf("level %d → %d", s.Trench[loc], s.Trench[loc]+1), Complete: true}
			for n := 2; n <= 3; n++ {
				if r.canDig(s, loc, n) == nil {
					c.Next = append(c.Next, leaf(fmt.Sprint(n), fmt.Sprintf("levels, to %d", s.Trench[loc]+n)))
				}
			}
			dig = append(dig, c)
		}
		out = appendIf(out, "dig", "dig a trench level (3.1)", dig)
		out = append(out, done)
	case PhaseFrenchSupply:
		if r.canStrike(s) == nil {
			out = append(out, leaf("strike", "two air points: the VM loses a barrage point (3.2)"))
		}
		var rep, reb, mer []adjudicator.Choice
		for _, id := range r.frenchIDs {
			if r.canReplace(s, id) == nil {
				rep = append(rep, leaf(id, "one step back"))
			}
			var pas []adjudicator.Choice
			for _, pa := range d.PAOrder {
				if s.French[id].Loc == LocOut && r.canRebuild(s, id, pa) == nil {
					pas = append(pas, leaf(pa, ""))
				}
			}
			if len(pas) > 0 {
				reb = append(reb, adjudicator.Choice{Word: id, Next: pas})
			}
			var with []adjudicator.Choice
			for _, id2 := range r.frenchIDs {
				if s.French[id].Steps == 1 && s.French[id2].Steps == 1 && r.canMerge(s, id, id2) == nil {
					with = append(with, leaf(id2, "leaves the game"))
				}
			}
			if len(with) > 0 {
				mer = append(mer, adjudicator.Choice{Word: id, Help: "kept at full strength", Next: with})
			}
		}
		out = appendIf(out, "replace", "a replacement point: one step for a unit in the CRC (3.2)", rep)
		out = appendIf(out, "rebuild", "a replacement point: a destroyed unit back at one step (3.2)", reb)
		out = appendIf(out, "merge", "two half-strength companies become one (3.2)", mer)
		out = append(out, done)
	case PhaseVMDecide:
		out = append(out, leaf("assault", "launch assaults this week"), leaf("pass", "no assault this week"))
	case PhaseFrDecide:
		out = append(out, leaf("operate", "launch operations this week"), leaf("pass", "no operation this week"))
	case PhaseOperations:
		out = r.opLegal(s, string(side))
	case PhaseVMMove, PhaseFrMove:
		out = append(out, r.unitTree("move", "strategic movement (3.3)", string(side), s, r.destinations(s, string(side)), func(id, loc string) bool {
			return r.canMoveStrategic(s, string(side), id, loc) == nil
		})...)
		out = append(out, done)
	case PhaseVMSiege:
		if s.VMMunitions > 0 && s.Acting != VM {
			var pts []adjudicator.Choice
			for n := 1; n <= s.VMMunitions; n++ {
				pts = append(pts, adjudicator.Choice{Word: fmt.Sprint(n), Next: []adjudicator.Choice{
					leaf("crc", "against the CRC"), leaf("isabelle", "against Isabelle")}})
			}
			out = append(out, adjudicator.Choice{Word: "siege", Help: "siege fire: a French step or replacement point per barrage point (8)", Next: pts})
		}
		out = append(out, done)
	case PhaseFrAttrition:
		units, rp := r.lossOptions(s, s.Pending[0])
		var opts []adjudicator.Choice
		if rp {
			opts = append(opts, leaf("replacement", "a replacement point"))
		}
		for _, id := range units {
			opts = append(opts, leaf(id, "a step"))
		}
		out = append(out, adjudicator.Choice{Word: "lose", Help: r.lossText(s.Pending[0]), Next: opts})
	}
	return out
}

func leaf(word, help string) adjudicator.Choice {
	return adjudicator.Choice{Word: word, Help: help, Complete: true}
}

func appendIf(out []adjudicator.Choice, word, help string, next []adjudicator.Choice) []adjudicator.Choice {
	if len(next) == 0 {
		return out
	}
	return append(out, adjudicator.Choice{Word: word, Help: help, Next: next})
}

// destinations prefilters the locations a side's unit could ever reach in
// set-up or strategic movement (the full check follows per unit).
func (r *Rules) destinations(s *State, side string) []string {
	var out []string
	for _, loc := range r.allLocations() {
		if side == VM && s.vmDestination(r.d, loc) || side == French && r.d.isPA(loc) && !s.Captured[loc] {
			out = append(out, loc)
		}
	}
	return out
}

// unitTree lists verb <unit> <location> for every legal pair among the
// candidate locations.
func (r *Rules) unitTree(verb, help, side string, s *State, cands []string, ok func(id, loc string) bool) []adjudicator.Choice {
	var units []adjudicator.Choice
	for _, id := range r.unitIDs(s, side) {
		var locs []adjudicator.Choice
		for _, loc := range cands {
			if ok(id, loc) {
				locs = append(locs, leaf(loc, r.d.locName(loc)))
			}
		}
		if len(locs) > 0 {
			units = append(units, adjudicator.Choice{Word: id, Next: locs})
		}
	}
	return appendIf(nil, verb, help, units)
}

// allLocations: zones then PAs, in file order.
func (r *Rules) allLocations() []string {
	out := append([]string(nil), r.d.ZoneOrder...)
	return append(out, r.d.PAOrder...)
}

// allPlaces: zones, PAs, then assault bases (sorted).
func (r *Rules) allPlaces() []string {
	return append(r.allLocations(), sortedKeys(r.d.Bases)...)
}

// trenchSites: peripheral zones and encirclable PAs.
func (r *Rules) trenchSites() []string {
	var out []string
	for _, z := range r.d.ZoneOrder {
		if r.d.zoneKind(z) == ZonePeripheral {
			out = append(out, z)
		}
	}
	for _, p := range r.d.PAOrder {
		if r.d.PAs[p].Encirclable {
			out = append(out, p)
		}
	}
	return out
}

func (r *Rules) overrideHelp() []adjudicator.Choice {
	return []adjudicator.Choice{{Word: "override", Help: "moderator override", Next: []adjudicator.Choice{
		{Word: "unit", Help: "<id> [at <loc>] [steps <n>] [losses <n>] [status fresh|fatigued|disorganized] [hidden|revealed]"},
		{Word: "track", Help: "<vm-munitions|french-munitions|vm-losses|replacements|air-points|entrench|trade-points> <n>"},
		{Word: "trench", Help: "<zone|PA> <0-3>"},
		{Word: "control", Help: "<PA> vm|french"},
	}}}
}
