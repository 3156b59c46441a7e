package storage

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// sampleDB writes a closed database with a few toy games (logs and
// snapshots) and returns its path and bytes.
func sampleDB(t *testing.T) (string, []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sample.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		g := newToyGame(t, fmt.Sprintf("g%d", i+1), fmt.Sprintf("c%d", i+1))
		if err := db.CreateGame(g.Rec); err != nil {
			t.Fatal(err)
		}
		for j := range 30 {
			side := adjudicator.Side("a")
			if j%2 == 1 {
				side = "b"
			}
			play(t, db, g, side, fmt.Sprintf("s%d-%d", i, j), "add 2", "pass")
			if j%8 == 7 {
				snap, err := g.Snapshot()
				if err != nil {
					t.Fatal(err)
				}
				if err := db.PutSnapshot(g.Rec.ID, snap); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, b
}

// useAll opens path and reads everything in it the way the bot and the
// tools do; it reports the first error. A panic fails the test.
func useAll(path string, readOnly bool) (err error) {
	open := Open
	if readOnly {
		open = OpenReadOnly
	}
	db, err := open(path)
	if err != nil {
		return err
	}
	defer db.Close()
	ids, err := db.Games()
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := db.Record(id); err != nil {
			return err
		}
		if _, err := db.Snapshot(id); err != nil {
			return err
		}
		if _, err := db.LoadTail(id); err != nil {
			return err
		}
	}
	if p := db.Check(1); len(p) > 0 {
		return fmt.Errorf("check: %s", p[0])
	}
	return nil
}

// Issue 12 item 4: a damaged file gives an error naming the file, never a
// panic, whatever the damage.
func TestDamagedDatabaseFailsLoudly(t *testing.T) {
	_, good := sampleDB(t)
	dir := t.TempDir()
	if len(good) < 8*4096 {
		t.Fatalf("sample db only %d bytes", len(good))
	}
	type damage struct {
		name string
		b    []byte
	}
	var cases []damage
	for _, n := range []int{100, 4096, 4096 + 100, 2 * 4096, 3*4096 + 7, len(good) / 2, len(good) - 4096, len(good) - 1} {
		cases = append(cases, damage{fmt.Sprintf("truncated-%d", n), good[:n]})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	offsets := []int{0, 16, 40, 4096 + 20, 4096 + 60, 2*4096 + 10, 3*4096 + 3, 4*4096 + 16, 5*4096 + 100}
	random := 24
	if testing.Short() {
		random = 8
	}
	for range random {
		offsets = append(offsets, rng.IntN(len(good)))
	}
	for _, off := range offsets {
		b := append([]byte(nil), good...)
		for k := range 8 {
			if off+k < len(b) {
				b[off+k] ^= 0xA5
			}
		}
		cases = append(cases, damage{fmt.Sprintf("flipped-%d", off), b})
	}
	garbage := make([]byte, 64*1024)
	for i := range garbage {
		garbage[i] = byte(rng.Uint32())
	}
	cases = append(cases, damage{"garbage", garbage}, damage{"empty", nil})
	detected := 0
	for _, c := range cases {
		for _, ro := range []bool{false, true} {
			path := filepath.Join(dir, fmt.Sprintf("%s-%v.db", c.name, ro))
			if err := os.WriteFile(path, c.b, 0o600); err != nil {
				t.Fatal(err)
			}
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s (read-only %v): panic: %v", c.name, ro, r)
					}
				}()
				err = useAll(path, ro)
			}()
			if err == nil {
				// Damage in a free page, or in a value's bytes, is not
				// bbolt's to see.
				continue
			}
			detected++
			msg := err.Error()
			if !strings.Contains(msg, path) || strings.Contains(msg, "\n") || strings.Contains(msg, "goroutine") {
				t.Errorf("%s: the error must be one line naming the file: %q", c.name, msg)
			}
			if testing.Verbose() && !ro {
				t.Logf("%s: %v", c.name, err)
			}
		}
	}
	for _, name := range []string{"truncated-100", "truncated-4096", "truncated-8192", "garbage", "empty"} {
		path := filepath.Join(dir, name+"-false.db")
		if err := useAll(path, false); err == nil {
			t.Errorf("%s was opened without complaint", name)
		}
	}
	if err := useAll(filepath.Join(dir, "empty-false.db"), false); err == nil || !strings.Contains(err.Error(), "empty (0 bytes)") {
		t.Errorf("a 0-byte file must be refused as empty: %v", err)
	}
	if err := useAll(filepath.Join(dir, "garbage-false.db"), false); err == nil || !strings.Contains(err.Error(), "not an Umpire database") {
		t.Errorf("garbage must be called not an Umpire database: %v", err)
	}
	if st, err := os.Stat(filepath.Join(dir, "empty-false.db")); err != nil || st.Size() != 0 {
		t.Errorf("Open must leave a refused empty file alone: %v %v", st, err)
	}
	t.Logf("%d of %d damaged opens reported", detected, 2*len(cases))
}

func TestBackupIsConsistentAndOpens(t *testing.T) {
	path, _ := sampleDB(t)
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	out := filepath.Join(t.TempDir(), "copy.db")
	// Writes go on while the backup runs: the copy is one commit's view.
	done := make(chan error)
	go func() {
		g := newToyGame(t, "g9", "c9")
		if err := db.CreateGame(g.Rec); err != nil {
			done <- err
			return
		}
		for j := range 50 {
			st, err := g.Orders("u", "a", []string{"add 1", "pass"}, fmt.Sprintf("w%d", j), testTime)
			if err != nil {
				done <- err
				return
			}
			if err := db.Append("g9", st.Entries, nil); err != nil {
				done <- err
				return
			}
			g.Commit(st)
			st, err = g.Orders("u", "b", []string{"pass"}, fmt.Sprintf("v%d", j), testTime)
			if err != nil {
				done <- err
				return
			}
			if err := db.Append("g9", st.Entries, nil); err != nil {
				done <- err
				return
			}
			g.Commit(st)
		}
		done <- nil
	}()
	for range 5 {
		if _, err := db.BackupTo(out); err != nil {
			t.Fatal(err)
		}
		if err := useAll(out, true); err != nil {
			t.Fatal(err)
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := db.BackupTo(path); err == nil {
		t.Fatal("a backup over the database itself must be refused")
	}
	st, err := os.Stat(out)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("backup mode: %v %v", st, err)
	}
}

// bbolt's lock: a read-only open waits for the writer, then says why.
func TestReadOnlyWhileWriterHolds(t *testing.T) {
	path, _ := sampleDB(t)
	ro1, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	ro2, err := OpenReadOnly(path) // readers share
	if err != nil {
		t.Fatal(err)
	}
	if err := ro1.Append("g1", nil, nil); err == nil {
		t.Error("a read-only database took a write")
	}
	ro1.Close()
	ro2.Close()
	w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	_, err = OpenReadOnly(path)
	if err == nil || !strings.Contains(err.Error(), "in use by a running umpire") || !strings.Contains(err.Error(), "backup") {
		t.Fatalf("read-only open beside a writer: %v", err)
	}
	if _, err := OpenReadOnly(filepath.Join(t.TempDir(), "none.db")); err == nil {
		t.Fatal("read-only open created a file")
	}
}
