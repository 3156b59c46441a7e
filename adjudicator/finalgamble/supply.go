package finalgamble

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// ---- 5.1 Morale Check ----

// startMoraleCheck: the VM decides whether to demand a surrender (5.1-A).
func (r *Rules) startMoraleCheck(s *State, d adjudicator.Dice, ev *events) bool {
	s.Demanded = false
	return true
}

// surrenderNumber is the SN of 5.1-A.
func (r *Rules) surrenderNumber(s *State) int {
	return s.Tracks["strongpoints"] - s.Tracks["taken"]
}

// surrenderMods are 5.1-B's modifiers, with their reasons.
func (r *Rules) surrenderMods(s *State) (int, []string) {
	mod := 0
	var why []string
	for _, t := range []struct{ id, name string }{{"fuel", "Fuel"}, {"food", "Food"}, {"medicine", "Medicine"}, {"french_ammo", "Ammo"}} {
		if s.Tracks[t.id] <= 2 {
			mod++
			why = append(why, "+1 "+t.name+" at 2 or less")
		}
	}
	atDBP, near := false, false
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != "French" || r.forceOf(u.Formation) == "" {
			continue
		}
		if u.onMap() {
			atDBP = true
		}
		if u.Box == "Laos 2" || u.Box == "2z-304" {
			near = true
		}
	}
	switch {
	case atDBP:
		mod -= 2
		why = append(why, "-2 Condor or Standby Force at DBP/Isabelle")
	case near:
		mod--
		why = append(why, "-1 Condor or Standby Force in Laos 2 or 2z-304")
	}
	return mod, why
}

// finishMoraleCheck rolls the Surrender Roll if demanded (5.1-B), then
// the VM despair check on an MC turn (5.1-C); on the last turn a France
// that has not surrendered wins (5.1, 8.6-A; RULINGS F5).
func (r *Rules) finishMoraleCheck(s *State, d adjudicator.Dice, ev *events) {
	if s.Demanded {
		sn := r.surrenderNumber(s)
		mod, why := r.surrenderMods(s)
		m := SurrenderMods{}
		for _, w := range why {
			switch {
			case strings.HasPrefix(w, "+1"):
				m.LowTracks++
			case strings.HasPrefix(w, "-2"):
				m.ReliefIn = true
			case strings.HasPrefix(w, "-1"):
				m.ReliefNear = true
			}
		}
		sr := MoraleCheck(d, sn, m)
		a, b, v := sr.Dice[0], sr.Dice[1], sr.Modified
		ws := ""
		if len(why) > 0 {
			ws = " (" + strings.Join(why, ", ") + ")"
		}
		ev.say("5.1-B Surrender Roll: the SN is %d (Strongpoints Track %d less Strongpoints Taken %d); France rolls %d+%d%+d%s = %d.", sn, s.Tracks["strongpoints"], s.Tracks["taken"], a, b, mod, ws, v)
		eligible := func(u *Unit) bool { return u.onMap() || u.Box == "2z-304" }
		switch sr.Level {
		case 2:
			ev.say("SN+2 or more: the French Garrison surrenders. VM VICTORY (5.1-B).")
			s.Result = &adjudicator.Result{Winner: VM, Reason: fmt.Sprintf("the French Garrison surrendered on the Surrender Roll of %s (%d against SN %d)", r.turnSlot(s).Dates, v, sn)}
			return
		case -3:
			ev.say("SN-3 or lower: all French units fight on!")
		case -2:
			ev.say("SN-2: each French unit with Morale 2 takes a step loss.")
			for _, u := range r.frenchUnits(s, func(u *Unit) bool { return eligible(u) && r.morale(s, u) == 2 }) {
				r.loseStep(s, u, lossGone, d, ev)
			}
		case -1:
			ev.say("SN-1: all French units with Morale 2 surrender.")
			r.surrender(s, func(m int) bool { return m == 2 }, eligible, d, ev)
		case 0:
			ev.say("SN: all French units with Morale 2 surrender; each with Morale 3 takes a step loss.")
			r.surrender(s, func(m int) bool { return m == 2 }, eligible, d, ev)
			for _, u := range r.frenchUnits(s, func(u *Unit) bool { return eligible(u) && r.morale(s, u) == 3 }) {
				r.loseStep(s, u, lossGone, d, ev)
			}
		case 1:
			ev.say("SN+1: all French units with Morale 3 or less surrender.")
			r.surrender(s, func(m int) bool { return m <= 3 }, eligible, d, ev)
		}
		// 5.1-B: VM frustration
		old := s.Tracks["taken"]
		r.addTrack(s, "taken", -4)
		ev.say("The Garrison holds: Strongpoints Taken %d → %d (VM frustration).", old, s.Tracks["taken"])
		r.control(s, ev)
	} else {
		ev.say("5.1-A: the VM demands no surrender.")
	}
	if r.moraleCheckTurn(&s.Setup, s.Turn) {
		old := s.Tracks["taken"]
		taken, despair := Despair(old)
		s.Tracks["taken"] = taken
		ev.say("5.1-C VM Morale Check: Strongpoints Taken %d → %d.", old, s.Tracks["taken"])
		if despair {
			got := old - taken
			for _, dv := range divisions(r) {
				r.moraleMove(s, dv, 1)
			}
			ev.say("Only %d deducted: the battle is not going well enough; every Division Morale Marker down 1 slot.", got)
		}
	}
	if s.Turn >= len(r.D.Tracks.GameTurn.Turns) {
		ev.say("The Garrison has not surrendered by %s: FRENCH VICTORY (5.1).", r.turnSlot(s).Dates)
		s.Result = &adjudicator.Result{Winner: French, Reason: "the Garrison had not surrendered by " + r.turnSlot(s).Dates}
	}
}

