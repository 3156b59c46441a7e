package tonkin

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// The orders of combat in an operation phase (6.3): `attack` (options e
// and f), `overrun` (option a), `barrage` (options d and g).

// nearDump: u is within 3 hexes of its side's spending supply dump (6.3
// e, f; 6.6 a), a line uncut by enemy units (Basics: Tracing; RULINGS
// T74).
func (r *Rules) nearDump(s *State, u *Unit) bool {
	d := s.spending(u.Side)
	if d == nil || !onMap(d.Loc) || !onMap(u.Loc) {
		return false
	}
	return r.lineWithin(s, u.Side, u.Loc, d.Loc, 3)
}

func hexDist(a, b string) int {
	ra, ca, ok1 := ParseHex(a)
	rb, cb, ok2 := ParseHex(b)
	if !ok1 || !ok2 {
		return 1 << 20
	}
	return Distance(ra, ca, rb, cb)
}

// attackers: the side's units that may attack target with troops now
// (6.3 e: within 3 hexes of the spending dump; 6.6: next to it, into a
// hex they may enter, not across the Chinese border).
func (r *Rules) attackers(s *State, side, target string) []*Unit {
	var out []*Unit
	for _, u := range s.Units {
		if u.Side == side && onMap(u.Loc) && r.fighting(u) && r.nearDump(s, u) && r.canStrike(u, target) == "" {
			out = append(out, u)
		}
	}
	return out
}

// fitStacks keeps, from each hex, the units that fit the target hex's
// stacking limit (Basics: Stacking: "only 11 points may attack or
// overrun" into forest or mountain), the strongest first.
func (r *Rules) fitStacks(us []*Unit, target string) []*Unit {
	lim := r.stackLimit(target)
	used := map[string]int{}
	sorted := slices.Clone(us)
	slices.SortStableFunc(sorted, func(a, b *Unit) int { return r.strength(b) - r.strength(a) })
	var keep []*Unit
	for _, u := range sorted {
		if n := r.values(u).Stack; used[u.Loc]+n <= lim {
			used[u.Loc] += n
			keep = append(keep, u)
		}
	}
	slices.SortFunc(keep, func(a, b *Unit) int { return strings.Compare(a.ID, b.ID) })
	return keep
}

// attackTargets: the hexes the side may attack with troops now.
func (r *Rules) attackTargets(s *State, side string) []string {
	if s.spending(side) == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, u := range s.Units {
		if u.Side != side || !onMap(u.Loc) || !r.fighting(u) || !r.nearDump(s, u) {
			continue
		}
		for _, h := range r.neighbors(u.Loc) {
			if !seen[h] && r.enemyAt(s, side, h) && r.canStrike(u, h) == "" {
				seen[h] = true
				out = append(out, h)
			}
		}
	}
	slices.Sort(out)
	return out
}

