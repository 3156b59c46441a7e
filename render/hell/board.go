// Package hellmap draws A Season in Hell's map (package
// adjudicator/hell) for package render: the Dien Bien Phu valley, its
// zones, strongpoints (PAs), the Nam Youm, the airstrip, PA lines and
// assault bases, with the Isabelle inset and a legend, as the static
// layer; and per view the VM's trenches, who holds each PA, the counter
// stacks (hidden VM counters as a count only), the arrows and tags of
// what just happened, and a side panel with the turn, the phase, who is
// awaited, the tracks and the strongpoints. Register it under "hell":
//
//	r.Register("hell", hellmap.NewBoard(data))
//
// The package is hellmap, not hell, so that it reads apart from the rules
// package adjudicator/hell, which its callers import too.
package hellmap

import (
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
)

// The map data is 1000 x 1000 units, y down. The valley (the CR zones and
// the peripheral zones) is where the fighting is and where the PAs crowd,
// so the projection gives it most of the pixels: each axis is piecewise
// linear, the jungle rims at half the valley's scale. Rectangles stay
// rectangles. Isabelle's inset gets its own uniform scale in the side
// panel; the map legend takes the corner the inset leaves free.

const (
	hellW      = 1520
	hellH      = 1100
	hellMapW   = 1100 // the map is the left square; the panel the rest
	rimScale   = 0.5  // jungle rims relative to the valley
	discR      = 7.0  // PA marker radius
	counterW   = 52.0
	counterH   = 36.0
	counterGap = 2.0
	tabW       = 30.0 // a PA card's id tab
	tabH       = 17.0 // an empty PA's tab
	chipW      = 24.0 // "+N" chip
)

type board struct {
	d *hell.Data

	mapR, panelR, insetR, legendR render.Box
	xa, ya                        axis
	inset                         struct{ sx, sy, ox, oy, mx, my float64 } // map box -> insetR

	zones  []*zoneGeo // in ZoneOrder, the inset's last
	zoneBy map[string]*zoneGeo
	pas    []*paGeo // in PAOrder
	paBy   map[string]*paGeo
	bases  []*baseGeo
	// fixed obstacles for the placer, per region (main map, inset)
	fixed, fixedInset []render.Obstacle

	spr    sprites
	stamps render.Sprites // counters, tabs, chips
}

type zoneGeo struct {
	z        *hell.Zone
	poly     [][2]float64
	bb       render.Box
	lx, ly   float64    // the zone's label point (data x, y)
	labelBox render.Box // where its name is drawn
	inset    bool
}

type paGeo struct {
	p     *hell.PA
	x, y  float64
	inset bool
	zone  *zoneGeo
}

type baseGeo struct {
	b     *hell.AssaultBase
	x, y  float64
	inset bool
}

// axis is a monotone piecewise-linear map.
type axis struct{ in, out []float64 }

func (a axis) at(v float64) float64 {
	n := len(a.in)
	i := 1
	for i < n-1 && v > a.in[i] {
		i++
	}
	t := (v - a.in[i-1]) / (a.in[i] - a.in[i-1])
	return a.out[i-1] + t*(a.out[i]-a.out[i-1])
}

// NewBoard returns the drawing of A Season in Hell over d, the data the
// rules were loaded with.
func NewBoard(d *hell.Data) render.Board { return newBoard(d) }

