package lostvalley

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator/dataload"
)

// checker runs the checks across the data files; each fault names its
// file and the key path the loader turns into a line.
type checker struct {
	l *dataload.Loader
	d *Data
}

func (c *checker) errf(file string, path []any, where, field, format string, args ...any) {
	c.l.Errorf(file, path, where, field, format, args...)
}

func (c *checker) check() {
	c.board()
	c.tables()
	c.units()
	c.scenarios()
	c.cards()
}

func (c *checker) board() {
	d, f := c.d, "board.toml"
	c.l.Provenance(f, []any{"provenance"}, "", d.Board.Provenance)
	subs := map[string]bool{}
	for _, s := range d.Board.Subsectors {
		subs[s.ID] = true
	}
	for i, s := range d.Board.Subsectors {
		for j, a := range s.Adjacent {
			if !subs[a] {
				c.errf(f, []any{"subsector", i, "adjacent", j}, "subsector "+s.ID, fmt.Sprintf("adjacent[%d]", j), "unknown subsector %q", a)
			}
		}
	}
	d.crs = map[string]*CR{}
	pcs, strips := 0, 0
	for i := range d.Board.CRs {
		cr := &d.Board.CRs[i]
		where := "cr " + cr.ID
		if d.crs[cr.ID] != nil {
			c.errf(f, []any{"cr", i, "id"}, where, "id", "a second CR %s", cr.ID)
		}
		d.crs[cr.ID] = cr
		if !subs[cr.Subsector] {
			c.errf(f, []any{"cr", i, "subsector"}, where, "subsector", "unknown subsector %q (subsectors are %s)", cr.Subsector, keys(subs))
		}
		if cr.Stack[0] < 1 || cr.Stack[1] < 0 {
			c.errf(f, []any{"cr", i, "stack"}, where, "stack", "a stacking limit of [%d, %d]: at least one infantry step and no negative assets (2.2.1.3)", cr.Stack[0], cr.Stack[1])
		}
		if cr.PC {
			pcs++
			if cr.Stars != 0 {
				c.errf(f, []any{"cr", i, "stars"}, where, "stars", "PC GONO bears no star (2.2.4.1)")
			}
		} else if cr.Stars < 1 || cr.Stars > 2 {
			c.errf(f, []any{"cr", i, "stars"}, where, "stars", "%d stars: every CR but PC GONO bears one or two (2.2.4.1)", cr.Stars)
		}
		if cr.Airstrip {
			strips++
		}
	}
	if pcs != 1 {
		c.errf(f, []any{"cr"}, "", "pc", "%d CR marked pc: the map has one PC GONO (2.2.4.4)", pcs)
	}
	if strips != 1 {
		c.errf(f, []any{"cr"}, "", "airstrip", "%d CR marked airstrip: the map has one, at Huguette (2.2.1.5)", strips)
	}
	d.adj = map[string][]string{}
	seen := map[[2]string]bool{}
	for i, ln := range d.Board.Lines {
		ok := true
		for j, e := range ln {
			if d.crs[e] == nil {
				c.errf(f, []any{"lines", i, j}, "", fmt.Sprintf("lines[%d][%d]", i, j), "unknown CR %q", e)
				ok = false
			}
		}
		k := [2]string{min(ln[0], ln[1]), max(ln[0], ln[1])}
		switch {
		case !ok:
		case ln[0] == ln[1]:
			c.errf(f, []any{"lines", i}, "", fmt.Sprintf("lines[%d]", i), "a line from %s to itself", ln[0])
		case seen[k]:
			c.errf(f, []any{"lines", i}, "", fmt.Sprintf("lines[%d]", i), "a second line %s-%s", ln[0], ln[1])
		default:
			seen[k] = true
			d.adj[ln[0]] = append(d.adj[ln[0]], ln[1])
			d.adj[ln[1]] = append(d.adj[ln[1]], ln[0])
		}
	}
	for i, z := range d.Board.DZs {
		for j, h := range z.HeldBy {
			if d.crs[h] == nil {
				c.errf(f, []any{"dz", i, "held_by", j}, "dz "+z.ID, fmt.Sprintf("held_by[%d]", j), "unknown CR %q", h)
			}
		}
		for j, h := range z.Lines {
			if d.crs[h] == nil {
				c.errf(f, []any{"dz", i, "lines", j}, "dz "+z.ID, fmt.Sprintf("lines[%d]", j), "unknown CR %q", h)
			}
		}
		if len(z.HeldBy) == 0 || len(z.Lines) == 0 {
			c.errf(f, []any{"dz", i}, "dz "+z.ID, "held_by", "a drop zone needs the CR that hold it (13.2) and its lines")
		}
	}
	divs := map[int]bool{}
	orders := map[int]bool{}
	for i, v := range d.Board.Divisions {
		where := "division " + strconv.Itoa(v.ID)
		if divs[v.ID] {
			c.errf(f, []any{"division", i, "id"}, where, "id", "a second division %d", v.ID)
		}
		divs[v.ID] = true
		if v.Order < 1 || v.Order > len(d.Board.Divisions) || orders[v.Order] {
			c.errf(f, []any{"division", i, "order"}, where, "order", "order %d: each division has its own order 1-%d (2.3.2.1)", v.Order, len(d.Board.Divisions))
		}
		orders[v.Order] = true
	}
	d.taor = map[int]map[string][]string{}
	for i, t := range d.Board.TAORs {
		where := "taor division " + strconv.Itoa(t.Division)
		if !divs[t.Division] {
			c.errf(f, []any{"taor", i, "division"}, where, "division", "unknown division %d", t.Division)
			continue
		}
		if d.taor[t.Division] != nil {
			c.errf(f, []any{"taor", i, "division"}, where, "division", "a second TAOR for division %d", t.Division)
			continue
		}
		g := map[string][]string{}
		for j, ln := range t.Links {
			for k, e := range ln {
				if e != Start && d.crs[e] == nil {
					c.errf(f, []any{"taor", i, "links", j, k}, where, fmt.Sprintf("links[%d][%d]", j, k), "unknown CR %q (or %q, the starting box)", e, Start)
				}
			}
			g[ln[0]] = append(g[ln[0]], ln[1])
			g[ln[1]] = append(g[ln[1]], ln[0])
		}
		d.taor[t.Division] = g
		// 2.2.3: PC GONO is connected to all TAOR.
		if pc := d.pc(); pc != "" && !reach(g, Start)[pc] {
			c.errf(f, []any{"taor", i, "links"}, where, "links", "the path does not reach PC GONO from the starting box (2.2.3: PC GONO is connected to all TAOR)")
		}
	}
	for i, cr := range d.Board.CRs {
		on := false
		for _, g := range d.taor {
			on = on || len(g[cr.ID]) > 0
		}
		if !on {
			c.errf(f, []any{"cr", i}, "cr "+cr.ID, "", "on no TAOR path: no division could ever assault it (2.2.3)")
		}
	}
	for id := range divs {
		if d.taor[id] == nil {
			c.errf(f, []any{"division"}, "division "+strconv.Itoa(id), "", "no TAOR path")
		}
	}
}

