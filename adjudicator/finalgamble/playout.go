package finalgamble

import (
	"sort"

	"github.com/umpirebot/umpire/adjudicator"
)

// TunePlayout: a playout counts hand-offs per Game Turn by segment; with
// standing orders both sides keep the defaults (a Choice, a barrage, a
// reaction answered without a hand-off), without them every reaction is
// asked (adjudicator.PlayoutTuner).
func (r *Rules) TunePlayout(o *adjudicator.PlayoutOptions, standing bool) {
	o.Period = func(s adjudicator.State) int { return r.state(s).Turn }
	o.PeriodName = "turn"
	o.PhaseOf = func(s adjudicator.State) string {
		st := r.state(s)
		if st.Pending != nil {
			return st.Seg + "/" + st.Pending.Kind
		}
		return st.Seg
	}
	if !standing {
		o.Prelude = AskAll()
	}
}

// AskAll are the standing orders that ask every question: each key that
// has "ask" set to it.
func AskAll() []adjudicator.SideOrder {
	var out []adjudicator.SideOrder
	for _, side := range []adjudicator.Side{French, VM} {
		keys := make([]string, 0, len(standingKeys[side]))
		for k := range standingKeys[side] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			for _, v := range standingKeys[side][k] {
				if v == "ask" {
					out = append(out, adjudicator.SideOrder{Side: side, Order: adjudicator.StandingWord + " " + k + " ask"})
				}
			}
		}
	}
	return out
}
