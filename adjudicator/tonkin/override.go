package tonkin

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// A moderator's override (`/mod override`, side Referee; DESIGN invariant
// 3: an entry of its own on the record, announced, replayed by `umpire
// verify`), to correct a game: a unit misplaced, a track wrong. What the
// FEF may not see (a VM counter hidden or in a closed forest stack,
// RULINGS T15, T16) is told to the VM in full and to the FEF and the
// public only as the map shows it (RULINGS T80).
//
//	override unit <id> [at <hex|standby|saigon|dead|perm>] [steps <n>] [hidden|revealed|flip] [desorg yes|no] [trench yes|no]
//	override track <name> <n>
//	override weather sunny|rain
//	override initiative fef|vm
//	override town <name> vm|fef
//	override road <hex> desorg|clear

const overrideUsage = "override unit <id> [at <hex|standby|saigon|dead|perm>] [steps <n>] [hidden|revealed|flip] [desorg yes|no] [trench yes|no]; override track <name> <n>; override weather sunny|rain; override initiative fef|vm; override town <name> vm|fef; override road <hex> desorg|clear"

// overrideTracks: the tracks a moderator may set, each with its field and
// its highest value.
func (r *Rules) overrideTracks(s *State) []struct {
	name string
	p    *int
	max  int
	help string
} {
	return []struct {
		name string
		p    *int
		max  int
		help string
	}{
		{"vp", &s.VP, r.chartInt("victory_scale", "max"), "victory points (6.16)"},
		{"vm-level", &s.VMLevel, 100, "the scenario's VM victory level"},
		{"montagnard", &s.Montagnard, 100, "the montagnard marker (3.6)"},
		{"ops-fef", &s.OpsFEF, r.chartInt("victory_scale", "operation_points"), "FEF operation points left (6.1)"},
		{"ops-vm", &s.OpsVM, r.chartInt("victory_scale", "operation_points"), "VM operation points left (6.1)"},
		{"vm-replacements", &s.VMRepl, r.chartInt("replacements", "vm_max"), "VM replacement points (3.3)"},
		{"vm-equipment", &s.VMEquipH, 2 * r.chartInt("replacements", "vm_equipment_max"), "VM equipment, in half points: 5 is 2.5 (3.4)"},
		{"vm-foot", &s.VMFoot, 20, "VM foot transports left (5.5)"},
		{"vm-trucks", &s.VMTrucks, 20, "VM truck transports (5.4)"},
		{"vm-dumps", &s.VMDumpsFree, 9, "VM supply dumps to place this phase (3.6)"},
		{"fef-air", &s.FEFAir, 20, "FEF air transports left (5.6)"},
		{"fef-strikes", &s.FEFStrikes, r.chartInt("air_transport", "max_airstrikes"), "FEF airstrikes left this turn (6.6 b)"},
		{"fef-trucks", &s.FEFTrucks, 20, "FEF truck transports left (5.4)"},
		{"fef-dumps", &s.FEFDumpsDue, 15, "FEF supply dumps to place this phase (3.10)"},
	}
}

