package bot

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// /game log (issue 11, item 6): a page of the game's record as the caller
// may see it. The record's entries are replayed through the rules, and
// each entry shows what its events told the caller (the events addressed
// to their viewer: DESIGN invariant 1), its order text and dice when the
// caller may see them (their own side's, the referee's view, or any
// entry once the game is over), and whether it was a default or undone.
// Once the game is over the whole record is open: the dice seed, and the
// record itself for `umpire verify`.

// Paging of /game log.
const (
	logPage    = 20
	logMaxPage = 50
	logMaxText = 9000 // runes: five Discord messages, less room to spare
)

// gameLog: /game log [from:<n>] [to:<n>] [view:referee].
func (s *Service) gameLog(c Command, sl *slot) ([]Reply, error) {
	for k := range c.Options {
		if k != "from" && k != "to" && k != "view" {
			return nil, fmt.Errorf("unknown option %s; /game log takes from:<n>, to:<n> (entries) and, for moderators, view:referee", k)
		}
	}
	g := sl.g
	rec, err := s.DB.Record(g.Rec.ID)
	if err != nil {
		return nil, err
	}
	n := len(rec.Entries)
	over, _ := g.Over()
	v := viewerFor(g, c, s.isMod(c))
	if over {
		v = adjudicator.Viewer{Referee: true}
	}
	if n == 0 {
		return []Reply{{To: c.User, Text: fmt.Sprintf("Game %s's log is empty: nothing was ordered yet.", g.Rec.ID)}}, nil
	}
	from, to, err := logRange(c, n)
	if err != nil {
		return nil, err
	}
	lines, err := logLines(g.Rules, rec, v, from, to)
	if err != nil {
		return nil, err
	}
	who := "public view"
	switch {
	case over:
		who = "the whole record: the game is over"
	case v.Referee:
		who = "referee view"
	case v.Side != "":
		who = string(v.Side) + "'s view"
	}
	head := fmt.Sprintf("Game %s's log, entries %d–%d of %d (%s).", g.Rec.ID, from, to, n, who)
	if from > 1 {
		head += fmt.Sprintf(" Earlier: /game log to:%d.", from-1)
	}
	var tail []string
	if over {
		tail = append(tail, fmt.Sprintf("The dice seed is %x (SHA-256 %s, committed at the start). Every roll above is derived from it: check the whole game with `umpire verify %s-record.json` (the record is attached; an operator makes it with `umpire export --game %s`).",
			[]byte(rec.Seed), rec.Commitment, rec.ID, rec.ID))
	}
	text := head + "\n" + strings.Join(lines, "\n")
	if len(tail) > 0 {
		text += "\n" + strings.Join(tail, "\n")
	}
	if r := []rune(text); len(r) > logMaxText {
		text = string(r[:logMaxText]) + fmt.Sprintf("\n… (cut: ask for fewer entries, like /game log from:%d to:%d)", from, min(to, from+9))
	}
	out := []Reply{{To: c.User, Text: text}}
	if over {
		b, err := json.MarshalIndent(rec, "", "  ")
		if err != nil {
			return nil, err
		}
		out = append(out, Reply{To: c.User, Text: "The game record, for umpire verify:", File: append(b, '\n'), FileName: rec.ID + "-record.json"})
	}
	return out, nil
}

// logRange reads from: and to: (entries 1..n); the default is the last
// page.
func logRange(c Command, n int) (int, int, error) {
	num := func(k string, def int) (int, error) {
		v := strings.TrimSpace(c.Opt(k))
		if v == "" {
			return def, nil
		}
		x, err := strconv.Atoi(v)
		if err != nil || x < 1 {
			return 0, fmt.Errorf("%s: an entry number from 1 to %d, not %q", k, n, v)
		}
		return x, nil
	}
	to, err := num("to", n)
	if err != nil {
		return 0, 0, err
	}
	from, err := num("from", max(1, min(to, n)-logPage+1))
	if err != nil {
		return 0, 0, err
	}
	if c.Opt("to") == "" && c.Opt("from") != "" {
		to = min(n, from+logPage-1)
	}
	switch {
	case from > n:
		return 0, 0, fmt.Errorf("from:%d: the log has %d entries", from, n)
	case to > n:
		to = n
	}
	if from > to {
		return 0, 0, fmt.Errorf("from:%d is after to:%d", from, to)
	}
	if to-from+1 > logMaxPage {
		return 0, 0, fmt.Errorf("at most %d entries at once; ask for from:%d to:%d, then on", logMaxPage, from, from+logMaxPage-1)
	}
	return from, to, nil
}

