package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/bot"
)

// lobbyPost finds the post that offers a game's seats.
func lobbyPost(t *testing.T, o outcome) *recorded {
	t.Helper()
	for _, p := range o.public() {
		if strings.Contains(jsonText(p.Body["components"]), JoinPrefix) {
			return p
		}
	}
	t.Fatalf("no post offers seats: %+v", o.reqs)
	return nil
}

// Issue 11, item 4 (done when): /game new without seats posts "Join as
// French" / "Join as VM" buttons; two members take the seats by buttons
// and play; a click replayed applies once, a player cannot take both
// seats, an onlooker cannot join a full game; no order is taken before
// the start. Every body passes the schema.
func TestLobby_TwoMembersJoinByButtonsAndPlay(t *testing.T) {
	h := newHarness(t)
	o := h.slash(dave, "/game new title:hell scenario:initial-assault")
	post := lobbyPost(t, o)
	comps := jsonText(post.Body["components"])
	for _, want := range []string{`"label":"Join as French"`, `"custom_id":"join:g1:french"`, `"label":"Join as VM"`, `"custom_id":"join:g1:vm"`} {
		if !strings.Contains(comps, want) {
			t.Errorf("the lobby's buttons lack %s: %s", want, comps)
		}
	}
	if c, _ := post.Body["content"].(string); strings.Contains(c, "<@") {
		t.Errorf("the lobby pings someone: %q", c)
	}
	if got := h.slash(dave, "/order text:done").private(); !strings.Contains(got, "has not started: waits for a player for french, vm (/game join side:<side>)") {
		t.Errorf("an order in the lobby: %q", got)
	}

	if got := h.click(alice, post, "join:g1:french"); !strings.Contains(got.private(), "You hold the french seat of game g1") || !strings.Contains(got.publicText(), "<@"+alice.id+"> joins game g1 as french") {
		t.Fatalf("alice joins: %q %q", got.private(), got.publicText())
	}
	if got := h.click(alice, post, "join:g1:french").private(); !strings.Contains(got, "you already hold the french seat") {
		t.Errorf("a second click: %q", got)
	}
	if got := h.click(alice, post, "join:g1:vm").private(); !strings.Contains(got, "cannot hold both the french and the vm seats") {
		t.Errorf("alice takes the other seat too: %q", got)
	}
	// The same interaction delivered twice.
	i := h.interaction(bob, discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: "join:g1:vm", ComponentType: discordgo.ButtonComponent})
	i.Message = &discordgo.Message{ID: post.ID, ChannelID: chanA}
	h.bot.Gateway(i)
	start := outcome{reqs: h.fake.take()}
	if !strings.Contains(start.publicText(), "Every seat is taken: game g1 starts") {
		t.Fatalf("bob's join: %q %q", start.private(), start.publicText())
	}
	var startPost *recorded
	for _, p := range start.public() {
		if strings.Contains(p.text(), "starts") {
			startPost = p
		}
	}
	if c, _ := startPost.Body["content"].(string); !strings.Contains(c, "<@"+alice.id+">") {
		t.Errorf("the start does not ping the awaited alice: %q", c)
	}
	// Discord refuses a second callback to the same interaction; the
	// service would refuse its source anyway.
	h.bot.Gateway(i)
	if again := (outcome{reqs: h.fake.take()}); len(again.public()) != 0 {
		t.Errorf("a replayed join posted: %q", again.publicText())
	}
	if got := h.svc.Do(botCommand(bob, "game join", "side", "vm", "source", i.ID)); !strings.Contains(got.Replies[0].Text, "already applied") {
		t.Errorf("the replayed source: %+v", got.Replies)
	}
	if got := h.click(dave, post, "join:g1:vm").private(); !strings.Contains(got, "every seat of game g1 is taken") {
		t.Errorf("an onlooker joins a full game: %q", got)
	}
	rec := h.record(chanA)
	if strings.Count(rec, `"kind":"seat"`) != 2 || !strings.Contains(rec, `"actor":"`+bob.id+`"`) {
		t.Errorf("the joins are not in the record: %s", rec)
	}
	for _, p := range []person{alice, bob} {
		if got := h.slash(p, "/order text:done").private(); !strings.Contains(got, "Accepted") {
			t.Fatalf("%s plays: %q", p.name, got)
		}
	}
	if l := h.slash(dave, "/game list").private(); !strings.Contains(l, "awaiting <@"+bob.id+"> (vm) since") {
		t.Errorf("/game list: %q", l)
	}
}

