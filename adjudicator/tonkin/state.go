package tonkin

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Sides.
const (
	FEF = "fef" // the French Expeditionary Force and its colonial troops
	VM  = "vm"  // the Viet Minh and the Pathet Lao
)

// Off-map places (The Map: Saigon and standby zone).
const (
	LocStandby = "standby"
	LocSaigon  = "saigon"
	// The dead boxes (6.13, 6.15): the temporary dead box (Unités
	// détruites temporaires; dummies and captured dumps go there too)
	// and the FEF's permanently dead box (Unités détruites permanentes).
	LocDead = "dead"
	LocPerm = "perm"
)

// Phases of the game turn (1.0) at which a player is awaited. Weather and
// initiative (2.0), the Desorg marker cleanups (7.0) and the end of the
// turn (8.0) are resolved by the rules between them, with the dice of the
// order that ends the phase before.
const (
	PhaseRein1 = "rein1" // 3.0: the 1st player's replacements and reinforcements
	PhaseRein2 = "rein2" // 3.0: the 2nd player's
	PhaseMove1 = "move1" // 5.0: the 1st player's movement
	PhaseOps1  = "ops1"  // 6.0: the 1st player's operation phase
	PhaseMove2 = "move2" // 8.0: the 2nd player's movement
	PhaseOps2  = "ops2"  // 8.0: the 2nd player's operation phase
	PhaseEnd1  = "end1"  // 8.0: the 1st player's end movement
	PhaseEnd2  = "end2"  // 8.0: the 2nd player's end movement
	PhaseOver  = "over"  // the game has ended
)

// Steps of an operation phase (6.1, 6.2).
const (
	StepActivate = "activate" // each side decides whether to spend a supply dump
	StepPoints   = "points"   // the sides spend operation points in chunks
)

