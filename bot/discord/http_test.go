package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func keyPair(t testing.TB) (ed25519.PublicKey, ed25519.PrivateKey) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return pub, priv
}

// signedRequest is Discord's POST to the interactions endpoint.
func signedRequest(priv ed25519.PrivateKey, body []byte) *http.Request {
	ts := fmt.Sprint(time.Now().Unix())
	sig := ed25519.Sign(priv, append([]byte(ts), body...))
	r := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	r.Header.Set("X-Signature-Timestamp", ts)
	return r
}

func interactionJSON(t *testing.T, i *discordgo.Interaction) []byte {
	t.Helper()
	b, err := json.Marshal(i)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// serve passes one request to the handler and waits for the work it
// started.
func (h *harness) serve(handler http.Handler, r *http.Request) (*httptest.ResponseRecorder, outcome) {
	w := httptest.NewRecorder()
	handler.ServeHTTP(w, r)
	h.bot.inflight.Wait()
	return w, outcome{reqs: h.fake.take()}
}

// TestHTTPEndpoint: signatures checked (401 and no change when missing or
// wrong), PING answered with PONG, commands deferred at once and followed
// up through the REST API; every answer fits Discord's schema.
func TestHTTPEndpoint(t *testing.T) {
	h := newHarness(t)
	pub, priv := keyPair(t)
	_, other := keyPair(t)
	handler := h.bot.HTTPHandler(pub)
	schema := loadSchema(t)

	ping := []byte(`{"id":"800000000000000900","application_id":"` + appID + `","type":1,"token":"tok-ping","version":1}`)
	w, o := h.serve(handler, signedRequest(priv, ping))
	if w.Code != 200 || strings.TrimSpace(w.Body.String()) != `{"type":1}` || len(o.reqs) != 0 {
		t.Fatalf("PING: %d %s, %d REST calls", w.Code, w.Body, len(o.reqs))
	}
	if err := schema.validate("POST", "/interactions/1/t/callback", w.Body.Bytes()); err != nil {
		t.Error(err)
	}

	newGame := interactionJSON(t, h.interaction(alice, discordgo.InteractionApplicationCommand, slashData(t, "/game new title:hell scenario:full-battle french:@alice vm:@bob")))
	bad := map[string]*http.Request{
		"no signature": httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(newGame)),
		"another key":  signedRequest(other, newGame),
		"tampered body": func() *http.Request {
			r := signedRequest(priv, newGame)
			r.Body = io.NopCloser(bytes.NewReader(bytes.Replace(newGame, []byte("full-battle"), []byte("five-hills"), 1)))
			return r
		}(),
		"garbage signature": func() *http.Request {
			r := signedRequest(priv, newGame)
			r.Header.Set("X-Signature-Ed25519", "zz")
			return r
		}(),
	}
	for name, r := range bad {
		w, o := h.serve(handler, r)
		if w.Code != http.StatusUnauthorized || len(o.reqs) != 0 || h.record(chanA) != "no game" {
			t.Errorf("%s: status %d, %d REST calls, game %s", name, w.Code, len(o.reqs), h.record(chanA))
		}
	}
	if w, _ := h.serve(handler, httptest.NewRequest(http.MethodGet, "/interactions", nil)); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET: %d", w.Code)
	}

	w, o = h.serve(handler, signedRequest(priv, newGame))
	if w.Code != 200 {
		t.Fatalf("signed /game new: %d %s", w.Code, w.Body)
	}
	if err := schema.validate("POST", "/interactions/1/t/callback", w.Body.Bytes()); err != nil {
		t.Error(err)
	}
	var cb callback
	json.Unmarshal(w.Body.Bytes(), &cb)
	if cb.Type != cbDeferred || !strings.Contains(w.Body.String(), `"flags":64`) {
		t.Errorf("signed /game new answered %s, want an ephemeral deferred response", w.Body)
	}
	if h.record(chanA) == "no game" || len(o.public()) != 1 || !strings.Contains(o.private(), "posted in the channel") {
		t.Errorf("signed /game new: game %v, %d public posts, private %q", h.record(chanA) != "no game", len(o.public()), o.private())
	}

	// The same interaction delivered twice is applied once.
	order := interactionJSON(t, h.interaction(alice, discordgo.InteractionApplicationCommand, slashData(t, "/order text:done")))
	_, o1 := h.serve(handler, signedRequest(priv, order))
	before := h.record(chanA)
	w2, o2 := h.serve(handler, signedRequest(priv, order))
	if w2.Code != 200 || h.record(chanA) != before || len(o2.public()) != 0 || !strings.Contains(o2.private(), "already applied") {
		t.Errorf("a repeated delivery: %d, changed %v, %d public posts, private %q", w2.Code, h.record(chanA) != before, len(o2.public()), o2.private())
	}
	if len(o1.public()) != 1 || !strings.Contains(o1.private(), "Accepted") {
		t.Errorf("the first delivery: %d public posts, private %q", len(o1.public()), o1.private())
	}

	// Autocomplete is answered in the HTTP response itself.
	d := slashData(t, `/order text:"place 304"`)
	d.Options[0].Focused = true
	ac := interactionJSON(t, h.interaction(bob, discordgo.InteractionApplicationCommandAutocomplete, d))
	w, o = h.serve(handler, signedRequest(priv, ac))
	if err := schema.validate("POST", "/interactions/1/t/callback", w.Body.Bytes()); err != nil {
		t.Error(err)
	}
	if !strings.Contains(w.Body.String(), `"type":8`) || !strings.Contains(w.Body.String(), "place 304/") || len(o.reqs) != 0 {
		t.Errorf("autocomplete over HTTP: %s (%d REST calls)", w.Body, len(o.reqs))
	}
}

