package bot

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/storage"
)

// Reply is one message to one audience: the channel (To == "") or one
// user, privately.
type Reply struct {
	To   string `json:"to,omitempty"`
	Text string `json:"text"`
	// PNG is a map image to attach, named ImageName; a transport that
	// writes it to disk sets Image to the path.
	PNG       []byte `json:"-"`
	ImageName string `json:"image_name,omitempty"`
	Image     string `json:"image,omitempty"`
	// Map, in a delivery, stands for the map of this view ("public") drawn
	// when the delivery goes out: of that state or a newer one.
	Map string `json:"map,omitempty"`
	// Crop, with Map, is the close-up to draw (x0, y0, x1, y1 in the
	// whole map): around what the command changed (mapAfter); none, the
	// whole map.
	Crop []int `json:"crop,omitempty"`
	// Part numbers the close-ups of one post after its first (1, 2):
	// the decision's places or what happened, too far apart for one.
	Part int `json:"part,omitempty"`
	// Join, on a game's channel post, offers its open seats to whoever
	// takes one (Discord shows buttons: "Join as VM"); JoinGame is the
	// game.
	Join     []adjudicator.Side `json:"join,omitempty"`
	JoinGame string             `json:"join_game,omitempty"`
	// Offer, on a game's channel post, names the seats offered to members
	// who have not answered yet (Discord shows "Accept" and "Decline"
	// buttons); JoinGame is the game.
	Offer []Seated `json:"offer,omitempty"`
	// Confirm, on a private reply, is the command that confirms what the
	// reply asks about (Discord shows a Confirm button running it).
	Confirm string `json:"confirm,omitempty"`
	// await marks the reply saying who is awaited: commit fills its text
	// with who the command handed the turn to (pingAwaited).
	await bool
	// File is a document to attach (a game's record, as JSON), named
	// FileName; the console writes it under --out.
	File     []byte `json:"-"`
	FileName string `json:"file_name,omitempty"`
}

// Outcome is what one command gives back at once: the replies to send now
// (the caller's acknowledgement or refusal first) and the game whose
// outbox received what the command changed for the others (Game, "" if
// none), which a Poster delivers next.
type Outcome struct {
	Replies []Reply
	Game    string
	// Changed: the command created a game or committed entries.
	Changed bool
	// Ping lists the users the command handed the turn to, whom the
	// replies' channel post mentions (issue 15: never the caller).
	Ping []string
	// News is the caller's kept private news the replies show: the
	// transport calls NewsShown once they are out.
	News []storage.News
}

// Mapper draws a View as a PNG (package render).
type Mapper interface {
	PNG(v adjudicator.View) ([]byte, error)
}

// Drawer draws maps through a bounded queue (render.Queue): a request for
// a key (game and viewer) with a job waiting joins it and gets the newer
// view's picture; seq is the game's log length the view shows, and the
// returned seq the one the picture shows. A refusable request gets an
// error wrapping render.ErrBusy when the queue is full.
type Drawer interface {
	Draw(key string, seq int, v adjudicator.View, refusable bool) ([]byte, int, error)
}

// Service runs commands against games stored in a DB. It is safe for
// concurrent use: commands for one game are applied one at a time, games
// proceed in parallel (invariant 5).
type Service struct {
	DB     *storage.DB
	Titles map[string]adjudicator.Rules
	// Now is the clock (injectable for tests).
	Now func() time.Time
	// Seed makes a game's secret dice seed; nil uses crypto/rand.
	Seed func(gameID string) ([]byte, error)
	// Mods names moderators (besides Command.Mod from the transport).
	Mods map[string]bool
	// SnapshotEvery writes a snapshot after so many entries.
	SnapshotEvery int
	// Maps draws map images; nil posts no maps. Queue, if set, draws them
	// instead, off the order path (the bot and the console set it).
	Maps  Mapper
	Queue Drawer
	// Log receives recovered panics with their stacks (nil: slog.Default()).
	Log *slog.Logger
	// active counts the commands being run (Busy).
	active atomic.Int64

	// MaxGames bounds the games held in memory (least recently used
	// evicted first; 0: DefaultMaxGames); IdleAfter evicts a game unused
	// for so long (0: DefaultIdleAfter). An evicted game reloads from its
	// snapshot and the log after it (cache.go).
	MaxGames  int
	IdleAfter time.Duration

	// SeatNamed seats the members /game new names at once, as a
	// moderator's seat:direct does, instead of offering them their seats
	// (issue 15 item 5). Tests only, for the suites about other things
	// than seating; never set by the bot or the console.
	SeatNamed bool

	// DefaultPace is the pace of a new game (config [deadlines]); the
	// players or a moderator change it with /game settings.
	DefaultPace Pace

	mu    sync.Mutex // guards slots, swept and wake only; never held during a load
	slots map[string]*slot
	swept time.Time
	gate  chan struct{} // bounds concurrent loads (cache.go)
	wake  func()        // the deadline Runner's Kick, once it runs
}

