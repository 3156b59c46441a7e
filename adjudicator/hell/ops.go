package hell

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// The operational phase (4): up to four rounds; in each, paratroops drop
// (4.1), then the VM half (operational movement 4.2.1, then an assault, 5)
// and the French half (4.2.2, then reconnaissance and an operation, 6).
// An assault or operation runs up to three impulses of steps:
const (
	StepDrop     = "drop"     // 4.1 France drops paratroops
	StepMove     = "move"     // 4.2 operational movement of the half's side
	StepDecide   = "decide"   // assault / operate (and 6.1 recon) or pass
	StepEngage   = "engage"   // 5.1 the VM flips battalions
	StepBombard  = "bombard"  // 5.2 / 6.2.2 attacker's artillery (and air)
	StepAdvance  = "advance"  // 5.3 / 6.2.3 attacker's movement
	StepDefFire  = "defire"   // 5.4 / 6.2.4 defender's fire
	StepCombat   = "combat"   // 5.5 / 6.2.5 hand-to-hand (and zone fire)
	StepDefMove  = "defmove"  // 5.6 / 6.2.6 defender's movement
	StepBreakOff = "breakoff" // 6.2.7 the VM may break off in zones
	StepNext     = "next"     // 5.7 / 6.2.7 the attacker continues or ends
	// 5.7 / 6.2.7 the end of the assault: the attacker occupies empty PAs
	// and withdraws, then the defender withdraws.
	StepConsolidate = "consolidate"
	StepWithdraw    = "withdraw"
)

func other(side string) string {
	if side == VM {
		return French
	}
	return VM
}

// opAwaited: who decides at the current step.
func (s *State) opAwaited() string {
	if len(s.Hits) > 0 {
		return s.Hits[0].Side
	}
	switch s.Step {
	case StepDrop:
		return French
	case StepDefFire, StepDefMove:
		return other(s.Half)
	case StepBreakOff:
		return VM
	case StepWithdraw:
		return other(s.Half)
	}
	return s.Half
}

// maxDrops: 4.1, the CR/PAs Lost Table.
func (r *Rules) maxDrops(s *State) int {
	lost := s.capturedCount()
	n := 0
	for _, l := range r.d.Tables.Lost.Lines {
		if lost >= l.Lost {
			n = l.Companies
		}
	}
	return n
}

// canDropAny: 3.2 and 4.1, drops only while a VM attack is taking place
// (a week the VM assaults), within the round's limit.
func (r *Rules) canDropAny(s *State) bool {
	if s.Acting != VM || s.Dropped >= r.maxDrops(s) {
		return false
	}
	for _, u := range s.French {
		if u.Loc == LocPool {
			return true
		}
	}
	return false
}

// startOperations: 4, the week's first round.
func (r *Rules) startOperations(s *State, dice adjudicator.Dice, ev *events) {
	s.Phase = PhaseOperations
	r.startRound(s, 1, ev)
	r.flow(s, dice, ev)
}

func (r *Rules) startRound(s *State, n int, ev *events) {
	s.Round, s.Impulse, s.Dropped = n, 0, 0
	s.Recon, s.Fired, s.Hit, s.Moved = nil, nil, nil, nil
	for _, u := range s.VM {
		u.Revealed, u.Engaged = false, false // 6.1: revealed until the end of the round
		u.Inactive = false                   // 6.2.7: inactive until the end of the round
	}
	s.Half, s.Step = VM, StepDrop
	if s.EndOffer != "" {
		s.EndOffer = "" // an offer lasts its round
	}
	ev.pub("4: operational round %d of 4.", n)
}

// endHalf: the VM half gives way to the French half; the French half ends
// the round.
func (r *Rules) endHalf(s *State, ev *events) {
	s.Impulse, s.Fired, s.Hit, s.Moved = 0, nil, nil, nil
	for _, u := range s.VM {
		u.DefMoved = false // 6.2.6: no following impulse
		if s.Half == French {
			u.Inactive = false // 6.2.7: inactive until the end of the round
		}
	}
	if s.Half == VM {
		s.Half, s.Step = French, StepMove
		ev.pub("4: the French half of round %d: operational movement (4.2.2).", s.Round)
		return
	}
	if s.Round >= 4 {
		s.Round, s.Half, s.Step, s.Recon = 0, "", "", nil
		ev.pub("4: the four operational rounds are over.")
		r.endWeek(s, ev)
		return
	}
	r.startRound(s, s.Round+1, ev)
}

