package lostvalley

import (
	"strings"
	"testing"
)

// dice is a scripted dice stream; it fails the test when it runs out.
type dice struct {
	t  *testing.T
	vs []int
}

func (d *dice) Roll(sides int) int {
	d.t.Helper()
	if len(d.vs) == 0 {
		d.t.Fatalf("the dice ran out (a d%d asked)", sides)
	}
	v := d.vs[0]
	d.vs = d.vs[1:]
	if v < 1 || v > sides {
		d.t.Fatalf("scripted %d on a d%d", v, sides)
	}
	return v
}

func (d *dice) left(t *testing.T) {
	t.Helper()
	if len(d.vs) != 0 {
		t.Errorf("%d scripted dice not rolled: %v", len(d.vs), d.vs)
	}
}

func campaign(t *testing.T) (*Data, *Position) {
	t.Helper()
	d := mustData(t)
	p, err := NewPosition(d, "campaign")
	if err != nil {
		t.Fatal(err)
	}
	return d, p
}

func joined(l Log) string { return strings.Join(l, "\n") }

// 12.1's example: Françoise empty, 308 holding Gabrielle and Anne-Marie:
// the VM takes Françoise by the path through them; with Anne-Marie French
// it cannot.
func TestVM_12_1_AutomaticControlByTAORPath(t *testing.T) {
	d, p := campaign(t)
	p.CRs["Ga"].VM, p.CRs["An"].VM = 308, 308
	p.Units["2 BT"].At = "Hu" // Françoise left empty
	p.Units["V/7 RTA"].At, p.Units["3 BT"].At = "remnants", "remnants"
	cm := p.CM
	lg := AutoControl(d, p, &dice{t: t})
	if p.CRs["Fra"].VM != 308 || !strings.Contains(joined(lg), "Françoise, held by no French infantry or armor, falls to division 308") {
		t.Fatalf("Françoise not taken: %v", lg)
	}
	if p.CM != cm-1 || p.AAA != 5 {
		t.Errorf("2.2.4: Françoise's star (and no AAA icon): CM %d (was %d), AAA %d (was 5)", p.CM, cm, p.AAA)
	}
	d, p = campaign(t)
	p.CRs["Ga"].VM = 308
	p.Units["2 BT"].At = "Hu"
	if lg := AutoControl(d, p, &dice{t: t}); p.CRs["Fra"].VM != 0 {
		t.Fatalf("Françoise taken though Anne-Marie is French: %v", lg)
	}
}

// 12.2's example: 308 holds Gabrielle and Anne-Marie: Françoise and
// Huguette are its sapping targets (and Epervier by Gabrielle's line).
func TestVM_12_2_SappingTargetsThroughVMControlledCR(t *testing.T) {
	d, p := campaign(t)
	p.CRs["Ga"].VM, p.CRs["An"].VM = 308, 308
	got := strings.Join(d.Targets(p, 308), ",")
	if got != "Fra,Hu" {
		t.Errorf("308's targets %s, want Fra,Hu (12.2's example)", got)
	}
	d, p = campaign(t)
	if got := strings.Join(d.Targets(p, 308), ","); got != "Ga" {
		t.Errorf("at the start 308 reaches %s, want Ga (2.2.3)", got)
	}
}

