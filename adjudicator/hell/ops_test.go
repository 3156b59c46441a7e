package hell

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// opsState: the VM has chosen to assault in week 1: round 1, VM half,
// operational movement.
func opsState(t *testing.T) *State {
	t.Helper()
	s := advance(t, start(t, "full-battle"), PhaseVMDecide)
	s = mustApply(t, s, VM, "assault")
	if s.Phase != PhaseOperations || s.Step != StepMove || s.Half != VM {
		t.Fatalf("%s %s %s", s.Phase, s.Step, s.Half)
	}
	return s
}

// impulse puts the state at a step of impulse 1 of the current half.
func impulse(s *State, step string) *State {
	s = s.clone()
	s.Impulse, s.Step, s.Fired, s.Hit, s.Moved = 1, step, map[string]bool{}, map[string]bool{}, nil
	return s
}

// 4.1: paratroops drop only in a week the VM assaults, within the CR/PAs
// Lost Table's limit, on French PAs of the CRC or Isabelle.
func TestOps_4_1_ParatroopDrops(t *testing.T) {
	s := opsState(t)
	s = s.clone()
	s.Step, s.Dropped = StepDrop, 0
	var para []string
	for _, f := range testRules.d.Forces.French {
		if f.Para && s.French[f.ID].Loc == LocLater {
			para = append(para, f.ID)
		}
	}
	if len(para) < 2 {
		t.Skip("not enough scheduled paratroops")
	}
	for _, id := range para {
		s.French[id].Loc = LocPool
	}
	mustRefuse(t, s, French, "drop "+para[0]+" N", "drop on a French PA of the CRC or Isabelle")
	mustRefuse(t, s, French, "drop "+para[0]+" G1", "drop on a French PA of the CRC or Isabelle")
	x := mustApply(t, s, French, "drop "+para[0]+" I1")
	if x.French[para[0]].Loc != "I1" || x.Dropped != 1 {
		t.Fatal("drop not applied")
	}
	x = x.clone()
	x.Dropped = testRules.maxDrops(x)
	mustRefuse(t, x, French, "drop "+para[1]+" H3", "companies may drop this round")
	// A week France operates has no drops (3.2).
	y := s.clone()
	y.Acting = French
	if testRules.canDropAny(y) {
		t.Fatal("drops offered in a week without a VM attack")
	}
}

// 4.2.1: VM operational movement: one jungle zone, or two zones or PAs,
// through trenched zones, jungle zones and captured PAs only.
func TestOps_4_2_1_VMOperationalMovement(t *testing.T) {
	s := opsState(t)
	bn := firstVMAt(s, "JZ1", false)
	reach := testRules.vmOpReach(s, "JZ1")
	if !reach["A"] || !reach["JZ2"] {
		t.Fatalf("JZ1 should reach A and JZ2: %v", reach)
	}
	if reach["N"] {
		t.Fatal("an untrenched zone is never entered (4.2.3)")
	}
	// L lies beside JZ2 only: a jungle step is the whole move (JZ1 → JZ2),
	// and by land it is three zones away (C, E, L).
	if reach["L"] {
		t.Fatal("L reached: a jungle zone ends the move")
	}
	mustRefuse(t, s, VM, "move "+bn+" N", "operational movement is one jungle zone")
	x, ev := applyEv(t, s, VM, "move "+bn+" A")
	if x.VM[bn].Loc != "A" {
		t.Fatal("move not applied")
	}
	for _, e := range ev {
		if e.Audience.All && strings.Contains(e.Text, bn) {
			t.Fatalf("public event names a hidden battalion: %s", e.Text)
		}
	}
}

// 4.2.2: French operational movement from PA to PA through French PAs,
// inside the CRC or its peripheral CR; an encircled PA only as the last.
func TestOps_4_2_2_FrenchOperationalMovement(t *testing.T) {
	s := opsState(t)
	s = mustApply(t, s, VM, "done")
	s = mustApply(t, s, VM, "pass")
	if s.Half != French || s.Step != StepMove {
		t.Fatalf("%s %s", s.Half, s.Step)
	}
	u := s.frenchAt("H3")[0]
	reach := testRules.frenchOpReach(s, "H3")
	if !reach["EP1"] || reach["G1"] || reach["B1"] {
		t.Fatalf("H3 reach: %v", reach)
	}
	x := ref(t, s, "override control H4 vm")
	for _, id := range x.frenchAt("H4") {
		x = ref(t, x, "override unit "+id+" at H5")
	}
	if testRules.frenchOpReach(x, "H3")["H4"] {
		t.Fatal("a captured PA is never entered")
	}
	s = mustApply(t, s, French, "move "+u+" EP1")
	if s.French[u].Loc != "EP1" {
		t.Fatal("move not applied")
	}
	mustRefuse(t, s, French, "move "+u+" H3", "already moved")
}

