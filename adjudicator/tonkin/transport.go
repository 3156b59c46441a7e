package tonkin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Transports (5.3-5.8): truck, air, foot, river (Dinassauts) and ship,
// in a movement phase or for an operation point (option a), RULINGS T41).

// The transports' movement classes (rules.go registers them).
const (
	truckFEF = "TRUCK-FEF"
	truckVM  = "TRUCK-VM"
	footVM   = "FOOT-VM"
)

// transUsed: transports of a kind used in this movement phase or in the
// operation point being spent (5.3: up to 3 of one kind; the ship once,
// 5.7).
func (s *State) transUsed(kind string) int { return s.Trans[kindKey(kind)] }

func kindKey(kind string) string {
	if kind == "drop" {
		return "air" // airdrops are air transports (5.6)
	}
	return kind
}

func (s *State) useTrans(kind string, n int) {
	if s.Trans == nil {
		s.Trans = map[string]int{}
	}
	s.Trans[kindKey(kind)] += n
}

func movementPhase(p string) bool {
	return p == PhaseMove1 || p == PhaseMove2 || p == PhaseEnd1 || p == PhaseEnd2
}

func opsPhase(p string) bool { return p == PhaseOps1 || p == PhaseOps2 }

// carried: the units and dumps of a load: a unit token, several joined by
// "+", or a hex (every unit there the transport may carry); all in one
// hex (5.3: "stacked together at the beginning of their move").
func (r *Rules) carried(s *State, side, w, kind string) ([]*Unit, error) {
	ok := func(u *Unit) string {
		t := r.typ(u)
		switch {
		case !onMap(u.Loc):
			return fmt.Sprintf("%s is not on the map", u.ID)
		case movementPhase(s.Phase) && u.Moved:
			return fmt.Sprintf("%s has moved this phase: normal movement and transport do not combine, and a unit goes by transport once a phase (5.3)", u.ID)
		case t.Kind == "garrison", t.Kind == "transport":
			return fmt.Sprintf("%s is not carried", u.ID)
		case motorized(t) && kind != "ship":
			return fmt.Sprintf("%s is motorized: only the ship carries motorized units (5.3, 5.7)", u.ID)
		case t.Kind == "naval":
			return fmt.Sprintf("%s is a Dinassaut: it moves itself", u.ID)
		case kind == "foot" && t.Kind != "dump":
			return "foot transports carry supply dumps only (5.5)"
		case kind == "drop" && t.Kind != "dump" && !t.Para:
			return fmt.Sprintf("%s is not airborne: only para units and supply dumps are airdropped (5.6)", u.ID)
		}
		return ""
	}
	var us []*Unit
	if _, isHex := r.hexes[w]; isHex {
		for _, u := range s.Units {
			if u.Side == side && u.Loc == w && ok(u) == "" {
				us = append(us, u)
			}
		}
		if len(us) == 0 {
			return nil, fail("%s has nothing at %s that a %s transport may carry", sideName(side), w, kind)
		}
		return us, nil
	}
	for _, part := range strings.Split(w, "+") {
		u := s.findUnit(side, part)
		if u == nil {
			return nil, fail("%q is not one of your units or dumps (write it with _ for spaces, several joined by +, or a hex id)", part)
		}
		if why := ok(u); why != "" {
			return nil, fail("%s", why)
		}
		if len(us) > 0 && u.Loc != us[0].Loc {
			return nil, fail("%s is at %s and %s at %s: a transport carries units stacked together (5.3)", us[0].ID, us[0].Loc, u.ID, u.Loc)
		}
		if !slices.Contains(us, u) {
			us = append(us, u)
		}
	}
	return us, nil
}

// load: the stacking points carried (Basics: Stacking: a dump carried is
// 3, Uncle Ho/Giap and the HQ 1).
func (r *Rules) load(us []*Unit) int {
	n := 0
	for _, u := range us {
		switch r.typ(u).Kind {
		case "dump":
			n += 3
		case "leader", "hq":
			n++
		default:
			n += r.values(u).Stack
		}
	}
	return n
}

// transportOrder: `truck|air|drop|foot|ship <load> <hex>`, `river <DNA>
// <load> <hex>`. In an operation phase it is option a) for one point.
func (r *Rules) transportOrder(s *State, side, kind string, args []string, dice adjudicator.Dice, ev *events) error {
	if !movementPhase(s.Phase) && !opsPhase(s.Phase) {
		return fail("5.8: transports are used in the movement phases or for an operation point")
	}
	if opsPhase(s.Phase) {
		s.Trans = nil // 5.3: the count is per operation point
	}
	switch kind {
	case "truck":
		return r.truckOrder(s, side, args, ev)
	case "foot":
		return r.footOrder(s, side, args, ev)
	case "air", "drop", "ship", "river":
		if side != FEF {
			return fail("5.6, 5.7: %s transports are the FEF's", kind)
		}
	}
	switch kind {
	case "air":
		return r.airOrder(s, args, ev)
	case "drop":
		return r.dropOrder(s, args, dice, ev)
	case "ship":
		return r.shipOrder(s, args, ev)
	}
	return r.riverOrder(s, args, ev)
}

