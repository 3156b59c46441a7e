package discord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/bot"
)

// poisonPanics makes the order "poison" panic (set after it was applied
// live: its game then panics when it is replayed).
var poisonPanics atomic.Bool

// boomRules is a tiny title whose rules crash on purpose: side a may
// "inc" (count one), "boom" (Apply writes into its input state, then
// panics: the half-mutation a panic can leave behind) or "trap" (after
// which Legal panics, so autocomplete and the buttons of the public post
// do). The referee may "reset".
type boomRules struct{}

type boomState struct {
	N    int            `json:"n"`
	Seen map[string]int `json:"seen"`
	Trap bool           `json:"trap"`
}

func (s *boomState) Encode() ([]byte, error) { return json.Marshal(s) }

func (boomRules) Info() adjudicator.Info {
	return adjudicator.Info{ID: "boom", Name: "Boom", Sides: []adjudicator.Side{"a", "b"},
		Scenarios: []adjudicator.Scenario{{ID: "basic", Name: "Basic"}}}
}

func (boomRules) Setup(string, adjudicator.Options) (adjudicator.State, error) {
	return &boomState{Seen: map[string]int{}}, nil
}

func (boomRules) Decode(b []byte) (adjudicator.State, error) {
	s := &boomState{}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, err
	}
	if s.Seen == nil {
		s.Seen = map[string]int{}
	}
	return s, nil
}

func (boomRules) Prompt(adjudicator.State) adjudicator.Prompt {
	return adjudicator.Prompt{Awaiting: []adjudicator.Side{"a"}, Phase: "counting", Decision: "inc"}
}

func (boomRules) Legal(st adjudicator.State, side adjudicator.Side) []adjudicator.Choice {
	if st.(*boomState).Trap {
		panic("boom: Legal crashed")
	}
	if side == adjudicator.Referee {
		return []adjudicator.Choice{{Word: "reset", Complete: true}}
	}
	return []adjudicator.Choice{{Word: "inc", Complete: true}, {Word: "boom", Complete: true}}
}

func (boomRules) Apply(st adjudicator.State, side adjudicator.Side, a string, _ adjudicator.Dice) (adjudicator.State, []adjudicator.Event, error) {
	old := st.(*boomState)
	s := *old
	s.Seen = map[string]int{}
	for k, v := range old.Seen {
		s.Seen[k] = v
	}
	switch {
	case side == adjudicator.Referee && a == "override reset":
		s.N, s.Trap = 0, false
	case side == "a" && a == "inc":
		s.N++
	case side == "a" && a == "poison":
		if poisonPanics.Load() {
			panic("boom: replaying poison crashed")
		}
	case side == "a" && a == "trap":
		s.Trap = true
	case side == "a" && a == "boom":
		old.Seen["boom"]++ // breaks the contract, as a bug would
		panic("boom: Apply crashed")
	default:
		return nil, nil, adjudicator.Refuse(a, "orders are inc, boom and trap")
	}
	return &s, []adjudicator.Event{{Audience: adjudicator.Everyone, Text: fmt.Sprintf("%s: %s (n=%d)", side, a, s.N)}}, nil
}

func (boomRules) View(st adjudicator.State, v adjudicator.Viewer) adjudicator.View {
	s := st.(*boomState)
	return adjudicator.View{Title: "Boom", Viewer: v.String(), Status: []string{fmt.Sprintf("n=%d seen=%d", s.N, s.Seen["boom"])}}
}

// logBuffer collects a slog text log.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func boomHarness(t *testing.T) (*harness, *logBuffer) {
	h := newHarness(t)
	h.svc.Titles["boom"] = boomRules{}
	h.svc.Mods = map[string]bool{"mod": true}
	logs := &logBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	h.svc.Log, h.bot.Log = log, log
	return h, logs
}

