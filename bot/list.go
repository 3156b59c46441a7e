package bot

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/storage"
)

// listMax bounds the games /game list shows.
const listMax = 50

// list: /game list shows this server's (or the console's) live games: id,
// title, scenario, phase, who is awaited, and the needs-moderator mark.
// A game that cannot be loaded (or panics while loading) is listed as
// such; the others are still shown.
func (s *Service) list(c Command) ([]Reply, error) {
	prefix := ""
	if c.Guild != "" && c.Guild != c.Channel {
		prefix = c.Guild + "/"
	}
	games, err := s.DB.LiveGames(prefix, c.Channel)
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return []Reply{{To: c.User, Text: "No live game here; start one with /game new."}}, nil
	}
	lines := []string{fmt.Sprintf("Live games here (%d):", len(games))}
	for k, lg := range games {
		if k == listMax {
			lines = append(lines, fmt.Sprintf("... and %d more", len(games)-listMax))
			break
		}
		lines = append(lines, s.listLine(c, lg))
	}
	return []Reply{{To: c.User, Text: strings.Join(lines, "\n")}}, nil
}

// listLine describes one live game, under its own recover.
func (s *Service) listLine(c Command, lg storage.LiveGame) (line string) {
	where := channelRef(lg.Channel)
	flag := ""
	defer func() {
		if r := recover(); r != nil {
			n := panics.Add(1)
			report := ReportID(c.Source)
			s.log().Error("panic while listing a game; the game needs a moderator", "interaction", c.Source, "report", report,
				"game", lg.Game, "panic", fmt.Sprint(r), "panics", n, "stack", string(debug.Stack()))
			s.dropSlot(lg.Game)
			_ = s.DB.SetNeedsModerator(lg.Game, fmt.Sprintf("internal error while loading it for /game list (report id %s)", report), s.now())
			line = fmt.Sprintf("- %s%s: cannot be loaded (internal error); NEEDS A MODERATOR", lg.Game, where)
		}
	}()
	if f, ok, err := s.DB.NeedsModerator(lg.Game); err == nil && ok {
		flag = "; NEEDS A MODERATOR: " + f.Reason
	}
	var out string
	_, err := s.withGame(Command{User: c.User, Channel: lg.Channel, Guild: c.Guild}, func(_ Command, sl *slot) ([]Reply, error) {
		g := sl.g
		title := g.Rec.Title
		if r, ok := s.Titles[title]; ok {
			title = r.Info().Name
		}
		p := g.Prompt()
		state := "over"
		switch {
		case !p.Over && !started(g):
			// issue 30, item 8: a seat offered to a player is not "open"
			state = fmt.Sprintf("waiting for %s; seats: %s", lobbyNeeds(g), seatText(g))
		case !p.Over:
			var who []string
			for _, side := range p.Awaiting {
				who = append(who, fmt.Sprintf("@%s (%s)", g.Rec.Seats[side], side))
			}
			state = fmt.Sprintf("%s; awaiting %s", p.Phase, strings.Join(who, " and "))
			state += s.waitText(g, p)
		}
		out = fmt.Sprintf("- %s%s: %s, scenario %s — %s%s", g.Rec.ID, where, title, g.Rec.Scenario, state, flag)
		return nil, nil
	})
	if err != nil {
		return fmt.Sprintf("- %s%s: cannot be loaded (%v)%s", lg.Game, where, err, flag)
	}
	return out
}

// channelRef names a channel key for a reply: a Discord channel
// ("guild/channel") as its mention, else nothing (the console's one
// channel).
func channelRef(key string) string {
	if i := strings.LastIndex(key, "/"); i >= 0 && i < len(key)-1 {
		return fmt.Sprintf(" in <#%s>", key[i+1:])
	}
	return ""
}

// waitText says since when the decision is awaited and its deadline.
func (s *Service) waitText(g *adjudicator.Game, p adjudicator.Prompt) string {
	d, err := s.deadlineOf(g.Rec.ID)
	if err != nil || d == nil || !sameDecision(d, p) {
		return ""
	}
	out := " since " + when(d.Since)
	switch {
	case d.Expired:
		out += "; deadline passed " + when(d.Due)
	case d.Reason == "away":
		out += "; taken by default (the player is away)"
	case !d.Due.IsZero():
		out += "; deadline " + when(d.Due)
		if d.Start.After(s.now()) {
			out += " (paused while away)"
		}
	}
	return out
}
