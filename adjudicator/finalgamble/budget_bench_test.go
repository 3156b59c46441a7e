package finalgamble

import (
	"testing"

	"github.com/umpirebot/umpire/adjudicator/benchkit"
)

// BenchmarkBudget: DESIGN's budgets along two aggressive games of
// scenarios A and D (issue 31), under the names every title uses.
func BenchmarkBudget(b *testing.B) {
	for _, sc := range []string{"A", "D"} {
		b.Run(sc, func(b *testing.B) { benchkit.Run(b, rules(b), sc, 2) })
	}
}
