package tonkin

import (
	"io/fs"
	"path"
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
// directory (--data, the bot's data setting), from its tonkin/
// subdirectory read over the embedded files (dataload's override). The
// directory itself is not read for Tonkin: its files are another title's
// (A Season in Hell also has a map.toml, units.toml and scenarios.toml),
// so a directory without tonkin/ leaves Tonkin on its embedded data.
func load(data fs.FS, dir string) (adjudicator.Rules, error) {
	if data != nil {
		if st, err := fs.Stat(data, "tonkin"); err == nil && st.IsDir() {
			sub, err := fs.Sub(data, "tonkin")
			if err != nil {
				return nil, err
			}
			d, err := LoadOver(sub, path.Join(dir, "tonkin"))
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
