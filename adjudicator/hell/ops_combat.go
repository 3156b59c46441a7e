package hell

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// ---- 5.3 / 6.2.3 attacker movement ----

// baseRoom: 1.4 and 5.3, VM stacking in an assault base: one battalion
// per trench level of its zone, all of one regiment.
func (r *Rules) baseRoom(s *State, id, base string) error {
	b := r.d.Bases[base]
	lvl := s.Trench[b.Zone]
	var there []string
	for _, o := range s.vmAt(base) {
		if o != id {
			there = append(there, o)
		}
	}
	if len(there) >= lvl {
		return fmt.Errorf("assault base %s holds %d battalion(s); its zone's trench level %d allows no more (5.3)", base, len(there), lvl)
	}
	reg := r.d.VM[id].Division + "/" + r.d.VM[id].Regiment
	for _, o := range there {
		if x := r.d.VM[o]; x != nil && x.Division+"/"+x.Regiment != reg {
			return fmt.Errorf("assault base %s holds regiment %s/%s: one regiment per base (1.4)", base, x.Division, x.Regiment)
		}
	}
	return nil
}

// vmStepDests: 5.3, one PA or one assault base from where a VM battalion
// stands; through a base of its zone into a PA in the same impulse.
func (r *Rules) vmStepDests(s *State, id string) map[string]bool {
	d := r.d
	u := s.VM[id]
	out := map[string]bool{}
	free := func(pa string) bool { return !s.anyFrenchAt(pa) }
	addBase := func(b *AssaultBase, through bool) {
		if s.Trench[b.Zone] < 1 {
			return
		}
		if r.baseRoom(s, id, b.ID) == nil {
			out[b.ID] = true
		}
		if through {
			for _, pa := range b.PAs {
				if free(pa) {
					out[pa] = true
				}
			}
		}
	}
	if b, ok := d.Bases[u.Loc]; ok {
		out[b.Zone] = true // withdrawal, even Disorganized
		if u.Disorg {
			return out
		}
		for _, pa := range b.PAs {
			if free(pa) {
				out[pa] = true
			}
		}
		return out
	}
	if u.Disorg {
		return out
	}
	switch {
	case d.isPA(u.Loc) && s.vmSurrounded(d, u.Loc):
		// 4.2.3 (ruling H65): "they may not move".
	case d.isPA(u.Loc):
		for _, q := range d.PALinks[u.Loc] {
			if free(q) {
				out[q] = true
			}
		}
		for _, b := range d.PABases[u.Loc] {
			addBase(b, false)
		}
	case d.zoneKind(u.Loc) == ZonePeripheral:
		for _, b := range d.ZoneBases[u.Loc] {
			addBase(b, true)
		}
	case d.zoneKind(u.Loc) == ZoneJungle:
		// 5.3: a unit leaves a jungle zone by way of an assault base
		// (of an adjacent zone, ruling H27).
		for _, z := range d.ZoneAdj[u.Loc] {
			for _, b := range d.ZoneBases[z] {
				addBase(b, true)
			}
		}
	}
	return out
}

// frenchStepDests: 6.2.3, infantry one PA or one zone an impulse; tanks
// any number of PAs inside the CRC or a peripheral CR.
func (r *Rules) frenchStepDests(s *State, id string) map[string]bool {
	d := r.d
	u := s.French[id]
	out := map[string]bool{}
	if u.Disorg || !d.onMap(u.Loc) {
		return out
	}
	tank := d.French[id].Kind == KindTank
	if d.isPA(u.Loc) {
		if s.surrounded(d, u.Loc) {
			// 4.2.3 (ruling H54): not even out through an assault base.
			return out
		}
		if tank {
			for pa := range r.frenchOpReach(s, u.Loc) {
				out[pa] = true
			}
		}
		// 5.3 with 6.2 (ruling H66): "if the PA is empty, the unit may
		// enter", French or VM-held; France cannot tell a dummy from a
		// battalion, so any VM counter keeps it out.
		for _, q := range d.PALinks[u.Loc] {
			if !s.anyVMAt(q) {
				out[q] = true
			}
		}
		for _, b := range d.PABases[u.Loc] {
			out[b.Zone] = true
		}
		return out
	}
	for _, z := range d.ZoneAdj[u.Loc] {
		if d.zoneKind(z) == ZonePeripheral || z == d.Map.FrenchJungle {
			out[z] = true
		}
	}
	if !s.anyVMAt(u.Loc) {
		// 6.2.3: no assault base while enemy units share the zone.
		for _, b := range d.ZoneBases[u.Loc] {
			for _, pa := range b.PAs {
				if !s.anyVMAt(pa) { // ruling H66: an empty VM PA too
					out[pa] = true
				}
			}
		}
	}
	return out
}

func (r *Rules) canAssaultMove(s *State, side, id, dest string) error {
	if s.Moved[id] {
		return fail("%s has already moved this impulse", id)
	}
	if side == VM {
		u := s.VM[id]
		if !u.Engaged {
			return fail("%s is not engaged: only engaged battalions move in an assault (5.1)", id)
		}
		if !r.vmStepDests(s, id)[dest] {
			if u.Disorg {
				return fail("%s is Disorganized: it may only withdraw from an assault base to its zone (5.3)", id)
			}
			if b, ok := r.d.Bases[dest]; ok {
				if err := r.baseRoom(s, id, dest); err != nil && s.Trench[b.Zone] >= 1 {
					return fail("%v", err)
				}
			}
			if s.vmSurrounded(r.d, u.Loc) {
				return fail("%s is in a PA connected only to enemy PAs: it may not move, only a successful combat gets it out (4.2.3)", id)
			}
			return fail("%s cannot reach %s this impulse: one PA or one assault base, never into an enemy-held PA or a jungle zone (5.3)", id, r.placeName(dest))
		}
		return nil
	}
	if !r.frenchStepDests(s, id)[dest] {
		if s.French[id].Disorg {
			return fail("%s is Disorganized and may not move in the assault", id)
		}
		if s.surrounded(r.d, s.French[id].Loc) {
			return fail("%s is in a PA connected only to enemy PAs: it may not move, only a successful combat gets it out (4.2.3)", id)
		}
		if s.anyVMAt(dest) && r.d.isPA(dest) {
			return fail("%s holds VM units: a unit enters only an empty PA; designate it and attack it (5.3, 6.2.1, 6.2.5)", r.placeName(dest))
		}
		if s.anyVMAt(s.French[id].Loc) && !r.d.isPA(s.French[id].Loc) {
			return fail("%s cannot reach %s: a French unit in a zone holding enemy units may not use its assault bases (6.2.5)", id, r.placeName(dest))
		}
		return fail("%s cannot reach %s this impulse: infantry moves one PA along a line, one zone, or through an assault base into a PA (6.2.3)", id, r.placeName(dest))
	}
	return nil
}

// placeName names a zone, PA or assault base.
func (r *Rules) placeName(loc string) string {
	if _, ok := r.d.Bases[loc]; ok {
		return "assault base " + loc
	}
	return r.d.locName(loc)
}

