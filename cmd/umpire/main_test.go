package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

func umpire(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// DESIGN: Console transport and CLI contract. A script run twice on fresh
// files gives byte-identical output; a second script continues the game;
// export then verify passes; one altered roll fails verification.
func TestPlay_ScriptDeterministicAndContinued(t *testing.T) {
	dir := t.TempDir()
	var outs []string
	for i := 0; i < 2; i++ {
		db := filepath.Join(dir, "g"+string(rune('a'+i))+".db")
		out, errs, code := umpire(t, "play", "--seed", "7", "--db", db, "--out", filepath.Join(dir, "img"), "--script", "testdata/turn1.txt")
		if code != 0 {
			t.Fatalf("play: %d %s", code, errs)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Fatal("the same script with the same seed gave different output")
	}
	out := outs[0]
	for _, want := range []string{
		"[@bob] Refused: \"dig N\" refused: a trench in Zone N must be joined to a jungle zone",
		"[@bob] Refused: \"move 308/88/29 P\" refused: in strategic movement the VM goes to jungle zones, zones with trenches or captured PAs",
		"[@alice] Undone: \"done\".",
		"[channel] 3.3: a hidden VM unit moves",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// The refused dig changed nothing: the status before and after match.
	st := statusBlocks(out, "@alice")
	if len(st) < 2 || st[0] != st[1] {
		t.Fatalf("status changed across the refused dig:\n%s", out)
	}
	// Hidden information: the public channel never names a VM battalion.
	vmID := regexp.MustCompile(`\b3\d\d/\d+/\d+\b`)
	for _, l := range strings.Split(out, "\n") {
		if (strings.HasPrefix(l, "[channel]") || strings.HasPrefix(l, "[@alice]")) && vmID.MatchString(l) {
			t.Errorf("French or public line names a VM battalion: %s", l)
		}
	}
	db := filepath.Join(dir, "ga.db")
	out2, errs, code := umpire(t, "play", "--seed", "7", "--db", db, "--out", filepath.Join(dir, "img"), "--script", "testdata/turn2.txt")
	if code != 0 {
		t.Fatal(errs)
	}
	for _, want := range []string{"Game g1 (french view)", "Moderator mod undid the last 1 order(s)", "The dice seed is now public"} {
		if !strings.Contains(out2, want) {
			t.Errorf("continuation lacks %q:\n%s", want, out2)
		}
	}
	rec, _, code := umpire(t, "export", "--db", db)
	if code != 0 {
		t.Fatal("export failed")
	}
	path := filepath.Join(dir, "rec.json")
	os.WriteFile(path, []byte(rec), 0o600)
	vout, verr, code := umpire(t, "verify", path)
	if code != 0 || !strings.HasPrefix(vout, "OK:") {
		t.Fatalf("verify: %d %s %s", code, vout, verr)
	}
	// One roll altered: verify fails.
	var r adjudicator.Record
	if err := json.Unmarshal([]byte(rec), &r); err != nil {
		t.Fatal(err)
	}
	altered := false
	for i := range r.Entries {
		if len(r.Entries[i].Rolls) > 0 {
			r.Entries[i].Rolls[0].Value = r.Entries[i].Rolls[0].Value%6 + 1
			altered = true
			break
		}
	}
	if !altered {
		t.Fatal("the game rolled no die")
	}
	b, _ := json.Marshal(r)
	os.WriteFile(path, b, 0o600)
	if _, verr, code := umpire(t, "verify", path); code == 0 || !strings.Contains(verr, "dice mismatch") {
		t.Fatalf("verify passed an altered roll: %s", verr)
	}
	// A seed that does not match the commitment fails too.
	r2 := adjudicator.Record{}
	json.Unmarshal([]byte(rec), &r2)
	r2.Seed[0] ^= 1
	b, _ = json.Marshal(r2)
	os.WriteFile(path, b, 0o600)
	if _, verr, code := umpire(t, "verify", path); code == 0 || !strings.Contains(verr, "commitment") {
		t.Fatalf("verify passed a wrong seed: %s", verr)
	}
}

// An illegal order changes nothing: /game status is identical before and
// after it.
func TestPlay_RefusedOrderChangesNothing(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s.txt")
	os.WriteFile(script, []byte(strings.Join([]string{
		"@a /game new title:hell scenario:full-battle french:@a vm:@b",
		"@b /game accept",
		"@a /order text:done",
		"@b /order text:done",
		"@b /order text:done",
		"@b /game status",
		"@b /order text:\"dig N 3; dig G\"",
		"@b /game status",
		"@b /order text:\"dig HU\"",
		"@b /game status",
		"@b /order text:\"dig G; dig N 3\"",
	}, "\n")), 0o600)
	out, errs, code := umpire(t, "play", "--seed", "3", "--db", filepath.Join(dir, "x.db"), "--out", filepath.Join(dir, "img"), "--script", script)
	if code != 0 {
		t.Fatal(errs)
	}
	st := statusBlocks(out, "@b")
	if len(st) != 3 || st[0] != st[1] || st[1] != st[2] {
		t.Fatalf("status changed across refused orders:\n%s", out)
	}
	if !strings.Contains(out, "none was taken") || !strings.Contains(out, "CR zone") {
		t.Fatalf("refusals do not say why:\n%s", out)
	}
	// Issue 12: a batch refused at a later order takes the orders before
	// it, announced, and says so.
	if !strings.Contains(out, "[@b] Accepted (vm): dig G. Refused: \"dig N 3\" refused:") ||
		!strings.Contains(out, "(order 2 of 2; order 1 was taken, order 2 was not)") {
		t.Fatalf("refusals do not say why:\n%s", out)
	}
}

// statusBlocks collects the consecutive [@user] lines after each /game
// status command.
func statusBlocks(out, user string) []string {
	var blocks []string
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "> "+user+" /game status") {
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

func TestPlayout_JSON(t *testing.T) {
	out, errs, code := umpire(t, "playout", "--title", "hell", "--scenario", "initial-assault", "--games", "20", "--seed", "1", "--json")
	if code != 0 {
		t.Fatal(errs)
	}
	var st map[string]any
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"games", "finished", "panics", "dead_ends", "replay_mismatches", "actions", "seconds"} {
		if _, ok := st[k]; !ok {
			t.Errorf("playout JSON lacks %s", k)
		}
	}
	if st["finished"].(float64) != 20 {
		t.Fatalf("%v", st)
	}
}

func TestCLI_Usage(t *testing.T) {
	if _, _, code := umpire(t); code != 2 {
		t.Fatal("no command must exit 2")
	}
	if _, errs, code := umpire(t, "frobnicate"); code != 2 || !strings.Contains(errs, "unknown command") {
		t.Fatal(errs)
	}
	if _, errs, code := umpire(t, "export", "--db", filepath.Join(t.TempDir(), "none.db")); code == 0 || !strings.Contains(errs, "no database") {
		t.Fatal(errs)
	}
}

// Issue "operational phase", done when: a console script plays an
// initial-assault game to its end, the console announces the winner and
// reveals the seed, and verify passes on its record; orders that break
// sections 4-6 are refused with the reason.
func TestPlay_InitialAssaultToTheEnd(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "ia.db")
	out, errs, code := umpire(t, "play", "--seed", "55", "--db", db, "--out", filepath.Join(dir, "img"), "--script", "testdata/initial-assault.txt")
	if code != 0 {
		t.Fatal(errs)
	}
	for _, want := range []string{
		`Refused: "fire B1" refused: B1 (Beatrice 1) was already bombarded this impulse: one fire per place (5.2)`,
		`Refused: "attack H6" refused: no engaged, organized battalion stands in an assault base reaching H6`,
		`Refused: "move 312/209/154 B1" refused: 312/209/154 is Disorganized: it may only withdraw from an assault base to its zone (5.3)`,
		"5.5 hand-to-hand at",
		"is routed to Jungle Zone 2",
		"[channel] Game over: France wins.",
		"[channel] The dice seed is now public:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// Issue 15 item 2: no "Awaiting" post pings the player who gave the
	// command (a player still awaited is named without the @), and the
	// turn passing pings the other.
	lines := strings.Split(out, "\n")
	actor, pings := "", 0
	for _, l := range lines {
		if f := strings.Fields(l); strings.HasPrefix(l, "> @") && len(f) > 1 {
			actor = f[1]
		}
		if strings.HasPrefix(l, "[channel] Awaiting ") || strings.HasPrefix(l, "[channel] Still awaiting ") {
			who, _, _ := strings.Cut(l, " — ")
			if strings.Contains(who+" ", actor+" ") {
				t.Errorf("after a command by %s: %s", actor, l)
			}
			pings += strings.Count(who, "@")
		}
	}
	if pings == 0 {
		t.Error("no Awaiting post pings anyone")
	}
	// Standing orders are private: nothing about them reaches the channel.
	for i, l := range lines {
		if strings.HasPrefix(l, "> ") && strings.Contains(l, "/order") && strings.Contains(l, "standing") {
			for _, m := range lines[i+1:] {
				if strings.HasPrefix(m, "> ") {
					break
				}
				if strings.HasPrefix(m, "[channel]") {
					t.Errorf("a standing order reached the channel: %s", m)
				}
			}
		}
	}
	rec, _, code := umpire(t, "export", "--db", db)
	if code != 0 {
		t.Fatal("export")
	}
	path := filepath.Join(dir, "rec.json")
	os.WriteFile(path, []byte(rec), 0o600)
	if vout, verr, code := umpire(t, "verify", path); code != 0 || !strings.HasPrefix(vout, "OK:") {
		t.Fatalf("verify: %s %s", vout, verr)
	}
}
