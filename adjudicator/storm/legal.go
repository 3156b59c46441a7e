package storm

import (
	"fmt"
	"strconv"

	"github.com/umpirebot/umpire/adjudicator"
)

type choice = adjudicator.Choice

func leaf(w, help string) choice { return choice{Word: w, Help: help, Complete: true} }

// Legal: the tree of side's legal orders now (autocomplete, /help, the
// playouts). It is built from what side may see: its own hand and the
// public board.
func (r *Rules) Legal(st adjudicator.State, side Side) []choice {
	s := st.(*State)
	out := r.legal(s, side)
	if s.Step != stepOver && (side == French || side == VM) {
		out = append(out, r.standingTree(side))
	}
	return out
}

func (r *Rules) legal(s *State, side Side) []choice {
	if s.Step == stepOver || !r.Prompt(s).Awaits(side) {
		return nil
	}
	if s.Ask != nil {
		return r.askTree(s)
	}
	switch s.Step {
	case stepBid:
		var cs []choice
		for n := 1; n <= r.victoryAreas(); n++ {
			cs = append(cs, leaf(strconv.Itoa(n), "victory areas"))
		}
		return []choice{{Word: "bid", Help: "your sealed bid (15.0)", Arg: "victory areas", Next: cs}}
	case stepDraw:
		return []choice{leaf("draw", "both sides draw their hands (5.1)")}
	case stepHandLimit:
		return []choice{{Word: "discard", Help: "the cards over your hand size", Next: r.subsets(s, side, s.Excess[side], true)}}
	case stepVMPassed:
		return []choice{leaf("end", "end the action phase"), {Word: "discard", Help: "discard a card to act again (4.0-B)", Next: r.subsets(s, French, 1, true)}}
	case stepDiscardVM, stepDiscardFr:
		return []choice{leaf("keep", "keep your cards"), {Word: "discard", Help: "discard cards (5.3)", Next: r.subsets(s, side, len(s.Cards[side].Hand), false)}}
	case stepNoSupply:
		return []choice{{Word: "nosupply", Help: "the French areas without supply (11.0)", Next: r.areaSets(s, s.Due, 0)}}
	case stepPlaceVM, stepPlaceFrench:
		var areas []choice
		for _, a := range r.placeAreas(s, side) {
			c := choice{Word: strconv.Itoa(a), Help: r.d.Area[a].Name}
			c.Next = append(c.Next, leaf("all", "every unit to place, as many as fit"))
			for _, id := range r.toPlace(s, side) {
				c.Next = append(c.Next, leaf(id, r.d.Unit[id].Group))
			}
			areas = append(areas, c)
		}
		return []choice{{Word: "place", Help: "place reinforcements (12.3)", Next: areas}}
	case stepDetonate:
		c := choice{Word: "retreat", Help: "retreat units before the mine explodes", Next: []choice{leaf("none", "stay")}}
		for _, id := range r.in(s, s.Detonate, French) {
			c.Next = append(c.Next, leaf(id, r.d.Unit[id].Group))
		}
		return []choice{c}
	case stepAction:
		return r.actionTree(s, side)
	}
	return nil
}

func (r *Rules) standingTree(side Side) choice {
	c := choice{Word: adjudicator.StandingWord, Help: "your standing reactions and damage policy (private)"}
	for _, rc := range reactions {
		if rc.Side != side {
			continue
		}
		play := choice{Word: "play", Help: "play the card whenever it fits and you hold it", Complete: true}
		for n := 1; n <= 9; n++ {
			play.Next = append(play.Next, leaf(strconv.Itoa(n), "when "+rc.Measure+" is at least this"))
		}
		c.Next = append(c.Next, choice{Word: rc.Kind, Help: fmt.Sprintf("%v; measure: %s", rc.Cards, rc.Measure),
			Next: []choice{leaf("never", "never play it here"), leaf("ask", "ask me each time (the game waits on you)"), play}})
	}
	c.Next = append(c.Next, choice{Word: "retreat", Help: "where retreats that tie on enemy units go (8.4.2)",
		Next: []choice{leaf("lowest", "the lowest area number"), leaf("join", "the area with most of your units"), leaf("spread", "the area with fewest of your units")}})
	c.Next = append(c.Next, choice{Word: "damage", Help: "how your hit units take damage (8.4)",
		Next: []choice{leaf("spread", "flip, then retreat, then eliminate, weakest first"), leaf("stand", "flip, then eliminate; retreat with a last point only"), leaf("ask", "ask me to allocate each time")}})
	return c
}

