package finalgamble

import (
	"slices"
	"testing"

	"github.com/umpirebot/umpire/adjudicator/hexgrid"
)

// geoFixture is an empty board with scenario A's Trench Markers, for
// placing units by hand.
func geoFixture(t testing.TB, units ...Unit) (*Geo, *Board) {
	t.Helper()
	d := mustDefault(t)
	b := &Board{Units: units, Flags: map[string]string{}, Trench: map[string]int{"308": 1, "312": 1, "316": 1, "304": 1},
		Dig: map[string]int{}, Shaken: map[string]bool{}, Period: "dry"}
	return GeoOf(d), b
}

func fr(id, form, place string) Unit {
	u := Unit{ID: id, Side: "French", Formation: form}
	geoPut(&u, place)
	return u
}

func vmU(id, div, place string) Unit {
	u := Unit{ID: id, Side: "VM", Formation: div}
	geoPut(&u, place)
	return u
}

func geoPut(u *Unit, place string) {
	switch {
	case len(place) == 5 && place[0] == 'I':
		u.Map, u.Hex = "isabelle", place[1:]
	case len(place) == 4:
		u.Map, u.Hex = "dbp", place
	default:
		u.Box = place
	}
}

// findSide finds a DBP hexside a->b (a, b places) where pred holds.
func findSide(t *testing.T, g *Geo, pred func(a, b *Hex, side uint8) bool) (string, string) {
	t.Helper()
	gm := g.maps[0]
	for i := range gm.ids {
		for k, n := range gm.nb[i] {
			if n >= 0 && pred(gm.hx[i], gm.hx[n], gm.sides[i][k]) {
				return gm.ids[i], gm.ids[n]
			}
		}
	}
	t.Fatal("no such hexside on the map")
	return "", ""
}

func cost(t *testing.T, g *Geo, b *Board, id, from, to string) float64 {
	t.Helper()
	c, ok := g.Position(b).EnterCost(id, from, to)
	if !ok {
		t.Fatalf("%s may not enter %s from %s", id, to, from)
	}
	return c
}

func plain(a, b *Hex) bool {
	return a.Hill == b.Hill && !a.Supply && !b.Supply && a.Zone != 1 && b.Zone != 1 && a.Strong == "" && b.Strong == ""
}

func TestRule1_5B_TerrainCosts(t *testing.T) {
	g, _ := geoFixture(t)
	// field 1, 2 from the Rain period (8.6)
	a, b := findSide(t, g, func(a, b *Hex, s uint8) bool { return plain(a, b) && !b.Forest && s == 0 })
	g, bd := geoFixture(t, fr("x", "1BEP", a))
	if c := cost(t, g, bd, "x", a, b); c != 1 {
		t.Errorf("field: %v mp, want 1", c)
	}
	bd.Period = "rain"
	if c := cost(t, g, bd, "x", a, b); c != 2 {
		t.Errorf("field in Rain: %v mp, want 2", c)
	}
	// forest 2
	a, b = findSide(t, g, func(a, b *Hex, s uint8) bool { return plain(a, b) && b.Forest && s == 0 })
	g, bd = geoFixture(t, fr("x", "1BEP", a))
	if c := cost(t, g, bd, "x", a, b); c != 2 {
		t.Errorf("forest: %v mp, want 2", c)
	}
	// river +2, a bridge negates it; artillery only by a bridge
	a, b = findSide(t, g, func(a, b *Hex, s uint8) bool {
		return plain(a, b) && !b.Forest && s&geoRiver != 0 && s&(geoBridge|geoRoad) == 0
	})
	g, bd = geoFixture(t, fr("x", "1BEP", a), fr("art", "2/4RAC", a))
	if c := cost(t, g, bd, "x", a, b); c != 3 {
		t.Errorf("field across a river: %v mp, want 3", c)
	}
	if _, ok := g.Position(bd).EnterCost("art", a, b); ok {
		t.Errorf("1.5-B: artillery crossed a river without a bridge")
	}
	a, b = findSide(t, g, func(a, b *Hex, s uint8) bool { return s&geoBridge != 0 })
	g, bd = geoFixture(t, fr("art", "2/4RAC", a))
	if _, ok := g.Position(bd).EnterCost("art", a, b); !ok {
		t.Errorf("1.5-B: artillery may cross a river by a bridge")
	}
	// uphill +1
	a, b = findSide(t, g, func(a, b *Hex, s uint8) bool {
		return b.Hill != "" && a.Hill != b.Hill && !b.Forest && s == 0 && !b.Supply && b.Zone != 1 && a.Zone != 1
	})
	g, bd = geoFixture(t, fr("x", "1BEP", a))
	if c := cost(t, g, bd, "x", a, b); c != 2 {
		t.Errorf("uphill field: %v mp, want 2", c)
	}
	if c := cost(t, g, bd, "x", b, a); c != 1 {
		t.Errorf("downhill field: %v mp, want 1", c)
	}
}

