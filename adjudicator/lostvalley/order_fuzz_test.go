package lostvalley

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Bad input (house rules): along random games, orders made of legal
// words in the wrong places, numbers out of range and garbage are
// refused with an *OrderError naming what was wrong, never panic and
// never change the state; what Legal lists is never refused.
func TestOrders_BadInputIsRefusedAndChangesNothing(t *testing.T) {
	r := testRules(t)
	words := []string{"draw", "play", "keep", "reserve", "discard", "done", "sead", "das", "ration", "delay", "boost", "cas", "arty",
		"resolve", "lose", "retreat", "reroll", "accept", "drop", "raise", "move", "eliminate", "attack", "with", "launch", "cancel",
		"occupy", "raid", "fort", "repair", "rp", "0", "-1", "5", "99", "312", "Hu", "PC", "Isa", "Natasha", "1BEP", "I/2REI", "CMAA", "zz", ""}
	games := 4
	if testing.Short() {
		games = 2
	}
	for g := 0; g < games; g++ {
		rng := rand.New(rand.NewPCG(uint64(g), 99))
		s0, _ := r.Setup([]string{"campaign", "five-hills"}[g%2], nil)
		var s adjudicator.State = s0
		dc := adjudicator.NewStream([]byte{byte(g), 'f'}, 0)
		for k := 0; k < 3000 && !r.Prompt(s).Over; k++ {
			legal := adjudicator.Orders(r.Legal(s, French))
			for j := 0; j < 3; j++ {
				n := 1 + rng.IntN(3)
				var f []string
				for i := 0; i < n; i++ {
					f = append(f, words[rng.IntN(len(words))])
				}
				o := strings.Join(f, " ")
				if contains(legal, o) {
					continue
				}
				before, _ := s.Encode()
				func() {
					defer func() {
						if p := recover(); p != nil {
							t.Fatalf("%q panicked at %s: %v", o, s.(*State).Step, p)
						}
					}()
					_, _, err := r.Apply(s, French, o, adjudicator.NewStream([]byte("x"), 0))
					if err == nil {
						return // an order Legal does not list may still be accepted (case, aliases)
					}
					if _, ok := err.(*adjudicator.OrderError); !ok || err.Error() == "" {
						t.Fatalf("%q: %T %v, want an order error", o, err, err)
					}
				}()
				if after, _ := s.Encode(); string(before) != string(after) {
					t.Fatalf("%q changed the state", o)
				}
			}
			o := adjudicator.RandomOrder(rng, r.Legal(s, French))
			ns, _, err := r.Apply(s, French, o, dc)
			if err != nil {
				t.Fatalf("legal %q refused: %v", o, err)
			}
			s = ns
		}
	}
}
