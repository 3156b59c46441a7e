package lostvalley

import (
	"math/rand/v2"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// careful is a simple careful player for measuring the deck and tables:
// it plays or keeps its cards, strikes the strongest division, rations
// nothing, boosts a low morale, defends with every ASP and gun, brings
// its reinforcements in and out of the drop zones, digs behind the line,
// repairs the airstrip, and otherwise ends each phase.
func careful(s *State) func(r *rand.Rand, side adjudicator.Side, tree []adjudicator.Choice) string {
	return func(r *rand.Rand, side adjudicator.Side, tree []adjudicator.Choice) string {
		os := adjudicator.Orders(tree)
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
		var o string
		switch s.Step {
		case StepEvents:
			o = pick("draw", "play", "keep", "reserve ", "discard ", "done")
		case StepAir:
			o = pick("das 312 ", "das 308 ", "das 316 ", "das 304 ", "done")
		case StepMorale:
			if s.Pos.CM < 12 && s.Pos.RP > 12 {
				o = pick("boost ")
			}
		case StepDefend:
			if s.Pos.RP > 6 {
				o = pick("cas ", "arty ", "resolve")
			} else {
				o = pick("cas ", "resolve")
			}
		case StepReroll:
			if s.Fight != nil && s.Fight.VMDie+s.Fight.VMDRM <= 3 {
				o = "reroll"
			} else {
				o = "accept"
			}
		case StepReinforce:
			o = pick("drop ", "raise ", "done")
		case StepMove:
			for _, c := range os {
				f := strings.Fields(c)
				if len(f) == 3 && f[0] == "move" {
					for _, z := range []string{"Natasha", "Octavie", "Simone"} {
						if s.Pos.Units[unitID(f[1])] != nil && s.Pos.Units[unitID(f[1])].At == z {
							o = c
						}
					}
				}
			}
			if o == "" {
				o = pick("eliminate ", "done")
			}
		case StepOps:
			if s.Pos.RP > 12 {
				o = pick("repair rp", "repair", "fort ", "done")
			} else {
				o = pick("repair", "done")
			}
		}
		if o == "" {
			o = pick("done", "resolve", "accept", "lose ", "retreat ", "occupy ")
		}
		if o == "" {
			o = adjudicator.RandomOrder(r, tree)
		}
		return o
	}
}

var codeIDs = map[string]string{}

func unitID(code string) string {
	if len(codeIDs) == 0 {
		d, _ := Default()
		for _, u := range d.Units.Units {
			codeIDs[Code(u.ID)] = u.ID
		}
	}
	return codeIDs[code]
}
