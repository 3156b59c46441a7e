package finalgamble

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hexgrid"
)

// State is a game: the board (Setup: units, flags, Trench and Dig
// Markers, tracks, markers in boxes) and where the Extended Game Turn
// Sequence stands.
type State struct {
	Setup
	// Seg is the segment under way (segments, turn.go).
	Seg string `json:"seg"`
	// Pick: 9.0-D's alternating picks from the Wounded Square (B-D),
	// the count picked so far.
	Picked int `json:"picked,omitempty"`
	// Moved counts units moved in the segment (2.1, 3.3, 6.2 limits);
	// MovedIDs who (a unit moves once in a Box Move or a Valley Move).
	Moved    int      `json:"moved,omitempty"`
	MovedIDs []string `json:"moved_ids,omitempty"`
	// ValleyStarted: the Valley Move of 2.1 or 6.2 has begun (2.1's box
	// moves come first, 6.2's valley moves first).
	Stage string `json:"stage,omitempty"`
	// Zones: Zone Markers placed this segment (2.2, 3.4, 6.3), in order.
	Zones []ZonePlace `json:"zones,omitempty"`
	// Assets: 2.4's markers placed this turn.
	Assets []Asset `json:"assets,omitempty"`
	// Assaults declared this phase (3.1, 7.2), in order.
	Assaults []Assault `json:"assaults,omitempty"`
	// Mortars: units with Support Mortars (3.1, 7.3).
	Mortars []string `json:"mortars,omitempty"`
	// Rested: divisions resting this phase (3.1).
	Rested []string `json:"rested,omitempty"`
	// Isolated: strongpoints with an Isolation Marker (4.4, 8.4).
	Isolated []string `json:"isolated,omitempty"`
	// Loads: the Airdrop Chart's plane-loads: slot "r,c" -> what.
	Loads map[string][]string `json:"loads,omitempty"`
	// Standby: the Standby Force is added this turn (5.4-D).
	StandbyAdded bool `json:"standby_added,omitempty"`
	// ReplaceWanted: the infantry unit France flips if the Replacement
	// unit arrives (5.4-E).
	ReplaceWanted string `json:"replace_wanted,omitempty"`
	// FuelDeducted: 5.3-A's deduction this turn (its shortage effects).
	FuelDeducted int `json:"fuel_deducted"`
	// Done flags once-a-turn actions: "repair", "wounded", "vm-reinf".
	Done []string `json:"done,omitempty"`
	// Owed: step losses a side must still choose (5.3 shortage, 4.1-B
	// disease): side -> count, with the reason.
	Owed     int    `json:"owed,omitempty"`
	OwedWhy  string `json:"owed_why,omitempty"`
	OwedSide string `json:"owed_side,omitempty"`
	// Demand: the VM's surrender demand this turn (5.1-A).
	Demanded bool `json:"demanded,omitempty"`
	// Isabelle surrendered (8.1-B).
	IsabelleGone bool `json:"isabelle_gone,omitempty"`
	// Standing orders, private to each side (standing.go).
	Standing map[adjudicator.Side]Standing `json:"standing,omitempty"`
	// Pending: a question for the defender mid-assault (3.6 Choice, 7.5
	// Choice), asked because its standing order says ask.
	Pending *Pending `json:"pending,omitempty"`
	// Over: the result, when the game has ended.
	Result *adjudicator.Result `json:"result,omitempty"`
	// Marks: the places the orders of MarksBy touched since the other
	// side last ordered, for the map's marks.
	Marks   []adjudicator.Mark `json:"marks,omitempty"`
	MarksBy adjudicator.Side   `json:"marks_by,omitempty"`
	// Turns counts turns played (playout figure).
	Turns int `json:"turns"`
	// geo caches the geometry of the state as it stands (bridge.go).
	geo *geoHolder
}

