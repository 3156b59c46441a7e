package storm

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Stages of an attack under way (Attack.Stage).
const (
	atResponse  = iota // Poor Weather, counter-battery against a French card
	atFlares           // Flares against Night Assault
	atImproved         // Improved Defenses against a French attack
	atMines            // Mines, then Debouchez a Zero! against an assault
	atRoll             // 8.3: the roll, re-rolls, damage
	atBigeard          // Bigeard Refuses to Leave against the damage
	atDamage           // 8.4: allocation, retreats; 10.0: the assault's end
	atWithdraw         // Mines rolled: the VM's units withdraw (its choice, RULINGS S12)
	atDebouchez        // Debouchez a Zero! rolled: the VM allocates its damage (8.4)
)

// resolve runs the pending attack on until a window waits or it is over.
func (r *Rules) resolve(s *State, d adjudicator.Dice, ev *[]adjudicator.Event) {
	p := s.Pending
	for s.Ask == nil && s.Pending != nil {
		switch p.Stage {
		case atResponse:
			if p.By == French && (p.CardName == cB26 || p.CardName == cFighter) {
				n, wait := r.window(s, &p.Answers, "poor-weather", p.Fire, fmt.Sprintf("France plays %s against area %d: play Poor Weather to cancel it?", p.CardName, p.Target), nil)
				if wait {
					return
				}
				if n > 0 {
					_ = r.play(s, VM, n, ev, " and cancels the bombers")
					r.finish(s, ev)
					return
				}
			}
			if p.By == French && (p.CardName == cArtillery || p.CardName == cTOT) {
				n, wait := r.window(s, &p.Answers, "counter-battery", p.Fire, fmt.Sprintf("France plays %s on area %d: play counter-battery fire (105mm or 75mm Artillery) to cancel it?", p.CardName, p.Target), nil)
				if wait {
					return
				}
				if n > 0 {
					_ = r.play(s, VM, n, ev, " as counter-battery fire and cancels the French artillery")
					r.finish(s, ev)
					return
				}
			}
			p.Stage++
		case atFlares:
			if p.Night > 0 {
				n, wait := r.window(s, &p.Answers, "flares", p.Night, fmt.Sprintf("The VM assaults area %d with %d Night Assault card(s): play Flares to cancel them?", p.Target, p.Night), nil)
				if wait {
					return
				}
				if n > 0 {
					_ = r.play(s, French, n, ev, fmt.Sprintf(": the %d Night Assault card(s) are cancelled; the assault goes on", p.Night))
					p.Night = 0
				}
			}
			p.Stage++
		case atImproved:
			if p.By == French && !p.Clear && len(r.in(s, p.Target, VM)) > 0 {
				n, wait := r.window(s, &p.Answers, "improved-defenses", r.attackFire(s, p), fmt.Sprintf("France attacks area %d: play Improved Defenses to double its defense?", p.Target), nil)
				if wait {
					return
				}
				if n > 0 && p.Improved == 0 {
					_ = r.play(s, VM, n, ev, fmt.Sprintf(" on area %d: its defense is doubled", p.Target))
					p.Improved = 1
				}
				if n > 0 {
					// a second copy triples (5.2): its window opens only
					// after the first copy, a public fact, and follows the
					// same standing reaction (ask asks again, whatever is held)
					n2, wait := r.window(s, &p.Answers, "improved-defenses-2", r.attackFire(s, p), fmt.Sprintf("France attacks area %d, its defense doubled: play a second Improved Defenses to triple it?", p.Target), nil)
					if wait {
						return
					}
					if n2 > 0 {
						_ = r.play(s, VM, n2, ev, fmt.Sprintf(" on area %d: its defense is tripled", p.Target))
						p.Improved = 2
					}
				}
			}
			p.Stage++
		case atMines:
			if !p.Assault {
				p.Stage = atRoll
				continue
			}
			n, wait := r.window(s, &p.Answers, "mines", len(p.Units), fmt.Sprintf("The VM assaults area %d with %d units: play Mines?", p.Target, len(p.Units)), nil)
			if wait {
				return
			}
			if n > 0 {
				_ = r.play(s, French, n, ev, fmt.Sprintf(" against the assault on area %d", p.Target))
				p.Roll = d.Roll(6)
				p.Stage = atWithdraw
				if k := min(p.Roll, len(p.Units)); k > 0 && k < len(p.Units) && s.Policy[VM] == "ask" {
					// the VM chooses the units (the card; RULINGS S12): the
					// card and the roll are public, so asking leaks nothing
					s.Ask = &Question{Side: VM, Kind: "withdraw", Measure: k,
						Text: fmt.Sprintf("Mines: %d: %d of the units assaulting area %d withdraw (%s): name them.", p.Roll, k, p.Target, strings.Join(p.Units, ", "))}
					return
				}
				continue
			}
			n, wait = r.window(s, &p.Answers, "debouchez", len(p.Units), fmt.Sprintf("The VM assaults area %d with %d units: play Debouchez a Zero!?", p.Target, len(p.Units)), nil)
			if wait {
				return
			}
			if n == 0 {
				p.Stage = atRoll
				continue
			}
			_ = r.play(s, French, n, ev, fmt.Sprintf(" against the units assaulting from area %d", p.From))
			r.debouchezRoll(s, d, p, ev)
			p.Stage = atDebouchez
			if p.DebPoints > 0 && s.Policy[VM] == "ask" {
				// 8.4: the VM allocates the damage to its own units
				s.Ask = &Question{Side: VM, Kind: "allocate", Measure: p.DebPoints,
					Text: fmt.Sprintf("Debouchez a Zero!: %d damage point(s) on the units assaulting from area %d: allocate them (8.4) to %s.", p.DebPoints, p.From, strings.Join(p.Units, ", "))}
				return
			}
		case atWithdraw:
			// Mines: the withdrawn units stay in their area, spent (RULINGS S12)
			out := r.withdrawn(s, p)
			for _, id := range out {
				s.Units[id].Spent = true
			}
			var left []string
			for _, id := range p.Units {
				if !s.Units[id].Spent {
					left = append(left, id)
				}
			}
			p.Units, p.Withdraw = left, nil
			pub(ev, fmt.Sprintf("Mines: %d: %d assaulting unit(s) withdraw (%s).", p.Roll, len(out), strings.Join(out, ", ")))
			if r.assaultersGone(s, ev) {
				return
			}
			p.Stage = atRoll
		case atDebouchez:
			r.debouchezDamage(s, p, ev)
			if r.assaultersGone(s, ev) {
				return
			}
			p.Stage = atRoll
		case atRoll:
			if p.Clear {
				delete(s.Trench, p.Target)
				pub(ev, fmt.Sprintf("%s removes the trench markers of area %d.", p.CardName, p.Target), adjudicator.Mark{Kind: "fire", At: strconv.Itoa(p.Target)})
				r.finish(s, ev)
				return
			}
			if p.CardName == cDetonate {
				if len(r.in(s, p.Target, French)) == 0 {
					pub(ev, fmt.Sprintf("The mine under area %d explodes under no French unit.", p.Target))
					r.finish(s, ev)
					return
				}
				p.Points = d.Roll(6)
				pub(ev, fmt.Sprintf("The mine under area %d explodes: %d damage, allocated by the VM.", p.Target, p.Points), adjudicator.Mark{Kind: "fire", At: strconv.Itoa(p.Target)})
				p.Stage = atDamage
				continue
			}
			r.roll(s, d, p, ev)
			p.Stage++
		case atBigeard:
			if p.By == VM && p.Points > 0 && len(r.in(s, p.Target, French)) > 0 {
				n, wait := r.window(s, &p.Answers, "bigeard", p.Points, fmt.Sprintf("The VM's attack on area %d does %d damage: play Bigeard Refuses to Leave?", p.Target, p.Points), nil)
				if wait {
					return
				}
				if n > 0 {
					k := len(r.in(s, p.Target, French))
					_ = r.play(s, French, n, ev, fmt.Sprintf(": %d damage point(s) ignored in area %d", k, p.Target))
					p.Points = max(0, p.Points-k)
				}
			}
			p.Stage++
		case atDamage:
			// 8.4: an owner whose standing damage order is "ask" allocates
			// the points itself (the damage is public: asking leaks nothing)
			if victim := other(p.By); p.Points > 0 && !p.Allocate && s.Policy[victim] == "ask" && p.Alloc == nil && len(r.defenders(s, p)) > 0 {
				s.Ask = &Question{Side: victim, Kind: "allocate", Measure: p.Points,
					Text: fmt.Sprintf("%d damage point(s) in area %d: allocate them (8.4) to %s.", p.Points, p.Target, strings.Join(r.defenders(s, p), ", "))}
				return
			}
			r.damage(s, p, ev)
			r.finish(s, ev)
			return
		}
	}
}

