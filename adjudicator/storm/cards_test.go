package storm

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

func itoa(n int) string { return strconv.Itoa(n) }

// cardNo finds side's first card number called name.
func cardNo(t *testing.T, r *Rules, side Side, name string) int {
	t.Helper()
	for n := 1; n <= 27; n++ {
		if r.d.CardName(side, n) == name {
			return n
		}
	}
	t.Fatalf("no %s card %q", side, name)
	return 0
}

// Poor Weather: "Zaneguj francuską kartę Fighter Bomber lub B-26": the
// bombers are cancelled (with the VM's standing play), France's action
// is over and the card is gone.
func TestCards_PoorWeatherCancelsB26(t *testing.T) {
	r, s := blank(t)
	put(s, 8, "88/29-1")
	put(s, 14, "D13-9")
	b26, pw := cardNo(t, r, French, cB26), cardNo(t, r, VM, cWeather)
	give(s, French, b26)
	give(s, VM, pw)
	s, _ = apply(t, r, s, VM, "standing poor-weather play", &fixed{})
	ns, ev := apply(t, r, s, French, "play "+itoa(b26)+" at 8", &fixed{v: []int{6, 6}})
	if !strings.Contains(evText(ev), "cancels the bombers") || ns.Units["88/29-1"].Spent || !ns.Cards[VM].Discard.Has(pw) || ns.Active != VM {
		t.Fatalf("Poor Weather: %s", evText(ev))
	}
}

// Counter Attack: after losing an area in the previous action, units
// next to it gather in it and attack; no fire marker; they stay, spent.
func TestCards_CounterAttack(t *testing.T) {
	r, s := blank(t)
	ca := cardNo(t, r, French, cCounter)
	give(s, French, ca)
	// the VM just took 17 (Dominique 1)
	s.Control[17] = VM
	s.LostPrev = map[Side][]int{French: {17}}
	put(s, 17, "88/29-1")
	put(s, 14, "D13-9", "D13-10")
	put(s, 19, "R3-11")
	s, _ = apply(t, r, s, VM, "standing improved-defenses never", &fixed{})
	refused(t, r, s, French, "play "+itoa(ca)+" at 16 all", "did not lose area 16")
	ns, ev := apply(t, r, s, French, "play "+itoa(ca)+" at 17 all", &fixed{v: []int{6, 6}})
	text := evText(ev)
	if !strings.Contains(text, "counter-attacks in area 17") || !strings.Contains(text, "same area: no area defense") {
		t.Fatalf("Counter Attack: %s", text)
	}
	for _, id := range []string{"D13-9", "D13-10", "R3-11"} {
		if u := ns.Units[id]; u.Area != 17 || !u.Spent {
			t.Fatalf("%s: %+v", id, u)
		}
	}
	if ns.FireMark[17] != "" || ns.Control[17] != French {
		t.Fatalf("fire marker %q, control %s", ns.FireMark[17], ns.Control[17])
	}
}

// Detonate Mine Shaft: France is asked which units retreat first, then
// 1d6 damage the VM allocates; not on turn 1; removed after play.
func TestCards_DetonateMineShaft(t *testing.T) {
	r, s := blank(t)
	dm := cardNo(t, r, VM, cDetonate)
	give(s, VM, dm)
	s.Active = VM
	s.Trench = map[int]int{8: 3}
	put(s, 8, "88/29-1")
	put(s, 14, "D13-9", "D13-10")
	refused(t, r, s, VM, "play "+itoa(dm)+" at 17", "next to trenches of level 3")
	s.Turn = 1
	refused(t, r, s, VM, "play "+itoa(dm)+" at 14", "turn 1")
	s.Turn = 2
	ns, _ := apply(t, r, s, VM, "play "+itoa(dm)+" at 14", &fixed{})
	if p := r.Prompt(ns); !p.Awaits(French) || ns.Step != stepDetonate {
		t.Fatalf("France is not asked to retreat: %+v", p)
	}
	ns, ev := apply(t, r, ns, French, "retreat D13-10", &fixed{v: []int{3}})
	text := evText(ev)
	if !strings.Contains(text, "explodes: 3 damage") || !ns.Units["D13-9"].Out || ns.Units["D13-10"].Area == 14 || !ns.Cards[VM].Removed.Has(dm) {
		t.Fatalf("the mine: %s; %+v %+v", text, ns.Units["D13-9"], ns.Units["D13-10"])
	}
	if ns.Step != stepAction || ns.Active != VM {
		t.Fatalf("the VM's action goes on (S16): %s %s", ns.Step, ns.Active)
	}
}

