package adjudicator

import (
	"encoding/json"
	"strings"
	"testing"
)

// Invariant 1: a roll that picks a card is a secret. The stream marks it,
// the record keeps the mark, replay and verify re-derive it, and only the
// referee (and everyone once the game is over, viewing as referee) reads
// its value.
func TestSecretRolls_MarkedReplayedAndVerified(t *testing.T) {
	g := newSecretToy(t)
	for _, o := range []string{"draw", "roll", "draw", "add 1", "draw", "roll"} {
		side := Side(g.State.(*toyState).Next)
		g.Commit(must(t)(g.Orders("p", side, []string{o}, "", t0)))
	}
	e := g.Rec.Entries[0]
	if len(e.Rolls) != 2 || !e.Rolls[0].Secret || e.Rolls[1].Secret {
		t.Fatalf("draw's rolls %+v: want the first secret, the second public", e.Rolls)
	}
	if got := e.ShownRolls(Public); len(got) != 1 || got[0] != e.Rolls[1] {
		t.Fatalf("the public is shown %+v, want only the public die %+v", got, e.Rolls[1])
	}
	if got := e.ShownRolls(ViewerOf("a")); len(got) != 1 {
		t.Fatalf("a side is shown %d rolls of a draw, want 1 (its secret is a card)", len(got))
	}
	if got := e.ShownRolls(ViewerOf(Referee)); len(got) != 2 {
		t.Fatalf("the referee is shown %d rolls, want 2", len(got))
	}
	// the record survives JSON with its marks and replays to the same state
	b, err := json.Marshal(g.Rec)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ParseRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	h, err := Load(toy{}, rec, nil)
	if err != nil {
		t.Fatalf("replay of a record with secret rolls: %v", err)
	}
	if eq, _ := Equal(h.State, g.State); !eq {
		t.Fatal("replay differs from the game")
	}
	if err := VerifyRolls(rec.Seed, rec.Entries); err != nil {
		t.Fatalf("VerifyRolls: %v", err)
	}
	if fs := Verify(toy{}, rec); len(fs) > 0 {
		t.Fatalf("Verify of an honest record with secret rolls: %v", fs)
	}
}

// A record whose secret mark was dropped (so a log page would have shown
// the card's roll) or forged onto a public die does not verify.
func TestSecretRolls_VerifyRefusesAChangedMark(t *testing.T) {
	for _, c := range []struct {
		name  string
		entry int
		roll  int
		want  string
	}{
		{"secret made public", 0, 0, "as a secret, the record has it public"},
		{"public made secret", 1, 0, "in public, the record marks it secret"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newSecretToy(t)
			for _, o := range []string{"draw", "roll", "add 1", "add 1", "add 1", "add 1"} {
				side := Side(g.State.(*toyState).Next)
				g.Commit(must(t)(g.Orders("p", side, []string{o}, "", t0)))
			}
			rec := g.Rec
			rec.Entries = append([]Entry(nil), rec.Entries...)
			rolls := append([]Roll(nil), rec.Entries[c.entry].Rolls...)
			rolls[c.roll].Secret = !rolls[c.roll].Secret
			rec.Entries[c.entry].Rolls = rolls
			var hit bool
			for _, f := range Verify(toy{}, rec) {
				hit = hit || strings.Contains(f.String(), c.want)
			}
			if !hit {
				t.Fatalf("no finding %q in %v", c.want, Verify(toy{}, rec))
			}
		})
	}
}

// Titles without secrets keep their records byte for byte: a public
// roll encodes without the mark, and plain dice (a test's) serve
// RollSecret as a Roll.
func TestSecretRolls_PublicRollsEncodeAsBefore(t *testing.T) {
	b, err := json.Marshal(Roll{N: 3, Sides: 6, Value: 4})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"n":3,"sides":6,"value":4}` {
		t.Fatalf("a public roll encodes as %s", b)
	}
	if v := RollSecret(fixed(5), 6); v != 5 {
		t.Fatalf("RollSecret on plain dice gave %d, want 5", v)
	}
}

type fixed int

func (f fixed) Roll(int) int { return int(f) }

// newSecretToy is a toy game with a whole record's header, as Verify
// wants it.
func newSecretToy(t *testing.T) *Game {
	g, _, err := New(toy{}, Record{ID: "t", Title: "toy", Scenario: "s", Created: t0, Seed: testSeed,
		Seats: map[Side]string{"a": "p", "b": "p"}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}
