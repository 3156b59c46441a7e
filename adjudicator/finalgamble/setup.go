package finalgamble

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator/hexgrid"
)

// Unit is one counter in a game: where it is (a sub-map's hex or a box)
// and whether it is reduced.
type Unit struct {
	ID        string `json:"id"`        // "1/2REI-1", "308-80"
	Side      string `json:"side"`      // "French", "VM"
	Formation string `json:"formation"` // French formation or VM division / independent id
	Reduced   bool   `json:"reduced,omitempty"`
	Map       string `json:"map,omitempty"` // "dbp", "isabelle"; "" in a box
	Hex       string `json:"hex,omitempty"`
	Box       string `json:"box,omitempty"`
	BoxSide   string `json:"box_side,omitempty"` // the Wounded Box's DBP or Isabelle side
	Disorg    bool   `json:"disorg,omitempty"`   // a VM unit's second step loss (1.7-A)
	Shaken    bool   `json:"shaken,omitempty"`   // a Shaken Marker (2.2, 4.3, 6.3, 8.3)
	Isolated  bool   `json:"isolated,omitempty"` // an Isolation Marker (4.4, 8.4)
}

// Where names the unit's place for players: "E2 (1118)", "hex 0712", "Gone".
func (u Unit) Where(d *Data) string {
	if u.Box != "" {
		if u.Box == "Wounded Square" {
			return "the Wounded Square"
		}
		return u.Box
	}
	m := d.Map.sub(u.Map)
	if h := m.Hex(u.Hex); h != nil && h.Strong != "" {
		return h.Strong + " (" + mapPrefix(u.Map) + u.Hex + ")"
	}
	return "hex " + mapPrefix(u.Map) + u.Hex
}

func mapPrefix(m string) string {
	if m == "isabelle" {
		return "I"
	}
	return ""
}

func (m *MapFile) sub(name string) *SubMap {
	if name == "isabelle" {
		return &m.Isabelle
	}
	return &m.DBP
}

// Setup is a scenario's start (9.0): every counter placed, flags, Trench
// and Dig Markers, the tracks' letters.
type Setup struct {
	Scenario string            `json:"scenario"`
	Turn     int               `json:"turn"`
	Units    []Unit            `json:"units"`
	Flags    map[string]string `json:"flags"` // strongpoint code -> "VM" or "French"
	Trench   map[string]int    `json:"trench"`
	Dig      map[string]int    `json:"dig,omitempty"`
	// Outposts that no longer exist (in a Trench or Dig Zone, 9.0-G)
	OutpostsGone []string       `json:"outposts_gone,omitempty"`
	Tracks       map[string]int `json:"tracks"`
	// DivisionMorale: each division's slot on the VM Division Morale Track
	DivisionMorale map[string]int `json:"division_morale"`
	HQ             int            `json:"hq"`             // the Reinforcements Available Chart's HQ slot
	Reinforcements []string       `json:"reinforcements"` // formations left in its column, top first
	// Markers in boxes at the start (9.0-E, 9.0-F): box -> what, e.g.
	// "French Artillery Zone Markers" -> ["2/4RAC", "2/4RAC (reduced)"]
	Markers map[string][]string `json:"markers"`
	// Wounded Square: units to share out, ToWounded of them to the Wounded
	// Box, France and VM alternating (9.0-D), the rest to Gone.
	ToWounded int `json:"to_wounded,omitempty"`
	// Edition: the rules and data the game is played with (edition.go);
	// 0 in a state stored before editions, which plays edition 1.
	Edition int `json:"edition,omitempty"`
}

// TrenchZone tells whether hex h is in a Trench Zone of s (1.4-B).
func (s *Setup) TrenchZone(h *Hex) bool {
	return h.Sector != "" && h.Zone <= s.Trench[h.Sector]
}

// DigZone tells whether hex h is in a Dig Zone of s (1.4-B).
func (s *Setup) DigZone(h *Hex) bool {
	return h.Sector != "" && s.Dig[h.Sector] != 0 && h.Zone == s.Dig[h.Sector]
}

// Points is a strongpoint's or structure's value: its hexes (1.4-F).
func (sp *Strongpt) Points() int { return len(sp.Hexes) }