func (r *Rules) askTree(s *State) []choice {
	q := s.Ask
	if q.Kind == "withdraw" {
		// Mines: exactly as many units as the roll (RULINGS S12)
		var rec func(from, left int) []choice
		units := s.Pending.Units
		rec = func(from, left int) []choice {
			var out []choice
			for i := from; i < len(units); i++ {
				c := choice{Word: units[i], Help: r.d.Unit[units[i]].Group, Complete: left == 1}
				if left > 1 {
					c.Next = rec(i+1, left-1)
				}
				if c.Complete || len(c.Next) > 0 {
					out = append(out, c)
				}
			}
			return out
		}
		return []choice{{Word: "withdraw", Help: "the units Mines withdraws (your choice)",
			Next: append([]choice{leaf("weakest", "the weakest units")}, rec(0, q.Measure)...)}}
	}
	if q.Kind == "allocate" {
		// or allocate <unit>:<points> ..., as the decision says
		return []choice{{Word: "allocate", Help: "allocate the damage (8.4)", Next: []choice{
			leaf("spread", "flip, then retreat, then eliminate, weakest first"), leaf("stand", "flip, then eliminate")}}}
	}
	rc, _ := reactionOf(baseKind(q.Kind))
	out := []choice{leaf("pass", "play nothing")}
	var cs []choice
	for _, n := range r.held(s, q.Side, rc.Cards...) {
		if !r.playable(s, q.Side, n) {
			continue
		}
		c := leaf(strconv.Itoa(n), r.d.CardName(q.Side, n))
		if q.Kind == "emergency-replacements" {
			for _, a := range r.d.AreaIDs {
				if s.Control[a] == VM && len(r.in(s, a, VM)) < StackLimit {
					c.Next = append(c.Next, choice{Word: "at", Next: []choice{leaf(strconv.Itoa(a), r.d.Area[a].Name)}})
					break
				}
			}
		}
		cs = append(cs, c)
	}
	if len(cs) > 0 {
		out = append(out, choice{Word: "play", Help: "play a card", Next: cs})
	}
	return out
}

// subsets: card numbers of side's hand, k of them exactly (exact) or 1
// to k, in ascending order.
func (r *Rules) subsets(s *State, side Side, k int, exact bool) []choice {
	hand := s.Cards[side].Hand
	var rec func(from, left int) []choice
	rec = func(from, left int) []choice {
		if left == 0 {
			return nil
		}
		var out []choice
		for i := from; i < len(hand); i++ {
			c := choice{Word: strconv.Itoa(hand[i]), Help: r.d.CardName(side, hand[i]), Complete: !exact || left == 1}
			c.Next = rec(i+1, left-1)
			if c.Complete || len(c.Next) > 0 {
				out = append(out, c)
			}
		}
		return out
	}
	return rec(0, k)
}

