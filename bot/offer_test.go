package bot

import (
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
)

// rawConsole is console without the suites' direct seating: the offers
// of issue 15 item 5 are made and answered as players would.
func rawConsole(t *testing.T, lines ...string) (string, *Service) {
	t.Helper()
	w := newClockWorld(t)
	var out strings.Builder
	for _, l := range lines {
		w.out.WriteString("> " + l + "\n")
		w.con.Line(l)
	}
	out.WriteString(w.out.String())
	return out.String(), w.svc
}

func mustContain(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// outAfter is the output following the echo of line (up to the next
// command).
func outAfter(out, line string) string {
	i := strings.Index(out, "> "+line+"\n")
	if i < 0 {
		return ""
	}
	rest := out[i+len(line)+3:]
	if j := strings.Index(rest, "\n> "); j >= 0 {
		rest = rest[:j+1]
	}
	return rest
}

// Issue 15 item 5 (done when): a game named with two members starts only
// after both accept: the creator naming themself is seated at once, the
// other is offered the seat (and pinged), nobody else may take it, no
// order is taken before; the accept is a seat entry of the member's, and
// the turn passing to the creator pings them.
func TestOffer_StartsWhenEverySeatIsAccepted(t *testing.T) {
	out, svc := rawConsole(t,
		"@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob",
		"@alice /order text:done",
		"@carol /game join side:vm",
		"@carol /game accept",
		"@bob /game accept side:french",
		"@bob /game accept",
		"@bob /game accept",
	)
	mustContain(t, outAfter(out, "@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob"),
		"[channel] Game g1: @bob is offered the vm seat: accept or decline", "Seated: french: @alice.")
	mustContain(t, outAfter(out, "@alice /order text:done"), "Refused: game g1 has not started: waits for @bob to accept the vm seat")
	mustContain(t, outAfter(out, "@carol /game join side:vm"), "Refused: the vm seat of game g1 is offered to @bob; it opens if they decline")
	mustContain(t, outAfter(out, "@carol /game accept"), "Refused: no seat of game g1 is offered to you; vm is offered to @bob")
	mustContain(t, outAfter(out, "@bob /game accept side:french"), "Refused: no french seat of game g1 is offered to you")
	start := outAfter(out, "@bob /game accept")
	mustContain(t, start, "[channel] @bob accepts game g1 as vm.", "Every seat is taken: game g1 starts.", "Awaiting @alice (french)")
	rec, err := svc.DB.Record("g1")
	if err != nil || len(rec.Entries) != 1 || rec.Entries[0].Kind != adjudicator.KindSeat || rec.Entries[0].Actor != "bob" {
		t.Fatalf("the record: %+v %v", rec.Entries, err)
	}
	if rec.Options[adjudicator.OfferOption("vm")] != "bob" || rec.Seats["vm"] != "bob" || rec.Seats["french"] != "alice" {
		t.Fatalf("the record's offers and seats: %v %v", rec.Options, rec.Seats)
	}
	if strings.Count(out, "Every seat is taken") != 1 {
		t.Errorf("the second accept did something:\n%s", out)
	}
	// The game plays on; the record verifies as far as it goes.
	if fs := adjudicator.Verify(hell.New(hell.MustDefault()), rec); len(fs) != 1 || !strings.Contains(fs[0].Text, "not verifiable until") {
		t.Errorf("verify: %v", fs)
	}
}

// Item 5: a decline opens the seat (the lobby's Join), recorded as a
// decline entry that verify accepts only from the member offered; a
// moderator may seat directly (seat:direct), a player may not.
func TestOffer_DeclineOpensTheSeatAndModeratorsSeatDirectly(t *testing.T) {
	out, svc := rawConsole(t,
		"@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob seat:direct",
		"@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob seat:sometimes",
		"@alice /game new title:hell scenario:initial-assault french:@carol vm:@bob",
		"@bob /game decline",
		"@dave /game join side:vm",
		"@carol /game accept",
	)
	mustContain(t, outAfter(out, "@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob seat:direct"), "Refused: seat:direct seats the named players without asking them: it is for moderators")
	mustContain(t, outAfter(out, "@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob seat:sometimes"), `Refused: seat is offer (the named players accept or decline; the default) or direct`)
	mustContain(t, outAfter(out, "@alice /game new title:hell scenario:initial-assault french:@carol vm:@bob"), "@carol is offered the french seat, @bob is offered the vm seat")
	mustContain(t, outAfter(out, "@bob /game decline"), "[@bob] You declined the vm seat of game g1.", "[channel] @bob declined the vm seat of game g1: it is open to anyone.", "Game g1 is open: vm is open.")
	mustContain(t, outAfter(out, "@dave /game join side:vm"), "[channel] @dave joins game g1 as vm.", "Game g1 waits for @carol to accept the french seat")
	mustContain(t, outAfter(out, "@carol /game accept"), "Every seat is taken: game g1 starts. Seats: french @carol, vm @dave.")
	rec, _ := svc.DB.Record("g1")
	kinds := []string{}
	for _, e := range rec.Entries {
		kinds = append(kinds, e.Kind+":"+e.Actor)
	}
	if strings.Join(kinds, " ") != "decline:bob seat:dave seat:carol" {
		t.Fatalf("entries %v", kinds)
	}
	r := hell.New(hell.MustDefault())
	forged := rec
	forged.Entries = append([]adjudicator.Entry(nil), rec.Entries...)
	forged.Entries[0].Actor, forged.Entries[0].Action = "mallory", "mallory"
	if fs := adjudicator.Verify(r, forged); !strings.Contains(findings(fs), "mallory declined the vm seat, which was offered to \"bob\"") {
		t.Errorf("a forged decline: %v", fs)
	}

	out, _ = rawConsole(t, "@mod /game new title:hell scenario:initial-assault french:@alice vm:@bob seat:direct")
	mustContain(t, out, "Seats: french: @alice, vm: @bob.", "Awaiting @alice (french)")
}

func findings(fs []adjudicator.Finding) string {
	var s []string
	for _, f := range fs {
		s = append(s, f.Text)
	}
	return strings.Join(s, "\n")
}

// Item 5: /game resign ends the game as a loss for the resigning side,
// announced with the seed, recorded as a resign entry that verify
// accepts (and refuses when forged); /game end asks the moderator to
// confirm and only then ends; a confirmation for another game ends
// nothing.
func TestResignAndConfirmedEnd(t *testing.T) {
	out, svc := rawConsole(t,
		"@mod /game new title:hell scenario:initial-assault french:@alice vm:@bob seat:direct",
		"@carol /game resign",
		"@bob /game resign",
		"@alice /game resign",
	)
	mustContain(t, outAfter(out, "@carol /game resign"), "Refused: you hold no seat in game g1")
	mustContain(t, outAfter(out, "@bob /game resign"), "[@bob] You resigned game g1 for vm.", "[channel] bob (vm) resigned: the game is lost for vm.",
		"Game g1 is over: french wins — vm resigned.", "The dice seed is now public")
	mustContain(t, outAfter(out, "@alice /game resign"), "Refused:")
	rec, _ := svc.DB.Record("g1")
	r := hell.New(hell.MustDefault())
	if fs := adjudicator.Verify(r, rec); len(fs) != 0 {
		t.Fatalf("verify of a resigned game: %v", fs)
	}
	forged := rec
	forged.Entries = append([]adjudicator.Entry(nil), rec.Entries...)
	forged.Entries[0].Actor = "alice"
	if fs := adjudicator.Verify(r, forged); !strings.Contains(findings(fs), "alice resigned for vm, whose seat @bob holds") {
		t.Errorf("a forged resignation: %v", fs)
	}
	forged.Entries[0].Actor = "bob"
	forged.Entries[0].Result = &adjudicator.Result{Winner: "vm", Reason: "vm resigned"}
	if fs := adjudicator.Verify(r, forged); !strings.Contains(findings(fs), `vm resigned, but the result names winner "vm", not "french"`) {
		t.Errorf("a resignation that wins: %v", fs)
	}

	out, svc = rawConsole(t,
		"@mod /game new title:hell scenario:initial-assault french:@alice vm:@bob seat:direct",
		"@alice /game end",
		"@mod /game end winner:french reason:\"time is up\"",
		"@mod /game end confirm:yes game:g9",
		"@mod /game end confirm:yes game:g1 winner:french reason:\"time is up\"",
	)
	mustContain(t, outAfter(out, "@alice /game end"), "Refused: /game end is for moderators")
	ask := outAfter(out, `@mod /game end winner:french reason:"time is up"`)
	mustContain(t, ask, "[@mod] End game g1 (french wins)? This cannot be undone", "Confirm with `/game end confirm:yes game:g1 winner:french reason:\"time is up\"`")
	if strings.Contains(ask, "[channel]") {
		t.Errorf("asking to confirm posted in the channel:\n%s", ask)
	}
	mustContain(t, outAfter(out, "@mod /game end confirm:yes game:g9"), "Refused: that confirmation was for game g9")
	mustContain(t, outAfter(out, `@mod /game end confirm:yes game:g1 winner:french reason:"time is up"`), "[channel] Moderator mod ended the game: time is up.", "Game g1 is over: french wins — time is up.")
	if rec, _ := svc.DB.Record("g1"); len(rec.Entries) != 1 {
		t.Errorf("%d entries: the request to confirm wrote one", len(rec.Entries))
	}
	// The confirmation line the reply shows is one the console takes.
	if c, err := ParseLine("@mod " + endConfirm(Command{Options: map[string]string{"winner": "french", "reason": `a "quoted" reason`}}, "g1")); err != nil || c.Opt("reason") != `a "quoted" reason` || c.Name != "game end" {
		t.Errorf("the confirmation line: %+v %v", c, err)
	}
}
