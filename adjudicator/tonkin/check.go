package tonkin

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator/dataload"
)

// Check validates the data across files, the rules' statements about the
// map, the counters and the set-ups. Every message starts with the file
// and names the field.
func Check(d *Data) []string {
	c := &checker{d: d}
	c.index()
	c.provenance()
	c.grid()
	c.paths()
	c.urbanAreas()
	c.centers()
	c.units()
	c.charts()
	c.scenarios()
	return c.errs
}

type checker struct {
	d     *Data
	errs  []string
	hex   map[string]Hex
	urban map[string]Urban // by name
	byHex map[string][]Urban
	types map[string]UnitType
	ids   map[string]string // counter id -> type code
	mix   map[string]int    // type code -> counters
	mob   map[string]MobHex
	river map[string]string // hex -> "navigable" or "minor" (navigable wins)
	delta map[string]bool
}

func (c *checker) errf(format string, a ...any) {
	c.errs = append(c.errs, fmt.Sprintf(format, a...))
}

// urbanAt names an urban area in messages as its table element,
// "map.toml: urban[12] (Tu Vu)", so that locate finds its line.
func (c *checker) urbanAt(name string) string {
	for i, u := range c.d.Map.Urban {
		if u.Name == name {
			return fmt.Sprintf("map.toml: urban[%d] (%s)", i, name)
		}
	}
	return "map.toml: urban (" + name + ")"
}

// typeAt names a unit type as its table element, "units.toml: type[3] (BEP)".
func (c *checker) typeAt(code string) string {
	for i, t := range c.d.Units.Type {
		if t.Code == code {
			return fmt.Sprintf("units.toml: type[%d] (%s)", i, code)
		}
	}
	return "units.toml: type (" + code + ")"
}

func (c *checker) index() {
	d := c.d
	c.hex = map[string]Hex{}
	for i, h := range d.Grid.Hexes {
		if _, dup := c.hex[h.ID]; dup {
			c.errf("grid.toml: hexes[%d].id %q: twice", i, h.ID)
		}
		c.hex[h.ID] = h
	}
	c.urban = map[string]Urban{}
	c.byHex = map[string][]Urban{}
	for _, u := range d.Map.Urban {
		c.urban[u.Name] = u
		c.byHex[u.Hex] = append(c.byHex[u.Hex], u)
	}
	c.types = map[string]UnitType{}
	for _, t := range d.Units.Type {
		c.types[t.Code] = t
	}
	c.ids = map[string]string{}
	c.mix = map[string]int{}
	for i, m := range d.Units.Counter {
		for _, id := range m.IDs {
			if _, dup := c.ids[id]; dup {
				c.errf("units.toml: counter[%d].ids %q: twice", i, id)
			}
			c.ids[id] = m.Type
		}
		c.mix[m.Type] += len(m.IDs) + m.Count
	}
	c.mob = map[string]MobHex{}
	for _, m := range d.Map.Mobilization.Hexes {
		c.mob[m.Hex] = m
	}
	c.river = map[string]string{}
	for _, p := range d.Paths.Rivers {
		for _, h := range p.Hexes {
			if c.river[h] != "navigable" {
				c.river[h] = p.Kind
			}
		}
	}
	c.delta = map[string]bool{}
	for _, h := range d.Paths.Delta.Hexes {
		c.delta[h] = true
	}
}

// refHex checks that a referenced hex exists on the map.
func (c *checker) refHex(where, id string) (Hex, bool) {
	h, ok := c.hex[id]
	if !ok {
		c.errf("%s: hex %q is not on the map", where, id)
	}
	return h, ok
}

func (c *checker) prov(where string, p Prov) {
	if msg := dataload.ProvenanceFault(p.Provenance); msg != "" {
		c.errf("%s.provenance: %s", where, msg)
	}
	if strings.TrimSpace(p.Source) == "" {
		c.errf("%s.source: missing (say from what)", where)
	}
}

func (c *checker) provenance() {
	d := c.d
	c.prov("grid.toml", d.Grid.Prov)
	c.prov("grid.toml: china_border", d.Grid.ChinaBorder.Prov)
	for i, p := range d.Paths.Rivers {
		c.prov(fmt.Sprintf("paths.toml: river[%d]", i), p.Prov)
	}
	for i, p := range d.Paths.Roads {
		c.prov(fmt.Sprintf("paths.toml: road[%d]", i), p.Prov)
	}
	for i, p := range d.Paths.Railways {
		c.prov(fmt.Sprintf("paths.toml: railway[%d]", i), p.Prov)
	}
	c.prov("paths.toml: forks", d.Paths.Forks.Prov)
	c.prov("paths.toml: delta", d.Paths.Delta.Prov)
	c.prov("paths.toml: red_river_west", d.Paths.RedRiverWest.Prov)
	c.prov("map.toml: urban_areas", d.Map.UrbanAreas)
	c.prov("map.toml: mobilization", d.Map.Mobilization.Prov)
	c.prov("map.toml: supply_centers", d.Map.SupplyCenters.Prov)
	c.prov("map.toml: offmap", d.Map.Offmap.Prov)
	c.prov("map.toml: regions", d.Map.Regions.Prov)
	c.prov("units.toml: types", d.Units.Types)
	c.prov("units.toml: mix", d.Units.Mix)
	c.prov("units.toml: divisions", d.Units.DivisionsNames)
	c.prov("units.toml: fef_schedule", d.Units.FEFSchedule.Prov)
	c.prov("units.toml: vm_schedule", d.Units.VMSchedule.Prov)
	c.prov("units.toml: vm_trucks", d.Units.TruckArrivals.Prov)
	c.prov("units.toml: supply_dumps", d.Units.SupplyDumps.Prov)
	for name, t := range d.Charts {
		p := Prov{}
		p.Provenance, _ = t["provenance"].(string)
		p.Source, _ = t["source"].(string)
		c.prov("charts.toml: "+name, p)
	}
	c.prov("scenarios.toml", d.Scenarios.Prov)
	c.prov("scenarios.toml: campaign", d.Scenarios.Campaign.Prov)
	for i, s := range d.Scenarios.Scenario {
		c.prov(fmt.Sprintf("scenarios.toml: scenario[%d] (%s)", i, s.ID), s.Prov)
	}
}

