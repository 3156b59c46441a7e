package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/render"
)

// Maps: what the channel and the players are shown of the board (issue
// 15, item 4).

// The maps setting of a game (/game settings maps:...): when a
// resolution posts a map.
const (
	MapsEveryHandOff = "every-hand-off" // the default
	MapsEndOfTurn    = "end-of-turn"
	MapsOff          = "off"
)

var mapsSettings = []string{MapsEveryHandOff, MapsEndOfTurn, MapsOff}

// mapsOption reads /game settings maps:<setting>; changed reports
// whether c gave it.
func mapsOption(c Command) (string, bool, error) {
	v, ok := c.Options["maps"]
	if !ok {
		return "", false, nil
	}
	v = strings.ToLower(strings.TrimSpace(v))
	v = strings.NewReplacer(" ", "-", "_", "-").Replace(v)
	if !contains(mapsSettings, v) {
		return "", false, fmt.Errorf("maps is every-hand-off (a map with each post that hands the turn on), end-of-turn (one map as each turn ends) or off, not %q", c.Options["maps"])
	}
	if v == MapsEveryHandOff {
		v = ""
	}
	return v, true, nil
}

// mapsText describes a maps setting.
func mapsText(v string) string {
	switch v {
	case MapsEndOfTurn:
		return "maps: one as each turn ends (end-of-turn); /map draws one any time"
	case MapsOff:
		return "maps: none posted (off); /map draws one"
	}
	return "maps: a close-up of what happened with each hand-off (every-hand-off); /map draws the whole map"
}

// mapsOf is game id's maps setting, read from its slot: mapAfter runs
// inside a command on the game (its slot is held, its lock taken), and
// the slot's game is still the state before the command (commit applies
// it after announcing).
func (s *Service) mapsOf(id string) (string, *slot) {
	s.mu.Lock()
	sl := s.slots[id]
	s.mu.Unlock()
	if sl == nil || sl.g == nil {
		return "", nil
	}
	return s.settingsOf(sl).Maps, sl
}

// mapAfter asks for the public map when a command resolved a phase (the
// prompt moved on) or changed the board out of turn (before is zero), as
// the game's maps setting says (every hand-off, the end of a turn, or
// never): a placeholder the delivery fills with the map of that state or
// a newer one when it goes out. With every hand-off, the placeholders
// name the close-ups centred on the places the decision is about (the
// prompt's Focus) that take in the marks of what happened (render's
// Closeups), or else the close-up around what the command changed on the
// public map (render.Focuser); the whole map is /map's. Each awaited
// player gets the same kind of close-ups drawn in their own side's view,
// addressed to them alone (issue 30, items 1 and 2).
func (s *Service) mapAfter(g *adjudicator.Game, before adjudicator.Prompt) []Reply {
	if !s.drawsMaps() {
		return nil
	}
	p := g.Prompt()
	// issue 30, item 1: every hand-off carries its picture: a new
	// stage, or the same stage awaiting another side (Hell's defensive
	// fire and combat inside one impulse)
	key := func(p adjudicator.Prompt) string {
		k := p.Phase
		if p.Stage != "" {
			k = p.Stage
		}
		return fmt.Sprint(k, p.Awaiting)
	}
	if before.Phase != "" && key(p) == key(before) && !p.Over {
		return nil
	}
	setting, sl := s.mapsOf(g.Rec.ID)
	var prev *adjudicator.Game
	if sl != nil && sl.g != g {
		prev = sl.g
	}
	switch setting {
	case MapsOff:
		return nil
	case MapsEndOfTurn:
		if p.Over {
			break
		}
		now, ok1 := viewTurn(g.Rules.View(g.State, adjudicator.Public))
		if prev == nil {
			return nil
		}
		then, ok2 := viewTurn(prev.Rules.View(prev.State, adjudicator.Public))
		if !ok1 || !ok2 || now == then {
			return nil
		}
	}
	r := Reply{Map: adjudicator.Public.String()}
	rm := s.regionMapper()
	if rm == nil || sl == nil || setting != "" {
		return []Reply{r}
	}
	now := g.Rules.View(g.State, adjudicator.Public)
	// issue 30, items 1 and 2: the close-ups centred on the places the
	// decision is about (the prompt's Focus), taking in the marks of
	// what happened; failing those, the close-up around what changed
	// on the public map since the last map posted (or, after a restart,
	// since the command began)
	out := closeups(r, rm.Closeups(now, p.Focus))
	if len(out) == 0 {
		var was adjudicator.View
		switch {
		case sl.mapped != nil:
			was = *sl.mapped
		case prev != nil:
			was = prev.Rules.View(prev.State, adjudicator.Public)
		}
		if rect, ok := rm.Focus(was, now); ok {
			r.Crop = []int{rect.Min.X, rect.Min.Y, rect.Max.X, rect.Max.Y}
		}
		out = []Reply{r}
	}
	sl.mapped = &now
	if p.Over || !started(g) {
		return out
	}
	public := out
	// the awaited players' own close-ups, in their own view, where
	// their side's private news goes (never the channel)
	for _, side := range p.Awaiting {
		user := g.Rec.Seats[side]
		if user == "" {
			continue
		}
		v := g.Rules.View(g.State, adjudicator.ViewerOf(side))
		mine := closeups(Reply{Map: string(side), To: user}, rm.Closeups(v, p.Focus))
		if len(mine) == 0 {
			// no place to centre on: the public picture's frame, in the
			// player's own view
			for _, r := range public {
				r.Map, r.To = string(side), user
				mine = append(mine, r)
			}
		}
		out = append(out, mine...)
	}
	return out
}

