package tonkin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// A combat under way (6.4-6.17) that may stop for a choice the rules give
// the side attacked: retreat before combat (6.5), the ambush and its
// target (6.11), the morale leader (6.9), retreat after combat instead of
// a step (6.14), which unit takes a step (6.13) and a garrison's
// substitute loss (6.7). The side is asked unless its private standing
// order answers (RULINGS T22); the fight then goes on from where it
// stopped, with the dice in the same order either way.

// Combat is the combat under way, kept in the state between the orders
// of a fight: what was declared, the next step of its resolution and the
// question put to a side.
type Combat struct {
	Kind   string   `json:"kind"`             // "attack", "overrun" or "barrage"
	Side   string   `json:"side"`             // the attacker
	Target string   `json:"target"`           // the hex attacked
	Att    []string `json:"att,omitempty"`    // the participating attackers
	Spirit bool     `json:"spirit,omitempty"` // 6.12: Bolshevik spirit
	Lead   string   `json:"lead,omitempty"`   // the attacker's morale leader, named in its order
	Points int      `json:"points"`           // operation points the option costs, spent when the fight ends (6.3)
	Note   string   `json:"note"`             // the announcement of those points, %d the points left
	Stage  string   `json:"stage"`            // the next step: evade, ambush, lead, roll, retreat, losses, garrison, after, done
	Ask    string   `json:"ask,omitempty"`    // the question put to Asked: evade, ambush, lead, retreat, loss, garrison
	Asked  string   `json:"asked,omitempty"`  // the side asked
	// After the dice: the defender's leader until it has taken its first
	// step (6.9), the steps it still loses (6.13), the hits left for a
	// garrison (6.7), the hex it retreats to after its losses (6.14),
	// whether the dice were rolled, and whether the defender lost a step
	// (3.4: "loses at least 1 step (not just retreats)", RULINGS T72).
	DefLead string `json:"def_lead,omitempty"`
	Steps   int    `json:"steps,omitempty"`
	GarHits int    `json:"gar_hits,omitempty"`
	Retreat string `json:"retreat,omitempty"`
	Fought  bool   `json:"fought,omitempty"`
	Lost    bool   `json:"lost,omitempty"`
	Extra   bool   `json:"extra,omitempty"`  // 6.17: only the defender is Desorg: an extra step if it stays
	Closed  bool   `json:"closed,omitempty"` // a barraged VM stack in forest stays closed (RULINGS T27)
	// 6.4: an airdrop overrun, and the rounds the FEF fights on while
	// the VM holds (-1: while it has points; RULINGS T57).
	Airdrop bool   `json:"airdrop,omitempty"`
	From    string `json:"from,omitempty"` // the airstrip
	Rounds  int    `json:"rounds,omitempty"`
	// 6.4: an overrun inside a move (RULINGS T62): the rest of its path,
	// the hexes of it still to overrun, and the units moving along.
	Move  bool     `json:"move,omitempty"`
	Path  []string `json:"path,omitempty"`
	Over  []string `json:"over,omitempty"`
	Along []string `json:"along,omitempty"`
	// Evaded: the units that retreated before combat earlier in this
	// move: 6.5, "VM-groups/GCMA may only retreat once before an overrun".
	Evaded []string `json:"evaded,omitempty"`
	// Slack: for each unit of a move whose path needs an overrun's 3
	// movement points back (RULINGS T62 c), the half points it has to
	// spare after this overrun and each later one, judged as if their 3
	// were not paid (overrunPath); nil when the path was affordable with
	// every 3 paid. Refund: this overrun's 3 are not paid, the hex
	// having been emptied by the flip of dummies and retreats before
	// combat (6.4).
	Slack  map[string][]int `json:"slack,omitempty"`
	Refund bool             `json:"refund,omitempty"`
}

func (p *Combat) clone() *Combat {
	if p == nil {
		return nil
	}
	c := *p
	c.Att = append([]string(nil), p.Att...)
	c.Path = append([]string(nil), p.Path...)
	c.Over = append([]string(nil), p.Over...)
	c.Along = append([]string(nil), p.Along...)
	c.Evaded = append([]string(nil), p.Evaded...)
	c.Slack = cloneSlack(p.Slack)
	return &c
}

// cloneSlack copies a move's slack (RULINGS T62 c), nil kept nil.
func cloneSlack(m map[string][]int) map[string][]int {
	if m == nil {
		return nil
	}
	c := make(map[string][]int, len(m))
	for k, v := range m {
		c[k] = slices.Clone(v)
	}
	return c
}

// defenderSide is the side attacked.
func (p *Combat) defenderSide() string { return other(p.Side) }

// fightOf is the fight's units as they stand now.
func (r *Rules) fightOf(s *State, p *Combat) *fight {
	f := &fight{side: p.Side, target: p.Target, overrun: p.Kind == "overrun", spirit: p.Spirit}
	for _, id := range p.Att {
		if u := s.unit(id); u != nil && onMap(u.Loc) {
			f.att = append(f.att, u)
		}
	}
	if p.Lead != "" {
		f.lead = s.unit(p.Lead)
	}
	return f
}

