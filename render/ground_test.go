package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// marksBoard draws, per view, a mark at each "x,y" of its board (a
// []string) and fails after drawing them when the view's Phase is
// "fail". Its width is no multiple of blockW, so rows end in a part
// block. layeredMarks adds a middle layer: a bar as long as the view's
// Status[0].
type marksBoard struct{}

func (marksBoard) Size() image.Point { return image.Pt(203, 61) }
func (marksBoard) Inks() []color.RGBA {
	return []color.RGBA{fakeInk, fakeInk2, otherInk}
}
func (marksBoard) Static(c *Canvas) {
	c.Rect(0, 0, 203, 61, fakeInk)
	c.SetColor(otherInk)
	c.DrawCircle(100, 30, 25)
	c.Fill()
}

func (b marksBoard) Dynamic(c *Canvas, v adjudicator.View) error {
	marks, _ := v.Board.([]string)
	c.Font(9, true)
	for _, m := range marks {
		var x, y int
		fmt.Sscanf(m, "%d,%d", &x, &y)
		c.Rect(float64(x), float64(y), float64(x+5), float64(y+3), fakeInk2)
		c.SetColor(fakeInk2)
		c.DrawCircle(float64(x)+0.5, float64(y)+9.3, 3.2)
		c.Fill()
		c.Text("Ab", float64(x), float64(y), 0, 0, otherInk)
	}
	if v.Prompt.Phase == "fail" {
		return errors.New("fails after drawing")
	}
	return nil
}

type layeredMarks struct{ marksBoard }

func (layeredMarks) MiddleKey(v adjudicator.View) (string, error) { return v.Status[0], nil }
func (layeredMarks) Middle(c *Canvas, v adjudicator.View) error {
	c.Rect(0, 50, float64(len(v.Status[0])), 58, fakeInk2)
	return nil
}

// plainPNG returns a function that draws a view on a new image over b's
// layers and encodes it whole (every pixel quantized), as a cold map did
// before grounds.
func plainPNG(t *testing.T, b Board) func(adjudicator.View) []byte {
	r := New()
	r.Register("fake", b)
	enc := NewEncoder(b.Inks())
	return func(v adjudicator.View) []byte {
		t.Helper()
		img, err := r.drawOn(r.boards["fake"], &kit{faces: newFaces()}, v)
		if err != nil {
			t.Fatal(err)
		}
		png, err := enc.Encode(img)
		if err != nil {
			t.Fatal(err)
		}
		return png
	}
}

// issue 31: a map drawn over a kept ground, quantizing only what its
// dynamic layer changed and putting back only what the last map changed,
// has the very bytes of the whole image drawn and quantized afresh,
// whatever was drawn before on the same kit: other marks, a failed
// drawing, another middle layer, a region.
func TestGround_SameBytesAsAFullEncode(t *testing.T) {
	for _, b := range []Board{marksBoard{}, layeredMarks{}} {
		r := New()
		r.Register("fake", b)
		r.nocache = true
		plain := plainPNG(t, b)
		rng := rand.New(rand.NewPCG(31, 3))
		for i := 0; i < 60; i++ {
			var marks []string
			for j := rng.IntN(6); j > 0; j-- {
				marks = append(marks, fmt.Sprintf("%d,%d", rng.IntN(230)-10, rng.IntN(80)-10))
			}
			v := adjudicator.View{Title: "fake", Board: marks, Status: []string{[]string{"a", "bbbbbbbbbbbbbbbbbbbbbbbbbbbb", "ccccccccc"}[rng.IntN(3)]}}
			switch rng.IntN(8) {
			case 0:
				v.Prompt.Phase = "fail"
				if _, err := r.PNG(v); err == nil {
					t.Fatal("a failed drawing gave a map")
				}
				continue
			case 1:
				if _, err := r.drawRegion(r.boards["fake"], v, image.Rect(10, 10, 90, 50)); err != nil {
					t.Fatal(err)
				}
				continue
			}
			got, err := r.PNG(v)
			if err != nil {
				t.Fatal(err)
			}
			if want := plain(v); !bytes.Equal(got, want) {
				t.Fatalf("%T map %d (%v): not the bytes of a full encode", b, i, marks)
			}
		}
	}
}
