package finalgamble

import (
	"slices"
	"testing"
)

func TestRule2_1B_VMValleyMove(t *testing.T) {
	d := mustDefault(t)
	g := GeoOf(d)
	b := BoardOf(d.Setups["B"])
	p := g.Position(b)
	var vm *Unit
	for i := range b.Units {
		if b.Units[i].Side == "VM" && b.Units[i].Box == "" {
			vm = &b.Units[i]
			break
		}
	}
	dests := p.ValleyMoves(vm.ID)
	if len(dests) == 0 {
		t.Fatal("no Valley Move for a VM unit in its Trench Zones")
	}
	for _, pl := range dests {
		if !p.TrenchZone(pl) || p.DigZone(pl) || p.EnemyZoC("VM", pl) || !p.LoC("VM").Place(pl) && g.boxes[pl] == nil {
			t.Errorf("2.1-B: %s is not a Trench Zone hex in VM LoC out of French ZoC", pl)
		}
	}
}

func TestRule6_2A_FrenchValleyMove(t *testing.T) {
	d := mustDefault(t)
	g := GeoOf(d)
	b := BoardOf(d.Setups["A"])
	p := g.Position(b)
	var inf, art *Unit
	for i := range b.Units {
		u := &b.Units[i]
		if u.Side != "French" || u.Map != "dbp" {
			continue
		}
		if p.isArt(u) && art == nil {
			art = u
		} else if !p.isArt(u) && inf == nil {
			inf = u
		}
	}
	di := p.ValleyMoves(inf.ID)
	da := p.ValleyMoves(art.ID)
	if len(di) == 0 || len(da) == 0 {
		t.Fatalf("no Valley Move: %d infantry, %d artillery", len(di), len(da))
	}
	for _, pl := range di {
		if p.TrenchZone(pl) || p.DigZone(pl) {
			t.Errorf("6.2-A: %s in a Trench/Dig Zone", pl)
		}
	}
	// the artillery's route crosses the river only by a bridge: it
	// reaches no more than the infantry
	for _, pl := range da {
		if !slices.Contains(di, pl) && pl != PlaceOf(inf) {
			t.Errorf("6.2-A: artillery reaches %s the infantry cannot", pl)
		}
	}
}

func TestRule2_1A_6_2B_BoxMoves(t *testing.T) {
	g, bd := geoFixture(t, vmU("308-80", "308", "VM Off-Map"), vmU("PL-PL", "PL", "Laos 1"), fr("x", "1BEP", "2z-304"),
		fr("c", "1BEP", "Condor Force"), fr("art", "2/4RAC", "0112"), fr("y", "1BEP", "0112"))
	p := g.Position(bd)
	off := p.BoxMoves("308-80", BoxMoveOpts{})
	if !slices.Contains(off, "1z-304") || !slices.Contains(off, "2z-304") || !slices.Contains(off, "3601") || !slices.Contains(off, "I0101") {
		t.Errorf("2.1-A: from the Off-Map Box to Sector 304's boxes and any Map Edge Hex: %v", off)
	}
	for _, pl := range p.BoxMoves("PL-PL", BoxMoveOpts{}) {
		if b := g.boxes[pl]; b == nil || !b.Laos {
			t.Errorf("2.1-A: the Pathet Lao leaves Laos to %s", pl)
		}
	}
	fx := p.BoxMoves("x", BoxMoveOpts{})
	if !slices.Contains(fx, "0112") || slices.Contains(fx, "3601") || !slices.Contains(fx, "Laos 2") {
		t.Errorf("6.2-B: from 2z-304 to edge hexes not in a Trench Zone and adjacent boxes: %v", fx)
	}
	if m := p.BoxMoves("c", BoxMoveOpts{}); len(m) != 0 {
		t.Errorf("6.2-B: the Condor Force moves before 24 April: %v", m)
	}
	if m := p.BoxMoves("c", BoxMoveOpts{CondorReleased: true}); !slices.Equal(m, []string{"Laos 1"}) {
		t.Errorf("6.2-B: Condor to Laos 1: %v", m)
	}
	if m := p.BoxMoves("art", BoxMoveOpts{}); len(m) != 0 {
		t.Errorf("6.2-B: artillery has no Box Move: %v", m)
	}
	if m := p.BoxMoves("y", BoxMoveOpts{}); !slices.Equal(m, []string{"2z-304"}) {
		t.Errorf("6.2-B: an edge hex not in a Trench Zone to 2z-304: %v", m)
	}
}