// flow moves the operational phase past steps nobody needs to decide:
// hits answered by standing orders, steps whose only order is `done` when
// that fact is public, and steps a standing order settles.
func (r *Rules) flow(s *State, dice adjudicator.Dice, ev *events) {
	for i := 0; i < 100 && s.Phase == PhaseOperations; i++ {
		if !r.settleHits(s, dice, ev) {
			return
		}
		// Ruling H51: a tank found without infantry withdraws at once
		// (after fire, hand-to-hand or a movement step), before any
		// advance into the PA it leaves.
		if !(s.Half == French && s.Step == StepMove) {
			r.loneTanks(s, ev)
		}
		if r.doAdvances(s, ev) {
			continue
		}
		st := s.Standing[s.opAwaited()]
		switch s.Step {
		case StepDrop:
			if !r.canDropAny(s) {
				s.Step = StepMove
				continue
			}
			if st.Drops == "none" {
				// Issue 15: routine decisions by standing order.
				ev.to(French, "Your standing order (drops none): no paratroop drop in round %d.", s.Round)
				s.Step = StepMove
				continue
			}
		case StepMove:
			// issue 30, item 6: "idle", none in a week the other side acts
			if (st.OpMove == "none" || st.OpMove == "idle" && s.Acting != s.Half) && s.Acted != stepKey(s) {
				ev.to(s.Half, "Your standing order (opmove %s): no operational movement in round %d.", st.OpMove, s.Round)
				r.stepDone(s, dice, ev)
				continue
			}
		case StepConsolidate, StepWithdraw:
			if st.Withdraw == "none" && s.Step == StepWithdraw && s.Acted != stepKey(s) {
				// Issue 30, item 6: the defender's withdrawals.
				ev.to(s.opAwaited(), "Your standing order (withdraw none): nothing withdrawn at the end of the assault.")
				r.stepDone(s, dice, ev)
				continue
			}
			if st.Consolidate == "none" && s.Acted != stepKey(s) {
				ev.to(s.opAwaited(), "Your standing order (consolidate none): nothing occupied or withdrawn at the end of the assault.")
				r.stepDone(s, dice, ev)
				continue
			}
		case StepDefFire:
			if st.Fire == "all" {
				r.autoDefFire(s, dice, ev)
				s.Step = StepCombat
				continue
			}
			if st.Fire == "none" {
				s.Step = StepCombat
				continue
			}
		case StepDefMove:
			if st.Move == "none" {
				s.Step = r.afterDefMove(s)
				continue
			}
		case StepNext:
			if s.Impulse >= 3 || s.Half == VM && s.NoAssault == s.Turn {
				r.toConsolidate(s, ev)
				continue
			}
			if st.Impulses != "" {
				ev.to(s.Half, "Your standing order (impulses %s) decided the end of impulse %d.", st.Impulses, s.Impulse)
				if s.Impulse >= int(st.Impulses[0]-'0') {
					r.toConsolidate(s, ev)
				} else {
					r.startImpulse(s, s.Impulse+1, ev)
				}
				continue
			}
		case StepBreakOff:
			if len(r.contestedZones(s)) == 0 {
				s.Step = StepNext
				continue
			}
			switch st.BreakOff {
			case "never":
				ev.to(VM, "Your standing order (breakoff never): no break-off.")
				s.Step = StepNext
				continue
			case "always":
				for _, z := range r.contestedZones(s) {
					_ = r.breakOffOrder(s, "breakoff", []string{z}, ev)
				}
				ev.to(VM, "Your standing order (breakoff always) broke off every engagement.")
				s.Step = StepNext
				continue
			}
		case StepDecide:
			// 2: the VM assaults only in a week it decided to (a public
			// fact), so its only answer otherwise is pass: taken at once.
			if s.Half == VM && !s.vmMayAssault() {
				ev.pub("5: no VM assault in round %d (%s).", s.Round, s.noAssaultReason())
				r.endHalf(s, ev)
				continue
			}
			if s.Half == French && s.Acting == VM && st.Counter == "never" && s.Acted != stepKey(s) {
				ev.to(French, "Your standing order (counter never): no French operation in round %d of the VM's week.", s.Round)
				ev.pub("6: no French operation in round %d.", s.Round)
				r.endHalf(s, ev)
				continue
			}
		}
		if r.onlyDone(s) && s.Acted != stepKey(s) {
			r.stepDone(s, dice, ev)
			continue
		}
		return
	}
}

// vmMayConsolidate: judged from counters only, the VM might occupy or
// withdraw at the end of an assault: a counter in an assault base, in a PA
// joined to an empty French PA, or in a PA of a contested CR.
func (r *Rules) vmMayConsolidate(s *State) bool {
	d := r.d
	contested := r.contestedCRs(s)
	for _, u := range s.VM {
		if _, ok := d.Bases[u.Loc]; ok {
			return true
		}
		if !d.isPA(u.Loc) {
			continue
		}
		if contested[d.PAs[u.Loc].CR] {
			return true
		}
		for _, q := range d.PALinks[u.Loc] {
			if !s.Captured[q] && !s.anyFrenchAt(q) && !s.anyVMAt(q) {
				return true
			}
		}
	}
	return false
}

// vmMayAssault: 2, the VM assaults only in a week it decided to assault;
// 1.5, not after its 50th step loss this turn.
func (s *State) vmMayAssault() bool {
	return s.Acting == VM && s.NoAssault != s.Turn
}

func (s *State) noAssaultReason() string {
	if s.Acting != VM {
		return "the Viet Minh did not decide to assault this week, 2"
	}
	return "50 VM step losses this turn, 1.5"
}

// stepKey names the current step of the operational phase.
func stepKey(s *State) string {
	return fmt.Sprintf("%d/%s/%d/%s", s.Round, s.Half, s.Impulse, s.Step)
}

// onlyDone: the awaited side's only legal order is `done`, and that fact
// is public (never for VM steps that depend on hidden units).
func (r *Rules) onlyDone(s *State) bool {
	side := s.opAwaited()
	if len(s.Hits) > 0 || side == VM && (s.Step == StepMove || s.Step == StepDecide || s.Step == StepEngage || s.Step == StepDefFire || s.Step == StepDefMove || s.Step == StepBreakOff) {
		return false
	}
	if side == VM && (s.Step == StepConsolidate || s.Step == StepWithdraw) && r.vmMayConsolidate(s) {
		// Whether the VM could occupy or withdraw depends on what its
		// counters are: decide from the counters France sees.
		return false
	}
	return !r.hasOrders(s, side)
}

// stepDone ends the current step.
func (r *Rules) stepDone(s *State, dice adjudicator.Dice, ev *events) {
	s.Moved = nil
	switch s.Step {
	case StepDrop:
		s.Step = StepMove
	case StepMove:
		s.Step = StepDecide
	case StepEngage:
		s.Step = StepBombard
	case StepBombard:
		s.Step = StepAdvance
	case StepAdvance:
		s.Step = StepDefFire
	case StepDefFire:
		s.Step = StepCombat
	case StepCombat:
		s.Step = StepDefMove
	case StepDefMove:
		s.Step = r.afterDefMove(s)
	case StepBreakOff:
		s.Step = StepNext
	case StepConsolidate:
		s.Step = StepWithdraw
	case StepWithdraw:
		r.endAssault(s, ev)
	}
}

