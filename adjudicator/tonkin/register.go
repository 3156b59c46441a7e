package tonkin

import (
	"io/fs"
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
// directory (--data, the bot's data setting), from the transcribed files
// of its tonkin/ subdirectory read over the embedded ones (dataload's
// override); adjudicator.LoadTitles passes that subdirectory, or nil when
// there is none.
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
