package lostvalley

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/cards"
)

// order1 dispatches an order by the step awaited.
func (t *turn) order1(f []string) error {
	s := t.s
	if f[0] == adjudicator.StandingWord {
		return t.standingOrder(f)
	}
	switch s.Step {
	case StepEvents:
		return t.eventsOrder(f)
	case StepAir:
		return t.airOrder(f)
	case StepSupply:
		return t.supplyOrder(f)
	case StepMorale:
		return t.moraleOrder(f)
	case StepDefend, StepLoss, StepRetreat, StepReroll, StepExploit:
		return t.fightOrder(f)
	case StepReinforce:
		return t.reinforceOrder(f)
	case StepMove:
		return t.moveOrder(f)
	case StepAssault:
		return t.assaultOrder(f)
	case StepOps:
		return t.opsOrder(f)
	}
	return t.refuse("no order is awaited")
}

func atoi(w string) (int, bool) {
	n, err := strconv.Atoi(w)
	return n, err == nil
}

// ---- A.1-A.3: the event card (5.0, 6.0) ----

// draw is A.1: a card drawn uniformly from the draw pile by a secret roll
// (adjudicator/cards); the discard pile becomes the draw pile when it is
// empty (RULING L9). Its AP are rolled when a range (5.2).
func (t *turn) draw() {
	s := t.s
	s.Paid = append(s.Paid, "draw")
	got, reshuffled := s.Cards.Draw(t.dc, 1, cards.WhenEmpty)
	if reshuffled {
		t.say("The draw pile is empty: the discard pile is shuffled into a new draw pile (RULING L9).")
	}
	if len(got) == 0 {
		t.say("No event card is left to draw: the turn has no card and no Action Points from one.")
		s.Drawn, s.DrawnAP = 0, 0
		return
	}
	c := t.r.d.Card(got[0])
	// The card is in the hand now (cards.Stock); it is "the card drawn".
	s.Drawn, s.Kept, s.Played = c.Number, false, false
	s.DrawnAP = c.AP[0]
	if c.AP[1] > c.AP[0] {
		v := t.dc.Roll(c.AP[1] - c.AP[0] + 1)
		s.DrawnAP = c.AP[0] + v - 1
		t.say("Turn %d: drawn %s. Its Action Points, %d-%d, are rolled: %d.", s.Pos.Turn, t.r.d.Describe(c), c.AP[0], c.AP[1], s.DrawnAP)
	} else {
		t.say("Turn %d: drawn %s.", s.Pos.Turn, t.r.d.Describe(c))
	}
	if !c.Reserve {
		if ok, why := t.condition(c); ok {
			t.playCard(c)
		} else {
			t.say("Its event does not take place: %s (5.3).", why)
		}
	} else if ok, why := t.condition(c); ok {
		t.say("A Reserve card: play it now (play) or keep it in reserve (keep) (5.5).")
	} else {
		t.say("A Reserve card whose condition is not met (%s): keep it (keep) or let it go (done) (5.3, 5.5).", why)
	}
}

// condition checks a card's conditions (5.3).
func (t *turn) condition(c *Card) (bool, string) {
	p := t.s.Pos
	for _, w := range c.Condition {
		k, err := ParseCondition(w)
		if err != nil {
			return false, err.Error()
		}
		switch k.Kind {
		case "turns":
			if p.Turn < k.Lo || p.Turn > k.Hi {
				return false, fmt.Sprintf("only on turns %d-%d", k.Lo, k.Hi)
			}
		case "vm_cr":
			if p.VMCRs() < k.Lo {
				return false, fmt.Sprintf("only with %d or more CR under VM control (%d now)", k.Lo, p.VMCRs())
			}
		case "rp":
			if p.RP > k.Lo {
				return false, fmt.Sprintf("only with RP at %d or less (%d now)", k.Lo, p.RP)
			}
		case "cm":
			if p.CM > k.Lo {
				return false, fmt.Sprintf("only with CM at %d or less (%d now)", k.Lo, p.CM)
			}
		case "airstrip":
			ok := p.Airstrip == k.Word
			if k.Word == "not destroyed" {
				ok = p.Airstrip != "destroyed"
			}
			if k.Word == "active" {
				ok = p.Airstrip == "active" || p.Airstrip == "interdicted"
			}
			if !ok {
				return false, fmt.Sprintf("only with the airstrip %s (it is %s)", k.Word, p.Airstrip)
			}
		}
	}
	return true, ""
}

