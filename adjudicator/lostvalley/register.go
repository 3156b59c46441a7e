package lostvalley

import (
	"io/fs"
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
// directory, from the transcribed files of its lostvalley/ subdirectory
// (a printed deck as cards.toml, Player Aid G as tables.toml ...) read over
// the embedded ones; adjudicator.LoadTitles passes that subdirectory, or
// nil when there is none.
func load(data fs.FS, dir string) (adjudicator.Rules, error) {
	var d *Data
	var err error
	if data == nil {
		d, err = Default()
	} else {
		d, err = LoadOver(data, dir)
	}
	if err != nil {
		return nil, err
	}
	return New(d), nil
}

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
