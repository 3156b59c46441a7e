package discord

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/storage"
)

const (
	appID  = "111111111111111111"
	guildA = "200000000000000001"
	chanA  = "300000000000000001"
	guildB = "200000000000000002"
	chanB  = "300000000000000002"
	chanDM = "400000000000000001"
)

// person is one Discord user as an interaction shows them.
type person struct {
	name, id, guild, channel string
	perms                    int64
	roles                    []string
	dm                       bool
}

var (
	alice = person{name: "alice", id: "100000000000000001", guild: guildA, channel: chanA}                                         // French
	bob   = person{name: "bob", id: "100000000000000002", guild: guildA, channel: chanA}                                           // VM
	carol = person{name: "carol", id: "100000000000000003", guild: guildA, channel: chanA, perms: discordgo.PermissionManageGuild} // moderator
	dave  = person{name: "dave", id: "100000000000000004", guild: guildA, channel: chanA}                                          // onlooker
	erin  = person{name: "erin", id: "100000000000000005", guild: guildB, channel: chanB}                                          // another guild
	frank = person{name: "frank", id: "100000000000000006", guild: guildA, channel: chanA, roles: []string{"555555555555555555"}}  // moderator by role name
	dm    = person{name: "alice-dm", id: "100000000000000001", channel: chanDM, dm: true}                                          // alice, in a DM
)

var people = []person{alice, bob, carol, dave, erin, frank}

func idOf(name string) string {
	for _, p := range people {
		if p.name == name {
			return p.id
		}
	}
	return name
}

// pngMapper draws a "map" that names its viewer and holds the view's
// board: enough to tell which view an image was drawn from.
type pngMapper struct {
	mu    sync.Mutex
	delay time.Duration
}

func (m *pngMapper) PNG(v adjudicator.View) ([]byte, error) {
	m.mu.Lock()
	d := m.delay
	m.mu.Unlock()
	if d > 0 {
		time.Sleep(d)
	}
	b, _ := json.Marshal(v.Board)
	return append([]byte("\x89PNG\r\n\x1a\nviewer="+v.Viewer+"\n"), b...), nil
}