func (r *Rules) override(s *State, w []string, ev *events) error {
	if len(w) < 3 || !strings.EqualFold(w[0], "override") {
		return fail("usage: %s", overrideUsage)
	}
	what, args := strings.ToLower(w[1]), w[2:]
	switch what {
	case "unit":
		return r.overrideUnit(s, args, ev)
	case "track":
		if len(args) != 2 {
			return fail("usage: override track <name> <n>; tracks: %s", r.trackNames(s))
		}
		for _, t := range r.overrideTracks(s) {
			if t.name != strings.ToLower(args[0]) {
				continue
			}
			n, err := overrideCount(args[1], t.max, t.name)
			if err != nil {
				return err
			}
			old := *t.p
			*t.p = n
			if (t.name == "ops-fef" || t.name == "ops-vm") && s.Chunk > *s.ops(s.Mover) && s.Mover != "" {
				s.Chunk = *s.ops(s.Mover) // 6.1: a chunk is never more than the points left
			}
			ev.pub("Moderator override: %s (%s) %d → %d.", t.name, t.help, old, n)
			return nil
		}
		return fail("unknown track %q; tracks: %s", args[0], r.trackNames(s))
	case "weather":
		if len(args) != 1 {
			return fail("usage: override weather sunny|rain")
		}
		switch strings.ToLower(args[0]) {
		case "sunny", "sun":
			s.Weather = "sun"
		case "rain":
			s.Weather = "rain"
		default:
			return fail("the weather is sunny or rain, not %q", args[0])
		}
		ev.pub("Moderator override: the weather is now %s (2.0; the air transports and airstrikes left are set apart, `override track`).", weatherText(s))
		return nil
	case "initiative":
		if len(args) != 1 || strings.ToLower(args[0]) != FEF && strings.ToLower(args[0]) != VM {
			return fail("usage: override initiative fef|vm (the 1st player of the turn, 2.0)")
		}
		s.First = strings.ToLower(args[0])
		ev.pub("Moderator override: %s is the 1st player this turn (2.0).", sideName(s.First))
		return nil
	case "town":
		if len(args) < 2 {
			return fail("usage: override town <name> vm|fef (a name with _ or spaces: Dien_Bien_Phu)")
		}
		name := strings.ReplaceAll(strings.Join(args[:len(args)-1], " "), "_", " ")
		u, ok := r.urbanNamed(name)
		if !ok {
			return fail("%q is not an urban area of the map (The Map); a name such as Hanoi or Dien_Bien_Phu, or its hex", name)
		}
		side := strings.ToLower(args[len(args)-1])
		switch side {
		case VM:
			if !slices.Contains(s.VMFriendly, u.Name) {
				s.VMFriendly = append(s.VMFriendly, u.Name)
				slices.Sort(s.VMFriendly)
			}
		case FEF:
			s.VMFriendly = slices.DeleteFunc(s.VMFriendly, func(n string) bool { return n == u.Name })
		default:
			return fail("a town is friendly to vm or fef (4.1), not %q", args[len(args)-1])
		}
		ev.pub("Moderator override: %s (%s) is now friendly to %s (4.1).", u.Name, u.Hex, sideName(side))
		return nil
	case "road":
		if len(args) != 2 {
			return fail("usage: override road <hex> desorg|clear (a road marker, 6.6 d)")
		}
		hex := args[0]
		if _, ok := r.hexes[hex]; !ok {
			return fail("%q is not a hex of the map", hex)
		}
		switch strings.ToLower(args[1]) {
		case "desorg":
			if !slices.Contains(s.Interdicted, hex) {
				s.Interdicted = append(s.Interdicted, hex)
				slices.Sort(s.Interdicted)
			}
		case "clear":
			s.Interdicted = slices.DeleteFunc(s.Interdicted, func(h string) bool { return h == hex })
			if len(s.Interdicted) == 0 {
				s.Interdicted = nil
			}
		default:
			return fail("a road marker is set with desorg or removed with clear, not %q", args[1])
		}
		ev.pub("Moderator override: the road marker at %s is %s (6.6 d).", hex, map[string]string{"desorg": "placed", "clear": "removed"}[strings.ToLower(args[1])])
		return nil
	}
	return fail("unknown override %q; usage: %s", w[1], overrideUsage)
}

func (r *Rules) trackNames(s *State) string {
	var ns []string
	for _, t := range r.overrideTracks(s) {
		ns = append(ns, t.name)
	}
	return strings.Join(ns, ", ")
}

// urbanNamed: an urban area by its name (any case) or its hex.
func (r *Rules) urbanNamed(name string) (Urban, bool) {
	if u, ok := r.urbanHex[name]; ok {
		return u, true
	}
	for _, u := range r.d.Map.Urban {
		if strings.EqualFold(u.Name, name) {
			return u, true
		}
	}
	return Urban{}, false
}

func overrideCount(w string, max int, what string) (int, error) {
	n, err := strconv.Atoi(w)
	if err != nil || n < 0 || n > max {
		return 0, fail("%s is a whole number from 0 to %d, not %q", what, max, w)
	}
	return n, nil
}

