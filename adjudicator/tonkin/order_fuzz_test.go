package tonkin

import (
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// FuzzOrder: any text, from any side, in any phase, is either applied or
// refused with an OrderError naming the order; it never panics (an
// internal error is a failure too) and never changes its input state.
func FuzzOrder(f *testing.F) {
	for _, s := range []string{"done", "pass", "activate 0919", "activate", "activate 0919 0919", "move 308/36 1203",
		"   ", "DONE", "move 1_BEP 1723", "move 0919 0918 0917", "move 1_bep+1/13_DBLE 0101", "move 308/36 1203 1204", "move + 0919", "move _ _", "Pass", "activate 9999", "activate -1",
		"attack 0919", "attack 0919 rally spirit lead 308/36 0918", "attack 0918 1_BEP+1/13_DBLE", "overrun 308/36 0919", "overrun 0919 0918",
		"barrage 0919 air navy 351/45", "barrage 0918 air air air air air air air", "reorg 0919 0918 1_BEP", "trench 0919 1_BEP",
		"standing retreat yes", "standing clear", "standing lead", "attack", "barrage", "overrun"} {
		for ph := uint8(0); ph < 6; ph++ {
			f.Add(s, ph, ph%3)
		}
	}
	r := rules(f)
	states := fuzzStates(f, r)
	f.Fuzz(func(t *testing.T, order string, phase, side uint8) {
		s := states[int(phase)%len(states)]
		sd := []adjudicator.Side{FEF, VM, adjudicator.Referee}[int(side)%3]
		before, _ := s.Encode()
		ns, _, err := r.Apply(s, sd, order, adjudicator.NewStream(make([]byte, 32), 0))
		after, _ := s.Encode()
		if string(before) != string(after) {
			t.Fatal("Apply changed its input state")
		}
		if err != nil {
			oe, ok := err.(*adjudicator.OrderError)
			if !ok {
				t.Fatalf("refusal is %T, not an OrderError: %v", err, err)
			}
			if len(oe.Reason) > 13 && oe.Reason[:14] == "internal error" {
				t.Fatalf("panic: %v", err)
			}
			return
		}
		if _, err := ns.Encode(); err != nil {
			t.Fatal(err)
		}
	})
}

// fuzzStates: one state per phase and step met playing the defaults (and
// an activation) through the first turns of 1950.
func fuzzStates(f *testing.F, r *Rules) []*State {
	var out []*State
	s0, _ := r.Setup("1950", nil)
	s := s0.(*State)
	seen := map[string]bool{}
	for i := 0; i < 200 && s.Phase != PhaseOver; i++ {
		k := s.Phase + s.Step + fmt19(s.Forced)
		if !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
		p := r.Prompt(s)
		order := p.Default
		if s.Step == StepActivate && s.awaited() == FEF {
			order = "activate " + s.dumpHexes(FEF)[0]
		}
		ns, _, err := r.Apply(s, p.Awaiting[0], order, adjudicator.NewStream(make([]byte, 32), uint64(i)*7))
		if err != nil {
			f.Fatal(err)
		}
		s = ns.(*State)
	}
	return out
}

func fmt19(b bool) string {
	if b {
		return "!"
	}
	return ""
}
