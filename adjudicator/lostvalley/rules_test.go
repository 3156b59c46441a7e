package lostvalley

import (
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/cards"
)

// game is a campaign state at a step, for the tests below.
func game(t *testing.T) (*Rules, *State) {
	t.Helper()
	r := testRules(t)
	s0, err := r.Setup("campaign", nil)
	if err != nil {
		t.Fatal(err)
	}
	return r, s0.(*State)
}

// apply gives an order with scripted dice; it returns the new state and
// the narration, or fails.
func apply(t *testing.T, r *Rules, s *State, order string, vs ...int) (*State, string) {
	t.Helper()
	dc := &dice{t: t, vs: vs}
	ns, evs, err := r.Apply(s, French, order, dc)
	if err != nil {
		t.Fatalf("%q: %v", order, err)
	}
	dc.left(t)
	var txt []string
	for _, e := range evs {
		txt = append(txt, e.Text)
	}
	return ns.(*State), strings.Join(txt, "\n")
}

func refused(t *testing.T, r *Rules, s *State, order, want string) {
	t.Helper()
	before, _ := s.Encode()
	_, _, err := r.Apply(s, French, order, &dice{t: t})
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%q: %v, want a refusal saying %q", order, err, want)
	}
	if after, _ := s.Encode(); string(before) != string(after) {
		t.Fatalf("%q: a refusal changed the state", order)
	}
	for _, o := range adjudicator.Orders(r.Legal(s, French)) {
		if o == order {
			t.Fatalf("%q is refused but listed as legal", order)
		}
	}
}

// atEvents puts the game at turn's event phase with card drawn and the
// hand given.
func atEvents(s *State, turn, drawn int, hand ...int) {
	s.Pos.Turn = turn
	s.Paid = []string{"draw"}
	all := append([]int{drawn}, hand...)
	s.Cards = cards.NewStock()
	for n := 1; n <= 44; n++ {
		if !contains(intStrings(all), itoa(n)) {
			s.Cards.Deck.Add(n)
		}
	}
	s.Cards.Hand.Add(all...)
	s.Drawn, s.DrawnAP = drawn, 2
}

func itoa(n int) string { return intStrings([]int{n})[0] }

// 5.5: a drawn Reserve card is played or kept before the phase ends; one
// Reserve card from the hand a turn; 5.3: its condition must hold.
func TestRules_5_5_ReserveCards(t *testing.T) {
	r, s := game(t)
	atEvents(s, 6, 16, 6, 35)
	refused(t, r, s, "done", "card 16 is a Reserve card: play it or keep it first")
	refused(t, r, s, "reserve 35", "only on turns 8-16")
	s1, txt := apply(t, r, s, "play")
	if s1.Pos.CM != 20 || !strings.Contains(txt, `Event 16 "The Angel of Dien Bien Phu": CM +2`) {
		t.Fatalf("card 16: CM %d\n%s", s1.Pos.CM, txt)
	}
	s2, _ := apply(t, r, s1, "reserve 6")
	refused(t, r, s2, "reserve 35", "one Reserve card a turn: card 6 was played (5.5)")
	// 5.4, 6.2: the played one-time card 16 leaves the game.
	s3, txt := apply(t, r, s2, "done", 6, 6) // no ASP roll? turn 6: ASP 2d6
	_ = s3
	if !strings.Contains(txt, "Card 16 is a one-time event: removed from the game (5.4).") || !s3.Cards.Removed.Has(16) || !s3.Cards.Removed.Has(6) {
		t.Errorf("the one-time cards are not removed: %+v\n%s", s3.Cards, txt)
	}
}

// 6.1: the Reserve hand's limit (Table 1) is enforced at the end of the
// phase; discard brings it down.
func TestRules_6_1_HandLimit(t *testing.T) {
	r, s := game(t)
	atEvents(s, 3, 30, 6, 11, 24, 27) // 4 in hand, 12 CR: limit 3
	refused(t, r, s, "done", "the Reserve hand holds 4 cards, over its limit of 3 (Table 1: 12 French CR / 4 rounded up): discard N first (6.1)")
	s1, _ := apply(t, r, s, "discard 24")
	if s1.Cards.Hand.Has(24) || !s1.Cards.Discard.Has(24) {
		t.Fatal("discard did not move the card")
	}
	if _, txt := apply(t, r, s1, "done", 3, 3); !strings.Contains(txt, "Action Points this turn: 2") {
		t.Error(txt)
	}
}

