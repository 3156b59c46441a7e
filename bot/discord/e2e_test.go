package discord

import (
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/storage"
)

// consoleScript plays a game through the console, choosing orders from
// the legal tree (a couple of real orders per phase, then done/pass), with
// an undo, a moderator's undo and some read-only commands mixed in; it
// returns the script's lines and the record.
func consoleScript(t *testing.T, steps int) ([]string, adjudicator.Record) {
	t.Helper()
	db, err := storage.Open(filepath.Join(t.TempDir(), "console.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := &bot.Service{DB: db, Titles: hellTitles(), Seed: bot.DemoSeed(1), Mods: map[string]bool{"carol": true}, SeatNamed: true}
	con := &bot.Console{Service: svc, Channel: "console", Out: io.Discard}
	var lines []string
	run := func(l string) {
		lines = append(lines, l)
		con.Line(l)
	}
	run("@alice /game new title:hell scenario:full-battle french:@alice vm:@bob")
	inPhase, last := 0, ""
	user := map[adjudicator.Side]string{"french": "alice", "vm": "bob"}
	for step := 0; step < steps; step++ {
		g, err := svc.Game("console")
		if err != nil {
			t.Fatal(err)
		}
		p := g.Prompt()
		if p.Over {
			break
		}
		if p.Phase != last {
			inPhase, last = 0, p.Phase
		}
		side := p.Awaiting[0]
		orders := adjudicator.Orders(g.Rules.Legal(g.State, side))
		pick := ""
		if inPhase < 2 && len(orders) > 1 {
			for _, o := range orders {
				if o != "done" && o != "pass" && o != "end-week" {
					pick = o
					break
				}
			}
		}
		if pick == "" {
			for _, o := range orders {
				if o == "done" || o == "pass" {
					pick = o
				}
			}
		}
		if pick == "" {
			pick = orders[0]
		}
		inPhase++
		run(fmt.Sprintf("@%s /order text:%q", user[side], pick))
		switch step {
		case 4:
			run("@" + user[side] + " /undo")
			run("@dave /game status")
		case 8:
			run("@carol /mod undo count:1")
			run("@dave /map")
		case 12:
			run("@bob /help")
		}
	}
	id, err := db.GameInChannel("console")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := db.Record(id)
	if err != nil {
		t.Fatal(err)
	}
	return lines, rec
}

type entryKey struct {
	Seq       int
	Kind      string
	Actor     string
	Side      adjudicator.Side
	Action    string
	From, To  uint64
	Rolls     string
	Undoes    string
	Reveals   bool
	HasResult bool
}

func keys(rec adjudicator.Record, actor func(string) string) []entryKey {
	var out []entryKey
	for _, e := range rec.Entries {
		if e.Kind == adjudicator.KindSeat || e.Kind == adjudicator.KindDecline {
			e.Action = actor(e.Action) // the member seated (issue 15: an accepted offer)
		}
		out = append(out, entryKey{Seq: e.Seq, Kind: e.Kind, Actor: actor(e.Actor), Side: e.Side, Action: e.Action, From: e.DiceFrom, To: e.DiceTo,
			Rolls: fmt.Sprint(e.Rolls), Undoes: fmt.Sprint(e.Undoes), Reveals: e.Reveals, HasResult: e.Result != nil})
	}
	return out
}

// TestEndToEndSameRecordAsConsole plays a scripted game (the full-battle
// set-up and the first turns' strategic orders, an undo, a moderator's
// undo) through the Discord path — slash commands, and the buttons of the
// public posts when they offer the order — and gets the same game record
// as the same script through the console.
func TestEndToEndSameRecordAsConsole(t *testing.T) {
	lines, want := consoleScript(t, 40)
	h := newHarness(t)
	got, n := discordReplay(t, h, lines)
	if len(n.refused) > 0 {
		t.Fatalf("refused through Discord:\n%s", n.refused[0])
	}
	if len(want.Entries) < 30 {
		t.Fatalf("the script made only %d entries", len(want.Entries))
	}
	sameRecord(t, want, got)
	if n.clicks == 0 || n.menus == 0 {
		t.Errorf("%d orders by button, %d from a menu: want some of each", n.clicks, n.menus)
	}
	t.Logf("%d script lines, %d entries, %d rolls; %d public posts, %d orders by button, %d from a menu", len(lines), len(got.Entries), countRolls(got), n.posts, n.clicks, n.menus)
}

// replayCounts: what a replay through Discord did; refused holds each
// line refused, with what its author was told.
type replayCounts struct {
	clicked              []string // the orders given by a button
	posts, clicks, menus int
	refused              []string
}

// discordReplay plays console lines ("@alice /order text:\"...\"") through
// the Discord path: an order by the last public post's button or menu when
// it offers it, else the slash command. Every interaction is deferred at
// once and makes at most one public post. It returns the record of game g1.
func discordReplay(t *testing.T, h *harness, lines []string) (adjudicator.Record, replayCounts) {
	t.Helper()
	byName := map[string]person{}
	for _, p := range people {
		byName[p.name] = p
	}
	var n replayCounts
	var lastPost *recorded
	for _, l := range lines {
		name, rest, _ := strings.Cut(strings.TrimPrefix(l, "@"), " ")
		p := byName[name]
		var o outcome
		if text, ok := strings.CutPrefix(rest, "/order text:"); ok {
			text = strings.Trim(text, `"`)
			switch {
			case lastPost != nil && contains(lastPost.buttons(), ButtonPrefix+text):
				o = h.click(p, lastPost, ButtonPrefix+text)
				n.clicks++
				n.clicked = append(n.clicked, text)
			case lastPost != nil && contains(lastPost.buttons(), "menu:"+text):
				o = h.click(p, lastPost, "menu:"+text)
				n.menus++
			}
		}
		if o.reqs == nil {
			o = h.slash(p, rest)
		}
		if cb := o.callbackType(); cb != cbDeferred || o.reqs[0] != o.callback() {
			t.Fatalf("%s: initial response type %d, want a deferred response before anything else", l, cb)
		}
		if strings.Contains(o.private(), "Refused") {
			n.refused = append(n.refused, l+"\n"+o.private())
		}
		pub := o.public()
		if len(pub) > 1 {
			t.Fatalf("%s: %d public posts, want at most one", l, len(pub))
		}
		if len(pub) == 1 {
			n.posts++
			lastPost = pub[0]
		}
	}
	got, err := h.db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	return got, n
}

// sameRecord: the Discord record (actors by Discord id) has the console
// record's entries (actors by name), commitment and seats.
func sameRecord(t *testing.T, want, got adjudicator.Record) {
	t.Helper()
	wk := keys(want, func(s string) string { return s })
	gk := keys(got, func(id string) string {
		for _, p := range people {
			if p.id == id {
				return p.name
			}
		}
		return id
	})
	if !reflect.DeepEqual(wk, gk) {
		for k := 0; k < len(wk) && k < len(gk); k++ {
			if wk[k] != gk[k] {
				t.Errorf("first difference at entry %d:\nconsole %+v\ndiscord %+v", k, wk[k], gk[k])
				break
			}
		}
		t.Fatalf("the Discord record (%d entries) differs from the console's (%d)", len(gk), len(wk))
	}
	seats := len(want.Seats) == len(got.Seats) && len(want.Seats) > 0
	for side, name := range want.Seats {
		var id string
		for _, p := range people {
			if p.name == name {
				id = p.id
			}
		}
		seats = seats && id != "" && got.Seats[side] == id
	}
	if want.Commitment != got.Commitment || !seats {
		t.Errorf("headers differ: console %s %v, discord %s %v", want.Commitment, want.Seats, got.Commitment, got.Seats)
	}
}

func countRolls(rec adjudicator.Record) int {
	n := 0
	for _, e := range rec.Entries {
		n += len(e.Rolls)
	}
	return n
}