// 12.2: no sapping on turn 1; a CR in two active TAORs is sapped by the
// strongest, a die breaking a tie, narrated; Table 8's loss applied.
func TestVM_12_2_SappingByTheStrongestTieByDie(t *testing.T) {
	d, p := campaign(t)
	if lg := Sapping(d, p, &dice{t: t}); !strings.Contains(joined(lg), "not on turn 1") {
		t.Fatalf("turn 1: %v", lg)
	}
	p.Turn = 3
	p.CRs["Bea"].VM = 312
	p.Units["III/13 DBLE"].At = "remnants"
	p.Divs[316].Active, p.Divs[316].Activated = true, true
	p.Divs[316].Strength, p.Divs[312].Strength = 12, 12
	// Dominique is in 312's reach (through Béatrice) and 316's (its
	// start): a tie at 12, die 2 of 2 gives it to 316.
	dc := &dice{t: t, vs: []int{2 /* Do tie */, 1, 1 /* Epe by 312 */, 6, 6 /* Ga by 308 */, 6, 6 /* Do by 316 */, 3, 3 /* Eli by 316 */}}
	lg := Sapping(d, p, dc)
	out := joined(lg)
	if !strings.Contains(out, "Dominique is in the TAOR of 312, 316: division 316 saps it (12.2: tie at strength 12 among 312, 316 broken by die 2 of 2)") {
		t.Errorf("the tie is not narrated:\n%s", out)
	}
	// Epervier: 1+1 +1 SITREP +3 (8 BPC) -6 = 0: one level (2 -> 1).
	if p.CRs["Epe"].Fort != 1 || !strings.Contains(out, "Division 312 saps Epervier & Opéra: dice 1+1+1 SITREP +3 best morale (8 BPC) -6 half strength = 0: fortifications 2 -> 1") {
		t.Errorf("Epervier's sapping:\n%s", out)
	}
	if p.CRs["Do"].Fort != 3 {
		t.Errorf("Dominique: a modified 13 takes nothing: %d", p.CRs["Do"].Fort)
	}
	dc.left(t)
}

// 12.3.4: the lowest fortifications first; a tie goes to the lowest
// defensive strength, then morale, then a die, each narrated.
func TestVM_12_3_4_AssaultTargetPriorities(t *testing.T) {
	d, p := campaign(t)
	as, lg := ChooseAssaults(d, p, &dice{t: t})
	want := map[int]string{312: "Bea", 308: "Ga"}
	if len(as) != 2 || as[0].Div != 312 || as[0].CR != want[312] || as[1].Div != 308 || as[1].CR != want[308] {
		t.Fatalf("turn 1's assaults: %+v\n%s", as, joined(lg))
	}
	if !strings.Contains(joined(lg), "Division 316 is inactive: no assault") {
		t.Errorf("the inactive division is not narrated:\n%s", joined(lg))
	}
	// 312 through Béatrice reaches Dominique and Epervier: forts 3 and 2.
	p.CRs["Bea"].VM = 312
	p.Units["III/13 DBLE"].At = "remnants"
	as, lg = ChooseAssaults(d, p, &dice{t: t})
	if as[0].CR != "Epe" || !strings.Contains(as[0].Why, "lowest fortification level (2)") {
		t.Errorf("312 should take Epervier on its fortifications: %+v\n%s", as, joined(lg))
	}
	// Equal forts: Epervier (8 BPC: defense 2 + fort 3 = 5) against
	// Dominique (III/3 RTA 1, II/4 RAC 1, 1 CMMLE 1, fort 3 = 6).
	p.CRs["Epe"].Fort = 3
	as, _ = ChooseAssaults(d, p, &dice{t: t})
	if as[0].CR != "Epe" || as[0].Why != "lowest fortification level (3) shared by Dominique, Epervier & Opéra; lowest total defensive strength (5)" {
		t.Errorf("the second priority: %+v", as[0])
	}
	// Equal defensive strength and morale: a die.
	p.Units["II/4 RAC"].At, p.Units["1 CMMLE"].At = "PC", "PC"
	p.Units["III/3 RTA"].At = "PC"
	p.Units["8 BPC"].At = "Do"
	p.Units["1 BEP"].At = "Epe"
	// Dominique: 8 BPC, Epervier: 1 BEP: both 2 defense + 3 forts, 3 morale.
	as, _ = ChooseAssaults(d, p, &dice{t: t, vs: []int{1}})
	if !strings.Contains(as[0].Why, "tie broken by die 1 of 2") {
		t.Errorf("a full tie is not broken by a die: %+v", as[0])
	}
}

// 12.3.3: a CR two divisions may assault goes to the stronger; the
// other assaults elsewhere or not at all.
func TestVM_12_3_3_SharedTargetGoesToTheStrongest(t *testing.T) {
	d, p := campaign(t)
	p.Divs[316].Active, p.Divs[316].Activated = true, true
	p.Divs[316].Strength = 13
	p.CRs["Bea"].VM = 312
	p.Units["III/13 DBLE"].At = "remnants"
	as, lg := ChooseAssaults(d, p, &dice{t: t})
	got := map[int]string{}
	for _, a := range as {
		got[a.Div] = a.CR
	}
	if got[316] == "" || got[312] == got[316] {
		t.Fatalf("assaults %+v\n%s", as, joined(lg))
	}
	if !strings.Contains(joined(lg), "Dominique may be assaulted by 312, 316: it is division 316's (12.3.3: the strongest (13) of 312, 316)") {
		t.Errorf("the shared CR is not narrated:\n%s", joined(lg))
	}
}

