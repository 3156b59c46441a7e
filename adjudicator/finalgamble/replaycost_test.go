package finalgamble

import (
	"hash/fnv"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The replay's shortcuts (issue 31) must answer exactly as the code they
// replace: these tests hold each to its reference.

// isAt answers as Place() == p for every unit of every scenario, at its
// own place, at the other units' places and at a few strangers.
func TestIsAtMatchesPlace(t *testing.T) {
	r := rules(t)
	for _, id := range ScenarioIDs {
		s, err := r.Setup(strings.ToLower(id), nil)
		if err != nil {
			t.Fatal(err)
		}
		st := r.state(s)
		places := []string{"", "I", "Laos 1", "Laos-1", "0712", "I0305", "Gone"}
		for i := range st.Units {
			places = append(places, st.Units[i].Place(), st.Units[i].Hex, st.Units[i].Box)
		}
		for i := range st.Units {
			u := &st.Units[i]
			for _, p := range places {
				if got, want := u.isAt(p), u.Place() == p; got != want {
					t.Fatalf("scenario %s: %s (%s %s %s) isAt(%q) = %v, Place() %q", id, u.ID, u.Map, u.Hex, u.Box, p, got, u.Place())
				}
			}
		}
	}
}

// boxToken's switch names each box as the boxTokens table does.
func TestBoxTokenSwitch(t *testing.T) {
	for b, tok := range boxTokens {
		if got := boxToken(b); got != tok {
			t.Errorf("boxToken(%q) = %q, the table says %q", b, got, tok)
		}
		if boxOf(boxToken(b)) != b {
			t.Errorf("boxOf(boxToken(%q)) = %q", b, boxOf(boxToken(b)))
		}
	}
	for _, b := range []string{"1z-304", "2z-304", "Gone", "Laos-1", ""} {
		if got := boxToken(b); got != b {
			t.Errorf("boxToken(%q) = %q, want it unchanged", b, got)
		}
	}
}

// geoKeyReference is the geometry key as it was built before the replay
// work: the bytes gathered in a buffer, then hashed by hash/fnv.
func geoKeyReference(r *Rules, s *State) uint64 {
	h := fnv.New64a()
	var buf []byte
	for i := range s.Units {
		u := &s.Units[i]
		buf = append(buf, u.Map...)
		buf = append(buf, u.Hex...)
		buf = append(buf, u.Box...)
		if u.Shaken {
			buf = append(buf, '!')
		}
		if u.Disorg {
			buf = append(buf, '~')
		}
		if u.Isolated {
			buf = append(buf, '#')
		}
		if u.Reduced {
			buf = append(buf, '-')
		}
		buf = append(buf, ';')
	}
	keys := make([]string, 0, len(s.Flags))
	for k := range s.Flags {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		buf = append(buf, k...)
		buf = append(buf, s.Flags[k]...)
	}
	for _, sec := range Sectors {
		buf = strconv.AppendInt(buf, int64(s.Trench[sec]), 10)
		buf = strconv.AppendInt(buf, int64(s.Dig[sec]), 10)
	}
	for _, o := range s.OutpostsGone {
		buf = append(buf, o...)
	}
	buf = append(buf, '|')
	for _, c := range s.Isolated {
		buf = append(buf, c...)
	}
	for _, a := range s.Assets {
		buf = append(buf, a.Kind...)
		buf = append(buf, a.At...)
	}
	for _, a := range s.Assaults {
		buf = append(buf, a.Unit...)
		buf = append(buf, a.Target...)
		buf = append(buf, a.Marker...)
	}
	for _, dv := range divisions(r) {
		buf = strconv.AppendInt(buf, int64(s.DivisionMorale[dv]), 10)
	}
	if s.IsabelleGone {
		buf = append(buf, 'X')
	}
	buf = append(buf, r.turnSlot(s).Period...)
	h.Write(buf)
	return h.Sum64()
}

// geoKey hashes the same bytes as its reference, along a played game
// (so with shaken, disorganised, isolated units, assaults, zones).
func TestGeoKeyMatchesReference(t *testing.T) {
	r := rules(t)
	s, err := r.Setup("a", nil)
	if err != nil {
		t.Fatal(err)
	}
	st := r.state(s)
	st.Units[0].Shaken, st.Units[1].Disorg, st.Units[2].Isolated, st.Units[3].Reduced = true, true, true, true
	st.Assaults = append(st.Assaults, Assault{Unit: "u", Target: "0712", Marker: "surprise"})
	st.Assets = append(st.Assets, Asset{Kind: "breach", At: "0713"})
	st.Isolated = append(st.Isolated, "E2")
	st.OutpostsGone = append(st.OutpostsGone, "X1")
	st.IsabelleGone = true
	if got, want := r.geoKey(st), geoKeyReference(r, st); got != want {
		t.Fatalf("geoKey %x, reference %x", got, want)
	}
	st.Flags["E2"] = "VM"
	st.Trench["304"]++
	if got, want := r.geoKey(st), geoKeyReference(r, st); got != want {
		t.Fatalf("after a flag and a trench: geoKey %x, reference %x", got, want)
	}
}

// A clone shares its marker lists with the original: adding to, taking
// from or replacing a list in the clone never changes the original.
func TestCloneIndependent(t *testing.T) {
	r := rules(t)
	s, err := r.Setup("a", nil)
	if err != nil {
		t.Fatal(err)
	}
	orig := r.state(s)
	orig.Markers["Hanoi Airbase"] = append(make([]string, 0, 8), "Replacement", "Supply")
	before, err := orig.Encode()
	if err != nil {
		t.Fatal(err)
	}
	c := orig.clone()
	c.Markers["Hanoi Airbase"] = append(c.Markers["Hanoi Airbase"], "Paratroop")
	// the original growing its list afterwards must not overwrite the
	// clone's addition (a shared backing array with room to spare would)
	grown := append(orig.Markers["Hanoi Airbase"], "Other")
	if c.Markers["Hanoi Airbase"][2] != "Paratroop" || grown[2] != "Other" {
		t.Fatalf("the clone's list %v and the original's grown list %v share their storage", c.Markers["Hanoi Airbase"], grown)
	}
	c.takeMarker("Hanoi Airbase", "Replacement")
	for k := range c.Markers {
		c.Markers[k] = append(c.Markers[k], "extra")
	}
	c.Markers["new box"] = []string{"x"}
	c.Units[0].Hex, c.Units[0].Shaken = "0101", true
	c.Flags["E2"] = "nobody"
	c.Trench["304"] = 9
	c.Tracks["vm_ammo"] = -1
	c.DivisionMorale["308"] = -1
	c.Standing = nil
	after, err := orig.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if string(before) != string(after) {
		t.Fatal("changing the clone changed the original")
	}
	if got := orig.Markers["Hanoi Airbase"]; !slices.Equal(got, []string{"Replacement", "Supply"}) {
		t.Fatalf("the original's Hanoi Airbase: %v", got)
	}
}

// 1.6: the rooms index answers roomFor as the state does, at every hex
// of both maps and every unit's place, for both sides, including a hex
// where both sides' units stand and a full French stack.
func TestRule1_6_RoomsIndexMatchesRoomFor(t *testing.T) {
	r := rules(t)
	for _, id := range ScenarioIDs {
		s, err := r.Setup(strings.ToLower(id), nil)
		if err != nil {
			t.Fatal(err)
		}
		st := r.state(s)
		var french, vm []int
		for i := range st.Units {
			switch {
			case !st.Units[i].onMap():
			case st.Units[i].Side == "French":
				french = append(french, i)
			default:
				vm = append(vm, i)
			}
		}
		if len(french) >= 4 && len(vm) >= 1 {
			// a mixed hex and a stack of three French units
			a := &st.Units[french[0]]
			st.Units[vm[0]].Map, st.Units[vm[0]].Hex, st.Units[vm[0]].Box = a.Map, a.Hex, ""
			for _, k := range french[1:4] {
				st.Units[k].Map, st.Units[k].Hex, st.Units[k].Box = st.Units[french[1]].Map, st.Units[french[1]].Hex, ""
			}
		}
		var places []string
		for _, name := range []string{"dbp", "isabelle"} {
			for _, h := range r.hexes(name) {
				places = append(places, placeOf(name, h.ID))
			}
		}
		for i := range st.Units {
			places = append(places, st.Units[i].Place())
		}
		ri := st.rooms()
		for i := range st.Units {
			u := &st.Units[i]
			if got, want := r.adjacentEnemyIn(ri, u), r.adjacentEnemy(st, u); got != want {
				t.Fatalf("scenario %s: %s adjacentEnemyIn %v, adjacentEnemy %v", id, u.ID, got, want)
			}
		}
		for _, p := range places {
			for _, side := range []string{"French", "VM"} {
				if got, want := ri.roomFor(p, side), st.roomFor(p, side); got != want {
					t.Fatalf("scenario %s: rooms.roomFor(%q, %s) = %v, State.roomFor %v", id, p, side, got, want)
				}
				if got, want := ri[p].french, len(st.sideAt(p, "French")); got != want {
					t.Fatalf("scenario %s: rooms[%q].french = %d, sideAt %d", id, p, got, want)
				}
			}
		}
	}
}

// 1.4-B: the Position's Trench and Dig Zones, read through the per-sector
// index, are the Setup's own TrenchZone and DigZone at every hex, with
// markers at every level in every sector.
func TestRule1_4B_PositionZonesMatchSetup(t *testing.T) {
	r := rules(t)
	s, err := r.Setup("a", nil)
	if err != nil {
		t.Fatal(err)
	}
	st := r.state(s)
	g := GeoOf(r.D)
	for level := 0; level <= 4; level++ {
		for k, sec := range Sectors {
			st.Trench[sec] = (level + k) % 4
			st.Dig[sec] = (level + 2*k) % 4
		}
		p := g.Position(BoardOf(&st.Setup))
		n := 0
		for m, gm := range g.maps {
			for i, h := range gm.hx {
				if h == nil || h.Sector == "" {
					continue
				}
				n++
				if p.trench[m][i] != st.TrenchZone(h) || p.dig[m][i] != st.DigZone(h) {
					t.Fatalf("level %d, %s hex %s (sector %s zone %d): trench %v dig %v, the Setup says %v %v",
						level, gm.name, h.ID, h.Sector, h.Zone, p.trench[m][i], p.dig[m][i], st.TrenchZone(h), st.DigZone(h))
				}
			}
		}
		if n == 0 {
			t.Fatal("no hex in a sector")
		}
	}
}

// The neighbours memo answers as the map does, at every hex of both maps
// and at a box, and a caller appending to an answer never changes it.
func TestNeighborsMemo(t *testing.T) {
	r := rules(t)
	for _, name := range []string{"dbp", "isabelle"} {
		for _, h := range r.hexes(name) {
			p := placeOf(name, h.ID)
			first := r.neighborsOf(p)
			_ = append(first, "9999")
			if again, want := r.neighborsOf(p), r.buildNeighbors(p); !slices.Equal(again, want) || len(want) == 0 {
				t.Fatalf("%s: memo %v, the map says %v", p, again, want)
			}
		}
	}
	if n := r.neighborsOf("Laos-1"); n != nil {
		t.Fatalf("a box has neighbours %v", n)
	}
}
