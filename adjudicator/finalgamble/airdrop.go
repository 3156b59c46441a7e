package finalgamble

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// supplyKinds are the Supply Markers (5.4-A): order word -> marker name
// and track.
var supplyKinds = []struct{ word, marker, track string }{
	{"ammo", "Ammo", "french_ammo"},
	{"food", "Food & Bullets", "food"},
	{"fuel", "Fuel & Spares", "fuel"},
	{"medicine", "Medicine", "medicine"},
}

func slotKey(row, col int) string { return fmt.Sprintf("r%dc%d", row, col) }

func parseSlot(k string) (int, int, bool) {
	if len(k) != 4 || k[0] != 'r' || k[2] != 'c' {
		return 0, 0, false
	}
	row, e1 := strconv.Atoi(k[1:2])
	col, e2 := strconv.Atoi(k[3:4])
	if e1 != nil || e2 != nil || row < 1 || row > 6 || col < 1 || col > 6 {
		return 0, 0, false
	}
	return row, col, true
}

// slotOpen says why slot (row, col) may not take a plane-load, "" when it
// may (5.4-A/B/C and the Standby Force's white slots).
func (r *Rules) slotOpen(s *State, row, col int) string {
	laos := len(r.frenchUnits(s, func(u *Unit) bool { return u.Box == "Laos 1" || u.Box == "Laos 2" }))
	if r.D.SlotOpen(row, col, SlotTerms{TDZones: r.trenchDigZones(s), Period: r.turnSlot(s).Period, GreenClosed: GreenClosed(laos), Standby: s.StandbyAdded}) {
		return ""
	}
	// closed: say why
	sl := r.D.Charts.Airdrop.Slots[row-1][col-1]
	period := r.turnSlot(s).Period
	if s.StandbyAdded && !sl.White {
		return "with the Standby Force added only the two white slots may be used (5.4-D)"
	}
	if sl.TD != 0 && sl.TD <= r.trenchDigZones(s) {
		return fmt.Sprintf("its T/D Zones number %d is not above the %d Trench and Dig Zones (5.4)", sl.TD, r.trenchDigZones(s))
	}
	if sl.Rain && period != "dry" {
		return "the Rain slot is closed in Rain and Monsoon turns (5.4)"
	}
	if sl.Monsoon && period == "monsoon" {
		return "a Monsoon slot is closed in Monsoon turns (5.4)"
	}
	if sl.Green {
		closed := GreenClosed(laos)
		// the green slots close in the chart's order (RULINGS F10)
		n := 0
		for i := 0; i < 6; i++ {
			for j := 0; j < 6; j++ {
				if r.D.Charts.Airdrop.Slots[i][j].Green {
					n++
					if i == row-1 && j == col-1 && n <= closed {
						return fmt.Sprintf("%d French units in Laos close %d green slots (5.4)", laos, closed)
					}
				}
			}
		}
	}
	return "closed on the chart (5.4)"
}

// hanoiSupply counts the Supply Markers of a kind in the Hanoi Airbase Box.
func (s *State) hanoiCount(marker string) int {
	n := 0
	for _, m := range s.Markers["Hanoi Airbase"] {
		if m == marker {
			n++
		}
	}
	return n
}

func (s *State) takeMarker(box, marker string) bool {
	ms := s.Markers[box]
	for i, m := range ms {
		if m == marker {
			s.Markers[box] = append(ms[:i:i], ms[i+1:]...)
			return true
		}
	}
	return false
}

// startAirdrop: France fills the chart (5.4-A).
func (r *Rules) startAirdrop(s *State, d adjudicator.Dice, ev *events) bool {
	s.Loads, s.StandbyAdded, s.ReplaceWanted = nil, false, ""
	return true
}

