package tonkin

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// reinState: scenario 1950 in turn 2, side's replacements phase (3.0),
// side the 1st player.
func reinState(t *testing.T, r *Rules, side string) *State {
	t.Helper()
	s := setup(t, r, "1950")
	s.Turn, s.Month, s.Phase, s.First, s.Weather = 2, "1950-11", PhaseRein1, side, "sun"
	return s
}

// pub applies an order that must be accepted and returns what the FEF
// hears, and what the VM hears.
func pub(t *testing.T, r *Rules, s *State, side, order string, rolls ...int) (*State, string, string) {
	t.Helper()
	d := dice(rolls)
	ns, evs, err := r.Apply(s, adjudicator.Side(side), order, &d)
	if err != nil {
		t.Fatalf("%s %q refused: %v", side, order, err)
	}
	var f, v []string
	for _, e := range evs {
		if adjudicator.ViewerOf(FEF).Sees(e.Audience) {
			f = append(f, e.Text)
		}
		if adjudicator.ViewerOf(VM).Sees(e.Audience) {
			v = append(v, e.Text)
		}
	}
	return ns.(*State), strings.Join(f, "\n"), strings.Join(v, "\n")
}

func viewJSON(r *Rules, s *State, v adjudicator.Viewer) []byte {
	j, _ := json.Marshal(r.View(s, v))
	return j
}

// legalNext: the words after prefix in side's legal tree.
func legalNext(r *Rules, s *State, side string, prefix ...string) []string {
	cs := r.Legal(s, adjudicator.Side(side))
	for _, w := range prefix {
		var next []adjudicator.Choice
		for _, c := range cs {
			if c.Word == w {
				next = c.Next
			}
		}
		cs = next
	}
	var out []string
	for _, c := range cs {
		out = append(out, c.Word)
	}
	return out
}

