package finalgamble

import (
	"slices"

	"github.com/umpirebot/umpire/adjudicator"
)

// How a French unit's second step loss is placed (1.7-B).
const (
	lossRoll    = ""        // roll: 1-4 Wounded, 5-6 Gone
	lossGone    = "gone"    // commando, surrender, retreat: straight to Gone
	lossWounded = "wounded" // shortage (5.3): to the Wounded Box
)

// loseStep takes one step from u (1.7): a French unit is reduced, then
// removed (Wounded or Gone); a VM unit is reduced, disorganized, then
// removed.
func (r *Rules) loseStep(s *State, u *Unit, how string, d adjudicator.Dice, ev *events) {
	if u.Side != "French" {
		r.loseVMStep(s, u, ev)
		return
	}
	art := r.isArt(u)
	if art {
		// 1.7-B: two French ammo a step of artillery
		r.addTrack(s, "french_ammo", -2)
	}
	where := r.where(u)
	if !u.Reduced {
		u.Reduced = true
		ev.say("%s at %s takes a step loss (reduced).", u.ID, where)
		r.refreshZoneMarkers(s)
		return
	}
	side := "DBP"
	if u.Map == "isabelle" {
		side = "Isabelle"
	}
	dest := "Gone"
	switch {
	case how == lossGone || art || r.isTank(u) || u.Box != "":
		// 1.7-B: straight to Gone
	case how == lossWounded:
		dest = "Wounded"
	default:
		var roll int
		roll, dest = FrenchLossDie(d)
		ev.say("%s at %s is eliminated: die %d, to the %s Box (1.7-B).", u.ID, where, roll, dest)
	}
	if how != lossRoll || art || r.isTank(u) || u.Box != "" {
		ev.say("%s at %s is eliminated, to the %s Box (1.7-B).", u.ID, where, dest)
	}
	u.Map, u.Hex, u.Box, u.BoxSide, u.Shaken, u.Isolated = "", "", dest, "", false, false
	if dest == "Wounded" {
		u.BoxSide = side
	}
	u.Reduced = true
	r.refreshZoneMarkers(s)
	r.hqUp(s, d, ev)
}

// loseVMStep: reduced, then Disorg, then Removed (the Pathet Lao out of
// the game) (1.7-A).
func (r *Rules) loseVMStep(s *State, u *Unit, ev *events) {
	where := r.where(u)
	switch {
	case !u.Reduced:
		u.Reduced = true
		ev.say("VM %s at %s takes a step loss (reduced).", u.ID, where)
	case !u.Disorg:
		u.Disorg = true
		ev.say("VM %s at %s takes a second step loss (Disorg).", u.ID, where)
	default:
		u.Disorg = false
		u.Map, u.Hex, u.Shaken, u.Isolated = "", "", false, false
		u.Box = "Removed"
		if u.Formation == "PL" {
			u.Box = "Out of Play"
		}
		ev.say("VM %s at %s takes a third step loss: to the %s Box (1.7-A).", u.ID, where, u.Box)
	}
}

// removeFrench puts u straight into box (surrender, Isabelle) and moves
// the HQ Marker (1.7-B).
func (r *Rules) removeFrench(s *State, u *Unit, box string, d adjudicator.Dice, ev *events) {
	if r.isArt(u) {
		r.addTrack(s, "french_ammo", -2*u.steps())
	}
	u.Map, u.Hex, u.Box, u.BoxSide, u.Shaken, u.Isolated, u.Reduced = "", "", box, "", false, false, true
	r.refreshZoneMarkers(s)
	r.hqUp(s, d, ev)
}

// hqUp moves the HQ Marker up a slot for a unit lost to Gone or Wounded
// while battalions remain in the column; at the top France rolls (1.7-B).
func (r *Rules) hqUp(s *State, d adjudicator.Dice, ev *events) {
	if len(s.Reinforcements) == 0 {
		return
	}
	top := len(r.D.Tracks.Reinforcements.Slots) - 1
	s.HQ = min(top, s.HQ+1)
	if s.HQ < top {
		return
	}
	fm := s.Reinforcements[0]
	mod := 0
	for _, c := range r.D.Tracks.Reinforcements.Column {
		if c.Formation == fm {
			mod = c.Modifier
		}
	}
	h := r.D.HQRoll(d, mod)
	switch {
	case h.Send:
		for i := range s.Units {
			if s.Units[i].Formation == fm && s.Units[i].Box == "Reinforcements Available" {
				s.Units[i].Box = "Hanoi Airbase"
			}
		}
		s.Reinforcements = s.Reinforcements[1:]
		s.HQ = 0
		ev.say("HQ roll (1.7-B): die %d%+d = %d, \"%s\": %s to the Hanoi Airbase Box.", h.Die, mod, h.Modified, h.Text, fm)
	default:
		s.HQ = top - h.Down
		ev.say("HQ roll (1.7-B): die %d%+d = %d, \"%s\": the HQ Marker down %d slot(s).", h.Die, mod, h.Modified, h.Text, h.Down)
	}
}

// refreshZoneMarkers applies 1.10 to the French Artillery Zone Markers
// from the artillery's losses; markers on the chart stay as they are.
func (r *Rules) refreshZoneMarkers(s *State) {
	m := markers(r.D, &s.Setup)
	s.Markers["French Artillery Zone Markers"] = m["French Artillery Zone Markers"]
}

// condor and standby are the formations of the Condor and Standby Forces
// (the Scenario Card's "condor" and "standby", 9.0-C).
func (r *Rules) forceOf(fm string) string {
	for _, sc := range r.D.Scenarios.Scenario {
		for _, e := range sc.French[fm] {
			if e == "condor" || e == "standby" {
				return e
			}
		}
	}
	return ""
}

// frenchEligibleForShortage: units that may take 5.3's shortage losses:
// not in Laos, not artillery or tanks, in play (1.7, 5.3).
func (r *Rules) shortageEligible(u *Unit) bool {
	return u.Side == "French" && u.inPlay() && u.Box != "Laos 1" && u.Box != "Laos 2" && !r.isArt(u) && !r.isTank(u)
}

func (r *Rules) frenchUnits(s *State, keep func(*Unit) bool) []*Unit {
	var out []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == "French" && keep(u) {
			out = append(out, u)
		}
	}
	return out
}

func (r *Rules) vmUnits(s *State, keep func(*Unit) bool) []*Unit {
	var out []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == "VM" && keep(u) {
			out = append(out, u)
		}
	}
	return out
}

// moraleDown moves a division's marker n slots towards Shut down (n < 0:
// up, towards 5), within the track (5.2-D).
func (r *Rules) moraleMove(s *State, div string, n int) {
	if _, ok := s.DivisionMorale[div]; !ok {
		return
	}
	last := len(r.D.Tracks.DivisionMorale.Slots) - 1
	s.DivisionMorale[div] = max(0, min(last, s.DivisionMorale[div]+n))
}

// shutDown: a division whose marker is in the last slot may not assault
// or take replacements (5.2-D; RULINGS F9).
func (r *Rules) shutDown(s *State, div string) bool {
	v, ok := s.DivisionMorale[div]
	return ok && v >= len(r.D.Tracks.DivisionMorale.Slots)-1
}

func divisions(r *Rules) []string {
	var out []string
	for _, dv := range r.D.Units.VM.Divisions {
		out = append(out, dv.ID)
	}
	return out
}

var _ = slices.Contains[[]string]
