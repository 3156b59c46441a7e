package render

import (
	"image"

	"github.com/umpirebot/umpire/adjudicator"
)

// Spotter is implemented by a Board whose close-ups can be centred on
// named places: a prompt's Focus, the places its decision is about, and
// the places a view marks as just happened (issue 30, items 1 and 2).
// Like Dynamic it decides from the view alone, so a close-up tells a
// viewer nothing its whole map would not.
type Spotter interface {
	// Spot is where place is drawn on the full image, with room for
	// its stack (and, for a hex or an area, its neighbours), and the
	// frame a close-up of it is cut from (the map, an inset); false for
	// a place the board does not draw.
	Spot(place string) (box, frame image.Rectangle, ok bool)
	// Marked lists the places v marks as just happened (where moves
	// began and ended, fire, attacks, losses), in v's own eyes.
	Marked(v adjudicator.View) []string
	// CropSize is a close-up's size: as wide as reads on a phone.
	CropSize() image.Point
}

// MaxCloseups is the most close-ups one hand-off carries: the decision's
// and those of what happened too far from it.
const MaxCloseups = 3

// Closeups are the crops of v's map a hand-off shows: the decision's
// places (focus) first, clustered in as few close-ups as hold them, in
// their order; then the places v marks as just happened, each in the
// first close-up it fits in with the places already there, or in
// close-ups of their own; MaxCloseups at most, the decision's first.
// None when v's board is no Spotter or knows none of the places: the
// caller then falls back to Focus.
func (r *Renderer) Closeups(v adjudicator.View, focus []string) []image.Rectangle {
	l, ok := r.boards[v.Title]
	if !ok {
		return nil
	}
	sp, ok := l.board.(Spotter)
	if !ok {
		return nil
	}
	return Closeups(sp, focus, sp.Marked(v))
}

// spot is one place's box and frame.
type spot struct {
	box, frame image.Rectangle
}

// Closeups is Renderer.Closeups for one board: focus first, then marked.
func Closeups(sp Spotter, focus, marked []string) []image.Rectangle {
	size := sp.CropSize()
	seen := map[string]bool{}
	spots := func(places []string) []spot {
		var out []spot
		for _, p := range places {
			if seen[p] {
				continue
			}
			seen[p] = true
			if b, f, ok := sp.Spot(p); ok && !b.Empty() {
				out = append(out, spot{b, f})
			}
		}
		return out
	}
	fits := func(g []spot, s spot) bool {
		if g[0].frame != s.frame {
			return false
		}
		u := s.box
		for _, o := range g {
			u = u.Union(o.box)
		}
		return u.Dx() <= size.X && u.Dy() <= size.Y
	}
	var groups [][]spot
	put := func(s spot) {
		for i, g := range groups {
			if fits(g, s) {
				groups[i] = append(g, s)
				return
			}
		}
		if len(groups) < MaxCloseups {
			groups = append(groups, []spot{s})
		}
	}
	for _, s := range spots(focus) {
		put(s)
	}
	for _, s := range spots(marked) {
		put(s)
	}
	out := make([]image.Rectangle, 0, len(groups))
	for _, g := range groups {
		var u image.Rectangle
		for _, s := range g {
			u = u.Union(s.box)
		}
		c := u.Min.Add(u.Max).Div(2)
		out = append(out, CropAround(float64(c.X), float64(c.Y), size.X, size.Y, g[0].frame))
	}
	return out
}

// Spot is where place is drawn on title's map with room for its stack
// (Spotter.Spot): false when the board is no Spotter or does not draw it.
func (r *Renderer) Spot(title, place string) (image.Rectangle, bool) {
	l, ok := r.boards[title]
	if !ok {
		return image.Rectangle{}, false
	}
	sp, ok := l.board.(Spotter)
	if !ok {
		return image.Rectangle{}, false
	}
	b, _, ok := sp.Spot(place)
	return b, ok
}