// TestPanicTakesNothingDown (issue 14, item 3): a title whose Apply
// panics, over each transport (console, gateway, HTTP endpoint): the
// caller is told "game gN hit an internal error; the moderators are told;
// nothing was applied", the stack is logged at error level with the
// interaction id, the game is marked as needing a moderator (in /game
// status and /game list) until a moderator's override, its half-mutated
// state is not kept, and the other games go on.
func TestPanicTakesNothingDown(t *testing.T) {
	h, logs := boomHarness(t)
	other := erin // a game in another guild, played between the panics
	h.slash(other, "/game new title:boom scenario:basic a:@erin b:@bob")
	progress := func(k int) {
		t.Helper()
		if o := h.slash(other, "/order text:inc"); !strings.Contains(o.private(), "Accepted") || !strings.Contains(o.publicText(), fmt.Sprintf("n=%d", k+1)) {
			t.Fatalf("the other game after panic %d: %q %q", k+1, o.private(), o.publicText())
		}
	}
	before := bot.Panics()

	// 1. The console.
	var out bytes.Buffer
	con := &bot.Console{Service: h.svc, Channel: "console", Out: &out, OutDir: t.TempDir()}
	for _, l := range []string{
		"@alice /game new title:boom scenario:basic a:@alice b:@bob",
		"@alice /order text:inc",
		"@alice /order text:boom",
		"@alice /game status",
		"@alice /game list",
		"@alice /order text:inc",
	} {
		con.Line(l)
	}
	text := out.String()
	for _, want := range []string{
		"[@alice] Game g2 hit an internal error; the moderators are told; nothing was applied. Report id: c-",
		"[@alice] NEEDS A MODERATOR: internal error on /order by @alice",
		"[@alice] n=1 seen=0", // reloaded from disk: the half-mutation is gone
		"[@alice] - g2: Boom, scenario basic — counting; awaiting @alice (a) since 1954-03-13 ",
		"UTC; NEEDS A MODERATOR: internal error on /order by @alice",
		"[channel] a: inc (n=2)", // the game itself goes on
	} {
		if !strings.Contains(text, want) {
			t.Errorf("console: no %q in\n%s", want, text)
		}
	}
	progress(0)
	out.Reset()
	con.Line(`@mod /mod override text:reset`)
	con.Line("@alice /game status")
	if text := out.String(); strings.Contains(text, "NEEDS A MODERATOR") || !strings.Contains(text, "n=0") {
		t.Errorf("console: a moderator's override leaves\n%s", text)
	}

	// 2. The gateway.
	h.slash(alice, "/game new title:boom scenario:basic a:@alice b:@bob")
	i := h.interaction(alice, discordgo.InteractionApplicationCommand, slashData(t, "/order text:boom"))
	h.bot.OnInteraction(nil, &discordgo.InteractionCreate{Interaction: i})
	o := outcome{reqs: h.fake.take()}
	if !strings.Contains(o.private(), "Game g3 hit an internal error; the moderators are told; nothing was applied. Report id: "+i.ID) || len(o.public()) != 0 {
		t.Errorf("gateway: private %q, %d public posts", o.private(), len(o.public()))
	}
	if l := logs.String(); !strings.Contains(l, "level=ERROR") || !strings.Contains(l, "interaction="+i.ID) || !strings.Contains(l, "boom: Apply crashed") || !strings.Contains(l, "panic_test.go") {
		t.Errorf("the log has no error with the interaction id and the stack:\n%s", l)
	}
	if st := h.slash(dave, "/game status"); !strings.Contains(st.private(), "NEEDS A MODERATOR") || !strings.Contains(st.private(), "n=0 seen=0") {
		t.Errorf("gateway: /game status after the panic: %q", st.private())
	}
	if l := h.slash(dave, "/game list"); !strings.Contains(l.private(), "g3 in <#"+chanA+">: Boom, scenario basic — counting; awaiting <@"+alice.id+"> (a) since 1954-03-13 ") || !strings.Contains(l.private(), "UTC; NEEDS A MODERATOR") {
		t.Errorf("gateway: /game list: %q", l.private())
	}
	progress(1)

	// 3. The HTTP endpoint.
	pub, priv := keyPair(t)
	handler := h.bot.HTTPHandler(pub)
	p3 := alice
	p3.channel = "300000000000000009"
	h.slash(p3, "/game new title:boom scenario:basic a:@alice b:@bob")
	body := interactionJSON(t, h.interaction(p3, discordgo.InteractionApplicationCommand, slashData(t, "/order text:boom")))
	w, o := h.serve(handler, signedRequest(priv, body))
	if w.Code != 200 || !strings.Contains(o.private(), "Game g4 hit an internal error; the moderators are told; nothing was applied") {
		t.Errorf("HTTP: %d, private %q", w.Code, o.private())
	}
	progress(2)
	if n := bot.Panics() - before; n != 3 {
		t.Errorf("%d panics counted, want 3", n)
	}
	if _, ok, _ := h.db.NeedsModerator("g4"); !ok {
		t.Error("g4 is not marked as needing a moderator")
	}
	if l := h.slash(dave, "/game list"); !strings.Contains(l.private(), "g3 in") || !strings.Contains(l.private(), "g4 in") || strings.Contains(l.private(), "g1") {
		t.Errorf("/game list shows this server's games only: %q", l.private())
	}
}

