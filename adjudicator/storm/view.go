package storm

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/cards"
)

// Board is what a viewer may know of the game, for text and drawing.
type Board struct {
	Turn     int                   `json:"turn"`
	Date     string                `json:"date"`
	Step     string                `json:"step"`
	Active   Side                  `json:"active,omitempty"`
	Areas    []AreaView            `json:"areas"`
	Cards    map[Side]cards.Public `json:"cards"`          // both sides' public parts
	Discards map[Side][]string     `json:"discards"`       // the discard piles, by name
	Removed  map[Side][]string     `json:"removed"`        // out of the game
	Hand     map[Side][]CardView   `json:"hand,omitempty"` // the viewer's own hand (both for the referee)
	Standing map[string]string     `json:"standing,omitempty"`
	Pool     int                   `json:"pool"`   // replacements in the box
	Arrive   map[int]int           `json:"arrive"` // VM and French reinforcements still to come, by turn (both sides)
	Lost     map[Side]int          `json:"lost"`   // units eliminated or removed
	Held     int                   `json:"held"`   // victory areas the VM holds
	Target   int                   `json:"target"` // ... and needs (14.0, 15.0)
	NoRepl   bool                  `json:"no_repl,omitempty"`
	Winner   Side                  `json:"winner,omitempty"`
}

// AreaView is one area as drawn.
type AreaView struct {
	ID       int           `json:"id"`
	Name     string        `json:"name"`
	Control  Side          `json:"control"`
	Defense  int           `json:"defense"`
	Trench   int           `json:"trench,omitempty"`
	Fire     Side          `json:"fire,omitempty"`
	NoSupply bool          `json:"no_supply,omitempty"`
	Class    string        `json:"class,omitempty"`
	Victory  bool          `json:"victory,omitempty"`
	Symbol   string        `json:"symbol,omitempty"`
	Bank     string        `json:"bank"`
	X        int           `json:"x"`
	Y        int           `json:"y"`
	Adjacent []int         `json:"adjacent"`
	Units    []CounterView `json:"units,omitempty"`
}

// CounterView is a counter on the board.
type CounterView struct {
	ID      string `json:"id"`
	Side    Side   `json:"side"`
	Fire    int    `json:"fire"`
	Defense int    `json:"defense"`
	Move    int    `json:"move"`
	Spent   bool   `json:"spent,omitempty"`
	Mark    string `json:"mark,omitempty"` // "thai", "armor", "elite", "repl"
}

// CardView is a card in a hand.
type CardView struct {
	Number   int    `json:"number"`
	Name     string `json:"name"`
	Window   string `json:"window"`
	Text     string `json:"text"`
	Entrench int    `json:"entrench,omitempty"`
	Remove   bool   `json:"remove,omitempty"`
}

// Rivers: the drawn board's river borders and bridges, for the renderer.
func (r *Rules) Rivers() (river, bridges [][2]int) {
	for _, a := range r.d.AreaIDs {
		for _, b := range r.d.Area[a].Adjacent {
			if a < b && r.d.Area[a].Bank != r.d.Area[b].Bank {
				if r.d.Bridge(a, b) {
					bridges = append(bridges, [2]int{a, b})
				} else {
					river = append(river, [2]int{a, b})
				}
			}
		}
	}
	return river, bridges
}

