package hell

import (
	"slices"
	"strings"
	"testing"
)

// 6.2.7: "The French player may end an assault and withdraw his troops to
// the CRC or another CR as long as there is a chain of zones free of enemy
// units ... or occupied by at least one friendly unit, except the zone
// they are leaving" (issue 17, ruling H60). A company in zone E may go
// back to Beatrice, a peripheral CR, not only to the CRC.
func TestWithdraw_6_2_7_ToAnotherCR(t *testing.T) {
	s := board(t, French, StepConsolidate)
	putF(s, "E", "1/2REI-1")
	putF(s, "B1", "3/13DBLE-1")
	putF(s, "H1", "1/2REI-2")
	dests := testRules.withdrawDests(s, French, "1/2REI-1")
	if !slices.Contains(dests, "B1") || !slices.Contains(dests, "H1") {
		t.Fatalf("withdrawal from zone E: %v, want Beatrice's B1 (another CR) and the CRC's H1", dests)
	}
	if dests[0] != "B1" && dests[0] != "B2" && dests[0] != "B3" && dests[0] != "B4" {
		t.Fatalf("nearest first: %v", dests)
	}
	mustApply(t, s, French, "withdraw 1/2REI-1 B1")

	// The zone left may hold the enemy; the next ones may not, unless
	// France holds them too.
	s = board(t, French, StepWithdraw)
	putF(s, "E", "1/2REI-1")
	putF(s, "B1", "3/13DBLE-1")
	putV(s, "E", "308/88/23")
	if d := testRules.withdrawDests(s, French, "1/2REI-1"); !slices.Contains(d, "B1") {
		t.Fatalf("an enemy in the zone left blocks: %v", d)
	}
}

// 6.2.7 (ruling H60, amends H26): a unit outside the PAs with no chain
// free of the enemy stays where it is at the end of the operation; it is
// no longer brought home for free. One with a chain goes back to the PA
// it left.
func TestWithdraw_6_2_7_NoChainStays(t *testing.T) {
	s := board(t, French, StepWithdraw)
	putF(s, "N", "1/2REI-1")
	s.French["1/2REI-1"].From = "H6"
	putF(s, "D1", "1/2REI-2")
	// VM counters all round zone N: Gabrielle, Anne-Marie, K, Huguette.
	s.Captured["G1"], s.Captured["AM1"], s.Captured["H1"] = true, true, true
	putV(s, "G1", "308/88/23")
	putV(s, "AM1", "308/88/29")
	putV(s, "K", "308/88/322")
	putV(s, "H1", "308/102/18")
	if d := testRules.withdrawDests(s, French, "1/2REI-1"); len(d) != 0 {
		t.Fatalf("surrounded, yet may withdraw to %v", d)
	}
	ev := &events{}
	testRules.endAssault(s, ev)
	if s.French["1/2REI-1"].Loc != "N" {
		t.Fatalf("a surrounded unit was returned to %s", s.French["1/2REI-1"].Loc)
	}
	if !strings.Contains(texts(ev), "1/2REI-1 stays in Zone N") {
		t.Fatalf("no announcement: %s", texts(ev))
	}

	// Huguette 1 French again: the chain through HU is open; back to H6.
	s = board(t, French, StepWithdraw)
	putF(s, "N", "1/2REI-1")
	s.French["1/2REI-1"].From = "H6"
	putF(s, "H6", "1/2REI-2")
	ev = &events{}
	testRules.endAssault(s, ev)
	if s.French["1/2REI-1"].Loc != "H6" {
		t.Fatalf("with a chain, went to %s, want H6, the PA it left", s.French["1/2REI-1"].Loc)
	}
}

func texts(ev *events) string {
	var b strings.Builder
	for _, e := range ev.list {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

// 4.2.3: "If units find themselves located in surrounded PAs connected only
// to enemy PAs, they may not move, and only a successful combat will get
// them out" (ruling H65, defect D2 of AUDIT.md): not by the withdrawal at
// the end of an assault or operation either, on either side.
func TestWithdraw_4_2_3_SurroundedPAHasNoWayOut(t *testing.T) {
	// G1's only line goes to G2, held by the VM.
	for _, half := range []string{French, VM} {
		s := board(t, half, StepConsolidate)
		s.Captured["G2"] = true
		putV(s, "G2", "308/88/23")
		putF(s, "G1", "1/2REI-1")
		putF(s, "H1", "1/2REI-2")
		if d := testRules.withdrawDests(s, French, "1/2REI-1"); len(d) != 0 {
			t.Fatalf("%s half: a French company in surrounded G1 may withdraw to %v", half, d)
		}
		if half == French {
			mustRefuse(t, s, French, "withdraw 1/2REI-1 H1", "cannot withdraw")
		}
	}
	// The VM in a captured PA joined only to French PAs, and by no
	// assault base to a trenched zone (4.2.1): G1 captured, G2 French,
	// zones C, A and N untrenched; the battalion in G1 neither withdraws
	// nor moves.
	s := board(t, VM, StepConsolidate)
	s.Trench["E"] = 3
	s.Captured["G1"] = true
	putV(s, "G1", "308/88/23")
	putF(s, "G2", "1/2REI-1")
	if d := testRules.withdrawDests(s, VM, "308/88/23"); len(d) != 0 {
		t.Fatalf("a VM battalion in surrounded G1 may withdraw to %v", d)
	}
	s.Step = StepAdvance
	if d := testRules.vmStepDests(s, "308/88/23"); len(d) != 0 {
		t.Fatalf("a VM battalion in surrounded G1 may move to %v", d)
	}
	if d := testRules.vmOpReach(s, "G1"); len(d) != 0 {
		t.Fatalf("a VM battalion in surrounded G1 reaches %v in operational movement", d)
	}
	// A trenched zone behind one of G1's assault bases connects it.
	s.Trench["A"] = 1
	if d := testRules.vmStepDests(s, "308/88/23"); !d["A>G1"] {
		t.Fatalf("G1 with a base in trenched zone A: may move to %v, want A>G1", d)
	}
}

// 5.7: "The VM player may cut short an assault and withdraw his troops to
// the jungle as long as there is a chain of zones that are unoccupied, or
// occupied by at least one friendly unit" (ruling H72): from B1 out
// through its bases, along trenched or jungle zones free of French units
// or held by the VM.
func TestWithdraw_5_7_VMAlongAChain(t *testing.T) {
	s := board(t, VM, StepConsolidate)
	s.Captured["B1"] = true
	putV(s, "B1", "308/88/23")
	putF(s, "B2", "1/2REI-1")
	for i, b := range testRules.d.PABases["B1"] {
		s.Trench[b.Zone] = 1
		putF(s, b.Zone, []string{"5/7RTA-1", "5/7RTA-2", "5/7RTA-3", "5/7RTA-4"}[i]) // France holds every zone B1 opens on
	}
	if d := testRules.withdrawDests(s, VM, "308/88/23"); len(d) != 0 {
		t.Fatalf("no chain, yet the VM may withdraw to %v", d)
	}
	// A VM unit in the base's zone too: the chain runs through it.
	z := testRules.d.PABases["B1"][0].Zone
	putV(s, z, "308/88/29")
	d := testRules.withdrawDests(s, VM, "308/88/23")
	if len(d) == 0 {
		t.Fatalf("with a VM unit in %s, no withdrawal", z)
	}
	for _, w := range d {
		if k := testRules.d.zoneKind(w); k != ZoneJungle && s.Trench[w] < 3 {
			t.Fatalf("withdrawal to %s: neither jungle nor level 3", w)
		}
	}
}
