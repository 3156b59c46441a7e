package finalgamble

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The modified strengths of 3.5-A, 3.6-A, 7.4-A and 7.5-A, read from a
// Position: the units, who is shaken, disorganized, where the Combat and
// Abort Markers are (Board.Assaults).

// BoardAssault is a declared assault as the strengths need it (3.1, 7.2):
// the assaulting unit, the hex it points at, its marker ("assault",
// "surprise", "hesitate", "abort"; "" once resolved and removed).
type BoardAssault struct {
	Unit   string
	Target string
	Marker string
}

// Mod is one modifier of a strength, for narration.
type Mod struct {
	N   int
	Why string
}

// Strength is a modified Strength Value: the printed one and each
// modifier.
type Strength struct {
	Base  int
	Mods  []Mod
	Total int
}

// Text is the sum for narration: "6 +1 (across river) -2 (shaken) = 5".
func (s Strength) Text() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(s.Base))
	for _, m := range s.Mods {
		fmt.Fprintf(&b, " %+d (%s)", m.N, m.Why)
	}
	fmt.Fprintf(&b, " = %d", s.Total)
	return b.String()
}

func (s *Strength) add(n int, why string) {
	if n != 0 {
		s.Mods = append(s.Mods, Mod{N: n, Why: why})
		s.Total += n
	}
}

// UnitStrength is a unit's printed Strength Value (1.5-A), full or
// reduced, 5 (the data's) with a Disorg Marker (1.7-A).
func (p *Position) UnitStrength(unitID string) int {
	u := p.Unit(unitID)
	if u == nil {
		return 0
	}
	i := 0
	if u.Reduced {
		i = 1
	}
	d := p.g.D
	if u.Side == geoFrench {
		for _, f := range d.Units.Formations {
			if f.ID == u.Formation {
				return f.Strength[i]
			}
		}
		return 0
	}
	if p.b.Disorg[u.ID] {
		return d.Units.VM.DisorgStrength
	}
	for _, dv := range d.Units.VM.Divisions {
		if dv.ID == u.Formation {
			return dv.Strength[i]
		}
	}
	for _, in := range d.Units.VM.Independent {
		if in.ID == u.Formation {
			return in.Strength[i]
		}
	}
	return 0
}

// UnitMorale is a unit's Morale Value (1.5-A): printed for the French and
// the 148th (and the Pathet Lao), else its division's on the VM Division
// Morale Track (5.2-D, Board.DivisionMorale's slot).
func (p *Position) UnitMorale(unitID string) int {
	u := p.Unit(unitID)
	if u == nil {
		return 0
	}
	d := p.g.D
	if u.Side == geoFrench {
		for _, f := range d.Units.Formations {
			if f.ID == u.Formation {
				return f.Morale
			}
		}
		return 0
	}
	for _, in := range d.Units.VM.Independent {
		if in.ID == u.Formation {
			return in.Morale
		}
	}
	return d.MoraleAt(p.b.DivisionMorale[u.Formation])
}

// Regiment is a VM unit's regiment ("308/36"); the 148th and the Pathet
// Lao are each one regiment. "" for a French unit.
func (p *Position) Regiment(unitID string) string {
	u := p.Unit(unitID)
	if u == nil || u.Side != geoVM {
		return ""
	}
	bn := strings.TrimPrefix(u.ID, u.Formation+"-")
	for _, dv := range p.g.D.Units.VM.Divisions {
		if dv.ID != u.Formation {
			continue
		}
		for _, rg := range dv.Regiments {
			if slices.Contains(rg.Battalions, bn) {
				return dv.ID + "/" + rg.ID
			}
		}
	}
	return u.Formation
}

// thaiCo: the independent Thai companies ("Thai co", 1.1), which support
// no one of "the same battalion".
func thaiCo(u *Unit) bool { return strings.HasPrefix(u.Formation, "Thai") }

// pointedAt: a Combat Marker points at the unit's hex (3.5-A, 7.4-A).
func (p *Position) pointedAt(u *Unit) bool {
	pl := PlaceOf(u)
	for _, a := range p.b.Assaults {
		if a.Target == pl && a.Marker != "" && a.Marker != "abort" {
			return true
		}
	}
	return false
}

// markerOn: the unit has a Combat or Abort Marker (3.6-A, 7.5-A).
func (p *Position) markerOn(u *Unit) bool {
	for _, a := range p.b.Assaults {
		if a.Unit == u.ID && a.Marker != "" {
			return true
		}
	}
	return false
}

// adjacentTo: u stands in a hex next to the hex of v (same map).
func (p *Position) adjacentTo(u, v *Unit) bool {
	lu, lv := p.locOf(p.units[u.ID]), p.locOf(p.units[v.ID])
	if lu.m < 0 || lu.m != lv.m {
		return false
	}
	for _, n := range p.g.maps[lu.m].nb[lu.i] {
		if int(n) == lv.i {
			return true
		}
	}
	return false
}

func (p *Position) sameHex(u, v *Unit) bool {
	lu, lv := p.locOf(p.units[u.ID]), p.locOf(p.units[v.ID])
	return lu.m >= 0 && lu.m == lv.m && lu.i == lv.i
}

func (p *Position) stackedWith(u *Unit) []*Unit {
	var out []*Unit
	l := p.locOf(p.units[u.ID])
	if l.m < 0 {
		return nil
	}
	for i := range p.b.Units {
		v := &p.b.Units[i]
		if v.ID != u.ID && p.locOf(i).m == l.m && p.locOf(i).i == l.i && v.Side == u.Side {
			out = append(out, v)
		}
	}
	return out
}

