package hell

import (
	"slices"
	"sort"

	"github.com/umpirebot/umpire/adjudicator"
)

// ---- 5.7 and 6.2.7: the end of an assault or operation ----

// contestedCRs: the CRs where both sides hold PAs with units (5.7), in
// one pass over the units.
func (r *Rules) contestedCRs(s *State) map[string]bool {
	fr, vm := map[string]bool{}, map[string]bool{}
	for _, u := range s.French {
		if p, ok := r.d.PAs[u.Loc]; ok {
			fr[p.CR] = true
		}
	}
	out := map[string]bool{}
	for _, u := range s.VM {
		if p, ok := r.d.PAs[u.Loc]; ok && fr[p.CR] {
			vm[p.CR] = true
			out[p.CR] = true
		}
	}
	return out
}

// occupyDests: 5.5 / 5.7, a non-Disorganized attacker in an assault base
// or a PA facing an empty enemy PA may occupy it at the end of the assault.
func (r *Rules) occupyDests(s *State, side, id string) []string {
	return r.occupyDestsIn(s, side, id, s.occupied())
}

// occupied: every place holding a unit of either side, in one pass.
func (s *State) occupied() map[string]bool {
	out := make(map[string]bool, 64)
	for _, u := range s.French {
		out[u.Loc] = true
	}
	for _, u := range s.VM {
		out[u.Loc] = true
	}
	return out
}

func (r *Rules) occupyDestsIn(s *State, side, id string, occ map[string]bool) []string {
	d := r.d
	loc := r.unitAt(s, side, id)
	if s.Moved[id] {
		return nil
	}
	if side == VM && (s.VM[id].Disorg || s.VM[id].Dummy) || side == French && s.French[id].Disorg {
		return nil
	}
	var cands []string
	if b, ok := d.Bases[loc]; ok {
		cands = b.PAs
	} else if d.isPA(loc) {
		cands = d.PALinks[loc]
	}
	var out []string
	for _, pa := range cands {
		empty := !occ[pa]
		enemy := side == VM && !s.Captured[pa] || side == French && s.Captured[pa]
		if empty && enemy {
			out = append(out, pa)
		}
	}
	return out
}

// withdrawDests: 5.7, a unit in a contested CR may withdraw: the VM to a
// jungle zone or a zone with a level-3 trench; France to the CRC when a
// road of zones without trenches leads there (ruling H31: to a French PA
// of the CRC, through zones without trenches from its CR zone). 6.2.7:
// French units outside the PAs withdraw to a French PA along a chain of
// zones free of VM battalions or held by French units.
func (r *Rules) withdrawDests(s *State, side, id string) []string {
	return r.withdrawDestsIn(s, side, id, r.contestedCRs(s))
}

func (r *Rules) withdrawDestsIn(s *State, side, id string, contested map[string]bool) []string {
	d := r.d
	if s.Moved[id] {
		return nil
	}
	loc := r.unitAt(s, side, id)
	var out []string
	if side == VM {
		if !d.isPA(loc) || !contested[d.PAs[loc].CR] || s.vmSurrounded(d, loc) {
			return nil // 4.2.3 (ruling H65): no way out of a surrounded PA
		}
		return r.vmWithdrawDests(s, loc)
	}
	if s.Half == French && d.onMap(loc) {
		// 6.2.7 (ruling H60): to the CRC or another CR along a chain of
		// zones free of the enemy or held by France; from a PA of a
		// peripheral CR, out through one of its assault bases.
		return r.frenchWithdrawDests(s, loc, contested)
	}
	if d.isPA(loc) {
		if !contested[d.PAs[loc].CR] || d.inCRC(loc) || s.surrounded(d, loc) {
			return nil // 4.2.3 (ruling H65): no way out of a surrounded PA
		}
		if !r.zoneChain(s, d.PAs[loc].Zone, func(z string) bool { return s.Trench[z] == 0 }) {
			return nil
		}
	} else if d.onMap(loc) {
		// 6.2.7 counts battalions only, but France cannot tell a hidden
		// dummy from a battalion: every VM counter blocks (ruling H31).
		if !r.zoneChain(s, r.zoneOf(loc), func(z string) bool {
			return !s.anyVMAt(z) || s.anyFrenchAt(z)
		}) {
			return nil
		}
	} else {
		return nil
	}
	for _, pa := range d.PAOrder {
		if d.inCRC(pa) && !s.Captured[pa] && !s.anyVMAt(pa) && pa != loc {
			out = append(out, pa)
		}
	}
	return out
}

