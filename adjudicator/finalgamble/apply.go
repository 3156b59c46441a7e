package finalgamble

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// handler plays one order of a segment; it returns whether the segment is
// over (the side is done).
type handler func(r *Rules, s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error)

var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"9.0-C": (*Rules).orderSetup,
		"9.0-D": (*Rules).orderPick,
		"9.0-F": (*Rules).orderSetup,
		"2.1":   (*Rules).orderVMOperational,
		"2.2":   (*Rules).orderVMBombard,
		"2.3":   (*Rules).orderCommando,
		"2.4":   (*Rules).orderVMTactical,
		"3.1":   (*Rules).orderVMDeclare,
		"3.2":   (*Rules).orderVMBoxCombat,
		"3.3":   (*Rules).orderReaction,
		"3.4":   (*Rules).orderFrenchBarrage,
		"3.5":   (*Rules).orderDefend,
		"3.6":   (*Rules).orderCharge,
		"4.1":   (*Rules).orderVMAttrition,
		"4.2":   (*Rules).orderAfterCombat,
		"5.1":   (*Rules).orderMoraleCheck,
		"5.2":   (*Rules).orderVMReplace,
		"5.3":   (*Rules).orderSupply,
		"5.4":   (*Rules).orderAirdrop,
		"6.1":   (*Rules).orderAirstrike,
		"6.2":   (*Rules).orderFrenchOperational,
		"6.3":   (*Rules).orderFrenchBombard,
		"6.4":   (*Rules).orderFrenchTactical,
		"7.2":   (*Rules).orderFrenchDeclare,
		"7.3":   (*Rules).orderVMBarrage,
		"7.4":   (*Rules).orderDefend,
		"7.5":   (*Rules).orderCharge,
		"8.1":   (*Rules).orderFrenchAttrition,
		"8.2":   (*Rules).orderAfterCombat,
		"8.5":   (*Rules).orderDigging,
	}
}

// Apply validates an order and plays it; a refusal changes nothing.
func (r *Rules) Apply(s adjudicator.State, side adjudicator.Side, a string, d adjudicator.Dice) (adjudicator.State, []adjudicator.Event, error) {
	return r.apply(r.state(s).clone(), side, a, d)
}

// ApplyOwned is Apply on a state the caller gives up (replay): it plays
// the order on s itself, without Apply's copy (adjudicator.OwnedApplier).
func (r *Rules) ApplyOwned(s adjudicator.State, side adjudicator.Side, a string, d adjudicator.Dice) (adjudicator.State, []adjudicator.Event, error) {
	st := r.state(s)
	st.fill()
	return r.apply(st, side, a, d)
}

// apply plays an order on st, which it changes.
func (r *Rules) apply(st *State, side adjudicator.Side, a string, d adjudicator.Dice) (adjudicator.State, []adjudicator.Event, error) {
	words := strings.Fields(a)
	if len(words) == 0 {
		return nil, nil, errf(a, "an empty order; see the legal orders with /help")
	}
	ev := &events{}
	if side == adjudicator.Referee {
		if err := r.override(st, a, words, d, ev); err != nil {
			return nil, nil, err
		}
		return st, ev.list, nil
	}
	if side != French && side != VM {
		return nil, nil, errf(a, "no side %q in The Final Gamble: french or vm", side)
	}
	if words[0] == adjudicator.StandingWord {
		if err := r.applyStanding(st, side, a, words[1:], ev); err != nil {
			return nil, nil, err
		}
		return st, ev.list, nil
	}
	if st.Result != nil {
		return nil, nil, errf(a, "the game is over: %s", st.Result.Reason)
	}
	if w := st.awaiting(); w != side {
		return nil, nil, errf(a, "it is %s's decision now (%s %s); you may set standing orders meanwhile", sideName(w), st.Seg, st.segment().Name)
	}
	if st.MarksBy != side {
		// issue 30 item 2: the marks are kept while a side orders, so the
		// picture handed to the other shows all it did since its own
		// last order (each side's segments run back to back)
		st.Marks, st.MarksBy = nil, side
	}
	if st.Pending != nil {
		if err := r.answerPending(st, a, words, d, ev); err != nil {
			return nil, nil, err
		}
		st.keepMarks(ev)
		return st, ev.list, nil
	}
	h := handlers[st.Seg]
	if h == nil {
		return nil, nil, errf(a, "%s %s plays itself; nothing to order", st.Seg, st.segment().Name)
	}
	end, err := h(r, st, a, words, d, ev)
	if err != nil {
		return nil, nil, err
	}
	if end && st.Pending == nil {
		r.finishSegment(st, d, ev)
	}
	st.keepMarks(ev)
	return st, ev.list, nil
}

