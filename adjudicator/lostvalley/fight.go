package lostvalley

import (
	"fmt"

	"github.com/umpirebot/umpire/adjudicator"
	"sort"
	"strings"
)

// Fight is an assault or raid being resolved: a VM assault (12.3.5), a
// French assault (15.1) or a raid (16.1), with the stage it waits in
// when the player has a choice to make.
type Fight struct {
	French bool     `json:"french,omitempty"`
	Raid   bool     `json:"raid,omitempty"`
	Div    int      `json:"div"`
	CR     string   `json:"cr"`
	Units  []string `json:"units,omitempty"` // the French attackers or raiders
	CAS    int      `json:"cas,omitempty"`
	Arty   []string `json:"arty,omitempty"`
	Stage  string   `json:"stage"` // prepare, losses, effects, retreat, vmcas, exploit
	Steps  int      `json:"steps,omitempty"`
	Row    Row      `json:"row"`
	VMDRM  int      `json:"vm_drm,omitempty"`
	VMDie  int      `json:"vm_die,omitempty"`
	// Rerollable: 1 GAACEO defends (12.3.5.2) or armor attacks (15.1.5);
	// Rerolled: the reroll is spent.
	Rerollable bool     `json:"rerollable,omitempty"`
	Rerolled   bool     `json:"rerolled,omitempty"`
	Retreat    []string `json:"retreat,omitempty"`
}

func (f Fight) clone() Fight {
	f.Units = append([]string(nil), f.Units...)
	f.Arty = append([]string(nil), f.Arty...)
	f.Retreat = append([]string(nil), f.Retreat...)
	return f
}

// pool is the units a fight's losses and checks fall on: the assaulted
// CR's units (12.3.5.2), or the attackers and raiders (15.1.5, 16.1).
func (t *turn) pool() []string {
	f, p := t.s.Fight, t.s.Pos
	if f.French || f.Raid {
		var out []string
		for _, u := range f.Units {
			if inPlay(p.Units[u].At) {
				out = append(out, u)
			}
		}
		return out
	}
	return p.In(f.CR)
}

// eliminate takes a unit off the map (12.3.5.2): a 2-step battalion to
// the Remnants box, a Bataillon de Marche back to its holding box, any
// other unit out of the game.
func (t *turn) eliminate(id string) string {
	u, s := t.r.d.Unit(id), t.s.Pos.Units[id]
	s.Steps, s.Used, s.Disrupted = u.Steps, false, false
	switch {
	case u.Branch == "marche":
		s.At = "holding"
	case u.Kind == Infantry && u.Steps == 2:
		s.At = "remnants"
		s.Steps = 0
	default:
		s.At = "eliminated"
	}
	return id + " eliminated"
}

// lossCandidates are the units a step loss may fall on by 12.3.5.2's and
// 15.1.5's priorities: infantry before armor, the highest morale, then
// the most steps; more than one when the player chooses.
func (t *turn) lossCandidates() []string {
	p, d := t.s.Pos, t.r.d
	var inf, arm []string
	for _, id := range t.pool() {
		switch d.Unit(id).Kind {
		case Infantry:
			inf = append(inf, id)
		case Armor:
			arm = append(arm, id)
		}
	}
	c := inf
	if len(c) == 0 {
		c = arm
	}
	if len(c) == 0 {
		return nil
	}
	sort.Slice(c, func(i, j int) bool {
		a, b := c[i], c[j]
		if ma, mb := p.Factor(d, a, 2), p.Factor(d, b, 2); ma != mb {
			return ma > mb
		}
		if sa, sb := p.Units[a].Steps, p.Units[b].Steps; sa != sb {
			return sa > sb
		}
		return a < b
	})
	var tied []string
	for _, id := range c {
		if p.Factor(d, id, 2) == p.Factor(d, c[0], 2) && p.Units[id].Steps == p.Units[c[0]].Steps {
			tied = append(tied, id)
		}
	}
	return tied
}

