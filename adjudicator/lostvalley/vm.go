package lostvalley

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// The Viet Minh run by the rules (sections 11 and 12): logistics,
// automatic control, sapping and the choice of assaults, each decision
// narrated with its reason and the dice that broke a tie. The functions
// change the position and return the narration, public text: everything
// in it is on the board for anyone to see.

// Log collects the narration.
type Log []string

func (l *Log) add(format string, args ...any) { *l = append(*l, fmt.Sprintf(format, args...)) }

func roll2(dc adjudicator.Dice) (int, int) { return dc.Roll(6), dc.Roll(6) }

// VMLogistics is phase B (11.0): strength adjustment (11.1), the shaken
// divisions' status check (11.2) and the activation of 304 and 316
// (11.3). Skipped on turn 1.
func VMLogistics(d *Data, p *Position, dc adjudicator.Dice) Log {
	var lg Log
	if p.Turn == 1 {
		lg.add("VM logistics: skipped on turn 1 (11.0).")
		return lg
	}
	sitrep := p.SITREP(d)
	statusDRM, statusWhy := p.Mods.DRM("status")
	for _, id := range d.DivisionOrder() {
		v := p.Divs[id]
		if !v.Activated {
			// 11.3: 1d6 + SITREP, activated at or below the turn.
			r := dc.Roll(6)
			if r+sitrep <= p.Turn {
				v.Activated, v.Active = true, true
				lg.add("Division %d activation (11.3): die %d%+d SITREP = %d, at most turn %d: activated.", id, r, sitrep, r+sitrep, p.Turn)
			} else {
				lg.add("Division %d activation (11.3): die %d%+d SITREP = %d, over turn %d: still inactive.", id, r, sitrep, r+sitrep, p.Turn)
			}
			continue
		}
		// 11.1: +2 when it did not assault last turn (+1 in the monsoon,
		// turns 10-14).
		if !v.AssaultedLast {
			gain := 2
			if p.Turn >= 10 && p.Turn <= 14 {
				gain = 1
			}
			before := v.Strength
			p.AddStrength(d, id, gain)
			lg.add("Division %d did not assault last turn: strength %d -> %d (11.1%s).", id, before, v.Strength, map[bool]string{true: ", monsoon +1", false: ""}[gain == 1])
		}
		// 11.2: a division at 8 or less is shaken and must pass.
		if v.Strength > 8 {
			if !v.Active {
				lg.add("Division %d is no longer shaken (strength %d): active (11.2).", id, v.Strength)
			}
			v.Active = true
			continue
		}
		a, b := roll2(dc)
		half := 0
		if 2*v.Strength <= v.Original {
			half = 1
		}
		total := a + b + sitrep + half + statusDRM
		v.Active = total <= v.Strength
		why := ""
		if half > 0 {
			why += ", +1 at half strength or less"
		}
		if len(statusWhy) > 0 {
			why += ", " + strings.Join(statusWhy, ", ")
		}
		lg.add("Division %d is shaken (strength %d, 11.2): dice %d+%d%+d SITREP%s = %d: %s.", id, v.Strength, a, b, sitrep, why, total,
			map[bool]string{true: "passes, active", false: "fails, inactive this turn"}[v.Active])
	}
	return lg
}

