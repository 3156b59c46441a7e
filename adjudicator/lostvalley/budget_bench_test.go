package lostvalley

import (
	"testing"

	"github.com/umpirebot/umpire/adjudicator/benchkit"
)

// BenchmarkBudget: DESIGN's budgets along two aggressive games of each
// scenario (issue 31), under the names every title uses.
func BenchmarkBudget(b *testing.B) {
	for _, sc := range []string{"campaign", "five-hills"} {
		b.Run(sc, func(b *testing.B) { benchkit.Run(b, testRules(b), sc, 2) })
	}
}