// attackOrder: `attack <hex> [rally] [spirit] [lead <unit>] [<unit|unit+unit|hex> ...]`.
// Without units, every unit that may attack does (the strongest that fit
// the stacking limit). `rally` is option f): two points, the attackers'
// Desorg removed first; `spirit` is the VM's Bolshevik spirit (6.12).
func (r *Rules) attackOrder(s *State, side string, args []string, dice adjudicator.Dice, ev *events) error {
	usage := "usage: `attack <hex> [rally] [spirit] [lead <unit>] [<unit|unit+unit|hex> ...]` (6.3 e, f; 6.6)"
	if len(args) == 0 {
		return fail("%s; hexes you may attack now: %s", usage, listOr(r.attackTargets(s, side)))
	}
	target := args[0]
	if _, ok := r.hexes[target]; !ok {
		return fail("%q is not a hex of the map; %s", target, usage)
	}
	if s.spending(side) == nil {
		return fail("6.3: attacks with troops (options e and f) need a spending supply dump, and %s spends none this phase (or it was destroyed)", sideName(side))
	}
	if !r.enemyAt(s, side, target) {
		return fail("6.6: there is no enemy unit at %s to attack; hexes you may attack now: %s", target, listOr(r.attackTargets(s, side)))
	}
	f := &fight{side: side, target: target}
	points := 1
	var picked []*Unit
	for i := 1; i < len(args); i++ {
		w := args[i]
		switch strings.ToLower(w) {
		case "rally":
			points = 2
			continue
		case "spirit":
			if side != VM {
				return fail("6.12: Bolshevik spirit is the VM's")
			}
			f.spirit = true
			continue
		case "lead":
			if i+1 >= len(args) {
				return fail("`lead` names the unit that leads the attack (6.9); %s", usage)
			}
			i++
			f.lead = s.findUnit(side, args[i])
			if f.lead == nil {
				return fail("%q is not one of your units (6.9: the leader is one of the attacking units)%s", args[i], spacedHint(s, side, args, i))
			}
			continue
		}
		if _, ok := r.hexes[w]; ok {
			n := 0
			for _, u := range s.Units {
				if u.Side == side && u.Loc == w && r.fighting(u) {
					if why := r.attackWhy(s, u, target); why != "" {
						continue
					}
					picked = append(picked, u)
					n++
				}
			}
			if n == 0 {
				return fail("%s has no unit at %s that may attack %s (6.3 e: within 3 hexes of the spending supply dump; 6.6: next to it)", sideName(side), w, target)
			}
			continue
		}
		for _, part := range strings.Split(w, "+") {
			u := s.findUnit(side, part)
			if u == nil {
				return fail("%q is not one of your units; %s", part, usage)
			}
			if why := r.attackWhy(s, u, target); why != "" {
				return fail("%s", why)
			}
			if !slices.Contains(picked, u) {
				picked = append(picked, u)
			}
		}
	}
	if points == 2 && (s.Chunk < 2 || s.Forced || *s.ops(side) < 2) {
		return fail("6.1, 6.3 f) costs 2 operation points and %s has %d left in this chunk", sideName(side), s.Chunk)
	}
	if len(picked) == 0 {
		picked = r.fitStacks(r.attackers(s, side, target), target)
		if len(picked) == 0 {
			return fail("6.6: none of your units may attack %s now (6.3 e: within 3 hexes of the spending supply dump, next to the hex, not across the Chinese border)", target)
		}
	} else {
		lim := r.stackLimit(target)
		per := map[string]int{}
		for _, u := range picked {
			per[u.Loc] += r.values(u).Stack
			if per[u.Loc] > lim {
				return fail("Basics (Stacking): only %d stacking points from one hex may attack %s (%s); the units from %s make %d", lim, target, r.hexes[target].Terrain, u.Loc, per[u.Loc])
			}
		}
	}
	if f.lead != nil && !slices.Contains(picked, f.lead) {
		return fail("6.9: the leader %s is not one of the attacking units (%s)", f.lead.ID, unitNames(picked))
	}
	f.att = picked
	if points == 2 {
		n := 0
		for _, u := range picked {
			if u.Desorg {
				u.Desorg = false
				n++
			}
		}
		ev.pub("6.3 f): %s spends 2 operation points: %d Desorg marker(s) removed from the attacking units.", sideName(side), n)
	}
	opt := "e)"
	if points == 2 {
		opt = "f)"
	}
	r.startFight(s, f, &Combat{Points: points, Note: fmt.Sprintf("6.3 %s: %s spends %d operation point(s) (%%d left).", opt, sideName(side), points)}, dice, ev)
	return nil
}

// attackWhy: why u may not attack target now, "" when it may.
func (r *Rules) attackWhy(s *State, u *Unit, target string) string {
	if !onMap(u.Loc) {
		return fmt.Sprintf("%s is not on the map", u.ID)
	}
	if !r.fighting(u) {
		return fmt.Sprintf("%s does not attack with troops (6.5: a dummy may not attack; artillery fires a barrage, 6.6; dumps, the HQ and Uncle Ho have no strength)", u.ID)
	}
	if !r.nearDump(s, u) {
		return fmt.Sprintf("%s at %s is not within 3 hexes of %s's spending supply dump (6.3 e; Basics: Tracing, a line uncut by enemy units)", u.ID, u.Loc, sideName(u.Side))
	}
	return r.canStrike(u, target)
}