// toConsolidate: the last impulse is over; 5.7 / 6.2.7 follow.
func (r *Rules) toConsolidate(s *State, ev *events) {
	s.Step, s.Moved = StepConsolidate, nil
	if s.Half == VM {
		ev.pub("5.7: the assault is over: the VM may occupy empty PAs it faces and withdraw; then France may withdraw.")
	} else {
		ev.pub("6.2.7: the operation is over: France may withdraw along free chains; then the VM may withdraw.")
	}
}

func (r *Rules) afterDefMove(s *State) string {
	s.Moved = nil
	if s.Half == French {
		return StepBreakOff
	}
	return StepNext
}

// startImpulse: 5 / 6.2, a new impulse of the assault or operation.
func (r *Rules) startImpulse(s *State, n int, ev *events) {
	s.Impulse, s.Fired, s.Hit, s.Moved = n, map[string]bool{}, map[string]bool{}, nil
	if s.Half == VM {
		s.Step = StepEngage
		ev.pub("5: VM assault, impulse %d of 3.", n)
	} else {
		s.Step = StepBombard
		ev.pub("6: French operation, impulse %d of 3.", n)
		r.flipDefMoved(s, ev)
		r.engageSharedZones(s, ev)
	}
}

// endAssault: 5.7 and 6.2.7.
func (r *Rules) endAssault(s *State, ev *events) {
	d := r.d
	for _, id := range r.unitIDs(s, VM) {
		u := s.VM[id]
		if b, ok := d.Bases[u.Loc]; ok {
			u.Loc = b.Zone // ruling H25: assault bases empty into their zone
		}
		if u.Disorg {
			u.Disorg, u.Fatigued = false, true
		}
		u.Engaged = false
		if !s.Recon[r.zoneOf(u.Loc)] {
			u.Revealed = false
		}
	}
	for _, id := range r.frenchIDs {
		u := s.French[id]
		if u.Disorg {
			u.Disorg = false
			u.Fatigued = d.French[id].Kind != KindTank
		}
		if s.Half == French && d.onMap(u.Loc) && !d.isPA(u.Loc) {
			// 6.2.7, rulings H26, H60: units outside the PAs withdraw, to
			// the PA they left when the chain reaches it, else the nearest
			// PA it reaches; with no chain free of the enemy they stay.
			dests := r.frenchWithdrawDests(s, u.Loc, nil)
			to := ""
			if slices.Contains(dests, u.From) {
				to = u.From
			} else if len(dests) > 0 {
				to = dests[0]
			}
			if to == "" {
				ev.pub("6.2.7: %s stays in %s: no chain of zones free of the enemy leads to a French CR.", id, d.locName(u.Loc))
			} else {
				ev.pub("6.2.7: %s withdraws %s → %s.", id, d.locName(u.Loc), d.locName(to))
				ev.moved(id, u.Loc, to)
				u.Loc = to
			}
		}
		u.From = ""
	}
	r.loneTanks(s, ev)
	if s.Half == VM {
		ev.pub("5.7: the VM assault ends; Disorganized units become Fatigued; VM battalions turn face down.")
	} else {
		ev.pub("6.2.7: the French operation ends; Disorganized units become Fatigued; VM battalions turn face down.")
	}
	r.reportUpkeep(s.upkeep(d), ev)
	r.endHalf(s, ev)
}

// loneTanks: 5.5, 6.2.7 "Withdrawal is obligatory by a tank found without
// infantry. It automatically withdraws to a friendly-occupied PA even if
// it must cross enemy lines" (ruling H51): anywhere on the map, a tank
// section with no French company or MG platoon beside it goes to the
// nearest PA held by French infantry.
func (r *Rules) loneTanks(s *State, ev *events) {
	// the tanks on the map, and whether other French units stand with
	// each, in one pass over the units (issue 31: this runs after every
	// step of an operation); a tank's withdrawal moves no infantry
	var buf, locBuf [8]string
	tanks, locs := buf[:0], locBuf[:0]
	for _, id := range r.tankIDs {
		if u := s.French[id]; u != nil && r.d.onMap(u.Loc) {
			tanks, locs = append(tanks, id), append(locs, u.Loc)
		}
	}
	if len(tanks) == 0 {
		return
	}
	var crewBuf [8]bool
	crewed := crewBuf[:0]
	for range tanks {
		crewed = append(crewed, false)
	}
	for o, x := range s.French {
		for k, loc := range locs {
			if x.Loc == loc && r.d.French[o].Kind != KindTank {
				crewed[k] = true
			}
		}
	}
	for k, id := range tanks {
		u := s.French[id]
		if crewed[k] {
			continue
		}
		to := r.nearestFrenchPA(s, u.Loc)
		if to != "" && to != u.Loc {
			ev.pub("6.2.7: the tank %s, found without infantry, withdraws %s → %s.", id, r.d.locName(u.Loc), r.d.locName(to))
			ev.moved(id, u.Loc, to)
			u.Loc = to
		}
	}
}

// nearestFrenchPA: a French-held PA with French infantry, fewest zone
// steps away (ties in file order).
func (r *Rules) nearestFrenchPA(s *State, loc string) string {
	d := r.d
	held := func(pa string) bool {
		if s.Captured[pa] {
			return false
		}
		for _, id := range s.frenchAt(pa) {
			if d.French[id].Kind != KindTank {
				return true
			}
		}
		return false
	}
	dist := map[string]int{r.zoneOf(loc): 0}
	frontier := []string{r.zoneOf(loc)}
	best, bestD := "", 1<<30
	for len(frontier) > 0 {
		var next []string
		for _, z := range frontier {
			for _, pa := range d.ZonePAs[z] {
				if held(pa) && pa != loc && dist[z] < bestD {
					best, bestD = pa, dist[z]
				}
			}
			for _, n := range d.ZoneAdj[z] {
				if _, ok := dist[n]; !ok {
					dist[n] = dist[z] + 1
					next = append(next, n)
				}
			}
		}
		if best != "" {
			return best
		}
		frontier = next
	}
	for _, pa := range d.PAOrder {
		if !s.Captured[pa] {
			return pa
		}
	}
	return loc
}