// slot holds one loaded game. mu serialises its commands (invariant 5);
// the rest is guarded by Service.mu.
type slot struct {
	mu sync.Mutex
	g  *adjudicator.Game
	// loading is closed when the load finishes (err set if it failed);
	// nil for a game made in this process.
	loading chan struct{}
	err     error
	users   int       // commands holding the slot: never evicted meanwhile
	used    time.Time // last release
	set     *Settings // the game's settings, once read (guarded by mu)
	// mapped is the public view the last map posted showed, from which
	// the next one's close-up is found (maps.go; guarded by mu).
	mapped *adjudicator.View
}

// DemoSeed derives game seeds from a number (umpire play --seed N): tests
// and demos only, never reachable from Discord.
func DemoSeed(n int64) func(string) ([]byte, error) {
	return func(id string) ([]byte, error) {
		h := sha256.Sum256([]byte(fmt.Sprintf("umpire demo seed %d for game %s", n, id)))
		return h[:], nil
	}
}

func randomSeed(string) ([]byte, error) {
	b := make([]byte, adjudicator.SeedSize)
	_, err := rand.Read(b)
	return b, err
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) isMod(c Command) bool { return c.Mod || s.Mods[c.User] }

// Do runs one command. It returns as soon as what the command changed is
// durable: the caller's acknowledgement or refusal is in the Outcome's
// replies, and what the others are to see (the channel's post, other
// players' news, the map) waits in the game's outbox for a Poster (or
// Drain) to deliver (DESIGN: an order is acknowledged at its durable
// commit).
func (s *Service) Do(c Command) Outcome {
	if c.Name != "map" {
		// A /map waits for its drawing: not an order the maps must yield to.
		s.active.Add(1)
		defer s.active.Add(-1)
	}
	c.note = &note{}
	replies := s.handle(c)
	return s.withNews(c, Outcome{Replies: replies, Game: c.note.game, Changed: c.note.changed, News: c.note.news, Ping: c.note.ping})
}

// Busy reports whether a command is being run now: the map queue rests
// while it is (render.Queue.SetPace), so that drawing never takes the
// CPU acknowledgements need.
func (s *Service) Busy() bool { return s.active.Load() > 0 }

// Handle runs one command and returns every reply in order, the game's
// deliveries included, maps drawn: Do, then Drain. For tests and tools
// only: a transport that also runs a Poster on the same games uses Do.
func (s *Service) Handle(c Command) []Reply {
	o := s.Do(c)
	if o.Game == "" {
		return o.Replies
	}
	return append(o.Replies, s.Drain(o.Game)...)
}

func (s *Service) handle(c Command) (replies []Reply) {
	defer s.guard(c)(&replies) // bot/recover.go: no panic takes the bot down
	if c.Source != "" {
		if _, _, done, err := s.DB.Processed(c.Source); err == nil && done {
			return []Reply{{To: c.User, Text: "That interaction was already applied; nothing more was done."}}
		}
	}
	var out []Reply
	var err error
	switch c.Name {
	case "game new":
		out, err = s.newGame(c)
	case "game status":
		out, err = s.withLastGame(c, s.status)
	case "game list":
		out, err = s.list(c)
	case "game news":
		out, err = s.gameNews(c)
	case "game settings":
		out, err = s.withGame(c, s.gameSettings)
	case "game join":
		out, err = s.withGame(c, s.join)
	case "game accept":
		out, err = s.withGame(c, s.accept)
	case "game decline":
		out, err = s.withGame(c, s.decline)
	case "game resign":
		out, err = s.withGame(c, s.resign)
	case "game cancel":
		out, err = s.withGame(c, s.cancel)
	case "game log":
		out, err = s.withLastGame(c, s.gameLog)
	case "game away":
		out, err = s.withGame(c, s.away)
	case "game end":
		out, err = s.withGame(c, s.end)
	case "order":
		out, err = s.withGame(c, s.order)
	case "help":
		out, err = s.help(c)
	case "undo":
		out, err = s.withGame(c, s.undo)
	case "mod undo":
		out, err = s.withGame(c, s.modUndo)
	case "mod override":
		out, err = s.withGame(c, s.override)
	case "mod seat":
		out, err = s.withGame(c, s.seat)
	case "map":
		out, err = s.mapCmd(c)
	default:
		err = fmt.Errorf("unknown command /%s; commands are /game new|status|list|end|news|settings|join|accept|decline|resign|cancel|log|away, /order, /help, /undo, /map, /mod undo|override|seat", c.Name)
	}
	if err != nil {
		return append(out, Reply{To: c.User, Text: "Refused: " + err.Error()})
	}
	if c.Name == "mod undo" || c.Name == "mod override" {
		s.moderatorActed(c)
	}
	return out
}

