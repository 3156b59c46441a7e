package finalgamble

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator/dataload"
	"github.com/umpirebot/umpire/adjudicator/hexgrid"
)

// checker holds one load's cross-file checks; every fault names file,
// line and field through the loader.
type checker struct {
	d *Data
	l *dataload.Loader
	// strongpoint and structure codes to their sub-map ("dbp", "isabelle")
	where   map[string]string
	forms   map[string]*Formation
	vmUnits map[string]string // battalion -> division or independent id
	boxes   map[string]*Box
}

func (c *checker) errf(file string, path []any, where, field, format string, a ...any) {
	c.l.Errorf(file, path, where, field, format, a...)
}

func check(d *Data, l *dataload.Loader) {
	c := &checker{d: d, l: l, where: map[string]string{}, forms: map[string]*Formation{},
		vmUnits: map[string]string{}, boxes: map[string]*Box{}}
	c.provenance()
	hills := map[string]bool{}
	for i, h := range d.Map.Hills {
		if h.ID == "" || len(h.ID) != 1 || h.ID == "." || hills[h.ID] {
			c.errf("map.toml", []any{"hill", i, "id"}, "hill "+h.Name, "id", "%q: a hill's id is one character, not \".\", used once", h.ID)
		}
		hills[h.ID] = true
	}
	c.subMap("dbp", &d.Map.DBP, hills)
	c.subMap("isabelle", &d.Map.Isabelle, hills)
	c.boxesFile()
	c.unitsFile()
	c.tracksFile()
	c.charts()
	if c.l.Err() == nil {
		c.scenarios()
	}
}

func (c *checker) provenance() {
	type p struct {
		file string
		path []any
		mark string
	}
	ps := []p{{"map.toml", nil, c.d.Map.Provenance}, {"boxes.toml", nil, c.d.Boxes.Provenance},
		{"units.toml", nil, c.d.Units.Provenance}, {"units.toml", []any{"vm"}, c.d.Units.VM.Provenance},
		{"units.toml", []any{"markers"}, c.d.Units.Markers.Provenance},
		{"tracks.toml", []any{"game_turn"}, c.d.Tracks.GameTurn.Provenance},
		{"tracks.toml", []any{"strongpoints"}, c.d.Tracks.Strongpoints.Provenance},
		{"tracks.toml", []any{"division_morale"}, c.d.Tracks.DivisionMorale.Provenance},
		{"tracks.toml", []any{"reinforcements"}, c.d.Tracks.Reinforcements.Provenance},
		{"tracks.toml", []any{"terrain_effects"}, c.d.Tracks.Terrain.Provenance},
		{"scenarios.toml", nil, c.d.Scenarios.Provenance}}
	for i, t := range c.d.Tracks.Tracks {
		ps = append(ps, p{"tracks.toml", []any{"track", i}, t.Provenance})
	}
	for _, x := range ps {
		c.l.Provenance(x.file, append(x.path, "provenance"), "", x.mark)
	}
}

