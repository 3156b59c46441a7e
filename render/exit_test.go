package render

import "testing"

// Box.Exit: where a segment from inside a box leaves it, through a side
// or a corner, or its far end when that is inside too.
func TestBox_Exit(t *testing.T) {
	b := Corners(0, 0, 10, 20)
	for _, c := range []struct {
		x, y, tx, ty, wx, wy float64
	}{
		{5, 10, 25, 10, 10, 10}, // east side
		{5, 10, 5, -30, 5, 0},   // north side
		{5, 10, -15, 30, 0, 15}, // west side, before the south
		{5, 10, -5, 30, 0, 20},  // through the south-west corner
		{5, 10, 8, 12, 8, 12},   // the far end inside
		{5, 10, 5, 10, 5, 10},   // no length
	} {
		if x, y := b.Exit(c.x, c.y, c.tx, c.ty); x != c.wx || y != c.wy {
			t.Errorf("Exit(%v, %v -> %v, %v) = %v, %v; want %v, %v", c.x, c.y, c.tx, c.ty, x, y, c.wx, c.wy)
		}
	}
}
