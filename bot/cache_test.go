package bot

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/storage"
)

// counter is a toy title: both sides "add N"; its loads can be counted
// and held (scenario "slow" waits on gate in Decode and Setup).
type counter struct {
	loads *atomic.Int64
	gate  chan struct{}
}

type counterState struct {
	Scenario string `json:"scenario"`
	Total    int    `json:"total"`
	Rolls    int    `json:"rolls"`
}

func (s *counterState) Encode() ([]byte, error) { return json.Marshal(s) }

func (c counter) Info() adjudicator.Info {
	return adjudicator.Info{ID: "counter", Name: "Counter", Sides: []adjudicator.Side{"a", "b"},
		Scenarios: []adjudicator.Scenario{{ID: "fast"}, {ID: "slow"}}}
}

func (c counter) hold(scenario string) {
	c.loads.Add(1)
	if scenario == "slow" && c.gate != nil {
		<-c.gate
	}
}

func (c counter) Setup(scenario string, _ adjudicator.Options) (adjudicator.State, error) {
	c.hold(scenario)
	return &counterState{Scenario: scenario}, nil
}

func (c counter) Decode(b []byte) (adjudicator.State, error) {
	var s counterState
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	c.hold(s.Scenario)
	return &s, nil
}

func (counter) Prompt(adjudicator.State) adjudicator.Prompt {
	return adjudicator.Prompt{Awaiting: []adjudicator.Side{"a", "b"}, Phase: "adding"}
}

func (counter) Legal(adjudicator.State, adjudicator.Side) []adjudicator.Choice {
	return []adjudicator.Choice{{Word: "add", Next: []adjudicator.Choice{{Word: "1", Complete: true}}}}
}

func (counter) Apply(st adjudicator.State, side adjudicator.Side, a string, d adjudicator.Dice) (adjudicator.State, []adjudicator.Event, error) {
	s := *st.(*counterState)
	switch {
	case a == "roll":
		s.Total += d.Roll(6)
		s.Rolls++
	case strings.HasPrefix(a, "add "):
		var n int
		if _, err := fmt.Sscan(a[4:], &n); err != nil {
			return nil, nil, adjudicator.Refuse(a, "add a number")
		}
		s.Total += n
	default:
		return nil, nil, adjudicator.Refuse(a, "orders are add N and roll")
	}
	return &s, []adjudicator.Event{{Audience: adjudicator.Everyone, Text: fmt.Sprintf("total %d", s.Total)}}, nil
}

func (counter) View(st adjudicator.State, v adjudicator.Viewer) adjudicator.View {
	return adjudicator.View{Title: "counter", Status: []string{fmt.Sprintf("total %d", st.(*counterState).Total)}}
}

