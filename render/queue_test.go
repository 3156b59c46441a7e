package render

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// gate is a drawing that blocks until released, so tests can hold the
// queue's workers and watch jobs wait.
type gate struct {
	mu      sync.Mutex
	started chan string // the view's Phase, when a draw starts
	release chan struct{}
	drawn   []string
}

func newGate() *gate {
	return &gate{started: make(chan string, 100), release: make(chan struct{})}
}

func (g *gate) draw(v adjudicator.View) ([]byte, error) {
	g.started <- v.Viewer
	<-g.release
	g.mu.Lock()
	g.drawn = append(g.drawn, v.Viewer)
	g.mu.Unlock()
	if v.Viewer == "panic" {
		panic("a drawing bug")
	}
	return []byte("png of " + v.Viewer), nil
}

func view(phase string) adjudicator.View { return adjudicator.View{Title: "test", Viewer: phase} }

// waitPending waits until the queue holds n jobs.
func waitPending(t *testing.T, q *Queue, n int) {
	t.Helper()
	for i := 0; i < 1000; i++ {
		if q.Stats().Pending == n {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("queue never held %d jobs: %+v", n, q.Stats())
}

type result struct {
	png string
	seq int
	err error
}

func drawAsync(q *Queue, key string, seq int, v adjudicator.View, refusable bool) chan result {
	ch := make(chan result, 1)
	go func() {
		png, s, err := q.Draw(key, seq, v, refusable)
		ch <- result{string(png), s, err}
	}()
	return ch
}

// Issue 18: a newer request for the same game and viewer joins the job
// not yet drawn and the job keeps the newer view: three orders in a row
// give one map, of the latest state, and every requester gets it.
func TestQueue_NewerReplacesUndrawn(t *testing.T) {
	g := newGate()
	q := NewQueue(g.draw, 8, 1)
	defer q.Close()
	hold := drawAsync(q, "g0/public", 1, view("hold"), false)
	<-g.started // the one worker is busy
	var got []chan result
	for i := 1; i <= 3; i++ {
		got = append(got, drawAsync(q, "g1/public", i, view(fmt.Sprint("state ", i)), false))
		waitPending(t, q, 1)
	}
	// An older view arriving late does not replace the newer one.
	got = append(got, drawAsync(q, "g1/public", 2, view("state 2"), false))
	for q.Stats().Superseded < 3 {
		time.Sleep(time.Millisecond)
	}
	close(g.release)
	if r := <-hold; r.err != nil || r.png != "png of hold" {
		t.Fatalf("held job: %+v", r)
	}
	for i, ch := range got {
		r := <-ch
		if r.err != nil || r.png != "png of state 3" || r.seq != 3 {
			t.Errorf("request %d: %+v, want the map of state 3", i+1, r)
		}
	}
	q.Close()
	if s := q.Stats(); s.Drawn != 2 || s.Superseded != 3 || s.Requested != 5 {
		t.Fatalf("stats %+v: want 2 drawn, 3 superseded of 5", s)
	}
	if len(g.drawn) != 2 {
		t.Fatalf("drew %v", g.drawn)
	}
}

// Issue 18: the queue has a fixed capacity; when full an onlooker's
// request is told the maps are busy at once, and a post that must go out
// waits for room instead of growing the queue.
func TestQueue_BoundedBusy(t *testing.T) {
	g := newGate()
	q := NewQueue(g.draw, 2, 1)
	hold := drawAsync(q, "hold", 0, view("hold"), false)
	<-g.started
	a := drawAsync(q, "g1", 0, view("a"), true)
	b := drawAsync(q, "g2", 0, view("b"), true)
	waitPending(t, q, 2)
	if _, _, err := q.Draw("g9", 0, view("c"), true); !errors.Is(err, ErrBusy) {
		t.Fatalf("full queue: %v, want busy", err)
	}
	post := drawAsync(q, "post", 0, view("post"), false)
	select {
	case r := <-post:
		t.Fatalf("a post went past a full queue: %+v", r)
	case <-time.After(20 * time.Millisecond):
	}
	// A request for a key already waiting joins it even when full.
	a2 := drawAsync(q, "g1", 1, view("a2"), true)
	for q.Stats().Superseded < 1 {
		time.Sleep(time.Millisecond)
	}
	close(g.release)
	for _, ch := range []chan result{hold, a, b, post, a2} {
		if r := <-ch; r.err != nil {
			t.Fatal(r.err)
		}
	}
	q.Close()
	if s := q.Stats(); s.Drawn != 4 || s.Busy != 1 || s.Pending != 0 {
		t.Fatalf("stats %+v", s)
	}
	if _, _, err := q.Draw("late", 0, view("late"), false); !errors.Is(err, ErrClosed) {
		t.Fatalf("closed queue: %v", err)
	}
}

// A drawing bug fails its job's requests, not the process, and the
// worker goes on.
func TestQueue_PanicFailsOneJob(t *testing.T) {
	g := newGate()
	close(g.release)
	q := NewQueue(g.draw, 4, 1)
	defer q.Close()
	if _, _, err := q.Draw("g1", 0, view("panic"), false); err == nil {
		t.Fatal("a panicking draw gave no error")
	}
	if png, _, err := q.Draw("g1", 1, view("fine"), false); err != nil || string(png) != "png of fine" {
		t.Fatalf("after a panic: %q %v", png, err)
	}
}

// Many requesters over a few keys: each gets a map at least as new as it
// asked for, and the queue never holds more jobs than keys.
func TestQueue_ManyRequesters(t *testing.T) {
	q := NewQueue(func(v adjudicator.View) ([]byte, error) {
		time.Sleep(100 * time.Microsecond)
		return []byte(v.Viewer), nil
	}, 4, 2)
	defer q.Close()
	var wg sync.WaitGroup
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			key := fmt.Sprintf("g%d", i%4)
			png, seq, err := q.Draw(key, i, view(fmt.Sprint(i)), false)
			if err != nil || seq < i || string(png) != fmt.Sprint(seq) {
				t.Errorf("request %d: %q seq %d %v", i, png, seq, err)
			}
			if p := q.Stats().Pending; p > 4 {
				t.Errorf("%d jobs pending over 4 keys", p)
			}
		}(i)
	}
	wg.Wait()
}