func TestRule4_2_8_2_AfterCombatMoves(t *testing.T) {
	g, bd := geoFixture(t, fr("x", "1BEP", "1912"))
	p := g.Position(bd)
	if p.Entrenched("x") {
		t.Fatal("fixture: 1912 must be open ground")
	}
	moves := p.AfterCombatMoves("x")
	if len(moves) == 0 {
		t.Fatal("8.2: no After-Combat Move")
	}
	for _, m := range moves {
		_, h := g.Locate(m.To)
		if h.Strong == "" && !h.Outpost {
			t.Errorf("8.2: %s is not a place France is entrenched in", m.To)
		}
		if m.Alt == 1 && g.Distance("1912", m.To) != 1 || m.Alt == 3 && (!h.Supply || h.Strong == "") {
			t.Errorf("8.2: %+v", m)
		}
	}
	// Junon (1812) is next to 1912: Alt 1
	if i := slices.IndexFunc(moves, func(m AfterMove) bool { return m.To == "1812" }); i < 0 || moves[i].Alt != 1 {
		t.Errorf("8.2 Alt 1 into Junon: %+v", moves)
	}
	// an entrenched unit may not move
	bd.Units = []Unit{fr("x", "1BEP", "1812")}
	if m := g.Position(bd).AfterCombatMoves("x"); m != nil {
		t.Errorf("8.2: an entrenched unit moved: %+v", m)
	}
	// the VM ends entrenched in a Trench Zone hex or a strongpoint not
	// French: Junon under a VM flag is one, the French strongpoints none
	bd.Units = []Unit{vmU("308-80", "308", "1912")}
	bd.Flags["JUN"] = "VM"
	vm := g.Position(bd).AfterCombatMoves("308-80")
	if i := slices.IndexFunc(vm, func(m AfterMove) bool { return m.To == "1812" }); i < 0 || vm[i].Alt != 1 {
		t.Errorf("4.2 Alt 1 into VM-held Junon: %+v", vm)
	}
	for _, m := range vm {
		_, h := g.Locate(m.To)
		french := h.Strong != "" && bd.Flags[h.Strong] != "VM"
		if h.Strong == "" && !g.Position(bd).TrenchZone(m.To) && !g.Position(bd).DigZone(m.To) || french || m.Alt == 3 {
			t.Errorf("4.2: %+v", m)
		}
	}
}

func TestRule4_3B_8_3B_ShakenNow(t *testing.T) {
	g, bd := geoFixture(t, fr("x", "1BEP", "1912"), fr("j", "1BEP", "1812"), vmU("308-80", "308", "1913"))
	p := g.Position(bd)
	if got := p.ShakenNow("French"); !slices.Equal(got, []string{"x"}) {
		t.Errorf("8.3-B: %v, want x (j is entrenched in Junon)", got)
	}
	if p.Entrenched("308-80") {
		t.Fatal("fixture: 1913 must be open ground for the VM")
	}
	if got := p.ShakenNow("VM"); !slices.Equal(got, []string{"308-80"}) {
		t.Errorf("4.3-B: %v, want 308-80 in the open next to France", got)
	}
}

func TestRule2_4A_WireBreachPlaces(t *testing.T) {
	g, bd := geoFixture(t, vmU("308-80", "308", "1913"), fr("x", "1BEP", "1912"))
	p := g.Position(bd)
	bp := p.BreachPlaces("308-80")
	if len(bp) == 0 || bp[0] != "1913" {
		t.Fatalf("2.4-A: on the unit first: %v", bp)
	}
	for _, pl := range bp[1:] {
		_, h := g.Locate(pl)
		if pl == "1912" || h.Supply || h.Strong != "" && p.Control(h.Strong) == "French" || g.Distance(pl, "1913") != 1 {
			t.Errorf("2.4-A: %s", pl)
		}
	}
	// a unit ringed by France has no VM LoC: no marker
	bd.Units = []Unit{vmU("308-80", "308", "1812")}
	for k, h := range g.Neighbors("1812") {
		bd.Units = append(bd.Units, fr("f"+string(rune('a'+k)), "1BEP", h))
	}
	if bp := g.Position(bd).BreachPlaces("308-80"); bp != nil {
		t.Errorf("2.4-A: a unit out of VM LoC: %v", bp)
	}
}

func TestRule2_3_CommandoHexes(t *testing.T) {
	g, bd := geoFixture(t, fr("x", "1BEP", "3502"))
	for _, pl := range g.Position(bd).CommandoHexes("x") {
		p := g.Position(bd)
		if !p.TrenchZone(pl) && !p.DigZone(pl) && !g.MapEdge(pl) {
			t.Errorf("2.3: %s is neither a Trench/Dig Zone nor a Map Edge Hex", pl)
		}
	}
	if len(g.Position(bd).CommandoHexes("x")) != 6 {
		t.Errorf("2.3: 3502's six neighbours are all in 1z-308 or on the edge")
	}
}

