package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Fonts are embedded (the Go fonts): no system font is ever read, so a
// render is the same on every machine.
var (
	fontsOnce         sync.Once
	fontReg, fontBold *truetype.Font
	errFonts          error
)

func loadFonts() error {
	fontsOnce.Do(func() {
		if fontReg, errFonts = truetype.Parse(goregular.TTF); errFonts != nil {
			return
		}
		fontBold, errFonts = truetype.Parse(gobold.TTF)
	})
	return errFonts
}

// faces holds font faces by size. A truetype face caches glyphs and is not
// safe for concurrent use: each render borrows a set from a pool.
type faces struct {
	m map[faceKey]font.Face
	// widths caches string widths: truetype re-hints a glyph for every
	// advance it measures.
	widths map[widthKey]float64
	// labels caches strings laid out as glyph masks (see label).
	labels map[labelKey]*label
}

type widthKey struct {
	f faceKey
	s string
}

func newFaces() *faces {
	return &faces{m: map[faceKey]font.Face{}, widths: map[widthKey]float64{}, labels: map[labelKey]*label{}}
}

func (f *faces) width(k faceKey, fc font.Face, s string) float64 {
	wk := widthKey{k, s}
	if w, ok := f.widths[wk]; ok {
		return w
	}
	if len(f.widths) > 1<<14 {
		clear(f.widths)
	}
	w := float64(font.MeasureString(fc, s)) / 64
	f.widths[wk] = w
	return w
}

type faceKey struct {
	size int // tenths of a point
	bold bool
}

func (f *faces) face(size float64, bold bool) (font.Face, faceKey) {
	k := faceKey{int(math.Round(size * 10)), bold}
	if fc, ok := f.m[k]; ok {
		return fc, k
	}
	ft := fontReg
	if bold {
		ft = fontBold
	}
	fc := truetype.NewFace(ft, &truetype.Options{Size: float64(k.size) / 10, DPI: 72, Hinting: font.HintingFull})
	f.m[k] = fc
	return fc, k
}

// Canvas is what a Board draws on: a gg context over an RGBA image, with
// the embedded fonts and a few helpers shared by the titles' drawings.
type Canvas struct {
	*gg.Context
	Img   *image.RGBA
	faces *faces
	face  font.Face
	fk    faceKey
	size  float64
	// least is the smallest font size selected since the canvas was
	// made or LeastFont last reset it (0: none).
	least float64
}

func newCanvas(img *image.RGBA, f *faces) *Canvas {
	return &Canvas{Context: gg.NewContextForRGBA(img), Img: img, faces: f}
}

// NewCanvas returns a Canvas over img with its own font faces, for drawing
// outside a Renderer: a board's sprites made once, tests, benchmarks. It
// panics if the embedded fonts do not parse (a Renderer returns that as an
// error).
func NewCanvas(img *image.RGBA) *Canvas {
	if err := loadFonts(); err != nil {
		panic("render: fonts: " + err.Error())
	}
	return newCanvas(img, newFaces())
}

// Font selects the embedded Go font (regular or bold) at size points
// (pixels: the canvas is 72 dpi).
func (c *Canvas) Font(size float64, bold bool) {
	c.face, c.fk = c.faces.face(size, bold)
	c.SetFontFace(c.face)
	c.size = size
	if c.least == 0 || size < c.least {
		c.least = size
	}
}

// LeastFont is the smallest font size (pixels) selected on the canvas
// since it was made or last reset, and resets it: how small the text of
// a drawing is (tests of what reads on a phone).
func (c *Canvas) LeastFont() float64 {
	l := c.least
	c.least = 0
	return l
}

// Text draws s anchored at (x, y): ax, ay as gg.DrawStringAnchored, with
// ay 0.5 centring on the cap height rather than the font height. Glyphs
// are drawn at whole pixels from the string's label, laid out once per
// string and face (gg's own DrawString resamples every glyph through its
// transform), so text ignores the context's transform: see RotatedText.
// The pixels are those of font.Drawer drawing the string there.
func (c *Canvas) Text(s string, x, y, ax, ay float64, col color.Color) {
	w := 0.0
	if ax != 0 {
		w = c.Width(s)
	}
	h := c.size * 0.72 // cap height of the Go fonts
	o := image.Pt(int(math.Round(x-ax*w)), int(math.Round(y+ay*h)))
	c.faces.label(c.fk, c.face, s).draw(c.Img, o, col)
}

// RotatedText draws s centred at (x, y), turned by angle radians (slow:
// for the static layer).
func (c *Canvas) RotatedText(s string, x, y, angle float64, col color.Color) {
	c.Push()
	c.RotateAbout(angle, x, y)
	c.SetColor(col)
	c.DrawStringAnchored(s, x, y, 0.5, 0.35)
	c.Pop()
}

