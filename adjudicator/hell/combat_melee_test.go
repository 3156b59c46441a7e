package hell

// Hand-to-Hand Table tests (5.5, 6.2.5, COMBAT RESULTS "Hand-to-Hand").
// Columns: 1-3 1-2 1-1 2-1 3-1 4-1 5-1 6-1. The cells used here
// (data/tables.toml, die 1 is the critical cell "*"):
//
//	1-3: A1+T A1+T AD   -    T      (die 2..6)
//	1-2: A1+T AD   T    BD   DD
//	1-1: AD   T    BD   DD   D1+T
//	3-1: BD   DD   D1+T D1+T D2+T
//	4-1: T    DD   D1+T D2+T D2+T
//	6-1: D1+T D1+T D2+T D2+T D2+T
//
// Counters used: VM 308/88/x melee 6 morale 5; 308/36/x melee 5 morale 4;
// 316/176/x melee 4 morale 3. French 1/2REI-x melee 4 morale 5 (reduced 2,
// 4); 5/7RTA-x melee 3 morale 4 (reduced 2, 3); BT3-x (one step) melee 2
// morale 2; BT2-x melee 2 morale 3; MG-x (one step) melee 1 morale 4;
// TK-x melee 4 morale 5.

import (
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// melee: the VM's combat step, impulse 1, zone N and P trenched at level 3.
func melee(t *testing.T) *State {
	t.Helper()
	s := board(t, VM, StepCombat)
	s.Trench["N"], s.Trench["P"], s.Trench["M"], s.Trench["A"], s.Trench["K"] = 3, 3, 3, 3, 3
	return s
}

// frenchMelee: the French combat step; the VM holds H7.
func frenchMelee(t *testing.T) *State {
	t.Helper()
	s := board(t, French, StepCombat)
	s.Captured["H7"] = true
	designate(s, "H7") // 6.2.1: designated earlier in the impulse (H57)
	return s
}

var bn88 = []string{"308/88/23", "308/88/29", "308/88/322"}

// 5.5, 0.3: the ratio of the strengths, rounded down (against the
// attacker); column shifts apply to the raw ratio, not to the table's ends;
// beyond 6-1 each column is +1 on the die.
func TestHandToHand_5_5_RatioColumnsRoundedDown(t *testing.T) {
	cols := testRules.d.Tables.HandToHand.Columns
	for _, c := range []struct {
		att, def, shift int
		want            string
		drm             int
	}{
		{7, 3, 0, "2-1", 0},  // 2.33 to 1: 2-1
		{3, 7, 0, "1-3", 0},  // 1 to 2.33: 1-3
		{6, 4, 0, "1-1", 0},  // 1.5 to 1: 1-1
		{5, 6, 0, "1-2", 0},  // 1 to 1.2: 1-2
		{2, 3, 0, "1-2", 0},  // 1 to 1.5: 1-2
		{5, 5, 0, "1-1", 0},  // even
		{11, 2, 0, "5-1", 0}, // 5.5 to 1: 5-1
		{6, 1, 0, "6-1", 0},
		{20, 7, 0, "2-1", 0},
		{1, 5, 0, "1-3", 0},  // below the table: its first column
		{1, 5, +3, "1-2", 0}, // 1-5 is two columns left of 1-3: +3 reads 1-2
		{1, 4, +1, "1-3", 0}, // 1-4, one left of 1-3: +1 reads 1-3
		{8, 1, 0, "6-1", 2},  // 8-1: two columns beyond 6-1, +2 on the die
		{8, 1, -3, "5-1", 0}, // shifted from 8-1, not from 6-1
		{20, 2, -1, "6-1", 3},
		{18, 4, -3, "1-1", 0},
		{3, 1, -9, "1-3", 0},
		{4, 0, 0, "4-1", 0}, // no defence strength reads as 1
	} {
		col, drm := testRules.meleeColumn(c.att, c.def, c.shift)
		if cols[col].Label != c.want || drm != c.drm {
			t.Errorf("%d against %d shift %+d: column %s die %+d, want %s die %+d", c.att, c.def, c.shift, cols[col].Label, drm, c.want, c.drm)
		}
	}
}

// ---------------------------------------------------------------------
// Results.

// T: a morale check for the defender. 6 against 2: 3-1; PA -3, morale
// 5-2 +3, VM under 20 losses +1: 4-1, where a 2 is T.
func TestHandToHand_5_5_ResultT(t *testing.T) {
	for _, c := range []struct {
		die     int
		wantDis bool
	}{{2, false}, {3, true}} {
		s := melee(t)
		s.VMLosses = 10
		putV(s, "N>H6", "308/88/23")
		putF(s, "H6", "BT3-1")
		s, ev := roll(t, s, VM, "attack H6", 2, c.die)
		has(t, ev, "(6 against 2; PA -3, VM under 20 losses +1, morale +3) on column 4-1: roll 2, T")
		if u := s.French["BT3-1"]; u.Disorg != c.wantDis || u.Steps != 1 || u.Loc != "H6" {
			t.Fatalf("morale roll %d: %+v", c.die, *u)
		}
		if v := s.VM["308/88/23"]; v.Loc != "N>H6" || v.Disorg || v.Losses != 0 || s.Captured["H6"] {
			t.Fatalf("attacker %+v", *v)
		}
	}
}

// A1+T: the attacker loses a step (the unit chosen for the morale
// difference), every defending unit checks its morale. 5 against 6: 1-2;
// PA -3, morale 4-5 -1: 1-3, where a 2 is A1+T.
func TestHandToHand_5_5_ResultA1T(t *testing.T) {
	s := melee(t)
	putV(s, "N>H6", "308/36/80")
	putF(s, "H6", "1/2REI-1", "BT2-1")
	s, ev := roll(t, s, VM, "attack H6", 2, 6, 1)
	has(t, ev, "(5 against 6; PA -3, morale -1) on column 1-3: roll 2, A1+T",
		"308/36/80 loses a step (now -1)", "1/2REI-1: 6 against 5, failed", "BT2-1: 1 against 3, passed")
	if v := s.VM["308/36/80"]; v.Losses != 1 || v.Loc != "N>H6" || s.VMLosses != 31 {
		t.Fatalf("attacker %+v, VM losses %d", *v, s.VMLosses)
	}
	if !s.French["1/2REI-1"].Disorg || s.French["BT2-1"].Disorg || s.French["1/2REI-1"].Steps != 2 {
		t.Fatalf("defenders %+v %+v", *s.French["1/2REI-1"], *s.French["BT2-1"])
	}
}

// D1+T: the defender's unit chosen for the morale difference (the best
// morale, ruling H29) loses a step, then every defending unit checks. 18
// against 6: 3-1; PA -3, VM under 20 +1: 1-1, where a 6 is D1+T.
func TestHandToHand_5_5_ResultD1T(t *testing.T) {
	s := melee(t)
	s.VMLosses = 10
	putV(s, "N>H6", bn88...)
	putF(s, "H6", "1/2REI-1", "BT3-1")
	s, ev := roll(t, s, VM, "attack H6", 6, 5, 2)
	has(t, ev, "(18 against 6; PA -3, VM under 20 losses +1) on column 1-1: roll 6, D1+T",
		"1/2REI-1 loses a step", "1/2REI-1: 5 against 4, failed", "BT3-1: 2 against 2, passed")
	a, b := s.French["1/2REI-1"], s.French["BT3-1"]
	if a.Steps != 1 || !a.Disorg || b.Steps != 1 || b.Disorg || s.Captured["H6"] {
		t.Fatalf("defenders %+v %+v", *a, *b)
	}
}

// D1+T that empties the PA: the attackers advance and capture it (5.5).
// 6 against 2: 3-1; PA -3, morale +3: 3-1, where a 4 is D1+T.
func TestHandToHand_5_5_ResultD1T_AdvanceCaptures(t *testing.T) {
	s := melee(t)
	putV(s, "N>H6", "308/88/23")
	putF(s, "H6", "BT3-1")
	s, ev := roll(t, s, VM, "attack H6 with 308/88/23", 4)
	has(t, ev, "on column 3-1: roll 4, D1+T", "BT3-1 loses its last step")
	if s.French["BT3-1"].Loc != LocOut || s.VMLosses != 30 || len(s.Hits) != 0 || len(s.Advances) != 0 {
		t.Fatalf("BT3-1 %+v, VM losses %d hits %+v advances %+v", *s.French["BT3-1"], s.VMLosses, s.Hits, s.Advances)
	}
	advanced(t, s, ev, "H6", "308/88/23")
}

// D2+T: two step losses, at most one per unit even if only one unit is
// there. 18 against 3: 6-1; PA -3, morale +1: 4-1, where a 5 is D2+T.
func TestHandToHand_5_5_ResultD2T_OneStepPerUnit(t *testing.T) {
	s := melee(t)
	putV(s, "N>H6", bn88...)
	putF(s, "H6", "5/7RTA-1")
	s, ev := roll(t, s, VM, "attack H6", 5, 4)
	has(t, ev, "(18 against 3; PA -3, morale +1) on column 4-1: roll 5, D2+T", "5/7RTA-1: 4 against 3, failed")
	if u := s.French["5/7RTA-1"]; u.Steps != 1 || !u.Disorg || u.Loc != "H6" || s.Captured["H6"] {
		t.Fatalf("%+v", *u)
	}
}

// D2+T on two single-step companies: both gone, the attackers advance.
// 12 against 4: 3-1; PA -3, morale +3: 3-1, where a 6 is D2+T.
func TestHandToHand_5_5_ResultD2T_TwoUnitsEliminated(t *testing.T) {
	s := melee(t)
	putV(s, "N>H6", "308/88/23", "308/88/29")
	putF(s, "H6", "BT3-1", "BT3-2")
	s, ev := roll(t, s, VM, "attack H6", 6)
	has(t, ev, "(12 against 4; PA -3, morale +3) on column 3-1: roll 6, D2+T")
	if s.French["BT3-1"].Loc != LocOut || s.French["BT3-2"].Loc != LocOut {
		t.Fatal("both companies lose their step")
	}
	advanced(t, s, ev, "H6", "308/88/23", "308/88/29")
}

// AD: one attacking unit is Disorganized (the VM answers). 5 against 4:
// 1-1; PA -3, morale -1: 1-3, where a 4 is AD.
func TestHandToHand_5_5_ResultAD(t *testing.T) {
	s := melee(t)
	putV(s, "N>H6", "308/36/80")
	putF(s, "H6", "1/2REI-1")
	s, ev := roll(t, s, VM, "attack H6", 4)
	has(t, ev, "on column 1-3: roll 4, AD")
	if len(s.Hits) != 1 || s.Hits[0].Side != VM {
		t.Fatalf("hits %+v", s.Hits)
	}
	awaits(t, s, VM, "Disorganization at")
	s = mustApply(t, s, VM, "disorg 308/36/80")
	if !s.VM["308/36/80"].Disorg || s.French["1/2REI-1"].Disorg || s.VM["308/36/80"].Loc != "N>H6" {
		t.Fatal("the attacker only is Disorganized")
	}
}

// DD: one defending unit is Disorganized (France answers). 3-1, a 3.
func TestHandToHand_5_5_ResultDD(t *testing.T) {
	s := melee(t)
	putV(s, "N>H6", "308/88/23")
	putF(s, "H6", "BT3-1")
	s, ev := roll(t, s, VM, "attack H6", 3)
	has(t, ev, "on column 3-1: roll 3, DD")
	awaits(t, s, French, "Disorganization at")
	s = mustApply(t, s, French, "disorg BT3-1")
	if !s.French["BT3-1"].Disorg || s.VM["308/88/23"].Disorg || s.Captured["H6"] || s.VM["308/88/23"].Loc != "N>H6" {
		t.Fatal("the defender only is Disorganized; no advance")
	}
}

// BD: one unit of each side is Disorganized. 3-1, a 2.
func TestHandToHand_5_5_ResultBD(t *testing.T) {
	s := melee(t)
	putV(s, "N>H6", "308/88/23")
	putF(s, "H6", "BT3-1")
	s, ev := roll(t, s, VM, "attack H6", 2)
	has(t, ev, "on column 3-1: roll 2, BD")
	awaits(t, s, VM, "Disorganization at")
	s = mustApply(t, s, VM, "disorg 308/88/23")
	awaits(t, s, French, "Disorganization at")
	s = mustApply(t, s, French, "disorg BT3-1")
	if !s.French["BT3-1"].Disorg || !s.VM["308/88/23"].Disorg {
		t.Fatal("both are Disorganized")
	}
}

// "-": no effect. 1-3, a 5.
func TestHandToHand_5_5_ResultNone(t *testing.T) {
	s := melee(t)
	putV(s, "N>H6", "308/36/80")
	putF(s, "H6", "1/2REI-1")
	s, ev := roll(t, s, VM, "attack H6", 5)
	has(t, ev, "on column 1-3: roll 5, -")
	if len(s.Hits) != 0 || s.VM["308/36/80"].Disorg || s.French["1/2REI-1"].Disorg {
		t.Fatalf("hits %+v", s.Hits)
	}
}

// ---------------------------------------------------------------------
// * critical hits.

// 5.5: a natural 1 is a critical hit; the reroll 1-3 is unfavourable: the
// defender's result becomes one morale check for a single defending unit,
// the attacker's result is applied. 12 against 4: 3-1.
func TestHandToHand_5_5_CriticalHitUnfavourable(t *testing.T) {
	setup := func() *State {
		s := melee(t)
		putV(s, "N>H6", "308/88/23", "308/88/29")
		putF(s, "H6", "BT3-1", "BT3-2")
		return s
	}
	// Reroll 2 reads BD: the attacker is Disorganized; France checks one unit.
	s := setup()
	s, ev := roll(t, s, VM, "attack H6", 1, 2)
	has(t, ev, "roll 1, critical hit; reroll 2, unfavourable: BD with the defender's result a single morale check")
	if len(s.Hits) != 2 {
		t.Fatalf("hits %+v, want the attacker's D and one morale check", s.Hits)
	}
	s = mustApply(t, s, VM, "disorg 308/88/29")
	awaits(t, s, French, "a morale check at")
	if got := legal(s, French); !sameSet(got, []string{"check BT3-1", "check BT3-2"}) {
		t.Fatalf("legal %v", got)
	}
	s, _ = roll(t, s, French, "check BT3-2", 3)
	if !s.VM["308/88/29"].Disorg || s.VM["308/88/23"].Disorg || !s.French["BT3-2"].Disorg || s.French["BT3-1"].Disorg || len(s.Hits) != 0 {
		t.Fatalf("after: %+v %+v %+v", *s.VM["308/88/29"], *s.French["BT3-1"], *s.French["BT3-2"])
	}
	// Reroll 3 reads DD: one morale check only, passed: nothing happens.
	s = setup()
	s, ev = roll(t, s, VM, "attack H6", 1, 3)
	has(t, ev, "reroll 3, unfavourable: DD")
	s, _ = roll(t, s, French, "check BT3-1", 2)
	for _, id := range []string{"BT3-1", "BT3-2"} {
		if u := s.French[id]; u.Disorg || u.Steps != 1 {
			t.Fatalf("%s %+v", id, *u)
		}
	}
}

// 5.5: reroll 4-6 is favourable: the defender's result is doubled, the
// attacker's applied normally. 6 against 3: 2-1; PA -3, VM under 20 +1,
// morale +1: 1-1, where a 5 is DD and a 4 is BD.
func TestHandToHand_5_5_CriticalHitFavourableDoubles(t *testing.T) {
	setup := func() *State {
		s := melee(t)
		s.VMLosses = 10
		putV(s, "N>H6", "308/88/23")
		putF(s, "H6", "5/7RTA-1")
		return s
	}
	// DD doubled on one company: Disorganized, then a step loss.
	s := setup()
	s, ev := roll(t, s, VM, "attack H6", 1, 5)
	has(t, ev, "on column 1-1", "roll 1, critical hit; reroll 5, favourable: DD doubled")
	if len(s.Hits) != 2 {
		t.Fatalf("hits %+v, want two Ds", s.Hits)
	}
	s = mustApply(t, s, French, "disorg 5/7RTA-1")
	s = mustApply(t, s, French, "disorg 5/7RTA-1")
	if u := s.French["5/7RTA-1"]; !u.Disorg || u.Steps != 1 {
		t.Fatalf("%+v", *u)
	}
	// BD doubled: one D for the attacker, two for the defender.
	s = setup()
	s, ev = roll(t, s, VM, "attack H6", 1, 4)
	has(t, ev, "reroll 4, favourable: BD doubled")
	var vm, fr int
	for _, h := range s.Hits {
		if h.Kind != "disorg" {
			t.Fatalf("hit %+v", h)
		}
		if h.Side == VM {
			vm++
		} else {
			fr++
		}
	}
	if vm != 1 || fr != 2 {
		t.Fatalf("%d VM and %d French Ds, want 1 and 2", vm, fr)
	}
}

// 5.5 exception: on a favourable critical hit the VM may (`crit tank`)
// apply the result normally and destroy a tank step instead. 18 against 7
// (the tank 4, the company 3): 2-1; PA -3, VM under 20 +1, morale 5-5: 1-2,
// where a 6 is DD.
func TestHandToHand_5_5_CriticalHitTankOption(t *testing.T) {
	setup := func() *State {
		s := melee(t)
		s.VMLosses = 10
		putV(s, "N>H6", bn88...)
		// The company has the tank's morale (5), so the tank no longer
		// being the morale unit (H64) leaves the column where it was.
		putF(s, "H6", "TK-1", "1/2REI-1")
		return s
	}
	s := setup()
	s, ev := roll(t, s, VM, "attack H6 crit tank", 1, 6)
	has(t, ev, "(18 against 8; PA -3, VM under 20 losses +1) on column 1-2",
		"reroll 6, favourable: DD, and a tank step is lost (VM's choice)", "TK-1 loses a step")
	if s.French["TK-1"].Steps != 1 || len(s.Hits) != 1 || s.Hits[0].Kind != "disorg" {
		t.Fatalf("TK-1 %+v, hits %+v", *s.French["TK-1"], s.Hits)
	}
	s = mustApply(t, s, French, "disorg 1/2REI-1")
	if !s.French["1/2REI-1"].Disorg || s.French["1/2REI-1"].Steps != 2 {
		t.Fatal("DD applied once")
	}
	// Without the option the DD is doubled and the tank is untouched.
	s = setup()
	s, ev = roll(t, s, VM, "attack H6", 1, 6)
	has(t, ev, "DD doubled")
	if s.French["TK-1"].Steps != 2 || len(s.Hits) != 2 {
		t.Fatalf("TK-1 %+v, hits %+v", *s.French["TK-1"], s.Hits)
	}
	// The option is refused in any other form.
	mustRefuse(t, setup(), VM, "attack H6 crit", "crit takes `tank`")
}

// 6.2.5: a French critical hit, reroll 1-3: the defender's result becomes a
// morale check for one unit and a tank present loses a step. 8 against 4:
// 2-1; PA -3, trenches -1, morale (5 doubled by the tank) 10-3 +7: 5-1.
func TestHandToHand_6_2_5_FrenchCriticalHitTank(t *testing.T) {
	s := frenchMelee(t)
	putV(s, "H7", "316/176/888")
	putF(s, "H6", "TK-1", "1/2REI-1")
	s, ev := roll(t, s, French, "attack H7", 1, 2, 4)
	has(t, ev, "(8 against 4; PA -3, trenches -1, morale +7) on column 5-1",
		"reroll 2, unfavourable", "TK-1 loses a step", "316/176/888: 4 against 3, failed")
	if s.French["TK-1"].Steps != 1 || s.French["1/2REI-1"].Steps != 2 || !s.VM["316/176/888"].Disorg || s.VM["316/176/888"].Losses != 0 {
		t.Fatalf("TK-1 %+v, 888 %+v", *s.French["TK-1"], *s.VM["316/176/888"])
	}
}

// ---------------------------------------------------------------------
// Column modifiers (COMBAT RESULTS, Hand-to-Hand).

// VM attacks. The baseline: three 308/88 battalions (18) against
// 1/2REI-1 (4) in H6: 4-1, PA -3: 1-1.
func TestHandToHand_ColumnModifiers_VM(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(s *State)
		order string
		mods  string // the modifier list, exactly
		col   string
	}{
		{"baseline: PA -3", func(s *State) {}, "attack H6", "(18 against 4; PA -3)", "1-1"},
		{"hill -1", func(s *State) {
			move(s, "M>D1", "D1")
		}, "attack D1", "(18 against 4; hill/river -1, PA -3)", "1-2"},
		{"not from the same hill", func(s *State) {
			move(s, "D5", "D1")
			s.Captured["D5"] = true
		}, "attack D1", "(18 against 4; PA -3)", "1-1"},
		{"Gabrielle -2", func(s *State) {
			move(s, "A>G1", "G1")
		}, "attack G1", "(18 against 4; hill/river -2, PA -3)", "1-3"},
		{"Gabrielle across the river: -2, not -3", func(s *State) {
			move(s, "K>G2", "G2")
		}, "attack G2", "(18 against 4; hill/river -2, PA -3)", "1-3"},
		{"river -1 (over a bridge)", func(s *State) {
			move(s, "D4", "EP1")
			s.Captured["D4"] = true
		}, "attack EP1", "(18 against 4; hill/river -1, PA -3)", "1-2"},
		{"one attacker Fatigued -1", func(s *State) {
			s.VM["308/88/29"].Fatigued = true
		}, "attack H6", "(18 against 4; PA -3, fatigued -1)", "1-2"},
		{"two Fatigued: still -1", func(s *State) {
			s.VM["308/88/29"].Fatigued = true
			s.VM["308/88/23"].Fatigued = true
		}, "attack H6", "(18 against 4; PA -3, fatigued -1)", "1-2"},
		{"concentric +1", func(s *State) {
			s.Captured["H7"] = true
			s.VM["308/88/322"].Loc = "H7"
		}, "attack H6", "(18 against 4; PA -3, concentric/encircled +1)", "2-1"},
		{"encircled PA +1", func(s *State) {
			s.Trench["H6"] = 3
		}, "attack H6", "(18 against 4; PA -3, concentric/encircled +1)", "2-1"},
		{"concentric and encircled: +1 only", func(s *State) {
			s.Trench["H6"] = 3
			s.Captured["H7"] = true
			s.VM["308/88/322"].Loc = "H7"
		}, "attack H6", "(18 against 4; PA -3, concentric/encircled +1)", "2-1"},
		{"19 VM losses +1", func(s *State) { s.VMLosses = 19 }, "attack H6", "(18 against 4; PA -3, VM under 20 losses +1)", "2-1"},
		{"20 VM losses: no bonus", func(s *State) { s.VMLosses = 20 }, "attack H6", "(18 against 4; PA -3)", "1-1"},
		{"50 VM losses: none", func(s *State) { s.VMLosses = 50 }, "attack H6", "(18 against 4; PA -3)", "1-1"},
		{"51 VM losses -1", func(s *State) { s.VMLosses = 51 }, "attack H6", "(18 against 4; PA -3, VM over 50 losses -1)", "1-2"},
		{"morale difference +1", func(s *State) {
			s.French["1/2REI-1"].Loc = LocOut
			putF(s, "H6", "5/7RTA-1")
		}, "attack H6", "(18 against 3; PA -3, morale +1)", "4-1"},
		{"morale: the best unit of each side", func(s *State) {
			putF(s, "H6", "BT2-1")
		}, "attack H6", "(18 against 6; PA -3)", "1-2"},
		{"morale -1 (a weaker attacker)", func(s *State) {
			s.VM["308/88/23"].Loc = LocOut
			s.VM["308/88/29"].Loc = LocOut
			s.VM["308/88/322"].Loc = LocOut
			putV(s, "N>H6", "308/36/80", "308/36/84", "308/36/89")
		}, "attack H6", "(15 against 4; PA -3, morale -1)", "1-3"},
		{"a Disorganized defender at half strength (0.3)", func(s *State) {
			s.French["1/2REI-1"].Disorg = true
		}, "attack H6", "(18 against 2; PA -3)", "6-1"},
		// 1.4 (ruling H61): the PA protects two companies; a third adds
		// its strength only without the PA's -3 (18 against 12, 1-1), so
		// the defence keeps the two with the PA: 18 against 8, 2-1, -3.
		{"a third company in a PA: no PA bonus (1.4, H61)", func(s *State) {
			putF(s, "H6", "1/2REI-2", "1/2REI-3")
		}, "attack H6", "(18 against 8; PA -3, 1 company beyond two without the PA bonus, not counted (1.4))", "1-3"},
		// Tanks come freely: two companies and a tank keep the PA.
		{"tanks are not companies (1.4)", func(s *State) {
			putF(s, "H6", "1/2REI-2", "TK-1")
		}, "attack H6", "(18 against 12; PA -3)", "1-3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := melee(t)
			putV(s, "N>H6", bn88...)
			putF(s, "H6", "1/2REI-1")
			c.setup(s)
			_, ev := loose(t, s, VM, c.order, 5)
			has(t, ev, c.mods+" on column "+c.col+":")
		})
	}
}

