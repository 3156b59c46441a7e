package bot

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
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
}

// MaxLine is the longest console line taken, in bytes; a longer one is
// refused and skipped, and the session goes on.
const MaxLine = 1 << 20

// Run reads commands until EOF.
func (c *Console) Run(in io.Reader) error {
	c.Resume()
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
			if c.Echo {
				fmt.Fprintf(c.Out, "> %s\n", line)
			}
			c.Line(line)
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
	defer c.recoverLine(line) // bot/recover.go
	cmd, err := ParseLine(line)
	if err != nil {
		c.print(Reply{To: lineUser(line), Text: "Refused: " + err.Error()}) // never the channel
		return
	}
	cmd.Channel = c.Channel
	cmd.Guild = "console"
	// The acknowledgement first, as soon as the command is durable; then
	// what it changed for the channel, maps drawn through the queue.
	o := c.Service.Do(cmd)
	for _, r := range o.Replies {
		c.print(r)
	}
	c.Service.NewsShown(cmd.User, o.News)
	if o.Game != "" {
		for _, r := range c.Service.Drain(o.Game) {
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
	for _, l := range strings.Split(r.Text, "\n") {
		if l != "" {
			fmt.Fprintf(c.Out, "%s %s\n", tag, l)
		}
	}
	if len(r.PNG) > 0 {
		dir := c.OutDir
		if dir == "" {
			dir = "."
		}
		path := filepath.Join(dir, r.ImageName)
		err := os.MkdirAll(dir, 0o755)
		if err == nil {
			err = os.WriteFile(path, r.PNG, 0o644)
		}
		if err != nil {
			fmt.Fprintf(c.Out, "%s (the image could not be written: %v)\n", tag, err)
			return
		}
		fmt.Fprintf(c.Out, "%s image: %s\n", tag, path)
	}
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
		if p.Over {
			who = "the game is over"
		} else {
			var ws []string
			for _, s := range p.Awaiting {
				ws = append(ws, fmt.Sprintf("@%s (%s)", g.Rec.Seats[s], s))
			}
			who = fmt.Sprintf("awaiting %s — %s", strings.Join(ws, " and "), p.Phase)
		}
	}
	fmt.Fprintf(c.Out, "umpire: %s\n> ", who)
}
