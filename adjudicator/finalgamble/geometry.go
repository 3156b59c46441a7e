package finalgamble

// The Final Gamble's geometry (issue 27 item 2): pure functions of the
// board data and a position the rules engine fills. Nothing here rolls
// or reads a clock; a Position only caches what it computed from its own
// Board.
//
// API (places are strings: a DBP hex "RRCC", an Isabelle hex "IRRCC", or
// a box id of boxes.toml such as "2z-304", "Laos 1"; sides "French", "VM"):
//
//	NewGeo(d *Data) *Geo                      the static map, indexed once
//	GeoOf(d *Data) *Geo                       the same, cached per *Data
//	BoardOf(s *Setup) *Board                  a Board from a Setup (units, flags, zones)
//	PlaceOf(u *Unit) string; StackLimit(side) int
//	(*Geo).Position(b *Board) *Position       one position, indexed for many questions
//	(*Geo).Locate(place) (*SubMap, *Hex)      a hex place's map and hex; nil for a box
//	(*Geo).Neighbors(place) []string          the hexes around a hex, on its own map
//	(*Geo).Distance(a, b string) int          hex steps on one map; -1 otherwise
//	(*Geo).Uphill(from, to string) bool       1.5-B: into a hill hex from outside that hill
//	(*Geo).MapEdge(place) bool                1.3-C: a Map Edge Hex
//	(*Geo).EdgeDistance(place) int; SupplyDistance(place) int  hex steps to the nearest one
//	(*Position).TrenchZone(place) bool        1.4-B (hexes, 1z-304 and 2z-304)
//	(*Position).DigZone(place) bool           1.4-C
//	(*Position).Entrenched(unitID) bool       1.4-I
//	(*Position).Control(code) string          1.4-D: "VM" or "French" for a strongpoint/structure
//	(*Position).EnemyZoC(side, place) bool    1.8, with the negations
//	(*Position).WireGone(a, b string) bool    1.5-B, 2.4-A: the hexside's wire is gone
//	(*Position).EnterCost(unitID, from, to) (mp float64, ok bool)  1.5-B one step
//	(*Position).Reach(unitID, MoveOpts) *Reach  every hex a unit can move to, cost and path
//	(*Reach).Places() []string; Len() int; Cost(place) (float64, bool); Path(place) []string; CanStop(place) bool
//	(*Position).Obstacles(attackerSide, from, to) []string  3.5-A, 7.4-A combat obstacles
//	(*Position).LoC(side) *LoC                1.9: every place in the side's LoC
//	(*LoC).Place(place) bool; Unit(unitID) bool; Strongpoint(code) bool; To(area) *LoC
//	(*Position).LoCPath(side, place) []string  1.9: a shortest LoC, for narration
//	(*Position).Isolated(side) (units, strongpoints []string)  4.4, 8.4
//	(*Position).ControlChanges() []ControlChange  1.4-D, 1.4-H at the end of a segment
//	(*Position).Attrition(side) Attrition     4.1-A, 8.1-A: who surrenders, whose markers go
//	(*Position).AreaHeldBy(area) string; IsabelleSurrenders() bool  8.1-B
//	(*Position).InRange(side, place string) bool  2.2 HW and 6.3 normal range: 2 hexes, 3 from a hill
//	(*Position).ClosestEdge(unitID, from string, trench bool) []string  3.6-C, 7.5: tied closest first
//	(*Position).Retreats(unitID string) []Retreat  3.6-C, 7.5: every legal choice
//	(*Position).RankRetreats(unitID, []Retreat, pref) []Retreat  a standing preference's order
//	(*Position).Zone1(unitID string) []string  2.4-B: where an excess unit may go
//	(*Position).ForeignUnits(sector) []string  2.4-B: other divisions' units in a sector
//	(*Position).SupportAdvances(id, defended, assaultedFrom) []string  3.6-C, 7.5
//	(*Position).Digging(sector, isabelleGone) Dig  8.5: flip, move, land on the Dig side
//	(*Position).ValleyMoves(id) []string      2.1-B, 6.2-A
//	(*Position).BoxMoves(id, BoxMoveOpts) []string  2.1-A, 6.2-B
//	(*Position).AfterCombatMoves(id) []AfterMove  4.2, 8.2 (Alt 1, 2, 3)
//	(*Position).AdjacentEnemy(id) bool; ShakenNow(side) []string  3.1, 4.3-B, 8.3-B
//	(*Position).BreachPlaces(id) []string; CommandoHexes(target) []string  2.4-A, 2.3
//	(*Position).ReactionEligible(id) bool; SupplyHexes(area, notInZoC) []string  3.3, 5.4-D, 8.1-A
//	(*Position).UnitStrength(id) int; UnitMorale(id) int; Regiment(id) string  1.5-A, 5.2-D
//	(*Position).DefenseStrength(defender, assaulter, barrage) Strength  3.5-A, 7.4-A
//	(*Position).AssaultStrength(assaulter, defender, mortars, medicineZero) Strength  3.6-A, 7.5-A
//	Strength.Text() string                    "6 +1 (obstacle: river) = 7"
//
// The mechanics (combat.go) take an adjudicator.Dice and return the rolls
// with each result.

import (
	"slices"
	"strings"
	"sync"

	"github.com/umpirebot/umpire/adjudicator/hexgrid"
)

// Sides as Unit.Side spells them.
const (
	geoFrench = "French"
	geoVM     = "VM"
)

