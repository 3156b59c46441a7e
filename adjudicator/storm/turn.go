package storm

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/cards"
)

// Internal steps the game passes through without waiting (advance).
const (
	stepEndAction = "end-action" // the end of an action: Emergency Replacements' window
	stepSupply    = "supply"     // 11.0's roll and Heavy Flak's window
	stepRefresh   = "refresh"    // 4.0-C: refresh, replacements, reinforcements
	stepEndTurn   = "end-turn"
)

// handSize: the turn track's number plus 5.1's bonuses for holding all
// three white-symbol or all three grey-symbol areas.
func (r *Rules) handSize(s *State, side Side) int {
	n := r.d.HandSize(side, s.Turn)
	for _, group := range []string{"white", "grey"} {
		all := true
		for _, a := range r.d.AreaIDs {
			if r.d.Area[a].Cards == group && s.Control[a] != side {
				all = false
			}
		}
		if all {
			n++
		}
	}
	return n
}

// drawPhase: 4.0-A, 5.1, 5.4. Each side fills its hand from its draw
// pile, shuffling the discards in when the pile is short; a side over its
// hand size discards the excess.
func (r *Rules) drawPhase(s *State, d adjudicator.Dice, ev *[]adjudicator.Event) {
	s.Excess = nil
	for _, side := range []Side{VM, French} {
		st := s.Cards[side]
		size := r.handSize(s, side)
		drawn, re := st.Draw(d, size-len(st.Hand), cards.WhenShort)
		txt := fmt.Sprintf("Turn %d: %s draws %d card(s) (hand size %d; %d in hand, %d in the draw pile).", s.Turn, sideName(side), len(drawn), size, len(st.Hand), len(st.Deck))
		if re {
			txt = fmt.Sprintf("Turn %d: %s shuffles its discards into its draw pile (5.4) and draws %d card(s) (hand size %d; %d in hand, %d in the draw pile).", s.Turn, sideName(side), len(drawn), size, len(st.Hand), len(st.Deck))
		}
		pub(ev, txt)
		if len(drawn) > 0 {
			only(ev, side, "You draw: "+r.cardList(side, drawn)+".")
		}
		if x := st.Excess(size); x > 0 {
			if s.Excess == nil {
				s.Excess = map[Side]int{}
			}
			s.Excess[side] = x
		}
	}
	s.Step, s.Active, s.Passed = stepAction, VM, ""
	if len(s.Excess) > 0 {
		s.Step = stepHandLimit
	}
}

func (r *Rules) cardList(side Side, ns []int) string {
	var out []string
	for _, n := range ns {
		out = append(out, fmt.Sprintf("%d %s", n, r.d.CardName(side, n)))
	}
	return strings.Join(out, ", ")
}

// cardNumbers reads card numbers of side's hand.
func (r *Rules) cardNumbers(s *State, side Side, f []string) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for _, w := range f {
		n, err := strconv.Atoi(strings.Trim(w, ","))
		if err != nil || !s.Cards[side].Hand.Has(n) || seen[n] {
			return nil, fmt.Errorf("%q is not a card number in your hand (%s)", w, r.handText(s, side))
		}
		seen[n] = true
		out = append(out, n)
	}
	return out, nil
}

func (r *Rules) handText(s *State, side Side) string {
	if len(s.Cards[side].Hand) == 0 {
		return "your hand is empty"
	}
	return "your hand: " + r.cardList(side, s.Cards[side].Hand)
}

func (r *Rules) handLimit(s *State, side Side, f []string, ev *[]adjudicator.Event) error {
	if f[0] != "discard" {
		return fmt.Errorf("discard %d card(s): discard <card numbers>", s.Excess[side])
	}
	ns, err := r.cardNumbers(s, side, f[1:])
	if err != nil {
		return err
	}
	if len(ns) != s.Excess[side] {
		return fmt.Errorf("discard exactly %d card(s), not %d (5.1: the excess over your hand size)", s.Excess[side], len(ns))
	}
	for _, n := range ns {
		_ = s.Cards[side].DiscardCard(n)
	}
	reveal(ev, fmt.Sprintf("%s discards %s (over its hand size).", sideName(side), r.cardList(side, ns)))
	delete(s.Excess, side)
	if len(s.Excess) == 0 {
		s.Step = stepAction
	}
	return nil
}

