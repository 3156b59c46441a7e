package finalgamble

import (
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// dice rolls the given faces in order, then 1s.
type dice struct{ faces []int }

func (d *dice) Roll(sides int) int {
	if len(d.faces) == 0 {
		return 1
	}
	v := d.faces[0]
	d.faces = d.faces[1:]
	return max(1, min(sides, v))
}

func roll(faces ...int) *dice { return &dice{faces: faces} }

// at returns scenario sc's start moved on to segment seg (its start
// played with the dice given).
func at(t *testing.T, r *Rules, sc, seg string, d adjudicator.Dice) *State {
	t.Helper()
	s0, err := r.Setup(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := s0.(*State).clone()
	r.enter(s, seg, d, &events{})
	if s.Seg != seg {
		t.Fatalf("wanted to stop at %s, the game went on to %s", seg, s.Seg)
	}
	return s
}

func apply(t *testing.T, r *Rules, s *State, side adjudicator.Side, order string, d adjudicator.Dice) (*State, string) {
	t.Helper()
	ns, ev, err := r.Apply(s, side, order, d)
	if err != nil {
		t.Fatalf("%s %q: %v", side, order, err)
	}
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Text + "\n")
	}
	return ns.(*State), b.String()
}

func refused(t *testing.T, r *Rules, s *State, side adjudicator.Side, order, why string) {
	t.Helper()
	_, _, err := r.Apply(s, side, order, roll())
	if err == nil || !strings.Contains(err.Error(), why) {
		t.Errorf("%s %q: %v, want a refusal saying %q", side, order, err, why)
	}
}

// 5.1-B: a roll of SN+2 or more ends the game, the VM's victory; below it
// the Garrison holds and the Strongpoints Taken Marker drops by 4.
func TestRule5_1_SurrenderRoll(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "5.1", roll())
	s.Tracks["strongpoints"], s.Tracks["taken"] = 16, 10 // SN 6
	ns, text := apply(t, r, s, VM, "demand", roll(4, 4)) // 8 = SN+2
	if ns.Result == nil || ns.Result.Winner != VM || !strings.Contains(text, "VM VICTORY") {
		t.Fatalf("SN+2 did not end the game: %+v\n%s", ns.Result, text)
	}
	s.Tracks["strongpoints"], s.Tracks["taken"] = 40, 10 // SN 30
	ns, text = apply(t, r, s, VM, "demand", roll(1, 1))
	if ns.Result != nil || ns.Tracks["taken"] != 6 || !strings.Contains(text, "fight on") {
		t.Fatalf("SN-3 or lower: result %+v, taken %d\n%s", ns.Result, ns.Tracks["taken"], text)
	}
}

// 5.1-B: at SN-1 every French unit of morale 2 surrenders (to Gone), in
// the maps and 2z-304, not in other boxes.
func TestRule5_1_MoraleTwoSurrenders(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "5.1", roll())
	s.Tracks["strongpoints"], s.Tracks["taken"] = 20, 10 // SN 10
	ns, _ := apply(t, r, s, VM, "demand", roll(4, 5))    // 9 = SN-1
	for _, u := range ns.Units {
		if u.Side == "French" && u.onMap() && r.morale(ns, &u) == 2 {
			t.Fatalf("%s (morale 2) still at %s after SN-1", u.ID, u.Hex)
		}
	}
	if len(r.frenchUnits(ns, func(u *Unit) bool { return u.Box == "Gone" })) == 0 {
		t.Fatal("no unit went to the Gone Box")
	}
}

// 5.1-C: on an MC turn the Strongpoints Taken Marker drops by 4; if only 3
// or fewer can be deducted every Division Morale Marker goes down a slot.
func TestRule5_1C_VMDespair(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "5.1", roll())
	for i, tn := range r.D.Tracks.GameTurn.Turns {
		if tn.MC {
			s.Turn = i + 1
			break
		}
	}
	s.Tracks["taken"] = 2
	ns, text := apply(t, r, s, VM, "done", roll())
	if ns.Tracks["taken"] != 0 || ns.DivisionMorale["308"] != s.DivisionMorale["308"]+1 || !strings.Contains(text, "not going well") {
		t.Fatalf("despair: taken %d, 308 slot %d → %d\n%s", ns.Tracks["taken"], s.DivisionMorale["308"], ns.DivisionMorale["308"], text)
	}
}

