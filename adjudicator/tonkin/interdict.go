package tonkin

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Road interdiction (6.6 d): "FEF may barrage a road hex anywhere with an
// airstrike. If the result is a 1 step loss, mark the hex with a Desorg
// counter. Neither side may use road movement there." (RULINGS T43), on
// a road outside China (6.6, 5.12; RULINGS T54).

// roadHex: a road or railway runs through hex.
func (r *Rules) roadHex(hex string) bool {
	for _, n := range r.neighbors(hex) {
		if e := edge(hex, n); r.geo.road[e] || r.geo.rail[e] {
			return true
		}
	}
	return false
}

// interdictOrder: `interdict <hex> air [air ...]`, option d) for a point.
func (r *Rules) interdictOrder(s *State, side string, args []string, dice adjudicator.Dice, ev *events) error {
	usage := "usage: `interdict <road hex> air [air ...]`: airstrikes on a road hex anywhere (6.6 d)"
	if side != FEF {
		return fail("6.6 d): road interdiction is the FEF's")
	}
	if len(args) < 2 {
		return fail("%s", usage)
	}
	hex := args[0]
	switch {
	case r.hexes[hex].ID == "":
		return fail("%q is not a hex of the map; %s", hex, usage)
	case !r.roadHex(hex):
		return fail("6.6 d): %s is not a road hex", hex)
	case r.hexes[hex].Country == "china":
		return fail("6.6: %s is in China, where FEF units may not move (5.12): you may not attack into a hex you may not move into, nor across the Chinese border (RULINGS T54)", hex)
	case slices.Contains(s.Interdicted, hex):
		return fail("6.6 d): %s already has its Desorg marker", hex)
	case r.enemyAt(s, FEF, hex):
		return fail("6.6 d): VM units are at %s: barrage them (`barrage %s air`, within 1 hex of a FEF unit, 6.6 b)", hex, hex)
	}
	air := 0
	for _, w := range args[1:] {
		if !strings.EqualFold(w, "air") {
			return fail("%q: road interdiction is by airstrike only; %s", w, usage)
		}
		air++
	}
	if air > s.FEFStrikes {
		return fail("6.6 b): the FEF has %d airstrike(s) left this turn (6 a turn, halved in rain), not %d", s.FEFStrikes, air)
	}
	v := air * r.chartInt("air_transport", "airstrike_barrage")
	if s.Weather == "rain" {
		v = (v + 1) / 2 // 2.0: half strength in rain
	}
	s.FEFStrikes -= air
	col, label := r.barrageColumn(v)
	drm := 0
	var mods []string
	if t := r.terrainDRM(r.hexes[hex].Terrain, 4); t != 0 {
		drm += t
		mods = append(mods, fmt.Sprintf("%s %+d", r.hexes[hex].Terrain, t))
	}
	if t := r.chartInt("barrage_drm", "road_hex_target"); t != 0 {
		drm += t
		mods = append(mods, fmt.Sprintf("road hex %+d", t))
	}
	capped := r.capDRM(drm)
	a, b := dice.Roll(6), dice.Roll(6)
	roll := a + b + capped
	hit := roll >= r.chartInts("barrage", "DG_DL")[col]
	res := "no step loss: no marker"
	if hit {
		res = "a step loss: the hex is marked Desorg, no road movement there"
		s.Interdicted = append(s.Interdicted, hex)
		sort.Strings(s.Interdicted)
	}
	ev.pub("6.6 d): the FEF's %d airstrike(s) (%d, column %s) on the road at %s; modifiers %s = %+d (at most +-3: %+d); dice %d+%d = %d: %s.",
		air, v, label, hex, listOr(mods), drm, capped, a, b, roll, res)
	return nil
}

// unmarkWhy: why side may not remove the road marker at hex (6.6 d: "VM
// can only remove the Desorg counter if it is within friendly supply and
// by spending an operation point. It may not be FEF occupied and not be
// in a FEF friendly urban area"; "" when it may).
func (r *Rules) unmarkWhy(s *State, side, hex string) string {
	if !slices.Contains(s.Interdicted, hex) {
		return fmt.Sprintf("6.6 d): %s has no road marker", hex)
	}
	if side == FEF {
		return ""
	}
	switch {
	case r.enemyAt(s, VM, hex):
		return fmt.Sprintf("6.6 d): %s is FEF occupied", hex)
	case r.urbanFEF(s, hex):
		return fmt.Sprintf("6.6 d): %s is a FEF-friendly urban area", hex)
	}
	probe := &Unit{ID: "probe", Type: "REG", Side: VM, Steps: 4}
	if !r.suppliedAt(s, probe, hex) {
		return fmt.Sprintf("6.6 d): %s is not within the VM's supply", hex)
	}
	return ""
}

func (r *Rules) unmark(s *State, hex string) {
	s.Interdicted = slices.DeleteFunc(s.Interdicted, func(h string) bool { return h == hex })
	if len(s.Interdicted) == 0 {
		s.Interdicted = nil
	}
}

// interdictChoices: the road hexes an airstrike may mark now.
func (r *Rules) interdictChoices(s *State, side string) []adjudicator.Choice {
	if side != FEF || s.FEFStrikes == 0 {
		return nil
	}
	vm := r.occupied(s, VM)
	var hs []adjudicator.Choice
	for i, id := range r.geo.ids {
		if !vm[i] && r.roadHex(id) && r.hexes[id].Country != "china" && !slices.Contains(s.Interdicted, id) {
			hs = append(hs, adjudicator.Choice{Word: id, Next: []adjudicator.Choice{leaf("air")}})
		}
	}
	if len(hs) == 0 {
		return nil
	}
	return []adjudicator.Choice{{Word: "interdict", Help: "option d): airstrikes on a road hex; a step loss marks it, no road movement there (6.6 d)", Next: hs}}
}
