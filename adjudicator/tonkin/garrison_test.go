package tonkin

import (
	"slices"
	"strings"
	"testing"
)

// 6.3 c): "Place trench markers on up to 3 units/garrisons at or within 1
// hex of a supply dump": a garrison, named by its hex, takes a trench
// marker; the marker is open to all, keeps it in supply (4.3: "in a
// trench") and gives its defence the trench modifier (6.10); the legal
// tree offers it (RULINGS T71).
func TestRule6_3c_TrenchOnAGarrison(t *testing.T) {
	r := rules(t)
	town, from := garrisonTown(r)
	bep := idOf(t, r, "BEP")
	s := opsState(t, r, FEF, "0101", map[string]string{"FEF DR 2": town.Hex, bep: from})
	s.Garrisons = []string{town.Name}
	refused(t, r, s, FEF, "trench "+town.Hex+" "+from, "6.3 c): there is no garrison of yours at "+from)
	offered := false
	for _, c := range r.optionChoices(s, FEF) {
		if c.Word == "trench" {
			for _, d := range c.Next {
				for _, u := range d.Next {
					offered = offered || d.Word == town.Hex && u.Word == town.Hex
				}
			}
		}
	}
	if !offered {
		t.Error("the legal tree does not offer the garrison's trench")
	}
	s2, ev := do(t, r, s, FEF, "trench "+town.Hex+" "+town.Hex)
	has(t, ev, "6.3 c): the FEF entrenches the garrison of "+town.Name+" and removes its supply dump at "+town.Hex)
	if !slices.Contains(s2.GarrisonTrench, town.Name) || s2.unit("FEF DR 2").Loc != LocDead {
		t.Fatalf("garrison trenches %v, dump at %s", s2.GarrisonTrench, s2.unit("FEF DR 2").Loc)
	}
	if v := r.View(s2, viewers[0].v); !strings.Contains(strings.Join(v.Status, "\n"), "Entrenched garrisons (6.3 c): "+town.Name) {
		t.Error("the public status does not show the garrison's trench")
	}
	refused(t, r, s2, FEF, "trench "+town.Hex+" "+town.Hex, "6.3 c)")
	// 6.10: "Any unit moving into a friendly trench also becomes
	// entrenched": the garrison's trench is one
	if s4, _ := do(t, r, s2, FEF, "move "+token(bep)+" "+town.Hex); !s4.unit(bep).Trench {
		t.Error("6.10: a unit moving into the entrenched garrison's hex is not entrenched")
	}
	// the VM attacks it: the trench modifier counts
	reg := idOf(t, r, "REG")
	s3 := opsState(t, r, VM, from, map[string]string{reg: from})
	s3.Garrisons, s3.GarrisonTrench = []string{town.Name}, []string{town.Name}
	_, ev = do(t, r, s3, VM, "attack "+town.Hex, 6, 6, 6, 6)
	has(t, ev, "trench -")
	s3.GarrisonTrench = nil
	_, ev = do(t, r, s3, VM, "attack "+town.Hex, 6, 6, 6, 6)
	if strings.Contains(ev, "trench -") {
		t.Errorf("a garrison with no trench marker defends with the trench modifier:\n%s", ev)
	}
}

// 4.3, 4.4: a garrison "in a trench" or "within 3 hexes of a friendly
// supply dump" is in supply: cut off from every city and harbor by VM
// units all round, a garrison with a dump in its hex, or entrenched,
// stays supplied; without either it is marked out of supply (RULINGS
// T71).
func TestRule4_4_GarrisonSuppliedByADumpOrATrench(t *testing.T) {
	r := rules(t)
	var town Urban
	for _, u := range r.d.Map.Urban {
		if u.Garrison && u.Kind != "city" && !u.Harbor && town.Name == "" {
			town = u
		}
	}
	place := map[string]string{}
	var regs []string
	for _, u := range setup(t, r, "1950").Units {
		if u.Type == "REG" {
			regs = append(regs, u.ID)
		}
	}
	i := 0
	for _, n := range r.neighbors(town.Hex) {
		if r.hexes[n].Terrain != "sea" {
			place[regs[i]] = n
			i++
		}
	}
	check := func(s *State) bool {
		s.Garrisons = []string{town.Name}
		e := &events{}
		r.supplyCheck(s, e)
		return !slices.Contains(s.GarrisonOoS, town.Name)
	}
	if check(bare(t, r, FEF, place)) {
		t.Fatalf("the garrison of %s surrounded by VM units is in supply", town.Name)
	}
	withDump := map[string]string{"FEF DR 2": town.Hex}
	for k, v := range place {
		withDump[k] = v
	}
	if !check(bare(t, r, FEF, withDump)) {
		t.Error("4.4: a dump in the garrison's hex does not supply it")
	}
	s := bare(t, r, FEF, place)
	s.GarrisonTrench = []string{town.Name}
	if !check(s) {
		t.Error("4.3: an entrenched garrison is out of supply")
	}
}

// Basics (Stacking): "Garrisons have a stacking of 1": 18 stacking points
// of FEF units fit a clear hex, not a clear hex with its garrison
// (RULINGS T71).
func TestBasics_GarrisonStacksOnePoint(t *testing.T) {
	r := rules(t)
	town, _ := garrisonTown(r)
	s := bare(t, r, FEF, map[string]string{})
	var us []*Unit
	n := 0
	for _, u := range s.Units {
		if k := r.typ(u).Kind; u.Side == FEF && (k == "infantry") && n+r.values(u).Stack <= 18 {
			us = append(us, u)
			n += r.values(u).Stack
		}
		if n == 18 {
			break
		}
	}
	if n != 18 {
		t.Fatalf("%d stacking points of FEF infantry", n)
	}
	if why := r.stackRoom(s, FEF, us, town.Hex); why != "" {
		t.Fatalf("18 points into clear %s without its garrison: %s", town.Hex, why)
	}
	s.Garrisons = []string{town.Name}
	if why := r.stackRoom(s, FEF, us, town.Hex); !strings.Contains(why, "Basics: Stacking") {
		t.Errorf("18 points into %s with its garrison: %q", town.Hex, why)
	}
}
