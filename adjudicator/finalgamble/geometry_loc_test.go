package finalgamble

import (
	"slices"
	"testing"
)

func TestRule1_9A_EnemyControlledStrongpointBlocksLoC(t *testing.T) {
	g, bd := geoFixture(t)
	// Anne-Marie's hexes: in French LoC on an empty board, not under a VM flag
	sp := g.D.Map.DBP.Strongpoint("AM")
	p := g.Position(bd)
	for _, h := range sp.Hexes {
		if !p.LoC("French").Place(h) {
			t.Fatalf("%s: not in French LoC on an empty board", h)
		}
	}
	bd.Flags["AM"] = "VM"
	p = g.Position(bd)
	for _, h := range sp.Hexes {
		if p.LoC("French").Place(h) {
			t.Errorf("1.9-A: unoccupied %s of a VM-controlled strongpoint in French LoC", h)
		}
	}
	// "Your LoC may include any hex that is occupied by your unit"
	bd.Units = []Unit{fr("x", "1BEP", sp.Hexes[0])}
	if !g.Position(bd).LoC("French").Unit("x") {
		t.Errorf("1.9-A: a French unit in a VM strongpoint with open ground behind it has no LoC")
	}
}

func TestRule1_9C_TrenchZoneBlocksDigZoneAllows(t *testing.T) {
	g, bd := geoFixture(t)
	var z2 string
	for _, h := range g.D.Map.DBP.Hexes() {
		if h.Sector == "308" && h.Zone == 2 && h.Strong == "" {
			z2 = h.ID
			break
		}
	}
	bd.Trench["308"] = 2
	if g.Position(bd).LoC("French").Place(z2) {
		t.Errorf("1.9-C: %s in a Trench Zone is in French LoC", z2)
	}
	bd.Trench["308"], bd.Dig["308"] = 1, 2
	if !g.Position(bd).LoC("French").Place(z2) {
		t.Errorf("1.9-C: %s in a Dig Zone may be in French LoC", z2)
	}
	if !g.Position(bd).LoC("VM").Place(z2) {
		t.Errorf("1.9-B: an empty board's hex is in VM LoC")
	}
}

func TestRule1_9C_IsabelleAndDBPThrough2z304(t *testing.T) {
	// 0112: a DBP Map Edge Hex of zone 4, not a Trench Zone in scenario A
	edge := "0112"
	isab := "I0808"
	g, bd := geoFixture(t, fr("x", "1BEP", edge))
	p := g.Position(bd)
	if !p.LoC("French").To("isabelle").Place(isab) {
		t.Fatalf("%s: not in LoC to Isabelle's own Supply Area", isab)
	}
	if !p.LoC("French").To("isabelle").Place("2z-304") {
		t.Errorf("1.9-C: Isabelle's LoC reaches its edge and 2z-304 (304's trench at zone 1)")
	}
	if !p.LoC("French").To("isabelle").Unit("x") {
		t.Errorf("1.9-C note: a French unit on a DBP edge hex traces to Isabelle's Supply Area through 2z-304")
	}
	bd.Trench["304"] = 2
	p = g.Position(bd)
	if p.LoC("French").To("isabelle").Place("2z-304") || p.LoC("French").To("isabelle").Unit("x") {
		t.Errorf("1.9-C: not through 2z-304 as a Trench Zone")
	}
	// F32: a box with enemy units and none of the side's blocks
	bd.Trench["304"] = 1
	bd.Units = append(bd.Units, vmU("304-57", "304", "2z-304"))
	if g.Position(bd).LoC("French").To("isabelle").Unit("x") {
		t.Errorf("F32: French LoC passed 2z-304 held by the VM alone")
	}
	bd.Units = append(bd.Units, fr("y", "1BEP", "2z-304"))
	if !g.Position(bd).LoC("French").To("isabelle").Unit("x") {
		t.Errorf("F32: a box with the side's own unit passes")
	}
}

// loneStrong is a one-hex DBP strongpoint off the map edge and outside
// the Supply Area.
func loneStrong(t *testing.T, g *Geo) (string, string) {
	t.Helper()
	for _, s := range g.D.Map.DBP.Strongs {
		if len(s.Hexes) != 1 {
			continue
		}
		if _, h := g.Locate(s.Hexes[0]); !h.Supply && !h.Edge {
			return s.Code, s.Hexes[0]
		}
	}
	t.Fatal("no one-hex strongpoint outside the Supply Area")
	return "", ""
}

