package storage

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"go.etcd.io/bbolt"
)

// Issue 11: deadlines are read in the order they next need attention,
// from an index (not by reading every game); a conditional change made
// against a deadline that changed since is refused and writes nothing,
// so a deadline is handled once; the index follows every change and
// survives a reopen.
func TestDeadlines_DueIndexAndConditionalChanges(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"g1", "g2", "g3"} {
		if err := db.CreateGame(newToyGame(t, id, "").Rec); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok, err := db.NextDue(); ok || err != nil {
		t.Fatalf("next due with no deadline: %v %v", ok, err)
	}
	t0 := testTime
	put := func(id string, next time.Time) {
		t.Helper()
		if err := db.PutDeadline(id, Deadline{Due: next.Add(time.Hour), Next: next}); err != nil {
			t.Fatal(err)
		}
	}
	put("g1", t0.Add(3*time.Hour))
	put("g2", t0.Add(1*time.Hour))
	put("g3", time.Time{}) // nothing left to do: not in the index
	if at, ok, _ := db.NextDue(); !ok || !at.Equal(t0.Add(time.Hour)) {
		t.Fatalf("next due %v %v", at, ok)
	}
	due, err := db.DueDeadlines(t0.Add(2*time.Hour), 0)
	if err != nil || len(due) != 1 || due[0].Game != "g2" {
		t.Fatalf("due by +2h: %+v %v", due, err)
	}
	due, _ = db.DueDeadlines(t0.Add(5*time.Hour), 0)
	if len(due) != 2 || due[0].Game != "g2" || due[1].Game != "g1" {
		t.Fatalf("due by +5h, in order: %+v", due)
	}
	if one, _ := db.DueDeadlines(t0.Add(5*time.Hour), 1); len(one) != 1 {
		t.Fatalf("max 1: %+v", one)
	}
	// g2 handled: its Next moves on, conditionally on the version read.
	g2 := due[0]
	moved := g2
	moved.Next, moved.Sent = t0.Add(10*time.Hour), 1
	ch := &DeadlineChange{Put: &moved, Check: true, IfVersion: g2.Version}
	if _, _, err := db.WriteExtra("g2", Extra{Out: raw([]byte(`{"reminder":1}`)), Deadline: ch}); err != nil {
		t.Fatal(err)
	}
	// The same change again (a second runner, a retry after a crash that
	// did commit) is stale: nothing is written, no second delivery.
	if _, _, err := db.WriteExtra("g2", Extra{Out: raw([]byte(`{"reminder":2}`)), Deadline: ch}); !errors.Is(err, ErrStale) {
		t.Fatalf("a second handling: %v", err)
	}
	if out, _ := db.Outbox("g2", 0); len(out) != 1 || string(out[0].Data) != `{"reminder":1}` || out[0].Seq != 0 || out[0].Sub != 1 {
		t.Fatalf("outbox after one handling: %+v", out)
	}
	db.Close()
	if db, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	due, _ = db.DueDeadlines(t0.Add(5*time.Hour), 0)
	if len(due) != 1 || due[0].Game != "g1" {
		t.Fatalf("after reopen, due by +5h: %+v", due)
	}
	if d, _ := db.Deadline("g2"); d.Sent != 1 || d.Version != g2.Version+1 {
		t.Fatalf("g2 after its handling: %+v", d)
	}
	// A commit of entries changes the deadline in its transaction; a
	// refused append changes nothing.
	dl := &DeadlineChange{Delete: true}
	if err := db.AppendWith("g1", []adjudicator.Entry{entry(1, "src")}, nil, []byte(`{"x":1}`), dl); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Deadline("g1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("g1's deadline after the commit: %v", err)
	}
	if err := db.AppendWith("g2", []adjudicator.Entry{entry(1, "src")}, nil, nil, &DeadlineChange{Delete: true}); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("duplicate source: %v", err)
	}
	if _, err := db.Deadline("g2"); err != nil {
		t.Fatalf("a refused append removed the deadline: %v", err)
	}
	if at, ok, _ := db.NextDue(); !ok || !at.Equal(t0.Add(10*time.Hour)) {
		t.Fatalf("next due %v %v", at, ok)
	}
	if problems := db.Check(0); len(problems) != 0 {
		t.Fatal(problems)
	}
}