// doAdvances: 5.5, attackers advance into a PA emptied of defenders once
// its hits are allocated. It reports whether anything changed.
func (r *Rules) doAdvances(s *State, ev *events) bool {
	if len(s.Advances) == 0 {
		return false
	}
	adv := s.Advances
	s.Advances = nil
	for _, a := range adv {
		def := other(a.Side)
		if len(s.sideAt(def, a.PA)) > 0 {
			continue
		}
		var who []string
		for _, id := range a.Units {
			if r.unitAt(s, a.Side, id) == "" || !r.d.onMap(r.unitAt(s, a.Side, id)) {
				continue
			}
			if a.Side == VM && !s.VM[id].Disorg {
				ev.mark("", "assault", s.VM[id].Loc, a.PA)
				s.VM[id].Loc = a.PA
				who = append(who, id)
			}
			if a.Side == French && !s.French[id].Disorg {
				ev.mark("", "assault", s.French[id].Loc, a.PA)
				s.French[id].Loc = a.PA
				who = append(who, id)
			}
		}
		if len(who) > 0 {
			r.setControl(s, a.PA, a.Side, ev)
			ev.pub("5.5: %s advance into %s after combat.", strings.Join(who, ", "), r.d.locName(a.PA))
			if a.Side == VM {
				// 3.1 (ruling H70): the zone or PA they left may lose its
				// cover at once.
				r.reportUpkeep(s.upkeep(r.d), ev)
			}
		}
	}
	r.checkVictory(s, ev)
	return true
}

// setControl: a PA entered by a side is that side's (5.2: friendly until
// an enemy unit enters it).
func (r *Rules) setControl(s *State, pa, side string, ev *events) {
	if !r.d.isPA(pa) {
		return
	}
	if side == VM && !s.Captured[pa] {
		s.Captured[pa] = true
		ev.pub("5.7: the VM captures %s (%d of 44 captured).", r.d.locName(pa), s.capturedCount())
		ev.mark("", "assault", "", pa)
	}
	if side == French && s.Captured[pa] {
		delete(s.Captured, pa)
		ev.pub("6.2.5: France retakes %s.", r.d.locName(pa))
		ev.mark("", "assault", "", pa)
	}
}

// vmCounterPlaces: the places holding VM counters, dummies included (what
// France can see).
func (s *State) vmCounterPlaces() map[string]bool {
	out := make(map[string]bool, 16)
	for _, u := range s.VM {
		out[u.Loc] = true
	}
	return out
}

// ---- orders ----

func (r *Rules) operationsOrder(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	if len(s.Hits) > 0 {
		if verb == "lose" || verb == "disorg" || verb == "check" {
			if err := r.hitOrder(s, side, verb, args, dice, ev); err != nil {
				return err
			}
			r.flow(s, dice, ev)
			return nil
		}
		return fail("a combat result waits for you: %s", r.hitPrompt(s))
	}
	var err error
	before := stepKey(s)
	switch s.Step {
	case StepDrop:
		err = r.dropOrder(s, verb, args, ev)
	case StepMove, StepDecide:
		if verb == "end-week" {
			if err = want(args, 0, "end-week"); err == nil {
				err = r.endWeekOrder(s, side, ev)
			}
		} else if s.Step == StepMove {
			err = r.opMoveOrder(s, side, verb, args, ev)
		} else {
			err = r.attackDecision(s, side, verb, args, dice, ev)
		}
	case StepEngage:
		err = r.engageOrder(s, verb, args, ev)
	case StepBombard, StepAdvance:
		switch {
		case side == French && verb == "engage":
			// 6.2.1 (ruling H57): designated before the VM's defensive fire.
			err = r.engageOrderFrench(s, args, ev)
		case s.Step == StepBombard:
			err = r.bombardOrder(s, side, verb, args, dice, ev)
		default:
			err = r.advanceOrder(s, side, verb, args, ev)
		}
	case StepDefFire:
		err = r.defFireOrder(s, side, verb, args, dice, ev)
	case StepCombat:
		err = r.combatOrder(s, side, verb, args, dice, ev)
	case StepDefMove:
		err = r.defMoveOrder(s, side, verb, args, ev)
	case StepBreakOff:
		err = r.breakOffOrder(s, verb, args, ev)
	case StepNext:
		err = r.nextOrder(s, verb, args, ev)
	case StepConsolidate, StepWithdraw:
		err = r.consolidateOrder(s, side, verb, args, dice, ev)
	default:
		err = fail("no orders are taken now")
	}
	if err != nil {
		return err
	}
	// Acted marks the step the order was given in, if the game is still
	// there: an order that ended its step leaves the next one unmarked,
	// so that the next step may be taken by standing order or skipped.
	if verb != "done" && stepKey(s) == before {
		s.Acted = before
	}
	r.flow(s, dice, ev)
	return nil
}

func (r *Rules) doneOrder(s *State, verb string, args []string, dice adjudicator.Dice, ev *events) (bool, error) {
	if verb != "done" {
		return false, nil
	}
	if err := want(args, 0, "done"); err != nil {
		return true, err
	}
	r.stepDone(s, dice, ev)
	return true, nil
}

// 4.1 paratroop drops.
func (r *Rules) canDrop(s *State, id, pa string) error {
	u := s.French[id]
	switch {
	case u.Loc != LocPool:
		return fail("%s is not in the paratroop pool", id)
	case s.Dropped >= r.maxDrops(s):
		return fail("%d companies may drop this round (CR/PAs Lost Table); all have", r.maxDrops(s))
	case !r.d.isPA(pa) || s.Captured[pa] || !(r.d.inCRC(pa) || r.d.inIsabelle(pa)):
		return fail("paratroops drop on a French PA of the CRC or Isabelle (4.1); %s is not one", r.d.locName(pa))
	}
	return nil
}

