package hell

// Combat tests (issue 3, item 7): every result of the Fire Table and the
// Hand-to-Hand Table and every modifier listed under COMBAT RESULTS, each in
// a position built for it, with fixed dice. This file holds the shared
// set-up helpers and the Fire Table tests (5.2, 5.4, 6.2.2, COMBAT RESULTS
// "Artillery and Infantry Fire"); combat_melee_test.go holds the
// Hand-to-Hand Table (5.5, 6.2.5) and combat_orders_test.go the refusals.
//
// The positions are built on the reconstructed map (data/map.toml): zone N
// (flat, west bank) reaches Huguette 6 by the assault base N>H6; H6 is
// joined by lines to H7 and H1; the VM's Fire Table columns at strength 12
// are 10-12, 5-6 on a PA (-2), 7-9 on an assault base (-1).

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// board: a full-battle state at step of impulse 1 of round 1 of the
// operational phase, in half's half, with the map cleared of units,
// trenches and captured PAs, so that each test places only what it needs.
// VM losses are 30 (no 1.5 modifier), munitions 5 each (French ammunition
// shift 0), 3 air points.
func board(t *testing.T, half, step string) *State {
	t.Helper()
	s := start(t, "full-battle")
	for id, u := range s.French {
		*u = FUnit{Loc: LocOut, Steps: testRules.d.French[id].Steps}
	}
	for _, u := range s.VM {
		*u = VUnit{Loc: LocOut, Dummy: u.Dummy}
	}
	s.Trench = map[string]int{}
	s.Captured = map[string]bool{}
	s.Phase = PhaseOperations
	s.Acting = half
	s.Round, s.Half, s.Impulse, s.Step = 1, half, 1, step
	s.Fired, s.Hit = map[string]bool{}, map[string]bool{}
	s.Hits, s.Advances, s.Moved, s.Recon, s.Standing = nil, nil, nil, nil, nil
	s.VMLosses, s.NoAssault = 30, 0
	s.VMMunitions, s.FrenchMunitions, s.AirPoints = 5, 5, 3
	return s
}

// putF places French units, fresh and at full strength, at loc.
func putF(s *State, loc string, ids ...string) {
	for _, id := range ids {
		s.French[id] = &FUnit{Loc: loc, Steps: testRules.d.French[id].Steps}
	}
}

// putV places VM battalions at loc, engaged (5.1) and so revealed.
func putV(s *State, loc string, ids ...string) {
	for _, id := range ids {
		s.VM[id] = &VUnit{Loc: loc, Engaged: true, Revealed: true}
	}
}

// roll applies an order with the given dice and fails the test unless the
// order is accepted and uses exactly those dice. It returns the new state
// and the events' texts, one a line.
func roll(t *testing.T, s *State, side, order string, rolls ...int) (*State, string) {
	t.Helper()
	fd := fixedDice(append([]int(nil), rolls...))
	var (
		ns  adjudicator.State
		ev  []adjudicator.Event
		err error
	)
	func() {
		defer func() {
			if p := recover(); p != nil {
				t.Fatalf("%s %q with dice %v: %v (the order rolled more dice)", side, order, rolls, p)
			}
		}()
		ns, ev, err = testRules.Apply(s, adjudicator.Side(side), order, &fd)
	}()
	if err != nil {
		t.Fatalf("%s %q: %v", side, order, err)
	}
	if len(fd) != 0 {
		t.Fatalf("%s %q: dice %v left unrolled of %v", side, order, []int(fd), rolls)
	}
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Text)
		b.WriteByte('\n')
	}
	return ns.(*State), b.String()
}

// constDice rolls the same value every time (modifier tests that do not
// care how the results are settled).
type constDice int

func (c constDice) Roll(int) int { return int(c) }

// loose applies an order with constant dice.
func loose(t *testing.T, s *State, side, order string, v int) (*State, string) {
	t.Helper()
	ns, ev, err := testRules.Apply(s, adjudicator.Side(side), order, constDice(v))
	if err != nil {
		t.Fatalf("%s %q: %v", side, order, err)
	}
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Text)
		b.WriteByte('\n')
	}
	return ns.(*State), b.String()
}

func has(t *testing.T, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Fatalf("events do not say %q:\n%s", w, text)
		}
	}
}

func hasNot(t *testing.T, text string, bad ...string) {
	t.Helper()
	for _, w := range bad {
		if strings.Contains(text, w) {
			t.Fatalf("events say %q:\n%s", w, text)
		}
	}
}

// awaits checks who the prompt awaits and that its decision mentions want.
func awaits(t *testing.T, s *State, side, want string) {
	t.Helper()
	p := testRules.Prompt(s)
	if !p.Awaits(adjudicator.Side(side)) {
		t.Fatalf("prompt awaits %v, want %s (%s)", p.Awaiting, side, p.Decision)
	}
	if !strings.Contains(p.Decision, want) {
		t.Fatalf("prompt decision %q does not mention %q", p.Decision, want)
	}
}