// 6.2: a RESHUFFLE card goes back into the draw pile with the discard
// pile; 5.2: AP are the card's plus the one saved, at most 4.
func TestRules_6_2_ReshuffleAnd_5_2_APCap(t *testing.T) {
	r, s := game(t)
	atEvents(s, 3, 22)
	s.Cards.Deck.Take(9)
	s.Cards.Discard.Add(9)
	s.DrawnAP, s.Saved = 4, 1
	s1, txt := apply(t, r, s, "done", 3, 3)
	if !s1.Cards.Deck.Has(22) || !s1.Cards.Deck.Has(9) || len(s1.Cards.Discard) != 0 {
		t.Errorf("RESHUFFLE: %+v", s1.Cards)
	}
	if s1.AP != 4 || !strings.Contains(txt, "Action Points this turn: 4 (card 4, 1 saved; at most 4, 5.2)") {
		t.Errorf("AP %d\n%s", s1.AP, txt)
	}
}

// 7.2, RULING L2: SEAD before DAS; at most 4 ASP a mission type; a DAS
// hit costs the division a level.
func TestRules_7_2_SEADThenDAS(t *testing.T) {
	r, s := game(t)
	s.Pos.Turn, s.Step, s.ASP = 3, StepAir, 5
	s.Pos.Divs[312].Strength = 12
	s1, txt := apply(t, r, s, "das 312 2", 4, 3) // 7 -1 (AAA 5) +2 = 8
	if s1.Pos.Divs[312].Strength != 11 || !strings.Contains(txt, "dice 4+3-1 VM AAA +2 ASP = 8: strength down to 11") {
		t.Fatalf("DAS: %d\n%s", s1.Pos.Divs[312].Strength, txt)
	}
	refused(t, r, s1, "sead 1", "SEAD is flown once, before DAS (7.2.2, RULING L2)")
	refused(t, r, s1, "das 308 3", "das 308 N with N from 1 to 2")
	refused(t, r, s1, "das 312 1", "division 312 was struck by DAS this turn")
}

// 7.2.1, 7.2.2, RULING L16: the VM AAA DRM (negative) counts against SEAD
// and DAS: heavy flak makes them harder, never easier.
func TestRules_7_2_FlakHindersSEADAndDAS(t *testing.T) {
	r, s := game(t)
	s.Pos.Turn, s.Step, s.ASP, s.Pos.AAA = 3, StepAir, 5, 11 // AAA 11: -3 (2.2.8.3)
	s1, txt := apply(t, r, s, "sead 2", 4, 3)                // 7 -3 +2 = 6: a miss
	if s1.Pos.AAA != 11 || !strings.Contains(txt, "dice 4+3-3 VM AAA +2 ASP = 6: no effect") {
		t.Fatalf("SEAD under heavy flak: AAA %d\n%s", s1.Pos.AAA, txt)
	}
	s.Pos.AAA = 1                             // AAA 1: 0
	s2, txt := apply(t, r, s, "sead 2", 4, 3) // 7 +0 +2 = 9: a hit
	if s2.Pos.AAA != 1 || !strings.Contains(txt, "= 9: VM AAA down to 1") {
		t.Fatalf("SEAD under light flak: AAA %d\n%s", s2.Pos.AAA, txt)
	}
}

// 14.1: moving costs 1 AP once; infantry two CR; 14.2: a unit leaving
// Isabelle stops at the first CR, one entering it starts next to it;
// artillery cannot move while a division is active.
func TestRules_14_Movement(t *testing.T) {
	r, s := game(t)
	s.Pos.Turn, s.AP = 3, 1
	t1 := &turn{r: r, s: s}
	t1.movePhase()
	s1, txt := apply(t, r, s, "move II/1RTA Cla")
	if s1.AP != 0 || !strings.Contains(txt, "1 AP spent for the movement phase (14.1).") {
		t.Fatalf("AP %d\n%s", s1.AP, txt)
	}
	refused(t, r, s1, "move II/1RTA Hu", "II/1RTA cannot move now")
	s2, _ := apply(t, r, s1, "move I/13DBLE Hu")
	s3, _ := apply(t, r, s2, "move I/13DBLE PC")
	refused(t, r, s3, "move I/13DBLE Jun", "I/13DBLE cannot move now (used, at its limit of 2 CR")
	refused(t, r, s3, "move II/4RAC Epe", "II/4RAC cannot move now")
	// 14.2: a unit that moved into Claudine this phase does not go on to
	// Isabelle.
	s3, _ = apply(t, r, s3, "move 8BPC Hu")
	s3, _ = apply(t, r, s3, "move 8BPC Cla")
	refused(t, r, s3, "move 8BPC Isa", "8BPC cannot move now")

	// 14.3: Epervier was left empty: CM -1, No Man's Land.
	s4, txt := apply(t, r, s3, "done")
	if !s4.Pos.CRs["Epe"].NoMansLand || s4.Pos.CM != 17 || !strings.Contains(txt, "Epervier & Opéra is evacuated without a fight: No Man's Land, CM -1 (14.3).") {
		t.Errorf("withdrawal: %+v CM %d\n%s", s4.Pos.CRs["Epe"], s4.Pos.CM, txt)
	}
	// The same, without AP: refused.
	r2, s5 := game(t)
	(&turn{r: r2, s: s5}).movePhase()
	refused(t, r2, s5, "move II/1RTA Cla", "moving costs 1 AP this turn and none is left (14.1)")
}

