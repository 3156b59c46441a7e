package lostvalley

import (
	"os"
	"testing"
)

// TestDistribution logs the result levels of random games and of the
// careful player's (careful_test.go): set LV_DIST=N to play N random and
// N/2 careful games per scenario (skipped otherwise), e.g.
//
//	LV_DIST=200 go test -count=1 -run TestDistribution -v ./adjudicator/lostvalley/
func TestDistribution(t *testing.T) {
	n := 0
	if v := os.Getenv("LV_DIST"); v != "" {
		n, _ = atoi(v)
	}
	if n == 0 {
		t.Skip("LV_DIST not set")
	}
	r := testRules(t)
	for _, sc := range []string{"campaign", "five-hills"} {
		for _, smart := range []bool{false, true} {
			games := n
			if smart {
				games = max(1, n/2)
			}
			m := levels(t, r, sc, games, 7, smart)
			good := 0
			for _, k := range sortedLevels(m) {
				t.Logf("%s (careful %v): %-20s %d", sc, smart, k, m[k])
				if nonDefeat(k) {
					good += m[k]
				}
			}
			t.Logf("%s (careful %v): a Draw or better in %d of %d games (%d%%)", sc, smart, good, games, 100*good/games)
		}
	}
}
