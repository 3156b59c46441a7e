package render

import "testing"

// Densest: the spot that fits with the most, the last of a tie; -1 for
// no spots.
func TestDensest(t *testing.T) {
	near := func(a, b float64) bool { return a-b <= 2 && b-a <= 2 }
	for _, c := range []struct {
		spots []float64
		want  int
	}{
		{nil, -1},
		{[]float64{5}, 0},
		{[]float64{0, 1, 2, 10, 11}, 2},   // 0, 1 and 2 each fit three: the last
		{[]float64{10, 0, 11, 1, 12}, 4},  // 10, 11, 12 fit three each
		{[]float64{0, 20, 40}, 2},         // none fits another: the last
		{[]float64{0, 2, 4, 6, 3, 30}, 2}, // 2 and 4 fit four each (3 only three): the later
	} {
		if got := Densest(c.spots, near); got != c.want {
			t.Errorf("Densest(%v) = %d, want %d", c.spots, got, c.want)
		}
	}
}