// hexside feature bits
const (
	geoRiver uint8 = 1 << iota
	geoBridge
	geoHeavy
	geoLight
	geoRoad
)

// Geo is the static geometry of both sub-maps, indexed for speed.
type Geo struct {
	D       *Data
	maps    [2]*geoMap
	strongs []geoStrong
	structs []geoStrong // structures: one hex each, keyed by name
	kind    map[string]string
	boxes   map[string]*Box
	// boxNames numbers the boxes a unit may be in (boxNo), so that a
	// Position keeps its units' places without pointers (unitPlace)
	boxNames []string
	boxNo    map[string]int16
	// arrowMapsOf: arrowMaps of each side and box, worked out once
	arrowMapsOf [2]map[string][]int
	scratch     [2]sync.Pool // *reachScratch per map
	// sectors: the sectors of the maps' hexes; geoMap.sec indexes it, so
	// Position asks the board's Trench and Dig Markers once per sector
	sectors []string
	// terrain costs in half movement points
	field, fieldRain, forest, river, road, uphill, zoc, wire, flat, mp int
}

type geoMap struct {
	name   string // "dbp", "isabelle"
	prefix string // "" or "I"
	sub    *SubMap
	rows   int
	cols   int
	ids    []string // places
	hx     []*Hex
	nb     [][6]int32
	sides  [][6]uint8
	strong []int16 // index into Geo.strongs, -1 none
	strct  []int16 // index into Geo.structs, -1 none
	sec    []int16 // index into Geo.sectors, -1 no sector
	edges  []int32
	supply []int32
	// hex steps to the nearest Map Edge Hex and Supply Area hex of the map
	toEdge   []int16
	toSupply []int16
}

// steps is a multi-source breadth-first count of hex steps from seeds.
func (gm *geoMap) steps(seeds []int32) []int16 {
	d := make([]int16, len(gm.ids))
	for i := range d {
		d[i] = -1
	}
	q := make([]int32, 0, len(gm.ids))
	for _, s := range seeds {
		d[s] = 0
		q = append(q, s)
	}
	for k := 0; k < len(q); k++ {
		a := q[k]
		for _, b := range gm.nb[a] {
			if b >= 0 && d[b] < 0 {
				d[b] = d[a] + 1
				q = append(q, b)
			}
		}
	}
	return d
}

type geoStrong struct {
	code  string
	m     int
	hexes []int32
}

var geoCache sync.Map // *Data -> *Geo

// GeoOf is NewGeo cached per *Data (the data never changes once loaded).
func GeoOf(d *Data) *Geo {
	if g, ok := geoCache.Load(d); ok {
		return g.(*Geo)
	}
	g, _ := geoCache.LoadOrStore(d, NewGeo(d))
	return g.(*Geo)
}

// NewGeo indexes d's maps: neighbours, hexside features, strongpoints.
func NewGeo(d *Data) *Geo {
	half := func(v float64) int { return int(v*2 + 0.5) }
	t := d.Tracks.Terrain
	g := &Geo{D: d, kind: map[string]string{}, boxes: map[string]*Box{},
		field: half(t.Field), fieldRain: half(t.FieldRain), forest: half(t.Forest), river: half(t.River),
		road: half(t.Road), uphill: half(t.Uphill), zoc: half(t.EnemyZoC), wire: half(t.WireVM),
		flat: half(t.SupplyAreaVM), mp: half(t.Movement)}
	if g.mp == 0 {
		g.mp = 10
	}
	for _, f := range d.Units.Formations {
		g.kind[f.ID] = f.Kind
	}
	for i := range d.Boxes.Boxes {
		g.boxes[d.Boxes.Boxes[i].ID] = &d.Boxes.Boxes[i]
	}
	for s := range g.arrowMapsOf {
		g.arrowMapsOf[s] = map[string][]int{}
		for _, b := range d.Boxes.Boxes {
			g.arrowMapsOf[s][b.ID] = g.arrowMaps(s, b.ID)
		}
	}
	g.boxNames, g.boxNo = []string{"", "?"}, map[string]int16{"": 0, "?": 1}
	number := func(b string) {
		if _, ok := g.boxNo[b]; !ok {
			g.boxNo[b] = int16(len(g.boxNames))
			g.boxNames = append(g.boxNames, b)
		}
	}
	for _, b := range d.Boxes.Boxes {
		number(b.ID)
	}
	// the holding boxes the rules put units in besides the drawn ones
	// (any other is kept by name: Position.odd)
	for _, b := range []string{"Wounded Square", "Reinforcements Available", "Arrived", "Out of Play", "Airdrop Chart"} {
		number(b)
	}
	for _, sc := range d.Setups {
		for _, u := range sc.Units {
			number(u.Box)
		}
	}
	for mi, name := range []string{"dbp", "isabelle"} {
		sub := d.Map.sub(name)
		gm := &geoMap{name: name, prefix: mapPrefix(name), sub: sub, rows: sub.Rows, cols: sub.Cols}
		n := sub.Rows * sub.Cols
		gm.ids = make([]string, n)
		gm.hx = make([]*Hex, n)
		gm.nb = make([][6]int32, n)
		gm.sides = make([][6]uint8, n)
		gm.strong = make([]int16, n)
		gm.strct = make([]int16, n)
		gm.sec = make([]int16, n)
		for r := 1; r <= sub.Rows; r++ {
			for c := 1; c <= sub.Cols; c++ {
				i := gm.idx(r, c)
				gm.ids[i] = gm.prefix + hexgrid.ID(r, c)
				gm.hx[i] = sub.Hex(hexgrid.ID(r, c))
				gm.sec[i] = -1
				if h := gm.hx[i]; h != nil && h.Sector != "" {
					k := slices.Index(g.sectors, h.Sector)
					if k < 0 {
						k = len(g.sectors)
						g.sectors = append(g.sectors, h.Sector)
					}
					gm.sec[i] = int16(k)
				}
				gm.strong[i], gm.strct[i] = -1, -1
				for k, nb := range hexgrid.Neighbors(r, c) {
					gm.nb[i][k] = -1
					if sub.On(nb[0], nb[1]) {
						gm.nb[i][k] = int32(gm.idx(nb[0], nb[1]))
					}
				}
				if h := gm.hx[i]; h != nil {
					if h.Edge {
						gm.edges = append(gm.edges, int32(i))
					}
					if h.Supply {
						gm.supply = append(gm.supply, int32(i))
					}
				}
			}
		}
		mark := func(list []string, bit uint8) {
			for _, s := range list {
				a, b, _ := strings.Cut(s, "/")
				gm.markSide(a, b, bit)
			}
		}
		mark(sub.River, geoRiver)
		mark(sub.Bridges, geoBridge)
		mark(sub.HeavyWire, geoHeavy)
		mark(sub.LightWire, geoLight)
		for _, rd := range sub.Roads {
			for k := 1; k < len(rd.Hexes); k++ {
				gm.markSide(rd.Hexes[k-1], rd.Hexes[k], geoRoad)
			}
		}
		for _, sp := range sub.Strongs {
			gs := geoStrong{code: sp.Code, m: mi}
			for _, id := range sp.Hexes {
				if i, ok := gm.index(id); ok {
					gs.hexes = append(gs.hexes, int32(i))
					gm.strong[i] = int16(len(g.strongs))
				}
			}
			g.strongs = append(g.strongs, gs)
		}
		for _, st := range sub.Structures {
			gs := geoStrong{code: st.Name, m: mi}
			if i, ok := gm.index(st.Hex); ok {
				gs.hexes = append(gs.hexes, int32(i))
				gm.strct[i] = int16(len(g.structs))
			}
			g.structs = append(g.structs, gs)
		}
		gm.toEdge, gm.toSupply = gm.steps(gm.edges), gm.steps(gm.supply)
		g.maps[mi] = gm
	}
	return g
}

