package bot

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/umpirebot/umpire/adjudicator"
)

// Help that fits a screen (issue 15, item 3): /help shows the orders
// legal now grouped by their first word, each with its arguments
// summarised once (`place <unit> <PA>`, then the units and the places
// listed once each), `done` first, in at most HelpBudget characters; a
// prefix narrows it down to one order word or one argument.

// HelpBudget is the default size of a /help reply, in characters: one
// Discord message (2,000) with room to spare.
const HelpBudget = 1500

// StandingHelpBudget is /help prefix:standing's: every key on its line
// in one Discord message (2,000 characters).
const StandingHelpBudget = 1900

// helpCommands is the general part of /help: the commands every member
// may use, then (moderators only) the moderators' own.
const (
	helpCommands = "Commands: /order text:\"...\" (several separated by ;), /undo, /help [prefix:\"...\"], /map [view:mine] [region:<area>] [turn:<n>], " +
		"/game status|list|news|log|settings|away, /game new title:<t> scenario:<s> [<side>:@user ...] [standing:ask], " +
		"/game join|accept|decline [side:<s>], /game resign, /game cancel."
	helpModerator = "Moderators: /mod undo count:<n>, /mod override text:\"...\", /mod seat side:<s> user:@u, " +
		"/game new ... seat:direct (seats the named players at once), /game end [winner:<side>] [reason:\"...\"] (asks to confirm)."
)

// helpGeneral is the commands part of /help for the caller.
func (s *Service) helpGeneral(c Command) string {
	if s.isMod(c) {
		return helpCommands + "\n" + helpModerator
	}
	return helpCommands
}

// helpPatternRE finds the order patterns a prompt's decision shows in
// backquotes: `place <unit> <PA>`.
var helpPatternRE = regexp.MustCompile("`([a-z][a-z-]*)((?: [^`]*)?)`")

// argNames reads, from a prompt's decision, the names it gives the
// arguments of each order word ("place" -> "<unit>", "<PA>").
func argNames(decision string) map[string][]string {
	out := map[string][]string{}
	for _, m := range helpPatternRE.FindAllStringSubmatch(decision, -1) {
		var names []string
		for _, f := range strings.Fields(m[2]) {
			if strings.Contains(f, "<") {
				names = append(names, strings.Trim(f, "[]."))
			}
		}
		if _, ok := out[m[1]]; !ok && len(names) > 0 {
			out[m[1]] = names
		}
	}
	return out
}

// helpGroup is one order word's summary: its head line (`place <unit>
// <PA> — help`) and the lists of its arguments' legal values.
type helpGroup struct {
	head  string
	lists []helpList
}

// helpList is one argument's legal values, listed once.
type helpList struct {
	name  string
	words []string
	note  string
	sep   string // between the name and the words (": " if empty)
	help  string // what the argument answers (a standing key's, issue 30 item 6)
	join  string // between the words (", " if empty)
	shown int    // how many words are shown (the budget may cut)
}

// HelpSummary summarises a legal-order tree in at most budget
// characters: done first, then each order word with its arguments
// (named from the prompt's decision text where it shows them). With a
// prefix, only what starts with it (an order word, or an order word and
// its first arguments).
func HelpSummary(tree []adjudicator.Choice, decision, prefix string, budget int) []string {
	return helpSummary(tree, decision, prefix, budget, nil)
}

