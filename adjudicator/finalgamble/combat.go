package finalgamble

// The Final Gamble's table resolutions (issue 27): pure functions that
// roll the game's dice (an adjudicator.Dice, never a global source) and
// return every die rolled with the result, so the engine can narrate.
//
//	(*Data).FireRoll(d, strength) Fire                      3.5-B, 3.6-B, 7.4-B, 7.5
//	(*Data).DefenseFire(d, DefenseIn) Defense               3.5, 7.4: fire roll, then effect roll
//	(*Data).DefenseResult(morale, barrage, roll) string     3.5-C's table, by the ASSAULTING unit's morale (F38)
//	(*Data).Assault(d, AssaultIn) AssaultOut                3.6, 7.5: fire roll, Tiến lên/En Avant, effect roll
//	(*Data).AssaultResult(column, morale, shaken, roll) string  3.6-C's table, by the DEFENDING unit's morale (F38)
//	ChoiceLosses(defenderSide, steps) int                   3.6-C, 7.5 Option 1
//	Bombard(d, BombardIn) BombardOut                        2.2-D (VM), 6.3 (France), 6.1 (airstrike)
//	(*Data).TruckCheck(d, markers, inSupply) Truck          2.2-C
//	CommandoRaid(d, morale) Raid                            2.3
//	SurrenderNumber(track, taken) int                       5.1-A
//	MoraleCheck(d, sn, SurrenderMods) Surrender             5.1-B
//	Despair(taken) (newTaken int, despair bool)             5.1-C
//	FrenchLossDie(d) (die int, box string)                  1.7-B: 1-4 Wounded, 5-6 Gone
//	(*Data).HQRoll(d, modifier) HQ                          1.7
//	VMPatrol(d) (die int, morale bool)                      5.2-B
//	VMReinforcementDie(d) (die int, morale bool)            5.2-E
//	(*Data).Weather(d, period, modifier) WeatherOut         5.4-B
//	Aborts(d, n) [][2]int; FoulRows(d) []int                5.4-B: black row, white column
//	(*Data).SlotOpen(row, col, SlotTerms) bool              5.4-A
//	GreenClosed(unitsInLaos int) int                        5.4-A
//	(*Data).Rats(d) (die int, SupplyRow)                    8.1-C
//	BoxCombatVM(vmSteps, frSteps []int) error               3.2: equal steps, 1 a unit
//	BoxCombatFrench(shaken []bool) (vmLosses []int, owed int) 7.1
//	SupportBarrageAmmo(intense bool) int; VMSupportAmmo(mortars) int  3.4, 7.3
//	BombardAmmo(side, intense) int                          2.2-B, 6.3-B
//	(*Position).Digging(sector, isabelleGone) Dig           8.5

import (
	"fmt"
	"strconv"

	"github.com/umpirebot/umpire/adjudicator"
)

// Fire is a fire roll (3.5-B, 3.6-B): two dice against a modified
// strength, and the effect-roll modifier it gives.
type Fire struct {
	Dice     [2]int
	Sum      int
	Strength int
	Mod      int
}

// FireRoll rolls 3.5-B's Defense Fire or 3.6-B's Assault Fire: "+1 If the
// result is below unit's strength, +2 If the result is 5 or more, below
// unit's strength, 0 If the result is equal to unit's strength, -1 If the
// result is above unit's strength, -2 If the result is 5 or more, above
// unit's strength" (charts.toml fire_roll).
func (c *Data) FireRoll(d adjudicator.Dice, strength int) Fire {
	f := Fire{Dice: [2]int{d.Roll(6), d.Roll(6)}, Strength: strength}
	f.Sum = f.Dice[0] + f.Dice[1]
	f.Mod = c.fireMod(f.Sum, strength)
	return f
}

func (c *Data) fireMod(sum, strength int) int {
	fr := c.Charts.FireRoll
	switch {
	case sum <= strength-5:
		return fr.Below5
	case sum < strength:
		return fr.Below
	case sum == strength:
		return fr.Equal
	case sum >= strength+5:
		return fr.Above5
	}
	return fr.Above
}

