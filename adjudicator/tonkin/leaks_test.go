package tonkin

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Leak twins (DESIGN invariant 1; Basics: Stacking: "You may view what's
// in enemy stacks, except VM stacks in forest"; RULINGS T16, T22, T27,
// T38, T58): games that differ only in what two closed forest stacks
// hold, the same counters split between them the same way in number,
// must read the same to the FEF and the public, event for event, prompt
// for prompt (who is awaited, the question and its default), view for
// view (the maps are drawn from the views), refusal for refusal and in
// the FEF's legal orders, through barrages with every result, the step
// asked, Desorg, an air transport to the airstrip next to the stack and
// the 7.0 cleanup.

// leakSite: an FEF-friendly airstrip on open ground (the FEF stack and
// the air transport's destination) next to a closed forest hex of
// Vietnam (the stack barraged), and a second closed hex far from both
// (the rest of the VM's counters).
type leakSite struct{ strip, closed, far string }

func findLeakSite(t *testing.T, r *Rules, s *State) leakSite {
	t.Helper()
	for _, u := range r.d.Map.Urban {
		h := r.hexes[u.Hex]
		if !u.Airstrip || u.Hex == "0919" || h.Country != "vietnam" || r.Opaque(u.Hex) || slices.Contains(s.VMFriendly, u.Name) {
			continue
		}
		b := nextTo(r, u.Hex, func(x Hex) bool {
			_, urb := r.urbanHex[x.ID]
			return r.Opaque(x.ID) && x.Country == "vietnam" && !x.Coastal && !urb
		})
		if b == "" {
			continue
		}
		for _, id := range r.geo.ids {
			x := r.hexes[id]
			if _, urb := r.urbanHex[id]; !urb && r.Opaque(id) && x.Country == "vietnam" && !x.Coastal &&
				hexDist(id, u.Hex) > 6 && hexDist(id, "0919") > 6 {
				return leakSite{strip: u.Hex, closed: b, far: id}
			}
		}
	}
	t.Fatal("no airstrip next to a closed forest hex")
	return leakSite{}
}

// leakPool: the VM counters the twins share out between the two closed
// stacks: Uncle Ho, a dump, two regiments, the Pathet Lao, a VM-group and
// a dummy (hidden as they set up).
// strikes: every airstrike of a sunny turn (6.6 b), for a result through
// the forest's -2.
const strikes = "air air air air air air"

var leakPool = []string{"HO 1", "VM DR 1", "304/57", "304/66", "PL 1", "VMG 1", "DUMMY 1"}

// leakTwins: the stack barraged holds each of these in turn, the far
// stack the rest. A dummy hit by a barrage's result goes to the open dead
// box (Basics: Counters: "If it is a dummy, just remove it to the dead
// box"), which the rules show: the twins with a dummy at the stack hit
// are compared only where nothing hits it (RULINGS T58).
var leakTwins = [][]string{
	{"HO 1", "VM DR 1"},  // Uncle Ho and a dump alone: nothing can be Desorg or lose a step
	{"304/57", "304/66"}, // two regiments
	{"304/57", "HO 1"},   // one regiment and Uncle Ho
	{"PL 1", "VMG 1"},    // the Pathet Lao and a VM-group, hidden
	{"VM DR 1", "PL 1"},  // a dump and the Pathet Lao
	{"304/66", "DUMMY 1"},
}

func hasDummy(in []string) bool { return slices.Contains(in, "DUMMY 1") }

// leakState: scenario 1950 bare, the FEF spending points with its dump
// and a paratroop battalion at the airstrip, a battalion at Hanoi to fly
// there, the VM counters of in at the closed hex and the rest far away.
func leakState(t *testing.T, r *Rules, site leakSite, in []string, st Standing) *State {
	t.Helper()
	bep := idOf(t, r, "BEP")
	place := map[string]string{bep: site.strip, idOf(t, r, "BPC"): "0919"}
	for _, id := range leakPool {
		place[id] = site.far
	}
	for _, id := range in {
		place[id] = site.closed
	}
	s := opsState(t, r, FEF, site.strip, place)
	s.Standing = map[string]Standing{FEF: answered, VM: st}
	s.FEFAir = 6
	s.FEFStrikes = 6
	for _, id := range leakPool {
		if s.unit(id) == nil {
			t.Fatalf("no %s in 1950", id)
		}
	}
	return s
}

// fefReads is everything the FEF and the public are shown of a state:
// both views (tracks, stacks and status; the maps are drawn from them),
// the prompt (who is awaited, the question, its default) and the FEF's
// legal orders.
func fefReads(r *Rules, s *State) string {
	var b strings.Builder
	for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(FEF)} {
		j, _ := json.Marshal(r.View(s, v))
		b.Write(j)
		b.WriteByte('\n')
	}
	p, _ := json.Marshal(r.Prompt(s))
	b.Write(p)
	b.WriteByte('\n')
	b.WriteString(strings.Join(adjudicator.Orders(r.Legal(s, FEF)), "\n"))
	return b.String()
}

