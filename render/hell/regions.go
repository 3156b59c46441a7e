package hellmap

import (
	"image"
	"math"

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