func newBoard(d *hell.Data) *board {
	h := &board{d: d, zoneBy: map[string]*zoneGeo{}, paBy: map[string]*paGeo{}}
	h.mapR = render.Corners(0, 0, hellMapW, hellH)
	h.panelR = render.Corners(hellMapW, 0, hellW, hellH)

	// The valley: every zone but the jungle rims and the inset.
	v := render.Corners(math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1))
	for _, id := range d.ZoneOrder {
		z := d.Zones[id]
		if z.Kind == hell.ZoneJungle || z.Inset {
			continue
		}
		b := render.PolyBox(zonePoly(z))
		v = render.Corners(math.Min(v.X0, b.X0), math.Min(v.Y0, b.Y0), math.Max(v.X1, b.X1), math.Max(v.Y1, b.Y1))
	}
	if math.IsInf(v.X0, 0) || v.W() <= 0 || v.H() <= 0 {
		v = render.Corners(100, 100, 900, 900)
	}
	h.xa = warp(v.X0, v.X1, h.mapR.X0, h.mapR.X1)
	h.ya = warp(v.Y0, v.Y1, h.mapR.Y0, h.mapR.Y1)

	// The Isabelle inset, in the panel's lower part.
	in := d.Map.Inset
	if in[2] <= 0 || in[3] <= 0 {
		in = [4]float64{700, 720, 280, 260}
	}
	h.insetR = render.Corners(h.panelR.X0+14, h.panelR.Y1-14-470, h.panelR.X1-14, h.panelR.Y1-14)
	area := render.Corners(h.insetR.X0+10, h.insetR.Y0+30, h.insetR.X1-10, h.insetR.Y1-10)
	s := math.Min(area.W()/in[2], area.H()/in[3])
	h.inset.sx, h.inset.sy = s, s
	h.inset.mx, h.inset.my = in[0], in[1]
	h.inset.ox = area.X0 + (area.W()-in[2]*s)/2
	h.inset.oy = area.Y0 + (area.H()-in[3]*s)/2

	// The legend: the map corner the inset leaves free, grown to the
	// nearest zones.
	lx, ly := in[0], in[1]
	for lx > 0 && !h.zoneIn(lx-5, ly, 1000, 1000) {
		lx -= 5
	}
	for ly > 0 && !h.zoneIn(lx, ly-5, 1000, 1000) {
		ly -= 5
	}
	h.legendR = render.Corners(h.xa.at(lx)+6, h.ya.at(ly)+6, h.mapR.X1-6, h.mapR.Y1-6)

	for _, id := range d.ZoneOrder {
		z := d.Zones[id]
		g := &zoneGeo{z: z, inset: z.Inset}
		for _, p := range zonePoly(z) {
			x, y := h.pt(p[0], p[1], z.Inset)
			g.poly = append(g.poly, [2]float64{x, y})
		}
		g.bb = render.PolyBox(g.poly)
		g.lx, g.ly = h.pt(z.X, z.Y, z.Inset)
		h.zoneBy[id] = g
	}
	for _, id := range d.ZoneOrder {
		if !h.zoneBy[id].inset {
			h.zones = append(h.zones, h.zoneBy[id])
		}
	}
	for _, id := range d.ZoneOrder {
		if h.zoneBy[id].inset {
			h.zones = append(h.zones, h.zoneBy[id])
		}
	}
	for _, id := range d.PAOrder {
		p := d.PAs[id]
		zg := h.zoneBy[p.Zone]
		ins := zg != nil && zg.inset
		x, y := h.pt(p.X, p.Y, ins)
		g := &paGeo{p: p, x: x, y: y, inset: ins, zone: zg}
		h.pas = append(h.pas, g)
		h.paBy[id] = g
	}
	for i := range d.Map.Bases {
		b := &d.Map.Bases[i]
		zg := h.zoneBy[b.Zone]
		ins := zg != nil && zg.inset
		x, y := h.pt(b.X, b.Y, ins)
		h.bases = append(h.bases, &baseGeo{b: b, x: x, y: y, inset: ins})
	}
	h.labelBoxes()
	h.obstacles()
	return h
}

// warp maps [0, 1000] to [o0, o1] with the valley [v0, v1] at full scale
// and the rims outside it at rimScale.
func warp(v0, v1, o0, o1 float64) axis {
	lo, hi := math.Max(v0, 0), math.Min(v1, 1000)
	k := (o1 - o0) / ((hi - lo) + rimScale*(lo+1000-hi))
	a := o0 + rimScale*lo*k
	b := a + (hi-lo)*k
	return axis{in: []float64{-1e6, 0, lo, hi, 1000, 1e6}, out: []float64{o0 - 1e6*rimScale*k, o0, a, b, o1, o1 + 1e6*rimScale*k}}
}

// insetArea is where the inset's stacks may go.
func (h *board) insetArea() render.Box {
	return render.Corners(h.insetR.X0+2, h.insetR.Y0+26, h.insetR.X1-2, h.insetR.Y1-2)
}

// pt projects map units to pixels.
func (h *board) pt(x, y float64, inset bool) (float64, float64) {
	if inset {
		return h.inset.ox + (x-h.inset.mx)*h.inset.sx, h.inset.oy + (y-h.inset.my)*h.inset.sy
	}
	return h.xa.at(x), h.ya.at(y)
}

