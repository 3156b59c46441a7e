//go:build tonkinmap

// Command tonkinmap generates Tonkin's hex map layers (grid.toml and
// paths.toml under adjudicator/tonkin/data/) from Natural Earth country
// outlines and the hand-made geography of features.go. Not part of the
// build: see README.md for how to run it.
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/umpirebot/umpire/adjudicator/tonkin"
)

// The grid: see adjudicator/tonkin/data/README.md for how it was fitted.
var grid = tonkin.Grid{
	Rows: 24, Cols: 32, WidthKm: 19,
	X0: -64.9, Y0: -145.9,
	Lat0: 21, Lon0: 103, FoldLon: 103, Fold: 0.35,
}

type hexInfo struct {
	id        string
	row, col  int
	terrain   string
	country   string
	coastal   bool
	landShare float64
	zones     []string
}

func main() {
	atlas := flag.String("atlas", "", "world-atlas countries-10m.json (or -50m)")
	out := flag.String("out", "adjudicator/tonkin/data", "output directory")
	flag.Parse()
	if *atlas == "" {
		fmt.Fprintln(os.Stderr, "usage: go run -tags tonkinmap ./tools/tonkinmap -atlas path/to/countries-10m.json")
		os.Exit(2)
	}
	names := map[string]bool{"Vietnam": true, "Laos": true, "China": true, "Thailand": true, "Myanmar": true}
	cs, err := readCountries(*atlas, names, [4]float64{100, 18, 110, 25})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	hexes := map[string]*hexInfo{}
	var ids []string
	for r := 1; r <= grid.Rows; r++ {
		for c := 1; c <= grid.Cols; c++ {
			h := classify(cs, r, c)
			hexes[h.id] = h
			ids = append(ids, h.id)
		}
	}
	riverPaths := onLand(trace(rivers), hexes)
	roadPaths := onLand(trace(roads), hexes)
	railPaths := onLand(trace(railways), hexes)
	riverHex, minorHex := map[string]bool{}, map[string]bool{}
	for _, p := range riverPaths {
		for _, id := range p.hexes {
			riverHex[id] = true
			if p.kind == "minor" {
				minorHex[id] = true
			}
		}
	}
	delta := deltaHexes(hexes, riverHex)
	forks := forkHexes(riverPaths)
	west := redRiverWest(hexes, riverPaths)
	border := chinaBorder(hexes)

	if err := writeGrid(filepath.Join(*out, "grid.toml"), hexes, ids, border, minorHex); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := writePaths(filepath.Join(*out, "paths.toml"), riverPaths, roadPaths, railPaths, forks, delta, west, hexes, riverHex); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	checkTowns(filepath.Join(*out, "map.toml"))
}

// classify samples the hex on a 9x9 lattice: the share of land, the
// country of most land samples, and whether it has sea too.
func classify(cs []country, r, c int) *hexInfo {
	h := &hexInfo{id: tonkin.HexID(r, c), row: r, col: c}
	cx, cy := grid.Center(r, c)
	count := map[string]int{}
	land, sea := 0, 0
	half := grid.WidthKm / 2
	for i := -4; i <= 4; i++ {
		for j := -4; j <= 4; j++ {
			x := cx + half*float64(i)/4
			y := cy + grid.WidthKm/math.Sqrt(3)*float64(j)/4
			if rr, cc := grid.At(x, y); rr != r || cc != c {
				continue
			}
			lat, lon := grid.Unproject(x, y)
			found := ""
			for _, k := range cs {
				if k.contains(lon, lat) {
					found = k.name
					break
				}
			}
			if found == "" {
				sea++
				continue
			}
			land++
			count[found]++
		}
	}
	h.landShare = float64(land) / float64(land+sea)
	best := ""
	for k, n := range count {
		if best == "" || n > count[best] || (n == count[best] && k < best) {
			best = k
		}
	}
	switch best {
	case "":
		h.terrain, h.country = "sea", ""
		return h
	case "Vietnam":
		h.country = "vietnam"
	case "China":
		h.country = "china"
	default: // Laos; Thailand or Myanmar at the folded west edge count as Laos
		h.country = "laos"
	}
	h.coastal = sea > 0
	lat, lon := grid.Unproject(cx, cy)
	h.terrain = terrainAt(lat, lon, h)
	return h
}

