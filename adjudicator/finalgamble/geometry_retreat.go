package finalgamble

import (
	"sort"
)

// ---- the closest eligible Map Edge Hex (3.6-C, 7.5) ----

// ClosestEdge lists the closest eligible Map Edge Hexes of the map of
// from for a unit placed there after a forced retreat across the map edge:
// 3.6-C "place the unit in the closest eligible Map Edge Hex that is not
// in a Trench Zone" (trench false), 7.5 "in the closest eligible Map Edge
// Hex in a Trench Zone" (trench true). Eligible: no enemy unit and room
// in 1.6's stacking, from itself excluded. Closest: fewest hex steps from
// from on its own map (F34). All tied hexes are listed, by id: the owner
// chooses among them (F34: by standing preference, else the first). For
// the VM at Isabelle with no such hex, 7.5's note: "the closest Trench
// Zone: 2z-304 or 1z-304" (2z-304 when it is one); at DBP 1z-304, the box
// its red arrow joins (F34). nil: none (France: the unit is eliminated).
func (p *Position) ClosestEdge(unitID, from string, trench bool) []string {
	u := p.Unit(unitID)
	l, ok := p.g.resolve(from)
	if u == nil || !ok || l.m < 0 {
		return nil
	}
	s := sideIdx(u.Side)
	gm := p.g.maps[l.m]
	best, out := -1, []string(nil)
	for _, e := range gm.edges {
		i := int(e)
		if i == l.i || p.occ[l.m][i][1-s] > 0 || int(p.occ[l.m][i][s]) >= StackLimit(u.Side) || p.trench[l.m][i] != trench {
			continue
		}
		d := hexDist(gm.hx[l.i], gm.hx[i])
		switch {
		case best < 0 || d < best:
			best, out = d, []string{gm.ids[i]}
		case d == best:
			out = append(out, gm.ids[i])
		}
	}
	sort.Strings(out)
	if len(out) == 0 && s == 1 && trench {
		if t, _ := p.boxZone("2z-304"); t && l.m == 1 {
			return []string{"2z-304"}
		}
		return []string{"1z-304"}
	}
	return out
}

// ---- retreats (3.6-C, 7.5) ----

// Retreat is one legal way for a unit to retreat.
type Retreat struct {
	// To: where the unit ends; "" when it is eliminated.
	To string
	// Path: the hexes entered, the last one To (nil across the map edge).
	Path []string
	// Eliminated: the unit is eliminated (3.6-C: French into the Gone Box;
	// 7.5: VM into the Removed Box).
	Eliminated bool
	// Edge: placed on a Map Edge Hex after crossing the map edge.
	Edge bool
	// Why: the sentence that applies, for narration.
	Why string
	// Defending: To is another hex under assault (a Combat Marker points
	// at it): 3.6-C "If a unit retreats into another defending hex, it
	// will suffer the result of that combat (it may absorb step losses)."
	Defending bool
}