// playCard carries out an event: levels and units at once, DRMs as
// modifiers for the turn (5.1, RULING L8).
func (t *turn) playCard(c *Card) {
	s, d := t.s, t.r.d
	p := s.Pos
	src := fmt.Sprintf("card %d (%s)", c.Number, c.Title)
	var did []string
	for _, w := range c.Effects {
		e, err := ParseEffect(w, nil)
		if err != nil {
			continue
		}
		switch e.Op {
		case "cm":
			p.AddCM(d, e.N)
			did = append(did, fmt.Sprintf("CM %+d (now %d)", e.N, p.CM))
		case "rp":
			p.AddRP(d, e.N)
			did = append(did, fmt.Sprintf("RP %+d (now %d)", e.N, p.RP))
		case "aaa":
			p.AddAAA(d, e.N)
			did = append(did, fmt.Sprintf("VM AAA %+d (now %d)", e.N, p.AAA))
		case "asp", "ap":
			p.Mods = p.Mods.Add(Mod{Source: src, Roll: e.Op + "_points", N: e.N, Until: UntilTurnEnd})
			did = append(did, fmt.Sprintf("%+d %s this turn", e.N, strings.ToUpper(e.Op)))
		case "strength":
			for _, div := range t.divTargets(e.Target) {
				p.AddStrength(d, div, e.N)
				did = append(did, fmt.Sprintf("division %d strength %+d (now %d)", div, e.N, p.Divs[div].Strength))
			}
			if e.Target == "assaulting" {
				p.Mods = p.Mods.Add(Mod{Source: src, Roll: "first_assault_strength", N: e.N, Until: UntilTurnEnd})
				did = append(did, fmt.Sprintf("the first VM division to assault this turn %+d strength", e.N))
			}
		case "drm":
			p.Mods = p.Mods.Add(Mod{Source: src, Roll: e.Target, N: e.N, Until: UntilTurnEnd})
			did = append(did, fmt.Sprintf("%+d to %s rolls this turn", e.N, e.Target))
		case "fort":
			cr := p.CRs[e.Target]
			if cr != nil && p.French(e.Target) {
				cr.Fort = clamp(cr.Fort+e.N, 0, 4)
				did = append(did, fmt.Sprintf("%s fortifications %+d (now %d)", d.CR(e.Target).Name, e.N, cr.Fort))
			}
		case "unit":
			if u := p.Units[e.Target]; u != nil && u.At == "aside" {
				u.At = fmt.Sprintf("turn %d", p.Turn)
				did = append(did, fmt.Sprintf("%s arrives in this turn's reinforcement phase", e.Target))
			}
		case "no_vm_assault":
			p.Mods = p.Mods.Add(Mod{Source: src, Roll: "no_vm_assault", Until: UntilTurnEnd})
			did = append(did, "no VM assault this turn; the divisions count as not having assaulted (11.1)")
		case "sapping":
			p.Mods = p.Mods.Add(Mod{Source: src, Roll: "sapping_again", Until: UntilTurnEnd})
			did = append(did, "every sapping target of 12.2 is sapped a second time this turn")
		}
	}
	if c.Number == s.Drawn {
		s.Played = true
	}
	if len(did) == 0 {
		did = []string{"no effect beyond its Action Points"}
	}
	t.say("Event %d %q: %s.", c.Number, c.Title, strings.Join(did, "; "))
}

func (t *turn) divTargets(w string) []int {
	p := t.s.Pos
	order := t.r.d.DivisionOrder()
	switch w {
	case "all":
		return order
	case "weakest", "strongest":
		best := order[0]
		for _, v := range order {
			a, b := p.Divs[v].Strength, p.Divs[best].Strength
			if (w == "weakest" && a < b) || (w == "strongest" && a > b) {
				best = v
			}
		}
		return []int{best}
	case "assaulting":
		return nil
	}
	if n, ok := atoi(w); ok && p.Divs[n] != nil {
		return []int{n}
	}
	return nil
}

