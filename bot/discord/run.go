package discord

import (
	"context"
	"encoding/json"
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

	// The HTTP endpoint's server limits (zero: the defaults below). A
	// connection that sends its request more slowly than ReadTimeout
	// allows is closed; HTTPShutdownWait bounds the wait for open
	// connections at shutdown, after which they are closed.
	ReadTimeout, WriteTimeout, IdleTimeout, HTTPShutdownWait time.Duration
	// RegisterBackoff is the first wait before retrying a failed command
	// registration in HTTP mode (default 5 s); it doubles up to 5 minutes,
	// for at most RegisterAttempts tries (default 20).
	RegisterBackoff  time.Duration
	RegisterAttempts int
}

// The HTTP endpoint's default limits. Discord sends small bodies at once
// and wants an answer within 3 seconds.
const (
	DefaultReadTimeout      = 10 * time.Second
	DefaultWriteTimeout     = 15 * time.Second
	DefaultIdleTimeout      = 60 * time.Second
	DefaultHTTPShutdownWait = 5 * time.Second
)

func orDefault(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// NewSession makes the discordgo session for a bot token; every REST
// call goes through client (nil: discordgo's default).
func NewSession(token string, client *http.Client) (*discordgo.Session, error) {
	if token == "" {
		return nil, ErrNoToken
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
	httpMode := cfg.HTTP != "" || opts.Listener != nil
	if httpMode && cfg.PublicKey == "" {
		return ErrNoPublicKey // before any call to Discord
	}
	if err := cfg.CheckServe(); err != nil {
		return err
	}
	s, err := NewSession(cfg.Token, opts.Client)
	if err != nil {
		return err
	}
	b := &Bot{Service: svc, Session: s, AppID: cfg.ApplicationID, ModRoles: cfg.ModeratorRoles,
		DMSideEvents: cfg.SendSideEventsByDM(), Log: log}
	if svc.Log == nil {
		svc.Log = log
	}
	// What a stop left in the games' outboxes goes out now, once.
	if err := b.posts().Resume(); err != nil {
		log.Error("cannot read the outboxes; their posts go out with the games' next commands", "err", err)
	}
	startUpkeep(ctx, cfg, svc, log)
	pace, err := cfg.Deadlines.Pace()
	if err != nil {
		return err
	}
	svc.DefaultPace = pace
	// The deadline runner: what passed while the bot was down is handled
	// now, once, in order; then it sleeps until the next deadline. It
	// stops before Run returns (the caller then closes the database).
	runner := &bot.Runner{Service: svc, Delivered: b.posts().Kick}
	rctx, stopRunner := context.WithCancel(ctx)
	runnerDone := make(chan struct{})
	go func() {
		defer close(runnerDone)
		runner.Run(rctx)
	}()
	defer func() {
		stopRunner()
		<-runnerDone
	}()
	cmds := Commands(svc.Titles)
	if err := CheckCommands(cmds); err != nil {
		return err
	}
	body, err := CommandsJSON(cmds)
	if err != nil {
		return err
	}
	regCtx, stopReg := context.WithCancel(ctx)
	defer stopReg()
	regDone := make(chan struct{})
	if err := b.registerAll(ctx, body, cfg.GuildIDs, len(cmds)); err != nil {
		if !httpMode || errors.Is(err, ErrTokenRejected) {
			return err // a rejected token never gets better by waiting
		}
		// The endpoint can answer interactions without reaching Discord
		// first: serve, and register in the background.
		log.Warn("cannot register the commands now; serving anyway and retrying in the background", "err", err)
		go func() {
			defer close(regDone)
			b.retryRegister(regCtx, body, cfg.GuildIDs, len(cmds), opts)
		}()
	} else {
		close(regDone)
	}
	wait := opts.ShutdownWait
	if wait == 0 {
		wait = 30 * time.Second
	}
	if httpMode {
		err := runHTTP(ctx, b, cfg, opts, wait)
		stopReg()
		<-regDone
		return err
	}
	return runGateway(ctx, b, s, opts, wait)
}

func runGateway(ctx context.Context, b *Bot, s *discordgo.Session, opts RunOptions, wait time.Duration) error {
	remove := s.AddHandler(b.OnInteraction)
	if err := s.Open(); err != nil {
		return fmt.Errorf("cannot connect to the Discord gateway: %w", explain(err))
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
		return ErrNoPublicKey
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
	srv := &http.Server{Handler: b.HTTPHandler(key), ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:  orDefault(opts.ReadTimeout, DefaultReadTimeout),
		WriteTimeout: orDefault(opts.WriteTimeout, DefaultWriteTimeout),
		IdleTimeout:  orDefault(opts.IdleTimeout, DefaultIdleTimeout),
		ErrorLog:     slog.NewLogLogger(b.log().Handler(), slog.LevelWarn)}
	if srv.ReadHeaderTimeout > srv.ReadTimeout {
		srv.ReadHeaderTimeout = srv.ReadTimeout
	}
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
	// Handlers answer at once (the work runs in the background), so only
	// slow or idle connections keep Shutdown waiting: bounded, then closed.
	sctx, cancel := context.WithTimeout(context.Background(), min(wait, orDefault(opts.HTTPShutdownWait, DefaultHTTPShutdownWait)))
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		b.log().Info("closing the connections still open", "err", err)
		srv.Close()
	}
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

// registerAll learns the application id if needed, then registers the
// commands.
func (b *Bot) registerAll(ctx context.Context, body []byte, guilds []string, count int) error {
	b.mu.Lock()
	app := b.AppID
	b.mu.Unlock()
	if app == "" {
		raw, err := b.Session.RequestRaw(http.MethodGet, discordgo.EndpointOAuth2Application("@me"), "", nil,
			discordgo.EndpointOAuth2Application(""), 0, discordgo.WithContext(ctx))
		var a struct {
			ID string `json:"id"`
		}
		if err == nil {
			if err = json.Unmarshal(raw, &a); err == nil && !isSnowflake(a.ID) {
				err = errors.New("the answer from Discord names no application id")
			}
		}
		if err != nil {
			if e := explain(err); e != err {
				return e
			}
			return fmt.Errorf("cannot learn the application id (set application_id in the config): %w", err)
		}
		app = a.ID
		b.mu.Lock()
		b.AppID = app
		b.mu.Unlock()
	}
	if err := b.registerFor(ctx, app, body, guilds); err != nil {
		return explain(err)
	}
	where := "globally (new commands may take up to an hour to show)"
	if len(guilds) > 0 {
		where = fmt.Sprintf("in %d guild(s)", len(guilds))
	}
	b.log().Info("commands registered", "count", count, "where", where, "application", app)
	return nil
}

// retryRegister retries the registration with a doubling backoff, for a
// bounded number of tries, until ctx ends.
func (b *Bot) retryRegister(ctx context.Context, body []byte, guilds []string, count int, opts RunOptions) {
	wait := orDefault(opts.RegisterBackoff, 5*time.Second)
	tries := opts.RegisterAttempts
	if tries <= 0 {
		tries = 20
	}
	for n := 1; n <= tries; n++ {
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		err := b.registerAll(ctx, body, guilds, count)
		if err == nil {
			return
		}
		if ctx.Err() != nil {
			return
		}
		b.log().Warn("command registration failed; will retry", "try", n, "of", tries, "next_in", (2 * wait).String(), "err", err)
		wait = min(2*wait, 5*time.Minute)
	}
	b.log().Error("gave up registering the commands; the endpoint still serves the commands Discord already has; restart to try again", "tries", tries)
}