// startFight declares an attack or overrun (6.4, 6.6), p its points and
// note, and resolves it as far as it goes without a question; the points
// are spent when it ends.
func (r *Rules) startFight(s *State, f *fight, p *Combat, dice adjudicator.Dice, ev *events) {
	p.Kind, p.Side, p.Target, p.Spirit, p.Stage = "attack", f.side, f.target, f.spirit, "evade"
	if f.overrun {
		p.Kind = "overrun"
	}
	var names []string
	for _, u := range f.att {
		p.Att = append(p.Att, u.ID)
		names = append(names, u.ID)
	}
	if f.lead != nil {
		p.Lead = f.lead.ID
	}
	verb := "attacks"
	if f.overrun {
		verb = "overruns"
	}
	if f.side == VM {
		// RULINGS T23: a hidden VM unit that attacks is revealed: its
		// strength is in the odds the FEF is told.
		for _, u := range f.att {
			u.Hidden = false
		}
	}
	if p.Airdrop {
		ev.pub("6.4: The FEF airdrops %s onto %s from %s: an overrun.", strings.Join(names, ", "), f.target, p.From)
	} else {
		ev.pub("6.6: %s %s %s from %s with %s.", capital(sideName(f.side)), verb, f.target, r.fromText(f), strings.Join(names, ", "))
	}
	if p.Airdrop {
		ev.mark("assault", "", f.target)
	}
	for _, h := range r.attackHexes(f) {
		if !p.Airdrop {
			ev.mark("assault", h, f.target)
		}
	}
	if f.side == FEF {
		what := "the FEF's attack"
		if f.overrun {
			what = "the FEF's overrun"
		}
		r.reveal(s, f.target, what, false, ev) // RULINGS T27: the attack opens the stack
		if r.Opaque(f.target) {
			// RULINGS T27, T58: at once, so that every question inside
			// the attack (retreat before combat, ambush, leader) is
			// about units the FEF has been shown.
			ev.pub("Basics (Stacking), RULINGS T27: %s opens the VM stack at %s: %s.", what, f.target, r.stackText(s, f.target))
		}
	}
	r.runFight(s, p, dice, ev)
}

// runFight carries the combat on from its stage until it ends or asks.
func (r *Rules) runFight(s *State, p *Combat, dice adjudicator.Dice, ev *events) {
	s.Combat = p
	for p.Ask == "" {
		if s.Phase == PhaseOver {
			s.Combat = nil
			return
		}
		switch p.Stage {
		case "evade":
			r.stageEvade(s, p, ev)
		case "ambush":
			r.stageAmbush(s, p, dice, ev)
		case "lead":
			r.stageLead(s, p)
		case "roll":
			r.stageRoll(s, p, dice, ev)
		case "retreat":
			r.stageRetreat(s, p, ev)
		case "losses":
			r.stageLosses(s, p, ev)
		case "garrison":
			r.stageGarrison(s, p, ev)
		case "after":
			r.stageAfter(s, p, ev)
		default: // "done"
			s.Combat = nil
			if p.Move && r.continueMove(s, p, dice, ev) {
				return // the move goes on to its next overrun (RULINGS T62)
			}
			ev.pub(p.Note, *s.ops(p.Side)-p.Points)
			for range p.Points {
				if s.Phase == PhaseOver || s.Mover != p.Side {
					break
				}
				r.spendPoint(s, dice, ev)
			}
			return
		}
	}
}

// ask puts a question to side, unless its standing order for key answers
// it: the answer, or "" when the side is asked.
func (s *State) ask(p *Combat, side, key, question string) string {
	if v := s.standing(side).get(key); v != "ask" {
		return v
	}
	p.Ask, p.Asked = question, side
	return ""
}

// evaders: the VM-groups and GCMA, not Desorg, that may retreat before
// combat (6.5); none at a garrison's hex. The Pathet Lao, a "group" of
// the counter mix, is not named and stands (RULINGS T75).
func (r *Rules) evaders(s *State, p *Combat) []*Unit {
	if r.garrisonAt(s, p.Target) != "" {
		return nil
	}
	var out []*Unit
	for _, d := range r.defenders(s, p.Side, p.Target) {
		if d.u == nil || d.u.Desorg || slices.Contains(p.Evaded, d.u.ID) {
			continue // 6.5: once before an overrun
		}
		if t := r.typ(d.u); t.Kind == "group" && t.Nationality != "pathet-lao" || t.Nationality == "minority" {
			out = append(out, d.u)
		}
	}
	return out
}

func (r *Rules) stageEvade(s *State, p *Combat, ev *events) {
	def := p.defenderSide()
	if us := r.evaders(s, p); len(us) > 0 {
		if hs := r.retreatHexes(s, def, p.Target, us); len(hs) > 0 {
			switch s.ask(p, def, "evade", "evade") {
			case "":
				return
			case "yes":
				r.evade(s, p, us, hs[0], fmt.Sprintf("%s's standing order", sideName(def)), ev)
			}
		}
	}
	p.Stage = "ambush"
}