// EdgeDistance is the number of hex steps from a hex to the nearest Map
// Edge Hex of its map (0 on the edge); -1 for a box.
func (g *Geo) EdgeDistance(place string) int {
	l, ok := g.resolve(place)
	if !ok || l.m < 0 {
		return -1
	}
	return int(g.maps[l.m].toEdge[l.i])
}

// SupplyDistance is the number of hex steps from a hex to the nearest
// Supply Area hex of its map (0 inside it); -1 for a box.
func (g *Geo) SupplyDistance(place string) int {
	l, ok := g.resolve(place)
	if !ok || l.m < 0 {
		return -1
	}
	return int(g.maps[l.m].toSupply[l.i])
}

func (gm *geoMap) idx(r, c int) int { return (r-1)*gm.cols + c - 1 }

func (gm *geoMap) index(id string) (int, bool) {
	r, c, ok := hexgrid.Parse(id)
	if !ok || !gm.sub.On(r, c) {
		return 0, false
	}
	return gm.idx(r, c), true
}

func (gm *geoMap) dir(a, b int) int {
	for k, n := range gm.nb[a] {
		if int(n) == b {
			return k
		}
	}
	return -1
}

func (gm *geoMap) markSide(a, b string, bit uint8) {
	i, ok1 := gm.index(a)
	j, ok2 := gm.index(b)
	if !ok1 || !ok2 {
		return
	}
	if k := gm.dir(i, j); k >= 0 {
		gm.sides[i][k] |= bit
	}
	if k := gm.dir(j, i); k >= 0 {
		gm.sides[j][k] |= bit
	}
}

// geoLoc is a place resolved: a hex of map m, or a box (m == -1).
type geoLoc struct {
	m   int
	i   int
	box string
}

// resolve reads a place: "RRCC" (DBP), "IRRCC" (Isabelle) or a box id.
func (g *Geo) resolve(place string) (geoLoc, bool) {
	if g.boxes[place] != nil {
		return geoLoc{m: -1, box: place}, true
	}
	m, id := 0, place
	if strings.HasPrefix(place, "I") {
		m, id = 1, place[1:]
	}
	i, ok := g.maps[m].index(id)
	if !ok {
		return geoLoc{}, false
	}
	return geoLoc{m: m, i: i}, true
}

func (g *Geo) unitLoc(u *Unit) (geoLoc, bool) {
	if u.Box != "" {
		return geoLoc{m: -1, box: u.Box}, true
	}
	m := 0
	if u.Map == "isabelle" {
		m = 1
	}
	i, ok := g.maps[m].index(u.Hex)
	if !ok {
		return geoLoc{}, false
	}
	return geoLoc{m: m, i: i}, true
}

// PlaceOf is a unit's place in this package's spelling: "0712", "I0305"
// or its box.
func PlaceOf(u *Unit) string {
	if u.Box != "" {
		return u.Box
	}
	return mapPrefix(u.Map) + u.Hex
}

