package finalgamble

import (
	"fmt"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Describe answers /map hex: what is at a hex ("1118", "I0606") or a
// strongpoint (its code, "E2"), from the asker's view and the static
// map: terrain, hill, sector and zone, Trench/Dig Zone, Supply Area,
// strongpoint and its control, structure, outpost, and the units and
// markers there (adjudicator.Describer).
func (r *Rules) Describe(v adjudicator.View, place string) (string, error) {
	b, ok := v.Board.(*BoardView)
	if !ok || b == nil {
		return "", fmt.Errorf("no board to describe")
	}
	p := strings.TrimSpace(place)
	m, h := r.hexOf(p)
	if h == nil {
		for _, e := range r.strongpoints() {
			if strings.EqualFold(e.sp.Code, p) {
				m, h = e.m, r.D.Map.sub(e.m).Hex(e.sp.Hexes[0])
				p = placeOf(e.m, h.ID)
			}
		}
	}
	if h == nil {
		return "", fmt.Errorf("%q is not a hex of DBP (four digits, row then column: 1118) or of Isabelle (I and four digits: I0606), nor a strongpoint's code (E2, GAB)", place)
	}
	s := &b.Setup
	parts := []string{}
	land := "field"
	if h.Forest {
		land = "forest"
	}
	if h.Hill != "" {
		land += ", hill " + h.Hill
	}
	parts = append(parts, land)
	if h.Sector != "" {
		z := fmt.Sprintf("%dz-%s", h.Zone, h.Sector)
		switch {
		case s.TrenchZone(h):
			z += " (a Trench Zone)"
		case s.DigZone(h):
			z += " (a Dig Zone)"
		}
		parts = append(parts, z)
	} else {
		parts = append(parts, "the central area")
	}
	if h.Supply {
		parts = append(parts, "Supply Area")
	}
	if h.Edge {
		parts = append(parts, "Map Edge Hex")
	}
	if h.Strong != "" {
		ctl := "France's"
		if s.Flags[h.Strong] == "VM" {
			ctl = "the VM's"
		}
		parts = append(parts, fmt.Sprintf("strongpoint %s, %s", h.Strong, ctl))
	}
	if h.Struct != "" {
		parts = append(parts, "structure: "+h.Struct)
	}
	if h.Outpost {
		gone := false
		for _, o := range s.OutpostsGone {
			gone = gone || o == p
		}
		if gone {
			parts = append(parts, "outpost (gone)")
		} else {
			parts = append(parts, "outpost")
		}
	}
	var units []string
	for _, u := range s.Units {
		if u.Box == "" && placeOf(u.Map, u.Hex) == p {
			t := u.ID
			var ms []string
			if u.Reduced {
				ms = append(ms, "reduced")
			}
			if u.Disorg {
				ms = append(ms, "Disorg")
			}
			if u.Shaken {
				ms = append(ms, "shaken")
			}
			if u.Isolated {
				ms = append(ms, "isolated")
			}
			if len(ms) > 0 {
				t += " (" + strings.Join(ms, ", ") + ")"
			}
			units = append(units, t)
		}
	}
	head := "hex " + p
	if m == "isabelle" {
		head += " (Isabelle)"
	}
	out := head + ": " + strings.Join(parts, "; ") + "."
	if len(units) > 0 {
		out += " Units: " + strings.Join(units, ", ") + "."
	} else {
		out += " No unit."
	}
	return out, nil
}
