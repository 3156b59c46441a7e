package lostvalley

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// BoardView is the renderer's input. The game is solitaire and every
// fact on the board is public; only the deck's order is hidden, and it
// is nowhere in the state.
type BoardView struct {
	Scenario  string      `json:"scenario"`
	Turn      int         `json:"turn"`
	Last      int         `json:"last"`
	Step      string      `json:"step"`
	CM        int         `json:"cm"`
	RP        int         `json:"rp"`
	AAA       int         `json:"aaa"`
	SITREP    int         `json:"sitrep"`
	AP        int         `json:"ap"`
	ASP       int         `json:"asp"`
	Airstrip  string      `json:"airstrip"`
	CRs       []CRView    `json:"crs"`
	DZs       []DZView    `json:"dzs"`
	Divisions []DivView   `json:"divisions"`
	Drawn     string      `json:"drawn,omitempty"`
	Hand      []string    `json:"hand,omitempty"`
	Deck      int         `json:"deck"`
	Discard   int         `json:"discard"`
	Fight     string      `json:"fight,omitempty"`
	Result    string      `json:"result,omitempty"`
	Optional  []string    `json:"optional,omitempty"` // the optional rules in force (19.0)
	Lines     [][2]string `json:"lines"`
	TAORs     []TAOR      `json:"taors"`
}

// CRView is one CR box as drawn.
type CRView struct {
	ID, Name  string
	X, Y      int
	Control   string // french, vm, nml
	VM        int
	Fort      int
	Encircled bool
	Stars     int
	Icons     []string
	Active    []string
	Used      []string
}

// DZView is a drop zone as drawn.
type DZView struct {
	ID     string
	X, Y   int
	French bool
	Units  []string
}

// DivView is a division's starting box and strength marker.
type DivView struct {
	ID       int
	Name     string
	Color    string
	X, Y     int
	Strength int
	Active   bool
}

func (r *Rules) board(s *State) BoardView {
	d, p := r.d, s.Pos
	b := BoardView{Scenario: s.Scenario, Turn: p.Turn, Last: s.Last, Step: s.Step, CM: p.CM, RP: p.RP, AAA: p.AAA, SITREP: p.SITREP(d),
		AP: s.AP, ASP: s.ASP - s.SEAD - s.DAS, Airstrip: p.Airstrip, Deck: len(s.Cards.Deck), Discard: len(s.Cards.Discard),
		Lines: d.Board.Lines, TAORs: d.Board.TAORs, Optional: s.OptionalText()}
	for _, cr := range d.Board.CRs {
		c := p.CRs[cr.ID]
		v := CRView{ID: cr.ID, Name: cr.Name, X: cr.X, Y: cr.Y, Control: "french", VM: c.VM, Fort: c.Fort, Encircled: p.Encircled(d, cr.ID), Stars: cr.Stars}
		switch {
		case c.VM != 0:
			v.Control = "vm"
		case c.NoMansLand:
			v.Control = "nml"
		}
		for _, ic := range []struct {
			on   bool
			name string
		}{{cr.Artillery, "artillery"}, {cr.AAA, "aaa"}, {cr.PC, "pc"}, {cr.Airstrip, "airstrip"}, {cr.Bombard, "bombard"}, {cr.Encircle, "encircle"}} {
			if ic.on {
				v.Icons = append(v.Icons, ic.name)
			}
		}
		for _, id := range p.In(cr.ID) {
			if p.Units[id].Used {
				v.Used = append(v.Used, unitLabel(d, p, id))
			} else {
				v.Active = append(v.Active, unitLabel(d, p, id))
			}
		}
		b.CRs = append(b.CRs, v)
	}
	for _, z := range d.Board.DZs {
		v := DZView{ID: z.ID, X: z.X, Y: z.Y, French: r.dzFrench(p, z.ID)}
		for _, id := range p.In(z.ID) {
			v.Units = append(v.Units, unitLabel(d, p, id))
		}
		b.DZs = append(b.DZs, v)
	}
	for _, id := range d.DivisionOrder() {
		for _, dv := range d.Board.Divisions {
			if dv.ID == id {
				b.Divisions = append(b.Divisions, DivView{ID: id, Name: dv.Name, Color: dv.Color, X: dv.X, Y: dv.Y, Strength: p.Divs[id].Strength, Active: p.Divs[id].Active})
			}
		}
	}
	if c := d.Card(s.Drawn); c != nil {
		b.Drawn = fmt.Sprintf("%d %s", c.Number, c.Title)
	}
	for _, n := range s.Cards.Hand {
		if n != s.Drawn || s.Kept {
			b.Hand = append(b.Hand, fmt.Sprintf("%d %s", n, d.Card(n).Title))
		}
	}
	if f := s.Fight; f != nil {
		b.Fight = fmt.Sprintf("%s: %s, division %d", map[bool]string{true: "French assault", false: "VM assault"}[f.French], d.CR(f.CR).Name, f.Div)
		if f.Raid {
			b.Fight = "Raid from " + d.CR(f.CR).Name
		}
	}
	if s.Step == StepOver {
		b.Result = s.Level + ": " + s.Why
	}
	return b
}