// The creator or a moderator cancels a game still in its lobby; nobody
// else; a stale offer does not seat anyone in the channel's next game.
func TestLobby_CancelAndStaleOffers(t *testing.T) {
	h := newHarness(t)
	post := lobbyPost(t, h.slash(dave, "/game new title:hell scenario:initial-assault french:@dave"))
	if !strings.Contains(post.text(), "Seated: french: <@"+dave.id+">") {
		t.Errorf("the lobby with a named seat: %q", post.text())
	}
	if got := h.slash(alice, "/game cancel").private(); !strings.Contains(got, "only the game's creator (<@"+dave.id+">) or a moderator") {
		t.Errorf("alice cancels dave's game: %q", got)
	}
	if got := h.slash(dave, "/game cancel"); !strings.Contains(got.publicText(), "cancelled game g1 before it started") {
		t.Fatalf("the creator cancels: %q %q", got.private(), got.publicText())
	}
	h.slash(alice, "/game new title:hell scenario:initial-assault")
	if got := h.click(bob, post, "join:g1:vm").private(); !strings.Contains(got, "that offer was for game g1, which is no longer open here") {
		t.Errorf("a stale offer: %q", got)
	}
	if got := h.slash(carol, "/game cancel").publicText(); !strings.Contains(got, "cancelled game g2") {
		t.Errorf("a moderator cancels: %q", got)
	}
	h.slash(alice, "/game new title:hell scenario:initial-assault french:@alice vm:@bob")
	if got := h.slash(carol, "/game cancel").private(); !strings.Contains(got, "has started: only a moderator ends it, with /game end") {
		t.Errorf("cancel after the start: %q", got)
	}
}

// botCommand is a bot.Command from p in p's channel (options in pairs;
// "source" sets the interaction id).
func botCommand(p person, name string, opts ...string) bot.Command {
	c := bot.Command{User: p.id, Channel: ChannelKey(p.guild, p.channel), Name: name, Guild: p.guild, Options: map[string]string{}}
	for i := 0; i+1 < len(opts); i += 2 {
		if opts[i] == "source" {
			c.Source = opts[i+1]
			continue
		}
		c.Options[opts[i]] = opts[i+1]
	}
	return c
}

// Issue 11, item 6, through Discord: /game log pages the record for the
// caller, privately; once the game is over it shows every order and
// attaches the record (a JSON file) for umpire verify.
func TestLog_ThroughDiscord(t *testing.T) {
	h := newHarness(t)
	setUp(t, h)
	h.slash(bob, "/order text:done")
	o := h.slash(alice, "/game log")
	if p := o.private(); !strings.Contains(p, "Game g1's log, entries 1–2 of 2 (french's view).") || !strings.Contains(p, `#1 `) || !strings.Contains(p, `(french): "done"`) || strings.Contains(p, `(vm): "done"`) {
		t.Fatalf("alice's log: %q", p)
	}
	if len(o.public()) != 0 {
		t.Fatal("the log went to the channel")
	}
	h.slash(carol, "/game end reason:test confirm:true")
	end := h.slash(dave, "/game log")
	files := end.privateFiles()
	if p := end.private(); !strings.Contains(p, `(vm): "done"`) || !strings.Contains(p, "The dice seed is ") || len(files) != 1 || files[0].Name != "g1-record.json" || !strings.Contains(string(files[0].Data), `"seed"`) {
		t.Fatalf("the log after the end: %q, files %+v", p, files)
	}
}
