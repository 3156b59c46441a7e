package tonkin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// An overrun is part of a move (6.3 a, 6.4; RULINGS T62): "a) Move a
// stack of units and/or supply dumps. Units may overrun." and "If the
// defender retreats or dies all units which participated in the attack
// must advance into the hex. They may, if possible, continue moving.
// Units not participating in an overrun may still move along with the
// overrunning units." In an operation phase `move <units> <path>
// [spirit] [along <unit+unit>]` may step into enemy hexes: each such
// step is an overrun, fought when the stack reaches it; the rest of the
// path is taken only if the overrun clears the hex. The whole move is
// one operation point, spent when the move ends.

// overrunPlan is a move with overruns, as ordered.
type overrunPlan struct {
	us     []*Unit
	path   []string        // the hexes after the start, overrun hexes included
	over   []string        // the hexes of path overrun (enemy hexes)
	along  map[string]bool // units that move along without overrunning
	spirit bool            // 6.12: the VM's Bolshevik spirit, for every overrun of the move
	// slack: each unit's points to spare after each overrun when the
	// path needs an overrun's 3 back (RULINGS T62 c); nil when it does
	// not (Combat.Slack)
	slack map[string][]int
}

// overrunWords splits a move's words into its hexes, `spirit` and the
// units of `along`.
func overrunWords(args []string) (hexes []string, spirit bool, along string, ok bool) {
	for i := 0; i < len(args); i++ {
		switch strings.ToLower(args[i]) {
		case "spirit":
			spirit = true
		case "along":
			if i+1 >= len(args) || along != "" {
				return nil, false, "", false
			}
			i++
			along = args[i]
		default:
			hexes = append(hexes, args[i])
		}
	}
	return hexes, spirit, along, true
}

// isOverrunMove: a move order (args after `move`) that overruns: it names
// `spirit` or `along`, or a hex of its path holds the enemy and the move
// is not legal as a plain one (a Dinassaut or an infiltrator passing
// through the enemy's hex moves, 5.7, 5.9, 5.11).
func (r *Rules) isOverrunMove(s *State, side string, args []string) bool {
	if len(args) < 2 {
		return false
	}
	hexes, spirit, along, ok := overrunWords(args[1:])
	if !ok || spirit || along != "" {
		return true
	}
	enemy := false
	for _, h := range hexes {
		if _, ok := r.hexes[h]; !ok {
			return false
		}
		enemy = enemy || r.enemyAt(s, side, h)
	}
	if !enemy {
		return false
	}
	us, err := r.moveUnits(s, side, args[0])
	if err != nil {
		return false
	}
	if _, why := r.routeFor(r.moveBoard(s, side), us, hexes); why == "" {
		return false
	}
	if side == VM && !slices.ContainsFunc(us, func(u *Unit) bool { return !r.infiltrator(u) }) {
		if _, why := r.routeFor(r.infilBoard(s), us, hexes); why == "" {
			return false
		}
	}
	return true
}

// overrunUsage is the order's form.
const overrunUsage = "usage: `move <unit|unit+unit|hex> <hex> ... [spirit] [along <unit+unit>]`: a path whose step into an enemy hex is an overrun (6.4), the first overrun's hex next to the stack or reached by a path of adjacent hexes, and after the last overrun a path or a destination; `spirit`: the VM's Bolshevik spirit (6.12); `along`: units moving with the stack that do not overrun (RULINGS T62)"

// planOverrun reads and judges a move with overruns; the plan, or why
// it is refused.
func (r *Rules) planOverrun(s *State, side string, args []string) (*overrunPlan, error) {
	return r.planOverrunOn(s, side, args, nil)
}

