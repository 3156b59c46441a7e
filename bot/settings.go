package bot

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/storage"
)

// A game's asynchronous settings (issue 11, item 1): the time allowed per
// decision, the reminders, what an expiry does and what an absence does
// (the pace, which both players or a moderator set), and each player's
// own quiet hours, time zone and reminders by DM.

// Pace is what the players agree on, or a moderator sets.
type Pace struct {
	// Limit is the time allowed per decision; 0: no deadline.
	Limit time.Duration `json:"limit,omitempty"`
	// Remind lists when to remind the awaited player: fractions of the
	// time allowed ("50%") and times before the deadline ("2h"), comma
	// separated; "" is DefaultRemind, "none" none.
	Remind string `json:"remind,omitempty"`
	// Expiry: "default" (""; the prompt's default is taken for the
	// awaited side), "moderator" (the moderators are called) or "none".
	Expiry string `json:"expiry,omitempty"`
	// Away: "pause" (""; an absent player's deadlines wait for their
	// return) or "default" (the defaults answer for them at once).
	Away string `json:"away,omitempty"`
}

// Settings are a game's pace, its players' own settings and a pace one
// player proposed and the other has not yet agreed to.
type Settings struct {
	Pace
	Players  map[string]Personal `json:"players,omitempty"`
	Proposal *Proposal           `json:"proposal,omitempty"`
	// Maps is when a resolution posts a map: "" every hand-off,
	// MapsEndOfTurn or MapsOff (maps.go).
	Maps string `json:"maps,omitempty"`
}

// Personal are one player's settings in a game.
type Personal struct {
	// Quiet are hours without pings ("22-07", "22:30-06:45") in TZ.
	Quiet string `json:"quiet,omitempty"`
	TZ    string `json:"tz,omitempty"`
	// DM: reminders come by DM too.
	DM bool `json:"dm,omitempty"`
	// Away: the player is away until then (/game away).
	Away time.Time `json:"away,omitempty"`
}

// Proposal is a pace a seated player proposed.
type Proposal struct {
	By   string    `json:"by"`
	At   time.Time `json:"at"`
	Pace Pace      `json:"pace"`
}

// DefaultRemind is when reminders go when the settings name none: at
// half the time allowed and two hours before the deadline.
const DefaultRemind = "50%,2h"

// Limits of the time allowed per decision.
const (
	minLimit = time.Minute
	maxLimit = 90 * 24 * time.Hour
)

// ParseSpan reads a span of time: Go's durations ("90m", "1h30m") with
// days and weeks ("3d", "1w", "1d12h"); "off", "none" and "0" are 0.
func ParseSpan(v string) (time.Duration, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "off", "none", "0", "no":
		return 0, nil
	case "":
		return 0, fmt.Errorf("no time given")
	}
	var total time.Duration
	rest := v
	for rest != "" {
		i := 0
		for i < len(rest) && (rest[i] >= '0' && rest[i] <= '9' || rest[i] == '.') {
			i++
		}
		j := i
		for j < len(rest) && rest[j] >= 'a' && rest[j] <= 'z' {
			j++
		}
		if i == 0 || j == i {
			return 0, fmt.Errorf("%q is not a time like 24h, 3d, 90m or 1d12h", v)
		}
		n, err := strconv.ParseFloat(rest[:i], 64)
		if err != nil || n < 0 || n > 1e6 {
			return 0, fmt.Errorf("%q is not a time like 24h, 3d, 90m or 1d12h", v)
		}
		unit := map[string]time.Duration{"w": 7 * 24 * time.Hour, "d": 24 * time.Hour, "h": time.Hour, "m": time.Minute, "min": time.Minute, "s": time.Second}[rest[i:j]]
		if unit == 0 {
			return 0, fmt.Errorf("%q: unknown unit %q (w, d, h, m)", v, rest[i:j])
		}
		total += time.Duration(n * float64(unit))
		rest = rest[j:]
	}
	return total.Round(time.Second), nil
}

