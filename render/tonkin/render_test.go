package tonkinmap

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/fogleman/gg"
	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/tonkin"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/render/golden"
)

var (
	testData  = mustData()
	testRules = tonkin.New(testData)
)

func mustData() *tonkin.Data {
	d, err := tonkin.Default()
	if err != nil {
		panic(err)
	}
	return d
}

// newRenderer is a Renderer with the board: a new one has an empty cache,
// so its first PNG of a view is drawn.
func newRenderer() *render.Renderer {
	r := render.New()
	r.Register("tonkin", NewBoard(testData))
	return r
}

var (
	public  = adjudicator.Public
	fef     = adjudicator.ViewerOf(tonkin.FEF)
	vm      = adjudicator.ViewerOf(tonkin.VM)
	referee = adjudicator.Viewer{Referee: true}
)

func state(t testing.TB, scenario string) *tonkin.State {
	t.Helper()
	s, err := testRules.Setup(scenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*tonkin.State)
}

func unit(t testing.TB, s *tonkin.State, id string) *tonkin.Unit {
	t.Helper()
	for _, u := range s.Units {
		if u.ID == id {
			return u
		}
	}
	t.Fatalf("no unit %s", id)
	return nil
}

// worn is the 1953 set-up after some fighting, set by hand until the
// rules of play come: units reduced, a VM regiment with a "-1", a stack
// disorganized, a supply dump moved, a VM-friendly town retaken and a
// garrison lost, the markers moved along their tracks.
func worn(t testing.TB) *tonkin.State {
	s := state(t, "1953")
	unit(t, s, "6 BPC").Steps = 1
	unit(t, s, "1/3 RTA").Steps = 1
	unit(t, s, "308/88").Steps = 3
	unit(t, s, "312/209").Steps = 2
	unit(t, s, "312/141").Desorg = true
	s.VP, s.Montagnard, s.OpsFEF, s.OpsVM, s.VMRepl, s.VMEquipH = 38, 31, 4, 7, 2, 3
	s.FEFStrikes, s.Weather, s.First = 2, "rain", tonkin.FEF
	s.VMFriendly = append(s.VMFriendly[:0:0], s.VMFriendly[1:]...)
	s.Garrisons = s.Garrisons[1:]
	return s
}

func view(s *tonkin.State, v adjudicator.Viewer) adjudicator.View { return testRules.View(s, v) }

// ---------------------------------------------------------------- golden

// TestGolden renders set-ups and a worn position in several views, whole
// and cropped, and compares them with the golden files pixel for pixel
// (go test ./render/tonkin -update rewrites them). A mismatch writes the
// new render next to the golden file as *.got.png.
func TestGolden(t *testing.T) {
	type goldenCase struct {
		v      adjudicator.View
		region string
	}
	cases := map[string]goldenCase{
		"1950-public":        {view(state(t, "1950"), public), ""},
		"1950-vm":            {view(state(t, "1950"), vm), ""},
		"1953-fef":           {view(state(t, "1953"), fef), ""},
		"worn-referee-delta": {view(worn(t), referee), "delta"},
		"1953-vm-northwest":  {view(state(t, "1953"), vm), "northwest"},
	}
	r := newRenderer()
	var names []string
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			got, err := r.PNGRegion(cases[name].v, cases[name].region)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, name, got)
		})
	}
}

func decode(t testing.TB, b []byte) image.Image {
	t.Helper()
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return im
}

// -------------------------------------------------------- non-interference