// grid: every hex of the rectangle once, legal values, the fixed points.
func (c *checker) grid() {
	g := c.d.Grid.Grid
	if g.Rows < 1 || g.Cols < 1 || g.WidthKm <= 0 || g.Fold <= 0 {
		c.errf("grid.toml: [grid]: rows, cols, width_km and fold must be positive")
		return
	}
	for r := 1; r <= g.Rows; r++ {
		for col := 1; col <= g.Cols; col++ {
			if _, ok := c.hex[HexID(r, col)]; !ok {
				c.errf("grid.toml: hexes: %s missing", HexID(r, col))
			}
		}
	}
	for i, h := range c.d.Grid.Hexes {
		where := fmt.Sprintf("grid.toml: hexes[%d] (%s)", i, h.ID)
		r, col, ok := ParseHex(h.ID)
		if !ok || !g.On(r, col) {
			c.errf("%s.id: not a hex of the %dx%d grid", where, g.Rows, g.Cols)
		}
		if !slices.Contains(Terrains, h.Terrain) {
			c.errf("%s.terrain: %q, want one of %v", where, h.Terrain, Terrains)
		}
		switch {
		case h.Terrain == "sea" && (h.Country != "" || h.Coastal || h.Montagnard):
			c.errf("%s: a sea hex has no country, coast or montagnard mark", where)
		case h.Terrain != "sea" && h.Country != "vietnam" && h.Country != "laos" && h.Country != "china":
			c.errf("%s.country: %q, want vietnam, laos or china", where, h.Country)
		}
		// The Map: the montagnards live in Vietnam and Laos, in all rough
		// (with or without forest) and mountain hexes and along minor
		// rivers flowing in non-clear hexes.
		want := false
		if h.Country == "vietnam" || h.Country == "laos" {
			switch h.Terrain {
			case "rough", "rough-forest", "mountain":
				want = true
			case "forest":
				want = c.river[h.ID] == "minor"
			}
		}
		if h.Montagnard != want {
			c.errf("%s.montagnard: %v, the rule (The Map) gives %v", where, h.Montagnard, want)
		}
	}
	for i, s := range c.d.Grid.ChinaBorder.Hexsides {
		where := fmt.Sprintf("grid.toml: china_border.hexsides[%d]", i)
		a, ok1 := c.refHex(where, s[0])
		b, ok2 := c.refHex(where, s[1])
		if ok1 && ok2 && (!Adjacent(s[0], s[1]) || (a.Country == "china") == (b.Country == "china")) {
			c.errf("%s: %s-%s is not a hexside between China and another country", where, s[0], s[1])
		}
	}
	// Map errata: Tu Vu is 0916; the scenario's 1205 is two hexes east of
	// Dien Bien Phu.
	if u, ok := c.urban["Tu Vu"]; !ok || u.Hex != "0916" {
		c.errf("%s.hex: %q, the Map errata say 0916", c.urbanAt("Tu Vu"), u.Hex)
	}
	if u, ok := c.urban["Dien Bien Phu"]; ok {
		r, col, _ := ParseHex(u.Hex)
		if HexID(r, col+2) != "1205" {
			c.errf("%s.hex: %q, two hexes east must be 1205 (Map errata)", c.urbanAt("Dien Bien Phu"), u.Hex)
		}
	} else {
		c.errf("map.toml: urban: Dien Bien Phu missing")
	}
}

