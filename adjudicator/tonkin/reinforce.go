package tonkin

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// The replacements and reinforcements phase (3.0): the 1st player places
// its reinforcements and replacements, then the 2nd (2.0), each in a
// phase of its own (RULINGS T35). What a side receives is added when its
// phase begins; what it chooses is ordered; `done` ends its phase.

// enterRein begins a side's replacements and reinforcements phase: the
// receipts of 3.3, 3.6 (VM) and 3.7, 3.9, 3.10 (FEF) for this turn.
func (r *Rules) enterRein(s *State, dice adjudicator.Dice, ev *events) {
	side := s.phaseOwner()
	ev.pub("3.0: %s.", s.phaseName())
	if side == VM {
		r.enterReinVM(s, dice, ev)
	} else {
		r.enterReinFEF(s, ev)
	}
}

// arrivals: this month's scheduled reinforcements of a side (3.5, 3.7).
// A named unit already in the game comes from the Saigon zone or not at
// all; a type code ("BVN") is a new counter numbered after the others.
func (r *Rules) arrivals(s *State, side string, sched Schedule, box string, ev *events) []string {
	var out []string
	for _, t := range sched.Turns {
		if t.Month != s.Month {
			continue
		}
		for _, name := range t.Arrive {
			if c, ok := r.counter[name]; ok {
				if u := s.unit(name); u != nil {
					if u.Loc == LocSaigon {
						u.Loc, u.Avail = box, 0
						out = append(out, u.ID)
					}
					continue
				}
				t := r.types[c.Type]
				u := &Unit{ID: name, Type: c.Type, Side: side, Loc: box, Steps: t.Steps}
				r.addUnit(s, u)
				out = append(out, u.ID)
				continue
			}
			t, ok := r.types[name]
			if !ok {
				continue // the loader checks the schedules
			}
			u := &Unit{ID: s.nextID(name), Type: name, Side: side, Loc: box, Steps: t.Steps}
			r.addUnit(s, u)
			out = append(out, u.ID)
		}
	}
	return out
}

// addUnit puts a new counter in the state, kept sorted by id.
func (r *Rules) addUnit(s *State, u *Unit) {
	s.Units = append(s.Units, u)
	sort.Slice(s.Units, func(i, j int) bool { return s.Units[i].ID < s.Units[j].ID })
}

// nextID is "PREFIX n" with n one more than any counter's of that prefix.
func (s *State) nextID(prefix string) string {
	n := 0
	for _, u := range s.Units {
		if rest, ok := strings.CutPrefix(u.ID, prefix+" "); ok {
			if k, err := strconv.Atoi(rest); err == nil && k > n {
				n = k
			}
		}
	}
	return fmt.Sprintf("%s %d", prefix, n+1)
}

func (s *State) onMapCount(side, typ string) int {
	n := 0
	for _, u := range s.Units {
		if u.Side == side && u.Type == typ && onMap(u.Loc) {
			n++
		}
	}
	return n
}

// railwayCenter is the Chinese railway supply center (The Map).
func (r *Rules) railwayCenter() string {
	for _, c := range r.d.Map.SupplyCenters.Centers {
		if c.ChineseRailway {
			return c.Hex
		}
	}
	return r.d.Map.SupplyCenters.Centers[0].Hex
}

// enterReinVM: 2 replacement points (3.3, at most 6), the supply dumps of
// 3.6 rolled (1-4: at the Chinese railway supply center; 5-6: the VM
// places it, `dump`), this month's regiments in the box to be placed
// (3.5), and Giap due on a regiment (3.3).
func (r *Rules) enterReinVM(s *State, dice adjudicator.Dice, ev *events) {
	max := r.chartInt("replacements", "vm_max")
	was := s.VMRepl
	s.VMRepl = min(s.VMRepl+r.chartInt("replacements", "vm_per_turn"), max)
	ev.pub("3.3: the VM receives replacement points: %d → %d (at most %d).", was, s.VMRepl, max)
	n := r.d.Units.SupplyDumps.VMPerTurn
	if s.Montagnard >= 20 {
		n++ // 3.6: the opium fields
		ev.pub("3.6: the VM controls %d urban areas in the montagnard area: a third supply dump.", s.Montagnard)
	}
	n = min(n, r.d.Units.SupplyDumps.VM-s.onMapCount(VM, "DR"))
	if n <= 0 {
		ev.pub("3.6: all %d VM supply dumps are on the map: none this turn.", r.d.Units.SupplyDumps.VM)
	}
	rail := r.railwayCenter()
	for i := 0; i < n; i++ {
		d := dice.Roll(6)
		if d <= 4 {
			u := &Unit{ID: s.nextID("VM DR"), Type: "DR", Side: VM, Loc: rail, New: true}
			r.addUnit(s, u)
			ev.pub("3.6: VM supply dump roll %d: %s at the Chinese railway supply center (%s).", d, u.ID, rail)
			if r.langSonWhy(s) == "" {
				ev.pub("3.6, The Map: Lang Son may be regarded as the Chinese railway supply center: `dump %s` places it there (RULINGS T48).", r.urban["Lang Son"].Hex)
			}
			continue
		}
		s.VMDumpsFree++
		ev.pub("3.6: VM supply dump roll %d: the VM places it at any supply center or coastal hex (`dump <hex>`).", d)
	}
	if s.Turn == 1 {
		return // RULINGS T66: the set-up holds the first month's arrivals
	}
	if got := r.arrivals(s, VM, r.d.Units.VMSchedule, LocStandby, ev); len(got) > 0 {
		ev.pub("3.5: VM reinforcements to place: %s.", strings.Join(got, ", "))
	}
	// 3.4: "VM receives equipment replacements as reinforcements"; no
	// more than 6 accumulated (RULINGS T65)
	for _, t := range r.d.Units.VMSchedule.Turns {
		if h := int(t.Equipment * 2); t.Month == s.Month && h > 0 {
			was, top := s.VMEquipH, 2*r.chartInt("replacements", "vm_equipment_max")
			s.VMEquipH = min(s.VMEquipH+h, top)
			ev.pub("3.4: the VM receives %s equipment replacement(s) as reinforcements: %s → %s (at most %s).", halves(h), halves(was), halves(s.VMEquipH), halves(top))
		}
	}
}

// enterReinFEF: this month's reinforcements in the standby zone (3.7),
// the withdrawals due (3.9), the supply dumps (3.10).
func (r *Rules) enterReinFEF(s *State, ev *events) {
	s.Withdraw = nil
	if s.Turn > 1 {
		// RULINGS T66: the set-up holds the first month's arrivals and
		// withdrawals
		if got := r.arrivals(s, FEF, r.d.Units.FEFSchedule, LocStandby, ev); len(got) > 0 {
			ev.pub("3.7: FEF reinforcements arrive in the standby zone: %s.", strings.Join(got, ", "))
		}
		for _, t := range r.d.Units.FEFSchedule.Turns {
			if t.Month == s.Month {
				s.Withdraw = append(s.Withdraw, t.Withdraw...)
			}
		}
	}
	if len(s.Withdraw) > 0 {
		ev.pub("3.9: the FEF must withdraw this turn: %s (`withdraw <unit>`).", strings.Join(s.Withdraw, ", "))
	}
	sd := r.d.Units.SupplyDumps
	n := sd.FEFPerTurn
	if sd.FEFFrom != "" && s.Month >= sd.FEFFrom {
		n = sd.FEFPerTurnHi
	}
	s.FEFDumpsDue = max(0, min(n, sd.FEF-s.onMapCount(FEF, "DR")))
	ev.pub("3.10: the FEF receives %d supply dump(s) to place (`dump <hex>`, or `skip` one for 4 battalions brought in free, 3.7).", s.FEFDumpsDue)
}

// endRein ends a side's phase: what was received and not placed is
// placed where the rules put it without a choice, or lost (RULINGS T36).
func (r *Rules) endRein(s *State, side string, ev *events) {
	if side == VM {
		r.placeMobilized(s, ev)
		rail := r.railwayCenter()
		for ; s.VMDumpsFree > 0; s.VMDumpsFree-- {
			u := &Unit{ID: s.nextID("VM DR"), Type: "DR", Side: VM, Loc: rail}
			r.addUnit(s, u)
			ev.pub("3.6: the VM's supply dump not placed goes to the Chinese railway supply center: %s at %s (RULINGS T36).", u.ID, rail)
		}
		if ho := r.giapDue(s); ho != nil {
			if regs := r.regimentHexes(s); len(regs) > 0 {
				ho.Loc, ho.Avail = regs[0], 0
				r.announcePlace(s, VM, ho, regs[0], "3.3: Giap is placed on a VM regiment", ev)
			}
		}
	} else {
		for ; s.FEFDumpsDue > 0; s.FEFDumpsDue-- {
			hs := r.fefDumpHexes(s)
			if len(hs) == 0 {
				ev.pub("3.10: the FEF has no friendly city or harbor for its supply dump: it is lost.")
				continue
			}
			u := &Unit{ID: s.nextID("FEF DR"), Type: "DR", Side: FEF, Loc: hs[0]}
			r.addUnit(s, u)
			ev.pub("3.10: the FEF's supply dump not placed goes to %s: %s (RULINGS T36).", r.placeName(hs[0]), u.ID)
		}
		for len(s.Withdraw) > 0 {
			cands := r.withdrawable(s, s.Withdraw[0])
			if len(cands) == 0 {
				ev.pub("3.9: the FEF has no unit in the delta to withdraw (%s).", s.Withdraw[0])
				s.Withdraw = s.Withdraw[1:]
				continue
			}
			r.withdraw(s, cands[0], ev, " (the weakest, RULINGS T36)")
		}
		if hq := r.hqDue(s); hq != nil {
			if hs := r.fefCities(s); len(hs) > 0 {
				hq.Loc, hq.Avail = hs[0], 0
				ev.pub("3.11: the FEF HQ returns at %s.", r.placeName(hs[0]))
			}
		}
		if s.FEFSteps > 0 {
			ev.pub("3.11: %d replacement step(s) not used are lost.", s.FEFSteps)
		}
		s.FEFSteps, s.FEFFree, s.FEFPaid, s.FEFAirSteps = 0, 0, 0, 0
		s.Withdraw = nil
	}
	for _, u := range s.Units {
		u.New, u.Refit = false, 0
	}
}

