package storm

import (
	"testing"

	"github.com/umpirebot/umpire/adjudicator/benchkit"
)

// BenchmarkBudget: DESIGN's budgets along two aggressive games (issue 31),
// under the names every title uses.
func BenchmarkBudget(b *testing.B) {
	b.Run("battle", func(b *testing.B) { benchkit.Run(b, New(MustDefault()), "battle", 2) })
}
