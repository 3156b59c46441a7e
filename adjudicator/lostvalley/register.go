package lostvalley

import (
	"sync"

	"github.com/umpirebot/umpire/adjudicator"
)

// The Lost Valley in the title registry (adjudicator/registry.go): the
// package registers itself when imported; cmd/umpire/titles.go's import
// line is what makes it playable.
func init() {
	adjudicator.Register(adjudicator.Title{ID: "lostvalley", Load: load})
}

var (
	defaultOnce sync.Once
	defaultData *Data
	defaultErr  error
)

// Default is the embedded data, loaded and checked once.
func Default() (*Data, error) {
	defaultOnce.Do(func() { defaultData, defaultErr = Load() })
	return defaultData, defaultErr
}

// load makes the rules from the embedded data or, with an operator's data
// directory, from the transcribed files of the title's subdirectory read
// over them (adjudicator.LoadTitles hands that subdirectory, or nil).
var load = adjudicator.DataLoad(Default, LoadOver, func(d *Data) adjudicator.Rules { return New(d) })

// TunePlayout: hand-offs are counted per turn.
func (r *Rules) TunePlayout(o *adjudicator.PlayoutOptions, standing bool) {
	o.Period = func(s adjudicator.State) int { return s.(*State).Pos.Turn }
	o.PeriodName = "turn"
	o.PhaseOf = func(s adjudicator.State) string { return s.(*State).Step }
	if standing {
		o.Prelude = []adjudicator.SideOrder{{Side: French, Order: "standing defend support"}, {Side: French, Order: "standing reroll 2"}}
	}
}

var _ adjudicator.Rules = (*Rules)(nil)
