package render

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"
)

// regionBoard is the fake board with two regions.
type regionBoard struct{ fakeBoard }

func (*regionBoard) Regions() map[string]image.Rectangle {
	return map[string]image.Rectangle{"left": image.Rect(0, 0, 60, 40), "corner": image.Rect(100, 30, 140, 60)}
}

// PNGRegion: a region is the part of the whole map, pixel for pixel,
// cut to the image; drawn once per view and region, then from the cache;
// an unknown region names the known ones; a board without regions and ""
// (the whole map) behave as PNG.
func TestPNGRegion(t *testing.T) {
	b := &regionBoard{}
	r := New()
	r.Register("fake", b)
	v := fakeView("abcdefgh", "status")
	whole, err := r.PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	full, _ := png.Decode(bytes.NewReader(whole))
	for name, want := range map[string]image.Rectangle{"left": image.Rect(0, 0, 60, 40), "corner": image.Rect(100, 30, 120, 40)} {
		got, err := r.PNGRegion(v, name)
		if err != nil {
			t.Fatal(err)
		}
		im, err := png.Decode(bytes.NewReader(got))
		if err != nil {
			t.Fatal(err)
		}
		if im.Bounds() != image.Rect(0, 0, want.Dx(), want.Dy()) {
			t.Fatalf("%s: bounds %v, want the size of %v", name, im.Bounds(), want)
		}
		for y := 0; y < want.Dy(); y++ {
			for x := 0; x < want.Dx(); x++ {
				if im.At(x, y) != full.At(want.Min.X+x, want.Min.Y+y) {
					t.Fatalf("%s: pixel %d,%d differs from the whole map's", name, x, y)
				}
			}
		}
	}
	n := b.dynamics.Load()
	again, _ := r.PNGRegion(v, "left")
	first, _ := r.PNGRegion(v, "left")
	if b.dynamics.Load() != n || !bytes.Equal(again, first) {
		t.Error("a region drawn again instead of served from the cache")
	}
	if got, _ := r.PNGRegion(v, ""); !bytes.Equal(got, whole) {
		t.Error(`region "" is not the whole map`)
	}
	if _, err := r.PNGRegion(v, "nowhere"); err == nil || !strings.Contains(err.Error(), "regions are corner, left") {
		t.Errorf("unknown region: %v", err)
	}
	if got := r.Regions("fake"); strings.Join(got, ",") != "corner,left" {
		t.Errorf("Regions %v", got)
	}
	plain, _ := fakeRenderer()
	if _, err := plain.PNGRegion(v, "left"); err == nil || !strings.Contains(err.Error(), "no regions") {
		t.Errorf("a board without regions: %v", err)
	}
	if plain.Regions("fake") != nil || plain.Regions("nosuch") != nil {
		t.Error("regions for a board without any")
	}
	if _, err := r.PNGRegion(fakeView(""), "left"); err == nil {
		t.Error("a view the board refuses gave a region")
	}
}
