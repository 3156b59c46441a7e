package bot

import (
	"testing"
	"time"
)

// The settings' parsers (DESIGN: go test -fuzz on every parser): no input
// panics; a span written by Span reads back as itself; quiet hours that
// parse give an end outside them; an absence's end that parses is a time.
func FuzzSettingsParsers(f *testing.F) {
	for _, s := range []string{"24h", "3d", "1d12h", "90m", "off", "1.5h", "2w", "", "-3h", "99999999d", "50%,2h", "none", "22-07", "22:30-06:45", "7", "2026-01-05", "2026-01-05T18:00Z", "back", "1e9h"} {
		f.Add(s, "Europe/Paris")
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, v, tz string) {
		if d, err := ParseSpan(v); err == nil && d > 0 && d < 1000*24*time.Hour {
			w := Span(d)
			if back, err := ParseSpan(w); err != nil || back != d.Round(time.Minute) {
				t.Fatalf("ParseSpan(%q) = %v, written %q, read back %v %v", v, d, w, back, err)
			}
		}
		parseRemind(v)
		if q, err := parseQuiet(v, tz); err == nil && q != nil {
			if e := q.end(now); q.in(e) {
				t.Fatalf("quiet %q: %v is still quiet", v, e)
			}
		}
		parseUntil(v, now)
		if p, err := ParsePace(map[string]string{"deadline": v, "remind": v, "expiry": v, "away": v}); err == nil && p.Limit < 0 {
			t.Fatalf("a negative deadline from %q", v)
		}
	})
}