// areaSets: k French areas in ascending order.
func (r *Rules) areaSets(s *State, k, from int) []choice {
	if k == 0 {
		return nil
	}
	var out []choice
	for _, a := range r.d.AreaIDs {
		if a <= from || s.Control[a] != French {
			continue
		}
		c := choice{Word: strconv.Itoa(a), Help: r.d.Area[a].Name, Complete: k == 1}
		c.Next = r.areaSets(s, k-1, a)
		if c.Complete || len(c.Next) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// dists: the cost of reaching every area from a for a stack of n units,
// by area number (-1: out of reach).
func (r *Rules) dists(s *State, cn census, side Side, a, n int, armor bool) []int {
	const inf = 1 << 30
	dist := make([]int, r.d.top+1)
	for i := range dist {
		dist[i] = inf
	}
	done := make([]bool, r.d.top+1)
	dist[a] = 0
	for {
		u, best := 0, inf
		for _, x := range r.d.AreaIDs {
			if !done[x] && dist[x] < best {
				u, best = x, dist[x]
			}
		}
		if u == 0 {
			break
		}
		done[u] = true
		for _, q := range r.d.Area[u].Adjacent {
			if done[q] || cn.n(q, side)+n > StackLimit {
				continue
			}
			c := r.stepCost(s, cn, side, a, u, q, armor)
			if c < 0 {
				continue
			}
			if nd := best + c; nd < dist[q] {
				dist[q] = nd
			}
		}
	}
	for i := range dist {
		if dist[i] == inf {
			dist[i] = -1
		}
	}
	return dist
}

func (r *Rules) unitLeaves(ids []string) []choice {
	out := make([]choice, 0, len(ids))
	for _, id := range ids {
		out = append(out, r.unitLeaf(id))
	}
	return out
}

// unitLeaf: a unit as a leaf of the tree, its help its battalion and
// printed values.
func (r *Rules) unitLeaf(id string) choice {
	return leaf(id, r.d.unitHelp[r.d.unitIx[id]])
}

func (r *Rules) actionTree(s *State, side Side) []choice {
	out := []choice{leaf("pass", "end your part of the action phase (4.0-B)")}
	var moves, fires, assaults, digs []choice
	cn := r.census(s)
	for _, a := range r.d.AreaIDs {
		fresh := cn.fresh(s, a, side)
		if len(fresh) == 0 {
			continue
		}
		// move: the costs for the whole stack and for one unit of each
		// kind (armor or not) the stack holds
		mp, armor, foot := 99, false, false
		for _, id := range fresh {
			mp = min(mp, r.d.Unit[id].Type.Move)
			armor = armor || r.d.Unit[id].Type.Armor
			foot = foot || !r.d.Unit[id].Type.Armor
		}
		var one [2][]int
		if foot {
			one[0] = r.dists(s, cn, side, a, 1, false)
		}
		if armor {
			one[1] = r.dists(s, cn, side, a, 1, true)
		}
		all := one[map[bool]int{false: 0, true: 1}[armor]]
		if len(fresh) > 1 {
			all = r.dists(s, cn, side, a, len(fresh), armor)
		}
		mv := choice{Word: strconv.Itoa(a), Help: r.d.Area[a].Name}
		for _, b := range r.d.AreaIDs {
			if b == a {
				continue
			}
			dc := choice{Word: strconv.Itoa(b), Help: r.d.Area[b].Name}
			if c := all[b]; c >= 0 && c <= mp {
				dc.Next = append(dc.Next, leaf("all", fmt.Sprintf("the %d fresh units (%d MP)", len(fresh), c)))
			}
			for _, id := range fresh {
				t := r.d.Unit[id].Type
				k := 0
				if t.Armor {
					k = 1
				}
				if c := one[k][b]; c >= 0 && c <= t.Move {
					dc.Next = append(dc.Next, r.unitLeaf(id))
				}
			}
			if len(dc.Next) > 0 {
				mv.Next = append(mv.Next, dc)
			}
		}
		if len(mv.Next) > 0 {
			moves = append(moves, mv)
		}
		// fire
		var shooters []string
		for _, id := range fresh {
			if r.d.Unit[id].Type.Fire > 0 {
				shooters = append(shooters, id)
			}
		}
		if len(shooters) > 0 {
			fc := choice{Word: strconv.Itoa(a), Help: r.d.Area[a].Name}
			for _, b := range append([]int{a}, r.d.Area[a].Adjacent...) {
				if cn.n(b, other(side)) == 0 {
					continue
				}
				allC := leaf("all", "every fresh unit with firepower")
				allC.Next = r.withTree(s, side, false, len(shooters))
				tc := choice{Word: strconv.Itoa(b), Help: r.d.Area[b].Name, Next: append([]choice{allC}, r.unitLeaves(shooters)...)}
				fc.Next = append(fc.Next, tc)
			}
			if len(fc.Next) > 0 {
				fires = append(fires, fc)
			}
		}
		if side == VM {
			if c, ok := r.assaultChoice(s, cn, a, fresh, false); ok {
				assaults = append(assaults, c)
			}
			if s.Control[a] == VM && s.Trench[a] < MaxTrench && len(fresh) >= 2 {
				dc := choice{Word: strconv.Itoa(a), Help: r.d.Area[a].Name}
				for i, x := range fresh {
					c := choice{Word: x}
					for _, y := range fresh[i+1:] {
						c.Next = append(c.Next, leaf(y, "two units: one level"))
					}
					if len(c.Next) > 0 {
						dc.Next = append(dc.Next, c)
					}
				}
				digs = append(digs, dc)
			}
		}
	}
	if side == VM {
		for _, a := range r.d.AreaIDs {
			if s.Control[a] != VM || s.Trench[a] >= MaxTrench || len(s.Cards[VM].Hand) == 0 {
				continue
			}
			var cs []choice
			for _, n := range s.Cards[VM].Hand {
				cs = append(cs, leaf(strconv.Itoa(n), fmt.Sprintf("%s: entrenchment %d", r.d.CardName(VM, n), r.d.Entrench[n])))
			}
			found := false
			for i := range digs {
				if digs[i].Word == strconv.Itoa(a) {
					digs[i].Next = append(digs[i].Next, choice{Word: "card", Help: "discard a card for its entrenchment value", Next: cs})
					found = true
				}
			}
			if !found {
				digs = append(digs, choice{Word: strconv.Itoa(a), Help: r.d.Area[a].Name, Next: []choice{{Word: "card", Help: "discard a card for its entrenchment value", Next: cs}}})
			}
		}
	}
	if len(moves) > 0 {
		out = append(out, choice{Word: "move", Help: "move fresh units (7.0)", Next: moves})
	}
	if len(fires) > 0 {
		out = append(out, choice{Word: "fire", Help: "fire at the same or an adjacent area (8.0)", Next: fires})
	}
	if len(assaults) > 0 {
		out = append(out, choice{Word: "assault", Help: "assault an adjacent French area (10.0)", Next: assaults})
	}
	if len(digs) > 0 {
		out = append(out, choice{Word: "dig", Help: "raise the trenches (9.0)", Next: digs})
	}
	if c := r.playTree(s, side); len(c) > 0 {
		out = append(out, choice{Word: "play", Help: "play a card", Next: c})
	}
	return out
}

// withTree: the attacker's own card modifiers, one at a time.
func (r *Rules) withTree(s *State, side Side, assault bool, units int) []choice {
	var cs []choice
	for _, n := range s.Cards[side].Hand {
		switch name := r.d.CardName(side, n); {
		case side == French && (name == cMortar || name == cFlame):
			cs = append(cs, leaf(strconv.Itoa(n), name))
		case side == French && name == cCoord:
			cs = append(cs, leaf(strconv.Itoa(n)+":3", name+": re-roll the lower die if 3 or less"))
		case side == VM && assault && name == cNight:
			cs = append(cs, leaf(strconv.Itoa(n), name))
		case side == VM && assault && name == cGiap && units > 1:
			cs = append(cs, leaf(strconv.Itoa(n)+":1", name+": one re-roll at most"))
		}
	}
	if len(cs) == 0 {
		return nil
	}
	return []choice{{Word: "with", Help: "your cards in this attack", Next: cs}}
}

func (r *Rules) assaultChoice(s *State, cn census, a int, fresh []string, surprise bool) (choice, bool) {
	c := choice{Word: strconv.Itoa(a), Help: r.d.Area[a].Name}
	for _, b := range r.d.Area[a].Adjacent {
		room := StackLimit - cn.n(b, VM)
		if room <= 0 || r.canAssault(s, cn, a, b, 1, surprise) != nil {
			continue
		}
		tc := choice{Word: strconv.Itoa(b), Help: r.d.Area[b].Name}
		if len(fresh) <= room {
			allC := leaf("all", "every fresh unit")
			allC.Next = r.withTree(s, VM, true, len(fresh))
			tc.Next = append(tc.Next, allC)
		}
		tc.Next = append(tc.Next, r.unitLeaves(fresh)...)
		c.Next = append(c.Next, tc)
	}
	return c, len(c.Next) > 0
}

// playTree: the cards side may play as (or within) its action now.
func (r *Rules) playTree(s *State, side Side) []choice {
	var out []choice
	areas := func(f func(b int) bool, help string) []choice {
		var cs []choice
		for _, b := range r.d.AreaIDs {
			if f(b) {
				cs = append(cs, leaf(strconv.Itoa(b), r.d.Area[b].Name))
			}
		}
		if len(cs) == 0 {
			return nil
		}
		return []choice{{Word: "at", Help: help, Next: cs}}
	}
	adjOwn := func(b int) bool {
		for _, x := range r.d.Area[b].Adjacent {
			if s.Control[x] == side {
				return true
			}
		}
		return false
	}
	cn := r.census(s)
	enemy := func(b int) bool { return cn.n(b, other(side)) > 0 }
	for _, n := range s.Cards[side].Hand {
		if !r.playable(s, side, n) {
			continue
		}
		c := choice{Word: strconv.Itoa(n), Help: r.d.CardName(side, n)}
		switch r.d.CardName(side, n) {
		case cKatyusha, c105, c75, cArtillery, cTOT:
			c.Next = areas(func(b int) bool { return enemy(b) && adjOwn(b) }, "the attacked area")
			if name := r.d.CardName(side, n); name == cArtillery || name == cTOT {
				cl := areas(func(b int) bool { return s.Trench[b] > 0 && adjOwn(b) }, "")
				if cl != nil {
					c.Next = append(c.Next, choice{Word: "clear", Help: "remove the trenches", Next: cl[0].Next})
				}
			}
		case cB26, cFighter:
			c.Next = areas(enemy, "the attacked area")
		case cPropaganda:
			c.Next = areas(func(b int) bool {
				if !adjOwn(b) {
					return false
				}
				for _, id := range cn.in(b, French) {
					if r.d.Unit[id].Type.Thai {
						return true
					}
				}
				return false
			}, "an area with Thai units")
		case cSurprise:
			var cs []choice
			for _, a := range r.d.AreaIDs {
				if fresh := cn.fresh(s, a, VM); len(fresh) > 0 {
					if ac, ok := r.assaultChoice(s, cn, a, fresh, true); ok {
						cs = append(cs, ac)
					}
				}
			}
			if cs != nil {
				c.Next = []choice{{Word: "assault", Next: cs}}
			}
		case cBordels:
			c.Next = areas(func(b int) bool {
				for _, id := range cn.in(b, side) {
					if s.Units[id].Spent {
						return true
					}
				}
				return false
			}, "the area whose units turn fresh")
		case cRelief:
			c.Complete = true
		case cCounter:
			var cs []choice
			for _, b := range s.LostPrev[French] {
				if cn.n(b, VM) > 0 && r.counterAttack(s.clone(), n, []string{"at", strconv.Itoa(b), "all"}, &[]adjudicator.Event{}) == nil {
					cs = append(cs, choice{Word: strconv.Itoa(b), Next: []choice{leaf("all", "every unit that can")}})
				}
			}
			if cs != nil {
				c.Next = []choice{{Word: "at", Next: cs}}
			}
		case cRats:
			c.Next = areas(func(b int) bool {
				return s.Control[b] == French && cn.n(b, VM) == 0 && len(cn.fresh(s, b, French)) > 0
			}, "a French area without VM units")
			if c.Next != nil {
				// RULINGS S10: the VM names the units to spend first, or
				// leaves the choice to the default (the strongest)
				for i := range c.Next[0].Next {
					b, _ := strconv.Atoi(c.Next[0].Next[i].Word)
					c.Next[0].Next[i].Next = r.unitLeaves(cn.fresh(s, b, French))
				}
			}
		case cDetonate:
			c.Next = areas(func(b int) bool {
				if s.Control[b] != French {
					return false
				}
				for _, x := range r.d.Area[b].Adjacent {
					if s.Trench[x] >= MaxTrench {
						return true
					}
				}
				return false
			}, "a French area next to level-3 trenches")
		case cEmergency:
			if len(r.pool(s)) > 0 {
				c.Next = areas(func(b int) bool { return s.Control[b] == VM && cn.n(b, VM) < StackLimit }, "where the two units come")
			}
		}
		if c.Complete || len(c.Next) > 0 {
			out = append(out, c)
		}
	}
	return out
}