// arrive puts a load at its destination (6.10: a friendly trench there
// entrenches it; leaving one leaves it) and marks it moved.
func (r *Rules) arrive(s *State, side string, us []*Unit, dest string) {
	entrenched := r.trenchAt(s, side, dest)
	for _, u := range us {
		u.Loc, u.Moved = dest, true
		u.Trench = entrenched && r.typ(u).Kind != "dump"
	}
}

// trenchAt: the side has a trench at hex (6.10): one of its units there
// is entrenched, or its entrenched garrison is there (6.3 c, RULINGS
// T71).
func (r *Rules) trenchAt(s *State, side, hex string) bool {
	for _, u := range s.Units {
		if u.Side == side && u.Loc == hex && u.Trench {
			return true
		}
	}
	g := r.garrisonAt(s, hex)
	return side == FEF && g != "" && slices.Contains(s.GarrisonTrench, g)
}

// stackRoom: why the stack us may not end at dest (Basics: Stacking),
// "" when it may.
func (r *Rules) stackRoom(s *State, side string, us []*Unit, dest string) string {
	moving := map[string]bool{}
	n := 0
	for _, u := range us {
		moving[u.ID] = true
		n += r.values(u).Stack
	}
	if have := r.stackAt(s, side, dest, moving); have+n > r.stackLimit(dest) {
		return fmt.Sprintf("%s cannot take %d more stacking points: %d there, at most %d in %s terrain (Basics: Stacking)", dest, n, have, r.stackLimit(dest), r.hexes[dest].Terrain)
	}
	return ""
}

func (r *Rules) destCheck(s *State, side string, us []*Unit, dest string) string {
	if _, ok := r.hexes[dest]; !ok {
		return fmt.Sprintf("%q is not a hex of the map", dest)
	}
	for _, u := range us {
		if r.typ(u).Kind == "dump" {
			if r.hexes[dest].Terrain == "sea" {
				return fmt.Sprintf("%s cannot be at %s: it is all sea", u.ID, dest)
			}
			continue
		}
		if ok, why := r.mayEnter(r.typ(u), dest); !ok {
			return fmt.Sprintf("%s cannot be at %s: %s", u.ID, dest, why)
		}
	}
	if r.enemyAt(s, side, dest) {
		return fmt.Sprintf("enemy units are at %s (no overrun by transport, 6.4)", dest)
	}
	return r.stackRoom(s, side, us, dest)
}

// announceTrans: as a move (announceMove), with the transport named.
func (r *Rules) announceTrans(s *State, side, what string, us []*Unit, from, dest string, ev *events) {
	mark := len(ev.list)
	r.announceMove(s, side, us, from, []string{dest}, ev)
	for i := mark; i < len(ev.list); i++ {
		ev.list[i].Text = strings.Replace(ev.list[i].Text, "5.1: ", what+": ", 1)
		ev.list[i].Text = strings.TrimSuffix(ev.list[i].Text, ".") + " by " + strings.SplitN(what, " ", 2)[1] + "."
	}
	if slices.ContainsFunc(us, func(u *Unit) bool { return r.typ(u).Kind != "dump" }) {
		r.railEntry(s, side, dest, ev)
	}
}

// truckWhy: why a load may not board a truck at a hex (5.4 a, b; "" when
// it may).
func (r *Rules) truckWhy(s *State, side, at string) string {
	return r.truckBoarding(s, side)(at)
}

// truckBoarding is truckWhy for many hexes, the board counted once.
func (r *Rules) truckBoarding(s *State, side string) func(at string) string {
	if side == VM {
		return func(at string) string {
			if !r.roadToCenter(s, at) {
				return fmt.Sprintf("5.4 b): VM units and dumps take trucks on a road leading back to a supply center, and %s is not", at)
			}
			return ""
		}
	}
	cities := r.fefCityHexes(s)
	blocked := r.occupiedBy(s, VM)
	near := func(h string) bool {
		return r.within3(h, blocked, func(x string) bool { return slices.Contains(cities, x) })
	}
	var hqs []string
	for _, u := range s.Units {
		if u.Type == "HQ" && onMap(u.Loc) && near(u.Loc) {
			hqs = append(hqs, u.Loc)
		}
	}
	return func(at string) string {
		if near(at) || len(hqs) > 0 && r.within3(at, blocked, func(x string) bool { return slices.Contains(hqs, x) }) {
			return ""
		}
		return fmt.Sprintf("5.4 a): FEF units take trucks within 3 hexes of a friendly city, or of the HQ within 3 hexes of one, and %s is not", at)
	}
}

// fefCityHexes: the FEF-friendly cities (5.4 a: cities, not harbors).
func (r *Rules) fefCityHexes(s *State) []string {
	var out []string
	for _, u := range r.d.Map.Urban {
		if u.Kind == "city" && r.fefFriendly(s, u.Hex) {
			out = append(out, u.Hex)
		}
	}
	return out
}

