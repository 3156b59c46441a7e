package finalgamble

import (
	"slices"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// entrenched (1.4-I), as the geometry reads it.
func (r *Rules) entrenched(s *State, u *Unit) bool { return r.position(s).Entrenched(u.ID) }

// adjacentEnemy: a unit on a map next to a unit of the other side.
func (r *Rules) adjacentEnemy(s *State, u *Unit) bool {
	if !u.onMap() {
		return false
	}
	for _, n := range r.neighborsOf(u.Place()) {
		for _, o := range s.at(n) {
			if o.Side != u.Side {
				return true
			}
		}
	}
	return false
}

// adjacentEnemyIn answers as adjacentEnemy, from the rooms index of the
// state (shaken: a loop over every unit that moves none).
func (r *Rules) adjacentEnemyIn(ri rooms, u *Unit) bool {
	if !u.onMap() {
		return false
	}
	for _, n := range r.neighborsOf(u.Place()) {
		if c := ri.at(n); c.n > 0 && (c.mixed || c.side != u.Side) {
			return true
		}
	}
	return false
}

// shaken: 4.3 and 8.3 remove every Shaken Marker and mark the side's
// units not entrenched next to an enemy.
func (r *Rules) shaken(s *State, side string, ev *events) {
	var marked []string
	for i := range s.Units {
		s.Units[i].Shaken = false
	}
	// Shaken Markers move no unit, and entrenchment (1.4-B, 1.4-C) reads
	// the zones, not the markers: one index of the places serves the loop
	ri, pos := r.roomsOf(s), r.position(s)
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.onMap() && !pos.Entrenched(u.ID) && r.adjacentEnemyIn(ri, u) {
			u.Shaken = true
			marked = append(marked, u.ID)
		}
	}
	g := s.segment()
	if len(marked) == 0 {
		ev.say("%s %s: every Shaken Marker removed; no %s unit in the open next to the enemy.", g.ID, g.Name, side)
		return
	}
	ev.say("%s %s: every Shaken Marker removed; shaken in the open next to the enemy: %s.", g.ID, g.Name, strings.Join(marked, ", "))
}

func (r *Rules) startShakenVM(s *State, d adjudicator.Dice, ev *events) bool {
	r.shaken(s, "VM", ev)
	return false
}

func (r *Rules) startShakenFrench(s *State, d adjudicator.Dice, ev *events) bool {
	r.shaken(s, "French", ev)
	return false
}

// strongpoints lists every strongpoint with its sub-map.
func (r *Rules) strongpoints() []struct {
	m  string
	sp *Strongpt
} {
	var out []struct {
		m  string
		sp *Strongpt
	}
	for _, name := range []string{"dbp", "isabelle"} {
		m := r.D.Map.sub(name)
		for i := range m.Strongs {
			out = append(out, struct {
				m  string
				sp *Strongpt
			}{name, &m.Strongs[i]})
		}
	}
	return out
}

func (s *State) controller(code string) string {
	if s.Flags[code] == "VM" {
		return "VM"
	}
	return "French"
}

// isolate: 4.4 (French) and 8.4 (VM) mark units and strongpoints that
// cannot trace their LoC.
func (r *Rules) isolate(s *State, side string, ev *events) {
	units, sps := r.position(s).Isolated(side)
	var marked []string
	for _, code := range sps {
		if !slices.Contains(s.Isolated, code) {
			s.Isolated = append(s.Isolated, code)
			marked = append(marked, code)
		}
	}
	for _, id := range units {
		if u := s.unit(id); u != nil && u.inPlay() && !u.Isolated {
			u.Isolated = true
			marked = append(marked, id)
		}
	}
	g := s.segment()
	if len(marked) == 0 {
		ev.say("%s %s: none.", g.ID, g.Name)
		return
	}
	ev.say("%s %s: Isolation Markers on %s.", g.ID, g.Name, strings.Join(marked, ", "))
}