// Span writes a span of time the way ParseSpan reads it.
func Span(d time.Duration) string {
	if d <= 0 {
		return "0"
	}
	d = d.Round(time.Minute)
	var parts []string
	if days := d / (24 * time.Hour); days > 0 && d >= 48*time.Hour {
		parts = append(parts, fmt.Sprintf("%dd", days))
		d -= days * 24 * time.Hour
	}
	if h := d / time.Hour; h > 0 {
		parts = append(parts, fmt.Sprintf("%dh", h))
		d -= h * time.Hour
	}
	if m := d / time.Minute; m > 0 {
		parts = append(parts, fmt.Sprintf("%dm", m))
	}
	if len(parts) == 0 {
		return "0m"
	}
	return strings.Join(parts, "")
}

// lead is one reminder: a fraction of the time allowed, or a time
// before the deadline.
type lead struct {
	frac   float64
	before time.Duration
}

func parseRemind(v string) ([]lead, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "" {
		v = DefaultRemind
	}
	if v == "none" || v == "off" {
		return nil, nil
	}
	var out []lead
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
		if p, ok := strings.CutSuffix(f, "%"); ok {
			n, err := strconv.ParseFloat(p, 64)
			if err != nil || n <= 0 || n >= 100 {
				return nil, fmt.Errorf("reminder %q: a share of the time allowed is from 1%% to 99%%", f)
			}
			out = append(out, lead{frac: n / 100})
			continue
		}
		d, err := ParseSpan(f)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("reminder %q: give a share of the time allowed (50%%) or a time before the deadline (2h)", f)
		}
		out = append(out, lead{before: d})
	}
	if len(out) > 6 {
		return nil, fmt.Errorf("at most 6 reminders per decision")
	}
	return out, nil
}

// quiet is a player's quiet hours, as minutes of the day in loc.
type quiet struct {
	from, to int // [from, to), wrapping midnight when from > to
	loc      *time.Location
}

func parseClock(v string) (int, bool) {
	h, m, hasM := strings.Cut(strings.TrimSpace(v), ":")
	hh, err := strconv.Atoi(h)
	if err != nil || hh < 0 || hh > 24 {
		return 0, false
	}
	mm := 0
	if hasM {
		if mm, err = strconv.Atoi(m); err != nil || mm < 0 || mm > 59 {
			return 0, false
		}
	}
	return (hh*60 + mm) % (24 * 60), true
}

// parseQuiet reads quiet hours ("22-07", "22:30-06:45") in time zone tz
// ("" is UTC); "" or "off" is none.
func parseQuiet(v, tz string) (*quiet, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "" || v == "off" || v == "none" {
		return nil, nil
	}
	a, b, ok := strings.Cut(v, "-")
	from, ok1 := parseClock(a)
	to, ok2 := parseClock(b)
	if !ok || !ok1 || !ok2 || from == to {
		return nil, fmt.Errorf("quiet hours are written from-to in 24-hour time, like 22-07 or 22:30-06:45, not %q", v)
	}
	loc, err := location(tz)
	if err != nil {
		return nil, err
	}
	return &quiet{from: from, to: to, loc: loc}, nil
}

func location(tz string) (*time.Location, error) {
	if tz == "" || strings.EqualFold(tz, "utc") {
		return time.UTC, nil
	}
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return nil, fmt.Errorf("unknown time zone %q; use a name like Europe/Paris or America/New_York", tz)
	}
	return loc, nil
}

// in reports whether t falls in the quiet hours.
func (q *quiet) in(t time.Time) bool {
	if q == nil {
		return false
	}
	l := t.In(q.loc)
	m := l.Hour()*60 + l.Minute()
	if q.from < q.to {
		return m >= q.from && m < q.to
	}
	return m >= q.from || m < q.to
}

// end is the first moment at or after t outside the quiet hours.
func (q *quiet) end(t time.Time) time.Time {
	if !q.in(t) {
		return t
	}
	l := t.In(q.loc)
	e := time.Date(l.Year(), l.Month(), l.Day(), q.to/60, q.to%60, 0, 0, q.loc)
	for !e.After(t) {
		e = e.AddDate(0, 0, 1)
	}
	return e.UTC()
}

