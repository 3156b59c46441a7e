package tonkin

import "testing"

// 4.5: an FEF unit traces supply up to 5 hexes along a navigable river
// to a friendly city with a Dinassaut at the source, the unit or between;
// along the river only VM-groups may stand (RULINGS T44: a hidden counter
// counts as one, a closed forest stack as a regiment).
func TestRule4_5_RiverSupply(t *testing.T) {
	r := rules(t)
	var paths [][]string // rivers from a city (path[0]) 5 hexes on
	for _, p := range r.d.Paths.Rivers {
		if p.Kind != "navigable" {
			continue
		}
		for i, h := range p.Hexes {
			u, ok := r.urbanHex[h]
			if !ok || u.Kind != "city" && !u.Harbor {
				continue
			}
			for _, dir := range []int{1, -1} {
				var q []string
				for k := 0; k <= 5; k++ {
					j := i + dir*k
					if j < 0 || j >= len(p.Hexes) {
						break
					}
					q = append(q, p.Hexes[j])
				}
				if len(q) == 6 {
					paths = append(paths, q)
				}
			}
		}
	}
	s := bare(t, r, FEF, map[string]string{})
	var path []string
	for _, q := range paths {
		if !r.supplyContext(s)(&Unit{ID: "x", Type: "RIC", Side: FEF, Steps: 2}, q[5]) && !r.Opaque(q[2]) {
			path = q
			break
		}
	}
	if path == nil {
		t.Fatal("no navigable river 5 hexes long from a city, out of supply over land at its end")
	}
	unitAt := path[5]
	s.unit("23 RIC").Loc = unitAt
	inf := s.unit("23 RIC")
	sup := func() bool { return r.supplyContext(s)(inf, unitAt) }
	if sup() {
		t.Fatalf("4.5: in supply at %s with no Dinassaut", unitAt)
	}
	s.unit("DNA 1").Loc = path[3]
	if !sup() {
		t.Fatalf("4.5: a Dinassaut between (%s) and the city %s 5 hexes down the river: out of supply", path[3], path[0])
	}
	reg := s.unit("308/36")
	reg.Loc = path[2]
	if sup() {
		t.Error("4.5: a VM regiment on the river blocks the trace")
	}
	reg.Loc = "0101"
	g := s.unit(idOf(t, r, "VMG"))
	g.Loc = path[2]
	if !sup() {
		t.Error("4.5: a VM-group does not block the trace")
	}
	g.Type, g.Steps = "DUMMY", 0 // hidden: the same for the FEF
	if !sup() {
		t.Error("4.5: a hidden dummy blocks the trace: it tells the FEF what the counter is")
	}
}
