package tonkin

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Describe implements adjudicator.Describer (issue 30, item 3): what is in
// a hex, as v shows it (the units its viewer may see there, a closed
// forest stack as its count alone) with the map's terrain, country, town,
// rivers, roads, railway and supply center, and the town's friendliness,
// garrison and road interdiction from the view.
func (r *Rules) Describe(v adjudicator.View, place string) (string, error) {
	b, err := boardOfView(v)
	if err != nil {
		return "", err
	}
	hex := strings.TrimSpace(place)
	if h := r.townHex(hex); h != "" {
		hex = h
	}
	hx, ok := r.hexes[hex]
	if !ok {
		return "", fmt.Errorf("%q is not a hex of the map nor a town: a hex is four digits, row then place in the row (0919 is Hanoi), a town is written with _ for its spaces (Cao_Bang)", place)
	}
	var parts []string
	head := hex
	var town *Urban
	for i := range r.d.Map.Urban {
		if r.d.Map.Urban[i].Hex == hex {
			town = &r.d.Map.Urban[i]
			head += " " + town.Name + " (" + town.Kind + ")"
		}
	}
	land := hx.Terrain
	if hx.Country != "" {
		land += ", " + hx.Country
	}
	if hx.Coastal {
		land += ", coastal"
	}
	if hx.Montagnard {
		land += ", montagnard area"
	}
	parts = append(parts, head+": "+land+".")
	var lines []string
	for _, p := range r.d.Paths.Rivers {
		if slices.Contains(p.Hexes, hex) {
			lines = append(lines, fmt.Sprintf("%s river %s", p.Kind, p.Name))
		}
	}
	for _, p := range r.d.Paths.Roads {
		if slices.Contains(p.Hexes, hex) {
			lines = append(lines, "road "+p.Name)
		}
	}
	for _, p := range r.d.Paths.Railways {
		if slices.Contains(p.Hexes, hex) {
			lines = append(lines, "railway "+p.Name)
		}
	}
	for _, c := range r.d.Map.SupplyCenters.Centers {
		if c.Hex == hex {
			lines = append(lines, "supply center "+c.Name)
		}
	}
	if len(lines) > 0 {
		parts = append(parts, strings.Join(lines, "; ")+".")
	}
	if town != nil {
		var t []string
		if town.Airstrip {
			t = append(t, "airstrip")
		}
		if town.Harbor {
			t = append(t, "harbor")
		}
		if town.VPFEF+town.VPVM > 0 {
			t = append(t, fmt.Sprintf("victory points FEF %d, VM %d", town.VPFEF, town.VPVM))
		}
		if slices.Contains(b.VMFriendly, town.Name) {
			t = append(t, "friendly to the VM")
		} else {
			t = append(t, "friendly to the FEF")
		}
		if slices.Contains(b.Garrisons, town.Name) {
			t = append(t, "garrisoned")
		}
		parts = append(parts, capital(strings.Join(t, ", "))+".")
	}
	if slices.Contains(b.Interdicted, hex) {
		parts = append(parts, "The road is interdicted (6.6 d).")
	}
	var units []string
	for _, st := range b.Stacks {
		if st.Hex != hex {
			continue
		}
		if st.Opaque && len(st.Counters) == 0 {
			units = append(units, fmt.Sprintf("a VM stack in forest, closed to view: %d counter(s)", st.Count))
			continue
		}
		for _, c := range st.Counters {
			units = append(units, counterText(c))
		}
		if st.Trench {
			units = append(units, "a trench marker")
		}
	}
	if len(units) == 0 {
		parts = append(parts, "No units there.")
	} else {
		parts = append(parts, "Units: "+strings.Join(units, "; ")+".")
	}
	return strings.Join(parts, " "), nil
}

// counterText is one counter as a view shows it.
func counterText(c Counter) string {
	if c.Kind == "hidden" {
		if c.Count > 1 {
			return fmt.Sprintf("%d hidden VM counters", c.Count)
		}
		return "a hidden VM counter"
	}
	t := c.Label
	if t == "" {
		t = c.ID
	}
	var marks []string
	if c.Str+c.Mor+c.Move > 0 {
		marks = append(marks, fmt.Sprintf("%d-%d-%d", c.Str, c.Mor, c.Move))
	}
	if c.MaxSteps > 0 {
		marks = append(marks, fmt.Sprintf("%d of %d steps", c.Steps, c.MaxSteps))
	}
	for _, m := range []struct {
		on   bool
		text string
	}{{c.Hidden, "hidden from the FEF"}, {c.Desorg, "Desorg"}, {c.OoS, "out of supply"}, {c.Trench, "entrenched"}, {c.Spent, "spent"}} {
		if m.on {
			marks = append(marks, m.text)
		}
	}
	if len(marks) > 0 {
		t += " (" + strings.Join(marks, ", ") + ")"
	}
	return sideShort(c.Side) + " " + t
}

// boardOfView is a view's Tonkin board: the value, a pointer to it, or
// its JSON (a view that was stored).
func boardOfView(v adjudicator.View) (*BoardView, error) {
	switch b := v.Board.(type) {
	case BoardView:
		return &b, nil
	case *BoardView:
		if b != nil {
			return b, nil
		}
	}
	raw, err := json.Marshal(v.Board)
	if err != nil {
		return nil, err
	}
	var b BoardView
	if err := json.Unmarshal(raw, &b); err != nil {
		return nil, fmt.Errorf("not a Tonkin board: %w", err)
	}
	return &b, nil
}
