package hellmap

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/render/golden"
)

// TestRegionsReadOnAPhone (issue 15, item 4): there is a close-up of each
// CR and of the airstrip, holding the CR's PAs; each is narrow enough that
// the smallest text on a counter is at least 10 px high when the crop is
// shown 400 px wide; and no counter of any view is drawn with smaller
// text than that.
func TestRegionsReadOnAPhone(t *testing.T) {
	h := newBoard(testData)
	regions := h.Regions()
	var want []string
	for _, id := range testData.ZoneOrder {
		if z := testData.Zones[id]; z.Kind == hell.ZoneCR {
			want = append(want, render.RegionName(z.Name))
		}
	}
	want = append(want, "airstrip")
	for _, n := range []string{"huguette", "beatrice", "isabelle", "francoise", "anne-marie", "airstrip"} {
		if _, ok := regions[n]; !ok {
			t.Errorf("no region %q", n)
		}
	}
	if len(regions) != len(want) {
		t.Errorf("regions %d, want %d (%v)", len(regions), len(want), want)
	}
	for name, rect := range regions {
		if rect.Empty() || !rect.In(image.Rect(0, 0, hellW, hellH)) {
			t.Errorf("%s: %v is not inside the map", name, rect)
		}
		// the text's height on a phone: its size scaled by 400 / width
		if px := counterText * render.PreviewWidth / float64(rect.Dx()); px < render.MinTextPx {
			t.Errorf("%s: %d px wide, counter text %.1f px: %.1f px high in a 400 px preview, want >= 10", name, rect.Dx(), counterText, px)
		}
	}
	for _, g := range h.zones {
		if g.z.Kind != hell.ZoneCR {
			continue
		}
		rect := regions[render.RegionName(g.z.Name)]
		for _, p := range h.pas {
			if p.zone == g && !image.Pt(int(p.x), int(p.y)).In(rect) {
				t.Errorf("%s: PA %s at %.0f,%.0f is outside the crop %v", g.z.Name, p.p.ID, p.x, p.y, rect)
			}
		}
	}
	// the text drawn on every counter of every view, markers included
	c := render.NewCanvas(image.NewRGBA(image.Rect(0, 0, 120, 120)))
	g := midAssault(t)
	g.do(t, adjudicator.Referee, "override unit 1/13DBLE-1 status fatigued", "override unit 1/13DBLE-1 status disorganized")
	for _, vw := range viewers {
		b, err := boardOf(g.view(vw.v))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range b.Stacks {
			for _, ps := range [][]piece{pieces(s.Counters, capPA), pieces(s.Counters, 99)} {
				for _, p := range ps {
					c.LeastFont()
					drawCounter(c, 30, 30, p)
					if f := c.LeastFont(); f < counterText {
						t.Errorf("%s view, %s: %+v drawn with %.1f px text, below %.1f", vw.name, s.At, p.k, f, counterText)
					}
				}
			}
		}
	}
}

// TestRegionNonInterference: a close-up, like the whole map, is the same
// bytes for the French player and the public whatever the hidden VM facts
// (DESIGN invariant 1; issue 15, item 4).
func TestRegionNonInterference(t *testing.T) {
	base := func(t *testing.T) *game { return midAssault(t).do(t, hell.French, "done") }
	ref := adjudicator.Referee
	a := base(t).do(t, ref, "override unit 316/98/215 at N", "override unit 308/36/80 losses 2")
	b := base(t).do(t, ref, "override unit 316/98/439 at N", "override unit 308/36/84 status disorganized")
	r := newRenderer()
	for _, vw := range viewers[:2] { // public, french
		for _, region := range []string{"huguette", "gabrielle", "airstrip", "isabelle"} {
			pa, err := r.PNGRegion(a.view(vw.v), region)
			if err != nil {
				t.Fatal(err)
			}
			pb, err := newRenderer().PNGRegion(b.view(vw.v), region)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(pa, pb) {
				t.Errorf("%s view, %s: the crops differ with hidden VM facts", vw.name, region)
			}
		}
	}
	// the close-up of what changed, from public views, is the same too
	before := base(t).view(adjudicator.Public)
	h := newBoard(testData)
	ra, oka := h.Focus(before, a.view(adjudicator.Public))
	rb, okb := h.Focus(before, b.view(adjudicator.Public))
	if ra != rb || oka != okb {
		t.Errorf("the close-ups of what changed differ with hidden VM facts: %v %v, %v %v", ra, oka, rb, okb)
	}
	pa, _ := r.PNGRegion(a.view(adjudicator.ViewerOf(hell.VM)), "huguette")
	pb, _ := r.PNGRegion(b.view(adjudicator.ViewerOf(hell.VM)), "huguette")
	if bytes.Equal(pa, pb) {
		t.Error("VM view: the crops are the same; the variants change nothing the VM sees there")
	}
}

// TestRegionGolden: Huguette's close-up in the public and VM views
// against the golden files (-update rewrites them).
func TestRegionGolden(t *testing.T) {
	g := midAssault(t)
	r := newRenderer()
	for _, c := range []struct {
		name   string
		v      adjudicator.Viewer
		region string
	}{{"huguette-public", adjudicator.Public, "huguette"}, {"beatrice-vm", adjudicator.ViewerOf(hell.VM), "beatrice"}} {
		got, err := r.PNGRegion(operations(g.view(c.v)), c.region)
		if err != nil {
			t.Fatal(err)
		}
		im, err := png.Decode(bytes.NewReader(got))
		if err != nil {
			t.Fatal(err)
		}
		if im.Bounds().Dx() != cropW || im.Bounds().Dy() != cropH {
			t.Errorf("%s: %v, want %dx%d", c.name, im.Bounds(), cropW, cropH)
		}
		golden.Check(t, "region-"+c.name, got)
	}
}

