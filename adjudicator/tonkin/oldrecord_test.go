package tonkin

import (
	"bytes"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/fixture"
)

// Issue 30, item 6: a game recorded before the standing option (no
// "standing" in its options: every game in players' databases) sets up
// with every key at ask and replays to exactly the state it reached
// then. The record is the Tonkin campaign script played by umpire at
// 29ddfde (before the option) and exported; the state is that build's
// encoding of its replay.
func TestStanding_RecordWithoutTheOptionReplaysByteIdentically(t *testing.T) {
	rec, _, got := fixture.Replayed(t, rules(t), "testdata/record-before-standing.json")
	if _, ok := rec.Options[adjudicator.OptStanding]; ok {
		t.Fatal("the record must be one made before the standing option")
	}
	if want := fixture.Read(t, "testdata/record-before-standing.state.json"); !bytes.Equal(got, want) {
		t.Errorf("the record made before the standing option replays to another state:\n got %s\nwant %s", got, want)
	}
	// and its set-up has no standing order (every key at ask), while
	// the same record made with standing:default starts from the profile
	s0, err := rules(t).Setup(rec.Scenario, rec.Options)
	if err != nil {
		t.Fatal(err)
	}
	if len(s0.(*State).Standing) != 0 {
		t.Errorf("a record without the option starts with standing orders: %v", s0.(*State).Standing)
	}
	s1, err := rules(t).Setup(rec.Scenario, adjudicator.Options{adjudicator.OptStanding: adjudicator.StandingDefault})
	if err != nil {
		t.Fatal(err)
	}
	if st := s1.(*State).Standing; st[FEF].Garrison != "substitute" || st[VM].Ambush != "yes" {
		t.Errorf("standing:default does not start from the profile: %v", st)
	}
	if _, err := rules(t).Setup(rec.Scenario, adjudicator.Options{adjudicator.OptStanding: "sometimes"}); err == nil {
		t.Error("standing:sometimes accepted")
	}
}

// Issue 30, item 6: in a game made with the standing option each side
// sets only its own keys (the FEF has no ambush, the VM no garrison) and
// the refusal names the keys it may set; the status shows a side's own.
func TestStanding_ASideSetsOnlyItsOwnKeys(t *testing.T) {
	r := rules(t)
	s0, err := r.Setup("1953", adjudicator.Options{adjudicator.OptStanding: adjudicator.StandingDefault})
	if err != nil {
		t.Fatal(err)
	}
	s := s0.(*State)
	for _, c := range []struct{ side, order, want string }{
		{FEF, "standing ambush yes", "standing ambush is the VM's (ambush an attacker with your unit of most steps: yes or no (6.11)); yours are advance, evade, garrison, lead, losses, retreat"},
		{VM, "standing garrison die", "yours are advance, ambush, evade, lead, losses, retreat"},
	} {
		if _, _, err := r.Apply(s, adjudicator.Side(c.side), c.order, adjudicator.NewStream(make([]byte, adjudicator.SeedSize), 0)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want a refusal saying %q", c.side, c.order, err, c.want)
		}
	}
	if got := s.standing(VM).stringFor(VM); got != "advance all, ambush yes, evade no, lead best, losses most, retreat no" {
		t.Errorf("the VM's standing orders read %q", got)
	}
	v := r.View(s, adjudicator.Viewer{Side: FEF})
	found := false
	for _, l := range v.Status {
		found = found || strings.HasPrefix(l, "Your standing orders: advance all, evade no, garrison substitute, lead best, losses most, retreat no")
	}
	if !found {
		t.Errorf("the FEF's status does not show its standing orders: %q", v.Status)
	}
}
