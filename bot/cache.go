package bot

// The loaded-game cache (issue 14 items 4 and 5). Each game loads under its
// own single-flight: the service-wide mutex guards only the table, never a
// load, so a warm game's command never waits for another game's replay.
// Loaded games are evicted when more than MaxGames are loaded (least
// recently used first) and when idle for IdleAfter; a game in use is never
// evicted. A load reads the latest snapshot and only the log after it.

import (
	"fmt"
	"runtime"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// Cache defaults (config.example.toml, [cache]).
const (
	DefaultMaxGames  = 500
	DefaultIdleAfter = 30 * time.Minute
)

func (s *Service) maxGames() int {
	if s.MaxGames > 0 {
		return s.MaxGames
	}
	return DefaultMaxGames
}

func (s *Service) idleAfter() time.Duration {
	if s.IdleAfter > 0 {
		return s.IdleAfter
	}
	return DefaultIdleAfter
}

// Loaded is the number of games held in memory.
func (s *Service) Loaded() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.slots)
}

// acquire returns game id's slot, loading it if needed, pinned against
// eviction until release. Concurrent callers for one game share one load.
func (s *Service) acquire(id string) (*slot, error) {
	now := s.now()
	s.mu.Lock()
	if s.slots == nil {
		s.slots = map[string]*slot{}
	}
	s.sweepLocked(now)
	sl, ok := s.slots[id]
	if !ok {
		sl = &slot{loading: make(chan struct{})}
		s.slots[id] = sl
		sl.users++
		s.evictLocked(sl)
		if s.gate == nil {
			s.gate = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)-1))
		}
		gate := s.gate
		s.mu.Unlock()
		// Loads run at most GOMAXPROCS-1 at once: a burst of cold loads
		// then waits parked, and one processor stays free for warm games'
		// commands (with every P loading, a warm order back from its
		// fsync waits for a time slice).
		gate <- struct{}{}
		g, err := s.loadSafe(id) // bot/recover.go: a replay that panics fails this load only
		<-gate
		sl.g, sl.err = g, err
		close(sl.loading)
		if err != nil {
			s.mu.Lock()
			if s.slots[id] == sl {
				delete(s.slots, id)
			}
			sl.users--
			s.mu.Unlock()
			return nil, err
		}
		return sl, nil
	}
	sl.users++
	wait := sl.loading
	s.mu.Unlock()
	if wait != nil {
		<-wait
	}
	if sl.err != nil {
		s.release(sl)
		return nil, sl.err
	}
	return sl, nil
}

// release unpins a slot and marks it used now.
func (s *Service) release(sl *slot) {
	now := s.now()
	s.mu.Lock()
	sl.users--
	sl.used = now
	s.mu.Unlock()
}

// adopt caches a game made in this process (a new game).
func (s *Service) adopt(id string, g *adjudicator.Game) {
	s.setEarlier(id, g)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.slots == nil {
		s.slots = map[string]*slot{}
	}
	sl := &slot{g: g, used: s.now()}
	s.slots[id] = sl
	s.evictLocked(sl)
}

// evictLocked drops least recently used idle games while more than
// MaxGames are loaded. keep is never dropped. O(loaded) per eviction,
// which happens once per load past the limit.
func (s *Service) evictLocked(keep *slot) {
	for len(s.slots) > s.maxGames() {
		var victim string
		var oldest time.Time
		for id, sl := range s.slots {
			if sl == keep || !sl.evictable() {
				continue
			}
			if victim == "" || sl.used.Before(oldest) {
				victim, oldest = id, sl.used
			}
		}
		if victim == "" {
			return // every loaded game is in use
		}
		delete(s.slots, victim)
	}
}

// sweepLocked drops games idle for longer than IdleAfter, at most a few
// times per IdleAfter.
func (s *Service) sweepLocked(now time.Time) {
	idle := s.idleAfter()
	if now.Sub(s.swept) < idle/4 {
		return
	}
	s.swept = now
	for id, sl := range s.slots {
		if sl.evictable() && now.Sub(sl.used) > idle {
			delete(s.slots, id)
		}
	}
}

// evictable: loaded and not in use. The caller holds s.mu.
func (sl *slot) evictable() bool {
	if sl.users > 0 {
		return false
	}
	if sl.loading != nil {
		select {
		case <-sl.loading:
		default:
			return false
		}
	}
	return true
}

// load reads a game from storage: the latest snapshot and the entries
// after it; the whole log only when the snapshot is missing or unusable,
// and then it stores a fresh snapshot so that the next load is short.
func (s *Service) load(id string) (*adjudicator.Game, error) {
	t, err := s.DB.LoadTail(id)
	if err != nil {
		return nil, err
	}
	rules, ok := s.Titles[t.Header.Title]
	if !ok {
		return nil, fmt.Errorf("game %s is of title %q, which this umpire does not know", id, t.Header.Title)
	}
	var g *adjudicator.Game
	if t.Snapshot != nil {
		g, _ = adjudicator.LoadTail(rules, t.Header, t.Snapshot, t.BaseDice)
	}
	if g == nil {
		rec := t.Header
		if t.Snapshot != nil {
			if rec, err = s.DB.Record(id); err != nil {
				return nil, err
			}
		}
		if g, err = adjudicator.Load(rules, rec, t.Snapshot); err != nil {
			return nil, fmt.Errorf("game %s does not replay: %w", id, err)
		}
		s.setEarlier(id, g)
		if base := t.Base(); g.Len()-base >= s.snapshotEvery() || (t.Snapshot != nil && g.Len() > 0) {
			s.snapshot(g)
		}
		return g, nil
	}
	s.setEarlier(id, g)
	return g, nil
}

// setEarlier lets a game read back the log before its loaded tail.
func (s *Service) setEarlier(id string, g *adjudicator.Game) {
	db := s.DB
	g.Earlier = func(n int) ([]adjudicator.Entry, error) { return db.Entries(id, 1, n) }
}

func (s *Service) snapshotEvery() int {
	if s.SnapshotEvery > 0 {
		return s.SnapshotEvery
	}
	return 64
}

// snapshot stores the game's state and drops the entries it covers from
// memory. A snapshot only speeds loading: failures are ignored.
func (s *Service) snapshot(g *adjudicator.Game) {
	snap, err := g.Snapshot()
	if err != nil {
		return
	}
	if s.DB.PutSnapshot(g.Rec.ID, snap) == nil {
		g.Trim(snap.Seq)
	}
}

// Evict drops a game from memory if it is not in use (its next command
// reloads it); it reports whether it did.
func (s *Service) Evict(gameID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	sl, ok := s.slots[gameID]
	if !ok || !sl.evictable() {
		return false
	}
	delete(s.slots, gameID)
	return true
}
