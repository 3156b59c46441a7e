package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// Delivery is what one committed command changed for others than its
// caller: the channel's replies and other players' private news, in
// order, with placeholders (Reply.Map) for the maps to draw when it goes
// out. It is written to the game's outbox in the same transaction as the
// command's entries (storage.AppendOut) and removed once delivered, so a
// restart in between delivers it then, once.
type Delivery struct {
	Game    string `json:"game"`
	Channel string `json:"channel"`
	Seq     int    `json:"seq"` // the game's log length after the command
	// Sub numbers a delivery that follows no entry (a deadline's
	// reminder, a settings change) among those after entry Seq; 0 for a
	// command's.
	Sub     int     `json:"sub,omitempty"`
	Title   string  `json:"title"`
	Replies []Reply `json:"replies"`
	// Now is who is awaited after the command: a post shows the state it
	// announces, not a newer one.
	Now Now `json:"now"`
	// Route is the command's Command.Route (where the transport posts).
	Route map[string]string `json:"route,omitempty"`
	// Mods: the post calls the moderators (a deadline passed); NoPing:
	// it pings nobody (a settings change), where a post otherwise
	// mentions the awaited players.
	Mods   bool `json:"mods,omitempty"`
	NoPing bool `json:"no_ping,omitempty"`
	// Ping lists the users the post mentions: those the command handed
	// the turn to (never its actor), or those a reminder or a call of the
	// moderators is for.
	Ping []string `json:"ping,omitempty"`
}

// Now is a game's prompt as a delivery shows it.
type Now struct {
	Phase    string   `json:"phase,omitempty"`
	Decision string   `json:"decision,omitempty"`
	Awaiting []Seated `json:"awaiting,omitempty"`
	Over     bool     `json:"over,omitempty"`
}

// Seated is a side and the user holding its seat.
type Seated struct {
	Side adjudicator.Side `json:"side"`
	User string           `json:"user"`
}

func nowOf(g *adjudicator.Game) Now { return NowOf(g) }

// NowOf is a game's prompt as a post shows it: nobody is awaited in a
// game whose seats are not all taken (its lobby).
func NowOf(g *adjudicator.Game) Now {
	p := g.Prompt()
	n := Now{Phase: p.Phase, Decision: p.Decision, Over: p.Over}
	if p.Over {
		return n
	}
	if !started(g) {
		n.Phase, n.Decision = "waiting for players: "+strings.Join(openSeats(g), ", ")+" open", ""
		return n
	}
	for _, side := range p.Awaiting {
		n.Awaiting = append(n.Awaiting, Seated{Side: side, User: g.Rec.Seats[side]})
	}
	return n
}

// Pending lists a game's undelivered deliveries, oldest first. One that
// does not decode is dropped with a log line (a damaged record must not
// stop the game's later posts).
func (s *Service) Pending(game string) ([]Delivery, error) {
	items, err := s.DB.Outbox(game, 0)
	if err != nil {
		return nil, err
	}
	out := make([]Delivery, 0, len(items))
	for _, it := range items {
		var d Delivery
		if err := json.Unmarshal(it.Data, &d); err != nil || d.Seq != it.Seq || d.Sub != it.Sub || d.Game != game {
			s.log().Error("dropping an outbox record that does not decode", "game", game, "seq", it.Seq, "sub", it.Sub, "err", err)
			if err := s.DB.Delivered(game, it.Seq, it.Sub); err != nil {
				return nil, err
			}
			continue
		}
		out = append(out, d)
	}
	return out, nil
}

// Compose turns a delivery into the replies to send, drawing the maps it
// asks for from the game's current state (that state or a newer one). A
// map that a later pending delivery (later) also asks for is left out: a
// player who sends three orders in a row gets one map, of the latest
// state; the text of each step still goes out.
func (s *Service) Compose(d Delivery, later []Delivery) []Reply {
	var out []Reply
	for _, r := range d.Replies {
		if r.Map == "" {
			out = append(out, r)
			continue
		}
		if wantsMap(later, r.Map, r.To) || !s.drawsMaps() {
			continue
		}
		v := adjudicator.Public
		if r.Map != v.String() {
			// A side's map (the awaited player's own close-up, issue 30,
			// item 1) goes only to that side's player, privately: never
			// to the channel, never to a side it is not of.
			side := adjudicator.Side(r.Map)
			if r.To == "" || !s.seatedAs(d.Game, side, r.To) {
				continue
			}
			v = adjudicator.ViewerOf(side)
		}
		m, err := s.mapOf(d.Game, v, r.To, false, r.Crop, r.Part)
		if err != nil {
			out = append(out, Reply{To: r.To, Text: "(the map could not be drawn: " + err.Error() + ")"})
			continue
		}
		out = append(out, m)
	}
	// One post per command (issue 15 item 2).
	return Coalesce(out)
}

