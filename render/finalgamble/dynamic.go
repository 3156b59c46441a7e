package fgmap

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/finalgamble"
	"github.com/umpirebot/umpire/adjudicator/hexgrid"
	"github.com/umpirebot/umpire/render"
)

func boardOf(v adjudicator.View) (*finalgamble.BoardView, error) {
	return render.BoardAs[finalgamble.BoardView](v, "The Final Gamble")
}

// Dynamic draws one view over its Trench and Dig Zones (the middle layer:
// middle.go): flags, the counters, the boxes' contents and the tracks.
func (b *board) Dynamic(c *render.Canvas, v adjudicator.View) error {
	bv, err := boardOf(v)
	if err != nil {
		return err
	}
	s := &bv.Setup
	b.units(c, s)
	b.flags(c, s)
	b.boxContents(c, s)
	b.tracks(c, bv)
	b.loads(c, bv)
	b.combat(c, bv)
	b.recent(c, bv)
	return nil
}

// loads draws the plane-loads France has put on the Airdrop Chart (5.4-A)
// in their slots: a Supply Marker's name, or the units (two at most).
func (b *board) loads(c *render.Canvas, bv *finalgamble.BoardView) {
	keys := make([]string, 0, len(bv.Loads))
	for k := range bv.Loads {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	x0, y0 := b.airdropOrigin()
	for _, k := range keys {
		var row, col int
		if n, _ := fmt.Sscanf(k, "r%dc%d", &row, &col); n != 2 || row < 1 || row > 6 || col < 1 || col > 6 || len(bv.Loads[k]) == 0 {
			continue
		}
		x, y := x0+float64(col-1)*airdropCellW, y0+float64(row-1)*airdropCellH
		c.Rect(x+1, y+1, x+airdropCellW-1, y+airdropCellH-1, inkFR)
		c.Frame(x+1, y+1, x+airdropCellW-1, y+airdropCellH-1, 1.5, inkFREdge)
		text := strings.Join(bv.Loads[k], "+")
		c.FitFont(text, airdropCellW-6, 9, counterText, false)
		if c.Width(text) > airdropCellW-6 {
			// two units: the first, and a sign that another flies with it
			text = bv.Loads[k][0] + "+"
			c.FitFont(text, airdropCellW-6, 9, counterText, false)
		}
		c.Text(text, x+airdropCellW/2, y+airdropCellH/2, 0.5, 0.5, inkFRText)
	}
}

// recent draws what the side ordering did since the other last ordered
// (the view's marks; issue 30, item 2), over the segment's markers: each
// move, retreat and advance as a
// yellow arrow from where the unit was; fire (a Zone Marker placed or
// rolled, a Support Barrage) as a yellow ring on its hex; an assault
// whose Combat Marker is gone (resolved, a Commando raid) as a thin red
// arrow.
func (b *board) recent(c *render.Canvas, bv *finalgamble.BoardView) {
	for _, m := range bv.Marks {
		g, to, ok := b.place(m.At)
		if !ok {
			continue
		}
		x1, y1 := g.center(to)
		switch m.Kind {
		case "fire":
			c.SetColor(inkNow)
			c.SetLineWidth(3)
			c.DrawCircle(x1, y1, g.lay.S()*0.8)
			c.Stroke()
		case "move", "assault":
			g0, from, ok := b.place(m.From)
			if !ok || g0 != g || from == to {
				continue
			}
			if m.Kind == "assault" && slices.ContainsFunc(bv.Assaults, func(a finalgamble.Assault) bool { return a.From == m.From && a.Target == m.At }) {
				continue // drawn with its Combat Marker (combat)
			}
			x0, y0 := g.center(from)
			fill, w := inkNow, 5.0
			if m.Kind == "assault" {
				fill, w = inkRedArr, 3
			}
			b.arrow(c, bv, m.From, m.At, x0, y0, x1, y1, w, fill)
		}
	}
}

// place is a hex place's map and hex ("I0606": Isabelle's 0606); ok
// false for a box.
func (b *board) place(p string) (*geo, string, bool) {
	g, id := b.dbp, p
	if strings.HasPrefix(p, "I") {
		g, id = b.isa, p[1:]
	}
	if g.m.Hex(id) == nil {
		return nil, "", false
	}
	return g, id, true
}

// combat draws the segment's markers: an arrow for each declared assault
// (red the VM's, blue France's; thin once resolved or aborted) and a ring
// on each hex under a Zone Marker (2.2, 3.4, 6.3).
func (b *board) combat(c *render.Canvas, bv *finalgamble.BoardView) {
	for _, a := range bv.Assaults {
		g, from, ok := b.place(a.From)
		g2, to, ok2 := b.place(a.Target)
		if !ok || !ok2 || g != g2 {
			continue
		}
		x0, y0 := g.center(from)
		x1, y1 := g.center(to)
		fill := inkRedArr
		for _, u := range bv.Units {
			if u.ID == a.Unit && u.Side == "French" {
				fill = inkBlueArr
			}
		}
		w := 7.0
		if a.Marker == "abort" || a.Marker == "done" {
			w = 3
		}
		b.arrow(c, bv, a.From, a.Target, x0, y0, x1, y1, w, fill)
	}
	for _, z := range bv.Zones {
		p, _, _ := strings.Cut(z.At, ":")
		g, id, ok := b.place(p)
		if !ok {
			continue
		}
		x, y := g.center(id)
		c.SetColor(inkNow)
		c.SetLineWidth(3)
		c.DrawCircle(x, y, g.lay.S()*0.8)
		c.Stroke()
	}
}

// arrow draws an arrow from hex place from, centred at (x0, y0), to the
// hex centred at (x1, y1): from the edge of the counters drawn at from
// (their names stay readable) to four fifths of the way.
func (b *board) arrow(c *render.Canvas, bv *finalgamble.BoardView, from, to string, x0, y0, x1, y1, w float64, fill color.Color) {
	l := math.Hypot(x1-x0, y1-y0)
	if l < 1 {
		return
	}
	ux, uy := (x1-x0)/l, (y1-y0)/l
	start, end := 0.2*l, 0.8*l
	if r, ok := b.stackBox(bv, from, x0, y0); ok {
		// where the ray from the centre leaves the counters, clear of
		// their edge and the arrow's outline
		ex, ey := r.Exit(x0, y0, x1, y1)
		start = math.Min(math.Max(start, math.Hypot(ex-x0, ey-y0)+3), 0.5*l)
	}
	if r, ok := b.stackBox(bv, to, x1, y1); ok {
		// the head stops short of the counters it points at, so that
		// their names stay readable
		ex, ey := r.Exit(x1, y1, x0, y0)
		end = math.Max(math.Min(end, l-math.Hypot(ex-x1, ey-y1)-3), math.Min(start+10, l))
	}
	c.Arrow(x0+ux*start, y0+uy*start, x0+ux*end, y0+uy*end, w, fill, inkBlack)
}

// stackBox is where units draws the counters at hex place p (centred
// at x, y); false when none stand there.
func (b *board) stackBox(bv *finalgamble.BoardView, p string, x, y float64) (render.Box, bool) {
	n := 0
	for i := range bv.Units {
		if u := &bv.Units[i]; u.Map != "" && u.Place() == p {
			n++
		}
	}
	if n == 0 {
		return render.Box{}, false
	}
	n = min(n, 4)
	// as units places them
	y0 := y - 14
	if n == 1 {
		y0 = y - 4
	}
	return render.Corners(x-cW/2, y0, x+cW/2, y0+float64(n)*(cH+1)-1), true
}

// zones marks the Trench Zones (1.4-B): a red line along their frontier
// and a trench's zigzag in each hex; a Dig Zone the same in orange. (A
// tint over every hex would cost most of a cold render.)
func (b *board) zones(c *render.Canvas, s *finalgamble.Setup) {
	zig := func(ink any) *render.Sprite {
		return b.stamps.Get(ink, 22, 8, func(c *render.Canvas, x, y float64) {
			c.MoveTo(x+1, y+6)
			for i := 1; i <= 5; i++ {
				c.LineTo(x+1+float64(i)*4, y+1+float64(i%2)*5)
			}
			c.SetColor(ink.(interface{ RGBA() (r, g, b, a uint32) }))
			c.SetLineWidth(2)
			c.Stroke()
		})
	}
	trench, dig := zig(inkTrench), zig(inkDig)
	// the frontiers, one path per ink
	var front = map[*render.Sprite][][4]float64{}
	for _, g := range []*geo{b.dbp, b.isa} {
		for _, h := range g.m.Hexes() {
			var sp *render.Sprite
			switch {
			case s.TrenchZone(h):
				sp = trench
			case s.DigZone(h):
				sp = dig
			default:
				continue
			}
			x, y := g.center(h.ID)
			c.Stamp(sp, int(math.Round(x-11)), int(math.Round(y+g.lay.S()-13)))
			for _, nb := range hexgrid.Neighbors(h.Row, h.Col) {
				n := g.m.Hex(hexgrid.ID(nb[0], nb[1]))
				if n == nil || s.TrenchZone(n) || s.DigZone(n) && sp == dig {
					continue
				}
				x0, y0, x1, y1 := g.side(c, h.ID, n.ID)
				front[sp] = append(front[sp], [4]float64{x0, y0, x1, y1})
			}
		}
	}
	for _, k := range []struct {
		sp  *render.Sprite
		ink any
	}{{trench, inkTrench}, {dig, inkDig}} {
		if len(front[k.sp]) == 0 {
			continue
		}
		for _, l := range front[k.sp] {
			c.MoveTo(l[0], l[1])
			c.LineTo(l[2], l[3])
		}
		c.SetColor(k.ink.(interface{ RGBA() (r, g, b, a uint32) }))
		c.SetLineWidth(3.5)
		c.SetLineCapRound()
		c.Stroke()
	}
}

// flags: a VM-controlled strongpoint's label turns vermilion, a French
// flag's blue (1.4-D); an outpost gone is struck out (1.4-H).
func (b *board) flags(c *render.Canvas, s *finalgamble.Setup) {
	// every strongpoint's label again, over the counters of the hexes
	// above it, in its flag's colours (1.4-D)
	for _, g := range []*geo{b.dbp, b.isa} {
		for _, sp := range g.m.Strongs {
			box := b.labels[g.name+":"+sp.Code]
			body, edge, text := inkSP, inkSPLn, inkText
			switch s.Flags[sp.Code] {
			case "VM":
				body, edge, text = inkVM, inkBlack, inkVMText
			case "French":
				body, edge, text = inkFREdge, inkBlack, inkTextLt
			}
			c.Rect(box.X0, box.Y0, box.X1, box.Y1, body)
			c.Frame(box.X0, box.Y0, box.X1, box.Y1, 1, edge)
			c.Font(9, true)
			c.Text(sp.Code, box.CX(), box.CY(), 0.5, 0.5, text)
		}
		for _, st := range g.m.Structures {
			if s.Flags[st.Name] != "VM" {
				continue
			}
			box := b.labels[g.name+":"+st.Name]
			c.Frame(box.X0, box.Y0, box.X1, box.Y1, 2, inkVM)
		}
	}
	for _, o := range s.OutpostsGone {
		g, id := b.dbp, o
		if strings.HasPrefix(o, "I") {
			g, id = b.isa, o[1:]
		}
		x, y := g.center(id)
		ty := y - g.lay.S() + 5
		c.SetColor(inkTrench)
		c.SetLineWidth(2)
		c.DrawLine(x-7, ty-1, x+7, ty+11)
		c.DrawLine(x+7, ty-1, x-7, ty+11)
		c.Stroke()
	}
}

// label is a counter's text: the formation's short name and, for the
// French, the company's number.
func (b *board) label(u finalgamble.Unit) string {
	if u.Side == "VM" {
		return u.ID
	}
	return strings.ReplaceAll(u.ID, "Thai", "Thai ")
}

type look struct {
	text    string
	vm      bool
	reduced bool
	// the markers on it: Shaken (S), Disorg (D), Isolation (I)
	marks string
}

func (b *board) counter(l look) *render.Sprite {
	return b.stamps.Get(l, int(cW)+2, int(cH)+2, func(c *render.Canvas, x, y float64) {
		body, edge, text := inkFR, inkFREdge, inkFRText
		if l.vm {
			body, edge, text = inkVM, inkVMEdge, inkVMText
		}
		c.Rect(x, y, x+cW, y+cH, body)
		if l.reduced {
			c.Rect(x, y, x+5, y+cH, inkRedBnd) // the light red band (1.7)
		}
		c.Frame(x, y, x+cW, y+cH, 1, edge)
		// the company's number goes when the name fills the counter
		t := l.text
		c.FitFont(t, cW-7, 9, counterText, false)
		if c.Width(t) > cW-7 {
			if i := strings.LastIndexByte(t, '-'); i > 0 && !l.vm {
				t = t[:i]
				c.FitFont(t, cW-7, 9, counterText, false)
			}
		}
		c.Text(t, x+cW/2+2, y+cH/2, 0.5, 0.5, text)
		// the markers: a dark tab on the right edge with their letters
		if l.marks != "" {
			w := 7 * float64(len(l.marks))
			c.Rect(x+cW-w, y, x+cW, y+cH, inkBlack)
			c.Font(8, true)
			c.Text(l.marks, x+cW-w/2, y+cH/2, 0.5, 0.5, inkNow)
		}
	})
}

func marks(u finalgamble.Unit) string {
	m := ""
	if u.Shaken {
		m += "S"
	}
	if u.Disorg {
		m += "D"
	}
	if u.Isolated {
		m += "I"
	}
	return m
}

// units draws each hex's stack: up to 3 French counters one above the
// other, or a VM unit (1.6), below the hex's label.
func (b *board) units(c *render.Canvas, s *finalgamble.Setup) {
	type key struct{ m, hex string }
	stacks := map[key][]finalgamble.Unit{}
	var order []key
	for _, u := range s.Units {
		if u.Map == "" {
			continue
		}
		k := key{u.Map, u.Hex}
		if stacks[k] == nil {
			order = append(order, k)
		}
		stacks[k] = append(stacks[k], u)
	}
	for _, k := range order {
		g := b.dbp
		if k.m == "isabelle" {
			g = b.isa
		}
		x, y := g.center(k.hex)
		us := stacks[k]
		// below the hex's label, clear of the labels of the hexes below
		y0 := y - 14
		if len(us) == 1 {
			y0 = y - 4
		}
		for i, u := range us {
			if i >= 4 {
				break
			}
			sp := b.counter(look{text: b.label(u), vm: u.Side == "VM", reduced: u.Reduced, marks: marks(u)})
			c.Stamp(sp, int(math.Round(x-cW/2)), int(math.Round(y0+float64(i)*(cH+1))))
		}
	}
}

// boxContents lists each box's units (counts and the first names).
func (b *board) boxContents(c *render.Canvas, s *finalgamble.Setup) {
	in := map[string][]finalgamble.Unit{}
	for _, u := range s.Units {
		if u.Box != "" {
			in[u.Box] = append(in[u.Box], u)
		}
	}
	names := make([]string, 0, len(b.boxes))
	for id := range b.boxes {
		names = append(names, id)
	}
	sort.Strings(names)
	for _, id := range names {
		bx := b.boxes[id]
		us := in[id]
		var line string
		switch id {
		case "Reinforcements Available":
			line = fmt.Sprintf("HQ %d; %s", s.HQ, strings.Join(s.Reinforcements, " "))
			if len(s.Reinforcements) == 0 {
				line = fmt.Sprintf("HQ %d; none left", s.HQ)
			}
		case "Wounded Square":
			// 9.0-D: the units to pick from, by name
			if len(us) > 0 {
				ids := make([]string, len(us))
				for i, u := range us {
					ids[i] = u.ID
				}
				line = fmt.Sprintf("%d to Wounded of: %s", s.ToWounded, strings.Join(ids, " "))
			}
		default:
			if ms := s.Markers[id]; len(ms) > 0 {
				line = finalgamble.Tally(ms)
				if len(us) > 0 {
					line += "; "
				}
			}
			if len(us) == 0 {
				break
			}
			if ids := shared(us); ids != "" {
				// a box both sides hold (3.2, 7.1 Box Combat): its units
				// by name, the VM's first, as orders name them
				line += ids
				break
			}
			fr, vm := 0, 0
			forms := map[string]int{}
			var fo []string
			for _, u := range us {
				if u.Side == "VM" {
					vm++
				} else {
					fr++
				}
				if forms[u.Formation] == 0 {
					fo = append(fo, u.Formation)
				}
				forms[u.Formation]++
			}
			var parts []string
			for _, f := range fo {
				parts = append(parts, fmt.Sprintf("%s×%d", f, forms[f]))
			}
			line += strings.Join(parts, " ")
		}
		if line == "" {
			continue
		}
		c.Font(counterText+1, false)
		lines := c.Wrap(line, bx.W()-8)
		for i, l := range lines {
			if i >= 3 {
				break
			}
			c.Text(l, bx.X0+4, bx.Y0+24+float64(i)*10, 0, 0, inkTextDim)
		}
	}
}

// shared lists the units of a box both sides hold, "VM: a b; French: c
// d"; "" when one side holds it alone.
func shared(us []finalgamble.Unit) string {
	var vm, fr []string
	for _, u := range us {
		if u.Side == "VM" {
			vm = append(vm, u.ID)
		} else {
			fr = append(fr, u.ID)
		}
	}
	if len(vm) == 0 || len(fr) == 0 {
		return ""
	}
	return "VM: " + strings.Join(vm, " ") + "; French: " + strings.Join(fr, " ")
}

// tracks: the current turn, then every numbered track with its value.
func (b *board) tracks(c *render.Canvas, bv *finalgamble.BoardView) {
	s := &bv.Setup
	r := b.trackR
	// the Morale Check boxes of the game's edition (a game recorded
	// before F42 keeps its own)
	c.Font(9, true)
	for _, n := range bv.MoraleChecks {
		if n >= 1 && n <= len(b.d.Tracks.GameTurn.Turns) {
			bx := b.turnBox(n - 1)
			c.Text("MC", bx.X1-3, bx.Y0+13, 1, 0, inkVMText)
		}
	}
	if s.Turn >= 1 && s.Turn <= len(b.d.Tracks.GameTurn.Turns) {
		bx := b.turnBox(s.Turn - 1)
		c.Frame(bx.X0-2, bx.Y0-2, bx.X1+2, bx.Y1+2, 3, inkNow)
	}
	y := r.Y0 + 136
	c.Font(13, true)
	c.Text(bv.TurnName+" — scenario "+s.Scenario, r.X0+10, y, 0, 0, inkNow)
	y += 22
	type row struct {
		name      string
		v, lo, hi int
	}
	top := func(id string, hi int) int {
		if v, ok := bv.TrackMax[id]; ok {
			return v
		}
		return hi
	}
	rows := []row{{b.d.Tracks.Strongpoints.Name, s.Tracks["strongpoints"], b.d.Tracks.Strongpoints.Min, top("strongpoints", b.d.Tracks.Strongpoints.Max)}}
	for _, t := range b.d.Tracks.Tracks {
		rows = append(rows, row{t.Name, s.Tracks[t.ID], t.Min, top(t.ID, t.Max)})
	}
	for _, rw := range rows {
		c.Font(11, false)
		c.Text(rw.name, r.X0+10, y, 0, 0, inkTextLt)
		x0, x1 := r.X0+230, r.X1-50
		c.Rect(x0, y-9, x1, y+1, inkPanelLn)
		frac := float64(rw.v-rw.lo) / float64(max(1, rw.hi-rw.lo))
		c.Rect(x0, y-9, x0+(x1-x0)*frac, y+1, inkNow)
		c.Font(11, true)
		c.Text(fmt.Sprint(rw.v), r.X1-10, y, 1, 0, inkTextLt)
		y += 18
	}
	y += 8
	c.Font(11, false)
	var dm []string
	for _, dv := range b.d.Units.VM.Divisions {
		dm = append(dm, fmt.Sprintf("%s: %d", dv.ID, b.d.MoraleAt(s.DivisionMorale[dv.ID])))
	}
	c.Text("VM Division Morale  "+strings.Join(dm, "   "), r.X0+10, y, 0, 0, inkTextLt)
	y += 18
	var tz []string
	for _, sec := range finalgamble.Sectors {
		z := fmt.Sprintf("%dz-%s", s.Trench[sec], sec)
		if d := s.Dig[sec]; d != 0 {
			z += fmt.Sprintf(" (Dig %d)", d)
		}
		tz = append(tz, z)
	}
	c.Text("Trench Markers  "+strings.Join(tz, "   "), r.X0+10, y, 0, 0, inkTextLt)
	y += 18
	c.Text("HQ: "+b.d.HQSlot(s.HQ), r.X0+10, y, 0, 0, inkTextLt)
	y += 26
	c.Font(11, true)
	c.Text("Legend", r.X0+10, y, 0, 0, inkTextLt)
	y += 16
	c.Font(10, false)
	for _, l := range []string{
		"dark zigzags and frontier: Trench Zone (VM entrenched)   orange: Dig Zone",
		"thick red line: sector border   dashed pink: zone   dashed white: Supply Area",
		"black double line: heavy wire   grey dashes: light wire   blue: Nam Youm   brown bar: bridge",
		"brown rim: a hill's edge (uphill)   label vermilion: VM flag   navy: French flag",
		"counter with a red band: reduced   white triangle: outpost",
		"red/blue arrow: a VM/French assault (thin: fought or aborted)   yellow ring: Zone Marker, fire",
		"yellow arrow: a move, retreat or advance since the other side last ordered",
	} {
		c.Text(l, r.X0+10, y, 0, 0, inkTextDim)
		y += 14
	}
}
