package hell

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Hit is one combat result its owner allocates among its units: a step
// loss, a Disorganization (D) or a morale check (T).
type Hit struct {
	Side   string `json:"side"`
	At     string `json:"at"`
	Kind   string `json:"kind"` // step, disorg, morale, tank
	Reason string `json:"reason"`
	// Group joins the hits of one result: at most one step per unit per
	// fire or combat (5.2, COMBAT RESULTS).
	Group int `json:"group"`
	// Fire: from the Fire Table; the last step at the location is never
	// eliminated by fire (5.2).
	Fire bool `json:"fire,omitempty"`
	// Units limits the hit to these units (a hand-to-hand stack, or one
	// named unit); empty means any of the side's units at At.
	Units []string `json:"units,omitempty"`
	// Done lists units of the group already hit.
	Done []string `json:"done,omitempty"`
}

// Fire Table (5.2, COMBAT RESULTS).

// fireColumn returns the column index for a strength, shifted.
func (r *Rules) fireColumn(strength, shift int) int {
	cols := r.d.Tables.Fire.Columns
	c := 0
	for i, col := range cols {
		if strength >= col.Min {
			c = i
		}
	}
	return max(0, min(len(cols)-1, c+shift))
}

// readCell reads a table cell for a die. A natural 1 reads the critical
// cell; otherwise the modified roll is kept within 2..6 (ruling H24).
func readCell(results []string, natural, drm int) string {
	if natural == 1 {
		return results[0]
	}
	return results[max(2, min(6, natural+drm))-1]
}

// terrainShift: COMBAT RESULTS, Artillery and Infantry Fire column
// modifiers for fire at loc.
func (r *Rules) terrainShift(s *State, loc, firerLoc string, asBase bool) (int, []string) {
	d := r.d
	shift := 0
	var why []string
	if asBase {
		// 6.2.5: French units attacking a PA from a PA are treated as in
		// an assault base: -1, not the PA's protection; the hill stays
		// (COMBAT RESULTS, 1.4: "only any potential hill bonus"; H58).
		shift, why = -1, []string{"attackers from a PA as from an assault base -1"}
		if p, ok := d.PAs[loc]; ok {
			if h := r.hillShift(p.Hill, loc, firerLoc); h != 0 {
				shift += h
				why = append(why, fmt.Sprintf("hill %d", h))
			}
		}
		return shift, why
	}
	if p, ok := d.PAs[loc]; ok {
		shift -= 2
		why = append(why, "PA -2")
		if h := r.hillShift(p.Hill, loc, firerLoc); h != 0 {
			shift += h
			why = append(why, fmt.Sprintf("hill %d", h))
		}
		return shift, why
	}
	zone := r.zoneOf(loc)
	z := d.Zones[zone]
	hill := z.Hill
	if hill == "" && z.Terrain == "hill" {
		hill = "hill"
	}
	if d.Bases[loc] != nil {
		// An assault base lies in a trenched zone: -1 (6.2.5); on a hill
		// zone the hill counts too (COMBAT RESULTS, ruling H58).
		shift, why = -1, []string{"assault base -1"}
		if h := r.hillShift(hill, zone, firerLoc); h != 0 {
			shift += h
			why = append(why, fmt.Sprintf("hill %d", h))
		}
		return shift, why
	}
	switch {
	case z.Kind == ZoneJungle:
		shift--
		why = append(why, "jungle -1")
	case s.Trench[zone] >= 1:
		shift--
		why = append(why, "trench -1")
	case z.Terrain == "flat" || z.Terrain == "marsh":
		shift++
		why = append(why, "open +1")
	}
	if h := r.hillShift(hill, zone, firerLoc); h != 0 {
		shift += h
		why = append(why, fmt.Sprintf("hill %d", h))
	}
	return shift, why
}

// hillShift: -1 for a hill, -2 for Gabrielle, unless the attackers are on
// the same hill (the same CR zone or zone).
func (r *Rules) hillShift(hill, loc, from string) int {
	if hill == "" || from != "" && r.zoneOf(from) == r.zoneOf(loc) {
		return 0
	}
	if hill == "gabrielle" {
		return -2
	}
	return -1
}

