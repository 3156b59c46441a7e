package render

import (
	"image"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// spots is a Spotter of named points on a 1000 x 1000 map with an inset
// frame below it: each place a 40 x 40 box.
type spots map[string]image.Point

func (s spots) Spot(p string) (image.Rectangle, image.Rectangle, bool) {
	pt, ok := s[p]
	if !ok {
		return image.Rectangle{}, image.Rectangle{}, false
	}
	frame := image.Rect(0, 0, 1000, 1000)
	if pt.Y >= 1000 {
		frame = image.Rect(0, 1000, 1000, 1400)
	}
	return image.Rect(pt.X-20, pt.Y-20, pt.X+20, pt.Y+20), frame, true
}
func (s spots) Marked(adjudicator.View) []string { return nil }
func (s spots) CropSize() image.Point            { return image.Pt(300, 400) }

// Issue 30, items 1 and 2: the first close-up is centred on the
// decision's places; what happened joins it where it fits, else gets
// close-ups of its own, MaxCloseups at most; unknown places are skipped
// and places of another frame (an inset) never share a close-up.
func TestCloseups_CentredOnTheDecisionTakingInWhatHappened(t *testing.T) {
	sp := spots{"A": {500, 500}, "B": {600, 560}, "far": {100, 100}, "far2": {120, 140},
		"other": {900, 900}, "more": {900, 100}, "inset": {500, 1100}}
	in := func(r image.Rectangle, p string) bool { b, _, _ := sp.Spot(p); return b.In(r) }

	got := Closeups(sp, []string{"A"}, nil)
	if len(got) != 1 || got[0] != image.Rect(350, 300, 650, 700) {
		t.Fatalf("focus A alone: %v, want the 300 x 400 crop centred on A", got)
	}
	got = Closeups(sp, []string{"A", "nowhere"}, []string{"B"})
	if len(got) != 1 || !in(got[0], "A") || !in(got[0], "B") {
		t.Errorf("A with B's mark: %v, want one close-up holding both", got)
	}
	got = Closeups(sp, []string{"A"}, []string{"far", "far2", "inset"})
	if len(got) != 3 || !in(got[0], "A") || !in(got[1], "far") || !in(got[1], "far2") || !in(got[2], "inset") || !got[2].In(image.Rect(0, 1000, 1000, 1400)) {
		t.Errorf("A with far marks and one in the inset: %v, want A's, the far pair's, the inset's", got)
	}
	got = Closeups(sp, []string{"A"}, []string{"far", "other", "more", "inset"})
	if len(got) != MaxCloseups || !in(got[0], "A") {
		t.Errorf("too many places: %v, want %d close-ups, A's first", got, MaxCloseups)
	}
	got = Closeups(sp, nil, []string{"far"})
	if len(got) != 1 || !in(got[0], "far") {
		t.Errorf("no focus, a mark: %v", got)
	}
	if got := Closeups(sp, []string{"nowhere"}, nil); len(got) != 0 {
		t.Errorf("an unknown place: %v, want none (the caller falls back)", got)
	}
	// a crop near the map's edge stays inside it
	sp["edge"] = image.Pt(990, 10)
	if got := Closeups(sp, []string{"edge"}, nil); len(got) != 1 || !got[0].In(image.Rect(0, 0, 1000, 1000)) || !image.Pt(990, 10).In(got[0]) {
		t.Errorf("at the edge: %v", got)
	}
	// a board that is no Spotter: none
	r := New()
	if got := r.Closeups(adjudicator.View{Title: "none"}, []string{"A"}); got != nil {
		t.Errorf("no board: %v", got)
	}
}
