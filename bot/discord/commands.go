// Package discord is Umpire's Discord transport: the slash-command
// definitions, the conversion of Discord interactions (slash commands,
// autocomplete, buttons) into bot.Commands, and the routing of bot.Replies
// to Discord: one public post per resolution (an embed with the public map
// attached and the awaited player mentioned), ephemeral replies for the
// caller, DMs for another side's private events. It runs over the gateway
// (discordgo) or as an HTTP interactions endpoint; every REST call goes
// through the session's http.Client, so tests can serve a fake Discord.
package discord

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/adjudicator"
)

// Option names the transport consumes itself (they never reach bot.Service).
const optThread = "thread"

// Sides lists the sides of all titles, in the titles' order (titles sorted
// by id), without repeats.
func Sides(titles map[string]adjudicator.Rules) []adjudicator.Side {
	var out []adjudicator.Side
	seen := map[adjudicator.Side]bool{}
	for _, id := range titleIDs(titles) {
		for _, s := range titles[id].Info().Sides {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

func titleIDs(titles map[string]adjudicator.Rules) []string {
	var ids []string
	for id := range titles {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// clip shortens s to at most n runes, marking the cut with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func str(name, desc string, required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Required: required}
}

func sideChoices(sides []adjudicator.Side) []*discordgo.ApplicationCommandOptionChoice {
	var cs []*discordgo.ApplicationCommandOptionChoice
	for _, s := range sides {
		cs = append(cs, &discordgo.ApplicationCommandOptionChoice{Name: string(s), Value: string(s)})
	}
	return cs
}

// Commands builds the slash commands for the given titles: /game
// new|status|list|end, /order, /map, /undo, /help and /mod undo|override|seat.
// The seat options of /game new are the titles' sides (required when every
// title has that side).
func Commands(titles map[string]adjudicator.Rules) []*discordgo.ApplicationCommand {
	sides := Sides(titles)
	guildOnly := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	guildInstall := &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	manage := int64(discordgo.PermissionManageGuild)

	var titleChoices []*discordgo.ApplicationCommandOptionChoice
	for _, id := range titleIDs(titles) {
		titleChoices = append(titleChoices, &discordgo.ApplicationCommandOptionChoice{Name: clip(titles[id].Info().Name, 100), Value: id})
	}
	title := str("title", "The game to play", true)
	title.Choices = titleChoices
	scenario := str("scenario", "The scenario (start typing to see the title's scenarios)", true)
	scenario.Autocomplete = true
	newOpts := []*discordgo.ApplicationCommandOption{title, scenario}
	var optional []*discordgo.ApplicationCommandOption
	for _, s := range sides {
		all := true
		for _, r := range titles {
			all = all && r.Info().HasSide(s)
		}
		// Optional: a seat left out is open, taken with the post's buttons
		// or /game join (the lobby).
		o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: string(s),
			Description: clip(fmt.Sprintf("The player seated as %s (leave out to let a member join)", s), 100)}
		if all {
			newOpts = append(newOpts, o)
		} else {
			optional = append(optional, o)
		}
	}
	newOpts = append(newOpts, optional...)
	newOpts = append(newOpts, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: optThread,
		Description: "Open a thread for the game here and play it there"})
	newOpts = append(newOpts, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "hotseat",
		Description: "Hot-seat or test game: one player may hold several seats and see every side's secrets"})
	seatHow := str("seat", "offer: the named players accept or decline (default); direct: moderators seat them at once", false)
	seatHow.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "offer", Value: "offer"}, {Name: "direct", Value: "direct"}}
	newOpts = append(newOpts, seatHow)
	newOpts = append(newOpts, str("options", "The title's own game options, e.g. bidding=on (Storm) or vulture=yes (The Lost Valley)", false))
	// Issue 30, item 6: the sides start from the title's standing profile
	// unless the creator chooses to be asked everything.
	standing := str(adjudicator.OptStanding, "default: routine reactions answered by standing orders (change any); ask: every reaction asked", false)
	standing.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "default", Value: adjudicator.StandingDefault}, {Name: "ask", Value: adjudicator.StandingAsk}}
	newOpts = append(newOpts, standing)

	statusView := str("view", "Whose view: yours (default), the public's or, for moderators, the referee's", false)
	statusView.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "mine", Value: "mine"}, {Name: "public", Value: "public"}, {Name: "referee", Value: "referee"}}
	joinSide := str("side", "The side to play", true)
	joinSide.Choices = sideChoices(sides)
	offerSide := str("side", "The seat offered to you, if you were offered two", false)
	offerSide.Choices = sideChoices(sides)
	winner := str("winner", "The winning side (none for a draw or an abandoned game)", false)
	winner.Choices = sideChoices(sides)
	game := &discordgo.ApplicationCommand{
		Name: "game", Description: "Start, follow or end this channel's game",
		Contexts: guildOnly, IntegrationTypes: guildInstall,
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Start a game in this channel (or in a new thread) and seat its players", Options: newOpts},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "status", Description: "Show the game's status as you may see it", Options: []*discordgo.ApplicationCommandOption{statusView}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "list", Description: "List this server's live games: phase, who is awaited, and which need a moderator"},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "news", Description: "Show your private news kept while Umpire could not DM you"},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "settings", Description: "Show or change the deadlines (both players or a moderator) and your own quiet hours", Options: settingsOptions()},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "join", Description: "Take an open seat of this channel's game", Options: []*discordgo.ApplicationCommandOption{joinSide}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "accept", Description: "Accept the seat offered to you in this channel's game", Options: []*discordgo.ApplicationCommandOption{offerSide}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "decline", Description: "Decline the seat offered to you: it opens to anyone", Options: []*discordgo.ApplicationCommandOption{offerSide}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "resign", Description: "Resign: the game ends as a loss for your side"},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "cancel", Description: "Cancel a game that has not started (its creator or a moderator)"},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "log", Description: "Page through the game's record as you may see it, with its dice", Options: logOptions()},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "away", Description: "Declare an absence: your deadlines pause (or defaults answer), as the game's settings say", Options: []*discordgo.ApplicationCommandOption{
				str("until", "When you are back: 2026-01-05, 2026-01-05T18:00Z or 3d; back to end it", true)}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "end", Description: "Moderators: end the game and reveal the dice seed (asks to confirm)", Options: []*discordgo.ApplicationCommandOption{
				winner, str("reason", "Why the game ends", false),
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "confirm", Description: "True to end it now, without the Confirm button"}}},
		},
	}

	text := str("text", "The order, e.g. `dig N 2`; several separated by ;", true)
	text.Autocomplete = true
	maxLen := 1000
	text.MaxLength = maxLen
	side := str("side", "The side you order for, if you hold several seats", false)
	side.Choices = sideChoices(sides)
	order := &discordgo.ApplicationCommand{
		Name: "order", Description: "Give an order for your side (autocomplete lists the legal ones)",
		Contexts: guildOnly, IntegrationTypes: guildInstall,
		Options: []*discordgo.ApplicationCommandOption{text, side},
	}

	oneTurn := 1.0
	mapView := str("view", "public (default, posted here), mine (your side, privately) or referee (moderators)", false)
	mapView.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "public", Value: "public"}, {Name: "mine", Value: "mine"}, {Name: "referee", Value: "referee"}}
	mapRegion := str("region", "A close-up that reads on a phone: a CR (huguette), the airstrip, the delta ...", false)
	mapRegion.Autocomplete, mapRegion.MaxLength = true, 100
	mapCmd := &discordgo.ApplicationCommand{
		Name: "map", Description: "Draw the game's map (privately, if you hold no seat)",
		Contexts: guildOnly, IntegrationTypes: guildInstall,
		Options: []*discordgo.ApplicationCommandOption{mapView, mapRegion,
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "turn", Description: "The end of an earlier turn, as you may see it now", MinValue: &oneTurn},
			str("hex", "What is at a place (a hex, or a town as Cao_Bang), as you may see it: answered privately", false)},
	}

	undo := &discordgo.ApplicationCommand{
		Name: "undo", Description: "Take back your last order, if no die was rolled and nothing was revealed since",
		Contexts: guildOnly, IntegrationTypes: guildInstall,
	}

	prefix := str("prefix", "Only the legal orders that start with this, e.g. `dig N`", false)
	prefix.Autocomplete = true
	help := &discordgo.ApplicationCommand{
		Name: "help", Description: "The commands, and your legal orders now",
		Contexts:         &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM},
		IntegrationTypes: guildInstall,
		Options:          []*discordgo.ApplicationCommandOption{prefix},
	}

	one := 1.0
	seatSide := str("side", "The side to seat", true)
	seatSide.Choices = sideChoices(sides)
	mod := &discordgo.ApplicationCommand{
		Name: "mod", Description: "Moderators: undo, override, reseat (announced in the channel)",
		Contexts: guildOnly, IntegrationTypes: guildInstall, DefaultMemberPermissions: &manage,
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "undo", Description: "Undo the last entries of the game's log (their dice stay burnt)", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "count", Description: "How many entries (default 1)", MinValue: &one, MaxValue: 100}}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "override", Description: "Apply a referee's override (logged and announced)", Options: []*discordgo.ApplicationCommandOption{
				str("text", "The override, e.g. `track replacements 3`; /help lists the forms", true)}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "seat", Description: "Seat another player for a side", Options: []*discordgo.ApplicationCommandOption{
				seatSide, {Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "The new player", Required: true}}},
		},
	}
	return []*discordgo.ApplicationCommand{game, order, mapCmd, undo, help, mod}
}

