package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// The pipeline is tested with a tiny board of its own: the titles' boards
// are tested in their packages (render/hell).

var (
	fakeInk  = color.RGBA{0x1f, 0x5f, 0xaa, 0xff}
	fakeInk2 = color.RGBA{0xe6, 0x9f, 0x00, 0xff}
)

// fakeBoard draws a frame once and, per view, a bar as long as the
// view's Seq and its status text. A view without a board is an error.
type fakeBoard struct {
	statics  atomic.Int32
	dynamics atomic.Int32
}

func (f *fakeBoard) Size() image.Point  { return image.Pt(120, 40) }
func (f *fakeBoard) Inks() []color.RGBA { return []color.RGBA{fakeInk, fakeInk2} }
func (f *fakeBoard) Static(c *Canvas)   { f.statics.Add(1); c.Rect(0, 0, 120, 40, fakeInk) }

func (f *fakeBoard) Dynamic(c *Canvas, v adjudicator.View) error {
	f.dynamics.Add(1)
	s, _ := v.Board.(string)
	if s == "" {
		return errors.New("no board")
	}
	c.Rect(2, 2, 2+float64(len(s)), 10, fakeInk2)
	c.Font(10, true)
	for _, l := range v.Status {
		c.Text(l, 4, 24, 0, 0.5, fakeInk2)
	}
	return nil
}

func fakeRenderer() (*Renderer, *fakeBoard) {
	b := &fakeBoard{}
	r := New()
	r.Register("fake", b)
	return r, b
}

func fakeView(board string, status ...string) adjudicator.View {
	return adjudicator.View{Title: "fake", Board: board, Status: status}
}

func TestErrors(t *testing.T) {
	r, b := fakeRenderer()
	if _, err := r.PNG(adjudicator.View{Title: "tonkin", Board: "x"}); err == nil {
		t.Error("no error for a title without a drawing")
	}
	for i := 0; i < 2; i++ {
		if _, err := r.PNG(fakeView("")); err == nil {
			t.Error("the board's error is not returned")
		}
	}
	if n := b.dynamics.Load(); n != 2 {
		t.Errorf("a failed drawing was cached: %d drawings for 2 requests", n)
	}
}

// TestPNG: the image is the board's size, drawn over its static layer,
// which is drawn once.
func TestPNG(t *testing.T) {
	r, b := fakeRenderer()
	for i := 0; i < 3; i++ {
		out, err := r.PNG(fakeView("abcdefghij", fmt.Sprint(i)))
		if err != nil {
			t.Fatal(err)
		}
		im, err := png.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if im.Bounds() != image.Rect(0, 0, 120, 40) {
			t.Fatalf("size %v", im.Bounds())
		}
		if got := color.RGBAModel.Convert(im.At(100, 5)); got != fakeInk {
			t.Errorf("static layer: %v, want %v", got, fakeInk)
		}
		if got := color.RGBAModel.Convert(im.At(5, 5)); got != fakeInk2 {
			t.Errorf("dynamic layer: %v, want %v (inks are kept exact)", got, fakeInk2)
		}
	}
	if n := b.statics.Load(); n != 1 {
		t.Errorf("static layer drawn %d times", n)
	}
}