// TestNonInterference: states that differ only in what the FEF and the
// public may not see (Basics: hidden VM-groups, Pathet Lao and dummies;
// VM stacks in forest) give them byte-identical PNGs, whole and cropped
// (DESIGN invariant 1), while the VM's own view shows the difference.
func TestNonInterference(t *testing.T) {
	type variant struct {
		name, scenario string
		b              func(t testing.TB) *tonkin.State
	}
	variants := []variant{
		{"a hidden VM-group or a dummy", "1950", func(t testing.TB) *tonkin.State {
			s := state(t, "1950")
			for _, u := range s.Units {
				if u.Type == "VMG" && !testRules.Opaque(u.Loc) {
					u.Type, u.Steps = "DUMMY", 0
					return s
				}
			}
			t.Fatal("no VM-group outside forest")
			return nil
		}},
		{"a hidden VM-group's loss", "1950", func(t testing.TB) *tonkin.State {
			s := state(t, "1950")
			for _, u := range s.Units {
				if u.Type == "VMG" && !testRules.Opaque(u.Loc) {
					u.Steps = 1
					return s
				}
			}
			return nil
		}},
		{"which regiments are in which forest stack, and their losses", "1953", func(t testing.TB) *tonkin.State {
			s := state(t, "1953")
			var in []*tonkin.Unit
			for _, u := range s.Units {
				if u.Side == tonkin.VM && u.Type == "REG" && testRules.Opaque(u.Loc) {
					in = append(in, u)
				}
			}
			for i := 1; i < len(in); i++ {
				if in[i].Loc != in[0].Loc {
					in[0].Loc, in[i].Loc = in[i].Loc, in[0].Loc
					in[0].Steps, in[i].Desorg = 2, true
					return s
				}
			}
			t.Fatal("no two regiments in different forest stacks")
			return nil
		}},
	}
	r := newRenderer()
	for _, vr := range variants {
		t.Run(vr.name, func(t *testing.T) {
			base, b := state(t, vr.scenario), vr.b(t)
			fresh := newRenderer() // draws b anew, not from the cache
			for _, vw := range []adjudicator.Viewer{public, fef} {
				for _, region := range []string{"", "delta", "northwest", "laos", "border"} {
					pa, err := r.PNGRegion(view(base, vw), region)
					if err != nil {
						t.Fatal(err)
					}
					pb, err := fresh.PNGRegion(view(b, vw), region)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(pa, pb) {
						t.Errorf("%s view, region %q: the PNGs differ", vw, region)
					}
				}
			}
			pa, _ := r.PNG(view(base, vm))
			pb, _ := r.PNG(view(b, vm))
			if bytes.Equal(pa, pb) {
				t.Errorf("VM view: the PNGs are the same; the variant changes nothing the VM sees")
			}
		})
	}
}

// TestHiddenIdentity: the renderer draws a hidden counter from its count
// and an opaque stack from its count alone: filling in what the rules
// never put there (ids, types, values, counters) changes no pixel.
func TestHiddenIdentity(t *testing.T) {
	v := view(state(t, "1953"), fef)
	b := v.Board.(tonkin.BoardView)
	r := newRenderer()
	want, err := r.PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(b)
	var leaky tonkin.BoardView
	json.Unmarshal(raw, &leaky)
	hidden, opaque := 0, 0
	for i := range leaky.Stacks {
		st := &leaky.Stacks[i]
		if st.Opaque {
			opaque++
			st.Counters = []tonkin.Counter{{Side: tonkin.VM, ID: "308/88", Type: "REG", Kind: "regiment", Label: "308/88", Str: 6, Mor: 5, Move: 8}}
		}
		for j := range st.Counters {
			c := &st.Counters[j]
			if c.Kind == "hidden" {
				hidden++
				c.ID, c.Type, c.Label, c.Str, c.Mor, c.Move, c.Steps, c.Minus, c.Hidden = "VMG 3", "VMG", "VMG", 2, 2, 8, 1, true, true
			}
		}
	}
	if hidden == 0 || opaque == 0 {
		t.Fatalf("%d hidden counters, %d opaque stacks in the FEF view", hidden, opaque)
	}
	v.Board = leaky
	got, err := newRenderer().PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("the fields of a hidden counter other than its count, or an opaque stack's counters, change the image")
	}
}

// ------------------------------------------------------------------ misc

func TestViewThroughJSON(t *testing.T) {
	v := view(worn(t), referee)
	want, err := newRenderer().PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(v)
	var back adjudicator.View
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	got, err := newRenderer().PNG(back)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("a view decoded from JSON draws differently")
	}
}

func TestErrors(t *testing.T) {
	r := newRenderer()
	if _, err := r.PNG(adjudicator.View{Title: "tonkin"}); err == nil {
		t.Error("no error for a view without a board")
	}
	v := view(state(t, "1950"), public)
	if _, err := r.PNGRegion(v, "saigon"); err == nil || !strings.Contains(err.Error(), "regions are border, cao-bang, delta, dien-bien-phu") {
		t.Errorf("unknown region: %v", err)
	}
}