func TestRule4_4_IsolatedStrongpointAndUnit(t *testing.T) {
	g, _ := geoFixture(t)
	code, hex := loneStrong(t, g)
	var units []Unit
	for i, n := range g.Neighbors(hex) {
		units = append(units, vmU("308-"+string(rune('a'+i)), "308", n))
	}
	g, bd := geoFixture(t, units...)
	p := g.Position(bd)
	_, sps := p.Isolated("French")
	if !slices.Contains(sps, code) {
		t.Errorf("4.4: %s ringed by the VM is not isolated: %v", code, sps)
	}
	// a strongpoint in the Supply Area is never isolated (4.4), even ringed
	var inSupply Strongpt
	for _, s := range g.D.Map.DBP.Strongs {
		if _, h := g.Locate(s.Hexes[0]); h.Supply && len(s.Hexes) == 1 {
			inSupply = s
			break
		}
	}
	units = nil
	for i, n := range g.Neighbors(inSupply.Hexes[0]) {
		units = append(units, vmU("308-"+string(rune('a'+i)), "308", n))
	}
	bd.Units = units
	if _, sps := g.Position(bd).Isolated("French"); slices.Contains(sps, inSupply.Code) {
		t.Errorf("4.4: %s in the Supply Area isolated", inSupply.Code)
	}
}

func TestRule1_4D_ControlChangesAtSegmentEnd(t *testing.T) {
	g, bd := geoFixture(t, vmU("308-80", "308", "2509")) // H7, one hex
	ch := g.Position(bd).ControlChanges()
	if len(ch) != 1 || ch[0].Code != "H7" || ch[0].To != "VM" || ch[0].Points != 1 {
		t.Fatalf("1.4-D: %+v, want H7 to the VM, 1 point", ch)
	}
	// France still present in the strongpoint: no change
	bd.Units = []Unit{vmU("308-80", "308", "2407"), fr("x", "1BEP", "2508")}
	for _, c := range g.Position(bd).ControlChanges() {
		if c.Code == "AM" {
			t.Errorf("1.4-D: Anne-Marie changed hands with a French unit in it")
		}
	}
	// France retakes a VM strongpoint
	bd.Units = []Unit{fr("x", "1BEP", "2407")}
	bd.Flags["AM"] = "VM"
	ch = g.Position(bd).ControlChanges()
	if len(ch) != 1 || ch[0].To != "French" || ch[0].Points != 3 {
		t.Errorf("1.4-D: %+v, want Anne-Marie back to France, 3 points", ch)
	}
}

func TestRule1_4H_OutpostDisappearsInTrenchZone(t *testing.T) {
	g, bd := geoFixture(t)
	o := g.D.Map.DBP.Outposts[0]
	_, h := g.Locate(o)
	bd.Trench[h.Sector] = h.Zone
	ch := g.Position(bd).ControlChanges()
	found := false
	for _, c := range ch {
		if c.Code == o && c.To == "gone" {
			found = true
		}
	}
	if !found {
		t.Errorf("1.4-H: outpost %s in a Trench Zone with no French unit stays: %+v", o, ch)
	}
	bd.Units = []Unit{fr("x", "1BEP", o)}
	for _, c := range g.Position(bd).ControlChanges() {
		if c.Code == o {
			t.Errorf("1.4-H: an outpost held by France disappeared")
		}
	}
	if !g.Position(bd).Entrenched("x") {
		t.Errorf("1.4-I: France is entrenched in an existing outpost")
	}
	bd.OutpostsGone = []string{o}
	if g.Position(bd).Entrenched("x") {
		t.Errorf("1.4-I: no entrenchment in an outpost that is gone")
	}
}