// surrender sends French units of the given morale to Gone (5.1-B).
func (r *Rules) surrender(s *State, ok func(int) bool, eligible func(*Unit) bool, d adjudicator.Dice, ev *events) {
	us := r.frenchUnits(s, func(u *Unit) bool { return eligible(u) && ok(r.morale(s, u)) })
	if len(us) == 0 {
		ev.say("No such unit.")
		return
	}
	ev.say("Surrendered, to the Gone Box: %s.", strings.Join(sortedIDs(us), ", "))
	for _, u := range us {
		r.removeFrench(s, u, "Gone", d, ev)
	}
}

// ---- 5.2 VM Replacements and Reinforcements ----

// trenchDigZones counts the current Trench and Dig Zones (5.2-B, 5.4).
func (r *Rules) trenchDigZones(s *State) int {
	n := 0
	for _, sec := range Sectors {
		n += s.Trench[sec]
		if s.Dig[sec] != 0 {
			n++
		}
	}
	return n
}

func (r *Rules) startVMReplace(s *State, d adjudicator.Dice, ev *events) bool {
	add := 3
	if r.onOrAfter(s, "24", "April") && !r.onOrAfter(s, "27", "April") {
		add += 9
	}
	r.addTrack(s, "vm_ammo", add)
	ev.say("5.2-A: %d VM ammo (VM Ammunition %d).", add, s.Tracks["vm_ammo"])
	if n := r.trenchDigZones(s); n >= 8 {
		roll, morale := VMPatrol(d)
		if morale {
			s.Owed, s.OwedWhy, s.OwedSide = 1, "patrol", string(VM)
			ev.say("5.2-B VM Patrols (%d Trench/Dig Zones): die %d, one Division Morale Marker up 1 slot: the VM names it (patrol DIVISION).", n, roll)
		} else {
			r.addTrack(s, "vm_ammo", 2)
			ev.say("5.2-B VM Patrols (%d Trench/Dig Zones): die %d, +2 VM ammo.", n, roll)
		}
	}
	var moved []string
	for i := range s.Units {
		if s.Units[i].Box == "Pulled-Back" {
			s.Units[i].Box = "VM Off-Map"
			moved = append(moved, s.Units[i].ID)
		}
	}
	if len(moved) > 0 {
		ev.say("5.2-C: from the Pulled-Back Box to the Off-Map Box: %s.", strings.Join(moved, ", "))
	}
	return len(r.legalVMReplace(s)) > 0 || s.Owed > 0
}

// replaceable: a VM unit that may take a replacement (5.2-C).
func (r *Rules) replaceable(s *State, u *Unit) bool {
	if u.Side != "VM" || (!u.Reduced && !u.Disorg) || slices.Contains(s.MovedIDs, u.ID) {
		return false
	}
	if u.Box == "Laos 1" || u.Box == "Laos 2" || u.Formation == "PL" {
		return false
	}
	if u.Formation != "148" && r.shutDown(s, u.Formation) {
		return false
	}
	if s.Tracks["vm_replacements"] <= 0 {
		return false
	}
	return u.Box == "Removed" || u.Box == "VM Off-Map" || r.vmLoC(s, u)
}

