package finalgamble

import (
	"fmt"
	"slices"

	"github.com/umpirebot/umpire/adjudicator"
)

// Editions (adjudicator.Editioner). Edition 2 (2026-11-27) fixed three
// values the data had read otherwise than the rulebook: the VM Morale
// Check every second turn (ruling F42), four Support Mortars (3.1, 7.3)
// and the VM Replacement Track's 79 (Playing the Viet Minh), with the
// Strongpoints Taken starts of B-D that follow. A game recorded before
// plays edition 1, the values it was played with, so that it replays as
// it was played (TestEdition_RecordsMadeBeforeF42ReplayAsTheyWerePlayed).
const currentEdition = 2

// edition1 is edition 1's values: Morale Check turns, Support Mortars,
// the VM Replacement Track's maximum, and the starts of the two tracks
// by scenario.
var edition1 = struct {
	mc          []int
	mortars     int
	replaceMax  int
	taken       map[string]int
	replacement map[string]int
}{
	mc:          []int{4, 7, 10, 13, 16, 19},
	mortars:     3,
	replaceMax:  30,
	taken:       map[string]int{"A": 0, "B": 10, "C": 11, "D": 12},
	replacement: map[string]int{"A": 12, "B": 8, "C": 10, "D": 6},
}

// Edition implements adjudicator.Editioner.
func (r *Rules) Edition() string { return fmt.Sprint(currentEdition) }

// edition reads the game option: none is the current edition (a new
// game's, set by adjudicator.New; a record without it is set up with
// adjudicator.FirstEdition by adjudicator.SetupOf).
func edition(o adjudicator.Options) (int, error) {
	switch o[adjudicator.OptEdition] {
	case "", "2":
		return 2, nil
	case "1":
		return 1, nil
	}
	return 0, fmt.Errorf("edition %q: The Final Gamble has editions 1 (games recorded before 27 November 2026) and 2", o[adjudicator.OptEdition])
}

// firstEdition: the game plays edition 1 (or was stored before editions).
func (s *Setup) firstEdition() bool { return s.Edition < 2 }

// setEdition gives a new state its edition's track starts.
func (s *Setup) setEdition(ed int) {
	s.Edition = ed
	if s.firstEdition() {
		s.Tracks["taken"] = edition1.taken[s.Scenario]
		s.Tracks["vm_replacements"] = edition1.replacement[s.Scenario]
	}
}

// moraleCheckTurn: turn n has a VM Morale Check box (5.1-C; F42).
func (r *Rules) moraleCheckTurn(s *Setup, n int) bool {
	if s.firstEdition() {
		return slices.Contains(edition1.mc, n)
	}
	t := r.D.Tracks.GameTurn.Turns
	return n >= 1 && n <= len(t) && t[n-1].MC
}

// moraleChecks lists the turns with a VM Morale Check box.
func (r *Rules) moraleChecks(s *Setup) []int {
	var out []int
	for n := 1; n <= len(r.D.Tracks.GameTurn.Turns); n++ {
		if r.moraleCheckTurn(s, n) {
			out = append(out, n)
		}
	}
	return out
}

// trackMaxes is each numbered track's top in the game's edition.
func (r *Rules) trackMaxes(s *Setup) map[string]int {
	out := map[string]int{"strongpoints": r.D.Tracks.Strongpoints.Max}
	for _, t := range r.D.Tracks.Tracks {
		out[t.ID] = t.Max
	}
	if s.firstEdition() {
		out["vm_replacements"] = edition1.replaceMax
	}
	return out
}

// supportMortars is how many Support Mortars the VM has (3.1, 7.3).
func (r *Rules) supportMortars(s *Setup) int {
	if s.firstEdition() {
		return edition1.mortars
	}
	return r.D.Units.Markers.SupportMortars
}