// truckRoute: the hexes a truck from at reaches (14 motorized movement
// points, doubled out of enemy ZOC, 5.2, 5.4).
func (r *Rules) truckRoute(s *State, side, at string) route {
	return r.truckRouteOn(r.moveBoard(s, side), side, at)
}

// truckRouteOn is truckRoute on side's board b, counted once for many
// hexes (the route's cost and path hold until b's next reach).
func (r *Rules) truckRouteOn(b *moveBoard, side, at string) route {
	code := truckFEF
	if side == VM {
		code = truckVM
	}
	t := r.types[code]
	return r.reachFrom(b, r.class(t), at, 2*t.Motor, true)
}

// trucksFor: the truck transports a load needs: the fewest that hold it
// at 6 stacking points each, no counter split between two (5.4); the
// parts of a split load may share a truck (5.3, RULINGS T50).
func (r *Rules) trucksFor(us []*Unit) int {
	per := r.chartInt("truck_transport", "stacking")
	var sizes []int
	total := 0
	for _, u := range us {
		n := r.load([]*Unit{u})
		if n > per {
			return len(us) + 1 // cannot be carried at all
		}
		sizes = append(sizes, n)
		total += n
	}
	slices.SortFunc(sizes, func(a, b int) int { return b - a })
	for k := max(1, (total+per-1)/per); ; k++ {
		if packs(sizes, make([]int, k), per) {
			return k
		}
	}
}

// packs: whether the sizes fit bins of capacity per (bins holds what is
// in each so far), largest first.
func packs(sizes, bins []int, per int) bool {
	if len(sizes) == 0 {
		return true
	}
	for i := range bins {
		if bins[i]+sizes[0] > per || slices.Contains(bins[:i], bins[i]) {
			continue // full, or the same as a bin tried already
		}
		bins[i] += sizes[0]
		ok := packs(sizes[1:], bins, per)
		bins[i] -= sizes[0]
		if ok {
			return true
		}
	}
	return false
}

// truckOrder: `truck <load> <hex> [<load> <hex>]`: up to 3 truck
// transports carry a load of one hex to one hex, or split in two parts to
// two hexes (5.3: "Each truck transport may move 2 stacks in 2 different
// hexes"; 5.4; RULINGS T50).
func (r *Rules) truckOrder(s *State, side string, args []string, ev *events) error {
	if len(args) != 2 && len(args) != 4 {
		return fail("usage: `truck <unit|unit+unit|hex> <hex>`, or split in two hexes `truck <units> <hex> <units> <hex>`: 6 stacking points a truck transport, up to 3 at a time (5.3, 5.4)")
	}
	left := &s.FEFTrucks
	if side == VM {
		left = &s.VMTrucks
	}
	type part struct {
		us   []*Unit
		dest string
	}
	var parts []part
	var all []*Unit
	for i := 0; i < len(args); i += 2 {
		us, err := r.carried(s, side, args[i], "truck")
		if err != nil {
			return err
		}
		for _, u := range us {
			if slices.Contains(all, u) {
				return fail("5.4: %s is in both parts of the load; each counter goes to one hex", u.ID)
			}
		}
		if len(all) > 0 && us[0].Loc != all[0].Loc {
			return fail("5.3: a truck transport carries units stacked together at the beginning of its move: %s is at %s and %s at %s", all[0].ID, all[0].Loc, us[0].ID, us[0].Loc)
		}
		all = append(all, us...)
		parts = append(parts, part{us, args[i+1]})
	}
	if len(parts) == 2 && parts[0].dest == parts[1].dest {
		return fail("5.4: a split load goes to two different hexes; to carry it all to %s write `truck %s+%s %s`", parts[0].dest, args[0], args[2], parts[0].dest)
	}
	n := r.trucksFor(all)
	switch {
	case n+s.transUsed("truck") > 3:
		return fail("5.3: up to 3 truck transports at a time (this load needs %d, %d used)", n, s.transUsed("truck"))
	case n > *left:
		return fail("5.8: this load needs %d truck transport(s) and %s has %d left this turn", n, sideName(side), *left)
	}
	from := all[0].Loc
	if why := r.truckWhy(s, side, from); why != "" {
		return fail("%s", why)
	}
	rt := r.truckRoute(s, side, from)
	for _, p := range parts {
		if why := r.destCheck(s, side, p.us, p.dest); why != "" {
			return fail("%s", why)
		}
		if _, ok := rt.cost(p.dest); !ok {
			return fail("5.4: no truck route from %s reaches %s within 14 motorized movement points (doubled out of enemy ZOC, 5.2)", from, p.dest)
		}
	}
	*left -= n
	s.useTrans("truck", n)
	what := fmt.Sprintf("5.4 %d truck transport(s)", n)
	for _, p := range parts {
		r.arrive(s, side, p.us, p.dest)
		r.announceTrans(s, side, what, p.us, from, p.dest, ev)
		what = "5.4 the same truck transport(s)"
	}
	return nil
}

