package hell

import "slices"

// focus is the places a prompt's decision is about (issue 30, item 1),
// the hand-off's close-up centred on them. Like the prompt it is public,
// so it is built from public facts alone: engaged battalions are
// revealed (5.1), French units, designations (6.2.1), combat results and
// losses are open.
//
//   - a combat result waiting to be taken: where it fell;
//   - French attrition: where the loss must be taken, when it names a place;
//   - the VM's assault (5): the PAs threatened by its engaged battalions,
//     then the assault bases (and captured PAs) they stand in;
//   - France's operation (6.2): the VM PAs it designated, then the places
//     its designated attackers stand in.
func (r *Rules) focus(s *State) []string {
	d := r.d
	var out []string
	add := func(loc string) {
		if loc != "" && !slices.Contains(out, loc) && (d.isPA(loc) || d.isZone(loc) || d.Bases[loc] != nil) {
			out = append(out, loc)
		}
	}
	switch {
	case s.Phase == PhaseFrAttrition && len(s.Pending) > 0:
		add(s.Pending[0].Where)
		return out
	case s.Phase != PhaseOperations:
		return nil
	case len(s.Hits) > 0:
		add(s.Hits[0].At)
		return out
	case s.Impulse == 0:
		return nil
	}
	if s.Half == French {
		for _, pa := range d.PAOrder {
			if s.Fired[engageKey(pa)] {
				add(pa)
			}
		}
		places := r.declaredAttackerPlaces(s)
		for _, loc := range r.allPlaces() {
			if places[loc] {
				add(loc)
			}
		}
		return out
	}
	// the VM's assault: where its engaged battalions stand, each after
	// the French PAs it threatens (5.1: a base reaches its PAs, a
	// captured PA those joined to it)
	stand := map[string]bool{}
	for _, u := range s.VM {
		if u.Engaged && u.Revealed && !u.Dummy {
			stand[u.Loc] = true
		}
	}
	for _, loc := range r.allPlaces() {
		if !stand[loc] {
			continue
		}
		var threat []string
		if b := d.Bases[loc]; b != nil {
			threat = b.PAs
		} else if d.isPA(loc) {
			threat = d.PALinks[loc]
		}
		for _, pa := range threat {
			if !s.Captured[pa] {
				add(pa)
			}
		}
		add(loc)
	}
	return out
}
