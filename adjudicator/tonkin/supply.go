package tonkin

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// The supply check phase (4.0): friendly urban areas (4.1), the VM's and
// the FEF's traces (4.2-4.4) and out of supply (4.6), at the start of
// every turn, the first included (RULINGS T33, T66).

// friendlyTo is the side an urban area is friendly to now (4.1), vmAt
// the hexes the VM occupies and vmZOC its ZOC, as the FEF sees them
// (RULINGS T64).
func (r *Rules) friendlyTo(s *State, u Urban, vmAt, fefAt map[string]bool, vmZOC []bool) string {
	switch {
	case fefAt[u.Hex]:
		return FEF // 4.1: occupied, a garrison included
	case vmAt[u.Hex]:
		return VM
	}
	if i, ok := r.geo.idx[u.Hex]; ok && vmZOC[i] {
		return VM // a VM unit (a dummy will do) within 1 hex: its ZOC (Basics)
	}
	if r.hexes[u.Hex].Montagnard || u.Kind == "city" {
		return FEF
	}
	return VM // other urban areas are friendly to the VM
}

// friendliness applies 4.1 to every urban area, with the victory points
// of those that change hands (6.16). It runs after each phase and each
// chunk of operation points and in the supply check (RULINGS T64). "VM
// ZOC makes urban areas friendly to the VM" (Basics: ZOC): a VM unit
// occupies a town, or makes it the VM's from the next hex, when it has
// a ZOC (not a dump or Uncle Ho alone); a counter the FEF cannot
// identify (its hidden side, or in a closed forest stack) counts as one
// that has, as it does for the FEF's moves (T21), so that a town's hands
// tell nothing hidden.
func (r *Rules) friendliness(s *State, ev *events) {
	vmAt, fefAt := map[string]bool{}, map[string]bool{}
	for _, u := range s.Units {
		if !onMap(u.Loc) {
			continue
		}
		if u.Side == VM {
			if hasZOC(r.typ(u)) || u.Hidden || r.Opaque(u.Loc) {
				vmAt[u.Loc] = true
			}
		} else {
			fefAt[u.Loc] = true
		}
	}
	for _, g := range s.Garrisons {
		fefAt[r.urban[g].Hex] = true
	}
	z := r.zoc(s, VM)
	changed := false
	for _, u := range r.d.Map.Urban {
		changed = r.setFriend(s, u, r.friendlyTo(s, u, vmAt, fefAt, z), ev) || changed
	}
	if changed {
		r.recountMontagnard(s, ev)
	}
}

// setFriend makes an urban area friendly to side, with its victory points.
func (r *Rules) setFriend(s *State, u Urban, side string, ev *events) bool {
	vmf := slices.Contains(s.VMFriendly, u.Name)
	switch {
	case side == VM && !vmf:
		s.VMFriendly = append(s.VMFriendly, u.Name)
		sort.Strings(s.VMFriendly)
		r.addVP(s, -u.VPVM, ev, fmt.Sprintf("4.1, 6.16: %s becomes friendly to the VM", u.Name))
		return true
	case side == FEF && vmf:
		s.VMFriendly = slices.DeleteFunc(s.VMFriendly, func(n string) bool { return n == u.Name })
		r.addVP(s, u.VPFEF, ev, fmt.Sprintf("4.1, 6.16: %s becomes friendly to the FEF", u.Name))
		return true
	}
	return false
}

// recountMontagnard: the montagnard marker counts the VM-friendly urban
// areas of the montagnard area: -10 when it reaches 20, +10 when the FEF
// pushes it below (3.6, 6.16).
func (r *Rules) recountMontagnard(s *State, ev *events) {
	n := 0
	for _, name := range s.VMFriendly {
		if r.hexes[r.urban[name].Hex].Montagnard {
			n++
		}
	}
	const opium = 20
	switch {
	case n >= opium && s.Montagnard < opium:
		r.addVP(s, r.chartInt("victory_points", "vm_20_montagnard_urban_areas"), ev, fmt.Sprintf("6.16: the VM controls %d urban areas in the montagnard area", n))
	case n < opium && s.Montagnard >= opium:
		r.addVP(s, r.chartInt("victory_points", "fef_pushes_below_20"), ev, fmt.Sprintf("6.16: the FEF pushes the VM back below 20 urban areas in the montagnard area (%d)", n))
	}
	s.Montagnard = n
}