// 14.3 and RULING L13: PC GONO keeps an infantry unit at the end of the
// movement phase.
func TestRules_14_3_PCGONOKeepsItsInfantry(t *testing.T) {
	r, s := game(t)
	s.AP = 1
	(&turn{r: r, s: s}).movePhase()
	s1, _ := apply(t, r, s, "move 1BEP Hu")
	refused(t, r, s1, "move 31BG Jun", "31BG is PC GONO's last infantry unit: it stays (14.3")
	s2, _ := apply(t, r, s1, "move I/2REI PC")
	s3, _ := apply(t, r, s2, "move 31BG Jun")
	apply(t, r, s3, "done")
}

// 15.0-15.1.7: a French assault retakes a CR on an R, the attackers may
// occupy it, and its stars and icons come back.
func TestRules_15_FrenchAssaultRetakesACR(t *testing.T) {
	r, s := game(t)
	s.Pos.Turn, s.Step, s.AP = 3, StepAssault, 1
	c := s.Pos.CRs["Bea"]
	c.VM, c.Fort, c.LostTo = 312, 1, 312
	s.Pos.CM = 17
	s.Pos.Divs[312].Strength = 9
	s.Pos.Units["III/13 DBLE"].At = "remnants"
	s1, _ := apply(t, r, s, "attack Bea")
	refused(t, r, s1, "with 1BEP", "with <unit>: an active infantry unit")
	s2, _ := apply(t, r, s1, "with III/3RTA")
	// SITREP +1, III/3 RTA assault +1, -9 strength, -1 = -8; dice 6+6 = 4:
	// Table 10 -2/-2; 10.1 die 6-2 = 4: 1 step, Dis? (morale 2d6 4+4);
	// 10.2 die 6-2 = 4: 1 level and R.
	s3, txt := apply(t, r, s2, "launch", 6, 6, 6, 4, 4, 6)
	if s3.Step != StepExploit || s3.Pos.CRs["Bea"].VM != 0 || !strings.Contains(txt, "Béatrice is retaken from division 312") {
		t.Fatalf("no R:\n%s", txt)
	}
	s4, _ := apply(t, r, s3, "occupy III/3RTA")
	s5, txt := apply(t, r, s4, "done")
	if !s5.Pos.French("Bea") || s5.Pos.CM != 18 || s5.Pos.Divs[312].Strength != 7 || !strings.Contains(txt, "Béatrice is French again: CM +1 (stars), 312 strength -1 (artillery icon) (15.1.6).") {
		t.Errorf("exploitation: French %v CM %d 312 %d\n%s", s5.Pos.French("Bea"), s5.Pos.CM, s5.Pos.Divs[312].Strength, txt)
	}
}

// 17.2: the end of the last turn gives the victory level from the VP.
func TestRules_17_2_TheLastTurnEndsWithALevel(t *testing.T) {
	r, s := game(t)
	s.Pos.Turn, s.Step = 16, StepOps
	s1, txt := apply(t, r, s, "done")
	p := r.Prompt(s1)
	if !p.Over || s1.Level != "Operational Victory" || !strings.Contains(p.Result.Reason, "12 CR held, 11 full-strength") || p.Result.Winner != French {
		t.Errorf("%+v %s\n%s", p, s1.Level, txt)
	}
	if len(r.Legal(s1, French)) != 0 {
		t.Error("a finished game has legal orders")
	}
}