// keepMarks: the places the order touched, for the map's marks.
func (s *State) keepMarks(ev *events) {
	for _, e := range ev.list {
		s.Marks = append(s.Marks, e.Marks...)
	}
}

// unitArg finds a unit named in an order, of a side.
func (r *Rules) unitArg(s *State, order, id, side string) (*Unit, error) {
	u := s.unit(id)
	if u == nil {
		return nil, errf(order, "no unit %q; units are named as on their counters (1BEP-1, 308-80, 148-1)", id)
	}
	if side != "" && u.Side != side {
		return nil, errf(order, "%s is not a %s unit", id, side)
	}
	return u, nil
}

// unitOrder reads an order "WORD UNIT ..." of n words (form says how it
// is written): its unit, named as on its counter, of side.
func (r *Rules) unitOrder(s *State, order string, args []string, n int, form, side string) (*Unit, error) {
	if err := want(order, args, n, form); err != nil {
		return nil, err
	}
	return r.unitArg(s, order, args[1], side)
}

func want(order string, args []string, n int, form string) error {
	if len(args) != n {
		return errf(order, "write %s", form)
	}
	return nil
}

// ---- 9.0-D the Wounded Square ----

func (r *Rules) startPicks(s *State, d adjudicator.Dice, ev *events) bool {
	if s.Picked < s.ToWounded && len(r.pile(s)) > 0 {
		return true
	}
	r.endPicks(s, ev)
	return false
}

func (r *Rules) pile(s *State) []*Unit {
	return r.frenchUnits(s, func(u *Unit) bool { return u.Box == "Wounded Square" })
}

func (r *Rules) endPicks(s *State, ev *events) {
	var gone []string
	for _, u := range r.pile(s) {
		u.Box, u.Reduced = "Gone", true
		gone = append(gone, u.ID)
	}
	if len(gone) > 0 {
		ev.say("9.0-D: the rest of the Wounded Square to the Gone Box: %s.", strings.Join(gone, ", "))
	}
	s.refreshMarkers(r)
}

func (s *State) refreshMarkers(r *Rules) { r.refreshZoneMarkers(s) }

func (r *Rules) defaultPick(s *State) string {
	p := r.pile(s)
	if len(p) == 0 {
		return ""
	}
	return p[0].ID
}

func (r *Rules) orderPick(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	if args[0] != "pick" || len(args) != 2 {
		return false, errf(order, "write pick UNIT, a unit of the Wounded Square: %s", strings.Join(sortedIDs(r.pile(s)), ", "))
	}
	u := s.unit(args[1])
	if u == nil || u.Box != "Wounded Square" {
		return false, errf(order, "%q is not in the Wounded Square; there: %s", args[1], strings.Join(sortedIDs(r.pile(s)), ", "))
	}
	u.Box, u.BoxSide, u.Reduced = "Wounded", "DBP", true
	s.Picked++
	ev.say("9.0-D: %s picks %s for the Wounded Box (%d of %d).", sideName(s.awaiting2()), u.ID, s.Picked, s.ToWounded)
	if s.Picked >= s.ToWounded || len(r.pile(s)) == 0 {
		r.endPicks(s, ev)
		return true, nil
	}
	return false, nil
}

// awaiting2 is who just picked (before the count moved on).
func (s *State) awaiting2() adjudicator.Side {
	if (s.Picked-1)%2 == 1 {
		return VM
	}
	return French
}

// ---- 5.1 ----