// overrunOrder: `overrun <unit|unit+unit|hex> <hex>`: the stack moves
// into the adjacent enemy hex and fights (6.4), for one point (option a).
// A one-hex move is always allowed, even an overrun (5.1).
func (r *Rules) overrunOrder(s *State, side string, args []string, dice adjudicator.Dice, ev *events) error {
	spirit := false
	if len(args) == 3 && strings.EqualFold(args[2], "spirit") {
		// 6.12: "when they overrun or attack with troops" (RULINGS T63)
		if side != VM {
			return fail("6.12: Bolshevik spirit is the VM's")
		}
		spirit, args = true, args[:2]
	}
	if len(args) != 2 {
		return fail("usage: `overrun <unit|unit+unit|hex> <hex> [spirit]`: a stack overruns the enemy in the hex next to it (6.4; `spirit`: the VM's Bolshevik spirit, 6.12)")
	}
	us, err := r.moveUnits(s, side, args[0])
	if err != nil {
		return err
	}
	target := args[1]
	if _, ok := r.hexes[target]; !ok {
		return fail("%q is not a hex of the map", target)
	}
	if !r.enemyAt(s, side, target) {
		return fail("6.4: there is no enemy unit at %s to overrun (move there instead)", target)
	}
	n := 0
	for _, u := range us {
		if why := r.overrunWhy(u, target); why != "" {
			return fail("%s", why)
		}
		n += r.values(u).Stack
	}
	if lim := r.stackLimit(target); n > lim {
		return fail("Basics (Stacking): only %d stacking points may overrun into %s terrain at %s; the stack makes %d", lim, r.hexes[target].Terrain, target, n)
	}
	for _, u := range us {
		u.Moved = true
	}
	r.startFight(s, &fight{side: side, target: target, att: us, overrun: true, spirit: spirit},
		&Combat{Points: 1, Note: fmt.Sprintf("6.3 a): %s spends an operation point (%%d left).", sideName(side))}, dice, ev)
	return nil
}

// overrunWhy: why u may not overrun target, "" when it may.
func (r *Rules) overrunWhy(u *Unit, target string) string {
	if k := r.typ(u).Kind; k == "dummy" || k == "artillery" || k == "hq" || k == "leader" || r.values(u).Str == 0 {
		return fmt.Sprintf("%s may not overrun (6.4, 6.5: a dummy may not attack; artillery, the HQ and Uncle Ho do not fight)", u.ID)
	}
	if why := r.canStrike(u, target); why != "" {
		return why
	}
	if _, _, why := r.baseStep(r.typ(u), u.Loc, target); why != "" {
		return fmt.Sprintf("%s cannot overrun %s: %s (6.4: pay for the terrain, not road/rail)", u.ID, target, why)
	}
	return ""
}

// overrunChoices: the overruns legal now, for the tree.
func (r *Rules) overrunChoices(s *State, side string) []adjudicator.Choice {
	var units []adjudicator.Choice
	byHex := map[string][]*Unit{}
	var hexes []string
	for _, u := range s.Units {
		if u.Side != side || !r.movable(u) {
			continue
		}
		var ts []adjudicator.Choice
		for _, h := range r.neighbors(u.Loc) {
			if r.enemyAt(s, side, h) && r.overrunWhy(u, h) == "" && r.values(u).Stack <= r.stackLimit(h) {
				ts = append(ts, overrunTarget(h, side))
			}
		}
		if len(ts) > 0 {
			units = append(units, adjudicator.Choice{Word: token(u.ID), Next: ts})
			if byHex[u.Loc] == nil {
				hexes = append(hexes, u.Loc)
			}
			byHex[u.Loc] = append(byHex[u.Loc], u)
		}
	}
	slices.Sort(hexes)
	for _, h := range hexes {
		if len(byHex[h]) < 2 {
			continue
		}
		// the whole stack: every unit at h that may move by itself
		all, _ := r.moveUnits(s, side, h)
		var ts []adjudicator.Choice
		for _, t := range r.neighbors(h) {
			if !r.enemyAt(s, side, t) {
				continue
			}
			ok, n := true, 0
			for _, u := range all {
				n += r.values(u).Stack
				if r.overrunWhy(u, t) != "" {
					ok = false
				}
			}
			if ok && n <= r.stackLimit(t) {
				ts = append(ts, overrunTarget(t, side))
			}
		}
		if len(ts) > 0 {
			units = append(units, adjudicator.Choice{Word: h, Help: "overrun with the stack at " + h, Next: ts})
		}
	}
	if len(units) == 0 {
		return nil
	}
	return []adjudicator.Choice{{Word: "overrun", Help: "option a): a stack overruns the enemy next to it for a point (6.4)", Next: units}}
}

// overrunTarget: an overrun's target hex in the tree, with the VM's
// Bolshevik spirit after it (6.12, RULINGS T63).
func overrunTarget(h, side string) adjudicator.Choice {
	c := adjudicator.Choice{Word: h, Complete: true}
	if side == VM {
		c.Next = []adjudicator.Choice{{Word: "spirit", Complete: true, Help: "6.12: Bolshevik spirit: an extra step lost after combat for +1d6"}}
	}
	return c
}

