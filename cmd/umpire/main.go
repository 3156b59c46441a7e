// Command umpire referees play-by-post wargames: a Discord bot, a console
// for playing without Discord, and tools to export, verify and test games.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `umpire referees play-by-post games of Indochina-war wargames.

Usage:
  umpire play     [--db FILE] [--seed N] [--out DIR] [--script FILE] [--mods LIST] [--clock TIME] [--data DIR]
                  play over stdin/stdout: lines like @alice /game status; /quit or Ctrl-D leaves
                  (a --script without --db plays into a database of its own, deleted at the end)
  umpire export   [--db FILE] [--game ID]      print a game record as JSON
  umpire verify   RECORD.json                  re-derive every roll, check the commitment
  umpire playout  --title ID --scenario ID --games N --seed S [--json]
                  play random complete games and check them
  umpire render   [--db FILE] [--game ID] --view public|<side>|referee --out FILE.png
                  draw a game's map as one viewer sees it
  umpire backup   --db FILE --out FILE         a consistent copy (while no bot holds the file)
  umpire check    [--db FILE]                  bbolt's consistency check; replay every game against its snapshots
  umpire bot      [--config FILE] [--http ADDR]   serve Discord (gateway or HTTP endpoint)
  umpire bot commands                             print the slash-command JSON it registers

Run "umpire COMMAND -h" for a command's flags.
`

// subcommands registers further commands from their own files (render,
// bot), keyed by name.
var subcommands = map[string]func(args []string, stdin io.Reader, stdout, stderr io.Writer) error{}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "play":
		err = cmdPlay(args[1:], stdin, stdout, stderr)
	case "export":
		err = cmdExport(args[1:], stdout, stderr)
	case "verify":
		err = cmdVerify(args[1:], stdout, stderr)
	case "playout":
		err = cmdPlayout(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		f, ok := subcommands[args[0]]
		if !ok {
			fmt.Fprintf(stderr, "umpire: unknown command %q\n\n%s", args[0], usage)
			return 2
		}
		err = f(args[1:], stdin, stdout, stderr)
	}
	if err != nil {
		if err == errUsage {
			return 2
		}
		fmt.Fprintf(stderr, "umpire %s: %v\n", args[0], err)
		return 1
	}
	return 0
}