// geoHolder guards a state's geometry cache: legal trees may be built
// from one state in several goroutines at once.
type geoHolder struct {
	mu     sync.Mutex
	c      *posCache
	frozen int
	// sig: storage for the next geometry signature (cached)
	sig []byte
}

// ZonePlace is a Zone Marker placed on a hex or unit.
type ZonePlace struct {
	At      string `json:"at"`             // place: hex or box
	Unit    string `json:"unit,omitempty"` // target unit (6.3: one per VM unit)
	HW      bool   `json:"hw,omitempty"`
	Intense bool   `json:"intense,omitempty"`
	Reduced bool   `json:"reduced,omitempty"` // a reduced French Zone Marker (6.3)
	Long    bool   `json:"long,omitempty"`
}

// Asset is a Recon or Wire Breach marker (2.4-A).
type Asset struct {
	Kind string `json:"kind"` // "recon", "breach"
	At   string `json:"at"`   // unit id (recon) or place (breach)
}

// Assault is one declared assault (3.1, 7.2).
type Assault struct {
	Unit   string `json:"unit"`
	From   string `json:"from"`
	Target string `json:"target"` // the hex assaulted
	Marker string `json:"marker"` // "assault", "surprise", "hesitate", "abort", "done"
	// Defender: the unit chosen to fire or be charged (3.5-A, 7.4-C).
	Defender string `json:"defender,omitempty"`
	Barrage  int    `json:"barrage,omitempty"` // 1 regular, 2 intense (3.4); 1 VM mortars (7.3)
	Mortar   bool   `json:"mortar,omitempty"`
	// Follow: the supporters that advance if the defending hex is
	// vacated, "UNIT@HEX" (3.6-C, 7.5), named with the charge.
	Follow []string `json:"follow,omitempty"`
	// Fired: its defender has fired (3.5, 7.4)
	Fired bool `json:"fired,omitempty"`
}

// Pending is a defender's choice asked mid-assault.
type Pending struct {
	Side    adjudicator.Side `json:"side"`
	Kind    string           `json:"kind"` // "choice"
	Assault int              `json:"assault"`
	Text    string           `json:"text"`
}

// Encode is deterministic: encoding/json sorts map keys.
func (s *State) Encode() ([]byte, error) { return json.Marshal(s) }

// clone is a deep copy (Apply never changes the state it is given).
func (s *State) clone() *State {
	c := &State{}
	*c = State{Setup: s.Setup, Seg: s.Seg, Picked: s.Picked, Moved: s.Moved, Stage: s.Stage,
		ReplaceWanted: s.ReplaceWanted, FuelDeducted: s.FuelDeducted, StandbyAdded: s.StandbyAdded,
		Owed: s.Owed, OwedWhy: s.OwedWhy, OwedSide: s.OwedSide, Demanded: s.Demanded, IsabelleGone: s.IsabelleGone, Turns: s.Turns}
	c.Units = slices.Clone(s.Units)
	c.Flags = maps.Clone(s.Flags)
	c.Trench = maps.Clone(s.Trench)
	c.Dig = maps.Clone(s.Dig)
	c.OutpostsGone = slices.Clone(s.OutpostsGone)
	c.Tracks = maps.Clone(s.Tracks)
	c.DivisionMorale = maps.Clone(s.DivisionMorale)
	c.Reinforcements = slices.Clone(s.Reinforcements)
	c.Markers = make(map[string][]string, len(s.Markers))
	for k, v := range s.Markers {
		// shared, clipped: an append to either copy reallocates, and no
		// code writes a marker list in place (TestCloneIndependent)
		c.Markers[k] = slices.Clip(v)
	}
	c.MovedIDs = slices.Clone(s.MovedIDs)
	c.Zones = slices.Clone(s.Zones)
	c.Assets = slices.Clone(s.Assets)
	c.Assaults = slices.Clone(s.Assaults)
	c.Mortars = slices.Clone(s.Mortars)
	c.Rested = slices.Clone(s.Rested)
	c.Isolated = slices.Clone(s.Isolated)
	if s.Loads != nil {
		c.Loads = make(map[string][]string, len(s.Loads))
		for k, v := range s.Loads {
			c.Loads[k] = slices.Clone(v)
		}
	}
	c.Done = slices.Clone(s.Done)
	if s.Standing != nil {
		c.Standing = make(map[adjudicator.Side]Standing, len(s.Standing))
		for k, v := range s.Standing {
			c.Standing[k] = maps.Clone(v)
		}
	}
	if s.Pending != nil {
		p := *s.Pending
		c.Pending = &p
	}
	if s.Result != nil {
		res := *s.Result
		c.Result = &res
	}
	c.Marks, c.MarksBy = slices.Clone(s.Marks), s.MarksBy
	c.geo = &geoHolder{}
	if s.geo != nil {
		// the geometry's cache goes along: it is used only while the
		// clone's geometry hashes the same (bridge.go: cached)
		s.geo.mu.Lock()
		if c.geo.c = s.geo.c; c.geo.c != nil {
			c.geo.c.shared.Store(true)
		}
		s.geo.mu.Unlock()
	}
	c.fill()
	return c
}

