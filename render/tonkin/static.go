package tonkinmap

import (
	"image"
	"image/color"
	"math"
	"sort"
	"strconv"

	"github.com/umpirebot/umpire/adjudicator/tonkin"
	"github.com/umpirebot/umpire/render"
)

// Static draws what no view changes: the hexes and their terrain, the
// coast, borders, delta, rivers, roads and railway, the symbols of the
// hexes (stars, spots, airstrips, harbors), the urban areas and their
// names, the hex ids, and the panel's frame and legend.
func (b *board) Static(c *render.Canvas) {
	c.Rect(0, 0, float64(b.w), float64(b.h), inkFrame)
	b.terrain(c)
	b.coast(c)
	b.delta(c)
	b.borders(c)
	b.rivers(c)
	b.roads(c)
	b.symbols(c)
	b.hexIDs(c)
	b.countries(c)
	b.towns(c)
	b.panelStatic(c)
}

func terrainInk(h tonkin.Hex) color.RGBA {
	var k color.RGBA
	switch h.Terrain {
	case "clear":
		k = inkClear
	case "rough":
		k = inkRough
	case "forest":
		k = inkForest
	case "rough-forest":
		k = inkRoughFor
	case "mountain":
		k = inkMountain
	default:
		return inkSea
	}
	if h.Country == "china" {
		return china(k)
	}
	return k
}

func (b *board) terrain(c *render.Canvas) {
	// one fill per colour, then every outline in one stroke
	byInk := map[color.RGBA][]*hexGeo{}
	var order []color.RGBA
	for _, g := range b.hexes {
		k := terrainInk(g.h)
		if _, ok := byInk[k]; !ok {
			order = append(order, k)
		}
		byInk[k] = append(byInk[k], g)
	}
	for _, k := range order {
		for _, g := range byInk[k] {
			cs := corners(g.x, g.y)
			c.Poly(cs[:])
		}
		c.SetColor(k)
		c.Fill()
	}
	c.SetLineWidth(0.8)
	for _, sea := range []bool{false, true} {
		for _, g := range b.hexes {
			if (g.h.Terrain == "sea") != sea {
				continue
			}
			cs := corners(g.x, g.y)
			c.Poly(cs[:])
		}
		if sea {
			c.SetColor(inkSeaLn)
		} else {
			c.SetColor(inkHexLn)
		}
		c.Stroke()
	}
	// forest symbols and mountain peaks where the hex's middle is free
	for _, g := range b.hexes {
		forest := g.h.Terrain == "forest" || g.h.Terrain == "rough-forest"
		if !forest {
			continue
		}
		for _, p := range b.marks(g) {
			tree(c, p[0], p[1])
		}
	}
	tk := inkTree
	if len(b.hexes) > 0 {
		c.SetColor(tk)
		c.Fill()
	}
	for _, g := range b.hexes {
		if g.h.Terrain != "mountain" {
			continue
		}
		for _, p := range b.marks(g) {
			c.MoveTo(p[0]-5, p[1]+3)
			c.LineTo(p[0], p[1]-4)
			c.LineTo(p[0]+5, p[1]+3)
		}
	}
	c.SetColor(inkPeak)
	c.SetLineWidth(1.6)
	c.Stroke()
}

// marks are the places of a hex's terrain symbols: its left and right
// sides, and its bottom when no urban area is named there; none where a
// hex symbol stands.
func (b *board) marks(g *hexGeo) [][2]float64 {
	var out [][2]float64
	if !g.mob && g.supply == nil {
		out = append(out, [2]float64{g.x - 21, g.y + 2})
	}
	if g.urban == nil || (!g.urban.Airstrip && !g.urban.Harbor) {
		out = append(out, [2]float64{g.x + 21, g.y + 2})
	}
	if g.urban == nil {
		out = append(out, [2]float64{g.x, g.y + 21})
	}
	return out
}