// subMap builds the hexes of a sub-map from its layers and checks every
// hex and hexside it names.
func (c *checker) subMap(name string, m *SubMap, hills map[string]bool) {
	f := "map.toml"
	m.hexes = map[string]*Hex{}
	if m.Rows < 2 || m.Rows > 99 || m.Cols < 2 || m.Cols > 99 {
		c.errf(f, []any{name, "rows"}, name, "rows", "a grid of %d x %d: rows and cols are 2 to 99", m.Rows, m.Cols)
		return
	}
	layers := []struct {
		key   string
		rows  []string
		legal func(ch byte) bool
		want  string
	}{
		{"terrain", m.Terrain, func(ch byte) bool { return ch == '.' || ch == 'f' }, `"." field or "f" forest`},
		{"hills", m.Hills, func(ch byte) bool { return ch == '.' || hills[string(ch)] }, `"." or a [[hill]] id`},
		{"sectors", m.Sectors, func(ch byte) bool { return strings.IndexByte(".8264", ch) >= 0 }, `"8", "2", "6", "4" or "."`},
		{"zones", m.Zones, func(ch byte) bool { return ch == '.' || ch >= '1' && ch <= '9' }, `"1"-"9" or "."`},
		{"supply", m.Supply, func(ch byte) bool { return ch == '.' || ch == 'S' }, `"S" or "."`},
	}
	ok := true
	for _, ly := range layers {
		if len(ly.rows) != m.Rows {
			c.errf(f, []any{name, ly.key}, name, ly.key, "%d rows, want %d (rows)", len(ly.rows), m.Rows)
			ok = false
			continue
		}
		for i, s := range ly.rows {
			row := m.Rows - i
			if len(s) != m.Cols {
				c.errf(f, []any{name, ly.key, i}, name, fmt.Sprintf("%s[%d]", ly.key, i), "row %02d has %d hexes, want %d (cols)", row, len(s), m.Cols)
				ok = false
				continue
			}
			for j := 0; j < len(s); j++ {
				if !ly.legal(s[j]) {
					c.errf(f, []any{name, ly.key, i}, name, fmt.Sprintf("%s[%d]", ly.key, i), "hex %s: %q is not %s", hexgrid.ID(row, j+1), s[j], ly.want)
					ok = false
				}
			}
		}
	}
	if !ok {
		return
	}
	secOf := map[byte]string{'8': "308", '2': "312", '6': "316", '4': "304"}
	for i := 0; i < m.Rows; i++ {
		row := m.Rows - i
		for col := 1; col <= m.Cols; col++ {
			j := col - 1
			h := &Hex{ID: hexgrid.ID(row, col), Row: row, Col: col, Forest: m.Terrain[i][j] == 'f',
				Supply: m.Supply[i][j] == 'S', Edge: row == 1 || row == m.Rows || col == 1 || col == m.Cols}
			if ch := m.Hills[i][j]; ch != '.' {
				h.Hill = string(ch)
			}
			h.Sector = secOf[m.Sectors[i][j]]
			if ch := m.Zones[i][j]; ch != '.' {
				h.Zone = int(ch - '0')
			}
			if (h.Sector == "") != (h.Zone == 0) {
				c.errf(f, []any{name, "zones", i}, name, fmt.Sprintf("zones[%d]", i), "hex %s: a hex has a sector and a zone, or neither (the central area)", h.ID)
			}
			m.hexes[h.ID] = h
		}
	}
	hexAt := func(key string, idx int, id string) *Hex {
		h := m.hexes[id]
		if h == nil {
			c.errf(f, []any{name, key, idx}, name, fmt.Sprintf("%s[%d]", key, idx), "no hex %q on %s (rows 01-%02d, cols 01-%02d)", id, name, m.Rows, m.Cols)
		}
		return h
	}
	sides := func(key string, list []string) map[string]bool {
		set := map[string]bool{}
		for i, s := range list {
			a, b, _ := strings.Cut(s, "/")
			if hexAt(key, i, a) == nil || hexAt(key, i, b) == nil {
				continue
			}
			side, ok := hexgrid.Side(a, b)
			if !ok || side != s {
				c.errf(f, []any{name, key, i}, name, fmt.Sprintf("%s[%d]", key, i), "%q is not a hexside: two neighbouring hexes, the lower id first", s)
				continue
			}
			if set[s] {
				c.errf(f, []any{name, key, i}, name, fmt.Sprintf("%s[%d]", key, i), "hexside %s twice", s)
			}
			set[s] = true
		}
		return set
	}
	river := sides("river", m.River)
	for i, s := range m.Bridges {
		if !sides("bridges", []string{s})[s] {
			continue
		}
		if !river[s] {
			c.errf(f, []any{name, "bridges", i}, name, fmt.Sprintf("bridges[%d]", i), "bridge %s is not on the river (1.5-B: a bridge negates the cost of crossing a river)", s)
		}
	}
	heavy := sides("heavy_wire", m.HeavyWire)
	for i, s := range m.LightWire {
		if heavy[s] {
			c.errf(f, []any{name, "light_wire", i}, name, fmt.Sprintf("light_wire[%d]", i), "hexside %s has heavy wire already", s)
		}
	}
	sides("light_wire", m.LightWire)
	for i, id := range m.Airstrip {
		if h := hexAt("airstrip", i, id); h != nil {
			h.Airstrip = true
		}
	}
	for i, r := range m.Roads {
		for k, id := range r.Hexes {
			if hexAt("road", i, id) == nil {
				continue
			}
			if k > 0 && !hexgrid.AdjacentIDs(r.Hexes[k-1], id) {
				c.errf(f, []any{name, "road", i, "hexes", k}, "road "+r.ID, fmt.Sprintf("hexes[%d]", k), "%s does not touch %s: a road is a chain of neighbouring hexes", id, r.Hexes[k-1])
			}
		}
	}
	for i := range m.Strongs {
		s := &m.Strongs[i]
		at := []any{name, "strongpoint", i}
		if s.Code == "" || c.where[s.Code] != "" {
			c.errf(f, append(at, "code"), "strongpoint "+s.Name, "code", "%q: every strongpoint has a code of its own", s.Code)
		}
		c.where[s.Code] = name
		if len(s.Hexes) < 1 || len(s.Hexes) > 4 {
			c.errf(f, append(at, "hexes"), "strongpoint "+s.Code, "hexes", "%d hexes: a strongpoint is one to four hexes (1.4-A)", len(s.Hexes))
		}
		var hs []hexgrid.Hex
		for k, id := range s.Hexes {
			h := m.hexes[id]
			if h == nil {
				c.errf(f, append(at, "hexes", k), "strongpoint "+s.Code, fmt.Sprintf("hexes[%d]", k), "no hex %q on %s", id, name)
				continue
			}
			if h.Strong != "" {
				c.errf(f, append(at, "hexes", k), "strongpoint "+s.Code, fmt.Sprintf("hexes[%d]", k), "hex %s is in strongpoint %s already", id, h.Strong)
			}
			h.Strong = s.Code
			hs = append(hs, hexgrid.Hex{Row: h.Row, Col: h.Col})
		}
		if !hexgrid.Connected(hs) {
			c.errf(f, append(at, "hexes"), "strongpoint "+s.Code, "hexes", "the hexes %s do not touch: a strongpoint is a single trench (1.4-A)", strings.Join(s.Hexes, ", "))
		}
	}
	for i, s := range m.Structures {
		at := []any{name, "structure", i}
		if !slices.Contains(StructureKinds, s.Kind) {
			c.errf(f, append(at, "kind"), "structure "+s.Name, "kind", "%q: a structure is one of %s (1.4-A)", s.Kind, strings.Join(StructureKinds, ", "))
		}
		h := m.hexes[s.Hex]
		if h == nil {
			c.errf(f, append(at, "hex"), "structure "+s.Name, "hex", "no hex %q on %s", s.Hex, name)
			continue
		}
		if h.Strong != "" || h.Struct != "" {
			c.errf(f, append(at, "hex"), "structure "+s.Name, "hex", "hex %s holds a strongpoint or structure already", s.Hex)
		}
		h.Struct = s.Kind
	}
	for i, id := range m.Outposts {
		if h := hexAt("outposts", i, id); h != nil {
			if h.Strong != "" || h.Struct != "" {
				c.errf(f, []any{name, "outposts", i}, name, fmt.Sprintf("outposts[%d]", i), "hex %s holds a strongpoint or structure: an outpost is a hex of its own", id)
			}
			h.Outpost = true
		}
	}
	supply := 0
	for _, h := range m.hexes {
		if h.Supply {
			supply++
		}
	}
	if supply == 0 {
		c.errf(f, []any{name, "supply"}, name, "supply", "no hex of a French Supply Area (1.3-D: one at DBP, one at Isabelle)")
	}
}

