package hellmap

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
)

// panel draws the side panel: who is looking, the turn, the phase, who is
// awaited for what, the tracks, the strongpoints, what is off the map and
// what just happened. (The Isabelle inset below it is part of the map.)
func (h *board) panel(c *render.Canvas, v adjudicator.View, b *hell.BoardView, m *marks) {
	x0, x1 := h.panelR.X0+16, h.panelR.X1-16
	w := x1 - x0

	// who is looking
	var fill, ink color.RGBA
	var title, sub string
	switch v.Viewer {
	case hell.French:
		fill, ink, title, sub = inkFr, inkTextLt, "FRENCH VIEW", "private to the French player"
	case hell.VM:
		fill, ink, title, sub = inkVM, inkText, "VIET MINH VIEW", "private to the VM player"
	case "referee":
		fill, ink, title, sub = inkDisorg, inkText, "REFEREE VIEW", "everything, hidden units included"
	default:
		fill, ink, title, sub = inkPanel2, inkTextLt, "PUBLIC MAP", "what everyone may know"
	}
	c.Rect(h.panelR.X0, 0, h.panelR.X1, 36, fill)
	c.Font(15, true)
	c.Text(title, x0, 18, 0, 0.5, ink)
	tw := c.Width(title)
	c.Font(11, false)
	c.Text(sub, x0+tw+10, 18, 0, 0.5, ink)

	y := 56.0
	c.Font(11, false)
	c.Text("Dien Bien Phu: A Season in Hell", x0, y, 0, 0.5, inkTextDim)
	if b.Scenario != "" {
		c.Text(b.Scenario, x1, y, 1, 0.5, inkTextDim)
	}

	// turn, date, weather
	y += 28
	c.Font(22, true)
	turn := fmt.Sprintf("Turn %d", b.Turn)
	c.Text(turn, x0, y, 0, 0.5, inkTextLt)
	tw = c.Width(turn)
	if b.LastTurn > 0 {
		c.Font(13, false)
		c.Text(fmt.Sprintf("of %d", b.LastTurn), x0+tw+6, y+2, 0, 0.5, inkTextDim)
	}
	h.weather(c, x1, y, b.Rain)
	y += 22
	c.Font(13.5, true)
	c.Text(b.Date, x0, y, 0, 0.5, inkTextLt)

	// phase, round, impulse
	y += 26
	phase := b.PhaseName
	if phase == "" {
		phase = b.Phase
	}
	c.FitFont(phase, w, 14, 10, true)
	c.Text(phase, x0, y, 0, 0.5, inkTextLt)
	if b.Round > 0 || b.Impulse > 0 {
		y += 20
		var parts []string
		if b.Round > 0 {
			parts = append(parts, fmt.Sprintf("Round %d", b.Round))
		}
		if b.Impulse > 0 {
			parts = append(parts, fmt.Sprintf("impulse %d", b.Impulse))
		}
		c.Font(13, true)
		c.Text(strings.Join(parts, " · "), x0, y, 0, 0.5, inkHot)
	}

	// awaited
	y += 16
	y = h.awaiting(c, x0, y, w, b)

	// tracks
	y += 14
	y = sectionTitle(c, x0, y, w, "MUNITIONS")
	y = levelBar(c, x0, y, w, "VM", b.VMMunitions, b.VMMax, inkVM, inkVMDark)
	y = levelBar(c, x0, y+4, w, "France", b.FrenchMunitions, b.FrenchMax, inkFr, inkFrDark)

	y += 10
	y = sectionTitle(c, x0, y, w, "VM STEP LOSSES")
	y = lossBar(c, x0, y, w, b.VMLosses)

	y += 8
	y = tiles(c, x0, y, w, []tile{
		{"French replacements", b.Replacements},
		{"French air points", b.AirPoints},
	})

	y += 12
	y = sectionTitle(c, x0, y, w, "STRONGPOINTS (PAs)")
	y = h.paStrip(c, x0, y, w, b)

	// off the map and just happened
	y += 10
	var lines []string
	if s := offMap(b.Track); s != "" {
		lines = append(lines, "VM turn track: "+s)
	}
	if s := offMap(b.Pool); s != "" {
		lines = append(lines, "Paratroop pool: "+s)
	}
	if len(lines) > 0 {
		y = sectionTitle(c, x0, y, w, "OFF THE MAP")
		y = para(c, x0, y, w, lines, 11, inkTextLt, h.insetR.Y0-60)
		y += 6
	}
	var recent []string
	for _, mv := range m.moves {
		s := fmt.Sprintf("%s %s→%s", mv.kind, mv.from, mv.to)
		if mv.n > 1 {
			s += fmt.Sprintf(" ×%d", mv.n)
		}
		recent = append(recent, s)
	}
	for _, loc := range m.locs {
		if t := tagText(m.at[loc]); t != "" {
			recent = append(recent, loc+": "+strings.ToLower(t))
		}
	}
	recent = append(recent, m.off...)
	if len(recent) > 0 {
		y = sectionTitle(c, x0, y, w, "JUST HAPPENED")
		para(c, x0, y, w, []string{strings.Join(recent, "; ")}, 11, inkHot, h.insetR.Y0-6)
	}
}