// 20.2, played through the orders: 308 (strength 10) assaults Huguette;
// the player commits 1 CMMLE and II/4 RAC (1 AP and 1 RP, 12.3.5.1) and
// 1 ASP; the rolls of the example give its results: +2 net, Table 9's
// +1/+1, '1R?*', I/2 REI loses the step, CSM 272 fails and retreats
// where the player says, II/4 RAC is disrupted, the GAACEO re-roll is
// asked after the die is seen and 308 falls to 8.
func TestRules_20_2_VMAssaultExampleThroughTheOrders(t *testing.T) {
	r, s := game(t)
	p := s.Pos
	p.Turn = 3
	p.CRs["An"].VM = 308
	p.Units["3 BT"].At = "remnants"
	p.Units["5 BPVN"].At = "Hu"
	p.Divs[308].Strength = 10
	s.Step, s.AP, s.ASP = StepDefend, 1, 1
	s.Fight = &Fight{Div: 308, CR: "Hu", Stage: "prepare", Rerollable: true}
	if p.SITREP(r.d) != 1 {
		t.Fatalf("SITREP %d", p.SITREP(r.d))
	}
	s1, txt := apply(t, r, s, "arty 1CMMLE")
	if s1.AP != 0 || s1.Pos.RP != 21 || !strings.Contains(txt, "1 AP and 1 RP spent") {
		t.Fatalf("12.3.5.1's cost: AP %d RP %d\n%s", s1.AP, s1.Pos.RP, txt)
	}
	s2, _ := apply(t, r, s1, "arty II/4RAC")
	if s2.Pos.RP != 21 {
		t.Error("the second gun paid again")
	}
	refused(t, r, s2, "cas 2", "cas N with N from 1 to 1")
	s3, _ := apply(t, r, s2, "cas 1")
	// Table 9: 3+4; 9.1: 2; counter-battery: 1 CMMLE 2+3, II/4 RAC 1+2;
	// R?: 5 BPVN 2+3, CSM 272 3+4, I/2 REI 3+4.
	s4, txt := apply(t, r, s3, "resolve", 3, 4, 2, 2, 3, 1, 2, 2, 3, 3, 4, 3, 4)
	for _, want := range []string{
		"Division 308 assaults Huguette (12.3.5.2): dice 3+4, DRM +1 SITREP +5 defenders +1 CAS +2 artillery +3 fortifications -10 strength = 9: French casualties +1, VM casualties +1 (Table 9).",
		"French casualties: die 2+1 = 3: 1 step(s) R? * (Table 9.1).",
		"Step loss: I/2 REI is reduced.",
		"II/4 RAC is disrupted by VM counter-battery fire.",
		"Morale check CSM 272: dice 3+4-1 morale+1 SITREP = 7: failed.",
		"CSM 272 must retreat: to Fra, Epe, PC, Cla (retreat <unit> <CR>).",
	} {
		if !strings.Contains(txt, want) {
			t.Fatalf("no %q in:\n%s", want, txt)
		}
	}
	if s4.Step != StepRetreat {
		t.Fatalf("step %s", s4.Step)
	}
	s5, txt := apply(t, r, s4, "retreat CSM272 Fra", 1)
	if s5.Step != StepReroll || !strings.Contains(txt, "VM casualties die: 1+1.") || r.Prompt(s5).Decision != "the VM casualties die is 1: reroll or accept" {
		t.Fatalf("the re-roll is not asked after the die: %s\n%s", r.Prompt(s5).Decision, txt)
	}
	s6, txt := apply(t, r, s5, "reroll", 3)
	if s6.Pos.Divs[308].Strength != 8 || !s6.Pos.French("Hu") || !strings.Contains(txt, "VM casualties: division 308 loses 2 (strength now 8).") {
		t.Fatalf("308 at %d\n%s", s6.Pos.Divs[308].Strength, txt)
	}
	if s6.Pos.Units["CSM 272"].At != "Fra" || !s6.Pos.Units["II/4 RAC"].Disrupted || !s6.Pos.Units["1 CMMLE"].Used || s6.Pos.Units["I/2 REI"].Steps != 1 {
		t.Errorf("units after 20.2: %+v %+v %+v", s6.Pos.Units["CSM 272"], s6.Pos.Units["II/4 RAC"], s6.Pos.Units["1 CMMLE"])
	}
}