// move puts the baseline's attackers at from and its defender at pa.
func move(s *State, from, pa string) {
	for _, id := range bn88 {
		s.VM[id].Loc = from
	}
	s.French["1/2REI-1"].Loc = pa
}

// French attacks on H7 from H6. The baseline: two 1/2REI companies (8)
// against 316/176/888 (4): 2-1; PA -3, trenches -1, morale 5-3 +2: 1-2.
// VM loss levels give no French modifier.
func TestHandToHand_ColumnModifiers_French(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(s *State)
		order string
		mods  string
		col   string
	}{
		{"baseline: trenches -1", func(s *State) {}, "attack H7", "(8 against 4; PA -3, trenches -1, morale +2)", "1-2"},
		{"VM losses give France nothing", func(s *State) { s.VMLosses = 10 }, "attack H7", "(8 against 4; PA -3, trenches -1, morale +2)", "1-2"},
		{"three battalions of one division: trenches", func(s *State) {
			putV(s, "H7", "316/176/910", "316/176/999")
		}, "attack H7", "(8 against 12; PA -3, trenches -1, morale +2)", "1-3"},
		{"four battalions: no trench bonus", func(s *State) {
			putV(s, "H7", "316/176/910", "316/176/999", "316/98/215")
		}, "attack H7", "(8 against 17; PA -3, morale +1)", "1-3"},
		{"two divisions: no trench bonus", func(s *State) {
			putV(s, "H7", "308/36/80")
		}, "attack H7", "(8 against 9; PA -3, morale +1)", "1-3"},
		{"tanks double the attackers' morale", func(s *State) {
			putF(s, "H6", "TK-1")
		}, "attack H7", "(12 against 4; PA -3, trenches -1, morale +7)", "6-1"},
		{"air +2 a point", func(s *State) {}, "attack H7 air 2", "(8 against 4; PA -3, trenches -1, morale +2, air +4)", "4-1"},
		{"a Fatigued attacker -1", func(s *State) {
			s.French["1/2REI-2"].Fatigued = true
		}, "attack H7", "(8 against 4; PA -3, trenches -1, fatigued -1, morale +2)", "1-3"},
		{"concentric +1", func(s *State) {
			s.French["1/2REI-2"].Loc = "H2"
		}, "attack H7", "(8 against 4; PA -3, trenches -1, concentric/encircled +1, morale +2)", "1-1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := frenchMelee(t)
			putV(s, "H7", "316/176/888")
			putF(s, "H6", "1/2REI-1", "1/2REI-2")
			c.setup(s)
			ns, ev := loose(t, s, French, c.order, 5)
			has(t, ev, c.mods+" on column "+c.col+":")
			if strings.Contains(c.order, "air 2") && ns.AirPoints != 1 {
				t.Fatalf("air points %d, want 1", ns.AirPoints)
			}
		})
	}
}

