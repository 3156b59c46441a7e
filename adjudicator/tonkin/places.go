package tonkin

import (
	"fmt"
	"strings"
)

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

// spacedHint is what to say when args[i] names no unit of side but
// args[i] and the next words, joined by _, do (issue 30, item 8: `lead
// 2/3 REI` is written `lead 2/3_REI`); "" otherwise.
func spacedHint(s *State, side string, args []string, i int) string {
	for j := i + 1; j < len(args) && j < i+3; j++ {
		w := strings.Join(args[i:j+1], "_")
		if s.findUnit(side, w) != nil {
			return fmt.Sprintf(" (a unit's name is written with _ for its spaces: %s)", w)
		}
	}
	return ""
}

// Gloss implements adjudicator.Glosser (issue 30, item 3): a hex's town,
// so that help lists read "0919 Hanoi". Towns are public map data.
func (r *Rules) Gloss(word string) string {
	if u, ok := r.urbanHex[word]; ok {
		return u.Name
	}
	return ""
}
