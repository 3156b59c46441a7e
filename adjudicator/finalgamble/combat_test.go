package finalgamble

import (
	"testing"
)

// geoDice rolls the given values in turn and fails the test past them.
type geoDice struct {
	t  testing.TB
	vs []int
}

func (g *geoDice) Roll(sides int) int {
	if len(g.vs) == 0 {
		g.t.Fatalf("geoDice: no more rolls")
		return 1
	}
	v := g.vs[0]
	g.vs = g.vs[1:]
	if v < 1 || v > sides {
		g.t.Fatalf("geoDice: %d on a %d-sided die", v, sides)
	}
	return v
}

func rolls(t testing.TB, vs ...int) *geoDice { return &geoDice{t: t, vs: vs} }

func TestRule3_5B_FireRollModifiers(t *testing.T) {
	d := mustDefault(t)
	for _, c := range []struct {
		a, b, strength, want int
	}{
		{1, 1, 7, 2},  // 2: 5 below 7
		{1, 2, 7, 1},  // 3: below
		{3, 4, 7, 0},  // equal
		{4, 4, 7, -1}, // above
		{6, 6, 7, -2}, // 12: 5 above
		{6, 6, -1, -2},
		{1, 1, 3, 1}, // 2 below 3 by 1
	} {
		f := d.FireRoll(rolls(t, c.a, c.b), c.strength)
		if f.Mod != c.want || f.Sum != c.a+c.b {
			t.Errorf("fire %d+%d against %d: %+v, want mod %d", c.a, c.b, c.strength, f, c.want)
		}
	}
}

func TestRule3_5C_DefenseEffectClampedAndByAssaulterMorale(t *testing.T) {
	d := mustDefault(t)
	// fire 1+1 against 8: +2; effect 6 -> 8 clamped to 6 (3.6-C "same thing in 3.5-C")
	df := d.DefenseFire(rolls(t, 1, 1, 6), DefenseIn{Strength: 8, Morale: 5})
	if df.Modified != 6 || df.Result != d.Charts.DefenseEffect.Columns[0][5] {
		t.Errorf("%+v: want the morale-5 column's row 6", df)
	}
	// fire 6+6 against 1: -2; effect 1 -> clamped to 1
	df = d.DefenseFire(rolls(t, 6, 6, 1), DefenseIn{Strength: 1, Morale: 2, Barrage: true})
	col := d.Charts.DefenseEffect.MoraleColumn["barrage"]["2"]
	if df.Modified != 1 || df.Result != d.Charts.DefenseEffect.Columns[col][0] {
		t.Errorf("%+v: want the barrage row's morale-2 column, row 1", df)
	}
	if (Defense{Result: "loss_hesitate"}).Marker() != "hesitate" || !(Defense{Result: "loss_abort"}).Loss() {
		t.Errorf("3.5-C: Loss & Hesitate gives a Hesitate Marker; Loss & Abort a loss")
	}
}

func TestRule3_6B_TienLenAddsOneBeforeTheEffectRoll(t *testing.T) {
	d := mustDefault(t)
	in := AssaultIn{Strength: 7, Column: "normal", Morale: 4}
	plain := d.Assault(rolls(t, 3, 4, 3), in) // equal: 0, effect 3
	in.PushIf = func(f Fire) bool { return f.Mod <= 0 }
	pushed := d.Assault(rolls(t, 3, 4, 3), in)
	if plain.Modified != 3 || pushed.Modified != 4 || !pushed.Pushed {
		t.Errorf("plain %+v, pushed %+v: want 3 and 4", plain, pushed)
	}
	if pushed.Result != d.AssaultResult("normal", 4, false, 4) {
		t.Errorf("the pushed result reads the table at 4")
	}
}

func TestRule3_6C_ChoiceLosses(t *testing.T) {
	if ChoiceLosses("French", 5) != 2 || ChoiceLosses("French", 2) != 1 || ChoiceLosses("VM", 3) != 1 {
		t.Errorf("3.6-C: 2 losses to stay (1 with only 2 steps); 7.5: the VM 1")
	}
}