// fefHears applies an order and returns the next state and what the FEF
// and the public hear, or the refusal's text.
func fefHears(r *Rules, s *State, side, order string, rolls []int) (*State, string) {
	d := dice(append([]int{}, rolls...))
	ns, evs, err := r.Apply(s, adjudicator.Side(side), order, &d)
	if err != nil {
		return s, "refused: " + err.Error()
	}
	var out []string
	for _, e := range evs {
		if adjudicator.ViewerOf(FEF).Sees(e.Audience) || adjudicator.Public.Sees(e.Audience) {
			out = append(out, e.Text)
		}
	}
	return ns.(*State), strings.Join(out, "\n")
}

// firstDiff shows where two texts part: the lines of one missing from
// the other, and the first difference.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	var only []string
	for _, x := range la {
		if !slices.Contains(lb, x) && len(x) < 300 {
			only = append(only, "- "+x)
		}
	}
	for _, x := range lb {
		if !slices.Contains(la, x) && len(x) < 300 {
			only = append(only, "+ "+x)
		}
	}
	if len(only) > 0 && len(only) < 40 {
		return strings.Join(only, "\n")
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-200)
	return fmt.Sprintf("%s\n---\n%s", a[lo:min(len(a), i+200)], b[lo:min(len(b), i+200)])
}

// barrageRolls: dice for each barrage result of `air air` at the closed
// hex: the first pair of each result, found on the first twin.
func barrageRolls(t *testing.T, r *Rules, site leakSite) map[string][]int {
	t.Helper()
	out := map[string][]int{}
	s := leakState(t, r, site, leakTwins[1], answered)
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			_, ev := fefHears(r, s, FEF, "barrage "+site.closed+" "+strikes, []int{a, b})
			for _, res := range []string{"a miss", "DG & DL", "DG"} {
				if strings.Contains(ev, ": "+res+".") {
					if out[res] == nil {
						out[res] = []int{a, b}
					}
					break
				}
			}
		}
	}
	for _, res := range []string{"a miss", "DG", "DG & DL"} {
		if out[res] == nil {
			t.Fatalf("no dice give %q", res)
		}
	}
	return out
}

// The play compared: the FEF barrages the closed stack; the VM answers
// the step it is asked (`loss most`, a word legal whatever the stack
// holds) unless its standing order does; the FEF flies a battalion to the
// airstrip next to the stack and tries orders into it; the 7.0 cleanup.
func leakPlay(t *testing.T, r *Rules, site leakSite, in []string, st Standing, rolls []int) []string {
	t.Helper()
	s := leakState(t, r, site, in, st)
	var out []string
	look := func(what string) { out = append(out, what+"\n"+fefReads(r, s)) }
	look("before")
	var ev string
	s, ev = fefHears(r, s, FEF, "barrage "+site.closed+" "+strikes, rolls)
	out = append(out, "barrage: "+ev)
	look("after the barrage")
	if s.Combat != nil && s.Combat.Asked == VM {
		s, ev = fefHears(r, s, VM, "loss most", nil)
		out = append(out, "loss most: "+ev)
		look("after the answer")
	}
	for _, o := range []string{
		"air 0919 " + site.strip, // 5.6: doubled next to a closed stack, whatever it holds
		// a move into the closed hex is an overrun (RULINGS T62), which
		// opens the stack (T27); the FEF's Bolshevik spirit on it is
		// refused the same whatever the stack holds
		"move " + site.strip + " " + site.closed + " spirit",
		"reorg " + site.closed,
		"trench " + site.strip + " " + site.strip,
		"barrage " + site.closed + " navy",
	} {
		var ev string
		s, ev = fefHears(r, s, FEF, o, nil)
		out = append(out, o+": "+ev)
		look("after " + o)
	}
	e := &events{}
	r.cleanup(s, e)
	var cl []string
	for _, x := range e.list {
		if adjudicator.ViewerOf(FEF).Sees(x.Audience) {
			cl = append(cl, x.Text)
		}
	}
	out = append(out, "7.0: "+strings.Join(cl, "\n"))
	look("after the cleanup")
	return out
}