// zoneOf: the zone of a location (a PA's CR zone, a base's zone).
func (r *Rules) zoneOf(loc string) string {
	if p, ok := r.d.PAs[loc]; ok {
		return p.Zone
	}
	if b, ok := r.d.Bases[loc]; ok {
		return b.Zone
	}
	return loc
}

// sideAt lists a side's units at a location, sorted.
func (s *State) sideAt(side, loc string) []string {
	if side == French {
		return s.frenchAt(loc)
	}
	var out []string
	for _, id := range s.vmAt(loc) {
		if !s.VM[id].Dummy {
			out = append(out, id)
		}
	}
	return out
}

// stepsAt: the side's steps at a location.
func (s *State) stepsAt(side, loc string) int {
	n := 0
	for _, id := range s.sideAt(side, loc) {
		n += s.stepsOf(side, id)
	}
	return n
}

func (s *State) stepsOf(side, id string) int {
	if side == French {
		return s.French[id].Steps
	}
	return 3 - s.VM[id].Losses
}

// fireResult applies a Fire Table result on a side's units at loc (5.2,
// 5.4): hits are queued for their owner to allocate.
func (r *Rules) fireResult(s *State, target, loc string, only []string, res string, natural int, vmFire, asBase bool, ev *events, why string) {
	group := r.nextGroup(s)
	add := func(kind string, units []string) {
		if units == nil {
			units = only
		}
		s.Hits = append(s.Hits, Hit{Side: target, At: loc, Kind: kind, Reason: why, Group: group, Fire: true, Units: units})
	}
	within := func(ids []string) []string {
		if only == nil {
			return ids
		}
		var out []string
		for _, id := range ids {
			if slices.Contains(only, id) {
				out = append(out, id)
			}
		}
		return out
	}
	if natural == 1 && vmFire {
		// 5.2 critical hit: a tank present loses a step.
		if tanks := within(r.tanksAt(s, loc)); len(tanks) > 0 {
			ev.pub("%s: critical hit — a tank step is lost.", why)
			add("tank", tanks)
		}
	}
	switch res {
	case "T":
		add("morale", nil)
	case "D":
		if r.d.Bases[loc] != nil || asBase {
			// 5.4, 6.2.5: D applies to every unit in an assault base.
			for _, id := range within(s.sideAt(target, loc)) {
				add("disorg", []string{id})
			}
		} else {
			add("disorg", nil)
		}
	case "1", "2", "3":
		n := int(res[0] - '0')
		for i := 0; i < n; i++ {
			add("step", nil)
		}
	}
}

func (r *Rules) nextGroup(s *State) int {
	g := 0
	for _, h := range s.Hits {
		g = max(g, h.Group)
	}
	return g + 1 + s.Impulse*100 + s.Round*1000
}

func (r *Rules) tanksAt(s *State, loc string) []string {
	var out []string
	for _, id := range s.frenchAt(loc) {
		if r.d.French[id].Kind == KindTank {
			out = append(out, id)
		}
	}
	return out
}

// hitOptions lists the units that may take a hit now, and whether a D may
// be converted to a step instead (5.4).
func (r *Rules) hitOptions(s *State, h Hit) []string {
	var cands []string
	if len(h.Units) > 0 {
		for _, id := range h.Units {
			if r.unitAt(s, h.Side, id) == h.At {
				cands = append(cands, id)
			}
		}
	} else {
		cands = s.sideAt(h.Side, h.At)
	}
	var out []string
	for _, id := range cands {
		tank := h.Side == French && r.d.French[id].Kind == KindTank
		if tank && h.Kind != "tank" {
			// 0.1: tanks are destroyed only by an * result and are never
			// Disorganized.
			continue
		}
		switch h.Kind {
		case "step", "tank":
			if slices.Contains(h.Done, id) {
				continue // one step per unit per fire or combat
			}
			if h.Fire && h.Kind == "step" && s.stepsAt(h.Side, h.At) <= 1 {
				continue // 5.2: never the last step by fire
			}
		}
		out = append(out, id)
	}
	return out
}

