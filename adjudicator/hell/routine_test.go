package hell

import (
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Issue 15, item 1: standing orders answer the routine decisions the rules
// give a side, so that they cost no hand-off; each is taken at once by the
// engine and told to its side only.

func flowed(t *testing.T, s *State, side, standing string) (*State, *events) {
	t.Helper()
	if standing != "" {
		if err := testRules.standingOrder(s, side, strings.Fields(standing), &events{}); err != nil {
			t.Fatal(err)
		}
	}
	ev := &events{}
	testRules.flow(s, dice(), ev)
	return s, ev
}

func privateTo(t *testing.T, ev *events, side, text string) {
	t.Helper()
	for _, e := range ev.list {
		if strings.Contains(e.Text, text) {
			if e.Audience != adjudicator.Only(adjudicator.Side(side)) {
				t.Fatalf("%q went to %v, not %s alone", e.Text, e.Audience, side)
			}
			return
		}
	}
	t.Fatalf("no event says %q: %s", text, texts(ev))
}

// 4.2: "standing opmove none": no operational movement in one's half.
func TestRoutine_4_2_OpMoveNone(t *testing.T) {
	s, ev := flowed(t, board(t, French, StepMove), French, "opmove none")
	if s.Step != StepDecide {
		t.Fatalf("step %s, want the decision", s.Step)
	}
	privateTo(t, ev, French, "Your standing order (opmove none)")
	// Asked without it.
	w := board(t, French, StepMove)
	putF(w, "H1", "1/2REI-1")
	putF(w, "H2", "1/2REI-2")
	if s, _ := flowed(t, w, French, ""); s.Step != StepMove {
		t.Fatalf("without a standing order the step is skipped: %s", s.Step)
	}
}

// 6.2.7: the VM's break-off at the end of each impulse of a French
// operation: "never" or "always".
func TestRoutine_6_2_7_BreakOff(t *testing.T) {
	setup := func() *State {
		s := board(t, French, StepBreakOff)
		putV(s, "N", "308/88/23")
		putF(s, "N", "1/2REI-1")
		return s
	}
	s, ev := flowed(t, setup(), VM, "breakoff never")
	if s.Step != StepNext || s.VM["308/88/23"].Loc != "N" {
		t.Fatalf("never: step %s, battalion at %s", s.Step, s.VM["308/88/23"].Loc)
	}
	privateTo(t, ev, VM, "Your standing order (breakoff never)")
	s, ev = flowed(t, setup(), VM, "breakoff always")
	if s.Step != StepNext || testRules.d.zoneKind(s.VM["308/88/23"].Loc) != ZoneJungle {
		t.Fatalf("always: step %s, battalion at %s", s.Step, s.VM["308/88/23"].Loc)
	}
	has(t, texts(ev), "6.2.7: the VM breaks off in Zone N")
}

// 5, 6.2.7: "standing impulses 2": the attacker continues to the second
// impulse, then ends the assault.
func TestRoutine_5_Impulses(t *testing.T) {
	s, _ := flowed(t, board(t, French, StepNext), French, "impulses 2")
	if s.Impulse != 2 || s.Step == StepConsolidate || s.Step == StepNext {
		t.Fatalf("after impulse 1: impulse %d step %s", s.Impulse, s.Step)
	}
	s = board(t, French, StepNext)
	s.Impulse = 2
	s, ev := flowed(t, s, French, "impulses 2")
	has(t, texts(ev), "6.2.7: the operation is over")
	if s.Impulse == 3 {
		t.Fatal("a third impulse was fought")
	}
	privateTo(t, ev, French, "Your standing order (impulses 2)")
}

// 4.1: "standing drops none": no paratroop drop this round.
func TestRoutine_4_1_DropsNone(t *testing.T) {
	s := board(t, VM, StepDrop)
	s.French["1BEP-1"].Loc = LocPool
	if !testRules.canDropAny(s) {
		t.Fatal("no drop possible: the test proves nothing")
	}
	s, ev := flowed(t, s, French, "drops none")
	if s.Step == StepDrop {
		t.Fatal("the drop step waits for France despite its standing order")
	}
	privateTo(t, ev, French, "Your standing order (drops none)")
}

// 5.7, 6.2.7: "standing consolidate none": neither occupy nor withdraw.
func TestRoutine_6_2_7_ConsolidateNone(t *testing.T) {
	s := board(t, French, StepConsolidate)
	putF(s, "N", "1/2REI-1")
	s, ev := flowed(t, s, French, "consolidate none")
	if s.Round == 1 && s.Half == French && s.Step == StepConsolidate {
		t.Fatal("France's consolidation waits for it despite its standing order")
	}
	privateTo(t, ev, French, "Your standing order (consolidate none)")
}

// 4: "standing counter never": in the VM's week France passes each
// round's decision.
func TestRoutine_4_CounterNever(t *testing.T) {
	s := board(t, French, StepDecide)
	s.Acting = VM
	s, ev := flowed(t, s, French, "counter never")
	if s.Round != 2 {
		t.Fatalf("round %d step %s: France's half did not end", s.Round, s.Step)
	}
	has(t, texts(ev), "6: no French operation in round 1.")
	// In France's own week the decision stays France's.
	w := board(t, French, StepDecide)
	if w, _ = flowed(t, w, French, "counter never"); w.Step != StepDecide || w.Round != 1 {
		t.Fatalf("counter never applied in France's week: round %d step %s", w.Round, w.Step)
	}
}

// 3.2: "standing supply none", and 3.2 with nothing to buy or strike (one
// answer, decided by public facts) end at once; 8: siege fire without a
// barrage point too.
func TestRoutine_3_2_And_8_Settled(t *testing.T) {
	s := advance(t, start(t, "full-battle"), PhaseVMEntrench)
	s = mustApply(t, s, French, "standing supply none")
	ns, ev, err := testRules.Apply(s, VM, "done", dice())
	if err != nil {
		t.Fatal(err)
	}
	if x := ns.(*State); x.Phase == PhaseFrenchSupply {
		t.Fatal("3.2 waits for France despite its standing order")
	}
	var e events
	e.list = ev
	privateTo(t, &e, French, "Your standing order (supply none)")

	x := board(t, French, StepMove)
	x.Phase, x.Acting, x.VMMunitions = PhaseVMSiege, French, 0
	se := &events{}
	testRules.settle(x, dice(), se)
	if x.Phase == PhaseVMSiege {
		t.Fatal("siege fire without a barrage point waits for the VM")
	}
	has(t, texts(se), "8: the Viet Minh has no barrage point left: no siege fire.")
}

// Standing orders are legal at any time: offered to the awaited side too.
func TestRoutine_StandingOfferedWhenAwaited(t *testing.T) {
	s := board(t, French, StepMove)
	all := adjudicator.Orders(testRules.Legal(s, French))
	for _, want := range []string{"standing opmove none", "standing impulses 2", "standing counter never", "standing supply none"} {
		if !slices.Contains(all, want) {
			t.Fatalf("the awaited side is not offered %q", want)
		}
	}
}

// awaitedSide, Apply's and Legal's cheap reading of who is awaited, agrees
// with the prompt's at every step of random games.
func TestAwaitedSideAgreesWithPrompt(t *testing.T) {
	for g := 0; g < 6; g++ {
		sc := []string{"full-battle", "initial-assault", "five-hills"}[g%3]
		s0, _ := testRules.Setup(sc, nil)
		s := s0.(*State)
		r := newRand(uint64(g))
		stream := adjudicator.NewStream(seed, uint64(g))
		for n := 0; n < 800 && s.Phase != PhaseOver; n++ {
			side, _, _, _ := testRules.phaseInfo(s)
			if a := awaitedSide(s); a != side {
				t.Fatalf("game %d step %d (%s/%s): awaitedSide %q, prompt %q", g, n, s.Phase, s.Step, a, side)
			}
			tree := adjudicator.WithoutStanding(testRules.Legal(s, adjudicator.Side(side)))
			order := adjudicator.PreferAction(r, adjudicator.Side(side), tree)
			ns, _, err := testRules.Apply(s, adjudicator.Side(side), order, stream)
			if err != nil {
				t.Fatalf("legal %q refused: %v", order, err)
			}
			s = ns.(*State)
		}
	}
}
