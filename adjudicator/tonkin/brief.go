package tonkin

import (
	"fmt"
	"strings"
)

// brief is the hand-off post's line (issue 30, item 4): the month, the
// phase and the decision in a few words; the orders themselves are in
// Decision, /help and the buttons. Like Decision it is public and names
// nothing hidden.
func (r *Rules) brief(s *State) string {
	when := fmt.Sprintf("%s, turn %d", MonthName(s.Month), s.Turn)
	owner := sideShort(s.phaseOwner())
	switch s.Phase {
	case PhaseRein1, PhaseRein2:
		return fmt.Sprintf("%s: %s replacements and reinforcements (3.0); `done` when finished", when, owner)
	case PhaseMove1, PhaseMove2, PhaseEnd1, PhaseEnd2:
		return fmt.Sprintf("%s: %s movement (5.0): move units and transports, then `done`", when, owner)
	case PhaseOps1, PhaseOps2:
		ops := fmt.Sprintf("points left FEF %d, VM %d", s.OpsFEF, s.OpsVM)
		switch {
		case s.Combat != nil && s.Combat.Ask != "":
			// the question is the decision: it is said whole (T22)
			q, _ := r.askText(s, s.Combat)
			return when + ": " + q
		case s.Step == StepActivate:
			return fmt.Sprintf("%s: operation phase (6.2): `activate <hex>` a supply dump or `pass`; %s", when, ops)
		case s.Forced:
			return fmt.Sprintf("%s: operations (6.1): %s must spend a point or `pass` and lose all points; %s", when, sideShort(s.Mover), ops)
		}
		return fmt.Sprintf("%s: operations (6.1): %s's chunk, %d point(s) left; %s", when, sideShort(s.Mover), s.Chunk, ops)
	}
	return when + ": " + strings.ToLower(s.phaseName())
}

// sideShort names a side in a brief.
func sideShort(side string) string {
	switch side {
	case FEF:
		return "FEF"
	case VM:
		return "VM"
	}
	return "nobody"
}