func (r *Rules) unitAt(s *State, side, id string) string {
	if side == French {
		if u, ok := s.French[id]; ok {
			return u.Loc
		}
		return ""
	}
	if u, ok := s.VM[id]; ok {
		return u.Loc
	}
	return ""
}

// settleHits resolves queued hits that need no choice (one candidate, or a
// standing order answers) and stops at the first that needs its owner.
// It reports whether the queue is empty.
func (r *Rules) settleHits(s *State, dice adjudicator.Dice, ev *events) bool {
	for len(s.Hits) > 0 && s.Phase != PhaseOver {
		h := s.Hits[0]
		opts := r.hitOptions(s, h)
		if len(opts) == 0 {
			if h.Kind == "step" && h.Side == VM && h.Fire {
				// Fire Table: VM step losses count even when ignored.
				r.addVMLosses(s, 1, ev)
			}
			s.Hits = s.Hits[1:]
			continue
		}
		unit, convert, ok := r.standingHit(s, h, opts)
		if ok && len(opts) > 1 || ok && h.Kind == "disorg" {
			what := map[string]string{"step": "takes the step loss", "tank": "takes the tank step loss", "morale": "takes the morale check", "disorg": "is Disorganized"}[h.Kind]
			if convert {
				what = "takes a step instead of the D"
			}
			ev.to(h.Side, "Your standing order answered %s: %s %s.", h.Reason, unit, what)
		}
		if !ok && len(opts) == 1 && h.Kind != "disorg" {
			unit, ok = opts[0], true
		}
		if !ok {
			return false
		}
		r.applyHit(s, h, unit, convert, dice, ev, "standing order")
	}
	return len(s.Hits) == 0
}

// applyHit applies the first queued hit to unit.
func (r *Rules) applyHit(s *State, h Hit, unit string, convert bool, dice adjudicator.Dice, ev *events, how string) {
	s.Hits = s.Hits[1:]
	mark := func() {
		for i := range s.Hits {
			if s.Hits[i].Group == h.Group {
				s.Hits[i].Done = append(s.Hits[i].Done, unit)
			}
		}
	}
	switch {
	case h.Kind == "step" || h.Kind == "tank" || convert:
		r.stepLoss(s, h.Side, unit, ev, h.Reason)
		mark()
	case h.Kind == "disorg":
		r.disorganize(s, h.Side, unit, dice, ev, h.Reason, h.Fire)
	case h.Kind == "morale":
		r.moraleCheck(s, h.Side, unit, dice, ev, h.Reason, h.Fire)
	}
	r.checkVictory(s, ev)
}

// stepLoss takes one step from a unit.
func (r *Rules) stepLoss(s *State, side, id string, ev *events, why string) {
	if side == French {
		r.frenchLoss(s, id, ev, why)
		return
	}
	u := s.VM[id]
	at := u.Loc
	u.Losses++
	r.addVMLosses(s, 1, ev)
	if u.Losses >= 3 {
		u.Losses, u.Loc = 3, LocOut
		u.Disorg, u.Fatigued, u.Engaged, u.Revealed = false, false, false, false
		ev.pub("%s: VM battalion %s loses its last step and is destroyed.", why, id)
		// 3.1 (ruling H6, H70): "if the covering battalion leaves for any
		// reason", at once.
		defer r.reportUpkeep(s.upkeep(r.d), ev)
	} else {
		ev.pub("%s: VM battalion %s loses a step (now -%d).", why, id, u.Losses)
	}
	ev.mark("", "loss", "", at)
}

