// Package storm referees Storm over Dien Bien Phu (MMP 2014), from the
// Polish edition of its rules (shared/rules/storm-over-dbp.pl.txt): an
// eight-turn area-impulse game where the Viet Minh and France alternate
// single actions, with secret hands of tactic cards (package cards),
// reaction windows answered by standing reactions, and rolls that pick
// cards kept secret until the game ends.
package storm

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/cards"
)

// Rules is the title's adjudicator.Rules.
type Rules struct{ d *Data }

// New makes the rules over checked data.
func New(d *Data) *Rules { return &Rules{d: d} }

// Data is the rules' data.
func (r *Rules) Data() *Data { return r.d }

func (r *Rules) Info() adjudicator.Info {
	return adjudicator.Info{ID: "storm", Name: "Storm over Dien Bien Phu", Sides: []Side{VM, French},
		Scenarios: []adjudicator.Scenario{{ID: "battle", Name: "The battle, 13 March - 7 May 1954", Turns: "1-8"}},
		Options: []adjudicator.GameOption{
			{Key: "bidding", Help: "on: both seats bid for the sides first, sealed (15.0); off (the default)"},
			{Key: "bid", Help: "the victory areas the VM needs, agreed beforehand (15.0; 6 by default)"}}}
}

// StateVersion: bump when the State's encoding changes meaning.
func (r *Rules) StateVersion() int { return 1 }

// Setup: 3.0. Option "bid" (15.0) sets the victory areas the VM needs;
// option "bidding:on" has both seats bid for it first, sealed.
func (r *Rules) Setup(scenario string, o adjudicator.Options) (adjudicator.State, error) {
	if scenario != "battle" {
		return nil, fmt.Errorf("unknown scenario %q; Storm over Dien Bien Phu has one: battle", scenario)
	}
	s := &State{Turn: 1, Step: stepDraw, Active: VM, Units: map[string]*UnitState{}, Control: map[int]Side{},
		Cards: map[Side]*cards.Stock{}, Target: 6}
	if b := o["bid"]; b != "" {
		n, err := strconv.Atoi(b)
		if err != nil || n < 1 || n > r.victoryAreas() {
			return nil, fmt.Errorf("bid:%s: the VM's bid is 1 to %d victory areas (15.0)", b, r.victoryAreas())
		}
		s.Target = n
	}
	switch o["bidding"] {
	case "", "off":
	case "on":
		s.Step = stepBid
	default:
		return nil, fmt.Errorf("bidding:%s: on or off (15.0's sealed bids for the sides)", o["bidding"])
	}
	for _, id := range r.d.UnitIDs {
		u := r.d.Unit[id]
		s.Units[id] = &UnitState{Area: u.Setup}
	}
	for _, a := range r.d.AreaIDs {
		s.Control[a] = r.d.Area[a].Owner
	}
	for _, side := range []Side{French, VM} {
		var ns []int
		for n := range r.d.CardOf[side] {
			ns = append(ns, n)
		}
		st := cards.NewStock(ns...)
		s.Cards[side] = &st
	}
	return s, nil
}

func (r *Rules) victoryAreas() int {
	n := 0
	for _, a := range r.d.Area {
		if a.Victory {
			n++
		}
	}
	return n
}

func (r *Rules) Decode(b []byte) (adjudicator.State, error) { return decodeState(r.d, b) }

// ---- helpers over the state ----

func (r *Rules) side(id string) Side { return r.d.Unit[id].Type.Side }

// in lists the units of side in area a (on the board), in the data's
// order.
func (r *Rules) in(s *State, a int, side Side) []string {
	var out []string
	for _, id := range r.d.UnitIDs {
		if u := s.Units[id]; u.Area == a && !u.Out && r.d.Unit[id].Type.Side == side {
			out = append(out, id)
		}
	}
	return out
}

// census is the board by area number, read once for the legal tree and
// the movement costs (issue 31): each side's units (in the data's order),
// and control.
type census struct {
	units [][2][]string
	ctl   []Side
}

func sideIx(s Side) int {
	if s == French {
		return 0
	}
	return 1
}

