package discord

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// signedAt is signedRequest with a chosen timestamp.
func signedAt(priv ed25519.PrivateKey, body []byte, at time.Time) *http.Request {
	r := signedRequest(priv, body)
	ts := fmt.Sprint(at.Unix())
	r.Header.Set("X-Signature-Timestamp", ts)
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, append([]byte(ts), body...))))
	return r
}

// TestHTTPLimits (issue 12, item 3): an oversized body is refused with
// 413 (not 401), announced or not; a correctly signed request whose
// timestamp is more than five minutes from now is refused with 401 (a
// replay), and nothing is done.
func TestHTTPLimits(t *testing.T) {
	h := newHarness(t)
	pub, priv := keyPair(t)
	handler := h.bot.HTTPHandler(pub)
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	h.bot.Now = func() time.Time { return now }
	newGame := interactionJSON(t, h.interaction(alice, discordgo.InteractionApplicationCommand, slashData(t, "/game new title:hell scenario:full-battle french:@alice vm:@bob")))

	big := append(bytes.Repeat([]byte(" "), MaxBody), newGame...)
	r := signedAt(priv, big, now)
	if w, o := h.serve(handler, r); w.Code != http.StatusRequestEntityTooLarge || len(o.reqs) != 0 {
		t.Errorf("an oversized body: %d", w.Code)
	}
	r = signedAt(priv, big, now)
	r.ContentLength = -1 // chunked: the size is only found by reading
	if w, _ := h.serve(handler, r); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("an oversized chunked body: %d", w.Code)
	}
	for _, skew := range []time.Duration{-6 * time.Minute, 6 * time.Minute, -time.Hour} {
		if w, o := h.serve(handler, signedAt(priv, newGame, now.Add(skew))); w.Code != http.StatusUnauthorized || len(o.reqs) != 0 || h.record(chanA) != "no game" {
			t.Errorf("a request signed %v from now: %d", skew, w.Code)
		}
	}
	if w, _ := h.serve(handler, signedAt(priv, newGame, now.Add(-4*time.Minute))); w.Code != 200 || h.record(chanA) == "no game" {
		t.Errorf("a request signed 4 minutes ago: %d", w.Code)
	}
}

// TestGameNewOnce (issue 12, item 3): /game new records its interaction
// id like every other command, so a replayed or redelivered creation never
// makes a second game: not after the first game ended (the channel is
// free again), and not with thread:true (each delivery would open its own
// thread).
func TestGameNewOnce(t *testing.T) {
	h := newHarness(t)
	pub, priv := keyPair(t)
	handler := h.bot.HTTPHandler(pub)
	body := interactionJSON(t, h.interaction(alice, discordgo.InteractionApplicationCommand, slashData(t, "/game new title:hell scenario:full-battle french:@alice vm:@bob")))
	h.serve(handler, signedRequest(priv, body))
	h.slash(carol, "/game end reason:test confirm:true")
	_, o := h.serve(handler, signedRequest(priv, body))
	games, _ := h.db.Games()
	if len(games) != 1 || h.record(chanA) != "no game" || !strings.Contains(o.private(), "already applied") {
		t.Errorf("a replayed /game new after the end: games %v, private %q", games, o.private())
	}

	threaded := interactionJSON(t, h.interaction(alice, discordgo.InteractionApplicationCommand, slashData(t, "/game new title:hell scenario:full-battle french:@alice vm:@bob thread:true")))
	_, o1 := h.serve(handler, signedRequest(priv, threaded))
	_, o2 := h.serve(handler, signedRequest(priv, threaded))
	threads := 0
	for _, r := range append(o1.reqs, o2.reqs...) {
		if reThreads.MatchString(r.Path) {
			threads++
		}
	}
	games, _ = h.db.Games()
	if len(games) != 2 || threads != 1 || !strings.Contains(o2.private(), "already applied") {
		t.Errorf("a redelivered threaded /game new: games %v, %d threads, private %q", games, threads, o2.private())
	}
}

// startHTTP runs Run on a loopback listener with the given options and
// returns its address, a stop function (which reports how long Run took
// to return) and the log.
func startHTTP(t *testing.T, h *harness, opts RunOptions) (addr string, priv ed25519.PrivateKey, stop func() time.Duration, logs *logBuffer) {
	t.Helper()
	pub, priv := keyPair(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	logs = &logBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan struct{})
	done := make(chan error, 1)
	cfg := Config{Token: "test-token", PublicKey: hex.EncodeToString(pub), GuildIDs: []string{guildA}, DMSideEvents: new(bool)}
	opts.Client, opts.Listener, opts.Ready = h.fake.client(), ln, func() { close(ready) }
	opts.Log = slog.New(slog.NewTextHandler(logs, nil))
	go func() { done <- Run(ctx, cfg, h.svc, opts) }()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("Run: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not get ready")
	}
	var once sync.Once
	var took time.Duration
	stop = func() time.Duration {
		once.Do(func() {
			start := time.Now()
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Run returned %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Run did not stop")
			}
			took = time.Since(start)
		})
		return took
	}
	t.Cleanup(func() { stop() })
	return ln.Addr().String(), priv, stop, logs
}

