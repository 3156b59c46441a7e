package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"go.etcd.io/bbolt"
)

func openTemp(t testing.TB) *DB {
	t.Helper()
	db, err := Open(filepath.Join(t.TempDir(), "umpire.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func jsonOf(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// play prepares orders, appends them and commits them to g.
func play(t testing.TB, db *DB, g *adjudicator.Game, side adjudicator.Side, source string, orders ...string) {
	t.Helper()
	st, err := g.Orders("u-"+string(side), side, orders, source, testTime.Add(time.Duration(len(g.Rec.Entries))*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Append(g.Rec.ID, st.Entries, nil); err != nil {
		t.Fatal(err)
	}
	g.Commit(st)
}

// entry is a bare log entry for tests of the log's rules.
func entry(seq int, source string) adjudicator.Entry {
	return adjudicator.Entry{Seq: seq, Kind: adjudicator.KindOrder, Actor: "u", Side: "a", Action: "pass",
		Time: testTime, Source: source}
}

func logLen(t *testing.T, db *DB, id string) int {
	t.Helper()
	rec, err := db.Record(id)
	if err != nil {
		t.Fatal(err)
	}
	return len(rec.Entries)
}

func TestRoundTrip(t *testing.T) {
	db := openTemp(t)
	g := newToyGame(t, "g1", "c1")
	if err := db.CreateGame(g.Rec); err != nil {
		t.Fatal(err)
	}
	play(t, db, g, "a", "i1", "add 2", "add 1")
	play(t, db, g, "a", "i2", "pass")
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if err := db.PutSnapshot("g1", snap); err != nil {
		t.Fatal(err)
	}
	play(t, db, g, "b", "i3", "add 3")

	rec, err := db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := jsonOf(t, rec), jsonOf(t, g.Rec); got != want {
		t.Fatalf("record round trip:\n got %s\nwant %s", got, want)
	}
	h, err := db.Header("g1")
	if err != nil {
		t.Fatal(err)
	}
	if h.Entries != nil || jsonOf(t, h) != jsonOf(t, g.Rec.Header()) {
		t.Fatalf("header round trip: %s", jsonOf(t, h))
	}
	s, err := db.Snapshot("g1")
	if err != nil || s == nil {
		t.Fatalf("snapshot: %v %v", s, err)
	}
	if jsonOf(t, *s) != jsonOf(t, snap) {
		t.Fatalf("snapshot round trip: %s vs %s", jsonOf(t, *s), jsonOf(t, snap))
	}
	loaded, err := adjudicator.Load(toyRules{}, rec, s)
	if err != nil {
		t.Fatal(err)
	}
	if eq, _ := adjudicator.Equal(loaded.State, g.State); !eq {
		t.Fatal("loaded state differs")
	}
	if err := adjudicator.VerifyRolls(rec.Seed, rec.Entries); err != nil {
		t.Fatal(err)
	}
	if gid, seq, ok, err := db.Processed("i2"); err != nil || !ok || gid != "g1" || seq != 3 {
		t.Fatalf("Processed(i2) = %q %d %v %v", gid, seq, ok, err)
	}
	if _, _, ok, err := db.Processed("nope"); ok || err != nil {
		t.Fatalf("Processed(nope) = %v %v", ok, err)
	}

	// Everything survives a close and reopen.
	path := db.Path()
	db.Close()
	db2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	rec2, err := db2.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	if jsonOf(t, rec2) != jsonOf(t, g.Rec) {
		t.Fatal("record changed across reopen")
	}
}

func TestMissing(t *testing.T) {
	db := openTemp(t)
	if _, err := db.Record("x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Record: %v", err)
	}
	if _, err := db.Header("x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Header: %v", err)
	}
	if err := db.Append("x", []adjudicator.Entry{entry(1, "")}, nil); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Append: %v", err)
	}
	if err := db.PutSnapshot("x", adjudicator.Snapshot{}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("PutSnapshot: %v", err)
	}
	if s, err := db.Snapshot("x"); s != nil || err != nil {
		t.Fatalf("Snapshot: %v %v", s, err)
	}
	if _, err := db.GameInChannel("c"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GameInChannel: %v", err)
	}
}

func TestCreateGameChecks(t *testing.T) {
	db := openTemp(t)
	g := newToyGame(t, "g1", "")
	bad := g.Rec
	bad.Entries = []adjudicator.Entry{entry(1, "")}
	if err := db.CreateGame(bad); err == nil {
		t.Fatal("record with entries accepted")
	}
	bad = g.Rec
	bad.Commitment = "00"
	if err := db.CreateGame(bad); err == nil {
		t.Fatal("wrong commitment accepted")
	}
	if err := db.CreateGame(g.Rec); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateGame(g.Rec); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("second create: %v", err)
	}
}

func TestSeqGapAndOverwriteRefused(t *testing.T) {
	db := openTemp(t)
	g := newToyGame(t, "g1", "")
	if err := db.CreateGame(g.Rec); err != nil {
		t.Fatal(err)
	}
	if err := db.Append("g1", []adjudicator.Entry{entry(2, "")}, nil); err == nil || !strings.Contains(err.Error(), "gap") {
		t.Fatalf("gap at start: %v", err)
	}
	if err := db.Append("g1", []adjudicator.Entry{entry(1, "s1")}, nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		entries []adjudicator.Entry
		want    string
	}{
		{"overwrite", []adjudicator.Entry{entry(1, "")}, "overwrite"},
		{"gap", []adjudicator.Entry{entry(3, "")}, "gap"},
		{"gap inside batch", []adjudicator.Entry{entry(2, "s2"), entry(4, "")}, "gap"},
		{"repeat inside batch", []adjudicator.Entry{entry(2, "s2"), entry(2, "")}, "overwrite"},
	} {
		err := db.Append("g1", tc.entries, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "g1") {
			t.Errorf("%s: got %v, want an error about %s naming the game", tc.name, err, tc.want)
		}
	}
	if n := logLen(t, db, "g1"); n != 1 {
		t.Fatalf("refused appends wrote entries: log has %d", n)
	}
	if _, _, ok, _ := db.Processed("s2"); ok {
		t.Fatal("refused batch recorded its source")
	}
	// The dice counter may not go back.
	e := entry(2, "")
	e.DiceFrom, e.DiceTo = 5, 5
	if err := db.Append("g1", []adjudicator.Entry{e}, nil); err != nil {
		t.Fatal(err)
	}
	e = entry(3, "")
	e.DiceFrom, e.DiceTo = 4, 6
	if err := db.Append("g1", []adjudicator.Entry{e}, nil); err == nil || !strings.Contains(err.Error(), "dice") {
		t.Fatalf("dice counter going back: %v", err)
	}
}

func TestDuplicateSourceRefused(t *testing.T) {
	db := openTemp(t)
	for _, id := range []string{"g1", "g2"} {
		if err := db.CreateGame(newToyGame(t, id, "c-"+id).Rec); err != nil {
			t.Fatal(err)
		}
	}
	// Several entries of one interaction share its source.
	if err := db.Append("g1", []adjudicator.Entry{entry(1, "i1"), entry(2, "i1")}, nil); err != nil {
		t.Fatal(err)
	}
	if gid, seq, ok, _ := db.Processed("i1"); !ok || gid != "g1" || seq != 1 {
		t.Fatalf("Processed(i1) = %s %d %v", gid, seq, ok)
	}
	for _, tc := range []struct {
		game    string
		entries []adjudicator.Entry
	}{
		{"g1", []adjudicator.Entry{entry(3, "i1")}},
		{"g1", []adjudicator.Entry{entry(3, "i2"), entry(4, "i1")}},
		{"g2", []adjudicator.Entry{entry(1, "i1")}}, // interaction ids are global
	} {
		err := db.Append(tc.game, tc.entries, nil)
		if !errors.Is(err, ErrDuplicate) {
			t.Fatalf("duplicate source: got %v", err)
		}
	}
	if n := logLen(t, db, "g1"); n != 2 {
		t.Fatalf("g1 log has %d entries, want 2", n)
	}
	if n := logLen(t, db, "g2"); n != 0 {
		t.Fatalf("g2 log has %d entries, want 0", n)
	}
	if _, _, ok, _ := db.Processed("i2"); ok {
		t.Fatal("a refused batch recorded another source")
	}
	// Entries without a source (e.g. deadline defaults) are never duplicates.
	if err := db.Append("g1", []adjudicator.Entry{entry(3, ""), entry(4, "")}, nil); err != nil {
		t.Fatal(err)
	}
}

func TestChannels(t *testing.T) {
	db := openTemp(t)
	if err := db.CreateGame(newToyGame(t, "g1", "c1").Rec); err != nil {
		t.Fatal(err)
	}
	if id, err := db.GameInChannel("c1"); err != nil || id != "g1" {
		t.Fatalf("GameInChannel = %q, %v", id, err)
	}
	if err := db.CreateGame(newToyGame(t, "g2", "c1").Rec); !errors.Is(err, ErrChannelBusy) {
		t.Fatalf("busy channel: %v", err)
	}
	if _, err := db.Header("g2"); !errors.Is(err, ErrNotFound) {
		t.Fatal("refused game was stored")
	}
	if err := db.EndChannel("c1", "g2"); err == nil {
		t.Fatal("freed a channel from a game that does not hold it")
	}
	if err := db.EndChannel("c1", "g1"); err != nil {
		t.Fatal(err)
	}
	if err := db.EndChannel("c1", "g1"); err != nil {
		t.Fatalf("ending twice: %v", err)
	}
	if _, err := db.GameInChannel("c1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("freed channel: %v", err)
	}
	if err := db.CreateGame(newToyGame(t, "g2", "c1").Rec); err != nil {
		t.Fatal(err)
	}
	if id, _ := db.GameInChannel("c1"); id != "g2" {
		t.Fatalf("channel holds %q", id)
	}
	if _, err := db.Record("g1"); err != nil {
		t.Fatalf("ended game no longer loads: %v", err)
	}
	// Games without a channel (console) take no channel.
	if err := db.CreateGame(newToyGame(t, "g10", "").Rec); err != nil {
		t.Fatal(err)
	}
	ids, err := db.Games()
	if err != nil || !slices.Equal(ids, []string{"g1", "g2", "g10"}) {
		t.Fatalf("Games = %v, %v", ids, err)
	}
}

func TestHeaderRewrite(t *testing.T) {
	db := openTemp(t)
	g := newToyGame(t, "g1", "c1")
	if err := db.CreateGame(g.Rec); err != nil {
		t.Fatal(err)
	}
	st, err := g.Seat("mod", "b", "carol", "i1", testTime)
	if err != nil {
		t.Fatal(err)
	}
	h := g.Rec.Header()
	h.Seats = map[adjudicator.Side]string{"a": "alice", "b": "carol"}
	bad := h
	bad.Channel = "elsewhere"
	if err := db.Append("g1", st.Entries, &bad); err == nil {
		t.Fatal("header rewrite moved the channel")
	}
	bad = h
	bad.Seed = make([]byte, adjudicator.SeedSize)
	if err := db.Append("g1", st.Entries, &bad); err == nil {
		t.Fatal("header rewrite changed the seed")
	}
	if n := logLen(t, db, "g1"); n != 0 {
		t.Fatalf("refused rewrite wrote %d entries", n)
	}
	if err := db.Append("g1", st.Entries, &h); err != nil {
		t.Fatal(err)
	}
	g.Commit(st)
	rec, _ := db.Record("g1")
	if rec.Seats["b"] != "carol" || jsonOf(t, rec) != jsonOf(t, g.Rec) {
		t.Fatalf("after seat change: %s\nwant %s", jsonOf(t, rec), jsonOf(t, g.Rec))
	}
}

func TestSnapshotAheadOfLogRefused(t *testing.T) {
	db := openTemp(t)
	g := newToyGame(t, "g1", "")
	if err := db.CreateGame(g.Rec); err != nil {
		t.Fatal(err)
	}
	play(t, db, g, "a", "i1", "add 1")
	snap, _ := g.Snapshot()
	snap.Seq = 2
	if err := db.PutSnapshot("g1", snap); err == nil {
		t.Fatal("snapshot past the log accepted")
	}
	snap.Seq = 1
	if err := db.PutSnapshot("g1", snap); err != nil {
		t.Fatal(err)
	}
	play(t, db, g, "a", "i2", "pass")
	snap2, _ := g.Snapshot()
	if err := db.PutSnapshot("g1", snap2); err != nil {
		t.Fatal(err)
	}
	if s, _ := db.Snapshot("g1"); s == nil || s.Seq != 2 {
		t.Fatalf("latest snapshot %+v", s)
	}
}

func TestNewGameID(t *testing.T) {
	db := openTemp(t)
	var got []string
	for range 2 {
		id, err := db.NewGameID("g")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, id)
	}
	// An id taken by hand is skipped.
	if err := db.CreateGame(newToyGame(t, "g3", "").Rec); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"g", ""} {
		id, err := db.NewGameID(p)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, id)
	}
	if want := []string{"g1", "g2", "g4", "g5"}; !slices.Equal(got, want) {
		t.Fatalf("ids %v, want %v", got, want)
	}
	// And the sequence survives a reopen.
	path := db.Path()
	db.Close()
	db2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	if id, _ := db2.NewGameID("g"); id != "g6" {
		t.Fatalf("after reopen: %s", id)
	}
}

