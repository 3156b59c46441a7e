// Package tonkinmap draws Tonkin's board (package adjudicator/tonkin) for
// package render: the hex map of northern Vietnam and Laos with its
// terrain, rivers, roads, railway, borders, coast, delta, urban areas
// (names, victory values, airstrips, harbors), mobilization stars and
// supply spots, as the static layer; and per view the counters (a stack
// shows its top unit and a count; hidden VM counters and VM stacks in
// forest only as "VM" and a count, for the FEF and the public), the
// garrisons and the urban areas friendly to the VM, and a side panel with
// the tracks, the standby and Saigon zones and a legend. Register it
// under "tonkin":
//
//	r.Register("tonkin", tonkinmap.NewBoard(data))
//
// It also names close-ups of the board that read on a phone (Regions: the
// heart of the delta, the border, the north-west, Laos, and each of their
// main urban areas) for render.Renderer.PNGRegion.
package tonkinmap

import (
	"encoding/json"
	"image"
	"image/color"
	"math"
	"sort"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/tonkin"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/render/hexmap"
)

// counterText is the smallest font size of any text on a counter (a long
// unit name, e.g. "35 RALP", shrinks to it).
const counterText = 6.0

// hexIDText is the size of the hexes' numbers: a close-up's width
// follows, so that they read in a 400 px preview (issue 30, item 3: at
// least 360 px, the counters' names above them).
const hexIDText = 9.0

// theatreHeart is how many of a theatre's urban areas its close-up holds.
const theatreHeart = 3

// A close-up's size: as wide as the hex numbers read on a phone, portrait.
var (
	cropW = render.ReadableWidth(hexIDText)
	cropH = cropW * 4 / 3
)

// Geometry. Hexes are pointy-topped (rows run east-west), hexW pixels
// across the flats: large enough for a counter, a town name and the
// hex's id, so that the whole map reads at full size and a region crop
// reads in a Discord preview.
const (
	hexW   = 58.0
	margin = 14.0
	panelW = 430.0
	cW     = 38.0 // counter width
	cH     = 32.0 // counter height
)

var hexS = hexmap.Layout{W: hexW}.S() // side = centre to corner

type hexGeo struct {
	id       string
	row, col int
	x, y     float64 // centre in pixels
	h        tonkin.Hex
	urban    *tonkin.Urban
	mob      bool
	supply   *tonkin.SupplyCenter
	delta    bool
	river    string // navigable or minor ("" none)
}

type board struct {
	d      *tonkin.Data
	g      tonkin.Grid
	w, h   int
	lay    hexmap.Layout
	mapR   render.Box
	panelR render.Box

	hexes  []*hexGeo // row-major, south row first
	byID   map[string]*hexGeo
	byName map[string]*hexGeo // urban areas by name

	labels  map[string]render.Box // where each urban area's name went (static)
	regions map[string]image.Rectangle

	stamps render.Sprites
}

// NewBoard returns the drawing of Tonkin's board over d, the data the
// rules were loaded with.
func NewBoard(d *tonkin.Data) render.Board { return newBoard(d) }

func newBoard(d *tonkin.Data) *board {
	b := &board{d: d, g: d.Grid.Grid, byID: map[string]*hexGeo{}, byName: map[string]*hexGeo{},
		labels: map[string]render.Box{}, regions: map[string]image.Rectangle{}}
	b.lay = hexmap.Layout{W: hexW, Margin: margin, Rows: b.g.Rows}
	mw, mh := b.lay.Size(b.g.Cols)
	b.mapR = render.Corners(0, 0, math.Ceil(mw), math.Ceil(mh))
	b.panelR = render.Corners(b.mapR.X1, 0, b.mapR.X1+panelW, b.mapR.Y1)
	b.w, b.h = int(b.panelR.X1), int(b.mapR.Y1)

	delta := map[string]bool{}
	for _, h := range d.Paths.Delta.Hexes {
		delta[h] = true
	}
	river := map[string]string{}
	for _, p := range d.Paths.Rivers {
		for _, h := range p.Hexes {
			if river[h] != "navigable" {
				river[h] = p.Kind
			}
		}
	}
	for _, h := range d.Grid.Hexes {
		r, c, ok := tonkin.ParseHex(h.ID)
		if !ok || !b.g.On(r, c) {
			continue
		}
		x, y := b.center(r, c)
		g := &hexGeo{id: h.ID, row: r, col: c, x: x, y: y, h: h, delta: delta[h.ID], river: river[h.ID]}
		b.hexes = append(b.hexes, g)
		b.byID[h.ID] = g
	}
	sort.Slice(b.hexes, func(i, j int) bool { return b.hexes[i].id < b.hexes[j].id })
	for i := range d.Map.Urban {
		u := &d.Map.Urban[i]
		if g := b.byID[u.Hex]; g != nil {
			g.urban = u
			b.byName[u.Name] = g
		}
	}
	for _, m := range d.Map.Mobilization.Hexes {
		if g := b.byID[m.Hex]; g != nil {
			g.mob = true
		}
	}
	for i := range d.Map.SupplyCenters.Centers {
		s := &d.Map.SupplyCenters.Centers[i]
		if g := b.byID[s.Hex]; g != nil {
			g.supply = s
		}
	}
	// Close-ups that read on a phone (issue 15, item 4): no wider than
	// the counters' smallest text allows (render.ReadableWidth), so a
	// theatre of map.toml is its heart, a close-up centred on its first
	// urban area, and each urban area a theatre must show has its own.
	// A theatre is the box around the first urban areas it must show, its
	// heart (half a hex's margin, at least a close-up's size), not its first
	// town's close-up (issue 30, item 3: delta was hanoi, border Lang Son
	// alone); each of its urban areas has its own close-up.
	mapRect := image.Rect(0, 0, int(b.mapR.X1), int(b.mapR.Y1))
	for _, a := range d.Map.Regions.Areas {
		box := image.Rectangle{}
		for i, n := range a.MustShow {
			g := b.byName[n]
			if g == nil {
				continue
			}
			b.regions[render.RegionName(n)] = render.CropAround(g.x, g.y, cropW, cropH, mapRect)
			if i >= theatreHeart {
				continue
			}
			at := image.Rect(int(g.x-hexW/2), int(g.y-hexW/2), int(g.x+hexW/2), int(g.y+hexW/2))
			if box.Empty() {
				box = at
			} else {
				box = box.Union(at)
			}
		}
		if box.Empty() {
			continue
		}
		c := box.Min.Add(box.Max).Div(2)
		w, h := max(box.Dx(), cropW), max(box.Dy(), cropH)
		b.regions[a.ID] = render.CropAround(float64(c.X), float64(c.Y), w, h, mapRect)
	}
	// and the side panel alone: the tracks and the off-map zones
	b.regions["panel"] = image.Rect(int(b.panelR.X0), 0, b.w, b.h)
	b.placeLabels()
	return b
}