// TestPanicOutsideHandle: a panic in the transport's own work (the public
// post's buttons call Legal) or in autocomplete is recovered by the bot:
// logged with the interaction id, counted, answered with an apology; the
// bot goes on.
func TestPanicOutsideHandle(t *testing.T) {
	h, logs := boomHarness(t)
	h.slash(alice, "/game new title:boom scenario:basic a:@alice b:@bob")
	i := h.interaction(alice, discordgo.InteractionApplicationCommand, slashData(t, "/order text:trap"))
	h.bot.Gateway(i)
	o := outcome{reqs: h.fake.take()}
	// Issue 18: the order is accepted at once; the post that followed hit
	// the bug, and its author is told.
	if !strings.Contains(o.private(), "Accepted") || !strings.Contains(o.private(), "internal error") || !strings.Contains(o.private(), "Report id: "+i.ID) || h.bot.Panics.Value() != 1 {
		t.Errorf("work panic: private %q, %d panics", o.private(), h.bot.Panics.Value())
	}
	if got := h.complete(alice, `/order text:"i"`, "text", "i"); len(got) != 0 || h.bot.Panics.Value() != 2 {
		t.Errorf("autocomplete panic: %v, %d panics", got, h.bot.Panics.Value())
	}
	if !strings.Contains(logs.String(), "level=ERROR msg=\"panic in an interaction; recovered\" interaction="+i.ID+" where=delivery") {
		t.Errorf("log:\n%s", logs.String())
	}
	// The bot still serves: a moderator resets the game, which then plays.
	if o := h.slash(carol, "/mod override text:reset"); !strings.Contains(o.publicText(), "override") {
		t.Errorf("override: %q %q", o.private(), o.publicText())
	}
	if o := h.slash(alice, "/order text:inc"); !strings.Contains(o.private(), "Accepted") {
		t.Errorf("after the reset: %q", o.private())
	}
}