// 11.2's example: 308 at 7 with SITREP +1 passes on 6 or less.
func TestVM_11_2_ShakenDivisionStatusCheck(t *testing.T) {
	for _, c := range []struct {
		a, b   int
		active bool
	}{{3, 3, true}, {4, 3, false}} {
		d, p := campaign(t)
		p.Turn = 3
		p.Divs[308].Strength, p.Divs[308].AssaultedLast = 7, true
		p.Divs[312].AssaultedLast = true
		// 304 and 316 roll for activation (11.3): 6 + 1 > 3 both.
		dc := &dice{t: t, vs: []int{c.a, c.b, 6, 6}}
		lg := VMLogistics(d, p, dc)
		if p.SITREP(d) != 1 || p.Divs[308].Active != c.active {
			t.Errorf("dice %d+%d: active %v, want %v\n%s", c.a, c.b, p.Divs[308].Active, c.active, joined(lg))
		}
		dc.left(t)
	}
}

// 11.1: +2 to a division that did not assault, +1 in the monsoon
// (turns 10-14); 11.3: 304 and 316 activate on 1d6 + SITREP <= turn.
func TestVM_11_1_and_11_3_StrengthAndActivation(t *testing.T) {
	d, p := campaign(t)
	p.Turn = 2
	p.Divs[308].Strength, p.Divs[312].Strength, p.Divs[316].Strength = 12, 12, 11
	p.Divs[312].AssaultedLast = true
	dc := &dice{t: t, vs: []int{1, 5}} // 316: 1+1 <= 2 activated; 304: 5+1 > 2
	lg := VMLogistics(d, p, dc)
	if p.Divs[308].Strength != 14 || p.Divs[312].Strength != 12 {
		t.Errorf("11.1: 308 %d (want 12+2), 312 %d (assaulted: 12)\n%s", p.Divs[308].Strength, p.Divs[312].Strength, joined(lg))
	}
	if !p.Divs[316].Active || p.Divs[304].Active || p.Divs[316].Strength != 11 {
		t.Errorf("11.3: 316 active %v (strength %d, no 11.1 before activation), 304 active %v\n%s", p.Divs[316].Active, p.Divs[316].Strength, p.Divs[304].Active, joined(lg))
	}
	p.Turn = 11
	p.Divs[312].AssaultedLast = false
	dc = &dice{t: t, vs: []int{1}} // 304 again
	VMLogistics(d, p, dc)
	if p.Divs[312].Strength != 13 {
		t.Errorf("11.1 in the monsoon: 312 at %d, want 12+1", p.Divs[312].Strength)
	}
	if p.Divs[308].Strength != 15 {
		t.Errorf("2.2.8.4: strength stops at 15, 308 at %d", p.Divs[308].Strength)
	}
	if VMLogistics(d, &Position{Turn: 1}, &dice{t: t})[0] != "VM logistics: skipped on turn 1 (11.0)." {
		t.Error("11.0: skipped on turn 1")
	}
}

// Card 5's lull: no division assaults.
func TestVM_Card5_LullStopsTheAssaults(t *testing.T) {
	d, p := campaign(t)
	p.Mods = p.Mods.Add(Mod{Source: "card 5 (A Lull in the Battle)", Roll: "no_vm_assault", Until: UntilTurnEnd})
	as, lg := ChooseAssaults(d, p, &dice{t: t})
	if len(as) != 0 || !strings.Contains(joined(lg), "card 5") {
		t.Errorf("%+v %v", as, lg)
	}
	p.Mods = p.Mods.Expire(UntilTurnEnd)
	if as, _ := ChooseAssaults(d, p, &dice{t: t}); len(as) != 2 {
		t.Errorf("the lull outlived its turn (5.1): %+v", as)
	}
}
