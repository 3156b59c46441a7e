package tonkin

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// 6.4: "An airborne unit airdropping onto a VM unit is making an overrun.
// If the VM unit doesn't die or retreat, the FEF unit must retreat 1 hex
// or continue fighting. If he fights, deduct another operation point
// (even if those given by the die roll have been spent). If there are
// none left, you have to retreat. Continue until either side dies or
// retreats." The FEF declares with its order how long it fights on
// (`press`, `press <n>`; RULINGS T57).

// dropOverrun: does this `drop` order land on the enemy (an airdrop
// overrun, made only in an operation phase)?
func (r *Rules) dropOverrun(s *State, args []string) bool {
	return len(args) >= 2 && r.enemyAt(s, FEF, args[1])
}

// dropOverrunOrder: `drop <para|para+para|hex> <hex> [press [<n>]]`: the
// para units fly from a friendly airstrip onto the VM at hex and fight
// (6.4, 5.6), for an operation point (option a); with `press` they fight
// on at a point a round while the VM holds (all the FEF's points, or n
// rounds more), else they retreat 1 hex after the first.
func (r *Rules) dropOverrunOrder(s *State, args []string, dice adjudicator.Dice, ev *events) error {
	usage := "usage: `drop <para unit|unit+unit|hex> <hex> [press [<rounds>]]`: airborne units overrun the VM by airdrop (6.4)"
	if len(args) < 2 || len(args) > 4 {
		return fail("%s", usage)
	}
	rounds := 0
	if len(args) > 2 {
		if !strings.EqualFold(args[2], "press") {
			return fail("%q: %s", args[2], usage)
		}
		rounds = -1 // as long as the FEF has points
		if len(args) == 4 {
			n, err := strconv.Atoi(args[3])
			if err != nil || n < 1 || n > 10 {
				return fail("6.4: `press <rounds>` fights on for 1 to 10 more rounds, not %q", args[3])
			}
			rounds = n
		}
	}
	us, err := r.carried(s, FEF, args[0], "drop")
	if err != nil {
		return err
	}
	dest := args[1]
	from := us[0].Loc
	if why := r.dropStripWhy(s, from); why != "" {
		return fail("%s", why)
	}
	n := 0
	for _, u := range us {
		if u.Loc != from {
			return fail("5.3: a transport carries one stack: %s is at %s, not %s", u.ID, u.Loc, from)
		}
		if !r.typ(u).Para {
			return fail("6.4: only airborne units overrun by airdrop; %s is a supply dump, airdropped only where no VM unit is", u.ID)
		}
		if ok, why := r.mayEnter(r.typ(u), dest); !ok {
			return fail("%s cannot be at %s: %s", u.ID, dest, why)
		}
		n += r.values(u).Stack
	}
	if why := r.dropGroundWhy(dest); why != "" {
		return fail("%s", why)
	}
	if lim := r.stackLimit(dest); n > lim {
		return fail("Basics (Stacking): only %d stacking points may overrun into %s terrain at %s; the paras make %d", lim, r.hexes[dest].Terrain, dest, n)
	}
	t := r.dropTransports(s, us, dest)
	if err := r.spendAir(s, t); err != nil {
		return err
	}
	for _, u := range us {
		u.Loc, u.Moved, u.Trench = dest, true, false
	}
	p := &Combat{Points: 1, Airdrop: true, Rounds: rounds, From: from,
		Note: fmt.Sprintf("6.3 a): the FEF spends an operation point (%%d left), with %d air transport(s) (5.6).", t)}
	r.startFight(s, &fight{side: FEF, target: dest, att: us, overrun: true}, p, dice, ev)
	return nil
}

// dropTransports: the air transports an airdrop of us at dest takes (5.6:
// 3 stacking points each, doubled by VM artillery not Desorg within 1
// hex).
func (r *Rules) dropTransports(s *State, us []*Unit, dest string) int {
	per := r.chartInt("air_transport", "stacking_per_transport")
	load := r.load(us)
	for _, x := range s.Units {
		if x.Side == VM && onMap(x.Loc) && dist(x.Loc, dest) <= 1 && !x.Desorg && !r.Opaque(x.Loc) && r.typ(x).Kind == "artillery" {
			load *= 2
			break
		}
	}
	return (load + per - 1) / per
}