// Katyusha Rockets: firepower 12, 13 on 7 or more French units; removed.
func TestCards_KatyushaOnSevenUnits(t *testing.T) {
	r, s := blank(t)
	k := cardNo(t, r, VM, cKatyusha)
	give(s, VM, k)
	s.Active = VM
	put(s, 28, "B1-1", "B1-2", "B1-3", "B1-4", "C1-1", "C1-2", "P8-1")
	put(s, 22, "88/29-1")
	s.Control[22] = VM
	s, _ = apply(t, r, s, French, "standing bigeard never", &fixed{})
	_, ev := apply(t, r, s, VM, "play "+itoa(k)+" at 28", &fixed{v: []int{1, 1}})
	if !strings.Contains(evText(ev), "firepower 13") {
		t.Fatalf("Katyusha on 7 units: %s", evText(ev))
	}
}

// Improved Defenses doubles the area's defense (trenches included), at
// most 6; a second copy triples it (5.2).
func TestCards_ImprovedDefensesDoubleAndTriple(t *testing.T) {
	r, s := blank(t)
	put(s, 11, "88/29-1")
	put(s, 10, "B1-1")
	s.Trench = map[int]int{11: 2} // 1 + 2 = 3
	give(s, VM, 1, 2)
	s, _ = apply(t, r, s, VM, "standing improved-defenses play", &fixed{})
	_, ev := apply(t, r, s, French, "fire 10 11 all", &fixed{v: []int{1, 1}})
	if !strings.Contains(evText(ev), "area 6 (Improved Defenses x3, at most 6)") {
		t.Fatalf("Improved Defenses: %s", evText(ev))
	}
}

// Mines: 1d6 assaulting units withdraw; with none left the action ends
// and no VM unit is lost to the assault.
func TestCards_MinesStopTheAssault(t *testing.T) {
	r, s := blank(t)
	s.Active, s.Turn = VM, 1
	put(s, 11, "88/29-1", "88/29-2")
	put(s, 10, "BT3-9")
	m := cardNo(t, r, French, cMines)
	give(s, French, m)
	s, _ = apply(t, r, s, French, "standing mines play 2", &fixed{})
	ns, ev := apply(t, r, s, VM, "assault 11 10 all", &fixed{v: []int{4}})
	text := evText(ev)
	if !strings.Contains(text, "Mines: 4: 2 assaulting unit(s) withdraw") || !strings.Contains(text, "no VM unit is lost") {
		t.Fatalf("Mines: %s", text)
	}
	if ns.Units["88/29-1"].Out || ns.Units["88/29-2"].Out || ns.Control[10] != French {
		t.Fatal("units lost or area taken after Mines stopped the assault")
	}
}

// Flares cancel the Night Assault cards of the assault, which goes on.
func TestCards_FlaresAgainstNightAssault(t *testing.T) {
	r, s := blank(t)
	s.Active, s.Turn = VM, 1
	put(s, 11, "209/154-1", "209/154-2")
	put(s, 10, "BT3-9")
	na, fl := cardNo(t, r, VM, cNight), cardNo(t, r, French, cFlares)
	give(s, VM, na)
	give(s, French, fl)
	for _, o := range []string{"standing flares play", "standing mines never", "standing debouchez never", "standing bigeard never"} {
		s, _ = apply(t, r, s, French, o, &fixed{})
	}
	_, ev := apply(t, r, s, VM, "assault 11 10 all with "+itoa(na), &fixed{v: []int{1, 1}})
	text := evText(ev)
	if !strings.Contains(text, "Night Assault card(s) are cancelled") || !strings.Contains(text, "firepower 6 = 8") {
		t.Fatalf("Flares: %s", text)
	}
}

// Relief Force from Isabelle: 1-3 two infantry, 4-5 one armor, 6 both,
// in area 38; not after turn 4.
func TestCards_ReliefForceTable(t *testing.T) {
	for roll, want := range map[int]int{2: 2, 5: 1, 6: 2} {
		r, s := blank(t)
		rf := cardNo(t, r, French, cRelief)
		give(s, French, rf)
		ns, _ := apply(t, r, s, French, "play "+itoa(rf), &fixed{v: []int{roll}})
		if got := len(r.in(ns, ReliefArea, French)); got != want {
			t.Errorf("roll %d: %d units in area 38, want %d", roll, got, want)
		}
	}
	r, s := blank(t)
	rf := cardNo(t, r, French, cRelief)
	give(s, French, rf)
	s.Turn = 5
	refused(t, r, s, French, "play "+itoa(rf), "after turn 4")
}