func (r *Rules) footOrder(s *State, side string, args []string, ev *events) error {
	if side != VM {
		return fail("5.5: foot transports are the VM's")
	}
	if len(args) != 2 {
		return fail("usage: `foot <dump> <hex>`: a supply dump carried 6 VM foot movement points (5.5)")
	}
	us, err := r.carried(s, VM, args[0], "foot")
	if err != nil {
		return err
	}
	if len(us) != 1 {
		return fail("5.5: a foot transport carries 1 supply dump")
	}
	if s.transUsed("foot") >= 3 {
		return fail("5.3: up to 3 foot transports at a time")
	}
	from, dest := us[0].Loc, args[1]
	if why := r.destCheck(s, VM, us, dest); why != "" {
		return fail("%s", why)
	}
	t := r.types[footVM]
	if _, ok := r.reachFrom(r.moveBoard(s, VM), r.class(t), from, 2*t.Move, true).cost(dest); !ok {
		return fail("5.5: %s is beyond 6 VM foot movement points of %s (doubled out of enemy ZOC, 5.2)", dest, from)
	}
	if s.VMFoot == 0 {
		// 5.5: both spent: 2 new ones for a victory point.
		s.VMFoot = r.chartInt("foot_transport", "per_turn")
		r.addVP(s, r.chartInt("foot_transport", "reset_cost_vp"), ev, "5.5: the VM resets its foot transports")
	}
	s.VMFoot--
	s.useTrans("foot", 1)
	r.arrive(s, VM, us, dest)
	r.announceTrans(s, VM, "5.5 foot transport", us, from, dest, ev)
	return nil
}

// airCost: the air transports to carry load stacking points from one
// friendly airstrip to another (5.6), or why not: no take-off or landing
// with VM artillery not Desorg within 1 hex; twice as dear to an
// airstrip with no trench and a VM regiment not Desorg within 1 hex
// (RULINGS T38: a closed forest stack is a regiment, never artillery).
func (r *Rules) airCost(s *State, from, to string, load int) (int, string) {
	return r.airCostX(s, from, to, load, r.airstripCostX)
}

// airCostX is airCost with airstripCostX given (memoized for the legal
// tree).
func (r *Rules) airCostX(s *State, from, to string, load int, stripCost func(s *State, hex string, stack, factor int) (int, string)) (int, string) {
	if u, ok := r.urbanHex[from]; !ok || !u.Airstrip || !r.fefFriendly(s, from) {
		return 0, fmt.Sprintf("5.6: air transports leave from a friendly airstrip, and %s is not one", from)
	}
	n, why := stripCost(s, to, load, 1)
	if why != "" {
		if !strings.HasPrefix(why, "5.6") {
			why = "5.6: " + why
		}
		return 0, why
	}
	if _, why := stripCost(s, from, 0, r.chartInt("air_transport", "standby_factor")); strings.Contains(why, "artillery") {
		return 0, strings.Replace(why, "no landing", "no take-off", 1)
	}
	return n, ""
}

func (r *Rules) airOrder(s *State, args []string, ev *events) error {
	if len(args) != 2 {
		return fail("usage: `air <unit|unit+unit|hex> <airstrip hex>`: 3 stacking points an air transport, from one friendly airstrip to another (5.6)")
	}
	us, err := r.carried(s, FEF, args[0], "air")
	if err != nil {
		return err
	}
	from, dest := us[0].Loc, args[1]
	if why := r.destCheck(s, FEF, us, dest); why != "" {
		return fail("%s", why)
	}
	n, why := r.airCost(s, from, dest, r.load(us))
	if why != "" {
		return fail("%s", why)
	}
	if err := r.spendAir(s, n); err != nil {
		return err
	}
	r.arrive(s, FEF, us, dest)
	r.announceTrans(s, FEF, fmt.Sprintf("5.6 %d air transport(s)", n), us, from, dest, ev)
	return nil
}

func (r *Rules) spendAir(s *State, n int) error {
	switch {
	case n+s.transUsed("air") > 3:
		return fail("5.3: up to 3 air transports at a time (this needs %d, %d used)", n, s.transUsed("air"))
	case n > s.FEFAir:
		return fail("5.8: this needs %d air transport(s) and %d are left this turn", n, s.FEFAir)
	}
	s.FEFAir -= n
	s.useTrans("air", n)
	return nil
}

// dropGroundWhy: why nothing may be airdropped at hex (5.6: "any hex
// with no forest or mountain", not all sea), "" when it may.
func (r *Rules) dropGroundWhy(hex string) string {
	h, ok := r.hexes[hex]
	switch {
	case !ok:
		return fmt.Sprintf("%q is not a hex of the map", hex)
	case h.Terrain == "forest" || h.Terrain == "rough-forest" || h.Terrain == "mountain" || h.Terrain == "sea":
		return fmt.Sprintf("5.6: airdrops go to a hex with no forest or mountain, not all sea; %s is %s", hex, h.Terrain)
	}
	return ""
}