func (r *Rules) placeName(hex string) string {
	if u, ok := r.urbanHex[hex]; ok {
		return fmt.Sprintf("%s (%s)", hex, u.Name)
	}
	return hex
}

// reinDecision is the prompt of a replacements phase.
func (r *Rules) reinDecision(s *State) string {
	if s.Pending {
		return "3.0: the first turn's replacements and reinforcements phase, the VM's first (2.0): its 2 replacement points and its supply dumps' dice (3.3, 3.6) come with its first order (RULINGS T66); " + r.reinDecision(&State{Phase: s.Phase, First: s.First})
	}
	if s.phaseOwner() == VM {
		return fmt.Sprintf("3.1-3.6: the VM's replacements and reinforcements: `mobilize <unit> <hex>` (dead VM-groups, Pathet Lao and as many dummies, within 2 hexes of a mobilization hex, 1 equipment each), `replace <VM-group> <regiment> [<regiment>]` (3.2), `replace <regiment>` and `rebuild <regiment> <hex>` (3.3: a replacement point and 0.5 equipment, artillery 1), `place <unit> <hex>` (3.5 reinforcements, Giap), `dump <hex>` (3.6, a dump rolled 5-6; or one rolled 1-4 to Lang Son when it may be regarded as the Chinese railway supply center), `equip` (2 equipment instead of a dump, 3.4), then `done`; replacement points %d, equipment %s, dumps to place %d",
			s.VMRepl, halves(s.VMEquipH), s.VMDumpsFree)
	}
	return fmt.Sprintf("3.7-3.11: the FEF's replacements and reinforcements: `bring <unit> <hex> [air]` from the standby zone (0.5 victory point a battalion, rounded up; %d free), `dump <hex> [air]` (%d to place), `skip` (a dump for 4 free battalions), `withdraw <unit>` (due: %s), `recall <unit>` (Saigon to standby, 1 victory point), `buy 1|2` (4 replacement steps a victory point; %d left), `replace <unit>`, `rebuild <unit>`, then `done`",
		s.FEFFree, s.FEFDumpsDue, listOr(s.Withdraw), s.FEFSteps)
}

// reinOrder: the orders of a replacements phase.
func (r *Rules) reinOrder(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	if verb == "done" {
		if len(args) > 0 {
			return fail("`done` takes nothing after it")
		}
		r.endRein(s, side, ev)
		ev.pub("%s ends its replacements and reinforcements phase.", capital(sideName(side)))
		r.advance(s, dice, ev)
		return nil
	}
	if side == VM {
		switch verb {
		case "mobilize":
			return r.mobilizeOrder(s, args, ev)
		case "replace":
			return r.vmReplaceOrder(s, args, ev)
		case "rebuild", "place":
			return r.vmPlaceOrder(s, verb, args, ev)
		case "dump":
			return r.vmDumpOrder(s, args, ev)
		case "equip":
			return r.equipOrder(s, args, ev)
		}
	} else {
		switch verb {
		case "bring":
			return r.bringOrder(s, args, ev)
		case "dump":
			return r.fefDumpOrder(s, args, ev)
		case "skip":
			if len(args) > 0 {
				return fail("`skip` takes nothing after it")
			}
			if s.FEFDumpsDue == 0 {
				return fail("3.7: the FEF has no supply dump left to refrain from this turn")
			}
			s.FEFDumpsDue--
			s.FEFFree += 4
			ev.pub("3.7: the FEF refrains from a supply dump and brings in 4 battalions free instead (%d free).", s.FEFFree)
			return nil
		case "withdraw":
			return r.withdrawOrder(s, args, ev)
		case "recall":
			return r.recallOrder(s, args, ev)
		case "buy":
			return r.buyOrder(s, args, ev)
		case "replace":
			return r.fefReplaceOrder(s, args, ev)
		case "rebuild":
			return r.fefRebuildOrder(s, args, ev)
		}
	}
	return fail("%q is not an order in %s; the orders now are: %s", verb, s.phaseName(), r.legalText(s, side))
}

// ---------------------------------------------------------------------------
// The VM (3.1-3.6)

// mobHexes are the mobilization hexes a counter may be mobilized at: the
// VM-groups' in Vietnam, the Pathet Lao's in Laos, a dummy's in either
// (3.1: "in their respective country"; RULINGS T37).
func (r *Rules) mobHexes(t UnitType) []string {
	var out []string
	for _, m := range r.d.Map.Mobilization.Hexes {
		switch {
		case t.Kind == "dummy",
			t.Nationality == "pathet-lao" && m.Country == "laos",
			t.Nationality == "vm" && m.Country == "vietnam":
			out = append(out, m.Hex)
		}
	}
	return out
}

func dist(a, b string) int {
	ra, ca, ok1 := ParseHex(a)
	rb, cb, ok2 := ParseHex(b)
	if !ok1 || !ok2 {
		return 1 << 20
	}
	return Distance(ra, ca, rb, cb)
}

// matchMob: the placements can each be given a mobilization hex of their
// own within 2 hexes (3.1: "1 per mobilization hex").
func (r *Rules) matchMob(places []*Unit) bool {
	owner := map[string]int{}
	// each placement's mobilization hexes within 2, counted once
	near := make([][]string, len(places))
	byType := map[string][]string{}
	for i, u := range places {
		mob, ok := byType[u.Type]
		if !ok {
			mob = r.mobHexes(r.typ(u))
			byType[u.Type] = mob
		}
		for _, m := range mob {
			if dist(m, u.Pend) <= 2 {
				near[i] = append(near[i], m)
			}
		}
	}
	var try func(i int, seen map[string]bool) bool
	try = func(i int, seen map[string]bool) bool {
		for _, m := range near[i] {
			if seen[m] {
				continue
			}
			seen[m] = true
			j, taken := owner[m]
			if !taken || try(j, seen) {
				owner[m] = i
				return true
			}
		}
		return false
	}
	for i := range places {
		if !try(i, map[string]bool{}) {
			return false
		}
	}
	return true
}

// pending: the counters the VM mobilizes at the end of its phase (3.1),
// kept in the dead box until then, out of every view but the VM's.
func (s *State) pending() (real, dummies []*Unit) {
	for _, u := range s.Units {
		if u.Pend != "" {
			if u.Type == "DUMMY" {
				dummies = append(dummies, u)
			} else {
				real = append(real, u)
			}
		}
	}
	return
}

// mobilizable: why u cannot be mobilized now ("" when it can).
func (r *Rules) mobWhy(s *State, u *Unit) string {
	t := r.typ(u)
	switch {
	case u.Side != VM || t.Kind != "group" && t.Kind != "dummy":
		return fmt.Sprintf("3.1: only VM-groups, Pathet Lao and dummies are mobilized, not %s", u.ID)
	case u.Loc != LocDead:
		return fmt.Sprintf("3.1: %s is not in the dead box", u.ID)
	case u.Pend != "":
		return fmt.Sprintf("3.1: %s is already to be mobilized at %s", u.ID, u.Pend)
	case u.Avail > s.Turn:
		return fmt.Sprintf("3.1: %s was used as a replacement this turn and may not be mobilized on the same turn", u.ID)
	}
	real, dummies := s.pending()
	if t.Kind == "dummy" {
		if len(dummies) >= len(real) {
			return fmt.Sprintf("3.1: dummies are placed as many as the real VM-groups and Pathet Lao mobilized (%d so far, %d dummies)", len(real), len(dummies))
		}
		return ""
	}
	if len(real) >= 4 {
		return "3.1: no more than 4 VM-groups and Pathet Lao are mobilized a turn"
	}
	if need := 2 * (len(real) + 1); s.VMEquipH < need {
		return fmt.Sprintf("3.1: each unit mobilized costs 1 equipment replacement and the VM has %s", halves(s.VMEquipH))
	}
	return ""
}

// mobHexWhy: why u may not be mobilized at hex ("" when it may).
func (r *Rules) mobHexWhy(s *State, u *Unit, hex string) string {
	t := r.typ(u)
	h, ok := r.hexes[hex]
	if !ok || h.Terrain == "sea" {
		return fmt.Sprintf("%s is not a land hex of the map", hex)
	}
	want := "vietnam"
	if t.Nationality == "pathet-lao" {
		want = "laos"
	}
	if t.Kind == "dummy" && h.Country == "laos" {
		want = "laos"
	}
	if h.Country != want {
		return fmt.Sprintf("3.1: %s is mobilized in %s, and %s is in %s", u.ID, capital(want), hex, h.Country)
	}
	if r.enemyAt(s, VM, hex) {
		return fmt.Sprintf("FEF units are at %s (Basics: VM and FEF units may not stack together)", hex)
	}
	real, dummies := s.pending()
	n := r.stackAt(s, VM, hex, nil) + r.values(u).Stack
	for _, p := range append(real, dummies...) {
		if p.Pend == hex {
			n += r.values(p).Stack
		}
	}
	if n > r.stackLimit(hex) {
		return fmt.Sprintf("the stack at %s would hold %d stacking points, over %d (Basics: Stacking)", hex, n, r.stackLimit(hex))
	}
	u.Pend = hex
	ok = r.matchMob(append(append(real, dummies...), u))
	u.Pend = ""
	if !ok {
		return fmt.Sprintf("3.1: %s is not within 2 hexes of a mobilization hex of its country not already used this turn (1 per mobilization hex)", hex)
	}
	return ""
}

