package finalgamble

import (
	"slices"
	"sort"
	"sync"

	"github.com/umpirebot/umpire/adjudicator/hexgrid"
)

// ---- Lines of Communication (1.9) ----

// LoC is every place from which a side can trace its Line of
// Communication as a position stands (1.9): hexes of both maps and the
// boxes LoC passes through.
type LoC struct {
	p    *Position
	side string
	hex  [2][]bool
	box  map[string]bool
	// French: the LoC traced to each Supply Area (6.2-A, 8.2 Alt 3),
	// traced on first asking (To): most questions need only the whole
	areasOnce sync.Once
	areas     map[string]*LoC
	whole     bool // the French LoC to either area, whose To traces areas
}

// passable: 1.9-A "Your LoC may include any hex that is occupied by your
// unit, even if that hex otherwise would be forbidden. But no hex within
// this LoC may be enemy-occupied or in enemy ZoC. Nor may it be an
// unoccupied hex in an enemy-controlled strongpoint." 1.9-C: French LoC
// may not include a hex in a Trench Zone (a Dig Zone is allowed).
func (p *Position) passable(s, m, i int) bool {
	if p.occ[m][i][s] > 0 {
		return true
	}
	if p.occ[m][i][1-s] > 0 || p.zocOf[m][i][1-s] {
		return false
	}
	side := geoFrench
	if s == 1 {
		side = geoVM
	}
	if p.enemyHeld(side, m, i) {
		return false
	}
	return s == 1 || !p.trench[m][i]
}

// boxPassable: a box LoC may pass through (F32): for France not a box in
// a Trench Zone (1.9-C); for either side not a box holding enemy units and
// none of its own (the hexes' "enemy-occupied", read for boxes).
func (p *Position) boxPassable(s int, box string) bool {
	if s == 0 {
		if t, _ := p.boxZone(box); t {
			return false
		}
	}
	var own, enemy int
	for i := range p.b.Units {
		if p.locOf(i).m < 0 && p.locOf(i).box == box {
			if sideIdx(p.b.Units[i].Side) == s {
				own++
			} else {
				enemy++
			}
		}
	}
	return own > 0 || enemy == 0
}

func (p *Position) flood(s int, l *LoC, seeds [2][]int32) { p.floodWith(s, l, seeds, false) }

// floodWith spreads the LoC from seeds; art: no river crossed but by a
// bridge (6.2-A's artillery route).
func (p *Position) floodWith(s int, l *LoC, seeds [2][]int32, art bool) {
	var stack []int32
	for m := 0; m < 2; m++ {
		stack = stack[:0]
		for _, i := range seeds[m] {
			if !l.hex[m][i] && p.passable(s, m, int(i)) {
				l.hex[m][i] = true
				stack = append(stack, i)
			}
		}
		gm := p.g.maps[m]
		for len(stack) > 0 {
			a := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for k, b := range gm.nb[a] {
				if art && gm.sides[a][k]&geoRiver != 0 && gm.sides[a][k]&geoBridge == 0 {
					continue
				}
				if b >= 0 && !l.hex[m][b] && p.passable(s, m, int(b)) {
					l.hex[m][b] = true
					stack = append(stack, b)
				}
			}
		}
	}
}

// arrowLinks are the maps ("DBP", "Isabelle") a box's arrows join for a
// side: blue France, red VM, gray both (1.3-F). LoC follows an arrow
// either way (F32).
func (g *Geo) arrowMaps(s int, box string) []int {
	var out []int
	for _, a := range g.D.Boxes.Arrows {
		if s == 0 && a.Color == "red" || s == 1 && a.Color == "blue" {
			continue
		}
		other := ""
		switch box {
		case a.From:
			other = a.To
		case a.To:
			other = a.From
		}
		if other == "DBP" && !slices.Contains(out, 0) {
			out = append(out, 0)
		} else if other == "Isabelle" && !slices.Contains(out, 1) {
			out = append(out, 1)
		}
	}
	return out
}

func (p *Position) newLoC(side string) *LoC {
	l := &LoC{p: p, side: side, box: map[string]bool{}}
	for m, gm := range p.g.maps {
		l.hex[m] = make([]bool, len(gm.ids))
	}
	return l
}

