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
	"syscall"
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
		// UMPIRE_TEST_KILL_AT kills the process (SIGKILL) at one of the
		// deadline handling's failpoints.
		if at := os.Getenv("UMPIRE_TEST_KILL_AT"); at != "" {
			bot.Failpoint = func(p string) {
				if p == at {
					syscall.Kill(os.Getpid(), syscall.SIGKILL)
				}
			}
		}
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

// longScript plays games of A Season in Hell with the aggressive random
// policy, one after another in the console's channel (g1, g2, ... with
// demo seed `seed`, as the console will number and seed them), and returns
// them as console lines: each game's creation and one line per order, to
// each game's end, until there are at least min lines.
func longScript(t *testing.T, scenario string, seed int64, min int) []string {
	t.Helper()
	var lines []string
	for n := 1; len(lines) < min; n++ {
		lines = append(lines, oneScript(t, scenario, seed, fmt.Sprintf("g%d", n), min-len(lines))...)
	}
	return lines
}

// oneScript is one game of longScript, cut after about max lines.
func oneScript(t *testing.T, scenario string, seed int64, id string, max int) []string {
	t.Helper()
	ts, err := titles("")
	if err != nil {
		t.Fatal(err)
	}
	rules := ts["hell"]
	sd, _ := bot.DemoSeed(seed)(id)
	g, _, err := adjudicator.New(rules, adjudicator.Record{ID: id, Title: "hell", Scenario: scenario,
		Seats: map[adjudicator.Side]string{}, Seed: sd})
	if err != nil {
		t.Fatal(err)
	}
	users := map[adjudicator.Side]string{hell.French: "alice", hell.VM: "bob"}
	lines := []string{fmt.Sprintf("@mod /game new title:hell scenario:%s french:@alice vm:@bob seat:direct standing:ask", scenario)}
	r := rand.New(rand.NewPCG(uint64(seed), uint64(len(id))*31+uint64(id[len(id)-1])))
	now := time.Unix(0, 0)
	for len(lines) <= max {
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
		if g.Prompt().Over {
			break // the channel is free: the next game starts
		}
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
	// CI runs the whole test without -short and the race detector too
	// (.ci/run), so that every scenario's long games are restarted.
	if raceEnabled {
		games = []game{{"full-battle", 600, 3}}
	}
	for i, gm := range games {
		t.Run(gm.scenario, func(t *testing.T) {
			seed := int64(5 + i)
			lines := longScript(t, gm.scenario, seed, gm.min)
			whole, cuts := playRestarted(t, seed, lines, gm.cuts, 1)
			// Every order of the script was legal in the generator's game:
			// the only refusals are the bogus orders.
			bogus := strings.Count(strings.Join(lines, "\n"), "bogus order")
			if n := strings.Count(whole, "] Refused:"); n != bogus || strings.Contains(whole, "internal error") {
				t.Fatalf("%d refusals for %d bogus orders; the game went off its script:\n%s", n, bogus, refusalsBut(whole, "bogus order"))
			}
			t.Logf("%s: %d lines, restarted at %v; %d output lines identical", gm.scenario, len(lines), cuts[:len(cuts)-1], strings.Count(whole, "\n"))
		})
	}
}

// playRestarted plays lines as one process, then again stopped at cuts
// random lines (none before line first) and continued by new processes on
// the same database, and fails unless both print the same; it returns the
// one process's output and the cuts.
func playRestarted(t *testing.T, seed int64, lines []string, cuts, first int) (string, []int) {
	t.Helper()
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
	r := rand.New(rand.NewPCG(uint64(seed), 7))
	set := map[int]bool{}
	for len(set) < cuts {
		set[first+r.IntN(len(lines)-first)] = true
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
	return whole, at
}

// refusalsBut lists the refusals, with the line before each, except those
// of orders containing skip.
func refusalsBut(out, skip string) string {
	ls := strings.Split(out, "\n")
	var b strings.Builder
	for i, l := range ls {
		if strings.Contains(l, "] Refused:") && i > 0 && !strings.Contains(ls[i-1], skip) {
			b.WriteString(ls[i-1] + "\n" + l + "\n")
		}
	}
	return b.String()
}
