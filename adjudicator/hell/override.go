package hell

import (
	"fmt"
	"strings"
)

// override applies a moderator's override (DESIGN invariant 3: an entry of
// its own, announced, redacted per viewer). Forms:
//
//	override unit <id> [at <loc>] [steps <n>] [losses <n>] [status fresh|fatigued|disorganized] [hidden|revealed]
//	override track <vm-munitions|french-munitions|vm-losses|replacements|air-points|entrench|trade-points> <n>
//	override trench <zone|PA> <0-3>
//	override control <PA> vm|french
func (r *Rules) override(s *State, w []string, ev *events) error {
	const usage = "override unit <id> [at <loc>] [steps <n>] [losses <n>] [status fresh|fatigued|disorganized] [hidden|revealed]; override track <name> <n>; override trench <loc> <level>; override control <PA> vm|french"
	if strings.ToLower(w[0]) != "override" || len(w) < 3 {
		return fail("usage: %s", usage)
	}
	switch strings.ToLower(w[1]) {
	case "unit":
		return r.overrideUnit(s, w[2], w[3:], ev)
	case "track":
		if len(w) != 4 {
			return fail("usage: override track <name> <n>")
		}
		n, err := count(w[3], 0, 999, "value")
		if err != nil {
			return err
		}
		tracks := map[string]*int{
			"vm-munitions": &s.VMMunitions, "french-munitions": &s.FrenchMunitions,
			"vm-losses": &s.VMLosses, "replacements": &s.Replacements,
			"air-points": &s.AirPoints, "entrench": &s.Entrench, "trade-points": &s.TradePoints,
		}
		p, ok := tracks[strings.ToLower(w[2])]
		if !ok {
			return fail("unknown track %q; tracks are vm-munitions, french-munitions, vm-losses, replacements, air-points, entrench, trade-points", w[2])
		}
		old := *p
		*p = n
		ev.pub("Moderator override: %s %d → %d.", strings.ToLower(w[2]), old, n)
		return nil
	case "trench":
		if len(w) != 4 {
			return fail("usage: override trench <zone|PA> <level>")
		}
		loc, err := r.location(w[2])
		if err != nil {
			return err
		}
		if r.d.zoneKind(loc) != ZonePeripheral && !(r.d.isPA(loc) && r.d.PAs[loc].Encirclable) {
			return fail("trenches stand in peripheral zones and around encirclable PAs; %s is neither", r.d.locName(loc))
		}
		n, err := count(w[3], 0, 3, "level")
		if err != nil {
			return err
		}
		if n == 0 {
			delete(s.Trench, loc)
		} else {
			s.Trench[loc] = n
		}
		ev.pub("Moderator override: trench at %s set to level %d.", r.d.locName(loc), n)
		ev.mark("", "dig", "", loc)
		return nil
	case "control":
		if len(w) != 4 {
			return fail("usage: override control <PA> vm|french")
		}
		pa := r.canon(w[2])
		if !r.d.isPA(pa) {
			return fail("%q is not a PA", w[2])
		}
		switch strings.ToLower(w[3]) {
		case VM:
			s.Captured[pa] = true
		case French:
			delete(s.Captured, pa)
		default:
			return fail("control is vm or french, not %q", w[3])
		}
		ev.pub("Moderator override: %s is now controlled by %s.", r.d.locName(pa), sideName(strings.ToLower(w[3])))
		ev.mark("", "assault", "", pa)
		return nil
	}
	return fail("usage: %s", usage)
}