// Card 13 (12.2): every sapping target is sapped a second time this
// turn; card 5 (11.1): no VM assault, and the divisions count as not
// having assaulted, so they gain next turn; both modifiers end with the
// turn (5.1).
func TestRules_Cards13And5_ThroughTheModifierRegistry(t *testing.T) {
	r, s := game(t)
	atEvents(s, 3, 13, 5)
	s.Pos.CRs["Ga"].VM = 308
	s.Pos.Units["V/7 RTA"].At = "remnants"
	(&turn{r: r, s: s}).playCard(r.d.Card(13)) // as draw does
	s1, txt := apply(t, r, s, "reserve 5")
	if !strings.Contains(txt, "no VM assault this turn") || !s1.Pos.Mods.Has("no_vm_assault") || !s1.Pos.Mods.Has("sapping_again") {
		t.Fatalf("the modifiers: %+v\n%s", s1.Pos.Mods, txt)
	}
	dc := adjudicator.NewStream([]byte("cards 13 and 5"), 0)
	var all strings.Builder
	var st adjudicator.State = s1
	for st.(*State).Pos.Turn == 3 {
		os := adjudicator.Orders(adjudicator.WithoutStanding(r.Legal(st, French)))
		o := "done"
		if !contains(os, "done") {
			o = os[len(os)-1]
		}
		ns, evs, err := r.Apply(st, French, o, dc)
		if err != nil {
			t.Fatalf("%q: %v", o, err)
		}
		for _, e := range evs {
			all.WriteString(e.Text + "\n")
		}
		st = ns
	}
	out := all.String()
	if n := strings.Count(out, "Division 308 saps Anne-Marie"); n != 2 {
		t.Errorf("card 13: Anne-Marie sapped %d times\n%s", n, out)
	}
	if !strings.Contains(out, "No VM assault this turn: card 5 (A Lull in the Battle).") || strings.Contains(out, "(12.3.4)") {
		t.Errorf("card 5:\n%s", out)
	}
	s5 := st.(*State)
	if s5.Pos.Mods.Has("no_vm_assault") || s5.Pos.Mods.Has("sapping_again") || s5.Pos.Divs[308].AssaultedLast || s5.Pos.AnyAssaultLast {
		t.Errorf("the turn's modifiers or assaults outlived it: %+v", s5.Pos.Mods)
	}
}

// 16.0-16.3: one AP opens the phase; fortifications only behind the
// front line, once a CR, for 1 RP; a raid from a front-line CR rolls on
// Table 11 against the division whose starting box is closest (L12); a
// damaged airstrip is repaired on 5 or more, with 1 RP for +1.
func TestRules_16_RaidsFortificationsRepairs(t *testing.T) {
	r, s := game(t)
	s.Pos.Turn, s.Step, s.AP = 3, StepOps, 1
	s.Pos.CRs["An"].VM = 308
	s.Pos.Divs[308].Strength = 10
	s.Pos.Units["3 BT"].At = "remnants"
	s.Pos.Airstrip = "damaged"
	s.Pos.Mods = s.Pos.Mods.airstripMods("damaged")
	refused(t, r, s, "fort Cla", "fort <CR>: a French CR behind the front line") // 304's start box touches Claudine
	s1, txt := apply(t, r, s, "fort Jun")
	if s1.AP != 0 || s1.Pos.RP != 21 || s1.Pos.CRs["Jun"].Fort != 3 || !strings.Contains(txt, "1 AP spent for raids and repairs (16.0).") {
		t.Fatalf("fort: AP %d RP %d fort %d\n%s", s1.AP, s1.Pos.RP, s1.Pos.CRs["Jun"].Fort, txt)
	}
	refused(t, r, s1, "fort Jun", "not yet improved this turn")
	s2, txt := apply(t, r, s1, "raid Hu")
	if !strings.Contains(txt, "against division 308") {
		t.Fatalf("the raid's division:\n%s", txt)
	}
	refused(t, r, s2, "launch", "a raid needs infantry")
	s3, _ := apply(t, r, s2, "with I/2REI")
	// 2d6 6+5 +1 SITREP +3 morale -10 strength = 5: +1 level, Dis? (I/2
	// REI: 4+4+3+1 = 12, passes).
	s4, txt := apply(t, r, s3, "launch", 6, 5, 4, 4)
	if s4.Pos.CRs["Hu"].Fort != 4 || !s4.Pos.Units["I/2 REI"].Used || s4.Pos.Units["I/2 REI"].Disrupted || !strings.Contains(txt, "= 5: fortifications 3 -> 4") {
		t.Fatalf("the raid:\n%s", txt)
	}
	refused(t, r, s4, "raid Hu", "raid <CR>: a French CR on the front line not raided this turn")
	// 16.3: die 3 +1 SITREP +1 RP = 5: repaired.
	s5, txt := apply(t, r, s4, "repair rp", 3)
	if s5.Pos.Airstrip != "active" || s5.Pos.RP != 20 || !strings.Contains(txt, "Airstrip repair (16.3): die 3+1 SITREP +1 RP = 5: repaired.") {
		t.Fatalf("repair: %s RP %d\n%s", s5.Pos.Airstrip, s5.Pos.RP, txt)
	}
	if n, _ := s5.Pos.Mods.DRM("rp"); n != 0 {
		t.Errorf("the damaged airstrip's -2 outlived the repair: %d", n)
	}
}

