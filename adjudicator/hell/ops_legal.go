package hell

import (
	"fmt"
	"sort"

	"github.com/umpirebot/umpire/adjudicator"
)

var stepNames = map[string]string{
	StepDrop: "paratroop drops (4.1)", StepMove: "operational movement (4.2)", StepDecide: "decision",
	StepEngage: "engagement (5.1)", StepBombard: "artillery", StepAdvance: "attacker movement",
	StepDefFire: "defensive fire", StepCombat: "combat", StepDefMove: "defensive movement",
	StepBreakOff: "break-off (6.2.7)", StepNext: "end of impulse",
	StepConsolidate: "end of the assault (5.7)", StepWithdraw: "withdrawals (5.7, 6.2.7)",
}

// opInfo: who is awaited in the operational phase, for what.
func (r *Rules) opInfo(s *State) (side, name, decision, def string) {
	half := "VM half"
	if s.Half == French {
		half = "French half"
	}
	name = fmt.Sprintf("Operational round %d, %s", s.Round, half)
	if s.Impulse > 0 {
		name += fmt.Sprintf(", impulse %d", s.Impulse)
	}
	side = s.opAwaited()
	if len(s.Hits) > 0 {
		h := s.Hits[0]
		return side, name + ", combat result", r.hitPrompt(s), r.defaultHit(s, h, r.hitOptions(s, h))
	}
	name += ", " + stepNames[s.Step]
	if s.Step == StepDrop {
		return side, name, fmt.Sprintf("`drop <unit> <PA>` (%d more this round), then `done`", r.maxDrops(s)-s.Dropped), "done"
	}
	ask := stepAsks[s.Step]
	items, closing := ask.vm, ask.closing
	if side == French && ask.french != nil {
		items = ask.french
	}
	if closing == "" {
		closing = "`done`"
	}
	var legal map[string]bool
	if side == French {
		legal = verbs(r.opLegal(s, French))
	} else {
		legal = r.vmPublic(s)
		if s.Step == StepDecide {
			legal["assault"] = s.vmMayAssault() // public (ruling H45)
		}
	}
	text := asks(legal, items, closing)
	if s.Step == StepNext && !legal["continue"] {
		text = "`end` (the third impulse is over)"
	}
	def = ask.def
	if def == "" {
		def = "done"
	}
	if s.Step == StepDecide && lastWeek(s) {
		def = "" // ruling H56
	}
	return side, name, text, def
}

// lastWeek: the scenario's last turn, whose decisions to act have no
// default (ruling H56): they are the last chances to change the result.
func lastWeek(s *State) bool { return s.Turn >= s.LastTurn }

// defaultHit is a combat result's default (ruling H55): the least
// harmful answer. A step from the unit with the most steps (a loss
// spread, not a unit eliminated), a D on a unit not yet Disorganized (a
// second D costs a French unit a step and routs a VM battalion), the
// morale check by the unit with the best morale; ties go to the first in
// the prompt's list. The side's standing orders answer these results
// before any prompt when they are set, so a prompt's default is for a
// side that asked to be asked.
func (r *Rules) defaultHit(s *State, h Hit, opts []string) string {
	if len(opts) == 0 {
		return ""
	}
	most := func(ids []string) string {
		best, n := ids[0], s.stepsOf(h.Side, ids[0])
		for _, id := range ids[1:] {
			if m := s.stepsOf(h.Side, id); m > n {
				best, n = id, m
			}
		}
		return best
	}
	switch h.Kind {
	case "step", "tank":
		return "lose " + most(opts)
	case "disorg":
		var fresh []string
		for _, id := range opts {
			if !r.disorganized(s, h.Side, id) {
				fresh = append(fresh, id)
			}
		}
		if len(fresh) == 0 {
			fresh = opts
		}
		return "disorg " + most(fresh)
	}
	best, bm := opts[0], -1
	for _, id := range opts {
		if m, _ := r.morale(s, h.Side, id); m > bm {
			best, bm = id, m
		}
	}
	return "check " + best
}

