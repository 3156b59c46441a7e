package hell

import (
	"slices"
	"testing"
)

// 6.2.4 (issue 17 item 6, ruling H57): "The VM player may fire with
// infantry units, and possibly artillery, against all French units that
// attack a friendly PA or that are present in a peripheral zone containing
// trenches." A French PA joined to a VM PA whose units attack nothing is
// no target; once France designates the VM PA (6.2.1), its attackers are.
func TestDefFire_6_2_4_OnlyAtFrenchUnitsThatAttack(t *testing.T) {
	setup := func() *State {
		s := board(t, French, StepDefFire)
		s.Captured["H7"] = true
		putV(s, "H7", "308/88/23", "308/88/29", "308/88/322")
		putF(s, "H6", "1/2REI-1", "1/2REI-2")
		return s
	}
	s := setup()
	mustRefuse(t, s, VM, "fire H7 H6", "cannot fire at H6")
	mustRefuse(t, s, VM, "artillery H6", "not a target for defensive artillery")
	if slices.Contains(legal(s, VM), "fire H7 H6") {
		t.Fatal("the legal tree offers fire at French units that attack nothing")
	}

	// Designated: the attackers are a target, read as from an assault
	// base (6.2.5: -1, not the PA's -2).
	s = setup()
	designate(s, "H7")
	if !slices.Contains(legal(s, VM), "fire H7 H6") {
		t.Fatal("the legal tree does not offer fire at the attackers")
	}
	_, ev := loose(t, s, VM, "fire H7 H6", 5)
	has(t, ev, "column 5-6", "attackers from a PA as from an assault base -1")
}

// Ruling H57: the fire falls on the French units that attack, not on the
// rest of their PA; a D disorganizes each of them (6.2.5), no other.
func TestDefFire_H57_ResultFallsOnTheAttackersOnly(t *testing.T) {
	hitSome := false
	for die := 2; die <= 6; die++ {
		s := board(t, French, StepDefFire)
		s.Captured["H7"] = true
		putV(s, "H7", "308/88/23", "308/88/29", "308/88/322")
		putF(s, "H6", "1/2REI-1", "1/2REI-2", "1/2REI-3")
		designate(s, "H7", "1/2REI-1")
		ns, _ := loose(t, s, VM, "fire H7 H6", die)
		for _, h := range ns.Hits {
			hitSome = true
			if len(h.Units) == 0 {
				t.Fatalf("die %d: hit %+v may fall on any unit of H6", die, h)
			}
			for _, id := range h.Units {
				if id != "1/2REI-1" {
					t.Fatalf("die %d: hit %+v falls on %s, which does not attack", die, h, id)
				}
			}
		}
		for _, id := range []string{"1/2REI-2", "1/2REI-3"} {
			if u := ns.French[id]; u.Steps != s.French[id].Steps || u.Disorg {
				t.Fatalf("die %d: %s, not an attacker, was hit: %+v", die, id, *u)
			}
		}
	}
	if !hitSome {
		t.Fatal("no die gave a result: the test proves nothing")
	}
}

// 6.2.4: "and possibly artillery": VM defensive artillery may fire at the
// French units attacking a VM PA, on them alone.
func TestDefFire_6_2_4_ArtilleryAtAttackers(t *testing.T) {
	s := board(t, French, StepDefFire)
	s.Captured["H7"] = true
	putV(s, "H7", "308/88/23")
	putF(s, "H6", "1/2REI-1", "1/2REI-2")
	s.VMMunitions = 3
	designate(s, "H7", "1/2REI-2")
	if !slices.Contains(legal(s, VM), "artillery H6") {
		t.Fatal("VM defensive artillery is not offered at the attackers")
	}
	for die := 2; die <= 6; die++ {
		ns, ev := loose(t, s, VM, "artillery H6", die)
		has(t, ev, "6.2.4: VM defensive artillery on H6")
		if ns.VMMunitions != 2 {
			t.Fatalf("munitions %d, want 2", ns.VMMunitions)
		}
		for _, h := range ns.Hits {
			if !slices.Equal(h.Units, []string{"1/2REI-2"}) {
				t.Fatalf("die %d: artillery hit %+v not on the attacker alone", die, h)
			}
		}
	}
}

