package bot

import (
	"strings"
	"testing"
	"time"
)

// Issue 11, item 4, in the console: a lobby lists as waiting, takes no
// order and runs no deadline until every seat is taken; a hot-seat lobby
// lets one player take both seats; the joins are the log's seat entries.
func TestLobby_Console(t *testing.T) {
	w := newClockWorld(t)
	w.svc.DefaultPace = Pace{Limit: 24 * time.Hour}
	out := w.line("@alice /game new title:hell scenario:initial-assault")
	if !strings.Contains(out, "Game g1 is open: french, vm are open.") {
		t.Fatal(out)
	}
	if l := w.line("@dave /game list"); !strings.Contains(l, "g1: Dien Bien Phu: A Season in Hell, scenario initial-assault — waiting for a player for french, vm (/game join side:<side>); seats: french (open), vm (open)") {
		t.Errorf("/game list of a lobby: %s", l)
	}
	if d, err := w.db.Deadline("g1"); err == nil {
		t.Fatalf("a lobby has a deadline: %+v", d)
	}
	if out := w.line("@dave /clock advance:48h"); strings.Contains(out, "[channel]") {
		t.Fatalf("a lobby's clock ran: %s", out)
	}
	for _, c := range []struct{ line, want string }{
		{"@bob /game join", "Refused: usage: /game join side:<side>; open: french, vm"},
		{"@bob /game join side:fef", "Refused: Dien Bien Phu: A Season in Hell has no side \"fef\""},
		{"@bob /game join side:vm", "[channel] @bob joins game g1 as vm."},
		{"@bob /help", "Game g1 waits for a player for french (/game join side:<side>)"},
		{"@bob /undo", "Refused: game g1 has not started"},
		{"@mod /mod override text:\"set-week 3\"", "Refused: game g1 has not started"},
		{"@carol /game join side:french", "Every seat is taken: game g1 starts. Seats: french @carol, vm @bob."},
	} {
		if got := w.line(c.line); !strings.Contains(got, c.want) {
			t.Errorf("%s: %s", c.line, got)
		}
	}
	if d, err := w.db.Deadline("g1"); err != nil || !d.Since.Equal(w.clock.Now()) || d.Due.IsZero() {
		t.Fatalf("the started game's first deadline: %+v %v", d, err)
	}
	w.line("@mod /game end confirm:yes")
	out = w.line("@alice /game new title:hell scenario:initial-assault hotseat:yes", "@alice /game join side:french", "@alice /game join side:vm")
	if !strings.Contains(out, "Every seat is taken: game g2 starts. Seats: french @alice, vm @alice.") {
		t.Fatalf("a hot-seat lobby: %s", out)
	}
}

// Issue 30, item 8: a seat offered to a named player is shown as theirs
// to accept in /game list and /game status, not as open.
func TestLobby_OfferedSeatIsNotOpen(t *testing.T) {
	w := newClockWorld(t)
	for _, l := range []string{"@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob", "@dave /game list", "@dave /game status"} {
		w.con.Line(l) // as typed: the vm seat is offered to bob
	}
	out := w.out.String()
	for _, want := range []string{
		"waiting for @bob to accept the vm seat (/game accept or /game decline); seats: french @alice, vm (offered to @bob)",
		"[@dave] Game g1 (public view); seats: french @alice, vm (offered to @bob).",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "vm (open)") {
		t.Errorf("the offered seat is shown as open:\n%s", out)
	}
}
