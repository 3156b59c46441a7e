package hell

import (
	"encoding/json"
	"fmt"
	"maps"
	"sort"
)

// Sides of A Season in Hell.
const (
	French = "french"
	VM     = "vm"
)

// Special unit locations that are not on the map.
const (
	LocOut     = "out"     // eliminated or not in this scenario
	LocLater   = "later"   // scheduled reinforcement not yet arrived
	LocPool    = "pool"    // French paratroops received, not yet dropped (3.2)
	LocTrack   = "track"   // VM battalion on the Game Turn track (3.1)
	LocRemoved = "removed" // French company merged away (3.2): out for good
)

// Phases of the week.
const (
	PhaseSetupFrench  = "setup-french"     // 9: France sets up first
	PhaseSetupVM      = "setup-vm"         // then the VM, hidden
	PhaseVMReorg      = "vm-reorg"         // 3.1 resupply, trading, reconstitution
	PhaseVMEntrench   = "vm-entrench"      // 3.1 entrenchments
	PhaseFrenchSupply = "french-supply"    // 3.2
	PhaseVMDecide     = "vm-decide"        // 2: assault this week?
	PhaseFrDecide     = "french-decide"    // 2: operate this week?
	PhaseOperations   = "operations"       // 4-6 (the operational phase)
	PhaseVMMove       = "vm-move"          // 3.3 strategic movement, VM
	PhaseFrMove       = "french-move"      // 3.3 strategic movement, France
	PhaseVMSiege      = "vm-siege"         // 8 siege fire
	PhaseFrAttrition  = "french-attrition" // 8 allocating attrition losses
	PhaseOver         = "over"
)

// FUnit is a French unit's state.
type FUnit struct {
	Loc      string `json:"loc"`
	From     string `json:"from,omitempty"` // the PA left for a peripheral zone in an operation (6.2.7)
	Steps    int    `json:"steps"`
	Fatigued bool   `json:"fatigued,omitempty"`
	Disorg   bool   `json:"disorg,omitempty"`
}

// VUnit is a VM battalion's or dummy's state.
type VUnit struct {
	Loc      string `json:"loc"`
	Losses   int    `json:"losses,omitempty"` // 0..3 (3: destroyed)
	Dummy    bool   `json:"dummy,omitempty"`
	Revealed bool   `json:"revealed,omitempty"` // engaged or exposed by recon
	Engaged  bool   `json:"engaged,omitempty"`  // 5.1/6.2.1: takes part in this assault
	Fatigued bool   `json:"fatigued,omitempty"`
	Disorg   bool   `json:"disorg,omitempty"`
	// Inactive: broke off (6.2.7), "inactive until the end of the round"
	// (ruling H67).
	Inactive bool `json:"inactive,omitempty"`
	// DefMoved: moved in defence this impulse (6.2.6), flipped at the
	// beginning of the following impulse (ruling H68).
	DefMoved bool `json:"defmoved,omitempty"`
	// Return is the turn a battalion on the Game Turn track comes back;
	// Recover marks a reconstitution (one step back per turn on the track).
	Return  int  `json:"return,omitempty"`
	Recover bool `json:"recover,omitempty"`
}

// destroyed: a battalion that lost its third step (0.1), off the map.
func (u *VUnit) destroyed() bool { return !u.Dummy && u.Loc == LocOut && u.Losses >= 3 }

// Advance is a pending advance after combat into a PA (5.5).
type Advance struct {
	Side  string   `json:"side"`
	PA    string   `json:"pa"`
	Units []string `json:"units"`
}

// Loss is an attrition loss France must allocate (8).
type Loss struct {
	Reason string `json:"reason"`
	// Where: "crc", "isabelle" (units there or a replacement point), "any"
	// (any unit in the CRC or Isabelle, or a replacement point), or a PA id
	// (a step from units in that PA only, never a replacement point).
	Where string `json:"where"`
}

// Note is a mark of what just happened, addressed to an audience.
type Note struct {
	Side string `json:"side,omitempty"` // "" for everyone
	Kind string `json:"kind"`
	From string `json:"from,omitempty"`
	At   string `json:"at"`
	// Unit is the unit that moved (a move): the map draws its arrow to
	// its counter. A view keeps it only for a viewer who sees the unit.
	Unit string `json:"unit,omitempty"`
}