func TestRule2_2D_VMBombardment(t *testing.T) {
	// die 4, not entrenched, reduced: loss roll 4+1-1 = 4 no loss; shaken roll 5 >= morale 4
	o := Bombard(rolls(t, 4), BombardIn{Target: "French", Morale: 4, Reduced: true})
	if o.Loss || o.LossRoll != 4 || !o.Shaken || o.ShakenRoll != 5 {
		t.Errorf("%+v", o)
	}
	// entrenched, stacked with better morale: 5 -> loss 5, shaken 4 < 5
	o = Bombard(rolls(t, 5), BombardIn{Target: "French", Morale: 5, Entrenched: true, BetterStacked: true})
	if !o.Loss || o.Shaken {
		t.Errorf("%+v", o)
	}
}

func TestRule6_3C_FrenchBombardmentAndAirstrike(t *testing.T) {
	// die 4 +1 not entrenched +1 intense -1 reduced unit (loss only) = 5: loss; shaken 6 >= 5
	o := Bombard(rolls(t, 4), BombardIn{Target: "VM", Morale: 5, Reduced: true, Intense: true})
	if !o.Loss || o.LossRoll != 5 || o.ShakenRoll != 6 || !o.Shaken {
		t.Errorf("%+v", o)
	}
	// 6.1: the Airstrike's -1 as long range; entrenched: 5-1 = 4, no loss, shaken at morale 4
	o = Bombard(rolls(t, 5), BombardIn{Target: "VM", Morale: 4, Entrenched: true, Long: true})
	if o.Loss || !o.Shaken {
		t.Errorf("%+v", o)
	}
}

func TestRule2_2C_TruckCheck(t *testing.T) {
	d := mustDefault(t)
	if tr := d.TruckCheck(rolls(t), 5, 5); tr.Rolled {
		t.Errorf("fewer than 6 markers: no check")
	}
	tr := d.TruckCheck(rolls(t, 5, 4, 2), 6, 3) // 9 <= 9: hit; supply die 2
	if !tr.Hit || tr.Count != 9 || tr.SupplyDie != 2 || tr.Supply.Die != 2 {
		t.Errorf("%+v", tr)
	}
	tr = d.TruckCheck(rolls(t, 5, 5), 6, 3) // 10 > 9: no hit
	if tr.Hit || !tr.Rolled {
		t.Errorf("%+v", tr)
	}
}

func TestRule2_3_CommandoRaid(t *testing.T) {
	if r := CommandoRaid(rolls(t, 6), 3); !r.Loss {
		t.Errorf("6 against morale 3: a loss")
	}
	if r := CommandoRaid(rolls(t, 6), 4); r.Loss {
		t.Errorf("6 against morale 4: no loss")
	}
}

func TestRule5_1_SurrenderExample(t *testing.T) {
	// "The SN is 8 and dice are rolled. The result is a 10, modified to 9
	// because the Condor Force is in Laos 2. This equals the result SN +1."
	s := MoraleCheck(rolls(t, 4, 6), SurrenderNumber(12, 4), SurrenderMods{ReliefNear: true})
	if s.SN != 8 || s.Modified != 9 || s.Level != 1 {
		t.Errorf("%+v", s)
	}
	// the historical note: SN 2, a 4 or higher surrenders
	s = MoraleCheck(rolls(t, 2, 2), SurrenderNumber(14, 12), SurrenderMods{})
	if s.Level != 2 {
		t.Errorf("%+v: SN 2 and a 4 is SN+2", s)
	}
	s = MoraleCheck(rolls(t, 1, 1), 12, SurrenderMods{LowTracks: 2})
	if s.Level != -3 || s.Mod != 2 {
		t.Errorf("%+v", s)
	}
	if n, d := Despair(3); n != 0 || !d {
		t.Errorf("5.1-C: only 3 to deduct is despair")
	}
	if n, d := Despair(4); n != 0 || d {
		t.Errorf("5.1-C: 4 deducted, no despair")
	}
}

func TestRule1_7_HQRollAndLossDie(t *testing.T) {
	d := mustDefault(t)
	if h := d.HQRoll(rolls(t, 3), 0); h.Send || h.Down != 1 {
		t.Errorf("1.7 example: a 3 moves the HQ down one: %+v", h)
	}
	if h := d.HQRoll(rolls(t, 2), 0); !h.Send {
		t.Errorf("%+v", h)
	}
	if h := d.HQRoll(rolls(t, 4), 1); h.Down != 2 {
		t.Errorf("%+v", h)
	}
	if _, b := FrenchLossDie(rolls(t, 4)); b != "Wounded" {
		t.Errorf("4: Wounded")
	}
	if _, b := FrenchLossDie(rolls(t, 5)); b != "Gone" {
		t.Errorf("5: Gone")
	}
}

