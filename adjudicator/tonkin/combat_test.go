package tonkin

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// idOf is the first unit of a type in scenario 1950's set-up.
func idOf(t *testing.T, r *Rules, typ string, skip ...string) string {
	t.Helper()
	for _, u := range setup(t, r, "1950").Units {
		if u.Type == typ && !slices.Contains(skip, u.ID) {
			return u.ID
		}
	}
	t.Fatalf("no %s in 1950", typ)
	return ""
}

// opsState: bare (scenario 1950, only the placed units on the map, no
// garrisons), side spending points in the 1st player's operation phase
// with its supply dump at dump, spent (6.2).
func opsState(t *testing.T, r *Rules, side, dump string, place map[string]string) *State {
	t.Helper()
	dr := strings.ToUpper(side) + " DR 1"
	place[dr] = dump
	s := bare(t, r, side, place)
	s.unit(dr).Spent = true
	s.Phase, s.Step, s.Mover, s.Chunk, s.OpsFEF, s.OpsVM = PhaseOps1, StepPoints, side, 3, 10, 10
	s.Standing = map[string]Standing{FEF: answered, VM: answered}
	return s
}

// answered: standing orders that answer every choice of the side
// attacked, so that a test of a rule is not stopped by a question
// (RULINGS T22); the tests of the questions clear them.
var answered = Standing{Evade: "no", Ambush: "yes", Lead: "best", Retreat: "no", Losses: "most", Garrison: "substitute"}

// stand sets one of side's standing orders.
func stand(s *State, side, key, val string) {
	if s.Standing == nil {
		s.Standing = map[string]Standing{}
	}
	st := s.Standing[side]
	*st.field(key) = val
	s.Standing[side] = st
}

// plain finds two adjacent hexes of Vietnam of the given terrains with no
// river, road, rail or urban area in either, and not coastal.
func plain(t *testing.T, r *Rules, from, to string) (string, string) {
	t.Helper()
	bare := func(h Hex) bool {
		_, urb := r.urbanHex[h.ID]
		return h.Country == "vietnam" && !h.Coastal && !urb && len(r.geo.riversAt[h.ID]) == 0
	}
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if h.Terrain != from || !bare(h) {
			continue
		}
		for _, n := range r.neighbors(id) {
			x := r.hexes[n]
			if x.Terrain == to && bare(x) && !r.geo.road[edge(id, n)] && !r.geo.rail[edge(id, n)] {
				return id, n
			}
		}
	}
	t.Fatalf("no %s hex next to %s", from, to)
	return "", ""
}

// 6.6 (RULINGS T25): the odds are rounded down in favour of the defender;
// beyond the table they read its first or last column.
func TestRule6_6_OddsColumns(t *testing.T) {
	r := rules(t)
	for _, c := range []struct {
		att, def int
		want     string
	}{
		{3, 3, "1:1"}, {5, 3, "1:1"}, {6, 3, "2:1"}, {7, 3, "2:1"}, {9, 3, "3:1"},
		{12, 2, "6:1"}, {30, 2, "6:1"}, {5, 10, "1:2"}, {5, 11, "1:3"}, {2, 6, "1:3"},
		{1, 10, "1:3"}, {4, 0, "6:1"},
	} {
		if _, got := r.oddsColumn(c.att, c.def); got != c.want {
			t.Errorf("%d against %d: %s, want %s", c.att, c.def, got, c.want)
		}
	}
}

// 6.13: the combat table's spans, at each threshold and one below it;
// the losses of each result.
func TestRule6_13_CombatTableEdges(t *testing.T) {
	r := rules(t)
	odds := r.chartStrings("combat", "odds")
	res := []string{"ExAL", "Ex", "ExDL", "2DL"}
	for col := range odds {
		for i, k := range res {
			lo, next := r.chartInts("combat", k)[col], 16
			if i+1 < len(res) {
				next = r.chartInts("combat", res[i+1])[col]
			}
			if lo >= next {
				continue // an empty span (6:1 has no ExAL)
			}
			if got := r.combatResult(col, lo); got != k {
				t.Errorf("%s roll %d: %s, want %s (its first)", odds[col], lo, got, k)
			}
			if got := r.combatResult(col, next-1); got != k {
				t.Errorf("%s roll %d: %s, want %s (its last)", odds[col], next-1, got, k)
			}
			if lo > 0 && r.combatResult(col, lo-1) == k {
				t.Errorf("%s roll %d: %s starts below its threshold %d", odds[col], lo-1, k, lo)
			}
		}
	}
	if got := r.combatResult(0, 0); got != "2AL" {
		t.Errorf("1:3 roll 0: %s, want 2AL", got)
	}
	for res, want := range map[string][2]int{"2AL": {2, 0}, "ExAL": {2, 1}, "Ex": {1, 1}, "ExDL": {1, 2}, "2DL": {0, 2}} {
		if a, d := resultLosses(res); a != want[0] || d != want[1] {
			t.Errorf("%s: %d/%d, want %v", res, a, d, want)
		}
	}
}

