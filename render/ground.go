package render

import (
	"bytes"
	"image"
	"sync"
)

// A ground is what a view's dynamic layer is drawn over: the static
// layer, or (a Layered board) the static layer with a middle layer. It is
// drawn once and kept, and so is its quantization (each pixel's palette
// index), so that a map re-quantizes only the blocks its dynamic layer
// changed and copies the ground's indices elsewhere, and a kit's image is
// put back to the ground by copying back only what the last map changed
// (issue 31: a cold map costs at most 1.2 times its own PNG encode; the
// encode alone quantizes every pixel). Both give the very bytes of a
// full copy and a full quantization.
type ground struct {
	img  *image.RGBA
	once sync.Once
	pal  []uint8 // img's palette indices, row by row (stride: the width)
}

// blockW is how many pixels of a row are compared with the ground at
// once.
const blockW = 16

// changed is the part [x0, x1) of a row of a kit's image that may differ
// from the ground it was drawn over (x0 >= x1: none).
type changed struct{ x0, x1 int32 }

// quantized returns g's palette indices under e, made once.
func (g *ground) quantized(e *Encoder) []uint8 {
	g.once.Do(func() { g.pal = e.quantize(g.img, nil).Pix })
	return g.pal
}

// restore makes k's image a copy of g: only the spans the last map
// changed if k's image was last quantized over g, all of it otherwise.
// The spans are unknown until the image is quantized again
// (quantizeOver).
func (k *kit) restore(g *ground) {
	img := k.img
	if k.over == g && len(k.spans) == img.Rect.Dy() {
		for y, s := range k.spans {
			if s.x0 < s.x1 {
				o := y * img.Stride
				copy(img.Pix[o+4*int(s.x0):o+4*int(s.x1)], g.img.Pix[y*g.img.Stride+4*int(s.x0):])
			}
		}
	} else {
		copy(img.Pix, g.img.Pix)
	}
	k.over, k.drawn = nil, g
}

// quantizeOver maps k's image, drawn over the ground k.drawn, to the
// palette as quantize does: blocks equal to the ground's take its indices,
// the others are quantized; it records which spans of each row differ
// from the ground, for the next restore.
func (e *Encoder) quantizeOver(k *kit) *image.Paletted {
	g, img := k.drawn, k.img
	if g == nil || g.img.Rect != img.Rect {
		return e.quantize(img, k)
	}
	gp := g.quantized(e) // builds the palette too
	b := img.Bounds()
	p := e.paletted(b, k)
	w, h := b.Dx(), b.Dy()
	if len(k.spans) != h {
		k.spans = make([]changed, h)
	}
	lut := e.lut
	for y := 0; y < h; y++ {
		src := img.Pix[y*img.Stride : y*img.Stride+4*w]
		gr := g.img.Pix[y*g.img.Stride : y*g.img.Stride+4*w]
		gi := gp[y*w : y*w+w]
		dst := p.Pix[y*p.Stride : y*p.Stride+w]
		x0s, x1s := w, 0
		for x0 := 0; x0 < w; x0 += blockW {
			// four blocks at once where they are the ground's
			if x0%(4*blockW) == 0 && x0+4*blockW <= w && bytes.Equal(src[4*x0:4*x0+16*blockW], gr[4*x0:4*x0+16*blockW]) {
				copy(dst[x0:x0+4*blockW], gi[x0:x0+4*blockW])
				x0 += 3 * blockW
				continue
			}
			x1 := min(x0+blockW, w)
			if bytes.Equal(src[4*x0:4*x1], gr[4*x0:4*x1]) {
				copy(dst[x0:x1], gi[x0:x1])
				continue
			}
			x0s, x1s = min(x0s, x0), x1
			for x := x0; x < x1; x++ {
				s := src[4*x : 4*x+3 : 4*x+3]
				dst[x] = lut[int(s[0]>>3)<<10|int(s[1]>>3)<<5|int(s[2]>>3)]
			}
		}
		k.spans[y] = changed{int32(x0s), int32(x1s)}
	}
	k.over = g
	return p
}
