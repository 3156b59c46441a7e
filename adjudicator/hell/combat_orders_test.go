package hell

// Combat orders that break a rule of sections 5-6 are refused with the
// reason (issue 3, "Done when"); the reaction prompts and the standing
// orders that answer them.

import (
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// 5.3: a Disorganized battalion moves no further in the assault, except to
// withdraw from an assault base to its zone.
func TestCombat_5_3_DisorganizedBattalionMayOnlyWithdraw(t *testing.T) {
	s := board(t, VM, StepAdvance)
	s.Trench["N"] = 2
	putV(s, "N>H6", "308/88/23")
	putV(s, "N", "308/88/29")
	s.VM["308/88/23"].Disorg = true
	s.VM["308/88/29"].Disorg = true
	putF(s, "H7", "1/2REI-1")
	mustRefuse(t, s, VM, "move 308/88/23 H6", "308/88/23 is Disorganized: it may only withdraw from an assault base to its zone (5.3)")
	mustRefuse(t, s, VM, "move 308/88/29 N>H6", "308/88/29 is Disorganized")
	var mine []string
	for _, o := range legal(s, VM) {
		if len(o) > 5 && o[:5] == "move " {
			mine = append(mine, o)
		}
	}
	if !sameSet(mine, []string{"move 308/88/23 N"}) {
		t.Fatalf("legal moves %v, want the withdrawal only", mine)
	}
	s, ev := roll(t, s, VM, "move 308/88/23 N")
	has(t, ev, "308/88/23 moves assault base N>H6 → Zone N")
	if s.VM["308/88/23"].Loc != "N" || !s.VM["308/88/23"].Disorg {
		t.Fatalf("%+v", *s.VM["308/88/23"])
	}
}

// 5.3: one PA or one assault base an impulse; never into an enemy-held PA;
// bases only in trenched zones, one battalion per trench level, of one
// regiment; only engaged battalions move; an empty PA entered is captured.
func TestCombat_5_3_AttackerMovementLimits(t *testing.T) {
	s := board(t, VM, StepAdvance)
	s.Trench["N"] = 1
	putV(s, "N>H6", "308/88/23")
	putV(s, "N", "308/88/29", "308/36/80")
	putV(s, "JZ1", "308/102/18")
	putF(s, "H6", "1/2REI-1")
	mustRefuse(t, s, VM, "move 308/88/23 H6", "never into an enemy-held PA")
	mustRefuse(t, s, VM, "move 308/88/29 N>H6", "its zone's trench level 1 allows no more (5.3)")
	mustRefuse(t, s, VM, "move 308/102/18 A>G1", "cannot reach assault base A>G1") // zone A has no trench
	mustRefuse(t, s, VM, "move 308/88/23 JZ1", "cannot reach")
	s.VM["308/88/29"].Engaged = false
	mustRefuse(t, s, VM, "move 308/88/29 N>AM2", "is not engaged")
	s.VM["308/88/29"].Engaged = true
	x := s.clone()
	x.Trench["N"] = 2
	mustRefuse(t, x, VM, "move 308/36/80 N>H6", "one regiment per base")
	x = mustApply(t, x, VM, "move 308/88/29 N>H6")
	if x.VM["308/88/29"].Loc != "N>H6" {
		t.Fatal("a second battalion of the regiment fits at level 2")
	}
	// Leaving a jungle zone by an assault base of a trenched zone.
	x = s.clone()
	x.Trench["A"] = 1
	x = mustApply(t, x, VM, "move 308/102/18 A>G1")
	if x.VM["308/102/18"].Loc != "A>G1" {
		t.Fatal("from Jungle Zone 1 to A>G1")
	}
	// An empty PA is entered through the base and captured.
	s.French["1/2REI-1"].Loc = "H7"
	s, ev := roll(t, s, VM, "move 308/88/23 H6")
	has(t, ev, "the VM captures H6")
	if !s.Captured["H6"] || s.VM["308/88/23"].Loc != "H6" {
		t.Fatal("H6 captured")
	}
	mustRefuse(t, s, VM, "move 308/88/23 H1", "already moved this impulse")
}

// 5.2: one fire at each PA or zone, at eligible targets only, while
// munitions last.
func TestCombat_5_2_OneArtilleryFirePerPA(t *testing.T) {
	s := board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1")
	putF(s, "AM2", "1/13DBLE-1")
	putF(s, "H2", "1/4RTM-1") // joined only to French PAs and to untrenched P
	s, _ = roll(t, s, VM, "fire H6", 2)
	mustRefuse(t, s, VM, "fire H6", "H6 (Huguette 6) was already bombarded this impulse: one fire per place (5.2)")
	mustRefuse(t, s, VM, "fire H2", "is not a target")
	mustRefuse(t, s, VM, "fire H7", "is not a target") // no French unit there
	if got := legal(s, VM); !sameSet(got, []string{"fire AM2", "done"}) {
		t.Fatalf("legal %v", got)
	}
	s.VMMunitions = 0
	mustRefuse(t, s, VM, "fire AM2", "no artillery munitions left")
	// A captured PA joined by a line makes its neighbours targets.
	s.VMMunitions = 2
	s.Captured["H7"] = true
	s, _ = roll(t, s, VM, "fire H2", 2)
	if s.VMMunitions != 1 {
		t.Fatalf("munitions %d", s.VMMunitions)
	}
}

// 5.4: French defensive fire at engaged battalions only, from a PA their
// assault base reaches.
func TestCombat_5_4_DefensiveFireTargets(t *testing.T) {
	s := board(t, VM, StepDefFire)
	s.Trench["N"], s.Trench["P"] = 1, 1
	putV(s, "N>H6", "308/88/23")
	putV(s, "P>H7", "308/36/80")
	s.VM["308/36/80"].Engaged = false // there, but not in the assault
	putF(s, "H6", "1/2REI-1")
	putF(s, "H7", "1/2REI-2")
	mustRefuse(t, s, French, "fire H6 P>H7", "your units at H6 (Huguette 6) cannot fire at assault base P>H7")
	mustRefuse(t, s, French, "fire H7 P>H7", "cannot fire at")
	mustRefuse(t, s, French, "artillery P>H7", "not a target for defensive artillery")
	mustRefuse(t, s, French, "fire H7 N>H6", "cannot fire at")
	want := []string{"fire H6 N>H6", "fire H6 N>H6 1", "fire H6 N>H6 2", "fire H6 N>H6 3", "artillery N>H6", "done"}
	if got := legal(s, French); !sameSet(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
}

// 5.5: hand-to-hand only by engaged, organized battalions in an assault
// base reaching the PA (or a VM PA joined to it); once a PA an impulse.
func TestCombat_5_5_AttackOnlyFromAssaultBaseReachingPA(t *testing.T) {
	s := board(t, VM, StepCombat)
	s.Trench["N"], s.Trench["P"] = 2, 2
	putV(s, "N", "308/88/23") // in the zone, not in the base
	putV(s, "P>H7", "308/36/80")
	putF(s, "H6", "1/2REI-1")
	putF(s, "H7", "1/2REI-2")
	mustRefuse(t, s, VM, "attack H6", "no engaged, organized battalion stands in an assault base reaching H6 (Huguette 6) or a VM PA joined to it (5.5)")
	mustRefuse(t, s, VM, "attack H6 with 308/36/80", "no engaged, organized battalion")
	putV(s, "N>H6", "308/88/29", "308/88/322")
	s.VM["308/88/322"].Disorg = true
	mustRefuse(t, s, VM, "attack H6 with 308/88/23", "308/88/23 cannot attack H6 (Huguette 6) (eligible: 308/88/29)")
	mustRefuse(t, s, VM, "attack H6 with 308/88/322", "cannot attack")
	mustRefuse(t, s, VM, "attack H6 with 308/36/80", "cannot attack")
	mustRefuse(t, s, VM, "attack H1", "holds no enemy unit")
	mustRefuse(t, s, VM, "attack N", "hand-to-hand attacks are against PAs")
	s.VM["308/88/29"].Engaged = false
	mustRefuse(t, s, VM, "attack H6", "no engaged, organized battalion")
	s.VM["308/88/29"].Engaged = true
	s, _ = loose(t, s, VM, "attack H6 with 308/88/29", 5)
	mustRefuse(t, s, VM, "attack H6", "already attacked this impulse")
}

// Hit orders: only the owner, only the right verb and unit; nothing else
// while a result waits.
func TestCombat_HitOrders(t *testing.T) {
	s := board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1", "BT2-1")
	putF(s, "H7", "1/2REI-2")
	s, _ = roll(t, s, VM, "fire H6", 6) // 1 step loss
	awaits(t, s, French, "a step loss at H6 (Huguette 6)")
	if p := testRules.Prompt(s); p.Default != "lose 1/2REI-1" {
		t.Fatalf("default %q", p.Default)
	}
	mustRefuse(t, s, French, "done", "a combat result waits for you")
	mustRefuse(t, s, French, "lose 1/2REI-2", "1/2REI-2 cannot take this result")
	mustRefuse(t, s, French, "lose nobody", "is not a French unit")
	mustRefuse(t, s, French, "lose", "usage: lose <unit>")
	mustRefuse(t, s, VM, "fire H7", "not the Viet Minh's turn")
	s = mustApply(t, s, French, "lose BT2-1")
	if s.French["BT2-1"].Loc != LocOut {
		t.Fatal("BT2-1 eliminated (another step remains in H6)")
	}
}

// Standing orders answer the prompts: losses from the unit with most or
// fewest steps, D never or always converted; private to their side.
func TestCombat_StandingOrders(t *testing.T) {
	setup := func(standing ...string) *State {
		s := board(t, VM, StepBombard)
		s.Trench["N"] = 1
		putF(s, "H6", "1/2REI-1", "1/2REI-2")
		s.French["1/2REI-2"].Steps = 1
		for _, o := range standing {
			s = mustApply(t, s, French, o)
		}
		return s
	}
	s, _ := roll(t, setup("standing losses most"), VM, "fire H6", 6)
	if s.French["1/2REI-1"].Steps != 1 || s.French["1/2REI-2"].Steps != 1 || len(s.Hits) != 0 {
		t.Fatal("most: the two-step company loses")
	}
	s, _ = roll(t, setup("standing losses fewest"), VM, "fire H6", 6)
	if s.French["1/2REI-1"].Steps != 2 || s.French["1/2REI-2"].Loc != LocOut {
		t.Fatal("fewest: the one-step company loses")
	}
	s, _ = roll(t, setup("standing convert never", "standing losses most"), VM, "fire H6", 5)
	if len(s.Hits) != 0 || !(s.French["1/2REI-1"].Disorg || s.French["1/2REI-2"].Disorg) {
		t.Fatal("never: Disorganized at once")
	}
	s, _ = roll(t, setup("standing convert always", "standing losses most"), VM, "fire H6", 5)
	if len(s.Hits) != 0 || s.French["1/2REI-1"].Disorg || s.French["1/2REI-1"].Steps != 1 {
		t.Fatalf("always: a step instead: %+v", *s.French["1/2REI-1"])
	}
	// The standing order is told to its side only.
	_, ev, err := testRules.Apply(setup(), French, "standing losses most", dice())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ev {
		if e.Audience != adjudicator.Only(French) {
			t.Fatalf("standing order event to %+v: %q", e.Audience, e.Text)
		}
	}
	// Without one, France is asked (convert only: losses still ask).
	s, _ = roll(t, setup("standing convert never"), VM, "fire H6", 5)
	awaits(t, s, French, "Disorganization at")
}

// 4.2.3 (issue 17, ruling H54): "If units find themselves located in
// surrounded PAs connected only to enemy PAs, they may not move, and only
// a successful combat will get them out": not through an assault base to
// its zone either, in a French operation's movement (6.2.3).
func TestAssaultMove_4_2_3_SurroundedPAHasNoWayOut(t *testing.T) {
	s := board(t, French, StepAdvance)
	putF(s, "G1", "5/7RTA-1")
	if _, ok := testRules.frenchStepDests(s, "5/7RTA-1")["A"]; !ok {
		t.Fatal("G1 not surrounded: its company should reach zone A through A>G1")
	}
	for _, q := range testRules.d.PALinks["G1"] {
		s.Captured[q] = true
	}
	if !s.surrounded(testRules.d, "G1") {
		t.Fatal("G1 should be surrounded")
	}
	mustRefuse(t, s, French, "move 5/7RTA-1 A", "only a successful combat gets it out (4.2.3)")
	for _, o := range legal(s, French) {
		if strings.HasPrefix(o, "move 5/7RTA-1") {
			t.Fatalf("offered %q from a surrounded PA", o)
		}
	}
}

// 6.2 "French operations are performed in the same manner as VM assaults",
// and 5.3 "if the PA is empty, the unit may enter" (ruling H66, defect D4
// of AUDIT.md): France enters an empty VM-held PA in its movement step and
// retakes it; a PA holding any VM counter is refused with the reason.
func TestAssaultMove_6_2_3_FranceEntersAnEmptyVMPA(t *testing.T) {
	s := board(t, French, StepAdvance)
	s.Captured["H6"] = true
	putF(s, "H1", "1/2REI-1", "1/2REI-2")
	s, ev := loose(t, s, French, "move 1/2REI-1 H6", 1)
	has(t, ev, "1/2REI-1 moves")
	if s.French["1/2REI-1"].Loc != "H6" || s.Captured["H6"] {
		t.Fatalf("1/2REI-1 at %s, H6 captured %v: France did not retake the empty PA", s.French["1/2REI-1"].Loc, s.Captured["H6"])
	}
	// A VM counter (a dummy too: France cannot tell) keeps it out.
	s = board(t, French, StepAdvance)
	s.Captured["H6"] = true
	putF(s, "H1", "1/2REI-1")
	putV(s, "H6", "308/88/23")
	s.VM["308/88/23"].Engaged, s.VM["308/88/23"].Revealed = false, false
	mustRefuse(t, s, French, "move 1/2REI-1 H6", "holds VM units: a unit enters only an empty PA")
}

// 5.6: the defender may move if it is "in a PA adjacent to engaged enemy
// battalions (and that attacked) or an attacked PA" (ruling H73): an
// engaged battalion in a base next to B2 that did not attack gives B2's
// units no defensive movement; one that attacked (B1) does.
func TestDefMove_5_6_NextToBattalionsThatAttacked(t *testing.T) {
	s := board(t, VM, StepDefMove)
	s.Trench["E"] = 1
	putV(s, "E>B1", "308/88/23")
	putF(s, "B2", "1/2REI-1")
	putF(s, "B3", "1/2REI-2")
	if testRules.frenchMayDefMove(s, "B2") {
		t.Fatal("B2 may move next to an engaged battalion that did not attack")
	}
	s.Fired[attackedKey("308/88/23")] = true
	if !testRules.frenchMayDefMove(s, "B2") {
		t.Fatal("B2 may not move next to a battalion that attacked")
	}
}
