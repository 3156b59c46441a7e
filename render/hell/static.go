package hellmap

import (
	"math"

	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
)

// Static draws the layer no view changes: terrain, zones, the Nam Youm,
// the airstrip, PA lines, assault bases, labels, the Isabelle inset's
// frame and the legend.
func (h *board) Static(c *render.Canvas) {
	c.Rect(0, 0, hellW, hellH, inkFrame)
	c.Rect(h.mapR.X0, h.mapR.Y0, h.mapR.X1, h.mapR.Y1, inkOffMap)
	// the inset frame
	c.Rect(h.insetR.X0, h.insetR.Y0, h.insetR.X1, h.insetR.Y1, inkOffMap)
	c.Frame(h.insetR.X0, h.insetR.Y0, h.insetR.X1, h.insetR.Y1, 1, inkPanelLn)
	c.Font(12, true)
	c.Text("ISABELLE", h.insetR.X0+8, h.insetR.Y0+14, 0, 0.5, inkTextLt)
	c.Font(10.5, false)
	c.Text("inset: 5 km south of the main camp", h.insetR.X0+76, h.insetR.Y0+14, 0, 0.5, inkTextDim)

	for _, g := range h.zones {
		h.zoneGround(c, g)
	}
	for _, g := range h.zones {
		if g.z.Kind != hell.ZoneCR {
			h.zoneEdge(c, g)
		}
	}
	for _, g := range h.zones {
		if g.z.Kind == hell.ZoneCR {
			h.zoneEdge(c, g)
		}
	}
	h.river(c)
	h.airstrip(c)
	h.paLines(c)
	h.assaultBases(c)
	for _, g := range h.zones {
		h.zoneLabel(c, g)
		if g.z.MountBaldy {
			h.mountBaldy(c, g)
		}
	}
	h.legend(c)
}

func (h *board) zoneGround(c *render.Canvas, g *zoneGeo) {
	z := g.z
	fill := inkFlat
	switch {
	case z.Kind == hell.ZoneJungle:
		fill = inkJungle
	case z.Kind == hell.ZoneCR && z.Hill != "":
		fill = inkCRHill
	case z.Kind == hell.ZoneCR:
		fill = inkCR
	case z.Terrain == "hill" || z.Hill != "" || z.MountBaldy:
		fill = inkHill
	case z.Terrain == "marsh":
		fill = inkMarsh
	}
	c.Poly(g.poly)
	c.SetColor(fill)
	c.Fill()

	switch {
	case z.Kind == hell.ZoneJungle:
		// canopy: staggered tree crowns
		h.scatter(c, g, 20, 17, 6, func(x, y float64) {
			c.DrawCircle(x, y, 5.5)
			c.SetColor(inkTree)
			c.Fill()
			c.DrawCircle(x-1.5, y-1.5, 2.5)
			c.SetColor(inkTreeLt)
			c.Fill()
		})
	case z.Kind == hell.ZoneCR && z.Hill != "":
		h.contours(c, g, inkHill, 34)
	case z.Kind == hell.ZoneCR:
	case z.Terrain == "hill" || z.Hill != "" || z.MountBaldy:
		h.contours(c, g, inkContour, 26)
	case z.Terrain == "marsh":
		h.scatter(c, g, 20, 14, 6, func(x, y float64) {
			c.SetColor(inkTuft)
			c.SetLineWidth(1.2)
			c.DrawLine(x-4, y+2, x+4, y+2)
			c.DrawLine(x, y+2, x, y-4)
			c.DrawLine(x-2.5, y+2, x-3.5, y-2.5)
			c.DrawLine(x+2.5, y+2, x+3.5, y-2.5)
			c.Stroke()
		})
	default:
		// paddy dikes
		c.SetColor(inkDike)
		c.SetLineWidth(1)
		for _, s := range render.Hatch(g.poly, 0, 22, 11) {
			c.DrawLine(s[0], s[1], s[2], s[3])
		}
		for _, s := range render.Hatch(g.poly, math.Pi/2, 30, 5) {
			c.DrawLine(s[0], s[1], s[2], s[3])
		}
		c.Stroke()
	}
}

// scatter calls f at points of a staggered grid well inside the zone.
func (h *board) scatter(c *render.Canvas, g *zoneGeo, dx, dy, margin float64, f func(x, y float64)) {
	row := 0
	for y := math.Floor(g.bb.Y0/dy)*dy + dy/2; y < g.bb.Y1; y += dy {
		off := 0.0
		if row%2 == 1 {
			off = dx / 2
		}
		row++
		for x := math.Floor(g.bb.X0/dx)*dx + off; x < g.bb.X1; x += dx {
			if render.BoxIn(g.poly, render.Corners(x-margin, y-margin, x+margin, y+margin)) {
				f(x, y)
			}
		}
	}
}

// contours marks hills with short arcs.
func (h *board) contours(c *render.Canvas, g *zoneGeo, ink interface{ RGBA() (r, g, b, a uint32) }, step float64) {
	c.SetColor(ink)
	c.SetLineWidth(1.3)
	h.scatter(c, g, step, step*0.75, 8, func(x, y float64) {
		c.NewSubPath()
		c.DrawArc(x, y+3, 6, math.Pi*1.1, math.Pi*1.9)
	})
	c.Stroke()
}

func (h *board) zoneEdge(c *render.Canvas, g *zoneGeo) {
	c.Poly(g.poly)
	if g.z.Kind == hell.ZoneCR {
		c.SetColor(inkCRBorder)
		c.SetLineWidth(2)
	} else {
		c.SetColor(inkBorder)
		c.SetLineWidth(1)
	}
	c.SetLineJoinRound()
	c.Stroke()
}

