package render

import (
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

type testBoard struct {
	Turn int `json:"turn"`
}

// BoardAs reads a title's board from a view in each form it arrives in.
func TestBoardAs(t *testing.T) {
	for _, c := range []struct {
		name  string
		board any
		turn  int
		err   string
	}{
		{"value", testBoard{Turn: 3}, 3, ""},
		{"pointer", &testBoard{Turn: 4}, 4, ""},
		{"through JSON", map[string]any{"turn": 5}, 5, ""},
		{"nil pointer", (*testBoard)(nil), 0, "nil Test board"},
		{"none", nil, 0, "no Test board"},
		{"another shape", map[string]any{"turn": "x"}, 0, "not a Test board"},
	} {
		b, err := BoardAs[testBoard](adjudicator.View{Board: c.board}, "Test")
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: %v, want an error saying %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || b.Turn != c.turn {
			t.Errorf("%s: %+v %v, want turn %d", c.name, b, err, c.turn)
		}
	}
}