func (t *turn) loseStep(id string) {
	s := t.s.Pos.Units[id]
	s.Steps--
	if s.Steps <= 0 {
		t.say("Step loss: %s.", t.eliminate(id))
	} else {
		t.say("Step loss: %s is reduced.", id)
	}
	t.s.Fight.Steps--
}

// morale is a morale check (2.5.3): 2d6 + morale + SITREP (+ cards) >= 8.
func (t *turn) morale(id string) bool {
	p, d := t.s.Pos, t.r.d
	a, b := roll2(t.dc)
	m := p.Factor(d, id, 2)
	sit := p.SITREP(d)
	cm, why := p.Mods.DRM("morale")
	total := a + b + m + sit + cm
	ok := total >= d.Tables.MoraleCheck.Success
	t.say("Morale check %s: dice %d+%d%+d morale%+d SITREP%s = %d: %s.", id, a, b, m, sit, joinWhy(why), total, map[bool]string{true: "passed", false: "failed"}[ok])
	return ok
}

// run carries a fight through its stages until it needs the player or
// ends.
func (t *turn) run() {
	s := t.s
	if s.Fight != nil && s.Fight.Raid {
		t.runRaid()
		return
	}
	for s.Fight != nil {
		f := s.Fight
		switch f.Stage {
		case "losses":
			for f.Steps > 0 {
				c := t.lossCandidates()
				if len(c) == 0 {
					f.Steps = 0
					break
				}
				if len(c) > 1 {
					s.Step = StepLoss
					t.say("A step loss falls on one of %s (tied on morale and steps): choose with lose <unit>.", codes(c))
					return
				}
				t.loseStep(c[0])
			}
			f.Stage = "effects"
		case "effects":
			t.effects()
			f.Stage = "retreat"
		case "retreat":
			if !t.retreats() {
				return
			}
			f.Stage = "vmcas"
		case "vmcas":
			if f.VMDie == 0 {
				f.VMDie = t.dc.Roll(6)
				t.say("VM casualties die: %d%+d.", f.VMDie, f.VMDRM)
			}
			if f.Rerollable && !f.Rerolled {
				s.Step = StepReroll
				if !s.standingAsks(standReroll) {
					t.rerollByStanding()
				}
				return
			}
			// vmCasualties ends the fight and may open the next one (its
			// own run): nothing more here.
			t.vmCasualties()
			return
		default:
			return
		}
	}
}

// effects applies Dis?, Dis and * (12.3.5.2, 15.1.5, 16.1) and collects
// the R? failures (12.3.5.2).
func (t *turn) effects() {
	f, p, d := t.s.Fight, t.s.Pos, t.r.d
	r := f.Row
	pool := t.pool()
	if r.DisQ {
		for _, id := range pool {
			if f.French || f.Raid {
				if k := d.Unit(id).Kind; k != Infantry && k != Armor {
					continue
				}
			}
			if !p.Units[id].Disrupted && !t.morale(id) {
				p.Units[id].Disrupted = true
				t.say("%s is disrupted.", id)
			}
		}
	}
	if r.Dis && len(pool) > 0 {
		for _, id := range pool {
			p.Units[id].Disrupted = true
		}
		t.say("Every unit is disrupted: %s.", codes(pool))
	}
	if r.Counter {
		for _, id := range f.Arty {
			if !t.morale(id) {
				p.Units[id].Disrupted = true
				t.say("%s is disrupted by VM counter-battery fire.", id)
			}
		}
	}
	if r.RetreatQ && !f.French && !f.Raid {
		for _, id := range pool {
			if k := d.Unit(id).Kind; k != Infantry && k != Armor {
				continue
			}
			if !t.morale(id) {
				f.Retreat = append(f.Retreat, id)
			}
		}
	}
}

