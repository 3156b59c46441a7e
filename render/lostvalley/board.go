// Package lostvalleymap draws The Lost Valley's box map: the CR boxes
// with their control, fortifications, icons and units (Active and Used),
// the drop zones, the black lines and the four TAOR paths coloured per
// division, the division strength markers, and a panel with the tracks,
// the card just drawn and the Reserve hand.
package lostvalleymap

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/lostvalley"
	"github.com/umpirebot/umpire/render"
)

// Geometry: the map is the board's 1000 x 1000 frame scaled to mapW,
// then a panel.
const (
	mapW   = 1000
	panelW = 420
	imgH   = 1000
	boxW   = 190
	boxH   = 118
	dzR    = 34
)

// The inks: French blue against VM vermilion (and the division colours
// of 2.2.3: gold 304, green 308, blue 312, red 316), always with text.
var (
	inkGround  = render.Hex("#e9e2cc")
	inkBox     = render.Hex("#fbf8ef")
	inkBoxEdge = render.Hex("#3a3a3a")
	inkText    = render.Hex("#161616")
	inkTextLt  = render.Hex("#f2f2f2")
	inkTextDim = render.Hex("#a9b0bb")
	inkPanel   = render.Hex("#1e2127")
	inkPanel2  = render.Hex("#2a2e36")
	inkLine    = render.Hex("#202020")
	inkFrench  = render.Hex("#1f4fa0")
	inkVM      = render.Hex("#c8402a")
	inkNML     = render.Hex("#8a8a8a")
	inkUsed    = render.Hex("#e4e0d4")
	inkDZ      = render.Hex("#d9e8f5")
	inkFort    = render.Hex("#6b4f2a")
	inkGold    = render.Hex("#c9a227")
	inkGreen   = render.Hex("#2e8b3e")
	inkBlue    = render.Hex("#2f6fd0")
	inkRed     = render.Hex("#c0392b")
	inkWhite   = render.Hex("#ffffff")
	inkYellow  = render.Hex("#f4d03f")
)

func inks() []color.RGBA {
	return []color.RGBA{inkGround, inkBox, inkBoxEdge, inkText, inkTextLt, inkTextDim, inkPanel, inkPanel2, inkLine,
		inkFrench, inkVM, inkNML, inkUsed, inkDZ, inkFort, inkGold, inkGreen, inkBlue, inkRed, inkWhite, inkYellow}
}

func divInk(color string) color.RGBA {
	switch color {
	case "gold":
		return inkGold
	case "green":
		return inkGreen
	case "blue":
		return inkBlue
	}
	return inkRed
}

type board struct {
	d    *lostvalley.Data
	at   map[string][2]float64 // box centres by CR, DZ or "start-<div>"
	divs map[int]lostvalley.Division
}

// NewBoard makes the drawing of the data's board.
func NewBoard(d *lostvalley.Data) render.Board {
	b := &board{d: d, at: map[string][2]float64{}, divs: map[int]lostvalley.Division{}}
	for _, cr := range d.Board.CRs {
		b.at[cr.ID] = [2]float64{sx(cr.X), sy(cr.Y)}
	}
	for _, z := range d.Board.DZs {
		b.at[z.ID] = [2]float64{sx(z.X), sy(z.Y)}
	}
	for _, v := range d.Board.Divisions {
		b.at[fmt.Sprintf("start-%d", v.ID)] = [2]float64{sx(v.X), sy(v.Y)}
		b.divs[v.ID] = v
	}
	return b
}

// sx, sy place the board's frame inside the map, keeping boxes whole.
func sx(x int) float64 { return 110 + float64(x)*(mapW-220)/1000 }
func sy(y int) float64 { return 90 + float64(y)*(imgH-165)/1000 }

func (b *board) Size() image.Point  { return image.Pt(mapW+panelW, imgH) }
func (b *board) Inks() []color.RGBA { return inks() }

// Regions: close-ups for phones (north, centre, south of the camp, and
// the panel).
func (b *board) Regions() map[string]image.Rectangle {
	return map[string]image.Rectangle{
		"north":  image.Rect(0, 0, mapW, 470),
		"centre": image.Rect(0, 250, mapW, 800),
		"south":  image.Rect(0, 560, mapW, imgH),
		"panel":  image.Rect(mapW, 0, mapW+panelW, imgH),
	}
}

