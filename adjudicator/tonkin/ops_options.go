package tonkin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Options b) and c) of an operation point (6.3), open with or without a
// spending supply dump.

// reorgOrder: `reorg <unit|hex> [<unit|hex> <unit|hex>]`: option b),
// remove up to 3 Desorg from stacks (a hex: every Desorg unit of yours
// there) and/or units.
func (r *Rules) reorgOrder(s *State, side string, args []string, ev *events) error {
	if len(args) == 0 || len(args) > 3 {
		return fail("usage: `reorg <unit|hex> [<unit|hex> <unit|hex>]`: option b) removes up to 3 Desorg markers from stacks and/or units (6.3); yours are at: %s", listOr(r.desorgHexes(s, side)))
	}
	var done []*Unit
	for _, w := range args {
		var us []*Unit
		if _, ok := r.hexes[w]; ok {
			for _, u := range s.Units {
				if u.Side == side && u.Loc == w && u.Desorg {
					us = append(us, u)
				}
			}
			if len(us) == 0 && slices.Contains(s.Interdicted, w) {
				// 6.6 d, 6.3 b): the road marker of a hex
				if why := r.unmarkWhy(s, side, w); why != "" {
					return fail("%s", why)
				}
				r.unmark(s, w)
				ev.pub("6.3 b), 6.6 d): %s removes the road marker at %s.", sideName(side), w)
				continue
			}
			if len(us) == 0 {
				return fail("6.3 b): you have no Desorg unit at %s; yours are at: %s", w, listOr(r.desorgHexes(s, side)))
			}
		} else {
			u := s.findUnit(side, w)
			if u == nil || !onMap(u.Loc) {
				return fail("%q is not one of your units on the map (a unit with _ for spaces, or a hex)", w)
			}
			if !u.Desorg {
				return fail("6.3 b): %s is not Desorg", u.ID)
			}
			us = []*Unit{u}
		}
		for _, u := range us {
			if slices.Contains(done, u) {
				return fail("6.3 b): %s is named twice", u.ID)
			}
			u.Desorg = false
			done = append(done, u)
		}
	}
	if len(done) > 0 {
		ev.pub("6.3 b): %s removes the Desorg markers of %s.", sideName(side), r.reorgSeen(side, done))
	}
	return nil
}

// namesSeen names units as the public may see them: the VM's in forest
// stacks or hidden are counted, not named (RULINGS T15, T16).
func (r *Rules) namesSeen(side string, us []*Unit) string {
	if side == FEF {
		return unitNames(us)
	}
	var seen []string
	n := 0
	for _, u := range us {
		if u.Hidden || r.Opaque(u.Loc) {
			n++
			continue
		}
		seen = append(seen, u.ID)
	}
	if n > 0 {
		seen = append(seen, fmt.Sprintf("%d counter(s) the FEF cannot see", n))
	}
	return strings.Join(seen, ", ")
}

// reorgSeen names the units reorganised as the public may see them: a
// closed forest stack by its hex, not how many of its units (RULINGS
// T58: the FEF does not see the markers inside), a hidden counter as
// one; the VM's order stays its own.
func (r *Rules) reorgSeen(side string, us []*Unit) string {
	if side == FEF {
		return unitNames(us)
	}
	var seen, closed []string
	n := 0
	for _, u := range us {
		switch {
		case r.Opaque(u.Loc):
			if !slices.Contains(closed, u.Loc) {
				closed = append(closed, u.Loc)
			}
		case u.Hidden:
			n++
		default:
			seen = append(seen, u.ID)
		}
	}
	slices.Sort(closed)
	for _, h := range closed {
		seen = append(seen, "its closed stack at "+h)
	}
	if n > 0 {
		seen = append(seen, fmt.Sprintf("%d hidden counter(s)", n))
	}
	return strings.Join(seen, ", ")
}

// desorgHexes: the hexes holding the side's Desorg units.
func (r *Rules) desorgHexes(s *State, side string) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side == side && u.Desorg && onMap(u.Loc) && !slices.Contains(out, u.Loc) {
			out = append(out, u.Loc)
		}
	}
	slices.Sort(out)
	return out
}

