package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Tonkin, issue 10: "An illegal order (a move into China by a French
// unit, a fourth operation point in a chunk of three, an attack across
// the Chinese border, a seventh airstrike) is refused with the rule that
// forbids it, and changes nothing", shown through the console as players
// give them. Scenario 1950, dice seed 1 (was 6 before the first turn's
// replacements phases rolled the VM's dumps, RULINGS T66): the VM rolls 6
// for its first chunk (3 points), the FEF 5 for its own (3 points).
func TestTonkin_RefusalsThroughTheConsole(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "refusals.txt")
	lines := []string{
		"@alice /game new title:tonkin scenario:1950 fef:@alice vm:@bob",
		"@bob /game accept",
		// 1.0, 3.0: the first turn's replacements phases (RULINGS T66)
		`@bob /order text:"done"`,
		`@alice /order text:"done"`,
		// 5.0, 5.12: a VM regiment may go into China, next to Lang Son
		`@bob /order text:"move 308/102 1723"`,
		`@bob /order text:"done"`,
		`@bob /order text:"activate 1818"`,
		`@alice /order text:"activate 1524"`,
		// the VM's chunk of 3: point 1, then an overrun across the border
		`@bob /order text:"move 308/102 1623"`,
		`@bob /order text:"overrun 308/102 1524"`,
		// points 2 and 3, then a fourth
		`@bob /order text:"move 308/102 1723"`,
		`@bob /order text:"move 308/102 1623"`,
		`@bob /order text:"move 308/102 1723"`,
		// the FEF's chunk: into China, an attack into China, seven
		// airstrikes at once, six, then a seventh
		`@alice /order text:"move 1/4_RTM 1624"`,
		`@alice /order text:"attack 1623 1/4_RTM"`,
		`@alice /order text:"interdict 0919 air air air air air air air"`,
		"@alice /game status",
		`@alice /order text:"interdict 0919 air air air air air air"`,
		`@alice /order text:"interdict 0823 air"`,
		"@alice /game status",
	}
	if err := os.WriteFile(script, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := umpire(t, "play", "--seed", "1", "--db", filepath.Join(dir, "g.db"), "--maps=false", "--script", script)
	if code != 0 {
		t.Fatalf("play: exit %d: %s\n%s", code, errs, out)
	}
	// the script plays as written: the rolls it was written for
	for _, want := range []string{
		"[channel] 6.1: the VM rolls 6: 3 operation point(s) to spend in a row (10 left in all).",
		"[channel] 6.1: the FEF rolls 5: 3 operation point(s) to spend in a row (10 left in all).",
		"[@alice] Accepted (fef): interdict 0919 air air air air air air",
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("the script no longer plays as written: no %q\n%s", want, out)
		}
	}
	refusals := []struct{ order, who, rule, why string }{
		{"overrun 308/102 1524", "@bob", "(6.6)", "no unit may attack or overrun across the Chinese border"},
		{"move 308/102 1723", "@bob", "6.1", "it is not the VM's turn to order"},
		{"move 1/4_RTM 1624", "@alice", "(5.12", "1/4 RTM cannot enter 1624: Moroccan units may not enter China"},
		{"attack 1623 1/4_RTM", "@alice", "(6.6)", "1/4 RTM at 1524 may not attack 1623: no unit may attack or overrun across the Chinese border"},
		{"interdict 0919 air air air air air air air", "@alice", "6.6 b)", "the FEF has 6 airstrike(s) left this turn (6 a turn, halved in rain), not 7"},
		{"interdict 0823 air", "@alice", "6.6 b)", "the FEF has 0 airstrike(s) left this turn"},
	}
	blocks := commandBlocks(out)
	for _, c := range refusals {
		var found bool
		// the last time the order was given (the fourth point's move
		// was given, and accepted, before)
		for i := len(blocks) - 1; i >= 0; i-- {
			b := blocks[i]
			if b.cmd != c.who+` /order text:"`+c.order+`"` {
				continue
			}
			found = true
			prefix := "[" + c.who + `] Refused: "` + c.order + `" refused: `
			if !strings.Contains(b.out, prefix) || !strings.Contains(b.out, c.rule) || !strings.Contains(b.out, c.why) {
				t.Errorf("%s %q: want a refusal naming %q and %q, got:\n%s", c.who, c.order, c.rule, c.why, b.out)
			}
			// changes nothing: nothing is said in the channel
			if strings.Contains(b.out, "[channel]") {
				t.Errorf("%q: the refusal was announced in the channel:\n%s", c.order, b.out)
			}
			break
		}
		if !found {
			t.Errorf("the console did not run %q", c.order)
		}
	}
	if n := strings.Count(out, "Refused:"); n != len(refusals) {
		t.Errorf("%d refusals, want %d: the script no longer plays as written\n%s", n, len(refusals), out)
	}
	// the airstrikes left, on the FEF's status: 6 after the refused
	// seven, 0 after the six flown
	var st []string
	for _, b := range blocks {
		if b.cmd == "@alice /game status" {
			st = append(st, b.out)
		}
	}
	if len(st) != 2 || !strings.Contains(st[0], "airstrikes 6") || !strings.Contains(st[1], "airstrikes 0") {
		t.Errorf("the FEF's airstrikes on its status, after the refused seven and after six flown:\n%s", strings.Join(st, "\n---\n"))
	}
}

type commandBlock struct{ cmd, out string }

// commandBlocks splits console output at its echoed commands ("> ...").
func commandBlocks(out string) []commandBlock {
	var bs []commandBlock
	for _, l := range strings.Split(out, "\n") {
		if c, ok := strings.CutPrefix(l, "> "); ok {
			bs = append(bs, commandBlock{cmd: c})
			continue
		}
		if len(bs) > 0 {
			bs[len(bs)-1].out += l + "\n"
		}
	}
	return bs
}