// closeups is a map placeholder r per close-up (none for no rect).
func closeups(r Reply, rects []image.Rectangle) []Reply {
	var out []Reply
	for i, rect := range rects {
		c := r
		c.Crop, c.Part = []int{rect.Min.X, rect.Min.Y, rect.Max.X, rect.Max.Y}, i
		out = append(out, c)
	}
	return out
}

// viewTurn is the turn a view shows: its board's "turn" (every title's
// board view has one).
func viewTurn(v adjudicator.View) (int, bool) {
	raw, err := json.Marshal(v.Board)
	if err != nil {
		return 0, false
	}
	var b struct {
		Turn *int `json:"turn"`
	}
	if json.Unmarshal(raw, &b) != nil || b.Turn == nil {
		return 0, false
	}
	return *b.Turn, true
}

func (s *Service) drawsMaps() bool { return s.Maps != nil || s.Queue != nil }

// mapOf draws the map a delivery posts of game id for viewer v now,
// from the game's current state: the close-up crop (x0, y0, x1, y1) when
// the command named one (mapAfter), else the whole map. The view is
// taken under the game's lock, the drawing is done after it is released,
// so that a drawing never holds up an order.
func (s *Service) mapOf(id string, v adjudicator.Viewer, to string, refusable bool, crop []int, part int) (Reply, error) {
	sl, err := s.acquire(id)
	if err != nil {
		return Reply{}, err
	}
	defer s.release(sl)
	var view adjudicator.View
	var seq int
	locked(sl, func(g *adjudicator.Game) {
		view, seq = g.Rules.View(g.State, v), g.Len()
	})
	return s.drawView(mapReq{id: id, v: v, to: to, seq: seq, view: view, refusable: refusable, crop: crop, part: part})
}

// locked runs f on the slot's game holding its lock (released even if f
// panics: the command's recover then reports it).
func locked(sl *slot, f func(g *adjudicator.Game)) {
	sl.mu.Lock()
	defer sl.mu.Unlock()
	f(sl.g)
}

// mapReq is one map to draw: game id's view for viewer v after entry
// seq, for to ("" the channel); a close-up of region, or around what
// happened (focus), or the whole map; turn, if not 0, the past turn the
// view shows.
type mapReq struct {
	id        string
	v         adjudicator.Viewer
	to        string
	seq       int
	view      adjudicator.View
	refusable bool
	region    string
	crop      []int // x0, y0, x1, y1
	part      int   // the close-up's number after the first of a post
	turn      int
	ongoing   bool // the turn asked is the one under way: the map is "so far"
}