// Heavy Flak: one more area without supply.
func TestCards_HeavyFlak(t *testing.T) {
	r, s := blank(t)
	hf := cardNo(t, r, VM, cFlak)
	give(s, VM, hf)
	s, _ = apply(t, r, s, VM, "standing heavy-flak play", &fixed{})
	s.Step = stepSupply
	var ev []adjudicator.Event
	r.advance(s, &fixed{v: []int{1, 1}}, &ev)
	ns := s
	if ns.Due != 1 || ns.Step != stepNoSupply {
		t.Fatalf("Heavy Flak on a roll of 2: %d area(s) due, step %s", ns.Due, ns.Step)
	}
}

// Propaganda: a die per Thai unit, 4-6 removes it.
func TestCards_Propaganda(t *testing.T) {
	r, s := blank(t)
	pr := cardNo(t, r, VM, cPropaganda)
	give(s, VM, pr)
	s.Active = VM
	put(s, 9, "BT3-9", "BT3-10", "BT3-11")
	ns, _ := apply(t, r, s, VM, "play "+itoa(pr)+" at 9", &fixed{v: []int{3, 4, 6}})
	if ns.Units["BT3-9"].Out || !ns.Units["BT3-10"].Out || !ns.Units["BT3-11"].Out {
		t.Fatal("Propaganda: 3 keeps a unit, 4 and 6 remove theirs")
	}
}

// Artillery's second use removes the trenches; counter-battery (105mm
// or 75mm Artillery) cancels it.
func TestCards_ArtilleryClearAndCounterBattery(t *testing.T) {
	r, s := blank(t)
	a := cardNo(t, r, French, cArtillery)
	give(s, French, a)
	s.Trench = map[int]int{8: 3}
	s, _ = apply(t, r, s, VM, "standing counter-battery never", &fixed{})
	ns, _ := apply(t, r, s, French, "play "+itoa(a)+" clear 8", &fixed{})
	if ns.Trench[8] != 0 {
		t.Fatal("the trenches stay")
	}
	cb := cardNo(t, r, VM, c105)
	give(s, VM, cb)
	s, _ = apply(t, r, s, VM, "standing counter-battery play", &fixed{})
	ns, ev := apply(t, r, s, French, "play "+itoa(a)+" clear 8", &fixed{})
	if ns.Trench[8] != 3 || !strings.Contains(evText(ev), "counter-battery") {
		t.Fatalf("counter-battery: %s", evText(ev))
	}
}

// A window the VM chose to be asked in waits on it whether or not it
// holds the card; its answer plays a fitting card or passes; a card that
// does not fit is refused.
func TestCards_AskedWindowAnswered(t *testing.T) {
	r, s := blank(t)
	put(s, 11, "88/29-1")
	put(s, 10, "B1-1")
	give(s, VM, 1, 9) // Improved Defenses, Katyusha
	w, ev := apply(t, r, s, French, "fire 10 11 all", &fixed{v: []int{1, 1}})
	if len(ev) != 0 || w.Ask == nil || !r.Prompt(w).Awaits(VM) {
		t.Fatalf("not asked: %+v %s", r.Prompt(w), evText(ev))
	}
	refused(t, r, w, VM, "play 9", "cannot be played here")
	refused(t, r, w, French, "pass", "awaits vm")
	w2, ev := apply(t, r, w, VM, "play 1", &fixed{})
	// the first copy is public: the second copy's window asks the VM
	// whether or not it holds one (it does not here)
	if w2.Ask == nil || w2.Ask.Kind != "improved-defenses-2" || !strings.Contains(evText(ev), "its defense is doubled") {
		t.Fatalf("the second copy's window: %+v %s", w2.Ask, evText(ev))
	}
	refused(t, r, w2, VM, "play 9", "cannot be played here")
	ns, ev := apply(t, r, w2, VM, "pass", &fixed{v: []int{1, 1}})
	if !strings.Contains(evText(ev), "area 2 (Improved Defenses x2") {
		t.Fatalf("answered: %s", evText(ev))
	}
	if ns.Active != VM || ns.Step != stepAction {
		t.Fatalf("after the attack: %s %s", ns.Active, ns.Step)
	}
}