// awaiting draws who is awaited and for what, or the result.
func (h *board) awaiting(c *render.Canvas, x0, y, w float64, b *hell.BoardView) float64 {
	var bar color.RGBA
	var head, body string
	switch {
	case b.Over:
		bar = inkHot
		head = "GAME OVER"
		switch b.Winner {
		case hell.French:
			head += ": FRANCE WINS"
		case hell.VM:
			head += ": THE VIET MINH WINS"
		case "":
			head += ": NO WINNER"
		}
		body = b.Reason
	case b.Awaiting == hell.French:
		bar, head, body = inkFr, "AWAITING FRANCE", b.Decision
	case b.Awaiting == hell.VM:
		bar, head, body = inkVM, "AWAITING THE VIET MINH", b.Decision
	case b.Awaiting == "":
		bar, head, body = inkTextDim, "AWAITING NOBODY", b.Decision
	default:
		bar, head, body = inkTextDim, "AWAITING "+strings.ToUpper(b.Awaiting), b.Decision
	}
	body = strings.ReplaceAll(body, "`", "")
	c.Font(11.5, false)
	lines := c.Wrap(body, w-20)
	if len(lines) > 4 {
		lines = append(lines[:3], lines[3]+" …")
	}
	hgt := 26 + float64(len(lines))*15 + 6
	c.Rect(x0, y, x0+w, y+hgt, inkPanel2)
	c.Rect(x0, y, x0+6, y+hgt, bar)
	c.Font(13, true)
	c.Text(head, x0+14, y+14, 0, 0.5, inkTextLt)
	c.Font(11.5, false)
	for i, l := range lines {
		c.Text(l, x0+14, y+33+float64(i)*15, 0, 0.5, inkTextLt)
	}
	return y + hgt
}

func (h *board) weather(c *render.Canvas, x1, y float64, rain bool) {
	s, fill, ink := "DRY SEASON", inkHot, inkText
	if rain {
		s, fill, ink = "RAINY SEASON", inkRiverLt, inkText
	}
	c.Font(11, true)
	w := c.Width(s) + 28
	ix, iy := x1-w+12, y
	// the pill and the icon, always in the same place: sprites
	at := fmt.Sprint(x1, y, rain)
	c.Paint(h.shape(spriteKey{weatherPill, at, 0}, func() *render.Shape {
		var p render.Path
		p.DrawRoundedRectangle(x1-w, y-10, w, 20, 10)
		return p.Fill(h.Size())
	}), fill)
	if rain {
		c.Paint(h.shape(spriteKey{weatherIcon, at, 0}, func() *render.Shape {
			var p render.Path
			for i := -1; i <= 1; i++ {
				p.DrawLine(ix+float64(i)*4+1.5, iy-5, ix+float64(i)*4-1.5, iy+5)
			}
			return p.Stroke(h.Size(), 1.8)
		}), inkRiver)
	} else {
		c.Paint(h.shape(spriteKey{weatherIcon, at, 0}, func() *render.Shape {
			var p render.Path
			p.DrawCircle(ix, iy, 4)
			return p.Fill(h.Size())
		}), inkText)
		c.Paint(h.shape(spriteKey{weatherIcon, at, 1}, func() *render.Shape {
			var p render.Path
			for i := 0; i < 8; i++ {
				a := float64(i) * math.Pi / 4
				p.DrawLine(ix+6*math.Cos(a), iy+6*math.Sin(a), ix+8*math.Cos(a), iy+8*math.Sin(a))
			}
			return p.Stroke(h.Size(), 1.3)
		}), inkText)
	}
	c.Text(s, x1-w+22, y, 0, 0.5, ink)
}

