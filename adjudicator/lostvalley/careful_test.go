package lostvalley

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// careful is the careful player used to measure the deck and tables
// (issue 28: "a careful one can [win]"). It plays as a thoughtful
// commander would, phase by phase:
//
//   - events: Reserve cards kept while the hand has room and played when
//     they help (the lull when the divisions are strong, morale cards when
//     the CM is low, the others at once);
//   - air: DAS on the strongest active division when there are ASP to
//     spare, SEAD when the flak is heavy, the rest kept for CAS;
//   - supply: rationing when RP run low and CM can afford it, delaying a
//     reinforcement when RP are short, boosting a sagging CM;
//   - VM assaults: the ASP and the guns shared among the turn's assaults,
//     the artillery paid for while RP last, the GAACEO re-roll on a low die;
//   - reinforcements landed at Huguette (or out of the drop zones), a
//     Bataillon de Marche raised where the VM will strike;
//   - movement: units from the rear to the CR the VM can reach, PC GONO
//     kept with a battalion;
//   - counter-attacks on a CR held by a worn division with good odds, the
//     retaken CR occupied;
//   - raids from weak front-line CR, fortifications behind the line, the
//     airstrip repaired.
func careful(ru *Rules, s *State, r *rand.Rand, tree []adjudicator.Choice) string {
	os := adjudicator.Orders(adjudicator.WithoutStanding(tree))
	legal := map[string]bool{}
	for _, o := range os {
		legal[o] = true
	}
	pick := func(prefixes ...string) string {
		for _, p := range prefixes {
			for i := len(os) - 1; i >= 0; i-- {
				if strings.HasPrefix(os[i], p) {
					return os[i]
				}
			}
		}
		return ""
	}
	try := func(cands ...string) string {
		for _, c := range cands {
			if legal[c] {
				return c
			}
		}
		return ""
	}
	c := &carer{r: ru, d: ru.d, s: s, t: &turn{r: ru, s: s}}
	var o string
	switch s.Step {
	case StepEvents:
		o = c.events(try, pick)
	case StepAir:
		o = c.air(try)
	case StepSupply:
		o = c.supply(try)
	case StepMorale:
		o = c.morale(try)
	case StepDefend:
		o = c.defend(try)
	case StepReroll:
		if s.Fight != nil && s.Fight.VMDie+s.Fight.VMDRM <= 3 {
			o = "reroll"
		} else {
			o = "accept"
		}
	case StepRetreat:
		o = c.retreat(try)
	case StepReinforce:
		o = c.reinforce(try, pick)
	case StepMove:
		o = c.move(try, pick)
	case StepAssault:
		o = c.assault(try)
	case StepExploit:
		o = c.exploit(try)
	case StepOps:
		o = c.ops(try)
	}
	if o == "" || !legal[o] {
		o = pick("done", "resolve", "accept", "lose ", "retreat ", "launch", "cancel")
	}
	if o == "" {
		o = adjudicator.RandomOrder(r, adjudicator.WithoutStanding(tree))
	}
	return o
}

type carer struct {
	r *Rules
	d *Data
	s *State
	t *turn
}

type tryFn func(...string) string
type pickFn func(...string) string

func (c *carer) events(try tryFn, pick pickFn) string {
	s, p, d := c.s, c.s.Pos, c.d
	if o := try("draw"); o != "" {
		return o
	}
	held := len(s.Cards.Hand)
	if s.Drawn != 0 && !s.Kept {
		held--
	}
	if card := d.Card(s.Drawn); card != nil && card.Reserve && !s.Kept && !s.Played {
		if held < p.HandSize(d) && !c.wantNow(card) {
			if o := try("keep"); o != "" {
				return o
			}
		}
		if o := try("play"); o != "" {
			return o
		}
		if o := try("keep"); o != "" && held < p.HandSize(d) {
			return o
		}
	}
	for _, n := range s.Cards.Hand {
		if n != s.Drawn && c.wantNow(d.Card(n)) {
			if o := try(fmt.Sprintf("reserve %d", n)); o != "" {
				return o
			}
		}
	}
	if held > p.HandSize(d) {
		return pick("discard ")
	}
	return try("done")
}

