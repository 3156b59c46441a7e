package adjudicator_test

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
)

var hellRules = hell.New(hell.MustDefault())

// play builds an honest record of A Season in Hell's initial assault by
// playing legal orders chosen at random (aggressively, so that dice are
// rolled): to the rules' end, or, with modEnd, with players' and a
// moderator's undos and a seat change on the way, to a moderator's end
// after about 40 orders. Records are made by the engine at test time so
// that they follow the rules as they are now.
func play(t testing.TB, seed uint64, modEnd bool) adjudicator.Record {
	t.Helper()
	s := sha256.Sum256([]byte(fmt.Sprint("verify ", seed)))
	g, _, err := adjudicator.New(hellRules, adjudicator.Record{ID: "g1", Title: "hell", Scenario: "initial-assault",
		Seats: map[adjudicator.Side]string{"french": "alice", "vm": "bob"}, Created: time.Unix(1e9, 0).UTC(), Seed: s[:]})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	now := time.Unix(1e9, 0).UTC()
	commit := func(st *adjudicator.Step, err error) bool {
		if st != nil {
			g.Commit(st)
		}
		return err == nil
	}
	for n := 0; n < 5000; n++ {
		now = now.Add(time.Minute)
		p := g.Prompt()
		if p.Over {
			return g.Rec
		}
		if modEnd && n >= 40 {
			commit(g.Seat("mod", "vm", "carol", "", now))
			if !commit(g.End("mod", "", "test over", "", now)) {
				t.Fatal("the moderator cannot end the game")
			}
			return g.Rec
		}
		side := p.Awaiting[r.IntN(len(p.Awaiting))]
		order := adjudicator.PreferAction(r, side, hellRules.Legal(g.State, side))
		user := g.Rec.Seats[side]
		if !commit(g.Orders(user, side, []string{order}, "", now)) {
			t.Fatalf("legal order %q for %s refused", order, side)
		}
		if modEnd && n%7 == 3 {
			if commit(g.Undo(user, side, "", now)) {
				commit(g.Orders(user, side, []string{order}, "", now))
			}
		}
		if modEnd && n%11 == 5 {
			commit(g.ModUndo("mod", 2, "", now))
		}
	}
	t.Fatal("no end after 5000 orders")
	return adjudicator.Record{}
}

var (
	recordsOnce            sync.Once
	finishedRec, modEndRec adjudicator.Record
)

// records are a game the rules ended and one a moderator ended after
// undos and a seat change.
func records(t testing.TB) (finished, modEnd adjudicator.Record) {
	recordsOnce.Do(func() {
		finishedRec, modEndRec = play(t, 1, false), play(t, 2, true)
	})
	return finishedRec, modEndRec
}