// fill makes the maps a decoded state may lack (omitempty) empty.
func (s *State) fill() {
	if s.Dig == nil {
		s.Dig = map[string]int{}
	}
	if s.Flags == nil {
		s.Flags = map[string]string{}
	}
	if s.Trench == nil {
		s.Trench = map[string]int{}
	}
	if s.Tracks == nil {
		s.Tracks = map[string]int{}
	}
	if s.Markers == nil {
		s.Markers = map[string][]string{}
	}
	if s.DivisionMorale == nil {
		s.DivisionMorale = map[string]int{}
	}
	if s.geo == nil {
		s.geo = &geoHolder{}
	}
}

// ---- places ----

// Place names where a unit is: a DBP hex "0712", an Isabelle hex "I0305",
// or a box's token ("2z-304", "Laos-1", "Off-Map", ...).
func (u *Unit) Place() string {
	if u.Box != "" {
		return boxToken(u.Box)
	}
	if u.Map == "isabelle" {
		return "I" + u.Hex
	}
	return u.Hex
}

// isAt tells whether u stands at place p, as u.Place() == p would, but
// without building the place's name (at's scan runs on every unit).
func (u *Unit) isAt(p string) bool {
	if u.Box != "" {
		return boxToken(u.Box) == p
	}
	if u.Map == "isabelle" {
		return len(p) == len(u.Hex)+1 && p[0] == 'I' && p[1:] == u.Hex
	}
	return u.Hex == p
}

var boxTokens = map[string]string{
	"Laos 1": "Laos-1", "Laos 2": "Laos-2", "VM Off-Map": "Off-Map", "Condor Force": "Condor",
	"VM Reinforcements": "VM-Reinforcements", "Hanoi Airbase": "Hanoi", "Reinforcements Available": "Reinforcements-Available",
	"Wounded Square": "Wounded-Square", "Pulled-Back": "Pulled-Back",
}

// boxToken is boxTokens[b], or b itself: a switch, not a map lookup, as
// at's scan asks it of every unit in a box (TestBoxTokenSwitch).
func boxToken(b string) string {
	switch b {
	case "Laos 1":
		return "Laos-1"
	case "Laos 2":
		return "Laos-2"
	case "VM Off-Map":
		return "Off-Map"
	case "Condor Force":
		return "Condor"
	case "VM Reinforcements":
		return "VM-Reinforcements"
	case "Hanoi Airbase":
		return "Hanoi"
	case "Reinforcements Available":
		return "Reinforcements-Available"
	case "Wounded Square":
		return "Wounded-Square"
	}
	return b
}

func boxOf(tok string) string {
	for b, t := range boxTokens {
		if t == tok {
			return b
		}
	}
	return tok
}

