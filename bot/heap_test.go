package bot

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/storage"
)

// fastDir is a directory on tmpfs when there is one (fsync is free there),
// for tests that create thousands of games.
func fastDir(t *testing.T) string {
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		d, err := os.MkdirTemp("/dev/shm", "umpire-test")
		if err == nil {
			t.Cleanup(func() { os.RemoveAll(d) })
			return d
		}
	}
	return t.TempDir()
}

func heapNow() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// Issue 14 item 5: games touched once each by one process: the heap is
// bounded by the configured cache (MaxGames), not by the number of games.
// 10,000 Hell games without -short, 1,000 with it.
func TestCache_HeapBoundedByCache(t *testing.T) {
	games := 10000
	if testing.Short() {
		games = 1000
	}
	rules, err := hellRules()
	if err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(filepath.Join(fastDir(t), "heap.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for i := range games {
		seed := []byte(fmt.Sprintf("%032d", i))
		rec := adjudicator.Record{ID: fmt.Sprintf("g%d", i+1), Title: "hell", Scenario: "full-battle", Channel: fmt.Sprintf("c%d", i),
			Seats: map[adjudicator.Side]string{"french": "alice", "vm": "bob"}, Seed: seed, Commitment: adjudicator.Commitment(seed),
			Created: time.Unix(0, 0).UTC()}
		if err := db.CreateGame(rec); err != nil {
			t.Fatal(err)
		}
	}
	max := 100
	if os.Getenv("UMPIRE_NO_EVICT") != "" {
		max = 1 << 30 // shows what the test catches
	}
	s := &Service{DB: db, Titles: map[string]adjudicator.Rules{"hell": rules}, MaxGames: max}
	touch := func(from, to int) {
		for i := from; i < to; i++ {
			if _, err := s.Game(fmt.Sprintf("c%d", i)); err != nil {
				t.Fatal(err)
			}
		}
	}
	touch(0, 200)
	one := heapNow()
	g, _ := s.Game("c0")
	perGame := 0
	if b, err := g.State.Encode(); err == nil {
		perGame = len(b)
	}
	touch(200, games/4)
	quarter := heapNow()
	touch(games/4, games)
	all := heapNow()
	if n := s.Loaded(); n > max {
		t.Fatalf("%d games loaded, MaxGames %d", n, max)
	}
	// Unbounded, the last three quarters alone would add games*3/4 states.
	bound := uint64(8 << 20)
	t.Logf("heap after %d games %.1f MB, after %d %.1f MB, after %d %.1f MB (a state encodes to %d bytes; unbounded, %d games would hold >%.0f MB)",
		200, float64(one)/1e6, games/4, float64(quarter)/1e6, games, float64(all)/1e6, perGame, games, float64(games*perGame)/1e6)
	if all > quarter+bound || all > one+2*bound {
		t.Fatalf("heap grew with the number of games: %d, %d, %d bytes", one, quarter, all)
	}
}