// logLines replays rec through the rules up to entry to and describes
// entries from..to as viewer v may see them.
func logLines(r adjudicator.Rules, rec adjudicator.Record, v adjudicator.Viewer, from, to int) ([]string, error) {
	initial, err := adjudicator.SetupOf(r, rec)
	if err != nil {
		return nil, err
	}
	undoneBy := map[int]int{}
	for _, e := range rec.Entries {
		for _, u := range e.Undoes {
			undoneBy[u] = e.Seq
		}
	}
	state := initial
	var effective []int
	var lines []string
	for _, e := range rec.Entries[:to] {
		var evs []adjudicator.Event
		bad := ""
		switch e.Kind {
		case adjudicator.KindOrder, adjudicator.KindOverride:
			ns, ev, err := r.Apply(state, e.Side, e.Action, adjudicator.NewStream(rec.Seed, e.DiceFrom))
			if err != nil {
				bad = "(this entry does not replay: " + err.Error() + ")"
				break
			}
			state, evs = ns, ev
			effective = append(effective, e.Seq)
		case adjudicator.KindUndo, adjudicator.KindModUndo:
			undone := map[int]bool{}
			for _, u := range e.Undoes {
				undone[u] = true
			}
			var keep []int
			for _, k := range effective {
				if !undone[k] {
					keep = append(keep, k)
				}
			}
			effective = keep
			state = initial
			for _, k := range effective {
				o := rec.Entries[k-1]
				if ns, _, err := r.Apply(state, o.Side, o.Action, adjudicator.NewStream(rec.Seed, o.DiceFrom)); err == nil {
					state = ns
				}
			}
		}
		if e.Seq < from {
			continue
		}
		lines = append(lines, logEntry(e, evs, v, undoneBy[e.Seq], bad)...)
	}
	return lines, nil
}

// logEntry describes one entry for v: a head line, then the events v may
// see.
func logEntry(e adjudicator.Entry, evs []adjudicator.Event, v adjudicator.Viewer, undoneAt int, bad string) []string {
	actor := "@" + e.Actor
	if e.Actor == adjudicator.ActorDeadline {
		actor = "the deadline"
	}
	mine := v.Referee || (v.Side != "" && v.Side == e.Side)
	var seen []string
	allPublic := len(evs) > 0
	for _, ev := range evs {
		allPublic = allPublic && ev.Audience.All
		if v.Sees(ev.Audience) {
			seen = append(seen, ev.Text)
		}
	}
	head := fmt.Sprintf("#%d %s — ", e.Seq, e.Time.UTC().Format("2006-01-02 15:04"))
	switch e.Kind {
	case adjudicator.KindOrder:
		head += fmt.Sprintf("%s (%s): ", actor, e.Side)
		if mine {
			head += fmt.Sprintf("%q", e.Action)
		} else {
			head += "an order"
		}
		if e.Default != "" {
			head += fmt.Sprintf(" [the default, taken by the %s]", map[string]string{"deadline": "deadline", "away": "absence"}[e.Default])
		}
	case adjudicator.KindOverride:
		head += fmt.Sprintf("moderator %s: ", actor)
		if v.Referee {
			head += fmt.Sprintf("override %q", strings.TrimPrefix(e.Action, "override "))
		} else {
			head += "an override"
		}
	case adjudicator.KindUndo:
		head += fmt.Sprintf("%s (%s) undid their order #%s", actor, e.Side, seqList(e.Undoes))
	case adjudicator.KindModUndo:
		head += fmt.Sprintf("moderator %s undid #%s (their dice stay burned)", actor, seqList(e.Undoes))
	case adjudicator.KindEnd:
		head += fmt.Sprintf("%s ended the game: %s", actor, e.Action)
	case adjudicator.KindSeat:
		if e.Actor == e.Action {
			head += fmt.Sprintf("@%s took the %s seat", e.Action, e.Side)
		} else {
			head += fmt.Sprintf("moderator %s seated @%s as %s", actor, e.Action, e.Side)
		}
	default:
		head += e.Kind
	}
	if undoneAt > 0 {
		head += fmt.Sprintf(" (undone by #%d)", undoneAt)
	}
	// Dice: what the caller may see of the entry decides; an entry whose
	// every event is public rolled in public.
	// A secret roll (one that picked a card) shows only to the referee,
	// and to everyone once the game is over (the caller views as referee).
	if shown := e.ShownRolls(v); len(shown) > 0 && (mine || allPublic) {
		var ds []string
		for _, r := range shown {
			ds = append(ds, fmt.Sprintf("d%d:%d", r.Sides, r.Value))
		}
		head += "; dice " + strings.Join(ds, " ")
	}
	out := []string{head}
	if bad != "" {
		out = append(out, "  "+bad)
	}
	for _, t := range seen {
		for _, l := range strings.Split(t, "\n") {
			if strings.TrimSpace(l) != "" {
				out = append(out, "  · "+l)
			}
		}
	}
	return out
}

func seqList(seqs []int) string {
	var s []string
	for _, x := range seqs {
		s = append(s, strconv.Itoa(x))
	}
	return strings.Join(s, ", #")
}