func (h *board) river(c *render.Canvas) {
	r := h.d.Map.River
	if len(r) < 2 {
		return
	}
	for pass, w := range []float64{8, 3.5} {
		c.NewSubPath()
		for i, p := range r {
			x, y := h.pt(p[0], p[1], false)
			if i == 0 {
				c.MoveTo(x, y)
			} else {
				c.LineTo(x, y)
			}
		}
		if pass == 0 {
			c.SetColor(inkRiver)
		} else {
			c.SetColor(inkRiverLt)
		}
		c.SetLineWidth(w)
		c.SetLineJoinRound()
		c.SetLineCapRound()
		c.Stroke()
	}
	// its name, where it runs through the southern jungle (map y 880)
	for i := 1; i < len(r); i++ {
		a, b := r[i-1], r[i]
		if (a[1]-880)*(b[1]-880) > 0 || a[1] == b[1] {
			continue
		}
		t := (880 - a[1]) / (b[1] - a[1])
		x, y := h.pt(a[0]+t*(b[0]-a[0]), 880, false)
		c.Font(10.5, true)
		c.RotatedText("Nam Youm", x+12, y, math.Pi/2, inkTextLt)
		break
	}
}

func (h *board) airstrip(c *render.Canvas) {
	a := h.d.Map.Airstrip
	if len(a) < 2 {
		return
	}
	line := func() {
		c.NewSubPath()
		for i, p := range a {
			x, y := h.pt(p[0], p[1], false)
			if i == 0 {
				c.MoveTo(x, y)
			} else {
				c.LineTo(x, y)
			}
		}
	}
	line()
	c.SetColor(inkStrip)
	c.SetLineWidth(15)
	c.SetLineCapButt()
	c.Stroke()
	line()
	c.SetColor(inkWhite)
	c.SetLineWidth(1.5)
	c.SetDash(9, 7)
	c.Stroke()
	c.SetDash()
}

func (h *board) paLines(c *render.Canvas) {
	c.SetColor(inkLine)
	c.SetLineWidth(1.6)
	for _, l := range h.d.Map.Lines {
		a, b := h.paBy[l[0]], h.paBy[l[1]]
		if a == nil || b == nil || a.inset != b.inset {
			continue
		}
		c.DrawLine(a.x, a.y, b.x, b.y)
	}
	c.Stroke()
}

// assaultBases: a chevron pointing at the PAs the base reaches, with
// dotted spokes to them.
func (h *board) assaultBases(c *render.Canvas) {
	c.SetColor(inkBase)
	c.SetLineWidth(1)
	c.SetDash(2, 3)
	for _, b := range h.bases {
		for _, id := range b.b.PAs {
			if p := h.paBy[id]; p != nil && p.inset == b.inset {
				c.DrawLine(b.x, b.y, p.x, p.y)
			}
		}
	}
	c.Stroke()
	c.SetDash()
	for _, b := range h.bases {
		tx, ty, n := 0.0, 0.0, 0.0
		for _, id := range b.b.PAs {
			if p := h.paBy[id]; p != nil && p.inset == b.inset {
				tx += p.x
				ty += p.y
				n++
			}
		}
		ang := 0.0
		if n > 0 {
			ang = math.Atan2(ty/n-b.y, tx/n-b.x)
		}
		chevron(c, b.x, b.y, ang, 6)
	}
}

func chevron(c *render.Canvas, x, y, ang, r float64) {
	pt := func(a, d float64) (float64, float64) { return x + d*math.Cos(ang+a), y + d*math.Sin(ang+a) }
	c.NewSubPath()
	c.MoveTo(pt(0, r))
	c.LineTo(pt(2.4, r))
	c.LineTo(pt(math.Pi, r*0.2))
	c.LineTo(pt(-2.4, r))
	c.ClosePath()
	c.SetColor(inkBase)
	c.FillPreserve()
	c.SetColor(inkWhite)
	c.SetLineWidth(1)
	c.Stroke()
}

func (h *board) zoneLabel(c *render.Canvas, g *zoneGeo) {
	big, small := zoneTitle(g.z)
	b := g.labelBox
	switch g.z.Kind {
	case hell.ZoneCR:
		c.FitFont(big, b.W(), 10.5, 7, true)
		c.HaloText(big, b.X0, b.Y0+6, 0, 0.5, inkCRBorder, inkCR)
	case hell.ZoneJungle:
		c.Font(15, true)
		c.Text(big, b.X0, b.Y0+8, 0, 0.5, inkTextLt)
		c.Font(9, false)
		c.Text(small, b.X0, b.Y0+21, 0, 0.5, inkTextLt)
	default:
		c.Font(15, true)
		c.HaloText(big, b.X0, b.Y0+8, 0, 0.5, inkLabel, inkWhite)
		c.Font(9, false)
		c.Text(small, b.X0, b.Y0+21, 0, 0.5, inkLabel)
	}
}

func (h *board) baldyBox(g *zoneGeo) render.Box {
	return render.Corners(g.bb.X1-68, g.bb.Y0+6, g.bb.X1-12, g.bb.Y0+44)
}

// mountBaldy: a peak in the zone's upper right.
func (h *board) mountBaldy(c *render.Canvas, g *zoneGeo) {
	x, y := g.bb.X1-40, g.bb.Y0+18
	c.NewSubPath()
	c.MoveTo(x-13, y+9)
	c.LineTo(x, y-8)
	c.LineTo(x+13, y+9)
	c.ClosePath()
	c.SetColor(inkContour)
	c.FillPreserve()
	c.SetColor(inkLabel)
	c.SetLineWidth(1)
	c.Stroke()
	c.Font(9.5, true)
	c.HaloText("Mt Baldy", x, y+19, 0.5, 0.5, inkLabel, inkHill)
}
