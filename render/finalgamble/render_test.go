package fgmap

import (
	"bytes"
	"fmt"
	"image"
	"sort"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/finalgamble"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/render/golden"
)

var (
	testData  = mustData()
	testRules = &finalgamble.Rules{D: testData}
)

func mustData() *finalgamble.Data {
	d, err := finalgamble.Default()
	if err != nil {
		panic(err)
	}
	return d
}

func newRenderer() *render.Renderer {
	r := render.New()
	r.Register(finalgamble.ID, NewBoard(testData))
	return r
}

func view(t testing.TB, scenario string) adjudicator.View {
	t.Helper()
	s, err := testRules.Setup(scenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	return testRules.View(s, adjudicator.Public)
}

// TestGolden renders each scenario's start whole and close-ups of the
// strongpoint groups, and compares them with the golden files byte for
// byte (go test ./render/finalgamble -update rewrites them).
func TestGolden(t *testing.T) {
	type goldenCase struct {
		scenario, region string
	}
	cases := map[string]goldenCase{
		"A": {"A", ""}, "B": {"B", ""}, "C": {"C", ""}, "D": {"D", ""},
		"A-beatrice": {"A", "beatrice"}, "A-gabrielle": {"A", "gabrielle"}, "B-huguette": {"B", "huguette"},
		"C-eliane": {"C", "eliane"}, "C-dominique": {"C", "dominique"}, "D-claudine": {"D", "claudine"},
		"D-centre": {"D", "centre"}, "A-anne-marie": {"A", "anne-marie"}, "D-isabelle": {"D", "isabelle"},
		"C-boxes": {"C", "boxes"}, "D-tracks": {"D", "tracks"},
	}
	// -short (CI, under -race) keeps one whole map and a close-up of each
	// scenario; the rest run without -short and with -update
	short := map[string]bool{"C": true, "A-beatrice": true, "B-huguette": true, "C-eliane": true, "D-claudine": true}
	r := newRenderer()
	names := make([]string, 0, len(cases))
	for n := range cases {
		if testing.Short() && !golden.Update() && !short[n] {
			continue
		}
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			got, err := r.PNGRegion(view(t, cases[name].scenario), cases[name].region)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, name, got)
		})
	}
}

// Issue 26, item 7: every close-up is no wider than the counters' smallest
// text reads in a 400 px preview (10 px), and every strongpoint group has
// one.
func TestCloseUpsReadOnAPhone(t *testing.T) {
	b := newBoard(testData)
	for _, want := range []string{"gabrielle", "beatrice", "anne-marie", "huguette", "claudine", "dominique", "eliane", "centre", "isabelle"} {
		rect, ok := b.Regions()[want]
		if !ok {
			t.Errorf("no close-up %q", want)
			continue
		}
		if w := rect.Dx(); float64(w) > counterText*render.PreviewWidth/render.MinTextPx {
			t.Errorf("%s: %d px wide: text of %.0f px would read below %d px in a %d px preview", want, w, counterText, render.MinTextPx, render.PreviewWidth)
		}
	}
	// the counters' text is never smaller than counterText
	img := image.NewRGBA(image.Rect(0, 0, b.w, b.h))
	c := render.NewCanvas(img)
	b.Static(c)
	c.LeastFont()
	if err := b.Dynamic(c, view(t, "D")); err != nil {
		t.Fatal(err)
	}
	if least := c.LeastFont(); least < counterText {
		t.Errorf("text of %.1f px drawn; the smallest allowed is %.0f", least, counterText)
	}
}

// 1.6: a stack of 3 French units shows its three counters, each apart.
func TestThreeFrenchUnitsShowApart(t *testing.T) {
	v := view(t, "A")
	bv := v.Board.(*finalgamble.BoardView)
	count := map[string]int{}
	for _, u := range bv.Units {
		if u.Map == "dbp" {
			count[u.Hex]++
		}
	}
	full := ""
	for h, n := range count {
		if n == 3 && (full == "" || h < full) {
			full = h
		}
	}
	if full == "" {
		t.Fatal("no hex with 3 French units in scenario A")
	}
	b := newBoard(testData)
	img := drawDynamic(t, b, v)
	x, y := b.dbp.center(full)
	// three counter bodies, one under the other, each with its own edge
	edges := 0
	for yy := int(y) - 14; yy < int(y)+30; yy++ {
		if img.RGBAAt(int(x)-int(cW/2), yy) == inkFREdge {
			edges++
		}
	}
	if edges < 3*int(cH)-3 {
		t.Errorf("hex %s: %d pixels of counter edge, want three counters of %.0f", full, edges, cH)
	}
}

// BenchmarkPNGCold: a new view of scenario D (a cache miss).
func BenchmarkPNGCold(b *testing.B) {
	r := newRenderer()
	v := view(b, "D")
	r.PNG(v)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := v
		w.Status = []string{fmt.Sprint(i)}
		if _, err := r.PNG(w); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPNGWarm: the same view again (a cache hit).
func BenchmarkPNGWarm(b *testing.B) {
	r := newRenderer()
	v := view(b, "D")
	r.PNG(v)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.PNG(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRegionCold: a new view's close-up of Eliane.
func BenchmarkRegionCold(b *testing.B) {
	r := newRenderer()
	v := view(b, "D")
	r.PNGRegion(v, "eliane")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := v
		w.Status = []string{fmt.Sprint(i)}
		if _, err := r.PNGRegion(w, "eliane"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkColdPublicMap: a new view's whole map against the encode of
// the same picture alone (issue 31's cold/encode), under the name every
// title's drawing uses.
func BenchmarkColdPublicMap(b *testing.B) {
	r := newRenderer()
	golden.ColdMap(b, r, view(b, "D"))
}

// BenchmarkDynamic is the drawing of one view alone, without encoding.
func BenchmarkDynamic(b *testing.B) {
	v := view(b, "D")
	h := newBoard(testData)
	base := image.NewRGBA(image.Rectangle{Max: h.Size()})
	h.Static(render.NewCanvas(base))
	img := image.NewRGBA(base.Rect)
	c := render.NewCanvas(img)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		copy(img.Pix, base.Pix)
		if err := h.Dynamic(c, v); err != nil {
			b.Fatal(err)
		}
	}
}

// A view that says odd things (a slot off a track, a turn off the
// calendar, a unit on no hex) draws, never a panic.
func TestOddViewDraws(t *testing.T) {
	st, err := testRules.Decode([]byte(`{"scenario":"A","turn":99,"hq":-3,"division_morale":{"308":77},"tracks":{},"units":[{"id":"x","side":"VM","map":"dbp","hex":"zz"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newRenderer().PNGRegion(testRules.View(st, adjudicator.Public), "eliane"); err != nil {
		t.Fatal(err)
	}
}

// A game recorded before ruling F42 plays edition 1: its turn track shows
// its own Morale Check boxes (turns 4, 7, ..., 19) and its Replacement
// Track tops at 30 (golden file D-tracks-edition1; D-tracks is edition 2).
func TestGolden_Edition1Tracks(t *testing.T) {
	s, err := testRules.Setup("D", adjudicator.Options{adjudicator.OptEdition: "1"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := newRenderer().PNGRegion(testRules.View(s, adjudicator.Public), "tracks")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "D-tracks-edition1", got)
	now, err := newRenderer().PNGRegion(view(t, "D"), "tracks")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got, now) {
		t.Error("the two editions' tracks are drawn alike")
	}
}
