package discord

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/bot"
)

// ButtonPrefix starts the custom_id of a quick-order button:
// "order:<order text>"; MenuID is the custom_id of the select menu of
// orders (the choice is its value).
const (
	ButtonPrefix = "order:"
	MenuID       = "order-menu"
	// JoinPrefix starts the custom_id of a lobby's button:
	// "join:<game>:<side>".
	JoinPrefix = "join:"
	// AcceptPrefix and DeclinePrefix start the custom_id of the buttons
	// answering a seat's offer: "accept:<game>:<side>" (issue 15).
	AcceptPrefix  = "accept:"
	DeclinePrefix = "decline:"
	// ConfirmPrefix starts the custom_id of a Confirm button: the command
	// line it confirms ("confirm:/game end confirm:yes game:g1").
	ConfirmPrefix = "confirm:"
)

// dispatch decides an interaction's initial response, which must reach
// Discord within 3 seconds, and the work (Handle, then follow-ups) to run
// after it was sent. Autocomplete and refusals that need no game are
// answered at once; commands and buttons are deferred, ephemerally since
// the caller's first reply is private (the public outcome is a separate
// channel post).
func (b *Bot) dispatch(i *discordgo.Interaction) (callback, func()) {
	switch i.Type {
	case discordgo.InteractionPing:
		return callback{Type: cbPong}, nil
	case discordgo.InteractionApplicationCommandAutocomplete:
		return callback{Type: cbAutocomplete, Data: choices{Choices: b.autocomplete(i)}}, nil
	case discordgo.InteractionApplicationCommand:
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			return ephemeral("Umpire could not read that command."), nil
		}
		name, opts, thread := commandOf(data)
		if i.GuildID == "" && name != "help" {
			return ephemeral("Umpire's games live in server channels: in a DM only /help works. Use /" + name + " in the game's channel."), nil
		}
		cmd := bot.Command{User: caller(i), Name: name, Options: opts, Source: i.ID, Guild: i.GuildID}
		if cmd.User == "" {
			return ephemeral("Umpire could not tell who sent that command."), nil
		}
		return callback{Type: cbDeferred, Data: message{Flags: flagEphemeral}}, func() { b.run(i, cmd, thread) }
	case discordgo.InteractionMessageComponent:
		data, ok := i.Data.(discordgo.MessageComponentInteractionData)
		for prefix, name := range map[string]string{AcceptPrefix: "game accept", DeclinePrefix: "game decline"} {
			if ok && strings.HasPrefix(data.CustomID, prefix) {
				// An offered seat: the service checks the caller is the
				// member it is offered to.
				game, side, _ := strings.Cut(strings.TrimPrefix(data.CustomID, prefix), ":")
				user := caller(i)
				if i.GuildID == "" || user == "" || game == "" || side == "" {
					return ephemeral("Umpire's buttons work only in the game's channel."), nil
				}
				cmd := bot.Command{User: user, Name: name, Options: map[string]string{"side": side, "game": game}, Source: i.ID, Guild: i.GuildID}
				return callback{Type: cbDeferred, Data: message{Flags: flagEphemeral}}, func() { b.run(i, cmd, false) }
			}
		}
		if ok && strings.HasPrefix(data.CustomID, ConfirmPrefix) {
			// A Confirm button runs the command it names, as the clicker
			// (the service checks they may), and only /game end.
			user := caller(i)
			cmd, err := bot.ParseLine("@" + user + " " + strings.TrimPrefix(data.CustomID, ConfirmPrefix))
			if err != nil || cmd.Name != "game end" || i.GuildID == "" || user == "" {
				return ephemeral("That confirmation is out of date or not one of Umpire's."), nil
			}
			cmd.Source, cmd.Guild = i.ID, i.GuildID
			return callback{Type: cbDeferred, Data: message{Flags: flagEphemeral}}, func() { b.run(i, cmd, false) }
		}
		if ok && strings.HasPrefix(data.CustomID, JoinPrefix) {
			// A lobby's seat: anyone may take it (the service checks it
			// is open); each click is its own interaction, so a replayed
			// one applies once and a second player's click is answered.
			game, side, _ := strings.Cut(strings.TrimPrefix(data.CustomID, JoinPrefix), ":")
			user := caller(i)
			if i.GuildID == "" || user == "" || game == "" || side == "" {
				return ephemeral("Umpire's buttons work only in the game's channel."), nil
			}
			cmd := bot.Command{User: user, Name: "game join", Options: map[string]string{"side": side, "game": game},
				Source: i.ID, Guild: i.GuildID}
			return callback{Type: cbDeferred, Data: message{Flags: flagEphemeral}}, func() { b.run(i, cmd, false) }
		}
		text := ""
		switch {
		case !ok:
		case strings.HasPrefix(data.CustomID, ButtonPrefix):
			text = strings.TrimPrefix(data.CustomID, ButtonPrefix)
		case data.CustomID == MenuID && len(data.Values) == 1:
			text = data.Values[0]
		}
		if strings.TrimSpace(text) == "" {
			return ephemeral("That control is not one of Umpire's, or is out of date."), nil
		}
		user := caller(i)
		if i.GuildID == "" || user == "" {
			return ephemeral("Umpire's buttons work only in the game's channel."), nil
		}
		if to := addressees(i.Message); len(to) > 0 && !contains(to, user) {
			return ephemeral(fmt.Sprintf("These choices are for %s, the awaited player. Onlookers can follow with /game status and /map.", mentionList(to))), nil
		}
		// One decision per prompt message: every button of the message
		// shares the source, so a double click (or a second button)
		// applies once.
		src := i.ID
		if i.Message != nil && i.Message.ID != "" {
			src = "button:" + i.Message.ID
		}
		cmd := bot.Command{User: user, Name: "order", Options: map[string]string{"text": text},
			Source: src, Guild: i.GuildID}
		return callback{Type: cbDeferred, Data: message{Flags: flagEphemeral}}, func() { b.run(i, cmd, false) }
	}
	return ephemeral("Umpire does not handle that kind of interaction."), nil
}