// RegionMapper is a Mapper that also draws close-ups (render.Renderer).
type RegionMapper interface {
	PNGRegion(v adjudicator.View, region string) ([]byte, error)
	Regions(title string) []string
	Focus(before, after adjudicator.View) (image.Rectangle, bool)
	PNGCrop(v adjudicator.View, rect image.Rectangle) ([]byte, error)
	// Closeups are the crops centred on a prompt's Focus that take in
	// the view's marks of what happened (render.Renderer.Closeups).
	Closeups(v adjudicator.View, focus []string) []image.Rectangle
}

// queueWith is a Drawer that draws close-ups too (render.Queue).
type queueWith interface {
	DrawWith(key string, seq int, v adjudicator.View, refusable bool, draw func(adjudicator.View) ([]byte, error)) ([]byte, int, error)
}

func (s *Service) regionMapper() RegionMapper {
	rm, _ := s.Maps.(RegionMapper)
	return rm
}

// MapRegions lists the close-ups of the map of the game in channel (for
// autocomplete): none without a game or a map that names some.
func (s *Service) MapRegions(channel string) []string {
	rm := s.regionMapper()
	if rm == nil {
		return nil
	}
	id, err := s.DB.GameInChannel(channel)
	if err != nil {
		return nil
	}
	rec, err := s.DB.Header(id)
	if err != nil {
		return nil
	}
	return rm.Regions(rec.Title)
}

func (s *Service) drawView(m mapReq) (Reply, error) {
	rm := s.regionMapper()
	var draw func(adjudicator.View) ([]byte, error)
	key := m.id + "/" + m.v.String()
	where := ""
	switch {
	case m.region != "" && rm != nil:
		region := m.region
		draw = func(v adjudicator.View) ([]byte, error) { return rm.PNGRegion(v, region) }
		key += "/region/" + region
		where = ", " + region
	case len(m.crop) == 4 && rm != nil:
		rect := image.Rect(m.crop[0], m.crop[1], m.crop[2], m.crop[3])
		draw = func(v adjudicator.View) ([]byte, error) { return rm.PNGCrop(v, rect) }
		key += fmt.Sprintf("/crop/%v", rect)
		where = ", close-up; /map shows the whole map"
	}
	if m.turn > 0 {
		key += fmt.Sprintf("/turn/%d", m.turn)
	}
	var png []byte
	var err error
	seq := m.seq
	switch q, ok := s.Queue.(queueWith); {
	case s.Queue != nil && draw == nil:
		png, seq, err = s.Queue.Draw(key, seq, m.view, m.refusable)
	case ok:
		png, seq, err = q.DrawWith(key, seq, m.view, m.refusable, draw)
	case draw != nil:
		png, err = draw(m.view)
	case s.Maps != nil:
		png, err = s.Maps.PNG(m.view)
	default:
		err = fmt.Errorf("this umpire draws no maps")
	}
	if err != nil {
		return Reply{}, err
	}
	name := fmt.Sprintf("%s-%04d-%s.png", m.id, seq, m.v)
	text := fmt.Sprintf("Map of game %s (%s view%s) after entry %d.", m.id, m.v, where, seq)
	if m.turn > 0 {
		name = fmt.Sprintf("%s-turn%d-%s.png", m.id, m.turn, m.v)
		text = fmt.Sprintf("Map of game %s (%s view%s) at the end of turn %d (entry %d), as you may see it now.", m.id, m.v, where, m.turn, seq)
		if m.ongoing {
			text = fmt.Sprintf("Map of game %s (%s view%s) in turn %d so far, which is under way (entry %d).", m.id, m.v, where, m.turn, seq)
		}
	}
	if m.region != "" {
		name = strings.TrimSuffix(name, ".png") + "-" + m.region + ".png"
	}
	if m.part > 0 {
		name = strings.TrimSuffix(name, ".png") + fmt.Sprintf("-%d.png", m.part+1)
		text = strings.Replace(text, "close-up;", fmt.Sprintf("close-up %d;", m.part+1), 1)
	}
	return Reply{To: m.to, Text: text, PNG: png, ImageName: name}, nil
}