// Locate returns a hex place's sub-map and hex, nil for a box or nothing.
func (g *Geo) Locate(place string) (*SubMap, *Hex) {
	l, ok := g.resolve(place)
	if !ok || l.m < 0 {
		return nil, nil
	}
	gm := g.maps[l.m]
	return gm.sub, gm.hx[l.i]
}

// Neighbors lists the hexes around a hex place on its own map (1.3-B: the
// two grids do not connect), in hexgrid's order; nil for a box.
func (g *Geo) Neighbors(place string) []string {
	l, ok := g.resolve(place)
	if !ok || l.m < 0 {
		return nil
	}
	gm := g.maps[l.m]
	out := make([]string, 0, 6)
	for _, n := range gm.nb[l.i] {
		if n >= 0 {
			out = append(out, gm.ids[n])
		}
	}
	return out
}

// Distance is the number of hex steps between two hexes of one map, -1
// when they are on different maps or either is a box.
func (g *Geo) Distance(a, b string) int {
	la, ok1 := g.resolve(a)
	lb, ok2 := g.resolve(b)
	if !ok1 || !ok2 || la.m < 0 || la.m != lb.m {
		return -1
	}
	gm := g.maps[la.m]
	ha, hb := gm.hx[la.i], gm.hx[lb.i]
	return hexgrid.Distance(ha.Row, ha.Col, hb.Row, hb.Col)
}

// Uphill: 1.5-B "'Uphill' is when you enter or assault from a hex that is
// not part of the same hill."
func (g *Geo) Uphill(from, to string) bool {
	_, a := g.Locate(from)
	_, b := g.Locate(to)
	return a != nil && b != nil && b.Hill != "" && a.Hill != b.Hill
}

// MapEdge: 1.3-C, every hex along the edges of DBP and Isabelle.
func (g *Geo) MapEdge(place string) bool {
	_, h := g.Locate(place)
	return h != nil && h.Edge
}

// ---- the position ----

// Board is what the geometry needs of a game's position; the engine fills
// it (BoardOf does it from a Setup).
type Board struct {
	Units []Unit
	// Shaken: units with a Shaken Marker (they project no ZoC, 1.8).
	Shaken map[string]bool
	// Flags: strongpoint code or structure name -> "VM" or "French"
	// (1.4-D); an outpost's place -> "VM" when the VM controls it (1.4-H).
	// No flag: French-controlled.
	Flags map[string]string
	// Trench: sector -> its Trench Marker's zone; Dig: sector -> the zone
	// of a Trench Marker on its Dig side (1.4-B, 1.4-C).
	Trench map[string]int
	Dig    map[string]int
	// OutpostsGone: outposts that have disappeared (1.4-H), as places.
	OutpostsGone []string
	// Breaches: places of Wire Breach markers (2.4-A).
	Breaches []string
	// Period: "dry", "rain" or "monsoon" (field costs more from Rain, 8.6).
	Period string
	// Disorg: VM units with a Disorg Marker (1.7-A: strength 5).
	Disorg map[string]bool
	// DivisionMorale: each division's slot on the VM Division Morale
	// Track (5.2-D), for the VM units' morale.
	DivisionMorale map[string]int
	// Assaults: the Combat and Abort Markers on the map (3.1, 7.2).
	Assaults []BoardAssault
	// IsabelleGone: Isabelle has surrendered (8.1-B: "No French unit may
	// now enter Isabelle").
	IsabelleGone bool
	// Isolation: Isolation Markers (4.4, 8.4), by unit id or strongpoint
	// code.
	Isolation map[string]bool
}

// BoardOf fills a Board from a Setup (Shaken, Breaches and Period are the
// engine's to add).
func BoardOf(s *Setup) *Board {
	return &Board{Units: s.Units, Flags: s.Flags, Trench: s.Trench, Dig: s.Dig, OutpostsGone: s.OutpostsGone,
		DivisionMorale: s.DivisionMorale}
}

// Position is a Board indexed against the map: build it once per board
// and ask it many questions. It must not outlive a change to the Board.
// Its questions only read it: goroutines may share it.
type Position struct {
	g     *Geo
	b     *Board
	units map[string]int // id -> index in b.Units
	ids   []string       // b.Units' ids, in order, when units was built
	// places: each unit's place (locOf), without pointers; odd: the
	// boxes of units in a box Geo does not number, by unit index
	places []unitPlace
	odd    map[int]string
	// per map, per hex: units of each side there (0 French, 1 VM), and
	// whether a non-shaken unit of the side is adjacent (its ZoC).
	occ     [2][][2]int8
	zocOf   [2][][2]bool
	trench  [2][]bool
	dig     [2][]bool
	breach  [2][]bool
	flagSP  []bool // per strongpoint: any flag (its wire is gone)
	outGone [2][]bool
	outVM   [2][]bool
	rain    bool
	// LoCs computed once, on first asking (LoC, ValleyMoves)
	locOnce [2]sync.Once
	locs    [2]*LoC
	artOnce [2]sync.Once
	artLoCs [2]*LoC
	// Valley Move destinations: 0, 1 French by area, 2 VM, 3, 4 French
	// artillery by area
	valleyOnce [5]sync.Once
	valley     [5][]string
}

func sideIdx(side string) int {
	if side == geoVM {
		return 1
	}
	return 0
}

// Position indexes b.
func (g *Geo) Position(b *Board) *Position { return g.PositionAfter(b, nil, Unchanged{}) }

