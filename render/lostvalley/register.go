package lostvalleymap

import (
	"fmt"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/lostvalley"
	"github.com/umpirebot/umpire/render"
)

// The Lost Valley's board in the drawing registry (render/registry.go).
func init() {
	render.RegisterBoard("lostvalley", func(r adjudicator.Rules) (render.Board, error) {
		lr, ok := r.(*lostvalley.Rules)
		if !ok {
			return nil, fmt.Errorf("rules of type %T are not The Lost Valley's", r)
		}
		return NewBoard(lr.Data()), nil
	})
}
