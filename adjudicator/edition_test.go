package adjudicator

import "testing"

// editionToy is the toy with editions: Setup remembers the edition it
// was asked for.
type editionToy struct {
	toy
	asked *[]string
}

func (e editionToy) Edition() string { return "3" }

func (e editionToy) Setup(sc string, o Options) (State, error) {
	*e.asked = append(*e.asked, o[OptEdition])
	return e.toy.Setup(sc, o)
}

// Editioner: a new game records the title's current edition; a record
// without one (made before the title had editions) is set up, replayed
// and verified with the first; a record's own edition is kept.
func TestEditioner_NewGamesRecordTheEditionOldRecordsPlayTheFirst(t *testing.T) {
	var asked []string
	r := editionToy{asked: &asked}
	g, _, err := New(r, Record{ID: "e", Seed: testSeed, Seats: map[Side]string{"a": "alice", "b": "bob"}})
	if err != nil {
		t.Fatal(err)
	}
	if g.Rec.Options[OptEdition] != "3" || asked[0] != "3" {
		t.Fatalf("a new game: options %v, Setup asked for %v", g.Rec.Options, asked)
	}
	step, err := g.Orders("alice", "a", []string{"add 2"}, "", t0)
	if err != nil {
		t.Fatal(err)
	}
	g.Commit(step)
	if _, err := Load(r, g.Rec, nil); err != nil || asked[len(asked)-1] != "3" {
		t.Fatalf("the new game reloaded: %v, Setup asked for %v", err, asked)
	}
	old := g.Rec
	old.Options = Options{"hotseat": "yes"}
	if _, err := Load(r, old, nil); err != nil || asked[len(asked)-1] != FirstEdition {
		t.Fatalf("a record without an edition: %v, Setup asked for %v", err, asked)
	}
	if old.Options[OptEdition] != "" {
		t.Fatal("loading changed the record's options")
	}
	if _, err := SetupOf(toy{}, old); err != nil {
		t.Fatal(err)
	}
	mine := g.Rec
	mine.Options = Options{OptEdition: "2"}
	if _, err := Load(r, mine, nil); err != nil || asked[len(asked)-1] != "2" {
		t.Fatalf("a record of edition 2: %v, Setup asked for %v", err, asked)
	}
}
