package lostvalley

import (
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

func testRules(t testing.TB) *Rules {
	t.Helper()
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return New(d)
}

// Random playouts (DESIGN: Testing; issue 28 "done when"): complete games
// of both scenarios choosing uniformly from Legal: no panic, no dead end,
// termination, no legal order refused, replay equal, snapshot twins
// identical; the distribution of result levels is logged.
func TestPlayout_BothScenarios(t *testing.T) {
	r := testRules(t)
	n := 40
	if v := os.Getenv("LV_PLAYOUTS"); v != "" {
		n, _ = atoi(v)
	} else if testing.Short() {
		n = 6
	}
	if raceEnabled {
		n = 2
	}
	for _, sc := range []string{"campaign", "five-hills"} {
		o := adjudicator.PlayoutOptions{Scenario: sc, Games: n, Seed: 28}
		r.TunePlayout(&o, false)
		st := adjudicator.Playout(r, o, time.Now)
		t.Logf("%s: %d games, %d finished, %d actions, %.1fs, wins %v", sc, st.Games, st.Finished, st.Actions, st.Seconds, st.Wins)
		if st.Finished != n || st.Panics+st.DeadEnds+st.Unterminated+st.Refused+st.ReplayMismatches+st.TwinMismatches > 0 {
			t.Fatalf("%s: %+v", sc, st)
		}
	}
}

// levels plays n random games and counts the result levels.
func levels(t testing.TB, r *Rules, sc string, n int, seed uint64, smart bool) map[string]int {
	return levelsWith(t, r, sc, n, seed, smart, nil)
}

// levelsWith plays n games with game options (random, or the careful
// player when smart), failing on a dead end or a refused legal order.
func levelsWith(t testing.TB, r *Rules, sc string, n int, seed uint64, smart bool, opts adjudicator.Options) map[string]int {
	out := map[string]int{}
	for i := 0; i < n; i++ {
		s0, err := r.Setup(sc, opts)
		if err != nil {
			t.Fatal(err)
		}
		var s adjudicator.State = s0
		dc := adjudicator.NewStream([]byte{byte(i), byte(seed)}, 0)
		rng := newRand(seed + uint64(i))
		for k := 0; k < 20000; k++ {
			p := r.Prompt(s)
			if p.Over {
				break
			}
			if len(r.Legal(s, French)) == 0 {
				st := s.(*State)
				t.Fatalf("a dead end at %s, turn %d: %+v %+v", st.Step, st.Pos.Turn, st.Fight, r.Prompt(s))
			}
			o := adjudicator.RandomOrder(rng, adjudicator.WithoutStanding(r.Legal(s, French)))
			if smart {
				o = careful(r, s.(*State), rng, r.Legal(s, French))
			}
			ns, _, err := r.Apply(s, French, o, dc)
			if err != nil {
				t.Fatalf("%s refused: %v", o, err)
			}
			s = ns
		}
		out[s.(*State).Level]++
		if os.Getenv("LV_WHY") != "" {
			w := s.(*State).Why
			if j := strings.Index(w, " fell"); j > 0 {
				w = w[:j]
			}
			if j := strings.Index(w, " is held"); j > 0 {
				w = w[:j]
			}
			out["why: "+w]++
		}
		if testing.Verbose() && i < 3 {
			t.Logf("game %d: turn %d: %s", i, s.(*State).Pos.Turn, s.(*State).Why)
		}
	}
	return out
}

func sortedLevels(m map[string]int) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 28)) }