func TestDeadlines(t *testing.T) {
	db := openTemp(t)
	for _, id := range []string{"g1", "g2"} {
		if err := db.CreateGame(newToyGame(t, id, "").Rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.PutDeadline("nope", Deadline{Due: testTime}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deadline for unknown game: %v", err)
	}
	d1 := Deadline{Awaiting: []adjudicator.Side{"a"}, Due: testTime.Add(48 * time.Hour), Seq: 3}
	d2 := Deadline{Awaiting: []adjudicator.Side{"a", "b"}, Due: testTime.Add(time.Hour)}
	if err := db.PutDeadline("g1", d1); err != nil {
		t.Fatal(err)
	}
	if err := db.PutDeadline("g2", d2); err != nil {
		t.Fatal(err)
	}
	got, err := db.Deadline("g1")
	d1.Game = "g1"
	d1.Version = 1
	if err != nil || jsonOf(t, got) != jsonOf(t, d1) {
		t.Fatalf("Deadline(g1) = %+v, %v", got, err)
	}
	all, err := db.Deadlines()
	if err != nil || len(all) != 2 || all[0].Game != "g2" || all[1].Game != "g1" {
		t.Fatalf("Deadlines = %+v, %v", all, err)
	}
	d1.Reminded = true
	if err := db.PutDeadline("g1", d1); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Deadline("g1"); !got.Reminded {
		t.Fatal("reminder flag not stored")
	}
	if err := db.DeleteDeadline("g1"); err != nil {
		t.Fatal(err)
	}
	if err := db.DeleteDeadline("g1"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Deadline("g1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleted deadline: %v", err)
	}
}

func TestFileMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "new.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("new db mode %v, want 0600", st.Mode().Perm())
	}
	// An existing file readable by others is tightened.
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, _ = os.Stat(path)
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("permissive db left at %v", st.Mode().Perm())
	}
}