// 3.1: dead VM-groups are mobilized within 2 hexes of a mobilization hex,
// 1 equipment each, at most 4 a turn and 1 per mobilization hex, as many
// dummies free; +1 victory point a VM-group; they are placed together,
// hidden, when the VM's phase ends, and may not replace (3.2) this turn.
func TestRule3_1_Mobilization(t *testing.T) {
	r := rules(t)
	s := reinState(t, r, VM)
	var groups, dummies []*Unit
	for _, u := range s.Units {
		switch {
		case u.Type == "VMG" && len(groups) < 5:
			u.Loc, u.Hidden = LocDead, false
			groups = append(groups, u)
		case u.Type == "DUMMY" && len(dummies) < 1:
			u.Loc, u.Hidden = LocDead, false
			dummies = append(dummies, u)
		}
	}
	g0 := token(groups[0].ID)
	hexes := legalNext(r, s, VM, "mobilize", g0)
	if len(hexes) != 0 {
		t.Fatalf("3.1: mobilization offered with no equipment: %v", hexes)
	}
	refused(t, r, s, VM, "mobilize "+g0+" 1516", "3.1: each unit mobilized costs 1 equipment replacement")
	s.VMEquipH = 12
	refused(t, r, s, VM, "mobilize "+token(dummies[0].ID)+" 1516", "3.1: dummies are placed as many as the real")
	refused(t, r, s, VM, "mobilize "+g0+" 0919", "FEF units are at 0919")
	refused(t, r, s, VM, "mobilize "+g0+" 1623", "is in china")
	hexes = legalNext(r, s, VM, "mobilize", g0)
	if len(hexes) == 0 {
		t.Fatal("3.1: no hex offered")
	}
	for _, h := range hexes {
		if !nearAny(h, r.mobHexes(r.typ(groups[0])), 2) || r.hexes[h].Country != "vietnam" {
			t.Errorf("3.1: %s offered, not within 2 hexes of a mobilization hex in Vietnam", h)
		}
	}
	fefBefore := viewJSON(r, s, adjudicator.ViewerOf(FEF))
	s, f, v := pub(t, r, s, VM, "mobilize "+g0+" "+hexes[0])
	if f != "" || !strings.Contains(v, "will be mobilized at "+hexes[0]) {
		t.Errorf("3.1: a pending mobilization is the VM's alone: FEF heard %q, VM %q", f, v)
	}
	if !bytes.Equal(fefBefore, viewJSON(r, s, adjudicator.ViewerOf(FEF))) {
		t.Error("3.1: the FEF's view changed before the VM's phase ended")
	}
	// 1 per mobilization hex: a hex near only the mobilization hex used
	only := ""
	for _, id := range r.geo.ids {
		n := 0
		for _, m := range r.mobHexes(r.typ(groups[0])) {
			if dist(id, m) <= 2 {
				n++
			}
		}
		if n == 1 && dist(id, hexes[0]) == 0 && r.hexes[id].Country == "vietnam" {
			only = id
		}
	}
	if only != "" {
		refused(t, r, s, VM, "mobilize "+token(groups[1].ID)+" "+only, "3.1: "+only+" is not within 2 hexes of a mobilization hex of its country not already used")
	}
	for _, g := range groups[1:4] {
		hs := legalNext(r, s, VM, "mobilize", token(g.ID))
		s, _ = do(t, r, s, VM, "mobilize "+token(g.ID)+" "+hs[0])
	}
	refused(t, r, s, VM, "mobilize "+token(groups[4].ID)+" "+hexes[0], "3.1: no more than 4 VM-groups and Pathet Lao are mobilized a turn")
	dh := legalNext(r, s, VM, "mobilize", token(dummies[0].ID))
	s, _ = do(t, r, s, VM, "mobilize "+token(dummies[0].ID)+" "+dh[0])
	vp := s.VP
	s, f, _ = pub(t, r, s, VM, "done")
	has(t, f, "3.1: the VM mobilizes 5 counter(s), hidden side up", "(4 VM-group(s) or Pathet Lao and 1 dummies; equipment -4, now 2)", "3.1: 4 VM-group(s) mobilized: victory points +4")
	if s.VP != vp+4 || s.VMEquipH != 4 || s.Phase != PhaseRein2 {
		t.Errorf("3.1: vp %d equipment %d phase %s", s.VP, s.VMEquipH, s.Phase)
	}
	for _, g := range append(groups[:4], dummies[0]) {
		u := s.unit(g.ID)
		if !onMap(u.Loc) || !u.Hidden || u.Pend != "" || u.Avail != 3 {
			t.Errorf("3.1: %s after the phase: %+v", u.ID, u)
		}
	}
	// 3.1/3.2: not used as a replacement on the turn it is mobilized
	s.Phase, s.First = PhaseRein1, VM
	g := s.unit(groups[0].ID)
	reg := s.unit("304/57")
	reg.Loc, reg.Steps = g.Loc, 3
	refused(t, r, s, VM, "replace "+token(g.ID)+" 304/57", "3.2: "+g.ID+" was mobilized this turn")
}

// 3.1 and the hidden counters (RULINGS T37): whether the VM-group or the
// dummy is mobilized at a hex changes nothing the FEF sees or hears.
func TestRule3_1_MobilizationNonInterference(t *testing.T) {
	r := rules(t)
	s := reinState(t, r, VM)
	s.VMEquipH = 4
	var g, d *Unit
	for _, u := range s.Units {
		if u.Type == "VMG" && g == nil {
			g = u
		}
		if u.Type == "DUMMY" && d == nil {
			d = u
		}
	}
	g.Loc, g.Hidden, d.Loc, d.Hidden = LocDead, false, LocDead, false
	hs := legalNext(r, s, VM, "mobilize", token(g.ID))
	a, b := hs[0], ""
	for _, h := range hs[1:] {
		x, _ := do(t, r, s, VM, "mobilize "+token(g.ID)+" "+a)
		if slices.Contains(legalNext(r, x, VM, "mobilize", token(d.ID)), h) {
			y, _ := do(t, r, s, VM, "mobilize "+token(g.ID)+" "+h)
			if slices.Contains(legalNext(r, y, VM, "mobilize", token(d.ID)), a) {
				b = h
				break
			}
		}
	}
	if b == "" {
		t.Fatal("no two hexes for the twins")
	}
	play := func(gh, dh string) (*State, string) {
		x, _ := do(t, r, s, VM, "mobilize "+token(g.ID)+" "+gh)
		x, _ = do(t, r, x, VM, "mobilize "+token(d.ID)+" "+dh)
		x, f, _ := pub(t, r, x, VM, "done")
		return x, f
	}
	x, fx := play(a, b)
	y, fy := play(b, a)
	if fx != fy {
		t.Errorf("the FEF hears differently:\n%s\n---\n%s", fx, fy)
	}
	for _, vw := range viewers {
		same := bytes.Equal(viewJSON(r, x, vw.v), viewJSON(r, y, vw.v))
		if !seesVM(vw.v) && !same {
			t.Errorf("%s view differs between the twins", vw.name)
		}
		if seesVM(vw.v) && same {
			t.Errorf("%s view does not show the difference", vw.name)
		}
	}
	ox, oy := strings.Join(adjudicator.Orders(r.Legal(x, FEF)), "\n"), strings.Join(adjudicator.Orders(r.Legal(y, FEF)), "\n")
	if ox != oy {
		t.Error("the FEF's legal orders differ between the twins")
	}
}