// within3 reports whether a line of at most 3 hexes from hex reaches a
// hex where ok holds, uncut by enemy units or all-sea hexes (Basics:
// Tracing).
func (r *Rules) within3(hex string, blocked map[string]bool, ok func(h string) bool) bool {
	return r.withinN(hex, 3, blocked, ok)
}

// withinN is within3 for a line of at most n hexes: a breadth-first
// search by hex number, no hex looked at twice (issue 31: it runs for
// many hexes of a legal tree).
func (r *Rules) withinN(hex string, n int, blocked map[string]bool, ok func(h string) bool) bool {
	if ok(hex) {
		return true
	}
	g := r.geo
	at, found := g.idx[hex]
	if !found {
		return false
	}
	var seenBuf [64]int32
	var bits []bool // for long lines, past what seenBuf holds
	seen := append(seenBuf[:0], at)
	saw := func(x int32) bool {
		if bits != nil {
			if bits[x] {
				return true
			}
			bits[x] = true
			return false
		}
		if slices.Contains(seen, x) {
			return true
		}
		if len(seen) == cap(seenBuf) {
			bits = make([]bool, len(g.ids))
			for _, y := range seen {
				bits[y] = true
			}
			bits[x] = true
			return false
		}
		seen = append(seen, x)
		return false
	}
	var frontBuf, nextBuf [64]int32
	front := append(frontBuf[:0], at)
	next := nextBuf[:0]
	for d := 1; d <= n && len(front) > 0; d++ {
		next = next[:0]
		for _, h := range front {
			for _, x := range g.nb[h] {
				if g.sea[x] || saw(x) {
					continue
				}
				id := g.ids[x]
				if ok(id) {
					return true
				}
				if !blocked[id] {
					next = append(next, x)
				}
			}
		}
		front, next = next, front
	}
	return false
}

// supplied: whether u traces supply now (4.2-4.4).
func (r *Rules) supplied(u *Unit, blocked map[string]bool, dumps map[string]map[string]bool, friendly func(side, hex string) bool, rc *riverCtx) bool {
	if r.suppliedLand(u, blocked, dumps, friendly) {
		return true
	}
	return u.Side == FEF && rc != nil && r.riverTrace(u.Loc, rc)
}

// riverCtx is what 4.5's trace reads of the board.
type riverCtx struct {
	block  map[string]bool // river hexes VM units block (not VM-groups)
	dna    map[string]bool // hexes with a Dinassaut
	target func(hex string) bool
}

// newRiverCtx: 4.5's board. A VM counter the FEF cannot identify on its
// hidden side counts as the VM-group it may be, and a closed forest
// stack as the regiment it may hold, so the trace tells nothing hidden
// (RULINGS T44).
func (r *Rules) newRiverCtx(s *State, dumps map[string]map[string]bool, friendly func(side, hex string) bool) *riverCtx {
	rc := &riverCtx{block: map[string]bool{}, dna: map[string]bool{}}
	for _, u := range s.Units {
		if !onMap(u.Loc) {
			continue
		}
		switch {
		case u.Side == FEF && r.typ(u).Kind == "naval":
			rc.dna[u.Loc] = true
		case u.Side == VM && r.Opaque(u.Loc):
			rc.block[u.Loc] = true
		case u.Side == VM && !u.Hidden && r.typ(u).Kind != "group" && r.typ(u).Kind != "dump":
			rc.block[u.Loc] = true
		}
	}
	rc.target = func(x string) bool {
		if dumps[FEF][x] {
			return true
		}
		uu, ok := r.urbanHex[x]
		return ok && friendly(FEF, x) && (uu.Kind == "city" || uu.Harbor)
	}
	return rc
}

// riverTrace: 4.5, up to 5 hexes along navigable rivers and/or coastal
// hexes to a supply dump, friendly city or harbor, with a Dinassaut at
// the source, the unit or between, and along the river no VM unit but
// VM-groups (the coast is never blocked).
func (r *Rules) riverTrace(hex string, rc *riverCtx) bool {
	water := func(h string) bool { t := r.hexes[h]; return t.Terrain == "sea" || t.Coastal }
	type node struct {
		h   string
		dna bool
	}
	start := node{hex, rc.dna[hex]}
	seen := map[node]bool{start: true}
	front := []node{start}
	for d := 1; d <= 5; d++ {
		var next []node
		for _, x := range front {
			for _, n := range r.neighbors(x.h) {
				river := r.geo.riverEdge[edge(x.h, n)] == "navigable"
				coast := water(x.h) && water(n)
				if !river && !coast || river && !coast && rc.block[n] {
					continue
				}
				y := node{n, x.dna || rc.dna[n]}
				if seen[y] {
					continue
				}
				seen[y] = true
				if y.dna && rc.target(n) {
					return true
				}
				next = append(next, y)
			}
		}
		front = next
	}
	return false
}