func (t *turn) eventsOrder(f []string) error {
	s, d := t.s, t.r.d
	if !s.paid("draw") && f[0] != "draw" {
		return t.refuse("draw the turn's event card first: draw")
	}
	switch f[0] {
	case "draw":
		if s.paid("draw") {
			return t.refuse("this turn's card is drawn already")
		}
		t.draw()
		return nil
	case "play":
		c := d.Card(s.Drawn)
		if c == nil || s.Kept || s.Played {
			return t.refuse("no drawn card waits to be played")
		}
		if !c.Reserve {
			return t.refuse("card %d is not a Reserve card: its event took place when drawn", c.Number)
		}
		if ok, why := t.condition(c); !ok {
			return t.refuse("card %d cannot be played: %s", c.Number, why)
		}
		t.playCard(c)
		return nil
	case "keep":
		c := d.Card(s.Drawn)
		if c == nil || s.Kept || s.Played || !c.Reserve {
			return t.refuse("only a drawn Reserve card not played may be kept (5.5)")
		}
		s.Kept = true
		t.say("Card %d %q is kept in reserve.", c.Number, c.Title)
		return nil
	case "reserve":
		if len(f) != 2 {
			return t.refuse("reserve N: play Reserve card N from your hand")
		}
		n, _ := atoi(f[1])
		if !s.Cards.Hand.Has(n) || n == s.Drawn {
			return t.refuse("card %s is not in your Reserve hand (%s)", f[1], pileText(s.Cards.Hand, s.Drawn))
		}
		if s.ReservePlayed != 0 {
			return t.refuse("one Reserve card a turn: card %d was played (5.5)", s.ReservePlayed)
		}
		c := d.Card(n)
		if ok, why := t.condition(c); !ok {
			return t.refuse("card %d cannot be played: %s", n, why)
		}
		s.ReservePlayed = n
		t.playCard(c)
		_ = s.Cards.Play(n, c.OneTime)
		return nil
	case "discard":
		if len(f) != 2 {
			return t.refuse("discard N: drop Reserve card N from your hand (6.1)")
		}
		n, _ := atoi(f[1])
		if !s.Cards.Hand.Has(n) || n == s.Drawn {
			return t.refuse("card %s is not in your Reserve hand (%s)", f[1], pileText(s.Cards.Hand, s.Drawn))
		}
		_ = s.Cards.DiscardCard(n)
		t.say("Card %d is discarded from the Reserve hand.", n)
		return nil
	case "done":
		if s.Drawn != 0 && d.Card(s.Drawn).Reserve && !s.Kept && !s.Played {
			if ok, _ := t.condition(d.Card(s.Drawn)); ok {
				return t.refuse("card %d is a Reserve card: play it or keep it first", s.Drawn)
			}
		}
		held := len(s.Cards.Hand)
		if s.Drawn != 0 && !s.Kept {
			held--
		}
		if lim := s.Pos.HandSize(d); held > lim {
			return t.refuse("the Reserve hand holds %d cards, over its limit of %d (Table 1: %d French CR / 4 rounded up): discard N first (6.1)", held, lim, s.Pos.FrenchCRs())
		}
		t.endEvents()
		return nil
	}
	return t.refuse("%s", t.r.decision(s))
}

func pileText(p cards.Pile, skip int) string {
	var out []string
	for _, c := range p {
		if c != skip {
			out = append(out, strconv.Itoa(c))
		}
	}
	if len(out) == 0 {
		return "empty"
	}
	return "cards " + strings.Join(out, ", ")
}

// endEvents is 6.2 and A.2: the drawn card leaves the hand unless kept,
// the AP are set, then A.4's ASP.
func (t *turn) endEvents() {
	s, d := t.s, t.r.d
	p := s.Pos
	if c := d.Card(s.Drawn); c != nil && !s.Kept {
		switch {
		case c.Reshuffle:
			_ = s.Cards.Play(c.Number, false)
			s.Cards.Discard.Take(c.Number)
			s.Cards.Deck.Add(c.Number)
			s.Cards.Deck.Add(s.Cards.Discard...)
			s.Cards.Discard = nil
			t.say("RESHUFFLE: card %d and the discard pile go back into the draw pile (6.2).", c.Number)
		case c.OneTime && s.Played:
			_ = s.Cards.Play(c.Number, true)
			t.say("Card %d is a one-time event: removed from the game (5.4).", c.Number)
		default:
			_ = s.Cards.Play(c.Number, false)
		}
	}
	apMod, _ := p.Mods.DRM("ap_points")
	s.AP = clamp(s.DrawnAP+s.Saved+apMod, 0, 4)
	t.say("Action Points this turn: %d (card %d, %d saved%s; at most 4, 5.2).", s.AP, s.DrawnAP, s.Saved, modText(apMod))
	s.Saved = 0
	t.airPhase()
}