// frenchLoC traces to the Supply Areas of the maps in areas (0 DBP, 1
// Isabelle): 1.9-C, through 2z-304 between the maps' edges when it is
// not a Trench Zone ("A unit at Isabelle could trace to a DBP Supply Area
// hex, and vice versa, as long as 2z-304 is not a Trench Zone").
func (p *Position) frenchLoC(areas ...int) *LoC {
	l := p.newLoC(geoFrench)
	var seeds [2][]int32
	for _, m := range areas {
		seeds[m] = p.g.maps[m].supply
	}
	p.flood(0, l, seeds)
	p.throughBoxes(0, l)
	return l
}

// throughBoxes joins the maps through the boxes whose arrows touch both
// and that LoC may pass: a map's edge hex in LoC brings the box in, the
// box brings in the other map's edge hexes.
func (p *Position) throughBoxes(s int, l *LoC) {
	for changed := true; changed; {
		changed = false
		for _, b := range p.g.D.Boxes.Boxes {
			if l.box[b.ID] || !p.boxPassable(s, b.ID) {
				continue
			}
			maps := p.g.arrowMapsOf[s][b.ID]
			in := false
			for _, m := range maps {
				for _, e := range p.g.maps[m].edges {
					if l.hex[m][e] {
						in = true
						break
					}
				}
			}
			if !in {
				continue
			}
			l.box[b.ID] = true
			changed = true
			var seeds [2][]int32
			for _, m := range maps {
				seeds[m] = p.g.maps[m].edges
			}
			p.flood(s, l, seeds)
		}
	}
}

// LoC is side's Line of Communication (1.9): for the VM every place that
// traces to any Map Edge Hex (1.9-B), for France every place that traces
// to a hex of either Supply Area (1.9-C; To narrows it to one area).
func (p *Position) LoC(side string) *LoC {
	s := sideIdx(side)
	p.locOnce[s].Do(func() { p.locs[s] = p.computeLoC(side) })
	return p.locs[s]
}

func (p *Position) computeLoC(side string) *LoC {
	if side == geoVM {
		l := p.newLoC(geoVM)
		p.flood(1, l, [2][]int32{p.g.maps[0].edges, p.g.maps[1].edges})
		return l
	}
	l := p.frenchLoC(0, 1)
	l.whole = true
	return l
}

// To is the French LoC traced to one Supply Area ("dbp" or "isabelle"),
// 6.2-A's "the same chosen Supply Area"; the LoC itself for the VM or an
// unknown area.
func (l *LoC) To(area string) *LoC {
	if l.whole {
		l.areasOnce.Do(func() {
			l.areas = map[string]*LoC{"dbp": l.p.frenchLoC(0), "isabelle": l.p.frenchLoC(1)}
		})
	}
	if a := l.areas[area]; a != nil {
		return a
	}
	return l
}

// Place tells whether a hex or box is in the LoC: a hex that traces it,
// or a box the LoC passes through.
func (l *LoC) Place(place string) bool {
	g, ok := l.p.g.resolve(place)
	if !ok {
		return false
	}
	if g.m < 0 {
		return l.box[g.box]
	}
	return l.hex[g.m][g.i]
}

// Unit tells whether a unit is in its side's LoC: 1.9-B "A VM unit in a
// box is always in VM LoC"; 1.9-C "A French unit in any box is always in
// French LoC, except 2z-304 where units must trace to either Supply
// Area"; a French unit in a Supply Area hex has it "automatically" (4.4),
// a VM unit in a Map Edge Hex too (8.4).
func (l *LoC) Unit(id string) bool {
	i, ok := l.p.units[id]
	if !ok || l.p.b.Units[i].Side != l.side {
		return false
	}
	g := l.p.locOf(i)
	if g.m < 0 {
		return l.side == geoVM || g.box != "2z-304" || l.box[g.box]
	}
	return l.hex[g.m][g.i]
}

// Strongpoint tells whether a strongpoint traces the LoC: 4.1-A "a single
// strongpoint hex that can trace LoC will do"; for France a strongpoint
// within a Supply Area has it "automatically" (4.4).
func (l *LoC) Strongpoint(code string) bool {
	for _, s := range l.p.g.strongs {
		if s.code != code {
			continue
		}
		for _, i := range s.hexes {
			if l.hex[s.m][i] || l.side == geoFrench && l.p.g.maps[s.m].hx[i].Supply {
				return true
			}
		}
	}
	return false
}

