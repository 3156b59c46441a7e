package adjudicator_test

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// Issue 11, item 2: a game whose decisions are taken by deadlines (the
// prompts' defaults, every third decision, the rest by its players) is a
// record like any other: its defaulted entries are orders by the actor
// "deadline", marked with why, and the whole record verifies. A decision
// without a default is refused with ErrNoDefault and left to its player.
func TestDefault_RecordOfDefaultsVerifies(t *testing.T) {
	for _, sc := range []string{"initial-assault", "five-hills"} {
		s := sha256.Sum256([]byte("defaults " + sc))
		g, _, err := adjudicator.New(hellRules, adjudicator.Record{ID: "g1", Title: "hell", Scenario: sc,
			Seats: map[adjudicator.Side]string{"french": "alice", "vm": "bob"}, Created: time.Unix(1e9, 0).UTC(), Seed: s[:]})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(7, 1))
		now := time.Unix(1e9, 0).UTC()
		defaults, none := 0, 0
		for n := 0; !g.Prompt().Over; n++ {
			if n > 5000 {
				t.Fatalf("%s: no end after 5000 orders", sc)
			}
			now = now.Add(time.Hour)
			p := g.Prompt()
			if n%3 == 0 {
				st, err := g.Default(adjudicator.ActorDeadline, "deadline", "deadline:g1", now)
				switch {
				case errors.Is(err, adjudicator.ErrNoDefault):
					if p.Default != "" {
						t.Fatalf("%s: ErrNoDefault with default %q", sc, p.Default)
					}
					none++
				case err != nil:
					t.Fatalf("%s: the default %q at %s: %v", sc, p.Default, p.Phase, err)
				default:
					for _, e := range st.Entries {
						if e.Actor != adjudicator.ActorDeadline || e.Default != "deadline" || e.Kind != adjudicator.KindOrder || !p.Awaits(e.Side) {
							t.Fatalf("%s: a defaulted entry %+v", sc, e)
						}
					}
					g.Commit(st)
					defaults++
					continue
				}
			}
			side := p.Awaiting[r.IntN(len(p.Awaiting))]
			order := adjudicator.PreferAction(r, side, hellRules.Legal(g.State, side))
			st, err := g.Orders(g.Rec.Seats[side], side, []string{order}, "", now)
			if err != nil {
				t.Fatalf("%s: legal order %q refused: %v", sc, order, err)
			}
			g.Commit(st)
		}
		if defaults < 10 {
			t.Fatalf("%s: only %d defaults taken", sc, defaults)
		}
		// Through JSON, as `umpire export` then `umpire verify` see it.
		b, err := json.Marshal(g.Rec)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := adjudicator.ParseRecord(b)
		if err != nil {
			t.Fatal(err)
		}
		if fs := adjudicator.Verify(hellRules, rec); len(fs) != 0 {
			t.Fatalf("%s: a record with %d defaulted entries does not verify: %v", sc, defaults, fs)
		}
		t.Logf("%s: %d entries, %d defaulted, %d decisions without a default", sc, len(rec.Entries), defaults, none)
	}
	// Over: no default.
	g, _, _ := adjudicator.New(hellRules, adjudicator.Record{ID: "g2", Title: "hell", Scenario: "initial-assault",
		Seats: map[adjudicator.Side]string{"french": "a", "vm": "b"}, Seed: make([]byte, adjudicator.SeedSize)})
	st, err := g.End("mod", "", "stop", "", time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	g.Commit(st)
	if _, err := g.Default(adjudicator.ActorDeadline, "deadline", "", time.Unix(0, 0)); !errors.Is(err, adjudicator.ErrOver) {
		t.Fatalf("a default after the end: %v", err)
	}
}