// evade: 6.5's retreat before combat.
func (r *Rules) evade(s *State, p *Combat, us []*Unit, to, why string, ev *events) {
	for _, u := range us {
		u.Loc = to
		p.Evaded = append(p.Evaded, u.ID)
	}
	ev.pub("6.5: %s retreats before combat from %s to %s (%s).", unitNames(us), p.Target, to, why)
	ev.mark("retreat", p.Target, to)
	r.railEntry(s, p.defenderSide(), to, ev)
}

// ambushOptions (6.11): the VM units that may ambush (not Desorg, in
// rough, forest or mountain) and the FEF attackers each may pick (not
// GCMA, artillery or an airdropping unit; a VM-group not a Dinassaut).
func (r *Rules) ambushOptions(s *State, p *Combat) (ambushers []*Unit, targets map[string][]*Unit) {
	if p.Side != FEF || p.Airdrop {
		return nil, nil
	}
	switch r.hexes[p.Target].Terrain {
	case "rough", "forest", "rough-forest", "mountain":
	default:
		return nil, nil
	}
	f := r.fightOf(s, p)
	targets = map[string][]*Unit{}
	for _, d := range r.defenders(s, p.Side, p.Target) {
		u := d.u
		if u == nil || u.Desorg || u.Hidden {
			continue
		}
		if k := r.typ(u).Kind; k != "group" && k != "regiment" {
			continue
		}
		var ts []*Unit
		for _, a := range f.att {
			t := r.typ(a)
			if t.Nationality == "minority" || t.Kind == "artillery" || t.Kind == "naval" && r.typ(u).Kind == "group" {
				continue
			}
			ts = append(ts, a)
		}
		if len(ts) > 0 {
			ambushers = append(ambushers, u)
			targets[u.ID] = ts
		}
	}
	return ambushers, targets
}

// stageAmbush: a hex left empty by the retreat before combat is taken
// (6.14); else the VM may ambush (6.11).
func (r *Rules) stageAmbush(s *State, p *Combat, dice adjudicator.Dice, ev *events) {
	f := r.fightOf(s, p)
	defs := r.defenders(s, p.Side, p.Target)
	if len(defs) == 0 || r.defStrength(s, defs) == 0 {
		// 6.4: "You don't have to pay the 3 movement points if the
		// opponent turns out to be a dummy or if the unit retreats
		// before combat": nothing is left of the defender but dummies
		// flipped and units gone before combat (a dump, the HQ or
		// Uncle Ho left to walk over is overrun: RULINGS T62 c)
		p.Refund = p.Move && len(defs) == 0
		r.walkIn(s, f, defs, false, ev)
		p.Stage = "done"
		return
	}
	if ams, ts := r.ambushOptions(s, p); len(ams) > 0 {
		switch s.ask(p, VM, "ambush", "ambush") {
		case "":
			return
		case "yes":
			amb, tgt := ambushPick(ams, ts, r)
			r.ambush(s, p, amb, tgt, dice, ev)
			if p.Stage == "done" {
				return
			}
		}
	}
	p.Stage = "lead"
}

// ambushPick: RULINGS T22's ambush for a standing order or a deadline:
// the unit with the most steps, at the attacker of lowest morale (the
// die's best chance).
func ambushPick(ams []*Unit, ts map[string][]*Unit, r *Rules) (amb, tgt *Unit) {
	amb = ams[0]
	for _, u := range ams[1:] {
		if u.Steps > amb.Steps {
			amb = u
		}
	}
	tgt = ts[amb.ID][0]
	for _, u := range ts[amb.ID][1:] {
		if r.morale(u) < r.morale(tgt) {
			tgt = u
		}
	}
	return amb, tgt
}

// ambush rolls amb's die against tgt (6.11): on its morale or more the
// FEF unit loses a step; on a 6 the ambusher loses one too.
func (r *Rules) ambush(s *State, p *Combat, amb, tgt *Unit, dice adjudicator.Dice, ev *events) {
	d := dice.Roll(6)
	hit := d >= r.morale(tgt)
	out := "misses"
	if hit {
		out = "hits"
	}
	ev.pub("6.11: %s ambushes %s (morale %d): die %d, it %s.", amb.ID, tgt.ID, r.morale(tgt), d, out)
	if hit {
		r.takeLosses(s, FEF, []*Unit{tgt}, tgt, 1, p.Target, false, ev)
	}
	if d == 6 {
		ev.pub("6.11: a 6: the ambusher loses a step as well.")
		r.takeLosses(s, VM, []*Unit{amb}, amb, 1, p.Target, false, ev)
	}
	if len(r.fightOf(s, p).att) == 0 {
		ev.pub("6.11: no attacker is left: the attack on %s ends.", p.Target)
		p.Stage = "done"
	}
}

