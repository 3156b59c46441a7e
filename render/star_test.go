package render

import (
	"math"
	"testing"
)

// StarPoints: ten corners, alternately at r and 0.45 r from the centre,
// the first straight up, the star symmetric about its vertical axis.
func TestStarPoints(t *testing.T) {
	x, y, r := 40.0, 30.0, 8.0
	pts := StarPoints(x, y, r)
	if len(pts) != 10 {
		t.Fatalf("%d corners, want 10", len(pts))
	}
	if math.Abs(pts[0][0]-x) > 1e-9 || math.Abs(pts[0][1]-(y-r)) > 1e-9 {
		t.Errorf("first corner %v, want straight up at (%v, %v)", pts[0], x, y-r)
	}
	for i, p := range pts {
		want := r
		if i%2 == 1 {
			want = 0.45 * r
		}
		if d := math.Hypot(p[0]-x, p[1]-y); math.Abs(d-want) > 1e-9 {
			t.Errorf("corner %d at %.6f from the centre, want %.6f", i, d, want)
		}
		m := pts[(10-i)%10] // its mirror image across the vertical axis
		if math.Abs((p[0]-x)+(m[0]-x)) > 1e-9 || math.Abs(p[1]-m[1]) > 1e-9 {
			t.Errorf("corners %d %v and %d %v are not mirror images", i, p, (10-i)%10, m)
		}
	}
}
