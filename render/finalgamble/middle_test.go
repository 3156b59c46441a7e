package fgmap

import (
	"bytes"
	"maps"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// 1.4-B, issue 31: the Trench and Dig Zones are a middle layer kept per
// set of zones. A view whose zones moved has another key and its own
// picture, and a renderer that kept other views' zones draws each view as
// a fresh renderer does.
func TestZones_MiddleLayerPerZones(t *testing.T) {
	b := NewBoard(testData).(*board)
	a := view(t, "D")
	bv, err := boardOf(a)
	if err != nil {
		t.Fatal(err)
	}
	moved := *bv
	moved.Setup.Trench = maps.Clone(bv.Setup.Trench)
	moved.Setup.Dig = map[string]int{}
	n := 0
	for sec, z := range moved.Setup.Trench {
		moved.Setup.Trench[sec] = z + 1
		moved.Setup.Dig[sec] = z + 2
		n++
	}
	if n == 0 {
		t.Fatal("scenario D has no Trench Zone to move")
	}
	dug := a
	dug.Board = moved
	ka, _ := b.MiddleKey(a)
	kd, _ := b.MiddleKey(dug)
	if again, _ := b.MiddleKey(view(t, "D")); again != ka || ka == kd {
		t.Fatalf("keys: %q, again %q, zones moved %q", ka, again, kd)
	}
	// one renderer draws both, alternately (the status, which this board
	// does not draw, makes each a new map): each map as the first of its
	// view, which differ; and (without -short: a renderer is costly under
	// -race) the moved zones' first as a renderer of its own draws it
	r := newRenderer()
	var first [2][]byte
	for i := 0; i < 4; i++ {
		v := []adjudicator.View{a, dug}[i%2]
		v.Status = []string{string(rune('a' + i))} // no cached PNG
		got, err := r.PNG(v)
		if err != nil {
			t.Fatal(err)
		}
		if i >= 2 {
			if !bytes.Equal(got, first[i%2]) {
				t.Fatalf("map %d over zones kept from the other view's differs", i)
			}
			continue
		}
		first[i] = got
		if i == 1 && !testing.Short() {
			if want, _ := newRenderer().PNG(v); !bytes.Equal(got, want) {
				t.Fatal("the moved zones' map differs from a renderer's that only drew them")
			}
		}
	}
	if bytes.Equal(first[0], first[1]) {
		t.Fatal("moved zones draw the same picture")
	}
}
