package tonkin

import (
	"strings"
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

// 3.4 (RULINGS T65): "VM receives equipment replacements as
// reinforcements": the schedule's equipment arrives with the VM's
// phase, no more than 6 accumulated.
func TestRule3_4_EquipmentAsReinforcements(t *testing.T) {
	r := rules(t)
	var month string
	var want int
	for _, tu := range r.d.Units.VMSchedule.Turns {
		if tu.Equipment > 0 && tu.Month > "1953-11" {
			month, want = tu.Month, int(tu.Equipment*2)
			break
		}
	}
	if month == "" {
		t.Fatal("the VM schedule holds no equipment after November 1953")
	}
	for _, c := range []struct{ had, got int }{{0, want}, {11, 12}} {
		s := setup(t, r, "1953")
		s.Turn, s.Month, s.Phase, s.First, s.VMEquipH = 2, month, PhaseRein1, VM, c.had
		ev := &events{}
		d := dice{3, 3, 3}
		r.enterRein(s, &d, ev)
		if s.VMEquipH != c.got {
			t.Errorf("%s with %s equipment: now %s, want %s", month, halves(c.had), halves(s.VMEquipH), halves(c.got))
		}
		var txt []string
		for _, e := range ev.list {
			txt = append(txt, e.Text)
		}
		has(t, strings.Join(txt, "\n"), "3.4: the VM receives "+halves(want)+" equipment replacement(s) as reinforcements")
	}
	// the first turn's month is the set-up's (RULINGS T66): none then
	s := setup(t, r, "1953")
	s.Month, s.Phase, s.First = month, PhaseRein1, VM
	d := dice{3, 3, 3}
	r.enterRein(s, &d, &events{})
	if s.VMEquipH != 0 {
		t.Errorf("turn 1: equipment %s", halves(s.VMEquipH))
	}
}
