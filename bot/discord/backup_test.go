package discord

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/umpirebot/umpire/storage"
)

// Periodic backups on an injected clock: one copy per tick, the newest
// Keep kept, each a database that opens and passes its check.
func TestBackups_PeriodicKeepsNewest(t *testing.T) {
	dir := t.TempDir()
	db, err := storage.Open(filepath.Join(dir, "umpire.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 3, 13, 17, 0, 0, 0, time.UTC)
	ticks := make(chan time.Time)
	// Buffered, with a blocking send: a signal sent before the test waits
	// for it is kept, not dropped (a dropped one hung the test).
	wrote := make(chan struct{}, 1)
	b := &Backups{DB: db, Dir: filepath.Join(dir, "backups"), Every: time.Hour, Keep: 3,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return now },
		After: func(d time.Duration) <-chan time.Time {
			if d != time.Hour {
				t.Errorf("waited %v, want 1h", d)
			}
			wrote <- struct{}{}
			return ticks
		}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.Run(ctx); close(done) }()
	<-wrote // waiting for the first tick
	for i := range 5 {
		now = now.Add(time.Hour)
		ticks <- now
		<-wrote // the backup of tick i is written, waiting again
		_ = i
	}
	cancel()
	<-done
	ents, err := os.ReadDir(b.Dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	want := []string{"umpire-20260313T200000Z.db", "umpire-20260313T210000Z.db", "umpire-20260313T220000Z.db"}
	if len(names) != 3 || names[0] != want[0] || names[2] != want[2] {
		t.Fatalf("backups %v, want %v", names, want)
	}
	for _, n := range names {
		cp, err := storage.OpenReadOnly(filepath.Join(b.Dir, n))
		if err != nil {
			t.Fatal(err)
		}
		if p := cp.Check(1); len(p) > 0 {
			t.Fatal(p)
		}
		cp.Close()
	}
}

func TestConfig_BackupAndCache(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(path, []byte("[backup]\ninterval = \"6h\"\ndir = \"b\"\nkeep = 4\n[cache]\nmax_games = 10\nidle_after = \"5m\"\n"), 0o600)
	c, err := LoadConfig(path, func(string) string { return "" })
	if err != nil || c.Backup.Keep != 4 || c.Cache.MaxGames != 10 {
		t.Fatalf("%+v %v", c.Backup, err)
	}
	os.WriteFile(path, []byte("[backup]\ninterval = \"often\"\n"), 0o600)
	if _, err := LoadConfig(path, func(string) string { return "" }); err == nil {
		t.Fatal("a bad interval was accepted")
	}
}
