package tonkin

import (
	"fmt"
	mbits "math/bits"
	"slices"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Movement (5.1, 5.2, 5.7, 5.9, 5.12). Costs are counted in half points
// (road and rail cost 0.5 a hex in clear terrain).

// geo is what movement needs of the board, built once.
type geo struct {
	road, rail map[[2]string]bool      // consecutive hexes of a road, a railway
	railHex    map[string]bool         // the hexes of the railways
	riverEdge  map[[2]string]string    // consecutive hexes of a river -> "navigable" or "minor"
	riversAt   map[string][]riverInHex // the rivers through a hex
	riverIDs   map[[2]string][]string  // consecutive hexes of a river -> the rivers
	adj        map[string][]string     // the hexes of the map next to a hex
	distVN     map[string]int          // hexes to the nearest hex of Vietnam
	distLA     map[string]int          // hexes to the nearest hex of Laos
	ids        []string                // every hex id, sorted

	// The same board by number (a hex's place in ids), for the legal
	// tree: neighbours in adj's order, land outside China (RULINGS
	// T21), and each movement class's step costs (moveClass).
	idx       map[string]int32
	nb        [][]int32
	landVN    []bool   // a land hex outside China
	sea       []bool   // an all-sea hex
	limit     []int    // stackLimit, by hex number
	rowCol    [][2]int // ParseHex, by hex number
	none      []int32  // -1 by hex number, and unreached by node: reach's blank buffers
	unreached []int32
	classes   map[string]*moveClass // by classKey
	byType    map[string]*moveClass // by type code
}

// moveClass is what a unit type pays for each step on the board (5.1,
// 5.7, 5.9, 5.12), with no enemy about and no rain: the fixed part of
// stepCost, counted once for the types that move alike.
type moveClass struct {
	fef   bool
	enter []bool  // mayEnter, by hex
	cost  []int16 // by hex*6 + k (k: the neighbour's place in nb): half points, -1 when it may not
	flags []uint8 // how rain and ZOC change that cost
	// alt and altFlags: a road or rail step's cost off the road, for a
	// hex where road movement is forbidden (6.6 d).
	alt      []int16
	altFlags []uint8
	// pass: the class may pass through a hex of VM-groups by this step
	// (5.7, 5.9: a Dinassaut and the 1 Rec along a navigable river).
	pass bool
	// coast: the class moves along the coast, where VM units do not
	// bother it (5.7: the Dinassauts; RULINGS T49).
	coast bool
}

// passing: a step that may pass through a hex of VM-groups (5.7, 5.9).
func (r *Rules) passing(mc *moveClass, h, nh int32) bool {
	return mc.pass && r.geo.riverEdge[edge(r.geo.ids[h], r.geo.ids[nh])] == "navigable"
}

// step: the cost and flags of step k from hex h on board b: off the road
// where a road marker forbids road movement at either end (6.6 d).
func (mc *moveClass) step(b *moveBoard, h int32, k int, nh int32) (int16, uint8) {
	i := 6*int(h) + k
	if mc.flags[i]&stepRoad != 0 && b.noRoad != nil && (b.noRoad[h] || b.noRoad[nh]) {
		return mc.alt[i], mc.altFlags[i]
	}
	return mc.cost[i], mc.flags[i]
}

// Flags of a step: rain doubles it (2.0); it is along a road or railway,
// doubled by rain in the rain season only (2.0); it is a Dinassaut's
// along the coast, where VM units do not bother it: no +1 for their ZOC,
// the hex entered does not count for 5.2, and it may pass through VM
// units there (5.7, RULINGS T49).
const (
	stepRain uint8 = 1 << iota
	stepRoad
	stepCoast
)

func classKey(t UnitType) string {
	return fmt.Sprintf("%s|%s|%s|%v", t.Kind, t.Side, t.Nationality, motorized(t))
}

type riverInHex struct {
	id, kind string
}

func edge(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

func (r *Rules) buildGeo() {
	g := &geo{road: map[[2]string]bool{}, rail: map[[2]string]bool{}, riverEdge: map[[2]string]string{}, riversAt: map[string][]riverInHex{},
		riverIDs: map[[2]string][]string{}, adj: map[string][]string{}}
	for _, p := range r.d.Paths.Roads {
		for i := 1; i < len(p.Hexes); i++ {
			g.road[edge(p.Hexes[i-1], p.Hexes[i])] = true
		}
	}
	g.railHex = map[string]bool{}
	for _, p := range r.d.Paths.Railways {
		for _, h := range p.Hexes {
			g.railHex[h] = true
		}
		for i := 1; i < len(p.Hexes); i++ {
			g.rail[edge(p.Hexes[i-1], p.Hexes[i])] = true
		}
	}
	for _, p := range r.d.Paths.Rivers {
		for i, h := range p.Hexes {
			if i > 0 {
				e := edge(p.Hexes[i-1], h)
				if g.riverEdge[e] != "navigable" {
					g.riverEdge[e] = p.Kind
				}
				g.riverIDs[e] = append(g.riverIDs[e], p.ID)
			}
			g.riversAt[h] = append(g.riversAt[h], riverInHex{p.ID, p.Kind})
		}
	}
	for id := range r.hexes {
		g.ids = append(g.ids, id)
	}
	slices.Sort(g.ids)
	for _, id := range g.ids {
		row, col, _ := ParseHex(id)
		for _, n := range Neighbors(row, col) {
			if nid := HexID(n[0], n[1]); r.hexes[nid].ID != "" {
				g.adj[id] = append(g.adj[id], nid)
			}
		}
	}
	r.geo = g
	g.distVN = r.distTo("vietnam", g.ids)
	g.distLA = r.distTo("laos", g.ids)
	g.idx = map[string]int32{}
	for i, id := range g.ids {
		g.idx[id] = int32(i)
	}
	g.nb = make([][]int32, len(g.ids))
	g.landVN = make([]bool, len(g.ids))
	g.sea, g.limit, g.rowCol = make([]bool, len(g.ids)), make([]int, len(g.ids)), make([][2]int, len(g.ids))
	g.none, g.unreached = make([]int32, len(g.ids)), make([]int32, 2*len(g.ids))
	for i := range g.none {
		g.none[i] = -1
	}
	for i := range g.unreached {
		g.unreached[i] = unreached
	}
	for i, id := range g.ids {
		for _, n := range g.adj[id] {
			g.nb[i] = append(g.nb[i], g.idx[n])
		}
		h := r.hexes[id]
		g.landVN[i] = h.Terrain != "sea" && h.Country != "china"
		g.sea[i] = h.Terrain == "sea"
		g.limit[i] = r.stackLimit(id)
		g.rowCol[i][0], g.rowCol[i][1], _ = ParseHex(id)
	}
	g.classes, g.byType = map[string]*moveClass{}, map[string]*moveClass{}
	codes := make([]string, 0, len(r.types))
	for c := range r.types {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for _, c := range codes {
		t := r.types[c]
		k := classKey(t)
		if g.classes[k] != nil {
			g.byType[c] = g.classes[k]
			continue
		}
		mc := &moveClass{fef: t.Side == FEF, pass: t.Kind == "naval" || t.Kind == "amphibious", coast: t.Kind == "naval", enter: make([]bool, len(g.ids)),
			cost: make([]int16, 6*len(g.ids)), flags: make([]uint8, 6*len(g.ids)),
			alt: make([]int16, 6*len(g.ids)), altFlags: make([]uint8, 6*len(g.ids))}
		for i, id := range g.ids {
			mc.enter[i], _ = r.mayEnter(t, id)
			for k := range 6 {
				mc.cost[6*i+k], mc.alt[6*i+k] = -1, -1
			}
			for k, n := range g.adj[id] {
				c, f, why := r.baseStep(t, id, n)
				if why == "" {
					mc.cost[6*i+k], mc.flags[6*i+k] = int16(c), f
					mc.alt[6*i+k], mc.altFlags[6*i+k] = int16(c), f
				}
				if f&stepRoad != 0 {
					c, f, why := r.baseStepX(t, id, n, false)
					mc.alt[6*i+k], mc.altFlags[6*i+k] = -1, 0
					if why == "" {
						mc.alt[6*i+k], mc.altFlags[6*i+k] = int16(c), f
					}
				}
			}
		}
		g.classes[k], g.byType[c] = mc, mc
	}
	r.geo = g
}

// class is a unit type's movement class.
func (r *Rules) class(t UnitType) *moveClass { return r.geo.byType[t.Code] }

// distTo counts hexes to the nearest hex of a country, over the grid.
func (r *Rules) distTo(country string, ids []string) map[string]int {
	d := map[string]int{}
	var q []string
	for _, id := range ids {
		if r.hexes[id].Country == country {
			d[id] = 0
			q = append(q, id)
		}
	}
	for len(q) > 0 {
		h := q[0]
		q = q[1:]
		for _, n := range r.neighbors(h) {
			if _, ok := d[n]; !ok {
				d[n] = d[h] + 1
				q = append(q, n)
			}
		}
	}
	return d
}

// neighbors are the hexes of the map next to h.
func (r *Rules) neighbors(h string) []string { return r.geo.adj[h] }

func (r *Rules) typ(u *Unit) UnitType { return r.types[u.Type] }

// motorized units move with their red number (5.1).
func motorized(t UnitType) bool { return t.Move == 0 && t.Motor > 0 }

// mayEnter: where a unit may be (5.12, The Map): the FEF in Vietnam and
// Laos (Vietnamese and Thai units in Laos within 3 hexes of Vietnam, Lao
// units in Vietnam within 3 hexes of Laos, the GCMA in the montagnard
// area only); VM regiments, artillery and Uncle Ho anywhere, China
// included; VM-groups (and dummies, which move as they do: RULINGS T20)
// in Vietnam and in Laos within 3 hexes of Vietnam; the Pathet Lao in
// Laos and in Vietnam within 3 hexes of Laos. Sea hexes hold only
// Dinassauts.
func (r *Rules) mayEnter(t UnitType, hex string) (bool, string) {
	h, ok := r.hexes[hex]
	if !ok {
		return false, "not a hex of the map"
	}
	if h.Terrain == "sea" && t.Kind != "naval" {
		return false, "it is all sea"
	}
	vnLaos := func(who string) (bool, string) {
		switch h.Country {
		case "vietnam":
			if t.Nationality == "laotian" || t.Nationality == "pathet-lao" {
				if r.geo.distLA[hex] > 3 {
					return false, fmt.Sprintf("%s may step into Vietnam only within 3 hexes of Laos (5.12)", who)
				}
			}
		case "laos":
			if t.Nationality == "vietnamese" || t.Nationality == "thai" || t.Kind == "group" && t.Nationality == "vm" || t.Kind == "dummy" {
				if r.geo.distVN[hex] > 3 {
					return false, fmt.Sprintf("%s may step into Laos only within 3 hexes of Vietnam (5.12)", who)
				}
			}
		case "china":
			return false, fmt.Sprintf("%s may not enter China (5.12, RULINGS T9)", who)
		}
		return true, ""
	}
	if t.Side == FEF {
		if t.Nationality == "minority" && !h.Montagnard {
			return false, "GCMA units must stay in the montagnard area (5.12)"
		}
		return vnLaos(t.Family + " units")
	}
	switch t.Kind {
	case "regiment", "artillery", "leader", "transport":
		return true, "" // 5.12: VM regiments, transports and Uncle Ho/Giap anywhere
	case "group", "dummy":
		if t.Nationality == "pathet-lao" {
			return vnLaos("the Pathet Lao")
		}
		return vnLaos("VM-groups")
	}
	return vnLaos("VM units")
}

// hasZOC: every unit but supply dumps, the FEF HQ and Uncle Ho (Basics).
func hasZOC(t UnitType) bool { return t.Kind != "dump" && t.Kind != "hq" && t.Kind != "leader" }

// zoc is a side's ZOC, by hex number: the six hexes around each of its
// units that have one, save hexes the unit may not enter (Basics: ZOC),
// and, for the FEF, around its garrisons (5.2).
func (r *Rules) zoc(s *State, side string) []bool {
	g := r.geo
	z := make([]bool, len(g.ids))
	add := func(t UnitType, at string) {
		i, ok := g.idx[at]
		if !ok {
			return
		}
		mc := r.class(t)
		for _, n := range g.nb[i] {
			if mc.enter[n] {
				z[n] = true
			}
		}
	}
	for _, u := range s.Units {
		if u.Side != side || !onMap(u.Loc) {
			continue
		}
		if side == VM && (u.Hidden || r.Opaque(u.Loc)) {
			// RULINGS T21: a VM counter the FEF cannot identify (its
			// hidden side, or inside a forest stack) exerts ZOC on the
			// FEF into every adjacent land hex outside China, whatever
			// it is: else the FEF's move costs would tell Uncle Ho or a
			// dump from troops, or a VM-group from the Pathet Lao.
			if i, ok := g.idx[u.Loc]; ok {
				for _, n := range g.nb[i] {
					if g.landVN[n] {
						z[n] = true
					}
				}
			}
			continue
		}
		if hasZOC(r.typ(u)) {
			add(r.typ(u), u.Loc)
		}
	}
	if side == FEF {
		gar := r.types["GAR"]
		for _, n := range s.Garrisons {
			add(gar, r.urban[n].Hex)
		}
	}
	return z
}

// occupied: the hexes holding a side's units (for the FEF, garrisons
// too), by hex number.
func (r *Rules) occupied(s *State, side string) []bool {
	g := r.geo
	o := make([]bool, len(g.ids))
	mark := func(h string) {
		if i, ok := g.idx[h]; ok {
			o[i] = true
		}
	}
	for _, u := range s.Units {
		if u.Side == side && onMap(u.Loc) {
			mark(u.Loc)
		}
	}
	if side == FEF {
		for _, n := range s.Garrisons {
			mark(r.urban[n].Hex)
		}
	}
	return o
}

// moveBoard is what one side's moves are judged against: the enemy's ZOC
// and hexes, by hex number, the weather, and buffers reused by reach.
type moveBoard struct {
	enemyZOC, enemyAt []bool
	rain, rainSeason  bool
	zocExtra          int    // 5.1: the FEF's +1 in VM ZOC, in half points
	stack             []int  // the side's stacking points by hex number, when counted
	noRoad            []bool // hexes where road movement is forbidden (6.6 d), nil when none
	groups            []bool // the FEF's board: enemy hexes of VM-groups only, as the FEF sees them (5.7, 5.9)
	infil             []bool // an infiltrator's board: enemy hexes it may pass through (5.11)

	dist, prev []int32   // reach's buffers: by node (hex*2 + touched)
	buckets    [][]int32 // reach's queue: nodes by cost
	touched    []int32   // the nodes of dist the last reach set, to reset for the next
	seen       []uint64  // reach's bit set of the hexes reached, by hex number
	best       []int32   // the last reach's best, by hex number
	reached    []int32   // the hexes of best the last reach set
}

func (r *Rules) moveBoard(s *State, side string) *moveBoard {
	b := r.newBoard(s.Weather == "rain", rainSeason(s.Month))
	b.enemyZOC, b.enemyAt = r.zoc(s, other(side)), r.occupied(s, other(side))
	if side == FEF {
		b.groups = r.groupHexes(s)
	}
	if len(s.Interdicted) > 0 {
		b.noRoad = make([]bool, len(r.geo.ids))
		for _, h := range s.Interdicted {
			if i, ok := r.geo.idx[h]; ok {
				b.noRoad[i] = true
			}
		}
	}
	return b
}

// newBoard is a board with no enemy on it.
func (r *Rules) newBoard(rain, rainSeason bool) *moveBoard {
	n := len(r.geo.ids)
	return &moveBoard{enemyZOC: make([]bool, n), enemyAt: make([]bool, n), rain: rain, rainSeason: rainSeason,
		zocExtra: 2 * r.chartInt("terrain", "zoc_fef_extra")}
}

// zocAt and at read the board by hex id.
func (b *moveBoard) zocAt(r *Rules, h string) bool {
	i, ok := r.geo.idx[h]
	return ok && b.enemyZOC[i]
}

func (b *moveBoard) enemyIn(r *Rules, h string) bool {
	i, ok := r.geo.idx[h]
	return ok && b.enemyAt[i]
}

// terrainCost reads charts.toml terrain: a row's column for the unit, in
// half points; prohibited for "P".
func (r *Rules) terrainCost(row string, t UnitType) (int, bool) {
	i := 0
	switch {
	case motorized(t):
		i = 2
	case t.Side == VM || t.Nationality == "minority": // 5.10: the GCMA pay the VM's costs
		i = 1
	}
	v, _ := r.d.Charts["terrain"][row].([]any)
	if i >= len(v) {
		return 0, false
	}
	f, ok := num(v[i])
	if !ok {
		return 0, false // "P"
	}
	return int(f * 2), true
}

// stepCost is what a unit pays to go from one hex to the next, in half
// points, or why it may not (5.1, 5.7, 5.9, 5.12, 2.0).
func (r *Rules) stepCost(b *moveBoard, t UnitType, from, to string) (int, string) {
	c, _, why := r.stepCostF(b, t, from, to)
	return c, why
}

// stepCostF is stepCost with the step's flags.
func (r *Rules) stepCostF(b *moveBoard, t UnitType, from, to string) (int, uint8, string) {
	c, f, why := r.baseStep(t, from, to)
	if f&stepRoad != 0 && b.noRoad != nil && (b.noRoad[r.geo.idx[from]] || b.noRoad[r.geo.idx[to]]) {
		c, f, why = r.baseStepX(t, from, to, false) // 6.6 d: no road movement there
	}
	if why != "" {
		return 0, 0, why
	}
	if b.enemyIn(r, to) {
		return 0, 0, "enemy units are there (in an operation phase, `overrun` or `attack` them, 6.4, 6.6)"
	}
	return b.adjust(c, f, t.Side == FEF, b.zocAt(r, to)), f, ""
}

// adjust is a step's cost on this board: rain doubles it (2.0: along
// roads and rail only in the rain season; never along rivers or the
// coast at sea), and the FEF pays +1 in VM ZOC (5.1).
func (b *moveBoard) adjust(c int, f uint8, fef, zoc bool) int {
	if b.rain && (f&stepRain != 0 || f&stepRoad != 0 && b.rainSeason) {
		c *= 2
	}
	if fef && zoc && f&stepCoast == 0 {
		c += b.zocExtra
	}
	return c
}

// baseStep is a step's cost with no enemy about and no rain, in half
// points, with how rain and ZOC change it, or why the unit may not take
// it (5.1, 5.7, 5.9, 5.12).
func (r *Rules) baseStep(t UnitType, from, to string) (int, uint8, string) {
	return r.baseStepX(t, from, to, true)
}

// baseStepX is baseStep, along roads and rail only when roads.
func (r *Rules) baseStepX(t UnitType, from, to string, roads bool) (int, uint8, string) {
	if ok, why := r.mayEnter(t, to); !ok {
		return 0, 0, why
	}
	h := r.hexes[to]
	e := edge(from, to)
	g := r.geo
	water := func(h Hex) bool { return h.Terrain == "sea" || h.Coastal }
	switch t.Kind {
	case "naval": // 5.7: along navigable rivers and the coast, 1 a hex, not doubled by rain (2.0)
		switch {
		case water(r.hexes[from]) && water(h):
			return 2, stepCoast, "" // along the coast, a river there or not (RULINGS T49)
		case g.riverEdge[e] == "navigable":
			return 2, 0, ""
		}
		return 0, 0, "Dinassauts move only along navigable rivers and coastal hexes (5.7)"
	case "amphibious": // 5.9: along navigable rivers, or overland through clear hexes
		if g.riverEdge[e] == "navigable" {
			return 2, 0, ""
		}
		if h.Terrain != "clear" {
			return 0, 0, "the 1 Rec moves overland only through clear hexes (5.9)"
		}
	}
	if roads && (g.road[e] || g.rail[e]) {
		// 5.1: road/rail has its own cost regardless of other terrain,
		// double in a non-clear hex; rain doubles it only in the rain
		// season (2.0); a river along a road is bridged (RULINGS T20).
		c := 1
		if h.Terrain != "clear" {
			c = 2
		}
		return c, stepRoad, ""
	}
	c, ok := r.terrainCost(h.Terrain, t)
	if !ok {
		what := "motorized units"
		if h.Terrain == "sea" {
			what = "land units"
		}
		return 0, 0, fmt.Sprintf("%s terrain is prohibited to %s off roads (5.1)", h.Terrain, what)
	}
	// 5.1: +1/+2 (+2/+3 motorized) entering a river hex unless moving
	// along that river; at most once, whatever the rivers in the hex.
	extra := 0
	for _, rv := range g.riversAt[to] {
		if r.sameRiver(rv.id, from, to) {
			continue
		}
		row := "minor_river"
		if rv.kind == "navigable" {
			row = "navigable_river"
		}
		if x, ok := r.terrainCost(row, t); ok && x > extra {
			extra = x
		}
	}
	return c + extra, stepRain, ""
}

// sameRiver: from and to are consecutive hexes of river id.
func (r *Rules) sameRiver(id, from, to string) bool {
	return slices.Contains(r.geo.riverIDs[edge(from, to)], id)
}

// allowance is a unit's movement points in halves (5.1; 6.17: Desorg
// halves it, rounded up), 0 when it cannot move (4.6: a motorized unit
// out of supply). OoS units cannot double their move (4.6).
func (r *Rules) allowance(u *Unit) (ma int, canDouble bool) {
	t := r.typ(u)
	m := t.Move
	if motorized(t) {
		if u.OoS {
			return 0, false
		}
		m = t.Motor
	}
	if u.Desorg {
		m = (m + 1) / 2
	}
	return 2 * m, !u.OoS
}

// movable: the units that move by themselves (dumps go by transport only,
// 5.3; garrisons never move).
func (r *Rules) movable(u *Unit) bool {
	t := r.typ(u)
	ma, _ := r.allowance(u)
	return onMap(u.Loc) && t.Kind != "dump" && t.Kind != "garrison" && ma > 0
}

// route is a least-cost path from a unit's hex to every hex it can reach
// this move: the double allowance while it neither starts, passes nor
// ends in an enemy ZOC (5.2), and always one hex (5.1). It reads the
// board's buffers: it holds until the board's next reach (its hexes
// are its own).
type route struct {
	r     *Rules
	b     *moveBoard
	best  []int32 // by hex number: the node reached (hex*2 + touched), -1 when none
	start int32
	// hexes are the hex numbers best reaches, in order (the grid's):
	// what the legal tree walks instead of the whole board.
	hexes []int32
}

// cost is the least cost to reach h, in half points.
func (rt route) cost(h string) (int, bool) {
	i, ok := rt.r.geo.idx[h]
	if !ok || rt.best[i] < 0 {
		return 0, false
	}
	return int(rt.b.dist[rt.best[i]]), true
}

// path is the hexes of the least-cost route to h, h last; nil when h is
// out of reach.
func (rt route) path(h string) []string {
	i, ok := rt.r.geo.idx[h]
	if !ok {
		return nil
	}
	var p []string
	for _, x := range rt.pathI(i, nil) {
		p = append(p, rt.r.geo.ids[x])
	}
	return p
}

// pathI is path by hex number, written into buf.
func (rt route) pathI(i int32, buf []int32) []int32 {
	if rt.best[i] < 0 {
		return nil
	}
	p := buf[:0]
	for x := rt.best[i]; x != rt.start; x = rt.b.prev[x] {
		p = append(p, x/2)
	}
	slices.Reverse(p)
	return p
}

const unreached = int32(1<<31 - 1)

func (r *Rules) reach(b *moveBoard, u *Unit) route {
	ma, canDouble := r.allowance(u)
	return r.reachFrom(b, r.class(r.typ(u)), u.Loc, ma, canDouble)
}

// reachFrom is reach for a movement class from a hex with an allowance
// (half points), doubled out of enemy ZOC when canDouble (5.2; the
// transports of 5.3-5.7 too).
func (r *Rules) reachFrom(b *moveBoard, mc *moveClass, loc string, ma int, canDouble bool) route {
	g := r.geo
	n := len(g.ids)
	if len(b.dist) != 2*n {
		b.dist, b.prev, b.best = make([]int32, 2*n), make([]int32, 2*n), make([]int32, n)
		copy(b.dist, g.unreached)
		copy(b.best, g.none)
		b.touched, b.reached = b.touched[:0], nil
	}
	// only what the last reach set is reset (issue 31: most reaches see
	// a small part of the board)
	for _, x := range b.touched {
		b.dist[x] = unreached
	}
	for _, h := range b.reached {
		b.best[h] = -1
	}
	b.touched, b.reached = b.touched[:0], nil
	rt := route{r: r, b: b, best: b.best}
	at, ok := g.idx[loc]
	if !ok {
		return rt
	}
	touch := func(h int32) int32 {
		if b.enemyZOC[h] {
			return 1
		}
		return 0
	}
	// RULINGS T49: a Dinassaut in a coastal hex is bothered by the VM's
	// ZOC there only if it leaves up a river.
	coastStart := r.coastStart(mc, at)
	startZOC := touch(at)
	if coastStart {
		startZOC = 0
	}
	start := at*2 + startZOC
	rt.start = start
	limit := func(node int32) int32 {
		if node&1 == 0 && canDouble {
			return int32(2 * ma)
		}
		return int32(ma)
	}
	// Dijkstra over (hex, touched an enemy ZOC) with a bucket queue:
	// nodes leave in order of cost, then of arrival.
	for i := range b.buckets {
		b.buckets[i] = b.buckets[i][:0]
	}
	push := func(node, c int32) {
		for int(c) >= len(b.buckets) {
			b.buckets = append(b.buckets, nil)
		}
		b.buckets[c] = append(b.buckets[c], node)
	}
	b.dist[start] = 0
	b.touched = append(b.touched, start)
	push(start, 0)
	for c := 0; c < len(b.buckets); c++ {
		for j := 0; j < len(b.buckets[c]); j++ {
			x := b.buckets[c][j]
			if int32(c) > b.dist[x] {
				continue
			}
			h := x / 2
			for k, nh := range g.nb[h] {
				sc, fl := mc.step(b, h, k, nh)
				if sc < 0 {
					continue
				}
				extra := 0
				if b.enemyAt[nh] {
					e, ok := b.through(r, mc, h, nh, fl)
					if !ok {
						continue
					}
					extra = e
				}
				step := b.adjust(int(sc), fl, mc.fef, b.enemyZOC[nh]) + extra
				tz := touch(nh)
				if fl&stepCoast != 0 {
					tz = 0 // 5.7: VM units do not bother it along the coast
				} else if x == start && coastStart {
					tz |= touch(at) // up a river from a coastal hex in VM ZOC
				}
				nx := nh*2 + ((x & 1) | tz)
				nc := int32(c + step)
				if nc > limit(nx) && x != start {
					continue
				}
				if b.dist[nx] <= nc {
					continue
				}
				if b.dist[nx] == unreached {
					b.touched = append(b.touched, nx)
				}
				b.dist[nx], b.prev[nx] = nc, x
				push(nx, nc)
			}
		}
	}
	// each hex by its cheaper node; at equal cost the one that touched
	// an enemy ZOC
	if len(b.seen) != (n+63)/64 {
		b.seen = make([]uint64, (n+63)/64)
	}
	count := 0
	for _, x := range b.touched {
		h := x / 2
		if h == at || b.enemyAt[h] || rt.best[h] >= 0 {
			continue // an enemy's hex is passed through, never a destination
		}
		best := int32(-1)
		for _, x := range [2]int32{h*2 + 1, h * 2} {
			if b.dist[x] != unreached && (best < 0 || b.dist[x] < b.dist[best]) {
				best = x
			}
		}
		rt.best[h] = best
		b.seen[h/64] |= 1 << (h % 64)
		count++
	}
	// the hexes in the grid's order, read off the bit set (and cleared)
	rt.hexes = make([]int32, 0, count)
	for w, bits := range b.seen {
		for bits != 0 {
			rt.hexes = append(rt.hexes, int32(64*w+mbits.TrailingZeros64(bits)))
			bits &= bits - 1
		}
		b.seen[w] = 0
	}
	b.reached = rt.hexes
	return rt
}

// checkPath judges a unit's move along a path of adjacent hexes (5.1,
// 5.2): "" when legal, else why not, naming the hex.
func (r *Rules) checkPath(b *moveBoard, u *Unit, path []string) string {
	_, _, why := r.checkPathX(b, u, path, nil)
	return why
}

// checkPathX is checkPath where a step into an enemy hex named in over
// is an overrun (6.4: "Pay for the terrain (not road/rail) and an extra 3
// movement points"; RULINGS T62), after which the hex counts as empty.
// It gives the move's cost, the overruns' 3 not counted (RULINGS T62 c:
// see overrunPath), and whether it touched an enemy ZOC.
func (r *Rules) checkPathX(b *moveBoard, u *Unit, path []string, over []string) (int, bool, string) {
	cost, touched, _, why := r.overrunPath(b, u, path, over)
	return cost, touched, why
}

// overrunRefund is an overrun's extra 3 movement points, in half points
// (6.4).
const overrunRefund = 6

// overrunPath judges u's path where a step into an enemy hex named in
// over is an overrun (6.4, RULINGS T62 c): "Pay for the terrain (not
// road/rail) and an extra 3 movement points. You don't have to pay the 3
// movement points if the opponent turns out to be a dummy or if the unit
// retreats before combat". Each overrun's step must afford its terrain
// and its 3 (5.1's one hex excepted); the steps after it are judged as if
// its 3 were not paid, and the move goes past it only if they are not,
// or if the stack has the points all the same (continueMove). It gives
// the path's cost without the overruns' 3, whether it touched an enemy
// ZOC, and for each overrun in the path's order its slack: the half
// points the unit has to spare after it, judged as if its 3 and every
// earlier overrun's were not paid (the stack goes on past an overrun
// whose 3 it paid when 3 more fit in it).
func (r *Rules) overrunPath(b *moveBoard, u *Unit, path []string, over []string) (int, bool, []int, string) {
	var cleared []int32
	defer func() {
		for _, i := range cleared {
			b.enemyAt[i] = true
		}
	}()
	t := r.typ(u)
	mc := r.class(t)
	ma, canDouble := r.allowance(u)
	coastStart := r.coastStart(mc, r.geo.idx[u.Loc])
	touched := b.zocAt(r, u.Loc) && !coastStart
	cost, at := 0, u.Loc
	track := len(over) > 0 // a plain move has no slack to give
	var cum []int          // the cost after each step, the overruns' 3 not counted
	var ovr []bool         // the step is an overrun
	var before []string    // the overruns before the step
	for i, h := range path {
		if !Adjacent(at, h) {
			return 0, false, nil, fmt.Sprintf("%s is not next to %s: give a path of adjacent hexes, or only the destination", h, at)
		}
		c, f, why := r.stepCostF(b, t, at, h)
		extra := 0
		if b.enemyIn(r, h) && slices.Contains(over, h) {
			// 6.4: the overrun's step: the terrain off the road, +3
			c0, f0, why0 := r.baseStepX(t, at, h, false)
			if why0 != "" {
				return 0, false, nil, fmt.Sprintf("%s cannot overrun %s: %s (6.4: pay for the terrain, not road/rail)", u.ID, h, why0)
			}
			c, f, why, extra = b.adjust(c0, f0, false, false), f0, "", overrunRefund
			hi := r.geo.idx[h]
			b.enemyAt[hi] = false
			cleared = append(cleared, hi)
			touched = true
		} else if why != "" && i < len(path)-1 && b.enemyIn(r, h) {
			// 5.7, 5.9, 5.11: passing through the enemy's hex
			b.enemyAt[r.geo.idx[h]] = false
			c2, f2, why2 := r.stepCostF(b, t, at, h)
			b.enemyAt[r.geo.idx[h]] = true
			if extra, ok := b.through(r, mc, r.geo.idx[at], r.geo.idx[h], f2); ok && why2 == "" {
				c, f, why = c2+extra, f2, ""
			}
		}
		if why != "" {
			return 0, false, nil, fmt.Sprintf("%s cannot enter %s: %s", u.ID, h, why)
		}
		cost += c
		if f&stepCoast == 0 {
			touched = touched || b.zocAt(r, h) || i == 0 && coastStart && b.zocAt(r, u.Loc)
		}
		lim := ma
		if !touched && canDouble {
			lim = 2 * ma
		}
		if i > 0 && cost+extra > lim {
			dbl := "its movement allowance doubles only when it does not start, pass or end in an enemy ZOC (5.2)"
			if !touched {
				dbl = "doubled, as it keeps out of enemy ZOC (5.2)"
			}
			refund := ""
			if len(before) > 0 {
				// RULINGS T62 c: the earlier overruns' 3 counted as refunded
				refund = fmt.Sprintf(" even if the overrun of %s costs no 3 more (6.4: not when the defender is a dummy or retreats before combat)", before[0])
				if len(before) > 1 {
					refund = fmt.Sprintf(" even if the overruns of %s cost no 3 more (6.4: not when the defender is a dummy or retreats before combat)", strings.Join(before, " and "))
				}
			}
			return 0, false, nil, fmt.Sprintf("%s cannot enter %s: the move costs %s movement points there%s, it has %s (%s; only a one-hex move may cost more, 5.1)",
				u.ID, h, halves(cost+extra), refund, halves(lim), dbl)
		}
		if track {
			cum, ovr = append(cum, cost), append(ovr, extra > 0)
			if extra > 0 {
				before = append(before, h)
			}
		}
		at = h
	}
	if !track {
		return cost, touched, nil, ""
	}
	// each overrun's slack: the allowance (no longer doubled: an overrun
	// touches the enemy's ZOC) less the most any later step costs, its 3
	// for a later overrun
	var slack []int
	peak := -1
	for j := len(path) - 1; j >= 0; j-- {
		if ovr[j] {
			if peak < 0 {
				slack = append(slack, ma-cum[j])
			} else {
				slack = append(slack, ma-peak)
			}
		}
		x := cum[j]
		if ovr[j] {
			x += overrunRefund
		}
		peak = max(peak, x)
	}
	slices.Reverse(slack)
	return cost, touched, slack, ""
}

// pathOK is checkPath by hex number, for the legal tree: whether a unit
// of class mc, with allowance ma (doubled out of enemy ZOC when
// canDouble), may take the path from hex at.
func (r *Rules) pathOK(b *moveBoard, mc *moveClass, ma int, canDouble bool, at int32, path []int32) bool {
	g := r.geo
	start := at
	coastStart := r.coastStart(mc, at)
	touched := b.enemyZOC[at] && !coastStart
	cost := 0
	for i, h := range path {
		k := slices.Index(g.nb[at], h)
		if k < 0 {
			return false
		}
		sc, fl := mc.step(b, at, k, h)
		if sc < 0 {
			return false
		}
		if b.enemyAt[h] {
			extra, ok := b.through(r, mc, at, h, fl)
			if i == len(path)-1 || !ok {
				return false
			}
			cost += extra
		}
		cost += b.adjust(int(sc), fl, mc.fef, b.enemyZOC[h])
		if fl&stepCoast == 0 {
			touched = touched || b.enemyZOC[h] || i == 0 && coastStart && b.enemyZOC[start]
		}
		lim := ma
		if !touched && canDouble {
			lim = 2 * ma
		}
		if i > 0 && cost > lim {
			return false
		}
		at = h
	}
	return true
}

// stackLimit is the stacking points a hex holds (Basics: Stacking): 18
// in clear and rough, 11 in forest and mountain.
func (r *Rules) stackLimit(hex string) int {
	switch r.hexes[hex].Terrain {
	case "clear", "rough":
		return 18
	}
	return 11
}

func (r *Rules) stackAt(s *State, side, hex string, except map[string]bool) int {
	n := 0
	if side == FEF && r.garrisonAt(s, hex) != "" {
		n++ // Basics (Stacking): "Garrisons have a stacking of 1" (RULINGS T71)
	}
	for _, u := range s.Units {
		if u.Side == side && u.Loc == hex && !except[u.ID] {
			n += r.values(u).Stack
		}
	}
	return n
}

// token is how a unit is written in an order: its id with "_" for spaces
// ("1_BEP", "308/36").
func token(id string) string { return strings.ReplaceAll(id, " ", "_") }

// findUnit reads a unit token of the side: exactly, or ignoring case
// when that names one unit.
func (s *State) findUnit(side, w string) *Unit {
	id := strings.ReplaceAll(w, "_", " ")
	var fold *Unit
	n := 0
	for _, u := range s.Units {
		if u.Side != side {
			continue
		}
		if u.ID == id {
			return u
		}
		if strings.EqualFold(u.ID, id) {
			fold = u
			n++
		}
	}
	if n == 1 {
		return fold
	}
	// a counter's name without its number when the side has only one
	// of it: "HO" for "HO 1" (Uncle Ho/Giap)
	for _, u := range s.Units {
		if u.Side == side && len(u.ID) > len(id)+1 && strings.EqualFold(u.ID[:len(id)+1], id+" ") {
			fold = u
			n++
		}
	}
	if n == 1 {
		return fold
	}
	return nil
}

// moveUnits reads the units of a move: a unit token, several joined by
// "+", or a hex: every unit of the side there that moves by itself.
func (r *Rules) moveUnits(s *State, side, w string) ([]*Unit, error) {
	ops := s.Phase == PhaseOps1 || s.Phase == PhaseOps2
	if _, ok := r.hexes[w]; ok {
		var us []*Unit
		for _, u := range s.Units {
			if u.Side == side && u.Loc == w && r.movable(u) && (ops || !u.Moved) {
				us = append(us, u)
			}
		}
		if len(us) == 0 {
			return nil, fail("%s has no unit at %s that can move (dumps go by transport, 5.3; in a movement phase each unit moves once, 5.0)", sideName(side), w)
		}
		return us, nil
	}
	var us []*Unit
	for _, part := range strings.Split(w, "+") {
		u := s.findUnit(side, part)
		if u == nil {
			return nil, fail("%q is not one of your units (write a unit with _ for spaces, like %s, several joined by +, or a hex id for a whole stack)", part, r.exampleUnit(s, side))
		}
		if !onMap(u.Loc) {
			return nil, fail("%s is in the %s zone, not on the map", u.ID, u.Loc)
		}
		if !r.movable(u) {
			why := "it has no movement points"
			if r.typ(u).Kind == "dump" {
				why = "supply dumps move only by transport (5.3)"
			}
			return nil, fail("%s cannot move: %s", u.ID, why)
		}
		if len(us) > 0 && u.Loc != us[0].Loc {
			return nil, fail("%s is at %s and %s at %s: a stack moves from one hex", us[0].ID, us[0].Loc, u.ID, u.Loc)
		}
		if !slices.Contains(us, u) {
			us = append(us, u)
		}
	}
	return us, nil
}

func (r *Rules) exampleUnit(s *State, side string) string {
	for _, u := range s.Units {
		if u.Side == side && r.movable(u) && strings.Contains(u.ID, " ") {
			return token(u.ID)
		}
	}
	return "1_BEP"
}

// moveOrder: `move <units> <hex> [<hex> ...]`: the destination alone (the
// least-cost route is taken) or a path of adjacent hexes. In a movement
// phase each unit moves once (5.0); in an operation phase a move is
// option a) and costs one point (6.3).
func (r *Rules) moveOrder(s *State, side string, args []string, ev *events) error {
	if len(args) < 2 {
		return fail("usage: `move <unit|unit+unit|hex> <destination hex>` or `move <units> <hex> <hex> ...` (a path of adjacent hexes)")
	}
	us, err := r.moveUnits(s, side, args[0])
	if err != nil {
		return err
	}
	ops := s.Phase == PhaseOps1 || s.Phase == PhaseOps2
	for _, u := range us {
		if u.Moved && !ops {
			return fail("%s has already moved this phase (5.0: each unit moves once a movement phase)", u.ID)
		}
	}
	for _, h := range args[1:] {
		if _, ok := r.hexes[h]; !ok {
			return fail("%q is not a hex of the map (hexes are four digits, row then place in the row: 0919 is Hanoi)", h)
		}
	}
	b := r.moveBoard(s, side)
	from := us[0].Loc
	path, why := r.routeFor(b, us, args[1:])
	infiltrating := false
	if why != "" && side == VM && !slices.ContainsFunc(us, func(u *Unit) bool { return !r.infiltrator(u) }) {
		// 5.11: the move as infiltrators, when the plain one fails
		if p, w := r.routeFor(r.infilBoard(s), us, args[1:]); w == "" {
			path, why, infiltrating = p, "", true
		}
	}
	if why != "" {
		return fail("%s", why)
	}
	dest := path[len(path)-1]
	if why := r.stackRoom(s, side, us, dest); why != "" {
		return fail("%s", why)
	}
	// 6.10: a unit leaving its trench leaves it (a trench evacuated
	// disappears); one moving into a friendly trench is entrenched.
	entrenched := r.trenchAt(s, side, dest)
	for _, u := range us {
		u.Loc = dest
		u.Moved = true
		u.Trench = entrenched
	}
	r.announceMove(s, side, us, from, path, ev)
	if infiltrating {
		var through []string
		for _, h := range path[:len(path)-1] {
			if r.enemyAt(s, side, h) {
				through = append(through, h)
			}
		}
		if len(through) > 0 {
			ev.pub("5.11: it infiltrates through %s (1 more point each, no road there or in the FEF unit's ZOC).", strings.Join(through, ", "))
		}
	}
	r.railEntry(s, side, dest, ev)
	return nil
}

// slowest is the unit of a stack with the smallest allowance.
func slowest(r *Rules, us []*Unit) *Unit {
	best := us[0]
	for _, u := range us[1:] {
		a, _ := r.allowance(u)
		b, _ := r.allowance(best)
		if a < b {
			best = u
		}
	}
	return best
}

// whyNot explains why no route reaches a hex.
func (r *Rules) whyNot(b *moveBoard, us []*Unit, dest string) string {
	t := r.typ(us[0])
	if ok, why := r.mayEnter(t, dest); !ok {
		return fmt.Sprintf("%s cannot enter %s: %s", us[0].ID, dest, why)
	}
	if b.enemyIn(r, dest) {
		return fmt.Sprintf("%s cannot enter %s: enemy units are there (in an operation phase, `overrun` or `attack` them, 6.4, 6.6)", us[0].ID, dest)
	}
	ma, _ := r.allowance(slowest(r, us))
	return fmt.Sprintf("%s cannot reach %s this move: no route within its %s movement points (doubled only out of enemy ZOC, 5.2); name a path of adjacent hexes to see where it stops", us[0].ID, dest, halves(ma))
}

// announceMove: the FEF's moves are open; the VM's are told to the FEF
// and the public as they would see the counters: hidden counters as
// such, nothing of a stack that ends in forest (RULINGS T15, T16). The
// VM is told the whole move.
func (r *Rules) announceMove(s *State, side string, us []*Unit, from string, path []string, ev *events) {
	dest := path[len(path)-1]
	var names []string
	for _, u := range us {
		names = append(names, u.ID)
	}
	via := ""
	if len(path) > 1 {
		via = " via " + strings.Join(path[:len(path)-1], " ")
	}
	full := fmt.Sprintf("%s moves %s from %s to %s%s.", sideName(side), strings.Join(names, ", "), from, dest, via)
	if side == FEF {
		ev.pub("5.1: %s", full)
		ev.mark("move", from, dest)
		return
	}
	var seen []string
	hidden := 0
	for _, u := range us {
		if u.Hidden {
			hidden++
		} else {
			seen = append(seen, u.ID)
		}
	}
	what := fmt.Sprintf("%d counter(s)", len(us))
	if !r.Opaque(dest) {
		if hidden > 0 {
			seen = append(seen, fmt.Sprintf("%d hidden counter(s)", hidden))
		}
		what = strings.Join(seen, ", ")
	}
	ev.pub("5.1: the VM moves %s from %s to %s.", what, from, dest)
	ev.mark("move", from, dest)
	ev.to(VM, "5.1: %s", full)
}

// moveChoices: the move orders legal now, for the tree.
func (r *Rules) moveChoices(s *State, side string) []adjudicator.Choice {
	b := r.moveBoard(s, side)
	ops := s.Phase == PhaseOps1 || s.Phase == PhaseOps2
	byHex := map[string][]*Unit{}
	var hexes []string
	var units []adjudicator.Choice
	cache := map[string][]adjudicator.Choice{}
	var ib *moveBoard // the infiltrators' board, when needed (5.11)
	for _, u := range s.Units {
		if u.Side != side || !r.movable(u) || (u.Moved && !ops) {
			continue
		}
		if byHex[u.Loc] == nil {
			hexes = append(hexes, u.Loc)
		}
		byHex[u.Loc] = append(byHex[u.Loc], u)
		k := fmt.Sprintf("%s|%s|%v|%v|%d", u.Type, u.Loc, u.Desorg, u.OoS, r.values(u).Stack)
		dests, ok := cache[k]
		if !ok {
			dests = r.destsAll(s, b, &ib, side, []*Unit{u})
			cache[k] = dests
		}
		if len(dests) > 0 {
			units = append(units, adjudicator.Choice{Word: token(u.ID), Help: "move " + u.ID, Next: dests})
		}
	}
	slices.Sort(hexes)
	var stacks []adjudicator.Choice
	for _, h := range hexes {
		if len(byHex[h]) < 2 {
			continue
		}
		if dests := r.destsAll(s, b, &ib, side, byHex[h]); len(dests) > 0 {
			stacks = append(stacks, adjudicator.Choice{Word: h, Help: "move the stack at " + h, Next: dests})
		}
	}
	all := append(units, stacks...)
	if len(all) == 0 {
		return nil
	}
	help := "move a unit or a stack (5.1)"
	if ops {
		help = "option a): move a stack for one operation point (6.3)"
	}
	return []adjudicator.Choice{{Word: "move", Help: help, Next: all}}
}

// destHexes: the hexes a stack may move to (by the slowest unit's
// least-cost route, judged for every unit, and within the stacking
// limit), by hex number in the grid's order.
func (r *Rules) destHexes(s *State, b *moveBoard, side string, us []*Unit) []int32 {
	g := r.geo
	rt := r.reach(b, slowest(r, us))
	n := 0
	for _, u := range us {
		n += r.values(u).Stack
	}
	if b.stack == nil {
		b.stack = make([]int, len(g.ids))
		for _, u := range s.Units {
			if i, ok := g.idx[u.Loc]; ok && u.Side == side {
				b.stack[i] += r.values(u).Stack
			}
		}
	}
	// the units to judge on the slowest's route: one of each class and
	// allowance but the slowest's own, which its route suits
	type judge struct {
		mc        *moveClass
		ma        int
		canDouble bool
	}
	slow := slowest(r, us)
	sma, sdbl := r.allowance(slow)
	judged := []judge{{r.class(r.typ(slow)), sma, sdbl}}
	for _, u := range us {
		ma, dbl := r.allowance(u)
		if j := (judge{r.class(r.typ(u)), ma, dbl}); !slices.Contains(judged, j) {
			judged = append(judged, j)
		}
	}
	judged = judged[1:]
	at := g.idx[slow.Loc]
	in := make([]int32, 0, len(rt.hexes))
	var buf []int32
	for _, i := range rt.hexes {
		// Basics: Stacking, even into an empty hex (a stack of 12 points
		// may not enter rough-forest, which holds 11). The moving units
		// are all in their start hex, never a destination.
		if b.stack[i]+n > g.limit[i] {
			continue
		}
		good := true
		if len(judged) > 0 {
			buf = rt.pathI(i, buf)
			for _, j := range judged {
				if !r.pathOK(b, j.mc, j.ma, j.canDouble, at, buf) {
					good = false
					break
				}
			}
		}
		if good {
			in = append(in, i)
		}
	}
	return in
}

// groupHexes: by hex number, the hexes whose VM counters are all
// VM-groups as the FEF sees them: revealed VM-groups and counters on
// their hidden side (a dummy or the Pathet Lao looks like one), outside
// forest, where the FEF cannot look (RULINGS T45).
func (r *Rules) groupHexes(s *State) []bool {
	g := r.geo
	out := make([]bool, len(g.ids))
	bad := make([]bool, len(g.ids))
	for _, u := range s.Units {
		i, ok := g.idx[u.Loc]
		if !ok || u.Side != VM {
			continue
		}
		if r.Opaque(u.Loc) || !u.Hidden && u.Type != "VMG" {
			bad[i] = true
			continue
		}
		out[i] = true
	}
	for i := range out {
		out[i] = out[i] && !bad[i]
	}
	return out
}

// through: whether step fl from h into nh may be taken, with what it
// costs more (half points) when the enemy holds nh: a Dinassaut along the
// coast passes any VM units for nothing (5.7, RULINGS T49); a Dinassaut
// or the 1 Rec along a navigable river passes VM-groups for 1 (5.7, 5.9),
// an infiltrator on its own board the hexes it may infiltrate (5.11).
// A hex passed through is never a move's end.
func (b *moveBoard) through(r *Rules, mc *moveClass, h, nh int32, fl uint8) (int, bool) {
	switch {
	case !b.enemyAt[nh]:
		return 0, true
	case fl&stepCoast != 0:
		return 0, true
	case b.infil != nil && b.infil[nh] || b.groups != nil && b.groups[nh] && r.passing(mc, h, nh):
		return 2, true
	}
	return 0, false
}

// coastStart: a Dinassaut starting in a coastal or sea hex, where VM
// units do not bother it unless it leaves up a river (5.7, RULINGS T49).
func (r *Rules) coastStart(mc *moveClass, at int32) bool {
	if !mc.coast {
		return false
	}
	h := r.hexes[r.geo.ids[at]]
	return h.Terrain == "sea" || h.Coastal
}

// infiltrator: VM-groups, dummies and independent regiments not Desorg
// may infiltrate (5.11).
func (r *Rules) infiltrator(u *Unit) bool {
	return u.Side == VM && !u.Desorg && (u.Type == "VMG" || u.Type == "DUMMY" || u.Type == "IREG")
}

// infilBoard: the VM's board for infiltrators (5.11): they may pass
// through a hex holding only one FEF battalion or garrison of strength 2
// or less, for 1 more point, and use no road or railway in such a hex
// or its ZOC (RULINGS T46: in every such hex of the board, whether or
// not the move passes that one).
func (r *Rules) infilBoard(s *State) *moveBoard {
	b := r.moveBoard(s, VM)
	g := r.geo
	n := map[string]int{}
	weak := map[string]bool{}
	for _, u := range s.Units {
		if u.Side == FEF && onMap(u.Loc) {
			n[u.Loc]++
			weak[u.Loc] = r.typ(u).Kind != "dump" && r.typ(u).Kind != "hq" && r.strength(u) <= 2
		}
	}
	for _, name := range s.Garrisons {
		h := r.urban[name].Hex
		n[h]++
		weak[h] = true // a garrison's strength is 2 (The Map: Garrisons)
	}
	b.infil = make([]bool, len(g.ids))
	if b.noRoad == nil {
		b.noRoad = make([]bool, len(g.ids))
	}
	for h, k := range n {
		if k != 1 || !weak[h] {
			continue
		}
		i := g.idx[h]
		b.infil[i] = true
		b.noRoad[i] = true
		for _, nb := range g.nb[i] {
			b.noRoad[nb] = true
		}
	}
	return b
}

// routeFor: the path of a move on board b (the destination alone: the
// slowest unit's least-cost route; or a path of adjacent hexes), judged
// for every unit, or why not.
func (r *Rules) routeFor(b *moveBoard, us []*Unit, path []string) ([]string, string) {
	if len(path) == 1 {
		rt := r.reach(b, slowest(r, us))
		p := rt.path(path[0])
		if p == nil {
			return nil, r.whyNot(b, us, path[0])
		}
		path = p
	}
	for _, u := range us {
		if why := r.checkPath(b, u, path); why != "" {
			return nil, why
		}
	}
	return path, ""
}

// destsAll: dests, and for a VM stack of infiltrators the hexes it
// reaches by infiltration too (5.11), sorted as the grid.
func (r *Rules) destsAll(s *State, b *moveBoard, ib **moveBoard, side string, us []*Unit) []adjudicator.Choice {
	out := r.destHexes(s, b, side, us)
	if side != VM || slices.ContainsFunc(us, func(u *Unit) bool { return !r.infiltrator(u) }) {
		return leavesAt(r.geo.ids, out)
	}
	if *ib == nil {
		*ib = r.infilBoard(s)
	}
	more := r.destHexes(s, *ib, side, us)
	if len(more) == 0 {
		return leavesAt(r.geo.ids, out)
	}
	// both in the grid's order: merged, once each
	all := make([]int32, 0, len(out)+len(more))
	i, j := 0, 0
	for i < len(out) || j < len(more) {
		switch {
		case j == len(more) || i < len(out) && out[i] < more[j]:
			all = append(all, out[i])
			i++
		case i == len(out) || more[j] < out[i]:
			all = append(all, more[j])
			j++
		default:
			all = append(all, out[i])
			i, j = i+1, j+1
		}
	}
	return leavesAt(r.geo.ids, all)
}