// 6.6, 6.9, 6.13, 6.17: an FEF attack in clear terrain: the odds, the
// morale difference, the dice, the Desorg rolls (attacker first), the
// losses (the leaders first), the point spent.
func TestRule6_6_AttackWithTroops(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
	// 4-5 against 6-4: 1:2, morale +1; dice 6+6 = 13: at 1:2 that is 2DL
	// (13 and up); Desorg dice 6 (attacker) and 1 (defender, 2DL span 1-4).
	s2, ev := do(t, r, s, FEF, "attack "+b, 6, 6, 6, 1)
	has(t, ev, "6.6: The FEF attacks "+b+" from "+a+" with "+bep+".",
		"4 against 6", "odds 1:2", "morale "+bep+" 5 against "+reg+" 4: +1", "dice 6+6 = 13: 2DL",
		"6.17: the FEF rolls 6-1 = 5 against none: stays organized", "6.17: the VM rolls 1+0 = 1 against 1-4: becomes Desorg",
		"6.17: only the defender is Desorg and it does not retreat: it loses an extra step.",
		"6.3 e): the FEF spends 1 operation point(s) (9 left).")
	if u := s2.unit(reg); u.Steps != 1 || !u.Desorg || u.Loc != b {
		t.Errorf("defender after 2DL + Desorg: %+v, want 1 step left, Desorg, in place", u)
	}
	if s2.OpsFEF != 9 || s2.Chunk != 2 {
		t.Errorf("points %d chunk %d", s2.OpsFEF, s2.Chunk)
	}
	// 6.3: no spending dump, no attack with troops
	s.unit("FEF DR 1").Spent = false
	refused(t, r, s, FEF, "attack "+b, "6.3: attacks with troops (options e and f) need a spending supply dump")
}

// 6.6: modifiers are capped at -3 and a modified -1 reads as 0; 6.10:
// the trench's modifier.
func TestRule6_6_CapAndMinusOneIsZero(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "mountain")
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
	s.unit(reg).Trench = true
	stand(s, VM, "ambush", "no")
	// morale +1, mountain -2, trench -2: -3 capped; dice 1+1-3 = -1 -> 0
	s2, ev := do(t, r, s, FEF, "attack "+b, 1, 1, 1, 6)
	has(t, ev, "mountain -2", "trench -2", "= -3 (at most +-3: -3)", "dice 1+1 = 0: 2AL")
	// 6.15: the attacker's last step, far from any other supplied FEF
	// unit: permanently dead, -1 victory point
	if s2.unit(bep).Loc != LocPerm || s2.VP != s.VP-1 {
		t.Errorf("6.15: %s at %s, victory points %d -> %d", bep, s2.unit(bep).Loc, s.VP, s2.VP)
	}
	has(t, ev, "permanently dead: victory points -1")
}