// trenchOrder: `trench <dump hex> <unit> [<unit> <unit>]`: option c),
// trench markers on up to 3 units at or within 1 hex of one of the
// side's supply dumps (not the spending one), which is then removed.
func (r *Rules) trenchOrder(s *State, side string, args []string, ev *events) error {
	if len(args) < 2 || len(args) > 4 {
		return fail("usage: `trench <hex of a supply dump> <unit|garrison hex> [<unit|garrison hex> <unit|garrison hex>]`: option c) entrenches up to 3 units/garrisons (a garrison named by its hex) at or within 1 hex of the dump, which is removed (6.3); your dumps that may: %s", listOr(r.trenchDumps(s, side)))
	}
	d := r.trenchDump(s, side, args[0])
	if d == nil {
		return fail("6.3 c): %s has no supply dump at %s that it is not spending; those that may: %s", sideName(side), args[0], listOr(r.trenchDumps(s, side)))
	}
	var us []*Unit
	var gs []string
	for _, w := range args[1:] {
		if _, isHex := r.hexes[w]; isHex {
			// 6.3 c): "up to 3 units/garrisons": a garrison is named by
			// its hex (RULINGS T71).
			g := r.garrisonAt(s, w)
			switch {
			case side != FEF || g == "":
				return fail("6.3 c): there is no garrison of yours at %s (a garrison is named by its hex, a unit by its name)", w)
			case hexDist(w, d.Loc) > 1:
				return fail("6.3 c): the garrison of %s at %s is not at or within 1 hex of the supply dump at %s", g, w, d.Loc)
			case slices.Contains(s.GarrisonTrench, g) || slices.Contains(gs, g):
				return fail("6.3 c): the garrison of %s is already entrenched or named twice", g)
			}
			gs = append(gs, g)
			continue
		}
		u := s.findUnit(side, w)
		if u == nil || !onMap(u.Loc) {
			return fail("%q is not one of your units on the map", w)
		}
		if k := r.typ(u).Kind; k == "dump" || k == "dummy" {
			return fail("6.3 c): %s takes no trench marker", u.ID)
		}
		if hexDist(u.Loc, d.Loc) > 1 {
			return fail("6.3 c): %s at %s is not at or within 1 hex of the supply dump at %s", u.ID, u.Loc, d.Loc)
		}
		if u.Trench || slices.Contains(us, u) {
			return fail("6.3 c): %s is already entrenched or named twice", u.ID)
		}
		us = append(us, u)
	}
	for _, u := range us {
		u.Trench = true
	}
	what := r.namesSeen(side, us)
	if len(gs) > 0 {
		s.GarrisonTrench = append(s.GarrisonTrench, gs...)
		slices.Sort(s.GarrisonTrench)
		var ws []string
		if len(us) > 0 {
			ws = append(ws, what)
		}
		for _, g := range gs {
			ws = append(ws, "the garrison of "+g)
		}
		what = strings.Join(ws, ", ")
	}
	at := d.Loc
	d.Loc = LocDead
	if side == VM && r.Opaque(at) {
		ev.pub("6.3 c): the VM entrenches %s and removes a supply dump.", r.namesSeen(side, us))
		ev.to(VM, "6.3 c): your supply dump at %s is removed.", at)
		return nil
	}
	ev.pub("6.3 c): %s entrenches %s and removes its supply dump at %s.", sideName(side), what, at)
	return nil
}

func (r *Rules) trenchDump(s *State, side, hex string) *Unit {
	for _, u := range s.Units {
		if u.Side == side && u.Type == "DR" && u.Loc == hex && !u.Spent {
			return u
		}
	}
	return nil
}

// trenchDumps: the hexes of the side's dumps that may be used for
// trenches (6.3 c: not the spending one).
func (r *Rules) trenchDumps(s *State, side string) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side == side && u.Type == "DR" && onMap(u.Loc) && !u.Spent && !slices.Contains(out, u.Loc) {
			out = append(out, u.Loc)
		}
	}
	slices.Sort(out)
	return out
}

