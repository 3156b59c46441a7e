package lostvalley

import (
	"fmt"
	"strings"
)

// ---- E: raids, repairs, recovery (16.0) ----

func (t *turn) opsPhase() {
	t.s.Fight = nil
	t.s.Step = StepOps
}

// frontline: a CR next to a VM controlled CR or linked by a TAOR path
// straight to a starting box (16.1, 16.2).
func (t *turn) frontline(cr string) bool {
	p, d := t.s.Pos, t.r.d
	for _, a := range d.Adjacent(cr) {
		if p.CRs[a].VM != 0 {
			return true
		}
	}
	for _, g := range d.taor {
		if contains(g[Start], cr) {
			return true
		}
	}
	return false
}

func (t *turn) raidTargets() []string {
	var out []string
	for _, cr := range t.r.d.Board.CRs {
		if t.s.Pos.French(cr.ID) && t.frontline(cr.ID) && !contains(t.s.Attacked, cr.ID) && len(t.raiders(cr.ID)) > 0 {
			out = append(out, cr.ID)
		}
	}
	return out
}

// raiders: active infantry and armor in cr or a French CR adjacent.
func (t *turn) raiders(cr string) []string {
	p, d := t.s.Pos, t.r.d
	var out []string
	for _, c := range append([]string{cr}, d.Adjacent(cr)...) {
		if !p.French(c) {
			continue
		}
		for _, id := range p.In(c) {
			k := d.Unit(id).Kind
			if (k == Infantry || k == Armor) && !p.Units[id].Used && (t.s.Fight == nil || !contains(t.s.Fight.Units, id)) {
				out = append(out, id)
			}
		}
	}
	return out
}

func (t *turn) fortTargets() []string {
	var out []string
	for _, cr := range t.r.d.Board.CRs {
		if t.s.Pos.French(cr.ID) && !t.frontline(cr.ID) && !contains(t.s.Forted, cr.ID) && t.s.Pos.CRs[cr.ID].Fort < 4 {
			out = append(out, cr.ID)
		}
	}
	return out
}

func (t *turn) payOps() error {
	s := t.s
	if s.paid("ops") {
		return nil
	}
	if s.AP < 1 {
		return t.refuse("raids, fortifications and airstrip repairs cost 1 AP this turn and none is left (16.0)")
	}
	s.AP--
	s.Paid = append(s.Paid, "ops")
	t.say("1 AP spent for raids and repairs (16.0).")
	return nil
}