// attackChoices: the attacks legal now, for the tree.
func (r *Rules) attackChoices(s *State, side string) []adjudicator.Choice {
	var ts []adjudicator.Choice
	for _, h := range r.attackTargets(s, side) {
		c := adjudicator.Choice{Word: h, Complete: true, Help: "every unit that may attack " + h}
		if s.Chunk >= 2 && !s.Forced && *s.ops(side) >= 2 {
			c.Next = append(c.Next, adjudicator.Choice{Word: "rally", Complete: true, Help: "option f): 2 points, the attackers' Desorg removed first"})
		}
		if side == VM {
			c.Next = append(c.Next, adjudicator.Choice{Word: "spirit", Complete: true, Help: "6.12: Bolshevik spirit: an extra step lost after combat for +1d6"})
		}
		for _, u := range r.attackers(s, side, h) {
			c.Next = append(c.Next, adjudicator.Choice{Word: token(u.ID), Complete: true})
		}
		ts = append(ts, c)
	}
	if len(ts) == 0 {
		return nil
	}
	return []adjudicator.Choice{{Word: "attack", Help: "option e): attack with troops within 3 hexes of the spending dump (6.6)", Next: ts}}
}

// ---- barrage (6.6) ----

// barrageColumn is the barrage table's column for a total value.
func (r *Rules) barrageColumn(v int) (int, string) {
	cols := r.chartStrings("barrage", "columns")
	for i, c := range cols {
		lo, hi, _ := strings.Cut(strings.TrimSuffix(c, "+"), "-")
		a, _ := strconv.Atoi(lo)
		b, err := strconv.Atoi(hi)
		if err != nil {
			b = 1 << 20
		}
		if v >= a && v <= b {
			return i, c
		}
	}
	return 0, cols[0]
}

// nearFEF: a FEF unit or garrison within 1 hex of hex (6.6 b, c).
func (r *Rules) nearFEF(s *State, hex string) bool {
	for _, u := range s.Units {
		if u.Side == FEF && onMap(u.Loc) && r.typ(u).Kind != "dump" && hexDist(u.Loc, hex) <= 1 {
			return true
		}
	}
	for _, g := range s.Garrisons {
		if hexDist(r.urban[g].Hex, hex) <= 1 {
			return true
		}
	}
	return false
}

// barrageArtillery: the side's artillery that may fire at target now
// (6.6 a: within 3 hexes of the spending dump, the target in its ZOC).
func (r *Rules) barrageArtillery(s *State, side, target string) []*Unit {
	var out []*Unit
	for _, u := range s.Units {
		if u.Side == side && onMap(u.Loc) && r.typ(u).Kind == "artillery" && r.nearDump(s, u) && r.canStrike(u, target) == "" {
			out = append(out, u)
		}
	}
	return out
}

