package tonkin

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/fixture"
)

// 6.4 (RULINGS T62 c): "Pay for the terrain (not road/rail) and an extra
// 3 movement points. You don't have to pay the 3 movement points if the
// opponent turns out to be a dummy or if the unit retreats before
// combat". A move may name a path beyond the overrun that only the 3
// given back pay for: it is accepted whatever the defender holds, and the
// stack goes on past the overrun only if it costs no 3 (a dummy, a
// retreat before combat); else it stops in the hex (the defender dies)
// or before it (the defender holds).

// chain finds n hexes of Vietnam, each next to the one before it and to
// no earlier one, with no road or rail along it: the first three bare
// and clear, the others of any land but mountain, urban areas left out.
func chain(t *testing.T, r *Rules, n int) []string {
	t.Helper()
	ok := func(id string, i int) bool {
		h := r.hexes[id]
		_, urb := r.urbanHex[id]
		if i > 2 {
			return h.Terrain != "sea" && h.Terrain != "mountain" && h.Country == "vietnam" && !urb
		}
		return h.Terrain == "clear" && h.Country == "vietnam" && !h.Coastal && !urb && len(r.geo.riversAt[id]) == 0
	}
	var grow func(c []string) []string
	grow = func(c []string) []string {
		if len(c) == n {
			return c
		}
		last := c[len(c)-1]
		for _, h := range r.neighbors(last) {
			if !ok(h, len(c)) || r.geo.road[edge(last, h)] || r.geo.rail[edge(last, h)] || slices.ContainsFunc(c[:len(c)-1], func(x string) bool { return x == h || Adjacent(x, h) }) || h == last {
				continue
			}
			if out := grow(append(slices.Clone(c), h)); out != nil {
				return out
			}
		}
		return nil
	}
	for _, a := range r.geo.ids {
		if ok(a, 0) {
			if c := grow([]string{a}); c != nil {
				return c
			}
		}
	}
	t.Fatalf("no chain of %d hexes", n)
	return nil
}

// refundSetup: 1 BEP at c[0] in the FEF's operation phase, def (a VM
// unit type's id) hidden at c[1], and the longest path along the chain
// the order accepts: one that needs the overrun's 3 back (checked here).
func refundSetup(t *testing.T, r *Rules, def string) (s *State, c []string, bep, order string) {
	t.Helper()
	return refundSetupOn(t, r, def, true)
}

// refundSetupOn is refundSetup with def hidden or not.
func refundSetupOn(t *testing.T, r *Rules, def string, hide bool) (s *State, c []string, bep, order string) {
	t.Helper()
	c = chain(t, r, 6)
	bep = idOf(t, r, "BEP")
	s = opsState(t, r, FEF, c[0], map[string]string{bep: c[0], def: c[1]})
	s.unit(def).Hidden = hide
	k := 2
	for ; k < len(c); k++ {
		if _, err := r.planOverrun(s, FEF, append([]string{token(bep)}, c[1:k+1]...)); err != nil {
			break
		}
	}
	if k == len(c) || k < 3 {
		t.Fatalf("the chain %v gives no path ending before it: %d", c, k)
	}
	c = c[:k]
	b := r.moveBoard(s, FEF)
	cost, _, why := r.checkPathX(b, s.unit(bep), c[1:], c[1:2])
	ma, _ := r.allowance(s.unit(bep))
	if why != "" || cost > ma || cost+overrunRefund <= ma {
		t.Fatalf("the path %v costs %s without the overrun's 3 (%q), %s has %s: it must need them back", c[1:], halves(cost), why, bep, halves(ma))
	}
	return s, c, bep, "move " + token(bep) + " " + strings.Join(c[1:], " ")
}

// The defender is a dummy: the overrun costs no 3 and the stack goes on
// to the end of its path, for one operation point.
func TestRule6_4_T62c_OverrunDummyAndContinue(t *testing.T) {
	r := rules(t)
	dum := idOf(t, r, "DUMMY")
	s, c, bep, order := refundSetup(t, r, dum)
	end := c[len(c)-1]
	s1, ev := do(t, r, s, FEF, order)
	has(t, ev, dum+" (a dummy, removed to the dead box)", "6.14: the FEF advances into "+c[1],
		"6.4: the overrun of "+c[1]+" costs no 3 more movement points, its defender being a dummy or gone before combat (RULINGS T62 c).",
		"from "+c[1]+" to "+end, "6.3 a): the FEF spends an operation point (9 left).")
	if s1.unit(bep).Loc != end || s1.OpsFEF != 9 || s1.Combat != nil {
		t.Errorf("%s at %s (want %s), points %d, combat %+v", bep, s1.unit(bep).Loc, end, s1.OpsFEF, s1.Combat)
	}
}

