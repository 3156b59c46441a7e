package discord

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Request bodies, encoded as Discord's schema describes them (discordgo's
// own structs write nulls and empty strings the schema refuses).

type message struct {
	Content         string           `json:"content,omitempty"`
	Embeds          []embed          `json:"embeds,omitempty"`
	AllowedMentions *allowedMentions `json:"allowed_mentions,omitempty"`
	Components      []actionRow      `json:"components,omitempty"`
	Attachments     []attachment     `json:"attachments,omitempty"`
	Flags           int              `json:"flags,omitempty"`
	// Nonce with EnforceNonce makes a channel post idempotent: Discord
	// answers a repeat within minutes with the first message (a delivery
	// retried after a restart is posted once). Channel messages only.
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`

	files []*discordgo.File
}

type embed struct {
	Title       string      `json:"title,omitempty"`
	Description string      `json:"description,omitempty"`
	Color       int         `json:"color,omitempty"`
	Fields      []field     `json:"fields,omitempty"`
	Image       *embedImage `json:"image,omitempty"`
	Footer      *footer     `json:"footer,omitempty"`
}

type field struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
}

type embedImage struct {
	URL string `json:"url"`
}

type footer struct {
	Text string `json:"text"`
}

type allowedMentions struct {
	Parse []string `json:"parse"`
	Users []string `json:"users,omitempty"`
	Roles []string `json:"roles,omitempty"`
}

type actionRow struct {
	Type       int   `json:"type"`
	Components []any `json:"components"` // buttons, or one select menu
}

type selectMenu struct {
	Type        int            `json:"type"`
	CustomID    string         `json:"custom_id"`
	Placeholder string         `json:"placeholder,omitempty"`
	Options     []selectOption `json:"options"`
}

type selectOption struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

type button struct {
	Type     int    `json:"type"`
	Style    int    `json:"style"`
	Label    string `json:"label"`
	CustomID string `json:"custom_id"`
}

type attachment struct {
	ID       string `json:"id"`
	Filename string `json:"filename"`
}

// callback is an interaction response (POST /interactions/{id}/{token}/callback,
// or the body of the HTTP endpoint's answer).
type callback struct {
	Type int `json:"type"`
	Data any `json:"data,omitempty"`
}

type choice struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type choices struct {
	Choices []choice `json:"choices"`
}

const (
	flagEphemeral = 64

	cbPong         = 1
	cbMessage      = 4
	cbDeferred     = 5
	cbAutocomplete = 8

	componentRow    = 1
	componentButton = 2
	componentSelect = 3
	buttonPrimary   = 1
	buttonSuccess   = 3
	buttonDanger    = 4
)

// rest sends requests to Discord through a discordgo session: its
// http.Client (replaceable in tests), its token and its rate-limit buckets
// (429s are waited out and retried).
type rest struct {
	s   *discordgo.Session
	one *oneTimeLimits
}

// oneTimeLimits holds the rate-limit buckets of the one-time interaction
// routes (an interaction's callback, its deferred response and
// follow-ups): every interaction token is a new route, so in the
// session's limiter they would add a bucket per interaction, forever.
// Here they live in a limiter replaced every oneTimeBucketsFor: a token's
// bucket is needed for seconds, and the table stays as small as the
// interactions of one period.
type oneTimeLimits struct {
	mu    sync.Mutex
	cur   *discordgo.RateLimiter
	since time.Time
}

// oneTimeBucketsFor is how long a generation of one-time buckets lives.
const oneTimeBucketsFor = time.Minute

func (o *oneTimeLimits) limiter() *discordgo.RateLimiter {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.cur == nil || time.Since(o.since) > oneTimeBucketsFor {
		o.cur, o.since = discordgo.NewRatelimiter(), time.Now()
	}
	return o.cur
}

// oneTimeRoute matches the routes named by an interaction token.
var oneTimeRoute = regexp.MustCompile(`/(webhooks/\d+|interactions/\d+)/[^/?]+`)

func (r rest) request(method, url, contentType string, b []byte) ([]byte, error) {
	if r.one != nil && oneTimeRoute.MatchString(url) {
		key := strings.SplitN(url, "?", 2)[0]
		return r.s.RequestWithLockedBucket(method, url, contentType, b, r.one.limiter().LockBucket(key), 0)
	}
	return r.s.RequestRaw(method, url, contentType, b, "", 0)
}

func (r rest) json(method, url string, body any) ([]byte, error) {
	var b []byte
	if body != nil {
		var err error
		if b, err = json.Marshal(body); err != nil {
			return nil, err
		}
	}
	return r.request(method, url, "application/json", b)
}

// send posts a message, as multipart (payload_json and files[n]) when it
// has files.
func (r rest) send(method, url string, m *message) ([]byte, error) {
	if len(m.files) == 0 {
		return r.json(method, url, m)
	}
	for _, f := range m.files {
		if rd, ok := f.Reader.(*bytes.Reader); ok {
			rd.Seek(0, 0) // a retried request sends the file again
		}
	}
	ct, body, err := discordgo.MultipartBodyWithJSON(m, m.files)
	if err != nil {
		return nil, err
	}
	return r.request(method, url, ct, body)
}

// status is the HTTP status of a failed REST call (0 if unknown).
func status(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		return re.Response.StatusCode
	}
	return 0
}