func (r *Rules) census(s *State) census {
	c := census{units: make([][2][]string, r.d.top+1), ctl: make([]Side, r.d.top+1)}
	for _, a := range r.d.AreaIDs {
		c.ctl[a] = s.Control[a]
	}
	// two passes: where each unit is and how many each list holds, then
	// the lists cut from one buffer (one allocation, not one an area)
	at := make([]int, len(r.d.UnitIDs))
	cnt := make([][2]int, r.d.top+1)
	for i, id := range r.d.UnitIDs {
		if u := s.Units[id]; u.Area > 0 && !u.Out {
			at[i] = u.Area
			cnt[u.Area][r.d.unitSide[i]]++
		}
	}
	buf := make([]string, 0, len(r.d.UnitIDs))
	for _, a := range r.d.AreaIDs {
		for x := 0; x < 2; x++ {
			if cnt[a][x] > 0 {
				c.units[a][x] = buf[len(buf) : len(buf) : len(buf)+cnt[a][x]]
				buf = buf[:len(buf)+cnt[a][x]]
			}
		}
	}
	for i, id := range r.d.UnitIDs {
		if a := at[i]; a > 0 {
			x := r.d.unitSide[i]
			c.units[a][x] = append(c.units[a][x], id)
		}
	}
	return c
}

// n counts side's units in area a.
func (c census) n(a int, s Side) int { return len(c.units[a][sideIx(s)]) }

// in lists side's units in area a, in the data's order.
func (c census) in(a int, s Side) []string { return c.units[a][sideIx(s)] }

// fresh lists side's fresh units in area a.
func (c census) fresh(s *State, a int, side Side) []string {
	var out []string
	for _, id := range c.units[a][sideIx(side)] {
		if !s.Units[id].Spent {
			out = append(out, id)
		}
	}
	return out
}

func (r *Rules) fresh(s *State, a int, side Side) []string {
	var out []string
	for _, id := range r.in(s, a, side) {
		if !s.Units[id].Spent {
			out = append(out, id)
		}
	}
	return out
}

// defense is a unit's defense on its present face.
func (r *Rules) defense(s *State, id string) int {
	t := r.d.Unit[id].Type
	if s.Units[id].Spent {
		return t.Spent
	}
	return t.Defense
}

// areaDefense: 9.1, the printed value plus the trench level, at most 3.
func (r *Rules) areaDefense(s *State, a int) int {
	return min(MaxAreaDef, r.d.Area[a].Defense+s.Trench[a])
}

// settle applies 13.0 everywhere: an area whose controller has no unit in
// it while the other side has one changes hands; France taking an area
// removes its trench markers (9.1).
func (r *Rules) settle(s *State, ev *[]adjudicator.Event) {
	cn := r.census(s)
	for _, a := range r.d.AreaIDs {
		c := s.Control[a]
		if cn.n(a, c) == 0 && cn.n(a, other(c)) > 0 {
			r.takeControl(s, a, other(c), ev)
		}
	}
}

func (r *Rules) takeControl(s *State, a int, side Side, ev *[]adjudicator.Event) {
	if s.Control[a] == side {
		return
	}
	s.Control[a] = side
	if s.Lost == nil {
		s.Lost = map[Side][]int{}
	}
	s.Lost[other(side)] = append(s.Lost[other(side)], a)
	if side == French {
		delete(s.Trench, a)
	}
	pub(ev, fmt.Sprintf("%s takes control of area %d (%s).", sideName(side), a, r.d.Area[a].Name), adjudicator.Mark{Kind: "control", At: strconv.Itoa(a)})
}

func sideName(s Side) string {
	if s == French {
		return "France"
	}
	return "The VM"
}

func pub(ev *[]adjudicator.Event, text string, marks ...adjudicator.Mark) {
	*ev = append(*ev, adjudicator.Event{Audience: adjudicator.Everyone, Text: text, Marks: marks})
}

func only(ev *[]adjudicator.Event, side Side, text string) {
	*ev = append(*ev, adjudicator.Event{Audience: adjudicator.Only(side), Text: text})
}