// reachable lists, for a division, the CR its TAOR reaches from its
// starting box through VM controlled CR (12.2, 12.3.3): the French
// controlled ones it touches are its targets. through says which CR a
// path may pass (VM controlled for sapping and assaults).
func (d *Data) reachable(p *Position, div int, through func(string) bool) []string {
	g := d.taor[div]
	seen := map[string]bool{Start: true}
	q := []string{Start}
	var out []string
	for len(q) > 0 {
		x := q[0]
		q = q[1:]
		for _, y := range g[x] {
			if seen[y] {
				continue
			}
			seen[y] = true
			if through(y) {
				q = append(q, y)
			} else {
				out = append(out, y)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Targets lists the French controlled CR a division may sap or assault:
// connected by its TAOR directly to its starting box, or to a VM
// controlled CR with a continuous path of VM controlled CR back to it
// (12.2, 12.3.3).
func (d *Data) Targets(p *Position, div int) []string {
	var out []string
	for _, cr := range d.reachable(p, div, func(cr string) bool { return p.CRs[cr].VM != 0 }) {
		if p.French(cr) {
			out = append(out, cr)
		}
	}
	return out
}

// pickStrongest chooses among divisions the one with the highest
// strength, a die breaking a tie (12.2, 12.3.3); it says why.
func pickStrongest(p *Position, divs []int, dc adjudicator.Dice) (int, string) {
	best := []int{}
	for _, v := range divs {
		switch {
		case len(best) == 0 || p.Divs[v].Strength > p.Divs[best[0]].Strength:
			best = []int{v}
		case p.Divs[v].Strength == p.Divs[best[0]].Strength:
			best = append(best, v)
		}
	}
	if len(divs) == 1 {
		return divs[0], ""
	}
	if len(best) == 1 {
		return best[0], fmt.Sprintf("the strongest (%d) of %s", p.Divs[best[0]].Strength, divList(divs))
	}
	r := dc.Roll(len(best))
	return best[r-1], fmt.Sprintf("tie at strength %d among %s broken by die %d of %d", p.Divs[best[0]].Strength, divList(best), r, len(best))
}

func divList(ds []int) string {
	var s []string
	for _, v := range ds {
		s = append(s, fmt.Sprint(v))
	}
	return strings.Join(s, ", ")
}

// capture gives cr to division div (12.1, 12.3.5.2): its assets are
// eliminated, CM falls by its stars, the division and the VM AAA gain
// by its icons. Returns what happened.
func (d *Data) capture(p *Position, cr string, div int) string {
	c, box := p.CRs[cr], d.CR(cr)
	already := c.LostTo != 0
	c.VM, c.NoMansLand = div, false
	var parts []string
	for _, id := range p.In(cr) {
		if d.Unit(id).Asset() {
			p.Units[id].At = "eliminated"
			parts = append(parts, id+" eliminated")
		}
	}
	if already {
		// Its stars and icons were counted when it was first lost.
		return strings.Join(parts, ", ")
	}
	c.LostTo = div
	if box.Stars > 0 {
		p.CM -= box.Stars
		parts = append(parts, fmt.Sprintf("CM -%d (stars)", box.Stars))
	}
	if box.Artillery {
		p.AddStrength(d, div, 1)
		parts = append(parts, fmt.Sprintf("%d strength +1 (artillery icon)", div))
	}
	if box.AAA {
		p.AddAAA(d, 1)
		parts = append(parts, "VM AAA +1 (AAA icon)")
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, ", ")
}

// AutoControl is phase C.1 (12.1): every CR without a French infantry or
// armor unit whose TAOR path, free of French controlled CR, reaches a
// division's starting box falls to that division.
func AutoControl(d *Data, p *Position, dc adjudicator.Dice) Log {
	var lg Log
	for _, cr := range sortedCRs(d) {
		if p.CRs[cr].VM != 0 || p.Occupied(d, cr) {
			continue
		}
		var divs []int
		for _, div := range d.DivisionOrder() {
			free := d.reachable(p, div, func(x string) bool { return !p.French(x) && x != cr })
			for _, x := range free {
				if x == cr {
					divs = append(divs, div)
				}
			}
		}
		if len(divs) == 0 {
			continue
		}
		div, why := pickStrongest(p, divs, dc) // RULING L3
		if why != "" {
			why = "; " + why
		}
		what := d.capture(p, cr, div)
		if what != "" {
			what = ": " + what
		}
		lg.add("%s, held by no French infantry or armor, falls to division %d by its TAOR path (12.1%s)%s.", d.CR(cr).Name, div, why, what)
	}
	return lg
}

func sortedCRs(d *Data) []string {
	var out []string
	for _, cr := range d.Board.CRs {
		out = append(out, cr.ID)
	}
	return out
}

// Sapping is phase C.2 (12.2): each target CR is sapped once, by the
// strongest active division whose TAOR reaches it, rolling on Table 8.
// Card 13 runs it again on the same targets (rounds = 2).
func Sapping(d *Data, p *Position, dc adjudicator.Dice) Log {
	var lg Log
	if p.Turn == 1 {
		lg.add("VM sapping: not on turn 1 (12.2).")
		return lg
	}
	owner := map[string][]int{}
	for _, div := range d.DivisionOrder() {
		if !p.Divs[div].Active {
			continue
		}
		for _, cr := range d.Targets(p, div) {
			owner[cr] = append(owner[cr], div)
		}
	}
	rounds := 1
	if p.Mods.Has("sapping_again") {
		rounds = 2
	}
	assigned := map[string]int{}
	for _, cr := range sortedCRs(d) {
		if len(owner[cr]) == 0 {
			continue
		}
		div, why := pickStrongest(p, owner[cr], dc)
		assigned[cr] = div
		if why != "" {
			lg.add("%s is in the TAOR of %s: division %d saps it (12.2: %s).", d.CR(cr).Name, divList(owner[cr]), div, why)
		}
	}
	cardDRM, cardWhy := p.Mods.DRM("sapping")
	for round := 0; round < rounds; round++ {
		for _, div := range d.DivisionOrder() {
			for _, cr := range sortedCRs(d) {
				if assigned[cr] != div {
					continue
				}
				c := p.CRs[cr]
				if c.Fort == 0 {
					continue // 12.2: no roll at zero
				}
				best, bestID := 0, ""
				for _, id := range p.In(cr) {
					if k := d.Unit(id).Kind; k == Infantry || k == Armor {
						if m := p.Factor(d, id, 2); bestID == "" || m > best {
							best, bestID = m, id
						}
					}
				}
				a, b := roll2(dc)
				half := (p.Divs[div].Strength + 1) / 2
				sit := p.SITREP(d)
				total := a + b + sit + best - half + cardDRM
				loss := d.Tables.Sapping.Find(total).Value
				before := c.Fort
				c.Fort = max(0, c.Fort-loss)
				extra := ""
				if len(cardWhy) > 0 {
					extra = " " + strings.Join(cardWhy, " ")
				}
				who := ""
				if bestID != "" {
					who = fmt.Sprintf(" %+d best morale (%s)", best, bestID)
				}
				lg.add("Division %d saps %s: dice %d+%d%+d SITREP%s -%d half strength%s = %d: fortifications %d -> %d (Table 8).",
					div, d.CR(cr).Name, a, b, sit, who, half, extra, total, before, c.Fort)
			}
		}
	}
	lg = append(lg, IsabelleCheck(d, p)...)
	return lg
}

// IsabelleCheck applies 12.2.2: -1 CM when Isabelle becomes encircled,
// +1 when it is no longer.
func IsabelleCheck(d *Data, p *Position) Log {
	var lg Log
	isa := isabelle(d)
	if isa == "" {
		return lg
	}
	enc := p.Encircled(d, isa) && p.French(isa)
	switch {
	case enc && !p.IsabelleEncircled:
		p.IsabelleEncircled = true
		p.CM--
		lg.add("Isabelle is encircled: CM -1 (12.2.2).")
	case !enc && p.IsabelleEncircled:
		p.IsabelleEncircled = false
		if p.French(isa) {
			p.AddCM(d, 1)
			lg.add("Isabelle is no longer encircled: CM +1 (12.2.2).")
		}
	}
	return lg
}

// isabelle is the southern subsector's CR (12.2.2 names Isabelle).
func isabelle(d *Data) string {
	for _, cr := range d.Board.CRs {
		if cr.Subsector == "south" {
			return cr.ID
		}
	}
	return ""
}

// Assault is one VM assault the rules chose (12.3.3-12.3.4).
type Assault struct {
	Div int    `json:"div"`
	CR  string `json:"cr"`
	Why string `json:"why"`
}

// defense sums the defense factors of the French units in cr and its
// fortifications (12.3.4's total defensive strength); morale the morale
// factors.
func (d *Data) defense(p *Position, cr string) (def, mor int) {
	for _, id := range p.In(cr) {
		def += p.Factor(d, id, 1)
		mor += p.Factor(d, id, 2)
	}
	return def + p.CRs[cr].Fort, mor
}

// ChooseAssaults is 12.3.1-12.3.4: in the order 312, 308, 316, 304 each
// active division assaults one French controlled CR its TAOR reaches,
// none assaulted twice; a CR several divisions could assault goes to the
// strongest of them (a die on a tie, RULING L4); among its targets a
// division takes the lowest fortifications, then the lowest total
// defensive strength, then the lowest morale strength, then a die.
func ChooseAssaults(d *Data, p *Position, dc adjudicator.Dice) ([]Assault, Log) {
	var lg Log
	if p.Mods.Has("no_vm_assault") {
		lg.add("No VM assault this turn: %s.", modSource(p.Mods, "no_vm_assault"))
		return nil, lg
	}
	order := d.DivisionOrder()
	targets := map[int][]string{}
	for _, div := range order {
		if p.Divs[div].Active {
			targets[div] = d.Targets(p, div)
		}
	}
	// 12.3.3: a CR several divisions may assault is the strongest's.
	claim := map[string]int{}
	for _, cr := range sortedCRs(d) {
		var divs []int
		for _, div := range order {
			for _, t := range targets[div] {
				if t == cr {
					divs = append(divs, div)
				}
			}
		}
		if len(divs) == 0 {
			continue
		}
		div, why := pickStrongest(p, divs, dc)
		claim[cr] = div
		if why != "" {
			lg.add("%s may be assaulted by %s: it is division %d's (12.3.3: %s).", d.CR(cr).Name, divList(divs), div, why)
		}
	}
	var out []Assault
	done := map[string]bool{}
	for _, div := range order {
		v := p.Divs[div]
		if !v.Active {
			lg.add("Division %d is inactive: no assault (12.3.3).", div)
			continue
		}
		var cands []string
		for _, cr := range targets[div] {
			if !done[cr] && claim[cr] == div {
				cands = append(cands, cr)
			}
		}
		if len(cands) == 0 {
			if len(targets[div]) == 0 {
				lg.add("Division %d: no TAOR path reaches a French CR (12.3.1).", div)
			} else {
				lg.add("Division %d: its reachable CR are left to stronger divisions (12.3.3).", div)
			}
			continue
		}
		cr, why := pickTarget(d, p, cands, dc)
		done[cr] = true
		out = append(out, Assault{Div: div, CR: cr, Why: why})
		lg.add("Division %d (strength %d) assaults %s: %s (12.3.4).", div, v.Strength, d.CR(cr).Name, why)
	}
	return out, lg
}

func modSource(m Mods, roll string) string {
	for _, x := range m {
		if x.Roll == roll {
			return x.Source
		}
	}
	return ""
}

// pickTarget applies 12.3.4's priorities to the candidate CR.
func pickTarget(d *Data, p *Position, cands []string, dc adjudicator.Dice) (string, string) {
	if len(cands) == 1 {
		return cands[0], fmt.Sprintf("its only target (fortifications %d)", p.CRs[cands[0]].Fort)
	}
	keys := []struct {
		name string
		f    func(string) int
	}{
		{"lowest fortification level", func(cr string) int { return p.CRs[cr].Fort }},
		{"lowest total defensive strength", func(cr string) int { def, _ := d.defense(p, cr); return def }},
		{"lowest morale strength", func(cr string) int { _, m := d.defense(p, cr); return m }},
	}
	left := cands
	var why []string
	for _, k := range keys {
		bv := k.f(left[0])
		for _, cr := range left {
			bv = min(bv, k.f(cr))
		}
		var tied []string
		for _, cr := range left {
			if k.f(cr) == bv {
				tied = append(tied, cr)
			}
		}
		if len(tied) == 1 {
			why = append(why, fmt.Sprintf("%s (%d)", k.name, bv))
			return tied[0], strings.Join(why, "; ")
		}
		why = append(why, fmt.Sprintf("%s (%d) shared by %s", k.name, bv, names(d, tied)))
		left = tied
	}
	r := dc.Roll(len(left))
	why = append(why, fmt.Sprintf("tie broken by die %d of %d", r, len(left)))
	return left[r-1], strings.Join(why, "; ")
}

func names(d *Data, crs []string) string {
	var s []string
	for _, cr := range crs {
		s = append(s, d.CR(cr).Name)
	}
	return strings.Join(s, ", ")
}

// regain gives back a CR's stars and icons when the French hold it again
// (2.2.4.1-2.2.4.3, 15.1.6).
func (d *Data) regain(p *Position, cr string) string {
	c, box := p.CRs[cr], d.CR(cr)
	if c.LostTo == 0 {
		return ""
	}
	var parts []string
	if box.Stars > 0 {
		p.AddCM(d, box.Stars)
		parts = append(parts, fmt.Sprintf("CM +%d (stars)", box.Stars))
	}
	if box.Artillery && p.Divs[c.LostTo] != nil {
		p.AddStrength(d, c.LostTo, -1)
		parts = append(parts, fmt.Sprintf("%d strength -1 (artillery icon)", c.LostTo))
	}
	if box.AAA {
		p.AddAAA(d, -1)
		parts = append(parts, "VM AAA -1 (AAA icon)")
	}
	c.LostTo = 0
	return strings.Join(parts, ", ")
}
