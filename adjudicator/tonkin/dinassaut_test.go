package tonkin

import (
	"slices"
	"strings"
	"testing"
)

// 5.7: "VM units of any kind do not bother DNA moving along coastal
// hexes": along the coast a Dinassaut passes a hex holding VM units of
// any kind (not only VM-groups) for no extra point, never stopping there;
// their ZOC costs it nothing there and does not take its doubled
// allowance (5.1, 5.2); leaving a coastal hex in VM ZOC up a river is
// starting in an enemy ZOC. Along a river a hex holding a regiment still
// stops it (RULINGS T45, T49).
func TestRule5_7_DinassautAlongTheCoast(t *testing.T) {
	r := rules(t)
	water := func(h string) bool { x := r.hexes[h]; return x.Terrain == "sea" || x.Coastal }
	// a coastal land hex b between two water hexes a and c
	var a, b, c string
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if a != "" || !h.Coastal || h.Terrain == "sea" || h.Country != "vietnam" || r.urbanHex[id].Name != "" {
			continue
		}
		for _, x := range r.neighbors(id) {
			for _, y := range r.neighbors(id) {
				if a == "" && water(x) && water(y) && dist(x, y) == 2 && r.geo.riverEdge[edge(x, id)] == "" && r.geo.riverEdge[edge(id, y)] == "" {
					a, b, c = x, id, y
				}
			}
		}
	}
	if a == "" {
		t.Fatal("no coastal hex between two water hexes")
	}
	for _, vm := range []string{"308/36", idOf(t, r, "VMG")} {
		s := bare(t, r, FEF, map[string]string{"DNA 1": a, "23 RIC": a, vm: b})
		s.unit(vm).Hidden = false
		x, ev := do(t, r, s, FEF, "move DNA_1 "+b+" "+c)
		has(t, ev, "5.1: the FEF moves DNA 1 from "+a+" to "+c+" via "+b+".")
		if x.unit("DNA 1").Loc != c {
			t.Errorf("5.7: the Dinassaut did not pass %s along the coast", vm)
		}
		if rt := r.reach(r.moveBoard(s, FEF), s.unit("DNA 1")); rt.path(c) == nil {
			t.Errorf("5.7: no route to %s", c)
		} else if cost, _ := rt.cost(c); cost != 4 {
			t.Errorf("5.7: %s costs %d half points past %s, want 4 (1 a hex, no extra along the coast)", c, cost, vm)
		}
		refused(t, r, s, FEF, "move DNA_1 "+b, "enemy units are there")
		refused(t, r, s, FEF, "move 23_RIC "+b+" "+c, "cannot enter "+b)
	}

	// up the Red River from its mouth
	var red []string
	for _, rv := range r.d.Paths.Rivers {
		if rv.ID == "red" {
			red = slices.Clone(rv.Hexes)
			slices.Reverse(red)
		}
	}
	if len(red) < 14 || !water(red[0]) || water(red[1]) {
		t.Fatalf("the Red River's mouth: %v", red)
	}
	mouth, up := red[0], red[1:14] // 13 hexes: more than 12, within 24
	v := ""
	for _, n := range r.neighbors(mouth) {
		if v == "" && r.hexes[n].Terrain != "sea" && !slices.ContainsFunc(up, func(h string) bool { return dist(h, n) <= 1 }) {
			v = n
		}
	}
	if v == "" {
		t.Fatal("no land hex by the mouth away from the river")
	}
	path := "move DNA_1 " + strings.Join(up, " ")
	s := bare(t, r, FEF, map[string]string{"DNA 1": mouth})
	if x, _ := do(t, r, s, FEF, path); x.unit("DNA 1").Loc != up[12] {
		t.Fatal("5.2: 13 hexes up the river out of VM ZOC")
	}
	s.unit("308/36").Loc = v // the mouth is now in VM ZOC
	refused(t, r, s, FEF, path, "its movement allowance doubles only when it does not start, pass or end in an enemy ZOC (5.2)")
	// no route from there up the river beyond the undoubled 12 points
	rt := r.reach(r.moveBoard(s, FEF), s.unit("DNA 1"))
	for _, h := range r.geo.ids {
		if p := rt.path(h); p != nil && !water(p[0]) {
			if cost, _ := rt.cost(h); cost > 24 {
				t.Errorf("5.2: %s up the river from VM ZOC for %d half points: %v", h, cost, p)
			}
		}
	}
	// along the coast the same ZOC does not take the doubling
	far := ""
	for i, h := range r.geo.ids {
		if cost, ok := rt.cost(h); ok && cost > 24 && far == "" && !slices.ContainsFunc(rt.path(h), func(x string) bool { return !water(x) }) {
			far = r.geo.ids[i]
		}
	}
	if far == "" {
		t.Fatal("5.2: no coastal hex beyond 12 points of the mouth in VM ZOC")
	}
	if x, _ := do(t, r, s, FEF, "move DNA_1 "+far); x.unit("DNA 1").Loc != far {
		t.Error("5.7: along the coast")
	}
	if !slices.Contains(legalNext(r, s, FEF, "move", "DNA_1"), far) {
		t.Errorf("5.7: the legal tree does not offer %s along the coast", far)
	}
}

