package finalgamble

import (
	"slices"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// A moderator's override (`/mod override`, side Referee; DESIGN
// invariant 3: an entry of its own on the record, announced, replayed by
// `umpire verify`), to correct a game or shorten a scripted one:
//
//	override track <id> <n>          a track (strongpoints, taken, french_ammo, ...)
//	override unit <id> at <place>    a unit moved (a hex, a box token)
//	override unit <id> reduced|full|disorg|shaken|steady
//	override flag <code> vm|french   a strongpoint's control (the tracks unchanged)
//	override trench <sector> <zone>  a Trench Marker (its Dig Marker removed)
//	override turn <n>                the Game Turn Marker (the segment unchanged)
//	override segment <id>            the segment under way (its start is played)
const overrideUsage = "override track <id> <n>; override unit <id> at <place>; override unit <id> reduced|full|disorg|shaken|steady; override flag <code> vm|french; override trench <sector> <zone>; override turn <n>; override segment <id>"

func (r *Rules) override(s *State, order string, w []string, d adjudicator.Dice, ev *events) error {
	if w[0] == "override" {
		w = w[1:]
	}
	bad := func() error { return errf(order, "the forms are: %s", overrideUsage) }
	if len(w) < 2 {
		return bad()
	}
	num := func(x string) (int, bool) {
		n, err := strconv.Atoi(x)
		return n, err == nil
	}
	switch w[0] {
	case "track":
		n, ok := num(last(w))
		if len(w) != 3 || !ok {
			return bad()
		}
		if _, exists := s.Tracks[w[1]]; !exists {
			keys := make([]string, 0, len(s.Tracks))
			for k := range s.Tracks {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			return errf(order, "no track %q; the tracks: %s", w[1], strings.Join(keys, ", "))
		}
		s.Tracks[w[1]] = 0
		r.addTrack(s, w[1], n)
		ev.say("Moderator override: %s set to %d.", r.trackName(w[1]), s.Tracks[w[1]])
	case "unit":
		u := s.unit(w[1])
		if u == nil || len(w) < 3 {
			return errf(order, "no unit %q; %s", w[1], overrideUsage)
		}
		switch {
		case w[2] == "at" && len(w) == 4:
			p := w[3]
			if isHex(p) {
				if _, h := r.hexOf(p); h == nil {
					return errf(order, "no hex %s", p)
				}
			}
			r.putAt(u, p)
			ev.say("Moderator override: %s to %s.", u.ID, r.where(u))
		case len(w) == 3 && slices.Contains([]string{"reduced", "full", "disorg", "shaken", "steady"}, w[2]):
			switch w[2] {
			case "reduced":
				u.Reduced = true
			case "full":
				u.Reduced, u.Disorg = false, false
			case "disorg":
				if u.Side != "VM" {
					return errf(order, "only a VM unit is Disorg")
				}
				u.Reduced, u.Disorg = true, true
			case "shaken":
				u.Shaken = true
			case "steady":
				u.Shaken = false
			}
			r.refreshZoneMarkers(s)
			ev.say("Moderator override: %s %s.", u.ID, w[2])
		default:
			return bad()
		}
	case "flag":
		if len(w) != 3 || (w[2] != "vm" && w[2] != "french") {
			return bad()
		}
		s.Flags[w[1]] = map[string]string{"vm": "VM", "french": "French"}[w[2]]
		ev.say("Moderator override: %s flagged %s.", w[1], s.Flags[w[1]])
	case "trench":
		n, ok := num(last(w))
		if len(w) != 3 || !ok || !slices.Contains(Sectors, w[1]) || n < 0 || n > r.maxZone(w[1]) {
			return errf(order, "override trench SECTOR ZONE: a sector of 308, 312, 316, 304 and a zone of it")
		}
		s.Trench[w[1]] = n
		delete(s.Dig, w[1])
		ev.say("Moderator override: the %s Trench Marker on %dz-%s.", w[1], n, w[1])
	case "turn":
		n, ok := num(last(w))
		if len(w) != 2 || !ok || n < 1 || n > len(r.D.Tracks.GameTurn.Turns) {
			return errf(order, "override turn N: 1 to %d", len(r.D.Tracks.GameTurn.Turns))
		}
		s.Turn = n
		ev.say("Moderator override: the Game Turn Marker on %s.", r.turnName(n))
	case "segment":
		if len(w) != 2 || segIndex(w[1]) < 0 || strings.HasPrefix(w[1], "9.0") {
			return errf(order, "override segment ID: a segment of the Extended Game Turn Sequence, 2.1 to 8.6")
		}
		s.Pending = nil
		ev.say("Moderator override: on to segment %s.", w[1])
		r.enter(s, w[1], d, ev)
	default:
		return bad()
	}
	return nil
}

func last(w []string) string { return w[len(w)-1] }

// overrideChoices is the moderators' legal tree (their /help).
func overrideChoices() []adjudicator.Choice {
	return []adjudicator.Choice{{Word: "override", Help: overrideUsage}}
}