// 8.4: an owner whose standing damage order is "ask" allocates itself;
// the allocation must spend as many points as the units can take.
func TestRules_8_4_OwnerAllocatesWhenAsked(t *testing.T) {
	r, s := blank(t)
	s.Active = VM
	put(s, 8, "209/154-1", "209/154-2", "209/154-3")
	put(s, 14, "D13-9", "D13-10")
	for _, o := range []string{"standing damage ask", "standing bigeard never"} {
		s, _ = apply(t, r, s, French, o, &fixed{})
	}
	// 9 firepower + 6+6 = 21 against 8 + 3: 10 damage; the units take 6
	w, _ := apply(t, r, s, VM, "fire 8 14 all", &fixed{v: []int{6, 6}})
	if w.Ask == nil || w.Ask.Kind != "allocate" || !r.Prompt(w).Awaits(French) {
		t.Fatalf("France is not asked to allocate: %+v", r.Prompt(w))
	}
	refused(t, r, w, French, "allocate D13-9:3", "exactly 6")
	refused(t, r, w, French, "allocate D13-9:4 D13-10:2", "D13-9:4")
	ns, _ := apply(t, r, w, French, "allocate D13-9:3 D13-10:3", &fixed{})
	if !ns.Units["D13-9"].Out || !ns.Units["D13-10"].Out {
		t.Fatalf("allocation: %+v %+v", ns.Units["D13-9"], ns.Units["D13-10"])
	}
	ns, _ = apply(t, r, w, French, "allocate spread", &fixed{})
	if !ns.Units["D13-9"].Out || !ns.Units["D13-10"].Out {
		t.Fatal("allocate spread with 6 points on two fresh units eliminates both")
	}
}

// A card shown from a hand (played or discarded) cannot be taken back by
// a player's undo: the order's events say they reveal.
func TestCards_PlayRevealsNoUndo(t *testing.T) {
	r, s := blank(t)
	bo := cardNo(t, r, French, cBordels)
	give(s, French, bo, 22)
	put(s, 9, "BT3-9")
	s.Units["BT3-9"].Spent = true
	_, ev := apply(t, r, s, French, "play "+itoa(bo)+" at 9", &fixed{})
	reveals := false
	for _, e := range ev {
		reveals = reveals || e.Reveals
	}
	if !reveals {
		t.Fatal("a card play does not mark its event as revealing")
	}
}

// 5.2: under "ask", a second Improved Defenses is asked for once the
// first is played, and triples the area's defense (RULINGS S2, S15).
func TestCards_5_2_ImprovedDefensesSecondCopyAsked(t *testing.T) {
	r, s := blank(t)
	put(s, 11, "88/29-1")
	put(s, 10, "B1-1")
	s.Trench = map[int]int{11: 2} // 1 + 2 = 3
	give(s, VM, 1, 2)
	w, _ := apply(t, r, s, French, "fire 10 11 all", &fixed{})
	if w.Ask == nil || w.Ask.Kind != "improved-defenses" {
		t.Fatalf("not asked: %+v", w.Ask)
	}
	w, _ = apply(t, r, w, VM, "play 1", &fixed{})
	if w.Ask == nil || w.Ask.Kind != "improved-defenses-2" {
		t.Fatalf("the second copy is not asked for: %+v", w.Ask)
	}
	tree := r.Legal(w, VM)
	if !strings.Contains(fmt.Sprint(tree), "Improved Defenses") {
		t.Fatalf("the second copy is not in the legal tree: %v", tree)
	}
	_, ev := apply(t, r, w, VM, "play 2", &fixed{v: []int{1, 1}})
	if !strings.Contains(evText(ev), "its defense is tripled") || !strings.Contains(evText(ev), "area 6 (Improved Defenses x3, at most 6)") {
		t.Fatalf("the second copy: %s", evText(ev))
	}
}

