package hellmap

import (
	"image"
	"math"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
)

// Close-ups for a phone (issue 15, item 4): each CR and the airstrip, as
// a crop narrow enough that the counters' text, at least counterText
// pixels, reads at render.MinTextPx in a render.PreviewWidth preview.

// counterText is the smallest font size of any text on a counter (ids,
// factors, regiment numbers, markers): the crops' width follows from it.
const counterText = 9.0

// cropW and cropH are a close-up's size: as wide as reads on a phone,
// portrait (a phone is held upright).
var (
	cropW = render.ReadableWidth(counterText)
	cropH = cropW * 4 / 3
)

// Regions implements render.Regioner: a close-up per CR, named as the
// CR in lower case without accents ("huguette", "francoise",
// "anne-marie"), and "airstrip".
func (h *board) Regions() map[string]image.Rectangle {
	out := map[string]image.Rectangle{}
	for _, g := range h.zones {
		if g.z.Kind != hell.ZoneCR {
			continue
		}
		out[render.RegionName(g.z.Name)] = h.around(h.crBox(g), g.inset)
	}
	if a := h.d.Map.Airstrip; len(a) >= 2 {
		b := render.Corners(math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1))
		for _, p := range a {
			x, y := h.pt(p[0], p[1], false)
			b = render.Corners(math.Min(b.X0, x), math.Min(b.Y0, y), math.Max(b.X1, x), math.Max(b.Y1, y))
		}
		out["airstrip"] = h.around(b, false)
	}
	return out
}

// crBox is a CR's zone with its PAs.
func (h *board) crBox(g *zoneGeo) render.Box {
	b := g.bb
	for _, p := range h.pas {
		if p.zone == g {
			b = render.Corners(math.Min(b.X0, p.x), math.Min(b.Y0, p.y), math.Max(b.X1, p.x), math.Max(b.Y1, p.y))
		}
	}
	return b
}

// around is the close-up centred on b, inside the map (or the inset).
func (h *board) around(b render.Box, inset bool) image.Rectangle {
	bounds := h.mapR
	if inset {
		bounds = h.insetR
	}
	r := image.Rect(int(bounds.X0), int(bounds.Y0), int(math.Ceil(bounds.X1)), int(math.Ceil(bounds.Y1)))
	return render.CropAround(b.CX(), b.CY(), cropW, cropH, r)
}

// Focus implements render.Focuser: the close-up around the places of the
// view's marks of what just happened (moves, assaults, fire, losses), when
// they fit in one close-up with room for their stacks; false when there
// are none or they are spread wider (the post shows the whole map).
func (h *board) Focus(v adjudicator.View) (image.Rectangle, bool) {
	b, err := boardOf(v)
	if err != nil {
		return image.Rectangle{}, false
	}
	m := h.marks(b)
	var locs []string
	locs = append(locs, m.locs...)
	for _, mv := range m.moves {
		locs = append(locs, mv.from, mv.to)
	}
	if len(locs) == 0 {
		return image.Rectangle{}, false
	}
	inset := h.insetLoc(locs[0])
	box := render.Corners(math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1))
	for _, loc := range locs {
		if h.insetLoc(loc) != inset {
			return image.Rectangle{}, false
		}
		x, y := h.locPoint(loc)
		box = render.Corners(math.Min(box.X0, x), math.Min(box.Y0, y), math.Max(box.X1, x), math.Max(box.Y1, y))
	}
	// room for the stacks drawn beside their places
	if box.W()+2*counterW > float64(cropW) || box.H()+2*counterH > float64(cropH) {
		return image.Rectangle{}, false
	}
	return h.around(box, inset), true
}
