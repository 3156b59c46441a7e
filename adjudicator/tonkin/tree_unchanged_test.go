package tonkin

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

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
		{"move", r.moveChoices, r.moveChoicesV0, moves},
		{"transport", r.transportChoices, r.transportChoicesV0, moves},
		{"overrun move", r.overrunMoveChoices, r.overrunMoveChoicesV0, ops},
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
		games, limit = 1, 80
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
	if want := min(100, games*limit/2); len(steps) < want || limit == 0 && len(steps) < 100 {
		t.Fatalf("only %d steps recorded", len(steps))
	}
}

// The index-based line search finds what the one by hex ids found
// (Basics: Tracing), from every hex, with enemy units about.
func TestBasicsTracing_WithinNUnchanged(t *testing.T) {
	r := rules(t)
	rr := rand.New(rand.NewPCG(3, 1))
	ids := r.geo.ids
	tries := 300
	if testing.Short() {
		tries = 40
	}
	for k := range tries {
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

// 5.1, 5.2: the least-cost reach that resets only what it touched finds
// the same costs and routes as the one that swept the board, for every
// movement class from many hexes, on boards with enemy units, rain and
// interdicted roads, reused from one reach to the next.
func TestRule5_2_ReachUnchanged(t *testing.T) {
	r := rules(t)
	rr := rand.New(rand.NewPCG(5, 2))
	ids := r.geo.ids
	var classes []*moveClass
	keys := make([]string, 0, len(r.geo.classes))
	for k := range r.geo.classes {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		classes = append(classes, r.geo.classes[k])
	}
	tries := 400
	if testing.Short() {
		tries = 120
	}
	for k := range tries {
		b := r.newBoard(k%3 == 0, k%2 == 0)
		b0 := r.newBoard(k%3 == 0, k%2 == 0)
		for range 30 {
			i := rr.IntN(len(ids))
			b.enemyAt[i], b0.enemyAt[i] = true, true
			for _, n := range r.geo.nb[i] {
				b.enemyZOC[n], b0.enemyZOC[n] = true, true
			}
		}
		if k%4 == 0 {
			b.noRoad, b0.noRoad = make([]bool, len(ids)), make([]bool, len(ids))
			for range 20 {
				i := rr.IntN(len(ids))
				b.noRoad[i], b0.noRoad[i] = true, true
			}
		}
		if k%5 == 0 {
			b.groups, b0.groups = slices.Clone(b.enemyAt), slices.Clone(b0.enemyAt)
		}
		for range 8 {
			mc := classes[rr.IntN(len(classes))]
			loc := ids[rr.IntN(len(ids))]
			ma, dbl := 2+rr.IntN(30), rr.IntN(2) == 0
			now, was := r.reachFrom(b, mc, loc, ma, dbl), r.reachFromV0(b0, mc, loc, ma, dbl)
			if !slices.Equal(now.best, was.best) {
				t.Fatalf("reach from %s (ma %d): the hexes reached differ", loc, ma)
			}
			for _, i := range now.hexes {
				h := ids[i]
				c1, _ := now.cost(h)
				c0, _ := was.cost(h)
				if c1 != c0 || !slices.Equal(now.path(h), was.path(h)) {
					t.Fatalf("reach from %s to %s (ma %d): cost %d path %v, was %d %v", loc, h, ma, c1, now.path(h), c0, was.path(h))
				}
			}
			if n := len(now.hexes); n != len(slices.DeleteFunc(slices.Clone(was.best), func(x int32) bool { return x < 0 })) || !slices.IsSorted(now.hexes) {
				t.Fatalf("reach from %s: %d hexes listed", loc, n)
			}
		}
	}
}

// BenchmarkLegalTreeParts: each builder now and before on the same
// recorded steps, interleaved step by step so that one run compares them
// on a noisy machine: the mean and the slowest tree of each.
func BenchmarkLegalTreeParts(b *testing.B) {
	r := rules(b)
	steps := treeSteps(b, r, []string{"1950", "1951"}, 2, 0)
	for _, p := range treeParts(r) {
		b.Run(p.name, func(b *testing.B) {
			var now, was, nowMax, wasMax time.Duration
			n := 0
			for i := 0; i < b.N; i++ {
				for _, x := range steps {
					if !p.phases(x.s) {
						continue
					}
					t0 := time.Now()
					p.now(x.s, x.side)
					t1 := time.Now()
					p.old(x.s, x.side)
					t2 := time.Now()
					now, was = now+t1.Sub(t0), was+t2.Sub(t1)
					nowMax, wasMax = max(nowMax, t1.Sub(t0)), max(wasMax, t2.Sub(t1))
					n++
				}
			}
			n = max(n, 1)
			b.ReportMetric(float64(now.Microseconds())/float64(n), "now-µs/tree")
			b.ReportMetric(float64(was.Microseconds())/float64(n), "was-µs/tree")
			b.ReportMetric(float64(nowMax.Microseconds()), "now-max-µs")
			b.ReportMetric(float64(wasMax.Microseconds()), "was-max-µs")
		})
	}
}
