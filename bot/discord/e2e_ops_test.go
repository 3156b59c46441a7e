package discord

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/storage"
)

// TestEndToEndInitialAssaultScript plays the console's whole initial-assault
// game (engagement, fire, assault bases, hand-to-hand, routs, the end of
// the week, the game's end and the seed's reveal) through the Discord
// path, and gets the same record as the console. Orders the console
// refused are refused through Discord too, and change nothing.
func TestEndToEndInitialAssaultScript(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "cmd", "umpire", "testdata", "initial-assault.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(src), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	// The console, line by line, noting which lines it refused.
	db, err := storage.Open(filepath.Join(t.TempDir(), "console.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out bytes.Buffer
	con := &bot.Console{Service: &bot.Service{DB: db, Titles: hellTitles(), Seed: bot.DemoSeed(55)}, Channel: "console", Out: &out}
	refused := map[int]bool{}
	for i, l := range lines {
		out.Reset()
		con.Line(l)
		refused[i] = strings.Contains(out.String(), "Refused")
	}
	want, err := db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	// The same lines as Discord interactions.
	h := newHarness(t)
	h.svc.Seed = bot.DemoSeed(55)
	h.svc.SeatNamed = false // the script's players accept their seats
	byName := map[string]person{}
	for _, p := range people {
		byName[p.name] = p
	}
	over := false
	for i, l := range lines {
		name, rest, _ := strings.Cut(strings.TrimPrefix(l, "@"), " ")
		o := h.slash(byName[name], rest)
		if got := strings.Contains(o.private(), "Refused"); got != refused[i] {
			t.Fatalf("%s: refused through Discord %v, by the console %v:\n%s", l, got, refused[i], o.private())
		}
		for _, p := range o.public() {
			if strings.Contains(p.text(), "dice seed is now public") {
				over = true
			}
		}
	}
	got, err := h.db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
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
		t.Fatalf("the Discord record (%d entries) differs from the console's (%d)", len(gk), len(wk))
	}
	if !over {
		t.Error("no public post announced the end of the game and the seed")
	}
	t.Logf("%d lines, %d entries, %d rolls, game over announced: %v", len(lines), len(got.Entries), countRolls(got), over)
}