// 5.1, 8.6-A (RULINGS F5): France has not surrendered by the last turn's
// Morale Check: a French victory.
func TestRule8_6A_FranceHoldsToTheLastTurn(t *testing.T) {
	r := rules(t)
	s := at(t, r, "D", "5.1", roll())
	s.Turn = len(r.D.Tracks.GameTurn.Turns)
	ns, _ := apply(t, r, s, VM, "done", roll())
	if ns.Result == nil || ns.Result.Winner != French {
		t.Fatalf("result %+v", ns.Result)
	}
	p := r.Prompt(ns)
	if !p.Over || len(p.Awaiting) != 0 {
		t.Fatalf("prompt %+v", p)
	}
	refused(t, r, ns, French, "done", "the game is over")
}

// 5.3: Food & Bullets short: 3 steps a missing point, chosen by France
// (RULINGS F7); an eliminated unit goes to the Wounded Box.
func TestRule5_3_ShortageStepsChosenByFrance(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "5.2", roll())
	s.Tracks["food"] = 2 // 3 to deduct: 1 short, 3 steps
	ns, text := apply(t, r, s, VM, "done", roll())
	if ns.Seg != "5.3" || ns.Owed != 3 || !strings.Contains(text, "France removes 3 steps") {
		t.Fatalf("seg %s owed %d\n%s", ns.Seg, ns.Owed, text)
	}
	refused(t, r, ns, French, "loss 2/4RAC-1", "not a legal order")
	ns, _ = apply(t, r, ns, French, "loss 2Thai-1", roll())
	ns, _ = apply(t, r, ns, French, "loss 2Thai-1", roll())
	if u := ns.unit("2Thai-1"); u.Box != "Wounded" {
		t.Fatalf("2Thai-1 eliminated by starvation is in %q, want the Wounded Box", u.Box)
	}
	ns, text = apply(t, r, ns, French, "done", roll())
	if ns.Owed != 0 || !strings.Contains(text, "takes a step loss") {
		t.Fatalf("the third step was not taken by the loss order\n%s", text)
	}
}

// 5.4: plane-loads on open slots; aborts send a slot's load back to
// Hanoi; the rest adds to the tracks (Ammo +2, Medicine +6).
func TestRule5_4_AirdropAborts(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "5.4", roll())
	refused(t, r, s, French, "load r1c1 plutonium", "not a unit in the Hanoi Airbase Box")
	refused(t, r, s, French, "load r9c1 ammo", "no slot")
	s, _ = apply(t, r, s, French, "load r2c1 ammo", roll())
	s, _ = apply(t, r, s, French, "load r2c2 medicine", roll())
	refused(t, r, s, French, "load r2c2 food", "already holds")
	ammo, med := s.Tracks["french_ammo"], s.Tracks["medicine"]
	s.FuelDeducted = 4
	// weather: Dry 4+5 = 9: "2" aborts; then black 2 white 1 (the ammo), black 6 white 6 (empty)
	ns, text := apply(t, r, s, French, "done", roll(4, 5, 2, 1, 6, 6))
	if !strings.Contains(text, "aborts back to Hanoi (Ammo)") || !strings.Contains(text, "is empty") {
		t.Fatalf("aborts:\n%s", text)
	}
	if ns.Tracks["french_ammo"] != ammo || ns.Tracks["medicine"] != med+6 {
		t.Fatalf("ammo %d → %d, medicine %d → %d", ammo, ns.Tracks["french_ammo"], med, ns.Tracks["medicine"])
	}
	if ns.hanoiCount("Ammo") != s.hanoiCount("Ammo")+1 || ns.hanoiCount("Medicine") != s.hanoiCount("Medicine")+1 {
		t.Fatal("the markers did not return to the Hanoi Airbase Box")
	}
}

// 8.5: a Trench Marker moves one zone; onto a zone with a French
// strongpoint it flips to its Dig side; a sector with a Dig Marker may
// not move.
func TestRule8_5_TrenchDigging(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "8.5", roll())
	if len(r.digSectors(s)) != 4 {
		t.Fatalf("dig sectors %v", r.digSectors(s))
	}
	before := s.Trench["308"]
	ns, text := apply(t, r, s, VM, "dig 308", roll())
	moved := ns.Trench["308"] == before+1 || ns.Dig["308"] == before+1
	if !moved || !strings.Contains(text, "8.5-B") {
		t.Fatalf("trench %d → %d dig %d\n%s", before, ns.Trench["308"], ns.Dig["308"], text)
	}
	if ns.Seg == "8.5" {
		t.Fatal("8.5 goes on after a Trench Marker moved: one a turn")
	}
	s.Dig["312"] = s.Trench["312"] + 1
	refused(t, r, s, VM, "dig 312", "one of")
}

