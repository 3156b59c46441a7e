package finalgamble

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// assaultNextTo puts VM battalion vm next to French unit fr, in a free
// hex, and declares its assault on fr's hex; it returns the assault's hex.
func assaultNextTo(t *testing.T, r *Rules, s *State, vm, fr *Unit, marker string) string {
	t.Helper()
	for _, n := range r.neighborsOf(fr.Place()) {
		if len(s.at(n)) == 0 {
			r.putAt(vm, n)
			s.Assaults = append(s.Assaults, Assault{Unit: vm.ID, From: n, Target: fr.Place(), Marker: marker, Defender: fr.ID})
			return n
		}
	}
	t.Fatalf("no free hex next to %s at %s", fr.ID, fr.Place())
	return ""
}

// twoAssaults: scenario A at seg with two VM assaults on French units
// more than 4 hexes apart, declared in order.
func twoAssaults(t *testing.T, r *Rules, seg string) *State {
	t.Helper()
	s := at(t, r, "A", "3.1", roll())
	var fr, vms []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == "French" && u.Map == "dbp" && len(fr) < 2 && (len(fr) == 0 || r.distance(fr[0].Place(), u.Place()) > 4) {
			fr = append(fr, u)
		}
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == "VM" && u.Map == "dbp" && len(vms) < 2 {
			vms = append(vms, u)
		}
	}
	for k := range 2 {
		assaultNextTo(t, r, s, vms[k], fr[k], "assault")
	}
	s.Seg = seg
	return s
}

// 3.6-C, 7.5: a Choice asked pictures the defending hex first, then the
// assaulting unit's hex and its supporters' (3.6-A: the same regiment's
// battalions next to the defending hex).
func TestFocus_3_6C_ChoiceOnTheDefendingHexThenTheAssault(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "3.1", roll())
	var fr *Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == "French" && u.Map == "dbp" {
			fr = u
			break
		}
	}
	// two battalions of one regiment: the assault and a supporter
	var att, sup *Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != "VM" || !u.inPlay() {
			continue
		}
		for j := range s.Units {
			o := &s.Units[j]
			if j != i && o.Side == "VM" && r.regiment(o) == r.regiment(u) {
				att, sup = u, o
			}
		}
		if att != nil {
			break
		}
	}
	if att == nil {
		t.Fatal("no two VM battalions of one regiment")
	}
	from := assaultNextTo(t, r, s, att, fr, "surprise")
	var beside string
	for _, n := range r.neighborsOf(fr.Place()) {
		if n != from && len(s.at(n)) == 0 {
			beside = n
			break
		}
	}
	r.putAt(sup, beside)
	s.Seg = "3.6"
	s.Pending = &Pending{Side: French, Kind: "choice", Assault: 0, Text: "Choice at " + fr.Place()}
	p := r.Prompt(s)
	if want := []string{fr.Place(), from, beside}; !slices.Equal(p.Focus, want) {
		t.Errorf("the Choice's focus %v, want the defending hex, the assault's, the supporter's %v", p.Focus, want)
	}
	// a Choice pointing at no assault (a moderator's override) names
	// no place, and nothing panics
	s.Pending.Assault = 7
	if p := r.Prompt(s); len(p.Focus) != 0 {
		t.Errorf("a Choice without its assault: focus %v", p.Focus)
	}
}

// 3.5-A, 7.4: the defenses still to fire, in the declaration order; a
// defense fired drops out of the picture.
func TestFocus_3_5A_TheDefensesStillToFire(t *testing.T) {
	r := rules(t)
	s := twoAssaults(t, r, "3.5")
	a0, a1 := s.Assaults[0], s.Assaults[1]
	f := r.Prompt(s).Focus
	if len(f) < 4 || f[0] != a0.Target || f[1] != a0.From || !slices.Contains(f, a1.Target) || !slices.Contains(f, a1.From) {
		t.Fatalf("3.5 focus %v, want %s and %s first, then %s and %s", f, a0.Target, a0.From, a1.Target, a1.From)
	}
	s.Assaults[0].Fired = true
	if f := r.Prompt(s).Focus; f[0] != a1.Target || slices.Contains(f, a0.Target) {
		t.Errorf("after %s's defense fired: focus %v, want %s's first and %s's gone", a0.Target, f, a1.Target, a0.Target)
	}
	// 3.6-A: an aborted assault charges no more: out of the picture
	s.Seg = "3.6"
	s.Assaults[1].Marker = "abort"
	if f := r.Prompt(s).Focus; slices.Contains(f, a1.Target) || len(f) == 0 || f[0] != a0.Target {
		t.Errorf("3.6 with %s aborted: focus %v", a1.Unit, f)
	}
}