func (r *Rules) replaceVM(s *State, u *Unit, ev *events) {
	s.MovedIDs = append(s.MovedIDs, u.ID)
	r.addTrack(s, "vm_replacements", -1)
	switch {
	case u.Box == "Removed":
		u.Box, u.Reduced, u.Disorg = "Pulled-Back", true, false
		ev.say("VM %s takes a replacement: from the Removed Box to the Pulled-Back Box, reduced.", u.ID)
	case u.Disorg:
		u.Disorg = false
		ev.say("VM %s takes a replacement: its Disorg Marker removed.", u.ID)
	default:
		u.Reduced = false
		ev.say("VM %s takes a replacement: full strength.", u.ID)
	}
	if u.Formation != "148" {
		r.moraleMove(s, u.Formation, 1)
		ev.say("%s Division Morale Marker down 1 slot (morale %d).", u.Formation, r.D.MoraleAt(s.DivisionMorale[u.Formation]))
	}
}

// finishVMReplace: each unit in VM LoC still Disorg is withdrawn to the
// Pulled-Back Box (5.2-C); a patrol the VM did not name goes to the
// division of lowest morale (RULINGS F8).
func (r *Rules) finishVMReplace(s *State, d adjudicator.Dice, ev *events) {
	if s.Owed > 0 && s.OwedWhy == "patrol" {
		div := r.lowestMorale(s)
		r.moraleMove(s, div, -1)
		ev.say("5.2-B: the %s Division Morale Marker up 1 slot.", div)
		s.Owed, s.OwedWhy, s.OwedSide = 0, "", ""
	}
	var out []string
	for _, u := range r.vmUnits(s, func(u *Unit) bool {
		return u.Disorg && u.Box != "Laos 1" && u.Box != "Laos 2" && (u.Box == "VM Off-Map" || u.onMap() || u.Box == "1z-304" || u.Box == "2z-304") && r.vmLoC(s, u)
	}) {
		u.Disorg = false
		u.Map, u.Hex, u.Box, u.Shaken, u.Isolated = "", "", "Pulled-Back", false, false
		out = append(out, u.ID)
	}
	if len(out) > 0 {
		ev.say("5.2-C: withdrawn to the Pulled-Back Box, their Disorg Markers removed: %s.", strings.Join(out, ", "))
	}
}

func (r *Rules) lowestMorale(s *State) string {
	best := ""
	for _, dv := range divisions(r) {
		if best == "" || s.DivisionMorale[dv] > s.DivisionMorale[best] {
			best = dv
		}
	}
	return best
}

// vmReinforce brings one unit from the VM Reinforcements Box (5.2-E).
func (r *Rules) vmReinforce(s *State, u *Unit, div string, d adjudicator.Dice, ev *events) {
	u.Box = "VM Off-Map"
	s.Done = append(s.Done, "vm-reinf")
	roll, morale := VMReinforcementDie(d)
	if morale {
		r.moraleMove(s, div, 1)
		ev.say("5.2-E: VM %s to the Off-Map Box; die %d: the %s Division Morale Marker down 1 slot.", u.ID, roll, div)
	} else {
		r.addTrack(s, "vm_ammo", -1)
		ev.say("5.2-E: VM %s to the Off-Map Box; die %d: 1 VM ammo lost.", u.ID, roll)
	}
}

// ---- 5.3 Deduct French Supply ----

