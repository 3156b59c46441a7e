package finalgamble

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Legal is the tree of the side's legal orders now: the segment's orders
// when the side is awaited, and its standing orders at any time.
func (r *Rules) Legal(s adjudicator.State, side adjudicator.Side) []adjudicator.Choice {
	st := r.state(s)
	if side == adjudicator.Referee {
		return overrideChoices()
	}
	if side != French && side != VM {
		return nil
	}
	var out []adjudicator.Choice
	if st.Result == nil && st.awaiting() == side {
		defer r.freeze(st)()
		out = r.segmentChoices(st)
	}
	return append(out, standingChoices(side))
}

func leaf(w string) adjudicator.Choice { return adjudicator.Choice{Word: w, Complete: true} }

// branch builds "word ARG..." from a map of first arguments to their
// continuations (nil: complete).
func branch(word, help, arg string, next map[string][]string, arg2 string) adjudicator.Choice {
	c := adjudicator.Choice{Word: word, Help: help, Arg: arg}
	keys := make([]string, 0, len(next))
	for k := range next {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	// the lists are made at their sizes: a Tactical Move's tree has
	// hundreds of leaves, and growing them cost more than building them
	if len(keys) > 0 {
		c.Next = make([]adjudicator.Choice, 0, len(keys))
	}
	// units of one stack and kind have the same destinations: their
	// leaves are built once and shared (a tree is only read)
	type sketch struct {
		n             int
		first, middle string
		last          string
	}
	type leaves struct {
		list []string
		next []adjudicator.Choice
	}
	built := map[sketch][]leaves{}
	for _, k := range keys {
		kc := adjudicator.Choice{Word: k, Arg: arg2}
		list := next[k]
		if len(list) == 0 {
			kc.Complete = true
			c.Next = append(c.Next, kc)
			continue
		}
		sk := sketch{len(list), list[0], list[len(list)/2], list[len(list)-1]}
		for _, b := range built[sk] {
			if slices.Equal(b.list, list) {
				kc.Next = b.next
				break
			}
		}
		if kc.Next == nil {
			kc.Next = make([]adjudicator.Choice, len(list))
			for i, v := range list {
				kc.Next[i] = leaf(v)
			}
			built[sk] = append(built[sk], leaves{list, kc.Next})
		}
		c.Next = append(c.Next, kc)
	}
	return c
}

func (r *Rules) segmentChoices(s *State) []adjudicator.Choice {
	if s.Pending != nil {
		return []adjudicator.Choice{leaf("stay"), leaf("retreat")}
	}
	var out []adjudicator.Choice
	add := func(c adjudicator.Choice) {
		if len(c.Next) > 0 {
			out = append(out, c)
		}
	}
	done := leaf("done")
	switch s.Seg {
	case "9.0-C", "9.0-F":
		return r.setupChoices(s)
	case "9.0-D":
		m := map[string][]string{}
		for _, u := range r.pile(s) {
			m[u.ID] = nil
		}
		add(branch("pick", "a unit of the Wounded Square for the Wounded Box", "unit", m, ""))
		return out
	case "2.1":
		box, valley := map[string][]string{}, map[string][]string{}
		if s.Moved < 3 || s.Stage == "box" {
			for _, u := range r.vmUnits(s, func(*Unit) bool { return true }) {
				if s.Stage == "box" && s.Moved < 3 && !contains(s.MovedIDs, u.ID) {
					if ds := r.vmBoxMoves(s, u); len(ds) > 0 {
						box[u.ID] = ds
					}
				}
				if (s.Stage == "box" || s.Moved < 3) && !(s.Stage == "valley" && contains(s.MovedIDs, u.ID)) {
					if ds := r.vmValleyMoves(s, u); len(ds) > 0 {
						valley[u.ID] = ds
					}
				}
			}
		}
		add(branch("box", "2.1-A Box Move", "unit", box, "destination"))
		add(branch("valley", "2.1-B Valley Move", "unit", valley, "destination"))
	case "2.2":
		for _, w := range []string{"zone", "hw"} {
			m := map[string][]string{}
			for _, p := range r.vmZoneTargets(s, w == "hw") {
				m[p] = nil
			}
			add(branch(w, "a VM Zone Marker (2.2-A)", "place", m, ""))
		}
	case "2.3":
		m := map[string][]string{}
		for _, id := range r.raidTargets(s) {
			m[id] = nil
		}
		add(branch("raid", "the Commando raids a French unit (2.3)", "unit", m, ""))
		return append(out, leaf("pass"))
	case "2.4":
		for _, k := range []string{"recon", "breach"} {
			m := map[string][]string{}
			for _, p := range r.assetTargets(s, k) {
				m[p] = nil
			}
			add(branch(k, "an Asset Marker (2.4-A)", "target", m, ""))
		}
		m := map[string][]string{}
		for _, u := range r.vmUnits(s, func(u *Unit) bool { return u.onMap() && !contains(s.MovedIDs, u.ID) }) {
			mp := 5
			if r.hasAsset(s, "recon", u.ID) {
				mp = 6
			}
			if ds := r.tactical(s, u, mp); len(ds) > 0 {
				m[u.ID] = ds
			}
		}
		add(branch("move", "2.4 Tactical Move", "unit", m, "hex"))
	case "3.1":
		m := map[string][]string{}
		for _, u := range r.vmUnits(s, func(u *Unit) bool { return u.onMap() }) {
			if ts := r.assaultTargets(s, u); len(ts) > 0 {
				m[u.ID] = ts
			}
		}
		add(branch("assault", "declare an assault (3.1)", "unit", m, "hex"))
		mm := map[string][]string{}
		for _, id := range r.mortarUnits(s) {
			mm[id] = nil
		}
		add(branch("mortars", "Support Mortars (3.1)", "unit", mm, ""))
	case "3.2":
		m := map[string][]string{}
		for _, b := range r.sharedBoxes(s, func(u *Unit) bool { return !contains(s.Rested, u.Formation) }) {
			vm, fr := r.boxCombatants(s, b)
			for n := 1; n <= min(len(vm), len(fr)); n++ {
				m[b] = append(m[b], itoa(n))
			}
		}
		add(branch("boxcombat", "Box Combat: steps a side (3.2)", "box", m, "steps"))
	case "3.3":
		m := map[string][]string{}
		for _, u := range r.reactionUnits(s) {
			m[u.ID] = r.tactical(s, u, 5)
		}
		add(branch("move", "3.3 Reaction Move", "unit", m, "hex"))
	case "3.4":
		m := map[string][]string{}
		for _, p := range r.barrageTargets(s) {
			if s.Tracks["french_ammo"] >= 3 {
				m[p] = []string{"intense"}
			} else {
				m[p] = nil
			}
		}
		c := branch("barrage", "Support Barrage (3.4)", "hex", m, "")
		for i := range c.Next {
			c.Next[i].Complete = true
		}
		add(c)
	case "3.5", "7.4":
		m := map[string][]string{}
		for _, h := range s.toDefend() {
			m[h] = nil
		}
		add(branch("defend", "the next defense to fire ("+s.Seg+")", "hex", m, ""))
	case "3.6", "7.5":
		word := "tien-len"
		if s.Seg == "7.5" {
			word = "en-avant"
		}
		c := adjudicator.Choice{Word: "charge", Help: "charge (" + s.Seg + ")", Arg: "unit"}
		for _, a := range s.Assaults {
			if !a.live() {
				continue
			}
			kc := adjudicator.Choice{Word: a.Unit, Complete: true}
			var sup []string
			for _, o := range r.supporters(s, &a) {
				sup = append(sup, o.ID)
			}
			// the supporters' advance, named with the charge (3.6-C)
			var adv adjudicator.Choice
			pos := r.position(s)
			for _, id := range sup {
				for _, p := range pos.SupportAdvances(id, geoPlace(a.Target), geoPlace(a.From)) {
					adv.Next = append(adv.Next, leaf(id+"@"+wordPlace(p)))
				}
			}
			if len(adv.Next) > 0 {
				adv.Word, adv.Arg, adv.Help = "advance", "supporter@hex", "a supporter's advance if the defending hex is vacated (3.6-C)"
				kc.Next = append(kc.Next, adv)
			}
			if len(sup) > 0 {
				wc := adjudicator.Choice{Word: word, Arg: "supporter"}
				for _, id := range sup {
					l := leaf(id)
					if len(adv.Next) > 0 {
						l.Next = []adjudicator.Choice{adv}
					}
					wc.Next = append(wc.Next, l)
				}
				kc.Next = append(kc.Next, wc)
			}
			c.Next = append(c.Next, kc)
		}
		add(c)
	case "4.1":
		if s.Owed > 0 {
			m := map[string][]string{}
			for _, u := range r.diseaseUnits(s) {
				m[u.ID] = nil
			}
			add(branch("disease", "the disease step (4.1-B)", "unit", m, ""))
		}
		m := map[string][]string{}
		for _, u := range r.evacuable(s, "VM") {
			m[u.ID] = nil
		}
		add(branch("evacuate", "to the Off-Map Box (4.1-A)", "unit", m, ""))
	case "4.2", "8.2":
		side := "VM"
		if s.Seg == "8.2" {
			side = "French"
		}
		m := map[string][]string{}
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side != side {
				continue
			}
			if ms := r.afterCombatMoves(s, u); len(ms) > 0 {
				for p := range ms {
					m[u.ID] = append(m[u.ID], p)
				}
				sort.Strings(m[u.ID])
			}
		}
		add(branch("move", "After-Combat Move ("+s.Seg+")", "unit", m, "hex"))
	case "5.1":
		out = append(out, leaf("demand"))
	case "5.2":
		m := map[string][]string{}
		for _, u := range r.legalVMReplace(s) {
			m[u.ID] = nil
		}
		add(branch("replace", "a replacement (5.2-C)", "unit", m, ""))
		if s.Owed > 0 {
			m := map[string][]string{}
			for _, dv := range divisions(r) {
				m[dv] = nil
			}
			add(branch("patrol", "the patrol's division (5.2-B)", "division", m, ""))
		}
		if r.onOrAfter(s, "24", "April") && !s.done("vm-reinf") {
			m := map[string][]string{}
			for _, u := range r.vmUnits(s, func(u *Unit) bool { return u.Box == "VM Reinforcements" }) {
				m[u.ID] = divisions(r)
			}
			add(branch("reinforce", "a VM reinforcement (5.2-E)", "unit", m, "division"))
		}
	case "5.3":
		groups := map[string]map[string][]string{}
		for _, o := range r.legalSupply(s) {
			w, id, _ := strings.Cut(o, " ")
			if groups[w] == nil {
				groups[w] = map[string][]string{}
			}
			groups[w][id] = nil
		}
		for id := range groups["bring-back"] {
			if u := s.unit(id); u != nil {
				groups["bring-back"][id] = r.hospitals(s, u.BoxSide == "Isabelle")
			}
		}
		for _, w := range []string{"loss", "repair", "bring-back"} {
			if groups[w] != nil {
				c := branch(w, "5.3", "unit", groups[w], "hospital")
				for i := range c.Next {
					c.Next[i].Complete = true // bring-back UNIT: the first hospital
				}
				add(c)
			}
		}
	case "5.4":
		if s.Stage == "place" {
			m := map[string][]string{}
			hs := r.supplyHexes(s)
			for i := range s.Units {
				if s.Units[i].Box == "Arrived" {
					m[s.Units[i].ID] = hs
				}
			}
			add(branch("place", "place a reinforcement (5.4-D)", "unit", m, "hex"))
			break
		}
		out = append(out, r.loadChoices(s)...)
		if r.canStandby(s) == "" {
			out = append(out, leaf("standby"))
		}
		m := map[string][]string{}
		if holds(s.Markers["Hanoi Airbase"], "Replacement") || r.loadsHold(s, "Replacement") {
			for _, u := range r.frenchUnits(s, func(u *Unit) bool { return r.replaceEligible(s, u) }) {
				m[u.ID] = nil
			}
		}
		add(branch("replace", "the unit the Replacement flips (5.4-E)", "unit", m, ""))
	case "6.1":
		m := map[string][]string{}
		for _, u := range r.vmUnits(s, func(u *Unit) bool { return u.inPlay() }) {
			m[u.ID] = nil
		}
		add(branch("airstrike", "6.1 Airstrike", "unit", m, ""))
		return append(out, leaf("pass"))
	case "6.2":
		valley, box := map[string][]string{}, map[string][]string{}
		for _, u := range r.frenchUnits(s, func(*Unit) bool { return true }) {
			if s.Stage == "valley" && r.valleyCount(s, "", u) == nil && !contains(s.MovedIDs, u.ID) {
				if ds := r.frenchValleyMoves(s, u); len(ds) > 0 {
					valley[u.ID] = ds
				}
			}
			if s.Moved < 12 || s.Stage == "valley" {
				if s.Stage == "box" && contains(s.MovedIDs, u.ID) {
					continue
				}
				if ds := r.frenchBoxMoves(s, u); len(ds) > 0 {
					box[u.ID] = ds
				}
			}
		}
		add(branch("valley", "6.2-A Valley Move", "unit", valley, "destination"))
		add(branch("box", "6.2-B Box Move", "unit", box, "destination"))
	case "6.3":
		m := map[string][]string{}
		full, red := r.frenchZoneLeft(s, false) > 0, r.frenchZoneLeft(s, true) > 0
		if s.Tracks["french_ammo"] >= 1 && (full || red) {
			for _, id := range r.frenchBombardTargets(s) {
				var opts []string
				if s.Tracks["french_ammo"] >= 2 {
					opts = append(opts, "intense")
				}
				if red {
					opts = append(opts, "reduced")
				}
				m[id] = opts
			}
		}
		c := branch("bombard", "6.3 French Bombardment", "unit", m, "")
		for i := range c.Next {
			c.Next[i].Complete = full
			var keep []adjudicator.Choice
			for _, o := range c.Next[i].Next {
				if o.Word == "intense" && !full {
					continue
				}
				keep = append(keep, o)
			}
			c.Next[i].Next = keep
			if len(keep) == 0 && !full {
				c.Next[i].Complete = false
			}
		}
		c.Next = dropIncomplete(c.Next)
		add(c)
	case "6.4":
		m := map[string][]string{}
		for _, u := range r.frenchUnits(s, func(u *Unit) bool { return u.onMap() && !contains(s.MovedIDs, u.ID) }) {
			if ds := r.tactical(s, u, 5); len(ds) > 0 {
				m[u.ID] = ds
			}
		}
		add(branch("move", "6.4 Tactical Move", "unit", m, "hex"))
	case "7.2":
		m := map[string][]string{}
		for _, u := range r.frenchUnits(s, func(u *Unit) bool { return u.onMap() }) {
			if ts := r.assaultTargets(s, u); len(ts) > 0 {
				m[u.ID] = ts
			}
		}
		add(branch("assault", "declare an assault (7.2)", "unit", m, "hex"))
	case "7.3":
		m := map[string][]string{}
		for _, id := range r.vmMortarTargets(s) {
			m[id] = nil
		}
		add(branch("mortars", "Support Mortars (7.3)", "unit", m, ""))
	case "8.1":
		m := map[string][]string{}
		hs := r.evacuationHexes(s)
		if len(hs) > 0 {
			for _, u := range r.evacuable(s, "French") {
				m[u.ID] = hs
			}
		}
		add(branch("evacuate", "to the DBP Supply Area (8.1-A)", "unit", m, "hex"))
	case "8.5":
		m := map[string][]string{}
		for _, sec := range r.digSectors(s) {
			m[sec] = nil
		}
		add(branch("dig", "move a Trench Marker (8.5-B)", "sector", m, ""))
	}
	return append(out, done)
}

