package storm

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Invariant 1, leak twins: two games whose French hands (and so French
// draw piles) differ while every public fact is the same read the same
// to the VM and to the public at every step, byte for byte: views (the
// board the maps are drawn from), prompts (who is awaited, the decision,
// the default), the VM's legal orders, the events, the VM's refusals and
// the dice drawn. France plays no card here (a played card is public);
// its reaction windows ask it, and it passes.
func TestLeakTwins_HandsDiffer(t *testing.T) {
	games := 3
	if testing.Short() || raceEnabled {
		games = 1
	}
	for _, hidden := range []Side{French, VM} {
		if raceEnabled && hidden == VM {
			continue // under -race: France's hand only (the reactions' side)
		}
		for g := 0; g < games; g++ {
			t.Run(fmt.Sprintf("%s hand, game %d", hidden, g), func(t *testing.T) { leakTwin(t, uint64(g), hidden) })
		}
	}
}

func leakTwin(t *testing.T, seed uint64, hidden Side) {
	watcher := other(hidden)
	r := New(MustDefault())
	st, _ := r.Setup("battle", nil)
	key := make([]byte, 32)
	key[0] = byte(seed)
	var na, nb uint64
	step := func(s adjudicator.State, n *uint64, side Side, order string) (adjudicator.State, []adjudicator.Event, error) {
		d := adjudicator.NewStream(key, *n)
		ns, ev, err := r.Apply(s, side, order, d)
		if err == nil {
			*n = d.Next()
		}
		return ns, ev, err
	}
	a, _, err := step(st, &na, VM, "draw")
	if err != nil {
		t.Fatal(err)
	}
	b, _, _ := step(st, &nb, VM, "draw")
	// the twin's hidden hand holds other cards
	bs := b.(*State)
	hand := append([]int(nil), bs.Cards[hidden].Hand...)
	deck := append([]int(nil), bs.Cards[hidden].Deck...)
	for i := 0; i < 3; i++ {
		bs.Cards[hidden].Hand.Take(hand[i])
		bs.Cards[hidden].Deck.Take(deck[i])
		bs.Cards[hidden].Hand.Add(deck[i])
		bs.Cards[hidden].Deck.Add(hand[i])
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	js := func(x any) string {
		j, _ := json.Marshal(x)
		return string(j)
	}
	seen := func(ev []adjudicator.Event, v adjudicator.Viewer) string {
		var out []string
		for _, e := range ev {
			if v.Sees(e.Audience) {
				out = append(out, e.Text)
			}
		}
		return strings.Join(out, "\n")
	}
	limit := 4000
	if raceEnabled {
		limit = 250 // under -race: the first turns
	}
	for n := 0; n < limit; n++ {
		for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(watcher)} {
			if x, y := js(r.View(a, v)), js(r.View(b, v)); x != y {
				t.Fatalf("step %d: %s's views differ:\n%s\n%s", n, v, x, y)
			}
		}
		pa, pb := r.Prompt(a), r.Prompt(b)
		if js(pa) != js(pb) {
			t.Fatalf("step %d: prompts differ: %+v / %+v", n, pa, pb)
		}
		if pa.Over {
			return
		}
		var forced string
		if as := a.(*State); as.Step == stepHandLimit && pa.Awaits(hidden) {
			// the hidden side discards its excess: cards both twins hold,
			// else its hand becomes public and the twins end here
			var common []string
			for _, c := range as.Cards[hidden].Hand {
				if b.(*State).Cards[hidden].Hand.Has(c) && len(common) < as.Excess[hidden] {
					common = append(common, fmt.Sprint(c))
				}
			}
			if len(common) < as.Excess[hidden] {
				t.Logf("twins equal for %d steps, to turn %d", n, as.Turn)
				return
			}
			forced = "discard " + strings.Join(common, " ")
		}
		if x, y := js(r.Legal(a, watcher)), js(r.Legal(b, watcher)); x != y {
			t.Fatalf("step %d: the %s's legal orders differ", n, watcher)
		}
		side := pa.Awaiting[0]
		var order string
		if forced != "" && pa.Awaits(hidden) {
			side, order = hidden, forced
		} else if side == watcher {
			order = adjudicator.PreferAction(rng, watcher, adjudicator.WithoutStanding(r.Legal(a, watcher)))
			// a refusal reads the same in both (a made-up card play)
			_, _, ea := r.Apply(a, watcher, "play 3 at 17", &fixed{})
			_, _, eb := r.Apply(b, watcher, "play 3 at 17", &fixed{})
			if fmt.Sprint(ea) != fmt.Sprint(eb) {
				t.Fatalf("step %d: refusals differ: %v / %v", n, ea, eb)
			}
		} else {
			order = noCards(r, a.(*State), side, rng)
		}
		var eva, evb []adjudicator.Event
		var errA, errB error
		a, eva, errA = step(a, &na, side, order)
		b, evb, errB = step(b, &nb, side, order)
		if errA != nil || errB != nil {
			t.Fatalf("step %d: %s %q: %v / %v", n, side, order, errA, errB)
		}
		for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(watcher)} {
			if x, y := seen(eva, v), seen(evb, v); x != y {
				t.Fatalf("step %d: %s %q: %s reads\n%s\n---\n%s", n, side, order, v, x, y)
			}
		}
		if na != nb {
			t.Fatalf("step %d: %s %q: the dice counters differ (%d, %d)", n, side, order, na, nb)
		}
	}
	if !raceEnabled {
		t.Fatal("no end after 4000 orders")
	}
}

// noCards: an order of side that plays, discards or digs with no card.
func noCards(r *Rules, s *State, side Side, rng *rand.Rand) string {
	switch {
	case s.Ask != nil:
		return "pass"
	case s.Step == stepVMPassed:
		return "end"
	case s.Step == stepDiscardFr || s.Step == stepDiscardVM:
		return "keep"
	}
	var tree []adjudicator.Choice
	for _, c := range adjudicator.WithoutStanding(r.Legal(s, side)) {
		if c.Word != "play" && c.Word != "discard" {
			tree = append(tree, c)
		}
	}
	for {
		o := adjudicator.PreferAction(rng, side, tree)
		if i := strings.Index(o, " with "); i >= 0 {
			o = o[:i]
		}
		if !strings.Contains(o, " card ") {
			return o
		}
	}
}
