package tonkin

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// The refusals issue 10 names: "An illegal order (a move into China by
// a French unit, a fourth operation point in a chunk of three, an attack
// across the Chinese border, a seventh airstrike) is refused with the
// rule that forbids it, and changes nothing." Each state is reached by
// orders where the rules allow it (the chunk is rolled, the six
// airstrikes flown); the refusal must be an OrderError naming the rule,
// the state's encoding must not change, and the legal tree must not
// offer the order.

// chinaPair: a clear or rough hex of Vietnam next to a clear or rough
// hex of China, neither urban nor on a river, and the Chinese one.
func chinaPair(t *testing.T, r *Rules) (vn, cn string) {
	t.Helper()
	ok := func(h Hex, country string) bool {
		_, urb := r.urbanHex[h.ID]
		return h.Country == country && (h.Terrain == "clear" || h.Terrain == "rough") && !urb && len(r.geo.riversAt[h.ID]) == 0
	}
	for _, id := range r.geo.ids {
		if !ok(r.hexes[id], "vietnam") {
			continue
		}
		if c := nextTo(r, id, func(h Hex) bool { return ok(h, "china") }); c != "" {
			return id, c
		}
	}
	t.Fatal("no clear or rough hex of Vietnam next to China")
	return "", ""
}

// chunkOfThree: scenario 1950 bare, the VM's 1st player operation phase:
// the VM spends its dump at a (the FEF has none on the map and is not
// asked, 6.2) and rolls 5 for a chunk of 3 points (6.1). reg stands at a
// with the dump.
func chunkOfThree(t *testing.T, r *Rules, a string, place map[string]string) *State {
	t.Helper()
	place["VM DR 1"] = a
	s := bare(t, r, VM, place)
	s.Phase, s.Step, s.Decider, s.OpsFEF, s.OpsVM = PhaseOps1, StepActivate, VM, 10, 10
	s, ev := do(t, r, s, VM, "activate "+a, 5)
	has(t, ev, "6.1: the VM rolls 5: 3 operation point(s) to spend in a row")
	if s.Mover != VM || s.Chunk != 3 {
		t.Fatalf("chunk: mover %s, %d points", s.Mover, s.Chunk)
	}
	return s
}

// threes rolls 3 every time.
type threes struct{}

func (threes) Roll(int) int { return 3 }

// offers reports whether the legal tree holds the order's words as a
// path (each word a choice below the one before, case-insensitive).
func offers(tree []adjudicator.Choice, order string) bool {
	level := tree
	words := strings.Fields(order)
	for i, w := range words {
		var next *adjudicator.Choice
		for j := range level {
			if strings.EqualFold(level[j].Word, w) {
				next = &level[j]
				break
			}
		}
		if next == nil {
			return false
		}
		if i == len(words)-1 {
			return next.Complete || len(next.Next) == 0
		}
		level = next.Next
	}
	return false
}