// 6.15: the last step of a VM regiment adds a victory point; an FEF
// unit near another supplied one goes to the temporary dead box.
func TestRule6_15_Elimination(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	bep, bep2, reg := idOf(t, r, "BEP"), idOf(t, r, "BPC"), idOf(t, r, "REG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, bep2: a, reg: b})
	s.unit(reg).Steps = 1
	// 4+... against 1 (3-3 with a -1 marker: 2): 6:1; dice 6+6: 2DL
	s2, ev := do(t, r, s, FEF, "attack "+b+" "+strings.ReplaceAll(bep, " ", "_"), 6, 6, 6, 6)
	has(t, ev, "6.15: the VM loses the last step of "+reg+": victory points +1")
	if s2.unit(reg).Loc != LocDead || s2.VP != s.VP+1 {
		t.Errorf("%s at %s, victory points %d -> %d", reg, s2.unit(reg).Loc, s.VP, s2.VP)
	}
}

// 6.7: a garrison alone: two hits kill it and the VM advances, earning
// half an equipment point (3.4); a single hit is taken by an FEF unit
// within 3 hexes (the FEF's default standing order), or kills the
// garrison when it says `die`.
func TestRule6_7_Garrison(t *testing.T) {
	r := rules(t)
	town, from := garrisonTown(r)
	reg := idOf(t, r, "REG")
	s := opsState(t, r, VM, from, map[string]string{reg: from})
	s.Garrisons = []string{town.Name}
	// 6-4 against 2-3: 3:1, +1; dice 6+6: 2DL; Desorg 6, 6
	s2, ev := do(t, r, s, VM, "attack "+town.Hex, 6, 6, 6, 6)
	has(t, ev, "6 against 2", "odds 3:1", "2DL", "6.7: the garrison of "+town.Name+" dies (plus de garnison).",
		"6.14: the VM advances into "+town.Hex+": "+reg+".", "3.4: the VM advances into a hex where the FEF lost a step")
	if slices.Contains(s2.Garrisons, town.Name) || !slices.Contains(s2.NoGarrison, town.Name) || s2.unit(reg).Loc != town.Hex || s2.VMEquipH != 1 {
		t.Errorf("after the garrison died: garrisons %v, no garrison %v, %s at %s, equipment %d", s2.Garrisons, s2.NoGarrison, reg, s2.unit(reg).Loc, s2.VMEquipH)
	}
	// one hit (Ex at 3:1 on 4..6 - with +1: dice 2+2+1 = 5): a FEF
	// unit within 3 hexes takes it
	near := nextTo(r, town.Hex, func(h Hex) bool { return h.ID != from && h.Terrain != "sea" && h.Country == "vietnam" })
	bep := idOf(t, r, "BEP")
	s = opsState(t, r, VM, from, map[string]string{reg: from, bep: near})
	s.Garrisons = []string{town.Name}
	s2, ev = do(t, r, s, VM, "attack "+town.Hex, 2, 2, 6, 6)
	has(t, ev, "Ex.", "6.7: the garrison of "+town.Name+" takes one hit: "+bep+", within 3 hexes, loses the step instead")
	if !slices.Contains(s2.Garrisons, town.Name) || s2.unit(bep).Steps != 1 || s2.unit(reg).Loc != from {
		t.Errorf("substitute: garrisons %v, %s steps %d, %s at %s", s2.Garrisons, bep, s2.unit(bep).Steps, reg, s2.unit(reg).Loc)
	}
	stand(s, FEF, "garrison", "die")
	s2, ev = do(t, r, s, VM, "attack "+town.Hex, 2, 2, 6, 6)
	has(t, ev, "6.7: the garrison of "+town.Name+" dies")
	if slices.Contains(s2.Garrisons, town.Name) || s2.unit(bep).Steps != 2 {
		t.Errorf("standing garrison die: garrisons %v, %s steps %d", s2.Garrisons, bep, s2.unit(bep).Steps)
	}
}

// garrisonTown: an urban area with a garrison in clear terrain, and a
// clear hex of Vietnam next to it to attack from.
func garrisonTown(r *Rules) (Urban, string) {
	for _, u := range r.d.Map.Urban {
		if u.Garrison && r.hexes[u.Hex].Terrain == "clear" {
			return u, nextTo(r, u.Hex, func(h Hex) bool { return h.Terrain == "clear" && h.Country == "vietnam" })
		}
	}
	return Urban{}, ""
}

// 6.14: the defender's standing order `retreat yes`: it retreats 1 hex
// instead of one step and the attacker advances.
func TestRule6_14_RetreatAfterCombat(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
	stand(s, VM, "retreat", "yes")
	// 1:2, +1; dice 5+5 = 11: ExDL (11-12); Desorg 6 and 6: none
	s2, ev := do(t, r, s, FEF, "attack "+b, 5, 5, 6, 6)
	has(t, ev, "ExDL", "instead of a step loss.", "6.14: the FEF advances into "+b)
	if u := s2.unit(reg); u.Loc == b || u.Steps != 3 {
		t.Errorf("retreating defender: %+v, want gone from %s with one step lost of two", u, b)
	}
	if s2.unit(bep).Loc != b || s2.unit(bep).Steps != 1 {
		t.Errorf("attacker: %+v", s2.unit(bep))
	}
	// `advance none`: the attacker stays
	stand(s, FEF, "advance", "none")
	s2, _ = do(t, r, s, FEF, "attack "+b, 5, 5, 6, 6)
	if s2.unit(bep).Loc != a {
		t.Errorf("advance none: %s at %s", bep, s2.unit(bep).Loc)
	}
}

// Basics (Counters), 6.4, RULINGS T23, T62: the FEF overruns a hidden
// dummy: it is flipped and removed, no die is rolled, the FEF advances.
func TestRule6_4_OverrunRevealsDummy(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	bep, dum := idOf(t, r, "BEP"), idOf(t, r, "DUMMY")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, dum: b})
	if !s.unit(dum).Hidden {
		t.Fatal("dummy set up open")
	}
	// RULINGS T62: a move into the enemy's hex is the same overrun
	_, ev := do(t, r, s, FEF, "move "+strings.ReplaceAll(bep, " ", "_")+" "+b)
	has(t, ev, "6.6: The FEF overruns "+b, "6.14: the FEF advances into "+b, "6.3 a): the FEF spends an operation point (9 left).")
	s2, ev := do(t, r, s, FEF, "overrun "+strings.ReplaceAll(bep, " ", "_")+" "+b)
	has(t, ev, "6.6: The FEF overruns "+b, "flips the hidden counters at "+b+": "+dum+" (a dummy, removed to the dead box)",
		"6.14: the FEF advances into "+b, "6.3 a): the FEF spends an operation point (9 left).")
	if s2.unit(dum).Loc != LocDead || s2.unit(bep).Loc != b {
		t.Errorf("dummy at %s, %s at %s", s2.unit(dum).Loc, bep, s2.unit(bep).Loc)
	}
	// 6.4: only in an operation phase
	s.Phase = PhaseMove1
	refused(t, r, s, FEF, "overrun "+strings.ReplaceAll(bep, " ", "_")+" "+b, "is not an order in")
}

