package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// Shapes: paths rasterised once, painted many times.
//
// A fill or stroke on the Canvas flattens, strokes and rasterises its
// path every time, which is most of the cost of a map's dynamic layer.
// Marks that never change shape (a zone's hatching, a strongpoint's
// marker, a highlight ring) are better built once as a Path, rasterised
// into a Shape (the coverage spans gg's painter would get), and painted
// with Canvas.Paint. A Path is built with the same calls and the same
// arithmetic as a gg context's path, and rasterised as gg's Fill and
// Stroke do, so painting the Shape gives the same pixels as drawing the
// path on the Canvas (TestShapeLikeGG checks this). A Shape is painted
// where it was drawn: freetype does not rasterise a path moved elsewhere
// quite the same (round caps, and coordinates below zero).

// Path is a path under construction, as on a gg context with the identity
// transform. The zero Path is empty.
type Path struct {
	stroke, fill   raster.Path
	start, current gg.Point
	hasCurrent     bool
}

// MoveTo starts a new subpath at (x, y).
func (p *Path) MoveTo(x, y float64) {
	if p.hasCurrent {
		p.fill.Add1(p.start.Fixed())
	}
	pt := gg.Point{X: x, Y: y}
	p.stroke.Start(pt.Fixed())
	p.fill.Start(pt.Fixed())
	p.start, p.current, p.hasCurrent = pt, pt, true
}

// LineTo adds a line to (x, y).
func (p *Path) LineTo(x, y float64) {
	if !p.hasCurrent {
		p.MoveTo(x, y)
		return
	}
	pt := gg.Point{X: x, Y: y}
	p.stroke.Add1(pt.Fixed())
	p.fill.Add1(pt.Fixed())
	p.current = pt
}

// QuadraticTo adds a quadratic Bézier curve through control point
// (x1, y1) to (x2, y2).
func (p *Path) QuadraticTo(x1, y1, x2, y2 float64) {
	if !p.hasCurrent {
		p.MoveTo(x1, y1)
	}
	p1, p2 := gg.Point{X: x1, Y: y1}, gg.Point{X: x2, Y: y2}
	p.stroke.Add2(p1.Fixed(), p2.Fixed())
	p.fill.Add2(p1.Fixed(), p2.Fixed())
	p.current = p2
}

// ClosePath closes the current subpath.
func (p *Path) ClosePath() {
	if p.hasCurrent {
		p.stroke.Add1(p.start.Fixed())
		p.fill.Add1(p.start.Fixed())
		p.current = p.start
	}
}

// NewSubPath ends the current subpath without closing its stroke.
func (p *Path) NewSubPath() {
	if p.hasCurrent {
		p.fill.Add1(p.start.Fixed())
	}
	p.hasCurrent = false
}

// DrawLine adds the line from (x1, y1) to (x2, y2) as a subpath.
func (p *Path) DrawLine(x1, y1, x2, y2 float64) {
	p.MoveTo(x1, y1)
	p.LineTo(x2, y2)
}

// DrawRectangle adds a rectangle as a closed subpath.
func (p *Path) DrawRectangle(x, y, w, h float64) {
	p.NewSubPath()
	p.MoveTo(x, y)
	p.LineTo(x+w, y)
	p.LineTo(x+w, y+h)
	p.LineTo(x, y+h)
	p.ClosePath()
}

// DrawRoundedRectangle adds a rectangle with corners of radius r as a
// closed subpath.
func (p *Path) DrawRoundedRectangle(x, y, w, h, r float64) {
	x0, x1, x2, x3 := x, x+r, x+w-r, x+w
	y0, y1, y2, y3 := y, y+r, y+h-r, y+h
	p.NewSubPath()
	p.MoveTo(x1, y0)
	p.LineTo(x2, y0)
	p.DrawArc(x2, y1, r, gg.Radians(270), gg.Radians(360))
	p.LineTo(x3, y2)
	p.DrawArc(x2, y2, r, gg.Radians(0), gg.Radians(90))
	p.LineTo(x1, y3)
	p.DrawArc(x1, y2, r, gg.Radians(90), gg.Radians(180))
	p.LineTo(x0, y1)
	p.DrawArc(x1, y1, r, gg.Radians(180), gg.Radians(270))
	p.ClosePath()
}