// finish ends the attack, and the action unless the card was played
// within it.
func (r *Rules) finish(s *State, ev *[]adjudicator.Event) {
	p := s.Pending
	s.Pending = nil
	r.settle(s, ev)
	if p.Within {
		return
	}
	r.endAction(s, p.By)
}

// attackFire: the firepower of the attack before the roll.
func (r *Rules) attackFire(s *State, p *Attack) int {
	f := 0
	if p.Card != 0 && !p.Counter {
		f = p.Fire
		// the VM's artillery cards hit harder on 7 or more French units
		if p.By == VM && len(r.in(s, p.Target, French)) >= 7 {
			switch p.CardName {
			case cKatyusha:
				f = 13
			case c105:
				f = 10
			case c75:
				f = 10 // RULINGS S7: the Polish prints 10
			}
		}
	} else {
		for _, id := range p.Units {
			f += r.d.Unit[id].Type.Fire
		}
	}
	return f + 3*p.Mortar + 3*p.Night
}

// defenders: the units the attack hits.
func (r *Rules) defenders(s *State, p *Attack) []string { return r.in(s, p.Target, other(p.By)) }

// roll: 8.3. Attack points 2d6 + firepower; defense the best unit's plus
// the area's, unless 8.3.2 ignores it; re-rolls; the damage.
func (r *Rules) roll(s *State, d adjudicator.Dice, p *Attack, ev *[]adjudicator.Event) {
	def := r.defenders(s, p)
	best := 0
	for _, id := range def {
		best = max(best, r.defense(s, id))
	}
	area, why := r.areaDefense(s, p.Target), ""
	switch {
	case p.Assault:
		area, why = 0, " (assault: no area defense, 10.0)"
	case p.Counter || p.From == p.Target && p.Card == 0:
		area, why = 0, " (same area: no area defense, 8.3.2)"
	case len(def) > 0 && s.Control[p.Target] != other(p.By):
		area, why = 0, " (they do not control the area: no area defense, 8.3.2)"
	case s.FireMark[p.Target] != "":
		area, why = 0, " (a fire marker: no area defense, 8.3.2)"
	case p.Flame:
		area, why = 0, " (Flamethrowers)"
	case p.Improved > 0:
		area = min(6, area*(1+p.Improved))
		why = fmt.Sprintf(" (Improved Defenses x%d, at most 6)", 1+p.Improved)
	}
	fire := r.attackFire(s, p)
	a, b := d.Roll(6), d.Roll(6)
	dice := fmt.Sprintf("%d+%d", a, b)
	if p.Coord > 0 && s.Cards[French].Hand.Has(p.CoordCard) && min(a, b) <= p.Coord {
		_ = r.play(s, French, p.CoordCard, ev, "")
		if a <= b {
			a = d.Roll(6)
		} else {
			b = d.Roll(6)
		}
		dice += fmt.Sprintf(", the lower die re-rolled: %d+%d", a, b)
	}
	total := a + b
	defense := best + area
	points := fire + total - defense
	if p.Assault && p.Giap > 0 {
		need := 0
		for _, id := range def {
			if s.Units[id].Spent {
				need += 2
			} else {
				need += 3
			}
		}
		for k := 0; k < p.Giap && points < need; k++ {
			if k == 0 {
				_ = r.play(s, VM, p.GiapCards[0], ev, "")
			}
			x, y := d.Roll(6), d.Roll(6)
			dice += fmt.Sprintf(", Giap re-roll %d+%d", x, y)
			if x+y > total {
				total = x + y
			}
			p.GiapCards = append(p.GiapCards, 0) // counts the re-rolls made
			points = fire + total - defense
		}
	}
	p.Points = max(0, points)
	what := fmt.Sprintf("%s fires at area %d", sideName(p.By), p.Target)
	switch {
	case p.Assault:
		what = fmt.Sprintf("%s assaults area %d from %d", sideName(p.By), p.Target, p.From)
	case p.Counter:
		what = fmt.Sprintf("France counter-attacks in area %d", p.Target)
	case p.CardName != "":
		what = fmt.Sprintf("%s hit area %d", p.CardName, p.Target)
	}
	pub(ev, fmt.Sprintf("%s: %s, firepower %d = %d against defense %d (best unit %d, area %d%s): %d damage.",
		what, dice, fire, fire+total, defense, best, area, why, p.Points),
		adjudicator.Mark{Kind: map[bool]string{true: "assault", false: "fire"}[p.Assault], From: areaOr(p.From), At: strconv.Itoa(p.Target)})
}

