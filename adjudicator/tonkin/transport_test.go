package tonkin

import (
	"strings"
	"testing"
)

// farHex: a hex of the route at least n hexes from at.
func farHex(r *Rules, rt route, at string, n int) string {
	for i, h := range r.geo.ids {
		if rt.best[i] >= 0 && dist(h, at) >= n && r.hexes[h].Country == "vietnam" {
			return h
		}
	}
	return ""
}

// 5.3, 5.4, 5.8: a truck carries 6 stacking points 14 motorized
// movement points (doubled out of enemy ZOC), for the FEF within 3 hexes
// of a friendly city, for the VM on a road back to a supply center; not
// motorized units; the turn's trucks are counted; a unit carried does
// not move again this phase; in an operation phase it is option a).
func TestRule5_4_TruckTransport(t *testing.T) {
	r := rules(t)
	place := map[string]string{"1/13 DBLE": "0919", "RCC": "0919", "BT 1": "1604"}
	for i, id := range []string{"1/4 RTM", "2/4 RTM", "3/4 RTM", "5 BTA", "1/3 RTA", "2/3 RTA"} {
		_ = i
		place[id] = "0919"
	}
	s := bare(t, r, FEF, place)
	dest := farHex(r, r.truckRoute(s, FEF, "0919"), "0919", 6)
	if dest == "" {
		t.Fatal("no truck destination 6 hexes from Hanoi")
	}
	refused(t, r, s, FEF, "truck RCC "+dest, "5.3, 5.7") // motorized: only the ship
	refused(t, r, s, FEF, "truck BT_1 1605", "5.4 a): FEF units take trucks within 3 hexes of a friendly city")
	s.FEFTrucks = 1
	refused(t, r, s, FEF, "truck 1/4_RTM+2/4_RTM+3/4_RTM+5_BTA+1/3_RTA+2/3_RTA+1/13_DBLE "+dest, "5.8: this load needs 2 truck transport(s) and the FEF has 1 left")
	s, ev := do(t, r, s, FEF, "truck 1/13_DBLE+1/3_RTA "+dest)
	has(t, ev, "5.4 1 truck transport(s): the FEF moves 1/13 DBLE, 1/3 RTA from 0919 to "+dest+" by 1 truck transport(s).")
	if u := s.unit("1/13 DBLE"); u.Loc != dest || !u.Moved || s.FEFTrucks != 0 || s.transUsed("truck") != 1 {
		t.Fatalf("5.4: %+v trucks %d", u, s.FEFTrucks)
	}
	refused(t, r, s, FEF, "move 1/13_DBLE 0919", "has already moved this phase")
	refused(t, r, s, FEF, "truck 1/4_RTM "+dest, "5.8: this load needs 1 truck transport(s) and the FEF has 0 left")
	// 5.3: at most 3 of a kind at a time
	s.FEFTrucks = 10
	s.useTrans("truck", 2)
	refused(t, r, s, FEF, "truck 0919 "+dest, "5.3: up to 3 truck transports at a time (this load needs 1, 3 used)")
	// the VM's, on a road back to a supply center
	v := bare(t, r, VM, map[string]string{"308/36": "1922"})
	v.VMTrucks = 1
	if !r.roadToCenter(v, "1922") {
		t.Skip("Dong Khe has no road to a supply center in this map")
	}
	vd := farHex(r, r.truckRoute(v, VM, "1922"), "1922", 3)
	v, _ = do(t, r, v, VM, "truck 308/36 "+vd)
	if v.unit("308/36").Loc != vd || v.VMTrucks != 0 {
		t.Errorf("5.4 b): %+v", v.unit("308/36"))
	}
	// an operation point
	o := opsState(t, r, FEF, "0919", map[string]string{"1/13 DBLE": "0919"})
	o, ev = do(t, r, o, FEF, "truck 1/13_DBLE "+dest)
	has(t, ev, "6.3 a): the FEF spends an operation point (9 left).")
	if o.OpsFEF != 9 || o.unit("1/13 DBLE").Loc != dest {
		t.Errorf("6.3 a): %d %s", o.OpsFEF, o.unit("1/13 DBLE").Loc)
	}
}