// dropStripWhy: why an airdrop may not leave from (5.6: a friendly
// airstrip), "" when it may.
func (r *Rules) dropStripWhy(s *State, from string) string {
	if u, ok := r.urbanHex[from]; !ok || !u.Airstrip || !r.fefFriendly(s, from) {
		return fmt.Sprintf("5.6: airdrops leave from a friendly airstrip, and %s is not one", from)
	}
	// 5.6: "No takeoff or landing is allowed if there is VM artillery,
	// which is not Desorg, within 1 hex of the airstrip": an airdrop takes
	// off too. Artillery the FEF cannot see (in a closed forest stack)
	// does not stop it (RULINGS T38, T79).
	if _, why := r.airstripCost(s, from, 0); strings.Contains(why, "artillery") {
		return strings.Replace(why, "no landing", "no take-off, an airdrop's included", 1)
	}
	return ""
}

// dropWhy: why a load may not be airdropped at hex (5.6; "" when it may).
func (r *Rules) dropWhy(s *State, hex string) string {
	switch {
	case r.dropGroundWhy(hex) != "":
		return r.dropGroundWhy(hex)
	case r.enemyAt(s, FEF, hex):
		return fmt.Sprintf("6.4: an airdrop onto a VM unit is an overrun, made only for an operation point (`drop <para> <hex> [press]`); %s holds VM units", hex)
	}
	return ""
}

// dropOrder: para units and dumps from a friendly airstrip onto a hex
// with no forest or mountain; 3 stacking points an air transport,
// doubled with VM artillery not Desorg within 1 hex; a dump dropped
// within 1 hex of a VM unit drifts onto a VM stack there on 5-6 (5.6).
func (r *Rules) dropOrder(s *State, args []string, dice adjudicator.Dice, ev *events) error {
	if len(args) != 2 {
		return fail("usage: `drop <unit|unit+unit|hex> <hex>`: airborne units and supply dumps from a friendly airstrip (5.6)")
	}
	us, err := r.carried(s, FEF, args[0], "drop")
	if err != nil {
		return err
	}
	from, dest := us[0].Loc, args[1]
	if why := r.dropStripWhy(s, from); why != "" {
		return fail("%s", why)
	}
	if why := r.dropWhy(s, dest); why != "" {
		return fail("%s", why)
	}
	if why := r.destCheck(s, FEF, us, dest); why != "" {
		return fail("%s", why)
	}
	n := r.dropTransports(s, us, dest)
	if err := r.spendAir(s, n); err != nil {
		return err
	}
	r.arrive(s, FEF, us, dest)
	r.announceTrans(s, FEF, fmt.Sprintf("5.6 %d air transport(s)", n), us, from, dest, ev)
	ev.list[len(ev.list)-1].Text = strings.Replace(ev.list[len(ev.list)-1].Text, "moves", "airdrops", 1)
	// the drift of dumps near the VM
	var near []string
	for _, x := range s.Units {
		if x.Side == VM && onMap(x.Loc) && dist(x.Loc, dest) == 1 && !slices.Contains(near, x.Loc) {
			near = append(near, x.Loc)
		}
	}
	slices.Sort(near)
	if len(near) == 0 {
		return nil
	}
	for _, u := range us {
		if r.typ(u).Kind != "dump" {
			continue
		}
		d := dice.Roll(6)
		if d <= 4 {
			ev.pub("5.6: %s is dropped within 1 hex of the VM: roll %d, it lands at %s.", u.ID, d, dest)
			continue
		}
		ev.pub("5.6: %s is dropped within 1 hex of the VM: roll %d, it drifts onto the VM stack at %s.", u.ID, d, near[0])
		u.Loc = near[0]
		r.capture(s, VM, u, ev)
	}
	return nil
}

func (r *Rules) harbor(s *State, hex string) bool {
	u, ok := r.urbanHex[hex]
	return ok && u.Harbor && r.fefFriendly(s, hex)
}

func (r *Rules) shipOrder(s *State, args []string, ev *events) error {
	if len(args) != 2 {
		return fail("usage: `ship <unit|unit+unit|hex> <harbor hex>`: 3 stacking points between two friendly harbors (5.7)")
	}
	if s.transUsed("ship") > 0 {
		return fail("5.7: the ship transport sails once a movement phase or operation point")
	}
	us, err := r.carried(s, FEF, args[0], "ship")
	if err != nil {
		return err
	}
	from, dest := us[0].Loc, args[1]
	if !r.harbor(s, from) || !r.harbor(s, dest) || from == dest {
		return fail("5.7: the ship carries between two friendly harbors")
	}
	if n := r.load(us); n > r.chartInt("ship_transport", "stacking") {
		return fail("5.7: the ship carries 3 stacking points, and this load is %d", n)
	}
	if why := r.destCheck(s, FEF, us, dest); why != "" {
		return fail("%s", why)
	}
	s.useTrans("ship", 1)
	r.arrive(s, FEF, us, dest)
	r.announceTrans(s, FEF, "5.7 the ship transport", us, from, dest, ev)
	return nil
}

