package hellmap

import (
	"image"
	"math"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/render"
)

var _ render.Spotter = (*board)(nil)

// Spot implements render.Spotter: a PA, a zone or an assault base, with
// room for a stack of counters beside it, in the main map or the inset.
func (h *board) Spot(loc string) (box, frame image.Rectangle, ok bool) {
	if !h.onMap(loc) {
		return image.Rectangle{}, image.Rectangle{}, false
	}
	x, y := h.locPoint(loc)
	// a stack's tray is placed around its point, a label and two
	// counters wide
	dx, dy := 1.5*counterW, 1.5*counterH
	box = image.Rect(int(math.Floor(x-dx)), int(math.Floor(y-dy)), int(math.Ceil(x+dx)), int(math.Ceil(y+dy)))
	f := h.mapR
	if h.insetLoc(loc) {
		f = h.insetR
	}
	frame = image.Rect(int(f.X0), int(f.Y0), int(math.Ceil(f.X1)), int(math.Ceil(f.Y1)))
	return box, frame, true
}

// Marked implements render.Spotter: where the view's marks of the stage
// under way are (moves' both ends, fire, assaults, losses), as the
// viewer may see them (hell.BoardView.Recent is built per viewer).
func (h *board) Marked(v adjudicator.View) []string {
	b, err := boardOf(v)
	if err != nil {
		return nil
	}
	m := h.marks(b)
	out := append([]string(nil), m.locs...)
	for _, mv := range m.moves {
		out = append(out, mv.from, mv.to)
	}
	return out
}

// CropSize implements render.Spotter: the CRs' close-up size.
func (h *board) CropSize() image.Point { return image.Pt(cropW, cropH) }