// wantNow: a Reserve card worth playing this turn.
func (c *carer) wantNow(card *Card) bool {
	p := c.s.Pos
	for _, e := range card.Effects {
		switch {
		case e == "no_vm_assault":
			strong := 0
			for _, v := range p.Divs {
				if v.Active && v.Strength >= 9 {
					strong++
				}
			}
			return strong >= 2 || p.Turn >= c.s.Last-1
		case strings.HasPrefix(e, "cm "):
			return p.CM <= 13 || p.Turn >= c.s.Last-2
		}
	}
	return true
}

// threatened lists the French CR a division (active or about to be) can
// assault next, by its TAOR (12.3.3).
func (c *carer) threatened() map[string]int {
	p, d := c.s.Pos, c.d
	out := map[string]int{}
	for _, div := range d.DivisionOrder() {
		v := p.Divs[div]
		if !v.Activated && p.Turn < 3 {
			continue
		}
		for _, cr := range d.Targets(p, div) {
			out[cr] = max(out[cr], v.Strength)
		}
	}
	return out
}

func (c *carer) strongestActive() int {
	p, d := c.s.Pos, c.d
	best := 0
	for _, div := range d.DivisionOrder() {
		v := p.Divs[div]
		if v.Active && len(d.Targets(p, div)) > 0 && (best == 0 || v.Strength > p.Divs[best].Strength) {
			best = div
		}
	}
	return best
}

func (c *carer) air(try tryFn) string {
	s, p, d := c.s, c.s.Pos, c.d
	left := c.t.aspLeft()
	aaa := d.Tables.Tracks.AAA.DRM(p.AAA)
	if s.SEAD == 0 && s.DAS == 0 && aaa <= -2 && left >= 4 {
		return try("sead 2")
	}
	if div := c.strongestActive(); div != 0 && s.DAS == 0 && left >= 3 && p.Divs[div].Strength >= 8 {
		n := min(3, left-1)
		return try(fmt.Sprintf("das %d %d", div, n))
	}
	return try("done")
}

func (c *carer) supply(try tryFn) string {
	s, p := c.s, c.s.Pos
	if s.Ration == 0 && p.RP <= 14 && p.CM >= 11 {
		if o := try(fmt.Sprintf("ration %d", min(3, p.CM-10))); o != "" {
			return o
		}
	}
	if s.Delayed == "" && p.RP <= 9 {
		for _, id := range c.t.dueUnits() {
			if o := try("delay " + Code(id)); o != "" {
				return o
			}
		}
	}
	return try("done")
}

func (c *carer) morale(try tryFn) string {
	s, p := c.s, c.s.Pos
	if s.Boost == 0 && p.CM <= 9 && p.RP >= 13 {
		return try(fmt.Sprintf("boost %d", min(3, p.RP-12, 16-p.CM)))
	}
	return try("done")
}

func (c *carer) defend(try tryFn) string {
	s, p, d := c.s, c.s.Pos, c.d
	f := s.Fight
	n := 1
	for _, a := range s.Queue {
		if p.French(a.CR) {
			n++
		}
	}
	if left := c.t.aspLeft(); left > 0 {
		want := (left + n - 1) / n
		if f.CAS < want {
			return try(fmt.Sprintf("cas %d", want-f.CAS))
		}
	}
	el := c.t.artyEligible(f.CR)
	if len(el) > 0 && (s.paid("arty") || (s.AP >= 1 && p.RP >= 7)) {
		// Share the guns: this CR takes its part of the eligible ones.
		free := 0
		for _, u := range d.Units.Units {
			if u.Kind == Artillery && inPlay(p.Units[u.ID].At) && !p.Units[u.ID].Used {
				free++
			}
		}
		want := (free + n - 1) / n
		if len(f.Arty) < want {
			sort.Slice(el, func(i, j int) bool { return p.Factor(d, el[i], 1) > p.Factor(d, el[j], 1) })
			return try("arty " + Code(el[0]))
		}
	}
	return try("resolve")
}