// suppliedLand: the traces over land (4.2-4.4).
func (r *Rules) suppliedLand(u *Unit, blocked map[string]bool, dumps map[string]map[string]bool, friendly func(side, hex string) bool) bool {
	t := r.typ(u)
	h := r.hexes[u.Loc]
	if r.within3(u.Loc, blocked, func(x string) bool { return dumps[u.Side][x] }) { // 4.4: any unit, motorized included
		return true
	}
	if motorized(t) {
		return false
	}
	if u.Trench {
		return true // 4.2, 4.3
	}
	if u.Side == VM {
		switch {
		case t.Kind == "leader":
			return true // Uncle Ho/Giap anywhere
		case t.Nationality == "pathet-lao":
			if h.Country == "laos" {
				return true
			}
			return r.within3(u.Loc, blocked, func(x string) bool {
				return r.hexes[x].Country == "laos" && friendly(VM, x)
			})
		case t.Kind == "group" && h.Country == "vietnam":
			return true
		}
		return r.within3(u.Loc, blocked, func(x string) bool {
			return friendly(VM, x) || r.supplyCenter(x)
		})
	}
	if t.Nationality == "minority" && h.Montagnard {
		return true // 4.3: GCMA anywhere in the montagnard area
	}
	return r.within3(u.Loc, blocked, func(x string) bool {
		uu, isU := r.urbanHex[x]
		switch {
		case !isU || !friendly(FEF, x):
			return false
		case uu.Kind == "city" || uu.Harbor:
			return true
		case t.Nationality == "thai":
			return r.hexes[x].Montagnard && slices.Contains(r.d.Paths.RedRiverWest.Hexes, x)
		case t.Nationality == "laotian":
			return r.hexes[x].Country == "laos"
		}
		return false
	})
}

func (r *Rules) supplyCenter(hex string) bool {
	for _, c := range r.d.Map.SupplyCenters.Centers {
		if c.Hex == hex {
			return true
		}
	}
	return false
}

// friendlyUrban: whether a hex is an urban area friendly to a side (4.1),
// with the VM-friendly list read once.
func (r *Rules) friendlyUrban(s *State) func(side, hex string) bool {
	vmFriendly := map[string]bool{}
	for _, n := range s.VMFriendly {
		vmFriendly[r.urban[n].Hex] = true
	}
	return func(side, hex string) bool {
		if _, ok := r.urbanHex[hex]; !ok {
			return false
		}
		return vmFriendly[hex] == (side == VM)
	}
}