// The defender retreats before combat (6.5): the overrun costs no 3 and
// the stack goes on.
func TestRule6_4_T62c_RetreatBeforeCombatAndContinue(t *testing.T) {
	r := rules(t)
	grp := idOf(t, r, "VMG")
	s, c, bep, order := refundSetup(t, r, grp)
	stand(s, VM, "evade", "ask")
	s1, _ := do(t, r, s, FEF, order)
	if s1.Combat == nil || s1.Combat.Ask != "evade" || s1.Combat.Slack == nil {
		t.Fatalf("the VM is not asked to retreat before combat: %+v", s1.Combat)
	}
	// a hex off the path
	var to string
	for _, o := range asked(t, r, s1, VM, "6.5") {
		if h, ok := strings.CutPrefix(o, "evade "); ok && h != "no" && !slices.Contains(c, h) {
			to = h
			break
		}
	}
	if to == "" {
		t.Fatal("no hex off the path to retreat to")
	}
	end := c[len(c)-1]
	s2, ev := do(t, r, s1, VM, "evade "+to)
	has(t, ev, "6.5: "+grp+" retreats before combat from "+c[1]+" to "+to, "costs no 3 more movement points",
		"from "+c[1]+" to "+end, "6.3 a): the FEF spends an operation point (9 left).")
	if s2.unit(bep).Loc != end || s2.OpsFEF != 9 || s2.Combat != nil {
		t.Errorf("%s at %s (want %s), points %d, combat %+v", bep, s2.unit(bep).Loc, end, s2.OpsFEF, s2.Combat)
	}
}

// The defender fights: when it dies the overrunning units must advance
// into its hex (6.4) and, having paid the 3, stop there; when it holds
// the move ends where the stack stands. The point is spent either way.
func TestRule6_4_T62c_DefenderFightsTheStackStops(t *testing.T) {
	r := rules(t)
	grp := idOf(t, r, "VMG")
	s, c, bep, order := refundSetup(t, r, grp)
	// dies: 2DL on 6+6 (2 steps: the group is gone); Desorg dice 6, 6
	s1, ev := do(t, r, s, FEF, order, 6, 6, 6, 6)
	has(t, ev, "6.14: the FEF advances into "+c[1],
		"6.4: the overrun of "+c[1]+" cost the terrain and 3 more movement points, its defender being neither a dummy nor gone before combat: "+bep+" has not the points left to go on; the move ends at "+c[1]+" (RULINGS T62 c).",
		"6.3 a): the FEF spends an operation point (9 left).")
	if u := s1.unit(grp); onMap(u.Loc) {
		t.Fatalf("the group survived at %s:\n%s", u.Loc, ev)
	}
	if s1.unit(bep).Loc != c[1] || s1.OpsFEF != 9 || s1.Combat != nil {
		t.Errorf("%s at %s (want %s), points %d, combat %+v", bep, s1.unit(bep).Loc, c[1], s1.OpsFEF, s1.Combat)
	}
	// holds: 1+1, Desorg 6, 6
	s2, ev := do(t, r, s, FEF, order, 1, 1, 6, 6)
	has(t, ev, "6.4: the overrun of "+c[1]+" did not clear it: the move ends there", "6.3 a): the FEF spends an operation point (9 left).")
	if u := s2.unit(bep); onMap(u.Loc) && u.Loc != c[0] {
		t.Errorf("%s went on to %s", bep, u.Loc)
	}
	// a path the stack affords with the 3 paid goes on when the defender
	// dies, as before the ruling
	short := "move " + token(bep) + " " + strings.Join(c[1:len(c)-1], " ")
	if p, err := r.planOverrun(s, FEF, strings.Fields(short)[1:]); err != nil || p.slack != nil || len(p.path) < 2 {
		t.Fatalf("%q: %v, plan %+v", short, err, p)
	}
	s3, ev := do(t, r, s, FEF, short, 6, 6, 6, 6)
	if s3.unit(bep).Loc != c[len(c)-2] || strings.Contains(ev, "RULINGS T62 c") {
		t.Errorf("%q: %s at %s, want %s:\n%s", short, bep, s3.unit(bep).Loc, c[len(c)-2], ev)
	}
}

