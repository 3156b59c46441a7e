package storm

import (
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/fixture"
)

// Issue 30, item 5: a side's /game status lists its own standing
// reactions (RULINGS S15's windows), its retreat ties (8.4.2) and its damage
// allocation (8.4), "ask" written out; nobody else's status has them
// (the referee's neither, as in Hell and Tonkin).
func TestStatus_StandingOrdersAreTheSidesOwn(t *testing.T) {
	r := New(MustDefault())
	st, err := r.Setup("battle", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	want := map[adjudicator.Viewer]string{
		adjudicator.ViewerOf(French): "Your standing orders: flares ask, mines ask, debouchez ask, bigeard ask, retreat lowest, damage spread.",
		adjudicator.ViewerOf(VM):     "Your standing orders: improved-defenses ask, poor-weather ask, counter-battery ask, emergency-replacements never, heavy-flak ask, retreat lowest, damage spread.",
	}
	for v, w := range want {
		if got := fixture.StandingLines(r, s, v); len(got) != 1 || got[0] != w {
			t.Errorf("set-up, %s: %q, want %q", v, got, w)
		}
	}
	for _, o := range []string{"standing mines play 2", "standing damage stand", "standing flares never"} {
		s, _ = apply(t, r, s, French, o, &fixed{})
	}
	for _, o := range []string{"standing improved-defenses play", "standing retreat join", "standing damage ask", "standing emergency-replacements ask"} {
		s, _ = apply(t, r, s, VM, o, &fixed{})
	}
	want = map[adjudicator.Viewer]string{
		adjudicator.ViewerOf(French): "Your standing orders: flares never, mines play 2, debouchez ask, bigeard ask, retreat lowest, damage stand.",
		adjudicator.ViewerOf(VM):     "Your standing orders: improved-defenses play, poor-weather ask, counter-battery ask, emergency-replacements ask, heavy-flak ask, retreat join, damage ask.",
	}
	for v, w := range want {
		if got := fixture.StandingLines(r, s, v); len(got) != 1 || got[0] != w {
			t.Errorf("set, %s: %q, want %q", v, got, w)
		}
	}
	for _, v := range []adjudicator.Viewer{adjudicator.Public, {Referee: true}} {
		if got := fixture.StandingLines(r, s, v); len(got) != 0 {
			t.Errorf("%s sees %q", v, got)
		}
	}
}

// Invariant 1: two games that differ only in one side's standing orders
// read byte for byte the same to the other side, the public and the
// referee (views, the board the maps are drawn from, prompts), and differ
// to that side.
func TestStatus_StandingOrdersLeakTwins(t *testing.T) {
	r := New(MustDefault())
	st, err := r.Setup("battle", nil)
	if err != nil {
		t.Fatal(err)
	}
	base := st.(*State)
	orders := map[Side][]string{
		French: {"standing mines play 3", "standing bigeard never", "standing damage ask", "standing retreat spread"},
		VM:     {"standing heavy-flak play", "standing counter-battery never", "standing damage stand", "standing retreat join"},
	}
	for _, side := range []Side{French, VM} {
		twin := base
		for _, o := range orders[side] {
			twin, _ = apply(t, r, twin, side, o, &fixed{})
		}
		for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(other(side)), {Referee: true}} {
			if x, y := fixture.ViewJSON(t, r, base, v), fixture.ViewJSON(t, r, twin, v); x != y {
				t.Errorf("%s's standing orders show to %s:\n%s\n%s", side, v, x, y)
			}
		}
		if x, y := fixture.ViewJSON(t, r, base, adjudicator.ViewerOf(side)), fixture.ViewJSON(t, r, twin, adjudicator.ViewerOf(side)); x == y {
			t.Errorf("%s does not see its own standing orders change", side)
		}
	}
}
