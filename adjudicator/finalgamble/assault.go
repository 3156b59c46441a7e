package finalgamble

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// combatLimit is the number of Combat Markers: the most assaults in a
// phase (3.1 note).
func (r *Rules) combatLimit() int {
	if n := r.D.Units.Markers.Combat; n > 0 {
		return n
	}
	return r.D.Units.Markers.Assault
}

// live: an assault still to be fought (a Combat Marker: Assault,
// Surprise or Hesitate).
func (a *Assault) live() bool {
	return a.Marker == "assault" || a.Marker == "surprise" || a.Marker == "hesitate"
}

func (s *State) assaultOf(unit string) int {
	for i, a := range s.Assaults {
		if a.Unit == unit {
			return i
		}
	}
	return -1
}

func (s *State) assaultOn(target string) int {
	for i, a := range s.Assaults {
		if a.Target == target {
			return i
		}
	}
	return -1
}

// targetedByLive: a Combat Marker points at place p.
func (s *State) targetedByLive(p string) bool {
	for _, a := range s.Assaults {
		if a.Target == p && a.live() {
			return true
		}
	}
	return false
}

// assaultTargets lists a unit's legal declarations (3.1, 7.2).
func (r *Rules) assaultTargets(s *State, u *Unit) []string {
	return r.assaultTargetsIn(rooms{}, s, u)
}

// assaultTargetsIn is assaultTargets with the state's rooms, for a loop
// over units (a zero ri: the state's own, asked when needed).
func (r *Rules) assaultTargetsIn(ri rooms, s *State, u *Unit) []string {
	if !u.onMap() || s.assaultOf(u.ID) >= 0 || len(s.Assaults) >= r.combatLimit() {
		return nil
	}
	enemy := "French"
	if u.Side == "French" {
		enemy = "VM"
		if r.isArt(u) {
			return nil
		}
		// 7.2: one Assault Marker a hex
		for _, a := range s.Assaults {
			if a.From == u.Place() {
				return nil
			}
		}
	} else if r.shutDown(s, u.Formation) {
		return nil // 5.2-D: a Shut down division may not assault
	}
	var out []string
	if ri.p == nil {
		ri = r.roomsOf(s)
	}
	for _, n := range r.neighborsOf(u.Place()) {
		if ri.has(n, enemy) && s.assaultOn(n) < 0 {
			out = append(out, n)
		}
	}
	return out
}

// ---- 3.1 ----

func (r *Rules) startVMDeclare(s *State, d adjudicator.Dice, ev *events) bool {
	s.Assaults, s.Mortars, s.Rested = nil, nil, nil
	return true
}

func (r *Rules) mortarUnits(s *State) []string {
	if len(s.Mortars) >= r.supportMortars(&s.Setup) {
		return nil
	}
	used := map[string]bool{}
	for _, id := range s.Mortars {
		used[r.regiment(s.unit(id))] = true
	}
	var out []string
	for _, a := range s.Assaults {
		u := s.unit(a.Unit)
		if u != nil && !slices.Contains(s.Mortars, u.ID) && !used[r.regiment(u)] && r.vmLoC(s, u) {
			out = append(out, u.ID)
		}
	}
	return out
}

// declareAssault plays "assault UNIT HEX" for side (3.1, 7.2): an Assault
// Marker from the unit's hex on the hex it names; a refusal says what
// the section allows (allows) and lists the hexes the unit may assault.
// say opens the narration ("3.1: VM").
func (r *Rules) declareAssault(s *State, order string, args []string, side, allows, say string, ev *events) error {
	u, err := r.unitOrder(s, order, args, 3, "assault UNIT HEX", side)
	if err != nil {
		return err
	}
	ts := r.assaultTargets(s, u)
	if !slices.Contains(ts, args[2]) {
		return errf(order, "%s at %s cannot assault %s: %s; it may assault: %s", u.ID, r.where(u), args[2], allows, orNone(ts))
	}
	s.Assaults = append(s.Assaults, Assault{Unit: u.ID, From: u.Place(), Target: args[2], Marker: "assault"})
	ev.say("%s %s at %s declares an assault on %s.", say, u.ID, r.where(u), args[2])
	ev.mark("assault", u.Place(), args[2])
	return nil
}

func (r *Rules) orderVMDeclare(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "assault":
		return false, r.declareAssault(s, order, args, "VM", fmt.Sprintf("a next hex with French units, not assaulted yet, one assault a unit, %d Combat Markers, its division not Shut down (3.1)", r.combatLimit()), "3.1: VM", ev)
	case "mortars":
		if err := want(order, args, 2, "mortars UNIT"); err != nil {
			return false, err
		}
		if !slices.Contains(r.mortarUnits(s), args[1]) {
			return false, errf(order, "Support Mortars go on an assaulting VM unit in VM LoC (not Laos), one a unit and a regiment, four in all (3.1); %s is not one", args[1])
		}
		s.Mortars = append(s.Mortars, args[1])
		s.Assaults[s.assaultOf(args[1])].Mortar = true
		ev.say("3.1: Support Mortars on VM %s.", args[1])
		return false, nil
	}
	return false, errf(order, "in 3.1 write assault UNIT HEX, mortars UNIT or done")
}