// RULINGS T62 c, T21, DESIGN invariant 1: the FEF cannot see whether a
// hidden counter is a dummy; the tree it is offered, and whether its
// order is accepted (or why it is refused), are the same whatever the
// hidden counters are: a dummy, a VM-group, two VM-groups.
func TestRule6_4_T62c_AcceptanceTellsNothingHidden(t *testing.T) {
	r := rules(t)
	dum, grp, grp2 := idOf(t, r, "DUMMY"), idOf(t, r, "VMG"), idOf(t, r, "VMG", idOf(t, r, "VMG"))
	s0, c, bep, order := refundSetup(t, r, dum)
	longer := "move " + token(bep) + " " + strings.Join(c[1:], " ") + " " + func() string {
		for _, h := range r.neighbors(c[len(c)-1]) {
			if !slices.Contains(c, h) && r.hexes[h].Terrain != "sea" {
				return h
			}
		}
		t.Fatal("no hex after the path")
		return ""
	}()
	var trees, outcomes []string
	for _, defs := range [][]string{{dum}, {grp}, {grp, grp2}} {
		place := map[string]string{bep: c[0]}
		for _, d := range defs {
			place[d] = c[1]
		}
		s := opsState(t, r, FEF, c[0], place)
		for _, d := range defs {
			s.unit(d).Hidden = true
		}
		tree, _ := json.Marshal(r.Legal(s, FEF))
		trees = append(trees, string(tree))
		var out []string
		for _, o := range []string{order, longer, "move " + token(bep) + " " + c[1] + " " + c[2]} {
			_, _, err := r.Apply(s, FEF, o, &loose{})
			out = append(out, o+": "+errText(err))
		}
		outcomes = append(outcomes, strings.Join(out, "\n"))
	}
	for i := 1; i < len(trees); i++ {
		if trees[i] != trees[0] {
			t.Errorf("the FEF's tree differs when the hidden counter is another:\n%.800s\n%.800s", trees[0], trees[i])
		}
		if outcomes[i] != outcomes[0] {
			t.Errorf("acceptance differs when the hidden counter is another:\n%s\n--\n%s", outcomes[0], outcomes[i])
		}
	}
	if !strings.Contains(outcomes[0], order+": accepted") || !strings.Contains(outcomes[0], "even if the overrun of "+c[1]+" costs no 3 more (6.4: not when the defender is a dummy or retreats before combat), it has") {
		t.Errorf("outcomes:\n%s", outcomes[0])
	}
	// the tree offers the step after the overrun that needs the 3 back
	_ = s0
	two := "move " + token(bep) + " " + c[1] + " " + c[2]
	if !slices.Contains(adjudicator.Orders(r.Legal(s0, FEF)), two) {
		t.Errorf("the tree does not offer %q", two)
	}
}

// loose is dice that roll 3 for ever, for orders whose outcome is not
// the point.
type loose struct{}

func (*loose) Roll(int) int { return 3 }

func errText(err error) string {
	if err == nil {
		return "accepted"
	}
	return err.Error()
}

// RULINGS T62 c: a game recorded before the ruling replays to exactly
// the state it reached then: an order accepted before was affordable with
// every overrun's 3 paid, and goes on as it did, whatever its fights
// cost. The records were made by the build at aa7af50: the console
// script overrun-in-a-move.txt as it was then (a move past a dummy,
// a unit moving along), and the first 57 orders of a random 1951 game
// that stop inside an overrun move with the rest of its path to take
// and a question put to the VM (the combat in the state, encoded).
func TestRule6_4_T62c_RecordsBeforeReplayByteIdentically(t *testing.T) {
	for _, name := range []string{"record-before-t62c-script", "record-before-t62c-pending"} {
		_, s, got := fixture.Replayed(t, rules(t), "testdata/"+name+".json")
		if want := fixture.Read(t, "testdata/"+name+".state.json"); !bytes.Equal(got, want) {
			t.Errorf("%s replays to another state:\n got %s\nwant %s", name, got, want)
		}
		if name == "record-before-t62c-pending" {
			if c := st(s).Combat; c == nil || !c.Move || len(c.Path) == 0 || c.Ask == "" || c.Slack != nil {
				t.Errorf("%s: the record must stop inside an overrun move with a path to go: %+v", name, c)
			}
		}
	}
}