func (r *Rules) orderMoraleCheck(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch {
	case args[0] == "demand" && len(args) == 1:
		s.Demanded = true
		ev.say("5.1-A: the VM demands a French surrender! The SN is %d.", r.surrenderNumber(s))
		return true, nil
	case args[0] == "done" && len(args) == 1:
		return true, nil
	}
	return false, errf(order, "write demand (a surrender demand, SN %d) or done", r.surrenderNumber(s))
}

// ---- 5.2 ----

func (r *Rules) legalVMReplace(s *State) []*Unit {
	return r.vmUnits(s, func(u *Unit) bool { return r.replaceable(s, u) })
}

func (r *Rules) orderVMReplace(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "replace":
		u, err := r.unitOrder(s, order, args, 2, "replace UNIT", "VM")
		if err != nil {
			return false, err
		}
		if !r.replaceable(s, u) {
			return false, errf(order, "%s may not take a replacement: it must be reduced or Disorg, in VM LoC, the Off-Map or Removed Box (not Laos), once a turn, its division not Shut down, with points on the VM Replacement Track (%d) (5.2-C)", u.ID, s.Tracks["vm_replacements"])
		}
		r.replaceVM(s, u, ev)
		return false, nil
	case "patrol":
		if s.Owed == 0 || s.OwedWhy != "patrol" {
			return false, errf(order, "no patrol result to place (5.2-B)")
		}
		if err := want(order, args, 2, "patrol DIVISION (308, 312, 316, 304)"); err != nil {
			return false, err
		}
		if !slices.Contains(divisions(r), args[1]) {
			return false, errf(order, "no division %q: 308, 312, 316 or 304", args[1])
		}
		r.moraleMove(s, args[1], -1)
		s.Owed, s.OwedWhy, s.OwedSide = 0, "", ""
		ev.say("5.2-B: the %s Division Morale Marker up 1 slot (morale %d).", args[1], r.D.MoraleAt(s.DivisionMorale[args[1]]))
		return false, nil
	case "reinforce":
		if err := want(order, args, 3, "reinforce UNIT DIVISION (the division whose morale the die may lower)"); err != nil {
			return false, err
		}
		if !r.onOrAfter(s, "24", "April") {
			return false, errf(order, "VM reinforcements are released on 24 April (5.2-E)")
		}
		if s.done("vm-reinf") {
			return false, errf(order, "one VM reinforcement a Game Turn (5.2-E)")
		}
		u, err := r.unitArg(s, order, args[1], "VM")
		if err != nil {
			return false, err
		}
		if u.Box != "VM Reinforcements" {
			return false, errf(order, "%s is not in the VM Reinforcements Box", u.ID)
		}
		if !slices.Contains(divisions(r), args[2]) {
			return false, errf(order, "no division %q: 308, 312, 316 or 304", args[2])
		}
		r.vmReinforce(s, u, args[2], d, ev)
		return false, nil
	}
	return false, errf(order, "in 5.2 write replace UNIT, reinforce UNIT DIVISION, patrol DIVISION or done")
}

// ---- 5.3 ----

func (r *Rules) legalSupply(s *State) []string {
	var out []string
	if s.Owed > 0 {
		for _, u := range r.frenchUnits(s, r.shortageEligible) {
			out = append(out, "loss "+u.ID)
		}
	}
	if !s.done("repair") && s.Tracks["fuel"] >= 3 {
		for _, u := range r.frenchUnits(s, func(u *Unit) bool {
			return u.Reduced && (r.isArt(u) || r.isTank(u)) && u.inPlay() && r.frenchLoC(s, u)
		}) {
			out = append(out, "repair "+u.ID)
		}
	}
	if !s.done("wounded") && s.Tracks["medicine"] >= 6 {
		for _, u := range r.frenchUnits(s, func(u *Unit) bool { return u.Box == "Wounded" }) {
			if len(r.hospitals(s, u.BoxSide == "Isabelle")) > 0 && !(u.BoxSide == "Isabelle" && s.IsabelleGone) {
				out = append(out, "bring-back "+u.ID)
			}
		}
	}
	return out
}

