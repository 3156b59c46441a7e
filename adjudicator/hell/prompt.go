package hell

import (
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// ask is one order a prompt may name: its verb and how the prompt shows it.
type ask struct{ verb, text string }

// asks builds a prompt's decision text from the orders legal now (issue 15,
// item 3): each order is named only if its verb is legal, and `done` (or
// the step's closing order) ends the list. The prompt is public: France's
// orders are filtered by its legal tree (France's checks never depend on
// hidden VM facts, invariant 1); the VM's by public facts alone (pub),
// since its legal tree depends on its hidden counters, so that the text
// is the same whatever they are.
func asks(legal map[string]bool, items []ask, closing string) string {
	var parts []string
	for _, a := range items {
		if legal[a.verb] {
			parts = append(parts, a.text)
		}
	}
	alt := strings.HasPrefix(closing, "or ") // a choice, not a last step
	switch {
	case len(parts) == 0:
		return strings.TrimPrefix(closing, "or ")
	case closing == "":
		return strings.Join(parts, ", ")
	case alt:
		return strings.Join(parts, ", ") + " " + closing
	}
	return strings.Join(parts, ", ") + ", then " + closing
}

// verbs: the first words of a legal tree.
func verbs(tree []adjudicator.Choice) map[string]bool {
	out := map[string]bool{}
	for _, c := range tree {
		out[c.Word] = true
	}
	return out
}

// vmPublic: the VM orders of a phase or step that may be named, from
// public facts only (the munitions track, entrenchment points, the
// impulse, engaged battalions, French units and trenches); orders whose
// legality rests on hidden counters are always named.
func (r *Rules) vmPublic(s *State) map[string]bool {
	m := map[string]bool{"reconstitute": true, "extend": true, "engage": true, "move": true,
		"fire": true, "artillery": true, "breakoff": true, "occupy": true, "withdraw": true, "end": true, "place": true}
	switch {
	case s.Phase == PhaseVMReorg:
		m["trade"] = s.TradePoints > 0 && s.VMMunitions > 0
	case s.Phase == PhaseVMEntrench:
		m["dig"] = s.Entrench > 0
	case s.Phase == PhaseVMSiege:
		m["siege"] = s.VMMunitions > 0
	case s.Phase == PhaseOperations && s.Step == StepBombard:
		// Artillery targets and munitions are public (5.2).
		m["fire"] = verbs(r.opLegal(s, VM))["fire"]
	case s.Phase == PhaseOperations && s.Step == StepCombat:
		// Only engaged, revealed battalions attack (5.1, 5.5).
		m["attack"] = verbs(r.opLegal(s, VM))["attack"]
	case s.Phase == PhaseOperations && s.Step == StepNext:
		m["continue"] = s.Impulse < 3
	}
	return m
}
