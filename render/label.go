package render

import (
	"image"
	"image/color"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// A label is a string's glyphs in one face, laid out once from a whole-
// pixel origin: each glyph's coverage mask (copied out of the face's
// glyph cache) and where it goes. Drawing it at any whole pixel blends
// each mask over the image as font.Drawer does (draw.DrawMask's glyph
// path), so a label gives the very pixels of drawing the string, without
// a glyph look-up, a kerning look-up or a re-rasterised glyph per letter
// (truetype's glyph cache is small: a map's text evicts its own glyphs).
type label struct{ glyphs []glyph }

type glyph struct {
	r    image.Rectangle // from the origin
	mask []uint8         // r.Dx() a row
}

type labelKey struct {
	f faceKey
	s string
}

// maxLabels bounds the labels a kit keeps (when full, all are dropped).
const maxLabels = 2048

// label returns s laid out in face fc (whose key is k), made once.
func (f *faces) label(k faceKey, fc font.Face, s string) *label {
	lk := labelKey{k, s}
	if l, ok := f.labels[lk]; ok {
		return l
	}
	if len(f.labels) >= maxLabels {
		clear(f.labels)
	}
	// as font.Drawer.DrawString, from the origin
	l := &label{}
	var dot fixed.Point26_6
	prev := rune(-1)
	for _, c := range s {
		if prev >= 0 {
			dot.X += fc.Kern(prev, c)
		}
		dr, mask, mp, advance, _ := fc.Glyph(dot, c)
		if !dr.Empty() {
			g := glyph{r: dr, mask: make([]uint8, dr.Dx()*dr.Dy())}
			a, ok := mask.(*image.Alpha)
			for y := 0; y < dr.Dy(); y++ {
				for x := 0; x < dr.Dx(); x++ {
					var v uint8
					if ok {
						if p := image.Pt(mp.X+x, mp.Y+y); p.In(a.Rect) {
							v = a.Pix[a.PixOffset(p.X, p.Y)]
						}
					} else {
						_, _, _, av := mask.At(mp.X+x, mp.Y+y).RGBA()
						v = uint8(av >> 8)
					}
					g.mask[y*dr.Dx()+x] = v
				}
			}
			l.glyphs = append(l.glyphs, g)
		}
		dot.X += advance
		prev = c
	}
	f.labels[lk] = l
	return l
}

// draw blends l over img with its origin at o, in colour col: each glyph
// as draw.DrawMask blends a glyph mask of a uniform colour (source over).
func (l *label) draw(img *image.RGBA, o image.Point, col color.Color) {
	const m = 1<<16 - 1
	sr, sg, sb, sa := col.RGBA()
	for _, g := range l.glyphs {
		dr := g.r.Add(o)
		r := dr.Intersect(img.Rect)
		if r.Empty() {
			continue
		}
		w := g.r.Dx()
		for y := r.Min.Y; y < r.Max.Y; y++ {
			mrow := g.mask[(y-dr.Min.Y)*w+r.Min.X-dr.Min.X : (y-dr.Min.Y)*w+r.Max.X-dr.Min.X]
			i := img.PixOffset(r.Min.X, y)
			for _, ma := range mrow {
				if ma == 0 {
					i += 4
					continue
				}
				ma := uint32(ma) * 0x101
				a := (m - (sa * ma / m)) * 0x101
				d := img.Pix[i : i+4 : i+4]
				d[0] = uint8((uint32(d[0])*a + sr*ma) / m >> 8)
				d[1] = uint8((uint32(d[1])*a + sg*ma) / m >> 8)
				d[2] = uint8((uint32(d[2])*a + sb*ma) / m >> 8)
				d[3] = uint8((uint32(d[3])*a + sa*ma) / m >> 8)
				i += 4
			}
		}
	}
}
