package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/bot"
)

// TestMain lets a test run this binary's main in a child process (a real
// restart: nothing survives but the db file).
func TestMain(m *testing.M) {
	if os.Getenv("UMPIRE_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// umpireProcess runs `umpire args...` as a new process.
func umpireProcess(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "UMPIRE_TEST_MAIN=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("umpire %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.String()
}

// longScript plays a game of A Season in Hell with the aggressive random
// policy, as the console's game g1 with demo seed `seed` will, and returns
// it as console lines: the game's creation and one line per order, at
// least min orders (or to the game's end).
func longScript(t *testing.T, scenario string, seed int64, min int) []string {
	t.Helper()
	ts, err := titles("")
	if err != nil {
		t.Fatal(err)
	}
	rules := ts["hell"]
	sd, _ := bot.DemoSeed(seed)("g1")
	g, _, err := adjudicator.New(rules, adjudicator.Record{ID: "g1", Title: "hell", Scenario: scenario,
		Seats: map[adjudicator.Side]string{}, Seed: sd})
	if err != nil {
		t.Fatal(err)
	}
	users := map[adjudicator.Side]string{hell.French: "alice", hell.VM: "bob"}
	lines := []string{fmt.Sprintf("@alice /game new title:hell scenario:%s french:@alice vm:@bob", scenario)}
	r := rand.New(rand.NewPCG(uint64(seed), 99))
	now := time.Unix(0, 0)
	for len(lines) <= min {
		p := g.Prompt()
		if p.Over {
			break
		}
		side := p.Awaiting[r.IntN(len(p.Awaiting))]
		order := adjudicator.PreferAction(r, side, rules.Legal(g.State, side))
		st, err := g.Orders("x", side, []string{order}, "", now)
		if err != nil {
			t.Fatalf("legal order %q refused: %v", order, err)
		}
		g.Commit(st)
		lines = append(lines, fmt.Sprintf("@%s /order text:%q", users[side], order))
		// Now and then a status and a refused order: reads and refusals
		// must survive restarts as orders do.
		switch r.IntN(40) {
		case 0:
			lines = append(lines, "@alice /game status")
		case 1:
			lines = append(lines, "@bob /game status")
		case 2:
			lines = append(lines, `@bob /order text:"bogus order"`)
		}
	}
	return lines
}

// Issue 14, DESIGN "Testing": a long game played in one process prints
// exactly what it prints when the process is stopped at several points and
// a new process continues with the same db (loading from its snapshot and
// the log's tail).
func TestRestart_LongGameContinuesExactly(t *testing.T) {
	type game struct {
		scenario string
		min      int
		cuts     int
	}
	games := []game{{"full-battle", 2000, 5}, {"five-hills", 2000, 4}, {"initial-assault", 2000, 4}}
	if testing.Short() {
		games = []game{{"full-battle", 2000, 4}}
	}
	if raceEnabled {
		games = []game{{"full-battle", 600, 3}}
	}
	for i, gm := range games {
		t.Run(gm.scenario, func(t *testing.T) {
			seed := int64(5 + i)
			lines := longScript(t, gm.scenario, seed, gm.min)
			dir := t.TempDir()
			write := func(name string, ls []string) string {
				p := filepath.Join(dir, name)
				if err := os.WriteFile(p, []byte(strings.Join(ls, "\n")+"\n"), 0o600); err != nil {
					t.Fatal(err)
				}
				return p
			}
			args := func(db, script string) []string {
				return []string{"play", "--seed", fmt.Sprint(seed), "--maps=false", "--db", filepath.Join(dir, db), "--script", script}
			}
			whole := umpireProcess(t, args("whole.db", write("whole.txt", lines))...)

			r := rand.New(rand.NewPCG(uint64(seed), 7))
			cutSet := map[int]bool{}
			for len(cutSet) < gm.cuts {
				cutSet[1+r.IntN(len(lines)-1)] = true
			}
			var cuts []int
			for c := range cutSet {
				cuts = append(cuts, c)
			}
			sort.Ints(cuts)
			cuts = append(cuts, len(lines))
			var pieced strings.Builder
			from := 0
			for k, to := range cuts {
				pieced.WriteString(umpireProcess(t, args("pieces.db", write(fmt.Sprintf("part%d.txt", k), lines[from:to]))...))
				from = to
			}
			if got := pieced.String(); got != whole {
				a, b := strings.Split(whole, "\n"), strings.Split(got, "\n")
				for j := 0; j < len(a) && j < len(b); j++ {
					if a[j] != b[j] {
						t.Fatalf("restarted at lines %v of %d: output line %d differs:\none process: %s\nrestarted:   %s", cuts, len(lines), j+1, a[j], b[j])
					}
				}
				t.Fatalf("restarted at lines %v: %d output lines against %d", cuts, len(b), len(a))
			}
			// Every order of the script was legal in the generator's game:
			// the only refusals are the bogus orders.
			bogus := strings.Count(strings.Join(lines, "\n"), "bogus order")
			if n := strings.Count(whole, "] Refused:"); n != bogus || strings.Contains(whole, "internal error") {
				t.Fatalf("%d refusals for %d bogus orders; the game went off its script:\n%s", n, bogus, lastLines(whole, 20))
			}
			t.Logf("%s: %d lines, restarted at %v; %d output lines identical", gm.scenario, len(lines), cuts[:len(cuts)-1], strings.Count(whole, "\n"))
		})
	}
}

func lastLines(s string, n int) string {
	ls := strings.Split(s, "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}