// Basics (Stacking), 6.6, 6.13, 6.17, 5.6, 7.0; RULINGS T16, T22, T27,
// T38, T58: a barrage on a closed forest stack, with each result, with
// the step asked or answered by the standing order, then an air
// transport next to it and the cleanup, read the same to the FEF and
// the public whatever the stack holds.
func TestRule6_6_BarrageOnAClosedStackTwins(t *testing.T) {
	r := rules(t)
	site := findLeakSite(t, r, leakState(t, r, leakSite{"1203", "1203", "1203"}, nil, answered))
	rolls := barrageRolls(t, r, site)
	for _, res := range []string{"a miss", "DG", "DG & DL"} {
		for _, st := range []Standing{{}, answered} {
			var base []string
			var baseIn []string
			for _, in := range leakTwins {
				if hasDummy(in) && res != "a miss" {
					continue
				}
				got := leakPlay(t, r, site, in, st, rolls[res])
				if !strings.Contains(got[1], ": "+res+".") {
					t.Fatalf("%v: the dice %v did not give %q: %s", in, rolls[res], res, got[1])
				}
				if base == nil {
					base, baseIn = got, in
					continue
				}
				for i := range base {
					if base[i] != got[i] {
						t.Errorf("%s, standing %+v: the FEF tells %v from %v apart at step %d:\n%s", res, st, baseIn, in, i, firstDiff(base[i], got[i]))
						break
					}
				}
			}
			if res == "DG & DL" && st == (Standing{}) && !strings.Contains(strings.Join(base, "\n"), `"awaiting":["vm"]`) {
				t.Errorf("the step of a barrage on a closed stack is not asked of the VM (RULINGS T22): %s", base[2])
			}
		}
	}
}

// RULINGS T58: what the VM hears is its own: the flip of its hidden
// counters in a closed stack, which units became Desorg and which lost
// the step, or that nothing there could.
func TestRule6_13_BarrageOnAClosedStackTheVMHears(t *testing.T) {
	r := rules(t)
	site := findLeakSite(t, r, leakState(t, r, leakSite{"1203", "1203", "1203"}, nil, answered))
	rolls := barrageRolls(t, r, site)
	s := leakState(t, r, site, []string{"PL 1", "VMG 1"}, answered)
	_, f, v := pub(t, r, s, FEF, "barrage "+site.closed+" "+strikes, rolls["DG & DL"]...)
	for _, leak := range []string{"PL 1", "VMG 1", "Pathet Lao", "VM-group"} {
		if strings.Contains(f, leak) {
			t.Errorf("the FEF hears %q:\n%s", leak, f)
		}
	}
	for _, want := range []string{"flips the hidden counters at " + site.closed + ": PL 1", "6.17: PL 1, VMG 1 become(s) Desorg", "loses a step"} {
		if !strings.Contains(v, want) {
			t.Errorf("the VM does not hear %q:\n%s", want, v)
		}
	}
	s = leakState(t, r, site, []string{"HO 1", "VM DR 1"}, answered)
	_, f, v = pub(t, r, s, FEF, "barrage "+site.closed+" "+strikes, rolls["DG & DL"]...)
	for _, want := range []string{"6.17: the VM stack at " + site.closed + " becomes Desorg.", "6.13: the VM stack at " + site.closed + " takes the barrage's step loss."} {
		if !strings.Contains(f, want) {
			t.Errorf("the FEF does not hear %q:\n%s", want, f)
		}
	}
	if !strings.Contains(v, "nothing at "+site.closed+" can lose a step") {
		t.Errorf("the VM is not told that nothing lost the step:\n%s", v)
	}
	// a dummy hit goes to the open dead box: the public hears how many
	s = leakState(t, r, site, []string{"304/66", "DUMMY 1"}, answered)
	_, f, _ = pub(t, r, s, FEF, "barrage "+site.closed+" "+strikes, rolls["DG"]...)
	if !strings.Contains(f, "1 dummy(ies) removed to the dead box") || strings.Contains(f, "304/66") {
		t.Errorf("a dummy in a closed stack hit by a barrage:\n%s", f)
	}
}

