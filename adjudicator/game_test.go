package adjudicator

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// toy is a minimal title for engine tests: two sides alternate; "roll"
// draws a die, "add N" adds without dice, "peek" reveals.
type toy struct{}

type toyState struct {
	Total int    `json:"total"`
	Next  string `json:"next"`
	Moves int    `json:"moves"`
}

func (s *toyState) Encode() ([]byte, error) { return json.Marshal(s) }

func (toy) Info() Info {
	return Info{ID: "toy", Name: "Toy", Sides: []Side{"a", "b"}, Scenarios: []Scenario{{ID: "s"}}}
}
func (toy) Setup(string, Options) (State, error) { return &toyState{Next: "a"}, nil }
func (toy) Decode(b []byte) (State, error) {
	var s toyState
	return &s, json.Unmarshal(b, &s)
}
func (toy) Prompt(s State) Prompt {
	t := s.(*toyState)
	if t.Moves >= 6 {
		return Prompt{Over: true, Result: &Result{Winner: "a", Reason: "six moves"}}
	}
	return Prompt{Awaiting: []Side{Side(t.Next)}, Phase: "p"}
}
func (toy) Legal(s State, side Side) []Choice {
	return []Choice{{Word: "roll", Complete: true}, {Word: "add", Next: []Choice{{Word: "1", Complete: true}}}}
}
func (toy) Apply(s State, side Side, a string, d Dice) (State, []Event, error) {
	t := *s.(*toyState)
	if side != Referee && string(side) != t.Next {
		return nil, nil, Refuse(a, "not your turn")
	}
	var ev []Event
	switch {
	case a == "roll":
		t.Total += d.Roll(6)
	case strings.HasPrefix(a, "add "):
		var n int
		if _, err := fmt.Sscan(a[4:], &n); err != nil {
			return nil, nil, Refuse(a, "bad number")
		}
		t.Total += n
	case a == "draw":
		// a card picked by a secret roll, then a public die
		t.Total += 10*RollSecret(d, 6) + d.Roll(6)
	case a == "peek":
		ev = append(ev, Event{Audience: Only(side), Text: "secret", Reveals: true})
	case a == "pass-twice":
		if side == "a" {
			return nil, nil, Refuse(a, "a cannot")
		}
	default:
		return nil, nil, Refuse(a, "unknown")
	}
	if side != Referee {
		if t.Next == "a" {
			t.Next = "b"
		} else {
			t.Next = "a"
		}
		t.Moves++
	}
	return &t, ev, nil
}
func (toy) View(s State, v Viewer) View { return View{Title: "toy"} }