// place resolves a zone, PA or assault base id.
func (r *Rules) place(w string) (string, error) {
	if id := r.canon(w); r.d.onMap(id) {
		return id, nil
	}
	for id := range r.d.Bases {
		if strings.EqualFold(id, w) {
			return id, nil
		}
	}
	return "", fail("%q is not a zone, PA or assault base (bases are named like N>H6)", w)
}

func (r *Rules) advanceOrder(s *State, side, verb string, args []string, ev *events) error {
	if ok, err := r.doneOrder(s, verb, args, nil, ev); ok {
		return err
	}
	if verb != "move" {
		return unknownVerb(verb, "attacker movement", "move <unit> <place>, done")
	}
	id, dest, err := r.unitAndPlace(s, side, args, "move <unit> <place>", r.canAssaultMove)
	if err != nil {
		return err
	}
	r.stepMove(s, side, id, dest, ev)
	return nil
}

func (r *Rules) sideUnit(s *State, side, w string) (string, error) {
	if side == French {
		id, _, err := r.frenchUnit(s, w)
		return id, err
	}
	id, _, err := r.vmUnit(s, w)
	return id, err
}

// stepMove moves a unit in an assault, capturing or retaking an empty PA it
// enters, engaging VM units in a zone France enters.
func (r *Rules) stepMove(s *State, side, id, dest string, ev *events) {
	if s.Moved == nil {
		s.Moved = map[string]bool{}
	}
	s.Moved[id] = true
	var from string
	if side == French {
		u := s.French[id]
		from = u.Loc
		if r.d.isPA(from) && !r.d.isPA(dest) && u.From == "" {
			u.From = from
		}
		u.Loc = dest
		ev.pub("6.2.3: %s moves %s → %s.", id, r.placeName(from), r.placeName(dest))
		if !r.d.isPA(dest) {
			s.Hit[dest] = true
			r.engageAt(s, dest, ev)
		}
	} else {
		u := s.VM[id]
		from = u.Loc
		u.Loc = dest
		if u.Engaged {
			ev.pub("5.3: VM battalion %s moves %s → %s.", id, r.placeName(from), r.placeName(dest))
		} else {
			ev.to(VM, "%s moves %s → %s.", id, r.placeName(from), r.placeName(dest))
			ev.pub("A hidden VM unit moves %s → %s.", r.placeName(r.zoneOf(from)), r.placeName(r.zoneOf(dest)))
		}
		r.reportUpkeep(s.upkeep(r.d), ev)
	}
	ev.moved(id, from, dest)
	r.setControl(s, dest, side, ev)
	r.checkVictory(s, ev)
}

// ---- 5.4 / 6.2.4 defensive fire ----

// firers: the side's units at loc that fire, with their strength: the sum
// of fire values, halved (rounded up) when Disorganized (0.3); a VM zone
// fires with one battalion per trench level (6.2.4); and whether any is
// Fatigued, and the worst VM loss marker.
func (r *Rules) firers(s *State, side, loc string) (ids []string, strength int, fatigued bool, losses int) {
	units := s.sideAt(side, loc)
	if side == VM {
		// 6.2.7 (ruling H67): a battalion that broke off does not fire.
		units = slices.DeleteFunc(units, func(id string) bool { return s.VM[id].Inactive })
	}
	if side == VM && r.d.zoneKind(loc) == ZonePeripheral {
		sort.SliceStable(units, func(i, j int) bool { return r.d.VM[units[i]].Fire > r.d.VM[units[j]].Fire })
		if lvl := s.Trench[loc]; len(units) > lvl {
			units = units[:lvl]
		}
	}
	for _, id := range units {
		var f int
		var dis bool
		if side == French {
			c := r.frenchCounter(id, s.French[id])
			f, dis, fatigued = c.Fire, s.French[id].Disorg, fatigued || s.French[id].Fatigued
		} else {
			u := s.VM[id]
			f, dis, fatigued = r.d.VM[id].Fire, u.Disorg, fatigued || u.Fatigued
			losses = max(losses, u.Losses)
		}
		if dis {
			f = (f + 1) / 2
		}
		strength += f
		ids = append(ids, id)
	}
	return ids, strength, fatigued, losses
}

// ammoShift: 5.4, French infantry fire by ammunition level.
func (r *Rules) ammoShift(s *State) int {
	shift := 0
	for _, b := range r.d.Tables.Munitions.Bands {
		if s.FrenchMunitions >= b.Min {
			shift = b.Shift
		}
	}
	return shift
}

// defFireTargets: where the defender's infantry at from may fire.
// 5.4: France fires from a PA at assault bases reaching it and at enemy
// PAs joined to it that hold engaged battalions. 6.2.4: the VM fires from
// a PA or zone at French units attacking it (in PAs joined to it or zones
// whose bases reach it) and at French units in its own trenched zone.
func (r *Rules) defFireTargets(s *State, side, from string) []string {
	d := r.d
	var out []string
	if side == French {
		if !d.isPA(from) || !s.anyFrenchAt(from) {
			return nil
		}
		engaged := func(loc string) bool {
			for _, u := range s.VM { // vmAt, unsorted: only whether
				if u.Loc == loc && u.Engaged {
					return true
				}
			}
			return false
		}
		for _, b := range d.PABases[from] {
			if engaged(b.ID) {
				out = append(out, b.ID)
			}
		}
		for _, q := range d.PALinks[from] {
			if s.Captured[q] && engaged(q) {
				out = append(out, q)
			}
		}
		return out
	}
	if len(s.sideAt(VM, from)) == 0 {
		return nil
	}
	if d.isPA(from) {
		// 6.2.4 (ruling H57): at French units that attack a VM PA, in the
		// French PAs joined to this one or the zones its bases open on,
		// and at every French unit in a trenched zone its bases open on.
		att := r.declaredAttackerPlaces(s)
		for _, q := range d.PALinks[from] {
			if att[q] {
				out = append(out, q)
			}
		}
		for _, b := range d.PABases[from] {
			if (att[b.Zone] || r.trenchedWithFrench(s, b.Zone)) && !slices.Contains(out, b.Zone) {
				out = append(out, b.Zone)
			}
		}
	} else if r.trenchedWithFrench(s, from) {
		out = append(out, from)
	}
	return out
}

// trenchedWithFrench: 6.2.4, a peripheral zone containing trenches where
// French units stand: the VM fires at every one of them.
func (r *Rules) trenchedWithFrench(s *State, z string) bool {
	return r.d.zoneKind(z) == ZonePeripheral && s.Trench[z] >= 1 && s.anyFrenchAt(z)
}

// ---- 6.2.1 French engagement: the attacks France designates ----

// engageKey marks a VM PA France designated for attack this impulse;
// engageByKey one of the French units it named for it (none named: every
// eligible unit attacks it).
func engageKey(pa string) string       { return "engage:" + pa }
func engageByKey(pa, id string) string { return "engageby:" + pa + ":" + id }

// declaredAttackers: 6.2.1 (ruling H57), the French units designated to
// attack pa this impulse that still may: the named ones, or every
// eligible one when none was named.
func (r *Rules) declaredAttackers(s *State, pa string) []string {
	if !s.Fired[engageKey(pa)] {
		return nil
	}
	elig := r.attackers(s, French, pa)
	prefix := engageByKey(pa, "")
	for k := range s.Fired {
		if strings.HasPrefix(k, prefix) {
			// Units were named: those of them that still may attack.
			return slices.DeleteFunc(elig, func(id string) bool { return !s.Fired[engageByKey(pa, id)] })
		}
	}
	return elig
}

