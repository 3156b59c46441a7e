package adjudicator

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"
)

// Timings summarises durations measured at many steps of play: the
// percentiles DESIGN.md's budgets are stated in.
type Timings struct {
	N   int           `json:"n"`
	P50 time.Duration `json:"p50"`
	P99 time.Duration `json:"p99"`
	Max time.Duration `json:"max"`
}

func (t Timings) String() string {
	return fmt.Sprintf("n=%d p50=%s p99=%s max=%s", t.N, t.P50, t.P99, t.Max)
}

func timingsOf(d []time.Duration) Timings {
	if len(d) == 0 {
		return Timings{}
	}
	slices.Sort(d)
	at := func(q float64) time.Duration {
		i := int(q * float64(len(d)-1))
		return d[i]
	}
	return Timings{N: len(d), P50: at(0.50), P99: at(0.99), Max: d[len(d)-1]}
}

// BudgetStats are the timings of a title's budgets (DESIGN: Performance
// budgets) along complete played games: the awaited side's legal tree at
// every step, and each order's application as the service does it
// (Game.Orders: the rules' Apply, its automatic follow-ups, the prompt
// that decides whether the game ended).
type BudgetStats struct {
	Games int     `json:"games"`
	Legal Timings `json:"legal"`
	Apply Timings `json:"apply"`
	// Slowest names the slowest order applied and the slowest legal tree
	// built, with their phases, to point a profile at them.
	SlowestApply string `json:"slowest_apply"`
	SlowestLegal string `json:"slowest_legal"`
	// Longest is the record of the longest game played, for replay and
	// load benchmarks.
	Longest Record `json:"-"`
}

// MeasureBudget plays o.Games complete games of o.Scenario, choosing
// orders with o.Pick (PreferAction when nil: the aggressive policy that
// reaches combat) after o.Prelude, and times the legal tree and the
// application of every order with clock. Twins are not played: only the
// live game's costs are measured. A game that breaks a playout check is
// reported as an error: MeasureBudget measures, Playout judges.
func MeasureBudget(rules Rules, o PlayoutOptions, clock func() time.Time) (BudgetStats, error) {
	var legal, apply []time.Duration
	st := BudgetStats{}
	pick := o.Pick
	if pick == nil {
		pick = PreferAction
	}
	limit := o.MaxActions
	if limit <= 0 {
		limit = 20000
	}
	var slowA, slowL time.Duration
	for i := 0; i < o.Games; i++ {
		st.Games++
		r := rand.New(rand.NewPCG(o.Seed, uint64(i)))
		seed := make([]byte, 32)
		for j := range seed {
			seed[j] = byte(r.IntN(256))
		}
		g, _, err := New(rules, Record{ID: fmt.Sprintf("b%d", i), Title: rules.Info().ID, Scenario: o.Scenario,
			Seats: map[Side]string{}, Seed: seed})
		if err != nil {
			return st, fmt.Errorf("game %d: setup: %w", i, err)
		}
		now := time.Unix(0, 0).UTC()
		for _, p := range o.Prelude {
			step, err := g.Orders(string(p.Side), p.Side, []string{p.Order}, "", now)
			if err != nil {
				return st, fmt.Errorf("game %d: prelude %q refused: %w", i, p.Order, err)
			}
			g.Commit(step)
		}
		for n := 0; ; n++ {
			p := g.Prompt()
			if p.Over {
				break
			}
			if n >= limit || len(p.Awaiting) == 0 {
				return st, fmt.Errorf("game %d: stuck at %s after %d orders", i, p.Phase, n)
			}
			side := p.Awaiting[r.IntN(len(p.Awaiting))]
			t0 := clock()
			full := rules.Legal(g.State, side)
			dl := clock().Sub(t0)
			legal = append(legal, dl)
			if dl > slowL {
				slowL, st.SlowestLegal = dl, fmt.Sprintf("%s for %s at %s", dl, side, p.Phase)
			}
			tree := WithoutStanding(full)
			if len(tree) == 0 {
				return st, fmt.Errorf("game %d: no legal order for %s at %s", i, side, p.Phase)
			}
			order := ""
			if o.Choose != nil {
				order = o.Choose(r, side, g.State, tree)
			} else {
				order = pick(r, side, tree)
			}
			t0 = clock()
			step, err := g.Orders(string(side), side, []string{order}, "", now)
			da := clock().Sub(t0)
			if err != nil {
				return st, fmt.Errorf("game %d: legal order %q for %s refused at %s: %w", i, order, side, p.Phase, err)
			}
			apply = append(apply, da)
			if da > slowA {
				slowA, st.SlowestApply = da, fmt.Sprintf("%s: %q by %s at %s", da, order, side, p.Phase)
			}
			g.Commit(step)
		}
		if len(g.Rec.Entries) > len(st.Longest.Entries) {
			st.Longest = g.Rec
		}
	}
	st.Legal, st.Apply = timingsOf(legal), timingsOf(apply)
	return st, nil
}
