package render

import (
	"cmp"
	"math"
	mbits "math/bits"
	"slices"
	"sync"
)

// Geometry helpers and a greedy placer for counter stacks and labels:
// each item tries candidate boxes near its anchor and takes the cheapest,
// where cost is overlap with what is already placed, with fixed
// obstacles, leaving the bounds, and distance from the anchor. Items are
// placed in a fixed order, so the layout is deterministic.

// Box is an axis-aligned rectangle in pixels, from (X0, Y0) to (X1, Y1).
type Box struct{ X0, Y0, X1, Y1 float64 }

// Corners is the box from (x0, y0) to (x1, y1).
func Corners(x0, y0, x1, y1 float64) Box { return Box{x0, y0, x1, y1} }

// BoxAt is the box of size w x h with its top-left corner at (x, y).
func BoxAt(x, y, w, h float64) Box { return Box{x, y, x + w, y + h} }

// W is the box's width.
func (b Box) W() float64 { return b.X1 - b.X0 }

// H is the box's height.
func (b Box) H() float64 { return b.Y1 - b.Y0 }

// CX is the x of the box's centre.
func (b Box) CX() float64 { return (b.X0 + b.X1) / 2 }

// CY is the y of the box's centre.
func (b Box) CY() float64 { return (b.Y0 + b.Y1) / 2 }

// Grow is the box with d added on every side (d < 0 shrinks it).
func (b Box) Grow(d float64) Box { return Box{b.X0 - d, b.Y0 - d, b.X1 + d, b.Y1 + d} }

// Exit is where the segment from (x, y), inside b, towards (tx, ty)
// leaves b; (tx, ty) itself when it is inside b too (an arrow's tail
// leaving the stack it starts from, its head stopping at the one it
// points at).
func (b Box) Exit(x, y, tx, ty float64) (float64, float64) {
	t := 1.0
	dx, dy := tx-x, ty-y
	if dx > 0 {
		t = math.Min(t, (b.X1-x)/dx)
	} else if dx < 0 {
		t = math.Min(t, (b.X0-x)/dx)
	}
	if dy > 0 {
		t = math.Min(t, (b.Y1-y)/dy)
	} else if dy < 0 {
		t = math.Min(t, (b.Y0-y)/dy)
	}
	t = math.Max(t, 0)
	return x + dx*t, y + dy*t
}