// finishVMDeclare: the divisions that declared no assault rest (3.1).
func (r *Rules) finishVMDeclare(s *State, d adjudicator.Dice, ev *events) {
	for _, dv := range divisions(r) {
		assaults := false
		adjacent := false
		ri := r.roomsOf(s)
		for _, u := range r.vmUnits(s, func(u *Unit) bool { return u.Formation == dv }) {
			if s.assaultOf(u.ID) >= 0 {
				assaults = true
			}
			if r.adjacentEnemyIn(ri, u) {
				adjacent = true
			}
		}
		if assaults {
			continue
		}
		s.Rested = append(s.Rested, dv)
		n := 1
		if !adjacent {
			n = 2
		}
		r.moraleMove(s, dv, -n)
		ev.say("3.1: the %s Division rests: its Morale Marker up %d slot(s) (morale %d).", dv, n, r.D.MoraleAt(s.DivisionMorale[dv]))
	}
	if len(s.Assaults) == 0 {
		ev.say("3.1: no VM assault this turn.")
	}
}

// ---- 3.2 / 7.1 Box Combat ----

func (r *Rules) sharedBoxes(s *State, vmFilter func(*Unit) bool) []string {
	var out []string
	for _, b := range []string{"1z-304", "2z-304", "Laos-1", "Laos-2"} {
		vm := 0
		for _, u := range s.sideAt(b, "VM") {
			if vmFilter(u) {
				vm++
			}
		}
		if vm > 0 && len(s.sideAt(b, "French")) > 0 {
			out = append(out, b)
		}
	}
	return out
}

func (r *Rules) boxCombatants(s *State, box string) (vm, fr []*Unit) {
	for _, u := range s.sideAt(box, "VM") {
		if !slices.Contains(s.Rested, u.Formation) {
			vm = append(vm, u)
		}
	}
	return vm, s.sideAt(box, "French")
}

func (r *Rules) startVMBoxCombat(s *State, d adjudicator.Dice, ev *events) bool {
	if len(r.sharedBoxes(s, func(u *Unit) bool { return !slices.Contains(s.Rested, u.Formation) })) == 0 {
		nothing(ev, s, "no box shared by VM units not resting and French units")
		return false
	}
	return true
}

func (r *Rules) orderVMBoxCombat(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	if args[0] == "done" {
		return true, want(order, args, 1, "done")
	}
	if args[0] != "boxcombat" || len(args) < 3 {
		return false, errf(order, "write boxcombat BOX STEPS [UNIT ...] (the units that lose a step, each side's), or done")
	}
	box := args[1]
	vm, fr := r.boxCombatants(s, box)
	n := 0
	fmt.Sscanf(args[2], "%d", &n)
	most := min(len(vm), len(fr))
	if len(vm) == 0 || len(fr) == 0 || n < 1 || n > most || fmt.Sprint(n) != args[2] {
		return false, errf(order, "Box Combat in %s: 1 to %d steps a side, no more than 1 a unit (3.2)", box, most)
	}
	// 3.2: the VM names the units that lose a step; those it does not
	// name: its own with the most steps, the French with the fewest
	// (RULINGS F13)
	slices.SortStableFunc(vm, func(a, b *Unit) int { return b.steps() - a.steps() })
	slices.SortStableFunc(fr, func(a, b *Unit) int { return a.steps() - b.steps() })
	var pickVM, pickFR []*Unit
	for _, id := range args[3:] {
		u := s.unit(id)
		switch {
		case u != nil && slices.Contains(vm, u) && !slices.Contains(pickVM, u) && len(pickVM) < n:
			pickVM = append(pickVM, u)
		case u != nil && slices.Contains(fr, u) && !slices.Contains(pickFR, u) && len(pickFR) < n:
			pickFR = append(pickFR, u)
		default:
			return false, errf(order, "%q is not a unit of %s that may lose one of the %d steps (each once; VM: %s; French: %s)", id, box, n, strings.Join(sortedIDs(vm), ", "), strings.Join(sortedIDs(fr), ", "))
		}
	}
	for _, u := range vm {
		if len(pickVM) < n && !slices.Contains(pickVM, u) {
			pickVM = append(pickVM, u)
		}
	}
	for _, u := range fr {
		if len(pickFR) < n && !slices.Contains(pickFR, u) {
			pickFR = append(pickFR, u)
		}
	}
	vm, fr = pickVM, pickFR
	ev.say("3.2 Box Combat in %s: %d steps a side.", box, n)
	for i := 0; i < n; i++ {
		r.loseStep(s, vm[i], lossRoll, d, ev)
		r.loseStep(s, fr[i], lossGone, d, ev)
	}
	return false, nil
}