// helpSummary is HelpSummary with the title's glosses (adjudicator.
// Glosser): each listed word it names is shown with its name, "0919
// Hanoi" (issue 30, item 3).
func helpSummary(tree []adjudicator.Choice, decision, prefix string, budget int, gloss func(string) string) []string {
	names := argNames(decision)
	path, nodes := narrow(tree, prefix)
	if len(nodes) == 0 {
		var words []string
		for _, c := range tree {
			words = append(words, c.Word)
		}
		msg := fmt.Sprintf("  no legal order starts with %q", strings.TrimSpace(prefix))
		if len(words) > 0 {
			msg += "; legal now: " + strings.Join(words, ", ")
		}
		return []string{msg}
	}
	// A narrow prefix with few orders: list them whole.
	if path != "" {
		var all []string
		for _, n := range nodes {
			all = append(all, adjudicator.Orders([]adjudicator.Choice{n})...)
		}
		for i := range all {
			all[i] = strings.TrimSpace(path + " " + all[i])
		}
		if len(all) > 0 && len(all) <= 12 {
			var lines []string
			for _, o := range all {
				line := "  " + o
				if gloss != nil {
					// the places it names: `activate 0919` (Hanoi)
					var gs []string
					for _, w := range strings.Fields(o) {
						if g := gloss(w); g != "" {
							gs = append(gs, g)
						}
					}
					if len(gs) > 0 {
						line += " (" + strings.Join(gs, ", ") + ")"
					}
				}
				lines = append(lines, line)
			}
			return fitLines(lines, budget)
		}
	}
	var groups []helpGroup
	first := func(c adjudicator.Choice) bool { return c.Word == "done" && path == "" }
	for _, pass := range []bool{true, false} {
		for _, c := range nodes {
			if first(c) != pass {
				continue
			}
			if c.Word == adjudicator.StandingWord && path == "" && strings.TrimSpace(prefix) == "" {
				// The whole /help names the standing keys on one line;
				// /help prefix:standing gives each its line (issue 30,
				// item 6).
				var keys []string
				for _, k := range c.Next {
					keys = append(keys, k.Word)
				}
				groups = append(groups, helpGroup{head: "standing <key> <value> — " + c.Help + "; keys " + strings.Join(keys, ", ") + ": /help prefix:standing says what each answers"})
				continue
			}
			groups = append(groups, summariseWord(path, c, names[firstWord(path, c.Word)]))
		}
	}
	return renderGroups(groups, budget, gloss)
}

func firstWord(path, word string) string {
	if path == "" {
		return word
	}
	return strings.Fields(path)[0]
}

// narrow walks the tree along a prefix's words: every word but the last
// must be a word of the tree; the last may be the start of one. It
// returns the words walked (the path) and the nodes the prefix reaches.
func narrow(tree []adjudicator.Choice, prefix string) (string, []adjudicator.Choice) {
	words := strings.Fields(strings.ToLower(prefix))
	if len(words) == 0 {
		return "", tree
	}
	var path []string
	nodes := tree
	for i, w := range words {
		var next []adjudicator.Choice
		last := i == len(words)-1
		for _, n := range nodes {
			lw := strings.ToLower(n.Word)
			if lw == w || (last && strings.HasPrefix(lw, w)) {
				next = append(next, n)
			}
		}
		if len(next) == 0 {
			return "", nil
		}
		if last {
			// "place 1/13DBLE-1": that argument and what may follow it.
			return strings.Join(path, " "), next
		}
		if len(next) > 1 {
			// An exact word is one node; a partial word mid-prefix is none.
			return "", nil
		}
		path = append(path, next[0].Word)
		nodes = next[0].Next
	}
	return strings.Join(path, " "), nodes
}

