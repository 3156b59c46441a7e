package hell

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Rules implements adjudicator.Rules for A Season in Hell.
type Rules struct {
	d     *Data
	lower map[string]string // lower-case id -> canonical id (zones, PAs, units)
	// frenchIDs and vmIDs list every unit id, sorted (dummies included).
	frenchIDs, vmIDs []string
	tankIDs          []string // the French tanks, sorted (6.2.7, ruling H51)
}

// unitIDs lists a side's units present in the state, sorted.
func (r *Rules) unitIDs(s *State, side string) []string {
	if side == French {
		return r.frenchIDs
	}
	out := make([]string, 0, len(r.vmIDs))
	for _, id := range r.vmIDs {
		if _, ok := s.VM[id]; ok {
			out = append(out, id)
		}
	}
	return out
}

// New builds the rules over loaded data.
func New(d *Data) *Rules {
	r := &Rules{d: d, lower: map[string]string{}}
	add := func(id string) { r.lower[strings.ToLower(id)] = id }
	for id := range d.Zones {
		add(id)
	}
	for id := range d.PAs {
		add(id)
	}
	for id := range d.French {
		add(id)
	}
	for id := range d.VM {
		add(id)
	}
	for i := 1; i <= d.Forces.Dummies+d.Forces.ExtraDummies; i++ {
		add(DummyID(i))
		r.vmIDs = append(r.vmIDs, DummyID(i))
	}
	for _, u := range d.Forces.French {
		r.frenchIDs = append(r.frenchIDs, u.ID)
	}
	for _, u := range d.Forces.VM {
		r.vmIDs = append(r.vmIDs, u.ID)
	}
	sort.Strings(r.frenchIDs)
	sort.Strings(r.vmIDs)
	for _, id := range r.frenchIDs {
		if d.French[id].Kind == KindTank {
			r.tankIDs = append(r.tankIDs, id)
		}
	}
	return r
}

// Data is the rules' data.
func (r *Rules) Data() *Data { return r.d }

// Info implements adjudicator.Rules.
func (r *Rules) Info() adjudicator.Info {
	info := adjudicator.Info{ID: "hell", Name: "Dien Bien Phu: A Season in Hell",
		Sides: []adjudicator.Side{French, VM}}
	for _, sc := range r.d.Scenarios.Scenario {
		turns := fmt.Sprintf("turns %d-%d", sc.FirstTurn, sc.LastTurn)
		if sc.FirstTurn == sc.LastTurn {
			turns = fmt.Sprintf("turn %d", sc.FirstTurn)
		}
		info.Scenarios = append(info.Scenarios, adjudicator.Scenario{ID: sc.ID, Name: sc.Name, Turns: turns})
	}
	return info
}

// Setup implements adjudicator.Rules.
func (r *Rules) Setup(scenario string, o adjudicator.Options) (adjudicator.State, error) {
	s, err := newState(r.d, scenario)
	if err != nil {
		return nil, err
	}
	// issue 30, item 6: the sides start from the standing profile only
	// when the record says so (a record made before the option sets up
	// as it always did).
	profile, err := adjudicator.StandingFromOptions(o)
	if err != nil {
		return nil, err
	}
	_, s.OwnKeys = o[adjudicator.OptStanding]
	if profile {
		for _, so := range r.StandingProfile() {
			if err := r.standingOrder(s, string(so.Side), strings.Fields(so.Order)[1:], &events{}); err != nil {
				return nil, fmt.Errorf("standing profile %q for %s: %w", so.Order, so.Side, err)
			}
		}
	}
	return s, nil
}

// StateVersion implements adjudicator.StateVersioner: bump it when State
// changes shape, so stored snapshots are replayed instead of misread.
func (r *Rules) StateVersion() int { return 1 }

// Decode implements adjudicator.Rules: the decoded state behaves as the
// live one it was encoded from (adjudicator.DecodeState), and names only
// units and phases this title knows.
func (r *Rules) Decode(b []byte) (adjudicator.State, error) {
	s := new(State)
	if err := adjudicator.DecodeState(b, s, s.Encode); err != nil {
		return nil, err
	}
	if err := r.validate(s); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	return s, nil
}

