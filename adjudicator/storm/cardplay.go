package storm

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// playCard: "play <number> ..." in one's own action (5.2, 6.2).
func (r *Rules) playCard(s *State, side Side, f []string, d adjudicator.Dice, ev *[]adjudicator.Event) error {
	if len(f) == 0 {
		return fmt.Errorf("give play <card number> ... (%s)", r.handText(s, side))
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || !s.Cards[side].Hand.Has(n) {
		return fmt.Errorf("%q is not a card number in your hand (%s)", f[0], r.handText(s, side))
	}
	c := r.d.CardOf[side][n]
	if c.NotTurn1 && s.Turn == 1 {
		return fmt.Errorf("%s cannot be played on turn 1", c.Name)
	}
	if c.LastTurn > 0 && s.Turn > c.LastTurn {
		return fmt.Errorf("%s cannot be played after turn %d", c.Name, c.LastTurn)
	}
	args := f[1:]
	at := func() (int, error) {
		if len(args) < 2 || args[0] != "at" {
			return 0, fmt.Errorf("give play %d at <area>", n)
		}
		return areaArg(r.d, args[1])
	}
	// adjacentToOwn: the artillery cards' "an area adjacent to one you
	// control"
	adjacentToOwn := func(b int) error {
		for _, x := range r.d.Area[b].Adjacent {
			if s.Control[x] == side {
				return nil
			}
		}
		return fmt.Errorf("area %d borders no area you control", b)
	}
	hasEnemy := func(b int) error {
		if len(r.in(s, b, other(side))) == 0 {
			return fmt.Errorf("area %d holds no enemy unit", b)
		}
		return nil
	}
	attack := func(b int, within bool) error {
		if err := hasEnemy(b); err != nil {
			return err
		}
		if len(args) > 2 {
			return fmt.Errorf("play %d at <area> takes nothing more", n)
		}
		_ = r.play(s, side, n, ev, fmt.Sprintf(" at area %d", b))
		s.Pending = &Attack{By: side, Target: b, Card: n, CardName: c.Name, Fire: c.Fire, Within: within, Allocate: c.Name == cFighter}
		if within {
			s.Within++
		}
		s.Passed = ""
		return nil
	}
	switch c.Name {
	case cKatyusha, c105, c75, cB26, cArtillery, cTOT:
		if (c.Name == cArtillery || c.Name == cTOT) && len(args) == 2 && args[0] == "clear" {
			b, err := areaArg(r.d, args[1])
			if err != nil {
				return err
			}
			if err := adjacentToOwn(b); err != nil {
				return err
			}
			if s.Trench[b] == 0 {
				return fmt.Errorf("area %d has no trench marker", b)
			}
			_ = r.play(s, side, n, ev, fmt.Sprintf(" to remove the trenches of area %d", b))
			s.Pending = &Attack{By: side, Target: b, Card: n, CardName: c.Name, Fire: c.Fire, Clear: true}
			s.Passed = ""
			return nil
		}
		b, err := at()
		if err != nil {
			return err
		}
		if c.Name != cB26 {
			if err := adjacentToOwn(b); err != nil {
				return err
			}
		}
		return attack(b, false)
	case cFighter:
		b, err := at()
		if err != nil {
			return err
		}
		return attack(b, true)
	case cPropaganda:
		b, err := at()
		if err != nil {
			return err
		}
		if err := adjacentToOwn(b); err != nil {
			return err
		}
		var thai []string
		for _, id := range r.in(s, b, French) {
			if r.d.Unit[id].Type.Thai {
				thai = append(thai, id)
			}
		}
		if len(thai) == 0 {
			return fmt.Errorf("area %d holds no Thai unit", b)
		}
		_ = r.play(s, side, n, ev, fmt.Sprintf(" at area %d", b))
		var gone, rolls []string
		for _, id := range thai {
			x := d.Roll(6)
			rolls = append(rolls, strconv.Itoa(x))
			if x >= 4 {
				s.Units[id].Out = true
				gone = append(gone, id)
			}
		}
		pub(ev, fmt.Sprintf("Propaganda: %s: %d Thai unit(s) desert (%s).", strings.Join(rolls, ", "), len(gone), strings.Join(gone, ", ")), adjudicator.Mark{Kind: "loss", At: strconv.Itoa(b)})
		r.settle(s, ev)
		r.endAction(s, side)
		return nil
	case cSurprise:
		if len(args) < 4 || args[0] != "assault" {
			return fmt.Errorf("give play %d assault <from> <target> all|<units> [with <cards>]", n)
		}
		a, err := areaArg(r.d, args[1])
		if err != nil {
			return err
		}
		b, err := areaArg(r.d, args[2])
		if err != nil {
			return err
		}
		ids, rest, err := r.pickUnits(s, side, a, args[3:])
		if err != nil {
			return err
		}
		if err := r.canAssault(s, r.census(s), a, b, len(ids), true); err != nil {
			return err
		}
		p := &Attack{By: VM, From: a, Target: b, Units: ids, Assault: true}
		_ = r.play(s, side, n, ev, fmt.Sprintf(": the units in area %d assault area %d", a, b))
		if err := r.modifiers(s, side, p, rest, ev); err != nil {
			return err
		}
		s.Pending, s.Passed = p, ""
		return nil
	case cBordels:
		a, err := at()
		if err != nil {
			return err
		}
		var spent []string
		for _, id := range r.in(s, a, side) {
			if s.Units[id].Spent {
				spent = append(spent, id)
			}
		}
		if len(spent) == 0 {
			return fmt.Errorf("you have no spent unit in area %d", a)
		}
		_ = r.play(s, side, n, ev, fmt.Sprintf(" in area %d", a))
		for _, id := range spent {
			s.Units[id].Spent = false
		}
		pub(ev, fmt.Sprintf("%s turn fresh.", strings.Join(spent, ", ")))
		r.endAction(s, side)
		return nil
	case cRelief:
		if len(args) > 0 {
			return fmt.Errorf("play %d takes nothing more", n)
		}
		var inf, arm []string
		for _, id := range r.d.UnitIDs {
			u := r.d.Unit[id]
			if u.Star && s.Units[id].Area == 0 && !s.Units[id].Out {
				if u.Type.Armor {
					arm = append(arm, id)
				} else {
					inf = append(inf, id)
				}
			}
		}
		_ = r.play(s, side, n, ev, "")
		x := d.Roll(6)
		var come []string
		switch {
		case x <= 3:
			come = inf[:min(2, len(inf))]
		case x <= 5:
			come = arm[:min(1, len(arm))]
		default:
			come = append(arm[:min(1, len(arm)):min(1, len(arm))], inf[:min(1, len(inf))]...)
		}
		room := StackLimit - len(r.in(s, ReliefArea, French))
		come = come[:min(len(come), room)]
		for _, id := range come {
			s.Units[id].Area, s.Units[id].Spent = ReliefArea, false
		}
		pub(ev, fmt.Sprintf("Relief force from Isabelle: %d: %s arrive(s) in area %d.", x, strings.Join(come, ", "), ReliefArea), adjudicator.Mark{Kind: "move", At: strconv.Itoa(ReliefArea)})
		r.settle(s, ev)
		r.endAction(s, side)
		return nil
	case cCounter:
		return r.counterAttack(s, n, args, ev)
	case cRats:
		b, err := at()
		if err != nil {
			return err
		}
		if s.Control[b] != French || len(r.in(s, b, VM)) > 0 {
			return fmt.Errorf("the Rats of the Nam Yum take a French area with no VM unit")
		}
		fresh := r.fresh(s, b, French)
		// RULINGS S10: the VM names the units, in the order they are
		// spent, with the card; the strongest of the rest follow
		var order []string
		for _, w := range args[2:] {
			id := r.unitID(w)
			if !slices.Contains(fresh, id) || slices.Contains(order, id) {
				return fmt.Errorf("%q is not a fresh French unit in area %d (%s), once each", w, b, strings.Join(fresh, " "))
			}
			order = append(order, id)
		}
		rest := r.sortedUnits(s, fresh)
		slices.Reverse(rest)
		for _, id := range rest {
			if !slices.Contains(order, id) {
				order = append(order, id)
			}
		}
		_ = r.play(s, side, n, ev, fmt.Sprintf(" at area %d", b))
		x := d.Roll(6)
		k := min(x, len(order))
		spent := order[:k]
		for _, id := range spent {
			s.Units[id].Spent = true
		}
		pub(ev, fmt.Sprintf("Rats of the Nam Yum: %d: %d French unit(s) become spent (%s).", x, k, strings.Join(spent, ", ")))
		s.Within++
		return nil
	case cDetonate:
		b, err := at()
		if err != nil {
			return err
		}
		ok := false
		for _, x := range r.d.Area[b].Adjacent {
			ok = ok || s.Trench[x] >= MaxTrench
		}
		if s.Control[b] != French || !ok {
			return fmt.Errorf("the mine shaft goes under a French area next to trenches of level 3")
		}
		_ = r.play(s, side, n, ev, fmt.Sprintf(" under area %d", b))
		s.Detonate, s.Step = b, stepDetonate
		s.Within++
		return nil
	case cEmergency:
		a, err := r.emergencyArea(s, args)
		if err != nil {
			return err
		}
		r.emergency(s, n, a, ev)
		s.Within++
		return nil
	}
	return fmt.Errorf("%s is not played as an action: %s", c.Name, map[string]string{
		"before-roll":   "it is played in an attack (with <card> after the units, or as a reaction)",
		"after-roll":    "it is played in an attack (with <card>:<k> after the units)",
		"after-attack":  "it answers an attack against you",
		"supply":        "it is played in the French supply phase",
		"response":      "it answers the other side's card",
		"end-of-action": "it is played at the end of an action",
	}[c.Window])
}

// detonateRetreat: France's answer to Detonate Mine Shaft: "retreat
// <units>" or "retreat none"; then the VM's 1d6 damage.
func (r *Rules) detonateRetreat(s *State, f []string, ev *[]adjudicator.Event) error {
	b := s.Detonate
	if f[0] != "retreat" || len(f) < 2 {
		return fmt.Errorf("give retreat <units> or retreat none")
	}
	var ids []string
	if !(len(f) == 2 && f[1] == "none") {
		mine := map[string]bool{}
		for _, id := range r.in(s, b, French) {
			mine[strings.ToLower(id)] = true
		}
		for _, w := range f[1:] {
			id := r.unitID(w)
			if !mine[strings.ToLower(id)] {
				return fmt.Errorf("%q is not a French unit in area %d", w, b)
			}
			ids = append(ids, id)
		}
	}
	for _, id := range ids {
		s.Units[id].Spent = true
		r.retreat(s, id, b, ev)
	}
	s.Detonate, s.Step = 0, stepAction
	// the roll is the damage itself; the VM allocates it (the card's text)
	s.Pending = &Attack{By: VM, Target: b, CardName: cDetonate, Within: true, Allocate: true, Stage: atRoll, Card: -1}
	return nil
}

func (r *Rules) emergencyArea(s *State, f []string) (int, error) {
	if len(f) == 0 {
		return r.emergencyDefault(s), nil
	}
	if len(f) != 2 || f[0] != "at" {
		return 0, fmt.Errorf("give play <card> at <area> (an area the VM controls)")
	}
	a, err := areaArg(r.d, f[1])
	if err != nil {
		return 0, err
	}
	if s.Control[a] != VM || len(r.in(s, a, VM)) >= StackLimit {
		return 0, fmt.Errorf("area %d is not a VM area with room", a)
	}
	if len(r.pool(s)) == 0 {
		return 0, fmt.Errorf("the replacements box is empty")
	}
	return a, nil
}

// emergencyDefault: the VM area with room next to the most French units,
// then the lowest number (RULINGS S9).
func (r *Rules) emergencyDefault(s *State) int {
	best, most := 0, -1
	for _, a := range r.d.AreaIDs {
		if s.Control[a] != VM || len(r.in(s, a, VM)) >= StackLimit {
			continue
		}
		n := 0
		for _, b := range r.d.Area[a].Adjacent {
			n += len(r.in(s, b, French))
		}
		if n > most {
			best, most = a, n
		}
	}
	return best
}

// emergency: Emergency Replacements, two fresh units from the box.
func (r *Rules) emergency(s *State, n, a int, ev *[]adjudicator.Event) {
	_ = r.play(s, VM, n, ev, fmt.Sprintf(" in area %d", a))
	if a == 0 {
		return
	}
	pool := r.pool(s)
	k := min(2, len(pool), StackLimit-len(r.in(s, a, VM)))
	for _, id := range pool[:k] {
		s.Units[id].Area, s.Units[id].Spent = a, false
	}
	s.NoRepl = true
	pub(ev, fmt.Sprintf("%s join(s) the VM in area %d; no replacement roll this turn.", strings.Join(pool[:k], ", "), a), adjudicator.Mark{Kind: "move", At: strconv.Itoa(a)})
}

// counterAttack: "play <n> at <area> all|<units>": units next to an area
// lost in the previous action gather in it and attack.
func (r *Rules) counterAttack(s *State, n int, args []string, ev *[]adjudicator.Event) error {
	if len(args) < 3 || args[0] != "at" {
		return fmt.Errorf("give play %d at <lost area> all|<units>", n)
	}
	b, err := areaArg(r.d, args[1])
	if err != nil {
		return err
	}
	lost := false
	for _, x := range s.LostPrev[French] {
		lost = lost || x == b
	}
	if !lost {
		return fmt.Errorf("the French did not lose area %d in the previous action (areas lost then: %s)", b, intsText(s.LostPrev[French]))
	}
	if err := func() error {
		if len(r.in(s, b, VM)) == 0 {
			return fmt.Errorf("area %d holds no VM unit", b)
		}
		return nil
	}(); err != nil {
		return err
	}
	// the units that can: fresh, next to b, with the movement points to enter it
	var can []string
	cn := r.census(s)
	for _, a := range r.d.Area[b].Adjacent {
		for _, id := range r.fresh(s, a, French) {
			if c := r.stepCost(s, cn, French, a, a, b, r.d.Unit[id].Type.Armor); c > 0 && c <= r.d.Unit[id].Type.Move {
				can = append(can, id)
			}
		}
	}
	if len(can) == 0 {
		return fmt.Errorf("no fresh French unit next to area %d can enter it", b)
	}
	var ids []string
	if len(args) == 3 && args[2] == "all" {
		ids = can
	} else {
		ok := map[string]bool{}
		for _, id := range can {
			ok[strings.ToLower(id)] = true
		}
		for _, w := range args[2:] {
			id := r.unitID(w)
			if !ok[strings.ToLower(id)] {
				return fmt.Errorf("%q cannot join the counter attack (%s can)", w, strings.Join(can, " "))
			}
			ids = append(ids, id)
		}
	}
	if len(ids)+len(r.in(s, b, French)) > StackLimit {
		return fmt.Errorf("area %d has room for %d French units", b, StackLimit-len(r.in(s, b, French)))
	}
	_ = r.play(s, French, n, ev, fmt.Sprintf(" at area %d", b))
	for _, id := range ids {
		s.Units[id].Area = b
	}
	pub(ev, fmt.Sprintf("%s gather in area %d.", strings.Join(ids, ", "), b), adjudicator.Mark{Kind: "move", At: strconv.Itoa(b)})
	s.Pending = &Attack{By: French, Target: b, From: b, Units: ids, Card: n, CardName: cCounter, Counter: true}
	s.Passed = ""
	return nil
}
