package tonkin

import (
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

var time0 = time.Unix(0, 0).UTC()

// Random playouts (DESIGN: Testing): complete games of every scenario and
// a campaign choosing uniformly from Legal, and with the aggressive
// policy; no panic, no dead end, termination, no legal order refused,
// replay equal to the final state, snapshot twins equal to the live game.
func TestPlayout_AllScenarios(t *testing.T) {
	r := rules(t)
	// The legal tree of a movement phase costs some 3-5 ms (every unit's
	// reach, BenchmarkLegalMove): short runs play two games a scenario.
	games := 10
	scs := []string{"1950", "1951", "1952", "1953", "1952-1953"}
	if testing.Short() {
		games, scs = 2, []string{"1950", "1953"}
	}
	if raceEnabled {
		games, scs = 1, []string{"1951"}
	}
	for _, sc := range scs {
		for i, aggressive := range []bool{false, true} {
			o := adjudicator.PlayoutOptions{Scenario: sc, Games: games, Seed: 7, TwinEvery: 32}
			r.TunePlayout(&o, i == 1) // the aggressive games with standing orders (RULINGS T22)
			if aggressive {
				o.Pick = adjudicator.PreferAction
			}
			st := adjudicator.Playout(r, o, time.Now)
			t.Logf("%s aggressive=%v: %d games, %d actions, %d twins, %.1f hand-offs/turn, %.1fs, wins %v", sc, aggressive, st.Games, st.Actions, st.Twins, st.HandoffsPerPeriod, st.Seconds, st.Wins)
			if st.Finished != games || st.Panics+st.DeadEnds+st.Unterminated+st.Refused+st.ReplayMismatches+st.TwinMismatches > 0 {
				t.Fatalf("%s: %+v", sc, st)
			}
		}
	}
}

// BenchmarkLegalMove: the legal tree of a movement phase, built for every
// prompt.
func BenchmarkLegalMove(b *testing.B) {
	r := rules(b)
	s := setup(b, r, "1953")
	for i := 0; i < b.N; i++ {
		r.Legal(s, VM)
	}
}
