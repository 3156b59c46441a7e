package render

import (
	"container/list"
	"errors"
	"sync"

	"github.com/umpirebot/umpire/adjudicator"
)

// ErrBusy is returned by Queue.Submit when the queue is full and the job
// may be refused (an onlooker's map request): "maps are busy, try again".
var ErrBusy = errors.New("maps are busy, try again in a moment")

// ErrSuperseded is passed to a job's Done when a newer job for the same
// key replaced it before it was drawn.
var ErrSuperseded = errors.New("superseded by a newer map of the same view")

// Job is one map to draw and deliver.
type Job struct {
	// Key names what the map shows: a game and a viewer ("g12/public").
	// A newer job with the same key replaces an older one not yet drawn.
	Key  string
	View adjudicator.View
	// Done receives the PNG or the error, once, on a queue worker.
	Done func(png []byte, err error)
}

// Queue draws maps off the order path (DESIGN: performance budgets): a
// bounded queue keyed by game and viewer where a newer job replaces an
// undrawn older one, drawn by a fixed number of workers. Identical views
// share one drawing (Renderer.PNG's single flight and cache).
type Queue struct {
	r   *Renderer
	cap int

	mu      sync.Mutex
	cond    *sync.Cond
	order   *list.List // of *queued, oldest first
	pending map[string]*list.Element
	closed  bool
	wg      sync.WaitGroup

	stats QueueStats
}

type queued struct {
	job Job
}

// QueueStats counts what a Queue did.
type QueueStats struct {
	Submitted  int64 `json:"submitted"`
	Drawn      int64 `json:"drawn"`
	Superseded int64 `json:"superseded"`
	Busy       int64 `json:"busy"`
	Pending    int   `json:"pending"`
}

// NewQueue starts workers drawing with r; at most capacity jobs wait.
func NewQueue(r *Renderer, capacity, workers int) *Queue {
	if capacity < 1 {
		capacity = 1
	}
	if workers < 1 {
		workers = 1
	}
	q := &Queue{r: r, cap: capacity, order: list.New(), pending: map[string]*list.Element{}}
	q.cond = sync.NewCond(&q.mu)
	for i := 0; i < workers; i++ {
		q.wg.Add(1)
		go q.work()
	}
	return q
}

// Submit queues a job. A pending job with the same key is replaced (its
// Done gets ErrSuperseded) and the new job keeps the old one's place. When
// the queue is full, a job that may be refused (refusable) returns ErrBusy
// at once; any other job waits for room (its caller is never on the order
// path: an outbox worker posting what an order changed).
func (q *Queue) Submit(j Job, refusable bool) error {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return errors.New("render queue closed")
	}
	q.stats.Submitted++
	if q.supersede(j) {
		return nil
	}
	for q.order.Len() >= q.cap {
		if refusable {
			q.stats.Busy++
			q.mu.Unlock()
			return ErrBusy
		}
		q.cond.Wait()
		if q.closed {
			q.mu.Unlock()
			return errors.New("render queue closed")
		}
		if q.supersede(j) {
			return nil
		}
	}
	q.pending[j.Key] = q.order.PushBack(&queued{job: j})
	q.cond.Broadcast()
	q.mu.Unlock()
	return nil
}

// supersede puts j in the place of a pending job with its key, if there
// is one: then it unlocks q, tells the old job, and reports true.
func (q *Queue) supersede(j Job) bool {
	el, ok := q.pending[j.Key]
	if !ok {
		return false
	}
	old := el.Value.(*queued).job
	el.Value = &queued{job: j}
	q.stats.Superseded++
	q.mu.Unlock()
	if old.Done != nil {
		old.Done(nil, ErrSuperseded)
	}
	return true
}

func (q *Queue) work() {
	defer q.wg.Done()
	for {
		q.mu.Lock()
		for q.order.Len() == 0 && !q.closed {
			q.cond.Wait()
		}
		if q.order.Len() == 0 && q.closed {
			q.mu.Unlock()
			return
		}
		el := q.order.Front()
		q.order.Remove(el)
		j := el.Value.(*queued).job
		delete(q.pending, j.Key)
		q.cond.Broadcast() // room for a waiting Submit
		q.mu.Unlock()

		png, err := q.draw(j.View)
		q.mu.Lock()
		q.stats.Drawn++
		q.mu.Unlock()
		if j.Done != nil {
			j.Done(png, err)
		}
	}
}

// draw renders under a recover: a drawing bug fails one job, not the bot.
func (q *Queue) draw(v adjudicator.View) (png []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			png, err = nil, errors.New("render: internal error drawing the map")
		}
	}()
	return q.r.PNG(v)
}

// Stats reports the queue's counters.
func (q *Queue) Stats() QueueStats {
	q.mu.Lock()
	defer q.mu.Unlock()
	s := q.stats
	s.Pending = q.order.Len()
	return s
}

// Close stops taking jobs, draws those pending and waits for the workers.
func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.cond.Broadcast()
	q.mu.Unlock()
	q.wg.Wait()
}
