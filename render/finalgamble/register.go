package fgmap

import (
	"fmt"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/finalgamble"
	"github.com/umpirebot/umpire/render"
)

// The Final Gamble's board in the drawing registry (render/registry.go).
func init() {
	render.RegisterBoard(finalgamble.ID, func(r adjudicator.Rules) (render.Board, error) {
		fr, ok := r.(*finalgamble.Rules)
		if !ok {
			return nil, fmt.Errorf("rules of type %T are not The Final Gamble's", r)
		}
		return NewBoard(fr.D), nil
	})
}