// 6.3 b), RULINGS T58: the VM reorganising a closed stack is announced
// by the stack, not by how many of its units were Desorg.
func TestRule6_3b_ReorgOfAClosedStack(t *testing.T) {
	r := rules(t)
	site := findLeakSite(t, r, leakState(t, r, leakSite{"1203", "1203", "1203"}, nil, answered))
	var said []string
	for _, n := range []int{1, 2} {
		s := leakState(t, r, site, []string{"304/57", "304/66"}, answered)
		s.Mover = VM
		s.unit("VM DR 1").Loc = site.far
		for _, id := range []string{"304/57", "304/66"}[:n] {
			s.unit(id).Desorg = true
		}
		_, f, _ := pub(t, r, s, VM, "reorg "+site.closed)
		said = append(said, f)
	}
	if said[0] != said[1] || !strings.Contains(said[0], "its closed stack at "+site.closed) {
		t.Errorf("the reorganisation of a closed stack tells how many were Desorg:\n%s\n---\n%s", said[0], said[1])
	}
}

// 7.0, RULINGS T58: the cleanup counts for the public only the Desorg
// markers the FEF sees.
func TestRule7_0_CleanupCountsWhatTheFEFSees(t *testing.T) {
	r := rules(t)
	site := findLeakSite(t, r, leakState(t, r, leakSite{"1203", "1203", "1203"}, nil, answered))
	var said []string
	for _, in := range [][]string{{"304/57", "304/66"}, {"HO 1", "VM DR 1"}} {
		s := leakState(t, r, site, in, answered)
		for _, id := range in {
			s.unit(id).Desorg = r.typ(s.unit(id)).Kind == "regiment"
		}
		s.unit("1 BEP").Desorg = true
		e := &events{}
		r.cleanup(s, e)
		var f []string
		for _, x := range e.list {
			if adjudicator.ViewerOf(FEF).Sees(x.Audience) {
				f = append(f, x.Text)
			}
		}
		said = append(said, strings.Join(f, "\n"))
	}
	if said[0] != said[1] || !strings.Contains(said[0], "(1 in the FEF's sight)") {
		t.Errorf("the cleanup counts closed stacks' markers:\n%s\n---\n%s", said[0], said[1])
	}
}

// closedTwin returns a state that differs from s only in what the FEF may
// not know (DESIGN invariant 1; RULINGS T15, T16): the VM counters of
// closed forest stacks trade places among those stacks, and hidden
// counters in the open among their hexes, each hex keeping its number of
// counters. A trench marker or the spending dump stays where it is (both
// are open, T32, 6.2), and so do a stack an attack under way opened and
// the attackers it named.
func closedTwin(r *Rules, s *State, rng *rand.Rand) *State {
	t := s.clone()
	var closed, hidden []*Unit
	for _, u := range t.Units {
		if u.Side != VM || !onMap(u.Loc) || u.Trench || u.Spent {
			continue
		}
		if c := t.Combat; c != nil && (c.Target == u.Loc && !c.Closed || slices.Contains(c.Att, u.ID)) {
			continue // an attack under way has opened the stack, and named its attackers (RULINGS T23, T27)
		}
		switch {
		case r.Opaque(u.Loc):
			closed = append(closed, u)
		case u.Hidden:
			hidden = append(hidden, u)
		}
	}
	for _, us := range [][]*Unit{closed, hidden} {
		for i := range us {
			j := rng.IntN(len(us))
			us[i].Loc, us[j].Loc = us[j].Loc, us[i].Loc
		}
	}
	return t
}

// fefEvents: what the FEF and the public hear of events.
func fefEvents(evs []adjudicator.Event) string {
	var out []string
	for _, e := range evs {
		if adjudicator.ViewerOf(FEF).Sees(e.Audience) {
			out = append(out, e.Text)
		}
	}
	return strings.Join(out, "\n")
}

// fefOpens: the FEF's order opens what it strikes, as the rules say: an
// attack, overrun or airdrop names the defenders (RULINGS T27), a hidden
// counter in the open hit by a barrage is flipped (Basics: Counters), a
// dummy hit goes to the dead box and a unit that dies to the open dead
// box (T59, 6.15).
func fefOpens(order, heard string) bool {
	w := strings.Fields(order)
	if len(w) > 0 && (w[0] == "attack" || w[0] == "overrun" || w[0] == "drop") {
		return true
	}
	for _, w := range []string{"flips the hidden counters", "eliminated", "loses the last step", "dead box"} {
		if strings.Contains(heard, w) {
			return true
		}
	}
	return false
}

