package finalgamble

import (
	"slices"
	"sort"
)

// The moves other than a Tactical or Reaction Move (which are Reach):
// Valley Moves (2.1-B, 6.2-A), Box Moves (2.1-A, 6.2-B), After-Combat
// Moves (4.2, 8.2), and the adjacency questions of 3.1, 4.3 and 8.3.

// AdjacentEnemy tells whether a unit on a map has an enemy unit in a
// neighbouring hex (3.1: "if none of its units are adjacent to any French
// unit"; units in boxes are not adjacent, 4.3-B).
func (p *Position) AdjacentEnemy(unitID string) bool {
	i, ok := p.units[unitID]
	if !ok || p.locOf(i).m < 0 {
		return false
	}
	l, s := p.locOf(i), sideIdx(p.b.Units[i].Side)
	for _, n := range p.g.maps[l.m].nb[l.i] {
		if n >= 0 && p.occ[l.m][n][1-s] > 0 {
			return true
		}
	}
	return false
}

// ShakenNow lists side's units that take a Shaken Marker: 4.3-B (VM) and
// 8.3-B (France) "each ... unit that is not entrenched and that is
// adjacent to any ... unit (units are not adjacent to each other in
// boxes)", by id.
func (p *Position) ShakenNow(side string) []string {
	var out []string
	for _, u := range p.b.Units {
		if u.Side == side && !p.Entrenched(u.ID) && p.AdjacentEnemy(u.ID) {
			out = append(out, u.ID)
		}
	}
	sort.Strings(out)
	return out
}

// room tells whether a hex has room for one more unit of side (1.6) and
// no enemy unit.
func (p *Position) room(s, m, i int) bool {
	side := geoFrench
	if s == 1 {
		side = geoVM
	}
	return p.occ[m][i][1-s] == 0 && int(p.occ[m][i][s]) < StackLimit(side)
}

// frenchLoCArt is the French LoC to one Supply Area for an Artillery
// unit's route: 6.2-A "Artillery can only cross the river by bridge".
func (p *Position) frenchLoCArt(area int) *LoC {
	l := p.newLoC(geoFrench)
	p.floodArt(l, area)
	return l
}

// floodArt is flood for France's artillery: no river crossed but by a
// bridge; 2z-304 joins the maps as in throughBoxes.
func (p *Position) floodArt(l *LoC, area int) {
	var seeds [2][]int32
	seeds[area] = p.g.maps[area].supply
	p.floodWith(0, l, seeds, true)
	if !l.box["2z-304"] && p.boxPassable(0, "2z-304") {
		for _, e := range p.g.maps[area].edges {
			if l.hex[area][e] {
				l.box["2z-304"] = true
				seeds = [2][]int32{p.g.maps[0].edges, p.g.maps[1].edges}
				p.floodWith(0, l, seeds, true)
				break
			}
		}
	}
}

