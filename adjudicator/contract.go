// Package adjudicator is Umpire's engine: the game contract every title
// implements, the verifiable dice stream, the append-only game log, replay,
// undo and views. It does no I/O: no clock, no network, no files and no
// global random source. Time arrives as an argument; randomness comes only
// from a game's Dice.
package adjudicator

import "fmt"

// Side is one of a title's sides ("french", "vm", "fef").
type Side string

// Referee is the moderators' side: overrides and ending a game are applied
// as the referee. It is never a seat.
const Referee Side = "referee"

// Viewer is whoever looks at the game. The zero Viewer is the public.
type Viewer struct {
	Side    Side // a side's player; "" for the public
	Referee bool // sees everything
}

// Public is the onlookers' viewer.
var Public = Viewer{}

// ViewerOf is the viewer seated for side.
func ViewerOf(s Side) Viewer {
	if s == Referee {
		return Viewer{Referee: true}
	}
	return Viewer{Side: s}
}

// Final is whose eyes a board is drawn with when the game is over or not:
// once a game is over nothing is hidden any more (its seed is revealed
// and every roll can be re-derived), so every viewer's final map shows
// every unit (issue 30, item 7); until then, v's own.
func (v Viewer) Final(over bool) Viewer {
	if over {
		return Viewer{Referee: true}
	}
	return v
}

// Sees reports whether v may see what is addressed to audience a.
func (v Viewer) Sees(a Audience) bool {
	if a.All || v.Referee {
		return true
	}
	return a.Side != "" && a.Side == v.Side
}

func (v Viewer) String() string {
	switch {
	case v.Referee:
		return "referee"
	case v.Side == "":
		return "public"
	}
	return string(v.Side)
}

// Audience says who may read an event: everyone, or one side (the referee
// reads everything).
type Audience struct {
	All  bool `json:"all,omitempty"`
	Side Side `json:"side,omitempty"`
}

// Everyone is the audience of public events.
var Everyone = Audience{All: true}

// Only addresses an event to one side.
func Only(s Side) Audience { return Audience{Side: s} }

// Mark points at a place on the map for the "what just happened" layer.
type Mark struct {
	Kind string `json:"kind"` // "fire", "assault", "move", "dig", "loss", ...
	From string `json:"from,omitempty"`
	At   string `json:"at"`
}

// Event is one thing that happened, addressed to an audience. Its Text is
// built only from what that audience may know.
type Event struct {
	Audience Audience `json:"audience"`
	Text     string   `json:"text"`
	Marks    []Mark   `json:"marks,omitempty"`
	// Reveals is set when the event discloses hidden information to an
	// audience that did not have it; such an action cannot be undone by a
	// player.
	Reveals bool `json:"reveals,omitempty"`
}

// Info describes a title.
type Info struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Sides     []Side     `json:"sides"`
	Scenarios []Scenario `json:"scenarios"`
	// Options are the game options a creator may set with /game new
	// options:"key=value ..." (optional rules, bids); Setup checks their
	// values and refuses a bad one.
	Options []GameOption `json:"options,omitempty"`
	// Preview marks a title whose board is in but whose rules of play are
	// not yet: a game sets a scenario up, shows it and waits, awaiting no
	// one, and every order is refused saying so. Random playouts and the
	// tests that play every title leave a preview out.
	Preview bool `json:"preview,omitempty"`
}

// GameOption is one option a title's games may be created with.
type GameOption struct {
	Key  string `json:"key"`
	Help string `json:"help"` // what it does and its values ("yes adds card 45, 19.1")
}

// Scenario is one of a title's scenarios.
type Scenario struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Turns string `json:"turns"`
}

// HasSide reports whether s is one of the title's sides.
func (i Info) HasSide(s Side) bool {
	for _, x := range i.Sides {
		if x == s {
			return true
		}
	}
	return false
}

// Options are per-game settings chosen at creation.
type Options map[string]string

// OptStanding is the game option naming the standing orders its sides
// start from (issue 30, item 6): StandingDefault, the title's profile
// that answers routine reactions; StandingAsk (or absent, as in games
// made before the option), every key at ask. A title without standing
// orders ignores it.
const (
	OptStanding     = "standing"
	StandingDefault = "default"
	StandingAsk     = "ask"
)