func (r *Rules) orderSupply(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	if args[0] == "done" {
		return true, want(order, args, 1, "done")
	}
	hospital := ""
	if args[0] == "bring-back" && len(args) == 3 {
		hospital, args = args[2], args[:2]
	}
	if len(args) != 2 || !slices.Contains(r.legalSupply(s), args[0]+" "+args[1]) {
		return false, errf(order, "not a legal order of 5.3 now; legal: %s", shorten(append(r.legalSupply(s), "done"), 10))
	}
	u := s.unit(args[1])
	switch args[0] {
	case "loss":
		r.loseStep(s, u, lossWounded, d, ev)
		s.Owed--
	case "repair":
		r.addTrack(s, "fuel", -3)
		u.Reduced = false
		s.Done = append(s.Done, "repair")
		r.refreshZoneMarkers(s)
		ev.say("5.3-A: 3 Fuel & Spares repair %s to full strength.", u.ID)
	case "bring-back":
		hs := r.hospitals(s, u.BoxSide == "Isabelle")
		to := hs[0]
		if hospital != "" {
			if !slices.Contains(hs, hospital) {
				return false, errf(order, "%s is not a French-controlled hospital hex with room on %s's side: %s", hospital, u.ID, strings.Join(hs, ", "))
			}
			to = hospital
		}
		r.addTrack(s, "medicine", -6)
		r.putAt(u, to)
		u.Reduced = true
		s.Done = append(s.Done, "wounded")
		ev.say("5.3-C: 6 Medicine bring %s back from the Wounded Box, reduced, to the hospital at %s.", u.ID, r.where(u))
	}
	return false, nil
}

// ---- 5.4 ----

func (r *Rules) orderAirdrop(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	if s.Stage == "place" {
		switch args[0] {
		case "done":
			return true, want(order, args, 1, "done")
		case "place":
			if err := want(order, args, 3, "place UNIT HEX"); err != nil {
				return false, err
			}
			u := s.unit(args[1])
			if u == nil || u.Box != "Arrived" {
				return false, errf(order, "%q has not arrived by air this turn", args[1])
			}
			if !slices.Contains(r.supplyHexes(s), args[2]) {
				return false, errf(order, "%s is not a Supply Area hex with room and no VM unit (5.4-D)", args[2])
			}
			r.putAt(u, args[2])
			ev.say("5.4-D: %s placed at %s.", u.ID, r.where(u))
			ev.mark("move", "", args[2])
			for i := range s.Units {
				if s.Units[i].Box == "Arrived" {
					return false, nil
				}
			}
			return true, nil
		}
		return false, errf(order, "write place UNIT HEX or done")
	}
	switch args[0] {
	case "done":
		if err := want(order, args, 1, "done"); err != nil {
			return false, err
		}
		r.finishAirdrop(s, d, ev)
		return s.Stage != "place", nil
	case "load":
		if len(args) < 3 {
			return false, errf(order, "write load SLOT WHAT: SLOT r1c1..r6c6, WHAT ammo, food, fuel, medicine, or one or two units from the Hanoi Airbase Box")
		}
		return false, r.load(s, order, args[1], args[2:], ev)
	case "standby":
		if err := r.canStandby(s); err != "" {
			return false, errf(order, "%s", err)
		}
		s.StandbyAdded = true
		// 5.4-D: only the white slots: the others' plane-loads go back
		keys := make([]string, 0, len(s.Loads))
		for k := range s.Loads {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			row, col, _ := parseSlot(k)
			if !r.D.Charts.Airdrop.Slots[row-1][col-1].White {
				r.abortSlot(s, k)
			}
		}
		ev.say("5.4-D: France adds the Standby Force this turn: only the two white slots may be used.")
		return false, nil
	case "replace":
		u, err := r.unitOrder(s, order, args, 2, "replace UNIT", "French")
		if err != nil {
			return false, err
		}
		if !r.replaceEligible(s, u) {
			return false, errf(order, "%s may not be replaced: a reduced infantry unit in French LoC, not Thai, not in Laos (5.4-E)", u.ID)
		}
		s.ReplaceWanted = u.ID
		ev.say("5.4-E: if the Replacement unit arrives it flips %s.", u.ID)
		return false, nil
	}
	return false, errf(order, "in 5.4 write load SLOT WHAT, standby, replace UNIT or done")
}

