package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"sync"
)

// Encoder writes a board's images as PNGs. Maps are flat colours with
// anti-aliased edges: the image is reduced to a fixed 256-colour palette
// (every ink of the drawing plus greys and a colour cube for the edges)
// through a 15-bit lookup table, which makes the file a quarter of the
// RGBA data to deflate, and is encoded at BestSpeed. (Measured in
// render/hell: see BenchmarkEncode.) A Renderer keeps one per Board; it is
// safe for concurrent use.
type Encoder struct {
	inks []color.RGBA
	once sync.Once
	pal  color.Palette
	lut  []uint8 // rgb555 -> palette index
	png  png.Encoder

	mu    sync.Mutex
	spare *kit // Encode's buffers, kept for the next
}

type bufPool struct{ p sync.Pool }

func (b *bufPool) Get() *png.EncoderBuffer {
	if v := b.p.Get(); v != nil {
		return v.(*png.EncoderBuffer)
	}
	return nil
}

func (b *bufPool) Put(e *png.EncoderBuffer) { b.p.Put(e) }

// NewEncoder returns an Encoder whose palette starts with inks (see
// Board.Inks).
func NewEncoder(inks []color.RGBA) *Encoder {
	return &Encoder{inks: inks, png: png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufPool{}}}
}

// Encode writes img, which must be opaque, as a PNG.
func (e *Encoder) Encode(img *image.RGBA) ([]byte, error) {
	e.mu.Lock()
	k := e.spare
	e.spare = nil
	e.mu.Unlock()
	if k == nil {
		k = &kit{}
	}
	b, err := e.encode(img, k)
	e.mu.Lock()
	e.spare = k
	e.mu.Unlock()
	return b, err
}

// encode writes img as a PNG; k, if not nil, lends its buffers.
func (e *Encoder) encode(img *image.RGBA, k *kit) ([]byte, error) {
	return e.write(e.quantize(img, k))
}

// encodeOver writes k's image, drawn over the ground k.drawn, as a PNG:
// the same bytes as encode, quantizing only what differs from the ground
// (see ground).
func (e *Encoder) encodeOver(k *kit) ([]byte, error) {
	return e.write(e.quantizeOver(k))
}

func (e *Encoder) write(p *image.Paletted) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(256 << 10)
	if err := e.png.Encode(&buf, p); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// paletted returns a paletted image of bounds b: k's, if it lends one.
func (e *Encoder) paletted(b image.Rectangle, k *kit) *image.Paletted {
	e.once.Do(e.build)
	if k != nil && k.pal != nil && k.pal.Rect == b {
		k.pal.Palette = e.pal // the kit may have drawn another board
		return k.pal
	}
	p := image.NewPaletted(b, e.pal)
	if k != nil {
		k.pal = p
	}
	return p
}

// quantize maps img to the fixed palette. The images are opaque.
func (e *Encoder) quantize(img *image.RGBA, k *kit) *image.Paletted {
	b := img.Bounds()
	p := e.paletted(b, k)
	w, h := b.Dx(), b.Dy()
	lut := e.lut
	for y := 0; y < h; y++ {
		src := img.Pix[y*img.Stride : y*img.Stride+4*w]
		dst := p.Pix[y*p.Stride : y*p.Stride+w]
		for x := range dst {
			s := src[4*x : 4*x+3 : 4*x+3]
			dst[x] = lut[int(s[0]>>3)<<10|int(s[1]>>3)<<5|int(s[2]>>3)]
		}
	}
	return p
}

// build makes the palette and its lookup table: first the inks, exact,
// then a 6x6x6 cube; each rgb555 cell maps to the nearest entry, and each
// ink's own cell to that ink.
func (e *Encoder) build() {
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		c.A = 255
		if !seen[c] && len(e.pal) < 256 {
			seen[c] = true
			e.pal = append(e.pal, c)
		}
	}
	for _, c := range e.inks {
		add(c)
	}
	nInks := len(e.pal)
	for _, g := range []uint8{0, 34, 68, 102, 136, 170, 204, 238, 255} {
		add(color.RGBA{g, g, g, 255})
	}
	for r := 0; r < 6; r++ {
		for g := 0; g < 6; g++ {
			for b := 0; b < 6; b++ {
				add(color.RGBA{uint8(r * 51), uint8(g * 51), uint8(b * 51), 255})
			}
		}
	}
	e.lut = make([]uint8, 1<<15)
	for i := range e.lut {
		r, g, b := (i>>10)<<3|4, (i>>5&31)<<3|4, (i&31)<<3|4
		best, bd := 0, 1<<30
		for j, pc := range e.pal {
			c := pc.(color.RGBA)
			dr, dg, db := r-int(c.R), g-int(c.G), b-int(c.B)
			d := 3*dr*dr + 4*dg*dg + 2*db*db
			if d < bd {
				best, bd = j, d
			}
		}
		e.lut[i] = uint8(best)
	}
	for j := 0; j < nInks; j++ {
		c := e.pal[j].(color.RGBA)
		e.lut[int(c.R>>3)<<10|int(c.G>>3)<<5|int(c.B>>3)] = uint8(j)
	}
}
