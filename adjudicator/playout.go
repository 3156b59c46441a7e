package adjudicator

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"time"
)

// PlayoutStats summarises random playouts (DESIGN: Testing).
type PlayoutStats struct {
	Games            int          `json:"games"`
	Finished         int          `json:"finished"`
	Panics           int          `json:"panics"`
	DeadEnds         int          `json:"dead_ends"`
	Unterminated     int          `json:"unterminated"`
	Refused          int          `json:"refused"` // legal orders that Apply refused
	ReplayMismatches int          `json:"replay_mismatches"`
	Actions          int          `json:"actions"`
	Handoffs         int          `json:"handoffs"` // changes of the awaited side
	Seconds          float64      `json:"seconds"`
	Wins             map[Side]int `json:"wins"`
	Failures         []string     `json:"failures,omitempty"`
}

// PlayoutOptions tunes Playout.
type PlayoutOptions struct {
	Scenario   string
	Games      int
	Seed       uint64
	MaxActions int // per game; 0 means 20000
	// Pick, if set, chooses among a prompt's legal orders instead of the
	// uniform tree walk (for scripted or weighted playouts).
	Pick func(r *rand.Rand, side Side, tree []Choice) string
}

// RandomOrder walks a legal-choice tree choosing uniformly at each level;
// at a node that is complete and has children, stopping counts as one more
// option.
func RandomOrder(r *rand.Rand, tree []Choice) string {
	out := ""
	level := tree
	for {
		c := level[r.IntN(len(level))]
		if out == "" {
			out = c.Word
		} else {
			out += " " + c.Word
		}
		if len(c.Next) == 0 {
			return out
		}
		if c.Complete && r.IntN(len(c.Next)+1) == 0 {
			return out
		}
		level = c.Next
	}
}

// Playout plays complete games choosing among the legal orders at random
// for every awaited side, and checks each game: no panic, no prompt
// without a legal order, termination, no legal order refused, and replay
// of the log equal to the final state. The caller supplies the clock
// reading function for the Seconds figure (nil: not measured), keeping
// this package free of the clock.
func Playout(rules Rules, o PlayoutOptions, clock func() time.Time) PlayoutStats {
	st := PlayoutStats{Wins: map[Side]int{}}
	var start time.Time
	if clock != nil {
		start = clock()
	}
	max := o.MaxActions
	if max <= 0 {
		max = 20000
	}
	for i := 0; i < o.Games; i++ {
		st.Games++
		playOne(rules, o, uint64(i), max, &st)
	}
	if clock != nil {
		st.Seconds = clock().Sub(start).Seconds()
	}
	return st
}

func playOne(rules Rules, o PlayoutOptions, i uint64, max int, st *PlayoutStats) {
	fail := func(format string, a ...any) {
		if len(st.Failures) < 20 {
			st.Failures = append(st.Failures, fmt.Sprintf("game %d: ", i)+fmt.Sprintf(format, a...))
		}
	}
	defer func() {
		if p := recover(); p != nil {
			st.Panics++
			fail("panic: %v", p)
		}
	}()
	seed := sha256.Sum256([]byte(fmt.Sprintf("playout %d %d", o.Seed, i)))
	r := rand.New(rand.NewPCG(o.Seed, i))
	g, _, err := New(rules, Record{ID: fmt.Sprintf("p%d", i), Title: rules.Info().ID, Scenario: o.Scenario,
		Seats: map[Side]string{}, Seed: seed[:]})
	if err != nil {
		fail("setup: %v", err)
		st.DeadEnds++
		return
	}
	var last Side
	now := time.Unix(0, 0).UTC()
	for n := 0; ; n++ {
		p := g.Prompt()
		if p.Over {
			st.Finished++
			if p.Result != nil {
				st.Wins[p.Result.Winner]++
			}
			break
		}
		if n >= max {
			st.Unterminated++
			fail("no end after %d actions (%s)", n, p.Phase)
			return
		}
		if len(p.Awaiting) == 0 {
			st.DeadEnds++
			fail("prompt awaits nobody at %s", p.Phase)
			return
		}
		side := p.Awaiting[r.IntN(len(p.Awaiting))]
		if side != last {
			st.Handoffs++
			last = side
		}
		tree := rules.Legal(g.State, side)
		if len(tree) == 0 {
			st.DeadEnds++
			fail("no legal order for %s at %s", side, p.Phase)
			return
		}
		var order string
		if o.Pick != nil {
			order = o.Pick(r, side, tree)
		} else {
			order = RandomOrder(r, tree)
		}
		step, err := g.Orders(string(side), side, []string{order}, "", now)
		if err != nil {
			st.Refused++
			fail("legal order %q for %s refused at %s: %v", order, side, p.Phase, err)
			return
		}
		g.Commit(step)
		st.Actions++
	}
	back, err := Replay(rules, g.Rec)
	if err != nil {
		st.ReplayMismatches++
		fail("replay: %v", err)
		return
	}
	if eq, err := Equal(back, g.State); err != nil || !eq {
		st.ReplayMismatches++
		fail("replay differs from the played state")
	}
}