func (c *carer) retreat(try tryFn) string {
	s, p, d := c.s, c.s.Pos, c.d
	f := s.Fight
	if f == nil || len(f.Retreat) == 0 {
		return ""
	}
	opts := c.t.retreatOptions(f.Retreat[0])
	// To the CR with the most room, PC GONO first.
	sort.SliceStable(opts, func(i, j int) bool {
		if opts[i] == d.pc() {
			return true
		}
		ri, _ := stackOf(d, p, opts[i])
		rj, _ := stackOf(d, p, opts[j])
		return d.CR(opts[i]).Stack[0]-ri > d.CR(opts[j]).Stack[0]-rj
	})
	for _, cr := range opts {
		if o := try(fmt.Sprintf("retreat %s %s", Code(f.Retreat[0]), cr)); o != "" {
			return o
		}
	}
	return ""
}

func (c *carer) reinforce(try tryFn, pick pickFn) string {
	p, d := c.s.Pos, c.d
	for _, id := range c.t.dueUnits() {
		if o := try(fmt.Sprintf("drop %s Hu", Code(id))); o != "" && c.t.fits("Hu", id) {
			return o
		}
		if o := pick("drop " + Code(id) + " "); o != "" {
			return o
		}
	}
	th := c.threatened()
	for _, u := range d.Units.Units {
		if u.Branch != "marche" || p.Units[u.ID].At != "holding" || !c.t.raisable() {
			continue
		}
		for _, cr := range c.byNeed(th) {
			if o := try(fmt.Sprintf("raise %s %s", Code(u.ID), cr)); o != "" {
				return o
			}
		}
		break
	}
	return try("done")
}

// byNeed orders the French CR by how much they need troops: threatened
// first (the strongest threat first), then by free room.
func (c *carer) byNeed(th map[string]int) []string {
	p, d := c.s.Pos, c.d
	var crs []string
	for _, cr := range d.Board.CRs {
		if p.French(cr.ID) {
			crs = append(crs, cr.ID)
		}
	}
	sort.SliceStable(crs, func(i, j int) bool {
		a, b := th[crs[i]], th[crs[j]]
		if a != b {
			return a > b
		}
		return c.room(crs[i]) > c.room(crs[j])
	})
	return crs
}

func (c *carer) room(cr string) int {
	inf, _ := stackOf(c.d, c.s.Pos, cr)
	return c.d.CR(cr).Stack[0] - inf
}

func (c *carer) infantryIn(cr string) []string {
	var out []string
	for _, id := range c.s.Pos.In(cr) {
		if c.d.Unit(id).Kind == Infantry {
			out = append(out, id)
		}
	}
	return out
}

