// Package bot is Umpire's command layer: commands, seats and permissions,
// replies by audience, and the transports (console, Discord) that carry
// them. Every reply is built from a viewer's View or from events addressed
// to that viewer (DESIGN invariant 1).
package bot

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/umpirebot/umpire/storage"
)

// Command is one slash command from one user in one channel.
type Command struct {
	User    string            // user id (console: the name after @)
	Channel string            // channel id
	Name    string            // "game new", "order", "help", "mod undo" ...
	Options map[string]string // option:value
	Source  string            // interaction id, for at-most-once (invariant 5)
	Guild   string            // guild id ("" for a DM)
	Mod     bool              // the transport says the user is a moderator
	// Route is what the transport needs to deliver what the command
	// changed for others later (say, the Discord channel to post in): it
	// is kept with the delivery in the game's outbox.
	Route map[string]string

	note *note // what Do reports back (the game whose outbox grew)
	// expiring is the deadline a deadline's default handles.
	expiring *storage.Deadline
}

type note struct {
	game    string
	changed bool // the command created a game or committed entries
	news    []storage.News
	ping    []string // the users the command handed the turn to
}

// Opt returns an option's value.
func (c Command) Opt(name string) string { return c.Options[name] }

// subcommands lists the commands that take a subcommand word.
var subcommands = map[string][]string{
	"game": {"new", "status", "list", "end", "news", "settings", "join", "accept", "decline", "resign", "cancel", "log", "away"},
	"mod":  {"undo", "override", "seat"},
}

// ParseLine parses a console line: `@user /command [sub] option:value ...`.
// Values with spaces are quoted: text:"dig N; done". Inside quotes, \" and
// \\ escape.
func ParseLine(line string) (Command, error) {
	toks, err := tokenize(line)
	if err != nil {
		return Command{}, err
	}
	if len(toks) == 0 {
		return Command{}, fmt.Errorf("empty line")
	}
	if !strings.HasPrefix(toks[0], "@") || len(toks[0]) < 2 {
		return Command{}, fmt.Errorf("a line starts with @user, then /command (e.g. `@alice /game status`), not %q", toks[0])
	}
	c := Command{User: strings.TrimPrefix(toks[0], "@"), Options: map[string]string{}}
	if strings.IndexFunc(c.User, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) || r == '"' || r == '@' }) >= 0 {
		return Command{}, fmt.Errorf("a user name is one word without blanks or quotes after @ (e.g. @alice), not %q", toks[0])
	}
	if len(toks) < 2 || !strings.HasPrefix(toks[1], "/") || len(toks[1]) < 2 {
		return Command{}, fmt.Errorf("after @%s comes a /command (/game, /order, /help, /undo, /map, /mod)", c.User)
	}
	c.Name = strings.ToLower(strings.TrimPrefix(toks[1], "/"))
	if strings.IndexFunc(c.Name, unicode.IsSpace) >= 0 {
		return Command{}, fmt.Errorf("a /command is one word (/game, /order, /help, /undo, /map, /mod), not %q", toks[1])
	}
	rest := toks[2:]
	if subs, ok := subcommands[c.Name]; ok {
		if len(rest) == 0 || strings.Contains(rest[0], ":") {
			return Command{}, fmt.Errorf("/%s needs a subcommand: %s", c.Name, strings.Join(subs, ", "))
		}
		sub := strings.ToLower(rest[0])
		found := false
		for _, s := range subs {
			found = found || s == sub
		}
		if !found {
			return Command{}, fmt.Errorf("/%s has no subcommand %q; it has %s", c.Name, rest[0], strings.Join(subs, ", "))
		}
		c.Name += " " + sub
		rest = rest[1:]
	}
	for _, t := range rest {
		k, v, ok := strings.Cut(t, ":")
		if !ok || k == "" {
			return Command{}, fmt.Errorf("options are written name:value (quote values with spaces); %q is not", t)
		}
		k = strings.ToLower(k)
		if _, dup := c.Options[k]; dup {
			return Command{}, fmt.Errorf("option %s given twice", k)
		}
		c.Options[k] = v
	}
	return c, nil
}

// tokenize splits on blanks, keeping quoted runs (a quote may start
// mid-token: text:"a b").
func tokenize(s string) ([]string, error) {
	var toks []string
	var cur strings.Builder
	in, have := false, false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case in && ch == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
			cur.WriteByte(s[i+1])
			i++
		case ch == '"':
			in = !in
			have = true
		case !in && (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'):
			if have {
				toks = append(toks, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteByte(ch)
			have = true
		}
	}
	if in {
		return nil, fmt.Errorf("unclosed quote")
	}
	if have {
		toks = append(toks, cur.String())
	}
	return toks, nil
}

// userRef strips a leading @ from a user option.
func userRef(v string) string { return strings.TrimPrefix(strings.TrimSpace(v), "@") }