// validate checks a decoded state against the title's data: every unit of
// the order of battle present, no unknown one, a known phase.
func (r *Rules) validate(s *State) error {
	if _, ok := r.d.Scenario(s.Scenario); !ok {
		return fmt.Errorf("unknown scenario %q", s.Scenario)
	}
	switch s.Phase {
	case PhaseSetupFrench, PhaseSetupVM, PhaseVMReorg, PhaseVMEntrench, PhaseFrenchSupply, PhaseVMDecide,
		PhaseFrDecide, PhaseOperations, PhaseVMMove, PhaseFrMove, PhaseVMSiege, PhaseFrAttrition, PhaseOver:
	default:
		return fmt.Errorf("unknown phase %q", s.Phase)
	}
	if len(s.French) != len(r.d.Forces.French) {
		return fmt.Errorf("%d French units, the order of battle has %d", len(s.French), len(r.d.Forces.French))
	}
	for _, u := range r.d.Forces.French {
		if s.French[u.ID] == nil {
			return fmt.Errorf("unit %s of the French order of battle is missing", u.ID)
		}
	}
	for _, u := range r.d.Forces.VM {
		if s.VM[u.ID] == nil {
			return fmt.Errorf("VM unit %s missing", u.ID)
		}
	}
	dummies := len(s.VM) - len(r.d.Forces.VM)
	if dummies < 0 || dummies > r.d.Forces.Dummies+r.d.Forces.ExtraDummies {
		return fmt.Errorf("%d VM counters, the order of battle has %d and up to %d dummies",
			len(s.VM), len(r.d.Forces.VM), r.d.Forces.Dummies+r.d.Forces.ExtraDummies)
	}
	for i := 1; i <= dummies; i++ {
		if u := s.VM[DummyID(i)]; u == nil || !u.Dummy {
			return fmt.Errorf("dummy %s missing", DummyID(i))
		}
	}
	return nil
}

func st(s adjudicator.State) *State { return s.(*State) }

// canon maps a typed id to its canonical form, or "".
func (r *Rules) canon(w string) string { return r.lower[strings.ToLower(w)] }

// turnName is "Turn 3 (27 March 1954)".
func (r *Rules) turnName(s *State) string {
	w := r.d.Week(s.Turn)
	if w.Date == "" {
		return fmt.Sprintf("Turn %d", s.Turn)
	}
	return fmt.Sprintf("Turn %d (%s)", s.Turn, w.Date)
}

// phaseInfo: who is awaited, the phase's name, what is asked, the default.
// awaitedSide: the side the phase awaits, without building its prompt
// (phaseInfo's first result, cheaply: Apply and Legal need only this).
func awaitedSide(s *State) string {
	switch s.Phase {
	case PhaseSetupFrench, PhaseFrenchSupply, PhaseFrDecide, PhaseFrMove, PhaseFrAttrition:
		return French
	case PhaseSetupVM, PhaseVMReorg, PhaseVMEntrench, PhaseVMDecide, PhaseVMMove, PhaseVMSiege:
		return VM
	case PhaseOperations:
		return s.opAwaited()
	}
	return ""
}

func (r *Rules) phaseInfo(s *State) (side string, name, decision, def string) {
	switch s.Phase {
	case PhaseSetupFrench:
		return French, "French set-up (9)", "adjust the historical set-up with `place <unit> <PA>`, then `done`", "done"
	case PhaseSetupVM:
		return VM, "VM set-up (9)", "adjust the hidden set-up with `place <unit> <zone|PA>`, then `done`", "done"
	case PhaseVMReorg:
		// Issue 15 item 3: name only what is legal, from public facts.
		return VM, "VM resupply and reconstitution (3.1)", asks(r.vmPublic(s), []ask{{"trade", "`trade <bn> [<bn>]` (a battalion that lost steps, if any)"}, {"reconstitute", "`reconstitute <bn>` (a reduced or destroyed battalion, if any)"}, {"extend", "`extend <bn>` (a battalion due back, if any)"}}, "`done`"), r.defaultReorg(s)
	case PhaseVMEntrench:
		return VM, "VM entrenchment (3.1)", asks(r.vmPublic(s), []ask{{"dig", fmt.Sprintf("`dig <zone|PA> [levels]` with %d points left", s.Entrench)}}, "`done`"), "done"
	case PhaseFrenchSupply:
		return French, "French air supply and replacements (3.2)", asks(verbs(r.phaseLegal(s, French)), []ask{{"strike", "`strike`"}, {"replace", "`replace <unit>`"}, {"rebuild", "`rebuild <unit> <PA>`"}, {"merge", "`merge <unit> <unit>`"}}, "`done`"), "done"
	case PhaseVMDecide:
		return VM, "VM decision (2)", "launch assaults this week? `assault` or `pass`", orNone(!lastWeek(s), "pass")
	case PhaseFrDecide:
		return French, "French decision (2)", "launch operations this week? `operate` or `pass`", orNone(!lastWeek(s), "pass")
	case PhaseOperations:
		return r.opInfo(s)
	case PhaseVMMove:
		return VM, "VM strategic movement (3.3)", "`move <unit> <zone|PA>`, then `done`", "done"
	case PhaseFrMove:
		return French, "French strategic movement (3.3)", "`move <unit> <PA>`, then `done`", "done"
	case PhaseVMSiege:
		return VM, "VM siege fire (8)", asks(r.vmPublic(s), []ask{{"siege", fmt.Sprintf("`siege <points> crc|isabelle` (%d barrage points)", s.VMMunitions)}}, "`done`"), "done"
	case PhaseFrAttrition:
		l := s.Pending[0]
		return French, "French attrition (8)", fmt.Sprintf("allocate %d attrition loss(es); now: %s — `lose <unit>` or `lose replacement`", len(s.Pending), r.lossText(l)), r.defaultLoss(s)
	}
	return "", s.Phase, "", ""
}