// 1.7-B: the HQ Marker climbs a slot per unit lost; at the top France
// rolls, 0-2 sending the top battalion to Hanoi.
func TestRule1_7_HQRoll(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "5.1", roll())
	top := len(r.D.Tracks.Reinforcements.Slots) - 1
	s.HQ = top - 1
	first := s.Reinforcements[0]
	u := s.unit("2Thai-1")
	u.Reduced = true
	ev := &events{}
	r.loseStep(s, u, lossRoll, roll(2, 1), ev) // 2: Wounded; HQ roll 1
	if u.Box != "Wounded" || s.HQ != 0 || s.Reinforcements[0] == first {
		t.Fatalf("box %s, HQ %d, column %v", u.Box, s.HQ, s.Reinforcements)
	}
	for _, x := range s.Units {
		if x.Formation == first && x.Box != "Hanoi Airbase" {
			t.Fatalf("%s in %s, want Hanoi", x.ID, x.Box)
		}
	}
}

// 3.6-C: a Choice is answered by France's standing order, or asked when it
// says ask; the game awaits France until it answers.
func TestRule3_6_ChoiceAskedOrStanding(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "3.1", roll())
	// a VM battalion next to a French unit
	var fr *Unit
	for i := range s.Units {
		if s.Units[i].Side == "French" && s.Units[i].Map == "dbp" {
			fr = &s.Units[i]
			break
		}
	}
	var vm *Unit
	for i := range s.Units {
		if s.Units[i].Side == "VM" && s.Units[i].Map == "dbp" {
			vm = &s.Units[i]
			break
		}
	}
	var from string
	for _, n := range r.neighborsOf(fr.Place()) {
		if len(s.at(n)) == 0 {
			from = n
			break
		}
	}
	r.putAt(vm, from)
	s.Standing = map[adjudicator.Side]Standing{French: {"choice": "ask"}}
	s.Assaults = []Assault{{Unit: vm.ID, From: from, Target: fr.Place(), Marker: "surprise", Defender: fr.ID}}
	s.Seg = "3.6"
	// fire 6+6 against 8ish: -1 or -2; effect die forced so the surprise column gives a Choice at 1..3
	for try := 1; try <= 6; try++ {
		ns, _, err := r.Apply(s, VM, "charge "+vm.ID, roll(1, 1, try))
		if err != nil {
			t.Fatal(err)
		}
		st := ns.(*State)
		if st.Pending == nil {
			continue
		}
		if p := r.Prompt(st); p.Awaiting[0] != French || !strings.Contains(p.Decision, "stay or retreat") {
			t.Fatalf("prompt %+v", p)
		}
		refused(t, r, st, VM, "done", "France's decision")
		refused(t, r, st, French, "maybe", "Answer stay or retreat")
		after, text := apply(t, r, st, French, "retreat", roll())
		if after.Pending != nil || !strings.Contains(text, "France chooses to retreat") {
			t.Fatalf("after the answer: %+v\n%s", after.Pending, text)
		}
		return
	}
	t.Fatal("no effect roll gave a Choice")
}

// 2.1: the Box Move comes before the Valley Move, 3 units each.
func TestRule2_1_BoxThenValley(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "2.1", roll())
	tree := r.Legal(s, VM)
	orders := adjudicator.Orders(tree)
	var valley string
	for _, o := range orders {
		if strings.HasPrefix(o, "valley ") {
			valley = o
			break
		}
	}
	if valley == "" {
		t.Fatal("no valley move offered at scenario A's start")
	}
	s2, _ := apply(t, r, s, VM, valley, roll())
	for _, o := range adjudicator.Orders(r.Legal(s2, VM)) {
		if strings.HasPrefix(o, "box ") {
			t.Fatalf("a box move %q offered after the Valley Move began", o)
		}
	}
}

// /map hex: describes a hex or a strongpoint from the view; a bad place
// is refused naming the forms.
func TestDescribe_HexAndStrongpoint(t *testing.T) {
	r := rules(t)
	s, _ := r.Setup("A", nil)
	v := r.View(s, adjudicator.Public)
	got, err := r.Describe(v, "E2")
	if err != nil || !strings.Contains(got, "strongpoint E2, France's") || !strings.Contains(got, "Units: ") {
		t.Fatalf("E2: %q %v", got, err)
	}
	if _, err := r.Describe(v, "zz"); err == nil || !strings.Contains(err.Error(), "four digits") {
		t.Fatalf("zz: %v", err)
	}
}

