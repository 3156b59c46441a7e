package discord

import (
	"expvar"
	"fmt"
	"io"
	"log/slog"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/bot"
)

// QuickMax is the largest number of legal orders offered as buttons;
// MenuMax as a select menu (Discord's limit).
const (
	QuickMax = 5
	MenuMax  = 25
)

// Bot serves Discord interactions with a bot.Service.
type Bot struct {
	Service *bot.Service
	// Session carries every REST call (its Client's Transport is what tests
	// replace) and, in gateway mode, the websocket.
	Session *discordgo.Session
	// AppID is the application id (needed to register commands).
	AppID string
	// ModRoles are role ids or role names whose members are moderators,
	// besides members with the Manage Server permission.
	ModRoles []string
	// DMSideEvents sends a side's private events caused by another
	// player's command (say, the VM's losses when the French fire) to that
	// side's player by DM. When false, or when a DM cannot go, they are
	// kept in the database and shown with that player's next interaction
	// (/game news shows them too).
	DMSideEvents bool
	// Log receives operational logs; hidden information (order texts,
	// private replies) is logged only at debug level.
	Log *slog.Logger
	// Now is the clock the HTTP endpoint checks request timestamps against
	// (nil: time.Now; injectable for tests).
	Now func() time.Time
	// Panics counts the panics recovered in interactions (an expvar.Int:
	// an operator may expvar.Publish it); each is also logged at error
	// level with the running count.
	Panics expvar.Int

	mu        sync.Mutex
	closing   bool
	inflight  sync.WaitGroup
	locks     map[string]*chanLock
	oneTime   oneTimeLimits
	dmChans   map[string]string
	roleCache map[string]roleNames
	poster    *bot.Poster
}

// posts is the Poster delivering the games' outboxes to Discord.
func (b *Bot) posts() *bot.Poster {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.poster == nil {
		b.poster = &bot.Poster{Service: b.Service, Send: b.sendDelivery, Log: b.Log}
	}
	return b.poster
}

// Settle waits (at most max) until every game's pending posts are
// delivered; it reports whether they are.
func (b *Bot) Settle(max time.Duration) bool { return b.posts().IdleAll(max) }

type roleNames struct {
	at    time.Time
	names map[string]string // role id -> lower-case name
}

func (b *Bot) log() *slog.Logger {
	if b.Log == nil {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return b.Log
}

func (b *Bot) rest() rest { return rest{s: b.Session, one: &b.oneTime} }

// accept registers an interaction as in flight; false once shutting down.
func (b *Bot) accept() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closing {
		return false
	}
	b.inflight.Add(1)
	return true
}

// Shutdown stops accepting interactions and waits for those in flight
// (their Handle calls and follow-ups) to finish.
func (b *Bot) Shutdown() {
	b.mu.Lock()
	b.closing = true
	b.mu.Unlock()
	b.inflight.Wait()
	// Deliver what is pending if it goes quickly; the rest stays in the
	// outboxes and goes out at the next start.
	p := b.posts()
	p.IdleAll(shutdownPosts)
	p.Close()
}

// shutdownPosts bounds the wait for pending posts at shutdown.
const shutdownPosts = 10 * time.Second

// chanLock is one channel's lock and how many hold or wait for it.
type chanLock struct {
	sync.Mutex
	users int
}

// lock serializes the commands of one channel (a new game's thread and
// its first command, the entry count around a command). A channel's lock
// is forgotten when nobody holds or waits for it, so the table holds only
// the channels busy now.
func (b *Bot) lock(key string) func() {
	b.mu.Lock()
	if b.locks == nil {
		b.locks = map[string]*chanLock{}
	}
	l, ok := b.locks[key]
	if !ok {
		l = &chanLock{}
		b.locks[key] = l
	}
	l.users++
	b.mu.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		b.mu.Lock()
		if l.users--; l.users == 0 {
			delete(b.locks, key)
		}
		b.mu.Unlock()
	}
}

// ChannelKey is the bot.Command channel of a Discord channel: scoped by the
// guild, so that a command can only ever reach the game of the channel (in
// the guild) it was given in. DMs are "dm/<channel>".
func ChannelKey(guild, channel string) string {
	if guild == "" {
		return "dm/" + channel
	}
	return guild + "/" + channel
}

// caller returns the user id of an interaction's author.
func caller(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User.ID
	}
	if i.User != nil {
		return i.User.ID
	}
	return ""
}

