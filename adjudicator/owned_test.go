package adjudicator

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// ownedToy is the toy with ApplyOwned, which plays on the state it is
// given, and counts its calls.
type ownedToy struct {
	toy
	owned *int
}

func (o ownedToy) ApplyOwned(s State, side Side, a string, d Dice) (State, []Event, error) {
	*o.owned++
	ns, ev, err := o.toy.Apply(s, side, a, d)
	if err != nil {
		return nil, nil, err
	}
	*s.(*toyState) = *ns.(*toyState) // in place: the caller gave s up
	return s, ev, nil
}

// OwnedApplier: replay (Load, Replay) plays each entry on the state it
// owns through ApplyOwned; an order given to a live game goes through
// Apply, so the states a game handed out never change.
func TestOwnedApplier_ReplayOnlyPlaysInPlace(t *testing.T) {
	n := 0
	r := ownedToy{owned: &n}
	g, _, err := New(r, Record{ID: "o", Seed: testSeed, Seats: map[Side]string{"a": "alice", "b": "bob"}})
	if err != nil {
		t.Fatal(err)
	}
	var seen []*toyState
	var totals []int
	for i, o := range []string{"roll", "add 2", "roll", "add 3"} {
		side := Side("a")
		if i%2 == 1 {
			side = "b"
		}
		step, err := g.Orders(string(side), side, []string{o}, "", t0)
		if err != nil {
			t.Fatal(err)
		}
		g.Commit(step)
		st := g.State.(*toyState)
		seen, totals = append(seen, st), append(totals, st.Total)
	}
	if n != 0 {
		t.Fatalf("orders given to a live game went through ApplyOwned %d times", n)
	}
	for i, st := range seen {
		if st.Total != totals[i] {
			t.Fatalf("state %d changed after it was handed out: %d, was %d", i, st.Total, totals[i])
		}
	}
	end, err := Replay(r, g.Rec)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(g.Rec.Entries) {
		t.Fatalf("replay of %d entries called ApplyOwned %d times", len(g.Rec.Entries), n)
	}
	if got, want := *end.(*toyState), *g.State.(*toyState); got != want {
		t.Fatalf("replayed in place: %+v, played: %+v", got, want)
	}
	// a refused entry (a forged record) still fails the replay
	bad := g.Rec
	bad.Entries = append([]Entry(nil), g.Rec.Entries...)
	bad.Entries[1].Action = "bogus"
	if _, err := Replay(r, bad); err == nil {
		t.Fatal("a record with a refused entry replayed")
	}
}

// policyToy offers a policy of its own.
type policyToy struct{ toy }

func (policyToy) PlayoutPolicies() []PlayoutPolicy {
	return []PlayoutPolicy{{Name: "adder", Help: "always adds 1",
		Choose:  func(*rand.Rand, Side, State, []Choice) string { return "add 1" },
		Prelude: []SideOrder{{Side: "a", Order: "add 2"}}}}
}

// A title's playout policies stand beside random and aggressive; an
// unknown name is refused with the names there are; a policy with
// standing orders of its own plays with them.
func TestPlayoutPolicies_TheTitlesBesideRandomAndAggressive(t *testing.T) {
	for _, name := range []string{"random", "aggressive"} {
		if p, err := PolicyNamed(toy{}, name); err != nil || p.Pick == nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := PolicyNamed(toy{}, "adder"); err == nil {
		t.Error("the toy has no adder, yet it is found")
	}
	p, err := PolicyNamed(policyToy{}, "adder")
	if err != nil {
		t.Fatal(err)
	}
	o := PlayoutOptions{Pick: PreferAction, Prelude: []SideOrder{{Side: "b", Order: "x"}}}
	p.Apply(&o)
	if o.Pick != nil || o.Choose == nil || len(o.Prelude) != 1 || o.Prelude[0].Order != "add 2" {
		t.Fatalf("applied: %+v", o)
	}
	_, err = PolicyNamed(policyToy{}, "nope")
	if err == nil || !strings.Contains(err.Error(), "random, aggressive, adder") {
		t.Fatalf("an unknown policy: %v", err)
	}
	st := Playout(policyToy{}, PlayoutOptions{Scenario: "s", Games: 2, Seed: 1, Choose: p.Choose}, time.Now)
	if st.Finished != 2 || st.Refused != 0 {
		t.Fatalf("a playout by the toy's policy: %+v", st)
	}
}
