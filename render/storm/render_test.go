package stormmap

import (
	"bytes"
	"os"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/storm"
	"github.com/umpirebot/umpire/render"
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