func inZone(z zone, lat, lon float64) bool {
	if z.radiusKm > 0 {
		x1, y1 := grid.Project(lat, lon)
		x2, y2 := grid.Project(z.pts[0][0], z.pts[0][1])
		// the radius is in real km: undo the fold for the test
		if lon < grid.FoldLon {
			x1 = (lon - grid.Lon0) * 111.32 * math.Cos(grid.Lat0*math.Pi/180)
			x2 = (z.pts[0][1] - grid.Lon0) * 111.32 * math.Cos(grid.Lat0*math.Pi/180)
		}
		return math.Hypot(x1-x2, y1-y2) <= z.radiusKm+grid.WidthKm/2
	}
	in := false
	p := z.pts
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		yi, xi := p[i][0], p[i][1]
		yj, xj := p[j][0], p[j][1]
		if (yi > lat) != (yj > lat) && lon < (xj-xi)*(lat-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}

func terrainAt(lat, lon float64, h *hexInfo) string {
	t := "rough"
	for _, z := range plains {
		if inZone(z, lat, lon) {
			t = "clear"
			h.zones = append(h.zones, z.name)
		}
	}
	if h.country != "china" {
		for _, z := range forests {
			if inZone(z, lat, lon) {
				if t == "clear" {
					t = "forest"
				} else {
					t = "rough-forest"
				}
				h.zones = append(h.zones, z.name)
				break
			}
		}
	}
	for _, z := range mountains {
		if inZone(z, lat, lon) {
			t = "mountain"
			h.zones = append(h.zones, z.name)
		}
	}
	for _, z := range basins {
		if inZone(z, lat, lon) {
			t = z.terrain
			h.zones = append(h.zones, z.name)
		}
	}
	return t
}

type traced struct {
	path
	hexes []string
}

// trace walks each path in 0.5 km steps and lists the hexes it enters; a
// step that crosses a hex corner gets the shared neighbour inserted so that
// every two consecutive hexes are adjacent.
func trace(ps []path) []traced {
	var out []traced
	for _, p := range ps {
		var hs [][2]int
		add := func(r, c int) {
			if n := len(hs); n > 0 && hs[n-1] == [2]int{r, c} {
				return
			}
			if n := len(hs); n > 0 && !tonkin.Adjacent(tonkin.HexID(hs[n-1][0], hs[n-1][1]), tonkin.HexID(r, c)) {
				last := hs[n-1]
				for _, nb := range tonkin.Neighbors(last[0], last[1]) {
					if tonkin.Adjacent(tonkin.HexID(nb[0], nb[1]), tonkin.HexID(r, c)) {
						hs = append(hs, nb)
						break
					}
				}
			}
			hs = append(hs, [2]int{r, c})
		}
		for i := 0; i+1 < len(p.pts); i++ {
			x1, y1 := grid.Project(p.pts[i][0], p.pts[i][1])
			x2, y2 := grid.Project(p.pts[i+1][0], p.pts[i+1][1])
			n := int(math.Hypot(x2-x1, y2-y1)/0.5) + 1
			for k := 0; k <= n; k++ {
				f := float64(k) / float64(n)
				add(grid.At(x1+(x2-x1)*f, y1+(y2-y1)*f))
			}
		}
		t := traced{path: p}
		for _, h := range hs {
			if grid.On(h[0], h[1]) {
				t.hexes = append(t.hexes, tonkin.HexID(h[0], h[1]))
			}
		}
		out = append(out, t)
	}
	return out
}

// onLand cuts the all-sea hexes off the ends of each path (a river's
// mouth drawn a little out to sea).
func onLand(ps []traced, hexes map[string]*hexInfo) []traced {
	sea := func(id string) bool { return hexes[id].terrain == "sea" }
	for i := range ps {
		h := ps[i].hexes
		for len(h) > 0 && sea(h[len(h)-1]) {
			h = h[:len(h)-1]
		}
		for len(h) > 0 && sea(h[0]) {
			h = h[1:]
		}
		ps[i].hexes = h
	}
	return ps
}

// deltaHexes: river hexes in the delta outline, from Vinh Yen towards the
// sea, plus the non-river land hexes they enclose.
func deltaHexes(hexes map[string]*hexInfo, riverHex map[string]bool) []string {
	cand := map[string]bool{}
	for id, h := range hexes {
		if h.terrain == "sea" || h.country != "vietnam" {
			continue
		}
		lat, lon := grid.Unproject(grid.Center(h.row, h.col))
		if inZone(deltaZone, lat, lon) {
			cand[id] = true
		}
	}
	in := map[string]bool{}
	for id := range cand {
		if riverHex[id] {
			in[id] = true
		}
	}
	// Flood the land from every hex outside the outline, never entering a
	// delta river hex or the sea: the candidates it cannot reach are
	// enclosed by the delta's rivers and the coast.
	reached := map[string]bool{}
	var stack []string
	for id, h := range hexes {
		if !cand[id] && h.terrain != "sea" {
			reached[id] = true
			stack = append(stack, id)
		}
	}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		h := hexes[id]
		for _, nb := range tonkin.Neighbors(h.row, h.col) {
			nid := tonkin.HexID(nb[0], nb[1])
			n, ok := hexes[nid]
			if !ok || reached[nid] || in[nid] || n.terrain == "sea" {
				continue
			}
			reached[nid] = true
			stack = append(stack, nid)
		}
	}
	for id := range cand {
		if !in[id] && !reached[id] {
			in[id] = true
		}
	}
	var out []string
	for id := range in {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// redRiverWest floods Vietnam from Dien Bien Phu's hex without crossing
// the Red River, and adds the river's own hexes (its valley).
func redRiverWest(hexes map[string]*hexInfo, rivers []traced) []string {
	red := map[string]bool{}
	for _, p := range rivers {
		if p.id == "red" {
			for _, h := range p.hexes {
				red[h] = true
			}
		}
	}
	x, y := grid.Project(21.386, 103.017)
	r0, c0 := grid.At(x, y)
	start := tonkin.HexID(r0, c0)
	in := map[string]bool{start: true}
	stack := []string{start}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		h := hexes[id]
		for _, nb := range tonkin.Neighbors(h.row, h.col) {
			nid := tonkin.HexID(nb[0], nb[1])
			n, ok := hexes[nid]
			if !ok || in[nid] || red[nid] || n.country != "vietnam" {
				continue
			}
			in[nid] = true
			stack = append(stack, nid)
		}
	}
	for h := range red {
		if hexes[h].country == "vietnam" {
			in[h] = true
		}
	}
	var out []string
	for id := range in {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// forkHexes: where a river's end meets another river (the "Y" of 6.8).
func forkHexes(ps []traced) []string {
	set := map[string]bool{}
	for i, p := range ps {
		if len(p.hexes) == 0 {
			continue
		}
		for _, end := range []string{p.hexes[0], p.hexes[len(p.hexes)-1]} {
			for j, q := range ps {
				if i == j {
					continue
				}
				for _, h := range q.hexes {
					if h == end {
						set[end] = true
					}
				}
			}
		}
	}
	var out []string
	for id := range set {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

func chinaBorder(hexes map[string]*hexInfo) [][2]string {
	var out [][2]string
	for _, h := range hexes {
		if h.country != "china" {
			continue
		}
		for _, nb := range tonkin.Neighbors(h.row, h.col) {
			n, ok := hexes[tonkin.HexID(nb[0], nb[1])]
			if ok && n.terrain != "sea" && n.country != "china" {
				out = append(out, [2]string{h.id, n.id})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0]+out[i][1] < out[j][0]+out[j][1] })
	return out
}

// montagnard: the rulebook's montagnard area (The Map): rough (with or
// without forest) and mountain hexes in Vietnam and Laos, and the hexes
// along minor rivers there that are not clear.
func montagnard(h *hexInfo, minorHex map[string]bool) bool {
	if h.country != "vietnam" && h.country != "laos" {
		return false
	}
	switch h.terrain {
	case "rough", "rough-forest", "mountain":
		return true
	case "forest":
		return minorHex[h.id]
	}
	return false
}

func writeGrid(path string, hexes map[string]*hexInfo, ids []string, border [][2]string, minorHex map[string]bool) error {
	var b strings.Builder
	b.WriteString(`# Tonkin: the hex grid and every hex's terrain, country and coast.
#
# GENERATED by tools/tonkinmap (go run -tags tonkinmap ./tools/tonkinmap
# -atlas countries-10m.json): edit features.go there and re-run, or edit
# here by hand and say so in README.md (a re-run overwrites this file).

provenance = "reconstructed"
source = """
Country and coast: Natural Earth 1:10m admin-0 countries (public domain) as
packed in the npm package world-atlas 2.0.2 (countries-10m.json), sampled
on 61 to 81 points per hex: a hex is sea when no sample is land, coastal
when some are land and some sea, and belongs to the country of most land
samples (Thailand and Myanmar at the folded west edge count as Laos).
Terrain: the project's reading of the physical record (tools/tonkinmap/
features.go names every zone): the Red River delta and the Thanh Hoa plain
are clear rice fields; the Tonkin midlands, the Guangxi hills and the Lao
uplands rough; the Viet Bac, the Thai country, the Muong hinterland and
northern Laos jungle (rough-forest, or forest on clear); the Hoang Lien
Son, the Ha Giang karst, the Lao border ranges and the Yunnan edge
mountain; the Dien Bien Phu, Lang Son, Cao Bang, Nghia Lo and Thai Nguyen
basins clear. Montagnard (rulebook, The Map): rough, rough-forest and
mountain hexes in Vietnam and Laos, and forest hexes there with a minor
river.
"""

`)
	b.WriteString("# One line a hex, south row first, west to east.\nhexes = [\n")
	for _, id := range ids {
		h := hexes[id]
		mont := montagnard(h, minorHex)
		fmt.Fprintf(&b, "  {id = %q, terrain = %q", h.id, h.terrain)
		if h.country != "" {
			fmt.Fprintf(&b, ", country = %q", h.country)
		}
		if h.coastal {
			b.WriteString(", coastal = true")
		}
		if mont {
			b.WriteString(", montagnard = true")
		}
		b.WriteString("},\n")
	}
	b.WriteString("]\n\n")
	fmt.Fprintf(&b, "[grid]\nrows = %d\ncols = %d\nwidth_km = %g\nx0_km = %g\ny0_km = %g\nlat0 = %g\nlon0 = %g\nfold_lon = %g\nfold = %g\n\n",
		grid.Rows, grid.Cols, grid.WidthKm, grid.X0, grid.Y0, grid.Lat0, grid.Lon0, grid.FoldLon, grid.Fold)
	b.WriteString(`# The Chinese border (no attack or overrun across it, 6.6): every hexside
# between a hex in China and a land hex outside it.
[china_border]
provenance = "reconstructed"
source = "Derived from the hexes' countries above (Natural Earth 1:10m)."
hexsides = [
`)
	for _, s := range border {
		fmt.Fprintf(&b, "  [%q, %q],\n", s[0], s[1])
	}
	b.WriteString("]\n")
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func writePaths(path string, rivers, roads, rails []traced, forks, delta, west []string, hexes map[string]*hexInfo, riverHex map[string]bool) error {
	var b strings.Builder
	b.WriteString(`# Tonkin: rivers, roads, railways, the delta.
#
# GENERATED by tools/tonkinmap from the waypoints in features.go (each
# traced through the hexes it crosses; consecutive hexes are adjacent).

`)
	sect := func(table, prov, source string, ps []traced) {
		for _, p := range ps {
			fmt.Fprintf(&b, "[[%s]]\nid = %q\nname = %q\n", table, p.id, p.name)
			if table == "river" {
				fmt.Fprintf(&b, "kind = %q\n", p.kind)
			}
			fmt.Fprintf(&b, "provenance = %q\nsource = %q\nhexes = [", prov, source)
			for i, h := range p.hexes {
				if i > 0 {
					b.WriteString(", ")
				}
				if i > 0 && i%12 == 0 {
					b.WriteString("\n  ")
				}
				fmt.Fprintf(&b, "%q", h)
			}
			b.WriteString("]\n\n")
		}
	}
	sect("river", "reconstructed", "Course from 1950s maps of Tonkin and Laos, traced through the towns on its banks; navigable (Rivière navigable) where the Dinassauts and river convoys of 1950-54 ran, minor (Petite rivière) elsewhere.", rivers)
	sect("road", "reconstructed", "The colonial route (RC, RP) through the towns it joined in 1950, after French and US army maps of the period.", roads)
	sect("railway", "reconstructed", "The railway of 1950 through its stations (the Chinese railway reaches Pingxiang across the border; rulebook, The Map).", rails)
	b.WriteString(`# Hexes where a river ends in another: the "Y" forks of 6.8 (a defender
# there may still have the other river between him and the attacker).
[forks]
provenance = "reconstructed"
source = "Derived from the river paths above: every hex where one river's first or last hex lies on another river."
hexes = [`)
	for i, h := range forks {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", h)
	}
	b.WriteString("]\n\n")
	b.WriteString(`# The delta (The Map: all river hexes from, and including, Vinh Yen
# towards the sea, and the non-river hexes within that area).
[delta]
provenance = "reconstructed"
source = "Derived: the river hexes whose centre lies in the outline of the Red River delta plain (tools/tonkinmap/features.go), plus the non-river land hexes they and the sea enclose; the rulebook says there are 4 of those."
hexes = [`)
	nonRiver := 0
	for i, h := range delta {
		if i > 0 {
			b.WriteString(", ")
		}
		if i > 0 && i%12 == 0 {
			b.WriteString("\n  ")
		}
		fmt.Fprintf(&b, "%q", h)
		if !riverHex[h] {
			nonRiver++
		}
	}
	b.WriteString("]\n\n")
	fmt.Printf("delta: %d hexes, %d non-river\n", len(delta), nonRiver)
	b.WriteString(`# Vietnam west of, and including, the Red River valley (3.8 and 4.3: where
# Thai units are placed and find supply; the Thai federation lay there).
[red_river_west]
provenance = "reconstructed"
source = "Derived: the Red River's hexes and the Vietnamese land hexes reached from Dien Bien Phu without crossing them (the river's south-west bank, from Lao Kay to the sea)."
hexes = [`)
	for i, h := range west {
		if i > 0 {
			b.WriteString(", ")
		}
		if i > 0 && i%12 == 0 {
			b.WriteString("\n  ")
		}
		fmt.Fprintf(&b, "%q", h)
	}
	b.WriteString("]\n")
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// checkTowns prints the town check table for README.md from map.toml.
func checkTowns(path string) {
	var m struct {
		Urban []struct {
			Name string  `toml:"name"`
			Hex  string  `toml:"hex"`
			Lat  float64 `toml:"lat"`
			Lon  float64 `toml:"lon"`
		} `toml:"urban"`
	}
	if _, err := toml.DecodeFile(path, &m); err != nil {
		fmt.Println("no town table:", err)
		return
	}
	fmt.Println("| town | lat N | lon E | projected hex | data hex | error km |")
	fmt.Println("| --- | --- | --- | --- | --- | --- |")
	for _, u := range m.Urban {
		x, y := grid.Project(u.Lat, u.Lon)
		r, c := grid.At(x, y)
		dr, dc, _ := tonkin.ParseHex(u.Hex)
		hx, hy := grid.Center(dr, dc)
		fmt.Printf("| %s | %.2f | %.2f | %s | %s | %.1f |\n", u.Name, u.Lat, u.Lon, tonkin.HexID(r, c), u.Hex, math.Hypot(hx-x, hy-y))
	}
}