// legal lists the awaited side's legal orders of play (standing orders,
// legal at any time, left out).
func legal(s *State, side string) []string {
	var out []string
	for _, o := range adjudicator.Orders(testRules.Legal(s, adjudicator.Side(side))) {
		if !strings.HasPrefix(o, "standing ") {
			out = append(out, o)
		}
	}
	return out
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// ---------------------------------------------------------------------
// The Fire Table itself.

// 0.3 and the Fire Table: a strength reads the column whose range holds
// it; shifts move along the table and stop at its ends.
func TestFire_Table_ColumnByStrengthAndShift(t *testing.T) {
	for _, c := range []struct {
		strength, shift int
		want            string
	}{
		{1, 0, "1-2"}, {2, 0, "1-2"}, {3, 0, "3-4"}, {6, 0, "5-6"}, {9, 0, "7-9"},
		{12, 0, "10-12"}, {13, 0, "13-16"}, {20, 0, "17-20"}, {25, 0, "21-25"},
		{26, 0, "26+"}, {60, 0, "26+"},
		{12, -2, "5-6"}, {12, -1, "7-9"}, {12, +1, "13-16"},
		{12, -9, "1-2"}, {12, +9, "26+"}, {3, -1, "1-2"},
	} {
		got := testRules.d.Tables.Fire.Columns[testRules.fireColumn(c.strength, c.shift)].Label
		if got != c.want {
			t.Errorf("strength %d shift %+d: column %s, want %s", c.strength, c.shift, got, c.want)
		}
	}
}

// 5.2: a natural 1 is the critical cell whatever the modifiers; otherwise
// die modifiers apply and the roll stays on the table (ruling H24).
func TestFire_Table_NaturalOneAndDieModifiers(t *testing.T) {
	cells := []string{"*", "c2", "c3", "c4", "c5", "c6"}
	for _, c := range []struct {
		natural, drm int
		want         string
	}{
		{1, 0, "*"}, {1, +3, "*"}, {1, -2, "*"},
		{2, 0, "c2"}, {6, 0, "c6"},
		{6, -1, "c5"}, {6, -2, "c4"},
		{2, -2, "c2"}, {3, -2, "c2"}, // never the critical cell by modifiers
		{5, +3, "c6"},
	} {
		if got := readCell(cells, c.natural, c.drm); got != c.want {
			t.Errorf("roll %d die %+d: %s, want %s", c.natural, c.drm, got, c.want)
		}
	}
}

// ---------------------------------------------------------------------
// T: a morale check for one unit.

// 5.2, COMBAT RESULTS: VM artillery at strength 12 on a PA reads 5-6; a 3
// is T: one unit checks its morale (pass on a roll at most its morale, -1
// when Fatigued; a failure Disorganizes).
func TestFire_5_2_ResultT_MoraleCheck(t *testing.T) {
	for _, c := range []struct {
		name      string
		fatigued  bool
		die       int
		wantDis   bool
		wantCheck string
	}{
		{"pass", false, 5, false, "5 against 5, passed"},
		{"fail", false, 6, true, "6 against 5, failed"},
		{"fatigued fails on its morale", true, 5, true, "5 against 4, failed"},
		{"fatigued passes below", true, 4, false, "4 against 4, passed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := board(t, VM, StepBombard)
			s.Trench["N"] = 1
			putF(s, "H6", "1/2REI-1")
			s.French["1/2REI-1"].Fatigued = c.fatigued
			s, ev := roll(t, s, VM, "fire H6", 3, c.die)
			has(t, ev, "strength 12, column 5-6", "roll 3: T (morale check)", c.wantCheck)
			u := s.French["1/2REI-1"]
			if u.Disorg != c.wantDis || u.Steps != 2 || u.Loc != "H6" {
				t.Fatalf("after the check: %+v, want Disorganized %v, 2 steps", *u, c.wantDis)
			}
			if s.VMMunitions != 4 {
				t.Fatalf("VM munitions %d, want 4: one level a bombardment (5.2)", s.VMMunitions)
			}
			if len(s.Hits) != 0 {
				t.Fatalf("hits left: %+v", s.Hits)
			}
		})
	}
}

// T checks one unit only, and the owner picks it (5.2: the French player
// chooses his own losses); a standing order can pick the best morale.
func TestFire_5_2_ResultT_OwnerChoosesTheUnit(t *testing.T) {
	s := board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1", "BT2-1")
	s, _ = roll(t, s, VM, "fire H6", 3)
	awaits(t, s, French, "a morale check at")
	if got, want := legal(s, French), []string{"check 1/2REI-1", "check BT2-1"}; !sameSet(got, want) {
		t.Fatalf("legal orders %v, want %v", got, want)
	}
	mustRefuse(t, s, French, "lose BT2-1", "answered otherwise")
	mustRefuse(t, s, VM, "check BT2-1", "not the Viet Minh's turn")
	x, ev := roll(t, s, French, "check BT2-1", 4)
	has(t, ev, "morale check for BT2-1: 4 against 3, failed")
	if !x.French["BT2-1"].Disorg || x.French["1/2REI-1"].Disorg || len(x.Hits) != 0 {
		t.Fatalf("one unit checks: BT2-1 %+v, 1/2REI-1 %+v", *x.French["BT2-1"], *x.French["1/2REI-1"])
	}
}

// The same with the standing order set before the fire: no prompt.
func TestFire_5_2_ResultT_StandingCheckBest(t *testing.T) {
	s := board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1", "BT2-1")
	s = mustApply(t, s, French, "standing check best")
	s, ev := roll(t, s, VM, "fire H6", 3, 5)
	has(t, ev, "morale check for 1/2REI-1: 5 against 5, passed")
	if len(s.Hits) != 0 || s.French["1/2REI-1"].Disorg || s.French["BT2-1"].Disorg {
		t.Fatalf("hits %+v", s.Hits)
	}
}

// 0.1, 5.4: a morale check failed by a Disorganized VM battalion is a
// second D: it is routed.
func TestFire_5_4_ResultT_FailedByDisorganizedBattalionRouts(t *testing.T) {
	s := board(t, VM, StepDefFire)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1")
	putV(s, "N>H6", "308/88/23")
	s.VM["308/88/23"].Disorg = true
	// French artillery on an assault base: 12, -1: column 7-9; 3 is T.
	s, ev := roll(t, s, French, "artillery N>H6", 3, 6)
	has(t, ev, "column 7-9", "roll 3: T (morale check)", "6 against 5, failed", "routed to Jungle Zone 1 (JZ1), Fatigued")
	u := s.VM["308/88/23"]
	if u.Loc != "JZ1" || !u.Fatigued || u.Disorg || u.Engaged || u.Revealed {
		t.Fatalf("routed battalion: %+v", *u)
	}
}

// ---------------------------------------------------------------------
// D: Disorganization of one unit, or of every unit in an assault base.

// COMBAT RESULTS: D Disorganizes one unit of the owner's choice; the owner
// may take a step instead (5.4: any D may become a step loss).
func TestFire_5_2_ResultD_OneUnit(t *testing.T) {
	s := board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1", "BT2-1")
	s, ev := roll(t, s, VM, "fire H6", 5)
	has(t, ev, "roll 5: D (Disorganization)")
	awaits(t, s, French, "Disorganization at")
	want := []string{"disorg 1/2REI-1", "disorg BT2-1", "lose 1/2REI-1", "lose BT2-1"}
	if got := legal(s, French); !sameSet(got, want) {
		t.Fatalf("legal orders %v, want %v", got, want)
	}
	mustRefuse(t, s, French, "check BT2-1", "answered otherwise")
	x := mustApply(t, s, French, "disorg 1/2REI-1")
	if !x.French["1/2REI-1"].Disorg || x.French["BT2-1"].Disorg || x.French["1/2REI-1"].Steps != 2 || len(x.Hits) != 0 {
		t.Fatalf("D on one unit: %+v %+v", *x.French["1/2REI-1"], *x.French["BT2-1"])
	}
	// Converted: a step instead, no Disorganization.
	y := mustApply(t, s, French, "lose 1/2REI-1")
	if y.French["1/2REI-1"].Disorg || y.French["1/2REI-1"].Steps != 1 || y.French["BT2-1"].Disorg {
		t.Fatalf("D converted: %+v", *y.French["1/2REI-1"])
	}
}

