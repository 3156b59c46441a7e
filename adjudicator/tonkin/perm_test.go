package tonkin

import "testing"

// 6.15 (AUDIT row 367): a unit dies for good unless "within 3 hexes of a
// supplied FEF unit": a garrison out of supply (4.6) near it is none, so
// 1 BEP dying next to one goes to the permanent dead box.
func TestRule6_15_OutOfSupplyGarrisonIsNoSuppliedUnit(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "mountain")
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
	s.unit(reg).Trench = true
	stand(s, VM, "ambush", "no")
	// a garrisoned town within 3 hexes of a, out of supply
	g := ""
	for _, u := range r.d.Map.Urban {
		if u.Hex != a && u.Hex != b && hexDist(u.Hex, a) <= 2 {
			g = u.Name
			break
		}
	}
	if g == "" {
		t.Fatal("no town near")
	}
	s.Garrisons, s.GarrisonOoS = []string{g}, []string{g}
	s2, ev := do(t, r, s, FEF, "attack "+b, 1, 1, 1, 6)
	t.Logf("town %s at %s, a %s; %s at %s\n%s", g, r.urban[g].Hex, a, bep, s2.unit(bep).Loc, ev)
	if s2.unit(bep).Loc != LocPerm {
		t.Errorf("6.15: %s died next to an out-of-supply garrison only and went to %s, not the permanent box", bep, s2.unit(bep).Loc)
	}
}