// ZoneCount is how many zones a sector has on a sub-map.
func (m *SubMap) ZoneCount(sector string) int {
	n := 0
	for _, h := range m.hexes {
		if h.Sector == sector && h.Zone > n {
			n = h.Zone
		}
	}
	return n
}

func (c *checker) boxesFile() {
	f := "boxes.toml"
	for i := range c.d.Boxes.Boxes {
		b := &c.d.Boxes.Boxes[i]
		if b.ID == "" || c.boxes[b.ID] != nil || b.ID == "DBP" || b.ID == "Isabelle" {
			c.errf(f, []any{"box", i, "id"}, "box "+b.ID, "id", "%q: every box has an id of its own (not DBP or Isabelle, the maps)", b.ID)
		}
		c.boxes[b.ID] = b
		if b.Kind != "move" && b.Kind != "holding" {
			c.errf(f, []any{"box", i, "kind"}, "box "+b.ID, "kind", "%q: want \"move\" or \"holding\"", b.Kind)
		}
		if b.Sector != "" && (b.Sector != "304" || b.Zone < 1) {
			c.errf(f, []any{"box", i, "sector"}, "box "+b.ID, "sector", "only Sector 304 has boxes, each with its zone (1.3-E)")
		}
	}
	for _, want := range []string{"1z-304", "2z-304", "Laos 1", "Laos 2", "VM Off-Map", "Pulled-Back", "Removed", "VM Reinforcements", "Hanoi Airbase", "Standby", "Condor Force", "Wounded", "Gone", "Commando", "Airstrike"} {
		if c.boxes[want] == nil {
			c.errf(f, nil, "", "box", "no box %q: the rules name it", want)
		}
	}
	for i, a := range c.d.Boxes.Arrows {
		for _, end := range []struct{ k, v string }{{"from", a.From}, {"to", a.To}} {
			if c.boxes[end.v] == nil && end.v != "DBP" && end.v != "Isabelle" {
				c.errf(f, []any{"arrow", i, end.k}, "arrow "+a.From+" -> "+a.To, end.k, "%q is no box and no map (DBP, Isabelle)", end.v)
			}
		}
		if a.Color != "blue" && a.Color != "red" && a.Color != "gray" {
			c.errf(f, []any{"arrow", i, "color"}, "arrow "+a.From+" -> "+a.To, "color", "%q: blue (France only), red (VM only) or gray (both) (1.3-F)", a.Color)
		}
	}
}