// planOverrunOn is planOverrun on the side's board b (nil: built here),
// which it leaves as it found it; the legal tree builds one for all.
func (r *Rules) planOverrunOn(s *State, side string, args []string, b *moveBoard) (*overrunPlan, error) {
	if len(args) < 2 {
		return nil, fail("%s", overrunUsage)
	}
	us, err := r.moveUnits(s, side, args[0])
	if err != nil {
		return nil, err
	}
	hexes, spirit, alongW, ok := overrunWords(args[1:])
	if !ok || len(hexes) == 0 {
		return nil, fail("%s", overrunUsage)
	}
	if spirit && side != VM {
		return nil, fail("6.12: Bolshevik spirit is the VM's")
	}
	p := &overrunPlan{us: us, spirit: spirit, along: map[string]bool{}}
	if alongW != "" {
		for _, w := range strings.Split(alongW, "+") {
			u := s.findUnit(side, w)
			if u == nil || !slices.Contains(us, u) {
				return nil, fail("%q is not one of the units moving (%s): `along` names units of the move that do not overrun (6.4)", w, unitNames(us))
			}
			p.along[u.ID] = true
		}
	}
	for _, h := range hexes {
		if _, ok := r.hexes[h]; !ok {
			return nil, fail("%q is not a hex of the map; %s", h, overrunUsage)
		}
	}
	from := us[0].Loc
	if !Adjacent(from, hexes[0]) {
		return nil, fail("%s is not next to %s: name the path of adjacent hexes to the hex next to the enemy, the overrun's hex in it (RULINGS T62)", hexes[0], from)
	}
	if b == nil {
		b = r.moveBoard(s, side)
	}
	// the overruns: the path's enemy hexes, up to the last one named;
	// after it a destination alone takes the least-cost route (as 5.1's
	// move orders do)
	last := -1
	for i, h := range hexes {
		// the board's enemy hexes: enemyAt's, counted once (the
		// other side's units and, against the VM, garrisons)
		if b.enemyAt[r.geo.idx[h]] {
			p.over = append(p.over, h)
			last = i
		}
	}
	if last < 0 {
		return nil, fail("6.4: no hex of the path holds the enemy: there is nothing to overrun")
	}
	path := slices.Clone(hexes[:last+1])
	rest := hexes[last+1:]
	for i := 1; i < len(path); i++ {
		if !Adjacent(path[i-1], path[i]) {
			return nil, fail("%s is not next to %s: up to the last overrun, give a path of adjacent hexes (RULINGS T62)", path[i], path[i-1])
		}
	}
	if len(rest) == 1 && !Adjacent(path[len(path)-1], rest[0]) {
		slow := slowest(r, us)
		cost, touched, why := r.checkPathX(b, slow, path, p.over)
		if why != "" {
			return nil, fail("%s", why)
		}
		ma, dbl := r.allowance(slow)
		if !touched && dbl {
			ma *= 2
		}
		// the points left after the last overrun, its 3 and the earlier
		// ones' not paid (RULINGS T62 c: the rest is taken only if they
		// are not, or if the stack has them all the same)
		tail := r.tailRoute(b, slow, path[len(path)-1], ma-cost, p.over, rest[0])
		if tail == nil {
			return nil, fail("%s cannot reach %s after overrunning %s: no route within the movement points left, even if the overrun costs no 3 more (6.4: the terrain and 3 more, the 3 not paid when the defender is a dummy or retreats before combat); name a path of adjacent hexes to see where it stops", slow.ID, rest[0], path[len(path)-1])
		}
		rest = tail
	}
	p.path = append(path, rest...)
	slacks := map[string][]int{}
	needs := false
	for _, u := range us {
		_, _, slack, why := r.overrunPath(b, u, p.path, p.over)
		if why != "" {
			return nil, fail("%s", why)
		}
		slacks[u.ID] = slack
		// RULINGS T62 c: whether the path needs an overrun's 3 back:
		// not when it is affordable with every 3 paid, and then the move
		// goes on whatever the fights cost, as ordered
		for k, x := range slack {
			needs = needs || x < overrunRefund*(k+1)
		}
	}
	if needs {
		p.slack = slacks
	}
	// who overruns each hex: the fighting units not moving along (6.4,
	// 6.5: not a dummy; artillery, the HQ and Uncle Ho do not fight), at
	// most the hex's stacking limit (Basics: "only 11 points may attack
	// or overrun")
	for k, h := range p.path {
		if !slices.Contains(p.over, h) {
			continue
		}
		prev := from
		if k > 0 {
			prev = p.path[k-1]
		}
		parts, n := 0, 0
		for _, u := range us {
			if p.along[u.ID] || !r.overrunner(u) {
				continue
			}
			// 6.6: not across the Chinese border, not where it may not
			// move; a Dinassaut along the water only (5.7, T76)
			if why := r.canStrikeFrom(u, prev, h); why != "" {
				return nil, fail("%s", why)
			}
			parts++
			n += r.values(u).Stack
		}
		if parts == 0 {
			return nil, fail("6.4: none of %s may overrun %s (a dummy may not attack; artillery, the HQ and Uncle Ho do not fight, 6.5, 6.13)", unitNames(us), h)
		}
		if lim := r.stackLimit(h); n > lim {
			return nil, fail("Basics (Stacking): only %d stacking points may overrun into %s terrain at %s; the overrunning units make %d (name the others with `along <unit+unit>`: they move with the stack without overrunning)", lim, r.hexes[h].Terrain, h, n)
		}
		// the stack waits next to the hex while it fights, and enters it
		for _, stop := range []string{prev, h} {
			if stop == from {
				continue
			}
			if why := r.stackRoom(s, side, us, stop); why != "" {
				return nil, fail("%s", why)
			}
		}
	}
	if dest := p.path[len(p.path)-1]; dest != from {
		if why := r.stackRoom(s, side, us, dest); why != "" {
			return nil, fail("%s", why)
		}
	}
	return p, nil
}