// Die modifiers: -1 or -2 when an attacking VM battalion has a loss marker,
// the worst only; +1 for each column beyond 6-1.
func TestHandToHand_DieModifiers(t *testing.T) {
	for _, c := range []struct {
		name   string
		losses []int
		want   string
	}{
		{"no marker", []int{0, 0, 0}, "on column 1-1: roll 5, DD"},
		{"-1", []int{1, 0, 0}, "on column 1-1, die -1: roll 5, BD"},
		{"-1 and -1: -1", []int{1, 1, 0}, "on column 1-1, die -1: roll 5, BD"},
		{"-1 and -2: -2", []int{1, 2, 0}, "on column 1-1, die -2: roll 5, T"},
		{"-2 three times: -2", []int{2, 2, 2}, "on column 1-1, die -2: roll 5, T"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := melee(t)
			putV(s, "N>H6", bn88...)
			for i, id := range bn88 {
				s.VM[id].Losses = c.losses[i]
			}
			putF(s, "H6", "1/2REI-1")
			_, ev := loose(t, s, VM, "attack H6", 5)
			has(t, ev, c.want)
		})
	}
	// Beyond 6-1: 12 against 1 is 12-1, six columns beyond 6-1; PA -3,
	// morale +1: still two beyond, +2... plus the VM loss marker.
	for _, c := range []struct {
		name   string
		losses int
		vm     int
		want   string
	}{
		{"12-1, PA -3, morale +1: +4", 0, 30, "(12 against 1; PA -3, morale +1) on column 6-1, die +4: roll 2, D2+T"},
		{"and VM under 20 +1: +5", 0, 10, "on column 6-1, die +5: roll 2, D2+T"},
		{"and a -1 marker: +3", 1, 30, "on column 6-1, die +3: roll 2, D2+T"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := melee(t)
			s.VMLosses = c.vm
			putV(s, "N>H6", "308/88/23", "308/88/29")
			s.VM["308/88/23"].Losses = c.losses
			putF(s, "H6", "MG-1")
			_, ev := loose(t, s, VM, "attack H6", 2)
			has(t, ev, c.want)
		})
	}
}