// TestRunHTTP runs `umpire bot --http` end to end on a local listener: it
// registers the commands for the configured guild (a schema-valid bulk
// overwrite), answers PING, refuses bad signatures, and stops cleanly.
func TestRunHTTP(t *testing.T) {
	h := newHarness(t)
	pub, priv := keyPair(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan struct{})
	done := make(chan error, 1)
	cfg := Config{Token: "test-token", PublicKey: hex.EncodeToString(pub), GuildIDs: []string{guildA}, DMSideEvents: new(bool)}
	go func() {
		done <- Run(ctx, cfg, h.svc, RunOptions{Client: h.fake.client(), Listener: ln, Ready: func() { close(ready) }})
	}()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("Run: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not get ready")
	}
	reqs := h.fake.take()
	var put *recorded
	for _, r := range reqs {
		if r.Method == "PUT" {
			put = r
		}
	}
	if len(reqs) != 2 || !strings.HasSuffix(reqs[0].Path, "/applications/@me") || put == nil || put.Path != "/applications/"+appID+"/guilds/"+guildA+"/commands" || len(put.List) != 6 {
		t.Fatalf("start-up requests: %+v", reqs)
	}
	url := "http://" + ln.Addr().String() + "/"
	post := func(body []byte, key ed25519.PrivateKey) (int, string) {
		r := signedRequest(key, body)
		req, _ := http.NewRequest(http.MethodPost, url, r.Body)
		req.Header = r.Header
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	ping := []byte(`{"id":"800000000000000901","application_id":"` + appID + `","type":1,"token":"t","version":1}`)
	if code, body := post(ping, priv); code != 200 || strings.TrimSpace(body) != `{"type":1}` {
		t.Errorf("PING over the network: %d %s", code, body)
	}
	_, other := keyPair(t)
	if code, _ := post(ping, other); code != 401 {
		t.Errorf("a bad signature over the network: %d", code)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run returned %v at shutdown", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop")
	}
}

// TestRunWithoutToken: with no token, Run stops at once, says how to
// provide one and calls nothing.
func TestRunWithoutToken(t *testing.T) {
	h := newHarness(t)
	start := time.Now()
	err := Run(context.Background(), Config{}, h.svc, RunOptions{Client: h.fake.client()})
	if err == nil || !strings.Contains(err.Error(), TokenEnv) || time.Since(start) > time.Second || len(h.fake.take()) != 0 {
		t.Fatalf("Run without a token: %v", err)
	}
}

// TestShutdownFinishesInFlight: an order being handled when the shutdown
// starts is committed and answered before Shutdown returns; later
// interactions are turned away without touching the game.
func TestShutdownFinishesInFlight(t *testing.T) {
	h := newHarness(t)
	h.slash(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob")
	pub, priv := keyPair(t)
	handler := h.bot.HTTPHandler(pub)
	h.maps.mu.Lock()
	h.maps.delay = 300 * time.Millisecond // the phase ends: a map is drawn, slowly
	h.maps.mu.Unlock()
	w := httptest.NewRecorder()
	order := interactionJSON(t, h.interaction(alice, discordgo.InteractionApplicationCommand, slashData(t, "/order text:done")))
	start := time.Now()
	handler.ServeHTTP(w, signedRequest(priv, order))
	if w.Code != 200 || time.Since(start) > 200*time.Millisecond {
		t.Fatalf("the deferred answer took %v (%d)", time.Since(start), w.Code)
	}
	h.bot.Shutdown()
	o := outcome{reqs: h.fake.take()}
	rec, err := h.db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rec.Entries); n != 1 || rec.Entries[0].Action != "done" || len(o.public()) != 1 || !strings.Contains(o.private(), "Accepted") {
		t.Fatalf("after shutdown: %d entries, %d public posts, private %q", n, len(o.public()), o.private())
	}
	before := h.record(chanA)
	w = httptest.NewRecorder()
	handler.ServeHTTP(w, signedRequest(priv, interactionJSON(t, h.interaction(bob, discordgo.InteractionApplicationCommand, slashData(t, "/order text:done")))))
	late := h.slash(bob, "/order text:done")
	if !strings.Contains(w.Body.String(), "restarting") || !strings.Contains(late.private(), "restarting") || h.record(chanA) != before {
		t.Errorf("after shutdown: HTTP %s, gateway %q, changed %v", w.Body, late.private(), h.record(chanA) != before)
	}
}