// ValleyMoves lists where a unit may go by a Valley Move, by place:
// 2.1-B for the VM, "move them to any hex or box in a Trench Zone (not
// Dig Zone), if the final position is in VM LoC, and not in French ZoC",
// from VM LoC at DBP or Sector 304; 6.2-A for France, "to any hex or box
// in French LoC that is not in a Trench/Dig Zone. Both its start and end
// position must be able to trace its French LoC to the same chosen Supply
// Area. The imagined route the unit takes may not include Laos, and
// Artillery can only cross the river by bridge." Hexes with room (1.6).
func (p *Position) ValleyMoves(unitID string) []string {
	i, ok := p.units[unitID]
	if !ok {
		return nil
	}
	u := &p.b.Units[i]
	from := PlaceOf(u)
	l := p.locOf(i)
	without := func(xs []string) []string {
		out := make([]string, 0, len(xs))
		for _, x := range xs {
			if x != from {
				out = append(out, x)
			}
		}
		return out
	}
	if u.Side == geoVM {
		if l.m < 0 && (l.box != "1z-304" && l.box != "2z-304") || !p.LoC(geoVM).Unit(u.ID) {
			return nil // "in VM LoC anywhere at DBP and/or Sector 304"
		}
		p.valleyOnce[2].Do(func() { p.valley[2] = p.vmValley() })
		return without(p.valley[2])
	}
	if l.m < 0 && l.box != "2z-304" {
		return nil
	}
	var out []string
	for area := 0; area < 2; area++ {
		loc := p.LoC(geoFrench).To([]string{"dbp", "isabelle"}[area])
		k := area
		if p.isArt(u) {
			p.artOnce[area].Do(func() { p.artLoCs[area] = p.frenchLoCArt(area) })
			loc = p.artLoCs[area]
			k = 3 + area
		}
		if !loc.Place(from) {
			continue
		}
		p.valleyOnce[k].Do(func() { p.valley[k] = p.frenchValley(loc) })
		out = append(out, p.valley[k]...)
	}
	sort.Strings(out)
	return without(slices.Compact(out))
}

// vmValley: 2.1-B's destinations for every VM unit, by place.
func (p *Position) vmValley() []string {
	loc := p.LoC(geoVM)
	var out []string
	for m, gm := range p.g.maps {
		for h := range gm.ids {
			if p.trench[m][h] && !p.dig[m][h] && loc.hex[m][h] && !p.zocOf[m][h][0] && p.room(1, m, h) {
				out = append(out, gm.ids[h])
			}
		}
	}
	for _, b := range []string{"1z-304", "2z-304"} {
		if t, d := p.boxZone(b); t && !d {
			out = append(out, b)
		}
	}
	sort.Strings(out)
	return out
}

// frenchValley: 6.2-A's destinations through one Supply Area's LoC.
func (p *Position) frenchValley(loc *LoC) []string {
	var out []string
	for m, gm := range p.g.maps {
		if m == 1 && p.b.IsabelleGone {
			continue // 8.1-B: "No French unit may now enter Isabelle"
		}
		for h := range gm.ids {
			if loc.hex[m][h] && !p.trench[m][h] && !p.dig[m][h] && p.room(0, m, h) {
				out = append(out, gm.ids[h])
			}
		}
	}
	if _, dig := p.boxZone("2z-304"); loc.box["2z-304"] && !dig {
		out = append(out, "2z-304")
	}
	return out
}

// arrowsFrom lists the boxes an arrow leads to from box for side (1.3-F:
// blue France, red VM, gray both; an arrow with one head goes its way).
func (g *Geo) arrowsFrom(s int, box string) []string {
	var out []string
	for _, a := range g.D.Boxes.Arrows {
		if s == 0 && a.Color == "red" || s == 1 && a.Color == "blue" {
			continue
		}
		to := ""
		switch {
		case a.From == box:
			to = a.To
		case a.To == box && a.BothWays:
			to = a.From
		}
		if to != "" && to != "DBP" && to != "Isabelle" && !slices.Contains(out, to) {
			out = append(out, to)
		}
	}
	return out
}

// BoxMoveOpts are a Box Move's terms the position does not hold.
type BoxMoveOpts struct {
	// CondorReleased: from 24 April the Condor Force Box is a box a unit
	// may leave (6.2-B).
	CondorReleased bool
}