func modText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", %+d by card", n)
}

// ---- A.4-A.5: air support, airstrip (7.0, 8.0) ----

func (t *turn) airPhase() {
	s, d := t.s, t.r.d
	p := s.Pos
	s.ASP, s.SEAD, s.DAS = 0, 0, 0
	if p.Turn == 1 {
		t.say("No ASP on turn 1 (7.1).")
	} else {
		a, b := roll2(t.dc)
		aaa := d.Tables.Tracks.AAA.DRM(p.AAA)
		m, why := p.Mods.DRM("asp")
		total := a + b + aaa + m
		s.ASP = d.Tables.ASP.Find(total).Value
		add, _ := p.Mods.DRM("asp_points")
		s.ASP = max(0, s.ASP+add)
		t.say("Air support (Table 2): dice %d+%d%+d VM AAA%s = %d: %d ASP.", a, b, aaa, joinWhy(why), total, s.ASP)
	}
	if s.ASP > 0 {
		s.Step = StepAir
		return
	}
	t.airstrip()
}

func joinWhy(why []string) string {
	if len(why) == 0 {
		return ""
	}
	return " " + strings.Join(why, " ")
}

func (t *turn) airOrder(f []string) error {
	s, d := t.s, t.r.d
	p := s.Pos
	left := s.ASP - s.SEAD - s.DAS
	maxN := d.Tables.AirMissions.MaxASP
	switch {
	case f[0] == "sead" && len(f) == 2:
		n, ok := atoi(f[1])
		if s.SEAD > 0 || s.DAS > 0 {
			return t.refuse("SEAD is flown once, before DAS (7.2.2, RULING L2)")
		}
		if !ok || n < 1 || n > min(left, maxN) {
			return t.refuse("sead N with N from 1 to %d (ASP left %d, at most %d a mission type, 7.2)", min(left, maxN), left, maxN)
		}
		s.SEAD = n
		a, b := roll2(t.dc)
		aaa := d.Tables.Tracks.AAA.DRM(p.AAA)
		m, why := p.Mods.DRM("sead")
		total := a + b + aaa + n + m // RULING L16: the flak hinders
		if total >= d.Tables.AirMissions.Success {
			p.AddAAA(d, -1)
		}
		t.say("SEAD with %d ASP (7.2.1): dice %d+%d%+d VM AAA +%d ASP%s = %d: %s.", n, a, b, aaa, n, joinWhy(why), total,
			map[bool]string{true: fmt.Sprintf("VM AAA down to %d", p.AAA), false: "no effect"}[total >= d.Tables.AirMissions.Success])
		return t.airMaybeDone()
	case f[0] == "das" && len(f) == 3:
		div, ok1 := atoi(f[1])
		n, ok2 := atoi(f[2])
		if !ok1 || p.Divs[div] == nil {
			return t.refuse("das <division> N: the division is %s", divList(d.DivisionOrder()))
		}
		if s.paid(fmt.Sprintf("das-%d", div)) {
			return t.refuse("division %d was struck by DAS this turn", div)
		}
		if !ok2 || n < 1 || n > min(left, maxN-s.DAS) {
			return t.refuse("das %d N with N from 1 to %d (ASP left %d, at most %d on DAS, 7.2)", div, min(left, maxN-s.DAS), left, maxN)
		}
		s.DAS += n
		s.Paid = append(s.Paid, fmt.Sprintf("das-%d", div))
		a, b := roll2(t.dc)
		aaa := d.Tables.Tracks.AAA.DRM(p.AAA)
		m, why := p.Mods.DRM("das")
		total := a + b + aaa + n + m // RULING L16
		hit := total >= d.Tables.AirMissions.Success
		if hit {
			p.AddStrength(d, div, -1)
		}
		t.say("DAS on division %d with %d ASP (7.2.2): dice %d+%d%+d VM AAA +%d ASP%s = %d: %s.", div, n, a, b, aaa, n, joinWhy(why), total,
			map[bool]string{true: fmt.Sprintf("strength down to %d", p.Divs[div].Strength), false: "no effect"}[hit])
		return t.airMaybeDone()
	case f[0] == "done" && len(f) == 1:
		t.say("%d ASP kept for Close Air Support (7.2.3).", left)
		t.airstrip()
		return nil
	}
	return t.refuse("%s", t.r.decision(s))
}

