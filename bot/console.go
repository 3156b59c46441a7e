package bot

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Console is the console transport (DESIGN: Console transport and CLI
// contract): lines `@user /command option:value ...` in, lines naming
// their audience out: `[channel] ...` or `[@user] ...`.
type Console struct {
	Service *Service
	Channel string // the one channel of the console ("console")
	Out     io.Writer
	// Interactive prints a prompt naming who is awaited before each line;
	// Echo repeats each input line (script mode) so the output reads as a
	// transcript.
	Interactive bool
	Echo        bool
	// OutDir receives map images.
	OutDir string
	// Clock, if set, is the service's clock (umpire play --clock): time
	// stands still but for the console-only command /clock advance:25h,
	// and deadlines come due as it moves.
	Clock *Clock
	// StopOnRefusedNew (scripts): a refused /game new ends the run with
	// an error, rather than going on into whatever game the channel
	// holds.
	StopOnRefusedNew bool

	newRefused bool // the last line was a /game new that made no game
}

// QuitWords end an interactive console session, like the end of input
// (Ctrl-D).
var QuitWords = []string{"/quit", "quit", "/exit", "exit"}

// Clock is a clock that moves only when told (the console's --clock,
// tests).
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock is a clock standing at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t.UTC()} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock on by d and returns the new time.
func (c *Clock) Advance(d time.Duration) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
	return c.t
}

// MaxLine is the longest console line taken, in bytes; a longer one is
// refused and skipped, and the session goes on.
const MaxLine = 1 << 20

