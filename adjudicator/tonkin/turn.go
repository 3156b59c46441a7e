package tonkin

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// The game turn (1.0, 8.0): the phases at which a player is awaited and
// what the rules resolve between them (weather and initiative, 2.0; the
// Desorg marker cleanups, 7.0; victory at the end of the turn, 8.0).

// phaseOwner is the side whose phase it is: the 1st player's movement and
// operation phase and end movement, then the 2nd player's.
func (s *State) phaseOwner() string {
	switch s.Phase {
	case PhaseRein1, PhaseMove1, PhaseOps1, PhaseEnd1:
		return s.First
	case PhaseRein2, PhaseMove2, PhaseOps2, PhaseEnd2:
		return s.second()
	}
	return ""
}

// awaited is the side that must order now ("" when the game is over).
func (s *State) awaited() string {
	if s.Combat != nil && s.Combat.Ask != "" {
		return s.Combat.Asked // a choice inside the other side's attack (fight.go)
	}
	switch s.Phase {
	case PhaseOver:
		return ""
	case PhaseOps1, PhaseOps2:
		if s.Step == StepActivate {
			return s.Decider
		}
		return s.Mover
	}
	return s.phaseOwner()
}

var phaseNames = map[string]string{
	PhaseRein1: "1st player replacements and reinforcements (3.0)",
	PhaseRein2: "2nd player replacements and reinforcements (3.0)",
	PhaseMove1: "1st player movement (5.0)",
	PhaseOps1:  "1st player operation phase (6.0)",
	PhaseMove2: "2nd player movement (8.0, 5.0)",
	PhaseOps2:  "2nd player operation phase (8.0, 6.0)",
	PhaseEnd1:  "1st player end movement (8.0)",
	PhaseEnd2:  "2nd player end movement (8.0)",
	PhaseOver:  "the game is over",
}

// phaseName names the phase with its owner: "the VM's movement (1st
// player, 5.0)".
func (s *State) phaseName() string {
	if s.Phase == PhaseOver {
		return phaseNames[PhaseOver]
	}
	return fmt.Sprintf("%s: %s", phaseNames[s.Phase], sideName(s.phaseOwner()))
}

func (r *Rules) turnText(s *State) string {
	return fmt.Sprintf("Turn %d of %d (%s, %s, %s first player)", s.Turn, monthsBetween(s.Month, s.Last)+s.Turn-1,
		MonthName(s.Month), weatherText(s), sideName(s.First))
}

// opsText is what the prompt of an operation phase always says (issue 10,
// 6.1): who holds the initiative, the points left in the chunk and in
// total for each side.
func (r *Rules) opsText(s *State) string {
	t := fmt.Sprintf("initiative: %s (6.1: it rolls first in this phase); operation points left: FEF %d, VM %d",
		sideName(s.phaseOwner()), s.OpsFEF, s.OpsVM)
	if s.Step == StepPoints {
		t += fmt.Sprintf("; %s's chunk: %d point(s) left", sideName(s.Mover), s.Chunk)
	}
	for _, side := range []string{FEF, VM} {
		switch d := s.spending(side); {
		case d == nil:
		case side == VM && r.Opaque(d.Loc):
			t += "; the VM spends a supply dump"
		default:
			t += fmt.Sprintf("; %s spends its supply dump at %s", sideName(side), d.Loc)
		}
	}
	return t
}

// decision is what the awaited side is asked, and the default taken at a
// deadline. It is public: it names nothing hidden.
func (r *Rules) decision(s *State) (decision, def string) {
	switch s.Phase {
	case PhaseRein1, PhaseRein2:
		return r.reinDecision(s), "done"
	case PhaseMove1, PhaseMove2, PhaseEnd1, PhaseEnd2:
		return "move your units: " + r.moveHelp() + ", then `done`", "done"
	case PhaseOps1, PhaseOps2:
		if s.Combat != nil && s.Combat.Ask != "" {
			d, def := r.askText(s, s.Combat)
			return d + "; " + r.opsText(s), def
		}
		switch {
		case s.Step == StepActivate:
			return fmt.Sprintf("6.2: spend a supply dump for this phase (`activate <hex>`, a hex holding one of your dumps) or not (`pass`); if neither side spends one, all operation points are lost; %s", r.opsText(s)), "pass"
		case s.Forced:
			return fmt.Sprintf("6.1: both sides refused to spend points in a row and %s refused first: spend a point now (%s), or `pass` and all remaining points on both sides are lost; %s",
				sideName(s.Mover), r.pointHelp(), r.opsText(s)), "pass"
		}
		return fmt.Sprintf("6.1: spend operation points one at a time (%s), or `pass` to save the rest of the chunk; %s", r.pointHelp(), r.opsText(s)), "pass"
	}
	return "", ""
}

// moveHelp and pointHelp list the orders of the rules enforced so far.
func (r *Rules) moveHelp() string {
	return "`move <unit> <hex>` (a unit is written with _ for spaces: 1_BEP; `move <hex> <hex>` moves the stack; a path of adjacent hexes may be given), each unit once (5.0); transports (5.3-5.7): `truck <units> <hex>` (or split in two hexes: `truck <units> <hex> <units> <hex>`), the FEF's `air <units> <airstrip>`, `drop <para|dump> <hex>`, `ship <units> <harbor>`, `river <Dinassaut> <units> <hex>`, the VM's `foot <dump> <hex>`; the VM may `declare <dummy>` to remove it"
}

