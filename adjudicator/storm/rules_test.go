package storm

import (
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// blank is the battle's set-up with every unit off the board, France to
// act on turn 2 (assaults need trenches), hands empty.
func blank(t *testing.T) (*Rules, *State) {
	t.Helper()
	r := New(MustDefault())
	st, err := r.Setup("battle", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for id := range s.Units {
		s.Units[id] = &UnitState{}
	}
	s.Step, s.Active, s.Turn = stepAction, French, 2
	return r, s
}

func put(s *State, a int, ids ...string) {
	for _, id := range ids {
		s.Units[id].Area = a
	}
}

func give(s *State, side Side, ns ...int) {
	for _, n := range ns {
		s.Cards[side].Deck.Take(n)
		s.Cards[side].Hand.Add(n)
	}
}

// fixed rolls the given values in turn (then 1s).
type fixed struct{ v []int }

func (f *fixed) Roll(sides int) int {
	if len(f.v) == 0 {
		return 1
	}
	x := f.v[0]
	f.v = f.v[1:]
	return x
}

func apply(t *testing.T, r *Rules, s *State, side Side, order string, d adjudicator.Dice) (*State, []adjudicator.Event) {
	t.Helper()
	ns, ev, err := r.Apply(s, side, order, d)
	if err != nil {
		t.Fatalf("%s %q: %v", side, order, err)
	}
	return ns.(*State), ev
}

func refused(t *testing.T, r *Rules, s *State, side Side, order, want string) {
	t.Helper()
	_, _, err := r.Apply(s, side, order, &fixed{})
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s %q: %v, want a refusal with %q", side, order, err, want)
	}
}

// 7.0's movement example, costs and prohibitions as the text gives them.
func TestRules_7_0_MovementExample(t *testing.T) {
	r, s := blank(t)
	put(s, 10, "B1-1", "B1-2")
	put(s, 11, "88/29-1")
	put(s, 17, "C1-1", "R3-9", "88/29-2")
	for _, c := range []struct {
		side     Side
		from, to int
		ids      []string
		cost     int // -1: forbidden
	}{
		{French, 10, 7, []string{"B1-1", "B1-2"}, 2},
		{French, 10, 11, []string{"B1-1", "B1-2"}, 2},
		{French, 10, 17, []string{"B1-1", "B1-2"}, 2},
		{French, 17, 10, []string{"C1-1"}, -1}, // armor: only by a bridge
		{French, 17, 11, []string{"R3-9"}, 3},
		{French, 17, 10, []string{"R3-9"}, 3},
		{VM, 17, 10, []string{"88/29-2"}, -1}, // a French area with French units
		{VM, 17, 14, []string{"88/29-2"}, 3},
		{VM, 17, 11, []string{"88/29-2"}, 3},
	} {
		cn := r.census(s)
		armor := r.d.Unit[c.ids[0]].Type.Armor
		got := r.stepCost(s, cn, c.side, c.from, c.from, c.to, armor)
		if got != c.cost {
			t.Errorf("%s %v %d->%d costs %d, want %d", c.side, c.ids, c.from, c.to, got, c.cost)
		}
	}
	// the VM unit has 2 MP: 14 and 11 are out of its reach
	s.Active = VM
	refused(t, r, s, VM, "move 17 14 88/29-2", "costs 3 movement points; the stack has 2")
	refused(t, r, s, VM, "move 17 10 88/29-2", "cannot reach area 10")
	// France moves 10 -> 7: control passes on entering (13.0)
	s.Active = French
	ns, _ := apply(t, r, s, French, "move 10 7 all", &fixed{})
	if ns.Control[7] != French || ns.Control[10] != French || !ns.Units["B1-1"].Spent {
		t.Fatalf("after 10->7: control 7 %s, 10 %s, spent %v", ns.Control[7], ns.Control[10], ns.Units["B1-1"].Spent)
	}
}

// 7.0: no more than 9 units of a side in an area, passing through included.
func TestRules_7_0_StackingOfNine(t *testing.T) {
	r, s := blank(t)
	put(s, 28, "B1-1", "B1-2", "B1-3", "B1-4", "C1-1", "C1-2", "P8-1", "P8-2")
	put(s, 20, "P8-3", "P8-4")
	refused(t, r, s, French, "move 20 28 all", "cannot reach area 28")
	apply(t, r, s, French, "move 20 28 P8-3", &fixed{})
}

// 8.3 and 8.4's example: 4 French units (3+1+1+2) in 10 fire at 11; 6
// rolled; 13 attack points against 8 + 2 (area 1, trench 1): 3 damage;
// the VM's units retreat to 7 or 8, never 14 or 17.
func TestRules_8_3_FireExample(t *testing.T) {
	r, s := blank(t)
	put(s, 10, "B1-1", "BT3-9", "BT3-10", "D13-9")
	put(s, 11, "88/29-1", "88/29-2")
	put(s, 7, "88/29-3")
	s.Trench = map[int]int{11: 1}
	// with the VM's default standing (ask), the attack waits on the VM
	// before the roll, whatever it holds
	w, _ := apply(t, r, s, French, "fire 10 11 all", &fixed{v: []int{3, 3}})
	if p := r.Prompt(w); !p.Awaits(VM) || w.Ask == nil || w.Ask.Kind != "improved-defenses" {
		t.Fatalf("no Improved Defenses window asked: %+v", p)
	}
	s, _ = apply(t, r, s, VM, "standing improved-defenses never", &fixed{})
	ns, ev := apply(t, r, s, French, "fire 10 11 all", &fixed{v: []int{3, 3}})
	text := evText(ev)
	if !strings.Contains(text, "= 13 against defense 10") || !strings.Contains(text, ": 3 damage") {
		t.Fatalf("fire: %s", text)
	}
	// the default allocation (spread): flip both, retreat one
	var moved []int
	for _, id := range []string{"88/29-1", "88/29-2"} {
		u := ns.Units[id]
		if !u.Spent || u.Out {
			t.Fatalf("%s: %+v", id, u)
		}
		if u.Area != 11 {
			moved = append(moved, u.Area)
		}
	}
	if len(moved) != 1 || (moved[0] != 7 && moved[0] != 8) {
		t.Fatalf("retreats went to %v, want one unit to 7 or 8", moved)
	}
	if ns.FireMark[10] != French {
		t.Fatal("no French fire marker on area 10 (8.1)")
	}
	// 8.3.2: the marker on 10 makes a shot at 10 ignore its area defense
	ns, _ = apply(t, r, ns, French, "standing bigeard never", &fixed{})
	_, ev = apply(t, r, ns, VM, "fire 7 10 88/29-3", &fixed{v: []int{1, 1}})
	if !strings.Contains(evText(ev), "a fire marker: no area defense") {
		t.Fatalf("fire at a marked area: %s", evText(ev))
	}
}

func evText(ev []adjudicator.Event) string {
	var out []string
	for _, e := range ev {
		out = append(out, e.Text)
	}
	return strings.Join(out, "\n")
}

// 8.4.1: one fresh unit and 5 points: 3 eliminate it, 2 are lost.
func TestRules_8_4_1_ExcessDamageIgnored(t *testing.T) {
	r, s := blank(t)
	put(s, 11, "88/29-1")
	ids := r.in(s, 11, VM)
	var ev []adjudicator.Event
	r.allocate(s, ids, 5, VM, VM, 11, &ev)
	if !s.Units["88/29-1"].Out {
		t.Fatalf("a fresh unit with 5 damage points is not eliminated: %+v", s.Units["88/29-1"])
	}
}

// 8.4.2: a unit with no area of its own to retreat to is eliminated; a
// full area passes the retreat on.
func TestRules_8_4_2_Retreats(t *testing.T) {
	r, s := blank(t)
	// area 6 (Gabrielle) borders 2, 7, 8: all the VM's
	put(s, 6, "R7-1")
	s.Units["R7-1"].Spent = true
	var ev []adjudicator.Event
	r.retreat(s, "R7-1", 6, &ev)
	if !s.Units["R7-1"].Out {
		t.Fatal("a French unit with no French area around is not eliminated")
	}
	// armor does not retreat across the river except by a bridge
	r, s = blank(t)
	put(s, 29, "C1-3")
	for _, a := range []int{23, 26, 30, 33} {
		s.Control[a] = VM
	}
	r.retreat(s, "C1-3", 29, &ev)
	if a := s.Units["C1-3"].Area; a != 21 && a != 28 {
		t.Fatalf("armor retreated from 29 to %d; the bridges lead to 21 and 28", a)
	}
}

// 9.0: two units a level, or a card's value (RULINGS S1: raised by it),
// at most 3; only in the VM's areas.
func TestRules_9_0_Entrenchment(t *testing.T) {
	r, s := blank(t)
	s.Active = VM
	put(s, 11, "88/29-1", "88/29-2", "88/29-3")
	refused(t, r, s, VM, "dig 11 88/29-1", "two fresh units a level")
	ns, _ := apply(t, r, s, VM, "dig 11 88/29-1 88/29-2", &fixed{})
	if ns.Trench[11] != 1 {
		t.Fatalf("trench %d", ns.Trench[11])
	}
	give(ns, VM, 12) // Surprise Assault, entrenchment 3
	ns.Active = VM
	ns.Step = stepAction
	ns, _ = apply(t, r, ns, VM, "dig 11 card 12", &fixed{})
	if ns.Trench[11] != 3 || !ns.Cards[VM].Discard.Has(12) {
		t.Fatalf("trench %d after a card of value 3 (by, at most 3)", ns.Trench[11])
	}
	refused(t, r, s, VM, "dig 10 card 12", "")
}

// 10.0: an assault needs trenches of 3 after turn 1; the defenders get no
// area defense; a cleared area is entered; one assaulting unit is lost,
// one more for each Giap re-roll.
func TestRules_10_0_AssaultWithGiap(t *testing.T) {
	r, s := blank(t)
	s.Active = VM
	put(s, 11, "209/154-1", "209/154-2", "209/154-3", "88/29-1")
	put(s, 10, "BT3-9")
	s.Books = nil
	refused(t, r, s, VM, "assault 11 10 all", "needs trench level 3")
	s.Trench = map[int]int{11: 3}
	give(s, VM, 4) // Giap Demands Success
	// France never plays its reactions here
	for _, k := range []string{"mines", "debouchez", "bigeard", "flares"} {
		s, _ = apply(t, r, s, French, "standing "+k+" never", &fixed{})
	}
	// firepower 3+3+3+2 = 11; a Thai unit's 6; the first roll 1+1 = 13-6 = 7 damage
	// clears it already: no re-roll; force one with a weak first roll:
	put(s, 10, "BT3-10", "BT3-11", "BT3-12", "G1-1")
	// five Thai units need 15 points; first roll 1+1: 11+2-6 = 7; re-roll 6+6: 11+12-6 = 17
	ns, ev := apply(t, r, s, VM, "assault 11 10 all with 4:2", &fixed{v: []int{1, 1, 6, 6}})
	text := evText(ev)
	if !strings.Contains(text, "Giap re-roll 6+6") || !strings.Contains(text, "area 10 is cleared") && !strings.Contains(text, "Area 10 is cleared") {
		t.Fatalf("assault: %s", text)
	}
	if ns.Control[10] != VM {
		t.Fatal("a cleared area does not pass to the VM")
	}
	lost := 0
	for _, id := range []string{"209/154-1", "209/154-2", "209/154-3", "88/29-1"} {
		if ns.Units[id].Out {
			lost++
		} else if ns.Units[id].Area != 10 || !ns.Units[id].Spent {
			t.Fatalf("%s: %+v", id, ns.Units[id])
		}
	}
	if lost != 2 {
		t.Fatalf("%d assaulting units lost, want 2 (one, and one for the re-roll)", lost)
	}
}

// 4.0-B: a VM pass ends the phase unless France discards; France's
// discard gives it the next action; two passes in a row end it.
func TestRules_4_0_B_PassProtocol(t *testing.T) {
	r, s := blank(t)
	s.Active = VM
	put(s, 11, "88/29-1")
	put(s, 10, "B1-1")
	give(s, French, 22, 23)
	give(s, VM, 12)
	ns, _ := apply(t, r, s, VM, "pass", &fixed{})
	if ns.Step != stepVMPassed {
		t.Fatalf("after a VM pass: %s", ns.Step)
	}
	ns, _ = apply(t, r, ns, French, "discard 22", &fixed{})
	if ns.Step != stepAction || ns.Active != French {
		t.Fatalf("after France's discard: %s, %s to act", ns.Step, ns.Active)
	}
	end, _ := apply(t, r, ns, French, "pass", &fixed{})
	if end.Step != stepDiscardVM {
		t.Fatalf("a French pass after the VM's: %s, want the end phase", end.Step)
	}
	// France acts instead; then the VM passes again: France may discard again
	ns, _ = apply(t, r, ns, French, "move 10 16 all", &fixed{})
	if ns.Active != VM || ns.Step != stepAction {
		t.Fatalf("after France's action: %s %s", ns.Active, ns.Step)
	}
	ns, _ = apply(t, r, ns, VM, "pass", &fixed{})
	ns, _ = apply(t, r, ns, French, "end", &fixed{})
	if ns.Step != stepDiscardVM {
		t.Fatalf("France ends the phase: %s", ns.Step)
	}
}

// 11.0: 2d6 + 2 an airstrip area + 1 a green area the VM holds; 9-15 one
// area, 16+ two; the VM marks them; French units there stay spent.
func TestRules_11_0_Supply(t *testing.T) {
	r, s := blank(t)
	s.Control[16], s.Control[9] = VM, VM // +2, +1
	put(s, 17, "R3-9")
	put(s, 19, "R3-11")
	s.Units["R3-9"].Spent, s.Units["R3-11"].Spent = true, true
	s, _ = apply(t, r, s, VM, "standing heavy-flak never", &fixed{})
	s.Step = stepSupply
	var ev []adjudicator.Event
	r.advance(s, &fixed{v: []int{3, 3, 4}}, &ev)
	if s.Step != stepNoSupply || s.Due != 1 || !strings.Contains(evText(ev), "= 9: 1 area(s) without supply") {
		t.Fatalf("supply: step %s, due %d: %s", s.Step, s.Due, evText(ev))
	}
	refused(t, r, s, VM, "nosupply 11", "not a French-controlled area")
	refused(t, r, s, VM, "nosupply 17 19", "exactly 1")
	ns, _ := apply(t, r, s, VM, "nosupply 17", &fixed{v: []int{4}})
	if !ns.Units["R3-9"].Spent || ns.Units["R3-11"].Spent {
		t.Fatalf("refresh: unsupplied %+v, supplied %+v", ns.Units["R3-9"], ns.Units["R3-11"])
	}
	// 12.1: a 4 gives two replacements, placed by the VM first (12.3)
	if got := len(r.toPlace(ns, VM)); got != 2+6 {
		t.Fatalf("%d VM units to place, want 2 replacements and the 6 of turn 2", got)
	}
	if ns.Step != stepPlaceVM {
		t.Fatalf("step %s", ns.Step)
	}
}

// 14.0: at the end of turn 8 the VM wins with six victory areas.
func TestRules_14_0_Victory(t *testing.T) {
	for _, c := range []struct {
		held   int
		winner Side
	}{{6, VM}, {5, French}} {
		r, s := blank(t)
		s.Turn, s.Step = 8, stepEndTurn
		n := 0
		for _, a := range r.d.AreaIDs {
			if r.d.Area[a].Victory {
				if n < c.held {
					s.Control[a] = VM
				}
				n++
			}
		}
		var ev []adjudicator.Event
		r.advance(s, &fixed{}, &ev)
		if s.Step != stepOver || s.Winner != c.winner {
			t.Fatalf("%d victory areas: %s, winner %s", c.held, s.Step, s.Winner)
		}
	}
}

// 5.1: hand sizes with the bonuses; France draws 6 on turn 1 (its own
// example); the draws are secret rolls.
func TestRules_5_1_DrawPhase(t *testing.T) {
	r := New(MustDefault())
	st, _ := r.Setup("battle", nil)
	seed := make([]byte, 32)
	d := adjudicator.NewStream(seed, 0)
	ns, ev, err := r.Apply(st, VM, "draw", d)
	if err != nil {
		t.Fatal(err)
	}
	s := ns.(*State)
	if len(s.Cards[French].Hand) != 6 || len(s.Cards[VM].Hand) != 5 {
		t.Fatalf("hands: France %d, VM %d; want 6 and 5", len(s.Cards[French].Hand), len(s.Cards[VM].Hand))
	}
	for _, roll := range d.Drawn() {
		if !roll.Secret {
			t.Fatalf("a draw roll is public: %+v", roll)
		}
	}
	for _, e := range ev {
		if e.Audience.All && strings.Contains(e.Text, "You draw") {
			t.Fatalf("a drawn card told to everyone: %s", e.Text)
		}
	}
}

// 8.4.2: a tie on enemy units is the owner's choice, set by its standing
// retreat order (RULINGS S6).
func TestRules_8_4_2_RetreatTiesByStandingOrder(t *testing.T) {
	for _, c := range []struct {
		order string
		want  int
	}{{"", 7}, {"standing retreat join", 8}, {"standing retreat spread", 7}} {
		r, s := blank(t)
		put(s, 11, "88/29-1")
		put(s, 8, "88/29-2")
		s.Units["88/29-1"].Spent = true
		if c.order != "" {
			s, _ = apply(t, r, s, VM, c.order, &fixed{})
		}
		var ev []adjudicator.Event
		r.retreat(s, "88/29-1", 11, &ev)
		if got := s.Units["88/29-1"].Area; got != c.want {
			t.Errorf("%q: retreated to %d, want %d", c.order, got, c.want)
		}
	}
}

// 15.0: sealed bids; the higher bid plays the VM and sets its victory
// condition; the first bid is not shown to the other seat.
func TestRules_15_0_SealedBids(t *testing.T) {
	r := New(MustDefault())
	st, err := r.Setup("battle", adjudicator.Options{"bidding": "on"})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if p := r.Prompt(s); len(p.Awaiting) != 2 {
		t.Fatalf("both seats bid at once: %+v", p)
	}
	s, ev := apply(t, r, s, French, "bid 7", &fixed{})
	for _, e := range ev {
		if e.Audience.All && strings.Contains(e.Text, "7") {
			t.Fatalf("the bid is public: %s", e.Text)
		}
	}
	if p := r.Prompt(s); len(p.Awaiting) != 1 || p.Awaiting[0] != VM {
		t.Fatalf("after France's bid: %+v", p)
	}
	refused(t, r, s, VM, "bid 99", "1 to")
	s, ev = apply(t, r, s, VM, "bid 6", &fixed{})
	if s.Target != 7 || s.Step != stepDraw || !strings.Contains(evText(ev), "The french seat plays the VM") {
		t.Fatalf("bids 6/7: target %d, step %s: %s", s.Target, s.Step, evText(ev))
	}
	if _, err := r.Setup("battle", adjudicator.Options{"bidding": "maybe"}); err == nil {
		t.Fatal("bidding:maybe accepted")
	}
}