// Overlap is the area b shares with o.
func (b Box) Overlap(o Box) float64 {
	w := math.Min(b.X1, o.X1) - math.Max(b.X0, o.X0)
	h := math.Min(b.Y1, o.Y1) - math.Max(b.Y0, o.Y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// outside is the area of b outside o.
func (b Box) outside(o Box) float64 { return b.W()*b.H() - b.Overlap(o) }

// Nearest is the point of the box nearest (x, y).
func (b Box) Nearest(x, y float64) (float64, float64) {
	return math.Max(b.X0, math.Min(x, b.X1)), math.Max(b.Y0, math.Min(y, b.Y1))
}

// Obstacle is something placed items should avoid, with a weight per
// square pixel of overlap.
type Obstacle struct {
	Box    Box
	Weight float64
	Owner  string // the item this obstacle belongs to (it does not repel it)
}

// Placer places boxes greedily, each where it overlaps least with its
// Obstacles and stays inside Bounds; what it places becomes an obstacle
// for the next.
type Placer struct {
	Bounds    Box
	Obstacles []Obstacle

	grid grid // where the obstacles are, to cost a box by those near it
}

// Weights of overlap per square pixel, for Obstacle.Weight.
const (
	WeightPlaced = 60.0 // another stack: never, if there is any room
	WeightMarker = 40.0 // a place's marker on the map
	WeightLabel  = 4.0  // a label, a minor mark
)

// weightOut is the cost per square pixel outside the bounds.
const weightOut = 200.0

// Add adds an obstacle with weight w.
func (p *Placer) Add(b Box, w float64) {
	p.Obstacles = append(p.Obstacles, Obstacle{Box: b, Weight: w})
}

func (p *Placer) cost(b Box, self string) float64 {
	c := weightOut * b.outside(p.Bounds)
	// the obstacles that may overlap b, in the order they were added (the
	// sum is the same, to the last bit, as over all of them)
	near := p.grid.near(p, b)
	for w, bits := range near {
		for ; bits != 0; bits &= bits - 1 {
			o := &p.Obstacles[w*64+mbits.TrailingZeros64(bits)]
			if o.Box.X1 <= b.X0 || o.Box.X0 >= b.X1 || o.Box.Y1 <= b.Y0 || o.Box.Y0 >= b.Y1 {
				continue
			}
			if self != "" && o.Owner == self {
				continue
			}
			c += o.Weight * b.Overlap(o.Box)
		}
	}
	return c
}

// grid buckets a Placer's obstacles by the cells of a square grid over
// its bounds they meet (what lies outside goes to the edge cells).
type grid struct {
	n          int // obstacles bucketed
	bounds     Box
	cols, rows int
	cells      [][]int32
	hits       []uint64 // a query's answer: a bit per obstacle
}

const gridCell = 48.0

// span is the range of cells a box meets, clamped to the grid.
func (g *grid) span(b Box) (c0, r0, c1, r1 int) {
	cl := func(v float64, n int) int {
		v = math.Floor(v / gridCell)
		if !(v >= 0) { // and NaN
			return 0
		}
		if v > float64(n-1) {
			return n - 1
		}
		return int(v)
	}
	return cl(b.X0-g.bounds.X0, g.cols), cl(b.Y0-g.bounds.Y0, g.rows), cl(b.X1-g.bounds.X0, g.cols), cl(b.Y1-g.bounds.Y0, g.rows)
}

// near sets a bit for each obstacle that shares a cell with b.
func (g *grid) near(p *Placer, b Box) []uint64 {
	if g.cells == nil || g.bounds != p.Bounds || g.n > len(p.Obstacles) {
		*g = grid{bounds: p.Bounds}
		g.cols = max(1, int(math.Ceil(p.Bounds.W()/gridCell)))
		g.rows = max(1, int(math.Ceil(p.Bounds.H()/gridCell)))
		if !(p.Bounds.W() > 0 && p.Bounds.H() > 0) || g.cols*g.rows > 1<<16 {
			g.cols, g.rows = 1, 1
		}
		g.cells = make([][]int32, g.cols*g.rows)
	}
	for ; g.n < len(p.Obstacles); g.n++ {
		c0, r0, c1, r1 := g.span(p.Obstacles[g.n].Box)
		for r := r0; r <= r1; r++ {
			for c := c0; c <= c1; c++ {
				g.cells[r*g.cols+c] = append(g.cells[r*g.cols+c], int32(g.n))
			}
		}
	}
	if n := (g.n + 63) / 64; len(g.hits) != n {
		g.hits = make([]uint64, n)
	} else {
		clear(g.hits)
	}
	c0, r0, c1, r1 := g.span(b)
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			for _, i := range g.cells[r*g.cols+c] {
				g.hits[i>>6] |= 1 << (i & 63)
			}
		}
	}
	return g.hits
}

// Best returns the cheapest candidate, with extra[i] (>= 0) added to
// candidate i's cost, and its cost; obstacles owned by self cost nothing;
// ties go to the earliest. Candidates are tried by increasing extra, so
// the search stops as soon as no candidate left can beat the best found.
// It does not add the box: call Add.
func (p *Placer) Best(cands []Box, extra []float64, self string) (Box, float64) {
	// Visit by extra, ties by index (the order of a stable sort by
	// extra), popping a heap: the search usually stops long before the
	// last candidate.
	less := func(a, b int) bool { return extra[a] < extra[b] || (extra[a] == extra[b] && a < b) }
	h := make([]int, len(cands))
	for i := range h {
		h[i] = i
	}
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= len(h) {
				return
			}
			if r := l + 1; r < len(h) && less(h[r], h[l]) {
				l = r
			}
			if !less(h[l], h[i]) {
				return
			}
			h[i], h[l] = h[l], h[i]
			i = l
		}
	}
	for i := len(h)/2 - 1; i >= 0; i-- {
		down(i)
	}
	bi, bc := -1, math.Inf(1)
	for len(h) > 0 {
		i := h[0]
		if extra[i] > bc+1e-9 {
			break
		}
		h[0] = h[len(h)-1]
		h = h[:len(h)-1]
		down(0)
		bi, bc = p.try(cands, extra, self, i, bi, bc)
	}
	return cands[bi], bc
}

// try costs candidate i and returns the better of it and the best so far.
func (p *Placer) try(cands []Box, extra []float64, self string, i, bi int, bc float64) (int, float64) {
	c := p.cost(cands[i], self) + extra[i]
	if c < bc-1e-9 || (c <= bc+1e-9 && i < bi) {
		return i, c
	}
	return bi, bc
}

