package finalgamble

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// ---- 2.2 VM Bombardment ----

func (r *Rules) startVMBombard(s *State, d adjudicator.Dice, ev *events) bool {
	if s.Tracks["vm_ammo"] <= 0 {
		nothing(ev, s, "no VM ammo")
		return false
	}
	return true
}

// vmZoneLeft counts the VM Zone Markers of a kind not yet placed.
func (r *Rules) vmZoneLeft(s *State, hw bool) int {
	n := r.D.Units.Markers.ZoneVM
	if hw {
		n = r.D.Units.Markers.HWZoneVM
	}
	for _, z := range s.Zones {
		if z.HW == hw {
			n--
		}
	}
	return n
}

// vmZoneTargets: places with French units a VM Zone Marker may go on:
// at DBP and in Sector 304 (Isabelle and its boxes), one a hex (2.2-A);
// HW within range of a VM unit.
func (r *Rules) vmZoneTargets(s *State, hw bool) []string {
	if s.Tracks["vm_ammo"] <= 0 || r.vmZoneLeft(s, hw) <= 0 {
		return nil
	}
	var pos *Position
	if hw {
		pos = r.position(s)
	}
	seen := map[string]bool{}
	var out []string
	for _, z := range s.Zones {
		seen[z.At] = true
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != "French" || !(u.onMap() || r.boxSector304(u.Box)) {
			continue
		}
		p := u.Place()
		if !isHex(p) {
			p = p + ":" + u.ID // a unit in a box is never stacked when bombarded
		}
		if seen[p] {
			continue
		}
		if hw && !pos.InRange("VM", geoPlace(strings.Split(p, ":")[0])) {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	return out
}

func (r *Rules) orderVMBombard(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "zone", "hw":
		if len(args) < 2 {
			return false, errf(order, "write %s PLACE [UNIT ...]: a hex with French units (the units in their roll order, 2.2-D), or BOX:UNIT", args[0])
		}
		hw := args[0] == "hw"
		if !slices.Contains(r.vmZoneTargets(s, hw), args[1]) {
			return false, errf(order, "no %s Zone Marker on %s: a hex (or BOX:UNIT) with French units at DBP or in Sector 304, one marker a hex, %s, with VM ammo (%d) and markers left (%d) (2.2-A)", map[bool]string{true: "HW", false: "regular"}[hw], args[1], map[bool]string{true: "within 2 hexes of a VM unit or 3 of one on a hill", false: "anywhere"}[hw], s.Tracks["vm_ammo"], r.vmZoneLeft(s, hw))
		}
		z := ZonePlace{At: args[1], HW: hw}
		order := args[2:]
		if err := r.rollOrder(s, order, args[1], "French"); err != nil {
			return false, err
		}
		if len(order) > 0 {
			z.Unit = strings.Join(order, ",")
		}
		s.Zones = append(s.Zones, z)
		r.addTrack(s, "vm_ammo", -1)
		ev.say("2.2: a VM %sZone Marker on %s (1 VM ammo; %d left).", map[bool]string{true: "HW ", false: ""}[hw], args[1], s.Tracks["vm_ammo"])
		ev.mark("fire", "", strings.Split(args[1], ":")[0])
		return false, nil
	}
	return false, errf(order, "in 2.2 write zone PLACE, hw PLACE or done")
}

// rollOrder checks a declared roll order: the units under the marker,
// each once (2.2-D: the VM chooses the order).
func (r *Rules) rollOrder(s *State, ids []string, place, side string) error {
	if len(ids) == 0 {
		return nil
	}
	at := s.sideAt(strings.Split(place, ":")[0], side)
	for i, id := range ids {
		u := s.unit(id)
		if u == nil || !slices.Contains(at, u) || slices.Contains(ids[:i], id) {
			return errf(strings.Join(ids, " "), "the roll order names the units under the marker, each once: %s", strings.Join(sortedIDs(at), ", "))
		}
	}
	return nil
}

// zoneUnits: the units a marker rolls for, in order: those the order
// named first, then the rest in stack order.
func (r *Rules) zoneUnits(s *State, z ZonePlace, side string) []*Unit {
	p, id, box := strings.Cut(z.At, ":")
	if box {
		if u := s.unit(id); u != nil && u.Place() == p {
			return []*Unit{u}
		}
		return nil
	}
	at := s.sideAt(p, side)
	var out []*Unit
	if z.Unit != "" {
		for _, id := range strings.Split(z.Unit, ",") {
			if u := s.unit(id); u != nil && slices.Contains(at, u) {
				out = append(out, u)
			}
		}
	}
	for _, u := range at {
		if !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	return out
}

// finishVMBombard: the Truck/Supply check at 6 markers or more (2.2-C),
// then the bombardment rolls (2.2-D).
func (r *Rules) finishVMBombard(s *State, d adjudicator.Dice, ev *events) {
	if len(s.Zones) == 0 {
		ev.say("2.2: no VM bombardment.")
		return
	}
	inSupply := 0
	for _, z := range s.Zones {
		if _, h := r.hexOf(strings.Split(z.At, ":")[0]); h != nil && h.Supply {
			inSupply++
		}
	}
	if t := r.D.TruckCheck(d, len(s.Zones), inSupply); t.Rolled {
		if t.Hit {
			old := s.Tracks["truck"]
			r.addTrack(s, "truck", -1)
			ev.say("2.2-C: %d Zone Markers count %d; %d+%d = %d: a Truck hit (Truck %d → %d) and a Supply hit: die %d, %s.", len(s.Zones), t.Count, t.Dice[0], t.Dice[1], t.Dice[0]+t.Dice[1], old, s.Tracks["truck"], t.SupplyDie, r.deduct(s, t.Supply))
		} else {
			ev.say("2.2-C: %d Zone Markers count %d; %d+%d = %d: no Truck hit.", len(s.Zones), t.Count, t.Dice[0], t.Dice[1], t.Dice[0]+t.Dice[1])
		}
	}
	for _, z := range s.Zones {
		for _, u := range r.zoneUnits(s, z, "French") {
			r.bombardFrench(s, u, d, ev)
		}
	}
	s.Zones = nil
}

// deduct takes a supply table row's losses off the French tracks, never
// below 0 (2.2-C, 8.1-C).
func (r *Rules) deduct(s *State, row SupplyRow) string {
	var lost []string
	for _, t := range []struct {
		id, name string
		n        int
	}{{"food", "Food & Bullets", row.Food}, {"french_ammo", "Ammo", row.Ammo}, {"fuel", "Fuel & Spares", row.Fuel}, {"medicine", "Medicine", row.Medicine}} {
		if t.n > 0 {
			lost = append(lost, fmt.Sprintf("%s -%d", t.name, -r.addTrack(s, t.id, -t.n)))
		}
	}
	if len(lost) == 0 {
		return "nothing"
	}
	return strings.Join(lost, ", ")
}

// bombardFrench: one VM bombardment roll on a French unit (2.2-D).
func (r *Rules) bombardFrench(s *State, u *Unit, d adjudicator.Dice, ev *events) {
	if !u.inPlay() {
		return
	}
	better := false
	for _, o := range s.sideAt(u.Place(), "French") {
		if o != u && u.onMap() && r.morale(s, o) > r.morale(s, u) {
			better = true
		}
	}
	out := Bombard(d, BombardIn{Target: "French", Morale: r.morale(s, u), Entrenched: r.entrenched(s, u), Reduced: u.Reduced, BetterStacked: better})
	roll, loss, sh := out.Die, out.LossRoll, out.ShakenRoll
	where := r.where(u)
	ev.say("Bombardment roll on %s at %s: %d (loss %d, shaken %d against morale %d).", u.ID, where, roll, loss, sh, r.morale(s, u))
	ev.mark("fire", "", u.Place())
	if out.Loss {
		r.loseStep(s, u, lossRoll, d, ev)
	}
	if u.inPlay() && out.Shaken && !u.Shaken {
		u.Shaken = true
		ev.say("%s is shaken.", u.ID)
	}
}

// ---- 2.3 Commando Raid ----

// raidTargets: French units next to a hex the Commando may be placed in:
// a Trench/Dig Zone hex or a Map Edge Hex with no French unit (2.3).
func (r *Rules) raidTargets(s *State) []string {
	var out []string
	ri := r.roomsOf(s)
	for _, u := range r.frenchUnits(s, func(u *Unit) bool { return u.onMap() }) {
		for _, n := range r.neighborsOf(u.Place()) {
			_, h := r.hexOf(n)
			if ri.at(n).french == 0 && (h.Edge || s.TrenchZone(h) || s.DigZone(h)) {
				out = append(out, u.ID)
				break
			}
		}
	}
	return out
}

func (r *Rules) startCommando(s *State, d adjudicator.Dice, ev *events) bool {
	if len(r.raidTargets(s)) == 0 {
		nothing(ev, s, "no French unit within the Commando's reach")
		return false
	}
	return true
}

func (r *Rules) orderCommando(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "pass", "done":
		return true, want(order, args, 1, args[0])
	case "raid":
		if err := want(order, args, 2, "raid UNIT"); err != nil {
			return false, err
		}
		if !slices.Contains(r.raidTargets(s), args[1]) {
			return false, errf(order, "the Commando raids a French unit next to a Trench/Dig Zone hex or a Map Edge Hex (2.3); %s is not one", args[1])
		}
		u := s.unit(args[1])
		from := ""
		for _, n := range r.neighborsOf(u.Place()) {
			_, h := r.hexOf(n)
			if len(s.sideAt(n, "French")) == 0 && (h.Edge || s.TrenchZone(h) || s.DigZone(h)) {
				from = n
				break
			}
		}
		raid := CommandoRaid(d, r.morale(s, u))
		ev.say("2.3 Commando Raid from %s on %s at %s (morale %d): die %d.", from, u.ID, r.where(u), r.morale(s, u), raid.Die)
		ev.mark("assault", from, u.Place())
		if raid.Loss {
			r.loseStep(s, u, lossGone, d, ev)
		} else {
			ev.say("No effect. The Commando returns to its box.")
		}
		return true, nil
	}
	return false, errf(order, "in 2.3 write raid UNIT or pass")
}

// ---- 6.1 Airstrike; 6.3 French Bombardment ----

func (r *Rules) startAirstrike(s *State, d adjudicator.Dice, ev *events) bool {
	if len(r.vmUnits(s, func(u *Unit) bool { return u.inPlay() })) == 0 {
		nothing(ev, s, "no VM unit to strike")
		return false
	}
	return true
}

func (r *Rules) orderAirstrike(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "pass", "done":
		return true, want(order, args, 1, args[0])
	case "airstrike":
		u, err := r.unitOrder(s, order, args, 2, "airstrike UNIT", "VM")
		if err != nil {
			return false, err
		}
		if !u.inPlay() {
			return false, errf(order, "%s is in the %s Box: the Airstrike hits a VM unit on a map or in a box of Sector 304 or Laos (6.1)", u.ID, u.Box)
		}
		ev.say("6.1 Airstrike on VM %s at %s (-1, as long range; no ammo).", u.ID, r.where(u))
		r.bombardVM(s, u, ZonePlace{Long: true}, d, ev)
		return true, nil
	}
	return false, errf(order, "in 6.1 write airstrike UNIT or pass")
}