// 3.4: a Support Barrage falls on the assaulting unit's hex: it comes
// first, then the defending hex; a barraged assault drops out.
func TestFocus_3_4_SupportBarrageOnTheAssaultingUnits(t *testing.T) {
	r := rules(t)
	s := twoAssaults(t, r, "3.4")
	a0, a1 := s.Assaults[0], s.Assaults[1]
	if f := r.Prompt(s).Focus; len(f) < 4 || f[0] != a0.From || f[1] != a0.Target {
		t.Fatalf("3.4 focus %v, want %s then %s first", f, a0.From, a0.Target)
	}
	s.Assaults[0].Barrage = 1
	if f := r.Prompt(s).Focus; f[0] != a1.From || slices.Contains(f, a0.From) {
		t.Errorf("after a barrage on %s: focus %v", a0.From, f)
	}
}

// 2.2-A, 6.3-A: the bombardment pictures the Zone Markers placed, in
// order; a marker on a unit in a box names the box.
func TestFocus_2_2A_6_3A_ZoneMarkerTargets(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "2.2", roll())
	if f := r.Prompt(s).Focus; len(f) != 0 {
		t.Errorf("2.2 before any marker: focus %v, want none", f)
	}
	s, _ = apply(t, r, s, VM, "zone 1910", roll())
	s, _ = apply(t, r, s, VM, "zone I0405", roll())
	s.Zones = append(s.Zones, ZonePlace{At: "2z-304:1BEP-1"})
	if f, want := r.Prompt(s).Focus, []string{"1910", "I0405", "2z-304"}; !slices.Equal(f, want) {
		t.Errorf("2.2 focus %v, want %v", f, want)
	}
	s = at(t, r, "A", "6.3", roll())
	var vm *Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == "VM" && u.Map == "dbp" && slices.Contains(r.frenchBombardTargets(s), u.ID) {
			vm = u
			break
		}
	}
	if vm == nil {
		t.Fatal("no VM unit France may bombard")
	}
	s, _ = apply(t, r, s, French, "bombard "+vm.ID, roll())
	if f := r.Prompt(s).Focus; !slices.Equal(f, []string{vm.Place()}) {
		t.Errorf("6.3 focus %v, want %s's hex %s", f, vm.ID, vm.Place())
	}
}

