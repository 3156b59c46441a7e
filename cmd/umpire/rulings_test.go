package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Issue 17: each fidelity fix has a console script in testdata/rulings/
// that shows it to a reader. A script names its dice seed (`# seed: N`)
// and what the console must say (`# expect: <text>`), in order, after
// the commands above the line; `# refused: N` is the number of refusals
// the script provokes on purpose, so a script that derails fails. Then
// `umpire verify` must accept the record.
func TestRulingScripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "rulings", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no ruling scripts: %v", err)
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
			rec := filepath.Join(dir, "g.json")
			exp, errs, code := umpire(t, "export", "--db", db)
			if code != 0 {
				t.Fatalf("export: %s", errs)
			}
			if err := os.WriteFile(rec, []byte(exp), 0o600); err != nil {
				t.Fatal(err)
			}
			// A script stops mid-game: verify checks every roll and the
			// replay, and its one finding is that the game is unfinished.
			if vo, errs, code := umpire(t, "verify", rec); code != 0 && !(strings.Contains(vo+errs, "1 finding(s)") && strings.Contains(vo+errs, "unfinished: game")) {
				t.Fatalf("verify: %s%s", vo, errs)
			}
		})
	}
}

// saysAsScripted: the console says each of expects, in order, and
// refuses as many orders as the script provokes on purpose (refused < 0:
// not counted).
func saysAsScripted(t *testing.T, out string, expects []string, refused int) {
	t.Helper()
	rest := out
	for _, e := range expects {
		i := strings.Index(rest, e)
		if i < 0 {
			t.Fatalf("the console does not say, after what came before it:\n  %s\noutput:\n%s", e, out)
		}
		rest = rest[i+len(e):]
	}
	if n := strings.Count(out, "Refused:"); refused >= 0 && n != refused {
		t.Fatalf("%d refusals, want %d: the script no longer plays as written\n%s", n, refused, out)
	}
}

func rulingScript(t *testing.T, path string) (seed string, refused int, expects []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	refused = -1
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "# seed: "):
			seed = strings.TrimPrefix(l, "# seed: ")
		case strings.HasPrefix(l, "# refused: "):
			if refused, err = strconv.Atoi(strings.TrimPrefix(l, "# refused: ")); err != nil {
				t.Fatal(err)
			}
		case strings.HasPrefix(l, "# expect: "):
			expects = append(expects, strings.TrimPrefix(l, "# expect: "))
		}
	}
	if seed == "" || len(expects) == 0 {
		t.Fatalf("%s: a ruling script names its seed and what it expects", path)
	}
	return seed, refused, expects
}
