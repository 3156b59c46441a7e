package golden

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
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

// recorder is a testing.TB that keeps what a helper says.
type recorder struct {
	testing.TB
	errs, logs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(f string, a ...any) {
	r.errs = append(r.errs, fmt.Sprintf(f, a...))
}
func (r *recorder) Logf(f string, a ...any) { r.logs = append(r.logs, fmt.Sprintf(f, a...)) }

// ColdBudget draws the view once, then nine views not in a cache (each
// with its own status line), and holds the median of the nine to the
// budget.
func TestColdBudget(t *testing.T) {
	defer func(c func() time.Time) { now = c }(now)
	clock := time.Unix(0, 0)
	now = func() time.Time { return clock }
	// the nine draws take 9, 1, 8, 2, 7, 3, 6, 4, 5 ms: median 5 ms
	took := []time.Duration{0, 9, 1, 8, 2, 7, 3, 6, 4, 5}
	v := adjudicator.View{Title: "t", Status: []string{"status"}}
	for _, c := range []struct {
		budget time.Duration
		fails  bool
	}{{5 * time.Millisecond, false}, {4 * time.Millisecond, true}} {
		var seen []string
		n := 0
		draw := func(w adjudicator.View) ([]byte, error) {
			clock = clock.Add(took[n] * time.Millisecond)
			n++
			seen = append(seen, strings.Join(w.Status, "|"))
			return nil, nil
		}
		r := &recorder{TB: t}
		ColdBudget(r, "cold render", v, c.budget, draw)
		if len(seen) != 10 || seen[0] != "status" || len(slices.Compact(slices.Sorted(slices.Values(seen[1:])))) != 9 {
			t.Errorf("budget %v: drew %q, want the view, then nine views each with its own status", c.budget, seen)
		}
		if len(r.logs) != 1 || r.logs[0] != "cold render: median 5ms (min 1ms, max 9ms)" {
			t.Errorf("budget %v: logged %q", c.budget, r.logs)
		}
		if fails := len(r.errs) > 0; fails != c.fails {
			t.Errorf("budget %v: errors %q, want failing %v", c.budget, r.errs, c.fails)
		}
	}
}