// startFrenchBoxCombat: mandatory (7.1).
func (r *Rules) startFrenchBoxCombat(s *State, d adjudicator.Dice, ev *events) bool {
	boxes := r.sharedBoxes(s, func(*Unit) bool { return true })
	if len(boxes) == 0 {
		nothing(ev, s, "no box shared by French and VM units")
		return false
	}
	for _, b := range boxes {
		ev.say("7.1 Box Combat in %s:", b)
		for _, v := range s.sideAt(b, "VM") {
			n := 1
			if v.Shaken {
				n = 2
			}
			for i := 0; i < n && v.Box != "Removed"; i++ {
				r.loseStep(s, v, lossRoll, d, ev)
			}
			fr := s.sideAt(b, "French")
			if len(fr) == 0 {
				break
			}
			// France's standing loss order picks the unit (RULINGS F13)
			u := r.pickLoss(s, fr)
			r.loseStep(s, u, lossGone, d, ev)
			if r.morale(s, u) <= 3 {
				low := slices.DeleteFunc(s.sideAt(b, "French"), func(x *Unit) bool { return r.morale(s, x) > 3 })
				if len(low) > 0 {
					r.loseStep(s, r.pickLoss(s, low), lossGone, d, ev)
				}
			}
		}
	}
	return false
}

// ---- 3.4 French Support Barrage ----

func (r *Rules) barrageTargets(s *State) []string {
	if r.frenchZoneLeft(s, false) <= 0 || s.Tracks["french_ammo"] < 2 {
		return nil
	}
	var out []string
	for _, a := range s.Assaults {
		if a.live() && a.Barrage == 0 {
			out = append(out, a.From)
		}
	}
	return out
}

func (r *Rules) barrage(s *State, i int, intense bool, ev *events) {
	a := &s.Assaults[i]
	cost := 2
	a.Barrage = 1
	if intense {
		cost, a.Barrage = 3, 2
	}
	s.Zones = append(s.Zones, ZonePlace{At: a.From, Intense: intense})
	r.addTrack(s, "french_ammo", -cost)
	ev.say("3.4: French %sSupport Barrage on VM %s at %s (%d ammo; %d left).", map[bool]string{true: "Intense ", false: ""}[intense], a.Unit, a.From, cost, s.Tracks["french_ammo"])
	ev.mark("fire", "", a.From)
}

func (r *Rules) startFrenchBarrage(s *State, d adjudicator.Dice, ev *events) bool {
	if len(r.barrageTargets(s)) == 0 {
		nothing(ev, s, "no barrage possible")
		return false
	}
	switch pol := s.standing(French, "barrage"); pol {
	case "ask":
		return true
	case "regular", "intense":
		for i := range s.Assaults {
			cost := 2
			if pol == "intense" {
				cost = 3
			}
			if s.Assaults[i].live() && r.frenchZoneLeft(s, false) > 0 && s.Tracks["french_ammo"] >= cost {
				r.barrage(s, i, pol == "intense", ev)
			}
		}
		return false
	}
	nothing(ev, s, "no Support Barrage (France's standing order)")
	return false
}

func (r *Rules) orderFrenchBarrage(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "barrage":
		if len(args) < 2 || len(args) > 3 || len(args) == 3 && args[2] != "intense" {
			return false, errf(order, "write barrage HEX [intense]")
		}
		if !slices.Contains(r.barrageTargets(s), args[1]) {
			return false, errf(order, "a Support Barrage goes on an assaulting VM unit's hex, one a hex, with a full-strength Zone Marker left and 2 ammo (3 intense) (3.4); %s is not one", args[1])
		}
		intense := len(args) == 3
		if intense && s.Tracks["french_ammo"] < 3 {
			return false, errf(order, "an Intense Support Barrage costs 3 ammo; %d left", s.Tracks["french_ammo"])
		}
		for i, a := range s.Assaults {
			if a.From == args[1] && a.live() {
				r.barrage(s, i, intense, ev)
				break
			}
		}
		return false, nil
	}
	return false, errf(order, "in 3.4 write barrage HEX [intense] or done")
}

// ---- 3.5 / 7.4 Defense Fire ----

// startDefense: 3.5 and 7.4. "France may conduct Defense Fire Rolls in
// any order" (3.5; 7.4 "as in 3.5"): with two defenses or more and the
// defender's standing order "defense-order ask", it names them one by
// one (defend HEX); else they fire in the declaration order (RULINGS F19).
func (r *Rules) startDefense(s *State, d adjudicator.Dice, ev *events) bool {
	side, who := "French", French
	if s.Seg == "7.4" {
		side, who = "VM", VM
	}
	if len(s.toDefend()) >= 2 && s.standing(who, "defense-order") == "ask" {
		return true
	}
	r.defenseFire(s, side, d, ev)
	return false
}

