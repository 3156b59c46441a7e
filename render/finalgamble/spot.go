package fgmap

import (
	"image"
	"math"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/finalgamble"
	"github.com/umpirebot/umpire/render"
)

var _ render.Spotter = (*board)(nil)

// Spot implements render.Spotter: a hex of DBP ("1019") or Isabelle
// ("I0606") with its neighbours, a box by its token or name ("Laos-1",
// "Laos 1") with its frame, a strongpoint by its code ("E2") with its
// hexes, a Supply Area (finalgamble.SupplyArea, IsabelleSupplyArea) or
// the Airdrop Chart, each in the frame it is drawn in: DBP, Isabelle,
// the boxes, the tracks. The box is cut to its frame: a close-up never
// straddles two frames.
func (b *board) Spot(place string) (box, frame image.Rectangle, ok bool) {
	box, frame, ok = b.spot(place)
	if !ok {
		return image.Rectangle{}, image.Rectangle{}, false
	}
	return box.Intersect(frame), frame, true
}

func (b *board) spot(place string) (box, frame image.Rectangle, ok bool) {
	if g, id, ok := b.place(place); ok {
		x, y := g.center(id)
		// the hex and its neighbours: an assault's close-up shows where
		// it came from, the supporters and where a retreat may go
		return rect(x-1.5*hexW, y-2.5*g.lay.S(), x+1.5*hexW, y+2.5*g.lay.S()), b.frame(g), true
	}
	if bx, ok := b.boxes[finalgamble.BoxName(place)]; ok {
		return rect(bx.X0-6, bx.Y0-6, bx.X1+6, bx.Y1+6), b.boxesFrame(), true
	}
	switch place {
	case finalgamble.SupplyArea, finalgamble.IsabelleSupplyArea:
		g := b.dbp
		if place == finalgamble.IsabelleSupplyArea {
			g = b.isa
		}
		var ids []string
		for _, h := range g.m.Hexes() {
			if h.Supply {
				ids = append(ids, h.ID)
			}
		}
		return b.hexesBox(g, ids), b.frame(g), len(ids) > 0
	case finalgamble.AirdropChart:
		r := b.trackR
		x0, y0 := b.airdropOrigin()
		// the row numbers left of it to its sixth column (the title
		// above runs wider and may be cut)
		return rect(r.X0+20, y0-34, x0+6*airdropCellW, y0+6*airdropCellH), b.tracksFrame(), true
	}
	for _, g := range []*geo{b.dbp, b.isa} {
		for _, sp := range g.m.Strongs {
			if strings.EqualFold(sp.Code, place) {
				return b.hexesBox(g, sp.Hexes), b.frame(g), true
			}
		}
	}
	return image.Rectangle{}, image.Rectangle{}, false
}

// hexesBox is the box around hexes ids of g, their stacks and labels.
func (b *board) hexesBox(g *geo, ids []string) image.Rectangle {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, id := range ids {
		x, y := g.center(id)
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
	}
	return rect(x0-hexW/2, y0-g.lay.S(), x1+hexW/2, y1+g.lay.S())
}

// rect is the smallest image.Rectangle holding the box.
func rect(x0, y0, x1, y1 float64) image.Rectangle {
	return image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
}

// frame is the part of the image sub-map g is drawn in: DBP's the left,
// Isabelle's the right column above the boxes.
func (b *board) frame(g *geo) image.Rectangle {
	x0 := int(math.Ceil(b.dbp.w))
	if g == b.isa {
		return image.Rect(x0, 0, b.w, int(b.boxR.Y0))
	}
	return image.Rect(0, 0, x0, int(math.Ceil(b.dbp.h)))
}

func (b *board) boxesFrame() image.Rectangle {
	return image.Rect(int(b.boxR.X0), int(b.boxR.Y0), b.w, int(b.boxR.Y1))
}

func (b *board) tracksFrame() image.Rectangle {
	return image.Rect(int(b.trackR.X0), int(b.trackR.Y0), b.w, b.h)
}

// Marked implements render.Spotter: the places of the marks the map draws
// (where moves on a map began and ended, fire, assaults), the same in
// every view (the board hides nothing but the dice).
func (b *board) Marked(v adjudicator.View) []string {
	bv, err := boardOf(v)
	if err != nil {
		return nil
	}
	var out []string
	for _, m := range bv.Marks {
		// only what recent draws: a close-up of a box, or of the hex a
		// unit left for a box, would show nothing happening
		g, to, ok := b.place(m.At)
		if !ok {
			continue
		}
		if m.Kind == "fire" {
			out = append(out, m.At)
			continue
		}
		if g0, from, ok := b.place(m.From); ok && g0 == g && from != to {
			out = append(out, m.From, m.At)
		}
	}
	return out
}

// CropSize implements render.Spotter: the strongpoint groups' close-up
// size, as wide as the counters' text reads on a phone.
func (b *board) CropSize() image.Point { return image.Pt(cropW, cropH) }

var _ render.Focuser = (*board)(nil)

// Focus implements render.Focuser, for a map posted with no decision's
// place to centre on: the close-up around the places whose units changed
// from before to after (where a unit was and is, a marker or step on
// it), taking in the marks after draws; with no board before, the marks
// alone. False when nothing the map shows happened.
func (b *board) Focus(before, after adjudicator.View) (image.Rectangle, bool) {
	z, err := boardOf(after)
	if err != nil {
		return image.Rectangle{}, false
	}
	places := b.Marked(after)
	if a, err := boardOf(before); err == nil {
		was := make(map[string]finalgamble.Unit, len(a.Units))
		for _, u := range a.Units {
			was[u.ID] = u
		}
		for _, u := range z.Units {
			w, ok := was[u.ID]
			switch {
			case !ok:
				places = append(places, u.Place())
			case w != u:
				places = append(places, u.Place())
				if w.Place() != u.Place() {
					places = append(places, w.Place())
				}
			}
		}
	}
	crops := render.Closeups(b, places, nil)
	if len(crops) == 0 {
		return image.Rectangle{}, false
	}
	// the close-up that holds the most of what happened
	best, most := 0, -1
	for i, c := range crops {
		n := 0
		for _, p := range places {
			if box, _, ok := b.Spot(p); ok && box.Overlaps(c) {
				n++
			}
		}
		if n > most {
			best, most = i, n
		}
	}
	return crops[best], true
}
