package stormmap

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/storm"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/render/golden"
)

// The map of a game under way, public and the VM's, and the leak rule
// for pictures: two states whose French hands differ draw the same
// public and VM maps, pixel for pixel.
func TestRender_MapsAndNoLeak(t *testing.T) {
	r := storm.New(storm.MustDefault())
	rr := render.New()
	rr.Register("storm", NewBoard(r))
	st, _ := r.Setup("battle", nil)
	seed := make([]byte, 32)
	s, _, err := r.Apply(st, storm.VM, "draw", adjudicator.NewStream(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	pub, err := rr.PNG(r.View(s, adjudicator.Public))
	if err != nil {
		t.Fatal(err)
	}
	vm, err := rr.PNG(r.View(s, adjudicator.ViewerOf(storm.VM)))
	if err != nil {
		t.Fatal(err)
	}
	if len(pub) < 1000 || bytes.Equal(pub, vm) {
		t.Fatal("the VM's map (with its hand) is the public one")
	}
	if dir := os.Getenv("STORM_PNG"); dir != "" {
		_ = os.WriteFile(dir+"/public.png", pub, 0o644)
		_ = os.WriteFile(dir+"/vm.png", vm, 0o644)
	}
	// the twin: France holds other cards
	b := s.(*storm.State)
	enc, _ := b.Encode()
	tw, _ := r.Decode(enc)
	ts := tw.(*storm.State)
	h, d := ts.Cards[storm.French].Hand[0], ts.Cards[storm.French].Deck[0]
	ts.Cards[storm.French].Hand.Take(h)
	ts.Cards[storm.French].Deck.Take(d)
	ts.Cards[storm.French].Hand.Add(d)
	ts.Cards[storm.French].Deck.Add(h)
	for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(storm.VM)} {
		x, _ := rr.PNG(r.View(s, v))
		y, _ := rr.PNG(r.View(ts, v))
		if !bytes.Equal(x, y) {
			t.Fatalf("%s's map shows France's hand", v)
		}
	}
}

// Close-ups for phones: every area's region lies on the map and holds
// its box; Focus finds the areas a move changed.
func TestRender_RegionsAndFocus(t *testing.T) {
	r := storm.New(storm.MustDefault())
	b := NewBoard(r).(*board)
	regions := b.Regions()
	for _, a := range r.Data().AreaIDs {
		rg, ok := regions[itoa(a)]
		if !ok || !b.box(a).In(rg) {
			t.Fatalf("area %d: region %v does not hold its box %v", a, rg, b.box(a))
		}
	}
	st, _ := r.Setup("battle", nil)
	seed := make([]byte, 32)
	s1, _, _ := r.Apply(st, storm.VM, "draw", adjudicator.NewStream(seed, 0))
	s2, _, err := r.Apply(s1, storm.VM, "move 8 11 all", adjudicator.NewStream(seed, 100))
	if err != nil {
		t.Fatal(err)
	}
	rect, ok := b.Focus(r.View(s1, adjudicator.Public), r.View(s2, adjudicator.Public))
	if !ok || !b.box(8).In(rect) || !b.box(11).In(rect) {
		t.Fatalf("focus %v %v", rect, ok)
	}
	rr := render.New()
	rr.Register("storm", b)
	png, err := rr.PNGRegion(r.View(s2, adjudicator.Public), "11")
	if err != nil || len(png) < 500 {
		t.Fatalf("region 11: %v", err)
	}
	if dir := os.Getenv("STORM_PNG"); dir != "" {
		_ = os.WriteFile(dir+"/region11.png", png, 0o644)
	}
}

func itoa(n int) string { return fmt.Sprint(n) }

// BenchmarkColdPublicMap: a cold public map against its own PNG encode
// (issue 31's cold/encode), under the name every title's drawing uses.
func BenchmarkColdPublicMap(b *testing.B) {
	r := storm.New(storm.MustDefault())
	rr := render.New()
	rr.Register("storm", NewBoard(r))
	st, _ := r.Setup("battle", nil)
	s, _, err := r.Apply(st, storm.VM, "draw", adjudicator.NewStream(make([]byte, 32), 0))
	if err != nil {
		b.Fatal(err)
	}
	golden.ColdMap(b, rr, r.View(s, adjudicator.Public))
}
