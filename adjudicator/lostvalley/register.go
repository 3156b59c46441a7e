package lostvalley

import (
	"io/fs"
	"path"
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

// load reads an operator's lostvalley/ subdirectory over the embedded
// files (a transcribed deck, Player Aid G ...); a data directory without
// it leaves the title on its embedded data.
func load(data fs.FS, dir string) (adjudicator.Rules, error) {
	if data != nil {
		if st, err := fs.Stat(data, "lostvalley"); err == nil && st.IsDir() {
			sub, err := fs.Sub(data, "lostvalley")
			if err != nil {
				return nil, err
			}
			d, err := LoadOver(sub, path.Join(dir, "lostvalley"))
			if err != nil {
				return nil, err
			}
			return New(d), nil
		}
	}
	d, err := Default()
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
