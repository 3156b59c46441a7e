package hexmap

import (
	"math"
	"testing"

	"github.com/umpirebot/umpire/adjudicator/hexgrid"
)

// Neighbours in the grid's geometry are one hex width apart on the image,
// and share exactly the side Edge names: two corners of both hexes.
func TestNeighboursShareAnEdge(t *testing.T) {
	l := Layout{W: 40, Margin: 10, Rows: 8}
	for r := 1; r <= 8; r++ {
		for c := 1; c <= 6; c++ {
			ax, ay := l.Center(r, c)
			for _, n := range hexgrid.Neighbors(r, c) {
				bx, by := l.Center(n[0], n[1])
				if d := math.Hypot(ax-bx, ay-by); math.Abs(d-l.W) > 1e-9 {
					t.Fatalf("%s-%s: centres %.3f apart, want %.0f", hexgrid.ID(r, c), hexgrid.ID(n[0], n[1]), d, l.W)
				}
				x0, y0, x1, y1 := l.Edge(ax, ay, bx, by)
				u0, v0, u1, v1 := l.Edge(bx, by, ax, ay)
				same := func(a, b, c, d float64) bool { return math.Abs(a-c) < 1e-9 && math.Abs(b-d) < 1e-9 }
				if !(same(x0, y0, u0, v0) && same(x1, y1, u1, v1) || same(x0, y0, u1, v1) && same(x1, y1, u0, v0)) {
					t.Fatalf("%s-%s: edges differ", hexgrid.ID(r, c), hexgrid.ID(n[0], n[1]))
				}
			}
		}
	}
}

func TestRowOneIsAtTheBottomAndAtInvertsCenter(t *testing.T) {
	l := Layout{W: 30, Margin: 5, Rows: 10}
	_, yTop := l.Center(10, 1)
	_, yBot := l.Center(1, 1)
	if yTop >= yBot {
		t.Errorf("row 10 at y=%.1f, row 1 at y=%.1f: rows grow upward", yTop, yBot)
	}
	if x, y := l.Center(10, 1); math.Abs(x-(5+15+15)) > 1e-9 || math.Abs(y-(5+l.S())) > 1e-9 {
		t.Errorf("top-left hex (row 10 even: half a hex east) at %.2f,%.2f", x, y)
	}
	for r := 1; r <= 10; r++ {
		for c := 1; c <= 7; c++ {
			x, y := l.Center(r, c)
			if gr, gc := l.At(x+3, y-4); gr != r || gc != c {
				t.Errorf("At(Center(%d,%d)) = %d,%d", r, c, gr, gc)
			}
		}
	}
	w, h := l.Size(7)
	if w != 5*2+30*7+15 || math.Abs(h-(10+2*l.S()+l.RowDY()*9)) > 1e-9 {
		t.Errorf("size %.1f x %.1f", w, h)
	}
}
