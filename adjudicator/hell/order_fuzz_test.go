package hell

import (
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// FuzzOrder: any text, from any side, in any phase, is either applied or
// refused with an OrderError; it never panics and a refusal changes nothing.
func FuzzOrder(f *testing.F) {
	for _, s := range []string{"done", "dig N", "dig G 2", "trade 308/88/23 308/88/29", "move DUMMY1 JZ1",
		"place 1/2REI-1 H3", "siege 2 crc", "lose replacement", "override unit 308/88/23 at N losses 2 status fatigued revealed",
		"override track vm-losses 86", "override trench H6 3", "override control H6 vm", "strike", "merge a b", "dig", "   ",
		"override unit", "rebuild 1/2REI-1 H3", "extend 308/88/23", "reconstitute DUMMY2", "assault", "pass", "end-week"} {
		for ph := uint8(0); ph < 6; ph++ {
			f.Add(s, ph, uint8(ph%3))
		}
	}
	states := fuzzStates(f)
	f.Fuzz(func(t *testing.T, order string, phase, side uint8) {
		s := states[int(phase)%len(states)]
		sd := []adjudicator.Side{French, VM, adjudicator.Referee}[int(side)%3]
		before, _ := s.Encode()
		ns, _, err := testRules.Apply(s, sd, order, adjudicator.NewStream(seed, 0))
		after, _ := s.Encode()
		if string(before) != string(after) {
			t.Fatal("Apply changed its input state")
		}
		if err != nil {
			if _, ok := err.(*adjudicator.OrderError); !ok {
				t.Fatalf("refusal is %T, not an OrderError: %v", err, err)
			}
			return
		}
		if _, err := ns.Encode(); err != nil {
			t.Fatal(err)
		}
	})
}

// fuzzStates: one state per phase kind of the week.
func fuzzStates(f *testing.F) []*State {
	var out []*State
	s0, _ := testRules.Setup("full-battle", nil)
	s := s0.(*State)
	seen := map[string]bool{}
	for i := 0; i < 200 && s.Phase != PhaseOver; i++ {
		if !seen[s.Phase] {
			seen[s.Phase] = true
			out = append(out, s)
		}
		p := testRules.Prompt(s)
		order := orPass(p.Default)
		if s.Phase == PhaseVMDecide && !seen["ops"] {
			seen["ops"] = true
			x, _, _ := testRules.Apply(s, VM, "assault", adjudicator.NewStream(seed, 0))
			out = append(out, x.(*State))
		}
		for _, o := range adjudicator.SplitOrders(order) {
			ns, _, err := testRules.Apply(s, p.Awaiting[0], o, adjudicator.NewStream(seed, uint64(i)))
			if err != nil {
				f.Fatal(err)
			}
			s = ns.(*State)
		}
	}
	return out
}