func (r *Rules) startIsolateFrench(s *State, d adjudicator.Dice, ev *events) bool {
	r.isolate(s, "French", ev)
	return false
}

func (r *Rules) startIsolateVM(s *State, d adjudicator.Dice, ev *events) bool {
	r.isolate(s, "VM", ev)
	return false
}

// attrition: 4.1-A (VM) and 8.1-A (France): isolated units and
// strongpoints that still cannot trace LoC surrender; the rest lose the
// marker and may be evacuated.
func (r *Rules) attrition(s *State, side string, d adjudicator.Dice, ev *events) {
	s.MovedIDs = nil // here: the formerly isolated units, which may evacuate
	marked := len(s.Isolated) > 0
	for i := range s.Units {
		marked = marked || s.Units[i].Side == side && s.Units[i].Isolated
	}
	if !marked {
		nothing(ev, s, "no Isolation Marker")
	}
	at := r.position(s).Attrition(side)
	for _, id := range at.Relieved {
		if u := s.unit(id); u != nil {
			u.Isolated = false
			s.MovedIDs = append(s.MovedIDs, u.ID)
			ev.say("%s traces its LoC again: its Isolation Marker removed.", u.ID)
		}
	}
	for _, id := range at.Surrender {
		u := s.unit(id)
		if u == nil {
			continue
		}
		u.Isolated = false
		if side == "VM" {
			ev.say("VM %s at %s is isolated and cannot trace a VM LoC: it surrenders, to the Removed Box (4.1-A).", u.ID, r.where(u))
			u.Map, u.Hex, u.Box, u.Disorg, u.Shaken = "", "", "Removed", false, false
		} else {
			ev.say("%s at %s is isolated and cannot trace a French LoC: it surrenders, to the Gone Box (8.1-A).", u.ID, r.where(u))
			r.removeFrench(s, u, "Gone", d, ev)
		}
	}
	for _, code := range at.RelievedStrong {
		ev.say("%s traces its LoC again: its Isolation Marker removed.", code)
		s.Isolated = slices.DeleteFunc(s.Isolated, func(c string) bool { return c == code })
	}
	for _, code := range at.Lost {
		for _, e := range r.strongpoints() {
			if e.sp.Code != code {
				continue
			}
			if side == "VM" {
				ev.say("The VM's %s is isolated and cannot trace a VM LoC: it is French again (4.1-A).", code)
				r.setControl(s, e.m, code, e.sp.Points(), "French", ev)
			} else {
				ev.say("France's %s is isolated and cannot trace a French LoC: it is the VM's (8.1-A).", code)
				r.setControl(s, e.m, code, e.sp.Points(), "VM", ev)
			}
		}
		s.Isolated = slices.DeleteFunc(s.Isolated, func(c string) bool { return c == code })
	}
}

// setControl flags a strongpoint or structure and moves the Strongpoints
// Track and Strongpoints Taken Marker (1.4-D, F, G); Isabelle's do not
// count until it surrenders (1.4-F).
func (r *Rules) setControl(s *State, m, code string, pts int, to string, ev *events) {
	if s.controller(code) == to {
		return
	}
	s.Flags[code] = to
	if m == "isabelle" {
		return
	}
	if to == "VM" {
		r.addTrack(s, "strongpoints", -pts)
		r.addTrack(s, "taken", pts)
	} else {
		r.addTrack(s, "strongpoints", pts)
		r.addTrack(s, "taken", -pts)
	}
}