func (t *turn) opsOrder(f []string) error {
	s, p, d := t.s, t.s.Pos, t.r.d
	if fi := s.Fight; fi != nil {
		if done, err := t.supportOrder(f); done {
			return err
		}
		switch {
		case f[0] == "with" && len(f) == 2:
			id := t.r.unitByCode(f[1])
			if !contains(t.raiders(fi.CR), id) {
				return t.refuse("with <unit>: an active infantry or armor unit in or next to %s (%s)", d.CR(fi.CR).Name, codes(t.raiders(fi.CR)))
			}
			armor := 0
			for _, u := range fi.Units {
				if d.Unit(u).Kind == Armor {
					armor++
				}
			}
			if d.Unit(id).Kind == Armor && armor > 0 {
				return t.refuse("one armor unit a raid (16.1)")
			}
			if d.Unit(id).Kind == Infantry && t.infSteps(append(fi.Units, id)) > 4 {
				return t.refuse("at most four infantry steps raid (16.1)")
			}
			fi.Units = append(fi.Units, id)
			return nil
		case f[0] == "launch" && len(f) == 1:
			if t.infSteps(fi.Units) == 0 {
				return t.refuse("a raid needs infantry: with <unit> (16.1)")
			}
			t.resolveRaid()
			return nil
		case f[0] == "cancel" && len(f) == 1:
			s.Fight = nil
			t.say("The raid is called off.")
			return nil
		}
		return t.refuse("%s", t.r.decision(s))
	}
	switch {
	case f[0] == "raid" && len(f) == 2:
		cr := t.r.crByWord(f[1])
		if !contains(t.raidTargets(), cr) {
			return t.refuse("raid <CR>: a French CR on the front line not raided this turn, with active infantry in or next to it (%s) (16.1)", strings.Join(t.raidTargets(), ", "))
		}
		if err := t.payOps(); err != nil {
			return err
		}
		div, why := t.raidDivision(cr)
		s.Fight = &Fight{Raid: true, CR: cr, Div: div, Stage: "prepare"}
		t.say("A raid from %s against division %d%s is prepared: with <unit>, arty <unit>, then launch.", d.CR(cr).Name, div, why)
		return nil
	case f[0] == "fort" && len(f) == 2:
		cr := t.r.crByWord(f[1])
		if !contains(t.fortTargets(), cr) {
			return t.refuse("fort <CR>: a French CR behind the front line, below level 4, not yet improved this turn (%s) (16.2)", strings.Join(t.fortTargets(), ", "))
		}
		if p.RP < 2 {
			return t.refuse("improving fortifications costs 1 RP and RP must stay at 1 or more (16.2)")
		}
		if err := t.payOps(); err != nil {
			return err
		}
		p.RP--
		n := 1
		for _, id := range p.In(cr) {
			if d.Unit(id).Engineer && !p.Units[id].Used {
				n = 2
				p.Units[id].Used = true
				break
			}
		}
		c := p.CRs[cr]
		c.Fort = min(4, c.Fort+n)
		s.Forted = append(s.Forted, cr)
		t.say("%s's fortifications +%d (now %d) for 1 RP (16.2%s).", d.CR(cr).Name, n, c.Fort, map[bool]string{true: ", 31 BG", false: ""}[n == 2])
		return nil
	case f[0] == "repair" && (len(f) == 1 || (len(f) == 2 && f[1] == "rp")):
		if p.Airstrip != "damaged" || s.Repaired {
			return t.refuse("only a damaged airstrip is repaired, once a turn (16.3); it is %s", p.Airstrip)
		}
		rp := len(f) == 2
		if rp && p.RP < 2 {
			return t.refuse("spending 1 RP on the repair needs RP 2 or more")
		}
		if err := t.payOps(); err != nil {
			return err
		}
		s.Repaired = true
		bonus := 0
		if rp {
			p.RP--
			bonus = 1
		}
		ok := t.repairRoll(bonus)
		if !ok {
			for _, id := range p.In("Hu") {
				if d.Unit(id).Engineer && !p.Units[id].Used {
					p.Units[id].Used = true
					t.say("31 BG is at Huguette: the repair is rolled again (16.3, RULING L11).")
					ok = t.repairRoll(bonus)
					break
				}
			}
		}
		if ok {
			p.Airstrip = "active"
			p.Mods = p.Mods.airstripMods("active")
		}
		return nil
	case f[0] == "done" && len(f) == 1:
		t.endTurn()
		return nil
	}
	return t.refuse("%s", t.r.decision(s))
}

func (t *turn) repairRoll(bonus int) bool {
	p, d := t.s.Pos, t.r.d
	die := t.dc.Roll(6)
	sit := p.SITREP(d)
	m, why := p.Mods.DRM("repair")
	total := die + sit + bonus + m
	ok := total >= d.Tables.AirstripRepair.Success
	t.say("Airstrip repair (16.3): die %d%+d SITREP%s%s = %d: %s.", die, sit, map[bool]string{true: " +1 RP", false: ""}[bonus > 0], joinWhy(why), total,
		map[bool]string{true: "repaired", false: "still damaged"}[ok])
	return ok
}

// raidDivision is 16.1: the division whose TAOR holds the CR, the one
// whose starting box is closest when several, a die on a tie (RULING L12).
func (t *turn) raidDivision(cr string) (int, string) {
	d := t.r.d
	best, dist := []int{}, 99
	for _, div := range d.DivisionOrder() {
		n := pathLen(d.taor[div], Start, cr)
		switch {
		case n < 0:
		case n < dist:
			best, dist = []int{div}, n
		case n == dist:
			best = append(best, div)
		}
	}
	if len(best) == 0 {
		// A front-line CR off every TAOR: the nearest VM marker's division.
		for _, a := range d.Adjacent(cr) {
			if v := t.s.Pos.CRs[a].VM; v != 0 {
				return v, ""
			}
		}
		return d.DivisionOrder()[0], ""
	}
	if len(best) == 1 {
		return best[0], ""
	}
	r := t.dc.Roll(len(best))
	return best[r-1], fmt.Sprintf(" (closest starting boxes %s tie: die %d of %d)", divList(best), r, len(best))
}

func pathLen(g map[string][]string, from, to string) int {
	dist := map[string]int{from: 0}
	q := []string{from}
	for len(q) > 0 {
		x := q[0]
		q = q[1:]
		if x == to {
			return dist[x]
		}
		for _, y := range g[x] {
			if _, ok := dist[y]; !ok {
				dist[y] = dist[x] + 1
				q = append(q, y)
			}
		}
	}
	return -1
}

