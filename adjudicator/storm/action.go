package storm

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// action: 6.0. One order of the active side: a unit action (move, fire;
// for the VM also dig and assault), a card, or pass.
func (r *Rules) action(s *State, side Side, f []string, d adjudicator.Dice, ev *[]adjudicator.Event) error {
	switch f[0] {
	case "pass":
		if len(f) != 1 {
			return fmt.Errorf("pass takes nothing more")
		}
		r.pass(s, side, ev)
		return nil
	case "move":
		return r.move(s, side, f[1:], ev)
	case "fire":
		return r.fireOrder(s, side, f[1:], false, ev)
	case "assault":
		if side != VM {
			return fmt.Errorf("only the VM assaults (10.0)")
		}
		return r.fireOrder(s, side, f[1:], true, ev)
	case "dig":
		if side != VM {
			return fmt.Errorf("only the VM digs in (9.0)")
		}
		return r.dig(s, f[1:], ev)
	case "play":
		return r.playCard(s, side, f[1:], d, ev)
	}
	return fmt.Errorf("unknown order %q; give move, fire, %splay or pass", f[0], map[Side]string{VM: "dig, assault, ", French: ""}[side])
}

func areaArg(d *Data, w string) (int, error) {
	a, err := strconv.Atoi(w)
	if err != nil || d.Area[a] == nil {
		return 0, fmt.Errorf("%q is not an area number (1 to %d)", w, len(d.Area))
	}
	return a, nil
}

// pickUnits reads "all" or unit ids among side's fresh units in area a;
// what follows ("with ...", "via ...") is returned.
func (r *Rules) pickUnits(s *State, side Side, a int, f []string) ([]string, []string, error) {
	fresh := r.fresh(s, a, side)
	if len(fresh) == 0 {
		return nil, nil, fmt.Errorf("you have no fresh unit in area %d", a)
	}
	if len(f) == 0 {
		return nil, nil, fmt.Errorf("name the units (all, or their ids: %s)", strings.Join(fresh, " "))
	}
	if f[0] == "all" {
		return fresh, f[1:], nil
	}
	ok := map[string]bool{}
	for _, id := range fresh {
		ok[strings.ToLower(id)] = true
	}
	var ids []string
	seen := map[string]bool{}
	i := 0
	for ; i < len(f); i++ {
		if f[i] == "with" || f[i] == "via" {
			break
		}
		id := r.unitID(f[i])
		if !ok[strings.ToLower(id)] || seen[id] {
			return nil, nil, fmt.Errorf("%q is not one of your fresh units in area %d (%s)", f[i], a, strings.Join(fresh, " "))
		}
		seen[id] = true
		ids = append(ids, id)
	}
	return ids, f[i:], nil
}

// ---- 7.0 movement ----

// stepCost: the cost of entering q from p, for side, moving from start;
// -1 when the step is forbidden.
func (r *Rules) stepCost(s *State, c census, side Side, start, p, q int, armor bool) int {
	d := r.d
	if side == French && d.red[q] {
		return -1
	}
	enemyQ := c.n(q, other(side)) > 0
	if side == VM && c.ctl[q] == French && enemyQ {
		return -1 // 7.0: the VM assaults such an area, it does not move in
	}
	river := d.river[p][q]
	if armor && river {
		return -1 // 7.0: armor crosses only by a bridge
	}
	cost := 1
	if c.ctl[q] != side || enemyQ || river {
		cost++ // RULINGS S3: one extra point for any of the three
	}
	if c.n(p, other(side)) > 0 || (p == start && c.ctl[p] != side) {
		cost++
	}
	return cost
}