func TestRule2_2A_6_3A_RangeFromAHill(t *testing.T) {
	g, _ := geoFixture(t)
	var hill, flat string
	for _, h := range g.D.Map.DBP.Hexes() {
		if h.Hill != "" && hill == "" && h.Row > 5 && h.Row < 30 && h.Col > 5 && h.Col < 20 {
			hill = h.ID
		}
		if h.Hill == "" && flat == "" && h.Row > 5 && h.Row < 30 && h.Col > 5 && h.Col < 20 {
			flat = h.ID
		}
	}
	at := func(from string, d int) string {
		for _, h := range g.D.Map.DBP.Hexes() {
			if g.Distance(from, h.ID) == d {
				return h.ID
			}
		}
		return ""
	}
	g, bd := geoFixture(t, vmU("308-80", "308", hill))
	p := g.Position(bd)
	if !p.InRange("VM", at(hill, 3)) || p.InRange("VM", at(hill, 4)) {
		t.Errorf("2.2-A: a VM unit on a hill reaches 3 hexes, not 4")
	}
	bd.Units = []Unit{fr("x", "1BEP", flat)}
	p = g.Position(bd)
	if !p.InRange("French", at(flat, 2)) || p.InRange("French", at(flat, 3)) {
		t.Errorf("6.3-A: a French unit off the hills reaches 2 hexes, not 3")
	}
	if p.InRange("French", "2z-304") {
		t.Errorf("6.3-A: a Sector 304 box is long range")
	}
	bd.Units = append(bd.Units, fr("y", "1BEP", "2z-304"))
	if !g.Position(bd).InRange("French", "2z-304") {
		t.Errorf("6.3-A: normal range in 2z-304 with a French unit there")
	}
}

func TestRule3_6C_RetreatChoices(t *testing.T) {
	g, _ := geoFixture(t)
	center := "1812" // Junon, not on an edge
	n := g.Neighbors(center)
	// free: every neighbour without an enemy
	g, bd := geoFixture(t, fr("x", "1BEP", center), vmU("308-80", "308", n[0]))
	rs := g.Position(bd).Retreats("x")
	if len(rs) != 5 {
		t.Errorf("3.6-C: %d retreats, want the 5 hexes without the VM unit", len(rs))
	}
	for _, r := range rs {
		if r.To == n[0] || r.Eliminated {
			t.Errorf("3.6-C: %+v", r)
		}
	}
	// artillery is eliminated
	bd.Units = []Unit{fr("a", "2/4RAC", center)}
	if rs := g.Position(bd).Retreats("a"); len(rs) != 1 || !rs[0].Eliminated {
		t.Errorf("3.6-C: an Artillery unit that retreats is eliminated: %+v", rs)
	}
	// full friendly stacks all round but one VM: continue to the first eligible hex
	bd.Units = []Unit{fr("x", "1BEP", center), vmU("308-80", "308", n[0])}
	for k, h := range n[1:] {
		for j := 0; j < 3; j++ {
			bd.Units = append(bd.Units, fr("s"+string(rune('a'+k))+string(rune('0'+j)), "2BEP", h))
		}
	}
	rs = g.Position(bd).Retreats("x")
	if len(rs) == 0 {
		t.Fatal("no retreat")
	}
	for _, r := range rs {
		if r.Eliminated || len(r.Path) != 2 || g.Distance(center, r.To) != 2 {
			t.Errorf("1.6/3.6-C: through a full stack to the first eligible hex: %+v", r)
		}
	}
	// ringed by the VM: onto a VM unit, eliminated
	bd.Units = []Unit{fr("x", "1BEP", center)}
	for k, h := range n {
		bd.Units = append(bd.Units, vmU("308-"+string(rune('a'+k)), "308", h))
	}
	if rs := g.Position(bd).Retreats("x"); len(rs) != 1 || !rs[0].Eliminated {
		t.Errorf("3.6-C: ringed by the VM, eliminated: %+v", rs)
	}
	// 7.5: a VM unit ringed by French units is eliminated too
	bd.Units = []Unit{vmU("308-80", "308", center)}
	for k, h := range n {
		bd.Units = append(bd.Units, fr("f"+string(rune('a'+k)), "1BEP", h))
	}
	if rs := g.Position(bd).Retreats("308-80"); len(rs) != 1 || !rs[0].Eliminated {
		t.Errorf("7.5: ringed by France, eliminated: %+v", rs)
	}
}