// writeRawSchema rewrites the schema version of a closed database.
func writeRawSchema(t *testing.T, path string, v uint64) {
	t.Helper()
	b, err := bbolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Update(func(tx *bbolt.Tx) error { return tx.Bucket(bMeta).Put(kSchema, u64(v)) }); err != nil {
		t.Fatal(err)
	}
}

func TestSchemaNewerRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "future.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	writeRawSchema(t, path, SchemaVersion+1)
	_, err = Open(path)
	want := fmt.Sprintf("db %s has schema version %d; this umpire understands up to %d: upgrade umpire", path, SchemaVersion+1, SchemaVersion)
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
}

func TestSchemaMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateGame(newToyGame(t, "g1", "c1").Rec); err != nil {
		t.Fatal(err)
	}
	db.Close()

	// Pretend this build has schema 2 with a migration that adds a bucket.
	old := currentSchema
	currentSchema = SchemaVersion + 1
	migrations[SchemaVersion] = func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucket([]byte("added"))
		return err
	}
	defer func() {
		currentSchema = old
		delete(migrations, SchemaVersion)
	}()
	db, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Header("g1"); err != nil {
		t.Fatalf("game lost in migration: %v", err)
	}
	var v uint64
	var added bool
	db.bolt.View(func(tx *bbolt.Tx) error {
		v = binaryU64(tx.Bucket(bMeta).Get(kSchema))
		added = tx.Bucket([]byte("added")) != nil
		return nil
	})
	db.Close()
	if v != SchemaVersion+1 || !added {
		t.Fatalf("after migration: version %d, bucket added %v", v, added)
	}

	// A failing migration leaves the file as it was.
	currentSchema = SchemaVersion + 2
	migrations[SchemaVersion+1] = func(tx *bbolt.Tx) error {
		tx.DeleteBucket(bGames)
		return errors.New("boom")
	}
	defer delete(migrations, SchemaVersion+1)
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("failing migration: %v", err)
	}
	currentSchema = SchemaVersion + 1
	db, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Header("g1"); err != nil {
		t.Fatalf("failed migration damaged the file: %v", err)
	}
}