func sectionTitle(c *render.Canvas, x0, y, w float64, s string) float64 {
	c.Font(10.5, true)
	c.Text(s, x0, y+6, 0, 0.5, inkTextDim)
	c.Rect(x0+c.Width(s)+8, y+6, x0+w, y+7, inkPanelLn)
	return y + 16
}

// levelBar: a track of max boxes, n filled.
func levelBar(c *render.Canvas, x0, y, w float64, label string, n, max int, fill, edge color.RGBA) float64 {
	if max <= 0 {
		max = 10
	}
	c.Font(12, true)
	c.Text(label, x0, y+9, 0, 0.5, inkTextLt)
	val := fmt.Sprintf("%d / %d", n, max)
	c.Text(val, x0+w, y+9, 1, 0.5, inkTextLt)
	bx0, bx1 := x0+58, x0+w-52
	cell := (bx1 - bx0) / float64(max)
	for i := 0; i < max; i++ {
		x := bx0 + float64(i)*cell
		if i < n {
			c.Rect(x, y, x+cell-2, y+18, fill)
		} else {
			c.Rect(x, y, x+cell-2, y+18, inkPanel2)
			c.Frame(x, y, x+cell-2, y+18, 1, inkPanelLn)
		}
	}
	if n > max {
		c.Font(10, true)
		c.Text("+", bx1+2, y+9, 0, 0.5, fill)
	}
	return y + 20
}

// lossBar: VM step losses against the 20, 50 and 86 thresholds.
func lossBar(c *render.Canvas, x0, y, w float64, n int) float64 {
	top := 100
	if n > 90 {
		top = n + 10
	}
	bx0, bx1 := x0, x0+w-44
	sx := func(v int) float64 { return bx0 + (bx1-bx0)*float64(v)/float64(top) }
	c.Rect(bx0, y, bx1, y+18, inkPanel2)
	c.Rect(bx0, y, sx(min(n, top)), y+18, inkLoss)
	c.Frame(bx0, y, bx1, y+18, 1, inkPanelLn)
	c.Font(9.5, true)
	for _, t := range []struct {
		n    int
		what string
	}{{20, "no +1 in assaults"}, {50, "assaults stop"}, {86, "siege fails"}} {
		x := sx(t.n)
		c.Rect(x-1, y-3, x+1, y+21, inkTextLt)
		s := fmt.Sprintf("%d: %s", t.n, t.what)
		ink := inkTextDim
		if n >= t.n {
			ink = inkHot
		}
		c.Text(s, math.Max(x, x0+c.Width(s)/2), y+28, 0.5, 0.5, ink)
	}
	c.Font(15, true)
	c.Text(fmt.Sprint(n), x0+w, y+9, 1, 0.5, inkTextLt)
	return y + 36
}

type tile struct {
	label string
	n     int
}

func tiles(c *render.Canvas, x0, y, w float64, ts []tile) float64 {
	tw := (w - float64(len(ts)-1)*8) / float64(len(ts))
	for i, t := range ts {
		x := x0 + float64(i)*(tw+8)
		c.Rect(x, y, x+tw, y+34, inkPanel2)
		c.Font(20, true)
		c.Text(fmt.Sprint(t.n), x+10, y+17, 0, 0.5, inkTextLt)
		c.FitFont(t.label, tw-50, 11, 8, false)
		c.Text(t.label, x+44, y+17, 0, 0.5, inkTextDim)
	}
	return y + 34
}

