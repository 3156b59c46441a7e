package hellmap

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/fogleman/gg"
	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/render/golden"
)

// newRenderer is a Renderer with the board over the test data: a new one
// has an empty cache, so its first PNG of a view is drawn.
func newRenderer() *render.Renderer {
	r := render.New()
	r.Register("hell", NewBoard(testData))
	return r
}

// ---------------------------------------------------------------- golden

// TestGolden renders a mid-assault position in every view and the
// opening set-up in the public view, and compares them with the golden
// files pixel for pixel (go test ./render/hell -update rewrites them). A
// mismatch writes the new render next to the golden file as *.got.png.
func TestGolden(t *testing.T) {
	g := midAssault(t)
	cases := map[string]adjudicator.View{}
	for _, vw := range viewers {
		cases["assault-"+vw.name] = operations(g.view(vw.v))
	}
	cases["setup-public"] = newGame(t, "full-battle").view(adjudicator.Public)
	// issue 30, item 2: battalions in assault bases stand by their base
	cases["bases-public"] = newGame(t, "full-battle").do(t, adjudicator.Referee,
		"override unit 312/209/130 at E>B1 revealed", "override unit 312/209/154 at E>B1 revealed",
		"override unit 312/141/11 at E>G2 revealed").view(adjudicator.Public)
	r := newRenderer()
	var names []string
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			got, err := r.PNG(cases[name])
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, name, got)
		})
	}
}

// -------------------------------------------------------- non-interference

// TestNonInterference: states that differ only in hidden VM facts give
// byte-identical public and French PNGs (DESIGN invariant 1), while the
// VM's own view shows the difference.
func TestNonInterference(t *testing.T) {
	base := func(t *testing.T) *game {
		g := midAssault(t)
		// France is done; the VM sets up (its orders leave VM-only marks)
		return g.do(t, hell.French, "done")
	}
	type variant struct {
		name string
		a, b func(t *testing.T) *game
	}
	ref := adjudicator.Referee
	variants := []variant{
		{"which battalion a hidden counter is",
			func(t *testing.T) *game {
				return base(t).do(t, ref, "override unit 316/98/215 at S", "override unit 316/174/249 at JZ3")
			},
			func(t *testing.T) *game {
				return base(t).do(t, ref, "override unit 316/98/439 at S", "override unit 316/174/249 at JZ3")
			}},
		{"a dummy or a battalion",
			func(t *testing.T) *game { return base(t).do(t, ref, "override unit DUMMY3 at M") },
			func(t *testing.T) *game { return base(t).do(t, ref, "override unit 316/98/938 at M") }},
		{"the losses of a hidden battalion",
			func(t *testing.T) *game { return base(t) },
			func(t *testing.T) *game { return base(t).do(t, ref, "override unit 308/36/80 losses 2") }},
		{"the status of a hidden battalion",
			func(t *testing.T) *game { return base(t) },
			func(t *testing.T) *game { return base(t).do(t, ref, "override unit 308/36/84 status disorganized") }},
		{"a VM-only mark of what just happened",
			func(t *testing.T) *game { return base(t) },
			func(t *testing.T) *game {
				g := base(t)
				s := *g.s.(*hell.State)
				s.Recent = append(append([]hell.Note(nil), s.Recent...),
					hell.Note{Side: hell.VM, Kind: "move", From: "A", At: "K"},
					hell.Note{Side: hell.VM, Kind: "fire", At: "H6"})
				g.s = &s
				return g
			}},
		{"which hidden battalion moved (issue 15: arrows end at the unit that moved)",
			func(t *testing.T) *game {
				return movedNote(base(t).do(t, ref, "override unit 316/98/215 at N", "override unit 316/98/439 at N"), "316/98/215")
			},
			func(t *testing.T) *game {
				return movedNote(base(t).do(t, ref, "override unit 316/98/215 at N", "override unit 316/98/439 at N"), "316/98/439")
			}},
		{"the VM turn track",
			func(t *testing.T) *game { return base(t).do(t, ref, "override unit 316/176/888 at track") },
			func(t *testing.T) *game { return base(t).do(t, ref, "override unit 316/176/910 at track") }},
	}
	r := newRenderer()
	for _, vr := range variants {
		t.Run(vr.name, func(t *testing.T) {
			fresh := newRenderer() // draws b's public view anew
			a, b := vr.a(t), vr.b(t)
			for _, vw := range viewers[:2] { // public, french
				pa, err := r.PNG(a.view(vw.v))
				if err != nil {
					t.Fatal(err)
				}
				pb, err := r.PNG(b.view(vw.v))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(pa, pb) {
					t.Errorf("%s view: the PNGs differ", vw.name)
				}
				// and drawn again, not from the cache
				if vw.name != "public" {
					continue
				}
				ub, err := fresh.PNG(b.view(vw.v))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(ub, pa) {
					t.Errorf("%s view: drawn without the cache, the PNGs differ", vw.name)
				}
			}
			pa, _ := r.PNG(a.view(adjudicator.ViewerOf(hell.VM)))
			pb, _ := r.PNG(b.view(adjudicator.ViewerOf(hell.VM)))
			if bytes.Equal(pa, pb) {
				t.Errorf("VM view: the PNGs are the same; the variant changes nothing the VM sees")
			}
		})
	}
}