// pc is PC GONO's id.
func (d *Data) pc() string {
	for _, cr := range d.Board.CRs {
		if cr.PC {
			return cr.ID
		}
	}
	return ""
}

func reach(g map[string][]string, from string) map[string]bool {
	seen := map[string]bool{from: true}
	q := []string{from}
	for len(q) > 0 {
		x := q[0]
		q = q[1:]
		for _, y := range g[x] {
			if !seen[y] {
				seen[y] = true
				q = append(q, y)
			}
		}
	}
	return seen
}

func keys[V any](m map[string]V) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

func (c *checker) tables() {
	t, f := &c.d.Tables, "tables.toml"
	c.l.Provenance(f, []any{"tracks", "provenance"}, "tracks", t.Tracks.Provenance)
	for _, tr := range []struct {
		name string
		t    Track
	}{{"cm", t.Tracks.CM}, {"rp", t.Tracks.RP}, {"aaa", t.Tracks.AAA}, {"strength", t.Tracks.Strength}} {
		next := tr.t.Min
		for i, b := range tr.t.Bands {
			if b[0] != next || b[1] < b[0] {
				c.errf(f, []any{"tracks", tr.name, "bands", i}, "tracks", fmt.Sprintf("%s.bands[%d]", tr.name, i), "band %d-%d: the bands run in order from %d to %d without gap (next is %d)", b[0], b[1], tr.t.Min, tr.t.Max, next)
				break
			}
			next = b[1] + 1
		}
		if next != tr.t.Max+1 && len(tr.t.Bands) > 0 {
			c.errf(f, []any{"tracks", tr.name, "bands"}, "tracks", tr.name+".bands", "the bands end at %d, not at the track's max %d", next-1, tr.t.Max)
		}
	}
	c.l.Provenance(f, []any{"hand_size", "provenance"}, "hand_size", t.HandSize.Provenance)
	if t.HandSize.Divisor < 1 {
		c.errf(f, []any{"hand_size", "divisor"}, "hand_size", "divisor", "at least 1")
	}
	for _, tb := range []struct {
		name string
		t    Table
	}{{"asp", t.ASP}, {"airstrip", t.Airstrip}, {"rp", t.RP}, {"sapping", t.Sapping}, {"vm_assault", t.VMAssault},
		{"vm_assault_french", t.VMAssaultFrench}, {"vm_assault_vm", t.VMAssaultVM}, {"french_assault", t.FrenchAssault},
		{"french_assault_french", t.FrenchAssaultFrench}, {"french_assault_vm", t.FrenchAssaultVM}, {"raid", t.Raid}} {
		c.l.Provenance(f, []any{tb.name, "provenance"}, tb.name, tb.t.Provenance)
		if len(tb.t.Rows) == 0 {
			c.errf(f, []any{tb.name}, tb.name, "rows", "no rows")
			continue
		}
		if tb.t.Rows[0].Lo != -99 || tb.t.Rows[len(tb.t.Rows)-1].Hi != 99 {
			c.errf(f, []any{tb.name, "rows"}, tb.name, "rows", "the first row starts at -99 and the last ends at 99 (open ends)")
		}
		for i := 1; i < len(tb.t.Rows); i++ {
			if r := tb.t.Rows[i]; r.Lo != tb.t.Rows[i-1].Hi+1 || r.Hi < r.Lo {
				c.errf(f, []any{tb.name, "rows", i}, tb.name, fmt.Sprintf("rows[%d]", i), "rows %d-%d: the rows run in order without gap or overlap (this one starts at %d)", r.Lo, r.Hi, tb.t.Rows[i-1].Hi+1)
			}
		}
	}
	for i, r := range t.Airstrip.Rows {
		switch r.Result {
		case "destroyed", "damaged", "interdicted", "unchanged":
		default:
			c.errf(f, []any{"airstrip", "rows", i, "result"}, "airstrip", fmt.Sprintf("rows[%d].result", i), "%q: destroyed, damaged, interdicted or unchanged (8.1)", r.Result)
		}
	}
	for _, th := range []struct {
		name string
		t    Threshold
	}{{"air_missions", t.AirMissions}, {"airstrip_repair", t.AirstripRepair}, {"morale_check", t.MoraleCheck}} {
		c.l.Provenance(f, []any{th.name, "provenance"}, th.name, th.t.Provenance)
		if th.t.Success < 1 || th.t.Success > 13 {
			c.errf(f, []any{th.name, "success"}, th.name, "success", "%d: a roll of 1d6 or 2d6 needs a target from 1 to 13", th.t.Success)
		}
	}
	c.l.Provenance(f, []any{"victory", "provenance"}, "victory", t.Victory.Provenance)
	lv := t.Victory.Levels
	if len(lv) != 7 {
		c.errf(f, []any{"victory", "levels"}, "victory", "levels", "%d levels: 17.2 has seven", len(lv))
	}
	for i := 1; i < len(lv); i++ {
		if lv[i].Min >= lv[i-1].Min {
			c.errf(f, []any{"victory", "levels", i}, "victory", fmt.Sprintf("levels[%d]", i), "the levels go from the most VP down")
		}
	}
}

