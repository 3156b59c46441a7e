package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 30, item 6: in every title, /help prefix:standing gives each of
// the asking side's standing keys its line saying what it answers; a
// title with a standing profile (Hell, Tonkin) starts a game made without
// standing:ask from it and says so at the start; a title without one
// (Storm, The Lost Valley, The Final Gamble) says nothing of a profile and refuses
// standing:default. Every title shows each side its own standing orders
// in /game status (issue 30, item 5).
func TestStanding_HelpLinePerKeyEveryTitle(t *testing.T) {
	for _, c := range []struct {
		title, scenario string
		seats           []string
		profile         bool
	}{
		{"hell", "initial-assault", []string{"french", "vm"}, true},
		{"tonkin", "1953", []string{"fef", "vm"}, true},
		{"storm", "battle", []string{"vm", "french"}, false},
		{"lostvalley", "campaign", []string{"french"}, false},
		{"finalgamble", "A", []string{"french", "vm"}, false},
	} {
		users := []string{"alice", "bob"}
		lines := []string{}
		newGame := "@alice /game new title:" + c.title + " scenario:" + c.scenario
		for i, s := range c.seats {
			newGame += " " + s + ":@" + users[i]
		}
		if !c.profile {
			lines = append(lines, newGame+" standing:default")
		}
		lines = append(lines, newGame)
		if len(c.seats) > 1 {
			lines = append(lines, "@bob /game accept")
		}
		for i := range c.seats {
			lines = append(lines, "@"+users[i]+" /help prefix:standing", "@"+users[i]+" /game status")
		}
		dir := t.TempDir()
		script := filepath.Join(dir, "s.txt")
		if err := os.WriteFile(script, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
			t.Fatal(err)
		}
		// A refused /game new stops a script: the refusal is checked in
		// a script of its own.
		if !c.profile {
			bad := filepath.Join(dir, "bad.txt")
			if err := os.WriteFile(bad, []byte(lines[0]), 0o600); err != nil {
				t.Fatal(err)
			}
			out, _, _ := umpire(t, "play", "--seed", "1", "--maps=false", "--db", filepath.Join(dir, "bad.db"), "--script", bad)
			if !strings.Contains(out, "has no default standing profile") {
				t.Errorf("%s: standing:default is not refused:\n%s", c.title, out)
			}
			if err := os.WriteFile(script, []byte(strings.Join(lines[1:], "\n")), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		out, errs, code := umpire(t, "play", "--seed", "1", "--maps=false", "--db", filepath.Join(dir, "x.db"), "--script", script)
		if code != 0 {
			t.Fatalf("%s: %s\n%s", c.title, errs, out)
		}
		if note := strings.Contains(out, "Each side starts from standing orders that answer routine reactions"); note != c.profile {
			t.Errorf("%s: the start post tells of a standing profile: %v, want %v", c.title, note, c.profile)
		}
		for i := range c.seats {
			u := "@" + users[i]
			keys := 0
			for _, block := range blocksAfter(out, u, "/help prefix:standing") {
				for _, l := range strings.Split(block, "\n") {
					body := strings.TrimPrefix(l, "["+u+"] ")
					if !strings.HasPrefix(body, "    ") {
						continue
					}
					keys++
					if _, help, ok := strings.Cut(body, " — "); !ok || len(help) < 10 {
						t.Errorf("%s %s: a standing key's line says not what it answers: %q", c.title, c.seats[i], body)
					}
				}
			}
			if keys < 2 {
				t.Errorf("%s %s: /help prefix:standing lists %d keys:\n%s", c.title, c.seats[i], keys, out)
			}
			st := strings.Join(blocksAfter(out, u, "/game status"), "\n")
			if n := strings.Count(st, "["+u+"] Your standing orders: "); n != 1 {
				t.Errorf("%s %s: /game status shows the side's standing orders %d times, want once:\n%s", c.title, c.seats[i], n, st)
			}
		}
	}
}

// blocksAfter collects the consecutive [user] lines after each of user's
// commands starting with cmd.
func blocksAfter(out, user, cmd string) []string {
	var blocks []string
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "> "+user+" "+cmd) {
			var b []string
			for _, m := range lines[i+1:] {
				if !strings.HasPrefix(m, "["+user+"]") {
					break
				}
				b = append(b, m)
			}
			blocks = append(blocks, strings.Join(b, "\n"))
		}
	}
	return blocks
}

// Issue 30, item 3: Tonkin's /help lists hexes with their town (0919
// Hanoi), and the refusal of `lead 2/3 REI`-like names is covered in
// adjudicator/tonkin (TestRule6_9_LeadAnswerWithASpacedNameSaysHowToWriteIt).
func TestTonkin_HelpNamesHexesWithTheirTown(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s.txt")
	lines := []string{
		"@alice /game new title:tonkin scenario:1953 fef:@alice vm:@bob standing:ask",
		"@bob /game accept",
		"@bob /order text:done", "@alice /order text:done", "@bob /order text:done",
		"@bob /order text:\"activate 1319\"",
		"@alice /help",
		"@alice /help prefix:\"activate 0\"",
	}
	if err := os.WriteFile(script, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errs, code := umpire(t, "play", "--seed", "1", "--maps=false", "--db", filepath.Join(dir, "x.db"), "--script", script)
	if code != 0 {
		t.Fatalf("%s\n%s", errs, out)
	}
	if a := strings.Join(blocksAfter(out, "@alice", "/help prefix:\"activate 0\""), "\n"); !strings.Contains(a, "  activate 0919 (Hanoi)") {
		t.Errorf("prefix:\"activate 0\" does not name Hanoi:\n%s", a)
	}
	h := strings.Join(blocksAfter(out, "@alice", "/help"), "\n")
	if !strings.Contains(h, "<hex>: 0823 Haiphong, 0919 Hanoi, 1203 Dien Bien Phu") {
		t.Errorf("the FEF's dumps are not listed with their towns:\n%s", h)
	}
}
