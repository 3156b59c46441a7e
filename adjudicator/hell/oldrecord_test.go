package hell

import (
	"bytes"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/fixture"
)

// Issue 30, item 6: a game recorded before the standing option (no
// "standing" in its options: every game in players' databases) sets up
// with every key at ask and replays to exactly the state it reached
// then. The record is the initial-assault script played by umpire at
// 29ddfde (before the option) and exported; the state is that build's
// encoding of its replay.
func TestStanding_RecordWithoutTheOptionReplaysByteIdentically(t *testing.T) {
	rec, _, got := fixture.Replayed(t, testRules, "testdata/record-before-standing.json")
	if _, ok := rec.Options[adjudicator.OptStanding]; ok {
		t.Fatal("the record must be one made before the standing option")
	}
	if want := fixture.Read(t, "testdata/record-before-standing.state.json"); !bytes.Equal(got, want) {
		t.Errorf("the record made before the standing option replays to another state:\n got %s\nwant %s", got, want)
	}
	// and its set-up has no standing order (every key at ask), while
	// the same record made with standing:default starts from the profile
	s0, err := testRules.Setup(rec.Scenario, rec.Options)
	if err != nil {
		t.Fatal(err)
	}
	if len(s0.(*State).Standing) != 0 {
		t.Errorf("a record without the option starts with standing orders: %v", s0.(*State).Standing)
	}
	s1, err := testRules.Setup(rec.Scenario, adjudicator.Options{adjudicator.OptStanding: adjudicator.StandingDefault})
	if err != nil {
		t.Fatal(err)
	}
	if st := s1.(*State).Standing; st[French].Fire != "all" || st[VM].BreakOff != "never" {
		t.Errorf("standing:default does not start from the profile: %v", st)
	}
	if _, err := testRules.Setup(rec.Scenario, adjudicator.Options{adjudicator.OptStanding: "sometimes"}); err == nil {
		t.Error("standing:sometimes accepted")
	}
}