// 5.5: 2 VM foot transports a turn, a supply dump each, 6 VM foot
// movement points; both spent, 2 more for a victory point.
func TestRule5_5_FootTransport(t *testing.T) {
	r := rules(t)
	s := bare(t, r, VM, map[string]string{"VM DR 1": "1319", "42": "1319"})
	refused(t, r, s, VM, "foot 42 1320", "foot transports carry supply dumps only (5.5)")
	refused(t, r, s, FEF, "foot VM_DR_1 1320", "it is not the FEF's turn")
	dest := farHex(r, r.reachFrom(r.moveBoard(s, VM), r.class(r.types[footVM]), "1319", 12, true), "1319", 4)
	if dest == "" {
		t.Fatal("no foot destination")
	}
	refused(t, r, s, VM, "foot VM_DR_1 0101", "5.5: 0101 is beyond 6 VM foot movement points")
	s.VMFoot = 0
	vp := s.VP
	s, ev := do(t, r, s, VM, "foot VM_DR_1 "+dest)
	has(t, ev, "5.5: the VM resets its foot transports: victory points +1", "5.5 foot transport: the VM moves VM DR 1 from 1319 to "+dest)
	if s.VP != vp+1 || s.VMFoot != 1 || s.unit("VM DR 1").Loc != dest {
		t.Errorf("5.5: vp %d foot %d", s.VP, s.VMFoot)
	}
}

// 5.6: air transports carry 3 stacking points between two friendly
// airstrips; airdrops of para units and dumps on hexes with no forest or
// mountain; a dump dropped within 1 hex of the VM drifts onto it on 5-6.
func TestRule5_6_AirTransportAndAirdrop(t *testing.T) {
	r := rules(t)
	s := bare(t, r, FEF, map[string]string{"1 BEP": "0919", "1/13 DBLE": "0919", "1/4 RTM": "0919", "RCC": "0919", "FEF DR 1": "0919", "FEF DR 2": "0919"})
	strip := ""
	for _, u := range r.d.Map.Urban {
		if u.Airstrip && u.Hex != "0919" {
			if n, why := r.airCost(s, "0919", u.Hex, 1); why == "" && n == 1 {
				strip = u.Hex
				break
			}
		}
	}
	refused(t, r, s, FEF, "air RCC "+strip, "motorized")
	air := s.FEFAir
	s, ev := do(t, r, s, FEF, "air 1/13_DBLE "+strip)
	has(t, ev, "5.6 1 air transport(s): the FEF moves 1/13 DBLE from 0919 to "+strip)
	if s.FEFAir != air-1 {
		t.Errorf("5.6: air %d -> %d", air, s.FEFAir)
	}
	// drops
	clear := ""
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if h.Terrain == "clear" && h.Country == "vietnam" && dist(id, "0919") == 3 && !h.Coastal {
			if _, urb := r.urbanHex[id]; !urb {
				clear = id
				break
			}
		}
	}
	forest := ""
	for _, id := range r.geo.ids {
		if tt := r.hexes[id].Terrain; (tt == "forest" || tt == "rough-forest" || tt == "mountain") && r.hexes[id].Country == "vietnam" && !r.enemyAt(s, FEF, id) {
			forest = id
			break
		}
	}
	refused(t, r, s, FEF, "drop 1 BEP "+clear, "usage")
	refused(t, r, s, FEF, "drop 1/4_RTM "+clear, "is not airborne")
	refused(t, r, s, FEF, "drop 1_BEP "+forest, "5.6: airdrops go to a hex with no forest or mountain")
	s, ev = do(t, r, s, FEF, "drop 1_BEP "+clear)
	has(t, ev, "the FEF airdrops 1 BEP from 0919 to "+clear)
	// a dump near a VM unit: 5-6 drifts onto the VM stack, captured
	nb := r.neighbors(clear)[0]
	s.unit("42").Loc = nb
	vp, eq := s.VP, s.VMEquipH
	s2, ev := do(t, r, s, FEF, "drop FEF_DR_1 "+clear, 4)
	has(t, ev, "roll 4, it lands at "+clear)
	if s2.unit("FEF DR 1").Loc != clear {
		t.Error("5.6: the dump should have landed")
	}
	s, ev = do(t, r, s, FEF, "drop FEF_DR_1 "+clear, 5)
	has(t, ev, "roll 5, it drifts onto the VM stack at "+nb, "3.6: the VM captures the FEF's supply dump FEF DR 1")
	if s.VP != vp-1 || s.VMEquipH != eq+4 || s.unit("FEF DR 1").Loc != LocDead {
		t.Errorf("5.6 drift: vp %d equipment %d loc %s", s.VP, s.VMEquipH, s.unit("FEF DR 1").Loc)
	}
	refused(t, r, s, FEF, "drop FEF_DR_2 "+nb, "6.4: an airdrop onto a VM unit is an overrun")
}

