package bot

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// seenBy is every text line the console showed viewer user ("" for an
// onlooker): the channel's lines and their own.
func seenBy(out, user string) map[string]bool {
	seen := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		for _, tag := range []string{"[channel] ", "[@" + user + "] "} {
			if t, ok := strings.CutPrefix(l, tag); ok && (tag == "[channel] " || user != "") {
				seen[t] = true
			}
		}
	}
	return seen
}

var (
	logEventRE = regexp.MustCompile(`^\[@(\w+)\]   · (.*)$`)
	logHeadRE  = regexp.MustCompile(`^\[@\w+\] #(\d+) \S+ \S+ — (.*)$`)
)

// Issue 11, item 6: /game log shows each viewer exactly what their view
// showed them, never more: every event line of a player's log is a line
// the player was shown while the game was played, and no other side's
// order text appears; an onlooker's log holds only what the channel
// showed. Once the game is over, the whole record is open: every order,
// its dice, the seed, and the record for umpire verify.
func TestLog_NeverMoreThanTheViewerSaw(t *testing.T) {
	w := newClockWorld(t)
	w.svc.Seed = DemoSeed(55) // the seed the transcript was played with
	f, err := os.Open("../cmd/umpire/testdata/initial-assault.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	last := lines[len(lines)-1]
	var played strings.Builder
	for _, l := range lines[:len(lines)-1] {
		played.WriteString(w.line(l))
	}
	out := played.String()
	if strings.Contains(out, "Game over") {
		t.Fatal("the game ended before its last line")
	}
	rec, _ := w.db.Record("g1")
	n := len(rec.Entries)
	for _, user := range []string{"alice", "bob", "dave"} {
		seen := seenBy(out, map[string]string{"dave": ""}[user]+map[bool]string{true: user}[user != "dave"])
		side := map[string]string{"alice": "french", "bob": "vm"}[user]
		events, heads := 0, 0
		for from := 1; from <= n; from += 50 {
			page := w.line(fmt.Sprintf("@%s /game log from:%d to:%d", user, from, min(n, from+49)))
			for _, l := range strings.Split(page, "\n") {
				if m := logEventRE.FindStringSubmatch(l); m != nil {
					events++
					if !seen[m[2]] {
						t.Errorf("%s's log shows what they were never shown: %q", user, m[2])
					}
				}
				if m := logHeadRE.FindStringSubmatch(l); m != nil {
					heads++
					if strings.Contains(m[2], `"`) && (side == "" || !strings.Contains(m[2], "("+side+"): \"")) {
						t.Errorf("%s's log shows another side's order: %s", user, l)
					}
				}
			}
		}
		if heads != n || events < 50 {
			t.Fatalf("%s's log: %d entries of %d, %d events", user, heads, n, events)
		}
	}
	// The end: everything, with the seed and the record.
	end := w.line(last)
	if !strings.Contains(end, "Game over") {
		t.Fatalf("the last line did not end the game: %s", end)
	}
	all := w.line("@dave /game log from:1 to:40")
	for _, want := range []string{`@bob (vm): "standing losses most"`, `@alice (french): "fire B1 E>B1"`, "; dice d6:", "The dice seed is ", "umpire verify g1-record.json", "[@dave] file: "} {
		if !strings.Contains(all, want) {
			t.Errorf("the whole record after the end lacks %q", want)
		}
	}
	for _, c := range []struct{ line, want string }{
		{"@dave /game log from:0", "Refused: from: an entry number from 1 to"},
		{"@dave /game log from:9999", "Refused: from:9999: the log has"},
		{"@dave /game log from:20 to:10", "Refused: from:20 is after to:10"},
		{"@dave /game log from:1 to:60", "Refused: at most 50 entries at once"},
		{"@dave /game log page:2", "Refused: unknown option page"},
	} {
		if got := w.line(c.line); !strings.Contains(got, c.want) {
			t.Errorf("%s: %s", c.line, got)
		}
	}
}
