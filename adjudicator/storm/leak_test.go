package storm

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Invariant 1, leak twins: two games whose French hands (and so French
// draw piles) differ while every public fact is the same read the same
// to the VM and to the public at every step, byte for byte: views (the
// board the maps are drawn from), prompts (who is awaited, the decision,
// the default), the VM's legal orders, the events, the VM's refusals and
// the dice drawn. The hidden side plays only cards both twins hold (a
// played card is public): its reaction windows ask it, and it plays a
// fitting card both hold, else passes. Both sides allocate their damage
// themselves (standing damage ask), so the choices a player makes after
// a public card are in the twins too: Debouchez a Zero!'s damage, the
// units Mines withdraws, a second Improved Defenses, Rats' units.
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
	t.Logf("the twins met: %v", twinsMet)
}

// twinsMet counts the questions (and Rats plays naming units) the twins
// met, so that a run says what it covered.
var twinsMet = map[string]int{}

func atoiOr(w string) int {
	n, _ := strconv.Atoi(w)
	return n
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
	st = withStanding(t, r, st.(*State))
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
		if as := a.(*State); as.Ask != nil {
			twinsMet[as.Ask.Kind]++
		}
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
			order = noCards(r, a.(*State), b.(*State), side, rng)
		}
		if strings.HasPrefix(order, "play ") && strings.Count(order, " ") >= 4 && r.d.CardName(side, atoiOr(strings.Fields(order)[1])) == cRats {
			twinsMet["rats with units"]++
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

// withStanding: both sides allocate their own damage (8.4), so that the
// twins meet the questions a player answers after a public card.
func withStanding(t *testing.T, r *Rules, s *State) *State {
	t.Helper()
	for _, side := range []Side{VM, French} {
		ns, _, err := r.Apply(s, side, "standing damage ask", &fixed{})
		if err != nil {
			t.Fatal(err)
		}
		s = ns.(*State)
	}
	return s
}

// noCards: an order of side that plays, discards or digs only cards
// both twins (s and twin) hold: in a reaction window, a fitting card
// both hold, else pass; its own damage and Mines' withdrawals by a
// policy (what is hit is public).
func noCards(r *Rules, s, twin *State, side Side, rng *rand.Rand) string {
	switch {
	case s.Ask != nil && s.Ask.Kind == "allocate":
		return []string{"allocate spread", "allocate stand"}[rng.IntN(2)]
	case s.Ask != nil && s.Ask.Kind == "withdraw":
		return "withdraw weakest"
	case s.Ask != nil:
		rc, _ := reactionOf(baseKind(s.Ask.Kind))
		for _, n := range r.held(s, side, rc.Cards...) {
			if twin.Cards[side].Hand.Has(n) && r.playable(s, side, n) && s.Ask.Kind != "emergency-replacements" {
				return "play " + strconv.Itoa(n)
			}
		}
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

// twinStep applies one order to both twins and fails when what watcher
// and the public read differs: views, prompts, watcher's legal orders
// and its refusal of a made-up order, the events.
func twinStep(t *testing.T, r *Rules, a, b *State, watcher, side Side, order string, rolls []int) (*State, *State) {
	t.Helper()
	js := func(x any) string {
		j, _ := json.Marshal(x)
		return string(j)
	}
	same := func(when string, a, b *State) {
		t.Helper()
		for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(watcher)} {
			if x, y := js(r.View(a, v)), js(r.View(b, v)); x != y {
				t.Fatalf("%s: %s's views differ:\n%s\n%s", when, v, x, y)
			}
		}
		if x, y := js(r.Prompt(a)), js(r.Prompt(b)); x != y {
			t.Fatalf("%s: prompts differ:\n%s\n%s", when, x, y)
		}
		if x, y := js(r.Legal(a, watcher)), js(r.Legal(b, watcher)); x != y {
			t.Fatalf("%s: %s's legal orders differ:\n%s\n%s", when, watcher, x, y)
		}
		_, _, ea := r.Apply(a, watcher, "play 3 at 17", &fixed{})
		_, _, eb := r.Apply(b, watcher, "play 3 at 17", &fixed{})
		if fmt.Sprint(ea) != fmt.Sprint(eb) {
			t.Fatalf("%s: refusals differ: %v / %v", when, ea, eb)
		}
	}
	same("before "+order, a, b)
	na, eva, errA := r.Apply(a, side, order, &fixed{v: append([]int(nil), rolls...)})
	nb, evb, errB := r.Apply(b, side, order, &fixed{v: append([]int(nil), rolls...)})
	if errA != nil || errB != nil {
		t.Fatalf("%s %q: %v / %v", side, order, errA, errB)
	}
	for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(watcher)} {
		var x, y []string
		for _, e := range eva {
			if v.Sees(e.Audience) {
				x = append(x, e.Text)
			}
		}
		for _, e := range evb {
			if v.Sees(e.Audience) {
				y = append(y, e.Text)
			}
		}
		if strings.Join(x, "\n") != strings.Join(y, "\n") {
			t.Fatalf("%s %q: %s reads\n%s\n---\n%s", side, order, v, strings.Join(x, "\n"), strings.Join(y, "\n"))
		}
	}
	same("after "+order, na.(*State), nb.(*State))
	return na.(*State), nb.(*State)
}

// Leak twins on the choices a player makes after a public card (RULINGS
// S5, S10, S12, S15): twins whose hidden hands differ read the same to
// the other side and the public through Mines and the VM's choice of
// the withdrawn units, Debouchez a Zero! and the VM's own allocation,
// the second Improved Defenses window (asked whether or not a second
// copy is held) and Rats of the Nam Yum with its units named.
func TestLeakTwins_ChoicesAfterPublicCards(t *testing.T) {
	r, s := blank(t)
	s = withStanding(t, r, s)
	s.Active, s.Turn = VM, 1
	put(s, 11, "88/29-1", "88/29-2", "209/154-1", "209/154-2")
	put(s, 10, "BT3-9", "D13-9")
	put(s, 8, "165/115-1")
	put(s, 14, "B1-1", "B1-2")
	mines, deb := cardNo(t, r, French, cMines), cardNo(t, r, French, cDebouchez)
	rats := cardNo(t, r, VM, cRats)
	// twins: the hidden side's hands differ by one card (for the VM: a
	// second Improved Defenses or not); the watcher's are the same
	twins := func(hidden Side, fr []int) (*State, *State) {
		a, b := s.clone(), s.clone()
		give(a, VM, 1, rats)
		give(b, VM, 1, rats)
		give(a, French, fr...)
		give(b, French, fr...)
		if hidden == VM {
			give(a, VM, 2)
			give(b, VM, 9)
		} else {
			give(a, French, 13)
			give(b, French, 14)
		}
		return a, b
	}
	for _, hidden := range []Side{VM, French} {
		w := other(hidden)
		t.Run(fmt.Sprintf("Mines, the VM chooses (%s hand hidden)", hidden), func(t *testing.T) {
			a, b := twins(hidden, []int{mines})
			a, b = twinStep(t, r, a, b, w, VM, "assault 11 10 all", nil)
			if a.Ask == nil || a.Ask.Kind != "mines" {
				t.Fatalf("France is not asked: %+v", a.Ask)
			}
			a, b = twinStep(t, r, a, b, w, French, "play "+itoa(mines), []int{2})
			if a.Ask == nil || a.Ask.Kind != "withdraw" {
				t.Fatalf("the VM is not asked which units withdraw: %+v", a.Ask)
			}
			twinStep(t, r, a, b, w, VM, "withdraw 209/154-1 88/29-2", []int{6, 6})
		})
		t.Run(fmt.Sprintf("Debouchez a Zero!, the VM allocates (%s hand hidden)", hidden), func(t *testing.T) {
			a, b := twins(hidden, []int{deb})
			a, b = twinStep(t, r, a, b, w, VM, "assault 11 10 all", nil)
			a, b = twinStep(t, r, a, b, w, French, "pass", nil) // no Mines
			a, b = twinStep(t, r, a, b, w, French, "play "+itoa(deb), []int{2, 2})
			if a.Ask == nil || a.Ask.Kind != "allocate" {
				t.Fatalf("the VM is not asked to allocate: %+v", a.Ask)
			}
			twinStep(t, r, a, b, w, VM, "allocate 209/154-1:2", []int{1, 1})
		})
	}
	t.Run("a second Improved Defenses, asked whatever is held", func(t *testing.T) {
		a, b := twins(VM, nil)
		a.Active, b.Active = French, French
		a, b = twinStep(t, r, a, b, French, French, "fire 14 8 all", nil)
		if a.Ask == nil || a.Ask.Kind != "improved-defenses" {
			t.Fatalf("the VM is not asked: %+v", a.Ask)
		}
		a, b = twinStep(t, r, a, b, French, VM, "play 1", nil)
		if a.Ask == nil || a.Ask.Kind != "improved-defenses-2" {
			t.Fatalf("the second copy's window is shut: %+v", a.Ask)
		}
		twinStep(t, r, a, b, French, VM, "pass", []int{3, 3})
	})
	t.Run("Rats of the Nam Yum with units named", func(t *testing.T) {
		a, b := twins(French, nil)
		twinStep(t, r, a, b, VM, VM, "play "+itoa(rats)+" at 14 B1-2", []int{1})
	})
}
