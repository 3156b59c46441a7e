package bot

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Games players agree to (issue 15, item 5). A seat named in /game new
// (french:@alice vm:@bob) is offered to that member, recorded in the
// game's options (adjudicator.OfferOption); the creator naming
// themself holds that seat at once. The member accepts (/game accept, or
// the post's Accept button: a seat entry of theirs) or declines
// (/game decline, or the Decline button: a decline entry), and a
// declined seat is open to anyone (the lobby). The game starts when
// every seat is held. A moderator may seat the named members directly
// with seat:direct. A player resigns (/game resign: a resign entry, the
// game lost for their side); a moderator's /game end asks to confirm.

// optSeat is /game new's option choosing how named members are seated:
// "offer" (the default: they accept or decline) or "direct" (moderators
// only: seated at once).
const optSeat = "seat"

// offers lists the seats offered and not yet answered: side to member.
func offers(g *adjudicator.Game) map[adjudicator.Side]string {
	out := map[adjudicator.Side]string{}
	for _, side := range g.Rules.Info().Sides {
		if u := g.Rec.Options[adjudicator.OfferOption(side)]; u != "" && g.Rec.Seats[side] == "" && !declined(g, side) {
			out[side] = u
		}
	}
	return out
}

// declined reports whether the offer of side's seat was declined.
func declined(g *adjudicator.Game, side adjudicator.Side) bool {
	for _, e := range g.Rec.Entries {
		if e.Kind == adjudicator.KindDecline && e.Side == side {
			return true
		}
	}
	return false
}

// offeredTo lists the sides offered to user, unanswered.
func offeredTo(g *adjudicator.Game, user string) []adjudicator.Side {
	var out []adjudicator.Side
	o := offers(g)
	for _, side := range g.Rules.Info().Sides {
		if o[side] == user {
			out = append(out, side)
		}
	}
	return out
}

// freeSeats lists the sides anyone may take: neither held nor offered.
func freeSeats(g *adjudicator.Game) []string {
	o := offers(g)
	var out []string
	for _, side := range openSeats(g) {
		if o[adjudicator.Side(side)] == "" {
			out = append(out, side)
		}
	}
	return out
}

// waitingText says what a game in its lobby waits for: the members'
// answers to their offers, and the seats open to anyone.
func (s *Service) waitingText(g *adjudicator.Game) string { return lobbyWait(g) }

func lobbyWait(g *adjudicator.Game) string {
	return fmt.Sprintf("Game %s waits for %s.", g.Rec.ID, lobbyNeeds(g))
}

// lobbyNeeds is what a game in its lobby waits for: players to accept
// their offers, and players for the open seats.
func lobbyNeeds(g *adjudicator.Game) string {
	var parts []string
	for _, side := range g.Rules.Info().Sides {
		if u := offers(g)[side]; u != "" {
			parts = append(parts, fmt.Sprintf("@%s to accept the %s seat (/game accept or /game decline)", u, side))
		}
	}
	if free := freeSeats(g); len(free) > 0 {
		parts = append(parts, fmt.Sprintf("a player for %s (/game join side:<side>)", strings.Join(free, ", ")))
	}
	return strings.Join(parts, " and ")
}

// offerSide picks the seat offered to the caller: the side: option, else
// their one offer.
func offerSide(g *adjudicator.Game, c Command, verb string) (adjudicator.Side, error) {
	if want := c.Opt("game"); want != "" && want != g.Rec.ID {
		return "", fmt.Errorf("that offer was for game %s, which is no longer open here; this channel's game is %s", want, g.Rec.ID)
	}
	if over, _ := g.Over(); over {
		return "", adjudicator.ErrOver
	}
	mine := offeredTo(g, c.User)
	if want := adjudicator.Side(strings.ToLower(strings.TrimSpace(c.Opt("side")))); want != "" {
		for _, side := range mine {
			if side == want {
				return side, nil
			}
		}
		if u := offers(g)[want]; u != "" {
			return "", fmt.Errorf("the %s seat of game %s is offered to @%s, not to you", want, g.Rec.ID, u)
		}
		return "", fmt.Errorf("no %s seat of game %s is offered to you%s", want, g.Rec.ID, offersNote(g))
	}
	switch len(mine) {
	case 1:
		return mine[0], nil
	case 0:
		return "", fmt.Errorf("no seat of game %s is offered to you%s", g.Rec.ID, offersNote(g))
	}
	return "", fmt.Errorf("two seats are offered to you (%s): say which with /game %s side:<side>", sideList(mine), verb)
}

