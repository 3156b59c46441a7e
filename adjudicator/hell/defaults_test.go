package hell

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Ruling H55: every prompt's default is a legal order, taken as given;
// ruling H56: only a last week's decision to act (2, 6) has none. Checked
// at every prompt of random playouts of every scenario, with and without
// standing orders, aggressive and uniform.
func TestDefaults_H55_H56_LegalEverywhereNoneOnlyWhenTheLastWeekDecides(t *testing.T) {
	games := map[string]int{"initial-assault": 12, "five-hills": 6, "full-battle": 3}
	switch {
	case raceEnabled:
		games = map[string]int{"initial-assault": 2, "five-hills": 1}
	case testing.Short():
		games = map[string]int{"initial-assault": 4, "five-hills": 2, "full-battle": 1}
	}
	prompts, none := 0, 0
	for _, sc := range []string{"initial-assault", "five-hills", "full-battle"} {
		for g := 0; g < games[sc]; g++ {
			r := rand.New(rand.NewPCG(uint64(g), 55))
			s0, err := testRules.Setup(sc, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := s0.(*State)
			if g%2 == 1 {
				for _, o := range StandingAll() {
					s = mustApply(t, s, string(o.Side), o.Order)
				}
			}
			for n := 0; s.Phase != PhaseOver; n++ {
				if n > 20000 {
					t.Fatalf("%s: no end", sc)
				}
				p := testRules.Prompt(s)
				side := string(p.Awaiting[0])
				prompts++
				decide := s.Phase == PhaseVMDecide || s.Phase == PhaseFrDecide || (s.Phase == PhaseOperations && len(s.Hits) == 0 && s.Step == StepDecide)
				switch {
				case p.Default == "" && !(decide && lastWeek(s)):
					t.Fatalf("%s: no default at %s (%s)", sc, p.Phase, p.Decision)
				case p.Default != "" && decide && lastWeek(s):
					t.Fatalf("%s: a default (%q) for the last week's decision %s", sc, p.Default, p.Phase)
				case p.Default == "":
					none++
				default:
					// A default may be several orders (ruling H55: the
					// reconstitutions 3.1 requires, then done): each legal
					// in its turn.
					x := s
					for _, o := range adjudicator.SplitOrders(p.Default) {
						// The legal tree offers it (checked where the tree
						// is small: results, decisions; Apply checks all).
						if (len(x.Hits) > 0 || decide) && !slices.Contains(adjudicator.Orders(testRules.Legal(x, adjudicator.Side(side))), o) {
							t.Fatalf("%s: the default %q at %s: %q is not among the legal orders", sc, p.Default, p.Phase, o)
						}
						nx, _, err := testRules.Apply(x, adjudicator.Side(side), o, adjudicator.NewStream(seed, uint64(n)))
						if err != nil {
							t.Fatalf("%s: the default %q at %s is refused: %v", sc, p.Default, p.Phase, err)
						}
						x = nx.(*State)
					}
					if testRules.Prompt(x).Phase == p.Phase && testRules.Prompt(x).Decision == p.Decision && x.Phase != PhaseOperations {
						t.Fatalf("%s: the default %q leaves %s waiting on the same decision", sc, p.Default, p.Phase)
					}
				}
				order := adjudicator.RandomOrder(r, testRules.Legal(s, adjudicator.Side(side)))
				if g%3 == 0 {
					order = adjudicator.PreferAction(r, adjudicator.Side(side), testRules.Legal(s, adjudicator.Side(side)))
				}
				ns, _, err := testRules.Apply(s, adjudicator.Side(side), order, adjudicator.NewStream(seed, uint64(n)))
				if err != nil {
					t.Fatalf("%s: legal %q refused: %v", sc, order, err)
				}
				s = ns.(*State)
			}
		}
	}
	if none == 0 {
		t.Fatal("no last week's decision was met: the check of H56 checked nothing")
	}
	t.Logf("%d prompts, %d without a default", prompts, none)
}

// Ruling H55: a step loss goes by default to the unit with the most
// steps, not to the first listed (a reduced unit would be eliminated).
func TestDefaults_H55_StepLossToTheStrongest(t *testing.T) {
	s := board(t, VM, StepBombard)
	var two []string
	for _, u := range testRules.d.Forces.French {
		if testRules.d.French[u.ID].Steps == 2 && testRules.d.French[u.ID].Kind != KindTank {
			two = append(two, u.ID)
		}
		if len(two) == 2 {
			break
		}
	}
	putF(s, "H6", two...)
	s.French[two[0]].Steps = 1 // reduced, and first in the list
	s.Hits = []Hit{{Side: French, At: "H6", Kind: "step", Reason: "test fire"}}
	opts := testRules.hitOptions(s, s.Hits[0])
	if len(opts) != 2 || opts[0] != two[0] {
		t.Fatalf("options %v: the reduced unit must come first for this test to tell", opts)
	}
	if p := testRules.Prompt(s); p.Default != "lose "+two[1] {
		t.Fatalf("default %q, want the full-strength %s", p.Default, two[1])
	}
	// The VM's step: the battalion with the fewest losses.
	v := board(t, French, StepBombard)
	putV(v, "E>B1", "312/209/130", "312/209/154")
	v.VM["312/209/130"].Losses = 1
	v.Hits = []Hit{{Side: VM, At: "E>B1", Kind: "step", Reason: "test fire"}}
	if p := testRules.Prompt(v); p.Default != "lose 312/209/154" {
		t.Fatalf("VM default %q", p.Default)
	}
}

// Ruling H55: a D goes by default to a unit not yet Disorganized (a
// second D routs a battalion); a morale check to the best morale.
func TestDefaults_H55_DisorganizationAndMorale(t *testing.T) {
	v := board(t, French, StepBombard)
	putV(v, "E>B1", "312/209/130", "312/209/154")
	v.VM["312/209/130"].Disorg = true
	v.Hits = []Hit{{Side: VM, At: "E>B1", Kind: "disorg", Reason: "test fire"}}
	if opts := testRules.hitOptions(v, v.Hits[0]); opts[0] != "312/209/130" {
		t.Fatalf("options %v", opts)
	}
	if p := testRules.Prompt(v); p.Default != "disorg 312/209/154" {
		t.Fatalf("default %q, want the battalion not yet Disorganized", p.Default)
	}
	// Morale: find two French units of different morale, the weaker
	// listed first.
	s := board(t, VM, StepBombard)
	var lo, hi string
	for _, a := range testRules.frenchIDs {
		for _, b := range testRules.frenchIDs {
			da, db := testRules.d.French[a], testRules.d.French[b]
			if a < b && da.Kind != KindTank && db.Kind != KindTank && da.Morale < db.Morale {
				lo, hi = a, b
				break
			}
		}
		if lo != "" {
			break
		}
	}
	if lo == "" {
		t.Fatal("no two French units of different morale")
	}
	putF(s, "H6", lo, hi)
	s.Hits = []Hit{{Side: French, At: "H6", Kind: "morale", Reason: "test fire"}}
	if opts := testRules.hitOptions(s, s.Hits[0]); opts[0] != lo {
		t.Fatalf("options %v: the weaker must come first for this test to tell", opts)
	}
	if p := testRules.Prompt(s); p.Default != "check "+hi {
		t.Fatalf("default %q, want the best morale %s", p.Default, hi)
	}
}