// TestHiddenIdentity: a hidden counter carries nothing but its count, and
// the renderer draws nothing else: giving hidden counters ids, values,
// symbols or losses (which the rules never do) changes no pixel.
func TestHiddenIdentity(t *testing.T) {
	v := midAssault(t).view(adjudicator.Public)
	b := v.Board.(hell.BoardView)
	found := 0
	for _, s := range b.Stacks {
		for _, c := range s.Counters {
			if c.Kind == "hidden" {
				found++
				if c.ID != "" || c.Symbol != "" || c.Fire+c.Melee+c.Morale+c.Steps+c.Losses != 0 {
					t.Errorf("hidden counter at %s carries more than a count: %+v", s.At, c)
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no hidden counter in the public view")
	}
	r := newRenderer()
	want, err := r.PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(b)
	var leaky hell.BoardView
	json.Unmarshal(raw, &leaky)
	for i := range leaky.Stacks {
		for j := range leaky.Stacks[i].Counters {
			c := &leaky.Stacks[i].Counters[j]
			if c.Kind == "hidden" {
				c.ID, c.Symbol, c.Fire, c.Melee, c.Morale = "308/88/23", "88", 3, 6, 5
				c.Steps, c.MaxSteps, c.Losses, c.Fatigued, c.Disorg = 2, 3, 1, true, true
			}
		}
	}
	v.Board = leaky
	got, err := r.PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("the fields of a hidden counter other than its count change the image")
	}
}

// ------------------------------------------------------------------ misc

func TestViewThroughJSON(t *testing.T) {
	v := operations(midAssault(t).view(adjudicator.Public))
	r := newRenderer()
	want, err := r.PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(v)
	var back adjudicator.View
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	got, err := newRenderer().PNG(back) // drawn, not from the cache

	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("a view decoded from JSON draws differently")
	}
}

func TestErrors(t *testing.T) {
	r := newRenderer()
	if _, err := r.PNG(adjudicator.View{Title: "hell"}); err == nil {
		t.Error("no error for a view without a board")
	}
}

// TestSizes: the image is well under Discord's 8 MB, and a full view of
// the opening set-up and of the assault fits in 500 KB.
func TestSizes(t *testing.T) {
	r := newRenderer()
	for _, v := range []adjudicator.View{
		operations(midAssault(t).view(adjudicator.Viewer{Referee: true})),
		newGame(t, "full-battle").view(adjudicator.Public),
	} {
		b, err := r.PNG(v)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 500<<10 {
			t.Errorf("%d bytes", len(b))
		}
		im, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if im.Bounds().Dx() != hellW || im.Bounds().Dy() != hellH {
			t.Errorf("size %v", im.Bounds())
		}
	}
}

// TestBudget checks the median cold render of a full public map against
// the 80 ms budget (skipped under -short and the race detector, which
// slows everything down).
func TestBudget(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing")
	}
	v := operations(midAssault(t).view(adjudicator.Public))
	golden.ColdBudget(t, "cold render", v, 80*time.Millisecond, newRenderer().PNG)
}

// ------------------------------------------------------------ benchmarks

// BenchmarkColdPublicMap is issue 18's budget: a cold public map (a view
// not in the cache: drawn over the static layer, then encoded) costs at
// most 1.5 times its own PNG encode. Each iteration draws the map and
// encodes the same image alone, so that both see the same machine; it
// reports the cold map (ns/op), the encode alone (encode-ns/op) and
// their ratio (cold/encode, the budget's number).
func BenchmarkColdPublicMap(b *testing.B) {
	r := newRenderer()
	v := operations(midAssault(b).view(adjudicator.Public))
	golden.ColdMap(b, r, v)
}