// 6.1: reconnaissance: 1 fails; 2-4 reveals (dummies alone go to a jungle
// zone and a level-3 trench drops to 2); 5-6 also costs France a step.
func TestOps_6_1_Reconnaissance(t *testing.T) {
	s := opsState(t)
	s = mustApply(t, s, VM, "done")
	s = mustApply(t, s, VM, "pass")
	s = mustApply(t, s, French, "done")
	if s.Step != StepDecide || s.Half != French {
		t.Fatalf("%s %s", s.Step, s.Half)
	}
	mustRefuse(t, s, French, "recon JZ1", "peripheral zones")
	fd := fixedDice{1}
	x := mustApply(t, s, French, "recon C", &fd)
	for _, id := range x.vmAt("C") {
		if x.VM[id].Revealed {
			t.Fatal("a failed recon revealed a unit")
		}
	}
	mustRefuse(t, x, French, "recon C", "already reconnoitred")
	fd = fixedDice{3}
	x, ev := applyEv2(t, s, French, "recon C", &fd)
	for _, id := range x.vmAt("C") {
		if !x.VM[id].Dummy && !x.VM[id].Revealed {
			t.Fatalf("%s not revealed", id)
		}
	}
	if !reveals(ev) {
		t.Fatal("the reveal is not flagged")
	}
	// Only dummies: they leave for a jungle zone, level 3 drops to 2.
	y := s.clone()
	for _, id := range y.vmAt("N") {
		y.VM[id].Loc = "JZ1"
	}
	y.VM["DUMMY1"].Loc = "N"
	y.Trench["N"] = 3
	fd = fixedDice{4}
	y = mustApply(t, y, French, "recon N", &fd)
	if y.VM["DUMMY1"].Loc == "N" || y.Trench["N"] != 2 {
		t.Fatalf("dummy at %s, trench %d", y.VM["DUMMY1"].Loc, y.Trench["N"])
	}
	// 5-6: a step from the replacement points.
	rp := s.Replacements
	fd = fixedDice{6}
	z := mustApply(t, s, French, "recon C", &fd)
	if z.Replacements != rp-1 {
		t.Fatal("the 5-6 recon loss was not taken")
	}
}

func applyEv2(t *testing.T, s *State, side, order string, d adjudicator.Dice) (*State, []adjudicator.Event) {
	t.Helper()
	ns, ev, err := testRules.Apply(s, adjudicator.Side(side), order, d)
	if err != nil {
		t.Fatal(err)
	}
	return ns.(*State), ev
}

// 5.7: an organized attacker facing an empty enemy PA occupies it at the
// end of the assault; a VM unit in a contested CR may withdraw to a jungle
// zone or a level-3 trench.
func TestOps_5_7_EndOfAssault(t *testing.T) {
	s := impulse(opsState(t), StepConsolidate)
	bn := firstVMAt(s, "E", false)
	s.VM[bn].Loc, s.VM[bn].Engaged, s.VM[bn].Revealed = "E>B1", true, true
	for _, id := range s.frenchAt("B1") {
		s.French[id].Loc = "B2"
	}
	mustRefuse(t, s, VM, "occupy "+bn+" B3", "cannot occupy")
	x := mustApply(t, s, VM, "occupy "+bn+" B1")
	if !x.Captured["B1"] || x.VM[bn].Loc != "B1" {
		t.Fatal("B1 not occupied")
	}
	// B1 (VM) and B2 (France) are in the same CR: both may withdraw.
	mustRefuse(t, x, VM, "withdraw "+bn+" JZ2", "already moved")
	y := x.clone()
	y.Moved = nil
	mustRefuse(t, y, VM, "withdraw "+bn+" N", "cannot withdraw")
	y = mustApply(t, y, VM, "withdraw "+bn+" JZ2")
	if y.VM[bn].Loc != "JZ2" {
		t.Fatal("withdrawal not applied")
	}
	// France withdraws to the CRC only by a road of untrenched zones:
	// every zone around Beatrice is trenched, so the step is skipped ...
	z := mustApply(t, x, VM, "done")
	if z.Half != French || z.Step != StepMove {
		t.Fatalf("after the assault: %s %s", z.Half, z.Step)
	}
	if z.VM[bn].Revealed || z.VM[bn].Engaged {
		t.Fatal("5.7: VM battalions turn face down at the end")
	}
	// ... unless K's trench is gone: then B2's units may reach the CRC.
	x.Trench["K"] = 0
	w := mustApply(t, x, VM, "done")
	if w.Step != StepWithdraw || testRules.Prompt(w).Awaiting[0] != French {
		t.Fatalf("step %s", w.Step)
	}
	u := w.frenchAt("B2")[0]
	mustRefuse(t, w, French, "withdraw "+u+" G1", "cannot withdraw")
	w = mustApply(t, w, French, "withdraw "+u+" H3")
	if w.French[u].Loc != "H3" {
		t.Fatal("French withdrawal not applied")
	}
}

