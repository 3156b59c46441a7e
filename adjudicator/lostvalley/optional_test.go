package lostvalley

import (
	"reflect"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// optGame sets a campaign up with game options (19.0).
func optGame(t *testing.T, o adjudicator.Options) (*Rules, *State) {
	t.Helper()
	r := testRules(t)
	s0, err := r.Setup("campaign", o)
	if err != nil {
		t.Fatal(err)
	}
	return r, s0.(*State)
}

// defending puts s in a VM assault of div on cr, turn 3, awaiting the
// player's support (12.3.5.1).
func defending(s *State, div int, cr string) {
	s.Pos.Turn, s.AP, s.Step = 3, 2, StepDefend
	s.Fight = &Fight{Div: div, CR: cr, Stage: "prepare"}
}

// 19.0: the options are declared, recorded by section, and a value other
// than yes or no is refused naming the option.
func TestOptional_19_OptionsDeclaredAndChecked(t *testing.T) {
	r := testRules(t)
	var keys []string
	for _, o := range r.Info().Options {
		keys = append(keys, o.Key)
	}
	if want := []string{"vulture", "artillery_range", "static_artillery", "reduced_1bpc"}; !reflect.DeepEqual(keys, want) {
		t.Fatalf("options %v, want %v", keys, want)
	}
	_, s := optGame(t, adjudicator.Options{"artillery_range": "yes", "static_artillery": "no", "reduced_1bpc": "yes"})
	if !reflect.DeepEqual(s.Optional, []string{"19.2", "19.4"}) {
		t.Fatalf("optional rules in force %v", s.Optional)
	}
	// The map's panel names them.
	bv := r.View(s, adjudicator.Public).Board.(BoardView)
	if want := []string{"19.2 artillery range", "19.4 reduced 1 BPC"}; !reflect.DeepEqual(bv.Optional, want) {
		t.Fatalf("the view's optional rules %v, want %v", bv.Optional, want)
	}
	if st := strings.Join(r.View(s, adjudicator.Public).Status, "\n"); !strings.Contains(st, "Optional rules in force: 19.2 artillery range, 19.4 reduced 1 BPC (19.0).") {
		t.Fatalf("/game status does not name the optional rules:\n%s", st)
	}
	if _, err := r.Setup("campaign", adjudicator.Options{"static_artillery": "maybe"}); err == nil || !strings.Contains(err.Error(), `option static_artillery is yes or no, not "maybe"`) {
		t.Fatalf("a bad value: %v", err)
	}
	// The options survive an encode and decode (replays, snapshots).
	b, _ := s.Encode()
	d, err := r.Decode(b)
	if err != nil || !reflect.DeepEqual(d.(*State).Optional, s.Optional) {
		t.Fatalf("decoded %v: %v", d, err)
	}
}

// 2.2.5, 12.3.5.1: without 19.2, guns support the assaulted CR's
// subsector and the adjacent ones: the north's guns cannot reach
// Isabelle (south), the centre's can.
func TestOptional_19_2_WithoutItGunsKeepToSubsectors(t *testing.T) {
	r, s := optGame(t, nil)
	s.Pos.Units["11/IV/4 RAC"].At = "Ga" // north
	defending(s, 304, "Isa")
	got := (&turn{r: r, s: s}).artyEligible("Isa")
	if want := []string{"II/4 RAC", "1 CMMLE", "2 CMMLE"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("eligible %v, want %v", got, want)
	}
	refused(t, r, s, "arty 11/IV/4RAC", "an active artillery unit in Isabelle's subsector or an adjacent one")
}

// 19.2: artillery supports any CR on the map, except the heavy mortars
// (1 CMMLE, 2 CMMLE, 1 CEMPL), only in their own subsector.
func TestOptional_19_2_ArtilleryRange(t *testing.T) {
	r, s := optGame(t, adjudicator.Options{OptRange: "yes"})
	s.Pos.Units["11/IV/4 RAC"].At = "Ga" // north, two subsectors from Isabelle
	defending(s, 304, "Isa")
	got := (&turn{r: r, s: s}).artyEligible("Isa")
	if want := []string{"II/4 RAC", "11/IV/4 RAC"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("eligible for Isabelle %v, want %v (the central mortars are out of range)", got, want)
	}
	refused(t, r, s, "arty 2CMMLE", "anywhere, a heavy mortar in Isabelle's subsector (19.2)")
	s1, txt := apply(t, r, s, "arty 11/IV/4RAC")
	if !contains(s1.Fight.Arty, "11/IV/4 RAC") || !strings.Contains(txt, "11/IV/4 RAC supports Isabelle.") {
		t.Fatalf("the northern gun over Isabelle: %v\n%s", s1.Fight.Arty, txt)
	}
	// Over Epervier (central): the central mortar 2 CMMLE fires, Isabelle's
	// 1 CEMPL (south) does not, Isabelle's howitzers do.
	defending(s, 312, "Epe")
	got = (&turn{r: r, s: s}).artyEligible("Epe")
	if want := []string{"II/4 RAC", "III/10 RAC", "11/IV/4 RAC", "1 CMMLE", "2 CMMLE"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("eligible for Epervier %v, want %v", got, want)
	}
}

// 14.1: artillery moves one CR while no VM division is active; 19.3: it
// never moves.
func TestOptional_19_3_ArtilleryMovement(t *testing.T) {
	for _, static := range []bool{false, true} {
		o := adjudicator.Options{}
		if static {
			o[OptStatic] = "yes"
		}
		r, s := optGame(t, o)
		s.Pos.Turn, s.AP = 3, 1
		for _, v := range s.Pos.Divs {
			v.Active = false
		}
		(&turn{r: r, s: s}).movePhase()
		if !static {
			s1, txt := apply(t, r, s, "move II/4RAC Epe")
			if s1.Pos.Units["II/4 RAC"].At != "Epe" || !s1.Pos.Units["II/4 RAC"].Used {
				t.Fatalf("14.1: the gun did not move:\n%s", txt)
			}
			continue
		}
		refused(t, r, s, "move II/4RAC Epe", "II/4RAC cannot move now")
	}
}

// 19.4: 1 BPC arrives on its reduced side (1/1/2), and is worth ½ VP
// (17.2); without it, at full strength (13.1).
func TestOptional_19_4_Reduced1BPC(t *testing.T) {
	for _, reduced := range []bool{false, true} {
		o := adjudicator.Options{}
		if reduced {
			o[OptReducedBPC] = "yes"
		}
		r, s := optGame(t, o)
		s.Pos.Turn = 15
		(&turn{r: r, s: s}).reinforcePhase()
		s1, _ := apply(t, r, s, "drop 1BPC Hu")
		u := s1.Pos.Units["1 BPC"]
		want := map[bool]int{false: 2, true: 1}[reduced]
		if u.At != "Hu" || u.Steps != want {
			t.Fatalf("19.4 %v: 1 BPC at %s with %d steps, want %d", reduced, u.At, u.Steps, want)
		}
		if f := s1.Pos.Factor(r.d, "1 BPC", 2); reduced && f != 2 {
			t.Errorf("19.4: the reduced side's morale is %d, want 2 (1/1/2)", f)
		}
		_, detail := VP(r.d, s1.Pos)
		if reduced != strings.Contains(detail, "1 reduced") {
			t.Errorf("19.4 %v: %s", reduced, detail)
		}
	}
}

// 19.1-19.4 together: random and careful games of both scenarios with
// every optional rule in force end, with no dead end and no legal order
// refused.
func TestOptional_19_GamesWithEveryOption(t *testing.T) {
	r := testRules(t)
	all := adjudicator.Options{OptVulture: "yes", OptRange: "yes", OptStatic: "yes", OptReducedBPC: "yes"}
	for _, sc := range []string{"campaign", "five-hills"} {
		for _, smart := range []bool{false, true} {
			m := levelsWith(t, r, sc, 3, 19, smart, all)
			if m[""] > 0 {
				t.Errorf("%s (careful %v): a game did not end: %v", sc, smart, m)
			}
		}
	}
}