// 5.7: the ship sails between two friendly harbors with no route to
// judge: VM units on the coast between them do not stop it (RULINGS T49).
func TestRule5_7_ShipPastVMUnitsOnTheCoast(t *testing.T) {
	r := rules(t)
	var ports []string
	for _, u := range r.d.Map.Urban {
		if u.Harbor {
			ports = append(ports, u.Hex)
		}
	}
	if len(ports) < 2 {
		t.Fatal("fewer than two harbors")
	}
	place := map[string]string{"23 RIC": ports[0]}
	vms := []string{"308/36", "308/88", "308/102", "312/141", "312/165"}
	n := 0
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if h.Coastal && h.Terrain != "sea" && r.urbanHex[id].Name == "" && n < len(vms) {
			place[vms[n]] = id
			n++
		}
	}
	s := bare(t, r, FEF, place)
	s.VMFriendly = nil
	x, _ := do(t, r, s, FEF, "ship 23_RIC "+ports[1])
	if x.unit("23 RIC").Loc != ports[1] {
		t.Error("5.7: the ship")
	}
}

// 5.7: "They can attack enemy units along navigable river/coastal
// hexes": a Dinassaut on a navigable river attacks a VM unit up or down
// the river, not one on a land hex off it; the legal tree offers the one
// and not the other (RULINGS T76).
func TestRule5_7_DinassautAttacksOnlyAlongTheWater(t *testing.T) {
	r := rules(t)
	var at, up, off string
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if at != "" || h.Coastal || h.Terrain == "sea" || h.Country != "vietnam" || r.urbanHex[id].Name != "" {
			continue
		}
		u, o := "", ""
		for _, n := range r.neighbors(id) {
			x := r.hexes[n]
			if x.Coastal || x.Terrain == "sea" || x.Country != "vietnam" || r.urbanHex[n].Name != "" {
				continue
			}
			switch {
			case r.geo.riverEdge[edge(id, n)] == "navigable" && u == "":
				u = n
			case r.geo.riverEdge[edge(id, n)] == "" && len(r.geo.riversAt[n]) == 0 && o == "":
				o = n
			}
		}
		if u != "" && o != "" {
			at, up, off = id, u, o
		}
	}
	if at == "" {
		t.Fatal("no navigable river hex with a land hex off the river next to it")
	}
	s := opsState(t, r, FEF, at, map[string]string{"DNA 1": at, "308/36": off, "308/88": up})
	refused(t, r, s, FEF, "attack "+off+" DNA_1", "Dinassauts attack only along a navigable river or between coastal hexes (5.7)")
	// nor overrun off the water, in a move (RULINGS T62)
	refused(t, r, s, FEF, "move DNA_1 "+off, "DNA 1 cannot overrun "+off+": Dinassauts move only along navigable rivers and coastal hexes (5.7)")
	targets := r.attackTargets(s, FEF)
	if slices.Contains(targets, off) || !slices.Contains(targets, up) {
		t.Errorf("the hexes the Dinassaut may attack: %v, want %s and not %s", targets, up, off)
	}
	stand(s, VM, "ambush", "no")
	_, ev := do(t, r, s, FEF, "attack "+up+" DNA_1", 3, 3, 6, 6)
	has(t, ev, "6.6: The FEF attacks "+up+" from "+at+" with DNA 1.")
}

// 6.10: "If a trench is evacuated or occupied only by DNA, it will
// disappear": the battalion leaves an entrenched hex it shared with a
// Dinassaut; the Dinassaut left alone loses the trench (RULINGS T78).
func TestRule6_10_TrenchHeldOnlyByADinassautGoes(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	bep := idOf(t, r, "BEP")
	s := bare(t, r, FEF, map[string]string{"DNA 1": a, bep: a})
	s.unit("DNA 1").Trench, s.unit(bep).Trench = true, true
	s2, ev := do(t, r, s, FEF, "move "+token(bep)+" "+b)
	has(t, ev, "6.10: the trench at "+a+" is held only by a Dinassaut and disappears.")
	if s2.unit("DNA 1").Trench {
		t.Error("the Dinassaut alone keeps the trench")
	}
	// with another unit still there the trench stays
	bpc := idOf(t, r, "BPC")
	s = bare(t, r, FEF, map[string]string{"DNA 1": a, bep: a, bpc: a})
	s.unit("DNA 1").Trench, s.unit(bep).Trench, s.unit(bpc).Trench = true, true, true
	s2, ev = do(t, r, s, FEF, "move "+token(bep)+" "+b)
	if strings.Contains(ev, "6.10") || !s2.unit("DNA 1").Trench || !s2.unit(bpc).Trench {
		t.Errorf("the trench went with a battalion still in it:\n%s", ev)
	}
}
