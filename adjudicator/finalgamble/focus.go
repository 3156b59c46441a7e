package finalgamble

import (
	"slices"
	"strings"
)

// Focus names the places the awaited decision is about, the most
// important first, as the map names them (a DBP hex "1019", an Isabelle
// hex "I0606", a box's token "2z-304", "Wounded-Square"), for the
// hand-off's close-ups (issue 30, item 1; adjudicator.Prompt.Focus). It
// reads only what both sides see on the board (the markers, the units,
// a Choice asked): never a side's standing orders, which are private
// (RULINGS F18), nor anything they decided unannounced (a supporter's
// advance named with a charge). The Supply Areas and the Airdrop Chart,
// no hex nor box, have names of their own (SupplyArea ...). Nil when the
// decision has no one place: a set-up, declarations and moves of any
// unit, losses to choose anywhere, a surrender demand, a Trench Marker.
func (r *Rules) focus(s *State) []string {
	if s.Result != nil {
		return nil
	}
	var out []string
	add := func(p string) {
		if p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	// assault adds an assault's places: the defending hex, the assaulting
	// unit's, then its supporters' (3.6-A, 7.5-A).
	assault := func(a *Assault, barraged bool) {
		if barraged {
			// 3.4: the barrage falls on the assaulting unit's hex
			add(a.From)
			add(a.Target)
		} else {
			add(a.Target)
			add(a.From)
		}
		if att := s.unit(a.Unit); att != nil && att.Place() == a.From {
			for _, o := range r.supporters(s, a) {
				add(o.Place())
			}
		}
	}
	// 3.6-C, 7.5: a Choice asked: the defending hex and the assault on it
	if p := s.Pending; p != nil {
		if p.Assault >= 0 && p.Assault < len(s.Assaults) {
			assault(&s.Assaults[p.Assault], false)
		}
		return out
	}
	switch s.Seg {
	case "9.0-D":
		// 9.0-D: the picks are made from the Wounded Square
		add(boxToken("Wounded Square"))
	case "2.2", "6.3":
		// 2.2-A, 6.3-A: the Zone Markers placed so far, in order (a
		// marker on a unit in a box is at "BOX:UNIT")
		for _, z := range s.Zones {
			p, _, _ := strings.Cut(z.At, ":")
			add(p)
		}
	case "3.2":
		// 3.2: the boxes shared with French units where VM units not
		// resting may fight
		for _, b := range r.sharedBoxes(s, func(u *Unit) bool { return !slices.Contains(s.Rested, u.Formation) }) {
			add(b)
		}
	case "3.3", "3.6", "7.3", "7.5":
		// 3.3: the Reaction Move answers the declared assaults; 3.6-A,
		// 7.5: the assaults still to charge; 7.3: Support Mortars go on
		// the assaulted VM units
		for i := range s.Assaults {
			if a := &s.Assaults[i]; a.live() {
				assault(a, false)
			}
		}
	case "3.4":
		// 3.4: a Support Barrage on an assaulting VM unit not barraged
		// yet
		for i := range s.Assaults {
			if a := &s.Assaults[i]; a.live() && a.Barrage == 0 {
				assault(a, true)
			}
		}
	case "3.5", "7.4":
		// 3.5-A, 7.4: the defenses still to fire
		for i := range s.Assaults {
			if a := &s.Assaults[i]; a.live() && !a.Fired {
				assault(a, false)
			}
		}
	case "4.1", "8.1":
		// 4.1-A, 8.1-A: the formerly isolated units that may evacuate
		side := "VM"
		if s.Seg == "8.1" {
			side = "French"
		}
		for _, u := range r.evacuable(s, side) {
			add(u.Place())
		}
	case "5.4":
		if s.Stage == "place" {
			// 5.4-D: the arrived reinforcements go to a Supply Area
			add(SupplyArea)
			if !s.IsabelleGone {
				add(IsabelleSupplyArea)
			}
			break
		}
		// 5.4: the Airdrop Chart and what waits at the Hanoi Airbase
		add(AirdropChart)
		add(boxToken("Hanoi Airbase"))
	}
	return out
}

// The places a Focus names that are no hex nor box: the Supply Areas of
// DBP and Isabelle (1.3-D) and the Airdrop Chart (5.4).
const (
	SupplyArea         = "Supply-Area"
	IsabelleSupplyArea = "Isabelle-Supply-Area"
	AirdropChart       = "Airdrop-Chart"
)

// BoxName is the box a place's token names ("Laos-1": "Laos 1",
// "Wounded-Square": "Wounded Square"), or the place itself: the board's
// name for a box a Focus or a mark names.
func BoxName(place string) string { return boxOf(place) }