func areaOr(a int) string {
	if a == 0 {
		return ""
	}
	return strconv.Itoa(a)
}

// damage: 8.4 and the attack's end (8.1, 10.0).
func (r *Rules) damage(s *State, p *Attack, ev *[]adjudicator.Event) {
	victim := other(p.By)
	if p.Points > 0 {
		by := victim
		if p.Allocate {
			by = p.By
		}
		r.allocateAs(s, r.defenders(s, p), p.Points, victim, by, p.Target, p.Alloc, ev)
	}
	if p.Card == 0 || p.Counter {
		for _, id := range p.Units {
			if !s.Units[id].Out {
				s.Units[id].Spent = true
			}
		}
	}
	switch {
	case p.Assault:
		lost := 1 + countZeros(p.GiapCards)
		if len(r.in(s, p.Target, French)) == 0 {
			for _, id := range p.Units {
				s.Units[id].Area = p.Target
			}
			pub(ev, fmt.Sprintf("Area %d is cleared: the assaulting units move in (10.0).", p.Target), adjudicator.Mark{Kind: "move", From: strconv.Itoa(p.From), At: strconv.Itoa(p.Target)})
			r.settle(s, ev)
		}
		gone := r.sortedUnits(s, p.Units)
		lost = min(lost, len(gone))
		for _, id := range gone[:lost] {
			s.Units[id].Out = true
		}
		pub(ev, fmt.Sprintf("The assault costs the VM %d unit(s): %s eliminated (10.0).", lost, strings.Join(gone[:lost], ", ")))
	case p.Card == 0 && !p.Counter && p.From != p.Target:
		if s.FireMark == nil {
			s.FireMark = map[int]Side{}
		}
		s.FireMark[p.From] = p.By
	}
}

