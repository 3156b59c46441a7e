package lostvalley

import (
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/fixture"
)

// Issue 30, item 5: the French player's /game status lists their
// standing orders (the support of 12.3.5.1's VM assaults, the GAACEO and
// armor re-roll), "ask" written out; the public's and the referee's
// status never does (as in Hell and Tonkin).
func TestStatus_StandingOrdersAreThePlayersOwn(t *testing.T) {
	r, s := game(t)
	me := adjudicator.ViewerOf(French)
	for _, c := range []struct{ order, want string }{
		{"", "Your standing orders: defend ask, reroll ask."},
		{"standing reroll 2", "Your standing orders: defend ask, reroll 2."},
		{"standing defend support", "Your standing orders: defend support, reroll 2."},
		{"standing reroll ask", "Your standing orders: defend support, reroll ask."},
		{"standing defend resolve", "Your standing orders: defend resolve, reroll ask."},
	} {
		if c.order != "" {
			s, _ = apply(t, r, s, c.order)
		}
		if got := fixture.StandingLines(r, s, me); len(got) != 1 || got[0] != c.want {
			t.Errorf("after %q: %q, want %q", c.order, got, c.want)
		}
		for _, v := range []adjudicator.Viewer{adjudicator.Public, {Referee: true}} {
			if got := fixture.StandingLines(r, s, v); len(got) != 0 {
				t.Errorf("after %q: %s sees %q", c.order, v, got)
			}
		}
	}
}

// Invariant 1: two games that differ only in the player's standing
// orders read byte for byte the same to the public and the referee, and
// differ to the player.
func TestStatus_StandingOrdersLeakTwins(t *testing.T) {
	r, base := game(t)
	twin := base
	for _, o := range []string{"standing defend support", "standing reroll always"} {
		twin, _ = apply(t, r, twin, o)
	}
	for _, v := range []adjudicator.Viewer{adjudicator.Public, {Referee: true}} {
		if x, y := fixture.ViewJSON(t, r, base, v), fixture.ViewJSON(t, r, twin, v); x != y {
			t.Errorf("the standing orders show to %s:\n%s\n%s", v, x, y)
		}
	}
	me := adjudicator.ViewerOf(French)
	if fixture.ViewJSON(t, r, base, me) == fixture.ViewJSON(t, r, twin, me) {
		t.Error("the player does not see their standing orders change")
	}
}