// 6.11: a VM unit defending in rough ground ambushes the FEF attacker
// of lowest morale before combat; a 6 costs the ambusher a step too.
func TestRule6_11_Ambush(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "rough")
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
	// ambush die 6 (>= morale 5: hit; a 6: the ambusher too), then the
	// combat: 2-4 against 5-3 (1:3), ...
	s2, ev := do(t, r, s, FEF, "attack "+b, 6, 3, 3, 6, 6)
	has(t, ev, "6.11: "+reg+" ambushes "+bep+" (morale 5): die 6, it hits.", "6.11: a 6: the ambusher loses a step as well.", "2 against 5")
	if u := s2.unit(bep); u.Steps != 1 && u.Loc != LocPerm {
		t.Errorf("ambushed: %+v", s2.unit(bep))
	}
	stand(s, VM, "ambush", "no")
	_, ev = do(t, r, s, FEF, "attack "+b, 3, 3, 6, 6)
	if strings.Contains(ev, "6.11") {
		t.Errorf("standing ambush no, yet: %s", ev)
	}
}

// 6.6, RULINGS T9: no unit may attack or overrun across the Chinese
// border; the refusal names the rule and changes nothing.
func TestRule6_6_NoAttackAcrossChina(t *testing.T) {
	r := rules(t)
	var cn, vn string
	for _, id := range r.geo.ids {
		if r.hexes[id].Country != "china" || r.hexes[id].Terrain == "sea" {
			continue
		}
		if n := nextTo(r, id, func(h Hex) bool { return h.Country == "vietnam" && h.Terrain != "sea" }); n != "" {
			cn, vn = id, n
			break
		}
	}
	reg, bep := idOf(t, r, "REG"), idOf(t, r, "BEP")
	s := opsState(t, r, VM, cn, map[string]string{reg: cn, bep: vn})
	refused(t, r, s, VM, "attack "+vn+" "+reg, "no unit may attack or overrun across the Chinese border (6.6)")
	refused(t, r, s, VM, "overrun "+reg+" "+vn, "across the Chinese border (6.6)")
	refused(t, r, s, VM, "attack "+vn, "none of your units may attack")
	for _, c := range r.Legal(s, VM) {
		if c.Word == "attack" || c.Word == "overrun" {
			t.Errorf("Legal offers %s across the border: %v", c.Word, adjudicator.Orders([]adjudicator.Choice{c}))
		}
	}
}

// 6.6 b): six airstrikes a turn; the seventh is refused with the rule.
func TestRule6_6_Airstrikes(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
	// 2 airstrikes: 6, column 5-7; clear +1; dice 6+5+1 = 12: DG & DL
	s2, ev := do(t, r, s, FEF, "barrage "+b+" air air", 6, 5)
	has(t, ev, "2 airstrike(s) 6 = 6 (column 5-7)", "clear +1", "DG & DL", "6.17: "+reg+" become(s) Desorg.", "6.13: "+reg+" loses a step")
	if s2.FEFStrikes != 4 || !s2.unit(reg).Desorg || s2.unit(reg).Steps != 3 {
		t.Errorf("strikes %d, %+v", s2.FEFStrikes, s2.unit(reg))
	}
	s.FEFStrikes = 0
	refused(t, r, s, FEF, "barrage "+b+" air", "6.6 b): the FEF has 0 airstrike(s) left this turn")
	refused(t, r, s, VM, "barrage "+b+" air", "it is not the VM's turn")
}

// 6.12: Bolshevik spirit: +1d6 to the VM's attack, an extra step lost.
func TestRule6_12_BolshevikSpirit(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	reg, bep := idOf(t, r, "REG"), idOf(t, r, "BEP")
	s := opsState(t, r, VM, a, map[string]string{reg: a, bep: b})
	s2, ev := do(t, r, s, VM, "attack "+b+" spirit", 2, 3, 3, 6, 6)
	has(t, ev, "Bolshevik spirit (die 2) +2", "6.12: the VM loses an extra step for its Bolshevik spirit.")
	if s2.unit(reg).Steps >= 4 {
		t.Errorf("no step lost: %+v", s2.unit(reg))
	}
	refused(t, r, opsState(t, r, FEF, b, map[string]string{reg: a, bep: b}), FEF, "attack "+a+" spirit", "6.12: Bolshevik spirit is the VM's")
}