// State is a Tonkin game: the board as the scenario sets it up (Basics:
// Setup) and the tracks beside it. It encodes deterministically: units
// are kept sorted by id and maps encode with sorted keys.
type State struct {
	Scenario string `json:"scenario"` // the scenario played ("1950"), or a campaign's first
	// Final is the scenario whose end ends the game: the same as Scenario,
	// or a later one in a campaign (Basics: start any scenario and end
	// any later one).
	Final string `json:"final"`
	Turn  int    `json:"turn"`  // 1, 2, ...: one a month
	Month string `json:"month"` // YYYY-MM: the mois and année markers
	Last  string `json:"last"`  // YYYY-08: the last month played
	Phase string `json:"phase"` // the tour marker on the phase scale
	// Pending: the first turn's replacements and reinforcements phase
	// (1.0, 3.0) awaits its receipts, rolled with the game's first order
	// (the set-up has no dice; RULINGS T66).
	Pending bool `json:"pending,omitempty"`

	// Weather: "sun" or "rain"; "" until the weather roll of a turn (2.0:
	// the first turn of every scenario is sunny). First: the first
	// player, "" until the initiative roll (2.0: the VM goes first in the
	// first turn).
	Weather string `json:"weather,omitempty"`
	First   string `json:"first,omitempty"`

	// The Operation/Victory scale (6.1, 6.16, 8.0).
	VP         int `json:"vp"`          // the victoire markers
	VMLevel    int `json:"vm_level"`    // the scenario's "VM victory level"
	Montagnard int `json:"montagnard"`  // the montagnard marker
	OpsFEF     int `json:"ops_fef"`     // points d'opération
	OpsVM      int `json:"ops_vm"`      // points d'opération
	VMRepl     int `json:"vm_repl"`     // VM replacement scale (3.3)
	VMEquipH   int `json:"vm_equip_h"`  // VM equipment in half points (3.4: the equipment and minor equipment scales)
	VMFoot     int `json:"vm_foot"`     // VM foot transports left (5.5)
	VMTrucks   int `json:"vm_trucks"`   // VM truck transports (units.toml vm_trucks)
	FEFAir     int `json:"fef_air"`     // FEF air transports left (5.6)
	FEFStrikes int `json:"fef_strikes"` // airstrikes left this turn (6.6 b)
	FEFTrucks  int `json:"fef_trucks"`  // FEF truck transports left (5.4)

	// Urban areas: the VM-friendly ones (4.1, set by the scenario), the
	// garrisoned ones and those marked plus de garnison; names, sorted.
	VMFriendly []string `json:"vm_friendly"`
	Garrisons  []string `json:"garrisons"`
	NoGarrison []string `json:"no_garrison"`
	// GarrisonOoS: the garrisons out of supply (4.6), names, sorted.
	GarrisonOoS []string `json:"garrison_oos,omitempty"`
	// GarrisonTrench: the garrisons with a trench marker (6.3 c: "up to
	// 3 units/garrisons"), names, sorted (RULINGS T71).
	GarrisonTrench []string `json:"garrison_trench,omitempty"`

	// The operation phase (6.1, 6.2): the step, the side deciding its
	// activation, the side spending a chunk of points, the points left in
	// that chunk and spent of it, the first side of a run of refusals,
	// and whether that side must now spend a point or lose them all.
	Step    string `json:"step,omitempty"`
	Decider string `json:"decider,omitempty"`
	Mover   string `json:"mover,omitempty"`
	Chunk   int    `json:"chunk,omitempty"`
	Used    int    `json:"used,omitempty"`
	Refuser string `json:"refuser,omitempty"`
	Forced  bool   `json:"forced,omitempty"`

	// The replacements and reinforcements phase (3.0): the VM's supply
	// dumps rolled 5-6 and not yet placed (3.6); the FEF's dumps to place
	// (3.10), battalions it may bring in free (3.7) and those it paid
	// for (0.5 each, rounded up over the phase), replacement steps bought
	// and not used, victory points paid for them this turn and steps
	// brought by air (3.11), and the withdrawals due (3.9).
	VMDumpsFree int      `json:"vm_dumps_free,omitempty"`
	FEFDumpsDue int      `json:"fef_dumps_due,omitempty"`
	FEFFree     int      `json:"fef_free,omitempty"`
	FEFPaid     int      `json:"fef_paid,omitempty"`
	FEFSteps    int      `json:"fef_steps,omitempty"`
	FEFBought   int      `json:"fef_bought,omitempty"`
	FEFAirSteps int      `json:"fef_air_steps,omitempty"`
	Withdraw    []string `json:"withdraw,omitempty"`
	// Trans: the transports of each kind used in this movement phase
	// (5.3: up to 3 of a kind; the ship once, 5.7).
	Trans map[string]int `json:"trans,omitempty"`
	// GiapKilled: the FEF killed Giap this turn (6.16: a FEF decisive
	// victory at the end of the turn).
	GiapKilled bool `json:"giap_killed,omitempty"`
	// Interdicted: road hexes marked Desorg by an airstrike, where neither
	// side may use road movement (6.6 d), sorted.
	Interdicted []string `json:"interdicted,omitempty"`
	// RailVP: the VM has had its railway point this turn (6.16).
	RailVP bool `json:"rail_vp,omitempty"`
	// HanoiLost: the VM occupied Hanoi during this turn (6.16).
	HanoiLost bool `json:"hanoi_lost,omitempty"`

	// The end: the winner ("" for none) and why (8.0, 6.16).
	Winner string `json:"winner,omitempty"`
	Reason string `json:"reason,omitempty"`

	// Standing orders (standing.go): each side's private answers to the
	// choices the rules give it inside the other side's actions.
	Standing map[string]Standing `json:"standing,omitempty"`
	// OwnKeys: each side sets only its own standing keys (issue 30, item
	// 6). Set at setup in games made with the standing option; a game
	// recorded before it keeps taking any key from either side, so that
	// its log replays as it was played.
	OwnKeys bool `json:"own_keys,omitempty"`
	// Recent are the marks of what happened in the stage that ended
	// last and in the stage under way (issue 30, item 2: they stay until
	// the next hand-off), each for the audience of the event that made
	// it; RecentFrom is where the stage under way's begin.
	Recent     []Note `json:"recent,omitempty"`
	RecentFrom int    `json:"recent_from,omitempty"`

	// Combat: the attack, overrun or barrage under way while it waits on
	// a choice of the side attacked (fight.go).
	Combat *Combat `json:"combat,omitempty"`

	Units []*Unit `json:"units"` // sorted by ID
}

// Note is a mark of what happened on the map: a move or a retreat from
// From to At, an attack, a barrage, a step lost or a Desorg marker at
// At; Side is its audience ("" everyone).
type Note struct {
	Side string `json:"side,omitempty"`
	Kind string `json:"kind"`
	From string `json:"from,omitempty"`
	At   string `json:"at"`
}

// remember keeps the marks of an order's events, applied in stage
// before (State.stage: a phase, a chunk of operation points). When the
// order ends that stage, the marks of the stage before it go: only a
// stage's end, public as the prompt, drops marks (invariant 1: a private
// order never changes what the public map shows), and a question put
// inside a fight (evade, ambush, losses), answered by a standing order or
// by its player, leaves the same marks.
func (r *Rules) remember(s *State, before string, ev *events) {
	defer func() {
		if s.stage() == before {
			return
		}
		s.Recent = append([]Note(nil), s.Recent[min(s.RecentFrom, len(s.Recent)):]...)
		if len(s.Recent) == 0 {
			s.Recent = nil
		}
		s.RecentFrom = len(s.Recent)
	}()
	for _, e := range ev.list {
		for _, m := range e.Marks {
			if !onMap(m.At) {
				continue
			}
			if m.From != "" && !onMap(m.From) {
				m.From = ""
			}
			s.Recent = append(s.Recent, Note{Side: string(e.Audience.Side), Kind: m.Kind, From: m.From, At: m.At})
		}
	}
}