var unitKinds = []string{Infantry, Armor, Artillery, AAAUnit}

func (c *checker) units() {
	d, f := c.d, "units.toml"
	c.l.Provenance(f, []any{"provenance"}, "", d.Units.Provenance)
	d.units = map[string]*Unit{}
	for i := range d.Units.Units {
		u := &d.Units.Units[i]
		where := "unit " + u.ID
		if d.units[u.ID] != nil {
			c.errf(f, []any{"unit", i, "id"}, where, "id", "a second unit %s", u.ID)
		}
		d.units[u.ID] = u
		if !contains(unitKinds, u.Kind) {
			c.errf(f, []any{"unit", i, "kind"}, where, "kind", "%q: infantry, armor, artillery or aaa (2.3.1.2)", u.Kind)
		}
		switch {
		case u.Steps != 1 && u.Steps != 2:
			c.errf(f, []any{"unit", i, "steps"}, where, "steps", "%d: a unit has 1 or 2 steps (2.3.1.5)", u.Steps)
		case u.Steps == 2 && u.Asset():
			c.errf(f, []any{"unit", i, "steps"}, where, "steps", "an asset is a 1-step unit (2.3.1.5: all assets counters are not back-printed)")
		case u.Steps == 1 && u.Reduced != [3]int{}:
			c.errf(f, []any{"unit", i, "reduced"}, where, "reduced", "a 1-step unit has no reduced side")
		}
		if u.Mortar && u.Kind != Artillery {
			c.errf(f, []any{"unit", i, "mortar"}, where, "mortar", "only artillery are heavy mortars (19.2)")
		}
		switch s := u.Setup; {
		case s == "holding" || s == "aside":
		case u.ReinforcementTurn() > 0:
			if t := u.ReinforcementTurn(); t < 2 || t > 16 {
				c.errf(f, []any{"unit", i, "setup"}, where, "setup", "arrives on turn %d: reinforcements arrive on turns 2-16", t)
			}
		case d.crs[s] == nil:
			c.errf(f, []any{"unit", i, "setup"}, where, "setup", "%q: a CR code (%s), \"turn N\", \"holding\" or \"aside\" (2.3.1.4, 3.2)", s, keys(d.crs))
		}
	}
}