// optionChoices: options b) and c) legal now, for the tree.
func (r *Rules) optionChoices(s *State, side string) []adjudicator.Choice {
	var out []adjudicator.Choice
	hs := r.desorgHexes(s, side)
	for _, h := range s.Interdicted {
		if !slices.Contains(hs, h) && r.unmarkWhy(s, side, h) == "" {
			hs = append(hs, h)
		}
	}
	if len(hs) > 0 {
		c := adjudicator.Choice{Word: "reorg", Help: "option b): remove up to 3 Desorg markers (6.3)"}
		for _, h := range hs {
			c.Next = append(c.Next, adjudicator.Choice{Word: h, Complete: true})
		}
		out = append(out, c)
	}
	var ts []adjudicator.Choice
	for _, h := range r.trenchDumps(s, side) {
		var us []adjudicator.Choice
		for _, u := range s.Units {
			if k := r.typ(u).Kind; u.Side == side && onMap(u.Loc) && !u.Trench && k != "dump" && k != "dummy" && hexDist(u.Loc, h) <= 1 {
				us = append(us, adjudicator.Choice{Word: token(u.ID), Complete: true})
			}
		}
		for _, g := range s.Garrisons {
			if x := r.urban[g].Hex; side == FEF && hexDist(x, h) <= 1 && !slices.Contains(s.GarrisonTrench, g) {
				us = append(us, adjudicator.Choice{Word: x, Complete: true, Help: "the garrison of " + g})
			}
		}
		if len(us) > 0 {
			ts = append(ts, adjudicator.Choice{Word: h, Next: us})
		}
	}
	if len(ts) > 0 {
		out = append(out, adjudicator.Choice{Word: "trench", Help: "option c): entrench up to 3 units at or within 1 hex of a supply dump, removed (6.3)", Next: ts})
	}
	return out
}

// declareOrder: `declare <dummy>`: the VM declares a dummy and removes it
// (Basics: Counters: "VM may declare a dummy and remove it"), free, when
// the VM is awaited. Only its hex is told: the counter was hidden.
func (r *Rules) declareOrder(s *State, side string, args []string, ev *events) error {
	if side != VM {
		return fail("Basics (Counters): only the VM declares its dummies")
	}
	if len(args) != 1 {
		return fail("usage: `declare <dummy>`: remove one of your dummies (Basics: Counters); yours: %s", listOr(r.dummyTokens(s)))
	}
	u := s.findUnit(VM, args[0])
	if u == nil || r.typ(u).Kind != "dummy" || !onMap(u.Loc) {
		return fail("%q is not one of your dummies on the map; yours: %s", args[0], listOr(r.dummyTokens(s)))
	}
	at := u.Loc
	u.Loc, u.Hidden = LocDead, false
	ev.pub("Basics (Counters): the VM declares a hidden counter at %s a dummy and removes it.", at)
	return nil
}

func (r *Rules) dummyTokens(s *State) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side == VM && r.typ(u).Kind == "dummy" && onMap(u.Loc) {
			out = append(out, token(u.ID))
		}
	}
	return out
}

// rehide: VM-groups and Pathet Lao flip back to their hidden side when no
// enemy unit is within 3 hexes (Basics: Counters; RULINGS T34), after
// each phase and each chunk.
func (r *Rules) rehide(s *State, ev *events) {
	var fef []string
	for _, u := range s.Units {
		if u.Side == FEF && onMap(u.Loc) && r.typ(u).Kind != "dump" {
			fef = append(fef, u.Loc)
		}
	}
	for _, g := range s.Garrisons {
		fef = append(fef, r.urban[g].Hex)
	}
	for _, u := range s.Units {
		if u.Side != VM || u.Hidden || !onMap(u.Loc) || r.typ(u).Kind != "group" {
			continue
		}
		near := false
		for _, h := range fef {
			if hexDist(h, u.Loc) <= 3 {
				near = true
				break
			}
		}
		if !near {
			u.Hidden = true
			msg := fmt.Sprintf("Basics (Counters): %s at %s flips back to its hidden side (no enemy within 3 hexes).", u.ID, u.Loc)
			if r.Opaque(u.Loc) {
				ev.to(VM, "%s", msg) // inside a closed stack (RULINGS T16)
			} else {
				ev.pub("%s", msg)
			}
		}
	}
}
