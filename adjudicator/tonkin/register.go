package tonkin

import (
	"sync"

	"github.com/umpirebot/umpire/adjudicator"
)

// Tonkin in the title registry (adjudicator/registry.go).
func init() {
	adjudicator.Register(adjudicator.Title{ID: "tonkin", Load: load})
}

var (
	defaultOnce sync.Once
	defaultData *Data
	defaultErr  error
)

// Default returns the embedded data, loaded and checked once.
func Default() (*Data, error) {
	defaultOnce.Do(func() { defaultData, defaultErr = Load() })
	return defaultData, defaultErr
}

// load makes the rules from the embedded data or, with an operator's data
// directory, from the transcribed files of the title's subdirectory read
// over them (adjudicator.LoadTitles hands that subdirectory, or nil).
var load = adjudicator.DataLoad(Default, LoadOver, func(d *Data) adjudicator.Rules { return New(d) })
