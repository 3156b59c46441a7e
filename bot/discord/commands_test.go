package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
)

func hellTitles() map[string]adjudicator.Rules {
	return map[string]adjudicator.Rules{"hell": hell.New(hell.MustDefault())}
}

// TestCommandDefinitions: the definitions pass Discord's limits and the
// official schema of the bulk-overwrite endpoints (global and guild).
func TestCommandDefinitions(t *testing.T) {
	cmds := Commands(hellTitles())
	if err := CheckCommands(cmds); err != nil {
		t.Fatal(err)
	}
	body, err := CommandsJSON(cmds)
	if err != nil {
		t.Fatal(err)
	}
	s := loadSchema(t)
	for _, p := range []string{"/applications/111111111111111111/commands", "/applications/111111111111111111/guilds/222222222222222222/commands"} {
		if err := s.validate("PUT", p, body); err != nil {
			t.Fatal(err)
		}
	}
	names := map[string]bool{}
	for _, c := range cmds {
		names[c.Name] = true
		if n := commandChars(c); n > 4000 {
			t.Errorf("/%s: %d characters", c.Name, n)
		}
	}
	for _, want := range []string{"game", "order", "map", "undo", "help", "mod"} {
		if !names[want] {
			t.Errorf("no /%s command", want)
		}
	}
	// /mod is for Manage Server by default; every side is a seat option.
	for _, c := range cmds {
		if c.Name == "mod" && (c.DefaultMemberPermissions == nil || *c.DefaultMemberPermissions != discordgo.PermissionManageGuild) {
			t.Errorf("/mod default_member_permissions = %v, want Manage Server", c.DefaultMemberPermissions)
		}
		if c.Name == "game" {
			newOpts := map[string]*discordgo.ApplicationCommandOption{}
			for _, o := range c.Options[0].Options {
				newOpts[o.Name] = o
			}
			// Optional: a seat left out is open (the lobby, issue 11).
			for _, side := range []string{"french", "vm"} {
				if o := newOpts[side]; o == nil || o.Type != discordgo.ApplicationCommandOptionUser || o.Required {
					t.Errorf("/game new %s: want an optional user option, got %+v", side, o)
				}
			}
		}
	}
	if !strings.Contains(string(body), `"default_member_permissions": 32`) {
		t.Errorf("default_member_permissions is not the integer 32 in\n%s", body)
	}
}

// TestCheckCommandsCatches: each of Discord's limits is enforced.
func TestCheckCommandsCatches(t *testing.T) {
	opt := func(name string, req bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: "d", Required: req}
	}
	many := func(n int) []*discordgo.ApplicationCommandOption {
		var out []*discordgo.ApplicationCommandOption
		for i := 0; i < n; i++ {
			out = append(out, opt(strings.Repeat("a", 1+i%30)+string(rune('a'+i%26))+string(rune('a'+i/26)), false))
		}
		return out
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	for i := 0; i < 26; i++ {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: "c" + string(rune('a'+i)), Value: "v"})
	}
	longDesc := strings.Repeat("x", 101)
	cases := map[string]*discordgo.ApplicationCommand{
		"must be lowercase":          {Name: "Game", Description: "d"},
		"does not match":             {Name: "two words", Description: "d"},
		"1 to 100":                   {Name: "x", Description: longDesc},
		"options or subcommands":     {Name: "x", Description: "d", Options: many(26)},
		"required option after":      {Name: "x", Description: "d", Options: []*discordgo.ApplicationCommandOption{opt("a", false), opt("b", true)}},
		"26 choices":                 {Name: "x", Description: "d", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "a", Description: "d", Choices: choices}}},
		"cannot be mixed":            {Name: "x", Description: "d", Options: []*discordgo.ApplicationCommandOption{opt("a", false), {Type: discordgo.ApplicationCommandOptionSubCommand, Name: "s", Description: "d"}}},
		"exclude each other":         {Name: "x", Description: "d", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "a", Description: "d", Autocomplete: true, Choices: choices[:2]}}},
		"characters in names":        {Name: "x", Description: "d", Options: bigOptions()},
		"option name used twice":     {Name: "x", Description: "d", Options: []*discordgo.ApplicationCommandOption{opt("a", false), opt("a", false)}},
		"cannot hold subcommands":    {Name: "x", Description: "d", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "s", Description: "d", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "t", Description: "d"}}}}},
		"description has 0":          {Name: "x"},
		"longer than 100 characters": {Name: "x", Description: "d", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "a", Description: "d", Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "n", Value: longDesc}}}}},
	}
	for want, c := range cases {
		err := CheckCommands([]*discordgo.ApplicationCommand{c})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v", want, err)
		}
	}
}

func bigOptions() []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	for i := 0; i < 25; i++ {
		var cs []*discordgo.ApplicationCommandOptionChoice
		for j := 0; j < 25; j++ {
			cs = append(cs, &discordgo.ApplicationCommandOptionChoice{Name: strings.Repeat("n", 10), Value: strings.Repeat("v", 10)})
		}
		out = append(out, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "o" + string(rune('a'+i)), Description: "d", Choices: cs})
	}
	return out
}
