package hell

import (
	"io/fs"
	"path"

	"github.com/umpirebot/umpire/adjudicator"
)

// A Season in Hell in the title registry (adjudicator/registry.go).
func init() {
	adjudicator.Register(adjudicator.Title{ID: "hell", Load: load})
}

// load makes the rules from the embedded data or, with an operator's data
// directory, from its transcribed files read over them: the directory's
// hell/ subdirectory if it has one, else the directory itself.
func load(data fs.FS, dir string) (adjudicator.Rules, error) {
	if data == nil {
		d, err := Default()
		if err != nil {
			return nil, err
		}
		return New(d), nil
	}
	if st, err := fs.Stat(data, "hell"); err == nil && st.IsDir() {
		sub, err := fs.Sub(data, "hell")
		if err != nil {
			return nil, err
		}
		data, dir = sub, path.Join(dir, "hell")
	}
	d, err := LoadOver(data, dir)
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
