package storm

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// Balance (issue 25 item 5): random play gives France nearly every game
// (20 of 20 random, 8 of 10 aggressive), but no rule favours France: a VM
// that only plays with a purpose (it assaults when it can, walks into
// French areas left empty, digs next to the French victory areas, and
// otherwise acts as the aggressive policy) against the aggressive policy
// wins most games. It fails if a rule starves the VM (14.0's count, 12.1's
// replacements, 10.0's odds, 9.1's caps). Not under -short (about 5 s).
func TestBalance_PurposefulVMAgainstAggressiveFrance(t *testing.T) {
	if testing.Short() {
		t.Skip("twelve whole games")
	}
	r := New(MustDefault())
	wins := map[Side]int{}
	for g := 0; g < 12; g++ {
		rng := rand.New(rand.NewPCG(uint64(g), 7))
		seed := make([]byte, 32)
		seed[0] = byte(g)
		gm, _, _ := adjudicator.New(r, adjudicator.Record{ID: "g", Title: "storm", Scenario: "battle", Created: time.Unix(0, 0), Seed: seed})
		for _, o := range StandingAll() {
			st, _ := gm.Orders("x", o.Side, []string{o.Order}, "", time.Unix(0, 0))
			gm.Commit(st)
		}
		for n := 0; n < 20000 && !gm.Prompt().Over; n++ {
			side := gm.Prompt().Awaiting[0]
			tree := adjudicator.WithoutStanding(r.Legal(gm.State, side))
			o := ""
			s := gm.State.(*State)
			if side == VM && s.Step == stepAction && s.Ask == nil {
				var cands []string
				for _, c := range tree {
					switch c.Word {
					case "assault":
						for _, a := range c.Next {
							for _, b := range a.Next {
								cands = append(cands, "assault "+a.Word+" "+b.Word+" all")
							}
						}
					case "move":
						for _, a := range c.Next {
							for _, b := range a.Next {
								bi := atoiOr(b.Word)
								if s.Control[bi] == French && len(r.in(s, bi, French)) == 0 {
									for _, u := range b.Next {
										if u.Word == "all" {
											cands = append(cands, "move "+a.Word+" "+b.Word+" all")
										}
									}
								}
							}
						}
					}
				}
				if len(cands) == 0 {
					for _, c := range tree {
						if c.Word == "dig" {
							for _, a := range c.Next {
								ai := atoiOr(a.Word)
								near := false
								for _, x := range r.d.Area[ai].Adjacent {
									near = near || r.d.Area[x].Victory && s.Control[x] == French
								}
								if near && len(a.Next) > 0 && a.Next[0].Word != "card" {
									fr := r.fresh(s, ai, VM)
									if k := min(len(fr), 2*(MaxTrench-s.Trench[ai])); k >= 2 {
										cands = append(cands, "dig "+a.Word+" "+strings.Join(fr[:k/2*2], " "))
									}
								}
							}
						}
					}
				}
				if len(cands) > 0 {
					o = cands[rng.IntN(len(cands))]
				}
			}
			if o == "" {
				o = adjudicator.PreferAction(rng, side, tree)
			}
			st, err := gm.Orders("x", side, []string{o}, "", time.Unix(0, 0))
			if err != nil {
				t.Fatal(o, err)
			}
			gm.Commit(st)
		}
		s := gm.State.(*State)
		wins[s.Winner]++
		t.Logf("game %d: %s: %s", g, s.Winner, s.Reason)
	}
	t.Logf("wins: %v", wins)
	if wins[VM] < 6 {
		t.Fatalf("a purposeful VM wins %d of 12 against the aggressive policy: %v", wins[VM], wins)
	}
}