// clamp16: 3.6-C "A modified Effect die-roll can never become more than
// '6', or less than '1' (same thing in 3.5-C)".
func clamp16(v int) int { return max(1, min(6, v)) }

// DefenseIn is one defense (3.5, 7.4).
type DefenseIn struct {
	// Strength: the defending unit's modified strength (3.5-A, 7.4-A;
	// DefenseStrength sums it).
	Strength int
	// Morale: the assaulting unit's current morale, the column (3.5-C;
	// 7.4-C mirrored, F38).
	Morale int
	// Barrage: Support Barrage was brought in (3.4, 7.3): the table's
	// "with barrage" heading row.
	Barrage bool
}

// Defense is a resolved defense: the fire roll, the effect die, its
// modified value and the result ("surprise", "normal", "loss",
// "loss_hesitate", "abort", "loss_abort").
type Defense struct {
	Fire     Fire
	Die      int
	Modified int
	Result   string
}

// Loss tells whether the assaulting unit takes a step loss.
func (df Defense) Loss() bool {
	return df.Result == "loss" || df.Result == "loss_hesitate" || df.Result == "loss_abort"
}

// Marker is the assaulting unit's Combat Marker after the defense: 3.5-C
// "surprise" (a Surprise Marker), "hesitate", "abort" (the Assault Marker
// flipped), else "normal".
func (df Defense) Marker() string {
	switch df.Result {
	case "surprise":
		return "surprise"
	case "loss_hesitate":
		return "hesitate"
	case "abort", "loss_abort":
		return "abort"
	}
	return "normal"
}

// DefenseFire resolves 3.5-B and 3.5-C (and 7.4-B, C): "France rolls two
// dice and compares the result with the defending French unit's modified
// Strength Value ... France rolls a die and modifies it with the result
// from the previous Fire Roll. Cross-reference the modified die-roll
// result with the column of the VM unit's morale."
func (c *Data) DefenseFire(d adjudicator.Dice, in DefenseIn) Defense {
	df := Defense{Fire: c.FireRoll(d, in.Strength)}
	df.Die = d.Roll(6)
	df.Modified = clamp16(df.Die + df.Fire.Mod)
	df.Result = c.DefenseResult(in.Morale, in.Barrage, df.Modified)
	return df
}

// DefenseResult reads the French Defense Effect Table (3.5-C): the column
// of the assaulting unit's morale in the heading row with or without
// Support Barrage, the row of the modified roll (1-6). A morale the
// heading row does not print reads as the nearest printed one.
func (c *Data) DefenseResult(morale int, barrage bool, roll int) string {
	de := c.Charts.DefenseEffect
	row := "none"
	if barrage {
		row = "barrage"
	}
	col := moraleColumn(de.MoraleColumn[row], morale)
	if col < 0 || col >= len(de.Columns) {
		return "normal"
	}
	return de.Columns[col][clamp16(roll)-1]
}

// moraleColumn finds a morale's column; a morale beyond the printed ones
// reads as the nearest printed one.
func moraleColumn(m map[string]int, morale int) int {
	best, bestD := -1, 99
	for k, col := range m {
		v, err := strconv.Atoi(k)
		if err != nil {
			continue
		}
		dd := v - morale
		if dd < 0 {
			dd = -dd
		}
		if dd < bestD || dd == bestD && v > morale {
			best, bestD = col, dd
		}
	}
	return best
}

// AssaultIn is one assault (3.6, 7.5).
type AssaultIn struct {
	// Strength: the assaulting unit's modified strength (3.6-A, 7.5-A).
	Strength int
	// Column: the attack column its Combat Marker gives: "hesitate",
	// "normal" or "surprise" (3.6-C).
	Column string
	// Morale and Shaken: the DEFENDING unit's (3.6-C; 7.5 mirrored, F38).
	Morale int
	Shaken bool
	// Push: 3.6-B "Tiến lên!" / 7.5 "En Avant!": a supporting unit takes a
	// step loss for +1 on the effect roll (decided before the effect roll:
	// PushIf decides it from the fire roll, nil or false for no push).
	PushIf func(f Fire) bool
}