// defaultReorg: ruling H55: the reconstitutions the rules require
// (battalions at -2, 3.1), then done; no trade. The prompt is public: the
// default names no battalion, and is the same whether one is at -2 or
// not (that is the VM's secret).
func (r *Rules) defaultReorg(*State) string { return "reconstitute required; done" }

// orNone is def when ok, else no default (ruling H56).
func orNone(ok bool, def string) string {
	if ok {
		return def
	}
	return ""
}

func (r *Rules) lossText(l Loss) string {
	switch l.Where {
	case "crc":
		return l.Reason + ": a step from a unit in the CRC or a replacement point"
	case "isabelle":
		return l.Reason + ": a step from a unit in Isabelle or a replacement point"
	case "any":
		return l.Reason + ": a step from any unit or a replacement point"
	}
	return l.Reason + ": a step from a unit in " + r.d.locName(l.Where)
}

// Prompt implements adjudicator.Rules.
func (r *Rules) Prompt(as adjudicator.State) adjudicator.Prompt {
	s := st(as)
	if s.Phase == PhaseOver {
		return adjudicator.Prompt{Over: true, Phase: "game over",
			Result: &adjudicator.Result{Winner: adjudicator.Side(s.Winner), Reason: s.Reason}}
	}
	side, name, decision, def := r.phaseInfo(s)
	p := adjudicator.Prompt{Phase: r.turnName(s) + ", " + name, Decision: decision, Default: def, Stage: stage(s)}
	p.Focus = r.focus(s)
	if s.Phase == PhaseSetupFrench || s.Phase == PhaseSetupVM {
		p.Phase = "Set-up for " + r.turnName(s) + ", " + name
	}
	if side != "" {
		p.Awaiting = []adjudicator.Side{adjudicator.Side(side)}
	}
	return p
}

// stage: a map is posted per strategic phase, and per impulse (or
// movement step) of the operational rounds.
func stage(s *State) string {
	if s.Phase != PhaseOperations {
		return fmt.Sprintf("%d/%s", s.Turn, s.Phase)
	}
	st := s.Step
	switch st {
	case StepEngage, StepBombard, StepAdvance, StepDefFire, StepCombat, StepDefMove, StepBreakOff, StepNext:
		st = "impulse"
	}
	return fmt.Sprintf("%d/ops/%d/%s/%d/%s", s.Turn, s.Round, s.Half, s.Impulse, st)
}

// events collects the events of one order.
type events struct {
	list  []adjudicator.Event
	notes []Note
}

func (e *events) pub(format string, a ...any) {
	e.list = append(e.list, adjudicator.Event{Audience: adjudicator.Everyone, Text: fmt.Sprintf(format, a...)})
}

func (e *events) to(side string, format string, a ...any) {
	e.list = append(e.list, adjudicator.Event{Audience: adjudicator.Only(adjudicator.Side(side)), Text: fmt.Sprintf(format, a...)})
}

func (e *events) mark(side, kind, from, at string) {
	e.notes = append(e.notes, Note{Side: side, Kind: kind, From: from, At: at})
}

// moved marks unit's move from from to at (the map's arrow).
func (e *events) moved(unit, from, at string) {
	e.notes = append(e.notes, Note{Kind: "move", From: from, At: at, Unit: unit})
}

