package main

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// TestTreeDigests prints, for each title and scenario, a digest of every
// side's legal tree at every step of a few aggressive games, with what
// each order said and each game's last state (issue 31: "the trees are
// unchanged in content"): run it on two commits and compare the lines. UMPIRE_TREE_DIGEST names the titles (comma-separated,
// or "all"); UMPIRE_TREE_GAMES and UMPIRE_TREE_STEPS bound the games.
func TestTreeDigests(t *testing.T) {
	want := os.Getenv("UMPIRE_TREE_DIGEST")
	if want == "" {
		t.Skip("UMPIRE_TREE_DIGEST=all (or title ids) prints the trees' digests")
	}
	games, steps := 2, 1500
	fmt.Sscan(os.Getenv("UMPIRE_TREE_GAMES"), &games)
	fmt.Sscan(os.Getenv("UMPIRE_TREE_STEPS"), &steps)
	rs, err := adjudicator.LoadTitles(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range adjudicator.TitleIDs() {
		if want != "all" && !slices.Contains(strings.Split(want, ","), id) {
			continue
		}
		r := rs[id]
		for _, sc := range r.Info().Scenarios {
			h := sha256.New()
			n := 0
			for gi := 0; gi < games; gi++ {
				rng := rand.New(rand.NewPCG(17, uint64(gi)))
				seed := make([]byte, adjudicator.SeedSize)
				for i := range seed {
					seed[i] = byte(rng.IntN(256))
				}
				g, _, err := adjudicator.New(r, adjudicator.Record{ID: "d", Title: id, Scenario: sc.ID, Seats: map[adjudicator.Side]string{}, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				for k := 0; k < steps; k++ {
					p := g.Prompt()
					if p.Over || len(p.Awaiting) == 0 {
						break
					}
					for _, side := range r.Info().Sides {
						b, err := json.Marshal(r.Legal(g.State, side))
						if err != nil {
							t.Fatal(err)
						}
						h.Write(b)
						n++
					}
					side := p.Awaiting[rng.IntN(len(p.Awaiting))]
					order := adjudicator.PreferAction(rng, side, adjudicator.WithoutStanding(r.Legal(g.State, side)))
					step, err := g.Orders(string(side), side, []string{order}, "", time.Unix(0, 0))
					if err != nil {
						t.Fatalf("%s %s: %q refused: %v", id, sc.ID, order, err)
					}
					for _, e := range step.Events {
						fmt.Fprintf(h, "%v|%s\n", e.Audience, e.Text)
					}
					g.Commit(step)
				}
				b, err := g.State.Encode()
				if err != nil {
					t.Fatal(err)
				}
				h.Write(b)
			}
			t.Logf("trees %s %s: %d trees, sha256 %x", id, sc.ID, n, h.Sum(nil))
		}
	}
}