// 4: the week's rounds end early when both players agree.
func TestOps_4_FewerRoundsByAgreement(t *testing.T) {
	s := opsState(t)
	s, ev := applyEv(t, s, VM, "end-week")
	if s.EndOffer != VM || !anyText(ev, "offers to end") {
		t.Fatal("offer not recorded")
	}
	mustRefuse(t, s, VM, "end-week", "already offered")
	s = mustApply(t, s, VM, "done")
	s = mustApply(t, s, VM, "pass")
	turn := s.Turn
	s, ev = applyEv(t, s, French, "end-week")
	// The week is over; after a week of assault there is no siege fire
	// (ruling H47): attrition, then the next turn.
	if s.Phase == PhaseOperations || s.Phase == PhaseVMSiege || !anyText(ev, "No siege fire after a week of VM assault") {
		t.Fatalf("phase %s, turn %d (from %d): the week should be over", s.Phase, s.Turn, turn)
	}
}

// 1.5: from 50 VM step losses, no more VM assaults after the impulse, for
// the rest of the turn.
func TestOps_1_5_FiftyLosses(t *testing.T) {
	s := impulse(opsState(t), StepBombard)
	s.VMLosses = 49
	ev := &events{}
	testRules.addVMLosses(s, 1, ev)
	if s.NoAssault != s.Turn || !anyText(ev.list, "no more VM assaults") {
		t.Fatal("the 50 threshold was not applied at once")
	}
	s.Step = StepNext
	s.Half = VM
	x := s.clone()
	testRules.flow(x, dice(), &events{})
	if x.Half == VM && x.Step == StepNext {
		t.Fatal("the assault must end after the impulse: no choice to continue")
	}
	y := s.clone()
	y.Step, y.Impulse = StepDecide, 0
	mustRefuse(t, y, VM, "assault", "50 VM step losses")
}

// Standing orders are private: the other side and the public never see
// them, in events or views.
func TestOps_StandingOrdersPrivate(t *testing.T) {
	s := start(t, "full-battle")
	x, ev := applyEv(t, s, VM, "standing losses fewest")
	for _, e := range ev {
		if e.Audience.All || e.Audience.Side != VM {
			t.Fatalf("standing order event to %v", e.Audience)
		}
	}
	if frenchSees(t, x) != frenchSees(t, s) {
		t.Fatal("France can see the VM's standing orders")
	}
	mustRefuse(t, s, VM, "standing losses sometimes", "standing orders are")
}

// 5.5: the VM's tank option costs France one tank step at most per phase:
// a second favourable critical hit in the same impulse doubles instead.
func TestHandToHand_5_5_TankOptionOncePerPhase(t *testing.T) {
	s := melee(t)
	s.VMLosses = 10
	putV(s, "N>H6", bn88...)
	putF(s, "H6", "TK-1", "1/2REI-1")
	s.Fired["crit-tank"] = true // the option was used earlier this impulse
	s, ev := roll(t, s, VM, "attack H6 crit tank", 1, 6)
	has(t, ev, "DD doubled")
	if s.French["TK-1"].Steps != 2 {
		t.Fatal("a second tank step by the option in one phase")
	}
}