func (r *Rules) finishDefense(s *State, d adjudicator.Dice, ev *events) {
	side := "French"
	if s.Seg == "7.4" {
		side = "VM"
	}
	if len(s.toDefend()) > 0 {
		r.defenseFire(s, side, d, ev) // those not named, in the declaration order
	}
	if s.Seg == "3.5" {
		s.Zones = nil // 3.5: the French Zone Markers back to their box
	}
}

func (r *Rules) orderDefend(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch {
	case args[0] == "done" && len(args) == 1:
		return true, nil
	case args[0] == "defend" && len(args) == 2:
		for i, a := range s.Assaults {
			if a.Target == args[1] && a.live() && !a.Fired {
				side := "French"
				if s.Seg == "7.4" {
					side = "VM"
				}
				r.defendOne(s, side, i, d, ev)
				return len(s.toDefend()) == 0, nil
			}
		}
		return false, errf(order, "no defense left at %s; to fire: %s", args[1], orNone(s.toDefend()))
	}
	return false, errf(order, "in %s write defend HEX (the defenses in the order you choose), or done", s.Seg)
}

// chooseDefender: 3.5-A, France picks by its standing order, artillery
// only when alone; the VM has one unit a hex.
func (r *Rules) chooseDefender(s *State, units []*Unit) *Unit {
	var pick []*Unit
	for _, u := range units {
		if !r.isArt(u) {
			pick = append(pick, u)
		}
	}
	if len(pick) == 0 {
		pick = units
	}
	if len(pick) == 0 {
		return nil
	}
	best := pick[0]
	byMorale := s.standing(French, "defender") == "morale"
	for _, u := range pick[1:] {
		if byMorale && r.morale(s, u) > r.morale(s, best) || !byMorale && r.strength(u) > r.strength(best) {
			best = u
		}
	}
	return best
}

// battalionSupport: +1 for each unit of the same battalion (French: not
// Thai co, tanks, artillery) or regiment (VM) next to place p, not
// shaken (defenders), with no Combat Marker pointing at it (3.5-A, 3.6-A,
// 7.4-A, 7.5-A), not in exclude.
func (r *Rules) battalionSupport(s *State, lead *Unit, p string, exclude []string, defending bool) []*Unit {
	var out []*Unit
	for _, n := range r.neighborsOf(p) {
		if slices.Contains(exclude, n) {
			continue
		}
		for _, o := range s.sideAt(n, lead.Side) {
			if o == lead || defending && o.Shaken {
				continue
			}
			if lead.Side == "French" {
				if o.Formation != lead.Formation || strings.HasPrefix(o.Formation, "Thai") || r.isTank(o) || r.isArt(o) {
					continue
				}
			} else if r.regiment(o) != r.regiment(lead) {
				continue
			}
			if s.targetedByLive(o.Place()) {
				continue
			}
			if i := s.assaultOf(o.ID); i >= 0 && (s.Assaults[i].live() || s.Assaults[i].Marker == "abort") {
				continue
			}
			out = append(out, o)
		}
	}
	return out
}

// defenseFire: every defender with a Combat Marker pointing at it fires
// (3.5 for France, 7.4 for the VM), in the declaration order.
func (r *Rules) defenseFire(s *State, side string, d adjudicator.Dice, ev *events) {
	if len(s.Assaults) == 0 {
		nothing(ev, s, "no assault")
		return
	}
	for i := range s.Assaults {
		r.defendOne(s, side, i, d, ev)
	}
}

// toDefend lists the target hexes of the assaults whose defenders have
// not fired yet.
func (s *State) toDefend() []string {
	var out []string
	for _, a := range s.Assaults {
		if a.live() && !a.Fired {
			out = append(out, a.Target)
		}
	}
	return out
}