// control applies 1.4-D at the end of a segment: a strongpoint or
// structure changes hands when the enemy occupies a hex of it and its
// controller has no unit there; outposts (1.4-H) disappear in a
// Trench/Dig Zone when France no longer occupies them.
func (r *Rules) control(s *State, ev *events) {
	var changes []string
	for _, c := range r.position(s).ControlChanges() {
		switch c.Kind {
		case "outpost":
			p := wordPlace(c.Code)
			if c.To == "gone" {
				s.OutpostsGone = append(s.OutpostsGone, p)
				delete(s.Flags, c.Code)
				changes = append(changes, "the outpost at "+p+" disappears")
			} else {
				s.Flags[c.Code] = c.To
				changes = append(changes, "the outpost at "+p+" to "+sideWord(c.To))
			}
		default:
			r.setControl(s, c.Map, c.Code, c.Points, c.To, ev)
			changes = append(changes, c.Code+" to "+sideWord(c.To))
		}
	}
	if len(changes) > 0 {
		ev.say("Control (1.4-D, 1.4-H): %s. Strongpoints Track %d, Strongpoints Taken %d.", strings.Join(changes, "; "), s.Tracks["strongpoints"], s.Tracks["taken"])
	}
}

func sideWord(side string) string {
	if side == "VM" {
		return "the VM"
	}
	return "France"
}

// ---- 4.1 VM Attrition ----

func (r *Rules) startVMAttrition(s *State, d adjudicator.Dice, ev *events) bool {
	r.attrition(s, "VM", d, ev)
	if r.onOrAfter(s, "12", "April") && len(r.diseaseUnits(s)) > 0 {
		s.Owed, s.OwedWhy, s.OwedSide = 1, "disease", string(VM)
		ev.say("4.1-B: from 12 April the VM removes 1 step to fatigue and disease (disease UNIT).")
	}
	return len(r.evacuable(s, "VM")) > 0 || s.Owed > 0
}

func (r *Rules) diseaseUnits(s *State) []*Unit {
	return r.vmUnits(s, func(u *Unit) bool {
		switch u.Box {
		case "Pulled-Back", "Removed", "VM Reinforcements", "Out of Play":
			return false
		}
		return true
	})
}

func (r *Rules) evacuable(s *State, side string) []*Unit {
	var out []*Unit
	for _, id := range s.MovedIDs {
		u := s.unit(id)
		if u == nil || u.Side != side || !u.inPlay() {
			continue
		}
		if side == "French" && u.Map != "dbp" {
			continue // 8.1-A: only at DBP
		}
		out = append(out, u)
	}
	return out
}

func (r *Rules) orderVMAttrition(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "disease":
		if s.Owed == 0 {
			return false, errf(order, "the disease step is taken")
		}
		u, err := r.unitOrder(s, order, args, 2, "disease UNIT", "VM")
		if err != nil {
			return false, err
		}
		if !slices.Contains(r.diseaseUnits(s), u) {
			return false, errf(order, "%s is in the %s Box: the step comes from a unit not in the Pulled-Back, Removed or VM Reinforcements Box (4.1-B)", u.ID, u.Box)
		}
		ev.say("4.1-B disease:")
		r.loseStep(s, u, lossRoll, d, ev)
		s.Owed, s.OwedWhy, s.OwedSide = 0, "", ""
		return false, nil
	case "evacuate":
		u, err := r.unitOrder(s, order, args, 2, "evacuate UNIT", "VM")
		if err != nil {
			return false, err
		}
		if !slices.Contains(r.evacuable(s, "VM"), u) {
			return false, errf(order, "%s was not isolated: only formerly isolated units may be evacuated (4.1-A)", u.ID)
		}
		ev.say("4.1-A: VM %s evacuated from %s to the Off-Map Box.", u.ID, r.where(u))
		u.Map, u.Hex, u.Box = "", "", "VM Off-Map"
		s.MovedIDs = slices.DeleteFunc(s.MovedIDs, func(id string) bool { return id == u.ID })
		return false, nil
	}
	return false, errf(order, "in 4.1 write disease UNIT, evacuate UNIT or done")
}