func tree(c *render.Canvas, x, y float64) {
	c.NewSubPath()
	c.MoveTo(x, y-6)
	c.LineTo(x+4.5, y+2)
	c.LineTo(x+1, y+2)
	c.LineTo(x+1, y+5)
	c.LineTo(x-1, y+5)
	c.LineTo(x-1, y+2)
	c.LineTo(x-4.5, y+2)
	c.ClosePath()
}

// coast: a band of sea along the sea sides of coastal hexes (The Map: a
// coastal hex has sea and land in it).
func (b *board) coast(c *render.Canvas) {
	for _, g := range b.hexes {
		if !g.h.Coastal {
			continue
		}
		for _, n := range b.neighbours(g) {
			if n.h.Terrain != "sea" {
				continue
			}
			x0, y0, x1, y1 := edge(g, n)
			// inward by 8 pixels, towards the centre
			k := 8 / (hexW / 2)
			c.Poly([][2]float64{{x0, y0}, {x1, y1}, {x1 + (g.x-x1)*k, y1 + (g.y-y1)*k}, {x0 + (g.x-x0)*k, y0 + (g.y-y0)*k}})
		}
	}
	c.SetColor(inkCoast)
	c.Fill()
}

// delta: its outline against the land outside (The Map: the delta).
func (b *board) delta(c *render.Canvas) {
	for _, g := range b.hexes {
		if !g.delta {
			continue
		}
		for _, n := range b.neighbours(g) {
			if n.delta || n.h.Terrain == "sea" {
				continue
			}
			x0, y0, x1, y1 := edge(g, n)
			c.MoveTo(x0, y0)
			c.LineTo(x1, y1)
		}
	}
	c.SetColor(inkDelta)
	c.SetLineWidth(3)
	c.SetDash(7, 4)
	c.Stroke()
	c.SetDash()
}

// borders: China's (no attack across it, 6.6) solid, Laos's dashed.
func (b *board) borders(c *render.Canvas) {
	for _, chinaSide := range []bool{false, true} {
		for _, g := range b.hexes {
			for _, n := range b.neighbours(g) {
				if n.id < g.id || g.h.Terrain == "sea" || n.h.Terrain == "sea" || g.h.Country == n.h.Country {
					continue
				}
				if (g.h.Country == "china" || n.h.Country == "china") != chinaSide {
					continue
				}
				x0, y0, x1, y1 := edge(g, n)
				c.MoveTo(x0, y0)
				c.LineTo(x1, y1)
			}
		}
		if chinaSide {
			c.SetColor(inkChina)
			c.SetLineWidth(4)
			c.Stroke()
		} else {
			c.SetColor(inkLaos)
			c.SetLineWidth(3)
			c.SetDash(9, 5)
			c.Stroke()
			c.SetDash()
		}
	}
}

// path traces a chain of hexes through their centres, smoothed.
func (b *board) path(c *render.Canvas, ids []string) {
	var pts [][2]float64
	for _, id := range ids {
		if g := b.byID[id]; g != nil {
			pts = append(pts, [2]float64{g.x, g.y})
		}
	}
	if len(pts) < 2 {
		return
	}
	c.NewSubPath()
	c.MoveTo(pts[0][0], pts[0][1])
	for i := 1; i < len(pts)-1; i++ {
		mx, my := (pts[i][0]+pts[i+1][0])/2, (pts[i][1]+pts[i+1][1])/2
		c.QuadraticTo(pts[i][0], pts[i][1], mx, my)
	}
	c.LineTo(pts[len(pts)-1][0], pts[len(pts)-1][1])
}

func (b *board) rivers(c *render.Canvas) {
	for _, kind := range []string{"minor", "navigable"} {
		for _, p := range b.d.Paths.Rivers {
			if p.Kind == kind {
				b.path(c, p.Hexes)
			}
		}
		if kind == "navigable" {
			c.SetColor(inkNavig)
			c.SetLineWidth(5)
		} else {
			c.SetColor(inkMinor)
			c.SetLineWidth(2.6)
		}
		c.SetLineCapRound()
		c.SetLineJoinRound()
		c.Stroke()
	}
}