// isHex tells whether a place is a hex (of DBP or Isabelle).
func isHex(p string) bool {
	p = strings.TrimPrefix(p, "I")
	_, _, ok := hexgrid.Parse(p)
	return ok
}

// hexOf returns the sub-map and hex of a place, nil when it is a box or
// off the maps.
func (r *Rules) hexOf(p string) (string, *Hex) {
	if strings.HasPrefix(p, "I") {
		h := r.D.Map.Isabelle.Hex(p[1:])
		if h == nil {
			return "", nil
		}
		return "isabelle", h
	}
	h := r.D.Map.DBP.Hex(p)
	if h == nil {
		return "", nil
	}
	return "dbp", h
}

// placeOf is the place of a hex of a sub-map.
func placeOf(m, hex string) string {
	if m == "isabelle" {
		return "I" + hex
	}
	return hex
}

// neighborsOf lists a hex place's neighbours on its own sub-map. The
// map never changes: each place's list is built once per Data and
// shared, clipped (callers only read it; an append copies).
func (r *Rules) neighborsOf(p string) []string {
	k := neighborKey{r.D, p}
	if v, ok := neighborCache.Load(k); ok {
		return v.([]string)
	}
	if _, h := r.hexOf(p); h == nil {
		return nil // not a hex: nothing kept, so words from orders cannot grow the memo
	}
	out := slices.Clip(r.buildNeighbors(p))
	neighborCache.Store(k, out)
	return out
}

type neighborKey struct {
	d *Data
	p string
}

var neighborCache sync.Map // neighborKey -> []string

func (r *Rules) buildNeighbors(p string) []string {
	m, h := r.hexOf(p)
	if h == nil {
		return nil
	}
	sub := r.D.Map.sub(m)
	var out []string
	for _, n := range hexgrid.Neighbors(h.Row, h.Col) {
		if sub.On(n[0], n[1]) && sub.Hex(hexgrid.ID(n[0], n[1])) != nil {
			out = append(out, placeOf(m, hexgrid.ID(n[0], n[1])))
		}
	}
	return out
}

// ---- units ----

func (s *State) unit(id string) *Unit {
	for i := range s.Units {
		if s.Units[i].ID == id {
			return &s.Units[i]
		}
	}
	return nil
}

// at lists the units at a place, in the state's order.
func (s *State) at(p string) []*Unit {
	var out []*Unit
	if s.geo != nil && s.geo.frozen > 0 && s.geo.c != nil {
		for _, i := range s.geo.c.occupants(s)[p] {
			out = append(out, &s.Units[i])
		}
		return out
	}
	for i := range s.Units {
		if s.Units[i].isAt(p) {
			out = append(out, &s.Units[i])
		}
	}
	return out
}

func (s *State) sideAt(p string, side string) []*Unit {
	var out []*Unit
	for _, u := range s.at(p) {
		if u.Side == side {
			out = append(out, u)
		}
	}
	return out
}

// onMap tells whether u is on DBP or Isabelle.
func (u *Unit) onMap() bool { return u.Box == "" && u.Hex != "" }

// inPlay: on a map or in a box units move through (not Gone, Removed,
// Wounded, Hanoi, reinforcements).
func (u *Unit) inPlay() bool {
	if u.onMap() {
		return true
	}
	switch u.Box {
	case "1z-304", "2z-304", "Laos 1", "Laos 2":
		return true
	}
	return false
}

func (r *Rules) formation(id string) *Formation {
	for i := range r.D.Units.Formations {
		if r.D.Units.Formations[i].ID == id {
			return &r.D.Units.Formations[i]
		}
	}
	return nil
}

func (r *Rules) kind(u *Unit) string {
	if u.Side != "French" {
		return "vm"
	}
	if f := r.formation(u.Formation); f != nil {
		return f.Kind
	}
	return "inf"
}

