package hexgrid

import "testing"

func TestNeighborsAreMutualAndAtDistanceOne(t *testing.T) {
	for r := 1; r <= 6; r++ {
		for c := 1; c <= 6; c++ {
			ns := Neighbors(r, c)
			seen := map[[2]int]bool{}
			for _, n := range ns {
				if seen[n] {
					t.Fatalf("%s: neighbour %v twice", ID(r, c), n)
				}
				seen[n] = true
				if d := Distance(r, c, n[0], n[1]); d != 1 {
					t.Errorf("%s -> %s: distance %d, want 1", ID(r, c), ID(n[0], n[1]), d)
				}
				if !Adjacent(n[0], n[1], r, c) {
					t.Errorf("%s is next to %s but not back", ID(r, c), ID(n[0], n[1]))
				}
			}
		}
	}
}

func TestEvenRowsShiftEast(t *testing.T) {
	// 0203 (even row) touches 0303 and 0304 above; 0303 (odd) touches 0202 and 0203 below.
	if !AdjacentIDs("0203", "0304") || AdjacentIDs("0203", "0302") {
		t.Error("an even row is shifted half a hex east")
	}
	if !AdjacentIDs("0303", "0202") || AdjacentIDs("0303", "0204") {
		t.Error("an odd row's lower neighbours are one column west")
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{
		{"0101", "0101", 0}, {"0101", "0105", 4}, {"0101", "0501", 4},
		{"0101", "0503", 4}, {"0101", "0504", 5}, {"0210", "0810", 6}, {"0305", "0102", 4},
	} {
		r1, c1, _ := Parse(tc.a)
		r2, c2, _ := Parse(tc.b)
		if got := Distance(r1, c1, r2, c2); got != tc.d {
			t.Errorf("Distance(%s, %s) = %d, want %d", tc.a, tc.b, got, tc.d)
		}
		if got := Distance(r2, c2, r1, c1); got != tc.d {
			t.Errorf("Distance(%s, %s) = %d, want %d", tc.b, tc.a, got, tc.d)
		}
	}
}

func TestParse(t *testing.T) {
	if r, c, ok := Parse("1207"); !ok || r != 12 || c != 7 || ID(r, c) != "1207" {
		t.Errorf("Parse(1207) = %d %d %v", r, c, ok)
	}
	for _, bad := range []string{"", "123", "12a4", "12345", "-123"} {
		if _, _, ok := Parse(bad); ok {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestSideIsOrderFree(t *testing.T) {
	s1, ok1 := Side("0304", "0203")
	s2, ok2 := Side("0203", "0304")
	if !ok1 || !ok2 || s1 != s2 || s1 != "0203/0304" {
		t.Errorf("Side = %q %v / %q %v", s1, ok1, s2, ok2)
	}
	if _, ok := Side("0101", "0103"); ok {
		t.Error("Side of two hexes apart accepted")
	}
}

func TestPathGoesAroundBlockedHexes(t *testing.T) {
	wall := map[Hex]bool{{2, 2}: true, {3, 2}: true, {1, 2}: true, {4, 2}: true}
	pass := func(h Hex) bool { return !wall[h] && h.Row >= 1 && h.Row <= 6 && h.Col >= 1 && h.Col <= 6 }
	p := Path(Hex{2, 1}, Hex{2, 3}, 20, pass)
	if len(p) == 0 || p[0] != (Hex{2, 1}) || p[len(p)-1] != (Hex{2, 3}) {
		t.Fatalf("path %v", p)
	}
	for i := 1; i < len(p); i++ {
		if !Adjacent(p[i-1].Row, p[i-1].Col, p[i].Row, p[i].Col) || wall[p[i]] {
			t.Fatalf("bad step %v -> %v in %v", p[i-1], p[i], p)
		}
	}
	if len(p)-1 < 6 {
		t.Errorf("path of %d steps through a wall of 4 hexes", len(p)-1)
	}
	if Path(Hex{2, 1}, Hex{2, 3}, 2, pass) != nil {
		t.Error("a path longer than the limit was found")
	}
}

func TestConnected(t *testing.T) {
	if !Connected([]Hex{{1, 1}, {1, 2}, {2, 2}}) {
		t.Error("three touching hexes not connected")
	}
	if Connected([]Hex{{1, 1}, {1, 3}}) {
		t.Error("two hexes apart connected")
	}
}
