package hell

import (
	"io/fs"

	"github.com/umpirebot/umpire/adjudicator"
)

// A Season in Hell in the title registry (adjudicator/registry.go).
func init() {
	adjudicator.Register(adjudicator.Title{ID: "hell", Load: load})
}

// load makes the rules from the embedded data or, with an operator's data
// directory, from the transcribed files of its hell/ subdirectory read
// over them (adjudicator.LoadTitles passes that subdirectory).
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

// TunePlayout: a playout counts hand-offs per game week, and with
// standing orders both sides first set them all (adjudicator.PlayoutTuner).
func (r *Rules) TunePlayout(o *adjudicator.PlayoutOptions, standing bool) {
	o.Period = Week
	o.PhaseOf = Stage
	if standing {
		o.Prelude = StandingAll()
	}
}
