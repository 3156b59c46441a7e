package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// playedToItsEnd is every title's "a scripted game through the console to
// its end" check (issues 10, 25, 28): the script (in the ruling scripts'
// format: `# seed:`, `# refused:`, `# expect:`) is played on fresh files,
// twice unless twice is false and the run is -short, giving byte-identical
// output; it says what it expects and refuses what it scripts; the game
// ends and its seed is revealed; and `umpire verify` on the exported
// record re-derives every roll, replays the log through the title's rules
// and finds nothing. It returns the console's output and the record.
func playedToItsEnd(t *testing.T, script, title string, twice bool) (out, rec string) {
	t.Helper()
	seed, refused, expects := rulingScript(t, script)
	dir := t.TempDir()
	var outs []string
	for i := 0; i < 2; i++ {
		db := filepath.Join(dir, "g"+string(rune('a'+i))+".db")
		o, errs, code := umpire(t, "play", "--seed", seed, "--db", db, "--maps=false", "--script", script)
		if code != 0 {
			t.Fatalf("play: %d %s", code, errs)
		}
		outs = append(outs, o)
		if !twice && testing.Short() {
			break
		}
	}
	out = outs[0]
	if len(outs) == 2 && outs[0] != outs[1] {
		a, b := strings.Split(outs[0], "\n"), strings.Split(outs[1], "\n")
		for i := 0; i < len(a) && i < len(b); i++ {
			if a[i] != b[i] {
				t.Fatalf("the same script with the same seed gave different output, first at line %d:\n%s\n%s", i+1, a[i], b[i])
			}
		}
		t.Fatalf("the same script with the same seed gave different output (%d and %d lines)", len(a), len(b))
	}
	saysAsScripted(t, out, expects, refused)
	if !strings.Contains(out, "[channel] Game g1 is over: ") || !strings.Contains(out, "[channel] The dice seed is now public:") {
		t.Fatalf("the game did not end:\n%s", out[max(0, len(out)-3000):])
	}
	rec, errs, code := umpire(t, "export", "--db", filepath.Join(dir, "ga.db"))
	if code != 0 {
		t.Fatalf("export: %s", errs)
	}
	path := filepath.Join(dir, "rec.json")
	if err := os.WriteFile(path, []byte(rec), 0o600); err != nil {
		t.Fatal(err)
	}
	vo, ve, code := umpire(t, "verify", path)
	if code != 0 || !strings.HasPrefix(vo, "OK:") || strings.Contains(vo+ve, "finding") {
		t.Fatalf("verify: %d %s%s", code, vo, ve)
	}
	if !strings.Contains(vo, "the log replays through the rules of "+title) {
		t.Errorf("verify does not say the log replays through %s: %s", title, vo)
	}
	return out, rec
}