func wantsMap(ds []Delivery, view, to string) bool {
	for _, d := range ds {
		for _, r := range d.Replies {
			if r.Map == view && r.To == to {
				return true
			}
		}
	}
	return false
}

// Drain delivers a game's pending deliveries by returning their replies
// (maps drawn) and removing them from the outbox. Tests, tools and the
// console use it; a transport with a Poster lets the Poster deliver.
func (s *Service) Drain(game string) []Reply {
	ds, err := s.Pending(game)
	if err != nil {
		return []Reply{{Text: "(the game's pending posts could not be read: " + err.Error() + ")"}}
	}
	var out []Reply
	for i, d := range ds {
		out = append(out, s.Compose(d, ds[i+1:])...)
		if err := s.DB.Delivered(game, d.Seq, d.Sub); err != nil {
			return append(out, Reply{Text: "(a delivered post could not be marked as sent: " + err.Error() + ")"})
		}
	}
	return out
}

// Retry marks a delivery error as passing (Discord unreachable, a 5xx):
// the Poster tries the delivery again later. Any other error drops it.
func Retry(err error) error {
	if err == nil {
		return nil
	}
	return retryable{err}
}

type retryable struct{ error }

func (r retryable) Unwrap() error { return r.error }

// IsRetry reports whether err was marked by Retry.
func IsRetry(err error) bool {
	var r retryable
	return errors.As(err, &r)
}

// Poster delivers the games' outboxes through a transport: each game's
// deliveries one after another in commit order (a channel never shows an
// older state after a newer one), games in parallel, one goroutine per
// game with something to deliver. A delivery is removed from the outbox
// only after Send returned, so one interrupted by a stop is sent again at
// the next start (transports make that idempotent: Discord's nonce).
type Poster struct {
	Service *Service
	// Send delivers one delivery's replies (maps drawn). An error wrapped
	// by Retry is retried with backoff; any other drops the delivery after
	// a log line.
	Send func(d Delivery, replies []Reply) error
	Log  *slog.Logger
	// Backoff is the first wait before a retry (0: one second); it
	// doubles up to MaxBackoff (0: five minutes).
	Backoff, MaxBackoff time.Duration

	mu      sync.Mutex
	running map[string]chan struct{} // closed when the game's worker stops
	again   map[string]bool
	stop    chan struct{}
	closed  bool
	wg      sync.WaitGroup

	delivered, retried, dropped atomic.Int64
}

// PosterStats counts what a Poster did.
type PosterStats struct {
	Delivered, Retried, Dropped int64
	Running                     int
}

func (p *Poster) log() *slog.Logger {
	if p.Log != nil {
		return p.Log
	}
	return p.Service.log()
}

// Kick tells the Poster that game has something to deliver.
func (p *Poster) Kick(game string) {
	if game == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	if p.running == nil {
		p.running, p.again, p.stop = map[string]chan struct{}{}, map[string]bool{}, make(chan struct{})
	}
	if _, ok := p.running[game]; ok {
		p.again[game] = true
		return
	}
	p.running[game] = make(chan struct{})
	p.wg.Add(1)
	go p.run(game)
}

// Resume kicks every game with pending deliveries (at start: what a stop
// left undelivered goes out now).
func (p *Poster) Resume() error {
	ids, err := p.Service.DB.OutboxGames()
	if err != nil {
		return err
	}
	for _, id := range ids {
		p.Kick(id)
	}
	return nil
}

// Idle waits until game has nothing being delivered, or for at most max;
// it reports whether the game is idle.
func (p *Poster) Idle(game string, max time.Duration) bool {
	p.mu.Lock()
	ch, ok := p.running[game]
	p.mu.Unlock()
	if !ok {
		return true
	}
	t := time.NewTimer(max)
	defer t.Stop()
	select {
	case <-ch:
		return true
	case <-t.C:
		return false
	}
}