// paths: rivers, roads and rails are chains of adjacent land hexes; forks
// and the delta follow the rules.
func (c *checker) paths() {
	d := c.d
	chain := func(kind string, i int, p Path) {
		where := fmt.Sprintf("paths.toml: %s[%d] (%s)", kind, i, p.ID)
		if len(p.Hexes) < 2 {
			c.errf("%s.hexes: a path needs two hexes or more", where)
		}
		for k, id := range p.Hexes {
			h, ok := c.refHex(fmt.Sprintf("%s.hexes[%d]", where, k), id)
			if ok && h.Terrain == "sea" {
				c.errf("%s.hexes[%d]: %s is an all-sea hex", where, k, id)
			}
			if k > 0 && !Adjacent(p.Hexes[k-1], id) {
				c.errf("%s.hexes[%d]: %s does not touch %s: the %s breaks", where, k, id, p.Hexes[k-1], kind)
			}
		}
	}
	for i, p := range d.Paths.Rivers {
		chain("river", i, p)
		if p.Kind != "navigable" && p.Kind != "minor" {
			c.errf("paths.toml: river[%d] (%s).kind: %q, want navigable or minor", i, p.ID, p.Kind)
		}
	}
	for i, p := range d.Paths.Roads {
		chain("road", i, p)
	}
	for i, p := range d.Paths.Railways {
		chain("railway", i, p)
	}
	// A road or railway end is an urban area, a hex of another road or
	// railway, China or the map's edge: no road ends in the open.
	net := map[string]int{}
	for _, ps := range [][]Path{d.Paths.Roads, d.Paths.Railways} {
		for _, p := range ps {
			for _, h := range p.Hexes {
				net[h]++
			}
		}
	}
	g := d.Grid.Grid
	for kind, ps := range map[string][]Path{"road": d.Paths.Roads, "railway": d.Paths.Railways} {
		for i, p := range ps {
			if len(p.Hexes) == 0 {
				continue
			}
			for _, end := range []string{p.Hexes[0], p.Hexes[len(p.Hexes)-1]} {
				r, col, _ := ParseHex(end)
				edge := r == 1 || r == g.Rows || col == 1 || col == g.Cols
				if len(c.byHex[end]) == 0 && net[end] < 2 && c.hex[end].Country != "china" && !edge {
					c.errf("paths.toml: %s[%d] (%s): ends in %s, where there is no urban area, no other road and no border", kind, i, p.ID, end)
				}
			}
		}
	}
	// Thai country (3.8, 4.3): Vietnam west of, and including, the Red
	// River valley.
	west := map[string]bool{}
	for i, id := range d.Paths.RedRiverWest.Hexes {
		if h, ok := c.refHex(fmt.Sprintf("paths.toml: red_river_west.hexes[%d]", i), id); ok && h.Country != "vietnam" {
			c.errf("paths.toml: red_river_west.hexes[%d]: %s is not in Vietnam", i, id)
		}
		west[id] = true
	}
	for _, p := range d.Paths.Rivers {
		if p.ID != "red" {
			continue
		}
		for _, h := range p.Hexes {
			if c.hex[h].Country == "vietnam" && !west[h] {
				c.errf("paths.toml: red_river_west: Red River hex %s missing (the valley is included)", h)
			}
		}
	}
	for _, n := range []string{"Dien Bien Phu", "Lai Chau", "Son La"} {
		if u, ok := c.urban[n]; ok && !west[u.Hex] {
			c.errf("paths.toml: red_river_west: %s (%s) is west of the Red River", n, u.Hex)
		}
	}
	for _, n := range []string{"Thai Nguyen", "Cao Bang", "Lang Son"} {
		if u, ok := c.urban[n]; ok && west[u.Hex] {
			c.errf("paths.toml: red_river_west: %s (%s) is east of the Red River", n, u.Hex)
		}
	}

	// 6.8: a fork is a hex on two rivers or more.
	for i, id := range d.Paths.Forks.Hexes {
		n := 0
		for _, p := range d.Paths.Rivers {
			if slices.Contains(p.Hexes, id) {
				n++
			}
		}
		if n < 2 {
			c.errf("paths.toml: forks.hexes[%d]: %s is on %d river(s), a fork needs two", i, id, n)
		}
	}
	// The delta: river hexes from Vinh Yen towards the sea plus 4 non-river
	// hexes within; all land in Vietnam; connected.
	nonRiver := 0
	for i, id := range d.Paths.Delta.Hexes {
		h, ok := c.refHex(fmt.Sprintf("paths.toml: delta.hexes[%d]", i), id)
		if !ok {
			continue
		}
		if h.Terrain == "sea" || h.Country != "vietnam" {
			c.errf("paths.toml: delta.hexes[%d]: %s is not land in Vietnam", i, id)
		}
		if c.river[id] == "" {
			nonRiver++
			r, col, _ := ParseHex(id)
			for _, nb := range Neighbors(r, col) {
				n := HexID(nb[0], nb[1])
				if !c.delta[n] && c.hex[n].Terrain != "sea" {
					c.errf("paths.toml: delta.hexes[%d]: non-river %s is not within the delta (its neighbour %s is outside)", i, id, n)
				}
			}
		}
	}
	if nonRiver != 4 {
		c.errf("paths.toml: delta.hexes: %d non-river hexes, the rulebook says 4 (The Map)", nonRiver)
	}
	if u, ok := c.urban["Vinh Yen"]; ok && !c.delta[u.Hex] {
		c.errf("paths.toml: delta.hexes: Vinh Yen's hex %s missing (the delta starts there)", u.Hex)
	}
	if len(d.Paths.Delta.Hexes) > 0 && !c.connected(d.Paths.Delta.Hexes) {
		c.errf("paths.toml: delta.hexes: not one connected area")
	}
	// every delta river hex is east of Vinh Yen's column (from Vinh Yen
	// towards the sea) ...
	if u, ok := c.urban["Vinh Yen"]; ok {
		_, vc, _ := ParseHex(u.Hex)
		for i, id := range d.Paths.Delta.Hexes {
			if _, col, _ := ParseHex(id); col < vc-1 {
				c.errf("paths.toml: delta.hexes[%d]: %s lies upstream (west) of Vinh Yen", i, id)
			}
		}
	}
}

