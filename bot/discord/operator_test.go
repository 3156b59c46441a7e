package discord

import (
	"context"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// discordAnswering is a transport standing for discord.com: every
// request gets status (with Discord's error body), or err when set; it
// counts the requests.
type discordAnswering struct {
	status int
	err    error
	calls  atomic.Int32
}

func (d *discordAnswering) RoundTrip(req *http.Request) (*http.Response, error) {
	d.calls.Add(1)
	if d.err != nil {
		return nil, d.err
	}
	return &http.Response{StatusCode: d.status, Status: http.StatusText(d.status), Request: req,
		Header: http.Header{"Content-Type": {"application/json"}},
		Body:   io.NopCloser(strings.NewReader(`{"message": "401: Unauthorized", "code": 0}`))}, nil
}

// runOnce runs the bot with cfg against d and returns Run's error (the
// bot must stop by itself, within a few seconds).
func runOnce(t *testing.T, cfg Config, d *discordAnswering, listen bool) error {
	t.Helper()
	h := newHarness(t)
	opts := RunOptions{Client: &http.Client{Transport: d}, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		RegisterBackoff: time.Hour}
	if listen {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		opts.Listener = ln
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, h.svc, opts) }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		cancel()
		<-done
		t.Fatal("Run went on serving; it should have stopped with an error")
		return nil
	}
}

// Issue 29 item 5: a token Discord answers with 401 ends the start-up
// with one line saying the token was rejected and where to set it, over
// the gateway and over HTTP alike (waiting never makes it good).
func TestRun_TokenRejectedSaysSo(t *testing.T) {
	pub, _ := keyPair(t)
	for _, c := range []struct {
		name   string
		cfg    Config
		listen bool
	}{
		{"gateway, application id learnt", Config{Token: "bad"}, false},
		{"gateway, application id given", Config{Token: "bad", ApplicationID: appID, GuildIDs: []string{guildA}}, false},
		{"http", Config{Token: "bad", PublicKey: hex.EncodeToString(pub)}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := &discordAnswering{status: http.StatusUnauthorized}
			err := runOnce(t, c.cfg, d, c.listen)
			if !errors.Is(err, ErrTokenRejected) || !strings.Contains(err.Error(), "token was rejected") || !strings.Contains(err.Error(), TokenEnv) {
				t.Fatalf("a rejected token: %v", err)
			}
			if strings.Contains(err.Error(), "\n") || strings.Contains(err.Error(), "application_id") {
				t.Errorf("not one line naming the token: %q", err)
			}
		})
	}
}

// Issue 29 item 5: without a network the gateway start-up says Discord
// could not be reached, and why.
func TestRun_NoNetworkSaysSo(t *testing.T) {
	d := &discordAnswering{err: &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connect: network is unreachable")}}
	err := runOnce(t, Config{Token: "tok"}, d, false)
	if err == nil || !strings.Contains(err.Error(), "cannot reach Discord (no network?") || !strings.Contains(err.Error(), "network is unreachable") {
		t.Fatalf("no network: %v", err)
	}
	d = &discordAnswering{err: &net.DNSError{Err: "no such host", Name: "discord.com", IsNotFound: true}}
	if err := runOnce(t, Config{Token: "tok", ApplicationID: appID}, d, false); err == nil || !strings.Contains(err.Error(), "cannot reach Discord") {
		t.Fatalf("no name resolution: %v", err)
	}
}

// Issue 29 item 5: the HTTP endpoint without public_key is refused
// before any call to Discord.
func TestRun_HTTPWithoutPublicKeyRefusedFirst(t *testing.T) {
	d := &discordAnswering{status: http.StatusOK}
	err := runOnce(t, Config{Token: "tok", HTTP: "127.0.0.1:0"}, d, false)
	if !errors.Is(err, ErrNoPublicKey) || !strings.Contains(err.Error(), "public_key") {
		t.Fatalf("no public key: %v", err)
	}
	if n := d.calls.Load(); n != 0 {
		t.Errorf("%d call(s) to Discord before refusing", n)
	}
	if err := (Config{HTTP: ":8080"}).CheckServe(); !errors.Is(err, ErrNoPublicKey) {
		t.Errorf("CheckServe: %v", err)
	}
	if err := (Config{HTTP: ":8080", PublicKey: strings.Repeat("ab", 32)}).CheckServe(); err != nil {
		t.Errorf("CheckServe with a key: %v", err)
	}
}

// Issue 29 item 5: a guild that refuses the registration (the bot
// invited without applications.commands) is named, with the fix.
func TestRun_GuildRefusingCommandsNamed(t *testing.T) {
	d := &discordAnswering{status: http.StatusForbidden}
	err := runOnce(t, Config{Token: "tok", ApplicationID: appID, GuildIDs: []string{guildA}}, d, false)
	if err == nil || !strings.Contains(err.Error(), "guild "+guildA) || !strings.Contains(err.Error(), "applications.commands") {
		t.Fatalf("a guild refusing: %v", err)
	}
}
