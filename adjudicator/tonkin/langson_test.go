package tonkin

import (
	"slices"
	"testing"
)

// 3.6 and The Map: "If Lang Son is friendly to the VM and the railway is
// clear of FEF units, the VM may choose to regard Lang Son as the
// Chinese railway supply center": a dump rolled 1-4 may then be placed
// at Lang Son (`dump <Lang Son>`), without what else stands at the
// center; a dump rolled 5-6 may go there too (RULINGS T48). Not while
// Lang Son is not the VM's or the railway holds a FEF unit.
func TestRule3_6_LangSonAsRailwaySupplyCenter(t *testing.T) {
	r := rules(t)
	center, ls := r.railwayCenter(), r.urban["Lang Son"].Hex
	s := setup(t, r, "1950")
	s.Month = "1950-11"
	for _, u := range s.Units {
		if u.Loc == ls || u.Side == FEF && u.Type == "DR" {
			u.Loc = LocSaigon // Lang Son evacuated by the FEF
		}
	}
	s.Garrisons = slices.DeleteFunc(s.Garrisons, func(n string) bool { return n == "Lang Son" })
	s.unit("42").Loc = center
	if !slices.Contains(s.VMFriendly, "Lang Son") {
		s.VMFriendly = append(s.VMFriendly, "Lang Son")
	}
	s, ev := endOfTurn(t, r, s, 2, 1, 3, 6) // sun, the VM first; dumps rolled 3 and 6
	has(t, ev, "3.6: VM supply dump roll 3: VM DR", "at the Chinese railway supply center ("+center+")",
		"Lang Son may be regarded as the Chinese railway supply center: `dump "+ls+"`")
	if s.Phase != PhaseRein1 || s.VMDumpsFree != 1 || r.railDump(s) == nil || !slices.Contains(s.VMFriendly, "Lang Son") {
		t.Fatalf("3.6: phase %s free %d rail dump %v friendly %v", s.Phase, s.VMDumpsFree, r.railDump(s), s.VMFriendly)
	}
	rolled := r.railDump(s).ID
	if !slices.Contains(legalNext(r, s, VM, "dump"), ls) {
		t.Error("3.6: the legal tree does not offer Lang Son for the dumps")
	}
	// not while Lang Son is not the VM's, nor with a FEF unit on the railway
	x := s.clone()
	x.VMFriendly = slices.DeleteFunc(x.VMFriendly, func(n string) bool { return n == "Lang Son" })
	refused(t, r, x, VM, "dump "+ls, "The Map: Lang Son may be regarded as the Chinese railway supply center only while it is VM-friendly and the railway clear of FEF units: 3.6: Lang Son is not friendly to the VM")
	if slices.Contains(legalNext(r, x, VM, "dump"), ls) {
		t.Error("3.6: Lang Son offered while it is not the VM's")
	}
	x = s.clone()
	x.unit("1/4 RTM").Loc = ls
	refused(t, r, x, VM, "dump "+ls, "3.6: the railway to Lang Son is not clear of FEF units ("+ls+")")
	// the dump rolled 1-4 to Lang Son, the regiment at the center stays
	s, ev = do(t, r, s, VM, "dump "+ls)
	has(t, ev, "3.6, The Map: the VM regards Lang Son as the Chinese railway supply center, instead of "+center+" (RULINGS T48): "+rolled+" at "+ls+" (Lang Son).")
	if s.unit(rolled).Loc != ls || s.unit("42").Loc != center || s.VMDumpsFree != 1 {
		t.Fatalf("3.6: dump at %s, 42 at %s, free %d", s.unit(rolled).Loc, s.unit("42").Loc, s.VMDumpsFree)
	}
	// the one rolled 5-6: Lang Son is a supply center while so regarded
	s, _ = do(t, r, s, VM, "dump "+ls)
	n := 0
	for _, u := range s.Units {
		if u.Side == VM && u.Type == "DR" && u.Loc == ls {
			n++
		}
	}
	if n != 2 || s.VMDumpsFree != 0 {
		t.Errorf("3.6: %d dumps at Lang Son, %d to place", n, s.VMDumpsFree)
	}
	refused(t, r, s, VM, "dump "+ls, "3.6: the VM has no supply dump to place")
}