// mapCmd: /map (public: to the channel when a seated player or a
// moderator asks, privately to an onlooker); /map view:mine (the
// caller's side, privately); /map view:referee (moderators, privately);
// region:<close-up> (a CR, the airstrip, the delta ...); turn:<n> (the
// end of an earlier turn, as the caller may see it now). A public map is
// refused with "maps are busy" when the map queue is full.
func (s *Service) mapCmd(c Command) ([]Reply, error) {
	for k := range c.Options {
		if k != "view" && k != "region" && k != "turn" && k != "hex" {
			return nil, fmt.Errorf("unknown option %s; /map takes view:public|mine|referee, region:<close-up>, turn:<n> and hex:<place>", k)
		}
	}
	if c.Opt("hex") != "" {
		return s.describe(c)
	}
	if !s.drawsMaps() {
		return nil, fmt.Errorf("this umpire draws no maps")
	}
	if f, ok := s.Queue.(interface{ Full() bool }); ok && f.Full() && refusableView(c.Opt("view")) {
		// Before loading the game or preparing its view: a storm of
		// onlookers' requests costs little.
		return nil, errMapsBusy
	}
	// issue 30, item 7: after the end, the last game's maps are still
	// there to look at, every turn of them.
	sl, err := s.lastSlotFor(c.Channel)
	if err != nil {
		return nil, err
	}
	m := mapReq{region: render.RegionName(c.Opt("region"))}
	turn := 0
	if t := strings.TrimSpace(c.Opt("turn")); t != "" {
		if turn, err = strconv.Atoi(t); err != nil || turn < 1 {
			s.release(sl)
			return nil, fmt.Errorf("turn is a turn's number, such as turn:1, not %q", t)
		}
	}
	var rules adjudicator.Rules
	var rec adjudicator.Record
	var v adjudicator.Viewer
	defer s.release(sl)
	locked(sl, func(g *adjudicator.Game) {
		m.id, m.seq, rules, rec = g.Rec.ID, g.Len(), g.Rules, g.Rec.Header()
		_, seatErr := actingSide(g, c)
		switch strings.ToLower(c.Opt("view")) {
		case "", "public":
			v, m.refusable = adjudicator.Public, true
			if seatErr != nil && !s.isMod(c) {
				// an onlooker's map is theirs alone (issue 15, item 2)
				m.to = c.User
			}
		case "mine":
			side, e := actingSide(g, c)
			if e != nil {
				err = fmt.Errorf("view:mine is for seated players; /map shows the public map")
			}
			v, m.to = adjudicator.ViewerOf(side), c.User
		case "referee":
			if !s.isMod(c) {
				err = fmt.Errorf("view:referee is for moderators")
			}
			v, m.to = adjudicator.Viewer{Referee: true}, c.User
		default:
			err = fmt.Errorf("view is public, mine or referee, not %q", c.Opt("view"))
		}
		if err == nil && m.region != "" {
			err = s.checkRegion(g.Rec.Title, c.Opt("region"), m.region)
		}
		if err == nil && turn == 0 {
			m.view = g.Rules.View(g.State, v)
		}
	})
	if err != nil {
		return nil, err
	}
	m.v = v
	if turn > 0 {
		// Off the game's lock: the replay reads the log from storage.
		if m.view, m.seq, m.ongoing, err = s.turnView(rules, rec, v, turn); err != nil {
			return nil, err
		}
		m.turn = turn
	}
	r, err := s.drawView(m)
	if errors.Is(err, render.ErrBusy) {
		return nil, errMapsBusy
	}
	if err != nil {
		return nil, err
	}
	return []Reply{r}, nil
}

// checkRegion refuses a close-up the title's map does not name, listing
// those it does.
func (s *Service) checkRegion(title, asked, region string) error {
	rm := s.regionMapper()
	var names []string
	if rm != nil {
		names = rm.Regions(title)
	}
	if len(names) == 0 {
		return fmt.Errorf("the %s map has no close-ups; /map draws the whole map", title)
	}
	if !contains(names, region) {
		return fmt.Errorf("the %s map has no close-up %q; close-ups are %s", title, asked, strings.Join(names, ", "))
	}
	return nil
}

