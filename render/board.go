package render

import (
	"encoding/json"
	"fmt"

	"github.com/umpirebot/umpire/adjudicator"
)

// BoardAs extracts a title's board, of type T, from a view: the value, a
// non-nil pointer to it, or (a view that went through JSON: stored, or
// from another process) its decoding. name says whose board it is in
// errors.
func BoardAs[T any](v adjudicator.View, name string) (*T, error) {
	switch b := v.Board.(type) {
	case T:
		return &b, nil
	case *T:
		if b == nil {
			return nil, fmt.Errorf("render: view has a nil %s board", name)
		}
		return b, nil
	case nil:
		return nil, fmt.Errorf("render: view has no %s board", name)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			return nil, fmt.Errorf("render: %s board: %w", name, err)
		}
		var bv T
		if err := json.Unmarshal(raw, &bv); err != nil {
			return nil, fmt.Errorf("render: the board is not a %s board: %w", name, err)
		}
		return &bv, nil
	}
}