func (c *checker) connected(ids []string) bool {
	set := map[string]bool{}
	for _, id := range ids {
		set[id] = true
	}
	seen := map[string]bool{ids[0]: true}
	stack := []string{ids[0]}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, col, _ := ParseHex(id)
		for _, nb := range Neighbors(r, col) {
			n := HexID(nb[0], nb[1])
			if set[n] && !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return len(seen) == len(set)
}

// TownToleranceKm: a town's hex centre must lie within this distance of
// its projected real position (a hex is 19 km across, 11 km centre to
// corner; a little more lets a town sit in a neighbour for legibility).
const TownToleranceKm = 14

func (c *checker) urbanAreas() {
	d := c.d
	g := d.Grid.Grid
	names := map[string]bool{}
	cities := 0
	for i, u := range d.Map.Urban {
		where := fmt.Sprintf("map.toml: urban[%d] (%s)", i, u.Name)
		if names[u.Name] {
			c.errf("%s.name: twice", where)
		}
		names[u.Name] = true
		h, ok := c.refHex(where+".hex", u.Hex)
		if !ok {
			continue
		}
		if h.Terrain == "sea" {
			c.errf("%s.hex: %s is all sea", where, u.Hex)
		}
		if len(c.byHex[u.Hex]) > 1 {
			c.errf("%s.hex: %s holds %d urban areas", where, u.Hex, len(c.byHex[u.Hex]))
		}
		switch u.Kind {
		case "city":
			cities++
		case "town", "village":
		default:
			c.errf("%s.kind: %q, want city, town or village", where, u.Kind)
		}
		// The Map: each urban area in the delta and along the coast has a
		// garrison, and no other.
		if want := c.delta[u.Hex] || h.Coastal; u.Garrison != want {
			c.errf("%s.garrison: %v, but in the delta: %v, on the coast: %v (The Map: Garrisons)", where, u.Garrison, c.delta[u.Hex], h.Coastal)
		}
		if u.Harbor && !h.Coastal && c.river[u.Hex] != "navigable" {
			c.errf("%s.harbor: %s is neither coastal nor on a navigable river", where, u.Hex)
		}
		if u.VPFEF < 0 || u.VPVM < 0 {
			c.errf("%s: negative victory value", where)
		}
		x, y := g.Project(u.Lat, u.Lon)
		r, col, _ := ParseHex(u.Hex)
		hx, hy := g.Center(r, col)
		if e := math.Hypot(hx-x, hy-y); e > TownToleranceKm {
			pr, pc := g.At(x, y)
			c.errf("%s.hex: %s is %.0f km from its real position (lat %.2f, lon %.2f projects to %s)", where, u.Hex, e, u.Lat, u.Lon, HexID(pr, pc))
		}
	}
	for _, n := range []string{"Hanoi", "Haiphong", "Nam Dinh", "Luang Prabang"} {
		if u, ok := c.urban[n]; !ok || u.Kind != "city" {
			c.errf("map.toml: urban: %s must be a city (The Map)", n)
		}
	}
	if cities != 4 {
		c.errf("map.toml: urban: %d cities, the rulebook names 4", cities)
	}
	// Map errata: 10,7 at Thai Nguyen, 10,15 at Nam Dinh.
	for _, e := range []struct {
		name    string
		fef, vm int
	}{{"Thai Nguyen", 10, 7}, {"Nam Dinh", 10, 15}} {
		if u := c.urban[e.name]; u.VPFEF != e.fef || u.VPVM != e.vm {
			c.errf("%s.vp_fef: vp_fef %d, vp_vm %d, the Map errata give %d,%d", c.urbanAt(e.name), u.VPFEF, u.VPVM, e.fef, e.vm)
		}
	}
	if u := c.urban["Luang Prabang"]; c.hex[u.Hex].Country != "laos" {
		c.errf("%s.hex: %s is not in Laos", c.urbanAt("Luang Prabang"), u.Hex)
	}
	mobCountry := map[string]int{}
	for i, m := range d.Map.Mobilization.Hexes {
		where := fmt.Sprintf("map.toml: mobilization.hexes[%d] (%s)", i, m.Name)
		h, ok := c.refHex(where+".hex", m.Hex)
		if !ok {
			continue
		}
		if h.Terrain == "sea" || h.Country == "china" || h.Country != m.Country {
			c.errf("%s: hex %s is %s in %q, want land in %q (3.1: in their respective country)", where, m.Hex, h.Terrain, h.Country, m.Country)
		}
		mobCountry[m.Country]++
	}
	if len(c.mob) != len(d.Map.Mobilization.Hexes) {
		c.errf("map.toml: mobilization.hexes: a hex listed twice")
	}
	if mobCountry["vietnam"] == 0 || mobCountry["laos"] == 0 {
		c.errf("map.toml: mobilization.hexes: Vietnam and Laos each need some (3.1)")
	}
	zones := map[string]bool{}
	for _, z := range d.Map.Offmap.Zones {
		zones[z.ID] = true
	}
	if !zones["saigon"] || !zones["standby"] {
		c.errf("map.toml: offmap.zones: the saigon and standby zones are needed (The Map)")
	}
	for i, r := range d.Map.Regions.Areas {
		where := fmt.Sprintf("map.toml: regions.areas[%d] (%s)", i, r.ID)
		if r.Rows[0] < 1 || r.Rows[1] > g.Rows || r.Rows[0] > r.Rows[1] || r.Cols[0] < 1 || r.Cols[1] > g.Cols || r.Cols[0] > r.Cols[1] {
			c.errf("%s: rows %v cols %v are not a block of the %dx%d map", where, r.Rows, r.Cols, g.Rows, g.Cols)
		}
		for _, n := range r.MustShow {
			u, ok := c.urban[n]
			if !ok {
				c.errf("%s.must_show: %q is no urban area", where, n)
				continue
			}
			ur, uc, _ := ParseHex(u.Hex)
			if ur < r.Rows[0] || ur > r.Rows[1] || uc < r.Cols[0] || uc > r.Cols[1] {
				c.errf("%s.must_show: %s (%s) lies outside", where, n, u.Hex)
			}
		}
	}
}

func (c *checker) centers() {
	rail, china := 0, 0
	for i, s := range c.d.Map.SupplyCenters.Centers {
		where := fmt.Sprintf("map.toml: supply_centers.centers[%d] (%s)", i, s.Name)
		h, ok := c.refHex(where+".hex", s.Hex)
		if !ok {
			continue
		}
		if h.Terrain == "sea" {
			c.errf("%s.hex: %s is all sea", where, s.Hex)
		}
		if h.Country == "china" {
			china++
		}
		if s.ChineseRailway {
			rail++
			if h.Country != "china" {
				c.errf("%s: the Chinese railway supply center must be in China", where)
			}
			onRail := false
			for _, p := range c.d.Paths.Railways {
				onRail = onRail || slices.Contains(p.Hexes, s.Hex)
			}
			if !onRail {
				c.errf("%s: the Chinese railway supply center %s is on no railway", where, s.Hex)
			}
		}
	}
	if rail != 1 {
		c.errf("map.toml: supply_centers: %d Chinese railway supply centers, the rulebook has one", rail)
	}
	if china == 0 {
		c.errf("map.toml: supply_centers: none in China (3.3, 3.5 need one)")
	}
	// 3.6: Lang Son may stand in for the Chinese railway supply center
	// when the railway to it is clear: Lang Son must be on that railway.
	if u, ok := c.urban["Lang Son"]; ok {
		onRail := false
		for _, p := range c.d.Paths.Railways {
			onRail = onRail || slices.Contains(p.Hexes, u.Hex)
		}
		if !onRail {
			c.errf("paths.toml: railway: Lang Son (%s) is on no railway (The Map, 3.6)", u.Hex)
		}
	}
}

var kinds = []string{"infantry", "motorized", "artillery", "naval", "amphibious", "garrison", "hq", "leader", "group", "regiment", "dummy", "dump"}

func (c *checker) units() {
	u := c.d.Units
	for i, t := range u.Type {
		where := fmt.Sprintf("units.toml: type[%d] (%s)", i, t.Code)
		if t.Side != "fef" && t.Side != "vm" && t.Side != "both" {
			c.errf("%s.side: %q", where, t.Side)
		}
		if !slices.Contains(kinds, t.Kind) {
			c.errf("%s.kind: %q, want one of %v", where, t.Kind, kinds)
		}
		if t.Stacking < 0 || t.Steps < 0 || t.Strength < 0 || t.Morale < 0 {
			c.errf("%s: negative value", where)
		}
		if t.Move == 0 && t.Motor == 0 && t.Kind != "garrison" && t.Kind != "dump" {
			c.errf("%s: no movement", where)
		}
	}
	// Rulebook values.
	want := []struct {
		code                  string
		str, mor, stack, step int
	}{
		{"GAR", 2, 3, 1, 2}, {"BVN", 2, 3, 1, 2}, {"VMG", -1, -1, -1, 2}, {"PL", -1, -1, -1, 2},
		{"REG", -1, -1, -1, 4}, {"IREG", -1, -1, -1, 4}, {"DUMMY", -1, -1, 2, -1},
		{"DR", -1, -1, 0, -1}, {"HO", -1, -1, 0, -1}, {"HQ", -1, -1, 0, -1},
	}
	for _, w := range want {
		t, ok := c.types[w.code]
		if !ok {
			c.errf("units.toml: type %s missing", w.code)
			continue
		}
		if (w.str >= 0 && t.Strength != w.str) || (w.mor >= 0 && t.Morale != w.mor) || (w.stack >= 0 && t.Stacking != w.stack) || (w.step >= 0 && t.Steps != w.step) {
			c.errf("%s: strength %d morale %d stacking %d steps %d, the rulebook gives %d %d %d %d (-1: free)", c.typeAt(w.code), t.Strength, t.Morale, t.Stacking, t.Steps, w.str, w.mor, w.stack, w.step)
		}
	}
	if t := c.types["BVN"]; t.Move != 7 {
		c.errf("%s.move: %d, the rulebook's BVN (237) moves 7", c.typeAt("BVN"), t.Move)
	}
	// Every family of the Units list.
	for _, code := range strings.Fields("RCP BPCP RCC RALP BPC RIC DNA RAC BEP REI DBLE REC BPVN BVN BT GCMA BPL BIL BCL RTS ACF AOF BMTS RTM RICM RACM BTA RTA RSA GSAP RTT") {
		if _, ok := c.types[code]; !ok {
			c.errf("units.toml: type %s (rulebook, Units) missing", code)
		}
	}
	marks := map[string]string{"vietnamese": "yellow", "thai": "yellow", "laotian": "green", "minority": "yellow-green"}
	for i, t := range u.Type {
		if m, ok := marks[t.Nationality]; ok && t.Mark != m {
			c.errf("units.toml: type[%d] (%s).mark: %q, the rulebook marks %s units %s", i, t.Code, t.Mark, t.Nationality, m)
		}
	}
	for i, m := range u.Counter {
		if _, ok := c.types[m.Type]; !ok {
			c.errf("units.toml: counter[%d].type: %q is no type", i, m.Type)
		}
		if (len(m.IDs) == 0) == (m.Count == 0) {
			c.errf("units.toml: counter[%d] (%s): give ids or count, not both or neither", i, m.Type)
		}
	}
	if c.mix["DUMMY"] == 0 || c.mix["VMG"] == 0 || c.mix["PL"] == 0 || c.mix["HO"] != 1 || c.mix["HQ"] != 1 {
		c.errf("units.toml: counter: dummies, VM-groups, Pathet Lao, one Uncle Ho and one FEF HQ are needed")
	}
	if u.SupplyDumps.VM != 9 || u.SupplyDumps.FEF != 15 {
		c.errf("units.toml: supply_dumps: vm %d fef %d, the rulebook gives 9 and 15", u.SupplyDumps.VM, u.SupplyDumps.FEF)
	}
	if c.mix["DR"] < u.SupplyDumps.VM+u.SupplyDumps.FEF {
		c.errf("units.toml: counter DR: %d dumps, fewer than 9 + 15", c.mix["DR"])
	}
	divs := map[string]bool{}
	for i, dv := range u.Division {
		divs[dv.ID] = true
		if !validMonth(dv.Formed) {
			c.errf("units.toml: division[%d] (%s).formed: %q is not YYYY-MM", i, dv.ID, dv.Formed)
		}
	}
	for _, id := range []string{"304", "308", "312", "316", "320", "351"} {
		if !divs[id] {
			c.errf("units.toml: division %s missing", id)
		}
	}
	for i, m := range u.Counter {
		if m.Division != "" && !divs[m.Division] {
			c.errf("units.toml: counter[%d].division: %q is no division", i, m.Division)
		}
	}
	sched := func(name string, s Schedule) {
		last := ""
		for i, t := range s.Turns {
			where := fmt.Sprintf("units.toml: %s.turns[%d] (%s)", name, i, t.Month)
			if !validMonth(t.Month) || t.Month <= last {
				c.errf("%s.month: not YYYY-MM after %q", where, last)
			}
			last = t.Month
			for _, a := range t.Arrive {
				if _, ok := c.ids[a]; !ok {
					if _, ok := c.types[a]; !ok {
						c.errf("%s.arrive: %q is neither a counter id nor a type", where, a)
					}
				}
			}
			for _, w := range t.Withdraw {
				if w != "Withdraw" && w != "With para" {
					c.errf("%s.withdraw: %q, want \"Withdraw\" or \"With para\" (3.9)", where, w)
				}
			}
			// 3.4: equipment as reinforcements is the VM's, in half
			// points, at most the scale's 6
			switch e := t.Equipment; {
			case e == 0:
			case name != "vm_schedule":
				c.errf("%s.equipment: only the VM receives equipment replacements (3.4)", where)
			case e < 0 || e > 6 || e*2 != float64(int(e*2)):
				c.errf("%s.equipment: %v, want a whole or half point from 0.5 to 6 (3.4)", where, e)
			}
		}
	}
	sched("fef_schedule", u.FEFSchedule)
	sched("vm_schedule", u.VMSchedule)
	for i, t := range u.TruckArrivals.Dates {
		if !validMonth(t.Month) {
			c.errf("units.toml: vm_trucks.dates[%d].month: %q", i, t.Month)
		}
	}
}

func validMonth(s string) bool {
	if len(s) != 7 || s[4] != '-' {
		return false
	}
	y, err1 := strconv.Atoi(s[:4])
	m, err2 := strconv.Atoi(s[5:])
	return err1 == nil && err2 == nil && y >= 1946 && y <= 1954 && m >= 1 && m <= 12
}

// charts: the statements of the rules the reconstructed values must keep.
func (c *checker) charts() {
	ch := c.d.Charts
	need := []string{"weather", "initiative", "terrain", "combat", "combat_drm", "barrage", "barrage_drm", "dg_drm", "victory_points", "victory_scale", "air_transport", "truck_transport", "foot_transport", "ship_transport", "replacements"}
	for _, n := range need {
		if _, ok := ch[n]; !ok {
			c.errf("charts.toml: [%s] missing", n)
		}
	}
	num := func(v any) (float64, bool) {
		switch x := v.(type) {
		case int64:
			return float64(x), true
		case float64:
			return x, true
		}
		return 0, false
	}
	ints := func(where string, v any) []int {
		a, ok := v.([]any)
		if !ok {
			c.errf("%s: not a list of numbers", where)
			return nil
		}
		out := make([]int, len(a))
		for i, x := range a {
			f, ok := num(x)
			if !ok {
				c.errf("%s[%d]: not a number", where, i)
			}
			out[i] = int(f)
		}
		return out
	}
	// Weather: rain common June-August, rare (at most 1 in 6) otherwise.
	if w, ok := ch["weather"]; ok {
		spans, _ := w["spans"].(map[string]any)
		for m := 1; m <= 12; m++ {
			s := ints(fmt.Sprintf("charts.toml: weather.spans.%d", m), spans[strconv.Itoa(m)])
			if len(s) != 2 {
				continue
			}
			n := 0
			if s[0] > 0 {
				n = s[1] - s[0] + 1
			}
			wet := m >= 6 && m <= 8
			if wet && n < 3 || !wet && n > 2 {
				c.errf("charts.toml: weather.spans.%d: rain on %d of 6, want common (3+) in June-August and rare otherwise", m, n)
			}
		}
	}
	// Combat: spans ordered in each column and shifting with the odds.
	if cb, ok := ch["combat"]; ok {
		odds, _ := cb["odds"].([]any)
		rows := [][]int{}
		for _, r := range []string{"ExAL", "Ex", "ExDL", "2DL"} {
			rows = append(rows, ints("charts.toml: combat."+r, cb[r]))
		}
		for col := range odds {
			for k := 1; k < len(rows); k++ {
				if col < len(rows[k]) && col < len(rows[k-1]) && rows[k][col] < rows[k-1][col] {
					c.errf("charts.toml: combat: column %v, the spans are out of order", odds[col])
				}
			}
			for k := range rows {
				if col > 0 && col < len(rows[k]) && rows[k][col] > rows[k][col-1] {
					c.errf("charts.toml: combat: column %v gives the attacker a worse result than the lower odds", odds[col])
				}
			}
		}
		// 3:1 in clear usually succeeds: the defender loses a step on
		// most unmodified rolls.
		i31 := slices.IndexFunc(odds, func(v any) bool { return v == "3:1" })
		if i31 >= 0 && len(rows[1]) > i31 {
			if p := prob2d6AtLeast(rows[1][i31]); p < 0.75 {
				c.errf("charts.toml: combat: at 3:1 the defender loses a step on %.0f%% of rolls, want most", 100*p)
			}
		}
		if _, ok := cb["desorg"].(map[string]any); !ok {
			c.errf("charts.toml: combat.desorg: the Desorg spans (6.17) missing")
		}
	}
	for _, t := range []string{"combat_drm", "barrage_drm"} {
		if v, ok := num(ch[t]["cap"]); !ok || v != 3 {
			c.errf("charts.toml: %s.cap: want 3 (6.6: at most +3 or -3)", t)
		}
	}
	if vs, ok := ch["victory_scale"]; ok {
		lim, _ := vs["limits"].([]any)
		want := map[int][2]int{1950: {100, 0}, 1951: {100, 0}, 1952: {90, 10}, 1953: {80, 20}, 1954: {70, 30}}
		got := map[int][2]int{}
		for _, l := range lim {
			m, _ := l.(map[string]any)
			f, _ := num(m["fef"])
			v, _ := num(m["vm"])
			for _, y := range ints("charts.toml: victory_scale.limits.years", m["years"]) {
				got[y] = [2]int{int(f), int(v)}
			}
		}
		for y, w := range want {
			if got[y] != w {
				c.errf("charts.toml: victory_scale.limits: %d gives %v, the rulebook (8.0) %v", y, got[y], w)
			}
		}
	}
}

func prob2d6AtLeast(n int) float64 {
	k := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b >= n {
				k++
			}
		}
	}
	return float64(k) / 36
}