// 3.2: a VM-group removed replaces 1-2 steps of regiments in its hex (one
// each for two), or rebuilds one from the dead box there; a regiment no
// more than 2 steps at a time; the group may not be mobilized this turn.
func TestRule3_2_GroupReplacement(t *testing.T) {
	r := rules(t)
	s := reinState(t, r, VM)
	g := s.unit(idOf(t, r, "VMG"))
	hex := g.Loc
	if r.Opaque(hex) {
		t.Fatalf("the group's hex %s is in forest", hex)
	}
	reg, art := s.unit("304/57"), s.unit("304/66")
	reg.Loc, reg.Steps = hex, 1
	art.Loc = "0101"
	refused(t, r, s, VM, "replace "+token(g.ID)+" 304/66", "is not in "+g.ID+"'s hex")
	refused(t, r, s, VM, "replace "+token(g.ID)+" 304/57 304/57", "named twice")
	s, f, _ := pub(t, r, s, VM, "replace "+token(g.ID)+" 304/57")
	has(t, f, "3.2: "+g.ID+" is removed at "+hex+" to replace 304/57 +2")
	if reg = s.unit("304/57"); reg.Steps != 3 || reg.Refit != 2 || s.unit(g.ID).Loc != LocDead || s.unit(g.ID).Avail != 3 {
		t.Errorf("3.2: %+v %+v", reg, s.unit(g.ID))
	}
	s.VMEquipH = 4
	refused(t, r, s, VM, "mobilize "+token(g.ID)+" "+hex, "used as a replacement this turn and may not be mobilized")
	s.VMRepl = 2
	refused(t, r, s, VM, "replace 304/57", "3.2: 304/57 has replaced 2 steps this turn")
	// two regiments one step each; a dead regiment rebuilt in the hex
	s = reinState(t, r, VM)
	g = s.unit(idOf(t, r, "VMG"))
	a, b := s.unit("304/57"), s.unit("304/66")
	a.Loc, a.Steps = g.Loc, 3
	b.Loc, b.Steps = LocDead, 0
	s, f, _ = pub(t, r, s, VM, "replace "+token(g.ID)+" 304/57 304/66")
	has(t, f, "304/57 +1", "304/66 +1")
	if s.unit("304/57").Steps != 4 || s.unit("304/66").Steps != 1 || s.unit("304/66").Loc != g.Loc {
		t.Errorf("3.2 two regiments: %+v %+v", s.unit("304/57"), s.unit("304/66"))
	}
}