// barrageOrder: `barrage <hex> <source> ...`, sources `air` (an
// airstrike, FEF), `navy` (FEF, a coastal hex) and artillery units.
// Artillery is option g), airstrikes and navy alone option d).
func (r *Rules) barrageOrder(s *State, side string, args []string, dice adjudicator.Dice, ev *events) error {
	usage := "usage: `barrage <hex> <source> [<source> ...]`, each source `air` (one airstrike, FEF), `navy` (FEF, coastal hexes) or an artillery unit (6.6)"
	if len(args) < 2 {
		return fail("%s", usage)
	}
	target := args[0]
	if _, ok := r.hexes[target]; !ok {
		return fail("%q is not a hex of the map; %s", target, usage)
	}
	if !r.enemyAt(s, side, target) {
		return fail("6.6: there is no enemy unit at %s to barrage", target)
	}
	if side == FEF && r.hexes[target].Country == "china" {
		return fail("6.6: you may not attack into a hex you may not move into, a barrage included: %s is in China, where FEF units may not move (5.12, RULINGS T54)", target)
	}
	air, navy := 0, false
	var arts []*Unit
	for _, w := range args[1:] {
		switch strings.ToLower(w) {
		case "air":
			if side != FEF {
				return fail("6.6 b): airstrikes are the FEF's")
			}
			air++
			continue
		case "navy":
			if side != FEF {
				return fail("6.6 c): the navy is the FEF's")
			}
			if navy {
				return fail("6.6 c): the navy fires once in a barrage")
			}
			navy = true
			continue
		}
		u := s.findUnit(side, w)
		if u == nil || r.typ(u).Kind != "artillery" {
			return fail("%q is not one of your artillery units; %s", w, usage)
		}
		if !onMap(u.Loc) {
			return fail("%s is not on the map", u.ID)
		}
		if s.spending(side) == nil {
			return fail("6.3 g): a barrage with artillery needs a spending supply dump, and %s spends none this phase (or it was destroyed)", sideName(side))
		}
		if !r.nearDump(s, u) {
			return fail("6.6 a): %s at %s is more than 3 hexes from the spending supply dump", u.ID, u.Loc)
		}
		if why := r.canStrike(u, target); why != "" {
			return fail("6.6 a): %s", why)
		}
		if slices.Contains(arts, u) {
			return fail("%s fires once in a barrage", u.ID)
		}
		arts = append(arts, u)
	}
	if air > 0 {
		if air > s.FEFStrikes {
			return fail("6.6 b): the FEF has %d airstrike(s) left this turn (6 a turn, halved in rain), not %d", s.FEFStrikes, air)
		}
		if !r.nearFEF(s, target) {
			return fail("6.6 b): an airstrike hits VM units within 1 hex of a FEF unit, and %s is not", target)
		}
	}
	if navy && (!r.hexes[target].Coastal || !r.nearFEF(s, target)) {
		return fail("6.6 c): the navy barrages VM units in a coastal hex within 1 hex of a FEF unit; %s is not", target)
	}
	total := 0
	var parts []string
	for _, u := range arts {
		total += r.strength(u)
		parts = append(parts, fmt.Sprintf("%s %d", u.ID, r.strength(u)))
	}
	if air > 0 {
		v := air * r.chartInt("air_transport", "airstrike_barrage")
		if s.Weather == "rain" {
			v = (v + 1) / 2 // 2.0: half strength in rain (RULINGS T29)
		}
		s.FEFStrikes -= air
		total += v
		parts = append(parts, fmt.Sprintf("%d airstrike(s) %d", air, v))
	}
	if navy {
		v := r.chartInt("air_transport", "navy_barrage")
		total += v
		parts = append(parts, fmt.Sprintf("navy %d", v))
	}
	col, label := r.barrageColumn(total)
	defs := r.defenders(s, side, target)
	drm := 0
	var mods []string
	if t := r.terrainDRM(r.hexes[target].Terrain, 4); t != 0 {
		drm += t
		mods = append(mods, fmt.Sprintf("%s %+d", r.hexes[target].Terrain, t))
	}
	stack, trench := 0, false
	for _, d := range defs {
		if d.garrison != "" && slices.Contains(s.GarrisonTrench, d.garrison) {
			trench = true // an entrenched garrison (6.3 c, RULINGS T71)
		}
		if d.u != nil {
			trench = trench || d.u.Trench
			if side == FEF && (d.u.Hidden || r.Opaque(target)) {
				stack += 2 // RULINGS T29: a counter the FEF cannot identify counts as it looks, 2 (a hidden dummy's)
			} else {
				stack += r.values(d.u).Stack
			}
		} else {
			stack++
		}
	}
	if trench {
		t := r.chartInt("barrage_drm", "trench")
		drm += t
		mods = append(mods, fmt.Sprintf("trench %+d", t))
	}
	if stack > 11 {
		t := r.chartInt("barrage_drm", "stack_over_11_points")
		drm += t
		mods = append(mods, fmt.Sprintf("over 11 stacking points %+d", t))
	}
	capped := r.capDRM(drm)
	a, b := dice.Roll(6), dice.Roll(6)
	roll := a + b + capped
	res := "a miss"
	switch {
	case roll >= r.chartInts("barrage", "DG_DL")[col]:
		res = "DG & DL"
	case roll >= r.chartInts("barrage", "DG")[col]:
		res = "DG"
	}
	ev.pub("6.6: %s barrages %s: %s = %d (column %s); modifiers %s = %+d (at most +-3: %+d); dice %d+%d = %d: %s.",
		capital(sideName(side)), target, strings.Join(parts, ", "), total, label, listOr(mods), drm, capped, a, b, roll, res)
	ev.mark("fire", "", target)
	// The point is spent when the barrage ends: after the step its
	// target chooses (6.13) or a garrison's substitute (6.7).
	p := &Combat{Kind: "barrage", Side: side, Target: target, Points: 1, Stage: "done",
		Note: fmt.Sprintf("6.3: %s spends an operation point on a barrage (%%d left).", sideName(side))}
	if res != "a miss" {
		r.barrageHit(s, p, res, ev)
	}
	r.runFight(s, p, dice, ev)
	return nil
}