func (r *Rules) isArt(u *Unit) bool  { return r.kind(u) == "art" }
func (r *Rules) isTank(u *Unit) bool { return r.kind(u) == "tank" }
func isThai(u *Unit) bool {
	return strings.HasPrefix(u.Formation, "Thai") || strings.HasSuffix(u.Formation, "Thai")
}

// strength is the printed strength (1.5-A), 5 when disorganized (1.7-A).
func (r *Rules) strength(u *Unit) int {
	i := 0
	if u.Reduced {
		i = 1
	}
	if u.Side == "French" {
		if f := r.formation(u.Formation); f != nil {
			return f.Strength[i]
		}
		return 0
	}
	if u.Disorg {
		return r.D.Units.VM.DisorgStrength
	}
	for _, dv := range r.D.Units.VM.Divisions {
		if dv.ID == u.Formation {
			return dv.Strength[i]
		}
	}
	for _, in := range r.D.Units.VM.Independent {
		if in.ID == u.Formation {
			return in.Strength[i]
		}
	}
	return 0
}

// morale is the printed morale, or the division's on the VM Division
// Morale Track (1.5-A, 5.2-D).
func (r *Rules) morale(s *State, u *Unit) int {
	if u.Side == "French" {
		if f := r.formation(u.Formation); f != nil {
			return f.Morale
		}
		return 0
	}
	for _, in := range r.D.Units.VM.Independent {
		if in.ID == u.Formation {
			return in.Morale
		}
	}
	return r.D.MoraleAt(s.DivisionMorale[u.Formation])
}

// regiment is a VM unit's regiment (its division's, or the 148th's).
func (r *Rules) regiment(u *Unit) string {
	bn := strings.TrimPrefix(u.ID, u.Formation+"-")
	for _, dv := range r.D.Units.VM.Divisions {
		for _, rg := range dv.Regiments {
			if slices.Contains(rg.Battalions, bn) {
				return dv.ID + "/" + rg.ID
			}
		}
	}
	return u.Formation
}

// steps a unit has left: 2 full, 1 reduced (French); 3, 2, 1 (VM).
func (u *Unit) steps() int {
	if u.Side == "French" {
		if u.Reduced {
			return 1
		}
		return 2
	}
	switch {
	case u.Disorg:
		return 1
	case u.Reduced:
		return 2
	}
	return 3
}

func (s *State) done(flag string) bool { return slices.Contains(s.Done, flag) }

// addTrack moves a track by n within its bounds; it returns the change
// made.
func (r *Rules) addTrack(s *State, id string, n int) int {
	lo, hi := 0, 99
	if id == "strongpoints" {
		lo, hi = r.D.Tracks.Strongpoints.Min, r.D.Tracks.Strongpoints.Max
	}
	for _, t := range r.D.Tracks.Tracks {
		if t.ID == id {
			lo, hi = t.Min, t.Max
		}
	}
	if id == "vm_replacements" && s.firstEdition() {
		hi = edition1.replaceMax
	}
	old := s.Tracks[id]
	v := max(lo, min(hi, old+n))
	s.Tracks[id] = v
	return v - old
}

func (r *Rules) where(u *Unit) string { return u.Where(r.D) }

// sortedUnits returns ids sorted.
func sortedIDs(us []*Unit) []string {
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = u.ID
	}
	sort.Strings(out)
	return out
}

func errf(order, format string, a ...any) error { return adjudicator.Refuse(order, format, a...) }

var _ = fmt.Sprint

// distance between two hex places of one sub-map; -1 otherwise.
func (r *Rules) distance(a, b string) int {
	ma, ha := r.hexOf(a)
	mb, hb := r.hexOf(b)
	if ha == nil || hb == nil || ma != mb {
		return -1
	}
	return hexgrid.Distance(ha.Row, ha.Col, hb.Row, hb.Col)
}

// adjacentPlaces: two hex places next to each other on one sub-map.
func (r *Rules) adjacentPlaces(a, b string) bool {
	return slices.Contains(r.neighborsOf(a), b)
}