// declaredAttackerPlaces: where the units designated to attack stand.
func (r *Rules) declaredAttackerPlaces(s *State) map[string]bool {
	out := map[string]bool{}
	for _, pa := range r.d.PAOrder {
		for _, id := range r.declaredAttackers(s, pa) {
			out[s.French[id].Loc] = true
		}
	}
	return out
}

// defFireVictims: 6.2.4, the French units at loc the VM's defensive fire
// falls on: every one in a trenched peripheral zone, else those at loc
// designated to attack a VM PA (ruling H57).
func (r *Rules) defFireVictims(s *State, loc string) []string {
	if r.trenchedWithFrench(s, loc) {
		return nil
	}
	var out []string
	for _, pa := range r.d.PAOrder {
		for _, id := range r.declaredAttackers(s, pa) {
			if s.French[id].Loc == loc && !slices.Contains(out, id) {
				out = append(out, id)
			}
		}
	}
	sort.Strings(out)
	return out
}

// canEngage: 6.2.1, France designates a VM PA it will attack this
// impulse, before the VM's defensive fire, and which units will attack it.
func (r *Rules) canEngage(s *State, pa string, with []string) error {
	d := r.d
	switch {
	case !d.isPA(pa):
		return fail("France designates VM-held PAs for attack (6.2.1); %s is not a PA", r.placeName(pa))
	case !s.anyVMAt(pa):
		return fail("%s holds no VM unit to attack", d.locName(pa))
	case s.Fired[engageKey(pa)]:
		return fail("%s is already designated for attack this impulse", d.locName(pa))
	}
	elig := r.attackers(s, French, pa)
	if len(elig) == 0 {
		return fail("no organized French unit stands in a PA joined to %s or a zone whose assault base reaches it (6.2.5): move first, then designate", d.locName(pa))
	}
	for _, id := range with {
		if !slices.Contains(elig, id) {
			return fail("%s cannot attack %s (eligible: %s)", id, d.locName(pa), strings.Join(elig, ", "))
		}
	}
	att := with
	if len(att) == 0 {
		att = elig
	}
	if len(r.stepTakers(French, att)) == 0 {
		return fail("tanks alone do not attack %s: French infantry attacks and tanks support it (6.2.5, 0.1; ruling H64); name a company or MG platoon too", d.locName(pa))
	}
	return nil
}

// engageOrderFrench: `engage <PA> [with <unit> ...]`, in France's
// artillery or movement step (6.2.1, ruling H57).
func (r *Rules) engageOrderFrench(s *State, args []string, ev *events) error {
	if len(args) < 1 {
		return fail("usage: engage <VM PA> [with <unit> ...]")
	}
	pa := r.canon(args[0])
	var with []string
	for _, w := range args[1:] {
		if strings.EqualFold(w, "with") {
			continue
		}
		id, err := r.sideUnit(s, French, w)
		if err != nil {
			return err
		}
		if !slices.Contains(with, id) {
			with = append(with, id)
		}
	}
	if err := r.canEngage(s, pa, with); err != nil {
		return err
	}
	s.Fired[engageKey(pa)] = true
	for _, id := range with {
		s.Fired[engageByKey(pa, id)] = true
	}
	who := "every eligible unit"
	if len(with) > 0 {
		who = strings.Join(with, ", ")
	}
	ev.pub("6.2.1: France designates %s for attack this impulse, with %s.", r.d.locName(pa), who)
	ev.mark("", "engage", "", pa)
	r.engageAt(s, pa, ev)
	return nil
}

// defArtilleryTargets: 5.4, French artillery at any place its infantry
// could fire at; 6.2.4, VM artillery at French units in a trenched zone.
func (r *Rules) defArtilleryTargets(s *State, side string) []string {
	d := r.d
	seen := map[string]bool{}
	var out []string
	if side == French {
		// 5.4 note: a French PA directs fire even unoccupied.
		engaged := func(loc string) bool {
			for _, u := range s.VM { // vmAt, unsorted: only whether
				if u.Loc == loc && u.Engaged {
					return true
				}
			}
			return false
		}
		for _, pa := range d.PAOrder {
			if s.Captured[pa] {
				continue
			}
			for _, b := range d.PABases[pa] {
				if !seen[b.ID] && engaged(b.ID) {
					seen[b.ID] = true
					out = append(out, b.ID)
				}
			}
			for _, q := range d.PALinks[pa] {
				if !seen[q] && s.Captured[q] && engaged(q) {
					seen[q] = true
					out = append(out, q)
				}
			}
		}
		sort.Strings(out)
		return out
	}
	// 6.2.4: at French units in a trenched zone, and at the French units
	// that attack a VM PA (ruling H57).
	att := r.declaredAttackerPlaces(s)
	for _, z := range r.d.ZoneOrder {
		if r.trenchedWithFrench(s, z) || att[z] {
			out = append(out, z)
		}
	}
	for _, pa := range r.d.PAOrder {
		if att[pa] {
			out = append(out, pa)
		}
	}
	return out
}

func (r *Rules) canDefFire(s *State, side, from, target string, air int) error {
	if s.Fired["inf:"+target] {
		return fail("%s was already fired on by infantry this impulse (5.4)", r.placeName(target))
	}
	if s.Fired[firedFromKey(side, from)] {
		return fail("the units at %s already fired this impulse: infantry fires PA by PA, all units of a place together, once (5.4, 6.2.4)", r.placeName(from))
	}
	if air > s.AirPoints {
		return fail("%d air point(s) left this week", s.AirPoints)
	}
	if air > 0 && side != French {
		return fail("only France has air points")
	}
	if !slices.Contains(r.defFireTargets(s, side, from), target) {
		return fail("your units at %s cannot fire at %s (5.4, 6.2.4)", r.placeName(from), r.placeName(target))
	}
	return nil
}

func (r *Rules) defFireOrder(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	if ok, err := r.doneOrder(s, verb, args, dice, ev); ok {
		return err
	}
	switch verb {
	case "fire":
		if len(args) < 2 || len(args) > 3 {
			return fail("usage: fire <from> <target> [air points]")
		}
		from, err := r.place(args[0])
		if err != nil {
			return err
		}
		target, err := r.place(args[1])
		if err != nil {
			return err
		}
		air := 0
		if len(args) == 3 {
			if air, err = count(args[2], 0, 9, "air points"); err != nil {
				return err
			}
		}
		if err := r.canDefFire(s, side, from, target, air); err != nil {
			return err
		}
		r.infantryFire(s, side, from, target, air, dice, ev)
		return nil
	case "artillery":
		if err := want(args, 1, "artillery <target>"); err != nil {
			return err
		}
		target, err := r.place(args[0])
		if err != nil {
			return err
		}
		if err := r.canDefArtillery(s, side, target); err != nil {
			return err
		}
		r.artillery(s, side, target, dice, ev)
		return nil
	}
	return unknownVerb(verb, "defensive fire", "fire <from> <target> [air points], artillery <target>, done")
}