// TestRegionBudget: a cold close-up (a view not in the cache) within
// the map budget of 80 ms (skipped under -short and the race detector).
func TestRegionBudget(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing")
	}
	r := newRenderer()
	v := operations(midAssault(t).view(adjudicator.Public))
	golden.ColdBudget(t, "cold crop", v, 80*time.Millisecond, func(w adjudicator.View) ([]byte, error) { return r.PNGRegion(w, "huguette") })
}

// BenchmarkRegionCold: a new view's close-up of Huguette, against the
// whole map's PNG encode (the cold map budget's yardstick).
func BenchmarkRegionCold(b *testing.B) {
	r := newRenderer()
	v := operations(midAssault(b).view(adjudicator.Public))
	if _, err := r.PNGRegion(v, "huguette"); err != nil {
		b.Fatal(err)
	}
	img := drawn(b, v)
	enc := render.NewEncoder(inks())
	var cold, encode time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := v
		w.Status = []string{fmt.Sprint(i)}
		t0 := time.Now()
		if _, err := r.PNGRegion(w, "huguette"); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := enc.Encode(img); err != nil {
			b.Fatal(err)
		}
		cold += t1.Sub(t0)
		encode += time.Since(t1)
	}
	b.ReportMetric(float64(cold.Nanoseconds())/float64(b.N), "ns/op")
	b.ReportMetric(float64(encode.Nanoseconds())/float64(b.N), "map-encode-ns/op")
	b.ReportMetric(float64(cold)/float64(encode), "crop/map-encode")
}

// TestFocus: the close-up a post after a resolution shows is around the
// places of what just happened, when they fit in one; nothing happened,
// or things far apart, give the whole map.
func TestFocus(t *testing.T) {
	h := newBoard(testData)
	g := midAssault(t)
	with := func(notes ...hell.Note) adjudicator.View {
		s := *g.s.(*hell.State)
		s.Recent = notes
		return g.r.View(&s, adjudicator.Public)
	}
	rect, ok := h.Focus(adjudicator.View{}, with(hell.Note{Kind: "move", From: "H1", At: "H6"}, hell.Note{Kind: "loss", At: "H6"}))
	if !ok {
		t.Fatal("no close-up around a move within Huguette")
	}
	for _, pa := range []string{"H1", "H6"} {
		p := h.paBy[pa]
		if !image.Pt(int(p.x), int(p.y)).In(rect) {
			t.Errorf("%s at %.0f,%.0f outside the close-up %v", pa, p.x, p.y, rect)
		}
	}
	if rect.Dx() > cropW || rect.Dy() > cropH {
		t.Errorf("close-up %v larger than %dx%d", rect, cropW, cropH)
	}
	if _, ok := h.Focus(adjudicator.View{}, with()); ok {
		t.Error("a close-up when nothing happened")
	}
	// things far apart: the close-up holding most of them, the latest on
	// a tie
	rect, ok = h.Focus(adjudicator.View{}, with(hell.Note{Kind: "assault", At: "G1"}, hell.Note{Kind: "assault", At: "E4"}, hell.Note{Kind: "loss", At: "E3"}))
	if e4, g1 := h.paBy["E4"], h.paBy["G1"]; !ok || !image.Pt(int(e4.x), int(e4.y)).In(rect) || image.Pt(int(g1.x), int(g1.y)).In(rect) {
		t.Errorf("assaults at G1 and E4, a loss at E3: close-up %v (%v), want Elaine's", rect, ok)
	}
	rect, ok = h.Focus(adjudicator.View{}, with(hell.Note{Kind: "assault", At: "E4"}, hell.Note{Kind: "assault", At: "G1"}))
	if g1 := h.paBy["G1"]; !ok || !image.Pt(int(g1.x), int(g1.y)).In(rect) {
		t.Errorf("assaults at E4 then G1: close-up %v (%v), want the latest's, Gabrielle", rect, ok)
	}
	if rect, ok := h.Focus(adjudicator.View{}, with(hell.Note{Kind: "loss", At: "I2"})); !ok || !rect.In(image.Rect(int(h.insetR.X0), int(h.insetR.Y0), int(h.insetR.X1)+1, int(h.insetR.Y1)+1)) {
		t.Errorf("a loss at Isabelle: close-up %v, %v; want one inside the inset", rect, ok)
	}
	// what changed between two views: a unit moved and a trench dug, no
	// marks
	before := with()
	g.do(t, adjudicator.Referee, "override unit 1/2REI-1 at H3", "override trench P 2")
	rect, ok = h.Focus(before, with())
	if ok {
		for _, loc := range []string{"H3", "P"} {
			if x, y := h.locPoint(loc); !image.Pt(int(x), int(y)).In(rect) {
				t.Errorf("%s changed and is outside the close-up %v", loc, rect)
			}
		}
	} else {
		t.Error("no close-up of a unit moved and a trench dug")
	}
	if _, ok := h.Focus(with(), with()); ok {
		t.Error("a close-up of two same views")
	}
	r := newRenderer()
	png0, err := r.PNGCrop(with(), rect)
	if err != nil {
		t.Fatalf("PNGCrop: %v", err)
	}
	im, err := png.Decode(bytes.NewReader(png0))
	if err != nil || im.Bounds().Dx() > cropW {
		t.Errorf("PNGFocus: %v, %v", im.Bounds(), err)
	}
}