// move: drop-zone units out first; then from the rear towards the CR the
// VM can reach, each source keeping a unit (PC GONO two).
func (c *carer) move(try tryFn, pick pickFn) string {
	s, p, d := c.s, c.s.Pos, c.d
	th := c.threatened()
	ids := make([]string, 0, len(p.Units))
	for id := range p.Units {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if c.r.dz(p.Units[id].At) == nil {
			continue
		}
		tg := c.t.moveTargets(id)
		sort.SliceStable(tg, func(i, j int) bool { return th[tg[i]] > th[tg[j]] })
		for _, cr := range tg {
			if c.t.fits(cr, id) {
				if o := try(fmt.Sprintf("move %s %s", Code(id), cr)); o != "" {
					return o
				}
			}
		}
		if len(tg) > 0 {
			if o := try(fmt.Sprintf("move %s %s", Code(id), tg[0])); o != "" {
				return o
			}
		}
	}
	// Over-stacked: a unit moves on to a CR with room if it can, else
	// the least valuable unit goes (a 1-step unit, the lowest morale).
	for _, cr := range c.t.overstacked() {
		in := p.In(cr)
		for _, id := range in {
			for _, to := range c.t.moveTargets(id) {
				if c.t.fits(to, id) {
					if o := try(fmt.Sprintf("move %s %s", Code(id), to)); o != "" {
						return o
					}
				}
			}
		}
		sort.SliceStable(in, func(i, j int) bool {
			a, b := in[i], in[j]
			if va, vb := c.vpWorth(a), c.vpWorth(b); va != vb {
				return va < vb
			}
			return p.Factor(d, a, 2) < p.Factor(d, b, 2)
		})
		inf, as := stackOf(d, p, cr)
		for _, id := range in {
			if (d.Unit(id).Asset() && as > d.CR(cr).Stack[1]) || (!d.Unit(id).Asset() && inf > d.CR(cr).Stack[0]) {
				if o := try("eliminate " + Code(id)); o != "" {
					return o
				}
			}
		}
	}
	if o := pick("eliminate "); o != "" {
		return o
	}
	if !s.paid("move") && s.AP < 2 {
		return try("done")
	}
	for _, id := range ids {
		u, st := d.Unit(id), p.Units[id]
		if u.Kind != Infantry || d.CR(st.At) == nil || th[st.At] > 0 || st.Used {
			continue
		}
		keep := 1
		if st.At == d.pc() {
			keep = 2
		}
		if len(c.infantryIn(st.At)) <= keep {
			continue
		}
		for _, cr := range c.t.moveTargets(id) {
			if th[cr] > 0 && c.t.fits(cr, id) {
				if o := try(fmt.Sprintf("move %s %s", Code(id), cr)); o != "" {
					return o
				}
			}
		}
	}
	return try("done")
}

// vpWorth: a unit's victory points in half points (17.2).
func (c *carer) vpWorth(id string) int {
	u := c.d.Unit(id)
	if u.Kind != Infantry || u.Steps != 2 {
		return 0
	}
	return c.s.Pos.Units[id].Steps
}

// assaultOdds is the French assault's DRM with the attackers and guns
// available (15.1.5), and the attackers.
func (c *carer) assaultOdds(cr string) (int, []string) {
	p, d := c.s.Pos, c.d
	us := c.t.assaulters(cr)
	sort.Slice(us, func(i, j int) bool { return p.Factor(d, us[i], 0) > p.Factor(d, us[j], 0) })
	var with []string
	att := 0
	for _, id := range us {
		if d.Unit(id).Kind == Infantry && c.t.infSteps(append(append([]string(nil), with...), id)) > 6 {
			continue
		}
		if p.Factor(d, id, 0) <= 0 {
			continue
		}
		with = append(with, id)
		att += p.Factor(d, id, 0)
	}
	return p.SITREP(d) + att + c.t.aspLeft() - p.Divs[p.CRs[cr].VM].Strength - 1, with
}

func (c *carer) assault(try tryFn) string {
	s, p := c.s, c.s.Pos
	f := s.Fight
	if f == nil {
		if !s.paid("assault") && (s.AP < 1 || p.Turn >= s.Last) {
			return try("done")
		}
		for _, cr := range c.t.attackTargets() {
			if odds, with := c.assaultOdds(cr); odds >= 1 && len(with) > 0 {
				if o := try("attack " + cr); o != "" {
					return o
				}
			}
		}
		return try("done")
	}
	_, with := c.assaultOdds(f.CR)
	for _, id := range with {
		if !contains(f.Units, id) {
			if o := try("with " + Code(id)); o != "" {
				return o
			}
		}
	}
	if left := c.t.aspLeft(); left > 0 {
		if o := try(fmt.Sprintf("cas %d", left)); o != "" {
			return o
		}
	}
	if p.RP >= 8 || s.paid("assault-arty") {
		for _, id := range c.t.artyEligible(f.CR) {
			if o := try("arty " + Code(id)); o != "" {
				return o
			}
		}
	}
	if len(f.Units) > 0 {
		return try("launch")
	}
	return try("cancel")
}