func TestIssue10_RefusalsNameTheRule(t *testing.T) {
	r := rules(t)
	vn, cn := chinaPair(t, r)
	vn2 := nextTo(r, vn, func(h Hex) bool { return h.Country == "vietnam" && h.Terrain != "sea" })
	a, b := plain(t, r, "clear", "clear")
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	reg2 := idOf(t, r, "REG", reg)
	var road string
	for _, id := range r.geo.ids {
		if r.roadHex(id) && r.hexes[id].Country == "vietnam" {
			road = id
			break
		}
	}
	var chinaRoad string
	for _, id := range r.geo.ids {
		if r.roadHex(id) && r.hexes[id].Country == "china" {
			chinaRoad = id
			break
		}
	}
	for _, c := range []struct {
		name  string
		state func(t *testing.T) *State
		side  string
		order string
		// rule is the section the refusal must name, why the rest of
		// what it must say.
		rule, why string
		// control is an order the same side's legal tree offers in the
		// same state: the tree walk reads the tree's real shape.
		control string
	}{
		{
			name: "5.12 a French unit moves into China (movement phase)",
			state: func(t *testing.T) *State {
				return bare(t, r, FEF, map[string]string{bep: vn})
			},
			side: FEF, order: "move " + token(bep) + " " + cn,
			rule: "(5.12", why: bep + " cannot enter " + cn + ": Foreign legion units may not enter China",
			control: "move " + token(bep) + " " + vn2,
		},
		{
			name: "5.12 a French unit moves into China (operation point, 6.3 a)",
			state: func(t *testing.T) *State {
				return opsState(t, r, FEF, vn, map[string]string{bep: vn})
			},
			side: FEF, order: "move " + token(bep) + " " + cn,
			rule: "(5.12", why: "may not enter China",
			control: "move " + token(bep) + " " + vn2,
		},
		{
			name: "6.1 a fourth operation point in a chunk of three",
			state: func(t *testing.T) *State {
				s := chunkOfThree(t, r, a, map[string]string{reg: a})
				s, _ = do(t, r, s, VM, "move "+reg+" "+b)
				s, _ = do(t, r, s, VM, "move "+reg+" "+a)
				// the third point ends the chunk: the FEF rolls for its own
				s, ev := do(t, r, s, VM, "move "+reg+" "+b, 2)
				has(t, ev, "6.1: the FEF rolls 2: 1 operation point(s)")
				if s.OpsVM != 7 || s.Mover != FEF {
					t.Fatalf("after three points: VM %d left, mover %s", s.OpsVM, s.Mover)
				}
				return s
			},
			side: VM, order: "move " + reg + " " + a,
			rule: "6.1", why: "it is not the VM's turn to order",
		},
		{
			name: "6.1, 6.3 f) two points with one left in a chunk of three",
			state: func(t *testing.T) *State {
				c := nextTo(r, a, func(h Hex) bool { return h.Terrain == "clear" && h.ID != b && !Adjacent(h.ID, b) })
				if c == "" {
					t.Skip("no clear hex next to " + a + " away from " + b)
				}
				s := chunkOfThree(t, r, a, map[string]string{reg: a, reg2: a, bep: b})
				s, _ = do(t, r, s, VM, "move "+reg2+" "+c)
				s, _ = do(t, r, s, VM, "move "+reg2+" "+a)
				if s.Mover != VM || s.Chunk != 1 {
					t.Fatalf("after two points: mover %s, %d left", s.Mover, s.Chunk)
				}
				return s
			},
			side: VM, order: "attack " + b + " rally",
			rule: "6.3 f)", why: "costs 2 operation points and the VM has 1 left in this chunk",
			control: "attack " + b,
		},
		{
			name: "6.6 an attack from China across the border",
			state: func(t *testing.T) *State {
				return opsState(t, r, VM, cn, map[string]string{reg: cn, bep: vn})
			},
			side: VM, order: "attack " + vn + " " + reg,
			rule: "(6.6)", why: "no unit may attack or overrun across the Chinese border",
			control: "pass",
		},
		{
			name: "6.6 a French attack into China",
			state: func(t *testing.T) *State {
				return opsState(t, r, FEF, vn, map[string]string{bep: vn, reg: cn})
			},
			side: FEF, order: "attack " + cn + " " + token(bep),
			rule: "6.6", why: "across the Chinese border",
			control: "pass",
		},
		{
			name: "6.6 a French airstrike into China",
			state: func(t *testing.T) *State {
				return opsState(t, r, FEF, vn, map[string]string{bep: vn, reg: cn})
			},
			side: FEF, order: "barrage " + cn + " air",
			rule: "6.6", why: "China",
			control: "pass",
		},
		{
			name: "6.6 a French road interdiction in China (RULINGS T54)",
			state: func(t *testing.T) *State {
				return opsState(t, r, FEF, vn, map[string]string{bep: vn})
			},
			side: FEF, order: "interdict " + chinaRoad + " air",
			rule: "6.6", why: chinaRoad + " is in China, where FEF units may not move (5.12)",
			control: "interdict " + road + " air",
		},
		{
			name: "6.6 an overrun across the border",
			state: func(t *testing.T) *State {
				return opsState(t, r, VM, cn, map[string]string{reg: cn, bep: vn})
			},
			side: VM, order: "overrun " + reg + " " + vn,
			rule: "(6.6)", why: "across the Chinese border",
			control: "pass",
		},
		{
			name: "6.6 b) a seventh airstrike in one barrage",
			state: func(t *testing.T) *State {
				return opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
			},
			side: FEF, order: "barrage " + b + strings.Repeat(" air", 7),
			rule: "6.6 b)", why: "the FEF has 6 airstrike(s) left this turn (6 a turn, halved in rain), not 7",
			control: "barrage " + b + " air",
		},
		{
			name: "6.6 b) a seventh airstrike after six",
			state: func(t *testing.T) *State {
				s := opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
				s, ev := do(t, r, s, FEF, "barrage "+b+strings.Repeat(" air", 6), 1, 1)
				has(t, ev, "6 airstrike(s)")
				if s.FEFStrikes != 0 || s.Mover != FEF || s.Chunk != 2 {
					t.Fatalf("after six airstrikes: %d left, mover %s chunk %d", s.FEFStrikes, s.Mover, s.Chunk)
				}
				return s
			},
			side: FEF, order: "barrage " + b + " air",
			rule: "6.6 b)", why: "the FEF has 0 airstrike(s) left this turn",
			control: "attack " + b,
		},
		{
			name: "6.6 b) a seventh airstrike on a road (6.6 d)",
			state: func(t *testing.T) *State {
				s := opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
				s, _ = do(t, r, s, FEF, "barrage "+b+strings.Repeat(" air", 6), 1, 1)
				return s
			},
			side: FEF, order: "interdict " + road + " air",
			rule: "6.6 b)", why: "the FEF has 0 airstrike(s) left this turn",
			control: "attack " + b,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := c.state(t)
			before, err := s.Encode()
			if err != nil {
				t.Fatal(err)
			}
			// dice that never run out: an order the rules accept is
			// carried out, not stopped by a missing roll
			ns, evs, err := r.Apply(s, adjudicator.Side(c.side), c.order, threes{})
			var oe *adjudicator.OrderError
			switch {
			case err == nil:
				t.Fatalf("%s %q accepted: %v", c.side, c.order, evs)
			case !errors.As(err, &oe):
				t.Errorf("%q: not an OrderError: %T %v", c.order, err, err)
			case ns != nil || evs != nil:
				t.Errorf("%q: a refusal returned a state or events: %v", c.order, evs)
			}
			if msg := err.Error(); !strings.Contains(msg, c.rule) || !strings.Contains(msg, c.why) {
				t.Errorf("%q refused without naming the rule: want %q and %q in\n%s", c.order, c.rule, c.why, msg)
			}
			t.Logf("%s %q: %v", c.side, c.order, err)
			tree := r.Legal(s, adjudicator.Side(c.side))
			if offers(tree, c.order) {
				t.Errorf("the legal tree offers %q", c.order)
			}
			if c.control != "" && !offers(tree, c.control) {
				t.Errorf("the legal tree does not offer %q (control)", c.control)
			}
			if strings.Contains(err.Error(), "internal error") {
				t.Errorf("%q: %v", c.order, err)
			}
			after, _ := s.Encode()
			if !bytes.Equal(before, after) {
				t.Errorf("%q: the refusal changed the state", c.order)
			}
		})
	}
}
