package bot

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/storage"
)

// clockWorld is a console over a database file with a fake clock; restart
// drops the service (everything in memory) and starts a new one on the
// same file and clock, as a process restart would.
type clockWorld struct {
	t     *testing.T
	path  string
	clock *Clock
	db    *storage.DB
	svc   *Service
	con   *Console
	out   bytes.Buffer
}

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func newClockWorld(t *testing.T) *clockWorld {
	w := &clockWorld{t: t, path: filepath.Join(t.TempDir(), "u.db"), clock: NewClock(t0)}
	w.start()
	t.Cleanup(func() { w.db.Close() })
	return w
}

func (w *clockWorld) start() {
	w.t.Helper()
	db, err := storage.Open(w.path)
	if err != nil {
		w.t.Fatal(err)
	}
	w.db = db
	w.svc = &Service{DB: db, Titles: map[string]adjudicator.Rules{"hell": hell.New(hell.MustDefault())}, Seed: DemoSeed(5),
		Now: w.clock.Now, Mods: map[string]bool{"mod": true}}
	w.con = &Console{Service: w.svc, Channel: "console", Out: &w.out, Clock: w.clock, OutDir: filepath.Join(filepath.Dir(w.path), "out")}
	// What the console does when it starts.
	w.con.Resume()
	w.con.Deadlines()
}

func (w *clockWorld) restart() {
	w.t.Helper()
	w.db.Close()
	w.start()
}

// line runs console lines and returns what they printed (and what a
// start printed before them).
func (w *clockWorld) line(lines ...string) string {
	for _, l := range seatDirect(lines...) {
		w.con.Line(l)
	}
	s := w.out.String()
	w.out.Reset()
	return s
}

// crash runs a line and kills the "process" at the failpoint: the
// database is closed there and the goroutine ends, as at a SIGKILL;
// nothing after it reaches the file. It reports whether the point was
// reached.
func (w *clockWorld) crash(point, line string) bool {
	w.t.Helper()
	hit := false
	Failpoint = func(p string) {
		if p == point {
			hit = true
			w.db.Close()
			runtime.Goexit()
		}
	}
	defer func() { Failpoint = nil }()
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.con.Line(line)
	}()
	<-done
	w.out.Reset() // what the dead process printed is gone with it
	return hit
}

func count(s, sub string) int { return strings.Count(s, sub) }

var dueRE = regexp.MustCompile(`\[channel\] Reminder: .* The deadline is ([0-9-]+ [0-9:]+ UTC) \(in ([^)]+)\)`)