// route is the cheapest path from a to b for the stack (ties: the lowest
// area numbers), or the one given with via, and its cost.
func (r *Rules) route(s *State, side Side, a, b int, ids []string, via []int) ([]int, int, error) {
	armor := false
	for _, id := range ids {
		armor = armor || r.d.Unit[id].Type.Armor
	}
	cn := r.census(s)
	room := func(q int) bool { return q == a || cn.n(q, side)+len(ids) <= StackLimit }
	if via != nil {
		path := append(append([]int{a}, via...), b)
		cost := 0
		for i := 1; i < len(path); i++ {
			p, q := path[i-1], path[i]
			if !r.d.Adjacent(p, q) {
				return nil, 0, fmt.Errorf("areas %d and %d do not border each other", p, q)
			}
			c := r.stepCost(s, cn, side, a, p, q, armor)
			if c < 0 {
				return nil, 0, fmt.Errorf("the stack may not enter area %d from %d (7.0)", q, p)
			}
			if !room(q) {
				return nil, 0, fmt.Errorf("area %d would hold more than 9 of your units (7.0)", q)
			}
			cost += c
		}
		return path, cost, nil
	}
	const inf = 1 << 30
	dist := map[int]int{a: 0}
	prev := map[int]int{}
	done := map[int]bool{}
	for {
		u, best := 0, inf
		for _, x := range r.d.AreaIDs {
			if dv, ok := dist[x]; ok && !done[x] && dv < best {
				u, best = x, dv
			}
		}
		if u == 0 || u == b {
			break
		}
		done[u] = true
		for _, q := range r.d.Area[u].Adjacent {
			c := r.stepCost(s, cn, side, a, u, q, armor)
			if c < 0 || !room(q) {
				continue
			}
			if nd := best + c; nd < distOr(dist, q, inf) {
				dist[q], prev[q] = nd, u
			}
		}
	}
	c, ok := dist[b]
	if !ok {
		return nil, 0, fmt.Errorf("the stack cannot reach area %d from %d (7.0)", b, a)
	}
	path := []int{b}
	for x := b; x != a; x = prev[x] {
		path = append([]int{prev[x]}, path...)
	}
	return path, c, nil
}

func distOr(m map[int]int, k, def int) int {
	if v, ok := m[k]; ok {
		return v
	}
	return def
}

// move: 7.0. "move <from> <to> all|<units> [via <areas>]".
func (r *Rules) move(s *State, side Side, f []string, ev *[]adjudicator.Event) error {
	if len(f) < 3 {
		return fmt.Errorf("give move <from> <to> all|<units> [via <areas>]")
	}
	a, err := areaArg(r.d, f[0])
	if err != nil {
		return err
	}
	b, err := areaArg(r.d, f[1])
	if err != nil {
		return err
	}
	if a == b {
		return fmt.Errorf("the stack is already in area %d", a)
	}
	ids, rest, err := r.pickUnits(s, side, a, f[2:])
	if err != nil {
		return err
	}
	var via []int
	if len(rest) > 0 {
		if rest[0] != "via" || len(rest) < 2 {
			return fmt.Errorf("after the units, only via <areas> may follow")
		}
		for _, w := range rest[1:] {
			x, err := areaArg(r.d, w)
			if err != nil {
				return err
			}
			via = append(via, x)
		}
	}
	mp := 99
	for _, id := range ids {
		mp = min(mp, r.d.Unit[id].Type.Move)
	}
	path, cost, err := r.route(s, side, a, b, ids, via)
	if err != nil {
		return err
	}
	if cost > mp {
		return fmt.Errorf("moving from %d to %d costs %d movement points; the stack has %d (7.0: the slowest unit's)", a, b, cost, mp)
	}
	for _, id := range ids {
		s.Units[id].Area, s.Units[id].Spent = b, true
	}
	pub(ev, fmt.Sprintf("%s moves %s from area %d to %d (%d MP).", sideName(side), strings.Join(ids, ", "), a, b, cost), adjudicator.Mark{Kind: "move", From: strconv.Itoa(a), At: strconv.Itoa(b)})
	// 13.0 along the way: an enemy area without enemy units changes hands
	// as the stack enters it
	for _, q := range path[1:] {
		if s.Control[q] != side && len(r.in(s, q, other(side))) == 0 {
			r.takeControl(s, q, side, ev)
		}
	}
	r.settle(s, ev)
	r.endAction(s, side)
	return nil
}

// ---- 9.0 entrenchment ----