func ephemeral(text string) callback {
	return callback{Type: cbMessage, Data: message{Content: clip(text, 2000), Flags: flagEphemeral, AllowedMentions: &allowedMentions{Parse: []string{}}}}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func mentionList(ids []string) string {
	var out []string
	for _, id := range ids {
		out = append(out, "<@"+id+">")
	}
	return strings.Join(out, " and ")
}

// autocomplete: legal orders (or their next words) for /order text and
// /help prefix, only for the seated, awaited player; the title's scenarios
// for /game new scenario.
func (b *Bot) autocomplete(i *discordgo.Interaction) []choice {
	out := []choice{}
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok || i.GuildID == "" {
		return out
	}
	name, opts, _ := commandOf(data)
	f := focused(data.Options)
	if f == nil {
		return out
	}
	typed := optionValue(f)
	switch {
	case (name == "order" && f.Name == "text") || (name == "help" && f.Name == "prefix"):
		cmd := bot.Command{User: caller(i), Channel: ChannelKey(i.GuildID, i.ChannelID), Name: name, Guild: i.GuildID,
			Options: map[string]string{}}
		if s := opts["side"]; s != "" {
			cmd.Options["side"] = s
		}
		for _, s := range b.Service.Complete(cmd, typed, 25) {
			if s != "" && len([]rune(s)) <= 100 {
				out = append(out, choice{Name: s, Value: s})
			}
		}
	case name == "map" && f.Name == "region":
		// the close-ups of the channel's game's map: the same for everyone
		t := strings.ToLower(strings.TrimSpace(typed))
		for _, r := range b.Service.MapRegions(ChannelKey(i.GuildID, i.ChannelID)) {
			if t == "" || strings.Contains(r, t) {
				out = append(out, choice{Name: r, Value: r})
			}
			if len(out) == 25 {
				break
			}
		}
	case name == "game new" && f.Name == "scenario":
		rules, ok := b.Service.Titles[opts["title"]]
		if !ok {
			return out
		}
		t := strings.ToLower(strings.TrimSpace(typed))
		for _, sc := range rules.Info().Scenarios {
			label := sc.Name
			if label == "" {
				label = sc.ID
			}
			if sc.Turns != "" {
				label += " (" + sc.Turns + ")"
			}
			if t == "" || strings.Contains(strings.ToLower(sc.ID), t) || strings.Contains(strings.ToLower(label), t) {
				out = append(out, choice{Name: clip(label, 100), Value: sc.ID})
			}
			if len(out) == 25 {
				break
			}
		}
	}
	return out
}