// Issue 11, item 1 (done when): a game with a 24 h deadline, the clock
// moved an hour at a time for a week and the service restarted every five
// hours: each decision gets its two reminders (at half time and 2 h
// before) and its default at the due time, each exactly once; a decision
// without a default calls the moderators once; the record holds the
// defaults as orders of the actor "deadline" at their due times.
func TestDeadlines_EachOnceAcrossRestarts(t *testing.T) {
	w := newClockWorld(t)
	w.line("@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob",
		"@mod /game settings deadline:24h")
	var all strings.Builder
	for h := 1; h <= 24*9; h++ {
		all.WriteString(w.line("@dave /clock advance:1h"))
		if h%5 == 0 {
			w.restart()
		}
	}
	out := all.String()
	reminders := map[string][]string{}
	for _, m := range dueRE.FindAllStringSubmatch(out, -1) {
		reminders[m[1]] = append(reminders[m[1]], m[2])
	}
	var dues []string
	for due, lefts := range reminders {
		dues = append(dues, due)
		sort.Strings(lefts)
		if strings.Join(lefts, ",") != "12h,2h" {
			t.Errorf("deadline %s: reminders %v, want one 12h before and one 2h before", due, lefts)
		}
	}
	sort.Strings(dues)
	rec, err := w.db.Record("g1")
	if err != nil {
		t.Fatal(err)
	}
	// A default is one decision's default: one entry, or several (the
	// reorganization's "reconstitute required; done") at the same time.
	var defaults [][]adjudicator.Entry
	for _, e := range rec.Entries {
		if e.Actor != adjudicator.ActorDeadline || e.Default != "deadline" || e.Kind != adjudicator.KindOrder {
			t.Fatalf("an entry nobody but the deadline should have made: %+v", e)
		}
		if n := len(defaults); n > 0 && defaults[n-1][0].Time.Equal(e.Time) {
			defaults[n-1] = append(defaults[n-1], e)
		} else {
			defaults = append(defaults, []adjudicator.Entry{e})
		}
	}
	for i, d := range defaults {
		if want := t0.Add(time.Duration(i+1) * 24 * time.Hour); !d[0].Time.Equal(want) {
			t.Errorf("default %d (%q) at %s, want its due time %s", i+1, d[0].Action, d[0].Time, want)
		}
		ann := fmt.Sprintf("(entry %d; /game log shows it)", d[0].Seq)
		if len(d) > 1 {
			ann = fmt.Sprintf("(entries %d–%d; /game log shows it)", d[0].Seq, d[len(d)-1].Seq)
		}
		if count(out, ann) != 1 {
			t.Errorf("default %d (entries from %d) announced %d times", i+1, d[0].Seq, count(out, ann))
		}
	}
	if n := count(out, "Umpire took the default for"); n != len(defaults) {
		t.Errorf("%d defaults announced, %d in the record", n, len(defaults))
	}
	mods := count(out, "Moderators: the game waits for you")
	if len(defaults)+mods != len(dues) || mods != 1 {
		t.Fatalf("%d decisions reminded, %d defaults, %d calls of the moderators (want one: the VM's decision in the last week has no default)\n%s", len(dues), len(defaults), mods, out)
	}
	if !strings.Contains(out, "This decision has no default: the rules leave it to its player") {
		t.Error("the moderators' call does not say why")
	}
	// Set-ups, reorganisation, entrenchment: 3.2 with nothing to buy is
	// no decision any more (issue 15, ruling H63), and the week's VM
	// decision has no default (H56).
	if len(defaults) < 4 {
		t.Fatalf("only %d defaults in nine days", len(defaults))
	}
	// The game waits for the moderators: nothing more, however long.
	if more := w.line("@dave /clock advance:72h"); strings.Contains(more, "[channel]") {
		t.Fatalf("after the moderators were called: %s", more)
	}
	if l := w.line("@dave /game list"); !strings.Contains(l, "; deadline passed ") {
		t.Errorf("/game list: %s", l)
	}
	// The player's order starts the next decision's clock.
	o := w.line("@bob /order text:pass")
	if !strings.Contains(o, "Accepted (vm): pass") {
		t.Fatal(o)
	}
	if l := w.line("@dave /game list"); !strings.Contains(l, "since "+when(w.clock.Now())+"; deadline "+when(w.clock.Now().Add(24*time.Hour))) {
		t.Errorf("/game list after the order: %s", l)
	}
}

// A stop at each point of a deadline's handling (the process killed:
// the database closed there, the memory lost) and a start: the deadline
// is handled exactly once, its announcement shown once.
func TestDeadlines_KilledMidwayHandledOnce(t *testing.T) {
	for _, c := range []struct {
		point, line, want string
		entries           int
	}{
		{"deadline:default", "@dave /clock advance:24h", "Umpire took the default for french", 1},
		{"deadline:committed", "@dave /clock advance:24h", "Umpire took the default for french", 1},
		{"deadline:reminded", "@dave /clock advance:12h", "Reminder: @alice (french)", 0},
	} {
		t.Run(c.point, func(t *testing.T) {
			w := newClockWorld(t)
			w.line("@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob",
				"@mod /game settings deadline:24h remind:50%")
			if !w.crash(c.point, c.line) {
				t.Fatalf("the failpoint %s was not reached", c.point)
			}
			w.start()
			after := w.line()
			after += w.line("@dave /game status")
			w.restart()
			after += w.line("@dave /game status")
			if n := count(after, c.want); n != 1 {
				t.Fatalf("%q shown %d times after the restart:\n%s", c.want, n, after)
			}
			rec, err := w.db.Record("g1")
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Entries) != c.entries {
				t.Fatalf("%d entries, want %d: %+v", len(rec.Entries), c.entries, rec.Entries)
			}
			// And nothing is handled twice later either: the next
			// decision's own events only.
			later := w.line("@dave /clock advance:12h")
			if count(later, c.want) != 0 {
				t.Fatalf("handled again: %s", later)
			}
		})
	}
}