// defendOne: one defense, fire and effect rolls (3.5, 7.4).
func (r *Rules) defendOne(s *State, side string, i int, d adjudicator.Dice, ev *events) {
	g := s.segment()
	a := &s.Assaults[i]
	if a.Fired {
		return
	}
	a.Fired = true
	pos := r.position(s)
	{
		att := s.unit(a.Unit)
		if !a.live() || att == nil || att.Place() != a.From {
			a.Marker = "done"
			return
		}
		def := r.chooseDefender(s, s.sideAt(a.Target, side))
		if def == nil {
			a.Marker = "done"
			return
		}
		a.Defender = def.ID
		st := pos.DefenseStrength(def.ID, att.ID, a.Barrage)
		if side == "VM" {
			st = pos.DefenseStrength(def.ID, att.ID, 0) // 7.3: no modifier, a better column
		}
		barrage := a.Barrage > 0 || side == "VM" && a.Mortar
		out := r.D.DefenseFire(d, DefenseIn{Strength: st.Total, Morale: r.morale(s, att), Barrage: barrage})
		res := out.Result
		ev.say("%s Defense Fire: %s at %s (strength %s) against %s from %s: fire %d+%d = %d (%+d); effect %d%+d = %d: %s.",
			g.ID, def.ID, a.Target, strengthText(st), att.ID, a.From, out.Fire.Dice[0], out.Fire.Dice[1], out.Fire.Sum, out.Fire.Mod, out.Die, out.Fire.Mod, out.Modified, defenseText(res))
		ev.mark("fire", a.Target, a.From)
		switch res {
		case "surprise":
			a.Marker = "surprise"
		case "loss":
			r.attackerLoss(s, a, d, ev)
		case "loss_hesitate":
			r.attackerLoss(s, a, d, ev)
			if a.live() {
				a.Marker = "hesitate"
			}
		case "abort":
			a.Marker = "abort"
		case "loss_abort":
			r.attackerLoss(s, a, d, ev)
			a.Marker = "abort"
		}
	}
}

// attackerLoss: the assaulting unit's step loss; a French assaulting
// unit eliminated is replaced by another from its hex (7.4-C; RULINGS
// F15: the strongest).
func (r *Rules) attackerLoss(s *State, a *Assault, d adjudicator.Dice, ev *events) {
	u := s.unit(a.Unit)
	r.loseStep(s, u, lossRoll, d, ev)
	if u.Place() == a.From {
		return
	}
	if u.Side == "French" {
		var next *Unit
		for _, o := range s.sideAt(a.From, "French") {
			if !r.isArt(o) && (next == nil || r.strength(o) > r.strength(next)) {
				next = o
			}
		}
		if next != nil {
			a.Unit = next.ID
			ev.say("%s takes over the assault from %s (7.4-C).", next.ID, a.From)
			return
		}
	}
	a.Marker = "done"
}

// strengthText narrates a modified strength: "6 +1 uphill -2 shaken = 5".
func strengthText(st Strength) string {
	t := fmt.Sprint(st.Base)
	for _, m := range st.Mods {
		t += fmt.Sprintf(" %+d %s", m.N, m.Why)
	}
	return t + fmt.Sprintf(" = %d", st.Total)
}

func defenseText(res string) string {
	return map[string]string{"surprise": "Surprise", "normal": "Normal", "loss": "Steploss", "loss_hesitate": "Loss & Hesitate", "abort": "Abort", "loss_abort": "Loss & Abort"}[res]
}

// ---- 3.6 / 7.5 Assaults ----

func (r *Rules) startVMAssault(s *State, d adjudicator.Dice, ev *events) bool {
	return r.liveAssaults(s) > 0 || r.noAssault(s, ev)
}

func (r *Rules) startFrenchAssault(s *State, d adjudicator.Dice, ev *events) bool {
	return r.liveAssaults(s) > 0 || r.noAssault(s, ev)
}

func (r *Rules) noAssault(s *State, ev *events) bool {
	nothing(ev, s, "no assault to charge")
	return false
}

func (r *Rules) liveAssaults(s *State) int {
	n := 0
	for _, a := range s.Assaults {
		if a.live() {
			n++
		}
	}
	return n
}

// supporters: the attacker's supporting units next to the defending hex
// (3.6-A: same regiment; 7.5-A: same battalion, not Thai co or tanks),
// not the attacker's own hex.
func (r *Rules) supporters(s *State, a *Assault) []*Unit {
	att := s.unit(a.Unit)
	return r.battalionSupport(s, att, a.Target, []string{a.From}, false)
}

func (r *Rules) orderCharge(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	if args[0] == "done" {
		if err := want(order, args, 1, "done"); err != nil {
			return false, err
		}
		for i := range s.Assaults {
			if s.Assaults[i].live() {
				r.charge(s, i, "", d, ev)
				if s.Pending != nil {
					s.Stage = "done" // the rest charge after the answer
					return false, nil
				}
			}
		}
		return true, nil
	}
	word := "tien-len"
	if s.Seg == "7.5" {
		word = "en-avant"
	}
	form := fmt.Sprintf("write charge UNIT [%s SUPPORTER] [advance SUPPORTER@HEX ...], or done", word)
	if args[0] != "charge" || len(args) < 2 {
		return false, errf(order, "%s", form)
	}
	i := s.assaultOf(args[1])
	if i < 0 || !s.Assaults[i].live() {
		return false, errf(order, "%s has no assault to charge; charging: %s", args[1], strings.Join(r.chargers(s), ", "))
	}
	sup := map[string]bool{}
	for _, o := range r.supporters(s, &s.Assaults[i]) {
		sup[o.ID] = true
	}
	extra := ""
	rest := args[2:]
	if len(rest) >= 2 && rest[0] == word {
		extra = rest[1]
		if !sup[extra] {
			return false, errf(order, "%s is not a unit supporting this assault (%s)", extra, word)
		}
		rest = rest[2:]
	}
	var follow []string
	if len(rest) > 0 {
		if rest[0] != "advance" || len(rest) < 2 {
			return false, errf(order, "%s", form)
		}
		for _, f := range rest[1:] {
			id, hex, ok := strings.Cut(f, "@")
			if !ok || !sup[id] || !isHex(hex) {
				return false, errf(order, "%q: a supporting unit and the hex it advances to if the defending hex is vacated, UNIT@HEX (3.6-C, 7.5)", f)
			}
			follow = append(follow, f)
		}
	}
	s.Assaults[i].Follow = follow
	r.charge(s, i, extra, d, ev)
	if s.Pending != nil {
		return false, nil
	}
	return r.liveAssaults(s) == 0, nil
}