func unitLabel(d *Data, p *Position, id string) string {
	u, st := d.Unit(id), p.Units[id]
	l := id
	if u.Steps == 2 && st.Steps == 1 {
		l += " (reduced)"
	}
	if st.Disrupted {
		l += " (disrupted)"
	}
	return l
}

// View is what a viewer sees: all of the board (a solitaire game hides
// nothing but the deck's order, which is in no state), and to the French
// player alone their standing orders (issue 30, item 5).
func (r *Rules) View(as adjudicator.State, v adjudicator.Viewer) adjudicator.View {
	s := as.(*State)
	b := r.board(s)
	status := r.status(s, &b)
	if v.Side == French && !v.Referee {
		status = append(status, "Your standing orders: "+s.standingLine()+".")
	}
	return adjudicator.View{Title: "lostvalley", Viewer: v.String(), Prompt: r.Prompt(s), Status: status, Board: b}
}

func (r *Rules) status(s *State, b *BoardView) []string {
	d := r.d
	tr := d.Tables.Tracks
	p := s.Pos
	out := []string{
		fmt.Sprintf("%s, turn %d of %d: %s.", d.Scenario(s.Scenario).Name, p.Turn, s.Last, stepName(s)),
		fmt.Sprintf("Camp Morale %d (%+d), Resource Points %d (%+d): SITREP %+d. VM AAA %d (%+d). AP %d, ASP %d. Airstrip %s.",
			p.CM, tr.CM.DRM(p.CM), p.RP, tr.RP.DRM(p.RP), b.SITREP, p.AAA, tr.AAA.DRM(p.AAA), b.AP, b.ASP, p.Airstrip),
	}
	var divs []string
	for _, v := range b.Divisions {
		divs = append(divs, fmt.Sprintf("%d %d%s", v.ID, v.Strength, map[bool]string{true: "", false: " (inactive)"}[v.Active]))
	}
	out = append(out, "VM divisions: "+strings.Join(divs, ", ")+".")
	if len(b.Optional) > 0 {
		out = append(out, "Optional rules in force: "+strings.Join(b.Optional, ", ")+" (19.0).")
	}
	for _, c := range b.CRs {
		ctl := "French"
		switch c.Control {
		case "vm":
			ctl = fmt.Sprintf("VM %d", c.VM)
		case "nml":
			ctl = "No Man's Land"
		}
		units := append(append([]string(nil), c.Active...), prefix("used ", c.Used)...)
		enc := ""
		if c.Encircled {
			enc = ", encircled"
		}
		out = append(out, fmt.Sprintf("%s: %s, fortifications %d%s; %s", c.Name, ctl, c.Fort, enc, orNone(units)))
	}
	for _, z := range b.DZs {
		if len(z.Units) > 0 {
			out = append(out, fmt.Sprintf("%s drop zone: %s", z.ID, strings.Join(z.Units, ", ")))
		}
	}
	if c := d.Card(s.Drawn); c != nil {
		out = append(out, "This turn's card: "+d.Describe(c))
	}
	hand := b.Hand
	if len(hand) == 0 {
		hand = []string{"empty"}
	}
	out = append(out, fmt.Sprintf("Reserve hand (at most %d): %s. Draw pile %d, discard %d.", p.HandSize(d), strings.Join(hand, "; "), b.Deck, b.Discard))
	if b.Fight != "" {
		out = append(out, "Under way: "+b.Fight+".")
	}
	if len(p.Mods) > 0 {
		var ms []string
		for _, m := range p.Mods {
			ms = append(ms, fmt.Sprintf("%s %+d (%s, until %s)", m.Roll, m.N, m.Source, m.Until))
		}
		sort.Strings(ms)
		out = append(out, "Modifiers: "+strings.Join(ms, "; ")+".")
	}
	if s.Step == StepOver {
		out = append(out, "Result: "+b.Result+".")
	} else {
		h, detail := VP(d, p)
		out = append(out, fmt.Sprintf("If the game ended now: %s (%s).", d.Level(h), detail))
	}
	return out
}

func prefix(p string, xs []string) []string {
	var out []string
	for _, x := range xs {
		out = append(out, p+x)
	}
	return out
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "no units"
	}
	return strings.Join(xs, ", ")
}