// TestCache: the cache serves unchanged views, is bounded, and is safe
// for concurrent use.
func TestCache(t *testing.T) {
	r, b := fakeRenderer()
	v := fakeView("board")
	a, _ := r.PNG(v)
	a[0] = 'x' // the caller owns its copy
	c, _ := r.PNG(v)
	if c[0] == 'x' {
		t.Error("the cache handed out its own slice")
	}
	if n := b.dynamics.Load(); n != 1 {
		t.Errorf("an unchanged view drawn %d times", n)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if _, err := r.PNG(fakeView("board", fmt.Sprint(i%3))); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	r.mu.Lock()
	n := r.lru.Len()
	r.mu.Unlock()
	if n > CacheSize || n < 3 {
		t.Errorf("cache holds %d", n)
	}
	for i := 0; i < CacheSize+10; i++ {
		r.PNG(fakeView("board", "many", fmt.Sprint(i)))
	}
	r.mu.Lock()
	n = r.lru.Len()
	r.mu.Unlock()
	if n != CacheSize {
		t.Errorf("cache holds %d, want %d", n, CacheSize)
	}
}

// TestNoCache: drawn every time, a view gives the same bytes.
func TestNoCache(t *testing.T) {
	r, b := fakeRenderer()
	r.nocache = true
	a, _ := r.PNG(fakeView("board", "x"))
	c, _ := r.PNG(fakeView("board", "x"))
	if !bytes.Equal(a, c) {
		t.Error("the same view drawn twice differs")
	}
	if n := b.dynamics.Load(); n != 2 {
		t.Errorf("drawn %d times, want 2", n)
	}
}

// TestTwoBoards: a Renderer keeps each title's static layer and palette.
func TestTwoBoards(t *testing.T) {
	r, _ := fakeRenderer()
	r.Register("other", &otherBoard{})
	for i := 0; i < 2; i++ {
		for _, title := range []string{"fake", "other"} {
			out, err := r.PNG(adjudicator.View{Title: title, Board: "board", Status: []string{fmt.Sprint(i)}})
			if err != nil {
				t.Fatal(err)
			}
			im, err := png.Decode(bytes.NewReader(out))
			if err != nil {
				t.Fatal(err)
			}
			want := fakeInk
			if title == "other" {
				want = otherInk
			}
			if got := color.RGBAModel.Convert(im.At(100, 5)); got != want {
				t.Errorf("%s: %v, want %v", title, got, want)
			}
		}
	}
}

var otherInk = color.RGBA{0x3e, 0x5c, 0x38, 0xff}

type otherBoard struct{}

func (otherBoard) Size() image.Point                       { return image.Pt(120, 40) }
func (otherBoard) Inks() []color.RGBA                      { return []color.RGBA{otherInk} }
func (otherBoard) Static(c *Canvas)                        { c.Rect(0, 0, 120, 40, otherInk) }
func (otherBoard) Dynamic(*Canvas, adjudicator.View) error { return nil }

func TestLayout(t *testing.T) {
	p := &Placer{Bounds: Corners(0, 0, 100, 100)}
	p.Add(Corners(0, 0, 50, 100), WeightPlaced)
	cands, gaps := Around(50, 50, 5, 20, 10, []float64{2})
	b, cost := p.Best(cands, gaps, "")
	if b.X0 < 50 || cost != 2 {
		t.Errorf("best %+v at %v, want east of the obstacle at cost 2", b, cost)
	}
	sq := [][2]float64{{0, 0}, {10, 0}, {10, 10}, {0, 10}}
	if !BoxIn(sq, Corners(1, 1, 9, 9)) || BoxIn(sq, Corners(5, 5, 11, 9)) {
		t.Error("BoxIn")
	}
	if PolyBox(sq) != Corners(0, 0, 10, 10) {
		t.Error("PolyBox")
	}
	if n := len(Hatch(sq, 0, 2, 1)); n != 5 {
		t.Errorf("Hatch: %d lines, want 5", n)
	}
}

// BenchmarkPNGWarm: the same view again (a cache hit).
func BenchmarkPNGWarm(b *testing.B) {
	r, _ := fakeRenderer()
	v := fakeView("board")
	r.PNG(v)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.PNG(v); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBestLikeSorted: Placer.Best (and BestOf, BestIndexOf) visits candidates as a
// stable sort by extra would and costs each over the obstacles near it, so it picks what
// the plain search over all obstacles picks, at the same cost.
func TestBestLikeSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var p *Placer
	for n := 0; n < 300; n++ {
		if n%3 == 0 { // else place more in the same placer
			p = &Placer{Bounds: Corners(0, 0, 200, 200)}
		}
		for i := 0; i < rng.IntN(20); i++ {
			p.Add(BoxAt(rng.Float64()*260-30, rng.Float64()*260-30, 5+rng.Float64()*40, 5+rng.Float64()*40), []float64{WeightLabel, WeightMarker, WeightPlaced}[i%3])
		}
		var cands []Box
		var extra []float64
		for i := 0; i < 1+rng.IntN(200); i++ {
			cands = append(cands, BoxAt(rng.Float64()*220-10, rng.Float64()*220-10, 20, 12))
			extra = append(extra, float64(rng.IntN(8))*0.5) // many ties
		}
		gb, gc := p.Best(cands, extra, "")
		if ob, oc := p.BestOf(&Candidates{Boxes: cands, Extra: extra}, ""); ob != gb || oc != gc {
			t.Fatalf("case %d: BestOf %v at %v, Best %v at %v", n, ob, oc, gb, gc)
		}
		// the plain search
		idx := make([]int, len(cands))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return extra[idx[a]] < extra[idx[b]] })
		bi, bc := -1, math.Inf(1)
		for _, i := range idx {
			if extra[i] > bc+1e-9 {
				break
			}
			cost := weightOut * cands[i].outside(p.Bounds)
			for _, o := range p.Obstacles { // all of them
				if o.Box.X1 <= cands[i].X0 || o.Box.X0 >= cands[i].X1 || o.Box.Y1 <= cands[i].Y0 || o.Box.Y0 >= cands[i].Y1 {
					continue
				}
				cost += o.Weight * cands[i].Overlap(o.Box)
			}
			c := cost + extra[i]
			if c < bc-1e-9 || (c <= bc+1e-9 && i < bi) {
				bi, bc = i, c
			}
		}
		if gb != cands[bi] || gc != bc {
			t.Fatalf("case %d: %v at %v, want %v at %v", n, gb, gc, cands[bi], bc)
		}
		if oi, oc := p.BestIndexOf(&Candidates{Boxes: cands, Extra: extra}, ""); oi != bi || oc != bc {
			t.Fatalf("case %d: BestIndexOf %d at %v, want %d at %v", n, oi, oc, bi, bc)
		}
		p.Add(gb, WeightPlaced)
	}
}

