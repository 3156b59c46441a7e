package lostvalley

import (
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Standing orders (issue 28 item 2): the player's answers inside VM
// assaults given in advance, so that a turn's assaults need not wait on
// them. They are the player's own choices, set and changed by order at
// any time; "ask" (the default) keeps every question a prompt.
//
//	standing defend ask|resolve|support
//	    resolve: no CAS and no artillery, resolved at once;
//	    support: the ASP left shared among the turn's remaining assaults
//	    (rounded up), and every eligible artillery unit committed when
//	    the AP and RP allow (12.3.5.1).
//	standing reroll ask|never|always|N
//	    the 1 GAACEO (and armor) re-roll: never, always, or when the VM
//	    casualties die plus its DRM is N or less.
const (
	standDefend = "defend"
	standReroll = "reroll"
)

func (t *turn) standingOrder(f []string) error {
	s := t.s
	if len(f) != 3 {
		return t.refuse("standing defend ask|resolve|support, or standing reroll ask|never|always|N")
	}
	switch f[1] {
	case standDefend:
		switch f[2] {
		case "ask", "resolve", "support":
		default:
			return t.refuse("standing defend is ask, resolve or support, not %q", f[2])
		}
	case standReroll:
		switch f[2] {
		case "ask", "never", "always":
		default:
			if n, ok := atoi(f[2]); !ok || n < -3 || n > 9 {
				return t.refuse("standing reroll is ask, never, always or a number from -3 to 9, not %q", f[2])
			}
		}
	default:
		return t.refuse("standing orders are defend and reroll, not %q", f[1])
	}
	if s.Standing == nil {
		s.Standing = map[string]string{}
	}
	if f[2] == "ask" {
		delete(s.Standing, f[1])
	} else {
		s.Standing[f[1]] = f[2]
	}
	t.say("Standing order: %s %s.", f[1], f[2])
	// A question open now is answered by it at once.
	switch {
	case s.Step == StepDefend && f[1] == standDefend && f[2] != "ask":
		t.defendByStanding()
	case s.Step == StepReroll && f[1] == standReroll && f[2] != "ask":
		t.rerollByStanding()
	}
	return nil
}

func standingLegal() adjudicator.Choice {
	var rr []adjudicator.Choice
	for _, w := range []string{"ask", "never", "always"} {
		rr = append(rr, leaf(w, ""))
	}
	for n := 0; n <= 4; n++ {
		rr = append(rr, leaf(strconv.Itoa(n), "re-roll when the die plus its DRM is this or less"))
	}
	return node(adjudicator.StandingWord, "answers inside VM assaults given in advance", []adjudicator.Choice{
		node(standDefend, "CAS and artillery for VM assaults", []adjudicator.Choice{leaf("ask", ""), leaf("resolve", "no support"), leaf("support", "share the ASP, commit the guns")}),
		node(standReroll, "the GAACEO and armor re-roll", rr),
	})
}

// defendByStanding answers a VM assault's support question by the
// standing order, then resolves it.
func (t *turn) defendByStanding() {
	s := t.s
	if s.Standing[standDefend] == "support" {
		left := t.aspLeft()
		n := (left + len(s.Queue)) / (len(s.Queue) + 1)
		if n > 0 && s.Pos.Turn > 1 {
			_, _ = t.supportOrder([]string{"cas", strconv.Itoa(n)})
		}
		for _, id := range t.artyEligible(s.Fight.CR) {
			if err := func() error { _, err := t.supportOrder([]string{"arty", Code(id)}); return err }(); err != nil {
				break
			}
		}
	}
	t.say("Standing order (defend %s): the assault on %s is resolved.", s.Standing[standDefend], t.r.d.CR(s.Fight.CR).Name)
	t.resolveVM()
}

// rerollByStanding answers the re-roll question by the standing order.
func (t *turn) rerollByStanding() {
	s := t.s
	f := s.Fight
	w := s.Standing[standReroll]
	re := w == "always"
	if n, ok := atoi(w); ok {
		re = f.VMDie+f.VMDRM <= n
	}
	f.Rerolled = true
	if re {
		f.VMDie = t.dc.Roll(6)
		t.say("Standing order (reroll %s): the VM casualties die is rolled again: %d; it stands.", w, f.VMDie)
	} else {
		t.say("Standing order (reroll %s): the VM casualties die stands.", w)
	}
	s.Step = t.fightStep()
	t.run()
}

// standingLine is the player's standing orders for their status: every
// key, "ask" written out (an unset key asks).
func (s *State) standingLine() string {
	var out []string
	for _, k := range []string{standDefend, standReroll} {
		v := s.Standing[k]
		if v == "" {
			v = "ask"
		}
		out = append(out, k+" "+v)
	}
	return strings.Join(out, ", ")
}

// standingAsks reports whether a question is left to the player.
func (s *State) standingAsks(key string) bool {
	return s.Standing[key] == ""
}