// AssaultOut is a resolved assault: the fire roll, whether a supporter
// was sacrificed for the +1, the effect die, its modified value and the
// result ("none", "choice", "loss_retreat", "2loss_retreat").
type AssaultOut struct {
	Fire     Fire
	Pushed   bool
	Die      int
	Modified int
	Result   string
}

// Losses are the step losses the result inflicts at once (a Choice's
// losses are the defender's option, ChoiceLosses).
func (a AssaultOut) Losses() int {
	switch a.Result {
	case "loss_retreat":
		return 1
	case "2loss_retreat":
		return 2
	}
	return 0
}

// Retreat tells whether the result retreats the defenders outright.
func (a AssaultOut) Retreat() bool { return a.Result == "loss_retreat" || a.Result == "2loss_retreat" }

// Assault resolves 3.6-B and 3.6-C (7.5): the Assault Fire roll, then
// "Before the Effect Roll, VM may decide to add a +1 to the received
// Effect Roll modifier ... by letting one unit that supported this
// assault take a step loss", then the effect die "modified with the
// result from the previous Fire Roll, and with any 'Tiến lên'
// modification", never above 6 or below 1.
func (c *Data) Assault(d adjudicator.Dice, in AssaultIn) AssaultOut {
	a := AssaultOut{Fire: c.FireRoll(d, in.Strength)}
	a.Pushed = in.PushIf != nil && in.PushIf(a.Fire)
	mod := a.Fire.Mod
	if a.Pushed {
		mod++
	}
	a.Die = d.Roll(6)
	a.Modified = clamp16(a.Die + mod)
	a.Result = c.AssaultResult(in.Column, in.Morale, in.Shaken, a.Modified)
	return a
}

// AssaultResult reads the VM Assault Effect Table (3.6-C): the attack
// column (hesitate, normal, surprise), the defending unit's morale in the
// heading row for a fresh or shaken unit, the modified roll's row.
func (c *Data) AssaultResult(column string, morale int, shaken bool, roll int) string {
	ae := c.Charts.AssaultEffect
	var t [][6]string
	switch column {
	case "hesitate":
		t = ae.Hesitate
	case "surprise":
		t = ae.Surprise
	default:
		t = ae.Normal
	}
	row := "fresh"
	if shaken {
		row = "shaken"
	}
	col := moraleColumn(ae.MoraleColumn[row], morale)
	if col < 0 || col >= len(t) {
		return "none"
	}
	return t[col][clamp16(roll)-1]
}

// ChoiceLosses are the step losses of the Choice's Option 1 (stay): 3.6-C
// for France "Take 2 step losses and stay in the hex (only take 1 step
// loss and stay, if there are only 2 steps in the hex)"; 7.5 for the VM
// "Take 1 step loss and stay in the hex". steps: the defenders' steps in
// the hex (with 1 step left, staying costs the last one).
func ChoiceLosses(defenderSide string, steps int) int {
	if defenderSide == geoVM {
		return 1
	}
	if steps <= 2 {
		return 1
	}
	return 2
}

// ---- bombardment (2.2-D, 6.3, 6.1) ----

// BombardIn is one unit under a Zone Marker (or the Airstrike).
type BombardIn struct {
	// Target: the side bombarded: "French" (2.2-D, the VM fires) or "VM"
	// (6.3, 6.1, France fires).
	Target string
	Morale int
	// Entrenched and Reduced: the target's (1.4-I; 2.2-D, 6.3-C).
	Entrenched, Reduced bool
	// BetterStacked: 2.2-D "still stacked with another unit that has a
	// better Morale Value" (the VM's bombardment only).
	BetterStacked bool
	// Intense, ReducedMarker, Long: 6.3's "Intense Bombardment", "the
	// French Artillery Zone Marker is reduced", "Long range (also
	// Airstrike)".
	Intense, ReducedMarker, Long bool
}