// load puts one plane-load on a slot.
func (r *Rules) load(s *State, order, slot string, what []string, ev *events) error {
	row, col, ok := parseSlot(slot)
	if !ok {
		return errf(order, "%q is no slot of the Airdrop Chart: r1c1 to r6c6 (row by the black die, column by the white)", slot)
	}
	if why := r.slotOpen(s, row, col); why != "" {
		return errf(order, "slot %s is closed: %s", slot, why)
	}
	if len(s.Loads[slot]) > 0 {
		return errf(order, "slot %s already holds %s", slot, strings.Join(s.Loads[slot], ", "))
	}
	if len(what) == 0 || len(what) > 2 {
		return errf(order, "a slot takes 1 Supply Marker (ammo, food, fuel, medicine) or 2 units from the Hanoi Airbase Box (5.4-A)")
	}
	for _, k := range supplyKinds {
		if what[0] == k.word {
			if len(what) != 1 {
				return errf(order, "a slot takes 1 Supply Marker or units, not both (5.4-A)")
			}
			if !s.takeMarker("Hanoi Airbase", k.marker) {
				return errf(order, "no %s Marker left in the Hanoi Airbase Box", k.marker)
			}
			s.setLoad(slot, []string{k.marker})
			ev.say("5.4: slot %s loaded with %s.", slot, k.marker)
			return nil
		}
	}
	for i, id := range what {
		if id == "Replacement" {
			if !slices.Contains(s.Markers["Hanoi Airbase"], "Replacement") {
				return errf(order, "the Replacement unit is not in the Hanoi Airbase Box")
			}
			continue
		}
		u := s.unit(id)
		if u == nil || u.Box != "Hanoi Airbase" {
			return errf(order, "%q is not a unit in the Hanoi Airbase Box (there: %s)", id, strings.Join(r.hanoiUnits(s), ", "))
		}
		if i == 1 && what[0] == id {
			return errf(order, "%s named twice", id)
		}
	}
	for _, id := range what {
		if id == "Replacement" {
			s.takeMarker("Hanoi Airbase", "Replacement")
			continue
		}
		s.unit(id).Box = "Airdrop Chart"
	}
	s.setLoad(slot, what)
	ev.say("5.4: slot %s loaded with %s.", slot, strings.Join(what, " and "))
	return nil
}

func (s *State) setLoad(slot string, what []string) {
	if s.Loads == nil {
		s.Loads = map[string][]string{}
	}
	s.Loads[slot] = what
}

func (r *Rules) hanoiUnits(s *State) []string {
	var out []string
	for i := range s.Units {
		if s.Units[i].Box == "Hanoi Airbase" {
			out = append(out, s.Units[i].ID)
		}
	}
	if slices.Contains(s.Markers["Hanoi Airbase"], "Replacement") {
		out = append(out, "Replacement")
	}
	return out
}

// abortSlot returns a slot's plane-load to Hanoi.
func (r *Rules) abortSlot(s *State, slot string) string {
	what := s.Loads[slot]
	if len(what) == 0 {
		return ""
	}
	for _, w := range what {
		if u := s.unit(w); u != nil {
			u.Box = "Hanoi Airbase"
		} else {
			s.Markers["Hanoi Airbase"] = append(s.Markers["Hanoi Airbase"], w)
		}
	}
	delete(s.Loads, slot)
	return strings.Join(what, " and ")
}