// hasOrders, the shortcut behind skipping steps, agrees with the full legal
// tree at every operational step of fighting games.
func TestOps_HasOrdersAgreesWithLegal(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	checked := 0
	for g := 0; g < games; g++ {
		gm, _, err := adjudicator.New(testRules, adjudicator.Record{ID: "h", Scenario: []string{"initial-assault", "five-hills"}[g%2], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := newRand(uint64(g))
		for n := 0; n < 3000 && !gm.Prompt().Over; n++ {
			s := gm.State.(*State)
			side := string(gm.Prompt().Awaiting[0])
			if s.Phase == PhaseOperations && len(s.Hits) == 0 && s.Step != StepMove && s.Step != StepDecide {
				tree := testRules.opLegal(s, side)
				full := !(len(tree) == 1 && tree[0].Word == "done")
				if got := testRules.hasOrders(s, side); got != full {
					t.Fatalf("game %d step %s (%s): hasOrders %v, legal tree %v", g, s.Step, side, got, adjudicator.Orders(tree))
				}
				checked++
			}
			st, err := gm.Orders("x", adjudicator.Side(side), []string{adjudicator.PreferAction(r, adjudicator.Side(side), testRules.Legal(gm.State, adjudicator.Side(side)))}, "", time.Unix(0, 0))
			if err != nil {
				t.Fatal(err)
			}
			gm.Commit(st)
		}
	}
	t.Logf("%d steps checked", checked)
}

// Moderator overrides place units anywhere a unit can stand, assault bases
// included, and refuse other places with the reason.
func TestOverride_UnitPlaces(t *testing.T) {
	s := start(t, "full-battle")
	bn := firstVMAt(s, "E", false)
	x := ref(t, s, "override unit "+bn+" at E>B1")
	if x.VM[bn].Loc != "E>B1" {
		t.Fatalf("at %s", x.VM[bn].Loc)
	}
	x = ref(t, s, "override unit "+bn+" at track")
	if x.VM[bn].Loc != LocTrack {
		t.Fatal("track")
	}
	mustRefuse(t, s, string(adjudicator.Referee), "override unit "+bn+" at pool", "or out or track")
	mustRefuse(t, s, string(adjudicator.Referee), "override unit 1/2REI-1 at track", "or out or pool")
}

// 2, 3.2, 4.1 (issue 17): a VM that passes the week cannot assault in it;
// its half has movement only, and its decision, having one answer that
// everyone knows, is taken at once. In a week the VM assaults, France's
// drops come in every round whoever else operates (TestOps_4_1).
func TestOps_2_VMThatPassedCannotAssault(t *testing.T) {
	s := advance(t, start(t, "full-battle"), PhaseVMDecide)
	s = mustApply(t, s, VM, "pass")
	s = mustApply(t, s, French, "operate")
	if s.Acting != French || s.Half != VM || s.Step != StepMove {
		t.Fatalf("acting %q, %s half, step %s", s.Acting, s.Half, s.Step)
	}
	ns, ev := applyEv2(t, s, VM, "done", dice())
	if ns.Half != French || ns.Step != StepMove {
		t.Fatalf("after the VM's movement: %s half, step %s; want the French half", ns.Half, ns.Step)
	}
	has(t, evText(ev), "no VM assault in round 1 (the Viet Minh did not decide to assault this week, 2)")
	// Even put at the decision, the VM is refused and offered only pass.
	x := s.clone()
	x.Step = StepDecide
	mustRefuse(t, x, VM, "assault", "did not decide to assault this week (2)")
	if got := legal(x, VM); slices.Contains(got, "assault") || !slices.Contains(got, "pass") {
		t.Fatalf("legal VM decisions in France's week: %v", got)
	}
}

func evText(ev []adjudicator.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

// 2, 8 (issue 17, ruling H47): siege fire is spent only after a week of
// siege; after a week of assault it is refused and not offered.
func TestRule_8_SiegeFireOnlyInASiegeWeek(t *testing.T) {
	s := advance(t, start(t, "full-battle"), PhaseVMSiege)
	if s.Acting != "" {
		t.Fatalf("a quiet week: acting %q", s.Acting)
	}
	mustApply(t, s, VM, "siege 1 crc")
	x := s.clone()
	x.Acting = VM
	mustRefuse(t, x, VM, "siege 1 crc", "week of siege")
	for _, o := range legal(x, VM) {
		if strings.HasPrefix(o, "siege") {
			t.Fatalf("offered %q after a week of assault", o)
		}
	}
}

// 5.5, 6.2.7 (issue 17, ruling H51): "Withdrawal is obligatory by a tank
// found without infantry. It automatically withdraws to a friendly-occupied
// PA even if it must cross enemy lines." France moves the company out of
// E3 in operational movement; when its movement step ends TK-4, alone,
// withdraws to the nearest PA held by French infantry, and E3 is empty for
// the VM to take.
func TestOps_6_2_7_TankWithoutInfantryWithdraws(t *testing.T) {
	s := board(t, French, StepMove)
	putF(s, "E3", "TK-4", "1BEP-2")
	putF(s, "E1", "BT2-1")
	s = mustApply(t, s, French, "move 1BEP-2 E4")
	if s.French["TK-4"].Loc != "E3" {
		t.Fatal("the tank withdrew in the middle of France's movement step")
	}
	s, ev := applyEv2(t, s, French, "done", dice())
	if got := s.French["TK-4"].Loc; got != "E4" && got != "E1" {
		t.Fatalf("TK-4 at %s, want a PA held by French infantry\n%s", got, evText(ev))
	}
	has(t, evText(ev), "found without infantry, withdraws E3")
	if len(s.frenchAt("E3")) != 0 {
		t.Fatal("E3 still held")
	}
	// A tank with a company beside it stays.
	x := board(t, French, StepMove)
	putF(x, "E3", "TK-4", "1BEP-2")
	x = mustApply(t, x, French, "done")
	if x.French["TK-4"].Loc != "E3" {
		t.Fatal("a tank with infantry withdrew")
	}
}

// 4.2.1, 6.1 (issue 17, ruling H52): "After being revealed, they are
// placed in any Jungle zone": the VM's standing order names the zone
// (`standing dummies jz3`); without one they go to the nearest. The
// standing order is private; where the dummies go is public, as on the
// table.
func TestOps_4_2_1_RevealedDummiesGoWhereTheVMChooses(t *testing.T) {
	s := opsState(t)
	s = mustApply(t, s, VM, "done")
	s = mustApply(t, s, VM, "pass")
	s = mustApply(t, s, French, "done")
	for _, id := range s.vmAt("N") {
		s.VM[id].Loc = "JZ1"
	}
	s.VM["DUMMY1"].Loc = "N"
	near := mustApply(t, s, French, "recon N", &fixedDice{4})
	if got, want := near.VM["DUMMY1"].Loc, testRules.nearestJungle("N"); got != want {
		t.Fatalf("no standing order: dummy at %s, want the nearest %s", got, want)
	}
	far := "JZ3"
	if far == testRules.nearestJungle("N") {
		far = "JZ4"
	}
	x, ev := applyEv2(t, s, VM, "standing dummies "+far, dice())
	for _, e := range ev {
		if e.Audience.All {
			t.Fatalf("a standing order shows in the channel: %q", e.Text)
		}
	}
	x = mustApply(t, x, French, "recon N", &fixedDice{4})
	if got := x.VM["DUMMY1"].Loc; got != far {
		t.Fatalf("standing dummies %s: dummy at %s", far, got)
	}
	mustRefuse(t, s, VM, "standing dummies N", "standing orders are")
}

// 6.1 (issue 17, ruling H53): "the French suffer a step loss either from
// their replacements or from a friendly unit in a zone adjacent to the
// recon zone": France's choice, declared with the order (`recon C step`)
// or by `standing recon step`; by default a replacement point.
func TestOps_6_1_ReconLossIsFrancesChoice(t *testing.T) {
	s := opsState(t)
	s = mustApply(t, s, VM, "done")
	s = mustApply(t, s, VM, "pass")
	s = mustApply(t, s, French, "done")
	rp := s.Replacements
	x := mustApply(t, s, French, "recon C", &fixedDice{6})
	if x.Replacements != rp-1 || len(x.Hits) != 0 {
		t.Fatalf("default: replacements %d (from %d), hits %d", x.Replacements, rp, len(x.Hits))
	}
	for _, y := range []*State{
		mustApply(t, s, French, "recon C step", &fixedDice{6}),
		mustApply(t, mustApply(t, s, French, "standing recon step"), French, "recon C", &fixedDice{6}),
	} {
		stepTaken := len(y.Hits) == 1 && y.Hits[0].Side == French && y.Hits[0].Kind == "step"
		if y.Replacements != rp || !stepTaken && frenchSteps(s) == frenchSteps(y) {
			t.Fatalf("step: replacements %d (from %d), hits %+v", y.Replacements, rp, y.Hits)
		}
	}
	mustRefuse(t, s, French, "recon C both", "replacement` or `step`")
}

func frenchSteps(s *State) int {
	n := 0
	for _, u := range s.French {
		n += u.Steps
	}
	return n
}