func (r *Rules) chargers(s *State) []string {
	var out []string
	for _, a := range s.Assaults {
		if a.live() {
			out = append(out, a.Unit)
		}
	}
	return out
}

// charge resolves assault i (3.6, 7.5): strength, fire roll, "Tiến lên!"
// or "En Avant!", the effect roll, the result.
func (r *Rules) charge(s *State, i int, extra string, d adjudicator.Dice, ev *events) {
	a := &s.Assaults[i]
	att := s.unit(a.Unit)
	def := s.unit(a.Defender)
	g := s.segment()
	if att == nil || att.Place() != a.From || def == nil || def.Place() != a.Target {
		// the defender gone from the hex: another in it stands, if any
		others := s.sideAt(a.Target, map[string]string{"VM": "French", "French": "VM"}[att.Side])
		if att == nil || att.Place() != a.From || len(others) == 0 {
			a.Marker = "done"
			return
		}
		def = r.chooseDefender(s, others)
		a.Defender = def.ID
	}
	pos := r.position(s)
	st := pos.AssaultStrength(att.ID, def.ID, a.Mortar && att.Side == "VM", att.Side == "French" && s.Tracks["medicine"] == 0)
	column := a.Marker
	if column == "assault" {
		column = "normal"
	}
	out := r.D.Assault(d, AssaultIn{Strength: st.Total, Column: column, Morale: r.morale(s, def), Shaken: def.Shaken,
		PushIf: func(Fire) bool { return extra != "" }})
	cry := ""
	if out.Pushed {
		if o := s.unit(extra); o != nil {
			cry = fmt.Sprintf("; %s: %s takes a step loss for +1", map[string]string{"VM": "Tiến lên!", "French": "En Avant!"}[att.Side], o.ID)
			defer r.loseStep(s, o, lossRoll, d, ev)
		}
	}
	res := out.Result
	ev.say("%s: %s from %s (strength %s, %s column) charges %s at %s: fire %d+%d = %d (%+d)%s; effect %d%+d = %d: %s.",
		g.Name, att.ID, a.From, strengthText(st), column, def.ID, a.Target, out.Fire.Dice[0], out.Fire.Dice[1], out.Fire.Sum, out.Fire.Mod, cry, out.Die, map[bool]int{true: out.Fire.Mod + 1, false: out.Fire.Mod}[out.Pushed], out.Modified, assaultText(res))
	ev.mark("assault", a.From, a.Target)
	switch res {
	case "none":
		a.Marker = "done"
	case "choice":
		r.choice(s, i, d, ev)
	case "loss_retreat":
		r.defenderLosses(s, a, 1, true, d, ev)
		r.retreatAll(s, a, d, ev)
	case "2loss_retreat":
		r.defenderLosses(s, a, 2, true, d, ev)
		r.retreatAll(s, a, d, ev)
	}
}

func assaultText(res string) string {
	return map[string]string{"none": "No effect", "choice": "Choice", "loss_retreat": "Loss & Retreat", "2loss_retreat": "2 x Loss & Retreat"}[res]
}

// choice: the defender's Choice, by standing order or asked (3.6-C, 7.5).
func (r *Rules) choice(s *State, i int, d adjudicator.Dice, ev *events) {
	a := &s.Assaults[i]
	def := s.unit(a.Defender)
	side := French
	if def.Side == "VM" {
		side = VM
	}
	switch s.standing(side, "choice") {
	case "ask":
		text := fmt.Sprintf("Choice at %s: stay and take 2 step losses (1 if only 2 steps are in the hex), or retreat all units one hex.", a.Target)
		if side == VM {
			text = fmt.Sprintf("Choice at %s: stay and take 1 step loss, or retreat the unit one hex.", a.Target)
		}
		s.Pending = &Pending{Side: side, Kind: "choice", Assault: i, Text: text}
		ev.say("%s's Choice at %s: asked.", sideName(side), a.Target)
	case "retreat":
		ev.say("%s's Choice (standing order): retreat.", sideName(side))
		r.retreatAll(s, a, d, ev)
	default:
		ev.say("%s's Choice (standing order): stay.", sideName(side))
		r.stay(s, a, d, ev)
	}
}