// Candidates are where an item may go, with the extra cost of each, for
// placing items of the same size at the same anchor again: BestOf keeps
// the order in which to try them.
type Candidates struct {
	Boxes []Box
	Extra []float64

	once  sync.Once
	order []int // by extra, ties by index
}

// BestOf is Best over cs.
func (p *Placer) BestOf(cs *Candidates, self string) (Box, float64) {
	i, c := p.BestIndexOf(cs, self)
	return cs.Boxes[i], c
}

// BestIndexOf is BestOf's choice as its index in cs.Boxes, for a caller
// that keeps more of each candidate beside it (-1 when cs is empty).
func (p *Placer) BestIndexOf(cs *Candidates, self string) (int, float64) {
	cs.once.Do(func() {
		cs.order = make([]int, len(cs.Boxes))
		for i := range cs.order {
			cs.order[i] = i
		}
		slices.SortFunc(cs.order, func(a, b int) int {
			if c := cmp.Compare(cs.Extra[a], cs.Extra[b]); c != 0 {
				return c
			}
			return a - b
		})
	})
	bi, bc := -1, math.Inf(1)
	for _, i := range cs.order {
		if cs.Extra[i] > bc+1e-9 {
			break
		}
		bi, bc = p.try(cs.Boxes, cs.Extra, self, i, bi, bc)
	}
	return bi, bc
}

// Around lists boxes of size w x h touching a disc of radius r at (x, y)
// from eight directions, at the distances gaps from the disc, with the
// gap of each: candidates for Placer.Best.
func Around(x, y, r, w, h float64, gaps []float64) ([]Box, []float64) {
	var bs []Box
	var ds []float64
	for _, g := range gaps {
		d := r + g
		e := d * 0.7071
		cands := []Box{
			BoxAt(x+d, y-h/2, w, h),   // east
			BoxAt(x-d-w, y-h/2, w, h), // west
			BoxAt(x-w/2, y+d, w, h),   // south
			BoxAt(x-w/2, y-d-h, w, h), // north
			BoxAt(x+e, y+e, w, h),     // south-east
			BoxAt(x+e, y-e-h, w, h),   // north-east
			BoxAt(x-e-w, y+e, w, h),   // south-west
			BoxAt(x-e-w, y-e-h, w, h), // north-west
			BoxAt(x+d, y-h+r, w, h),   // east, hanging up
			BoxAt(x+d, y-r, w, h),     // east, hanging down
			BoxAt(x-d-w, y-h+r, w, h), // west, up
			BoxAt(x-d-w, y-r, w, h),   // west, down
			BoxAt(x-r, y+d, w, h),     // south, to the right
			BoxAt(x+r-w, y+d, w, h),   // south, to the left
			BoxAt(x-r, y-d-h, w, h),   // north, right
			BoxAt(x+r-w, y-d-h, w, h), // north, left
		}
		for _, b := range cands {
			bs = append(bs, b)
			ds = append(ds, g)
		}
	}
	return bs, ds
}

// PointIn reports whether (x, y) is inside the polygon (even-odd).
func PointIn(poly [][2]float64, x, y float64) bool {
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

// Hatch returns the segments (x0, y0, x1, y1) of parallel lines at angle
// (radians), spacing apart and offset by phase, clipped to the polygon.
func Hatch(poly [][2]float64, angle, spacing, phase float64) [][4]float64 {
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

// PolyBox is a polygon's bounding box.
func PolyBox(poly [][2]float64) Box {
	b := Box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range poly {
		b.X0, b.Y0 = math.Min(b.X0, p[0]), math.Min(b.Y0, p[1])
		b.X1, b.Y1 = math.Max(b.X1, p[0]), math.Max(b.Y1, p[1])
	}
	return b
}

// BoxIn reports whether a box lies inside a polygon (its corners and
// centre do).
func BoxIn(poly [][2]float64, b Box) bool {
	for _, p := range [][2]float64{{b.X0, b.Y0}, {b.X1, b.Y0}, {b.X0, b.Y1}, {b.X1, b.Y1}, {b.CX(), b.CY()}} {
		if !PointIn(poly, p[0], p[1]) {
			return false
		}
	}
	return true
}

// Densest is the index of the spot that fits with the most spots (itself
// included), the last of those that tie: the middle of a close-up that
// is to show as many of them as it can. fits must be symmetric. It is
// -1 when there are no spots.
func Densest[T any](spots []T, fits func(a, b T) bool) int {
	best, most := -1, 0
	for i, c := range spots {
		n := 0
		for _, o := range spots {
			if fits(c, o) {
				n++
			}
		}
		if n >= most {
			best, most = i, n
		}
	}
	return best
}
