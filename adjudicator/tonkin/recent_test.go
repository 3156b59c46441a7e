package tonkin

import (
	"slices"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Issue 30, items 1 and 2: an attack's hand-off names the hex attacked
// (the prompt's Focus, public as the attack), and the map keeps its mark:
// a red arrow from the attackers' hex to it, on the public event; the
// answer to a question inside the fight keeps the stage's marks; a
// stage's end keeps them and drops those of the stage before.
func TestRule6_6_AttackFocusAndMarks(t *testing.T) {
	r := rules(t)
	s1, b, _ := evadeAsked(t, r)
	if p := r.Prompt(s1); !p.Awaits(VM) || !slices.Equal(p.Focus, []string{b}) {
		t.Fatalf("the VM asked about the attack on %s: awaiting %v, focus %v", b, p.Awaiting, p.Focus)
	}
	att := ""
	for _, n := range s1.Recent {
		if n.Kind == "assault" && n.At == b && n.Side == "" {
			att = n.From
		}
	}
	next := false
	if row, col, ok := ParseHex(att); ok {
		for _, n := range Neighbors(row, col) {
			next = next || HexID(n[0], n[1]) == b
		}
	}
	if !next {
		t.Fatalf("no public mark of the attack on %s from a hex next to it: %+v", b, s1.Recent)
	}
	// the VM answers: the same stage, its marks kept, the fight's added
	s2, _ := do(t, r, s1, VM, "evade no", 6, 6, 6, 6)
	if len(s2.Recent) < len(s1.Recent) || !slices.Equal(s2.Recent[:len(s1.Recent)], s1.Recent) {
		t.Errorf("the answer dropped the attack's marks: %+v, then %+v", s1.Recent, s2.Recent)
	}
	if p := r.Prompt(s2); s2.Combat == nil && len(p.Focus) != 0 {
		t.Errorf("no fight under way, yet the prompt focuses on %v", p.Focus)
	}
	// a stage's end keeps its marks and drops those of the stage before
	s3 := s2.clone()
	s3.Recent = append([]Note{{Kind: "move", From: b, At: att}}, s3.Recent...)
	s3.RecentFrom = 1
	s3.Phase = PhaseEnd1 // the stage ends
	r.remember(s3, s2.stage(), &events{})
	if !slices.Equal(s3.Recent, s2.Recent) || s3.RecentFrom != len(s2.Recent) {
		t.Errorf("a stage's end: marks %+v from %d, want %+v from %d", s3.Recent, s3.RecentFrom, s2.Recent, len(s2.Recent))
	}
}

// Issue 30, item 2, DESIGN invariant 1: a mark is seen by its event's
// audience only (the VM's own news stays off the FEF's and the public's
// map), and a mark off the map is not kept.
func TestRecentMarksByAudience(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1953")
	ev := &events{}
	ev.pub("public")
	ev.mark("fire", "", "0919")
	ev.to(VM, "the VM's own")
	ev.list[len(ev.list)-1].Marks = []adjudicator.Mark{{Kind: "move", From: "0217", At: "0318"}}
	ev.pub("off the map")
	ev.mark("loss", "", LocDead)
	r.remember(s, s.stage(), ev)
	count := func(v adjudicator.Viewer) (all, vm int) {
		b := r.View(s, v).Board.(BoardView)
		for _, n := range b.Recent {
			all++
			if n.Side == VM {
				vm++
			}
		}
		return
	}
	for _, c := range []struct {
		v       adjudicator.Viewer
		all, vm int
	}{{adjudicator.Public, 1, 0}, {adjudicator.ViewerOf(FEF), 1, 0}, {adjudicator.ViewerOf(VM), 2, 1}, {adjudicator.Viewer{Referee: true}, 2, 1}} {
		if all, vm := count(c.v); all != c.all || vm != c.vm {
			t.Errorf("%s sees %d marks (%d the VM's), want %d (%d)", c.v, all, vm, c.all, c.vm)
		}
	}
}

// Invariant 1: a standing order is private: it leaves the map's marks
// as they are, whoever gives it.
func TestRecentMarksStayOverAStandingOrder(t *testing.T) {
	r := rules(t)
	s1, b, _ := evadeAsked(t, r)
	s1.RecentFrom = len(s1.Recent)
	for _, side := range []string{FEF, VM} {
		s2, _ := do(t, r, s1, side, "standing retreat no")
		if !slices.Equal(s2.Recent, s1.Recent) || s2.RecentFrom != s1.RecentFrom {
			t.Errorf("%s's standing order changed the marks of the attack on %s: %+v from %d, then %+v from %d", side, b, s1.Recent, s1.RecentFrom, s2.Recent, s2.RecentFrom)
		}
	}
}