// 3.2: the VM's Box Combat: equal steps a side, one a unit, the units
// the VM names; resting divisions do not fight.
func TestRule3_2_BoxCombatTheVMChooses(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "2.1", roll())
	v, f1, f2 := s.unit("308-80"), s.unit("1BEP-1"), s.unit("1BEP-2")
	for _, u := range s.at("2z-304") {
		r.putAt(u, "Off-Map")
	}
	for _, u := range []*Unit{v, f1, f2} {
		r.putAt(u, "2z-304")
	}
	s.Seg, s.Rested = "3.2", nil
	refused(t, r, s, VM, "boxcombat 2z-304 2", "1 to 1 steps")
	refused(t, r, s, VM, "boxcombat 2z-304 1 1BEP-1 1BEP-2", "is not a unit of 2z-304 that may lose")
	ns, _ := apply(t, r, s, VM, "boxcombat 2z-304 1 1BEP-2", roll())
	if !ns.unit("308-80").Reduced || !ns.unit("1BEP-2").Reduced || ns.unit("1BEP-1").Reduced {
		t.Fatal("the steps were not the ones named")
	}
	s.Rested = []string{"308"}
	refused(t, r, s, VM, "boxcombat 2z-304 1", "1 to 0 steps")
}

// 7.5, 3.6-C: a supporter named with the charge advances one hex, next to
// the defending hex, when the defender is driven out (RULINGS F20).
func TestRule7_5_SupporterAdvancesAsNamed(t *testing.T) {
	r := rules(t)
	base := at(t, r, "A", "2.1", roll())
	// clear a corner of the valley: a VM battalion at 1010, France's
	// 1BEP-1 at 1009 assaulting, 1BEP-2 at 1110 (next to 1010) supporting
	for i := range base.Units {
		u := &base.Units[i]
		if u.onMap() && u.Map == "dbp" && r.distance(u.Place(), "1010") >= 0 && r.distance(u.Place(), "1010") <= 3 {
			r.putAt(u, "Gone")
		}
	}
	v, a, sup := base.unit("308-80"), base.unit("1BEP-1"), base.unit("1BEP-2")
	r.putAt(v, "1010")
	r.putAt(a, "1009")
	r.putAt(sup, "1110")
	if !r.adjacentPlaces("1009", "1010") || !r.adjacentPlaces("1110", "1010") {
		t.Fatal("1009 and 1110 must both be next to 1010 on the map: the test is set on them")
	}
	base.Seg = "7.5"
	base.Standing = map[adjudicator.Side]Standing{VM: {"choice": "retreat"}}
	base.Assaults = []Assault{{Unit: a.ID, From: "1009", Target: "1010", Marker: "surprise", Defender: v.ID}}
	var dest string
	for _, n := range r.neighborsOf("1110") {
		if n != "1010" && n != "1009" && r.adjacentPlaces(n, "1010") && len(base.at(n)) == 0 {
			dest = n
			break
		}
	}
	if dest == "" {
		t.Fatal("no free hex next to both 1110 and 1010: the test has nowhere to advance the supporter")
	}
	for try := 1; try <= 6; try++ {
		ns, _, err := r.Apply(base, French, "charge 1BEP-1 advance 1BEP-2@"+dest, roll(1, 1, try, 6, 6))
		if err != nil {
			t.Fatal(err)
		}
		st := ns.(*State)
		if st.unit("308-80").Place() == "1010" {
			continue
		}
		if st.unit("1BEP-1").Place() != "1010" || st.unit("1BEP-2").Place() != dest {
			t.Fatalf("after the VM left 1010: 1BEP-1 at %s, 1BEP-2 at %s (want 1010, %s)", st.unit("1BEP-1").Place(), st.unit("1BEP-2").Place(), dest)
		}
		return
	}
	t.Fatal("no effect roll drove the VM out")
}