// stackSupport: 3.5-A and 7.5-A's "+1 For each supporting French unit
// ... stacked with ... +2 if it is a full-strength Tank unit during Dry or
// Rain Game Turns (+1 if Tank is reduced or if it is during Monsoon)".
func (p *Position) stackSupport(s *Strength, u *Unit, artillery bool) {
	for _, v := range p.stackedWith(u) {
		if p.b.Shaken[v.ID] || p.isArt(v) && !artillery {
			continue
		}
		n := 1
		if p.g.kind[v.Formation] == "tank" && !v.Reduced && p.b.Period != "monsoon" {
			n = 2
		}
		s.add(n, v.ID+" stacked in support")
	}
}

// DefenseStrength is the defending unit's modified strength against an
// assaulting unit: 3.5-A for a French defender, 7.4-A for a VM one.
// barrage: 3.4's Support Barrage brought in, 1 regular, 2 intense (+1,
// +2; 7.3's VM barrage gives no modifier). 3.5-A: an Artillery unit
// defending alone "will defend with a Strength Value of 2 (or 1, if it is
// reduced)".
func (p *Position) DefenseStrength(defenderID, assaulterID string, barrage int) Strength {
	def, att := p.Unit(defenderID), p.Unit(assaulterID)
	if def == nil || att == nil {
		return Strength{}
	}
	s := Strength{Base: p.UnitStrength(def.ID)}
	if p.isArt(def) {
		s.Base = 2
		if def.Reduced {
			s.Base = 1
		}
	}
	s.Total = s.Base
	for _, o := range p.Obstacles(att.Side, PlaceOf(att), PlaceOf(def)) {
		s.add(1, "obstacle: "+o)
	}
	if def.Side == geoFrench {
		p.stackSupport(&s, def, true)
		// "+1 For each supporting French Infantry unit from the same
		// battalion, that is adjacent to the assaulting VM unit (Thai co,
		// Tanks, and Artillery cannot do this)"
		for i := range p.b.Units {
			v := &p.b.Units[i]
			if v.ID == def.ID || v.Side != geoFrench || v.Formation != def.Formation || thaiCo(v) || p.g.kind[v.Formation] != "inf" ||
				p.b.Shaken[v.ID] || p.pointedAt(v) || !p.adjacentTo(v, att) {
				continue
			}
			s.add(1, v.ID+" of the same battalion next to the assaulting unit")
		}
		switch {
		case barrage >= 2:
			s.add(2, "Intense Support Barrage")
		case barrage == 1:
			s.add(1, "Support Barrage")
		}
		if p.Entrenched(att.ID) {
			s.add(-2, "the assaulting VM unit is entrenched")
		}
	} else {
		// 7.4-A: "+1 For each supporting VM unit from the same regiment,
		// that is adjacent to the assaulting French unit. The supporting
		// unit may not be shaken or have a Combat Marker pointing at it."
		rg := p.Regiment(def.ID)
		for i := range p.b.Units {
			v := &p.b.Units[i]
			if v.ID == def.ID || v.Side != geoVM || p.Regiment(v.ID) != rg || p.b.Shaken[v.ID] || p.pointedAt(v) || !p.adjacentTo(v, att) {
				continue
			}
			s.add(1, v.ID+" of the same regiment next to the assaulting unit")
		}
	}
	if p.b.Shaken[def.ID] {
		s.add(-2, "the defending unit is shaken")
	}
	return s
}

// AssaultStrength is the assaulting unit's modified strength: 3.6-A for
// the VM (mortars: Support Mortars on it), 7.5-A for France (medicineZero:
// the Medicine Track at 0).
func (p *Position) AssaultStrength(assaulterID, defenderID string, mortars, medicineZero bool) Strength {
	att, def := p.Unit(assaulterID), p.Unit(defenderID)
	if def == nil || att == nil {
		return Strength{}
	}
	s := Strength{Base: p.UnitStrength(att.ID)}
	s.Total = s.Base
	if att.Side == geoVM {
		// "+1 For each supporting VM unit from the same regiment, that is
		// adjacent to the defending French unit. The supporting unit may
		// not have a Combat- or an Abort Marker on it."
		rg := p.Regiment(att.ID)
		for i := range p.b.Units {
			v := &p.b.Units[i]
			if v.ID == att.ID || v.Side != geoVM || p.Regiment(v.ID) != rg || p.markerOn(v) || !p.adjacentTo(v, def) {
				continue
			}
			s.add(1, v.ID+" of the same regiment next to the defender")
		}
		if mortars {
			s.add(1, "Support Mortars")
		}
		// "-2 If the defending French unit is entrenched (-0 if
		// entrenched in an outpost)"
		if l := p.locOf(p.units[def.ID]); l.m >= 0 && p.g.maps[l.m].strong[l.i] >= 0 {
			s.add(-2, "the defending unit is entrenched")
		}
		return s
	}
	// 7.5-A: "+1 For each supporting unit from the same battalion, that is
	// adjacent to the defending VM unit (Thai co and Tanks cannot do this).
	// The supporting unit may not have a Combat- or an Abort Marker on it."
	for i := range p.b.Units {
		v := &p.b.Units[i]
		if v.ID == att.ID || v.Side != geoFrench || v.Formation != att.Formation || thaiCo(v) || p.g.kind[v.Formation] != "inf" ||
			p.markerOn(v) || !p.adjacentTo(v, def) || p.sameHex(v, att) {
			continue // a unit stacked with the assaulting one supports once, stacked (F39)
		}
		s.add(1, v.ID+" of the same battalion next to the defender")
	}
	p.stackSupport(&s, att, false)
	if p.Entrenched(def.ID) {
		s.add(-2, "the defending unit is entrenched")
	}
	if medicineZero {
		s.add(-3, "the Medicine Track is at 0")
	}
	return s
}
