package adjudicator

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
)

// The title registry: the one list of titles, from which the bot, the
// console and every tool learn what can be played. A title is new
// packages and one line:
//
//   - adjudicator/<title>/: its Rules and embedded data; its init calls
//     Register;
//   - render/<title>/: its map drawing (a render.Board); its init calls
//     render.RegisterBoard;
//   - cmd/umpire/titles.go: one import line for each of the two.
//
// Nothing else names a title (a test in cmd/umpire keeps it so).

// Title is one registered title.
type Title struct {
	// ID is the title's id (/game new title:<id>), Rules.Info().ID.
	ID string
	// Load makes the title's rules from its embedded data or, when data
	// is not nil, from an operator's transcription read over the embedded
	// files (dir names it in messages).
	Load func(data fs.FS, dir string) (Rules, error)
}

// PlayoutTuner is implemented by Rules whose random playouts need the
// title's own help: the unit of time for the hand-offs figure, standing
// orders both sides set first.
type PlayoutTuner interface {
	TunePlayout(o *PlayoutOptions, standing bool)
}

var (
	regMu  sync.RWMutex
	titles = map[string]Title{}
)

// Register adds a title; a title package calls it from its init. It
// panics on an empty or repeated id: a build error in all but name.
func Register(t Title) {
	regMu.Lock()
	defer regMu.Unlock()
	if t.ID == "" || t.Load == nil {
		panic("adjudicator.Register: a title needs an id and a loader")
	}
	if _, dup := titles[t.ID]; dup {
		panic("adjudicator.Register: title " + t.ID + " registered twice")
	}
	titles[t.ID] = t
}

// TitleIDs lists the registered titles' ids, sorted.
func TitleIDs() []string {
	regMu.RLock()
	defer regMu.RUnlock()
	ids := make([]string, 0, len(titles))
	for id := range titles {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// UnknownTitle is the error for a title id that is not registered; it
// names the known ones.
func UnknownTitle(id string) error {
	return fmt.Errorf("unknown title %q; titles are %s", id, strings.Join(TitleIDs(), ", "))
}

// LoadTitles loads every registered title's rules, by id. data, if not
// nil, is an operator's directory (named dir) of transcribed files read
// over each title's embedded data.
func LoadTitles(data fs.FS, dir string) (map[string]Rules, error) {
	regMu.RLock()
	defer regMu.RUnlock()
	out := map[string]Rules{}
	for id, t := range titles {
		r, err := t.Load(data, dir)
		if err != nil {
			return nil, fmt.Errorf("title %s: %w", id, err)
		}
		if got := r.Info().ID; got != id {
			return nil, fmt.Errorf("title %s: its rules say they are %q", id, got)
		}
		out[id] = r
	}
	return out, nil
}
