package adjudicator

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// PlayoutStats summarises random playouts (DESIGN: Testing).
type PlayoutStats struct {
	Games            int `json:"games"`
	Finished         int `json:"finished"`
	Panics           int `json:"panics"`
	DeadEnds         int `json:"dead_ends"`
	Unterminated     int `json:"unterminated"`
	Refused          int `json:"refused"` // legal orders that Apply refused
	ReplayMismatches int `json:"replay_mismatches"`
	// Twins counts the restarts simulated: a twin game loaded from a
	// snapshot of the live state, continued in lockstep with it to the end;
	// TwinMismatches counts twins that diverged (events, prompt, legal
	// orders or encoded state) or did not load.
	Twins          int `json:"twins"`
	TwinMismatches int `json:"twin_mismatches"`
	// EndMismatches counts states where the rules' Ender and their
	// Prompt disagree on whether (and how) the game is over.
	EndMismatches int `json:"end_mismatches,omitempty"`
	Actions       int `json:"actions"`
	Handoffs      int `json:"handoffs"` // changes of the awaited side
	// Periods counts the game weeks (or a title's unit of time) played,
	// summed over games; HandoffsPerPeriod is Handoffs / Periods.
	Periods           int     `json:"weeks"`
	HandoffsPerPeriod float64 `json:"handoffs_per_week"`
	// PeriodName is what the title's period is ("week", "turn"): the
	// "weeks" figures count those.
	PeriodName string `json:"period,omitempty"`
	// HandoffsMedian is the median over games of a game's hand-offs per
	// period; HandoffsByPhase counts hand-offs by the stage they went to
	// (the title's PhaseOf), and Forced those that went to a side whose
	// only legal order was one (issue 15, item 1).
	HandoffsMedian  float64        `json:"handoffs_per_week_median"`
	HandoffsByPhase map[string]int `json:"handoffs_by_phase,omitempty"`
	Forced          int            `json:"forced_handoffs"`
	ForcedByPhase   map[string]int `json:"forced_by_phase,omitempty"`
	perGame         []float64
	Seconds         float64      `json:"seconds"`
	Wins            map[Side]int `json:"wins"`
	Failures        []string     `json:"failures,omitempty"`
}

// PlayoutOptions tunes Playout.
type PlayoutOptions struct {
	Scenario   string
	Games      int
	Seed       uint64
	MaxActions int // per game; 0 means 20000
	// Pick, if set, chooses among a prompt's legal orders instead of the
	// uniform tree walk (for scripted or weighted playouts).
	Pick func(r *rand.Rand, side Side, tree []Choice) string
	// Choose, if set, is Pick given the state the prompt stands in, for
	// policies that play with a purpose (a title's purposeful side, which
	// must still choose among the tree's orders); it takes precedence
	// over Pick.
	Choose func(r *rand.Rand, side Side, s State, tree []Choice) string
	// Options are every game's options, as /game new records them
	// (OptStanding=StandingDefault: the sides start from the title's
	// standing profile, issue 30 item 6); nil plays games made without.
	Options Options
	// Prelude orders are given at the start of every game, each by its
	// side (standing orders, say).
	Prelude []SideOrder
	// Period names the unit of time a state is in (a game week), for the
	// hand-offs-per-period figure; nil counts whole games.
	Period func(State) int
	// PeriodName names that unit ("week" when empty).
	PeriodName string
	// PhaseOf names the stage of play a state awaits orders in, for the
	// hand-offs-by-phase figures; nil counts them all under "".
	PhaseOf func(State) string
	// TwinEvery is the mean number of orders between simulated restarts
	// (snapshot twins); 0 means 64, a negative value disables twins.
	TwinEvery int
}

// SideOrder is one side's order.
type SideOrder struct {
	Side  Side
	Order string
}

// RandomOrder walks a legal-choice tree choosing uniformly at each level;
// at a node that is complete and has children, stopping counts as one more
// option.
func RandomOrder(r *rand.Rand, tree []Choice) string {
	out := ""
	level := tree
	for {
		c := level[r.IntN(len(level))]
		if out == "" {
			out = c.Word
		} else {
			out += " " + c.Word
		}
		if len(c.Next) == 0 {
			return out
		}
		if c.Complete && r.IntN(len(c.Next)+1) == 0 {
			return out
		}
		level = c.Next
	}
}

