package render

import (
	"container/list"
	"errors"
	"sync"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// ErrBusy is returned by Queue.Draw when the queue is full and the request
// may be refused (an onlooker's /map): "maps are busy, try again".
var ErrBusy = errors.New("maps are busy, try again in a moment")

// ErrClosed is returned by Queue.Draw once the queue is closed.
var ErrClosed = errors.New("the map queue is closed")

// Queue draws maps off the order path (DESIGN: performance budgets): a
// bounded queue of jobs keyed by game and viewer, drawn by a fixed number
// of workers. A request for a key that already has a job waiting joins it
// and the job keeps the newer of the two views, so a player who sends
// three orders in a row gets one map, of the latest state; identical
// views already being drawn share that drawing (Renderer.PNG's single
// flight and cache).
type Queue struct {
	draw func(adjudicator.View) ([]byte, error)
	cap  int

	mu      sync.Mutex
	cond    *sync.Cond
	order   *list.List // of *job, oldest first
	pending map[string]*list.Element
	closed  bool
	wg      sync.WaitGroup

	stats QueueStats

	busy   func() bool // orders are being handled (SetPace)
	factor int
}

// SetPace makes the queue yield to order handling: while busy reports
// true, a worker rests factor times as long as its last drawing took
// before the next one (at most maxRest), so that maps take at most
// 1/(factor+1) of a core from acknowledgements when both compete, and
// the whole core when no order waits. Call it before the first Draw.
func (q *Queue) SetPace(busy func() bool, factor int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.busy, q.factor = busy, factor
}

// maxRest bounds a worker's rest between two drawings.
const maxRest = 500 * time.Millisecond

// rest waits after a drawing of d while orders are being handled.
func (q *Queue) rest(d time.Duration) {
	q.mu.Lock()
	busy, factor := q.busy, q.factor
	q.mu.Unlock()
	if busy == nil || factor <= 0 {
		return
	}
	until := time.Now().Add(min(time.Duration(factor)*d, maxRest))
	for busy() && time.Now().Before(until) {
		time.Sleep(min(time.Until(until), 2*time.Millisecond))
	}
}

// job is one map waiting to be drawn, and who waits for it.
type job struct {
	key     string
	seq     int
	view    adjudicator.View
	draw    func(adjudicator.View) ([]byte, error) // nil: the queue's
	waiters []chan drawn
}

type drawn struct {
	png []byte
	seq int
	err error
}

// QueueStats counts what a Queue did.
type QueueStats struct {
	Requested  int64 `json:"requested"`  // Draw calls
	Drawn      int64 `json:"drawn"`      // jobs drawn
	Superseded int64 `json:"superseded"` // requests served by a newer or equal job of their key
	Busy       int64 `json:"busy"`       // refusable requests refused: queue full
	Pending    int   `json:"pending"`    // jobs waiting now
}

// NewQueue starts workers drawing with draw (a Renderer's PNG); at most
// capacity jobs wait.
func NewQueue(draw func(adjudicator.View) ([]byte, error), capacity, workers int) *Queue {
	if capacity < 1 {
		capacity = 1
	}
	if workers < 1 {
		workers = 1
	}
	q := &Queue{draw: draw, cap: capacity, order: list.New(), pending: map[string]*list.Element{}}
	q.cond = sync.NewCond(&q.mu)
	for i := 0; i < workers; i++ {
		q.wg.Add(1)
		go q.work()
	}
	return q
}

// Draw queues a map of v, the view of key's game after entry seq, and
// waits for it. If key already has a job waiting, the request joins it and
// the job keeps the newer view; the returned seq says which state the
// picture shows (never older than the one asked for). When the queue is
// full, a refusable request gets ErrBusy at once; any other waits for room
// (its caller is never on the order path: a delivery posting what an
// order changed). The PNG is shared by every request the job served: read
// it, do not change it.
func (q *Queue) Draw(key string, seq int, v adjudicator.View, refusable bool) ([]byte, int, error) {
	return q.DrawWith(key, seq, v, refusable, nil)
}

// DrawWith is Draw with another drawing of the view than the queue's
// (a close-up: render.Renderer.PNGRegion): every request for key must
// draw the same way, since a job keeps the drawing of its first request.
func (q *Queue) DrawWith(key string, seq int, v adjudicator.View, refusable bool, draw func(adjudicator.View) ([]byte, error)) ([]byte, int, error) {
	ch := make(chan drawn, 1)
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return nil, 0, ErrClosed
	}
	q.stats.Requested++
	for {
		if el, ok := q.pending[key]; ok {
			j := el.Value.(*job)
			if seq >= j.seq {
				j.seq, j.view = seq, v
			}
			j.waiters = append(j.waiters, ch)
			q.stats.Superseded++
			break
		}
		if q.order.Len() < q.cap {
			q.pending[key] = q.order.PushBack(&job{key: key, seq: seq, view: v, draw: draw, waiters: []chan drawn{ch}})
			q.cond.Broadcast()
			break
		}
		if refusable {
			q.stats.Busy++
			q.mu.Unlock()
			return nil, 0, ErrBusy
		}
		q.cond.Wait()
		if q.closed {
			q.mu.Unlock()
			return nil, 0, ErrClosed
		}
	}
	q.mu.Unlock()
	d := <-ch
	return d.png, d.seq, d.err
}

func (q *Queue) work() {
	defer q.wg.Done()
	for {
		q.mu.Lock()
		for q.order.Len() == 0 && !q.closed {
			q.cond.Wait()
		}
		if q.order.Len() == 0 {
			q.mu.Unlock()
			return
		}
		el := q.order.Front()
		q.order.Remove(el)
		j := el.Value.(*job)
		delete(q.pending, j.key)
		q.cond.Broadcast() // room for a waiting Draw
		q.mu.Unlock()

		start := time.Now()
		png, err := q.safeDraw(j)
		took := time.Since(start)
		q.mu.Lock()
		q.stats.Drawn++
		q.mu.Unlock()
		for _, w := range j.waiters {
			w <- drawn{png: png, seq: j.seq, err: err}
		}
		q.rest(took)
	}
}

// safeDraw renders under a recover: a drawing bug fails one job, not the
// bot.
func (q *Queue) safeDraw(j *job) (png []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			png, err = nil, errors.New("render: internal error drawing the map")
		}
	}()
	if j.draw != nil {
		return j.draw(j.view)
	}
	return q.draw(j.view)
}

// Full reports whether a refusable request would be refused now: a
// caller checks it before the work of preparing a view.
func (q *Queue) Full() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.order.Len() >= q.cap
}

// Stats reports the queue's counters.
func (q *Queue) Stats() QueueStats {
	q.mu.Lock()
	defer q.mu.Unlock()
	s := q.stats
	s.Pending = q.order.Len()
	return s
}

// Close stops taking requests, draws those pending and waits for the
// workers.
func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.cond.Broadcast()
	q.mu.Unlock()
	q.wg.Wait()
}