// setup checks scenario id's French set-up against the map and builds the
// start; the set-up's free choices (which hex of a strongpoint, the VM's
// hexes in its Trench Zones, which VM units are reduced) are made by the
// default of RULINGS.md F1 until the rules of play ask the players.
func (c *checker) setup(id string, sc *ScenarioData) *Setup {
	f := "scenarios.toml"
	at := []any{"scenario", id}
	d := c.d
	s := &Setup{Scenario: id, Turn: sc.Turn, Flags: map[string]string{}, Trench: map[string]int{}, Dig: map[string]int{},
		Tracks: map[string]int{}, DivisionMorale: map[string]int{}}
	for k, v := range sc.Trench {
		s.Trench[k] = v
	}
	for k, v := range sc.Dig {
		s.Dig[k] = v
	}
	// 1.4-D, 9.0-G: strongpoints in the Trench Zones are the VM's, with
	// those the scenario names; a French flag where it says so.
	for _, name := range []string{"dbp", "isabelle"} {
		m := d.Map.sub(name)
		for _, sp := range m.Strongs {
			for _, hid := range sp.Hexes {
				if s.TrenchZone(m.Hex(hid)) {
					s.Flags[sp.Code] = "VM"
				}
			}
		}
		for _, st := range m.Structures {
			if s.TrenchZone(m.Hex(st.Hex)) {
				s.Flags[st.Name] = "VM"
			}
		}
		for _, o := range m.Outposts {
			h := m.Hex(o)
			if s.TrenchZone(h) || s.DigZone(h) {
				s.OutpostsGone = append(s.OutpostsGone, mapPrefix(name)+o)
			}
		}
	}
	for _, code := range sc.VMFlags {
		s.Flags[code] = "VM"
	}
	for i, code := range sc.FrenchFlags {
		if s.Flags[code] != "VM" {
			c.errf(f, append(at, "french_flags", i), "scenario "+id, fmt.Sprintf("french_flags[%d]", i), "%s is not in a Trench Zone: a French flag marks a strongpoint retaken (1.4-D)", code)
		}
		s.Flags[code] = "French"
	}
	// the French (9.0-C)
	stack := map[string]int{} // "dbp:1118" -> French units
	dots := 0
	var reinf []string
	for _, fm := range d.Units.Formations {
		entries, ok := sc.French[fm.ID]
		fat := append(append([]any{}, at...), "french", fm.ID)
		if !ok {
			c.errf(f, append(at, "french"), "scenario "+id, "french", "no Setup Section for formation %s", fm.ID)
			continue
		}
		if len(entries) != fm.Counters {
			c.errf(f, fat, "scenario "+id, fm.ID, "%d entries for %d counters (9.0-C: one a counter)", len(entries), fm.Counters)
			continue
		}
		status := ""
		for i, e := range entries {
			u := Unit{ID: fmt.Sprintf("%s-%d", fm.ID, i+1), Side: "French", Formation: fm.ID}
			code := e
			if rest, ok := strings.CutPrefix(e, "r:"); ok {
				u.Reduced, code = true, rest
			}
			switch code {
			case "gone":
				u.Box = "Gone"
			case "dot":
				u.Box = "Wounded Square"
				dots++
			case "reinforcement", "condor", "standby":
				if status != "" && status != code {
					c.errf(f, fat, "scenario "+id, fmt.Sprintf("%s[%d]", fm.ID, i), "%q: a formation is a %s as a whole (9.0-C)", e, status)
				}
				status = code
				u.Box = map[string]string{"reinforcement": "Reinforcements Available", "condor": "Condor Force", "standby": "Standby"}[code]
			default:
				name := c.where[code]
				if name == "" {
					c.errf(f, fat, "scenario "+id, fmt.Sprintf("%s[%d]", fm.ID, i), "%q is no strongpoint code and not gone, dot, reinforcement, condor or standby (9.0-C)", e)
					continue
				}
				if s.Flags[code] == "VM" {
					c.errf(f, fat, "scenario "+id, fmt.Sprintf("%s[%d]", fm.ID, i), "%s is the VM's in scenario %s (a Trench Zone or its flag, 9.0-G)", code, id)
					continue
				}
				m := d.Map.sub(name)
				placed := false
				for _, hid := range m.Strongpoint(code).Hexes {
					if stack[name+":"+hid] < 3 {
						stack[name+":"+hid]++
						u.Map, u.Hex, placed = name, hid, true
						break
					}
				}
				if !placed {
					c.errf(f, fat, "scenario "+id, fmt.Sprintf("%s[%d]", fm.ID, i), "no room at %s: its %d hexes hold 3 French units each (1.6)", code, len(m.Strongpoint(code).Hexes))
					continue
				}
			}
			if u.Reduced && u.Map == "" && u.Box != "Wounded Square" {
				c.errf(f, fat, "scenario "+id, fmt.Sprintf("%s[%d]", fm.ID, i), "%q: a red band is for a unit set up in a strongpoint", e)
			}
			s.Units = append(s.Units, u)
		}
		if status == "reinforcement" {
			reinf = append(reinf, fm.ID)
		}
	}
	ws := sc.WoundedSquare
	if ws.Units != dots || ws.ToWounded+ws.ToGone != ws.Units || ws.ToWounded < 0 || ws.ToGone < 0 {
		c.errf(f, append(at, "wounded_square"), "scenario "+id, "wounded_square", "units %d, to_wounded %d, to_gone %d: the pile is the %d dots of the Setup Sections, shared out in full (9.0-D)", ws.Units, ws.ToWounded, ws.ToGone, dots)
	}
	if id == "A" && dots > 0 {
		c.errf(f, append(at, "french"), "scenario A", "french", "%d dots: the Wounded Square is empty in scenario A (9.0-D)", dots)
	}
	s.ToWounded = ws.ToWounded
	// the Reinforcements Available Chart's column holds exactly the
	// formations set up as "reinforcement", in the chart's order
	var col []string
	for _, cl := range d.Tracks.Reinforcements.Column {
		if slices.Contains(reinf, cl.Formation) {
			col = append(col, cl.Formation)
		}
	}
	if len(col) != len(reinf) {
		c.errf("tracks.toml", []any{"reinforcements", "column"}, "reinforcements", "column", "scenario %s sets up %s as reinforcements; the column holds %d of them", id, strings.Join(reinf, ", "), len(col))
	}
	s.Reinforcements = col
	// 1.4-F: the Strongpoints Track is the French-held points at DBP less
	// the deficit (tracks.toml says why)
	held := 0
	for _, sp := range d.Map.DBP.Strongs {
		if s.Flags[sp.Code] != "VM" {
			held += sp.Points()
		}
	}
	for _, st := range d.Map.DBP.Structures {
		if s.Flags[st.Name] != "VM" {
			held++
		}
	}
	tr := d.Tracks.Strongpoints
	if want := held - tr.Deficit; tr.Start[id] != want {
		c.errf("tracks.toml", []any{"strongpoints", "start", id}, "strongpoints", "start", "scenario %s starts at %d, but France holds %d points at DBP (less the deficit %d: %d) (1.4-F)", id, tr.Start[id], held, tr.Deficit, want)
	}
	s.Tracks["strongpoints"] = tr.Start[id]
	for _, t := range d.Tracks.Tracks {
		s.Tracks[t.ID] = t.Start[id]
	}
	for _, dv := range d.Units.VM.Divisions {
		s.DivisionMorale[dv.ID] = d.Tracks.DivisionMorale.Start[id]
	}
	s.HQ = d.Tracks.Reinforcements.HQStart[id]
	s.Markers = markers(d, s)
	c.placeVM(id, sc, s, stack)
	return s
}