// leaders: the defenders that may lead the defence (6.9): not a dump,
// the HQ or Uncle Ho.
func (r *Rules) leaders(s *State, p *Combat) []*Unit {
	var out []*Unit
	for _, d := range r.defenders(s, p.Side, p.Target) {
		if d.u != nil && r.typ(d.u).Kind != "dump" && r.typ(d.u).Kind != "hq" && r.typ(d.u).Kind != "leader" {
			out = append(out, d.u)
		}
	}
	return out
}

func (r *Rules) stageLead(s *State, p *Combat) {
	cands := r.leaders(s, p)
	how := "best"
	if len(cands) > 1 {
		if how = s.ask(p, p.defenderSide(), "lead", "lead"); how == "" {
			return
		}
	}
	if dl := r.pickLead(cands, how); dl != nil {
		p.DefLead = dl.ID
	}
	p.Stage = "roll"
}

// stageRoll: odds, modifiers, the dice, Desorg and the attacker's losses
// (6.6-6.12, 6.17).
func (r *Rules) stageRoll(s *State, p *Combat, dice adjudicator.Dice, ev *events) {
	f := r.fightOf(s, p)
	defs := r.defenders(s, f.side, f.target)
	al := f.lead
	if al == nil || !slices.Contains(f.att, al) {
		al = r.pickLead(f.att, "best")
	}
	dl := s.unit(p.DefLead)
	attStr, defStr := 0, r.defStrength(s, defs)
	for _, u := range f.att {
		attStr += r.strength(u)
	}
	col, odds := r.oddsColumn(attStr, defStr)
	defMor := 3 // a garrison leads alone (6.7)
	dlName := "the garrison"
	if dl != nil {
		defMor, dlName = r.morale(dl), dl.ID
	}
	drm := r.morale(al) - defMor
	mods := []string{fmt.Sprintf("morale %s %d against %s %d: %+d", al.ID, r.morale(al), dlName, defMor, drm)}
	if t := r.terrainDRM(r.hexes[f.target].Terrain, 3); t != 0 {
		drm += t
		mods = append(mods, fmt.Sprintf("%s %+d", r.hexes[f.target].Terrain, t))
	}
	if d, txt := r.riverDRM(f, defs); d != 0 && !p.Airdrop {
		drm += d
		mods = append(mods, txt)
	}
	for _, d := range defs {
		if d.u != nil && d.u.Trench || d.garrison != "" && slices.Contains(s.GarrisonTrench, d.garrison) {
			t := r.chartInt("combat_drm", "trench")
			drm += t
			mods = append(mods, fmt.Sprintf("trench %+d", t))
			break
		}
	}
	if hexes := r.attackHexes(f); len(hexes) >= 3 {
		x := r.chartInt("combat_drm", "attack_from_3_hexes")
		drm += x
		mods = append(mods, fmt.Sprintf("from %d hexes %+d", len(hexes), x))
	}
	if f.spirit {
		d := dice.Roll(6)
		drm += d
		mods = append(mods, fmt.Sprintf("Bolshevik spirit (die %d) %+d", d, d))
	}
	capped := r.capDRM(drm)
	a, b := dice.Roll(6), dice.Roll(6)
	roll := a + b + capped
	if roll < 0 {
		roll = 0 // 6.6: a modified -1 is 0
	}
	res := r.combatResult(col, roll)
	ev.pub("6.6: %d against %d (%s): odds %s; modifiers %s = %+d (at most +-3: %+d); dice %d+%d = %d: %s.",
		attStr, defStr, r.defText(defs), odds, strings.Join(mods, ", "), drm, capped, a, b, roll, res)
	al2, dl2 := resultLosses(res)
	// 6.17: Desorg, the attacker's die first.
	attDG, defDG := r.desorgRolls(s, f, defs, res, dice, ev)
	onlyDef := defDG
	for _, d := range defs {
		if d.u != nil && d.u.Desorg {
			onlyDef = true
		}
	}
	attAny := attDG
	for _, u := range f.att {
		attAny = attAny || u.Desorg
	}
	// attacker losses: the leader first (6.9)
	r.takeLosses(s, f.side, f.att, al, al2, f.target, false, ev)
	if f.spirit {
		ev.pub("6.12: the VM loses an extra step for its Bolshevik spirit.")
		r.takeLosses(s, f.side, liveAt(f.att), nil, 1, f.target, false, ev)
	}
	p.Steps, p.Fought, p.Extra = dl2, true, onlyDef && !attAny
	p.Stage = "retreat"
}

// retreaters: the defenders that retreat after combat (6.14): all but
// dumps (left behind) and artillery (eliminated).
func (r *Rules) retreaters(s *State, p *Combat) []*Unit {
	var out []*Unit
	for _, d := range r.defenders(s, p.Side, p.Target) {
		if d.u != nil && r.typ(d.u).Kind != "dump" && r.typ(d.u).Kind != "artillery" {
			out = append(out, d.u)
		}
	}
	return out
}

