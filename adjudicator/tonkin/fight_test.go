package tonkin

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// The side attacked is asked its choices inside the attack when no
// standing order answers (issue 10 item 6; 6.5, 6.7, 6.9, 6.11, 6.13,
// 6.14; RULINGS T22).

// asked checks that s awaits side with a question holding want, that the
// prompt's default is one of the legal answers, and that the attacker's
// orders are refused meanwhile.
func asked(t *testing.T, r *Rules, s *State, side, want string) []string {
	t.Helper()
	p := r.Prompt(s)
	if !p.Awaits(adjudicator.Side(side)) || !strings.Contains(p.Decision, want) {
		t.Fatalf("want %s asked %q; awaiting %v: %s", side, want, p.Awaiting, p.Decision)
	}
	orders := adjudicator.Orders(adjudicator.WithoutStanding(r.Legal(s, adjudicator.Side(side))))
	if !slices.Contains(orders, p.Default) {
		t.Errorf("the default %q is not among the answers %v", p.Default, orders)
	}
	refused(t, r, s, other(side), "pass", "it is not the "+strings.ToUpper(other(side))+"'s turn")
	return orders
}

// evadeAsked: the FEF attacks a VM-group at b in the open with no
// standing order `evade`: the state waits on the VM's answer.
func evadeAsked(t *testing.T, r *Rules) (*State, string, string) {
	a, b := plain(t, r, "clear", "clear")
	bep, grp := idOf(t, r, "BEP"), idOf(t, r, "VMG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, grp: b})
	stand(s, VM, "evade", "")
	s1, ev := do(t, r, s, FEF, "attack "+b)
	return s1, b, ev
}

// 6.5: a VM-group attacked with no standing order: the VM is asked,
// names the hex it retreats to, and the FEF's point is spent after.
func TestRule6_5_EvadeAsked(t *testing.T) {
	r := rules(t)
	s1, b, ev := evadeAsked(t, r)
	grp := idOf(t, r, "VMG")
	has(t, ev, "flips the hidden counters at "+b)
	if strings.Contains(ev, "spends") || s1.OpsFEF != 10 {
		t.Errorf("the point was spent before the fight ended: %s", ev)
	}
	orders := asked(t, r, s1, VM, "6.5")
	var to string
	for _, o := range orders {
		if h, ok := strings.CutPrefix(o, "evade "); ok && h != "no" {
			to = h
		}
	}
	if to == "" || !slices.Contains(orders, "evade no") {
		t.Fatalf("answers %v", orders)
	}
	refused(t, r, s1, VM, "evade "+b, "cannot retreat to")
	refused(t, r, s1, VM, "lead "+token(grp), "is not the answer asked for")
	s2, ev := do(t, r, s1, VM, "evade "+to)
	has(t, ev, "6.5: "+grp+" retreats before combat from "+b+" to "+to+" (the VM's choice)", "6.14: the FEF advances into "+b, "6.3 e): the FEF spends 1 operation point(s) (9 left).")
	if s2.Combat != nil || s2.unit(grp).Loc != to || s2.OpsFEF != 9 || !r.Prompt(s2).Awaits(FEF) {
		t.Errorf("after the answer: combat %+v, %s at %s, points %d", s2.Combat, grp, s2.unit(grp).Loc, s2.OpsFEF)
	}
	// `evade no`: the combat is fought at once
	_, ev = do(t, r, s1, VM, "evade no", 3, 3, 6, 6)
	has(t, ev, "6.5: the VM stands at "+b, "odds")
}

// twoOnTwo: two FEF battalions (BEP, BPC) in the open attack two VM
// regiments at b, of terrain to.
func twoOnTwo(t *testing.T, r *Rules, to string) (s *State, b, bpc, reg, reg2 string) {
	a, b := plain(t, r, "clear", to)
	bep, bpc := idOf(t, r, "BEP"), idOf(t, r, "BPC")
	reg, reg2 = idOf(t, r, "REG"), idOf(t, r, "REG", idOf(t, r, "REG"))
	return opsState(t, r, FEF, a, map[string]string{bep: a, bpc: a, reg: b, reg2: b}), b, bpc, reg, reg2
}

// 6.11, 6.9, 6.14, 6.13: each question in turn, answered by the VM, with
// the dice rolled only once the answers that come before them are in.
func TestRule6_11_AmbushLeadRetreatLossAsked(t *testing.T) {
	r := rules(t)
	s, b, bpc, reg, reg2 := twoOnTwo(t, r, "rough")
	s.Standing = nil
	s1, _ := do(t, r, s, FEF, "attack "+b)
	orders := asked(t, r, s1, VM, "6.11")
	want := "ambush " + token(reg) + " " + token(bpc)
	if !slices.Contains(orders, want) || !slices.Contains(orders, "ambush no") {
		t.Fatalf("ambush answers %v, want %q", orders, want)
	}
	refused(t, r, s1, VM, "ambush "+token(reg)+" nobody", "may ambush")
	// the ambush die, then the leader question
	s2, ev := do(t, r, s1, VM, want, 1)
	has(t, ev, "6.11: "+reg+" ambushes "+bpc, "die 1, it misses")
	orders = asked(t, r, s2, VM, "6.9")
	if !slices.Contains(orders, "lead "+token(reg2)) {
		t.Fatalf("lead answers %v", orders)
	}
	// the combat's dice, the Desorg dice, then the retreat question:
	// 6+6 at 8 against 12: ExDL
	s3, ev := do(t, r, s2, VM, "lead "+token(reg2), 6, 6, 6, 6)
	has(t, ev, "against "+reg2, "ExDL")
	orders = asked(t, r, s3, VM, "6.14")
	if !slices.Contains(orders, "retreat no") || len(orders) < 2 {
		t.Fatalf("retreat answers %v", orders)
	}
	// no retreat: ExDL costs the defender two steps, the leader's first,
	// then the VM names the unit that takes the second
	s4, ev := do(t, r, s3, VM, "retreat no")
	has(t, ev, "6.13: "+reg2+" loses a step")
	asked(t, r, s4, VM, "6.13")
	s5, ev := do(t, r, s4, VM, "loss "+token(reg))
	has(t, ev, "6.13: "+reg+" loses a step", "6.3 e): the FEF spends 1 operation point(s) (9 left).")
	if s5.OpsFEF != 9 || s5.Combat != nil {
		t.Errorf("points %d, combat %+v", s5.OpsFEF, s5.Combat)
	}
}

// 6.13: a second step after the leader's: the VM names the unit.
func TestRule6_13_LossAsked(t *testing.T) {
	r := rules(t)
	s, b, _, reg, reg2 := twoOnTwo(t, r, "clear")
	stand(s, VM, "losses", "")
	stand(s, VM, "lead", "steps")
	s.unit(reg2).Steps = 2
	// 2DL: the leader (the most steps: reg) takes the first, the VM
	// names the second
	s1, ev := do(t, r, s, FEF, "attack "+b, 6, 6, 6, 6)
	has(t, ev, "2DL", "6.13: "+reg+" loses a step")
	orders := asked(t, r, s1, VM, "6.13")
	if !slices.Equal(orders, []string{"loss " + token(reg), "loss " + token(reg2), "loss most"}) {
		t.Fatalf("loss answers %v", orders)
	}
	s2, ev := do(t, r, s1, VM, "loss "+token(reg2))
	has(t, ev, "6.13: "+reg2+" loses a step", "6.3 e)")
	if s2.unit(reg2).Steps != 1 || s2.Combat != nil {
		t.Errorf("%s steps %d, combat %+v", reg2, s2.unit(reg2).Steps, s2.Combat)
	}
}

// 6.7: a garrison's single hit: the FEF is asked which unit within 3
// hexes takes it, or lets the garrison die.
func TestRule6_7_GarrisonAsked(t *testing.T) {
	r := rules(t)
	town, from := garrisonTown(r)
	near := nextTo(r, town.Hex, func(h Hex) bool { return h.ID != from && h.Terrain != "sea" && h.Country == "vietnam" })
	reg, bep := idOf(t, r, "REG"), idOf(t, r, "BEP")
	s := opsState(t, r, VM, from, map[string]string{reg: from, bep: near})
	s.Garrisons = []string{town.Name}
	stand(s, FEF, "garrison", "")
	s1, ev := do(t, r, s, VM, "attack "+town.Hex, 2, 2, 6, 6)
	has(t, ev, "Ex.")
	orders := asked(t, r, s1, FEF, "6.7")
	if !slices.Equal(orders, []string{"garrison " + token(bep), "garrison substitute", "garrison die"}) {
		t.Fatalf("garrison answers %v", orders)
	}
	s2, ev := do(t, r, s1, FEF, "garrison die")
	has(t, ev, "6.7: the garrison of "+town.Name+" dies", "6.3 e): the VM spends")
	if slices.Contains(s2.Garrisons, town.Name) || s2.unit(bep).Steps != 2 {
		t.Errorf("garrison die: %v, %s steps %d", s2.Garrisons, bep, s2.unit(bep).Steps)
	}
	s2, ev = do(t, r, s1, FEF, "garrison "+token(bep))
	has(t, ev, "loses the step instead (the FEF's choice)")
	if !slices.Contains(s2.Garrisons, town.Name) || s2.unit(bep).Steps != 1 {
		t.Errorf("garrison substitute: %v, %s steps %d", s2.Garrisons, bep, s2.unit(bep).Steps)
	}
}

// RULINGS T22: answering every question with the prompt's default gives
// the state and the dice that the standing orders `answered` give: a
// standing order only saves the round trip. And a state waiting on a
// question survives its encoding (a restart).
func TestRule6_6_AskedEqualsStanding(t *testing.T) {
	r := rules(t)
	for _, rolls := range [][]int{{1, 1, 1, 1, 1}, {4, 6, 6, 6, 6}, {6, 5, 5, 6, 6}, {2, 3, 4, 1, 1}, {5, 6, 6, 1, 1}} {
		s, b, _, _, reg2 := twoOnTwo(t, r, "rough")
		s.unit(reg2).Steps = 2
		want, _ := do(t, r, s, FEF, "attack "+b, rolls...)
		s.Standing = nil
		d := dice(append([]int(nil), rolls...))
		var got adjudicator.State = s
		order, side := "attack "+b, adjudicator.Side(FEF)
		answers := 0
		for n := 0; ; n++ {
			ns, _, err := r.Apply(got, side, order, &d)
			if err != nil {
				t.Fatalf("%v: %q: %v", rolls, order, err)
			}
			enc, _ := ns.Encode()
			back, err := r.Decode(enc)
			if err != nil {
				t.Fatal(err)
			}
			got = back
			if st(got).Combat == nil || n > 8 {
				break
			}
			p := r.Prompt(got)
			order, side = p.Default, p.Awaiting[0]
			answers++
		}
		if answers == 0 {
			t.Errorf("%v: no question was asked: the comparison proves nothing", rolls)
		}
		st(got).Standing = want.Standing
		x, _ := want.Encode()
		y, _ := got.Encode()
		if !bytes.Equal(x, y) || len(d) != 0 {
			t.Errorf("%v: answering by the defaults differs from the standing orders (%d rolls left)\n%s\n%s", rolls, len(d), x, y)
		}
	}
}

// RULINGS T27, T22: a barrage's step on a closed forest stack is always
// asked of the VM (even with one unit), so the question tells the FEF
// nothing of what the stack holds; the public hears only that a unit
// lost a step.
func TestRule6_6_BarrageLossAskedInForest(t *testing.T) {
	r := rules(t)
	var a, b string
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if h.Country != "vietnam" || h.Terrain == "sea" || r.Opaque(id) {
			continue
		}
		if b = nextTo(r, id, func(x Hex) bool { return r.Opaque(x.ID) && x.Country == "vietnam" && !x.Coastal }); b != "" {
			a = id
			break
		}
	}
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	s := opsState(t, r, FEF, a, map[string]string{bep: a, reg: b})
	stand(s, VM, "losses", "")
	s1, ev := do(t, r, s, FEF, "barrage "+b+" air air air", 6, 6)
	has(t, ev, "DG & DL")
	orders := asked(t, r, s1, VM, "6.13")
	if !slices.Equal(orders, []string{"loss " + token(reg), "loss most"}) || strings.Contains(r.Prompt(s1).Decision+r.Prompt(s1).Default, reg) {
		t.Fatalf("answers %v", orders)
	}
	_, evs, err := r.Apply(s1, VM, "loss "+token(reg), &dice{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		if adjudicator.Public.Sees(e.Audience) && strings.Contains(e.Text, reg) {
			t.Errorf("the public reads %q", e.Text)
		}
	}
}

// airdropSite: a friendly airstrip in scenario 1950's bare state and a
// clear hex 2 to 6 hexes from it, with no urban area or river.
func airdropSite(t *testing.T, r *Rules, s *State) (strip, hex string) {
	t.Helper()
	for _, u := range r.d.Map.Urban {
		if !u.Airstrip || !r.fefFriendly(s, u.Hex) || r.hexes[u.Hex].Country != "vietnam" {
			continue
		}
		for _, id := range r.geo.ids {
			h := r.hexes[id]
			_, urb := r.urbanHex[id]
			if d := dist(id, u.Hex); d >= 2 && d <= 6 && h.Terrain == "clear" && h.Country == "vietnam" && !urb && len(r.geo.riversAt[id]) == 0 {
				return u.Hex, id
			}
		}
	}
	t.Fatal("no airstrip with a clear hex near it")
	return "", ""
}

// 6.4: an airborne unit airdropping onto a VM unit makes an overrun; if
// the VM holds, the paras retreat 1 hex, or with `press` fight on at
// another operation point a round (RULINGS T57).
func TestRule6_4_AirdropOverrun(t *testing.T) {
	r := rules(t)
	bep, reg := idOf(t, r, "BEP"), idOf(t, r, "REG")
	s0 := opsState(t, r, FEF, "0101", map[string]string{})
	strip, hex := airdropSite(t, r, s0)
	s := opsState(t, r, FEF, strip, map[string]string{bep: strip, reg: hex})
	s.FEFAir = 3
	if !slices.Contains(adjudicator.Orders(r.Legal(s, FEF)), "drop "+token(bep)+" "+hex+" press") {
		t.Fatalf("the legal tree lacks the airdrop overrun onto %s", hex)
	}
	// 4 against 6 (1:2), morale +1; dice 3+3 = 7: Ex; Desorg 6, 6: the
	// VM holds and the paras retreat
	s1, ev := do(t, r, s, FEF, "drop "+token(bep)+" "+hex, 3, 3, 6, 6)
	has(t, ev, "6.4: The FEF airdrops "+bep+" onto "+hex+" from "+strip+": an overrun.", "Ex.",
		"6.4: the VM holds "+hex+" (the FEF's order fights no further): "+bep+" retreat 1 hex to",
		"6.3 a): the FEF spends an operation point (9 left), with 1 air transport(s) (5.6).")
	if u := s1.unit(bep); u.Loc == hex || u.Loc == strip || dist(u.Loc, hex) != 1 || s1.OpsFEF != 9 || s1.FEFAir != 2 {
		t.Errorf("after the drop: %s at %s, points %d, air %d", bep, u.Loc, s1.OpsFEF, s1.FEFAir)
	}
	// `press`: the first round Ex, another point, then 6+6 = 12+1: 2DL
	// kills the regiment's last steps... the VM is left with 1 step:
	s.unit(reg).Steps = 2
	s2, ev := do(t, r, s, FEF, "drop "+token(bep)+" "+hex+" press", 3, 3, 6, 6, 6, 6, 6, 6)
	has(t, ev, "6.4: the VM holds "+hex+" and the FEF fights on: another operation point (8 left).",
		"dice 6+6", "6.14: the FEF advances into "+hex, "6.3 a): the FEF spends an operation point (8 left)")
	if s2.unit(bep).Loc != hex || s2.OpsFEF != 8 || s2.unit(reg).Loc == hex {
		t.Errorf("after pressing: %s at %s, %s at %s, points %d", bep, s2.unit(bep).Loc, reg, s2.unit(reg).Loc, s2.OpsFEF)
	}
	// 6.4: only for an operation point
	s.Phase = PhaseMove1
	refused(t, r, s, FEF, "drop "+token(bep)+" "+hex, "6.4: an airdrop onto a VM unit is an overrun, made only for an operation point")
}

// DESIGN (damaged and forged records): a combat read back from storage
// names known units, hexes, stages and questions, or the state is
// refused.
func TestRule6_6_ForgedCombatRefused(t *testing.T) {
	r := rules(t)
	s1, _, _ := evadeAsked(t, r)
	enc, _ := s1.Encode()
	if _, err := r.Decode(enc); err != nil || s1.Combat == nil {
		t.Fatalf("the honest state: %v, %+v", err, s1.Combat)
	}
	for name, forge := range map[string]func(c *Combat){
		"unknown unit":  func(c *Combat) { c.Att = append(c.Att, "NOBODY") },
		"unknown hex":   func(c *Combat) { c.Target = "9999" },
		"unknown stage": func(c *Combat) { c.Stage = "victory" },
		"question":      func(c *Combat) { c.Ask = "surrender" },
		"asked side":    func(c *Combat) { c.Asked = "referee" },
		"steps":         func(c *Combat) { c.Steps = 1 << 20 },
		"note":          func(c *Combat) { c.Note = "%s%s" },
	} {
		x := s1.clone()
		forge(x.Combat)
		enc, _ := x.Encode()
		if _, err := r.Decode(enc); err == nil || !strings.Contains(err.Error(), "combat under way") {
			t.Errorf("%s: decoded (%v)", name, err)
		}
	}
}
