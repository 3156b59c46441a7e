// Package benchkit holds the budget benchmarks every title runs under the
// same names (DESIGN: Performance budgets; issue 31), so that one command
// compares the titles:
//
//	go test -run '^$' -bench Budget ./adjudicator/...
//
// A title's test file calls Run from its BenchmarkBudget.
package benchkit

import (
	"flag"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/internal/cpuclock"
)

var budgetClock = flag.String("budgetclock", "wall", "the budget play benchmark's clock for trees and orders: wall, or thread (the benchmark thread's own CPU time, for a machine others share)")

// playClock is the clock play times trees and orders with; the caller
// stays on its thread until done is called.
func playClock(b *testing.B) (clock func() time.Time, done func()) {
	switch *budgetClock {
	case "wall":
		return time.Now, func() {}
	case "thread":
		runtime.LockOSThread()
		c, ok := cpuclock.Thread()
		if !ok {
			runtime.UnlockOSThread()
			b.Fatal("-budgetclock=thread: no thread CPU clock here")
		}
		return c, runtime.UnlockOSThread
	}
	b.Fatalf("-budgetclock=%q: wall or thread", *budgetClock)
	return nil, nil
}

// Budgets, from DESIGN.md as issue 31 raised them.
const (
	TreeP99  = 5 * time.Millisecond
	TreeMax  = 15 * time.Millisecond
	ApplyP99 = 2 * time.Millisecond
	Replay   = 50 * time.Millisecond
	ColdLoad = 10 * time.Millisecond
)

// TailEntries is the log tail a cold load replays after its snapshot.
const TailEntries = 64

var (
	mu     sync.Mutex
	played = map[string]adjudicator.BudgetStats{}
)

// measure plays the games once per title and scenario and keeps them.
func measure(b *testing.B, r adjudicator.Rules, o adjudicator.PlayoutOptions) adjudicator.BudgetStats {
	b.Helper()
	key := r.Info().ID + "/" + o.Scenario
	mu.Lock()
	defer mu.Unlock()
	if st, ok := played[key]; ok {
		return st
	}
	st, err := adjudicator.MeasureBudget(r, o, time.Now)
	if err != nil {
		b.Fatal(err)
	}
	played[key] = st
	return st
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// Run runs a title's budget benchmarks on a scenario, each a sub-benchmark
// with the same name in every title:
//
//   - play: games of the aggressive policy, timing the awaited side's
//     legal tree (tree-p99-ms, tree-max-ms) and each order's application
//     as the service does it (apply-p99-ms, apply-max-ms) at every step;
//   - replay: the longest game's record replayed from its set-up;
//   - coldload: that game loaded from a snapshot and the last
//     TailEntries entries, as a process's first command in its channel.
//
// games is how many games play plays (2 in the measurements).
func Run(b *testing.B, r adjudicator.Rules, scenario string, games int) {
	o := adjudicator.PlayoutOptions{Scenario: scenario, Games: games, Seed: 1, Pick: adjudicator.PreferAction}
	if t, ok := r.(adjudicator.PlayoutTuner); ok {
		t.TunePlayout(&o, false)
		o.Pick = adjudicator.PreferAction
	}
	b.Run("play", func(b *testing.B) {
		var st adjudicator.BudgetStats
		clock, done := playClock(b)
		defer done()
		for i := 0; i < b.N; i++ {
			var err error
			if st, err = adjudicator.MeasureBudget(r, o, clock); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(ms(st.Legal.P99), "tree-p99-ms")
		b.ReportMetric(ms(st.Legal.Max), "tree-max-ms")
		b.ReportMetric(ms(st.Apply.P99), "apply-p99-ms")
		b.ReportMetric(ms(st.Apply.Max), "apply-max-ms")
		b.ReportMetric(float64(st.Legal.N), "steps")
		if st.Legal.P99 > TreeP99 || st.Legal.Max > TreeMax || st.Apply.P99 > ApplyP99 {
			b.Logf("over budget (tree p99 %s, max %s; apply p99 %s): slowest tree %s; slowest order %s",
				TreeP99, TreeMax, ApplyP99, st.SlowestLegal, st.SlowestApply)
		}
	})
	rec := measure(b, r, o).Longest
	b.Run("replay", func(b *testing.B) {
		c0, cpu := processCPU()
		for i := 0; i < b.N; i++ {
			if _, err := adjudicator.Replay(r, rec); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, c0, cpu)
		b.ReportMetric(float64(len(rec.Entries)), "entries")
	})
	b.Run("coldload", func(b *testing.B) {
		cut := max(0, len(rec.Entries)-TailEntries)
		head := rec
		head.Entries = rec.Entries[:cut]
		g, err := adjudicator.Load(r, head, nil)
		if err != nil {
			b.Fatal(err)
		}
		snap, err := g.Snapshot()
		if err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		c0, cpu := processCPU()
		for i := 0; i < b.N; i++ {
			if _, err := adjudicator.Load(r, rec, &snap); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, c0, cpu)
		b.ReportMetric(float64(len(rec.Entries)), "entries")
	})
}

// reportCPU reports the process's CPU time per op since c0 (cpu-ms): the
// work an op costs, the collector's included, which other processes on a
// shared machine do not inflate as they do ns/op.
func reportCPU(b *testing.B, c0 time.Duration, ok bool) {
	c1, ok1 := processCPU()
	if ok && ok1 && b.N > 0 {
		b.ReportMetric(ms(c1-c0)/float64(b.N), "cpu-ms")
	}
}
