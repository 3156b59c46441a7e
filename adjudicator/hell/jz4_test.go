package hell

import (
	"slices"
	"strings"
	"testing"
)

// 3.2: "Jungle Zone 4 (the only Jungle zone that the French may enter and
// conduct operations)"; 6.2.5: combat outside a PA is fire (issue 17,
// ruling H59). French companies in JZ4 with a VM battalion fight it there.
func TestJZ4_3_2_FrenchConductOperations(t *testing.T) {
	s := board(t, French, StepCombat)
	putV(s, "JZ4", "308/88/23")
	putF(s, "JZ4", "1/2REI-1", "1/2REI-2")
	if !slices.Contains(legal(s, French), "fire JZ4") {
		t.Fatalf("no combat is offered in Jungle Zone 4: %v", legal(s, French))
	}
	_, ev := loose(t, s, French, "fire JZ4", 4)
	has(t, ev, "infantry fire from Jungle Zone 4", "jungle -1")

	// Another jungle zone stays closed to French combat.
	o := board(t, French, StepCombat)
	putV(o, "JZ1", "308/88/23")
	putF(o, "JZ1", "1/2REI-1")
	mustRefuse(t, o, French, "fire JZ1", "zone combat is in peripheral zones and Jungle Zone 4")
}

// 6.2.7 "the VM player may break off an engagement at the end of each
// impulse and withdraw to the nearest Jungle zone": from Jungle Zone 4,
// the nearest other one (ruling H59).
func TestJZ4_6_2_7_BreakOffLeavesTheZone(t *testing.T) {
	s := board(t, French, StepBreakOff)
	putV(s, "JZ4", "308/88/23")
	putF(s, "JZ4", "1/2REI-1")
	ns, ev := loose(t, s, VM, "breakoff JZ4", 3)
	u := ns.VM["308/88/23"]
	if u.Loc == "JZ4" || testRules.d.zoneKind(u.Loc) != ZoneJungle || !u.Fatigued {
		t.Fatalf("broke off to %s: %+v\n%s", u.Loc, *u, ev)
	}
	has(t, ev, "breaks off in Jungle Zone 4 (JZ4) and withdraws to Jungle Zone 1 (JZ1)")
}

// 6.2.7: "The units are automatically Fatigued and are inactive until the
// end of the round" (ruling H67, defect D3 of AUDIT.md): a battalion that
// broke off neither moves in defence nor fires in a later impulse of the
// round; the next round it is active again.
func TestBreakOff_6_2_7_InactiveUntilTheEndOfTheRound(t *testing.T) {
	s := board(t, French, StepBreakOff)
	s.Trench["N"], s.Trench["A"], s.Trench["K"] = 1, 1, 1
	putV(s, "N", "308/88/23")
	putF(s, "N", "1/2REI-1")
	ns, ev := loose(t, s, VM, "breakoff N", 3)
	has(t, ev, "inactive until the end of the round")
	jz := ns.VM["308/88/23"].Loc
	// The next impulse: France fights in zone A next to the jungle zone.
	ns.Impulse, ns.Step = 2, StepDefMove
	ns.Hit = map[string]bool{"N": true, "A": true}
	ns.Moved = nil
	if err := testRules.canDefMove(ns, VM, "308/88/23", "A"); err == nil || !strings.Contains(err.Error(), "inactive until the end of the round") {
		t.Fatalf("a battalion that broke off in %s reinforces A: %v", jz, err)
	}
	if ids, _, _, _ := testRules.firers(ns, VM, jz); len(ids) != 0 {
		t.Fatalf("a battalion that broke off fires: %v", ids)
	}
	// The round ends: active again.
	ev2 := &events{}
	testRules.endHalf(ns, ev2)
	if ns.VM["308/88/23"].Inactive {
		t.Fatal("still inactive in the next round")
	}
}

// 6.2.6: "A VM battalion may perform defensive movement and be flipped at
// the beginning of the following impulse" (ruling H68, the rule AUDIT.md
// found missing): a hidden battalion that reinforced an attacked zone is
// engaged, publicly, when France's next impulse begins.
func TestDefMove_6_2_6_FlippedAtTheFollowingImpulse(t *testing.T) {
	s := board(t, French, StepDefMove)
	s.Trench["E"], s.Trench["C"] = 1, 1
	putF(s, "E", "1/2REI-1")
	s.Hit["E"] = true
	putV(s, "C", "308/88/23")
	s.VM["308/88/23"].Engaged, s.VM["308/88/23"].Revealed = false, false
	ns, _ := loose(t, s, VM, "move 308/88/23 E", 1)
	if u := ns.VM["308/88/23"]; u.Loc != "E" {
		t.Fatalf("did not move: %+v", *u)
	}
	ev := &events{}
	testRules.startImpulse(ns, 2, ev)
	if u := ns.VM["308/88/23"]; !u.Engaged || !u.Revealed {
		t.Fatalf("not flipped at the next impulse: %+v", *u)
	}
	if !strings.Contains(texts(ev), "6.2.6: VM battalion(s) that moved in defence are flipped: 308/88/23") {
		t.Fatalf("no announcement: %s", texts(ev))
	}
	// Once only: the impulse after that flips nobody again.
	ev = &events{}
	testRules.startImpulse(ns, 3, ev)
	if strings.Contains(texts(ev), "6.2.6") {
		t.Fatalf("flipped twice: %s", texts(ev))
	}
}

// 4.2.1 "Dummies made revealed … when they are in the same zone as French
// units", and 6.2.1, VM units are flipped "if they are located in the
// same peripheral zone as a French unit" (ruling H71): a dummy the VM moves
// into a zone holding French units is revealed at once; a battalion is
// engaged when France's next impulse begins.
func TestEngage_6_2_1_SharingAZoneWithFrenchUnits(t *testing.T) {
	s := board(t, VM, StepMove)
	s.Trench["E"], s.Trench["C"] = 1, 1
	putF(s, "E", "1/2REI-1")
	s.VM["DUMMY1"] = &VUnit{Loc: "C", Dummy: true}
	s.VM["308/88/23"] = &VUnit{Loc: "C"}
	ns, ev := loose(t, s, VM, "move DUMMY1 E", 1)
	if testRules.d.zoneKind(ns.VM["DUMMY1"].Loc) != ZoneJungle {
		t.Fatalf("a dummy moved into a zone with French units stays at %s:\n%s", ns.VM["DUMMY1"].Loc, ev)
	}
	has(t, ev, "revealed and sent to")
	ns, _ = loose(t, ns, VM, "move 308/88/23 E", 1)
	if u := ns.VM["308/88/23"]; u.Loc != "E" || u.Engaged {
		t.Fatalf("the battalion: %+v", *u)
	}
	ns.Half = French
	e := &events{}
	testRules.startImpulse(ns, 1, e)
	if u := ns.VM["308/88/23"]; !u.Engaged || !u.Revealed {
		t.Fatalf("not engaged at France's impulse: %+v", *u)
	}
	if !strings.Contains(texts(e), "engaged at Zone E") {
		t.Fatalf("no announcement: %s", texts(e))
	}
}
