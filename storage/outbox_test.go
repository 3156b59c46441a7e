package storage

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Issue 18: a delivery is written in the transaction of the entries it
// follows: both or neither; it survives a reopen; Delivered removes it
// once (again is no error); OutboxGames lists the games with some.
func TestOutbox_WithEntriesOrNotAtAll(t *testing.T) {
	path := filepath.Join(t.TempDir(), "umpire.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"g1", "g2"} {
		if err := db.CreateGame(newToyGame(t, id, "c-"+id).Rec); err != nil {
			t.Fatal(err)
		}
	}
	if ids, err := db.OutboxGames(); err != nil || len(ids) != 0 {
		t.Fatalf("fresh outbox: %v %v", ids, err)
	}
	if err := db.AppendOut("g1", []adjudicator.Entry{entry(1, "s1")}, nil, []byte(`{"n":1}`)); err != nil {
		t.Fatal(err)
	}
	// A refused append (its source was processed) writes no delivery.
	if err := db.AppendOut("g2", []adjudicator.Entry{entry(1, "s1")}, nil, []byte(`{"n":"dup"}`)); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("duplicate: %v", err)
	}
	if err := db.AppendOut("g1", []adjudicator.Entry{entry(2, ""), entry(3, "")}, nil, []byte(`{"n":3}`)); err != nil {
		t.Fatal(err)
	}
	if err := db.AppendOut("g1", []adjudicator.Entry{entry(4, "")}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.AppendOut("g1", nil, nil, []byte(`{}`)); err == nil {
		t.Fatal("a delivery without entries was taken")
	}
	db.Close()
	if db, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := db.Outbox("g1", 0)
	if err != nil || len(got) != 2 || got[0].Seq != 1 || string(got[0].Data) != `{"n":1}` || got[1].Seq != 3 {
		t.Fatalf("outbox after reopen: %+v %v", got, err)
	}
	if got, _ := db.Outbox("g2", 0); len(got) != 0 {
		t.Fatalf("refused append left a delivery: %+v", got)
	}
	if ids, _ := db.OutboxGames(); len(ids) != 1 || ids[0] != "g1" {
		t.Fatalf("outbox games: %v", ids)
	}
	if one, _ := db.Outbox("g1", 1); len(one) != 1 || one[0].Seq != 1 {
		t.Fatalf("first delivery only: %+v", one)
	}
	for _, seq := range []int{1, 1, 3} {
		if err := db.Delivered("g1", seq, 0); err != nil {
			t.Fatal(err)
		}
	}
	if ids, _ := db.OutboxGames(); len(ids) != 0 {
		t.Fatalf("delivered games still listed: %v", ids)
	}
	if problems := db.Check(0); len(problems) != 0 {
		t.Fatal(problems)
	}
}
