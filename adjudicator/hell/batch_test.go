package hell

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// Invariant 2 (DESIGN), issue 12: no peeking at dice through a refused
// batch. Over random fighting playouts, batches of two or three orders
// whose later orders are often refused are given; for every refusal:
//   - the refused order drew no die (the counter did not move), and its
//     refusal reads the same whatever the dice stream would have given;
//   - the orders before it are in the step, with their rolls, so they are
//     committed and announced before the refusal is shown;
//   - after the commit the next roll index is past every roll drawn.
func TestBatchRefusal_NeverShowsUncommittedDice(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 4
	}
	if raceEnabled {
		games = 2
	}
	refusals, prefixes, withDice := 0, 0, 0
	now := time.Unix(0, 0).UTC()
	for gi := 0; gi < games; gi++ {
		r := rand.New(rand.NewPCG(uint64(gi), 77))
		sc := []string{"initial-assault", "five-hills", "full-battle"}[gi%3]
		g, _, err := adjudicator.New(testRules, adjudicator.Record{ID: "b", Title: "hell", Scenario: sc,
			Seats: map[adjudicator.Side]string{}, Seed: seedFor(gi)})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range StandingAll() {
			g.Commit(mustStep(t)(g.Orders("x", p.Side, []string{p.Order}, "", now)))
		}
		for n := 0; n < 4000; n++ {
			p := g.Prompt()
			if p.Over {
				break
			}
			side := p.Awaiting[r.IntN(len(p.Awaiting))]
			tree := testRules.Legal(g.State, side)
			batch := []string{adjudicator.PreferAction(r, side, tree)}
			if r.IntN(3) == 0 {
				// Later orders chosen from the tree before the first was
				// applied: often no longer legal, sometimes still so.
				for k := 1 + r.IntN(2); k > 0; k-- {
					batch = append(batch, adjudicator.PreferAction(r, side, tree))
				}
			}
			before := g.DiceNext()
			step, err := g.Orders("x", side, batch, "", now)
			if err == nil {
				g.Commit(step)
				continue
			}
			var oe *adjudicator.OrderError
			if !errors.As(err, &oe) {
				t.Fatalf("game %d: batch %q: not a refusal: %v", gi, batch, err)
			}
			refusals++
			taken := 0
			state := g.State
			if step != nil {
				taken = len(step.Entries)
				prefixes++
				for i, e := range step.Entries {
					if e.Action != batch[i] {
						t.Fatalf("game %d: entry %d is %q, batch order %d was %q", gi, e.Seq, e.Action, i+1, batch[i])
					}
					if len(e.Rolls) > 0 {
						withDice++
					}
				}
				g.Commit(step)
				state = g.State
				for _, e := range step.Entries {
					if e.DiceTo > g.DiceNext() {
						t.Fatalf("game %d: next roll %d not past entry %d's rolls (to %d)", gi, g.DiceNext(), e.Seq, e.DiceTo)
					}
				}
			} else if g.DiceNext() != before {
				t.Fatalf("game %d: a wholly refused batch moved the dice counter", gi)
			}
			if taken >= len(batch) {
				t.Fatalf("game %d: refusal %v but all %d orders taken", gi, err, taken)
			}
			refusedOrder := batch[taken]
			// The refused order, given alone against the committed state,
			// draws no die and reads the same with any dice.
			start := g.DiceNext()
			var texts []string
			for k := 0; k < 3; k++ {
				d := adjudicator.NewStream(seedFor(1000+k), start)
				_, _, aerr := testRules.Apply(state, side, refusedOrder, d)
				if aerr == nil {
					t.Fatalf("game %d: %q refused in the batch but accepted alone (%v)", gi, refusedOrder, err)
				}
				if d.Next() != start {
					t.Fatalf("game %d: refused order %q drew %d dice", gi, refusedOrder, d.Next()-start)
				}
				texts = append(texts, aerr.Error())
			}
			if texts[0] != texts[1] || texts[1] != texts[2] {
				t.Fatalf("game %d: the refusal of %q depends on the dice: %q", gi, refusedOrder, texts)
			}
		}
	}
	t.Logf("%d games: %d refused batches, %d with orders taken before the refusal (%d of them rolled dice)", games, refusals, prefixes, withDice)
	if refusals == 0 || prefixes == 0 {
		t.Fatalf("the test reached no refusal after a taken order (%d refusals, %d prefixes)", refusals, prefixes)
	}
}

func seedFor(n int) []byte {
	b := make([]byte, adjudicator.SeedSize)
	copy(b, fmt.Sprintf("batch seed %d", n))
	return b
}

func mustStep(t *testing.T) func(*adjudicator.Step, error) *adjudicator.Step {
	return func(s *adjudicator.Step, err error) *adjudicator.Step {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
}