// 3.3: 2 replacement points a turn (at most 6), each replacing a step of
// a regiment in supply within 3 hexes of Uncle Ho, Thai Nguyen or Thanh
// Hoa for 0.5 equipment (artillery 1), or rebuilding one from the dead
// box there; artillery rebuilds on a supply center in China.
func TestRule3_3_ReplacementPoints(t *testing.T) {
	r := rules(t)
	s := reinState(t, r, VM)
	reg := s.unit("42") // at Thai Nguyen
	reg.Steps = 2
	s.VMRepl, s.VMEquipH = 1, 0
	refused(t, r, s, VM, "replace 42", "3.3: a replacement costs 0.5 equipment")
	s.VMEquipH = 3
	far := s.unit("148")
	far.Steps = 3
	refused(t, r, s, VM, "replace 148", "3.3: "+far.Loc+" is not within 3 hexes of Uncle Ho/Giap, Thai Nguyen or Thanh Hoa")
	s, _ = do(t, r, s, VM, "replace 42")
	if u := s.unit("42"); u.Steps != 3 || s.VMRepl != 0 || s.VMEquipH != 2 {
		t.Errorf("3.3: %+v repl %d equip %d", u, s.VMRepl, s.VMEquipH)
	}
	refused(t, r, s, VM, "replace 42", "3.3: the VM has no replacement point left")
	// rebuild from the dead box
	s.VMRepl = 2
	dead := s.unit("304/57")
	dead.Loc, dead.Steps = LocDead, 0
	refused(t, r, s, VM, "rebuild 304/57 1407", "3.3: 1407 is not within 3 hexes")
	refused(t, r, s, VM, "rebuild 304/57 "+r.urban["Hanoi"].Hex, "FEF units are at")
	hs := legalNext(r, s, VM, "rebuild", "304/57")
	if len(hs) == 0 {
		t.Fatal("3.3: nowhere to rebuild")
	}
	for _, h := range hs {
		if r.urbanFEF(s, h) {
			t.Errorf("3.3: rebuilding offered in the FEF-friendly urban area at %s", h)
		}
	}
	s, _ = do(t, r, s, VM, "rebuild 304/57 "+hs[0])
	if u := s.unit("304/57"); u.Loc != hs[0] || u.Steps != 1 || s.VMRepl != 1 {
		t.Errorf("3.3 rebuild: %+v", u)
	}
	// the turn's 2 points, at most 6 (entering the VM's phase)
	s = reinState(t, r, VM)
	s.VMRepl = 5
	ev := &events{}
	s.Phase = PhaseRein1
	d := dice{1, 1}
	r.enterRein(s, &d, ev)
	if s.VMRepl != 6 {
		t.Errorf("3.3: replacement points %d, want the maximum 6", s.VMRepl)
	}
}

// 3.3 and 6.16: Uncle Ho lost adds 20 and flips to Giap, placed on a VM
// regiment one game turn later; Giap killed is a FEF decisive victory at
// the end of the turn, unless the VM then occupies Hanoi; the FEF HQ
// lost costs 4 and returns to a friendly city one turn later (3.11).
func TestRule3_3_UncleHoAndGiap(t *testing.T) {
	r := rules(t)
	s := reinState(t, r, VM)
	ho := s.unit(idOf(t, r, "HO"))
	hoTok := token(ho.ID)
	ev := &events{}
	vp := s.VP
	r.kill(s, ho, ev)
	if s.VP != vp+20 || !ho.Giap || ho.Avail != 3 || ho.Loc != LocDead {
		t.Fatalf("3.3: %+v vp %d", ho, s.VP)
	}
	refused(t, r, s, VM, "place "+hoTok+" 1922", "3.3: Giap is placed on a VM regiment one game turn after")
	s.Turn = 3
	refused(t, r, s, VM, "place "+hoTok+" 0101", "3.3: Giap is placed on a VM regiment; the regiments are at")
	s, f, _ := pub(t, r, s, VM, "place "+hoTok+" 1922")
	has(t, f, "3.3: Giap is placed on a VM regiment: "+ho.ID+" at 1922")
	if c := r.face(s.unit(ho.ID)); c.Label != "Giap" {
		t.Errorf("the flipped counter reads %q", c.Label)
	}
	r.kill(s, s.unit(ho.ID), ev)
	if !s.GiapKilled {
		t.Fatal("6.16: Giap killed not recorded")
	}
	s2, e := endOfTurn(t, r, s.clone())
	has(t, e, "6.16: the FEF killed Giap during")
	if s2.Winner != FEF {
		t.Errorf("6.16: winner %q", s2.Winner)
	}
	// the VM occupying Hanoi at the end of the turn wins, Giap or not
	s.unit("42").Loc = r.urban["Hanoi"].Hex
	s2, e = endOfTurn(t, r, s.clone())
	has(t, e, "6.16: the VM occupies Hanoi at the end of", "Giap was killed this turn")
	if s2.Winner != VM {
		t.Errorf("6.16: winner %q", s2.Winner)
	}
	// the HQ
	s = reinState(t, r, FEF)
	hq := s.unit(idOf(t, r, "HQ"))
	hqTok := token(hq.ID)
	vp = s.VP
	r.kill(s, hq, ev)
	if s.VP != vp-4 || hq.Avail != 3 {
		t.Fatalf("3.11: HQ lost: %+v vp %d", hq, s.VP)
	}
	refused(t, r, s, FEF, "bring "+hqTok+" 0919", "the standby zone holds no")
	s.Turn = 3
	s, _ = do(t, r, s, FEF, "bring "+hqTok+" 0919")
	if s.unit(hq.ID).Loc != "0919" {
		t.Error("3.11: the HQ did not return")
	}
}

