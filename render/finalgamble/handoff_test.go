package fgmap

import (
	"math/rand/v2"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/finalgamble"
	"github.com/umpirebot/umpire/render"
)

type rngDice struct{ r *rand.Rand }

func (d rngDice) Roll(n int) int { return 1 + d.r.IntN(n) }

// Issue 30, item 1: over random games where each side asks everything
// (every Choice, barrage, defense order, reaction), each hand-off's
// close-ups hold every place its decision names.
func TestCloseups_EveryHandOffShowsItsDecision(t *testing.T) {
	b := newBoard(testData)
	games, orders := 3, 500
	if testing.Short() {
		games, orders = 2, 300
	}
	handoffs, focused := 0, 0
	for g := range games {
		s, err := testRules.Setup(finalgamble.ScenarioIDs[g%len(finalgamble.ScenarioIDs)], nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(g), 9))
		d := rngDice{rng}
		for _, o := range finalgamble.AskAll() {
			ns, _, err := testRules.Apply(s, o.Side, o.Order, d)
			if err != nil {
				t.Fatal(err)
			}
			s = ns
		}
		var last adjudicator.Side
		for n := 0; n < orders; n++ {
			p := testRules.Prompt(s)
			if p.Over {
				break
			}
			side := p.Awaiting[0]
			if side != last {
				handoffs++
				v := testRules.View(s, adjudicator.ViewerOf(side))
				crops := render.Closeups(b, p.Focus, b.Marked(v))
				if len(p.Focus) > 0 {
					focused++
				}
				for _, f := range p.Focus {
					box, _, ok := b.Spot(f)
					if !ok {
						t.Errorf("%s: the focus %q is not on the map", p.Phase, f)
						continue
					}
					c := box.Min.Add(box.Max).Div(2)
					in := false
					for _, r := range crops {
						in = in || c.In(r)
					}
					if !in {
						t.Errorf("%s (%s): %q of the focus %v is in none of the close-ups %v", p.Phase, p.Decision, f, p.Focus, crops)
					}
				}
			}
			last = side
			order := adjudicator.PreferAction(rng, side, adjudicator.WithoutStanding(testRules.Legal(s, side)))
			ns, _, err := testRules.Apply(s, side, order, d)
			if err != nil {
				t.Fatalf("%q: %v", order, err)
			}
			s = ns
		}
	}
	t.Logf("%d hand-offs, %d with a focus", handoffs, focused)
}