// newGame: /game new title:hell scenario:ID french:@u vm:@u
func (s *Service) newGame(c Command) ([]Reply, error) {
	title := c.Opt("title")
	rules, ok := s.Titles[title]
	if !ok {
		return nil, fmt.Errorf("unknown title %q; titles are %s", title, strings.Join(s.titleIDs(), ", "))
	}
	info := rules.Info()
	scenario := c.Opt("scenario")
	var ids []string
	found := false
	for _, sc := range info.Scenarios {
		ids = append(ids, sc.ID)
		found = found || sc.ID == scenario
	}
	if !found {
		return nil, fmt.Errorf("unknown scenario %q for %s; scenarios are %s", scenario, title, strings.Join(ids, ", "))
	}
	// Seats not named are open: the game waits in its lobby until a
	// player takes each (/game join, or the post's buttons).
	named := map[adjudicator.Side]string{}
	for _, side := range info.Sides {
		if u := userRef(c.Opt(string(side))); u != "" {
			named[side] = u
		}
	}
	for k := range c.Options {
		if k != "title" && k != "scenario" && k != optHotseat && k != optSeat && k != optGameOptions && k != adjudicator.OptStanding && !info.HasSide(adjudicator.Side(k)) {
			return nil, fmt.Errorf("unknown option %s; /game new takes title, scenario, %s, %s, %s, %s and %s", k, sideList(info.Sides), optHotseat, optSeat, optGameOptions, adjudicator.OptStanding)
		}
	}
	titleOpts, err := gameOptions(info, c.Opt(optGameOptions))
	if err != nil {
		return nil, err
	}
	standing, err := standingOption(rules, c.Opt(adjudicator.OptStanding))
	if err != nil {
		return nil, err
	}
	hotseat, err := yesNo(optHotseat, c.Opt(optHotseat))
	if err != nil {
		return nil, err
	}
	if !hotseat {
		if err := oneSeatEach(named, info.Sides); err != nil {
			return nil, err
		}
	}
	// Issue 15 item 5: a named member is offered the seat and accepts or
	// declines it; the creator naming themself holds it at once, and a
	// moderator may seat everyone named directly (seat:direct).
	direct := s.SeatNamed
	switch strings.ToLower(strings.TrimSpace(c.Opt(optSeat))) {
	case "", "offer":
	case "direct":
		if !s.isMod(c) {
			return nil, fmt.Errorf("seat:direct seats the named players without asking them: it is for moderators; leave it out and each named player accepts or declines (/game accept, /game decline)")
		}
		direct = true
	default:
		return nil, fmt.Errorf("seat is offer (the named players accept or decline; the default) or direct (moderators: seated at once), not %q", c.Opt(optSeat))
	}
	seats := map[adjudicator.Side]string{}
	offered := map[adjudicator.Side]string{}
	for side, u := range named {
		if direct || u == c.User {
			seats[side] = u
		} else {
			offered[side] = u
		}
	}
	if id, err := s.DB.GameInChannel(c.Channel); err == nil {
		return nil, fmt.Errorf("this channel already has game %s running; end it first (/game end) or use another channel", id)
	}
	id, err := s.DB.NewGameID("g")
	if err != nil {
		return nil, err
	}
	mk := s.Seed
	if mk == nil {
		mk = randomSeed
	}
	seed, err := mk(id)
	if err != nil {
		return nil, err
	}
	rec := adjudicator.Record{ID: id, Title: title, Scenario: scenario, Channel: c.Channel, Seats: seats,
		Created: s.now().UTC(), Seed: seed}
	if standing != "" {
		rec.Options = adjudicator.Options{adjudicator.OptStanding: standing}
	}
	if hotseat {
		if rec.Options == nil {
			rec.Options = adjudicator.Options{}
		}
		rec.Options[optHotseat] = "yes"
	}
	for k, v := range titleOpts {
		if rec.Options == nil {
			rec.Options = adjudicator.Options{}
		}
		rec.Options[k] = v
	}
	if len(seats) < len(info.Sides) {
		// Who may cancel the game before it starts.
		if rec.Options == nil {
			rec.Options = adjudicator.Options{}
		}
		rec.Options[optCreator] = c.User
		for side, u := range offered {
			rec.Options[adjudicator.OfferOption(side)] = u
		}
	}
	g, evs, err := adjudicator.New(rules, rec)
	if err != nil {
		return nil, err
	}
	if err := s.DB.CreateGameFrom(g.Rec, c.Source); err != nil {
		return nil, err
	}
	if c.note != nil {
		c.note.changed = true
	}
	if err := s.startPace(g); err != nil {
		s.log().Error("cannot store a new game's settings and first deadline", "game", id, "err", err)
	}
	s.adopt(id, g)
	out := s.deliver(g, evs, c.User)
	if !started(g) {
		if c.note != nil {
			// The members offered a seat are asked: a hand-off.
			for _, side := range info.Sides {
				if u := offered[side]; u != "" && u != c.User && !contains(c.note.ping, u) {
					c.note.ping = append(c.note.ping, u)
				}
			}
		}
		return append(out, s.lobbyPost(g)), nil
	}
	var seatText []string
	for _, side := range info.Sides {
		seatText = append(seatText, fmt.Sprintf("%s: @%s", side, seats[side]))
	}
	out = append(out, Reply{Text: "Seats: " + strings.Join(seatText, ", ") + "." + standingNote(g)})
	out = append(out, s.awaiting(g)...)
	if c.note != nil {
		c.note.ping = pingAwaited(out, Now{}, g, c.User)
	}
	return out, nil
}

