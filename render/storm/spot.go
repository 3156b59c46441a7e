package stormmap

import (
	"image"
	"strconv"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/render"
)

var _ render.Spotter = (*board)(nil)

// Spot implements render.Spotter: an area's box (by its number).
func (b *board) Spot(place string) (box, frame image.Rectangle, ok bool) {
	a, err := strconv.Atoi(place)
	if err != nil {
		return image.Rectangle{}, image.Rectangle{}, false
	}
	if _, ok := b.areas[a]; !ok {
		return image.Rectangle{}, image.Rectangle{}, false
	}
	return b.box(a).Inset(-boxW / 4), image.Rect(0, 0, mapW, mapH), true
}

// Marked implements render.Spotter: Storm's view keeps no marks of what
// happened; the close-up is the decision's.
func (b *board) Marked(adjudicator.View) []string { return nil }

// CropSize implements render.Spotter: an area with its neighbours.
func (b *board) CropSize() image.Point { return image.Pt(mapW/2, mapH/2) }
