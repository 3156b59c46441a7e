package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/lostvalley"
	"github.com/umpirebot/umpire/bot"
)

var updateLostValley = flag.Bool("update-lostvalley", false, "rewrite testdata/lostvalley/campaign.txt from a played game")

// Issue 28, "done when" (in part): one player starts a campaign game of
// The Lost Valley in the console, plays it to its end (turn 16 or a
// sudden death), every VM decision narrated as it happens, and reads the
// result level; two runs give the same output; `umpire verify` accepts
// the exported record, re-deriving every roll and secret draw. The
// script was written by a played game (-update-lostvalley rewrites it).
func TestLostValleyScript_CampaignToItsEnd(t *testing.T) {
	script := filepath.Join("testdata", "lostvalley", "campaign.txt")
	if *updateLostValley {
		writeLostValleyScript(t, script)
	}
	out, rec := playedToItsEnd(t, script, "lostvalley", false)
	for _, want := range []string{"(12.3.4)", "authored by Umpire; the printed card may differ"} {
		if !strings.Contains(out, want) {
			t.Fatalf("the console never says %q:\n%s", want, out[max(0, len(out)-3000):])
		}
	}
	if !strings.Contains(rec, `"secret": true`) {
		t.Fatal("the record holds no secret roll: the draws are not marked")
	}
}

// writeLostValleyScript plays a game with the console's seed for game g1
// (a player who rations and delays a reinforcement while RP run low,
// defends with everything it can afford, brings reinforcements out of
// the drop zones and its paratroops on to PC GONO, and otherwise ends
// each phase) and writes its orders.
func writeLostValleyScript(t *testing.T, path string) {
	ts, err := adjudicator.LoadTitles(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	r := ts["lostvalley"]
	seed, _ := bot.DemoSeed(1)("g1")
	users := map[adjudicator.Side]string{lostvalley.French: "alice"}
	g, _, err := adjudicator.New(r, adjudicator.Record{ID: "g1", Title: "lostvalley", Scenario: "campaign",
		Seats: users, Created: time.Unix(0, 0).UTC(), Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for n := 0; n < 5000 && !g.Prompt().Over; n++ {
		os := adjudicator.Orders(r.Legal(g.State, lostvalley.French))
		s := g.State.(*lostvalley.State)
		order := ""
		pick := func(prefixes ...string) {
			for _, p := range prefixes {
				for i := len(os) - 1; i >= 0 && order == ""; i-- {
					if strings.HasPrefix(os[i], p) {
						order = os[i]
					}
				}
			}
		}
		if s.Step == lostvalley.StepMove {
			for _, o := range os {
				f := strings.Fields(o)
				if len(f) == 3 && f[0] == "move" {
					for id, u := range s.Pos.Units {
						if lostvalley.Code(id) == f[1] && (u.At == "Natasha" || u.At == "Octavie" || u.At == "Simone") && order == "" {
							order = o
						}
					}
				}
			}
		}
		// The paratroop reinforcements, landed at Huguette, go on to
		// hold PC GONO.
		if s.Step == lostvalley.StepMove && order == "" {
			for _, u := range []string{"6BPC", "5BPVN", "II/1RCP", "2BEP", "1BPC"} {
				pick("move " + u + " PC")
			}
		}
		// Supplies first: ration while the CM can afford it, guns and
		// fortifications only while RP last.
		if s.Step == lostvalley.StepSupply && s.Pos.RP <= 14 && s.Pos.CM >= 10 && s.Ration == 0 {
			pick(fmt.Sprintf("ration %d", min(3, s.Pos.CM-9)))
		}
		if s.Step == lostvalley.StepSupply && s.Pos.RP <= 10 && s.Delayed == "" {
			pick("delay ")
		}
		if s.Pos.RP <= 12 {
			pick("draw", "play", "keep", "das 312 ", "cas ", "resolve", "drop ", "eliminate ", "repair", "done", "accept", "lose ", "retreat ")
		}
		pick("draw", "play", "keep", "das 312 ", "cas ", "arty ", "resolve", "drop ", "eliminate ", "fort ", "repair", "done", "accept", "lose ", "retreat ")
		if order == "" {
			order = os[0]
		}
		st, err := g.Orders("alice", lostvalley.French, []string{order}, "", time.Unix(0, 0))
		if err != nil {
			t.Fatalf("%q: %v", order, err)
		}
		g.Commit(st)
		lines = append(lines, fmt.Sprintf("@alice /order text:%q", order))
	}
	res := g.Prompt().Result
	head := []string{
		"# Issue 28: a campaign game of The Lost Valley through the console, one",
		"# seat, to its end. Written by a played game (go test ./cmd/umpire -run",
		"# TestLostValleyScript -update-lostvalley). Two refusals are scripted: an",
		"# onlooker's order and an order before the turn's card is drawn.",
		"# seed: 1",
		"# refused: 2",
		"@alice /game new title:lostvalley scenario:campaign french:@alice",
		"# expect: [channel] Awaiting alice (french) — Turn 1, French event card phase (A.1-A.3)",
		"@bob /order text:draw",
		"# expect: [@bob] Refused:",
		`@alice /order text:"move 1BEP Hu"`,
		"# expect: [@alice] Refused: \"move 1BEP Hu\" refused: draw the turn's event card first: draw",
	}
	body := append([]string{}, lines[0])
	body = append(body, "# expect: (authored by Umpire; the printed card may differ)")
	body = append(body, lines[1:]...)
	body = append(body, fmt.Sprintf("# expect: [channel] Game g1 is over: %s", res.Reason))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Join(append(head, body...), "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