// DESIGN invariant 1, RULINGS T15, T16, T22, T27, T29: with combat, the
// FEF and the public learn nothing hidden before it is revealed: two
// states that differ only in hidden VM facts (a hidden counter's type,
// what a forest stack holds, the VM's standing orders) give the FEF the
// same legal orders, the same views, the same refusals, and the same
// events for a barrage that misses a forest stack.
func TestRule6_6_CombatNonInterference(t *testing.T) {
	r := rules(t)
	var a, b, c string
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if h.Country != "vietnam" || h.Terrain == "sea" || r.Opaque(id) {
			continue
		}
		b = nextTo(r, id, func(x Hex) bool { return r.Opaque(x.ID) && x.Country == "vietnam" && !x.Coastal })
		c = nextTo(r, id, func(x Hex) bool { return x.ID != b && !r.Opaque(x.ID) && x.Terrain != "sea" && x.Country == "vietnam" })
		if b != "" && c != "" {
			a = id
			break
		}
	}
	if a == "" {
		t.Fatal("no open hex next to forest and to open ground")
	}
	bep, art := idOf(t, r, "BEP"), idOf(t, r, "RAC")
	reg, grp, dum := idOf(t, r, "REG"), idOf(t, r, "VMG"), idOf(t, r, "DUMMY")
	mk := func(forest []string, hidden string, st Standing) *State {
		place := map[string]string{bep: a, art: a, hidden: c}
		for _, u := range forest {
			place[u] = b
		}
		s := opsState(t, r, FEF, a, place)
		s.Standing = map[string]Standing{VM: st}
		return s
	}
	x := mk([]string{reg, dum}, grp, Standing{})
	y := mk([]string{reg, grp}, dum, Standing{Evade: "yes", Retreat: "yes", Ambush: "no"})
	y.unit(reg).Steps = 2
	y.unit(grp).Hidden = false
	if x.unit(grp).Loc != c || y.unit(dum).Loc != c || !x.unit(grp).Hidden || !y.unit(dum).Hidden {
		t.Fatal("set-up")
	}
	for _, v := range []adjudicator.Viewer{adjudicator.ViewerOf(FEF), {}} {
		jx, _ := json.Marshal(r.View(x, v))
		jy, _ := json.Marshal(r.View(y, v))
		if !bytes.Equal(jx, jy) {
			t.Errorf("%s view differs", v)
		}
	}
	ox, oy := strings.Join(adjudicator.Orders(r.Legal(x, FEF)), "\n"), strings.Join(adjudicator.Orders(r.Legal(y, FEF)), "\n")
	if ox != oy {
		t.Error("the FEF's legal orders differ with hidden facts")
	}
	for _, o := range []string{"barrage " + b + " navy", "attack " + b + " lead nobody", "barrage " + c + " 1_BEP", "attack 0101"} {
		_, _, ex := r.Apply(x, FEF, o, &dice{})
		_, _, ey := r.Apply(y, FEF, o, &dice{})
		if ex == nil || ey == nil || ex.Error() != ey.Error() {
			t.Errorf("%q: refusals differ: %v / %v", o, ex, ey)
		}
	}
	// a barrage that misses the forest stack: the same events
	events := func(s *State, o string, rolls ...int) string {
		d := dice(rolls)
		_, evs, err := r.Apply(s, FEF, o, &d)
		if err != nil {
			t.Fatalf("%q: %v", o, err)
		}
		var out []string
		for _, e := range evs {
			if adjudicator.ViewerOf(FEF).Sees(e.Audience) {
				out = append(out, e.Text)
			}
		}
		return strings.Join(out, "\n")
	}
	tok := strings.ReplaceAll(art, " ", "_")
	ex, ey := events(x, "barrage "+b+" "+tok, 1, 1), events(y, "barrage "+b+" "+tok, 1, 1)
	if ex != ey || !strings.Contains(ex, "a miss") {
		t.Errorf("a missed barrage tells the FEF different things:\n%s\n---\n%s", ex, ey)
	}
	// a barrage with a result on a closed forest stack without hidden
	// counters: the same events whatever its units' steps (RULINGS T27)
	x2, y2 := mk([]string{reg}, grp, Standing{}), mk([]string{reg}, grp, Standing{})
	y2.unit(reg).Steps = 3
	ex, ey = events(x2, "barrage "+b+" "+tok+" air air", 6, 6), events(y2, "barrage "+b+" "+tok+" air air", 6, 6)
	if ex != ey || !strings.Contains(ex, "DG & DL") || strings.Contains(ex, reg) {
		t.Errorf("a barrage's result on a forest stack tells the FEF different things, or names the unit:\n%s\n---\n%s", ex, ey)
	}
	// the VM's standing orders are told to the VM only
	d := dice{}
	_, evs, err := r.Apply(x, VM, "standing retreat yes", &d)
	if err != nil || len(evs) != 1 || evs[0].Audience != adjudicator.Only(VM) {
		t.Errorf("standing order: %v %v", evs, err)
	}
}