func TestRule3_6C_7_5_AcrossTheMapEdge(t *testing.T) {
	g, _ := geoFixture(t)
	edge := "0112" // south edge, zone 1 of its sector
	var units []Unit
	units = append(units, vmU("308-80", "308", edge))
	for k, h := range g.Neighbors(edge) {
		units = append(units, fr("f"+string(rune('a'+k)), "1BEP", h), fr("g"+string(rune('a'+k)), "1BEP", h), fr("h"+string(rune('a'+k)), "1BEP", h))
	}
	g, bd := geoFixture(t, units...)
	// the VM unit's neighbours all French: across the edge to the closest
	// eligible Trench Zone edge hex (7.5)
	rs := g.Position(bd).Retreats("308-80")
	if len(rs) == 0 || !rs[0].Edge {
		t.Fatalf("7.5: %+v, want the closest edge hexes", rs)
	}
	d := g.Distance(edge, rs[0].To)
	for _, r := range rs {
		if g.Distance(edge, r.To) != d || !g.MapEdge(r.To) {
			t.Errorf("F34: tied closest edge hexes only: %+v", r)
		}
	}
	if !slices.IsSortedFunc(rs, func(a, b Retreat) int {
		if a.To < b.To {
			return -1
		}
		return 1
	}) {
		t.Errorf("F34: ties by id")
	}
	// France on 0112 (zone 4, no Trench Zone in scenario A): the closest
	// edge hexes not in a Trench Zone, tied 0110 and 0114 (F34)
	bd.Units = []Unit{fr("x", "1BEP", edge)}
	for k, h := range g.Neighbors(edge) {
		bd.Units = append(bd.Units, vmU("308-"+string(rune('a'+k)), "308", h))
	}
	rs = g.Position(bd).Retreats("x")
	if len(rs) != 2 || rs[0].To != "0110" || rs[1].To != "0114" {
		t.Errorf("3.6-C: %+v, want 0110 and 0114 tied", rs)
	}
	// from a Trench Zone edge hex (3601, zone 1): eliminated
	bd.Units = []Unit{fr("x", "1BEP", "3601")}
	for k, h := range g.Neighbors("3601") {
		bd.Units = append(bd.Units, vmU("308-"+string(rune('a'+k)), "308", h))
	}
	if rs := g.Position(bd).Retreats("x"); len(rs) != 1 || !rs[0].Eliminated {
		t.Errorf("3.6-C: across the edge from a Trench Zone: eliminated: %+v", rs)
	}
}

func TestRule2_4B_Zone1(t *testing.T) {
	g, bd := geoFixture(t, vmU("308-80", "308", "1812"), vmU("148-148-1", "148", "1813"))
	p := g.Position(bd)
	z := p.Zone1("308-80")
	if len(z) == 0 {
		t.Fatal("no Zone 1 hex")
	}
	for _, pl := range z {
		if _, h := g.Locate(pl); h.Sector != "308" || h.Zone != 1 {
			t.Errorf("2.4-B: %s is not in 1z-308", pl)
		}
	}
	if z := p.Zone1("148-148-1"); len(z) != 1 || z[0] != "1z-304" {
		t.Errorf("2.4-B: the 148th goes to 304's Zone 1, the 1z-304 box: %v", z)
	}
	// every Zone 1 hex taken: the Off-Map Box (F36)
	var units []Unit
	units = append(units, vmU("308-80", "308", "1812"))
	for _, h := range g.D.Map.DBP.Hexes() {
		if h.Sector == "308" && h.Zone == 1 {
			units = append(units, fr("f"+h.ID, "1BEP", h.ID))
		}
	}
	bd.Units = units
	if z := g.Position(bd).Zone1("308-80"); len(z) != 1 || z[0] != "VM Off-Map" {
		t.Errorf("F36: %v", z)
	}
}

func TestRule8_5_Digging(t *testing.T) {
	d := mustDefault(t)
	g := GeoOf(d)
	// scenario C: 5z-308 a Dig Zone with French-held strongpoints or
	// outposts in the sector's Trench/Dig Zones: no flip, no move
	b := BoardOf(d.Setups["C"])
	p := g.Position(b)
	dg := p.Digging("308", false)
	if !p.frenchHeldIn("308", func(z int) bool { return z <= 5 }) {
		t.Fatal("fixture: the map holds no French strongpoint in 5z-308")
	}
	if dg.Flip || dg.Move {
		t.Errorf("8.5-A: %+v, want neither a flip nor a move", dg)
	}
	// an empty board: 308's marker at 1 moves to 2, as Trench or Dig
	_, bd := geoFixture(t)
	dg = g.Position(bd).Digging("308", false)
	want := g.Position(bd).frenchHeldIn("308", func(z int) bool { return z == 2 })
	if !dg.Move || dg.Zone != 2 || dg.ToDig != want {
		t.Errorf("8.5-B: %+v", dg)
	}
	if dg := g.Position(bd).Digging("304", true); dg.Move {
		t.Errorf("8.1-B: 304's Trench Marker moves no more after Isabelle's surrender")
	}
}

