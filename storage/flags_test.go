package storage

import (
	"errors"
	"path/filepath"
	"testing"
)

// TestFlagsPersist: the needs-moderator mark survives a reopen and is
// cleared; LiveGames lists a guild's channels and the exact ones; LastSeq
// follows the log.
func TestFlagsPersist(t *testing.T) {
	path := filepath.Join(t.TempDir(), "umpire.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := db.NeedsModerator("g1"); ok || err != nil {
		t.Fatalf("a fresh db has a flag: %v %v", ok, err)
	}
	g := newToyGame(t, "g1", "guild/c1")
	if err := db.CreateGame(g.Rec); err != nil {
		t.Fatal(err)
	}
	play(t, db, g, "a", "i1", "add 2", "add 1")
	if n, err := db.LastSeq("g1"); n != 2 || err != nil {
		t.Errorf("LastSeq: %d %v", n, err)
	}
	if err := db.SetNeedsModerator("g1", "internal error", testTime); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if db, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if f, ok, err := db.NeedsModerator("g1"); !ok || err != nil || f.Reason != "internal error" || !f.At.Equal(testTime) {
		t.Errorf("after a reopen: %+v %v %v", f, ok, err)
	}
	if err := db.ClearNeedsModerator("g1"); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := db.NeedsModerator("g1"); ok {
		t.Error("the flag survived its clearing")
	}
	g2 := newToyGame(t, "g2", "console")
	if err := db.CreateGame(g2.Rec); err != nil {
		t.Fatal(err)
	}
	if l, err := db.LiveGames("guild/", "console", "missing"); err != nil || len(l) != 2 || l[0] != (LiveGame{"guild/c1", "g1"}) || l[1] != (LiveGame{"console", "g2"}) {
		t.Errorf("LiveGames: %+v %v", l, err)
	}
}

// TestCreateGameFrom: the creating interaction is recorded with the game,
// so a second creation from the same interaction writes nothing.
func TestCreateGameFrom(t *testing.T) {
	db := openTemp(t)
	g := newToyGame(t, "g1", "c1")
	if err := db.CreateGameFrom(g.Rec, "i-new"); err != nil {
		t.Fatal(err)
	}
	if id, seq, ok, err := db.Processed("i-new"); !ok || err != nil || id != "g1" || seq != 0 {
		t.Errorf("Processed: %s %d %v %v", id, seq, ok, err)
	}
	g2 := newToyGame(t, "g2", "c2")
	if err := db.CreateGameFrom(g2.Rec, "i-new"); !errors.Is(err, ErrDuplicate) {
		t.Errorf("a replayed creation: %v", err)
	}
	if games, _ := db.Games(); len(games) != 1 {
		t.Errorf("games %v", games)
	}
	if _, err := db.GameInChannel("c2"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the refused creation claimed its channel: %v", err)
	}
}
