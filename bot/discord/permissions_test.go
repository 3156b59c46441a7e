package discord

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

type expect int

const (
	refused expect = iota // nothing changes; the caller is told why, privately
	read                  // nothing changes; a private answer
	posted                // nothing changes; one public post
	applied               // the game changes
)

func (e expect) String() string { return [...]string{"refused", "read", "posted", "applied"}[e] }

// check runs one command (or takes one outcome) and checks the matrix
// cell: what changed, what was answered, and that nobody who may not see
// the VM's hidden units saw one, in text or image.
func (h *harness) check(p person, line string, want expect, hidden []string, o func() outcome) outcome {
	h.t.Helper()
	beforeA, beforeB := h.record(chanA), h.record(chanB)
	var out outcome
	if o != nil {
		out = o()
	} else {
		out = h.slash(p, line)
	}
	afterA, afterB := h.record(chanA), h.record(chanB)
	cell := fmt.Sprintf("%s by %s (want %s)", line, p.name, want)
	changed := beforeA != afterA || beforeB != afterB
	priv := out.private()
	switch want {
	case refused:
		if changed {
			h.t.Errorf("%s: the game changed", cell)
		}
		if !strings.Contains(priv, "Refused") && !strings.Contains(priv, "already applied") && out.callbackType() != cbMessage {
			h.t.Errorf("%s: not refused; private answer %q", cell, priv)
		}
		if len(out.public()) > 0 {
			h.t.Errorf("%s: a refusal was posted publicly: %s", cell, out.publicText())
		}
	case read:
		if changed || strings.Contains(priv, "Refused") || priv == "" || len(out.public()) > 0 {
			h.t.Errorf("%s: changed %v, %d public posts, private answer %q", cell, changed, len(out.public()), priv)
		}
	case posted:
		if changed || strings.Contains(priv, "Refused") || len(out.public()) != 1 {
			h.t.Errorf("%s: changed %v, %d public posts, private answer %q", cell, changed, len(out.public()), priv)
		}
	case applied:
		if !changed || strings.Contains(priv, "Refused") {
			h.t.Errorf("%s: changed %v, private answer %q", cell, changed, priv)
		}
	}
	if len(out.public()) > 1 {
		h.t.Errorf("%s: %d public posts for one resolution", cell, len(out.public()))
	}
	// The public sees no hidden unit, whoever acted.
	for _, r := range out.public() {
		if l := leaks(r.text(), hidden); len(l) > 0 {
			h.t.Errorf("%s: the public post names hidden VM units %v", cell, l)
		}
		for _, f := range r.Files {
			if !bytes.Contains(f.Data, []byte("viewer=public\n")) {
				h.t.Errorf("%s: the public post carries a %q map", cell, bytes.SplitN(f.Data, []byte("\n"), 3)[1])
			}
		}
	}
	// Only the VM player (and a moderator asking for the referee's
	// view) may see them privately.
	mayKnow := p.id == bob.id && !p.dm
	mayKnow = mayKnow || (p.id == carol.id && strings.Contains(line, "referee"))
	if !mayKnow {
		// The caller's own words, echoed in a refusal, are no leak.
		var others []string
		for _, id := range hidden {
			if !strings.Contains(line, id) {
				others = append(others, id)
			}
		}
		if l := leaks(out.seen(), others); len(l) > 0 {
			h.t.Errorf("%s: %s saw hidden VM units %v:\n%s", cell, p.name, l, out.seen())
		}
		for _, f := range out.seenFiles() {
			if l := leaks(string(f.Data), hidden); len(l) > 0 {
				h.t.Errorf("%s: %s got a map (%s) with hidden VM units %v", cell, p.name, f.Name, l)
			}
		}
	}
	return out
}