// StandingProfiler is implemented by a title whose new games' sides may
// start from standing orders (issue 30, item 6). The bot records
// OptStanding=default in a game it makes of such a title unless its
// creator chose standing:ask; the title's Setup reads the option with
// StandingFromOptions and, when it says so, sets the profile, so that a
// record without the option (every game made before it) sets up exactly
// as before.
type StandingProfiler interface {
	// StandingProfile is each side's profile, as the orders that set it
	// ("standing fire all"), each legal for its side at setup.
	StandingProfile() []SideOrder
}

// Glosser is implemented by a title whose order words stand for named
// places (Tonkin's hexes and their towns, issue 30 item 3): Gloss is the
// public name help shows after the word ("0919 Hanoi"), or "".
type Glosser interface {
	Gloss(word string) string
}

// StandingKey is one standing-order key a side may set, what it answers
// (the Help of its word in the side's legal tree, which /help
// prefix:standing shows on the key's line).
type StandingKey struct {
	Key    string   `json:"key"`
	Values []string `json:"values"`
	// Help says what the key answers, with its rule section.
	Help string `json:"help"`
}

// StandingFromOptions reads OptStanding for a title's Setup: whether the
// game's sides start from the title's profile. Absent (a record made
// before the option) and StandingAsk mean no.
func StandingFromOptions(o Options) (bool, error) {
	switch v := o[OptStanding]; v {
	case "", StandingAsk:
		return false, nil
	case StandingDefault:
		return true, nil
	default:
		return false, fmt.Errorf("standing is %s (each side starts from the title's standing profile) or %s (every reaction is asked), not %q", StandingDefault, StandingAsk, v)
	}
}

// State is a title's game state. It must encode deterministically (the
// same state always gives the same bytes) so that replays can be compared
// and snapshots stored.
type State interface {
	Encode() ([]byte, error)
}

// Prompt is the async heartbeat: who must decide what now.
type Prompt struct {
	Awaiting []Side `json:"awaiting"` // empty when the game is over
	Phase    string `json:"phase"`    // e.g. "Turn 1 (13 March), VM entrenchment"
	// Stage is a coarse key of the resolution under way (a phase, an
	// impulse): transports post a map when it changes.
	Stage    string `json:"stage,omitempty"`
	Decision string `json:"decision"` // what is asked, for the awaited side(s)
	// Brief is the hand-off post's one line (issue 30, item 4): when,
	// and the decision in a few words, without the option list that
	// Decision, /help and the buttons give. Empty: the post shortens
	// Phase and Decision itself.
	Brief string `json:"brief,omitempty"`
	// Focus names the places the decision is about, the most important
	// first, as the title's map names them (hexes, zones, PAs, assault
	// bases, areas, boxes): the hand-off's close-up is centred on them
	// (issue 30, item 1). Like Decision it is public: it names only
	// places every viewer may know the decision is about. Empty: the
	// close-up is around what changed.
	Focus []string `json:"focus,omitempty"`
	// Default is the order taken for the awaited side when a deadline
	// passes (Game.Default), if the game allows one: a legal order (or
	// several separated by ";"), the least harmful the rules allow. Empty
	// when the title leaves the decision to its player, for one a default
	// would decide the game: a deadline then calls the moderators.
	Default string  `json:"default,omitempty"`
	Over    bool    `json:"over,omitempty"`
	Result  *Result `json:"result,omitempty"`
}

// Awaits reports whether side s is awaited.
func (p Prompt) Awaits(s Side) bool {
	for _, x := range p.Awaiting {
		if x == s {
			return true
		}
	}
	return false
}

// Result is how a game ended.
type Result struct {
	Winner Side   `json:"winner,omitempty"` // "" for a draw or an abandoned game
	Reason string `json:"reason"`
}

// Choice is a node of the legal-order tree. The words along a path from a
// root to a node with Complete set, joined by spaces, form a legal order.
type Choice struct {
	Word     string   `json:"word"`
	Help     string   `json:"help,omitempty"`
	Complete bool     `json:"complete,omitempty"`
	Next     []Choice `json:"next,omitempty"`
	// Arg names the argument Next's words stand for ("dummy"), for
	// help texts where the prompt's decision does not name it.
	Arg string `json:"arg,omitempty"`
}