func binaryU64(b []byte) uint64 {
	var v uint64
	for _, x := range b {
		v = v<<8 | uint64(x)
	}
	return v
}

func TestNotAnUmpireDatabase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "other.db")
	b, err := bbolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Update(func(tx *bbolt.Tx) error { _, err := tx.CreateBucket([]byte("widgets")); return err })
	b.Close()
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "not an Umpire database") {
		t.Fatalf("foreign bbolt file: %v", err)
	}

	junk := filepath.Join(dir, "junk.db")
	if err := os.WriteFile(junk, []byte(strings.Repeat("not a database\n", 1000)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(junk); err == nil || !strings.Contains(err.Error(), "not a bbolt database") {
		t.Fatalf("junk file: %v", err)
	}
}

func TestLockedDatabase(t *testing.T) {
	db := openTemp(t)
	start := time.Now()
	_, err := Open(db.Path())
	took := time.Since(start)
	if err == nil || !strings.Contains(err.Error(), "database is locked by another umpire") {
		t.Fatalf("second open: %v", err)
	}
	if took > 3*time.Second {
		t.Fatalf("second open took %v", took)
	}
	t.Logf("refused after %v: %v", took.Round(time.Millisecond), err)
}

// TestConcurrent appends to many games from many goroutines while others
// read; run with -race.
func TestConcurrent(t *testing.T) {
	db := openTemp(t)
	const games, steps = 8, 10
	gs := make([]*adjudicator.Game, games)
	for i := range gs {
		gs[i] = newToyGame(t, fmt.Sprintf("g%d", i+1), fmt.Sprintf("c%d", i+1))
		if err := db.CreateGame(gs[i].Rec); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, games*2)
	for i, g := range gs {
		wg.Add(2)
		go func() { // the game's one writer
			defer wg.Done()
			for s := range steps {
				side := g.Prompt().Awaiting[0]
				st, err := g.Orders("u", side, []string{"add 1", "pass"}, fmt.Sprintf("i-%d-%d", i, s), testTime)
				if err == nil {
					err = db.Append(g.Rec.ID, st.Entries, nil)
				}
				if err != nil {
					errs <- err
					return
				}
				g.Commit(st)
			}
		}()
		go func() { // a reader
			defer wg.Done()
			for range steps {
				if _, err := db.Record(fmt.Sprintf("g%d", i+1)); err != nil {
					errs <- err
					return
				}
				if _, err := db.Games(); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for _, g := range gs {
		rec, err := db.Record(g.Rec.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Entries) != 2*steps || jsonOf(t, rec) != jsonOf(t, g.Rec) {
			t.Fatalf("game %s: %d entries", g.Rec.ID, len(rec.Entries))
		}
	}
}

func TestNaturalCompare(t *testing.T) {
	ids := []string{"g10", "g2", "t1", "g1", "g02x", "g", "g2a", "g02"}
	slices.SortFunc(ids, naturalCompare)
	if want := []string{"g", "g1", "g02", "g2", "g2a", "g02x", "g10", "t1"}; !slices.Equal(ids, want) {
		t.Fatalf("%v", ids)
	}
}

// BenchmarkAppendDurable measures one durable Append (one bbolt commit with
// fsync) of one entry.
func BenchmarkAppendDurable(b *testing.B) {
	db := openTemp(b)
	g := newToyGame(b, "g1", "")
	if err := db.CreateGame(g.Rec); err != nil {
		b.Fatal(err)
	}
	seq := 0
	for b.Loop() {
		seq++
		if err := db.Append("g1", []adjudicator.Entry{entry(seq, fmt.Sprintf("b%d", seq))}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendDurableParallel: many games appending at once (each
// goroutine its own game); ns/op is per Append across all goroutines.
func BenchmarkAppendDurableParallel(b *testing.B) {
	db := openTemp(b)
	var mu sync.Mutex
	n := 0
	b.RunParallel(func(pb *testing.PB) {
		mu.Lock()
		n++
		id := fmt.Sprintf("p%d", n)
		mu.Unlock()
		if err := db.CreateGame(newToyGame(b, id, "").Rec); err != nil {
			b.Error(err)
			return
		}
		seq := 0
		for pb.Next() {
			seq++
			if err := db.Append(id, []adjudicator.Entry{entry(seq, fmt.Sprintf("%s-%d", id, seq))}, nil); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