func (r *Rules) stay(s *State, a *Assault, d adjudicator.Dice, ev *events) {
	def := s.unit(a.Defender)
	n := 1
	if def.Side == "French" {
		steps := 0
		for _, u := range s.sideAt(a.Target, "French") {
			steps += u.steps()
		}
		n = 2
		if steps <= 2 {
			n = 1
		}
	}
	r.defenderLosses(s, a, n, false, d, ev)
	a.Marker = "done"
	r.advance(s, a, ev)
}

// answerPending: the defender's answer to a Choice asked.
func (r *Rules) answerPending(s *State, order string, words []string, d adjudicator.Dice, ev *events) error {
	p := s.Pending
	if len(words) != 1 || words[0] != "stay" && words[0] != "retreat" {
		return errf(order, "%s Answer stay or retreat.", p.Text)
	}
	s.Pending = nil
	a := &s.Assaults[p.Assault]
	ev.say("%s chooses to %s at %s.", sideName(p.Side), words[0], a.Target)
	if words[0] == "stay" {
		r.stay(s, a, d, ev)
	} else {
		r.retreatAll(s, a, d, ev)
	}
	// the assaulting side's segment goes on; after done, the rest charge
	if s.Stage == "done" {
		for i := range s.Assaults {
			if s.Assaults[i].live() {
				r.charge(s, i, "", d, ev)
				if s.Pending != nil {
					return nil
				}
			}
		}
		s.Stage = ""
		r.finishSegment(s, d, ev)
		return nil
	}
	if r.liveAssaults(s) == 0 {
		r.finishSegment(s, d, ev)
	}
	return nil
}

// defenderLosses: the defending unit takes the first, then the side's
// loss order among the units of the hex (3.6-C; 7.5: the VM's one unit).
func (r *Rules) defenderLosses(s *State, a *Assault, n int, retreat bool, d adjudicator.Dice, ev *events) {
	how := lossRoll
	if retreat {
		how = lossGone // RULINGS F16: a Loss & Retreat's losses are taken "during retreat"
	}
	for k := 0; k < n; k++ {
		units := s.sideAt(a.Target, map[bool]string{true: "French", false: "VM"}[s.Seg == "3.6"])
		if len(units) == 0 {
			return
		}
		u := s.unit(a.Defender)
		if k > 0 || u == nil || u.Place() != a.Target {
			u = units[0]
			if u.Side == "French" {
				u = r.pickLoss(s, units)
			}
		}
		r.loseStep(s, u, how, d, ev)
	}
}

// retreatAll: every unit in the defending hex retreats one hex (3.6-C,
// 7.5): to the retreat its owner's standing preference picks among the
// legal ones (RULINGS F17).
func (r *Rules) retreatAll(s *State, a *Assault, d adjudicator.Dice, ev *events) {
	defSide := "French"
	if s.Seg == "7.5" {
		defSide = "VM"
	}
	for _, u := range s.sideAt(a.Target, defSide) {
		rs := r.position(s).Retreats(u.ID)
		if len(rs) == 0 {
			continue
		}
		best := r.preferRetreat(s, u, rs)
		from := u.Place()
		if best.Eliminated {
			ev.say("%s retreats from %s and is eliminated (%s).", u.ID, from, best.Why)
			if u.Side == "French" {
				r.removeFrench(s, u, "Gone", d, ev)
			} else {
				u.Map, u.Hex, u.Box, u.Disorg, u.Shaken, u.Isolated = "", "", "Removed", false, false, false
				if u.Formation == "PL" {
					u.Box = "Out of Play"
				}
			}
			continue
		}
		r.putAt(u, wordPlace(best.To))
		ev.say("%s retreats from %s to %s.", u.ID, from, r.where(u))
		ev.mark("move", from, u.Place())
		// a unit retreating into another defending hex suffers that
		// combat there (3.6-C): it is one of that hex's units now
	}
	a.Marker = "done"
	r.advance(s, a, ev)
}

// preferRetreat: the owner's standing preference ranks the legal
// retreats (RULINGS F17; the geometry's RankRetreats).
func (r *Rules) preferRetreat(s *State, u *Unit, rs []Retreat) Retreat {
	side := French
	if u.Side == "VM" {
		side = VM
	}
	return r.position(s).RankRetreats(u.ID, rs, s.standing(side, "retreat"))[0]
}

