package tonkin

import (
	"slices"

	"github.com/umpirebot/umpire/adjudicator"
	"strings"
	"testing"
)

// find returns the first hex (sorted ids) satisfying ok, or fails.
func find(t *testing.T, r *Rules, what string, ok func(h Hex) bool) string {
	t.Helper()
	for _, id := range r.geo.ids {
		if ok(r.hexes[id]) {
			return id
		}
	}
	t.Fatalf("no hex %s", what)
	return ""
}

// bare is scenario 1950 with every unit off the map but the ones placed,
// no garrisons, the given side to move in its movement phase.
func bare(t *testing.T, r *Rules, side string, place map[string]string) *State {
	s := setup(t, r, "1950")
	s.Garrisons = nil
	for _, u := range s.Units {
		if h, ok := place[u.ID]; ok {
			u.Loc = h
		} else {
			u.Loc = LocSaigon
		}
	}
	s.First = side
	// the urban areas as 4.1 reads this board, with the scenario's
	// victory points: only what a test does changes hands (RULINGS T64)
	vp := s.VP
	r.friendliness(s, &events{})
	s.VP = vp
	return s
}

func nextTo(r *Rules, h string, ok func(Hex) bool) string {
	for _, n := range r.neighbors(h) {
		if ok(r.hexes[n]) {
			return n
		}
	}
	return ""
}

// 5.12 and RULINGS T9: the FEF may not enter China, VM regiments may; the
// GCMA stay in the montagnard area; VM-groups step into Laos only within
// 3 hexes of Vietnam.
func TestSection5_12_WhereToMove(t *testing.T) {
	r := rules(t)
	china := func(h Hex) bool { return h.Country == "china" && (h.Terrain == "clear" || h.Terrain == "rough") }
	border := find(t, r, "in Vietnam next to clear China", func(h Hex) bool {
		return h.Country == "vietnam" && h.Terrain != "sea" && nextTo(r, h.ID, china) != ""
	})
	cn := nextTo(r, border, china)
	s := bare(t, r, FEF, map[string]string{"1 BEP": border})
	refused(t, r, s, FEF, "move 1_BEP "+cn, "1 BEP cannot enter "+cn+": Foreign legion units may not enter China (5.12, RULINGS T9)")
	for _, c := range r.Legal(s, FEF)[0].Next[0].Next {
		if r.hexes[c.Word].Country == "china" {
			t.Errorf("the legal tree offers China (%s) to 1 BEP", c.Word)
		}
	}
	s = bare(t, r, VM, map[string]string{"308/36": border})
	if r.d.Units.Counter != nil && s.unit("308/36") == nil {
		t.Skip("no 308/36 counter")
	}
	_, ev := do(t, r, s, VM, "move 308/36 "+cn)
	has(t, ev, "the VM moves 308/36 from "+border+" to "+cn)
	// GCMA
	flat := find(t, r, "clear Vietnam next to montagnard", func(h Hex) bool {
		return h.Country == "vietnam" && h.Terrain == "clear" && !h.Montagnard && nextTo(r, h.ID, func(x Hex) bool { return x.Montagnard && x.Country == "vietnam" }) != ""
	})
	mont := nextTo(r, flat, func(x Hex) bool { return x.Montagnard && x.Country == "vietnam" })
	var gcma string
	for _, u := range setup(t, r, "1953").Units {
		if u.Type == "GCMA" {
			gcma = u.ID
			break
		}
	}
	s3 := setup(t, r, "1953")
	s3.Garrisons = nil
	for _, u := range s3.Units {
		u.Loc = LocSaigon
	}
	s3.unit(gcma).Loc = mont
	s3.First, s3.Phase = FEF, PhaseMove1
	refused(t, r, s3, FEF, "move "+token(gcma)+" "+flat, "GCMA units must stay in the montagnard area (5.12)")
	// VM-groups and Laos
	if ok, _ := r.mayEnter(r.types["VMG"], find(t, r, "deep Laos", func(h Hex) bool { return h.Country == "laos" && r.geo.distVN[h.ID] > 3 })); ok {
		t.Error("a VM-group may enter Laos more than 3 hexes from Vietnam")
	}
	if ok, _ := r.mayEnter(r.types["VMG"], find(t, r, "near Laos", func(h Hex) bool { return h.Country == "laos" && h.Terrain != "sea" && r.geo.distVN[h.ID] <= 3 })); !ok {
		t.Error("a VM-group may not enter Laos within 3 hexes of Vietnam")
	}
	if ok, _ := r.mayEnter(r.types["DUMMY"], cn); ok {
		t.Error("a dummy may enter China, a VM-group may not: RULINGS T20")
	}
}

