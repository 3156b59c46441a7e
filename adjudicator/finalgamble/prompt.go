package finalgamble

import (
	"fmt"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Prompt: who must decide what now; a default for every prompt (the
// least the rules allow: "done" ends a segment with what was declared,
// the defender's standing order answers a Choice).
func (r *Rules) Prompt(s adjudicator.State) adjudicator.Prompt {
	st := r.state(s)
	g := st.segment()
	phase := r.turnName(st.Turn)
	if g != nil {
		phase += ", " + g.ID + " " + g.Name
	}
	// Stage: the turn; with the awaited side it keys the map posted at
	// each hand-off (bot/maps.go), not one a segment
	p := adjudicator.Prompt{Phase: phase, Stage: fmt.Sprintf("turn %d", st.Turn)}
	if st.Result != nil {
		p.Over, p.Result = true, st.Result
		p.Decision = "The game is over: " + st.Result.Reason + "."
		p.Stage = "over"
		return p
	}
	side := st.awaiting()
	p.Awaiting = []adjudicator.Side{side}
	p.Decision, p.Brief, p.Default = r.decision(st, side)
	p.Focus = r.focus(st)
	return p
}

// sideName is a side for players.
func sideName(s adjudicator.Side) string {
	if s == VM {
		return "the VM"
	}
	return "France"
}

// decision is what the awaited side is asked, the brief and the default.
func (r *Rules) decision(s *State, side adjudicator.Side) (string, string, string) {
	if p := s.Pending; p != nil {
		return p.Text + " Answer stay or retreat.", fmt.Sprintf("%s: %s's Choice", s.Seg, sideName(side)), s.standingOr(side, "choice", "stay")
	}
	what := map[string]string{
		"9.0-C": "set your units up: any hex of the strongpoint each is in (place UNIT HEX), then done",
		"9.0-D": "choose a unit from the Wounded Square for the Wounded Box (pick UNIT)",
		"9.0-F": "set your battalions up in your sectors' Trench Zones (place UNIT HEX) and choose the reduced ones (reduce UNIT), then done",
		"2.1":   "Box Move then Valley Move, up to 3 units each (box UNIT DEST, valley UNIT DEST), then done",
		"2.2":   "place Zone Markers on French units (zone HEX, hw HEX, with the units' roll order if stacked), then done to roll",
		"2.3":   "raid an adjacent French unit with the Commando (raid UNIT) or pass",
		"2.4":   "place Asset Markers (recon UNIT, breach PLACE) and move units up to 5 mp (move UNIT HEX), then done",
		"3.1":   "declare assaults (assault UNIT HEX) and Support Mortars (mortars UNIT); divisions that do not assault rest; then done",
		"3.2":   "Box Combat in a box shared with French units (boxcombat BOX STEPS), or done",
		"3.3":   "Reaction Move: up to 4 units, 5 mp each (move UNIT HEX), then done",
		"3.4":   "Support Barrage on assaulting VM units (barrage HEX [intense]), then done",
		"3.5":   "choose the next defense to fire (defend HEX); done fires the rest in the declaration order",
		"7.4":   "choose the next defense to fire (defend HEX); done fires the rest in the declaration order",
		"3.6":   "charge, in the order you choose (charge UNIT [tien-len SUPPORTER]); done charges the rest in order",
		"4.1":   "take the disease step (disease UNIT), evacuate formerly isolated units (evacuate UNIT), then done",
		"4.2":   "After-Combat Move of units not entrenched (move UNIT HEX), then done",
		"5.1":   "demand a French surrender (demand) or not (done)",
		"5.2":   "replacements (replace UNIT), a reinforcement from 24 April (reinforce UNIT DIVISION), patrols (patrol DIVISION), then done",
		"5.3":   "choose shortage step losses (loss UNIT), repair (repair UNIT), bring back a wounded unit (bring-back UNIT), then done",
		"5.4":   "fill the Airdrop Chart (load SLOT WHAT), add the Standby Force (standby), name the Replacement's unit (replace UNIT), then done to fly",
		"6.1":   "Airstrike on a VM unit (airstrike UNIT) or pass",
		"6.2":   "Valley Move (valley UNIT DEST), then Box Move (box UNIT DEST), then done",
		"6.3":   "Bombardment on VM units (bombard UNIT [intense] [reduced]), then done to roll",
		"6.4":   "Tactical Move: every unit up to 5 mp (move UNIT HEX), then done",
		"7.2":   "declare assaults (assault UNIT HEX), then done",
		"7.3":   "Support Barrage: 1 ammo for up to 4 Support Mortars (mortars UNIT ...), or done",
		"7.5":   "charge, in the order you choose (charge UNIT [en-avant SUPPORTER]); done charges the rest in order",
		"8.1":   "evacuate formerly isolated units (evacuate UNIT HEX), then done",
		"8.2":   "After-Combat Move of units not entrenched (move UNIT HEX, relocate UNIT HEX), then done",
		"8.5":   "move one Trench Marker forward (dig SECTOR) or done",
	}[s.Seg]
	if s.Seg == "5.4" && s.Stage == "place" {
		what = "place the arrived reinforcements in Supply Area hexes (place UNIT HEX), then done"
	}
	if s.Seg == "5.3" && s.Owed > 0 {
		what = fmt.Sprintf("%d shortage step losses to choose (loss UNIT); ", s.Owed) + what
	}
	if s.Seg == "5.2" && s.Owed > 0 {
		what = "name the division the patrol cheers (patrol DIVISION); " + what
	}
	def := "done"
	switch s.Seg {
	case "9.0-D":
		def = "pick " + r.defaultPick(s)
	case "2.3", "6.1":
		def = "pass"
	}
	g := s.segment()
	brief := fmt.Sprintf("%s %s: %s", g.ID, g.Name, firstClause(what))
	return strings.ToUpper(what[:1]) + what[1:] + ".", brief, def
}

func firstClause(s string) string {
	if i := strings.Index(s, " ("); i > 0 {
		return s[:i]
	}
	return s
}

func (s *State) standingOr(side adjudicator.Side, key, def string) string {
	v := s.standing(side, key)
	if v == "ask" {
		return def
	}
	return v
}

// status lists the turn, the segment, every track, the markers and where
// the units are off the map: /game status.
func (r *Rules) status(s *State) []string {
	out := r.Status(&s.Setup)
	if g := s.segment(); g != nil && s.Result == nil {
		out = append(out, fmt.Sprintf("Segment %s %s; awaiting %s", g.ID, g.Name, sideName(s.awaiting())))
	}
	if s.Result != nil {
		out = append(out, "Game over: "+s.Result.Reason)
	}
	if s.FuelDeducted <= 3 && s.Turns > 0 && segIndex(s.Seg) > segIndex("5.3") {
		out = append(out, fmt.Sprintf("Fuel Shortage Marker: %d Fuel & Spares deducted this turn (5.3-A)", s.FuelDeducted))
	}
	if s.ToWounded > 0 && s.Seg == "9.0-D" {
		out = append(out, fmt.Sprintf("Wounded Square: %d of %d picked for the Wounded Box (France and the VM in turn, France first), the rest to Gone", s.Picked, s.ToWounded))
	}
	var sh, iso, dis []string
	for i := range s.Units {
		u := &s.Units[i]
		if u.Shaken {
			sh = append(sh, u.ID)
		}
		if u.Isolated {
			iso = append(iso, u.ID)
		}
		if u.Disorg {
			dis = append(dis, u.ID)
		}
	}
	if len(sh) > 0 {
		out = append(out, "Shaken: "+shorten(sh, 12))
	}
	if len(dis) > 0 {
		out = append(out, "Disorg: "+shorten(dis, 12))
	}
	if len(iso)+len(s.Isolated) > 0 {
		out = append(out, "Isolation Markers: "+shorten(append(append([]string{}, s.Isolated...), iso...), 12))
	}
	if len(s.Assaults) > 0 {
		var as []string
		for _, a := range s.Assaults {
			as = append(as, fmt.Sprintf("%s %s→%s (%s)", a.Unit, a.From, a.Target, a.Marker))
		}
		out = append(out, "Assaults: "+strings.Join(as, ", "))
	}
	return out
}
