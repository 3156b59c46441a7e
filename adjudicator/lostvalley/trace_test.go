package lostvalley

import (
	"os"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// TestTrace prints a game played by "done" and the first legal choice
// (LV_TRACE=1), to read the narration.
func TestTrace(t *testing.T) {
	if os.Getenv("LV_TRACE") == "" {
		t.Skip("LV_TRACE not set")
	}
	r := testRules(t)
	s0, _ := r.Setup("campaign", nil)
	var s adjudicator.State = s0
	dc := adjudicator.NewStream([]byte("trace"), 0)
	for k := 0; k < 400 && !r.Prompt(s).Over; k++ {
		o := ""
		for _, c := range adjudicator.Orders(r.Legal(s, French)) {
			if c == "done" || c == "resolve" || c == "draw" || c == "keep" || c == "accept" {
				o = c
			}
		}
		if o == "" {
			o = adjudicator.Orders(r.Legal(s, French))[0]
		}
		ns, evs, err := r.Apply(s, French, o, dc)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("> %s  [%s]", o, r.Prompt(s).Phase)
		for _, e := range evs {
			t.Log("  " + strings.ReplaceAll(e.Text, "\n", "\n  "))
		}
		s = ns
	}
	for _, l := range r.View(s, adjudicator.Public).Status {
		t.Log(l)
	}
}
