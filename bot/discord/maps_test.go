package discord

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/render"
	_ "github.com/umpirebot/umpire/render/hell" // Hell's map
)

// Issue 15, item 4, through the fake Discord (each request checked
// against the official schema): /map region:huguette posts Huguette's
// close-up, narrow enough to read on a phone; region autocomplete lists
// the map's close-ups; an onlooker's /map is ephemeral; /map turn:1
// draws the end of turn 1 and turn:2 is refused with the turns there are;
// /game settings maps:off is taken.
func TestMapRegionTurnOnDiscord(t *testing.T) {
	h := newHarness(t)
	r, err := render.ForTitles(hellTitles())
	if err != nil {
		t.Fatal(err)
	}
	h.svc.Maps = r
	h.slash(alice, "/game new title:hell scenario:initial-assault french:@alice vm:@bob")

	o := h.slash(alice, "/map region:huguette")
	var files []fakeFile
	for _, p := range o.public() {
		files = append(files, p.Files...)
	}
	if len(files) != 1 || !strings.Contains(o.publicText(), "huguette") {
		t.Fatalf("/map region:huguette posted %d images: %s%s", len(files), o.publicText(), o.private())
	}
	im, err := png.Decode(bytes.NewReader(files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	if w := im.Bounds().Dx(); w > render.ReadableWidth(9) {
		t.Errorf("Huguette's close-up is %d px wide", w)
	}

	got := h.complete(alice, "/map", "region", "hu")
	if strings.Join(got, ",") != "huguette" {
		t.Errorf("region autocomplete for %q: %v", "hu", got)
	}
	if got := h.complete(dave, "/map", "region", ""); len(got) < 10 || got[0] != "airstrip" {
		t.Errorf("region autocomplete: %v", got)
	}

	o = h.slash(dave, "/map")
	if len(o.public()) != 0 || len(o.privateFiles()) != 1 {
		t.Errorf("an onlooker's /map: %d public posts, %d private images: %s", len(o.public()), len(o.privateFiles()), o.publicText())
	}
	o = h.slash(dave, "/map region:nowhere")
	if !strings.Contains(o.private(), `no close-up "nowhere"; close-ups are airstrip, anne-marie`) {
		t.Errorf("/map region:nowhere: %s", o.private())
	}

	o = h.slash(bob, "/map turn:1 view:mine")
	if len(o.privateFiles()) != 1 || !strings.Contains(o.private(), "in turn 1 so far") {
		t.Errorf("/map turn:1 view:mine: %s (%d images)", o.private(), len(o.privateFiles()))
	}
	if got := h.slash(alice, "/map turn:2").private(); !strings.Contains(got, "turn 2 is not in game g1: its turns so far are 1 to 1") {
		t.Errorf("/map turn:2: %s", got)
	}
	if got := h.slash(alice, "/game settings maps:off").publicText(); !strings.Contains(got, "maps: none posted (off)") {
		t.Errorf("/game settings maps:off: %s", got)
	}
}