// BoxMoves lists where a unit may go by a Box Move (one option a unit):
// 2.1-A for the VM, 6.2-B for France (not artillery). Hexes must have no
// enemy unit and room (1.6); entering enemy ZoC is allowed. France's
// "twice as many French units in that box" is checked at the end of the
// move, by the engine.
func (p *Position) BoxMoves(unitID string, o BoxMoveOpts) []string {
	i, ok := p.units[unitID]
	if !ok {
		return nil
	}
	u := &p.b.Units[i]
	l := p.locOf(i)
	s := sideIdx(u.Side)
	box := p.g.boxes[l.box]
	var out []string
	edges := func(m int, want func(h int) bool) {
		if m == 1 && s == 0 && p.b.IsabelleGone {
			return
		}
		gm := p.g.maps[m]
		for _, e := range gm.edges {
			if want(int(e)) && p.room(s, m, int(e)) {
				out = append(out, gm.ids[e])
			}
		}
	}
	td := func(m int) func(h int) bool {
		return func(h int) bool { return p.trench[m][h] || p.dig[m][h] }
	}
	if s == 1 {
		if u.Formation == "PL" {
			// "The Pathet Lao unit must stay in Laos."
			if box != nil && box.Laos {
				for _, b := range p.g.arrowsFrom(1, l.box) {
					if bb := p.g.boxes[b]; bb != nil && bb.Laos {
						out = append(out, b)
					}
				}
			}
			return out
		}
		switch {
		case box != nil && (box.Sector == "304" || box.Laos):
			out = append(out, p.g.arrowsFrom(1, l.box)...)
			if box.Sector == "304" {
				edges(0, td(0))
				if l.box == "2z-304" {
					edges(1, td(1))
				}
			}
		case l.box == "VM Off-Map":
			for _, b := range p.g.D.Boxes.Boxes {
				if b.Sector == "304" {
					out = append(out, b.ID)
				}
			}
			edges(0, func(int) bool { return true })
			edges(1, func(int) bool { return true })
		case l.m >= 0:
			h := p.g.maps[l.m].hx[l.i]
			if h.Edge && (p.trench[l.m][l.i] || p.dig[l.m][l.i]) {
				if l.m == 0 {
					out = append(out, "1z-304")
				}
				out = append(out, "2z-304")
			}
		}
		if (l.m >= 0 || box != nil && box.Sector == "304") && p.LoC(geoVM).Unit(u.ID) {
			out = append(out, "VM Off-Map")
		}
		return dedupe(out)
	}
	if p.isArt(u) {
		return nil // 6.2-B: "France may move up to 12 units (not artillery)"
	}
	notTrench := func(m int) func(h int) bool {
		return func(h int) bool { return !p.trench[m][h] }
	}
	switch {
	case l.m >= 0:
		if p.g.maps[l.m].hx[l.i].Edge && !p.trench[l.m][l.i] {
			out = append(out, "2z-304")
		}
	case l.box == "2z-304":
		edges(0, notTrench(0))
		edges(1, notTrench(1))
		out = append(out, p.g.arrowsFrom(0, l.box)...)
	case l.box == "Condor Force" && !o.CondorReleased:
	case box != nil && box.Kind == "move":
		out = append(out, p.g.arrowsFrom(0, l.box)...)
	}
	return dedupe(out)
}

func dedupe(xs []string) []string {
	sort.Strings(xs)
	return slices.Compact(xs)
}

// AfterMove is one legal After-Combat Move (4.2, 8.2).
type AfterMove struct {
	To   string
	Alt  int // 1, 2, 3 (France only)
	Path []string
}

// AfterCombatMoves lists a unit's After-Combat Moves: 4.2 (VM) and 8.2
// (France) "Any unit that is not entrenched may choose one of ... If one
// of them is chosen, then the unit must end its move entrenched, but not
// in a [enemy]-controlled strongpoint ... Alt1: Move 1 hex, regardless of
// any LoC and ZoC. Alt2: Move 5 mp, but do not enter enemy ZoC (the unit
// may start adjacent to a[n enemy] unit)"; 8.2 "Alt 3: Relocate to any
// strongpoint hex in DBP Supply Area, not in VM ZoC (only applicable at
// DBP). The unit must be in French LoC", with 2z-304's exception. One
// entry per destination, the lowest Alt that reaches it; by place.
func (p *Position) AfterCombatMoves(unitID string) []AfterMove {
	out := p.afterCombat(unitID, nil)
	sort.Slice(out, func(a, b int) bool { return out[a].To < out[b].To })
	return out
}

