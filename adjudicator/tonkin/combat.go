package tonkin

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Combat (6.4-6.17): troop attacks (options e and f), overruns (option
// a) and the results, losses, retreats and advances they share.

// fight is one combat between troops: an attack or an overrun.
type fight struct {
	side    string  // the attacker
	target  string  // the defender's hex
	att     []*Unit // the participating attackers
	overrun bool    // 6.4
	spirit  bool    // 6.12: Bolshevik spirit
	lead    *Unit   // the attacker's morale leader, nil for the default
}

// defender is one defending counter: a unit, or the garrison printed on
// the map (6.7).
type defender struct {
	u        *Unit
	garrison string // the urban area, for a garrison
}

func (d defender) name() string {
	if d.u == nil {
		return "the garrison of " + d.garrison
	}
	return d.u.ID
}

// fighting: a unit that attacks with troops: not artillery (it fires a
// barrage, RULINGS T24), nor a dump, HQ, Uncle Ho or a dummy (6.5: a
// dummy may not attack).
func (r *Rules) fighting(u *Unit) bool {
	switch r.typ(u).Kind {
	case "artillery", "dump", "hq", "leader", "dummy", "garrison":
		return false
	}
	return r.values(u).Str > 0
}

// strength is a unit's strength in a fight: halved (rounded up) when
// Desorg (6.17) and again when out of supply (4.6).
func (r *Rules) strength(u *Unit) int {
	v := r.values(u).Str
	if u.Desorg {
		v = (v + 1) / 2
	}
	if u.OoS {
		v = (v + 1) / 2
	}
	return v
}

// morale is a unit's morale now: Desorg subtracts 1 (6.17).
func (r *Rules) morale(u *Unit) int {
	m := r.values(u).Mor
	if u.Desorg {
		m--
	}
	return max(m, 0)
}

// crossesChina: a step from one hex to the next crosses the Chinese
// border (6.6: no unit may attack or overrun across it).
func (r *Rules) crossesChina(from, to string) bool {
	return (r.hexes[from].Country == "china") != (r.hexes[to].Country == "china")
}

// canStrike: whether u may attack or overrun hex to from its hex (6.6:
// into its ZOC, a hex it may move into, not across the Chinese border),
// or why not.
func (r *Rules) canStrike(u *Unit, to string) string {
	return r.canStrikeFrom(u, u.Loc, to)
}

// canStrikeFrom is canStrike for u standing at from (a move's overrun
// is fought from the hex before it, RULINGS T62).
func (r *Rules) canStrikeFrom(u *Unit, from, to string) string {
	if !Adjacent(from, to) {
		return fmt.Sprintf("%s at %s is not next to %s (6.6: a unit attacks a hex in its ZOC)", u.ID, from, to)
	}
	if r.crossesChina(from, to) {
		return fmt.Sprintf("%s at %s may not attack %s: no unit may attack or overrun across the Chinese border (6.6)", u.ID, from, to)
	}
	if ok, why := r.mayEnter(r.typ(u), to); !ok {
		return fmt.Sprintf("%s may not attack %s: %s (6.6: you may not attack into a hex you may not move into)", u.ID, to, why)
	}
	if r.typ(u).Kind == "naval" && !r.alongWater(from, to) {
		// 5.7: "They can attack enemy units along navigable river/coastal
		// hexes" (RULINGS T76).
		return fmt.Sprintf("%s at %s may not attack %s: Dinassauts attack only along a navigable river or between coastal hexes (5.7)", u.ID, from, to)
	}
	return ""
}

// alongWater: the step from a to b follows a navigable river or runs
// between two coastal or sea hexes, as a Dinassaut moves (5.7, RULINGS
// T49 a).
func (r *Rules) alongWater(a, b string) bool {
	water := func(h string) bool { x := r.hexes[h]; return x.Terrain == "sea" || x.Coastal }
	return water(a) && water(b) || r.geo.riverEdge[edge(a, b)] == "navigable"
}

// defenders are the counters of the side other than side at hex,
// garrison included.
func (r *Rules) defenders(s *State, side, hex string) []defender {
	var out []defender
	for _, u := range s.Units {
		if u.Side != side && u.Loc == hex {
			out = append(out, defender{u: u})
		}
	}
	if side == VM {
		if n := r.garrisonAt(s, hex); n != "" {
			out = append(out, defender{garrison: n})
		}
	}
	return out
}

// garrisonAt is the urban area whose garrison stands at hex, or "".
func (r *Rules) garrisonAt(s *State, hex string) string {
	if u, ok := r.urbanHex[hex]; ok && slices.Contains(s.Garrisons, u.Name) {
		return u.Name
	}
	return ""
}

// enemyAt: hex holds counters of the side other than side (or, against
// the VM, a garrison).
func (r *Rules) enemyAt(s *State, side, hex string) bool {
	return len(r.defenders(s, side, hex)) > 0
}

// reveal flips the hidden VM counters at hex (Basics: Counters: "If FEF
// attacks, overruns or receives a combat result through barrage against
// such a unit it has to be flipped over. If it is a dummy, just remove it
// to the dead box"). It tells everyone what was there, save in a closed
// forest stack (RULINGS T16, T27, T58): there the flip is the VM's to
// hear, and the public hears only how many dummies went to the (open)
// dead box, which the rules show.
func (r *Rules) reveal(s *State, hex, why string, closed bool, ev *events) {
	var seen []string
	dummies := 0
	for _, u := range s.Units {
		if u.Side != VM || u.Loc != hex || !u.Hidden {
			continue
		}
		u.Hidden = false
		if r.typ(u).Kind == "dummy" {
			seen = append(seen, u.ID+" (a dummy, removed to the dead box)")
			u.Loc = LocDead
			dummies++
			continue
		}
		seen = append(seen, fmt.Sprintf("%s (%s %s)", u.ID, r.typ(u).Family, valuesText(r.values(u))))
	}
	switch {
	case len(seen) == 0:
	case closed:
		ev.to(VM, "Basics (Counters): %s flips the hidden counters at %s: %s.", why, hex, strings.Join(seen, ", "))
		if dummies > 0 {
			ev.pub("Basics (Counters): %s flips the hidden counters of the VM stack at %s: %d dummy(ies) removed to the dead box.", why, hex, dummies)
		}
	default:
		ev.pub("Basics (Counters): %s flips the hidden counters at %s: %s.", why, hex, strings.Join(seen, ", "))
	}
}

// fefSees: the FEF may see u's counter and its markers: the FEF's own,
// and the VM's neither hidden nor in a closed forest stack (RULINGS T15,
// T16).
func (r *Rules) fefSees(u *Unit) bool {
	return u.Side == FEF || !u.Hidden && !r.Opaque(u.Loc)
}

func valuesText(v Values) string { return fmt.Sprintf("%d-%d", v.Str, v.Mor) }

// oddsColumn is the combat table's column for att against def, rounded
// down in favour of the defender (6.6); worse than the first column is
// the first column, better than the last the last (RULINGS T25).
func (r *Rules) oddsColumn(att, def int) (int, string) {
	odds := r.chartStrings("combat", "odds")
	idx := func(label string) int { return slices.Index(odds, label) }
	i := 0
	switch {
	case def <= 0:
		i = len(odds) - 1
	case att >= def:
		k := att / def
		for k > 1 && idx(fmt.Sprintf("%d:1", k)) < 0 {
			k--
		}
		if j := idx(fmt.Sprintf("%d:1", k)); j >= 0 {
			i = j
		}
		if last := odds[len(odds)-1]; k > 1 && att/def > k && idx(last) == i {
			i = len(odds) - 1
		}
	default:
		n := (def + att - 1) / max(att, 1)
		for ; n <= 99; n++ {
			if j := idx(fmt.Sprintf("1:%d", n)); j >= 0 {
				i = j
				break
			}
		}
	}
	return i, odds[i]
}

// combatResult reads the combat table (6.13): the modified roll in a
// column.
func (r *Rules) combatResult(col, roll int) string {
	res := "2AL"
	for _, k := range []string{"ExAL", "Ex", "ExDL", "2DL"} {
		if roll >= r.chartInts("combat", k)[col] {
			res = k
		}
	}
	return res
}

// resultLosses: the steps each side loses (6.13).
func resultLosses(res string) (att, def int) {
	switch res {
	case "2AL":
		return 2, 0
	case "ExAL":
		return 2, 1
	case "Ex":
		return 1, 1
	case "ExDL":
		return 1, 2
	}
	return 0, 2
}

func (r *Rules) chartStrings(table, key string) []string {
	v, _ := r.d.Charts[table][key].([]any)
	var out []string
	for _, x := range v {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

func (r *Rules) chartInts(table, key string) []int {
	v, _ := r.d.Charts[table][key].([]any)
	var out []int
	for _, x := range v {
		f, _ := num(x)
		out = append(out, int(f))
	}
	return out
}

// desorgSpan is a result's Desorg span for one side (6.17).
func (r *Rules) desorgSpan(res string, attacker bool) (lo, hi int) {
	m, _ := r.d.Charts["combat"]["desorg"].(map[string]any)
	v, _ := m[res].([]any)
	if len(v) != 4 {
		return 0, 0
	}
	i := 2
	if attacker {
		i = 0
	}
	a, _ := num(v[i])
	b, _ := num(v[i+1])
	return int(a), int(b)
}

// terrainDRM is the defender's hex's modifier of a terrain row (6.8):
// column 3 combat, 4 barrage, 5 Desorg.
func (r *Rules) terrainDRM(row string, col int) int {
	v, _ := r.d.Charts["terrain"][row].([]any)
	if col >= len(v) {
		return 0
	}
	f, _ := num(v[col])
	return int(f)
}

// capDRM: the sum of all modifiers is kept within +-3 (6.6).
func (r *Rules) capDRM(d int) int {
	c := r.chartInt("combat_drm", "cap")
	return max(-c, min(c, d))
}

// riverDRM: the defender gets the river modifier in a troop attack
// unless every attacker comes along that river (6.8); where rivers fork
// one not followed still counts. A Dinassaut defending alone always has
// it (5.7). The largest river modifier of the hex, once (RULINGS T26).
func (r *Rules) riverDRM(f *fight, defs []defender) (int, string) {
	rivers := r.geo.riversAt[f.target]
	if len(rivers) == 0 {
		return 0, ""
	}
	dnaAlone := len(defs) > 0
	for _, d := range defs {
		if d.u == nil || r.typ(d.u).Kind != "naval" {
			dnaAlone = false
		}
	}
	best := 0
	for _, rv := range rivers {
		along := !dnaAlone
		for _, u := range f.att {
			if !r.sameRiver(rv.id, u.Loc, f.target) {
				along = false
			}
		}
		if along || !dnaAlone && r.bothSides(rv.id, f) {
			continue
		}
		row := "minor_river"
		if rv.kind == "navigable" {
			row = "navigable_river"
		}
		if d := r.terrainDRM(row, 3); d < best {
			best = d
		}
	}
	if best == 0 {
		return 0, ""
	}
	return best, fmt.Sprintf("river %+d", best)
}

// bothSides: 6.8 "unless the enemy attacks ... from both sides of the
// river": the river enters and leaves the defender's hex through two of
// its neighbours, which split the other four into two banks; attackers
// on both banks take the river's modifier away. A river that rises or
// ends in the hex has no two banks there (RULINGS T77).
func (r *Rules) bothSides(river string, f *fight) bool {
	var line, banks []string
	for _, n := range r.neighbors(f.target) {
		if r.sameRiver(river, n, f.target) {
			line = append(line, n)
		} else {
			banks = append(banks, n)
		}
	}
	if len(line) != 2 {
		return false
	}
	// the banks: the neighbours left once the river's two are taken out,
	// joined where they touch (a hex's neighbours form a ring)
	bank := map[string]int{}
	next := 0
	for _, b := range banks {
		if _, ok := bank[b]; ok {
			continue
		}
		next++
		bank[b] = next
		for grew := true; grew; {
			grew = false
			for _, c := range banks {
				if _, ok := bank[c]; ok {
					continue
				}
				for x, k := range bank {
					if k == next && Adjacent(x, c) {
						bank[c] = next
						grew = true
						break
					}
				}
			}
		}
	}
	seen := map[int]bool{}
	for _, u := range f.att {
		if k, ok := bank[u.Loc]; ok {
			seen[k] = true
		}
	}
	return len(seen) >= 2
}

// pickLead chooses a side's morale leader among units (6.9): the best
// morale, or with "steps" the unit with the most steps; ties by id.
func (r *Rules) pickLead(units []*Unit, how string) *Unit {
	var best *Unit
	for _, u := range units {
		if best == nil {
			best = u
			continue
		}
		a, b := r.morale(u), r.morale(best)
		if how == "steps" {
			a, b = u.Steps, best.Steps
		}
		if a > b {
			best = u
		}
	}
	return best
}

// liveAt: the units still on the map.
func liveAt(us []*Unit) []*Unit {
	var out []*Unit
	for _, u := range us {
		if onMap(u.Loc) {
			out = append(out, u)
		}
	}
	return out
}

func unitsOf(defs []defender) []*Unit {
	var out []*Unit
	for _, d := range defs {
		if d.u != nil {
			out = append(out, d.u)
		}
	}
	return out
}

func unitNames(us []*Unit) string {
	var n []string
	for _, u := range us {
		n = append(n, u.ID)
	}
	return strings.Join(n, ", ")
}

// fromText names the hexes the attack comes from.
func (r *Rules) fromText(f *fight) string { return strings.Join(r.attackHexes(f), ", ") }

func (r *Rules) attackHexes(f *fight) []string {
	var hs []string
	for _, u := range f.att {
		if !slices.Contains(hs, u.Loc) {
			hs = append(hs, u.Loc)
		}
	}
	sort.Strings(hs)
	return hs
}

// defStrength: all the defender's strength, artillery's barrage value
// added (6.6), a garrison's 2 (6.7).
func (r *Rules) defStrength(s *State, defs []defender) int {
	n := 0
	for _, d := range defs {
		if d.u == nil {
			g := r.types["GAR"].Strength
			if slices.Contains(s.GarrisonOoS, d.garrison) {
				g = (g + 1) / 2 // 4.6
			}
			n += g
			continue
		}
		switch r.typ(d.u).Kind {
		case "dump", "hq", "leader", "dummy":
			continue
		}
		n += r.strength(d.u)
	}
	return n
}

func (r *Rules) defText(defs []defender) string {
	var n []string
	for _, d := range defs {
		n = append(n, d.name())
	}
	return "defending: " + strings.Join(n, ", ")
}

// desorgRolls: each side rolls one die against its span under the result
// (6.17), modified by the Desorg modifiers and the defender's hex; on
// the span all its participating units are Desorg.
func (r *Rules) desorgRolls(s *State, f *fight, defs []defender, res string, dice adjudicator.Dice, ev *events) (attDG, defDG bool) {
	terrain := r.hexes[f.target].Terrain
	side := func(attacker bool, units []*Unit, lead *Unit) bool {
		lo, hi := r.desorgSpan(res, attacker)
		mod := 0
		who := sideName(f.side)
		if !attacker {
			who = sideName(other(f.side))
		}
		t := r.terrainDRM(terrain, 5)
		if t == 2 && len(units) > 0 && (units[0].Side == VM || r.typ(units[0]).Nationality == "minority") {
			t = 0 // 6.17 a): VM and GCMA do not get +2 from forest
		}
		mod += t
		stack := 0
		oos, trench := len(units) > 0, false
		for _, u := range units {
			stack += r.values(u).Stack
			oos = oos && u.OoS
			trench = trench || u.Trench
		}
		if g := r.garrisonAt(s, f.target); !attacker && g != "" {
			stack++ // Basics (Stacking): a garrison is 1 point (RULINGS T71)
			if slices.Contains(s.GarrisonTrench, g) {
				trench = true // an entrenched garrison (6.3 c)
			}
		}
		if !attacker && trench {
			mod += r.chartInt("dg_drm", "trench_defender") // 6.17 b)
		}
		if oos {
			mod += r.chartInt("dg_drm", "out_of_supply")
		}
		if stack > 11 {
			mod += r.chartInt("dg_drm", "stack_over_11_points")
		}
		if lead != nil && r.morale(lead) >= 5 {
			mod += r.chartInt("dg_drm", "morale_5_or_more")
		}
		if attacker && f.overrun {
			mod += r.chartInt("dg_drm", "attacker_overran")
		}
		if attacker {
			for _, rv := range r.geo.riversAt[f.target] {
				if rv.kind == "navigable" {
					mod += r.terrainDRM("navigable_river", 5) // 6.17 c)
					break
				}
			}
		}
		d := dice.Roll(6)
		m := d + mod
		dg := lo > 0 && m >= lo && m <= hi
		span := "none"
		if lo > 0 {
			span = fmt.Sprintf("%d-%d", lo, hi)
		}
		out := "stays organized"
		if dg {
			out = "becomes Desorg"
			for _, u := range units {
				u.Desorg = true
			}
		}
		ev.pub("6.17: %s rolls %d%+d = %d against %s: %s.", who, d, mod, m, span, out)
		return dg
	}
	attDG = side(true, f.att, r.pickLead(f.att, "best"))
	defDG = side(false, unitsOf(defs), r.pickLead(unitsOf(defs), "best"))
	return attDG, defDG
}

// takeLosses takes n steps from units (6.13): the leader first, then by
// the side's standing order `losses` (the unit with the most steps
// left, or the fewest); artillery only when nothing else is left.
func (r *Rules) takeLosses(s *State, side string, units []*Unit, lead *Unit, n int, at string, defending bool, ev *events) {
	for ; n > 0; n-- {
		live := liveAt(units)
		var pool []*Unit
		for _, u := range live {
			if u.Steps > 0 && r.typ(u).Kind != "artillery" {
				pool = append(pool, u)
			}
		}
		if len(pool) == 0 {
			for _, u := range live {
				if u.Steps > 0 {
					pool = append(pool, u) // 6.13: only artillery defends
				}
			}
		}
		if len(pool) == 0 {
			return
		}
		u := pool[0]
		if lead != nil && slices.Contains(pool, lead) {
			u, lead = lead, nil
		} else {
			fewest := s.standing(side).get("losses") == "fewest"
			for _, x := range pool[1:] {
				if fewest && x.Steps < u.Steps || !fewest && x.Steps > u.Steps {
					u = x
				}
			}
		}
		r.loseStep(s, u, ev)
	}
}

// loseStep takes one step from u (6.13); at its last it dies (6.15).
func (r *Rules) loseStep(s *State, u *Unit, ev *events) {
	u.Steps--
	if u.Steps > 0 {
		ev.pub("6.13: %s loses a step (now %s).", u.ID, valuesText(r.values(u)))
		ev.mark("loss", "", u.Loc)
		return
	}
	at := u.Loc
	r.kill(s, u, ev)
	if onMap(at) {
		ev.mark("loss", "", at)
	}
}

// kill sends u to the dead box (6.13, 6.15): an FEF unit more than 3
// hexes from another supplied FEF unit outside its stack is permanently
// dead (-1 victory point), save the GCMA; a VM regiment's last step adds
// a victory point.
func (r *Rules) kill(s *State, u *Unit, ev *events) {
	at := u.Loc
	u.Hidden, u.Desorg, u.Trench, u.Spent, u.Steps = false, false, false, false, 0
	t := r.typ(u)
	switch t.Kind {
	case "hq", "leader", "dump":
		u.Loc = LocDead
		ev.pub("6.13: %s is eliminated.", u.ID)
		switch {
		case t.Kind == "hq":
			// 3.11: -4, placed in a friendly city one game turn later.
			u.Avail = s.Turn + 1
			r.addVP(s, r.chartInt("victory_points", "fef_hq_lost"), ev, "3.11: the FEF loses its HQ; it returns in a friendly city next turn")
		case t.Kind == "leader" && !u.Giap:
			// 3.3: +20, flipped to Giap, placed on a regiment one
			// game turn later.
			u.Giap, u.Avail = true, s.Turn+1
			r.addVP(s, r.chartInt("victory_points", "uncle_ho_lost"), ev, "3.3: the VM loses Uncle Ho; the counter flips to Giap, who comes back on a VM regiment next turn")
		case t.Kind == "leader":
			u.Avail = 0
			s.GiapKilled = true
			ev.pub("6.16: the FEF kills Giap: a FEF decisive victory at the end of the turn, unless the VM then occupies Hanoi.")
		}
		return
	}
	if u.Side == FEF && t.Nationality != "minority" && !r.nearSupplied(s, at) {
		u.Loc = LocPerm
		r.addVP(s, r.chartInt("victory_points", "fef_unit_permanently_dead"), ev,
			fmt.Sprintf("6.15: %s dies more than 3 hexes from any other supplied FEF unit: permanently dead", u.ID))
		return
	}
	u.Loc = LocDead
	if u.Side == VM && (t.Kind == "regiment" || t.Kind == "artillery") {
		r.addVP(s, r.chartInt("victory_points", "vm_regiment_destroyed"), ev, fmt.Sprintf("6.15: the VM loses the last step of %s", u.ID))
		return
	}
	ev.pub("6.13: %s is eliminated (dead box).", u.ID)
}

// nearSupplied: another supplied FEF unit (or garrison) within 3 hexes
// of at, not in at (6.15).
func (r *Rules) nearSupplied(s *State, at string) bool {
	// a line uncut by VM units (Basics: Tracing; RULINGS T74)
	near := func(h string) bool { return h != at && r.lineWithin(s, FEF, at, h, 3) }
	for _, u := range s.Units {
		if u.Side == FEF && onMap(u.Loc) && !u.OoS && near(u.Loc) && r.typ(u).Kind != "dump" {
			return true
		}
	}
	for _, g := range s.Garrisons {
		// 6.15: a supplied FEF unit: a garrison out of supply (4.6) is none
		if near(r.urban[g].Hex) && !slices.Contains(s.GarrisonOoS, g) {
			return true
		}
	}
	return false
}

// addVP moves the victory marker (6.16): positive towards the FEF.
func (r *Rules) addVP(s *State, n int, ev *events, why string) {
	s.VP += n
	if n == 0 {
		ev.pub("%s (no victory points).", why) // a town with no value on the map
		return
	}
	ev.pub("%s: victory points %+d (now %d).", why, n, s.VP)
}

// garrisonHits: n hits on a garrison outside a fight (4.6: a second turn
// out of supply). At a single hit the FEF's standing order `garrison`
// decides, and unset, the unit within 3 hexes with the most steps takes
// it, which keeps the garrison (RULINGS T22).
func (r *Rules) garrisonHits(s *State, g string, n int, ev *events) {
	if n == 1 && s.standing(FEF).get("garrison") != "die" {
		if us := r.substitutes(s, r.urban[g].Hex); len(us) > 0 {
			r.substituteLoss(s, g, us[0], "the FEF's standing order `garrison`", ev)
			return
		}
	}
	r.garrisonDies(s, g, ev)
}

// garrisonDies: the garrison is gone, plus de garnison (6.7, 4.6).
func (r *Rules) garrisonDies(s *State, g string, ev *events) {
	s.Garrisons = slices.DeleteFunc(s.Garrisons, func(x string) bool { return x == g })
	s.GarrisonOoS = slices.DeleteFunc(s.GarrisonOoS, func(x string) bool { return x == g })
	if len(s.GarrisonOoS) == 0 {
		s.GarrisonOoS = nil
	}
	s.GarrisonTrench = slices.DeleteFunc(s.GarrisonTrench, func(x string) bool { return x == g })
	if len(s.GarrisonTrench) == 0 {
		s.GarrisonTrench = nil
	}
	if !slices.Contains(s.NoGarrison, g) {
		s.NoGarrison = append(s.NoGarrison, g)
		sort.Strings(s.NoGarrison)
	}
	ev.pub("6.7: the garrison of %s dies (plus de garnison).", g)
	if !r.nearSupplied(s, r.urban[g].Hex) {
		r.addVP(s, r.chartInt("victory_points", "fef_unit_permanently_dead"), ev,
			fmt.Sprintf("6.15: the garrison of %s dies more than 3 hexes from any other supplied FEF unit", g))
	}
}

// substituteLoss: 6.7, a garrison's single hit taken by u instead.
func (r *Rules) substituteLoss(s *State, g string, u *Unit, why string, ev *events) {
	ev.pub("6.7: the garrison of %s takes one hit: %s, within 3 hexes, loses the step instead (%s).", g, u.ID, why)
	r.loseStep(s, u, ev)
}

// substitutes: the FEF units within 3 hexes of hex (not in it) that may
// take a garrison's step (6.7), the most steps first, then the nearest.
func (r *Rules) substitutes(s *State, hex string) []*Unit {
	ra, ca, _ := ParseHex(hex)
	type cand struct {
		u *Unit
		d int
	}
	var cs []cand
	for _, u := range s.Units {
		if u.Side != FEF || !onMap(u.Loc) || u.Loc == hex || u.Steps == 0 {
			continue
		}
		rb, cb, _ := ParseHex(u.Loc)
		// within 3 hexes: a line uncut by VM units (Basics: Tracing;
		// RULINGS T74)
		if d := Distance(ra, ca, rb, cb); d <= 3 && r.lineWithin(s, FEF, hex, u.Loc, 3) {
			cs = append(cs, cand{u, d})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].u.Steps != cs[j].u.Steps {
			return cs[i].u.Steps > cs[j].u.Steps
		}
		return cs[i].d < cs[j].d
	})
	out := make([]*Unit, len(cs))
	for i, c := range cs {
		out[i] = c.u
	}
	return out
}

// retreatHexes are where units may retreat 1 hex from at (6.5, 6.14):
// the adjacent hexes every one of them may enter, free of the enemy,
// within the stacking limit; those out of the enemy's ZOC first, then by
// id. The first is the one a standing order takes.
func (r *Rules) retreatHexes(s *State, side, at string, units []*Unit) []string {
	if len(units) == 0 {
		return nil
	}
	b := r.moveBoard(s, side)
	n := 0
	for _, u := range units {
		n += r.values(u).Stack
	}
	var free, zoc []string
	for _, h := range r.neighbors(at) {
		ok := !b.enemyIn(r, h) && !r.enemyAt(s, side, h) && r.stackAt(s, side, h, nil)+n <= r.stackLimit(h)
		for _, u := range units {
			if good, _ := r.mayEnter(r.typ(u), h); !good || r.typ(u).Kind == "naval" && r.geo.riverEdge[edge(at, h)] != "navigable" && !(r.hexes[h].Coastal || r.hexes[h].Terrain == "sea") {
				ok = false
			}
		}
		switch {
		case !ok:
		case b.zocAt(r, h):
			zoc = append(zoc, h)
		default:
			free = append(free, h)
		}
	}
	return append(free, zoc...)
}

// retreatAfter moves the defender 1 hex (6.14): artillery that cannot
// retreat is eliminated, supply dumps are left behind.
func (r *Rules) retreatAfter(s *State, side, from, to string, ev *events) {
	var moved []*Unit
	for _, u := range s.Units {
		if u.Side != side || u.Loc != from {
			continue
		}
		switch r.typ(u).Kind {
		case "dump":
			continue
		case "artillery":
			ev.pub("6.14: %s cannot retreat and is eliminated.", u.ID)
			r.kill(s, u, ev)
			continue
		}
		u.Loc = to
		u.Trench = false
		moved = append(moved, u)
	}
	ev.pub("6.14: %s retreats from %s to %s instead of a step loss.", unitNames(moved), from, to)
	ev.mark("retreat", from, to)
	r.railEntry(s, side, to, ev)
}

// walkIn: the defender's hex is empty of fighting units: what is left
// (dumps, the FEF HQ, Uncle Ho) is taken as the attackers advance (6.13:
// "Eliminate them if the enemy walks into their hex"; 3.6, 3.10). After
// an overrun every participating unit advances (6.4); after an attack
// the attacker's standing order `advance` decides (6.14). The VM earns
// half an equipment point for a hex where the FEF lost a step, not for
// a retreat alone (3.4: "loses at least 1 step (not just retreats)";
// RULINGS T72).
func (r *Rules) walkIn(s *State, f *fight, left []defender, lost bool, ev *events) {
	if len(f.att) == 0 {
		return
	}
	if !f.overrun && s.standing(f.side).get("advance") == "none" {
		ev.pub("6.14: %s clears %s and does not advance (its standing order).", sideName(f.side), f.target)
		return
	}
	var adv []*Unit
	n := r.stackAt(s, f.side, f.target, nil)
	for _, u := range f.att {
		if u.Loc == f.target {
			adv = append(adv, u) // 6.4: airdropped onto the hex
			continue
		}
		if r.typ(u).Kind == "artillery" || !onMap(u.Loc) {
			continue
		}
		if st := r.values(u).Stack; n+st <= r.stackLimit(f.target) {
			adv = append(adv, u)
			n += st
		}
	}
	if len(adv) == 0 {
		return
	}
	for _, d := range left {
		if d.u == nil {
			continue
		}
		switch r.typ(d.u).Kind {
		case "dump":
			r.capture(s, f.side, d.u, ev)
		case "hq", "leader":
			r.kill(s, d.u, ev) // with its victory points (3.3, 3.11)
		default:
			if d.u.Loc == f.target {
				r.kill(s, d.u, ev)
			}
		}
	}
	var from []string
	for _, u := range adv {
		if !slices.Contains(from, u.Loc) {
			from = append(from, u.Loc)
		}
		u.Loc = f.target
		u.Trench = false
	}
	ev.pub("6.14: %s advances into %s: %s.", sideName(f.side), f.target, unitNames(adv))
	for _, h := range from {
		ev.mark("move", h, f.target)
	}
	r.railEntry(s, f.side, f.target, ev)
	if f.side == VM && lost && s.VMEquipH < 2*r.chartInt("replacements", "vm_equipment_max") {
		s.VMEquipH++
		ev.pub("3.4: the VM advances into a hex where the FEF lost a step: half an equipment replacement (now %s).", halves(s.VMEquipH))
	}
}

// capture: a supply dump taken by the enemy (3.6, 3.10): removed; the VM
// takes 2 equipment and the FEF loses a victory point, or the FEF gains
// one.
func (r *Rules) capture(s *State, side string, u *Unit, ev *events) {
	u.Loc, u.Spent, u.Hidden = LocDead, false, false
	if side == VM {
		s.VMEquipH = min(s.VMEquipH+4, 2*r.chartInt("replacements", "vm_equipment_max"))
		r.addVP(s, r.chartInt("victory_points", "vm_captures_fef_dump"), ev, fmt.Sprintf("3.6: the VM captures the FEF's supply dump %s and receives 2 equipment replacements", u.ID))
		return
	}
	r.addVP(s, r.chartInt("victory_points", "fef_captures_vm_dump"), ev, fmt.Sprintf("3.10: the FEF captures the VM's supply dump %s", u.ID))
}

// occupation: after the phase or after the chunk of operation points
// (6.16: "victory points for urban areas ... are gained or lost after the
// phase or after you have spent your 1-3 operation points"), Hanoi's
// occupation is noted (T39) and 4.1 is applied to every urban area, its
// victory points with it: the VM's red number when a town becomes the
// VM's, the FEF's blue number when it becomes the FEF's; the montagnard
// marker follows, with its -10 at 20 and +10 below (3.6, 6.16; RULINGS
// T64, which replaces T31).
func (r *Rules) occupation(s *State, ev *events) {
	if s.Phase == PhaseOver {
		return
	}
	if r.vmInHanoi(s) && !s.HanoiLost {
		s.HanoiLost = true
		ev.pub("6.16: the VM occupies Hanoi.")
	}
	r.friendliness(s, ev)
}

// vmInHanoi: a VM unit occupies Hanoi (6.16).
func (r *Rules) vmInHanoi(s *State) bool {
	h, ok := r.urban["Hanoi"]
	if !ok {
		return false
	}
	for _, u := range s.Units {
		if u.Side == VM && u.Loc == h.Hex {
			return true
		}
	}
	return false
}

// railEntry: the VM gains a victory point when it occupies (ends a move,
// retreat or advance in) a railway hex other than Hanoi's or Haiphong's,
// once a game turn (6.16; RULINGS T42).
func (r *Rules) railEntry(s *State, side, hex string, ev *events) {
	if side != VM || s.RailVP || !r.geo.railHex[hex] {
		return
	}
	if u, ok := r.urbanHex[hex]; ok && (u.Name == "Hanoi" || u.Name == "Haiphong") {
		return
	}
	s.RailVP = true
	r.addVP(s, r.chartInt("victory_points", "vm_occupies_railway_hex"), ev, fmt.Sprintf("6.16: the VM occupies the railway hex %s (once a game turn)", hex))
}
