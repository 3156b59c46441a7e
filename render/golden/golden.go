// Package golden holds what every title's drawing tests share: the
// comparison of rendered PNGs with the golden files under a test's
// testdata/ (DESIGN, Testing: golden PNGs for renders, regenerated with
// -update), the cold-map benchmark (issue 31) and the maps' time budget.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/internal/cpuclock"
	"github.com/umpirebot/umpire/render"
)

var (
	update    = flag.Bool("update", false, "rewrite the golden PNGs under testdata/")
	coldClock = flag.String("coldclock", "wall", "the cold-map benchmark's clock: wall, or thread (the benchmark's own CPU time, for a machine others share)")
)

// Update reports whether the test run rewrites the golden files (-update).
func Update() bool { return *update }

// Check compares got with testdata/<name>.png: the same bytes, or the same
// pixels (the PNG encoder may change between Go releases). A mismatch
// writes the new render as testdata/<name>.got.png and fails t, saying how
// to accept it; with -update it rewrites the golden file instead.
func Check(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test with -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	d, err := PixelDiff(got, want)
	if err != nil {
		t.Fatal(err)
	}
	if d != "" {
		os.WriteFile(filepath.Join("testdata", name+".got.png"), got, 0o644)
		t.Errorf("%s differs from the golden file: %s (new render in testdata/%s.got.png; -update accepts it)", name, d, name)
	}
}

// PixelDiff says how two PNGs differ in their pixels ("" when they do
// not); an error when got is no PNG.
func PixelDiff(got, want []byte) (string, error) {
	ia, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		return "", err
	}
	ib, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return "golden file unreadable: " + err.Error(), nil
	}
	if ia.Bounds() != ib.Bounds() {
		return fmt.Sprintf("size %v, golden %v", ia.Bounds(), ib.Bounds()), nil
	}
	n := 0
	var first image.Point
	bd := ia.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			r1, g1, b1, _ := ia.At(x, y).RGBA()
			r2, g2, b2, _ := ib.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	if n == 0 {
		return "", nil
	}
	return fmt.Sprintf("%d pixels differ, the first at %v", n, first), nil
}

// ColdMap runs issue 31's cold-map benchmark on r for v (Renderer.ColdMap)
// and reports the cold map (ns/op), the encode alone (encode-ns/op), their
// ratio (cold/encode, the budget's number) and the PNG's size: the one
// BenchmarkColdPublicMap every title's drawing tests run. By default both
// are wall-clock times; with -coldclock=thread (Linux) they are the CPU
// time of the benchmark's own thread, which other processes sharing the
// cores do not inflate (the map and the encode run on that thread; the
// garbage collector's background work is not counted in either).
func ColdMap(b *testing.B, r *render.Renderer, v adjudicator.View) {
	b.Helper()
	clock := time.Now
	switch *coldClock {
	case "wall":
	case "thread":
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		c, ok := cpuclock.Thread()
		if !ok {
			b.Fatal("-coldclock=thread: no thread CPU clock here")
		}
		clock = c
	default:
		b.Fatalf("-coldclock=%q: wall or thread", *coldClock)
	}
	b.ResetTimer()
	cold, encode, size, err := r.ColdMap(v, b.N, clock)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(cold.Nanoseconds())/float64(b.N), "ns/op")
	b.ReportMetric(float64(encode.Nanoseconds())/float64(b.N), "encode-ns/op")
	b.ReportMetric(float64(cold)/float64(encode), "cold/encode")
	b.ReportMetric(float64(size), "png-bytes")
}

// now is ColdBudget's clock (a test's to replace).
var now = time.Now

// ColdBudget is a map's time budget (DESIGN: performance budgets): it
// draws v once (the static layers, drawn once per board), then nine views
// not in the cache (v with another status line each), and fails t when
// the median of the nine is over budget; what names the drawing ("cold
// render", "cold crop") in what it says.
func ColdBudget(t testing.TB, what string, v adjudicator.View, budget time.Duration, draw func(adjudicator.View) ([]byte, error)) {
	t.Helper()
	if _, err := draw(v); err != nil {
		t.Fatal(err)
	}
	var ds []time.Duration
	for i := 0; i < 9; i++ {
		w := v
		w.Status = []string{fmt.Sprint(i)}
		t0 := now()
		if _, err := draw(w); err != nil {
			t.Fatal(err)
		}
		ds = append(ds, now().Sub(t0))
	}
	slices.Sort(ds)
	t.Logf("%s: median %v (min %v, max %v)", what, ds[4], ds[0], ds[8])
	if ds[4] > budget {
		t.Errorf("median %s %v, budget %v", what, ds[4], budget)
	}
}
