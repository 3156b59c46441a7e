package discord

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Gateway answers one interaction received over the gateway: the initial
// response through the REST callback endpoint, then (only if Discord took
// it: a repeated delivery is refused there) the work.
func (b *Bot) Gateway(i *discordgo.Interaction) {
	if !b.accept() {
		b.callback(i, ephemeral("Umpire is restarting; try again in a minute."))
		return
	}
	defer b.inflight.Done()
	resp, work := b.dispatch(i)
	if err := b.callback(i, resp); err != nil {
		b.log().Warn("cannot answer the interaction", "id", i.ID, "status", status(err), "err", err)
		return
	}
	if work != nil {
		work()
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

// HTTPHandler serves Discord's interactions endpoint: each request's
// Ed25519 signature is verified (401 and nothing done when it is missing
// or wrong), PING is answered with PONG, and commands get their initial
// (deferred) response at once while the work runs in the background and
// follows up through the REST API.
func (b *Bot) HTTPHandler(key ed25519.PublicKey) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "Discord interactions are POSTed here", http.StatusMethodNotAllowed)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
		if !discordgo.VerifyInteraction(r, key) {
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		raw, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "cannot read the request", http.StatusBadRequest)
			return
		}
		var i discordgo.Interaction
		if err := json.Unmarshal(raw, &i); err != nil {
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
		resp, work := b.dispatch(&i)
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
			work()
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
	if b.AppID == "" {
		return fmt.Errorf("no application id to register commands for")
	}
	var urls []string
	for _, g := range guilds {
		urls = append(urls, discordgo.EndpointApplicationGuildCommands(b.AppID, g))
	}
	if len(urls) == 0 {
		urls = append(urls, discordgo.EndpointApplicationGlobalCommands(b.AppID))
	}
	for _, u := range urls {
		if _, err := b.Session.RequestRaw(http.MethodPut, u, "application/json", body, "", 0); err != nil {
			return fmt.Errorf("registering the commands (%s): %w", strings.TrimPrefix(u, discordgo.EndpointAPI), err)
		}
	}
	return nil
}