func (r *Rules) canStandby(s *State) string {
	if s.StandbyAdded {
		return "the Standby Force is already added"
	}
	if !r.onOrAfter(s, "24", "April") {
		return "the Condor Force is released on 24 April (6.2)"
	}
	condor := len(r.frenchUnits(s, func(u *Unit) bool { return u.Box == "Laos 1" && r.forceOf(u.Formation) == "condor" })) > 0
	if !condor {
		return "no Condor Force unit in Laos 1 (5.4-D)"
	}
	if len(r.frenchUnits(s, func(u *Unit) bool { return u.Box == "Standby" })) == 0 {
		return "the Standby Box is empty"
	}
	return ""
}

// ---- 8.5 Trench Digging ----

// startDigging flips Dig Markers (8.5-A), then the VM may move one
// (the geometry's Digging says which).
func (r *Rules) startDigging(s *State, d adjudicator.Dice, ev *events) bool {
	for _, sec := range Sectors {
		if s.Dig[sec] == 0 {
			continue
		}
		if dg := r.position(s).Digging(sec, s.IsabelleGone); dg.Flip {
			ev.say("8.5-A: the Dig Marker of Sector %s flips to its Trench side: %dz-%s is a Trench Zone.", sec, s.Dig[sec], sec)
			s.Trench[sec] = s.Dig[sec]
			delete(s.Dig, sec)
		}
	}
	return len(r.digSectors(s)) > 0
}

// digSectors: sectors whose Trench Marker may move on (8.5-B): no Dig
// Marker left, a next zone, and not 304 after Isabelle's surrender
// (8.1-B).
func (r *Rules) digSectors(s *State) []string {
	var out []string
	for _, sec := range Sectors {
		if s.Dig[sec] != 0 {
			continue
		}
		if dg := r.position(s).Digging(sec, s.IsabelleGone); dg.Move {
			out = append(out, sec)
		}
	}
	return out
}

func (r *Rules) maxZone(sec string) int {
	n := 0
	for _, name := range []string{"dbp", "isabelle"} {
		for _, h := range r.hexes(name) {
			if h.Sector == sec && h.Zone > n {
				n = h.Zone
			}
		}
	}
	return n
}

func (r *Rules) orderDigging(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	if args[0] == "done" {
		return true, want(order, args, 1, "done")
	}
	if args[0] != "dig" || len(args) != 2 || !slices.Contains(r.digSectors(s), args[1]) {
		return false, errf(order, "write dig SECTOR, one of %s (8.5-B: a sector without a Dig Marker, with a next zone), or done", orNone(r.digSectors(s)))
	}
	sec := args[1]
	dg := r.position(s).Digging(sec, s.IsabelleGone)
	// 8.5-B: a French strongpoint or outpost in the new zone makes it a
	// Dig Zone
	if dg.ToDig {
		s.Dig[sec] = dg.Zone
		ev.say("8.5-B: the Trench Marker of Sector %s moves to %dz-%s, flipped to its Dig side (French strongpoints or outposts there).", sec, dg.Zone, sec)
	} else {
		s.Trench[sec] = dg.Zone
		ev.say("8.5-B: the Trench Marker of Sector %s moves to %dz-%s: a Trench Zone.", sec, dg.Zone, sec)
	}
	return true, nil
}

// ---- 8.6 ----

func (r *Rules) startNewTurn(s *State, d adjudicator.Dice, ev *events) bool {
	s.Turn++
	s.Turns++
	s.Done, s.Assets, s.Assaults, s.Mortars, s.Rested, s.Demanded = nil, nil, nil, nil, nil, false
	ev.say("8.6: %s begins.", r.turnName(s.Turn))
	if r.moraleCheckTurn(&s.Setup, s.Turn) {
		ev.say("A VM Morale Check turn (MC).")
	}
	return false
}

var _ = fmt.Sprint