// Run reads commands until EOF.
func (c *Console) Run(in io.Reader) error {
	c.Resume()
	c.Deadlines()
	r := bufio.NewReaderSize(in, 64*1024)
	lineNo := 0
	for {
		if c.Interactive {
			c.prompt()
		}
		raw, n, err := readLine(r, MaxLine)
		if err != nil && err != io.EOF {
			return err
		}
		if n == 0 && err == io.EOF {
			return nil
		}
		lineNo++
		if n > MaxLine {
			c.print(Reply{To: lineUser(raw), Text: fmt.Sprintf("Refused: line %d has %d bytes; a line has at most %d bytes (1 MiB). It was skipped.", lineNo, n, MaxLine)})
		} else if line := strings.TrimSpace(raw); line != "" && !strings.HasPrefix(line, "#") {
			if c.Interactive && slices.Contains(QuitWords, strings.ToLower(line)) {
				return nil
			}
			if c.Echo {
				fmt.Fprintf(c.Out, "> %s\n", line)
			}
			c.Line(line)
			if c.StopOnRefusedNew && c.newRefused {
				return fmt.Errorf("line %d: /game new was refused, so the script stops here (its orders would go to whatever game the channel holds)", lineNo)
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// readLine reads one line, without its end, keeping at most max+1 bytes
// of it: n is the line's whole length, and over max the rest of the line
// is read and dropped.
func readLine(r *bufio.Reader, max int) (line string, n int, err error) {
	var b []byte
	for {
		chunk, err := r.ReadSlice('\n')
		n += len(chunk)
		if len(b) <= max {
			b = append(b, chunk[:min(len(chunk), max+1-len(b))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if len(chunk) > 0 && chunk[len(chunk)-1] == '\n' {
			n--
			b = bytes.TrimSuffix(b, []byte("\n"))
		}
		return string(b), n, err
	}
}

// lineUser is the user a console line names (@name first), or "?".
func lineUser(line string) string {
	f := strings.Fields(line)
	if len(f) > 0 && strings.HasPrefix(f[0], "@") {
		if u := strings.TrimPrefix(f[0], "@"); u != "" && !strings.ContainsAny(u, `"@`) {
			return u
		}
	}
	return "?"
}

// Line runs one console line and prints its replies.
func (c *Console) Line(line string) {
	c.newRefused = false
	defer c.recoverLine(line) // bot/recover.go
	cmd, err := ParseLine(line)
	if err != nil {
		c.print(Reply{To: lineUser(line), Text: "Refused: " + err.Error()}) // never the channel
		f := strings.Fields(line)
		c.newRefused = len(f) > 2 && f[1] == "/game" && f[2] == "new"
		return
	}
	if cmd.Name == "clock" {
		c.clock(cmd)
		return
	}
	// What came due since the last line goes first.
	c.Deadlines()
	cmd.Channel = c.Channel
	cmd.Guild = "console"
	// The acknowledgement first, as soon as the command is durable; then
	// what it changed for the channel, maps drawn through the queue.
	o := c.Service.Do(cmd)
	c.newRefused = cmd.Name == "game new" && !o.Changed
	for _, r := range Coalesce(o.Replies) {
		c.print(r)
	}
	c.Service.NewsShown(cmd.User, o.News)
	if o.Game != "" {
		for _, r := range c.Service.Drain(o.Game) {
			c.print(r)
		}
	}
	// What the command made due now (an absence's defaults).
	c.Deadlines()
}

// clock runs the console-only /clock: it shows the clock, or with
// advance:<span> moves it on and handles the deadlines that came due.
func (c *Console) clock(cmd Command) {
	if c.Clock == nil {
		c.print(Reply{To: cmd.User, Text: "Refused: /clock works only in a console started with --clock <time> (umpire play --clock 2026-01-01T00:00Z)."})
		return
	}
	for k := range cmd.Options {
		if k != "advance" {
			c.print(Reply{To: cmd.User, Text: "Refused: /clock takes advance:<time> (like 25h or 3d), or nothing to show the time."})
			return
		}
	}
	if v, ok := cmd.Options["advance"]; ok {
		d, err := ParseSpan(v)
		if err != nil || d <= 0 {
			c.print(Reply{To: cmd.User, Text: fmt.Sprintf("Refused: advance takes a time forward like 25h or 3d, not %q.", v)})
			return
		}
		t := c.Clock.Advance(d)
		c.print(Reply{To: cmd.User, Text: fmt.Sprintf("The clock is now %s (%s later).", when(t), Span(d))})
		c.Deadlines()
		return
	}
	c.print(Reply{To: cmd.User, Text: "The clock is " + when(c.Clock.Now()) + "."})
}

// Deadlines handles the deadlines that came due and prints what they
// posted.
func (c *Console) Deadlines() {
	for _, id := range c.Service.HandleDeadlines(c.Service.now()) {
		for _, r := range c.Service.Drain(id) {
			c.print(r)
		}
	}
}

// Resume prints what a stop left undelivered in the games' outboxes (a
// command committed, its posts not yet shown), once.
func (c *Console) Resume() {
	ids, err := c.Service.DB.OutboxGames()
	if err != nil {
		fmt.Fprintf(c.Out, "[channel] (pending posts could not be read: %v)\n", err)
		return
	}
	for _, id := range ids {
		for _, r := range c.Service.Drain(id) {
			c.print(r)
		}
	}
}

func (c *Console) print(r Reply) {
	tag := "[channel]"
	if r.To != "" {
		tag = "[@" + r.To + "]"
	}
	for _, l := range strings.Split(PlainTimes(r.Text, c.Service.now()), "\n") {
		if l != "" {
			fmt.Fprintf(c.Out, "%s %s\n", tag, l)
		}
	}
	if len(r.File) > 0 {
		c.write(tag, "file", r.FileName, r.File)
	}
	if len(r.PNG) > 0 {
		c.write(tag, "image", r.ImageName, r.PNG)
	}
}

// write stores an attachment under OutDir and says where.
func (c *Console) write(tag, what, name string, data []byte) {
	dir := c.OutDir
	if dir == "" {
		dir = "."
	}
	path := filepath.Join(dir, filepath.Base(name))
	err := os.MkdirAll(dir, 0o755)
	if err == nil {
		err = os.WriteFile(path, data, 0o644)
	}
	if err != nil {
		fmt.Fprintf(c.Out, "%s (the %s could not be written: %v)\n", tag, what, err)
		return
	}
	fmt.Fprintf(c.Out, "%s %s: %s\n", tag, what, path)
}

// example is a /game new line for the first title, from the registry's
// titles (its first scenario, players @alice, @bob ...).
func (c *Console) example() string {
	ids := c.Service.titleIDs()
	if len(ids) == 0 {
		return ""
	}
	info := c.Service.Titles[ids[0]].Info()
	line := "`@alice /game new title:" + ids[0]
	if len(info.Scenarios) > 0 {
		line += " scenario:" + info.Scenarios[0].ID
	}
	for i, side := range info.Sides {
		line += fmt.Sprintf(" %s:@%s", side, []string{"alice", "bob", "carol", "dave"}[i%4])
	}
	return line + "`, "
}

func (c *Console) prompt() {
	who := "no game yet: try " + c.example() + "or `@alice /help`"
	if g, err := c.Service.Game(c.Channel); err == nil {
		p := g.Prompt()
		switch {
		case p.Over:
			who = "the game is over"
		case !started(g):
			who = "game " + g.Rec.ID + " waits for players: " + strings.Join(openSeats(g), ", ") + " open (/game join side:<side>)"
		case len(p.Awaiting) == 0:
			who = fmt.Sprintf("awaiting no one — %s", p.Phase)
		default:
			var ws []string
			for _, s := range p.Awaiting {
				ws = append(ws, fmt.Sprintf("@%s (%s)", g.Rec.Seats[s], s))
			}
			who = fmt.Sprintf("awaiting %s — %s", strings.Join(ws, " and "), p.Phase)
		}
	}
	if c.Clock != nil {
		who = "[" + when(c.Clock.Now()) + "] " + who
	}
	fmt.Fprintf(c.Out, "umpire: %s\n> ", who)
}