// offersNote names the open offers and free seats, for a refusal.
func offersNote(g *adjudicator.Game) string {
	var parts []string
	for _, side := range g.Rules.Info().Sides {
		if u := offers(g)[side]; u != "" {
			parts = append(parts, fmt.Sprintf("%s is offered to @%s", side, u))
		}
	}
	if free := freeSeats(g); len(free) > 0 {
		parts = append(parts, fmt.Sprintf("%s open to anyone (/game join side:<side>)", strings.Join(free, ", ")))
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, "; ")
}

// accept: /game accept [side:<s>] (the Accept button carries game:<id>).
func (s *Service) accept(c Command, sl *slot) ([]Reply, error) {
	side, err := offerSide(sl.g, c, "accept")
	if err != nil {
		return nil, err
	}
	return s.takeSeat(c, sl, side, "accepts")
}

// decline: /game decline [side:<s>]: the seat opens to anyone.
func (s *Service) decline(c Command, sl *slot) ([]Reply, error) {
	g := sl.g
	side, err := offerSide(g, c, "decline")
	if err != nil {
		return nil, err
	}
	st, err := g.Decline(c.User, side, c.Source, s.now())
	if err != nil {
		return nil, err
	}
	mine, err := s.commit(c, sl, st, nil, func(after *adjudicator.Game) []Reply {
		return []Reply{
			{To: c.User, Text: fmt.Sprintf("You declined the %s seat of game %s.", side, g.Rec.ID)},
			{Text: fmt.Sprintf("@%s declined the %s seat of game %s: it is open to anyone.", c.User, side, g.Rec.ID)},
			s.lobbyPost(after),
		}
	})
	if errors.Is(err, errApplied) {
		return nil, err
	}
	return mine, err
}

// resign: /game resign, by a seated player of a started game: the game
// ends as a loss for their side (a resign entry), the seed is revealed.
func (s *Service) resign(c Command, sl *slot) ([]Reply, error) {
	g := sl.g
	if over, _ := g.Over(); over {
		return nil, adjudicator.ErrOver
	}
	if !started(g) {
		return nil, fmt.Errorf("game %s has not started; decline your offer (/game decline) or, as its creator, cancel it (/game cancel)", g.Rec.ID)
	}
	side, err := actingSide(g, c)
	if err != nil {
		return nil, err
	}
	st, err := g.Resign(c.User, side, c.Source, s.now())
	if err != nil {
		return nil, err
	}
	return s.commit(c, sl, st, nil, func(after *adjudicator.Game) []Reply {
		out := []Reply{{To: c.User, Text: fmt.Sprintf("You resigned game %s for %s.", g.Rec.ID, side)}}
		out = append(out, s.deliver(after, st.Events, c.User)...)
		return append(out, s.after(after)...)
	})
}

// endConfirm is the command line confirming a moderator's /game end.
func endConfirm(c Command, game string) string {
	line := "/game end confirm:yes game:" + game
	if w := c.Opt("winner"); w != "" {
		line += " winner:" + strings.ToLower(w)
	}
	if r := c.Opt("reason"); r != "" {
		line += " reason:" + quote(r)
	}
	return line
}

// quote writes an option's value for a command line.
func quote(v string) string {
	if v != "" && !strings.ContainsAny(v, " \t\"\\") {
		return v
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
}

// AcceptorsOf lists, for a console line creating a game (tests and
// demos), the members it offers a seat to: those named other than its
// creator, unless seat:direct seats them at once. Test suites use it to
// answer the offers.
func AcceptorsOf(line string) []string {
	c, err := ParseLine(line)
	if err != nil || c.Name != "game new" || strings.EqualFold(c.Opt(optSeat), "direct") {
		return nil
	}
	var out []string
	for k, v := range c.Options {
		if k == "title" || k == "scenario" || k == optHotseat || k == optSeat || k == "thread" {
			continue
		}
		if u := userRef(v); u != "" && u != c.User && !contains(out, u) {
			out = append(out, u)
		}
	}
	sort.Strings(out)
	return out
}
