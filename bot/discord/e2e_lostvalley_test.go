package discord

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/lostvalley"
	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/storage"
)

// The Lost Valley game the console plays to its end (issue 28).
var lostValleyScript = filepath.Join("..", "..", "cmd", "umpire", "testdata", "lostvalley", "campaign.txt")

// Issue 28, "done when": the solitaire campaign game played through the
// Discord path gives the same record as through the console, its end
// included; an onlooker's /map is the public view.
func TestEndToEndLostValleySameRecordAsConsole(t *testing.T) {
	all, seed, refused := scriptLines(t, lostValleyScript)
	// The onlooker's order is refused before it is deferred (permissions,
	// tested elsewhere): the replay through Discord leaves it out.
	var lines []string
	for _, l := range all {
		if strings.HasPrefix(l, "@bob ") {
			refused--
			continue
		}
		lines = append(lines, l)
	}
	d, err := lostvalley.Default()
	if err != nil {
		t.Fatal(err)
	}
	titles := map[string]adjudicator.Rules{"lostvalley": lostvalley.New(d)}
	db, err := storage.Open(filepath.Join(t.TempDir(), "console.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := &bot.Service{DB: db, Titles: titles, Seed: bot.DemoSeed(seed), Mods: map[string]bool{}}
	con := &bot.Console{Service: svc, Channel: "console", Out: io.Discard}
	for _, l := range lines {
		con.Line(l)
	}
	want, err := db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	last := want.Entries[len(want.Entries)-1]
	if last.Result == nil {
		t.Fatalf("the console game did not end: last entry %+v", last)
	}

	h := newHarness(t)
	h.svc.Titles, h.svc.Seed, h.svc.SeatNamed = titles, bot.DemoSeed(seed), false
	// Before the game ends, an onlooker's map is the public view.
	discordReplay(t, h, lines[:len(lines)/2])
	m := h.slash(dave, "/map")
	for _, f := range m.seenFiles() {
		if !bytes.Contains(f.Data, []byte("viewer=public\n")) {
			t.Errorf("the onlooker's map is not the public view")
		}
	}
	if len(m.seenFiles()) == 0 {
		t.Errorf("no map for the onlooker: %q", m.seen())
	}
	h = newHarness(t)
	h.svc.Titles, h.svc.Seed, h.svc.SeatNamed = titles, bot.DemoSeed(seed), false
	got, n := discordReplay(t, h, lines)
	if len(n.refused) != refused {
		t.Fatalf("%d lines refused through Discord, want the script's %d:\n%s", len(n.refused), refused, strings.Join(n.refused, "\n"))
	}
	sameRecord(t, want, got)
	if r := got.Entries[len(got.Entries)-1].Result; r == nil || r.Reason != last.Result.Reason {
		t.Fatalf("the Discord game ends %+v, the console's %+v", r, last.Result)
	}
}
