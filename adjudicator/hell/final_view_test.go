package hell

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// issue 30, item 7: once the game is over, every viewer's board shows
// every unit (the public map no longer draws the VM as '?'); before the
// end the public board hides what the referee's shows.
func TestView_FinalBoardShowsEverything(t *testing.T) {
	st, err := adjudicator.MeasureBudget(testRules, adjudicator.PlayoutOptions{Scenario: "initial-assault", Games: 1, Seed: 3}, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	final, err := adjudicator.Replay(testRules, st.Longest)
	if err != nil {
		t.Fatal(err)
	}
	if !testRules.Prompt(final).Over {
		t.Fatal("the game did not end")
	}
	board := func(s adjudicator.State, v adjudicator.Viewer) string {
		b, _ := json.Marshal(testRules.View(s, v).Board)
		return string(b)
	}
	ref := board(final, adjudicator.Viewer{Referee: true})
	for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(French), adjudicator.ViewerOf(VM)} {
		if got := board(final, v); got != ref {
			t.Errorf("%s's final board differs from the referee's", v)
		}
	}
	start, _ := testRules.Setup("initial-assault", nil)
	if board(start, adjudicator.Public) == board(start, adjudicator.Viewer{Referee: true}) {
		t.Error("before the end the public board must hide the VM's battalions")
	}
}
