package render

import (
	"image"
	"sync"

	"github.com/fogleman/gg"
)

// Sprite is a drawing made once on a transparent tile and stamped (source
// over) at whole pixels wherever it is needed: a counter, a tab, anything
// a board draws often the same way. Stamping costs a copy of the tile's
// pixels; drawing again would cost a rasterisation per path and glyph.
//
// A stamped Sprite is not quite what drawing in place gives (anti-aliased
// edges over the ground are blended from the tile's 8-bit alpha, and the
// drawing is at whole pixels), so it is for marks whose look is the
// sprite's, whatever the ground and position. It is the same wherever and
// whenever it was made: a sprite depends only on its drawing.
type Sprite struct {
	tile *image.RGBA // tight around the drawing's pixels
	off  image.Point // the drawing's origin in tile
	runs []run       // of the tile's pixels: opaque runs are copied
}

// run is a row's run of pixels of a tile, all opaque or all not.
type run struct {
	y, x0, x1 int
	opaque    bool
}

// Sprites makes Sprites on demand and keeps them by key. It is safe for
// concurrent use.
type Sprites struct {
	// Max bounds how many are kept (0: 1024); when full, all are dropped.
	Max int

	mu      sync.Mutex
	m       map[any]*Sprite
	scratch *Canvas
}

// spriteMargin is how far from its origin a drawing may reach up and
// left.
const spriteMargin = 32

// Get returns the sprite for key, drawing it if it is new: draw draws with
// its origin at (x, y) on a new transparent canvas (it selects its font),
// within 32 pixels up and left of it and w+32, h+32 right and down. key
// must be comparable and say everything draw depends on.
func (s *Sprites) Get(key any, w, h int, draw func(c *Canvas, x, y float64)) *Sprite {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sp, ok := s.m[key]; ok {
		return sp
	}
	limit := s.Max
	if limit <= 0 {
		limit = 1024
	}
	if s.m == nil || len(s.m) >= limit {
		s.m = map[any]*Sprite{}
	}
	sw, sh := w+2*spriteMargin, h+2*spriteMargin
	if s.scratch == nil || sw > s.scratch.Img.Rect.Dx() || sh > s.scratch.Img.Rect.Dy() {
		if s.scratch != nil {
			sw, sh = max(sw, s.scratch.Img.Rect.Dx()), max(sh, s.scratch.Img.Rect.Dy())
		}
		s.scratch = NewCanvas(image.NewRGBA(image.Rect(0, 0, sw, sh)))
	}
	// a clean canvas: no colour, line, dash or font left by the last
	// drawing (so that a sprite depends on its drawing only)
	c := s.scratch
	clear(c.Img.Pix)
	c.Context = gg.NewContextForRGBA(c.Img)
	c.face = nil
	draw(c, spriteMargin, spriteMargin)
	// the tile: tight around what was drawn
	b := image.Rectangle{}
	img := c.Img
	for y := 0; y < img.Rect.Dy(); y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*img.Rect.Dx()]
		for x := 3; x < len(row); x += 4 {
			if row[x] != 0 {
				b = b.Union(image.Rect(x/4, y, x/4+1, y+1))
			}
		}
	}
	tile := image.NewRGBA(image.Rectangle{Max: b.Size()})
	for y := 0; y < b.Dy(); y++ {
		copy(tile.Pix[y*tile.Stride:y*tile.Stride+4*b.Dx()], img.Pix[(b.Min.Y+y)*img.Stride+4*b.Min.X:])
	}
	sp := &Sprite{tile: tile, off: image.Pt(spriteMargin, spriteMargin).Sub(b.Min)}
	for y := 0; y < b.Dy(); y++ {
		row := tile.Pix[y*tile.Stride : y*tile.Stride+4*b.Dx()]
		for x := 0; x < b.Dx(); {
			a := row[4*x+3]
			if a == 0 {
				x++
				continue
			}
			x1 := x + 1
			for x1 < b.Dx() && row[4*x1+3] != 0 && (row[4*x1+3] == 0xff) == (a == 0xff) {
				x1++
			}
			sp.runs = append(sp.runs, run{y, x, x1, a == 0xff})
			x = x1
		}
	}
	s.m[key] = sp
	return sp
}

// Stamp composites sp with its origin at (x, y), source over.
func (c *Canvas) Stamp(sp *Sprite, x, y int) {
	t, d := sp.tile, c.Img
	ox, oy := x-sp.off.X, y-sp.off.Y // where the tile's corner goes
	for _, r := range sp.runs {
		dy := oy + r.y
		if dy < d.Rect.Min.Y || dy >= d.Rect.Max.Y {
			continue
		}
		x0, x1 := max(r.x0, d.Rect.Min.X-ox), min(r.x1, d.Rect.Max.X-ox)
		if x0 >= x1 {
			continue
		}
		si := r.y*t.Stride + 4*x0
		di := (dy-d.Rect.Min.Y)*d.Stride + 4*(ox+x0-d.Rect.Min.X)
		n := 4 * (x1 - x0)
		src, dst := t.Pix[si:si+n:si+n], d.Pix[di:di+n:di+n]
		if r.opaque {
			copy(dst, src)
			continue
		}
		for i := 0; i < n; i += 4 {
			// premultiplied source over, as image/draw
			a := uint32(src[i+3])
			k := (0xffff - a*0x101) * 0x101
			dst[i] = uint8((uint32(dst[i])*k/0xffff + uint32(src[i])*0x101) >> 8)
			dst[i+1] = uint8((uint32(dst[i+1])*k/0xffff + uint32(src[i+1])*0x101) >> 8)
			dst[i+2] = uint8((uint32(dst[i+2])*k/0xffff + uint32(src[i+2])*0x101) >> 8)
			dst[i+3] = uint8((uint32(dst[i+3])*k/0xffff + a*0x101) >> 8)
		}
	}
}