func (r *Rules) startFrenchBombard(s *State, d adjudicator.Dice, ev *events) bool {
	if s.Tracks["french_ammo"] <= 0 || len(s.Markers["French Artillery Zone Markers"]) == 0 {
		nothing(ev, s, "no French ammo or Zone Marker")
		return false
	}
	return true
}

// frenchZoneLeft counts the French Zone Markers, full or reduced, not yet
// placed this segment.
func (r *Rules) frenchZoneLeft(s *State, reduced bool) int {
	n := 0
	for _, m := range s.Markers["French Artillery Zone Markers"] {
		if strings.HasSuffix(m, "(reduced)") == reduced {
			n++
		}
	}
	for _, z := range s.Zones {
		if z.Reduced == reduced {
			n--
		}
	}
	return n
}

// frenchBombardTargets: VM units at DBP or in Sector 304, one marker a
// unit (6.3-A).
func (r *Rules) frenchBombardTargets(s *State) []string {
	var out []string
	for _, u := range r.vmUnits(s, func(u *Unit) bool { return u.onMap() || r.boxSector304(u.Box) }) {
		if !slices.ContainsFunc(s.Zones, func(z ZonePlace) bool { return z.Unit == u.ID }) {
			out = append(out, u.ID)
		}
	}
	return out
}

