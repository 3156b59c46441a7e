package hell

import (
	"github.com/umpirebot/umpire/adjudicator"
)

// A Season in Hell in the title registry (adjudicator/registry.go).
func init() {
	adjudicator.Register(adjudicator.Title{ID: "hell", Load: load})
}

// load makes the rules from the embedded data or, with an operator's data
// directory, from the transcribed files of the title's subdirectory read
// over them (adjudicator.LoadTitles hands that subdirectory, or nil).
var load = adjudicator.DataLoad(Default, LoadOver, func(d *Data) adjudicator.Rules { return New(d) })

// TunePlayout: a playout counts hand-offs per game week, and with
// standing orders both sides first set them all (adjudicator.PlayoutTuner).
func (r *Rules) TunePlayout(o *adjudicator.PlayoutOptions, standing bool) {
	o.Period = Week
	o.PhaseOf = Stage
	if standing {
		o.Prelude = StandingAll()
	}
}