// paStrip: one square per PA in map order, in its controller's colour
// (VM squares also crossed), grouped by CR.
func (h *board) paStrip(c *render.Canvas, x0, y, w float64, b *hell.BoardView) float64 {
	held, lost := 0, 0
	for _, p := range h.pas {
		if b.Control[p.p.ID] == hell.VM {
			lost++
		} else {
			held++
		}
	}
	c.Font(12.5, true)
	c.Text(fmt.Sprintf("France holds %d", held), x0, y+8, 0, 0.5, inkFrLight)
	c.Text(fmt.Sprintf("VM has taken %d", lost), x0+w, y+8, 1, 0.5, inkVMLight)
	y += 20
	n := len(h.pas)
	if n == 0 {
		return y
	}
	groups := 0
	prev := ""
	for _, p := range h.pas {
		if p.p.CR != prev {
			groups++
			prev = p.p.CR
		}
	}
	cell := math.Floor((w - float64(groups-1)*3) / float64(n))
	if cell > 14 {
		cell = 14
	}
	x := x0
	prev = h.pas[0].p.CR
	for _, p := range h.pas {
		if p.p.CR != prev {
			x += 3
			prev = p.p.CR
		}
		if b.Control[p.p.ID] == hell.VM {
			c.Rect(x, y, x+cell-1, y+14, inkVM)
			c.SetColor(inkBlack)
			c.SetLineWidth(1.2)
			c.DrawLine(x+1.5, y+1.5, x+cell-2.5, y+12.5)
			c.DrawLine(x+cell-2.5, y+1.5, x+1.5, y+12.5)
			c.Stroke()
		} else {
			c.Rect(x, y, x+cell-1, y+14, inkFr)
		}
		x += cell
	}
	y += 22
	total := b.TotalPAs
	if total == 0 {
		total = n
	}
	c.Font(10.5, false)
	c.Text(fmt.Sprintf("of %d; the camp falls when the VM holds 33", total), x0, y, 0, 0.5, inkTextDim)
	return y + 8
}

// offMap lists off-map counters by id, hidden ones as a count.
func offMap(cs []hell.Counter) string {
	var ids []string
	hidden := 0
	for _, k := range cs {
		if k.Kind == "hidden" {
			hidden += max(k.Count, 1)
			continue
		}
		id := k.ID
		if k.Kind == "dummy" {
			id = "dummy"
		}
		if k.Losses > 0 {
			id += fmt.Sprintf(" (-%d)", k.Losses)
		}
		ids = append(ids, id)
	}
	if hidden > 0 {
		ids = append(ids, fmt.Sprintf("%d hidden", hidden))
	}
	return strings.Join(ids, ", ")
}

// para draws wrapped lines down to ymax.
func para(c *render.Canvas, x0, y, w float64, lines []string, size float64, ink color.RGBA, ymax float64) float64 {
	c.Font(size, false)
	lh := size * 1.35
	for _, l := range lines {
		for _, s := range c.Wrap(l, w) {
			if y+lh > ymax {
				c.Text("…", x0, y+lh/2, 0, 0.5, ink)
				return y + lh
			}
			c.Text(s, x0, y+lh/2, 0, 0.5, ink)
			y += lh
		}
	}
	return y
}