// Quiet hours and DMs: a reminder in the player's quiet hours (in their
// time zone) waits for their end, or is skipped when that is after the
// deadline; a player who asked gets reminders by DM too; when the bot
// was down over several reminder times, one reminder goes, the latest.
func TestDeadlines_QuietHoursAndMissedReminders(t *testing.T) {
	w := newClockWorld(t)
	w.line("@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob",
		"@alice /game settings quiet:22-07 tz:Europe/Paris dm:yes",
		`@mod /game settings deadline:40h remind:"50%,11h"`)
	// 50% is 20:00 UTC (21:00 in Paris); 11 h before is 05:00 UTC the
	// next day (06:00 in Paris: quiet), moved to 06:00 UTC.
	out := w.line("@dave /clock advance:20h")
	if count(out, "[channel] Reminder: @alice (french)") != 1 || count(out, "[@alice] Reminder: @alice (french)") != 1 || !strings.Contains(out, "(in 20h)") {
		t.Fatalf("the first reminder, in the channel and by DM:\n%s", out)
	}
	if out := w.line("@dave /clock advance:9h"); strings.Contains(out, "Reminder") {
		t.Fatalf("a reminder in the quiet hours (05:00 UTC):\n%s", out)
	}
	out = w.line("@dave /clock advance:1h")
	if count(out, "[channel] Reminder:") != 1 || !strings.Contains(out, "(in 10h)") {
		t.Fatalf("the reminder moved to the end of the quiet hours (06:00 UTC):\n%s", out)
	}
	// The bot was down over both reminder times of bob's decision: one
	// reminder, the latest, and bob (no DMs asked) only in the channel.
	w.line("@alice /order text:done")
	w.db.Close()
	w.clock.Advance(31 * time.Hour)
	w.start()
	out = w.line()
	if count(out, "[channel] Reminder: @bob (vm)") != 1 || !strings.Contains(out, "(in 9h)") || strings.Contains(out, "[@bob] Reminder") {
		t.Fatalf("after a downtime over two reminders:\n%s", out)
	}
}

// The pace is the seated players' together, or a moderator's: one player
// proposes, the other agrees; an onlooker cannot; the proposer cannot
// agree with themselves; a moderator sets it at once. The personal
// settings are the caller's own.
func TestSettings_BothPlayersOrAModerator(t *testing.T) {
	w := newClockWorld(t)
	w.line("@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob")
	for _, c := range []struct{ line, want string }{
		{"@dave /game settings deadline:24h", "Refused: the pace of game g1 is set by its seated players together, or by a moderator"},
		{"@dave /game settings quiet:22-07", "Refused: quiet:, tz: and dm: are a seated player's own settings"},
		{"@alice /game settings deadline:3x", "Refused: deadline:"},
		{"@alice /game settings deadline:100d", "Refused: deadline: from 1m to 90d per decision, or off"},
		{"@alice /game settings expiry:later", "Refused: expiry is default"},
		{"@alice /game settings remind:150%", "Refused: reminder \"150%\""},
		{"@alice /game settings tz:Mars/Olympus", "Refused: unknown time zone"},
		{"@alice /game settings quiet:7", "Refused: quiet hours are written from-to"},
		{"@alice /game settings colour:red", "Refused: unknown option colour"},
		{"@alice /game settings agree:yes", "Refused: no pace is proposed"},
		{"@alice /game settings deadline:48h", "[channel] @alice proposes a pace for game g1: deadline 2d per decision"},
		{"@alice /game settings agree:yes", "Refused: you proposed this pace"},
		{"@dave /game settings agree:yes", "Refused: the pace of game g1 is set by its seated players together"},
		{"@bob /game settings agree:yes", "[channel] Game g1's pace is now: deadline 2d per decision, reminders 50%,2h; at expiry the default order is taken; an absent player's deadlines pause (proposed by @alice, agreed by @bob)."},
		{"@mod /game settings deadline:off", "[channel] Game g1's pace is now: no deadline (set by moderator @mod)."},
		{"@bob /game settings deadline:12h expiry:moderator", "@bob proposes"},
		{"@alice /game settings deadline:12h expiry:moderator", "(proposed by @bob, agreed by @alice)"},
	} {
		if got := w.line(c.line); !strings.Contains(got, c.want) {
			t.Errorf("%s: got\n%s want %q", c.line, got, c.want)
		}
	}
	if got := w.line("@bob /game settings"); !strings.Contains(got, "deadline 12h per decision") || !strings.Contains(got, "the moderators are called") {
		t.Errorf("/game settings: %s", got)
	}
	// The moderator mode: the moderators are called once.
	out := w.line("@dave /clock advance:13h")
	if count(out, "Moderators: the game waits for you") != 1 || strings.Contains(out, "took the default") {
		t.Fatalf("expiry:moderator:\n%s", out)
	}
	if out := w.line("@dave /clock advance:13h"); strings.Contains(out, "Moderators") {
		t.Fatalf("the moderators called twice:\n%s", out)
	}
}