// 6.2.4: French units in a trenched peripheral zone are fired on whether
// they attack or not, all of them.
func TestDefFire_6_2_4_TrenchedZoneAlwaysATarget(t *testing.T) {
	s := board(t, French, StepDefFire)
	s.Trench["N"] = 1
	s.Captured["H6"] = true
	putV(s, "H6", "308/88/23")
	putF(s, "N", "1/2REI-1")
	orders := legal(s, VM)
	if !slices.Contains(orders, "fire H6 N") || !slices.Contains(orders, "artillery N") {
		t.Fatalf("French units in a trenched zone are not a target: %v", orders)
	}
}

// 6.2.1 (ruling H57): France designates the VM PA it attacks before the
// VM's defensive fire, in its artillery or movement step, with or without
// naming its units; an attack on a PA not designated is refused, and so is
// an attacker not named.
func TestEngage_6_2_1_FrenchDesignation(t *testing.T) {
	s := board(t, French, StepAdvance)
	s.Captured["H7"] = true
	putV(s, "H7", "316/176/888")
	*s.VM["316/176/888"] = VUnit{Loc: "H7"} // face down
	putF(s, "H6", "1/2REI-1", "1/2REI-2")
	orders := legal(s, French)
	for _, want := range []string{"engage H7", "engage H7 with 1/2REI-1"} {
		if !slices.Contains(orders, want) {
			t.Fatalf("legal tree lacks %q: %v", want, orders)
		}
	}
	mustRefuse(t, s, French, "engage H5", "holds no VM unit")
	mustRefuse(t, s, French, "engage H7 with 1/2REI-3", "cannot attack H7")
	ns, ev := loose(t, s, French, "engage H7 with 1/2REI-1", 3)
	has(t, ev, "6.2.1: France designates H7 (Huguette 7) for attack this impulse, with 1/2REI-1.", "6.2.1: VM battalion(s) engaged at H7")
	if u := ns.VM["316/176/888"]; !u.Engaged || !u.Revealed {
		t.Fatalf("the designated PA's battalion is not engaged: %+v", *u)
	}
	mustRefuse(t, ns, French, "engage H7", "already designated")

	// In the combat step: the named unit attacks by default, the other
	// cannot, and a PA not designated cannot be attacked.
	// H6 is joined to H7 and H1; both VM-held, only H7 designated.
	c := board(t, French, StepCombat)
	c.Captured["H7"], c.Captured["H1"] = true, true
	putV(c, "H7", "316/176/888")
	putV(c, "H1", "316/176/910")
	putF(c, "H6", "1/2REI-1", "1/2REI-2")
	designate(c, "H7", "1/2REI-1")
	mustRefuse(t, c, French, "attack H7 with 1/2REI-2", "1/2REI-2 was not named when H7 (Huguette 7) was designated for attack (6.2.1, ruling H57); its designated attackers: 1/2REI-1")
	mustRefuse(t, c, French, "attack H1", "was not designated for attack this impulse")
	_, ev = loose(t, c, French, "attack H7", 5)
	has(t, ev, "with 1/2REI-1 ")
	hasNot(t, ev, "1/2REI-2")
}

// COMBAT RESULTS, Artillery and Infantry Fire: "Hill: -1 (-2 for
// Gabrielle) (not applied if the attackers are on the hill as the
// defender)" (issue 17, ruling H58): battalions in an assault base of a
// hill zone are on that hill; before, only the base's -1 counted.
// 1.4: attackers from a PA keep their PA's hill, not its PA bonus.
func TestFire_H58_HillAtAssaultBases(t *testing.T) {
	s := board(t, VM, StepDefFire)
	putF(s, "B1", "3/13DBLE-1", "3/13DBLE-2")
	putV(s, "E>B1", "312/209/130")
	_, ev := loose(t, s, French, "fire B1 E>B1", 4)
	has(t, ev, "(assault base -1, hill -1)")

	f := board(t, French, StepDefFire)
	f.Captured["D2"] = true
	putV(f, "D2", "308/88/23", "308/88/29")
	putF(f, "D1", "1/2REI-1")
	designate(f, "D2")
	if !slices.Contains(testRules.d.PALinks["D1"], "D2") {
		t.Skip("D1 and D2 are not joined in this map")
	}
	_, ev = loose(t, f, VM, "fire D2 D1", 4)
	hasNot(t, ev, "hill -1") // D2 fires from the same hill (Dominique)
}
