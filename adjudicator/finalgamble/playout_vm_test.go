package finalgamble

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// inTree accepts complete orders only: a prefix that needs more words,
// a word the level does not offer, or a word too many is refused.
func TestInTree(t *testing.T) {
	tree := []adjudicator.Choice{
		leaf("done"),
		{Word: "move", Next: []adjudicator.Choice{{Word: "u1", Next: []adjudicator.Choice{leaf("0101"), leaf("0102")}}}},
		{Word: "charge", Next: []adjudicator.Choice{{Word: "u2", Complete: true, Next: []adjudicator.Choice{{Word: "tien-len", Next: []adjudicator.Choice{leaf("u3")}}}}}},
	}
	for o, want := range map[string]bool{
		"done": true, "move u1 0101": true, "charge u2": true, "charge u2 tien-len u3": true,
		"move": false, "move u1": false, "move u1 0103": false, "charge u2 tien-len": false,
		"done now": false, "pass": false, "": false,
	} {
		if got := inTree(tree, o); got != want {
			t.Errorf("inTree(%q) = %v, want %v", o, got, want)
		}
	}
}

// 5.1-A/B: the purposeful VM demands a surrender when the Surrender Roll
// can succeed often enough ("SN +2, or higher"), not when it cannot, and
// on the last turn whenever it can at all.
func TestPurposefulVM_Rule5_1_DemandsWhenTheRollCanSucceed(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "5.1", roll())
	pick := func(sp, taken, turn int) string {
		c := s.clone()
		c.Tracks["strongpoints"], c.Tracks["taken"], c.Turn = sp, taken, turn
		return r.PurposefulVM(rand.New(rand.NewPCG(1, 1)), VM, c, r.Legal(c, VM))
	}
	last := len(r.D.Tracks.GameTurn.Turns)
	for _, c := range []struct {
		sp, taken, turn int
		want            string
	}{
		{16, 12, 5, "demand"}, // SN 4: 6 or more, 72%
		{20, 10, 5, "done"},   // SN 10: 12 or more, 3%
		{30, 5, 5, "done"},    // SN 25: never
		{20, 10, last, "demand"},
		{30, 10, last, "done"},
	} {
		if got := pick(c.sp, c.taken, c.turn); got != c.want {
			t.Errorf("Strongpoints Track %d, Taken %d, turn %d: %q, want %q", c.sp, c.taken, c.turn, got, c.want)
		}
	}
}

// 3.5, 3.6: the odds the policy weighs assaults by are those of the
// fire and effect tables: a Monte Carlo run of the engine's own
// DefenseFire and Assault (with the same strengths, morale and markers)
// agrees with them; Support Mortars and a shaken defender raise them.
func TestPurposefulVM_Rule3_6_OddsFollowTheTables(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "3.1", roll())
	var a, d *Unit
	for i := range s.Units {
		u := &s.Units[i]
		switch {
		case a == nil && u.Side == "VM" && u.onMap() && !u.Reduced:
			a = u
		case d == nil && u.Side == "French" && u.onMap() && r.kind(u) == "inf" && r.morale(s, u) >= 4:
			d = u
		}
	}
	if a == nil || d == nil {
		t.Fatal("no VM battalion or French infantry on the map")
	}
	v := &vmPlan{r: r, s: s, p: r.position(s)}
	plain, mortar := v.odds(a, d, false), v.odds(a, d, true)
	if !(mortar > plain) || plain <= 0 || mortar >= 1 {
		t.Errorf("odds %.3f, with Support Mortars %.3f: want 0 < plain < mortars < 1", plain, mortar)
	}
	// the engine's dice, the same inputs
	pos := r.position(s)
	ds := pos.DefenseStrength(d.ID, a.ID, 0).Total
	as := pos.AssaultStrength(a.ID, d.ID, false, false).Total
	rng := rand.New(rand.NewPCG(3, 4))
	dc := &seqDice{rng: rng}
	win, n := 0.0, 200000
	for i := 0; i < n; i++ {
		df := r.D.DefenseFire(dc, DefenseIn{Strength: ds, Morale: r.morale(s, a)})
		col := df.Marker()
		if col == "abort" {
			continue
		}
		out := r.D.Assault(dc, AssaultIn{Strength: as, Column: col, Morale: r.morale(s, d), Shaken: d.Shaken})
		switch out.Result {
		case "choice":
			win += 0.6
		case "loss_retreat", "2loss_retreat":
			win++
		}
	}
	mc := win / float64(n)
	t.Logf("%s on %s: odds %.3f, with mortars %.3f, the engine's dice %.3f", a.ID, d.ID, plain, mortar, mc)
	if mc < plain-0.01 || mc > plain+0.01 {
		t.Errorf("computed odds %.3f, the engine's dice give %.3f", plain, mc)
	}
	c := s.clone()
	c.unit(d.ID).Shaken = true
	vs := &vmPlan{r: r, s: c, p: r.position(c)}
	if shaken := vs.odds(c.unit(a.ID), c.unit(d.ID), false); !(shaken > plain) {
		t.Errorf("a shaken defender (3.5-A -2, 3.6-C shaken row): odds %.3f, fresh %.3f", shaken, plain)
	}
}

