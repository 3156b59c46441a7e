package lostvalley

import (
	"os"
	"testing"
)

// TestDistribution logs the result levels of random games (set
// LV_DIST=N to play N per scenario; skipped otherwise).
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
			m := levels(t, r, sc, n, 7, smart)
			for _, k := range sortedLevels(m) {
				t.Logf("%s (careful %v): %-20s %d", sc, smart, k, m[k])
			}
		}
	}
}
