// Package fgmap draws The Final Gamble's board (package
// adjudicator/finalgamble) for package render: the valley of Dien Bien
// Phu and, beside it, Isabelle on its own grid, with terrain, hills, the
// Nam Youm, bridges, wire, roads, the airstrip, strongpoints and their
// codes, structures, outposts, the VM sectors and zones and the Supply
// Areas (the static layer); per view the Trench and Dig Zones, flags,
// counters (stacks of up to 3 French units, a VM unit alone), the boxes
// with the arrows between them and their units, and a side panel of the
// tracks. Close-ups of each strongpoint group read on a phone (Regions).
package fgmap

import (
	"image"
	"image/color"
	"math"

	"github.com/umpirebot/umpire/adjudicator/finalgamble"
	"github.com/umpirebot/umpire/adjudicator/hexgrid"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/render/hexmap"
)

// counterText is the smallest text on a counter; a close-up's width
// follows (render.ReadableWidth): 10 px in a 400 px preview.
const counterText = 8.0

var (
	cropW = render.ReadableWidth(counterText)
	cropH = cropW * 4 / 3
)

// Geometry: 150 m hexes, hexW pixels across the flats.
const (
	hexW   = 50.0
	margin = 12.0
	sideW  = 540.0 // the right column: Isabelle, the boxes, the tracks
	cW     = 36.0  // a counter
	cH     = 11.0
)

type geo struct {
	m    *finalgamble.SubMap
	name string // "dbp", "isabelle"
	lay  hexmap.Layout
	ox   float64 // the sub-map's origin on the image
	oy   float64
	w, h float64
}

// center is hex id's pixel centre on the image.
func (g *geo) center(id string) (float64, float64) {
	r, c, _ := hexgrid.Parse(id)
	x, y := g.lay.Center(r, c)
	return x + g.ox, y + g.oy
}

type board struct {
	d      *finalgamble.Data
	dbp    *geo
	isa    *geo
	w, h   int
	boxR   render.Box // the boxes
	trackR render.Box // the tracks
	boxes  map[string]render.Box
	// where each strongpoint's code label went (the static layer), for
	// the flags of the dynamic one
	labels  map[string]render.Box
	regions map[string]image.Rectangle
	stamps  render.Sprites
}

// NewBoard returns the drawing of The Final Gamble's board over d.
func NewBoard(d *finalgamble.Data) render.Board { return newBoard(d) }

func newBoard(d *finalgamble.Data) *board {
	b := &board{d: d, boxes: map[string]render.Box{}, labels: map[string]render.Box{}, regions: map[string]image.Rectangle{}}
	b.dbp = &geo{m: &d.Map.DBP, name: "dbp", lay: hexmap.Layout{W: hexW, Margin: margin, Rows: d.Map.DBP.Rows}, ox: 0, oy: 0}
	b.dbp.w, b.dbp.h = b.dbp.lay.Size(d.Map.DBP.Cols)
	b.isa = &geo{m: &d.Map.Isabelle, name: "isabelle", lay: hexmap.Layout{W: hexW, Margin: margin, Rows: d.Map.Isabelle.Rows}}
	b.isa.w, b.isa.h = b.isa.lay.Size(d.Map.Isabelle.Cols)
	x0 := math.Ceil(b.dbp.w)
	b.isa.ox, b.isa.oy = x0+(sideW-b.isa.w)/2, 30
	b.boxR = render.Corners(x0, b.isa.oy+b.isa.h+6, x0+sideW, b.isa.oy+b.isa.h+6+400)
	b.trackR = render.Corners(x0, b.boxR.Y1, x0+sideW, math.Max(b.dbp.h, b.boxR.Y1+720))
	b.w, b.h = int(x0+sideW), int(math.Ceil(b.trackR.Y1))
	b.layoutBoxes()
	// close-ups: each strongpoint group, centred on its hexes
	bounds := image.Rect(0, 0, int(x0), int(b.dbp.h))
	groups := []struct{ name, prefix string }{
		{"gabrielle", "GAB"}, {"beatrice", "BEA"}, {"anne-marie", "AM"}, {"huguette", "H"}, {"claudine", "C"},
		{"dominique", "D"}, {"eliane", "E"}, {"centre", ""},
	}
	for _, gr := range groups {
		var xs, ys []float64
		for _, sp := range d.Map.DBP.Strongs {
			if gr.prefix == "" || len(sp.Code) < len(gr.prefix) || sp.Code[:len(gr.prefix)] != gr.prefix ||
				(gr.prefix == "H" && sp.Code[0] != 'H') {
				continue
			}
			for _, id := range sp.Hexes {
				x, y := b.dbp.center(id)
				xs, ys = append(xs, x), append(ys, y)
			}
		}
		if gr.prefix == "" {
			for _, st := range d.Map.DBP.Structures {
				x, y := b.dbp.center(st.Hex)
				xs, ys = append(xs, x), append(ys, y)
			}
		}
		if len(xs) == 0 {
			continue
		}
		b.regions[gr.name] = render.CropAround(mid(xs), mid(ys), cropW, cropH, bounds)
	}
	// Isabelle's close-up: around I-HQ, as wide as reads on a phone
	if hq := d.Map.Isabelle.Strongpoint("I-HQ"); hq != nil {
		x, y := b.isa.center(hq.Hexes[0])
		b.regions["isabelle"] = render.CropAround(x, y, cropW, cropH, image.Rect(int(x0), 0, b.w, int(b.boxR.Y0)))
	}
	b.regions["boxes"] = image.Rect(int(x0), int(b.boxR.Y0), b.w, int(b.boxR.Y1))
	b.regions["tracks"] = image.Rect(int(x0), int(b.trackR.Y0), b.w, b.h)
	return b
}

// mid is the middle of the values' range.
func mid(v []float64) float64 {
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return (lo + hi) / 2
}

func (b *board) Size() image.Point { return image.Pt(b.w, b.h) }

func (b *board) Inks() []color.RGBA { return inks() }

// Regions are the close-ups, by name, in pixels of the whole image.
func (b *board) Regions() map[string]image.Rectangle {
	out := make(map[string]image.Rectangle, len(b.regions))
	for k, v := range b.regions {
		out[k] = v
	}
	return out
}

// the boxes' places in the right column: the movement boxes (1z-304,
// 2z-304, Laos, Condor) as a chain with the arrows, the holding boxes in
// a grid below.
func (b *board) layoutBoxes() {
	r := b.boxR
	bw, bh, gap := 106.0, 52.0, 32.0
	row1 := r.Y0 + 34
	place := func(id string, x, y float64) { b.boxes[id] = render.BoxAt(x, y, bw, bh) }
	place("Condor Force", r.X0+10, row1)
	place("Laos 1", r.X0+10+(bw+gap), row1)
	place("Laos 2", r.X0+10+2*(bw+gap), row1)
	place("2z-304", r.X0+10+3*(bw+gap), row1)
	place("Standby", r.X0+10+(bw+gap), row1+bh+26)
	place("1z-304", r.X0+10+3*(bw+gap), row1+bh+26)
	var rest []string
	for _, bx := range b.d.Boxes.Boxes {
		if _, ok := b.boxes[bx.ID]; !ok {
			rest = append(rest, bx.ID)
		}
	}
	rest = append(rest, "Wounded Square", "Reinforcements Available")
	y := row1 + 2*(bh+26) + 4
	sw, sh := (r.W()-20-3*8)/4, 46.0
	for i, id := range rest {
		col, row := i%4, i/4
		b.boxes[id] = render.BoxAt(r.X0+10+float64(col)*(sw+8), y+float64(row)*(sh+8), sw, sh)
	}
}
