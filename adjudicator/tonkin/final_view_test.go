package tonkin

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// issue 30, item 7: once the game is over, every viewer's board shows
// every unit (hidden counters and closed forest stacks are shown); before the
// end the public board hides what the referee's shows.
func TestView_FinalBoardShowsEverything(t *testing.T) {
	r := rules(t)
	st, err := adjudicator.MeasureBudget(r, adjudicator.PlayoutOptions{Scenario: "1953", Games: 1, Seed: 3}, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	final, err := adjudicator.Replay(r, st.Longest)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Prompt(final).Over {
		t.Fatal("the game did not end")
	}
	board := func(s adjudicator.State, v adjudicator.Viewer) string {
		b, _ := json.Marshal(r.View(s, v).Board)
		return string(b)
	}
	ref := board(final, adjudicator.Viewer{Referee: true})
	for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(FEF), adjudicator.ViewerOf(VM)} {
		if got := board(final, v); got != ref {
			t.Errorf("%s's final board differs from the referee's", v)
		}
	}
	start, _ := r.Setup("1953", nil)
	if board(start, adjudicator.Public) == board(start, adjudicator.Viewer{Referee: true}) {
		t.Error("before the end the public board must hide the VM's hidden counters")
	}
}