func newToy(t *testing.T) *Game {
	g, _, err := New(toy{}, Record{ID: "t", Seed: testSeed, Seats: map[Side]string{"a": "alice", "b": "bob"}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func must(t *testing.T) func(*Step, error) *Step {
	return func(st *Step, err error) *Step {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
}

var t0 = time.Unix(1_700_000_000, 0)

// Invariant 2: an undone action burns its rolls; the next roll draws
// from a fresh counter, so undo can never re-roll.
func TestUndo_BurnsRolls(t *testing.T) {
	g := newToy(t)
	g.Commit(must(t)(g.Orders("alice", "a", []string{"roll"}, "", t0)))
	first := g.Rec.Entries[0]
	g.Commit(must(t)(g.ModUndo("mod", 1, "", t0)))
	if !g.Undone(first.Seq) {
		t.Fatal("entry not marked undone")
	}
	if len(g.Rec.Entries) != 2 {
		t.Fatalf("undo must append, not delete: %d entries", len(g.Rec.Entries))
	}
	st := must(t)(g.Orders("alice", "a", []string{"roll"}, "", t0))
	if st.Entries[0].DiceFrom < first.DiceTo {
		t.Fatalf("re-roll drew from counter %d, below the burned %d", st.Entries[0].DiceFrom, first.DiceTo)
	}
	g.Commit(st)
	if err := VerifyRolls(g.Rec.Seed, g.Rec.Entries); err != nil {
		t.Fatal(err)
	}
	back, err := Replay(toy{}, g.Rec)
	if err != nil {
		t.Fatal(err)
	}
	if eq, _ := Equal(back, g.State); !eq {
		t.Fatal("replay differs")
	}
}

// Player undo: own last order only, no dice, nothing revealed, before the
// other side acts.
func TestUndo_PlayerLimits(t *testing.T) {
	g := newToy(t)
	if _, err := g.Undo("alice", "a", "", t0); err == nil {
		t.Fatal("undo with no order accepted")
	}
	g.Commit(must(t)(g.Orders("alice", "a", []string{"add 1"}, "", t0)))
	if _, err := g.Undo("bob", "b", "", t0); err == nil {
		t.Fatal("bob undid alice's order")
	}
	g.Commit(must(t)(g.Undo("alice", "a", "", t0)))
	if g.State.(*toyState).Total != 0 || g.State.(*toyState).Next != "a" {
		t.Fatalf("undo did not restore: %+v", g.State)
	}
	g.Commit(must(t)(g.Orders("alice", "a", []string{"roll"}, "", t0)))
	if _, err := g.Undo("alice", "a", "", t0); err == nil || !strings.Contains(err.Error(), "dice") {
		t.Fatalf("undo of a roll: %v", err)
	}
	g.Commit(must(t)(g.Orders("bob", "b", []string{"peek"}, "", t0)))
	if _, err := g.Undo("bob", "b", "", t0); err == nil || !strings.Contains(err.Error(), "revealed") {
		t.Fatalf("undo of a reveal: %v", err)
	}
}

// Invariant 2: a batch is taken up to its first refused order; the orders
// before it come back in the step (to be committed and announced), the
// refused one and those after it do not. A batch refused at its first
// order changes nothing.
func TestOrders_BatchTakenUpToRefusal(t *testing.T) {
	g := newToy(t)
	st, err := g.Orders("alice", "a", []string{"roll", "bogus", "add 3"}, "", t0)
	var oe *OrderError
	if !errors.As(err, &oe) || !strings.Contains(oe.Reason, "order 2 of 3; order 1 was taken, orders 2–3 were not") {
		t.Fatalf("got %v", err)
	}
	if st == nil || len(st.Entries) != 1 || st.Entries[0].Action != "roll" || len(st.Entries[0].Rolls) != 1 {
		t.Fatalf("step %+v", st)
	}
	g.Commit(st)
	if g.DiceNext() != 1 {
		t.Fatalf("dice counter %d after a committed roll", g.DiceNext())
	}
	st, err = g.Orders("bob", "b", []string{"bogus", "add 2"}, "", t0)
	if st != nil || !errors.As(err, &oe) || !strings.Contains(oe.Reason, "order 1 of 2; none was taken") {
		t.Fatalf("got %v, %v", st, err)
	}
	if len(g.Rec.Entries) != 1 {
		t.Fatal("a batch refused at its first order changed the game")
	}
	many := make([]string, MaxBatch+1)
	for i := range many {
		many[i] = "add 1"
	}
	if _, err := g.Orders("bob", "b", many, "", t0); err == nil || !strings.Contains(err.Error(), "at most 50") {
		t.Fatalf("an oversized batch: %v", err)
	}
}

// Snapshots speed loading but never change the result, and a snapshot
// made stale by a later undo is ignored.
func TestSnapshot_LoadEqualsReplay(t *testing.T) {
	g := newToy(t)
	g.Commit(must(t)(g.Orders("alice", "a", []string{"roll"}, "", t0)))
	g.Commit(must(t)(g.Orders("bob", "b", []string{"add 1"}, "", t0)))
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	g.Commit(must(t)(g.ModUndo("mod", 1, "", t0)))
	h, err := Load(toy{}, g.Rec, &snap)
	if err != nil {
		t.Fatal(err)
	}
	if eq, _ := Equal(h.State, g.State); !eq {
		t.Fatal("stale snapshot was used")
	}
}

func TestEnd_ModeratorAndOver(t *testing.T) {
	g := newToy(t)
	g.Commit(must(t)(g.End("mod", "b", "abandoned", "", t0)))
	if over, res := g.Over(); !over || res.Winner != "b" {
		t.Fatalf("over=%v res=%v", over, res)
	}
	if _, err := g.Orders("alice", "a", []string{"add 1"}, "", t0); !errors.Is(err, ErrOver) {
		t.Fatalf("order after end: %v", err)
	}
	h, err := Load(toy{}, g.Rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if over, _ := h.Over(); !over {
		t.Fatal("reloaded game not over")
	}
}

func TestPlayout_Toy(t *testing.T) {
	st := Playout(toy{}, PlayoutOptions{Scenario: "s", Games: 50, Seed: 3}, nil)
	if st.Finished != 50 || st.Panics+st.DeadEnds+st.ReplayMismatches+st.Refused != 0 {
		t.Fatalf("%+v", st)
	}
}

// PlayoutOptions.Choose sees the state each prompt stands in (and wins
// over Pick); an order it makes that Apply refuses is counted.
func TestPlayout_ChooseSeesTheState(t *testing.T) {
	seen := 0
	o := PlayoutOptions{Scenario: "s", Games: 3, Seed: 3,
		Pick: func(*rand.Rand, Side, []Choice) string { return "draw" },
		Choose: func(_ *rand.Rand, side Side, s State, tree []Choice) string {
			if ts := s.(*toyState); ts.Next != string(side) {
				t.Errorf("Choose for %s given the state awaiting %s", side, ts.Next)
			}
			seen++
			return "add 1"
		}}
	st := Playout(toy{}, o, nil)
	if st.Finished != 3 || seen != 18 || st.Refused != 0 {
		t.Fatalf("Choose called %d times (want 18): %+v", seen, st)
	}
	o.Choose = func(*rand.Rand, Side, State, []Choice) string { return "pass-twice" }
	if st := Playout(toy{}, o, nil); st.Refused != 3 {
		t.Fatalf("a refused chosen order not counted: %+v", st)
	}
}

// mapState has the fields that broke Hell's snapshots (issue 14): maps
// tagged omitempty that live play keeps empty and writes to.
type mapState struct {
	Moved map[string]bool                       `json:"moved,omitempty"`
	Units map[string]*mapUnit                   `json:"units"`
	Sides map[string]struct{ M map[string]int } `json:"sides,omitempty"`
	List  []mapUnit                             `json:"list,omitempty"`
}

type mapUnit struct {
	Marks map[string]int `json:"marks,omitempty"`
}

func (s *mapState) Encode() ([]byte, error) { return json.Marshal(s) }

// A decoded state behaves as the live one: every map is writable, an
// unknown field or a state that does not re-encode to its bytes is refused.
func TestDecodeState_UsableZeroValues(t *testing.T) {
	live := &mapState{Moved: map[string]bool{}, Units: map[string]*mapUnit{"a": {Marks: map[string]int{}}},
		Sides: map[string]struct{ M map[string]int }{"x": {M: map[string]int{}}}, List: []mapUnit{{}}}
	b, err := live.Encode()
	if err != nil {
		t.Fatal(err)
	}
	got := new(mapState)
	if err := DecodeState(b, got, got.Encode); err != nil {
		t.Fatal(err)
	}
	got.Moved["x"] = true // panicked before: a nil map after decode
	got.Units["a"].Marks["y"] = 1
	got.List[0].Marks["z"] = 1
	if got.Sides["x"].M == nil || got.List[0].Marks == nil {
		t.Fatal("a map inside a map value stayed nil")
	}
	if err := DecodeState([]byte(`{"units":{},"extra":1}`), new(mapState), nil); err == nil || !strings.Contains(err.Error(), "extra") {
		t.Fatalf("unknown field: %v", err)
	}
	// `null` for a map that is always written: decoding makes it empty,
	// which encodes as {}: not the bytes it came from, so refused.
	x := new(mapState)
	if err := DecodeState([]byte(`{"units":null}`), x, x.Encode); err == nil {
		t.Fatal("a state that does not re-encode to its bytes was accepted")
	}
	if err := DecodeState([]byte(`{"units":{}} {}`), new(mapState), nil); err == nil {
		t.Fatal("trailing data accepted")
	}
}

// A snapshot of another format, or one that does not decode, is ignored:
// the game replays from its log instead of misreading it.
func TestLoad_IgnoresForeignOrBadSnapshots(t *testing.T) {
	g := newToy(t)
	g.Commit(must(t)(g.Orders("alice", "a", []string{"add 2"}, "", t0)))
	g.Commit(must(t)(g.Orders("bob", "b", []string{"add 3"}, "", t0)))
	good, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if good.Format != SnapshotFormat(toy{}) || good.Format == "" {
		t.Fatalf("format %q", good.Format)
	}
	for name, mutate := range map[string]func(*Snapshot){
		"no format":    func(s *Snapshot) { s.Format = "" },
		"other format": func(s *Snapshot) { s.Format = "umpire-snapshot/0 toy/0" },
		"undecodable":  func(s *Snapshot) { s.State = []byte(`{"total":`) },
		"past the log": func(s *Snapshot) { s.Seq = 99 },
		"negative":     func(s *Snapshot) { s.Seq = -1 },
	} {
		bad := good
		bad.State = []byte(`{"total":1000,"next":"a","moves":2}`) // wrong if used
		mutate(&bad)
		h, err := Load(toy{}, g.Rec, &bad)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if eq, _ := Equal(h.State, g.State); !eq {
			t.Fatalf("%s: the snapshot was used", name)
		}
	}
}