// turnView replays game rec's log from its set-up through the title's
// rules (the effective entries: undone ones skipped, as Load does) to the
// end of turn n, and returns viewer v's view of that state and the entry
// it follows. A turn not yet reached is refused with the turns there are.
func (s *Service) turnView(r adjudicator.Rules, hdr adjudicator.Record, v adjudicator.Viewer, n int) (view adjudicator.View, seq int, ongoing bool, err error) {
	rec, err := s.DB.Record(hdr.ID)
	if err != nil {
		return adjudicator.View{}, 0, false, err
	}
	state, err := adjudicator.SetupOf(r, rec)
	if err != nil {
		return adjudicator.View{}, 0, false, err
	}
	first, ok := viewTurn(r.View(state, adjudicator.Public))
	if !ok {
		return adjudicator.View{}, 0, false, fmt.Errorf("the %s map has no turns to go back to", rec.Title)
	}
	undone := map[int]bool{}
	for _, e := range rec.Entries {
		for _, u := range e.Undoes {
			undone[u] = true
		}
	}
	last, at, found := first, 0, n == first
	past := false // the log went on past turn n
	var best adjudicator.State
	if found {
		best = state
	}
	for _, e := range rec.Entries {
		if (e.Kind != adjudicator.KindOrder && e.Kind != adjudicator.KindOverride) || undone[e.Seq] {
			continue
		}
		ns, _, err := r.Apply(state, e.Side, e.Action, adjudicator.NewStream(rec.Seed, e.DiceFrom))
		if err != nil {
			return adjudicator.View{}, 0, false, fmt.Errorf("replay of entry %d: %w", e.Seq, err)
		}
		state = ns
		t, ok := viewTurn(r.View(state, adjudicator.Public))
		if !ok {
			continue
		}
		if t > n {
			past = true
			break
		}
		last = t
		if t == n {
			best, at, found = state, e.Seq, true
		}
	}
	if !found {
		return adjudicator.View{}, 0, false, fmt.Errorf("turn %d is not in game %s: its turns so far are %d to %d", n, rec.ID, first, last)
	}
	// issue 30, item 8: turn n still under way is shown "so far", not
	// as its end
	over := r.Prompt(state).Over
	for _, e := range rec.Entries {
		over = over || e.Kind == adjudicator.KindEnd || e.Kind == adjudicator.KindResign
	}
	return r.View(best, v), at, !past && !over, nil
}

// errMapsBusy is the answer to an onlooker's /map when the map queue is full.
var errMapsBusy = errors.New("maps are busy, try again in a moment")

// refusableView: the public map, asked for by anyone, may be refused when
// the queue is full; a player's own or the referee's view waits its turn.
func refusableView(v string) bool {
	v = strings.ToLower(v)
	return v == "" || v == "public"
}

// describe: /map hex:<place> answers, privately, what is at a place as
// the caller may see it now (issue 30, item 3): the title's Describer,
// from the caller's own view (view:public for the public's, view:referee
// for a moderator's).
func (s *Service) describe(c Command) ([]Reply, error) {
	for k := range c.Options {
		if k != "view" && k != "hex" {
			return nil, fmt.Errorf("/map hex: takes view: too, not %s", k)
		}
	}
	sl, err := s.lastSlotFor(c.Channel)
	if err != nil {
		return nil, err
	}
	defer s.release(sl)
	var text string
	locked(sl, func(g *adjudicator.Game) {
		d, ok := g.Rules.(adjudicator.Describer)
		if !ok {
			err = fmt.Errorf("the %s map has no places to describe; /map draws it", g.Rules.Info().Name)
			return
		}
		v := viewerFor(g, c, s.isMod(c))
		switch strings.ToLower(c.Opt("view")) {
		case "", "mine":
		case "public":
			v = adjudicator.Public
		case "referee":
			if !s.isMod(c) {
				err = fmt.Errorf("view:referee is for moderators")
				return
			}
		default:
			err = fmt.Errorf("view is public, mine or referee, not %q", c.Opt("view"))
			return
		}
		text, err = d.Describe(g.Rules.View(g.State, v), c.Opt("hex"))
		if err == nil {
			text = fmt.Sprintf("Game %s (%s view): %s", g.Rec.ID, v, text)
		}
	})
	if err != nil {
		return nil, err
	}
	return []Reply{{To: c.User, Text: text}}, nil
}
