package tonkinmap

import (
	"fmt"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/tonkin"
	"github.com/umpirebot/umpire/render"
)

// Tonkin's board in the drawing registry (render/registry.go).
func init() {
	render.RegisterBoard("tonkin", func(r adjudicator.Rules) (render.Board, error) {
		tr, ok := r.(*tonkin.Rules)
		if !ok {
			return nil, fmt.Errorf("rules of type %T are not Tonkin's", r)
		}
		return NewBoard(tr.Data()), nil
	})
}