// finishVMAttrition: a disease step the VM did not name is taken from its
// first unit with the most steps in the Off-Map Box, else on the maps
// (RULINGS F8).
func (r *Rules) finishVMAttrition(s *State, d adjudicator.Dice, ev *events) {
	if s.Owed > 0 && s.OwedWhy == "disease" {
		us := r.diseaseUnits(s)
		if len(us) > 0 {
			best := us[0]
			for _, u := range us[1:] {
				bo, uo := best.Box == "VM Off-Map", u.Box == "VM Off-Map"
				if uo && !bo || uo == bo && u.steps() > best.steps() {
					best = u
				}
			}
			ev.say("4.1-B disease (the VM named no unit):")
			r.loseStep(s, best, lossRoll, d, ev)
		}
	}
	s.Owed, s.OwedWhy, s.OwedSide = 0, "", ""
	s.MovedIDs = nil
}

// ---- 8.1 French Attrition ----

func (r *Rules) startFrenchAttrition(s *State, d adjudicator.Dice, ev *events) bool {
	r.attrition(s, "French", d, ev)
	r.isabelleSurrender(s, d, ev)
	r.rats(s, d, ev)
	return len(r.evacuable(s, "French")) > 0
}

func (r *Rules) finishFrenchAttrition(s *State, d adjudicator.Dice, ev *events) {
	s.MovedIDs = nil
}

// isabelleSurrender (8.1-B): 2z-304 a Trench Zone and Isabelle's Supply
// Area VM-controlled (RULINGS F12: a VM unit in it and no French unit).
func (r *Rules) isabelleSurrender(s *State, d adjudicator.Dice, ev *events) {
	if s.IsabelleGone || !r.position(s).IsabelleSurrenders() {
		return
	}
	s.IsabelleGone = true
	ev.say("8.1-B: 2z-304 is a Trench Zone and Isabelle's Supply Area is the VM's: Isabelle surrenders.")
	r.addTrack(s, "strongpoints", -5)
	r.addTrack(s, "taken", 5)
	var gone []string
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == "French" && (u.Map == "isabelle" || u.Box == "Wounded" && u.BoxSide == "Isabelle") {
			gone = append(gone, u.ID)
			r.removeFrench(s, u, "Gone", d, ev)
		}
	}
	for _, t := range []struct {
		id string
		n  int
	}{{"french_ammo", 2}, {"food", 2}, {"fuel", 2}, {"medicine", 3}} {
		r.addTrack(s, t.id, -t.n)
	}
	for _, sp := range r.D.Map.Isabelle.Strongs {
		s.Flags[sp.Code] = "VM"
	}
	ev.say("To the Gone Box: %s. 5 points off the Strongpoints Track and onto Strongpoints Taken; 2 Ammo, 2 Food & Bullets, 2 Fuel & Spares and 3 Medicine lost. No French unit may enter Isabelle; the 304 Trench Marker moves no more.", orNone(gone))
}

func (r *Rules) orderFrenchAttrition(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "evacuate":
		u, err := r.unitOrder(s, order, args, 3, "evacuate UNIT HEX", "French")
		if err != nil {
			return false, err
		}
		if !slices.Contains(r.evacuable(s, "French"), u) {
			return false, errf(order, "%s was not isolated at DBP: only formerly isolated units at DBP may be evacuated (8.1-A)", u.ID)
		}
		if !slices.Contains(r.evacuationHexes(s), args[2]) {
			return false, errf(order, "%s is not a DBP Supply Area hex with room, out of VM ZoC (8.1-A)", args[2])
		}
		from := u.Place()
		r.putAt(u, args[2])
		ev.say("8.1-A: %s evacuated to %s.", u.ID, r.where(u))
		ev.mark("move", from, args[2])
		s.MovedIDs = slices.DeleteFunc(s.MovedIDs, func(id string) bool { return id == u.ID })
		return false, nil
	}
	return false, errf(order, "in 8.1 write evacuate UNIT HEX or done")
}

func (r *Rules) evacuationHexes(s *State) []string {
	var out []string
	ri := r.roomsOf(s)
	for _, h := range r.hexes("dbp") {
		p := h.ID
		if h.Supply && ri.roomFor(p, "French") && !ri.p.EnemyZoC("French", p) {
			out = append(out, p)
		}
	}
	return out
}