// DESIGN invariant 1, Basics (Stacking, Counters), RULINGS T15, T16, T58:
// at every step of random games, states that differ only in what closed
// stacks hold and which hidden counter stands where read the same to the
// FEF and the public (views, prompt, legal orders), and the FEF's orders
// give the same events and refusals on both, save where the rules open
// what the order strikes.
func TestBasicsStacking_RandomClosedStackTwins(t *testing.T) {
	r := rules(t)
	games, steps := 6, 1500
	if testing.Short() {
		games, steps = 2, 250
	}
	if raceEnabled {
		games, steps = 1, 60
	}
	checked, fefOrders, vmOrders := 0, 0, 0
	for g := range games {
		rng := rand.New(rand.NewPCG(uint64(g), 58))
		s := setup(t, r, []string{"1953", "1950", "1951", "1952"}[g%4])
		stream := adjudicator.NewStream([]byte("leak twins"), uint64(g)*100000)
		for n := 0; n < steps && s.Phase != PhaseOver; n++ {
			tw := closedTwin(r, s, rng)
			if a, b := fefReads(r, s), fefReads(r, tw); a != b {
				t.Fatalf("game %d step %d (%s): the FEF tells closed stacks' contents apart:\n%s", g, n, s.Phase, firstDiff(a, b))
			}
			checked++
			p := r.Prompt(s)
			if len(p.Awaiting) == 0 {
				t.Fatalf("game %d step %d: nobody awaited", g, n)
			}
			side := p.Awaiting[0]
			order := adjudicator.PreferAction(rng, side, r.Legal(s, side))
			if g >= 2 {
				// the later games walk the whole tree: more passes, more
				// phases, the supply checks and cleanups between them
				order = adjudicator.RandomOrder(rng, r.Legal(s, side))
			}
			if side == FEF {
				fefOrders++
				ns, ev1, err1 := r.Apply(s, side, order, adjudicator.NewStream([]byte("twin"), uint64(n)))
				_, ev2, err2 := r.Apply(tw, side, order, adjudicator.NewStream([]byte("twin"), uint64(n)))
				if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
					t.Fatalf("game %d step %d: FEF %q: refusals differ: %v / %v", g, n, order, err1, err2)
				}
				if err1 != nil {
					t.Fatalf("game %d step %d: legal FEF order %q refused: %v", g, n, order, err1)
				}
				if a, b := fefEvents(ev1), fefEvents(ev2); a != b && !fefOpens(order, a+b) {
					t.Fatalf("game %d step %d: FEF %q: events differ between twins:\n%s", g, n, order, firstDiff(a, b))
				}
				s = ns.(*State)
				continue
			}
			if order == "pass" || order == "done" {
				// the VM's orders that name nothing: what follows them
				// (the phases' automatic steps: supply, the cleanup,
				// hiding again) reads the same on both twins
				vmOrders++
				ns, ev1, err1 := r.Apply(s, side, order, adjudicator.NewStream([]byte("twin"), uint64(n)))
				_, ev2, err2 := r.Apply(tw, side, order, adjudicator.NewStream([]byte("twin"), uint64(n)))
				if err1 != nil || err2 != nil {
					t.Fatalf("game %d step %d: VM %q refused: %v / %v", g, n, order, err1, err2)
				}
				if a, b := fefEvents(ev1), fefEvents(ev2); a != b && !fefOpens(order, a+b) {
					t.Fatalf("game %d step %d: VM %q: the FEF hears the twins apart:\n%s", g, n, order, firstDiff(a, b))
				}
				s = ns.(*State)
				continue
			}
			ns, _, err := r.Apply(s, side, order, stream)
			if err != nil {
				t.Fatalf("game %d step %d: legal %q refused: %v", g, n, order, err)
			}
			s = ns.(*State)
		}
	}
	t.Logf("%d states checked against twins, %d FEF orders, %d VM passes", checked, fefOrders, vmOrders)
}

// Basics (Stacking), 6.5, 6.11, RULINGS T27, T58: the FEF's attack on a
// closed stack opens it at once: the questions inside the attack (here
// the ambush, asked only when an ambusher is there) come after the FEF
// has been shown every counter of the stack.
func TestRule6_11_AttackOpensTheStackBeforeItsQuestions(t *testing.T) {
	r := rules(t)
	site := findLeakSite(t, r, leakState(t, r, leakSite{"1203", "1203", "1203"}, nil, answered))
	s := leakState(t, r, site, []string{"304/57", "HO 1"}, Standing{Evade: "no", Lead: "best", Retreat: "no", Losses: "most"})
	ns, f, _ := pub(t, r, s, FEF, "attack "+site.closed)
	if ns.Combat == nil || ns.Combat.Ask != "ambush" {
		t.Fatalf("the VM is not asked to ambush: %+v", ns.Combat)
	}
	i := strings.Index(f, "the FEF's attack opens the VM stack at "+site.closed+": 304/57 (")
	if i < 0 || !strings.Contains(f[i:], "HO 1") {
		t.Errorf("the attack does not open the stack before its question:\n%s", f)
	}
}