// optGameOptions is /game new's option for a title's own game options
// (adjudicator.Info.Options): options:"bidding=on bid=5".
const optGameOptions = "options"

// gameOptions reads /game new's options:"key=value ..." against the
// title's declared options: an unknown key is refused naming the title's
// (the title's Setup checks the values).
func gameOptions(info adjudicator.Info, text string) (adjudicator.Options, error) {
	out := adjudicator.Options{}
	var known []string
	for _, o := range info.Options {
		known = append(known, o.Key+" ("+o.Help+")")
	}
	for _, f := range strings.Fields(text) {
		k, v, ok := strings.Cut(f, "=")
		k = strings.ToLower(k)
		declared := false
		for _, o := range info.Options {
			declared = declared || o.Key == k
		}
		switch {
		case !declared && len(known) == 0:
			return nil, fmt.Errorf("%s has no game options", info.Name)
		case !declared:
			return nil, fmt.Errorf("%s has no game option %q; its options are %s, written options:\"key=value ...\"", info.Name, k, strings.Join(known, "; "))
		case !ok || v == "":
			return nil, fmt.Errorf("option %s wants a value: options:\"%s=<value>\" (%s)", k, k, strings.Join(known, "; "))
		}
		out[k] = v
	}
	return out, nil
}

// standingOption reads /game new's standing option (issue 30, item 6):
// a title with a standing profile (adjudicator.StandingProfiler) records
// default unless the creator chose ask; a title without one records
// nothing, as before the option, and takes ask (which is what it does)
// but refuses default, saying why.
func standingOption(rules adjudicator.Rules, opt string) (string, error) {
	v := strings.ToLower(strings.TrimSpace(opt))
	_, profiled := rules.(adjudicator.StandingProfiler)
	switch {
	case v != "" && v != adjudicator.StandingDefault && v != adjudicator.StandingAsk:
		return "", fmt.Errorf("standing is default (each side starts from standing orders that answer routine reactions; change any with `standing <key> <value>`) or ask (every reaction is asked), not %q", opt)
	case !profiled && v == adjudicator.StandingDefault:
		return "", fmt.Errorf("%s has no default standing profile: its games start with every standing order at ask; set yours with `standing <key> <value>` (/help prefix:standing) once the game starts, and leave the standing option out", rules.Info().Name)
	case !profiled:
		return "", nil
	case v == "":
		return adjudicator.StandingDefault, nil
	}
	return v, nil
}

// standingNote tells, when a game starts, that its sides start from the
// title's standing profile (issue 30, item 6).
func standingNote(g *adjudicator.Game) string {
	if g.Rec.Options[adjudicator.OptStanding] != adjudicator.StandingDefault {
		return ""
	}
	return " Each side starts from standing orders that answer routine reactions without a hand-off: /game status shows yours, /help prefix:standing explains each key, `standing <key> ask` has it asked instead."
}

// errApplied refuses an interaction already applied (invariant 5).
var errApplied = errors.New("that interaction was already applied; nothing more was done")

// optHotseat is /game new's option for a hot-seat or test game, in which
// one player may hold several seats and so sees every side's secrets.
const optHotseat = "hotseat"

// yesNo reads a yes/no option (Discord sends a boolean as true/false).
func yesNo(name, v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "no", "false":
		return false, nil
	case "yes", "true":
		return true, nil
	}
	return false, fmt.Errorf("%s takes yes or no, not %q", name, v)
}

// oneSeatEach refuses one player in two seats: they would see both sides'
// secrets. Only a game created with hotseat:yes allows it.
func oneSeatEach(seats map[adjudicator.Side]string, sides []adjudicator.Side) error {
	held := map[string]adjudicator.Side{}
	for _, side := range sides {
		u := seats[side]
		if other, ok := held[u]; ok && u != "" {
			return fmt.Errorf("@%s cannot hold both the %s and the %s seats: they would see both sides' secrets. Seat another player, or create a hot-seat or test game with %s:yes", u, other, side, optHotseat)
		}
		held[u] = side
	}
	return nil
}

func sideList(sides []adjudicator.Side) string {
	var s []string
	for _, x := range sides {
		s = append(s, string(x))
	}
	return strings.Join(s, ", ")
}

