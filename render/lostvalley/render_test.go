package lostvalleymap

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/lostvalley"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/render/golden"
)

// played is a campaign game a few orders in (turn 2's assaults).
func played(t testing.TB) (*lostvalley.Rules, adjudicator.State) {
	d, err := lostvalley.Load()
	if err != nil {
		t.Fatal(err)
	}
	r := lostvalley.New(d)
	s, err := r.Setup("campaign", nil)
	if err != nil {
		t.Fatal(err)
	}
	dc := adjudicator.NewStream([]byte("render"), 0)
	for i := 0; i < 12 && !r.Prompt(s).Over; i++ {
		os := adjudicator.Orders(adjudicator.WithoutStanding(r.Legal(s, lostvalley.French)))
		o := os[len(os)-1]
		for _, c := range os {
			if c == "done" || c == "draw" || c == "resolve" || c == "keep" {
				o = c
			}
		}
		ns, _, err := r.Apply(s, lostvalley.French, o, dc)
		if err != nil {
			t.Fatal(err)
		}
		s = ns
	}
	return r, s
}

// The map draws from the view alone, every CR box at its place, the
// same view giving the same bytes; LV_PNG=dir writes it to look at.
func TestRender_CampaignView(t *testing.T) {
	r, s := played(t)
	rd := render.New()
	b := NewBoard(r.Data())
	rd.Register("lostvalley", b)
	v := r.View(s, adjudicator.Public)
	png1, err := rd.PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	png2, err := rd.PNG(v)
	if err != nil || !bytes.Equal(png1, png2) {
		t.Fatal("the same view drew different bytes")
	}
	img, err := png.Decode(bytes.NewReader(png1))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Size(); got != b.Size() {
		t.Errorf("size %v, want %v", got, b.Size())
	}
	if dir := os.Getenv("LV_PNG"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, "lostvalley.png"), png1, 0o644)
	}
	// A view whose board is another title's is refused, not drawn.
	if _, err := rd.PNG(adjudicator.View{Title: "lostvalley", Board: 3}); err == nil {
		t.Error("a board of the wrong type was drawn")
	}
}

// BenchmarkColdPublicMap: a cold public map against its own PNG encode
// (issue 31's cold/encode), under the name every title's drawing uses.
func BenchmarkColdPublicMap(b *testing.B) {
	r, s := played(b)
	rd := render.New()
	rd.Register("lostvalley", NewBoard(r.Data()))
	golden.ColdMap(b, rd, r.View(s, adjudicator.Public))
}
