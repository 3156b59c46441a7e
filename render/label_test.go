package render

import (
	"bytes"
	"image"
	"image/color"
	"strconv"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// issue 31: text drawn from a kept label has the very pixels of
// font.Drawer drawing the string in place: kerned pairs, accents, a
// space, a missing glyph, a translucent colour, glyphs cut by the image's
// edge, and the same label drawn again elsewhere.
func TestLabel_PixelsOfFontDrawer(t *testing.T) {
	strs := []string{"Dien Bien Phu", "AVAWAY Tj.", "Françoise — Éliane 2", "", " ", "x\u0378y", "12 fresh +3 spent"}
	cols := []color.Color{color.RGBA{0x16, 0x16, 0x16, 0xff}, color.RGBA{0xd9, 0xa5, 0x14, 0xff}, color.NRGBA{0xc8, 0x36, 0x2b, 0x80}}
	at := []image.Point{{5, 20}, {-7, 3}, {150, 58}, {60, 31}}
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	fc := newFaces()
	for _, size := range []float64{9, 11.5, 20} {
		for _, bold := range []bool{false, true} {
			for _, s := range strs {
				for _, col := range cols {
					for _, o := range at {
						want := ground40()
						face, k := fc.face(size, bold)
						d := font.Drawer{Dst: want, Src: image.NewUniform(col), Face: face, Dot: fixed.P(o.X, o.Y)}
						d.DrawString(s)
						got := ground40()
						fc.label(k, face, s).draw(got, o, col)
						if !bytes.Equal(got.Pix, want.Pix) {
							t.Fatalf("%q at %v, %v pt bold %v, %v: not font.Drawer's pixels", s, o, size, bold, col)
						}
					}
				}
			}
		}
	}
	if len(fc.labels) != 3*2*len(strs) {
		t.Errorf("%d labels kept for %d strings and faces", len(fc.labels), 3*2*len(strs))
	}
}

// ground40 is a 160x40 image of stripes, so that blending shows.
func ground40() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 160, 40))
	for i := 0; i < len(img.Pix); i += 4 {
		v := uint8(i / 4 % 160)
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = v, 255-v, 0x80, 0xff
	}
	return img
}

// The labels a kit keeps are bounded: a map's changing text (what just
// happened) does not grow them for ever.
func TestLabel_Bounded(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	fc := newFaces()
	face, k := fc.face(10, false)
	for i := 0; i < maxLabels+10; i++ {
		fc.label(k, face, strconv.Itoa(i))
		if len(fc.labels) > maxLabels {
			t.Fatalf("%d labels kept after %d strings", len(fc.labels), i+1)
		}
	}
	if l := fc.label(k, face, "12"); len(l.glyphs) != 2 {
		t.Errorf("label %q has %d glyphs", "12", len(l.glyphs))
	}
}