type harness struct {
	t    testing.TB
	fake *fakeDiscord
	db   *storage.DB
	svc  *bot.Service
	bot  *Bot
	maps *pngMapper
	n    int
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	fake := newFake(t)
	db, err := storage.Open(filepath.Join(t.TempDir(), "umpire.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	maps := &pngMapper{}
	clock := time.Date(1954, 3, 13, 17, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	// The suites play games their players need not accept (issue 15
	// item 5's own tests turn SeatNamed off).
	svc := &bot.Service{DB: db, Titles: hellTitles(), Seed: bot.DemoSeed(1), Maps: maps, SeatNamed: true, Now: func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(time.Minute)
		return clock
	}}
	s, err := NewSession("test-token", fake.client())
	if err != nil {
		t.Fatal(err)
	}
	b := &Bot{Service: svc, Session: s, AppID: appID, ModRoles: []string{"Umpires"}, DMSideEvents: true}
	fake.settle = func() {
		b.inflight.Wait()
		if !b.Settle(20 * time.Second) {
			t.Error("the bot's deliveries did not settle in 20 s")
		}
	}
	return &harness{t: t, fake: fake, db: db, svc: svc, bot: b, maps: maps}
}

func (h *harness) interaction(p person, typ discordgo.InteractionType, data discordgo.InteractionData) *discordgo.Interaction {
	h.n++
	id := fmt.Sprintf("8%017d", h.n)
	i := &discordgo.Interaction{ID: id, AppID: appID, Type: typ, Data: data, GuildID: p.guild, ChannelID: p.channel,
		Token: "tok" + id, Version: 1}
	u := &discordgo.User{ID: p.id, Username: p.name}
	if p.dm {
		i.User = u
	} else {
		i.Member = &discordgo.Member{User: u, Permissions: p.perms, Roles: p.roles}
	}
	return i
}

// slashData builds a slash command's data from a console-style line
// ("/order text:\"dig A\"").
func slashData(t testing.TB, line string) discordgo.ApplicationCommandInteractionData {
	t.Helper()
	c, err := bot.ParseLine("@x " + line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	var keys []string
	for k := range c.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var opts []*discordgo.ApplicationCommandInteractionDataOption
	for _, k := range keys {
		v := c.Options[k]
		o := &discordgo.ApplicationCommandInteractionDataOption{Name: k, Type: discordgo.ApplicationCommandOptionString, Value: v}
		switch k {
		case "french", "fef", "vm", "user", "a", "b": // the sides of Hell and Tonkin
			o.Type, o.Value = discordgo.ApplicationCommandOptionUser, idOf(strings.TrimPrefix(v, "@"))
		case "count":
			var n float64
			fmt.Sscan(v, &n)
			o.Type, o.Value = discordgo.ApplicationCommandOptionInteger, n
		case "thread":
			o.Type, o.Value = discordgo.ApplicationCommandOptionBoolean, v == "true"
		}
		opts = append(opts, o)
	}
	words := strings.Fields(c.Name)
	d := discordgo.ApplicationCommandInteractionData{ID: "600000000000000001", Name: words[0], CommandType: discordgo.ChatApplicationCommand, Options: opts}
	if len(words) == 2 {
		d.Options = []*discordgo.ApplicationCommandInteractionDataOption{{Name: words[1], Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}
	}
	return d
}

// slash sends a slash command over the gateway path and returns the
// requests the bot made.
func (h *harness) slash(p person, line string) outcome {
	h.t.Helper()
	i := h.interaction(p, discordgo.InteractionApplicationCommand, slashData(h.t, line))
	h.bot.OnInteraction(nil, &discordgo.InteractionCreate{Interaction: i})
	return outcome{reqs: h.fake.take(), p: p}
}

// click presses a button of a message the bot posted.
func (h *harness) click(p person, msg *recorded, customID string) outcome {
	h.t.Helper()
	m := &discordgo.Message{ID: msg.ID, ChannelID: strings.Split(msg.Path, "/")[2]}
	m.Content, _ = msg.Body["content"].(string)
	for _, id := range userMentionRE.FindAllStringSubmatch(m.Content, -1) {
		m.Mentions = append(m.Mentions, &discordgo.User{ID: id[1]})
	}
	data := discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
	if v, ok := strings.CutPrefix(customID, "menu:"); ok {
		data = discordgo.MessageComponentInteractionData{CustomID: MenuID, ComponentType: discordgo.SelectMenuComponent, Values: []string{v}}
	}
	i := h.interaction(p, discordgo.InteractionMessageComponent, data)
	i.Message = m
	h.bot.Gateway(i)
	return outcome{reqs: h.fake.take(), p: p}
}

// complete asks for autocomplete choices while typing option name.
func (h *harness) complete(p person, line, name, typed string) []string {
	h.t.Helper()
	d := slashData(h.t, line)
	opts := d.Options
	if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		opts = opts[0].Options
	}
	found := false
	for _, o := range opts {
		if o.Name == name {
			o.Value, o.Focused, found = typed, true, true
		}
	}
	if !found {
		o := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: typed, Focused: true}
		if len(d.Options) == 1 && d.Options[0].Type == discordgo.ApplicationCommandOptionSubCommand {
			d.Options[0].Options = append(d.Options[0].Options, o)
		} else {
			d.Options = append(d.Options, o)
		}
	}
	i := h.interaction(p, discordgo.InteractionApplicationCommandAutocomplete, d)
	h.bot.Gateway(i)
	o := outcome{reqs: h.fake.take(), p: p}
	cb := o.callback()
	if cb == nil || cb.Body["type"] != float64(cbAutocomplete) {
		h.t.Fatalf("autocomplete answered with %+v", cb)
	}
	var out []string
	cs, _ := cb.Body["data"].(map[string]any)["choices"].([]any)
	for _, c := range cs {
		out = append(out, c.(map[string]any)["value"].(string))
	}
	return out
}

// record is the game's record (for comparing states).
func (h *harness) record(channel string) string {
	guild := guildA
	if channel == chanB {
		guild = guildB
	}
	id, err := h.db.GameInChannel(ChannelKey(guild, channel))
	if err != nil {
		return "no game"
	}
	rec, err := h.db.Record(id)
	if err != nil {
		h.t.Fatal(err)
	}
	b, _ := json.Marshal(rec)
	return string(b)
}

// outcome is what the bot sent Discord for one interaction.
type outcome struct {
	reqs []*recorded
	p    person
}

func (o outcome) callback() *recorded {
	for _, r := range o.reqs {
		if reCallback.MatchString(r.Path) {
			return r
		}
	}
	return nil
}

func (o outcome) callbackType() int {
	if cb := o.callback(); cb != nil {
		t, _ := cb.Body["type"].(float64)
		return int(t)
	}
	return 0
}

// private is what only the caller sees: an immediate ephemeral answer,
// the edited deferred response, ephemeral follow-ups.
func (o outcome) private() string {
	var sb strings.Builder
	for _, r := range o.reqs {
		switch {
		case reCallback.MatchString(r.Path) && r.flags()&flagEphemeral != 0:
			sb.WriteString(r.text())
		case reOriginal.MatchString(r.Path):
			sb.WriteString(r.text())
		case reFollowup.MatchString(r.Path) && r.flags()&flagEphemeral != 0:
			sb.WriteString(r.text())
		}
	}
	return sb.String()
}

// privateFiles are the images the caller got privately.
func (o outcome) privateFiles() []fakeFile {
	var out []fakeFile
	for _, r := range o.reqs {
		if reOriginal.MatchString(r.Path) || (reFollowup.MatchString(r.Path) && r.flags()&flagEphemeral != 0) {
			out = append(out, r.Files...)
		}
	}
	return out
}

// public lists the public posts: channel messages (not DMs) and public
// follow-ups.
func (o outcome) public() []*recorded {
	var out []*recorded
	for _, r := range o.reqs {
		if r.Status >= 300 || r.Deduped {
			continue
		}
		if m := reMessages.FindStringSubmatch(r.Path); m != nil && !strings.HasPrefix(m[1], "7") {
			out = append(out, r)
		}
		if reFollowup.MatchString(r.Path) && r.flags()&flagEphemeral == 0 {
			out = append(out, r)
		}
	}
	return out
}

func (o outcome) publicText() string {
	var sb strings.Builder
	for _, r := range o.public() {
		sb.WriteString(r.text())
	}
	return sb.String()
}

// dms are the DMs sent to a user.
func (o outcome) dms(user string) string {
	var sb strings.Builder
	for _, r := range o.reqs {
		if r.Path == "/channels/7"+user+"/messages" {
			sb.WriteString(r.text())
		}
	}
	return sb.String()
}

// seen is everything the caller (and the public) can read from this
// interaction: their private answers and the public posts.
func (o outcome) seen() string { return o.private() + o.publicText() }

func (o outcome) seenFiles() []fakeFile {
	out := o.privateFiles()
	for _, r := range o.public() {
		out = append(out, r.Files...)
	}
	return out
}

// hiddenVM lists the VM units that the public may not identify now:
// counters the VM's own view names and the public view does not.
func hiddenVM(t testing.TB, g *adjudicator.Game) []string {
	ids := func(v adjudicator.Viewer) map[string]bool {
		var board struct {
			Stacks []struct {
				Counters []struct {
					Side, ID string
				}
			}
			Track []struct{ Side, ID string }
		}
		b, _ := json.Marshal(g.Rules.View(g.State, v).Board)
		if err := json.Unmarshal(b, &board); err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, s := range board.Stacks {
			for _, c := range s.Counters {
				if c.Side == "vm" && c.ID != "" {
					out[c.ID] = true
				}
			}
		}
		for _, c := range board.Track {
			if c.Side == "vm" && c.ID != "" {
				out[c.ID] = true
			}
		}
		return out
	}
	vm, pub := ids(adjudicator.ViewerOf("vm")), ids(adjudicator.Public)
	var out []string
	for id := range vm {
		if !pub[id] {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		t.Fatal("the VM has no hidden unit: the leak checks would check nothing")
	}
	return out
}

// leaks reports which hidden ids a text mentions.
func leaks(text string, hidden []string) []string {
	var out []string
	for _, id := range hidden {
		if regexp.MustCompile(`(^|[^\w/])` + regexp.QuoteMeta(id) + `($|[^\w/])`).MatchString(text) {
			out = append(out, id)
		}
	}
	return out
}

// restart is a stop without shutdown (SIGKILL: nothing in memory
// survives, the outbox and the news stay in the file) and a start of a
// new service and bot on the same database. The fake Discord stays.
func (h *harness) restart() {
	h.t.Helper()
	path := h.db.Path()
	h.bot.posts().Close()
	h.db.Close()
	db, err := storage.Open(path)
	if err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(func() { db.Close() })
	old := h.svc
	svc := &bot.Service{DB: db, Titles: old.Titles, Seed: old.Seed, Maps: old.Maps, Now: old.Now, Mods: old.Mods, SeatNamed: old.SeatNamed}
	b := &Bot{Service: svc, Session: h.bot.Session, AppID: appID, ModRoles: h.bot.ModRoles, DMSideEvents: h.bot.DMSideEvents}
	h.db, h.svc, h.bot = db, svc, b
	h.fake.settle = func() {
		b.inflight.Wait()
		if !b.Settle(20 * time.Second) {
			h.t.Error("the bot's deliveries did not settle in 20 s")
		}
	}
	if err := b.posts().Resume(); err != nil {
		h.t.Fatal(err)
	}
}

// newGame runs a /game new and, for each other member it names (issue 15
// item 5: they are offered their seats), their /game accept; the
// requests of all of them, in order.
func (h *harness) newGame(p person, line string) outcome {
	h.t.Helper()
	o := h.slash(p, line)
	for _, u := range bot.AcceptorsOf("@" + p.name + " " + line) {
		for _, q := range people {
			if q.name == u {
				o.reqs = append(o.reqs, h.slash(q, "/game accept").reqs...)
			}
		}
	}
	return o
}