// Two overruns in one move (RULINGS T62 c): the stack enters the second
// when it can pay the second's terrain and 3 with what the first really
// cost, and goes past the second as its own 3 allow. Two dummies: both
// cost no 3 and the stack reaches the end of a path that needed them.
// A group that dies at the first: its 3 are paid, and the stack goes on
// only if, with them paid, every later step still fits (the second
// overrun with its 3): the arithmetic is done here again from the
// costs of the path's steps.
func TestRule6_4_T62c_TwoOverrunsInAMove(t *testing.T) {
	r := rules(t)
	c := chain(t, r, 6)
	bep, dum, dum2, grp := idOf(t, r, "BEP"), idOf(t, r, "DUMMY"), idOf(t, r, "DUMMY", idOf(t, r, "DUMMY")), idOf(t, r, "VMG")
	place := func(first string) *State {
		s := opsState(t, r, FEF, c[0], map[string]string{bep: c[0], first: c[1], dum2: c[2]})
		s.unit(first).Hidden, s.unit(dum2).Hidden = true, true
		return s
	}
	s := place(dum)
	if _, err := r.planOverrun(s, FEF, []string{token(bep), c[1], c[2]}); err != nil {
		t.Fatal(err)
	}
	k := 2
	for ; k+1 < len(c); k++ {
		if _, err := r.planOverrun(s, FEF, append([]string{token(bep)}, c[1:k+2]...)); err != nil {
			break
		}
	}
	path := c[1 : k+1]
	order := "move " + token(bep) + " " + strings.Join(path, " ")
	// the costs of the path's steps, the overruns' 3 not counted
	b := r.moveBoard(s, FEF)
	ma, _ := r.allowance(s.unit(bep))
	var cum []int
	for j := range path {
		cost, _, why := r.checkPathX(b, s.unit(bep), path[:j+1], []string{c[1], c[2]})
		if why != "" {
			t.Fatalf("%v: %s", path[:j+1], why)
		}
		cum = append(cum, cost)
	}
	if cum[len(cum)-1]+overrunRefund <= ma {
		t.Fatalf("the path %v costs %s without the overruns' 3, %s has %s: it must need one back", path, halves(cum[len(cum)-1]), bep, halves(ma))
	}
	s1, ev := do(t, r, s, FEF, order)
	if s1.unit(bep).Loc != path[len(path)-1] || s1.unit(dum2).Loc != LocDead || s1.OpsFEF != 9 {
		t.Errorf("two dummies: %s at %s, want %s; points %d\n%s", bep, s1.unit(bep).Loc, path[len(path)-1], s1.OpsFEF, ev)
	}
	if strings.Count(ev, "costs no 3 more movement points") != 2 {
		t.Errorf("two dummies, two overruns without their 3:\n%s", ev)
	}
	// the group dies at the first (2DL on 6+6; Desorg 6, 6)
	goOn := true
	for j := 1; j < len(path); j++ {
		x := cum[j] + overrunRefund // the first's 3, paid
		if path[j] == c[2] {
			x += overrunRefund
		}
		goOn = goOn && x <= ma
	}
	s2, ev := do(t, r, place(grp), FEF, order, 6, 6, 6, 6)
	want := c[1]
	if goOn {
		want = path[len(path)-1]
	}
	if s2.unit(bep).Loc != want || onMap(s2.unit(grp).Loc) {
		t.Errorf("the group dies at %s: %s at %s, want %s (path %v, costs %v of %d)\n%s", c[1], bep, s2.unit(bep).Loc, want, path, cum, ma, ev)
	}
	if !goOn && !strings.Contains(ev, "has not the points left to go on; the move ends at "+c[1]) {
		t.Errorf("no word of the points:\n%s", ev)
	}
	t.Logf("path %v, costs %v of %d: goes on after paying at %s: %v", path, cum, ma, c[1], goOn)
}

// RULINGS T62 c (1): a hex that holds only a VM supply dump is emptied by
// no dummy and no retreat before combat: the dump is taken as the stack
// walks in (3.10), the overrun costs its 3, and a path that needed them
// back ends in the hex.
func TestRule6_4_T62c_DumpWalkedOverCostsThe3(t *testing.T) {
	r := rules(t)
	s, c, bep, order := refundSetupOn(t, r, "VM DR 2", false)
	if r.typ(s.unit("VM DR 2")).Kind != "dump" {
		t.Fatal("VM DR 2 is no dump")
	}
	s1, ev := do(t, r, s, FEF, order)
	has(t, ev, "3.10: the FEF captures the VM's supply dump VM DR 2", "6.14: the FEF advances into "+c[1],
		"the move ends at "+c[1]+" (RULINGS T62 c)", "6.3 a): the FEF spends an operation point (9 left).")
	if s1.unit(bep).Loc != c[1] || onMap(s1.unit("VM DR 2").Loc) {
		t.Errorf("%s at %s, want %s; the dump at %s", bep, s1.unit(bep).Loc, c[1], s1.unit("VM DR 2").Loc)
	}
}