// BombardOut is a bombardment roll: the die, the loss roll and the shaken
// roll as modified, and their results.
type BombardOut struct {
	Die        int
	LossRoll   int
	Loss       bool
	ShakenRoll int
	Shaken     bool
}

// Bombard rolls one bombardment die (2.2-D for the VM's, 6.3-C for
// France's and 6.1's Airstrike, which is "conducted as any French
// Bombardment roll ... a die roll modification of -1").
// 2.2-D: loss "+1 If the French unit is not entrenched, -1 If the French
// unit is reduced", a loss on 5 or more; shaken from the actual roll "+1
// If the French unit is not entrenched, -1 If the French unit is still
// stacked with another unit that has a better Morale Value", shaken when
// equal to or greater than its morale.
// 6.3-C: "+1 If the VM unit is not entrenched, +1 If you fire an Intense
// Bombardment, -1 If the French Artillery Zone Marker is reduced, -1 If
// the VM unit is reduced (only for checking loss), -1 If the VM unit is at
// Long range (also Airstrike)"; a loss on 5 or more, shaken at its morale
// or above "not include any -1 modification for VM unit being reduced".
func Bombard(d adjudicator.Dice, in BombardIn) BombardOut {
	o := BombardOut{Die: d.Roll(6)}
	ent := 0
	if !in.Entrenched {
		ent = 1
	}
	red := 0
	if in.Reduced {
		red = 1
	}
	if in.Target == geoFrench {
		o.LossRoll = o.Die + ent - red
		o.ShakenRoll = o.Die + ent
		if in.BetterStacked {
			o.ShakenRoll--
		}
	} else {
		m := o.Die + ent
		if in.Intense {
			m++
		}
		if in.ReducedMarker {
			m--
		}
		if in.Long {
			m--
		}
		o.LossRoll = m - red
		o.ShakenRoll = m
	}
	o.Loss = o.LossRoll >= 5
	o.Shaken = o.ShakenRoll >= in.Morale
	return o
}

// Truck is 2.2-C's Truck/Supply check.
type Truck struct {
	// Count: the Zone Markers counted, each in a Supply Area twice.
	Count int
	// Rolled: the check was made (6 or more markers placed).
	Rolled    bool
	Dice      [2]int
	Hit       bool
	SupplyDie int
	Supply    SupplyRow
}

// TruckCheck is 2.2-C: "If VM places at least 6 Zone Markers, then count
// all of them. Each Zone Marker placed in any Supply Area is doubled when
// counting. VM rolls two dice. If the result is equal to or less than the
// sum, France suffers a Truck hit and a Supply hit ... VM rolls another
// single die and checks the Supply Hit Table". markers: all placed;
// inSupply: those of them in a Supply Area.
func (c *Data) TruckCheck(d adjudicator.Dice, markers, inSupply int) Truck {
	t := Truck{Count: markers + inSupply}
	if markers < 6 {
		return t
	}
	t.Rolled = true
	t.Dice = [2]int{d.Roll(6), d.Roll(6)}
	if t.Dice[0]+t.Dice[1] > t.Count {
		return t
	}
	t.Hit = true
	t.SupplyDie = d.Roll(6)
	for _, r := range c.Charts.SupplyHit.Rows {
		if r.Die == t.SupplyDie {
			t.Supply = r
		}
	}
	return t
}

// Raid is 2.3's Commando Raid: the die and whether a step is lost.
type Raid struct {
	Die  int
	Loss bool
}

// CommandoRaid is 2.3: "Remove a step from the French unit if the
// die-roll result is at least 3 higher than the French unit's Morale
// Value."
func CommandoRaid(d adjudicator.Dice, morale int) Raid {
	r := Raid{Die: d.Roll(6)}
	r.Loss = r.Die >= morale+3
	return r
}

