package bot

import (
	"bufio"
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

// Run reads commands until EOF.
func (c *Console) Run(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	lineNo := 0
	for {
		if c.Interactive {
			c.prompt()
		}
		if !sc.Scan() {
			break
		}
		lineNo++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if c.Echo {
			fmt.Fprintf(c.Out, "> %s\n", line)
		}
		c.Line(line)
	}
	return sc.Err()
}

// Line runs one console line and prints its replies.
func (c *Console) Line(line string) {
	defer c.recoverLine(line) // bot/recover.go
	cmd, err := ParseLine(line)
	if err != nil {
		user := "?"
		if strings.HasPrefix(line, "@") {
			user = strings.TrimPrefix(strings.Fields(line)[0], "@")
		}
		c.print(Reply{To: user, Text: "Refused: " + err.Error()})
		return
	}
	cmd.Channel = c.Channel
	cmd.Guild = "console"
	for _, r := range c.Service.Handle(cmd) {
		c.print(r)
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

func (c *Console) prompt() {
	who := "no game yet: try `@alice /game new title:hell scenario:full-battle french:@alice vm:@bob`, or `@alice /help`"
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
