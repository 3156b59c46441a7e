package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Gateway answers one interaction received over the gateway: the initial
// response through the REST callback endpoint, then (only if Discord took
// it: a repeated delivery is refused there) the work. It never panics:
// discordgo runs it in a bare goroutine, where a panic would end the
// process.
func (b *Bot) Gateway(i *discordgo.Interaction) {
	defer func() {
		if r := recover(); r != nil {
			b.panicked(i, "gateway", r)
		}
	}()
	if i == nil {
		return
	}
	if err := answerable(i); err != nil {
		// Nothing can be answered without an id and a token.
		b.log().Warn("dropped a gateway interaction that cannot be answered", "interaction", clip(i.ID, maxIDLen), "err", err)
		return
	}
	if !b.accept() {
		b.callback(i, ephemeral("Umpire is restarting; try again in a minute."))
		return
	}
	defer b.inflight.Done()
	resp, work := b.safeDispatch(i)
	if err := b.callback(i, resp); err != nil {
		b.log().Warn("cannot answer the interaction", "id", i.ID, "status", status(err), "err", err)
		return
	}
	if work != nil {
		b.safeWork(i, work)
	}
}

func (b *Bot) callback(i *discordgo.Interaction, resp callback) error {
	_, err := b.rest().json(http.MethodPost, discordgo.EndpointInteractionResponse(i.ID, i.Token), resp)
	return err
}

// OnInteraction is the discordgo handler for gateway interactions.
func (b *Bot) OnInteraction(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
	if ic != nil && ic.Interaction != nil {
		b.Gateway(ic.Interaction)
	}
}

// ParsePublicKey reads the application's public key (hex, from the
// developer portal).
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	k, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(k) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("public_key must be the application's %d-byte Ed25519 public key in hex (Developer Portal, General Information)", ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(k), nil
}

// The HTTP endpoint's limits: a request body larger than MaxBody is
// refused with 413; a signed request whose X-Signature-Timestamp is more
// than MaxSkew away from now is refused with 401 (a replay).
const (
	MaxBody = 1 << 20
	MaxSkew = 5 * time.Minute
)

func (b *Bot) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// verify checks a request's Ed25519 signature over timestamp + body and
// that the timestamp is recent.
func (b *Bot) verify(r *http.Request, body []byte, key ed25519.PublicKey) error {
	sig, err := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return errors.New("missing or malformed signature")
	}
	ts := r.Header.Get("X-Signature-Timestamp")
	if !ed25519.Verify(key, append([]byte(ts), body...), sig) {
		return errors.New("wrong signature")
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errors.New("bad timestamp")
	}
	if d := b.now().Sub(time.Unix(sec, 0)); d > MaxSkew || d < -MaxSkew {
		return fmt.Errorf("timestamp %s is %v away from now", ts, d.Round(time.Second))
	}
	return nil
}

// HTTPHandler serves Discord's interactions endpoint: each request's
// Ed25519 signature is verified (401 and nothing done when it is missing
// or wrong, or its timestamp is more than MaxSkew from now), a body over
// MaxBody is refused with 413, PING is answered with PONG, and commands
// get their initial (deferred) response at once while the work runs in
// the background and follows up through the REST API. Nothing a request
// holds can panic the server: the decoding, the dispatch and the work
// each run under a recover.
func (b *Bot) HTTPHandler(key ed25519.PublicKey) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "Discord interactions are POSTed here", http.StatusMethodNotAllowed)
			return
		}
		if r.ContentLength > MaxBody {
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
				return
			}
			http.Error(w, "cannot read the request", http.StatusBadRequest)
			return
		}
		if err := b.verify(r, raw, key); err != nil {
			b.log().Info("refused an unsigned or stale request", "remote", r.RemoteAddr, "err", err)
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		i, err := decodeInteraction(raw)
		if err != nil {
			http.Error(w, "not an interaction", http.StatusBadRequest)
			return
		}
		if i.Type == discordgo.InteractionPing {
			writeJSON(w, callback{Type: cbPong})
			return
		}
		if !b.accept() {
			writeJSON(w, ephemeral("Umpire is restarting; try again in a minute."))
			return
		}
		resp, work := b.safeDispatch(i)
		writeJSON(w, resp)
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		if work == nil {
			b.inflight.Done()
			return
		}
		go func() {
			defer b.inflight.Done()
			b.safeWork(i, work)
		}()
	})
}

func writeJSON(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

// Register overwrites the application's commands with defs (bulk), for
// each guild listed, or globally when none is.
func (b *Bot) Register(body []byte, guilds []string) error {
	b.mu.Lock()
	app := b.AppID
	b.mu.Unlock()
	return b.registerFor(context.Background(), app, body, guilds)
}

func (b *Bot) registerFor(ctx context.Context, app string, body []byte, guilds []string) error {
	if app == "" {
		return fmt.Errorf("no application id to register commands for")
	}
	var urls []string
	for _, g := range guilds {
		urls = append(urls, discordgo.EndpointApplicationGuildCommands(app, g))
	}
	if len(urls) == 0 {
		urls = append(urls, discordgo.EndpointApplicationGlobalCommands(app))
	}
	for i, u := range urls {
		if _, err := b.Session.RequestRaw(http.MethodPut, u, "application/json", body, "", 0, discordgo.WithContext(ctx)); err != nil {
			var re *discordgo.RESTError
			if i < len(guilds) && errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusForbidden {
				return fmt.Errorf("registering the commands in guild %s was refused by Discord (HTTP 403 Missing Access): invite the bot to that server with the bot and applications.commands scopes (see the README, Run it on Discord), or take the guild out of guild_ids", guilds[i])
			}
			return fmt.Errorf("registering the commands (%s): %w", strings.TrimPrefix(u, discordgo.EndpointAPI), err)
		}
	}
	return nil
}