func TestRule1_5B_RoadAndWire(t *testing.T) {
	g, _ := geoFixture(t)
	a, b := findSide(t, g, func(a, b *Hex, s uint8) bool { return s == geoRoad && a.Hill == b.Hill && !b.Supply && b.Zone != 1 })
	g, bd := geoFixture(t, fr("x", "1BEP", a))
	if c := cost(t, g, bd, "x", a, b); c != 0.5 {
		t.Errorf("along a road: %v mp, want 0.5", c)
	}
	// "You always pay the full terrain cost in enemy ZoC, even if there is a road"
	var vmAt string
	for _, n := range g.Neighbors(b) {
		if n != a && !slices.Contains(g.Neighbors(a), n) {
			vmAt = n
			break
		}
	}
	bd.Units = append(bd.Units, vmU("308-80", "308", vmAt))
	want := 1.0 + 1
	if _, h := g.Locate(b); h.Forest {
		want = 2 + 1
	}
	if c := cost(t, g, bd, "x", a, b); c != want {
		t.Errorf("a road into enemy ZoC: %v mp, want the terrain + 1 = %v", c, want)
	}
	// wire: +1 for the VM only, even along a road; gone with a flag
	a, b = findSide(t, g, func(a, b *Hex, s uint8) bool {
		return s&(geoHeavy|geoLight) != 0 && s&geoRiver == 0 && a.Hill == b.Hill && !b.Supply && !a.Supply && a.Zone != 1 && b.Zone != 1 && !b.Forest
	})
	g, bd = geoFixture(t, vmU("308-80", "308", a), fr("x", "1BEP", a))
	bd.Units = bd.Units[:1]
	if c := cost(t, g, bd, "308-80", a, b); c != 2 {
		t.Errorf("VM across wire: %v mp, want 2", c)
	}
	_, bh := g.Locate(b)
	_, ah := g.Locate(a)
	code := bh.Strong
	if code == "" {
		code = ah.Strong
	}
	if code == "" {
		t.Fatalf("fixture: the wire at %s/%s runs around no strongpoint", a, b)
	}
	bd.Flags[code] = "VM"
	if c := cost(t, g, bd, "308-80", a, b); c != 1 {
		t.Errorf("1.5-B: wire around a flagged strongpoint is gone: %v mp, want 1", c)
	}
	delete(bd.Flags, code)
	bd.Breaches = []string{a}
	if c := cost(t, g, bd, "308-80", a, b); c != 1 {
		t.Errorf("2.4-A: wire along a Wire Breach is gone: %v mp, want 1", c)
	}
	bd.Breaches = nil
	bd.Units = []Unit{fr("x", "1BEP", a)}
	if c := cost(t, g, bd, "x", a, b); c != 1 {
		t.Errorf("France pays nothing for wire: %v mp, want 1", c)
	}
}

func TestRule1_5B_FiveMPIntoSupplyAreaOrTrenchZone(t *testing.T) {
	g, _ := geoFixture(t)
	a, b := findSide(t, g, func(a, b *Hex, s uint8) bool { return !a.Supply && b.Supply })
	g, bd := geoFixture(t, vmU("308-80", "308", a))
	if c := cost(t, g, bd, "308-80", a, b); c != 5 {
		t.Errorf("VM into the Supply Area: %v mp, want 5", c)
	}
	r := g.Position(bd).Reach("308-80", MoveOpts{})
	if c, ok := r.Cost(b); !ok || c != 5 {
		t.Errorf("the VM reaches the Supply Area hex at %v (%v), want 5", c, ok)
	}
	for _, n := range g.Neighbors(b) {
		if c, ok := r.Cost(n); ok && c > 5 {
			t.Errorf("reached %s beyond 5 mp", n)
		}
	}
	if len(r.Path(b)) != 2 {
		t.Errorf("path %v: one step of 5 mp", r.Path(b))
	}
	a, b = findSide(t, g, func(a, b *Hex, s uint8) bool { return a.Zone != 1 && b.Zone == 1 && !a.Supply })
	g, bd = geoFixture(t, fr("x", "1BEP", a))
	if c := cost(t, g, bd, "x", a, b); c != 5 {
		t.Errorf("France into a Trench Zone: %v mp, want 5", c)
	}
	bd.Trench["308"] = 0 // the zone is not trenched: its plain cost
	if c := cost(t, g, bd, "x", a, b); c == 5 {
		t.Errorf("France into a zone with no trench pays 5 mp")
	}
}