// ---------------------------------------------------------------------
// Advance after combat.

// advanced checks that the VM battalions ids advanced into pa after the
// combat and captured it (5.5). Attackers stand in assault bases: these
// failed before bases counted as on the map (doAdvances skipped them).
func advanced(t *testing.T, s *State, ev, pa string, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if s.VM[id].Loc != pa {
			t.Fatalf("%s stayed at %s: it advances into the emptied %s after combat (5.5)\n%s", id, s.VM[id].Loc, pa, ev)
		}
	}
	if !s.Captured[pa] || !strings.Contains(ev, "advance into") {
		t.Fatalf("%s not captured after the advance:\n%s", pa, ev)
	}
}

// 5.5: Disorganized attackers do not advance into the emptied PA. 8
// against 1 (MG-1 Disorganized, halved): 8-1; PA -3, fatigued -1, morale
// 3-4 -1: 3-1, where a 2 is BD; the D on the Disorganized MG is its last
// step.
func TestHandToHand_5_5_DisorganizedAttackersDoNotAdvance(t *testing.T) {
	s := melee(t)
	putV(s, "N>H6", "316/176/888", "316/176/910")
	s.VM["316/176/888"].Fatigued = true
	putF(s, "H6", "MG-1")
	s.French["MG-1"].Disorg = true
	s, ev := roll(t, s, VM, "attack H6", 2)
	has(t, ev, "(8 against 1; PA -3, fatigued -1, morale -1) on column 3-1: roll 2, BD")
	s = mustApply(t, s, VM, "disorg 316/176/910")
	s, ev = roll(t, s, French, "disorg MG-1")
	has(t, ev, "MG-1 loses its last step")
	if s.VM["316/176/910"].Loc != "N>H6" {
		t.Fatalf("the Disorganized 316/176/910 advanced to %s", s.VM["316/176/910"].Loc)
	}
	advanced(t, s, ev, "H6", "316/176/888")
}

