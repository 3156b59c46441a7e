package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/bot/discord"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/storage"
)

func init() { subcommands["bot"] = cmdBot }

const botUsage = `Usage:
  umpire bot [--config FILE] [--http ADDR]
        serve Discord: over the gateway, or as an HTTP interactions
        endpoint listening on ADDR (e.g. :8080). The token comes from
        UMPIRE_DISCORD_TOKEN or the config's token.
  umpire bot commands [--config FILE] [--data DIR]
        print the exact JSON of the command definitions it would register
`

// cmdBot: umpire bot [--config FILE] [--http ADDR]; umpire bot commands.
func cmdBot(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "commands" {
		return cmdBotCommands(args[1:], stdout, stderr)
	}
	fs := newFlags("bot", stderr)
	fs.Usage = func() { fmt.Fprint(stderr, botUsage); fs.PrintDefaults() }
	config := fs.String("config", "", "configuration `file` (TOML; see config.example.toml)")
	httpAddr := fs.String("http", "", "serve the HTTP interactions endpoint on `addr` instead of the gateway (overrides the config's http)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "umpire bot: unexpected %q\n%s", fs.Arg(0), botUsage)
		return errUsage
	}
	cfg, err := discord.LoadConfig(*config, os.Getenv)
	if err != nil {
		return err
	}
	if cfg.Token == "" {
		return discord.ErrNoToken
	}
	if *httpAddr != "" {
		cfg.HTTP = *httpAddr
	}
	if err := cfg.CheckServe(); err != nil {
		return err // before the database, the titles or any call to Discord
	}
	level, _ := cfg.Level()
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	ts, err := titles(cfg.Data)
	if err != nil {
		return err
	}
	db, err := storage.Open(cfg.DB)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := &bot.Service{DB: db, Titles: ts}
	if maps != nil {
		if svc.Maps, err = maps(ts); err != nil {
			return err
		}
		q := render.NewQueue(svc.Maps.PNG, cfg.Maps.QueueSize(), cfg.Maps.DrawWorkers())
		q.SetPace(svc.Busy, mapPace)
		defer q.Close()
		svc.Queue = q
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log.Info("umpire bot starting", "config", cfg.String(), "db", cfg.DB)
	if err := discord.Run(ctx, cfg, svc, discord.RunOptions{Log: log}); err != nil {
		return err
	}
	log.Info("umpire bot stopped")
	return nil
}

// mapPace: while orders are being handled, a map worker rests three
// times as long as its last drawing took, so maps take at most a quarter
// of a core from acknowledgements (measured with the load test: "Accepted"
// p99 with maps on within 1.5 times maps off at 200 players).
const mapPace = 3

func cmdBotCommands(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bot commands", stderr)
	config := fs.String("config", "", "configuration `file` (for its data directory)")
	data := fs.String("data", "", "`dir`ectory with transcribed chart files (overrides the config's data)")
	if err := parse(fs, args); err != nil {
		return err
	}
	dir := *data
	if dir == "" && *config != "" {
		cfg, err := discord.LoadConfig(*config, func(string) string { return "" })
		if err != nil {
			return err
		}
		dir = cfg.Data
	}
	ts, err := titles(dir)
	if err != nil {
		return err
	}
	cmds := discord.Commands(ts)
	if err := discord.CheckCommands(cmds); err != nil {
		return err
	}
	b, err := discord.CommandsJSON(cmds)
	if err != nil {
		return err
	}
	_, err = stdout.Write(b)
	return err
}