func TestRule1_8_ZoCCostAndNegation(t *testing.T) {
	g, _ := geoFixture(t)
	// three hexes in a row on plain field: a (mover) -> b, VM at c next to b
	a, b := findSide(t, g, func(a, b *Hex, s uint8) bool { return plain(a, b) && !b.Forest && !a.Forest && s == 0 })
	var c string
	for _, n := range g.Neighbors(b) {
		if n != a && !slices.Contains(g.Neighbors(a), n) {
			c = n
			break
		}
	}
	g, bd := geoFixture(t, fr("x", "1BEP", a), vmU("308-80", "308", c))
	p := g.Position(bd)
	if !p.EnemyZoC("French", b) || p.EnemyZoC("French", a) {
		t.Fatalf("1.8: %s is in the VM ZoC, %s not", b, a)
	}
	if c := cost(t, g, bd, "x", a, b); c != 2 {
		t.Errorf("into enemy ZoC: %v mp, want 1 + 1", c)
	}
	// 1.8 example: a second French unit pays no extra once the first is there
	bd.Units = append(bd.Units, fr("y", "1BEP", b))
	if c := cost(t, g, bd, "x", a, b); c != 1 {
		t.Errorf("1.8: ZoC negated by a friendly unit: %v mp, want 1", c)
	}
	bd.Units = bd.Units[:2]
	bd.Shaken["308-80"] = true
	if g.Position(bd).EnemyZoC("French", b) {
		t.Errorf("1.8: a shaken unit projects no ZoC")
	}
	// never into an enemy unit
	bd.Shaken = nil
	if _, ok := g.Position(bd).EnterCost("x", b, c); ok {
		t.Errorf("1.5-B: entered a hex with an enemy unit")
	}
	// 4.2 Alt 2: no entering enemy ZoC
	r := g.Position(bd).Reach("x", MoveOpts{NoEnemyZoC: true})
	if _, ok := r.Cost(b); ok {
		t.Errorf("Alt 2 entered enemy ZoC at %s", b)
	}
}

func TestRule2_4A_ReconSixMP(t *testing.T) {
	g, bd := geoFixture(t, vmU("308-80", "308", "1812"))
	p := g.Position(bd)
	five, six := p.Reach("308-80", MoveOpts{}), p.Reach("308-80", MoveOpts{MP: 6})
	if len(six.Places()) <= len(five.Places()) {
		t.Errorf("a Recon's 6 mp reach %d hexes, 5 mp %d", len(six.Places()), len(five.Places()))
	}
	for _, pl := range five.Places() {
		c5, _ := five.Cost(pl)
		if c6, ok := six.Cost(pl); !ok || c6 != c5 {
			t.Errorf("%s: %v with 5 mp, %v (%v) with 6", pl, c5, c6, ok)
		}
	}
}

// checkReach: every reached hex's path is legal, its steps' costs add up
// to the reported cost, within the movement points, and the costs are
// least (no neighbour offers a cheaper way).
func checkReach(t testing.TB, p *Position, r *Reach) {
	t.Helper()
	for _, pl := range r.Places() {
		c, ok := r.Cost(pl)
		path := r.Path(pl)
		if !ok || len(path) < 2 || path[0] != r.From || path[len(path)-1] != pl {
			t.Fatalf("%s: cost %v %v, path %v from %s", pl, c, ok, path, r.From)
		}
		sum := 0.0
		for k := 1; k < len(path); k++ {
			e, ok := p.EnterCost(r.Unit, path[k-1], path[k])
			if !ok {
				t.Fatalf("%s: path %v steps illegally into %s", pl, path, path[k])
			}
			sum += e
			if pc, _ := r.Cost(path[k]); pc != sum {
				t.Fatalf("%s: path %v: %s reported %v, walked %v", pl, path, path[k], pc, sum)
			}
		}
		if sum != c || c > r.MP {
			t.Fatalf("%s: cost %v, path sums %v, MP %v", pl, c, sum, r.MP)
		}
		for _, n := range p.g.Neighbors(pl) {
			if nc, ok := r.Cost(n); ok || n == r.From {
				if n == r.From {
					nc = 0
				}
				if e, ok := p.EnterCost(r.Unit, n, pl); ok && nc+e < c {
					t.Fatalf("%s: cost %v, but %v via %s", pl, c, nc+e, n)
				}
			}
		}
	}
}