func (b *board) roads(c *render.Canvas) {
	straight := func(ids []string) {
		c.NewSubPath()
		for i, id := range ids {
			if g := b.byID[id]; g != nil {
				if i == 0 {
					c.MoveTo(g.x, g.y)
				} else {
					c.LineTo(g.x, g.y)
				}
			}
		}
	}
	for _, p := range b.d.Paths.Roads {
		straight(p.Hexes)
	}
	c.SetColor(inkCasing)
	c.SetLineWidth(4.4)
	c.StrokePreserve()
	c.SetColor(inkRoad)
	c.SetLineWidth(2.2)
	c.Stroke()
	for _, p := range b.d.Paths.Railways {
		straight(p.Hexes)
	}
	c.SetColor(inkRail)
	c.SetLineWidth(4)
	c.StrokePreserve()
	c.SetColor(inkWhite)
	c.SetLineWidth(1.6)
	c.SetDash(6, 6)
	c.Stroke()
	c.SetDash()
}

// The symbols' places in a hex: stars and spots on its left, airstrips
// and harbors on its right, beside the counter.
func starAt(g *hexGeo) (float64, float64)   { return g.x - 24, g.y - 8 }
func spotAt(g *hexGeo) (float64, float64)   { return g.x - 24, g.y + 7 }
func airAt(g *hexGeo) (float64, float64)    { return g.x + 24, g.y - 8 }
func harborAt(g *hexGeo) (float64, float64) { return g.x + 24, g.y + 7 }

// garrisonAt: a garrison's "G" takes the star's place, or the spot's in
// a mobilization hex.
func garrisonAt(g *hexGeo) (float64, float64) {
	if g.mob {
		return spotAt(g)
	}
	return starAt(g)
}

func (b *board) symbols(c *render.Canvas) {
	for _, g := range b.hexes {
		if g.mob {
			x, y := starAt(g)
			c.Poly(render.StarPoints(x, y, 6.5))
		}
	}
	c.SetColor(inkStar)
	c.FillPreserve()
	c.SetColor(inkBlack)
	c.SetLineWidth(0.8)
	c.Stroke()
	for _, g := range b.hexes {
		if g.supply != nil {
			x, y := spotAt(g)
			c.DrawCircle(x, y, 5)
		}
	}
	c.SetColor(inkSpot)
	c.FillPreserve()
	c.SetColor(inkBlack)
	c.SetLineWidth(1)
	c.Stroke()
	for _, g := range b.hexes {
		if g.supply != nil && g.supply.ChineseRailway {
			x, y := spotAt(g)
			c.DrawCircle(x, y, 8)
		}
	}
	c.SetColor(inkRail)
	c.SetLineWidth(1.6)
	c.Stroke()
	for _, g := range b.hexes {
		u := g.urban
		if u == nil {
			continue
		}
		if u.Airstrip {
			x, y := airAt(g)
			plane(c, x, y)
		}
	}
	c.SetColor(inkAir)
	c.Fill()
	for _, g := range b.hexes {
		if u := g.urban; u != nil && u.Harbor {
			x, y := harborAt(g)
			anchor(c, x, y)
		}
	}
	c.SetColor(inkHarbor)
	c.SetLineWidth(1.6)
	c.SetLineCapRound()
	c.Stroke()
}

// plane: an airstrip (The Map: an airplane symbol), pointing up.
func plane(c *render.Canvas, x, y float64) {
	c.NewSubPath()
	pts := [][2]float64{{0, -7}, {1.3, -5}, {1.3, -1.5}, {7, 1.5}, {7, 3}, {1.3, 1.5}, {1.1, 4.5}, {3, 6},
		{3, 7}, {0, 6.2}, {-3, 7}, {-3, 6}, {-1.1, 4.5}, {-1.3, 1.5}, {-7, 3}, {-7, 1.5}, {-1.3, -1.5}, {-1.3, -5}}
	for i, p := range pts {
		if i == 0 {
			c.MoveTo(x+p[0], y+p[1])
		} else {
			c.LineTo(x+p[0], y+p[1])
		}
	}
	c.ClosePath()
}