// TestRegions: every theatre of map.toml has a close-up around its first
// urban area, and each urban area it must show one around it (and the
// panel one); each is a crop of the whole map, pixel for pixel, narrow
// enough that the smallest counter text reads at 10 px in a 400 px
// preview, and no counter of a view is drawn with smaller text (issue 15,
// item 4).
func TestRegions(t *testing.T) {
	r := newRenderer()
	names := r.Regions("tonkin")
	for _, n := range []string{"delta", "border", "northwest", "laos", "panel", "hanoi", "dien-bien-phu", "lang-son"} {
		if !slices.Contains(names, n) {
			t.Errorf("no region %s in %v", n, names)
		}
	}
	v := view(worn(t), fef)
	whole, err := r.PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	full := decode(t, whole)
	bd := newBoard(testData)
	rects := bd.Regions()
	for _, a := range testData.Map.Regions.Areas {
		for i, n := range a.MustShow {
			g := bd.byName[n]
			at := image.Point{int(g.x), int(g.y)}
			// a theatre holds its heart, and is no town's close-up
			if i < theatreHeart && !at.In(rects[a.ID]) {
				t.Errorf("region %s does not hold %s", a.ID, n)
			}
			if rects[a.ID] == rects[render.RegionName(n)] {
				t.Errorf("region %s is %s's close-up", a.ID, render.RegionName(n))
			}
			if !at.In(rects[render.RegionName(n)]) {
				t.Errorf("region %s does not hold %s", render.RegionName(n), n)
			}
		}
	}
	for _, name := range names {
		b, err := r.PNGRegion(v, name)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := r.PNGRegion(v, name)
		if !bytes.Equal(b, again) {
			t.Errorf("%s: a second PNG differs", name)
		}
		crop := decode(t, b)
		rect := rects[name]
		if crop.Bounds().Size() != rect.Size() || rect.Dx() < 200 || rect.Dy() < 200 {
			t.Errorf("%s: crop %v, region %v", name, crop.Bounds(), rect)
			continue
		}
		// issue 30, item 3: at least 360 px wide, the hex numbers
		// readable in a 400 px preview
		if px := hexIDText * render.PreviewWidth / float64(rect.Dx()); name != "panel" && (px < render.MinTextPx || rect.Dx() < 360) {
			t.Errorf("%s: %d px wide, hex numbers %.1f px: %.1f px in a 400 px preview", name, rect.Dx(), hexIDText, px)
		}
		for y := 0; y < rect.Dy(); y += 7 {
			for x := 0; x < rect.Dx(); x += 7 {
				if crop.At(x, y) != full.At(rect.Min.X+x, rect.Min.Y+y) {
					t.Fatalf("%s: pixel %d,%d is not the whole map's", name, x, y)
				}
			}
		}
	}
	c := render.NewCanvas(image.NewRGBA(image.Rect(0, 0, 120, 120)))
	for _, s := range []*tonkin.State{state(t, "1950"), state(t, "1953"), worn(t)} {
		for _, vw := range []adjudicator.Viewer{public, fef, vm, referee} {
			bv, err := boardOf(view(s, vw))
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range bv.Stacks {
				looks := []look{stackLook(st)}
				for _, k := range st.Counters {
					looks = append(looks, lookOf(k, 2))
				}
				for _, l := range looks {
					c.LeastFont()
					drawCounter(c, 30, 30, l)
					if f := c.LeastFont(); f < counterText {
						t.Errorf("%s view: %+v drawn with %.1f px text, below %.1f", vw, l, f, counterText)
					}
				}
			}
		}
	}
}

// TestSizes: the whole map is well under Discord's upload limit, at the
// board's size.
func TestSizes(t *testing.T) {
	r := newRenderer()
	for _, v := range []adjudicator.View{view(state(t, "1950"), public), view(worn(t), referee)} {
		b, err := r.PNG(v)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 1<<20 {
			t.Errorf("%d bytes", len(b))
		}
		im := decode(t, b)
		if im.Bounds().Size() != newBoard(testData).Size() {
			t.Errorf("size %v", im.Bounds())
		}
	}
}

// TestBudget checks the median cold render of a whole public map against
// the 150 ms budget (DESIGN: performance budgets; skipped under -short
// and the race detector).
func TestBudget(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing")
	}
	golden.ColdBudget(t, "cold render", view(state(t, "1953"), public), 150*time.Millisecond, newRenderer().PNG)
}