func (r *Rules) disorganized(s *State, side, id string) bool {
	if side == French {
		return s.French[id].Disorg
	}
	return s.VM[id].Disorg
}

// stepAsks: what each step of the operational phase asks (France's orders
// where they differ), the closing order and the order taken by default.
// The prompt names only the orders legal now (issue 15, item 3; asks).
var stepAsks = map[string]struct {
	vm, french []ask
	closing    string
	def        string
}{
	StepMove:   {vm: []ask{{"move", "`move <unit> <place>`"}}},
	StepDecide: {vm: []ask{{"assault", "`assault`"}}, french: []ask{{"recon", "`recon <zone> [replacement|step]`"}, {"operate", "`operate`"}}, closing: "or `pass`", def: "pass"},
	StepEngage: {vm: []ask{{"engage", "`engage <battalion> ...`"}}},
	StepBombard: {vm: []ask{{"fire", "`fire <target>` (artillery)"}},
		french: []ask{{"fire", "`fire <target>` (artillery)"}, {"air", "`air <target> <points>`"}, {"engage", "`engage <VM PA> [with <unit> ...]`"}}},
	StepAdvance: {vm: []ask{{"move", "`move <unit> <place>`"}}, french: []ask{{"move", "`move <unit> <place>`"}, {"engage", "`engage <VM PA> [with <unit> ...]`"}}},
	StepDefFire: {vm: []ask{{"fire", "`fire <from> <target>`"}, {"artillery", "`artillery <target>`"}},
		french: []ask{{"fire", "`fire <from> <target> [air points]`"}, {"artillery", "`artillery <target>`"}}},
	StepCombat: {vm: []ask{{"attack", "`attack <PA> [with <battalion> ...] [lead <battalion>] [hold <battalion> ...] [crit tank]`"}},
		french: []ask{{"attack", "`attack <PA> [with <unit> ...] [lead <unit>] [hold <unit> ...] [air <n>]`"}, {"fire", "`fire <zone> [air]`"}}},
	StepDefMove:     {vm: []ask{{"move", "`move <unit> <place>`"}}},
	StepBreakOff:    {vm: []ask{{"breakoff", "`breakoff <zone>`"}}},
	StepNext:        {vm: []ask{{"continue", "`continue` to the next impulse"}}, closing: "`end`", def: "end"},
	StepConsolidate: {vm: []ask{{"occupy", "`occupy <unit> <PA>`"}, {"withdraw", "`withdraw <unit> <place>`"}}},
	StepWithdraw:    {vm: []ask{{"withdraw", "`withdraw <unit> <place>`"}}},
}

// mayEngage: France may designate a VM PA for attack now (6.2.1).
func (r *Rules) mayEngage(s *State, side string) bool {
	if side != French {
		return false
	}
	for _, pa := range r.d.PAOrder {
		if r.canEngage(s, pa, nil) == nil {
			return true
		}
	}
	return false
}

// appendEngage: 6.2.1 (ruling H57), France designates the VM PAs it will
// attack this impulse, optionally naming its units.
func (r *Rules) appendEngage(s *State, side string, out []adjudicator.Choice) []adjudicator.Choice {
	if side != French {
		return out
	}
	var pas []adjudicator.Choice
	for _, pa := range r.d.PAOrder {
		if r.canEngage(s, pa, nil) != nil {
			continue
		}
		c := leaf(pa, r.placeName(pa))
		var units []adjudicator.Choice
		// A tank alone does not attack (ruling H64): the list starts with
		// a company or MG platoon.
		for _, id := range r.stepTakers(French, r.attackers(s, French, pa)) {
			units = append(units, leaf(id, "attacks it (name more units after it)"))
		}
		c.Next = []adjudicator.Choice{{Word: "with", Help: "only these units attack it", Next: units}}
		pas = append(pas, c)
	}
	return appendIf(out, "engage", "designate a VM PA France attacks this impulse, before the VM's defensive fire (6.2.1)", pas)
}

