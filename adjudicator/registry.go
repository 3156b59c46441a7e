package adjudicator

import (
	"fmt"
	"io/fs"
	"path/filepath"
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
	// files: data is the title's own subdirectory of the operator's data
	// directory (DIR/<id>/, which LoadTitles opens), and dir names it in
	// messages ("DIR/<id>").
	Load func(data fs.FS, dir string) (Rules, error)
}

// DataLoad is a title's Load for data that is embedded and may be read
// over by an operator's transcription: def (the embedded data) when
// LoadTitles hands the title no directory, else over on the DIR/<id>/ it
// hands; rules makes the title's Rules from the data.
func DataLoad[D any](def func() (D, error), over func(fs.FS, string) (D, error), rules func(D) Rules) func(fs.FS, string) (Rules, error) {
	return func(data fs.FS, dir string) (Rules, error) {
		var d D
		var err error
		if data == nil {
			d, err = def()
		} else {
			d, err = over(data, dir)
		}
		if err != nil {
			return nil, err
		}
		return rules(d), nil
	}
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
// nil, is an operator's data directory (named dir in messages) holding a
// subdirectory per title with transcribed files: each title reads its own
// DIR/<id>/ over its embedded data, and a title without one keeps its
// embedded data (DESIGN invariant 6). Anything else at the top of the
// directory is refused, so that a misplaced or misspelt transcription is
// never silently ignored.
func LoadTitles(data fs.FS, dir string) (map[string]Rules, error) {
	regMu.RLock()
	defer regMu.RUnlock()
	if data != nil {
		if err := checkDataDir(data, dir); err != nil {
			return nil, err
		}
	}
	ids := make([]string, 0, len(titles))
	for id := range titles {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := map[string]Rules{}
	for _, id := range ids {
		t := titles[id]
		var sub fs.FS
		subDir := ""
		if data != nil {
			if st, err := fs.Stat(data, id); err == nil && st.IsDir() {
				if sub, err = fs.Sub(data, id); err != nil {
					return nil, fmt.Errorf("title %s: %w", id, err)
				}
				sub = titleFS{FS: sub, id: id}
				subDir = filepath.Join(dir, id)
			}
		}
		r, err := t.Load(sub, subDir)
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

// titleFS is a title's own subdirectory of the operator's data
// directory. It answers to names under "<id>/" as well, so a loader that
// still looks for its subdirectory itself (the contract before issue 29)
// reads the same files; a test in cmd/umpire holds every title to the
// contract (its faults name DIR/<id>/<file>, not DIR/<id>/<id>/<file>).
type titleFS struct {
	fs.FS
	id string
}

func (t titleFS) Open(name string) (fs.File, error) {
	if name == t.id {
		name = "."
	} else if rest, ok := strings.CutPrefix(name, t.id+"/"); ok {
		name = rest
	}
	return t.FS.Open(name)
}

// checkDataDir refuses an operator's data directory with anything but
// title subdirectories at its top (hidden entries such as .git aside),
// naming the entry and where it belongs.
func checkDataDir(data fs.FS, dir string) error {
	ents, err := fs.ReadDir(data, ".")
	if err != nil {
		return fmt.Errorf("data directory %s: %w", dir, err)
	}
	known := make([]string, 0, len(titles))
	for id := range titles {
		known = append(known, id+"/")
	}
	sort.Strings(known)
	for _, e := range ents {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		if _, ok := titles[name]; ok && e.IsDir() {
			continue
		}
		if e.IsDir() {
			return fmt.Errorf("data directory %s: %s/ is not a title; a title's files go in its own subdirectory, one of %s", dir, name, strings.Join(known, ", "))
		}
		return fmt.Errorf("data directory %s: %s is not in a title's subdirectory; move it into the subdirectory of the title it belongs to (one of %s)", dir, name, strings.Join(known, ", "))
	}
	return nil
}