func (r *Rules) canDefArtillery(s *State, side, target string) error {
	m := s.FrenchMunitions
	if side == VM {
		m = s.VMMunitions
	}
	switch {
	case m < 1:
		return fail("no artillery munitions left")
	case s.Fired["art:"+target]:
		return fail("%s was already fired on by artillery this impulse (5.4)", r.placeName(target))
	case !slices.Contains(r.defArtilleryTargets(s, side), target):
		return fail("%s is not a target for defensive artillery (5.4, 6.2.4)", r.placeName(target))
	}
	return nil
}

// infantryFire: 5.4 / 6.2.4 / 6.2.5 fire of a side's units at from.
func (r *Rules) infantryFire(s *State, side, from, target string, air int, dice adjudicator.Dice, ev *events) {
	ids, strength, fatigued, losses := r.firers(s, side, from)
	if side == VM {
		r.engageAt(s, from, ev) // firing engages (6.2.1)
	}
	shift := 0
	if side == French {
		shift += r.ammoShift(s) + 2*air
		s.AirPoints -= air
	}
	if fatigued {
		shift--
	}
	s.Fired["inf:"+target] = true
	s.Fired[firedFromKey(side, from)] = true
	why := fmt.Sprintf("infantry fire from %s (%s) at %s", r.placeName(from), strings.Join(ids, ", "), r.placeName(target))
	if air > 0 {
		why += fmt.Sprintf(" with %d air point(s)", air)
	}
	// 6.2.5: VM infantry fires at French units in a PA only when they
	// attack from it (6.2.4), and such attackers count as in an assault
	// base; the result falls on the attackers alone (ruling H57).
	asBase := side == VM && r.d.isPA(target)
	var only []string
	if side == VM && s.Half == French {
		only = r.defFireVictims(s, target)
	}
	r.fire(s, side, target, only, strength, shift, -losses, from, asBase, dice, ev, why)
}

// autoDefFire: the standing order "fire all": every location fires at its
// largest target stack; artillery once at the largest stack.
func (r *Rules) autoDefFire(s *State, dice adjudicator.Dice, ev *events) {
	side := other(s.Half)
	stack := func(t string) int { return len(s.sideAt(s.Half, t)) }
	froms := r.d.PAOrder
	if side == VM {
		froms = append(append([]string(nil), r.d.ZoneOrder...), r.d.PAOrder...)
	}
	fired := false
	for _, from := range froms {
		if s.Fired[firedFromKey(side, from)] {
			continue
		}
		best := ""
		for _, t := range r.defFireTargets(s, side, from) {
			if !s.Fired["inf:"+t] && (best == "" || stack(t) > stack(best)) {
				best = t
			}
		}
		if best != "" {
			r.infantryFire(s, side, from, best, 0, dice, ev)
			fired = true
		}
	}
	best := ""
	for _, t := range r.defArtilleryTargets(s, side) {
		if r.canDefArtillery(s, side, t) == nil && (best == "" || stack(t) > stack(best)) {
			best = t
		}
	}
	if best != "" {
		r.artillery(s, side, best, dice, ev)
		fired = true
	}
	if fired {
		ev.to(side, "Your standing order fired for you.")
	}
}

// ---- 5.5 / 6.2.5 hand-to-hand and zone fire ----