// The purposeful policies choose only among the legal tree's orders: a
// whole game of scenario D under the playout harness (replay, snapshot
// twins, no legal order refused). The one game under -short.
func TestPurposeful_PlayoutOfScenarioD(t *testing.T) {
	r := rules(t)
	o := adjudicator.PlayoutOptions{Scenario: "D", Games: 1, Seed: 3, TwinEvery: 64}
	r.TunePlayout(&o, true)
	o.Prelude = PurposefulStanding(true, true)
	own := 0
	o.Choose = func(rng *rand.Rand, side adjudicator.Side, s adjudicator.State, tree []adjudicator.Choice) string {
		st := r.state(s)
		var ord string
		if side == VM {
			ord = (&vmPlan{r: r, s: st, p: r.position(st), tree: tree, rng: rng}).order()
		} else {
			ord = (&frPlan{vmPlan{r: r, s: st, p: r.position(st), tree: tree, rng: rng}}).order()
		}
		if ord != "" {
			own++
			if !inTree(tree, ord) {
				t.Errorf("%s at %s: the policy's own order %q is not in the legal tree", side, st.Seg, ord)
			}
		}
		return r.PurposefulBoth(rng, side, s, tree)
	}
	st := adjudicator.Playout(r, o, time.Now)
	if st.Finished != 1 || st.Panics+st.DeadEnds+st.Unterminated+st.Refused+st.ReplayMismatches+st.TwinMismatches+st.EndMismatches > 0 {
		t.Fatalf("%+v", st)
	}
	if own == 0 {
		t.Fatal("the policies never chose an order of their own")
	}
	t.Logf("%d actions (%d the policies' own), wins %v", st.Actions, own, st.Wins)
}