// AfterCombatMoveTo is the After-Combat Move of AfterCombatMoves that
// ends at place, if any: the Alternatives are tried in turn, so a move of
// Alternative 1 needs no reach and one of 1 or 2 no LoC (an order names
// one place).
func (p *Position) AfterCombatMoveTo(unitID, place string) (AfterMove, bool) {
	m := p.afterCombat(unitID, func(to string) bool { return to == place })
	if len(m) == 0 {
		return AfterMove{}, false
	}
	return m[0], true
}

// HasAfterCombatMove: the unit has an After-Combat Move.
func (p *Position) HasAfterCombatMove(unitID string) bool {
	return len(p.afterCombat(unitID, func(string) bool { return true })) > 0
}

// afterCombat lists the unit's After-Combat Moves, Alternative by
// Alternative, each place with its first; with stop, only the first
// move whose place stop accepts, as soon as it is found.
func (p *Position) afterCombat(unitID string, stop func(to string) bool) []AfterMove {
	i, ok := p.units[unitID]
	if !ok || p.Entrenched(unitID) {
		return nil
	}
	u := &p.b.Units[i]
	l := p.locOf(i)
	s := sideIdx(u.Side)
	side := u.Side
	ends := func(m, h int) bool {
		if !p.room(s, m, h) || !p.entrenchedAt(side, m, h) {
			return false
		}
		gm := p.g.maps[m]
		if sp := gm.strong[h]; sp >= 0 && p.Control(p.g.strongs[sp].code) != side {
			return false
		}
		return !(s == 0 && p.outVM[m][h]) // "not in a VM-controlled strongpoint/outpost"
	}
	got := map[string]bool{}
	var out []AfterMove
	if l.m >= 0 {
		gm := p.g.maps[l.m]
		for _, n := range gm.nb[l.i] {
			if n >= 0 && ends(l.m, int(n)) {
				got[gm.ids[n]] = true
				if stop != nil && !stop(gm.ids[n]) {
					continue
				}
				out = append(out, AfterMove{To: gm.ids[n], Alt: 1, Path: []string{PlaceOf(u), gm.ids[n]}})
				if stop != nil {
					return out
				}
			}
		}
		r := p.Reach(unitID, MoveOpts{NoEnemyZoC: true})
		for k, h := range r.list {
			if int(h) != l.i && !got[gm.ids[h]] && ends(l.m, int(h)) {
				got[gm.ids[h]] = true
				if stop != nil && !stop(gm.ids[h]) {
					continue
				}
				out = append(out, AfterMove{To: gm.ids[h], Alt: 2, Path: r.Path(gm.ids[r.list[k]])})
				if stop != nil {
					return out
				}
			}
		}
	}
	if s == 0 && (l.m == 0 || l.box == "2z-304") {
		loc := p.LoC(geoFrench)
		if loc.Unit(unitID) || l.box == "2z-304" {
			for m := 0; m < 2; m++ {
				if m == 1 && (l.box != "2z-304" || p.b.IsabelleGone) {
					continue
				}
				if l.box == "2z-304" && !p.edgeTraces(m) {
					continue // "there must also be a Map Edge Hex which can trace a French LoC to the chosen Supply Area"
				}
				gm := p.g.maps[m]
				for _, h := range gm.supply {
					if gm.strong[h] >= 0 && !p.zocOf[m][h][1] && ends(m, int(h)) && !got[gm.ids[h]] {
						got[gm.ids[h]] = true
						if stop != nil && !stop(gm.ids[h]) {
							continue
						}
						out = append(out, AfterMove{To: gm.ids[h], Alt: 3})
						if stop != nil {
							return out
						}
					}
				}
			}
		}
	}
	return out
}

