package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// The lobby (issue 11, item 4): /game new without every seat opens a game
// whose post offers the open seats (Discord: "Join as VM" buttons; the
// console and Discord: /game join side:<side>). Each join is a seat
// entry of the game's log, by the player who joined; the game starts when
// every side is taken, and until then no order is taken. Its creator or a
// moderator may cancel it (an end entry) while it waits.

// optCreator names, in a lobby game's options, the user who opened it.
const optCreator = "creator"

// openSeats lists the sides nobody holds yet.
func openSeats(g *adjudicator.Game) []string {
	var out []string
	for _, side := range g.Rules.Info().Sides {
		if g.Rec.Seats[side] == "" {
			out = append(out, string(side))
		}
	}
	return out
}

// notStarted refuses what needs every seat taken.
func notStarted(g *adjudicator.Game) error {
	if started(g) {
		return nil
	}
	return fmt.Errorf("game %s has not started: %s", g.Rec.ID, strings.TrimPrefix(lobbyWait(g), "Game "+g.Rec.ID+" "))
}

// lobbyPost announces a game's seats offered to members (who accept or
// decline them) and its open seats, with the offer to join.
func (s *Service) lobbyPost(g *adjudicator.Game) Reply {
	var held, open, offered []string
	var join []adjudicator.Side
	var offer []Seated
	o := offers(g)
	for _, side := range g.Rules.Info().Sides {
		switch u := g.Rec.Seats[side]; {
		case u != "":
			held = append(held, fmt.Sprintf("%s: @%s", side, u))
		case o[side] != "":
			offered = append(offered, fmt.Sprintf("@%s is offered the %s seat", o[side], side))
			offer = append(offer, Seated{Side: side, User: o[side]})
		default:
			open = append(open, string(side))
			join = append(join, side)
		}
	}
	var parts []string
	if len(offered) > 0 {
		parts = append(parts, fmt.Sprintf("Game %s: %s: accept or decline with /game accept or /game decline (or the buttons).", g.Rec.ID, strings.Join(offered, ", ")))
	}
	if len(open) > 0 {
		parts = append(parts, fmt.Sprintf("Game %s is open: %s %s open. Take a seat with /game join side:<side> (or the buttons).",
			g.Rec.ID, strings.Join(open, ", "), map[bool]string{true: "is", false: "are"}[len(open) == 1]))
	}
	parts = append(parts, "The game starts when every seat is taken. Its creator or a moderator may cancel it (/game cancel).")
	text := strings.Join(parts, " ")
	if len(held) > 0 {
		text += " Seated: " + strings.Join(held, ", ") + "."
	}
	return Reply{Text: text, Join: join, JoinGame: g.Rec.ID, Offer: offer}
}

// join: /game join side:<side> (a button carries game:<id> too).
func (s *Service) join(c Command, sl *slot) ([]Reply, error) {
	g := sl.g
	if want := c.Opt("game"); want != "" && want != g.Rec.ID {
		return nil, fmt.Errorf("that offer was for game %s, which is no longer open here; this channel's game is %s", want, g.Rec.ID)
	}
	if over, _ := g.Over(); over {
		return nil, adjudicator.ErrOver
	}
	info := g.Rules.Info()
	if started(g) {
		if len(sidesOf(g, c.User)) > 0 {
			return nil, fmt.Errorf("you already play in game %s (%s), which has started", g.Rec.ID, sideList(sidesOf(g, c.User)))
		}
		return nil, fmt.Errorf("every seat of game %s is taken: the game has started (seats: %s); follow it with /game status and /map", g.Rec.ID, seatText(g))
	}
	side := adjudicator.Side(strings.ToLower(strings.TrimSpace(c.Opt("side"))))
	if side == "" {
		return nil, fmt.Errorf("usage: /game join side:<side>; open: %s", strings.Join(openSeats(g), ", "))
	}
	if !info.HasSide(side) {
		return nil, fmt.Errorf("%s has no side %q; open: %s", info.Name, side, strings.Join(openSeats(g), ", "))
	}
	if u := g.Rec.Seats[side]; u == c.User {
		return nil, fmt.Errorf("you already hold the %s seat of game %s", side, g.Rec.ID)
	} else if u != "" {
		return nil, fmt.Errorf("the %s seat of game %s is taken by @%s; open: %s", side, g.Rec.ID, u, strings.Join(openSeats(g), ", "))
	}
	if u := offers(g)[side]; u == c.User {
		return s.takeSeat(c, sl, side, "accepts")
	} else if u != "" {
		free := ""
		if f := freeSeats(g); len(f) > 0 {
			free = "; open to anyone: " + strings.Join(f, ", ")
		}
		return nil, fmt.Errorf("the %s seat of game %s is offered to @%s; it opens if they decline%s", side, g.Rec.ID, u, free)
	}
	return s.takeSeat(c, sl, side, "joins")
}

// takeSeat seats the caller as side (a seat entry of theirs): a join, or
// an offer accepted; the game starts when every seat is taken.
func (s *Service) takeSeat(c Command, sl *slot, side adjudicator.Side, verb string) ([]Reply, error) {
	g := sl.g
	info := g.Rules.Info()
	seats := map[adjudicator.Side]string{}
	for k, v := range g.Rec.Seats {
		seats[k] = v
	}
	seats[side] = c.User
	if g.Rec.Options[optHotseat] != "yes" {
		if err := oneSeatEach(seats, info.Sides); err != nil {
			return nil, err
		}
	}
	st, err := g.Seat(c.User, side, c.User, c.Source, s.now())
	if err != nil {
		return nil, err
	}
	hdr := g.Rec.Header()
	hdr.Seats = seats
	mine, err := s.commit(c, sl, st, &hdr, func(after *adjudicator.Game) []Reply {
		out := []Reply{
			{To: c.User, Text: fmt.Sprintf("You hold the %s seat of game %s.", side, g.Rec.ID)},
			{Text: fmt.Sprintf("@%s %s game %s as %s.", c.User, verb, g.Rec.ID, side)},
		}
		if !started(after) {
			return append(out, Reply{Text: s.waitingText(after)})
		}
		out = append(out, Reply{Text: fmt.Sprintf("Every seat is taken: game %s starts. Seats: %s.%s", g.Rec.ID, seatText(after), standingNote(after))})
		out = append(out, s.mapAfter(after, adjudicator.Prompt{})...)
		return append(out, s.awaiting(after)...)
	})
	if errors.Is(err, errApplied) {
		return nil, err
	}
	return mine, err
}

// cancel: /game cancel, by the creator of a game still in its lobby or
// a moderator. A started game is ended by a moderator (/game end).
func (s *Service) cancel(c Command, sl *slot) ([]Reply, error) {
	g := sl.g
	if over, _ := g.Over(); over {
		return nil, adjudicator.ErrOver
	}
	if started(g) {
		return nil, fmt.Errorf("game %s has started: only a moderator ends it, with /game end", g.Rec.ID)
	}
	creator := g.Rec.Options[optCreator]
	if c.User != creator && !s.isMod(c) {
		return nil, fmt.Errorf("only the game's creator (@%s) or a moderator may cancel game %s", creator, g.Rec.ID)
	}
	st, err := g.End(c.User, "", "cancelled before it started", c.Source, s.now())
	if err != nil {
		return nil, err
	}
	return s.commit(c, sl, st, nil, func(after *adjudicator.Game) []Reply {
		return []Reply{{Text: fmt.Sprintf("@%s cancelled game %s before it started; this channel is free for a new game.", c.User, g.Rec.ID)}}
	})
}