// Retreats lists a unit's legal retreats of one hex as the position
// stands (the retreating unit still in its hex; the engine moves the
// units of a hex one at a time and asks again for the next). 3.6-C: "A
// unit may retreat into any kind of hex, even into enemy ZoC ... Do not
// retreat, violating stacking limit. But if forced to, continue until
// you reach first eligible hex ... Do not retreat across a map edge. But
// if forced to, and it is from a hex that is not in a Trench Zone, then
// place the unit in the closest eligible Map Edge Hex that is not in a
// Trench Zone. A unit will be eliminated ... if it retreats and it is an
// Artillery unit; across a map edge, from a hex in a Trench Zone; onto a
// VM unit"; 7.5 the same for the VM ("a VM unit that retreats onto a
// French unit is eliminated"; across the map edge "the closest eligible
// Map Edge Hex in a Trench Zone"). Only the first kind of retreat that
// exists is legal (F35): a free neighbour; else on through full stacks
// of its own side to the first free hexes; else across the map edge;
// else onto the enemy.
func (p *Position) Retreats(unitID string) []Retreat {
	u := p.Unit(unitID)
	if u == nil {
		return nil
	}
	l := p.locOf(p.units[unitID])
	if l.m < 0 {
		return nil
	}
	if p.isArt(u) {
		return []Retreat{{Eliminated: true, Why: "3.6-C: an Artillery unit that retreats is eliminated"}}
	}
	s := sideIdx(u.Side)
	gm := p.g.maps[l.m]
	limit := int8(StackLimit(u.Side))
	free := func(i int) bool { return p.occ[l.m][i][1-s] == 0 && p.occ[l.m][i][s] < limit }
	full := func(i int) bool { return p.occ[l.m][i][1-s] == 0 && p.occ[l.m][i][s] >= limit }
	var out []Retreat
	for _, n := range gm.nb[l.i] {
		if n >= 0 && free(int(n)) {
			out = append(out, Retreat{To: gm.ids[n], Path: []string{gm.ids[n]}, Why: "retreats one hex"})
		}
	}
	if len(out) > 0 {
		return p.sortRetreats(out)
	}
	// on through full friendly stacks, breadth first, to the first free hexes
	prev := map[int]int{l.i: -1}
	frontier := []int{}
	for _, n := range gm.nb[l.i] {
		if n >= 0 && full(int(n)) {
			prev[int(n)] = l.i
			frontier = append(frontier, int(n))
		}
	}
	for len(frontier) > 0 && len(out) == 0 {
		var next []int
		for _, a := range frontier {
			for _, n := range gm.nb[a] {
				b := int(n)
				if n < 0 {
					continue
				}
				if _, seen := prev[b]; seen {
					continue
				}
				if free(b) {
					prev[b] = a
					out = append(out, Retreat{To: gm.ids[b], Path: retreatPath(gm, prev, b, l.i),
						Why: "1.6: its own side's stacks are full, it continues to the first eligible hex"})
				} else if full(b) {
					prev[b] = a
					next = append(next, b)
				}
			}
		}
		frontier = next
	}
	if len(out) > 0 {
		return p.sortRetreats(out)
	}
	if gm.hx[l.i].Edge {
		if s == 0 && p.trench[l.m][l.i] {
			return []Retreat{{Eliminated: true, Why: "3.6-C: across a map edge from a hex in a Trench Zone, it is eliminated"}}
		}
		for _, e := range p.ClosestEdge(unitID, gm.ids[l.i], s == 1) {
			out = append(out, Retreat{To: e, Edge: true, Why: "across the map edge, placed in the closest eligible Map Edge Hex"})
		}
		if len(out) > 0 {
			return p.sortRetreats(out)
		}
		return []Retreat{{Eliminated: true, Why: "3.6-C: across the map edge with no eligible Map Edge Hex outside a Trench Zone, it is eliminated (F34)"}}
	}
	why := "3.6-C: it retreats onto a VM unit and is eliminated"
	if s == 1 {
		why = "7.5: it retreats onto a French unit and is eliminated"
	}
	return []Retreat{{Eliminated: true, Why: why}}
}

func retreatPath(gm *geoMap, prev map[int]int, b, start int) []string {
	var out []string
	for j := b; j != start && j >= 0; j = prev[j] {
		out = append([]string{gm.ids[j]}, out...)
	}
	return out
}

func (p *Position) sortRetreats(rs []Retreat) []Retreat {
	sort.Slice(rs, func(i, j int) bool { return rs[i].To < rs[j].To })
	for i := range rs {
		for _, a := range p.b.Assaults {
			if a.Target == rs[i].To && a.Marker != "" && a.Marker != "abort" {
				rs[i].Defending = true
			}
		}
	}
	return rs
}

// ---- 2.4-B: excess units back to Zone 1 ----

// Zone1 lists where 2.4-B puts a VM unit removed from a sector holding
// more than 3 units of other divisions: "places it anywhere in Zone 1 in
// its own sector (for this rule only, consider the 148 rgt to be part of
// 304 Division)". 304's Zone 1 is the 1z-304 box. Else the free hexes of
// Zone 1 (no unit of either side), by id; when there is none, the VM
// Off-Map Box (F36).
func (p *Position) Zone1(unitID string) []string {
	u := p.Unit(unitID)
	if u == nil || u.Side != geoVM {
		return nil
	}
	sector := u.Formation
	if sector == "148" {
		sector = "304"
	}
	if sector == "304" {
		return []string{"1z-304"}
	}
	var out []string
	for m, gm := range p.g.maps {
		for i, h := range gm.hx {
			if h != nil && h.Sector == sector && h.Zone == 1 && p.occ[m][i][0] == 0 && p.occ[m][i][1] == 0 {
				out = append(out, gm.ids[i])
			}
		}
	}
	if len(out) == 0 {
		return []string{"VM Off-Map"}
	}
	sort.Strings(out)
	return out
}