func (r *Rules) pointHelp() string {
	return "option a): `move <unit|hex> <hex>` moves a stack, or up to 3 transports of a kind carry it (`truck`, `air`, `drop`, `ship`, `river`, `foot`, 5.3), a move's step into an enemy hex is an overrun (`move <unit|hex> <enemy hex> [<hex> ...] [spirit] [along <units>]`, the rest taken if it clears the hex; `overrun <unit|hex> <hex> [spirit]` the one-hex form), `drop <para> <hex> [press]` onto it (6.4); d) and g): `barrage <hex> air|navy|<artillery> ...` (6.6), d): `interdict <road hex> air ...` (6.6 d); e) and f): `attack <hex> [rally] [spirit] [lead <unit>] [<units>]` with troops within 3 hexes of your spending dump (6.6); each a point, f) two (6.3); b): `reorg <unit|hex> ...` removes up to 3 Desorg; c): `trench <dump hex> <unit> ...` entrenches up to 3 units by a dump, removed; `standing <key> <value>` answers the other side's attacks for you (RULINGS T22)"
}

// Prompt implements adjudicator.Rules.
func (r *Rules) Prompt(as adjudicator.State) adjudicator.Prompt {
	s := st(as)
	if s.Phase == PhaseOver {
		return adjudicator.Prompt{Over: true, Phase: "game over", Stage: "over",
			Result: &adjudicator.Result{Winner: adjudicator.Side(s.Winner), Reason: s.Reason}}
	}
	dec, def := r.decision(s)
	p := adjudicator.Prompt{Phase: r.turnText(s) + ", " + s.phaseName(), Decision: dec, Default: def,
		Stage: s.stage(), Brief: r.brief(s)}
	if s.Combat != nil && s.Combat.Target != "" {
		// issue 30, item 1: the hand-off's close-up is the hex attacked
		// or barraged (with its neighbours), public as the attack is
		p.Focus = []string{s.Combat.Target}
	}
	if a := s.awaited(); a != "" {
		p.Awaiting = []adjudicator.Side{adjudicator.Side(a)}
	}
	return p
}

// stage is the prompt's Stage: a phase of a turn, and in the operation
// phases each chunk of operation points (issue 10: a map after each
// chunk, 6.1: a chunk is its mover and the points it had when it began).
// A question inside a fight does not change it.
func (s *State) stage() string {
	k := fmt.Sprintf("t%d-%s", s.Turn, s.Phase)
	if s.Step == StepPoints && s.Mover != "" {
		k += fmt.Sprintf("-%s%d", s.Mover, *s.ops(s.Mover)+s.Used)
	}
	return k
}

// Legal implements adjudicator.Rules: the awaited side's orders; nothing
// for the other side.
func (r *Rules) Legal(as adjudicator.State, side adjudicator.Side) []adjudicator.Choice {
	s := st(as)
	if side == adjudicator.Referee && s.Phase != PhaseOver {
		return r.overrideHelp(s)
	}
	if s.Phase == PhaseOver || side != FEF && side != VM {
		return nil
	}
	if string(side) != s.awaited() {
		return standingChoices(side)
	}
	if s.Combat != nil && s.Combat.Ask != "" {
		return append(r.answerChoices(s, s.Combat), standingChoices(side)...)
	}
	out := r.legal(s, side)
	if ds := r.dummyTokens(s); side == VM && len(ds) > 0 {
		c := adjudicator.Choice{Word: "declare", Help: "declare a dummy and remove it (Basics: Counters)", Arg: "dummy"}
		for _, d := range ds {
			c.Next = append(c.Next, adjudicator.Choice{Word: d, Complete: true})
		}
		out = append(out, c)
	}
	if side == VM && r.railwayWhy(s) == "" {
		out = append(out, adjudicator.Choice{Word: "railway", Complete: true, Help: "move your dumps and units at the Chinese railway supply center to Lang Son (3.6)"})
	}
	return append(out, standingChoices(side)...)
}