// retreatOptions are the adjacent French CR with room for the unit
// (12.3.5.2, RULING L10); none from an encircled CR.
func (t *turn) retreatOptions(id string) []string {
	f, p, d := t.s.Fight, t.s.Pos, t.r.d
	if p.Encircled(d, f.CR) {
		return nil
	}
	var out []string
	for _, cr := range d.Adjacent(f.CR) {
		if p.French(cr) && t.fits(cr, id) {
			out = append(out, cr)
		}
	}
	return out
}

// fits: the unit can join cr within its stacking limit (2.2.1.3).
func (t *turn) fits(cr, id string) bool {
	p, d := t.s.Pos, t.r.d
	inf, as := stackOf(d, p, cr)
	u := d.Unit(id)
	if u.Asset() {
		as++
	} else {
		inf += p.Units[id].Steps
	}
	lim := d.CR(cr).Stack
	return inf <= lim[0] && as <= lim[1]
}

func stackOf(d *Data, p *Position, cr string) (inf, assets int) {
	for _, id := range p.In(cr) {
		if d.Unit(id).Asset() {
			assets++
		} else {
			inf += p.Units[id].Steps
		}
	}
	return
}

// retreats moves the units that failed R? (12.3.5.2): false while the
// player must choose a destination.
func (t *turn) retreats() bool {
	f, p := t.s.Fight, t.s.Pos
	for len(f.Retreat) > 0 {
		id := f.Retreat[0]
		opts := t.retreatOptions(id)
		switch len(opts) {
		case 0:
			t.say("%s cannot retreat (encircled, or no adjacent French CR with room): %s.", id, t.eliminate(id))
		case 1:
			p.Units[id].At = opts[0]
			t.say("%s retreats to %s.", id, t.r.d.CR(opts[0]).Name)
		default:
			t.s.Step = StepRetreat
			t.say("%s must retreat: to %s (retreat <unit> <CR>).", id, strings.Join(opts, ", "))
			return false
		}
		f.Retreat = f.Retreat[1:]
	}
	return true
}

// vmCasualties applies Table 9.2 or 10.2 and the assault's outcome.
func (t *turn) vmCasualties() {
	s, d := t.s, t.r.d
	f, p := s.Fight, s.Pos
	tbl := d.Tables.VMAssaultVM
	if f.French {
		tbl = d.Tables.FrenchAssaultVM
	}
	row := tbl.Find(f.VMDie + f.VMDRM)
	p.AddStrength(d, f.Div, -row.Value)
	if row.CM > 0 {
		p.AddCM(d, row.CM)
	}
	t.say("VM casualties: division %d loses %d (strength now %d)%s%s.", f.Div, row.Value, p.Divs[f.Div].Strength,
		map[bool]string{true: ", +1 CM", false: ""}[row.CM > 0], map[bool]string{true: ", the VM are repulsed (R)", false: ""}[row.Repulsed && f.French])
	for _, id := range f.Arty {
		if inPlay(p.Units[id].At) {
			p.Units[id].Used = true
		}
	}
	if f.French {
		for _, id := range t.pool() {
			p.Units[id].Used = true
		}
		if row.Repulsed {
			c := p.CRs[f.CR]
			c.VM, c.Fort = 0, 1
			t.say("%s is retaken from division %d (15.1.6): its fortifications are 1; occupy it (occupy <unit>) or leave it to No Man's Land (done).", d.CR(f.CR).Name, f.Div)
			s.Step = StepExploit
			f.Stage = "exploit"
			return
		}
		t.say("The assault on %s fails: the attackers stay in their CR, used (15.1.6).", d.CR(f.CR).Name)
		s.Fight = nil
		s.Step = StepAssault
		return
	}
	if !p.Occupied(d, f.CR) {
		what := d.capture(p, f.CR, f.Div)
		p.CRs[f.CR].Fort = 1
		if what != "" {
			what = ": " + what
		}
		t.say("%s falls to division %d; its fortifications are 1 (12.3.5.2)%s.", d.CR(f.CR).Name, f.Div, what)
	} else {
		t.say("%s holds.", d.CR(f.CR).Name)
	}
	s.Fight = nil
	if t.suddenDeath() {
		return
	}
	t.nextAssault()
}

