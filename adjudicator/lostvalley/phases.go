package lostvalley

import (
	"fmt"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// ---- the player's answers inside a fight ----

// artyEligible lists the artillery that may support a fight at target:
// active, French, not in the CR itself, in its subsector or an adjacent
// one (2.2.5, 12.3.5.1, 15.1.4, 16.1); with 19.2 any CR, the heavy
// mortars their own subsector only.
func (t *turn) artyEligible(target string) []string {
	p, d := t.s.Pos, t.r.d
	sub := d.CR(target).Subsector
	ok := map[string]bool{sub: true}
	for _, ss := range d.Board.Subsectors {
		if ss.ID == sub {
			for _, a := range ss.Adjacent {
				ok[a] = true
			}
		}
	}
	var out []string
	for _, u := range d.Units.Units {
		st := p.Units[u.ID]
		if u.Kind != Artillery || st.Used || d.CR(st.At) == nil || st.At == target || !p.French(st.At) {
			continue
		}
		inRange := ok[d.CR(st.At).Subsector]
		if t.s.rule("19.2") {
			inRange = !u.Mortar || d.CR(st.At).Subsector == sub
		}
		if !inRange || contains(t.s.Fight.Arty, u.ID) {
			continue
		}
		out = append(out, u.ID)
	}
	return out
}

func (t *turn) aspLeft() int { return t.s.ASP - t.s.SEAD - t.s.DAS }

// cas and arty: 12.3.5.1, 15.1.3-15.1.4, 16.1.
func (t *turn) supportOrder(f []string) (bool, error) {
	s, p := t.s, t.s.Pos
	fi := s.Fight
	switch {
	case f[0] == "cas" && len(f) == 2 && !fi.Raid:
		n, ok := atoi(f[1])
		if p.Turn == 1 {
			return true, t.refuse("no Close Air Support on turn 1 (12.3.5.1, 15.1.3)")
		}
		if !ok || n < 1 || n > t.aspLeft() {
			return true, t.refuse("cas N with N from 1 to %d (the ASP left)", t.aspLeft())
		}
		fi.CAS += n
		s.ASP -= n
		t.say("%d ASP fly Close Air Support over %s (+%d).", n, t.r.d.CR(fi.CR).Name, n)
		return true, nil
	case f[0] == "arty" && len(f) == 2:
		id := t.r.unitByCode(f[1])
		if p.Turn == 1 && !fi.French && !fi.Raid {
			return true, t.refuse("no artillery support on turn 1 (12.3.5.1)")
		}
		if id == "" || !contains(t.artyEligible(fi.CR), id) {
			reach := fmt.Sprintf("in %s's subsector or an adjacent one", t.r.d.CR(fi.CR).Name)
			if s.rule("19.2") {
				reach = fmt.Sprintf("anywhere, a heavy mortar in %s's subsector (19.2)", t.r.d.CR(fi.CR).Name)
			}
			return true, t.refuse("arty <unit>: an active artillery unit %s, not in the CR itself (%s)", reach, codes(t.artyEligible(fi.CR)))
		}
		key, ap := "arty", 1
		switch {
		case fi.French:
			key, ap = "assault-arty", 0
		case fi.Raid:
			key, ap = "raid-arty", 0
		}
		if !s.paid(key) {
			if s.AP < ap || p.RP < 2 {
				return true, t.refuse("committing artillery costs %d AP and 1 RP this turn (you have %d AP, %d RP; RP must stay at 1 or more)", ap, s.AP, p.RP)
			}
			s.AP -= ap
			p.RP--
			s.Paid = append(s.Paid, key)
			t.say("Artillery committed for the %s: %d AP and 1 RP spent (RP now %d).", map[string]string{"arty": "VM assaults of this turn", "assault-arty": "French assault phase", "raid-arty": "raid phase"}[key], ap, p.RP)
		}
		fi.Arty = append(fi.Arty, id)
		t.say("%s supports %s.", id, t.r.d.CR(fi.CR).Name)
		return true, nil
	}
	return false, nil
}

func (t *turn) fightOrder(f []string) error {
	s, p, d := t.s, t.s.Pos, t.r.d
	fi := s.Fight
	switch s.Step {
	case StepDefend:
		if done, err := t.supportOrder(f); done {
			return err
		}
		if f[0] == "resolve" && len(f) == 1 {
			t.resolveVM()
			return nil
		}
	case StepLoss:
		if f[0] == "lose" && len(f) == 2 {
			id := t.r.unitByCode(f[1])
			c := t.lossCandidates()
			if !contains(c, id) {
				return t.refuse("lose <unit>: one of %s", codes(c))
			}
			t.loseStep(id)
			s.Step = t.fightStep()
			t.run()
			return nil
		}
	case StepRetreat:
		if f[0] == "retreat" && len(f) == 3 && len(fi.Retreat) > 0 {
			id := t.r.unitByCode(f[1])
			if id != fi.Retreat[0] {
				return t.refuse("%s retreats first: retreat %s <CR>", Code(fi.Retreat[0]), Code(fi.Retreat[0]))
			}
			cr := t.r.crByWord(f[2])
			if !contains(t.retreatOptions(id), cr) {
				return t.refuse("%s may retreat to %s", Code(id), strings.Join(t.retreatOptions(id), ", "))
			}
			p.Units[id].At = cr
			t.say("%s retreats to %s.", id, d.CR(cr).Name)
			fi.Retreat = fi.Retreat[1:]
			s.Step = t.fightStep()
			t.run()
			return nil
		}
	case StepReroll:
		switch {
		case f[0] == "reroll" && len(f) == 1:
			fi.Rerolled = true
			fi.VMDie = t.dc.Roll(6)
			t.say("Reroll (%s): the VM casualties die is now %d; it stands.", map[bool]string{true: "armor, 15.1.5", false: "1 GAACEO, 12.3.5.2"}[fi.French], fi.VMDie)
			s.Step = t.fightStep()
			t.run()
			return nil
		case f[0] == "accept" && len(f) == 1:
			fi.Rerolled = true
			s.Step = t.fightStep()
			t.run()
			return nil
		}
	case StepExploit:
		return t.exploitOrder(f)
	}
	return t.refuse("%s", t.r.decision(s))
}

// fightStep is the step a fight returns to after a pause.
func (t *turn) fightStep() string {
	f := t.s.Fight
	switch {
	case f == nil:
		return t.s.Step
	case f.French:
		return StepAssault
	case f.Raid:
		return StepOps
	}
	return StepDefend
}

// ---- D.1 reinforcements (13.0) ----

func (t *turn) dropZones() []string {
	p := t.s.Pos
	var out []string
	for _, z := range t.r.d.Board.DZs {
		if t.r.dzFrench(p, z.ID) {
			out = append(out, z.ID)
		}
	}
	if p.French("Hu") {
		out = append(out, "Hu")
	}
	return out
}

func (t *turn) raisable() bool {
	p, d := t.s.Pos, t.r.d
	onMap, holding, remnants := 0, false, false
	for _, u := range d.Units.Units {
		st := p.Units[u.ID]
		if u.Branch == "marche" {
			if st.At == "holding" {
				holding = true
			} else if inPlay(st.At) {
				onMap++
			}
		}
		if st.At == "remnants" {
			remnants = true
		}
	}
	return holding && remnants && onMap < 4
}

func (t *turn) reinforcePhase() {
	s, p := t.s, t.s.Pos
	s.Fight = nil
	due := t.dueUnits()
	if len(due) > 0 && len(t.dropZones()) == 0 {
		for _, id := range due {
			p.Units[id].At = fmt.Sprintf("turn %d", p.Turn+1)
		}
		t.say("No French drop zone and Huguette lost: %s delayed to turn %d (13.1).", codes(due), p.Turn+1)
		due = nil
	}
	if len(due) == 0 && !t.raisable() {
		t.movePhase()
		return
	}
	if len(due) > 0 {
		t.say("Reinforcements due: %s (drop <unit> <%s>).", codes(due), strings.Join(t.dropZones(), "|"))
	}
	s.Step = StepReinforce
}

func (t *turn) reinforceOrder(f []string) error {
	s, p, d := t.s, t.s.Pos, t.r.d
	switch {
	case f[0] == "drop" && len(f) == 3:
		id := t.r.unitByCode(f[1])
		if id == "" || !contains(t.dueUnits(), id) {
			return t.refuse("drop <unit> <zone>: a unit due this turn (%s)", codes(t.dueUnits()))
		}
		z := t.r.crByWord(f[2])
		if !contains(t.dropZones(), z) {
			return t.refuse("%s may land at %s (a French drop zone, or Huguette if French, 13.1)", Code(id), strings.Join(t.dropZones(), ", "))
		}
		p.Units[id].At, p.Units[id].Used = z, false
		t.say("%s arrives at %s (13.1).", id, z)
		return nil
	case f[0] == "raise" && len(f) == 3:
		id := t.r.unitByCode(f[1])
		if id == "" || d.Unit(id).Branch != "marche" || p.Units[id].At != "holding" || !t.raisable() {
			return t.refuse("raise <BM> <CR>: a Bataillon de Marche in its holding box, a 2-step battalion in the Remnants box, at most 4 on the map (13.3)")
		}
		cr := t.r.crByWord(f[2])
		if d.CR(cr) == nil || !p.French(cr) || p.Encircled(d, cr) || !t.fits(cr, id) {
			return t.refuse("%s may be raised in a French controlled, not encircled CR with room (13.3)", Code(id))
		}
		for _, u := range d.Units.Units {
			if p.Units[u.ID].At == "remnants" {
				p.Units[u.ID].At = "eliminated"
				t.say("%s's survivors form %s at %s (13.3).", u.ID, id, d.CR(cr).Name)
				break
			}
		}
		p.Units[id].At, p.Units[id].Steps = cr, 1
		return nil
	case f[0] == "done" && len(f) == 1:
		if due := t.dueUnits(); len(due) > 0 {
			return t.refuse("reinforcements must land: %s (drop <unit> <zone>)", codes(due))
		}
		t.movePhase()
		return nil
	}
	return t.refuse("%s", t.r.decision(s))
}

// ---- D.2 movement (14.0) ----

func (t *turn) movePhase() {
	s, p := t.s, t.s.Pos
	s.Moved = map[string]int{}
	s.Start = nil
	if t.pcHeld() {
		s.Paid = append(s.Paid, "pc-held") // RULING L13
	}
	for _, cr := range t.r.d.Board.CRs {
		if p.French(cr.ID) {
			s.Start = append(s.Start, cr.ID)
		}
	}
	s.Step = StepMove
}

// moveLimit is 14.1: armor any number, infantry two, 1 GAACEO and
// artillery one (artillery only while no VM division is active; never
// with 19.3).
func (t *turn) moveLimit(id string) int {
	u := t.r.d.Unit(id)
	switch u.Kind {
	case Armor:
		return 99
	case Infantry:
		return 2
	case Artillery:
		if t.s.rule("19.3") {
			return 0 // 19.3: artillery never moves
		}
		for _, v := range t.s.Pos.Divs {
			if v.Active {
				return 0
			}
		}
		return 1
	}
	return 1
}

// moveTargets lists where a unit may move next (14.1, 14.2, 12.2.1).
func (t *turn) moveTargets(id string) []string {
	s, p, d := t.s, t.s.Pos, t.r.d
	u, st := d.Unit(id), p.Units[id]
	if st.Used || s.Moved[id] >= t.moveLimit(id) || t.lastAtPC(id) {
		return nil
	}
	var from []string
	if z := t.r.dz(st.At); z != nil {
		from = z.Lines
	} else if d.CR(st.At) != nil {
		from = d.Adjacent(st.At)
	} else {
		return nil
	}
	isa := isabelle(d)
	var out []string
	for _, cr := range from {
		c := p.CRs[cr]
		if c.VM != 0 {
			continue
		}
		if t.r.dz(st.At) != nil && !p.French(cr) {
			continue
		}
		if d.CR(st.At) != nil && (p.Encircled(d, st.At) || p.Encircled(d, cr)) {
			continue // 12.2.1
		}
		if u.Kind != Armor && (cr == isa || st.At == isa) {
			if u.Kind != Infantry {
				continue // 14.2: no artillery or 1 GAACEO from or to Isabelle
			}
			if cr == isa && s.Moved[id] > 0 {
				continue // 14.2: start the phase in Claudine or Eliane
			}
		}
		out = append(out, cr)
	}
	return out
}

func (t *turn) overstacked() []string {
	p, d := t.s.Pos, t.r.d
	var out []string
	for _, cr := range d.Board.CRs {
		inf, as := stackOf(d, p, cr.ID)
		if inf > cr.Stack[0] || as > cr.Stack[1] {
			out = append(out, cr.ID)
		}
	}
	return out
}

func (t *turn) moveOrder(f []string) error {
	s, p, d := t.s, t.s.Pos, t.r.d
	switch {
	case f[0] == "move" && len(f) == 3:
		id := t.r.unitByCode(f[1])
		if id == "" || !inPlay(p.Units[id].At) {
			return t.refuse("move <unit> <CR>: no unit %q on the map", f[1])
		}
		cr := t.r.crByWord(f[2])
		opts := t.moveTargets(id)
		if !contains(opts, cr) {
			if t.lastAtPC(id) {
				return t.refuse("%s is PC GONO's last infantry unit: it stays (14.3: PC GONO must hold a French infantry unit at the end of the movement phase)", Code(id))
			}
			if len(opts) == 0 {
				return t.refuse("%s cannot move now (used, at its limit of %d CR this phase, or blocked: 14.1, 14.2, 12.2.1)", Code(id), t.moveLimit(id))
			}
			return t.refuse("%s may move to %s", Code(id), strings.Join(opts, ", "))
		}
		if !s.paid("move") {
			if s.AP < 1 {
				return t.refuse("moving costs 1 AP this turn and none is left (14.1)")
			}
			s.AP--
			s.Paid = append(s.Paid, "move")
			t.say("1 AP spent for the movement phase (14.1).")
		}
		from := p.Units[id].At
		p.Units[id].At = cr
		if s.Moved == nil {
			s.Moved = map[string]int{} // an empty map is not encoded
		}
		s.Moved[id]++
		if d.Unit(id).Kind == Infantry && from == isabelle(d) {
			s.Moved[id] = 99 // 14.2: stops at the first CR
		}
		if d.Unit(id).Kind == Artillery {
			p.Units[id].Used = true
		}
		t.say("%s moves from %s to %s.", id, from, cr)
		t.marks = append(t.marks, markMove(from, cr))
		return nil
	case f[0] == "eliminate" && len(f) == 2:
		id := t.r.unitByCode(f[1])
		if id == "" || !contains(t.overstacked(), p.Units[id].At) {
			return t.refuse("eliminate <unit>: a unit in an over-stacked CR (%s) (2.2.1.3)", strings.Join(t.overstacked(), ", "))
		}
		t.say("Over-stacking: %s.", t.eliminate(id))
		return nil
	case f[0] == "done" && len(f) == 1:
		if o := t.overstacked(); len(o) > 0 {
			return t.refuse("%s over-stacked: move units out or eliminate <unit> (2.2.1.3)", strings.Join(o, ", "))
		}
		if !t.pcHeld() && s.paid("pc-held") {
			return t.refuse("PC GONO must hold a French infantry unit at the end of the movement phase (14.3)")
		}
		t.endMove()
		return nil
	}
	return t.refuse("%s", t.r.decision(s))
}

func markMove(from, to string) adjudicator.Mark {
	return adjudicator.Mark{Kind: "move", From: from, At: to}
}

// lastAtPC: id is the last infantry unit in a French PC GONO (14.3,
// RULING L13: it may not leave).
func (t *turn) lastAtPC(id string) bool {
	p, d := t.s.Pos, t.r.d
	pc := d.pc()
	if p.Units[id].At != pc || d.Unit(id).Kind != Infantry || !p.French(pc) {
		return false
	}
	for _, o := range p.In(pc) {
		if o != id && d.Unit(o).Kind == Infantry {
			return false
		}
	}
	return true
}

func (t *turn) pcHeld() bool {
	p, d := t.s.Pos, t.r.d
	pc := d.pc()
	if !p.French(pc) {
		return true
	}
	for _, id := range p.In(pc) {
		if d.Unit(id).Kind == Infantry {
			return true
		}
	}
	return false
}

// endMove is 14.3: a CR French at the start left empty costs 1 CM and
// gets a No Man's Land marker; a No Man's Land CR occupied is French.
func (t *turn) endMove() {
	s, p, d := t.s, t.s.Pos, t.r.d
	for _, cr := range s.Start {
		if !p.Occupied(d, cr) && p.French(cr) {
			p.CRs[cr].NoMansLand = true
			p.CM--
			t.say("%s is evacuated without a fight: No Man's Land, CM -1 (14.3).", d.CR(cr).Name)
		}
	}
	for _, cr := range d.Board.CRs {
		if c := p.CRs[cr.ID]; c.NoMansLand && p.Occupied(d, cr.ID) {
			c.NoMansLand = false
			extra := d.regain(p, cr.ID)
			if extra != "" {
				extra = ": " + extra
			}
			t.say("%s is occupied: French controlled again%s.", cr.Name, extra)
		}
	}
	if t.suddenDeath() {
		return
	}
	s.Moved = nil
	s.Step = StepAssault
}

// ---- D.3 French assaults (15.0) ----

func (t *turn) attackTargets() []string {
	s, p, d := t.s, t.s.Pos, t.r.d
	var out []string
	for _, cr := range d.Board.CRs {
		if p.CRs[cr.ID].VM == 0 || contains(s.Attacked, cr.ID) {
			continue
		}
		if len(t.assaulters(cr.ID)) > 0 {
			out = append(out, cr.ID)
		}
	}
	return out
}

// assaulters: active infantry with an assault factor and armor in French
// CR adjacent to target, not yet in this assault (15.0).
func (t *turn) assaulters(target string) []string {
	p, d := t.s.Pos, t.r.d
	var out []string
	for _, cr := range d.Adjacent(target) {
		if !p.French(cr) || p.Encircled(d, cr) {
			continue
		}
		for _, id := range p.In(cr) {
			u := d.Unit(id)
			if p.Units[id].Used || !(u.Kind == Armor || (u.Kind == Infantry && u.CanAssault())) {
				continue
			}
			if t.s.Fight != nil && contains(t.s.Fight.Units, id) {
				continue
			}
			out = append(out, id)
		}
	}
	return out
}

func (t *turn) infSteps(ids []string) int {
	n := 0
	for _, id := range ids {
		if t.r.d.Unit(id).Kind == Infantry {
			n += t.s.Pos.Units[id].Steps
		}
	}
	return n
}

func (t *turn) assaultOrder(f []string) error {
	s, p, d := t.s, t.s.Pos, t.r.d
	fi := s.Fight
	if fi == nil {
		switch {
		case f[0] == "attack" && len(f) == 2:
			cr := t.r.crByWord(f[1])
			if !contains(t.attackTargets(), cr) {
				return t.refuse("attack <CR>: a VM controlled CR not yet assaulted this turn, next to French units able to assault (%s) (15.0)", strings.Join(t.attackTargets(), ", "))
			}
			if !s.paid("assault") {
				if s.AP < 1 {
					return t.refuse("assaulting costs 1 AP this turn and none is left (15.0)")
				}
				s.AP--
				s.Paid = append(s.Paid, "assault")
				t.say("1 AP spent for the French assault phase (15.0).")
			}
			s.Fight = &Fight{French: true, CR: cr, Div: p.CRs[cr].VM, Stage: "prepare"}
			t.say("An assault on %s (division %d) is prepared: with <unit>, cas N, arty <unit>, then launch.", d.CR(cr).Name, p.CRs[cr].VM)
			return nil
		case f[0] == "done" && len(f) == 1:
			t.opsPhase()
			return nil
		}
		return t.refuse("%s", t.r.decision(s))
	}
	if done, err := t.supportOrder(f); done {
		return err
	}
	switch {
	case f[0] == "with" && len(f) == 2:
		id := t.r.unitByCode(f[1])
		if !contains(t.assaulters(fi.CR), id) {
			return t.refuse("with <unit>: an active infantry unit with an assault factor or armor next to %s (%s)", d.CR(fi.CR).Name, codes(t.assaulters(fi.CR)))
		}
		if d.Unit(id).Kind == Infantry && t.infSteps(append(fi.Units, id)) > 6 {
			return t.refuse("at most six infantry steps assault one CR (15.0)")
		}
		fi.Units = append(fi.Units, id)
		return nil
	case f[0] == "launch" && len(f) == 1:
		if len(fi.Units) == 0 {
			return t.refuse("name the attackers first: with <unit>")
		}
		t.resolveFrench()
		return nil
	case f[0] == "cancel" && len(f) == 1:
		s.Fight = nil
		t.say("The assault is called off.")
		return nil
	}
	return t.refuse("%s", t.r.decision(s))
}

// resolveFrench is 15.1.5.
func (t *turn) resolveFrench() {
	s, p, d := t.s, t.s.Pos, t.r.d
	fi := s.Fight
	s.Attacked = append(s.Attacked, fi.CR)
	sit := p.SITREP(d)
	att := 0
	for _, id := range append(append([]string(nil), fi.Units...), fi.Arty...) {
		att += p.Factor(d, id, 0)
		if d.Unit(id).Kind == Armor {
			fi.Rerollable = true
		}
	}
	m, why := p.Mods.DRM("french_assault")
	str := p.Divs[fi.Div].Strength
	drm := sit + att + fi.CAS - str - 1 + m
	a, b := roll2(t.dc)
	row := d.Tables.FrenchAssault.Find(a + b + drm)
	t.say("French assault on %s with %s (15.1.5): dice %d+%d, DRM %+d SITREP %+d assault factors %+d CAS -%d strength -1 fortifications%s = %d: French casualties %+d, VM casualties %+d (Table 10).",
		d.CR(fi.CR).Name, codes(fi.Units), a, b, sit, att, fi.CAS, str, joinWhy(why), a+b+drm, row.Value, row.VM)
	die := t.dc.Roll(6)
	fr := d.Tables.FrenchAssaultFrench.Find(die + row.Value)
	t.say("French casualties: die %d%+d = %d: %s (Table 10.1).", die, row.Value, die+row.Value, rowText(fr))
	fi.Row, fi.Steps, fi.VMDRM, fi.Stage = fr, fr.Steps, row.VM, "losses"
	t.run()
}

func (t *turn) exploitOrder(f []string) error {
	s, p, d := t.s, t.s.Pos, t.r.d
	fi := s.Fight
	switch {
	case f[0] == "occupy" && len(f) == 2:
		id := t.r.unitByCode(f[1])
		if !contains(t.occupiers(), id) {
			return t.refuse("occupy <unit>: a surviving attacker or an active infantry or armor unit next to %s (%s) (15.1.6)", d.CR(fi.CR).Name, codes(t.occupiers()))
		}
		if !t.fits(fi.CR, id) {
			return t.refuse("%s has no room for %s (2.2.1.3)", d.CR(fi.CR).Name, Code(id))
		}
		p.Units[id].At, p.Units[id].Used = fi.CR, true
		t.say("%s occupies %s.", id, d.CR(fi.CR).Name)
		return nil
	case f[0] == "done" && len(f) == 1:
		c := p.CRs[fi.CR]
		if p.Occupied(d, fi.CR) {
			extra := d.regain(p, fi.CR)
			if extra != "" {
				extra = ": " + extra
			}
			t.say("%s is French again%s (15.1.6).", d.CR(fi.CR).Name, extra)
		} else {
			c.NoMansLand = true
			t.say("%s is left to No Man's Land (15.1.6).", d.CR(fi.CR).Name)
		}
		s.Fight = nil
		t.cutOff()
		s.Step = StepAssault
		return nil
	}
	return t.refuse("%s", t.r.decision(s))
}

func (t *turn) occupiers() []string {
	s, p, d := t.s, t.s.Pos, t.r.d
	var out []string
	for _, id := range s.Fight.Units {
		if inPlay(p.Units[id].At) && p.Units[id].At != s.Fight.CR {
			out = append(out, id)
		}
	}
	for _, cr := range d.Adjacent(s.Fight.CR) {
		if !p.French(cr) {
			continue
		}
		for _, id := range p.In(cr) {
			if k := d.Unit(id).Kind; (k == Infantry || k == Armor) && !p.Units[id].Used && !contains(out, id) {
				out = append(out, id)
			}
		}
	}
	return out
}

// cutOff is 15.1.7: a VM control marker with no TAOR path free of
// French CR back to its starting box is removed (No Man's Land).
func (t *turn) cutOff() {
	p, d := t.s.Pos, t.r.d
	for _, cr := range d.Board.CRs {
		c := p.CRs[cr.ID]
		if c.VM == 0 {
			continue
		}
		if !reachThrough(d, p, c.VM, cr.ID) {
			c.VM, c.NoMansLand = 0, true
			t.say("%s's VM marker is cut off from its starting box: No Man's Land (15.1.7).", cr.Name)
		}
	}
}

// reachThrough: cr is on a path of non-French CR from the division's
// starting box (reachable stops at the first non-passable CR, so a CR
// passed through is checked here).
func reachThrough(d *Data, p *Position, div int, cr string) bool {
	g := d.taor[div]
	seen := map[string]bool{Start: true}
	q := []string{Start}
	for len(q) > 0 {
		x := q[0]
		q = q[1:]
		for _, y := range g[x] {
			if seen[y] || p.French(y) {
				continue
			}
			if y == cr {
				return true
			}
			seen[y] = true
			q = append(q, y)
		}
	}
	return false
}