func (r *Rules) mobilizeOrder(s *State, args []string, ev *events) error {
	if len(args) != 2 {
		return fail("usage: `mobilize <unit> <hex>`, a dead VM-group, Pathet Lao or dummy and a hex within 2 hexes of a mobilization hex (3.1)")
	}
	u := s.findUnit(VM, args[0])
	if u == nil {
		return fail("3.1: the VM has no counter %q; in the dead box: %s", args[0], listOr(r.deadTokens(s, "group", "dummy")))
	}
	if why := r.mobWhy(s, u); why != "" {
		return fail("%s", why)
	}
	if why := r.mobHexWhy(s, u, args[1]); why != "" {
		return fail("%s", why)
	}
	u.Pend = args[1]
	ev.to(VM, "3.1: %s will be mobilized at %s, hidden side up, when your phase ends.", u.ID, u.Pend)
	return nil
}

// placeMobilized: the counters the VM mobilizes are placed together,
// hidden side up, at the end of its phase, with their cost (3.1): the
// public learns how many and where, not which is which (RULINGS T37).
func (r *Rules) placeMobilized(s *State, ev *events) {
	real, dummies := s.pending()
	if len(real) == 0 {
		return
	}
	var hexes []string
	groups := 0
	for _, u := range append(real, dummies...) {
		u.Loc, u.Pend, u.Hidden, u.Steps, u.Avail = u.Pend, "", true, r.typ(u).Steps, s.Turn+1
		hexes = append(hexes, u.Loc)
		if u.Type == "VMG" {
			groups++
		}
	}
	sort.Strings(hexes)
	s.VMEquipH -= 2 * len(real)
	ev.pub("3.1: the VM mobilizes %d counter(s), hidden side up, at %s (%d VM-group(s) or Pathet Lao and %d dummies; equipment -%d, now %s).",
		len(real)+len(dummies), strings.Join(hexes, ", "), len(real), len(dummies), len(real), halves(s.VMEquipH))
	if groups > 0 {
		per := r.chartInt("victory_points", "vm_group_mobilized")
		if s.Month >= "1953-10" {
			per = r.chartInt("victory_points", "vm_group_mobilized_from_1953_10")
		}
		r.addVP(s, per*groups, ev, fmt.Sprintf("3.1: %d VM-group(s) mobilized", groups))
	}
}

func (r *Rules) deadTokens(s *State, kinds ...string) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side == VM && u.Loc == LocDead && slices.Contains(kinds, r.typ(u).Kind) {
			out = append(out, token(u.ID))
		}
	}
	return out
}

// near3: a traced line of at most 3 hexes from hex to one of targets,
// uncut by FEF units (Basics: Tracing).
func (r *Rules) near3(s *State, hex string, targets []string) bool {
	blocked := r.occupiedBy(s, FEF)
	return r.within3(hex, blocked, func(x string) bool { return slices.Contains(targets, x) })
}

// occupiedBy: the hexes with a side's units (garrisons count for the FEF).
func (r *Rules) occupiedBy(s *State, side string) map[string]bool {
	m := map[string]bool{}
	for _, u := range s.Units {
		if u.Side == side && onMap(u.Loc) {
			m[u.Loc] = true
		}
	}
	if side == FEF {
		for _, g := range s.Garrisons {
			m[r.urban[g].Hex] = true
		}
	}
	return m
}

// hoHexes: Uncle Ho/Giap, Thai Nguyen and Thanh Hoa (3.3).
func (r *Rules) hoHexes(s *State) []string {
	var out []string
	for _, n := range []string{"Thai Nguyen", "Thanh Hoa"} {
		if u, ok := r.urban[n]; ok {
			out = append(out, u.Hex)
		}
	}
	for _, u := range s.Units {
		if u.Type == "HO" && onMap(u.Loc) {
			out = append(out, u.Loc)
		}
	}
	return out
}

// suppliedAt: whether u would be in supply at hex now (4.2-4.4).
func (r *Rules) suppliedAt(s *State, u *Unit, hex string) bool {
	return r.supplyContext(s)(u, hex)
}

// supplyContext: suppliedAt with the board counted once.
func (r *Rules) supplyContext(s *State) func(u *Unit, hex string) bool {
	friendly := r.friendlyUrban(s)
	dumps := map[string]map[string]bool{FEF: {}, VM: {}}
	for _, x := range s.Units {
		if x.Type == "DR" && onMap(x.Loc) {
			dumps[x.Side][x.Loc] = true
		}
	}
	blocked := map[string]map[string]bool{FEF: r.occupiedBy(s, VM), VM: r.occupiedBy(s, FEF)}
	rc := r.newRiverCtx(s, dumps, friendly)
	return func(u *Unit, hex string) bool {
		c := *u
		c.Loc = hex
		return r.supplied(&c, blocked[u.Side], dumps, friendly, rc)
	}
}

// roadToCenter: a road or railway from hex to a supply center, through
// no FEF unit (3.3: "on a road leading back to a supply center").
func (r *Rules) roadToCenter(s *State, hex string) bool {
	blocked := r.occupiedBy(s, FEF)
	seen := map[string]bool{hex: true}
	front := []string{hex}
	for len(front) > 0 {
		h := front[0]
		front = front[1:]
		if r.supplyCenter(h) {
			return true
		}
		for _, n := range r.neighbors(h) {
			e := edge(h, n)
			if seen[n] || blocked[n] || !r.geo.road[e] && !r.geo.rail[e] {
				continue
			}
			seen[n] = true
			front = append(front, n)
		}
	}
	return false
}

// vmRefitWhy: why the regiment u may not receive a replacement point at
// hex (3.3; "" when it may).
func (r *Rules) vmRefitWhy(s *State, u *Unit, hex string) string {
	art := r.typ(u).Kind == "artillery"
	if why := r.vmCanPay(s, r.typ(u)); why != "" {
		return why
	}
	switch {
	case u.Refit >= 2:
		return fmt.Sprintf("3.2: %s has replaced 2 steps this turn, the most a regiment may at a time", u.ID)
	case !r.near3(s, hex, r.hoHexes(s)):
		return fmt.Sprintf("3.3: %s is not within 3 hexes of Uncle Ho/Giap, Thai Nguyen or Thanh Hoa", hex)
	case !r.suppliedAt(s, u, hex):
		return fmt.Sprintf("3.3: %s would not be in supply at %s", u.ID, hex)
	case art && !r.roadToCenter(s, hex):
		return fmt.Sprintf("3.3: artillery replaces only on a road leading back to a supply center, and %s is not", hex)
	}
	return ""
}

func (r *Rules) vmReplaceOrder(s *State, args []string, ev *events) error {
	if len(args) == 0 {
		return fail("usage: `replace <VM-group> <regiment> [<regiment>]` (3.2) or `replace <regiment>` (3.3)")
	}
	u := s.findUnit(VM, args[0])
	if u == nil || !onMap(u.Loc) {
		return fail("the VM has no unit %q on the map", args[0])
	}
	if u.Type == "VMG" {
		return r.groupReplace(s, u, args[1:], ev)
	}
	if len(args) != 1 {
		return fail("usage: `replace <regiment>` (3.3), one regiment")
	}
	t := r.typ(u)
	if t.Kind != "regiment" && t.Kind != "artillery" {
		return fail("3.3: replacement points replace regiment steps, and %s is not a regiment", u.ID)
	}
	if u.Steps >= t.Steps {
		return fail("3.3: %s has lost no step", u.ID)
	}
	if why := r.vmRefitWhy(s, u, u.Loc); why != "" {
		return fail("%s", why)
	}
	r.vmPay(s, t)
	u.Steps++
	u.Refit++
	r.tellRefit(s, u, fmt.Sprintf("3.3: %s replaces a step (now %s)", u.ID, valuesText(r.values(u))), ev)
	return nil
}

// vmCanPay: why the VM cannot pay a replacement point and its equipment
// (3.3; "" when it can).
func (r *Rules) vmCanPay(s *State, t UnitType) string {
	cost := 1
	if t.Kind == "artillery" {
		cost = 2
	}
	switch {
	case s.VMRepl < 1:
		return "3.3: the VM has no replacement point left"
	case s.VMEquipH < cost:
		return fmt.Sprintf("3.3: a replacement costs %s equipment (artillery 1) and the VM has %s", halves(cost), halves(s.VMEquipH))
	}
	return ""
}

// vmPay: a replacement point and its equipment (3.3).
func (r *Rules) vmPay(s *State, t UnitType) {
	s.VMRepl--
	if t.Kind == "artillery" {
		s.VMEquipH -= 2
	} else {
		s.VMEquipH--
	}
}

