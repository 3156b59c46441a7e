package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/bot"
)

// RunOptions are what `umpire bot` passes besides the config.
type RunOptions struct {
	// Client carries every REST call; nil uses a client with a 20 s
	// timeout. Tests pass one whose Transport is a fake Discord.
	Client *http.Client
	Log    *slog.Logger
	// Listener, if set, is used by the HTTP mode instead of listening on
	// cfg.HTTP (tests).
	Listener net.Listener
	// Ready is called once the bot serves interactions (tests).
	Ready func()
	// ShutdownWait bounds the wait for in-flight work at shutdown
	// (default 30 s).
	ShutdownWait time.Duration
}

// NewSession makes the discordgo session for a bot token; every REST
// call goes through client (nil: discordgo's default).
func NewSession(token string, client *http.Client) (*discordgo.Session, error) {
	if token == "" {
		return nil, errors.New(NoTokenHelp)
	}
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	if client != nil {
		s.Client = client
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	s.LogLevel = discordgo.LogWarning
	return s, nil
}

// Run serves Discord until ctx is cancelled (SIGINT/SIGTERM in `umpire
// bot`): it registers the commands (bulk overwrite, per guild listed or
// globally), then serves interactions over the gateway, or over HTTP when
// cfg.HTTP (or opts.Listener) is set. At shutdown it stops accepting
// interactions and waits for those in flight, so no acknowledged order is
// lost; the caller then closes the database.
func Run(ctx context.Context, cfg Config, svc *bot.Service, opts RunOptions) error {
	log := opts.Log
	if log == nil {
		log = slog.Default()
	}
	s, err := NewSession(cfg.Token, opts.Client)
	if err != nil {
		return err
	}
	b := &Bot{Service: svc, Session: s, AppID: cfg.ApplicationID, ModRoles: cfg.ModeratorRoles,
		DMSideEvents: cfg.SendSideEventsByDM(), Log: log}
	if b.AppID == "" {
		app, err := s.Application("@me")
		if err != nil {
			return fmt.Errorf("cannot learn the application id (set application_id in the config): %w", err)
		}
		b.AppID = app.ID
	}
	cmds := Commands(svc.Titles)
	if err := CheckCommands(cmds); err != nil {
		return err
	}
	body, err := CommandsJSON(cmds)
	if err != nil {
		return err
	}
	if err := b.Register(body, cfg.GuildIDs); err != nil {
		return err
	}
	where := "globally (new commands may take up to an hour to show)"
	if len(cfg.GuildIDs) > 0 {
		where = fmt.Sprintf("in %d guild(s)", len(cfg.GuildIDs))
	}
	log.Info("commands registered", "count", len(cmds), "where", where, "application", b.AppID)
	wait := opts.ShutdownWait
	if wait == 0 {
		wait = 30 * time.Second
	}
	if cfg.HTTP != "" || opts.Listener != nil {
		return runHTTP(ctx, b, cfg, opts, wait)
	}
	return runGateway(ctx, b, s, opts, wait)
}

func runGateway(ctx context.Context, b *Bot, s *discordgo.Session, opts RunOptions, wait time.Duration) error {
	remove := s.AddHandler(b.OnInteraction)
	if err := s.Open(); err != nil {
		return fmt.Errorf("cannot connect to the Discord gateway: %w", err)
	}
	b.log().Info("connected to the gateway; serving interactions")
	if opts.Ready != nil {
		opts.Ready()
	}
	<-ctx.Done()
	b.log().Info("shutting down: no new interactions; finishing those in flight")
	remove()
	s.Close()
	return drain(b, wait)
}

func runHTTP(ctx context.Context, b *Bot, cfg Config, opts RunOptions, wait time.Duration) error {
	if cfg.PublicKey == "" {
		return errors.New("the HTTP interactions endpoint needs public_key in the config (Developer Portal, General Information, Public Key)")
	}
	key, err := ParsePublicKey(cfg.PublicKey)
	if err != nil {
		return err
	}
	ln := opts.Listener
	if ln == nil {
		if ln, err = net.Listen("tcp", cfg.HTTP); err != nil {
			return err
		}
	}
	srv := &http.Server{Handler: b.HTTPHandler(key), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	b.log().Info("serving the interactions endpoint", "addr", ln.Addr().String())
	if opts.Ready != nil {
		opts.Ready()
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	b.log().Info("shutting down: no new interactions; finishing those in flight")
	sctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	srv.Shutdown(sctx)
	return drain(b, wait)
}

func drain(b *Bot, wait time.Duration) error {
	done := make(chan struct{})
	go func() {
		b.Shutdown()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-time.After(wait):
		return fmt.Errorf("interactions still in flight after %v; stopping anyway (accepted orders are on disk)", wait)
	}
}
