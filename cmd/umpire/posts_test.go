package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// awaitingLengths are the lengths of the posts' "Awaiting" lines, the
// hand-off line of each post.
func awaitingLengths(out string) []int {
	var n []int
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "[channel] Awaiting ") || strings.HasPrefix(l, "[channel] Still awaiting ") {
			n = append(n, len(l))
		}
	}
	slices.Sort(n)
	return n
}

// Issue 30, item 4: a post says whose turn and the decision in one line;
// the option list lives in /help and the buttons. The median "Awaiting"
// line of the initial-assault and the Tonkin campaign scripts is under
// 300 characters (it was 790 for Tonkin), and none is a wall of text.
func TestPosts_AwaitingLineIsShort(t *testing.T) {
	dir := t.TempDir()
	for _, sc := range []struct{ seed, script string }{
		{"55", "testdata/initial-assault.txt"},
		{"1", "testdata/tonkin/campaign.txt"},
	} {
		out, errs, code := umpire(t, "play", "--seed", sc.seed, "--db", filepath.Join(dir, filepath.Base(sc.script)+".db"), "--maps=false", "--script", sc.script)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", sc.script, code, errs)
		}
		n := awaitingLengths(out)
		if len(n) < 10 {
			t.Fatalf("%s: only %d hand-off lines", sc.script, len(n))
		}
		med, most := n[len(n)/2], n[len(n)-1]
		t.Logf("%s: %d hand-off lines, median %d characters, longest %d", sc.script, len(n), med, most)
		if med >= 300 || most > 600 {
			t.Errorf("%s: hand-off lines of median %d and longest %d characters (want under 300 and 600)", sc.script, med, most)
		}
	}
}

// Issue 30, item 1: every post that hands the turn to a player carries a
// picture (France's defensive fire and the VM's combat, inside one
// impulse, posted none before).
func TestPosts_EveryHandOffHasItsPicture(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := umpire(t, "play", "--seed", "55", "--db", filepath.Join(dir, "ia.db"), "--out", filepath.Join(dir, "img"), "--script", "testdata/initial-assault.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	handoffs, pictured := 0, 0
	for _, post := range strings.Split(out, "\n> ") {
		if !strings.Contains(post, "[channel] Awaiting @") {
			continue
		}
		handoffs++
		if strings.Contains(post, "[channel] image: ") {
			pictured++
		} else {
			t.Errorf("a hand-off post without its picture:\n%s", post)
		}
	}
	if handoffs < 10 {
		t.Fatalf("only %d hand-off posts", handoffs)
	}
	t.Logf("%d hand-off posts, %d with a picture", handoffs, pictured)
}

// Issue 30, item 3: /map hex: answers privately what is at a place, a hex
// or a town, as the caller may see it; an unknown place is refused with
// how places are written.
func TestPosts_WhatIsInAHex(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s.txt")
	lines := "@alice /game new title:tonkin scenario:1953 fef:@alice vm:@bob\n@bob /game accept\n@carol /map hex:Dien_Bien_Phu\n@alice /map hex:0919\n@alice /map hex:nowhere\n"
	if err := os.WriteFile(script, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := umpire(t, "play", "--seed", "1", "--db", filepath.Join(dir, "w.db"), "--maps=false", "--script", script)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"[@carol] Game g1 (public view): 1203 Dien Bien Phu (town): clear, vietnam.",
		"Units: FEF 1 BPCP (4-5-8, 2 of 2 steps)",
		"[@alice] Game g1 (fef view): 0919 Hanoi (city)",
		`[@alice] Refused: "nowhere" is not a hex of the map nor a town`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
}
