package discord

import (
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/umpirebot/umpire/bot"
)

// TokenEnv names the environment variable that holds the bot token; it
// wins over the config file.
const TokenEnv = "UMPIRE_DISCORD_TOKEN"

// Config is `umpire bot`'s configuration file (config.example.toml
// documents every setting).
type Config struct {
	Token          string         `toml:"token"`
	ApplicationID  string         `toml:"application_id"`
	PublicKey      string         `toml:"public_key"`
	HTTP           string         `toml:"http"`
	GuildIDs       []string       `toml:"guild_ids"`
	ModeratorRoles []string       `toml:"moderator_roles"`
	DB             string         `toml:"db"`
	Data           string         `toml:"data"`
	DMSideEvents   *bool          `toml:"dm_side_events"`
	LogLevel       string         `toml:"log_level"`
	Backup         BackupConfig   `toml:"backup"`
	Cache          CacheConfig    `toml:"cache"`
	Maps           MapsConfig     `toml:"maps"`
	Deadlines      DeadlineConfig `toml:"deadlines"`

	// TokenFrom says where the token came from ("env", "file" or "").
	TokenFrom string `toml:"-"`
}

// BackupConfig is [backup]: periodic copies of the database (backup.go).
type BackupConfig struct {
	Interval string `toml:"interval"` // a Go duration ("6h"); "" or "0": none
	Dir      string `toml:"dir"`
	Keep     int    `toml:"keep"`
}

// CacheConfig is [cache]: how many games stay loaded (bot/cache.go).
type CacheConfig struct {
	MaxGames  int    `toml:"max_games"`
	IdleAfter string `toml:"idle_after"` // a Go duration ("30m")
}

// MapsConfig is [maps]: the bounded queue maps are drawn in, off the
// order path (render.Queue).
type MapsConfig struct {
	Queue   int `toml:"queue"`   // jobs waiting at most (0: DefaultMapQueue)
	Workers int `toml:"workers"` // drawings at once (0: half the cores, at least one)
}

// DeadlineConfig is [deadlines]: the pace of a new game (its players,
// or a moderator, change it with /game settings).
type DeadlineConfig struct {
	Limit  string `toml:"limit"`  // time per decision ("72h", "3d"); "" or "off": none
	Remind string `toml:"remind"` // "50%,2h"; "none"
	Expiry string `toml:"expiry"` // default, moderator or none
	Away   string `toml:"away"`   // pause or default
}

// Pace reads [deadlines] as a new game's pace.
func (d DeadlineConfig) Pace() (bot.Pace, error) {
	opts := map[string]string{}
	if d.Limit != "" {
		opts["deadline"] = d.Limit
	}
	if d.Remind != "" {
		opts["remind"] = d.Remind
	}
	if d.Expiry != "" {
		opts["expiry"] = d.Expiry
	}
	if d.Away != "" {
		opts["away"] = d.Away
	}
	p, err := bot.ParsePace(opts)
	if err != nil {
		return bot.Pace{}, fmt.Errorf("[deadlines]: %w", err)
	}
	return p, nil
}

// DefaultMapQueue is [maps] queue's default.
const DefaultMapQueue = 256

// QueueSize is [maps] queue, or its default.
func (m MapsConfig) QueueSize() int {
	if m.Queue > 0 {
		return m.Queue
	}
	return DefaultMapQueue
}

// DrawWorkers is [maps] workers, or half the cores (at least one): maps
// never take the core that acknowledges orders.
func (m MapsConfig) DrawWorkers() int {
	if m.Workers > 0 {
		return m.Workers
	}
	return max(1, runtime.GOMAXPROCS(0)/2)
}

// String never shows the token.
func (c Config) String() string {
	c.Token = ""
	if c.TokenFrom != "" {
		c.Token = "(set, from " + c.TokenFrom + ")"
	}
	return fmt.Sprintf("%+v", struct {
		Token, ApplicationID, HTTP, DB, Data, LogLevel string
		GuildIDs, ModeratorRoles                       []string
	}{c.Token, c.ApplicationID, c.HTTP, c.DB, c.Data, c.LogLevel, c.GuildIDs, c.ModeratorRoles})
}

// GoString never shows the token either.
func (c Config) GoString() string { return c.String() }