// 5.7: the ship carries 3 stacking points (motorized too) between two
// friendly harbors once a movement phase; a Dinassaut carries 3 stacking
// points of its hex along the river and coast.
func TestRule5_7_ShipAndRiverTransport(t *testing.T) {
	r := rules(t)
	s := bare(t, r, FEF, map[string]string{"RCC": "0823", "23 RIC": "0823", "DNA 1": "0823", "43 RIC": "0823", "1/13 DBLE": "0823"})
	refused(t, r, s, FEF, "ship 0823 0919", "5.7: the ship carries 3 stacking points")
	refused(t, r, s, FEF, "ship RCC 1118", "5.7: the ship carries between two friendly harbors")
	s, ev := do(t, r, s, FEF, "ship RCC 0919")
	has(t, ev, "5.7 the ship transport: the FEF moves RCC from 0823 to 0919")
	refused(t, r, s, FEF, "ship 23_RIC 0919", "5.7: the ship transport sails once a movement phase")
	rt := r.reach(r.moveBoard(s, FEF), s.unit("DNA 1"))
	dest := farHex(r, rt, "0823", 3)
	if dest == "" {
		t.Fatal("no river destination")
	}
	refused(t, r, s, FEF, "river DNA_1 23_RIC+43_RIC+1/13_DBLE+RCC "+dest, "")
	s, ev = do(t, r, s, FEF, "river DNA_1 23_RIC+43_RIC "+dest)
	has(t, ev, "5.7 river transport: the FEF moves DNA 1, 23 RIC, 43 RIC from 0823 to "+dest)
	if s.unit("23 RIC").Loc != dest || s.unit("DNA 1").Loc != dest {
		t.Error("5.7: not carried")
	}
	if strings.Contains(ev, "VM") {
		t.Error(ev)
	}
}

// 5.4 and the hidden counters (RULINGS T15, T41): a hidden counter
// carried by truck is told to the FEF as a hidden counter, whether it is
// a VM-group or a dummy.
func TestRule5_4_TransportNonInterference(t *testing.T) {
	r := rules(t)
	grp := idOf(t, r, "VMG")
	mk := func(dummy bool) *State {
		s := bare(t, r, VM, map[string]string{grp: "1922", "308/36": "1922"})
		s.VMTrucks = 1
		if dummy {
			s.unit(grp).Type, s.unit(grp).Steps = "DUMMY", 0
		}
		return s
	}
	x, y := mk(false), mk(true)
	if r.Opaque("1922") || !r.roadToCenter(x, "1922") {
		t.Skip("Dong Khe is in forest or off the road")
	}
	dest := farHex(r, r.truckRoute(x, VM, "1922"), "1922", 3)
	x, fx, _ := pub(t, r, x, VM, "truck "+token(grp)+" "+dest)
	y, fy, _ := pub(t, r, y, VM, "truck "+token(grp)+" "+dest)
	if fx != fy || !strings.Contains(fx, "1 hidden counter(s)") {
		t.Errorf("the FEF hears differently:\n%s\n%s", fx, fy)
	}
	for _, vw := range viewers {
		if !seesVM(vw.v) && string(viewJSON(r, x, vw.v)) != string(viewJSON(r, y, vw.v)) {
			t.Errorf("%s view differs", vw.name)
		}
	}
}

// 6.16: the VM gains a point when it occupies a railway hex (not Hanoi
// or Haiphong), once a game turn; by a move or a transport alike.
func TestRule6_16_RailwayHex(t *testing.T) {
	r := rules(t)
	var rail []string
	for _, id := range r.geo.ids {
		if u, ok := r.urbanHex[id]; r.geo.railHex[id] && r.hexes[id].Country == "vietnam" && (!ok || u.Name != "Hanoi" && u.Name != "Haiphong") {
			rail = append(rail, id)
		}
	}
	if len(rail) < 2 {
		t.Fatal("no railway")
	}
	from := ""
	for _, n := range r.neighbors(rail[0]) {
		if !r.geo.railHex[n] && r.hexes[n].Terrain != "sea" {
			from = n
		}
	}
	s := bare(t, r, VM, map[string]string{"308/36": from, "308/88": "0101"})
	vp := s.VP
	s, ev := do(t, r, s, VM, "move 308/36 "+rail[0])
	has(t, ev, "6.16: the VM occupies the railway hex "+rail[0]+" (once a game turn): victory points -1")
	if s.VP != vp-1 || !s.RailVP {
		t.Errorf("6.16: vp %d", s.VP)
	}
	s.unit("308/88").Loc = from
	s, ev = do(t, r, s, VM, "move 308/88 "+rail[1])
	if s.VP != vp-1 || strings.Contains(ev, "railway") {
		t.Errorf("6.16: a second point in the turn: vp %d %s", s.VP, ev)
	}
}