// airdropHeld: the VM holds the hex after a round of an airdrop overrun:
// the paras fight on for another point, or retreat 1 hex (6.4; RULINGS
// T57: with no hex to retreat to they are eliminated).
func (r *Rules) airdropHeld(s *State, p *Combat, f *fight, ev *events) {
	if p.Rounds != 0 && *s.ops(FEF) > p.Points {
		*s.ops(FEF)--
		if s.Chunk > p.Points {
			s.Chunk--
			s.Used++
		}
		if p.Rounds > 0 {
			p.Rounds--
		}
		ev.pub("6.4: the VM holds %s and the FEF fights on: another operation point (%d left).", p.Target, *s.ops(FEF)-p.Points)
		p.Stage, p.DefLead, p.Steps, p.Extra, p.Fought = "evade", "", 0, false, true
		return
	}
	why := "the FEF's order fights no further"
	if p.Rounds != 0 {
		why = "the FEF has no operation point left to fight on"
	}
	if hs := r.retreatHexes(s, FEF, p.Target, f.att); len(hs) > 0 {
		for _, u := range f.att {
			u.Loc = hs[0]
		}
		ev.pub("6.4: the VM holds %s (%s): %s retreat 1 hex to %s.", p.Target, why, unitNames(f.att), hs[0])
		r.railEntry(s, FEF, hs[0], ev)
		return
	}
	ev.pub("6.4: the VM holds %s (%s) and %s have no hex to retreat to: they are eliminated (RULINGS T57).", p.Target, why, unitNames(f.att))
	for _, u := range f.att {
		r.kill(s, u, ev)
	}
}

// dropOverrunChoices: the airdrop overruns legal now, merged into the
// tree's `drop` (the FEF's para stacks at friendly airstrips onto VM
// hexes within 6, clear or rough).
func (r *Rules) dropOverrunChoices(s *State, out []adjudicator.Choice) []adjudicator.Choice {
	if s.FEFAir == 0 || s.transUsed("air") >= 3 {
		return out
	}
	var vm []string // the VM's hexes a para may drop onto, each once
	for _, u := range s.Units {
		if u.Side == VM && onMap(u.Loc) && !slices.Contains(vm, u.Loc) && r.dropGroundWhy(u.Loc) == "" {
			vm = append(vm, u.Loc)
		}
	}
	slices.Sort(vm) // by hex, not by the units there (RULINGS T58)
	var add []adjudicator.Choice
	for _, u := range s.Units {
		if u.Side != FEF || !onMap(u.Loc) || !r.typ(u).Para || r.typ(u).Kind == "dump" {
			continue
		}
		if r.dropStripWhy(s, u.Loc) != "" {
			continue
		}
		var ds []adjudicator.Choice
		for _, h := range vm {
			if ok, _ := r.mayEnter(r.typ(u), h); !ok || dist(h, u.Loc) > 6 || r.values(u).Stack > r.stackLimit(h) {
				continue
			}
			ds = append(ds, adjudicator.Choice{Word: h, Complete: true, Help: "airdrop overrun (6.4)",
				Next: []adjudicator.Choice{{Word: "press", Complete: true, Help: "fight on at a point a round while the VM holds (6.4)"}}})
		}
		if len(ds) > 0 {
			add = append(add, adjudicator.Choice{Word: token(u.ID), Next: ds})
		}
	}
	if len(add) == 0 {
		return out
	}
	for i := range out {
		if out[i].Word == "drop" {
			out[i].Next = mergeChoices(out[i].Next, add)
			return out
		}
	}
	return append(out, adjudicator.Choice{Word: "drop", Help: "airdrop para units or dumps (5.6), or onto the VM: an overrun (6.4)", Next: add})
}

// mergeChoices adds add's choices to cs, a word both hold once with the
// continuations of both, merged word by word, complete if either is.
func mergeChoices(cs, add []adjudicator.Choice) []adjudicator.Choice {
	for _, a := range add {
		i := slices.IndexFunc(cs, func(c adjudicator.Choice) bool { return c.Word == a.Word })
		if i < 0 {
			cs = append(cs, a)
			continue
		}
		cs[i].Complete = cs[i].Complete || a.Complete
		cs[i].Next = mergeChoices(slices.Clone(cs[i].Next), a.Next)
	}
	return cs
}
