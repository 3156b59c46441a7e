package lostvalley

import (
	"strconv"

	"github.com/umpirebot/umpire/adjudicator"
)

func leaf(w, help string) adjudicator.Choice {
	return adjudicator.Choice{Word: w, Help: help, Complete: true}
}

func node(w, help string, next []adjudicator.Choice) adjudicator.Choice {
	return adjudicator.Choice{Word: w, Help: help, Next: next}
}

func nums(lo, hi int) []adjudicator.Choice {
	var out []adjudicator.Choice
	for n := lo; n <= hi; n++ {
		out = append(out, leaf(strconv.Itoa(n), ""))
	}
	return out
}

func unitLeaves(ids []string) []adjudicator.Choice {
	var out []adjudicator.Choice
	for _, id := range ids {
		out = append(out, leaf(Code(id), id))
	}
	return out
}

func add(out []adjudicator.Choice, c adjudicator.Choice) []adjudicator.Choice {
	if c.Complete || len(c.Next) > 0 {
		return append(out, c)
	}
	return out
}

// Legal is the tree of the player's legal orders (what Apply accepts).
func (r *Rules) Legal(as adjudicator.State, side adjudicator.Side) []adjudicator.Choice {
	s := as.(*State)
	if side != French || s.Step == StepOver {
		return nil
	}
	t := &turn{r: r, s: s.clone()}
	return append(t.legal(), standingLegal())
}