// overrideUnit: `override unit <id> key value ...`, applied to a copy and
// kept only when every key is good.
func (r *Rules) overrideUnit(s *State, args []string, ev *events) error {
	if len(args) < 2 {
		return fail("usage: override unit <id> [at <hex|standby|saigon|dead|perm>] [steps <n>] [hidden|revealed|flip] [desorg yes|no] [trench yes|no]")
	}
	u := s.findUnit(FEF, args[0])
	if u == nil {
		u = s.findUnit(VM, args[0])
	}
	if u == nil {
		return fail("%q is not a unit of this game (a unit is written with _ for spaces: 1_BEP, VMG_3)", args[0])
	}
	t := r.typ(u)
	n := *u
	var changes []string
	yes := func(key, v string) (bool, error) {
		switch strings.ToLower(v) {
		case "yes", "on":
			return true, nil
		case "no", "off":
			return false, nil
		}
		return false, fail("%s is yes or no, not %q", key, v)
	}
	kv := args[1:]
	for i := 0; i < len(kv); i++ {
		key := strings.ToLower(kv[i])
		if key == "flip" {
			// Basics (Counters): a hidden counter turned over; 3.3:
			// Uncle Ho's counter flipped to Giap (and back)
			switch {
			case t.Kind == "group" || t.Kind == "dummy":
				n.Hidden = !n.Hidden
				changes = append(changes, map[bool]string{true: "flipped to its hidden side", false: "flipped face up"}[n.Hidden])
			case u.Type == "HO":
				n.Giap = !n.Giap
				changes = append(changes, map[bool]string{true: "flipped to Giap", false: "flipped to Uncle Ho"}[n.Giap])
			default:
				return fail("flip turns over a hidden counter (VM-groups, Pathet Lao, dummies) or Uncle Ho/Giap; %s's reduced side is its steps (`steps <n>`)", u.ID)
			}
			continue
		}
		if key == "hidden" || key == "revealed" {
			if t.Kind != "group" && t.Kind != "dummy" {
				return fail("Basics (Counters): only VM-groups, Pathet Lao and dummies have a hidden side; %s has none", u.ID)
			}
			n.Hidden = key == "hidden"
			changes = append(changes, key)
			continue
		}
		if i+1 >= len(kv) {
			return fail("%s needs a value; usage: override unit <id> [at <place>] [steps <n>] [hidden|revealed|flip] [desorg yes|no] [trench yes|no]", key)
		}
		i++
		v := kv[i]
		switch key {
		case "at":
			loc, err := r.overridePlace(u, v)
			if err != nil {
				return err
			}
			n.Loc = loc
			changes = append(changes, "at "+placeName(loc))
		case "steps":
			if t.Steps < 1 || t.Kind == "dummy" || t.Kind == "dump" || t.Kind == "leader" || t.Kind == "hq" {
				return fail("%s has no steps (6.13)", u.ID)
			}
			k, err := overrideCount(v, t.Steps, "steps")
			if err != nil {
				return err
			}
			if k == 0 {
				return fail("steps are 1 to %d: a unit with no step is sent to the dead box with `at dead`", t.Steps)
			}
			n.Steps = k
			changes = append(changes, fmt.Sprintf("%d step(s)", k))
		case "desorg":
			b, err := yes(key, v)
			if err != nil {
				return err
			}
			if b && (t.Kind == "dump" || t.Kind == "leader" || t.Kind == "hq" || t.Kind == "dummy") {
				return fail("6.17: %s takes no Desorg marker", u.ID)
			}
			n.Desorg = b
			changes = append(changes, "desorg "+strings.ToLower(v))
		case "trench":
			b, err := yes(key, v)
			if err != nil {
				return err
			}
			if b && (t.Kind == "dump" || t.Kind == "dummy") {
				return fail("6.3 c): %s takes no trench marker (RULINGS T60)", u.ID)
			}
			n.Trench = b
			changes = append(changes, "trench "+strings.ToLower(v))
		default:
			return fail("a unit takes at, steps, hidden, revealed, flip, desorg and trench; not %q", kv[i-1])
		}
	}
	if onMap(n.Loc) && r.enemyAt(s, u.Side, n.Loc) {
		return fail("Basics (Stacking): %s may not stand with the enemy at %s", u.ID, n.Loc)
	}
	if !onMap(n.Loc) {
		n.Desorg, n.Trench, n.Spent, n.OoS = false, false, false, false
		if n.Loc == LocDead || n.Loc == LocPerm {
			n.Hidden = false // the dead boxes are open (6.15, RULINGS T27)
		}
	}
	if onMap(n.Loc) && !onMap(u.Loc) && n.Steps == 0 && t.Steps > 0 && t.Kind != "dummy" && t.Kind != "dump" && t.Kind != "leader" && t.Kind != "hq" {
		n.Steps = t.Steps // back on the map at full strength unless steps says otherwise
	}
	was := *u
	*u = n
	text := fmt.Sprintf("Moderator override: %s %s.", u.ID, strings.Join(changes, ", "))
	if u.Side == FEF || r.fefSeesUnit(u) {
		ev.pub("%s", text)
		return nil
	}
	// RULINGS T80: a counter the FEF sees afterwards is named (its map
	// shows it); else the FEF hears what its map shows: a counter leaving
	// or reaching a hex, never which, nor a change inside a closed stack
	// or on a hidden counter.
	ev.to(VM, "%s", text)
	switch {
	case was.Loc != u.Loc:
		ev.pub("Moderator override: a VM counter moves from %s to %s.", r.seenPlace(&was), r.seenPlace(u))
	default:
		ev.pub("Moderator override: a VM counter the FEF cannot see is corrected.")
	}
	return nil
}

