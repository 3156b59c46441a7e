// Package stormmap draws Storm over Dien Bien Phu's area map from a View:
// the areas with their control, defense, trench level, fire and
// no-supply markers and each side's fresh and spent units, and a panel
// with the turn, who is awaited, both hands' sizes, the discard piles,
// removed cards and, in a player's own view, their hand.
package stormmap

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/storm"
	"github.com/umpirebot/umpire/render"
)

// Storm over Dien Bien Phu's map in the drawing registry.
func init() {
	render.RegisterBoard("storm", func(r adjudicator.Rules) (render.Board, error) {
		sr, ok := r.(*storm.Rules)
		if !ok {
			return nil, fmt.Errorf("rules of type %T are not Storm over Dien Bien Phu's", r)
		}
		return NewBoard(sr), nil
	})
}

const (
	mapW, mapH = 1000, 1000
	panelW     = 440
	boxW, boxH = 128, 74
)

var (
	inkGround  = render.Hex("#efe6c8")
	inkHill    = render.Hex("#d9c79a")
	inkAdj     = render.Hex("#b5a57e")
	inkRiver   = render.Hex("#2f6fb5")
	inkBridge  = render.Hex("#6b4a2b")
	inkFrench  = render.Hex("#2458a6")
	inkFrenchL = render.Hex("#c9daf3")
	inkVM      = render.Hex("#c8362b")
	inkVML     = render.Hex("#f4cdc8")
	inkText    = render.Hex("#161616")
	inkTextLt  = render.Hex("#f2f2f2")
	inkDim     = render.Hex("#a9b0bb")
	inkPanel   = render.Hex("#1e2127")
	inkPanel2  = render.Hex("#2a2e36")
	inkWhite   = render.Hex("#ffffff")
	inkGold    = render.Hex("#d9a514")
	inkGreen   = render.Hex("#3e8a3a")
	inkBlue    = render.Hex("#2f6fb5")
	inkFire    = render.Hex("#ff8c1a")
	inkGrey    = render.Hex("#8a8a8a")
	inkBlack   = render.Hex("#000000")
)

type board struct {
	areas   map[int]storm.Area
	ids     []int
	river   [][2]int
	bridges [][2]int
}

// NewBoard makes the drawing from the rules' data.
func NewBoard(r *storm.Rules) render.Board {
	d := r.Data()
	b := &board{areas: map[int]storm.Area{}, ids: d.AreaIDs}
	for _, a := range d.AreaIDs {
		b.areas[a] = *d.Area[a]
	}
	b.river, b.bridges = r.Rivers()
	return b
}

func (b *board) Size() image.Point { return image.Pt(mapW+panelW, mapH) }

func (b *board) Inks() []color.RGBA {
	return []color.RGBA{inkGround, inkHill, inkAdj, inkRiver, inkBridge, inkFrench, inkFrenchL, inkVM, inkVML, inkText,
		inkTextLt, inkDim, inkPanel, inkPanel2, inkWhite, inkGold, inkGreen, inkBlue, inkFire, inkGrey, inkBlack}
}

// px maps a data coordinate (0-1000) into the map's pixels, keeping the
// boxes inside.
func px(v int, size float64) float64 { return 70 + float64(v)*(size-140)/1000 }

func (b *board) centre(a int) (float64, float64) {
	ar := b.areas[a]
	return px(ar.X, mapW), px(ar.Y, mapH)
}

func (b *board) Static(c *render.Canvas) {
	c.Rect(0, 0, mapW, mapH, inkGround)
	// the hills that ring the valley: red areas' ground
	for _, a := range b.ids {
		if b.areas[a].Class == "red" {
			x, y := b.centre(a)
			c.SetColor(inkHill)
			c.DrawCircle(x, y, 95)
			c.Fill()
		}
	}
	// borders
	c.SetLineWidth(2)
	for _, a := range b.ids {
		for _, o := range b.areas[a].Adjacent {
			if a < o {
				x0, y0 := b.centre(a)
				x1, y1 := b.centre(o)
				c.SetColor(inkAdj)
				c.DrawLine(x0, y0, x1, y1)
				c.Stroke()
			}
		}
	}
	// the Nam Yum: a blue bar across each river border, a brown one on
	// the two bridges
	bar := func(p [2]int, col color.Color, w float64) {
		x0, y0 := b.centre(p[0])
		x1, y1 := b.centre(p[1])
		mx, my := (x0+x1)/2, (y0+y1)/2
		dx, dy := x1-x0, y1-y0
		l := math.Hypot(dx, dy)
		nx, ny := -dy/l*22, dx/l*22
		c.SetColor(col)
		c.SetLineWidth(w)
		c.DrawLine(mx-nx, my-ny, mx+nx, my+ny)
		c.Stroke()
	}
	for _, p := range b.river {
		bar(p, inkRiver, 7)
	}
	for _, p := range b.bridges {
		bar(p, inkRiver, 7)
		x0, y0 := b.centre(p[0])
		x1, y1 := b.centre(p[1])
		c.SetColor(inkBridge)
		c.SetLineWidth(6)
		mx, my := (x0+x1)/2, (y0+y1)/2
		dx, dy := (x1-x0)/math.Hypot(x1-x0, y1-y0)*14, (y1-y0)/math.Hypot(x1-x0, y1-y0)*14
		c.DrawLine(mx-dx, my-dy, mx+dx, my+dy)
		c.Stroke()
	}
	c.Font(13, true)
	c.HaloText("Nam Yum", px(590, mapW), 18, 0.5, 0.5, inkRiver, inkGround)
	c.Rect(mapW, 0, mapW+panelW, mapH, inkPanel)
}

