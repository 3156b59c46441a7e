package hellmap

import (
	"encoding/json"
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

// Focus implements render.Focuser: the close-up around the places whose
// stacks, control or trenches changed from before to after, and those of
// after's marks of what just happened (moves, assaults, fire, losses); when
// they do not all fit in one with room for their stacks, the close-up
// holding the most of them (ties: the latest). False when nothing
// happened on the map.
func (h *board) Focus(before, after adjudicator.View) (image.Rectangle, bool) {
	b, err := boardOf(after)
	if err != nil {
		return image.Rectangle{}, false
	}
	m := h.marks(b)
	type spot struct {
		x, y  float64
		inset bool
	}
	var spots []spot
	add := func(loc string) {
		x, y := h.locPoint(loc)
		spots = append(spots, spot{x, y, h.insetLoc(loc)})
	}
	for _, loc := range m.locs {
		add(loc)
	}
	for _, mv := range m.moves {
		add(mv.from)
		add(mv.to)
	}
	if a, err := boardOf(before); err == nil {
		for _, loc := range h.changed(a, b) {
			add(loc)
		}
	}
	if len(spots) == 0 {
		return image.Rectangle{}, false
	}
	// a spot fits with another when both, with room for their stacks
	// beside them, lie in one close-up
	fits := func(a, b spot) bool {
		return a.inset == b.inset && math.Abs(a.x-b.x)+2*counterW <= float64(cropW) && math.Abs(a.y-b.y)+2*counterH <= float64(cropH)
	}
	c := spots[render.Densest(spots, fits)]
	box := render.Corners(c.x, c.y, c.x, c.y)
	for _, o := range spots {
		if !fits(c, o) {
			continue
		}
		nb := render.Corners(math.Min(box.X0, o.x), math.Min(box.Y0, o.y), math.Max(box.X1, o.x), math.Max(box.Y1, o.y))
		if nb.W()+2*counterW <= float64(cropW) && nb.H()+2*counterH <= float64(cropH) {
			box = nb
		}
	}
	return h.around(box, c.inset), true
}

// changed lists the places on the map whose stacks, control or trench
// level differ from a to b, in the map's order.
func (h *board) changed(a, b *hell.BoardView) []string {
	stacks := func(bv *hell.BoardView) map[string]string {
		out := map[string]string{}
		for _, st := range bv.Stacks {
			raw, _ := json.Marshal(st.Counters)
			out[st.At] = string(raw)
		}
		return out
	}
	sa, sb := stacks(a), stacks(b)
	var out []string
	differs := func(loc string) bool {
		return sa[loc] != sb[loc] || a.Control[loc] != b.Control[loc] || a.Trench[loc] != b.Trench[loc]
	}
	for _, p := range h.pas {
		if differs(p.p.ID) {
			out = append(out, p.p.ID)
		}
	}
	for _, g := range h.zones {
		if differs(g.z.ID) {
			out = append(out, g.z.ID)
		}
	}
	for _, bg := range h.bases {
		if differs(bg.b.ID) {
			out = append(out, bg.b.ID)
		}
	}
	return out
}