// clone is a deep copy: Apply never changes the state it is given.
func (s *State) clone() *State {
	c := *s
	c.Recent = append([]Note(nil), s.Recent...)
	c.VMFriendly = append([]string{}, s.VMFriendly...)
	c.Garrisons = append([]string{}, s.Garrisons...)
	c.NoGarrison = append([]string{}, s.NoGarrison...)
	if s.GarrisonTrench != nil {
		c.GarrisonTrench = append([]string{}, s.GarrisonTrench...)
	}
	if s.GarrisonOoS != nil {
		c.GarrisonOoS = append([]string{}, s.GarrisonOoS...)
	}
	if s.Trans != nil {
		c.Trans = map[string]int{}
		for k, v := range s.Trans {
			c.Trans[k] = v
		}
	}
	if s.Interdicted != nil {
		c.Interdicted = append([]string{}, s.Interdicted...)
	}
	if s.Withdraw != nil {
		c.Withdraw = append([]string{}, s.Withdraw...)
	}
	if s.Standing != nil {
		c.Standing = map[string]Standing{}
		for k, v := range s.Standing {
			c.Standing[k] = v
		}
	}
	c.Combat = s.Combat.clone()
	c.Units = make([]*Unit, len(s.Units))
	for i, u := range s.Units {
		x := *u
		c.Units[i] = &x
	}
	return &c
}

// other is the opposing side.
func other(side string) string {
	if side == FEF {
		return VM
	}
	return FEF
}

// second is the 2nd player.
func (s *State) second() string { return other(s.First) }

// ops is a side's operation points left.
func (s *State) ops(side string) *int {
	if side == FEF {
		return &s.OpsFEF
	}
	return &s.OpsVM
}

// Unit is one counter: a battalion, regiment, group, dummy, leader, HQ
// or supply dump. Its printed values come from its type (units.toml) and
// the steps it has left.
type Unit struct {
	ID     string `json:"id"`   // "1 BEP", "308/88", "BVN 3", "VMG 12", "DUMMY 4", "FEF DR 2"
	Type   string `json:"type"` // units.toml type code
	Side   string `json:"side"` // fef, vm
	Loc    string `json:"loc"`  // a hex id, standby or saigon
	Steps  int    `json:"steps,omitempty"`
	Hidden bool   `json:"hidden,omitempty"` // VM-group, Pathet Lao or dummy on its hidden side (Basics: Counters)
	Desorg bool   `json:"desorg,omitempty"` // 6.17
	OoS    bool   `json:"oos,omitempty"`    // 4.6
	Trench bool   `json:"trench,omitempty"` // 6.10
	Spent  bool   `json:"spent,omitempty"`  // a supply dump being spent (6.2)
	Moved  bool   `json:"moved,omitempty"`  // moved in this movement phase (5.0)
	// Avail: the turn from which a unit off the map may come back (3.3
	// Giap, 3.9, 3.11), or a VM-group be used or mobilized again (3.1,
	// 3.2). Pend: the hex a dead VM counter is mobilized at when the VM's
	// phase ends (3.1; the VM's alone to see). Refit: steps replaced this
	// phase (3.2: 2 at a time). New: received this phase (3.4). Giap:
	// Uncle Ho's counter flipped (3.3).
	Avail int    `json:"avail,omitempty"`
	Pend  string `json:"pend,omitempty"`
	Refit int    `json:"refit,omitempty"`
	New   bool   `json:"new,omitempty"`
	Giap  bool   `json:"giap,omitempty"`
}

// Encode implements adjudicator.State.
func (s *State) Encode() ([]byte, error) { return json.Marshal(s) }

// unit finds a unit by id.
func (s *State) unit(id string) *Unit {
	for _, u := range s.Units {
		if u.ID == id {
			return u
		}
	}
	return nil
}

// months: "YYYY-MM" as a count of months, and back.
func monthNum(m string) (int, bool) {
	if len(m) != 7 || m[4] != '-' {
		return 0, false
	}
	y, err1 := strconv.Atoi(m[:4])
	mo, err2 := strconv.Atoi(m[5:])
	if err1 != nil || err2 != nil || mo < 1 || mo > 12 {
		return 0, false
	}
	return y*12 + mo - 1, true
}

var monthNames = []string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// MonthName is "October 1950" for "1950-10".
func MonthName(m string) string {
	n, ok := monthNum(m)
	if !ok {
		return m
	}
	return fmt.Sprintf("%s %d", monthNames[n%12], n/12)
}

// monthsBetween counts the turns from a to b, both included.
func monthsBetween(a, b string) int {
	x, _ := monthNum(a)
	y, _ := monthNum(b)
	return y - x + 1
}

// nextMonth is the month after m.
func nextMonth(m string) string {
	n, _ := monthNum(m)
	n++
	return fmt.Sprintf("%04d-%02d", n/12, n%12+1)
}

// rainSeason: June to August (2.0).
func rainSeason(m string) bool {
	n, _ := monthNum(m)
	mo := n%12 + 1
	return mo >= 6 && mo <= 8
}