// PlayoutPolicy is a named way of choosing orders for playouts and the
// budget benchmarks: random and aggressive for every title, and those a
// title offers (PlayoutPolicier), which may play with a purpose.
type PlayoutPolicy struct {
	Name string
	Help string
	// Choose and Pick as in PlayoutOptions (Choose first); Prelude is
	// given at the start of every game (the standing orders the policy
	// plays with).
	Choose  func(r *rand.Rand, side Side, s State, tree []Choice) string
	Pick    func(r *rand.Rand, side Side, tree []Choice) string
	Prelude []SideOrder
}

// PlayoutPolicier is implemented by a title with playout policies of its
// own (The Final Gamble's purposeful sides).
type PlayoutPolicier interface {
	PlayoutPolicies() []PlayoutPolicy
}

// PlayoutPolicies lists rules' policies: random, aggressive, then the
// title's own.
func PlayoutPolicies(rules Rules) []PlayoutPolicy {
	out := []PlayoutPolicy{
		{Name: "random", Help: "uniform over the legal tree", Pick: func(r *rand.Rand, _ Side, tree []Choice) string { return RandomOrder(r, tree) }},
		{Name: "aggressive", Help: "prefers acting to passing", Pick: PreferAction},
	}
	if p, ok := rules.(PlayoutPolicier); ok {
		out = append(out, p.PlayoutPolicies()...)
	}
	return out
}

