package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

// pather is what both a Path and a Canvas (through gg) build paths with.
type pather interface {
	MoveTo(x, y float64)
	LineTo(x, y float64)
	QuadraticTo(x1, y1, x2, y2 float64)
	ClosePath()
	NewSubPath()
	DrawLine(x1, y1, x2, y2 float64)
	DrawRectangle(x, y, w, h float64)
	DrawRoundedRectangle(x, y, w, h, r float64)
	DrawCircle(x, y, r float64)
	DrawEllipse(x, y, rx, ry float64)
	DrawArc(x, y, r, angle1, angle2 float64)
}

// TestShapeLikeGG: a Path filled or stroked into a Shape and painted
// gives the same pixels as the same calls on the Canvas, over any ground,
// across the image's edges too.
func TestShapeLikeGG(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	size := image.Pt(300, 200)
	ground := image.NewRGBA(image.Rectangle{Max: size})
	for i := range ground.Pix {
		ground.Pix[i] = uint8(rng.IntN(256))
	}
	for i := 3; i < len(ground.Pix); i += 4 {
		ground.Pix[i] = 255
	}
	cols := []color.Color{color.RGBA{0xa1, 0x4e, 0x00, 0xff}, color.RGBA{0, 0, 0, 0x59}, color.White}
	shapes := []func(p pather, x, y, w, h, r, a float64){
		func(p pather, x, y, w, h, r, a float64) { // hatching
			for k := 0.0; k < 6; k++ {
				p.DrawLine(x+k*5, y, x+k*5+w*math.Cos(a), y+w*math.Sin(a))
			}
		},
		func(p pather, x, y, w, h, r, a float64) { p.DrawRectangle(x, y, w, h) },
		func(p pather, x, y, w, h, r, a float64) { p.DrawRoundedRectangle(x, y, w, h, r) },
		func(p pather, x, y, w, h, r, a float64) { p.DrawCircle(x, y, r) },
		func(p pather, x, y, w, h, r, a float64) { p.DrawEllipse(x, y, w/2, h/2) },
		func(p pather, x, y, w, h, r, a float64) { // a toothed ring
			p.NewSubPath()
			for i := 0; i <= 28; i++ {
				rr := r + 2*float64(i%2)
				px, py := x+rr*math.Cos(float64(i)*math.Pi/14), y+rr*math.Sin(float64(i)*math.Pi/14)
				if i == 0 {
					p.MoveTo(px, py)
				} else {
					p.LineTo(px, py)
				}
			}
			p.ClosePath()
		},
		func(p pather, x, y, w, h, r, a float64) { // an open polyline, a curve, an arc
			p.MoveTo(x, y)
			p.LineTo(x+w, y+h/3)
			p.QuadraticTo(x+w, y+h, x, y+h)
			p.NewSubPath()
			p.DrawArc(x+w/2, y+h/2, r, 1.1*math.Pi, 1.9*math.Pi)
		},
	}
	for n := 0; n < 300; n++ {
		x, y := rng.Float64()*300-20, rng.Float64()*200-20 // some across the edges
		w, h, r, a := 5+rng.Float64()*30, 5+rng.Float64()*20, 1+rng.Float64()*8, rng.Float64()*2*math.Pi
		draw := shapes[n%len(shapes)]
		stroke := n%2 == 0
		lw := 0.8 + rng.Float64()*4
		col := cols[n%len(cols)]
		want := NewCanvas(cloneRGBA(ground))
		draw(want, x, y, w, h, r, a)
		want.SetColor(col)
		if stroke {
			want.SetLineWidth(lw)
			want.Stroke()
		} else {
			want.Fill()
		}

		var p Path
		draw(&p, x, y, w, h, r, a)
		var s *Shape
		if stroke {
			s = p.Stroke(size, lw)
		} else {
			s = p.Fill(size)
		}
		got := NewCanvas(cloneRGBA(ground))
		got.Paint(s, col)
		if !bytes.Equal(got.Img.Pix, want.Img.Pix) {
			t.Fatalf("case %d (shape %d, stroke %v): %s", n, n%len(shapes), stroke, firstDiff(got.Img, want.Img))
		}
	}
}

func cloneRGBA(m *image.RGBA) *image.RGBA {
	c := image.NewRGBA(m.Rect)
	copy(c.Pix, m.Pix)
	return c
}

func firstDiff(a, b *image.RGBA) string {
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			return fmt.Sprintf("pixel %d,%d differs", (i%a.Stride)/4, i/a.Stride)
		}
	}
	return ""
}

// BenchmarkPaint paints a zone's worth of hatching.
func BenchmarkPaint(b *testing.B) {
	size := image.Pt(1100, 1100)
	var p Path
	poly := [][2]float64{{100, 100}, {500, 120}, {520, 480}, {90, 500}}
	for _, s := range Hatch(poly, -math.Pi/4, 11, 0) {
		p.DrawLine(s[0], s[1], s[2], s[3])
	}
	for _, s := range Hatch(poly, math.Pi/4, 11, 0) {
		p.DrawLine(s[0], s[1], s[2], s[3])
	}
	s := p.Stroke(size, 1.1)
	c := NewCanvas(image.NewRGBA(image.Rectangle{Max: size}))
	px := 0
	for _, sp := range s.spans {
		px += int(sp.x1 - sp.x0)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Paint(s, color.RGBA{0xa1, 0x4e, 0x00, 0xff})
	}
	b.ReportMetric(float64(len(s.spans)), "spans")
	b.ReportMetric(float64(px), "pixels")
}