func (c *carer) exploit(try tryFn) string {
	s, p, d := c.s, c.s.Pos, c.d
	f := s.Fight
	if p.Occupied(d, f.CR) {
		return try("done")
	}
	// The occupier from the CR with the most infantry left behind.
	occ := c.t.occupiers()
	sort.SliceStable(occ, func(i, j int) bool {
		return len(c.infantryIn(p.Units[occ[i]].At)) > len(c.infantryIn(p.Units[occ[j]].At))
	})
	for _, id := range occ {
		if len(c.infantryIn(p.Units[id].At)) > 1 || d.Unit(id).Kind == Armor {
			if o := try("occupy " + Code(id)); o != "" {
				return o
			}
		}
	}
	return try("done")
}

func (c *carer) ops(try tryFn) string {
	s, p, d := c.s, c.s.Pos, c.d
	if f := s.Fight; f != nil && f.Raid {
		if n := len(f.Units); n < 2 {
			if rs := c.raidersBy(f.CR); len(rs) > n {
				if o := try("with " + Code(rs[n])); o != "" {
					return o
				}
			}
		}
		if o := try("launch"); o != "" {
			return o
		}
		return try("cancel")
	}
	if !s.paid("ops") && s.AP < 1 {
		return try("done")
	}
	if p.Airstrip == "damaged" && !s.Repaired {
		if p.RP >= 8 {
			if o := try("repair rp"); o != "" {
				return o
			}
		}
		if o := try("repair"); o != "" {
			return o
		}
	}
	if p.RP >= 12 {
		th := c.threatened()
		for _, cr := range c.byNeed(th) {
			if o := try("fort " + cr); o != "" {
				return o
			}
		}
	}
	for _, cr := range c.t.raidTargets() {
		if p.CRs[cr].Fort >= 3 {
			continue
		}
		div, _ := c.t.raidDivisionGuess(cr)
		rs := c.raidersBy(cr)
		if len(rs) == 0 {
			continue
		}
		mor := 0
		for i, id := range rs {
			if i < 2 {
				mor += p.Factor(d, id, 2)
			}
		}
		if p.SITREP(d)+mor-p.Divs[div].Strength >= -2 {
			if o := try("raid " + cr); o != "" {
				return o
			}
		}
	}
	return try("done")
}

// raidersBy: the infantry that may raid from cr with a positive morale,
// the best first, at most four steps in all (16.1).
func (c *carer) raidersBy(cr string) []string {
	p, d := c.s.Pos, c.d
	var out []string
	for _, id := range c.t.raiders(cr) {
		if d.Unit(id).Kind == Infantry && p.Factor(d, id, 2) > 0 {
			out = append(out, id)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return p.Factor(d, out[i], 2) > p.Factor(d, out[j], 2) })
	var keep []string
	for _, id := range out {
		if c.t.infSteps(append(append([]string(nil), keep...), id)) <= 4 {
			keep = append(keep, id)
		}
	}
	return keep
}

// raidDivisionGuess is raidDivision without its die (the first of the
// closest).
func (t *turn) raidDivisionGuess(cr string) (int, bool) {
	d := t.r.d
	best, dist := 0, 99
	for _, div := range d.DivisionOrder() {
		if n := pathLen(d.taor[div], Start, cr); n >= 0 && n < dist {
			best, dist = div, n
		}
	}
	if best == 0 {
		for _, a := range d.Adjacent(cr) {
			if v := t.s.Pos.CRs[a].VM; v != 0 {
				return v, true
			}
		}
		return d.DivisionOrder()[0], false
	}
	return best, true
}

// nonDefeat: a Draw or better (17.2).
func nonDefeat(level string) bool { return level == "Draw" || strings.HasSuffix(level, "Victory") }