// LoadConfig reads a config file (path "" reads none: defaults only) and
// applies the environment: UMPIRE_DISCORD_TOKEN wins over the file's
// token. Unknown settings are refused, naming the file and the key.
func LoadConfig(path string, getenv func(string) string) (Config, error) {
	var c Config
	if path != "" {
		md, err := toml.DecodeFile(path, &c)
		if err != nil {
			return c, fmt.Errorf("config %s: %w", path, err)
		}
		if und := md.Undecoded(); len(und) > 0 {
			var keys []string
			for _, k := range und {
				keys = append(keys, k.String())
			}
			sort.Strings(keys)
			return c, fmt.Errorf("config %s: unknown setting(s) %s; config.example.toml lists the settings", path, strings.Join(keys, ", "))
		}
		if strings.TrimSpace(c.Token) != "" {
			c.TokenFrom = "file"
		}
	}
	if getenv == nil {
		getenv = os.Getenv
	}
	if t := strings.TrimSpace(getenv(TokenEnv)); t != "" {
		c.Token, c.TokenFrom = t, "env"
	}
	c.Token = strings.TrimPrefix(strings.TrimSpace(c.Token), "Bot ")
	if c.DB == "" {
		c.DB = "umpire.db"
	}
	if c.LogLevel == "" {
		c.LogLevel = "info"
	}
	if _, err := c.Level(); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	for _, g := range c.GuildIDs {
		if !isSnowflake(g) {
			return c, fmt.Errorf("config %s: guild_ids holds %q, which is not a Discord id (a number: right-click the server, Copy Server ID)", path, g)
		}
	}
	if c.ApplicationID != "" && !isSnowflake(c.ApplicationID) {
		return c, fmt.Errorf("config %s: application_id %q is not a Discord id (a number, from the Developer Portal)", path, c.ApplicationID)
	}
	if err := c.checkUpkeep(); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	if c.PublicKey != "" {
		if _, err := ParsePublicKey(c.PublicKey); err != nil {
			return c, fmt.Errorf("config %s: %w", path, err)
		}
	}
	return c, nil
}

// SendSideEventsByDM is dm_side_events (default true).
func (c Config) SendSideEventsByDM() bool { return c.DMSideEvents == nil || *c.DMSideEvents }

// Level is log_level as a slog level.
func (c Config) Level() (slog.Level, error) {
	switch strings.ToLower(c.LogLevel) {
	case "", "info":
		return slog.LevelInfo, nil
	case "debug":
		return slog.LevelDebug, nil
	case "warn", "warning":
		return slog.LevelWarn, nil
	case "error":
		return slog.LevelError, nil
	}
	return 0, fmt.Errorf("log_level is debug, info, warn or error, not %q", c.LogLevel)
}

// NoTokenHelp says how to provide the token.
// ErrNoToken is the error of a bot started without a token; its text is
// NoTokenHelp.
var ErrNoToken = noToken{}

type noToken struct{}

func (noToken) Error() string { return NoTokenHelp }

const NoTokenHelp = `no Discord bot token: set the environment variable ` + TokenEnv + ` (preferred), or token = "..." in the config file (--config FILE; see config.example.toml). The token is on the Developer Portal, your application, Bot, Reset Token.`

func (c *Config) checkUpkeep() error {
	if c.Backup.Interval != "" {
		d, err := time.ParseDuration(c.Backup.Interval)
		switch {
		case err != nil || d < 0:
			return fmt.Errorf("[backup] interval is a duration such as \"6h\", not %q", c.Backup.Interval)
		case d > 0 && d < time.Minute:
			return fmt.Errorf("[backup] interval %v is shorter than a minute", d)
		case d > 0 && c.Backup.Dir == "":
			return fmt.Errorf("[backup] interval is set but dir is not")
		}
	}
	if c.Backup.Keep < 0 || c.Cache.MaxGames < 0 {
		return fmt.Errorf("[backup] keep and [cache] max_games may not be negative")
	}
	if c.Maps.Queue < 0 || c.Maps.Workers < 0 {
		return fmt.Errorf("[maps] queue and workers may not be negative (0: the default)")
	}
	if c.Cache.IdleAfter != "" {
		if d, err := time.ParseDuration(c.Cache.IdleAfter); err != nil || d < 0 {
			return fmt.Errorf("[cache] idle_after is a duration such as \"30m\", not %q", c.Cache.IdleAfter)
		}
	}
	return nil
}
