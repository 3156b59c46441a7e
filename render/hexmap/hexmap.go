// Package hexmap is the pixel layout of a pointy-topped hex grid (the
// geometry of package adjudicator/hexgrid: rows numbered upward from the
// south edge, columns eastward, even rows half a hex east) and the
// drawing helpers the hex-map titles share: a hex's centre, its corners,
// the side two neighbours share.
package hexmap

import "math"

// Layout places a grid of Rows rows on an image: hexes W pixels across
// the flats, Margin pixels from the image's top-left corner, row Rows at
// the top.
type Layout struct {
	W      float64 // across the flats, centre to centre along a row
	Margin float64
	Rows   int
}

// S is a hex's side: centre to corner.
func (l Layout) S() float64 { return l.W / math.Sqrt(3) }

// RowDY is the vertical distance between two rows.
func (l Layout) RowDY() float64 { return 1.5 * l.S() }

// Size is the width and height of the grid of l.Rows rows and cols
// columns, margins included.
func (l Layout) Size(cols int) (w, h float64) {
	w = l.Margin*2 + l.W*float64(cols) + l.W/2
	h = l.Margin*2 + 2*l.S() + l.RowDY()*float64(l.Rows-1)
	return w, h
}

// Center is the pixel centre of hex (row, col).
func (l Layout) Center(row, col int) (x, y float64) {
	x = l.Margin + l.W/2 + l.W*float64(col-1)
	if row%2 == 0 {
		x += l.W / 2
	}
	y = l.Margin + l.S() + l.RowDY()*float64(l.Rows-row)
	return x, y
}

// Corners of the hex centred at (x, y), clockwise from the top.
func (l Layout) Corners(x, y float64) [6][2]float64 {
	s, w := l.S(), l.W
	return [6][2]float64{{x, y - s}, {x + w/2, y - s/2}, {x + w/2, y + s/2}, {x, y + s}, {x - w/2, y + s/2}, {x - w/2, y - s/2}}
}

// Edge is the side of the hex centred at (ax, ay) that it shares with its
// neighbour centred at (bx, by): the two corners nearest the midpoint.
func (l Layout) Edge(ax, ay, bx, by float64) (x0, y0, x1, y1 float64) {
	cs := l.Corners(ax, ay)
	mx, my := (ax+bx)/2, (ay+by)/2
	best, second := -1, -1
	bd, sd := math.Inf(1), math.Inf(1)
	for i, c := range cs {
		d := math.Hypot(c[0]-mx, c[1]-my)
		switch {
		case d < bd:
			second, sd = best, bd
			best, bd = i, d
		case d < sd:
			second, sd = i, d
		}
	}
	return cs[best][0], cs[best][1], cs[second][0], cs[second][1]
}

// At is the hex (row, col) whose centre is nearest to pixel (x, y); it may
// lie outside the grid.
func (l Layout) At(x, y float64) (row, col int) {
	r0 := l.Rows - int(math.Round((y-l.Margin-l.S())/l.RowDY()))
	best := math.Inf(1)
	for r := r0 - 1; r <= r0+1; r++ {
		off := 0.0
		if r%2 == 0 {
			off = l.W / 2
		}
		c0 := int(math.Round((x-l.Margin-l.W/2-off)/l.W)) + 1
		for c := c0 - 1; c <= c0+1; c++ {
			cx, cy := l.Center(r, c)
			if d := math.Hypot(cx-x, cy-y); d < best {
				best, row, col = d, r, c
			}
		}
	}
	return row, col
}