// finishAirdrop: weather, aborts, the tracks, reinforcements and the
// replacement (5.4-B..E).
func (r *Rules) finishAirdrop(s *State, d adjudicator.Dice, ev *events) {
	if s.Stage == "place" {
		r.placeArrivals(s, ev)
		return
	}
	if len(s.Loads) == 0 && !s.StandbyAdded {
		ev.say("5.4: no plane-loads this turn.")
		return
	}
	mod := r.D.Charts.FuelDeduction.WeatherModifier[fmt.Sprint(s.FuelDeducted)]
	if s.FuelDeducted > 3 {
		mod = 0
	}
	period := r.turnSlot(s).Period
	w := r.D.Weather(d, period, mod)
	res := w.Result
	ev.say("5.4-B Weather (%s): %d+%d%+d = %d: %s.", period, w.Dice[0], w.Dice[1], mod, w.Modified, weatherText(res))
	switch {
	case res == "foul":
		for _, black := range FoulRows(d) {
			var back []string
			for c := 1; c <= 6; c++ {
				if x := r.abortSlot(s, slotKey(black, c)); x != "" {
					back = append(back, x)
				}
			}
			ev.say("Foul weather, black die %d: row %d aborts%s.", black, black, listOrEmpty(back))
		}
	case w.Aborts > 0:
		for _, bw := range Aborts(d, w.Aborts) {
			black, white := bw[0], bw[1]
			x := r.abortSlot(s, slotKey(black, white))
			if x == "" {
				ev.say("Abort roll: black %d, white %d: slot %s is empty.", black, white, slotKey(black, white))
			} else {
				ev.say("Abort roll: black %d, white %d: slot %s aborts back to Hanoi (%s).", black, white, slotKey(black, white), x)
			}
		}
	}
	// 5.4-C: adjust the tracks
	keys := make([]string, 0, len(s.Loads))
	for k := range s.Loads {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	add := map[string]int{}
	replacement := false
	var arrived []string
	for _, k := range keys {
		for _, w := range s.Loads[k] {
			found := false
			for _, sk := range supplyKinds {
				if w == sk.marker {
					add[sk.track] += r.D.Charts.Airdrop.SupplyAdd[sk.word]
					s.Markers["Hanoi Airbase"] = append(s.Markers["Hanoi Airbase"], w)
					found = true
				}
			}
			switch {
			case found:
			case w == "Replacement":
				replacement = true
				s.Markers["Hanoi Airbase"] = append(s.Markers["Hanoi Airbase"], w)
			default:
				arrived = append(arrived, w)
			}
		}
	}
	s.Loads = nil
	if c, ok := r.D.Charts.FuelDeduction.AmmoCap[fmt.Sprint(s.FuelDeducted)]; ok && add["french_ammo"] > c && s.FuelDeducted <= 2 {
		ev.say("Fuel shortage: only %d of the %d ammo arrived may be added (5.3-A).", c, add["french_ammo"])
		add["french_ammo"] = c
	}
	var got []string
	for _, sk := range supplyKinds {
		if n := add[sk.track]; n > 0 {
			got = append(got, fmt.Sprintf("%s +%d", sk.marker, r.addTrack(s, sk.track, n)))
		}
	}
	if len(got) > 0 {
		ev.say("5.4-C: %s.", strings.Join(got, ", "))
	}
	if s.StandbyAdded {
		var sb []string
		for i := range s.Units {
			if s.Units[i].Box == "Standby" {
				s.Units[i].Box = "Laos 1"
				sb = append(sb, s.Units[i].ID)
			}
		}
		ev.say("5.4-D: the Standby Force to Laos 1: %s.", strings.Join(sb, ", "))
	}
	if replacement {
		r.dropReplacement(s, ev)
	}
	if len(arrived) > 0 {
		for _, id := range arrived {
			s.unit(id).Box = "Arrived"
		}
		s.Stage = "place"
		ev.say("5.4-D: reinforcements arrived: %s. France places each in a hex of a Supply Area (place UNIT HEX).", strings.Join(arrived, ", "))
	}
}

// dropReplacement flips the unit France named (5.4-E).
func (r *Rules) dropReplacement(s *State, ev *events) {
	u := s.unit(s.ReplaceWanted)
	if u == nil || !r.replaceEligible(s, u) {
		ev.say("5.4-E: the Replacement unit arrives, but no eligible unit was named: it returns to the Hanoi Airbase Box.")
		return
	}
	u.Reduced = false
	ev.say("5.4-E: the Replacement unit arrives: %s flipped to full strength.", u.ID)
}

// replaceEligible: a reduced infantry unit in French LoC, not Thai, not in
// Laos (5.4-E).
func (r *Rules) replaceEligible(s *State, u *Unit) bool {
	return u.Side == "French" && u.Reduced && r.kind(u) == "inf" && !isThai(u) && u.inPlay() &&
		u.Box != "Laos 1" && u.Box != "Laos 2" && r.frenchLoC(s, u)
}

// supplyHexes lists the Supply Area hexes a reinforcement may be placed
// in (5.4-D): DBP's, and Isabelle's unless it surrendered; within
// stacking, no VM unit.
func (r *Rules) supplyHexes(s *State) []string {
	var out []string
	ri := r.roomsOf(s)
	for _, name := range []string{"dbp", "isabelle"} {
		if name == "isabelle" && s.IsabelleGone {
			continue
		}
		for _, h := range r.hexes(name) {
			p := placeOf(name, h.ID)
			if h.Supply && ri.roomFor(p, "French") {
				out = append(out, p)
			}
		}
	}
	return out
}

// placeArrivals: arrivals France has not placed go to the Supply Area
// hexes with room, DBP's first (RULINGS F11).
func (r *Rules) placeArrivals(s *State, ev *events) {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Box != "Arrived" {
			continue
		}
		hs := r.supplyHexes(s)
		if len(hs) == 0 {
			u.Box = "Hanoi Airbase"
			ev.say("%s finds no room in a Supply Area: back to the Hanoi Airbase Box.", u.ID)
			continue
		}
		r.putAt(u, hs[0])
		ev.say("%s placed at %s.", u.ID, r.where(u))
	}
	s.Stage = ""
}

// putAt moves a unit to a place.
func (r *Rules) putAt(u *Unit, p string) {
	u.Map, u.Hex, u.Box, u.BoxSide = "", "", "", ""
	if isHex(p) {
		if strings.HasPrefix(p, "I") {
			u.Map, u.Hex = "isabelle", p[1:]
		} else {
			u.Map, u.Hex = "dbp", p
		}
		return
	}
	u.Box = boxOf(p)
}

func weatherText(res string) string {
	switch res {
	case "all":
		return "all Plane-Loads arrive"
	case "foul":
		return "Foul Weather"
	}
	return res + " abort(s)"
}

func listOrEmpty(xs []string) string {
	if len(xs) == 0 {
		return " (empty)"
	}
	return ": " + strings.Join(xs, "; ")
}
