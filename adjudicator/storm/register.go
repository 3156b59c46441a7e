package storm

import (
	"github.com/umpirebot/umpire/adjudicator"
)

// Storm over Dien Bien Phu in the title registry (adjudicator/registry.go).
func init() {
	adjudicator.Register(adjudicator.Title{ID: "storm", Load: load})
}

// load makes the rules from the embedded data or, with an operator's data
// directory, from the transcribed files of the title's subdirectory read
// over them (adjudicator.LoadTitles hands that subdirectory, or nil).
var load = adjudicator.DataLoad(Default, LoadOver, func(d *Data) adjudicator.Rules { return New(d) })

// Turn is a state's turn, the playouts' period.
func Turn(s adjudicator.State) int { return s.(*State).Turn }

// Stage names the step a state awaits orders in.
func Stage(s adjudicator.State) string {
	st := s.(*State)
	if st.Ask != nil {
		return "reaction " + st.Ask.Kind
	}
	return st.Step
}

// StandingAll: every reaction window played whenever the card fits.
func StandingAll() []adjudicator.SideOrder {
	var out []adjudicator.SideOrder
	for _, rc := range reactions {
		out = append(out, adjudicator.SideOrder{Side: rc.Side, Order: "standing " + rc.Kind + " play"})
	}
	return out
}

// TunePlayout: hand-offs per turn; with standing reactions both sides
// first set them all to play; without, every window asks and both sides
// allocate their own damage (8.4) and choose Mines' withdrawals, so that
// the playouts answer every question a player may be asked.
func (r *Rules) TunePlayout(o *adjudicator.PlayoutOptions, standing bool) {
	o.Period = Turn
	o.PeriodName = "turn"
	o.PhaseOf = Stage
	if o.Scenario == "" {
		o.Scenario = "battle"
	}
	if standing {
		o.Prelude = StandingAll()
	} else {
		o.Prelude = []adjudicator.SideOrder{{Side: VM, Order: "standing damage ask"}, {Side: French, Order: "standing damage ask"}}
	}
}