// vmWithdrawDests: 5.7, "withdraw to a Jungle zone or Level 3 trench",
// "as long as there is a chain of zones that are unoccupied, or occupied
// by at least one friendly unit" (ruling H72): out of the PA through one
// of its assault bases, then through zones the VM may enter (jungle
// zones, trenched zones, 4.2.3) free of French units or held by VM units.
func (r *Rules) vmWithdrawDests(s *State, loc string) []string {
	d := r.d
	fr, vm := map[string]bool{}, map[string]bool{}
	for _, u := range s.French {
		fr[r.zoneOf(u.Loc)] = true
	}
	for _, u := range s.VM {
		vm[r.zoneOf(u.Loc)] = true
	}
	ok := func(z string) bool {
		k := d.zoneKind(z)
		return (k == ZoneJungle || k == ZonePeripheral && s.Trench[z] >= 1) && (!fr[z] || vm[z])
	}
	seen := map[string]bool{}
	var queue []string
	for _, b := range d.PABases[loc] {
		if ok(b.Zone) && !seen[b.Zone] {
			seen[b.Zone] = true
			queue = append(queue, b.Zone)
		}
	}
	for len(queue) > 0 {
		z := queue[0]
		queue = queue[1:]
		for _, n := range d.ZoneAdj[z] {
			if !seen[n] && ok(n) {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	var out []string
	for _, z := range d.ZoneOrder {
		if seen[z] && (d.zoneKind(z) == ZoneJungle || s.Trench[z] >= 3) {
			out = append(out, z)
		}
	}
	return out
}

// frenchWithdrawDests: 6.2.7, "The French player may end an assault and
// withdraw his troops to the CRC or another CR as long as there is a
// chain of zones free of enemy units (battalions only, trenches do not
// count) or occupied by at least one friendly unit, except the zone they
// are leaving. Withdrawals may include units located on PAs of a
// peripheral CR if they can pass through an assault base in a zone that
// fulfills the conditions above." France cannot tell a dummy from a
// battalion, so every VM counter blocks (H31). The destinations are the
// French PAs free of VM units in the CR zones the chain reaches, nearest
// first (ruling H60).
func (r *Rules) frenchWithdrawDests(s *State, loc string, contested map[string]bool) []string {
	d := r.d
	var vm, fr map[string]bool // the zones of each side's units, counted when first asked
	ok := func(z string) bool {
		if vm == nil {
			vm, fr = map[string]bool{}, map[string]bool{}
			for _, u := range s.VM {
				vm[r.zoneOf(u.Loc)] = true
			}
			for _, u := range s.French {
				fr[r.zoneOf(u.Loc)] = true
			}
		}
		return !vm[z] || fr[z]
	}
	var starts []string
	own := ""
	if p, isPA := d.PAs[loc]; isPA {
		if !contested[p.CR] || d.inCRC(loc) || s.surrounded(d, loc) {
			return nil // 4.2.3 (ruling H65): no way out of a surrounded PA
		}
		own = p.Zone
		for _, b := range d.PABases[loc] {
			if ok(b.Zone) && !slices.Contains(starts, b.Zone) {
				starts = append(starts, b.Zone)
			}
		}
	} else {
		starts = []string{r.zoneOf(loc)} // the zone left need not pass
	}
	seen := map[string]bool{}
	for _, z := range starts {
		seen[z] = true
	}
	var out []string
	frontier := starts
	for len(frontier) > 0 {
		var next []string
		for _, z := range frontier {
			if d.zoneKind(z) == ZoneCR && z != own {
				for _, pa := range d.ZonePAs[z] {
					if !s.Captured[pa] && !s.anyVMAt(pa) && pa != loc {
						out = append(out, pa)
					}
				}
			}
			for _, n := range d.ZoneAdj[z] {
				if !seen[n] && ok(n) {
					seen[n] = true
					next = append(next, n)
				}
			}
		}
		sort.Strings(next)
		frontier = next
	}
	return out
}

// zoneChain: a chain of zones, each passing ok, from zone to a CRC zone.
func (r *Rules) zoneChain(s *State, zone string, ok func(string) bool) bool {
	d := r.d
	seen := map[string]bool{zone: true}
	queue := []string{zone}
	for len(queue) > 0 {
		z := queue[0]
		queue = queue[1:]
		if d.Zones[z].CRC {
			return true
		}
		for _, n := range d.ZoneAdj[z] {
			if seen[n] {
				continue
			}
			seen[n] = true
			if d.Zones[n].CRC || ok(n) {
				queue = append(queue, n)
			}
		}
	}
	return false
}

func (r *Rules) canOccupy(s *State, side, id, pa string) error {
	if s.Moved[id] {
		return fail("%s has already moved at the end of this assault", id)
	}
	if !slices.Contains(r.occupyDests(s, side, id), pa) {
		return fail("%s cannot occupy %s: an organized unit in an assault base or PA facing an empty enemy PA occupies it (5.7)", id, r.placeName(pa))
	}
	return nil
}

func (r *Rules) canWithdraw(s *State, side, id, dest string) error {
	if s.Moved[id] {
		return fail("%s has already moved at the end of this assault", id)
	}
	if !slices.Contains(r.withdrawDests(s, side, id), dest) {
		return fail("%s cannot withdraw to %s: the VM withdraws from a contested CR to a jungle zone or a level-3 trench; France, after a VM assault, to a PA of the CRC by a road without trenches (5.7), after a French operation, to a French PA of the CRC or another CR along a chain of zones free of the enemy or held by France, out of a peripheral CR's PA through an assault base (6.2.7)", id, r.placeName(dest))
	}
	return nil
}

func (r *Rules) consolidateOrder(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	if ok, err := r.doneOrder(s, verb, args, dice, ev); ok {
		return err
	}
	switch verb {
	case "occupy":
		if s.Step != StepConsolidate {
			break
		}
		id, pa, err := r.unitAndPlace(s, side, args, "occupy <unit> <PA>", r.canOccupy)
		if err != nil {
			return err
		}
		r.stepMove(s, side, id, pa, ev)
		return nil
	case "withdraw":
		id, dest, err := r.unitAndPlace(s, side, args, "withdraw <unit> <place>", r.canWithdraw)
		if err != nil {
			return err
		}
		r.stepMove(s, side, id, dest, ev)
		if side == French {
			s.French[id].From = ""
		}
		return nil
	}
	if s.Step == StepConsolidate {
		return unknownVerb(verb, "the end of the assault", "occupy <unit> <PA>, withdraw <unit> <place>, done")
	}
	return unknownVerb(verb, "the end of the assault", "withdraw <unit> <place>, done")
}

// consolidateChoices: the legal tree of the end of the assault.
func (r *Rules) consolidateChoices(s *State, side string) []adjudicator.Choice {
	var out []adjudicator.Choice
	tree := func(verb, help string, dests func(string) []string) {
		var units []adjudicator.Choice
		for _, id := range r.unitIDs(s, side) {
			ds := dests(id)
			sort.Strings(ds)
			var ls []adjudicator.Choice
			for _, l := range ds {
				ls = append(ls, leaf(l, r.placeName(l)))
			}
			if len(ls) > 0 {
				units = append(units, adjudicator.Choice{Word: id, Next: ls})
			}
		}
		out = appendIf(out, verb, help, units)
	}
	if s.Step == StepConsolidate {
		occ := s.occupied()
		tree("occupy", "occupy an empty enemy PA you face (5.7)", func(id string) []string { return r.occupyDestsIn(s, side, id, occ) })
	}
	contested := r.contestedCRs(s)
	tree("withdraw", "withdraw (5.7, 6.2.7)", func(id string) []string { return r.withdrawDestsIn(s, side, id, contested) })
	return append(out, leaf("done", "end this step"))
}

// ---- 4: fewer rounds when both players agree ----

// endWeekOrder: a side offers to end the week's rounds; the other side
// agrees by giving the same order when next it is asked to move or decide.
func (r *Rules) endWeekOrder(s *State, side string, ev *events) error {
	if s.EndOffer == other(side) {
		ev.pub("4: both players agree to end the week's operational rounds after round %d.", s.Round)
		s.EndOffer = ""
		s.Round, s.Half, s.Step, s.Impulse, s.Recon = 0, "", "", 0, nil
		r.endWeek(s, ev)
		return nil
	}
	if s.EndOffer == side {
		return fail("you already offered to end the week; %s may agree with `end-week`", sideName(other(side)))
	}
	s.EndOffer = side
	ev.pub("4: %s offers to end the week's operational rounds; %s may agree with `end-week` when next to move or decide.", capital(sideName(side)), sideName(other(side)))
	return nil
}

// consolidateHasOrders: the end-of-assault step offers more than done
// (stops at the first order found).
func (r *Rules) consolidateHasOrders(s *State, side string) bool {
	occ := s.occupied()
	contested := r.contestedCRs(s)
	for _, id := range r.unitIDs(s, side) {
		if s.Step == StepConsolidate && len(r.occupyDestsIn(s, side, id, occ)) > 0 {
			return true
		}
		if len(r.withdrawDestsIn(s, side, id, contested)) > 0 {
			return true
		}
	}
	return false
}