// 5.1: terrain costs by side and motorization, road/rail, river entry;
// 2.0: rain doubles all costs, in the dry season except road/rail; VM
// ZOC costs the FEF 1 more.
func TestSection5_1_StepCosts(t *testing.T) {
	r := rules(t)
	inf, vm, mot := r.types["BEP"], r.types["REG"], r.types["RCC"]
	rough := find(t, r, "rough with a rough neighbour, no river", func(h Hex) bool {
		return h.Terrain == "rough" && h.Country == "vietnam" && len(r.geo.riversAt[h.ID]) == 0 && nextTo(r, h.ID, func(x Hex) bool {
			return x.Terrain == "rough" && x.Country == "vietnam" && !r.geo.road[edge(h.ID, x.ID)] && len(r.geo.riversAt[x.ID]) == 0
		}) != ""
	})
	to := nextTo(r, rough, func(x Hex) bool {
		return x.Terrain == "rough" && x.Country == "vietnam" && !r.geo.road[edge(rough, x.ID)] && len(r.geo.riversAt[x.ID]) == 0
	})
	var road [2]string
	for e := range r.geo.road {
		if r.hexes[e[1]].Terrain == "clear" && !r.geo.rail[e] && (road[0] == "" || e[0] < road[0]) {
			road = e
		}
	}
	var riv [2]string // entering a minor river hex across, not along it
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if h.Terrain != "rough" || len(r.geo.riversAt[id]) != 1 || r.geo.riversAt[id][0].kind != "minor" {
			continue
		}
		for _, n := range r.neighbors(id) {
			if r.hexes[n].Terrain != "sea" && r.geo.riverEdge[edge(n, id)] == "" && !r.geo.road[edge(n, id)] && !r.geo.rail[edge(n, id)] {
				riv = [2]string{n, id}
			}
		}
		if riv[0] != "" {
			break
		}
	}
	dry, rainDry, rainWet := r.newBoard(false, false), r.newBoard(true, false), r.newBoard(true, true)
	zoc := r.newBoard(false, false)
	zoc.enemyZOC[r.geo.idx[to]] = true
	for _, c := range []struct {
		name     string
		b        *moveBoard
		t        UnitType
		from, to string
		want     int // half points
	}{
		{"5.1 FEF rough", dry, inf, rough, to, 4},
		{"5.1 VM rough", dry, vm, rough, to, 2},
		{"5.1 motorized rough", dry, mot, rough, to, 6},
		{"2.0 rain doubles", rainDry, inf, rough, to, 8},
		{"5.1 FEF in VM ZOC +1", zoc, inf, rough, to, 6},
		{"5.1 VM not slowed by FEF ZOC", zoc, vm, rough, to, 2},
		{"5.1 road in clear 0.5", dry, inf, road[0], road[1], 1},
		{"2.0 road not doubled in the dry season", rainDry, inf, road[0], road[1], 1},
		{"2.0 road doubled in the rain season", rainWet, inf, road[0], road[1], 2},
		{"5.1 minor river +1", dry, inf, riv[0], riv[1], 4 + 2},
		{"5.1 minor river +2 motorized", dry, mot, riv[0], riv[1], 6 + 4},
	} {
		got, why := r.stepCost(c.b, c.t, c.from, c.to)
		if why != "" || got != c.want {
			t.Errorf("%s (%s to %s): %d half points (%s), want %d", c.name, c.from, c.to, got, why, c.want)
		}
	}
	mtn := find(t, r, "mountain in Vietnam", func(h Hex) bool { return h.Terrain == "mountain" && h.Country == "vietnam" })
	if _, why := r.stepCost(dry, mot, nextTo(r, mtn, func(Hex) bool { return true }), mtn); why == "" {
		t.Error("5.1: a motorized unit enters a mountain hex off-road")
	}
}

