package hellmap

import (
	"fmt"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
)

// A Season in Hell's map in the drawing registry (render/registry.go).
func init() {
	render.RegisterBoard("hell", func(r adjudicator.Rules) (render.Board, error) {
		hr, ok := r.(*hell.Rules)
		if !ok {
			return nil, fmt.Errorf("rules of type %T are not A Season in Hell's", r)
		}
		return NewBoard(hr.Data()), nil
	})
}
