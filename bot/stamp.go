package bot

import (
	"fmt"
	"regexp"
	"strconv"
	"time"
)

// Stamp is a moment as Discord shows it, in each reader's own time zone
// (a timestamp tag, <t:UNIX:f>); the console prints it in UTC
// (PlainTimes).
func Stamp(t time.Time) string { return fmt.Sprintf("<t:%d:f>", t.Unix()) }

// StampRelative is a moment as Discord shows it relative to the reader's
// now ("in 2 days"), <t:UNIX:R>.
func StampRelative(t time.Time) string { return fmt.Sprintf("<t:%d:R>", t.Unix()) }

var stampTag = regexp.MustCompile(`<t:(-?\d{1,12}):([fR])>`)

// PlainTimes rewrites Discord's timestamp tags for a transport that does
// not render them (the console): <t:N:f> as a UTC time, <t:N:R> as a
// span from now ("in 2d 3h", "5h ago").
func PlainTimes(s string, now time.Time) string {
	return stampTag.ReplaceAllStringFunc(s, func(tag string) string {
		m := stampTag.FindStringSubmatch(tag)
		n, err := strconv.ParseInt(m[1], 10, 64)
		if err != nil {
			return tag
		}
		t := time.Unix(n, 0).UTC()
		if m[2] == "f" {
			return when(t)
		}
		if d := t.Sub(now); d >= 0 {
			return "in " + Span(d)
		} else {
			return Span(-d) + " ago"
		}
	})
}
