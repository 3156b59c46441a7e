package adjudicator

import (
	"encoding/json"
	"errors"
	"fmt"
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

// A batch of orders is all or nothing.
func TestOrders_BatchAtomic(t *testing.T) {
	g := newToy(t)
	_, err := g.Orders("alice", "a", []string{"add 2", "add 3", "bogus"}, "", t0)
	var oe *OrderError
	if !errors.As(err, &oe) || !strings.Contains(oe.Reason, "none of them was taken") {
		t.Fatalf("got %v", err)
	}
	if len(g.Rec.Entries) != 0 || g.State.(*toyState).Total != 0 {
		t.Fatal("a refused batch changed the game")
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