// TestGatewayAtMostOnce: an interaction delivered twice over the gateway
// is answered and applied once (Discord refuses the second callback).
func TestGatewayAtMostOnce(t *testing.T) {
	h := newHarness(t)
	h.slash(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob")
	i := h.interaction(alice, discordgo.InteractionApplicationCommand, slashData(t, "/order text:done"))
	h.bot.Gateway(i)
	first := outcome{reqs: h.fake.take()}
	h.bot.Gateway(i)
	second := outcome{reqs: h.fake.take()}
	rec, _ := h.db.Record("g1")
	if len(rec.Entries) != 1 || len(first.public()) != 1 || len(second.public()) != 0 || len(second.reqs) != 1 || second.reqs[0].Status != 400 {
		t.Errorf("%d entries; first: %d public posts; second: %d requests, %d public posts", len(rec.Entries), len(first.public()), len(second.reqs), len(second.public()))
	}
	// The same id again with a fresh token (a replay Discord would not
	// refuse): the service refuses it.
	i2 := *i
	i2.Token = "another-token"
	h.fake.acked = map[string]bool{}
	h.bot.Gateway(&i2)
	third := outcome{reqs: h.fake.take()}
	rec, _ = h.db.Record("g1")
	if len(rec.Entries) != 1 || len(third.public()) != 0 || !strings.Contains(third.private(), "already applied") {
		t.Errorf("a replay: %d entries, %d public posts, private %q", len(rec.Entries), len(third.public()), third.private())
	}
}

// TestConcurrentInteractions: interactions for two games arrive at once
// over HTTP (orders, double deliveries, reads, autocomplete); each game's
// orders apply once each, in some order, with one post per resolution.
func TestConcurrentInteractions(t *testing.T) {
	h := newHarness(t)
	pub, priv := keyPair(t)
	handler := h.bot.HTTPHandler(pub)
	other := alice
	other.channel = "300000000000000003"
	otherBob := bob
	otherBob.channel = other.channel
	for _, p := range []person{alice, other} {
		h.slash(p, "/game new title:hell scenario:full-battle french:@alice vm:@bob")
	}
	h.fake.take()
	var bodies [][]byte
	for _, p := range []person{alice, other} {
		order := interactionJSON(t, h.interaction(p, discordgo.InteractionApplicationCommand, slashData(t, `/order text:"place 1/13DBLE-1 G2"`)))
		bodies = append(bodies, order, order)
		for k := 0; k < 3; k++ {
			bodies = append(bodies, interactionJSON(t, h.interaction(dave, discordgo.InteractionApplicationCommand, slashData(t, "/game status"))))
		}
		d := slashData(t, `/order text:"place 1/13"`)
		d.Options[0].Focused = true
		bodies = append(bodies, interactionJSON(t, h.interaction(p, discordgo.InteractionApplicationCommandAutocomplete, d)))
	}
	done := make(chan int, len(bodies))
	for _, b := range bodies {
		b := b
		go func() {
			w := httptest.NewRecorder()
			handler.ServeHTTP(w, signedRequest(priv, b))
			done <- w.Code
		}()
	}
	for range bodies {
		if code := <-done; code != 200 {
			t.Errorf("status %d", code)
		}
	}
	h.bot.inflight.Wait()
	o := outcome{reqs: h.fake.take()}
	for _, key := range []string{ChannelKey(guildA, chanA), ChannelKey(guildA, other.channel)} {
		id, _ := h.db.GameInChannel(key)
		rec, _ := h.db.Record(id)
		if len(rec.Entries) != 1 {
			t.Errorf("game %s: %d entries, want 1", id, len(rec.Entries))
		}
	}
	if n := len(o.public()); n != 2 {
		t.Errorf("%d public posts, want one per game", n)
	}
}