func (c *checker) scenarios() {
	d, f := c.d, "scenarios.toml"
	divs := map[int]bool{}
	for _, v := range d.Board.Divisions {
		divs[v.ID] = true
	}
	t := d.Tables.Tracks
	for i := range d.Scenarios.Scenarios {
		s := &d.Scenarios.Scenarios[i]
		where := "scenario " + s.ID
		at := func(k ...any) []any { return append([]any{"scenario", i}, k...) }
		c.l.Provenance(f, at("provenance"), where, s.Provenance)
		if s.FirstTurn < 1 || s.LastTurn > 16 || s.FirstTurn > s.LastTurn {
			c.errf(f, at("first_turn"), where, "first_turn", "turns %d-%d: within 1-16", s.FirstTurn, s.LastTurn)
		}
		for _, v := range []struct {
			key string
			v   int
			t   Track
		}{{"cm", s.CM, t.CM}, {"rp", s.RP, t.RP}, {"aaa", s.AAA, t.AAA}} {
			if v.v < v.t.Min || v.v > v.t.Max {
				c.errf(f, at(v.key), where, v.key, "%d: the track runs %d-%d", v.v, v.t.Min, v.t.Max)
			}
		}
		switch s.Airstrip {
		case "active", "interdicted", "damaged", "destroyed":
		default:
			c.errf(f, at("airstrip"), where, "airstrip", "%q: active, interdicted, damaged or destroyed (8.0)", s.Airstrip)
		}
		got := map[int]bool{}
		for j, v := range s.Divisions {
			if !divs[v.ID] || got[v.ID] {
				c.errf(f, at("divisions", j), where, fmt.Sprintf("divisions[%d]", j), "division %d: each of the board's divisions once", v.ID)
			}
			got[v.ID] = true
			if v.Strength < t.Strength.Min || v.Strength > t.Strength.Max {
				c.errf(f, at("divisions", j, "strength"), where, fmt.Sprintf("divisions[%d].strength", j), "%d: 1-15 (2.2.8.4)", v.Strength)
			}
		}
		if len(got) != len(divs) {
			c.errf(f, at("divisions"), where, "divisions", "%d divisions set up; the board has %d", len(got), len(divs))
		}
		for _, cr := range d.Board.CRs {
			if v, ok := s.Forts[cr.ID]; !ok {
				c.errf(f, at("forts"), where, "forts", "no fortification level for %s", cr.ID)
			} else if v < 0 || v > 4 {
				c.errf(f, at("forts", cr.ID), where, "forts."+cr.ID, "%d: 0-4 (2.2.1.4)", v)
			}
		}
		for k := range s.Forts {
			if d.crs[k] == nil {
				c.errf(f, at("forts", k), where, "forts."+k, "unknown CR %q", k)
			}
		}
		for k, v := range s.VM {
			if d.crs[k] == nil {
				c.errf(f, at("vm", k), where, "vm."+k, "unknown CR %q", k)
			} else if d.crs[k].PC {
				c.errf(f, at("vm", k), where, "vm."+k, "PC GONO held by the VM is a lost game (17.1)")
			}
			if !divs[v] {
				c.errf(f, at("vm", k), where, "vm."+k, "unknown division %d", v)
			}
		}
		for k, v := range s.Units {
			if d.units[k] == nil {
				c.errf(f, at("units", k), where, "units."+k, "unknown unit %q", k)
			} else if v != "out" && d.crs[v] == nil {
				c.errf(f, at("units", k), where, "units."+k, "%q: a CR code or \"out\"", v)
			}
		}
		for j, n := range s.Remove {
			if !c.d.cardNumbers()[n] {
				c.errf(f, at("remove", j), where, fmt.Sprintf("remove[%d]", j), "no card %d in cards.toml", n)
			}
		}
		// 2.2.1.3: the set-up respects every CR's stacking limit.
		for _, cr := range d.Board.CRs {
			inf, assets := 0, 0
			for _, u := range d.Units.Units {
				if s.UnitAt(u) != cr.ID {
					continue
				}
				if u.Asset() {
					assets++
				} else {
					inf += u.Steps
				}
			}
			if inf > cr.Stack[0] || assets > cr.Stack[1] {
				c.errf(f, at("units"), where, "units", "%s starts with %d infantry steps and %d assets, over its limit %d/%d (2.2.1.3)", cr.ID, inf, assets, cr.Stack[0], cr.Stack[1])
			}
			if _, vm := s.VM[cr.ID]; vm && (inf > 0 || assets > 0) {
				c.errf(f, at("vm", cr.ID), where, "vm."+cr.ID, "%s is VM controlled but French units start there", cr.ID)
			}
		}
	}
}

