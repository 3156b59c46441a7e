package finalgamble

import (
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// Random playouts (DESIGN: Testing): complete games of every scenario,
// random and aggressive, with and without standing orders; no panic, no
// dead end, termination, no legal order refused, replay equal to the
// final state, snapshot twins equal to the live game.
func TestPlayout_AllScenarios(t *testing.T) {
	r := rules(t)
	games := 2
	scs := ScenarioIDs
	if testing.Short() {
		games, scs = 1, []string{"D"}
	}
	policies := []bool{false, true}
	if raceEnabled {
		policies = policies[:1] // one game under the race detector
	}
	for _, sc := range scs {
		for i, aggressive := range policies {
			o := adjudicator.PlayoutOptions{Scenario: sc, Games: games, Seed: 7, TwinEvery: 64}
			r.TunePlayout(&o, i == 1)
			if aggressive {
				o.Pick = adjudicator.PreferAction
			}
			st := adjudicator.Playout(r, o, time.Now)
			t.Logf("%s aggressive=%v: %d games, %d actions, %d twins, %.1f hand-offs/turn, %.1fs, wins %v", sc, aggressive, st.Games, st.Actions, st.Twins, st.HandoffsPerPeriod, st.Seconds, st.Wins)
			if st.Finished != games || st.Panics+st.DeadEnds+st.Unterminated+st.Refused+st.ReplayMismatches+st.TwinMismatches+st.EndMismatches > 0 {
				t.Fatalf("%s: %+v", sc, st)
			}
		}
	}
}