// attackers: the side's units that may attack pa: VM engaged battalions
// in assault bases reaching it or VM PAs joined to it; French units in
// French PAs joined to it or in zones whose bases reach it. Disorganized
// units do not attack; after 50 VM losses Fatigued VM units neither (1.5).
func (r *Rules) attackers(s *State, side, pa string) []string {
	d := r.d
	var locs []string
	for _, b := range d.PABases[pa] {
		if side == VM {
			locs = append(locs, b.ID)
		} else if !s.anyVMAt(b.Zone) {
			locs = append(locs, b.Zone)
		}
	}
	for _, q := range d.PALinks[pa] {
		if side == VM && s.Captured[q] || side == French && !s.Captured[q] {
			locs = append(locs, q)
		}
	}
	var out []string
	for _, loc := range locs {
		for _, id := range s.sideAt(side, loc) {
			if s.Fired[attackedKey(id)] {
				continue // 5, 5.5: a unit attacks once per impulse
			}
			if side == VM {
				u := s.VM[id]
				if !u.Engaged || u.Disorg || u.Fatigued && s.VMLosses >= 50 {
					continue
				}
			} else if s.French[id].Disorg {
				continue
			}
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

func (r *Rules) canAttack(s *State, side, pa string, with []string, air int) error {
	d := r.d
	if !d.isPA(pa) {
		return fail("hand-to-hand attacks are against PAs")
	}
	if side == VM && !s.anyFrenchAt(pa) || side == French && !s.anyVMAt(pa) {
		return fail("%s holds no enemy unit", d.locName(pa))
	}
	if s.Fired["melee:"+pa] {
		return fail("%s was already attacked this impulse", d.locName(pa))
	}
	if air > 0 && side != French || air > s.AirPoints {
		return fail("air support: France only, %d point(s) left", s.AirPoints)
	}
	if side == French && !s.Fired[engageKey(pa)] && !s.Fired["melee:"+pa] {
		return fail("%s was not designated for attack this impulse: France designates the VM PA it attacks, and its units, in the artillery or movement step, before the VM's defensive fire (`engage %s [with <unit> ...]`; 6.2.1, 6.2.4)", d.locName(pa), pa)
	}
	elig := r.attackers(s, side, pa)
	if side == French {
		elig = r.declaredAttackers(s, pa)
	}
	for _, id := range with {
		if s.Fired[attackedKey(id)] {
			return fail("%s already attacked this impulse: each unit attacks once per impulse, and the impulse's attacks are simultaneous (5, 5.5)", id)
		}
	}
	if len(elig) == 0 {
		again := ""
		for k := range s.Fired {
			if strings.HasPrefix(k, attackedKey("")) {
				again = "; units that attacked this impulse cannot attack again (5, 5.5)"
				break
			}
		}
		if side == VM {
			return fail("no engaged, organized battalion stands in an assault base reaching %s or a VM PA joined to it (5.5)%s", d.locName(pa), again)
		}
		return fail("no organized French unit stands in a PA joined to %s or a zone whose assault base reaches it (6.2.5)%s", d.locName(pa), again)
	}
	for _, id := range with {
		if !slices.Contains(elig, id) {
			if side == French && slices.Contains(r.attackers(s, side, pa), id) {
				return fail("%s was not named when %s was designated for attack (6.2.1, ruling H57); its designated attackers: %s", id, d.locName(pa), strings.Join(elig, ", "))
			}
			return fail("%s cannot attack %s (eligible: %s)", id, d.locName(pa), strings.Join(elig, ", "))
		}
	}
	att := with
	if len(att) == 0 {
		att = elig
	}
	if len(r.stepTakers(side, att)) == 0 {
		return fail("tanks alone do not attack %s: French infantry attacks and tanks support it (6.2.5, 0.1; ruling H64); name a company or MG platoon too", d.locName(pa))
	}
	return nil
}

func (r *Rules) combatOrder(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	if ok, err := r.doneOrder(s, verb, args, dice, ev); ok {
		return err
	}
	switch verb {
	case "attack":
		// attack <PA> [with <unit> ...] [lead <unit>] [hold <unit> ...] [air <n>] [crit tank]
		if len(args) < 1 {
			return fail("usage: %s", attackUsage)
		}
		pa := r.canon(args[0])
		var a attackOrder
		list := &a.with
		for i := 1; i < len(args); i++ {
			switch strings.ToLower(args[i]) {
			case "with":
				list = &a.with
			case "hold":
				list = &a.hold
			case "lead":
				if i+1 >= len(args) || a.lead != "" {
					return fail("lead names one unit: the attacker's unit for the morale difference, which takes the first step loss (COMBAT RESULTS)")
				}
				id, err := r.sideUnit(s, side, args[i+1])
				if err != nil {
					return err
				}
				a.lead = id
				i++
			case "air":
				if i+1 >= len(args) {
					return fail("air needs a number of points")
				}
				n, err := count(args[i+1], 1, 9, "air points")
				if err != nil {
					return err
				}
				a.air = n
				i++
			case "crit":
				if i+1 >= len(args) || !strings.EqualFold(args[i+1], "tank") {
					return fail("crit takes `tank` (5.5: on a favourable critical hit, apply the result normally and destroy a tank step)")
				}
				a.tankOption = true
				i++
			default:
				id, err := r.sideUnit(s, side, args[i])
				if err != nil {
					return err
				}
				*list = append(*list, id)
			}
		}
		if err := r.canAttack(s, side, pa, a.with, a.air); err != nil {
			return err
		}
		att := a.with
		if len(att) == 0 && side == French {
			att = r.declaredAttackers(s, pa)
		} else if len(att) == 0 {
			att = r.attackers(s, side, pa)
		}
		if a.lead != "" && !slices.Contains(att, a.lead) {
			return fail("lead %s: the unit for the morale difference is one of the attackers (%s)", a.lead, strings.Join(att, ", "))
		}
		if a.lead != "" && len(r.stepTakers(side, []string{a.lead})) == 0 {
			return fail("lead %s: a tank cannot be the unit for the morale difference, which must take the first step loss if called for, and tanks lose steps only on a * (0.1, COMBAT RESULTS; ruling H64); tanks double the attackers' morale instead; name one of %s", a.lead, strings.Join(r.stepTakers(side, att), ", "))
		}
		for _, id := range a.hold {
			if !slices.Contains(att, id) {
				return fail("hold %s: only attackers can hold back from the advance (%s)", id, strings.Join(att, ", "))
			}
		}
		r.melee(s, side, pa, att, a, dice, ev)
		return nil
	case "fire":
		if side != French {
			break
		}
		if len(args) < 1 || len(args) > 2 {
			return fail("usage: fire <zone> [air points]")
		}
		z := r.canon(args[0])
		air := 0
		if len(args) == 2 {
			n, err := count(args[1], 0, 9, "air points")
			if err != nil {
				return err
			}
			air = n
		}
		if err := r.canZoneFire(s, z, air); err != nil {
			return err
		}
		s.Fired["zone:"+z] = true
		r.infantryFire(s, French, z, z, air, dice, ev)
		return nil
	}
	if side == French {
		return unknownVerb(verb, "French combat (6.2.5)", attackUsage+", fire <zone> [air], done")
	}
	return unknownVerb(verb, "hand-to-hand (5.5)", attackUsage+", done")
}

// frenchCombatZone: where France fights outside the PAs: the peripheral
// zones (6.2.5) and Jungle Zone 4, "the only Jungle zone that the French
// may enter and conduct operations" (3.2, ruling H59).
func (r *Rules) frenchCombatZone(z string) bool {
	return r.d.zoneKind(z) == ZonePeripheral || z == r.d.Map.FrenchJungle
}

// canZoneFire: 6.2.5, combat in a peripheral zone (or Jungle Zone 4) is
// fire by the companies there at the VM units there.
func (r *Rules) canZoneFire(s *State, z string, air int) error {
	switch {
	case !r.frenchCombatZone(z):
		return fail("zone combat is in peripheral zones and %s (3.2, 6.2.5)", r.d.locName(r.d.Map.FrenchJungle))
	case !s.anyFrenchAt(z):
		return fail("no French unit is in %s", r.d.locName(z))
	case !s.anyVMAt(z):
		return fail("no VM unit is in %s", r.d.locName(z))
	case s.Fired["zone:"+z] || s.Fired["inf:"+z]:
		return fail("%s was already fired on this impulse", r.d.locName(z))
	case air > s.AirPoints:
		return fail("%d air point(s) left this week", s.AirPoints)
	}
	return nil
}

// meleeStrength: hand-to-hand strengths, halved (rounded up) when
// Disorganized (0.3). French companies beyond the first two in a PA fight
// without the PA's protection: see paProtected (ruling H61, not H28).
func (r *Rules) meleeStrength(s *State, side string, ids []string, defendingPA bool) int {
	var vals []int
	for _, id := range ids {
		var m int
		var dis bool
		if side == French {
			c := r.frenchCounter(id, s.French[id])
			m, dis = c.Melee, s.French[id].Disorg
		} else {
			m, dis = r.d.VM[id].Melee, s.VM[id].Disorg
		}
		if dis {
			m = (m + 1) / 2
		}
		vals = append(vals, m)
	}
	total := 0
	for _, v := range vals {
		total += v
	}
	return total
}

// paProtected: 1.4, "only two French companies, full or reduced (tanks
// and anti-aircraft guns included freely) may benefit from terrain": the
// two strongest companies and every tank section in a PA, and how many
// companies are left without the PA bonus (ruling H61).
func (r *Rules) paProtected(s *State, ids []string) (prot []string, extra int) {
	var companies []string
	for _, id := range ids {
		if r.d.French[id].Kind == KindTank {
			prot = append(prot, id)
		} else {
			companies = append(companies, id)
		}
	}
	strength := func(id string) int { return r.meleeStrength(s, French, []string{id}, true) }
	sort.SliceStable(companies, func(i, j int) bool { return strength(companies[i]) > strength(companies[j]) })
	limit := r.d.Tables.Stacking.FrenchPATerrain
	if len(companies) <= limit {
		return append(prot, companies...), 0
	}
	return append(prot, companies[:limit]...), len(companies) - limit
}

// meleeColumn: 5.5, the ratio column (rounded down), shifted; beyond 6-1
// each column is +1 on the die.
func (r *Rules) meleeColumn(att, def, shift int) (col int, drm int) {
	cols := r.d.Tables.HandToHand.Columns
	idx := func(a, d int) int {
		for i, c := range cols {
			if c.Att == a && c.Def == d {
				return i
			}
		}
		return -1
	}
	var raw int
	if def <= 0 {
		def = 1
	}
	if att >= def {
		k := att / def
		top := cols[len(cols)-1].Att
		if k > top {
			raw = len(cols) - 1 + (k - top)
		} else {
			raw = idx(k, 1)
		}
	} else {
		q := (def + att - 1) / max(att, 1)
		low := cols[0].Def
		if q > low {
			raw = -(q - low)
		} else {
			raw = idx(1, q)
		}
	}
	c := raw + shift
	if c > len(cols)-1 {
		return len(cols) - 1, c - (len(cols) - 1)
	}
	return max(0, c), 0
}

// melee: 5.5 / 6.2.5 hand-to-hand combat against pa.
// attackUsage is the attack order's form.
const attackUsage = "attack <PA> [with <unit> ...] [lead <unit>] [hold <unit> ...] [air <points>] [crit tank]"

// attackOrder is what an attack order declares besides its PA.
type attackOrder struct {
	with []string // the attackers (empty: every eligible unit)
	// lead: the attacker's unit for the morale difference, which takes
	// the attacker's first step loss (COMBAT RESULTS: "player's choice";
	// ruling H49); "" for the standing order's choice.
	lead string
	// hold: attackers that do not advance after combat (5.5 "may";
	// ruling H48).
	hold       []string
	air        int
	tankOption bool
}

func (r *Rules) melee(s *State, side, pa string, att []string, a attackOrder, dice adjudicator.Dice, ev *events) {
	air, tankOption := a.air, a.tankOption
	d := r.d
	def := other(side)
	if def == VM {
		r.engageAt(s, pa, ev)
	}
	defs := s.sideAt(def, pa)
	s.Fired["melee:"+pa] = true
	s.Hit[pa] = true
	for _, id := range att {
		s.Fired[attackedKey(id)] = true
	}
	if len(defs) == 0 {
		// Only dummies were there: revealed and gone (4.2.1).
		ev.pub("%s attacks %s: no VM battalion was there.", capital(sideName(side)), d.locName(pa))
		s.Advances = append(s.Advances, Advance{Side: side, PA: pa, Units: r.advancing(s, side, att, a.hold)})
		return
	}
	as := r.meleeStrength(s, side, att, false)
	ds := r.meleeStrength(s, def, defs, def == French)
	shift := 0
	var mods []string
	add := func(n int, why string) {
		if n != 0 {
			shift += n
			mods = append(mods, fmt.Sprintf("%s %+d", why, n))
		}
	}
	// Hill or river (not when the attackers are on the same hill).
	locs := map[string]bool{}
	fromZones := map[string]bool{}
	for _, id := range att {
		l := r.unitAt(s, side, id)
		locs[l] = true
		fromZones[r.zoneOf(l)] = true
	}
	target := d.PAs[pa]
	hill := 0
	if target.Hill != "" && !fromZones[target.Zone] {
		hill = -1
		if target.Hill == "gabrielle" {
			hill = -2
		}
	}
	river := 0
	for z := range fromZones {
		if d.Zones[z].WestBank != d.Zones[target.Zone].WestBank && d.Zones[z].Kind != ZoneJungle {
			river = -1
		}
	}
	add(min(hill, river), "hill/river")
	add(-3, "PA")
	if def == VM {
		// 1.4: up to three battalions of one division hold with the trench bonus.
		divs := map[string]bool{}
		for _, id := range defs {
			divs[d.VM[id].Division] = true
		}
		if len(defs) <= d.Tables.Stacking.VMPATrench && len(divs) == 1 {
			add(-1, "trenches")
		}
	}
	fat := false
	for _, id := range att {
		if side == VM && s.VM[id].Fatigued || side == French && s.French[id].Fatigued {
			fat = true
		}
	}
	if fat {
		add(-1, "fatigued")
	}
	if len(locs) >= 2 || s.encircled(d, pa) {
		add(1, "concentric/encircled")
	}
	if side == VM {
		if s.VMLosses < 20 {
			add(1, "VM under 20 losses")
		} else if s.VMLosses > 50 {
			add(-1, "VM over 50 losses")
		}
	}
	// Morale difference: one unit of each side, the player's choice
	// (COMBAT RESULTS; ruling H49); tanks double the morale of attacking
	// French units.
	aUnit := a.lead
	if aUnit == "" {
		aUnit = r.leadUnit(s, side, att)
	}
	dUnit := r.leadUnit(s, def, defs)
	am, _ := r.morale(s, side, aUnit)
	if side == French && r.anyTank(att) {
		am *= 2
	}
	dm, _ := r.morale(s, def, dUnit)
	add(am-dm, "morale")
	add(2*air, "air")
	if air > 0 {
		s.AirPoints -= air
	}
	col, drm := r.meleeColumn(as, ds, shift)
	if def == French {
		// 1.4 (ruling H61): "Those above the two-company limit do not
		// receive the PA bonus, only any potential hill bonus": the PA's
		// -3 protects two companies; the others add their strength only
		// without it. The defence takes the better of the two columns.
		if prot, extra := r.paProtected(s, defs); extra > 0 {
			ps := r.meleeStrength(s, def, prot, true)
			pc, pd := r.meleeColumn(as, ps, shift)
			ac, ad := r.meleeColumn(as, ds, shift+3)
			if ac < pc || ac == pc && ad < pd {
				col, drm = ac, ad
				add(3, fmt.Sprintf("%d companies in the PA, no PA bonus (1.4)", extra+r.d.Tables.Stacking.FrenchPATerrain))
			} else {
				col, drm, ds = pc, pd, ps
				mods = append(mods, fmt.Sprintf("%d compan%s beyond two without the PA bonus, not counted (1.4)", extra, map[bool]string{true: "y", false: "ies"}[extra == 1]))
			}
		}
	}
	if side == VM {
		worst := 0
		for _, id := range att {
			worst = max(worst, s.VM[id].Losses)
		}
		drm -= worst
	}
	column := d.Tables.HandToHand.Columns[col]
	natural := dice.Roll(6)
	res := readCell(column.Results, natural, drm)
	text := fmt.Sprintf("%s attacks %s with %s (%d against %d; %s) on column %s", capital(sideName(side)), d.locName(pa), strings.Join(att, ", "), as, ds, strings.Join(mods, ", "), column.Label)
	if drm != 0 {
		text += fmt.Sprintf(", die %+d", drm)
	}
	double, single := false, false
	if natural == 1 {
		// 5.5 / 6.2.5 critical hit: reroll.
		again := dice.Roll(6)
		res = readCell(column.Results, max(2, again), drm)
		if again <= 3 {
			single = true
			text += fmt.Sprintf(": roll 1, critical hit; reroll %d, unfavourable: %s with the defender's result a single morale check", again, res)
			if side == French {
				// 6.2.5: "If a tank is present, it suffers one step loss":
				// a tank among the attackers, wherever it attacks from
				// (ruling H69).
				for _, id := range att {
					if d.French[id].Kind == KindTank {
						s.Hits = append(s.Hits, Hit{Side: French, At: s.French[id].Loc, Kind: "tank", Reason: "6.2.5 critical hit", Group: r.nextGroup(s), Units: []string{id}})
						break
					}
				}
			}
		} else if tankOption && side == VM && len(r.tanksAt(s, pa)) > 0 && !s.Fired["crit-tank"] {
			// 5.5: one tank step at most per phase by this option.
			s.Fired["crit-tank"] = true
			text += fmt.Sprintf(": roll 1, critical hit; reroll %d, favourable: %s, and a tank step is lost (VM's choice)", again, res)
			s.Hits = append(s.Hits, Hit{Side: French, At: pa, Kind: "tank", Reason: "5.5 critical hit", Group: r.nextGroup(s), Units: r.tanksAt(s, pa)})
		} else {
			double = true
			text += fmt.Sprintf(": roll 1, critical hit; reroll %d, favourable: %s doubled", again, res)
		}
	} else {
		text += fmt.Sprintf(": roll %d, %s", natural, res)
	}
	ev.pub("%s.", text)
	ev.mark("", "assault", r.unitAt(s, side, att[0]), pa)
	r.meleeResult(s, side, pa, att, defs, res, double, single, aUnit, dUnit, ev)
	s.Advances = append(s.Advances, Advance{Side: side, PA: pa, Units: r.advancing(s, side, att, a.hold)})
}

// advancing: the attackers that will advance if the PA is emptied (5.5
// "may"; ruling H48): all but those held back by the order, none if the
// side's standing order is `advance none`.
func (r *Rules) advancing(s *State, side string, att, hold []string) []string {
	if s.Standing[side].Advance == "none" {
		return nil
	}
	var out []string
	for _, id := range att {
		if !slices.Contains(hold, id) {
			out = append(out, id)
		}
	}
	return out
}

// leadUnit: a side's unit for the morale difference when its order names
// none (ruling H49): the unit its standing order for losses would take the
// step from, else the best morale; never a tank while another unit is
// there (ruling H64: the unit must be able to take the step loss).
func (r *Rules) leadUnit(s *State, side string, ids []string) string {
	if c := r.stepTakers(side, ids); len(c) > 0 {
		ids = c
	}
	st := s.Standing[side]
	if st.Lead != "best" && st.Losses != "" && len(ids) > 1 {
		c := append([]string(nil), ids...)
		sort.SliceStable(c, func(i, j int) bool {
			a, b := s.stepsOf(side, c[i]), s.stepsOf(side, c[j])
			if st.Losses == "most" {
				return a > b
			}
			return a < b
		})
		return c[0]
	}
	_, who := r.bestMorale(s, side, ids, false)
	return who
}

// stepTakers: the units of ids that can take an ordinary step loss: all
// but French tanks, which lose steps only on a * (0.1).
func (r *Rules) stepTakers(side string, ids []string) []string {
	var out []string
	for _, id := range ids {
		if side == French && r.d.French[id].Kind == KindTank {
			continue
		}
		out = append(out, id)
	}
	return out
}

func (r *Rules) anyTank(ids []string) bool {
	for _, id := range ids {
		if f := r.d.French[id]; f != nil && f.Kind == KindTank {
			return true
		}
	}
	return false
}

func (r *Rules) bestMorale(s *State, side string, ids []string, double bool) (int, string) {
	best, who := -1, ""
	for _, id := range ids {
		m, _ := r.morale(s, side, id)
		if double {
			m *= 2
		}
		if m > best {
			best, who = m, id
		}
	}
	return max(best, 0), who
}

// meleeResult queues a Hand-to-Hand Table result (COMBAT RESULTS).
func (r *Rules) meleeResult(s *State, side, pa string, att, defs []string, res string, double, single bool, aUnit, dUnit string, ev *events) {
	def := other(side)
	why := "5.5 hand-to-hand at " + pa
	if side == French {
		why = "6.2.5 hand-to-hand at " + pa
	}
	ag, dg := r.nextGroup(s), r.nextGroup(s)+50
	attAt := func() string { return r.unitAt(s, side, aUnit) }
	aStep := func() {
		// The unit chosen for the morale difference takes the loss.
		s.Hits = append(s.Hits, Hit{Side: side, At: attAt(), Kind: "step", Reason: why, Group: ag, Units: []string{aUnit}})
	}
	aDis := func() {
		s.Hits = append(s.Hits, Hit{Side: side, At: attAt(), Kind: "disorg", Reason: why, Group: ag, Units: att})
	}
	dStep := func(n int) {
		for i := 0; i < n; i++ {
			h := Hit{Side: def, At: pa, Kind: "step", Reason: why, Group: dg, Units: defs}
			if i == 0 && dUnit != "" {
				h.Units = []string{dUnit}
			}
			s.Hits = append(s.Hits, h)
		}
	}
	dDis := func(n int) {
		for i := 0; i < n; i++ {
			s.Hits = append(s.Hits, Hit{Side: def, At: pa, Kind: "disorg", Reason: why, Group: dg, Units: defs})
		}
	}
	dT := func(times int) {
		for t := 0; t < times; t++ {
			for _, id := range defs {
				s.Hits = append(s.Hits, Hit{Side: def, At: pa, Kind: "morale", Reason: why, Group: dg, Units: []string{id}})
			}
		}
	}
	mult := 1
	if double {
		mult = 2
	}
	defPart := func(f func()) {
		if single {
			s.Hits = append(s.Hits, Hit{Side: def, At: pa, Kind: "morale", Reason: why + " (critical)", Group: dg, Units: defs})
			return
		}
		f()
	}
	switch res {
	case "T":
		// COMBAT RESULTS: T is a morale check for the defender (one unit,
		// its choice); +T below is one for each defending unit.
		defPart(func() {
			for i := 0; i < mult; i++ {
				s.Hits = append(s.Hits, Hit{Side: def, At: pa, Kind: "morale", Reason: why, Group: dg, Units: defs})
			}
		})
	case "A1+T":
		aStep()
		defPart(func() { dT(mult) })
	case "D1+T", "D2+T":
		n, _ := strconv.Atoi(res[1:2])
		defPart(func() { dStep(n * mult); dT(1) })
	case "AD":
		aDis()
	case "DD":
		defPart(func() { dDis(mult) })
	case "BD":
		aDis()
		defPart(func() { dDis(mult) })
	}
}

// ---- 5.6 / 6.2.6 defensive movement ----

func (r *Rules) canDefMove(s *State, side, id, dest string) error {
	d := r.d
	if s.Moved[id] {
		return fail("%s has already moved this impulse", id)
	}
	if side == French {
		u := s.French[id]
		if u.Disorg || !d.isPA(u.Loc) {
			return fail("%s may not move: only organized defenders in PAs move (5.6)", id)
		}
		if !slices.Contains(d.PALinks[u.Loc], dest) || s.Captured[dest] || s.anyVMAt(dest) {
			return fail("%s moves one PA, along a line, to a French PA free of the enemy (5.6)", id)
		}
		if !r.frenchMayDefMove(s, u.Loc) {
			return fail("%s is not in or next to the fighting, and no CRC PA was attacked (5.6)", id)
		}
		return nil
	}
	u := s.VM[id]
	if u.Inactive {
		return fail("%s broke off this round: it is inactive until the end of the round (6.2.7)", id)
	}
	if u.Dummy || u.Disorg || !d.onMap(u.Loc) {
		return fail("%s may not move now (6.2.6)", id)
	}
	ok := false
	for _, n := range r.vmDefNeighbours(s, u.Loc) {
		if n != dest {
			continue
		}
		// 6.2.6: withdraw from an attacked place, or reinforce one.
		if s.Hit[u.Loc] || s.Hit[dest] {
			ok = true
		}
	}
	if !ok {
		return fail("%s may only withdraw from an attacked place or reinforce an attacked place next to it (6.2.6)", id)
	}
	return nil
}

// vmDefNeighbours: one step for VM defensive movement: joined VM PAs,
// PAs and zones through assault bases, adjacent trenched zones.
func (r *Rules) vmDefNeighbours(s *State, loc string) []string {
	d := r.d
	var out []string
	if d.isPA(loc) && s.vmSurrounded(d, loc) {
		return nil // 4.2.3 (ruling H65)
	}
	if d.isPA(loc) {
		for _, q := range d.PALinks[loc] {
			if s.Captured[q] && !s.anyFrenchAt(q) {
				out = append(out, q)
			}
		}
		for _, b := range d.PABases[loc] {
			if s.Trench[b.Zone] >= 1 {
				out = append(out, b.Zone)
			}
		}
		return out
	}
	if d.zoneKind(loc) == ZonePeripheral {
		for _, b := range d.ZoneBases[loc] {
			for _, pa := range b.PAs {
				if s.Captured[pa] && !s.anyFrenchAt(pa) {
					out = append(out, pa)
				}
			}
		}
	}
	for _, z := range d.ZoneAdj[loc] {
		if d.zoneKind(z) == ZonePeripheral && s.Trench[z] >= 1 {
			out = append(out, z)
		}
	}
	return out
}

// frenchMayDefMove: 5.6, in an attacked PA, next to engaged enemies or an
// attacked PA, or anywhere in the CRC when a CRC PA was attacked.
func (r *Rules) frenchMayDefMove(s *State, pa string) bool {
	d := r.d
	if s.Hit[pa] {
		return true
	}
	// 5.6 (ruling H73): "adjacent to engaged enemy battalions (and that
	// attacked)": battalions that took part in a hand-to-hand attack this
	// impulse.
	for _, q := range d.PALinks[pa] {
		if s.Hit[q] {
			return true
		}
	}
	// the battalions that attacked, each looked up once (issue 31: not
	// the whole VM at every link and base)
	for id, u := range s.VM {
		if !u.Engaged || !s.Fired[attackedKey(id)] {
			continue
		}
		if slices.Contains(d.PALinks[pa], u.Loc) || slices.ContainsFunc(d.PABases[pa], func(b *AssaultBase) bool { return b.ID == u.Loc }) {
			return true
		}
	}
	if d.inCRC(pa) {
		for loc := range s.Hit {
			if d.inCRC(loc) {
				return true
			}
		}
	}
	return false
}

func (r *Rules) defMoveOrder(s *State, side, verb string, args []string, ev *events) error {
	if ok, err := r.doneOrder(s, verb, args, nil, ev); ok {
		return err
	}
	if verb != "move" {
		return unknownVerb(verb, "defensive movement", "move <unit> <place>, done")
	}
	id, dest, err := r.unitAndPlace(s, side, args, "move <unit> <place>", r.canDefMove)
	if err != nil {
		return err
	}
	r.stepMove(s, side, id, dest, ev)
	if side == VM {
		s.VM[id].DefMoved = true // 6.2.6 (ruling H68)
	}
	return nil
}

// flipDefMoved: 6.2.6, "A VM battalion may perform defensive movement and
// be flipped at the beginning of the following impulse" (ruling H68).
func (r *Rules) flipDefMoved(s *State, ev *events) {
	var flipped []string
	for _, id := range r.unitIDs(s, VM) {
		u := s.VM[id]
		if !u.DefMoved {
			continue
		}
		u.DefMoved = false
		// Not once it has left the fight for a jungle zone (broke off,
		// routed): the flip is of a battalion where it moved to.
		if r.d.onMap(u.Loc) && r.d.zoneKind(u.Loc) != ZoneJungle && (!u.Revealed || !u.Engaged) {
			u.Revealed, u.Engaged = true, true
			flipped = append(flipped, id+lossText(u)+" at "+r.d.locName(u.Loc))
		}
	}
	if len(flipped) > 0 {
		ev.list = append(ev.list, adjudicator.Event{Audience: adjudicator.Everyone, Reveals: true,
			Text: fmt.Sprintf("6.2.6: VM battalion(s) that moved in defence are flipped: %s.", strings.Join(flipped, ", "))})
	}
}

// ---- 6.2.7 break-off, and the end of an impulse ----

// contestedZones: peripheral zones holding French units and VM battalions.
func (r *Rules) contestedZones(s *State) []string {
	var out []string
	for _, z := range r.d.ZoneOrder {
		if r.frenchCombatZone(z) && s.anyFrenchAt(z) && s.anyVMAt(z) {
			out = append(out, z)
		}
	}
	return out
}

func (r *Rules) breakOffOrder(s *State, verb string, args []string, ev *events) error {
	if ok, err := r.doneOrder(s, verb, args, nil, ev); ok {
		return err
	}
	if verb != "breakoff" {
		return unknownVerb(verb, "the VM break-off (6.2.7)", "breakoff <zone>, done")
	}
	if err := want(args, 1, "breakoff <zone>"); err != nil {
		return err
	}
	z := r.canon(args[0])
	if !slices.Contains(r.contestedZones(s), z) {
		return fail("there is no engagement to break off in %s", r.d.locName(z))
	}
	jz := r.nearestJungle(z)
	if jz == z {
		// Ruling H59: from Jungle Zone 4, to the nearest other jungle zone.
		jz = r.nearestOtherJungle(z)
	}
	for _, id := range s.sideAt(VM, z) {
		u := s.VM[id]
		u.Loc, u.Fatigued, u.Engaged, u.Revealed, u.Disorg = jz, true, false, false, false
		u.Inactive = true // 6.2.7 (ruling H67): until the end of the round
		u.DefMoved = false
	}
	ev.pub("6.2.7: the VM breaks off in %s and withdraws to %s, Fatigued and inactive until the end of the round.", r.d.locName(z), r.d.locName(jz))
	ev.mark("", "move", z, jz)
	r.reportUpkeep(s.upkeep(r.d), ev)
	return nil
}

func (r *Rules) nextOrder(s *State, verb string, args []string, ev *events) error {
	switch verb {
	case "continue":
		if err := want(args, 0, "continue"); err != nil {
			return err
		}
		r.startImpulse(s, s.Impulse+1, ev)
		return nil
	case "end":
		if err := want(args, 0, "end"); err != nil {
			return err
		}
		r.toConsolidate(s, ev)
		return nil
	}
	return unknownVerb(verb, "the end of the impulse", "continue, end")
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// attackedKey marks a unit that took part in a hand-to-hand attack this
// impulse (5: the impulse's attacks are simultaneous, so a unit attacks
// once; an attacker that advanced after combat has attacked too).
func attackedKey(id string) string { return "attacked:" + id }

// firedFromKey marks a place whose infantry fired this impulse (5.4: the
// French "resolves all infantry fires, PA by PA, adding the fire strengths
// of all units present": a place fires once, at one target; 6.2.4 the
// same for the VM).
func firedFromKey(side, loc string) string { return "infrom:" + side + ":" + loc }