func TestRule3_5A_DefenseStrength(t *testing.T) {
	g, _ := geoFixture(t)
	// a French 1BEP company in Junon (1812) with a full tank, assaulted
	// from a neighbour
	n := g.Neighbors("1812")
	g, bd := geoFixture(t, fr("1BEP-1", "1BEP", "1812"), fr("1RCC-1", "1RCC", "1812"), vmU("308-80", "308", n[0]),
		fr("1BEP-2", "1BEP", g.Neighbors(n[0])[0]))
	if g.Neighbors(n[0])[0] == "1812" {
		t.Fatal("fixture: the supporter must not touch the defender")
	}
	bd.DivisionMorale = map[string]int{"308": 0}
	p := g.Position(bd)
	s := p.DefenseStrength("1BEP-1", "308-80", 2)
	want := p.UnitStrength("1BEP-1") + len(p.Obstacles("VM", n[0], "1812")) + 2 /*tank*/ + 2 /*intense*/
	if p.adjacentTo(p.Unit("1BEP-2"), p.Unit("308-80")) {
		want++
	}
	if p.Entrenched("308-80") {
		want -= 2
	}
	if s.Total != want {
		t.Errorf("3.5-A: %+v, want %d", s, want)
	}
	bd.Period = "monsoon"
	bd.Shaken["1BEP-1"] = true
	p = g.Position(bd)
	if s2 := p.DefenseStrength("1BEP-1", "308-80", 2); s2.Total != want-1-2 {
		t.Errorf("3.5-A: the tank's +1 in Monsoon and -2 shaken: %+v, want %d", s2, want-3)
	}
}

func TestRule3_6A_AssaultStrength(t *testing.T) {
	g, _ := geoFixture(t)
	def := "1812" // Junon: a strongpoint, France entrenched
	n := g.Neighbors(def)
	g, bd := geoFixture(t, fr("1BEP-1", "1BEP", def), vmU("308-80", "308", n[0]), vmU("308-84", "308", n[1]), vmU("308-23", "308", n[2]))
	p := g.Position(bd)
	s := p.AssaultStrength("308-80", "1BEP-1", true, false)
	// 308-84 is of the 36th (80, 84, 89): +1; 308-23 of the 88th: none;
	// Support Mortars +1; entrenched in a strongpoint -2
	if s.Total != p.UnitStrength("308-80")+1+1-2 {
		t.Errorf("3.6-A: %+v", s)
	}
	bd.Assaults = []BoardAssault{{Unit: "308-84", Target: def, Marker: "abort"}}
	if s := g.Position(bd).AssaultStrength("308-80", "1BEP-1", false, false); s.Total != p.UnitStrength("308-80")-2 {
		t.Errorf("3.6-A: a supporter with an Abort Marker gives nothing: %+v", s)
	}
}

func TestRule3_5A_ArtilleryAloneDefendsAt2(t *testing.T) {
	g, _ := geoFixture(t)
	n := g.Neighbors("1812")
	g, bd := geoFixture(t, fr("a", "2/4RAC", "1812"), vmU("308-80", "308", n[0]))
	bd.DivisionMorale = map[string]int{}
	p := g.Position(bd)
	obst := len(p.Obstacles("VM", n[0], "1812"))
	ent := 0
	if p.Entrenched("308-80") {
		ent = -2
	}
	if s := p.DefenseStrength("a", "308-80", 0); s.Base != 2 || s.Total != 2+obst+ent {
		t.Errorf("3.5-A: %+v, want 2 and its modifiers", s)
	}
	bd.Units[0].Reduced = true
	if s := g.Position(bd).DefenseStrength("a", "308-80", 0); s.Base != 1 {
		t.Errorf("3.5-A: reduced artillery defends at 1: %+v", s)
	}
}