// legal is the awaited side's orders but standing orders.
func (r *Rules) legal(s *State, side adjudicator.Side) []adjudicator.Choice {
	switch s.Phase {
	case PhaseOps1, PhaseOps2:
		if s.Step == StepActivate {
			var out []adjudicator.Choice
			if hs := s.dumpHexes(string(side)); len(hs) > 0 {
				c := adjudicator.Choice{Word: "activate", Help: "spend a supply dump at a hex (6.2)"}
				for _, h := range hs {
					c.Next = append(c.Next, adjudicator.Choice{Word: h, Complete: true})
				}
				out = append(out, c)
			}
			return append(out, adjudicator.Choice{Word: "pass", Complete: true, Help: "spend no supply dump this phase (6.2)"})
		}
		help := "save the rest of the chunk (6.1)"
		if s.Forced {
			help = "spend no point: all remaining points on both sides are lost (6.1)"
		}
		out := r.moveChoices(s, string(side))
		if ov := r.overrunMoveChoices(s, string(side)); len(ov) > 0 {
			// 6.4: a step into an enemy hex is an overrun (RULINGS T62)
			out = mergeChoices(out, []adjudicator.Choice{{Word: "move", Help: "option a): move a stack for one operation point; a step into an enemy hex is an overrun (6.3, 6.4)", Next: ov}})
		}
		out = append(out, r.transportChoices(s, string(side))...)
		if side == FEF {
			out = r.dropOverrunChoices(s, out)
		}
		out = append(out, r.overrunChoices(s, string(side))...)
		out = append(out, r.attackChoices(s, string(side))...)
		out = append(out, r.barrageChoices(s, string(side))...)
		out = append(out, r.interdictChoices(s, string(side))...)
		out = append(out, r.optionChoices(s, string(side))...)
		return append(out, adjudicator.Choice{Word: "pass", Complete: true, Help: help})
	case PhaseRein1, PhaseRein2:
		return append(r.reinChoices(s, string(side)), adjudicator.Choice{Word: "done", Complete: true, Help: "end your replacements and reinforcements phase (3.0)"})
	}
	out := append(r.moveChoices(s, string(side)), r.transportChoices(s, string(side))...)
	return append(out, adjudicator.Choice{Word: "done", Complete: true, Help: "end this movement phase"})
}

// dumpHexes: the hexes holding a side's supply dumps on the map, sorted.
func (s *State) dumpHexes(side string) []string {
	var out []string
	for _, u := range s.Units {
		if u.Type == "DR" && u.Side == side && onMap(u.Loc) && !slices.Contains(out, u.Loc) {
			out = append(out, u.Loc)
		}
	}
	slices.Sort(out)
	return out
}

// spending is a side's spending supply dump (6.2), or nil.
func (s *State) spending(side string) *Unit {
	for _, u := range s.Units {
		if u.Type == "DR" && u.Side == side && u.Spent {
			return u
		}
	}
	return nil
}

func onMap(loc string) bool {
	return loc != LocStandby && loc != LocSaigon && loc != LocDead && loc != LocPerm && loc != ""
}

// events collects the events of one order.
type events struct{ list []adjudicator.Event }

func (e *events) pub(format string, a ...any) {
	e.list = append(e.list, adjudicator.Event{Audience: adjudicator.Everyone, Text: fmt.Sprintf(format, a...)})
}

func (e *events) to(side string, format string, a ...any) {
	e.list = append(e.list, adjudicator.Event{Audience: adjudicator.Only(adjudicator.Side(side)), Text: fmt.Sprintf(format, a...)})
}

// mark puts a mark of what happened on the map on the last public event
// (issue 30, item 2): the places it names, open to all as its text is.
func (e *events) mark(kind, from, at string) {
	for i := len(e.list) - 1; i >= 0; i-- {
		if e.list[i].Audience.All {
			e.list[i].Marks = append(e.list[i].Marks, adjudicator.Mark{Kind: kind, From: from, At: at})
			return
		}
	}
}

func fail(format string, a ...any) error {
	return &adjudicator.OrderError{Reason: fmt.Sprintf(format, a...)}
}

// Apply implements adjudicator.Rules: an order is text, parsed here; an
// illegal one is refused with what was wrong and what would be legal,
// and changes nothing.
func (r *Rules) Apply(as adjudicator.State, side adjudicator.Side, text string, dice adjudicator.Dice) (ns adjudicator.State, evs []adjudicator.Event, err error) {
	return r.apply(as, false, side, text, dice)
}

// ApplyOwned is Apply on a state the caller gives up (replay): the order
// is played on it, without Apply's copy (adjudicator.OwnedApplier).
func (r *Rules) ApplyOwned(as adjudicator.State, side adjudicator.Side, text string, dice adjudicator.Dice) (ns adjudicator.State, evs []adjudicator.Event, err error) {
	return r.apply(as, true, side, text, dice)
}

// apply plays an order on a copy of as, or on as itself when the caller
// gave it up (owned).
func (r *Rules) apply(as adjudicator.State, owned bool, side adjudicator.Side, text string, dice adjudicator.Dice) (ns adjudicator.State, evs []adjudicator.Event, err error) {
	text = strings.TrimSpace(text)
	defer func() {
		// An order never panics the engine (DESIGN: Apply returns an
		// error); a panic here is a bug, refused with what it was.
		if p := recover(); p != nil {
			ns, evs, err = nil, nil, &adjudicator.OrderError{Order: text, Reason: fmt.Sprintf("internal error: %v", p)}
		}
	}()
	s := st(as)
	if !owned {
		s = s.clone()
	}
	words := r.placeWords(s, strings.Fields(text))
	if len(words) == 0 {
		return nil, nil, adjudicator.Refuse(text, "empty order; the orders now are: %s", r.legalText(s, string(side)))
	}
	ev := &events{}
	before := s.stage()
	if s.Pending {
		// 1.0, 3.0: the first turn's phase receives what every turn's
		// does; its dice are the game's first (RULINGS T66)
		s.Pending = false
		r.enterRein(s, dice, ev)
	}
	if err := r.applyOrder(s, string(side), words, dice, ev); err != nil {
		if oe, ok := err.(*adjudicator.OrderError); ok {
			oe.Order = text
			return nil, nil, oe
		}
		return nil, nil, adjudicator.Refuse(text, "%v", err)
	}
	r.dnaTrenches(s, ev)
	r.checkInstant(s, ev)
	if !strings.EqualFold(words[0], "standing") {
		// a standing order is private: it leaves the map's marks as
		// they are (invariant 1)
		r.remember(s, before, ev)
	}
	return s, ev.list, nil
}