// anchor: a harbor (The Map: an anchor symbol).
func anchor(c *render.Canvas, x, y float64) {
	c.NewSubPath()
	c.DrawCircle(x, y-5, 1.8)
	c.NewSubPath()
	c.MoveTo(x, y-3.2)
	c.LineTo(x, y+6)
	c.NewSubPath()
	c.MoveTo(x-3, y-1.5)
	c.LineTo(x+3, y-1.5)
	c.NewSubPath()
	c.DrawArc(x, y+1.5, 5, math.Pi*0.15, math.Pi*0.85)
}

func (b *board) hexIDs(c *render.Canvas) {
	c.Font(hexIDText, false)
	for _, g := range b.hexes {
		k := inkHexID
		if g.h.Terrain == "sea" {
			k = render.Hex("#5f87ad")
		} else if g.h.Terrain == "mountain" {
			k = render.Hex("#f1e3c8")
		}
		c.Text(g.id, g.x, g.y-hexS+10, 0.5, 0.5, k)
	}
}

// countries: the names of the lands and the sea, faint and large.
func (b *board) countries(c *render.Canvas) {
	type sum struct {
		x, y float64
		n    int
	}
	cs := map[string]*sum{}
	for _, g := range b.hexes {
		k := g.h.Country
		if g.h.Terrain == "sea" {
			k = "sea"
		}
		if cs[k] == nil {
			cs[k] = &sum{}
		}
		cs[k].x += g.x
		cs[k].y += g.y
		cs[k].n++
	}
	c.Font(26, true)
	for _, k := range []struct{ key, name, at string }{
		{"china", "C H I N A", "2328"}, {"laos", "L A O S", "0406"}, {"sea", "GULF OF TONKIN", "0428"},
	} {
		g := b.byID[k.at]
		if g == nil || cs[k.key] == nil {
			continue
		}
		col := render.Alpha(inkBlack, 0.22)
		if k.key == "sea" {
			col = render.Alpha(render.Hex("#1f4e79"), 0.35)
		}
		c.Text(k.name, g.x, g.y, 0.5, 0.5, col)
	}
}

// ------------------------------------------------------------ urban areas

// urban area styles: font size and boldness.
func nameFont(u *tonkin.Urban) (float64, bool) {
	switch u.Kind {
	case "city":
		return 12, true
	case "town":
		return 10, true
	}
	return 9.5, false
}

// labelParts are an urban area's name and its victory values (6.16: blue
// for the FEF, red for the VM).
func labelParts(u *tonkin.Urban) (name, fef, vm string) {
	name = u.Name
	if u.VPFEF > 0 || u.VPVM > 0 {
		fef, vm = strconv.Itoa(u.VPFEF), strconv.Itoa(u.VPVM)
	}
	return
}

