// Package solotoy is a toy one-seat title for the bot's tests (issue 28
// item 1: a solitaire title, its enemy run by the rules).
package solotoy

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Rules is a toy one-seat title (issue 28 item 1): one player holds the
// "french" seat; the enemy ("vm", no seat) is run by the rules inside
// Apply after each of the player's orders and narrated to everyone. The
// player's secret ("plan") is shown only to their seat. A deadline takes
// a default only when the player chose one (standing default:hold).
type Rules struct{}

type state struct {
	Turn     int    `json:"turn"`
	Camp     int    `json:"camp"`
	Plan     string `json:"plan,omitempty"`
	Standing bool   `json:"standing,omitempty"`
	Over     bool   `json:"over,omitempty"`
}

func (s *state) Encode() ([]byte, error) { return json.Marshal(s) }

func (Rules) Info() adjudicator.Info {
	return adjudicator.Info{ID: "solo", Name: "Solo", Sides: []adjudicator.Side{"french"},
		Scenarios: []adjudicator.Scenario{{ID: "short", Name: "Short", Turns: "1-3"}}}
}

func (Rules) Setup(string, adjudicator.Options) (adjudicator.State, error) {
	return &state{Turn: 1, Camp: 10}, nil
}

func (Rules) Decode(b []byte) (adjudicator.State, error) {
	var s state
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

func (Rules) Prompt(st adjudicator.State) adjudicator.Prompt {
	s := st.(*state)
	if s.Over {
		return adjudicator.Prompt{Over: true, Phase: "over", Result: &adjudicator.Result{Winner: "french", Reason: fmt.Sprintf("the camp held with %d", s.Camp)}}
	}
	p := adjudicator.Prompt{Awaiting: []adjudicator.Side{"french"}, Phase: fmt.Sprintf("Turn %d", s.Turn), Stage: fmt.Sprint(s.Turn),
		Decision: "hold, dig or plan <word>"}
	if s.Standing {
		p.Default = "hold"
	}
	return p
}

func (Rules) Legal(adjudicator.State, adjudicator.Side) []adjudicator.Choice {
	return []adjudicator.Choice{{Word: "hold", Complete: true}, {Word: "dig", Complete: true},
		{Word: "standing", Next: []adjudicator.Choice{{Word: "default:hold", Complete: true}}}}
}

func (Rules) Apply(st adjudicator.State, side adjudicator.Side, a string, d adjudicator.Dice) (adjudicator.State, []adjudicator.Event, error) {
	s := *st.(*state)
	if s.Over {
		return nil, nil, adjudicator.Refuse(a, "the game is over")
	}
	if side != "french" {
		return nil, nil, adjudicator.Refuse(a, "only the french player orders")
	}
	var evs []adjudicator.Event
	switch {
	case a == "standing default:hold":
		s.Standing = true
		return &s, []adjudicator.Event{{Audience: adjudicator.Only("french"), Text: "standing order: hold when a deadline passes"}}, nil
	case strings.HasPrefix(a, "plan "):
		s.Plan = strings.TrimPrefix(a, "plan ")
		return &s, []adjudicator.Event{{Audience: adjudicator.Only("french"), Text: "plan noted: " + s.Plan}}, nil
	case a == "dig":
		s.Camp++
	case a == "hold":
	default:
		return nil, nil, adjudicator.Refuse(a, "orders are hold, dig, plan <word> and standing default:hold")
	}
	// The enemy's procedure, run by the rules after the player's order.
	die := d.Roll(6)
	hit := 0
	if die >= 4 {
		hit = 1
	}
	s.Camp -= hit
	evs = append(evs, adjudicator.Event{Audience: adjudicator.Everyone,
		Text: fmt.Sprintf("The VM assault the camp: die %d, %d lost; camp %d.", die, hit, s.Camp)})
	s.Turn++
	if s.Turn > 3 {
		s.Over = true
	}
	return &s, evs, nil
}

func (Rules) View(st adjudicator.State, v adjudicator.Viewer) adjudicator.View {
	s := st.(*state)
	status := []string{fmt.Sprintf("turn %d, camp %d", s.Turn, s.Camp)}
	if v.Referee || v.Side == "french" {
		status = append(status, "plan: "+s.Plan)
	}
	return adjudicator.View{Title: "solo", Viewer: v.String(), Prompt: Rules{}.Prompt(st), Status: status}
}
