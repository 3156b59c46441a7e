package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/storage"
)

// Deadlines (issue 11, item 1; DESIGN: Asynchronous flow). Every started,
// unfinished game has a deadline record for the decision it awaits, set
// in the transaction of the commit that made it awaited: when the wait
// began (for /game list) and, when the game's pace allows a time per
// decision, when it is due and when it next needs attention (a reminder,
// the expiry). HandleDeadlines, run by a Runner in the bot (or by the
// console between lines), handles the deadlines whose time came, in
// order: a reminder is an outbox delivery written with the deadline's
// new state in one transaction; an expiry takes the prompt's default
// through the same path as an order (Service.commit, actor "deadline"),
// or calls the moderators. Each write is conditional on the deadline's
// version, so none is handled twice, and durable before it is
// announced; a deadline that passed while the bot was down is handled
// at the next start, once.

// deadlineRetry is how long a deadline that could not be handled waits
// before the next try; after maxTries it is given up (the game is
// marked as needing a moderator).
const (
	deadlineRetry = 10 * time.Minute
	maxTries      = 3
)

// started: every side has a player (a game in its lobby has not).
func started(g *adjudicator.Game) bool {
	for _, side := range g.Rules.Info().Sides {
		if g.Rec.Seats[side] == "" {
			return false
		}
	}
	return true
}