// Orders flattens a choice tree to the full texts of its legal orders.
func Orders(tree []Choice) []string {
	var out []string
	var walk func(prefix string, cs []Choice)
	walk = func(prefix string, cs []Choice) {
		for _, c := range cs {
			t := c.Word
			if prefix != "" {
				t = prefix + " " + c.Word
			}
			if c.Complete {
				out = append(out, t)
			}
			walk(t, c.Next)
		}
	}
	walk("", tree)
	return out
}

// View is what one viewer may know of a game: status lines for text
// replies and a title-specific Board for the renderer. Everything shown to
// a viewer is built from its View or from events addressed to it.
type View struct {
	Title  string   `json:"title"`
	Viewer string   `json:"viewer"`
	Prompt Prompt   `json:"prompt"`
	Status []string `json:"status"`
	Board  any      `json:"board,omitempty"`
}

// Dice is the game's dice stream as the rules see it.
type Dice interface {
	// Roll returns a uniform value in 1..sides.
	Roll(sides int) int
}

// Rules is the contract every title implements.
type Rules interface {
	Info() Info
	Setup(scenario string, o Options) (State, error)
	Decode(b []byte) (State, error)
	Prompt(s State) Prompt
	Legal(s State, side Side) []Choice
	// Apply validates a and returns the new state. It never panics on bad
	// input and never changes s: an illegal order returns an *OrderError.
	// Side Referee applies moderator overrides.
	Apply(s State, side Side, a string, d Dice) (State, []Event, error)
	View(s State, v Viewer) View
}

// OptEdition is the game option naming the edition of a title's rules
// and data a game is played with (Editioner).
const OptEdition = "edition"

// Editioner is implemented by a title whose rules or data changed in a
// way that plays a recorded game otherwise (a misread value fixed, a
// ruling amended): New records the current Edition in a new game's
// options, and the title's Setup plays a record without the option (made
// before the change) with the values it was played with, so that it
// replays as it was played.
type Editioner interface {
	Edition() string
}

// FirstEdition is the edition of a record made before its title had
// editions (a record without OptEdition).
const FirstEdition = "1"

// SetupOf sets a recorded game up: its scenario with its options, and
// for an Editioner's record without an edition, the first edition
// (invariant 3: a record replays as it was played).
func SetupOf(r Rules, rec Record) (State, error) {
	o := rec.Options
	if _, ok := r.(Editioner); ok && o[OptEdition] == "" {
		c := make(Options, len(o)+1)
		for k, v := range o {
			c[k] = v
		}
		c[OptEdition] = FirstEdition
		o = c
	}
	return r.Setup(rec.Scenario, o)
}

// OwnedApplier is implemented by Rules that can apply an order to a state
// its caller gives up: replay (Load, undo, verify) never reads the state
// before an entry again, so the copy Apply makes to leave it unchanged is
// wasted there (issue 31: a whole game's replay under 50 ms).
// ApplyOwned may change s, even when it refuses the order; in everything
// else (the state returned, the events, the error, the dice drawn) it
// must agree with Apply.
type OwnedApplier interface {
	ApplyOwned(s State, side Side, a string, d Dice) (State, []Event, error)
}

// Describer is implemented by Rules that answer "what is at this place"
// (issue 30, item 3: /map hex:): the answer is built from v, the asker's
// own view, and the title's static map alone, so it tells nothing that
// view hides. place is as a player writes it (a hex, a town's name).
type Describer interface {
	Describe(v View, place string) (string, error)
}

// Ender is implemented by Rules that can say whether a state is over
// without building its prompt (a prompt's decision text may walk the
// legal tree). Ended must agree with Prompt's Over and Result. The engine
// asks it on every order (DESIGN: Performance budgets, issue 31).
type Ender interface {
	Ended(s State) (over bool, res *Result)
}

// over reports whether s is finished and how, through Ender when the
// rules have it.
func over(r Rules, s State) (bool, *Result) {
	if e, ok := r.(Ender); ok {
		return e.Ended(s)
	}
	p := r.Prompt(s)
	return p.Over, p.Result
}

// OrderError is a refusal: what was wrong and what would be legal.
type OrderError struct {
	Order  string
	Reason string
}

func (e *OrderError) Error() string {
	if e.Order == "" {
		return e.Reason
	}
	return fmt.Sprintf("%q refused: %s", e.Order, e.Reason)
}

// Refuse builds an OrderError.
func Refuse(order, format string, args ...any) error {
	return &OrderError{Order: order, Reason: fmt.Sprintf(format, args...)}
}