// dnaTrenches: 6.10 "If a trench is evacuated or occupied only by DNA, it
// will disappear": a hex whose FEF counters are all Dinassauts, with no
// garrison, loses its trench marker (RULINGS T78).
func (r *Rules) dnaTrenches(s *State, ev *events) {
	only := map[string]bool{}
	for _, u := range s.Units {
		if u.Side != FEF || !onMap(u.Loc) {
			continue
		}
		if _, seen := only[u.Loc]; !seen {
			only[u.Loc] = true
		}
		only[u.Loc] = only[u.Loc] && r.typ(u).Kind == "naval"
	}
	var gone []string
	for _, u := range s.Units {
		if u.Side == FEF && u.Trench && onMap(u.Loc) && only[u.Loc] && r.garrisonAt(s, u.Loc) == "" {
			u.Trench = false
			if !slices.Contains(gone, u.Loc) {
				gone = append(gone, u.Loc)
			}
		}
	}
	slices.Sort(gone)
	for _, h := range gone {
		ev.pub("6.10: the trench at %s is held only by a Dinassaut and disappears.", h)
	}
}

// legalText lists the legal orders' first words for an error message.
func (r *Rules) legalText(s *State, side string) string {
	var ws []string
	for _, c := range r.Legal(s, adjudicator.Side(side)) {
		ws = append(ws, "`"+c.Word+"`")
	}
	if len(ws) == 0 {
		return "none for " + sideName(side)
	}
	return strings.Join(ws, ", ")
}

func (r *Rules) applyOrder(s *State, side string, w []string, dice adjudicator.Dice, ev *events) error {
	if s.Phase == PhaseOver {
		return fail("the game is over: %s", s.Reason)
	}
	if side == string(adjudicator.Referee) {
		return r.override(s, w, ev) // a moderator's override (RULINGS T80)
	}
	if side != FEF && side != VM {
		return fail("%q is not a side of Tonkin (fef, vm, or a moderator's override)", side)
	}
	if a := s.awaited(); side != a && !strings.EqualFold(w[0], "standing") {
		if opsPhase(s.Phase) && s.Step == StepPoints && s.Combat == nil {
			return fail("it is not %s's turn to order: 6.1: operation points are spent in chunks, one side's at a time, and the chunk now is %s's (%d point(s) left in it); %s spends again in its next chunk",
				sideName(side), sideName(a), s.Chunk, sideName(side))
		}
		dec, _ := r.decision(s)
		return fail("it is not %s's turn to order: %s awaits %s (%s)", sideName(side), s.phaseName(), sideName(a), dec)
	}
	verb := strings.ToLower(w[0])
	args := w[1:]
	if verb == "standing" {
		return r.standingOrder(s, side, args, ev)
	}
	if s.Combat != nil && s.Combat.Ask != "" {
		return r.answerOrder(s, side, verb, args, dice, ev)
	}
	if verb == "declare" {
		return r.declareOrder(s, side, args, ev)
	}
	if verb == "railway" {
		return r.railwayOrder(s, side, args, ev)
	}
	switch s.Phase {
	case PhaseOps1, PhaseOps2:
		return r.opsOrder(s, side, verb, args, dice, ev)
	case PhaseRein1, PhaseRein2:
		return r.reinOrder(s, side, verb, args, dice, ev)
	}
	switch verb {
	case "move":
		return r.moveOrder(s, side, args, ev)
	case "truck", "air", "drop", "foot", "river", "ship":
		return r.transportOrder(s, side, verb, args, dice, ev)
	case "done":
		if len(args) > 0 {
			return fail("`done` takes nothing after it")
		}
		ev.pub("%s ends %s.", capital(sideName(side)), strings.ToLower(phaseNames[s.Phase][:1])+phaseNames[s.Phase][1:])
		r.advance(s, dice, ev)
		return nil
	}
	return fail("%q is not an order in %s; the orders now are: %s", verb, s.phaseName(), r.legalText(s, side))
}

