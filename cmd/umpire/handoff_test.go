package main

import (
	"crypto/sha256"
	"image"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/render/golden"
)

// drawing is one picture a recorder drew: whose view, the crop (empty:
// the whole map) and the places its prompt focuses on.
type drawing struct {
	viewer string
	title  string
	rect   image.Rectangle
	focus  []string
}

// recorder is the console's map drawer, keeping what it drew by the
// PNG's hash, so that a test can tell from a posted file whose view it
// shows and where.
type recorder struct {
	*render.Renderer
	mu    sync.Mutex
	drawn map[[32]byte][]drawing
}

func (r *recorder) keep(v adjudicator.View, rect image.Rectangle, png []byte, err error) ([]byte, error) {
	if err == nil {
		r.mu.Lock()
		k := sha256.Sum256(png)
		r.drawn[k] = append(r.drawn[k], drawing{viewer: v.Viewer, title: v.Title, rect: rect, focus: v.Prompt.Focus})
		r.mu.Unlock()
	}
	return png, err
}

func (r *recorder) PNG(v adjudicator.View) ([]byte, error) {
	b, err := r.Renderer.PNG(v)
	return r.keep(v, image.Rectangle{}, b, err)
}

func (r *recorder) PNGCrop(v adjudicator.View, rect image.Rectangle) ([]byte, error) {
	b, err := r.Renderer.PNGCrop(v, rect)
	return r.keep(v, rect, b, err)
}

func (r *recorder) PNGRegion(v adjudicator.View, region string) ([]byte, error) {
	b, err := r.Renderer.PNGRegion(v, region)
	return r.keep(v, image.Rectangle{}, b, err)
}

// recording makes the console's maps a recorder's for the test.
func recording(t *testing.T) *recorder {
	t.Helper()
	rec := &recorder{drawn: map[[32]byte][]drawing{}}
	old := maps
	maps = func(ts map[string]adjudicator.Rules) (bot.Mapper, error) {
		r, err := render.ForTitles(ts)
		rec.Renderer = r
		return rec, err
	}
	t.Cleanup(func() { maps = old })
	return rec
}

var postImage = regexp.MustCompile(`(?m)^\[(channel|@\w+)\] image: (\S+\.png)$`)

