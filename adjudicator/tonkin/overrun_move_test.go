package tonkin

import (
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// 6.4, 6.3 a) (RULINGS T62): an overrun is part of a move: the stack
// moves, overruns, advances when the hex is cleared and goes on along its
// path, all for one operation point; units not overrunning move along.

// line3 finds three bare clear hexes a, b, c of Vietnam in a row (b next
// to a and c, c not next to a), with no road, rail or river between them.
func line3(t *testing.T, r *Rules) (a, b, c string) {
	t.Helper()
	ok := func(id string) bool {
		h := r.hexes[id]
		_, urb := r.urbanHex[id]
		return h.Terrain == "clear" && h.Country == "vietnam" && !h.Coastal && !urb && len(r.geo.riversAt[id]) == 0
	}
	noRoad := func(x, y string) bool { return !r.geo.road[edge(x, y)] && !r.geo.rail[edge(x, y)] }
	for _, a := range r.geo.ids {
		if !ok(a) {
			continue
		}
		for _, b := range r.neighbors(a) {
			if !ok(b) || !noRoad(a, b) {
				continue
			}
			for _, c := range r.neighbors(b) {
				if c != a && !Adjacent(a, c) && ok(c) && noRoad(b, c) {
					return a, b, c
				}
			}
		}
	}
	t.Fatal("no three clear hexes in a row")
	return
}

// The FEF's move overruns a hidden counter that is a dummy: the dummy
// goes, the battalion advances and goes on to c, with the HQ moving along
// without overrunning; one operation point in all.
func TestRule6_4_OverrunIsPartOfAMove(t *testing.T) {
	r := rules(t)
	a, b, c := line3(t, r)
	bep, hq, dum := idOf(t, r, "BEP"), idOf(t, r, "HQ"), idOf(t, r, "DUMMY")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, hq: a, dum: b})
	s.unit(dum).Hidden = true
	order := "move " + a + " " + b + " " + c
	if !slices.Contains(adjudicator.Orders(r.Legal(s, FEF)), order) {
		t.Fatalf("the tree does not offer %q", order)
	}
	s1, ev := do(t, r, s, FEF, order)
	has(t, ev, "overruns "+b, "dummy", "6.14: the FEF advances into "+b+": "+bep, "5.1: the FEF moves "+hq+" from "+a+" to "+b, "5.1: the FEF moves "+bep+", "+hq+" from "+b+" to "+c, "6.3 a): the FEF spends an operation point (9 left).")
	if s1.unit(bep).Loc != c || s1.unit(hq).Loc != c || s1.OpsFEF != 9 || s1.Combat != nil {
		t.Errorf("after the move: %s at %s, %s at %s, points %d, combat %+v", bep, s1.unit(bep).Loc, hq, s1.unit(hq).Loc, s1.OpsFEF, s1.Combat)
	}
	// the HQ alone may not overrun (it does not fight, 6.13)
	refused(t, r, s, FEF, "move "+token(hq)+" "+b, "may overrun")
	// the first overrun's hex is next to the stack or reached by a path
	refused(t, r, s, FEF, "move "+token(bep)+" "+c+" "+b, "is not next to "+a)
}

// When the overrun does not clear the hex, the move ends where the stack
// stands and the rest of the path is not taken (RULINGS T62); the point
// is spent all the same.
func TestRule6_4_OverrunHeldEndsTheMove(t *testing.T) {
	r := rules(t)
	a, b, c := line3(t, r)
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
	// 5 against 6+: the dice 1+1 hold the hex; Desorg rolls 6, 6
	s1, ev := do(t, r, s, FEF, "move "+token(bep)+" "+b+" "+c, 1, 1, 6, 6)
	has(t, ev, "overruns "+b, "6.4: the overrun of "+b+" did not clear it: the move ends there", "6.3 a): the FEF spends an operation point (9 left).")
	if u := s1.unit(bep); u != nil && u.Loc != a && onMap(u.Loc) {
		t.Errorf("%s went on to %s", bep, u.Loc)
	}
	if s1.OpsFEF != 9 {
		t.Errorf("points %d, want 9", s1.OpsFEF)
	}
}

// 6.12 (RULINGS T63): "when they overrun or attack with troops": the VM
// may add its Bolshevik spirit to an overrun, in a move or an `overrun`.
func TestRule6_12_SpiritOnOverrun(t *testing.T) {
	r := rules(t)
	a, b, _ := line3(t, r)
	reg, bep := idOf(t, r, "REG"), idOf(t, r, "BEP")
	for _, order := range []string{"overrun " + token(reg) + " " + b + " spirit", "move " + token(reg) + " " + b + " spirit"} {
		s := opsState(t, r, VM, a, map[string]string{reg: a, bep: b})
		if !slices.Contains(adjudicator.Orders(r.Legal(s, VM)), order) {
			t.Errorf("the tree does not offer %q", order)
		}
		// spirit die 2, combat 3+3, Desorg 6, 6
		_, ev := do(t, r, s, VM, order, 2, 3, 3, 6, 6)
		has(t, ev, "Bolshevik spirit (die 2) +2", "6.12: the VM loses an extra step for its Bolshevik spirit.")
	}
	s := opsState(t, r, FEF, b, map[string]string{reg: a, bep: b})
	refused(t, r, s, FEF, "move "+token(bep)+" "+a+" spirit", "Bolshevik spirit is the VM's")
	refused(t, r, s, FEF, "overrun "+token(bep)+" "+a+" spirit", "Bolshevik spirit is the VM's")
}

// Every move with an overrun the tree offers is accepted (a sample of
// the 1953 scenario's first operation phase, both sides).
func TestRule6_4_OverrunMovesOffered(t *testing.T) {
	r := rules(t)
	a, b, c := line3(t, r)
	bep, bpc, dum := idOf(t, r, "BEP"), idOf(t, r, "BPC"), idOf(t, r, "DUMMY")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, bpc: a, dum: b})
	s.unit(dum).Hidden = true
	n := 0
	for _, o := range adjudicator.Orders(r.Legal(s, FEF)) {
		if !strings.HasPrefix(o, "move ") || !strings.Contains(o, " "+b) {
			continue
		}
		n++
		if _, _, err := r.Apply(s, FEF, o, &dice{}); err != nil {
			t.Errorf("%q offered and refused: %v", o, err)
		}
	}
	if n < 3 {
		t.Errorf("only %d overrun moves offered", n)
	}
	_ = c
}