// Isolated lists the side's units on the maps or in boxes that cannot
// trace its LoC, and the strongpoints it controls none of whose hexes
// can (4.4 for France, 8.4 for the VM), each sorted.
func (p *Position) Isolated(side string) (units, strongpoints []string) {
	l := p.LoC(side)
	for i := range p.b.Units {
		u := &p.b.Units[i]
		if u.Side == side && !l.Unit(u.ID) {
			units = append(units, u.ID)
		}
	}
	for _, s := range p.g.strongs {
		if p.Control(s.code) == side && !l.Strongpoint(s.code) {
			strongpoints = append(strongpoints, s.code)
		}
	}
	sort.Strings(units)
	sort.Strings(strongpoints)
	return units, strongpoints
}

// ---- control (1.4-D, 1.4-H) ----

// ControlChange is a strongpoint, structure or outpost changing hands at
// the end of a segment.
type ControlChange struct {
	Code   string // strongpoint code, structure name, or the outpost's place
	Kind   string // "strongpoint", "structure", "outpost"
	Map    string // "dbp", "isabelle"
	To     string // "VM", "French", or "gone" (an outpost disappears, 1.4-H)
	Points int    // 1.4-F: its hexes (an outpost none)
}

// ControlChanges are the changes of 1.4-D at the end of a segment: "You
// lose control of a strongpoint if the enemy has at least one unit
// occupying any hex of that strongpoint, and you no longer have any unit
// present in that strongpoint"; a structure the same (F33). 1.4-H: an
// outpost disappears "if it is both part of a VM Trench/Dig Zone and no
// longer occupied by France", and takes a VM flag when the VM holds it
// with no French unit there. In the maps' order.
func (p *Position) ControlChanges() []ControlChange {
	var out []ControlChange
	check := func(list []geoStrong, kind string) {
		for _, s := range list {
			var n [2]int
			for _, i := range s.hexes {
				n[0] += int(p.occ[s.m][i][0])
				n[1] += int(p.occ[s.m][i][1])
			}
			c := sideIdx(p.Control(s.code))
			if n[1-c] > 0 && n[c] == 0 {
				to := geoVM
				if c == 1 {
					to = geoFrench
				}
				out = append(out, ControlChange{Code: s.code, Kind: kind, Map: p.g.maps[s.m].name, To: to, Points: len(s.hexes)})
			}
		}
	}
	check(p.g.strongs, "strongpoint")
	check(p.g.structs, "structure")
	for m, gm := range p.g.maps {
		for _, o := range gm.sub.Outposts {
			i, ok := gm.index(o)
			if !ok || p.outGone[m][i] {
				continue
			}
			place := gm.ids[i]
			switch {
			case (p.trench[m][i] || p.dig[m][i]) && p.occ[m][i][0] == 0:
				out = append(out, ControlChange{Code: place, Kind: "outpost", Map: gm.name, To: "gone"})
			case !p.outVM[m][i] && p.occ[m][i][1] > 0 && p.occ[m][i][0] == 0:
				out = append(out, ControlChange{Code: place, Kind: "outpost", Map: gm.name, To: geoVM})
			case p.outVM[m][i] && p.occ[m][i][0] > 0 && p.occ[m][i][1] == 0:
				out = append(out, ControlChange{Code: place, Kind: "outpost", Map: gm.name, To: geoFrench})
			}
		}
	}
	return out
}

// ---- ranges (2.2-A, 6.3-A) ----

// InRange tells whether place is within range of one of side's units:
// 2.2-A "a placed HW Zone Marker must be within 2 hexes of a VM unit, or
// within 3 hexes of a VM unit on a hill"; 6.3-A "It is normal range if
// placed within 2 hexes of a French unit, or within 3 hexes of a French
// unit on a hill", with its exception "It is normal range in 2z-304 if
// there is a French unit there". Another box is never in range.
func (p *Position) InRange(side, place string) bool {
	l, ok := p.g.resolve(place)
	if !ok {
		return false
	}
	s := sideIdx(side)
	if l.m < 0 {
		if side != geoFrench || l.box != "2z-304" {
			return false
		}
		for i := range p.b.Units {
			if p.locOf(i).m < 0 && p.locOf(i).box == l.box && p.b.Units[i].Side == side {
				return true
			}
		}
		return false
	}
	gm := p.g.maps[l.m]
	t := gm.hx[l.i]
	for i := range p.b.Units {
		u := &p.b.Units[i]
		ul := p.locOf(i)
		if sideIdx(u.Side) != s || ul.m != l.m {
			continue
		}
		h := gm.hx[ul.i]
		r := 2
		if h.Hill != "" {
			r = 3
		}
		if hexDist(h, t) <= r {
			return true
		}
	}
	return false
}