func (r *Rules) overrideUnit(s *State, name string, kv []string, ev *events) error {
	id := r.canon(name)
	if len(kv) == 0 {
		return fail("say what to set: at <loc>, steps <n>, losses <n>, status <...>, hidden or revealed")
	}
	if fu, ok := s.French[id]; ok {
		u := *fu
		var changes []string
		err := keyValues(kv, func(key, val string) error {
			switch key {
			case "at":
				loc, err := r.overridePlace(val, LocOut, LocPool)
				if err != nil {
					return err
				}
				u.Loc = loc
				changes = append(changes, "at "+r.placeName(loc))
			case "steps":
				n, err := count(val, 0, r.maxSteps(id), "steps")
				if err != nil {
					return err
				}
				u.Steps = n
				if n == 0 {
					u.Loc = LocOut
				}
				changes = append(changes, fmt.Sprintf("%d step(s)", n))
			case "status":
				if err := setStatus(&u.Fatigued, &u.Disorg, val); err != nil {
					return err
				}
				changes = append(changes, strings.ToLower(val))
			default:
				return fail("a French unit takes at, steps and status; not %q", key)
			}
			return nil
		})
		if err != nil {
			return err
		}
		from := fu.Loc
		*fu = u
		ev.pub("Moderator override: %s %s.", id, strings.Join(changes, ", "))
		ev.moved(id, from, u.Loc)
		return nil
	}
	vu, ok := s.VM[id]
	if !ok {
		return fail("%q is not a unit", name)
	}
	u := *vu
	var changes []string
	err := keyValues(kv, func(key, val string) error {
		switch key {
		case "at":
			loc, err := r.overridePlace(val, LocOut, LocTrack)
			if err != nil {
				return err
			}
			u.Loc = loc
			changes = append(changes, "at "+r.placeName(loc))
		case "losses":
			n, err := count(val, 0, 3, "losses")
			if err != nil {
				return err
			}
			if u.Dummy {
				return fail("%s is a dummy: it has no steps", id)
			}
			u.Losses = n
			changes = append(changes, fmt.Sprintf("-%d", n))
		case "status":
			if err := setStatus(&u.Fatigued, &u.Disorg, val); err != nil {
				return err
			}
			changes = append(changes, strings.ToLower(val))
		case "hidden":
			u.Revealed = false
			changes = append(changes, "hidden")
		case "revealed":
			u.Revealed = true
			changes = append(changes, "revealed")
		default:
			return fail("a VM unit takes at, losses, status, hidden and revealed; not %q", key)
		}
		return nil
	})
	if err != nil {
		return err
	}
	from := vu.Loc
	*vu = u
	ev.to(VM, "Moderator override: %s %s.", id, strings.Join(changes, ", "))
	if from != u.Loc {
		ev.pub("Moderator override: a VM unit moves %s → %s.", r.d.locName(from), r.d.locName(u.Loc))
		ev.moved(id, from, u.Loc)
	} else {
		ev.pub("Moderator override: a VM unit at %s is changed.", r.d.locName(from))
	}
	return nil
}

// overridePlace: a zone, PA or assault base, or one of the off-map places
// allowed for the unit's side.
func (r *Rules) overridePlace(val string, offMap ...string) (string, error) {
	if loc, err := r.place(val); err == nil {
		return loc, nil
	}
	for _, o := range offMap {
		if strings.EqualFold(val, o) {
			return o, nil
		}
	}
	return "", fail("%q is not a zone, a PA, an assault base, or %s", val, strings.Join(offMap, " or "))
}

// keyValues walks "key value ..." pairs; hidden and revealed take no value.
func keyValues(kv []string, f func(key, val string) error) error {
	for i := 0; i < len(kv); i++ {
		key := strings.ToLower(kv[i])
		val := ""
		if key != "hidden" && key != "revealed" {
			if i+1 >= len(kv) {
				return fail("%s needs a value", key)
			}
			i++
			val = kv[i]
		}
		if err := f(key, val); err != nil {
			return err
		}
	}
	return nil
}

func setStatus(fat, dis *bool, v string) error {
	switch strings.ToLower(v) {
	case "fresh":
		*fat, *dis = false, false
	case "fatigued":
		*fat, *dis = true, false
	case "disorganized", "desorg":
		*fat, *dis = false, true
	default:
		return fail("status is fresh, fatigued or disorganized, not %q", v)
	}
	return nil
}
