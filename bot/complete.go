package bot

import (
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Complete suggests how an order being typed may go on, from the legal
// tree of the caller's side: the legal orders (or order prefixes) that
// extend what was typed, at most max of them. Only a seated, awaited
// player gets suggestions, so nothing of the other side leaks.
func (s *Service) Complete(c Command, typed string, max int) []string {
	out, _ := holding(s, s.slotFor, c.Channel, func(sl *slot) ([]string, error) {
		g := sl.g
		side, err := actingSide(g, c)
		if err != nil || !started(g) || !g.Prompt().Awaits(side) {
			return nil, nil
		}
		return completeTree(g.Legal(side), typed, max), nil
	})
	return out
}

// completeTree: the typed text's last order (after ";") is matched word by
// word; suggestions are the typed prefix plus each next word.
func completeTree(tree []adjudicator.Choice, typed string, max int) []string {
	head := ""
	cur := typed
	if i := strings.LastIndex(typed, ";"); i >= 0 {
		head, cur = typed[:i+1]+" ", strings.TrimSpace(typed[i+1:])
	}
	words := strings.Fields(cur)
	partial := ""
	if len(words) > 0 && !strings.HasSuffix(cur, " ") {
		partial = strings.ToLower(words[len(words)-1])
		words = words[:len(words)-1]
	}
	level := tree
	prefix := ""
	for _, w := range words {
		var next []adjudicator.Choice
		found := false
		for _, ch := range level {
			if strings.EqualFold(ch.Word, w) {
				next, found = ch.Next, true
				prefix += ch.Word + " "
				break
			}
		}
		if !found {
			return nil
		}
		level = next
	}
	var out []string
	for _, ch := range level {
		if strings.HasPrefix(strings.ToLower(ch.Word), partial) {
			out = append(out, strings.TrimSpace(head+prefix+ch.Word))
		}
	}
	sort.Strings(out)
	if len(out) > max {
		out = out[:max]
	}
	return out
}

// QuickOrders returns the caller's complete legal orders when there are
// few enough to offer as buttons (at most max), else nil.
func (s *Service) QuickOrders(c Command, max int) []string {
	out, _ := holding(s, s.slotFor, c.Channel, func(sl *slot) ([]string, error) { return quickOrders(sl.g, c, max), nil })
	return out
}

func quickOrders(g *adjudicator.Game, c Command, max int) []string {
	side, err := actingSide(g, c)
	if err != nil || !started(g) || !g.Prompt().Awaits(side) {
		return nil
	}
	// Buttons are for the orders of play; standing orders, legal at any
	// time, are typed (or found by /help prefix:standing).
	orders := adjudicator.Orders(adjudicator.WithoutStanding(g.Legal(side)))
	if len(orders) == 0 || len(orders) > max {
		return nil
	}
	return orders
}

// QuickOrdersFor returns the awaited side's few legal orders for the
// channel's game with the seated user, for posting buttons addressed to
// them.
func (s *Service) QuickOrdersFor(channel string, max int) (user string, orders []string) {
	id, err := s.DB.GameInChannel(channel)
	if err != nil {
		return "", nil
	}
	return s.QuickOrdersAt(id, -1, max)
}

// QuickOrdersAt is QuickOrdersFor for game id while its log is seq
// entries long (seq < 0: whatever its length): a post announcing an older
// state offers no buttons.
func (s *Service) QuickOrdersAt(id string, seq, max int) (user string, orders []string) {
	sl, err := s.acquire(id)
	if err != nil {
		return "", nil
	}
	defer s.release(sl)
	sl.mu.Lock()
	defer sl.mu.Unlock()
	g := sl.g
	if seq >= 0 && g.Len() != seq {
		return "", nil
	}
	p := g.Prompt()
	if p.Over || len(p.Awaiting) != 1 {
		return "", nil
	}
	u := g.Rec.Seats[p.Awaiting[0]]
	return u, quickOrders(g, Command{User: u, Channel: g.Rec.Channel, Options: map[string]string{"side": string(p.Awaiting[0])}}, max)
}
