package render

import (
	"math"
	"sort"
)

// Geometry helpers and a greedy placer for counter stacks and labels:
// each item tries candidate boxes near its anchor and takes the cheapest,
// where cost is overlap with what is already placed, with fixed
// obstacles, leaving the bounds, and distance from the anchor. Items are
// placed in a fixed order, so the layout is deterministic.

type box struct{ x0, y0, x1, y1 float64 }

func bx(x, y, w, h float64) box { return box{x, y, x + w, y + h} }

func (b box) w() float64  { return b.x1 - b.x0 }
func (b box) h() float64  { return b.y1 - b.y0 }
func (b box) cx() float64 { return (b.x0 + b.x1) / 2 }
func (b box) cy() float64 { return (b.y0 + b.y1) / 2 }

func (b box) grow(d float64) box { return box{b.x0 - d, b.y0 - d, b.x1 + d, b.y1 + d} }

func (b box) overlap(o box) float64 {
	w := math.Min(b.x1, o.x1) - math.Max(b.x0, o.x0)
	h := math.Min(b.y1, o.y1) - math.Max(b.y0, o.y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// outside is the area of b outside o.
func (b box) outside(o box) float64 { return b.w()*b.h() - b.overlap(o) }

func (b box) nearest(x, y float64) (float64, float64) {
	return math.Max(b.x0, math.Min(x, b.x1)), math.Max(b.y0, math.Min(y, b.y1))
}

// obstacle is something placed items should avoid, with a weight per
// pixel of overlap.
type obstacle struct {
	b   box
	w   float64
	own string // the item this obstacle belongs to (it does not repel it)
}

type placer struct {
	bounds box
	obs    []obstacle
}

// Weights of overlap per square pixel.
const (
	wPlaced = 60.0 // another stack: never, if there is any room
	wDisc   = 40.0 // a PA marker
	wLabel  = 4.0  // a zone label, an assault base
	wOut    = 200.0
)

func (p *placer) add(b box, w float64) { p.obs = append(p.obs, obstacle{b: b, w: w}) }

func (p *placer) cost(b box, self string) float64 {
	c := wOut * b.outside(p.bounds)
	for _, o := range p.obs {
		if o.b.x1 <= b.x0 || o.b.x0 >= b.x1 || o.b.y1 <= b.y0 || o.b.y0 >= b.y1 {
			continue
		}
		if self != "" && o.own == self {
			continue
		}
		c += o.w * b.overlap(o.b)
	}
	return c
}

// best returns the cheapest candidate, with extra[i] (>= 0) added to
// candidate i's cost; ties go to the earliest. Candidates are tried by
// increasing extra, so the search stops as soon as no candidate left can
// beat the best found.
func (p *placer) best(cands []box, extra []float64, self string) (box, float64) {
	idx := make([]int, len(cands))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return extra[idx[a]] < extra[idx[b]] })
	bi, bc := -1, math.Inf(1)
	for _, i := range idx {
		if extra[i] > bc+1e-9 {
			break
		}
		c := p.cost(cands[i], self) + extra[i]
		if c < bc-1e-9 || (c <= bc+1e-9 && i < bi) {
			bi, bc = i, c
		}
	}
	return cands[bi], bc
}

// around lists boxes of size w x h touching a disc of radius r at (x, y)
// from eight directions, at growing distances, with the distance of each.
func around(x, y, r, w, h float64, gaps []float64) ([]box, []float64) {
	var bs []box
	var ds []float64
	for _, g := range gaps {
		d := r + g
		e := d * 0.7071
		cands := []box{
			bx(x+d, y-h/2, w, h),   // east
			bx(x-d-w, y-h/2, w, h), // west
			bx(x-w/2, y+d, w, h),   // south
			bx(x-w/2, y-d-h, w, h), // north
			bx(x+e, y+e, w, h),     // south-east
			bx(x+e, y-e-h, w, h),   // north-east
			bx(x-e-w, y+e, w, h),   // south-west
			bx(x-e-w, y-e-h, w, h), // north-west
			bx(x+d, y-h+r, w, h),   // east, hanging up
			bx(x+d, y-r, w, h),     // east, hanging down
			bx(x-d-w, y-h+r, w, h), // west, up
			bx(x-d-w, y-r, w, h),   // west, down
			bx(x-r, y+d, w, h),     // south, to the right
			bx(x+r-w, y+d, w, h),   // south, to the left
			bx(x-r, y-d-h, w, h),   // north, right
			bx(x+r-w, y-d-h, w, h), // north, left
		}
		for _, b := range cands {
			bs = append(bs, b)
			ds = append(ds, g)
		}
	}
	return bs, ds
}

// pointIn reports whether (x, y) is inside the polygon (even-odd).
func pointIn(poly [][2]float64, x, y float64) bool {
	in := false
	j := len(poly) - 1
	for i := range poly {
		xi, yi := poly[i][0], poly[i][1]
		xj, yj := poly[j][0], poly[j][1]
		if (yi > y) != (yj > y) && x < (xj-xi)*(y-yi)/(yj-yi)+xi {
			in = !in
		}
		j = i
	}
	return in
}

// hatch returns the segments of parallel lines at angle (radians),
// spacing apart, clipped to the polygon.
func hatch(poly [][2]float64, angle, spacing, phase float64) [][4]float64 {
	if len(poly) < 3 {
		return nil
	}
	// Rotate the polygon so the lines are horizontal, scan, rotate back.
	s, c := math.Sin(-angle), math.Cos(-angle)
	rp := make([][2]float64, len(poly))
	y0, y1 := math.Inf(1), math.Inf(-1)
	for i, p := range poly {
		rp[i] = [2]float64{p[0]*c - p[1]*s, p[0]*s + p[1]*c}
		y0 = math.Min(y0, rp[i][1])
		y1 = math.Max(y1, rp[i][1])
	}
	var out [][4]float64
	bs, bc := math.Sin(angle), math.Cos(angle)
	start := math.Floor((y0-phase)/spacing)*spacing + phase
	for y := start; y <= y1; y += spacing {
		if y <= y0 {
			continue
		}
		var xs []float64
		j := len(rp) - 1
		for i := range rp {
			a, b := rp[i], rp[j]
			if (a[1] > y) != (b[1] > y) {
				xs = append(xs, a[0]+(y-a[1])*(b[0]-a[0])/(b[1]-a[1]))
			}
			j = i
		}
		sortFloats(xs)
		for k := 0; k+1 < len(xs); k += 2 {
			ax, bx := xs[k], xs[k+1]
			out = append(out, [4]float64{ax*bc - y*bs, ax*bs + y*bc, bx*bc - y*bs, bx*bs + y*bc})
		}
	}
	return out
}

func sortFloats(xs []float64) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// polyBox is a polygon's bounding box.
func polyBox(poly [][2]float64) box {
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range poly {
		b.x0, b.y0 = math.Min(b.x0, p[0]), math.Min(b.y0, p[1])
		b.x1, b.y1 = math.Max(b.x1, p[0]), math.Max(b.y1, p[1])
	}
	return b
}

// boxIn reports whether a box lies inside a polygon (corners and centre).
func boxIn(poly [][2]float64, b box) bool {
	for _, p := range [][2]float64{{b.x0, b.y0}, {b.x1, b.y0}, {b.x0, b.y1}, {b.x1, b.y1}, {b.cx(), b.cy()}} {
		if !pointIn(poly, p[0], p[1]) {
			return false
		}
	}
	return true
}