// tellRefit: a step replaced in the open, or only the VM hears which in a
// forest stack (RULINGS T16).
func (r *Rules) tellRefit(s *State, u *Unit, text string, ev *events) {
	if r.Opaque(u.Loc) {
		// RULINGS T58: the public learns what the tracks show (a
		// replacement point and its equipment spent), not that the stack
		// at a hex holds a regiment short of steps
		ev.pub("3.3: the VM replaces regiment steps in a stack closed to view.")
		ev.to(VM, "%s.", text)
		return
	}
	ev.pub("%s.", text)
}

// groupReplace: 3.2, a VM-group removed to replace or rebuild 1-2
// non-artillery regiment steps in its hex.
func (r *Rules) groupReplace(s *State, g *Unit, args []string, ev *events) error {
	if len(args) < 1 || len(args) > 2 {
		return fail("usage: `replace <VM-group> <regiment> [<regiment>]` (3.2): one regiment, or two one step each")
	}
	if g.Avail > s.Turn {
		return fail("3.2: %s was mobilized this turn and may not be used as a replacement on the same turn", g.ID)
	}
	var regs []*Unit
	for _, a := range args {
		u := s.findUnit(VM, a)
		switch {
		case u == nil:
			return fail("the VM has no unit %q", a)
		case u.Type != "REG" && u.Type != "IREG":
			return fail("3.2: a VM-group replaces non-artillery regiment steps, and %s is not such a regiment", u.ID)
		case u.Loc != g.Loc && u.Loc != LocDead:
			return fail("3.2: %s is not in %s's hex (%s) nor in the dead box", u.ID, g.ID, g.Loc)
		case u.Loc == LocDead && (r.enemyAt(s, VM, g.Loc) || r.urbanFEF(s, g.Loc)):
			return fail("3.3: a unit may not rebuild in a FEF-friendly urban area")
		case u.Loc != LocDead && u.Steps >= r.typ(u).Steps:
			return fail("3.2: %s has lost no step", u.ID)
		case slices.Contains(regs, u):
			return fail("3.2: %s is named twice", u.ID)
		}
		regs = append(regs, u)
	}
	give := []int{min(g.Steps, 2)}
	if len(regs) == 2 {
		if g.Steps < 2 {
			return fail("3.2: %s has one step: it replaces one regiment step", g.ID)
		}
		give = []int{1, 1}
	}
	var parts []string
	for i, u := range regs {
		n := min(give[i], 2-u.Refit)
		if u.Loc == LocDead {
			u.Loc, u.Steps = g.Loc, 0
		}
		n = min(n, r.typ(u).Steps-u.Steps)
		if n <= 0 {
			return fail("3.2: %s can take no more steps this turn (2 at a time)", u.ID)
		}
		u.Steps += n
		u.Refit += n
		parts = append(parts, fmt.Sprintf("%s +%d (now %s)", u.ID, n, valuesText(r.values(u))))
	}
	at := g.Loc
	g.Loc, g.Hidden, g.Steps, g.Avail, g.Desorg, g.OoS, g.Trench = LocDead, false, 0, s.Turn+1, false, false, false
	if r.Opaque(at) {
		// RULINGS T58: the public sees a counter leave the closed stack
		// for the dead box, as the rules show it, not what it was for
		ev.pub("3.2: a VM-group leaves the VM stack at %s (in forest) for the dead box.", at)
		ev.to(VM, "3.2: %s replaces %s.", g.ID, strings.Join(parts, ", "))
		return nil
	}
	ev.pub("3.2: %s is removed at %s to replace %s.", g.ID, at, strings.Join(parts, ", "))
	return nil
}

// urbanFEF: hex is an urban area friendly to the FEF (4.1).
func (r *Rules) urbanFEF(s *State, hex string) bool {
	u, ok := r.urbanHex[hex]
	return ok && !slices.Contains(s.VMFriendly, u.Name)
}

// chinaCenter: a supply center in China (3.3, 3.5).
func (r *Rules) chinaCenter(hex string) bool {
	return r.supplyCenter(hex) && r.hexes[hex].Country == "china"
}

// vmPlaceWhy: why a VM regiment rebuilt or arriving may not be placed at
// hex (3.3, 3.5; "" when it may).
func (r *Rules) vmPlaceWhy(s *State, u *Unit, hex string) string {
	h, ok := r.hexes[hex]
	if !ok || h.Terrain == "sea" {
		return fmt.Sprintf("%s is not a land hex of the map", hex)
	}
	if r.enemyAt(s, VM, hex) {
		return fmt.Sprintf("FEF units are at %s", hex)
	}
	if n := r.stackAt(s, VM, hex, nil) + r.valuesAt(r.typ(u), u.ID, max(u.Steps, 1)).Stack; n > r.stackLimit(hex) {
		return fmt.Sprintf("the stack at %s would hold %d stacking points, over %d (Basics: Stacking)", hex, n, r.stackLimit(hex))
	}
	if r.typ(u).Kind == "artillery" {
		if !r.chinaCenter(hex) {
			return "3.3, 3.5: VM artillery is placed on a supply center in China"
		}
		return ""
	}
	switch {
	case r.urbanFEF(s, hex):
		return fmt.Sprintf("3.3: a unit may not rebuild in a FEF-friendly urban area (%s)", hex)
	case !r.near3(s, hex, r.hoHexes(s)):
		return fmt.Sprintf("3.3: %s is not within 3 hexes of Uncle Ho/Giap, Thai Nguyen or Thanh Hoa", hex)
	case !r.suppliedAt(s, u, hex):
		return fmt.Sprintf("3.3: %s would not be in supply at %s", u.ID, hex)
	}
	return ""
}

// vmPlaceOrder: `rebuild <regiment> <hex>` from the dead box with a
// replacement point (3.3), `place <unit> <hex>` a reinforcement (3.5) or
// Giap on a regiment (3.3).
func (r *Rules) vmPlaceOrder(s *State, verb string, args []string, ev *events) error {
	if len(args) != 2 {
		return fail("usage: `%s <unit> <hex>`", verb)
	}
	u := s.findUnit(VM, args[0])
	if u == nil {
		return fail("the VM has no unit %q", args[0])
	}
	hex := args[1]
	if verb == "place" && u.Type == "HO" {
		if r.giapDue(s) != u {
			return fail("3.3: Giap is placed on a VM regiment one game turn after Uncle Ho is lost, and he is not due now")
		}
		if !slices.Contains(r.regimentHexes(s), hex) {
			return fail("3.3: Giap is placed on a VM regiment; the regiments are at %s", listOr(r.regimentHexes(s)))
		}
		u.Loc, u.Avail = hex, 0
		r.announcePlace(s, VM, u, hex, "3.3: Giap is placed on a VM regiment", ev)
		return nil
	}
	if verb == "place" {
		if u.Loc != LocStandby {
			return fail("3.5: %s is not a reinforcement waiting to be placed; waiting: %s", u.ID, listOr(r.boxTokens(s, VM, LocStandby)))
		}
		if why := r.vmPlaceWhy(s, u, hex); why != "" {
			return fail("%s", why)
		}
		u.Loc = hex
		r.announcePlace(s, VM, u, hex, "3.5: the VM places its reinforcement", ev)
		return nil
	}
	t := r.typ(u)
	if u.Loc != LocDead || t.Kind != "regiment" && t.Kind != "artillery" {
		return fail("3.3: only regiments in the dead box are rebuilt; there: %s", listOr(r.deadTokens(s, "regiment", "artillery")))
	}
	if why := r.vmCanPay(s, t); why != "" {
		return fail("%s", why)
	}
	if why := r.vmPlaceWhy(s, u, hex); why != "" {
		return fail("%s", why)
	}
	r.vmPay(s, t)
	u.Loc, u.Steps, u.Refit = hex, 1, 1
	r.announcePlace(s, VM, u, hex, fmt.Sprintf("3.3: the VM rebuilds %s with one step", u.ID), ev)
	return nil
}

// announcePlace: a counter placed in the open, or in a forest stack
// where the public hears only that one was placed (RULINGS T16).
func (r *Rules) announcePlace(s *State, side string, u *Unit, hex, what string, ev *events) {
	if side == VM && r.Opaque(hex) {
		ev.pub("%s at %s (in forest).", strings.SplitN(what, ":", 2)[0]+": the VM places a counter", hex)
		ev.to(VM, "%s: %s at %s.", what, u.ID, hex)
		return
	}
	ev.pub("%s: %s at %s.", what, u.ID, r.placeName(hex))
}

func (r *Rules) giapDue(s *State) *Unit {
	for _, u := range s.Units {
		if u.Type == "HO" && u.Giap && u.Loc == LocDead && u.Avail > 0 && u.Avail <= s.Turn {
			return u
		}
	}
	return nil
}

func (r *Rules) regimentHexes(s *State) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side == VM && (u.Type == "REG" || u.Type == "IREG") && onMap(u.Loc) && !slices.Contains(out, u.Loc) {
			out = append(out, u.Loc)
		}
	}
	sort.Strings(out)
	return out
}

func (r *Rules) boxTokens(s *State, side, box string) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side == side && u.Loc == box {
			out = append(out, token(u.ID))
		}
	}
	return out
}

// vmDumpHexes: where a VM dump rolled 5-6 may go: any supply center or
// coastal hex with no FEF unit (3.6), Lang Son when it may be regarded
// as the Chinese railway supply center (The Map; RULINGS T48).
func (r *Rules) vmDumpHexes(s *State) []string {
	fef := r.occupiedBy(s, FEF)
	ls := ""
	if r.langSonWhy(s) == "" {
		ls = r.urban["Lang Son"].Hex
	}
	var out []string
	for _, id := range r.geo.ids {
		if (r.supplyCenter(id) || r.hexes[id].Coastal || id == ls) && !fef[id] {
			out = append(out, id)
		}
	}
	return out
}