// 4.1, 6.16 (RULINGS T64): an urban area occupied by one side is its
// friend after the phase; the VM gains its red number, the FEF its blue
// one; the montagnard marker follows.
func TestRule6_16_UrbanAreasByOccupation(t *testing.T) {
	r := rules(t)
	s0 := setup(t, r, "1950")
	var town Urban
	for _, u := range r.d.Map.Urban {
		if u.VPVM > 0 && u.VPFEF > 0 && !slices.Contains(s0.VMFriendly, u.Name) {
			town = u
			break
		}
	}
	if town.Name == "" {
		t.Fatal("no FEF-friendly urban area with victory values in 1950")
	}
	reg := idOf(t, r, "REG")
	s := bare(t, r, VM, map[string]string{})
	s.unit(reg).Loc = town.Hex
	s.Phase = PhaseMove1
	s2, ev := do(t, r, s, VM, "done")
	has(t, ev, "4.1, 6.16: "+town.Name+" becomes friendly to the VM")
	if !slices.Contains(s2.VMFriendly, town.Name) || s2.VP != s.VP-town.VPVM {
		t.Errorf("after the VM occupied %s: friendly %v, victory points %d -> %d (red %d)", town.Name, slices.Contains(s2.VMFriendly, town.Name), s.VP, s2.VP, town.VPVM)
	}
	bep := idOf(t, r, "BEP")
	s = bare(t, r, FEF, map[string]string{})
	s.unit(bep).Loc = town.Hex
	s.VMFriendly = append(s.VMFriendly, town.Name)
	s.Phase = PhaseMove1
	s2, ev = do(t, r, s, FEF, "done")
	has(t, ev, "4.1, 6.16: "+town.Name+" becomes friendly to the FEF")
	if slices.Contains(s2.VMFriendly, town.Name) || s2.VP != s.VP+town.VPFEF {
		t.Errorf("after the FEF occupied %s: victory points %d -> %d (blue %d)", town.Name, s.VP, s2.VP, town.VPFEF)
	}
}

// 6.3 b) and c): remove up to 3 Desorg markers for a point; entrench up
// to 3 units by a supply dump that is not the spending one, removed; a
// unit moving into a friendly trench is entrenched, one leaving it is
// not (6.10).
func TestRule6_3_OptionsBAndC(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	bep, bpc := idOf(t, r, "BEP"), idOf(t, r, "BPC")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, bpc: b, "FEF DR 2": b})
	s.unit(bep).Desorg, s.unit(bpc).Desorg = true, true
	s2, ev := do(t, r, s, FEF, "reorg "+a+" "+strings.ReplaceAll(bpc, " ", "_"))
	has(t, ev, "6.3 b): the FEF removes the Desorg markers of "+bep+", "+bpc+".", "(9 left)")
	if s2.unit(bep).Desorg || s2.unit(bpc).Desorg {
		t.Error("Desorg kept")
	}
	refused(t, r, s2, FEF, "reorg "+a, "6.3 b): you have no Desorg unit at "+a)
	refused(t, r, s, FEF, "trench "+a+" "+strings.ReplaceAll(bep, " ", "_"), "6.3 c): the FEF has no supply dump at "+a+" that it is not spending")
	s2, ev = do(t, r, s, FEF, "trench "+b+" "+strings.ReplaceAll(bep, " ", "_")+" "+strings.ReplaceAll(bpc, " ", "_"))
	has(t, ev, "6.3 c): the FEF entrenches "+bep+", "+bpc+" and removes its supply dump at "+b+".")
	if !s2.unit(bep).Trench || !s2.unit(bpc).Trench || s2.unit("FEF DR 2").Loc != LocDead {
		t.Errorf("trenches %v %v, dump at %s", s2.unit(bep).Trench, s2.unit(bpc).Trench, s2.unit("FEF DR 2").Loc)
	}
	// 6.10: moving in and out
	s2.Phase, s2.Step = PhaseMove1, ""
	s3, _ := do(t, r, s2, FEF, "move "+strings.ReplaceAll(bep, " ", "_")+" "+b)
	if !s3.unit(bep).Trench {
		t.Error("6.10: a unit moving into a friendly trench is not entrenched")
	}
	s3, _ = do(t, r, s3, FEF, "move "+strings.ReplaceAll(bpc, " ", "_")+" "+a)
	if s3.unit(bpc).Trench {
		t.Error("6.10: a unit leaving its trench keeps it")
	}
}

