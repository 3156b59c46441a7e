package bot

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/storage"
)

// Absence (issue 11, item 3): /game away until:<date> declares that a
// seated player is away. As the game's settings say (away:), their
// deadlines pause until they return (the time already spent on the
// decision is kept), or their decisions are taken by default meanwhile.
// Everyone is told. until:back ends the absence early. A moderator who
// must replace an absent player reseats the side (/mod seat), on the
// record.

// maxAway bounds an absence.
const maxAway = 90 * 24 * time.Hour

// parseUntil reads when an absence ends: a date ("2026-01-05", ends at
// its midnight UTC), a moment ("2026-01-05T18:00Z", "2026-01-05 18:00"
// UTC), or a span from now ("3d", "36h"); "back" or "none" ends it now.
func parseUntil(v string, now time.Time) (time.Time, bool, error) {
	v = strings.TrimSpace(v)
	switch strings.ToLower(v) {
	case "back", "none", "now", "off":
		return time.Time{}, true, nil
	case "":
		return time.Time{}, false, fmt.Errorf("usage: /game away until:<date> (like 2026-01-05, 2026-01-05T18:00Z or 3d), or until:back")
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04Z07:00", "2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t.UTC(), false, nil
		}
	}
	if d, err := ParseSpan(v); err == nil && d > 0 {
		return now.Add(d).UTC(), false, nil
	}
	return time.Time{}, false, fmt.Errorf("until:%q is not a date like 2026-01-05, a moment like 2026-01-05T18:00Z, or a time from now like 3d; until:back ends an absence", v)
}

// away: /game away until:<date>|back.
func (s *Service) away(c Command, sl *slot) ([]Reply, error) {
	g := sl.g
	for k := range c.Options {
		if k != "until" {
			return nil, fmt.Errorf("unknown option %s; /game away takes until:<date> or until:back", k)
		}
	}
	if over, _ := g.Over(); over {
		return nil, adjudicator.ErrOver
	}
	held := sidesOf(g, c.User)
	if len(held) == 0 {
		return nil, fmt.Errorf("you hold no seat in game %s: only its players declare an absence", g.Rec.ID)
	}
	now := s.now().UTC()
	until, back, err := parseUntil(c.Opt("until"), now)
	if err != nil {
		return nil, err
	}
	if !back && !until.After(now) {
		return nil, fmt.Errorf("until:%s is not in the future (it is %s now)", when(until), when(now))
	}
	if until.Sub(now) > maxAway {
		return nil, fmt.Errorf("an absence lasts at most %s; a moderator can seat a replacement (/mod seat)", Span(maxAway))
	}
	set := s.settingsOf(sl)
	was := set.Players[c.User].Away
	if back && !was.After(now) {
		return nil, fmt.Errorf("you are not away in game %s", g.Rec.ID)
	}
	next := set
	next.Players = map[string]Personal{}
	for k, v := range set.Players {
		next.Players[k] = v
	}
	p := next.Players[c.User]
	p.Away = until
	next.Players[c.User] = p
	b, err := json.Marshal(next)
	if err != nil {
		return nil, err
	}
	cur, err := s.deadlineOf(g.Rec.ID)
	if err != nil {
		return nil, err
	}
	dl := s.awayDeadline(g, next, cur, c.User, was, until, now)
	who := fmt.Sprintf("@%s (%s)", c.User, sideList(held))
	var text string
	switch {
	case back:
		text = fmt.Sprintf("%s is back in game %s: their deadlines run again.", who, g.Rec.ID)
	case set.Limit == 0:
		text = fmt.Sprintf("%s is away from game %s until %s (the game has no deadline).", who, g.Rec.ID, when(until))
	case set.Away == "default":
		text = fmt.Sprintf("%s is away from game %s until %s: meanwhile Umpire takes their decisions by default (the game's settings; a decision without a default waits for them, or a moderator).", who, g.Rec.ID, when(until))
	default:
		text = fmt.Sprintf("%s is away from game %s until %s: their deadlines pause until then.", who, g.Rec.ID, when(until))
	}
	if err := s.post(c, g, []Reply{{Text: text}}, false, storage.Extra{Settings: b, Deadline: dl}); err != nil {
		return nil, err
	}
	sl.set = &next
	s.wakeDeadlines(dl)
	if back {
		return []Reply{{To: c.User, Text: "Welcome back."}}, nil
	}
	return []Reply{{To: c.User, Text: fmt.Sprintf("Noted: away until %s; /game away until:back when you return earlier.", when(until))}}, nil
}

// awayDeadline is the current deadline once user, away until was, is
// away until until (zero: back now): when user is awaited, its clock pauses (the time
// already spent on the decision kept) or, with away:default, it is due
// at once for the default.
func (s *Service) awayDeadline(g *adjudicator.Game, set Settings, cur *storage.Deadline, user string, was, until, now time.Time) *storage.DeadlineChange {
	p := g.Prompt()
	if cur == nil || !sameDecision(cur, p) || set.Limit <= 0 || !contains(usersOf(g, cur.Awaiting), user) || cur.Expired {
		return nil
	}
	d := *cur
	// The time already spent on the decision: up to now, or, while an
	// earlier absence pauses it (it starts after now), up to that
	// absence's end, where the pause put it.
	elapsed := time.Duration(0)
	switch {
	case now.After(d.Start):
		end := now
		if d.Due.Before(end) {
			end = d.Due
		}
		elapsed = end.Sub(d.Start)
	case was.After(d.Start):
		elapsed = was.Sub(d.Start)
	}
	switch {
	case until.IsZero() || !until.After(now):
		// Back: the clock runs again from now, with what was spent.
		if d.Reason == "away" {
			d.Reason = ""
		}
		d.Start = now.Add(-elapsed)
	case set.Away == "default" && p.Default != "":
		d.Reason = "away"
	default:
		d.Start = until.Add(-elapsed)
	}
	schedule(g, set, &d, now)
	return &storage.DeadlineChange{Put: &d}
}