// UnitAt is where a unit starts in the scenario: a CR id, "turn N",
// "holding", "aside" or "out".
func (s *Scenario) UnitAt(u Unit) string {
	if v, ok := s.Units[u.ID]; ok {
		return v
	}
	return u.Setup
}

func (d *Data) cardNumbers() map[int]bool {
	m := map[int]bool{}
	for _, c := range d.Cards.Cards {
		m[c.Number] = true
	}
	return m
}

func (c *checker) cards() {
	d, f := c.d, "cards.toml"
	c.l.Provenance(f, []any{"provenance"}, "", d.Cards.Provenance)
	d.cards = map[int]*Card{}
	known := func(kind, id string) bool {
		switch kind {
		case "cr":
			return d.crs[id] != nil
		case "aside":
			u := d.units[id]
			return u != nil && u.Setup == "aside"
		}
		return false
	}
	reshuffles := 0
	for i := range d.Cards.Cards {
		cd := &d.Cards.Cards[i]
		where := "card " + strconv.Itoa(cd.Number)
		at := func(k ...any) []any { return append([]any{"card", i}, k...) }
		if d.cards[cd.Number] != nil {
			c.errf(f, at("number"), where, "number", "a second card %d", cd.Number)
		}
		d.cards[cd.Number] = cd
		if cd.Number < 1 || cd.Number > 45 {
			c.errf(f, at("number"), where, "number", "%d: the deck is numbered 1-44 and the optional 45 (2.4)", cd.Number)
		}
		if cd.Optional != (cd.Number == 45) {
			c.errf(f, at("optional"), where, "optional", "only card 45 is optional (19.1)")
		}
		if cd.AP[0] < 0 || cd.AP[1] < cd.AP[0] || cd.AP[1] > 4 {
			c.errf(f, at("ap"), where, "ap", "[%d, %d]: 0-4 AP, lo at most hi (5.2)", cd.AP[0], cd.AP[1])
		}
		if len(cd.Condition) == 0 {
			c.errf(f, at("condition"), where, "condition", `missing; "none" when there is no condition (5.3)`)
		}
		for j, s := range cd.Condition {
			if _, err := ParseCondition(s); err != nil {
				c.errf(f, at("condition", j), where, fmt.Sprintf("condition[%d]", j), "%v", err)
			}
		}
		if !contains(Phases, cd.Phase) {
			c.errf(f, at("phase"), where, "phase", "%q: one of %s (5.6)", cd.Phase, strings.Join(Phases, ", "))
		}
		for j, s := range cd.Effects {
			if _, err := ParseEffect(s, known); err != nil {
				c.errf(f, at("effects", j), where, fmt.Sprintf("effects[%d]", j), "%v", err)
			}
		}
		if cd.Flag != "french" && cd.Flag != "vm" {
			c.errf(f, at("flag"), where, "flag", "%q: french or vm (5.7)", cd.Flag)
		}
		if cd.Text == "" {
			c.errf(f, at("text"), where, "text", "missing: the event's description")
		}
		if cd.Reshuffle {
			reshuffles++
		}
	}
	for n := 1; n <= 44; n++ {
		if d.cards[n] == nil {
			c.errf(f, []any{"card"}, "", "number", "no card %d: the deck has cards 1-44 (3.1)", n)
		}
	}
	if reshuffles == 0 {
		c.errf(f, []any{"card"}, "", "reshuffle", "no RESHUFFLE card: the draw pile could never be rebuilt (6.2)")
	}
}
