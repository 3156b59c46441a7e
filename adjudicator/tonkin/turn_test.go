package tonkin

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// dice is a scripted dice stream; running out panics, which Apply turns
// into a refusal the test reports.
type dice []int

func (d *dice) Roll(int) int {
	v := (*d)[0]
	*d = (*d)[1:]
	return v
}

// do applies an order that must be accepted, with scripted dice that must
// all be used.
func do(t *testing.T, r *Rules, s *State, side, order string, rolls ...int) (*State, string) {
	t.Helper()
	d := dice(rolls)
	ns, evs, err := r.Apply(s, adjudicator.Side(side), order, &d)
	if err != nil {
		t.Fatalf("%s %q refused: %v", side, order, err)
	}
	if len(d) != 0 {
		t.Fatalf("%s %q: %d scripted roll(s) unused", side, order, len(d))
	}
	var txt []string
	for _, e := range evs {
		txt = append(txt, e.Text)
	}
	return ns.(*State), strings.Join(txt, "\n")
}

// refused applies an order that must be refused with a message holding
// want, changing nothing.
func refused(t *testing.T, r *Rules, s *State, side, order, want string) {
	t.Helper()
	before, _ := s.Encode()
	d := dice{}
	ns, evs, err := r.Apply(s, adjudicator.Side(side), order, &d)
	var oe *adjudicator.OrderError
	if ns != nil || evs != nil || !errors.As(err, &oe) || !strings.Contains(err.Error(), want) {
		t.Errorf("%s %q: want a refusal with %q, got %v, %v", side, order, want, err, evs)
	}
	after, _ := s.Encode()
	if !bytes.Equal(before, after) {
		t.Errorf("%s %q: the refusal changed the state", side, order)
	}
}

func has(t *testing.T, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("lacks %q:\n%s", w, text)
		}
	}
}

// toOps1 plays the VM's first movement phase of scenario 1950 to the
// activation step of its operation phase.
func toOps1(t *testing.T, r *Rules) *State {
	s := setup(t, r, "1950")
	s, _ = do(t, r, s, VM, "done")
	if s.Phase != PhaseOps1 || s.Step != StepActivate || s.OpsFEF != 10 || s.OpsVM != 10 {
		t.Fatalf("ops1: %s %s %d %d", s.Phase, s.Step, s.OpsFEF, s.OpsVM)
	}
	return s
}

// 6.2: neither side spends a supply dump: all 10 points on both sides are
// gone and the Desorg marker cleanup follows (7.0), then the 2nd player's
// movement (8.0).
func TestSection6_2_NoDumpNoPoints(t *testing.T) {
	r := rules(t)
	s := toOps1(t, r)
	s.Units[0].Desorg = true
	var ev string
	for s.Phase == PhaseOps1 {
		s, ev = do(t, r, s, s.awaited(), "pass")
	}
	has(t, ev, "neither side spends a supply dump: all operation points on both sides are lost", "7.0: Desorg marker cleanup: all Desorg markers are removed (1 in the FEF's sight)")
	if s.Phase != PhaseMove2 || s.awaited() != FEF || s.OpsFEF != 0 || s.OpsVM != 0 || s.Units[0].Desorg {
		t.Errorf("after: %s %s %d %d", s.Phase, s.awaited(), s.OpsFEF, s.OpsVM)
	}
}

