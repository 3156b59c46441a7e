package discord

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/storm"
	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/storage"
)

// Issue 25, "done when": the scripted Storm over Dien Bien Phu game (all
// 8 turns, secret hands, standing reactions) played through the Discord
// path gives the same record as through the console, the secret draws'
// rolls and the end of the game included.
func TestEndToEndStormSameRecordAsConsole(t *testing.T) {
	if testing.Short() && raceEnabled {
		t.Skip("a whole game through the fake Discord: not under -race -short")
	}
	lines, seed, refused := scriptLines(t, filepath.Join("..", "..", "cmd", "umpire", "testdata", "storm", "battle.txt"))
	db, err := storage.Open(filepath.Join(t.TempDir(), "console.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	titles := map[string]adjudicator.Rules{"storm": storm.New(storm.MustDefault())}
	svc := &bot.Service{DB: db, Titles: titles, Seed: bot.DemoSeed(seed), Mods: map[string]bool{}}
	con := &bot.Console{Service: svc, Channel: "console", Out: io.Discard}
	for _, l := range lines {
		con.Line(l)
	}
	want, err := db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	last := want.Entries[len(want.Entries)-1]
	if last.Result == nil || last.Result.Winner == "" {
		t.Fatalf("the console game did not end with a winner: last entry %+v", last)
	}
	h := newHarness(t)
	h.svc.Titles, h.svc.Seed, h.svc.SeatNamed = titles, bot.DemoSeed(seed), false
	got, n := discordReplay(t, h, lines)
	if len(n.refused) != refused {
		t.Fatalf("%d lines refused through Discord, want the script's %d:\n%s", len(n.refused), refused, strings.Join(n.refused, "\n"))
	}
	sameRecord(t, want, got)
	secret := 0
	for _, e := range got.Entries {
		for _, r := range e.Rolls {
			if r.Secret {
				secret++
			}
		}
	}
	if secret == 0 {
		t.Fatal("no secret roll in the record: the draws are not marked")
	}
	t.Logf("%d script lines, %d entries, %d rolls (%d secret); %d public posts; winner %s", len(lines), len(got.Entries), countRolls(got), secret, n.posts, last.Result.Winner)
}