func hexDist(a, b *Hex) int { return hexgrid.Distance(a.Row, a.Col, b.Row, b.Col) }

// ---- 8.5 VM Trench Digging ----

// Dig is what 8.5 allows in a sector now.
type Dig struct {
	Sector string
	// Flip: 8.5-A, the sector's Dig Marker flips to its Trench side.
	Flip bool
	// Move: 8.5-B, the Trench Marker may move (after any flip) to Zone;
	// ToDig: it lands on its Dig side there.
	Move  bool
	Zone  int
	ToDig bool
}

// frenchHeldIn tells whether a French-controlled strongpoint or an
// existing French outpost of sector lies in a zone that keep says.
func (p *Position) frenchHeldIn(sector string, keep func(zone int) bool) bool {
	for _, s := range p.g.strongs {
		h := p.g.maps[s.m].hx[s.hexes[0]]
		if h.Sector == sector && keep(h.Zone) && p.Control(s.code) == geoFrench {
			return true
		}
	}
	for m, gm := range p.g.maps {
		for _, o := range gm.sub.Outposts {
			i, ok := gm.index(o)
			if !ok || p.outGone[m][i] || p.outVM[m][i] {
				continue
			}
			if h := gm.hx[i]; h.Sector == sector && keep(h.Zone) {
				return true
			}
		}
	}
	return false
}

// sectorZones is the highest zone of a sector, on the maps and in boxes.
func (g *Geo) sectorZones(sector string) int {
	n := max(g.D.Map.DBP.ZoneCount(sector), g.D.Map.Isabelle.ZoneCount(sector))
	for _, b := range g.D.Boxes.Boxes {
		if b.Sector == sector && b.Zone > n {
			n = b.Zone
		}
	}
	return n
}

// Digging is 8.5 for one sector. 8.5-A: "flip each Dig Marker to its
// Trench Marker side in each Dig Zone where there are no longer any
// French-controlled strongpoints or outposts in any Trench/Dig Zone of
// that Sector. A Dig Marker that is not flipped may not move into a new
// zone." 8.5-B: "move one (only one) Trench Marker forward into its next
// higher zone ... If there is any French-controlled strongpoint/outpost
// in the new zone, the Trench Marker is flipped to its Dig Marker side";
// 8.1-B: after Isabelle's surrender "The Trench marker in 304 Division
// Sector may not be moved anymore" (isabelleGone).
func (p *Position) Digging(sector string, isabelleGone bool) Dig {
	dg := Dig{Sector: sector}
	dz := p.b.Dig[sector]
	top := p.b.Trench[sector]
	if dz != 0 {
		top = dz
		dg.Flip = !p.frenchHeldIn(sector, func(z int) bool { return z <= dz })
		if !dg.Flip {
			return dg
		}
	}
	if sector == "304" && isabelleGone || top >= p.g.sectorZones(sector) {
		return dg
	}
	dg.Move, dg.Zone = true, top+1
	dg.ToDig = p.frenchHeldIn(sector, func(z int) bool { return z == top+1 })
	return dg
}

// AreaHeldBy tells who holds a Supply Area ("dbp" or "isabelle"), by
// 1.4-D's test for a strongpoint applied to the area (F41): "VM" when a
// VM unit occupies one of its hexes and no French unit is in any, else
// "French".
func (p *Position) AreaHeldBy(area string) string {
	m := 0
	if area == "isabelle" {
		m = 1
	}
	var n [2]int
	for _, h := range p.g.maps[m].supply {
		n[0] += int(p.occ[m][h][0])
		n[1] += int(p.occ[m][h][1])
	}
	if n[1] > 0 && n[0] == 0 {
		return geoVM
	}
	return geoFrench
}

// IsabelleSurrenders is 8.1-B's condition: "if 2z-304 is a Trench Zone
// and Isabelle Supply Area is VM-controlled during a French Attrition
// Phase" (F41).
func (p *Position) IsabelleSurrenders() bool {
	t, _ := p.boxZone("2z-304")
	return t && !p.b.IsabelleGone && p.AreaHeldBy("isabelle") == geoVM
}