func (r *Rules) dropOrder(s *State, verb string, args []string, ev *events) error {
	if ok, err := r.doneOrder(s, verb, args, nil, ev); ok {
		return err
	}
	if verb != "drop" {
		return unknownVerb(verb, "the paratroop drop (4.1)", "drop <unit> <PA>, done")
	}
	if err := want(args, 2, "drop <unit> <PA>"); err != nil {
		return err
	}
	id, u, err := r.frenchUnit(s, args[0])
	if err != nil {
		return err
	}
	pa := r.canon(args[1])
	if err := r.canDrop(s, id, pa); err != nil {
		return err
	}
	u.Loc = pa
	s.Dropped++
	ev.pub("4.1: %s drops on %s.", id, r.d.locName(pa))
	ev.mark("", "move", "", pa)
	return nil
}

// ---- 4.2 operational movement ----

// vmPassable: 4.2.1, where VM operational movement may go: jungle zones,
// peripheral zones with a trench, captured PAs.
func (r *Rules) vmPassable(s *State, loc string) bool { return s.vmDestination(r.d, loc) }

// vmOpReach: 4.2.1, the places a VM unit reaches: one jungle zone, or two
// zones or PAs, through passable places; PAs are entered from assault
// bases of trenched zones or along lines from captured PAs.
func (r *Rules) vmOpReach(s *State, from string) map[string]bool {
	d := r.d
	if s.vmSurrounded(d, from) {
		return map[string]bool{} // 4.2.3 (ruling H65)
	}
	type node struct {
		loc  string
		cost int
	}
	best := map[string]int{from: 0}
	queue := []node{{from, 0}}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, nb := range r.vmNeighbours(s, n.loc) {
			c := n.cost + 1
			if d.zoneKind(n.loc) == ZoneJungle && d.zoneKind(nb) == ZoneJungle {
				c = n.cost + 2 // one jungle zone is a whole move
			}
			if c > 2 || !r.vmPassable(s, nb) {
				continue
			}
			if old, ok := best[nb]; ok && old <= c {
				continue
			}
			best[nb] = c
			queue = append(queue, node{nb, c})
		}
	}
	out := map[string]bool{}
	for loc := range best {
		if loc != from {
			out[loc] = true
		}
	}
	return out
}

func (r *Rules) vmNeighbours(s *State, loc string) []string {
	d := r.d
	var out []string
	if d.isPA(loc) {
		out = append(out, d.PALinks[loc]...)
		for _, b := range d.PABases[loc] {
			out = append(out, b.Zone)
		}
		return out
	}
	for _, z := range d.ZoneAdj[loc] {
		if d.zoneKind(z) != ZoneCR {
			out = append(out, z)
		}
	}
	if d.zoneKind(loc) == ZonePeripheral {
		for _, b := range d.ZoneBases[loc] {
			out = append(out, b.PAs...)
		}
	}
	return out
}

// frenchOpReach: 4.2.2, PA to PA within the CRC or one peripheral CR,
// through French PAs; an encircled PA only as the destination.
func (r *Rules) frenchOpReach(s *State, from string) map[string]bool {
	d := r.d
	out := map[string]bool{}
	if !d.isPA(from) || s.surrounded(d, from) {
		return out
	}
	same := func(pa string) bool {
		a, b := d.PAs[from], d.PAs[pa]
		if d.Zones[a.Zone].CRC {
			return d.Zones[b.Zone].CRC
		}
		return a.CR == b.CR
	}
	vmHeld := s.vmCounterPlaces()
	seen := map[string]bool{from: true}
	queue := []string{from}
	for len(queue) > 0 {
		pa := queue[0]
		queue = queue[1:]
		for _, q := range d.PALinks[pa] {
			if seen[q] || s.Captured[q] || !same(q) || vmHeld[q] {
				continue
			}
			seen[q] = true
			out[q] = true
			if !s.encircled(d, q) {
				queue = append(queue, q)
			}
		}
	}
	return out
}

func (r *Rules) canOpMove(s *State, side, id, loc string) error {
	if s.Moved[id] {
		return fail("%s has already moved this phase", id)
	}
	if side == VM {
		u := s.VM[id]
		if !r.d.onMap(u.Loc) {
			return fail("%s is not on the map", id)
		}
		if !r.vmOpReach(s, u.Loc)[loc] {
			return fail("%s cannot reach %s: operational movement is one jungle zone, or two zones or PAs, through jungle zones, trenched zones and captured PAs (4.2.1)", id, r.d.locName(loc))
		}
		return nil
	}
	u := s.French[id]
	if !r.frenchOpReach(s, u.Loc)[loc] {
		return fail("%s cannot reach %s: French units move PA to PA through French PAs inside the CRC or their peripheral CR, into an encircled PA only as the last step (4.2.2)", id, r.d.locName(loc))
	}
	return nil
}

func (r *Rules) opMoveOrder(s *State, side, verb string, args []string, ev *events) error {
	if ok, err := r.doneOrder(s, verb, args, nil, ev); ok {
		return err
	}
	if verb != "move" {
		return unknownVerb(verb, "operational movement (4.2)", "move <unit> <location>, done")
	}
	id, loc, err := r.unitAndPlace(s, side, args, "move <unit> <location>", r.canOpMove)
	if err != nil {
		return err
	}
	r.relocate(s, side, id, loc, ev, "4.2.2: %s moves to %s.", "4.2.1: a hidden VM unit moves %s → %s.")
	if side == VM {
		if !r.d.isPA(loc) && s.anyFrenchAt(loc) {
			// 4.2.1 (ruling H71): "Dummies made revealed … when they are
			// in the same zone as French units."
			r.revealDummies(s, loc, ev)
		}
		r.reportUpkeep(s.upkeep(r.d), ev)
	}
	return nil
}