func (r *Rules) orderFrenchBombard(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "bombard":
		if len(args) < 2 || len(args) > 4 {
			return false, errf(order, "write bombard UNIT [intense] [reduced]")
		}
		z := ZonePlace{Unit: args[1]}
		for _, w := range args[2:] {
			switch w {
			case "intense":
				z.Intense = true
			case "reduced":
				z.Reduced = true
			default:
				return false, errf(order, "%q: write bombard UNIT [intense] [reduced]", w)
			}
		}
		if !slices.Contains(r.frenchBombardTargets(s), args[1]) {
			return false, errf(order, "%s is not a VM unit at DBP or in Sector 304 without a Zone Marker on it yet (6.3-A)", args[1])
		}
		cost := 1
		if z.Intense {
			cost = 2
		}
		if s.Tracks["french_ammo"] < cost {
			return false, errf(order, "%d French ammo left; this bombardment costs %d (6.3-B)", s.Tracks["french_ammo"], cost)
		}
		if r.frenchZoneLeft(s, z.Reduced) <= 0 {
			return false, errf(order, "no %s French Zone Marker left in the box", map[bool]string{true: "reduced", false: "full-strength"}[z.Reduced])
		}
		u := s.unit(args[1])
		z.At = u.Place()
		z.Long = !r.position(s).InRange("French", geoPlace(z.At))
		s.Zones = append(s.Zones, z)
		r.addTrack(s, "french_ammo", -cost)
		rng := "normal"
		if z.Long {
			rng = "long"
		}
		ev.say("6.3: a French %sZone Marker on VM %s at %s, %s range%s (%d ammo; %d left).", map[bool]string{true: "reduced ", false: ""}[z.Reduced], u.ID, r.where(u), rng, map[bool]string{true: ", intense", false: ""}[z.Intense], cost, s.Tracks["french_ammo"])
		ev.mark("fire", "", z.At)
		return false, nil
	}
	return false, errf(order, "in 6.3 write bombard UNIT [intense] [reduced] or done")
}