// deadlineOf is the game's stored deadline, or nil.
func (s *Service) deadlineOf(id string) (*storage.Deadline, error) {
	d, err := s.DB.Deadline(id)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// sameDecision: the deadline runs against the decision p asks for.
func sameDecision(d *storage.Deadline, p adjudicator.Prompt) bool {
	if d.Phase != p.Phase || d.Decision != p.Decision || len(d.Awaiting) != len(p.Awaiting) {
		return false
	}
	for i := range d.Awaiting {
		if d.Awaiting[i] != p.Awaiting[i] {
			return false
		}
	}
	return true
}

// plan is the change a commit makes to the game's deadline (g is the
// game as the commit leaves it): a new deadline when the decision
// awaited changed (or fresh is set: an expiry's default, a new player),
// nothing when it is the same decision, a deletion when nothing is
// awaited.
func (s *Service) plan(g *adjudicator.Game, set Settings, cur *storage.Deadline, now time.Time, fresh bool) *storage.DeadlineChange {
	p := g.Prompt()
	if p.Over || len(p.Awaiting) == 0 || !started(g) {
		if cur != nil {
			return &storage.DeadlineChange{Delete: true}
		}
		return nil
	}
	if cur != nil && !fresh && sameDecision(cur, p) {
		return nil
	}
	d := storage.Deadline{Awaiting: p.Awaiting, Phase: p.Phase, Decision: p.Decision, Since: now.UTC(), Seq: g.Len()}
	s.startClock(g, set, &d, now)
	return &storage.DeadlineChange{Put: &d}
}

// startClock starts a deadline's clock now: when an awaited player is
// away, at their return (away: pause), or it is due at once for the
// default (away: default, when the decision has one).
func (s *Service) startClock(g *adjudicator.Game, set Settings, d *storage.Deadline, now time.Time) {
	d.Start, d.Sent, d.Expired, d.Reason, d.Tries = now.UTC(), 0, false, "", 0
	if set.Limit > 0 {
		if until := awayUntil(g, set, d.Awaiting, now); !until.IsZero() {
			if set.Away == "default" && g.Prompt().Default != "" {
				d.Reason = "away"
			} else {
				d.Start = until
			}
		}
	}
	schedule(g, set, d, now)
}

// replan is the deadline after the settings changed: when the pace
// changed (restart) the current decision's clock starts again now;
// otherwise its reminders are rescheduled (quiet hours).
func (s *Service) replan(g *adjudicator.Game, set Settings, cur *storage.Deadline, now time.Time, restart bool) *storage.DeadlineChange {
	p := g.Prompt()
	if cur == nil || !sameDecision(cur, p) {
		return s.plan(g, set, cur, now, true)
	}
	d := *cur
	if restart {
		s.startClock(g, set, &d, now)
	} else {
		schedule(g, set, &d, now)
	}
	return &storage.DeadlineChange{Put: &d}
}

// awayUntil is the latest return of an awaited player who is away now.
func awayUntil(g *adjudicator.Game, set Settings, sides []adjudicator.Side, now time.Time) time.Time {
	var until time.Time
	for _, u := range usersOf(g, sides) {
		if a := set.Players[u].Away; a.After(now) && a.After(until) {
			until = a
		}
	}
	return until.UTC()
}

func usersOf(g *adjudicator.Game, sides []adjudicator.Side) []string {
	var out []string
	for _, side := range sides {
		if u := g.Rec.Seats[side]; u != "" && !contains(out, u) {
			out = append(out, u)
		}
	}
	return out
}

// schedule sets a deadline's Due and Next from its Start and the pace.
func schedule(g *adjudicator.Game, set Settings, d *storage.Deadline, now time.Time) {
	if set.Limit <= 0 {
		d.Due, d.Next = time.Time{}, time.Time{}
		return
	}
	d.Due = d.Start.Add(set.Limit).UTC()
	switch {
	case d.Expired:
		d.Next = time.Time{}
	case d.Reason == "away":
		d.Next = now.UTC()
	default:
		d.Next = nextEvent(g, set, d)
	}
}

// reminderTimes are the deadline's reminder times, in order, strictly
// between its start and its due time.
func reminderTimes(set Settings, d *storage.Deadline) []time.Time {
	leads, _ := parseRemind(set.Remind)
	var out []time.Time
	for _, l := range leads {
		t := d.Due.Add(-l.before)
		if l.frac > 0 {
			t = d.Start.Add(time.Duration(l.frac * float64(d.Due.Sub(d.Start))))
		}
		if t.After(d.Start) && t.Before(d.Due) {
			out = append(out, t.UTC())
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Before(out[j]) })
	// Two reminders within a minute are one.
	var dedup []time.Time
	for _, t := range out {
		if n := len(dedup); n == 0 || t.Sub(dedup[n-1]) >= time.Minute {
			dedup = append(dedup, t)
		}
	}
	return dedup
}

// quiets are the awaited players' quiet hours.
func quiets(g *adjudicator.Game, set Settings, sides []adjudicator.Side) []*quiet {
	var out []*quiet
	for _, u := range usersOf(g, sides) {
		p := set.Players[u]
		if q, err := parseQuiet(p.Quiet, p.TZ); err == nil && q != nil {
			out = append(out, q)
		}
	}
	return out
}

// quietEnd is the first moment at or after t outside every quiet hours.
func quietEnd(qs []*quiet, t time.Time) time.Time {
	for range 4 {
		moved := false
		for _, q := range qs {
			if e := q.end(t); e.After(t) {
				t, moved = e, true
			}
		}
		if !moved {
			break
		}
	}
	return t
}

// nextEvent is the deadline's next reminder (moved out of quiet hours;
// one that would then fall at or after the due time is skipped) or its
// due time.
func nextEvent(g *adjudicator.Game, set Settings, d *storage.Deadline) time.Time {
	qs := quiets(g, set, d.Awaiting)
	ts := reminderTimes(set, d)
	for i := d.Sent; i < len(ts); i++ {
		if t := quietEnd(qs, ts[i]); t.Before(d.Due) {
			return t
		}
	}
	return d.Due
}

// startPace stores a new game's settings (the default pace) and the
// deadline of its first decision, before the game is cached (a command
// then reads them).
func (s *Service) startPace(g *adjudicator.Game) error {
	set := Settings{Pace: s.DefaultPace}
	b, err := json.Marshal(set)
	if err != nil {
		return err
	}
	dl := s.plan(g, set, nil, s.now(), true)
	if _, _, err := s.DB.WriteExtra(g.Rec.ID, storage.Extra{Settings: b, Deadline: dl}); err != nil {
		return err
	}
	s.wakeDeadlines(dl)
	return nil
}

// wakeDeadlines tells the runner that a deadline may need attention
// sooner than it planned.
func (s *Service) wakeDeadlines(dl *storage.DeadlineChange) {
	if dl == nil || dl.Put == nil || dl.Put.Next.IsZero() {
		return
	}
	s.mu.Lock()
	w := s.wake
	s.mu.Unlock()
	if w != nil {
		w()
	}
}

// post writes a delivery that follows no entry (a reminder, a settings
// change) to g's outbox with x, in one transaction.
func (s *Service) post(c Command, g *adjudicator.Game, replies []Reply, mods bool, x storage.Extra) error {
	if len(replies) > 0 {
		d := Delivery{Game: g.Rec.ID, Channel: g.Rec.Channel, Title: g.Rules.Info().Name, Replies: replies,
			Now: nowOf(g), Route: c.Route, Mods: mods, NoPing: !mods && c.Name != nameReminder}
		if !d.NoPing {
			// A reminder, or a call of the moderators: for the awaited.
			for _, a := range d.Now.Awaiting {
				if a.User != "" && !contains(d.Ping, a.User) {
					d.Ping = append(d.Ping, a.User)
				}
			}
		}
		x.Out = func(seq, sub int) ([]byte, error) {
			d.Seq, d.Sub = seq, sub
			return json.Marshal(d)
		}
	}
	if _, _, err := s.DB.WriteExtra(g.Rec.ID, x); err != nil {
		return err
	}
	if len(replies) > 0 && c.note != nil {
		c.note.game = g.Rec.ID
	}
	return nil
}

// nameReminder is the command name of a reminder's delivery.
const nameReminder = "deadline reminder"

// HandleDeadlines handles, in order, every deadline whose next time is
// at or before now: reminders, expiries, absences' defaults. It returns
// the games whose outbox received a delivery.
func (s *Service) HandleDeadlines(now time.Time) []string {
	var games []string
	seen := map[string]bool{}
	var last storage.Deadline
	for n := 0; n < 100000; n++ {
		due, err := s.DB.DueDeadlines(now, 1)
		if err != nil {
			s.log().Error("cannot read the deadlines", "err", err)
			break
		}
		if len(due) == 0 {
			break
		}
		if n > 0 && due[0].Game == last.Game && due[0].Version == last.Version {
			// Handled without changing: it would be read again forever.
			s.log().Error("a deadline was not moved on by its handling; leaving it", "game", last.Game)
			break
		}
		last = due[0]
		posted, progressed := s.handleDeadline(due[0], now)
		if posted && !seen[due[0].Game] {
			seen[due[0].Game] = true
			games = append(games, due[0].Game)
		}
		if !progressed {
			break
		}
	}
	return games
}

// handleDeadline handles one deadline. progressed is false only when
// its state could not even be written (a database failure): the caller
// stops and tries again later.
func (s *Service) handleDeadline(d storage.Deadline, now time.Time) (posted, progressed bool) {
	defer func() {
		if r := recover(); r != nil {
			n := panics.Add(1)
			s.log().Error("panic handling a deadline; the game needs a moderator", "game", d.Game, "panic", fmt.Sprint(r),
				"panics", n, "stack", string(debug.Stack()))
			s.dropSlot(d.Game)
			_ = s.DB.SetNeedsModerator(d.Game, "internal error while handling its deadline", now)
			posted, progressed = false, s.postpone(d, now, "internal error")
		}
	}()
	sl, err := s.acquire(d.Game)
	if err != nil {
		s.log().Error("cannot load a game to handle its deadline", "game", d.Game, "err", err)
		return false, s.postpone(d, now, err.Error())
	}
	defer s.release(sl)
	sl.mu.Lock()
	defer sl.mu.Unlock()
	cur, err := s.deadlineOf(d.Game)
	if err != nil {
		return false, false
	}
	if cur == nil || cur.Version != d.Version || cur.Next.IsZero() || cur.Next.After(now) {
		return false, true // handled or changed meanwhile
	}
	g := sl.g
	set := s.settingsOf(sl)
	p := g.Prompt()
	switch {
	case p.Over || !started(g) || !sameDecision(cur, p) || set.Limit <= 0:
		// Not this decision any more (a commit that could not change the
		// deadline, settings changed): plan it afresh.
		dl := s.plan(g, set, nil, now, true)
		if dl == nil {
			dl = &storage.DeadlineChange{Delete: true}
		}
		dl.Check, dl.IfVersion = true, cur.Version
		if _, _, err := s.DB.WriteExtra(d.Game, storage.Extra{Deadline: dl}); err != nil && !errors.Is(err, storage.ErrStale) {
			return false, false
		}
		return false, true
	case cur.Reason == "away" || !now.Before(cur.Due):
		return s.expire(sl, set, *cur, now)
	}
	return s.remind(sl, set, *cur, now)
}

// postpone retries a deadline later; after maxTries it is given up and
// the game marked as needing a moderator.
func (s *Service) postpone(d storage.Deadline, now time.Time, why string) bool {
	d.Tries++
	d.Next = now.Add(deadlineRetry).UTC()
	if d.Tries > maxTries {
		d.Next = time.Time{}
		_ = s.DB.SetNeedsModerator(d.Game, "its deadline could not be handled: "+clipText(why, 200), now)
	}
	_, _, err := s.DB.WriteExtra(d.Game, storage.Extra{Deadline: &storage.DeadlineChange{Put: &d, Check: true, IfVersion: d.Version}})
	return err == nil || errors.Is(err, storage.ErrStale)
}

func clipText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// awaitedText names the awaited players: "@bob (vm)".
func awaitedText(g *adjudicator.Game, sides []adjudicator.Side) string {
	var who []string
	for _, side := range sides {
		who = append(who, fmt.Sprintf("@%s (%s)", g.Rec.Seats[side], side))
	}
	return strings.Join(who, " and ")
}

// expiryText says what the expiry will do.
func expiryText(set Settings, p adjudicator.Prompt) string {
	switch {
	case set.Expiry == "none":
		return "nothing is done for you, but the game waits"
	case set.Expiry == "moderator" || p.Default == "":
		return "the moderators are called"
	}
	return "Umpire takes the default order for you"
}

// remind sends the reminder whose time came (only the latest, when
// several passed while the bot was down), unless an awaited player is
// in their quiet hours: then it waits for their end.
func (s *Service) remind(sl *slot, set Settings, cur storage.Deadline, now time.Time) (bool, bool) {
	g := sl.g
	p := g.Prompt()
	qs := quiets(g, set, cur.Awaiting)
	ts := reminderTimes(set, &cur)
	last := -1
	for i := cur.Sent; i < len(ts); i++ {
		if t := quietEnd(qs, ts[i]); t.Before(cur.Due) && !t.After(now) {
			last = i
		}
	}
	next := cur
	var replies []Reply
	quietUntil := quietEnd(qs, now)
	switch {
	case last < 0:
		// Nothing to send (a wake-up after the settings changed).
		schedule(g, set, &next, now)
	case quietUntil.After(now) && quietUntil.Before(cur.Due):
		// An awaited player is in their quiet hours (the bot was down at
		// the reminder's time): reminded at their end.
		schedule(g, set, &next, now)
		next.Next = quietUntil
	case quietUntil.After(now):
		next.Sent = last + 1 // their quiet hours last past the deadline
		schedule(g, set, &next, now)
	default:
		next.Sent, next.Reminded = last+1, true
		text := fmt.Sprintf("Reminder: %s, game %s awaits you — %s. The deadline is %s (in %s); then %s.",
			awaitedText(g, cur.Awaiting), g.Rec.ID, PromptLine(p), when(cur.Due), Span(cur.Due.Sub(now)), expiryText(set, p))
		replies = append(replies, Reply{Text: text})
		for _, u := range usersOf(g, cur.Awaiting) {
			if set.Players[u].DM {
				replies = append(replies, Reply{To: u, Text: text})
			}
		}
		schedule(g, set, &next, now)
	}
	if !next.Next.After(now) {
		next.Next = cur.Due // never the same moment again: progress
	}
	c := Command{User: adjudicator.ActorDeadline, Channel: g.Rec.Channel, Name: nameReminder}
	err := s.post(c, g, replies, false, storage.Extra{Deadline: &storage.DeadlineChange{Put: &next, Check: true, IfVersion: cur.Version}})
	if err != nil {
		if errors.Is(err, storage.ErrStale) {
			return false, true
		}
		s.log().Error("cannot write a deadline's reminder", "game", g.Rec.ID, "err", err)
		return false, false
	}
	if len(replies) > 0 {
		failpoint("deadline:reminded")
	}
	return len(replies) > 0, true
}

// expire handles a deadline at its due time (or an absent player's
// decision): the default, through the path of an order; or the
// moderators are called; or nothing, as the settings say.
func (s *Service) expire(sl *slot, set Settings, cur storage.Deadline, now time.Time) (bool, bool) {
	g := sl.g
	p := g.Prompt()
	mode := set.Expiry
	reason := "deadline"
	if cur.Reason == "away" {
		mode, reason = "default", "away"
	}
	if mode == "" {
		mode = "default"
	}
	why := ""
	if mode == "default" {
		src := fmt.Sprintf("deadline:%s:%d", g.Rec.ID, g.Len())
		st, err := g.Default(adjudicator.ActorDeadline, reason, src, now)
		switch {
		case errors.Is(err, adjudicator.ErrNoDefault):
			mode, why = "moderator", " This decision has no default: the rules leave it to its player."
		case err != nil:
			s.log().Error("the title's default was refused; calling the moderators", "game", g.Rec.ID, "default", p.Default, "err", err)
			mode, why = "moderator", " The default order could not be taken (an error in the title's rules)."
		default:
			return s.takeDefault(sl, set, cur, st, reason, now)
		}
	}
	next := cur
	next.Expired, next.Next, next.Reason = true, time.Time{}, ""
	var replies []Reply
	if mode == "moderator" {
		replies = append(replies, Reply{Text: fmt.Sprintf("The deadline for %s in game %s passed (%s) — %s.%s Moderators: the game waits for you (/mod override, /mod seat, /game settings).",
			awaitedText(g, cur.Awaiting), g.Rec.ID, when(cur.Due), PromptLine(p), why)})
	}
	c := Command{User: adjudicator.ActorDeadline, Channel: g.Rec.Channel, Name: "deadline"}
	err := s.post(c, g, replies, mode == "moderator", storage.Extra{Deadline: &storage.DeadlineChange{Put: &next, Check: true, IfVersion: cur.Version}})
	if err != nil {
		if errors.Is(err, storage.ErrStale) {
			return false, true
		}
		s.log().Error("cannot write a deadline's expiry", "game", g.Rec.ID, "err", err)
		return false, false
	}
	return len(replies) > 0, true
}

// takeDefault commits the default's step as an order of the actor
// "deadline": entries, announcement and the next decision's deadline in
// one transaction, conditional on the deadline handled.
func (s *Service) takeDefault(sl *slot, set Settings, cur storage.Deadline, st *adjudicator.Step, reason string, now time.Time) (bool, bool) {
	g := sl.g
	before := g.Prompt()
	users := usersOf(g, cur.Awaiting)
	c := Command{User: adjudicator.ActorDeadline, Channel: g.Rec.Channel, Name: "deadline", Source: st.Entries[0].Source, expiring: &cur, note: &note{}}
	failpoint("deadline:default")
	_, err := s.commit(c, sl, st, nil, func(after *adjudicator.Game) []Reply {
		first, last := st.Entries[0].Seq, st.Entries[len(st.Entries)-1].Seq
		entries := fmt.Sprintf("entry %d", first)
		if last != first {
			entries = fmt.Sprintf("entries %d–%d", first, last)
		}
		head := fmt.Sprintf("The deadline for %s passed (%s): Umpire took the default for %s — %s (%s; /game log shows it).",
			awaitedText(g, cur.Awaiting), when(cur.Due), sideNames(cur.Awaiting), before.Phase, entries)
		if reason == "away" {
			head = fmt.Sprintf("%s is away: Umpire took the default for %s — %s (%s; /game log shows it).",
				awaitedText(g, cur.Awaiting), sideNames(cur.Awaiting), before.Phase, entries)
		}
		out := []Reply{{Text: head}}
		for _, u := range users {
			// The order itself may name what the others may not see.
			out = append(out, Reply{To: u, Text: fmt.Sprintf("Umpire took the default order for you in game %s: %s.", g.Rec.ID, before.Default)})
		}
		out = append(out, s.deliver(after, st.Events, adjudicator.ActorDeadline)...)
		out = append(out, s.mapAfter(after, before)...)
		return append(out, s.after(after)...)
	})
	if err != nil {
		if errors.Is(err, storage.ErrStale) || errors.Is(err, errApplied) {
			return false, true
		}
		s.log().Error("cannot commit a deadline's default", "game", g.Rec.ID, "err", err)
		return false, s.postpone(cur, now, err.Error())
	}
	return true, true
}

func sideNames(sides []adjudicator.Side) string {
	var out []string
	for _, s := range sides {
		out = append(out, string(s))
	}
	return strings.Join(out, " and ")
}

// Runner handles the deadlines in the bot process: it sleeps until the
// next deadline needs attention (the index tells it when; it reads no
// game meanwhile), handles what is due, and tells Delivered which games'
// outboxes received deliveries. A commit that sets an earlier deadline
// wakes it.
type Runner struct {
	Service   *Service
	Delivered func(game string)
	// MaxSleep bounds a sleep (0: an hour): a safety net, not polling.
	MaxSleep time.Duration

	once sync.Once
	wake chan struct{}
}

// Kick wakes the runner to look at the deadlines again.
func (r *Runner) Kick() {
	r.init()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

func (r *Runner) init() {
	r.once.Do(func() {
		r.wake = make(chan struct{}, 1)
		r.Service.mu.Lock()
		r.Service.wake = r.Kick
		r.Service.mu.Unlock()
	})
}

// Run handles deadlines until ctx ends.
func (r *Runner) Run(ctx context.Context) {
	r.init()
	maxSleep := r.MaxSleep
	if maxSleep <= 0 {
		maxSleep = time.Hour
	}
	for {
		for _, g := range r.Service.HandleDeadlines(r.Service.now()) {
			if r.Delivered != nil {
				r.Delivered(g)
			}
		}
		wait := maxSleep
		if next, ok, err := r.Service.DB.NextDue(); err == nil && ok {
			wait = min(max(next.Sub(r.Service.now()), 0), maxSleep)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-r.wake:
			t.Stop()
		case <-t.C:
		}
	}
}

// Failpoint, when set (tests only: never by the bot or the console), is
// called at named points of a deadline's handling, so that a test can
// stop the process there as a SIGKILL would: "deadline:default" before
// a default's commit, "deadline:committed" after it is durable and
// before anything is announced, "deadline:reminded" after a reminder is
// durable.
var Failpoint func(point string)

func failpoint(p string) {
	if f := Failpoint; f != nil {
		f(p)
	}
}