// DrawEllipticalArc adds an arc of the ellipse centred at (x, y) from
// angle1 to angle2 (radians), joined to the current point if any.
func (p *Path) DrawEllipticalArc(x, y, rx, ry, angle1, angle2 float64) {
	const n = 16
	for i := 0; i < n; i++ {
		p1 := float64(i+0) / n
		p2 := float64(i+1) / n
		a1 := angle1 + (angle2-angle1)*p1
		a2 := angle1 + (angle2-angle1)*p2
		x0 := x + rx*math.Cos(a1)
		y0 := y + ry*math.Sin(a1)
		x1 := x + rx*math.Cos((a1+a2)/2)
		y1 := y + ry*math.Sin((a1+a2)/2)
		x2 := x + rx*math.Cos(a2)
		y2 := y + ry*math.Sin(a2)
		cx := 2*x1 - x0/2 - x2/2
		cy := 2*y1 - y0/2 - y2/2
		if i == 0 {
			if p.hasCurrent {
				p.LineTo(x0, y0)
			} else {
				p.MoveTo(x0, y0)
			}
		}
		p.QuadraticTo(cx, cy, x2, y2)
	}
}

// DrawArc adds an arc of the circle centred at (x, y).
func (p *Path) DrawArc(x, y, r, angle1, angle2 float64) {
	p.DrawEllipticalArc(x, y, r, r, angle1, angle2)
}

// DrawCircle adds a circle as a closed subpath.
func (p *Path) DrawCircle(x, y, r float64) {
	p.NewSubPath()
	p.DrawEllipticalArc(x, y, r, r, 0, 2*math.Pi)
	p.ClosePath()
}

// DrawEllipse adds an ellipse as a closed subpath.
func (p *Path) DrawEllipse(x, y, rx, ry float64) {
	p.NewSubPath()
	p.DrawEllipticalArc(x, y, rx, ry, 0, 2*math.Pi)
	p.ClosePath()
}

// Shape is a rasterised path: what a fill or stroke covers, and how much.
type Shape struct {
	spans  []span
	bounds image.Rectangle // of the spans
}

// span is a raster.Span, smaller: most are one pixel.
type span struct {
	y, x0, x1 int32
	alpha     uint32
}

// Fill rasterises the path as gg's Fill does (non-zero winding), on an
// image of the given size (what falls outside is clipped).
func (p *Path) Fill(size image.Point) *Shape {
	path := p.fill
	if p.hasCurrent {
		path = append(raster.Path(nil), p.fill...)
		path.Add1(p.start.Fixed())
	}
	r := raster.NewRasterizer(size.X, size.Y)
	r.UseNonZeroWinding = true
	r.AddPath(path)
	return rasterise(r)
}

// Stroke rasterises the path as gg's Stroke does with line width w, round
// caps and round joins (gg's defaults) and no dashes, on an image of the
// given size.
func (p *Path) Stroke(size image.Point, w float64) *Shape {
	r := raster.NewRasterizer(size.X, size.Y)
	r.UseNonZeroWinding = true
	r.AddStroke(rasterPath(flattenPath(p.stroke)), fixed.Int26_6(w*64), raster.RoundCapper, raster.RoundJoiner)
	return rasterise(r)
}

func rasterise(r *raster.Rasterizer) *Shape {
	s := &Shape{}
	r.Rasterize(raster.PainterFunc(func(ss []raster.Span, done bool) {
		for _, sp := range ss {
			s.spans = append(s.spans, span{int32(sp.Y), int32(sp.X0), int32(sp.X1), sp.Alpha})
			s.bounds = s.bounds.Union(image.Rect(sp.X0, sp.Y, sp.X1, sp.Y+1))
		}
	}))
	s.spans = s.spans[:len(s.spans):len(s.spans)]
	return s
}