func countZeros(xs []int) int {
	n := 0
	for _, x := range xs {
		if x == 0 {
			n++
		}
	}
	return n
}

// allocate: 8.4. by (the owner, or the attacker with Fighter Bombers)
// spends the points on the hit units: 1 flips a fresh unit or retreats a
// spent one, 2 eliminates a spent one or flips and retreats a fresh one,
// 3 eliminates a fresh one; as many points as the units can take (8.4.1).
// The owner's standing policy (RULINGS S5): "spread" (default) flips,
// then retreats, then eliminates, the weakest first; "stand" flips, then
// eliminates, retreating only with a last odd point; the attacker
// allocating eliminates the strongest first.
func (r *Rules) allocate(s *State, ids []string, points int, owner, by Side, from int, ev *[]adjudicator.Event) {
	r.allocateAs(s, ids, points, owner, by, from, nil, ev)
}

// allocateAs is allocate with the owner's own answer (unit -> points),
// when it gave one.
func (r *Rules) allocateAs(s *State, ids []string, points int, owner, by Side, from int, given map[string]int, ev *[]adjudicator.Event) {
	order := r.sortedUnits(s, ids)
	if by != owner {
		for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
			order[i], order[j] = order[j], order[i]
		}
	}
	taken := map[string]int{} // points on each unit
	capOf := func(id string) int {
		if s.Units[id].Spent {
			return 2
		}
		return 3
	}
	policy := s.Policy[by]
	if by != owner {
		policy = "kill"
	}
	if given != nil {
		policy = "given"
		for _, id := range order {
			taken[id] = given[id]
		}
		points = 0
	}
	give := func(id string, n int) {
		n = min(n, capOf(id)-taken[id], points)
		taken[id] += n
		points -= n
	}
	switch policy {
	case "kill":
		for _, id := range order {
			give(id, capOf(id))
		}
	case "stand":
		for _, id := range order {
			if !s.Units[id].Spent {
				give(id, 1)
			}
		}
		for _, id := range order {
			if points >= capOf(id)-taken[id] {
				give(id, capOf(id)-taken[id])
			}
		}
		for _, id := range order {
			give(id, 1)
		}
	default:
		for pass := 0; pass < 3 && points > 0; pass++ {
			for _, id := range order {
				if pass == 0 && s.Units[id].Spent {
					continue
				}
				give(id, 1)
			}
		}
	}
	var flips, retreats, elims []string
	for _, id := range order {
		n := taken[id]
		if n == 0 {
			continue
		}
		fresh := !s.Units[id].Spent
		switch {
		case n >= capOf(id):
			s.Units[id].Out = true
			elims = append(elims, id)
		case fresh && n == 1:
			s.Units[id].Spent = true
			flips = append(flips, id)
		default: // fresh 2, spent 1
			s.Units[id].Spent = true
			retreats = append(retreats, id)
		}
	}
	var parts []string
	if len(flips) > 0 {
		parts = append(parts, "spent: "+strings.Join(flips, ", "))
	}
	if len(elims) > 0 {
		parts = append(parts, "eliminated: "+strings.Join(elims, ", "))
	}
	if len(parts) > 0 {
		pub(ev, fmt.Sprintf("Damage in area %d (%s allocates): %s.", from, map[Side]string{VM: "the VM", French: "France"}[by], strings.Join(parts, "; ")), adjudicator.Mark{Kind: "loss", At: strconv.Itoa(from)})
	}
	for _, id := range retreats {
		r.retreat(s, id, from, ev)
	}
}