// cardsIn lists the numbers of side's cards in hand called name.
func (r *Rules) held(s *State, side Side, names ...string) []int {
	var out []int
	for _, n := range s.Cards[side].Hand {
		for _, nm := range names {
			if r.d.CardName(side, n) == nm {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

// play moves card n from side's hand to its discard pile, or out of the
// game when it says so (5.2), and tells everyone.
func (r *Rules) play(s *State, side Side, n int, ev *[]adjudicator.Event, how string) error {
	c := r.d.CardOf[side][n]
	if c == nil || !s.Cards[side].Hand.Has(n) {
		return fmt.Errorf("you hold no card %d", n)
	}
	if err := s.Cards[side].Play(n, c.Remove); err != nil {
		return err
	}
	txt := fmt.Sprintf("%s plays %s (%s %d)%s.", sideName(side), c.Name, side, n, how)
	if c.Remove {
		txt += " It is removed from the game."
	}
	reveal(ev, txt)
	return nil
}

// reveal is a public event that shows a card from a hand: the order that
// made it cannot be undone by its player (adjudicator.Event.Reveals).
func reveal(ev *[]adjudicator.Event, text string) {
	*ev = append(*ev, adjudicator.Event{Audience: adjudicator.Everyone, Text: text, Reveals: true})
}

// Prompt: who is awaited for what.
func (r *Rules) Prompt(st adjudicator.State) adjudicator.Prompt {
	s := st.(*State)
	phase := fmt.Sprintf("Turn %d (%s)", s.Turn, r.d.Board.Board.Dates[s.Turn-1])
	p := adjudicator.Prompt{Phase: phase, Stage: fmt.Sprintf("%d/%s", s.Turn, s.Step)}
	switch {
	case s.Step == stepOver:
		return adjudicator.Prompt{Over: true, Phase: "game over", Result: &adjudicator.Result{Winner: s.Winner, Reason: s.Reason}}
	case s.Ask != nil:
		p.Awaiting = []Side{s.Ask.Side}
		p.Phase += ", reaction"
		if a := s.Pending; a != nil && a.Target != 0 {
			// issue 30, item 1: the hand-off's close-up is the area
			// attacked (and where from), public as the attack is
			p.Focus = []string{strconv.Itoa(a.Target)}
			if a.From != 0 {
				p.Focus = append(p.Focus, strconv.Itoa(a.From))
			}
		}
		p.Decision = s.Ask.Text + " Answer: play <card number> or pass"
		p.Default = "pass"
		if s.Ask.Kind == "withdraw" {
			p.Decision = s.Ask.Text + " Answer: withdraw <units>, or withdraw weakest"
			p.Default = "withdraw weakest"
		}
		if s.Ask.Kind == "allocate" {
			p.Decision = s.Ask.Text + " Answer: allocate spread, allocate stand, or allocate <unit>:<points> ... (1 flips a fresh unit or retreats a spent one, 2 eliminates a spent one or flips and retreats a fresh one, 3 eliminates a fresh one; as many points as the units can take)"
			p.Default = "allocate spread"
		}
		return p
	}
	switch s.Step {
	case stepBid:
		for _, side := range []Side{VM, French} {
			if _, in := s.Bids[side]; !in {
				p.Awaiting = append(p.Awaiting, side)
			}
		}
		p.Phase = "Bidding for the sides (15.0)"
		p.Decision = fmt.Sprintf("Bid the victory areas (of defense 3, 1 to %d) you would take as the VM: bid <n>; the higher bid plays the VM and needs that many", r.victoryAreas())
	case stepDraw:
		p.Awaiting, p.Phase, p.Decision, p.Default = []Side{VM}, phase+", draw phase", "Start the game: draw (both sides draw their hands; set standing reactions first if you like)", "draw"
	case stepHandLimit:
		for _, side := range []Side{VM, French} {
			if s.Excess[side] > 0 {
				p.Awaiting = append(p.Awaiting, side)
			}
		}
		p.Phase += ", draw phase"
		p.Decision = "Discard the cards over your hand size (5.1): discard <card numbers>"
	case stepAction:
		p.Awaiting = []Side{s.Active}
		p.Phase += ", action phase"
		p.Decision = fmt.Sprintf("%s's action: move, fire, %splay a card, or pass", sideName(s.Active), map[Side]string{VM: "dig, assault, ", French: ""}[s.Active])
		p.Default = "pass"
	case stepVMPassed:
		p.Awaiting = []Side{French}
		p.Phase += ", action phase"
		p.Decision = "The VM passed: discard a card to take another action (discard <card number>), or end the action phase (end)"
		p.Default = "end"
	case stepDiscardVM, stepDiscardFr:
		side := VM
		if s.Step == stepDiscardFr {
			side = French
		}
		p.Awaiting = []Side{side}
		p.Phase += ", end phase"
		p.Decision = "Discard any cards you do not want to keep (discard <card numbers>), or keep them all (keep)"
		p.Default = "keep"
	case stepNoSupply:
		p.Awaiting = []Side{VM}
		p.Phase += ", French supply"
		p.Decision = fmt.Sprintf("Mark %d French area(s) without supply: nosupply <areas>", s.Due)
	case stepPlaceVM, stepPlaceFrench:
		side := VM
		if s.Step == stepPlaceFrench {
			side = French
		}
		p.Awaiting = []Side{side}
		p.Phase += ", reinforcements"
		p.Decision = fmt.Sprintf("Place your reinforcements and replacements: place <area> <units|all> (%d left)", len(r.toPlace(s, side)))
	case stepDetonate:
		p.Awaiting = []Side{French}
		p.Phase += ", Detonate Mine Shaft"
		p.Decision = fmt.Sprintf("The mine under area %d: retreat <units> from it first, or none", s.Detonate)
		p.Default = "retreat none"
	}
	return p
}

// Apply: one order.
func (r *Rules) Apply(st adjudicator.State, side Side, order string, d adjudicator.Dice) (adjudicator.State, []adjudicator.Event, error) {
	s := st.(*State).clone()
	f := strings.Fields(strings.ToLower(strings.TrimSpace(order)))
	if len(f) == 0 {
		return nil, nil, adjudicator.Refuse(order, "empty order")
	}
	var ev []adjudicator.Event
	if f[0] == "standing" {
		if side != French && side != VM {
			return nil, nil, adjudicator.Refuse(order, "standing reactions are a side's")
		}
		if err := r.standing(s, side, f[1:], &ev); err != nil {
			return nil, nil, adjudicator.Refuse(order, "%v", err)
		}
		return s, ev, nil
	}
	if s.Step == stepOver {
		return nil, nil, adjudicator.Refuse(order, "the game is over")
	}
	p := r.Prompt(s)
	if !p.Awaits(side) {
		return nil, nil, adjudicator.Refuse(order, "the game awaits %s now (%s)", sidesText(p.Awaiting), p.Decision)
	}
	var err error
	switch {
	case s.Ask != nil:
		err = r.answer(s, f, &ev)
	case s.Step == stepBid:
		err = r.bid(s, side, f, d, &ev)
	case s.Step == stepDraw:
		if f[0] != "draw" || len(f) != 1 {
			return nil, nil, adjudicator.Refuse(order, "the game starts with: draw")
		}
		r.drawPhase(s, d, &ev)
	case s.Step == stepHandLimit:
		err = r.handLimit(s, side, f, &ev)
	case s.Step == stepAction:
		err = r.action(s, side, f, d, &ev)
	case s.Step == stepVMPassed:
		err = r.afterVMPass(s, f, &ev)
	case s.Step == stepDiscardVM || s.Step == stepDiscardFr:
		err = r.endDiscard(s, side, f, &ev)
	case s.Step == stepNoSupply:
		err = r.markNoSupply(s, f, &ev)
	case s.Step == stepPlaceVM || s.Step == stepPlaceFrench:
		err = r.place(s, side, f, &ev)
	case s.Step == stepDetonate:
		err = r.detonateRetreat(s, f, &ev)
	}
	if err != nil {
		return nil, nil, adjudicator.Refuse(order, "%v", err)
	}
	r.advance(s, d, &ev)
	return s, ev, nil
}

func sidesText(ss []Side) string {
	var out []string
	for _, x := range ss {
		out = append(out, string(x))
	}
	return strings.Join(out, " and ")
}

// standing sets a side's standing reaction or damage policy:
// "standing <kind> never|ask|play [N]", "standing damage spread|stand".
func (r *Rules) standing(s *State, side Side, f []string, ev *[]adjudicator.Event) error {
	if len(f) == 0 {
		return fmt.Errorf("give standing <window> never|ask|play [N], or standing damage spread|stand; windows: %s", r.windowList(side))
	}
	if f[0] == "retreat" {
		if len(f) != 2 || (f[1] != "lowest" && f[1] != "join" && f[1] != "spread") {
			return fmt.Errorf("standing retreat takes lowest (the lowest area number), join (the area with most of your units) or spread (the fewest), for retreats that tie on enemy units (8.4.2)")
		}
		if s.Policy == nil {
			s.Policy = map[Side]string{}
		}
		s.Policy["retreat-"+side] = f[1]
		only(ev, side, "Your retreats that tie on enemy units (8.4.2) now go: "+f[1]+".")
		return nil
	}
	if f[0] == "damage" {
		if len(f) != 2 || (f[1] != "spread" && f[1] != "stand" && f[1] != "ask") {
			return fmt.Errorf("standing damage takes spread (flip and retreat before losing units), stand (lose units before retreating) or ask (you allocate each time)")
		}
		if s.Policy == nil {
			s.Policy = map[Side]string{}
		}
		s.Policy[side] = f[1]
		only(ev, side, "Your damage allocation (8.4) is now: "+f[1]+".")
		return nil
	}
	rc, ok := reactionOf(f[0])
	if !ok || rc.Side != side {
		return fmt.Errorf("%q is not one of your reaction windows; yours are %s", f[0], r.windowList(side))
	}
	st, err := cards.ParseStanding(strings.Join(f[1:], " "))
	if err != nil {
		return err
	}
	if s.Books == nil {
		s.Books = map[Side]cards.Book{}
	}
	if s.Books[side] == nil {
		s.Books[side] = cards.Book{}
	}
	s.Books[side][rc.Kind] = st
	only(ev, side, fmt.Sprintf("Standing reaction %s (%s; measure: %s): %s.", rc.Kind, strings.Join(rc.Cards, " or "), rc.Measure, st))
	return nil
}

// baseKind: the standing reaction a window answers to: a second copy's
// window ("improved-defenses-2") follows the first's.
func baseKind(kind string) string { return strings.TrimSuffix(kind, "-2") }

func (r *Rules) windowList(side Side) string {
	var out []string
	for _, rc := range reactions {
		if rc.Side == side {
			out = append(out, rc.Kind)
		}
	}
	return strings.Join(out, ", ")
}

// defaultStanding: every window asks unless the side says otherwise,
// but Emergency Replacements (a window after each French action) is
// never played unless set (RULINGS S9).
func defaultStanding(kind string) cards.Standing {
	if kind == "emergency-replacements" {
		return cards.Standing{Mode: cards.Skip}
	}
	return cards.Standing{Mode: cards.Ask}
}

// window decides a reaction window of kind for its side: from the answers
// already given, or the side's standing reaction. It returns the card
// played (0: none) and whether the game must wait for an answer. fits
// filters the cards that may be played here.
func (r *Rules) window(s *State, answers *map[string]int, kind string, measure int, text string, fits func(n int) bool) (int, bool) {
	if n, ok := (*answers)[kind]; ok {
		return n, false
	}
	base := baseKind(kind)
	rc, _ := reactionOf(base)
	var can []int
	for _, n := range r.held(s, rc.Side, rc.Cards...) {
		if fits == nil || fits(n) {
			can = append(can, n)
		}
	}
	book := s.Books[rc.Side]
	switch book.Decide(base, defaultStanding(base), measure, len(can) > 0) {
	case cards.AskSide:
		s.Ask = &Question{Side: rc.Side, Kind: kind, Measure: measure, Text: text}
		return 0, true
	case cards.PlayCard:
		if *answers == nil {
			*answers = map[string]int{}
		}
		(*answers)[kind] = can[0]
		return can[0], false
	}
	if *answers == nil {
		*answers = map[string]int{}
	}
	(*answers)[kind] = 0
	return 0, false
}

// answer takes a side's answer to a reaction question.
func (r *Rules) answer(s *State, f []string, ev *[]adjudicator.Event) error {
	q := s.Ask
	switch q.Kind {
	case "allocate":
		return r.answerAllocation(s, f)
	case "withdraw":
		return r.answerWithdraw(s, f)
	}
	rc, _ := reactionOf(baseKind(q.Kind))
	answers := &s.Answers
	if s.Pending != nil {
		answers = &s.Pending.Answers
	}
	if *answers == nil {
		*answers = map[string]int{}
	}
	if len(f) == 1 && f[0] == "pass" {
		(*answers)[q.Kind] = 0
		s.Ask = nil
		return nil
	}
	if f[0] != "play" || len(f) < 2 {
		return fmt.Errorf("answer play <card number> (a %s card) or pass", strings.Join(rc.Cards, " or "))
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || !s.Cards[q.Side].Hand.Has(n) {
		return fmt.Errorf("%q is not a card number in your hand; answer play <card number> or pass", f[1])
	}
	ok := false
	for _, nm := range rc.Cards {
		ok = ok || r.d.CardName(q.Side, n) == nm
	}
	if !ok || !r.playable(s, q.Side, n) {
		return fmt.Errorf("card %d (%s) cannot be played here: this window takes %s", n, r.d.CardName(q.Side, n), strings.Join(rc.Cards, " or "))
	}
	if q.Kind == "emergency-replacements" {
		a, err := r.emergencyArea(s, f[2:])
		if err != nil {
			return err
		}
		s.Answers["emergency-area"] = a
	}
	(*answers)[q.Kind] = n
	s.Ask = nil
	return nil
}

// playable: the card's own limits on turns (Detonate Mine Shaft and
// Emergency Replacements not on turn 1; Relief Force not after turn 4).
func (r *Rules) playable(s *State, side Side, n int) bool {
	c := r.d.CardOf[side][n]
	if c == nil {
		return false
	}
	if c.NotTurn1 && s.Turn == 1 {
		return false
	}
	if c.LastTurn > 0 && s.Turn > c.LastTurn {
		return false
	}
	return true
}

// answerAllocation: the owner's own allocation of damage (8.4, 8.4.1):
// "allocate spread|stand" or "allocate <unit>:<points> ...".
func (r *Rules) answerAllocation(s *State, f []string) error {
	ids, points, into := r.allocating(s)
	capOf := func(id string) int {
		if s.Units[id].Spent {
			return 2
		}
		return 3
	}
	total := 0
	for _, id := range ids {
		total += capOf(id)
	}
	need := min(points, total)
	if len(f) < 2 || f[0] != "allocate" {
		return fmt.Errorf("give allocate spread, allocate stand, or allocate <unit>:<points> ... (%d point(s) on %s)", need, strings.Join(ids, ", "))
	}
	if len(f) == 2 && (f[1] == "spread" || f[1] == "stand") {
		// the policy's allocation
		alloc := map[string]int{}
		r.allocTaken(s, ids, points, f[1], alloc)
		*into = alloc
		s.Ask = nil
		return nil
	}
	alloc := map[string]int{}
	sum := 0
	for _, w := range f[1:] {
		u, n, ok := strings.Cut(w, ":")
		id := r.unitID(u)
		k, err := strconv.Atoi(n)
		found := false
		for _, x := range ids {
			found = found || x == id
		}
		if !ok || err != nil || !found || k < 1 || alloc[id]+k > capOf(id) {
			return fmt.Errorf("%q: give <unit>:<points>, a hit unit (%s) and 1 to %s", w, strings.Join(ids, ", "), "its points left (3 a fresh unit, 2 a spent one)")
		}
		alloc[id] += k
		sum += k
	}
	if sum != need {
		return fmt.Errorf("allocate exactly %d point(s), not %d (8.4.1: as many as the units can take)", need, sum)
	}
	*into = alloc
	s.Ask = nil
	return nil
}

// allocating: the units, the points and the answer's place of the damage
// the awaited owner allocates: Debouchez a Zero!'s on the assaulting
// units, or the attack's own.
func (r *Rules) allocating(s *State) ([]string, int, *map[string]int) {
	p := s.Pending
	if p.Stage == atDebouchez {
		return p.Units, p.DebPoints, &p.DebAlloc
	}
	return r.defenders(s, p), p.Points, &p.Alloc
}

// answerWithdraw: the VM names the units Mines withdraws (RULINGS S12):
// "withdraw <units>" (exactly as many as the roll) or "withdraw weakest".
func (r *Rules) answerWithdraw(s *State, f []string) error {
	p := s.Pending
	k := s.Ask.Measure
	if len(f) == 2 && f[0] == "withdraw" && f[1] == "weakest" {
		s.Ask = nil
		return nil
	}
	if len(f) < 2 || f[0] != "withdraw" {
		return fmt.Errorf("give withdraw <units> (%d of %s) or withdraw weakest", k, strings.Join(p.Units, ", "))
	}
	var ids []string
	for _, w := range f[1:] {
		id := r.unitID(w)
		if !slices.Contains(p.Units, id) || slices.Contains(ids, id) {
			return fmt.Errorf("%q is not one of the assaulting units (%s), once each", w, strings.Join(p.Units, ", "))
		}
		ids = append(ids, id)
	}
	if len(ids) != k {
		return fmt.Errorf("name exactly %d unit(s) (Mines rolled %d), not %d", k, p.Roll, len(ids))
	}
	p.Withdraw = ids
	s.Ask = nil
	return nil
}

// allocTaken fills alloc with what a policy would allocate.
func (r *Rules) allocTaken(s *State, ids []string, points int, policy string, alloc map[string]int) {
	capOf := func(id string) int {
		if s.Units[id].Spent {
			return 2
		}
		return 3
	}
	order := r.sortedUnits(s, ids)
	give := func(id string, n int) {
		n = min(n, capOf(id)-alloc[id], points)
		if n > 0 {
			alloc[id] += n
			points -= n
		}
	}
	if policy == "stand" {
		for _, id := range order {
			if !s.Units[id].Spent {
				give(id, 1)
			}
		}
		for _, id := range order {
			if points >= capOf(id)-alloc[id] {
				give(id, capOf(id)-alloc[id])
			}
		}
		for _, id := range order {
			give(id, 1)
		}
		return
	}
	for pass := 0; pass < 3 && points > 0; pass++ {
		for _, id := range order {
			if pass == 0 && s.Units[id].Spent {
				continue
			}
			give(id, 1)
		}
	}
}

// bid: 15.0. Each seat bids sealed; the higher bid plays the VM and its
// bid is the VM's victory condition; equal bids: a die decides who plays
// the VM (the bid still sets the condition). The seats are the bot's: when
// the French seat wins the VM, the moderators swap the seats (RULINGS S21).
func (r *Rules) bid(s *State, side Side, f []string, d adjudicator.Dice, ev *[]adjudicator.Event) error {
	n := 0
	if len(f) == 2 && f[0] == "bid" {
		n, _ = strconv.Atoi(f[1])
	}
	if n < 1 || n > r.victoryAreas() {
		return fmt.Errorf("give bid <n>, 1 to %d victory areas", r.victoryAreas())
	}
	if s.Bids == nil {
		s.Bids = map[Side]int{}
	}
	s.Bids[side] = n
	only(ev, side, fmt.Sprintf("Your sealed bid: %d victory areas.", n))
	if len(s.Bids) < 2 {
		pub(ev, fmt.Sprintf("The %s seat has bid.", side))
		return nil
	}
	vm, fr := s.Bids[VM], s.Bids[French]
	winner := VM
	how := ""
	switch {
	case fr > vm:
		winner = French
	case fr == vm:
		if d.Roll(6) > 3 {
			winner = French
		}
		how = " (equal bids: a die decided)"
	}
	s.Target = max(vm, fr)
	txt := fmt.Sprintf("Bids (15.0): the vm seat %d, the french seat %d. The %s seat plays the VM%s, which must hold %d victory areas at the end of turn 8.", vm, fr, winner, how, s.Target)
	if winner == French {
		txt += " The players swap seats: a moderator reseats them (/mod seat) before the draw."
	}
	pub(ev, txt)
	s.Step = stepDraw
	return nil
}