// stageRetreat: 6.14, the defender may retreat 1 hex instead of taking a
// step (never a garrison, 6.7); else 6.17's extra step for a Desorg
// defender that stays. Then its steps are split between its units and a
// garrison (6.7: the units stacked with it first).
func (r *Rules) stageRetreat(s *State, p *Combat, ev *events) {
	def := p.defenderSide()
	if p.Steps > 0 && r.garrisonAt(s, p.Target) == "" {
		if hs := r.retreatHexes(s, def, p.Target, r.retreaters(s, p)); len(hs) > 0 {
			switch s.ask(p, def, "retreat", "retreat") {
			case "":
				return
			case "yes":
				p.Retreat = hs[0]
			}
		}
	}
	r.settleSteps(s, p, ev)
}

// settleSteps: the steps the defender loses now that it has chosen.
func (r *Rules) settleSteps(s *State, p *Combat, ev *events) {
	switch {
	case p.Retreat != "":
		p.Steps--
	case p.Extra && p.Steps > 0:
		ev.pub("6.17: only the defender is Desorg and it does not retreat: it loses an extra step.")
		p.Steps++
	}
	if g := r.garrisonAt(s, p.Target); g != "" {
		n := 0
		for _, u := range r.leaders(s, p) {
			n += u.Steps
		}
		if p.Steps > n {
			p.GarHits, p.Steps = p.Steps-n, n
		}
	}
	p.Stage = "losses"
}

// lossPool: the units one of which takes the next step (6.13): no
// artillery while anything else is left, save in a barrage.
func (r *Rules) lossPool(s *State, p *Combat) []*Unit {
	var live, pool []*Unit
	for _, u := range r.leaders(s, p) {
		if u.Steps > 0 {
			live = append(live, u)
		}
	}
	if p.Kind == "barrage" {
		return live
	}
	for _, u := range live {
		if r.typ(u).Kind != "artillery" {
			pool = append(pool, u)
		}
	}
	if len(pool) == 0 {
		return live // 6.13: only artillery defends
	}
	return pool
}

// stageLosses takes the defender's steps one at a time: the leader's
// first (6.9), then the unit its side names.
func (r *Rules) stageLosses(s *State, p *Combat, ev *events) {
	for p.Steps > 0 {
		pool := r.lossPool(s, p)
		if len(pool) == 0 && p.Closed {
			// RULINGS T22, T58: the step of a barrage on a closed
			// stack is asked, or taken by the standing order, whatever
			// the stack holds; with nothing there that can lose it,
			// only the VM hears so.
			if how := s.ask(p, p.defenderSide(), "losses", "loss"); how == "" {
				return
			}
			r.loseNone(s, p, ev)
			continue
		}
		if len(pool) == 0 {
			p.Steps = 0
			break
		}
		var u *Unit
		if l := s.unit(p.DefLead); l != nil && slices.Contains(pool, l) {
			u, p.DefLead = l, ""
		} else if len(pool) == 1 && !p.Closed {
			u = pool[0]
		} else {
			how := s.ask(p, p.defenderSide(), "losses", "loss")
			if how == "" {
				return
			}
			u = r.pickLoss(pool, how)
		}
		r.loseOne(s, p, u, ev)
	}
	p.Stage = "garrison"
}

// pickLoss: the unit with the most steps left, or the fewest; ties by id.
func (r *Rules) pickLoss(pool []*Unit, how string) *Unit {
	u := pool[0]
	for _, x := range pool[1:] {
		if how == "fewest" && x.Steps < u.Steps || how != "fewest" && x.Steps > u.Steps {
			u = x
		}
	}
	return u
}

// loseOne: a step of the defender's; a closed forest stack stays closed
// while the unit lives (RULINGS T27, T58).
func (r *Rules) loseOne(s *State, p *Combat, u *Unit, ev *events) {
	p.Steps--
	p.Lost = true
	if p.Closed && u.Steps > 1 {
		u.Steps--
		ev.pub("6.13: the VM stack at %s takes the barrage's step loss.", u.Loc)
		ev.mark("loss", "", u.Loc)
		ev.to(VM, "6.13: %s loses a step (now %s).", u.ID, valuesText(r.values(u)))
		return
	}
	r.loseStep(s, u, ev)
}

// loseNone: the step of a barrage on a closed stack that holds nothing
// that can lose one (Uncle Ho, dumps): announced as any other (RULINGS
// T58), the VM told that nothing lost it.
func (r *Rules) loseNone(s *State, p *Combat, ev *events) {
	p.Steps--
	ev.pub("6.13: the VM stack at %s takes the barrage's step loss.", p.Target)
	ev.mark("loss", "", p.Target)
	ev.to(VM, "6.13: nothing at %s can lose a step (Uncle Ho, the HQ and supply dumps have none): no step is lost.", p.Target)
}