// openVMAssault is 12.3.5: on turn 1 it is resolved at once (no CAS and
// no artillery then, 12.3.5.1); later the player is asked.
func (t *turn) openVMAssault(a Assault) {
	s, p := t.s, t.s.Pos
	f := &Fight{Div: a.Div, CR: a.CR, Stage: "prepare"}
	for _, id := range p.In(a.CR) {
		if id == "1 GAACEO" || t.r.d.Unit(id).Kind == AAAUnit {
			f.Rerollable = true
		}
	}
	s.Fight = f
	t.marks = append(t.marks, markAssault(a.CR))
	if p.Turn == 1 {
		t.resolveVM()
		return
	}
	s.Step = StepDefend
	if !s.standingAsks(standDefend) {
		t.defendByStanding()
	}
}

func markAssault(cr string) adjudicator.Mark { return adjudicator.Mark{Kind: "assault", At: cr} }

// resolveVM is 12.3.5.2's roll on Table 9 and 9.1.
func (t *turn) resolveVM() {
	s, d := t.s, t.r.d
	f, p := s.Fight, s.Pos
	if n, _ := p.Mods.DRM("first_assault_strength"); n != 0 {
		p.AddStrength(d, f.Div, n)
		t.say("Division %d %+d strength before its assault (%s).", f.Div, n, modSource(p.Mods, "first_assault_strength"))
		var keep Mods
		for _, m := range p.Mods {
			if m.Roll != "first_assault_strength" {
				keep = append(keep, m)
			}
		}
		p.Mods = keep
	}
	p.Divs[f.Div].Assaulted = true
	s.AssaultedVM = true
	sit := p.SITREP(d)
	def := 0
	for _, id := range p.In(f.CR) {
		def += p.Factor(d, id, 1)
	}
	arty := 0
	for _, id := range f.Arty {
		arty += p.Factor(d, id, 1)
	}
	enc := 0
	if p.Encircled(d, f.CR) {
		enc = -1
	}
	m, why := p.Mods.DRM("vm_assault")
	str := p.Divs[f.Div].Strength
	drm := sit + def + f.CAS + arty + p.CRs[f.CR].Fort + enc - str + m
	a, b := roll2(t.dc)
	row := d.Tables.VMAssault.Find(a + b + drm)
	t.say("Division %d assaults %s (12.3.5.2): dice %d+%d, DRM %+d SITREP %+d defenders %+d CAS %+d artillery %+d fortifications%s -%d strength%s = %d: French casualties %+d, VM casualties %+d (Table 9).",
		f.Div, d.CR(f.CR).Name, a, b, sit, def, f.CAS, arty, p.CRs[f.CR].Fort, map[bool]string{true: " -1 encircled", false: ""}[enc != 0], str, joinWhy(why), a+b+drm, row.Value, row.VM)
	die := t.dc.Roll(6)
	fr := d.Tables.VMAssaultFrench.Find(die + row.Value)
	t.say("French casualties: die %d%+d = %d: %s (Table 9.1).", die, row.Value, die+row.Value, rowText(fr))
	f.Row, f.Steps, f.VMDRM, f.Stage = fr, fr.Steps, row.VM, "losses"
	t.run()
}

func rowText(r Row) string {
	var p []string
	if r.Steps > 0 {
		p = append(p, fmt.Sprintf("%d step(s)", r.Steps))
	}
	if r.Dis {
		p = append(p, "Dis")
	}
	if r.DisQ {
		p = append(p, "Dis?")
	}
	if r.RetreatQ {
		p = append(p, "R?")
	}
	if r.Counter {
		p = append(p, "*")
	}
	if len(p) == 0 {
		return "no effect"
	}
	return strings.Join(p, " ")
}
