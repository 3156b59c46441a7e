package tonkin

import (
	"slices"
	"strings"
	"testing"
)

// 4.1, 6.16 (RULINGS T64): urban areas change hands when 4.1 says, after
// the phase or the chunk of operation points, with their victory points;
// VM ZOC makes a town the VM's (Basics: ZOC), so a dump or Uncle Ho alone
// does not; a closed forest stack counts whatever it holds.

// montagnardTown finds an urban area of the montagnard area with victory
// values, a neighbour of the given terrain with no urban area, and a
// hex two away from the town (next to that neighbour) of any land.
func montagnardTown(t *testing.T, r *Rules, terrain ...string) (Urban, string) {
	t.Helper()
	for _, u := range r.d.Map.Urban {
		if !r.hexes[u.Hex].Montagnard || u.Kind == "city" || u.VPVM == 0 {
			continue
		}
		for _, n := range r.neighbors(u.Hex) {
			_, urb := r.urbanHex[n]
			if slices.Contains(terrain, r.hexes[n].Terrain) && !urb && r.hexes[n].Country == "vietnam" {
				ok := true
				for _, m := range r.neighbors(n) {
					if _, u2 := r.urbanHex[m]; u2 && m != u.Hex {
						ok = false // one town next to the hex only
					}
				}
				if ok {
					return u, n
				}
			}
		}
	}
	t.Fatalf("no montagnard town next to %v", terrain)
	return Urban{}, ""
}

func TestRule4_1_UrbanAreasChangeHandsAfterThePhase(t *testing.T) {
	r := rules(t)
	town, next := montagnardTown(t, r, "rough")
	reg, ho, dr := idOf(t, r, "REG"), idOf(t, r, "HO"), "VM DR 1"
	for _, c := range []struct {
		name  string
		units []string
		vm    bool
	}{
		{"a regiment", []string{reg}, true},
		{"Uncle Ho alone", []string{ho}, false},
		{"a dump alone", []string{dr}, false},
		{"Uncle Ho and a dump", []string{ho, dr}, false},
	} {
		s := bare(t, r, VM, map[string]string{})
		if slices.Contains(s.VMFriendly, town.Name) {
			t.Fatalf("%s is the VM's on the bare board", town.Name)
		}
		for _, id := range c.units {
			s.unit(id).Loc = next
		}
		s2, ev := do(t, r, s, VM, "done")
		got := slices.Contains(s2.VMFriendly, town.Name)
		if got != c.vm {
			t.Errorf("%s next to %s: VM-friendly %v, want %v\n%s", c.name, town.Name, got, c.vm, ev)
		}
		if c.vm {
			has(t, ev, "4.1, 6.16: "+town.Name+" becomes friendly to the VM")
			if s2.VP != s.VP-town.VPVM {
				t.Errorf("victory points %d -> %d, red %d", s.VP, s2.VP, town.VPVM)
			}
		}
	}
}

// A closed forest stack makes the town the VM's whatever it holds: the
// FEF cannot see whether it holds a unit with a ZOC (Basics: Stacking;
// RULINGS T16, T21, T64): the same text and points for Uncle Ho, a dump
// or a regiment.
func TestRule4_1_ClosedStackTownTellsNothing(t *testing.T) {
	r := rules(t)
	town, next := montagnardTown(t, r, "forest", "rough-forest")
	reg, ho, dr := idOf(t, r, "REG"), idOf(t, r, "HO"), "VM DR 1"
	var first string
	for _, units := range [][]string{{reg}, {ho}, {dr}} {
		s := bare(t, r, VM, map[string]string{})
		for _, id := range units {
			s.unit(id).Loc = next
		}
		s2, all := do(t, r, s, VM, "done")
		if !slices.Contains(s2.VMFriendly, town.Name) {
			t.Errorf("%v in forest next to %s: not VM-friendly", units, town.Name)
		}
		// the towns' lines (a dump on the map is counted openly, T18)
		var ev string
		for _, l := range strings.Split(all, "\n") {
			if strings.HasPrefix(l, "4.1") || strings.HasPrefix(l, "6.16") {
				ev += l + "\n"
			}
		}
		if first == "" {
			first = ev
		} else if ev != first {
			t.Errorf("the public text differs with what the closed stack holds:\n%s\n---\n%s", first, ev)
		}
	}
}

// 6.16: a town that changes hands in the last turn is scored before the
// end of the game is judged (the end movement is a phase; its points
// move after it).
func TestRule6_16_LastTurnTownScored(t *testing.T) {
	r := rules(t)
	town, next := montagnardTown(t, r, "rough")
	reg := idOf(t, r, "REG")
	s := bare(t, r, VM, map[string]string{})
	s.unit(reg).Loc = next
	s.Month, s.Last, s.Phase, s.First = "1951-08", "1951-08", PhaseEnd2, FEF
	s2, ev := do(t, r, s, VM, "done")
	has(t, ev, "4.1, 6.16: "+town.Name+" becomes friendly to the VM", "The game is over")
	if s2.VP != s.VP-town.VPVM {
		t.Errorf("victory points %d -> %d, red %d", s.VP, s2.VP, town.VPVM)
	}
}