// A player who orders before the deadline is not defaulted; their next
// decision gets a full time again; a game that ends has no deadline.
func TestDeadlines_OrderInTimeAndGameOver(t *testing.T) {
	w := newClockWorld(t)
	w.line("@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob",
		"@mod /game settings deadline:24h")
	w.line("@dave /clock advance:23h")
	if out := w.line("@alice /order text:done"); !strings.Contains(out, "Accepted (french): done") {
		t.Fatal(out)
	}
	out := w.line("@dave /clock advance:23h")
	if strings.Contains(out, "took the default") {
		t.Fatalf("a default 23 h into a 24 h decision:\n%s", out)
	}
	if !strings.Contains(w.line("@dave /clock advance:1h"), "The deadline for @bob (vm) passed") {
		t.Fatal("bob's deadline, 24 h after alice's order, did not pass")
	}
	w.line("@mod /game end reason:enough confirm:yes")
	if d, err := w.db.Deadline("g1"); err == nil {
		t.Fatalf("an ended game keeps a deadline: %+v", d)
	}
	if out := w.line("@dave /clock advance:100h"); strings.Contains(out, "[channel]") {
		t.Fatalf("after the end: %s", out)
	}
	if got := w.line("@dave /clock advance:-1h"); !strings.Contains(got, "Refused: advance takes a time forward") {
		t.Errorf("/clock back: %s", got)
	}
}

// Issue 11, item 3: an absence pauses the absent player's deadline and
// keeps the time already spent; a return ends the pause early; with
// away:default their decisions are taken by default at once, marked so
// in the record; the other side is told; only a seated player declares
// one, for the future.
func TestAway_PausesOrDefaults(t *testing.T) {
	w := newClockWorld(t)
	w.line("@alice /game new title:hell scenario:full-battle french:@alice vm:@bob",
		"@mod /game settings deadline:24h remind:none",
		"@dave /clock advance:6h")
	for _, c := range []struct{ line, want string }{
		{"@dave /game away until:3d", "Refused: you hold no seat in game g1"},
		{"@alice /game away until:2025-12-31", "Refused: until:2025-12-31 00:00 UTC is not in the future"},
		{"@alice /game away until:1y", "Refused: until:\"1y\" is not a date"},
		{"@alice /game away until:100d", "Refused: an absence lasts at most 90d"},
		{"@alice /game away until:back", "Refused: you are not away in game g1"},
		{"@alice /game away until:3d", "[channel] @alice (french) is away from game g1 until 2026-01-04 06:00 UTC: their deadlines pause until then."},
		{"@dave /game list", "deadline 2026-01-05 00:00 UTC (paused while away)"},
	} {
		if got := w.line(c.line); !strings.Contains(got, c.want) {
			t.Errorf("%s: %s", c.line, got)
		}
	}
	// 6 h were spent before the absence: 18 h are left after it.
	if out := w.line("@dave /clock advance:65h"); strings.Contains(out, "passed") {
		t.Fatalf("the deadline ran while alice was away: %s", out)
	}
	// Back early, at 2026-01-03 23:00: the clock runs again with 18 h left.
	if got := w.line("@alice /game away until:back"); !strings.Contains(got, "@alice (french) is back in game g1: their deadlines run again.") {
		t.Fatal(got)
	}
	if out := w.line("@dave /clock advance:17h"); strings.Contains(out, "passed") {
		t.Fatalf("passed early: %s", out)
	}
	if out := w.line("@dave /clock advance:1h"); !strings.Contains(out, "The deadline for @alice (french) passed (2026-01-04 17:00 UTC)") {
		t.Fatalf("18 h after the return: %s", out)
	}
	// away:default: bob away, his decisions are taken at once.
	w.line("@mod /game settings away:default")
	out := w.line("@bob /game away until:2026-01-20")
	if !strings.Contains(out, "meanwhile Umpire takes their decisions by default") || !strings.Contains(out, "@bob (vm) is away: Umpire took the default for vm — Set-up for Turn 1") {
		t.Fatalf("away:default: %s", out)
	}
	rec, _ := w.db.Record("g1")
	away := 0
	for _, e := range rec.Entries {
		if e.Default == "away" {
			away++
		}
	}
	if away < 3 {
		t.Fatalf("%d defaults for the absence in %+v", away, rec.Entries)
	}
	// The decision passes to alice: her clock runs as usual.
	if l := w.line("@dave /game list"); !strings.Contains(l, "awaiting @alice (french) since") || strings.Contains(l, "paused") {
		t.Errorf("after bob's defaults: %s", l)
	}
}