// Mines (the card: "chosen by their owner"; RULINGS S12): a VM whose
// standing damage order is "ask" names the units that withdraw; the
// default at a deadline is the weakest.
func TestCards_MinesWithdrawnUnitsChosenByTheVM(t *testing.T) {
	r, s := blank(t)
	s.Active, s.Turn = VM, 1
	put(s, 11, "88/29-1", "88/29-2", "209/154-1")
	put(s, 10, "BT3-9")
	m := cardNo(t, r, French, cMines)
	give(s, French, m)
	for _, o := range []string{"standing mines play", "standing bigeard never"} {
		s, _ = apply(t, r, s, French, o, &fixed{})
	}
	s, _ = apply(t, r, s, VM, "standing damage ask", &fixed{})
	w, ev := apply(t, r, s, VM, "assault 11 10 all", &fixed{v: []int{2}})
	if w.Ask == nil || w.Ask.Kind != "withdraw" || w.Ask.Measure != 2 || !r.Prompt(w).Awaits(VM) {
		t.Fatalf("the VM is not asked which units withdraw: %+v %s", w.Ask, evText(ev))
	}
	if p := r.Prompt(w); p.Default != "withdraw weakest" {
		t.Fatalf("default: %q", p.Default)
	}
	refused(t, r, w, VM, "withdraw 88/29-1", "exactly 2")
	refused(t, r, w, VM, "withdraw 88/29-1 BT3-9", "not one of the assaulting units")
	ns, ev := apply(t, r, w, VM, "withdraw 209/154-1 88/29-2", &fixed{v: []int{6, 6}})
	if !strings.Contains(evText(ev), "withdraw (209/154-1, 88/29-2)") || !ns.Units["209/154-1"].Spent || ns.Units["209/154-1"].Area != 11 {
		t.Fatalf("withdrawn: %s", evText(ev))
	}
	// by default (a deadline), the weakest
	ns, ev = apply(t, r, w, VM, "withdraw weakest", &fixed{v: []int{6, 6}})
	if !strings.Contains(evText(ev), "withdraw (88/29-1, 88/29-2)") {
		t.Fatalf("withdraw weakest: %s", evText(ev))
	}
	_ = ns
}

// 8.4 against Debouchez a Zero!: a VM whose standing damage order is
// "ask" allocates the damage to its assaulting units itself.
func TestCards_DebouchezDamageAllocatedByTheVMWhenAsked(t *testing.T) {
	r, s := blank(t)
	s.Active, s.Turn = VM, 1
	put(s, 11, "88/29-1", "88/29-2", "209/154-1")
	put(s, 10, "BT3-9")
	dz := cardNo(t, r, French, cDebouchez)
	give(s, French, dz)
	for _, o := range []string{"standing mines never", "standing debouchez play", "standing bigeard never"} {
		s, _ = apply(t, r, s, French, o, &fixed{})
	}
	s, _ = apply(t, r, s, VM, "standing damage ask", &fixed{})
	// 6 + 1+2 = 9 against 8: 1 damage point
	w, ev := apply(t, r, s, VM, "assault 11 10 all", &fixed{v: []int{1, 2}})
	if w.Ask == nil || w.Ask.Kind != "allocate" || w.Ask.Measure != 1 || !r.Prompt(w).Awaits(VM) {
		t.Fatalf("the VM is not asked to allocate Debouchez a Zero!'s damage: %+v %s", w.Ask, evText(ev))
	}
	refused(t, r, w, VM, "allocate BT3-9:1", "a hit unit")
	ns, ev := apply(t, r, w, VM, "allocate 209/154-1:1", &fixed{v: []int{1, 1}})
	// spread would have flipped the weakest, 88/29-1
	if !ns.Units["209/154-1"].Spent || !strings.Contains(evText(ev), "spent: 209/154-1") {
		t.Fatalf("the VM's allocation is not the one applied: %s", evText(ev))
	}
}

// Rats of the Nam Yum (the card: "chosen by the Viet Minh player";
// RULINGS S10): the VM names the units with the card, in order; the
// strongest of the rest follow.
func TestCards_RatsUnitsNamedByTheVM(t *testing.T) {
	r, s := blank(t)
	s.Active = VM
	put(s, 10, "BT3-9", "B1-1", "B1-2")
	rt := cardNo(t, r, VM, cRats)
	give(s, VM, rt)
	refused(t, r, s, VM, "play "+itoa(rt)+" at 10 D13-9", "not a fresh French unit in area 10")
	ns, ev := apply(t, r, s, VM, "play "+itoa(rt)+" at 10 BT3-9", &fixed{v: []int{2}})
	if !ns.Units["BT3-9"].Spent || ns.Units["B1-1"].Spent == ns.Units["B1-2"].Spent || !strings.Contains(evText(ev), "(BT3-9, ") {
		t.Fatalf("Rats with a unit named: %s", evText(ev))
	}
	// named none: the strongest
	ns, _ = apply(t, r, s, VM, "play "+itoa(rt)+" at 10", &fixed{v: []int{1}})
	if ns.Units["BT3-9"].Spent {
		t.Fatal("Rats by default spend the weakest")
	}
	if c := fmt.Sprint(r.Legal(s, VM)); !strings.Contains(c, "BT3-9") {
		t.Fatalf("the units are not in the legal tree")
	}
}
