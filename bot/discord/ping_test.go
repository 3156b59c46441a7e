package discord

import (
	"strings"
	"testing"
)

// pinged lists the users a post's allowed_mentions lets Discord notify.
func pinged(r *recorded) []string {
	am, _ := r.Body["allowed_mentions"].(map[string]any)
	us, _ := am["users"].([]any)
	var out []string
	for _, u := range us {
		out = append(out, u.(string))
	}
	return out
}

// Issue 15 item 2: a command's post pings the player the turn passes to,
// once; the player who just gave the order and is still awaited is named
// ("Still awaiting") but not pinged; a post that changes nothing for
// anyone's turn (an onlooker's /map) pings nobody. One channel post per
// command.
func TestPings_OnlyWhenTheTurnPasses(t *testing.T) {
	h := newHarness(t)
	h.svc.SeatNamed = false
	h.newGame(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob")
	steps := []struct {
		who  person
		line string
		ping []string
	}{
		{alice, "/order text:done", []string{bob.id}}, // French set-up done: the VM's set-up
		{bob, "/order text:done", nil},                // the VM's set-up done: the VM's 3.1, still bob
		// 3.1, entrenchment; 3.2 with nothing to buy is taken at once
		// (ruling H63), so the VM decides the week: still bob.
		{bob, `/order text:"done; done"`, nil},
		{bob, `/order text:pass`, []string{alice.id}}, // France decides whether to operate

	}
	for _, s := range steps {
		o := h.slash(s.who, s.line)
		posts := o.public()
		if len(posts) != 1 {
			t.Fatalf("%s: %d channel posts for one command", s.line, len(posts))
		}
		if got := pinged(posts[0]); strings.Join(got, ",") != strings.Join(s.ping, ",") {
			t.Errorf("%s by %s pings %v, want %v:\n%s", s.line, s.who.name, got, s.ping, posts[0].text())
		}
		if s.ping == nil && !strings.Contains(posts[0].text(), "Awaiting vm") {
			t.Errorf("%s: the post does not say who is still awaited:\n%s", s.line, posts[0].text())
		}
	}
}
