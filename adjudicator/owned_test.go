package adjudicator

import (
	"testing"
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