// supplyCheck is the supply check phase (4.0): 4.1, then each unit's
// trace; a unit out of supply is marked OoS (4.6: its strength halved);
// one already OoS loses a step (a garrison's step may be taken from a
// unit within 3 hexes, else it dies). What the FEF may not see of the
// VM (hidden counters, forest stacks) is told to the VM only (RULINGS
// T33).
func (r *Rules) supplyCheck(s *State, ev *events) {
	r.friendliness(s, ev)
	friendly := r.friendlyUrban(s)
	occ := map[string]map[string]bool{FEF: {}, VM: {}}
	dumps := map[string]map[string]bool{FEF: {}, VM: {}}
	for _, u := range s.Units {
		if onMap(u.Loc) {
			occ[u.Side][u.Loc] = true
			if u.Type == "DR" {
				dumps[u.Side][u.Loc] = true
			}
		}
	}
	for _, g := range s.Garrisons {
		occ[FEF][r.urban[g].Hex] = true
	}
	rc := r.newRiverCtx(s, dumps, friendly)
	var newOoS, losers []*Unit
	var back []*Unit
	for _, u := range s.Units {
		if !onMap(u.Loc) {
			continue
		}
		switch r.typ(u).Kind {
		case "dump", "dummy", "hq":
			continue
		}
		if r.supplied(u, occ[other(u.Side)], dumps, friendly, rc) {
			if u.OoS {
				u.OoS = false
				back = append(back, u)
			}
			continue
		}
		if u.OoS {
			losers = append(losers, u)
			continue
		}
		u.OoS = true
		newOoS = append(newOoS, u)
	}
	r.tellSupply(s, "4.6: out of supply (OoS, strength halved)", newOoS, ev)
	r.tellSupply(s, "4.6: back in supply", back, ev)
	r.tellSupply(s, "4.6: out of supply a second turn, each loses a step", losers, ev)
	for _, u := range losers {
		if u.Side == VM && (u.Hidden || r.Opaque(u.Loc)) && u.Steps > 1 {
			u.Steps--
			ev.to(VM, "4.6: %s loses a step (now %s).", u.ID, valuesText(r.values(u)))
			continue
		}
		r.loseStep(s, u, ev)
	}
	// garrisons (4.3, 4.4, 4.6): in supply in a trench, within 3 hexes of
	// a friendly supply dump (its own hex's included), or of a friendly
	// city or harbor (RULINGS T71); the garrison's OoS is kept in
	// GarrisonOoS.
	var gOut []string
	for _, g := range slices.Clone(s.Garrisons) {
		hex := r.urban[g].Hex
		ok := slices.Contains(s.GarrisonTrench, g) || r.within3(hex, occ[VM], func(x string) bool { return dumps[FEF][x] }) || r.within3(hex, occ[VM], func(x string) bool {
			uu, isU := r.urbanHex[x]
			return isU && friendly(FEF, x) && (uu.Kind == "city" || uu.Harbor)
		}) || r.riverTrace(hex, rc) // 4.5 for garrisons too (RULINGS T44)
		was := slices.Contains(s.GarrisonOoS, g)
		switch {
		case ok && was:
			s.GarrisonOoS = slices.DeleteFunc(s.GarrisonOoS, func(n string) bool { return n == g })
			if len(s.GarrisonOoS) == 0 {
				s.GarrisonOoS = nil
			}
			ev.pub("4.6: the garrison of %s is back in supply.", g)
		case !ok && was:
			ev.pub("4.6: the garrison of %s is out of supply a second turn and loses a step.", g)
			r.garrisonHits(s, g, 1, ev) // it stays OoS if a unit within 3 hexes takes the step
		case !ok:
			gOut = append(gOut, g)
		}
	}
	if len(gOut) > 0 {
		s.GarrisonOoS = append(s.GarrisonOoS, gOut...)
		sort.Strings(s.GarrisonOoS)
		ev.pub("4.6: garrisons out of supply: %s.", strings.Join(gOut, ", "))
	}
}

// tellSupply announces units' supply: the FEF's and the VM's open units
// to all, the VM's hidden or closed ones to the VM only (T33).
func (r *Rules) tellSupply(s *State, what string, us []*Unit, ev *events) {
	if len(us) == 0 {
		return
	}
	var open, all []string
	for _, u := range us {
		all = append(all, u.ID)
		if u.Side == FEF || !u.Hidden && !r.Opaque(u.Loc) {
			open = append(open, u.ID)
		}
	}
	if len(open) > 0 {
		ev.pub("%s: %s.", what, strings.Join(open, ", "))
	}
	if len(open) < len(all) {
		ev.to(VM, "%s: %s.", what, strings.Join(all, ", "))
	}
}

// enemyHexes: the hexes a line of side's is cut by (Basics: Tracing: "a
// line uncut by enemy units"): every hex holding a counter of the other
// side, garrisons included against the VM. For the FEF that is every VM
// counter it sees on the map, whatever it is: a dummy, a hidden counter,
// a dump or Uncle Ho, a closed forest stack, all of which look alike to
// it; so a line of the FEF's never depends on what it cannot see
// (RULINGS T74).
func (r *Rules) enemyHexes(s *State, side string) map[string]bool {
	out := map[string]bool{}
	for _, u := range s.Units {
		if u.Side != side && onMap(u.Loc) {
			out[u.Loc] = true
		}
	}
	if side == VM {
		for _, g := range s.Garrisons {
			out[r.urban[g].Hex] = true
		}
	}
	return out
}

// lineWithin: a line of at most n hexes from a to b uncut by side's enemy
// (Basics: Tracing: "to be within a certain number of hexes means a line
// uncut by enemy units, impassable hexes or hexsides"; RULINGS T74).
func (r *Rules) lineWithin(s *State, side, a, b string, n int) bool {
	if hexDist(a, b) > n {
		return false
	}
	return r.withinN(a, n, r.enemyHexes(s, side), func(h string) bool { return h == b })
}