// ---- advance after combat (3.6-C, 7.5) ----

// SupportAdvances lists where a supporting unit may advance after an
// assault that vacated the defending hex: 3.6-C "units that supported
// that assault may voluntarily also advance one hex. If they do, they must
// end their advance adjacent to the original defending hex (but not end
// up in the original assaulting hex)"; 7.5 the same for France, "with the
// exception that a supporting unit must end its advance either in or
// adjacent to the original defending hex". One hex from where it stands,
// no enemy unit, room under 1.6 (the position as it stands: the
// assaulting unit already advanced), by id.
func (p *Position) SupportAdvances(unitID, defended, assaultedFrom string) []string {
	i, ok := p.units[unitID]
	if !ok || p.locOf(i).m < 0 {
		return nil
	}
	l := p.locOf(i)
	u := &p.b.Units[i]
	s := sideIdx(u.Side)
	gm := p.g.maps[l.m]
	var out []string
	for _, n := range gm.nb[l.i] {
		if n < 0 || !p.room(s, l.m, int(n)) {
			continue
		}
		pl := gm.ids[n]
		d := p.g.Distance(pl, defended)
		if d == 1 && pl != assaultedFrom || d == 0 && u.Side == geoFrench {
			out = append(out, pl)
		}
	}
	sort.Strings(out)
	return out
}

// ForeignUnits lists the VM units in a Division Sector that are of
// another division (2.4-B: "each Division Sector may contain no more than
// 3 VM units from other Divisions at the end of this segment ... consider
// the 148 rgt to be part of 304 Division"): units on the sector's hexes,
// and for 304 in its boxes too (1.3-E), by id.
func (p *Position) ForeignUnits(sector string) []string {
	var out []string
	for i := range p.b.Units {
		u := &p.b.Units[i]
		if u.Side != geoVM {
			continue
		}
		div := u.Formation
		if div == "148" {
			div = "304"
		}
		if div == sector {
			continue
		}
		l := p.locOf(i)
		in := false
		if l.m >= 0 {
			in = p.g.maps[l.m].hx[l.i].Sector == sector
		} else if b := p.g.boxes[l.box]; b != nil {
			in = b.Sector == sector
		}
		if in {
			out = append(out, u.ID)
		}
	}
	sort.Strings(out)
	return out
}

// RankRetreats orders a unit's legal retreats by a standing preference,
// best first, so that a standing order picks the first and a question
// lists them in a sensible order (the choice stays the owner's: F34, F35):
// "supply" fewest steps to its map's Supply Area, "edge" fewest steps to
// a Map Edge Hex, "safe" fewest enemy units adjacent; then, for each,
// in its side's LoC before not, entrenched before not, fewer adjacent
// enemy units, the place's id. A box comes after the hexes, an
// elimination last. The slice is
// sorted in place and returned.
func (p *Position) RankRetreats(unitID string, rs []Retreat, pref string) []Retreat {
	u := p.Unit(unitID)
	if u == nil {
		return rs
	}
	s := sideIdx(u.Side)
	loc := p.LoC(u.Side)
	type key struct{ a, b, c int }
	keys := make(map[string]key, len(rs))
	for _, r := range rs {
		l, ok := p.g.resolve(r.To)
		if r.Eliminated || !ok {
			keys[r.To] = key{1 << 20, 0, 0}
			continue
		}
		if l.m < 0 {
			keys[r.To] = key{1 << 10, 0, 0}
			continue
		}
		enemy := 0
		for _, n := range p.g.maps[l.m].nb[l.i] {
			if n >= 0 {
				enemy += int(p.occ[l.m][n][1-s])
			}
		}
		var first int
		switch pref {
		case "supply":
			first = int(p.g.maps[l.m].toSupply[l.i])
		case "edge":
			first = int(p.g.maps[l.m].toEdge[l.i])
		default:
			first = enemy
		}
		k := key{a: first, c: enemy}
		if !p.entrenchedAt(u.Side, l.m, l.i) {
			k.b++
		}
		if !loc.hex[l.m][l.i] {
			k.b += 2
		}
		keys[r.To] = k
	}
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := keys[rs[i].To], keys[rs[j].To]
		if a != b {
			if a.a != b.a {
				return a.a < b.a
			}
			if a.b != b.b {
				return a.b < b.b
			}
			return a.c < b.c
		}
		return rs[i].To < rs[j].To
	})
	return rs
}