// 6.6 d: airstrikes on a road hex anywhere; a step loss marks it Desorg
// and neither side may use road movement there; the VM removes the
// marker for a point (option b) within its supply, not in a hex the FEF
// occupies or a FEF-friendly urban area; the cleanup removes them all
// (7.0, RULINGS T43).
func TestRule6_6d_RoadInterdiction(t *testing.T) {
	r := rules(t)
	hex, next := "", ""
	for _, id := range r.geo.ids {
		if _, urb := r.urbanHex[id]; urb || r.hexes[id].Terrain != "clear" || r.hexes[id].Country != "vietnam" || dist(id, "0919") < 4 {
			continue
		}
		for _, n := range r.neighbors(id) {
			if r.geo.road[edge(id, n)] && r.hexes[n].Terrain == "clear" {
				hex, next = id, n
			}
		}
		if hex != "" {
			break
		}
	}
	if hex == "" {
		t.Fatal("no clear road hex")
	}
	s := opsState(t, r, FEF, "0919", map[string]string{"1/13 DBLE": "0919"})
	refused(t, r, s, FEF, "interdict "+hex+" navy", "road interdiction is by airstrike only")
	refused(t, r, s, FEF, "interdict 0101 air", "6.6 d): 0101 is not a road hex")
	b := r.moveBoard(s, VM)
	before, _ := r.stepCost(b, r.types["REG"], next, hex)
	strikes := s.FEFStrikes
	s, ev := do(t, r, s, FEF, "interdict "+hex+" air", 5, 5) // clear +1, road +1: 12, DG & DL on column 3-4
	has(t, ev, "6.6 d): the FEF's 1 airstrike(s) (3, column 3-4) on the road at "+hex, "dice 5+5 = 12: a step loss: the hex is marked Desorg", "6.3 d): the FEF spends an operation point")
	if !slicesContains(s.Interdicted, hex) || s.FEFStrikes != strikes-1 {
		t.Fatalf("6.6 d: %v %d", s.Interdicted, s.FEFStrikes)
	}
	after, _ := r.stepCost(r.moveBoard(s, VM), r.types["REG"], next, hex)
	if after <= before {
		t.Errorf("6.6 d: road movement into %s still costs %d (before %d)", hex, after, before)
	}
	if v := r.View(s, viewers[0].v); !strings.Contains(strings.Join(v.Status, "\n"), "Roads interdicted (6.6 d): "+hex) {
		t.Error("the marker is not in the public status")
	}
	// the VM removes it in its supply
	s.Mover = VM
	s.Chunk = 3
	r.addUnit(s, &Unit{ID: "VM DR 9", Type: "DR", Side: VM, Loc: next})
	s.unit("1/13 DBLE").Loc = hex
	refused(t, r, s, VM, "reorg "+hex, "6.6 d): "+hex+" is FEF occupied")
	s.unit("1/13 DBLE").Loc = "0919"
	s, ev = do(t, r, s, VM, "reorg "+hex)
	has(t, ev, "6.3 b), 6.6 d): the VM removes the road marker at "+hex)
	if len(s.Interdicted) != 0 {
		t.Error("6.6 d: the marker stays")
	}
}

