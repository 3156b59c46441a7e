package discord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// fakeDiscord serves the Discord REST routes the bot uses, as an
// http.RoundTripper: it records every request and validates each JSON
// body (and each multipart request's payload_json, with its files) against
// openapi.json. A request the schema refuses, or a route Discord does not
// have, fails the test.
type fakeDiscord struct {
	t      testing.TB
	schema *apiSchema

	// settle waits for the bot's background work before take.
	settle func()
	// nonces: channel/nonce -> the message made with it (enforce_nonce)
	nonces map[string]string

	mu   sync.Mutex
	reqs []*recorded
	// acked: interaction callbacks are accepted once per interaction, as
	// Discord does (a second one is a 400, code 40060).
	acked  map[string]bool
	nextID int
	// forbidden channels refuse messages with 403 (Missing Access).
	forbidden map[string]bool
	// limitOnce answers the first request to a path with a 429.
	limitOnce map[string]bool
	// roles is what GET /guilds/{id}/roles returns.
	roles []map[string]any
	// failing answers the next n requests to a path with a 500 (Discord
	// unreachable or failing); -1 fails them all.
	failing map[string]int
}

type recorded struct {
	ID           string // the id of the message or channel the fake made
	Method, Path string
	Multipart    bool
	Body         map[string]any
	List         []any
	Raw          []byte
	Files        []fakeFile
	Status       int
	// Deduped: a channel message whose enforced nonce was seen before;
	// Discord answered with the first message and created none.
	Deduped bool
}

type fakeFile struct {
	Field, Name, Type string
	Data              []byte
}

func newFake(t testing.TB) *fakeDiscord {
	return &fakeDiscord{t: t, schema: loadSchema(t), acked: map[string]bool{}, forbidden: map[string]bool{}, limitOnce: map[string]bool{}, failing: map[string]int{},
		roles: []map[string]any{{"id": "555555555555555555", "name": "Umpires"}, {"id": "555555555555555556", "name": "Players"}}}
}

func (f *fakeDiscord) client() *http.Client { return &http.Client{Transport: f} }

var (
	apiPrefix   = regexp.MustCompile(`^/api/v(9|10)/`)
	reCallback  = regexp.MustCompile(`^/interactions/(\d+)/([^/]+)/callback$`)
	reOriginal  = regexp.MustCompile(`^/webhooks/(\d+)/([^/]+)/messages/@original$`)
	reFollowup  = regexp.MustCompile(`^/webhooks/(\d+)/([^/]+)$`)
	reMessages  = regexp.MustCompile(`^/channels/(\d+)/messages$`)
	reThreads   = regexp.MustCompile(`^/channels/(\d+)/threads$`)
	reCommands  = regexp.MustCompile(`^/applications/(\d+)(/guilds/\d+)?/commands$`)
	reRoles     = regexp.MustCompile(`^/guilds/(\d+)/roles$`)
	reDMChannel = regexp.MustCompile(`^/users/@me/channels$`)
)