// ---- the Morale Check (5.1) ----

// SurrenderNumber is 5.1-A: "subtract the number where the Strongpoints
// Taken Marker is, from the current value of the Strongpoints Track".
func SurrenderNumber(track, taken int) int { return track - taken }

// SurrenderMods are 5.1-B's modifiers' facts.
type SurrenderMods struct {
	// LowTracks: supply tracks (Fuel, Food, Medicine, Ammo) at 2 or less.
	LowTracks int
	// ReliefNear: a Condor or Standby unit in Laos 2 or 2z-304 and none at
	// DBP or Isabelle; ReliefIn: one at DBP and/or Isabelle.
	ReliefNear, ReliefIn bool
}

// Surrender is a Surrender Roll: dice, modifier, the modified roll and
// what it does, as SN-relative level: -3 or lower fight on (Level -3),
// -2 Morale 2 units lose a step, -1 Morale 2 units surrender, 0 Morale 2
// surrender and Morale 3 lose a step, +1 Morale 3 or less surrender, +2
// the garrison surrenders.
type Surrender struct {
	SN       int
	Dice     [2]int
	Mod      int
	Modified int
	Level    int // modified - SN, clamped to -3..+2
	Text     string
}

var surrenderText = map[int]string{
	-3: "All French units fight on!",
	-2: "Each French unit with Morale 2 takes a step loss",
	-1: "All French units with Morale 2 surrender",
	0:  "All French units with Morale 2 surrender; each French unit with Morale 3 takes a step loss",
	1:  "All French units with Morale 3 or less surrender",
	2:  "The French Garrison surrenders. It is a VM VICTORY!",
}

// MoraleCheck is 5.1-B: "France rolls two dice and modifies the result
// with +1 For each Supply Track (Fuel, Food, Medicine, Ammo) that is at 2
// or less, -1 If any unit from Condor or Standby Force is in Laos 2 or
// 2z-304, but none at DBP/Isabelle, -2 If any unit from Condor or Standby
// Force is at DBP and/or Isabelle".
func MoraleCheck(d adjudicator.Dice, sn int, m SurrenderMods) Surrender {
	s := Surrender{SN: sn, Dice: [2]int{d.Roll(6), d.Roll(6)}, Mod: m.LowTracks}
	if m.ReliefIn {
		s.Mod -= 2
	} else if m.ReliefNear {
		s.Mod--
	}
	s.Modified = s.Dice[0] + s.Dice[1] + s.Mod
	s.Level = max(-3, min(2, s.Modified-sn))
	s.Text = surrenderText[s.Level]
	return s
}

// Despair is 5.1-C on an MC turn: "decrease the Strongpoints Taken Marker
// by four (4) points, if possible (never move the marker below 0). If VM
// is only able to deduct 3 points or less ... move all Division Morale
// Markers ... down 1 slot."
func Despair(taken int) (newTaken int, despair bool) {
	return max(0, taken-4), taken < 4
}

// ---- dice of 1.7 and 5.2 ----

// FrenchLossDie is 1.7-B's second step loss: "1-4 Place it in the Wounded
// Box, 5-6 Place it in the Gone Box".
func FrenchLossDie(d adjudicator.Dice) (die int, box string) {
	die = d.Roll(6)
	if die <= 4 {
		return die, "Wounded"
	}
	return die, "Gone"
}

// HQ is 1.7's HQ roll at the top slot.
type HQ struct {
	Die      int
	Modified int
	// Send: "0-2 Yes, we will send one"; else Down slots: "3-4 Perhaps"
	// 1, "Not now" 2.
	Send bool
	Down int
	Text string
}