// logOptions are /game log's options.
func logOptions() []*discordgo.ApplicationCommandOption {
	one := 1.0
	view := str("view", "Moderators: the referee's view", false)
	view.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "referee", Value: "referee"}}
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionInteger, Name: "from", Description: "The first entry (default: the last 20)", MinValue: &one},
		{Type: discordgo.ApplicationCommandOptionInteger, Name: "to", Description: "The last entry", MinValue: &one},
		view,
	}
}

// settingsOptions are /game settings's options (bot.Service reads them).
func settingsOptions() []*discordgo.ApplicationCommandOption {
	expiry := str("expiry", "At a deadline: take the default order, call the moderators, or nothing", false)
	expiry.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "default", Value: "default"}, {Name: "moderator", Value: "moderator"}, {Name: "none", Value: "none"}}
	away := str("away", "While an awaited player is away: pause their clock, or take defaults", false)
	away.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "pause", Value: "pause"}, {Name: "default", Value: "default"}}
	maxLen := 100
	deadline := str("deadline", "Time per decision, like 24h or 3d; off for none", false)
	deadline.MaxLength = maxLen
	remind := str("remind", "Reminders: shares of the time and times before it, like 50%,2h; none", false)
	remind.MaxLength = maxLen
	quiet := str("quiet", "Your hours without pings, like 22-07 (in your tz); off for none", false)
	quiet.MaxLength = maxLen
	tz := str("tz", "Your time zone, like Europe/Paris", false)
	tz.MaxLength = maxLen
	maps := str("maps", "When a map is posted: a close-up with each hand-off (default), one per turn, or none", false)
	maps.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "every hand-off", Value: "every-hand-off"}, {Name: "end of turn", Value: "end-of-turn"}, {Name: "off", Value: "off"}}
	return []*discordgo.ApplicationCommandOption{deadline, remind, expiry, away, quiet, tz, maps,
		{Type: discordgo.ApplicationCommandOptionBoolean, Name: "dm", Description: "Your reminders by DM too"},
		{Type: discordgo.ApplicationCommandOptionBoolean, Name: "agree", Description: "Agree to the pace the other player proposed"}}
}

