package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 10, "done when": a scripted Tonkin game plays through the console
// to a victory (testdata/tonkin/campaign.txt, in the format of the ruling
// scripts: `# seed:`, `# refused:`, `# expect:` in order). Two runs on
// fresh files give byte-identical output (the dice are replayed, not
// drawn anew), the game is over with a winner, and `umpire verify` on the
// exported record re-derives every roll, replays the log through the
// Tonkin rules and finds nothing: the game is finished.
func TestTonkinScript_CampaignToVictory(t *testing.T) {
	script := filepath.Join("testdata", "tonkin", "campaign.txt")
	seed, refused, expects := rulingScript(t, script)
	dir := t.TempDir()
	var outs []string
	for i := 0; i < 2; i++ {
		db := filepath.Join(dir, "g"+string(rune('a'+i))+".db")
		out, errs, code := umpire(t, "play", "--seed", seed, "--db", db, "--maps=false", "--script", script)
		if code != 0 {
			t.Fatalf("play: %d %s", code, errs)
		}
		outs = append(outs, out)
	}
	out := outs[0]
	if outs[0] != outs[1] {
		a, b := strings.Split(outs[0], "\n"), strings.Split(outs[1], "\n")
		for i := 0; i < len(a) && i < len(b); i++ {
			if a[i] != b[i] {
				t.Fatalf("the same script with the same seed gave different output, first at line %d:\n%s\n%s", i+1, a[i], b[i])
			}
		}
		t.Fatalf("the same script with the same seed gave different output (%d and %d lines)", len(a), len(b))
	}
	saysAsScripted(t, out, expects, refused)
	if !strings.Contains(out, "[channel] Game g1 is over: fef wins") || !strings.Contains(out, "[channel] The dice seed is now public:") {
		t.Fatalf("the game did not end with a winner:\n%s", out)
	}
	db := filepath.Join(dir, "ga.db")
	rec, errs, code := umpire(t, "export", "--db", db)
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
	for _, want := range []string{"the log replays through the rules of tonkin", "the game ended as recorded: fef wins"} {
		if !strings.Contains(vo, want) {
			t.Errorf("verify does not say %q: %s", want, vo)
		}
	}
}