// RULINGS T62 c (1): "the unit" that retreats before combat is the
// opponent's, on either side: a VM regiment overruns a GCMA (6.5: "a
// VM-group/GCMA ... may retreat 1 hex before combat"); the FEF answers
// with a retreat, the overrun costs no 3, and the regiment goes on along
// a path that needed them.
func TestRule6_4_T62c_VMOverrunsAGCMAThatRetreats(t *testing.T) {
	r := rules(t)
	// the GCMA come with 1953: that set-up, bare, the VM spending points
	var reg, gcma string
	for _, u := range setup(t, r, "1953").Units {
		if u.Type == "GCMA" && gcma == "" {
			gcma = u.ID
		}
		if u.Type == "REG" && reg == "" {
			reg = u.ID
		}
	}
	opsState := func(t *testing.T, r *Rules, side, dump string, place map[string]string) *State {
		s := setup(t, r, "1953")
		s.Garrisons = nil
		place["VM DR 1"] = dump
		for _, u := range s.Units {
			u.Loc = LocSaigon
			if h, ok := place[u.ID]; ok {
				u.Loc = h
			}
		}
		s.unit("VM DR 1").Spent = true
		s.First, s.Phase, s.Step, s.Mover, s.Chunk, s.OpsFEF, s.OpsVM = VM, PhaseOps1, StepPoints, VM, 3, 10, 10
		s.Standing = map[string]Standing{FEF: answered, VM: answered}
		return s
	}
	land := func(h string) bool {
		x := r.hexes[h]
		_, urb := r.urbanHex[h]
		return x.Terrain != "sea" && x.Country == "vietnam" && !urb
	}
	for _, h := range r.geo.ids {
		if !r.hexes[h].Montagnard || !land(h) {
			continue
		}
		for _, a := range r.neighbors(h) {
			if !land(a) {
				continue
			}
			s := opsState(t, r, VM, a, map[string]string{reg: a, gcma: h})
			stand(s, FEF, "evade", "ask")
			// the longest path on from h, one hex at a time, that the
			// order accepts
			path := []string{h}
			for {
				var next string
				for _, n := range r.neighbors(path[len(path)-1]) {
					if !land(n) || n == a || slices.Contains(path, n) || Adjacent(n, a) {
						continue
					}
					if _, err := r.planOverrun(s, VM, append([]string{token(reg)}, append(slices.Clone(path), n)...)); err == nil {
						next = n
						break
					}
				}
				if next == "" {
					break
				}
				path = append(path, next)
			}
			if len(path) < 2 {
				continue
			}
			p, err := r.planOverrun(s, VM, append([]string{token(reg)}, path...))
			if err != nil || p.slack == nil {
				continue // a path the regiment affords with the 3 paid
			}
			s1, _ := do(t, r, s, VM, "move "+token(reg)+" "+strings.Join(path, " "))
			if s1.Combat == nil || s1.Combat.Ask != "evade" || s1.Combat.Asked != FEF {
				continue // no hex for the GCMA to retreat to
			}
			var to string
			for _, o := range asked(t, r, s1, FEF, "6.5") {
				if x, ok := strings.CutPrefix(o, "evade "); ok && x != "no" && !slices.Contains(path, x) {
					to = x
				}
			}
			if to == "" {
				continue
			}
			s2, ev := do(t, r, s1, FEF, "evade "+to)
			has(t, ev, "6.5: "+gcma+" retreats before combat from "+h+" to "+to, "costs no 3 more movement points", "6.3 a): the VM spends an operation point (9 left).")
			if s2.unit(reg).Loc != path[len(path)-1] || s2.Combat != nil {
				t.Errorf("%s at %s, want %s; combat %+v\n%s", reg, s2.unit(reg).Loc, path[len(path)-1], s2.Combat, ev)
			}
			t.Logf("%s from %s along %v, %s retreating to %s", reg, a, path, gcma, to)
			return
		}
	}
	t.Fatal("no montagnard hex where a regiment's path needs the GCMA's retreat")
}