// zoneIn reports whether a non-inset zone's box meets the box from (x, y)
// to (x1, y1), in map units.
func (h *board) zoneIn(x, y, x1, y1 float64) bool {
	q := render.Corners(x, y, x1, y1)
	for _, id := range h.d.ZoneOrder {
		z := h.d.Zones[id]
		if z.Inset {
			continue
		}
		b := render.PolyBox(zonePoly(z))
		if b.Overlap(q) > 0 {
			return true
		}
	}
	return false
}

// zonePoly is a zone's outline, or a square about its label point.
func zonePoly(z *hell.Zone) [][2]float64 {
	if len(z.Shape) >= 3 {
		return z.Shape
	}
	return [][2]float64{{z.X - 40, z.Y - 30}, {z.X + 40, z.Y - 30}, {z.X + 40, z.Y + 30}, {z.X - 40, z.Y + 30}}
}

func (h *board) Size() image.Point { return image.Pt(hellW, hellH) }

func (h *board) Inks() []color.RGBA { return inks() }

// zoneTitle is the label of a zone on the map.
func zoneTitle(z *hell.Zone) (big, small string) {
	switch z.Kind {
	case hell.ZoneCR:
		return strings.ToUpper(z.Name), ""
	case hell.ZoneJungle:
		return z.ID, "jungle"
	}
	t := z.Terrain
	if z.MountBaldy {
		t = "hill"
	}
	return z.ID, t
}

// labelBoxes fixes where zone names go: a CR's name in its top-left
// corner; a peripheral or jungle zone's id in its top-left corner too,
// where counters and assault bases rarely are.
func (h *board) labelBoxes() {
	for _, g := range h.zones {
		big, small := zoneTitle(g.z)
		var w, ht float64
		switch g.z.Kind {
		case hell.ZoneCR:
			w, ht = approxWidth(big, 10.5)+2, 12
		default:
			w, ht = math.Max(approxWidth(big, 15), approxWidth(small, 9))+2, 27
		}
		x, y := g.bb.X0+4, g.bb.Y0+3
		// polygons whose top-left corner is cut away (L shapes): move
		// right along the top edge until inside
		for i := 0; i < 40 && !render.PointIn(g.poly, x+1, y+1); i++ {
			x += 8
		}
		g.labelBox = render.BoxAt(x, y, math.Min(w, g.bb.W()-6), ht)
	}
}

// approxWidth estimates a string's width in the Go fonts (layout only;
// drawing measures exactly).
func approxWidth(s string, size float64) float64 {
	return float64(len([]rune(s))) * size * 0.62
}

// obstacles records what counter stacks should not cover.
func (h *board) obstacles() {
	for _, p := range h.pas {
		// a PA's own marker does not repel its card, which touches it;
		// the others keep cards a few pixels off, so that each card sits
		// clearly by its own PA
		o := render.Obstacle{Box: render.Corners(p.x-discR, p.y-discR, p.x+discR, p.y+discR), Weight: render.WeightMarker, Owner: p.p.ID}
		if p.inset {
			h.fixedInset = append(h.fixedInset, o)
		} else {
			h.fixed = append(h.fixed, o)
		}
		o = render.Obstacle{Box: render.Corners(p.x-discR-9, p.y-discR-9, p.x+discR+9, p.y+discR+9), Weight: render.WeightLabel, Owner: p.p.ID}
		if p.inset {
			h.fixedInset = append(h.fixedInset, o)
		} else {
			h.fixed = append(h.fixed, o)
		}
	}
	for _, b := range h.bases {
		o := render.Obstacle{Box: render.Corners(b.x-6, b.y-6, b.x+6, b.y+6), Weight: render.WeightLabel}
		if b.inset {
			h.fixedInset = append(h.fixedInset, o)
		} else {
			h.fixed = append(h.fixed, o)
		}
	}
	for _, g := range h.zones {
		o := render.Obstacle{Box: g.labelBox, Weight: render.WeightLabel}
		if g.inset {
			h.fixedInset = append(h.fixedInset, o)
		} else {
			h.fixed = append(h.fixed, o)
		}
	}
	h.fixed = append(h.fixed, render.Obstacle{Box: h.legendR.Grow(4), Weight: render.WeightPlaced})
	for _, g := range h.zones {
		if g.z.MountBaldy {
			h.fixed = append(h.fixed, render.Obstacle{Box: h.baldyBox(g), Weight: render.WeightLabel})
		}
	}
}
