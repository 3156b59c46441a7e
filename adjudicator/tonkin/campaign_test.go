package tonkin

import (
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Campaigns (Basics: Scenarios, RULINGS T14, T17): "You can start a
// campaign game by starting any scenario and ending any later scenario."
// A campaign plays on past its first scenario's end, month after month,
// to the end of its last; each calendar year has its outer limits (8.0:
// 100/0 in 1950-51, 90/10 in 1952, 80/20 in 1953, 70/30 in 1954).

// always is a die that rolls n every time.
type always int

func (n always) Roll(int) int { return int(n) }

// endTurnRolling plays the 2nd player's end movement of s's month with
// every die rolling d: the victory check of 8.0, then the next turn.
func endTurnRolling(t *testing.T, r *Rules, s *State, d int) (*State, string) {
	t.Helper()
	s.Phase = PhaseEnd2
	ns, evs, err := r.Apply(s, adjudicator.Side(s.second()), "done", always(d))
	if err != nil {
		t.Fatalf("done at the end of %s: %v", s.Month, err)
	}
	var txt []string
	for _, e := range evs {
		txt = append(txt, e.Text)
	}
	return ns.(*State), strings.Join(txt, "\n")
}

// dry is a weather roll that is not rain in month m (2.0).
func dry(r *Rules, m string) int {
	lo, hi := r.rainSpan(m)
	if lo > 0 && lo <= 6 && hi >= 6 {
		return lo - 1
	}
	return 6
}

// Basics, Scenarios; 8.0: a campaign's end-of-turn checks use the limits
// of the calendar year of the turn; the first scenario's end (August, or
// rain in the rain season) does not end the campaign; its last does, with
// the last scenario's VM victory level.
func TestBasics_CampaignYears(t *testing.T) {
	r := rules(t)
	for _, c := range []struct {
		name, sc, month string
		vp              int
		rain            bool
		// winner "" means the campaign goes on with the turn of next
		winner, why, next string
	}{
		{"8.0 1952 limits in December 1952", "1951-1953", "1952-12", 15, false, "", "", "1953-01"},
		{"8.0 1953 limits from January 1953", "1951-1953", "1953-01", 15, false, VM, "the VM's outer limit for 1953 (20): a VM decisive victory", ""},
		{"8.0 1953 FEF limit between scenarios", "1951-1953", "1953-09", 80, false, FEF, "the FEF's outer limit for 1953 (80)", ""},
		{"8.0 1953 inside between scenarios", "1951-1953", "1953-09", 79, false, "", "", "1953-10"},
		{"8.0 1954 VM limit", "1951-1953", "1954-02", 30, false, VM, "the VM's outer limit for 1954 (30)", ""},
		{"8.0 1954 inside", "1951-1953", "1954-02", 31, false, "", "", "1954-03"},
		{"T14 the first scenario's August goes on", "1952-1953", "1953-08", 45, false, "", "", "1953-09"},
		{"T17 rain in the first scenario's rain season goes on in September", "1952-1953", "1953-06", 45, true, "", "", "1953-09"},
		{"T17 rain in the last scenario's rain season ends the campaign", "1952-1953", "1954-06", 45, true, FEF, "rain in the rain season ends the scenario in July 1954", ""},
		{"T14 the last scenario's August ends the campaign", "1952-1953", "1954-08", 41, false, FEF, "the scenario ends at the end of August 1954", ""},
		{"T14 the first scenario's August with a VP of its marginal loss", "1951-1952", "1952-08", 42, false, "", "", "1952-09"},
		{"T14 the last scenario's VM victory level decides", "1951-1952", "1953-08", 42, false, FEF, "victory points 42, above the VM victory level 40: a FEF marginal victory", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := setup(t, r, c.sc)
			s.Month, s.VP = c.month, c.vp
			d := dry(r, nextMonth(c.month))
			if c.rain {
				lo, _ := r.rainSpan(nextMonth(c.month))
				if lo == 0 || !rainSeason(nextMonth(c.month)) {
					t.Fatalf("%s never rains in the rain season", nextMonth(c.month))
				}
				d = lo
			}
			turn := s.Turn
			s, ev := endTurnRolling(t, r, s, d)
			if c.winner == "" {
				if s.Phase == PhaseOver || s.Month != c.next || s.Turn <= turn {
					t.Fatalf("want the turn of %s, got %s %s turn %d: %s", c.next, s.Phase, s.Month, s.Turn, ev)
				}
				return
			}
			if s.Phase != PhaseOver || s.Winner != c.winner {
				t.Fatalf("want %s to win, got %s %q: %s", c.winner, s.Phase, s.Winner, ev)
			}
			has(t, ev, c.why)
		})
	}
}

// T14, T17: a campaign played to its end with the default orders (no
// side acts, so no decisive victory) gets into its second scenario: its
// turns go past the first scenario's last month, and it ends in the last
// scenario's year, where the scenario 1952 game with the same seed and
// orders ends in 1953.
func TestBasics_CampaignReachesItsSecondScenario(t *testing.T) {
	r := rules(t)
	play := func(sc string) (*State, []string) {
		g, _, err := adjudicator.New(r, adjudicator.Record{ID: "c", Scenario: sc, Seed: make([]byte, 32)})
		if err != nil {
			t.Fatal(err)
		}
		var months []string
		for n := 0; !g.Prompt().Over; n++ {
			if n > 5000 {
				t.Fatalf("%s: no end", sc)
			}
			s := g.State.(*State)
			if len(months) == 0 || months[len(months)-1] != s.Month {
				months = append(months, s.Month)
			}
			p := g.Prompt()
			step, err := g.Orders("x", p.Awaiting[0], []string{p.Default}, "", time0)
			if err != nil {
				t.Fatalf("%s: default %q at %s: %v", sc, p.Default, p.Phase, err)
			}
			g.Commit(step)
		}
		return g.State.(*State), months
	}
	one, oneMonths := play("1952")
	camp, months := play("1952-1953")
	t.Logf("1952: %d turns, %s; 1952-1953: %d turns (%s to %s), %s", one.Turn, one.Reason, camp.Turn, months[0], months[len(months)-1], camp.Reason)
	if last := oneMonths[len(oneMonths)-1]; last > "1953-08" {
		t.Errorf("scenario 1952 played %s", last)
	}
	if last := months[len(months)-1]; last < "1954-01" || !strings.Contains(camp.Reason, "1954") {
		t.Errorf("the campaign 1952-1953 ended in %s: %s", last, camp.Reason)
	}
	if camp.Turn <= one.Turn || !strings.Contains(camp.Reason, "marginal victory") {
		t.Errorf("campaign: turn %d (scenario: %d), %s", camp.Turn, one.Turn, camp.Reason)
	}
	// the campaign's months are consecutive but for a rain season cut
	// short (T17): after June, July or August comes September
	for i := 1; i < len(months); i++ {
		if nx := nextMonth(months[i-1]); months[i] != nx && !(rainSeason(months[i-1]) && months[i] == months[i-1][:4]+"-09") {
			t.Errorf("after %s came %s", months[i-1], months[i])
		}
	}
}