func (b *board) Dynamic(c *render.Canvas, v adjudicator.View) error {
	bd, err := render.BoardAs[storm.Board](v, "Storm over Dien Bien Phu")
	if err != nil {
		return err
	}
	for _, av := range bd.Areas {
		b.drawArea(c, av)
	}
	b.panel(c, v, bd)
	return nil
}

func (b *board) drawArea(c *render.Canvas, av storm.AreaView) {
	x, y := b.centre(av.ID)
	x0, y0 := x-boxW/2, y-boxH/2
	fill, edge := inkFrenchL, inkFrench
	if av.Control == storm.VM {
		fill, edge = inkVML, inkVM
	}
	c.Rect(x0, y0, x0+boxW, y0+boxH, fill)
	c.Frame(x0, y0, x0+boxW, y0+boxH, 3, edge)
	// number (red: no French entry; blue: airstrip; green: west bank)
	numCol := inkText
	switch av.Class {
	case "red":
		numCol = inkVM
	case "blue":
		numCol = inkBlue
	case "green":
		numCol = inkGreen
	}
	c.Font(15, true)
	c.Text(fmt.Sprint(av.ID), x0+5, y0+14, 0, 0, numCol)
	c.Font(10, false)
	name := av.Name
	for c.Width(name) > boxW-44 && len(name) > 4 {
		name = name[:len(name)-2]
	}
	c.Text(name, x0+30, y0+13, 0, 0, inkText)
	// defense (and trench), victory star, card symbol
	c.Font(11, true)
	def := fmt.Sprintf("D%d", av.Defense)
	if av.Trench > 0 {
		def += fmt.Sprintf(" T%d", av.Trench)
	}
	c.Text(def, x0+5, y0+boxH-7, 0, 0, inkText)
	if av.Victory {
		c.SetColor(inkGold)
		c.Poly(render.StarPoints(x0+boxW-12, y0+boxH-12, 8))
		c.Fill()
	}
	if av.Symbol != "" {
		col := inkWhite
		if av.Symbol == "grey" {
			col = inkGrey
		}
		c.Rect(x0+boxW-30, y0+boxH-20, x0+boxW-24, y0+boxH-10, col)
		c.Frame(x0+boxW-30, y0+boxH-20, x0+boxW-24, y0+boxH-10, 1, inkText)
	}
	// units: per side, fresh and spent
	row := y0 + 34
	for _, side := range []storm.Side{storm.French, storm.VM} {
		fresh, spent := 0, 0
		marks := map[string]int{}
		for _, u := range av.Units {
			if u.Side != side {
				continue
			}
			if u.Spent {
				spent++
			} else {
				fresh++
			}
			if u.Mark != "" {
				marks[u.Mark]++
			}
		}
		if fresh+spent == 0 {
			continue
		}
		col, lt := inkFrench, inkFrenchL
		label := "FR"
		if side == storm.VM {
			col, lt, label = inkVM, inkVML, "VM"
		}
		c.Rect(x0+5, row-10, x0+boxW-5, row+5, col)
		c.Font(11, true)
		txt := fmt.Sprintf("%s %d fresh", label, fresh)
		switch {
		case fresh == 0:
			txt = fmt.Sprintf("%s %d spent", label, spent)
		case spent > 0:
			txt += fmt.Sprintf(" +%d spent", spent)
		}
		c.Text(txt, x0+9, row+1, 0, 0, inkTextLt)
		_ = lt
		var ms []string
		for _, k := range []string{"armor", "thai", "elite", "repl"} {
			if marks[k] > 0 {
				ms = append(ms, fmt.Sprintf("%d %s", marks[k], k))
			}
		}
		if len(ms) > 0 {
			c.Font(9, false)
			c.Text(strings.Join(ms, ", "), x0+9, row+14, 0, 0, inkText)
			row += 10
		}
		row += 18
	}
	if av.Fire != "" {
		col := inkFrench
		if av.Fire == storm.VM {
			col = inkVM
		}
		c.SetColor(inkFire)
		c.DrawCircle(x0+boxW-8, y0+8, 9)
		c.Fill()
		c.Font(9, true)
		c.Text("F", x0+boxW-11, y0+11, 0, 0, col)
	}
	if av.NoSupply {
		c.Rect(x0+boxW-50, y0+boxH-22, x0+boxW-34, y0+boxH-8, inkBlack)
		c.Font(9, true)
		c.Text("NS", x0+boxW-49, y0+boxH-11, 0, 0, inkTextLt)
	}
}