// riverOrder: `river <DNA> <load> <hex>`: a Dinassaut moves along
// navigable rivers and the coast carrying 3 stacking points of its hex
// (5.7).
func (r *Rules) riverOrder(s *State, args []string, ev *events) error {
	if len(args) != 3 {
		return fail("usage: `river <Dinassaut> <unit|unit+unit> <hex>`: the Dinassaut carries 3 stacking points along navigable rivers and the coast (5.7)")
	}
	dna := s.findUnit(FEF, args[0])
	if dna == nil || r.typ(dna).Kind != "naval" || !onMap(dna.Loc) {
		return fail("5.7: %q is not a Dinassaut on the map", args[0])
	}
	if movementPhase(s.Phase) && dna.Moved {
		return fail("%s has moved this phase", dna.ID)
	}
	if s.transUsed("river") >= 3 {
		return fail("5.3: up to 3 river transports at a time")
	}
	us, err := r.carried(s, FEF, args[1], "river")
	if err != nil {
		return err
	}
	if us[0].Loc != dna.Loc {
		return fail("5.7: the Dinassaut carries units stacked with it at %s", dna.Loc)
	}
	if n := r.load(us); n > r.chartInt("ship_transport", "stacking") {
		return fail("5.7: a Dinassaut carries 3 stacking points, and this load is %d", n)
	}
	from, dest := dna.Loc, args[2]
	if why := r.destCheck(s, FEF, append([]*Unit{dna}, us...), dest); why != "" {
		return fail("%s", why)
	}
	b := r.moveBoard(s, FEF)
	if _, ok := r.reach(b, dna).cost(dest); !ok {
		return fail("%s", r.whyNot(b, []*Unit{dna}, dest))
	}
	s.useTrans("river", 1)
	r.arrive(s, FEF, append([]*Unit{dna}, us...), dest)
	r.announceTrans(s, FEF, "5.7 river transport", append([]*Unit{dna}, us...), from, dest, ev)
	return nil
}

// fastBoard: what the legal tree checks of a destination, counted once
// (the enemy's hexes, the side's stacking points by hex number).
type fastBoard struct {
	r     *Rules
	enemy []bool
	stack []int
}

func (r *Rules) newFastBoard(s *State, side string) *fastBoard {
	f := &fastBoard{r: r, enemy: r.occupied(s, other(side)), stack: make([]int, len(r.geo.ids))}
	for _, u := range s.Units {
		if i, ok := r.geo.idx[u.Loc]; ok && u.Side == side {
			f.stack[i] += r.values(u).Stack
		}
	}
	return f
}

// ok is destCheck for the legal tree: us may be carried to hex number i.
func (f *fastBoard) ok(us []*Unit, i int) bool {
	r := f.r
	g := r.geo
	if f.enemy[i] {
		return false
	}
	n := 0
	for _, u := range us {
		t := r.typ(u)
		if t.Kind == "dump" {
			if g.sea[i] {
				return false
			}
		} else if !r.class(t).enter[i] {
			return false
		}
		if u.Loc != g.ids[i] {
			n += r.values(u).Stack
		}
	}
	return f.stack[i]+n <= g.limit[i]
}

// leavesAt: the hexes of numbers in as the tree's last words, in one
// allocation (nil when none).
func leavesAt(ids []string, in []int32) []adjudicator.Choice {
	if len(in) == 0 {
		return nil
	}
	out := make([]adjudicator.Choice, len(in))
	for k, i := range in {
		out[k] = adjudicator.Choice{Word: ids[i], Complete: true}
	}
	return out
}

// fits is ok for many hexes: the load's classes, kinds and stacking
// points read once.
func (f *fastBoard) fits(us []*Unit) func(i int) bool {
	r := f.r
	g := r.geo
	dump := false
	var enter [][]bool
	type part struct {
		loc   string
		stack int
	}
	parts := make([]part, len(us))
	for k, u := range us {
		t := r.typ(u)
		if t.Kind == "dump" {
			dump = true
		} else {
			enter = append(enter, r.class(t).enter)
		}
		parts[k] = part{u.Loc, r.values(u).Stack}
	}
	return func(i int) bool {
		if f.enemy[i] || dump && g.sea[i] {
			return false
		}
		for _, e := range enter {
			if !e[i] {
				return false
			}
		}
		n := 0
		for _, p := range parts {
			if p.loc != g.ids[i] {
				n += p.stack
			}
		}
		return f.stack[i]+n <= g.limit[i]
	}
}