func newCounterService(t testing.TB, max int) (*Service, counter) {
	t.Helper()
	db, err := storage.Open(filepath.Join(t.TempDir(), "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c := counter{loads: new(atomic.Int64)}
	s := &Service{DB: db, Titles: map[string]adjudicator.Rules{"counter": c}, Seed: DemoSeed(1),
		MaxGames: max, SnapshotEvery: 8}
	return s, c
}

func cmd(user, channel, name string, opts ...string) Command {
	c := Command{User: user, Channel: channel, Name: name, Options: map[string]string{}}
	for i := 0; i+1 < len(opts); i += 2 {
		c.Options[opts[i]] = opts[i+1]
	}
	return c
}

func mustReply(t testing.TB, out []Reply, want string) {
	t.Helper()
	for _, r := range out {
		if strings.Contains(r.Text, want) {
			return
		}
	}
	t.Fatalf("no reply contains %q: %+v", want, out)
}

// Issue 14 item 5: at most MaxGames stay loaded; an evicted game reloads
// from its snapshot and tail and goes on exactly where it was.
func TestCache_EvictsAndReloads(t *testing.T) {
	s, c := newCounterService(t, 3)
	const games = 10
	for i := range games {
		ch := fmt.Sprintf("c%d", i)
		mustReply(t, s.Handle(direct(cmd("alice", ch, "game new", "title", "counter", "scenario", "fast", "a", "@alice", "b", "@bob"))), "New game")
	}
	for round := range 3 {
		for i := range games {
			ch := fmt.Sprintf("c%d", i)
			for k := range 5 {
				mustReply(t, s.Handle(cmd("alice", ch, "order", "text", fmt.Sprintf("add %d; roll", i+1))), "Accepted")
				_ = k
			}
			if n := s.Loaded(); n > 3 {
				t.Fatalf("round %d: %d games loaded, limit 3", round, n)
			}
		}
	}
	before := c.loads.Load()
	// Every game reloads (it was evicted) and its state is the log's.
	for i := range games {
		ch := fmt.Sprintf("c%d", i)
		g, err := s.Game(ch)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := s.DB.Record(g.Rec.ID)
		if err != nil {
			t.Fatal(err)
		}
		want, err := adjudicator.Replay(c, rec)
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := adjudicator.Equal(g.State, want); !ok || g.Len() != len(rec.Entries) || g.Len() != 30 {
			t.Fatalf("%s: reloaded game differs from its log (len %d/%d)", ch, g.Len(), len(rec.Entries))
		}
		if len(g.Rec.Entries) > 8 {
			t.Fatalf("%s: %d entries in memory; the snapshot covers all but the tail", ch, len(g.Rec.Entries))
		}
	}
	if c.loads.Load() == before {
		t.Fatal("no game was reloaded: nothing was evicted")
	}
	// Undo reaches back before the loaded tail.
	mustReply(t, s.Handle(Command{User: "mod", Channel: "c0", Name: "mod undo", Options: map[string]string{"count": "12"}, Mod: true}), "undid the last 12")
	g, _ := s.Game("c0")
	rec, _ := s.DB.Record(g.Rec.ID)
	want, _ := adjudicator.Replay(c, rec)
	if ok, _ := adjudicator.Equal(g.State, want); !ok {
		t.Fatal("after an undo before the tail, the state is not the log's")
	}
}

// Idle games are evicted after IdleAfter (injectable clock).
func TestCache_IdleEviction(t *testing.T) {
	s, _ := newCounterService(t, 100)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	s.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s.IdleAfter = time.Hour
	for i := range 5 {
		s.Handle(direct(cmd("alice", fmt.Sprintf("c%d", i), "game new", "title", "counter", "scenario", "fast", "a", "@alice", "b", "@bob")))
	}
	if s.Loaded() != 5 {
		t.Fatalf("%d loaded", s.Loaded())
	}
	mu.Lock()
	now = now.Add(2 * time.Hour)
	mu.Unlock()
	mustReply(t, s.Handle(cmd("alice", "c0", "order", "text", "add 1")), "Accepted")
	if n := s.Loaded(); n != 1 {
		t.Fatalf("after two idle hours %d games stay loaded, want 1", n)
	}
}

// Issue 14 item 4: a warm game's command never waits for another game's
// load, and concurrent commands for one cold game share one load.
func TestCache_NoGlobalLockDuringLoad(t *testing.T) {
	s, c := newCounterService(t, 100)
	mustReply(t, s.Handle(direct(cmd("alice", "slow", "game new", "title", "counter", "scenario", "slow", "a", "@alice", "b", "@bob"))), "New game")
	mustReply(t, s.Handle(direct(cmd("alice", "warm", "game new", "title", "counter", "scenario", "fast", "a", "@alice", "b", "@bob"))), "New game")
	if !s.Evict("g1") { // g1 is now cold
		t.Fatal("g1 not evicted")
	}
	gate := make(chan struct{})
	c.gate = gate
	s.Titles["counter"] = c
	loadsBefore := c.loads.Load()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mustReply(t, s.Handle(cmd("alice", "slow", "order", "text", "add 1")), "Accepted")
		}()
	}
	for c.loads.Load() == loadsBefore {
		time.Sleep(time.Millisecond)
	}
	done := make(chan struct{})
	go func() {
		mustReply(t, s.Handle(cmd("alice", "warm", "order", "text", "add 2")), "Accepted")
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		close(gate)
		t.Fatal("the warm game's order waited for another game's load")
	}
	close(gate)
	wg.Wait()
	if n := c.loads.Load() - loadsBefore; n != 1 {
		t.Fatalf("8 concurrent commands on a cold game made %d loads, want 1", n)
	}
	g, _ := s.Game("slow")
	if got := g.State.(*counterState).Total; got != 8 {
		t.Fatalf("total %d after 8 orders", got)
	}
}