// summariseWord summarises one order word (or, after a path, one
// argument) and what may follow it.
func summariseWord(path string, c adjudicator.Choice, names []string) helpGroup {
	head := strings.TrimSpace(path + " " + c.Word)
	if path != "" {
		// After a path, its words are given: the names go on from there.
		if k := len(strings.Fields(path)); k <= len(names) {
			names = names[k:]
		} else {
			names = nil
		}
	}
	// the tree's own names of the arguments, along its first branch
	var own []string
	for n := &c; n != nil; {
		own = append(own, n.Arg)
		if len(n.Next) == 0 {
			break
		}
		n = &n.Next[0]
	}
	name := func(k int) string {
		switch {
		case k < len(names):
			return names[k]
		case k < len(own) && own[k] != "":
			return "<" + own[k] + ">"
		}
		return fmt.Sprintf("<%d>", k+1)
	}
	g := helpGroup{}
	// The argument columns: the words at each depth below c, in order of
	// first appearance; optional from the depth where a complete order
	// may stop.
	level := []adjudicator.Choice{c}
	var cols [][]string
	var optional []bool
	product := true
	for depth := 0; depth < 4; depth++ {
		var next []adjudicator.Choice
		var col []string
		seen := map[string]bool{}
		opt := false
		var firstSet string
		for i, n := range level {
			if n.Complete && len(n.Next) > 0 {
				opt = true
			}
			set := ""
			for _, m := range n.Next {
				set += m.Word + " "
				if !seen[m.Word] {
					seen[m.Word] = true
					col = append(col, m.Word)
				}
				next = append(next, m)
			}
			if i == 0 {
				firstSet = set
			} else if set != firstSet {
				product = false
			}
		}
		if len(col) == 0 {
			break
		}
		cols, optional = append(cols, col), append(optional, opt)
		level = next
	}
	// An argument free of values (override forms): its help is the syntax.
	if len(cols) == 0 {
		if c.Help != "" {
			if strings.HasPrefix(c.Help, "<") {
				head += " " + c.Help
			} else {
				head += " — " + c.Help
			}
		}
		return helpGroup{head: head}
	}
	// Forms whose arguments are written in their help (the moderator's
	// override forms): one line each.
	syntax := false
	for _, n := range c.Next {
		syntax = syntax || (len(n.Next) == 0 && strings.HasPrefix(n.Help, "<"))
	}
	if syntax && len(c.Next) <= 12 {
		g.head = head
		if c.Help != "" {
			g.head += " — " + c.Help
		}
		for _, n := range c.Next {
			g.lists = append(g.lists, helpList{name: head + " " + n.Word, words: []string{n.Help}, sep: " "})
		}
		return g
	}
	// Few first arguments whose followers differ (standing losses
	// most|fewest, standing fire all|none): one line each (Hell has 17
	// standing-order keys).
	if !product && len(cols) >= 2 && len(c.Next) <= 24 {
		if c.Help != "" {
			g.head = head + " — " + c.Help
		} else {
			g.head = head
		}
		for _, n := range c.Next {
			var ws []string
			for _, m := range n.Next {
				ws = append(ws, m.Word)
			}
			l := helpList{name: head + " " + n.Word, words: ws}
			if n.Complete && len(ws) > 0 {
				l.note = "or nothing more"
			}
			if c.Word == adjudicator.StandingWord && path == "" {
				// Issue 30, item 6: a line per standing key, its values
				// and what it answers.
				l = helpList{name: n.Word, words: ws, sep: " ", join: "|", help: n.Help}
			}
			g.lists = append(g.lists, l)
		}
		return g
	}
	for k := range cols {
		a := name(k)
		if optional[k] {
			a = "[" + a + "]"
		}
		head += " " + a
	}
	if c.Help != "" {
		head += " — " + c.Help
	}
	g.head = head
	for k, col := range cols {
		g.lists = append(g.lists, helpList{name: name(k), words: col})
	}
	if !product && len(cols) >= 2 {
		g.lists[len(g.lists)-1].note = fmt.Sprintf("not with every %s: /help prefix:\"%s %s\"", name(0), strings.TrimSpace(path+" "+c.Word), cols[0][0])
	}
	return g
}

// renderGroups writes the groups, cutting the longest value lists until
// the whole fits the budget.
func renderGroups(groups []helpGroup, budget int, gloss func(string) string) []string {
	shown := func(ws []string) []string {
		if gloss == nil {
			return ws
		}
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = w
			if g := gloss(w); g != "" {
				out[i] = w + " " + g
			}
		}
		return out
	}
	for i := range groups {
		for j := range groups[i].lists {
			groups[i].lists[j].shown = len(groups[i].lists[j].words)
		}
	}
	render := func() []string {
		var lines []string
		for _, g := range groups {
			lines = append(lines, "• "+g.head)
			for _, l := range g.lists {
				if len(l.words) == 0 {
					continue
				}
				sep := l.sep
				if sep == "" {
					sep = ": "
				}
				join := l.join
				if join == "" {
					join = ", "
				}
				line := "    " + l.name + sep + strings.Join(shown(l.words[:l.shown]), join)
				if rest := len(l.words) - l.shown; rest > 0 {
					line += fmt.Sprintf(" … and %d more", rest)
				}
				if l.note != "" {
					line += " (" + l.note + ")"
				}
				if l.help != "" {
					line += " — " + l.help
				}
				lines = append(lines, line)
			}
		}
		return lines
	}
	for {
		lines := render()
		if size(lines) <= budget {
			return lines
		}
		// Cut the longest list shown by a quarter (at least one word).
		bi, bj, best := -1, -1, 0
		for i := range groups {
			for j, l := range groups[i].lists {
				if n := utf8.RuneCountInString(strings.Join(l.words[:l.shown], ", ")); l.shown > 1 && n > best {
					bi, bj, best = i, j, n
				}
			}
		}
		if bi < 0 {
			return fitLines(lines, budget)
		}
		l := &groups[bi].lists[bj]
		l.shown -= max(1, l.shown/4)
	}
}