// placeLabels chooses where each urban area's name goes: below its
// counter if it fits there, else beside or lower, never over another
// name, a counter's place or a symbol if it can help it.
func (b *board) placeLabels() {
	mc := render.NewCanvas(image.NewRGBA(image.Rect(0, 0, 1, 1)))
	p := &render.Placer{Bounds: b.mapR.Grow(-2)}
	for _, g := range b.hexes {
		p.Add(counterBox(g).Grow(-1), 25)
		p.Add(render.BoxAt(g.x-9, g.y-hexS+4, 18, 8), 3) // the hex id
		if g.mob {
			x, y := starAt(g)
			p.Add(render.Corners(x-6, y-6, x+6, y+6), 20)
		}
		if g.supply != nil {
			x, y := spotAt(g)
			p.Add(render.Corners(x-6, y-6, x+6, y+6), 20)
		}
		if u := g.urban; u != nil {
			if u.Airstrip {
				x, y := airAt(g)
				p.Add(render.Corners(x-7, y-7, x+7, y+7), 20)
			}
			if u.Harbor {
				x, y := harborAt(g)
				p.Add(render.Corners(x-6, y-7, x+6, y+7), 20)
			}
		}
	}
	var us []*hexGeo
	for _, g := range b.hexes {
		if g.urban != nil {
			us = append(us, g)
		}
	}
	rank := map[string]int{"city": 0, "town": 1, "village": 2}
	sort.SliceStable(us, func(i, j int) bool { return rank[us[i].urban.Kind] < rank[us[j].urban.Kind] })
	for _, g := range us {
		size, bold := nameFont(g.urban)
		w := b.labelWidth(mc, g.urban, size, bold)
		h := size*0.72 + 4
		top := g.y + cH/2 - 3 + 1 // just under the counter
		cands := []render.Box{
			render.BoxAt(g.x-w/2, top, w, h),
			render.BoxAt(g.x-cW/2, top, w, h),
			render.BoxAt(g.x+cW/2-w, top, w, h),
			render.BoxAt(g.x-w/2, top+h, w, h),
			render.BoxAt(g.x-cW/2, top+h, w, h),
			render.BoxAt(g.x+cW/2-w, top+h, w, h),
			render.BoxAt(g.x-w/2, g.y-cH/2-3-h-1, w, h),
		}
		extra := []float64{0, 40, 40, 120, 160, 160, 250}
		best, _ := p.Best(cands, extra, "")
		p.Add(best, render.WeightPlaced)
		b.labels[g.urban.Name] = best
	}
}

func (b *board) labelWidth(c *render.Canvas, u *tonkin.Urban, size float64, bold bool) float64 {
	name, fef, vm := labelParts(u)
	c.Font(size, bold)
	w := c.Width(name)
	if fef != "" {
		c.Font(size-1, true)
		w += c.Width(" "+fef+" "+vm) + 2
	}
	return math.Ceil(w) + 4
}

// towns: each urban area's marker (cities with the red border of The
// Map) and its name and values.
func (b *board) towns(c *render.Canvas) {
	for _, g := range b.hexes {
		u := g.urban
		if u == nil {
			continue
		}
		townMarker(c, g, inkWhite)
		name, fef, vm := labelParts(u)
		box := b.labels[u.Name]
		size, bold := nameFont(u)
		c.Font(size, bold)
		x, y := box.X0+2, box.Y0+2+size*0.72
		c.HaloText(name, x, y, 0, 0, inkText, inkWhite)
		x += c.Width(name)
		if fef != "" {
			c.Font(size-1, true)
			x += c.Width(" ")
			c.HaloText(fef, x, y, 0, 0, inkBlue, inkWhite)
			x += c.Width(fef + " ")
			c.HaloText(vm, x, y, 0, 0, inkRed, inkWhite)
		}
	}
}

// townMarker draws an urban area's marker in fill colour k.
func townMarker(c *render.Canvas, g *hexGeo, k color.Color) {
	u := g.urban
	x, y := g.x, g.y-3
	switch u.Kind {
	case "city":
		c.DrawRectangle(x-8, y-8, 16, 16)
		c.SetColor(k)
		c.FillPreserve()
		c.SetColor(inkRed)
		c.SetLineWidth(3)
		c.Stroke()
	case "town":
		c.DrawCircle(x, y, 6)
		c.SetColor(k)
		c.FillPreserve()
		c.SetColor(inkBlack)
		c.SetLineWidth(2)
		c.Stroke()
	default:
		c.DrawCircle(x, y, 4)
		c.SetColor(k)
		c.FillPreserve()
		c.SetColor(inkBlack)
		c.SetLineWidth(1.5)
		c.Stroke()
	}
}