// 3.6 and 3.4: 2 VM supply dumps a turn (3 with 20 montagnard urban areas,
// none when all 9 are on the map), each rolled: 1-4 at the Chinese
// railway supply center, 5-6 where the VM chooses, a supply center or a
// coastal hex; 2 equipment replacements instead of a dump (3.4).
func TestRule3_6_SupplyDumps(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1950")
	s.Month, s.Montagnard = "1950-11", 20
	dumps := s.onMapCount(VM, "DR")
	s, ev := endOfTurn(t, r, s, 2, 1, 3, 6, 5) // sun, the VM first; three dumps
	has(t, ev, "a third supply dump", "3.6: VM supply dump roll 3: VM DR", "at the Chinese railway supply center (1623)", "3.6: VM supply dump roll 6: the VM places it")
	if s.Phase != PhaseRein1 || s.VMDumpsFree != 2 || s.onMapCount(VM, "DR") != dumps+1 {
		t.Fatalf("3.6: phase %s free %d on map %d", s.Phase, s.VMDumpsFree, s.onMapCount(VM, "DR"))
	}
	refused(t, r, s, VM, "dump 0919", "3.6: a VM supply dump rolled 5-6 goes to a supply center or a coastal hex with no FEF unit")
	hs := r.vmDumpHexes(s)
	if len(hs) == 0 {
		t.Fatal("no hex for a dump")
	}
	s, _ = do(t, r, s, VM, "dump "+hs[0])
	// December 1950's equipment as reinforcements came first (RULINGS T65)
	base := s.VMEquipH
	if base != 1 {
		t.Errorf("3.4: equipment %s after the schedule's, want 0.5", halves(base))
	}
	s, _ = do(t, r, s, VM, "equip") // the free one
	if s.VMDumpsFree != 0 || s.VMEquipH != base+4 {
		t.Errorf("3.4: free %d equipment %d", s.VMDumpsFree, s.VMEquipH)
	}
	s, _ = do(t, r, s, VM, "equip") // one placed this turn
	if s.VMEquipH != base+8 || s.onMapCount(VM, "DR") != dumps+1 {
		t.Errorf("3.4: equipment %d dumps %d", s.VMEquipH, s.onMapCount(VM, "DR"))
	}
	s, _ = do(t, r, s, VM, "equip") // the last placed this turn
	refused(t, r, s, VM, "equip", "3.4: the VM holds the most equipment replacements it may (6)")
	s.VMEquipH = 0
	refused(t, r, s, VM, "equip", "3.4: the VM has received no supply dump this turn")
	// all 9 on the map: none
	s = setup(t, r, "1950")
	s.Month = "1950-11"
	for i := s.onMapCount(VM, "DR"); i < 9; i++ {
		r.addUnit(s, &Unit{ID: s.nextID("VM DR"), Type: "DR", Side: VM, Loc: "1623"})
	}
	_, ev = endOfTurn(t, r, s, 2, 1)
	has(t, ev, "3.6: all 9 VM supply dumps are on the map: none this turn.")
}