// handOffPictures plays script and checks every post that hands the turn
// on: the channel gets pictures drawn in the public view only, and the
// awaited player pictures in their own side's view, sent to them alone;
// each picture of the post, together, shows every place the decision is
// about (its prompt's Focus). It returns the output and the number of
// hand-offs with a focus.
func handOffPictures(t *testing.T, rec *recorder, seats map[string]string, args ...string) (string, int) {
	t.Helper()
	dir := t.TempDir()
	out, errs, code := umpire(t, append([]string{"play", "--db", filepath.Join(dir, "g.db"), "--out", filepath.Join(dir, "img")}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	focused := 0
	for _, post := range strings.Split(out, "\n> ") {
		awaited := regexp.MustCompile(`\[channel\] Awaiting @(\w+)`).FindStringSubmatch(post)
		var public, private int
		rects := map[string][]image.Rectangle{} // by viewer
		var focus []string
		title := ""
		for _, m := range postImage.FindAllStringSubmatch(post, -1) {
			raw, err := os.ReadFile(m[2])
			if err != nil {
				t.Fatal(err)
			}
			ds := rec.drawn[sha256.Sum256(raw)]
			if len(ds) == 0 {
				t.Fatalf("%s was not drawn by the console's renderer", m[2])
			}
			to := strings.TrimPrefix(m[1], "@")
			want := "public"
			if to != "channel" {
				want = seats[to]
			}
			var d *drawing
			for i := range ds {
				if ds[i].viewer == want {
					d = &ds[i]
				}
			}
			if d == nil {
				// DESIGN invariant 1: the channel sees the public view
				// alone; a player, their side's own
				t.Errorf("%s went to %s (%s) but was drawn in the view of %v:\n%s", m[2], m[1], want, ds, post)
				continue
			}
			if to == "channel" {
				public++
			} else {
				private++
			}
			rects[d.viewer] = append(rects[d.viewer], d.rect)
			focus, title = d.focus, d.title
		}
		if awaited == nil {
			continue
		}
		if public == 0 || private == 0 {
			t.Errorf("a hand-off to @%s without its pictures (%d to the channel, %d to the player):\n%s", awaited[1], public, private, post)
		}
		if len(focus) > 0 {
			focused++
		}
		for viewer, rs := range rects {
			for _, place := range focus {
				box, ok := rec.Spot(title, place)
				if !ok {
					t.Errorf("the decision's place %q is not on the %s map", place, title)
					continue
				}
				c := box.Min.Add(box.Max).Div(2)
				seen := false
				for _, r := range rs {
					seen = seen || r.Empty() || c.In(r)
				}
				if !seen {
					t.Errorf("the %s pictures %v of a hand-off do not show %s (at %v), a place of its decision %v:\n%s", viewer, rs, place, c, focus, post)
				}
			}
		}
	}
	return out, focused
}

// golden compares the pictures of the post after the line after with the
// golden files name-1, name-2 ...
func goldenPost(t *testing.T, out, after, to, name string) {
	t.Helper()
	i := strings.Index(out, "> "+after+"\n")
	if i < 0 {
		t.Fatalf("no line %q", after)
	}
	post := out[i:]
	if j := strings.Index(post[2:], "\n> "); j >= 0 {
		post = post[:j+2]
	}
	n := 0
	for _, m := range postImage.FindAllStringSubmatch(post, -1) {
		if m[1] != to {
			continue
		}
		raw, err := os.ReadFile(m[2])
		if err != nil {
			t.Fatal(err)
		}
		n++
		golden.Check(t, name+"-"+string(rune('0'+n)), raw)
	}
	if n == 0 {
		t.Errorf("no picture to %s after %q:\n%s", to, after, post)
	}
}

// Issue 30, items 1 and 2 in A Season in Hell: every hand-off of the
// initial assault carries pictures, the channel's in the public view and
// the awaited player's in their own, together showing the places of the
// decision; France's defensive fire shows both threatened PAs, G2 and B1,
// with the battalions facing them (golden files).
func TestHandOff_HellPicturesInTheAwaitedView(t *testing.T) {
	rec := recording(t)
	out, focused := handOffPictures(t, rec, map[string]string{"alice": "french", "bob": "vm"},
		"--seed", "55", "--script", filepath.Join("testdata", "initial-assault.txt"))
	if focused < 2 {
		t.Errorf("only %d hand-offs name the places of their decision", focused)
	}
	goldenPost(t, out, `@bob /order text:"move 312/209/130 E>B1; move 312/209/154 E>B1; move 312/141/11 E>G2; done"`, "@alice", "handoff-hell-defire-french")
}

// Issue 30, items 1 and 2 in Tonkin: the same over the campaign script;
// after the FEF's attack on 1022 and its barrage on 0418, the VM's
// pictures mark both (golden files).
func TestHandOff_TonkinPicturesInTheAwaitedView(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole campaign script: not in -short")
	}
	rec := recording(t)
	out, focused := handOffPictures(t, rec, map[string]string{"alice": "fef", "bob": "vm"},
		"--script", filepath.Join("testdata", "tonkin", "campaign.txt"))
	t.Logf("%d hand-offs with a focus", focused)
	goldenPost(t, out, `@alice /order text:"barrage 0418 air air air air air air"`, "@bob", "handoff-tonkin-vm")
}

// Issue 30, items 1 and 2 in The Final Gamble: the same over the scripted
// game (-short: its first turn, to the VM's Trench Digging); France's
// Choice at 1019 (3.6-C) shows the assaulted hex, the assaulting
// battalion's hex and its supporter's, in France's view (golden files).
func TestHandOff_FinalGamblePicturesInTheAwaitedView(t *testing.T) {
	script := filepath.Join("testdata", "finalgamble", "game.txt")
	want := 12
	if testing.Short() {
		// the whole game draws some 140 maps: too slow under -race
		raw, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		end := `@bob /order text:"dig 304"` + "\n"
		i := strings.Index(string(raw), end)
		if i < 0 {
			t.Fatalf("%s has no line %q", script, end)
		}
		script = filepath.Join(t.TempDir(), "turn1.txt")
		if err := os.WriteFile(script, raw[:i+len(end)], 0o600); err != nil {
			t.Fatal(err)
		}
		want = 4
	}
	rec := recording(t)
	out, focused := handOffPictures(t, rec, map[string]string{"alice": "french", "bob": "vm"}, "--script", script)
	t.Logf("%d hand-offs with a focus", focused)
	if focused < want {
		t.Errorf("only %d hand-offs name the places of their decision, want %d or more", focused, want)
	}
	goldenPost(t, out, `@bob /order text:"charge 316-215 tien-len 316-938 advance 316-938@0920"`, "@alice", "handoff-finalgamble-choice-french")
}