var unitRe = regexp.MustCompile(`^(?:(\d+)x )?(.+?)(?: \((\d)(\d)(\d{1,2})\))?$`)

// setupUnit is one parsed unit of a set-up.
type setupUnit struct {
	typ      UnitType
	id       string
	n        int
	str, mor int
}

// parseUnit reads "[Nx ]NAME[ (SMF)]" where NAME is a counter id of
// units.toml ("1 BEP", "308/88") or a type code ("BVN", "VMG", "DR").
func (c *checker) parseUnit(where, s string) (setupUnit, bool) {
	m := unitRe.FindStringSubmatch(s)
	if m == nil {
		c.errf("%s: %q is not in the set-up notation ([Nx ]NAME (SMF))", where, s)
		return setupUnit{}, false
	}
	u := setupUnit{n: 1}
	code, isID := c.ids[m[2]]
	if isID {
		u.id = m[2]
	} else {
		code = m[2]
	}
	t, ok := c.types[code]
	if !ok {
		c.errf("%s: %q: %s is neither a counter id nor a unit type (units.toml)", where, s, m[2])
		return setupUnit{}, false
	}
	u.typ = t
	if m[1] != "" {
		u.n, _ = strconv.Atoi(m[1])
		if u.id != "" {
			c.errf("%s: %q: a named counter cannot be set up %d times", where, s, u.n)
		}
	}
	hasValues := t.Kind != "dump" && t.Kind != "hq" && t.Kind != "leader" && t.Kind != "dummy"
	if hasValues != (m[3] != "") {
		c.errf("%s: %q: values (SMF) %s", where, s, map[bool]string{true: "missing", false: "not printed on this counter"}[hasValues])
		return u, !hasValues
	}
	if hasValues {
		u.str, _ = strconv.Atoi(m[3])
		u.mor, _ = strconv.Atoi(m[4])
		mv, _ := strconv.Atoi(m[5])
		move := t.Move
		if t.Move == 0 || (t.Motor > 0 && mv == t.Motor) {
			move = t.Motor
		}
		maxStr, maxMor := t.Strength, t.Morale
		for _, cm := range c.d.Units.Counter {
			if cm.Type == t.Code && slices.Contains(cm.IDs, u.id) {
				if cm.Strength > 0 {
					maxStr = cm.Strength
				}
				if cm.Morale > 0 {
					maxMor = cm.Morale
				}
			}
		}
		if u.str < 1 || u.str > maxStr || u.mor > maxMor || mv != move {
			c.errf("%s: %q: values %d-%d-%d, the counter prints at most %d-%d and moves %d", where, s, u.str, u.mor, mv, maxStr, maxMor, move)
		}
	}
	return u, true
}

