package tonkin

import "strings"

// placeWords writes the towns an order names as their hexes (issue 30,
// item 3): `move 304/9 Cao_Bang` is `move 304/9 <Cao Bang's hex>`. A town
// is written with _ for its spaces, in any case; the order's first word
// is its verb and is left alone, and so is a word that names a unit of
// the state (no unit is named as a town: TestPlaces_TownNamesAreNoUnits).
func (r *Rules) placeWords(s *State, words []string) []string {
	var out []string
	for i, w := range words {
		if i > 0 && len(w) > 3 {
			if hex := r.townHex(w); hex != "" && s.unit(untoken(w)) == nil {
				if out == nil {
					out = append([]string(nil), words...)
				}
				out[i] = hex
			}
		}
	}
	if out == nil {
		return words
	}
	return out
}

// townHex is the hex of the town w names (spaces as _), or "".
func (r *Rules) townHex(w string) string {
	name := strings.ReplaceAll(w, "_", " ")
	for _, u := range r.d.Map.Urban {
		if strings.EqualFold(u.Name, name) {
			return u.Hex
		}
	}
	return ""
}

// untoken is a unit's id from its token (token's inverse).
func untoken(w string) string { return strings.ReplaceAll(w, "_", " ") }
