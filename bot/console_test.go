package bot

import (
	"bufio"
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/storage"
)

// console runs a script through a console over a fresh database with the
// hell title and returns its output.
func console(t *testing.T, script string) string {
	t.Helper()
	db, err := storage.Open(filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc := &Service{DB: db, Titles: map[string]adjudicator.Rules{"hell": hell.New(hell.MustDefault())},
		Seed: DemoSeed(1), Mods: map[string]bool{"mod": true}}
	var out bytes.Buffer
	con := &Console{Service: svc, Channel: "console", Out: &out, Echo: true}
	if err := con.Run(strings.NewReader(directScript(script))); err != nil {
		t.Fatalf("the session ended: %v\n%s", err, out.String())
	}
	return out.String()
}

// Issue 12 item 6: a line over 1 MiB is refused, to its user, and the
// session goes on; a bare @ line's refusal goes to no channel.
func TestConsole_OverlongLineIsRefusedAndTheSessionGoesOn(t *testing.T) {
	long := "@bob /order text:" + strings.Repeat("x", MaxLine+10)
	out := console(t, "@alice /help\n"+long+"\n@carol /help\n@ /help\n@\n@alice /help")
	want := fmt.Sprintf("[@bob] Refused: line 2 has %d bytes; a line has at most %d bytes (1 MiB). It was skipped.", len(long), MaxLine)
	if !strings.Contains(out, want) {
		t.Errorf("no refusal of the long line (%q) in:\n%.2000s", want, out)
	}
	if !strings.Contains(out, "> @carol /help\n[@carol] ") || strings.Count(out, "> @alice /help") != 2 {
		t.Errorf("the session did not go on after the long line:\n%.2000s", out)
	}
	if strings.Contains(out, "xxxx") {
		t.Error("the long line was echoed")
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "[channel]") {
			t.Errorf("a refusal went to the channel: %s", l)
		}
	}
	if !strings.Contains(out, "> @ /help\n[@?] Refused: a line starts with @user") || !strings.Contains(out, "> @\n[@?] Refused:") {
		t.Errorf("bare @ lines are not refused to their (unknown) user:\n%.3000s", out)
	}
	// A line of exactly MaxLine bytes is still taken, and the last line
	// needs no newline.
	exact := "@alice /help prefix:" + strings.Repeat("y", MaxLine-len("@alice /help prefix:"))
	out = console(t, exact)
	if strings.Contains(out, "Refused: line") || !strings.Contains(out, "[@alice]") {
		t.Errorf("a line of exactly %d bytes was refused:\n%.500s", MaxLine, out)
	}
}

func TestReadLine(t *testing.T) {
	r := strings.NewReader("ab\r\n" + strings.Repeat("z", 100) + "\nlast")
	br := bufio.NewReaderSize(r, 16)
	for _, want := range []struct {
		line string
		n    int
	}{{"ab\r", 3}, {strings.Repeat("z", 11), 100}, {"last", 4}} {
		line, n, _ := readLine(br, 10)
		if line != want.line || n != want.n {
			t.Errorf("readLine = %q, %d; want %q, %d", line, n, want.line, want.n)
		}
	}
	if _, n, err := readLine(br, 10); n != 0 || err == nil {
		t.Errorf("after the end: %d %v", n, err)
	}
}

// Issue 12 item 6: one player in both seats sees both sides' secrets; it
// takes a hot-seat game, said so at creation.
func TestConsole_OnePlayerInTwoSeatsOnlyInAHotSeatGame(t *testing.T) {
	out := console(t, strings.Join([]string{
		"@alice /game new title:hell scenario:full-battle french:@alice vm:@alice",
		"@alice /game new title:hell scenario:full-battle french:@alice vm:@bob hotseat:maybe",
		"@alice /game new title:hell scenario:full-battle french:@alice vm:@bob",
		"@mod /mod seat side:vm user:@alice",
		"@mod /mod seat side:vm user:@carol",
	}, "\n"))
	for _, want := range []string{
		"[@alice] Refused: @alice cannot hold both the french and the vm seats: they would see both sides' secrets. Seat another player, or create a hot-seat or test game with hotseat:yes",
		`[@alice] Refused: hotseat takes yes or no, not "maybe"`,
		"[@mod] Refused: @alice cannot hold both the french and the vm seats",
		"Moderator mod seated carol as vm.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "New game g") != 1 {
		t.Errorf("want one game created:\n%s", out)
	}
	out = console(t, strings.Join([]string{
		"@alice /game new title:hell scenario:full-battle french:@alice vm:@alice hotseat:yes",
		"@mod /mod seat side:vm user:@bob",
		"@mod /mod seat side:vm user:@alice",
	}, "\n"))
	if strings.Contains(out, "Refused") || strings.Count(out, "Moderator mod seated") != 2 {
		t.Errorf("a hot-seat game refused one player in two seats:\n%s", out)
	}
}

// Issue 12 item 6: one command gives at most adjudicator.MaxBatch orders.
func TestConsole_OrdersPerCommandAreCapped(t *testing.T) {
	many := strings.TrimSuffix(strings.Repeat("done; ", adjudicator.MaxBatch+1), "; ")
	out := console(t, "@alice /game new title:hell scenario:full-battle french:@alice vm:@bob\n@alice /order text:\""+many+"\"")
	want := fmt.Sprintf("[@alice] Refused: %d orders in one command; at most %d are taken at once", adjudicator.MaxBatch+1, adjudicator.MaxBatch)
	if !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	if strings.Contains(out, "Accepted") {
		t.Error("some of the orders were taken")
	}
}
