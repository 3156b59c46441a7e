package main

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Tonkin, issue 9 ("done when", tried as a new user would): /game new
// creates a game in every scenario and campaign, /game status lists its
// tracks for each seat and onlookers, the FEF and the public never read a
// hidden VM counter's identity; issue 10: the VM moves first (2.0), an
// order out of turn or not in the phase is refused saying why, and
// `done` opens the operation phase (6.1).
func TestTonkin_NewGameEveryScenario(t *testing.T) {
	ts, err := adjudicator.LoadTitles(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	rules, ok := ts["tonkin"]
	if !ok {
		t.Fatal("tonkin is not a registered title (cmd/umpire/titles.go)")
	}
	dir := t.TempDir()
	for i, sc := range rules.Info().Scenarios {
		t.Run(sc.ID, func(t *testing.T) {
			script := filepath.Join(dir, sc.ID+".txt")
			os.WriteFile(script, []byte(strings.Join([]string{
				"@alice /game new title:tonkin scenario:" + sc.ID + " fef:@alice vm:@bob",
				"@bob /game accept",
				"@alice /game status",
				"@bob /game status",
				"@carol /game status",
				// 1.0, 3.0: the first turn's replacements phases (RULINGS T66)
				`@bob /order text:"done"`,
				`@alice /order text:"done"`,
				`@bob /order text:"move 308/88 0919"`,
				`@alice /order text:"airstrike 1205"`,
				"@carol /map",
				`@bob /order text:"done"`,
			}, "\n")+"\n"), 0o644)
			maps := "--maps=false"
			if i == 0 {
				maps = "--maps=true" // one scenario's maps are drawn through the console
			}
			out, errs, code := umpire(t, "play", "--seed", "3", "--db", filepath.Join(dir, sc.ID+".db"),
				"--out", filepath.Join(dir, "img-"+sc.ID), "--script", script, maps)
			if code != 0 {
				t.Fatalf("play: exit %d: %s\n%s", code, errs, out)
			}
			for _, want := range []string{
				"[channel] New game g1: Tonkin, scenario " + sc.ID + ".",
				", turn 1: VM movement (5.0): move units and transports, then `done`.", // issue 30, item 4: the post's one line
				"[channel] Awaiting bob (vm) — ",                                       // bob accepted his seat: not pinged for his own command
				"[@bob] Refused: \"move 308/88 0919\" refused: ",                       // Hanoi: the FEF's (or no such regiment in the scenario)
				"[@alice] Refused: \"airstrike 1205\" refused: it is not the FEF's turn to order",
				"[channel] 6.1: 1st player operation phase (6.0): the VM; both sides receive 10 operation points.",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			for _, who := range []string{"@alice", "@bob", "@carol"} {
				st := linesOf(out, who)
				for _, want := range []string{
					"Operation/Victory scale: victory points ", "VM victory level ", "montagnard marker ",
					"operation points FEF 0, VM 0", "VM: replacements 0 (at most 6), equipment 0", "foot transports 2",
					"FEF: air transports ", "airstrikes 6", "Weather: sunny", "First player: the VM",
					"Urban areas friendly to the VM", "Garrisons: ", "Standby zone:", "Saigon zone:",
				} {
					if !strings.Contains(st, want) {
						t.Errorf("%s's status lacks %q:\n%s", who, want, st)
					}
				}
			}
			// hidden VM counters: a count for the FEF and the public, what
			// they are for the VM
			hidden := regexp.MustCompile(`\b(VMG|DUMMY|PL) \d+\b|VM-groups, \d+ Pathet Lao`)
			for _, who := range []string{"@alice", "@carol"} {
				if st := linesOf(out, who); hidden.MatchString(st) || !strings.Contains(st, "Hidden VM counters (VM-groups, Pathet Lao or dummies): ") {
					t.Errorf("%s reads hidden VM counters:\n%s", who, st)
				}
			}
			if st := linesOf(out, "@bob"); !strings.Contains(st, "VM counters hidden from the FEF: ") {
				t.Errorf("the VM's status lacks its hidden counters:\n%s", st)
			}
			if i == 0 {
				m := regexp.MustCompile(`\[channel\] image: (\S+)`).FindStringSubmatch(out)
				if m == nil {
					t.Fatalf("no map posted:\n%s", out)
				}
				b, err := os.ReadFile(m[1])
				if err != nil {
					t.Fatal(err)
				}
				if _, err := png.Decode(bytes.NewReader(b)); err != nil {
					t.Fatalf("%s: %v", m[1], err)
				}
			}
		})
	}
}

// linesOf is what a user was told in private, one line each.
func linesOf(out, user string) string {
	var b strings.Builder
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "["+user+"] ") {
			b.WriteString(l)
			b.WriteString("\n")
		}
	}
	return b.String()
}