// LoCPath is a shortest Line of Communication from a place to its side's
// end (1.9-B: a Map Edge Hex; 1.9-C: a Supply Area hex, through 2z-304
// between the maps as F32 reads it), both ends included, for narration;
// nil when the place traces none. The place itself need not be passable
// when a unit of the side stands there (1.9-A).
func (p *Position) LoCPath(side, place string) []string {
	st, ok := p.g.resolve(place)
	if !ok {
		return nil
	}
	s := sideIdx(side)
	type node struct{ m, i int } // m -1: the 2z-304 box
	isEnd := func(n node) bool {
		if n.m < 0 {
			return false
		}
		h := p.g.maps[n.m].hx[n.i]
		if s == 1 {
			return h.Edge
		}
		return h.Supply
	}
	start := node{st.m, st.i}
	if st.m < 0 {
		if st.box != "2z-304" || !p.boxPassable(s, st.box) || s == 1 {
			return nil
		}
	} else if !p.passable(s, st.m, st.i) {
		return nil
	}
	prev := map[node]node{start: start}
	queue := []node{start}
	nodeID := func(n node) string {
		if n.m < 0 {
			return "2z-304"
		}
		return p.g.maps[n.m].ids[n.i]
	}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		if isEnd(a) {
			var out []string
			for n := a; ; n = prev[n] {
				out = append(out, nodeID(n))
				if n == start {
					break
				}
			}
			slices.Reverse(out)
			return out
		}
		var next []node
		if a.m < 0 {
			for m, gm := range p.g.maps {
				for _, e := range gm.edges {
					next = append(next, node{m, int(e)})
				}
			}
		} else {
			gm := p.g.maps[a.m]
			for _, b := range gm.nb[a.i] {
				if b >= 0 {
					next = append(next, node{a.m, int(b)})
				}
			}
			if s == 0 && gm.hx[a.i].Edge && p.boxPassable(0, "2z-304") {
				next = append(next, node{-1, 0})
			}
		}
		for _, n := range next {
			if _, seen := prev[n]; seen {
				continue
			}
			if n.m >= 0 && !p.passable(s, n.m, n.i) {
				continue
			}
			prev[n] = a
			queue = append(queue, n)
		}
	}
	return nil
}

// Attrition is 4.1-A's (VM) or 8.1-A's (France) verdict on the side's
// Isolation Markers (Board.Isolation), each list by id or code.
type Attrition struct {
	// Surrender: marked units that cannot trace the side's LoC now; a VM
	// unit goes to the Removed Box, a French one to the Gone Box.
	Surrender []string
	// Lost: marked strongpoints of the side none of whose hexes traces
	// its LoC: they change hands (4.1-A "make the VM-controlled
	// strongpoint French again", 8.1-A "make the strongpoint
	// VM-controlled").
	Lost []string
	// Relieved: marked units and strongpoints that trace it: their
	// markers are removed, and the units may be evacuated (4.1-A to the
	// Off-Map Box; 8.1-A, at DBP only, to SupplyHexes("dbp", true)).
	Relieved       []string
	RelievedStrong []string
}

// Attrition is 4.1-A and 8.1-A: "Each VM unit and VM-Controlled
// Strongpoint that has an Isolation Marker ... and that cannot trace a VM
// LoC during this phase, will surrender ... But if there is a VM LoC,
// then remove the Isolation Marker from any unit or strongpoint that is
// now able to trace it (a single strongpoint hex that can trace LoC will
// do)"; 8.1-A the same for France.
func (p *Position) Attrition(side string) Attrition {
	var a Attrition
	l := p.LoC(side)
	for _, u := range p.b.Units {
		if u.Side != side || !p.b.Isolation[u.ID] {
			continue
		}
		if l.Unit(u.ID) {
			a.Relieved = append(a.Relieved, u.ID)
		} else {
			a.Surrender = append(a.Surrender, u.ID)
		}
	}
	for _, s := range p.g.strongs {
		if !p.b.Isolation[s.code] || p.Control(s.code) != side {
			continue
		}
		if l.Strongpoint(s.code) {
			a.RelievedStrong = append(a.RelievedStrong, s.code)
		} else {
			a.Lost = append(a.Lost, s.code)
		}
	}
	sort.Strings(a.Surrender)
	sort.Strings(a.Relieved)
	sort.Strings(a.Lost)
	sort.Strings(a.RelievedStrong)
	return a
}

// DiseaseEligible lists the VM units 4.1-B's step may come from: "any VM
// unit that is not in the Pulled-Back Box, Removed Box, or in the VM
// Reinforcements Box", by id.
func (p *Position) DiseaseEligible() []string {
	var out []string
	for _, u := range p.b.Units {
		if u.Side == geoVM && u.Box != "Pulled-Back" && u.Box != "Removed" && u.Box != "VM Reinforcements" {
			out = append(out, u.ID)
		}
	}
	sort.Strings(out)
	return out
}
