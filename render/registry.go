package render

import (
	"fmt"
	"sort"
	"sync"

	"github.com/umpirebot/umpire/adjudicator"
)

// BoardMaker makes a title's Board from the title's rules (which carry
// the data its map is drawn from, an operator's transcription included).
type BoardMaker func(r adjudicator.Rules) (Board, error)

var (
	boardsMu sync.RWMutex
	makers   = map[string]BoardMaker{}
)

// RegisterBoard adds a title's map drawing under its View.Title; a title's
// drawing package calls it from its init (adjudicator/registry.go says
// where a title's packages go).
func RegisterBoard(title string, mk BoardMaker) {
	boardsMu.Lock()
	defer boardsMu.Unlock()
	if title == "" || mk == nil {
		panic("render.RegisterBoard: a board needs a title and a maker")
	}
	if _, dup := makers[title]; dup {
		panic("render.RegisterBoard: title " + title + " registered twice")
	}
	makers[title] = mk
}

// ForTitles is a Renderer drawing every given title that has a registered
// board (a title without one is drawn by none: its games post no maps).
func ForTitles(rules map[string]adjudicator.Rules) (*Renderer, error) {
	boardsMu.RLock()
	defer boardsMu.RUnlock()
	ids := make([]string, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	r := New()
	for _, id := range ids {
		mk, ok := makers[id]
		if !ok {
			continue
		}
		b, err := mk(rules[id])
		if err != nil {
			return nil, fmt.Errorf("render: title %s: %w", id, err)
		}
		r.Register(id, b)
	}
	return r, nil
}