// 6.6 d: "VM can only remove the Desorg counter if it is within friendly
// supply and by spending an operation point": the 7.0 cleanup leaves the
// road markers, and the VM's removal is an order of its legal tree only
// where it is in supply (RULINGS T70).
func TestRule6_6d_RoadMarkerStaysUntilTheVMPays(t *testing.T) {
	r := rules(t)
	s := opsState(t, r, VM, "0101", map[string]string{"1/13 DBLE": "0919"})
	s.unit("VM DR 1").Loc = LocDead
	probe := &Unit{ID: "probe", Type: "REG", Side: VM, Steps: 4}
	hex := ""
	for _, id := range r.geo.ids {
		if _, urb := r.urbanHex[id]; !urb && r.roadHex(id) && r.hexes[id].Country == "vietnam" && !r.suppliedAt(s, probe, id) {
			hex = id
			break
		}
	}
	if hex == "" {
		t.Fatal("no road hex out of the VM's supply")
	}
	s.Interdicted = []string{hex}
	e := &events{}
	r.cleanup(s, e)
	if !slicesContains(s.Interdicted, hex) {
		t.Fatal("7.0 removed the road marker")
	}
	for _, x := range e.list {
		if strings.Contains(x.Text, "road marker") {
			t.Errorf("7.0 speaks of road markers: %s", x.Text)
		}
	}
	inTree := func() bool {
		for _, c := range r.optionChoices(s, VM) {
			if c.Word == "reorg" {
				for _, n := range c.Next {
					if n.Word == hex {
						return true
					}
				}
			}
		}
		return false
	}
	refused(t, r, s, VM, "reorg "+hex, "6.6 d): "+hex+" is not within the VM's supply")
	if inTree() {
		t.Error("the legal tree offers a removal the VM may not make")
	}
	r.addUnit(s, &Unit{ID: "VM DR 9", Type: "DR", Side: VM, Loc: r.neighbors(hex)[0]})
	if !inTree() {
		t.Error("the legal tree does not offer the VM's removal")
	}
	s, ev := do(t, r, s, VM, "reorg "+hex)
	has(t, ev, "6.3 b), 6.6 d): the VM removes the road marker at "+hex, "spends an operation point")
	if len(s.Interdicted) != 0 {
		t.Error("6.6 d: the marker stays")
	}
}

func slicesContains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// 5.7, 5.9: a Dinassaut (with what it carries) and the 1 Rec pass through
// a river hex holding VM-groups for 1 extra point, never stopping there;
// a regiment there stops them; a hidden counter counts as the VM-group it
// looks like (RULINGS T45).
func TestRule5_7_PassThroughVMGroups(t *testing.T) {
	r := rules(t)
	var p []string
	for _, rv := range r.d.Paths.Rivers {
		if rv.Kind != "navigable" {
			continue
		}
		for i := 0; i+2 < len(rv.Hexes) && p == nil; i++ {
			q := rv.Hexes[i : i+3]
			ok := true
			for _, h := range q {
				if r.Opaque(h) || r.hexes[h].Country != "vietnam" || r.urbanHex[h].Name != "" {
					ok = false
				}
			}
			if ok {
				p = q
			}
		}
	}
	if p == nil {
		t.Fatal("no open navigable river")
	}
	grp := idOf(t, r, "VMG")
	for _, dummy := range []bool{false, true} {
		s := bare(t, r, FEF, map[string]string{"DNA 1": p[0], "23 RIC": p[0], grp: p[1]})
		if dummy {
			s.unit(grp).Type, s.unit(grp).Steps = "DUMMY", 0
		}
		refused(t, r, s, FEF, "move DNA_1 "+p[1], "enemy units are there")
		x, ev := do(t, r, s, FEF, "river DNA_1 23_RIC "+p[2])
		has(t, ev, "5.7 river transport: the FEF moves DNA 1, 23 RIC from "+p[0]+" to "+p[2])
		if x.unit("DNA 1").Loc != p[2] {
			t.Errorf("5.7: the Dinassaut did not pass (dummy %v)", dummy)
		}
		refused(t, r, s, FEF, "move 23_RIC "+p[1]+" "+p[2], "enemy units are there")
		if y, _ := do(t, r, s, FEF, "move DNA_1 "+p[1]+" "+p[2]); y.unit("DNA 1").Loc != p[2] {
			t.Error("5.7: the named path through the VM-groups")
		}
	}
	s := bare(t, r, FEF, map[string]string{"DNA 1": p[0], "308/36": p[1]})
	refused(t, r, s, FEF, "move DNA_1 "+p[2], "cannot reach")
	if r.Opaque(p[1]) {
		t.Fatal("forest")
	}
}