// barrageHit: a barrage's result (6.6): the stack is revealed and
// Desorg; on DG & DL it loses one step, or its garrison a hit.
func (r *Rules) barrageHit(s *State, p *Combat, res string, ev *events) {
	side, target := p.Side, p.Target
	// RULINGS T27, T58: a closed forest stack stays closed: the public
	// hears that the stack is hit and loses its step whatever it holds
	// (Uncle Ho or dumps alone included), the VM which units.
	p.Closed = side == FEF && r.Opaque(target)
	if side == FEF {
		r.reveal(s, target, "the barrage's result", p.Closed, ev)
	}
	if p.Closed && !r.enemyAt(s, side, target) {
		p.Closed = false // only dummies were there, and they are gone
	}
	var hit []*Unit
	for _, d := range r.defenders(s, side, target) {
		if d.u != nil && r.typ(d.u).Kind != "dump" && r.typ(d.u).Kind != "hq" && r.typ(d.u).Kind != "leader" {
			d.u.Desorg = true
			hit = append(hit, d.u)
		}
	}
	switch {
	case p.Closed && len(hit) > 0:
		ev.pub("6.17: the VM stack at %s becomes Desorg.", target)
		ev.mark("desorg", "", target)
		ev.to(VM, "6.17: %s become(s) Desorg.", unitNames(hit))
	case p.Closed:
		ev.pub("6.17: the VM stack at %s becomes Desorg.", target)
		ev.mark("desorg", "", target)
		ev.to(VM, "6.17: nothing at %s takes a Desorg marker (Uncle Ho and supply dumps take none).", target)
	case len(hit) > 0:
		ev.pub("6.17: %s become(s) Desorg.", unitNames(hit))
		ev.mark("desorg", "", target)
	}
	if res != "DG & DL" {
		return
	}
	// 6.6: 1 step per stack; artillery may lose steps to a barrage
	// (6.13); its owner names the unit.
	switch {
	case len(hit) > 0 || p.Closed:
		p.Steps, p.Stage = 1, "losses"
	case r.garrisonAt(s, target) != "":
		p.GarHits, p.Stage = 1, "garrison"
	}
}

// barrageChoices: the barrages legal now, for the tree: one source a
// choice (an order may name several).
func (r *Rules) barrageChoices(s *State, side string) []adjudicator.Choice {
	var ts []adjudicator.Choice
	seen := map[string]bool{}
	var cands []string
	for _, u := range s.Units {
		if u.Side == side || !onMap(u.Loc) || seen[u.Loc] {
			continue
		}
		seen[u.Loc] = true
		cands = append(cands, u.Loc)
	}
	if side == VM {
		for _, g := range s.Garrisons {
			if h := r.urban[g].Hex; !seen[h] {
				seen[h] = true
				cands = append(cands, h)
			}
		}
	}
	slices.Sort(cands)
	for _, h := range cands {
		if side == FEF && r.hexes[h].Country == "china" {
			continue // 6.6, 5.12 (RULINGS T54)
		}
		var src []adjudicator.Choice
		if side == FEF && s.FEFStrikes > 0 && r.nearFEF(s, h) {
			src = append(src, adjudicator.Choice{Word: "air", Complete: true, Help: fmt.Sprintf("an airstrike (%d left this turn)", s.FEFStrikes)})
		}
		if side == FEF && r.hexes[h].Coastal && r.nearFEF(s, h) {
			src = append(src, adjudicator.Choice{Word: "navy", Complete: true})
		}
		if s.spending(side) != nil {
			for _, u := range r.barrageArtillery(s, side, h) {
				src = append(src, adjudicator.Choice{Word: token(u.ID), Complete: true})
			}
		}
		if len(src) > 0 {
			ts = append(ts, adjudicator.Choice{Word: h, Next: src})
		}
	}
	if len(ts) == 0 {
		return nil
	}
	return []adjudicator.Choice{{Word: "barrage", Help: "options d) and g): a barrage with airstrikes, navy or artillery (6.6)", Next: ts}}
}
