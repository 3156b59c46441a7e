package render

import (
	"image/color"
	"testing"
)

func TestHex(t *testing.T) {
	for _, c := range []struct {
		in   string
		want color.RGBA
	}{
		{"#000000", color.RGBA{0, 0, 0, 255}},
		{"#ffffff", color.RGBA{255, 255, 255, 255}},
		{"#e9e2cc", color.RGBA{0xe9, 0xe2, 0xcc, 255}},
		{"#E9E2CC", color.RGBA{0xe9, 0xe2, 0xcc, 255}},
		{"#1a2b3c", color.RGBA{0x1a, 0x2b, 0x3c, 255}},
		// an opacity: premultiplied
		{"#ff804080", color.RGBA{128, 64, 32, 128}},
		{"#ffffff00", color.RGBA{0, 0, 0, 0}},
		// what is not a digit reads as 0; what is missing, as nothing
		{"#zz0000", color.RGBA{0, 0, 0, 255}},
		{"#ff", color.RGBA{255, 0, 0, 255}},
		{"", color.RGBA{0, 0, 0, 255}},
	} {
		if got := Hex(c.in); got != c.want {
			t.Errorf("Hex(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestAlpha(t *testing.T) {
	c := color.RGBA{200, 100, 50, 255}
	for _, x := range []struct {
		a    float64
		want color.RGBA
	}{{1, c}, {0, color.RGBA{}}, {0.5, color.RGBA{100, 50, 25, 127}}} {
		if got := Alpha(c, x.a); got != x.want {
			t.Errorf("Alpha(%v, %v) = %v, want %v", c, x.a, got, x.want)
		}
	}
}