// engageSharedZones: 6.2.1, VM units "located in the same peripheral zone
// as a French unit" are flipped during a French operation: at the start
// of each French impulse, those that came there outside France's own
// movement (ruling H71).
func (r *Rules) engageSharedZones(s *State, ev *events) {
	fr := map[string]bool{}
	for _, u := range s.French {
		if r.frenchCombatZone(u.Loc) {
			fr[u.Loc] = true
		}
	}
	for _, z := range r.d.ZoneOrder {
		if fr[z] && s.anyVMAt(z) {
			r.engageAt(s, z, ev)
		}
	}
	r.reportUpkeep(s.upkeep(r.d), ev)
}

// ---- decisions, 6.1 reconnaissance ----

func (r *Rules) attackDecision(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	act := "assault"
	if side == French {
		act = "operate"
	}
	switch verb {
	case act:
		if err := want(args, 0, act); err != nil {
			return err
		}
		if side == VM && s.NoAssault == s.Turn {
			return fail("1.5: after 50 VM step losses no more VM assault this turn")
		}
		if side == VM && s.Acting != VM {
			return fail("the Viet Minh did not decide to assault this week (2): in France's week of operations the VM half has movement only; `pass`")
		}
		r.startImpulse(s, 1, ev)
		return nil
	case "pass":
		if err := want(args, 0, "pass"); err != nil {
			return err
		}
		if side == VM {
			ev.pub("5: no VM assault in round %d.", s.Round)
		} else {
			ev.pub("6: no French operation in round %d.", s.Round)
		}
		r.endHalf(s, ev)
		return nil
	case "recon":
		if side != French {
			break
		}
		if len(args) < 1 || len(args) > 2 {
			return fail("usage: recon <zone> [replacement|step] (6.1: on 5-6, France's loss; default by `standing recon`)")
		}
		z := r.canon(args[0])
		if err := r.canRecon(s, z); err != nil {
			return err
		}
		pay := s.Standing[French].Recon
		if len(args) == 2 {
			pay = strings.ToLower(args[1])
			if pay != "replacement" && pay != "step" {
				return fail("recon %s %s: the loss on 5-6 is paid by `replacement` or `step` (6.1)", args[0], args[1])
			}
		}
		r.recon(s, z, pay, dice, ev)
		return nil
	}
	if side == French {
		return unknownVerb(verb, "the French decision", "recon <zone>, operate, pass")
	}
	return unknownVerb(verb, "the VM decision", "assault, pass")
}

// canRecon: 6.1, a peripheral zone adjacent to a CR zone holding French
// units, once a round.
func (r *Rules) canRecon(s *State, z string) error {
	if r.d.zoneKind(z) != ZonePeripheral {
		return fail("reconnaissance is of peripheral zones (6.1)")
	}
	if s.Recon[z] {
		return fail("%s was already reconnoitred this round", r.d.locName(z))
	}
	for _, n := range r.d.ZoneAdj[z] {
		if r.d.zoneKind(n) == ZoneCR && s.frenchInZone(r.d, n) {
			return nil
		}
	}
	return fail("%s is not next to a CR zone held by French units (6.1)", r.d.locName(z))
}

// recon: 6.1.
func (r *Rules) recon(s *State, z, pay string, dice adjudicator.Dice, ev *events) {
	if s.Recon == nil {
		s.Recon = map[string]bool{}
	}
	s.Recon[z] = true
	roll := dice.Roll(6)
	ev.mark("", "recon", "", z)
	if roll == 1 {
		ev.pub("6.1: reconnaissance of %s: roll 1, it fails.", r.d.locName(z))
		return
	}
	units := s.vmAt(z)
	var bns, dummies []string
	for _, id := range units {
		if s.VM[id].Dummy {
			dummies = append(dummies, id)
		} else {
			bns = append(bns, id)
		}
	}
	text := fmt.Sprintf("6.1: reconnaissance of %s: roll %d, it succeeds", r.d.locName(z), roll)
	switch {
	case len(units) == 0:
		text += ": no VM unit there"
	case len(bns) == 0:
		jz := r.dummyJungle(s, z)
		for _, id := range dummies {
			s.VM[id].Loc = jz
		}
		text += fmt.Sprintf(": only dummies (%d), sent to %s", len(dummies), r.d.locName(jz))
		if s.Trench[z] >= 3 {
			s.Trench[z] = 2
			text += "; the level-3 trench drops to 2"
		}
	default:
		for _, id := range bns {
			s.VM[id].Revealed = true
		}
		jz := r.dummyJungle(s, z)
		for _, id := range dummies {
			s.VM[id].Loc = jz
		}
		text += ": revealed " + strings.Join(bns, ", ")
		if len(dummies) > 0 {
			text += fmt.Sprintf("; %d dummies go to %s", len(dummies), r.d.locName(jz))
		}
	}
	ev.list = append(ev.list, adjudicator.Event{Audience: adjudicator.Everyone, Text: text + ".", Reveals: len(units) > 0})
	if roll >= 5 {
		// 6.1, rulings H41, H53: a replacement point or a step from a
		// unit next to the zone, as France declared (default a
		// replacement point); the other when the one is not to be had.
		var near []string
		for _, n := range r.d.ZoneAdj[z] {
			for _, pa := range r.d.ZonePAs[n] {
				near = append(near, s.frenchAt(pa)...)
			}
		}
		if s.Replacements > 0 && (pay != "step" || len(near) == 0) {
			s.Replacements--
			ev.pub("6.1: the reconnaissance costs France a replacement point (%d left).", s.Replacements)
		} else if len(near) > 0 {
			sort.Strings(near)
			s.Hits = append(s.Hits, Hit{Side: French, At: s.French[near[0]].Loc, Kind: "step", Reason: "6.1 reconnaissance loss", Group: r.nextGroup(s), Units: near})
		} else {
			ev.pub("6.1: no replacement point or nearby unit can take the reconnaissance loss.")
		}
	}
}

// ---- 5.1 engagement ----

