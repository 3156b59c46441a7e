package hell

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// twin returns a state that differs from s only in what France may not
// know (DESIGN invariant 1): which hidden VM unit stands where, dummy or
// battalion, the losses of hidden battalions, who is on the track, and
// VM-only marks.
func twin(s *State, r *rand.Rand) *State {
	t := s.clone()
	var hidden []string
	for _, id := range sortedKeys(t.VM) {
		u := t.VM[id]
		if (testRules.d.onMap(u.Loc) && !u.Revealed) || u.Loc == LocTrack {
			hidden = append(hidden, id)
		}
	}
	// Swap whole unit states between hidden units: per-location counts
	// stay, identities move.
	for i := 0; i < len(hidden); i++ {
		j := r.IntN(len(hidden))
		a, b := t.VM[hidden[i]], t.VM[hidden[j]]
		if a.Dummy != b.Dummy && (a.Loc == LocTrack || b.Loc == LocTrack) {
			continue // dummies never go to the track
		}
		a.Loc, b.Loc = b.Loc, a.Loc
		a.Return, b.Return = b.Return, a.Return
		a.Recover, b.Recover = b.Recover, a.Recover
	}
	for _, id := range hidden {
		if u := t.VM[id]; !u.Dummy && testRules.d.onMap(u.Loc) {
			u.Losses = r.IntN(3)
		}
	}
	t.Recent = append(t.Recent, Note{Side: VM, Kind: "move", From: "JZ1", At: "JZ2"})
	return t
}

// frenchSees is everything France and the public are shown of a state.
func frenchSees(t *testing.T, s *State) string {
	out := ""
	for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(French)} {
		out += jsonOf(t, testRules.View(s, v))
	}
	return out + jsonOf(t, testRules.Legal(s, French)) + jsonOf(t, testRules.Prompt(s))
}

// Invariant 1: states that differ only in hidden VM facts look identical
// to France and the public, at every step of random games, and France's
// orders produce identical French and public events on both.
func TestNonInterference_FrenchAndPublic(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 8
	}
	checked := 0
	for g := 0; g < games; g++ {
		r := rand.New(rand.NewPCG(uint64(g), 7))
		scen := []string{"full-battle", "initial-assault", "five-hills"}[g%3]
		s0, _ := testRules.Setup(scen, nil)
		s := s0.(*State)
		stream := adjudicator.NewStream(seed, uint64(g)*1000)
		for n := 0; n < 1500 && s.Phase != PhaseOver; n++ {
			tw := twin(s, r)
			if a, b := frenchSees(t, s), frenchSees(t, tw); a != b {
				i := 0
				for i < len(a) && i < len(b) && a[i] == b[i] {
					i++
				}
				lo := max(0, i-300)
				t.Fatalf("game %d step %d (%s/%s): France can tell hidden facts apart:\n%s\n---\n%s", g, n, s.Phase, s.Step, a[lo:min(len(a), i+200)], b[lo:min(len(b), i+200)])
			}
			checked++
			p := testRules.Prompt(s)
			side := p.Awaiting[0]
			order := adjudicator.RandomOrder(r, testRules.Legal(s, side))
			if g%2 == 1 {
				// half the games fight: the aggressive policy reaches
				// assaults, combat results, routs and withdrawals.
				order = adjudicator.PreferAction(r, side, testRules.Legal(s, side))
			}
			if side == French {
				ns, ev1, err := testRules.Apply(s, side, order, adjudicator.NewStream(seed, 5))
				if err != nil {
					t.Fatal(err)
				}
				_, ev2, err := testRules.Apply(tw, side, order, adjudicator.NewStream(seed, 5))
				if err != nil {
					t.Fatalf("a French order legal in one twin is refused in the other: %v", err)
				}
				if !reveals(ev1) && fe(ev1) != fe(ev2) {
					t.Fatalf("French order %q: events differ between twins:\n%s\n%s", order, fe(ev1), fe(ev2))
				}
				s = ns.(*State)
				continue
			}
			ns, _, err := testRules.Apply(s, side, order, stream)
			if err != nil {
				t.Fatalf("legal %q refused: %v", order, err)
			}
			s = ns.(*State)
		}
	}
	t.Logf("%d states checked against twins", checked)
}

// reveals: the events disclose hidden facts by rule (recon, engagement),
// flagged so that the disclosure is deliberate.
func reveals(ev []adjudicator.Event) bool {
	for _, e := range ev {
		if e.Reveals {
			return true
		}
	}
	return false
}

// fe renders the events France and the public see.
func fe(ev []adjudicator.Event) string {
	out := ""
	for _, e := range ev {
		if adjudicator.ViewerOf(French).Sees(e.Audience) || e.Audience.All {
			out += fmt.Sprintf("%v|%s|%v\n", e.Audience, e.Text, e.Marks)
		}
	}
	return out
}

// The VM's order on a hidden unit gives the same public events whichever
// hidden unit of a location it names.
func TestNonInterference_VMMovePublicEvents(t *testing.T) {
	s := advance(t, start(t, "full-battle"), PhaseVMMove)
	ids := s.vmAt("C")
	if len(ids) < 2 {
		t.Skip("zone C holds fewer than two VM units")
	}
	_, e1 := applyEv(t, s, VM, "move "+ids[0]+" JZ4")
	_, e2 := applyEv(t, s, VM, "move "+ids[1]+" JZ4")
	if fe(e1) != fe(e2) {
		t.Fatalf("public events tell hidden units apart:\n%s\n%s", fe(e1), fe(e2))
	}
	x1 := mustApply(t, s, VM, "move "+ids[0]+" JZ4")
	x2 := mustApply(t, s, VM, "move "+ids[1]+" JZ4")
	if frenchSees(t, x1) != frenchSees(t, x2) {
		t.Fatal("French view tells hidden units apart after a move")
	}
	if jsonOf(t, testRules.View(x1, adjudicator.ViewerOf(VM))) == jsonOf(t, testRules.View(x2, adjudicator.ViewerOf(VM))) {
		t.Fatal("the VM's own view must show which battalion moved")
	}
}