// IdleAll waits until no game has anything being delivered, or for at
// most max; it reports whether all are idle.
func (p *Poster) IdleAll(max time.Duration) bool {
	deadline := time.NewTimer(max)
	defer deadline.Stop()
	for {
		p.mu.Lock()
		var ch chan struct{}
		for _, c := range p.running {
			ch = c
			break
		}
		p.mu.Unlock()
		if ch == nil {
			return true
		}
		select {
		case <-ch:
		case <-deadline.C:
			return false
		}
	}
}

// Close stops the workers after their current delivery and waits for
// them; what is left stays in the outbox for the next start.
func (p *Poster) Close() {
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		if p.stop != nil {
			close(p.stop)
		}
	}
	p.mu.Unlock()
	p.wg.Wait()
}

// Stats reports the Poster's counters.
func (p *Poster) Stats() PosterStats {
	p.mu.Lock()
	n := len(p.running)
	p.mu.Unlock()
	return PosterStats{Delivered: p.delivered.Load(), Retried: p.retried.Load(), Dropped: p.dropped.Load(), Running: n}
}

func (p *Poster) stopping() bool {
	select {
	case <-p.stop:
		return true
	default:
		return false
	}
}

// run delivers game's outbox until it is empty.
func (p *Poster) run(game string) {
	defer p.wg.Done()
	defer func() {
		if r := recover(); r != nil {
			p.log().Error("panic delivering a game's posts", "game", game, "panic", fmt.Sprint(r))
			p.finish(game, true)
		}
	}()
	for {
		if p.stopping() {
			p.finish(game, true)
			return
		}
		ds, err := p.Service.Pending(game)
		if err != nil {
			p.log().Error("cannot read a game's outbox", "game", game, "err", err)
			p.finish(game, true)
			return
		}
		if len(ds) == 0 {
			if p.finish(game, false) {
				return
			}
			continue
		}
		if !p.deliver(ds[0], ds[1:]) {
			p.finish(game, true)
			return
		}
	}
}

// finish ends game's worker unless it was kicked meanwhile (force: end
// anyway); it reports whether the worker ended.
func (p *Poster) finish(game string, force bool) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !force && p.again[game] {
		delete(p.again, game)
		return false
	}
	delete(p.again, game)
	if ch, ok := p.running[game]; ok {
		close(ch)
		delete(p.running, game)
	}
	return true
}

// send composes and sends d; a panic fails it (and only it).
func (p *Poster) send(d Delivery, later []Delivery) (err error) {
	defer func() {
		if r := recover(); r != nil {
			n := panics.Add(1)
			p.log().Error("panic delivering a game's post", "game", d.Game, "seq", d.Seq, "panic", fmt.Sprint(r),
				"panics", n, "stack", string(debug.Stack()))
			err = fmt.Errorf("internal error delivering game %s entry %d", d.Game, d.Seq)
		}
	}()
	return p.Send(d, p.Service.Compose(d, later))
}

// deliver sends one delivery, retrying passing failures; false when the
// Poster stops before it went out.
func (p *Poster) deliver(d Delivery, later []Delivery) bool {
	wait := p.Backoff
	if wait <= 0 {
		wait = time.Second
	}
	maxWait := p.MaxBackoff
	if maxWait <= 0 {
		maxWait = 5 * time.Minute
	}
	for {
		err := p.send(d, later)
		switch {
		case err == nil:
			p.delivered.Add(1)
		case IsRetry(err):
			p.retried.Add(1)
			p.log().Warn("cannot deliver a game's post yet; retrying", "game", d.Game, "seq", d.Seq, "in", wait, "err", err)
			t := time.NewTimer(wait)
			select {
			case <-p.stop:
				t.Stop()
				return false
			case <-t.C:
			}
			wait = min(2*wait, maxWait)
			continue
		default:
			p.dropped.Add(1)
			p.log().Error("cannot deliver a game's post; dropped", "game", d.Game, "seq", d.Seq, "err", err)
		}
		if err := p.Service.DB.Delivered(d.Game, d.Seq, d.Sub); err != nil {
			p.log().Error("cannot mark a post as delivered", "game", d.Game, "seq", d.Seq, "err", err)
			return false
		}
		return true
	}
}

// seatedAs reports whether user holds side's seat in game: a side's
// picture goes to that player alone.
func (s *Service) seatedAs(game string, side adjudicator.Side, user string) bool {
	if side == adjudicator.Referee || side == "" {
		return false
	}
	rec, err := s.DB.Header(game)
	if err != nil {
		return false
	}
	return rec.Seats[side] == user
}
