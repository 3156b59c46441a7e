package hellmap

import (
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
)

// Test positions, built through the rules (orders and moderator
// overrides), so that every view comes from hell.Rules.View.

var testData = hell.MustDefault()

func dice() adjudicator.Dice {
	return adjudicator.NewStream(make([]byte, adjudicator.SeedSize), 0)
}

type game struct {
	r *hell.Rules
	s adjudicator.State
}

func newGame(t testing.TB, scenario string) *game {
	r := hell.New(testData)
	s, err := r.Setup(scenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &game{r: r, s: s}
}

func (g *game) do(t testing.TB, side adjudicator.Side, orders ...string) *game {
	t.Helper()
	for _, o := range orders {
		s, _, err := g.r.Apply(g.s, side, o, dice())
		if err != nil {
			t.Fatalf("%s %q: %v", side, o, err)
		}
		g.s = s
	}
	return g
}

func (g *game) view(v adjudicator.Viewer) adjudicator.View { return g.r.View(g.s, v) }

// midAssault is a position of the first weeks' assaults: Beatrice and
// Gabrielle fallen, H6 and D1 under assault by revealed battalions, the
// VM's trenches pushed to the camp, French units worn, and the French
// set-up moves as the marks of what just happened.
func midAssault(t testing.TB) *game {
	g := newGame(t, "full-battle")
	ref := adjudicator.Referee
	g.do(t, ref,
		// Beatrice and Gabrielle have fallen
		"override unit 3/13DBLE-1 steps 0", "override unit 3/13DBLE-2 steps 0",
		"override unit 3/13DBLE-3 steps 0", "override unit 3/13DBLE-4 steps 0",
		"override control B1 vm", "override control B2 vm", "override control B3 vm",
		"override unit 5/7RTA-1 steps 0", "override unit 5/7RTA-2 steps 0",
		"override unit 5/7RTA-3 steps 0", "override unit 5/7RTA-4 steps 1",
		"override control G1 vm", "override control G2 vm",
		"override unit 5/7RTA-4 at AM2",
		"override unit 312/209/130 at B1 revealed", "override unit 312/141/11 at B2 revealed losses 1",
		"override unit 308/88/322 at G1 revealed losses 2",
		// the trenches close in
		"override trench N 3", "override trench K 2", "override trench P 1", "override trench M 2",
		"override trench S 1", "override trench H6 3", "override trench H7 2",
		// H6 and D1 under assault
		"override unit 308/88/23 at H6 revealed losses 1",
		"override unit 308/88/29 at H6 revealed status fatigued",
		"override unit 312/165/564 at D1 revealed",
		"override unit 8BPC-1 steps 1 status disorganized",
		"override unit 3/3RTA-1 status fatigued",
		"override unit 1BEP-1 at D1",
		// hidden battalions and dummies massing in N and K
		"override unit 308/36/80 at N", "override unit 308/36/84 at N",
		"override unit DUMMY1 at N", "override unit DUMMY2 at K",
		"override unit 312/165/115 at K",
		"override track vm-losses 27", "override track vm-munitions 4", "override track french-munitions 7",
		"override track air-points 3", "override track replacements 5",
	)
	// France reshuffles: public moves, the marks of what just happened
	g.do(t, hell.French, "place 8BPC-3 H5", "place TK-1 H6", "place 1/2REI-3 H1")
	return g
}

// operations dresses a view as an assault impulse (the operational phase
// is not refereed yet): round, impulse, the awaited decision, and fire
// and assault marks.
func operations(v adjudicator.View) adjudicator.View {
	b := v.Board.(hell.BoardView)
	b.Phase, b.PhaseName = hell.PhaseOperations, "Operational phase (4): VM assaults"
	b.Round, b.Impulse = 2, 3
	b.Awaiting = hell.French
	b.Decision = "defensive fire at H6: `fire <unit> <target>` with units of H6 or a PA joined to it, or `pass`"
	b.Recent = append(append([]hell.Note(nil), b.Recent...),
		hell.Note{Kind: "assault", From: "N", At: "H6"},
		hell.Note{Kind: "fire", At: "H6"},
		hell.Note{Kind: "loss", At: "H6"},
		hell.Note{Kind: "assault", From: "K", At: "D1"},
		hell.Note{Kind: "fire", At: "D1"},
		hell.Note{Kind: "move", From: "K", At: "D1"},
		hell.Note{Kind: "move", From: "N", At: "H6"},
		hell.Note{Kind: "move", From: "N", At: "H6"},
	)
	v.Board = b
	return v
}

var viewers = []struct {
	name string
	v    adjudicator.Viewer
}{
	{"public", adjudicator.Public},
	{"french", adjudicator.ViewerOf(hell.French)},
	{"vm", adjudicator.ViewerOf(hell.VM)},
	{"referee", adjudicator.Viewer{Referee: true}},
}

// withMoves gives g's state the marks of moves, as the rules leave them
// (hell.Note: From, At, Unit), and nothing else of what just happened.
func withMoves(g *game, moves ...hell.Note) *game {
	s := *g.s.(*hell.State)
	s.Recent = nil
	for _, n := range moves {
		n.Kind = "move"
		s.Recent = append(s.Recent, n)
	}
	g.s = &s
	return g
}

// basesMoved is cmd/umpire's hand-off (testdata/initial-assault.txt) at
// France's first defensive fire: in the VM's first impulse 312/209/130
// and /154 moved from zone E into the assault base E>B1 and 312/141/11
// into E>G2 (5.3), revealed by their engagement (issue 30, item 2).
func basesMoved(t testing.TB) *game {
	g := newGame(t, "initial-assault")
	F, V := adjudicator.Side(hell.French), adjudicator.Side(hell.VM)
	for _, o := range []struct {
		side  adjudicator.Side
		order string
	}{
		{F, "standing losses most"}, {F, "standing convert never"}, {F, "standing check best"},
		{V, "standing losses most"}, {V, "standing check best"}, {V, "standing convert never"},
		{F, "done"}, {V, "done"}, {V, "done"}, {V, "dig E"}, {V, "done"}, {F, "done"},
		{V, "assault"}, {V, "done"}, {V, "assault"},
		{V, "engage 312/209/130 312/209/154 312/141/11"}, {V, "done"}, {V, "fire B1"}, {V, "fire B2"}, {V, "done"},
		{V, "move 312/209/130 E>B1"}, {V, "move 312/209/154 E>B1"}, {V, "move 312/141/11 E>G2"}, {V, "done"},
	} {
		g.do(t, o.side, o.order)
	}
	return g
}

// zoneMoves: battalions leave zones that keep others (N to K, K to M)
// and one goes from a zone into an empty one (P to Q), hidden from
// France and the public.
func zoneMoves(t testing.TB) *game {
	g := newGame(t, "full-battle").do(t, adjudicator.Referee,
		"override unit 308/36/80 at N", "override unit 308/36/84 at N", "override unit DUMMY1 at N",
		"override unit 308/36/89 at K", "override unit DUMMY2 at K", "override unit 312/165/115 at K",
		"override unit 312/165/542 at M", "override unit 308/102/18 at Q")
	return withMoves(g,
		hell.Note{From: "N", At: "K", Unit: "308/36/89"},
		hell.Note{From: "K", At: "M", Unit: "312/165/542"},
		hell.Note{From: "P", At: "Q", Unit: "308/102/18"})
}