// advance runs the game on until it must wait for a side.
func (r *Rules) advance(s *State, d adjudicator.Dice, ev *[]adjudicator.Event) {
	for guard := 0; guard < 10000; guard++ {
		if s.Ask != nil || s.Step == stepOver {
			return
		}
		if s.Pending != nil {
			r.resolve(s, d, ev)
			continue
		}
		switch s.Step {
		case stepEndAction:
			r.endOfAction(s, ev)
		case stepAction:
			// 4.0-B: a side with no fresh unit and no card passes
			if len(s.Cards[s.Active].Hand) > 0 || r.hasFresh(s, s.Active) {
				return
			}
			pub(ev, fmt.Sprintf("%s has no fresh unit and no card: it passes (4.0-B).", sideName(s.Active)))
			r.pass(s, s.Active, ev)
		case stepDiscardVM:
			if len(s.Cards[VM].Hand) > 0 {
				return
			}
			s.Step = stepDiscardFr
		case stepDiscardFr:
			if len(s.Cards[French].Hand) > 0 {
				return
			}
			s.Step = stepSupply
		case stepSupply:
			r.supply(s, d, ev)
		case stepRefresh:
			r.refresh(s, d, ev)
		case stepPlaceVM, stepPlaceFrench:
			side := VM
			if s.Step == stepPlaceFrench {
				side = French
			}
			left := r.toPlace(s, side)
			if len(left) > 0 && len(r.placeAreas(s, side)) > 0 {
				return
			}
			if len(left) > 0 {
				for _, id := range left {
					s.Units[id].Out = true
				}
				pub(ev, fmt.Sprintf("%s has no area to place %d unit(s) in: they are eliminated (12.3).", sideName(side), len(left)))
			}
			if side == VM {
				s.Step = stepPlaceFrench
			} else {
				s.Step = stepEndTurn
			}
		case stepEndTurn:
			r.endTurn(s, d, ev)
		default:
			return
		}
	}
}

func (r *Rules) hasFresh(s *State, side Side) bool {
	for id, u := range s.Units {
		if u.Area > 0 && !u.Out && !u.Spent && r.side(id) == side {
			return true
		}
	}
	return false
}

// endAction closes an action of side: the window at its end opens next.
func (r *Rules) endAction(s *State, side Side) {
	s.Step = stepEndAction
	s.Active = side
	s.Passed = ""
}

// endOfAction: Emergency Replacements' window after a French action (the
// VM plays it after its own within its action), then the other side acts.
func (r *Rules) endOfAction(s *State, ev *[]adjudicator.Event) {
	if s.Active == French && s.Turn > 1 && len(r.pool(s)) >= 1 {
		n, wait := r.window(s, &s.Answers, "emergency-replacements", 0, "France's action is over: play Emergency Replacements (play <card> at <area>)?", func(n int) bool { return r.playable(s, VM, n) })
		if wait {
			return
		}
		if n > 0 {
			a := s.Answers["emergency-area"]
			if a == 0 {
				a = r.emergencyDefault(s)
			}
			r.emergency(s, n, a, ev)
		}
	}
	s.Answers = nil
	s.LostPrev, s.Lost = s.Lost, nil
	s.Within = 0
	s.Active = other(s.Active)
	s.Step = stepAction
}

