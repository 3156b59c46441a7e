package tonkinmap

import (
	"image"
	"math"
	"slices"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/tonkin"
	"github.com/umpirebot/umpire/render"
)

var _ render.Spotter = (*board)(nil)

// Spot implements render.Spotter: a hex with its neighbours (an attack's
// close-up shows where it came from and where a retreat may go).
func (b *board) Spot(place string) (box, frame image.Rectangle, ok bool) {
	g := b.byID[place]
	if g == nil {
		if g = b.byName[place]; g == nil {
			return image.Rectangle{}, image.Rectangle{}, false
		}
	}
	dx, dy := 1.5*hexW, 2.5*hexS
	box = image.Rect(int(math.Floor(g.x-dx)), int(math.Floor(g.y-dy)), int(math.Ceil(g.x+dx)), int(math.Ceil(g.y+dy)))
	return box, image.Rect(0, 0, int(b.mapR.X1), int(b.mapR.Y1)), true
}

// Marked implements render.Spotter: the hexes the view's marks name.
func (b *board) Marked(v adjudicator.View) []string {
	bv, err := boardOf(v)
	if err != nil {
		return nil
	}
	var out []string
	for _, n := range bv.Recent {
		if n.From != "" {
			out = append(out, n.From)
		}
		out = append(out, n.At)
	}
	return out
}

// CropSize implements render.Spotter: the regions' close-up size.
func (b *board) CropSize() image.Point { return image.Pt(cropW, cropH) }

// markWords: what each kind of mark says on its tag.
var markWords = map[string]string{
	"assault": "attacked", "fire": "barrage", "loss": "-1 step", "desorg": "Desorg",
}

// recent draws what happened since the turn was last handed on (issue
// 30, item 2), over the stacks: moves, advances and retreats as arrows
// from where the units were (attacks as red arrows from the attackers'
// hexes); on the hexes attacked, barraged, that lost steps or took
// Desorg markers a red ring and tags saying what happened, one a line.
func (b *board) recent(c *render.Canvas, bv *tonkin.BoardView) {
	var hexes []string
	tags := map[string][]string{}
	for _, n := range bv.Recent {
		to, from := b.byID[n.At], b.byID[n.From]
		if to == nil {
			continue
		}
		if from != nil && from != to {
			ux, uy := to.x-from.x, to.y-from.y
			l := math.Hypot(ux, uy)
			ux, uy = ux/l, uy/l
			fill := inkMarker
			switch n.Kind {
			case "retreat":
				fill = inkVM
			case "assault":
				fill = inkRed
			}
			c.Arrow(from.x+ux*hexW*0.3, from.y+uy*hexW*0.3, to.x-ux*hexW*0.3, to.y-uy*hexW*0.3, 5, fill, inkBlack)
		}
		w := markWords[n.Kind]
		if w == "" {
			continue
		}
		if _, ok := tags[n.At]; !ok {
			hexes = append(hexes, n.At)
		}
		if !slices.Contains(tags[n.At], w) {
			tags[n.At] = append(tags[n.At], w)
		}
	}
	for _, h := range hexes {
		g := b.byID[h]
		var pts [][2]float64
		for _, p := range corners(g.x, g.y) {
			// a ring just inside the hex's edge
			pts = append(pts, [2]float64{g.x + (p[0]-g.x)*0.9, g.y + (p[1]-g.y)*0.9})
		}
		c.Poly(pts)
		c.SetColor(inkRed)
		c.SetLineWidth(3)
		c.Stroke()
		c.Font(9, true)
		// the tags, one a line, stacked up from the hex's top corner
		y := math.Round(g.y - hexS*0.9)
		for i := len(tags[h]) - 1; i >= 0; i-- {
			text := tags[h][i]
			w := math.Ceil(c.Width(text)) + 6
			x0 := math.Round(g.x - w/2)
			c.Rect(x0, y-12, x0+w, y, inkRed)
			c.Text(text, g.x, y-6, 0.5, 0.5, inkWhite)
			y -= 12
		}
	}
}