// PositionAfter indexes b as Position does, taking from prev (a Position
// of g, or nil) what b shares with prev's board instead of building it
// again (issue 31: a replay builds a Position after every move): the
// units' index when b's units are prev's units in the same order, and
// what same says is unchanged. What is shared is only read.
func (g *Geo) PositionAfter(b *Board, prev *Position, same Unchanged) *Position {
	p := &Position{g: g, b: b, rain: b.Period == "rain" || b.Period == "monsoon"}
	if prev == nil || prev.g != g {
		prev, same = nil, Unchanged{}
	}
	sameUnits := prev != nil && sameIDs(prev.ids, b.Units)
	if sameUnits {
		p.units, p.ids = prev.units, prev.ids
	} else {
		p.units, p.ids = make(map[string]int, len(b.Units)), make([]string, len(b.Units))
		for i := range b.Units {
			p.units[b.Units[i].ID] = i
			p.ids[i] = b.Units[i].ID
		}
	}
	if same.Ground {
		p.trench, p.dig, p.breach, p.outGone, p.outVM, p.flagSP = prev.trench, prev.dig, prev.breach, prev.outGone, prev.outVM, prev.flagSP
	} else {
		g.ground(p, b)
	}
	if sameUnits && same.Places {
		p.places, p.odd, p.occ = prev.places, prev.odd, prev.occ
		if same.Shaken {
			p.zocOf = prev.zocOf
			return p
		}
	} else {
		g.occupy(p, b)
	}
	g.indexZoC(p, b)
	return p
}

// Unchanged says what a board shares with the board a Position was
// built from (PositionAfter).
type Unchanged struct {
	// Ground: the flags, Trench and Dig Markers, outposts gone, Wire
	// Breaches and period.
	Ground bool
	// Places: every unit's place (the units being the same, in order).
	Places bool
	// Shaken: the Shaken Markers (1.8: what projects a ZoC).
	Shaken bool
}

// occupy indexes the units' places and the stacks of each hex (1.6).
func (g *Geo) occupy(p *Position, b *Board) {
	p.places = make([]unitPlace, len(b.Units))
	for m, gm := range g.maps {
		p.occ[m] = make([][2]int8, len(gm.ids))
	}
	for i := range b.Units {
		u := &b.Units[i]
		l, ok := g.unitLoc(u)
		if !ok {
			l = geoLoc{m: -1, box: "?"}
		}
		up := unitPlace{m: int16(l.m), i: int32(l.i)}
		if l.m < 0 {
			bx, ok := g.boxNo[l.box]
			if !ok {
				bx = -1
				if p.odd == nil {
					p.odd = map[int]string{}
				}
				p.odd[i] = l.box
			}
			up.bx = bx
		}
		p.places[i] = up
		if l.m >= 0 && p.occ[l.m][l.i][sideIdx(u.Side)] < 100 {
			p.occ[l.m][l.i][sideIdx(u.Side)]++ // saturates: stacks are 3 and 1 (1.6)
		}
	}
}

// unitPlace is a unit's geoLoc kept without a pointer: the box by its
// number in Geo.boxNames (-1: in Position.odd).
type unitPlace struct {
	m  int16
	bx int16
	i  int32
}

// locOf is unit i's place as it was when p was built.
func (p *Position) locOf(i int) geoLoc {
	up := p.places[i]
	if up.m >= 0 {
		return geoLoc{m: int(up.m), i: int(up.i)}
	}
	if up.bx < 0 {
		return geoLoc{m: -1, box: p.odd[i]}
	}
	return geoLoc{m: -1, box: p.g.boxNames[up.bx]}
}

// indexZoC marks the hexes next to each side's unshaken units (1.8).
func (g *Geo) indexZoC(p *Position, b *Board) {
	for m, gm := range g.maps {
		p.zocOf[m] = make([][2]bool, len(gm.ids))
	}
	for i := range b.Units {
		u := &b.Units[i]
		l := p.locOf(i)
		if l.m < 0 || b.Shaken[u.ID] {
			continue // 1.8: a shaken unit projects no ZoC
		}
		s := sideIdx(u.Side)
		for _, n := range g.maps[l.m].nb[l.i] {
			if n >= 0 {
				p.zocOf[l.m][n][s] = true
			}
		}
	}
}

// sameIDs: units are the units ids lists, in the same order.
func sameIDs(ids []string, units []Unit) bool {
	if len(ids) != len(units) {
		return false
	}
	for i := range units {
		if units[i].ID != ids[i] {
			return false
		}
	}
	return true
}

// ground indexes the hexes' Trench and Dig Zones, breaches, outposts and
// flags (1.4-B, 1.4-C, 1.4-D, 1.4-H, 2.4-A) of b.
func (g *Geo) ground(p *Position, b *Board) {
	// each sector's Trench and Dig Markers, asked of the board once
	trench, dig := make([]int, len(g.sectors)), make([]int, len(g.sectors))
	for k, sec := range g.sectors {
		trench[k], dig[k] = b.Trench[sec], b.Dig[sec]
	}
	for m, gm := range g.maps {
		n := len(gm.ids)
		p.trench[m] = make([]bool, n)
		p.dig[m] = make([]bool, n)
		p.breach[m] = make([]bool, n)
		p.outGone[m] = make([]bool, n)
		p.outVM[m] = make([]bool, n)
		for i, h := range gm.hx {
			if h == nil || h.Sector == "" {
				continue
			}
			k := gm.sec[i]
			p.trench[m][i] = h.Zone <= trench[k]
			p.dig[m][i] = dig[k] != 0 && h.Zone == dig[k]
		}
	}
	for _, pl := range b.Breaches {
		if l, ok := g.resolve(pl); ok && l.m >= 0 {
			p.breach[l.m][l.i] = true
		}
	}
	for _, pl := range b.OutpostsGone {
		if l, ok := g.resolve(pl); ok && l.m >= 0 {
			p.outGone[l.m][l.i] = true
		}
	}
	for pl, f := range b.Flags {
		if l, ok := g.resolve(pl); ok && l.m >= 0 && f == geoVM {
			p.outVM[l.m][l.i] = true
		}
	}
	p.flagSP = make([]bool, len(g.strongs))
	for i, s := range g.strongs {
		p.flagSP[i] = b.Flags[s.code] != ""
	}
}