// dig: "dig <area> <units>" (two fresh units a level) or "dig <area> card
// <n>" (a card's entrenchment value).
func (r *Rules) dig(s *State, f []string, ev *[]adjudicator.Event) error {
	if len(f) < 2 {
		return fmt.Errorf("give dig <area> <units> (two fresh units a level) or dig <area> card <number>")
	}
	a, err := areaArg(r.d, f[0])
	if err != nil {
		return err
	}
	if s.Control[a] != VM {
		return fmt.Errorf("the VM digs in only in areas it controls (9.0); area %d is France's", a)
	}
	if s.Trench[a] >= MaxTrench {
		return fmt.Errorf("area %d's trenches are at level 3 already (9.0)", a)
	}
	if f[1] == "card" {
		if len(f) != 3 {
			return fmt.Errorf("give dig <area> card <number>")
		}
		ns, err := r.cardNumbers(s, VM, f[2:])
		if err != nil {
			return err
		}
		v := r.d.Entrench[ns[0]]
		_ = s.Cards[VM].DiscardCard(ns[0])
		r.raise(s, a, v, ev, fmt.Sprintf("discarding %s (entrenchment value %d)", r.cardList(VM, ns), v))
		(*ev)[len(*ev)-1].Reveals = true
		r.endAction(s, VM)
		return nil
	}
	ids, rest, err := r.pickUnits(s, VM, a, f[1:])
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("dig takes the units only")
	}
	if len(ids)%2 != 0 {
		return fmt.Errorf("two fresh units a level (9.0): name an even number, not %d", len(ids))
	}
	if need := 2 * (MaxTrench - s.Trench[a]); len(ids) > need {
		return fmt.Errorf("%d units would dig past level 3; %d are enough", len(ids), need)
	}
	for _, id := range ids {
		s.Units[id].Spent = true
	}
	r.raise(s, a, len(ids)/2, ev, strings.Join(ids, ", ")+" digging")
	r.endAction(s, VM)
	return nil
}

func (r *Rules) raise(s *State, a, by int, ev *[]adjudicator.Event, how string) {
	if s.Trench == nil {
		s.Trench = map[int]int{}
	}
	s.Trench[a] = min(MaxTrench, s.Trench[a]+by) // RULINGS S1: raised by the value, to at most 3
	pub(ev, fmt.Sprintf("The VM digs in at area %d (%s): trench level %d.", a, how, s.Trench[a]), adjudicator.Mark{Kind: "dig", At: strconv.Itoa(a)})
}

// ---- 8.0 fire and 10.0 assault orders ----

// fireOrder: "fire <from> <target> all|<units> [with <cards>]",
// "assault <from> <target> all|<units> [with <cards>]".
func (r *Rules) fireOrder(s *State, side Side, f []string, assault bool, ev *[]adjudicator.Event) error {
	verb := "fire"
	if assault {
		verb = "assault"
	}
	if len(f) < 3 {
		return fmt.Errorf("give %s <from> <target> all|<units> [with <cards>]", verb)
	}
	a, err := areaArg(r.d, f[0])
	if err != nil {
		return err
	}
	b, err := areaArg(r.d, f[1])
	if err != nil {
		return err
	}
	ids, rest, err := r.pickUnits(s, side, a, f[2:])
	if err != nil {
		return err
	}
	p := &Attack{By: side, From: a, Target: b, Units: ids, Assault: assault}
	if assault {
		if err := r.canAssault(s, r.census(s), a, b, len(ids), false); err != nil {
			return err
		}
	} else {
		if a != b && !r.d.Adjacent(a, b) {
			return fmt.Errorf("units fire at their own area or an adjacent one (8.1); %d does not border %d", b, a)
		}
		if len(r.in(s, b, other(side))) == 0 {
			return fmt.Errorf("area %d holds no enemy unit", b)
		}
		fire := 0
		for _, id := range ids {
			fire += r.d.Unit[id].Type.Fire
		}
		if fire == 0 {
			return fmt.Errorf("these units have no firepower (8.0)")
		}
	}
	if err := r.modifiers(s, side, p, rest, ev); err != nil {
		return err
	}
	s.Pending = p
	s.Passed = ""
	return nil
}