func (r *Rules) engageOrder(s *State, verb string, args []string, ev *events) error {
	if ok, err := r.doneOrder(s, verb, args, nil, ev); ok {
		return err
	}
	if verb != "engage" {
		return unknownVerb(verb, "engagement (5.1)", "engage <battalion> [<battalion> ...], done")
	}
	if len(args) == 0 {
		return fail("usage: engage <battalion> [<battalion> ...]")
	}
	var ids []string
	for _, a := range args {
		id, u, err := r.vmUnit(s, a)
		if err != nil {
			return err
		}
		switch {
		case u.Dummy:
			return fail("%s is a dummy: only battalions engage (5.1)", id)
		case !r.d.onMap(u.Loc):
			return fail("%s is not on the map", id)
		case u.Engaged:
			return fail("%s is already engaged", id)
		}
		ids = append(ids, id)
	}
	for _, id := range ids {
		u := s.VM[id]
		u.Engaged, u.Revealed = true, true
		ev.list = append(ev.list, adjudicator.Event{Audience: adjudicator.Everyone, Reveals: true,
			Text: fmt.Sprintf("5.1: VM battalion %s engages at %s%s.", id, r.d.locName(u.Loc), lossText(u))})
		ev.mark("", "engage", "", u.Loc)
	}
	return nil
}

func lossText(u *VUnit) string {
	if u.Losses > 0 {
		return fmt.Sprintf(" (-%d)", u.Losses)
	}
	return ""
}

// ---- 5.2 / 6.2.2 artillery and air ----

// bombardTargets: 5.2, the VM fires at PAs with French units joined to an
// assault base in a trenched zone, or by a line to a VM PA. 6.2.2, France
// fires at PAs with VM units joined by a line to a French PA or reached by
// a base of a zone holding French units, and at any exposed VM unit.
func (r *Rules) bombardTargets(s *State, side string) []string {
	d := r.d
	// where each side stands, and where VM counters are revealed, counted
	// once for every place (issue 31)
	o := placesOf(s)
	var out []string
	for _, loc := range r.allLocations() {
		if r.canBombardOn(s, side, loc, o) {
			out = append(out, loc)
		}
	}
	for _, b := range sortedKeys(d.Bases) {
		if r.canBombardOn(s, side, b, o) {
			out = append(out, b)
		}
	}
	return out
}

// places: whether French units, VM counters, revealed VM counters stand
// at a place.
type places interface {
	french(loc string) bool
	vm(loc string) bool
	revealed(loc string) bool
}

// placesNow reads the state at every question.
type placesNow struct{ s *State }

func (p placesNow) french(loc string) bool { return p.s.anyFrenchAt(loc) }
func (p placesNow) vm(loc string) bool     { return p.s.anyVMAt(loc) }
func (p placesNow) revealed(loc string) bool {
	for _, u := range p.s.VM { // vmAt, unsorted: only whether
		if u.Loc == loc && u.Revealed {
			return true
		}
	}
	return false
}

// placesSet is the state's places counted in one pass.
type placesSet struct{ fr, vmAt, rev map[string]bool }

func placesOf(s *State) placesSet {
	p := placesSet{fr: map[string]bool{}, vmAt: map[string]bool{}, rev: map[string]bool{}}
	for _, u := range s.French {
		p.fr[u.Loc] = true
	}
	for _, u := range s.VM {
		p.vmAt[u.Loc] = true
		if u.Revealed {
			p.rev[u.Loc] = true
		}
	}
	return p
}

func (p placesSet) french(loc string) bool   { return p.fr[loc] }
func (p placesSet) vm(loc string) bool       { return p.vmAt[loc] }
func (p placesSet) revealed(loc string) bool { return p.rev[loc] }

func (r *Rules) canBombardAt(s *State, side, loc string) bool {
	return r.canBombardOn(s, side, loc, placesNow{s})
}

// canBombardOn is canBombardAt reading who stands where from o.
func (r *Rules) canBombardOn(s *State, side, loc string, o places) bool {
	d := r.d
	if side == VM {
		if !d.isPA(loc) || !o.french(loc) {
			return false
		}
		for _, b := range d.PABases[loc] {
			if s.Trench[b.Zone] >= 1 {
				return true
			}
		}
		for _, q := range d.PALinks[loc] {
			if s.Captured[q] {
				return true
			}
		}
		return false
	}
	// France sees counters, not what they are: a hidden dummy is a target
	// like a battalion (invariant 1).
	if d.isPA(loc) && o.vm(loc) {
		for _, q := range d.PALinks[loc] {
			// 5.2: a PA is friendly for directing fire even unoccupied.
			if !s.Captured[q] {
				return true
			}
		}
		for _, b := range d.PABases[loc] {
			if o.french(b.Zone) {
				return true
			}
		}
	}
	return o.revealed(loc)
}

func (r *Rules) bombardOrder(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	if ok, err := r.doneOrder(s, verb, args, dice, ev); ok {
		return err
	}
	switch verb {
	case "fire":
		if err := want(args, 1, "fire <target>"); err != nil {
			return err
		}
		loc := r.canon(args[0])
		if err := r.canArtillery(s, side, loc, "art"); err != nil {
			return err
		}
		r.artillery(s, side, loc, dice, ev)
		return nil
	case "air":
		if side != French {
			break
		}
		if err := want(args, 2, "air <target> <points>"); err != nil {
			return err
		}
		loc := r.canon(args[0])
		n, err := count(args[1], 1, 9, "air points")
		if err != nil {
			return err
		}
		if n > s.AirPoints {
			return fail("%d air point(s) left this week", s.AirPoints)
		}
		if err := r.canArtillery(s, side, loc, "air"); err != nil {
			return err
		}
		s.AirPoints -= n
		s.Fired["air:"+loc] = true
		// 6.2.2: the first air point fires at strength 3, each further one
		// two columns to the right.
		r.fire(s, French, loc, nil, 3, 2*(n-1), 0, "", false, dice, ev, fmt.Sprintf("6.2.2: %d air point(s) on %s", n, r.d.locName(loc)))
		return nil
	}
	if side == French {
		return unknownVerb(verb, "French artillery and air (6.2.2)", "fire <target>, air <target> <points>, done")
	}
	return unknownVerb(verb, "VM artillery (5.2)", "fire <target>, done")
}