// legend explains the map's marks, in the corner the inset leaves free.
func (h *board) legend(c *render.Canvas) {
	r := h.legendR
	if r.W() < 150 || r.H() < 100 {
		return
	}
	c.Rect(r.X0, r.Y0, r.X1, r.Y1, inkFrame)
	c.Frame(r.X0, r.Y0, r.X1, r.Y1, 1, inkPanelLn)
	c.Font(10.5, true)
	c.Text("LEGEND", r.X0+8, r.Y0+11, 0, 0.5, inkTextDim)
	col := (r.W() - 16) / 2
	type item struct {
		draw  func(x, y float64)
		label string
	}
	items := []item{
		{func(x, y float64) {
			c.DrawCircle(x, y, discR)
			c.SetColor(inkFr)
			c.FillPreserve()
			c.SetColor(inkWhite)
			c.SetLineWidth(2)
			c.Stroke()
		}, "PA held by France"},
		{func(x, y float64) { diamond(c, x, y, discR+1.5) }, "PA held by the VM"},
		{func(x, y float64) {
			c.Rect(x-9, y-6, x+9, y+6, inkFr)
			c.Frame(x-9, y-6, x+9, y+6, 1, inkFrDark)
		}, "French unit"},
		{func(x, y float64) {
			c.Rect(x-9, y-6, x+9, y+6, inkVM)
			c.Frame(x-9, y-6, x+9, y+6, 1, inkVMDark)
		}, "VM battalion"},
		{func(x, y float64) {
			c.Rect(x-9, y-6, x+9, y+6, inkHidden)
			c.Frame(x-9, y-6, x+9, y+6, 1, inkVMDark)
			c.Font(10, true)
			c.Text("?", x, y, 0.5, 0.5, inkBlack)
		}, "hidden VM ×count"},
		{func(x, y float64) {
			c.Rect(x-9, y-6, x+9, y+6, inkVMLight)
			dashedFrame(c, x-9, y-6, 18, 12, inkVMDark)
		}, "VM, unseen by France"},
		{func(x, y float64) {
			c.Font(9, true)
			c.Text("3-4-5", x, y, 0.5, 0.5, inkTextLt)
		}, "fire-melee-morale"},
		{func(x, y float64) {
			c.Rect(x-8, y-2.5, x-3, y+2.5, inkTextLt)
			c.Frame(x+1, y-2.5, x+6, y+2.5, 1, inkTextLt)
		}, "steps left / lost"},
		{func(x, y float64) {
			poly := [][2]float64{{x - 10, y - 7}, {x + 10, y - 7}, {x + 10, y + 7}, {x - 10, y + 7}}
			c.Rect(x-10, y-7, x+10, y+7, inkFlat)
			c.SetColor(inkTrench)
			c.SetLineWidth(1.5)
			for _, s := range render.Hatch(poly, -math.Pi/4, 6, 0) {
				c.DrawLine(s[0], s[1], s[2], s[3])
			}
			c.Stroke()
		}, "VM trench (level)"},
		{func(x, y float64) {
			c.Arrow(x-10, y, x+10, y, 4, inkHot, inkBlack)
		}, "move just made"},
		{func(x, y float64) {
			c.Arrow(x-10, y, x+10, y, 4, inkLoss, inkBlack)
		}, "assault just made"},
		{func(x, y float64) {
			c.DrawCircle(x, y, 7)
			c.SetColor(inkHot)
			c.FillPreserve()
			c.SetColor(inkBlack)
			c.SetLineWidth(1.2)
			c.Stroke()
		}, "something just happened"},
		{func(x, y float64) {
			badge(c, x-2, y-4, "F", inkFatig, inkBlack)
			badge(c, x+12, y-4, "D", inkDisorg, inkBlack)
		}, "fatigued / disorg."},
		{func(x, y float64) {
			badge(c, x+4, y-4, "-1", inkBlack, inkWhite)
		}, "VM step lost"},
		{func(x, y float64) {
			drawChip(c, x-10, y-7, 20, 14, hell.French, 2)
		}, "more units here"},
		{func(x, y float64) {
			c.SetColor(inkLine)
			c.SetLineWidth(1.6)
			c.DrawLine(x-10, y, x+10, y)
			c.Stroke()
			c.DrawCircle(x-10, y, 3)
			c.DrawCircle(x+10, y, 3)
			c.SetColor(inkFr)
			c.Fill()
		}, "PA line (attacks, moves)"},
		{func(x, y float64) { chevron(c, x, y, 0, 6) }, "VM assault base"},
	}
	rows := (len(items) + 1) / 2
	lh := math.Min(19, (r.H()-24)/float64(rows))
	for i, it := range items {
		cx := r.X0 + 8 + float64(i/rows)*col
		cy := r.Y0 + 27 + float64(i%rows)*lh
		it.draw(cx+12, cy)
		c.FitFont(it.label, col-34, 10, 7.5, false)
		c.Text(it.label, cx+28, cy, 0, 0.5, inkTextLt)
	}
}