// Entry-less deliveries sort after the delivery of the entry before them
// and before the next entry's; their numbers are never reused, even once
// delivered (a reused number would reuse a Discord nonce).
func TestOutbox_ExtraDeliveries(t *testing.T) {
	db := openTemp(t)
	if err := db.CreateGame(newToyGame(t, "g1", "").Rec); err != nil {
		t.Fatal(err)
	}
	if err := db.AppendOut("g1", []adjudicator.Entry{entry(1, "")}, nil, []byte(`"e1"`)); err != nil {
		t.Fatal(err)
	}
	extra := func(data string) (int, int) {
		t.Helper()
		seq, sub, err := db.WriteExtra("g1", Extra{Out: raw([]byte(data))})
		if err != nil {
			t.Fatal(err)
		}
		return seq, sub
	}
	if seq, sub := extra(`"x1"`); seq != 1 || sub != 1 {
		t.Fatalf("first extra: %d/%d", seq, sub)
	}
	extra(`"x2"`)
	if err := db.Delivered("g1", 1, 2); err != nil {
		t.Fatal(err)
	}
	if seq, sub := extra(`"x3"`); seq != 1 || sub != 3 {
		t.Fatalf("a number reused: %d/%d", seq, sub)
	}
	if err := db.AppendOut("g1", []adjudicator.Entry{entry(2, "")}, nil, []byte(`"e2"`)); err != nil {
		t.Fatal(err)
	}
	if seq, sub := extra(`"y1"`); seq != 2 || sub != 1 {
		t.Fatalf("after entry 2: %d/%d", seq, sub)
	}
	out, err := db.Outbox("g1", 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range out {
		got = append(got, string(o.Data))
	}
	if want := `"e1" "x1" "x3" "e2" "y1"`; jsonOf(t, got) != jsonOf(t, []string{`"e1"`, `"x1"`, `"x3"`, `"e2"`, `"y1"`}) {
		t.Fatalf("outbox order %v, want %s", got, want)
	}
	if _, _, err := db.WriteExtra("nope", Extra{Out: raw([]byte("x"))}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("extra for an unknown game: %v", err)
	}
	// Settings ride along, and only when given.
	if _, _, err := db.WriteExtra("g1", Extra{Settings: []byte(`{"limit":"24h"}`)}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.WriteExtra("g1", Extra{Out: raw([]byte(`"z"`))}); err != nil {
		t.Fatal(err)
	}
	if s, _ := db.Settings("g1"); string(s) != `{"limit":"24h"}` {
		t.Fatalf("settings %q", s)
	}
	if s, err := db.Settings("g2"); s != nil || err != nil {
		t.Fatalf("no settings: %q %v", s, err)
	}
}

// Issue 11, item 5: news kept for a player is kept once per key, listed
// oldest first, and taken once; taken news whose delivery is still in the
// outbox (it could be sent again after a crash) leaves a tombstone so
// that it does not come back; the tombstone goes with the delivery.
func TestNews_KeptOnceTakenOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "n.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateGame(newToyGame(t, "g1", "").Rec); err != nil {
		t.Fatal(err)
	}
	if err := db.AppendOut("g1", []adjudicator.Entry{entry(1, "")}, nil, []byte(`"d1"`)); err != nil {
		t.Fatal(err)
	}
	n1 := News{Key: NewsKey("g1", 1, 0), Game: "g1", Channel: "c", Text: "your unit lost a step", At: testTime, Outbox: true, Seq: 1}
	n2 := News{Key: "i/42", Game: "g1", Text: "second", At: testTime.Add(time.Minute)}
	for _, n := range []News{n2, n1, n1} {
		if err := db.KeepNews("bob", n); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.KeepNews("", n1); err == nil {
		t.Fatal("news for nobody kept")
	}
	db.Close()
	if db, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := db.PendingNews("bob")
	if err != nil || len(got) != 2 || got[0].Key != n1.Key || got[1].Key != "i/42" {
		t.Fatalf("pending after reopen: %+v %v", got, err)
	}
	if other, _ := db.PendingNews("alice"); len(other) != 0 {
		t.Fatalf("alice's news: %+v", other)
	}
	if err := db.TakeNews("bob", []string{n1.Key, "i/42"}); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.PendingNews("bob"); len(got) != 0 {
		t.Fatalf("taken news still pending: %+v", got)
	}
	// The delivery is sent again (a crash before it was marked
	// delivered): its news is not kept again.
	if err := db.KeepNews("bob", n1); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.PendingNews("bob"); len(got) != 0 {
		t.Fatalf("news came back with its delivery: %+v", got)
	}
	// Once delivered, the tombstone goes at the next take.
	if err := db.Delivered("g1", 1, 0); err != nil {
		t.Fatal(err)
	}
	n3 := News{Key: "i/43", Game: "g1", Text: "third", At: testTime}
	db.KeepNews("bob", n3)
	if err := db.TakeNews("bob", []string{"i/43"}); err != nil {
		t.Fatal(err)
	}
	empty := true
	db.view(func(tx *bbolt.Tx) error {
		if nb := tx.Bucket(bNews); nb != nil && nb.Bucket([]byte("bob")) != nil {
			empty = false
		}
		return nil
	})
	if !empty {
		t.Fatal("tombstones outlived their delivery")
	}
	long := News{Key: "i/long", Game: "g1", Text: string(make([]byte, 3*maxNewsText)), At: testTime}
	if err := db.KeepNews("carol", long); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.PendingNews("carol"); len(got) != 1 || len(got[0].Text) > maxNewsText+20 {
		t.Fatalf("long news not bounded: %d bytes", len(got[0].Text))
	}
}

// raw is an outbox delivery that does not depend on its key.
func raw(b []byte) func(int, int) ([]byte, error) {
	return func(int, int) ([]byte, error) { return b, nil }
}

// A stale or orphan index key (not its deadline's Next) is never read as
// due, so a runner cannot spin on it.
func TestDeadlines_StaleIndexKeysIgnored(t *testing.T) {
	db := openTemp(t)
	if err := db.CreateGame(newToyGame(t, "g1", "").Rec); err != nil {
		t.Fatal(err)
	}
	if err := db.PutDeadline("g1", Deadline{Next: testTime.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	db.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bDue)
		b.Put(dueKey(testTime, "g1"), nil)        // stale: g1's Next is later
		return b.Put(dueKey(testTime, "g9"), nil) // orphan: no such deadline
	})
	if due, _ := db.DueDeadlines(testTime.Add(30*time.Minute), 0); len(due) != 0 {
		t.Fatalf("stale keys read as due: %+v", due)
	}
	if at, ok, _ := db.NextDue(); !ok || !at.Equal(testTime.Add(time.Hour)) {
		t.Fatalf("next due %v %v", at, ok)
	}
}