func (c *checker) scenarios() {
	order := map[string]int{}
	for i, s := range c.d.Scenarios.Scenario {
		order[s.ID] = i
		c.scenario(i, s)
	}
	last := ""
	for i, id := range c.d.Scenarios.Campaign.Order {
		k, ok := order[id]
		if !ok {
			c.errf("scenarios.toml: campaign.order[%d]: %q is no scenario", i, id)
			continue
		}
		s := c.d.Scenarios.Scenario[k]
		if s.Start <= last {
			c.errf("scenarios.toml: campaign.order[%d]: %s starts before the scenario it follows", i, id)
		}
		last = s.Start
	}
	if len(c.d.Scenarios.Scenario) < 4 {
		c.errf("scenarios.toml: %d scenarios, want the four years", len(c.d.Scenarios.Scenario))
	}
}

func (c *checker) scenario(i int, s Scenario) {
	where := fmt.Sprintf("scenarios.toml: scenario[%d] (%s)", i, s.ID)
	if !validMonth(s.Start) || !validMonth(s.End) || s.End <= s.Start || s.End[5:] != "08" {
		c.errf("%s.start/end: %q-%q, want YYYY-MM ending in August (Basics)", where, s.Start, s.End)
	}
	if s.VictoryPoints <= 0 || s.VictoryPoints >= 100 || s.VMVictoryLevel <= 0 || s.VMVictoryLevel >= 100 {
		c.errf("%s: victory_points and vm_victory_level must lie inside the scale (0-100)", where)
	}
	friendly := map[string]bool{}
	mont := 0
	for k, n := range s.VMFriendly {
		u, ok := c.urban[n]
		if !ok {
			c.errf("%s.vm_friendly[%d]: %q is no urban area (map.toml)", where, k, n)
			continue
		}
		friendly[u.Hex] = true
		if c.hex[u.Hex].Montagnard {
			mont++
		}
	}
	if mont != s.Montagnard {
		c.errf("%s.montagnard: %d, but %d VM-friendly urban areas are in the montagnard area", where, s.Montagnard, mont)
	}
	noGar := map[string]bool{}
	for k, n := range s.NoGarrison {
		u, ok := c.urban[n]
		if !ok || !u.Garrison {
			c.errf("%s.no_garrison[%d]: %q is no urban area with a garrison", where, k, n)
		}
		noGar[u.Hex] = true
	}
	// A VM-friendly urban area with its garrison standing is a contradiction
	// (4.1: an occupied urban area is friendly to the occupier).
	for _, n := range s.VMFriendly {
		if u := c.urban[n]; u.Garrison && !noGar[u.Hex] {
			c.errf("%s.vm_friendly: %s has a garrison at start: list it under no_garrison", where, n)
		}
	}
	stack := map[string]int{} // stacking points per hex
	side := map[string]string{}
	for _, u := range c.d.Map.Urban {
		if u.Garrison && !noGar[u.Hex] {
			stack[u.Hex] += c.types["GAR"].Stacking
			side[u.Hex] = "fef"
		}
	}
	used := map[string]int{} // counters used, by type or id
	idUsed := map[string]bool{}
	mobUsed := map[string]string{}
	gcmaAreas := map[string]bool{}
	firstAt := map[string]string{} // hex -> the first set-up entry placing units there
	place := func(kind string, k int, st Setup) {
		w := fmt.Sprintf("%s.%s[%d] (hex %s)", where, kind, k, st.Hex)
		if _, ok := firstAt[st.Hex]; !ok {
			firstAt[st.Hex] = w + ".hex"
		}
		offmap := st.Hex == "standby" || st.Hex == "saigon"
		if offmap && kind != "fef" {
			c.errf("%s.hex: only FEF units set up off the map", w)
			return
		}
		var h Hex
		if !offmap {
			var ok bool
			if h, ok = c.refHex(w+".hex", st.Hex); !ok {
				return
			}
		}
		sd := "fef"
		if kind == "vm" {
			sd = "vm"
		}
		if !offmap && side[st.Hex] != "" && side[st.Hex] != sd {
			c.errf("%s: VM and FEF units may not stack together (Basics: Stacking)", w)
		}
		if !offmap {
			side[st.Hex] = sd
		}
		for j, s := range st.Units {
			uw := fmt.Sprintf("%s.units[%d]", w, j)
			u, ok := c.parseUnit(uw, s)
			if !ok {
				continue
			}
			t := u.typ
			if t.Side != sd && t.Side != "both" {
				c.errf("%s: %q is a %s unit in the %s set-up", uw, s, t.Side, kind)
			}
			if (kind == "gcma") != (t.Code == "GCMA") {
				c.errf("%s: %q: GCMA set up last, in the gcma list, and only there (Basics)", uw, s)
			}
			used[t.Code] += u.n
			if u.id != "" {
				if idUsed[u.id] {
					c.errf("%s: %q: counter %s set up twice", uw, s, u.id)
				}
				idUsed[u.id] = true
			}
			if offmap {
				continue
			}
			stack[st.Hex] += t.Stacking * u.n
			// Legal hex.
			switch {
			case h.Terrain == "sea" && t.Kind != "naval":
				c.errf("%s: %q on the all-sea hex %s", uw, s, st.Hex)
			case t.Kind == "naval" && !h.Coastal && c.river[st.Hex] != "navigable":
				c.errf("%s: %q: a DNA must be on a navigable river or coastal hex (5.7)", uw, s)
			case t.Kind == "motorized" && (h.Terrain == "rough-forest" || h.Terrain == "mountain"):
				c.errf("%s: %q: a motorized unit in %s", uw, s, h.Terrain)
			case sd == "fef" && h.Country == "china":
				c.errf("%s: %q: FEF units may not enter China (5.12)", uw, s)
			case t.Nationality == "laotian" || t.Nationality == "pathet-lao":
				if h.Country != "laos" && c.distToCountry(st.Hex, "laos") > 3 {
					c.errf("%s: %q: more than 3 hexes from Laos (5.12)", uw, s)
				}
			case t.Code == "VMG" || t.Nationality == "vietnamese" || t.Nationality == "thai":
				if h.Country != "vietnam" && c.distToCountry(st.Hex, "vietnam") > 3 {
					c.errf("%s: %q: more than 3 hexes from Vietnam (5.12)", uw, s)
				}
			}
			if t.Code == "GCMA" {
				if !h.Montagnard {
					c.errf("%s: %q: GCMA must stay in the montagnard area (5.12)", uw, s)
				}
				area := c.gcmaArea(st.Hex, friendly, gcmaAreas)
				if area == "" {
					c.errf("%s: %q: no FEF-friendly montagnard urban area within 2 hexes left for it (Basics: one GCMA per area)", uw, s)
				}
				gcmaAreas[area] = true
			}
			// Basics: at most one VM-group or dummy per mobilization hex;
			// they set up on mobilization hexes of their country.
			if t.Code == "VMG" || t.Code == "DUMMY" || t.Code == "PL" {
				mh, ok := c.mob[st.Hex]
				switch {
				case !ok:
					c.errf("%s: %q: VM-groups, Pathet Lao and dummies set up on mobilization hexes", uw, s)
				case mobUsed[st.Hex] != "":
					c.errf("%s: %q: mobilization hex %s already holds %s (Basics: one VM-group or dummy per mobilization hex)", uw, s, st.Hex, mobUsed[st.Hex])
				case t.Code == "PL" && mh.Country != "laos", t.Code == "VMG" && mh.Country != "vietnam":
					c.errf("%s: %q: mobilization hex %s is in %s (3.1: their respective country)", uw, s, st.Hex, mh.Country)
				}
				mobUsed[st.Hex] = s
			}
		}
	}
	for k, st := range s.FEF {
		place("fef", k, st)
	}
	for k, st := range s.VM {
		place("vm", k, st)
	}
	for k, st := range s.GCMA {
		place("gcma", k, st)
	}
	// VM units may not set up in a FEF-friendly occupied urban area; FEF
	// units in a VM-friendly one make it theirs: refuse both.
	for k, st := range s.FEF {
		for _, u := range c.byHex[st.Hex] {
			if friendly[u.Hex] {
				c.errf("%s.fef[%d]: FEF units in %s, which the scenario makes VM-friendly", where, k, u.Name)
			}
		}
	}
	// Stacking: 18 in clear and rough, 11 in forest and mountain.
	for id, n := range stack {
		h := c.hex[id]
		limit := 18
		if h.Terrain == "forest" || h.Terrain == "rough-forest" || h.Terrain == "mountain" {
			limit = 11
		}
		if n > limit {
			at := firstAt[id]
			if at == "" {
				at = where
			}
			c.errf("%s: hex %s (%s) stacks %d points, the limit is %d (Basics: Stacking)", at, id, h.Terrain, n, limit)
		}
	}
	for code, n := range used {
		if n > c.mix[code] {
			c.errf("%s: %d %s set up, the counter mix has %d (units.toml)", where, n, code, c.mix[code])
		}
	}
	if used["HO"] != 1 || used["HQ"] != 1 {
		c.errf("%s: Uncle Ho and the FEF HQ must each be set up once", where)
	}
	if used["DR"] > 0 {
		fef, vm := 0, 0
		for _, st := range s.FEF {
			fef += strings.Count(strings.Join(st.Units, ","), "DR")
		}
		for _, st := range s.VM {
			vm += strings.Count(strings.Join(st.Units, ","), "DR")
		}
		if fef > c.d.Units.SupplyDumps.FEF || vm > c.d.Units.SupplyDumps.VM {
			c.errf("%s: %d FEF and %d VM supply dumps set up, more than 15 and 9", where, fef, vm)
		}
	}
}

// gcmaArea finds an FEF-friendly montagnard urban area within 2 hexes of
// id not yet taken by another GCMA.
func (c *checker) gcmaArea(id string, vmFriendly, taken map[string]bool) string {
	r, col, _ := ParseHex(id)
	for _, u := range c.d.Map.Urban {
		ur, uc, _ := ParseHex(u.Hex)
		if c.hex[u.Hex].Montagnard && !vmFriendly[u.Hex] && !taken[u.Name] && Distance(r, col, ur, uc) <= 2 {
			return u.Name
		}
	}
	return ""
}

// distToCountry is the distance from id to the nearest hex of country.
func (c *checker) distToCountry(id, country string) int {
	r, col, _ := ParseHex(id)
	best := 1 << 30
	for _, h := range c.d.Grid.Hexes {
		if h.Country == country {
			hr, hc, _ := ParseHex(h.ID)
			best = min(best, Distance(r, col, hr, hc))
		}
	}
	return best
}