// 6.1 and 6.2: the 1st player decides first; a spent dump is flipped;
// the 1st player rolls a die, halved rounding up (5 -> 3 points in a
// row), then the 2nd (2 -> 1); the prompt says who holds the initiative
// and the points left in the chunk and in all; two refusals in a row
// make the first refuser spend a point, and its refusal loses all the
// points; the spending dump is then removed.
func TestSection6_1_ChunksAndRefusals(t *testing.T) {
	r := rules(t)
	s := toOps1(t, r)
	vmDumps := s.dumpHexes(VM)
	if s.Decider != VM && len(vmDumps) > 0 {
		t.Fatalf("6.2: the 1st player (VM) decides first, not %s", s.Decider)
	}
	if len(vmDumps) > 0 {
		s, _ = do(t, r, s, VM, "pass")
	}
	refused(t, r, s, FEF, "activate 0101", "6.2: the FEF has no supply dump at 0101; its dumps are at: ")
	refused(t, r, s, FEF, "activate", "usage: `activate <hex>`")
	refused(t, r, s, VM, "pass", "it is not the VM's turn to order")
	refused(t, r, s, FEF, "move 0919 0918", `"move" is not an order now: 6.2 asks the FEF to spend a supply dump or not`)
	dumps := len(s.dumpHexes(FEF))
	s, ev := do(t, r, s, FEF, "activate 0919", 5)
	has(t, ev, "6.2: the FEF spends the supply dump at 0919", "6.1: the VM rolls 5: 3 operation point(s) to spend in a row (10 left in all)")
	if d := s.spending(FEF); d == nil || d.Loc != "0919" || s.Mover != VM || s.Chunk != 3 {
		t.Fatalf("after activation: %+v %s %d", d, s.Mover, s.Chunk)
	}
	p := r.Prompt(s)
	has(t, p.Decision, "initiative: the VM", "operation points left: FEF 10, VM 10", "the VM's chunk: 3 point(s) left", "the FEF spends its supply dump at 0919")
	s, ev = do(t, r, s, VM, "pass", 2)
	has(t, ev, "the VM spends no point of its chunk", "6.1: the FEF rolls 2: 1 operation point(s)")
	s, ev = do(t, r, s, FEF, "pass")
	has(t, ev, "both sides refused in a row: the VM, the first to refuse, must spend a point")
	if !s.Forced || s.Mover != VM || s.Chunk != 1 {
		t.Fatalf("forced: %v %s %d", s.Forced, s.Mover, s.Chunk)
	}
	has(t, r.Prompt(s).Decision, "refused first", "all remaining points on both sides are lost")
	s, ev = do(t, r, s, VM, "pass")
	has(t, ev, "all remaining operation points on both sides are lost (FEF 10, VM 10)", "the FEF's spending supply dump at 0919 is removed")
	if s.Phase != PhaseMove2 || len(s.dumpHexes(FEF)) > dumps || s.spending(FEF) != nil {
		t.Errorf("after: %s", s.Phase)
	}
}

// 6.1, RULINGS T19: a side with no points left is passed over and counts
// as refusing.
func TestSection6_1_PassedOverCountsAsRefusal(t *testing.T) {
	r := rules(t)
	base := toOps1(t, r)
	base.Step, base.Decider, base.OpsFEF, base.OpsVM, base.Mover, base.Chunk = StepPoints, "", 0, 5, VM, 2
	// the VM refuses; the FEF, passed over, refuses after it: the VM must
	// spend a point
	s, ev := do(t, r, base, VM, "pass")
	has(t, ev, "the FEF has no operation points left and is passed over", "the VM, the first to refuse, must spend a point")
	if !s.Forced || s.Mover != VM {
		t.Errorf("forced %v mover %s", s.Forced, s.Mover)
	}
	// the VM spent a point of its chunk, then saves the rest: the FEF's
	// pass-over is the first refusal, the VM rolls again; its refusal then
	// ends the phase (the FEF, first to refuse, has no point)
	x := base.clone()
	x.Used, x.OpsVM = 1, 4
	s, ev = do(t, r, x, VM, "pass", 6)
	has(t, ev, "saves the rest of its chunk", "passed over", "the VM rolls 6: 3 operation point(s)")
	if s.Refuser != FEF || s.Mover != VM || s.Chunk != 3 {
		t.Fatalf("refuser %s mover %s chunk %d", s.Refuser, s.Mover, s.Chunk)
	}
	s, ev = do(t, r, s, VM, "pass")
	has(t, ev, "the FEF, the first to refuse, has no point to spend: all remaining operation points on both sides are lost (FEF 0, VM 4)")
	if s.Phase != PhaseMove2 {
		t.Errorf("phase %s", s.Phase)
	}
	// a chunk is never more than the points left
	y := base.clone()
	y.OpsFEF, y.Used = 1, 1
	_, ev = do(t, r, y, VM, "pass", 6)
	has(t, ev, "the FEF rolls 6: 1 operation point(s) to spend in a row (1 left in all)")
}