// Board is the board p indexes.
func (p *Position) Board() *Board { return p.b }

// Unit returns the unit with id, nil when there is none.
func (p *Position) Unit(id string) *Unit {
	if i, ok := p.units[id]; ok {
		return &p.b.Units[i]
	}
	return nil
}

// isArt: an Artillery unit (1.1).
func (p *Position) isArt(u *Unit) bool { return u.Side == geoFrench && p.g.kind[u.Formation] == "art" }

// boxTrench: 1z-304 and 2z-304 are zones of Sector 304 (1.3-E).
func (p *Position) boxZone(box string) (trench, dig bool) {
	b := p.g.boxes[box]
	if b == nil || b.Sector == "" {
		return false, false
	}
	return b.Zone <= p.b.Trench[b.Sector], p.b.Dig[b.Sector] != 0 && b.Zone == p.b.Dig[b.Sector]
}

// TrenchZone: 1.4-B, a hex or Sector 304 box in a zone at or below its
// sector's Trench Marker.
func (p *Position) TrenchZone(place string) bool {
	l, ok := p.g.resolve(place)
	if !ok {
		return false
	}
	if l.m < 0 {
		t, _ := p.boxZone(l.box)
		return t
	}
	return p.trench[l.m][l.i]
}

// DigZone: 1.4-C, the zone of a Trench Marker on its Dig side.
func (p *Position) DigZone(place string) bool {
	l, ok := p.g.resolve(place)
	if !ok {
		return false
	}
	if l.m < 0 {
		_, d := p.boxZone(l.box)
		return d
	}
	return p.dig[l.m][l.i]
}

// Entrenched: 1.4-I "Both sides are entrenched in any strongpoint hex,
// regardless of who controls the strongpoint. Only France is entrenched
// in an existing outpost. Only VM is entrenched in a Trench/Dig Zone hex."
// A unit in a box is not entrenched (the sentence speaks of hexes; F31).
func (p *Position) Entrenched(unitID string) bool {
	i, ok := p.units[unitID]
	if !ok {
		return false
	}
	l := p.locOf(i)
	if l.m < 0 {
		return false
	}
	return p.entrenchedAt(p.b.Units[i].Side, l.m, l.i)
}

func (p *Position) entrenchedAt(side string, m, i int) bool {
	gm := p.g.maps[m]
	if gm.strong[i] >= 0 {
		return true
	}
	if side == geoFrench {
		return gm.hx[i].Outpost && !p.outGone[m][i]
	}
	return p.trench[m][i] || p.dig[m][i]
}

// Control is who controls a strongpoint (by code) or structure (by name):
// 1.4-D, "VM" under a VM flag, else "French".
func (p *Position) Control(code string) string {
	if p.b.Flags[code] == geoVM {
		return geoVM
	}
	return geoFrench
}

func (p *Position) enemyHeld(side string, m, i int) bool {
	gm := p.g.maps[m]
	if s := gm.strong[i]; s >= 0 {
		return p.Control(p.g.strongs[s].code) != side
	}
	return false
}

// EnemyZoC: 1.8, place is in an enemy ZoC for side: a non-shaken enemy
// unit is adjacent, and no unit of side occupies the place ("A friendly
// unit occupies that adjacent hex").
func (p *Position) EnemyZoC(side, place string) bool {
	l, ok := p.g.resolve(place)
	if !ok || l.m < 0 {
		return false // units are not adjacent in boxes (4.3-B)
	}
	return p.inZoC(sideIdx(side), l.m, l.i)
}

func (p *Position) inZoC(s, m, i int) bool {
	return p.zocOf[m][i][1-s] && p.occ[m][i][s] == 0
}

// WireGone: 1.5-B "Any wire is gone for all purposes if it runs around a
// strongpoint with a flag, or along a hexside between two Trench Zone
// hexes (Dig Zone is not enough)"; 2.4-A "All wires along all hexsides of
// a Wire Breach are now gone".
func (p *Position) WireGone(a, b string) bool {
	la, ok1 := p.g.resolve(a)
	lb, ok2 := p.g.resolve(b)
	if !ok1 || !ok2 || la.m < 0 || la.m != lb.m {
		return false
	}
	return p.wireGone(la.m, la.i, lb.i)
}

func (p *Position) wireGone(m, a, b int) bool {
	gm := p.g.maps[m]
	if s := gm.strong[a]; s >= 0 && p.flagSP[s] {
		return true
	}
	if s := gm.strong[b]; s >= 0 && p.flagSP[s] {
		return true
	}
	if p.trench[m][a] && p.trench[m][b] {
		return true
	}
	return p.breach[m][a] || p.breach[m][b]
}

