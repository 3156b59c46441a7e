package storm

import (
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Bad input never panics and never changes the state: any order text,
// by either side, at the start of the game and in its first action.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"draw", "move 7 11 all", "fire 10 11 all with 13:3", "assault 8 14 all with 4:2",
		"dig 8 card 12", "play 16 at 17 all", "play 22 clear 8", "standing mines play 5", "nosupply 17 19",
		"place 7 all", "discard 1 2 3", "retreat none", "play 12 assault 8 14 all", "move 10 7 all via 11",
		"fire 1 1 x", "play -1", "standing damage", "with", "move 0 99999999999999999999 all"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	r := New(MustDefault())
	st, _ := r.Setup("battle", nil)
	started, _, err := r.Apply(st, VM, "draw", &fixed{v: []int{1, 2, 3, 4, 5, 6}})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, order string, vm bool) {
		side := French
		if vm {
			side = VM
		}
		for _, s := range []adjudicator.State{st, started} {
			before, _ := s.Encode()
			_, _, _ = r.Apply(s, side, order, &fixed{v: []int{6, 6, 6, 1, 1, 1}})
			after, _ := s.Encode()
			if string(before) != string(after) {
				t.Fatalf("%s %q changed the state it was given", side, order)
			}
		}
	})
}