// 13.1: reinforcements due must land (at a French drop zone or
// Huguette); a unit still in a drop zone at the end of the turn is
// eliminated.
func TestRules_13_1_Reinforcements(t *testing.T) {
	r, s := game(t)
	s.Pos.Turn = 2
	(&turn{r: r, s: s}).reinforcePhase()
	if s.Step != StepReinforce {
		t.Fatalf("step %s", s.Step)
	}
	refused(t, r, s, "done", "reinforcements must land: 5BPVN, 6BPC")
	refused(t, r, s, "drop 5BPVN Cla", "5BPVN may land at Natasha, Octavie, Simone, Hu")
	s1, _ := apply(t, r, s, "drop 5BPVN Natasha")
	s2, _ := apply(t, r, s1, "drop 6BPC Hu")
	s3, _ := apply(t, r, s2, "done")
	if s3.Step != StepMove {
		t.Fatalf("step %s", s3.Step)
	}
	for s3.Step != StepOps {
		s3, _ = apply(t, r, s3, "done")
	}
	var st adjudicator.State
	st, _, err := r.Apply(s3, French, "done", adjudicator.NewStream([]byte("13.1"), 0))
	if err != nil {
		t.Fatal(err)
	}
	s4 := st.(*State)
	if s4.Pos.Units["5 BPVN"].At != "remnants" || s4.Pos.Units["6 BPC"].At != "Hu" {
		t.Errorf("13.1: 5 BPVN at %s (left in the drop zone: eliminated), 6 BPC at %s", s4.Pos.Units["5 BPVN"].At, s4.Pos.Units["6 BPC"].At)
	}
}

// Standing orders (issue 28 item 2): set in advance, they answer a VM
// assault's support and re-roll questions without a prompt; "ask" brings
// the prompts back; a bad value is refused.
func TestRules_StandingOrdersAnswerTheAssaultQuestions(t *testing.T) {
	r, s := game(t)
	p := s.Pos
	p.Turn = 3
	p.CRs["An"].VM = 308
	p.Units["3 BT"].At = "remnants"
	s.Step, s.AP, s.ASP = StepDefend, 1, 1
	s.Fight = &Fight{Div: 308, CR: "Hu", Stage: "prepare", Rerollable: true}
	refused(t, r, s, "standing reroll maybe", "standing reroll is ask, never, always or a number")
	s1, _ := apply(t, r, s, "standing reroll never")
	if s1.Step != StepDefend || s1.Standing["reroll"] != "never" {
		t.Fatalf("a standing reroll answered the support question: %s", s1.Step)
	}
	ns, evs, err := r.Apply(s1, French, "standing defend support", adjudicator.NewStream([]byte("standing"), 0))
	if err != nil {
		t.Fatal(err)
	}
	s2 := ns.(*State)
	txt := evs[0].Text
	if s2.Step == StepDefend || s2.Step == StepReroll || !strings.Contains(txt, "1 ASP fly Close Air Support over Huguette") ||
		!strings.Contains(txt, "II/4 RAC supports Huguette") || !strings.Contains(txt, "Standing order (defend support): the assault on Huguette is resolved.") {
		t.Fatalf("step %s\n%s", s2.Step, txt)
	}
	if s2.Fight == nil || s2.Fight.CR != "Hu" {
		if !strings.Contains(txt, "Standing order (reroll never): the VM casualties die stands.") {
			t.Errorf("the re-roll was not answered by the standing order:\n%s", txt)
		}
	}
	s3, _ := apply(t, r, s2, "standing defend ask")
	if _, ok := s3.Standing["defend"]; ok {
		t.Error("ask did not clear the standing order")
	}
}
