package tonkin

import (
	"container/heap"
	"fmt"
	"slices"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Movement (5.1, 5.2, 5.7, 5.9, 5.12). Costs are counted in half points
// (road and rail cost 0.5 a hex in clear terrain).

// geo is what movement needs of the board, built once.
type geo struct {
	road, rail map[[2]string]bool      // consecutive hexes of a road, a railway
	riverEdge  map[[2]string]string    // consecutive hexes of a river -> "navigable" or "minor"
	riversAt   map[string][]riverInHex // the rivers through a hex
	riverIDs   map[[2]string][]string  // consecutive hexes of a river -> the rivers
	adj        map[string][]string     // the hexes of the map next to a hex
	distVN     map[string]int          // hexes to the nearest hex of Vietnam
	distLA     map[string]int          // hexes to the nearest hex of Laos
	ids        []string                // every hex id, sorted
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
	for _, p := range r.d.Paths.Railways {
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
	r.geo = g
}

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
	case "regiment", "artillery", "leader":
		return true, ""
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

// zoc is the set of hexes in a side's ZOC: the six hexes around each of
// its units that have one, save hexes the unit may not enter (Basics:
// ZOC), and, for the FEF, around its garrisons (5.2).
func (r *Rules) zoc(s *State, side string) map[string]bool {
	z := map[string]bool{}
	add := func(t UnitType, at string) {
		for _, n := range r.neighbors(at) {
			if ok, _ := r.mayEnter(t, n); ok {
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
			for _, n := range r.neighbors(u.Loc) {
				if h := r.hexes[n]; h.Terrain != "sea" && h.Country != "china" {
					z[n] = true
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

// occupied: the hexes holding a side's units (for the FEF, garrisons too).
func (r *Rules) occupied(s *State, side string) map[string]bool {
	o := map[string]bool{}
	for _, u := range s.Units {
		if u.Side == side && onMap(u.Loc) {
			o[u.Loc] = true
		}
	}
	if side == FEF {
		for _, n := range s.Garrisons {
			o[r.urban[n].Hex] = true
		}
	}
	return o
}

// board is what one move is judged against.
type moveBoard struct {
	enemyZOC, enemyAt map[string]bool
	rain, rainSeason  bool
	stack             map[string]int // the side's stacking points by hex, when counted
}

func (r *Rules) moveBoard(s *State, side string) *moveBoard {
	return &moveBoard{enemyZOC: r.zoc(s, other(side)), enemyAt: r.occupied(s, other(side)),
		rain: s.Weather == "rain", rainSeason: rainSeason(s.Month)}
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
	if ok, why := r.mayEnter(t, to); !ok {
		return 0, why
	}
	if b.enemyAt[to] {
		return 0, "enemy units are there (overruns come with combat, 6.4)"
	}
	h := r.hexes[to]
	e := edge(from, to)
	g := r.geo
	zocExtra := 0
	if t.Side == FEF && b.enemyZOC[to] {
		zocExtra = 2 * r.chartInt("terrain", "zoc_fef_extra") // 5.1: +1 in VM ZOC
	}
	water := func(h Hex) bool { return h.Terrain == "sea" || h.Coastal }
	switch t.Kind {
	case "naval": // 5.7: along navigable rivers and the coast, 1 a hex, not doubled by rain (2.0)
		switch {
		case g.riverEdge[e] == "navigable":
			return 2 + zocExtra, ""
		case water(r.hexes[from]) && water(h):
			return 2, "" // VM units do not bother DNA along the coast (5.7)
		}
		return 0, "Dinassauts move only along navigable rivers and coastal hexes (5.7)"
	case "amphibious": // 5.9: along navigable rivers, or overland through clear hexes
		if g.riverEdge[e] == "navigable" {
			return 2 + zocExtra, ""
		}
		if h.Terrain != "clear" {
			return 0, "the 1 Rec moves overland only through clear hexes (5.9)"
		}
	}
	double := 1
	if b.rain {
		double = 2
	}
	if g.road[e] || g.rail[e] {
		// 5.1: road/rail has its own cost regardless of other terrain,
		// double in a non-clear hex; rain doubles it only in the rain
		// season (2.0); a river along a road is bridged (RULINGS T20).
		c := 1
		if h.Terrain != "clear" {
			c = 2
		}
		if b.rain && !b.rainSeason {
			double = 1
		}
		return c*double + zocExtra, ""
	}
	c, ok := r.terrainCost(h.Terrain, t)
	if !ok {
		what := "motorized units"
		if h.Terrain == "sea" {
			what = "land units"
		}
		return 0, fmt.Sprintf("%s terrain is prohibited to %s off roads (5.1)", h.Terrain, what)
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
	return (c+extra)*double + zocExtra, ""
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
// ends in an enemy ZOC (5.2), and always one hex (5.1).
type route struct {
	cost map[string]int
	path map[string][]string
}

type node struct {
	hex     string
	touched bool
}

type item struct {
	n    node
	cost int
	seq  int
}

type pq []item

func (p pq) Len() int { return len(p) }
func (p pq) Less(i, j int) bool {
	if p[i].cost != p[j].cost {
		return p[i].cost < p[j].cost
	}
	return p[i].seq < p[j].seq
}
func (p pq) Swap(i, j int) { p[i], p[j] = p[j], p[i] }
func (p *pq) Push(x any)   { *p = append(*p, x.(item)) }
func (p *pq) Pop() any {
	old := *p
	x := old[len(old)-1]
	*p = old[:len(old)-1]
	return x
}

func (r *Rules) reach(b *moveBoard, u *Unit) route {
	t := r.typ(u)
	ma, canDouble := r.allowance(u)
	out := route{cost: map[string]int{}, path: map[string][]string{}}
	start := node{u.Loc, b.enemyZOC[u.Loc]}
	limit := func(n node) int {
		if !n.touched && canDouble {
			return 2 * ma
		}
		return ma
	}
	dist := map[node]int{start: 0}
	prev := map[node]node{}
	q := &pq{{start, 0, 0}}
	seq := 1
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		if it.cost > dist[it.n] {
			continue
		}
		for _, n := range r.neighbors(it.n.hex) {
			c, why := r.stepCost(b, t, it.n.hex, n)
			if why != "" {
				continue
			}
			nx := node{n, it.n.touched || b.enemyZOC[n]}
			nc := it.cost + c
			if nc > limit(nx) && it.n != start {
				continue
			}
			if old, ok := dist[nx]; ok && old <= nc {
				continue
			}
			dist[nx], prev[nx] = nc, it.n
			heap.Push(q, item{nx, nc, seq})
			seq++
		}
	}
	for n, c := range dist {
		if n == start || n.hex == u.Loc {
			continue
		}
		if old, ok := out.cost[n.hex]; ok && (old < c || old == c && !n.touched) {
			continue
		}
		out.cost[n.hex] = c
		var p []string
		for x := n; x != start; x = prev[x] {
			p = append(p, x.hex)
		}
		slices.Reverse(p)
		out.path[n.hex] = p
	}
	return out
}

// checkPath judges a unit's move along a path of adjacent hexes (5.1,
// 5.2): "" when legal, else why not, naming the hex.
func (r *Rules) checkPath(b *moveBoard, u *Unit, path []string) string {
	t := r.typ(u)
	ma, canDouble := r.allowance(u)
	touched := b.enemyZOC[u.Loc]
	cost, at := 0, u.Loc
	for i, h := range path {
		if !Adjacent(at, h) {
			return fmt.Sprintf("%s is not next to %s: give a path of adjacent hexes, or only the destination", h, at)
		}
		c, why := r.stepCost(b, t, at, h)
		if why != "" {
			return fmt.Sprintf("%s cannot enter %s: %s", u.ID, h, why)
		}
		cost += c
		touched = touched || b.enemyZOC[h]
		lim := ma
		if !touched && canDouble {
			lim = 2 * ma
		}
		if i > 0 && cost > lim {
			dbl := "its movement allowance doubles only when it does not start, pass or end in an enemy ZOC (5.2)"
			if !touched {
				dbl = "doubled, as it keeps out of enemy ZOC (5.2)"
			}
			return fmt.Sprintf("%s cannot enter %s: the move costs %s movement points there, it has %s (%s; only a one-hex move may cost more, 5.1)",
				u.ID, h, halves(cost), halves(lim), dbl)
		}
		at = h
	}
	return ""
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
	path := args[1:]
	from := us[0].Loc
	if len(path) == 1 {
		// the least-cost route of the slowest unit, judged for all
		rt := r.reach(b, slowest(r, us))
		p, ok := rt.path[path[0]]
		if !ok {
			return fail("%s", r.whyNot(b, us, path[0]))
		}
		path = p
	}
	for _, u := range us {
		if why := r.checkPath(b, u, path); why != "" {
			return fail("%s", why)
		}
	}
	dest := path[len(path)-1]
	moving := map[string]bool{}
	n := 0
	for _, u := range us {
		moving[u.ID] = true
		n += r.values(u).Stack
	}
	if have := r.stackAt(s, side, dest, moving); have+n > r.stackLimit(dest) {
		return fail("%s cannot take %d more stacking points: %d there, at most %d in %s terrain (Basics: Stacking)", dest, n, have, r.stackLimit(dest), r.hexes[dest].Terrain)
	}
	for _, u := range us {
		u.Loc = dest
		u.Moved = true
	}
	r.announceMove(s, side, us, from, path, ev)
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
	if b.enemyAt[dest] {
		return fmt.Sprintf("%s cannot enter %s: enemy units are there (overruns come with combat, 6.4)", us[0].ID, dest)
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
			dests = r.dests(s, b, side, []*Unit{u})
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
		if dests := r.dests(s, b, side, byHex[h]); len(dests) > 0 {
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

// dests: the hexes a stack may move to (by the slowest unit's least-cost
// route, judged for every unit, and within the stacking limit).
func (r *Rules) dests(s *State, b *moveBoard, side string, us []*Unit) []adjudicator.Choice {
	rt := r.reach(b, slowest(r, us))
	moving := map[string]bool{}
	n := 0
	for _, u := range us {
		moving[u.ID] = true
		n += r.values(u).Stack
	}
	var out []adjudicator.Choice
	for _, h := range r.geo.ids {
		p, ok := rt.path[h]
		if !ok {
			continue
		}
		if b.stack == nil {
			b.stack = map[string]int{}
			for _, u := range s.Units {
				if u.Side == side && onMap(u.Loc) {
					b.stack[u.Loc] += r.values(u).Stack
				}
			}
		}
		have := 0
		if b.stack[h] > 0 {
			have = b.stack[h] - r.stackAt(s, side, h, nil) + r.stackAt(s, side, h, moving)
		}
		if have+n > r.stackLimit(h) {
			// Basics: Stacking, even into an empty hex (a stack of 12
			// points may not enter rough-forest, which holds 11).
			continue
		}
		good := true
		for _, u := range us {
			if len(us) > 1 && r.checkPath(b, u, p) != "" {
				good = false
				break
			}
		}
		if good {
			out = append(out, adjudicator.Choice{Word: h, Complete: true})
		}
	}
	return out
}
