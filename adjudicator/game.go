package adjudicator

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"
)

// Entry kinds.
const (
	KindOrder    = "order"    // a side's order, or a moderator override (Side Referee)
	KindUndo     = "undo"     // a player's undo of their own last order
	KindModUndo  = "mod-undo" // a moderator's undo of the last N entries
	KindEnd      = "end"      // a moderator ended the game
	KindSeat     = "seat"     // a moderator changed who holds a seat
	KindOverride = "override" // a moderator override (applied by the rules as Referee)
	KindResign   = "resign"   // a player resigned: the game is lost for their side
	KindDecline  = "decline"  // a member declined the seat offered to them: it is open
)

// OfferOption is the record option naming the member a seat was offered
// to when the game was created (/game new side:@member): they accept (a
// seat entry of theirs) or decline (a decline entry).
func OfferOption(side Side) string { return "offer." + string(side) }

// ends reports whether an entry of kind k ends the game.
func ends(k string) bool { return k == KindEnd || k == KindResign }

// Entry is one line of a game's append-only log (DESIGN invariant 3).
type Entry struct {
	Seq    int       `json:"seq"`
	Kind   string    `json:"kind"`
	Actor  string    `json:"actor"`
	Side   Side      `json:"side,omitempty"`
	Action string    `json:"action,omitempty"`
	Time   time.Time `json:"time"`
	Source string    `json:"source,omitempty"` // Discord interaction id or console line
	// DiceFrom and DiceTo bound the counters this entry consumed; Rolls are
	// the dice it drew. The counter never goes back (invariant 2).
	DiceFrom uint64 `json:"dice_from"`
	DiceTo   uint64 `json:"dice_to"`
	Rolls    []Roll `json:"rolls,omitempty"`
	// Undoes lists the entries an undo entry marks undone.
	Undoes []int `json:"undoes,omitempty"`
	// Reveals is set when the entry disclosed hidden information.
	Reveals bool `json:"reveals,omitempty"`
	// Result is set on an end entry, or on the order that ended the game.
	Result *Result `json:"result,omitempty"`
	// Default is set on an order that was the prompt's default, taken for
	// the awaited side and not given by its player: why ("deadline": the
	// deadline passed; "away": the player is away and the game's settings
	// let the defaults answer for them).
	Default string `json:"default,omitempty"`
}

// HexBytes encodes as a hex string in JSON.
type HexBytes []byte

func (h HexBytes) MarshalJSON() ([]byte, error) { return json.Marshal(hex.EncodeToString(h)) }

func (h *HexBytes) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	d, err := hex.DecodeString(s)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	*h = d
	return nil
}

// Record is a whole game: its setup and its log. The seed is secret until
// the game ends; only the commitment is public.
type Record struct {
	ID         string          `json:"id"`
	Title      string          `json:"title"`
	Scenario   string          `json:"scenario"`
	Options    Options         `json:"options,omitempty"`
	Channel    string          `json:"channel,omitempty"`
	Seats      map[Side]string `json:"seats"`
	Created    time.Time       `json:"created"`
	Seed       HexBytes        `json:"seed"`
	Commitment string          `json:"commitment"`
	Entries    []Entry         `json:"entries"`
}

// Header is a record without its entries (what storage keeps per game).
func (r Record) Header() Record {
	r.Entries = nil
	return r
}

// Game is a record replayed into a state.
type Game struct {
	Rules Rules
	// Rec is the game's header and its log, or only the log's tail: the
	// Base entries before Rec.Entries stay in storage (LoadTail).
	Rec   Record
	State State
	// Base counts the log entries before Rec.Entries, and BaseDice is
	// entry Base's DiceTo (the counter never goes back, so no earlier
	// entry drew past it). Both are 0 when Rec holds the whole log.
	Base     int
	BaseDice uint64
	// Earlier reads log entries 1..n from storage, for the rare operations
	// that need the whole log (undo replays from setup); nil with a
	// partial log makes them fail.
	Earlier func(n int) ([]Entry, error)
	undone  map[int]bool
	result  *Result
	legal   legalCache
}

