package golden

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func pngOf(t *testing.T, c color.RGBA, dot bool) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	if dot {
		img.Set(2, 1, c)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// PixelDiff finds the pixels that differ, and none between two encodings
// of the same picture.
func TestPixelDiff(t *testing.T) {
	a := pngOf(t, color.RGBA{}, false)
	b := pngOf(t, color.RGBA{R: 200, A: 255}, true)
	if d, err := PixelDiff(a, a); d != "" || err != nil {
		t.Errorf("the same picture: %q %v", d, err)
	}
	if d, _ := PixelDiff(b, a); d != "1 pixels differ, the first at (2,1)" {
		t.Errorf("one pixel: %q", d)
	}
	if d, _ := PixelDiff(a, []byte("not a png")); d == "" {
		t.Error("an unreadable golden file must differ")
	}
	if _, err := PixelDiff([]byte("x"), a); err == nil {
		t.Error("a render that is no PNG is an error")
	}
}