// pass: 4.0-B.
func (r *Rules) pass(s *State, side Side, ev *[]adjudicator.Event) {
	if s.Passed == other(side) {
		pub(ev, fmt.Sprintf("%s passes after %s did: the action phase ends (4.0-B).", sideName(side), strings.ToLower(sideName(other(side)))))
		r.startEnd(s, ev)
		return
	}
	s.LostPrev, s.Lost, s.Within = s.Lost, nil, 0
	if side == VM {
		if len(s.Cards[French].Hand) == 0 {
			pub(ev, "The VM passes and France holds no card: the action phase ends (4.0-B).")
			r.startEnd(s, ev)
			return
		}
		pub(ev, "The VM passes. France may discard a card to go on (4.0-B).")
		s.Step = stepVMPassed
		return
	}
	pub(ev, "France passes.")
	s.Passed, s.Active, s.Step = French, VM, stepAction
}

func (r *Rules) afterVMPass(s *State, f []string, ev *[]adjudicator.Event) error {
	switch {
	case len(f) == 1 && f[0] == "end":
		pub(ev, "France discards nothing: the action phase ends (4.0-B).")
		r.startEnd(s, ev)
		return nil
	case f[0] == "discard" && len(f) == 2:
		ns, err := r.cardNumbers(s, French, f[1:])
		if err != nil {
			return err
		}
		_ = s.Cards[French].DiscardCard(ns[0])
		reveal(ev, fmt.Sprintf("France discards %s to go on: France acts, then the VM (4.0-B).", r.cardList(French, ns)))
		s.Passed, s.Active, s.Step = VM, French, stepAction
		return nil
	}
	return fmt.Errorf("give discard <card number> (one card, to take another action) or end")
}

func (r *Rules) startEnd(s *State, ev *[]adjudicator.Event) {
	s.Passed, s.Lost, s.LostPrev, s.Within = "", nil, nil, 0
	s.Step = stepDiscardVM
	pub(ev, fmt.Sprintf("Turn %d: end phase.", s.Turn))
}

func (r *Rules) endDiscard(s *State, side Side, f []string, ev *[]adjudicator.Event) error {
	switch {
	case len(f) == 1 && f[0] == "keep":
		pub(ev, fmt.Sprintf("%s keeps its cards.", sideName(side)))
	case f[0] == "discard" && len(f) > 1:
		ns, err := r.cardNumbers(s, side, f[1:])
		if err != nil {
			return err
		}
		for _, n := range ns {
			_ = s.Cards[side].DiscardCard(n)
		}
		reveal(ev, fmt.Sprintf("%s discards %s (5.3).", sideName(side), r.cardList(side, ns)))
	default:
		return fmt.Errorf("give discard <card numbers> or keep")
	}
	if side == VM {
		s.Step = stepDiscardFr
	} else {
		s.Step = stepSupply
	}
	return nil
}

// supply: 11.0. 2d6, +2 for each airstrip area and +1 for each green area
// the VM holds; 9-15 one area without supply, 16+ two; Heavy Flak one
// more.
func (r *Rules) supply(s *State, d adjudicator.Dice, ev *[]adjudicator.Event) {
	if _, done := s.Answers["supply-roll"]; !done {
		a, b := d.Roll(6), d.Roll(6)
		mod := 0
		for _, id := range r.d.AreaIDs {
			if s.Control[id] == VM {
				switch r.d.Area[id].Class {
				case "blue":
					mod += 2
				case "green":
					mod++
				}
			}
		}
		total := a + b + mod
		n := 0
		switch {
		case total >= 16:
			n = 2
		case total >= 9:
			n = 1
		}
		if s.Answers == nil {
			s.Answers = map[string]int{}
		}
		s.Answers["supply-roll"] = total
		s.Due = n
		pub(ev, fmt.Sprintf("French supply (11.0): %d+%d, +%d for the VM's airstrip and west-bank areas = %d: %d area(s) without supply.", a, b, mod, total, n))
	}
	card, wait := r.window(s, &s.Answers, "heavy-flak", s.Due, fmt.Sprintf("French supply: %d area(s) go without supply. Play Heavy Flak for one more?", s.Due), nil)
	if wait {
		return
	}
	if card > 0 {
		_ = r.play(s, VM, card, ev, "")
		s.Due++
	}
	s.Answers = nil
	french := 0
	for _, a := range r.d.AreaIDs {
		if s.Control[a] == French {
			french++
		}
	}
	s.Due = min(s.Due, french)
	if s.Due > 0 {
		s.Step = stepNoSupply
		return
	}
	s.Step = stepRefresh
}