func (c *checker) unitsFile() {
	f := "units.toml"
	for i := range c.d.Units.Formations {
		fm := &c.d.Units.Formations[i]
		at := []any{"formation", i}
		if fm.ID == "" || c.forms[fm.ID] != nil {
			c.errf(f, append(at, "id"), "formation "+fm.Name, "id", "%q: every formation has an id of its own", fm.ID)
		}
		c.forms[fm.ID] = fm
		if fm.Kind != "inf" && fm.Kind != "tank" && fm.Kind != "art" {
			c.errf(f, append(at, "kind"), "formation "+fm.ID, "kind", "%q: inf, tank or art", fm.Kind)
		}
		if fm.Counters < 1 || fm.Counters > 4 {
			c.errf(f, append(at, "counters"), "formation "+fm.ID, "counters", "%d: a formation has 1 to 4 counters (9.0-C)", fm.Counters)
		}
		if fm.Strength[1] < 1 || fm.Strength[1] >= fm.Strength[0] {
			c.errf(f, append(at, "strength"), "formation "+fm.ID, "strength", "%v: [full, reduced], reduced at least 1 and less than full", fm.Strength)
		}
		if fm.Morale < 1 || fm.Morale > 6 {
			c.errf(f, append(at, "morale"), "formation "+fm.ID, "morale", "%d: 1 to 6", fm.Morale)
		}
	}
	zm := 0
	for i, fm := range c.d.Units.Formations {
		if (fm.Kind == "art") != (fm.ZoneMarkers > 0) || fm.ZoneMarkers >= fm.Counters && fm.Kind == "art" {
			c.errf(f, []any{"formation", i, "zone_markers"}, "formation "+fm.ID, "zone_markers", "%d: an artillery formation has Zone Markers, fewer than its units (1.10); no other has any", fm.ZoneMarkers)
		}
		zm += fm.ZoneMarkers
	}
	if zm != c.d.Units.Markers.ZoneFrench {
		c.errf(f, []any{"markers", "zone_french"}, "markers", "zone_french", "%d French Zone Markers, but the artillery formations have %d", c.d.Units.Markers.ZoneFrench, zm)
	}
	for _, k := range []string{"ammo", "food", "fuel", "medicine"} {
		if c.d.Units.Markers.Supply[k] < 1 {
			c.errf(f, []any{"markers", "supply"}, "markers", "supply", "no %s Supply Marker (5.4: Ammo, Food & Bullets, Medicine, Fuel & Spares)", k)
		}
	}
	add := func(bn, owner string, at []any, where string) {
		if bn == "" || c.vmUnits[bn] != "" {
			c.errf(f, at, where, "battalions", "battalion %q named twice (or empty)", bn)
		}
		c.vmUnits[bn] = owner
	}
	vm := c.d.Units.VM
	for i, dv := range vm.Divisions {
		if dv.Strength[1] <= vm.DisorgStrength || dv.Strength[1] >= dv.Strength[0] {
			c.errf(f, []any{"vm", "division", i, "strength"}, "division "+dv.ID, "strength", "%v: reduced must be below full and above Disorg's %d (1.7-A: a decrease)", dv.Strength, vm.DisorgStrength)
		}
		for j, r := range dv.Regiments {
			if len(r.Battalions) != 3 {
				c.errf(f, []any{"vm", "division", i, "regiments", j}, "division "+dv.ID, fmt.Sprintf("regiments[%d]", j), "regiment %s has %d battalions: three (1.1)", r.ID, len(r.Battalions))
			}
			for _, bn := range r.Battalions {
				add(bn, dv.ID, []any{"vm", "division", i, "regiments", j}, "division "+dv.ID)
			}
		}
	}
	for i, in := range vm.Independent {
		for _, bn := range in.Battalions {
			add(bn, in.ID, []any{"vm", "independent", i, "battalions"}, in.ID)
		}
	}
	for _, s := range []string{"308", "312", "316"} {
		n := 0
		for _, o := range c.vmUnits {
			if o == s {
				n++
			}
		}
		if n != 9 {
			c.errf(f, []any{"vm"}, "vm", "division", "division %s has %d battalions: nine share a colour band (1.1)", s, n)
		}
	}
}