// overrunner: a unit that may take part in an overrun (6.4, 6.5: a dummy
// may not attack; artillery, the HQ, Uncle Ho and dumps do not fight).
func (r *Rules) overrunner(u *Unit) bool {
	k := r.typ(u).Kind
	return k != "dummy" && k != "artillery" && k != "hq" && k != "leader" && k != "dump" && r.values(u).Str > 0
}

// tailRoute: the least-cost route from hex at (the last overrun's hex,
// counted empty) to dest within left half points, or nil.
func (r *Rules) tailRoute(b *moveBoard, u *Unit, at string, left int, over []string, dest string) []string {
	if left <= 0 {
		return nil
	}
	var cleared []int32
	for _, h := range over {
		if i, ok := r.geo.idx[h]; ok && b.enemyAt[i] {
			b.enemyAt[i] = false
			cleared = append(cleared, i)
		}
	}
	rt := r.reachFrom(b, r.class(r.typ(u)), at, left, false)
	p := rt.path(dest)
	for _, i := range cleared {
		b.enemyAt[i] = true
	}
	return p
}

// overrunMove carries out a move with overruns: the stack moves to the
// hex next to the first overrun and fights (fight.go); the rest follows
// when the fight ends (continueMove).
func (r *Rules) overrunMove(s *State, side string, args []string, dice adjudicator.Dice, ev *events) error {
	p, err := r.planOverrun(s, side, args)
	if err != nil {
		return err
	}
	var along []string
	for _, u := range p.us {
		u.Moved = true
		if p.along[u.ID] || !r.overrunner(u) {
			along = append(along, u.ID)
		}
	}
	r.stepOn(s, side, p.us, p.path, p.over, &Combat{Points: 1, Note: fmt.Sprintf("6.3 a): %s spends an operation point (%%d left).", sideName(side)),
		Along: along, Spirit: p.spirit, Slack: p.slack}, dice, ev)
	return nil
}

// stepOn moves the stack us along path to the hex before its next
// overrun and starts that fight, carrying the move's rest in the combat
// p; with no overrun left it moves to the path's end, and the move's
// point is spent.
func (r *Rules) stepOn(s *State, side string, us []*Unit, path, over []string, p *Combat, dice adjudicator.Dice, ev *events) {
	k := slices.IndexFunc(path, func(h string) bool { return slices.Contains(over, h) })
	seg := path
	if k >= 0 {
		seg = path[:k]
	}
	if len(seg) > 0 {
		r.moveStack(s, side, us, seg, ev)
	}
	if k < 0 {
		ev.pub(p.Note, *s.ops(side)-p.Points)
		for range p.Points {
			if s.Phase == PhaseOver || s.Mover != side {
				break
			}
			r.spendPoint(s, dice, ev)
		}
		return
	}
	var att []*Unit
	for _, u := range us {
		if !slices.Contains(p.Along, u.ID) {
			att = append(att, u)
		}
	}
	q := &Combat{Points: p.Points, Note: p.Note, Along: p.Along, Spirit: p.Spirit, Move: true, Evaded: slices.Clone(p.Evaded),
		Path: slices.Clone(path[k+1:]), Over: slices.DeleteFunc(slices.Clone(over), func(h string) bool { return h == path[k] }), Slack: cloneSlack(p.Slack)}
	r.startFight(s, &fight{side: side, target: path[k], att: att, overrun: true, spirit: p.Spirit}, q, dice, ev)
}

