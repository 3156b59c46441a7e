package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/render"
)

// Maps: what the channel and the players are shown of the board (issue
// 15, item 4).

// mapAfter asks for the public map when a command resolved a phase (the
// prompt moved on) or changed the board out of turn (before is zero): a
// placeholder the delivery fills with the map of that state or a newer
// one when it goes out.
func (s *Service) mapAfter(g *adjudicator.Game, before adjudicator.Prompt) []Reply {
	if !s.drawsMaps() {
		return nil
	}
	p := g.Prompt()
	key := func(p adjudicator.Prompt) string {
		if p.Stage != "" {
			return p.Stage
		}
		return p.Phase
	}
	if before.Phase != "" && key(p) == key(before) && !p.Over {
		return nil
	}
	return []Reply{{Map: adjudicator.Public.String()}}
}

func (s *Service) drawsMaps() bool { return s.Maps != nil || s.Queue != nil }

// mapOf draws the map of game id for viewer v now, from the game's
// current state: the view is taken under the game's lock, the drawing is
// done after it is released, so that a drawing never holds up an order.
func (s *Service) mapOf(id string, v adjudicator.Viewer, to string, refusable bool) (Reply, error) {
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
	return s.drawView(id, v, to, seq, view, refusable)
}

// locked runs f on the slot's game holding its lock (released even if f
// panics: the command's recover then reports it).
func locked(sl *slot, f func(g *adjudicator.Game)) {
	sl.mu.Lock()
	defer sl.mu.Unlock()
	f(sl.g)
}

func (s *Service) drawView(id string, v adjudicator.Viewer, to string, seq int, view adjudicator.View, refusable bool) (Reply, error) {
	var png []byte
	var err error
	if s.Queue != nil {
		png, seq, err = s.Queue.Draw(id+"/"+v.String(), seq, view, refusable)
	} else {
		png, err = s.Maps.PNG(view)
	}
	if err != nil {
		return Reply{}, err
	}
	name := fmt.Sprintf("%s-%04d-%s.png", id, seq, v)
	text := fmt.Sprintf("Map of game %s (%s view) after entry %d.", id, v, seq)
	return Reply{To: to, Text: text, PNG: png, ImageName: name}, nil
}

// mapCmd: /map (public, to the channel); /map view:mine (the caller's
// side, privately); /map view:referee (moderators, privately). A public
// map is refused with "maps are busy" when the map queue is full.
func (s *Service) mapCmd(c Command) ([]Reply, error) {
	if !s.drawsMaps() {
		return nil, fmt.Errorf("this umpire draws no maps")
	}
	if f, ok := s.Queue.(interface{ Full() bool }); ok && f.Full() && refusableView(c.Opt("view")) {
		// Before loading the game or preparing its view: a storm of
		// onlookers' requests costs little.
		return nil, errMapsBusy
	}
	sl, err := s.slotFor(c.Channel)
	if err != nil {
		return nil, err
	}
	var id string
	var v adjudicator.Viewer
	var view adjudicator.View
	to, refusable, seq := "", false, 0
	defer s.release(sl)
	locked(sl, func(g *adjudicator.Game) {
		id, seq = g.Rec.ID, g.Len()
		switch strings.ToLower(c.Opt("view")) {
		case "", "public":
			v, refusable = adjudicator.Public, true
		case "mine":
			side, e := actingSide(g, c)
			if e != nil {
				err = fmt.Errorf("view:mine is for seated players; /map shows the public map")
			}
			v, to = adjudicator.ViewerOf(side), c.User
		case "referee":
			if !s.isMod(c) {
				err = fmt.Errorf("view:referee is for moderators")
			}
			v, to = adjudicator.Viewer{Referee: true}, c.User
		default:
			err = fmt.Errorf("view is public, mine or referee, not %q", c.Opt("view"))
		}
		if err == nil {
			view = g.Rules.View(g.State, v)
		}
	})
	if err != nil {
		return nil, err
	}
	r, err := s.drawView(id, v, to, seq, view, refusable)
	if errors.Is(err, render.ErrBusy) {
		return nil, errMapsBusy
	}
	if err != nil {
		return nil, err
	}
	return []Reply{r}, nil
}

// errMapsBusy is the answer to an onlooker's /map when the map queue is full.
var errMapsBusy = errors.New("maps are busy, try again in a moment")

// refusableView: the public map, asked for by anyone, may be refused when
// the queue is full; a player's own or the referee's view waits its turn.
func refusableView(v string) bool {
	v = strings.ToLower(v)
	return v == "" || v == "public"
}