// 6.5: a VM-group, not Desorg, retreats before combat by its side's
// standing order (`evade yes`); the FEF's attack revealed it first
// (Basics: Counters) and the attacker advances. A barrage with a result
// flips a hidden counter; one that misses does not.
func TestRule6_5_RetreatBeforeCombatAndReveal(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	bep, grp := idOf(t, r, "BEP"), idOf(t, r, "VMG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, grp: b})
	stand(s, VM, "evade", "yes")
	s2, ev := do(t, r, s, FEF, "attack "+b)
	has(t, ev, "flips the hidden counters at "+b+": "+grp+" (VM-group", "6.5: "+grp+" retreats before combat from "+b, "6.14: the FEF advances into "+b)
	if u := s2.unit(grp); u.Hidden || u.Loc == b || !Adjacent(u.Loc, b) {
		t.Errorf("evading group: %+v", u)
	}
	// Desorg: no retreat before combat (6.17); the combat is fought
	s.unit(grp).Desorg = true
	_, ev = do(t, r, s, FEF, "attack "+b, 3, 3, 6, 6)
	if strings.Contains(ev, "6.5:") || !strings.Contains(ev, "odds") {
		t.Errorf("a Desorg group retreated before combat:\n%s", ev)
	}
	// barrage: a miss keeps it hidden, a result flips it
	s.unit(grp).Desorg = false
	s2, _ = do(t, r, s, FEF, "barrage "+b+" air", 1, 1)
	if !s2.unit(grp).Hidden {
		t.Error("a missed barrage flipped a hidden counter")
	}
	s2, ev = do(t, r, s, FEF, "barrage "+b+" air", 6, 6)
	has(t, ev, "flips the hidden counters at "+b)
	if s2.unit(grp).Hidden || !s2.unit(grp).Desorg {
		t.Errorf("after a barrage's result: %+v", s2.unit(grp))
	}
}

// 6.3 f): two points, the attackers' Desorg removed before the attack;
// refused with a chunk of one point.
func TestRule6_3_OptionFRally(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
	s.unit(bep).Desorg = true
	s2, ev := do(t, r, s, FEF, "attack "+b+" rally", 3, 3, 6, 6)
	has(t, ev, "6.3 f): the FEF spends 2 operation points: 1 Desorg marker(s) removed", "4 against 6", "(8 left)")
	if s2.OpsFEF != 8 {
		t.Errorf("points %d", s2.OpsFEF)
	}
	s.Chunk = 1
	refused(t, r, s, FEF, "attack "+b+" rally", "6.3 f) costs 2 operation points")
}

// Basics (Counters), RULINGS T34: the VM declares a dummy and removes it;
// a revealed VM-group with no enemy within 3 hexes flips back to its
// hidden side after the phase.
func TestBasics_DeclareDummyAndHideAgain(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	grp, dum := idOf(t, r, "VMG"), idOf(t, r, "DUMMY")
	s := bare(t, r, VM, map[string]string{grp: a, dum: b})
	s.Phase = PhaseMove1
	s.unit(grp).Hidden = false
	refused(t, r, s, VM, "declare "+strings.ReplaceAll(grp, " ", "_"), "is not one of your dummies on the map")
	refused(t, r, s, FEF, "declare "+strings.ReplaceAll(dum, " ", "_"), "it is not the FEF's turn")
	s2, ev := do(t, r, s, VM, "declare "+strings.ReplaceAll(dum, " ", "_"))
	has(t, ev, "the VM declares a hidden counter at "+b+" a dummy and removes it.")
	if strings.Contains(ev, dum) || s2.unit(dum).Loc != LocDead {
		t.Errorf("declared dummy: %s, %s", s2.unit(dum).Loc, ev)
	}
	s3, ev := do(t, r, s2, VM, "done")
	has(t, ev, grp+" at "+a+" flips back to its hidden side")
	if !s3.unit(grp).Hidden {
		t.Error("T34: the group stays revealed with no enemy near")
	}
}

// 3.4: "If a FEF unit loses at least 1 step (not just retreats) and VM
// advances into the defender's hex, he receives 0,5 equipment
// replacement": an FEF battalion that retreats instead of its only step
// gives the VM nothing when it advances; one that retreats and still
// loses a step gives half a point (RULINGS T72).
func TestRule3_4_HalfEquipmentOnlyForAStepLost(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	s := opsState(t, r, VM, a, map[string]string{reg: a, bep: b})
	stand(s, FEF, "retreat", "yes")
	for _, c := range []struct {
		a, b  int
		res   string
		steps int
		equip int
	}{
		{4, 4, "= 7: Ex.", 2, 0},    // 1:1, -1: one step, retreated instead: just retreats
		{6, 5, "= 10: ExDL.", 1, 1}, // two steps: retreats and loses one
	} {
		s2, ev := do(t, r, s, VM, "attack "+b, c.a, c.b, 6, 6)
		has(t, ev, c.res, "instead of a step loss.", "6.14: the VM advances into "+b)
		if u := s2.unit(bep); u.Loc == b || u.Steps != c.steps {
			t.Errorf("%s: %s at %s with %d steps, want retreated with %d", c.res, bep, u.Loc, u.Steps, c.steps)
		}
		if s2.VMEquipH != c.equip {
			t.Errorf("%s: VM equipment %s, want %s", c.res, halves(s2.VMEquipH), halves(c.equip))
		}
		if got := strings.Contains(ev, "3.4: the VM advances into a hex where the FEF lost a step"); got != (c.equip > 0) {
			t.Errorf("%s: 3.4 announced %v:\n%s", c.res, got, ev)
		}
	}
}

// 6.5: "a VM-group/GCMA, which is not Desorg, may retreat 1 hex before
// combat": the Pathet Lao is not named; with the VM's standing order
// `evade yes` it stands and the combat is fought (RULINGS T75).
func TestRule6_5_PathetLaoDoesNotRetreatBeforeCombat(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "clear")
	bep, pl := idOf(t, r, "BEP"), idOf(t, r, "PL")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, pl: b})
	stand(s, VM, "evade", "yes")
	s2, ev := do(t, r, s, FEF, "attack "+b, 3, 3, 6, 6)
	if strings.Contains(ev, "6.5:") || !strings.Contains(ev, "odds") {
		t.Errorf("the Pathet Lao retreated before combat:\n%s", ev)
	}
	if s2.Combat != nil && s2.Combat.Ask == "evade" {
		t.Error("the VM was asked whether the Pathet Lao evades")
	}
}