// railDump: a VM supply dump of this phase at the Chinese railway supply
// center (3.6: rolled 1-4), which the VM may place at Lang Son instead
// while Lang Son may be regarded as the center (RULINGS T48); nil if none.
func (r *Rules) railDump(s *State) *Unit {
	center := r.railwayCenter()
	for _, u := range s.Units {
		if u.Side == VM && u.Type == "DR" && u.New && u.Loc == center {
			return u
		}
	}
	return nil
}

// vmDumpOrder: `dump <hex>`: a dump rolled 5-6 to a supply center or a
// coastal hex; or, at Lang Son regarded as the Chinese railway supply
// center, a dump rolled 1-4 first (it keeps the 5-6 dump's wider choice).
func (r *Rules) vmDumpOrder(s *State, args []string, ev *events) error {
	if len(args) != 1 {
		return fail("usage: `dump <hex>`, a supply center or coastal hex (3.6), or Lang Son when it may be regarded as the Chinese railway supply center (The Map)")
	}
	ls := r.urban["Lang Son"].Hex
	if args[0] == ls {
		why := r.langSonWhy(s)
		if d := r.railDump(s); d != nil && why == "" {
			from := d.Loc
			d.Loc = ls
			r.announcePlace(s, VM, d, ls, fmt.Sprintf("3.6, The Map: the VM regards Lang Son as the Chinese railway supply center, instead of %s (RULINGS T48)", from), ev)
			return nil
		}
		if why != "" && (s.VMDumpsFree > 0 || r.railDump(s) != nil) {
			return fail("The Map: Lang Son may be regarded as the Chinese railway supply center only while it is VM-friendly and the railway clear of FEF units: %s; the dumps may go to %s", why, listOr(r.vmDumpHexes(s)))
		}
	}
	if s.VMDumpsFree == 0 {
		return fail("3.6: the VM has no supply dump to place (a roll of 5-6 lets it choose the hex; a roll of 1-4 may go to Lang Son when it may be regarded as the Chinese railway supply center)")
	}
	if !slices.Contains(r.vmDumpHexes(s), args[0]) {
		return fail("3.6: a VM supply dump rolled 5-6 goes to a supply center or a coastal hex with no FEF unit, and %s is not one", args[0])
	}
	s.VMDumpsFree--
	u := &Unit{ID: s.nextID("VM DR"), Type: "DR", Side: VM, Loc: args[0], New: true}
	r.addUnit(s, u)
	r.announcePlace(s, VM, u, args[0], "3.6: the VM places a supply dump", ev)
	return nil
}

// equipOrder: 2 equipment replacements instead of a supply dump received
// this turn (3.4), one not yet placed first.
func (r *Rules) equipOrder(s *State, args []string, ev *events) error {
	if len(args) > 0 {
		return fail("`equip` takes nothing after it")
	}
	max := 2 * r.chartInt("replacements", "vm_equipment_max")
	if s.VMEquipH >= max {
		return fail("3.4: the VM holds the most equipment replacements it may (%d)", max/2)
	}
	switch {
	case s.VMDumpsFree > 0:
		s.VMDumpsFree--
	default:
		var d *Unit
		for _, u := range s.Units {
			if u.Side == VM && u.Type == "DR" && u.New && !r.Opaque(u.Loc) {
				d = u
				break
			}
		}
		if d == nil {
			return fail("3.4: the VM has received no supply dump this turn to take as equipment instead")
		}
		s.Units = slices.DeleteFunc(s.Units, func(x *Unit) bool { return x == d })
	}
	s.VMEquipH = min(s.VMEquipH+4, max)
	ev.pub("3.4: the VM takes 2 equipment replacements instead of a supply dump (equipment %s).", halves(s.VMEquipH))
	return nil
}

// ---------------------------------------------------------------------------
// The FEF (3.7-3.11)

// fefFriendly: an urban area friendly to the FEF with no VM unit in it.
func (r *Rules) fefFriendly(s *State, hex string) bool {
	return r.urbanFEF(s, hex) && !r.enemyAt(s, FEF, hex)
}

// fefCities: the FEF-friendly cities and harbors, Hanoi first then in
// map order (3.8, 3.10).
func (r *Rules) fefCities(s *State) []string {
	var out []string
	for _, u := range r.d.Map.Urban {
		if (u.Kind == "city" || u.Harbor) && r.fefFriendly(s, u.Hex) {
			out = append(out, u.Hex)
		}
	}
	return out
}

func (r *Rules) fefDumpHexes(s *State) []string { return r.fefCities(s) }

// airstripCost: the air transports to carry stack stacking points from
// the standby zone to the airstrip at hex, or why none may land (5.6:
// 3 stacking points a transport, three times as dear from the standby
// zone, twice as dear with a VM regiment not Desorg within 1 hex and no
// trench; no landing with VM artillery not Desorg within 1 hex). A VM
// stack the FEF cannot look into counts as a regiment, never as
// artillery (RULINGS T38).
func (r *Rules) airstripCost(s *State, hex string, stack int) (int, string) {
	return r.airstripCostX(s, hex, stack, r.chartInt("air_transport", "standby_factor"))
}

// airstripCostX is airstripCost with the factor of the place of departure
// (1 from an airstrip of the map, 5.6).
func (r *Rules) airstripCostX(s *State, hex string, stack, factor int) (int, string) {
	u, ok := r.urbanHex[hex]
	if !ok || !u.Airstrip || !r.fefFriendly(s, hex) {
		return 0, fmt.Sprintf("%s is not a friendly airstrip", hex)
	}
	per := r.chartInt("air_transport", "stacking_per_transport")
	n := (stack*factor + per - 1) / per
	double := false
	trench := r.trenchAt(s, FEF, hex)
	for _, x := range s.Units {
		if x.Side != VM || !onMap(x.Loc) || dist(x.Loc, hex) > 1 {
			continue
		}
		k := r.typ(x).Kind
		if r.Opaque(x.Loc) {
			// RULINGS T38, T58: a closed stack is a regiment not
			// Desorg, whatever it holds and whatever of it is Desorg.
			if x.Loc != hex && !trench {
				double = true
			}
			continue
		}
		if x.Desorg {
			continue
		}
		if k == "artillery" {
			return 0, fmt.Sprintf("5.6: VM artillery, not Desorg, is within 1 hex of %s: no landing", hex)
		}
		if k == "regiment" && !trench {
			double = true
		}
	}
	if double {
		n *= 2
	}
	return n, ""
}

// fefPlaceWhy: why an FEF unit from the standby zone may not be placed
// at hex (3.8; "" when it may), and the air transports it costs.
func (r *Rules) fefPlaceWhy(s *State, u *Unit, hex string, air bool) (int, string) {
	t := r.typ(u)
	h, ok := r.hexes[hex]
	if !ok {
		return 0, fmt.Sprintf("%s is not a hex of the map", hex)
	}
	if r.enemyAt(s, FEF, hex) {
		return 0, fmt.Sprintf("VM units are at %s", hex)
	}
	if n := r.stackAt(s, FEF, hex, nil) + r.values(u).Stack; n > r.stackLimit(hex) {
		return 0, fmt.Sprintf("the stack at %s would hold %d stacking points, over %d (Basics: Stacking)", hex, n, r.stackLimit(hex))
	}
	urb, isU := r.urbanHex[hex]
	friendly := isU && r.fefFriendly(s, hex)
	switch t.Nationality {
	case "vietnamese":
		if !friendly || !(urb.Kind == "city" || urb.Harbor) || h.Country != "vietnam" {
			return 0, "3.8: Vietnamese units are placed in a friendly city or harbor in Vietnam"
		}
		return 0, ""
	case "thai":
		if !friendly || !h.Montagnard || h.Country != "vietnam" || !slices.Contains(r.d.Paths.RedRiverWest.Hexes, hex) {
			return 0, "3.8: Thai units are placed in a friendly urban area of the montagnard area in Vietnam, west of and including the Red River valley"
		}
		return 0, ""
	case "laotian":
		if !friendly || urb.Name != "Luang Prabang" {
			return 0, "3.8: Laotian units are placed in Luang Prabang (friendly)"
		}
		return 0, ""
	case "minority":
		if !h.Montagnard {
			return 0, "3.8: GCMA units are placed in the montagnard area"
		}
		if !r.gcmaRoom(s, hex) {
			return 0, "3.8: GCMA units are placed within 2 hexes of a friendly montagnard urban area, 1 per urban area (2 when every one has one)"
		}
		return 0, ""
	}
	if !air {
		if !friendly || !(urb.Kind == "city" || urb.Harbor) {
			return 0, fmt.Sprintf("3.8: FEF units are placed at a friendly city or harbor (or by air transport at a friendly airstrip: `bring %s %s air`)", token(u.ID), hex)
		}
		return 0, ""
	}
	if t.Kind == "motorized" {
		return 0, "5.6: air transports carry non-motorized units (5.3)"
	}
	n, why := r.airstripCost(s, hex, r.values(u).Stack)
	if why != "" {
		return 0, "3.8, 5.6: " + why
	}
	if n > s.FEFAir {
		return 0, fmt.Sprintf("5.6: landing at %s costs %d air transport(s) and %d are left", hex, n, s.FEFAir)
	}
	return n, ""
}