func TestRule5_4_WeatherAbortsAndSlots(t *testing.T) {
	d := mustDefault(t)
	w := d.Weather(rolls(t, 6, 6), "dry", 3)
	if w.Modified != 15 || w.Result != d.Charts.Weather.Dry[10] {
		t.Errorf("%+v: beyond 12 reads 12", w)
	}
	if ab := Aborts(rolls(t, 1, 2, 3, 4), 2); len(ab) != 2 || ab[1] != [2]int{3, 4} {
		t.Errorf("%v", ab)
	}
	if GreenClosed(9) != 3 || GreenClosed(0) != 0 || GreenClosed(4) != 1 {
		t.Errorf("5.4-A example: 5 and 4 units in Laos close 3 green slots")
	}
	// the Standby Force: only the white slots
	open := 0
	for r := 1; r <= 6; r++ {
		for c := 1; c <= 6; c++ {
			if d.SlotOpen(r, c, SlotTerms{Standby: true}) {
				open++
				if !d.Charts.Airdrop.Slots[r-1][c-1].White {
					t.Errorf("slot %d,%d open with the Standby Force", r, c)
				}
			}
		}
	}
	if open != 2 {
		t.Errorf("%d slots with the Standby Force, want the two white", open)
	}
	// T/D slots close at or below the zone count; Monsoon closes Rain and Monsoon slots
	for r := 1; r <= 6; r++ {
		for c := 1; c <= 6; c++ {
			s := d.Charts.Airdrop.Slots[r-1][c-1]
			if s.TD != 0 && d.SlotOpen(r, c, SlotTerms{TDZones: s.TD}) {
				t.Errorf("T/D %d slot open with %d zones", s.TD, s.TD)
			}
			if (s.Rain || s.Monsoon) && d.SlotOpen(r, c, SlotTerms{Period: "monsoon"}) {
				t.Errorf("slot %d,%d open in Monsoon", r, c)
			}
		}
	}
}

func TestRule3_2_7_1_BoxCombat(t *testing.T) {
	if BoxCombatVM([]int{1, 1}, []int{1, 1}) != nil || BoxCombatVM([]int{1}, []int{1, 1}) == nil || BoxCombatVM([]int{2}, []int{1, 1}) == nil {
		t.Errorf("3.2: equal steps, at most 1 a unit")
	}
	v, owed := BoxCombatFrench([]bool{false, true})
	if v[0] != 1 || v[1] != 2 || owed != 2 {
		t.Errorf("7.1: %v, %d", v, owed)
	}
}

func TestRule3_4_7_3_6_3B_Ammunition(t *testing.T) {
	if SupportBarrageAmmo(false) != 2 || SupportBarrageAmmo(true) != 3 {
		t.Errorf("3.4: 2 a marker, 3 intense")
	}
	if VMSupportAmmo(4) != 1 || VMSupportAmmo(0) != 0 {
		t.Errorf("7.3: 1 ammo in total")
	}
	if BombardAmmo("French", true) != 2 || BombardAmmo("French", false) != 1 || BombardAmmo("VM", false) != 1 {
		t.Errorf("6.3-B, 2.2-B")
	}
}

func TestRule5_2B_E_VMDice(t *testing.T) {
	if _, m := VMPatrol(rolls(t, 3)); !m {
		t.Errorf("5.2-B: 1-3 morale")
	}
	if _, m := VMPatrol(rolls(t, 4)); m {
		t.Errorf("5.2-B: 4-6 ammo")
	}
	if _, m := VMReinforcementDie(rolls(t, 1)); !m {
		t.Errorf("5.2-E: 1-3 morale")
	}
	if _, m := VMReinforcementDie(rolls(t, 6)); m {
		t.Errorf("5.2-E: 4-6 ammo")
	}
}

func TestRule8_1C_Rats(t *testing.T) {
	d := mustDefault(t)
	for die := 1; die <= 6; die++ {
		got, row := d.Rats(rolls(t, die))
		if got != die || row.Die != die {
			t.Errorf("8.1-C: die %d read row %+v", die, row)
		}
	}
}
