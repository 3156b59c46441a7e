// Package cards keeps the cards of titles with secret hands (Storm over
// Dien Bien Phu, The Lost Valley): each side's draw pile, hand, discard
// pile and removed cards, and the standing reactions that let a side
// answer a reaction window without a hand-off.
//
// Secrecy (DESIGN invariant 1):
//
//   - A draw pile has no order. Piles are multisets of card numbers kept
//     sorted, so the state and its encoding hold no secret sequence; a
//     card is drawn uniformly from what remains at draw time, by a roll
//     of the game's Dice marked secret (adjudicator.RollSecret), which no
//     log page shows before the game ends and verify re-derives after.
//   - What anyone may see of a side's cards is Stock.Public: how many are
//     in the draw pile and the hand, the discard pile and the removed
//     cards. The hand is for its side's view only.
//   - A reaction window opens or stays shut on public facts only, and the
//     game waits on a side in it only when that side's standing reaction
//     says "ask", never because the card is held (Book.Decide).
package cards

import (
	"fmt"
	"sort"

	"github.com/umpirebot/umpire/adjudicator"
)

// Pile is an unordered multiset of card numbers, kept in ascending order
// so that equal piles encode to equal bytes.
type Pile []int

// Has reports whether c is in the pile.
func (p Pile) Has(c int) bool {
	i := sort.SearchInts(p, c)
	return i < len(p) && p[i] == c
}

// Add puts cards in the pile, keeping it sorted.
func (p *Pile) Add(cs ...int) {
	for _, c := range cs {
		i := sort.SearchInts(*p, c)
		*p = append(*p, 0)
		copy((*p)[i+1:], (*p)[i:])
		(*p)[i] = c
	}
}

// Take removes one copy of c; false if it is not there.
func (p *Pile) Take(c int) bool {
	i := sort.SearchInts(*p, c)
	if i >= len(*p) || (*p)[i] != c {
		return false
	}
	*p = append((*p)[:i:i], (*p)[i+1:]...)
	return true
}

// Clone is an independent copy (states are copied before Apply changes
// them).
func (p Pile) Clone() Pile {
	if p == nil {
		return nil
	}
	return append(Pile{}, p...)
}

// Reshuffle says what a draw does when the draw pile runs short.
type Reshuffle int

const (
	// WhenShort: if the draw pile holds fewer cards than are to be drawn,
	// the discard pile joins it first (Storm 5.4).
	WhenShort Reshuffle = iota
	// WhenEmpty: draw what is left, then the discard pile becomes the
	// draw pile and drawing goes on.
	WhenEmpty
	// Never: draw what is left and stop.
	Never
)

// Stock is one side's cards.
type Stock struct {
	Deck    Pile `json:"deck"`              // the draw pile, no order
	Hand    Pile `json:"hand"`              // secret to the other side and the public
	Discard Pile `json:"discard,omitempty"` // face up
	Removed Pile `json:"removed,omitempty"` // out of the game, face up
}

// NewStock is a side's cards at the start: all in the draw pile.
func NewStock(cards ...int) Stock {
	var s Stock
	s.Deck.Add(cards...)
	return s
}

// Clone is an independent copy.
func (s Stock) Clone() Stock {
	return Stock{Deck: s.Deck.Clone(), Hand: s.Hand.Clone(), Discard: s.Discard.Clone(), Removed: s.Removed.Clone()}
}

// Draw moves up to n cards from the draw pile to the hand, each chosen
// uniformly from the cards left at that moment by a secret roll (none
// when one card is left). It returns the cards drawn (the drawer's
// secret) and whether the discard pile was shuffled in.
func (s *Stock) Draw(d adjudicator.Dice, n int, r Reshuffle) (drawn []int, reshuffled bool) {
	if n <= 0 {
		return nil, false
	}
	if r == WhenShort && len(s.Deck) < n && len(s.Discard) > 0 {
		s.Deck.Add(s.Discard...)
		s.Discard, reshuffled = nil, true
	}
	for len(drawn) < n {
		if len(s.Deck) == 0 {
			if r != WhenEmpty || len(s.Discard) == 0 {
				break
			}
			s.Deck, s.Discard, reshuffled = s.Discard, nil, true
		}
		i := 0
		if len(s.Deck) > 1 {
			i = adjudicator.RollSecret(d, len(s.Deck)) - 1
		}
		c := s.Deck[i]
		s.Deck.Take(c)
		s.Hand.Add(c)
		drawn = append(drawn, c)
	}
	return drawn, reshuffled
}

// Play moves a card from the hand to the discard pile, or out of the
// game when the card says so.
func (s *Stock) Play(c int, remove bool) error {
	if !s.Hand.Take(c) {
		return fmt.Errorf("card %d is not in the hand", c)
	}
	if remove {
		s.Removed.Add(c)
	} else {
		s.Discard.Add(c)
	}
	return nil
}

// DiscardCard moves a card from the hand to the discard pile unplayed
// (a discarded card is never removed from the game).
func (s *Stock) DiscardCard(c int) error { return s.Play(c, false) }

// Excess is how many cards the hand holds over limit (0 if none).
func (s Stock) Excess(limit int) int { return max(0, len(s.Hand)-limit) }

// Public is what anyone may know of a side's cards.
type Public struct {
	Deck    int  `json:"deck"`
	Hand    int  `json:"hand"`
	Discard Pile `json:"discard,omitempty"`
	Removed Pile `json:"removed,omitempty"`
}

// Public is the side's cards as the other side and the public see them.
func (s Stock) Public() Public {
	return Public{Deck: len(s.Deck), Hand: len(s.Hand), Discard: s.Discard.Clone(), Removed: s.Removed.Clone()}
}

// Check reports a stock that is not sorted or holds other cards than
// all (as a multiset): a decoded state that was tampered with.
func (s Stock) Check(all []int) error {
	count := map[int]int{}
	for _, c := range all {
		count[c]++
	}
	for name, p := range map[string]Pile{"deck": s.Deck, "hand": s.Hand, "discard": s.Discard, "removed": s.Removed} {
		if !sort.IntsAreSorted(p) {
			return fmt.Errorf("the %s is not in order", name)
		}
		for _, c := range p {
			count[c]--
			if count[c] < 0 {
				return fmt.Errorf("card %d is in the %s once too often", c, name)
			}
		}
	}
	for c, n := range count {
		if n > 0 {
			return fmt.Errorf("card %d is missing", c)
		}
	}
	return nil
}