// layeredBoard has a middle layer keyed by the view's Phase: a bar as
// long as the phase's name, under the fake board's dynamic layer.
type layeredBoard struct {
	fakeBoard
	middles atomic.Int32
}

func (l *layeredBoard) MiddleKey(v adjudicator.View) (string, error) { return v.Prompt.Phase, nil }
func (l *layeredBoard) Middle(c *Canvas, v adjudicator.View) error {
	l.middles.Add(1)
	c.Rect(2, 30, 2+float64(len(v.Prompt.Phase)), 38, fakeInk2)
	return nil
}

// issue 31: a Layered board's middle layer is drawn once per key and
// kept; the pixels are those of drawing it for every view.
func TestLayered_MiddleDrawnOncePerKey(t *testing.T) {
	b := &layeredBoard{}
	r := New()
	r.Register("fake", b)
	r.nocache = true // every PNG is drawn: only the middle layer is kept
	a := fakeView("xx", "one")
	a.Prompt.Phase = "short"
	long := a
	long.Prompt.Phase = "a much longer phase"
	first, err := r.PNG(a)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		again, _ := r.PNG(a)
		if !bytes.Equal(first, again) {
			t.Fatal("the same view drawn over a kept middle layer differs")
		}
	}
	other, _ := r.PNG(long)
	if bytes.Equal(first, other) {
		t.Fatal("a view with another middle key must draw its own middle layer")
	}
	if got := b.middles.Load(); got != 2 {
		t.Fatalf("middle drawn %d times for 2 keys over 5 maps", got)
	}
	// the kept layers are bounded: more keys than MiddleCacheSize evict
	for i := 0; i < MiddleCacheSize+1; i++ {
		v := a
		v.Prompt.Phase = strings.Repeat("p", i+1)
		r.PNG(v)
	}
	n := b.middles.Load()
	r.PNG(a) // "short" was evicted: drawn again
	if b.middles.Load() != n+1 {
		t.Fatal("an evicted middle layer must be drawn again")
	}
	// and a fresh renderer drawing every layer per view agrees
	fresh := New()
	fresh.Register("fake", &layeredBoard{})
	if again, _ := fresh.PNG(a); !bytes.Equal(first, again) {
		t.Fatal("a fresh renderer gives other pixels")
	}
}