func (r *Rules) finishFrenchBombard(s *State, d adjudicator.Dice, ev *events) {
	for _, z := range s.Zones {
		if u := s.unit(z.Unit); u != nil && u.inPlay() {
			r.bombardVM(s, u, z, d, ev)
		}
	}
	s.Zones = nil
}

// bombardVM: a French bombardment roll (6.3-C), or the Airstrike's (6.1).
func (r *Rules) bombardVM(s *State, u *Unit, z ZonePlace, d adjudicator.Dice, ev *events) {
	mor := r.morale(s, u)
	out := Bombard(d, BombardIn{Target: "VM", Morale: mor, Entrenched: r.entrenched(s, u), Reduced: u.Reduced,
		Intense: z.Intense, ReducedMarker: z.Reduced, Long: z.Long})
	roll, loss, sh := out.Die, out.LossRoll, out.ShakenRoll
	ev.say("Bombardment roll on VM %s at %s: %d (loss %d, shaken %d against morale %d).", u.ID, r.where(u), roll, loss, sh, mor)
	ev.mark("fire", "", u.Place())
	if out.Loss {
		r.loseStep(s, u, lossRoll, d, ev)
	}
	if u.inPlay() && out.Shaken && !u.Shaken {
		u.Shaken = true
		ev.say("VM %s is shaken.", u.ID)
	}
}