// 6.2.5: France retakes a PA by advancing into it after combat. 12
// against 4 (the battalion at -2 has one step): 6-1 with the tank, a 2 is
// D1+T.
func TestHandToHand_6_2_5_FrenchAdvanceRetakesPA(t *testing.T) {
	s := frenchMelee(t)
	putV(s, "H7", "316/176/888")
	s.VM["316/176/888"].Losses = 2
	putF(s, "H6", "1/2REI-1", "1/2REI-2", "TK-1")
	s, ev := roll(t, s, French, "attack H7", 2)
	has(t, ev, "on column 6-1: roll 2, D1+T", "316/176/888 loses its last step and is destroyed", "France retakes")
	if s.Captured["H7"] || s.VMLosses != 31 || s.VM["316/176/888"].Loc != LocOut {
		t.Fatalf("captured %v, VM losses %d", s.Captured["H7"], s.VMLosses)
	}
	for _, id := range []string{"1/2REI-1", "1/2REI-2", "TK-1"} {
		if s.French[id].Loc != "H7" {
			t.Fatalf("%s at %s, want H7", id, s.French[id].Loc)
		}
	}
}

// ---------------------------------------------------------------------
// 1.5 thresholds, applied at once in the middle of an assault. 308/36/80
// against 1/2REI-1: 1-3, where a 2 is A1+T.