func (c *checker) tracksFile() {
	f := "tracks.toml"
	t := &c.d.Tracks
	seen := map[string]int{}
	for i, tu := range t.GameTurn.Turns {
		at := []any{"game_turn", "turn", i}
		if tu.N != i+1 {
			c.errf(f, append(at, "n"), fmt.Sprintf("turn %d", tu.N), "n", "turn %d in slot %d: numbered 1, 2, ... in order", tu.N, i+1)
		}
		if tu.Period != "dry" && tu.Period != "rain" && tu.Period != "monsoon" {
			c.errf(f, append(at, "period"), fmt.Sprintf("turn %d", tu.N), "period", "%q: dry, rain or monsoon (1.2)", tu.Period)
		}
		if i > 0 && periodRank(tu.Period) < periodRank(t.GameTurn.Turns[i-1].Period) {
			c.errf(f, append(at, "period"), fmt.Sprintf("turn %d", tu.N), "period", "%s after %s: the periods run Dry, Rain, Monsoon (1.2)", tu.Period, t.GameTurn.Turns[i-1].Period)
		}
		if tu.Scenario != "" {
			if _, dup := seen[tu.Scenario]; dup || !slices.Contains(ScenarioIDs, tu.Scenario) {
				c.errf(f, append(at, "scenario"), fmt.Sprintf("turn %d", tu.N), "scenario", "%q: A, B, C or D, once each", tu.Scenario)
			}
			seen[tu.Scenario] = tu.N
		}
	}
	if n := len(t.GameTurn.Turns); n == 0 || t.GameTurn.Turns[n-1].Dates != "12-14 May" {
		c.errf(f, []any{"game_turn"}, "game_turn", "turn", "the last turn is 12-14 May (5.1: France wins if it has not surrendered by then)")
	}
	starts := func(path []any, where string, m map[string]int, lo, hi int) {
		for _, s := range ScenarioIDs {
			v, ok := m[s]
			if !ok {
				c.errf(f, path, where, "start", "no start for scenario %s (9.0-B: every track has the four letters)", s)
			} else if v < lo || v > hi {
				c.errf(f, path, where, "start", "scenario %s starts at %d, off the track (%d-%d)", s, v, lo, hi)
			}
		}
		for k := range m {
			if !slices.Contains(ScenarioIDs, k) {
				c.errf(f, path, where, "start", "%q is no scenario (A-D)", k)
			}
		}
	}
	sp := t.Strongpoints
	starts([]any{"strongpoints", "start"}, "strongpoints", sp.Start, sp.Min, sp.Max)
	ids := map[string]bool{}
	for i, tr := range t.Tracks {
		if ids[tr.ID] || tr.ID == "" {
			c.errf(f, []any{"track", i, "id"}, "track "+tr.ID, "id", "%q: every track has an id of its own", tr.ID)
		}
		ids[tr.ID] = true
		if tr.Min > tr.Max {
			c.errf(f, []any{"track", i, "max"}, "track "+tr.ID, "max", "max %d below min %d", tr.Max, tr.Min)
		}
		starts([]any{"track", i, "start"}, "track "+tr.ID, tr.Start, tr.Min, tr.Max)
	}
	dm := t.DivisionMorale
	starts([]any{"division_morale", "start"}, "division_morale", dm.Start, 0, len(dm.Slots)-1)
	for i := 1; i < len(dm.Slots); i++ {
		if dm.Slots[i] > dm.Slots[i-1] {
			c.errf(f, []any{"division_morale", "slots"}, "division_morale", "slots", "morale rises at slot %d: the track runs down (5.1-C)", i)
		}
	}
	rf := t.Reinforcements
	starts([]any{"reinforcements", "hq_start"}, "reinforcements", rf.HQStart, 0, len(rf.Slots)-1)
	for i, col := range rf.Column {
		if c.forms[col.Formation] == nil {
			c.errf(f, []any{"reinforcements", "column", i, "formation"}, "reinforcements", fmt.Sprintf("column[%d]", i), "no formation %q in units.toml", col.Formation)
		}
	}
}