// 5.11: VM-groups, dummies and independent regiments not Desorg pass
// through a hex holding only one FEF battalion or garrison of strength 2
// or less, for 1 more point; not a division's regiment, not past two
// units or a stronger one.
func TestRule5_11_Infiltration(t *testing.T) {
	r := rules(t)
	var a, b, c string
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if _, urb := r.urbanHex[id]; urb || h.Terrain != "clear" || h.Country != "vietnam" || h.Coastal {
			continue
		}
		ns := r.neighbors(id)
		for _, x := range ns {
			for _, y := range ns {
				if dist(x, y) == 2 && r.hexes[x].Terrain == "clear" && r.hexes[y].Terrain == "clear" && r.hexes[x].Country == "vietnam" && r.hexes[y].Country == "vietnam" {
					if _, u1 := r.urbanHex[x]; !u1 {
						if _, u2 := r.urbanHex[y]; !u2 && a == "" {
							a, b, c = x, id, y
						}
					}
				}
			}
		}
		if a != "" {
			break
		}
	}
	if a == "" {
		t.Fatal("no three clear hexes in a row")
	}
	grp, bvn := idOf(t, r, "VMG"), idOf(t, r, "BVN")
	mk := func(fef map[string]string) *State {
		place := map[string]string{grp: a, "42": a, "308/36": a}
		for k, v := range fef {
			place[k] = v
		}
		s := bare(t, r, VM, place)
		s.unit(grp).Hidden = false
		return s
	}
	s := mk(map[string]string{bvn: b})
	x, ev := do(t, r, s, VM, "move "+token(grp)+" "+b+" "+c)
	has(t, ev, "5.11: it infiltrates through "+b)
	if x.unit(grp).Loc != c {
		t.Error("5.11: the VM-group did not pass")
	}
	if x, _ = do(t, r, s, VM, "move 42 "+b+" "+c); x.unit("42").Loc != c {
		t.Error("5.11: the independent regiment did not pass")
	}
	refused(t, r, s, VM, "move 308/36 "+b+" "+c, "enemy units are there")
	refused(t, r, s, VM, "move "+token(grp)+" "+b, "enemy units are there")
	s.unit(grp).Desorg = true
	refused(t, r, s, VM, "move "+token(grp)+" "+b+" "+c, "enemy units are there")
	// two units, or one stronger than 2
	s = mk(map[string]string{bvn: b, "1 BEP": b})
	refused(t, r, s, VM, "move "+token(grp)+" "+b+" "+c, "enemy units are there")
	s = mk(map[string]string{"1 BEP": b})
	refused(t, r, s, VM, "move "+token(grp)+" "+b+" "+c, "enemy units are there")
	// the legal tree offers it
	s = mk(map[string]string{bvn: b})
	s.unit("42").Loc, s.unit("308/36").Loc = "0101", "0102"
	found := false
	for _, o := range legalNext(r, s, VM, "move", token(grp)) {
		found = found || o == c
	}
	if !found {
		t.Error("5.11: the legal tree does not offer the hex past the infiltrated one")
	}
}

// 5.6: "No takeoff or landing is allowed if there is VM artillery, which
// is not Desorg, within 1 hex of the airstrip": an airdrop takes off from
// an airstrip, so VM artillery next to it stops `drop` as it stops `air`;
// Desorg artillery does not (RULINGS T79).
func TestRule5_6_NoAirdropFromAnAirstripUnderArtillery(t *testing.T) {
	r := rules(t)
	art := "351/675"
	nb := nextTo(r, "0919", func(h Hex) bool { return h.Terrain == "clear" || h.Terrain == "rough" })
	s := bare(t, r, FEF, map[string]string{"1 BEP": "0919", "1/13 DBLE": "0919"})
	if u := s.unit(art); u != nil {
		u.Loc = nb
	} else {
		r.addUnit(s, &Unit{ID: art, Type: "ART", Side: VM, Loc: nb, Steps: 4})
	}
	clear := ""
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if _, urb := r.urbanHex[id]; !urb && h.Terrain == "clear" && h.Country == "vietnam" && dist(id, "0919") == 3 && !h.Coastal {
			clear = id
			break
		}
	}
	strip := ""
	for _, u := range r.d.Map.Urban {
		if u.Airstrip && dist(u.Hex, "0919") > 2 && r.fefFriendly(s, u.Hex) {
			strip = u.Hex
			break
		}
	}
	refused(t, r, s, FEF, "air 1/13_DBLE "+strip, "5.6: VM artillery, not Desorg, is within 1 hex of 0919: no take-off")
	refused(t, r, s, FEF, "drop 1_BEP "+clear, "5.6: VM artillery, not Desorg, is within 1 hex of 0919: no take-off, an airdrop's included")
	s.unit(art).Desorg = true
	s2, ev := do(t, r, s, FEF, "drop 1_BEP "+clear)
	has(t, ev, "the FEF airdrops 1 BEP from 0919 to "+clear)
	if s2.unit("1 BEP").Loc != clear {
		t.Error("the drop did not land")
	}
}
