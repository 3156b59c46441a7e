package adjudicator

import (
	"fmt"
	"testing"
)

// Issue 14 item 5: a game loaded from a snapshot and the log's tail
// behaves as the whole game: same dice counter, same sequence numbers,
// and undo (which needs the whole log) reads the earlier entries back.
func TestLoadTail_ActsAsWholeGame(t *testing.T) {
	whole := newToy(t)
	sides := []Side{Referee, Referee}
	for i := range 40 {
		whole.Commit(must(t)(whole.Orders("u", sides[i%2], []string{"roll"}, "", t0)))
	}
	whole.Commit(must(t)(whole.ModUndo("mod", 2, "", t0)))
	for i := range 6 {
		whole.Commit(must(t)(whole.Orders("u", sides[i%2], []string{"roll"}, "", t0)))
	}
	snap, err := whole.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		whole.Commit(must(t)(whole.Orders("u", sides[i%2], []string{fmt.Sprintf("add %d", i+1)}, "", t0)))
	}
	all := whole.Rec.Entries
	tail := whole.Rec.Header()
	tail.Entries = append([]Entry(nil), all[snap.Seq:]...)
	reads := 0
	g, err := LoadTail(toy{}, tail, &snap, all[snap.Seq-1].DiceTo)
	if err != nil {
		t.Fatal(err)
	}
	g.Earlier = func(n int) ([]Entry, error) { reads++; return append([]Entry(nil), all[:n]...), nil }
	if ok, _ := Equal(g.State, whole.State); !ok || g.Len() != whole.Len() || g.DiceNext() != whole.DiceNext() || len(g.Rec.Entries) != 5 {
		t.Fatalf("tail load differs: len %d/%d dice %d/%d", g.Len(), whole.Len(), g.DiceNext(), whole.DiceNext())
	}
	if !g.Undone(40) || !g.Undone(39) {
		t.Fatal("undo marks before the snapshot lost")
	}
	// Both go on identically, undo included.
	for _, gm := range []*Game{whole, g} {
		gm.Commit(must(t)(gm.Orders("u", "a", []string{"roll"}, "", t0)))
		gm.Commit(must(t)(gm.ModUndo("mod", 8, "", t0)))
		gm.Commit(must(t)(gm.Orders("u", "a", []string{"roll"}, "", t0)))
	}
	if ok, _ := Equal(g.State, whole.State); !ok || g.Len() != whole.Len() || g.DiceNext() != whole.DiceNext() || reads != 1 || g.Base != 0 {
		t.Fatalf("after undo: len %d/%d dice %d/%d reads %d base %d", g.Len(), whole.Len(), g.DiceNext(), whole.DiceNext(), reads, g.Base)
	}
	// An undo in the tail reaching before the snapshot invalidates it.
	rec := whole.Rec.Header()
	rec.Entries = whole.Rec.Entries[snap.Seq:]
	if _, err := LoadTail(toy{}, rec, &snap, all[snap.Seq-1].DiceTo); err == nil {
		t.Fatal("a snapshot undone since was used")
	}
	// Trim keeps the game acting the same.
	s2, _ := g.Snapshot()
	g.Trim(s2.Seq)
	if g.Base != s2.Seq || len(g.Rec.Entries) != 0 || g.DiceNext() != whole.DiceNext() {
		t.Fatalf("trim: base %d entries %d dice %d/%d", g.Base, len(g.Rec.Entries), g.DiceNext(), whole.DiceNext())
	}
	st := must(t)(g.Orders("u", "b", []string{"roll"}, "", t0))
	if st.Entries[0].Seq != whole.Len()+1 {
		t.Fatalf("seq after trim %d, want %d", st.Entries[0].Seq, whole.Len()+1)
	}
}
