package tonkin

import "github.com/umpirebot/umpire/adjudicator"

// Ended implements adjudicator.Ender: whether the game is over, without
// building the prompt's decision text (issue 31). It agrees with Prompt.
func (r *Rules) Ended(as adjudicator.State) (bool, *adjudicator.Result) {
	s := st(as)
	if s.Phase != PhaseOver {
		return false, nil
	}
	return true, &adjudicator.Result{Winner: adjudicator.Side(s.Winner), Reason: s.Reason}
}