// 3.2 Box Combat pictures the shared box; 5.4 the Airdrop Chart and the
// Hanoi Airbase Box, then (5.4-D) the Supply Areas; 9.0-D the Wounded
// Square; a decision of no one place (2.1's moves, 9.0-C's set-up, 5.1's
// demand) names none.
func TestFocus_3_2_5_4_9_0D_BoxesAndCharts(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "2.1", roll())
	if f := r.Prompt(s).Focus; f != nil {
		t.Errorf("2.1 focus %v, want none", f)
	}
	for _, u := range s.at("2z-304") {
		r.putAt(u, "Off-Map")
	}
	r.putAt(s.unit("308-80"), "2z-304")
	r.putAt(s.unit("1BEP-1"), "2z-304")
	s.Seg, s.Rested = "3.2", nil
	if f := r.Prompt(s).Focus; !slices.Equal(f, []string{"2z-304"}) {
		t.Errorf("3.2 focus %v, want 2z-304", f)
	}
	// 3.2: "VM units that rest may not participate"
	s.Rested = []string{"308"}
	if f := r.Prompt(s).Focus; len(f) != 0 {
		t.Errorf("3.2 with 308 resting: focus %v, want none", f)
	}
	s = at(t, r, "A", "5.4", roll())
	if f := r.Prompt(s).Focus; !slices.Equal(f, []string{AirdropChart, "Hanoi"}) {
		t.Errorf("5.4 focus %v", f)
	}
	s.Stage = "place"
	if f := r.Prompt(s).Focus; !slices.Equal(f, []string{SupplyArea, IsabelleSupplyArea}) {
		t.Errorf("5.4-D focus %v", f)
	}
	s.IsabelleGone = true
	if f := r.Prompt(s).Focus; !slices.Equal(f, []string{SupplyArea}) {
		t.Errorf("5.4-D with Isabelle surrendered: focus %v", f)
	}
	s.Seg = "9.0-D"
	if f := r.Prompt(s).Focus; !slices.Equal(f, []string{"Wounded-Square"}) || BoxName(f[0]) != "Wounded Square" {
		t.Errorf("9.0-D focus %v", f)
	}
	s0, _ := r.Setup("A", nil)
	if f := r.Prompt(s0).Focus; f != nil {
		t.Errorf("9.0-C focus %v, want none", f)
	}
	s.Seg = "5.1"
	if f := r.Prompt(s).Focus; f != nil {
		t.Errorf("5.1 focus %v, want none", f)
	}
	s.Result = &adjudicator.Result{Winner: VM, Reason: "test"}
	if f := r.Prompt(s).Focus; f != nil {
		t.Errorf("a game over: focus %v", f)
	}
}

// DESIGN invariant 1: the focus is public (the channel's picture is cut
// around it), so it never reads a side's standing orders, which are
// private (RULINGS F18). Over a game where everything is asked, each
// prompt's focus is the same whatever either side's standing orders say;
// every place it names is a hex of DBP or Isabelle, a box, a Supply Area
// or the Airdrop Chart; and the assault decisions name their places.
func TestFocus_NeverReadsTheStandingOrders(t *testing.T) {
	r := rules(t)
	s0, _ := r.Setup("A", nil)
	s := s0.(*State)
	for _, o := range AskAll() {
		ns, _, err := r.Apply(s, o.Side, o.Order, roll())
		if err != nil {
			t.Fatal(err)
		}
		s = ns.(*State)
	}
	// the other answer to every key
	other := map[adjudicator.Side]Standing{}
	for side, keys := range standingKeys {
		other[side] = Standing{}
		for k, vs := range keys {
			for _, v := range vs {
				if v != "ask" {
					other[side][k] = v
				}
			}
		}
	}
	boxes := map[string]bool{}
	for _, b := range r.D.Boxes.Boxes {
		boxes[b.ID] = true
	}
	rng := rand.New(rand.NewPCG(3, 30))
	d := &seqDice{rng: rng}
	assaults := 0
	n := 600
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n && s.Result == nil; i++ {
		p := r.Prompt(s)
		twin := s.clone()
		twin.Standing = other
		if q := r.Prompt(twin); !slices.Equal(p.Focus, q.Focus) {
			t.Fatalf("at %s the focus %v becomes %v with other standing orders", p.Phase, p.Focus, q.Focus)
		}
		for _, f := range p.Focus {
			if _, h := r.hexOf(f); h == nil && !boxes[BoxName(f)] && f != "Wounded-Square" && f != SupplyArea && f != IsabelleSupplyArea && f != AirdropChart {
				t.Errorf("at %s the focus names %q, no place of the map", p.Phase, f)
			}
		}
		if s.Pending != nil || slices.Contains([]string{"3.5", "3.6", "7.4", "7.5"}, s.Seg) {
			assaults++
			if len(p.Focus) == 0 {
				t.Errorf("at %s (%s) no place named", p.Phase, p.Decision)
			}
		}
		side := p.Awaiting[0]
		order := adjudicator.PreferAction(rng, side, adjudicator.WithoutStanding(r.Legal(s, side)))
		ns, _, err := r.Apply(s, side, order, d)
		if err != nil {
			t.Fatalf("%q: %v", order, err)
		}
		s = ns.(*State)
	}
	if assaults == 0 {
		t.Error("the game met no assault decision")
	}
	t.Logf("%d assault decisions", assaults)
}
