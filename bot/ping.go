package bot

import (
	"fmt"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Pings only when it is your turn (issue 15, item 2): a command's post
// mentions an awaited player only when the turn passes to them, once per
// hand-off; the player who just acted and is still awaited is named
// without a ping ("Still awaiting alice"). One command makes one channel
// post, whatever the number of stages it resolved.

// handOff lists the users a command hands the turn to: awaited after it,
// not awaited before it, and not its actor.
func handOff(before, after Now, actor string) []string {
	was := map[string]bool{}
	for _, a := range before.Awaiting {
		was[a.User] = true
	}
	var out []string
	for _, a := range after.Awaiting {
		if a.User == "" || a.User == actor || was[a.User] || contains(out, a.User) {
			continue
		}
		out = append(out, a.User)
	}
	return out
}

// awaitText says who is awaited: "@alice (french)" for a player the turn
// passed to (pinged), "alice (french)" for one still awaited; "Still
// awaiting" when nobody new is.
func awaitText(g *adjudicator.Game, ping []string, before Now) string {
	p := g.Prompt()
	if len(p.Awaiting) == 0 && !p.Over {
		// a game that waits for no one (a title's preview, Info.Preview)
		return fmt.Sprintf("Awaiting no one — %s: %s.", p.Phase, strings.TrimSuffix(p.Decision, "."))
	}
	was := map[string]bool{}
	for _, a := range before.Awaiting {
		was[a.User] = true
	}
	var who []string
	still := len(p.Awaiting) > 0
	for _, side := range p.Awaiting {
		u := g.Rec.Seats[side]
		if contains(ping, u) {
			who = append(who, fmt.Sprintf("@%s (%s)", u, side))
		} else {
			who = append(who, fmt.Sprintf("%s (%s)", u, side))
		}
		still = still && was[u] && !contains(ping, u)
	}
	head := "Awaiting"
	if still {
		head = "Still awaiting"
	}
	return fmt.Sprintf("%s %s — %s.", head, strings.Join(who, " and "), PromptLine(p))
}

// maxDecision is the longest decision a post repeats whole: a longer one
// is cut to its first words, the rest being in /help and the buttons.
const maxDecision = 160

// PromptLine is a prompt as a post says it (issue 30, item 4): the
// title's one-line Brief, else its phase and decision, a long decision
// cut short; the option list lives in /help and the buttons.
func PromptLine(p adjudicator.Prompt) string {
	if p.Brief != "" {
		return strings.TrimSuffix(p.Brief, ".")
	}
	d := strings.TrimSuffix(p.Decision, ".")
	if len(d) > maxDecision {
		cut := strings.LastIndexByte(d[:maxDecision], ' ')
		if cut < maxDecision/2 {
			cut = maxDecision
		}
		d = strings.TrimRight(d[:cut], " ,;:") + "… (/help lists the orders)"
	}
	return p.Phase + ": " + d
}

// pingAwaited fills the "who is awaited" replies of a command's
// announcement (awaiting marks them) with who the command handed the
// turn to, and returns those users.
func pingAwaited(replies []Reply, b Now, after *adjudicator.Game, actor string) []string {
	ping := handOff(b, NowOf(after), actor)
	for i := range replies {
		if replies[i].await {
			replies[i].Text = awaitText(after, ping, b)
		}
	}
	return ping
}

// Coalesce makes one post of a command's replies: the channel's texts
// joined into one reply (with the first map or document and the lobby's
// offers), each other user's into one, in order of first appearance. A
// second image for the same audience stays a reply of its own.
func Coalesce(replies []Reply) []Reply {
	var out []Reply
	at := map[string]int{}
	for _, r := range replies {
		i, ok := at[r.To]
		if !ok {
			at[r.To] = len(out)
			out = append(out, r)
			continue
		}
		m := &out[i]
		if (len(r.PNG) > 0 || r.Image != "") && (len(m.PNG) > 0 || m.Image != "") ||
			len(r.File) > 0 && len(m.File) > 0 || r.Map != "" || m.Map != "" {
			out = append(out, r)
			continue
		}
		switch {
		case m.Text == "":
			m.Text = r.Text
		case r.Text != "":
			m.Text += "\n" + r.Text
		}
		if len(r.PNG) > 0 || r.Image != "" {
			m.PNG, m.ImageName, m.Image = r.PNG, r.ImageName, r.Image
		}
		if len(r.File) > 0 {
			m.File, m.FileName = r.File, r.FileName
		}
		m.Join = append(m.Join, r.Join...)
		if r.JoinGame != "" {
			m.JoinGame = r.JoinGame
		}
		m.Offer = append(m.Offer, r.Offer...)
		if r.Confirm != "" {
			m.Confirm = r.Confirm
		}
	}
	return out
}
