package storm

import (
	"encoding/json"
	"fmt"
	"maps"

	"github.com/umpirebot/umpire/adjudicator/cards"
)

// The steps of a turn (4.0) at which the game waits.
const (
	stepBid         = "bid"          // 15.0: sealed bids for the sides (option bidding:on)
	stepDraw        = "draw"         // turn 1: the VM starts the game (the draw needs dice)
	stepHandLimit   = "hand-limit"   // 5.1: a side over its hand size discards the excess
	stepAction      = "action"       // 4.0-B, 6.0
	stepVMPassed    = "vm-passed"    // 4.0-B: France may discard a card to go on
	stepDiscardVM   = "discard-vm"   // 4.0-C, 5.3: the VM discards first
	stepDiscardFr   = "discard-fr"   // then France
	stepNoSupply    = "no-supply"    // 11.0: the VM marks the unsupplied areas
	stepPlaceVM     = "place-vm"     // 12.3: the VM places first
	stepPlaceFrench = "place-french" // then France
	stepDetonate    = "detonate"     // Detonate Mine Shaft: France may retreat units first
	stepOver        = "over"
)

// Unit is one counter's place and face.
type UnitState struct {
	Area  int  `json:"a,omitempty"` // 0: off the board (not arrived, in the pool)
	Spent bool `json:"s,omitempty"`
	Out   bool `json:"o,omitempty"` // eliminated or removed from the game
}

// Question is a reaction window awaiting a side that chose "ask".
type Question struct {
	Side    Side   `json:"side"`
	Kind    string `json:"kind"`
	Measure int    `json:"measure"`
	Text    string `json:"text"`
}

// Attack is a fire attack, an assault or an artillery card under way,
// kept in the state so that a reaction window can wait on a side.
type Attack struct {
	By        Side           `json:"by"`
	Target    int            `json:"target"`
	From      int            `json:"from,omitempty"`
	Units     []string       `json:"units,omitempty"`
	Card      int            `json:"card,omitempty"` // the attacking card's number (0: units)
	CardName  string         `json:"card_name,omitempty"`
	Fire      int            `json:"fire,omitempty"` // the card's firepower
	Assault   bool           `json:"assault,omitempty"`
	Clear     bool           `json:"clear,omitempty"`   // Artillery's second use: remove the trenches
	Counter   bool           `json:"counter,omitempty"` // Counter Attack: no fire marker, area defense ignored
	Mortar    int            `json:"mortar,omitempty"`
	Night     int            `json:"night,omitempty"`
	Flame     bool           `json:"flame,omitempty"`
	Giap      int            `json:"giap,omitempty"` // re-rolls allowed (cards declared)
	GiapCards []int          `json:"giap_cards,omitempty"`
	Coord     int            `json:"coord,omitempty"` // Command Coordination: re-roll a die of this or less
	CoordCard int            `json:"coord_card,omitempty"`
	Improved  int            `json:"improved,omitempty"`
	Allocate  bool           `json:"allocate,omitempty"` // the attacker allocates the damage (Fighter Bombers)
	Within    bool           `json:"within,omitempty"`   // played within the action: it does not end it
	Stage     int            `json:"stage"`
	Points    int            `json:"points,omitempty"`
	Answers   map[string]int `json:"answers,omitempty"`    // reaction windows decided: card played, 0 for none
	Alloc     map[string]int `json:"alloc,omitempty"`      // the owner's own damage allocation (8.4), when asked
	Roll      int            `json:"roll,omitempty"`       // Mines' roll: the units to withdraw
	Withdraw  []string       `json:"withdraw,omitempty"`   // the VM's own choice of them, when asked
	DebPoints int            `json:"deb_points,omitempty"` // Debouchez a Zero!'s damage to the assaulting units
	DebAlloc  map[string]int `json:"deb_alloc,omitempty"`  // the VM's own allocation of it, when asked
}