func (t *turn) airMaybeDone() error { return nil }

// airstrip is 8.1.
func (t *turn) airstrip() {
	s, d := t.s, t.r.d
	p := s.Pos
	if !p.French("Hu") || p.Airstrip == "destroyed" {
		if p.Airstrip != "destroyed" {
			p.Airstrip = "destroyed"
			p.Mods = p.Mods.airstripMods("destroyed")
			t.say("Huguette is not French: the airstrip is destroyed (8.1).")
		}
	} else {
		a, b := roll2(t.dc)
		drm := 0
		var why []string
		for _, cr := range d.Board.CRs {
			if cr.Bombard && p.CRs[cr.ID].VM != 0 {
				drm--
				why = append(why, "-1 "+cr.Name)
			}
		}
		m, mw := p.Mods.DRM("airstrip")
		total := a + b + drm + m
		res := d.Tables.Airstrip.Find(total).Result
		was := p.Airstrip
		switch res {
		case "destroyed":
			p.Airstrip = "destroyed"
		case "damaged":
			if was == "damaged" {
				p.Airstrip = "destroyed"
			} else {
				p.Airstrip = "damaged"
			}
		case "interdicted":
			if was == "active" {
				p.Airstrip = "interdicted"
			}
		}
		if p.Airstrip != was {
			p.Mods = p.Mods.airstripMods(p.Airstrip)
		}
		t.say("Airstrip status (8.1): dice %d+%d%s%s = %d: %s; the airstrip is %s.", a, b, joinWhy(why), joinWhy(mw), total, res, p.Airstrip)
	}
	s.Step = StepSupply
}

// ---- A.6-A.7: RP and CM (9.0, 10.0) ----

func (t *turn) dueUnits() []string {
	p := t.s.Pos
	var out []string
	for _, u := range t.r.d.Units.Units {
		if n := reinfTurn(p.Units[u.ID].At); n > 0 && n <= p.Turn {
			out = append(out, u.ID)
		}
	}
	return out
}

func reinfTurn(at string) int {
	if v, ok := strings.CutPrefix(at, "turn "); ok {
		n, _ := atoi(v)
		return n
	}
	return 0
}

func (t *turn) supplyOrder(f []string) error {
	s := t.s
	p := s.Pos
	switch {
	case f[0] == "ration" && len(f) == 2:
		n, ok := atoi(f[1])
		if s.Ration > 0 {
			return t.refuse("rationing is decided once a turn (%d CM this turn)", s.Ration)
		}
		if !ok || n < 1 || n > 3 || p.CM-n < 1 {
			return t.refuse("ration N: N from 1 to %d CM (9.1.1: at most 3, and CM must stay at 1 or more)", min(3, p.CM-1))
		}
		s.Ration = n
		p.CM -= n
		t.say("Rationing: CM -%d (now %d) for +%d on the RP roll (9.1.1).", n, p.CM, n)
		return nil
	case f[0] == "delay" && len(f) == 2:
		u := t.r.unitByCode(f[1])
		if s.Delayed != "" {
			return t.refuse("one reinforcement a turn may be delayed (9.1.2): %s is", Code(s.Delayed))
		}
		if u == "" || !contains(t.dueUnits(), u) {
			return t.refuse("delay <unit>: a unit due this turn (%s)", codes(t.dueUnits()))
		}
		s.Delayed = u
		p.Units[u].At = fmt.Sprintf("turn %d", p.Turn+1)
		t.say("%s is delayed to turn %d for +1 on the RP roll (9.1.2).", u, p.Turn+1)
		return nil
	case f[0] == "done" && len(f) == 1:
		t.rpRoll()
		return nil
	}
	return t.refuse("%s", t.r.decision(s))
}

func codes(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	var out []string
	for _, id := range ids {
		out = append(out, Code(id))
	}
	return strings.Join(out, ", ")
}