func thresholdAttack(t *testing.T, losses int) *State {
	s := melee(t)
	s.VMLosses = losses
	putV(s, "N>H6", "308/36/80")
	putF(s, "H6", "1/2REI-1")
	putV(s, "P>H7", "308/36/84")
	putF(s, "H7", "1/2REI-2")
	return s
}

// 20 losses: the +1 assault bonus is lost for the next attack of the same
// impulse.
func TestHandToHand_1_5_Threshold20MidAssault(t *testing.T) {
	s := thresholdAttack(t, 19)
	s, ev := roll(t, s, VM, "attack H6", 2, 3)
	has(t, ev, "VM under 20 losses +1", "A1+T", "1.5: 20 VM step losses: the VM loses its +1 assault bonus")
	if s.VMLosses != 20 {
		t.Fatalf("VM losses %d", s.VMLosses)
	}
	_, ev = loose(t, s, VM, "attack H7", 5)
	has(t, ev, "(5 against 4; PA -3, morale -1) on column 1-3")
}

// 50 losses: Fatigued units may no longer attack, and no VM assault after
// this impulse for the rest of the turn.
func TestHandToHand_1_5_Threshold50StopsAssaults(t *testing.T) {
	s := thresholdAttack(t, 49)
	s.VM["308/36/84"].Fatigued = true
	putV(s, "N>AM2", "308/36/89") // another attack keeps the VM's combat step open
	putF(s, "AM2", "1/13DBLE-1")
	if testRules.canAttack(s, VM, "H7", nil, 0) != nil {
		t.Fatal("a Fatigued battalion attacks below 50 losses")
	}
	s, ev := roll(t, s, VM, "attack H6", 2, 3)
	has(t, ev, "1.5: 50 VM step losses: no more VM assaults")
	if s.VMLosses != 50 || s.NoAssault != s.Turn {
		t.Fatalf("losses %d, no-assault %d", s.VMLosses, s.NoAssault)
	}
	mustRefuse(t, s, VM, "attack H7", "no engaged, organized battalion")
	// The impulse ends; the assault ends with it: no impulse 2.
	s = mustApply(t, s, VM, "done")
	for i := 0; s.Half == VM; i++ {
		if i > 20 || s.Impulse > 1 {
			t.Fatalf("the assault went on: impulse %d, step %s", s.Impulse, s.Step)
		}
		p := testRules.Prompt(s)
		s = mustApply(t, s, string(p.Awaiting[0]), p.Default)
	}
	// Next round: no assault for the VM this turn; its decision, having
	// the one public answer pass, is taken at once.
	var all strings.Builder
	for i := 0; !(s.Round == 2 && s.Half == French); i++ {
		if i > 40 || s.Phase != PhaseOperations || s.Round == 2 && s.Impulse > 0 {
			t.Fatalf("round 2's VM half: %s round %d %s %s impulse %d", s.Phase, s.Round, s.Half, s.Step, s.Impulse)
		}
		p := testRules.Prompt(s)
		var ev []adjudicator.Event
		s, ev = applyEv2(t, s, string(p.Awaiting[0]), p.Default, dice())
		all.WriteString(evText(ev))
	}
	has(t, all.String(), "no VM assault in round 2 (50 VM step losses this turn, 1.5)")
	x := s.clone()
	x.Half, x.Step = VM, StepDecide
	mustRefuse(t, x, VM, "assault", "1.5")
	if slices.Contains(legal(x, VM), "assault") {
		t.Fatal("assault offered after 50 losses")
	}
}