func TestReach_ScenarioPathsLegal(t *testing.T) {
	d := mustDefault(t)
	g := GeoOf(d)
	for _, sc := range ScenarioIDs {
		b := BoardOf(d.Setups[sc])
		p := g.Position(b)
		for _, u := range b.Units {
			if u.Box == "" {
				checkReach(t, p, p.Reach(u.ID, MoveOpts{}))
			}
		}
	}
}

func TestRule1_9_LoCBasics(t *testing.T) {
	d := mustDefault(t)
	g := GeoOf(d)
	// a VM unit on a Map Edge Hex has it (8.4), a French unit in the
	// Supply Area too (4.4)
	var supply string
	for _, h := range d.Map.DBP.Hexes() {
		if h.Supply && h.Strong == "" {
			supply = h.ID
			break
		}
	}
	_, bd := geoFixture(t, vmU("308-80", "308", "3601"), fr("x", "1BEP", supply))
	p := g.Position(bd)
	if !p.LoC("VM").Unit("308-80") || !p.LoC("French").Unit("x") {
		t.Errorf("a VM unit on a Map Edge Hex and a French unit in the Supply Area are in their LoC")
	}
	// surround a French unit with VM units: isolated (4.4)
	lone := "3012"
	units := []Unit{fr("x", "1BEP", lone)}
	for i, n := range g.Neighbors(lone) {
		units = append(units, vmU("308-"+string(rune('a'+i)), "308", n))
	}
	_, bd = geoFixture(t, units...)
	p = g.Position(bd)
	if p.LoC("French").Unit("x") {
		t.Errorf("1.9-A: a French unit ringed by VM units traced a LoC")
	}
	iso, _ := p.Isolated("French")
	if !slices.Contains(iso, "x") {
		t.Errorf("4.4: %v isolated, want x among them", iso)
	}
	// the VM's own hexes are in its LoC even in French ZoC (1.9-A)
	if !p.LoC("VM").Unit("308-a") {
		t.Errorf("1.9-A: a hex of one's own unit may be in LoC even in enemy ZoC")
	}
	// boxes: a VM unit always, a French unit except 2z-304 (1.9-B, C)
	_, bd = geoFixture(t, vmU("308-80", "308", "Laos 2"), fr("x", "1BEP", "Laos 2"), fr("y", "1BEP", "2z-304"))
	p = g.Position(bd)
	if !p.LoC("VM").Unit("308-80") || !p.LoC("French").Unit("x") {
		t.Errorf("1.9-B, C: units in boxes are in their LoC")
	}
	if !p.LoC("French").Unit("y") {
		t.Errorf("1.9-C: 2z-304 not a Trench Zone traces to a Supply Area")
	}
	bd.Trench["304"] = 2
	if g.Position(bd).LoC("French").Unit("y") {
		t.Errorf("1.9-C: a French unit in 2z-304 as a Trench Zone has no LoC")
	}
	_ = hexgrid.ID
}

// A Position may be shared: Reach's working memory is pooled, not kept
// in the Position (run with -race).
func TestReach_SharedPositionConcurrent(t *testing.T) {
	d := mustDefault(t)
	g := GeoOf(d)
	b := BoardOf(d.Setups["B"])
	p := g.Position(b)
	want := map[string]int{}
	for _, u := range b.Units {
		want[u.ID] = p.Reach(u.ID, MoveOpts{}).Len()
	}
	done := make(chan string, 4)
	for w := 0; w < 4; w++ {
		go func() {
			msg := ""
			for _, u := range b.Units {
				if n := p.Reach(u.ID, MoveOpts{}).Len(); n != want[u.ID] {
					msg = u.ID
				}
			}
			done <- msg
		}()
	}
	for w := 0; w < 4; w++ {
		if m := <-done; m != "" {
			t.Errorf("%s: a different reach under concurrency", m)
		}
	}
}