// 8.0 and 2.0: the whole turn's sequence; at the end of the turn the
// victory check, then the next month's weather and initiative rolls.
func TestSection8_0_TurnSequence(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1950")
	var seen []string
	var ev string
	for s.Turn == 1 {
		seen = append(seen, s.Phase+":"+s.awaited())
		order := r.Prompt(s).Default
		switch {
		case s.Phase == PhaseEnd2:
			// November: rain on 1 (charts), so 2 is sunny; initiative 4: FEF
			s, ev = do(t, r, s, s.awaited(), order, 2, 4)
		default:
			s, _ = do(t, r, s, s.awaited(), order)
		}
	}
	want := "move1:vm ops1:vm ops1:fef move2:fef ops2:fef ops2:vm end1:vm end2:fef"
	if got := strings.Join(seen, " "); got != want {
		t.Errorf("turn 1: %s, want %s", got, want)
	}
	has(t, ev, "=== Turn 2 (November 1950) begins. ===", "2.0: weather roll 2 (November 1950 rain on 1-1): sunny.", "2.0: initiative roll 4: the FEF is the 1st player, the VM the 2nd.")
	if s.Month != "1950-11" || s.First != FEF || s.Weather != "sun" || s.Phase != PhaseRein1 || s.awaited() != FEF {
		t.Errorf("turn 2: %s %s %s %s", s.Month, s.First, s.Weather, s.Phase)
	}
}

// endOfTurn plays the last phase of a turn of state s with the given
// rolls.
func endOfTurn(t *testing.T, r *Rules, s *State, rolls ...int) (*State, string) {
	s.Phase = PhaseEnd2
	return do(t, r, s, s.second(), "done", rolls...)
}

// 8.0: decisive victory at the end of a turn at the year's outer limit
// (100/0 in 1950-51, 90/10 in 1952, 80/20 in 1953, 70/30 in 1954); at the
// scenario's end, above the VM victory level a FEF marginal victory,
// otherwise the VM's; 6.16: at 100 or 0 the game stops at once.
func TestSection8_0_Victory(t *testing.T) {
	r := rules(t)
	for _, c := range []struct {
		name   string
		sc     string
		month  string
		vp     int
		winner string
		why    string
	}{
		{"1950 FEF limit", "1950", "1951-01", 100, FEF, "the FEF's outer limit for 1951 (100): a FEF decisive victory"},
		{"1950 below the limit", "1950", "1951-01", 99, "", ""},
		{"1952 VM limit", "1951", "1952-03", 10, VM, "the VM's outer limit for 1952 (10): a VM decisive victory"},
		{"1952 above", "1951", "1952-03", 11, "", ""},
		{"1953 FEF limit", "1952", "1953-02", 80, FEF, "outer limit for 1953 (80)"},
		{"1954 VM limit", "1953", "1954-01", 30, VM, "outer limit for 1954 (30)"},
		{"1954 inside", "1953", "1954-01", 69, "", ""},
		{"marginal FEF", "1950", "1951-08", 46, FEF, "victory points 46, above the VM victory level 45: a FEF marginal victory"},
		{"marginal VM at the level", "1950", "1951-08", 45, VM, "victory points 45, not above the VM victory level 45: a VM marginal victory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := setup(t, r, c.sc)
			s.Month, s.VP = c.month, c.vp
			rolls := []int{}
			if c.winner == "" {
				rolls = []int{6, 4}
			}
			s, ev := endOfTurn(t, r, s, rolls...)
			if s.Winner != c.winner || (c.winner != "") != (s.Phase == PhaseOver) {
				t.Errorf("winner %q phase %s: %s", s.Winner, s.Phase, ev)
			}
			if c.winner != "" {
				has(t, ev, c.why)
				p := r.Prompt(s)
				if !p.Over || p.Result == nil || string(p.Result.Winner) != c.winner || len(r.Legal(s, FEF))+len(r.Legal(s, VM)) != 0 {
					t.Errorf("prompt %+v", p)
				}
				refused(t, r, s, VM, "done", "the game is over")
			}
		})
	}
	// 6.16: at once, whatever the phase
	s := setup(t, r, "1950")
	s.VP = 0
	s, ev := do(t, r, s, VM, "done")
	has(t, ev, "6.16: the victory points reach 0: a VM decisive victory")
	if s.Phase != PhaseOver || s.Winner != VM {
		t.Errorf("6.16: %s %s", s.Phase, s.Winner)
	}
}