// stageGarrison: a garrison's hits (6.7): at a single hit the FEF may
// take the step from another FEF unit within 3 hexes.
func (r *Rules) stageGarrison(s *State, p *Combat, ev *events) {
	if p.GarHits > 0 {
		g := r.garrisonAt(s, p.Target)
		if g == "" {
			p.GarHits = 0
		} else if p.GarHits == 1 && len(r.substitutes(s, p.Target)) > 0 {
			switch s.ask(p, FEF, "garrison", "garrison") {
			case "":
				return
			case "substitute":
				r.substituteLoss(s, g, r.substitutes(s, p.Target)[0], "the FEF's standing order", ev)
				p.GarHits = 0
			}
		}
		if p.GarHits > 0 {
			r.garrisonDies(s, g, ev)
			p.GarHits, p.Lost = 0, true
		}
	}
	if p.Retreat != "" {
		r.retreatAfter(s, p.defenderSide(), p.Target, p.Retreat, ev)
		p.Retreat = ""
	}
	p.Stage = "after"
}

// stageAfter: the hex is cleared and the attackers advance, or the
// defender holds (6.4, 6.14).
func (r *Rules) stageAfter(s *State, p *Combat, ev *events) {
	p.Stage = "done"
	if p.Kind == "barrage" {
		return
	}
	f := r.fightOf(s, p)
	defs := r.defenders(s, f.side, f.target)
	switch {
	case len(defs) == 0 || r.defStrength(s, defs) == 0:
		r.walkIn(s, f, defs, p.Lost, ev)
	case p.Airdrop && len(f.att) > 0:
		r.airdropHeld(s, p, f, ev)
	case f.overrun && len(f.att) > 0:
		ev.pub("6.4: the defender holds %s: the overrunning units stay at %s.", f.target, r.fromText(f))
	}
}

// The answers: the orders of the side asked.

// askText is the question and the answer a deadline takes: the word the
// standing order would (RULINGS T22). Both are public, so they name no
// counter of a VM stack the FEF cannot look into (T16): the units are in
// the VM's legal orders only.
func (r *Rules) askText(s *State, p *Combat) (decision, def string) {
	who := sideName(p.Asked)
	// issue 30, item 3: hexes named with their town (public map data)
	at := fmt.Sprintf("%s's %s of %s", capital(sideName(p.Side)), p.Kind, r.placeName(p.Target))
	places := func(hs []string) []string {
		out := make([]string, len(hs))
		for i, h := range hs {
			out[i] = r.placeName(h)
		}
		return out
	}
	names := func(us []*Unit) string {
		if p.Closed || p.Asked == VM && r.Opaque(p.Target) {
			return "the VM's units there"
		}
		var ws []string
		for _, u := range us {
			ws = append(ws, token(u.ID))
		}
		return listOr(ws)
	}
	switch p.Ask {
	case "evade":
		return fmt.Sprintf("6.5: %s: %s decides whether its VM-groups and GCMA there (%s) retreat 1 hex before combat: `evade <hex>` (%s), `evade yes` (the first of them) or `evade no`; `standing evade no|yes` answers for you next time",
			at, who, names(r.evaders(s, p)), listOr(places(r.retreatHexes(s, p.Asked, p.Target, r.evaders(s, p))))), "evade no"
	case "ambush":
		return fmt.Sprintf("6.11: %s: the VM may ambush one of the attackers: `ambush <VM unit> <FEF unit>`, `ambush yes` (its unit with the most steps at the attacker of lowest morale) or `ambush no`; `standing ambush yes|no` answers for you next time", at), "ambush yes"
	case "lead":
		return fmt.Sprintf("6.9: %s: %s names the unit that leads the defence and takes its first loss: `lead <unit>` (%s), `lead best` (the best morale) or `lead steps` (the most steps); `standing lead best|steps` answers for you next time", at, who, names(r.leaders(s, p))), "lead best"
	case "retreat":
		return fmt.Sprintf("6.14: %s: %s loses %d step(s): retreat 1 hex instead of one of them (`retreat <hex>`: %s; `retreat yes`: the first) or take them all (`retreat no`); `standing retreat no|yes` answers for you next time",
			at, who, p.Steps, listOr(places(r.retreatHexes(s, p.Asked, p.Target, r.retreaters(s, p))))), "retreat no"
	case "loss":
		return fmt.Sprintf("6.13: %s: %s loses %d more step(s): `loss <unit>` names the one that takes the next (%s), `loss most` or `loss fewest` the one with the most or fewest steps left; `standing losses most|fewest` answers for you next time", at, who, p.Steps, names(r.lossPool(s, p))), "loss most"
	case "garrison":
		var ws []string
		for _, u := range r.substitutes(s, p.Target) {
			ws = append(ws, token(u.ID))
		}
		return fmt.Sprintf("6.7: %s: the garrison takes one hit: an FEF unit within 3 hexes may lose a step instead (`garrison <unit>`: %s; `garrison substitute`: the one with the most steps, then the nearest), or the garrison dies (`garrison die`); `standing garrison substitute|die` answers for you next time", at, listOr(ws)), "garrison substitute"
	}
	return "", ""
}