// The registration JSON. discordgo's own encoding writes nulls that the
// official schema refuses for some fields and a string for
// default_member_permissions, so the definitions are encoded here, as the
// schema describes them.

type wireChoice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

type wireOption struct {
	Type         int          `json:"type"`
	Name         string       `json:"name"`
	Description  string       `json:"description"`
	Required     bool         `json:"required,omitempty"`
	Autocomplete bool         `json:"autocomplete,omitempty"`
	Choices      []wireChoice `json:"choices,omitempty"`
	Options      []wireOption `json:"options,omitempty"`
	MinValue     *float64     `json:"min_value,omitempty"`
	MaxValue     *float64     `json:"max_value,omitempty"`
	MinLength    *int         `json:"min_length,omitempty"`
	MaxLength    *int         `json:"max_length,omitempty"`
}

type wireCommand struct {
	Name                     string       `json:"name"`
	Type                     int          `json:"type"`
	Description              string       `json:"description"`
	Options                  []wireOption `json:"options,omitempty"`
	DefaultMemberPermissions *int64       `json:"default_member_permissions,omitempty"`
	Contexts                 []int        `json:"contexts,omitempty"`
	IntegrationTypes         []int        `json:"integration_types,omitempty"`
}

func wireOptions(opts []*discordgo.ApplicationCommandOption) []wireOption {
	var out []wireOption
	for _, o := range opts {
		w := wireOption{Type: int(o.Type), Name: o.Name, Description: o.Description, Required: o.Required,
			Autocomplete: o.Autocomplete, Options: wireOptions(o.Options), MinValue: o.MinValue, MinLength: o.MinLength}
		if o.MaxValue != 0 {
			v := o.MaxValue
			w.MaxValue = &v
		}
		if o.MaxLength != 0 {
			v := o.MaxLength
			w.MaxLength = &v
		}
		for _, c := range o.Choices {
			w.Choices = append(w.Choices, wireChoice{Name: c.Name, Value: c.Value})
		}
		out = append(out, w)
	}
	return out
}