// 2.0: rain halves the FEF's air transports and airstrikes; rain in the
// rain season ends the scenario at once (Basics: Scenarios), with its
// marginal victory; in a campaign it ends that year's scenario and the
// game goes on in September (RULINGS T17); the transports of a turn are
// renewed (5.5, 5.6, 6.6 b).
func TestSection2_0_Weather(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1950")
	s.Month, s.VMFoot, s.FEFStrikes = "1951-02", 0, 1
	full := r.airTransports("1951-03")
	s, ev := endOfTurn(t, r, s, 1, 3, 1, 1) // March: rain on 1; the VM's two dumps (3.6)
	has(t, ev, "2.0: weather roll 1 (March 1951 rain on 1-1): rain.", "except along road and rail", "initiative roll 3: the VM is the 1st player")
	if s.Weather != "rain" || s.FEFAir != full/2 || s.FEFStrikes != 3 || s.VMFoot != 2 || s.Phase != PhaseRein1 || s.First != VM {
		t.Errorf("rain in March: %+v", s)
	}
	s, _ = endOfTurn(t, r, s, 2, 5)
	if s.Weather != "sun" || s.FEFAir != full || s.FEFStrikes != 6 || s.First != FEF {
		t.Errorf("sun in April: %s %d %d %s", s.Weather, s.FEFAir, s.FEFStrikes, s.First)
	}
	// December never rains
	s.Month = "1950-11"
	_, ev = endOfTurn(t, r, s, 1, 1, 1, 1)
	has(t, ev, "(December 1950 never rains): sunny")
	// rain in June ends the scenario
	s = setup(t, r, "1950")
	s.Month, s.VP = "1951-05", 60
	s, ev = endOfTurn(t, r, s, 3)
	has(t, ev, "rain in the rain season ends the scenario in June 1951 (2.0, Basics: Scenarios): victory points 60, above the VM victory level 45: a FEF marginal victory")
	if s.Phase != PhaseOver || s.Winner != FEF {
		t.Errorf("rain in June: %s %s", s.Phase, s.Winner)
	}
	// in a campaign the game goes on in September
	s = setup(t, r, "1950-1951")
	s.Month = "1951-06"
	s, ev = endOfTurn(t, r, s, 4, 1, 2, 1, 1)
	has(t, ev, "rain in the rain season ends this year's scenario; the campaign goes on in September 1951 (RULINGS T17)",
		"=== Turn 3 (September 1951) begins. ===", "weather roll 1 (September 1951 rain on 1-2): rain.")
	if s.Month != "1951-09" || s.Phase != PhaseRein1 || s.First != VM {
		t.Errorf("campaign: %s %s %s", s.Month, s.Phase, s.First)
	}
}

// Basics, Scenarios: a whole scenario played with "done" and "pass" ends
// at the end of August with a marginal victory (or earlier, at a rain
// roll in the rain season), every turn in the sequence of 1.0: no
// decisive victory comes from the set-ups themselves (their lists agree
// with 4.1, RULINGS T40).
func TestBasics_WholeScenarioWithDefaults(t *testing.T) {
	r := rules(t)
	for _, sc := range []string{"1950", "1951", "1952", "1953", "1951-1952"} {
		g, _, err := adjudicator.New(r, adjudicator.Record{ID: "g", Scenario: sc, Seed: make([]byte, 32)})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; !g.Prompt().Over; n++ {
			if n > 2000 {
				t.Fatalf("%s: no end", sc)
			}
			p := g.Prompt()
			step, err := g.Orders("x", p.Awaiting[0], []string{p.Default}, "", time0)
			if err != nil {
				t.Fatalf("%s: default %q at %s: %v", sc, p.Default, p.Phase, err)
			}
			g.Commit(step)
		}
		s := g.State.(*State)
		if s.Winner == "" || !strings.Contains(s.Reason, "marginal victory") {
			t.Errorf("%s: ended %q %q", sc, s.Winner, s.Reason)
		}
		t.Logf("%s: %s", sc, s.Reason)
	}
}