func (s *Service) titleIDs() []string {
	var ids []string
	for id := range s.Titles {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// withGame loads the channel's game and runs f holding its lock.
func (s *Service) withGame(c Command, f func(Command, *slot) ([]Reply, error)) ([]Reply, error) {
	return holding(s, s.slotFor, c.Channel, func(sl *slot) ([]Reply, error) { return f(c, sl) })
}

// withLastGame is withGame for the channel's live game, else its last
// ended one.
func (s *Service) withLastGame(c Command, f func(Command, *slot) ([]Reply, error)) ([]Reply, error) {
	return holding(s, s.lastSlotFor, c.Channel, func(sl *slot) ([]Reply, error) { return f(c, sl) })
}

// Game returns the channel's game (for rendering and tests). The caller
// must not mutate it.
func (s *Service) Game(channel string) (*adjudicator.Game, error) {
	return holding(s, s.slotFor, channel, func(sl *slot) (*adjudicator.Game, error) { return sl.g, nil })
}

// holding runs f on the slot get pins for key (a channel, or a game's
// id), holding its lock, and unpins it after; get's error is returned
// without running f.
func holding[T any](s *Service, get func(key string) (*slot, error), key string, f func(*slot) (T, error)) (T, error) {
	sl, err := get(key)
	if err != nil {
		var none T
		return none, err
	}
	defer s.release(sl)
	sl.mu.Lock()
	defer sl.mu.Unlock()
	return f(sl)
}

// Peek runs f on the channel's game holding its lock, for tools and tests
// that read a live game (f must not change it).
func (s *Service) Peek(channel string, f func(g *adjudicator.Game)) error {
	sl, err := s.slotFor(channel)
	if err != nil {
		return err
	}
	defer s.release(sl)
	locked(sl, f)
	return nil
}

// slotFor is the channel's game, loaded and pinned: the caller releases it.
func (s *Service) slotFor(channel string) (*slot, error) {
	id, err := s.DB.GameInChannel(channel)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, fmt.Errorf("no game is running in this channel; start one with /game new")
	}
	if err != nil {
		return nil, err
	}
	return s.acquire(id)
}

// lastSlotFor is the channel's live game, else its last ended one, loaded
// and pinned: the caller releases it.
func (s *Service) lastSlotFor(channel string) (*slot, error) {
	id, err := s.DB.LastGameInChannel(channel)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, fmt.Errorf("no game is running in this channel, nor was one played here; start one with /game new")
	}
	if err != nil {
		return nil, err
	}
	return s.acquire(id)
}

// sidesOf lists the sides a user holds.
func sidesOf(g *adjudicator.Game, user string) []adjudicator.Side {
	var out []adjudicator.Side
	for _, side := range g.Rules.Info().Sides {
		if g.Rec.Seats[side] == user {
			out = append(out, side)
		}
	}
	return out
}

// actingSide picks the side a user orders for: the side: option, else the
// one seat they hold, else the awaited one of their seats.
func actingSide(g *adjudicator.Game, c Command) (adjudicator.Side, error) {
	held := sidesOf(g, c.User)
	if len(held) == 0 {
		return "", fmt.Errorf("you hold no seat in game %s; only the seated players order (seats: %s)", g.Rec.ID, seatText(g))
	}
	if want := adjudicator.Side(strings.ToLower(c.Opt("side"))); want != "" {
		for _, h := range held {
			if h == want {
				return h, nil
			}
		}
		return "", fmt.Errorf("you do not hold the %s seat", want)
	}
	if len(held) == 1 {
		return held[0], nil
	}
	p := g.Prompt()
	for _, h := range held {
		if p.Awaits(h) {
			return h, nil
		}
	}
	return held[0], nil
}

func seatText(g *adjudicator.Game) string {
	var s []string
	offered := offers(g)
	for _, side := range g.Rules.Info().Sides {
		switch u := g.Rec.Seats[side]; {
		case u != "":
			s = append(s, fmt.Sprintf("%s @%s", side, u))
		case offered[side] != "":
			// issue 30, item 8: a seat offered to a player is theirs to
			// accept, not open to anyone
			s = append(s, fmt.Sprintf("%s (offered to @%s)", side, offered[side]))
		default:
			s = append(s, fmt.Sprintf("%s (open)", side))
		}
	}
	return strings.Join(s, ", ")
}

// viewerFor: a moderator sees as the referee only when asking with
// view:referee; a seated player sees their side; anyone else the public.
func viewerFor(g *adjudicator.Game, c Command, mod bool) adjudicator.Viewer {
	if mod && strings.EqualFold(c.Opt("view"), "referee") {
		return adjudicator.Viewer{Referee: true}
	}
	if side, err := actingSide(g, c); err == nil {
		return adjudicator.ViewerOf(side)
	}
	return adjudicator.Public
}