// size is the length of lines joined by line ends.
func size(lines []string) int {
	n := 0
	for _, l := range lines {
		n += utf8.RuneCountInString(l) + 1
	}
	return n
}

// fitLines keeps the first lines that fit the budget and says how many
// were left out.
func fitLines(lines []string, budget int) []string {
	if size(lines) <= budget {
		return lines
	}
	var out []string
	n := 0
	for i, l := range lines {
		tail := fmt.Sprintf("  … and %d more lines: narrow with /help prefix:\"<order> <argument>\"", len(lines)-i)
		if n+utf8.RuneCountInString(l)+1+len(tail) > budget {
			return append(out, tail)
		}
		out = append(out, l)
		n += utf8.RuneCountInString(l) + 1
	}
	return out
}

// helpText writes a legal tree on one line (the override forms a
// refusal names).
func helpText(tree []adjudicator.Choice) string {
	return strings.Join(HelpSummary(tree, "", "", 1<<20), "; ")
}

// help lists the caller's legal orders now, from the legal-choice tree.
func (s *Service) help(c Command) ([]Reply, error) {
	general := s.helpGeneral(c)
	if _, err := s.DB.GameInChannel(c.Channel); err != nil {
		var titles []string
		for _, id := range s.titleIDs() {
			info := s.Titles[id].Info()
			var sc []string
			for _, x := range info.Scenarios {
				sc = append(sc, x.ID)
			}
			opts := ""
			if len(info.Options) > 0 {
				var ks []string
				for _, o := range info.Options {
					ks = append(ks, o.Key)
				}
				opts = "; options " + strings.Join(ks, ", ")
			}
			titles = append(titles, fmt.Sprintf("%s (%s; scenarios %s; sides %s%s)", id, info.Name, strings.Join(sc, ", "), sideList(info.Sides), opts))
		}
		return []Reply{{To: c.User, Text: general + "\nNo game here yet. Titles: " + strings.Join(titles, "; ") + "."}}, nil
	}
	return s.withGame(c, func(c Command, sl *slot) ([]Reply, error) {
		g := sl.g
		p := g.Prompt()
		lines := []string{general}
		var gloss func(string) string
		if gl, ok := g.Rules.(adjudicator.Glosser); ok {
			gloss = gl.Gloss
		}
		room := func() int { return max(HelpBudget-size(lines), 300) }
		prefix := c.Opt("prefix")
		side, err := actingSide(g, c)
		if err == nil && !p.Over && started(g) && strings.EqualFold(strings.TrimSpace(prefix), adjudicator.StandingWord) {
			// Issue 30, item 6: a line per key of one's own standing
			// orders, what it answers; nothing else, so all fit.
			lines = []string{fmt.Sprintf("Your standing orders as %s: `standing <key> <value>` sets one, `standing <key> ask` has it asked; /game status shows yours.", side)}
			room = func() int { return StandingHelpBudget - size(lines) }
		}
		switch {
		case p.Over:
			lines = append(lines, "The game is over.")
		case !started(g):
			lines = append(lines, s.waitingText(g))
		case s.isMod(c) && err != nil:
			lines = append(lines, "Moderator orders (/mod override text:\"...\"):")
			lines = append(lines, HelpSummary(g.Rules.Legal(g.State, adjudicator.Referee), "", prefix, room())...)
		case err != nil:
			lines = append(lines, "You hold no seat in this game; you can follow it with /game status and /map.")
		case !p.Awaits(side):
			tree := g.Legal(side)
			lines = append(lines, fmt.Sprintf("You (%s) are not awaited now: %s.", side, p.Phase))
			if len(tree) > 0 {
				lines = append(lines, "Orders you may give meanwhile:")
				lines = append(lines, helpSummary(tree, "", prefix, room(), gloss)...)
			}
		default:
			tree := g.Legal(side)
			lines = append(lines, fmt.Sprintf("Your legal orders as %s — %s:", side, p.Phase))
			lines = append(lines, helpSummary(tree, p.Decision, prefix, room(), gloss)...)
		}
		return []Reply{{To: c.User, Text: strings.Join(lines, "\n")}}, nil
	})
}
