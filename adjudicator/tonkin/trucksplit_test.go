package tonkin

import (
	"slices"
	"testing"
)

// clearHexes: n clear hexes of Vietnam the route reaches, not urban, at
// least 2 hexes from at, each with nothing on it.
func clearHexes(r *Rules, s *State, rt route, at string, n int) []string {
	var out []string
	for i, h := range r.geo.ids {
		x := r.hexes[h]
		if rt.best[i] >= 0 && len(out) < n && x.Terrain == "clear" && x.Country == "vietnam" && r.urbanHex[h].Name == "" && dist(h, at) >= 2 && r.stackAt(s, FEF, h, nil)+r.stackAt(s, VM, h, nil) == 0 {
			out = append(out, h)
		}
	}
	return out
}

// 5.3, 5.4: "Each truck transport may move 2 stacks in 2 different
// hexes", "up to 6 stacking points ..., in 1 hex or split up in 2
// hexes": one order carries a load of one hex split in two parts to two
// hexes, the parts sharing the trucks; each truck carries 6 stacking
// points, no counter split between two; up to 3 trucks an order or
// movement phase, the turn's scale counted (RULINGS T50).
func TestRule5_4_TruckSplitInTwoHexes(t *testing.T) {
	r := rules(t)
	s := bare(t, r, FEF, map[string]string{"1/13 DBLE": "0919", "1/3 RTA": "0919", "2/3 RTA": "0919", "FEF DR 1": "0919", "FEF DR 2": "0919", "1 BEP": "0819"})
	rt := r.truckRoute(s, FEF, "0919")
	hs := clearHexes(r, s, rt, "0919", 2)
	if len(hs) < 2 {
		t.Fatal("no two truck destinations from Hanoi")
	}
	a, b := hs[0], hs[1]
	trucks := s.FEFTrucks
	x, ev := do(t, r, s, FEF, "truck 1/13_DBLE "+a+" 1/3_RTA+FEF_DR_1 "+b)
	has(t, ev, "5.4 1 truck transport(s): the FEF moves 1/13 DBLE from 0919 to "+a+" by 1 truck transport(s).",
		"5.4 the same truck transport(s): the FEF moves 1/3 RTA, FEF DR 1 from 0919 to "+b+" by the same truck transport(s).")
	if x.unit("1/13 DBLE").Loc != a || x.unit("1/3 RTA").Loc != b || x.unit("FEF DR 1").Loc != b || x.FEFTrucks != trucks-1 || x.transUsed("truck") != 1 {
		t.Fatalf("5.4: %s %s %s trucks %d used %d", x.unit("1/13 DBLE").Loc, x.unit("1/3 RTA").Loc, x.unit("FEF DR 1").Loc, x.FEFTrucks, x.transUsed("truck"))
	}
	// 6 stacking points a truck: two dumps (3 each) and a battalion need 2
	x, ev = do(t, r, s, FEF, "truck FEF_DR_1+FEF_DR_2 "+a+" 1/3_RTA "+b)
	has(t, ev, "5.4 2 truck transport(s): the FEF moves FEF DR 1, FEF DR 2 from 0919 to "+a)
	if x.FEFTrucks != trucks-2 {
		t.Errorf("5.4: trucks %d, want %d", x.FEFTrucks, trucks-2)
	}
	refused(t, r, s, FEF, "truck 1/13_DBLE "+a+" 1/3_RTA "+a, "5.4: a split load goes to two different hexes; to carry it all to "+a+" write `truck 1/13_DBLE+1/3_RTA "+a+"`")
	refused(t, r, s, FEF, "truck 0919 "+a+" 1/3_RTA "+b, "5.4: 1/3 RTA is in both parts of the load")
	refused(t, r, s, FEF, "truck 1/13_DBLE "+a+" 1_BEP "+b, "5.3: a truck transport carries units stacked together at the beginning of its move: 1/13 DBLE is at 0919 and 1 BEP at 0819")
	refused(t, r, s, FEF, "truck 1/13_DBLE "+a+" 1/3_RTA", "usage: `truck <unit|unit+unit|hex> <hex>`, or split in two hexes `truck <units> <hex> <units> <hex>`")
	refused(t, r, s, FEF, "truck 1/13_DBLE "+a+" 1/3_RTA 0101", "5.4: no truck route from 0919 reaches 0101")
	s.FEFTrucks = 1
	refused(t, r, s, FEF, "truck FEF_DR_1+FEF_DR_2 "+a+" 1/3_RTA "+b, "5.8: this load needs 2 truck transport(s) and the FEF has 1 left")
	s.FEFTrucks = 10
	s.useTrans("truck", 2)
	refused(t, r, s, FEF, "truck FEF_DR_1+FEF_DR_2 "+a+" 1/3_RTA "+b, "5.3: up to 3 truck transports at a time (this load needs 2, 2 used)")
	// the legal tree offers the split: the second part next to the first
	s.Trans = nil
	if !slices.Contains(legalNext(r, s, FEF, "truck", "1/13_DBLE", a), "1/3_RTA") {
		t.Fatalf("5.4: the legal tree offers no split after `truck 1/13_DBLE %s`", a)
	}
	second := legalNext(r, s, FEF, "truck", "1/13_DBLE", a, "1/3_RTA")
	if len(second) == 0 || slices.Contains(second, a) {
		t.Fatalf("5.4: the split's second hexes: %v", second)
	}
	if y, _ := do(t, r, s, FEF, "truck 1/13_DBLE "+a+" 1/3_RTA "+second[0]); y.unit("1/3 RTA").Loc != second[0] {
		t.Error("5.4: the tree's split")
	}

	// the VM: 3 regiments of 4 stacking points need 3 trucks, not 2
	var at string
	v := bare(t, r, VM, map[string]string{})
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if at == "" && h.Terrain == "clear" && h.Country == "vietnam" && r.urbanHex[id].Name == "" && r.roadToCenter(v, id) {
			at = id
		}
	}
	if at == "" {
		t.Fatal("no clear hex on a road to a supply center")
	}
	v = bare(t, r, VM, map[string]string{"308/36": at, "308/88": at, "308/102": at})
	v.VMTrucks = 2
	vh := clearHexes(r, v, r.truckRoute(v, VM, at), at, 2)
	if len(vh) < 2 {
		t.Fatal("no two VM truck destinations")
	}
	refused(t, r, v, VM, "truck 308/36+308/88+308/102 "+vh[0], "5.8: this load needs 3 truck transport(s) and the VM has 2 left")
	refused(t, r, v, VM, "truck 308/36+308/88 "+vh[0]+" 308/102 "+vh[1], "5.8: this load needs 3 truck transport(s) and the VM has 2 left")
	v, ev = do(t, r, v, VM, "truck 308/36 "+vh[0]+" 308/88 "+vh[1])
	has(t, ev, "5.4 2 truck transport(s)", "5.4 the same truck transport(s)")
	if v.VMTrucks != 0 || v.unit("308/36").Loc != vh[0] || v.unit("308/88").Loc != vh[1] {
		t.Errorf("5.4: VM trucks %d, %s %s", v.VMTrucks, v.unit("308/36").Loc, v.unit("308/88").Loc)
	}
}