// Apply implements adjudicator.Rules.
func (r *Rules) Apply(as adjudicator.State, side adjudicator.Side, text string, dice adjudicator.Dice) (adjudicator.State, []adjudicator.Event, error) {
	return r.apply(st(as).clone(), side, text, dice)
}

// ApplyOwned is Apply on a state the caller gives up (replay): the order
// is played on it, without Apply's copy (adjudicator.OwnedApplier).
func (r *Rules) ApplyOwned(as adjudicator.State, side adjudicator.Side, text string, dice adjudicator.Dice) (adjudicator.State, []adjudicator.Event, error) {
	return r.apply(st(as), side, text, dice)
}

// apply plays an order on s, which it changes.
func (r *Rules) apply(s *State, side adjudicator.Side, text string, dice adjudicator.Dice) (adjudicator.State, []adjudicator.Event, error) {
	words := strings.Fields(text)
	if len(words) == 0 {
		return nil, nil, adjudicator.Refuse(text, "empty order")
	}
	ev := &events{}
	var err error
	if side == adjudicator.Referee {
		err = r.override(s, words, ev)
	} else {
		err = r.order(s, string(side), words, dice, ev)
	}
	if err != nil {
		return nil, nil, refuse(text, err)
	}
	r.checkVictory(s, ev)
	return s, ev.list, nil
}

// refuse turns a rules error into an OrderError naming the order.
func refuse(text string, err error) error {
	if oe, ok := err.(*adjudicator.OrderError); ok {
		if oe.Order == "" {
			oe.Order = text
		}
		return oe
	}
	return &adjudicator.OrderError{Order: text, Reason: err.Error()}
}

func fail(format string, a ...any) error {
	return &adjudicator.OrderError{Reason: fmt.Sprintf(format, a...)}
}

// order applies one side's order.
func (r *Rules) order(s *State, side string, w []string, dice adjudicator.Dice, ev *events) error {
	if s.Phase == PhaseOver {
		return fail("the game is over")
	}
	if side != French && side != VM {
		return fail("unknown side %q", side)
	}
	verb := strings.ToLower(w[0])
	args := w[1:]
	if verb == "standing" {
		// Standing orders are taken at any time, privately.
		return r.standingOrder(s, side, args, ev)
	}
	if awaited := awaitedSide(s); side != awaited {
		_, name, decision, _ := r.phaseInfo(s)
		return fail("it is not %s's turn to order: %s awaits %s (%s)", sideName(side), name, sideName(awaited), decision)
	}
	stageBefore := stage(s)
	var err error
	switch s.Phase {
	case PhaseSetupFrench, PhaseSetupVM:
		err = r.setupOrder(s, side, verb, args, ev)
	case PhaseVMReorg:
		err = r.reorgOrder(s, verb, args, ev)
	case PhaseVMEntrench:
		err = r.entrenchOrder(s, verb, args, dice, ev)
	case PhaseFrenchSupply:
		err = r.supplyOrder(s, verb, args, ev)
	case PhaseVMDecide, PhaseFrDecide:
		err = r.decideOrder(s, side, verb, args, dice, ev)
	case PhaseOperations:
		err = r.operationsOrder(s, side, verb, args, dice, ev)
	case PhaseVMMove, PhaseFrMove:
		err = r.moveOrder(s, side, verb, args, dice, ev)
	case PhaseVMSiege:
		err = r.siegeOrder(s, verb, args, ev)
	case PhaseFrAttrition:
		err = r.attritionOrder(s, verb, args, dice, ev)
	default:
		err = fail("no orders are taken in phase %s", s.Phase)
	}
	if err != nil {
		return err
	}
	r.settle(s, dice, ev)
	// The map marks what happened in the stage that ended last (a phase,
	// an impulse) and in the stage under way, so that the picture posted
	// as a stage hands the turn on shows what all its orders did (issue
	// 30, item 2: marks stay until the next hand-off). Only a stage's
	// end, public as the prompt, drops marks: those of the stage before.
	s.Recent = append(s.Recent, ev.notes...)
	if stage(s) != stageBefore {
		s.Recent = append([]Note(nil), s.Recent[min(s.RecentFrom, len(s.Recent)):]...)
		if len(s.Recent) == 0 {
			s.Recent = nil
		}
		s.RecentFrom = len(s.Recent)
	}
	return nil
}

func sideName(side string) string {
	switch side {
	case French:
		return "France"
	case VM:
		return "the Viet Minh"
	}
	return side
}

func want(args []string, n int, usage string) error {
	if len(args) != n {
		return fail("usage: %s", usage)
	}
	return nil
}