// wire tells whether the hexside from a in direction k has wire standing:
// 0 none, 1 light, 2 heavy.
func (p *Position) wire(m, a, k int) int {
	gm := p.g.maps[m]
	sd := gm.sides[a][k]
	if sd&(geoHeavy|geoLight) == 0 || p.wireGone(m, a, int(gm.nb[a][k])) {
		return 0
	}
	if sd&geoHeavy != 0 {
		return 2
	}
	return 1
}

// enter is 1.5-B's cost, in half mp, for a unit of side s (art: an
// Artillery unit) to enter hex b from its neighbour a in direction k;
// ok false when it may not.
func (p *Position) enter(s int, art bool, m, a, k int) (int, bool) {
	gm := p.g.maps[m]
	b := int(gm.nb[a][k])
	if b < 0 || p.occ[m][b][1-s] > 0 {
		return 0, false // "a unit may never enter a hex that contains an enemy unit"
	}
	sd := gm.sides[a][k]
	river := sd&geoRiver != 0 && sd&geoBridge == 0
	if river && art {
		return 0, false // "Artillery units may only cross a river where there is a bridge"
	}
	h := gm.hx[b]
	// "It costs 5 mp (not more, not less) for a VM unit to enter a hex in
	// any Supply Area, or for a French unit to enter a hex in any Trench
	// Zone ... regardless of terrain, hexside features, or enemy ZoC."
	if s == 1 && h.Supply || s == 0 && p.trench[m][b] {
		return p.g.flat, true
	}
	zoc := p.inZoC(s, m, b)
	cost := p.g.field
	if p.rain {
		cost = p.g.fieldRain
	}
	if h.Forest {
		cost = p.g.forest
	}
	if sd&geoRoad != 0 && !zoc {
		cost = p.g.road // "if you enter a hex along a road, then you pay the road cost instead" (F30)
	}
	if river {
		cost += p.g.river
	}
	if s == 1 && p.wire(m, a, k) > 0 {
		cost += p.g.wire // "a road will not negate any cost to cross a wire"
	}
	if h.Hill != "" && gm.hx[a].Hill != h.Hill {
		cost += p.g.uphill
	}
	if zoc {
		cost += p.g.zoc
	}
	return cost, true
}

// EnterCost is 1.5-B's cost for a unit to move from a hex to a
// neighbouring one as the position stands, in mp; ok false when it may
// not (not neighbours, an enemy unit there, artillery across a river).
func (p *Position) EnterCost(unitID, from, to string) (float64, bool) {
	u := p.Unit(unitID)
	lf, ok1 := p.g.resolve(from)
	lt, ok2 := p.g.resolve(to)
	if u == nil || !ok1 || !ok2 || lf.m < 0 || lf.m != lt.m {
		return 0, false
	}
	k := p.g.maps[lf.m].dir(lf.i, lt.i)
	if k < 0 {
		return 0, false
	}
	c, ok := p.enter(sideIdx(u.Side), p.isArt(u), lf.m, lf.i, k)
	return float64(c) / 2, ok
}

// Obstacles: the combat obstacles a unit of attackerSide assaults across
// or into from a hex to a neighbouring one. 3.5-A for the VM: "across
// heavy wire (not light wire); across river; uphill (forest is not an
// obstacle for VM)"; 7.4-A for France: "across river; uphill; into
// forest (wire is not an obstacle for France)". A bridge leaves the river
// an obstacle (1.5-B).
func (p *Position) Obstacles(attackerSide, from, to string) []string {
	lf, ok1 := p.g.resolve(from)
	lt, ok2 := p.g.resolve(to)
	if !ok1 || !ok2 || lf.m < 0 || lf.m != lt.m {
		return nil
	}
	gm := p.g.maps[lf.m]
	k := gm.dir(lf.i, lt.i)
	if k < 0 {
		return nil
	}
	var out []string
	if attackerSide == geoVM && p.wire(lf.m, lf.i, k) == 2 {
		out = append(out, "heavy wire")
	}
	if gm.sides[lf.i][k]&geoRiver != 0 {
		out = append(out, "river")
	}
	if h := gm.hx[lt.i]; h.Hill != "" && gm.hx[lf.i].Hill != h.Hill {
		out = append(out, "uphill")
	}
	if attackerSide == geoFrench && gm.hx[lt.i].Forest {
		out = append(out, "forest")
	}
	return out
}

// ---- movement ----

// MoveOpts are a move's terms.
type MoveOpts struct {
	// MP: the movement points, 0 for the Movement Value of 5 (1.5-B); 6
	// with a Recon (2.4-A).
	MP float64
	// NoEnemyZoC: the move may not enter an enemy ZoC (4.2, 8.2 Alt 2).
	NoEnemyZoC bool
}

// Reach is every hex a unit can move to with its movement points, the
// least cost and a cheapest path (1.5-B, 1.8).
type Reach struct {
	Unit  string
	From  string
	MP    float64
	p     *Position
	m     int
	start int
	// the hexes reached, by index (the start included), with their least
	// cost in half mp and the hex before them on a cheapest path
	list []int32
	cost []int16
	prev []int32
}

// reachScratch is Dijkstra's working memory, pooled per map between Reach
// calls: a cost a hex, valid when its stamp is the call's.
type reachScratch struct {
	stamp   []uint32
	cost    []int16
	prev    []int32
	now     uint32
	buckets [][]int32
	seen    []int32
}