func (r *Rules) startSupply(s *State, d adjudicator.Dice, ev *events) bool {
	owed := 0
	// A) Fuel & Spares by the Truck Marker
	bt := r.D.Charts.FuelDeduction.ByTruck
	truck := max(1, min(len(bt), s.Tracks["truck"]))
	want := bt[truck-1]
	got := -r.addTrack(s, "fuel", -want)
	s.FuelDeducted = got
	ev.say("5.3-A: Fuel & Spares %d deducted of %d (Truck at %d; Fuel & Spares %d).", got, want, truck, s.Tracks["fuel"])
	if got <= 3 {
		if m := r.D.Charts.FuelDeduction.WeatherModifier[fmt.Sprint(got)]; m > 0 {
			ev.say("Fuel shortage: %+d to the Weather roll%s.", m, ammoCapText(r, got))
		}
	}
	if got == 0 {
		owed += 3
		ev.say("No Fuel & Spares: France removes 3 steps (no fuel = no water purification).")
	}
	// B) Food & Bullets
	food := 3
	condor, standby := false, false
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == "French" && u.onMap() {
			switch r.forceOf(u.Formation) {
			case "condor":
				condor = true
			case "standby":
				standby = true
			}
		}
	}
	switch {
	case condor && standby:
		food = 5
	case condor || standby:
		food = 4
	}
	fgot := -r.addTrack(s, "food", -food)
	ev.say("5.3-B: Food & Bullets %d deducted of %d (Food & Bullets %d).", fgot, food, s.Tracks["food"])
	if short := food - fgot; short > 0 {
		owed += 3 * short
		ev.say("%d Food & Bullets short: France removes %d steps (starvation).", short, 3*short)
	}
	// C) Medicine
	med := 2
	if r.turnSlot(s).Period == "monsoon" {
		med = 3
	}
	wounded, bg := 0, 0
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != "French" {
			continue
		}
		if u.Box == "Wounded" {
			wounded++
		}
		if u.Formation == "31BG" && (u.Box == "Wounded" || u.Box == "Gone") {
			bg++
		}
	}
	med += (wounded+4)/5 + 3*bg
	mgot := -r.addTrack(s, "medicine", -med)
	ev.say("5.3-C: Medicine %d deducted of %d (%d wounded, %d of 31 BG wounded or gone; Medicine %d).", mgot, med, wounded, bg, s.Tracks["medicine"])
	if short := med - mgot; short > 0 {
		owed += short
		ev.say("%d Medicine short: France removes %d steps (sickness).", short, short)
	}
	if el := r.frenchUnits(s, r.shortageEligible); owed > 0 {
		steps := 0
		for _, u := range el {
			steps += u.steps()
		}
		owed = min(owed, steps)
		if owed > 0 {
			s.Owed, s.OwedWhy, s.OwedSide = owed, "shortage", string(French)
			ev.say("France chooses the %d steps (loss UNIT, one a step; RULINGS F7).", owed)
		}
	}
	return len(r.legalSupply(s)) > 0
}

func ammoCapText(r *Rules, got int) string {
	if c, ok := r.D.Charts.FuelDeduction.AmmoCap[fmt.Sprint(got)]; ok {
		return fmt.Sprintf("; no more than %d ammo may be added in the Airdrop Segment", c)
	}
	return ""
}

// finishSupply: steps France has not chosen are taken by its standing
// loss order (RULINGS F7).
func (r *Rules) finishSupply(s *State, d adjudicator.Dice, ev *events) {
	for s.Owed > 0 && s.OwedWhy == "shortage" {
		el := r.frenchUnits(s, r.shortageEligible)
		if len(el) == 0 {
			break
		}
		u := r.pickLoss(s, el)
		r.loseStep(s, u, lossWounded, d, ev)
		s.Owed--
	}
	s.Owed, s.OwedWhy, s.OwedSide = 0, "", ""
}

// pickLoss is France's standing loss order: lowest morale first (then
// reduced first), or the unit with the most steps.
func (r *Rules) pickLoss(s *State, us []*Unit) *Unit {
	best := us[0]
	most := s.standing(French, "losses") == "most-steps"
	for _, u := range us[1:] {
		if most {
			if u.steps() > best.steps() {
				best = u
			}
			continue
		}
		mu, mb := r.morale(s, u), r.morale(s, best)
		if mu < mb || mu == mb && u.Reduced && !best.Reduced {
			best = u
		}
	}
	return best
}

// hospital hexes France controls, DBP's or Isabelle's (5.3-C).
func (r *Rules) hospitals(s *State, isabelle bool) []string {
	name := "dbp"
	if isabelle {
		name = "isabelle"
	}
	m := r.D.Map.sub(name)
	var out []string
	for _, st := range m.Structures {
		if st.Kind != "hospital" || s.Flags[st.Name] == "VM" {
			continue
		}
		p := placeOf(name, st.Hex)
		if r.roomsOf(s).roomFor(p, "French") {
			out = append(out, p)
		}
	}
	return out
}

// ---- 8.1-C Rats of Nam Youm; 4.1-B disease ----

func (r *Rules) rats(s *State, d adjudicator.Dice, ev *events) {
	roll, row := r.D.Rats(d)
	lost := r.deduct(s, row)
	ev.say("8.1-C Rats of Nam Youm: die %d, missing: %s.", roll, lost)
}