// answerChoices: the answers to the question put, for the legal tree:
// the standing order's words, and the units or hexes they choose among.
func (r *Rules) answerChoices(s *State, p *Combat) []adjudicator.Choice {
	one := func(word string, ws []string, words ...string) []adjudicator.Choice {
		c := adjudicator.Choice{Word: word}
		for _, w := range append(ws, words...) {
			c.Next = append(c.Next, adjudicator.Choice{Word: w, Complete: true})
		}
		return []adjudicator.Choice{c}
	}
	tokens := func(us []*Unit) []string {
		var ws []string
		for _, u := range us {
			ws = append(ws, token(u.ID))
		}
		return ws
	}
	switch p.Ask {
	case "evade":
		return one("evade", r.retreatHexes(s, p.Asked, p.Target, r.evaders(s, p)), "no")
	case "ambush":
		c := adjudicator.Choice{Word: "ambush"}
		ams, ts := r.ambushOptions(s, p)
		for _, a := range ams {
			n := adjudicator.Choice{Word: token(a.ID)}
			for _, t := range ts[a.ID] {
				n.Next = append(n.Next, adjudicator.Choice{Word: token(t.ID), Complete: true})
			}
			c.Next = append(c.Next, n)
		}
		c.Next = append(c.Next, adjudicator.Choice{Word: "yes", Complete: true}, adjudicator.Choice{Word: "no", Complete: true})
		return []adjudicator.Choice{c}
	case "lead":
		return one("lead", tokens(r.leaders(s, p)), "best")
	case "retreat":
		return one("retreat", r.retreatHexes(s, p.Asked, p.Target, r.retreaters(s, p)), "no")
	case "loss":
		return one("loss", tokens(r.lossPool(s, p)), "most")
	case "garrison":
		return one("garrison", tokens(r.substitutes(s, p.Target)), "substitute", "die")
	}
	return nil
}

// answerOrder: the side asked answers (6.5, 6.7, 6.9, 6.11, 6.13, 6.14),
// and the fight goes on. Each question also takes its standing order's
// words (`evade yes`, `ambush yes`, `lead best`, `loss most`, `garrison
// substitute`...), which choose as the standing order would.
func (r *Rules) answerOrder(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	p := s.Combat
	dec := func() string { d, _ := r.askText(s, p); return d } // for a refusal only
	if verb != p.Ask {
		return fail("%q is not the answer asked for: %s", verb, dec())
	}
	if len(args) != 1 && !(p.Ask == "ambush" && len(args) == 2) {
		// issue 30, item 8: `lead 2/3 REI` is written `lead 2/3_REI`
		hint := spacedHint(s, side, args, 0)
		if hint == "" && p.Ask == "ambush" {
			hint = spacedHint(s, FEF, args, 1)
		}
		return fail("the answer takes one word%s: %s", hint, dec())
	}
	w := strings.ToLower(args[0])
	pickUnit := func(us []*Unit) *Unit {
		u := s.findUnit(side, args[0])
		if u == nil || !slices.Contains(us, u) {
			return nil
		}
		return u
	}
	choice := fmt.Sprintf("%s's choice", sideName(side))
	switch p.Ask {
	case "evade":
		us := r.evaders(s, p)
		hs := r.retreatHexes(s, side, p.Target, us)
		switch {
		case w == "no":
			ev.pub("6.5: %s stands at %s.", sideName(side), p.Target)
		case w == "yes" && len(hs) > 0:
			r.evade(s, p, us, hs[0], choice, ev)
		case slices.Contains(hs, w):
			r.evade(s, p, us, w, choice, ev)
		default:
			return fail("6.5: they cannot retreat to %q: %s", args[0], dec())
		}
		p.Stage = "ambush"
	case "ambush":
		p.Stage = "lead"
		ams, ts := r.ambushOptions(s, p)
		switch {
		case w == "no" && len(args) == 1:
			ev.pub("6.11: the VM does not ambush.")
		case w == "yes" && len(args) == 1 && len(ams) > 0:
			amb, tgt := ambushPick(ams, ts, r)
			r.ambush(s, p, amb, tgt, dice, ev)
		default:
			amb := pickUnit(ams)
			if amb == nil || len(args) != 2 {
				return fail("6.11: `ambush <VM unit> <FEF unit>`: the ambusher is a VM-group or regiment in the hex, not Desorg: %s", dec())
			}
			tgt := s.findUnit(FEF, args[1])
			if tgt == nil || !slices.Contains(ts[amb.ID], tgt) {
				return fail("6.11: %s may ambush %s, not %q (not GCMA, artillery or an airdropping unit; a VM-group not a Dinassaut)", amb.ID, unitNames(ts[amb.ID]), args[1])
			}
			r.ambush(s, p, amb, tgt, dice, ev)
		}
	case "lead":
		u := r.pickLead(r.leaders(s, p), w)
		if w != "best" && w != "steps" {
			u = pickUnit(r.leaders(s, p))
		}
		if u == nil {
			return fail("6.9: %q is not one of the units defending %s: %s", args[0], p.Target, dec())
		}
		p.DefLead, p.Stage = u.ID, "roll"
	case "retreat":
		hs := r.retreatHexes(s, side, p.Target, r.retreaters(s, p))
		switch {
		case w == "no":
		case w == "yes" && len(hs) > 0:
			p.Retreat = hs[0]
		case slices.Contains(hs, w):
			p.Retreat = w
		default:
			return fail("6.14: the defender cannot retreat to %q: %s", args[0], dec())
		}
		r.settleSteps(s, p, ev)
	case "loss":
		pool := r.lossPool(s, p)
		var u *Unit
		if len(pool) == 0 && p.Closed && (w == "most" || w == "fewest") {
			r.loseNone(s, p, ev)
			break
		}
		if (w == "most" || w == "fewest") && len(pool) > 0 {
			u = r.pickLoss(pool, w)
		} else {
			u = pickUnit(pool)
		}
		if u == nil {
			return fail("6.13: %q cannot take this step: %s", args[0], dec())
		}
		r.loseOne(s, p, u, ev)
	case "garrison":
		g := r.garrisonAt(s, p.Target)
		subs := r.substitutes(s, p.Target)
		switch {
		case w == "die" || w == "no":
			r.garrisonDies(s, g, ev)
		case w == "substitute" && len(subs) > 0:
			r.substituteLoss(s, g, subs[0], choice, ev)
		default:
			u := pickUnit(subs)
			if u == nil {
				return fail("6.7: %q is not an FEF unit within 3 hexes of %s that may lose the step: %s", args[0], p.Target, dec())
			}
			r.substituteLoss(s, g, u, choice, ev)
		}
		p.GarHits = 0
	}
	p.Ask, p.Asked = "", ""
	r.runFight(s, p, dice, ev)
	return nil
}