// State is a game of Storm over Dien Bien Phu.
type State struct {
	Turn     int                   `json:"turn"`
	Step     string                `json:"step"`
	Active   Side                  `json:"active"`
	Passed   Side                  `json:"passed,omitempty"` // the side whose pass was the last action
	Units    map[string]*UnitState `json:"units"`
	Control  map[int]Side          `json:"control"`
	Trench   map[int]int           `json:"trench,omitempty"`
	FireMark map[int]Side          `json:"fire,omitempty"`
	NoSupply []int                 `json:"no_supply,omitempty"`
	Due      int                   `json:"due,omitempty"` // areas the VM must mark
	Cards    map[Side]*cards.Stock `json:"cards"`
	Books    map[Side]cards.Book   `json:"books,omitempty"`
	Policy   map[Side]string       `json:"policy,omitempty"` // by side: damage allocation (8.4); by "retreat-"+side: retreat ties (8.4.2)
	NoRepl   bool                  `json:"no_repl,omitempty"`
	Lost     map[Side][]int        `json:"lost,omitempty"`      // control lost in the current action
	LostPrev map[Side][]int        `json:"lost_prev,omitempty"` // ... in the previous action (Counter Attack)
	Excess   map[Side]int          `json:"excess,omitempty"`    // 5.1: cards over the hand size
	Pending  *Attack               `json:"pending,omitempty"`
	Ask      *Question             `json:"ask,omitempty"`
	Answers  map[string]int        `json:"answers,omitempty"` // windows outside attacks, decided
	Detonate int                   `json:"detonate,omitempty"`
	Within   int                   `json:"within,omitempty"` // cards played within the current action
	Target   int                   `json:"target_areas"`     // 14.0 / 15.0: victory areas the VM needs
	Bids     map[Side]int          `json:"bids,omitempty"`   // 15.0: each seat's sealed bid, secret until both are in
	Winner   Side                  `json:"winner,omitempty"`
	Reason   string                `json:"reason,omitempty"`
}

// Encode is deterministic: encoding/json sorts map keys and the card
// piles are sorted.
func (s *State) Encode() ([]byte, error) { return json.Marshal(s) }

func (s *State) clone() *State {
	c := *s
	c.Units = make(map[string]*UnitState, len(s.Units))
	buf := make([]UnitState, len(s.Units)) // one allocation for all the units
	i := 0
	for k, v := range s.Units {
		buf[i] = *v
		c.Units[k] = &buf[i]
		i++
	}
	c.Control = maps.Clone(s.Control)
	c.Trench = cloneMap(s.Trench)
	c.FireMark = cloneMap(s.FireMark)
	c.NoSupply = append([]int(nil), s.NoSupply...)
	c.Cards = map[Side]*cards.Stock{}
	for k, v := range s.Cards {
		st := v.Clone()
		c.Cards[k] = &st
	}
	if s.Books != nil {
		c.Books = map[Side]cards.Book{}
		for k, v := range s.Books {
			c.Books[k] = v.Clone()
		}
	}
	c.Policy = cloneMap(s.Policy)
	c.Lost = cloneLists(s.Lost)
	c.LostPrev = cloneLists(s.LostPrev)
	c.Excess = cloneMap(s.Excess)
	c.Bids = cloneMap(s.Bids)
	c.Answers = cloneMap(s.Answers)
	if s.Pending != nil {
		p := *s.Pending
		p.Units = append([]string(nil), p.Units...)
		p.GiapCards = append([]int(nil), p.GiapCards...)
		if p.GiapCards == nil && s.Pending.GiapCards != nil {
			p.GiapCards = []int{}
		}
		p.Answers = cloneMap(p.Answers)
		p.Alloc = cloneMap(p.Alloc)
		p.DebAlloc = cloneMap(p.DebAlloc)
		p.Withdraw = append([]string(nil), p.Withdraw...)
		c.Pending = &p
	}
	if s.Ask != nil {
		q := *s.Ask
		c.Ask = &q
	}
	return &c
}

func cloneMap[K comparable, V any](m map[K]V) map[K]V { return maps.Clone(m) }

func cloneLists(m map[Side][]int) map[Side][]int {
	if m == nil {
		return nil
	}
	c := make(map[Side][]int, len(m))
	for k, v := range m {
		c[k] = append([]int(nil), v...)
	}
	return c
}

func decodeState(d *Data, b []byte) (*State, error) {
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	if s.Turn < 1 || s.Turn > Turns || s.Units == nil || s.Control == nil || s.Cards[French] == nil || s.Cards[VM] == nil {
		return nil, fmt.Errorf("storm: not a Storm over Dien Bien Phu state")
	}
	for id := range s.Units {
		if d.Unit[id] == nil {
			return nil, fmt.Errorf("storm: state names unknown unit %q", id)
		}
	}
	for _, side := range []Side{French, VM} {
		var all []int
		for n := range d.CardOf[side] {
			all = append(all, n)
		}
		if err := s.Cards[side].Check(all); err != nil {
			return nil, fmt.Errorf("storm: %s's cards: %w", side, err)
		}
	}
	return &s, nil
}

func other(s Side) Side {
	if s == French {
		return VM
	}
	return French
}
