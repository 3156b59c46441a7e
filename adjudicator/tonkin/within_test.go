package tonkin

import (
	"strings"
	"testing"
)

// ringed: a clear hex of Vietnam whose six neighbours are land of Vietnam
// with no urban area, and a hex two away from it.
func ringed(t *testing.T, r *Rules) (string, string) {
	t.Helper()
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if h.Terrain != "clear" || h.Country != "vietnam" || len(r.neighbors(id)) != 6 {
			continue
		}
		ok := true
		for _, n := range r.neighbors(id) {
			x := r.hexes[n]
			_, urb := r.urbanHex[n]
			ok = ok && x.Terrain != "sea" && x.Country == "vietnam" && !urb && len(r.neighbors(n)) == 6
		}
		if !ok {
			continue
		}
		for _, far := range r.geo.ids {
			if dist(far, id) == 2 && r.hexes[far].Terrain != "sea" && r.hexes[far].Country == "vietnam" {
				return id, far
			}
		}
	}
	t.Fatal("no hex ringed by land")
	return "", ""
}

// Basics (Tracing): "to be within a certain number of hexes means a line
// uncut by enemy units": 6.3 e)'s "within 3 hexes of the spending supply
// dump" is such a line. A battalion two hexes from the dump, ringed by VM
// units, may not attack one of them; with the VM only in the hex attacked
// it may. The FEF's line is cut by any VM counter it sees, a hidden one
// included, whatever it is (RULINGS T74).
func TestBasics_Tracing_AttackRangeIsALineUncut(t *testing.T) {
	r := rules(t)
	y, dump := ringed(t, r)
	bep := idOf(t, r, "BEP")
	place := map[string]string{bep: y}
	var vm []string
	for _, u := range setup(t, r, "1950").Units {
		if u.Side == VM && (u.Type == "REG" || u.Type == "DUMMY") && len(vm) < 6 {
			vm = append(vm, u.ID)
		}
	}
	var target string
	for i, n := range r.neighbors(y) {
		place[vm[i]] = n
		if target == "" {
			target = n
		}
	}
	s := opsState(t, r, FEF, dump, place)
	refused(t, r, s, FEF, "attack "+target+" "+token(bep), "is not within 3 hexes of the FEF's spending supply dump (6.3 e; Basics: Tracing, a line uncut by enemy units)")
	for _, h := range r.attackTargets(s, FEF) {
		if Adjacent(h, y) {
			t.Errorf("the legal tree offers an attack on %s from the ringed %s", h, y)
		}
	}
	// open the ring on the dump's side: the line is uncut
	for _, n := range r.neighbors(y) {
		if n != target && dist(n, dump) == 1 {
			for _, u := range s.Units {
				if u.Loc == n {
					u.Loc = LocDead
				}
			}
		}
	}
	if !r.nearDump(s, s.unit(bep)) {
		t.Fatal("the ring opened towards the dump still cuts the line")
	}
	stand(s, VM, "ambush", "no")
	stand(s, VM, "evade", "no")
	do(t, r, s, FEF, "attack "+target+" "+token(bep), 3, 3, 6, 6)
}

// 6.15 and 6.7: "more than 3 hexes away from another supplied FEF unit"
// and "another FEF unit within 3 hexes" are lines uncut by VM units: a
// supplied battalion two hexes away behind a ring of VM counters (a
// hidden dummy among them cuts it as well, since the FEF cannot tell it
// from a VM-group) saves neither the garrison's step nor the prisoners
// (RULINGS T74).
func TestRule6_15_PermanentDeathAndGarrisonStepCountALine(t *testing.T) {
	r := rules(t)
	y, far := ringed(t, r)
	bep := idOf(t, r, "BEP")
	place := map[string]string{bep: far}
	var vm []string
	for _, u := range setup(t, r, "1950").Units {
		if u.Side == VM && u.Type == "DUMMY" && len(vm) < 6 {
			vm = append(vm, u.ID)
		}
	}
	for _, u := range setup(t, r, "1950").Units {
		if u.Side == VM && u.Type == "REG" && len(vm) < 6 {
			vm = append(vm, u.ID)
		}
	}
	for i, n := range r.neighbors(y) {
		place[vm[i]] = n
	}
	s := bare(t, r, FEF, place)
	for _, u := range s.Units {
		if u.Side == VM && u.Type == "DUMMY" && onMap(u.Loc) {
			u.Hidden = true
		}
	}
	if r.nearSupplied(s, y) {
		t.Error("6.15: a unit behind a ring of VM counters counts as near")
	}
	if len(r.substitutes(s, y)) != 0 {
		t.Error("6.7: a unit behind a ring of VM counters may take a garrison's step")
	}
	for _, u := range s.Units {
		if u.Side == VM && onMap(u.Loc) && dist(u.Loc, far) == 1 {
			u.Loc = LocDead
		}
	}
	if !r.nearSupplied(s, y) || len(r.substitutes(s, y)) != 1 {
		t.Error("with the ring open the battalion two hexes away is near")
	}
}

// RULINGS T74, hidden information: a ring of hidden counters cuts the
// FEF's line to its dump whether they are dummies or VM-groups: the FEF's
// legal attacks and its refusal read the same for both twins.
func TestBasics_Tracing_DummiesCutLikeGroups(t *testing.T) {
	r := rules(t)
	y, dump := ringed(t, r)
	bep := idOf(t, r, "BEP")
	var texts []string
	for _, typ := range []string{"DUMMY", "VMG"} {
		place := map[string]string{bep: y}
		var ids []string
		for _, u := range setup(t, r, "1950").Units {
			if u.Type == typ && len(ids) < 6 {
				ids = append(ids, u.ID)
			}
		}
		if len(ids) < 6 {
			t.Skipf("fewer than 6 %s in 1950", typ)
		}
		nb := r.neighbors(y)
		for i, n := range nb {
			place[ids[i]] = n
		}
		s := opsState(t, r, FEF, dump, place)
		for _, id := range ids {
			s.unit(id).Hidden = true
		}
		d := dice{}
		_, _, err := r.Apply(s, FEF, "attack "+nb[0]+" "+token(bep), &d)
		if err == nil || !strings.Contains(err.Error(), "a line uncut by enemy units") {
			t.Fatalf("%s ring: want the refusal of a cut line, got %v", typ, err)
		}
		texts = append(texts, err.Error()+" | "+strings.Join(r.attackTargets(s, FEF), ","))
	}
	if texts[0] != texts[1] {
		t.Errorf("dummies and VM-groups read differently to the FEF:\n%s\n%s", texts[0], texts[1])
	}
}
