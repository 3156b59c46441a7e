package lostvalleymap

import (
	"image"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/render"
)

var _ render.Spotter = (*board)(nil)

// Spot implements render.Spotter: a CR's (or a drop zone's) box.
func (b *board) Spot(place string) (box, frame image.Rectangle, ok bool) {
	p, ok := b.at[place]
	if !ok {
		return image.Rectangle{}, image.Rectangle{}, false
	}
	box = image.Rect(int(p[0]-boxW/2)-10, int(p[1]-boxH/2)-10, int(p[0]+boxW/2)+10, int(p[1]+boxH/2)+10)
	return box, image.Rect(0, 0, mapW, imgH), true
}

// Marked implements render.Spotter: the view keeps no marks of what
// happened; the close-up is the decision's.
func (b *board) Marked(adjudicator.View) []string { return nil }

// CropSize implements render.Spotter: as the regions, the width of the
// map and half its height.
func (b *board) CropSize() image.Point { return image.Pt(mapW, imgH/2) }