// 3.5: VM reinforcements are placed like rebuilt regiments, artillery on
// a supply center in China; the schedule's month brings them.
func TestRule3_5_VMReinforcements(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1950")
	s.Month = "1951-02"
	s, ev := endOfTurn(t, r, s, 2, 1, 1, 1)
	has(t, ev, "3.5: VM reinforcements to place: 351/675")
	refused(t, r, s, VM, "place 351/675 1319", "3.3, 3.5: VM artillery is placed on a supply center in China")
	s, _ = do(t, r, s, VM, "place 351/675 1623")
	if s.unit("351/675").Loc != "1623" {
		t.Error("3.5: artillery not placed")
	}
}

// 3.7, 3.8, 3.10: FEF reinforcements arrive in the standby zone and are
// brought in at 0.5 victory point a battalion, rounded up over the
// phase, or free for a supply dump not taken (4 battalions); placement by
// nationality; 2 supply dumps a turn at friendly cities or harbors, or
// by air transport at a friendly airstrip.
func TestRule3_7_FEFReinforcements(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1950")
	s.Month = "1950-11"
	s, ev := endOfTurn(t, r, s, 2, 4) // sun, the FEF first
	has(t, ev, "3.7: FEF reinforcements arrive in the standby zone: 2 BEP", "3.10: the FEF receives 2 supply dump(s)")
	if u := s.unit("2 BEP"); u == nil || u.Loc != LocStandby || s.FEFDumpsDue != 2 || s.Phase != PhaseRein1 {
		t.Fatalf("3.7: %+v due %d phase %s", u, s.FEFDumpsDue, s.Phase)
	}
	for _, id := range []string{"3 BPC", "6 BPC"} {
		s.unit(id).Loc = LocStandby
	}
	bvn := s.unit(idOf(t, r, "BVN"))
	bvn.Loc = LocStandby
	vp := s.VP
	refused(t, r, s, FEF, "bring 2_BEP 1118", "3.8: FEF units are placed at a friendly city or harbor")
	refused(t, r, s, FEF, "bring "+token(bvn.ID)+" 1118", "3.8: Vietnamese units are placed in a friendly city or harbor in Vietnam")
	s, _ = do(t, r, s, FEF, "bring 2_BEP 0919")
	if s.VP != vp-1 {
		t.Errorf("3.7: the first battalion costs 0.5, rounded up: vp %d", s.VP)
	}
	s, _ = do(t, r, s, FEF, "bring 3_BPC 0919")
	if s.VP != vp-1 {
		t.Errorf("3.7: the second half point rounds with the first: vp %d", s.VP)
	}
	s, _ = do(t, r, s, FEF, "skip")
	s, ev = do(t, r, s, FEF, "bring "+token(bvn.ID)+" 0823")
	has(t, ev, "free (3 free left)")
	if s.VP != vp-1 || s.FEFDumpsDue != 1 {
		t.Errorf("3.7 skip: vp %d due %d", s.VP, s.FEFDumpsDue)
	}
	// by air to a friendly airstrip that is no city or harbor
	strip := ""
	for _, u := range r.d.Map.Urban {
		if u.Airstrip && u.Kind != "city" && !u.Harbor && r.fefFriendly(s, u.Hex) && !r.enemyAt(s, FEF, u.Hex) {
			if n, why := r.airstripCost(s, u.Hex, 1); why == "" && n == 1 {
				strip = u.Hex
				break
			}
		}
	}
	if strip == "" {
		t.Fatal("no friendly airstrip")
	}
	air := s.FEFAir
	refused(t, r, s, FEF, "bring 6_BPC "+strip, "by air transport at a friendly airstrip")
	s, _ = do(t, r, s, FEF, "bring 6_BPC "+strip+" air")
	if s.FEFAir != air-1 || s.unit("6 BPC").Loc != strip {
		t.Errorf("5.6: air %d -> %d", air, s.FEFAir)
	}
	refused(t, r, s, FEF, "dump 1118", "3.10: FEF supply dumps are placed at a friendly city or harbor")
	s, _ = do(t, r, s, FEF, "dump 0919")
	refused(t, r, s, FEF, "dump 0919", "3.10: the FEF has no supply dump left")
	refused(t, r, s, FEF, "skip", "3.7: the FEF has no supply dump left")
	// the Laotians in Luang Prabang only
	bil := &Unit{ID: s.nextID("BIL"), Type: "BIL", Side: FEF, Loc: LocStandby, Steps: 2}
	r.addUnit(s, bil)
	refused(t, r, s, FEF, "bring "+token(bil.ID)+" 0919", "3.8: Laotian units are placed in Luang Prabang")
	s, _ = do(t, r, s, FEF, "bring "+token(bil.ID)+" "+r.urban["Luang Prabang"].Hex)
	// a dump not placed goes where the rules allow (RULINGS T36)
	s2 := s.clone()
	s2.FEFDumpsDue = 1
	_, ev = do(t, r, s2, FEF, "done", 1, 1)
	has(t, ev, "3.10: the FEF's supply dump not placed goes to 0919 (Hanoi)")
}

