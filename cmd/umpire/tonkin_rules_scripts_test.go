package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 24: each of Tonkin's rulebook sentences that the referee used to
// play otherwise has a console script in testdata/tonkin/rules/, in the
// format of the ruling scripts (`# seed:`, `# refused:`, `# expect:`),
// played in a situation of its own; `umpire verify` must accept each
// record (its one finding: the game is unfinished).
func TestTonkinScript_RulebookSentences(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "tonkin", "rules", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Tonkin rule scripts: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			seed, refused, expects := rulingScript(t, f)
			dir := t.TempDir()
			db := filepath.Join(dir, "g.db")
			out, errs, code := umpire(t, "play", "--seed", seed, "--db", db, "--maps=false", "--script", f)
			if code != 0 {
				t.Fatalf("play: %d %s", code, errs)
			}
			saysAsScripted(t, out, expects, refused)
			exp, errs, code := umpire(t, "export", "--db", db)
			if code != 0 {
				t.Fatalf("export: %s", errs)
			}
			rec := filepath.Join(dir, "g.json")
			if err := os.WriteFile(rec, []byte(exp), 0o600); err != nil {
				t.Fatal(err)
			}
			if vo, errs, code := umpire(t, "verify", rec); code != 0 && !(strings.Contains(vo+errs, "1 finding(s)") && strings.Contains(vo+errs, "unfinished: game")) {
				t.Fatalf("verify: %s%s", vo, errs)
			}
		})
	}
}
