package tonkin

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// treeStep is a recorded step of play: a state and the side it awaits.
type treeStep struct {
	s    *State
	side string
}

// treeSteps plays games of the scenarios (the aggressive policy, and
// uniformly random orders) and records every step where a side is
// awaited outside a combat question: the states the legal tree is
// built for. At most limit steps a game (0: to the end).
func treeSteps(t testing.TB, r *Rules, scenarios []string, games, limit int) []treeStep {
	t.Helper()
	var out []treeStep
	for _, sc := range scenarios {
		for gi := range games {
			rr := rand.New(rand.NewPCG(31, uint64(gi)))
			seed := make([]byte, 32)
			for j := range seed {
				seed[j] = byte(rr.IntN(256))
			}
			g, _, err := adjudicator.New(r, adjudicator.Record{ID: fmt.Sprintf("t%d", gi), Title: "tonkin", Scenario: sc, Seats: map[adjudicator.Side]string{}, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; limit == 0 || n < limit; n++ {
				p := g.Prompt()
				if p.Over {
					break
				}
				side := p.Awaiting[rr.IntN(len(p.Awaiting))]
				s := st(g.State)
				if string(side) == s.awaited() && (s.Combat == nil || s.Combat.Ask == "") {
					out = append(out, treeStep{s, string(side)})
				}
				tree := adjudicator.WithoutStanding(r.Legal(s, side))
				var order string
				if gi%2 == 0 {
					order = adjudicator.PreferAction(rr, side, tree)
				} else {
					os := adjudicator.Orders(tree)
					order = os[rr.IntN(len(os))]
				}
				step, err := g.Orders(string(side), side, []string{order}, "", time0)
				if err != nil {
					t.Fatalf("%s game %d: legal order %q refused: %v", sc, gi, order, err)
				}
				g.Commit(step)
			}
		}
	}
	return out
}

// treeParts are the legal tree's builders whose cost issue 31 cut, each
// with its version from before (legacy_tree_test.go) and the phases it
// serves.
func treeParts(r *Rules) []struct {
	name     string
	now, old func(s *State, side string) []adjudicator.Choice
	phases   func(s *State) bool
} {
	ops := func(s *State) bool { return opsPhase(s.Phase) && s.Step != StepActivate }
	moves := func(s *State) bool { return movementPhase(s.Phase) || ops(s) }
	rein := func(s *State) bool { return s.Phase == PhaseRein1 || s.Phase == PhaseRein2 }
	return []struct {
		name     string
		now, old func(s *State, side string) []adjudicator.Choice
		phases   func(s *State) bool
	}{
		{"transport", r.transportChoices, r.transportChoicesV0, moves},
		{"rein", r.reinChoices, r.reinChoicesV0, rein},
	}
}

// Issue 31: the legal tree's builders, made cheaper, offer exactly what
// they offered before, on every recorded step of played games (both
// policies; the scenarios' movement, operation and replacement phases).
func TestLegalTreeUnchanged(t *testing.T) {
	r := rules(t)
	scs, games, limit := []string{"1950", "1951", "1952", "1953"}, 2, 0
	if testing.Short() {
		scs, limit = []string{"1951"}, 400
	}
	if raceEnabled {
		games, limit = 1, 120
	}
	steps := treeSteps(t, r, scs, games, limit)
	n := map[string]int{}
	for _, x := range steps {
		for _, p := range treeParts(r) {
			if !p.phases(x.s) {
				continue
			}
			a, _ := json.Marshal(p.now(x.s, x.side))
			b, _ := json.Marshal(p.old(x.s, x.side))
			if string(a) != string(b) {
				t.Fatalf("%s for %s at %s/%s turn %d: the tree changed:\nnow %.600s\nwas %.600s", p.name, x.side, x.s.Phase, x.s.Step, x.s.Turn, a, b)
			}
			n[p.name]++
		}
	}
	t.Logf("%d steps: %v trees compared", len(steps), n)
	if len(steps) < 100 {
		t.Fatalf("only %d steps recorded", len(steps))
	}
}

// The index-based line search finds what the one by hex ids found
// (Basics: Tracing), from every hex, with enemy units about.
func TestBasicsTracing_WithinNUnchanged(t *testing.T) {
	r := rules(t)
	rr := rand.New(rand.NewPCG(3, 1))
	ids := r.geo.ids
	for k := range 300 {
		blocked := map[string]bool{}
		for range 40 {
			blocked[ids[rr.IntN(len(ids))]] = true
		}
		targets := map[string]bool{}
		for range 1 + k%5 {
			targets[ids[rr.IntN(len(ids))]] = true
		}
		ok := func(h string) bool { return targets[h] }
		n := 1 + k%6
		for _, h := range ids[k%7:] {
			if got, want := r.withinN(h, n, blocked, ok), r.withinNV0(h, n, blocked, ok); got != want {
				t.Fatalf("withinN(%s, %d) = %v, was %v", h, n, got, want)
			}
		}
	}
	if r.withinN("9999", 3, nil, func(string) bool { return false }) || !slices.Contains(ids, "0101") {
		t.Fatal("a hex off the map reaches nothing")
	}
}

// BenchmarkLegalTreeParts: each builder now and before, on the same
// recorded steps, so that one run compares them on a noisy machine.
func BenchmarkLegalTreeParts(b *testing.B) {
	r := rules(b)
	steps := treeSteps(b, r, []string{"1950", "1951"}, 2, 0)
	for _, p := range treeParts(r) {
		for _, v := range []struct {
			name string
			f    func(s *State, side string) []adjudicator.Choice
		}{{"now", p.now}, {"was", p.old}} {
			b.Run(p.name+"/"+v.name, func(b *testing.B) {
				n := 0
				for i := 0; i < b.N; i++ {
					for _, x := range steps {
						if p.phases(x.s) {
							v.f(x.s, x.side)
							n++
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(max(n, 1)), "µs/tree")
			})
		}
	}
}