func TestRule7_4A_VMDefenseStrength(t *testing.T) {
	g, _ := geoFixture(t)
	def := "1912"
	n := g.Neighbors(def)
	// a French unit assaults 308-80 from n[0]; 308-84 (same regiment) next
	// to n[0] supports, 308-23 (another regiment) does not
	var sups []string
	for _, h := range g.Neighbors(n[0]) {
		if h != def {
			sups = append(sups, h)
		}
	}
	g, bd := geoFixture(t, vmU("308-80", "308", def), fr("1BEP-1", "1BEP", n[0]), vmU("308-84", "308", sups[0]), vmU("308-23", "308", sups[1]))
	bd.DivisionMorale = map[string]int{}
	p := g.Position(bd)
	base := p.UnitStrength("308-80")
	obst := len(p.Obstacles("French", n[0], def))
	want := base + obst + 1
	if s := p.DefenseStrength("308-80", "1BEP-1", 1); s.Total != want {
		t.Errorf("7.4-A: %+v, want %d (no barrage modifier for the VM, 7.3)", s, want)
	}
	bd.Shaken["308-84"] = true
	bd.Shaken["308-80"] = true
	if s := g.Position(bd).DefenseStrength("308-80", "1BEP-1", 1); s.Total != base+obst-2 {
		t.Errorf("7.4-A: a shaken supporter gives nothing, a shaken defender -2: %+v", s)
	}
	bd.Disorg = map[string]bool{"308-80": true}
	if g.Position(bd).UnitStrength("308-80") != g.D.Units.VM.DisorgStrength {
		t.Errorf("1.7-A: a Disorg unit's strength is 5")
	}
}

func TestRule7_5A_FrenchAssaultStrength(t *testing.T) {
	g, _ := geoFixture(t)
	def := "1912"
	n := g.Neighbors(def)
	g, bd := geoFixture(t, vmU("308-80", "308", def), fr("1BEP-1", "1BEP", n[0]), fr("1BEP-2", "1BEP", n[0]), fr("1RCC-1", "1RCC", n[0]),
		fr("2/4RAC-1", "2/4RAC", n[0]), fr("1BEP-3", "1BEP", n[3]))
	bd.DivisionMorale = map[string]int{}
	bd.Period = "rain"
	p := g.Position(bd)
	ent := 0
	if p.Entrenched("308-80") {
		ent = -2
	}
	// stacked: 1BEP-2 +1 (once, F39), the full tank +2 in Rain, not the
	// battery; 1BEP-3 adjacent to the defender +1; Medicine at 0 -3
	want := p.UnitStrength("1BEP-1") + 1 + 2 + 1 + ent - 3
	if s := p.AssaultStrength("1BEP-1", "308-80", false, true); s.Total != want {
		t.Errorf("7.5-A: %+v, want %d", s, want)
	}
	bd.Assaults = []BoardAssault{{Unit: "1BEP-3", Target: "1913", Marker: "assault"}}
	if s := g.Position(bd).AssaultStrength("1BEP-1", "308-80", false, true); s.Total != want-1 {
		t.Errorf("7.5-A: a supporter with a Combat Marker on it gives nothing: %+v", s)
	}
}

func TestRule8_1B_IsabelleSurrenders(t *testing.T) {
	g, bd := geoFixture(t, vmU("304-57", "304", "I0707"), fr("x", "1BEP", "I0101"))
	if g.Position(bd).IsabelleSurrenders() {
		t.Errorf("8.1-B: 2z-304 is no Trench Zone yet")
	}
	bd.Trench["304"] = 2
	if !g.Position(bd).IsabelleSurrenders() {
		t.Errorf("8.1-B, F41: the VM alone in Isabelle's Supply Area with 2z-304 a Trench Zone")
	}
	bd.Units = append(bd.Units, fr("y", "1BEP", "I0706"))
	if g.Position(bd).IsabelleSurrenders() {
		t.Errorf("F41: a French unit still in the Supply Area holds it")
	}
}

func TestStrengthText(t *testing.T) {
	s := Strength{Base: 6}
	s.Total = 6
	s.add(1, "obstacle: river")
	s.add(-2, "the defending unit is shaken")
	if got := s.Text(); got != "6 +1 (obstacle: river) -2 (the defending unit is shaken) = 5" {
		t.Errorf("%q", got)
	}
}