// opLegal: the legal orders in the operational phase.
func (r *Rules) opLegal(s *State, side string) []adjudicator.Choice {
	if len(s.Hits) > 0 {
		return r.hitChoices(s)
	}
	d := r.d
	done := leaf("done", "end this step")
	var out []adjudicator.Choice
	pairs := func(verb, help string, ids []string, dests func(id string) []string) {
		var units []adjudicator.Choice
		for _, id := range ids {
			var ls []adjudicator.Choice
			for _, l := range dests(id) {
				ls = append(ls, leaf(l, r.placeName(l)))
			}
			if len(ls) > 0 {
				units = append(units, adjudicator.Choice{Word: id, Next: ls})
			}
		}
		out = appendIf(out, verb, help, units)
	}
	filter := func(cands []string, ok func(string) bool) []string {
		var o []string
		for _, c := range cands {
			if ok(c) {
				o = append(o, c)
			}
		}
		return o
	}
	setKeys := func(m map[string]bool) []string {
		ks := make([]string, 0, len(m))
		for k := range m {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		return ks
	}
	switch s.Step {
	case StepDrop:
		var pool []string
		for _, id := range r.frenchIDs {
			if s.French[id].Loc == LocPool {
				pool = append(pool, id)
			}
		}
		pairs("drop", "paratroops onto a French PA of the CRC or Isabelle (4.1)", pool, func(id string) []string {
			return filter(d.PAOrder, func(pa string) bool { return r.canDrop(s, id, pa) == nil })
		})
		out = append(out, done)
	case StepMove:
		memo := map[string][]string{}
		pairs("move", "operational movement (4.2)", r.unitIDs(s, side), func(id string) []string {
			if s.Moved[id] {
				return nil
			}
			loc := r.unitAt(s, side, id)
			if !d.onMap(loc) {
				return nil
			}
			if m, ok := memo[loc]; ok {
				return m
			}
			var reach map[string]bool
			if side == VM {
				reach = r.vmOpReach(s, loc)
			} else {
				reach = r.frenchOpReach(s, loc)
			}
			memo[loc] = setKeys(reach)
			return memo[loc]
		})
		out = append(out, done)
	case StepDecide:
		if side == VM {
			if s.vmMayAssault() {
				out = append(out, leaf("assault", "launch an assault: up to three impulses (5)"))
			}
		} else {
			var zs []adjudicator.Choice
			for _, z := range d.ZoneOrder {
				if r.canRecon(s, z) == nil {
					c := leaf(z, d.locName(z))
					c.Next = []adjudicator.Choice{leaf("replacement", "on 5-6 pay a replacement point"), leaf("step", "on 5-6 pay a step next to the zone")}
					zs = append(zs, c)
				}
			}
			out = appendIf(out, "recon", "reconnaissance: 1d6 (6.1)", zs)
			out = append(out, leaf("operate", "launch an operation: up to three impulses (6)"))
		}
		out = append(out, leaf("pass", "no attack this round"))
	case StepEngage:
		var bns []adjudicator.Choice
		for _, id := range r.unitIDs(s, VM) {
			u := s.VM[id]
			if !u.Dummy && d.onMap(u.Loc) && !u.Engaged {
				bns = append(bns, leaf(id, d.locName(u.Loc)))
			}
		}
		out = appendIf(out, "engage", "flip battalions to take part (5.1)", bns)
		out = append(out, done)
	case StepBombard:
		var ts, air []adjudicator.Choice
		for _, t := range r.bombardTargets(s, side) {
			if r.canArtillery(s, side, t, "art") == nil {
				ts = append(ts, leaf(t, r.placeName(t)))
			}
			if side == French && s.AirPoints > 0 && r.canArtillery(s, side, t, "air") == nil {
				var ns []adjudicator.Choice
				for n := 1; n <= s.AirPoints; n++ {
					ns = append(ns, leaf(fmt.Sprint(n), "air points"))
				}
				air = append(air, adjudicator.Choice{Word: t, Next: ns})
			}
		}
		out = appendIf(out, "fire", "artillery at strength 12, one munitions level", ts)
		out = appendIf(out, "air", "air points alone: strength 3, +2 columns per extra point (6.2.2)", air)
		out = r.appendEngage(s, side, out)
		out = append(out, done)
	case StepAdvance:
		pairs("move", "one PA or assault base (5.3) / one PA or zone (6.2.3)", r.unitIDs(s, side), func(id string) []string {
			return r.assaultDests(s, side, id)
		})
		out = r.appendEngage(s, side, out)
		out = append(out, done)
	case StepDefFire:
		var froms []adjudicator.Choice
		srcs := d.PAOrder
		if side == VM {
			srcs = append(append([]string(nil), d.ZoneOrder...), d.PAOrder...)
		}
		for _, from := range srcs {
			var ts []adjudicator.Choice
			for _, t := range r.defFireTargets(s, side, from) {
				if r.canDefFire(s, side, from, t, 0) == nil {
					c := leaf(t, r.placeName(t))
					if side == French {
						for n := 1; n <= s.AirPoints; n++ {
							c.Next = append(c.Next, leaf(fmt.Sprint(n), "air points: +2 columns each"))
						}
					}
					ts = append(ts, c)
				}
			}
			if len(ts) > 0 {
				froms = append(froms, adjudicator.Choice{Word: from, Next: ts})
			}
		}
		out = appendIf(out, "fire", "infantry fire from a place at a target", froms)
		var arts []adjudicator.Choice
		for _, t := range r.defArtilleryTargets(s, side) {
			if r.canDefArtillery(s, side, t) == nil {
				arts = append(arts, leaf(t, r.placeName(t)))
			}
		}
		out = appendIf(out, "artillery", "artillery at strength 12", arts)
		out = append(out, done)
	case StepCombat:
		var pas []adjudicator.Choice
		for _, pa := range d.PAOrder {
			if r.canAttack(s, side, pa, nil, 0) == nil {
				c := leaf(pa, d.locName(pa))
				// Declared with the attack, no hand-off: the unit for the
				// morale difference (H49) and units that hold (H48).
				att := r.attackers(s, side, pa)
				if side == French {
					att = r.declaredAttackers(s, pa)
				}
				var lead, hold []adjudicator.Choice
				for _, id := range r.stepTakers(side, att) {
					lead = append(lead, leaf(id, "compares its morale and takes the first step loss"))
				}
				for _, id := range att {
					hold = append(hold, leaf(id, "does not advance after combat"))
				}
				if len(lead) > 1 {
					c.Next = append(c.Next, adjudicator.Choice{Word: "lead", Help: "the unit for the morale difference", Next: lead})
				}
				c.Next = append(c.Next, adjudicator.Choice{Word: "hold", Help: "an attacker that stays if the PA is taken", Next: hold})
				pas = append(pas, c)
			}
		}
		out = appendIf(out, "attack", "hand-to-hand against a PA, with every eligible unit", pas)
		if side == French {
			var zs []adjudicator.Choice
			for _, z := range r.contestedZones(s) {
				if r.canZoneFire(s, z, 0) == nil {
					zs = append(zs, leaf(z, d.locName(z)))
				}
			}
			out = appendIf(out, "fire", "fire combat in a peripheral zone (6.2.5)", zs)
		}
		out = append(out, done)
	case StepDefMove:
		pairs("move", "defensive movement, one step", r.unitIDs(s, side), func(id string) []string {
			var cands []string
			if side == French {
				cands = d.PALinks[s.French[id].Loc]
			} else {
				if !d.onMap(s.VM[id].Loc) {
					return nil
				}
				cands = r.vmDefNeighbours(s, s.VM[id].Loc)
			}
			return filter(cands, func(l string) bool { return r.canDefMove(s, side, id, l) == nil })
		})
		out = append(out, done)
	case StepBreakOff:
		var zs []adjudicator.Choice
		for _, z := range r.contestedZones(s) {
			zs = append(zs, leaf(z, d.locName(z)))
		}
		out = appendIf(out, "breakoff", "withdraw from a zone to the nearest jungle zone, Fatigued", zs)
		out = append(out, done)
	case StepNext:
		if s.Impulse < 3 {
			out = append(out, leaf("continue", "the next impulse"))
		}
		out = append(out, leaf("end", "end the assault"))
	case StepConsolidate, StepWithdraw:
		out = r.consolidateChoices(s, side)
	}
	if s.Step == StepMove || s.Step == StepDecide {
		help := "offer to end the week's rounds (4: fewer rounds when both agree)"
		if s.EndOffer == other(side) {
			help = "agree to end the week's rounds now"
		}
		if s.EndOffer != side {
			out = append(out, leaf("end-week", help))
		}
	}
	return out
}

// assaultDests: where a unit may move in the attacker's movement step (the
// checks of canAssaultMove, computed once).
func (r *Rules) assaultDests(s *State, side, id string) []string {
	if s.Moved[id] {
		return nil
	}
	var cands map[string]bool
	if side == VM {
		if !s.VM[id].Engaged {
			return nil
		}
		cands = r.vmStepDests(s, id)
	} else {
		cands = r.frenchStepDests(s, id)
	}
	out := make([]string, 0, len(cands))
	for l := range cands {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// hasOrders: whether the awaited side has any order but done at this
// step; it stops at the first found (the auto-skip check of flow).
func (r *Rules) hasOrders(s *State, side string) bool {
	switch s.Step {
	case StepConsolidate, StepWithdraw:
		return r.consolidateHasOrders(s, side)
	case StepBombard:
		for _, t := range r.bombardTargets(s, side) {
			if r.canArtillery(s, side, t, "art") == nil || side == French && s.AirPoints > 0 && r.canArtillery(s, side, t, "air") == nil {
				return true
			}
		}
		return r.mayEngage(s, side)
	case StepCombat:
		for _, pa := range r.d.PAOrder {
			if r.canAttack(s, side, pa, nil, 0) == nil {
				return true
			}
		}
		if side == French {
			for _, z := range r.contestedZones(s) {
				if r.canZoneFire(s, z, 0) == nil {
					return true
				}
			}
		}
		return false
	case StepDefFire:
		if side == French {
			for _, from := range r.d.PAOrder {
				for _, t := range r.defFireTargets(s, side, from) {
					if r.canDefFire(s, side, from, t, 0) == nil {
						return true
					}
				}
			}
			for _, t := range r.defArtilleryTargets(s, side) {
				if r.canDefArtillery(s, side, t) == nil {
					return true
				}
			}
			return false
		}
	case StepMove:
		if side == French {
			for _, id := range r.frenchIDs {
				if u := s.French[id]; !s.Moved[id] && r.d.isPA(u.Loc) && len(r.frenchOpReach(s, u.Loc)) > 0 {
					return true
				}
			}
			return false
		}
	case StepAdvance:
		for _, id := range r.unitIDs(s, side) {
			if len(r.assaultDests(s, side, id)) > 0 {
				return true
			}
		}
		return r.mayEngage(s, side)
	case StepDefMove:
		if side == French {
			for _, id := range r.frenchIDs {
				u := s.French[id]
				if u.Disorg || !r.d.isPA(u.Loc) || !r.frenchMayDefMove(s, u.Loc) {
					continue
				}
				for _, q := range r.d.PALinks[u.Loc] {
					if r.canDefMove(s, side, id, q) == nil {
						return true
					}
				}
			}
			return false
		}
	}
	tree := r.opLegal(s, side)
	return !(len(tree) == 1 && tree[0].Word == "done")
}
