package finalgamble

import (
	"fmt"
	"testing"

	"github.com/umpirebot/umpire/adjudicator/hexgrid"
)

// fuzzBoard builds a board from bytes: the period, four Trench Markers, a
// Dig side, then units of three bytes (flags, row, column): side, map,
// artillery, shaken, reduced.
func fuzzBoard(g *Geo, data []byte) *Board {
	b := &Board{Flags: map[string]string{}, Trench: map[string]int{}, Dig: map[string]int{}, Shaken: map[string]bool{}}
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		v := data[0]
		data = data[1:]
		return v
	}
	b.Period = []string{"dry", "rain", "monsoon"}[int(next())%3]
	for _, s := range Sectors {
		b.Trench[s] = int(next()) % 7
	}
	if v := next(); v%2 == 1 {
		s := Sectors[int(v/2)%4]
		b.Dig[s] = b.Trench[s] + 1
	}
	for i := 0; len(data) >= 3 && i < 60; i++ {
		f, r, c := next(), next(), next()
		m := g.maps[int(f>>1)&1]
		row, col := int(r)%m.rows+1, int(c)%m.cols+1
		u := Unit{ID: fmt.Sprintf("u%d", i), Reduced: f&16 != 0}
		if f&1 == 0 {
			u.Side, u.Formation = "French", "1BEP"
			if f&4 != 0 {
				u.Formation = "2/4RAC"
			}
		} else {
			u.Side, u.Formation = "VM", "308"
		}
		u.Map, u.Hex = m.name, hexgrid.ID(row, col)
		if f&8 != 0 {
			b.Shaken[u.ID] = true
		}
		b.Units = append(b.Units, u)
	}
	for i, s := range g.strongs {
		if i%3 == 0 {
			b.Flags[s.code] = "VM"
		}
	}
	return b
}

// FuzzReach: no panic; every reached hex's cheapest path is legal, its
// costs add up step by step (monotone), within the movement points, and
// least; LoC, retreats and the other questions answer without panic.
func FuzzReach(f *testing.F) {
	f.Add([]byte{0, 1, 1, 1, 1, 0, 0, 17, 11, 1, 18, 12})
	f.Add([]byte{2, 3, 4, 2, 3, 3, 9, 5, 5, 12, 6, 6, 5, 20, 20, 3, 1, 1, 2, 4, 4})
	f.Add([]byte{1, 6, 6, 6, 6, 7, 4, 0, 0, 1, 0, 1, 0, 1, 0})
	d, err := Default()
	if err != nil {
		f.Fatal(err)
	}
	g := GeoOf(d)
	f.Fuzz(func(t *testing.T, data []byte) {
		b := fuzzBoard(g, data)
		p := g.Position(b)
		for _, u := range b.Units {
			mp := 5.0
			if len(u.ID)%2 == 0 {
				mp = 6
			}
			r := p.Reach(u.ID, MoveOpts{MP: mp})
			checkReach(t, p, r)
			z := p.Reach(u.ID, MoveOpts{NoEnemyZoC: true})
			for _, pl := range z.Places() {
				if p.EnemyZoC(u.Side, pl) {
					t.Fatalf("%s: Alt 2 entered enemy ZoC at %s", u.ID, pl)
				}
			}
			for _, rt := range p.Retreats(u.ID) {
				checkRetreat(t, p, &u, rt)
			}
			p.AfterCombatMoves(u.ID)
			p.ValleyMoves(u.ID)
			p.BoxMoves(u.ID, BoxMoveOpts{})
		}
		locs := map[string]*LoC{"French": p.LoC("French"), "VM": p.LoC("VM")}
		for _, u := range b.Units {
			if path := p.LoCPath(u.Side, PlaceOf(&u)); (path != nil) != locs[u.Side].Unit(u.ID) {
				t.Fatalf("%s at %s: LoC %v, LoCPath %v", u.ID, PlaceOf(&u), locs[u.Side].Unit(u.ID), path)
			}
		}
		p.Isolated("French")
		p.Isolated("VM")
		p.ControlChanges()
	})
}

// checkRetreat: a retreat that keeps the unit ends on a hex or box with no
// enemy unit and room; its path steps hex to hex from the unit's hex.
func checkRetreat(t *testing.T, p *Position, u *Unit, rt Retreat) {
	t.Helper()
	if rt.Eliminated {
		if rt.To != "" {
			t.Fatalf("%s: eliminated to %s", u.ID, rt.To)
		}
		return
	}
	if rt.To == "" {
		t.Fatalf("%s: a retreat to nowhere %+v", u.ID, rt)
	}
	l, ok := p.g.resolve(rt.To)
	if !ok {
		t.Fatalf("%s: retreat to %q, no place", u.ID, rt.To)
	}
	if l.m >= 0 && !p.room(sideIdx(u.Side), l.m, l.i) {
		t.Fatalf("%s: retreat into %s with an enemy unit or no room", u.ID, rt.To)
	}
	prev := PlaceOf(u)
	for k, h := range rt.Path {
		if p.g.Distance(prev, h) != 1 {
			t.Fatalf("%s: retreat path %v does not step from %s", u.ID, rt.Path, prev)
		}
		if k < len(rt.Path)-1 {
			hl, _ := p.g.resolve(h)
			if p.room(sideIdx(u.Side), hl.m, hl.i) {
				t.Fatalf("%s: retreat path %v passes %s that had room", u.ID, rt.Path, h)
			}
		}
		prev = h
	}
	if rt.Path != nil && rt.Path[len(rt.Path)-1] != rt.To {
		t.Fatalf("%s: path %v does not end at %s", u.ID, rt.Path, rt.To)
	}
}
