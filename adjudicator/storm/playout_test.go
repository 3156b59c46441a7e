package storm

import (
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// Random playouts (DESIGN: Testing): complete games choosing from Legal,
// without and with standing reactions: no panic, no dead end, termination,
// no legal order refused, replay and snapshot twins equal to the live game.
func TestPlayout_CompleteGames(t *testing.T) {
	r := New(MustDefault())
	games := 6
	if testing.Short() {
		games = 2
	}
	if raceEnabled {
		games = 1
	}
	for i, standing := range []bool{false, true} {
		for _, aggressive := range []bool{false, true} {
			if raceEnabled && aggressive {
				continue // under -race: one game without standing reactions, one with, the shorter policy
			}
			o := adjudicator.PlayoutOptions{Scenario: "battle", Games: games, Seed: uint64(11 + i), TwinEvery: 40}
			r.TunePlayout(&o, standing)
			if aggressive {
				o.Pick = adjudicator.PreferAction
			}
			st := adjudicator.Playout(r, o, time.Now)
			t.Logf("standing=%v aggressive=%v: %d games, %d actions, %d twins, %.1f hand-offs/turn, by phase %v, %.1fs, wins %v",
				standing, aggressive, st.Games, st.Actions, st.Twins, st.HandoffsPerPeriod, st.HandoffsByPhase, st.Seconds, st.Wins)
			if st.Finished != games || st.Panics+st.DeadEnds+st.Unterminated+st.Refused+st.ReplayMismatches+st.TwinMismatches > 0 {
				t.Fatalf("standing=%v aggressive=%v: %+v", standing, aggressive, st)
			}
		}
	}
}
