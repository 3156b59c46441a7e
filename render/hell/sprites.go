package hellmap

import (
	"fmt"
	"image"
	"math"
	"sync"

	"github.com/umpirebot/umpire/render"
)

// Sprites are the marks of the dynamic layer that are always the same
// shape in the same place (a zone's trench hatching, a PA's marker, a
// highlight ring): each is rasterised the first time it is drawn and kept
// (render.Shape), and painting it gives the pixels drawing it would.
type sprites struct {
	mu      sync.Mutex
	m       map[spriteKey]*render.Shape
	measure *render.Canvas // measures the badges' text
	cands   map[candKey]*cands
}

type spriteKey struct {
	kind sprite
	at   string // zone or PA id
	n    int    // trench level
}

type sprite int

const (
	zoneHatch      sprite = iota // n: 1, 2, 3 (and more)
	zoneBadge                    // the trench badge's pill; n: its level
	zoneBadgeEdge                //
	zoneHot                      // the highlight ring
	zoneHotEdge                  // its black edge, under it
	paRing                       // the trench ring; n: 1 (levels 1-2) or 3
	paFr                         // French disc
	paFrEdge                     //
	paVM                         // VM diamond
	paVMEdge                     //
	paHot                        // the highlight disc
	paHotEdge                    //
	arrow                        // at: from, to and kind; n: which of the pair's arrows
	arrowEdge                    //
	arrowCount                   // the count on an arrow; at: as arrow's and the count
	arrowCountEdge               //
	weatherPill                  // at: where, and the season
	weatherIcon                  // n: its parts
)

// maxShapes bounds the shapes kept: the map's own (zones, PAs, the
// weather) are a few hundred, arrows vary with every move; when full, all
// are dropped and made again as needed. (At 8,192, the load test's soak
// heap grew by some 2.5 MiB a minute, arrows' shapes mostly.)
const maxShapes = 1024

// sprite returns a sprite, rasterised on first use.
func (h *board) sprite(kind sprite, at string, n int) *render.Shape {
	k := spriteKey{kind, at, n}
	return h.shape(k, func() *render.Shape { return h.rasterise(k) })
}

// shape returns the shape of key k, made by mk if new.
func (h *board) shape(k spriteKey, mk func() *render.Shape) *render.Shape {
	h.spr.mu.Lock()
	defer h.spr.mu.Unlock()
	if s, ok := h.spr.m[k]; ok {
		return s
	}
	if h.spr.m == nil || len(h.spr.m) >= maxShapes {
		h.spr.m = map[spriteKey]*render.Shape{}
	}
	if h.spr.measure == nil {
		h.spr.measure = render.NewCanvas(image.NewRGBA(image.Rect(0, 0, 1, 1)))
	}
	s := mk()
	h.spr.m[k] = s
	return s
}

func (h *board) rasterise(k spriteKey) *render.Shape {
	sz := h.Size()
	var p render.Path
	switch k.kind {
	case zoneHatch:
		g := h.zoneBy[k.at]
		sp := 18.0
		if k.n >= 2 {
			sp = 11
		}
		for _, s := range render.Hatch(g.poly, -math.Pi/4, sp, 0) {
			p.DrawLine(s[0], s[1], s[2], s[3])
		}
		if k.n >= 3 {
			for _, s := range render.Hatch(g.poly, math.Pi/4, sp, 0) {
				p.DrawLine(s[0], s[1], s[2], s[3])
			}
		}
		return p.Stroke(sz, 1.1)
	case zoneBadge, zoneBadgeEdge:
		_, badge := h.trenchPlate(h.spr.measure, h.zoneBy[k.at])
		badgePath(&p, h.spr.measure, badge.X0, badge.Y0, k.n)
		if k.kind == zoneBadge {
			return p.Fill(sz)
		}
		return p.Stroke(sz, 1)
	case zoneHot:
		poly(&p, h.zoneBy[k.at].poly)
		return p.Stroke(sz, 4)
	case zoneHotEdge:
		poly(&p, h.zoneBy[k.at].poly)
		return p.Stroke(sz, 7)
	}
	g := h.paBy[k.at]
	switch k.kind {
	case paRing:
		ringPath(&p, g.x, g.y)
		if k.n >= 3 {
			return p.Stroke(sz, 2.2)
		}
		return p.Stroke(sz, 1.4)
	case paFr:
		p.DrawCircle(g.x, g.y, discR)
		return p.Fill(sz)
	case paFrEdge:
		p.DrawCircle(g.x, g.y, discR)
		return p.Stroke(sz, 2)
	case paVM:
		diamondPath(&p, g.x, g.y, discR+2.5)
		return p.Fill(sz)
	case paVMEdge:
		diamondPath(&p, g.x, g.y, discR+2.5)
		return p.Stroke(sz, 1.8)
	case paHot:
		p.DrawCircle(g.x, g.y, discR+11)
		return p.Fill(sz)
	case paHotEdge:
		p.DrawCircle(g.x, g.y, discR+11)
		return p.Stroke(sz, 1.5)
	}
	panic(fmt.Sprintf("hellmap: no sprite %v", k))
}

// The paths of the sprites, shared with drawing the same marks on the
// canvas (the legend).

type pather interface {
	MoveTo(x, y float64)
	LineTo(x, y float64)
	ClosePath()
	NewSubPath()
	DrawRoundedRectangle(x, y, w, h, r float64)
}

// poly traces a closed polygon, as render.Canvas.Poly.
func poly(p pather, pts [][2]float64) {
	p.NewSubPath()
	for i, q := range pts {
		if i == 0 {
			p.MoveTo(q[0], q[1])
		} else {
			p.LineTo(q[0], q[1])
		}
	}
	p.ClosePath()
}

// ringPath is the toothed ring of a VM trench around a PA.
func ringPath(p pather, x, y float64) {
	r := discR + 6
	teeth := 14
	p.NewSubPath()
	for i := 0; i <= 2*teeth; i++ {
		a := float64(i) * math.Pi / float64(teeth)
		rr := r
		if i%2 == 1 {
			rr = r + 3.5
		}
		px, py := x+rr*math.Cos(a), y+rr*math.Sin(a)
		if i == 0 {
			p.MoveTo(px, py)
		} else {
			p.LineTo(px, py)
		}
	}
	p.ClosePath()
}

func diamondPath(p pather, x, y, r float64) {
	p.NewSubPath()
	p.MoveTo(x, y-r)
	p.LineTo(x+r, y)
	p.LineTo(x, y+r)
	p.LineTo(x-r, y)
	p.ClosePath()
}

// countPath traces the pill of a count badge centred on the corner
// (x, y); m measures its text.
func countPath(p pather, m *render.Canvas, x, y float64, n int) {
	m.Font(11.5, true)
	w := m.Width(fmt.Sprintf("×%d", n)) + 8
	p.DrawRoundedRectangle(x-w+4, y-10, w, 15, 7)
}

// badgePath traces the pill of a trench badge at (x, y); m measures its
// text.
func badgePath(p pather, m *render.Canvas, x, y float64, lv int) {
	m.Font(9.5, true)
	w := m.Width(fmt.Sprintf("trench %d", lv)) + 8
	p.DrawRoundedRectangle(x, y, w, 14, 3)
}