// CommandsJSON is the exact body Umpire sends to register its commands
// (PUT /applications/{id}/commands, or the guild's): what `umpire bot
// commands` prints.
func CommandsJSON(cmds []*discordgo.ApplicationCommand) ([]byte, error) {
	out := []wireCommand{}
	for _, c := range cmds {
		typ := c.Type
		if typ == 0 {
			typ = discordgo.ChatApplicationCommand
		}
		w := wireCommand{Name: c.Name, Type: int(typ), Description: c.Description, Options: wireOptions(c.Options),
			DefaultMemberPermissions: c.DefaultMemberPermissions}
		if c.Contexts != nil {
			for _, x := range *c.Contexts {
				w.Contexts = append(w.Contexts, int(x))
			}
		}
		if c.IntegrationTypes != nil {
			for _, x := range *c.IntegrationTypes {
				w.IntegrationTypes = append(w.IntegrationTypes, int(x))
			}
		}
		out = append(out, w)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Discord's limits on command definitions
// (https://discord.com/developers/docs/interactions/application-commands).
var nameRE = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

const (
	maxOptions      = 25
	maxChoices      = 25
	maxCommandChars = 4000
	maxCommands     = 100
)

// CheckCommands verifies command definitions against Discord's limits, so
// that a bad definition fails the build (a test) and the start of the bot,
// not the registration: names, descriptions, counts of options, choices
// and subcommands, required options before optional ones, and the total
// characters of each command.
func CheckCommands(cmds []*discordgo.ApplicationCommand) error {
	var errs []string
	bad := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	if len(cmds) > maxCommands {
		bad("%d commands; Discord allows %d chat commands", len(cmds), maxCommands)
	}
	names := map[string]bool{}
	for _, c := range cmds {
		where := "/" + c.Name
		checkName(c.Name, where, bad)
		if names[c.Name] {
			bad("%s: defined twice", where)
		}
		names[c.Name] = true
		checkDesc(c.Description, where, bad)
		checkOptions(c.Options, where, 0, bad)
		if n := commandChars(c); n > maxCommandChars {
			bad("%s: %d characters in names, descriptions and choices; Discord allows %d", where, n, maxCommandChars)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("command definitions break Discord's limits:\n  %s", strings.Join(errs, "\n  "))
	}
	return nil
}

func checkName(name, where string, bad func(string, ...any)) {
	if !nameRE.MatchString(name) {
		bad("%s: name %q does not match ^[-_\\p{L}\\p{N}]{1,32}$", where, name)
	}
	if strings.ToLower(name) != name {
		bad("%s: name %q must be lowercase", where, name)
	}
}

func checkDesc(d, where string, bad func(string, ...any)) {
	if n := utf8.RuneCountInString(d); n < 1 || n > 100 {
		bad("%s: description has %d characters; Discord wants 1 to 100", where, n)
	}
}

func checkOptions(opts []*discordgo.ApplicationCommandOption, where string, depth int, bad func(string, ...any)) {
	if len(opts) > maxOptions {
		bad("%s: %d options or subcommands; Discord allows %d", where, len(opts), maxOptions)
	}
	names := map[string]bool{}
	subs, plain := 0, 0
	optionalSeen := false
	for _, o := range opts {
		w := where + " " + o.Name
		checkName(o.Name, w, bad)
		checkDesc(o.Description, w, bad)
		if names[o.Name] {
			bad("%s: option name used twice", w)
		}
		names[o.Name] = true
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommandGroup:
			subs++
			if depth > 0 {
				bad("%s: a subcommand group may only sit at the top of a command", w)
			}
			for _, s := range o.Options {
				if s.Type != discordgo.ApplicationCommandOptionSubCommand {
					bad("%s: a subcommand group holds only subcommands", w)
				}
			}
			checkOptions(o.Options, w, depth+1, bad)
		case discordgo.ApplicationCommandOptionSubCommand:
			subs++
			if depth > 1 {
				bad("%s: subcommands nest at most two levels", w)
			}
			for _, s := range o.Options {
				if s.Type == discordgo.ApplicationCommandOptionSubCommand || s.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
					bad("%s: a subcommand cannot hold subcommands", w)
				}
			}
			checkOptions(o.Options, w, depth+2, bad)
		default:
			plain++
			if o.Required && optionalSeen {
				bad("%s: required option after an optional one; Discord wants required options first", w)
			}
			if !o.Required {
				optionalSeen = true
			}
			if len(o.Options) > 0 {
				bad("%s: only subcommands and groups hold options", w)
			}
		}
		if len(o.Choices) > maxChoices {
			bad("%s: %d choices; Discord allows %d", w, len(o.Choices), maxChoices)
		}
		if len(o.Choices) > 0 && o.Autocomplete {
			bad("%s: choices and autocomplete exclude each other", w)
		}
		if o.Autocomplete || len(o.Choices) > 0 {
			switch o.Type {
			case discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
			default:
				bad("%s: only string, integer and number options take choices or autocomplete", w)
			}
		}
		for _, c := range o.Choices {
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > 100 {
				bad("%s: choice name %q has %d characters; Discord wants 1 to 100", w, c.Name, n)
			}
			if s, ok := c.Value.(string); ok && utf8.RuneCountInString(s) > 100 {
				bad("%s: choice value %q is longer than 100 characters", w, s)
			}
		}
	}
	if subs > 0 && plain > 0 {
		bad("%s: subcommands and plain options cannot be mixed", where)
	}
}

// commandChars counts what Discord counts toward a command's 4000
// characters: names, descriptions and choice names and values, at every
// level.
func commandChars(c *discordgo.ApplicationCommand) int {
	n := utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(c.Description)
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			n += utf8.RuneCountInString(o.Name) + utf8.RuneCountInString(o.Description)
			for _, ch := range o.Choices {
				n += utf8.RuneCountInString(ch.Name) + utf8.RuneCountInString(fmt.Sprint(ch.Value))
			}
			walk(o.Options)
		}
	}
	walk(c.Options)
	return n
}