func periodRank(p string) int { return map[string]int{"dry": 0, "rain": 1, "monsoon": 2}[p] }

// scenarios checks each scenario and builds its start (setup.go).
func (c *checker) scenarios() {
	f := "scenarios.toml"
	c.d.Setups = map[string]*Setup{}
	for _, id := range ScenarioIDs {
		scv, ok := c.d.Scenarios.Scenario[id]
		sc := &scv
		if !ok {
			c.errf(f, []any{"scenario"}, "scenario", id, "no scenario %s (8.6-B: A, B, C and D)", id)
			continue
		}
		at := []any{"scenario", id}
		if sc.Turn < 1 || sc.Turn > len(c.d.Tracks.GameTurn.Turns) || c.d.Tracks.GameTurn.Turns[sc.Turn-1].Scenario != id {
			c.errf(f, append(at, "turn"), "scenario "+id, "turn", "turn %d: the Game Turn Track's slot with the letter %s (tracks.toml)", sc.Turn, id)
		}
		for _, s := range Sectors {
			n := c.d.Map.DBP.ZoneCount(s)
			if s == "304" {
				n = 2 + c.d.Map.Isabelle.ZoneCount(s)
			}
			z, ok := sc.Trench[s]
			if !ok || z < 1 || z > n {
				c.errf(f, append(at, "trench"), "scenario "+id, "trench", "sector %s: the Trench Marker's zone is 1 to %d (1.4-B), not %d", s, n, z)
			}
			if dz, ok := sc.Dig[s]; ok && dz != z+1 {
				c.errf(f, append(at, "dig"), "scenario "+id, "dig", "sector %s: the Dig Zone is the zone after the Trench Zones (%d), not %d (1.4-B)", s, z+1, dz)
			}
		}
		for k := range sc.Trench {
			if !slices.Contains(Sectors, k) {
				c.errf(f, append(at, "trench"), "scenario "+id, "trench", "%q is no Division Sector (308, 312, 316, 304)", k)
			}
		}
		for _, key := range []string{"vm_flags", "french_flags"} {
			list := sc.VMFlags
			if key == "french_flags" {
				list = sc.FrenchFlags
			}
			for i, code := range list {
				if c.where[code] == "" {
					c.errf(f, append(at, key, i), "scenario "+id, fmt.Sprintf("%s[%d]", key, i), "no strongpoint %q on the map", code)
				}
			}
		}
		for dv, n := range sc.VMReduced {
			total := 0
			for _, o := range c.vmUnits {
				if o == dv {
					total++
				}
			}
			if n < 0 || n > total {
				c.errf(f, append(at, "vm_reduced"), "scenario "+id, "vm_reduced", "division %q: %d reduced of %d battalions", dv, n, total)
			}
		}
		bns := make([]string, 0, len(sc.VMBoxes))
		for bn := range sc.VMBoxes {
			bns = append(bns, bn)
		}
		sort.Strings(bns)
		for _, bn := range bns {
			if c.vmUnits[bn] == "" {
				c.errf(f, append(at, "vm_boxes", bn), "scenario "+id, "vm_boxes", "no VM battalion %q in units.toml", bn)
			}
			if c.boxes[sc.VMBoxes[bn]] == nil {
				c.errf(f, append(at, "vm_boxes", bn), "scenario "+id, "vm_boxes", "battalion %s: no box %q in boxes.toml", bn, sc.VMBoxes[bn])
			}
		}
		for fid := range sc.French {
			if c.forms[fid] == nil {
				c.errf(f, append(at, "french", fid), "scenario "+id, "french", "no formation %q in units.toml", fid)
			}
		}
		if c.l.Err() != nil {
			continue
		}
		s := c.setup(id, sc)
		c.d.Setups[id] = s
	}
}