func (s *Service) status(c Command, sl *slot) ([]Reply, error) {
	g := sl.g
	// issue 30, item 8: a view asked for and not given is refused, not
	// silently replaced by the caller's own
	switch strings.ToLower(c.Opt("view")) {
	case "", "mine", "public":
	case "referee":
		if !s.isMod(c) {
			return nil, fmt.Errorf("view:referee is for moderators; /game status shows your own view")
		}
	default:
		return nil, fmt.Errorf("view is public, mine or referee, not %q", c.Opt("view"))
	}
	v := viewerFor(g, c, s.isMod(c))
	if strings.EqualFold(c.Opt("view"), "public") {
		v = adjudicator.Public
	}
	view := g.Rules.View(g.State, v)
	lines := []string{fmt.Sprintf("Game %s (%s view); seats: %s.", g.Rec.ID, v, seatText(g))}
	if l := s.needsModeratorLine(g.Rec.ID); l != "" {
		lines = append(lines, l)
	}
	over, res := g.Over()
	switch {
	case over:
		lines = append(lines, fmt.Sprintf("Game over: %s.", resultText(res)))
	case !started(g):
		lines = append(lines, s.waitingText(g))
	default:
		w, err := s.awaitedText(g)
		if err != nil {
			return nil, err
		}
		lines = append(lines, w)
	}
	if away := s.settingsOf(sl).Players[c.User].Away; !over && away.After(s.now()) {
		lines = append(lines, fmt.Sprintf("You are away until %s (/game away until:back returns early).", Stamp(away)))
	}
	lines = append(lines, view.Status...)
	return []Reply{{To: c.User, Text: strings.Join(lines, "\n")}}, nil
}

// awaitedText is issue 30's "whose turn, until when": who is awaited
// since when, and the deadline (or that there is none).
func (s *Service) awaitedText(g *adjudicator.Game) (string, error) {
	p := g.Prompt()
	var who []string
	for _, side := range p.Awaiting {
		who = append(who, fmt.Sprintf("@%s (%s)", g.Rec.Seats[side], side))
	}
	if len(who) == 0 {
		return "Nobody is awaited.", nil
	}
	d, err := s.deadlineOf(g.Rec.ID)
	if err != nil {
		return "", err
	}
	text := "Awaiting " + strings.Join(who, " and ")
	var since time.Time
	if d != nil && !d.Since.IsZero() {
		since = d.Since
	} else if n := len(g.Rec.Entries); n > 0 {
		since = g.Rec.Entries[n-1].Time
	}
	if !since.IsZero() {
		text += " since " + Stamp(since)
	}
	switch {
	case d != nil && !d.Due.IsZero() && !d.Expired:
		text += fmt.Sprintf("; deadline %s (%s)", Stamp(d.Due), StampRelative(d.Due))
	case d != nil && d.Expired:
		text += "; the deadline has passed and the moderators were called"
	default:
		text += "; this game has no deadline"
	}
	return text + ".", nil
}

func resultText(r *adjudicator.Result) string {
	if r == nil {
		return "ended"
	}
	if r.Winner == "" {
		return r.Reason
	}
	return fmt.Sprintf("%s wins — %s", r.Winner, r.Reason)
}

// commit writes a step and what it announces durably, in one
// transaction, then applies it (invariant 4). announce composes every
// reply of the step from the game as it will be once committed (a
// preview): the caller's own come back now; the rest, in order, become
// the game's next delivery in its outbox, with map placeholders.
func (s *Service) commit(c Command, sl *slot, st *adjudicator.Step, header *adjudicator.Record, announce func(after *adjudicator.Game) []Reply) ([]Reply, error) {
	g := sl.g
	after := g.Preview(st)
	var mine, rest []Reply
	all := announce(after)
	ping := pingAwaited(all, NowOf(g), after, c.User)
	for _, r := range all {
		if r.To == c.User && r.To != "" && r.Map == "" {
			mine = append(mine, r)
		} else {
			rest = append(rest, r)
		}
	}
	var out []byte
	if len(rest) > 0 {
		d := Delivery{Game: g.Rec.ID, Channel: g.Rec.Channel, Seq: after.Len(), Title: g.Rules.Info().Name,
			Replies: rest, Now: nowOf(after), Route: c.Route, Ping: ping}
		var err error
		if out, err = json.Marshal(d); err != nil {
			return nil, err
		}
	}
	// The deadline of the decision the step leaves awaited, in the same
	// transaction (an expiry's default is conditional on the deadline it
	// handles, and starts the next decision's clock afresh).
	cur, err := s.deadlineOf(g.Rec.ID)
	if err != nil {
		return nil, err
	}
	dl := s.plan(after, s.settingsOf(sl), cur, s.now(), c.expiring != nil || c.Name == "mod seat")
	if c.expiring != nil {
		if dl == nil {
			dl = &storage.DeadlineChange{}
		}
		dl.Check, dl.IfVersion = true, c.expiring.Version
	}
	if err := s.DB.AppendWith(g.Rec.ID, st.Entries, header, out, dl); err != nil {
		if errors.Is(err, storage.ErrDuplicate) {
			return nil, errApplied
		}
		return nil, err
	}
	if c.expiring != nil {
		failpoint("deadline:committed")
	}
	g.Commit(st)
	s.wakeDeadlines(dl)
	if c.note != nil {
		c.note.changed = true
		if out != nil {
			c.note.game = g.Rec.ID
		}
	}
	if over, _ := g.Over(); over {
		if err := s.DB.EndChannel(g.Rec.Channel, g.Rec.ID); err != nil {
			s.log().Warn("cannot free the channel of an ended game", "game", g.Rec.ID, "err", err)
		}
	}
	every := s.snapshotEvery()
	n := g.Len()
	undo := false
	for _, e := range st.Entries {
		undo = undo || len(e.Undoes) > 0
	}
	// After an undo too: it may invalidate the stored snapshot, and a
	// load would then replay the whole log.
	if undo || n/every != (n-len(st.Entries))/every {
		s.snapshot(g)
	}
	return mine, nil
}