// 3.9: "Withdraw" takes a unit from the delta to the Saigon zone; "With
// para" an airborne one, or 2 others when there is none; a withdrawn unit
// returns to the standby zone a turn later for 1 victory point, and may
// be brought in a turn after that.
func TestRule3_9_Withdrawals(t *testing.T) {
	r := rules(t)
	s := reinState(t, r, FEF)
	s.Withdraw = []string{"With para"}
	cands := r.withdrawable(s, "With para")
	if len(cands) == 0 {
		t.Fatal("no unit in the delta")
	}
	for _, u := range cands {
		if r.typ(u).Para {
			t.Fatalf("1950 has an airborne unit in the delta: %s", u.ID)
		}
	}
	refused(t, r, s, FEF, "withdraw 1_BEP", "may not be withdrawn")
	s, _ = do(t, r, s, FEF, "withdraw "+token(cands[0].ID))
	if len(s.Withdraw) != 1 || s.Withdraw[0] != "Withdraw" || s.unit(cands[0].ID).Loc != LocSaigon {
		t.Fatalf("3.9: with para and no para: two others: %v", s.Withdraw)
	}
	refused(t, r, s, FEF, "recall "+token(cands[0].ID), "was withdrawn this turn")
	s, ev := do(t, r, s, FEF, "done", 1, 1)
	has(t, ev, "(the weakest, RULINGS T36)")
	if s.Withdraw != nil {
		t.Errorf("3.9: withdrawals left %v", s.Withdraw)
	}
	s.Phase, s.First, s.Turn = PhaseRein1, FEF, 3
	vp := s.VP
	s, _ = do(t, r, s, FEF, "recall "+token(cands[0].ID))
	if u := s.unit(cands[0].ID); u.Loc != LocStandby || s.VP != vp-1 {
		t.Errorf("3.9 recall: %+v vp %d", u, s.VP)
	}
	refused(t, r, s, FEF, "bring "+token(cands[0].ID)+" 0919", "may be brought in from the next")
}