// 6.8: "The defender only gets the modifier from river in normal attacks
// with troops unless the enemy attacks along the river, from the air as
// an airdrop or from both sides of the river": a VM regiment on a river
// hex attacked by two FEF battalions from the same bank keeps the river
// modifier; attacked from both banks it does not (RULINGS T77).
func TestRule6_8_AttackedFromBothSidesOfTheRiver(t *testing.T) {
	r := rules(t)
	var target, bankA, bankA2, bankB string
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if target != "" || h.Country != "vietnam" || h.Terrain != "clear" || len(r.geo.riversAt[id]) != 1 || len(r.neighbors(id)) != 6 {
			continue
		}
		if _, urb := r.urbanHex[id]; urb {
			continue
		}
		rv := r.geo.riversAt[id][0]
		f := &fight{target: id}
		var banks []string
		line := 0
		for _, n := range r.neighbors(id) {
			x := r.hexes[n]
			if r.sameRiver(rv.id, n, id) {
				line++
				continue
			}
			if x.Terrain != "sea" && x.Country == "vietnam" && len(r.geo.riversAt[n]) == 0 {
				banks = append(banks, n)
			}
		}
		if line != 2 {
			continue
		}
		// two hexes of one bank and one of the other
		for _, a := range banks {
			for _, a2 := range banks {
				for _, b := range banks {
					if target != "" || a == a2 || !Adjacent(a, a2) {
						continue
					}
					f.att = []*Unit{{Loc: a}, {Loc: a2}}
					if r.bothSides(rv.id, f) {
						continue
					}
					f.att = []*Unit{{Loc: a}, {Loc: b}}
					if r.bothSides(rv.id, f) {
						target, bankA, bankA2, bankB = id, a, a2, b
					}
				}
			}
		}
	}
	if target == "" {
		t.Fatal("no clear river hex with two banks of land")
	}
	bep, bpc, reg := idOf(t, r, "BEP"), idOf(t, r, "BPC"), idOf(t, r, "REG")
	for _, c := range []struct {
		second string
		river  bool
	}{{bankA2, true}, {bankB, false}} {
		s := opsState(t, r, FEF, bankA, map[string]string{bep: bankA, bpc: c.second, reg: target})
		stand(s, VM, "ambush", "no")
		_, ev := do(t, r, s, FEF, "attack "+target+" "+token(bep)+" "+token(bpc), 3, 3, 6, 6)
		if got := strings.Contains(ev, "river -"); got != c.river {
			t.Errorf("attackers from %s and %s: river modifier %v, want %v:\n%s", bankA, c.second, got, c.river, ev)
		}
	}
}
