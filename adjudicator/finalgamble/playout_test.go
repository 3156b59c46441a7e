package finalgamble

import (
	"math/rand/v2"
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

// Every prompt that awaits a side has a default a deadline can take, and
// the default is accepted (DESIGN: Asynchronous flow).
func TestPrompt_EveryDefaultIsAccepted(t *testing.T) {
	r := rules(t)
	s0, _ := r.Setup("D", nil)
	s := s0.(*State)
	rng := rand.New(rand.NewPCG(5, 6))
	d := &seqDice{rng: rng}
	for n := 0; n < 600 && s.Result == nil; n++ {
		p := r.Prompt(s)
		side := p.Awaiting[0]
		if p.Default == "" {
			t.Fatalf("no default at %s", p.Phase)
		}
		if _, _, err := r.Apply(s, side, p.Default, d); err != nil {
			t.Fatalf("the default %q at %s is refused: %v", p.Default, p.Phase, err)
		}
		// play on: the default or a random order
		order := p.Default
		if rng.IntN(2) == 0 {
			order = adjudicator.PreferAction(rng, side, adjudicator.WithoutStanding(r.Legal(s, side)))
		}
		ns, _, err := r.Apply(s, side, order, d)
		if err != nil {
			t.Fatalf("%q: %v", order, err)
		}
		s = ns.(*State)
	}
}

type seqDice struct{ rng *rand.Rand }

func (d *seqDice) Roll(n int) int { return 1 + d.rng.IntN(n) }

// Legal trees built from one state in several goroutines at once (the
// bot's autocomplete) share its geometry cache safely (run with -race).
func TestLegal_ConcurrentOnOneState(t *testing.T) {
	r := rules(t)
	s0, _ := r.Setup("A", nil)
	s := s0.(*State).clone()
	r.enter(s, "6.2", nil, &events{})
	c := s.clone()
	done := make(chan int, 4)
	for i := 0; i < 4; i++ {
		go func(i int) {
			st := s
			if i%2 == 1 {
				st = c // a clone shares the cache while its geometry is the same
			}
			done <- len(adjudicator.Orders(r.Legal(st, French)))
		}(i)
	}
	n := <-done
	for i := 1; i < 4; i++ {
		if m := <-done; m != n {
			t.Fatalf("%d legal orders in one goroutine, %d in another", n, m)
		}
	}
}