// addVMLosses: 1.5, the General track of VM step losses, with its
// thresholds applied at once.
func (r *Rules) addVMLosses(s *State, n int, ev *events) {
	before := s.VMLosses
	s.VMLosses += n
	for _, t := range []struct {
		at   int
		text string
	}{{20, "the VM loses its +1 assault bonus"}, {50, "no more VM assaults after this impulse, for the rest of the turn; Fatigued units may no longer attack"}} {
		if before < t.at && s.VMLosses >= t.at {
			ev.pub("1.5: %d VM step losses: %s.", t.at, t.text)
			if t.at == 50 {
				s.NoAssault = s.Turn
			}
		}
	}
}

// disorganize: COMBAT RESULTS. A French unit already Disorganized loses a
// step; a VM battalion already Disorganized is routed (5.4). Tanks are
// never disorganized (0.1).
func (r *Rules) disorganize(s *State, side, id string, dice adjudicator.Dice, ev *events, why string, fire bool) {
	if side == French {
		u := s.French[id]
		if r.d.French[id].Kind == KindTank {
			ev.pub("%s: %s is a tank section: tanks are never disorganized.", why, id)
			return
		}
		if u.Disorg && fire && s.stepsAt(French, u.Loc) <= 1 {
			ev.pub("%s: %s is already Disorganized, but the last step at %s cannot be eliminated by fire (5.2).", why, id, r.placeName(u.Loc))
			return
		}
		if u.Disorg {
			r.frenchLoss(s, id, ev, why+" (already Disorganized)")
			return
		}
		u.Disorg = true
		ev.pub("%s: %s is Disorganized.", why, id)
		return
	}
	u := s.VM[id]
	if !u.Disorg {
		u.Disorg = true
		ev.pub("%s: VM battalion %s is Disorganized.", why, id)
		return
	}
	r.rout(s, id, ev, why)
}

// rout: 5.4, a Disorganized VM unit hit by a second D withdraws to the
// closest jungle zone, Fatigued; if already Fatigued, to the Game Turn
// track for the next turn.
func (r *Rules) rout(s *State, id string, ev *events, why string) {
	u := s.VM[id]
	from := u.Loc
	u.Disorg, u.Engaged, u.Revealed = false, false, false
	if u.Fatigued {
		u.Loc, u.Return, u.Recover, u.Fatigued = LocTrack, s.Turn+1, false, false
		ev.pub("%s: VM battalion %s is routed off the map; it returns next turn.", why, id)
	} else {
		u.Loc, u.Fatigued = r.nearestJungle(from), true
		ev.pub("%s: VM battalion %s is routed to %s, Fatigued.", why, id, r.d.locName(u.Loc))
	}
	ev.moved(id, from, u.Loc)
	r.reportUpkeep(s.upkeep(r.d), ev)
}

// nearestJungle: the jungle zone fewest zone steps away (ties: file order).
func (r *Rules) nearestJungle(loc string) string {
	start := r.zoneOf(loc)
	if r.d.zoneKind(start) == ZoneJungle {
		return start
	}
	if jz := r.jungleBeyond(start); jz != "" {
		return jz
	}
	return r.d.Map.ReinforcementJungle
}

// nearestOtherJungle: the jungle zone nearest to jungle zone z, other than
// z (ruling H59: a break-off in Jungle Zone 4 leaves it).
func (r *Rules) nearestOtherJungle(z string) string {
	if jz := r.jungleBeyond(z); jz != "" {
		return jz
	}
	return z
}

// jungleBeyond: the jungle zone fewest steps from zone start, start itself
// left out (ties: the first by id); "" if none.
func (r *Rules) jungleBeyond(start string) string {
	seen := map[string]bool{start: true}
	frontier := []string{start}
	for len(frontier) > 0 {
		var next, found []string
		for _, z := range frontier {
			for _, n := range r.d.ZoneAdj[z] {
				if seen[n] {
					continue
				}
				seen[n] = true
				if r.d.zoneKind(n) == ZoneJungle {
					found = append(found, n)
				}
				next = append(next, n)
			}
		}
		if len(found) > 0 {
			sort.Strings(found)
			return found[0]
		}
		frontier = next
	}
	return ""
}

