package lostvalley

import (
	"fmt"
	"strconv"
)

// SuddenDeath is 17.1: the reason the game is lost at once, or "".
func SuddenDeath(d *Data, p *Position) string {
	for _, cr := range d.Board.CRs {
		if cr.PC && p.CRs[cr.ID].VM != 0 {
			return fmt.Sprintf("PC GONO is held by division %d (17.1, 2.2.4.4)", p.CRs[cr.ID].VM)
		}
	}
	if p.CM < 1 {
		return fmt.Sprintf("Camp Morale fell to %d: the garrison surrenders (17.1, 2.2.8.1)", p.CM)
	}
	if p.RP < 1 {
		return fmt.Sprintf("Resource Points fell to %d: the garrison has run out of supplies (17.1, 2.2.8.2)", p.RP)
	}
	return ""
}

// VP is 17.2's tally in half points: 2 for each French controlled CR,
// 2 for each full-strength 2-step infantry unit in play, 1 for each
// reduced one; and the tally in words.
func VP(d *Data, p *Position) (halves int, detail string) {
	crs := p.FrenchCRs()
	full, reduced := 0, 0
	for _, u := range d.Units.Units {
		s := p.Units[u.ID]
		if u.Kind != Infantry || u.Steps != 2 || !inPlay(s.At) {
			continue
		}
		if s.Steps == 2 {
			full++
		} else {
			reduced++
		}
	}
	halves = 2*crs + 2*full + reduced
	return halves, fmt.Sprintf("%d CR held, %d full-strength and %d reduced 2-step infantry units: %s VP", crs, full, reduced, HalfPoints(halves))
}

// inPlay: on the map (a CR or a drop zone), not on the turn track, in a
// holding box, set aside or eliminated.
func inPlay(at string) bool {
	switch at {
	case "holding", "aside", "remnants", "eliminated":
		return false
	}
	return len(at) < 5 || at[:5] != "turn "
}

// HalfPoints writes a tally in half points ("12½").
func HalfPoints(h int) string {
	s := strconv.Itoa(h / 2)
	if h%2 != 0 {
		s += "½"
	}
	return s
}

// Level is the victory level of a tally (17.2); a half point never
// reaches the next level's whole number.
func (d *Data) Level(halves int) string {
	for _, l := range d.Tables.Victory.Levels {
		if halves >= 2*l.Min {
			return l.Name
		}
	}
	return d.Tables.Victory.Levels[len(d.Tables.Victory.Levels)-1].Name
}
