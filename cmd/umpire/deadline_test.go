package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Issue 11 (done when), in the console: a game with a 24 h deadline on a
// fake clock reminds the awaited player, takes the default at each
// expiry, calls the moderators for a decision without a default, and
// plays to its end; the record marks the defaults, and export then
// verify pass.
func TestPlay_DeadlinesOnAFakeClock(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "d.db")
	out, errs, code := umpire(t, "play", "--seed", "3", "--maps=false", "--db", db, "--clock", "2026-01-01T00:00Z", "--script", "testdata/deadlines.txt")
	if code != 0 {
		t.Fatal(errs)
	}
	for _, want := range []string{
		"[channel] Reminder: @alice (french), game g1 awaits you — Set-up for Turn 1 (13 March 1954), French set-up (9)",
		"The deadline is 2026-01-02 00:00 UTC (in 12h); then Umpire takes the default order for you.",
		"[channel] The deadline for @alice (french) passed (2026-01-02 00:00 UTC): Umpire took the default for french",
		"[@alice] Umpire took the default order for you in game g1: done.",
		"[channel] The deadline for @bob (vm) in game g1 passed (2026-01-07 00:00 UTC) — Turn 1 (13 March 1954), VM decision (2)",
		"This decision has no default: the rules leave it to its player. Moderators: the game waits for you",
		"[channel] Game over: France wins.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q\n%s", want, out)
		}
	}
	if n := strings.Count(out, "Reminder:"); n != 1 {
		t.Errorf("%d reminders; the script moves the clock past every other reminder in one step, after which only the expiry is handled", n)
	}
	rec, _, code := umpire(t, "export", "--db", db)
	if code != 0 {
		t.Fatal("export")
	}
	var r adjudicator.Record
	if err := json.Unmarshal([]byte(rec), &r); err != nil {
		t.Fatal(err)
	}
	defaults := 0
	for _, e := range r.Entries {
		if e.Actor == adjudicator.ActorDeadline {
			defaults++
			if e.Default != "deadline" {
				t.Errorf("entry %d by the deadline is not marked: %+v", e.Seq, e)
			}
		}
	}
	if defaults != 9 || !strings.Contains(rec, `"default": "deadline"`) {
		t.Fatalf("%d defaulted entries in the export", defaults)
	}
	path := filepath.Join(dir, "rec.json")
	os.WriteFile(path, []byte(rec), 0o600)
	if vout, verr, code := umpire(t, "verify", path); code != 0 || !strings.HasPrefix(vout, "OK: game g1, 12 entries") { // bob's accepting his seat is one (issue 15)
		t.Fatalf("verify: %s %s", vout, verr)
	}
}

// Issue 11 (done when): the process killed (SIGKILL) while a deadline is
// due, before the default's commit or after it and before its
// announcement, and started again: the deadline is handled exactly once,
// and announced once.
func TestPlay_KilledWhileADeadlineIsDue(t *testing.T) {
	for _, point := range []string{"deadline:default", "deadline:committed"} {
		t.Run(point, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "k.db")
			script := func(name string, lines ...string) string {
				p := filepath.Join(dir, name)
				os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o600)
				return p
			}
			s1 := script("s1.txt", "@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob", "@bob /game accept",
				"@mod /game settings deadline:24h remind:none", "@dave /clock advance:25h")
			cmd := exec.Command(os.Args[0], "play", "--seed", "3", "--maps=false", "--db", db, "--clock", "2026-01-01T00:00Z", "--script", s1)
			cmd.Env = append(os.Environ(), "UMPIRE_TEST_MAIN=1", "UMPIRE_TEST_KILL_AT="+point)
			first, err := cmd.Output()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("the first process was not killed at %s: %v\n%s", point, err, first)
			}
			if strings.Contains(string(first), "passed") {
				t.Fatalf("announced before the kill:\n%s", first)
			}
			s2 := script("s2.txt", "@dave /game status")
			var after strings.Builder
			for range 2 {
				after.WriteString(umpireProcess(t, "play", "--seed", "3", "--maps=false", "--db", db, "--clock", "2026-01-02T02:00Z", "--script", s2))
			}
			if n := strings.Count(after.String(), "The deadline for @alice (french) passed (2026-01-02 00:00 UTC)"); n != 1 {
				t.Fatalf("the deadline announced %d times after two starts:\n%s", n, after.String())
			}
			rec := umpireProcess(t, "export", "--db", db)
			if n := strings.Count(rec, `"actor": "deadline"`); n != 1 {
				t.Fatalf("%d entries by the deadline:\n%s", n, rec)
			}
		})
	}
}
