package discord

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/bot"
)

// deadlines moves the harness's clock on and runs the deadlines that
// came due, as the bot's Runner does, then returns what reached Discord.
func (h *harness) deadlines(c *bot.Clock, d time.Duration) outcome {
	h.t.Helper()
	for _, g := range h.svc.HandleDeadlines(c.Advance(d)) {
		h.bot.posts().Kick(g)
	}
	return outcome{reqs: h.fake.take()}
}

// Issue 11 (done when), through the fake Discord: a game with a 24 h
// deadline reminds the awaited player by mention in the channel, takes
// the default at expiry and says so; the player, whose DMs are closed,
// finds what their side was told with their next command after a
// restart; a decision whose settings call the moderators mentions their
// role; the record holds the default as the deadline's and verifies as
// far as an unfinished game does. Every body passes the schema.
func TestDeadlines_ThroughDiscord(t *testing.T) {
	h := newHarness(t)
	clock := bot.NewClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h.svc.Now = clock.Now
	h.slash(alice, "/game new title:hell scenario:initial-assault french:@alice vm:@bob")
	if o := h.slash(bob, "/game settings deadline:24h"); !strings.Contains(o.publicText(), "proposes a pace for game g1: deadline 24h per decision") {
		t.Fatalf("bob's proposal: %q %q", o.private(), o.publicText())
	}
	if o := h.slash(alice, "/game settings agree:true"); !strings.Contains(o.publicText(), "agreed by <@"+alice.id+">") {
		t.Fatalf("alice agrees: %q %q", o.private(), o.publicText())
	}
	h.slash(alice, "/order text:done")
	h.fake.forbidden["7"+bob.id] = true // bob takes no DMs

	rem := h.deadlines(clock, 12*time.Hour)
	posts := rem.public()
	if len(posts) != 1 || !strings.Contains(posts[0].text(), "Reminder: <@"+bob.id+"> (vm), game g1 awaits you") {
		t.Fatalf("the reminder: %+v", rem.reqs)
	}
	if c, _ := posts[0].Body["content"].(string); !strings.Contains(c, "<@"+bob.id+">") {
		t.Fatalf("the reminder does not ping bob: content %q", c)
	}
	if am, _ := posts[0].Body["allowed_mentions"].(map[string]any); am == nil || !strings.Contains(jsonText(am["users"]), bob.id) {
		t.Fatalf("the reminder's allowed mentions: %v", posts[0].Body["allowed_mentions"])
	}
	if o := h.deadlines(clock, 9*time.Hour); len(o.public()) != 0 {
		t.Fatalf("a post 21 h in: %+v", o.reqs)
	}
	if o := h.deadlines(clock, time.Hour); len(o.public()) != 1 || !strings.Contains(o.publicText(), "(in 2h)") {
		t.Fatalf("the second reminder: %q", o.publicText())
	}
	exp := h.deadlines(clock, 2*time.Hour)
	if !strings.Contains(exp.publicText(), "The deadline for <@"+bob.id+"> (vm) passed (2026-01-02 00:00 UTC): Umpire took the default for vm") {
		t.Fatalf("the expiry's post: %q", exp.publicText())
	}
	if strings.Contains(exp.publicText(), "default order for you") {
		t.Fatal("the default's order text went to the channel")
	}
	if news, _ := h.db.PendingNews(bob.id); len(news) != 1 || !strings.Contains(news[0].Text, "Umpire took the default order for you in game g1: done") {
		t.Fatalf("bob's news: %+v", news)
	}

	h.restart()
	st := h.slash(bob, "/game status")
	if p := st.private(); !strings.HasPrefix(p, "Private news for you since your last command:\nUmpire took the default order for you in game g1: done.") {
		t.Fatalf("bob's next command after the restart: %q", p)
	}
	if strings.Contains(h.slash(bob, "/game status").private(), "default order for you") {
		t.Fatal("bob's news shown twice")
	}

	// The moderators' mode: their role (configured by name) is mentioned.
	h.slash(carol, "/game settings expiry:moderator")
	call := h.deadlines(clock, 24*time.Hour)
	var modPost *recorded
	for _, p := range call.public() {
		if strings.Contains(p.text(), "Moderators: the game waits for you") {
			modPost = p
		}
	}
	if modPost == nil {
		t.Fatalf("no call of the moderators: %q", call.publicText())
	}
	if c, _ := modPost.Body["content"].(string); !strings.Contains(c, "<@&555555555555555555>") {
		t.Fatalf("the moderators' role is not mentioned: %q", c)
	}
	if am, _ := modPost.Body["allowed_mentions"].(map[string]any); !strings.Contains(jsonText(am["roles"]), "555555555555555555") {
		t.Fatalf("allowed mentions: %v", modPost.Body["allowed_mentions"])
	}
	if again := h.deadlines(clock, 48*time.Hour); len(again.public()) != 0 {
		t.Fatalf("the moderators called twice: %q", again.publicText())
	}

	rec, err := h.db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	deadline := 0
	for _, e := range rec.Entries {
		if e.Actor == adjudicator.ActorDeadline {
			deadline++
			if e.Default != "deadline" || e.Side != "vm" {
				t.Fatalf("the default's entry: %+v", e)
			}
		}
	}
	if deadline != 1 {
		t.Fatalf("%d entries by the deadline, want 1", deadline)
	}
	for _, f := range adjudicator.Verify(h.svc.Titles["hell"], rec) {
		if f.Check != adjudicator.CheckUnfinished {
			t.Errorf("verify: %s", f)
		}
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// A deadline that passed while the bot was down is handled when `umpire
// bot` starts, once: the runner starts with Run and stops before it
// returns.
func TestRun_HandlesDeadlinesThatPassedWhileDown(t *testing.T) {
	h := newHarness(t)
	clock := bot.NewClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h.svc.Now = clock.Now
	key := ChannelKey(guildA, chanA)
	for _, c := range []bot.Command{
		{User: alice.id, Channel: key, Name: "game new", Options: map[string]string{"title": "hell", "scenario": "initial-assault", "french": alice.id, "vm": bob.id}},
		{User: carol.id, Channel: key, Name: "game settings", Options: map[string]string{"deadline": "24h", "remind": "none"}, Mod: true},
	} {
		h.svc.Handle(c)
	}
	clock.Advance(30 * time.Hour) // the bot was down at the deadline
	pub, _ := keyPair(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	run := func(wait time.Duration) outcome {
		ctx, cancel := context.WithCancel(context.Background())
		ready := make(chan struct{})
		done := make(chan error, 1)
		cfg := Config{Token: "test-token", PublicKey: hex.EncodeToString(pub), GuildIDs: []string{guildA}, DMSideEvents: new(bool)}
		go func() {
			done <- Run(ctx, cfg, h.svc, RunOptions{Client: h.fake.client(), Listener: ln, Ready: func() { close(ready) }})
		}()
		<-ready
		// The runner works in the background: wait for its post.
		var o outcome
		for end := time.Now().Add(wait); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
			o.reqs = append(o.reqs, h.fake.peek()...)
			if strings.Contains(o.publicText(), "passed") {
				break
			}
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatalf("Run: %v", err)
		}
		o.reqs = append(o.reqs, h.fake.peek()...)
		return o
	}
	o := run(10 * time.Second)
	if n := strings.Count(o.publicText(), "The deadline for <@"+alice.id+"> (french) passed (2026-01-02 00:00 UTC)"); n != 1 {
		t.Fatalf("the deadline that passed while the bot was down: posted %d times: %q", n, o.publicText())
	}
	if ln, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	if again := run(500 * time.Millisecond); strings.Contains(again.publicText(), "passed") {
		t.Fatalf("handled again at the next start: %q", again.publicText())
	}
}

// Issue 11, item 3, through Discord: an absence is told in the channel
// (pinging nobody) and pauses the absent player's clock.
func TestAway_ThroughDiscord(t *testing.T) {
	h := newHarness(t)
	clock := bot.NewClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	h.svc.Now = clock.Now
	h.slash(alice, "/game new title:hell scenario:initial-assault french:@alice vm:@bob")
	h.slash(carol, "/game settings deadline:24h")
	o := h.slash(alice, "/game away until:2026-01-03")
	posts := o.public()
	if len(posts) != 1 || !strings.Contains(posts[0].text(), "<@"+alice.id+"> (french) is away from game g1 until 2026-01-03 00:00 UTC: their deadlines pause until then.") {
		t.Fatalf("the absence: %q", o.publicText())
	}
	if c, _ := posts[0].Body["content"].(string); c != "" {
		t.Errorf("the absence pings: %q", c)
	}
	if o := h.deadlines(clock, 47*time.Hour); len(o.public()) != 0 {
		t.Fatalf("the clock ran during the absence: %q", o.publicText())
	}
	if o := h.deadlines(clock, 13*time.Hour); !strings.Contains(o.publicText(), "Reminder: <@"+alice.id+">") {
		t.Fatalf("no reminder 12 h after the return: %q", o.publicText())
	}
}

// [deadlines] in the config is a new game's pace; a wrong value stops
// the bot at start, naming the setting.
func TestDeadlineConfig(t *testing.T) {
	p, err := DeadlineConfig{Limit: "3d", Remind: "25%,1h", Expiry: "moderator", Away: "default"}.Pace()
	if err != nil || p.Limit != 72*time.Hour || p.Remind != "25%,1h" || p.Expiry != "moderator" || p.Away != "default" {
		t.Fatalf("pace %+v %v", p, err)
	}
	if p, err := (DeadlineConfig{}).Pace(); err != nil || p != (bot.Pace{}) {
		t.Fatalf("no [deadlines]: %+v %v", p, err)
	}
	for _, bad := range []DeadlineConfig{{Limit: "forever"}, {Remind: "soon"}, {Expiry: "explode"}, {Away: "never"}} {
		if _, err := bad.Pace(); err == nil || !strings.HasPrefix(err.Error(), "[deadlines]: ") {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	h := newHarness(t)
	err = Run(context.Background(), Config{Token: "test-token", Deadlines: DeadlineConfig{Limit: "forever"}}, h.svc, RunOptions{Client: h.fake.client()})
	if err == nil || !strings.Contains(err.Error(), "[deadlines]: deadline:") {
		t.Fatalf("Run with a wrong [deadlines]: %v", err)
	}
}