// moveStack moves us along seg (a legal path judged with the order),
// with 6.10's trenches and the railway point (6.16).
func (r *Rules) moveStack(s *State, side string, us []*Unit, seg []string, ev *events) {
	from, dest := us[0].Loc, seg[len(seg)-1]
	entrenched := false
	for _, u := range s.Units {
		if u.Side == side && u.Loc == dest && u.Trench && !slices.Contains(us, u) {
			entrenched = true
		}
	}
	for _, u := range us {
		u.Loc, u.Moved, u.Trench = dest, true, entrenched
	}
	r.announceMove(s, side, us, from, seg, ev)
	r.railEntry(s, side, dest, ev)
}

// continueMove: the fight of a move's overrun is over (RULINGS T62). If
// the hex was cleared and the overrunning units advanced, the units
// moving along follow and the stack goes on along the rest of its path
// (the next overrun, if any, is fought in turn); else the move ends
// where the stack stands. It reports whether a further fight began (its
// end spends the point).
func (r *Rules) continueMove(s *State, p *Combat, dice adjudicator.Dice, ev *events) bool {
	side := p.Side
	var stack, along []*Unit
	cleared := false
	for _, id := range p.Att {
		if u := s.unit(id); u != nil && onMap(u.Loc) {
			stack = append(stack, u)
			cleared = cleared || u.Loc == p.Target
		}
	}
	for _, id := range p.Along {
		if u := s.unit(id); u != nil && onMap(u.Loc) {
			along = append(along, u)
		}
	}
	if !cleared || r.enemyAt(s, side, p.Target) {
		if len(p.Path) > 0 || len(along) > 0 {
			ev.pub("6.4: the overrun of %s did not clear it: the move ends there and the rest of its path is not taken (RULINGS T62).", p.Target)
		}
		return false
	}
	stack = slices.DeleteFunc(stack, func(u *Unit) bool { return u.Loc != p.Target })
	if len(along) > 0 {
		if why := r.stackRoom(s, side, along, p.Target); why != "" {
			ev.pub("6.4: the units moving along stay where they are: %s.", why)
		} else {
			r.moveStack(s, side, along, []string{p.Target}, ev)
			stack = append(stack, along...)
		}
	}
	if len(p.Path) == 0 {
		return false
	}
	// RULINGS T62 c: a rest of the path that needs this overrun's 3 back
	// is taken if they were not paid (the defender a dummy, or gone
	// before combat) or if every unit has them to spare; else the move
	// ends in the hex
	var slack map[string][]int
	if p.Slack != nil {
		paid := overrunRefund
		if p.Refund {
			paid = 0
		}
		slack = map[string][]int{}
		var short []*Unit
		for _, u := range stack {
			sl := p.Slack[u.ID]
			if len(sl) == 0 {
				continue
			}
			if sl[0] < paid {
				short = append(short, u)
			}
			rest := slices.Clone(sl[1:])
			for i := range rest {
				rest[i] -= paid
			}
			slack[u.ID] = rest
		}
		if len(short) > 0 {
			ev.pub("6.4: the overrun of %s cost the terrain and 3 more movement points, its defender being neither a dummy nor gone before combat: %s has not the points left to go on; the move ends at %s (RULINGS T62 c).", p.Target, unitNames(short), p.Target)
			return false
		}
		if p.Refund {
			ev.pub("6.4: the overrun of %s costs no 3 more movement points, its defender being a dummy or gone before combat (RULINGS T62 c).", p.Target)
		}
	}
	// the rest as ordered, while it stays legal: a hex now holding the
	// enemy that the order did not overrun, or a stop over the stacking
	// limit, ends the move where the stack stands
	path := p.Path
	next := slices.IndexFunc(path, func(h string) bool { return slices.Contains(p.Over, h) })
	seg := path
	if next >= 0 {
		seg = path[:next]
	}
	for _, h := range seg {
		if r.enemyAt(s, side, h) {
			ev.pub("6.4: %s now holds enemy units the move did not overrun: the move ends at %s (RULINGS T62).", h, p.Target)
			return false
		}
	}
	if len(seg) > 0 {
		if why := r.stackRoom(s, side, stack, seg[len(seg)-1]); why != "" {
			ev.pub("6.4: the move ends at %s: %s (RULINGS T62).", p.Target, why)
			return false
		}
	}
	q := &Combat{Points: p.Points, Note: p.Note, Along: p.Along, Spirit: p.Spirit, Evaded: p.Evaded, Slack: slack}
	s.Combat = nil
	r.stepOn(s, side, stack, path, p.Over, q, dice, ev)
	return true
}