// edgeTraces: a Map Edge Hex of map m traces a French LoC to m's Supply
// Area (8.2's exception for 2z-304).
func (p *Position) edgeTraces(m int) bool {
	l := p.LoC(geoFrench).To([]string{"dbp", "isabelle"}[m])
	for _, e := range p.g.maps[m].edges {
		if l.hex[m][e] {
			return true
		}
	}
	return false
}

// BreachPlaces lists where a Wire Breach may go for a VM unit: 2.4-A "on
// a VM unit in VM LoC, or in an empty hex adjacent to that VM unit (but
// not in a French-controlled strongpoint or in a Supply Area)"; the
// unit's own place first, then the hexes by id. nil when the unit is not
// in VM LoC on a map. (No more than 2 Asset Markers a Division Sector is
// the engine's count.)
func (p *Position) BreachPlaces(unitID string) []string {
	i, ok := p.units[unitID]
	if !ok || p.b.Units[i].Side != geoVM || p.locOf(i).m < 0 || !p.LoC(geoVM).Unit(unitID) {
		return nil
	}
	l := p.locOf(i)
	gm := p.g.maps[l.m]
	out := []string{gm.ids[l.i]}
	var ns []string
	for _, n := range gm.nb[l.i] {
		if n < 0 || p.occ[l.m][n][0] > 0 || p.occ[l.m][n][1] > 0 || gm.hx[n].Supply {
			continue
		}
		if sp := gm.strong[n]; sp >= 0 && p.Control(p.g.strongs[sp].code) == geoFrench {
			continue
		}
		ns = append(ns, gm.ids[n])
	}
	sort.Strings(ns)
	return append(out, ns...)
}

// CommandoHexes lists the hexes 2.3 lets the Commando raid a French unit
// from: "Place the Commando in any hex in a Trench/Dig Zone, or in any
// Map Edge Hex. It will raid an adjacent French unit." (No French unit in
// the hex: "a unit may never enter a hex that contains an enemy unit".)
func (p *Position) CommandoHexes(targetID string) []string {
	i, ok := p.units[targetID]
	if !ok || p.b.Units[i].Side != geoFrench || p.locOf(i).m < 0 {
		return nil
	}
	l := p.locOf(i)
	gm := p.g.maps[l.m]
	var out []string
	for _, n := range gm.nb[l.i] {
		if n >= 0 && p.occ[l.m][n][0] == 0 && (p.trench[l.m][n] || p.dig[l.m][n] || gm.hx[n].Edge) {
			out = append(out, gm.ids[n])
		}
	}
	sort.Strings(out)
	return out
}

// ReactionEligible: 3.3 "Artillery, shaken units or those that start
// adjacent to a VM unit may not do a Reaction Move. Box Movement is not
// permitted."
func (p *Position) ReactionEligible(unitID string) bool {
	u := p.Unit(unitID)
	return u != nil && u.Side == geoFrench && u.Box == "" && !p.isArt(u) && !p.b.Shaken[unitID] && !p.AdjacentEnemy(unitID)
}

// SupplyHexes lists the hexes of a Supply Area ("dbp" or "isabelle") a
// French unit may be put in: no VM unit, room under 1.6, VM ZoC or not
// unless notInZoC (8.1-A's evacuation: "any hex in DBP Supply Area, not
// in VM ZoC"); 5.4-D's reinforcements "in any hexes within the Supply
// Area of DBP and/or Isabelle. Placing them in VM ZoC is allowed", not at
// Isabelle after its surrender (Board.IsabelleGone).
func (p *Position) SupplyHexes(area string, notInZoC bool) []string {
	m := 0
	if area == "isabelle" {
		m = 1
		if p.b.IsabelleGone {
			return nil
		}
	}
	gm := p.g.maps[m]
	var out []string
	for _, h := range gm.supply {
		if p.room(0, m, int(h)) && !(notInZoC && p.zocOf[m][h][1]) {
			out = append(out, gm.ids[h])
		}
	}
	return out
}
