package hellmap

import (
	"image"
	"math"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
)

// laidOut is a view's board laid out as Dynamic lays it out: its marks,
// its cards, and where each counter and tray is.
type laidOut struct {
	h      *board
	m      *marks
	cards  []*card
	pieces map[string]render.Box // counters of named units, by id
	trays  map[string]render.Box // zone and base trays, by place
}

func layOut(t *testing.T, v adjudicator.View) laidOut {
	t.Helper()
	b, err := boardOf(v)
	if err != nil {
		t.Fatal(err)
	}
	h := newBoard(testData)
	m := h.marks(b)
	cards := h.layout(render.NewCanvas(image.NewRGBA(image.Rect(0, 0, hellW, hellH))), b, m)
	return laidOut{h: h, m: m, cards: cards, pieces: h.pieceBoxes(cards), trays: trayBoxes(cards)}
}

// arrow is where the arrow of the move from -> to (of unit, "" when
// the view does not name it) runs.
func (l laidOut) arrow(t *testing.T, from, to, unit string) arrowGeo {
	t.Helper()
	for _, mv := range l.m.moves {
		if mv.from == from && mv.to == to && mv.unit == unit {
			g, ok := l.h.arrowEnds(mv, l.pieces, l.trays)
			if !ok {
				t.Fatalf("%s -> %s (%q): no arrow drawn", from, to, unit)
			}
			return g
		}
	}
	t.Fatalf("no move %s -> %s (%q) in the marks %+v", from, to, unit, l.m.moves)
	return arrowGeo{}
}

// onEdge reports whether (x, y) is on b's outline.
func onEdge(b render.Box, x, y float64) bool {
	return inside(b.Grow(0.01), x, y) && !inside(b.Grow(-0.01), x, y)
}

// covers reports the counter or zone name (x, y) lies on, if any.
func (l laidOut) covers(x, y float64) string {
	for id, b := range l.pieces {
		if inside(b.Grow(-0.5), x, y) {
			return "the counter of " + id
		}
	}
	for _, g := range l.h.zones {
		if inside(g.labelBox, x, y) {
			return "the name of zone " + g.z.ID
		}
	}
	return ""
}

// Issue 30, item 2 (5.3's moves into assault bases, cmd/umpire's
// hand-off): the battalions that moved into E>B1 stand by its chevron,
// and each arrow runs from where zone E's stack stood to the counter of
// the battalion that moved, its tail on no counter or name, in every
// view (the engaged battalions are revealed).
func TestArrows_5_3_MovesIntoAssaultBasesEndAtTheirCounters(t *testing.T) {
	g := basesMoved(t)
	for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(hell.French), adjudicator.ViewerOf(hell.VM)} {
		l := layOut(t, g.view(v))
		base := l.h.base("E>B1")
		if tray, ok := l.trays["E>B1"]; !ok || !inside(tray.Grow(12), base.x, base.y) {
			t.Errorf("%s: E>B1's tray %+v is not by its chevron (%.0f, %.0f)", v, tray, base.x, base.y)
		}
		ex, ey := l.h.locPoint("E")
		for _, c := range []struct{ to, unit string }{{"E>B1", "312/209/130"}, {"E>B1", "312/209/154"}, {"E>G2", "312/141/11"}} {
			a := l.arrow(t, "E", c.to, c.unit)
			if !a.toCounter || !onEdge(l.pieces[c.unit], a.tx, a.ty) {
				t.Errorf("%s: the arrow to %s ends at (%.1f, %.1f), not on its counter %+v", v, c.unit, a.tx, a.ty, l.pieces[c.unit])
			}
			if a.ax != ex || a.ay != ey {
				t.Errorf("%s: the arrow to %s starts at (%.1f, %.1f), not where E's stack stood (%.1f, %.1f)", v, c.unit, a.ax, a.ay, ex, ey)
			}
			if s := l.covers(a.ax, a.ay); s != "" {
				t.Errorf("%s: the arrow to %s starts on %s", v, c.unit, s)
			}
		}
	}
}

// Issue 30, item 2: a move's arrow starts at the edge of the stack its
// zone still holds (N, K) and ends at the moved battalion's counter, or,
// where the view does not name it, at the edge of the stack it joined;
// from a zone left empty (P) it starts where the stack stood.
func TestArrows_MovesRunFromStackToStack(t *testing.T) {
	g := zoneMoves(t)
	vm := layOut(t, g.view(adjudicator.ViewerOf(hell.VM)))
	pub := layOut(t, g.view(adjudicator.Public))
	for _, c := range []struct {
		l              laidOut
		from, to, unit string
	}{
		{vm, "N", "K", "308/36/89"}, {vm, "K", "M", "312/165/542"}, {vm, "P", "Q", "308/102/18"},
		{pub, "N", "K", ""}, {pub, "K", "M", ""}, {pub, "P", "Q", ""},
	} {
		a := c.l.arrow(t, c.from, c.to, c.unit)
		if from, ok := c.l.trays[c.from]; ok {
			if !onEdge(from, a.ax, a.ay) {
				t.Errorf("%s -> %s (%q): starts at (%.1f, %.1f), not on %s's stack %+v", c.from, c.to, c.unit, a.ax, a.ay, c.from, from)
			}
		} else if x, y := c.l.h.locPoint(c.from); a.ax != x || a.ay != y {
			t.Errorf("%s -> %s (%q): starts at (%.1f, %.1f), not at the middle of the empty %s", c.from, c.to, c.unit, a.ax, a.ay, c.from)
		}
		want := c.l.trays[c.to]
		if c.unit != "" {
			want = c.l.pieces[c.unit]
		}
		if !onEdge(want, a.tx, a.ty) {
			t.Errorf("%s -> %s (%q): ends at (%.1f, %.1f), not on %+v", c.from, c.to, c.unit, a.tx, a.ty, want)
		}
		if math.Hypot(a.tx-a.ax, a.ty-a.ay) < minEdge {
			t.Errorf("%s -> %s (%q): %.1f px long", c.from, c.to, c.unit, math.Hypot(a.tx-a.ax, a.ty-a.ay))
		}
	}
}

// An arrow's count sits by its shaft, nearer the tail, and off the
// stacks: where a stack covers its first place it takes the next clear
// one; with none clear, the first.
func TestArrows_CountKeepsOffTheStacks(t *testing.T) {
	ax, ay, tx, ty, w := 100.0, 100.0, 100.0, 300.0, 26.0
	x0, y0 := countSpot(ax, ay, tx, ty, w, nil)
	if x0 != 114 || y0 != 187 {
		t.Fatalf("no stacks: at (%v, %v), want (114, 187), by the shaft 40%% of the way", x0, y0)
	}
	stack := countBox(x0, y0, w).Grow(3)
	x1, y1 := countSpot(ax, ay, tx, ty, w, []render.Box{stack})
	if countBox(x1, y1, w).Overlap(stack) > 0 {
		t.Errorf("a stack where the count goes: the count at (%v, %v) still covers it", x1, y1)
	}
	if d := math.Abs(x1 - ax); d > 20 {
		t.Errorf("the count moved %v off the shaft", d)
	}
	all := render.Corners(0, 0, 400, 400)
	if x, y := countSpot(ax, ay, tx, ty, w, []render.Box{all}); x != x0 || y != y0 {
		t.Errorf("no room: at (%v, %v), want the first place (%v, %v)", x, y, x0, y0)
	}
}
