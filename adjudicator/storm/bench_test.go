package storm

import (
	"testing"

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