func (r *Rules) View(st adjudicator.State, v adjudicator.Viewer) adjudicator.View {
	s := st.(*State)
	b := &Board{Turn: s.Turn, Date: r.d.Board.Board.Dates[s.Turn-1], Step: s.Step, Active: s.Active,
		Cards: map[Side]cards.Public{}, Discards: map[Side][]string{}, Removed: map[Side][]string{},
		Arrive: map[int]int{}, Lost: map[Side]int{}, Target: s.Target, NoRepl: s.NoRepl, Winner: s.Winner}
	cut := map[int]bool{}
	for _, a := range s.NoSupply {
		cut[a] = true
	}
	byArea := map[int][]string{}
	for _, id := range r.d.UnitIDs {
		u := s.Units[id]
		switch {
		case u.Out:
			b.Lost[r.side(id)]++
		case u.Area > 0:
			byArea[u.Area] = append(byArea[u.Area], id)
		case u.Area == 0 && r.d.Unit[id].Pool:
			b.Pool++
		case u.Area == 0 && r.d.Unit[id].Arrive >= s.Turn:
			b.Arrive[r.d.Unit[id].Arrive]++
		}
	}
	for _, a := range r.d.AreaIDs {
		ar := r.d.Area[a]
		av := AreaView{ID: a, Name: ar.Name, Control: s.Control[a], Defense: ar.Defense, Trench: s.Trench[a], Fire: s.FireMark[a],
			NoSupply: cut[a], Class: ar.Class, Victory: ar.Victory, Symbol: ar.Cards, Bank: ar.Bank, X: ar.X, Y: ar.Y, Adjacent: ar.Adjacent}
		ids := byArea[a]
		sort.SliceStable(ids, func(i, j int) bool { return r.side(ids[i]) > r.side(ids[j]) })
		for _, id := range ids {
			t := r.d.Unit[id].Type
			c := CounterView{ID: id, Side: t.Side, Fire: t.Fire, Defense: t.Defense, Move: t.Move, Spent: s.Units[id].Spent}
			if c.Spent {
				c.Defense = t.Spent
			}
			switch {
			case t.Thai:
				c.Mark = "thai"
			case t.Armor:
				c.Mark = "armor"
			case t.Elite:
				c.Mark = "elite"
			case t.Replacement:
				c.Mark = "repl"
			}
			av.Units = append(av.Units, c)
		}
		if ar.Victory && s.Control[a] == VM {
			b.Held++
		}
		b.Areas = append(b.Areas, av)
	}
	for _, side := range []Side{VM, French} {
		st := s.Cards[side]
		b.Cards[side] = st.Public()
		for _, n := range st.Discard {
			b.Discards[side] = append(b.Discards[side], fmt.Sprintf("%d %s", n, r.d.CardName(side, n)))
		}
		for _, n := range st.Removed {
			b.Removed[side] = append(b.Removed[side], fmt.Sprintf("%d %s", n, r.d.CardName(side, n)))
		}
		if v.Referee || v.Side == side {
			if b.Hand == nil {
				b.Hand = map[Side][]CardView{}
			}
			b.Hand[side] = []CardView{}
			for _, n := range st.Hand {
				c := r.d.CardOf[side][n]
				cv := CardView{Number: n, Name: c.Name, Window: c.Window, Text: strings.Join(strings.Fields(c.English), " "), Remove: c.Remove}
				if side == VM {
					cv.Entrench = r.d.Entrench[n]
				}
				b.Hand[side] = append(b.Hand[side], cv)
			}
		}
	}
	if v.Side == French || v.Side == VM {
		for _, rc := range reactions {
			if rc.Side == v.Side {
				if b.Standing == nil {
					b.Standing = map[string]string{}
				}
				b.Standing[rc.Kind] = s.Books[v.Side].Get(rc.Kind, defaultStanding(rc.Kind)).String()
			}
		}
		b.Standing["damage"], b.Standing["retreat"] = "spread", "lowest"
		if p := s.Policy[v.Side]; p != "" {
			b.Standing["damage"] = p
		}
		if p := s.Policy["retreat-"+v.Side]; p != "" {
			b.Standing["retreat"] = p
		}
	}
	p := r.Prompt(s)
	status := []string{
		p.Phase + ".",
		fmt.Sprintf("The VM holds %d of the victory areas; it needs %d at the end of turn 8 (14.0).", b.Held, s.Target),
		fmt.Sprintf("Hands: VM %d card(s) (draw pile %d), France %d (draw pile %d).", b.Cards[VM].Hand, b.Cards[VM].Deck, b.Cards[French].Hand, b.Cards[French].Deck),
	}
	for _, side := range []Side{VM, French} {
		if len(b.Discards[side]) > 0 {
			status = append(status, fmt.Sprintf("%s discards: %s.", sideName(side), strings.Join(b.Discards[side], ", ")))
		}
		if len(b.Removed[side]) > 0 {
			status = append(status, fmt.Sprintf("%s cards out of the game: %s.", sideName(side), strings.Join(b.Removed[side], ", ")))
		}
	}
	for _, side := range []Side{VM, French} {
		if h, ok := b.Hand[side]; ok {
			var ls []string
			for _, c := range h {
				ls = append(ls, fmt.Sprintf("%d %s [%s]", c.Number, c.Name, c.Window))
			}

			who := "Your hand"
			if v.Referee {
				who = sideName(side) + "'s hand"
			}
			if len(ls) == 0 {
				ls = []string{"empty"}
			}
			status = append(status, who+": "+strings.Join(ls, "; ")+".")
			for _, c := range h {
				dig := ""
				if c.Entrench > 0 {
					dig = fmt.Sprintf(" (entrenchment %d)", c.Entrench)
				}
				status = append(status, fmt.Sprintf("  %d %s%s: %s", c.Number, c.Name, dig, c.Text))
			}
		}
	}
	if b.Standing != nil {
		status = append(status, "Your standing orders: "+standingLine(v.Side, b.Standing)+".")
	}
	return adjudicator.View{Title: "storm", Viewer: v.String(), Prompt: p, Status: status, Board: b}
}

// standingLine is a side's standing orders for its own status (issue 30,
// item 5): its reaction windows in the order of the legal tree, then its
// retreat (8.4.2) and damage (8.4) policies, "ask" written out.
func standingLine(side Side, st map[string]string) string {
	var out []string
	for _, rc := range reactions {
		if rc.Side == side {
			out = append(out, rc.Kind+" "+st[rc.Kind])
		}
	}
	return strings.Join(append(out, "retreat "+st["retreat"], "damage "+st["damage"]), ", ")
}