// Static draws the ground, the black lines and the TAOR paths, each a
// division's colour, offset so that shared links show every colour.
func (b *board) Static(c *render.Canvas) {
	c.Rect(0, 0, mapW, imgH, inkGround)
	c.Rect(mapW, 0, mapW+panelW, imgH, inkPanel)
	for i, t := range b.d.Board.TAORs {
		col := divInk(b.divs[t.Division].Color)
		off := float64(i-1) * 5
		for _, l := range t.Links {
			p, q := b.end(l[0], t.Division), b.end(l[1], t.Division)
			c.SetColor(col)
			c.SetLineWidth(4)
			c.SetDash(10, 6)
			c.DrawLine(p[0]+off, p[1]+off, q[0]+off, q[1]+off)
			c.Stroke()
			c.SetDash()
		}
	}
	for _, l := range b.d.Board.Lines {
		p, q := b.at[l[0]], b.at[l[1]]
		c.SetColor(inkLine)
		c.SetLineWidth(2.5)
		c.DrawLine(p[0], p[1], q[0], q[1])
		c.Stroke()
	}
	for _, z := range b.d.Board.DZs {
		for _, cr := range z.Lines {
			p, q := b.at[z.ID], b.at[cr]
			c.SetColor(inkLine)
			c.SetLineWidth(1.2)
			c.SetDash(4, 4)
			c.DrawLine(p[0], p[1], q[0], q[1])
			c.Stroke()
			c.SetDash()
		}
	}
	c.Font(22, true)
	c.Text("Dien Bien Phu, March-May 1954", 20, 24, 0, 0.5, inkText)
	c.Font(12, false)
	c.Text("black lines: French movement; dashed colours: VM TAOR paths (gold 304, green 308, blue 312, red 316)", 20, 46, 0, 0.5, inkText)
	c.Text("units: blue = active, grey band = used; (red) reduced, (DIS) disrupted; brown square: fortifications; gold star: 1 CM", 20, 62, 0, 0.5, inkText)
	// The key to the boxes' icons, at the foot of the panel.
	c.Font(12, true)
	c.Text("Key to the CR boxes", mapW+18, imgH-92, 0, 0.5, inkWhite)
	c.Font(11, false)
	for i, l := range []string{
		"gun / AA: if captured, the VM division's strength / the VM AAA +1",
		"bomb: -1 to the airstrip roll while the VM holds it",
		"enc: encircled when its fortifications fall to 0",
		"6/3 (top right): stacking, infantry steps / assets",
	} {
		c.Text(l, mapW+18, imgH-72+float64(i)*16, 0, 0.5, inkWhite)
	}
}

// star draws a gold five-pointed star of radius r centred on x, y.
func star(c *render.Canvas, x, y, r float64) {
	c.Poly(render.StarPoints(x, y, r))
	c.SetColor(inkYellow)
	c.FillPreserve()
	c.SetColor(inkBoxEdge)
	c.SetLineWidth(1)
	c.Stroke()
}

func (b *board) end(id string, div int) [2]float64 {
	if id == lostvalley.Start {
		return b.at[fmt.Sprintf("start-%d", div)]
	}
	return b.at[id]
}

// Dynamic draws one view.
func (b *board) Dynamic(c *render.Canvas, v adjudicator.View) error {
	bv, err := render.BoardAs[lostvalley.BoardView](v, "The Lost Valley")
	if err != nil {
		return err
	}
	for _, dv := range bv.Divisions {
		b.division(c, dv)
	}
	for _, z := range bv.DZs {
		b.dropZone(c, z)
	}
	for _, cr := range bv.CRs {
		b.box(c, cr)
	}
	b.panel(c, bv, v)
	return nil
}

