package hell

import (
	"slices"
	"testing"
)

// Issue 30, item 1 (5.1, 5.4): France's defensive fire is about the PAs
// the engaged battalions threaten and the assault bases they stand in:
// the prompt's Focus names each base's PAs, then the base. A battalion
// in a base that is not engaged stays hidden and out of it (the prompt
// is public); a captured PA is threatened no more.
func TestFocus_5_4_DefensiveFireOnThreatenedPAsAndTheirBases(t *testing.T) {
	s := board(t, VM, StepDefFire)
	putF(s, "G2", "5/7RTA-3")
	putF(s, "B1", "3/13DBLE-1")
	putV(s, "E>G2", "312/141/11")
	putV(s, "E>B1", "312/209/130")
	s.VM["312/209/154"] = &VUnit{Loc: "A>G1"} // hidden, not engaged
	p := testRules.Prompt(s)
	if !p.Awaits(French) {
		t.Fatalf("France is not awaited: %v", p.Awaiting)
	}
	want := []string{"B1", "B2", "E>B1", "G2", "E>G2"}
	if !slices.Equal(p.Focus, want) {
		t.Errorf("focus %v, want %v", p.Focus, want)
	}
	s.Captured["B2"] = true
	if f := testRules.Prompt(s).Focus; slices.Contains(f, "B2") {
		t.Errorf("a captured PA is threatened: %v", f)
	}
}

// Issue 30, item 1 (6.2.1, 6.2.4): in France's operation the VM's
// defensive fire is about the VM PAs France designated, then where the
// designated attackers stand; a combat result waiting is about where it
// fell; outside an assault the prompt names no place.
func TestFocus_6_2_DesignatedPAsThenTheAttackers(t *testing.T) {
	s := board(t, French, StepDefFire)
	s.Captured["H7"] = true
	putV(s, "H7", "308/88/23")
	putF(s, "H6", "1/2REI-1")
	designate(s, "H7")
	if f := testRules.Prompt(s).Focus; !slices.Equal(f, []string{"H7", "H6"}) {
		t.Errorf("focus %v, want [H7 H6]", f)
	}
	s.Hits = []Hit{{Side: French, At: "H6", Kind: "step"}}
	if f := testRules.Prompt(s).Focus; !slices.Equal(f, []string{"H6"}) {
		t.Errorf("a combat result at H6: focus %v", f)
	}
	s.Hits, s.Impulse, s.Step = nil, 0, StepMove
	if f := testRules.Prompt(s).Focus; len(f) != 0 {
		t.Errorf("operational movement: focus %v, want none", f)
	}
}
