package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"testing"
)

// TestSprites: a sprite is made once per key, is the same whatever was
// made before it, and stamps as its tile drawn source over, clipped at the
// image's edges.
func TestSprites(t *testing.T) {
	made := 0
	mark := func(c *Canvas, x, y float64) {
		made++
		c.Rect(x+2, y+2, x+22, y+14, color.RGBA{0, 0, 0, 0x59}) // a shadow
		c.Rect(x, y, x+20, y+12, color.RGBA{0x1f, 0x5f, 0xaa, 0xff})
		c.DrawCircle(x+20, y, 4) // over the corner, anti-aliased
		c.SetColor(color.RGBA{0xf0, 0xe4, 0x42, 0xff})
		c.Fill()
		c.Font(9, true)
		c.Text("12", x+3, y+6, 0, 0.5, color.White)
	}
	var s Sprites
	a := s.Get("a", 26, 16, mark)
	if s.Get("a", 26, 16, mark) != a || made != 1 {
		t.Fatalf("made %d times", made)
	}
	// made after others, and after the cache was dropped: the same tile
	var s2 Sprites
	s2.Max = 2
	s2.Get("x", 40, 40, func(c *Canvas, x, y float64) { c.Rect(x-20, y-20, x+40, y+40, color.White) })
	s2.Get("y", 10, 10, func(c *Canvas, x, y float64) {})
	b := s2.Get("a", 26, 16, mark)
	if !bytes.Equal(a.tile.Pix, b.tile.Pix) || a.off != b.off || a.tile.Rect != b.tile.Rect {
		t.Error("a sprite depends on what was made before it")
	}

	rng := rand.New(rand.NewPCG(5, 6))
	ground := image.NewRGBA(image.Rect(0, 0, 60, 40))
	for i := range ground.Pix {
		ground.Pix[i] = uint8(rng.IntN(256))
	}
	for i := 3; i < len(ground.Pix); i += 4 {
		ground.Pix[i] = 255
	}
	for _, at := range []image.Point{{20, 10}, {-5, -3}, {50, 35}, {0, 0}, {100, 100}} {
		got := NewCanvas(cloneRGBA(ground))
		got.Stamp(a, at.X, at.Y)
		want := cloneRGBA(ground)
		r := a.tile.Rect.Add(at.Sub(a.off))
		draw.Draw(want, r, a.tile, a.tile.Rect.Min, draw.Over)
		if !bytes.Equal(got.Img.Pix, want.Pix) {
			t.Errorf("stamped at %v: %s", at, firstDiff(got.Img, want))
		}
	}
}