// COMBAT RESULTS: a D on a French unit already Disorganized is a step loss.
func TestFire_ResultD_AlreadyDisorganizedFrenchLosesAStep(t *testing.T) {
	s := board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1")
	s.French["1/2REI-1"].Disorg = true
	s, _ = roll(t, s, VM, "fire H6", 5)
	s, ev := roll(t, s, French, "disorg 1/2REI-1")
	has(t, ev, "already Disorganized", "loses a step")
	if u := s.French["1/2REI-1"]; u.Steps != 1 || !u.Disorg || u.Loc != "H6" {
		t.Fatalf("%+v", *u)
	}
}

// 5.2 "Important": the last step in a PA is never eliminated by fire, even
// when the step comes from a D on a Disorganized unit.
func TestFire_5_2_ResultD_AlreadyDisorganizedLastStepInPASurvives(t *testing.T) {
	s := board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "BT2-1") // a single-step Thai company, alone
	s.French["BT2-1"].Disorg = true
	s, _ = roll(t, s, VM, "fire H6", 5)
	if len(s.Hits) > 0 {
		s = mustApply(t, s, French, "disorg BT2-1")
	}
	if u := s.French["BT2-1"]; u.Loc != "H6" || u.Steps != 1 {
		t.Fatal("combat.go disorganize (and moraleCheck, which calls it) eliminates the last French step in a PA by fire: " +
			"a fire D (or a failed fire T) on an already Disorganized single-step unit alone in H6 removes it, but 5.2 says " +
			"\"the last step in a PA or peripheral zone cannot be eliminated by fire, even if it is the only one present\". " +
			fmt.Sprintf("Got %+v.", *u))
	}
}

// 5.4, COMBAT RESULTS: a D on an assault base Disorganizes every unit in
// it; each is answered by the VM (disorg or a step instead), or by its
// standing order.
func TestFire_5_4_ResultD_AssaultBaseAllUnits(t *testing.T) {
	bns := []string{"308/88/23", "308/88/29", "308/88/322"}
	setup := func() *State {
		s := board(t, VM, StepDefFire)
		s.Trench["N"] = 3
		putF(s, "H6", "1/2REI-1")
		putV(s, "N>H6", bns...)
		return s
	}
	s := setup()
	s, ev := roll(t, s, French, "artillery N>H6", 4)
	has(t, ev, "French artillery on N>H6: strength 12, column 7-9 (assault base -1), roll 4: D (Disorganization)")
	if len(s.Hits) != 3 {
		t.Fatalf("%d hits, want a D for each of the 3 battalions: %+v", len(s.Hits), s.Hits)
	}
	if s.FrenchMunitions != 4 {
		t.Fatalf("French munitions %d, want 4", s.FrenchMunitions)
	}
	for _, id := range bns {
		awaits(t, s, VM, "Disorganization at")
		if got := legal(s, VM); !sameSet(got, []string{"disorg " + id, "lose " + id}) {
			t.Fatalf("legal %v: the D is %s's", got, id)
		}
		s = mustApply(t, s, VM, "disorg "+id)
	}
	for _, id := range bns {
		if u := s.VM[id]; !u.Disorg || u.Losses != 0 || u.Loc != "N>H6" {
			t.Fatalf("%s: %+v", id, *u)
		}
	}
	// With `standing convert never` the VM is not asked.
	s = setup()
	s = mustApply(t, s, VM, "standing convert never")
	s, _ = roll(t, s, French, "artillery N>H6", 4)
	if len(s.Hits) != 0 {
		t.Fatalf("hits left %+v", s.Hits)
	}
	for _, id := range bns {
		if !s.VM[id].Disorg {
			t.Fatalf("%s not Disorganized", id)
		}
	}
}

// 5.4: outside an assault base (an enemy PA holding assaulting battalions)
// a D Disorganizes one battalion only.
func TestFire_5_4_ResultD_EnemyPAOneUnit(t *testing.T) {
	s := board(t, VM, StepDefFire)
	s.Captured["H7"] = true
	putV(s, "H7", "308/88/23", "308/88/29")
	putF(s, "H6", "1/2REI-1", "1/2REI-2", "1/2REI-3", "1/2REI-4")
	// 4 companies: 12, PA -2: column 5-6; a 5 is D.
	s, ev := roll(t, s, French, "fire H6 H7", 5)
	has(t, ev, "column 5-6 (PA -2), roll 5: D")
	if len(s.Hits) != 1 {
		t.Fatalf("hits %+v, want one D", s.Hits)
	}
	s = mustApply(t, s, VM, "disorg 308/88/29")
	if !s.VM["308/88/29"].Disorg || s.VM["308/88/23"].Disorg {
		t.Fatal("one battalion only is Disorganized")
	}
}

// 5.4: a Disorganized VM battalion hit by a second D is routed to the
// nearest jungle zone, face down and Fatigued; if already Fatigued, to the
// Game Turn track, back next turn.
func TestFire_5_4_SecondDRoutsBattalion(t *testing.T) {
	for _, c := range []struct {
		name     string
		fatigued bool
		wantLoc  string
	}{
		// From zone N the nearest jungle zones are three zones away: JZ1
		// (through A, C, F or P) and JZ2 (through C or E); ties in id order.
		{"to the nearest jungle zone", false, "JZ1"},
		{"already Fatigued: to the Game Turn track", true, LocTrack},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := board(t, VM, StepDefFire)
			s.Trench["N"] = 1
			putF(s, "H6", "1/2REI-1")
			putV(s, "N>H6", "308/88/23")
			u := s.VM["308/88/23"]
			u.Disorg, u.Fatigued = true, c.fatigued
			s, _ = roll(t, s, French, "artillery N>H6", 4)
			s, ev := roll(t, s, VM, "disorg 308/88/23")
			has(t, ev, "308/88/23 is routed")
			u = s.VM["308/88/23"]
			if u.Loc != c.wantLoc || u.Disorg || u.Engaged || u.Revealed || u.Losses != 0 {
				t.Fatalf("routed: %+v, want at %s, face down", *u, c.wantLoc)
			}
			if c.fatigued && u.Return != s.Turn+1 {
				t.Fatalf("returns turn %d, want %d", u.Return, s.Turn+1)
			}
			if !c.fatigued && !u.Fatigued {
				t.Fatal("a routed battalion is Fatigued")
			}
			if s.VMLosses != 30 {
				t.Fatalf("a rout costs no step: VM losses %d", s.VMLosses)
			}
		})
	}
}

