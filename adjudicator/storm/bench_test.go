package storm

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

func benchState(b *testing.B) (*Rules, adjudicator.State) {
	r := New(MustDefault())
	s, _ := r.Setup("battle", nil)
	d := &seqDice{}
	s, _, err := r.Apply(s, VM, "draw", d)
	if err != nil {
		b.Fatal(err)
	}
	return r, s
}

func BenchmarkLegalAction(b *testing.B) {
	r, s := benchState(b)
	for i := 0; i < b.N; i++ {
		r.Legal(s, VM)
	}
}

func BenchmarkApplyMove(b *testing.B) {
	r, s := benchState(b)
	for i := 0; i < b.N; i++ {
		if _, _, err := r.Apply(s, VM, "move 7 11 all", &seqDice{}); err != nil {
			b.Fatal(err)
		}
	}
}

// seqDice rolls 1, 2, 3, ... around the die.
type seqDice struct{ n int }

func (d *seqDice) Roll(sides int) int { d.n++; return (d.n-1)%sides + 1 }

// BenchmarkReplayGame: the replay of a whole game (budget: 50 ms).
func BenchmarkReplayGame(b *testing.B) {
	r := New(MustDefault())
	seed := make([]byte, 32)
	g, _, err := adjudicator.New(r, adjudicator.Record{ID: "b", Title: "storm", Scenario: "battle", Seats: map[Side]string{VM: "a", French: "b"}, Seed: seed})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, o := range StandingAll() {
		st, _ := g.Orders("x", o.Side, []string{o.Order}, "", time.Unix(0, 0))
		g.Commit(st)
	}
	for !g.Prompt().Over {
		side := g.Prompt().Awaiting[0]
		o := adjudicator.PreferAction(rng, side, adjudicator.WithoutStanding(r.Legal(g.State, side)))
		st, err := g.Orders("x", side, []string{o}, "", time.Unix(0, 0))
		if err != nil {
			b.Fatal(err)
		}
		g.Commit(st)
	}
	b.ReportMetric(float64(len(g.Rec.Entries)), "entries")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := adjudicator.Replay(r, g.Rec); err != nil {
			b.Fatal(err)
		}
	}
}