// TestNullOptions (issue 12, item 2): `"options":[null]` (and other
// malformed shapes) in signed interactions, commands and autocomplete,
// over HTTP and the gateway, get answers and leave the bot serving.
func TestNullOptions(t *testing.T) {
	h := newHarness(t)
	pub, priv := keyPair(t)
	handler := h.bot.HTTPHandler(pub)
	h.slash(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob")
	h.fake.take()
	payloads := malformedPayloads()
	rec := h.record(chanA)
	for k, p := range payloads {
		w, o := h.serve(handler, signedRequest(priv, []byte(p)))
		if w.Code != 200 && w.Code != 400 {
			t.Errorf("payload %d: HTTP %d %s", k+1, w.Code, w.Body)
		}
		if w.Code == 200 && !strings.Contains(w.Body.String(), `"type":4`) && !strings.Contains(w.Body.String(), `"type":8`) && !strings.Contains(w.Body.String(), `"type":5`) {
			t.Errorf("payload %d: answer %s", k+1, w.Body)
		}
		_ = o
		if i, err := decodeInteraction([]byte(p)); err == nil {
			h.fake.acked = map[string]bool{}
			h.bot.Gateway(i)
			h.fake.take()
		}
	}
	if h.record(chanA) != rec {
		t.Error("a malformed interaction changed the game")
	}
	if h.bot.Panics.Value() != 0 {
		t.Errorf("%d panics: validation should refuse these before use", h.bot.Panics.Value())
	}
	// Still serving.
	if o := h.slash(alice, `/order text:"place 1/13DBLE-1 G2"`); !strings.Contains(o.private(), "Accepted") {
		t.Errorf("after the bad payloads: %q", o.private())
	}
	w := httptest.NewRecorder()
	handler.ServeHTTP(w, signedRequest(priv, []byte(`{"id":"800000000000000799","application_id":"`+appID+`","type":1,"token":"t","version":1}`)))
	if w.Code != 200 {
		t.Errorf("PING after the bad payloads: %d", w.Code)
	}
}

// malformedPayloads are interactions of bad shapes, as a hostile or buggy
// client could sign them (also the fuzz target's seeds).
func malformedPayloads() []string {
	member := `"guild_id":"` + guildA + `","channel_id":"` + chanA + `","member":{"user":{"id":"` + alice.id + `","username":"alice"},"permissions":"0"}`
	return []string{
		`{"id":"800000000000000701","application_id":"` + appID + `","type":2,"token":"t1","version":1,` + member + `,"data":{"id":"1","name":"order","type":1,"options":[null]}}`,
		`{"id":"800000000000000702","application_id":"` + appID + `","type":4,"token":"t2","version":1,` + member + `,"data":{"id":"1","name":"order","type":1,"options":[null]}}`,
		`{"id":"800000000000000703","application_id":"` + appID + `","type":2,"token":"t3","version":1,` + member + `,"data":{"id":"1","name":"game","type":1,"options":[{"name":"status","type":1,"options":[null]}]}}`,
		`{"id":"800000000000000704","application_id":"` + appID + `","type":2,"token":"t4","version":1,"guild_id":"` + guildA + `","channel_id":"` + chanA + `","member":{"permissions":"0"},"data":{"id":"1","name":"help","type":1}}`,
		`{"id":"800000000000000705","application_id":"` + appID + `","type":3,"token":"t5","version":1,"guild_id":"` + guildA + `","channel_id":"` + chanA + `","member":{"user":null},"data":{"custom_id":"order:done","component_type":2},"message":null}`,
		`{"id":"800000000000000706","application_id":"` + appID + `","type":2,"token":"t6","version":1,` + member + `,"data":null}`,
		`{"id":"800000000000000707","application_id":"` + appID + `","type":4,"token":"t7","version":1,` + member + `,"data":{"id":"1","name":"order","type":1,"options":[{"name":"text","type":3,"value":{"x":1},"focused":true}]}}`,
		`{"id":"800000000000000708","application_id":"` + appID + `","type":2,"token":"t8","version":1,` + member + `}`,
	}
}

// TestPanicWhileLoading: a game whose replay panics (issue 14's nil-map
// snapshots were such a game) fails to load with a clear message for
// every command waiting for it (none hangs on its single-flight load), is
// marked as needing a moderator, and the other games go on.
func TestPanicWhileLoading(t *testing.T) {
	h, _ := boomHarness(t)
	h.slash(alice, "/game new title:boom scenario:basic a:@alice b:@bob")
	h.slash(alice, "/order text:inc")
	h.slash(alice, "/order text:poison")
	h.slash(erin, "/game new title:boom scenario:basic a:@erin b:@bob")
	h.fake.take()
	// A restart: a new service on the same database, with the title's bug.
	h.bot.Service = &bot.Service{DB: h.db, Titles: h.svc.Titles, Seed: h.svc.Seed, Now: h.svc.Now, Log: h.svc.Log, SeatNamed: true}
	poisonPanics.Store(true)
	defer poisonPanics.Store(false)
	var is []*discordgo.Interaction
	for k := 0; k < 3; k++ {
		is = append(is, h.interaction(dave, discordgo.InteractionApplicationCommand, slashData(t, "/game status")))
	}
	done := make(chan struct{})
	go func() {
		var wg sync.WaitGroup
		for _, i := range is {
			wg.Add(1)
			go func() {
				defer wg.Done()
				h.bot.Gateway(i)
			}()
		}
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("commands for a game whose load panicked hang")
	}
	o := outcome{reqs: h.fake.take()}
	if n := strings.Count(o.private(), "Refused: game g1 hit an internal error while loading; the moderators are told; nothing was applied"); n != 3 {
		t.Errorf("%d of 3 commands told; private %q", n, o.private())
	}
	if _, ok, _ := h.db.NeedsModerator("g1"); !ok {
		t.Error("g1 is not marked as needing a moderator")
	}
	if o := h.slash(erin, "/order text:inc"); !strings.Contains(o.private(), "Accepted") {
		t.Errorf("the other game: %q", o.private())
	}
	poisonPanics.Store(false) // the title is fixed: the game loads again
	if o := h.slash(dave, "/game status"); !strings.Contains(o.private(), "n=1") || !strings.Contains(o.private(), "NEEDS A MODERATOR: internal error while loading") {
		t.Errorf("after the fix: %q", o.private())
	}
}