func (s *Service) order(c Command, sl *slot) ([]Reply, error) {
	g := sl.g
	if err := notStarted(g); err != nil {
		return nil, err
	}
	side, err := actingSide(g, c)
	if err != nil {
		return nil, err
	}
	orders := adjudicator.SplitOrders(c.Opt("text"))
	if len(orders) == 0 {
		return nil, fmt.Errorf("give the order as text:\"...\" (several separated by ;); /help lists the legal ones")
	}
	before := g.Prompt()
	st, refusal := g.Orders(c.User, side, orders, c.Source, s.now())
	if st == nil {
		return nil, refusal
	}
	// Invariant 2: the orders before a refused one are committed and
	// announced with their dice; the refusal comes after them.
	taken := orders[:len(st.Entries)]
	ack := fmt.Sprintf("Accepted (%s): %s", side, strings.Join(taken, "; "))
	if refusal != nil {
		ack = fmt.Sprintf("Accepted (%s): %s. Refused: %v", side, strings.Join(taken, "; "), refusal)
	}
	mine, err := s.commit(c, sl, st, nil, func(after *adjudicator.Game) []Reply {
		out := s.deliver(after, st.Events, c.User)
		public := false
		for _, e := range st.Events {
			public = public || e.Audience.All
		}
		if !public && after.Prompt().Phase == before.Phase {
			// A private order (a standing order): nothing for the channel.
			return out
		}
		out = append(out, s.mapAfter(after, before)...)
		return append(out, s.after(after)...)
	})
	if err != nil {
		return nil, err
	}
	return append([]Reply{{To: c.User, Text: ack}}, mine...), nil
}

func (s *Service) undo(c Command, sl *slot) ([]Reply, error) {
	g := sl.g
	if err := notStarted(g); err != nil {
		return nil, err
	}
	side, err := actingSide(g, c)
	if err != nil {
		return nil, err
	}
	st, err := g.Undo(c.User, side, c.Source, s.now())
	if err != nil {
		return nil, err
	}
	return s.commit(c, sl, st, nil, func(after *adjudicator.Game) []Reply {
		return append(s.deliver(after, st.Events, c.User), s.awaiting(after)...)
	})
}

func (s *Service) requireMod(c Command) error {
	if !s.isMod(c) {
		return fmt.Errorf("/%s is for moderators", c.Name)
	}
	return nil
}

func (s *Service) modUndo(c Command, sl *slot) ([]Reply, error) {
	if err := s.requireMod(c); err != nil {
		return nil, err
	}
	n := 1
	if v := c.Opt("count"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			return nil, fmt.Errorf("count must be a whole number of at least 1, not %q", v)
		}
	}
	st, err := sl.g.ModUndo(c.User, n, c.Source, s.now())
	if err != nil {
		return nil, err
	}
	return s.commit(c, sl, st, nil, func(after *adjudicator.Game) []Reply {
		out := s.deliver(after, st.Events, c.User)
		out = append(out, s.mapAfter(after, adjudicator.Prompt{})...)
		return append(out, s.awaiting(after)...)
	})
}

func (s *Service) override(c Command, sl *slot) ([]Reply, error) {
	if err := s.requireMod(c); err != nil {
		return nil, err
	}
	if err := notStarted(sl.g); err != nil {
		return nil, err
	}
	text := strings.TrimSpace(c.Opt("text"))
	if text == "" {
		return nil, fmt.Errorf("give the override as text:\"...\"; forms: %s", helpText(sl.g.Rules.Legal(sl.g.State, adjudicator.Referee)))
	}
	if !strings.HasPrefix(strings.ToLower(text), "override ") {
		text = "override " + text
	}
	st, err := sl.g.Orders(c.User, adjudicator.Referee, []string{text}, c.Source, s.now())
	if err != nil {
		return nil, err
	}
	return s.commit(c, sl, st, nil, func(after *adjudicator.Game) []Reply {
		out := []Reply{{Text: fmt.Sprintf("Moderator @%s applied an override (logged as entry %d).", c.User, st.Entries[0].Seq)}}
		out = append(out, s.deliver(after, st.Events, c.User)...)
		out = append(out, s.mapAfter(after, adjudicator.Prompt{})...)
		return append(out, s.after(after)...)
	})
}