// resolveRaid is 16.1's roll on Table 11.
func (t *turn) resolveRaid() {
	s, p, d := t.s, t.s.Pos, t.r.d
	fi := s.Fight
	s.Attacked = append(s.Attacked, fi.CR)
	sit := p.SITREP(d)
	mor, arm, art := 0, 0, 0
	for _, id := range fi.Units {
		if d.Unit(id).Kind == Infantry {
			mor += p.Factor(d, id, 2)
		} else {
			arm += p.Factor(d, id, 0)
		}
	}
	for _, id := range fi.Arty {
		art += p.Factor(d, id, 0)
	}
	m, why := p.Mods.DRM("raid")
	str := p.Divs[fi.Div].Strength
	a, b := roll2(t.dc)
	total := a + b + sit + mor + arm + art + m - str
	row := d.Tables.Raid.Find(total)
	c := p.CRs[fi.CR]
	before := c.Fort
	c.Fort = min(4, c.Fort+row.Value)
	t.say("Raid from %s with %s (16.1): dice %d+%d%+d SITREP%+d morale%+d armor%+d artillery%s -%d strength = %d: fortifications %d -> %d; %s (Table 11).",
		d.CR(fi.CR).Name, codes(fi.Units), a, b, sit, mor, arm, art, joinWhy(why), str, total, before, c.Fort, rowText(Row{Steps: row.Steps, Dis: row.Dis, DisQ: row.DisQ}))
	fi.Row, fi.Steps, fi.Stage = Row{Steps: row.Steps, Dis: row.Dis, DisQ: row.DisQ}, row.Steps, "losses"
	t.runRaid()
}

// runRaid carries the raid's losses and disruption, then frees the step.
func (t *turn) runRaid() {
	s, p := t.s, t.s.Pos
	fi := s.Fight
	for fi.Steps > 0 {
		c := t.lossCandidates()
		if len(c) == 0 {
			fi.Steps = 0
			break
		}
		if len(c) > 1 {
			s.Step = StepLoss
			t.say("A step loss falls on one of %s (tied on morale and steps): choose with lose <unit>.", codes(c))
			return
		}
		t.loseStep(c[0])
	}
	t.effects()
	for _, id := range append(append([]string(nil), fi.Units...), fi.Arty...) {
		if inPlay(p.Units[id].At) {
			p.Units[id].Used = true
		}
	}
	s.Fight = nil
	s.Step = StepOps
}

// endTurn is 16.4 (recovery), 13.1's drop zone rule, F (17.0) and G
// (18.0); then the next turn's card is drawn.
func (t *turn) endTurn() {
	s, p, d := t.s, t.s.Pos, t.r.d
	if p.Airstrip == "interdicted" {
		p.Airstrip = "active"
		p.Mods = p.Mods.airstripMods("active")
		t.say("The airstrip's interdiction is lifted (16.3).")
	}
	for _, u := range d.Units.Units {
		st := p.Units[u.ID]
		if st.Disrupted && inPlay(st.At) {
			if t.morale(u.ID) {
				st.Disrupted = false
				t.say("%s recovers from disruption (16.4).", u.ID)
			}
		}
		st.Used = false
	}
	for _, z := range d.Board.DZs {
		for _, id := range p.In(z.ID) {
			t.say("%s is still in the %s drop zone at the end of the turn: %s (13.1).", id, z.ID, t.eliminate(id))
		}
	}
	if t.suddenDeath() {
		return
	}
	if p.Turn >= s.Last {
		h, detail := VP(d, p)
		t.end(d.Level(h), detail+" at the end of turn "+fmt.Sprint(p.Turn)+" (17.2)")
		return
	}
	// 5.2.2: one AP saved when the SITREP is above zero.
	if p.SITREP(d) > 0 && s.AP > 0 {
		s.Saved = 1
		t.say("1 AP saved for next turn (5.2.2: SITREP %+d).", p.SITREP(d))
	} else {
		s.Saved = 0
	}
	p.AnyAssaultLast = s.AssaultedVM
	lull := p.Mods.Has("no_vm_assault")
	for _, v := range p.Divs {
		v.AssaultedLast = v.Assaulted && !lull
		v.Assaulted = false
	}
	p.Mods = p.Mods.Expire(UntilTurnEnd).Expire(UntilRepairP)
	p.Turn++
	s.AP, s.ASP, s.SEAD, s.DAS, s.Ration, s.Delayed, s.Boost = 0, 0, 0, 0, 0, "", 0
	s.Paid, s.Attacked, s.Forted, s.Repaired, s.AssaultedVM, s.ReservePlayed = nil, nil, nil, false, false, 0
	s.Drawn, s.DrawnAP, s.Kept, s.Played = 0, 0, false, false
	s.Step = StepEvents
	t.draw()
}
