package render

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
)

// viewWithAir varies a view cheaply (the panel's air points).
func viewWithAir(v adjudicator.View, n int) adjudicator.View {
	bv := v.Board.(hell.BoardView)
	bv.AirPoints = n
	v.Board = bv
	return v
}

// Issue 18: a newer job for the same game and viewer replaces one not yet
// drawn: three orders in a row give one map, of the latest state.
func TestQueue_NewerReplacesUndrawn(t *testing.T) {
	r := New(testData)
	v := midAssault(t).view(adjudicator.Public)
	block := make(chan struct{})
	q := NewQueue(r, 8, 1)
	defer q.Close()
	// Hold the one worker so the next jobs wait in the queue.
	var held sync.WaitGroup
	held.Add(1)
	if err := q.Submit(Job{Key: "g0/public", View: v, Done: func([]byte, error) { held.Done(); <-block }}, false); err != nil {
		t.Fatal(err)
	}
	held.Wait()
	var mu sync.Mutex
	got := map[int]error{}
	var drawn sync.WaitGroup
	drawn.Add(3)
	for i := 1; i <= 3; i++ {
		i := i
		if err := q.Submit(Job{Key: "g1/public", View: viewWithAir(v, i), Done: func(png []byte, err error) {
			mu.Lock()
			got[i] = err
			mu.Unlock()
			if err == nil && len(png) == 0 {
				t.Error("no PNG")
			}
			drawn.Done()
		}}, false); err != nil {
			t.Fatal(err)
		}
	}
	if s := q.Stats(); s.Pending != 1 || s.Superseded != 2 {
		t.Fatalf("stats %+v: want 1 pending, 2 superseded", s)
	}
	close(block)
	drawn.Wait()
	for i := 1; i <= 2; i++ {
		if !errors.Is(got[i], ErrSuperseded) {
			t.Errorf("job %d: %v, want superseded", i, got[i])
		}
	}
	if got[3] != nil {
		t.Errorf("the latest job: %v", got[3])
	}
}

// Issue 18: the queue has a fixed capacity; when full an onlooker's
// request is told the maps are busy at once, and a post that must go out
// waits for room instead of growing the queue.
func TestQueue_BoundedBusy(t *testing.T) {
	r := New(testData)
	v := midAssault(t).view(adjudicator.Public)
	block := make(chan struct{})
	q := NewQueue(r, 2, 1)
	var held sync.WaitGroup
	held.Add(1)
	q.Submit(Job{Key: "hold", View: v, Done: func([]byte, error) { held.Done(); <-block }}, false)
	held.Wait()
	for i := 0; i < 2; i++ {
		if err := q.Submit(Job{Key: fmt.Sprintf("g%d", i), View: viewWithAir(v, i)}, true); err != nil {
			t.Fatal(err)
		}
	}
	if err := q.Submit(Job{Key: "g9", View: v}, true); !errors.Is(err, ErrBusy) {
		t.Fatalf("full queue: %v, want busy", err)
	}
	waited := make(chan error)
	go func() { waited <- q.Submit(Job{Key: "post", View: viewWithAir(v, 2)}, false) }()
	select {
	case err := <-waited:
		t.Fatalf("a post went past a full queue: %v", err)
	default:
	}
	close(block)
	if err := <-waited; err != nil {
		t.Fatal(err)
	}
	q.Close()
	if s := q.Stats(); s.Drawn != 4 || s.Busy != 1 || s.Pending != 0 {
		t.Fatalf("stats %+v", s)
	}
}