// 5.4: a D may always be converted to a step loss: by order (`lose`) or
// by standing order (`standing convert always`).
func TestFire_5_4_ConvertDToStepLoss(t *testing.T) {
	setup := func() *State {
		s := board(t, VM, StepDefFire)
		s.Trench["N"] = 1
		putF(s, "H6", "1/2REI-1")
		putV(s, "N>H6", "308/88/23")
		return s
	}
	s := setup()
	s, _ = roll(t, s, French, "artillery N>H6", 4)
	s = mustApply(t, s, VM, "lose 308/88/23")
	if u := s.VM["308/88/23"]; u.Disorg || u.Losses != 1 || s.VMLosses != 31 {
		t.Fatalf("converted D: %+v, VM losses %d", *u, s.VMLosses)
	}
	// A Disorganized battalion converts a second D rather than rout.
	s = setup()
	s.VM["308/88/23"].Disorg = true
	s = mustApply(t, s, VM, "standing convert always")
	s, ev := roll(t, s, French, "artillery N>H6", 4)
	has(t, ev, "308/88/23 loses a step (now -1)")
	if u := s.VM["308/88/23"]; u.Loc != "N>H6" || u.Losses != 1 || !u.Disorg || s.VMLosses != 31 {
		t.Fatalf("converted second D: %+v, VM losses %d", *u, s.VMLosses)
	}
}

// ---------------------------------------------------------------------
// 1, 2, 3: step losses, one per unit, never the last step in a PA or zone.

// VM infantry in captured H6 fire at French units in zone N (flat,
// untrenched: open +1). Six battalions: 18, column 17-20, +1: 21-25, where
// 3 is 1, 4 is 2 and 6 is 3.
func TestFire_6_2_4_StepLossesOnePerUnit(t *testing.T) {
	for _, c := range []struct {
		name  string
		units []string
		die   int
		res   string
		want  map[string]int // steps after
	}{
		{"1 on two companies", []string{"1/2REI-1", "1/2REI-2"}, 3, "1 step loss", map[string]int{"1/2REI-1": 1, "1/2REI-2": 2}},
		{"2 on two companies", []string{"1/2REI-1", "1/2REI-2"}, 4, "2 step loss", map[string]int{"1/2REI-1": 1, "1/2REI-2": 1}},
		{"3 on two companies: one each, the third ignored", []string{"1/2REI-1", "1/2REI-2"}, 6, "3 step loss", map[string]int{"1/2REI-1": 1, "1/2REI-2": 1}},
		{"3 on three companies", []string{"1/2REI-1", "1/2REI-2", "1/2REI-3"}, 6, "3 step loss", map[string]int{"1/2REI-1": 1, "1/2REI-2": 1, "1/2REI-3": 1}},
		{"3 on one company: one step only", []string{"1/2REI-1"}, 6, "3 step loss", map[string]int{"1/2REI-1": 1}},
		{"2 on the last step in the zone: ignored", []string{"BT2-1"}, 4, "2 step loss", map[string]int{"BT2-1": 1}},
		{"2 on two single steps: the last one stays", []string{"BT2-1", "BT2-2"}, 4, "2 step loss", map[string]int{"BT2-1": 0, "BT2-2": 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := board(t, French, StepDefFire)
			s.Captured["H6"] = true
			putV(s, "H6", "308/88/23", "308/88/29", "308/88/322", "308/102/18", "308/102/54", "308/102/79")
			putF(s, "N", c.units...)
			designate(s, "H6")
			s = mustApply(t, s, French, "standing losses most")
			s, ev := roll(t, s, VM, "fire H6 N", c.die)
			has(t, ev, "strength 18, column 21-25 (open +1)", c.res)
			if len(s.Hits) != 0 {
				t.Fatalf("hits left %+v", s.Hits)
			}
			for id, steps := range c.want {
				u := s.French[id]
				if u.Steps != steps || (steps == 0) != (u.Loc == LocOut) {
					t.Fatalf("%s: %+v, want %d steps", id, *u, steps)
				}
			}
		})
	}
}

// 5.2: the last step in a PA is never eliminated by fire: VM artillery
// rolls 1 on a PA held by one single-step company, or by one company
// already reduced.
func TestFire_5_2_LastStepInPANeverEliminated(t *testing.T) {
	for _, unit := range []string{"BT2-1", "1/2REI-1"} {
		s := board(t, VM, StepBombard)
		s.Trench["N"] = 1
		putF(s, "H6", unit)
		s.French[unit].Steps = 1
		s, ev := roll(t, s, VM, "fire H6", 6)
		has(t, ev, "roll 6: 1 step loss")
		if u := s.French[unit]; u.Steps != 1 || u.Loc != "H6" || len(s.Hits) != 0 {
			t.Fatalf("%s: %+v, hits %+v", unit, *u, s.Hits)
		}
	}
}

// COMBAT RESULTS: "VM step losses are adjusted on the loss track, even if
// some are ignored". French infantry with air support on an assault base:
// two companies 6, column 5-6, base -1, +2 columns per air point (5.4):
// three points read 21-25, where 3 is 1, 4 is 2, 6 is 3.
func TestFire_5_4_VMStepLossesCountedWhenIgnored(t *testing.T) {
	for _, c := range []struct {
		name       string
		losses     []int // of the battalions in the base
		die        int
		wantLosses []int
		wantTrack  int
	}{
		{"1 on one battalion", []int{0}, 3, []int{1}, 31},
		{"2 on two battalions", []int{0, 0}, 4, []int{1, 1}, 32},
		{"3 on one battalion: one step, all three counted", []int{0}, 6, []int{1}, 33},
		{"3 on two battalions", []int{0, 0}, 6, []int{1, 1}, 33},
		{"1 on the last step in the base: ignored, counted", []int{2}, 3, []int{2}, 31},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := board(t, VM, StepDefFire)
			s.Trench["N"] = 2
			putF(s, "H6", "1/2REI-1", "1/2REI-2")
			ids := []string{"308/88/23", "308/88/29"}[:len(c.losses)]
			putV(s, "N>H6", ids...)
			for i, id := range ids {
				s.VM[id].Losses = c.losses[i]
			}
			s = mustApply(t, s, VM, "standing losses most")
			s, ev := roll(t, s, French, "fire H6 N>H6 3", c.die)
			has(t, ev, "with 3 air point(s)", "column 21-25")
			if len(s.Hits) != 0 {
				t.Fatalf("hits left %+v", s.Hits)
			}
			for i, id := range ids {
				if s.VM[id].Losses != c.wantLosses[i] || s.VM[id].Loc != "N>H6" {
					t.Fatalf("%s: %+v, want losses %d", id, *s.VM[id], c.wantLosses[i])
				}
			}
			if s.VMLosses != c.wantTrack {
				t.Fatalf("VM loss track %d, want %d", s.VMLosses, c.wantTrack)
			}
			if s.AirPoints != 0 {
				t.Fatalf("air points %d, want 0", s.AirPoints)
			}
		})
	}
}