// retreat: 8.4.2. To an adjacent area of one's own, the one with the
// fewest enemy units where the stack limit holds; further on when every
// such area is full; eliminated with none. Ties: the lowest number
// (RULINGS S6).
func (r *Rules) retreat(s *State, id string, from int, ev *[]adjudicator.Event) {
	side := r.side(id)
	armor := r.d.Unit[id].Type.Armor
	visited := map[int]bool{from: true}
	at := from
	for {
		best, bestEnemies, full := 0, 1<<30, true
		for _, b := range r.d.Area[at].Adjacent {
			if visited[b] || s.Control[b] != side || (armor && r.d.River(at, b)) {
				continue
			}
			fits := len(r.in(s, b, side)) < StackLimit
			e := len(r.in(s, b, other(side)))
			better := fits && (full || e < bestEnemies) || !fits && full && e < bestEnemies
			if !better && best != 0 && fits == !full && e == bestEnemies {
				// a tie (8.4.2: the owner's choice): the standing retreat
				// order decides (RULINGS S6)
				mine, theirs := len(r.in(s, b, side)), len(r.in(s, best, side))
				switch s.Policy["retreat-"+side] {
				case "join":
					better = mine > theirs
				case "spread":
					better = mine < theirs
				}
			}
			if better {
				best, bestEnemies, full = b, e, !fits
			}
		}
		if best == 0 {
			s.Units[id].Out = true
			pub(ev, fmt.Sprintf("%s has no area to retreat to from %d: eliminated (8.4.2).", id, at), adjudicator.Mark{Kind: "loss", At: strconv.Itoa(at)})
			return
		}
		s.Units[id].Area = best
		visited[best] = true
		if !full {
			pub(ev, fmt.Sprintf("%s retreats from area %d to %d.", id, from, best), adjudicator.Mark{Kind: "move", From: strconv.Itoa(from), At: strconv.Itoa(best)})
			return
		}
		at = best
	}
}

// debouchezRoll: Debouchez a Zero!, firepower 6 at the assaulting units,
// no area defense; the damage waits for the VM's allocation.
func (r *Rules) debouchezRoll(s *State, d adjudicator.Dice, p *Attack, ev *[]adjudicator.Event) {
	best := 0
	for _, id := range p.Units {
		best = max(best, r.defense(s, id))
	}
	a, b := d.Roll(6), d.Roll(6)
	p.DebPoints = max(0, 6+a+b-best)
	pub(ev, fmt.Sprintf("Debouchez a Zero!: %d+%d, firepower 6 = %d against defense %d: %d damage to the assaulting units.", a, b, 6+a+b, best, p.DebPoints))
}

// debouchezDamage: the VM allocates Debouchez a Zero!'s damage (8.4: its
// own answer, or its standing policy); the fresh units left go on.
func (r *Rules) debouchezDamage(s *State, p *Attack, ev *[]adjudicator.Event) {
	if p.DebPoints > 0 {
		r.allocateAs(s, p.Units, p.DebPoints, VM, VM, p.From, p.DebAlloc, ev)
	}
	var left []string
	for _, id := range p.Units {
		if u := s.Units[id]; !u.Out && !u.Spent && u.Area == p.From {
			left = append(left, id)
		}
	}
	p.Units, p.DebPoints, p.DebAlloc = left, 0, nil
}

// assaultersGone ends the attack when Mines or Debouchez a Zero! left no
// fresh assaulting unit.
func (r *Rules) assaultersGone(s *State, ev *[]adjudicator.Event) bool {
	if len(s.Pending.Units) > 0 {
		return false
	}
	pub(ev, "No fresh assaulting unit is left: the action ends and no VM unit is lost to the assault.")
	r.finish(s, ev)
	return true
}

// withdrawn: the units Mines withdraws, min(roll, units): the VM's own
// answer first, then the weakest (RULINGS S12, the default at a deadline).
func (r *Rules) withdrawn(s *State, p *Attack) []string {
	k := min(p.Roll, len(p.Units))
	out := append([]string(nil), p.Withdraw...)
	for _, id := range r.sortedUnits(s, p.Units) {
		if len(out) >= k {
			break
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out[:k]
}
