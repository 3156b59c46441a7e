package tonkin

import (
	"testing"

	"github.com/umpirebot/umpire/adjudicator/benchkit"
)

// BenchmarkBudget: DESIGN's budgets along two aggressive games of each of
// the first two scenarios (issue 31), under the names every title uses.
func BenchmarkBudget(b *testing.B) {
	for _, sc := range []string{"1950", "1951"} {
		b.Run(sc, func(b *testing.B) { benchkit.Run(b, rules(b), sc, 2) })
	}
}