// fefSeesUnit: the FEF sees the counter's face where it is: its own, and
// the VM's open on the map or in the (open) dead boxes.
func (r *Rules) fefSeesUnit(u *Unit) bool {
	if !onMap(u.Loc) {
		return u.Side == FEF || u.Loc == LocDead || u.Loc == LocPerm
	}
	return r.fefSees(u)
}

// seenPlace: where the FEF sees a VM counter: a dead box names it.
func (r *Rules) seenPlace(u *Unit) string {
	if onMap(u.Loc) {
		return u.Loc
	}
	return placeName(u.Loc) + " (" + u.ID + ")"
}

func placeName(loc string) string {
	switch loc {
	case LocDead:
		return "the dead box"
	case LocPerm:
		return "the permanently dead box"
	case LocStandby:
		return "the standby zone"
	case LocSaigon:
		return "the Saigon zone"
	}
	return loc
}

// overridePlace: a land hex of the map, or a box the unit's side has.
func (r *Rules) overridePlace(u *Unit, v string) (string, error) {
	if h, ok := r.hexes[v]; ok {
		if h.Terrain == "sea" && r.typ(u).Kind != "naval" {
			return "", fail("%s is an all-sea hex", v)
		}
		return v, nil
	}
	boxes := []string{LocDead, LocPerm}
	if u.Side == FEF {
		boxes = append(boxes, LocStandby, LocSaigon)
	}
	for _, b := range boxes {
		if strings.EqualFold(v, b) {
			return b, nil
		}
	}
	return "", fail("%q is not a hex of the map or one of %s's boxes (%s)", v, sideName(u.Side), strings.Join(boxes, ", "))
}

// overrideHelp: the moderator's legal tree, listed by /help.
func (r *Rules) overrideHelp(s *State) []adjudicator.Choice {
	var tracks []adjudicator.Choice
	for _, t := range r.overrideTracks(s) {
		tracks = append(tracks, adjudicator.Choice{Word: t.name, Help: fmt.Sprintf("%s, 0-%d (now %d)", t.help, t.max, *t.p)})
	}
	return []adjudicator.Choice{{Word: "override", Help: "a moderator's correction, announced and on the record", Next: []adjudicator.Choice{
		{Word: "unit", Help: "<id> [at <hex|standby|saigon|dead|perm>] [steps <n>] [hidden|revealed|flip] [desorg yes|no] [trench yes|no]: place, remove, flip, reveal or step a unit, its Desorg and trench markers"},
		{Word: "track", Help: "<name> <n>", Next: tracks},
		{Word: "weather", Help: "sunny|rain (2.0)", Next: []adjudicator.Choice{{Word: "sunny", Complete: true}, {Word: "rain", Complete: true}}},
		{Word: "initiative", Help: "fef|vm: the 1st player of the turn (2.0)", Next: []adjudicator.Choice{{Word: FEF, Complete: true}, {Word: VM, Complete: true}}},
		{Word: "town", Help: "<name> vm|fef: friendly to (4.1)"},
		{Word: "road", Help: "<hex> desorg|clear: a road marker (6.6 d)"},
	}}}
}
