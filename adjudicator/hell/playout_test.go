package hell

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// Random playouts (DESIGN: Testing): complete games of every scenario
// choosing uniformly from Legal; no panic, no dead end, termination, no
// legal order refused, replay equal to the final state.
func TestPlayout_AllScenarios(t *testing.T) {
	n := map[string]int{"full-battle": 300, "initial-assault": 1000, "five-hills": 500}
	if testing.Short() {
		n = map[string]int{"full-battle": 100, "initial-assault": 400, "five-hills": 200}
	}
	if raceEnabled {
		// The race detector checks concurrency, of which playouts have
		// none; CI plays over a thousand complete games without it.
		n = map[string]int{"full-battle": 3, "initial-assault": 15, "five-hills": 6}
	}
	for sc, games := range n {
		st := adjudicator.Playout(testRules, adjudicator.PlayoutOptions{Scenario: sc, Games: games, Seed: 11}, time.Now)
		t.Logf("%s: %d games, %d actions, %d hand-offs, %.1fs, wins %v", sc, st.Games, st.Actions, st.Handoffs, st.Seconds, st.Wins)
		if st.Finished != games || st.Panics+st.DeadEnds+st.Unterminated+st.Refused+st.ReplayMismatches+st.TwinMismatches > 0 {
			t.Fatalf("%s: %+v", sc, st)
		}
	}
}

// DESIGN budget: apply one action well under 1 ms.
func BenchmarkApplyOrder(b *testing.B) {
	s0, _ := testRules.Setup("full-battle", nil)
	s := s0.(*State)
	for _, o := range []string{"done", "done", "done"} {
		p := testRules.Prompt(s)
		ns, _, _ := testRules.Apply(s, p.Awaiting[0], o, adjudicator.NewStream(seed, 0))
		s = ns.(*State)
	}
	if s.Phase != PhaseVMEntrench {
		b.Fatal(s.Phase)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := testRules.Apply(s, VM, "dig N", adjudicator.NewStream(seed, 0)); err != nil {
			b.Fatal(err)
		}
	}
}

// DESIGN budget: replay a full 8-turn game under 50 ms.
func BenchmarkReplayFullGame(b *testing.B) {
	rec := playedGame(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := adjudicator.Replay(testRules, rec); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplayFightingGame: a full battle played by the aggressive
// policy with standing orders (thousands of entries, combat every round).
func BenchmarkReplayFightingGame(b *testing.B) {
	rec := playedGameWith(b, adjudicator.PreferAction, StandingAll())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := adjudicator.Replay(testRules, rec); err != nil {
			b.Fatal(err)
		}
	}
}

// playedGame plays one random full-battle game to its end.
func playedGame(b *testing.B) adjudicator.Record {
	return playedGameWith(b, nil, nil)
}

func playedGameWith(b *testing.B, pick func(*rand.Rand, adjudicator.Side, []adjudicator.Choice) string, prelude []adjudicator.SideOrder) adjudicator.Record {
	g, _, err := adjudicator.New(testRules, adjudicator.Record{ID: "b", Scenario: "full-battle", Seed: seed})
	if err != nil {
		b.Fatal(err)
	}
	r := newRand(3)
	for _, p := range prelude {
		st, err := g.Orders("x", p.Side, []string{p.Order}, "", time.Unix(0, 0))
		if err != nil {
			b.Fatal(err)
		}
		g.Commit(st)
	}
	for !g.Prompt().Over {
		side := g.Prompt().Awaiting[0]
		// The orders of play, as the playouts choose them (standing
		// orders come from the prelude only).
		tree := adjudicator.WithoutStanding(testRules.Legal(g.State, side))
		order := adjudicator.RandomOrder(r, tree)
		if pick != nil {
			order = pick(r, side, tree)
		}
		st, err := g.Orders("x", side, []string{order}, "", time.Unix(0, 0))
		if err != nil {
			b.Fatal(err)
		}
		g.Commit(st)
	}
	b.ReportMetric(float64(len(g.Rec.Entries)), "entries")
	return g.Rec
}

// BenchmarkLegal: the legal-order tree, built for every prompt.
func BenchmarkLegalVMMove(b *testing.B) {
	s0, _ := testRules.Setup("full-battle", nil)
	s := s0.(*State)
	for s.Phase != PhaseVMMove {
		p := testRules.Prompt(s)
		for _, o := range adjudicator.SplitOrders(p.Default) {
			ns, _, err := testRules.Apply(s, p.Awaiting[0], o, adjudicator.NewStream(seed, 0))
			if err != nil {
				b.Fatal(err)
			}
			s = ns.(*State)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		testRules.Legal(s, VM)
	}
}

// Aggressive playouts, with and without standing orders: every scenario
// to its end with assaults and operations in most rounds.
func TestPlayout_Aggressive(t *testing.T) {
	n := map[string]int{"initial-assault": 30, "five-hills": 20, "full-battle": 10}
	if testing.Short() {
		n = map[string]int{"initial-assault": 8, "five-hills": 4, "full-battle": 2}
	}
	for _, sc := range []string{"initial-assault", "five-hills", "full-battle"} {
		games := n[sc]
		if raceEnabled {
			// CI's aggressive playouts run without the race detector.
			if sc == "full-battle" {
				continue
			}
			games = 1
		}
		for _, standing := range []bool{false, true} {
			o := adjudicator.PlayoutOptions{Scenario: sc, Games: games, Seed: 5, Pick: adjudicator.PreferAction, Period: Week}
			if standing {
				o.Prelude = StandingAll()
			}
			st := adjudicator.Playout(testRules, o, time.Now)
			t.Logf("%s standing=%v: %d games, %d actions, %.1f hand-offs/week, %.1fs, wins %v", sc, standing, st.Games, st.Actions, st.HandoffsPerPeriod, st.Seconds, st.Wins)
			if st.Finished != games || st.Panics+st.DeadEnds+st.Unterminated+st.Refused+st.ReplayMismatches+st.TwinMismatches > 0 {
				t.Fatalf("%s: %+v", sc, st)
			}
		}
	}
}
