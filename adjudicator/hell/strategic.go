package hell

import (
	"fmt"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// ---- Set-up (9) ----

// canPlace: 9, France sets up on its PAs; the VM in jungle zones, zones
// with trenches or captured PAs (the places 3.3 allows). Each unit is
// placed at most once (ruling H2: /undo corrects a placement).
func (r *Rules) canPlace(s *State, side, id, loc string) error {
	if s.Moved[id] {
		return fail("%s was already placed in this set-up; /undo to change it", id)
	}
	if side == French {
		u := s.French[id]
		if u == nil || !r.d.onMap(u.Loc) {
			return fail("%s is not in the set-up of this scenario", id)
		}
		if !r.d.isPA(loc) || s.Captured[loc] {
			return fail("French units set up on French PAs; %s is not one", r.d.locName(loc))
		}
		if u.Loc == loc {
			return fail("%s is already at %s", id, r.d.locName(loc))
		}
		return nil
	}
	u := s.VM[id]
	if u == nil || !r.d.onMap(u.Loc) {
		return fail("%s is not in the set-up of this scenario", id)
	}
	if !s.vmDestination(r.d, loc) {
		return fail("the VM sets up in jungle zones, peripheral zones with trenches or captured PAs; %s is none of these", r.d.locName(loc))
	}
	if u.Loc == loc {
		return fail("%s is already at %s", id, r.d.locName(loc))
	}
	return nil
}

func (r *Rules) setupOrder(s *State, side, verb string, args []string, ev *events) error {
	switch verb {
	case "place":
		id, loc, err := r.unitAndPlace(s, side, args, "place <unit> <location>", r.canPlace)
		if err != nil {
			return err
		}
		r.relocate(s, side, id, loc, ev, "France sets up %s at %s.", "The Viet Minh sets up a hidden unit: %s → %s.")
		return nil
	case "done":
		if err := want(args, 0, "done"); err != nil {
			return err
		}
		s.Moved = nil
		if side == French {
			s.Phase = PhaseSetupVM
			ev.pub("France has set up. The Viet Minh sets up, hidden.")
			return nil
		}
		ev.pub("The Viet Minh has set up.")
		r.startTurn(s, ev, true)
		return nil
	}
	return unknownVerb(verb, "the set-up", "place <unit> <location>, done")
}

// unitAndPlace parses "<unit> <place>" for a side (a zone, PA or assault
// base) and runs the phase's check on it.
func (r *Rules) unitAndPlace(s *State, side string, args []string, usage string, check func(*State, string, string, string) error) (string, string, error) {
	if err := want(args, 2, usage); err != nil {
		return "", "", err
	}
	id, err := r.sideUnit(s, side, args[0])
	if err != nil {
		return "", "", err
	}
	loc, err := r.place(args[1])
	if err != nil {
		return "", "", err
	}
	return id, loc, check(s, side, id, loc)
}

// relocate moves a unit once this phase and reports it: French moves in
// full to everyone (frText: unit, destination); a VM move in full to the
// VM and as a hidden counter to everyone (vmPublic: from, to).
func (r *Rules) relocate(s *State, side, id, loc string, ev *events, frText, vmPublic string) {
	if s.Moved == nil {
		s.Moved = map[string]bool{}
	}
	s.Moved[id] = true
	if side == French {
		from := s.French[id].Loc
		s.French[id].Loc = loc
		ev.pub(frText, id, r.d.locName(loc))
		ev.moved(id, from, loc)
		return
	}
	from := s.VM[id].Loc
	s.VM[id].Loc = loc
	ev.to(VM, "%s: %s → %s.", id, r.d.locName(from), r.d.locName(loc))
	ev.pub(vmPublic, r.d.locName(from), r.d.locName(loc))
	ev.moved(id, from, loc)
}

// ---- 3.1 the VM's strategic actions ----

// startTurn: 3.1, munitions resupply, returns from the Game Turn track,
// reinforcements in Jungle Zone 2.
func (r *Rules) startTurn(s *State, ev *events, first bool) {
	d := r.d
	s.Phase = PhaseVMReorg
	s.Acting = ""
	s.Moved = nil
	s.SiegeFire = 0
	s.AirPoints = 0
	s.Entrench = d.Tables.Entrenchment.Points
	s.IsabelleLinked = s.isabelleLinked(d)
	w := d.Week(s.Turn)
	ev.pub("=== %s begins. ===", r.turnName(s))
	got := w.VMMunition
	before := s.VMMunitions
	s.VMMunitions = min(s.VMMunitions+got, d.Tables.Munitions.VMMax)
	s.TradePoints = got
	ev.pub("3.1: the Viet Minh receives %d munitions level(s): %d → %d (maximum %d).", got, before, s.VMMunitions, d.Tables.Munitions.VMMax)
	jz := d.Map.ReinforcementJungle
	returning := 0
	for _, id := range r.unitIDs(s, VM) {
		u := s.VM[id]
		if u.Loc != LocTrack {
			continue
		}
		if u.Recover && !first {
			// 3.1: one step back for each turn inactive.
			if u.Losses > 0 {
				u.Losses--
			}
		}
		if u.Return > s.Turn {
			continue
		}
		if u.Recover && u.Losses >= 2 {
			// Ruling H4: a battalion still at -2 must stay on the track.
			u.Return = s.Turn + 1
			ev.to(VM, "%s is still at -2 and stays on the Game Turn track (3.1).", id)
			continue
		}
		if !u.Recover {
			// 3.1: routed units come back at the start of the phase, rested.
			u.Loc, u.Return, u.Fatigued, u.Disorg = jz, 0, false, false
			returning++
		}
	}
	if returning > 0 {
		ev.pub("3.1: %d VM unit(s) return from the Game Turn track to %s.", returning, d.locName(jz))
	}
	arrived := 0
	for _, a := range d.Forces.VMArrival {
		if a.Turn != s.Turn || first && s.Turn == s.FirstTurn && a.Turn <= s.FirstTurn {
			continue
		}
		for _, id := range a.Units {
			if s.VM[id].Loc == LocLater {
				s.VM[id].Loc = jz
				arrived++
			}
		}
	}
	if s.Turn == d.Forces.DummiesTurn && s.Turn > s.FirstTurn {
		for i := d.Forces.Dummies + 1; i <= d.Forces.Dummies+d.Forces.ExtraDummies; i++ {
			if _, ok := s.VM[DummyID(i)]; !ok {
				s.VM[DummyID(i)] = &VUnit{Loc: jz, Dummy: true}
				arrived++
			}
		}
	}
	if arrived > 0 {
		ev.pub("3.1: %d VM reinforcement unit(s) arrive, hidden, in %s.", arrived, d.locName(jz))
		ev.mark("", "move", "", jz)
	}
	if due := r.dueOnTrack(s); len(due) > 0 {
		ev.to(VM, "Reconstituting battalions due back this turn: %s (`extend <bn>` keeps one on the track).", strings.Join(due, ", "))
	}
	// A battalion with its -2 marker must be reconstituted before `done`.
	if must := r.mustReconstitute(s); len(must) > 0 {
		ev.to(VM, "3.1: you must reconstitute %s (two steps lost).", strings.Join(must, ", "))
	}
}

// dueOnTrack lists reconstituting battalions that return this turn.
func (r *Rules) dueOnTrack(s *State) []string {
	var out []string
	for _, id := range r.unitIDs(s, VM) {
		u := s.VM[id]
		if u.Loc == LocTrack && u.Recover && u.Return <= s.Turn {
			out = append(out, id)
		}
	}
	return out
}

// mustReconstitute: 3.1, battalions on the map with two steps lost.
func (r *Rules) mustReconstitute(s *State) []string {
	var out []string
	for _, id := range r.unitIDs(s, VM) {
		u := s.VM[id]
		if !u.Dummy && r.d.onMap(u.Loc) && u.Losses >= 2 {
			out = append(out, id)
		}
	}
	return out
}

// canTrade: 3.1, a barrage point received this turn buys two steps for one
// battalion or one step for each of two.
func (r *Rules) canTrade(s *State, ids []string) error {
	if s.TradePoints < 1 {
		return fail("no barrage points received this turn are left to trade (3.1)")
	}
	if s.VMMunitions < 1 {
		return fail("your munitions level is 0: there is no barrage point to trade (3.1)")
	}
	if len(ids) == 2 && ids[0] == ids[1] {
		return fail("name two different battalions, or one battalion for two steps")
	}
	for _, id := range ids {
		u := s.VM[id]
		switch {
		case u.Dummy:
			return fail("%s is a dummy: it has no steps", id)
		case u.Loc == LocLater:
			return fail("%s has not arrived yet", id)
		case u.Losses == 0:
			return fail("%s has lost no step", id)
		}
	}
	return nil
}

func (r *Rules) reorgOrder(s *State, verb string, args []string, ev *events) error {
	jz := r.d.Map.ReinforcementJungle
	switch verb {
	case "trade":
		if len(args) < 1 || len(args) > 2 {
			return fail("usage: trade <battalion> (two steps) or trade <battalion> <battalion> (one step each)")
		}
		var ids []string
		for _, a := range args {
			id, _, err := r.vmUnit(s, a)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		if err := r.canTrade(s, ids); err != nil {
			return err
		}
		s.TradePoints--
		s.VMMunitions--
		per := 2
		if len(ids) == 2 {
			per = 1
		}
		for _, id := range ids {
			u := s.VM[id]
			u.Losses = max(0, u.Losses-per)
			if u.Loc == LocOut {
				// 3.1: a battalion off the map comes back in Jungle Zone 2.
				u.Loc = jz
				ev.pub("3.1: a hidden VM unit appears in %s.", r.d.locName(jz))
				ev.mark("", "move", "", jz)
			}
			ev.to(VM, "3.1: %s recovers %d step(s); it is now at -%d.", id, per, u.Losses)
		}
		ev.pub("3.1: the Viet Minh trades a barrage point for infantry steps (munitions %d).", s.VMMunitions)
		return nil
	case "reconstitute":
		if err := want(args, 1, "reconstitute <battalion> | reconstitute required"); err != nil {
			return err
		}
		if strings.EqualFold(args[0], "required") {
			// Ruling H55: every battalion 3.1 requires, named to the VM
			// only (a deadline's default names no hidden unit, and is
			// the same whether or not one is at -2).
			must := r.mustReconstitute(s)
			if len(must) == 0 {
				// Taken, doing nothing: whether any battalion is at -2 is
				// the VM's secret, and the default may not tell it.
				ev.to(VM, "3.1: no battalion has lost two steps: none must reconstitute.")
				return nil
			}
			for _, id := range must {
				if err := r.reconstitute(s, id, ev); err != nil {
					return err
				}
			}
			return nil
		}
		id, _, err := r.vmUnit(s, args[0])
		if err != nil {
			return err
		}
		return r.reconstitute(s, id, ev)
	case "extend":
		if err := want(args, 1, "extend <battalion>"); err != nil {
			return err
		}
		id, u, err := r.vmUnit(s, args[0])
		if err != nil {
			return err
		}
		if u.Loc != LocTrack || !u.Recover || u.Return > s.Turn {
			return fail("%s is not a reconstituting battalion due back this turn", id)
		}
		u.Return = s.Turn + 1
		ev.to(VM, "3.1: %s stays on the Game Turn track one more turn.", id)
		ev.pub("3.1: the Viet Minh extends a reconstitution.")
		return nil
	case "done":
		if err := want(args, 0, "done"); err != nil {
			return err
		}
		if must := r.mustReconstitute(s); len(must) > 0 {
			return fail("3.1: battalions that have lost two steps must be reconstituted first: %s (`reconstitute <bn>`, or `trade` steps back)", strings.Join(must, ", "))
		}
		n := 0
		for _, id := range r.dueOnTrack(s) {
			u := s.VM[id]
			u.Loc, u.Return, u.Recover, u.Fatigued, u.Disorg = jz, 0, false, false, false
			n++
		}
		if n > 0 {
			ev.pub("3.1: %d reconstituted VM unit(s) return to %s.", n, r.d.locName(jz))
			ev.mark("", "move", LocTrack, jz)
		}
		s.TradePoints = 0
		s.Phase = PhaseVMEntrench
		ev.pub("The Viet Minh digs trenches (%d entrenchment points).", s.Entrench)
		return nil
	}
	return unknownVerb(verb, "the VM resupply and reconstitution phase", "trade <bn> [<bn>], reconstitute <bn>, extend <bn>, done")
}

// canReconstitute: 3.1, a reduced battalion on the map may leave for the
// Game Turn track.
func (r *Rules) canReconstitute(s *State, id string) error {
	u := s.VM[id]
	switch {
	case u.Dummy:
		return fail("%s is a dummy: dummies do not reconstitute", id)
	case u.destroyed():
		return nil // 0.1: "It may, however, be reconstituted" (ruling H46)
	case !r.d.onMap(u.Loc):
		return fail("%s is not on the map", id)
	case u.Losses == 0:
		return fail("%s has lost no step: only reduced battalions reconstitute (3.1)", id)
	}
	return nil
}

func (r *Rules) reportUpkeep(dropped []string, ev *events) {
	for _, loc := range dropped {
		ev.pub("3.1: the level-3 trench at %s is no longer covered by a VM unit and drops to level 2.", r.d.locName(loc))
		ev.mark("", "dig", "", loc)
	}
}

// digCost: 3.1, one point a level, two in marsh.
func (r *Rules) digCost(loc string) int {
	if z, ok := r.d.Zones[loc]; ok && z.Terrain == "marsh" {
		return 2
	}
	return 1
}

// canDig: 3.1 entrenchment.
func (r *Rules) canDig(s *State, loc string, levels int) error {
	d := r.d
	if p, ok := d.PAs[loc]; ok {
		if !p.Encirclable {
			return fail("no trench may be dug on %s: only PAs subject to encirclement (west of the Nam Youm) take trenches (3.1)", d.locName(loc))
		}
		if s.Captured[loc] {
			return fail("%s is yours: trenches are dug around enemy PAs (3.1)", d.locName(loc))
		}
		if !s.vmLinkedPA(d, loc, false) {
			return fail("to dig around %s you must control a PA of the same zone joined to it by a line (3.1; for a one-PA CR, a PA of any zone: ruling H50)", d.locName(loc))
		}
		if !s.paChained(d, loc) {
			return fail("no chain of trenches joins %s to a jungle zone (3.1)", d.locName(loc))
		}
	} else {
		switch d.zoneKind(loc) {
		case ZoneJungle:
			return fail("no trench may be dug in a jungle zone (3.1)")
		case ZoneCR:
			return fail("%s is a CR zone: trenches go in peripheral zones or around encirclable PAs (3.1)", d.locName(loc))
		}
		if !s.chained(d, loc, loc) {
			return fail("a trench in %s must be joined to a jungle zone by a chain of trenched zones (3.1); none of its neighbours %s carries one", d.locName(loc), strings.Join(r.trenchNeighbours(s, loc), ", "))
		}
	}
	lvl := s.Trench[loc]
	if lvl+levels > 3 {
		return fail("%s has a level-%d trench: at most %d more level(s) (3 is the highest)", d.locName(loc), lvl, 3-lvl)
	}
	cost := r.digCost(loc) * levels
	if cost > s.Entrench {
		return fail("%d level(s) at %s cost %d entrenchment points; %d left (marsh counts double, 3.1)", levels, d.locName(loc), cost, s.Entrench)
	}
	if lvl+levels == 3 {
		covered := true
		if d.isPA(loc) {
			covered = s.vmLinkedPA(d, loc, true)
		} else if s.adjacentToEnemy(d, loc) {
			covered = s.vmCovers(d, loc)
		}
		if !covered {
			return fail("a level-3 trench at %s needs a VM unit to hold it (3.1); it would drop to level 2 at once", d.locName(loc))
		}
	}
	return nil
}

func (r *Rules) trenchNeighbours(s *State, loc string) []string {
	return append([]string(nil), r.d.ZoneAdj[loc]...)
}

func (r *Rules) entrenchOrder(s *State, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	switch verb {
	case "dig":
		if len(args) < 1 || len(args) > 2 {
			return fail("usage: dig <zone|PA> [levels]")
		}
		loc, err := r.location(args[0])
		if err != nil {
			return err
		}
		levels := 1
		if len(args) == 2 {
			if levels, err = count(args[1], 1, 3, "levels"); err != nil {
				return err
			}
		}
		if err := r.canDig(s, loc, levels); err != nil {
			return err
		}
		s.Entrench -= r.digCost(loc) * levels
		s.Trench[loc] += levels
		ev.pub("3.1: the Viet Minh digs at %s: trench level %d (%d entrenchment points left).", r.d.locName(loc), s.Trench[loc], s.Entrench)
		ev.mark("", "dig", "", loc)
		return nil
	case "done":
		if err := want(args, 0, "done"); err != nil {
			return err
		}
		r.enterFrenchSupply(s, dice, ev)
		return nil
	}
	return unknownVerb(verb, "the VM entrenchment phase", "dig <zone|PA> [levels], done")
}

// ---- 3.2 the French strategic actions ----

// enterFrenchSupply: 3.2, the Air Transport Points roll, paratroop
// arrivals, replacement points and the airpower roll.
func (r *Rules) enterFrenchSupply(s *State, dice adjudicator.Dice, ev *events) {
	d := r.d
	s.Phase = PhaseFrenchSupply
	reportUpkeep := s.upkeep(d)
	r.reportUpkeep(reportUpkeep, ev)
	w := d.Week(s.Turn)
	lost := s.airTransportLost(d)
	lines := d.Tables.AirTransport.Lines
	line := 0
	for i, l := range lines {
		if lost >= l.Lost {
			line = i
		}
	}
	mods := []string{fmt.Sprintf("%d air-transport CR/PA(s) lost: line %d", lost, line)}
	if s.IsabelleLinked {
		line--
		mods = append(mods, "CRC-Isabelle road open: one line better")
	}
	if w.Rain {
		line += d.Tables.AirTransport.RainLines
		mods = append(mods, "rainy season: one line worse")
	}
	line = max(0, min(line, len(lines)-1))
	s.ATPLine = line
	roll := dice.Roll(6)
	got := lines[line].Munitions[roll-1]
	captured := lines[line].Captured[roll-1]
	before := s.FrenchMunitions
	s.FrenchMunitions = min(s.FrenchMunitions+got, d.Tables.Munitions.FrenchMax)
	ev.pub("3.2: Air Transport Points roll %d on line %d (%s): France receives %d munitions level(s): %d → %d (maximum %d).",
		roll, line, strings.Join(mods, "; "), got, before, s.FrenchMunitions, d.Tables.Munitions.FrenchMax)
	if captured > 0 {
		vb := s.VMMunitions
		s.VMMunitions = min(s.VMMunitions+captured, d.Tables.Munitions.VMMax)
		ev.pub("3.2: the drop zone is too small: %d level(s) fall into VM hands (VM munitions %d → %d).", captured, vb, s.VMMunitions)
	}
	var paras []string
	for _, a := range d.Forces.FrenchArrival {
		if a.Turn > s.Turn {
			continue
		}
		for _, id := range a.Units {
			if s.French[id].Loc == LocLater {
				s.French[id].Loc = LocPool
				paras = append(paras, id)
			}
		}
	}
	if len(paras) > 0 {
		ev.pub("3.2: paratroop reinforcements received, to be dropped during operational rounds: %s.", strings.Join(paras, ", "))
	}
	if s.Turn > s.FirstTurn {
		s.Replacements += d.Tables.Replacements.PerTurn
		ev.pub("3.2: %d replacement points are parachuted in (now %d).", d.Tables.Replacements.PerTurn, s.Replacements)
	}
	ar := dice.Roll(6)
	pts := d.Tables.Airpower.Points[ar-1]
	note := ""
	if w.Rain {
		pts = max(0, pts-d.Tables.Airpower.RainPenalty)
		note = fmt.Sprintf(" (rain: -%d)", d.Tables.Airpower.RainPenalty)
	}
	s.AirPoints = pts
	ev.pub("3.2: airpower roll %d: %d air point(s) for the week%s.", ar, pts, note)
}

// canReplace: 3.2, one replacement point replaces one step of a unit in
// the CRC.
func (r *Rules) canReplace(s *State, id string) error {
	u := s.French[id]
	switch {
	case s.Replacements < 1:
		return fail("no replacement points left")
	case !r.d.inCRC(u.Loc):
		return fail("%s is at %s: replacements go to units in the CRC (3.2)", id, r.d.locName(u.Loc))
	case u.Steps >= r.maxSteps(id):
		return fail("%s is at full strength", id)
	}
	return nil
}

// canRebuild: 3.2, a replacement point rebuilds a destroyed unit on a
// non-encircled French PA of the CRC, at one step (ruling H9).
func (r *Rules) canRebuild(s *State, id, pa string) error {
	u := s.French[id]
	switch {
	case s.Replacements < 1:
		return fail("no replacement points left")
	case u.Loc != LocOut:
		return fail("%s is not destroyed", id)
	case !r.d.inCRC(pa) || s.Captured[pa]:
		return fail("a rebuilt unit is placed on a French PA of the CRC; %s is not one (3.2)", r.d.locName(pa))
	case s.encircled(r.d, pa):
		return fail("%s is encircled: rebuilt units go to a non-encircled PA (3.2)", r.d.locName(pa))
	}
	return nil
}

// canMerge: 3.2, two half-strength companies of one battalion become one
// full company; the second leaves the game.
func (r *Rules) canMerge(s *State, a, b string) error {
	ua, ub := s.French[a], s.French[b]
	da, db := r.d.French[a], r.d.French[b]
	switch {
	case a == b:
		return fail("name two different companies")
	case da.Steps != 2 || db.Steps != 2:
		return fail("only two-step companies merge (3.2)")
	case da.Kind == KindTank || db.Kind == KindTank:
		return fail("tank sections do not merge")
	case da.Battalion != db.Battalion:
		return fail("%s (%s) and %s (%s) are of different battalions (3.2)", a, da.Battalion, b, db.Battalion)
	case ua.Steps != 1 || ub.Steps != 1:
		return fail("both companies must be at half strength (3.2)")
	case !r.d.onMap(ua.Loc) || !r.d.onMap(ub.Loc):
		return fail("both companies must be on the map")
	case ua.Loc != ub.Loc && !(r.d.inCRC(ua.Loc) && r.d.inCRC(ub.Loc)):
		return fail("the companies must share a PA, or both be in the CRC (ruling H10)")
	}
	return nil
}

func (r *Rules) supplyOrder(s *State, verb string, args []string, ev *events) error {
	switch verb {
	case "strike":
		if err := want(args, 0, "strike"); err != nil {
			return err
		}
		if err := r.canStrike(s); err != nil {
			return err
		}
		s.AirPoints -= 2
		s.VMMunitions--
		ev.pub("3.2: two air points strike the VM artillery and supply: VM munitions %d; %d air point(s) left.", s.VMMunitions, s.AirPoints)
		return nil
	case "replace":
		if err := want(args, 1, "replace <unit>"); err != nil {
			return err
		}
		id, u, err := r.frenchUnit(s, args[0])
		if err != nil {
			return err
		}
		if err := r.canReplace(s, id); err != nil {
			return err
		}
		s.Replacements--
		u.Steps++
		ev.pub("3.2: %s receives a replacement step at %s (%d replacement points left).", id, r.d.locName(u.Loc), s.Replacements)
		return nil
	case "rebuild":
		if err := want(args, 2, "rebuild <unit> <PA>"); err != nil {
			return err
		}
		id, u, err := r.frenchUnit(s, args[0])
		if err != nil {
			return err
		}
		pa, err := r.location(args[1])
		if err != nil {
			return err
		}
		if err := r.canRebuild(s, id, pa); err != nil {
			return err
		}
		s.Replacements--
		u.Loc, u.Steps, u.Fatigued, u.Disorg = pa, 1, false, false
		ev.pub("3.2: %s is rebuilt at %s with one step (%d replacement points left).", id, r.d.locName(pa), s.Replacements)
		ev.mark("", "move", "", pa)
		return nil
	case "merge":
		if err := want(args, 2, "merge <company> <company>"); err != nil {
			return err
		}
		a, ua, err := r.frenchUnit(s, args[0])
		if err != nil {
			return err
		}
		b, ub, err := r.frenchUnit(s, args[1])
		if err != nil {
			return err
		}
		if err := r.canMerge(s, a, b); err != nil {
			return err
		}
		ua.Steps = 2
		ub.Loc, ub.Steps = LocRemoved, 0
		ev.pub("3.2: %s and %s merge: %s is at full strength at %s; %s leaves the game.", a, b, a, r.d.locName(ua.Loc), b)
		return nil
	case "done":
		if err := want(args, 0, "done"); err != nil {
			return err
		}
		s.Phase = PhaseVMDecide
		ev.pub("The Viet Minh decides whether to launch assaults this week.")
		return nil
	}
	return unknownVerb(verb, "the French supply phase", "strike, replace <unit>, rebuild <unit> <PA>, merge <unit> <unit>, done")
}

// canStrike: 3.2, two air points destroy one VM barrage point.
func (r *Rules) canStrike(s *State) error {
	if s.AirPoints < 2 {
		return fail("a strike on the VM artillery takes two air points; %d left (3.2)", s.AirPoints)
	}
	if s.VMMunitions < 1 {
		return fail("the VM munitions level is already 0")
	}
	return nil
}

// ---- 2: decisions ----

func (r *Rules) decideOrder(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	act := "assault"
	if side == French {
		act = "operate"
	}
	if err := want(args, 0, verb); err != nil {
		return err
	}
	switch verb {
	case act:
		s.Acting = side
		if side == VM {
			ev.pub("2: the Viet Minh launches assaults this week: up to four operational rounds (4).")
		} else {
			ev.pub("2: France launches operations this week: up to four operational rounds (4).")
		}
		r.startOperations(s, dice, ev)
		return nil
	case "pass":
		if side == VM {
			s.Phase = PhaseFrDecide
			ev.pub("2: the Viet Minh does not assault this week. France decides whether to operate.")
			return nil
		}
		s.Phase = PhaseVMMove
		ev.pub("2: neither side acts this week: strategic movement (3.3).")
		return nil
	}
	return unknownVerb(verb, "the decision phase", act+", pass")
}

// ---- 3.3 strategic movement ----

// canMoveStrategic: 3.3.
func (r *Rules) canMoveStrategic(s *State, side, id, loc string) error {
	d := r.d
	if s.Moved[id] {
		return fail("%s has already moved this phase", id)
	}
	if side == VM {
		u := s.VM[id]
		if !d.onMap(u.Loc) {
			return fail("%s is not on the map (%s)", id, d.locName(u.Loc))
		}
		if u.Loc == loc {
			return fail("%s is already at %s", id, d.locName(loc))
		}
		if !s.vmDestination(d, loc) {
			return fail("in strategic movement the VM goes to jungle zones, zones with trenches or captured PAs; %s is none of these (3.3)", d.locName(loc))
		}
		return nil
	}
	u := s.French[id]
	if !d.isPA(u.Loc) {
		return fail("%s is not on a PA (%s)", id, d.locName(u.Loc))
	}
	if u.Loc == loc {
		return fail("%s is already at %s", id, d.locName(loc))
	}
	if !d.isPA(loc) {
		return fail("French units move from PA to PA; %s is not a PA (3.3: peripheral zones are closed)", d.locName(loc))
	}
	if s.Captured[loc] {
		return fail("%s is held by the enemy", d.locName(loc))
	}
	if s.encircled(d, loc) {
		return fail("%s is encircled: strategic movement may not enter it (3.3)", d.locName(loc))
	}
	if s.surrounded(d, u.Loc) {
		return fail("%s is in a PA connected only to enemy PAs and may not move (4.2.3)", id)
	}
	from, to := d.PAs[u.Loc], d.PAs[loc]
	if d.Zones[from.Zone].CRC {
		if !d.Zones[to.Zone].CRC {
			return fail("units in the CRC stay within the CRC; %s is outside it (3.3)", d.locName(loc))
		}
		return nil
	}
	if from.CR != to.CR {
		return fail("units in a peripheral CR redeploy only within it (%s); %s is not (3.3)", from.CR, d.locName(loc))
	}
	return nil
}

func (r *Rules) moveOrder(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	switch verb {
	case "move":
		id, loc, err := r.unitAndPlace(s, side, args, "move <unit> <location>", r.canMoveStrategic)
		if err != nil {
			return err
		}
		r.relocate(s, side, id, loc, ev, "3.3: %s moves to %s.", "3.3: a hidden VM unit moves %s → %s.")
		if side == VM {
			r.reportUpkeep(s.upkeep(r.d), ev)
		}
		return nil
	case "done":
		if err := want(args, 0, "done"); err != nil {
			return err
		}
		s.Moved = nil
		if side == VM {
			s.Phase = PhaseFrMove
			ev.pub("The Viet Minh has moved. France moves (3.3).")
			return nil
		}
		r.loneTanks(s, ev) // ruling H51
		r.endWeek(s, ev)
		return nil
	}
	return unknownVerb(verb, "strategic movement", "move <unit> <location>, done")
}

// ---- 7, 8: end of the week ----

// endWeek: 7 fatigue removal, then the siege fire of 8.
func (r *Rules) endWeek(s *State, ev *events) {
	for _, u := range s.French {
		u.Fatigued, u.Disorg = false, false
	}
	for _, u := range s.VM {
		u.Fatigued, u.Disorg = false, false
		if r.d.onMap(u.Loc) {
			u.Revealed = false
		}
	}
	s.Moved = nil
	ev.pub("7: all Fatigue markers are removed.")
	s.Phase = PhaseVMSiege
	if s.Acting == VM {
		// Ruling H47: siege fire belongs to a week of siege; after a week
		// of assault the VM has nothing to decide here.
		ev.pub("8: French attrition. No siege fire after a week of VM assault (2, 8).")
		r.attrition(s, ev)
		return
	}
	ev.pub("8: French attrition. The Viet Minh may spend barrage points on siege fire (%d available).", s.VMMunitions)
}

// canSiege: 8, each barrage point costs France a step or a replacement
// point in the CRC or Isabelle, as the VM chooses.
func (r *Rules) canSiege(s *State, n int, where string) error {
	if where != "crc" && where != "isabelle" {
		return fail("siege fire falls on the crc or on isabelle, not %q (8)", where)
	}
	if s.Acting == VM {
		return fail("siege fire is for a week of siege: the Viet Minh assaulted this week (2, 8; ruling H47)")
	}
	if n > s.VMMunitions {
		return fail("you have %d barrage point(s), not %d", s.VMMunitions, n)
	}
	return nil
}

func (r *Rules) siegeOrder(s *State, verb string, args []string, ev *events) error {
	switch verb {
	case "siege":
		if err := want(args, 2, "siege <points> crc|isabelle"); err != nil {
			return err
		}
		n, err := count(args[0], 1, 99, "points")
		if err != nil {
			return err
		}
		where := strings.ToLower(args[1])
		if err := r.canSiege(s, n, where); err != nil {
			return err
		}
		s.VMMunitions -= n
		s.SiegeFire += n
		for i := 0; i < n; i++ {
			s.Pending = append(s.Pending, Loss{Reason: "siege fire", Where: where})
		}
		ev.pub("8: the Viet Minh spends %d barrage point(s) on siege fire against %s (munitions %d).", n, strings.ToUpper(where[:1])+where[1:], s.VMMunitions)
		return nil
	case "done":
		if err := want(args, 0, "done"); err != nil {
			return err
		}
		r.attrition(s, ev)
		return nil
	}
	return unknownVerb(verb, "siege fire", "siege <points> crc|isabelle, done")
}

// attrition: 8, encircled PAs, strategic hills and Mount Baldy.
func (r *Rules) attrition(s *State, ev *events) {
	d := r.d
	for _, pa := range d.PAOrder {
		if s.encircled(d, pa) && !s.Captured[pa] && s.vmLinkedPA(d, pa, false) && s.anyFrenchAt(pa) {
			s.Pending = append(s.Pending, Loss{Reason: "encirclement of " + pa, Where: pa})
			ev.mark("", "loss", "", pa)
		}
	}
	for _, pa := range d.PAOrder {
		if d.PAs[pa].StrategicHill && s.Captured[pa] {
			s.Pending = append(s.Pending, Loss{Reason: "VM on the strategic hill " + pa, Where: "any"})
		}
	}
	for _, z := range d.ZoneOrder {
		if d.Zones[z].MountBaldy && s.Trench[z] >= 3 {
			s.Pending = append(s.Pending, Loss{Reason: "level-3 trench on Mount Baldy", Where: "any"})
		}
	}
	r.settleLosses(s, ev)
}

// lossOptions lists the units that may take a pending loss, and whether a
// replacement point may.
func (r *Rules) lossOptions(s *State, l Loss) (units []string, rp bool) {
	d := r.d
	for _, id := range r.frenchIDs {
		u := s.French[id]
		if u.Steps < 1 || !d.isPA(u.Loc) {
			continue
		}
		ok := false
		switch l.Where {
		case "crc":
			ok = d.inCRC(u.Loc)
		case "isabelle":
			ok = d.inIsabelle(u.Loc)
		case "any":
			ok = d.inCRC(u.Loc) || d.inIsabelle(u.Loc)
		default:
			ok = u.Loc == l.Where
		}
		if ok {
			units = append(units, id)
		}
	}
	rp = !d.isPA(l.Where) && s.Replacements > 0
	return units, rp
}

// settleLosses drops losses nobody can take and moves on when none is left.
func (r *Rules) settleLosses(s *State, ev *events) {
	for len(s.Pending) > 0 {
		units, rp := r.lossOptions(s, s.Pending[0])
		if len(units) > 0 || rp {
			s.Phase = PhaseFrAttrition
			if s.Standing[French].Attrition == "most" {
				// Issue 30, item 6: France's standing order takes the
				// loss as the deadline would (ruling H55).
				o := strings.Fields(r.defaultLoss(s))
				ev.to(French, "Your standing order (attrition most): %s.", strings.Join(o, " "))
				if err := r.attritionOrder(s, o[0], o[1:], nil, ev); err == nil {
					return
				}
			}
			ev.pub("8: France must allocate %d attrition loss(es).", len(s.Pending))
			return
		}
		ev.pub("8: %s: no French unit or replacement point can take it; ignored.", s.Pending[0].Reason)
		s.Pending = s.Pending[1:]
	}
	r.endTurn(s, ev)
}

func (r *Rules) defaultLoss(s *State) string {
	if len(s.Pending) == 0 {
		return ""
	}
	units, rp := r.lossOptions(s, s.Pending[0])
	if rp {
		return "lose replacement"
	}
	// Ruling H55: else the unit with the most steps (ties: the first).
	best, n := "", 0
	for _, id := range units {
		if m := s.French[id].Steps; best == "" || m > n {
			best, n = id, m
		}
	}
	if best == "" {
		return ""
	}
	return "lose " + best
}

func (r *Rules) attritionOrder(s *State, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	if verb != "lose" {
		return unknownVerb(verb, "French attrition", "lose <unit>, lose replacement")
	}
	if err := want(args, 1, "lose <unit> | lose replacement"); err != nil {
		return err
	}
	l := s.Pending[0]
	units, rp := r.lossOptions(s, l)
	if strings.EqualFold(args[0], "replacement") {
		if !rp {
			return fail("%s cannot be taken from replacement points here: %s", l.Reason, r.lossText(l))
		}
		s.Replacements--
		ev.pub("8: %s: France gives up a replacement point (%d left).", l.Reason, s.Replacements)
	} else {
		id, _, err := r.frenchUnit(s, args[0])
		if err != nil {
			return err
		}
		ok := false
		for _, u := range units {
			ok = ok || u == id
		}
		if !ok {
			return fail("%s cannot take this loss; %s (units that can: %s)", id, r.lossText(l), strings.Join(units, ", "))
		}
		r.frenchLoss(s, id, ev, "8: "+l.Reason)
	}
	s.Pending = s.Pending[1:]
	r.settleLosses(s, ev)
	return nil
}

// endTurn: 4, the week is over; the next turn or the end of the scenario.
func (r *Rules) endTurn(s *State, ev *events) {
	s.Pending = nil
	if s.Phase == PhaseOver {
		return
	}
	if s.Turn >= s.LastTurn {
		r.finalVictory(s, ev)
		return
	}
	s.Turn++
	r.startTurn(s, ev, false)
}

// ---- 1.5 and 9: victory ----

// checkVictory: 1.5 and 9, conditions that end the game at once.
func (r *Rules) checkVictory(s *State, ev *events) {
	if s.Phase == PhaseOver {
		return
	}
	if s.VMLosses >= 86 {
		r.over(s, French, fmt.Sprintf("1.5: the Viet Minh has lost %d steps: the siege fails", s.VMLosses), ev)
		return
	}
	if s.Scenario == "full-battle" && s.capturedCount() >= 33 {
		r.over(s, VM, fmt.Sprintf("9: %d of the 44 PAs are captured: the camp falls", s.capturedCount()), ev)
	}
}

// finalVictory: 9, the victory conditions at the end of the last turn.
func (r *Rules) finalVictory(s *State, ev *events) {
	switch s.Scenario {
	case "initial-assault":
		if n := s.capturedCount(); n >= 10 && s.VMLosses <= 20 {
			r.over(s, VM, fmt.Sprintf("9.1: the Viet Minh captured %d PAs with %d step losses", n, s.VMLosses), ev)
		} else {
			r.over(s, French, fmt.Sprintf("9.1: the Viet Minh captured %d PAs (10 needed) with %d step losses (20 at most)", n, s.VMLosses), ev)
		}
	case "five-hills":
		n := r.attritionPointsHeld(s)
		if n >= 6 && s.VMLosses <= 50 {
			r.over(s, VM, fmt.Sprintf("9.2: the Viet Minh holds %d attrition points with %d step losses", n, s.VMLosses), ev)
		} else {
			r.over(s, French, fmt.Sprintf("9.2: the Viet Minh holds %d attrition points (6 needed) with %d step losses (50 at most)", n, s.VMLosses), ev)
		}
	default:
		r.over(s, French, "9.3: the camp has not fallen at the end of the last turn: France reaches Geneva in an advantageous position", ev)
	}
}

// attritionPointsHeld: 9.2, captured attrition PAs, plus Mount Baldy when
// a level-3 VM trench stands there (ruling H11).
func (r *Rules) attritionPointsHeld(s *State) int {
	n := 0
	for _, pa := range r.d.PAOrder {
		if r.d.PAs[pa].AttritionPoint && s.Captured[pa] {
			n++
		}
	}
	for _, z := range r.d.ZoneOrder {
		if r.d.Zones[z].MountBaldy && s.Trench[z] >= 3 {
			n++
		}
	}
	return n
}

func (r *Rules) over(s *State, winner, reason string, ev *events) {
	s.Phase = PhaseOver
	s.Winner = winner
	s.Reason = reason
	s.Pending = nil
	ev.pub("Game over: %s wins. %s.", sideName(winner), reason)
}

// reconstitute: 3.1, a reduced or destroyed battalion goes to the Game
// Turn track.
func (r *Rules) reconstitute(s *State, id string, ev *events) error {
	u := s.VM[id]
	if err := r.canReconstitute(s, id); err != nil {
		return err
	}
	from := u.Loc
	wasDestroyed := u.destroyed()
	u.Loc, u.Return, u.Recover, u.Revealed = LocTrack, s.Turn+1, true, false
	if wasDestroyed {
		// Ruling H46: on the track at zero steps, a step back a turn.
		ev.to(VM, "3.1: destroyed battalion %s goes to the Game Turn track to reconstitute, a step back each turn; it is due on turn %d.", id, s.Turn+1)
		ev.pub("3.1: the Viet Minh sets a destroyed battalion to reconstitute.")
		return nil
	}
	dropped := s.upkeep(r.d)
	ev.to(VM, "3.1: %s leaves %s to reconstitute; it returns on turn %d with a step back.", id, r.d.locName(from), s.Turn+1)
	ev.pub("3.1: the Viet Minh withdraws a unit from %s to reconstitute.", r.d.locName(from))
	ev.mark("", "move", from, LocTrack)
	r.reportUpkeep(dropped, ev)
	return nil
}
