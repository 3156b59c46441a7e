package lostvalley

import (
	"fmt"
	"sort"
)

// Position is the board as the rules see it: the tracks, the CR, the VM
// divisions and the French units. It encodes deterministically (maps are
// written with sorted keys by encoding/json).
type Position struct {
	Turn     int                   `json:"turn"`
	CM       int                   `json:"cm"`
	RP       int                   `json:"rp"`
	AAA      int                   `json:"aaa"`
	Airstrip string                `json:"airstrip"` // active, interdicted, damaged, destroyed (8.1)
	CRs      map[string]*CRState   `json:"crs"`
	Divs     map[int]*DivState     `json:"divs"`
	Units    map[string]*UnitState `json:"units"`
	Mods     Mods                  `json:"mods,omitempty"`
	// AnyAssaultLast: a VM assault took place in the previous turn (9.2's
	// +1 when none did).
	AnyAssaultLast bool `json:"any_assault_last,omitempty"`
	// IsabelleEncircled: 12.2.2's CM loss was taken (and is given back
	// when Isabelle is no longer encircled).
	IsabelleEncircled bool `json:"isabelle_encircled,omitempty"`
}

// CRState is a CR's control and fortifications (2.2.1).
type CRState struct {
	Fort int `json:"fort"`
	// VM is the division whose control marker is in the box (0: none).
	VM int `json:"vm,omitempty"`
	// NoMansLand: a No Man's Land marker (14.3, 15.1.6, 15.1.7).
	NoMansLand bool `json:"nml,omitempty"`
	// LostTo: the division that captured it (its stars and icons are
	// given back when the French hold it again: 2.2.4.1-2.2.4.3).
	LostTo int `json:"lost_to,omitempty"`
}

// DivState is a VM division's strength and status (2.2.8.4, 11.0).
type DivState struct {
	Strength int  `json:"strength"`
	Original int  `json:"original"`
	Active   bool `json:"active"`
	// Activated: 11.3's activation done (304 and 316 start without it).
	Activated bool `json:"activated"`
	// Assaulted this turn; AssaultedLast: in the previous turn (11.1).
	Assaulted     bool `json:"assaulted,omitempty"`
	AssaultedLast bool `json:"assaulted_last,omitempty"`
}

// UnitState is a French unit's place and condition.
type UnitState struct {
	// At: a CR or DZ id, "turn N" (on the turn track), "holding"
	// (Bataillons de Marche), "aside", "remnants" (2.2.8.6) or
	// "eliminated" (2.2.8.7).
	At        string `json:"at"`
	Steps     int    `json:"steps"`
	Used      bool   `json:"used,omitempty"`
	Disrupted bool   `json:"disrupted,omitempty"`
}

// NewPosition sets up a scenario (3.0).
func NewPosition(d *Data, scenario string) (*Position, error) {
	s := d.Scenario(scenario)
	if s == nil {
		return nil, fmt.Errorf("unknown scenario %q", scenario)
	}
	p := &Position{Turn: s.FirstTurn, CM: s.CM, RP: s.RP, AAA: s.AAA, Airstrip: s.Airstrip,
		CRs: map[string]*CRState{}, Divs: map[int]*DivState{}, Units: map[string]*UnitState{}}
	for _, cr := range d.Board.CRs {
		p.CRs[cr.ID] = &CRState{Fort: s.Forts[cr.ID], VM: s.VM[cr.ID]}
	}
	for _, v := range s.Divisions {
		// 11.3: a division inactive at the start waits for its activation.
		p.Divs[v.ID] = &DivState{Strength: v.Strength, Original: v.Strength, Active: v.Active, Activated: v.Active}
	}
	for _, u := range d.Units.Units {
		at := s.UnitAt(u)
		if at == "out" {
			at = "eliminated"
			if u.Steps == 2 {
				at = "remnants"
			}
		}
		p.Units[u.ID] = &UnitState{At: at, Steps: u.Steps}
	}
	if s.Airstrip == "destroyed" || s.Airstrip == "damaged" {
		p.Mods = p.Mods.airstripMods(s.Airstrip)
	}
	return p, nil
}