func (f *fakeDiscord) RoundTrip(req *http.Request) (*http.Response, error) {
	f.t.Helper()
	var raw []byte
	if req.Body != nil {
		raw, _ = io.ReadAll(req.Body)
		req.Body.Close()
	}
	api := apiPrefix.FindString(req.URL.Path)
	if req.URL.Host != "discord.com" || api == "" {
		f.t.Errorf("request outside Discord's API: %s %s", req.Method, req.URL)
		return f.respond(req, 404, `{"message": "404: Not Found", "code": 0}`), nil
	}
	path := "/" + strings.TrimPrefix(req.URL.Path, api)
	rec := &recorded{Method: req.Method, Path: path, Raw: raw}
	if req.Method != http.MethodGet {
		if err := f.check(req, path, raw, rec); err != nil {
			f.t.Errorf("%v", err)
			rec.Status = 400
			f.record(rec)
			return f.respond(req, 400, `{"message": "Invalid Form Body", "code": 50035}`), nil
		}
	}
	if req.Header.Get("Authorization") != "Bot test-token" && !reCallback.MatchString(path) && !reFollowup.MatchString(path) && !reOriginal.MatchString(path) {
		f.t.Errorf("%s %s without the bot token", req.Method, path)
	}
	f.mu.Lock()
	if n := f.failing[path]; n != 0 {
		if n > 0 {
			f.failing[path] = n - 1
		}
		f.mu.Unlock()
		rec.Status = 500
		f.record(rec)
		return f.respond(req, 500, `{"message": "500: Internal Server Error", "code": 0}`), nil
	}
	if f.limitOnce[path] {
		delete(f.limitOnce, path)
		f.mu.Unlock()
		rec.Status = 429
		f.record(rec)
		r := f.respond(req, 429, `{"message": "You are being rate limited.", "retry_after": 0.05, "global": false}`)
		r.Header.Set("Retry-After", "1")
		return r, nil
	}
	f.nextID++
	id := fmt.Sprintf("9%017d", f.nextID)
	f.mu.Unlock()
	rec.ID = id

	status, body := 404, `{"message": "404: Not Found", "code": 0}`
	switch m := req.Method; {
	case m == "POST" && reCallback.MatchString(path):
		iid := reCallback.FindStringSubmatch(path)[1]
		f.mu.Lock()
		done := f.acked[iid]
		f.acked[iid] = true
		f.mu.Unlock()
		if done {
			status, body = 400, `{"message": "Interaction has already been acknowledged.", "code": 40060}`
		} else {
			status, body = 204, ""
		}
	case m == "PATCH" && reOriginal.MatchString(path):
		status, body = 200, f.messageJSON(id, "0", rec)
	case m == "POST" && reFollowup.MatchString(path):
		status, body = 200, f.messageJSON(id, "0", rec)
	case m == "POST" && reMessages.MatchString(path):
		ch := reMessages.FindStringSubmatch(path)[1]
		f.mu.Lock()
		no := f.forbidden[ch]
		f.mu.Unlock()
		nonce, _ := rec.Body["nonce"].(string)
		enforce, _ := rec.Body["enforce_nonce"].(bool)
		f.mu.Lock()
		first, seen := f.nonces[ch+"/"+nonce]
		if enforce && nonce != "" && !seen && !no {
			if f.nonces == nil {
				f.nonces = map[string]string{}
			}
			f.nonces[ch+"/"+nonce] = id
		}
		f.mu.Unlock()
		switch {
		case no:
			status, body = 403, `{"message": "Missing Access", "code": 50001}`
		case enforce && seen:
			rec.Deduped = true
			status, body = 200, f.messageJSON(first, ch, rec)
		default:
			status, body = 200, f.messageJSON(id, ch, rec)
		}
	case m == "POST" && reThreads.MatchString(path):
		status, body = 201, fmt.Sprintf(`{"id": %q, "type": 11, "name": %q, "parent_id": %q}`, id, rec.Body["name"], reThreads.FindStringSubmatch(path)[1])
	case m == "POST" && reDMChannel.MatchString(path):
		status, body = 200, fmt.Sprintf(`{"id": "7%s", "type": 1}`, rec.Body["recipient_id"])
	case m == "PUT" && reCommands.MatchString(path):
		status, body = 200, string(raw)
	case m == "GET" && reRoles.MatchString(path):
		b, _ := json.Marshal(f.roles)
		status, body = 200, string(b)
	case m == "GET" && (path == "/applications/@me" || path == "/oauth2/applications/@me"):
		status, body = 200, `{"id": "111111111111111111", "name": "Umpire"}`
	default:
		f.t.Errorf("the fake Discord has no route %s %s", req.Method, path)
	}
	rec.Status = status
	f.record(rec)
	return f.respond(req, status, body), nil
}

func (f *fakeDiscord) record(r *recorded) {
	f.mu.Lock()
	f.reqs = append(f.reqs, r)
	f.mu.Unlock()
}

func (f *fakeDiscord) messageJSON(id, channel string, rec *recorded) string {
	content, _ := rec.Body["content"].(string)
	b, _ := json.Marshal(map[string]any{"id": id, "channel_id": channel, "content": content, "type": 0,
		"author": map[string]any{"id": "111111111111111111", "username": "Umpire", "bot": true}})
	return string(b)
}

func (f *fakeDiscord) respond(req *http.Request, status int, body string) *http.Response {
	h := http.Header{}
	if body != "" {
		h.Set("Content-Type", "application/json")
	}
	return &http.Response{StatusCode: status, Status: fmt.Sprintf("%d %s", status, http.StatusText(status)), Header: h,
		Body: io.NopCloser(strings.NewReader(body)), Request: req, ProtoMajor: 1, ProtoMinor: 1}
}

// check validates a request body against Discord's schema: JSON bodies
// directly; multipart bodies by their payload_json, after checking the
// operation takes multipart and that every attachment has its file.
func (f *fakeDiscord) check(req *http.Request, path string, raw []byte, rec *recorded) error {
	ct, params, err := mime.ParseMediaType(req.Header.Get("Content-Type"))
	if err != nil {
		return fmt.Errorf("%s %s: bad Content-Type %q", req.Method, path, req.Header.Get("Content-Type"))
	}
	payload := raw
	switch ct {
	case "application/json":
	case "multipart/form-data":
		rec.Multipart = true
		if !f.schema.hasMultipart(req.Method, path) {
			return fmt.Errorf("%s %s does not take multipart bodies", req.Method, path)
		}
		mr := multipart.NewReader(bytes.NewReader(raw), params["boundary"])
		payload = nil
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				return fmt.Errorf("%s %s: bad multipart body: %v", req.Method, path, err)
			}
			data, _ := io.ReadAll(p)
			if p.FormName() == "payload_json" {
				payload = data
				continue
			}
			if !regexp.MustCompile(`^files\[\d+\]$`).MatchString(p.FormName()) {
				return fmt.Errorf("%s %s: unexpected multipart field %q", req.Method, path, p.FormName())
			}
			rec.Files = append(rec.Files, fakeFile{Field: p.FormName(), Name: p.FileName(), Type: p.Header.Get("Content-Type"), Data: data})
		}
		if payload == nil {
			return fmt.Errorf("%s %s: multipart body without payload_json", req.Method, path)
		}
	default:
		return fmt.Errorf("%s %s: Content-Type %s", req.Method, path, ct)
	}
	if err := f.schema.validate(req.Method, path, payload); err != nil {
		return err
	}
	var v any
	json.Unmarshal(payload, &v)
	switch x := v.(type) {
	case map[string]any:
		rec.Body = x
	case []any:
		rec.List = x
	}
	return checkAttachments(req.Method+" "+path, rec)
}