// TestSlowBodies (issue 12, item 3): connections that send their request
// body too slowly are closed once the read timeout passes, while the
// endpoint goes on answering; shutdown is prompt even with slow
// connections open. Loopback only, a bounded number of connections, each
// bounded in time.
func TestSlowBodies(t *testing.T) {
	h := newHarness(t)
	const timeout = 400 * time.Millisecond
	addr, priv, stop, _ := startHTTP(t, h, RunOptions{ReadTimeout: timeout, WriteTimeout: time.Second, IdleTimeout: time.Second, HTTPShutdownWait: 300 * time.Millisecond})
	h.fake.take()

	// slow opens a connection that announces a body and sends it one byte
	// every 50 ms; it returns when the server closes the connection (or
	// gives up after 5 s) and how long that took.
	slow := func() (time.Duration, error) {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			return 0, err
		}
		defer c.Close()
		start := time.Now()
		c.SetDeadline(start.Add(5 * time.Second))
		fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n", addr)
		closed := make(chan struct{})
		go func() {
			io.Copy(io.Discard, c) // until the server closes
			close(closed)
		}()
		for {
			select {
			case <-closed:
				return time.Since(start), nil
			case <-time.After(50 * time.Millisecond):
			}
			if _, err := c.Write([]byte("{")); err != nil {
				<-closed
				return time.Since(start), nil
			}
		}
	}
	const conns = 8
	var wg sync.WaitGroup
	took := make([]time.Duration, conns)
	errs := make([]error, conns)
	for k := 0; k < conns; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			took[k], errs[k] = slow()
		}(k)
	}
	// Meanwhile the endpoint answers.
	ping := []byte(`{"id":"800000000000000901","application_id":"` + appID + `","type":1,"token":"t","version":1}`)
	r := signedRequest(priv, ping)
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/", r.Body)
	req.Header = r.Header
	resp, err := (&http.Client{Timeout: 2 * time.Second}).Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Errorf("PING while slow connections are open: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	wg.Wait()
	t.Logf("slow connections closed after %v", took)
	for k := 0; k < conns; k++ {
		if errs[k] != nil || took[k] < timeout-50*time.Millisecond || took[k] > timeout+1500*time.Millisecond {
			t.Errorf("slow connection %d: closed after %v (%v); the read timeout is %v", k, took[k], errs[k], timeout)
		}
	}

	// Shutdown with slow connections open is prompt.
	var held []net.Conn
	for k := 0; k < 4; k++ {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
		fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: %s\r\nContent-Length: 1000\r\n\r\n{", addr)
	}
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	time.Sleep(50 * time.Millisecond)
	d := stop()
	t.Logf("shutdown took %v with %d slow connections open", d, len(held))
	if d > time.Second {
		t.Errorf("shutdown took %v with slow connections open", d)
	}
	for _, c := range held {
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		if _, err := bufio.NewReader(c).ReadString('\n'); err == nil {
			// an answer (the 400 of a cut body) is fine; the close must follow
			if _, err := io.Copy(io.Discard, c); err != nil {
				t.Errorf("a slow connection stays open after shutdown: %v", err)
			}
		}
	}
}

// TestRunHTTPWithoutDiscord (issue 12, item 6): when Discord cannot be
// reached to register the commands, `umpire bot --http` serves anyway,
// retries the registration in the background with a backoff, logs it,
// and registers once Discord answers.
func TestRunHTTPWithoutDiscord(t *testing.T) {
	h := newHarness(t)
	h.fake.failing["/oauth2/applications/@me"] = 2
	h.fake.failing["/applications/"+appID+"/guilds/"+guildA+"/commands"] = 1
	addr, priv, stop, logs := startHTTP(t, h, RunOptions{RegisterBackoff: 20 * time.Millisecond, RegisterAttempts: 10})
	ping := []byte(`{"id":"800000000000000901","application_id":"` + appID + `","type":1,"token":"t","version":1}`)
	r := signedRequest(priv, ping)
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/", r.Body)
	req.Header = r.Header
	resp, err := (&http.Client{Timeout: 2 * time.Second}).Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("PING while Discord is unreachable: %v %v", resp, err)
	}
	resp.Body.Close()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(logs.String(), "commands registered") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	var puts, failed int
	for _, r := range h.fake.take() {
		if r.Method == "PUT" {
			puts++
			if r.Status != 200 {
				failed++
			}
		}
	}
	l := logs.String()
	if puts != 2 || failed != 1 || !strings.Contains(l, "serving anyway and retrying in the background") || !strings.Contains(l, "will retry") || !strings.Contains(l, "commands registered") {
		t.Errorf("%d PUTs (%d failed); log:\n%s", puts, failed, l)
	}
	if d := stop(); d > time.Second {
		t.Errorf("shutdown took %v", d)
	}
}

// TestRegisterRetryBounded: against a Discord that never answers, the
// retries stop after the bounded number of tries, say so, and shutdown
// stops them at once.
func TestRegisterRetryBounded(t *testing.T) {
	h := newHarness(t)
	h.fake.failing["/oauth2/applications/@me"] = -1
	_, _, stop, logs := startHTTP(t, h, RunOptions{RegisterBackoff: 5 * time.Millisecond, RegisterAttempts: 3})
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(logs.String(), "gave up registering") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := len(h.fake.take()); n != 4 || !strings.Contains(logs.String(), "gave up registering") {
		t.Errorf("%d requests (want the first and 3 retries); log:\n%s", n, logs.String())
	}

	h2 := newHarness(t)
	h2.fake.failing["/oauth2/applications/@me"] = -1
	_, _, stop2, _ := startHTTP(t, h2, RunOptions{RegisterBackoff: time.Hour})
	if d := stop2(); d > time.Second {
		t.Errorf("shutdown during a retry wait took %v", d)
	}
	stop()
}