func (t *turn) legal() []adjudicator.Choice {
	s, p, d := t.s, t.s.Pos, t.r.d
	var out []adjudicator.Choice
	switch s.Step {
	case StepEvents:
		if !s.paid("draw") {
			return []adjudicator.Choice{leaf("draw", "draw the turn's event card")}
		}
		c := d.Card(s.Drawn)
		undecided := c != nil && c.Reserve && !s.Kept && !s.Played
		condOK := false
		if c != nil {
			condOK, _ = t.condition(c)
		}
		if undecided && condOK {
			out = append(out, leaf("play", "play the drawn Reserve card now"))
		}
		if undecided {
			out = append(out, leaf("keep", "keep the drawn Reserve card"))
		}
		var res, dis []adjudicator.Choice
		for _, n := range s.Cards.Hand {
			if n == s.Drawn {
				continue
			}
			dis = append(dis, leaf(strconv.Itoa(n), d.Card(n).Title))
			if ok, _ := t.condition(d.Card(n)); ok && s.ReservePlayed == 0 {
				res = append(res, leaf(strconv.Itoa(n), d.Card(n).Title))
			}
		}
		out = add(out, node("reserve", "play a Reserve card from your hand", res))
		out = add(out, node("discard", "discard a Reserve card", dis))
		held := len(s.Cards.Hand)
		if s.Drawn != 0 && !s.Kept {
			held--
		}
		if !(undecided && condOK) && held <= p.HandSize(d) {
			out = append(out, leaf("done", "end the event card phase"))
		}
	case StepAir:
		left := t.aspLeft()
		mx := d.Tables.AirMissions.MaxASP
		if s.SEAD == 0 && s.DAS == 0 && left > 0 {
			out = add(out, node("sead", "ASP against the VM flak", nums(1, min(left, mx))))
		}
		var das []adjudicator.Choice
		for _, div := range d.DivisionOrder() {
			if n := min(left, mx-s.DAS); !s.paid("das-"+strconv.Itoa(div)) && n > 0 {
				das = append(das, node(strconv.Itoa(div), "", nums(1, n)))
			}
		}
		out = add(out, node("das", "ASP against a division's supply", das))
		out = append(out, leaf("done", "keep the rest for CAS"))
	case StepSupply:
		if s.Ration == 0 && p.CM > 1 {
			out = add(out, node("ration", "CM for +1 each on the RP roll", nums(1, min(3, p.CM-1))))
		}
		if s.Delayed == "" {
			out = add(out, node("delay", "delay a reinforcement for +1", unitLeaves(t.dueUnits())))
		}
		out = append(out, leaf("done", "roll for RP"))
	case StepMorale:
		if s.Boost == 0 && p.RP > 1 {
			out = add(out, node("boost", "RP for +1 CM each", nums(1, min(3, p.RP-1))))
		}
		out = append(out, leaf("done", "end the French logistics"))
	case StepDefend:
		out = t.supportLegal(out)
		out = append(out, leaf("resolve", "roll the assault"))
	case StepLoss:
		out = add(out, node("lose", "the unit that loses the step", unitLeaves(t.lossCandidates())))
	case StepRetreat:
		if f := s.Fight; f != nil && len(f.Retreat) > 0 {
			var to []adjudicator.Choice
			for _, cr := range t.retreatOptions(f.Retreat[0]) {
				to = append(to, leaf(cr, d.CR(cr).Name))
			}
			out = add(out, node("retreat", "", []adjudicator.Choice{node(Code(f.Retreat[0]), "", to)}))
		}
	case StepReroll:
		out = append(out, leaf("reroll", "roll the VM casualties die again"), leaf("accept", "keep this die"))
	case StepReinforce:
		var drops []adjudicator.Choice
		for _, id := range t.dueUnits() {
			var zs []adjudicator.Choice
			for _, z := range t.dropZones() {
				zs = append(zs, leaf(z, ""))
			}
			drops = append(drops, node(Code(id), id, zs))
		}
		out = add(out, node("drop", "land a reinforcement", drops))
		if t.raisable() {
			var bms []adjudicator.Choice
			for _, u := range d.Units.Units {
				if u.Branch != "marche" || p.Units[u.ID].At != "holding" {
					continue
				}
				var crs []adjudicator.Choice
				for _, cr := range d.Board.CRs {
					if p.French(cr.ID) && !p.Encircled(d, cr.ID) && t.fits(cr.ID, u.ID) {
						crs = append(crs, leaf(cr.ID, cr.Name))
					}
				}
				bms = add(bms, node(Code(u.ID), "", crs))
			}
			out = add(out, node("raise", "raise a Bataillon de Marche", bms))
		}
		if len(t.dueUnits()) == 0 {
			out = append(out, leaf("done", "end the reinforcement phase"))
		}
	case StepMove:
		if s.paid("move") || s.AP >= 1 {
			var mv []adjudicator.Choice
			for _, u := range d.Units.Units {
				if !inPlay(p.Units[u.ID].At) {
					continue
				}
				var to []adjudicator.Choice
				for _, cr := range t.moveTargets(u.ID) {
					to = append(to, leaf(cr, d.CR(cr).Name))
				}
				mv = add(mv, node(Code(u.ID), u.ID, to))
			}
			out = add(out, node("move", "move a unit one CR", mv))
		}
		if o := t.overstacked(); len(o) > 0 {
			var el []string
			for _, cr := range o {
				el = append(el, p.In(cr)...)
			}
			out = add(out, node("eliminate", "remove a unit from an over-stacked CR", unitLeaves(el)))
		} else if t.pcHeld() || !s.paid("pc-held") {
			out = append(out, leaf("done", "end the movement phase"))
		}
	case StepAssault:
		if s.Fight == nil {
			if s.paid("assault") || s.AP >= 1 {
				var at []adjudicator.Choice
				for _, cr := range t.attackTargets() {
					at = append(at, leaf(cr, d.CR(cr).Name))
				}
				out = add(out, node("attack", "assault a VM controlled CR", at))
			}
			out = append(out, leaf("done", "end the French assault phase"))
			break
		}
		var with []string
		for _, id := range t.assaulters(s.Fight.CR) {
			if d.Unit(id).Kind != Infantry || t.infSteps(append(append([]string(nil), s.Fight.Units...), id)) <= 6 {
				with = append(with, id)
			}
		}
		out = add(out, node("with", "add an attacker", unitLeaves(with)))
		out = t.supportLegal(out)
		if len(s.Fight.Units) > 0 {
			out = append(out, leaf("launch", "roll the assault"))
		}
		out = append(out, leaf("cancel", "call the assault off"))
	case StepExploit:
		var occ []string
		for _, id := range t.occupiers() {
			if t.fits(s.Fight.CR, id) {
				occ = append(occ, id)
			}
		}
		out = add(out, node("occupy", "move a unit into the retaken CR", unitLeaves(occ)))
		out = append(out, leaf("done", "end the exploitation"))
	case StepOps:
		if f := s.Fight; f != nil {
			armor := false
			for _, u := range f.Units {
				armor = armor || d.Unit(u).Kind == Armor
			}
			var with []string
			for _, id := range t.raiders(f.CR) {
				u := d.Unit(id)
				if (u.Kind == Armor && !armor) || (u.Kind == Infantry && t.infSteps(append(append([]string(nil), f.Units...), id)) <= 4) {
					with = append(with, id)
				}
			}
			out = add(out, node("with", "add a raider", unitLeaves(with)))
			out = t.supportLegal(out)
			if t.infSteps(f.Units) > 0 {
				out = append(out, leaf("launch", "roll the raid"))
			}
			out = append(out, leaf("cancel", "call the raid off"))
			break
		}
		pay := s.paid("ops") || s.AP >= 1
		if pay {
			var rt, ft []adjudicator.Choice
			for _, cr := range t.raidTargets() {
				rt = append(rt, leaf(cr, d.CR(cr).Name))
			}
			if p.RP >= 2 {
				for _, cr := range t.fortTargets() {
					ft = append(ft, leaf(cr, d.CR(cr).Name))
				}
			}
			out = add(out, node("raid", "raid from a front-line CR", rt))
			out = add(out, node("fort", "improve a CR's fortifications for 1 RP", ft))
			if p.Airstrip == "damaged" && !s.Repaired {
				rep := leaf("repair", "try to repair the airstrip")
				if p.RP >= 2 {
					rep.Next = []adjudicator.Choice{leaf("rp", "spend 1 RP for +1")}
				}
				out = append(out, rep)
			}
		}
		out = append(out, leaf("done", "end the turn"))
	}
	return out
}

// supportLegal lists cas and arty for the fight under way.
func (t *turn) supportLegal(out []adjudicator.Choice) []adjudicator.Choice {
	s, p := t.s, t.s.Pos
	f := s.Fight
	if !f.Raid && p.Turn > 1 && t.aspLeft() > 0 {
		out = add(out, node("cas", "ASP in Close Air Support", nums(1, t.aspLeft())))
	}
	if p.Turn == 1 && !f.French && !f.Raid {
		return out
	}
	key, ap := "arty", 1
	if f.French {
		key, ap = "assault-arty", 0
	} else if f.Raid {
		key, ap = "raid-arty", 0
	}
	if s.paid(key) || (s.AP >= ap && p.RP >= 2) {
		out = add(out, node("arty", "commit an artillery unit", unitLeaves(t.artyEligible(f.CR))))
	}
	return out
}