func (r *Rules) markNoSupply(s *State, f []string, ev *[]adjudicator.Event) error {
	if f[0] != "nosupply" {
		return fmt.Errorf("give nosupply <areas> (%d French area(s))", s.Due)
	}
	var as []int
	seen := map[int]bool{}
	for _, w := range f[1:] {
		a, err := strconv.Atoi(w)
		if err != nil || r.d.Area[a] == nil || s.Control[a] != French || seen[a] {
			return fmt.Errorf("%q is not a French-controlled area (once each)", w)
		}
		seen[a] = true
		as = append(as, a)
	}
	if len(as) != s.Due {
		return fmt.Errorf("mark exactly %d area(s), not %d", s.Due, len(as))
	}
	sort.Ints(as)
	s.NoSupply = as
	s.Due = 0
	pub(ev, fmt.Sprintf("The VM cuts the supply of area(s) %s (11.0).", intsText(as)))
	s.Step = stepRefresh
	return nil
}

func intsText(as []int) string {
	var out []string
	for _, a := range as {
		out = append(out, strconv.Itoa(a))
	}
	return strings.Join(out, ", ")
}

// refresh: 4.0-C. Units turn fresh (French ones without supply stay
// spent), markers go, the VM rolls for replacements (12.1), reinforcements
// arrive (12.2).
func (r *Rules) refresh(s *State, d adjudicator.Dice, ev *[]adjudicator.Event) {
	cut := map[int]bool{}
	for _, a := range s.NoSupply {
		cut[a] = true
	}
	for id, u := range s.Units {
		if u.Area > 0 && !u.Out && !(r.side(id) == French && cut[u.Area]) {
			u.Spent = false
		}
	}
	s.FireMark, s.NoSupply = nil, nil
	pub(ev, "Units turn fresh; fire and no-supply markers are removed.")
	if s.Turn > 1 && !s.NoRepl {
		roll := d.Roll(6)
		k := (roll + 1) / 2
		pool := r.pool(s)
		k = min(k, len(pool))
		for _, id := range pool[:k] {
			s.Units[id].Area = -1 // due to be placed
		}
		pub(ev, fmt.Sprintf("VM replacements (12.1): %d, half rounded up: %d unit(s).", roll, k))
	} else if s.NoRepl {
		pub(ev, "No VM replacement roll this turn (Emergency Replacements).")
	}
	for _, id := range r.d.UnitIDs {
		if u := r.d.Unit[id]; u.Arrive == s.Turn && s.Units[id].Area == 0 && !s.Units[id].Out {
			s.Units[id].Area = -1
		}
	}
	s.Step = stepPlaceVM
}

// pool: the replacements still in the box, in order.
func (r *Rules) pool(s *State) []string {
	var out []string
	for _, id := range r.d.UnitIDs {
		if r.d.Unit[id].Pool && s.Units[id].Area == 0 && !s.Units[id].Out {
			out = append(out, id)
		}
	}
	return out
}

// toPlace: side's units due on the board (Area -1).
func (r *Rules) toPlace(s *State, side Side) []string {
	var out []string
	for _, id := range r.d.UnitIDs {
		if s.Units[id].Area == -1 && !s.Units[id].Out && r.side(id) == side {
			out = append(out, id)
		}
	}
	return out
}