func (b *board) division(c *render.Canvas, dv lostvalley.DivView) {
	p := b.at[fmt.Sprintf("start-%d", dv.ID)]
	col := divInk(dv.Color)
	c.Rect(p[0]-60, p[1]-32, p[0]+60, p[1]+32, col)
	c.Frame(p[0]-60, p[1]-32, p[0]+60, p[1]+32, 2, inkBoxEdge)
	c.Font(17, true)
	c.Text(fmt.Sprintf("VM %d", dv.ID), p[0], p[1]-14, 0.5, 0.5, inkWhite)
	c.Font(14, true)
	state := "active"
	if !dv.Active {
		state = "INACTIVE"
	}
	c.Text(fmt.Sprintf("strength %d", dv.Strength), p[0], p[1]+4, 0.5, 0.5, inkWhite)
	c.Font(12, false)
	c.Text(state, p[0], p[1]+20, 0.5, 0.5, inkWhite)
}

func (b *board) dropZone(c *render.Canvas, z lostvalley.DZView) {
	p := b.at[z.ID]
	c.DrawCircle(p[0], p[1], dzR)
	if z.French {
		c.SetColor(inkDZ)
	} else {
		c.SetColor(inkVM)
	}
	c.FillPreserve()
	c.SetColor(inkBoxEdge)
	c.SetLineWidth(1.5)
	c.Stroke()
	col := inkText
	if !z.French {
		col = inkWhite
	}
	c.Font(13, true)
	c.Text(z.ID, p[0], p[1]-8, 0.5, 0.5, col)
	c.Font(11, false)
	label := "DZ"
	if !z.French {
		label = "DZ lost"
	}
	if len(z.Units) > 0 {
		label = strings.Join(z.Units, ", ")
	}
	c.Text(label, p[0], p[1]+9, 0.5, 0.5, col)
}

// box draws a CR: its name bar (blue French, vermilion VM, grey No Man's
// Land), fortifications, stars and icons, then Active and Used units.
func (b *board) box(c *render.Canvas, cr lostvalley.CRView) {
	p := b.at[cr.ID]
	x0, y0 := p[0]-boxW/2, p[1]-boxH/2
	x1, y1 := x0+boxW, y0+boxH
	c.Rect(x0, y0, x1, y1, inkBox)
	bar := inkFrench
	ctl := "French"
	switch cr.Control {
	case "vm":
		bar, ctl = inkVM, fmt.Sprintf("VM %d", cr.VM)
		if dv, ok := b.divs[cr.VM]; ok {
			c.Rect(x0, y0, x1, y1, divInk(dv.Color))
			c.Rect(x0+6, y0+24, x1-6, y1-6, inkBox)
		}
	case "nml":
		bar, ctl = inkNML, "No Man's Land"
	}
	c.Rect(x0, y0, x1, y0+22, bar)
	c.Frame(x0, y0, x1, y1, 2, inkBoxEdge)
	c.Font(14, true)
	c.Text(cr.Name, x0+6, y0+11, 0, 0.5, inkWhite)
	// Stars (2.2.4.1): gold five-pointed stars in the name bar, the CM
	// lost when the CR falls.
	for i := 0; i < cr.Stars; i++ {
		star(c, x1-12-float64(i)*17, y0+11, 7.5)
	}
	// Fortifications: a brown square with the level (2.2.1.4).
	c.Rect(x1-30, y1-30, x1-4, y1-4, inkFort)
	c.Font(16, true)
	c.Text(fmt.Sprint(cr.Fort), x1-17, y1-17, 0.5, 0.5, inkWhite)
	c.Font(10, false)
	var icons []string
	for _, ic := range cr.Icons {
		switch ic {
		case "artillery":
			icons = append(icons, "gun")
		case "aaa":
			icons = append(icons, "AA")
		case "pc":
			icons = append(icons, "PC")
		case "airstrip":
			icons = append(icons, "airstrip")
		case "bombard":
			icons = append(icons, "bomb")
		case "encircle":
			if !cr.Encircled {
				icons = append(icons, "enc")
			}
		}
	}
	status := ctl
	if cr.Encircled {
		status += ", ENCIRCLED"
	}
	c.Text(status+"  "+strings.Join(icons, " "), x0+6, y0+33, 0, 0.5, inkText)
	// The stacking limit (2.2.1.3): infantry steps / assets.
	if box := b.d.CR(cr.ID); box != nil {
		c.Font(10, true)
		c.Text(fmt.Sprintf("%d/%d", box.Stack[0], box.Stack[1]), x1-6, y0+33, 1, 0.5, inkText)
	}
	// Units: Active in blue, Used on a grey band; two columns when more
	// than five, and "+N more" past ten, so that no unit goes unshown
	// silently.
	type entry struct {
		label string
		used  bool
	}
	var es []entry
	for _, u := range cr.Active {
		es = append(es, entry{u, false})
	}
	for _, u := range cr.Used {
		es = append(es, entry{u, true})
	}
	cols, size := 1, 11.0
	if len(es) > 5 {
		cols, size = 2, 9.5
	}
	colW := (boxW - 40) / float64(cols)
	for i, e := range es {
		if i == 10 || (cols == 1 && i == 5) {
			c.Font(10, true)
			c.Text(fmt.Sprintf("+%d more", len(es)-i), x0+8, y1-10, 0, 0.5, inkVM)
			break
		}
		col, row := 0, i
		if cols == 2 {
			col, row = i%2, i/2
		}
		x := x0 + 8 + float64(col)*colW
		y := y0 + 48 + float64(row)*13
		c.Font(size, !e.used)
		l := strings.NewReplacer(" (reduced)", " (red)", " (disrupted)", " (DIS)").Replace(e.label)
		for c.Width(l) > colW-4 && len(l) > 3 {
			l = l[:len(l)-1]
		}
		if e.used {
			c.Rect(x-4, y-6, x+colW-6, y+6, inkUsed)
			c.Text(l, x, y, 0, 0.5, inkText)
		} else {
			c.Text(l, x, y, 0, 0.5, inkFrench)
		}
	}
}