// moraleCheck: 0.1, pass on a roll at most the unit's morale (-1 when
// Fatigued); a failed check Disorganizes.
func (r *Rules) moraleCheck(s *State, side, id string, dice adjudicator.Dice, ev *events, why string, fire bool) {
	m, fat := r.morale(s, side, id)
	if fat {
		m--
	}
	roll := dice.Roll(6)
	if roll <= m {
		ev.pub("%s: morale check for %s: %d against %d, passed.", why, r.unitName(s, side, id), roll, m)
		return
	}
	ev.pub("%s: morale check for %s: %d against %d, failed.", why, r.unitName(s, side, id), roll, m)
	r.disorganize(s, side, id, dice, ev, why, fire)
}

func (r *Rules) morale(s *State, side, id string) (int, bool) {
	if side == French {
		u := s.French[id]
		du := r.d.French[id]
		if du.Steps == 2 && u.Steps == 1 {
			return du.ReducedMorale, u.Fatigued
		}
		return du.Morale, u.Fatigued
	}
	return r.d.VM[id].Morale, s.VM[id].Fatigued
}

// unitName names a unit for public text: VM units in combat are engaged,
// so revealed.
func (r *Rules) unitName(s *State, side, id string) string {
	if side == VM {
		return "VM battalion " + id
	}
	return id
}

// hitPrompt describes the first hit for its owner.
func (r *Rules) hitPrompt(s *State) string {
	h := s.Hits[0]
	opts := r.hitOptions(s, h)
	at := r.d.locName(h.At)
	switch h.Kind {
	case "step", "tank":
		return fmt.Sprintf("%s: a step loss at %s — `lose <unit>` (%s)", h.Reason, at, strings.Join(opts, ", "))
	case "disorg":
		return fmt.Sprintf("%s: Disorganization at %s — `disorg <unit>`, or `lose <unit>` to take a step instead (%s)", h.Reason, at, strings.Join(opts, ", "))
	}
	return fmt.Sprintf("%s: a morale check at %s — `check <unit>` (%s)", h.Reason, at, strings.Join(opts, ", "))
}

// hitOrder answers the first hit: lose <unit>, disorg <unit>, check <unit>.
func (r *Rules) hitOrder(s *State, side, verb string, args []string, dice adjudicator.Dice, ev *events) error {
	h := s.Hits[0]
	if err := want(args, 1, verb+" <unit>"); err != nil {
		return err
	}
	var id string
	if side == French {
		x, _, err := r.frenchUnit(s, args[0])
		if err != nil {
			return err
		}
		id = x
	} else {
		x, _, err := r.vmUnit(s, args[0])
		if err != nil {
			return err
		}
		id = x
	}
	opts := r.hitOptions(s, h)
	if !slices.Contains(opts, id) {
		return fail("%s cannot take this result; %s", id, r.hitPrompt(s))
	}
	convert := false
	switch {
	case verb == "lose" && (h.Kind == "step" || h.Kind == "tank"):
	case verb == "lose" && h.Kind == "disorg":
		convert = true // 5.4: any D may become a step loss
	case verb == "disorg" && h.Kind == "disorg":
	case verb == "check" && h.Kind == "morale":
	default:
		return fail("this result is answered otherwise: %s", r.hitPrompt(s))
	}
	r.applyHit(s, h, id, convert, dice, ev, "")
	return nil
}

// hitChoices is the legal tree for the first hit.
func (r *Rules) hitChoices(s *State) []adjudicator.Choice {
	h := s.Hits[0]
	var units []adjudicator.Choice
	for _, id := range r.hitOptions(s, h) {
		units = append(units, leaf(id, ""))
	}
	switch h.Kind {
	case "step", "tank":
		return []adjudicator.Choice{{Word: "lose", Help: "a step", Next: units}}
	case "disorg":
		return []adjudicator.Choice{{Word: "disorg", Help: "Disorganize", Next: units}, {Word: "lose", Help: "a step instead (5.4)", Next: units}}
	}
	return []adjudicator.Choice{{Word: "check", Help: "morale check", Next: units}}
}