// settingsOf is the slot's game's settings (loaded once; the caller
// holds the slot's lock).
func (s *Service) settingsOf(sl *slot) Settings {
	if sl.set != nil {
		return *sl.set
	}
	var set Settings
	if b, err := s.DB.Settings(sl.g.Rec.ID); err != nil {
		s.log().Error("cannot read a game's settings", "game", sl.g.Rec.ID, "err", err)
	} else if b != nil {
		if err := json.Unmarshal(b, &set); err != nil {
			s.log().Error("a game's settings do not decode; using none", "game", sl.g.Rec.ID, "err", err)
		}
	}
	sl.set = &set
	return set
}

// paceText describes a pace.
func paceText(p Pace) string {
	if p.Limit == 0 {
		return "no deadline"
	}
	rem := p.Remind
	if rem == "" {
		rem = DefaultRemind
	}
	exp := map[string]string{"": "the default order is taken", "default": "the default order is taken", "moderator": "the moderators are called", "none": "nothing happens"}[p.Expiry]
	away := map[string]string{"": "an absent player's deadlines pause", "pause": "an absent player's deadlines pause", "default": "an absent player's decisions are taken by default"}[p.Away]
	return fmt.Sprintf("deadline %s per decision, reminders %s; at expiry %s; %s", Span(p.Limit), rem, exp, away)
}

// The options of /game settings.
var (
	paceKeys     = []string{"deadline", "remind", "expiry", "away"}
	personalKeys = []string{"quiet", "tz", "dm"}
)