// canAssault: 10.0.
func (r *Rules) canAssault(s *State, cn census, a, b, n int, surprise bool) error {
	if !r.d.Adjacent(a, b) {
		return fmt.Errorf("an assault goes into an adjacent area (10.0); %d does not border %d", b, a)
	}
	if s.Control[b] != French {
		return fmt.Errorf("area %d is not French-controlled: assault only French areas (10.0)", b)
	}
	if cn.n(b, French) == 0 {
		return fmt.Errorf("area %d holds no French unit: move in instead", b)
	}
	if !surprise && s.Turn > 1 && s.Trench[a] < MaxTrench {
		return fmt.Errorf("an assault needs trench level 3 in area %d (it has %d; 10.0), except on turn 1 or with Surprise Assault", a, s.Trench[a])
	}
	if room := StackLimit - cn.n(b, VM); n > room {
		return fmt.Errorf("area %d has room for %d more VM units: at most %d may assault (10.0)", b, room, room)
	}
	return nil
}

// modifiers reads "with <card>[:<k>] ..." for the attacker's own cards:
// Mortar Support, Flamethrowers, Command Coordination (k: re-roll the
// lower die when it shows k or less) for France; Night Assault and Giap
// Demands Success (k: re-rolls at most) for the VM's assaults.
func (r *Rules) modifiers(s *State, side Side, p *Attack, f []string, ev *[]adjudicator.Event) error {
	if len(f) == 0 {
		return nil
	}
	if f[0] != "with" || len(f) < 2 {
		return fmt.Errorf("after the units, give with <card numbers>")
	}
	used := map[int]bool{}
	for _, w := range f[1:] {
		num, k, hasK := strings.Cut(w, ":")
		n, err := strconv.Atoi(num)
		if err != nil || !s.Cards[side].Hand.Has(n) || used[n] {
			return fmt.Errorf("%q is not a card number in your hand (%s)", w, r.handText(s, side))
		}
		used[n] = true
		kv := 0
		if hasK {
			kv, err = strconv.Atoi(k)
			if err != nil || kv < 1 || kv > 8 {
				return fmt.Errorf("%q: the number after : is 1 to 8", w)
			}
		}
		name := r.d.CardName(side, n)
		switch {
		case name == cMortar && p.Card == 0:
			p.Mortar++
		case name == cFlame && p.Card == 0:
			if p.Flame {
				return fmt.Errorf("one Flamethrowers is enough")
			}
			p.Flame = true
		case name == cCoord && side == French:
			if !hasK || kv > 6 || p.CoordCard != 0 {
				return fmt.Errorf("give Command Coordination as %d:<k>: re-roll the lower die if it shows k (1-6) or less; one card", n)
			}
			p.Coord, p.CoordCard = kv, n
		case name == cNight && p.Assault:
			p.Night++
		case name == cGiap && p.Assault:
			if !hasK || p.GiapCards != nil {
				return fmt.Errorf("give Giap Demands Success as %d:<k>: re-roll up to k times while the area is not cleared; one card", n)
			}
			if kv >= len(p.Units) {
				return fmt.Errorf("at most %d re-roll(s) with %d assaulting units (10.0: fewer than the units)", len(p.Units)-1, len(p.Units))
			}
			p.Giap, p.GiapCards = kv, []int{n}
		default:
			return fmt.Errorf("card %d (%s) does not modify this attack", n, name)
		}
	}
	// the modifiers are played now, before the roll (5.2); Command
	// Coordination and Giap Demands Success only if a re-roll is made
	var ns []int
	for n := range used {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	for _, n := range ns {
		if n == p.CoordCard || (p.GiapCards != nil && n == p.GiapCards[0]) {
			continue
		}
		_ = r.play(s, side, n, ev, fmt.Sprintf(" in the attack on area %d", p.Target))
	}
	return nil
}

// sortedUnits orders units weakest first: defense on their face, then
// firepower, then id.
func (r *Rules) sortedUnits(s *State, ids []string) []string {
	out := append([]string(nil), ids...)
	sort.SliceStable(out, func(i, j int) bool {
		di, dj := r.defense(s, out[i]), r.defense(s, out[j])
		if di != dj {
			return di < dj
		}
		fi, fj := r.d.Unit[out[i]].Type.Fire, r.d.Unit[out[j]].Type.Fire
		if fi != fj {
			return fi < fj
		}
		return out[i] < out[j]
	})
	return out
}