// TestPermissionMatrix runs every command and the order buttons as the
// seated player of each side, the other player, a moderator (by Manage
// Server, and by a role named in the config), an onlooker, a user of
// another guild and a DM, checking who may do what and that nobody but
// the VM (and a moderator asking for it) sees the VM's hidden units or a
// private map.
func TestPermissionMatrix(t *testing.T) {
	h := newHarness(t)
	vm := bob
	h.check(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob", applied, nil, nil)
	h.check(alice, "/order text:done", applied, nil, nil)
	h.check(bob, `/order text:"place 304/57/265 JZ1"`, applied, nil, nil)
	g, err := h.svc.Game(ChannelKey(guildA, chanA))
	if err != nil {
		t.Fatal(err)
	}
	hidden := hiddenVM(t, g)
	everyone := []person{alice, bob, carol, dave, erin, dm}
	matrix := func(line string, want map[string]expect) map[string]outcome {
		t.Helper()
		outs := map[string]outcome{}
		// Those who may not act go first, so that the game is unchanged
		// when the one who may acts.
		for pass := 0; pass < 2; pass++ {
			for _, p := range everyone {
				w, ok := want[p.name]
				if !ok {
					w = refused
				}
				if (w == applied) != (pass == 1) {
					continue
				}
				outs[p.name] = h.check(p, line, w, hidden, nil)
			}
		}
		return outs
	}

	// Reading.
	st := matrix("/game status", map[string]expect{"alice": read, "bob": read, "carol": read, "dave": read})
	for who, view := range map[string]string{"alice": "(french view)", "bob": "(vm view)", "carol": "(public view)", "dave": "(public view)"} {
		if !strings.Contains(st[who].private(), view) {
			t.Errorf("/game status by %s: want the %s, got %q", who, view, st[who].private())
		}
	}
	if !strings.Contains(st["erin"].private(), "no game is running in this channel") {
		t.Errorf("/game status from another guild: %q", st["erin"].private())
	}
	if !strings.Contains(st["alice-dm"].private(), "only /help") {
		t.Errorf("/game status in a DM: %q", st["alice-dm"].private())
	}
	if l := leaks(st["bob"].private(), hidden); len(l) == 0 {
		t.Errorf("the VM's own status names none of its hidden units: %q", st["bob"].private())
	}
	// issue 30, item 8: the referee view is refused to players and
	// onlookers, not silently replaced by their own
	ref := matrix("/game status view:referee", map[string]expect{"alice": refused, "bob": refused, "carol": read, "dave": refused})
	if !strings.Contains(ref["carol"].private(), "(referee view)") || len(leaks(ref["carol"].private(), hidden)) == 0 {
		t.Errorf("a moderator's referee view: %q", ref["carol"].private())
	}
	if !strings.Contains(ref["dave"].private(), "view:referee is for moderators") || len(leaks(ref["dave"].private(), hidden)) != 0 {
		t.Errorf("an onlooker asking for the referee view: %q", ref["dave"].private())
	}
	matrix("/help", map[string]expect{"alice": read, "bob": read, "carol": read, "dave": read, "erin": read, "alice-dm": read})
	// Issue 15 item 2: an onlooker's /map is answered privately.
	maps := matrix("/map", map[string]expect{"alice": posted, "bob": posted, "carol": posted, "dave": read})
	if len(maps["dave"].public()) != 0 || !strings.Contains(maps["dave"].private(), "Map of game g1 (public view)") {
		t.Errorf("an onlooker's /map: %d public posts, private %q", len(maps["dave"].public()), maps["dave"].private())
	}
	mine := matrix("/map view:mine", map[string]expect{"alice": read, "bob": read})
	for who, v := range map[string]string{"alice": "viewer=french\n", "bob": "viewer=vm\n"} {
		fs := mine[who].privateFiles()
		if len(fs) != 1 || !bytes.Contains(fs[0].Data, []byte(v)) {
			t.Errorf("/map view:mine by %s: want one private %q map, got %d files", who, v, len(fs))
		}
	}
	refMap := matrix("/map view:referee", map[string]expect{"carol": read})
	if fs := refMap["carol"].privateFiles(); len(fs) != 1 || !bytes.Contains(fs[0].Data, []byte("viewer=referee\n")) {
		t.Errorf("/map view:referee by a moderator: %d files", len(fs))
	}

	// Ordering and undoing: only the awaited seat.
	matrix(`/order text:"place 304/57/346 JZ1"`, map[string]expect{"bob": applied})
	h.check(alice, `/order text:"place 304/57/418 JZ1" side:vm`, refused, hidden, nil)
	matrix("/undo", map[string]expect{"bob": applied})

	// Moderators: Manage Server, or a role named in the config (frank).
	matrix("/mod undo count:1", map[string]expect{"carol": applied})
	matrix(`/mod override text:"track replacements 3"`, map[string]expect{"carol": applied})
	h.check(frank, "/mod undo count:1", applied, hidden, nil)
	matrix("/mod seat side:vm user:@dave", map[string]expect{"carol": applied})
	h.check(frank, "/mod seat side:vm user:@bob", applied, hidden, nil)
	h.check(person{name: "grace", id: "100000000000000007", guild: guildA, channel: chanA, roles: []string{"555555555555555556"}},
		"/mod undo count:1", refused, hidden, nil)

	// Buttons: after the VM's set-up the awaited VM has one legal order.
	var post *recorded
	o := h.check(vm, "/order text:done", applied, hidden, nil)
	if p := o.public(); len(p) == 1 {
		post = p[0]
	}
	if post == nil || !contains(post.buttons(), "order:done") {
		t.Fatalf("the public post offers no button to the awaited VM: %+v", post)
	}
	// Issue 15 item 2: the VM, who just gave the order and is still
	// awaited, is not pinged again.
	if strings.Contains(jsonText(post.Body["allowed_mentions"]), vm.id) {
		t.Fatalf("the VM, still awaited after its own order, is pinged: %v", post.Body["allowed_mentions"])
	}
	for _, p := range []person{alice, carol, dave, erin, dm} {
		p := p
		out := h.check(p, "button order:done", refused, hidden, func() outcome { return h.click(p, post, "order:done") })
		if out.callbackType() != cbMessage {
			t.Errorf("a click by %s was not turned away at once", p.name)
		}
	}
	// A click with no message to tell whom it is for still needs the seat.
	h.check(dave, "button without message", refused, hidden, func() outcome {
		i := h.interaction(dave, discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: "order:done", ComponentType: discordgo.ButtonComponent})
		h.bot.Gateway(i)
		return outcome{reqs: h.fake.take(), p: dave}
	})
	h.check(vm, "button order:done", applied, hidden, func() outcome { return h.click(vm, post, "order:done") })
	// A double click (another interaction on the same message) applies once.
	again := h.check(vm, "button order:done again", refused, hidden, func() outcome { return h.click(vm, post, "order:done") })
	if !strings.Contains(again.private(), "already applied") {
		t.Errorf("a double click: %q", again.private())
	}

	// A user of another guild naming this channel's id (which Discord
	// would never send) still reaches no game here, even with Manage
	// Server in their own guild.
	mallory := person{name: "mallory", id: "100000000000000008", guild: guildB, channel: chanA, perms: discordgo.PermissionManageGuild}
	for _, line := range []string{"/game status", "/order text:done", "/undo", "/mod undo count:1", "/game end", "/map view:referee"} {
		o := h.check(mallory, line, refused, hidden, nil)
		if !strings.Contains(o.private(), "no game is running in this channel") {
			t.Errorf("%s by a user of another guild: %q", line, o.private())
		}
	}

	// Starting games: this channel is taken; another guild's channel is
	// its own (and cannot reach this game).
	matrix("/game new title:hell scenario:full-battle french:@alice vm:@bob", map[string]expect{"erin": applied})
	h.check(erin, "/order text:done", refused, hidden, nil)
	matrix("/game end confirm:true", map[string]expect{"carol": applied})
	if h.record(chanA) != "no game" {
		t.Error("the game is still running after /game end")
	}
}
