package cards

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

func stream(s string) *adjudicator.Stream {
	h := sha256.Sum256([]byte(s))
	return adjudicator.NewStream(h[:], 0)
}

// A draw picks uniformly among the cards left, by secret rolls only.
func TestDraw_UniformAndSecret(t *testing.T) {
	d := stream("uniform")
	count := map[int]int{}
	const n = 6000
	for i := 0; i < n; i++ {
		s := NewStock(1, 2, 3, 4, 5, 6)
		got, _ := s.Draw(d, 1, WhenShort)
		count[got[0]]++
	}
	chi := 0.0
	for c := 1; c <= 6; c++ {
		e := float64(n) / 6
		chi += (float64(count[c]) - e) * (float64(count[c]) - e) / e
	}
	if chi > 20.5 { // 5 degrees of freedom, p < 0.001
		t.Fatalf("draws are not uniform: %v (chi² %.1f)", count, chi)
	}
	for _, r := range d.Drawn() {
		if !r.Secret {
			t.Fatalf("a roll that picked a card is public: %+v", r)
		}
	}
}

// The last card in a pile is drawn without a roll (there is no d1).
func TestDraw_LastCardNeedsNoRoll(t *testing.T) {
	d := stream("last")
	s := NewStock(9)
	got, _ := s.Draw(d, 1, WhenShort)
	if len(got) != 1 || got[0] != 9 || len(d.Drawn()) != 0 {
		t.Fatalf("drew %v with %d rolls", got, len(d.Drawn()))
	}
}

// Storm 5.4: with too few cards in the draw pile to fill the hand, the
// discard pile is shuffled in before drawing; the other policies.
func TestDraw_Reshuffles(t *testing.T) {
	for _, c := range []struct {
		name      string
		r         Reshuffle
		want      int
		reshuffle bool
		deckAfter int
	}{
		{"5.4 when short: discard joins before the draw", WhenShort, 3, true, 2},
		{"when empty: the rest, then the discard", WhenEmpty, 3, true, 2},
		{"never: only what is left", Never, 1, false, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := Stock{Deck: Pile{1}, Discard: Pile{2, 3, 4, 5}}
			got, re := s.Draw(stream(c.name), 3, c.r)
			if len(got) != c.want || re != c.reshuffle || len(s.Deck) != c.deckAfter {
				t.Fatalf("drew %v (reshuffled %v), deck left %v; want %d cards, reshuffled %v, %d left", got, re, s.Deck, c.want, c.reshuffle, c.deckAfter)
			}
			if err := s.Check([]int{1, 2, 3, 4, 5}); err != nil {
				t.Fatal(err)
			}
		})
	}
	// enough cards: no reshuffle even with a discard pile
	s := Stock{Deck: Pile{1, 2, 3}, Discard: Pile{4}}
	if _, re := s.Draw(stream("enough"), 3, WhenShort); re || !s.Discard.Has(4) {
		t.Fatal("reshuffled with enough cards in the draw pile")
	}
}

// 5.2/5.3: a played card goes to the discard pile, or out of the game
// when it says so; a discarded one always to the discard pile.
func TestPlay_DiscardAndRemove(t *testing.T) {
	s := Stock{Hand: Pile{3, 7, 7}}
	if err := s.Play(7, true); err != nil {
		t.Fatal(err)
	}
	if err := s.DiscardCard(7); err != nil {
		t.Fatal(err)
	}
	if err := s.Play(4, false); err == nil {
		t.Fatal("played a card not in the hand")
	}
	if fmt.Sprint(s.Hand, s.Discard, s.Removed) != "[3] [7] [7]" {
		t.Fatalf("hand %v discard %v removed %v", s.Hand, s.Discard, s.Removed)
	}
	if s.Excess(0) != 1 || s.Excess(4) != 0 {
		t.Fatal("excess over a hand limit")
	}
	p := s.Public()
	if p.Hand != 1 || p.Deck != 0 || !p.Discard.Has(7) || !p.Removed.Has(7) {
		t.Fatalf("public %+v", p)
	}
}

// Equal stocks encode to equal bytes whatever order cards arrived in,
// and the public part holds no card of the hand or the draw pile.
func TestStock_DeterministicEncodingAndPublicPart(t *testing.T) {
	var a, b Stock
	a.Hand.Add(5, 1, 3)
	b.Hand.Add(3, 5, 1)
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	if string(x) != string(y) {
		t.Fatalf("%s != %s", x, y)
	}
	c := Stock{Deck: Pile{1, 2}, Hand: Pile{3}}
	e := Stock{Deck: Pile{2, 3}, Hand: Pile{1}}
	p, _ := json.Marshal(c.Public())
	q, _ := json.Marshal(e.Public())
	if string(p) != string(q) {
		t.Fatalf("public parts differ with the hands: %s, %s", p, q)
	}
}

func TestStock_CheckRefusesTampering(t *testing.T) {
	all := []int{1, 2, 3}
	for _, s := range []Stock{
		{Deck: Pile{2, 1}, Hand: Pile{3}},
		{Deck: Pile{1, 2}, Hand: Pile{2}},
		{Deck: Pile{1}, Hand: Pile{3}},
	} {
		if s.Check(all) == nil {
			t.Errorf("%+v passes", s)
		}
	}
	if err := (Stock{Deck: Pile{1}, Hand: Pile{2}, Removed: Pile{3}}).Check(all); err != nil {
		t.Fatal(err)
	}
}
