package discord

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"runtime/debug"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/bot"
)

// One bad payload cannot kill the bot (issue 12): interactions are
// validated before use, and each interaction's dispatch and background
// work (Handle, follow-ups, posts, DMs, maps) runs under a recover that
// logs the stack with the interaction id at error level, counts it
// (Bot.Panics) and answers the user with a short apology and an id to
// report. Over the gateway discordgo runs handlers in bare goroutines, so
// a panic there would otherwise end the process for every game.

// apology is what the user reads after a recovered panic.
func apology(id string) string {
	return fmt.Sprintf("Sorry: Umpire hit an internal error on that; the moderators are told, and the bot goes on. Report id: %s.", bot.ReportID(id))
}

// panicked logs and counts a recovered panic.
func (b *Bot) panicked(i *discordgo.Interaction, where string, r any) {
	b.Panics.Add(1)
	n := b.Panics.Value()
	id := ""
	if i != nil {
		id = i.ID
	}
	b.log().Error("panic in an interaction; recovered", "interaction", id, "where", where, "panic", fmt.Sprint(r),
		"panics", n, "stack", string(debug.Stack()))
}

// safeDispatch is dispatch under a recover: a panic answers with an
// apology (an empty choice list for autocomplete, which must be answered
// with choices).
func (b *Bot) safeDispatch(i *discordgo.Interaction) (cb callback, work func()) {
	defer func() {
		if r := recover(); r != nil {
			b.panicked(i, "dispatch", r)
			work = nil
			if i != nil && i.Type == discordgo.InteractionApplicationCommandAutocomplete {
				cb = callback{Type: cbAutocomplete, Data: choices{Choices: []choice{}}}
				return
			}
			id := ""
			if i != nil {
				id = i.ID
			}
			cb = ephemeral(apology(id))
		}
	}()
	if err := validate(i); err != nil {
		id := ""
		if i != nil {
			id = i.ID
		}
		b.log().Warn("refused a malformed interaction", "interaction", id, "err", err)
		if i != nil && i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			return callback{Type: cbAutocomplete, Data: choices{Choices: []choice{}}}, nil
		}
		return ephemeral("Umpire could not read that interaction (" + clip(err.Error(), 200) + "); nothing was done."), nil
	}
	return b.dispatch(i)
}

// safeWork runs an interaction's deferred work under a recover: after a
// panic the deferred response is edited into an apology.
func (b *Bot) safeWork(i *discordgo.Interaction, work func()) {
	defer func() {
		if r := recover(); r != nil {
			b.panicked(i, "work", r)
			func() {
				// The apology itself must not take the bot down.
				defer func() {
					if r := recover(); r != nil {
						b.panicked(i, "apology", r)
					}
				}()
				b.reply(i, apology(i.ID), nil)
			}()
		}
	}()
	work()
}

// decodeInteraction reads an interaction from JSON and checks its shape;
// a decoder panic is an error like any other.
func decodeInteraction(raw []byte) (i *discordgo.Interaction, err error) {
	defer func() {
		if r := recover(); r != nil {
			i, err = nil, fmt.Errorf("not an interaction (%v)", r)
		}
	}()
	i = new(discordgo.Interaction)
	if err := json.Unmarshal(raw, i); err != nil {
		return nil, fmt.Errorf("not an interaction: %w", err)
	}
	return i, nil
}

// Shape limits, from Discord's documentation, with room to spare.
const (
	maxOptionDepth = 3    // group > subcommand > option
	maxOptionValue = 6000 // a string option's value is at most 6000 characters
	maxIDLen       = 25   // snowflakes are at most 20 digits
	maxTokenLen    = 1000
	maxCustomID    = 100
	maxNameLen     = 32
)

// validate checks an interaction's shape before any of it is used: ids
// are snowflakes, a command names who sent it and where, options are
// well-formed (no null entries, bounded depth, counts and lengths, plain
// values), components carry a bounded custom id and values.
func validate(i *discordgo.Interaction) error {
	if i == nil {
		return errors.New("empty interaction")
	}
	if i.Type == discordgo.InteractionPing {
		return nil
	}
	if err := answerable(i); err != nil {
		return err
	}
	switch {
	case i.AppID != "" && (!isSnowflake(i.AppID) || len(i.AppID) > maxIDLen):
		return errors.New("bad application id")
	case i.GuildID != "" && (!isSnowflake(i.GuildID) || len(i.GuildID) > maxIDLen):
		return errors.New("bad guild id")
	case i.ChannelID != "" && (!isSnowflake(i.ChannelID) || len(i.ChannelID) > maxIDLen):
		return errors.New("bad channel id")
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			return errors.New("no command data")
		}
		if data.Name == "" || utf8.RuneCountInString(data.Name) > maxNameLen {
			return errors.New("bad command name")
		}
		if err := validOptions(data.Options, 1); err != nil {
			return err
		}
	case discordgo.InteractionMessageComponent:
		data, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return errors.New("no component data")
		}
		if len(data.CustomID) > maxCustomID || len(data.Values) > MenuMax {
			return errors.New("bad component data")
		}
		for _, v := range data.Values {
			if len(v) > maxCustomID {
				return errors.New("bad component value")
			}
		}
	default:
		return nil // answered as not handled
	}
	if i.ChannelID == "" {
		return errors.New("no channel")
	}
	if i.Member != nil && i.Member.User == nil && i.User == nil {
		return errors.New("a member without a user")
	}
	if u := caller(i); u == "" || !isSnowflake(u) || len(u) > maxIDLen {
		return errors.New("no valid user")
	}
	return nil
}

// tokenRE: interaction tokens are URL-safe; one that is not could aim the
// bot's callbacks and follow-ups at another path.
var tokenRE = regexp.MustCompile(`^[A-Za-z0-9._~-]+$`)

// answerable: the interaction's id and token can be put in the callback
// and webhook URLs.
func answerable(i *discordgo.Interaction) error {
	switch {
	case !isSnowflake(i.ID) || len(i.ID) > maxIDLen:
		return errors.New("bad interaction id")
	case len(i.Token) > maxTokenLen || !tokenRE.MatchString(i.Token):
		return errors.New("bad interaction token")
	}
	return nil
}

func validOptions(opts []*discordgo.ApplicationCommandInteractionDataOption, depth int) error {
	if len(opts) > maxOptions {
		return errors.New("too many options")
	}
	for _, o := range opts {
		if o == nil {
			return errors.New("a null option")
		}
		if depth > maxOptionDepth {
			return errors.New("options nested too deep")
		}
		if o.Name == "" || utf8.RuneCountInString(o.Name) > maxNameLen {
			return errors.New("bad option name")
		}
		switch v := o.Value.(type) {
		case nil, bool, float64:
		case string:
			if utf8.RuneCountInString(v) > maxOptionValue {
				return errors.New("option value too long")
			}
		default:
			return fmt.Errorf("option %s: not a plain value", clip(o.Name, maxNameLen))
		}
		if err := validOptions(o.Options, depth+1); err != nil {
			return err
		}
	}
	return nil
}
