package discord

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/tonkin"
	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/storage"
)

// The Tonkin game the console plays to a victory (issue 10, "done when").
var tonkinScript = filepath.Join("..", "..", "cmd", "umpire", "testdata", "tonkin", "campaign.txt")

func tonkinTitles(t *testing.T) map[string]adjudicator.Rules {
	t.Helper()
	d, err := tonkin.Default()
	if err != nil {
		t.Fatal(err)
	}
	return map[string]adjudicator.Rules{"tonkin": tonkin.New(d)}
}

// scriptLines reads a console script: its command lines, and the seed and
// refusals its `# seed:` and `# refused:` comments name.
func scriptLines(t *testing.T, path string) (lines []string, seed int64, refused int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(l, "# seed: "):
			seed, err = strconv.ParseInt(strings.TrimPrefix(l, "# seed: "), 10, 64)
		case strings.HasPrefix(l, "# refused: "):
			refused, err = strconv.Atoi(strings.TrimPrefix(l, "# refused: "))
		case l != "" && !strings.HasPrefix(l, "#"):
			lines = append(lines, l)
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if seed == 0 || len(lines) == 0 {
		t.Fatalf("%s: no seed or no commands", path)
	}
	return lines, seed, refused
}

// TestEndToEndTonkinSameRecordAsConsole: the scripted Tonkin game (both
// sides' standing orders, two game turns, the four refused orders, Giap
// killed) played through the Discord path gives the same record as
// through the console, the end of the game included. Both services are
// as `umpire play --seed N` is: dice from the demo seed, seats offered and
// accepted.
func TestEndToEndTonkinSameRecordAsConsole(t *testing.T) {
	lines, seed, refused := scriptLines(t, tonkinScript)
	db, err := storage.Open(filepath.Join(t.TempDir(), "console.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := &bot.Service{DB: db, Titles: tonkinTitles(t), Seed: bot.DemoSeed(seed), Mods: map[string]bool{}}
	con := &bot.Console{Service: svc, Channel: "console", Out: io.Discard}
	for _, l := range lines {
		con.Line(l)
	}
	want, err := db.Record("g1") // over: no longer the channel's live game
	if err != nil {
		t.Fatal(err)
	}
	last := want.Entries[len(want.Entries)-1]
	if last.Result == nil || last.Result.Winner == "" {
		t.Fatalf("the console game did not end with a winner: last entry %+v", last)
	}

	h := newHarness(t)
	h.svc.Titles, h.svc.Seed, h.svc.SeatNamed = svc.Titles, bot.DemoSeed(seed), false
	got, n := discordReplay(t, h, lines)
	if len(n.refused) != refused {
		t.Fatalf("%d lines refused through Discord, want the script's %d:\n%s", len(n.refused), refused, strings.Join(n.refused, "\n"))
	}
	sameRecord(t, want, got)
	// issue 10 item 6: the VM's answers inside the FEF's attack are
	// buttons on the post that asks them
	for _, a := range []string{"ambush 50 1/3_RTA", "retreat 1317"} {
		if !contains(n.clicked, a) {
			t.Errorf("%q was not offered as a button to the side attacked (clicked: %v)", a, n.clicked)
		}
	}
	if r := got.Entries[len(got.Entries)-1].Result; r == nil || r.Winner != last.Result.Winner {
		t.Fatalf("the Discord game ends %+v, the console's %+v", r, last.Result)
	}
	t.Logf("%d script lines, %d entries, %d rolls; %d public posts, %d orders by button, %d from a menu; winner %s", len(lines), len(got.Entries), countRolls(got), n.posts, n.clicks, n.menus, last.Result.Winner)
}