// 3.5 "France may conduct Defense Fire Rolls in any order": with its
// standing order defense-order ask France names them one by one; the
// game then goes on to 3.6 (RULINGS F19).
func TestRule3_5_FranceChoosesTheDefenseOrder(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "3.1", roll())
	var fr []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == "French" && u.Map == "dbp" && len(fr) < 2 && (len(fr) == 0 || r.distance(fr[0].Place(), u.Place()) > 4) {
			fr = append(fr, u)
		}
	}
	var vms []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == "VM" && u.Map == "dbp" && len(vms) < 2 {
			vms = append(vms, u)
		}
	}
	for k := 0; k < 2; k++ {
		for _, n := range r.neighborsOf(fr[k].Place()) {
			if len(s.at(n)) == 0 {
				r.putAt(vms[k], n)
				s.Assaults = append(s.Assaults, Assault{Unit: vms[k].ID, From: n, Target: fr[k].Place(), Marker: "assault"})
				break
			}
		}
	}
	s.Standing = map[adjudicator.Side]Standing{French: {"defense-order": "ask"}}
	s.Seg = "3.4"
	ns, _ := apply(t, r, s, French, "done", roll())
	if ns.Seg != "3.5" || r.Prompt(ns).Awaiting[0] != French {
		t.Fatalf("segment %s, prompt %+v", ns.Seg, r.Prompt(ns))
	}
	second := ns.Assaults[1].Target
	ns, text := apply(t, r, ns, French, "defend "+second, roll())
	if !strings.Contains(text, "at "+second+" (strength") || !ns.Assaults[1].Fired || ns.Assaults[0].Fired {
		t.Fatalf("the second assault's defense did not fire first:\n%s", text)
	}
	ns, _ = apply(t, r, ns, French, "done", roll())
	if ns.Seg == "3.5" {
		t.Fatal("3.5 did not end")
	}
}

// 2.2: one VM Zone Marker a hex, 1 ammo each; 2.2-D the roll order named
// with the marker; done rolls.
func TestRule2_2_VMBombardment(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "2.2", roll())
	var hex string
	var stack []*Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == "French" && u.Map == "dbp" {
			if st := s.sideAt(u.Place(), "French"); len(st) >= 2 {
				hex, stack = u.Place(), st
				break
			}
		}
	}
	if hex == "" {
		t.Fatal("no French stack at scenario A's start")
	}
	ammo := s.Tracks["vm_ammo"]
	order := "zone " + hex + " " + stack[1].ID + " " + stack[0].ID
	s, _ = apply(t, r, s, VM, order, roll())
	if s.Tracks["vm_ammo"] != ammo-1 {
		t.Fatalf("ammo %d → %d", ammo, s.Tracks["vm_ammo"])
	}
	refused(t, r, s, VM, "zone "+hex, "one marker a hex")
	refused(t, r, s, VM, "zone "+hex[:2]+"99", "no regular Zone Marker")
	ns, text := apply(t, r, s, VM, "done", roll(6, 1))
	first := strings.Index(text, "Bombardment roll on "+stack[1].ID)
	second := strings.Index(text, "Bombardment roll on "+stack[0].ID)
	if first < 0 || second < 0 || first > second {
		t.Fatalf("the rolls are not in the order named:\n%s", text)
	}
	if ns.Seg == "2.2" {
		t.Fatal("2.2 did not end")
	}
}

// 5.2-C, D: a replacement costs a point of the track and moves the
// division's Morale Marker down; Disorg units in VM LoC not replaced are
// withdrawn to the Pulled-Back Box at done.
func TestRule5_2_Replacements(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "5.1", roll())
	var a, b *Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == "VM" && u.Formation == "312" && u.Map == "dbp" {
			if a == nil {
				a = u
			} else if b == nil {
				b = u
			}
		}
	}
	a.Reduced = true
	b.Reduced, b.Disorg = true, true
	s, _ = apply(t, r, s, VM, "done", roll()) // 5.1: no demand
	if s.Seg != "5.2" {
		t.Fatalf("segment %s", s.Seg)
	}
	pts, slot := s.Tracks["vm_replacements"], s.DivisionMorale["312"]
	s, _ = apply(t, r, s, VM, "replace "+a.ID, roll())
	if s.unit(a.ID).Reduced || s.Tracks["vm_replacements"] != pts-1 || s.DivisionMorale["312"] != slot+1 {
		t.Fatalf("replacement: reduced %v, points %d → %d, slot %d → %d", s.unit(a.ID).Reduced, pts, s.Tracks["vm_replacements"], slot, s.DivisionMorale["312"])
	}
	refused(t, r, s, VM, "replace "+a.ID, "may not take a replacement")
	ns, _ := apply(t, r, s, VM, "done", roll())
	if u := ns.unit(b.ID); u.Box != "Pulled-Back" || u.Disorg {
		t.Fatalf("the Disorg unit not replaced is in %q (Disorg %v), want the Pulled-Back Box", u.Box, u.Disorg)
	}
}