// HQRoll is 1.7: "Modify the die-roll with any modification printed in
// the Box of the battalion in question".
func (c *Data) HQRoll(d adjudicator.Dice, modifier int) HQ {
	h := HQ{Die: d.Roll(6)}
	h.Modified = h.Die + modifier
	switch {
	case h.Modified <= 2:
		h.Send, h.Text = true, "Yes, we will send one"
	case h.Modified <= 4:
		h.Down, h.Text = 1, "Perhaps, we shall look into it"
	default:
		h.Down, h.Text = 2, "Not now, we can't spare one"
	}
	return h
}

// VMPatrol is 5.2-B: "If the result is 1-3, move one single Division
// Morale Marker up 1 slot. If the result is 4-6, add 2 VM ammo instead."
func VMPatrol(d adjudicator.Dice) (die int, morale bool) {
	die = d.Roll(6)
	return die, die <= 3
}

// VMReinforcementDie is 5.2-E: "If the result is 1-3, move one single
// Division Morale Marker down 1 slot. If the result is 4-6, deduct 1 VM
// ammo."
func VMReinforcementDie(d adjudicator.Dice) (die int, morale bool) {
	die = d.Roll(6)
	return die, die <= 3
}

// ---- airdrops (5.4) ----

// WeatherOut is 5.4-B's Weather roll.
type WeatherOut struct {
	Dice     [2]int
	Mod      int
	Modified int
	// Result: "all", "foul", or a number of aborts (Aborts > 0).
	Result string
	Aborts int
}

// Weather rolls 5.4-B: two dice, modified by 5.3-A's fuel shortage, read
// on the period's row of the Weather Table (a modified roll beyond 12
// reads 12).
func (c *Data) Weather(d adjudicator.Dice, period string, modifier int) WeatherOut {
	w := WeatherOut{Dice: [2]int{d.Roll(6), d.Roll(6)}, Mod: modifier}
	w.Modified = w.Dice[0] + w.Dice[1] + modifier
	row := c.Charts.Weather.Dry
	switch period {
	case "rain":
		row = c.Charts.Weather.Rain
	case "monsoon":
		row = c.Charts.Weather.Monsoon
	}
	w.Result = row[max(2, min(12, w.Modified))-2]
	if n, err := strconv.Atoi(w.Result); err == nil {
		w.Aborts = n
	}
	return w
}

// Aborts rolls 5.4-B's aborts: "France will roll two dice a number of
// times equal to the result of the Weather Table. The black die shows
// which row and the white die shows which column": n (black, white)
// pairs, 1-6 each.
func Aborts(d adjudicator.Dice, n int) [][2]int {
	out := make([][2]int, n)
	for i := range out {
		out[i] = [2]int{d.Roll(6), d.Roll(6)}
	}
	return out
}

// FoulRows rolls 5.4-B's Foul Weather: "France rolls only the black die
// (pointing at the rows), but rolls it 4 times."
func FoulRows(d adjudicator.Dice) []int {
	out := make([]int, 4)
	for i := range out {
		out[i] = d.Roll(6)
	}
	return out
}

// SlotTerms are what closes Airdrop Chart slots this turn (5.4-A).
type SlotTerms struct {
	// TDZones: the current Trench and Dig Zones, counted.
	TDZones int
	Period  string
	// GreenClosed: green slots closed (GreenClosed), taken in the chart's
	// order (F40).
	GreenClosed int
	// Standby: the Standby Force is added this turn: only the white slots.
	Standby bool
}