// placeVM sets the VM up (9.0-F): the scenario's box units, the rest in
// any hex of a Trench Zone (not a Dig Zone) of their sector at DBP, or of a
// strongpoint the scenario lets them use, not in French ZoC, one a hex.
func (c *checker) placeVM(id string, sc *ScenarioData, s *Setup, french map[string]int) {
	f := "scenarios.toml"
	d := c.d
	m := &d.Map.DBP
	zoc := map[string]bool{}
	for k := range french {
		name, hid, _ := strings.Cut(k, ":")
		if name != "dbp" {
			continue
		}
		h := m.Hex(hid)
		for _, n := range neighbors(h.Row, h.Col) {
			zoc[n] = true
		}
		zoc[hid] = true
	}
	used := map[string]bool{}
	// the middle of the Supply Area: the camp the VM faces
	var sr, sc2, sn int
	for _, h := range m.Hexes() {
		if h.Supply {
			sr, sc2, sn = sr+h.Row, sc2+h.Col, sn+1
		}
	}
	cr, cc := 0, 0
	if sn > 0 {
		cr, cc = sr/sn, sc2/sn
	}
	type group struct {
		owner string
		bns   []string
		str   [2]int
	}
	var groups []group
	for _, dv := range d.Units.VM.Divisions {
		g := group{owner: dv.ID, str: dv.Strength}
		for _, r := range dv.Regiments {
			g.bns = append(g.bns, r.Battalions...)
		}
		groups = append(groups, g)
	}
	for _, in := range d.Units.VM.Independent {
		groups = append(groups, group{owner: in.ID, bns: in.Battalions, str: in.Strength})
	}
	for _, g := range groups {
		reduce := sc.VMReduced[g.owner]
		var free []*Hex
		for _, h := range m.Hexes() {
			inSector := h.Sector == g.owner && s.TrenchZone(h)
			extra := h.Strong != "" && slices.Contains(sc.VMFlags, h.Strong) && h.Sector == g.owner
			if (inSector || extra) && !s.DigZone(h) && !zoc[h.ID] {
				free = append(free, h)
			}
		}
		// the default of RULINGS F1: the deepest zone first, then nearest
		// the Supply Area, then the hex ids
		sort.SliceStable(free, func(i, j int) bool {
			if free[i].Zone != free[j].Zone {
				return free[i].Zone > free[j].Zone
			}
			di, dj := hexgrid.Distance(free[i].Row, free[i].Col, cr, cc), hexgrid.Distance(free[j].Row, free[j].Col, cr, cc)
			if di != dj {
				return di < dj
			}
			return free[i].ID < free[j].ID
		})
		// and a hex apart from the division's units already placed, while
		// there is one
		pick := func() *Hex {
			var first *Hex
			for _, h := range free {
				if used[h.ID] {
					continue
				}
				if first == nil {
					first = h
				}
				apart := true
				for _, n := range hexNeighbors(h.Row, h.Col) {
					if used[n] {
						apart = false
						break
					}
				}
				if apart {
					return h
				}
			}
			return first
		}
		for _, bn := range g.bns {
			u := Unit{ID: g.owner + "-" + bn, Side: "VM", Formation: g.owner}
			if g.owner == "148" || g.owner == "PL" {
				u.ID = bn
			}
			if box, ok := sc.VMBoxes[bn]; ok {
				u.Box = box
			} else {
				at := pick()
				if at == nil {
					c.errf(f, []any{"scenario", id, "trench"}, "scenario "+id, "trench", "no free hex for VM battalion %s in the Trench Zones of sector %s (9.0-F)", bn, g.owner)
					continue
				}
				used[at.ID] = true
				u.Map, u.Hex = "dbp", at.ID
			}
			if reduce > 0 && u.Box != "VM Reinforcements" {
				u.Reduced = true
				reduce--
			}
			s.Units = append(s.Units, u)
		}
		if reduce > 0 {
			c.errf(f, []any{"scenario", id, "vm_reduced"}, "scenario "+id, "vm_reduced", "division %s: %d more to reduce than set up (not from reinforcements, 9.0-F)", g.owner, reduce)
		}
	}
}