// gameSettings: /game settings shows the settings; with deadline:,
// remind:, expiry:, away: it changes the pace (a moderator at once; a
// seated player proposes, and the change is made when the other seated
// player agrees: agree:yes, or the same options); with quiet:, tz:, dm:
// it changes the caller's own settings.
func (s *Service) gameSettings(c Command, sl *slot) ([]Reply, error) {
	g := sl.g
	set := s.settingsOf(sl)
	for k := range c.Options {
		if !contains(paceKeys, k) && !contains(personalKeys, k) && k != "agree" && k != "maps" {
			return nil, fmt.Errorf("unknown option %s; /game settings takes %s, %s, maps and agree", k, strings.Join(paceKeys, ", "), strings.Join(personalKeys, ", "))
		}
	}
	mod := s.isMod(c)
	held := sidesOf(g, c.User)
	pace, changed, err := paceOptions(c, set.Pace)
	if err != nil {
		return nil, err
	}
	personal, mine, err := personalOptions(c, set.Players[c.User])
	if err != nil {
		return nil, err
	}
	agree, err := yesNo("agree", c.Opt("agree"))
	if err != nil {
		return nil, err
	}
	maps, mapsChanged, err := mapsOption(c)
	if err != nil {
		return nil, err
	}
	if !changed && !mine && !agree && !mapsChanged {
		return []Reply{{To: c.User, Text: s.settingsText(g, set, c.User)}}, nil
	}
	if over, _ := g.Over(); over {
		return nil, ErrOverSettings
	}
	if mine && len(held) == 0 {
		return nil, fmt.Errorf("quiet:, tz: and dm: are a seated player's own settings; you hold no seat in game %s", g.Rec.ID)
	}
	if (changed || agree) && !mod && len(held) == 0 {
		return nil, fmt.Errorf("the pace of game %s is set by its seated players together, or by a moderator", g.Rec.ID)
	}
	next := set
	next.Players = map[string]Personal{}
	for k, v := range set.Players {
		next.Players[k] = v
	}
	var public, private []string
	if mapsChanged {
		// When maps are posted: any seated player or a moderator, at once
		// (it changes no deadline and decides nothing in the game).
		if !mod && len(held) == 0 {
			return nil, fmt.Errorf("the maps of game %s are set by its seated players or a moderator", g.Rec.ID)
		}
		next.Maps = maps
		public = append(public, fmt.Sprintf("Game %s's %s (set by @%s).", g.Rec.ID, mapsText(maps), c.User))
	}
	if mine {
		next.Players[c.User] = personal
		private = append(private, "Your settings in game "+g.Rec.ID+": "+personalText(personal, s.now())+".")
	}
	applyPace := func(p Pace, how string) {
		next.Pace, next.Proposal = p, nil
		public = append(public, fmt.Sprintf("Game %s's pace is now: %s (%s).", g.Rec.ID, paceText(p), how))
	}
	switch {
	case !changed && !agree:
	case mod && changed:
		applyPace(pace, "set by moderator @"+c.User)
	case agree && !changed:
		pr := set.Proposal
		switch {
		case pr == nil:
			return nil, fmt.Errorf("no pace is proposed in game %s; propose one with the options deadline, remind, expiry and away", g.Rec.ID)
		case pr.By == c.User && !oneUser(g):
			return nil, fmt.Errorf("you proposed this pace; the other player agrees to it (agree:yes), or a moderator sets it")
		}
		applyPace(pr.Pace, fmt.Sprintf("proposed by @%s, agreed by @%s", pr.By, c.User))
	case oneUser(g) && len(held) > 0:
		applyPace(pace, "set by @"+c.User+", who holds every seat")
	case set.Proposal != nil && set.Proposal.By != c.User && set.Proposal.Pace == pace:
		applyPace(pace, fmt.Sprintf("proposed by @%s, agreed by @%s", set.Proposal.By, c.User))
	default:
		next.Proposal = &Proposal{By: c.User, At: s.now().UTC(), Pace: pace}
		var others []string
		for _, side := range g.Rules.Info().Sides {
			if u := g.Rec.Seats[side]; u != "" && u != c.User && !contains(others, "@"+u) {
				others = append(others, "@"+u)
			}
		}
		public = append(public, fmt.Sprintf("@%s proposes a pace for game %s: %s. %s: agree with /game settings agree:yes (or a moderator sets it).",
			c.User, g.Rec.ID, paceText(pace), strings.Join(others, ", ")))
	}
	b, err := json.Marshal(next)
	if err != nil {
		return nil, err
	}
	now := s.now()
	var dl *storage.DeadlineChange
	if next.Pace != set.Pace || mine {
		cur, err := s.deadlineOf(g.Rec.ID)
		if err != nil {
			return nil, err
		}
		dl = s.replan(g, next, cur, now, next.Pace != set.Pace)
	}
	var replies []Reply
	for _, t := range public {
		replies = append(replies, Reply{Text: t})
	}
	if err := s.post(c, g, replies, false, storage.Extra{Settings: b, Deadline: dl}); err != nil {
		return nil, err
	}
	sl.set = &next
	s.wakeDeadlines(dl)
	out := []Reply{{To: c.User, Text: "Done."}}
	if len(private) > 0 {
		out = []Reply{{To: c.User, Text: strings.Join(private, "\n")}}
	}
	return out, nil
}

// ErrOverSettings refuses settings for a finished game.
var ErrOverSettings = fmt.Errorf("the game is over: it has no deadlines")

