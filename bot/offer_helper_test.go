package bot

import (
	"strings"
)

// seatDirect rewrites console lines creating a game that names other
// members' seats into a moderator's direct seating (@mod ...
// seat:direct): the game starts at once with the same seats and no
// more entries, as before offers (issue 15 item 5), for the suites about
// other things than seating.
func seatDirect(lines ...string) []string {
	var out []string
	for _, l := range lines {
		if len(AcceptorsOf(l)) > 0 && !strings.Contains(l, "hotseat") {
			_, rest, _ := strings.Cut(l, " ")
			l = "@mod " + rest + " seat:direct"
		}
		out = append(out, l)
	}
	return out
}

// directScript is seatDirect for a whole script.
func directScript(script string) string {
	return strings.Join(seatDirect(strings.Split(script, "\n")...), "\n")
}

// direct makes a /game new seat its named players at once, as a
// moderator may (seat:direct): for the suites about other things than
// seating.
func direct(c Command) Command {
	c.Options[optSeat] = "direct"
	c.Mod = true
	return c
}
