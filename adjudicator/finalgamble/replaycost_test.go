package finalgamble

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// The replay's shortcuts (issue 31) must answer exactly as the code they
// replace: these tests hold each to its reference.

// isAt answers as Place() == p for every unit of every scenario, at its
// own place, at the other units' places and at a few strangers.
func TestIsAtMatchesPlace(t *testing.T) {
	r := rules(t)
	for _, id := range ScenarioIDs {
		st := setUp(t, r, strings.ToLower(id))
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

// The geometry signature (geoSig) tells every change the geometry reads
// from the state, and nothing else: each change below makes a state
// whose signature differs from the set-up's, and the set-up's own
// signature is unchanged by what the geometry never reads.
func TestGeoSigTellsEveryGeometryChange(t *testing.T) {
	r := rules(t)
	base := func() *State {
		return setUp(t, r, "a")
	}
	sig := func(s *State) string { b, _ := r.geoSig(s, nil); return string(b) }
	ref := sig(base())
	changes := map[string]func(s *State){
		"a unit moved":            func(s *State) { s.Units[0].Hex = "0101" },
		"a unit to a box":         func(s *State) { s.Units[0].Box = "Gone" },
		"a unit to Isabelle":      func(s *State) { s.Units[0].Map = "isabelle" },
		"a Shaken Marker":         func(s *State) { s.Units[1].Shaken = true },
		"a Disorg Marker":         func(s *State) { s.Units[1].Disorg = true },
		"an isolated unit":        func(s *State) { s.Units[1].Isolated = true },
		"a reduced unit":          func(s *State) { s.Units[1].Reduced = true },
		"two units swapped":       func(s *State) { s.Units[0], s.Units[1] = s.Units[1], s.Units[0] },
		"a flag":                  func(s *State) { s.Flags["E2"] = "VM" },
		"a trench":                func(s *State) { s.Trench[Sectors[0]]++ },
		"a dig":                   func(s *State) { s.Dig[Sectors[0]] = 2 },
		"an outpost gone":         func(s *State) { s.OutpostsGone = append(s.OutpostsGone, "0712") },
		"an isolated strongpoint": func(s *State) { s.Isolated = append(s.Isolated, "E2") },
		"a breach":                func(s *State) { s.Assets = append(s.Assets, Asset{Kind: "breach", At: "0713"}) },
		"an assault":              func(s *State) { s.Assaults = append(s.Assaults, Assault{Unit: "u", Target: "0712", Marker: "assault"}) },
		"an assault's marker": func(s *State) {
			s.Assaults = append(s.Assaults, Assault{Unit: "u", Target: "0712", Marker: "abort"})
		},
		"division morale": func(s *State) { s.DivisionMorale[r.D.Units.VM.Divisions[0].ID]++ },
		"Isabelle gone":   func(s *State) { s.IsabelleGone = true },
		"the period": func(s *State) {
			cur := r.turnSlot(s).Period
			for i, t := range r.D.Tracks.GameTurn.Turns {
				if t.Period != cur {
					s.Turn = i + 1
					return
				}
			}
			t.Fatal("every turn has the same period")
		},
	}
	seen := map[string]string{ref: "the set-up"}
	for name, change := range changes {
		s := base()
		change(s)
		got := sig(s)
		if other, ok := seen[got]; ok {
			t.Errorf("%s: the same signature as %s", name, other)
		}
		seen[got] = name
	}
	s := base()
	s.Tracks["vm_ammo"]++
	s.Markers["Hanoi Airbase"] = append(s.Markers["Hanoi Airbase"], "Supply")
	s.Units[0].BoxSide = "DBP"
	s.Moved, s.MovedIDs = 3, []string{"x"}
	if sig(s) != ref {
		t.Error("tracks, box markers, a unit's box side or the moves counted changed the signature; the geometry reads none of them")
	}
}

// A clone shares its marker lists with the original: adding to, taking
// from or replacing a list in the clone never changes the original.
func TestCloneIndependent(t *testing.T) {
	r := rules(t)
	orig := setUp(t, r, "a")
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

// 1.6: the rooms (the Position's occupants) answer roomFor as the state
// does, at every hex of both maps and every unit's place, for both
// sides, including a hex where both sides' units stand and a full
// French stack.
func TestRule1_6_RoomsIndexMatchesRoomFor(t *testing.T) {
	r := rules(t)
	for _, id := range ScenarioIDs {
		st := setUp(t, r, strings.ToLower(id))
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
		ri := r.roomsOf(st)
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
				if got, want := ri.at(p).french, len(st.sideAt(p, "French")); got != want {
					t.Fatalf("scenario %s: rooms at %q: %d French, sideAt %d", id, p, got, want)
				}
				if got, want := ri.has(p, side), len(st.sideAt(p, side)) > 0; got != want {
					t.Fatalf("scenario %s: rooms.has(%q, %s) = %v, sideAt %v", id, p, side, got, want)
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
	st := setUp(t, r, "a")
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

// A Position built after another (PositionAfter, sharing its units'
// index and, while the ground is unchanged, its ground) indexes the
// board exactly as one built afresh, at every step of played games of
// each scenario, and replaying each game in place (ApplyOwned) ends in
// the state the game reached.
func TestPositionAfterMatchesAFreshOne(t *testing.T) {
	r := rules(t)
	g0 := GeoOf(r.D)
	steps := 0
	for k, sc := range ScenarioIDs {
		limit := 400
		if testing.Short() {
			limit = 120
		}
		g := playAggressive(t, r, sc, rand.New(rand.NewPCG(7, uint64(k))), limit, func(_ int, g *adjudicator.Game, _ adjudicator.Side, order string, _ *adjudicator.Step) {
			st := r.state(g.State)
			if a, b := encode(t, st.clone()), encode(t, st); !bytes.Equal(a, b) {
				t.Fatalf("scenario %s after %q: a clone encodes otherwise than its original", sc, order)
			}
			got := r.position(st)
			want := g0.Position(got.b)
			if d := positionDiff(got, want); d != "" {
				t.Fatalf("scenario %s after %q (entry %d): the Position built after another differs from a fresh one in %s", sc, order, g.Len(), d)
			}
			steps++
		})
		end, err := adjudicator.Replay(r, g.Rec)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := end.Encode()
		b, _ := g.State.Encode()
		if !bytes.Equal(a, b) {
			t.Fatalf("scenario %s: the game replayed in place ends in another state", sc)
		}
	}
	t.Logf("%d steps compared", steps)
}

func positionDiff(a, b *Position) string {
	switch {
	case !reflect.DeepEqual(a.units, b.units):
		return "the units' index"
	case !reflect.DeepEqual(a.places, b.places) || !reflect.DeepEqual(a.odd, b.odd):
		return "the units' places"
	case !reflect.DeepEqual(a.occ, b.occ):
		return "the occupants"
	case !reflect.DeepEqual(a.zocOf, b.zocOf):
		return "the ZoC"
	case !reflect.DeepEqual(a.trench, b.trench) || !reflect.DeepEqual(a.dig, b.dig):
		return "the Trench and Dig Zones"
	case !reflect.DeepEqual(a.breach, b.breach):
		return "the breaches"
	case !reflect.DeepEqual(a.outGone, b.outGone) || !reflect.DeepEqual(a.outVM, b.outVM):
		return "the outposts"
	case !reflect.DeepEqual(a.flagSP, b.flagSP):
		return "the strongpoints' flags"
	case a.rain != b.rain:
		return "the period"
	}
	return ""
}

// tactical answers as its reference, reaches as tactical's list does (2.4, 3.3, 6.4: a Tactical or
// Reaction Move's destinations), and afterCombatMoveTo as
// afterCombatMoves (4.2, 8.2: the Alternative of each place), for the
// places listed, their
// neighbours, hexes drawn at random, boxes and words that are no place,
// at a few steps of played games of each scenario.
func TestReachesAndAfterCombatMoveToMatchTheLists(t *testing.T) {
	r := rules(t)
	var all []string
	for _, name := range []string{"dbp", "isabelle"} {
		for _, h := range r.hexes(name) {
			all = append(all, placeOf(name, h.ID))
		}
	}
	checked, withAfter, tacticals := 0, 0, 0
	for k, sc := range ScenarioIDs {
		rng := rand.New(rand.NewPCG(11, uint64(k)))
		playAggressive(t, r, sc, rng, 150, func(n int, g *adjudicator.Game, _ adjudicator.Side, _ string, _ *adjudicator.Step) {
			if st := r.state(g.State); st.Seg == "4.2" || st.Seg == "8.2" {
				// every unit of the side moving after combat, at each of its moves
				for i := range st.Units {
					u := &st.Units[i]
					after := r.afterCombatMoves(st, u)
					if len(after) > 0 {
						withAfter++
					}
					for q, want := range after {
						if alt, ok := r.afterCombatMoveTo(st, u, q); !ok || alt != want {
							t.Fatalf("scenario %s: afterCombatMoveTo(%s at %s, %q) = %q %v; afterCombatMoves has %q", sc, u.ID, u.Place(), q, alt, ok, want)
						}
					}
				}
			}
			if n%30 == 29 {
				st := r.state(g.State)
				for i := range st.Units {
					u := &st.Units[i]
					for _, mp := range []int{5, 6} {
						if got, ref := r.tactical(st, u, mp), tacticalReference(r, st, u, mp); !slices.Equal(got, ref) {
							t.Fatalf("scenario %s: tactical(%s at %s, %d mp) = %v, its reference %v", sc, u.ID, u.Place(), mp, got, ref)
						}
						tacticals++
					}
				}
				for i := 0; i < 8; i++ {
					u := &st.Units[rng.IntN(len(st.Units))]
					mp := 5 + rng.IntN(2)
					list := r.tactical(st, u, mp)
					if ref := tacticalReference(r, st, u, mp); !slices.Equal(list, ref) {
						t.Fatalf("scenario %s: tactical(%s at %s, %d mp) = %v, its reference %v", sc, u.ID, u.Place(), mp, list, ref)
					}
					places := append([]string{u.Place(), "Laos-1", "2z-304", "", "I", "0712x", "I9999"}, list...)
					for _, q := range list {
						places = append(places, r.neighborsOf(q)...)
					}
					for j := 0; j < 20; j++ {
						places = append(places, all[rng.IntN(len(all))])
					}
					after := r.afterCombatMoves(st, u)
					if len(after) > 0 {
						withAfter++
					}
					for q := range after {
						places = append(places, q)
					}
					if got, want := r.position(st).HasAfterCombatMove(u.ID) && !slices.Contains(st.MovedIDs, u.ID), len(after) > 0; got != want {
						t.Fatalf("scenario %s: %s has an After-Combat Move: %v; afterCombatMoves lists %d", sc, u.ID, got, len(after))
					}
					for _, q := range places {
						if got, want := r.reaches(st, u, mp, q), slices.Contains(list, q); got != want {
							t.Fatalf("scenario %s: reaches(%s at %s, %d mp, %q) = %v; tactical lists it: %v", sc, u.ID, u.Place(), mp, q, got, want)
						}
						alt, ok := r.afterCombatMoveTo(st, u, q)
						if want, in := after[q]; ok != in || alt != want {
							t.Fatalf("scenario %s: afterCombatMoveTo(%s at %s, %q) = %q %v; afterCombatMoves has %q %v", sc, u.ID, u.Place(), q, alt, ok, want, in)
						}
						checked++
					}
				}
			}
		})
	}
	t.Logf("%d places checked; %d units with After-Combat Moves; %d tactical lists against their reference", checked, withAfter, tacticals)
	if withAfter == 0 {
		t.Fatal("no unit drawn had an After-Combat Move: the check compared nothing")
	}
}

// tacticalReference is tactical as it was before issue 31's tree work:
// the reach's places where the unit may stop, then the stacks' room.
func tacticalReference(r *Rules, s *State, u *Unit, mp int) []string {
	if !u.onMap() || (u.Side == "French" && u.Map == "isabelle" && s.IsabelleGone) {
		return nil
	}
	var out []string
	reach := r.reach(s, u, mp)
	if len(reach) == 0 {
		return nil
	}
	ri, here := r.roomsOf(s), u.Place()
	for _, p := range reach {
		if p != here && ri.roomFor(p, u.Side) {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

func encode(t *testing.T, s *State) []byte {
	t.Helper()
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Issue 30 item 2: the map's marks are kept while one side orders (each
// side's segments run back to back), so the picture handed to the other
// side shows all it did since that side's own last order; the other
// side's first order starts them afresh.
func TestMarks_KeptWhileOneSideOrders(t *testing.T) {
	r := rules(t)
	kept := 0
	for k, sc := range []string{"A", "D"} {
		var want []adjudicator.Mark
		var last adjudicator.Side
		playAggressive(t, r, sc, rand.New(rand.NewPCG(5, uint64(k))), 300, func(_ int, g *adjudicator.Game, side adjudicator.Side, order string, step *adjudicator.Step) {
			if side != last {
				want, last = nil, side
			} else if len(want) > 0 {
				kept++
			}
			for _, e := range step.Events {
				want = append(want, e.Marks...)
			}
			if got := r.state(g.State).Marks; !slices.Equal(got, want) {
				t.Fatalf("scenario %s after %s's %q: marks %v, want %v", sc, side, order, got, want)
			}
		})
	}
	if kept == 0 {
		t.Fatal("no order kept an earlier order's marks: the test compared nothing")
	}
}

// A Position keeps each unit's place without pointers (unitPlace): a
// hex, a box Geo numbers, and a box it does not ("Limbo") read back as
// the unit's place.
func TestPositionPlacesReadBack(t *testing.T) {
	r := rules(t)
	st := setUp(t, r, "b")
	st.Units[0].Map, st.Units[0].Hex, st.Units[0].Box = "", "", "Limbo"
	p := GeoOf(r.D).Position(BoardOf(&st.Setup))
	for i := range st.Units {
		u := &st.Units[i]
		want, ok := p.g.unitLoc(u)
		if !ok {
			want = geoLoc{m: -1, box: "?"}
		}
		if got := p.locOf(i); got != want {
			t.Fatalf("%s at %q: locOf %+v, want %+v", u.ID, u.Place(), got, want)
		}
	}
	if p.locOf(0).box != "Limbo" || len(p.odd) != 1 {
		t.Fatalf("the unnumbered box: %+v, odd %v", p.locOf(0), p.odd)
	}
}

// playAggressive plays an aggressive game of scenario sc, dice from a
// zero seed and choices from rng, for at most steps orders or to its
// end; after each order, after is given the order's number, the game,
// the side, the order and its step (committed). It returns the game.
func playAggressive(t *testing.T, r *Rules, sc string, rng *rand.Rand, steps int, after func(n int, g *adjudicator.Game, side adjudicator.Side, order string, step *adjudicator.Step)) *adjudicator.Game {
	t.Helper()
	g, _, err := adjudicator.New(r, adjudicator.Record{ID: "g" + sc, Title: ID, Scenario: sc, Seats: map[adjudicator.Side]string{}, Seed: make([]byte, adjudicator.SeedSize)})
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < steps; n++ {
		p := g.Prompt()
		if p.Over {
			break
		}
		side := p.Awaiting[rng.IntN(len(p.Awaiting))]
		order := adjudicator.PreferAction(rng, side, adjudicator.WithoutStanding(r.Legal(g.State, side)))
		step, err := g.Orders(string(side), side, []string{order}, "", time.Unix(0, 0))
		if err != nil {
			t.Fatalf("scenario %s: %q refused: %v", sc, order, err)
		}
		g.Commit(step)
		after(n, g, side, order, step)
	}
	return g
}

// setUp is scenario sc's state at its set-up.
func setUp(t *testing.T, r *Rules, sc string) *State {
	t.Helper()
	s, err := r.Setup(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r.state(s)
}
