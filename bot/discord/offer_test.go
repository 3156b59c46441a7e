package discord

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// withButton finds the request whose body offers a button with id.
func withButton(o outcome, id string) *recorded {
	for _, r := range o.reqs {
		if contains(r.buttons(), id) {
			return r
		}
	}
	return nil
}

// Issue 15 item 5 through the fake Discord: the offer post pings the
// member offered a seat and shows Accept/Decline buttons that only they
// may use; the game starts when they accept; a decline opens the seat
// (Join button); /game end asks the moderator, privately, with a
// Confirm button, and only the click ends the game.
func TestOffers_ButtonsAndConfirmedEnd(t *testing.T) {
	h := newHarness(t)
	h.svc.SeatNamed = false
	o := h.slash(alice, "/game new title:hell scenario:initial-assault french:@alice vm:@bob")
	post := withButton(o, AcceptPrefix+"g1:vm")
	if post == nil || !contains(post.buttons(), DeclinePrefix+"g1:vm") {
		t.Fatalf("no Accept/Decline buttons on the offer: %+v", o.reqs)
	}
	if got := pinged(post); len(got) != 1 || got[0] != bob.id {
		t.Errorf("the offer pings %v, want bob", got)
	}
	if got := h.click(carol, post, AcceptPrefix+"g1:vm").private(); !strings.Contains(got, "Refused: the vm seat of game g1 is offered to <@"+bob.id+">, not to you") {
		t.Errorf("carol accepts bob's seat: %q", got)
	}
	if got := h.slash(alice, "/order text:done").private(); !strings.Contains(got, "has not started") {
		t.Errorf("an order before bob accepted: %q", got)
	}
	start := h.click(bob, post, AcceptPrefix+"g1:vm")
	if !strings.Contains(start.publicText(), "Every seat is taken: game g1 starts") {
		t.Fatalf("bob's Accept: %q %q", start.private(), start.publicText())
	}
	for _, p := range start.public() {
		if strings.Contains(p.text(), "Awaiting french") && (len(pinged(p)) != 1 || pinged(p)[0] != alice.id) {
			t.Errorf("the start pings %v, want alice (the turn passes to her)", pinged(p))
		}
	}

	ask := h.slash(carol, "/game end reason:enough")
	confirm := withButton(ask, ConfirmPrefix+"/game end confirm:yes game:g1 reason:enough")
	if confirm == nil || len(ask.public()) != 0 || !strings.Contains(ask.private(), "This cannot be undone") {
		t.Fatalf("/game end without confirming: %q, %d public posts, %+v", ask.private(), len(ask.public()), ask.reqs)
	}
	if h.record(chanA) == "no game" {
		t.Fatal("the game ended before the confirmation")
	}
	if got := h.click(alice, confirm, ConfirmPrefix+"/game end confirm:yes game:g1 reason:enough").private(); !strings.Contains(got, "/game end is for moderators") {
		t.Errorf("a player clicks Confirm: %q", got)
	}
	end := h.click(carol, confirm, ConfirmPrefix+"/game end confirm:yes game:g1 reason:enough")
	if !strings.Contains(end.publicText(), "dice seed is now public") {
		t.Fatalf("the confirmed end: %q %q", end.private(), end.publicText())
	}

	// A decline opens the seat to anyone.
	o = h.slash(alice, "/game new title:hell scenario:initial-assault french:@alice vm:@bob")
	post = withButton(o, DeclinePrefix+"g2:vm")
	if post == nil {
		t.Fatalf("no Decline button: %+v", o.reqs)
	}
	dec := h.click(bob, post, DeclinePrefix+"g2:vm")
	if withButton(dec, JoinPrefix+"g2:vm") == nil || !strings.Contains(dec.publicText(), "declined the vm seat of game g2: it is open to anyone") {
		t.Fatalf("bob's Decline: %q %q", dec.private(), dec.publicText())
	}
	if got := h.click(dave, withButton(dec, JoinPrefix+"g2:vm"), JoinPrefix+"g2:vm").publicText(); !strings.Contains(got, "Every seat is taken: game g2 starts") {
		t.Errorf("dave joins the declined seat: %q", got)
	}
}

// Issue 15 item 5: every example a command's description shows is
// accepted by that command (the /mod override example was refused).
func TestCommandExamplesAreAccepted(t *testing.T) {
	h := newHarness(t)
	exRE := regexp.MustCompile("e\\.g\\. `([^`]+)`")
	type ex struct{ cmd, opt, text string }
	var exs []ex
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand {
				walk(path+" "+o.Name, o.Options)
				continue
			}
			if m := exRE.FindStringSubmatch(o.Description); m != nil {
				exs = append(exs, ex{path, o.Name, m[1]})
			}
		}
	}
	for _, c := range Commands(h.svc.Titles) {
		if m := exRE.FindStringSubmatch(c.Description); m != nil {
			t.Errorf("/%s: an example in the command's own description: %q", c.Name, m[1])
		}
		walk("/"+c.Name, c.Options)
	}
	if len(exs) < 3 {
		t.Fatalf("only %d examples found: %+v", len(exs), exs)
	}
	// A full battle at the VM's entrenchment (3.1): where `dig N 2` is legal.
	h.slash(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob")
	h.slash(alice, "/order text:done")
	h.slash(bob, "/order text:done")
	h.slash(bob, "/order text:done")
	// The orders last: an order changes what is legal after it.
	sort.SliceStable(exs, func(i, j int) bool { return exs[i].cmd != "/order" && exs[j].cmd == "/order" })
	for _, e := range exs {
		who := bob
		if strings.HasPrefix(e.cmd, "/mod") {
			who = carol
		}
		line := fmt.Sprintf("%s %s:%q", e.cmd, e.opt, e.text)
		got := h.slash(who, line).private()
		if strings.Contains(got, "Refused") || strings.Contains(got, "no legal order starts with") {
			t.Errorf("the example of %s %s: %s refused: %q", e.cmd, e.opt, line, got)
		}
	}
}