// The owner allocates step losses: prompt, legal orders, one step per unit.
func TestFire_5_2_StepLossPrompt(t *testing.T) {
	s := board(t, French, StepDefFire)
	s.Captured["H6"] = true
	putV(s, "H6", "308/88/23", "308/88/29", "308/88/322", "308/102/18", "308/102/54", "308/102/79")
	putF(s, "N", "1/2REI-1", "BT2-1")
	designate(s, "H6")
	s, _ = roll(t, s, VM, "fire H6 N", 4) // 2 step losses
	awaits(t, s, French, "a step loss at")
	if got := legal(s, French); !sameSet(got, []string{"lose 1/2REI-1", "lose BT2-1"}) {
		t.Fatalf("legal %v", got)
	}
	mustRefuse(t, s, French, "disorg BT2-1", "answered otherwise")
	s = mustApply(t, s, French, "lose 1/2REI-1")
	// The second loss cannot fall on 1/2REI-1 again: it goes to BT2-1 at
	// once (the only candidate).
	if s.French["1/2REI-1"].Steps != 1 || s.French["BT2-1"].Loc != LocOut || len(s.Hits) != 0 {
		t.Fatalf("1/2REI-1 %+v, BT2-1 %+v, hits %+v", *s.French["1/2REI-1"], *s.French["BT2-1"], s.Hits)
	}
}

// ---------------------------------------------------------------------
// *: the critical hit of a natural 1.

// 5.2: a natural 1 of VM fire costs a tank step if a tank is present, and
// nothing otherwise.
func TestFire_5_2_CriticalHitTank(t *testing.T) {
	s := board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "TK-1", "1/2REI-1")
	s, ev := roll(t, s, VM, "fire H6", 1)
	has(t, ev, "critical hit — a tank step is lost")
	if s.French["TK-1"].Steps != 1 || s.French["1/2REI-1"].Steps != 2 || len(s.Hits) != 0 {
		t.Fatalf("TK-1 %+v 1/2REI-1 %+v", *s.French["TK-1"], *s.French["1/2REI-1"])
	}
	// No tank: no effect.
	s = board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1")
	s, ev = roll(t, s, VM, "fire H6", 1)
	has(t, ev, "roll 1: no effect")
	hasNot(t, ev, "critical hit")
	if s.French["1/2REI-1"].Steps != 2 || s.French["1/2REI-1"].Disorg || len(s.Hits) != 0 {
		t.Fatalf("%+v", *s.French["1/2REI-1"])
	}
	// Two tanks: France picks which loses the step; infantry cannot take it.
	s = board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "TK-1", "TK-2", "1/2REI-1")
	s, _ = roll(t, s, VM, "fire H6", 1)
	awaits(t, s, French, "a step loss at")
	if got := legal(s, French); !sameSet(got, []string{"lose TK-1", "lose TK-2"}) {
		t.Fatalf("legal %v", got)
	}
	mustRefuse(t, s, French, "lose 1/2REI-1", "cannot take this result")
	s = mustApply(t, s, French, "lose TK-2")
	if s.French["TK-2"].Steps != 1 || s.French["TK-1"].Steps != 2 {
		t.Fatal("TK-2 loses the step")
	}
}

// COMBAT RESULTS: "* = if VM fire": a natural 1 of French fire does
// nothing.
func TestFire_5_4_FrenchNaturalOneNoEffect(t *testing.T) {
	s := board(t, VM, StepDefFire)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1")
	putV(s, "N>H6", "308/88/23")
	s, ev := roll(t, s, French, "artillery N>H6", 1)
	has(t, ev, "roll 1: no effect")
	if len(s.Hits) != 0 || s.VMLosses != 30 || s.VM["308/88/23"].Disorg || s.VM["308/88/23"].Losses != 0 {
		t.Fatalf("hits %+v, %+v", s.Hits, *s.VM["308/88/23"])
	}
}

// 0.1: tanks are "difficult to destroy (only by an * on the Combat
// Table)": an ordinary step loss cannot be given to a tank.
func TestFire_0_1_TanksLoseStepsOnlyOnCriticalHits(t *testing.T) {
	s := board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "TK-1", "1/2REI-1")
	s, _ = roll(t, s, VM, "fire H6", 6) // 1 step loss
	var opts []string
	if len(s.Hits) > 0 {
		opts = testRules.hitOptions(s, s.Hits[0])
	}
	if slices.Contains(opts, "TK-1") {
		t.Fatal("combat.go hitOptions offers a tank for an ordinary Fire Table step loss (result 1 at H6: options " +
			strings.Join(opts, ", ") + "); 0.1 says tanks are destroyed only by an * on the Combat Table. " +
			"Fix: for Kind \"step\" (fire and hand-to-hand) leave out French tanks.")
	}
}

// ---------------------------------------------------------------------
// Column modifiers (COMBAT RESULTS, Artillery and Infantry Fire).

// PA -2; hill -1 (Gabrielle -2), not from the same hill; trench or jungle
// -1; open or marsh +1 without a trench; assault base -1.
func TestFire_ColumnModifiers_Terrain(t *testing.T) {
	s := board(t, VM, StepBombard)
	s.Trench["Q"] = 1
	s.Trench["G"] = 2
	for _, c := range []struct {
		loc, from string
		want      int
	}{
		{"H6", "", -2},      // PA
		{"H6", "N>H6", -2},  // PA, from a base
		{"D1", "", -3},      // PA on a hill
		{"D1", "M>D1", -3},  // from a base below the hill
		{"D1", "D5", -2},    // from the same hill: no hill modifier
		{"D2", "E1", -3},    // from another hill (Elaine)
		{"G1", "", -4},      // Gabrielle: -2
		{"G1", "G2", -2},    // from Gabrielle itself
		{"N>H6", "H6", -1},  // assault base (in a trenched zone)
		{"N", "H6", +1},     // open terrain, no trench
		{"P", "", +1},       // open terrain
		{"R", "", +1},       // open
		{"Q", "", -1},       // trench (any level)
		{"G", "", -1},       // marsh with a trench
		{"H", "", +1},       // marsh without a trench
		{"JZ1", "", -1},     // jungle
		{"JZ4", "G", -1},    // jungle
		{"I1", "", -2},      // Isabelle PA
		{"IP>I1", "I1", -1}, // Isabelle's base
		{"E>B1", "B1", -2},  // base in hill zone E: base -1, hill -1 (H58)
		{"E>B1", "E", -1},   // from zone E itself: the same hill
		{"A>G1", "G1", -1},  // base in flat zone A: no hill
		{"C>G1", "G1", -2},  // base on ridge C: hill -1
	} {
		if got, why := testRules.terrainShift(s, c.loc, c.from, false); got != c.want {
			t.Errorf("fire at %s from %q: shift %+d (%v), want %+d", c.loc, c.from, got, why, c.want)
		}
	}
}