func (b *board) panel(c *render.Canvas, bv *lostvalley.BoardView, v adjudicator.View) {
	x := float64(mapW + 16)
	y := 28.0
	line := func(size float64, bold bool, col color.Color, s string) {
		c.Font(size, bold)
		for _, l := range c.Wrap(s, panelW-32) {
			c.Text(l, x, y, 0, 0.5, col)
			y += size + 5
		}
	}
	line(20, true, inkTextLt, fmt.Sprintf("Turn %d of %d", bv.Turn, bv.Last))
	line(13, false, inkTextDim, v.Prompt.Phase)
	y += 6
	c.Rect(x-6, y-12, mapW+panelW-10, y+92, inkPanel2)
	line(15, true, inkTextLt, fmt.Sprintf("Camp Morale %d   Resources %d", bv.CM, bv.RP))
	line(15, true, inkTextLt, fmt.Sprintf("SITREP %+d   VM AAA %d", bv.SITREP, bv.AAA))
	line(15, true, inkTextLt, fmt.Sprintf("AP %d   ASP %d", bv.AP, bv.ASP))
	line(15, true, inkTextLt, "Airstrip: "+bv.Airstrip)
	y += 10
	if bv.Drawn != "" {
		line(15, true, inkYellow, "Card drawn: "+bv.Drawn)
	}
	hand := "empty"
	if len(bv.Hand) > 0 {
		hand = strings.Join(bv.Hand, "; ")
	}
	line(13, false, inkTextLt, "Reserve hand: "+hand)
	line(12, false, inkTextDim, fmt.Sprintf("Draw pile %d, discard %d. Event cards authored by Umpire; the printed cards may differ.", bv.Deck, bv.Discard))
	if len(bv.Optional) > 0 {
		line(12, false, inkTextLt, "Optional rules: "+strings.Join(bv.Optional, ", "))
	}
	y += 8
	if bv.Fight != "" {
		line(15, true, inkVM, bv.Fight)
	}
	if bv.Result != "" {
		line(17, true, inkYellow, bv.Result)
	}
	y += 8
	line(13, true, inkTextLt, "Awaiting: "+awaiting(v.Prompt))
	line(12, false, inkTextDim, v.Prompt.Decision)
}

func awaiting(p adjudicator.Prompt) string {
	if p.Over {
		return "nobody: the game is over"
	}
	return "the French player"
}