// rpRoll is 9.2.
func (t *turn) rpRoll() {
	s, d := t.s, t.r.d
	p := s.Pos
	a, b := roll2(t.dc)
	drm := 0
	var why []string
	for _, z := range d.Board.DZs {
		if !t.r.dzFrench(p, z.ID) {
			drm--
			why = append(why, "-1 "+z.ID+" DZ lost")
		}
	}
	if isa := isabelle(d); isa != "" && (p.CRs[isa].VM != 0 || p.Encircled(d, isa)) {
		drm--
		why = append(why, "-1 Isabelle")
	}
	aaa := d.Tables.Tracks.AAA.DRM(p.AAA)
	if aaa != 0 {
		drm += aaa
		why = append(why, fmt.Sprintf("%+d VM AAA", aaa))
	}
	if !p.AnyAssaultLast {
		drm++
		why = append(why, "+1 no VM assault last turn")
	}
	if s.Ration > 0 {
		drm += s.Ration
		why = append(why, fmt.Sprintf("+%d rationing", s.Ration))
	}
	if s.Delayed != "" {
		drm++
		why = append(why, "+1 delayed reinforcement")
	}
	m, mw := p.Mods.DRM("rp")
	total := a + b + drm + m
	gain := d.Tables.RP.Find(total).Value
	p.AddRP(d, gain)
	t.say("Resource Points (Table 4): dice %d+%d%s%s = %d: RP %+d, now %d.", a, b, joinWhy(why), joinWhy(mw), total, gain, p.RP)
	if t.suddenDeath() {
		return
	}
	s.Step = StepMorale
}

func (t *turn) moraleOrder(f []string) error {
	s, d := t.s, t.r.d
	p := s.Pos
	switch {
	case f[0] == "boost" && len(f) == 2:
		n, ok := atoi(f[1])
		if s.Boost > 0 {
			return t.refuse("morale boosting is decided once a turn")
		}
		if !ok || n < 1 || n > 3 || p.RP-n < 1 {
			return t.refuse("boost N: N from 1 to %d RP (10.1: at most 3, and RP must stay at 1 or more)", min(3, p.RP-1))
		}
		s.Boost = n
		p.RP -= n
		p.AddCM(d, n)
		t.say("Morale boosting: RP -%d (now %d), CM now %d (10.1).", n, p.RP, p.CM)
		return nil
	case f[0] == "done" && len(f) == 1:
		t.vmPhases()
		return nil
	}
	return t.refuse("%s", t.r.decision(s))
}

// ---- B and C: the Viet Minh (11, 12) ----

func (t *turn) vmPhases() {
	s, d := t.s, t.r.d
	p := s.Pos
	t.log(VMLogistics(d, p, t.dc))
	t.log(AutoControl(d, p, t.dc))
	if t.suddenDeath() {
		return
	}
	t.log(Sapping(d, p, t.dc))
	if t.suddenDeath() {
		return
	}
	as, lg := ChooseAssaults(d, p, t.dc)
	t.log(lg)
	s.Queue = as
	t.nextAssault()
}

// nextAssault opens the next VM assault, or moves on to phase D.
func (t *turn) nextAssault() {
	s := t.s
	for len(s.Queue) > 0 {
		a := s.Queue[0]
		s.Queue = s.Queue[1:]
		if !s.Pos.French(a.CR) {
			continue
		}
		t.openVMAssault(a)
		if s.Step != StepDefend {
			if s.Step == StepOver || s.Fight != nil {
				return
			}
			continue
		}
		return
	}
	t.reinforcePhase()
}

// suddenDeath ends the game at once on 17.1.
func (t *turn) suddenDeath() bool {
	if why := SuddenDeath(t.r.d, t.s.Pos); why != "" {
		t.end("Strategic Defeat", "sudden death: "+why)
		return true
	}
	return false
}

func (t *turn) end(level, why string) {
	s := t.s
	s.Step, s.Fight, s.Queue = StepOver, nil, nil
	s.Level, s.Why = level, why
	s.Result = &adjudicator.Result{Winner: "", Reason: fmt.Sprintf("%s: %s", level, why)}
	if strings.HasSuffix(level, "Victory") {
		s.Result.Winner = French
	}
	t.say("The game ends: %s (%s).", level, why)
}