func TestRule3_3_ReactionEligible(t *testing.T) {
	g, bd := geoFixture(t, fr("x", "1BEP", "1912"), fr("a", "2/4RAC", "1712"), fr("s", "1BEP", "1711"), vmU("308-80", "308", "1913"))
	bd.Shaken["s"] = true
	p := g.Position(bd)
	if p.ReactionEligible("x") || p.ReactionEligible("a") || p.ReactionEligible("s") {
		t.Errorf("3.3: adjacent to the VM, artillery, shaken: none may react")
	}
	bd.Units = bd.Units[:3]
	bd.Shaken = nil
	if !g.Position(bd).ReactionEligible("x") {
		t.Errorf("3.3: an infantry company in the clear may react")
	}
}

func TestRule5_4D_8_1A_SupplyHexes(t *testing.T) {
	g, bd := geoFixture(t)
	all := g.Position(bd).SupplyHexes("dbp", false)
	if len(all) == 0 {
		t.Fatal("no Supply Area hex")
	}
	bd.Units = []Unit{vmU("308-80", "308", all[0])}
	p := g.Position(bd)
	if slices.Contains(p.SupplyHexes("dbp", false), all[0]) {
		t.Errorf("5.4-D: a hex with a VM unit")
	}
	for _, pl := range p.SupplyHexes("dbp", true) {
		if p.EnemyZoC("French", pl) {
			t.Errorf("8.1-A: %s in VM ZoC", pl)
		}
	}
	bd.IsabelleGone = true
	if g.Position(bd).SupplyHexes("isabelle", false) != nil {
		t.Errorf("8.1-B: no French unit may enter Isabelle")
	}
}

func TestRule3_6C_7_5_SupportAdvances(t *testing.T) {
	g, _ := geoFixture(t)
	def := "1812"
	n := g.Neighbors(def)
	// the VM assaulted from n[0] and advanced into def; a supporter at
	// n[1] advances one hex to a hex next to def, never into n[0]
	g, bd := geoFixture(t, vmU("308-80", "308", def), vmU("308-84", "308", n[1]))
	va := g.Position(bd).SupportAdvances("308-84", def, n[0])
	if len(va) == 0 {
		t.Errorf("3.6-C: the supporter has nowhere to advance")
	}
	for _, pl := range va {
		if g.Distance(pl, def) != 1 || pl == n[0] || g.Distance(pl, n[1]) != 1 {
			t.Errorf("3.6-C: %s", pl)
		}
	}
	// France: in or adjacent to the defending hex
	bd.Units = []Unit{fr("a", "1BEP", def), fr("s", "1BEP", n[1])}
	adv := g.Position(bd).SupportAdvances("s", def, n[0])
	if !slices.Contains(adv, def) {
		t.Errorf("7.5: a French supporter may advance into the defending hex: %v", adv)
	}
}

func TestRule2_4B_ForeignUnits(t *testing.T) {
	g, _ := geoFixture(t)
	var in308, in312 string
	for _, h := range g.D.Map.DBP.Hexes() {
		if h.Sector == "308" && in308 == "" {
			in308 = h.ID
		}
		if h.Sector == "312" && in312 == "" {
			in312 = h.ID
		}
	}
	g, bd := geoFixture(t, vmU("312-141", "312", in308), vmU("148-148-1", "148", "2z-304"),
		vmU("316-98", "316", "1z-304"), vmU("312-165", "312", in312))
	p := g.Position(bd)
	if got := p.ForeignUnits("308"); !slices.Equal(got, []string{"312-141"}) {
		t.Errorf("2.4-B: %v", got)
	}
	if got := p.ForeignUnits("304"); !slices.Equal(got, []string{"316-98"}) {
		t.Errorf("2.4-B: the 148th counts as 304's; 304's boxes are in its sector: %v", got)
	}
}

func TestRule3_6C_RetreatIntoDefendingHex(t *testing.T) {
	g, _ := geoFixture(t)
	n := g.Neighbors("1812")
	g, bd := geoFixture(t, fr("x", "1BEP", "1812"))
	bd.Assaults = []BoardAssault{{Unit: "308-80", Target: n[2], Marker: "assault"}}
	for _, r := range g.Position(bd).Retreats("x") {
		if r.Defending != (r.To == n[2]) {
			t.Errorf("3.6-C: %+v", r)
		}
	}
}
