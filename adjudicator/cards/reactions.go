package cards

import (
	"fmt"
	"strconv"
	"strings"
)

// Mode is a side's standing answer to one kind of reaction window.
type Mode string

const (
	// Skip: never play the card in this window; the game does not wait.
	Skip Mode = "never"
	// Ask: the game waits on the side in every such window, whether or
	// not it holds the card, and the player answers.
	Ask Mode = "ask"
	// Play: play the card whenever the window opens with a measure of at
	// least Min and the card is held; the game never waits.
	Play Mode = "play"
)

// Standing is a side's private standing reaction for one window kind:
// "never", "ask", or "play" with a threshold ("play Mines against an
// assault of 5 or more units" is Play with Min 5, measured by the title).
type Standing struct {
	Mode Mode `json:"mode"`
	Min  int  `json:"min,omitempty"`
}

func (s Standing) String() string {
	if s.Mode == Play && s.Min > 0 {
		return fmt.Sprintf("play %d", s.Min)
	}
	return string(s.Mode)
}

// ParseStanding reads "never", "ask", "play" or "play N" (N at least 1:
// the window's measure, a title's count such as assaulting units).
func ParseStanding(text string) (Standing, error) {
	f := strings.Fields(strings.ToLower(text))
	bad := fmt.Errorf("%q is not a standing reaction: give never, ask, play, or play N (when the measure is at least N)", text)
	if len(f) == 0 || len(f) > 2 {
		return Standing{}, bad
	}
	switch Mode(f[0]) {
	case Skip, Ask:
		if len(f) == 2 {
			return Standing{}, bad
		}
		return Standing{Mode: Mode(f[0])}, nil
	case Play:
		if len(f) == 1 {
			return Standing{Mode: Play}, nil
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > 99 {
			return Standing{}, bad
		}
		return Standing{Mode: Play, Min: n}, nil
	}
	return Standing{}, bad
}

// Book is one side's standing reactions, by the title's window kinds
// (usually a card's name). It is that side's secret; it encodes
// deterministically (encoding/json sorts map keys).
type Book map[string]Standing

// Clone is an independent copy.
func (b Book) Clone() Book {
	if b == nil {
		return nil
	}
	c := make(Book, len(b))
	for k, v := range b {
		c[k] = v
	}
	return c
}

// Get is the standing for kind, or def when the side set none.
func (b Book) Get(kind string, def Standing) Standing {
	if s, ok := b[kind]; ok {
		return s
	}
	return def
}

// Decision is what a window does for one side.
type Decision int

const (
	Pass     Decision = iota // nothing is played, nobody waits
	AskSide                  // the game waits on the side (its standing is "ask")
	PlayCard                 // the card is played at once, silently decided
)

// Decide answers one window of kind for a side whose standing is looked
// up in b (def when unset). measure is the window's public measure (the
// title's count for "play N"); held is whether the side holds a card
// that fits. Whether the game waits depends on the standing alone, never
// on held: the pause must not tell the other side what the hand holds.
// The title opens a window only on public facts.
func (b Book) Decide(kind string, def Standing, measure int, held bool) Decision {
	s := b.Get(kind, def)
	switch s.Mode {
	case Ask:
		return AskSide
	case Play:
		if held && measure >= s.Min {
			return PlayCard
		}
	}
	return Pass
}
