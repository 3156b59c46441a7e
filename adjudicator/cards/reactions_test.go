package cards

import "testing"

// Invariant 1: whether the game waits on a side never depends on
// whether it holds the card: only its standing says "ask".
func TestDecide_WaitingNeverDependsOnTheHand(t *testing.T) {
	for _, s := range []Standing{{Mode: Skip}, {Mode: Ask}, {Mode: Play}, {Mode: Play, Min: 5}} {
		b := Book{"Mines": s}
		for m := 0; m < 10; m++ {
			held, empty := b.Decide("Mines", Standing{Mode: Skip}, m, true), b.Decide("Mines", Standing{Mode: Skip}, m, false)
			if (held == AskSide) != (empty == AskSide) {
				t.Fatalf("standing %v, measure %d: waits %v with the card, %v without", s, m, held == AskSide, empty == AskSide)
			}
			if empty == PlayCard {
				t.Fatalf("standing %v plays a card not held", s)
			}
		}
	}
}

func TestDecide_Table(t *testing.T) {
	b := Book{"Mines": {Mode: Play, Min: 5}, "Flares": {Mode: Ask}}
	for _, c := range []struct {
		kind    string
		measure int
		held    bool
		want    Decision
	}{
		{"Mines", 5, true, PlayCard},
		{"Mines", 4, true, Pass},
		{"Mines", 9, false, Pass},
		{"Flares", 0, false, AskSide},
		{"Poor Weather", 9, true, PlayCard}, // the default below
	} {
		if got := b.Decide(c.kind, Standing{Mode: Play}, c.measure, c.held); got != c.want {
			t.Errorf("%s measure %d held %v: %v, want %v", c.kind, c.measure, c.held, got, c.want)
		}
	}
}

func TestParseStanding(t *testing.T) {
	for in, want := range map[string]string{"never": "never", "ASK": "ask", "play": "play", "play 5": "play 5"} {
		s, err := ParseStanding(in)
		if err != nil || s.String() != want {
			t.Errorf("%q: %v %v, want %s", in, s, err, want)
		}
	}
	for _, in := range []string{"", "always", "ask 3", "play x", "play 0", "play 1 2"} {
		if _, err := ParseStanding(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}