// Clone is a deep copy.
func (p *Position) Clone() *Position {
	q := *p
	q.CRs = make(map[string]*CRState, len(p.CRs))
	for k, v := range p.CRs {
		c := *v
		q.CRs[k] = &c
	}
	q.Divs = make(map[int]*DivState, len(p.Divs))
	for k, v := range p.Divs {
		c := *v
		q.Divs[k] = &c
	}
	q.Units = make(map[string]*UnitState, len(p.Units))
	for k, v := range p.Units {
		c := *v
		q.Units[k] = &c
	}
	q.Mods = append(Mods(nil), p.Mods...)
	return &q
}

// French reports whether the French control cr (2.2.1.1): no VM control
// marker and no No Man's Land marker.
func (p *Position) French(cr string) bool {
	c := p.CRs[cr]
	return c != nil && c.VM == 0 && !c.NoMansLand
}

// FrenchCRs counts the French controlled CR.
func (p *Position) FrenchCRs() int {
	n := 0
	for id := range p.CRs {
		if p.French(id) {
			n++
		}
	}
	return n
}

// VMCRs counts the VM controlled CR.
func (p *Position) VMCRs() int {
	n := 0
	for _, c := range p.CRs {
		if c.VM != 0 {
			n++
		}
	}
	return n
}

// In lists the units in cr, sorted by id.
func (p *Position) In(cr string) []string {
	var out []string
	for id, u := range p.Units {
		if u.At == cr {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// Occupied reports whether a French infantry or armor unit is in cr
// (2.2.1.1, 12.1).
func (p *Position) Occupied(d *Data, cr string) bool {
	for _, id := range p.In(cr) {
		if k := d.Unit(id).Kind; k == Infantry || k == Armor {
			return true
		}
	}
	return false
}

// Factor is a unit's current DRM (0 assault, 1 defense, 2 morale): its
// reduced side when it has lost a step, one less when Disrupted
// (2.3.2.2).
func (p *Position) Factor(d *Data, id string, which int) int {
	u, s := d.Unit(id), p.Units[id]
	v := u.DRM[which]
	if u.Steps == 2 && s.Steps == 1 {
		v = u.Reduced[which]
	}
	if s.Disrupted {
		v--
	}
	return v
}

// SITREP is the CM DRM plus the RP DRM (2.5.2).
func (p *Position) SITREP(d *Data) int {
	return d.Tables.Tracks.CM.DRM(p.CM) + d.Tables.Tracks.RP.DRM(p.RP)
}

// Encircled reports whether cr bears the encircled icon and its
// fortifications are at zero (12.2.1).
func (p *Position) Encircled(d *Data, cr string) bool {
	return d.CR(cr).Encircle && p.CRs[cr].Fort == 0
}

// HandSize is Table 1: French controlled CR divided by four, rounded up
// (6.1).
func (p *Position) HandSize(d *Data) int {
	n := d.Tables.HandSize.Divisor
	return (p.FrenchCRs() + n - 1) / n
}

// Divisions lists the divisions in their order of play (2.3.2.1, 12.3.2).
func (d *Data) DivisionOrder() []int {
	ds := append([]Division(nil), d.Board.Divisions...)
	sort.Slice(ds, func(i, j int) bool { return ds[i].Order < ds[j].Order })
	out := make([]int, len(ds))
	for i, v := range ds {
		out[i] = v.ID
	}
	return out
}

func clamp(v, lo, hi int) int { return max(lo, min(hi, v)) }

// AddCM changes the CM level within its track's top (2.2.8.1: it cannot
// exceed 20; below 1 is a sudden death, checked by SuddenDeath).
func (p *Position) AddCM(d *Data, n int) { p.CM = min(p.CM+n, d.Tables.Tracks.CM.Max) }

// AddRP changes the RP level within its track's top (2.2.8.2).
func (p *Position) AddRP(d *Data, n int) { p.RP = min(p.RP+n, d.Tables.Tracks.RP.Max) }

// AddAAA changes the VM AAA level within 1-15 (2.2.8.3).
func (p *Position) AddAAA(d *Data, n int) {
	p.AAA = clamp(p.AAA+n, d.Tables.Tracks.AAA.Min, d.Tables.Tracks.AAA.Max)
}

// AddStrength changes a division's strength within 1-15 (2.2.8.4).
func (p *Position) AddStrength(d *Data, div, n int) {
	v := p.Divs[div]
	v.Strength = clamp(v.Strength+n, d.Tables.Tracks.Strength.Min, d.Tables.Tracks.Strength.Max)
}