// gcmaRoom: a GCMA may be placed at hex: within 2 hexes of a friendly
// montagnard urban area that has no GCMA within 2 hexes, or, when every
// such area has one, one with fewer than two (3.8).
func (r *Rules) gcmaRoom(s *State, hex string) bool {
	var areas []string
	for _, u := range r.d.Map.Urban {
		if r.hexes[u.Hex].Montagnard && r.fefFriendly(s, u.Hex) {
			areas = append(areas, u.Hex)
		}
	}
	count := func(a string) int {
		n := 0
		for _, x := range s.Units {
			if x.Side == FEF && x.Type == "GCMA" && onMap(x.Loc) && dist(x.Loc, a) <= 2 {
				n++
			}
		}
		return n
	}
	full := true
	for _, a := range areas {
		if count(a) == 0 {
			full = false
		}
	}
	for _, a := range areas {
		if !r.lineWithin(s, FEF, a, hex, 2) { // 3.8: within 2 hexes, a line (RULINGS T74)
			continue
		}
		if c := count(a); c == 0 || full && c < 2 {
			return true
		}
	}
	return false
}

func (r *Rules) hqDue(s *State) *Unit {
	for _, u := range s.Units {
		if u.Type == "HQ" && u.Loc == LocDead && u.Avail > 0 && u.Avail <= s.Turn {
			return u
		}
	}
	return nil
}

func (r *Rules) bringOrder(s *State, args []string, ev *events) error {
	air := len(args) == 3 && strings.EqualFold(args[2], "air")
	if len(args) != 2 && !air {
		return fail("usage: `bring <unit> <hex> [air]`, a unit of the standby zone (3.7, 3.8)")
	}
	u := s.findUnit(FEF, args[0])
	hex := args[1]
	if u != nil && u == r.hqDue(s) {
		if !slices.Contains(r.fefCities(s), hex) || r.urbanHex[hex].Kind != "city" {
			return fail("3.11: the HQ returns in a friendly city")
		}
		u.Loc, u.Avail = hex, 0
		ev.pub("3.11: the FEF HQ returns at %s.", r.placeName(hex))
		return nil
	}
	if u == nil || u.Loc != LocStandby {
		return fail("3.7: the standby zone holds no %q; it holds: %s", args[0], listOr(r.boxTokens(s, FEF, LocStandby)))
	}
	if u.Avail > s.Turn {
		return fail("3.7: %s reached the standby zone this turn and may be brought in from the next", u.ID)
	}
	if u.Type == "DR" {
		return fail("3.10: supply dumps are placed with `dump <hex>`")
	}
	n, why := r.fefPlaceWhy(s, u, hex, air)
	if why != "" {
		return fail("%s", why)
	}
	s.FEFAir -= n
	u.Loc, u.Avail, u.New = hex, 0, true
	how := ""
	if n > 0 {
		how = fmt.Sprintf(" by air (%d air transport(s), %d left)", n, s.FEFAir)
	}
	switch {
	case s.FEFFree > 0:
		s.FEFFree--
		ev.pub("3.7: %s is brought in at %s%s, free (%d free left).", u.ID, r.placeName(hex), how, s.FEFFree)
	default:
		s.FEFPaid++
		ev.pub("3.7: %s is brought in at %s%s (0.5 victory point, rounded up over the phase).", u.ID, r.placeName(hex), how)
		if s.FEFPaid%2 == 1 {
			r.addVP(s, -1, ev, "3.7: FEF reinforcements brought in")
		}
	}
	return nil
}

func (r *Rules) fefDumpOrder(s *State, args []string, ev *events) error {
	air := len(args) == 2 && strings.EqualFold(args[1], "air")
	if len(args) != 1 && !air {
		return fail("usage: `dump <hex> [air]`, a friendly city or harbor, or a friendly airstrip by air transport (3.10)")
	}
	if s.FEFDumpsDue == 0 {
		return fail("3.10: the FEF has no supply dump left to place this turn")
	}
	hex := args[0]
	n := 0
	if air {
		var why string
		if n, why = r.airstripCost(s, hex, 3); why != "" {
			return fail("3.10, 5.6: %s", why)
		}
		if n > s.FEFAir {
			return fail("5.6: a supply dump (3 stacking points carried) to %s costs %d air transport(s) and %d are left", hex, n, s.FEFAir)
		}
	} else if !slices.Contains(r.fefDumpHexes(s), hex) {
		return fail("3.10: FEF supply dumps are placed at a friendly city or harbor (%s) or by air at a friendly airstrip (`dump <hex> air`)", listOr(r.fefDumpHexes(s)))
	}
	s.FEFAir -= n
	s.FEFDumpsDue--
	u := &Unit{ID: s.nextID("FEF DR"), Type: "DR", Side: FEF, Loc: hex}
	r.addUnit(s, u)
	how := ""
	if air {
		how = fmt.Sprintf(" by air (%d air transport(s), %d left)", n, s.FEFAir)
	}
	ev.pub("3.10: the FEF places %s at %s%s.", u.ID, r.placeName(hex), how)
	return nil
}

// withdrawable: the units a withdrawal may take, weakest first (3.9: a
// unit from the delta; "With para" an airborne one, or if none, any).
func (r *Rules) withdrawable(s *State, kind string) []*Unit {
	var out []*Unit
	para := kind == "With para"
	for pass := 0; pass < 2 && len(out) == 0; pass++ {
		for _, u := range s.Units {
			t := r.typ(u)
			if u.Side != FEF || !onMap(u.Loc) || !slices.Contains(r.d.Paths.Delta.Hexes, u.Loc) {
				continue
			}
			switch t.Kind {
			case "dump", "hq", "garrison":
				continue
			}
			if pass == 0 && para && !t.Para {
				continue
			}
			out = append(out, u)
		}
		if !para {
			break
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return r.values(out[i]).Str < r.values(out[j]).Str })
	return out
}

// withdraw takes u to the Saigon zone for the first withdrawal due; a
// "With para" with no airborne unit in the delta takes 2 others (3.9).
func (r *Rules) withdraw(s *State, u *Unit, ev *events, why string) {
	kind := s.Withdraw[0]
	s.Withdraw = s.Withdraw[1:]
	if kind == "With para" && !r.typ(u).Para {
		s.Withdraw = append([]string{"Withdraw"}, s.Withdraw...) // 3.9: 2 other units instead
	}
	from := u.Loc
	u.Loc, u.Avail, u.Trench, u.OoS, u.Desorg = LocSaigon, s.Turn+1, false, false, false
	ev.pub("3.9: %s withdraws %s from %s to the Saigon zone%s.", "the FEF", u.ID, from, why)
	if len(s.Withdraw) == 0 {
		s.Withdraw = nil
	}
}

func (r *Rules) withdrawOrder(s *State, args []string, ev *events) error {
	if len(s.Withdraw) == 0 {
		return fail("3.9: no withdrawal is due this turn")
	}
	if len(args) != 1 {
		return fail("usage: `withdraw <unit>`, a unit in the delta (3.9: %s)", s.Withdraw[0])
	}
	u := s.findUnit(FEF, args[0])
	if u == nil || !slices.Contains(r.withdrawable(s, s.Withdraw[0]), u) {
		var ts []string
		for _, x := range r.withdrawable(s, s.Withdraw[0]) {
			ts = append(ts, token(x.ID))
		}
		return fail("3.9: %q may not be withdrawn for %q (a unit from the delta; \"With para\" an airborne one if there is one); it may be: %s", args[0], s.Withdraw[0], listOr(ts))
	}
	r.withdraw(s, u, ev, "")
	return nil
}

func (r *Rules) recallOrder(s *State, args []string, ev *events) error {
	if len(args) != 1 {
		return fail("usage: `recall <unit>`, a unit of the Saigon zone (3.9)")
	}
	u := s.findUnit(FEF, args[0])
	if u == nil || u.Loc != LocSaigon {
		return fail("3.9: the Saigon zone holds no %q; it holds: %s", args[0], listOr(r.boxTokens(s, FEF, LocSaigon)))
	}
	if u.Avail > s.Turn {
		return fail("3.9: %s was withdrawn this turn; it may return from the next", u.ID)
	}
	u.Loc, u.Avail = LocStandby, s.Turn+1
	r.addVP(s, r.chartInt("victory_points", "withdrawn_unit_returns"), ev, fmt.Sprintf("3.9: %s returns from the Saigon zone to the standby zone", u.ID))
	return nil
}