// checkAttachments: every attachment names a file sent as files[id], and
// an embed's attachment:// image is one of them.
func checkAttachments(where string, rec *recorded) error {
	files := map[string]string{}
	for _, fl := range rec.Files {
		files[strings.TrimSuffix(strings.TrimPrefix(fl.Field, "files["), "]")] = fl.Name
		switch {
		case fl.Type == "application/json" && strings.HasSuffix(fl.Name, ".json"):
			// A game's record (/game log after the end).
			if !json.Valid(fl.Data) {
				return fmt.Errorf("%s: file %s is not valid JSON", where, fl.Name)
			}
		case !bytes.HasPrefix(fl.Data, []byte("\x89PNG")) || fl.Type != "image/png":
			return fmt.Errorf("%s: file %s is not a PNG (%s)", where, fl.Name, fl.Type)
		}
	}
	names := map[string]bool{}
	atts, _ := rec.Body["attachments"].([]any)
	for _, a := range atts {
		am := a.(map[string]any)
		id, _ := am["id"].(string)
		fn, _ := am["filename"].(string)
		if files[id] != fn {
			return fmt.Errorf("%s: attachment %s (%s) has no files[%s] of that name", where, id, fn, id)
		}
		names[fn] = true
	}
	if len(atts) != len(rec.Files) {
		return fmt.Errorf("%s: %d attachments for %d files", where, len(atts), len(rec.Files))
	}
	embeds, _ := rec.Body["embeds"].([]any)
	for _, e := range embeds {
		img, _ := e.(map[string]any)["image"].(map[string]any)
		if u, _ := img["url"].(string); strings.HasPrefix(u, "attachment://") && !names[strings.TrimPrefix(u, "attachment://")] {
			return fmt.Errorf("%s: embed image %s is not attached", where, u)
		}
	}
	return nil
}

// take returns the requests recorded since the last take.
// peek is take without waiting for the bot's background work.
func (f *fakeDiscord) peek() []*recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.reqs
	f.reqs = nil
	return r
}

func (f *fakeDiscord) take() []*recorded {
	if f.settle != nil {
		f.settle() // the bot's pending deliveries go out first
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.reqs
	f.reqs = nil
	return r
}

// text is everything a message request shows: content, embeds' titles,
// descriptions and fields, button labels.
func (r *recorded) text() string {
	var sb strings.Builder
	if c, ok := r.Body["content"].(string); ok {
		sb.WriteString(c + "\n")
	}
	if d, ok := r.Body["data"].(map[string]any); ok {
		if c, ok := d["content"].(string); ok {
			sb.WriteString(c + "\n")
		}
		if cs, ok := d["choices"].([]any); ok {
			for _, c := range cs {
				sb.WriteString(fmt.Sprint(c.(map[string]any)["name"]) + "\n")
			}
		}
	}
	embeds, _ := r.Body["embeds"].([]any)
	for _, e := range embeds {
		em := e.(map[string]any)
		for _, k := range []string{"title", "description"} {
			if s, ok := em[k].(string); ok {
				sb.WriteString(s + "\n")
			}
		}
		fs, _ := em["fields"].([]any)
		for _, fl := range fs {
			fm := fl.(map[string]any)
			sb.WriteString(fmt.Sprint(fm["name"]) + ": " + fmt.Sprint(fm["value"]) + "\n")
		}
	}
	for _, row := range r.buttons() {
		sb.WriteString(row + "\n")
	}
	return sb.String()
}

// buttons lists the custom_ids of a message's buttons.
func (r *recorded) buttons() []string {
	var out []string
	rows, _ := r.Body["components"].([]any)
	for _, row := range rows {
		cs, _ := row.(map[string]any)["components"].([]any)
		for _, c := range cs {
			cm := c.(map[string]any)
			if cm["type"] == float64(componentSelect) {
				opts, _ := cm["options"].([]any)
				for _, o := range opts {
					out = append(out, "menu:"+o.(map[string]any)["value"].(string))
				}
				continue
			}
			if id, ok := cm["custom_id"].(string); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

func (r *recorded) flags() int {
	if f, ok := r.Body["flags"].(float64); ok {
		return int(f)
	}
	if d, ok := r.Body["data"].(map[string]any); ok {
		if f, ok := d["flags"].(float64); ok {
			return int(f)
		}
	}
	return 0
}