// Reach is a unit's movement from where it stands, as the position
// stands (stacking is checked at the end of a segment, 1.6, so a unit
// may pass through its own side's stacks; CanStop tells where it may
// end). A unit in a box reaches nothing.
func (p *Position) Reach(unitID string, o MoveOpts) *Reach {
	i, ok := p.units[unitID]
	r := &Reach{Unit: unitID, p: p, m: -1}
	if !ok {
		return r
	}
	u := &p.b.Units[i]
	l := p.locOf(i)
	r.From = PlaceOf(u)
	r.MP = o.MP
	if r.MP <= 0 {
		r.MP = float64(p.g.mp) / 2
	}
	if l.m < 0 {
		return r
	}
	r.m, r.start = l.m, l.i
	limit := int(r.MP*2 + 0.5)
	gm := p.g.maps[l.m]
	sc, _ := p.g.scratch[l.m].Get().(*reachScratch)
	if sc == nil {
		n := len(gm.ids)
		sc = &reachScratch{stamp: make([]uint32, n), cost: make([]int16, n), prev: make([]int32, n)}
	}
	defer p.g.scratch[l.m].Put(sc)
	if sc.now++; sc.now == 0 {
		clear(sc.stamp) // the stamps wrapped: none may look current
		sc.now = 1
	}
	for len(sc.buckets) <= limit {
		sc.buckets = append(sc.buckets, nil)
	}
	for k := range sc.buckets {
		sc.buckets[k] = sc.buckets[k][:0]
	}
	sc.seen = sc.seen[:0]
	s, art := sideIdx(u.Side), p.isArt(u)
	// Dijkstra on small integer costs: a bucket per half mp.
	sc.stamp[l.i], sc.cost[l.i], sc.prev[l.i] = sc.now, 0, -1
	sc.buckets[0] = append(sc.buckets[0], int32(l.i))
	for c := 0; c <= limit; c++ {
		for len(sc.buckets[c]) > 0 {
			a := int(sc.buckets[c][len(sc.buckets[c])-1])
			sc.buckets[c] = sc.buckets[c][:len(sc.buckets[c])-1]
			if int(sc.cost[a]) != c {
				continue
			}
			sc.seen = append(sc.seen, int32(a))
			for k := 0; k < 6; k++ {
				b := int(gm.nb[a][k])
				if b < 0 {
					continue
				}
				if o.NoEnemyZoC && p.inZoC(s, l.m, b) {
					continue
				}
				e, ok := p.enter(s, art, l.m, a, k)
				if !ok {
					continue
				}
				nc := c + e
				if nc > limit || sc.stamp[b] == sc.now && int(sc.cost[b]) <= nc {
					continue
				}
				sc.stamp[b], sc.cost[b], sc.prev[b] = sc.now, int16(nc), int32(a)
				sc.buckets[nc] = append(sc.buckets[nc], int32(b))
			}
		}
	}
	r.list = slices.Clone(sc.seen)
	slices.Sort(r.list)
	r.cost = make([]int16, len(r.list))
	r.prev = make([]int32, len(r.list))
	for k, h := range r.list {
		r.cost[k], r.prev[k] = sc.cost[h], sc.prev[h]
	}
	return r
}

// Places lists the hexes reached, the start excluded, by id.
func (r *Reach) Places() []string {
	if r.m < 0 {
		return nil
	}
	gm := r.p.g.maps[r.m]
	out := make([]string, 0, len(r.list))
	for _, i := range r.list {
		if int(i) != r.start {
			out = append(out, gm.ids[i])
		}
	}
	return out
}

// Len is how many hexes are reached, the start excluded.
func (r *Reach) Len() int { return max(0, len(r.list)-1) }

// find is the position of hex i in the list, -1 when not reached.
func (r *Reach) find(i int) int {
	k, ok := slices.BinarySearch(r.list, int32(i))
	if !ok {
		return -1
	}
	return k
}

func (r *Reach) at(place string) (int, bool) {
	l, ok := r.p.g.resolve(place)
	if !ok || r.m < 0 || l.m != r.m {
		return 0, false
	}
	k := r.find(l.i)
	return k, k >= 0
}

// Cost is the least cost in mp of reaching place; ok false when it is out
// of reach.
func (r *Reach) Cost(place string) (float64, bool) {
	k, ok := r.at(place)
	if !ok {
		return 0, false
	}
	return float64(r.cost[k]) / 2, true
}

// Path is a cheapest path from the unit's hex to place, both included;
// nil when place is out of reach.
func (r *Reach) Path(place string) []string {
	k, ok := r.at(place)
	if !ok {
		return nil
	}
	gm := r.p.g.maps[r.m]
	var out []string
	for k >= 0 {
		out = append(out, gm.ids[r.list[k]])
		if r.prev[k] < 0 {
			break
		}
		k = r.find(int(r.prev[k]))
	}
	slices.Reverse(out)
	return out
}

// CanStop tells whether the unit may end its move at place: reached and
// within 1.6's stacking (3 French units, 1 VM unit, the mover not counted).
func (r *Reach) CanStop(place string) bool {
	k, ok := r.at(place)
	if !ok {
		return false
	}
	i := int(r.list[k])
	if i == r.start {
		return true
	}
	u := r.p.Unit(r.Unit)
	return int(r.p.occ[r.m][i][sideIdx(u.Side)]) < StackLimit(u.Side)
}

// StackLimit is 1.6's: 3 French units or 1 VM unit a hex.
func StackLimit(side string) int {
	if side == geoVM {
		return 1
	}
	return 3
}
