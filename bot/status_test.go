package bot

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/storage"
)

// Issue 30, item 5: /game status answers "whose turn, until when": who is
// awaited since when, the deadline as a Discord timestamp (which the
// console prints in UTC), and the caller's absence; item 8: view:referee
// is refused to a player instead of silently giving their own view.
func TestStatus_WhoseTurnUntilWhen(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	svc := &Service{DB: db, Titles: map[string]adjudicator.Rules{"hell": hell.New(hell.MustDefault())},
		Seed: DemoSeed(1), Mods: map[string]bool{"mod": true}, Now: func() time.Time { return now }}
	var out bytes.Buffer
	con := &Console{Service: svc, Channel: "console", Out: &out, Echo: true}
	script := `@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob
@bob /game accept
@mod /game settings deadline:24h
@bob /game away until:2026-01-02
`
	if err := con.Run(strings.NewReader(directScript(script))); err != nil {
		t.Fatal(err)
	}
	now = now.Add(2 * time.Hour)
	raw := svc.Handle(Command{User: "bob", Channel: "console", Name: "game status"})
	text := raw[0].Text
	due := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC) // the deadline starts afresh at the absence's end
	for _, want := range []string{"Awaiting @alice (french) since " + Stamp(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)),
		"You are away until " + Stamp(due)} {
		if !strings.Contains(text, want) {
			t.Errorf("status lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(text, "; deadline <t:") || !strings.Contains(text, ":R>)") {
		t.Errorf("status lacks the deadline as Discord timestamps:\n%s", text)
	}
	plain := PlainTimes(text, now)
	if strings.Contains(plain, "<t:") || !strings.Contains(plain, "since 2026-01-01 00:00 UTC") || !strings.Contains(plain, "You are away until 2026-01-02 00:00 UTC") {
		t.Errorf("the console's status:\n%s", plain)
	}
	if got := svc.Handle(Command{User: "alice", Channel: "console", Name: "game status", Options: map[string]string{"view": "referee"}}); !strings.Contains(got[0].Text, "view:referee is for moderators") {
		t.Errorf("view:referee by a player: %s", got[0].Text)
	}
	if got := svc.Handle(Command{User: "mod", Channel: "console", Name: "game status", Options: map[string]string{"view": "referee"}}); !strings.Contains(got[0].Text, "(referee view)") {
		t.Errorf("view:referee by a moderator: %s", got[0].Text)
	}
}

func TestPlainTimes(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	in := "due " + Stamp(now.Add(50*time.Hour)) + " (" + StampRelative(now.Add(50*time.Hour)) + "), began " + StampRelative(now.Add(-3*time.Hour)) + ", <t:x:f> stays"
	want := "due 2026-01-03 02:00 UTC (in 2d2h), began 3h ago, <t:x:f> stays"
	if got := PlainTimes(in, now); got != want {
		t.Errorf("PlainTimes:\n got %q\nwant %q", got, want)
	}
}
