// Package hexgrid is the hex geometry the hex-map titles share (Tonkin,
// The Final Gamble): offset coordinates, ids, neighbours, hexsides,
// distances and paths. It is pure and knows nothing of any title's map.
//
// Hexes are pointy-topped: a row runs east-west and neighbouring hexes of
// a row share a side. Rows are numbered upward from the south edge,
// columns eastward; even rows are shifted half a hex east ("even-r").
// Ids are "RRCC": two digits of row, two of column.
package hexgrid

import "fmt"

// Hex is one hex by row and column.
type Hex struct{ Row, Col int }

// ID formats (row, col) as four digits "RRCC".
func ID(row, col int) string { return fmt.Sprintf("%02d%02d", row, col) }

// ID is the hex's four-digit id.
func (h Hex) ID() string { return ID(h.Row, h.Col) }

// Parse reads a four-digit id.
func Parse(id string) (row, col int, ok bool) {
	if len(id) != 4 {
		return 0, 0, false
	}
	for _, c := range id {
		if c < '0' || c > '9' {
			return 0, 0, false
		}
	}
	row = int(id[0]-'0')*10 + int(id[1]-'0')
	col = int(id[2]-'0')*10 + int(id[3]-'0')
	return row, col, true
}

// Neighbors lists the six hexes around (row, col), on a map or not:
// east, west, then the two above (north) and the two below (south).
func Neighbors(row, col int) [6][2]int {
	lo, hi := col-1, col // odd rows: the rows above and below are shifted east
	if row%2 == 0 {
		lo, hi = col, col+1
	}
	return [6][2]int{
		{row, col + 1}, {row, col - 1},
		{row + 1, lo}, {row + 1, hi},
		{row - 1, lo}, {row - 1, hi},
	}
}

// Adjacent tells whether (r1, c1) and (r2, c2) are neighbours.
func Adjacent(r1, c1, r2, c2 int) bool {
	for _, n := range Neighbors(r1, c1) {
		if n[0] == r2 && n[1] == c2 {
			return true
		}
	}
	return false
}

// AdjacentIDs tells whether two hex ids are neighbours.
func AdjacentIDs(a, b string) bool {
	ra, ca, ok1 := Parse(a)
	rb, cb, ok2 := Parse(b)
	return ok1 && ok2 && Adjacent(ra, ca, rb, cb)
}

// cube converts an even-r offset hex to cube coordinates.
func cube(r, c int) (x, y, z int) {
	x = c - (r+(r&1))/2
	z = r
	return x, -x - z, z
}

// Distance is the number of hex steps between two hexes.
func Distance(r1, c1, r2, c2 int) int {
	x1, y1, z1 := cube(r1, c1)
	x2, y2, z2 := cube(r2, c2)
	return max(abs(x1-x2), abs(y1-y2), abs(z1-z2))
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// Side names the hexside between two neighbouring hexes, the same whichever
// hex is named first: "RRCC/RRCC" with the lower id first. ok is false when
// the ids are not neighbours.
func Side(a, b string) (string, bool) {
	if !AdjacentIDs(a, b) {
		return "", false
	}
	if b < a {
		a, b = b, a
	}
	return a + "/" + b, true
}

// Path is a shortest chain of hexes from a to b (both included) through
// hexes pass allows (a and b need not pass), trying neighbours in
// Neighbors' order so the answer is the same every time; nil when there
// is none within limit steps.
func Path(a, b Hex, limit int, pass func(Hex) bool) []Hex {
	if a == b {
		return []Hex{a}
	}
	prev := map[Hex]Hex{a: a}
	frontier := []Hex{a}
	for step := 0; step < limit && len(frontier) > 0; step++ {
		var next []Hex
		for _, h := range frontier {
			for _, n := range Neighbors(h.Row, h.Col) {
				nh := Hex{n[0], n[1]}
				if _, seen := prev[nh]; seen {
					continue
				}
				if nh != b && !pass(nh) {
					continue
				}
				prev[nh] = h
				if nh == b {
					var out []Hex
					for at := b; at != a; at = prev[at] {
						out = append(out, at)
					}
					out = append(out, a)
					for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
						out[i], out[j] = out[j], out[i]
					}
					return out
				}
				next = append(next, nh)
			}
		}
		frontier = next
	}
	return nil
}

// Connected tells whether the hexes form one group, each reachable from
// the first through neighbours in the set.
func Connected(hs []Hex) bool {
	if len(hs) == 0 {
		return true
	}
	in := map[Hex]bool{}
	for _, h := range hs {
		in[h] = true
	}
	seen := map[Hex]bool{hs[0]: true}
	stack := []Hex{hs[0]}
	for len(stack) > 0 {
		h := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range Neighbors(h.Row, h.Col) {
			nh := Hex{n[0], n[1]}
			if in[nh] && !seen[nh] {
				seen[nh] = true
				stack = append(stack, nh)
			}
		}
	}
	return len(seen) == len(in)
}
