package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/bot/internal/solotoy"
)

func newSoloWorld(t *testing.T) *clockWorld {
	w := newClockWorld(t)
	w.svc.Titles["solo"] = solotoy.Rules{}
	return w
}

// Issue 28 item 1: /game new with the one seat named by its creator
// starts at once (no offer, no lobby, no join buttons), is listed
// awaiting its player, the enemy's moves inside the rules are posted to
// the channel, onlookers read the public view (not the player's plan),
// and /game resign ends it as the player's loss in the log.
func TestSolo_StartsAtOnceAndPlaysWithOneSeat(t *testing.T) {
	w := newSoloWorld(t)
	out := w.line("@alice /game new title:solo scenario:short french:@alice")
	for _, want := range []string{"[channel] Seats: french: @alice.", "[channel] Awaiting alice (french) — Turn 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("/game new: no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "open") || strings.Contains(out, "accept") {
		t.Errorf("a one-seat game named by its creator went to a lobby:\n%s", out)
	}
	if l := w.line("@dave /game list"); !strings.Contains(l, "g1: Solo, scenario short — Turn 1; awaiting @alice (french) since") {
		t.Errorf("/game list: %s", l)
	}
	w.line("@alice /order text:\"plan sortie\"")
	out = w.line("@alice /order text:dig")
	if !strings.Contains(out, "[channel] The VM assault the camp: die") || !strings.Contains(out, "awaiting alice (french) — Turn 2") {
		t.Errorf("the enemy's turn is not narrated in the channel, or the prompt did not come back to the player:\n%s", out)
	}
	pub := w.line("@carol /game status")
	if !strings.Contains(pub, "(public view)") || strings.Contains(pub, "sortie") {
		t.Errorf("an onlooker's status is not the public view:\n%s", pub)
	}
	if own := w.line("@alice /game status"); !strings.Contains(own, "(french view)") || !strings.Contains(own, "plan: sortie") {
		t.Errorf("the player's status is not their view:\n%s", own)
	}
	if r := w.line("@carol /game resign"); !strings.Contains(r, "Refused") {
		t.Errorf("an onlooker resigned: %s", r)
	}
	out = w.line("@alice /game resign")
	if !strings.Contains(out, "[channel] Game g1 is over: french resigned.") {
		t.Errorf("/game resign:\n%s", out)
	}
	rec, err := w.db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	last := rec.Entries[len(rec.Entries)-1]
	if last.Kind != adjudicator.KindResign || last.Side != "french" || last.Result == nil || last.Result.Winner != "" {
		t.Errorf("the log's last entry: %+v", last)
	}
	if l := w.line("@carol /game log"); !strings.Contains(l, "resign") {
		t.Errorf("/game log does not show the resignation:\n%s", l)
	}
}

// Issue 28 item 1: a one-seat game named for another member is offered
// to them and starts when they accept; until then it takes no order.
func TestSolo_OfferedToAnotherStartsOnAccept(t *testing.T) {
	w := newSoloWorld(t)
	w.con.Line("@alice /game new title:solo scenario:short french:@bob")
	out := w.line()
	if !strings.Contains(out, "@bob is offered the french seat") {
		t.Fatalf("no offer:\n%s", out)
	}
	if r := w.line("@bob /order text:dig"); !strings.Contains(r, "Refused") {
		t.Errorf("an order before the seat was accepted: %s", r)
	}
	if r := w.line("@bob /game accept"); !strings.Contains(r, "Every seat is taken: game g1 starts. Seats: french @bob.") {
		t.Errorf("accept: %s", r)
	}
}

// Issue 28 item 1: with a deadline, the one player gets the reminders
// and, when they chose no default, the expiry calls the moderators and
// plays nothing for them; with a standing default they chose, the
// expiry takes it (an order of the actor "deadline").
func TestSolo_DeadlineRemindsTheOnePlayerAndPlaysOnlyTheirStandingDefault(t *testing.T) {
	w := newSoloWorld(t)
	w.line("@alice /game new title:solo scenario:short french:@alice", "@mod /game settings deadline:24h")
	var all strings.Builder
	for h := 0; h < 30; h++ {
		all.WriteString(w.line("@dave /clock advance:1h"))
	}
	out := all.String()
	if n := count(out, "Reminder:"); n != 2 {
		t.Errorf("%d reminders in the first day, want 2 (at half time and 2 h before):\n%s", n, out)
	}
	if !strings.Contains(out, "@alice") {
		t.Errorf("the reminders do not name the one player:\n%s", out)
	}
	if !strings.Contains(out, "has no default") {
		t.Errorf("the expiry without a chosen default does not call the moderators:\n%s", out)
	}
	rec, err := w.db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range rec.Entries {
		if e.Actor == adjudicator.ActorDeadline {
			t.Fatalf("a default was played for a player who chose none: %+v", e)
		}
	}
	// The next decision: the player chooses a default for it.
	w.line("@alice /order text:hold", "@alice /order text:\"standing default:hold\"")
	all.Reset()
	for h := 0; h < 25; h++ {
		all.WriteString(w.line("@dave /clock advance:1h"))
	}
	if out := all.String(); !strings.Contains(out, "Umpire took the default order for you in game g1: hold.") {
		t.Errorf("the standing default was not taken at the expiry:\n%s", out)
	}
	rec, err = w.db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	if e := rec.Entries[len(rec.Entries)-1]; e.Actor != adjudicator.ActorDeadline || e.Action != "hold" || e.Side != "french" {
		t.Errorf("the record's last entry is not the deadline's hold: %+v", e)
	}
	_ = time.Hour
}