// 5.1 and 5.2: the allowance doubles out of enemy ZOC; in or through it
// the unit has its printed allowance; a one-hex move is always allowed;
// each unit moves once a movement phase; in an operation phase a move is
// option a) and costs a point (6.3).
func TestSection5_2_DoubleMoveAndOneHex(t *testing.T) {
	r := rules(t)
	start := r.urban["Bac Ninh"].Hex
	s := bare(t, r, FEF, map[string]string{"1 BEP": start})
	s.Phase = PhaseMove1
	u := s.unit("1 BEP")
	ma, _ := r.allowance(u)
	rt := r.reach(r.moveBoard(s, FEF), u)
	far := ""
	for _, h := range r.geo.ids {
		if c, ok := rt.cost(h); ok && c > ma && c <= 2*ma && len(rt.path(h)) >= 3 {
			far = h
			break
		}
	}
	if far == "" {
		t.Fatal("no hex beyond the printed allowance")
	}
	s2, _ := do(t, r, s, FEF, "move 1_BEP "+far) // beyond the printed allowance: doubled
	refused(t, r, s2, FEF, "move 1_BEP "+start, "1 BEP has already moved this phase (5.0")
	// with a VM regiment next to the start, the allowance is not doubled
	s = bare(t, r, FEF, map[string]string{"1 BEP": start, "308/36": ""})
	s.unit("308/36").Loc = nextTo(r, start, func(h Hex) bool { return h.Terrain != "sea" && !slices.Contains(rt.path(far), h.ID) })
	refused(t, r, s, FEF, "move 1_BEP "+far, "cannot reach")
	p := rt.path(far)
	refused(t, r, s, FEF, "move 1_BEP "+strings.Join(p, " "), "its movement allowance doubles only when it does not start, pass or end in an enemy ZOC (5.2)")
	// one hex always: Desorg (allowance 4), in ZOC: a step costing more
	s.unit("1 BEP").Desorg = true
	rough := nextTo(r, start, func(h Hex) bool {
		c, why := r.stepCost(r.moveBoard(s, FEF), r.types["BEP"], start, h.ID)
		return why == "" && c > 8
	})
	if rough != "" {
		s, _ = do(t, r, s, FEF, "move 1_BEP "+rough)
		if s.unit("1 BEP").Loc != rough {
			t.Error("5.1: one-hex move refused")
		}
	}
	// operation phase: a move costs a point
	s = toOps1(t, r)
	if s.awaited() == VM {
		s, _ = do(t, r, s, VM, "pass")
	}
	s, _ = do(t, r, s, FEF, "activate "+s.dumpHexes(FEF)[0], 6)
	if s.Mover != VM || s.Chunk != 3 {
		t.Fatalf("chunk %s %d", s.Mover, s.Chunk)
	}
	mv := r.Legal(s, VM)[0]
	if mv.Word != "move" {
		t.Fatalf("no move in %v", mv)
	}
	order := "move " + mv.Next[0].Word + " " + mv.Next[0].Next[0].Word
	s, ev := do(t, r, s, VM, order)
	has(t, ev, "6.3 a): the VM spends an operation point (9 left).")
	if s.OpsVM != 9 || s.Chunk != 2 || s.Used != 1 {
		t.Errorf("after a move: %d points, chunk %d", s.OpsVM, s.Chunk)
	}
}

// RULINGS T21: the FEF's legal moves next to a forest stack are the same
// whatever the stack holds (Uncle Ho alone, or a VM-group): ZOC does not
// tell the FEF what it cannot see.
func TestRulingT21_ClosedStacksExertZOC(t *testing.T) {
	r := rules(t)
	s0 := setup(t, r, "1950")
	var leader, group string
	for _, u := range s0.Units {
		switch k := r.typ(u).Kind; {
		case u.Side == VM && k == "leader" && leader == "":
			leader = u.ID
		case u.Side == VM && k == "group" && group == "":
			group = u.ID
		}
	}
	if leader == "" || group == "" {
		t.Fatalf("no VM leader (%q) or group (%q) in 1950", leader, group)
	}
	start := r.urban["Bac Ninh"].Hex
	forest := ""
	for _, id := range r.geo.ids {
		if !r.Opaque(id) || r.hexes[id].Country != "vietnam" {
			continue
		}
		if n := nextTo(r, id, func(h Hex) bool { return h.Terrain == "clear" && h.Country == "vietnam" }); n != "" {
			forest, start = id, n
			break
		}
	}
	if forest == "" {
		t.Fatal("no forest hex next to clear ground in Vietnam")
	}
	legal := func(vm string) string {
		s := bare(t, r, FEF, map[string]string{"1 BEP": start, vm: forest})
		s.Phase = PhaseMove1
		return strings.Join(adjudicator.Orders(r.Legal(s, FEF)), "\n")
	}
	if a, b := legal(leader), legal(group); a != b {
		t.Fatalf("the FEF's legal moves tell Uncle Ho alone from a VM-group in forest hex %s", forest)
	}
}

// An order names a unit by its id with _ for spaces, in any case, or by
// its name alone when the side has one counter of that name ("HO" for
// Uncle Ho's "HO 1"); a name several counters share names none.
func TestBasics_UnitNames(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1953")
	for w, want := range map[string]string{"HO": "HO 1", "ho_1": "HO 1", "HO_1": "HO 1", "VMG": "", "DUMMY": "", "HO 2": ""} {
		got := ""
		if u := s.findUnit(VM, w); u != nil {
			got = u.ID
		}
		if got != want {
			t.Errorf("%q names %q, want %q", w, got, want)
		}
	}
	if u := s.findUnit(FEF, "HO"); u != nil {
		t.Errorf("the FEF names the VM's %s", u.ID)
	}
}