// placeAreas: 12.3. The VM: any area it controls, or a French area with
// no French unit next to a chain of VM areas from the map's edge; France:
// any area it controls. Both within 9 units.
func (r *Rules) placeAreas(s *State, side Side) []int {
	var out []int
	reach := map[int]bool{}
	if side == VM {
		var q []int
		for _, a := range r.d.AreaIDs {
			if r.d.Edge(a) && s.Control[a] == VM {
				reach[a] = true
				q = append(q, a)
			}
		}
		for len(q) > 0 {
			a := q[0]
			q = q[1:]
			for _, b := range r.d.Area[a].Adjacent {
				if !reach[b] && s.Control[b] == VM {
					reach[b] = true
					q = append(q, b)
				}
			}
		}
	}
	cn := r.census(s)
	for _, a := range r.d.AreaIDs {
		if cn.n(a, side) >= StackLimit {
			continue
		}
		switch {
		case s.Control[a] == side:
			out = append(out, a)
		case side == VM && cn.n(a, French) == 0:
			for _, b := range r.d.Area[a].Adjacent {
				if reach[b] {
					out = append(out, a)
					break
				}
			}
		}
	}
	return out
}

func (r *Rules) place(s *State, side Side, f []string, ev *[]adjudicator.Event) error {
	left := r.toPlace(s, side)
	if f[0] != "place" || len(f) < 3 {
		return fmt.Errorf("give place <area> all, or place <area> <units> (%s)", strings.Join(left, ", "))
	}
	a, err := strconv.Atoi(f[1])
	ok := false
	for _, x := range r.placeAreas(s, side) {
		ok = ok || x == a
	}
	if err != nil || !ok {
		return fmt.Errorf("%q is not an area you may place in (12.3): %s", f[1], intsText(r.placeAreas(s, side)))
	}
	var ids []string
	if len(f) == 3 && f[2] == "all" {
		ids = left
	} else {
		due := map[string]bool{}
		for _, id := range left {
			due[strings.ToLower(id)] = true
		}
		for _, w := range f[2:] {
			id := r.unitID(w)
			if !due[strings.ToLower(id)] {
				return fmt.Errorf("%q is not one of your units to place (%s)", w, strings.Join(left, ", "))
			}
			ids = append(ids, id)
		}
	}
	room := StackLimit - len(r.in(s, a, side))
	if len(ids) > room {
		if len(f) == 3 && f[2] == "all" {
			ids = ids[:room]
		} else {
			return fmt.Errorf("area %d has room for %d more of your units (7.0: 9 an area)", a, room)
		}
	}
	for _, id := range ids {
		s.Units[id].Area, s.Units[id].Spent = a, false
	}
	pub(ev, fmt.Sprintf("%s places %s in area %d.", sideName(side), strings.Join(ids, ", "), a), adjudicator.Mark{Kind: "move", At: strconv.Itoa(a)})
	if side == VM && s.Control[a] != VM {
		r.takeControl(s, a, VM, ev)
	}
	return nil
}

// unitID finds the id a word names, in the data's spelling.
func (r *Rules) unitID(w string) string {
	w = strings.Trim(w, ",")
	for _, id := range r.d.UnitIDs {
		if strings.EqualFold(id, w) {
			return id
		}
	}
	return w
}

// endTurn: 4.0-C's end, 14.0 after turn 8.
func (r *Rules) endTurn(s *State, d adjudicator.Dice, ev *[]adjudicator.Event) {
	s.NoRepl = false
	s.Lost, s.LostPrev = nil, nil
	if s.Turn == Turns {
		n := 0
		for _, a := range r.d.AreaIDs {
			if r.d.Area[a].Victory && s.Control[a] == VM {
				n++
			}
		}
		s.Step = stepOver
		if n >= s.Target {
			s.Winner, s.Reason = VM, fmt.Sprintf("at the end of turn 8 the VM holds %d victory areas (it needed %d; 14.0)", n, s.Target)
		} else {
			s.Winner, s.Reason = French, fmt.Sprintf("at the end of turn 8 the VM holds %d victory areas, not the %d it needed (14.0)", n, s.Target)
		}
		pub(ev, "Game over: "+s.Reason+".")
		return
	}
	s.Turn++
	r.drawPhase(s, d, ev)
}