// overrunMoveChoices: for the tree, each stack's overrun of an enemy
// hex next to it, and after it the hexes next to that one its movement
// points left reach (RULINGS T62 g). A path to a hex next to the enemy before
// the overrun is accepted typed (the tree cannot list every path).
func (r *Rules) overrunMoveChoices(s *State, side string) []adjudicator.Choice {
	var units []adjudicator.Choice
	byHex := map[string][]*Unit{}
	var hexes []string
	b := r.moveBoard(s, side)
	cache := map[string][]adjudicator.Choice{}
	targets := func(us []*Unit) []adjudicator.Choice {
		var out []adjudicator.Choice
		for _, h := range r.neighbors(us[0].Loc) {
			if !b.enemyAt[r.geo.idx[h]] { // enemyAt, counted once
				continue
			}
			args := []string{us[0].Loc, h}
			if len(us) == 1 {
				args[0] = token(us[0].ID)
			}
			if _, err := r.planOverrunOn(s, side, args, b); err != nil {
				continue
			}
			c := overrunTarget(h, side)
			for _, d := range r.overrunTails(s, b, side, us, h, args) {
				c.Next = append(c.Next, adjudicator.Choice{Word: d, Complete: true})
			}
			out = append(out, c)
		}
		return out
	}
	for _, u := range s.Units {
		if u.Side != side || !r.movable(u) || !r.overrunner(u) {
			continue
		}
		k := fmt.Sprintf("%s|%s|%v|%v|%d|%d", u.Type, u.Loc, u.Desorg, u.OoS, r.values(u).Stack, r.values(u).Str)
		ts, ok := cache[k]
		if !ok {
			ts = targets([]*Unit{u})
			cache[k] = ts
		}
		if len(ts) > 0 {
			units = append(units, adjudicator.Choice{Word: token(u.ID), Next: ts})
		}
		if byHex[u.Loc] == nil {
			hexes = append(hexes, u.Loc)
		}
		byHex[u.Loc] = append(byHex[u.Loc], u)
	}
	slices.Sort(hexes)
	for _, h := range hexes {
		all, _ := r.moveUnits(s, side, h)
		if len(all) < 2 {
			continue
		}
		if ts := targets(all); len(ts) > 0 {
			units = append(units, adjudicator.Choice{Word: h, Help: "move the stack at " + h, Next: ts})
		}
	}
	return units
}

// overrunTails: the destinations after overrunning h that the order
// accepts (judged by planOverrun itself, so the tree offers no order
// it would refuse).
func (r *Rules) overrunTails(s *State, b *moveBoard, side string, us []*Unit, h string, args []string) []string {
	slow := slowest(r, us)
	cost, touched, why := r.checkPathX(b, slow, []string{h}, []string{h})
	if why != "" {
		return nil
	}
	ma, dbl := r.allowance(slow)
	if !touched && dbl {
		ma *= 2
	}
	if ma-cost <= 0 {
		return nil
	}
	var cands []string
	for _, n := range r.neighbors(h) {
		if n != us[0].Loc && !b.enemyAt[r.geo.idx[n]] { // enemyAt, counted once
			cands = append(cands, n)
		}
	}
	var out []string
	for _, d := range cands {
		if _, err := r.planOverrunOn(s, side, append(slices.Clone(args), d), b); err == nil {
			out = append(out, d)
		}
	}
	return out
}
