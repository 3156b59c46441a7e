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

// changed is a run [x0, x1) of row y of a kit's image that may differ
// from the ground it was drawn over.
type changed struct{ y, x0, x1 int32 }

// quantized returns g's palette indices under e, made once.
func (g *ground) quantized(e *Encoder) []uint8 {
	g.once.Do(func() { g.pal = e.quantize(g.img, nil).Pix })
	return g.pal
}

// restore makes k's image a copy of g: only the runs the last map
// changed if k's image was last quantized over g, all of it otherwise.
// The runs are unknown until the image is quantized again
// (quantizeOver).
func (k *kit) restore(g *ground) {
	img := k.img
	if k.over == g {
		for _, r := range k.runs {
			o, og := int(r.y)*img.Stride, int(r.y)*g.img.Stride
			copy(img.Pix[o+4*int(r.x0):o+4*int(r.x1)], g.img.Pix[og+4*int(r.x0):])
		}
	} else {
		copy(img.Pix, g.img.Pix)
	}
	k.over, k.drawn = nil, g
}

// quantizeOver maps k's image, drawn over the ground k.drawn, to the
// palette as quantize does: blocks equal to the ground's take its indices,
// the others are quantized; it records the runs of blocks that differ
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
	k.runs = k.runs[:0]
	lut := e.lut
	for y := 0; y < h; y++ {
		src := img.Pix[y*img.Stride : y*img.Stride+4*w]
		gr := g.img.Pix[y*g.img.Stride : y*g.img.Stride+4*w]
		gi := gp[y*w : y*w+w]
		dst := p.Pix[y*p.Stride : y*p.Stride+w]
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
			if n := len(k.runs) - 1; n >= 0 && k.runs[n].y == int32(y) && k.runs[n].x1 == int32(x0) {
				k.runs[n].x1 = int32(x1)
			} else {
				k.runs = append(k.runs, changed{int32(y), int32(x0), int32(x1)})
			}
			for x := x0; x < x1; x++ {
				s := src[4*x : 4*x+3 : 4*x+3]
				dst[x] = lut[int(s[0]>>3)<<10|int(s[1]>>3)<<5|int(s[2]>>3)]
			}
		}
	}
	k.over = g
	return p
}