// oneUser: one player holds every seat (a hot-seat game).
func oneUser(g *adjudicator.Game) bool {
	u := ""
	for _, side := range g.Rules.Info().Sides {
		x := g.Rec.Seats[side]
		if x == "" || (u != "" && x != u) {
			return false
		}
		u = x
	}
	return u != ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// paceOptions reads the pace options of c over p; changed reports
// whether c gave any.
func paceOptions(c Command, p Pace) (Pace, bool, error) {
	changed := false
	if v, ok := c.Options["deadline"]; ok {
		d, err := ParseSpan(v)
		if err != nil {
			return p, false, fmt.Errorf("deadline: %v", err)
		}
		if d != 0 && (d < minLimit || d > maxLimit) {
			return p, false, fmt.Errorf("deadline: from %s to %s per decision, or off", Span(minLimit), Span(maxLimit))
		}
		p.Limit, changed = d, true
	}
	if v, ok := c.Options["remind"]; ok {
		if _, err := parseRemind(v); err != nil {
			return p, false, err
		}
		p.Remind, changed = strings.ToLower(strings.TrimSpace(v)), true
		if p.Remind == DefaultRemind {
			p.Remind = ""
		}
	}
	if v, ok := c.Options["expiry"]; ok {
		v = strings.ToLower(strings.TrimSpace(v))
		if !contains([]string{"default", "moderator", "none"}, v) {
			return p, false, fmt.Errorf("expiry is default (the prompt's default order is taken), moderator (the moderators are called) or none, not %q", v)
		}
		if v == "default" {
			v = ""
		}
		p.Expiry, changed = v, true
	}
	if v, ok := c.Options["away"]; ok {
		v = strings.ToLower(strings.TrimSpace(v))
		if !contains([]string{"pause", "default"}, v) {
			return p, false, fmt.Errorf("away is pause (an absent player's deadlines wait) or default (their decisions are taken by default), not %q", v)
		}
		if v == "pause" {
			v = ""
		}
		p.Away, changed = v, true
	}
	return p, changed, nil
}

// ParsePace reads a pace from options as /game settings takes them
// (deadline, remind, expiry, away): the configuration's default pace.
func ParsePace(opts map[string]string) (Pace, error) {
	p, _, err := paceOptions(Command{Options: opts}, Pace{})
	return p, err
}

// personalOptions reads the caller's own options over p.
func personalOptions(c Command, p Personal) (Personal, bool, error) {
	mine := false
	if v, ok := c.Options["tz"]; ok {
		if _, err := location(strings.TrimSpace(v)); err != nil {
			return p, false, err
		}
		p.TZ, mine = strings.TrimSpace(v), true
	}
	if v, ok := c.Options["quiet"]; ok {
		q, err := parseQuiet(v, p.TZ)
		if err != nil {
			return p, false, err
		}
		p.Quiet, mine = "", true
		if q != nil {
			p.Quiet = strings.ToLower(strings.TrimSpace(v))
		}
	}
	if v, ok := c.Options["dm"]; ok {
		b, err := yesNo("dm", v)
		if err != nil {
			return p, false, err
		}
		p.DM, mine = b, true
	}
	return p, mine, nil
}

func personalText(p Personal, now time.Time) string {
	q := "none"
	if p.Quiet != "" {
		tz := p.TZ
		if tz == "" {
			tz = "UTC"
		}
		q = p.Quiet + " " + tz
	}
	dm := "in the channel only"
	if p.DM {
		dm = "in the channel and by DM"
	}
	out := fmt.Sprintf("quiet hours %s; reminders %s", q, dm)
	if p.Away.After(now) {
		out += "; away until " + when(p.Away)
	}
	return out
}

// when writes a moment for players, in UTC.
func when(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// settingsText shows a game's settings to user.
func (s *Service) settingsText(g *adjudicator.Game, set Settings, user string) string {
	lines := []string{fmt.Sprintf("Game %s: %s; %s.", g.Rec.ID, paceText(set.Pace), mapsText(set.Maps))}
	if pr := set.Proposal; pr != nil {
		lines = append(lines, fmt.Sprintf("Proposed by @%s (%s), not yet agreed: %s.", pr.By, when(pr.At), paceText(pr.Pace)))
	}
	var users []string
	for u := range set.Players {
		users = append(users, u)
	}
	sort.Strings(users)
	for _, u := range users {
		p := set.Players[u]
		if u == user {
			lines = append(lines, "Your settings: "+personalText(p, s.now())+".")
		} else if !p.Away.IsZero() && p.Away.After(s.now()) {
			lines = append(lines, fmt.Sprintf("@%s is away until %s.", u, when(p.Away)))
		}
	}
	lines = append(lines, "Change with /game settings deadline:24h remind:\"50%,2h\" expiry:default|moderator|none away:pause|default (both players, or a moderator); your own: quiet:22-07 tz:Europe/Paris dm:yes; maps:every-hand-off|end-of-turn|off (a seated player or a moderator).")
	return strings.Join(lines, "\n")
}