func (r *Rules) canArtillery(s *State, side, loc, kind string) error {
	if loc == "" || !(r.d.onMap(loc) || r.d.Bases[loc] != nil) {
		return fail("not a place of the map")
	}
	if s.Fired[kind+":"+loc] || kind == "art" && s.Fired["air:"+loc] || kind == "air" && s.Fired["art:"+loc] {
		return fail("%s was already bombarded this impulse: one fire per place (5.2)", r.d.locName(loc))
	}
	if kind == "art" {
		m := s.VMMunitions
		if side == French {
			m = s.FrenchMunitions
		}
		if m < 1 {
			return fail("no artillery munitions left")
		}
	}
	if !r.canBombardAt(s, side, loc) {
		if side == VM {
			return fail("%s is not a target: the VM bombards French-held PAs joined to an assault base of a trenched zone or by a line to a VM PA (5.2)", r.d.locName(loc))
		}
		return fail("%s is not a target: France bombards VM PAs next to French PAs or zones, and exposed VM units (6.2.2)", r.d.locName(loc))
	}
	return nil
}

// artillery: 5.2 / 5.4 / 6.2.4, strength 12, one munitions level.
func (r *Rules) artillery(s *State, side, loc string, dice adjudicator.Dice, ev *events) {
	if side == VM {
		s.VMMunitions--
	} else {
		s.FrenchMunitions--
	}
	s.Fired["art:"+loc] = true
	label := "5.2: VM artillery"
	if side == French {
		label = "French artillery"
	}
	var only []string
	asBase := false
	if side == VM && s.Half == French && s.Step == StepDefFire {
		// 6.2.4: VM defensive artillery hits the French units attacking a
		// VM PA, or every French unit in a trenched zone (ruling H57).
		only = r.defFireVictims(s, loc)
		asBase = r.d.isPA(loc)
		label = "6.2.4: VM defensive artillery"
	}
	r.fire(s, side, loc, only, 12, 0, 0, "", asBase, dice, ev, fmt.Sprintf("%s on %s", label, r.d.locName(loc)))
}

// fire resolves one fire on the Fire Table at loc: the target is the other
// side's units there.
// asBase: the targets count as in an assault base (6.2.5).
// only: when set, the result falls on these units at loc alone (6.2.4:
// the French units that attack, ruling H57).
func (r *Rules) fire(s *State, side, loc string, only []string, strength, shift, drm int, from string, asBase bool, dice adjudicator.Dice, ev *events, why string) {
	target := other(side)
	if target == VM {
		r.engageAt(s, loc, ev)
	}
	ts, tw := r.terrainShift(s, loc, from, asBase)
	col := r.fireColumn(strength, shift+ts)
	natural := dice.Roll(6)
	column := r.d.Tables.Fire.Columns[col]
	res := readCell(column.Results, natural, drm)
	mods := ""
	if len(tw) > 0 || shift != 0 || drm != 0 {
		var m []string
		if shift != 0 {
			m = append(m, fmt.Sprintf("shift %+d", shift))
		}
		m = append(m, tw...)
		if drm != 0 {
			m = append(m, fmt.Sprintf("die %+d", drm))
		}
		mods = " (" + strings.Join(m, ", ") + ")"
	}
	ev.pub("%s: strength %d, column %s%s, roll %d: %s.", why, strength, column.Label, mods, natural, resultName(res))
	ev.mark("", "fire", from, loc)
	if s.Hit == nil {
		s.Hit = map[string]bool{}
	}
	s.Hit[loc] = true
	r.fireResult(s, target, loc, only, res, natural, side == VM, asBase, ev, why)
}

func resultName(res string) string {
	switch res {
	case "-", "*":
		return "no effect"
	case "T":
		return "T (morale check)"
	case "D":
		return "D (Disorganization)"
	}
	return res + " step loss(es)"
}

// engageAt: 6.2.1, VM units fired upon or attacked are engaged (revealed).
func (r *Rules) engageAt(s *State, loc string, ev *events) {
	var flipped []string
	for _, id := range s.vmAt(loc) {
		u := s.VM[id]
		if u.Dummy {
			continue
		}
		if !u.Revealed || !u.Engaged {
			u.Revealed, u.Engaged = true, true
			flipped = append(flipped, id+lossText(u))
		}
	}
	if len(flipped) > 0 {
		ev.list = append(ev.list, adjudicator.Event{Audience: adjudicator.Everyone, Reveals: true,
			Text: fmt.Sprintf("6.2.1: VM battalion(s) engaged at %s: %s.", r.d.locName(loc), strings.Join(flipped, ", "))})
	}
	r.revealDummies(s, loc, ev)
}

// dummyJungle: 4.2.1 "After being revealed, they are placed in any Jungle
// zone": the VM's standing order names it, else the nearest (ruling H52).
func (r *Rules) dummyJungle(s *State, loc string) string {
	if z := r.canon(s.Standing[VM].Dummies); z != "" && r.d.zoneKind(z) == ZoneJungle {
		return z
	}
	return r.nearestJungle(loc)
}

// revealDummies: 4.2.1, dummies in the same place as French units, or hit,
// are revealed and go to a jungle zone.
func (r *Rules) revealDummies(s *State, loc string, ev *events) {
	var n int
	jz := r.dummyJungle(s, loc)
	for _, id := range s.vmAt(loc) {
		if s.VM[id].Dummy {
			s.VM[id].Loc = jz
			n++
		}
	}
	if n > 0 {
		ev.list = append(ev.list, adjudicator.Event{Audience: adjudicator.Everyone, Reveals: true,
			Text: fmt.Sprintf("4.2.1: %d dumm%s at %s revealed and sent to %s.", n, map[bool]string{true: "y", false: "ies"}[n == 1], r.d.locName(loc), r.d.locName(jz))})
	}
}