// COMBAT RESULTS: "Hill: -1 ... (not applied if the attackers are on the
// hill as the defender)": fire into a peripheral zone of hill terrain from
// elsewhere has the hill modifier.
func TestFire_ColumnModifiers_HillPeripheralZone(t *testing.T) {
	s := board(t, French, StepBombard)
	s.Trench["S"] = 1
	got, why := testRules.terrainShift(s, "S", "", false)
	if got != -2 {
		t.Fatalf("zones of terrain \"hill\" (C, E, L, M, S, T, U) take the hill modifier: artillery or air on trenched zone S gets %+d (%v), want -2 (trench -1, hill -1)", got, why)
	}
}

// End to end: the column each modifier gives, as reported in the events.
func TestFire_ColumnModifiers_EndToEnd(t *testing.T) {
	t.Run("VM artillery on a hill PA: PA -2, hill -1", func(t *testing.T) {
		s := board(t, VM, StepBombard)
		s.Trench["M"] = 1
		putF(s, "D1", "1/2REI-1")
		_, ev := roll(t, s, VM, "fire D1", 2)
		has(t, ev, "column 3-4 (PA -2, hill -1)")
	})
	t.Run("VM artillery on Gabrielle: PA -2, Gabrielle -2", func(t *testing.T) {
		s := board(t, VM, StepBombard)
		s.Trench["A"] = 1
		putF(s, "G1", "1/2REI-1")
		_, ev := roll(t, s, VM, "fire G1", 2)
		has(t, ev, "column 1-2 (PA -2, hill -2)")
	})
	// French infantry fire in the VM half (5.4) at a VM-held hill PA:
	// PA -2, and the hill's -1 unless fired from the same hill. (VM
	// infantry only fires at French attackers, who count as in an
	// assault base, 6.2.5.)
	t.Run("French infantry from the same hill: no hill modifier", func(t *testing.T) {
		s := board(t, VM, StepDefFire)
		s.Captured["D5"] = true
		putV(s, "D5", "308/88/23")
		putF(s, "D4", "1/2REI-1", "1/2REI-2")
		s.FrenchMunitions, s.AirPoints = 4, 2 // ammunition shift 0; air +4
		_, ev := loose(t, s, French, "fire D4 D5 2", 2)
		has(t, ev, "strength 6, column 10-12 (shift +4, PA -2)")
	})
	t.Run("French infantry from another hill: hill -1", func(t *testing.T) {
		s := board(t, VM, StepDefFire)
		s.Captured["E1"] = true
		putV(s, "E1", "308/88/23")
		putF(s, "D2", "1/2REI-1", "1/2REI-2")
		s.FrenchMunitions, s.AirPoints = 4, 2
		if !slices.Contains(testRules.d.PALinks["D2"], "E1") {
			t.Skip("D2 and E1 are not joined in this map")
		}
		_, ev := loose(t, s, French, "fire D2 E1 2", 2)
		has(t, ev, "strength 6, column 7-9 (shift +4, PA -2, hill -1)")
	})
	t.Run("trench -1", func(t *testing.T) {
		s := board(t, French, StepDefFire)
		s.Trench["N"] = 1
		s.Captured["H6"] = true
		putV(s, "H6", "308/88/23", "308/88/29", "308/88/322")
		putF(s, "N", "1/2REI-1")
		_, ev := roll(t, s, VM, "fire H6 N", 2)
		has(t, ev, "strength 9, column 5-6 (trench -1)")
	})
	t.Run("open terrain +1", func(t *testing.T) {
		s := board(t, French, StepDefFire)
		s.Captured["H6"] = true
		putV(s, "H6", "308/88/23", "308/88/29", "308/88/322")
		putF(s, "N", "1/2REI-1")
		designate(s, "H6")
		_, ev := loose(t, s, VM, "fire H6 N", 2)
		has(t, ev, "strength 9, column 10-12 (open +1)")
	})
}

// COMBAT RESULTS: "At least one Fatigued firer: -1"; 5.4: French infantry
// fire by ammunition level. Four companies: 12, base -1: 7-9.
func TestFire_ColumnModifiers_FatigueAndAmmunition(t *testing.T) {
	for _, c := range []struct {
		name      string
		munitions int
		fatigued  int // how many firers are Fatigued
		want      string
	}{
		{"munitions 5 (shift 0)", 5, 0, "column 7-9"},
		{"munitions 3 (shift 0)", 3, 0, "column 7-9"},
		{"munitions 7 (+1)", 7, 0, "column 10-12"},
		{"munitions 10 (+1)", 10, 0, "column 10-12"},
		{"munitions 2 (-1)", 2, 0, "column 5-6"},
		{"munitions 1 (-1)", 1, 0, "column 5-6"},
		{"munitions 0 (-2)", 0, 0, "column 3-4"},
		{"one firer Fatigued", 5, 1, "column 5-6"},
		{"two firers Fatigued: -1 only", 5, 2, "column 5-6"},
		{"Fatigued and munitions 7", 7, 1, "column 7-9"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := board(t, VM, StepDefFire)
			s.Trench["N"] = 1
			s.FrenchMunitions = c.munitions
			ids := []string{"1/2REI-1", "1/2REI-2", "1/2REI-3", "1/2REI-4"}
			putF(s, "H6", ids...)
			for _, id := range ids[:c.fatigued] {
				s.French[id].Fatigued = true
			}
			putV(s, "N>H6", "308/88/23")
			s, ev := loose(t, s, French, "fire H6 N>H6", 2)
			has(t, ev, "strength 12, "+c.want)
			if s.FrenchMunitions != c.munitions {
				t.Fatal("infantry fire spends no munitions")
			}
		})
	}
	// The ammunition level is for infantry: artillery stays at 12.
	if got := testRules.ammoShift(&State{FrenchMunitions: 0}); got != -2 {
		t.Fatalf("ammoShift(0) %d", got)
	}
}

// 0.3: a Disorganized unit fires at half strength, rounded up, before
// adding.
func TestFire_0_3_DisorganizedFiresAtHalf(t *testing.T) {
	s := board(t, VM, StepDefFire)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1", "1/2REI-2", "1/2REI-3", "1/2REI-4")
	s.French["1/2REI-1"].Disorg = true
	s.French["1/2REI-2"].Disorg = true
	putV(s, "N>H6", "308/88/23")
	_, ev := roll(t, s, French, "fire H6 N>H6", 2)
	has(t, ev, "strength 10,") // 2 + 2 + 3 + 3
}

