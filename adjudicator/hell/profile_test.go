package hell

import (
	"fmt"
	"sort"
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