// center is the pixel centre of hex (row, col) (hexmap.Layout).
func (b *board) center(row, col int) (float64, float64) { return b.lay.Center(row, col) }

// corners of a hex, clockwise from the top.
func corners(x, y float64) [6][2]float64 { return hexmap.Layout{W: hexW}.Corners(x, y) }

// edge is the side of hex a shared with its neighbour b.
func edge(a, b *hexGeo) (x0, y0, x1, y1 float64) {
	return hexmap.Layout{W: hexW}.Edge(a.x, a.y, b.x, b.y)
}

// neighbours of a hex on the map.
func (b *board) neighbours(g *hexGeo) []*hexGeo {
	var out []*hexGeo
	for _, n := range tonkin.Neighbors(g.row, g.col) {
		if ng := b.byID[tonkin.HexID(n[0], n[1])]; ng != nil {
			out = append(out, ng)
		}
	}
	return out
}

// counterBox is where a hex's stack is drawn.
func counterBox(g *hexGeo) render.Box {
	return render.BoxAt(math.Round(g.x-cW/2), math.Round(g.y-cH/2-3), cW, cH)
}

func (b *board) Size() image.Point { return image.Pt(b.w, b.h) }

func (b *board) Inks() []color.RGBA { return inks() }

// Regions implements render's optional region interface: close-ups of
// the board by map.toml region id, in pixels of the whole image.
func (b *board) Regions() map[string]image.Rectangle {
	out := make(map[string]image.Rectangle, len(b.regions))
	for k, v := range b.regions {
		out[k] = v
	}
	return out
}

// Focus implements render.Focuser: the close-up around the hexes whose
// stacks changed from before to after (moves, combat, losses), holding
// the most of them (ties: the last in the map's order). False when none
// changed or before has no board.
func (b *board) Focus(before, after adjudicator.View) (image.Rectangle, bool) {
	a, err := boardOf(before)
	if err != nil {
		return image.Rectangle{}, false
	}
	z, err := boardOf(after)
	if err != nil {
		return image.Rectangle{}, false
	}
	stacks := func(bv *tonkin.BoardView) map[string]string {
		out := map[string]string{}
		for _, st := range bv.Stacks {
			raw, _ := json.Marshal(st)
			out[st.Hex] += string(raw)
		}
		return out
	}
	sa, sz := stacks(a), stacks(z)
	var spots []*hexGeo
	for _, g := range b.hexes {
		if sa[g.id] != sz[g.id] {
			spots = append(spots, g)
		}
	}
	if len(spots) == 0 {
		return image.Rectangle{}, false
	}
	fits := func(p, q *hexGeo) bool {
		return math.Abs(p.x-q.x)+hexW <= float64(cropW) && math.Abs(p.y-q.y)+2*hexS <= float64(cropH)
	}
	c := spots[render.Densest(spots, fits)]
	box := render.Corners(c.x, c.y, c.x, c.y)
	for _, q := range spots {
		nb := render.Corners(math.Min(box.X0, q.x), math.Min(box.Y0, q.y), math.Max(box.X1, q.x), math.Max(box.Y1, q.y))
		if fits(c, q) && nb.W()+hexW <= float64(cropW) && nb.H()+2*hexS <= float64(cropH) {
			box = nb
		}
	}
	return render.CropAround(box.CX(), box.CY(), cropW, cropH, image.Rect(0, 0, int(b.mapR.X1), int(b.mapR.Y1))), true
}