func capital(t string) string {
	if t == "" {
		return t
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

// opsOrder: the orders of an operation phase (6.1, 6.2).
func (r *Rules) opsOrder(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	if s.Step == StepActivate {
		switch verb {
		case "pass":
			if len(args) > 0 {
				return fail("`pass` takes nothing after it")
			}
			ev.pub("6.2: %s spends no supply dump this phase.", sideName(side))
			r.nextActivation(s, dice, ev)
			return nil
		case "activate":
			hs := s.dumpHexes(side)
			if len(args) != 1 {
				return fail("usage: `activate <hex>`, a hex holding one of your supply dumps: %s", listOr(hs))
			}
			h := args[0]
			if !slices.Contains(hs, h) {
				return fail("6.2: %s has no supply dump at %s; its dumps are at: %s", sideName(side), h, listOr(hs))
			}
			for _, u := range s.Units {
				if u.Type == "DR" && u.Side == side && u.Loc == h {
					u.Spent = true
					break
				}
			}
			r.announceDump(s, side, h, ev)
			r.nextActivation(s, dice, ev)
			return nil
		}
		return fail("%q is not an order now: 6.2 asks %s to spend a supply dump or not; the orders now are: %s", verb, sideName(side), r.legalText(s, side))
	}
	switch verb {
	case "pass":
		if len(args) > 0 {
			return fail("`pass` takes nothing after it")
		}
		r.endChunk(s, dice, ev)
		return nil
	case "move":
		if r.isOverrunMove(s, side, args) {
			// 6.4: the point is spent when the move ends (RULINGS T62)
			return r.overrunMove(s, side, args, dice, ev)
		}
		if err := r.moveOrder(s, side, args, ev); err != nil {
			return err
		}
		ev.pub("6.3 a): %s spends an operation point (%d left).", sideName(side), *s.ops(side)-1)
		r.spendPoint(s, dice, ev)
		return nil
	case "overrun":
		return r.overrunOrder(s, side, args, dice, ev) // the point is spent when the fight ends (fight.go)
	case "attack":
		return r.attackOrder(s, side, args, dice, ev)
	case "truck", "air", "drop", "foot", "river", "ship":
		if verb == "drop" && side == FEF && r.dropOverrun(s, args) {
			s.Trans = nil // 5.3: the count is per operation point
			if err := r.dropOverrunOrder(s, args, dice, ev); err != nil {
				return err
			}
			s.Trans = nil
			return nil // the point is spent when the fight ends (6.4)
		}
		if err := r.transportOrder(s, side, verb, args, dice, ev); err != nil {
			return err
		}
		s.Trans = nil
		ev.pub("6.3 a): %s spends an operation point (%d left).", sideName(side), *s.ops(side)-1)
		r.spendPoint(s, dice, ev)
		return nil
	case "reorg", "trench":
		var err error
		if verb == "reorg" {
			err = r.reorgOrder(s, side, args, ev)
		} else {
			err = r.trenchOrder(s, side, args, ev)
		}
		if err != nil {
			return err
		}
		ev.pub("6.3: %s spends an operation point (%d left).", sideName(side), *s.ops(side)-1)
		r.spendPoint(s, dice, ev)
		return nil
	case "interdict":
		if err := r.interdictOrder(s, side, args, dice, ev); err != nil {
			return err
		}
		ev.pub("6.3 d): %s spends an operation point (%d left).", sideName(side), *s.ops(side)-1)
		r.spendPoint(s, dice, ev)
		return nil
	case "barrage":
		return r.barrageOrder(s, side, args, dice, ev)
	}
	return fail("%q is not an order now: %s spends operation points (6.1); the orders now are: %s", verb, sideName(side), r.legalText(s, side))
}

// announceDump: the spending dump is flipped on the map. A VM dump in a
// forest stack is out of the FEF's sight (Basics: Stacking; RULINGS T16):
// the public hears that the VM spends a dump, only the VM where.
func (r *Rules) announceDump(s *State, side, hex string, ev *events) {
	if side == VM && r.Opaque(hex) {
		ev.pub("6.2: the VM spends a supply dump for this phase.")
		ev.to(VM, "6.2: your spending supply dump is the one at %s.", hex)
		return
	}
	ev.pub("6.2: %s spends the supply dump at %s for this phase.", sideName(side), hex)
}

// enterOps starts an operation phase: both sides receive 10 points and
// decide, the phase's owner first, whether to spend a supply dump (6.1,
// 6.2; RULINGS T18: in the 2nd player's operation phase the 2nd player
// plays the part of 6.1's and 6.2's "1st player").
func (r *Rules) enterOps(s *State, dice adjudicator.Dice, ev *events) {
	n := r.chartInt("victory_scale", "operation_points")
	s.OpsFEF, s.OpsVM = n, n
	s.Step, s.Mover, s.Chunk, s.Used, s.Refuser, s.Forced = StepActivate, "", 0, 0, "", false
	ev.pub("6.1: %s; both sides receive %d operation points.", s.phaseName(), n)
	s.Decider = s.phaseOwner()
	r.skipDumpless(s, dice, ev)
}

// skipDumpless passes the activation of a side with no supply dump on the
// map: it has nothing to decide (the dumps on the map are counted on
// every view, so this tells nobody anything).
func (r *Rules) skipDumpless(s *State, dice adjudicator.Dice, ev *events) {
	if s.Step == StepActivate && len(s.dumpHexes(s.Decider)) == 0 {
		ev.pub("6.2: %s has no supply dump on the map to spend.", sideName(s.Decider))
		r.nextActivation(s, dice, ev)
	}
}

// nextActivation: after the owner, the other side decides; after both,
// the owner rolls for its first chunk, or all points are lost when
// neither spends a dump (6.2).
func (r *Rules) nextActivation(s *State, dice adjudicator.Dice, ev *events) {
	if s.Decider == s.phaseOwner() {
		s.Decider = other(s.Decider)
		r.skipDumpless(s, dice, ev)
		return
	}
	s.Decider = ""
	if s.spending(FEF) == nil && s.spending(VM) == nil {
		ev.pub("6.2: neither side spends a supply dump: all operation points on both sides are lost.")
		r.endOps(s, dice, ev)
		return
	}
	s.Step = StepPoints
	r.startChunk(s, s.phaseOwner(), dice, ev)
}

// startChunk: the side rolls a die and halves it, rounding up: the points
// it may spend in a row (6.1), no more than it has left.
func (r *Rules) startChunk(s *State, side string, dice adjudicator.Dice, ev *events) {
	r.occupation(s, ev) // 6.16: after the chunk before
	r.rehide(s, ev)
	d := dice.Roll(6)
	n := min((d+1)/2, *s.ops(side))
	s.Mover, s.Chunk, s.Used, s.Forced = side, n, 0, false
	ev.pub("6.1: %s rolls %d: %d operation point(s) to spend in a row (%d left in all).", sideName(side), d, n, *s.ops(side))
}

// spendPoint takes one operation point of the mover's chunk (6.1, 6.3).
// The caller has carried out the option; a chunk spent to its end passes
// the initiative on.
func (r *Rules) spendPoint(s *State, dice adjudicator.Dice, ev *events) {
	*s.ops(s.Mover)--
	s.Chunk--
	s.Used++
	if s.Forced {
		// 6.1: the first to refuse spent a point: the refusals are over.
		s.Forced, s.Refuser, s.Chunk = false, "", 0
	}
	if s.Chunk <= 0 || *s.ops(s.Mover) <= 0 {
		r.endChunk(s, dice, ev)
	}
}

// endChunk: the mover's chunk is over (spent, or the rest saved). A
// chunk in which the mover spent nothing is a refusal (6.1): when both
// sides refuse in a row, the first to refuse must spend a point or all
// remaining points on both sides are lost. A side with no points left
// is passed over and counts as refusing (RULINGS T19).
func (r *Rules) endChunk(s *State, dice adjudicator.Dice, ev *events) {
	r.dnaTrenches(s, ev) // 6.10, told before the next chunk's roll
	mover := s.Mover
	if s.Forced {
		ev.pub("6.1: %s spends no point: all remaining operation points on both sides are lost (FEF %d, VM %d).", sideName(mover), s.OpsFEF, s.OpsVM)
		r.endOps(s, dice, ev)
		return
	}
	if s.Used == 0 {
		ev.pub("6.1: %s spends no point of its chunk and saves them (%d left).", sideName(mover), *s.ops(mover))
		if r.refuse(s, mover, dice, ev) {
			return
		}
	} else {
		s.Refuser = ""
		if s.Chunk > 0 {
			ev.pub("6.1: %s saves the rest of its chunk (%d point(s) left).", sideName(mover), *s.ops(mover))
		}
	}
	next := other(mover)
	if *s.ops(next) == 0 && *s.ops(mover) > 0 {
		ev.pub("6.1: %s has no operation points left and is passed over, counting as a refusal (RULINGS T19).", sideName(next))
		if r.refuse(s, next, dice, ev) {
			return
		}
		next = mover
	}
	if *s.ops(next) == 0 {
		ev.pub("6.1: both sides have spent all their operation points.")
		r.endOps(s, dice, ev)
		return
	}
	r.startChunk(s, next, dice, ev)
}

// refuse records a side's refusal (6.1). The second of two refusals in a
// row makes the first refuser spend a point, or, if it has none left,
// loses all remaining points at once; refuse then reports true.
func (r *Rules) refuse(s *State, side string, dice adjudicator.Dice, ev *events) bool {
	if s.Refuser == "" || s.Refuser == side {
		s.Refuser = side
		return false
	}
	if *s.ops(s.Refuser) == 0 {
		ev.pub("6.1: both sides refused in a row and %s, the first to refuse, has no point to spend: all remaining operation points on both sides are lost (FEF %d, VM %d).",
			sideName(s.Refuser), s.OpsFEF, s.OpsVM)
		r.endOps(s, dice, ev)
		return true
	}
	s.Mover, s.Chunk, s.Used, s.Forced = s.Refuser, 1, 0, true
	ev.pub("6.1: both sides refused in a row: %s, the first to refuse, must spend a point or all remaining points on both sides are lost.", sideName(s.Refuser))
	return true
}

// endOps ends an operation phase: the spending dumps are removed once all
// points are spent or lost (6.2), the points that remain are gone, and
// the Desorg marker cleanup follows (7.0).
func (r *Rules) endOps(s *State, dice adjudicator.Dice, ev *events) {
	var kept []*Unit
	for _, u := range s.Units {
		if u.Type == "DR" && u.Spent {
			if u.Side == VM && r.Opaque(u.Loc) {
				ev.pub("6.2: the VM's spending supply dump is removed.")
			} else {
				ev.pub("6.2: %s's spending supply dump at %s is removed.", sideName(u.Side), u.Loc)
			}
			continue
		}
		kept = append(kept, u)
	}
	s.Units = kept
	s.OpsFEF, s.OpsVM = 0, 0
	s.Step, s.Decider, s.Mover, s.Chunk, s.Used, s.Refuser, s.Forced = "", "", "", 0, 0, "", false
	r.cleanup(s, ev)
	r.advance(s, dice, ev)
}

// cleanup is the Desorg marker cleanup phase (7.0): both players remove
// all Desorg markers.
func (r *Rules) cleanup(s *State, ev *events) {
	n, unseen := 0, 0
	for _, u := range s.Units {
		if u.Desorg {
			u.Desorg = false
			if r.fefSees(u) {
				n++
			} else {
				unseen++ // RULINGS T58: counted for the VM only
			}
		}
	}
	// The road markers of 6.6 d stay: "VM can only remove the Desorg
	// counter if it is within friendly supply and by spending an
	// operation point" (RULINGS T70).
	ev.pub("7.0: Desorg marker cleanup: all Desorg markers are removed (%d in the FEF's sight).", n)
	if unseen > 0 {
		ev.to(VM, "7.0: %d Desorg marker(s) of your hidden counters and closed forest stacks are removed.", unseen)
	}
}

// advance moves the game to the phase after the current one (1.0, 8.0).
func (r *Rules) advance(s *State, dice adjudicator.Dice, ev *events) {
	r.occupation(s, ev) // 6.16: after the phase
	r.rehide(s, ev)
	for _, u := range s.Units {
		u.Moved = false
	}
	s.Trans = nil
	switch s.Phase {
	case PhaseRein1:
		s.Phase = PhaseRein2
		r.enterRein(s, dice, ev)
	case PhaseRein2:
		r.supplyCheck(s, ev) // 4.0 (RULINGS T33)
		s.Phase = PhaseMove1
	case PhaseMove1:
		s.Phase = PhaseOps1
		r.enterOps(s, dice, ev)
	case PhaseOps1:
		s.Phase = PhaseMove2
	case PhaseMove2:
		s.Phase = PhaseOps2
		r.enterOps(s, dice, ev)
	case PhaseOps2:
		s.Phase = PhaseEnd1
	case PhaseEnd1:
		s.Phase = PhaseEnd2
	case PhaseEnd2:
		r.endTurn(s, dice, ev)
	}
}

// endTurn: victory at the end of the game turn (8.0), then the next turn,
// or the scenario's end and its marginal victory.
func (r *Rules) endTurn(s *State, dice adjudicator.Dice, ev *events) {
	fef, vm := r.limits(s.Month)
	hanoi := r.vmInHanoi(s)
	switch {
	case hanoi:
		why := "6.16: the VM occupies Hanoi at the end of " + MonthName(s.Month) + ": a VM decisive victory"
		if s.GiapKilled {
			why += " (Giap was killed this turn, and the VM holding Hanoi wins the game)"
		}
		r.over(s, VM, why, ev)
		return
	case s.GiapKilled:
		r.over(s, FEF, "6.16: the FEF killed Giap during "+MonthName(s.Month)+": a FEF decisive victory at the end of the turn", ev)
		return
	case s.HanoiLost:
		s.HanoiLost = false
		r.addVP(s, r.chartInt("victory_points", "hanoi_lost_and_recaptured"), ev, "6.16: the FEF lost Hanoi and recaptured it during the turn")
		r.checkInstant(s, ev)
		if s.Phase == PhaseOver {
			return
		}
	}
	switch {
	case s.VP >= fef:
		r.over(s, FEF, fmt.Sprintf("8.0: at the end of %s the victory points stand at %d, the FEF's outer limit for %s (%d): a FEF decisive victory", MonthName(s.Month), s.VP, s.Month[:4], fef), ev)
		return
	case s.VP <= vm:
		r.over(s, VM, fmt.Sprintf("8.0: at the end of %s the victory points stand at %d, the VM's outer limit for %s (%d): a VM decisive victory", MonthName(s.Month), s.VP, s.Month[:4], vm), ev)
		return
	}
	if s.Month >= s.Last {
		r.marginal(s, fmt.Sprintf("the scenario ends at the end of %s (Basics: Scenarios)", MonthName(s.Month)), ev)
		return
	}
	r.newTurn(s, nextMonth(s.Month), dice, ev)
}

// marginal: at the scenario's end without a decisive winner, above the VM
// victory level is a FEF marginal victory, otherwise the VM's (8.0,
// Basics: Scenarios).
func (r *Rules) marginal(s *State, why string, ev *events) {
	if s.VP > s.VMLevel {
		r.over(s, FEF, fmt.Sprintf("%s: victory points %d, above the VM victory level %d: a FEF marginal victory (8.0)", why, s.VP, s.VMLevel), ev)
		return
	}
	r.over(s, VM, fmt.Sprintf("%s: victory points %d, not above the VM victory level %d: a VM marginal victory (8.0)", why, s.VP, s.VMLevel), ev)
}

func (r *Rules) over(s *State, winner, why string, ev *events) {
	s.Phase, s.Winner, s.Reason = PhaseOver, winner, why
	s.Step, s.Decider, s.Mover, s.Chunk, s.Used, s.Refuser, s.Forced = "", "", "", 0, 0, "", false
	ev.pub("The game is over: %s.", why)
}

// newTurn starts the turn of month m: the transports of a turn (5.5, 5.6,
// 5.4, 6.6 b), then the weather and initiative phase (2.0).
func (r *Rules) newTurn(s *State, m string, dice adjudicator.Dice, ev *events) {
	s.Turn++
	s.Month = m
	s.VMFoot = r.chartInt("foot_transport", "per_turn")
	s.VMTrucks = r.vmTrucks(m)
	s.FEFAir = r.airTransports(m)
	s.FEFStrikes = r.chartInt("air_transport", "max_airstrikes")
	s.FEFTrucks = r.chartInt("truck_transport", "fef_per_turn")
	ev.pub("=== Turn %d (%s) begins. ===", s.Turn, MonthName(m))
	// 2.0: weather.
	d := dice.Roll(6)
	lo, hi := r.rainSpan(m)
	rain := d >= lo && d <= hi && lo > 0
	span := "never rains"
	if lo > 0 {
		span = fmt.Sprintf("rain on %d-%d", lo, hi)
	}
	if rain {
		s.Weather = "rain"
		s.FEFAir = s.FEFAir / 2
		s.FEFStrikes = s.FEFStrikes / 2
		eff := "all movement costs double except along road and rail, and along rivers and the coast at sea"
		if rainSeason(m) {
			eff = "all movement costs double, except along rivers and the coast at sea"
		}
		ev.pub("2.0: weather roll %d (%s %s): rain. The FEF has half its air transports (%d) and airstrikes (%d), each at half strength; %s.", d, MonthName(m), span, s.FEFAir, s.FEFStrikes, eff)
		if rainSeason(m) {
			r.rainEnds(s, dice, ev)
			return
		}
	} else {
		s.Weather = "sun"
		ev.pub("2.0: weather roll %d (%s %s): sunny.", d, MonthName(m), span)
	}
	// 2.0: initiative.
	d = dice.Roll(6)
	s.First = FEF
	if d <= 3 {
		s.First = VM
	}
	ev.pub("2.0: initiative roll %d: %s is the 1st player, %s the 2nd.", d, sideName(s.First), sideName(s.second()))
	s.FEFBought, s.GiapKilled, s.HanoiLost, s.RailVP = 0, false, false, false
	s.Phase = PhaseRein1 // 3.0, then the supply check (4.0)
	r.enterRein(s, dice, ev)
}

// rainEnds: rain in the rain season ends the scenario at once (Basics:
// Scenarios). In a campaign it ends that year's scenario and the game
// goes on in September, the months between scenarios (RULINGS T17); only
// the last scenario's end ends the game.
func (r *Rules) rainEnds(s *State, dice adjudicator.Dice, ev *events) {
	y := s.Month[:4]
	if s.Last[:4] == y {
		r.marginal(s, fmt.Sprintf("rain in the rain season ends the scenario in %s (2.0, Basics: Scenarios)", MonthName(s.Month)), ev)
		return
	}
	ev.pub("2.0: rain in the rain season ends this year's scenario; the campaign goes on in September %s (RULINGS T17).", y)
	r.newTurn(s, y+"-09", dice, ev)
}

// rainSpan is the month's rain span on one die (charts.toml weather).
func (r *Rules) rainSpan(m string) (lo, hi int) {
	n, _ := monthNum(m)
	spans, _ := r.d.Charts["weather"]["spans"].(map[string]any)
	v, _ := spans[strconv.Itoa(n%12+1)].([]any)
	if len(v) != 2 {
		return 0, 0
	}
	a, _ := num(v[0])
	b, _ := num(v[1])
	return int(a), int(b)
}

// checkInstant: the game stops at once with a decisive winner if the
// FEF reaches 100 or the VM 0 at any point during a turn (6.16).
func (r *Rules) checkInstant(s *State, ev *events) {
	if s.Phase == PhaseOver {
		return
	}
	lo, hi := r.chartInt("victory_scale", "min"), r.chartInt("victory_scale", "max")
	switch {
	case s.VP >= hi:
		s.VP = hi
		r.over(s, FEF, fmt.Sprintf("6.16: the victory points reach %d: a FEF decisive victory", hi), ev)
	case s.VP <= lo:
		s.VP = lo
		r.over(s, VM, fmt.Sprintf("6.16: the victory points reach %d: a VM decisive victory", lo), ev)
	}
}

// Turn is a state's game turn (the playouts' unit of time).
func Turn(as adjudicator.State) int { return st(as).Turn }

// TunePlayout: a playout counts hand-offs per game turn, and with
// standing orders both sides first set them (adjudicator.PlayoutTuner).
func (r *Rules) TunePlayout(o *adjudicator.PlayoutOptions, standing bool) {
	o.Period, o.PeriodName = Turn, "turn"
	o.PhaseOf = func(as adjudicator.State) string {
		x := st(as)
		switch {
		case x.Combat != nil && x.Combat.Ask != "":
			return x.Phase + "/" + x.Combat.Ask // a question inside an attack (RULINGS T22)
		case x.Step == "":
			return x.Phase
		}
		return x.Phase + "/" + x.Step
	}
	if standing {
		o.Prelude = StandingAll()
	}
}