// 86 losses: the siege fails at once (French victory), mid-combat.
func TestHandToHand_1_5_Threshold86EndsGame(t *testing.T) {
	s := thresholdAttack(t, 85)
	s, ev := roll(t, s, VM, "attack H6", 2)
	has(t, ev, "Game over: France wins")
	if s.Phase != PhaseOver || s.Winner != French || s.VMLosses != 86 {
		t.Fatalf("phase %s winner %q losses %d", s.Phase, s.Winner, s.VMLosses)
	}
	mustRefuse(t, s, French, "check 1/2REI-1", "the game is over")
}

// 5, 5.5 (issue 17): the attacks of an impulse are simultaneous, so each
// unit attacks once per impulse: battalions in P>H7, a base reaching both
// H7 and H2, attack H7 and cannot attack H2 in the same impulse, whether
// named or not; a battalion that did not attack still can.
func TestHandToHand_5_5_EachUnitAttacksOncePerImpulse(t *testing.T) {
	s := melee(t)
	putV(s, "P>H7", "308/88/23", "308/88/29")
	putF(s, "H7", "BT3-1")
	putF(s, "H2", "BT3-2")
	ns, _, err := testRules.Apply(s, VM, "attack H7 with 308/88/23 308/88/29", constDice(2))
	if err != nil {
		t.Fatal(err)
	}
	s = ns.(*State)
	for _, order := range []string{"attack H2", "attack H2 with 308/88/23"} {
		_, _, err := testRules.Apply(s, VM, order, constDice(2))
		if err == nil || !strings.Contains(err.Error(), "attack") || !strings.Contains(err.Error(), "5.5") {
			t.Fatalf("%q after those battalions attacked H7: %v", order, err)
		}
	}
	if slices.Contains(legal(s, VM), "attack H2") {
		t.Fatal("the legal orders offer attack H2 to battalions that already attacked")
	}
	// A fresh battalion in the same base may attack H2.
	putV(s, "P>H7", "308/88/322")
	s.VM["308/88/322"].Engaged = true
	if _, _, err := testRules.Apply(s, VM, "attack H2 with 308/88/322", constDice(2)); err != nil {
		t.Fatalf("a battalion that has not attacked: %v", err)
	}
	// The mark lasts one impulse.
	s = impulse(s, StepCombat)
	if err := testRules.canAttack(s, VM, "H2", []string{"308/88/23"}, 0); err != nil {
		t.Fatalf("next impulse: %v", err)
	}
}

// 5.5 (issue 17, ruling H48): "a PA may be occupied by advance after
// combat": a choice, declared with the attack. Held units stay; with the
// standing order `advance none` nobody advances and the PA stays empty.
// Same baseline as D1+T above: 6 against 2 on 3-1, a 4 is D1+T.
func TestHandToHand_5_5_AdvanceAfterCombatIsAChoice(t *testing.T) {
	s := melee(t)
	putV(s, "N>H6", "308/88/23", "308/88/29")
	putF(s, "H6", "BT3-1")
	// 12 against 2: 6-1; PA -3, morale +3: 6-1, where a 2 is D1+T.
	x, _, err := testRules.Apply(s, VM, "attack H6 hold 308/88/29", constDice(2))
	if err != nil {
		t.Fatal(err)
	}
	ns := x.(*State)
	if ns.French["BT3-1"].Loc != LocOut || ns.VM["308/88/29"].Loc != "N>H6" || ns.VM["308/88/23"].Loc != "H6" || !ns.Captured["H6"] {
		t.Fatalf("BT3-1 at %s; held 308/88/29 at %s, 308/88/23 at %s", ns.French["BT3-1"].Loc, ns.VM["308/88/29"].Loc, ns.VM["308/88/23"].Loc)
	}
	mustRefuse(t, s, VM, "attack H6 with 308/88/23 hold 308/88/29", "only attackers can hold")
	s.VM["308/88/29"].Loc = LocOut
	// The standing order: no advance at all.
	s.Standing = map[string]Standing{VM: {Advance: "none"}}
	s, ev := roll(t, s, VM, "attack H6 with 308/88/23", 4)
	has(t, ev, "on column 3-1: roll 4, D1+T", "BT3-1 loses its last step")
	if s.VM["308/88/23"].Loc != "N>H6" || s.Captured["H6"] || strings.Contains(ev, "advance into") {
		t.Fatalf("advanced despite `standing advance none`: at %s, captured %v\n%s", s.VM["308/88/23"].Loc, s.Captured["H6"], ev)
	}
}