// HaloText draws s with a halo of colour halo around it, for labels over
// busy ground.
func (c *Canvas) HaloText(s string, x, y, ax, ay float64, col, halo color.Color) {
	for _, d := range [][2]float64{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}} {
		c.Text(s, x+d[0], y+d[1], ax, ay, halo)
	}
	c.Text(s, x, y, ax, ay, col)
}

// Width is the advance width of s in the current font.
func (c *Canvas) Width(s string) float64 {
	return c.faces.width(c.fk, c.face, s)
}

// Wrap breaks s into lines no wider than w in the current font (gg's
// WordWrap measures every prefix again; this measures each word once).
func (c *Canvas) Wrap(s string, w float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			lines = append(lines, "")
			continue
		}
		space := c.Width(" ")
		line, lw := words[0], c.Width(words[0])
		for _, wd := range words[1:] {
			ww := c.Width(wd)
			if lw+space+ww > w {
				lines = append(lines, line)
				line, lw = wd, ww
				continue
			}
			line += " " + wd
			lw += space + ww
		}
		lines = append(lines, line)
	}
	return lines
}

// FitFont picks the largest size from max down to min (in half points)
// at which s fits in width w, and selects it.
func (c *Canvas) FitFont(s string, w, max, min float64, bold bool) {
	for sz := max; sz >= min; sz -= 0.5 {
		c.Font(sz, bold)
		if c.Width(s) <= w {
			return
		}
	}
	c.Font(min, bold)
}

// Rect fills an axis-aligned rectangle without anti-aliasing (fast path:
// most of a map's ink is flat rectangles).
func (c *Canvas) Rect(x0, y0, x1, y1 float64, col color.Color) {
	r := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1)))
	draw.Draw(c.Img, r, image.NewUniform(col), image.Point{}, over(col))
}

// Frame strokes an axis-aligned rectangle's border of width t inside it.
func (c *Canvas) Frame(x0, y0, x1, y1, t float64, col color.Color) {
	c.Rect(x0, y0, x1, y0+t, col)
	c.Rect(x0, y1-t, x1, y1, col)
	c.Rect(x0, y0+t, x0+t, y1-t, col)
	c.Rect(x1-t, y0+t, x1, y1-t, col)
}

func over(col color.Color) draw.Op {
	if _, _, _, a := col.RGBA(); a == 0xffff {
		return draw.Src
	}
	return draw.Over
}

// Poly traces a closed polygon as the current path.
func (c *Canvas) Poly(pts [][2]float64) {
	c.NewSubPath()
	for i, p := range pts {
		if i == 0 {
			c.MoveTo(p[0], p[1])
		} else {
			c.LineTo(p[0], p[1])
		}
	}
	c.ClosePath()
}

// StarPoints are the ten corners of a five-pointed star of radius r
// about (x, y), a point up (inner corners at 0.45 r): for Poly.
func StarPoints(x, y, r float64) [][2]float64 {
	pts := make([][2]float64, 0, 10)
	for i := 0; i < 10; i++ {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts = append(pts, [2]float64{x + rr*math.Cos(a), y + rr*math.Sin(a)})
	}
	return pts
}

// Arrow draws a thick arrow from a to b: an outline of colour edge under a
// shaft of colour fill.
func (c *Canvas) Arrow(ax, ay, bx, by, w float64, fill, edge color.Color) {
	pts := ArrowOutline(ax, ay, bx, by, w)
	if pts == nil {
		return
	}
	c.Poly(pts)
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(edge)
	c.SetLineWidth(1.6)
	c.SetLineJoinRound()
	c.Stroke()
}

// ArrowOutline is the polygon of Arrow's arrow (whose edge is a 1.6 pixel
// stroke), or nil if a and b are less than a pixel apart.
func ArrowOutline(ax, ay, bx, by, w float64) [][2]float64 {
	dx, dy := bx-ax, by-ay
	l := math.Hypot(dx, dy)
	if l < 1 {
		return nil
	}
	ux, uy := dx/l, dy/l
	head := 3.2 * w
	if head > l*0.6 {
		head = l * 0.6
	}
	nx, ny := -uy, ux
	sx, sy := bx-ux*head, by-uy*head
	return [][2]float64{
		{ax + nx*w/2, ay + ny*w/2}, {sx + nx*w/2, sy + ny*w/2}, {sx + nx*w*1.6, sy + ny*w*1.6},
		{bx, by},
		{sx - nx*w*1.6, sy - ny*w*1.6}, {sx - nx*w/2, sy - ny*w/2}, {ax - nx*w/2, ay - ny*w/2},
	}
}