func (s *Service) seat(c Command, sl *slot) ([]Reply, error) {
	if err := s.requireMod(c); err != nil {
		return nil, err
	}
	side := adjudicator.Side(strings.ToLower(c.Opt("side")))
	user := userRef(c.Opt("user"))
	if user == "" {
		return nil, fmt.Errorf("usage: /mod seat side:<side> user:@someone")
	}
	if sl.g.Rec.Options[optHotseat] != "yes" {
		seats := map[adjudicator.Side]string{}
		for k, v := range sl.g.Rec.Seats {
			seats[k] = v
		}
		seats[side] = user
		if err := oneSeatEach(seats, sl.g.Rules.Info().Sides); err != nil {
			return nil, err
		}
	}
	st, err := sl.g.Seat(c.User, side, user, c.Source, s.now())
	if err != nil {
		return nil, err
	}
	hdr := sl.g.Rec.Header()
	hdr.Seats = map[adjudicator.Side]string{}
	for k, v := range sl.g.Rec.Seats {
		hdr.Seats[k] = v
	}
	hdr.Seats[side] = user
	return s.commit(c, sl, st, &hdr, func(after *adjudicator.Game) []Reply {
		return append(s.deliver(after, st.Events, c.User), s.awaiting(after)...)
	})
}

func (s *Service) end(c Command, sl *slot) ([]Reply, error) {
	if err := s.requireMod(c); err != nil {
		return nil, err
	}
	if over, _ := sl.g.Over(); over {
		return nil, adjudicator.ErrOver
	}
	if want := c.Opt("game"); want != "" && want != sl.g.Rec.ID {
		return nil, fmt.Errorf("that confirmation was for game %s; this channel's game is %s: nothing was ended", want, sl.g.Rec.ID)
	}
	if w := adjudicator.Side(strings.ToLower(c.Opt("winner"))); w != "" && !sl.g.Rules.Info().HasSide(w) {
		return nil, fmt.Errorf("unknown winner %q; the sides are %s (or leave winner out: no winner)", w, sideList(sl.g.Rules.Info().Sides))
	}
	confirm, err := yesNo("confirm", c.Opt("confirm"))
	if err != nil {
		return nil, err
	}
	if !confirm {
		// Issue 15 item 5: ending a game cannot be undone; ask first.
		line := endConfirm(c, sl.g.Rec.ID)
		winner := "no winner"
		if w := c.Opt("winner"); w != "" {
			winner = strings.ToLower(w) + " wins"
		}
		return []Reply{{To: c.User, Confirm: line, Text: fmt.Sprintf("End game %s (%s)? This cannot be undone: the game stops and its dice seed is revealed. Confirm with `%s` (or the Confirm button); nothing has changed yet.",
			sl.g.Rec.ID, winner, line)}}, nil
	}
	st, err := sl.g.End(c.User, adjudicator.Side(strings.ToLower(c.Opt("winner"))), c.Opt("reason"), c.Source, s.now())
	if err != nil {
		return nil, err
	}
	return s.commit(c, sl, st, nil, func(after *adjudicator.Game) []Reply {
		return append(s.deliver(after, st.Events, c.User), s.after(after)...)
	})
}

// deliver routes events to their audiences: everyone to the channel, a
// side to its seated player, the referee to the acting moderator.
func (s *Service) deliver(g *adjudicator.Game, evs []adjudicator.Event, actor string) []Reply {
	var out []Reply
	add := func(to, text string) {
		if n := len(out); n > 0 && out[n-1].To == to && out[n-1].Image == "" {
			out[n-1].Text += "\n" + text
			return
		}
		out = append(out, Reply{To: to, Text: text})
	}
	for _, e := range evs {
		switch {
		case e.Audience.All:
			add("", e.Text)
		case e.Audience.Side == adjudicator.Referee:
			add(actor, e.Text)
		default:
			if u := g.Rec.Seats[e.Audience.Side]; u != "" {
				add(u, e.Text)
			}
		}
	}
	return out
}

// after announces the end of the game, or who is awaited.
func (s *Service) after(g *adjudicator.Game) []Reply {
	if over, res := g.Over(); over {
		return []Reply{{Text: fmt.Sprintf("Game %s is over: %s.\nThe dice seed is now public: %s (SHA-256 %s, as committed at the start). Check every roll with `umpire export` then `umpire verify`.",
			g.Rec.ID, resultText(res), fmt.Sprintf("%x", []byte(g.Rec.Seed)), g.Rec.Commitment)}}
	}
	return s.awaiting(g)
}

// awaiting pings the awaited player(s).
func (s *Service) awaiting(g *adjudicator.Game) []Reply {
	p := g.Prompt()
	if p.Over {
		return nil
	}
	if !started(g) {
		return []Reply{{Text: s.waitingText(g)}}
	}
	// Who is pinged is the command's to say (commit: pingAwaited).
	return []Reply{{Text: awaitText(g, nil, Now{}), await: true}}
}
