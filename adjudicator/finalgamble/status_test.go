package finalgamble

import (
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/fixture"
)

// Issue 30 item 5: a side's /game status lists its own standing orders,
// every key with its value; the public, the other side and the referee
// see nothing of them (two states differing only in one side's standing
// orders give them byte-identical views).
func TestStatus_StandingOrdersAreTheSidesOwn(t *testing.T) {
	r := rules(t)
	s, err := r.Setup("a", nil)
	if err != nil {
		t.Fatal(err)
	}
	line := func(s adjudicator.State, side adjudicator.Side) string {
		for _, l := range r.View(s, adjudicator.ViewerOf(side)).Status {
			if strings.HasPrefix(l, "Your standing orders: ") {
				return l
			}
		}
		return ""
	}
	if got, want := line(s, French), "Your standing orders: barrage none, choice stay, defender strongest, defense-order declared, losses low-morale, reaction none, retreat supply."; got != want {
		t.Errorf("France's line %q, want %q", got, want)
	}
	if got, want := line(s, VM), "Your standing orders: choice stay, defense-order declared, mortars none, retreat edge."; got != want {
		t.Errorf("the VM's line %q, want %q", got, want)
	}
	orders := map[adjudicator.Side][]string{
		French: {"standing choice ask", "standing barrage intense", "standing reaction ask"},
		VM:     {"standing mortars all", "standing retreat safe"},
	}
	for _, side := range []adjudicator.Side{French, VM} {
		twin := s
		for _, o := range orders[side] {
			if twin, _, err = r.Apply(twin, side, o, nil); err != nil {
				t.Fatalf("%s %q: %v", side, o, err)
			}
		}
		other := map[adjudicator.Side]adjudicator.Side{French: VM, VM: French}[side]
		for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(other), {Referee: true}} {
			if a, b := fixture.ViewJSON(t, r, s, v), fixture.ViewJSON(t, r, twin, v); a != b {
				t.Errorf("%s's standing orders show to %v:\n%s\n%s", side, v, a, b)
			}
		}
		if a, b := line(s, side), line(twin, side); a == b {
			t.Errorf("%s does not see its own standing orders change: %q", side, b)
		}
	}
}

// Every standing key says what it answers (/help prefix:standing).
func TestStanding_EveryKeyHasItsHelp(t *testing.T) {
	for side, keys := range standingKeys {
		for k := range keys {
			if h := standingHelp[side][k]; len(h) < 10 {
				t.Errorf("%s's standing key %s has no help (%q)", side, k, h)
			}
		}
		for k := range standingHelp[side] {
			if _, ok := keys[k]; !ok {
				t.Errorf("help for %s's standing key %s, which is no key", side, k)
			}
		}
	}
}