// loadChoices: "load SLOT WHAT" for the open slots (5.4-A).
func (r *Rules) loadChoices(s *State) []adjudicator.Choice {
	var whats []adjudicator.Choice
	for _, k := range supplyKinds {
		if s.hanoiCount(k.marker) > 0 {
			whats = append(whats, leaf(k.word))
		}
	}
	units := r.hanoiUnits(s)
	for i, id := range units {
		c := adjudicator.Choice{Word: id, Complete: true}
		for _, o := range units[i+1:] {
			c.Next = append(c.Next, leaf(o))
		}
		whats = append(whats, c)
	}
	if len(whats) == 0 {
		return nil
	}
	c := adjudicator.Choice{Word: "load", Help: "a plane-load on a slot of the Airdrop Chart (5.4-A)", Arg: "slot"}
	for row := 1; row <= 6; row++ {
		for col := 1; col <= 6; col++ {
			k := slotKey(row, col)
			if len(s.Loads[k]) == 0 && r.slotOpen(s, row, col) == "" {
				c.Next = append(c.Next, adjudicator.Choice{Word: k, Arg: "what", Next: whats})
			}
		}
	}
	if len(c.Next) == 0 {
		return nil
	}
	return []adjudicator.Choice{c}
}

func (r *Rules) loadsHold(s *State, what string) bool {
	for _, l := range s.Loads {
		if holds(l, what) {
			return true
		}
	}
	return false
}

func dropIncomplete(cs []adjudicator.Choice) []adjudicator.Choice {
	var out []adjudicator.Choice
	for _, c := range cs {
		if c.Complete || len(c.Next) > 0 {
			out = append(out, c)
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func holds(xs []string, x string) bool { return contains(xs, x) }

func itoa(n int) string { return strconv.Itoa(n) }