func (b *board) panel(c *render.Canvas, v adjudicator.View, bd *storm.Board) {
	x := float64(mapW + 16)
	w := float64(panelW - 32)
	y := 30.0
	line := func(s string, size float64, bold bool, col color.Color) {
		c.Font(size, bold)
		for _, l := range c.Wrap(s, w) {
			c.Text(l, x, y, 0, 0, col)
			y += size + 5
		}
	}
	line("Storm over Dien Bien Phu", 20, true, inkTextLt)
	line(fmt.Sprintf("Turn %d of 8 — %s", bd.Turn, bd.Date), 15, true, inkTextLt)
	p := v.Prompt
	if p.Over {
		line("Game over. "+p.Result.Reason+".", 13, true, inkGold)
	} else {
		var aw []string
		for _, s := range p.Awaiting {
			aw = append(aw, strings.ToUpper(string(s)))
		}
		line(p.Phase, 12, false, inkDim)
		line("Awaiting: "+strings.Join(aw, ", "), 13, true, inkGold)
	}
	y += 6
	line(fmt.Sprintf("Victory areas held by the VM: %d of %d needed", bd.Held, bd.Target), 13, true, inkTextLt)
	y += 4
	for _, side := range []storm.Side{storm.VM, storm.French} {
		pc := bd.Cards[side]
		name := "France"
		col := inkFrenchL
		if side == storm.VM {
			name, col = "Viet Minh", inkVML
		}
		line(fmt.Sprintf("%s: %d card(s) in hand, %d in the draw pile, %d unit(s) lost", name, pc.Hand, pc.Deck, bd.Lost[side]), 12, true, col)
		if len(bd.Discards[side]) > 0 {
			line("Discards: "+strings.Join(bd.Discards[side], ", "), 10, false, inkDim)
		}
		if len(bd.Removed[side]) > 0 {
			line("Out of the game: "+strings.Join(bd.Removed[side], ", "), 10, false, inkDim)
		}
		y += 4
	}
	var turns []int
	for t := range bd.Arrive {
		turns = append(turns, t)
	}
	sort.Ints(turns)
	var arr []string
	for _, t := range turns {
		arr = append(arr, fmt.Sprintf("t%d: %d", t, bd.Arrive[t]))
	}
	line(fmt.Sprintf("VM replacements in the box: %d. Reinforcements to come: %s", bd.Pool, strings.Join(arr, ", ")), 11, false, inkDim)
	if bd.NoRepl {
		line("No VM replacement roll this turn.", 11, true, inkVML)
	}
	// the viewer's own hand
	var sides []storm.Side
	for s := range bd.Hand {
		sides = append(sides, s)
	}
	sort.Slice(sides, func(i, j int) bool { return sides[i] > sides[j] })
	for _, s := range sides {
		y += 8
		c.Rect(x-6, y-14, x+w+6, y-12, inkPanel2)
		line(fmt.Sprintf("%s's hand (private)", map[storm.Side]string{storm.VM: "The VM", storm.French: "France"}[s]), 13, true, inkGold)
		for _, cv := range bd.Hand[s] {
			t := fmt.Sprintf("%d %s [%s]", cv.Number, cv.Name, cv.Window)
			if cv.Entrench > 0 {
				t += fmt.Sprintf(" dig %d", cv.Entrench)
			}
			line(t, 11, false, inkTextLt)
		}
		if len(bd.Hand[s]) == 0 {
			line("(empty)", 11, false, inkDim)
		}
	}
	// key
	y = mapH - 70
	line("Key: blue frame France, red frame VM; D defense, T trench; star: victory area; F fire marker; NS no supply; number red: no French entry, blue: airstrip, green: west bank; blue bars: the Nam Yum, brown: bridges.", 10, false, inkDim)
}
