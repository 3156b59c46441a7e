package bot

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/storage"
)

// gatedMaps draws a fake PNG once gate is open, counting the drawings.
type gatedMaps struct {
	mu   sync.Mutex
	n    int
	gate chan struct{}
}

func (m *gatedMaps) PNG(v adjudicator.View) ([]byte, error) {
	<-m.gate
	m.mu.Lock()
	defer m.mu.Unlock()
	m.n++
	return []byte("png of " + v.Viewer), nil
}

func (m *gatedMaps) drawn() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.n
}

// Issue 18: an order is acknowledged when it is durable, never after a
// drawing: Do returns "Accepted" while every map drawing is held; the
// channel's post and its map wait in the outbox. Two phase changes in a
// row give one map, of the latest state, and both steps' texts.
func TestOutbox_AcceptedBeforeTheMapAndOneMapForTwoSteps(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "o.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	maps := &gatedMaps{gate: make(chan struct{})}
	q := render.NewQueue(maps.PNG, 4, 1)
	defer q.Close()
	svc := &Service{DB: db, Titles: map[string]adjudicator.Rules{"hell": hell.New(hell.MustDefault())}, Seed: DemoSeed(1), Queue: q}
	mustReply(t, svc.Handle(direct(cmd("alice", "ch", "game new", "title", "hell", "scenario", "full-battle", "french", "@alice", "vm", "@bob"))), "New game")

	o1 := svc.Do(cmd("alice", "ch", "order", "text", "done"))
	o2 := svc.Do(cmd("bob", "ch", "order", "text", "done"))
	for i, o := range []Outcome{o1, o2} {
		if len(o.Replies) == 0 || !strings.HasPrefix(o.Replies[0].Text, "Accepted") || o.Game != "g1" {
			t.Fatalf("order %d: %+v", i+1, o)
		}
		for _, r := range o.Replies {
			if r.To == "" || len(r.PNG) > 0 || r.Map != "" {
				t.Fatalf("order %d answered with the channel's post or a map: %+v", i+1, r)
			}
		}
	}
	if n := maps.drawn(); n != 0 {
		t.Fatalf("%d maps drawn before the acknowledgements", n)
	}
	pending, err := svc.Pending("g1")
	if err != nil || len(pending) != 2 || pending[0].Seq >= pending[1].Seq {
		t.Fatalf("outbox: %+v %v", pending, err)
	}
	for _, d := range pending {
		if !wantsMap([]Delivery{d}, "public", "") {
			t.Fatalf("delivery after entry %d asks for no map: %+v", d.Seq, d.Replies)
		}
	}
	close(maps.gate)
	out := svc.Drain("g1")
	var images, texts []string
	for _, r := range out {
		if len(r.PNG) > 0 {
			images = append(images, r.Text)
		}
		texts = append(texts, r.Text)
	}
	want := fmt.Sprintf("Map of game g1 (public view) after entry %d.", pending[1].Seq)
	if len(images) != 1 || !strings.Contains(images[0], want) || maps.drawn() != 1 {
		t.Fatalf("maps %q (%d drawn), want one: %q", images, maps.drawn(), want)
	}
	// Issue 15 item 2: one channel post per command; bob is pinged when
	// the turn passes to him, not after his own order leaves him awaited.
	if len(out) != 2 {
		t.Fatalf("%d posts for two commands: %+v", len(out), out)
	}
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "Turn 1") || strings.Count(all, "Awaiting @bob (vm)") != 1 || strings.Count(all, "Still awaiting bob (vm)") != 1 || len(pending[0].Ping) != 1 || pending[0].Ping[0] != "bob" || len(pending[1].Ping) != 0 {
		t.Fatalf("the steps' texts (pings %v, %v):\n%s", pending[0].Ping, pending[1].Ping, all)
	}
	if left, _ := svc.Pending("g1"); len(left) != 0 {
		t.Fatalf("left in the outbox: %+v", left)
	}
}

// counterGame makes a counter game in channel ch and returns its id.
func counterGame(t testing.TB, s *Service, ch string) string {
	t.Helper()
	o := s.Do(direct(cmd("alice", ch, "game new", "title", "counter", "scenario", "fast", "a", "@alice", "b", "@bob")))
	mustReply(t, o.Replies, "New game")
	id, err := s.DB.GameInChannel(ch)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

type sent struct {
	game string
	seq  int
	text string
}

type recorder struct {
	mu   sync.Mutex
	sent []sent
	fail func(d Delivery) error
}

func (r *recorder) send(d Delivery, replies []Reply) error {
	if r.fail != nil {
		if err := r.fail(d); err != nil {
			return err
		}
	}
	var texts []string
	for _, x := range replies {
		texts = append(texts, x.Text)
	}
	r.mu.Lock()
	r.sent = append(r.sent, sent{d.Game, d.Seq, strings.Join(texts, "\n")})
	r.mu.Unlock()
	return nil
}

func (r *recorder) all() []sent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]sent(nil), r.sent...)
}