// markers are the markers 9.0-E and 9.0-F put in boxes: the French Zone
// Markers less those 1.10 flips or removes for the artillery's losses at
// the start, the VM's, the Commando, the Airstrike, the Replacement unit
// and the Supply Markers.
func markers(d *Data, s *Setup) map[string][]string {
	out := map[string][]string{}
	lost := map[string]int{} // formation -> steps lost
	for _, u := range s.Units {
		switch {
		case u.Side != "French":
		case u.Box == "Gone" || u.Box == "Wounded Square":
			lost[u.Formation] += 2
		case u.Reduced:
			lost[u.Formation]++
		}
	}
	fz := "French Artillery Zone Markers"
	for _, fm := range d.Units.Formations {
		if fm.ZoneMarkers == 0 {
			continue
		}
		n, l := fm.ZoneMarkers, lost[fm.ID]
		if l >= 2*fm.Counters {
			continue // 1.10: all steps eliminated, all its Zone Markers removed
		}
		ms := make([]string, n)
		for i := range ms {
			ms[i] = fm.ID
		}
		switch {
		case l >= 5 && n >= 2:
			ms = []string{fm.ID + " (reduced)"}
		case l >= 4 && n >= 2:
			ms = ms[:1]
		case l >= 1:
			ms[0] += " (reduced)"
		}
		out[fz] = append(out[fz], ms...)
	}
	mk := d.Units.Markers
	add := func(box, what string, n int) {
		for i := 0; i < n; i++ {
			out[box] = append(out[box], what)
		}
	}
	add("VM Artillery Zone Markers", "Zone", mk.ZoneVM)
	add("VM Artillery Zone Markers", "HW Zone", mk.HWZoneVM)
	add("Commando", "Commando", mk.Commando)
	add("Airstrike", "Airstrike", mk.Airstrike)
	add("Hanoi Airbase", "Replacement", mk.Replacement)
	for _, k := range []string{"ammo", "food", "fuel", "medicine"} {
		add("Hanoi Airbase", map[string]string{"ammo": "Ammo", "food": "Food & Bullets", "fuel": "Fuel & Spares", "medicine": "Medicine"}[k], mk.Supply[k])
	}
	return out
}

func neighbors(row, col int) []string { return hexNeighbors(row, col) }

func hexNeighbors(row, col int) []string {
	ns := hexgrid.Neighbors(row, col)
	out := make([]string, 0, 6)
	for _, n := range ns {
		out = append(out, hexgrid.ID(n[0], n[1]))
	}
	return out
}