// umpire render of a Tonkin game: every view of the whole map, and a
// region with --region; an unknown region is refused naming the known.
func TestTonkin_RenderViewsAndRegions(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	script := filepath.Join(dir, "s.txt")
	os.WriteFile(script, []byte("@alice /game new title:tonkin scenario:1953 fef:@alice vm:@bob\n@bob /game accept\n"), 0o644)
	if out, errs, code := umpire(t, "play", "--seed", "5", "--db", db, "--script", script, "--maps=false"); code != 0 {
		t.Fatalf("play: %d %s %s", code, errs, out)
	}
	sizes := map[string]int{}
	for _, c := range []struct{ view, region string }{
		{"public", ""}, {"fef", ""}, {"vm", ""}, {"referee", ""}, {"fef", "delta"}, {"public", "northwest"}, {"vm", "laos"}, {"public", "panel"},
	} {
		out := filepath.Join(dir, fmt.Sprintf("%s-%s.png", c.view, c.region))
		args := []string{"render", "--db", db, "--view", c.view, "--out", out}
		if c.region != "" {
			args = append(args, "--region", c.region)
		}
		stdout, errs, code := umpire(t, args...)
		if code != 0 {
			t.Fatalf("render %v: %d %s", c, code, errs)
		}
		if c.region != "" && !strings.Contains(stdout, "region "+c.region) {
			t.Errorf("render %v: %s", c, stdout)
		}
		b, _ := os.ReadFile(out)
		im, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("render %v: %v", c, err)
		}
		sizes[c.region] = im.Bounds().Dx()
	}
	// a close-up reads on a phone: at most 400 px wide (issue 15, item 4)
	if sizes["delta"] >= sizes[""] || sizes["delta"] < 200 || sizes["delta"] > 400 {
		t.Errorf("widths: %v", sizes)
	}
	_, errs, code := umpire(t, "render", "--db", db, "--view", "fef", "--region", "saigon", "--out", filepath.Join(dir, "x.png"))
	if code == 0 || !strings.Contains(errs, "regions are border, cao-bang, delta, dien-bien-phu") {
		t.Errorf("unknown region: exit %d, %s", code, errs)
	}
}

// umpire playout --title tonkin (issue 10, item 8): complete random and
// aggressive games of a scenario, no fault, a winner each.
func TestTonkin_Playout(t *testing.T) {
	for _, policy := range []string{"random", "aggressive"} {
		out, errs, code := umpire(t, "playout", "--title", "tonkin", "--scenario", "1951", "--games", "2", "--seed", "1", "--json", "--policy", policy)
		if code != 0 {
			t.Fatalf("playout %s: exit %d: %s\n%s", policy, code, errs, out)
		}
		for _, want := range []string{`"games":2`, `"finished":2`, `"panics":0`, `"dead_ends":0`, `"replay_mismatches":0`, `"twin_mismatches":0`} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: lacks %s: %s", policy, want, out)
			}
		}
	}
}