// Paint paints s in colour col, as gg's painter does (source over).
func (c *Canvas) Paint(s *Shape, col color.Color) {
	img := c.Img
	cr, cg, cb, ca := col.RGBA()
	pix, stride := img.Pix, img.Stride
	if s.bounds.In(img.Rect) {
		// the same as paintRun, inline (most runs are one pixel)
		const m = 1<<16 - 1
		base := -img.Rect.Min.Y*stride - img.Rect.Min.X*4
		for _, sp := range s.spans {
			i := base + int(sp.y)*stride + int(sp.x0)*4
			j := i + int(sp.x1-sp.x0)*4
			ma := sp.alpha
			if ma == m && ca == m {
				paintRun(pix[i:j], ma, cr, cg, cb, ca)
				continue
			}
			a := (m - (ca * ma / m)) * 0x101
			rm, gm, bm, am := cr*ma, cg*ma, cb*ma, ca*ma
			for ; i < j; i += 4 {
				d := pix[i : i+4 : i+4]
				d[0] = uint8((uint32(d[0])*a + rm) / m >> 8)
				d[1] = uint8((uint32(d[1])*a + gm) / m >> 8)
				d[2] = uint8((uint32(d[2])*a + bm) / m >> 8)
				d[3] = uint8((uint32(d[3])*a + am) / m >> 8)
			}
		}
		return
	}
	b := img.Rect
	for _, sp := range s.spans {
		y := int(sp.y)
		if y < b.Min.Y || y >= b.Max.Y {
			continue
		}
		x0, x1 := max(int(sp.x0), b.Min.X), min(int(sp.x1), b.Max.X)
		if x0 >= x1 {
			continue
		}
		i := (y-b.Min.Y)*stride + (x0-b.Min.X)*4
		paintRun(pix[i:i+(x1-x0)*4], sp.alpha, cr, cg, cb, ca)
	}
}

// paintRun paints a run of pixels with cover ma in colour (cr, cg, cb,
// ca), as raster.RGBAPainter does (which mimics drawGlyphOver in
// image/draw).
func paintRun(pix []byte, ma, cr, cg, cb, ca uint32) {
	const m = 1<<16 - 1
	if ma == m && ca == m {
		// full cover, opaque: the formula gives the colour itself
		for i := 0; i+3 < len(pix); i += 4 {
			d := pix[i : i+4 : i+4]
			d[0], d[1], d[2], d[3] = uint8(cr>>8), uint8(cg>>8), uint8(cb>>8), 0xff
		}
		return
	}
	a := (m - (ca * ma / m)) * 0x101
	rm, gm, bm, am := cr*ma, cg*ma, cb*ma, ca*ma
	for i := 0; i+3 < len(pix); i += 4 {
		d := pix[i : i+4 : i+4]
		d[0] = uint8((uint32(d[0])*a + rm) / m >> 8)
		d[1] = uint8((uint32(d[1])*a + gm) / m >> 8)
		d[2] = uint8((uint32(d[2])*a + bm) / m >> 8)
		d[3] = uint8((uint32(d[3])*a + am) / m >> 8)
	}
}

// flattenPath and rasterPath are gg's (github.com/fogleman/gg, MIT
// licence, path.go), which Stroke must match: curves become line
// segments, and points closer than 1/8 pixel to the previous are dropped.

func flattenPath(p raster.Path) [][]gg.Point {
	var result [][]gg.Point
	var path []gg.Point
	var cx, cy float64
	for i := 0; i < len(p); {
		switch p[i] {
		case 0:
			if len(path) > 0 {
				result = append(result, path)
				path = nil
			}
			x, y := unfix(p[i+1]), unfix(p[i+2])
			path = append(path, gg.Point{X: x, Y: y})
			cx, cy = x, y
			i += 4
		case 1:
			x, y := unfix(p[i+1]), unfix(p[i+2])
			path = append(path, gg.Point{X: x, Y: y})
			cx, cy = x, y
			i += 4
		case 2:
			x1, y1 := unfix(p[i+1]), unfix(p[i+2])
			x2, y2 := unfix(p[i+3]), unfix(p[i+4])
			path = append(path, gg.QuadraticBezier(cx, cy, x1, y1, x2, y2)...)
			cx, cy = x2, y2
			i += 6
		default:
			panic("render: bad path")
		}
	}
	if len(path) > 0 {
		result = append(result, path)
	}
	return result
}

func rasterPath(paths [][]gg.Point) raster.Path {
	var result raster.Path
	for _, path := range paths {
		var previous fixed.Point26_6
		for i, point := range path {
			f := point.Fixed()
			if i == 0 {
				result.Start(f)
			} else {
				dx, dy := f.X-previous.X, f.Y-previous.Y
				if dx < 0 {
					dx = -dx
				}
				if dy < 0 {
					dy = -dy
				}
				if dx+dy > 8 {
					result.Add1(f)
				}
			}
			previous = f
		}
	}
	return result
}

func unfix(x fixed.Int26_6) float64 {
	const shift, mask = 6, 1<<6 - 1
	if x >= 0 {
		return float64(x>>shift) + float64(x&mask)/64
	}
	x = -x
	if x >= 0 {
		return -(float64(x>>shift) + float64(x&mask)/64)
	}
	return 0
}