// PolicyNamed is rules' playout policy of that name; the error lists the
// names there are.
func PolicyNamed(rules Rules, name string) (PlayoutPolicy, error) {
	var names []string
	for _, p := range PlayoutPolicies(rules) {
		if p.Name == name {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return PlayoutPolicy{}, fmt.Errorf("no playout policy %q for %s; there are %s", name, rules.Info().ID, strings.Join(names, ", "))
}

// Apply sets o to choose by p; a policy with standing orders of its own
// plays with them, in place of o's prelude.
func (p PlayoutPolicy) Apply(o *PlayoutOptions) {
	o.Pick, o.Choose = p.Pick, p.Choose
	if len(p.Prelude) > 0 {
		o.Prelude = p.Prelude
	}
}

// PreferAction is an aggressive playout policy: most of the time it picks
// among the orders other than done, pass and end, so that playouts reach
// combat; otherwise it walks the whole tree.
func PreferAction(r *rand.Rand, side Side, tree []Choice) string {
	var act []Choice
	for _, c := range tree {
		switch c.Word {
		case "done", "pass", "end", "end-week", StandingWord:
		default:
			act = append(act, c)
		}
	}
	if len(act) > 0 && r.IntN(100) < 85 {
		return RandomOrder(r, act)
	}
	return RandomOrder(r, tree)
}

// Playout plays complete games choosing among the legal orders at random
// for every awaited side, and checks each game: no panic, no prompt
// without a legal order, termination, no legal order refused, and replay
// of the log equal to the final state. The caller supplies the clock
// reading function for the Seconds figure (nil: not measured), keeping
// this package free of the clock.
func Playout(rules Rules, o PlayoutOptions, clock func() time.Time) PlayoutStats {
	st := PlayoutStats{Wins: map[Side]int{}, PeriodName: o.PeriodName}
	if st.PeriodName == "" {
		st.PeriodName = "week"
	}
	var start time.Time
	if clock != nil {
		start = clock()
	}
	limit := o.MaxActions
	if limit <= 0 {
		limit = 20000
	}
	for i := 0; i < o.Games; i++ {
		st.Games++
		playOne(rules, o, uint64(i), limit, &st)
	}
	if clock != nil {
		st.Seconds = clock().Sub(start).Seconds()
	}
	if st.Periods > 0 {
		st.HandoffsPerPeriod = float64(st.Handoffs) / float64(st.Periods)
	}
	if n := len(st.perGame); n > 0 {
		slices.Sort(st.perGame)
		st.HandoffsMedian = st.perGame[n/2]
		if n%2 == 0 {
			st.HandoffsMedian = (st.perGame[n/2-1] + st.perGame[n/2]) / 2
		}
	}
	return st
}

// StandingWord is the first word of every title's standing orders,
// which are legal at any time (DESIGN: Asynchronous flow).
const StandingWord = "standing"

// WithoutStanding is a legal tree less its standing orders: the orders of
// play (quick-order buttons, playout policies).
func WithoutStanding(tree []Choice) []Choice {
	for i, c := range tree {
		if c.Word == StandingWord {
			out := append([]Choice(nil), tree[:i]...)
			return append(out, tree[i+1:]...)
		}
	}
	return tree
}

// singleOrder reports whether a legal tree holds exactly one order.
func singleOrder(tree []Choice) bool {
	for len(tree) == 1 {
		c := tree[0]
		if len(c.Next) == 0 {
			return true
		}
		if c.Complete {
			return false
		}
		tree = c.Next
	}
	return false
}

func playOne(rules Rules, o PlayoutOptions, i uint64, limit int, st *PlayoutStats) {
	fail := func(format string, a ...any) {
		if len(st.Failures) < 20 {
			st.Failures = append(st.Failures, fmt.Sprintf("game %d: ", i)+fmt.Sprintf(format, a...))
		}
	}
	defer func() {
		if p := recover(); p != nil {
			st.Panics++
			fail("panic: %v", p)
		}
	}()
	seed := sha256.Sum256([]byte(fmt.Sprintf("playout %d %d", o.Seed, i)))
	r := rand.New(rand.NewPCG(o.Seed, i))
	g, _, err := New(rules, Record{ID: fmt.Sprintf("p%d", i), Title: rules.Info().ID, Scenario: o.Scenario,
		Seats: map[Side]string{}, Seed: seed[:], Options: o.Options})
	if err != nil {
		fail("setup: %v", err)
		st.DeadEnds++
		return
	}
	var last Side
	now := time.Unix(0, 0).UTC()
	for _, p := range o.Prelude {
		step, err := g.Orders(string(p.Side), p.Side, []string{p.Order}, "", now)
		if err != nil {
			st.Refused++
			fail("prelude %q for %s refused: %v", p.Order, p.Side, err)
			return
		}
		g.Commit(step)
	}
	twinEvery := o.TwinEvery
	if twinEvery == 0 {
		twinEvery = 64
	}
	var tw *twin
	// Twins draw from their own stream, so the games played are the same
	// with or without them.
	tr := rand.New(rand.NewPCG(o.Seed^0x7477696e, i))
	periods := map[int]bool{}
	handoffs := 0
	for n := 0; ; n++ {
		// DESIGN (Testing): at random steps a twin continues from
		// Decode(Encode(state)), as a restarted process would.
		if twinEvery > 0 && tr.IntN(twinEvery) == 0 {
			st.Twins++
			var err error
			if tw, err = startTwin(rules, g); err != nil {
				st.TwinMismatches++
				fail("twin at entry %d: %v", len(g.Rec.Entries), err)
				return
			}
		}
		if o.Period != nil {
			periods[o.Period(g.State)] = true
		}
		p := g.Prompt()
		if e, ok := rules.(Ender); ok {
			rp := rules.Prompt(g.State)
			if done, res := e.Ended(g.State); done != rp.Over || fmt.Sprint(res) != fmt.Sprint(rp.Result) {
				st.EndMismatches++
				fail("Ended says %v %v, Prompt says %v %v at %s", done, res, rp.Over, rp.Result, rp.Phase)
				return
			}
		}
		if p.Over {
			st.Periods += max(1, len(periods))
			st.perGame = append(st.perGame, float64(handoffs)/float64(max(1, len(periods))))
			st.Finished++
			if p.Result != nil {
				st.Wins[p.Result.Winner]++
			}
			break
		}
		if n >= limit {
			st.Unterminated++
			fail("no end after %d actions (%s)", n, p.Phase)
			return
		}
		if len(p.Awaiting) == 0 {
			st.DeadEnds++
			fail("prompt awaits nobody at %s", p.Phase)
			return
		}
		side := p.Awaiting[r.IntN(len(p.Awaiting))]
		// Standing orders are legal at any time; a playout sets them in
		// its prelude only, so that its policy and its figures are those
		// of the orders of play.
		tree := WithoutStanding(rules.Legal(g.State, side))
		if side != last {
			st.Handoffs++
			handoffs++
			last = side
			phase := ""
			if o.PhaseOf != nil {
				phase = o.PhaseOf(g.State)
			}
			if st.HandoffsByPhase == nil {
				st.HandoffsByPhase, st.ForcedByPhase = map[string]int{}, map[string]int{}
			}
			st.HandoffsByPhase[phase]++
			if singleOrder(tree) {
				st.Forced++
				st.ForcedByPhase[phase]++
			}
		}
		if len(tree) == 0 {
			st.DeadEnds++
			fail("no legal order for %s at %s", side, p.Phase)
			return
		}
		var order string
		if o.Choose != nil {
			order = o.Choose(r, side, g.State, tree)
		} else if o.Pick != nil {
			order = o.Pick(r, side, tree)
		} else {
			order = RandomOrder(r, tree)
		}
		step, err := g.Orders(string(side), side, []string{order}, "", now)
		if err != nil {
			st.Refused++
			fail("legal order %q for %s refused at %s: %v", order, side, p.Phase, err)
			return
		}
		g.Commit(step)
		st.Actions++
		if tw != nil {
			if err := tw.follow(g, side, order, step, now); err != nil {
				st.TwinMismatches++
				fail("twin started after entry %d, at entry %d (%s %q): %v", tw.from, len(g.Rec.Entries), side, order, err)
				return
			}
		}
	}
	back, err := Replay(rules, g.Rec)
	if err != nil {
		st.ReplayMismatches++
		fail("replay: %v", err)
		return
	}
	if eq, err := Equal(back, g.State); err != nil || !eq {
		st.ReplayMismatches++
		fail("replay differs from the played state")
	}
}

// twin is a game loaded from a snapshot of a live game, as a restarted
// process would load it, that must go on exactly as the live one.
type twin struct {
	g     *Game
	from  int // the live game's entries when the twin was made
	steps int
}

func startTwin(rules Rules, g *Game) (*twin, error) {
	snap, err := g.Snapshot()
	if err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	// The snapshot must decode (Load would silently replay the log
	// instead, hiding a state that does not survive a restart).
	if _, err := rules.Decode(snap.State); err != nil {
		return nil, fmt.Errorf("the snapshot does not decode: %w", err)
	}
	rec := g.Rec
	rec.Entries = append([]Entry(nil), g.Rec.Entries...)
	tg, err := Load(rules, rec, &snap)
	if err != nil {
		return nil, fmt.Errorf("load from snapshot: %w", err)
	}
	t := &twin{g: tg, from: len(g.Rec.Entries)}
	return t, t.same(g, true)
}

// follow gives the twin the order the live game just took and compares.
func (t *twin) follow(g *Game, side Side, order string, live *Step, now time.Time) error {
	step, err := t.g.Orders(string(side), side, []string{order}, "", now)
	if err != nil {
		return fmt.Errorf("the twin refused it: %v", err)
	}
	t.g.Commit(step)
	a, _ := json.Marshal(live.Events)
	b, _ := json.Marshal(step.Events)
	if !bytes.Equal(a, b) {
		return fmt.Errorf("events differ:\nlive: %s\ntwin: %s", a, b)
	}
	a, _ = json.Marshal(live.Entries)
	b, _ = json.Marshal(step.Entries)
	if !bytes.Equal(a, b) {
		return fmt.Errorf("entries (dice) differ:\nlive: %s\ntwin: %s", a, b)
	}
	t.steps++
	return t.same(g, t.steps%8 == 0)
}

// same compares the encoded state and the prompt of the twin and the live
// game, and with legal set the awaited sides' legal orders.
func (t *twin) same(g *Game, legal bool) error {
	if eq, err := Equal(g.State, t.g.State); err != nil || !eq {
		return fmt.Errorf("encoded states differ (%v)", err)
	}
	a, _ := json.Marshal(g.Prompt())
	b, _ := json.Marshal(t.g.Prompt())
	if !bytes.Equal(a, b) {
		return fmt.Errorf("prompts differ:\nlive: %s\ntwin: %s", a, b)
	}
	if !legal {
		return nil
	}
	for _, side := range g.Prompt().Awaiting {
		a, _ = json.Marshal(g.Rules.Legal(g.State, side))
		b, _ = json.Marshal(t.g.Rules.Legal(t.g.State, side))
		if !bytes.Equal(a, b) {
			return fmt.Errorf("legal orders for %s differ", side)
		}
	}
	return nil
}