// State is a game of A Season in Hell. It encodes deterministically:
// encoding/json sorts map keys.
type State struct {
	Scenario  string `json:"scenario"`
	FirstTurn int    `json:"first_turn"`
	LastTurn  int    `json:"last_turn"`
	Turn      int    `json:"turn"`
	Phase     string `json:"phase"`
	// Acting is the side that chose to act this week ("" if none).
	Acting string `json:"acting,omitempty"`

	French map[string]*FUnit `json:"french"`
	VM     map[string]*VUnit `json:"vm"`

	Trench   map[string]int  `json:"trench"`   // zone or PA id -> level 1..3
	Captured map[string]bool `json:"captured"` // PAs under VM control

	VMMunitions     int `json:"vm_munitions"`
	FrenchMunitions int `json:"french_munitions"`
	VMLosses        int `json:"vm_losses"`
	Replacements    int `json:"replacements"`
	AirPoints       int `json:"air_points"`
	TradePoints     int `json:"trade_points"` // barrage points received this turn, tradeable for steps
	Entrench        int `json:"entrench"`     // entrenchment points left this turn
	SiegeFire       int `json:"siege_fire"`   // VM artillery points spent on siege fire this turn
	ATPLine         int `json:"atp_line"`     // the Air Transport Points line rolled on this turn
	// IsabelleLinked: 3.2, the CRC-Isabelle road was open at the start of
	// the turn.
	IsabelleLinked bool `json:"isabelle_linked,omitempty"`

	Moved   map[string]bool `json:"moved,omitempty"`   // units moved or placed this phase
	Pending []Loss          `json:"pending,omitempty"` // attrition losses to allocate
	Recent  []Note          `json:"recent,omitempty"`  // marks of the last resolution
	// RecentFrom is where the marks of the stage under way begin.
	RecentFrom int `json:"recent_from,omitempty"`

	// The operational phase (4-6).
	Round int    `json:"round,omitempty"` // 1..4
	Half  string `json:"half,omitempty"`  // whose half of the round: vm or french
	Step  string `json:"step,omitempty"`  // see ops.go
	// Acted is the step (stepKey) in which the awaited side last gave an
	// order: such a step is never skipped for it (it ends it with done).
	Acted   string          `json:"acted,omitempty"`
	Impulse int             `json:"impulse,omitempty"` // 1..3 during an assault or operation
	Dropped int             `json:"dropped,omitempty"` // companies dropped this round (4.1)
	Fired   map[string]bool `json:"fired,omitempty"`   // fires this impulse: "art:LOC", "inf:LOC", "air:LOC"
	Hit     map[string]bool `json:"hit,omitempty"`     // locations attacked this impulse (5.6, 6.2.6)
	Recon   map[string]bool `json:"recon,omitempty"`   // zones reconnoitred this round (6.1)
	// Hits are combat results waiting for their owner to allocate them.
	Hits []Hit `json:"hits,omitempty"`
	// EndOffer: the side that offered to end the week's rounds (4).
	EndOffer string `json:"end_offer,omitempty"`
	// NoAssault: 1.5, from 50 VM step losses no VM assault for the rest
	// of this turn.
	NoAssault int `json:"no_assault,omitempty"`
	// Standing orders by side, private to it.
	Standing map[string]Standing `json:"standing,omitempty"`
	// OwnKeys: each side sets only its own standing keys (issue 30, item
	// 6). Set at setup in games made with the standing option; a game
	// recorded before it keeps taking any key from either side, so that
	// its log replays as it was played.
	OwnKeys bool `json:"own_keys,omitempty"`
	// Advances wait for their hits to be allocated: if the PA is then
	// empty of defenders, the attackers advance (5.5).
	Advances []Advance `json:"advances,omitempty"`

	Winner string `json:"winner,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// Encode implements adjudicator.State.
func (s *State) Encode() ([]byte, error) { return json.Marshal(s) }

func (s *State) clone() *State {
	c := *s
	// the units in one allocation a side (issue 31: a replay clones the
	// state at every entry)
	c.French = make(map[string]*FUnit, len(s.French))
	fs := make([]FUnit, 0, len(s.French))
	for k, v := range s.French {
		fs = append(fs, *v)
		c.French[k] = &fs[len(fs)-1]
	}
	c.VM = make(map[string]*VUnit, len(s.VM))
	vs := make([]VUnit, 0, len(s.VM))
	for k, v := range s.VM {
		vs = append(vs, *v)
		c.VM[k] = &vs[len(vs)-1]
	}
	c.Trench = copyMap(s.Trench)
	c.Captured = copyMap(s.Captured)
	c.Moved = copyMap(s.Moved)
	c.Pending = append([]Loss(nil), s.Pending...)
	c.Fired = copyMap(s.Fired)
	c.Hit = copyMap(s.Hit)
	c.Recon = copyMap(s.Recon)
	c.Hits = make([]Hit, len(s.Hits))
	for i, h := range s.Hits {
		h.Done = append([]string(nil), h.Done...)
		h.Units = append([]string(nil), h.Units...)
		c.Hits[i] = h
	}
	if s.Hits == nil {
		c.Hits = nil
	}
	c.Standing = copyMap(s.Standing)
	c.Advances = nil
	for _, a := range s.Advances {
		a.Units = append([]string(nil), a.Units...)
		c.Advances = append(c.Advances, a)
	}
	c.Recent = append([]Note(nil), s.Recent...)
	return &c
}

func copyMap[V any](m map[string]V) map[string]V {
	return maps.Clone(m) // nil for nil
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// DummyID names the n-th dummy (1-based).
func DummyID(n int) string { return fmt.Sprintf("DUMMY%d", n) }

// newState sets up a scenario (9) with its historical placements.
func newState(d *Data, scenario string) (*State, error) {
	sc, ok := d.Scenario(scenario)
	if !ok {
		var ids []string
		for _, x := range d.Scenarios.Scenario {
			ids = append(ids, x.ID)
		}
		return nil, fmt.Errorf("unknown scenario %q; scenarios are %v", scenario, ids)
	}
	s := &State{
		Scenario: sc.ID, FirstTurn: sc.FirstTurn, LastTurn: sc.LastTurn, Turn: sc.FirstTurn,
		Phase:  PhaseSetupFrench,
		French: map[string]*FUnit{}, VM: map[string]*VUnit{},
		Trench: map[string]int{}, Captured: map[string]bool{},
		VMMunitions: sc.VMMunitions, FrenchMunitions: sc.FrMunitions,
		VMLosses: sc.VMLosses, Replacements: sc.Replacement,
	}
	for _, u := range d.Forces.French {
		s.French[u.ID] = &FUnit{Loc: LocOut, Steps: u.Steps}
	}
	for _, u := range d.Forces.VM {
		s.VM[u.ID] = &VUnit{Loc: LocOut}
	}
	// Scheduled reinforcements after the first turn wait off the map;
	// those due on or before it are in the set-up or out.
	for _, a := range d.Forces.FrenchArrival {
		for _, id := range a.Units {
			if a.Turn > sc.FirstTurn {
				s.French[id].Loc = LocLater
			}
		}
	}
	for _, a := range d.Forces.VMArrival {
		for _, id := range a.Units {
			if a.Turn > sc.FirstTurn {
				s.VM[id].Loc = LocLater
			}
		}
	}
	for _, p := range sc.French {
		for _, id := range p.Units {
			s.French[id].Loc = p.At
		}
	}
	for _, p := range sc.VM {
		for _, id := range p.Units {
			s.VM[id].Loc = p.At
		}
	}
	for _, id := range sc.FrenchOut {
		s.French[id].Loc = LocOut
	}
	for _, id := range sc.VMOut {
		s.VM[id].Loc = LocOut
	}
	n := d.Forces.Dummies
	if sc.FirstTurn >= d.Forces.DummiesTurn {
		n += d.Forces.ExtraDummies
	}
	for i := 1; i <= n; i++ {
		// Ruling H3: dummies start in Jungle Zone 2 unless the VM places them.
		s.VM[DummyID(i)] = &VUnit{Loc: d.Map.ReinforcementJungle, Dummy: true}
	}
	for _, t := range sc.Trenches {
		s.Trench[t.At] = t.Level
	}
	for _, pa := range sc.Captured {
		s.Captured[pa] = true
	}
	return s, nil
}
