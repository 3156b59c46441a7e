package discord

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/bot"
)

// setUp starts a game and finishes the French set-up: the VM is awaited.
func setUp(t *testing.T, h *harness) {
	t.Helper()
	h.slash(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob")
	if o := h.slash(alice, "/order text:done"); !strings.Contains(o.private(), "Accepted") {
		t.Fatalf("set-up: %q", o.private())
	}
}

// TestAutocomplete: only the seated, awaited player gets suggestions, all
// legal and at most 25; scenarios come from the chosen title.
func TestAutocomplete(t *testing.T) {
	h := newHarness(t)
	setUp(t, h)
	got := h.complete(bob, "/order text:x", "text", "place 304/57/2")
	if len(got) == 0 || len(got) > 25 {
		t.Fatalf("the VM's suggestions: %q", got)
	}
	for _, s := range got {
		if !strings.HasPrefix(s, "place 304/57/2") {
			t.Errorf("suggestion %q does not extend what was typed", s)
		}
	}
	all := h.complete(bob, "/order text:x", "text", "")
	if len(all) == 0 || len(all) > 25 {
		t.Errorf("the VM's verbs: %q", all)
	}
	for _, p := range []person{alice, carol, dave, erin, dm} {
		if got := h.complete(p, "/order text:x", "text", "place"); len(got) != 0 {
			t.Errorf("%s got suggestions %q", p.name, got)
		}
	}
	if got := h.complete(bob, "/help", "prefix", "place 304/57/26"); len(got) == 0 {
		t.Error("no suggestions for /help prefix")
	}
	if got := h.complete(carol, "/game new title:hell", "scenario", "full"); len(got) != 1 || got[0] != "full-battle" {
		t.Errorf("scenarios for \"full\": %q", got)
	}
	if got := h.complete(carol, "/game new title:hell", "scenario", ""); len(got) != 3 {
		t.Errorf("scenarios: %q", got)
	}
	if got := h.complete(carol, "/game new title:nope", "scenario", ""); len(got) != 0 {
		t.Errorf("scenarios of an unknown title: %q", got)
	}
}

// TestRateLimitHonoured: a 429 on the channel is waited out and retried by
// discordgo; the resolution is still posted exactly once.
func TestRateLimitHonoured(t *testing.T) {
	h := newHarness(t)
	h.fake.limitOnce["/channels/"+chanA+"/messages"] = true
	o := h.slash(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob")
	limited := 0
	for _, r := range o.reqs {
		if r.Status == 429 {
			limited++
		}
	}
	if limited != 1 || len(o.public()) != 1 {
		t.Errorf("%d rate-limited requests, %d public posts", limited, len(o.public()))
	}
}

// TestPostFallsBackToFollowup: where the bot may not post (an HTTP-only
// install), the resolution goes as a public follow-up instead.
func TestPostFallsBackToFollowup(t *testing.T) {
	h := newHarness(t)
	h.fake.forbidden[chanA] = true
	o := h.slash(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob")
	pub := o.public()
	if len(pub) != 1 || !reFollowup.MatchString(pub[0].Path) || !strings.Contains(pub[0].text(), "New game g1") {
		t.Fatalf("public posts: %+v", pub)
	}
}

// TestGameThread: /game new thread:true opens a thread and the game lives
// there; the parent channel has none.
func TestGameThread(t *testing.T) {
	h := newHarness(t)
	o := h.slash(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob thread:true")
	var thread string
	for _, r := range o.reqs {
		if r.Method == "POST" && r.Path == "/channels/"+chanA+"/threads" {
			thread = r.ID
		}
	}
	if thread == "" {
		t.Fatal("no thread was opened")
	}
	pub := o.public()
	if len(pub) != 1 || pub[0].Path != "/channels/"+thread+"/messages" || !strings.Contains(o.private(), "<#"+thread+">") {
		t.Fatalf("posts %+v; private %q", pub, o.private())
	}
	if o := h.slash(carol, "/game new title:hell scenario:nope french:@alice vm:@bob thread:true"); len(o.reqs) != 2 || !strings.Contains(o.private(), "Refused") {
		t.Errorf("a refused game opened a thread: %d requests, %q", len(o.reqs), o.private())
	}
	inThread := alice
	inThread.channel = thread
	if st := h.slash(inThread, "/game status"); !strings.Contains(st.private(), "Game g1") {
		t.Errorf("status in the thread: %q", st.private())
	}
	if st := h.slash(alice, "/game status"); !strings.Contains(st.private(), "no game") {
		t.Errorf("status in the parent channel: %q", st.private())
	}
}

// TestSideEventsByDM: another player's private news goes by DM (one DM
// channel per user); with dm_side_events off, or when the DM fails, it
// waits for their next command.
func TestSideEventsByDM(t *testing.T) {
	h := newHarness(t)
	setUp(t, h)
	key := ChannelKey(guildA, chanA)
	news := []bot.Reply{{To: bob.id, Text: "Your 304/57/265 lost a step (@" + alice.id + " fired)."}}
	var o outcome
	h.bot.notify(key, chanA, bob.id, news, nil, "i/1")
	h.bot.notify(key, chanA, bob.id, news, nil, "i/2")
	o = outcome{reqs: h.fake.take()}
	opened := 0
	for _, r := range o.reqs {
		if r.Path == "/users/@me/channels" {
			opened++
		}
	}
	if dms := o.dms(bob.id); opened != 1 || strings.Count(dms, "lost a step") != 2 || !strings.Contains(dms, "<@"+alice.id+">") {
		t.Errorf("%d DM channels opened; DMs %q", opened, dms)
	}

	h.bot.DMSideEvents = false
	h.bot.notify(key, chanA, bob.id, news, nil, "i/3")
	if n := len(h.fake.take()); n != 0 {
		t.Errorf("dm_side_events off: %d requests", n)
	}
	h.bot.DMSideEvents = true
	h.fake.forbidden["7"+bob.id] = true // bob does not take DMs
	h.bot.notify(key, chanA, bob.id, news, nil, "i/4")
	h.fake.take()
	st := h.slash(bob, "/game status")
	if strings.Count(st.private(), "lost a step") != 2 {
		t.Errorf("the kept news: %q", st.private())
	}
	if st := h.slash(bob, "/game status"); strings.Contains(st.private(), "lost a step") {
		t.Error("the kept news was delivered twice")
	}
}

// TestLongOutputsFitDiscord: long private answers are split into
// messages of at most 2000 characters, a long resolution is cut to fit
// one embed; both pass the schema.
func TestLongOutputsFitDiscord(t *testing.T) {
	h := newHarness(t)
	setUp(t, h)
	h.fake.take()
	i := h.interaction(bob, discordgo.InteractionApplicationCommand, slashData(t, "/help"))
	var long []string
	for k := 0; k < 300; k++ {
		long = append(long, "line "+strings.Repeat("x", 40))
	}
	h.bot.reply(i, strings.Join(long, "\n"), nil)
	o := outcome{reqs: h.fake.take()}
	if len(o.reqs) < 4 || len(o.reqs) > maxChunks {
		t.Errorf("%d messages for %d characters", len(o.reqs), len(strings.Join(long, "\n")))
	}
	key := ChannelKey(guildA, chanA)
	post := h.bot.publicPost(key, h.bot.liveHead(key), []bot.Reply{{Text: strings.Repeat(strings.Join(long, "\n"), 3)}, {Text: "end"}}, true, nil)
	total := 0
	for _, e := range post.Embeds {
		if n := utf8.RuneCountInString(e.Description); n > maxDescription {
			t.Errorf("description of %d characters", n)
		}
		total += utf8.RuneCountInString(e.Description) + utf8.RuneCountInString(e.Title)
		for _, f := range e.Fields {
			total += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
		}
	}
	last := post.Embeds[len(post.Embeds)-1].Description
	if total > maxEmbedTotal || len(post.Embeds) < 2 || !strings.HasSuffix(last, "(cut: /game log has the rest)") {
		t.Errorf("a 39,000-character resolution: %d embeds, %d characters, ending %q", len(post.Embeds), total, last[max(0, len(last)-60):])
	}
	h.bot.post(i, chanA, post)
	if o := (outcome{reqs: h.fake.take()}); len(o.public()) != 1 {
		t.Errorf("the long post was not sent: %+v", o.reqs)
	}
	// Issue 15 item 2: a resolution longer than one embed but within one
	// message is split at line ends into embeds of one post, nothing cut;
	// a short one is one embed.
	mid := strings.Join(long[:100], "\n") + "\nend"
	post = h.bot.publicPost(key, h.bot.liveHead(key), []bot.Reply{{Text: mid}}, true, nil)
	var got []string
	for _, e := range post.Embeds {
		got = append(got, e.Description)
	}
	if len(post.Embeds) != 2 || strings.Join(got, "\n") != mid {
		t.Errorf("a %d-character resolution in %d embeds, text kept: %v", len(mid), len(post.Embeds), strings.Join(got, "\n") == mid)
	}
	h.bot.post(i, chanA, post)
	if o := (outcome{reqs: h.fake.take()}); len(o.public()) != 1 {
		t.Errorf("the split post was not one message: %+v", o.reqs)
	}
	if post = h.bot.publicPost(key, h.bot.liveHead(key), []bot.Reply{{Text: "short"}, {Text: "end"}}, true, nil); len(post.Embeds) != 1 || post.Embeds[0].Description != "short\nend" {
		t.Errorf("a short resolution: %+v", post.Embeds)
	}
}

// TestSchemaRejects: the validator is live — bodies Discord would refuse
// fail it.
func TestSchemaRejects(t *testing.T) {
	s := loadSchema(t)
	bad := map[string][3]string{
		"content too long":     {"POST", "/webhooks/1/t", `{"content": "` + strings.Repeat("x", 2001) + `"}`},
		"unknown callback":     {"POST", "/interactions/1/t/callback", `{"type": 99}`},
		"name too long":        {"PUT", "/applications/1/commands", `[{"name": "` + strings.Repeat("x", 33) + `", "description": "d"}]`},
		"description too long": {"POST", "/channels/1/messages", `{"embeds": [{"description": "` + strings.Repeat("x", 4097) + `"}]}`},
		"too many choices":     {"POST", "/interactions/1/t/callback", `{"type": 8, "data": {"choices": [` + strings.Repeat(`{"name":"a","value":"a"},`, 25) + `{"name":"a","value":"a"}]}}`},
		"bad snowflake":        {"POST", "/channels/1/messages", `{"allowed_mentions": {"parse": [], "users": ["alice"]}}`},
	}
	for name, c := range bad {
		if err := s.validate(c[0], c[1], []byte(c[2])); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestConfig: the example config documents every setting and loads; the
// environment's token wins and is never shown; unknown settings are
// refused.
func TestConfig(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == TokenEnv {
				return v
			}
			return ""
		}
	}
	c, err := LoadConfig("../../config.example.toml", env(""))
	if err != nil {
		t.Fatal(err)
	}
	if c.Token != "" || c.DB == "" || !c.SendSideEventsByDM() {
		t.Errorf("example config: %s", c)
	}
	dir := t.TempDir()
	write := func(body string) string {
		p := dir + "/c.toml"
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	c, err = LoadConfig(write(`token = "file-secret"
application_id = "111111111111111111"
moderator_roles = ["Umpires", "555555555555555555"]
dm_side_events = false`), env("env-secret"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Token != "env-secret" || c.TokenFrom != "env" || c.SendSideEventsByDM() {
		t.Errorf("config: %+v", c)
	}
	for _, s := range []string{c.String(), c.GoString()} {
		if strings.Contains(s, "secret") {
			t.Errorf("the token shows: %s", s)
		}
	}
	if _, err := LoadConfig(write(`tokn = "x"`), env("")); err == nil || !strings.Contains(err.Error(), "tokn") {
		t.Errorf("unknown setting: %v", err)
	}
	if _, err := LoadConfig(write(`guild_ids = ["my server"]`), env("")); err == nil {
		t.Error("a bad guild id was accepted")
	}
	if _, err := LoadConfig(write(`public_key = "abc"`), env("")); err == nil {
		t.Error("a bad public key was accepted")
	}
}
