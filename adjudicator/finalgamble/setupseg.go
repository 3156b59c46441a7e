package finalgamble

import (
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// The set-up's free choices (9.0-C, 9.0-F; RULINGS F1): the scenario's
// start is the data's default placement; France then moves any unit to
// another hex of the strongpoint it set up in, and the VM, after the
// Wounded Square's picks, any battalion to a free hex of its sector's
// Trench Zones (not a Dig Zone, not in French ZoC, or a strongpoint the
// scenario gives it) and chooses which battalions take the scenario's
// reductions.

// setupHexes: where a unit may be placed in its side's set-up segment.
func (r *Rules) setupHexes(s *State, u *Unit) []string {
	if !u.onMap() || u.Map != "dbp" && u.Side == "VM" {
		return nil
	}
	_, h := r.hexOf(u.Place())
	var out []string
	if u.Side == "French" {
		if h.Strong == "" {
			return nil
		}
		sp := r.D.Map.sub(u.Map).Strongpoint(h.Strong)
		for _, id := range sp.Hexes {
			p := placeOf(u.Map, id)
			if p != u.Place() && s.roomFor(p, "French") {
				out = append(out, p)
			}
		}
		return out
	}
	sc := r.D.Scenarios.Scenario[s.Scenario]
	pos := r.position(s)
	ri := rooms{pos, s}
	for _, x := range r.hexes("dbp") {
		inSector := x.Sector == u.Formation && s.TrenchZone(x)
		extra := x.Strong != "" && slices.Contains(sc.VMFlags, x.Strong) && x.Sector == u.Formation
		if (inSector || extra) && !s.DigZone(x) && x.ID != u.Hex && ri.at(x.ID).n == 0 && !pos.EnemyZoC("VM", x.ID) {
			out = append(out, x.ID)
		}
	}
	return out
}

// reducible: a full VM battalion of a division the scenario reduces, not
// a reinforcement (9.0-F, 9.0-G).
func (r *Rules) reducible(s *State, u *Unit) bool {
	sc := r.D.Scenarios.Scenario[s.Scenario]
	return u.Side == "VM" && !u.Reduced && sc.VMReduced[u.Formation] > 0 && u.Box != "VM Reinforcements"
}

func (r *Rules) startFrenchSetup(s *State, d adjudicator.Dice, ev *events) bool {
	ev.say("9.0-C: France sets up (each unit in any hex of its strongpoint; place UNIT HEX, then done).")
	return true
}

func (r *Rules) startVMSetup(s *State, d adjudicator.Dice, ev *events) bool {
	ev.say("9.0-F: the VM sets up (place UNIT HEX in its sector's Trench Zones, reduce UNIT to choose the scenario's reduced battalions, then done).")
	return true
}

func (r *Rules) orderSetup(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	side := "French"
	if s.Seg == "9.0-F" {
		side = "VM"
	}
	switch {
	case args[0] == "done" && len(args) == 1:
		return true, nil
	case args[0] == "place" && len(args) == 3:
		u, err := r.unitArg(s, order, args[1], side)
		if err != nil {
			return false, err
		}
		hs := r.setupHexes(s, u)
		if !slices.Contains(hs, args[2]) {
			return false, errf(order, "%s cannot be set up at %s (%s); it may go to: %s", u.ID, args[2], map[string]string{"French": "9.0-C: a hex of its strongpoint, within stacking", "VM": "9.0-F: a free hex of its sector's Trench Zones, not a Dig Zone, not in French ZoC"}[side], shorten(orNoneSlice(hs), 12))
		}
		r.putAt(u, args[2])
		ev.say("%s: %s set up at %s.", s.Seg, u.ID, r.where(u))
		return false, nil
	case args[0] == "reduce" && len(args) == 2 && side == "VM":
		u, err := r.unitArg(s, order, args[1], "VM")
		if err != nil {
			return false, err
		}
		if !r.reducible(s, u) {
			return false, errf(order, "%s is not a full battalion of a division the scenario reduces (9.0-G)", u.ID)
		}
		// the reduction moves from another battalion of the division
		for i := range s.Units {
			o := &s.Units[i]
			if o.Side == "VM" && o.Formation == u.Formation && o.Reduced && o != u && !slices.Contains(s.MovedIDs, o.ID) {
				o.Reduced = false
				u.Reduced = true
				s.MovedIDs = append(s.MovedIDs, u.ID)
				ev.say("9.0-F: %s is set up reduced instead of %s.", u.ID, o.ID)
				return false, nil
			}
		}
		return false, errf(order, "the %s Division's reductions are all chosen", u.Formation)
	}
	if side == "VM" {
		return false, errf(order, "in 9.0-F write place UNIT HEX, reduce UNIT or done")
	}
	return false, errf(order, "in 9.0-C write place UNIT HEX or done")
}

// setupChoices is the set-up segments' legal tree.
func (r *Rules) setupChoices(s *State) []adjudicator.Choice {
	side := "French"
	if s.Seg == "9.0-F" {
		side = "VM"
	}
	m := map[string][]string{}
	red := map[string][]string{}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side {
			continue
		}
		if hs := r.setupHexes(s, u); len(hs) > 0 {
			sort.Strings(hs)
			m[u.ID] = hs
		}
		if side == "VM" && r.reducible(s, u) && !slices.Contains(s.MovedIDs, u.ID) {
			for j := range s.Units {
				o := &s.Units[j]
				if o.Side == "VM" && o.Formation == u.Formation && o.Reduced && !slices.Contains(s.MovedIDs, o.ID) {
					red[u.ID] = nil
					break
				}
			}
		}
	}
	var out []adjudicator.Choice
	if len(m) > 0 {
		out = append(out, branch("place", "set a unit up in another hex ("+s.Seg+")", "unit", m, "hex"))
	}
	if len(red) > 0 {
		out = append(out, branch("reduce", "this battalion set up reduced instead (9.0-G)", "unit", red, ""))
	}
	return append(out, leaf("done"))
}

var _ = strings.Cut
