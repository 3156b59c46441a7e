package tonkin

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Benchmarks for issue 10 ("benchmarks for apply, legal tree and replay
// of a full scenario"), against DESIGN's budgets (Performance budgets:
// apply one action well under 1 ms; replay a full game under 50 ms for
// an 8-turn game). The states and the game record are built before the
// timer starts; each benchmark runs with -benchtime=1x as a smoke check.

var benchSeed = func() []byte { h := sha256.Sum256([]byte("tonkin bench")); return h[:] }()

// benchGame plays scenario sc with the playouts' uniform walk of the legal
// tree (adjudicator.RandomOrder, no standing orders) from a fixed seed,
// calling stop before each order; it returns the game where stop said
// true, or at its end.
func benchGame(b *testing.B, r *Rules, sc string, stop func(*State) bool) *adjudicator.Game {
	b.Helper()
	g, _, err := adjudicator.New(r, adjudicator.Record{ID: "bench", Title: "tonkin", Scenario: sc, Seats: map[adjudicator.Side]string{FEF: "alice", VM: "bob"}, Created: time0, Seed: benchSeed})
	if err != nil {
		b.Fatal(err)
	}
	rnd := rand.New(rand.NewPCG(10, 1))
	for n := 0; !g.Prompt().Over; n++ {
		if n > 20000 {
			b.Fatalf("%s: no end after %d orders", sc, n)
		}
		if stop != nil && stop(g.State.(*State)) {
			return g
		}
		p := g.Prompt()
		side := p.Awaiting[rnd.IntN(len(p.Awaiting))]
		order := adjudicator.RandomOrder(rnd, adjudicator.WithoutStanding(r.Legal(g.State, side)))
		step, err := g.Orders("bench", side, []string{order}, "", time0)
		if err != nil {
			b.Fatalf("%s: legal order %q refused: %v", sc, order, err)
		}
		g.Commit(step)
	}
	if stop != nil {
		b.Fatalf("%s: the game ended before the state sought", sc)
	}
	return g
}

// midOps: a mid-game state (turn 3 or later of scenario 1950) where the
// awaited side spends operation points and may move.
func midOps(s *State) bool {
	return s.Turn >= 3 && (s.Phase == PhaseOps1 || s.Phase == PhaseOps2) && s.Step == StepPoints
}

// midMove: a mid-game movement phase (turn 3 or later).
func midMove(s *State) bool {
	return s.Turn >= 3 && (s.Phase == PhaseMove1 || s.Phase == PhaseMove2)
}

// firstOrder is the first complete order under the tree's choice word.
func firstOrder(tree []adjudicator.Choice, word string) string {
	for _, c := range tree {
		if c.Word != word {
			continue
		}
		out := c.Word
		for !c.Complete && len(c.Next) > 0 {
			c = c.Next[0]
			out += " " + c.Word
		}
		if c.Complete {
			return out
		}
	}
	return ""
}

// BenchmarkApply: one order applied to a fixed mid-game state, as the
// engine does for every order (Apply clones the state, so each iteration
// starts from the same one): a move for one operation point (6.3 a) and
// a move in a movement phase (5.0).
func BenchmarkApply(b *testing.B) {
	r := rules(b)
	for _, c := range []struct {
		name string
		at   func(*State) bool
	}{
		{"ops-move", midOps},
		{"movement-move", midMove},
	} {
		g := benchGame(b, r, "1950", c.at)
		s := g.State.(*State)
		side := adjudicator.Side(s.awaited())
		order := firstOrder(r.Legal(s, side), "move")
		if order == "" {
			b.Fatalf("%s: no move offered to %s at turn %d %s", c.name, side, s.Turn, s.Phase)
		}
		seed := g.Rec.Seed
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := r.Apply(s, side, order, adjudicator.NewStream(seed, 0)); err != nil {
					b.Fatalf("%q: %v", order, err)
				}
			}
		})
	}
}

// BenchmarkLegal: the awaited side's legal tree, built for every prompt,
// at typical states: the first movement phase of 1953 (the largest
// set-up), a mid-game movement phase and a mid-game operation phase.
func BenchmarkLegal(b *testing.B) {
	r := rules(b)
	states := []struct {
		name string
		s    *State
	}{
		{"setup-1953-movement", setup(b, r, "1953")},
		{"mid-1950-movement", benchGame(b, r, "1950", midMove).State.(*State)},
		{"mid-1950-operations", benchGame(b, r, "1950", midOps).State.(*State)},
	}
	for _, c := range states {
		side := adjudicator.Side(c.s.awaited())
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if len(r.Legal(c.s, side)) == 0 {
					b.Fatal("no legal order")
				}
			}
		})
	}
}

// BenchmarkReplay: a whole scenario played to its end at a fixed seed,
// its record replayed from set-up (adjudicator.Replay, as a restarted
// process rebuilds a game) and verified (adjudicator.Verify, as `umpire
// verify` does: the commitment, every roll and the result).
func BenchmarkReplay(b *testing.B) {
	r := rules(b)
	for _, sc := range []string{"1950", "1953"} {
		g := benchGame(b, r, sc, nil)
		rec := g.Rec
		want, err := g.State.Encode()
		if err != nil {
			b.Fatal(err)
		}
		s := g.State.(*State)
		b.Run(sc+"/replay", func(b *testing.B) {
			for b.Loop() {
				back, err := adjudicator.Replay(r, rec)
				if err != nil {
					b.Fatal(err)
				}
				if got, _ := back.Encode(); string(got) != string(want) {
					b.Fatal("the replay differs from the played game")
				}
			}
			b.ReportMetric(float64(len(rec.Entries)), "entries")
			b.ReportMetric(float64(s.Turn), "turns")
		})
		b.Run(sc+"/verify", func(b *testing.B) {
			for b.Loop() {
				if fs := adjudicator.Verify(r, rec); len(fs) > 0 {
					b.Fatalf("verify: %v", fs)
				}
			}
		})
	}
}