func (r *Rules) buyOrder(s *State, args []string, ev *events) error {
	most := r.chartInt("replacements", "fef_max_vp_per_turn")
	if len(args) != 1 {
		return fail("usage: `buy 1` or `buy 2` (3.11: 4 replacement steps a victory point)")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n+s.FEFBought > most {
		return fail("3.11: the FEF may pay 1-2 victory points a turn for replacements (%d paid this turn)", s.FEFBought)
	}
	s.FEFBought += n
	per := r.chartInt("replacements", "fef_steps_per_vp")
	s.FEFSteps += per * n
	r.addVP(s, -n, ev, fmt.Sprintf("3.11: the FEF buys %d replacement steps", per*n))
	return nil
}

// fefRefitVia: how an FEF unit at hex may replace (3.11): within 3 hexes
// of a friendly city or harbor, or of an HQ within 3 hexes of one
// ("" when neither), or of an HQ on a friendly airstrip ("air").
func (r *Rules) fefRefitVia(s *State, hex string) (ok bool, air bool) {
	cities := r.fefCities(s)
	near := func(h string) bool {
		return r.within3(h, r.occupiedBy(s, VM), func(x string) bool { return slices.Contains(cities, x) })
	}
	if near(hex) {
		return true, false
	}
	for _, u := range s.Units {
		if u.Type != "HQ" || !onMap(u.Loc) || !r.lineWithin(s, FEF, hex, u.Loc, 3) { // a line (RULINGS T74)
			continue
		}
		if near(u.Loc) {
			return true, false
		}
		if a, isU := r.urbanHex[u.Loc]; isU && a.Airstrip && r.fefFriendly(s, u.Loc) {
			air = true
		}
	}
	return air, air
}

func (r *Rules) fefReplaceOrder(s *State, args []string, ev *events) error {
	if len(args) != 1 {
		return fail("usage: `replace <unit>`, a reduced FEF unit on the map (3.11)")
	}
	u := s.findUnit(FEF, args[0])
	if u == nil || !onMap(u.Loc) {
		return fail("the FEF has no unit %q on the map", args[0])
	}
	t := r.typ(u)
	switch {
	case t.Nationality == "minority":
		return fail("3.11: GCMA may not replace, they can only rebuild")
	case t.Steps == 0 || u.Steps >= t.Steps:
		return fail("3.11: %s is at full strength", u.ID)
	case s.FEFSteps < 1:
		return fail("3.11: the FEF has no replacement step (`buy 1|2`)")
	}
	ok, air := r.fefRefitVia(s, u.Loc)
	if !ok {
		return fail("3.11: %s is not within 3 hexes of a friendly city, harbor or a HQ", u.ID)
	}
	how := ""
	if air {
		// 5.6: a step is 0.5 stacking point, 3 a transport: one per 6.
		if s.FEFAirSteps%6 == 0 {
			if s.FEFAir < 1 {
				return fail("3.11, 5.6: steps by air through the HQ's airstrip need an air transport and none is left")
			}
			s.FEFAir--
		}
		s.FEFAirSteps++
		how = fmt.Sprintf(" through the HQ's airstrip (air transports left %d)", s.FEFAir)
	}
	s.FEFSteps--
	u.Steps++
	ev.pub("3.11: %s flips back to full strength%s (%d replacement step(s) left).", u.ID, how, s.FEFSteps)
	return nil
}

func (r *Rules) fefRebuildOrder(s *State, args []string, ev *events) error {
	if len(args) != 1 {
		return fail("usage: `rebuild <unit>`, a unit of the dead boxes (3.11)")
	}
	u := s.findUnit(FEF, args[0])
	if u == nil || u.Loc != LocDead && u.Loc != LocPerm {
		return fail("3.11: the dead boxes hold no %q; they hold: %s", args[0], listOr(append(r.boxTokens(s, FEF, LocDead), r.boxTokens(s, FEF, LocPerm)...)))
	}
	t := r.typ(u)
	if t.Steps == 0 {
		return fail("3.11: %s has no steps to rebuild", u.ID)
	}
	cost := r.chartInt("replacements", "fef_rebuild_temporary")
	if u.Loc == LocPerm {
		cost = r.chartInt("replacements", "fef_rebuild_permanent")
	}
	if s.FEFSteps < cost {
		return fail("3.11: rebuilding %s costs %d replacement steps and the FEF has %d", u.ID, cost, s.FEFSteps)
	}
	s.FEFSteps -= cost
	u.Loc, u.Steps, u.Avail = LocStandby, t.Steps, s.Turn+1
	ev.pub("3.11: %s is rebuilt into the standby zone for %d steps; it may be brought in from the next turn (%d step(s) left).", u.ID, cost, s.FEFSteps)
	return nil
}

// ---------------------------------------------------------------------------
// The legal tree of a replacements phase.

func leaf(w string) adjudicator.Choice { return adjudicator.Choice{Word: w, Complete: true} }

func leaves(ws []string) []adjudicator.Choice {
	var out []adjudicator.Choice
	for _, w := range ws {
		out = append(out, leaf(w))
	}
	return out
}

func (r *Rules) reinChoices(s *State, side string) []adjudicator.Choice {
	var out []adjudicator.Choice
	add := func(word, help string, next []adjudicator.Choice) {
		if len(next) > 0 {
			out = append(out, adjudicator.Choice{Word: word, Help: help, Next: next})
		}
	}
	if side == VM {
		// 3.1: the hexes are the same for every counter of a type.
		var mob []adjudicator.Choice
		hexesFor := map[string][]adjudicator.Choice{}
		for _, u := range s.Units {
			if u.Side != VM || u.Loc != LocDead || r.mobWhy(s, u) != "" {
				continue
			}
			hs, ok := hexesFor[u.Type]
			if !ok {
				var ws []string
				mob := hexPlaces(r.mobHexes(r.typ(u)))
				for i, id := range r.geo.ids {
					if r.nearPlaces(i, mob, 2) && r.mobHexWhy(s, u, id) == "" {
						ws = append(ws, id)
					}
				}
				hs = leaves(ws)
				hexesFor[u.Type] = hs
			}
			if len(hs) > 0 {
				mob = append(mob, adjudicator.Choice{Word: token(u.ID), Next: hs})
			}
		}
		add("mobilize", "place a dead VM-group, Pathet Lao or dummy within 2 hexes of a mobilization hex (3.1)", mob)
		var rep []adjudicator.Choice
		for _, u := range s.Units {
			if u.Side != VM || !onMap(u.Loc) {
				continue
			}
			t := r.typ(u)
			switch {
			case u.Type == "VMG" && u.Avail <= s.Turn:
				var regs []adjudicator.Choice
				for _, x := range s.Units {
					if x.Side == VM && x.Loc == u.Loc && (x.Type == "REG" || x.Type == "IREG") && x.Steps < 4 && x.Refit < 2 {
						regs = append(regs, leaf(token(x.ID)))
					}
				}
				if len(regs) > 0 {
					rep = append(rep, adjudicator.Choice{Word: token(u.ID), Next: regs})
				}
			case (t.Kind == "regiment" || t.Kind == "artillery") && u.Steps < t.Steps && r.vmRefitWhy(s, u, u.Loc) == "":
				rep = append(rep, leaf(token(u.ID)))
			}
		}
		add("replace", "a VM-group replaces steps of regiments in its hex (3.2), or a replacement point a regiment's step (3.3)", rep)
		var reb, plc []adjudicator.Choice
		vp := r.newVMPlacer(s)
		for _, u := range s.Units {
			if u.Side != VM {
				continue
			}
			t := r.typ(u)
			switch {
			case u.Loc == LocDead && (t.Kind == "regiment" || t.Kind == "artillery") && r.vmCanPay(s, t) == "":
				if hs := vp.hexes(u); len(hs) > 0 {
					reb = append(reb, adjudicator.Choice{Word: token(u.ID), Next: leaves(hs)})
				}
			case u.Loc == LocStandby:
				if hs := vp.hexes(u); len(hs) > 0 {
					plc = append(plc, adjudicator.Choice{Word: token(u.ID), Next: leaves(hs)})
				}
			case u == r.giapDue(s):
				plc = append(plc, adjudicator.Choice{Word: token(u.ID), Next: leaves(r.regimentHexes(s))})
			}
		}
		add("rebuild", "rebuild a regiment from the dead box with a replacement point (3.3)", reb)
		add("place", "place a reinforcement (3.5) or Giap (3.3)", plc)
		if s.VMDumpsFree > 0 {
			add("dump", "place a supply dump rolled 5-6 (3.6), or one rolled 1-4 at Lang Son regarded as the Chinese railway supply center (The Map)", leaves(r.vmDumpHexes(s)))
		} else if r.railDump(s) != nil && r.langSonWhy(s) == "" {
			add("dump", "place a supply dump rolled 1-4 at Lang Son, regarded as the Chinese railway supply center (3.6, The Map)", leaves([]string{r.urban["Lang Son"].Hex}))
		}
		if s.VMEquipH < 2*r.chartInt("replacements", "vm_equipment_max") {
			can := s.VMDumpsFree > 0
			for _, u := range s.Units {
				can = can || u.Side == VM && u.Type == "DR" && u.New && !r.Opaque(u.Loc)
			}
			if can {
				out = append(out, adjudicator.Choice{Word: "equip", Complete: true, Help: "2 equipment replacements instead of a supply dump (3.4)"})
			}
		}
		return out
	}
	var br []adjudicator.Choice
	for _, u := range s.Units {
		if u.Side != FEF || u.Loc != LocStandby || u.Avail > s.Turn || u.Type == "DR" {
			continue
		}
		var hs []adjudicator.Choice
		seen := map[string]bool{}
		for _, x := range r.d.Map.Urban {
			if _, why := r.fefPlaceWhy(s, u, x.Hex, false); why == "" {
				hs = append(hs, leaf(x.Hex))
				seen[x.Hex] = true
			}
			if x.Airstrip && r.typ(u).Nationality != "minority" {
				if _, why := r.fefPlaceWhy(s, u, x.Hex, true); why == "" && !seen[x.Hex] {
					hs = append(hs, adjudicator.Choice{Word: x.Hex, Next: []adjudicator.Choice{leaf("air")}})
				}
			}
		}
		if r.typ(u).Nationality == "minority" {
			hs = nil
			for _, id := range r.geo.ids {
				if _, why := r.fefPlaceWhy(s, u, id, false); why == "" {
					hs = append(hs, leaf(id))
				}
			}
		}
		if len(hs) > 0 {
			br = append(br, adjudicator.Choice{Word: token(u.ID), Next: hs})
		}
	}
	if hq := r.hqDue(s); hq != nil {
		var hs []string
		for _, h := range r.fefCities(s) {
			if r.urbanHex[h].Kind == "city" {
				hs = append(hs, h)
			}
		}
		if len(hs) > 0 {
			br = append(br, adjudicator.Choice{Word: token(hq.ID), Next: leaves(hs)})
		}
	}
	add("bring", "bring a unit in from the standby zone (3.7, 3.8)", br)
	if s.FEFDumpsDue > 0 {
		var hs []adjudicator.Choice
		for _, h := range r.fefDumpHexes(s) {
			hs = append(hs, leaf(h))
		}
		for _, x := range r.d.Map.Urban {
			if n, why := r.airstripCost(s, x.Hex, 3); why == "" && n <= s.FEFAir && !slices.Contains(r.fefDumpHexes(s), x.Hex) {
				hs = append(hs, adjudicator.Choice{Word: x.Hex, Next: []adjudicator.Choice{leaf("air")}})
			}
		}
		add("dump", "place a supply dump (3.10)", hs)
		out = append(out, adjudicator.Choice{Word: "skip", Complete: true, Help: "refrain from a supply dump: 4 battalions brought in free (3.7)"})
	}
	if len(s.Withdraw) > 0 {
		var ws []string
		for _, u := range r.withdrawable(s, s.Withdraw[0]) {
			ws = append(ws, token(u.ID))
		}
		add("withdraw", "withdraw a unit to the Saigon zone (3.9)", leaves(ws))
	}
	var rc []string
	for _, u := range s.Units {
		if u.Side == FEF && u.Loc == LocSaigon && u.Avail <= s.Turn {
			rc = append(rc, token(u.ID))
		}
	}
	add("recall", "bring a withdrawn unit back to the standby zone, 1 victory point (3.9)", leaves(rc))
	if s.FEFBought < 2 {
		var ns []string
		for n := 1; n+s.FEFBought <= 2; n++ {
			ns = append(ns, strconv.Itoa(n))
		}
		add("buy", "pay victory points for replacement steps, 4 a point (3.11)", leaves(ns))
	}
	if s.FEFSteps > 0 {
		var rp, rb []string
		for _, u := range s.Units {
			t := r.typ(u)
			if u.Side != FEF || t.Steps == 0 {
				continue
			}
			switch {
			case onMap(u.Loc) && u.Steps < t.Steps && t.Nationality != "minority":
				if ok, air := r.fefRefitVia(s, u.Loc); ok && (!air || s.FEFAir > 0 || s.FEFAirSteps%6 != 0) {
					rp = append(rp, token(u.ID))
				}
			case u.Loc == LocDead && s.FEFSteps >= 2, u.Loc == LocPerm && s.FEFSteps >= 4:
				rb = append(rb, token(u.ID))
			}
		}
		add("replace", "flip a reduced unit back, 1 step (3.11)", leaves(rp))
		add("rebuild", "rebuild a dead unit into the standby zone, 2 steps (4 permanently dead) (3.11)", leaves(rb))
	}
	return out
}

func nearAny(h string, centers []string, n int) bool {
	for _, c := range centers {
		if dist(h, c) <= n {
			return true
		}
	}
	return false
}

// hexPlaces: hexes by row and column, for nearPlaces (an id that is no
// hex is left out: it is near nothing).
func hexPlaces(ids []string) [][2]int {
	var out [][2]int
	for _, id := range ids {
		if row, col, ok := ParseHex(id); ok {
			out = append(out, [2]int{row, col})
		}
	}
	return out
}

// nearPlaces is nearAny for hex number i of the board.
func (r *Rules) nearPlaces(i int, places [][2]int, n int) bool {
	rc := r.geo.rowCol[i]
	for _, p := range places {
		if Distance(rc[0], rc[1], p[0], p[1]) <= n {
			return true
		}
	}
	return false
}

// vmPlacer: where VM regiments may be rebuilt or reinforcements placed
// (3.3, 3.5), the board counted once and the hexes once for the units
// that place alike: the same type, trench and stacking points (issue
// 31).
type vmPlacer struct {
	r     *Rules
	s     *State
	memo  map[vmPlaceKey][]string
	cands []string // the hexes within 3 of Uncle Ho/Giap, Thai Nguyen or Thanh Hoa, counted
	fef   map[string]bool
	hos   []string
	sup   func(u *Unit, hex string) bool
	stack map[string]int
}

type vmPlaceKey struct {
	typ    string
	trench bool
	add    int
}

func (r *Rules) newVMPlacer(s *State) *vmPlacer {
	return &vmPlacer{r: r, s: s, memo: map[vmPlaceKey][]string{}}
}

func (p *vmPlacer) hexes(u *Unit) []string {
	r, s := p.r, p.s
	add := r.valuesAt(r.typ(u), u.ID, max(u.Steps, 1)).Stack
	key := vmPlaceKey{u.Type, u.Trench, add}
	if out, ok := p.memo[key]; ok {
		return out
	}
	var out []string
	if r.typ(u).Kind == "artillery" {
		for _, c := range r.d.Map.SupplyCenters.Centers {
			if r.vmPlaceWhy(s, u, c.Hex) == "" && !slices.Contains(out, c.Hex) {
				out = append(out, c.Hex)
			}
		}
		sort.Strings(out)
		p.memo[key] = out
		return out
	}
	// vmPlaceWhy with the board counted once
	if p.fef == nil {
		p.hos = r.hoHexes(s)
		near := hexPlaces(p.hos)
		for i, id := range r.geo.ids {
			if r.nearPlaces(i, near, 3) {
				p.cands = append(p.cands, id)
			}
		}
		p.fef = r.occupiedBy(s, FEF)
		p.sup = r.supplyContext(s)
		p.stack = map[string]int{}
		for _, x := range s.Units {
			if x.Side == VM && onMap(x.Loc) {
				p.stack[x.Loc] += r.values(x).Stack
			}
		}
	}
	for _, h := range p.cands {
		if p.fef[h] || r.hexes[h].Terrain == "sea" || p.stack[h]+add > r.stackLimit(h) || r.urbanFEF(s, h) {
			continue
		}
		if !r.within3(h, p.fef, func(x string) bool { return slices.Contains(p.hos, x) }) || !p.sup(u, h) {
			continue
		}
		out = append(out, h)
	}
	sort.Strings(out)
	p.memo[key] = out
	return out
}

// langSonRail: the railway hexes from the Chinese railway supply center
// to Lang Son, both included, or nil when none joins them (3.6, The Map).
func (r *Rules) langSonRail() []string {
	ls, ok := r.urban["Lang Son"]
	if !ok {
		return nil
	}
	center := r.railwayCenter()
	for _, p := range r.d.Paths.Railways {
		i, j := slices.Index(p.Hexes, center), slices.Index(p.Hexes, ls.Hex)
		if i < 0 || j < 0 {
			continue
		}
		if i > j {
			i, j = j, i
		}
		return p.Hexes[i : j+1]
	}
	return nil
}

// langSonWhy: why Lang Son may not now stand for the Chinese railway
// supply center ("" when it may; 3.6: "if it and the railway is
// VM-friendly"; The Map: "If Lang Son is friendly to the VM and the
// railway is clear of FEF units"; RULINGS T47, T48).
func (r *Rules) langSonWhy(s *State) string {
	rail := r.langSonRail()
	if rail == nil {
		return "3.6: no railway joins the Chinese railway supply center to Lang Son"
	}
	if !slices.Contains(s.VMFriendly, "Lang Son") {
		return "3.6: Lang Son is not friendly to the VM"
	}
	fef := r.occupiedBy(s, FEF)
	for _, h := range rail {
		if fef[h] {
			return fmt.Sprintf("3.6: the railway to Lang Son is not clear of FEF units (%s)", h)
		}
	}
	return ""
}

// railwayWhy: why the VM may not move what stands at the Chinese railway
// supply center to Lang Son now ("" when it may; RULINGS T47).
func (r *Rules) railwayWhy(s *State) string {
	if why := r.langSonWhy(s); why != "" {
		return why
	}
	center := r.railwayCenter()
	for _, u := range s.Units {
		if u.Side == VM && u.Loc == center {
			return ""
		}
	}
	return "3.6: nothing of the VM's stands at the Chinese railway supply center"
}

// railwayOrder: `railway`: all the VM's supply dumps and units at the
// Chinese railway supply center move to Lang Son, whenever the VM wishes
// while it is awaited (3.6; RULINGS T47).
func (r *Rules) railwayOrder(s *State, side string, args []string, ev *events) error {
	if side != VM {
		return fail("3.6: the railway to Lang Son is the VM's")
	}
	if len(args) > 0 {
		return fail("`railway` takes nothing after it")
	}
	if why := r.railwayWhy(s); why != "" {
		return fail("%s", why)
	}
	center, ls := r.railwayCenter(), r.urban["Lang Son"].Hex
	var us []*Unit
	for _, u := range s.Units {
		if u.Side == VM && u.Loc == center {
			us = append(us, u)
		}
	}
	if why := r.stackRoom(s, VM, us, ls); why != "" {
		return fail("3.6: %s", why)
	}
	for _, u := range us {
		u.Loc = ls
	}
	mark := len(ev.list)
	r.announceMove(s, VM, us, center, []string{ls}, ev)
	for i := mark; i < len(ev.list); i++ {
		ev.list[i].Text = strings.Replace(ev.list[i].Text, "5.1: ", "3.6: by the railway, ", 1)
	}
	r.railEntry(s, VM, ls, ev)
	return nil
}