// 3.11: 1-2 victory points a turn buy 4 replacement steps each: 1 flips
// a unit back within 3 hexes of a friendly city, harbor or HQ; 2 rebuild
// a unit of the temporary dead box into the standby zone (4 from the
// permanent one), brought in a turn later; GCMA only rebuild.
func TestRule3_11_FEFReplacements(t *testing.T) {
	r := rules(t)
	s := reinState(t, r, FEF)
	rta := s.unit("1/3 RTA") // Bac Ninh, by Hanoi
	rta.Steps = 1
	refused(t, r, s, FEF, "replace 1/3_RTA", "3.11: the FEF has no replacement step")
	vp := s.VP
	s, _ = do(t, r, s, FEF, "buy 1")
	refused(t, r, s, FEF, "buy 2", "3.11: the FEF may pay 1-2 victory points a turn")
	if s.VP != vp-1 || s.FEFSteps != 4 {
		t.Fatalf("3.11: vp %d steps %d", s.VP, s.FEFSteps)
	}
	s, _ = do(t, r, s, FEF, "replace 1/3_RTA")
	refused(t, r, s, FEF, "replace 1/3_RTA", "is at full strength")
	gcma := &Unit{ID: "GCMA 9", Type: "GCMA", Side: FEF, Loc: rta.Loc, Steps: 1}
	r.addUnit(s, gcma)
	refused(t, r, s, FEF, "replace GCMA_9", "3.11: GCMA may not replace, they can only rebuild")
	dead := s.unit("RTS 2")
	dead.Loc, dead.Steps = LocPerm, 0
	refused(t, r, s, FEF, "rebuild RTS_2", "costs 4 replacement steps and the FEF has 3")
	dead.Loc = LocDead
	s, _ = do(t, r, s, FEF, "rebuild RTS_2")
	if u := s.unit("RTS 2"); u.Loc != LocStandby || u.Steps != 2 || s.FEFSteps != 1 {
		t.Errorf("3.11 rebuild: %+v steps %d", u, s.FEFSteps)
	}
	refused(t, r, s, FEF, "bring RTS_2 0919", "reached the standby zone this turn")
	_, ev := do(t, r, s, FEF, "done", 1, 1)
	has(t, ev, "3.11: 1 replacement step(s) not used are lost.")
}

// 3.0 and 2.0: the 1st player places first; the supply check follows the
// 2nd player's phase, then the 1st player's movement.
func TestRule3_0_PhaseOrder(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1950")
	s, _ = endOfTurn(t, r, s, 2, 1, 1, 1)
	if s.Phase != PhaseRein1 || s.awaited() != VM {
		t.Fatalf("3.0: %s %s", s.Phase, s.awaited())
	}
	refused(t, r, s, FEF, "done", "it is not the FEF's turn to order")
	refused(t, r, s, VM, "bring 2_BEP 0919", `"bring" is not an order in`)
	s, _ = do(t, r, s, VM, "done")
	if s.Phase != PhaseRein2 || s.awaited() != FEF {
		t.Fatalf("3.0: %s %s", s.Phase, s.awaited())
	}
	s, _ = do(t, r, s, FEF, "done")
	if s.Phase != PhaseMove1 || s.awaited() != VM {
		t.Fatalf("3.0 then 4.0: %s %s", s.Phase, s.awaited())
	}
}

// 3.6 and The Map: the VM's dumps and units at the Chinese railway supply
// center move to Lang Son whenever the VM wishes, if Lang Son is
// VM-friendly and the railway clear of FEF units (RULINGS T47).
func TestRule3_6_LangSonRailway(t *testing.T) {
	r := rules(t)
	rail := r.langSonRail()
	if rail == nil {
		t.Fatal("no railway from the center to Lang Son")
	}
	s := bare(t, r, VM, map[string]string{"VM DR 1": r.railwayCenter(), "42": r.railwayCenter()})
	s.VMFriendly = slices.DeleteFunc(s.VMFriendly, func(n string) bool { return n == "Lang Son" })
	refused(t, r, s, VM, "railway", "3.6: Lang Son is not friendly to the VM")
	s.VMFriendly = append(s.VMFriendly, "Lang Son")
	s.unit("1 BEP").Loc = rail[len(rail)/2]
	refused(t, r, s, VM, "railway", "3.6: the railway to Lang Son is not clear of FEF units")
	s.unit("1 BEP").Loc = LocSaigon
	if !slices.Contains(legalNext(r, s, VM), "railway") {
		t.Error("3.6: `railway` not offered")
	}
	refused(t, r, s, FEF, "railway", "it is not the FEF's turn")
	s, ev := do(t, r, s, VM, "railway")
	has(t, ev, "3.6: by the railway, the VM moves 42, VM DR 1 from "+r.railwayCenter()+" to "+r.urban["Lang Son"].Hex)
	if s.unit("42").Loc != r.urban["Lang Son"].Hex || s.unit("VM DR 1").Loc != r.urban["Lang Son"].Hex {
		t.Error("3.6: not moved")
	}
}