// SlotOpen tells whether slot (row, col), 1-6 each (black die, white
// die), may take a Plane-Load: 5.4-A "France may not use a 'T/D Zones'
// slot ... that has a printed number that is equal to or lower than the
// total number of current Trench and Dig Zones"; "The 'Rain' slot may not
// be used during Rain and Monsoon Game Turns. The three 'Monsoon' slots
// may not be used during Monsoon Game Turns"; "Do not use a 'green' slot
// for every group of up to 4 units" in Laos; with the Standby Force "only
// the two white slots at the top of the Airdrop Chart may be used".
func (c *Data) SlotOpen(row, col int, t SlotTerms) bool {
	if row < 1 || row > 6 || col < 1 || col > 6 {
		return false
	}
	s := c.Charts.Airdrop.Slots[row-1][col-1]
	if t.Standby {
		return s.White
	}
	if s.TD != 0 && s.TD <= t.TDZones {
		return false
	}
	if s.Rain && (t.Period == "rain" || t.Period == "monsoon") || s.Monsoon && t.Period == "monsoon" {
		return false
	}
	if s.Green {
		n := 0
		for r := range c.Charts.Airdrop.Slots {
			for k, o := range c.Charts.Airdrop.Slots[r] {
				if o.Green {
					n++
					if r == row-1 && k == col-1 {
						return n > t.GreenClosed
					}
				}
			}
		}
	}
	return true
}

// GreenClosed is 5.4-A: one green slot closed "for every group of up to 4
// units (reduced or not) that occupy any Laos boxes" (5 and 4: 3).
func GreenClosed(unitsInLaos int) int { return (unitsInLaos + 3) / 4 }

// Rats rolls 8.1-C's Rats of Nam Youm Table.
func (c *Data) Rats(d adjudicator.Dice) (int, SupplyRow) {
	die := d.Roll(6)
	for _, r := range c.Charts.Rats.Rows {
		if r.Die == die {
			return die, r
		}
	}
	return die, SupplyRow{Die: die}
}

// ---- box combat (3.2, 7.1) ----

// BoxCombatVM checks 3.2's VM-chosen losses: "Both sides must lose an
// equal number of steps, and no more than 1 step per unit may be lost."
// vmSteps and frSteps: the steps each chosen unit loses.
func BoxCombatVM(vmSteps, frSteps []int) error {
	sum := func(xs []int) (int, error) {
		n := 0
		for _, x := range xs {
			if x != 0 && x != 1 {
				return 0, fmt.Errorf("3.2: no more than 1 step per unit may be lost, not %d", x)
			}
			n += x
		}
		return n, nil
	}
	v, err := sum(vmSteps)
	if err != nil {
		return err
	}
	f, err := sum(frSteps)
	if err != nil {
		return err
	}
	if v != f {
		return fmt.Errorf("3.2: both sides must lose an equal number of steps: the VM %d, France %d", v, f)
	}
	return nil
}

// BoxCombatFrench is 7.1: "Each VM unit takes a step loss, or 2 step
// losses if shaken. For each VM unit that takes any loss(es), France
// removes 1 step loss from any French unit with Morale 4 or higher, or 2
// step losses from any unit(s) with Morale 3 or less". vmLosses: the
// steps each VM unit in the box loses; owed: the French "losses" owed,
// each paid by 1 step of a Morale 4+ unit or 2 steps of Morale 3- units.
func BoxCombatFrench(shaken []bool) (vmLosses []int, owed int) {
	vmLosses = make([]int, len(shaken))
	for i, s := range shaken {
		vmLosses[i] = 1
		if s {
			vmLosses[i] = 2
		}
	}
	return vmLosses, len(shaken)
}

// ---- support barrage ammunition (3.4, 7.3) ----

// SupportBarrageAmmo is 3.4: "2 ammo if it is a regular Support Barrage,
// or 3 ammo if it is an Intense Support Barrage", per Zone Marker.
func SupportBarrageAmmo(intense bool) int {
	if intense {
		return 3
	}
	return 2
}

// VMSupportAmmo is 7.3: "deducting 1 ammo (in total) ... up to 4 Support
// Mortars"; 3.1's Support Mortars on the VM's own assaults cost nothing.
func VMSupportAmmo(mortars int) int {
	if mortars > 0 {
		return 1
	}
	return 0
}

// BombardAmmo is 2.2-B and 6.3-B: the VM 1 a Zone Marker; France 1, or 2
// if intense.
func BombardAmmo(side string, intense bool) int {
	if side == geoFrench && intense {
		return 2
	}
	return 1
}