// validCombat: a combat read back from storage names what the data and
// the state know, at a stage and question the resolution has (a forged
// or damaged record is refused, not played).
func (r *Rules) validCombat(s *State) error {
	p := s.Combat
	if p == nil {
		return nil
	}
	if !opsPhase(s.Phase) || s.Step != StepPoints {
		return fmt.Errorf("outside an operation phase's points")
	}
	if p.Kind != "attack" && p.Kind != "overrun" && p.Kind != "barrage" || p.Side != FEF && p.Side != VM {
		return fmt.Errorf("kind %q, side %q", p.Kind, p.Side)
	}
	if _, ok := r.hexes[p.Target]; !ok {
		return fmt.Errorf("target %q", p.Target)
	}
	if !slices.Contains([]string{"evade", "ambush", "lead", "roll", "retreat", "losses", "garrison", "after", "done"}, p.Stage) {
		return fmt.Errorf("stage %q", p.Stage)
	}
	if p.Ask != "" && (!slices.Contains([]string{"evade", "ambush", "lead", "retreat", "loss", "garrison"}, p.Ask) || p.Asked != FEF && p.Asked != VM) {
		return fmt.Errorf("question %q to %q", p.Ask, p.Asked)
	}
	for _, h := range append(append([]string{}, p.Path...), p.Over...) {
		if _, ok := r.hexes[h]; !ok {
			return fmt.Errorf("path hex %q", h)
		}
	}
	for _, id := range append(append(append(append([]string{}, p.Att...), p.Along...), p.Evaded...), p.Lead, p.DefLead) {
		if id != "" && s.unit(id) == nil {
			return fmt.Errorf("unknown unit %q", id)
		}
	}
	if _, ok := r.hexes[p.Retreat]; p.Retreat != "" && !ok {
		return fmt.Errorf("retreat to %q", p.Retreat)
	}
	if p.Points < 0 || p.Points > 2 || p.Steps < 0 || p.Steps > 10 || p.GarHits < 0 || p.GarHits > 10 || p.Rounds < -1 || p.Rounds > 10 || strings.Count(p.Note, "%") != 1 {
		return fmt.Errorf("points %d, steps %d, hits %d, rounds %d, note %q", p.Points, p.Steps, p.GarHits, p.Rounds, p.Note)
	}
	return nil
}

// stackText names the VM counters at hex with their values (a stack
// opened by an attack, RULINGS T27).
func (r *Rules) stackText(s *State, hex string) string {
	var out []string
	for _, u := range s.Units {
		if u.Side != VM || u.Loc != hex {
			continue
		}
		switch r.typ(u).Kind {
		case "dump", "hq", "leader", "dummy":
			out = append(out, u.ID)
		default:
			out = append(out, fmt.Sprintf("%s (%s)", u.ID, valuesText(r.values(u))))
		}
	}
	return listOr(out)
}
