package discord

import (
	"bytes"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/bot/internal/solotoy"
)

// Issue 28 item 1 through Discord: a one-seat game named by its creator
// starts at once, with no join or accept buttons; the enemy's moves,
// run by the rules inside the player's order, are posted publicly; an
// onlooker's /map is the public view; /game resign ends it.
func TestSolo_OneSeatGameThroughDiscord(t *testing.T) {
	h := newHarness(t)
	h.svc.SeatNamed = false
	h.svc.Titles["solo"] = solotoy.Rules{}
	o := h.slash(alice, "/game new title:solo scenario:short french:@alice")
	if !strings.Contains(o.publicText(), "Awaiting") || strings.Contains(o.publicText(), "open") {
		t.Fatalf("the one-seat game did not start at once: %q", o.publicText())
	}
	for _, p := range o.public() {
		if c := jsonText(p.Body["components"]); strings.Contains(c, JoinPrefix) || strings.Contains(c, "accept") {
			t.Errorf("a started one-seat game offers seats: %s", c)
		}
	}
	if got := h.slash(dave, "/order text:dig").private(); !strings.Contains(got, "Refused") {
		t.Errorf("an onlooker's order: %q", got)
	}
	h.slash(alice, `/order text:"plan sortie"`)
	o = h.slash(alice, "/order text:dig")
	if !strings.Contains(o.publicText(), "The VM assault the camp: die") {
		t.Errorf("the enemy's turn is not posted: %q", o.publicText())
	}
	if strings.Contains(o.publicText(), "sortie") {
		t.Errorf("the player's plan leaked to the channel: %q", o.publicText())
	}
	m := h.slash(dave, "/map")
	files := m.seenFiles()
	if len(files) == 0 {
		t.Fatalf("no map for the onlooker: %+v", m.reqs)
	}
	for _, f := range files {
		if !bytes.Contains(f.Data, []byte("viewer=public\n")) {
			t.Errorf("the onlooker's map is not the public view: %q", bytes.SplitN(f.Data, []byte("\n"), 3)[1])
		}
	}
	if got := h.slash(alice, "/game resign").publicText(); !strings.Contains(got, "Game g1 is over: french resigned.") {
		t.Errorf("/game resign: %q", got)
	}
}
