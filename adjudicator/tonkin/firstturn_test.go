package tonkin

import (
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// 1.0, 3.3, 3.6, 3.10 (RULINGS T66): the first turn has its replacements
// and reinforcements phases and its supply check; 2.0 fixes only its
// weather and initiative. The VM's receipts are rolled with the game's
// first order; the FEF may bring in the standby zone's paras at once.
func TestRule1_0_FirstTurnHasItsReplacementsAndSupply(t *testing.T) {
	r := rules(t)
	as, err := r.Setup("1953", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := as.(*State)
	if s.Phase != PhaseRein1 || s.First != VM || s.Weather != "sun" || !r.Prompt(s).Awaits(VM) {
		t.Fatalf("turn 1 starts at %s, first %s, weather %s", s.Phase, s.First, s.Weather)
	}
	dumps := s.onMapCount(VM, "DR")
	// 3.6: two dumps, rolled 2 and 5 (one at the railway center, one the
	// VM places and, not placed, goes there too, T36)
	s1, ev := do(t, r, s, VM, "done", 2, 5)
	has(t, ev, "3.3: the VM receives replacement points: 0 → 2", "3.6: VM supply dump roll 2", "3.6: VM supply dump roll 5",
		"2nd player replacements and reinforcements (3.0): the FEF", "3.10: the FEF receives 3 supply dump(s)")
	if s1.VMRepl != 2 || s1.onMapCount(VM, "DR") != dumps+2 || s1.Phase != PhaseRein2 || s1.Pending {
		t.Fatalf("after the VM's phase: replacements %d, dumps %d (was %d), phase %s", s1.VMRepl, s1.onMapCount(VM, "DR"), dumps, s1.Phase)
	}
	if !offers(r.Legal(s1, FEF), "bring 1_BEP 0919") {
		t.Error("the tree does not offer `bring 1_BEP 0919` in the first turn")
	}
	s2, ev := do(t, r, s1, FEF, "bring 1_BEP 0919")
	has(t, ev, "3.7: 1 BEP is brought in at 0919")
	s3, _ := do(t, r, s2, FEF, "done")
	if s3.Phase != PhaseMove1 || !r.Prompt(s3).Awaits(VM) || s3.Turn != 1 {
		t.Errorf("after the FEF's phase: %s, turn %d", s3.Phase, s3.Turn)
	}
	// the first order, whoever gives it, rolls the VM's receipts: a
	// standing order of the FEF's too
	s4, _, err := r.Apply(s, adjudicator.Side(FEF), "standing retreat no", &dice{3, 3})
	if err != nil || s4.(*State).VMRepl != 2 || s4.(*State).Pending {
		t.Errorf("the FEF's standing order first: %v", err)
	}
}