// balanceGame plays one whole game of scenario sc, the VM purposeful,
// France purposeful or aggressive (PreferAction), and returns the final
// state. Every order is checked against the legal tree before it is given.
func balanceGame(t testing.TB, r *Rules, sc string, g int, frPurposeful bool) *State {
	t.Helper()
	seed := make([]byte, 32)
	copy(seed, fmt.Sprintf("balance %s %d", sc, g))
	gm, _, err := adjudicator.New(r, adjudicator.Record{ID: "b", Title: "finalgamble", Scenario: sc, Created: time.Unix(0, 0), Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(g), 1954))
	for _, p := range PurposefulStanding(true, frPurposeful) {
		st, err := gm.Orders("x", p.Side, []string{p.Order}, "", time.Unix(0, 0))
		if err != nil {
			t.Fatalf("%s %q: %v", p.Side, p.Order, err)
		}
		gm.Commit(st)
	}
	for n := 0; n < 20000 && !gm.Prompt().Over; n++ {
		side := gm.Prompt().Awaiting[0]
		tree := adjudicator.WithoutStanding(r.Legal(gm.State, side))
		var o string
		switch {
		case side == French && !frPurposeful:
			o = adjudicator.PreferAction(rng, side, tree)
		default:
			o = r.PurposefulBoth(rng, side, gm.State, tree)
			if !inTree(tree, o) {
				t.Fatalf("%s %s: %q is not in the legal tree", sc, side, o)
			}
		}
		st, err := gm.Orders("x", side, []string{o}, "", time.Unix(0, 0))
		if err != nil {
			t.Fatalf("%s %s %q refused: %v", sc, side, o, err)
		}
		gm.Commit(st)
	}
	if !gm.Prompt().Over {
		t.Fatalf("%s game %d: no end", sc, g)
	}
	return gm.State.(*State)
}

// balanceFigures are one scenario's games against one French policy.
type balanceFigures struct {
	games, vm                  int
	turns, sn, taken, vmWinTur int
}

func (b balanceFigures) String() string {
	f := func(x int) string { return strconv.FormatFloat(float64(x)/float64(max(1, b.games)), 'f', 1, 64) }
	w := "-"
	if b.vm > 0 {
		w = strconv.FormatFloat(float64(b.vmWinTur)/float64(b.vm), 'f', 1, 64)
	}
	return fmt.Sprintf("VM %d of %d (France %d); turns played %s (VM wins on turn %s); SN at the end %s; strongpoint points taken %s",
		b.vm, b.games, b.games-b.vm, f(b.turns), w, f(b.sn), f(b.taken))
}

// Balance: random play never takes a strongpoint, so France wins every
// random playout; a Viet Minh that plays with a purpose (playout_vm.go)
// wins against the aggressive France in every scenario, and against the
// purposeful France in some games (data/README.md, "Balance", has the
// measured figures). It fails if a rule starves the VM so that a
// purposeful VM wins no game of a scenario against the aggressive France,
// or none at all against the purposeful one (5.1's Surrender Number,
// 3.5/3.6's tables, 5.2's replacements, 2.2's bombardment). Not under
// -short (about 45 s); FG_BALANCE=N plays N games a scenario and policy.
func TestBalance_PurposefulVM(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games of every scenario")
	}
	r := rules(t)
	n := 2
	if v, err := strconv.Atoi(os.Getenv("FG_BALANCE")); err == nil && v > 0 {
		n = v
	}
	var lines []string
	vmWins := map[bool]int{}
	for _, fr := range []bool{false, true} {
		for _, sc := range ScenarioIDs {
			var b balanceFigures
			s0, err := r.Setup(sc, nil)
			if err != nil {
				t.Fatal(err)
			}
			first, start := s0.(*State).Turn, s0.(*State).Tracks["strongpoints"]
			for g := 0; g < n; g++ {
				s := balanceGame(t, r, sc, g, fr)
				b.games++
				b.turns += s.Turn - first + 1
				b.sn += r.surrenderNumber(s)
				b.taken += start - s.Tracks["strongpoints"]
				if s.Result.Winner == VM {
					b.vm++
					b.vmWinTur += s.Turn
				}
			}
			who := "aggressive"
			if fr {
				who = "purposeful"
			}
			lines = append(lines, fmt.Sprintf("%s France, scenario %s: %v", who, sc, b))
			if b.vm == 0 && !fr {
				t.Errorf("a purposeful VM won no game of scenario %s against the aggressive France: %v", sc, b)
			}
			vmWins[fr] += b.vm
		}
	}
	t.Log("\n" + strings.Join(lines, "\n"))
	if vmWins[true] == 0 {
		t.Errorf("a purposeful VM won no game against the purposeful France")
	}
}