// isMod: a member with Manage Server (or Administrator), or with a role
// named in the config (by id or by name).
func (b *Bot) isMod(i *discordgo.Interaction) bool {
	m := i.Member
	if m == nil || i.GuildID == "" {
		return false
	}
	if m.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0 {
		return true
	}
	if len(b.ModRoles) == 0 || len(m.Roles) == 0 {
		return false
	}
	want := map[string]bool{}
	byName := false
	for _, r := range b.ModRoles {
		r = strings.TrimSpace(r)
		if isSnowflake(r) {
			want[r] = true
		} else if r != "" {
			want["name:"+strings.ToLower(r)] = true
			byName = true
		}
	}
	for _, r := range m.Roles {
		if want[r] {
			return true
		}
	}
	if !byName {
		return false
	}
	names := b.roles(i.GuildID)
	for _, r := range m.Roles {
		if n, ok := names[r]; ok && want["name:"+n] {
			return true
		}
	}
	return false
}

func isSnowflake(s string) bool {
	if s == "" {
		return false
	}
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// roles maps a guild's role ids to their lower-case names, from the
// gateway's state cache or else the REST API (cached five minutes).
func (b *Bot) roles(guild string) map[string]string {
	if b.Session != nil && b.Session.State != nil {
		if g, err := b.Session.State.Guild(guild); err == nil && len(g.Roles) > 0 {
			out := map[string]string{}
			for _, r := range g.Roles {
				out[r.ID] = strings.ToLower(r.Name)
			}
			return out
		}
	}
	b.mu.Lock()
	c, ok := b.roleCache[guild]
	b.mu.Unlock()
	if ok && time.Since(c.at) < 5*time.Minute {
		return c.names
	}
	rs, err := b.Session.GuildRoles(guild)
	if err != nil {
		b.log().Warn("cannot list the guild's roles to match moderator_roles by name", "guild", guild, "err", err)
		return nil
	}
	out := map[string]string{}
	for _, r := range rs {
		out[r.ID] = strings.ToLower(r.Name)
	}
	b.mu.Lock()
	if b.roleCache == nil {
		b.roleCache = map[string]roleNames{}
	}
	b.roleCache[guild] = roleNames{at: time.Now(), names: out}
	b.mu.Unlock()
	return out
}

// commandOf converts an application command interaction's data to a
// bot.Command (name with subcommand, options as strings); thread reports
// the transport's own thread option of /game new.
func commandOf(data discordgo.ApplicationCommandInteractionData) (name string, opts map[string]string, thread bool) {
	name = strings.ToLower(data.Name)
	list := data.Options
	for len(list) == 1 && list[0] != nil && (list[0].Type == discordgo.ApplicationCommandOptionSubCommand || list[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
		name += " " + strings.ToLower(list[0].Name)
		list = list[0].Options
	}
	opts = map[string]string{}
	for _, o := range list {
		if o == nil {
			continue
		}
		v := optionValue(o)
		if o.Name == optThread {
			thread = v == "true"
			continue
		}
		opts[strings.ToLower(o.Name)] = v
	}
	return name, opts, thread
}

func optionValue(o *discordgo.ApplicationCommandInteractionDataOption) string {
	switch v := o.Value.(type) {
	case nil:
		return ""
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case float64:
		if v == float64(int64(v)) {
			return strconv.FormatInt(int64(v), 10)
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return fmt.Sprint(o.Value)
}

// focused finds the option being typed in an autocomplete interaction.
func focused(opts []*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	for _, o := range opts {
		if o == nil {
			continue
		}
		if o.Focused {
			return o
		}
		if f := focused(o.Options); f != nil {
			return f
		}
	}
	return nil
}

// mentionRE finds the service's "@<user id>" references to turn them into
// Discord mentions.
var mentionRE = regexp.MustCompile(`(^|[^<\w])@(\d{15,21})\b`)

func mentions(text string) string { return mentionRE.ReplaceAllString(text, "$1<@$2>") }

// addressees lists the users a message mentions (its content "<@id>"s and
// its resolved mentions).
var userMentionRE = regexp.MustCompile(`<@!?(\d+)>`)

func addressees(m *discordgo.Message) []string {
	if m == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, u := range m.Mentions {
		if u != nil && !seen[u.ID] {
			seen[u.ID] = true
			out = append(out, u.ID)
		}
	}
	for _, x := range userMentionRE.FindAllStringSubmatch(m.Content, -1) {
		if !seen[x[1]] {
			seen[x[1]] = true
			out = append(out, x[1])
		}
	}
	sort.Strings(out)
	return out
}