// COMBAT RESULTS (issue 17, ruling H49): "Morale difference between one
// unit from each side, player's choice (must take a step loss if called
// for)". The attacker names it with `lead`; otherwise its standing order
// for losses chooses (`losses most`: the unit with the most steps), else
// the best morale. 308/88/23 (-1) and 308/36/80 against 1/2REI-1 and BT2-1
// in H6; the A1 step goes to the leading unit.
func TestHandToHand_MoraleDifferenceUnitIsChosen(t *testing.T) {
	base := func() *State {
		s := melee(t)
		putV(s, "N>H6", "308/88/23", "308/36/80")
		s.VM["308/88/23"].Losses = 1
		putF(s, "H6", "1/2REI-1", "BT2-1")
		return s
	}
	leader := func(s *State, order string) string {
		t.Helper()
		ns, _, err := testRules.Apply(s, VM, order, constDice(2))
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range ns.(*State).Hits {
			if h.Side == VM && h.Kind == "step" && len(h.Units) == 1 {
				return h.Units[0]
			}
		}
		for id, u := range ns.(*State).VM {
			if (id == "308/88/23" && u.Losses == 2) || (id == "308/36/80" && u.Losses == 1) {
				return id
			}
		}
		t.Fatalf("%q: no VM step loss (dice 2 on the table)", order)
		return ""
	}
	s := base()
	// No standing order: best morale (308/88/x morale 5 against 4).
	if got := leader(s, "attack H6"); got != "308/88/23" {
		t.Fatalf("best morale: %s", got)
	}
	if got := leader(s, "attack H6 lead 308/36/80"); got != "308/36/80" {
		t.Fatalf("named lead: %s", got)
	}
	s.Standing = map[string]Standing{VM: {Losses: "most"}}
	if got := leader(s, "attack H6"); got != "308/36/80" {
		t.Fatalf("standing losses most: %s, want the full-strength 308/36/80", got)
	}
	s.Standing = map[string]Standing{VM: {Losses: "most", Lead: "best"}}
	if got := leader(s, "attack H6"); got != "308/88/23" {
		t.Fatalf("standing lead best: %s", got)
	}
	mustRefuse(t, base(), VM, "attack H6 with 308/36/80 lead 308/88/23", "one of the attackers")
	if !slices.Contains(adjudicator.Orders(testRules.Legal(base(), VM)), "attack H6 lead 308/36/80") {
		t.Fatal("the legal orders do not offer a lead")
	}
}

// COMBAT RESULTS "Morale difference between one unit from each side,
// player's choice (must take a step loss if called for)"; 0.1 tanks are
// destroyed "only by an * on the Combat Table" (ruling H64, defect D1 of
// AUDIT.md): a tank is never the morale unit, so the side's first step
// loss falls on a unit that can take it; tanks alone do not attack.
func TestHandToHand_CombatResults_TankIsNeverTheMoraleUnit(t *testing.T) {
	// France attacks H7 (three 308/88/x, 15 against 6+4: 1-2 column after
	// shifts; die 2 reads A1+T): BT3-1, not TK-1, takes the A1 step.
	fr := func() *State {
		s := frenchMelee(t)
		putV(s, "H7", "308/88/23", "308/88/29", "308/88/322")
		putF(s, "H6", "BT3-1", "TK-1")
		designate(s, "H7")
		return s
	}
	s, ev := loose(t, fr(), French, "attack H7", 2)
	has(t, ev, "A1+T")
	if u := s.French["BT3-1"]; u.Loc == "H6" && u.Steps == testRules.d.French["BT3-1"].Steps && len(s.Hits) == 0 {
		t.Fatalf("A1+T: no French step was lost (the tank was the morale unit?):\n%s", ev)
	}
	if u := s.French["TK-1"]; u.Steps != 2 {
		t.Fatalf("the tank lost a step on A1+T: %+v", u)
	}
	mustRefuse(t, fr(), French, "attack H7 lead TK-1", "a tank cannot be the unit for the morale difference")
	for _, o := range adjudicator.Orders(testRules.Legal(fr(), French)) {
		if strings.Contains(o, "lead TK-1") {
			t.Fatalf("the legal orders offer %q", o)
		}
	}
	// Tanks alone do not attack (6.2.5 "French infantry may attack").
	s = fr()
	s.Standing = map[string]Standing{French: {Losses: "most"}}
	mustRefuse(t, s, French, "attack H7 with TK-1", "tanks alone do not attack")
	s = fr()
	s.Fired, s.Step = map[string]bool{}, StepBombard
	mustRefuse(t, s, French, "engage H7 with TK-1", "tanks alone do not attack")

	// The VM attacks H6 held by BT3-1 and TK-1; die 4 on 3-1 reads D1+T:
	// BT3-1 (the only unit that can take a step) loses it.
	s = melee(t)
	putF(s, "H6", "BT3-1", "TK-1")
	putV(s, "N>H6", "308/88/23", "308/88/29")
	s.Captured["H7"] = true
	putV(s, "H7", "308/36/80")
	s, ev = loose(t, s, VM, "attack H6", 4)
	has(t, ev, "D1+T")
	if _, gone := s.French["BT3-1"]; gone && s.French["BT3-1"].Loc == "H6" && s.French["BT3-1"].Steps > 0 && len(s.Hits) == 0 {
		t.Fatalf("D1+T: BT3-1 lost no step (the tank was the morale unit?):\n%s", ev)
	}
	if s.French["TK-1"].Steps != 2 {
		t.Fatalf("the tank lost a step on D1+T")
	}
}

// 6.2.5: a French critical hit, reroll 1-3: "If a tank is present, it
// suffers one step loss" (ruling H69): a tank attacking from another place
// than the first unit listed is not spared.
func TestHandToHand_6_2_5_FrenchCriticalHitTankFromAnotherPlace(t *testing.T) {
	s := frenchMelee(t)
	putV(s, "H7", "316/176/888")
	putF(s, "H6", "1/2REI-1")
	putF(s, "H2", "TK-1", "1/2REI-2")
	designate(s, "H7")
	s, ev := loose(t, s, French, "attack H7", 1)
	has(t, ev, "unfavourable")
	if s.French["TK-1"].Steps != 1 {
		t.Fatalf("the tank attacking from H2 kept its steps:\n%s", ev)
	}
}

// 3.1: "if the covering battalion leaves for any reason, the Trench marker
// is immediately reduced to Level 2" (ruling H70, defect D5 of AUDIT.md):
// the only battalion in level-3 zone N advances after combat into H6; N,
// still next to French-held Huguette, drops at once, not at the end of
// the assault.
func TestHandToHand_3_1_UpkeepWhenTheCoverAdvances(t *testing.T) {
	s := melee(t)
	putV(s, "N>H6", "308/88/23")
	putF(s, "H6", "BT3-1")
	putF(s, "H1", "1/2REI-2")
	s, ev := loose(t, s, VM, "attack H6", 6)
	if s.VM["308/88/23"].Loc != "H6" {
		t.Fatalf("no advance:\n%s", ev)
	}
	if s.Trench["N"] != 2 {
		t.Fatalf("zone N at level %d after its cover advanced:\n%s", s.Trench["N"], ev)
	}
	has(t, ev, "drops to level 2")
}