// transportChoices: the transport orders legal now, for the tree (one
// unit or dump at a time; a stack is ordered by its hex).
func (r *Rules) transportChoices(s *State, side string) []adjudicator.Choice {
	if !movementPhase(s.Phase) && !opsPhase(s.Phase) {
		return nil
	}
	var out []adjudicator.Choice
	cand := func(kind string, u *Unit) bool {
		_, err := r.carried(s, side, token(u.ID), kind)
		return err == nil
	}
	fb := r.newFastBoard(s, side)
	within := func(rt route, us []*Unit) []adjudicator.Choice {
		fits := fb.fits(us)
		in := make([]int32, 0, len(rt.hexes))
		for _, i := range rt.hexes {
			if fits(int(i)) {
				in = append(in, i)
			}
		}
		return leavesAt(r.geo.ids, in)
	}
	// trucks
	left := s.FEFTrucks
	if side == VM {
		left = s.VMTrucks
	}
	if capN := min(left, 3-s.transUsedNow("truck", s.Phase)); capN > 0 {
		dests := map[string][]adjudicator.Choice{}
		routes := map[string]*route{}
		boards := r.truckBoarding(s, side)
		var tb *moveBoard // the trucks' board, counted once (only best is kept of each route)
		var cands []*Unit
		keys := map[*Unit]string{}
		for _, u := range s.Units {
			if u.Side != side || !onMap(u.Loc) || !cand("truck", u) {
				continue
			}
			key := fmt.Sprintf("%s|%s|%d", u.Loc, u.Type, r.load([]*Unit{u}))
			ds, ok := dests[key]
			if !ok {
				rt, seen := routes[u.Loc]
				if !seen {
					if boards(u.Loc) == "" {
						if tb == nil {
							tb = r.moveBoard(s, side)
						}
						x := r.truckRouteOn(tb, side, u.Loc)
						rt = &x
					}
					routes[u.Loc] = rt
				}
				if rt != nil {
					ds = within(*rt, []*Unit{u})
				}
				dests[key] = ds
			}
			if len(ds) > 0 {
				cands = append(cands, u)
				keys[u] = key
			}
		}
		// 5.3, 5.4: a load split in two hexes (RULINGS T50). The tree
		// offers each pair of counters of a hex once, the first named
		// first, with the second part's hexes next to the first part's:
		// every split would be the square of the hexes.
		per := r.chartInt("truck_transport", "stacking")
		type info struct {
			key   int // the dests key, by number
			tok   string
			load  int
			loc   string
			dests []adjudicator.Choice
		}
		keyNum := map[string]int{}
		infos := make([]info, len(cands))
		byLoc := map[string][]int{}
		for i, u := range cands {
			k, ok := keyNum[keys[u]]
			if !ok {
				k = len(keyNum)
				keyNum[keys[u]] = k
			}
			infos[i] = info{k, token(u.ID), r.load([]*Unit{u}), u.Loc, dests[keys[u]]}
			byLoc[u.Loc] = append(byLoc[u.Loc], i)
		}
		in := map[int][]bool{}
		near := map[[2]int32][]adjudicator.Choice{}
		nearTo := func(x info, h int32) []adjudicator.Choice {
			if hs, ok := near[[2]int32{int32(x.key), h}]; ok {
				return hs
			}
			set, ok := in[x.key]
			if !ok {
				set = make([]bool, len(r.geo.ids))
				for _, d := range x.dests {
					set[r.geo.idx[d.Word]] = true
				}
				in[x.key] = set
			}
			var in [6]int32
			k := 0
			for _, n := range r.geo.nb[h] {
				if set[n] {
					in[k] = n
					k++
				}
			}
			hs := leavesAt(r.geo.ids, in[:k])
			near[[2]int32{int32(x.key), h}] = hs
			return hs
		}
		var loads []adjudicator.Choice
		for _, x := range infos {
			var partners []info
			for _, j := range byLoc[x.loc] {
				y := infos[j]
				need := 1
				if x.load+y.load > per {
					need = 2
				}
				if y.tok > x.tok && need <= capN {
					partners = append(partners, y)
				}
			}
			if len(partners) == 0 {
				loads = append(loads, adjudicator.Choice{Word: x.tok, Next: x.dests})
				continue
			}
			next := make([]adjudicator.Choice, len(x.dests))
			for i, d := range x.dests {
				next[i] = adjudicator.Choice{Word: d.Word, Complete: true}
				h := r.geo.idx[d.Word]
				for _, y := range partners {
					if hs := nearTo(y, h); len(hs) > 0 {
						next[i].Next = append(next[i].Next, adjudicator.Choice{Word: y.tok, Next: hs})
					}
				}
			}
			loads = append(loads, adjudicator.Choice{Word: x.tok, Next: next})
		}
		if len(loads) > 0 {
			out = append(out, adjudicator.Choice{Word: "truck", Help: "carry units or dumps by truck transport, to one hex or split in two: `truck <units> <hex> <units> <hex>` (5.3, 5.4)", Next: loads})
		}
	}
	if side == VM {
		if s.transUsedNow("foot", s.Phase) < 3 {
			var loads []adjudicator.Choice
			t := r.types[footVM]
			b := r.moveBoard(s, VM)
			for _, u := range s.Units {
				if u.Side != VM || u.Type != "DR" || !onMap(u.Loc) || !cand("foot", u) {
					continue
				}
				if ds := within(r.reachFrom(b, r.class(t), u.Loc, 2*t.Move, true), []*Unit{u}); len(ds) > 0 {
					loads = append(loads, adjudicator.Choice{Word: token(u.ID), Next: ds})
				}
			}
			if len(loads) > 0 {
				out = append(out, adjudicator.Choice{Word: "foot", Help: "carry a supply dump by foot transport (5.5)", Next: loads})
			}
		}
		return out
	}
	// air and drops from friendly airstrips
	var strips []string
	for _, x := range r.d.Map.Urban {
		if x.Airstrip && r.fefFriendly(s, x.Hex) {
			strips = append(strips, x.Hex)
		}
	}
	airLeft := min(s.FEFAir, 3-s.transUsedNow("air", s.Phase))
	costs := map[string]int{}
	type stripKey struct {
		hex           string
		stack, factor int
	}
	type stripCost struct {
		n   int
		why string
	}
	strip := map[stripKey]stripCost{}
	stripCostMemo := func(s *State, hex string, stack, factor int) (int, string) {
		k := stripKey{hex, stack, factor}
		c, ok := strip[k]
		if !ok {
			c.n, c.why = r.airstripCostX(s, hex, stack, factor)
			strip[k] = c
		}
		return c.n, c.why
	}
	var air, drop []adjudicator.Choice
	per := r.chartInt("air_transport", "stacking_per_transport")
	for _, u := range s.Units {
		if u.Side != FEF || airLeft <= 0 || !slices.Contains(strips, u.Loc) {
			continue
		}
		load := r.load([]*Unit{u})
		if cand("air", u) {
			var ds []adjudicator.Choice
			for _, h := range strips {
				i := int(r.geo.idx[h])
				if h == u.Loc || !fb.ok([]*Unit{u}, i) {
					continue
				}
				key := fmt.Sprintf("%s|%s|%d", u.Loc, h, load)
				n, ok := costs[key]
				if !ok {
					c, why := r.airCostX(s, u.Loc, h, load, stripCostMemo)
					n = c
					if why != "" {
						n = 1 << 20
					}
					costs[key] = n
				}
				if n <= airLeft {
					ds = append(ds, leaf(h))
				}
			}
			if len(ds) > 0 {
				air = append(air, adjudicator.Choice{Word: token(u.ID), Next: ds})
			}
		}
		if cand("drop", u) && (2*load+per-1)/per <= airLeft && r.dropStripWhy(s, u.Loc) == "" {
			var ds []adjudicator.Choice
			for i, h := range r.geo.ids {
				tt := r.hexes[h].Terrain
				if dist(h, u.Loc) <= 6 && (tt == "clear" || tt == "rough") && fb.ok([]*Unit{u}, i) {
					ds = append(ds, leaf(h))
				}
			}
			if len(ds) > 0 {
				drop = append(drop, adjudicator.Choice{Word: token(u.ID), Next: ds})
			}
		}
	}
	if len(air) > 0 {
		out = append(out, adjudicator.Choice{Word: "air", Help: "carry units or dumps by air between friendly airstrips (5.6)", Next: air})
	}
	if len(drop) > 0 {
		out = append(out, adjudicator.Choice{Word: "drop", Help: "airdrop para units or dumps (5.6; the legal tree offers hexes within 6 of the airstrip)", Next: drop})
	}
	// the ship
	if s.transUsedNow("ship", s.Phase) == 0 {
		var ports []string
		for _, x := range r.d.Map.Urban {
			if r.harbor(s, x.Hex) {
				ports = append(ports, x.Hex)
			}
		}
		var ship []adjudicator.Choice
		for _, u := range s.Units {
			if u.Side != FEF || !slices.Contains(ports, u.Loc) || !cand("ship", u) || r.load([]*Unit{u}) > 3 {
				continue
			}
			var ds []adjudicator.Choice
			for _, h := range ports {
				if h != u.Loc && fb.ok([]*Unit{u}, int(r.geo.idx[h])) {
					ds = append(ds, leaf(h))
				}
			}
			if len(ds) > 0 {
				ship = append(ship, adjudicator.Choice{Word: token(u.ID), Next: ds})
			}
		}
		if len(ship) > 0 {
			out = append(out, adjudicator.Choice{Word: "ship", Help: "carry 3 stacking points between two friendly harbors (5.7)", Next: ship})
		}
	}
	// Dinassauts carrying a unit of their hex
	if s.transUsedNow("river", s.Phase) < 3 {
		var river []adjudicator.Choice
		b := r.moveBoard(s, FEF)
		for _, d := range s.Units {
			if d.Side != FEF || r.typ(d).Kind != "naval" || !onMap(d.Loc) || movementPhase(s.Phase) && d.Moved {
				continue
			}
			var loads []adjudicator.Choice
			var rt *route
			for _, u := range s.Units {
				if u.Side != FEF || u.Loc != d.Loc || u == d || !cand("river", u) || r.load([]*Unit{u}) > 3 {
					continue
				}
				if rt == nil {
					x := r.reach(b, d)
					rt = &x
				}
				if ds := within(*rt, []*Unit{d, u}); len(ds) > 0 {
					loads = append(loads, adjudicator.Choice{Word: token(u.ID), Next: ds})
				}
			}
			if len(loads) > 0 {
				river = append(river, adjudicator.Choice{Word: token(d.ID), Next: loads})
			}
		}
		if len(river) > 0 {
			out = append(out, adjudicator.Choice{Word: "river", Help: "a Dinassaut carries units of its hex along the river or coast (5.7)", Next: river})
		}
	}
	return out
}

// transUsedNow: the count that limits the next transport: in a movement
// phase the phase's, in an operation phase none yet (each order is a
// point of its own).
func (s *State) transUsedNow(kind, phase string) int {
	if opsPhase(phase) {
		return 0
	}
	return s.transUsed(kind)
}
