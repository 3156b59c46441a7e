package hell

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// Issue 30, item 6 (done when): with the default standing profile (a game
// made by /game new without standing:ask), a Hell week hands the turn
// over at most 4 times; all at ask, it is many more. Seeded aggressive
// playouts (assaults and operations in most rounds) of the full battle
// the Five Hills and the initial assault (whose one week also holds the
// two set-ups).
func TestPlayout_DefaultStandingProfile_AtMostFourHandoffsAWeek(t *testing.T) {
	games := map[string]int{"initial-assault": 6, "five-hills": 3, "full-battle": 2}
	if raceEnabled {
		games = map[string]int{"initial-assault": 1}
	}
	for _, sc := range []string{"initial-assault", "five-hills", "full-battle"} {
		if games[sc] == 0 {
			continue
		}
		per := map[string]float64{}
		for _, opt := range []string{adjudicator.StandingDefault, adjudicator.StandingAsk} {
			o := adjudicator.PlayoutOptions{Scenario: sc, Games: games[sc], Seed: 5, Pick: adjudicator.PreferAction, TwinEvery: -1,
				Options: adjudicator.Options{adjudicator.OptStanding: opt}}
			testRules.TunePlayout(&o, false)
			st := adjudicator.Playout(testRules, o, time.Now)
			if st.Finished != st.Games || st.Panics+st.DeadEnds+st.Unterminated+st.Refused+st.ReplayMismatches > 0 {
				t.Fatalf("%s standing:%s: %+v", sc, opt, st)
			}
			per[opt] = st.HandoffsPerPeriod
			t.Logf("%s standing:%s: %d games, %d weeks, %.2f hand-offs a week (median game %.2f); by stage %s", sc, opt, st.Games, st.Periods, st.HandoffsPerPeriod, st.HandoffsMedian, byCount(st.HandoffsByPhase))
			if opt == adjudicator.StandingDefault && st.HandoffsPerPeriod > 4 {
				t.Errorf("%s: %.2f hand-offs a week with the default standing profile, want at most 4", sc, st.HandoffsPerPeriod)
			}
		}
		if per[adjudicator.StandingDefault] >= per[adjudicator.StandingAsk] {
			t.Errorf("%s: the default profile hands off %.2f times a week, all ask %.2f: the profile answers nothing", sc, per[adjudicator.StandingDefault], per[adjudicator.StandingAsk])
		}
	}
}

func byCount(m map[string]int) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return m[ks[i]] > m[ks[j]] || m[ks[i]] == m[ks[j]] && ks[i] < ks[j] })
	var out []string
	for _, k := range ks {
		out = append(out, fmt.Sprintf("%s %d", k, m[k]))
	}
	return out
}

// Issue 30, item 6: in a game made with the standing option each side
// sets only its own keys, and the refusal names the keys it may set; the
// legal tree offers each side its own keys, each with what it answers.
func TestStanding_ASideSetsOnlyItsOwnKeys(t *testing.T) {
	s0, err := testRules.Setup("initial-assault", adjudicator.Options{adjudicator.OptStanding: adjudicator.StandingAsk})
	if err != nil {
		t.Fatal(err)
	}
	s := s0.(*State)
	if len(s.Standing) != 0 {
		t.Fatalf("standing:ask starts with standing orders: %v", s.Standing)
	}
	mustRefuse(t, s, French, "standing breakoff never", "standing breakoff is the Viet Minh's (break off at each impulse of a French operation (6.2.7))")
	mustRefuse(t, s, French, "standing breakoff never", "yours are advance, attrition, check")
	mustRefuse(t, s, VM, "standing supply none", "standing supply is France's")
	mustRefuse(t, s, VM, "standing attrition most", "standing attrition is France's")
	s = mustApply(t, s, VM, "standing breakoff never")
	s = mustApply(t, s, French, "standing attrition most")
	if s.Standing[VM].BreakOff != "never" || s.Standing[French].Attrition != "most" {
		t.Fatalf("own keys not set: %v", s.Standing)
	}
	for _, side := range []adjudicator.Side{French, VM} {
		keys := testRules.StandingKeys(side)
		var tree []string
		for _, c := range testRules.Legal(s, side) {
			if c.Word == adjudicator.StandingWord {
				for _, k := range c.Next {
					if k.Word != "clear" && k.Help == "" {
						t.Errorf("%s: standing %s has no help", side, k.Word)
					}
					tree = append(tree, k.Word)
				}
			}
		}
		if len(tree) != len(keys)+1 {
			t.Errorf("%s: the tree offers %v, its keys are %v", side, tree, keys)
		}
		for _, k := range keys {
			other := French
			if side == French {
				other = VM
			}
			if f := standingFor[k.Key].side; f == string(other) {
				t.Errorf("%s is offered the %s's key %s", side, other, k.Key)
			}
		}
	}
	// A game recorded before the option takes any key from either side,
	// as it did when it was played (its log must replay).
	old, _ := testRules.Setup("initial-assault", nil)
	if s := mustApply(t, old.(*State), French, "standing breakoff never"); s.Standing[French].BreakOff != "never" {
		t.Errorf("a game made before the option refuses France's breakoff: %v", s.Standing)
	}
	// The profile is legal for each side (Setup would refuse otherwise)
	// and each key it sets is the side's own.
	for _, o := range testRules.StandingProfile() {
		if f := standingFor[strings.Fields(o.Order)[1]].side; f != "" && f != string(o.Side) {
			t.Errorf("the profile sets %s's key for %s: %s", f, o.Side, o.Order)
		}
	}
}
