package tonkin

import (
	"strings"
	"testing"
)

// 6.5 (AUDIT row 287): "VM-groups/GCMA may only retreat once before an
// overrun": a group that retreated before the first overrun of a move
// (RULINGS T62) is not asked again before its second.
func TestRule6_5_RetreatOnceBeforeAnOverrun(t *testing.T) {
	r := rules(t)
	ok := func(id string) bool {
		h := r.hexes[id]
		_, urb := r.urbanHex[id]
		return h.Terrain == "clear" && h.Country == "vietnam" && !h.Coastal && !urb && len(r.geo.riversAt[id]) == 0
	}
	var A, X, Y string
	for _, a := range r.geo.ids {
		if !ok(a) {
			continue
		}
		for _, x := range r.neighbors(a) {
			if !ok(x) || r.geo.road[edge(a, x)] || r.geo.rail[edge(a, x)] {
				continue
			}
			for _, y := range r.neighbors(x) {
				if y != a && ok(y) && !Adjacent(a, y) && !r.geo.road[edge(x, y)] && !r.geo.rail[edge(x, y)] {
					A, X, Y = a, x, y
					break
				}
			}
			if Y != "" {
				break
			}
		}
		if Y != "" {
			break
		}
	}
	bep, grp, reg := idOf(t, r, "BEP"), idOf(t, r, "VMG"), idOf(t, r, "REG")
	s := opsState(t, r, FEF, A, map[string]string{bep: A, grp: X, reg: Y})
	s.unit(grp).Hidden = false
	stand(s, VM, "evade", "ask")
	s2, ev := do(t, r, s, FEF, "move "+token(bep)+" "+X+" "+Y)
	t.Logf("A %s X %s Y %s; asked %q of %s\n%s", A, X, Y, s2.Combat.Ask, s2.Combat.Asked, ev)
	s3, ev := do(t, r, s2, VM, "evade "+Y, 6, 6, 6, 6)
	t.Logf("after evade to %s: %+v\n%s", Y, s3.Combat, ev)
	if s3.Combat != nil && s3.Combat.Ask == "evade" && strings.Contains(s3.Combat.Target, Y) {
		t.Errorf("6.5: %s, having retreated before the overrun of %s, is asked to retreat again before the overrun of %s in the same move", grp, X, Y)
	}
}
