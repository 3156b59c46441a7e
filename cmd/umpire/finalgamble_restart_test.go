package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/finalgamble"
	"github.com/umpirebot/umpire/bot"
)

// fgLongScript plays a whole game of scenario A (21 turns, or a surrender
// before) choosing mostly actions, as console lines.
func fgLongScript(t *testing.T, seed int64) []string {
	t.Helper()
	ts, err := titles("")
	if err != nil {
		t.Fatal(err)
	}
	rules := ts["finalgamble"]
	sd, _ := bot.DemoSeed(seed)("g1")
	g, _, err := adjudicator.New(rules, adjudicator.Record{ID: "g1", Title: "finalgamble", Scenario: "A",
		Seats: map[adjudicator.Side]string{}, Seed: sd})
	if err != nil {
		t.Fatal(err)
	}
	users := map[adjudicator.Side]string{finalgamble.French: "alice", finalgamble.VM: "bob"}
	lines := []string{"@mod /game new title:finalgamble scenario:A french:@alice vm:@bob seat:direct"}
	r := rand.New(rand.NewPCG(uint64(seed), 27))
	for n := 0; n < 20000 && !g.Prompt().Over; n++ {
		side := g.Prompt().Awaiting[0]
		order := adjudicator.PreferAction(r, side, adjudicator.WithoutStanding(rules.Legal(g.State, side)))
		st, err := g.Orders("x", side, []string{order}, "", time.Unix(0, 0))
		if err != nil {
			t.Fatalf("legal order %q refused: %v", order, err)
		}
		g.Commit(st)
		lines = append(lines, fmt.Sprintf("@%s /order text:%q", users[side], order))
		if r.IntN(60) == 0 {
			lines = append(lines, "@alice /game status")
		}
	}
	if !g.Prompt().Over {
		t.Fatal("the long game did not end")
	}
	return lines
}

// Issue 27, "done when": a long game of The Final Gamble (scenario A to
// its end, 21 turns unless France surrenders; under -short the scripted
// game) prints exactly what it prints when the process is stopped at
// several points and a new one continues from the db.
func TestRestart_FinalGambleLongGame(t *testing.T) {
	var lines []string
	cuts := 5
	seed := int64(9)
	if testing.Short() || raceEnabled {
		f, err := os.Open(filepath.Join("testdata", "finalgamble", "game.txt"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
				lines = append(lines, l)
			}
		}
		f.Close()
		cuts, seed = 3, 1
	} else {
		lines = fgLongScript(t, seed)
	}
	// Every cut after the game's creation and acceptance (line 2).
	whole, at := playRestarted(t, seed, lines, cuts, 2)
	if !strings.Contains(whole, "is over: ") {
		t.Fatalf("the game did not end:\n%s", whole[max(0, len(whole)-2000):])
	}
	t.Logf("%d lines, restarted at %v", len(lines), at)
}
