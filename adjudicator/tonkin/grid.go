package tonkin

import (
	"math"

	"github.com/umpirebot/umpire/adjudicator/hexgrid"
)

// Grid is Tonkin's hex grid and its projection of latitude/longitude onto
// it (data/grid.toml, [grid]). The choice is explained in data/README.md.
//
// Hexes are pointy-topped: a row runs east-west and neighbouring hexes of a
// row share a side. Ids are "RRCC": RR the row, numbered upward from the
// south edge (01..Rows), CC the column, growing eastward (01..Cols). Even
// rows are shifted half a hex east.
//
// Projection: equirectangular about (Lat0, Lon0), km east/north; west of
// FoldLon the east-west distance is multiplied by Fold (<1): the rulebook's
// fixed points put Dien Bien Phu in column 03, so northern Laos up to Luang
// Prabang and Phong Saly only fits the map folded in (see README).
type Grid struct {
	Rows    int     `toml:"rows"`
	Cols    int     `toml:"cols"`
	WidthKm float64 `toml:"width_km"` // across flats, centre to centre along a row
	X0      float64 `toml:"x0_km"`    // centre of hex RR00 of an odd row is X0 + 0*WidthKm
	Y0      float64 `toml:"y0_km"`    // centre of row 00 (off the map) is Y0
	Lat0    float64 `toml:"lat0"`
	Lon0    float64 `toml:"lon0"`
	FoldLon float64 `toml:"fold_lon"`
	Fold    float64 `toml:"fold"`
}

// RowKm is the north-south distance between two rows.
func (g Grid) RowKm() float64 { return g.WidthKm * math.Sqrt(3) / 2 }

func (g Grid) kmPerLon() float64 { return 111.32 * math.Cos(g.Lat0*math.Pi/180) }

const kmPerLat = 110.57

// Project maps a latitude/longitude to grid kilometres (x east, y north).
func (g Grid) Project(lat, lon float64) (x, y float64) {
	if lon < g.FoldLon {
		lon = g.FoldLon - (g.FoldLon-lon)*g.Fold
	}
	return (lon - g.Lon0) * g.kmPerLon(), (lat - g.Lat0) * kmPerLat
}

// Unproject is Project's inverse.
func (g Grid) Unproject(x, y float64) (lat, lon float64) {
	lon = g.Lon0 + x/g.kmPerLon()
	if lon < g.FoldLon {
		lon = g.FoldLon - (g.FoldLon-lon)/g.Fold
	}
	return g.Lat0 + y/kmPerLat, lon
}

// Center is the centre of hex (row, col) in grid kilometres.
func (g Grid) Center(row, col int) (x, y float64) {
	x = g.X0 + g.WidthKm*float64(col)
	if row%2 == 0 {
		x += g.WidthKm / 2
	}
	return x, g.Y0 + g.RowKm()*float64(row)
}

// At is the hex (row, col) whose centre is nearest to (x, y): the hex
// holding the point. It may lie off the map.
func (g Grid) At(x, y float64) (row, col int) {
	r0 := int(math.Round((y - g.Y0) / g.RowKm()))
	best := math.Inf(1)
	for r := r0 - 1; r <= r0+1; r++ {
		off := 0.0
		if r%2 == 0 {
			off = g.WidthKm / 2
		}
		c0 := int(math.Round((x - g.X0 - off) / g.WidthKm))
		for c := c0 - 1; c <= c0+1; c++ {
			cx, cy := g.Center(r, c)
			if d := math.Hypot(cx-x, cy-y); d < best {
				best, row, col = d, r, c
			}
		}
	}
	return row, col
}

// On tells whether (row, col) is on the map.
func (g Grid) On(row, col int) bool {
	return row >= 1 && row <= g.Rows && col >= 1 && col <= g.Cols
}

// HexID formats (row, col) as the rulebook's four digits.
func HexID(row, col int) string { return hexgrid.ID(row, col) }

// ParseHex reads a four-digit id.
func ParseHex(id string) (row, col int, ok bool) { return hexgrid.Parse(id) }

// Neighbors lists the six hexes around (row, col), on the map or not:
// east, west, then the two above and the two below (hexgrid.Neighbors).
func Neighbors(row, col int) [6][2]int { return hexgrid.Neighbors(row, col) }

// Adjacent tells whether two hex ids are neighbours.
func Adjacent(a, b string) bool { return hexgrid.AdjacentIDs(a, b) }

// Distance is the number of hex steps between two hexes.
func Distance(r1, c1, r2, c2 int) int { return hexgrid.Distance(r1, c1, r2, c2) }