// advance: the assaulting unit advances into a vacated defending hex
// (3.6-C, 7.5).
func (r *Rules) advance(s *State, a *Assault, ev *events) {
	att := s.unit(a.Unit)
	if att == nil || att.Place() != a.From || len(s.at(a.Target)) > 0 {
		return
	}
	r.putAt(att, a.Target)
	ev.say("%s advances into %s.", att.ID, r.where(att))
	ev.mark("move", a.From, a.Target)
	// 3.6-C, 7.5: the supporters the charge named may advance one hex
	for _, f := range a.Follow {
		id, hex, _ := strings.Cut(f, "@")
		u := s.unit(id)
		if u == nil || !u.onMap() {
			continue
		}
		ok := false
		for _, p := range r.position(s).SupportAdvances(id, geoPlace(a.Target), geoPlace(a.From)) {
			ok = ok || wordPlace(p) == hex
		}
		if !ok {
			ev.say("%s cannot advance to %s (3.6-C): it stays.", id, hex)
			continue
		}
		from := u.Place()
		r.putAt(u, hex)
		ev.say("%s, supporting, advances to %s.", id, r.where(u))
		ev.mark("move", from, hex)
	}
}

// ---- 7.2 France Declares Assaults ----

func (r *Rules) startFrenchDeclare(s *State, d adjudicator.Dice, ev *events) bool {
	s.Assaults, s.Mortars = nil, nil
	ri := r.roomsOf(s)
	for _, u := range r.frenchUnits(s, func(u *Unit) bool { return u.onMap() }) {
		if len(r.assaultTargetsIn(ri, s, u)) > 0 {
			return true
		}
	}
	nothing(ev, s, "no French unit next to a VM unit")
	return false
}

func (r *Rules) orderFrenchDeclare(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "assault":
		return false, r.declareAssault(s, order, args, "French", fmt.Sprintf("not artillery, one Assault Marker a hex, a next hex with a VM unit not assaulted yet, %d Combat Markers (7.2)", r.combatLimit()), "7.2:", ev)
	}
	return false, errf(order, "in 7.2 write assault UNIT HEX or done")
}

// ---- 7.3 VM Support Barrage ----

func (r *Rules) vmMortarTargets(s *State) []string {
	if len(s.Mortars) >= r.supportMortars(&s.Setup) || s.Tracks["vm_ammo"] < 1 && len(s.Mortars) == 0 {
		return nil
	}
	used := map[string]bool{}
	for _, id := range s.Mortars {
		used[r.regiment(s.unit(id))] = true
	}
	var out []string
	for _, a := range s.Assaults {
		for _, v := range s.sideAt(a.Target, "VM") {
			if a.live() && !slices.Contains(s.Mortars, v.ID) && !used[r.regiment(v)] && r.vmLoC(s, v) {
				out = append(out, v.ID)
			}
		}
	}
	return out
}

func (r *Rules) putMortar(s *State, id string, ev *events) {
	if len(s.Mortars) == 0 {
		r.addTrack(s, "vm_ammo", -1)
		ev.say("7.3: VM Support Barrage: 1 VM ammo (%d left).", s.Tracks["vm_ammo"])
	}
	s.Mortars = append(s.Mortars, id)
	u := s.unit(id)
	for i := range s.Assaults {
		if s.Assaults[i].Target == u.Place() {
			s.Assaults[i].Mortar = true
		}
	}
	ev.say("7.3: Support Mortars on VM %s.", id)
}

func (r *Rules) startVMBarrage(s *State, d adjudicator.Dice, ev *events) bool {
	s.Mortars = nil
	if len(r.vmMortarTargets(s)) == 0 {
		nothing(ev, s, "no Support Barrage possible")
		return false
	}
	switch s.standing(VM, "mortars") {
	case "ask":
		return true
	case "all":
		for {
			ts := r.vmMortarTargets(s)
			if len(ts) == 0 {
				break
			}
			r.putMortar(s, ts[0], ev)
		}
		return false
	}
	nothing(ev, s, "no Support Barrage (the VM's standing order)")
	return false
}

func (r *Rules) orderVMBarrage(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "mortars":
		if err := want(order, args, 2, "mortars UNIT"); err != nil {
			return false, err
		}
		if !slices.Contains(r.vmMortarTargets(s), args[1]) {
			return false, errf(order, "Support Mortars go on an assaulted VM unit in VM LoC, one a regiment, four in all, for 1 VM ammo (7.3); %s is not one", args[1])
		}
		r.putMortar(s, args[1], ev)
		return false, nil
	}
	return false, errf(order, "in 7.3 write mortars UNIT or done")
}

// finishAssaults clears the phase's markers (3.6-C: "Do not remove any
// Abort Marker until all assaults and all advances have been made").
func (r *Rules) finishAssaults(s *State, d adjudicator.Dice, ev *events) {
	s.Assaults, s.Mortars, s.Zones = nil, nil, nil
}