// 5.4: "+2 columns to the right for each air point expended" on infantry
// fire. Four companies at 7-9 on the base.
func TestFire_5_4_AirPointsOnInfantryFire(t *testing.T) {
	for n, want := range map[int]string{1: "column 13-16", 2: "column 21-25", 3: "column 26+"} {
		s := board(t, VM, StepDefFire)
		s.Trench["N"] = 1
		putF(s, "H6", "1/2REI-1", "1/2REI-2", "1/2REI-3", "1/2REI-4")
		putV(s, "N>H6", "308/88/23")
		s, ev := loose(t, s, French, fmt.Sprintf("fire H6 N>H6 %d", n), 2)
		has(t, ev, want, fmt.Sprintf("shift +%d", 2*n))
		if s.AirPoints != 3-n {
			t.Fatalf("%d air points: %d left", n, s.AirPoints)
		}
	}
	s := board(t, VM, StepDefFire)
	s.Trench["N"] = 1
	s.AirPoints = 1
	putF(s, "H6", "1/2REI-1")
	putV(s, "N>H6", "308/88/23")
	mustRefuse(t, s, French, "fire H6 N>H6 2", "1 air point(s) left")
}

// 6.2.2: air points alone fire at strength 3 for the first point, each
// further point two columns to the right; the place is then bombarded for
// the impulse. Target: a battalion exposed in trenched zone N (-1).
func TestFire_6_2_2_AirPointsAlone(t *testing.T) {
	for n, want := range map[int]string{1: "strength 3, column 1-2", 2: "strength 3, column 5-6", 3: "strength 3, column 10-12"} {
		s := board(t, French, StepBombard)
		s.Trench["N"] = 1
		putV(s, "N", "308/88/23")
		s.VM["308/88/23"].Engaged = false // exposed by reconnaissance (6.1)
		s.Trench["P"] = 1                 // a second target keeps the step open
		putV(s, "P", "308/36/80")
		putF(s, "H6", "1/2REI-1")
		s, ev := loose(t, s, French, fmt.Sprintf("air N %d", n), 2)
		has(t, ev, fmt.Sprintf("6.2.2: %d air point(s) on Zone N", n), want)
		if s.AirPoints != 3-n || s.FrenchMunitions != 5 {
			t.Fatalf("%d air points: %d left, munitions %d", n, s.AirPoints, s.FrenchMunitions)
		}
		if n == 1 {
			mustRefuse(t, s, French, "fire N", "already bombarded this impulse")
		}
	}
	s := board(t, French, StepBombard)
	s.Trench["N"] = 1
	putV(s, "N", "308/88/23")
	putF(s, "H6", "1/2REI-1")
	mustRefuse(t, s, French, "air N 4", "3 air point(s) left")
}

// COMBAT RESULTS die modifiers: -1 or -2 when a VM battalion with a -1 or
// -2 loss marker fires; not cumulative, the worst only. VM infantry in H6
// fire at zone N (open +1). Three battalions: 9, 7-9, +1: 10-12, where a
// 6 reads 2, a 5 reads 1, a 4 reads D.
func TestFire_DieModifier_VMLossMarkers(t *testing.T) {
	for _, c := range []struct {
		name   string
		losses []int
		die    string
		res    string
	}{
		{"no markers", []int{0, 0, 0}, "", "roll 6: 2 step loss"},
		{"one -1", []int{0, 1, 0}, "die -1", "roll 6: 1 step loss"},
		{"two -1: still -1", []int{1, 1, 0}, "die -1", "roll 6: 1 step loss"},
		{"a -1 and a -2: -2", []int{1, 2, 0}, "die -2", "roll 6: D"},
		{"two -2: still -2", []int{2, 2, 0}, "die -2", "roll 6: D"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := board(t, French, StepDefFire)
			s.Captured["H6"] = true
			ids := []string{"308/88/23", "308/88/29", "308/88/322"}
			putV(s, "H6", ids...)
			for i, id := range ids {
				s.VM[id].Losses = c.losses[i]
			}
			putF(s, "N", "1/2REI-1", "1/2REI-2")
			designate(s, "H6")
			_, ev := roll(t, s, VM, "fire H6 N", 6)
			has(t, ev, "column 10-12", c.res)
			if c.die != "" {
				has(t, ev, c.die)
			} else {
				hasNot(t, ev, "die -")
			}
		})
	}
	// French fire has no loss-marker modifier, and VM artillery neither.
	s := board(t, VM, StepBombard)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1")
	putV(s, "N>H6", "308/88/23")
	s.VM["308/88/23"].Losses = 2
	_, ev := roll(t, s, VM, "fire H6", 6)
	hasNot(t, ev, "die -")
}

// 5.4: the French may fire once with infantry and once with artillery at
// each place an impulse.
func TestFire_5_4_OneFireOfEachTypePerPlace(t *testing.T) {
	s := board(t, VM, StepDefFire)
	s.Trench["N"] = 1
	putF(s, "H6", "1/2REI-1", "1/2REI-2")
	putF(s, "AM2", "1/13DBLE-1")
	putV(s, "N>H6", "308/88/23")
	putV(s, "N>AM2", "308/36/80")
	s, _ = roll(t, s, French, "artillery N>H6", 2)
	mustRefuse(t, s, French, "artillery N>H6", "already fired on by artillery this impulse")
	s, _ = roll(t, s, French, "fire H6 N>H6", 2)
	mustRefuse(t, s, French, "fire H6 N>H6", "already fired on by infantry this impulse")
	if s.FrenchMunitions != 4 {
		t.Fatalf("munitions %d", s.FrenchMunitions)
	}
}

// 1.5: thresholds are applied at once, even during an assault: 50 losses
// by fire end VM assaults after this impulse; 86 end the game.
func TestFire_1_5_ThresholdsByFire(t *testing.T) {
	s := board(t, VM, StepDefFire)
	s.Trench["N"] = 1
	s.VMLosses = 49
	putF(s, "H6", "1/2REI-1")
	putV(s, "N>H6", "308/88/23")
	s, ev := roll(t, s, French, "artillery N>H6", 6) // 7-9: a 6 is 1
	has(t, ev, "1.5: 50 VM step losses")
	if s.VMLosses != 50 || s.NoAssault != s.Turn {
		t.Fatalf("losses %d, no-assault %d", s.VMLosses, s.NoAssault)
	}
	s = board(t, VM, StepDefFire)
	s.Trench["N"] = 1
	s.VMLosses = 85
	putF(s, "H6", "1/2REI-1")
	putV(s, "N>H6", "308/88/23")
	s, ev = roll(t, s, French, "artillery N>H6", 6)
	has(t, ev, "Game over: France wins")
	if s.Phase != PhaseOver || s.Winner != French {
		t.Fatalf("phase %s winner %q", s.Phase, s.Winner)
	}
}

// 1.4, 6.2.4: in a peripheral zone the VM fires with one battalion per
// trench level (the best); the others only take losses.
func TestFire_6_2_4_ZoneDefendersLimitedByTrenchLevel(t *testing.T) {
	for level, want := range map[int]string{1: "strength 3,", 2: "strength 6,", 3: "strength 8,"} {
		s := board(t, French, StepDefFire)
		s.Trench["N"] = level
		putV(s, "N", "316/176/888", "308/88/23", "308/88/29") // fire 2, 3, 3
		putF(s, "N", "1/2REI-1")
		_, ev := loose(t, s, VM, "fire N N", 2)
		has(t, ev, want, "(trench -1)")
	}
}