// clone deep-copies a record through JSON so that tampering with it leaves
// the original alone.
func clone(t *testing.T, rec adjudicator.Record) adjudicator.Record {
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	out, err := adjudicator.ParseRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// expect asserts that Verify finds something of the given check whose
// text holds want.
func expect(t *testing.T, rec adjudicator.Record, check, want string) []adjudicator.Finding {
	t.Helper()
	fs := adjudicator.Verify(hellRules, rec)
	for _, f := range fs {
		if f.Check == check && strings.Contains(f.String(), want) {
			return fs
		}
	}
	t.Fatalf("no %s finding with %q; findings: %v", check, want, fs)
	return nil
}

func TestVerify_HonestRecordsPass(t *testing.T) {
	a, b := records(t)
	for _, rec := range []adjudicator.Record{a, b} {
		if fs := adjudicator.Verify(hellRules, rec); len(fs) != 0 {
			t.Errorf("an honest finished game has findings: %v", fs)
		}
		if adjudicator.FinalResult(rec) == nil {
			t.Errorf("no final result")
		}
	}
	kinds := map[string]int{}
	for _, e := range b.Entries {
		kinds[e.Kind]++
	}
	if kinds[adjudicator.KindUndo] == 0 || kinds[adjudicator.KindModUndo] == 0 || kinds[adjudicator.KindSeat] == 0 || kinds[adjudicator.KindEnd] != 1 {
		t.Fatalf("the moderator's game lacks undos, a seat change or its end: %v", kinds)
	}
}

func TestVerify_ZeroSidedRollIsAFindingNotAPanic(t *testing.T) {
	rec, _ := records(t)
	rec = clone(t, rec)
	for _, sides := range []int{0, -6, 1} {
		r := clone(t, rec)
		for i := range r.Entries {
			if len(r.Entries[i].Rolls) > 0 {
				r.Entries[i].Rolls[0].Sides = sides
				break
			}
		}
		expect(t, r, adjudicator.CheckDice, "a die has at least 2 sides")
	}
	e := adjudicator.Entry{Seq: 1, DiceTo: 1, Rolls: []adjudicator.Roll{{N: 0, Sides: 0, Value: 1}}}
	if err := adjudicator.VerifyRolls(rec.Seed, []adjudicator.Entry{e}); err == nil {
		t.Fatal("VerifyRolls accepted a d0")
	}
}

func TestVerify_UnfinishedGameIsNotVerifiableUntilTheEnd(t *testing.T) {
	rec, _ := records(t)
	rec = clone(t, rec)
	rec.Entries = rec.Entries[:30]
	fs := expect(t, rec, adjudicator.CheckUnfinished, "not verifiable until the end")
	if len(fs) != 1 {
		t.Fatalf("an honest unfinished game has other findings: %v", fs)
	}
	if !strings.Contains(fs[0].Text, "holds the secret seed") {
		t.Errorf("the finding does not say the record holds the secret seed: %s", fs[0].Text)
	}
	// Without the seed (as a player could hold it), the rest still checks.
	rec.Seed = nil
	fs = expect(t, rec, adjudicator.CheckUnfinished, "no roll can be checked against the commitment")
	if len(fs) != 1 {
		t.Fatalf("%v", fs)
	}
	// And the recorded rolls are still checked against the rules' dice.
	for i := range rec.Entries {
		if len(rec.Entries[i].Rolls) > 0 {
			rec.Entries[i].Rolls = rec.Entries[i].Rolls[1:]
			break
		}
	}
	expect(t, rec, adjudicator.CheckReplay, "roll(s) are recorded")
}

func lastOrderWithResult(t *testing.T, rec adjudicator.Record) int {
	for i := len(rec.Entries) - 1; i >= 0; i-- {
		if rec.Entries[i].Result != nil {
			return i
		}
	}
	t.Fatal("no entry carries a result")
	return -1
}

func TestVerify_ForgedResults(t *testing.T) {
	rec, _ := records(t)
	rec = clone(t, rec)
	last := lastOrderWithResult(t, rec)

	r := clone(t, rec)
	r.Entries[last].Result.Winner = "vm"
	expect(t, r, adjudicator.CheckResult, `after this order the rules give "9.1`)

	r = clone(t, rec)
	r.Entries[last-1].Result = &adjudicator.Result{Winner: "vm", Reason: "9.1: Dien Bien Phu falls"}
	expect(t, r, adjudicator.CheckResult, "the rules give none (the game goes on)")

	r = clone(t, rec)
	r.Entries[last].Result = nil
	expect(t, r, adjudicator.CheckResult, "the record gives result none")

	// End entries: after the end, by a player, in one's own favour.
	end := func(seq int, actor string, side adjudicator.Side, winner adjudicator.Side) adjudicator.Entry {
		prev := r.Entries[seq-2]
		return adjudicator.Entry{Seq: seq, Kind: adjudicator.KindEnd, Actor: actor, Side: side, Action: "forged",
			Time: prev.Time.Add(time.Second), DiceFrom: prev.DiceTo, DiceTo: prev.DiceTo,
			Result: &adjudicator.Result{Winner: winner, Reason: "forged"}}
	}
	r = clone(t, rec)
	r.Entries = append(r.Entries, end(len(r.Entries)+1, "mod", adjudicator.Referee, "vm"))
	expect(t, r, adjudicator.CheckResult, "an end entry after the game was over")

	r = clone(t, rec)
	r.Entries = append(r.Entries[:20:20], end(21, "bob", "vm", "vm"))
	expect(t, r, adjudicator.CheckResult, `an end entry by side "vm": only a moderator ends a game`)
	expect(t, r, adjudicator.CheckResult, "@bob ended the game naming their own side vm the winner")

	r = clone(t, rec)
	r.Entries = append(r.Entries[:20:20], end(21, "mod", adjudicator.Referee, "nobody"))
	expect(t, r, adjudicator.CheckResult, `winner "nobody"`)

	// A forged moderator's end of a finished game's record whose last order
	// was removed: the order that ended it is gone, the end is checked.
	r = clone(t, rec)
	r.Entries = append(r.Entries[:20:20], end(21, "mod", adjudicator.Referee, "vm"))
	if fs := adjudicator.Verify(hellRules, r); len(fs) != 0 {
		t.Fatalf("a moderator's end of an unfinished game is legal: %v", fs)
	}
}

func TestVerify_SequenceNumbers(t *testing.T) {
	rec, _ := records(t)
	rec = clone(t, rec)
	r := clone(t, rec)
	r.Entries[10].Seq = r.Entries[9].Seq
	expect(t, r, adjudicator.CheckSeq, "sequence number 10 is repeated")

	r = clone(t, rec)
	r.Entries = append(r.Entries[:10:10], r.Entries[11:]...)
	expect(t, r, adjudicator.CheckSeq, "entries 11 to 11 are missing")

	r = clone(t, rec)
	r.Entries[5].Seq, r.Entries[6].Seq = r.Entries[6].Seq, r.Entries[5].Seq
	expect(t, r, adjudicator.CheckSeq, "comes after")

	r = clone(t, rec)
	r.Entries[0].Seq = 0
	expect(t, r, adjudicator.CheckSeq, "the log starts at sequence number 0")
}

func TestVerify_DiceAndSeed(t *testing.T) {
	rec, _ := records(t)
	rec = clone(t, rec)
	first := -1
	for i, e := range rec.Entries {
		if len(e.Rolls) > 0 {
			first = i
			break
		}
	}
	r := clone(t, rec)
	r.Entries[first].Rolls[0].Value = r.Entries[first].Rolls[0].Value%6 + 1
	expect(t, r, adjudicator.CheckDice, "the rolls are not those of the seed")

	r = clone(t, rec)
	r.Seed[0] ^= 1
	expect(t, r, adjudicator.CheckCommitment, "this is not the seed the game was played with")

	// A gap in the counters: dice drawn and thrown away.
	r = clone(t, rec)
	for i := first; i < len(r.Entries); i++ {
		e := &r.Entries[i]
		e.DiceFrom++
		e.DiceTo++
	}
	expect(t, r, adjudicator.CheckDice, "were drawn and not recorded")

	// A counter going back: the same dice drawn twice.
	r = clone(t, rec)
	for i := first + 1; i < len(r.Entries); i++ {
		if len(r.Entries[i].Rolls) > 0 {
			r.Entries[i].DiceFrom = r.Entries[first].DiceFrom
			break
		}
	}
	expect(t, r, adjudicator.CheckDice, "goes back")
}

func TestVerify_UndosAndFields(t *testing.T) {
	_, rec := records(t)
	rec = clone(t, rec)
	var undo int
	for i, e := range rec.Entries {
		if e.Kind == adjudicator.KindUndo {
			undo = i
		}
	}
	r := clone(t, rec)
	r.Entries[undo].Undoes = []int{2}
	expect(t, r, adjudicator.CheckReplay, "an undo takes back the latest orders first")

	r = clone(t, rec)
	r.Entries[undo].Side = "vm"
	expect(t, r, adjudicator.CheckReplay, "a player undoes only their own")

	r = clone(t, rec)
	r.Entries[3].Kind = "teleport"
	expect(t, r, adjudicator.CheckRecord, `unknown kind "teleport"`)

	r = clone(t, rec)
	r.Entries[3].Actor = ""
	expect(t, r, adjudicator.CheckRecord, "no actor")

	r = clone(t, rec)
	delete(r.Seats, "vm")
	expect(t, r, adjudicator.CheckRecord, "no player holds")

	r = clone(t, rec)
	r.Entries[2].Action = "dig N"
	expect(t, r, adjudicator.CheckReplay, "the rules refuse")

	if _, err := adjudicator.ParseRecord([]byte(`{"id":"g1","sneaky":1}`)); err == nil {
		t.Error("an unknown field was accepted")
	}
	if _, err := adjudicator.ParseRecord([]byte(`{"id":"g1"} {}`)); err == nil {
		t.Error("trailing data was accepted")
	}
	// An unknown title is a finding, not a crash.
	expectNil := adjudicator.Verify(nil, rec)
	found := false
	for _, f := range expectNil {
		found = found || f.Check == adjudicator.CheckReplay && strings.Contains(f.Text, "unknown title")
	}
	if !found {
		t.Fatalf("%v", expectNil)
	}
}

// FuzzVerify: no record makes Verify panic or loop, the title's rules
// never panic on a record's orders, and a record Verify passes is a
// finished game that Load replays.
func FuzzVerify(f *testing.F) {
	a, b := records(f)
	for _, rec := range []adjudicator.Record{a, b} {
		j, err := json.Marshal(rec)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(j)
	}
	f.Add([]byte(`{"id":"g1","title":"hell","scenario":"initial-assault","seats":{"french":"a","vm":"b"},"entries":[{"seq":1,"kind":"order","actor":"a","side":"french","action":"done","dice_from":0,"dice_to":1,"rolls":[{"n":0,"sides":0,"value":1}]}]}`))
	f.Add([]byte(`{"id":"g1","title":"hell","scenario":"full-battle","seats":{"french":"a","vm":"a"},"entries":[{"seq":1,"kind":"end","actor":"a","side":"referee","result":{"winner":"french","reason":"x"}},{"seq":1,"kind":"mod-undo","undoes":[1,-1,99]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		rec, err := adjudicator.ParseRecord(b)
		if err != nil {
			return
		}
		if len(rec.Entries) > 400 {
			return // a real game's size; keeps each run fast
		}
		fs := adjudicator.Verify(hellRules, rec)
		for _, f := range fs {
			if strings.Contains(f.Text, "panic") {
				t.Fatalf("the rules panicked: %v", f)
			}
		}
		if len(fs) == 0 {
			if adjudicator.FinalResult(rec) == nil {
				t.Fatal("a verified record has no result")
			}
			if _, err := adjudicator.Load(hellRules, rec, nil); err != nil {
				t.Fatalf("a verified record does not load: %v", err)
			}
		}
	})
}