// ------------------------------------------------------------ benchmarks

// BenchmarkColdPublicMap: a cold public map (a view not in the cache:
// drawn over the static layer, then encoded), against its own PNG
// encode. It reports the cold map (ns/op), the encode alone
// (encode-ns/op) and their ratio (cold/encode).
func BenchmarkColdPublicMap(b *testing.B) {
	r := newRenderer()
	v := view(state(b, "1953"), public)
	golden.ColdMap(b, r, v)
}

// BenchmarkPNGCold: a new view each time (the static layer drawn once).
func BenchmarkPNGCold(b *testing.B) {
	r := newRenderer()
	v := view(state(b, "1953"), public)
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
	v := view(state(b, "1953"), public)
	r.PNG(v)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.PNG(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRegionCold: a new view's delta close-up.
func BenchmarkRegionCold(b *testing.B) {
	r := newRenderer()
	v := view(state(b, "1953"), public)
	r.PNG(v)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := v
		w.Status = []string{fmt.Sprint(i)}
		if _, err := r.PNGRegion(w, "delta"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFirstMap: a new Renderer's first map, the static layer
// included (once per process and title).
func BenchmarkFirstMap(b *testing.B) {
	v := view(state(b, "1953"), public)
	for i := 0; i < b.N; i++ {
		if _, err := newRenderer().PNG(v); err != nil {
			b.Fatal(err)
		}
	}
}

// drawn is v drawn on the static layer, without a Renderer.
func drawn(tb testing.TB, v adjudicator.View) *image.RGBA {
	h := newBoard(testData)
	img := image.NewRGBA(image.Rectangle{Max: h.Size()})
	h.Static(render.NewCanvas(img))
	if err := h.Dynamic(render.NewCanvas(img), v); err != nil {
		tb.Fatal(err)
	}
	return img
}

// BenchmarkDynamic is the drawing alone, without encoding.
func BenchmarkDynamic(b *testing.B) {
	v := view(state(b, "1953"), public)
	h := newBoard(testData)
	base := image.NewRGBA(image.Rectangle{Max: h.Size()})
	h.Static(render.NewCanvas(base))
	img := image.NewRGBA(base.Rect)
	c := render.NewCanvas(img)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		copy(img.Pix, base.Pix)
		c.Context = gg.NewContextForRGBA(img)
		if err := h.Dynamic(c, v); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFocus: the close-up a post after a resolution shows is around the
// hexes whose stacks changed; none changed, none (issue 15, item 4).
func TestFocus(t *testing.T) {
	bd := newBoard(testData)
	s := state(t, "1953")
	before := view(s, fef)
	moved := worn(t) // units reduced, a stack disorganized, a dump moved
	rect, ok := bd.Focus(before, view(moved, fef))
	if !ok || rect.Dx() > cropW || rect.Dy() > cropH {
		t.Fatalf("close-up %v (%v)", rect, ok)
	}
	a, _ := boardOf(before)
	z, _ := boardOf(view(moved, fef))
	changed := 0
	for _, st := range z.Stacks {
		for _, sa := range a.Stacks {
			if sa.Hex == st.Hex {
				ra, _ := json.Marshal(sa)
				rz, _ := json.Marshal(st)
				if string(ra) != string(rz) {
					if g := bd.byID[st.Hex]; (image.Point{int(g.x), int(g.y)}).In(rect) {
						changed++
					}
				}
			}
		}
	}
	if changed == 0 {
		t.Errorf("the close-up %v holds no hex whose stack changed", rect)
	}
	if _, ok := bd.Focus(before, before); ok {
		t.Error("a close-up of two same views")
	}
	if _, ok := bd.Focus(adjudicator.View{}, before); ok {
		t.Error("a close-up with no view before")
	}
}

// 6.6 d: a road hex interdicted by an airstrike shows its Desorg marker,
// in every view (RULINGS T43).
func TestRoadMarker(t *testing.T) {
	s := state(t, "1953")
	plain := drawn(t, view(s, adjudicator.Public))
	s.Interdicted = []string{"1118"}
	marked := drawn(t, view(s, adjudicator.Public))
	diff := 0
	for i := range plain.Pix {
		if plain.Pix[i] != marked.Pix[i] {
			diff++
		}
	}
	if diff == 0 {
		t.Fatalf("the road marker at 1118 is not drawn")
	}
}