// legalCache keeps the legal trees of the game's current state, per side:
// autocomplete asks for the tree on every keystroke of a step (DESIGN:
// Performance budgets; issue 31), and a state never changes in place.
type legalCache struct {
	state State
	trees map[Side][]Choice
}

// Legal is side's legal-order tree in the current state, built once per
// state and side. Callers must not change the tree.
func (g *Game) Legal(side Side) []Choice {
	s := g.State
	if s == nil || !reflect.TypeOf(s).Comparable() {
		return g.Rules.Legal(s, side)
	}
	if g.legal.state != s {
		g.legal = legalCache{state: s, trees: map[Side][]Choice{}}
	}
	if t, ok := g.legal.trees[side]; ok {
		return t
	}
	t := g.Rules.Legal(s, side)
	g.legal.trees[side] = t
	return t
}

// Len is the number of entries in the game's log, loaded or not.
func (g *Game) Len() int { return g.Base + len(g.Rec.Entries) }

// LoadTail loads a game from its header, a snapshot taken after entry
// snap.Seq, and the log entries after it (rec.Entries, in order, starting
// at snap.Seq+1); baseDice is entry snap.Seq's DiceTo. It reads undo marks
// from the snapshot's Undone list and the tail's undo entries, which
// together are every mark the whole log holds. It fails (and the caller
// loads the whole record with Load) when the snapshot is of another
// format, does not decode, or was invalidated by an undo in the tail.
func LoadTail(r Rules, rec Record, snap *Snapshot, baseDice uint64) (*Game, error) {
	if rec.Commitment != Commitment(rec.Seed) {
		return nil, fmt.Errorf("game %s: seed does not match its commitment", rec.ID)
	}
	if snap == nil || snap.Format != SnapshotFormat(r) || snap.Seq < 0 {
		return nil, fmt.Errorf("game %s: no usable snapshot", rec.ID)
	}
	g := &Game{Rules: r, Rec: rec, Base: snap.Seq, BaseDice: baseDice, undone: map[int]bool{}}
	for _, k := range snap.Undone {
		g.undone[k] = true
	}
	for i, e := range rec.Entries {
		if e.Seq != snap.Seq+1+i {
			return nil, fmt.Errorf("game %s: the tail is not the log after entry %d", rec.ID, snap.Seq)
		}
		for _, t := range e.Undoes {
			g.undone[t] = true
		}
	}
	if !snap.valid(g.undone) {
		return nil, fmt.Errorf("game %s: the snapshot after entry %d was undone since", rec.ID, snap.Seq)
	}
	st, err := r.Decode(snap.State)
	if err != nil {
		return nil, fmt.Errorf("game %s: snapshot: %w", rec.ID, err)
	}
	g.State, g.result = st, snap.Result
	for _, e := range rec.Entries {
		if err := g.replayEntry(e); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// full reads the entries before the loaded tail, so that Rec holds the
// whole log.
func (g *Game) full() error {
	if g.Base == 0 {
		return nil
	}
	if g.Earlier == nil {
		return fmt.Errorf("game %s: only the entries after %d are loaded", g.Rec.ID, g.Base)
	}
	early, err := g.Earlier(g.Base)
	if err != nil {
		return fmt.Errorf("game %s: reading the log: %w", g.Rec.ID, err)
	}
	if len(early) != g.Base {
		return fmt.Errorf("game %s: reading the log: %d entries, want %d", g.Rec.ID, len(early), g.Base)
	}
	for i, e := range early {
		if e.Seq != i+1 {
			return fmt.Errorf("game %s: reading the log: entry %d has seq %d", g.Rec.ID, i+1, e.Seq)
		}
	}
	g.Rec.Entries = append(early[:len(early):len(early)], g.Rec.Entries...)
	g.Base, g.BaseDice = 0, 0
	return nil
}

// Trim drops the loaded entries up to seq (a snapshot after seq is
// stored), keeping memory bounded while a game is played; the operations
// that need them read them back through Earlier.
func (g *Game) Trim(seq int) {
	if seq <= g.Base || seq > g.Len() || g.Earlier == nil {
		return
	}
	n := seq - g.Base
	g.BaseDice = g.Rec.Entries[n-1].DiceTo
	g.Rec.Entries = append([]Entry(nil), g.Rec.Entries[n:]...)
	g.Base = seq
}

// Step is a change prepared against a game but not yet committed: storage
// writes its entries first, then Commit makes it the game's state
// (invariant 4: acknowledged only after the write).
type Step struct {
	Entries []Entry
	Events  []Event
	state   State
	undone  map[int]bool
	result  *Result
	seats   map[Side]string
}

// New sets up a game. It draws no dice.
func New(r Rules, rec Record) (*Game, []Event, error) {
	if len(rec.Seed) != SeedSize {
		return nil, nil, fmt.Errorf("game %s: seed must be %d bytes, have %d", rec.ID, SeedSize, len(rec.Seed))
	}
	if e, ok := r.(Editioner); ok && rec.Options[OptEdition] == "" {
		// a new game is played with the title's current edition, and
		// says so in its record (Editioner)
		o := make(Options, len(rec.Options)+1)
		for k, v := range rec.Options {
			o[k] = v
		}
		o[OptEdition] = e.Edition()
		rec.Options = o
	}
	s, err := r.Setup(rec.Scenario, rec.Options)
	if err != nil {
		return nil, nil, err
	}
	rec.Commitment = Commitment(rec.Seed)
	rec.Entries = nil
	info := r.Info()
	ev := []Event{{Audience: Everyone, Text: fmt.Sprintf("New game %s: %s, scenario %s. Dice commitment (SHA-256 of the secret seed): %s",
		rec.ID, info.Name, rec.Scenario, rec.Commitment)}}
	return &Game{Rules: r, Rec: rec, State: s, undone: map[int]bool{}}, ev, nil
}

// Load replays a record from its setup (invariant 3: the log is the truth).
// A snapshot, if given and still valid, lets replay start after its entry.
func Load(r Rules, rec Record, snap *Snapshot) (*Game, error) {
	if rec.Commitment != Commitment(rec.Seed) {
		return nil, fmt.Errorf("game %s: seed does not match its commitment", rec.ID)
	}
	g := &Game{Rules: r, Rec: rec, undone: map[int]bool{}}
	for _, e := range rec.Entries {
		for _, t := range e.Undoes {
			g.undone[t] = true
		}
	}
	start := 0
	// A snapshot is a cache: one of another format, or that fails to decode
	// or validate, is ignored and the game replays from its log.
	if snap != nil && snap.Format == SnapshotFormat(r) && snap.Seq >= 0 && snap.Seq <= len(rec.Entries) && snap.valid(g.undone) {
		st, err := r.Decode(snap.State)
		if err == nil {
			g.State = st
			start = snap.Seq
			g.result = snap.Result
		}
	}
	if g.State == nil {
		s, err := SetupOf(r, rec)
		if err != nil {
			return nil, err
		}
		g.State = s
	}
	for _, e := range rec.Entries[start:] {
		if err := g.replayEntry(e); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Replay re-applies every effective entry from setup and returns the state.
func Replay(r Rules, rec Record) (State, error) {
	g, err := Load(r, rec, nil)
	if err != nil {
		return nil, err
	}
	return g.State, nil
}

func (g *Game) replayEntry(e Entry) error {
	if ends(e.Kind) {
		g.result = e.Result
		return nil
	}
	if e.Kind != KindOrder && e.Kind != KindOverride {
		return nil
	}
	if g.undone[e.Seq] {
		return nil
	}
	// Undone entries after a mod-undo are skipped, but an entry undone
	// later in the log still shaped states in between; the final state
	// only depends on the effective entries, in order.
	d := NewStream(g.Rec.Seed, e.DiceFrom)
	apply := g.Rules.Apply
	if o, ok := g.Rules.(OwnedApplier); ok {
		// every caller replays into a state of its own (a set-up or a
		// decoded snapshot) and drops the game when an entry fails
		apply = o.ApplyOwned
	}
	ns, _, err := apply(g.State, e.Side, e.Action, d)
	if err != nil {
		return fmt.Errorf("replay of entry %d (%s %q): %w", e.Seq, e.Side, e.Action, err)
	}
	if !sameRolls(d.Drawn(), e.Rolls) || d.Next() != e.DiceTo {
		return fmt.Errorf("replay of entry %d (%s %q): dice drawn differ from the record", e.Seq, e.Side, e.Action)
	}
	g.State = ns
	if e.Result != nil {
		g.result = e.Result
	}
	return nil
}

// replayEffective replays all effective entries from setup, honouring an
// extra set of undone entries (used by undo steps before commit).
func (g *Game) replayWithout(undone map[int]bool) (State, *Result, error) {
	s, err := SetupOf(g.Rules, g.Rec)
	if err != nil {
		return nil, nil, err
	}
	if err := g.full(); err != nil {
		return nil, nil, err
	}
	h := &Game{Rules: g.Rules, Rec: g.Rec, State: s, undone: undone}
	for _, e := range g.Rec.Entries {
		if err := h.replayEntry(e); err != nil {
			return nil, nil, err
		}
	}
	return h.State, h.result, nil
}

func sameRolls(a, b []Roll) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Over reports whether the game has ended, and how.
func (g *Game) Over() (bool, *Result) {
	if g.result != nil {
		return true, g.result
	}
	return over(g.Rules, g.State)
}

// Prompt is who is awaited for what now.
func (g *Game) Prompt() Prompt {
	if g.result != nil {
		return Prompt{Over: true, Result: g.result, Phase: "game over"}
	}
	return g.Rules.Prompt(g.State)
}

// Undone reports whether entry seq has been undone.
func (g *Game) Undone(seq int) bool { return g.undone[seq] }

// DiceNext is the counter the next roll starts from: one past the last
// counter any entry ever consumed, undone or not.
func (g *Game) DiceNext() uint64 {
	n := g.BaseDice
	for _, e := range g.Rec.Entries {
		if e.DiceTo > n {
			n = e.DiceTo
		}
	}
	return n
}

func (g *Game) entry(kind, actor string, side Side, action, source string, now time.Time, offset int) Entry {
	return Entry{Seq: g.Len() + 1 + offset, Kind: kind, Actor: actor, Side: side, Action: action,
		Time: now.UTC(), Source: source}
}

// ErrOver is returned for orders to a finished game.
var ErrOver = errors.New("the game is over")

// SplitOrders splits order text on ";" and newlines, trimming blanks.
func SplitOrders(text string) []string {
	var out []string
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == ';' || r == '\n' }) {
		if t := strings.TrimSpace(line); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// MaxBatch is the most orders one command may give.
const MaxBatch = 50

// Orders prepares one or more orders from side, applied in turn.
//
// Invariant 2 (no peeking): the orders before a refused one are taken, and
// the caller commits and announces them with their rolls; the refused
// order and those after it are not. So a refusal only ever reflects dice
// that are committed and shown, and the next order never draws again dice
// that a reply already depended on. When the first order is refused the
// step is nil; when a later one is, both the step (the orders taken) and
// the refusal are returned.
func (g *Game) Orders(actor string, side Side, orders []string, source string, now time.Time) (*Step, error) {
	if over, _ := g.Over(); over {
		return nil, ErrOver
	}
	if len(orders) == 0 {
		return nil, &OrderError{Reason: "no order given"}
	}
	if len(orders) > MaxBatch {
		return nil, &OrderError{Reason: fmt.Sprintf("%d orders in one command; at most %d are taken at once: send the rest in another order", len(orders), MaxBatch)}
	}
	st := &Step{state: g.State}
	next := g.DiceNext()
	for i, text := range orders {
		if done, _ := over(g.Rules, st.state); done {
			return st, &OrderError{Order: text, Reason: fmt.Sprintf("the game ended with order %d; %s", i, batchTaken(i, len(orders)))}
		}
		d := NewStream(g.Rec.Seed, next)
		ns, evs, err := g.Rules.Apply(st.state, side, text, d)
		if err != nil {
			if i == 0 {
				if len(orders) > 1 {
					var oe *OrderError
					if errors.As(err, &oe) {
						return nil, &OrderError{Order: oe.Order, Reason: fmt.Sprintf("%s (order 1 of %d; none was taken)", oe.Reason, len(orders))}
					}
				}
				return nil, err
			}
			var oe *OrderError
			if errors.As(err, &oe) {
				return st, &OrderError{Order: oe.Order, Reason: fmt.Sprintf("%s (order %d of %d; %s)", oe.Reason, i+1, len(orders), batchTaken(i, len(orders)))}
			}
			return st, fmt.Errorf("order %d of %d: %w (%s)", i+1, len(orders), err, batchTaken(i, len(orders)))
		}
		kind := KindOrder
		if side == Referee {
			kind = KindOverride
		}
		e := g.entry(kind, actor, side, text, source, now, i)
		e.DiceFrom, e.DiceTo, e.Rolls = next, d.Next(), d.Drawn()
		for _, ev := range evs {
			if ev.Reveals {
				e.Reveals = true
			}
		}
		if done, res := over(g.Rules, ns); done {
			e.Result = res
			st.result = res
		}
		next = d.Next()
		st.state = ns
		st.Entries = append(st.Entries, e)
		st.Events = append(st.Events, evs...)
	}
	return st, nil
}

// ActorDeadline is the actor of the orders a deadline takes by default.
const ActorDeadline = "deadline"

// ErrNoDefault is returned by Default when the prompt has no default: the
// title leaves the decision to its player (a deadline then calls the
// moderators).
var ErrNoDefault = errors.New("this decision has no default")

// Default prepares the prompt's default order (Prompt.Default; several
// separated by ";") for each awaited side in turn, as actor, each entry
// marked with why (Entry.Default). It fails with ErrNoDefault when the
// prompt has none, and with the rules' refusal if they refuse it (a
// title's bug: its default must be legal).
func (g *Game) Default(actor, reason, source string, now time.Time) (*Step, error) {
	if over, _ := g.Over(); over {
		return nil, ErrOver
	}
	p := g.Prompt()
	orders := SplitOrders(p.Default)
	if len(orders) == 0 || len(p.Awaiting) == 0 {
		return nil, ErrNoDefault
	}
	all := &Step{state: g.State}
	h := g
	for _, side := range p.Awaiting {
		st, err := h.Orders(actor, side, orders, source, now)
		if err != nil {
			return nil, fmt.Errorf("the default %q for %s: %w", p.Default, side, err)
		}
		for i := range st.Entries {
			st.Entries[i].Default = reason
		}
		all.Entries = append(all.Entries, st.Entries...)
		all.Events = append(all.Events, st.Events...)
		all.state, all.result = st.state, st.result
		if done, _ := over(g.Rules, st.state); done {
			break
		}
		h = h.Preview(st)
	}
	return all, nil
}

// batchTaken says which orders of a batch were taken before a refusal.
func batchTaken(taken, of int) string {
	if taken == 1 {
		return fmt.Sprintf("order 1 was taken, %s", notTaken(2, of))
	}
	return fmt.Sprintf("orders 1–%d were taken, %s", taken, notTaken(taken+1, of))
}

func notTaken(from, to int) string {
	if from == to {
		return fmt.Sprintf("order %d was not", from)
	}
	return fmt.Sprintf("orders %d–%d were not", from, to)
}

// lastEffective is the index of the last order or override not undone.
func (g *Game) lastEffective(skip map[int]bool) int {
	for i := len(g.Rec.Entries) - 1; i >= 0; i-- {
		e := g.Rec.Entries[i]
		if (e.Kind == KindOrder || e.Kind == KindOverride) && !g.undone[e.Seq] && !skip[e.Seq] {
			return i
		}
		if ends(e.Kind) {
			return -1
		}
	}
	return -1
}

// Undo prepares a player's undo of their own last order: allowed only while
// it is the last order taken, drew no die and revealed nothing.
func (g *Game) Undo(actor string, side Side, source string, now time.Time) (*Step, error) {
	if over, _ := g.Over(); over {
		return nil, ErrOver
	}
	if err := g.full(); err != nil {
		return nil, err
	}
	i := g.lastEffective(nil)
	if i < 0 {
		return nil, &OrderError{Reason: "there is no order to undo"}
	}
	e := g.Rec.Entries[i]
	switch {
	case e.Side != side:
		return nil, &OrderError{Reason: "you can undo only your own last order, and the last order taken was not yours; ask a moderator (/mod undo)"}
	case len(e.Rolls) > 0:
		return nil, &OrderError{Reason: fmt.Sprintf("your last order (%q) rolled dice; only a moderator can undo it", e.Action)}
	case e.Reveals:
		return nil, &OrderError{Reason: fmt.Sprintf("your last order (%q) revealed hidden information; only a moderator can undo it", e.Action)}
	}
	return g.undoStep(KindUndo, actor, side, []int{e.Seq}, source, now)
}

// ModUndo prepares a moderator's undo of the last n orders and overrides.
// Undone entries stay in the log, marked; their dice stay burned.
func (g *Game) ModUndo(actor string, n int, source string, now time.Time) (*Step, error) {
	if n < 1 {
		return nil, &OrderError{Reason: "count must be at least 1"}
	}
	if err := g.full(); err != nil {
		return nil, err
	}
	skip := map[int]bool{}
	var seqs []int
	for len(seqs) < n {
		i := g.lastEffective(skip)
		if i < 0 {
			break
		}
		seqs = append(seqs, g.Rec.Entries[i].Seq)
		skip[g.Rec.Entries[i].Seq] = true
	}
	if len(seqs) == 0 {
		return nil, &OrderError{Reason: "there is no order to undo"}
	}
	if len(seqs) < n {
		return nil, &OrderError{Reason: fmt.Sprintf("only %d orders can be undone, not %d", len(seqs), n)}
	}
	return g.undoStep(KindModUndo, actor, Referee, seqs, source, now)
}

func (g *Game) undoStep(kind, actor string, side Side, seqs []int, source string, now time.Time) (*Step, error) {
	undone := map[int]bool{}
	for k, v := range g.undone {
		undone[k] = v
	}
	for _, s := range seqs {
		undone[s] = true
	}
	state, res, err := g.replayWithout(undone)
	if err != nil {
		return nil, err
	}
	e := g.entry(kind, actor, side, "", source, now, 0)
	e.Undoes = seqs
	n := g.DiceNext()
	e.DiceFrom, e.DiceTo = n, n
	st := &Step{Entries: []Entry{e}, state: state, undone: undone, result: res}
	if kind == KindUndo {
		o := g.Rec.Entries[seqs[0]-1]
		st.Events = append(st.Events,
			Event{Audience: Everyone, Text: fmt.Sprintf("The %s player undid their last order.", side)},
			Event{Audience: Only(side), Text: fmt.Sprintf("Undone: %q.", o.Action)})
	} else {
		st.Events = append(st.Events, Event{Audience: Everyone, Text: fmt.Sprintf("Moderator %s undid the last %d order(s); their dice stay burned.", actor, len(seqs))})
		for _, s := range seqs {
			o := g.Rec.Entries[s-1]
			if o.Side == Referee {
				st.Events = append(st.Events, Event{Audience: Only(Referee), Text: fmt.Sprintf("Undone: override %q.", o.Action)})
				continue
			}
			st.Events = append(st.Events, Event{Audience: Only(o.Side), Text: fmt.Sprintf("Undone: your order %q.", o.Action)})
		}
	}
	return st, nil
}

// End prepares a moderator's end of the game.
func (g *Game) End(actor string, winner Side, reason, source string, now time.Time) (*Step, error) {
	if over, _ := g.Over(); over {
		return nil, ErrOver
	}
	if winner != "" && !g.Rules.Info().HasSide(winner) {
		return nil, &OrderError{Reason: fmt.Sprintf("unknown side %q; sides are %v", winner, g.Rules.Info().Sides)}
	}
	if reason == "" {
		reason = "ended by a moderator"
	}
	res := &Result{Winner: winner, Reason: reason}
	e := g.entry(KindEnd, actor, Referee, reason, source, now, 0)
	n := g.DiceNext()
	e.DiceFrom, e.DiceTo = n, n
	e.Result = res
	return &Step{Entries: []Entry{e}, state: g.State, result: res,
		Events: []Event{{Audience: Everyone, Text: fmt.Sprintf("Moderator %s ended the game: %s.", actor, reason)}}}, nil
}

// Resign prepares a player's resignation: the game ends as a loss for
// side; in a game of two sides the other wins.
func (g *Game) Resign(actor string, side Side, source string, now time.Time) (*Step, error) {
	if over, _ := g.Over(); over {
		return nil, ErrOver
	}
	info := g.Rules.Info()
	if !info.HasSide(side) {
		return nil, &OrderError{Reason: fmt.Sprintf("unknown side %q; sides are %v", side, info.Sides)}
	}
	res := &Result{Winner: ResignWinner(info.Sides, side), Reason: fmt.Sprintf("%s resigned", side)}
	e := g.entry(KindResign, actor, side, "resign", source, now, 0)
	n := g.DiceNext()
	e.DiceFrom, e.DiceTo = n, n
	e.Result = res
	return &Step{Entries: []Entry{e}, state: g.State, result: res,
		Events: []Event{{Audience: Everyone, Text: fmt.Sprintf("%s (%s) resigned: the game is lost for %s.", actor, side, side)}}}, nil
}

// ResignWinner is the winner when side resigns: the other side of a
// two-sided game, else nobody.
func ResignWinner(sides []Side, side Side) Side {
	if len(sides) != 2 {
		return ""
	}
	if sides[0] == side {
		return sides[1]
	}
	return sides[0]
}

// Decline prepares a member's refusal of the seat offered to them: the
// seat stays open (the game's lobby), and the offer is withdrawn.
func (g *Game) Decline(actor string, side Side, source string, now time.Time) (*Step, error) {
	if over, _ := g.Over(); over {
		return nil, ErrOver
	}
	if !g.Rules.Info().HasSide(side) {
		return nil, &OrderError{Reason: fmt.Sprintf("unknown side %q; sides are %v", side, g.Rules.Info().Sides)}
	}
	e := g.entry(KindDecline, actor, side, actor, source, now, 0)
	n := g.DiceNext()
	e.DiceFrom, e.DiceTo = n, n
	return &Step{Entries: []Entry{e}, state: g.State,
		Events: []Event{{Audience: Everyone, Text: fmt.Sprintf("%s declined the %s seat: it is open.", actor, side)}}}, nil
}

// Seat prepares a moderator's change of who holds a side's seat.
func (g *Game) Seat(actor string, side Side, user, source string, now time.Time) (*Step, error) {
	if over, _ := g.Over(); over {
		return nil, ErrOver
	}
	if !g.Rules.Info().HasSide(side) {
		return nil, &OrderError{Reason: fmt.Sprintf("unknown side %q; sides are %v", side, g.Rules.Info().Sides)}
	}
	e := g.entry(KindSeat, actor, side, user, source, now, 0)
	n := g.DiceNext()
	e.DiceFrom, e.DiceTo = n, n
	seats := map[Side]string{}
	for k, v := range g.Rec.Seats {
		seats[k] = v
	}
	seats[side] = user
	return &Step{Entries: []Entry{e}, state: g.State, seats: seats,
		Events: []Event{{Audience: Everyone, Text: fmt.Sprintf("Moderator %s seated %s as %s.", actor, user, side)}}}, nil
}

// Commit makes a prepared step the game's state, after storage has written
// its entries.
func (g *Game) Commit(st *Step) {
	g.Rec.Entries = append(g.Rec.Entries, st.Entries...)
	g.State = st.state
	if st.undone != nil {
		g.undone = st.undone
	}
	if st.seats != nil {
		g.Rec.Seats = st.seats
	}
	for _, e := range st.Entries {
		if ends(e.Kind) {
			g.result = e.Result
		}
	}
	if st.result != nil || st.undone != nil {
		g.result = st.result
		for _, e := range g.Rec.Entries {
			if ends(e.Kind) {
				g.result = e.Result
			}
		}
	}
}

// Preview is the game as it will be once st is committed: its prompt,
// result, seats and length, for composing what the step's commit will
// announce in the same transaction as its entries. g is unchanged; the
// preview shares g's loaded entries and must be discarded after use.
func (g *Game) Preview(st *Step) *Game {
	c := *g
	c.Rec.Entries = g.Rec.Entries[:len(g.Rec.Entries):len(g.Rec.Entries)]
	c.Commit(st)
	return &c
}

// Snapshot is an encoded state after entry Seq, to speed up loading.
type Snapshot struct {
	// Format names the engine's snapshot format and the title's state
	// version (SnapshotFormat): a snapshot of another format is ignored.
	Format string  `json:"format,omitempty"`
	Seq    int     `json:"seq"`
	State  []byte  `json:"state"`
	Undone []int   `json:"undone"` // entries undone when it was taken
	Result *Result `json:"result,omitempty"`
}

// Snapshot encodes the current state.
func (g *Game) Snapshot() (Snapshot, error) {
	b, err := g.State.Encode()
	if err != nil {
		return Snapshot{}, err
	}
	s := Snapshot{Format: SnapshotFormat(g.Rules), Seq: g.Len(), State: b, Result: g.result}
	for k := range g.undone {
		s.Undone = append(s.Undone, k)
	}
	sort.Ints(s.Undone)
	return s, nil
}

// snapshotFormat is the engine's snapshot layout; bump it when Snapshot
// changes meaning.
const snapshotFormat = 1

// StateVersioner is implemented by a title whose encoded state has a
// version: bumping it invalidates the title's stored snapshots instead of
// letting them be misread.
type StateVersioner interface {
	StateVersion() int
}

// SnapshotFormat is the format a snapshot of r's states is written in.
func SnapshotFormat(r Rules) string {
	v := 0
	if sv, ok := r.(StateVersioner); ok {
		v = sv.StateVersion()
	}
	return fmt.Sprintf("umpire-snapshot/%d %s/%d", snapshotFormat, r.Info().ID, v)
}

// valid: a snapshot stands only while no entry it covered was undone after.
func (s *Snapshot) valid(undone map[int]bool) bool {
	had := map[int]bool{}
	for _, k := range s.Undone {
		had[k] = true
	}
	for k := range undone {
		if k <= s.Seq && !had[k] {
			return false
		}
	}
	return true
}

// Equal reports whether two states encode to the same bytes.
func Equal(a, b State) (bool, error) {
	x, err := a.Encode()
	if err != nil {
		return false, err
	}
	y, err := b.Encode()
	if err != nil {
		return false, err
	}
	return bytes.Equal(x, y), nil
}