// BenchmarkPNGCold: a new view each time (the static layer drawn once).
func BenchmarkPNGCold(b *testing.B) {
	r := newRenderer()
	v := operations(midAssault(b).view(adjudicator.Public))
	r.PNG(v)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := v
		w.Status = []string{fmt.Sprint(i)} // a cache miss
		if _, err := r.PNG(w); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPNGWarm: the same view again (a cache hit).
func BenchmarkPNGWarm(b *testing.B) {
	r := newRenderer()
	v := operations(midAssault(b).view(adjudicator.Public))
	r.PNG(v)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.PNG(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncode compares the paletted encoding with plain RGBA.
func BenchmarkEncode(b *testing.B) {
	img := drawn(b, operations(midAssault(b).view(adjudicator.Public)))
	for _, pal := range []bool{true, false} {
		name := "rgba"
		encode := func() ([]byte, error) {
			var buf bytes.Buffer
			err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
			return buf.Bytes(), err
		}
		if pal {
			name = "paletted"
			e := render.NewEncoder(inks())
			encode = func() ([]byte, error) { return e.Encode(img) }
		}
		b.Run(name, func(b *testing.B) {
			out, err := encode()
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				encode()
			}
			b.ReportMetric(float64(len(out)), "png-bytes")
		})
	}
}

// drawn is v drawn on the static layer, without a Renderer.
func drawn(tb testing.TB, v adjudicator.View) *image.RGBA {
	h := newBoard(testData)
	img := image.NewRGBA(image.Rectangle{Max: h.Size()})
	h.Static(render.NewCanvas(img))
	if err := h.Middle(render.NewCanvas(img), v); err != nil {
		tb.Fatal(err)
	}
	if err := h.Dynamic(render.NewCanvas(img), v); err != nil {
		tb.Fatal(err)
	}
	return img
}

// BenchmarkDynamic is the drawing alone, without encoding.
func BenchmarkDynamic(b *testing.B) {
	v := operations(midAssault(b).view(adjudicator.Public))
	h := newBoard(testData)
	base := image.NewRGBA(image.Rectangle{Max: h.Size()})
	h.Static(render.NewCanvas(base))
	img := image.NewRGBA(base.Rect)
	c := render.NewCanvas(img)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		copy(img.Pix, base.Pix)
		c.Context = gg.NewContextForRGBA(img) // as a Renderer: fresh state, warm glyphs
		if err := h.Dynamic(c, v); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSharedBoard: renderers sharing a board (its sprites and kept
// candidates) draw at once, and draw what a board of their own draws.
func TestSharedBoard(t *testing.T) {
	g := midAssault(t)
	var vs []adjudicator.View
	for _, vw := range viewers {
		vs = append(vs, operations(g.view(vw.v)))
	}
	want := make([][]byte, len(vs))
	for i, v := range vs {
		var err error
		if want[i], err = newRenderer().PNG(v); err != nil {
			t.Fatal(err)
		}
	}
	b := NewBoard(testData)
	var wg sync.WaitGroup
	for k := 0; k < 3; k++ {
		r := render.New()
		r.Register("hell", b)
		for i := range vs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got, err := r.PNG(vs[(i+k)%len(vs)])
				if err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(got, want[(i+k)%len(vs)]) {
					t.Errorf("view %d drawn on a shared board differs", (i+k)%len(vs))
				}
			}()
		}
	}
	wg.Wait()
}

// movedNote gives g's state one mark: unit moved from zone A to N.
func movedNote(g *game, unit string) *game {
	s := *g.s.(*hell.State)
	s.Recent = []hell.Note{{Kind: "move", From: "A", At: "N", Unit: unit}}
	g.s = &s
	return g
}

// TestMovedUnitHidden: which unit moved reaches the map only for a viewer
// who sees the unit (hidden VM battalions: the VM and the referee); a
// French unit's, everyone (issue 15, item 4).
func TestMovedUnitHidden(t *testing.T) {
	g := midAssault(t).do(t, adjudicator.Referee, "override unit 316/98/215 at N")
	for _, c := range []struct {
		unit string
		v    adjudicator.Viewer
		want string
	}{
		{"316/98/215", adjudicator.Public, ""}, {"316/98/215", adjudicator.ViewerOf(hell.French), ""},
		{"316/98/215", adjudicator.ViewerOf(hell.VM), "316/98/215"}, {"316/98/215", adjudicator.Viewer{Referee: true}, "316/98/215"},
		{"1/2REI-1", adjudicator.Public, "1/2REI-1"},
	} {
		b := movedNote(g, c.unit).view(c.v).Board.(hell.BoardView)
		if len(b.Recent) != 1 || b.Recent[0].Unit != c.want {
			t.Errorf("%s moved, %s view: marks %+v, want unit %q", c.unit, c.v, b.Recent, c.want)
		}
	}
}