func unknownVerb(verb, phase, orders string) error {
	return fail("%q is not an order in %s; the orders now are: %s", verb, phase, orders)
}

// frenchUnit resolves a French unit id.
func (r *Rules) frenchUnit(s *State, w string) (string, *FUnit, error) {
	id := r.canon(w)
	if u, ok := s.French[id]; ok {
		return id, u, nil
	}
	return "", nil, fail("%q is not a French unit (French units are named like %s)", w, r.exampleFrench())
}

func (r *Rules) exampleFrench() string {
	if len(r.d.Forces.French) > 0 {
		return r.d.Forces.French[0].ID
	}
	return "?"
}

// vmUnit resolves a VM battalion or dummy id.
func (r *Rules) vmUnit(s *State, w string) (string, *VUnit, error) {
	id := r.canon(w)
	if u, ok := s.VM[id]; ok {
		return id, u, nil
	}
	return "", nil, fail("%q is not one of your units (battalions are named DIV/REG/BN like %s; dummies DUMMY1...)", w, r.exampleVM())
}

func (r *Rules) exampleVM() string {
	if len(r.d.Forces.VM) > 0 {
		return r.d.Forces.VM[0].ID
	}
	return "?"
}

// location resolves a zone or PA id.
func (r *Rules) location(w string) (string, error) {
	id := r.canon(w)
	if r.d.onMap(id) {
		return id, nil
	}
	return "", fail("%q is not a zone or PA of the map", w)
}

func count(w string, min, max int, what string) (int, error) {
	n, err := strconv.Atoi(w)
	if err != nil || n < min || n > max {
		return 0, fail("%s must be a whole number from %d to %d, not %q", what, min, max, w)
	}
	return n, nil
}

// maxSteps of a French unit.
func (r *Rules) maxSteps(id string) int { return r.d.French[id].Steps }

// frenchLoss takes one step from a French unit; a unit losing its last
// step is eliminated.
func (r *Rules) frenchLoss(s *State, id string, ev *events, why string) {
	u := s.French[id]
	u.Steps--
	at := u.Loc
	if u.Steps <= 0 {
		u.Steps = 0
		u.Loc = LocOut
		u.Fatigued, u.Disorg = false, false
		ev.pub("%s: %s loses its last step and is eliminated at %s.", why, id, r.d.locName(at))
	} else {
		ev.pub("%s: %s loses a step at %s.", why, id, r.d.locName(at))
	}
	ev.mark("", "loss", "", at)
}

var _ adjudicator.Rules = (*Rules)(nil)

// settle takes at once the strategic decisions that need no hand-off
// (issue 15, item 1): those the awaited side's standing orders answer,
// and those with one legal answer decided by public facts alone (France's
// air supply with nothing to buy or strike; siege fire without a barrage
// point). Each is announced.
func (r *Rules) settle(s *State, dice adjudicator.Dice, ev *events) {
	for i := 0; i < 8; i++ {
		switch {
		case s.Phase == PhaseFrenchSupply && s.Standing[French].Supply == "none":
			ev.to(French, "Your standing order (supply none): nothing bought or struck this week.")
			ev.pub("3.2: France ends its air supply and replacements.")
		case s.Phase == PhaseFrenchSupply && r.onlyDoneLegal(s, French):
			ev.pub("3.2: France has nothing to buy or strike this week: its air supply and replacements end at once.")
		case s.Phase == PhaseVMSiege && s.VMMunitions == 0:
			ev.pub("8: the Viet Minh has no barrage point left: no siege fire.")
		default:
			return
		}
		var err error
		if s.Phase == PhaseFrenchSupply {
			err = r.supplyOrder(s, "done", nil, ev)
		} else {
			err = r.siegeOrder(s, "done", nil, ev)
		}
		if err != nil {
			return
		}
	}
}

// onlyDoneLegal: the side's one legal order is done.
func (r *Rules) onlyDoneLegal(s *State, side string) bool {
	tree := r.phaseLegal(s, adjudicator.Side(side))
	return len(tree) == 1 && tree[0].Word == "done" && len(tree[0].Next) == 0
}

// Ended implements adjudicator.Ender: whether the game is over, without
// building the prompt's decision text (issue 31).
func (r *Rules) Ended(as adjudicator.State) (bool, *adjudicator.Result) {
	s := st(as)
	if s.Phase != PhaseOver {
		return false, nil
	}
	return true, &adjudicator.Result{Winner: adjudicator.Side(s.Winner), Reason: s.Reason}
}
