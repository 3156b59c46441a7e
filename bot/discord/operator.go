package discord

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"

	"github.com/bwmarrin/discordgo"
)

// The operator's errors at start-up (issue 29 item 5): each says in one
// line what went wrong and what to fix.

// ErrNoPublicKey refuses the HTTP interactions endpoint without the
// application's public key, before any network call.
var ErrNoPublicKey = errors.New("the HTTP interactions endpoint (--http, or http in the config) needs public_key in the config: the Developer Portal, your application, General Information, Public Key")

// TokenRejectedHelp says how to fix a token Discord refused.
const TokenRejectedHelp = "the bot token was rejected by Discord (HTTP 401 Unauthorized): set the application's current bot token (Developer Portal, your application, Bot, Reset Token) in " + TokenEnv + " or the config's token"

// ErrTokenRejected is the error of a token Discord answered with 401.
var ErrTokenRejected = errors.New(TokenRejectedHelp)

// CheckServe refuses a configuration that cannot serve, before any
// network call: the HTTP endpoint needs the public key to check
// Discord's signatures.
func (c Config) CheckServe() error {
	if c.HTTP != "" && c.PublicKey == "" {
		return ErrNoPublicKey
	}
	if c.PublicKey != "" {
		if _, err := ParsePublicKey(c.PublicKey); err != nil {
			return err
		}
	}
	return nil
}

// explain names what an operator can fix in a failed call to Discord: a
// rejected token, or no network; other errors are returned as they are.
func explain(err error) error {
	if err == nil {
		return nil
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized {
		return ErrTokenRejected
	}
	if unreachable(err) {
		return fmt.Errorf("cannot reach Discord (no network? check this machine's connection, DNS, proxy or firewall for discord.com): %w", err)
	}
	return err
}

// unreachable: the call never reached Discord (name resolution,
// connection refused or timed out, no route).
func unreachable(err error) bool {
	var dns *net.DNSError
	var op *net.OpError
	if errors.As(err, &dns) || errors.As(err, &op) {
		return true
	}
	var ue *url.Error
	return errors.As(err, &ue) && ue.Timeout()
}