// Issue 18: a committed order whose post had not gone out when the process
// stopped is posted after the restart, once.
func TestOutbox_RestartDeliversOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	db, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c := counter{loads: new(atomic.Int64)}
	titles := map[string]adjudicator.Rules{"counter": c}
	s1 := &Service{DB: db, Titles: titles, Seed: DemoSeed(1)}
	id := counterGame(t, s1, "ch")
	for i := 1; i <= 2; i++ {
		mustReply(t, s1.Do(cmd("alice", "ch", "order", "text", fmt.Sprintf("add %d", i))).Replies, "Accepted")
	}
	db.Close() // the stop: nothing was delivered

	db2, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	s2 := &Service{DB: db2, Titles: titles, Seed: DemoSeed(1)}
	rec := &recorder{}
	p := &Poster{Service: s2, Send: rec.send}
	defer p.Close()
	for range 3 {
		if err := p.Resume(); err != nil {
			t.Fatal(err)
		}
		if !p.IdleAll(10 * time.Second) {
			t.Fatal("the poster did not settle")
		}
	}
	got := rec.all()
	if len(got) != 2 || got[0].game != id || got[0].seq != 1 || got[1].seq != 2 ||
		!strings.Contains(got[0].text, "total 1") || !strings.Contains(got[1].text, "total 3") {
		t.Fatalf("delivered after the restart: %+v", got)
	}
	if st := p.Stats(); st.Delivered != 2 || st.Dropped != 0 {
		t.Fatalf("stats %+v", st)
	}
}

// Issue 18: a passing failure is retried, in order, until it goes out;
// a stop in the middle leaves the delivery in the outbox for the next
// start; a bug in a delivery drops that one, not the game's next.
func TestPoster_RetriesKeepsOnStopDropsOnBug(t *testing.T) {
	s, _ := newCounterService(t, 0)
	id := counterGame(t, s, "ch")
	fails := 2
	var mu sync.Mutex
	rec := &recorder{fail: func(d Delivery) error {
		mu.Lock()
		defer mu.Unlock()
		if fails > 0 {
			fails--
			return Retry(errors.New("503 from Discord"))
		}
		return nil
	}}
	p := &Poster{Service: s, Send: rec.send, Backoff: time.Millisecond}
	s.Do(cmd("alice", "ch", "order", "text", "add 1"))
	p.Kick(id)
	if !p.IdleAll(10 * time.Second) {
		t.Fatal("no settle")
	}
	if got := rec.all(); len(got) != 1 || p.Stats().Retried != 2 {
		t.Fatalf("after two passing failures: %+v %+v", got, p.Stats())
	}

	// A bug (a panic) in one delivery: dropped, the next goes out.
	bug := &Poster{Service: s, Send: func(d Delivery, r []Reply) error {
		if d.Seq == 2 {
			panic("a transport bug")
		}
		return rec.send(d, r)
	}}
	s.Do(cmd("alice", "ch", "order", "text", "add 1"))
	s.Do(cmd("alice", "ch", "order", "text", "add 1"))
	bug.Kick(id)
	bug.IdleAll(10 * time.Second)
	if got := rec.all(); len(got) != 2 || got[1].seq != 3 || bug.Stats().Dropped != 1 {
		t.Fatalf("after a bug: %+v %+v", got, bug.Stats())
	}
	bug.Close()

	// Discord down for good: the stop keeps the delivery.
	down := &Poster{Service: s, Send: func(Delivery, []Reply) error { return Retry(errors.New("down")) }, Backoff: time.Millisecond}
	s.Do(cmd("alice", "ch", "order", "text", "add 1"))
	down.Kick(id)
	for down.Stats().Retried < 3 {
		time.Sleep(time.Millisecond)
	}
	down.Close()
	if left, _ := s.Pending(id); len(left) != 1 || left[0].Seq != 4 {
		t.Fatalf("after a stop: %+v", left)
	}
	p.Close()
}

// Issue 18: many games posting at once: each game's deliveries go out
// once each, in commit order, while orders keep coming.
func TestPoster_CommitOrderPerGame(t *testing.T) {
	s, _ := newCounterService(t, 0)
	rec := &recorder{}
	p := &Poster{Service: s, Send: func(d Delivery, r []Reply) error {
		time.Sleep(time.Duration(d.Seq%3) * time.Millisecond)
		return rec.send(d, r)
	}}
	defer p.Close()
	const games, orders = 8, 12
	var wg sync.WaitGroup
	for g := range games {
		ch := fmt.Sprintf("ch%d", g)
		id := counterGame(t, s, ch)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range orders {
				o := s.Do(cmd("bob", ch, "order", "text", "add 1"))
				if o.Game != id {
					t.Errorf("an order in %s wrote to the outbox of %q, not %s", ch, o.Game, id)
				}
				p.Kick(o.Game)
			}
		}()
	}
	wg.Wait()
	if !p.IdleAll(20 * time.Second) {
		t.Fatal("no settle")
	}
	last := map[string]int{}
	count := map[string]int{}
	for _, x := range rec.all() {
		if x.seq <= last[x.game] {
			t.Fatalf("game %s: delivery %d after %d", x.game, x.seq, last[x.game])
		}
		last[x.game] = x.seq
		count[x.game]++
	}
	if len(count) != games {
		t.Fatalf("games delivered: %v", count)
	}
	for g, n := range count {
		if n != orders {
			t.Errorf("game %s: %d deliveries, want %d", g, n, orders)
		}
	}
}
