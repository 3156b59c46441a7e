package discord

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/finalgamble"
	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/storage"
)

// Issue 27, "done when": the scripted The Final Gamble game (scenario A
// to the VM's victory by the surrender roll, moderator overrides on the
// record) played through the Discord path gives the same record as
// through the console. The script's moderator is carol here.
func TestEndToEndFinalGambleSameRecordAsConsole(t *testing.T) {
	if testing.Short() && raceEnabled {
		t.Skip("a whole game through the fake Discord: not under -race -short")
	}
	lines, seed, refused := scriptLines(t, filepath.Join("..", "..", "cmd", "umpire", "testdata", "finalgamble", "game.txt"))
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, "@mod "); ok {
			lines[i] = "@carol " + rest
		}
	}
	db, err := storage.Open(filepath.Join(t.TempDir(), "console.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	d, err := finalgamble.Default()
	if err != nil {
		t.Fatal(err)
	}
	titles := map[string]adjudicator.Rules{"finalgamble": &finalgamble.Rules{D: d}}
	svc := &bot.Service{DB: db, Titles: titles, Seed: bot.DemoSeed(seed), Mods: map[string]bool{"carol": true}}
	con := &bot.Console{Service: svc, Channel: "console", Out: io.Discard}
	for _, l := range lines {
		con.Line(l)
	}
	want, err := db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	last := want.Entries[len(want.Entries)-1]
	if last.Result == nil || last.Result.Winner != finalgamble.VM {
		t.Fatalf("the console game did not end with the VM's victory: last entry %+v", last)
	}
	h := newHarness(t)
	h.svc.Titles, h.svc.Seed, h.svc.SeatNamed = titles, bot.DemoSeed(seed), false
	got, n := discordReplay(t, h, lines)
	if len(n.refused) != refused {
		t.Fatalf("%d lines refused through Discord, want the script's %d:\n%s", len(n.refused), refused, strings.Join(n.refused, "\n"))
	}
	sameRecord(t, want, got)
	t.Logf("%d script lines, %d entries, %d rolls; %d public posts; winner %s", len(lines), len(got.Entries), countRolls(got), n.posts, last.Result.Winner)
}