// 6.2.5: French combat in a peripheral zone is fire on the Fire Table by
// the companies there, with the ammunition level and air points; once a
// zone an impulse.
func TestFire_6_2_5_FrenchZoneFire(t *testing.T) {
	s := board(t, French, StepCombat)
	s.Trench["N"] = 1
	putV(s, "N", "308/88/23")
	putF(s, "N", "1/2REI-1", "1/2REI-2", "1/2REI-3", "1/2REI-4")
	s.FrenchMunitions = 7
	s, ev := loose(t, s, French, "fire N", 2)
	has(t, ev, "infantry fire from Zone N", "strength 12, column 10-12 (shift +1, trench -1)")
	mustRefuse(t, s, French, "fire N", "already fired on this impulse")
	s = board(t, French, StepCombat)
	s.Trench["N"] = 1
	putV(s, "N", "308/88/23")
	putF(s, "N", "1/2REI-1", "1/2REI-2", "1/2REI-3", "1/2REI-4")
	s, ev = loose(t, s, French, "fire N 2", 2)
	has(t, ev, "with 2 air point(s)", "column 21-25")
	if s.AirPoints != 1 {
		t.Fatalf("air points %d", s.AirPoints)
	}
	mustRefuse(t, board(t, French, StepCombat), French, "fire N", "no French unit is in")
}

// 6.2.5: "French units that attack a PA by leaving another PA are treated
// as attacking from an assault base. That is, they receive the -1 fire
// protection bonus (and not ... the PA), and are all Disorganized on a D
// result." VM infantry in H7 fire at the French in H6 who attack it: 9,
// 7-9, -1: 5-6 (not 3-4 with PA -2).
func TestFire_6_2_5_AttackersFromAPATreatedAsAssaultBase(t *testing.T) {
	s := board(t, French, StepDefFire)
	s.Captured["H7"] = true
	putV(s, "H7", "308/88/23", "308/88/29", "308/88/322")
	putF(s, "H6", "1/2REI-1", "1/2REI-2")
	designate(s, "H7")
	_, ev := loose(t, s, VM, "fire H7 H6", 5)
	if !strings.Contains(ev, "column 5-6") {
		t.Fatal("6.2.5: VM defensive fire at French units attacking from a PA is read with the PA modifier " +
			"(combat.go terrainShift: -2) and a D Disorganizes one unit (fireResult), where 6.2.5 treats them as in an assault base: " +
			"-1 and every unit Disorganized on a D. Got: " + strings.TrimSpace(ev) + ". Fix: in infantryFire/artillery for VM " +
			"defensive fire at a French PA during a French operation, use the assault-base shift (-1, plus hill) and the base D rule.")
	}
}

// 5.2, 5.4 Note: "A PA is always considered friendly for directing fire
// even if unoccupied, as long as no enemy unit has entered it." French
// artillery may fire at an enemy PA holding assaulting battalions next to
// an empty French PA.
func TestFire_5_4_EmptyFriendlyPADirectsFire(t *testing.T) {
	t.Run("5.4 defensive artillery", func(t *testing.T) {
		s := board(t, VM, StepDefFire)
		s.Captured["H7"] = true
		putV(s, "H7", "308/88/23") // engaged, in the assault; H6, H2, AM4 French and empty
		putF(s, "H5", "1/2REI-1")
		if err := testRules.canDefArtillery(s, French, "H7"); err != nil {
			t.Fatal("ops_combat.go defArtilleryTargets takes the targets of defFireTargets, which needs French units in the " +
				"firing PA, so French defensive artillery cannot fire at assaulting battalions in H7 next to the empty French " +
				"H6/H2/AM4 (" + err.Error() + "); 5.4 allows artillery at assault bases and at enemy PAs next to friendly PAs, " +
				"friendly \"even if unoccupied\". Fix: for artillery, accept engaged VM units in any assault base reaching a " +
				"French PA and in captured PAs joined to an uncaptured PA, occupied or not.")
		}
	})
	t.Run("6.2.2 French bombardment", func(t *testing.T) {
		s := board(t, French, StepBombard)
		s.Captured["H7"] = true
		putV(s, "H7", "308/88/23")
		s.VM["308/88/23"].Engaged, s.VM["308/88/23"].Revealed = false, false
		putF(s, "H5", "1/2REI-1")
		if err := testRules.canArtillery(s, French, "H7", "art"); err != nil {
			t.Fatal("ops.go canBombardAt (France) needs French units in a PA joined to the target, so France cannot " +
				"bombard H7 from the empty French H6/H2/AM4 (" + err.Error() + "); 5.2 (\"a PA is still considered friendly for " +
				"directing fire even if unoccupied\") and 6.2.2 (\"the artillery capabilities as described for the VM\"). " +
				"Fix: drop the len(s.frenchAt(q)) > 0 condition for lines to uncaptured PAs.")
		}
	})
}

// 5.4 (issue 17): "the French player first resolves all infantry fires, PA
// by PA, adding the fire strengths of all units present": a PA's infantry
// fires once per impulse, at one target; artillery is per target place as
// before.
func TestFire_5_4_OneInfantryFirePerPlacePerImpulse(t *testing.T) {
	s := board(t, VM, StepDefFire)
	s.Trench["E"], s.Trench["K"] = 1, 1
	putF(s, "B1", "3/13DBLE-1")
	putF(s, "B2", "3/13DBLE-2")
	putV(s, "E>B1", "312/209/130")
	putV(s, "K>B1", "312/209/154")
	ns, _, err := testRules.Apply(s, French, "fire B1 E>B1", constDice(1))
	if err != nil {
		t.Fatal(err)
	}
	s = ns.(*State)
	_, _, err = testRules.Apply(s, French, "fire B1 K>B1", constDice(1))
	if err == nil || !strings.Contains(err.Error(), "already fired this impulse") {
		t.Fatalf("a second fire from B1: %v", err)
	}
	for _, o := range legal(s, French) {
		if strings.HasPrefix(o, "fire B1 ") {
			t.Fatalf("the legal orders offer %q after B1 fired", o)
		}
	}
	if _, _, err := testRules.Apply(s, French, "artillery K>B1", constDice(1)); err != nil {
		t.Fatalf("artillery at the other base: %v", err)
	}
}

// designate: France designated pa for attack this impulse, with the named
// units or every eligible one (6.2.1, ruling H57).
func designate(s *State, pa string, with ...string) {
	s.Fired[engageKey(pa)] = true
	for _, id := range with {
		s.Fired[engageByKey(pa, id)] = true
	}
}
