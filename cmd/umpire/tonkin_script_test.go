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
	out, rec := playedToItsEnd(t, script, "tonkin", true)
	if !strings.Contains(out, "[channel] Game g1 is over: fef wins") {
		t.Fatalf("the FEF did not win:\n%s", out[max(0, len(out)-3000):])
	}
	if !strings.Contains(rec, `"winner": "fef"`) {
		t.Error("the record does not end with the FEF's victory")
	}
}

// Issue 24 item 1, RULINGS T58: testdata/tonkin/leaks.txt plays the
// issue's reproductions; its `# twin: A => B` line names the VM order
// that, changed, makes a game differing only in what closed forest stacks
// hold. Both games say to the channel and to the FEF's player the same
// lines, and draw the same public and FEF maps byte for byte; the script
// says what it expects, and `umpire verify` accepts its record.
func TestTonkinScript_LeaksReadTheSame(t *testing.T) {
	script := filepath.Join("testdata", "tonkin", "leaks.txt")
	seed, refused, expects := rulingScript(t, script)
	raw, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	var from, to string
	for _, l := range strings.Split(string(raw), "\n") {
		if a, b, ok := strings.Cut(strings.TrimPrefix(l, "# twin: "), " => "); ok && strings.HasPrefix(l, "# twin: ") {
			from, to = a, b
		}
	}
	if from == "" || !strings.Contains(string(raw), "text:\""+from+"\"") {
		t.Fatalf("%s: no `# twin: A => B` line naming one of its orders", script)
	}
	dir := t.TempDir()
	twin := filepath.Join(dir, "twin.txt")
	if err := os.WriteFile(twin, []byte(strings.Replace(string(raw), "text:\""+from+"\"", "text:\""+to+"\"", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	var said []string
	var maps [][]string
	for i, f := range []string{script, twin} {
		name := string(rune('a' + i))
		db, out := filepath.Join(dir, name+".db"), filepath.Join(dir, name)
		o, errs, code := umpire(t, "play", "--seed", seed, "--db", db, "--out", out, "--script", f)
		if code != 0 {
			t.Fatalf("play %s: %d %s", f, code, errs)
		}
		if i == 0 {
			saysAsScripted(t, o, expects, refused)
			rec, errs, code := umpire(t, "export", "--db", db)
			if code != 0 {
				t.Fatalf("export: %s", errs)
			}
			path := filepath.Join(dir, "rec.json")
			if err := os.WriteFile(path, []byte(rec), 0o600); err != nil {
				t.Fatal(err)
			}
			if vo, ve, code := umpire(t, "verify", path); code != 0 && !(strings.Contains(vo+ve, "1 finding(s)") && strings.Contains(vo+ve, "unfinished: game")) {
				t.Fatalf("verify: %s%s", vo, ve)
			}
		}
		var fef []string
		for _, l := range strings.Split(o, "\n") {
			if strings.HasPrefix(l, "[channel] ") || strings.HasPrefix(l, "[@alice] ") {
				fef = append(fef, strings.ReplaceAll(l, out+string(filepath.Separator), ""))
			}
		}
		said = append(said, strings.Join(fef, "\n"))
		pngs, _ := filepath.Glob(filepath.Join(out, "*.png"))
		var ms []string
		for _, p := range pngs {
			if strings.HasSuffix(p, "-vm.png") || strings.HasSuffix(p, "-referee.png") {
				continue
			}
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, filepath.Base(p)+" "+string(b))
		}
		maps = append(maps, ms)
	}
	if said[0] != said[1] {
		a, b := strings.Split(said[0], "\n"), strings.Split(said[1], "\n")
		for i := 0; i < len(a) && i < len(b); i++ {
			if a[i] != b[i] {
				t.Fatalf("the FEF and the public hear the twins apart, first at line %d:\n%s\n%s", i+1, a[i], b[i])
			}
		}
		t.Fatalf("the FEF and the public hear the twins apart (%d and %d lines)", len(a), len(b))
	}
	if len(maps[0]) == 0 || len(maps[0]) != len(maps[1]) {
		t.Fatalf("maps drawn: %d and %d", len(maps[0]), len(maps[1]))
	}
	fefMaps := 0
	for i := range maps[0] {
		if maps[0][i] != maps[1][i] {
			t.Errorf("map %s differs between the twins", strings.Fields(maps[0][i])[0])
		}
		if strings.Contains(strings.Fields(maps[0][i])[0], "-fef.png") {
			fefMaps++
		}
	}
	if fefMaps == 0 {
		t.Error("no FEF map was drawn")
	}
}