func TestRule1_9_LoCPathAgreesWithLoC(t *testing.T) {
	d := mustDefault(t)
	g := GeoOf(d)
	checked, isolated := 0, 0
	defer func() {
		if checked < 100 {
			t.Errorf("only %d units checked", checked)
		}
		t.Logf("%d units, %d without LoC", checked, isolated)
	}()
	for _, sc := range []string{"A", "C", "D"} {
		b := BoardOf(d.Setups[sc])
		p := g.Position(b)
		for _, side := range []string{"French", "VM"} {
			l := p.LoC(side)
			for _, u := range b.Units {
				if u.Side != side || u.Box != "" {
					continue
				}
				path := p.LoCPath(side, PlaceOf(&u))
				checked++
				if path == nil {
					isolated++
				}
				if (path != nil) != l.Unit(u.ID) {
					t.Errorf("%s %s: LoC %v, path %v", sc, u.ID, l.Unit(u.ID), path)
					continue
				}
				for k := 1; k < len(path); k++ {
					if path[k] != "2z-304" && path[k-1] != "2z-304" && g.Distance(path[k-1], path[k]) != 1 {
						t.Errorf("%s %s: path %v jumps", sc, u.ID, path)
					}
				}
			}
		}
	}
}

func TestRule3_6C_RankRetreatsByStandingPreference(t *testing.T) {
	g, _ := geoFixture(t)
	center := "1912"
	n := g.Neighbors(center)
	g, bd := geoFixture(t, fr("x", "1BEP", center), vmU("308-80", "308", n[0]))
	p := g.Position(bd)
	rs := p.RankRetreats("x", p.Retreats("x"), "supply")
	for k := 1; k < len(rs); k++ {
		if g.SupplyDistance(rs[k-1].To) > g.SupplyDistance(rs[k].To) {
			t.Errorf("supply: %s (%d) before %s (%d)", rs[k-1].To, g.SupplyDistance(rs[k-1].To), rs[k].To, g.SupplyDistance(rs[k].To))
		}
	}
	rs = p.RankRetreats("x", p.Retreats("x"), "safe")
	adj := func(pl string) int {
		c := 0
		for _, m := range g.Neighbors(pl) {
			if m == n[0] {
				c++
			}
		}
		return c
	}
	for k := 1; k < len(rs); k++ {
		if adj(rs[k-1].To) > adj(rs[k].To) {
			t.Errorf("safe: %s next to the VM before %s", rs[k-1].To, rs[k].To)
		}
	}
	if g.EdgeDistance("0112") != 0 || g.EdgeDistance("0212") != 1 || g.SupplyDistance("2z-304") != -1 {
		t.Errorf("EdgeDistance, SupplyDistance")
	}
	rs = []Retreat{{Eliminated: true}, {To: "0212"}, {To: "1912"}}
	if got := p.RankRetreats("x", rs, "edge"); got[0].To != "0212" || !got[2].Eliminated {
		t.Errorf("edge: %+v", got)
	}
}

func TestRule4_1A_8_1A_Attrition(t *testing.T) {
	g, _ := geoFixture(t)
	var supply string
	for _, h := range g.D.Map.DBP.Hexes() {
		if h.Supply {
			supply = h.ID
			break
		}
	}
	code, hex := loneStrong(t, g)
	units := []Unit{fr("x", "1BEP", hex), fr("y", "1BEP", supply), vmU("308-80", "308", "3601")}
	for k, h := range g.Neighbors(hex) {
		units = append(units, vmU("312-"+string(rune('a'+k)), "312", h))
	}
	g, bd := geoFixture(t, units...)
	bd.Isolation = map[string]bool{"x": true, "y": true, code: true, "308-80": true}
	a := g.Position(bd).Attrition("French")
	if !slices.Equal(a.Surrender, []string{"x"}) || !slices.Equal(a.Relieved, []string{"y"}) || !slices.Equal(a.Lost, []string{code}) {
		t.Errorf("8.1-A: %+v: x ringed surrenders, y in the Supply Area is relieved, %s is lost", a, code)
	}
	// the VM unit on the map edge has its LoC (8.4): relieved (4.1-A);
	// the strongpoint is no VM one: not the VM's to lose
	if v := g.Position(bd).Attrition("VM"); !slices.Equal(v.Relieved, []string{"308-80"}) || len(v.Surrender) != 0 || len(v.Lost) != 0 {
		t.Errorf("4.1-A: %+v", v)
	}
	bd.Units = append(bd.Units, vmU("304-57", "304", "Removed"), vmU("304-58", "304", "VM Off-Map"))
	if got := g.Position(bd).DiseaseEligible(); slices.Contains(got, "304-57") || !slices.Contains(got, "304-58") {
		t.Errorf("4.1-B: %v", got)
	}
}
