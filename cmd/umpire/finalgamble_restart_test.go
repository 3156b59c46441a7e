package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
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
	dir := t.TempDir()
	write := func(name string, ls []string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Join(ls, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	args := func(db, script string) []string {
		return []string{"play", "--seed", fmt.Sprint(seed), "--maps=false", "--clock", "2026-01-01T00:00Z", "--db", filepath.Join(dir, db), "--script", script}
	}
	whole := umpireProcess(t, args("whole.db", write("whole.txt", lines))...)
	if !strings.Contains(whole, "is over: ") {
		t.Fatalf("the game did not end:\n%s", whole[max(0, len(whole)-2000):])
	}
	r := rand.New(rand.NewPCG(uint64(seed), 7))
	set := map[int]bool{}
	for len(set) < cuts {
		set[2+r.IntN(len(lines)-2)] = true
	}
	var at []int
	for c := range set {
		at = append(at, c)
	}
	sort.Ints(at)
	at = append(at, len(lines))
	var pieced strings.Builder
	from := 0
	for k, to := range at {
		pieced.WriteString(umpireProcess(t, args("pieces.db", write(fmt.Sprintf("part%d.txt", k), lines[from:to]))...))
		from = to
	}
	if got := pieced.String(); got != whole {
		a, b := strings.Split(whole, "\n"), strings.Split(got, "\n")
		for j := 0; j < len(a) && j < len(b); j++ {
			if a[j] != b[j] {
				t.Fatalf("restarted at lines %v of %d: output line %d differs:\none process: %s\nrestarted:   %s", at, len(lines), j+1, a[j], b[j])
			}
		}
		t.Fatalf("restarted at lines %v: %d output lines against %d", at, len(b), len(a))
	}
	t.Logf("%d lines, restarted at %v", len(lines), at)
}
