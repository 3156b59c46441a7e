package fgmap

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator/finalgamble"
	"github.com/umpirebot/umpire/adjudicator/hexgrid"
	"github.com/umpirebot/umpire/render"
)

// Static draws what no view changes: both sub-maps, the boxes' frames and
// arrows, the panel's frame and the tracks' scales.
func (b *board) Static(c *render.Canvas) {
	c.Rect(0, 0, float64(b.w), float64(b.h), inkBG)
	for _, g := range []*geo{b.dbp, b.isa} {
		b.terrain(c, g)
		b.lines(c, g)
		b.places(c, g)
	}
	c.Font(15, true)
	c.Text("DIEN BIEN PHU — hexes of 150 m; north is up", margin+4, b.dbp.h-6, 0, 0, inkTextLt)
	c.Font(13, true)
	c.Text("ISABELLE (5 km south; its own grid, 3z-304 around it)", b.isa.ox+margin, b.isa.oy-10, 0, 0, inkTextLt)
	b.boxesStatic(c)
	b.panelStatic(c)
}

// hexPoly traces hex id of g.
func (g *geo) hexPoly(c *render.Canvas, id string) {
	x, y := g.center(id)
	cs := g.lay.Corners(x, y)
	c.Poly(cs[:])
}

func (b *board) terrain(c *render.Canvas, g *geo) {
	for _, h := range g.m.Hexes() {
		ink := inkField
		switch {
		case h.Hill != "" && h.Forest:
			ink = inkHillF
		case h.Hill != "":
			ink = inkHill
		case h.Forest:
			ink = inkForest
		}
		g.hexPoly(c, h.ID)
		c.SetColor(ink)
		c.FillPreserve()
		c.SetColor(inkHexLn)
		c.SetLineWidth(0.7)
		c.Stroke()
		if h.Strong != "" {
			g.hexPoly(c, h.ID)
			c.SetColor(render.Alpha(inkSP, 0.55))
			c.Fill()
		}
		if h.Forest {
			x, y := g.center(h.ID)
			for _, d := range [][2]float64{{-12, 12}, {12, 12}, {0, 19}} {
				tree(c, x+d[0], y+d[1])
			}
		}
	}
	// the airstrip: a straight runway from its first hex to its last
	if n := len(g.m.Airstrip); n > 1 {
		x0, y0 := g.center(g.m.Airstrip[0])
		x1, y1 := g.center(g.m.Airstrip[n-1])
		c.SetColor(inkStrip)
		c.SetLineWidth(12)
		c.SetLineCapButt()
		c.DrawLine(x0, y0, x1, y1)
		c.Stroke()
	}
}

func tree(c *render.Canvas, x, y float64) {
	c.DrawCircle(x, y-2, 2.6)
	c.SetColor(render.Alpha(render.Hex("#4f7a35"), 0.7))
	c.Fill()
}

// side strokes the hexside between a and b.
func (g *geo) side(c *render.Canvas, a, b string) (x0, y0, x1, y1 float64) {
	ax, ay := g.center(a)
	bx, by := g.center(b)
	return g.lay.Edge(ax, ay, bx, by)
}

func (b *board) lines(c *render.Canvas, g *geo) {
	m := g.m
	each := func(f func(h, n *finalgamble.Hex)) {
		for _, h := range m.Hexes() {
			for _, nb := range hexgrid.Neighbors(h.Row, h.Col) {
				if n := m.Hex(hexgrid.ID(nb[0], nb[1])); n != nil && h.ID < n.ID {
					f(h, n)
				}
			}
		}
	}
	stroke := func(a, bb string, ink any, w float64, dash ...float64) {
		x0, y0, x1, y1 := g.side(c, a, bb)
		c.SetLineWidth(w)
		c.SetLineCapRound()
		switch k := ink.(type) {
		case interface{ RGBA() (r, g, b, a uint32) }:
			c.SetColor(k)
		}
		if len(dash) > 0 {
			c.SetDash(dash...)
		}
		c.DrawLine(x0, y0, x1, y1)
		c.Stroke()
		c.SetDash()
	}
	// hills: a rim where one begins (uphill, 1.5-B)
	each(func(h, n *finalgamble.Hex) {
		if h.Hill != n.Hill {
			stroke(h.ID, n.ID, inkHillLn, 2.2)
		}
	})
	// zones and sectors (1.3-E)
	each(func(h, n *finalgamble.Hex) {
		switch {
		case h.Sector != n.Sector:
			stroke(h.ID, n.ID, inkSector, 3)
		case h.Zone != n.Zone:
			stroke(h.ID, n.ID, inkZone, 1.4, 4, 3)
		}
	})
	// the Supply Area (1.3-D): pale white dashes
	each(func(h, n *finalgamble.Hex) {
		if h.Supply != n.Supply {
			stroke(h.ID, n.ID, inkSupply, 2.4, 6, 4)
		}
	})
	// roads, centre to centre
	for _, rd := range m.Roads {
		for i := 1; i < len(rd.Hexes); i++ {
			x0, y0 := g.center(rd.Hexes[i-1])
			x1, y1 := g.center(rd.Hexes[i])
			c.SetColor(inkRoad)
			c.SetLineWidth(3)
			c.SetLineCapRound()
			c.DrawLine(x0, y0, x1, y1)
			c.Stroke()
		}
	}
	// the Nam Youm along hexsides, bridges across
	for _, s := range m.River {
		a, bb, _ := strings.Cut(s, "/")
		stroke(a, bb, inkRiver, 5)
	}
	for _, s := range m.Bridges {
		a, bb, _ := strings.Cut(s, "/")
		ax, ay := g.center(a)
		bx, by := g.center(bb)
		mx, my := (ax+bx)/2, (ay+by)/2
		ux, uy := (bx-ax)/hexW, (by-ay)/hexW
		c.SetColor(inkBridge)
		c.SetLineWidth(7)
		c.SetLineCapButt()
		c.DrawLine(mx-ux*9, my-uy*9, mx+ux*9, my+uy*9)
		c.Stroke()
	}
	// wire (1.5-B): heavy a thick double line, light a thin dashed one
	for _, s := range m.HeavyWire {
		a, bb, _ := strings.Cut(s, "/")
		stroke(a, bb, inkWire, 4)
		stroke(a, bb, inkSP, 1.2)
	}
	for _, s := range m.LightWire {
		a, bb, _ := strings.Cut(s, "/")
		stroke(a, bb, inkWireLt, 1.8, 3, 2)
	}
}

// places: strongpoint codes, structures, outposts, zone numbers.
func (b *board) places(c *render.Canvas, g *geo) {
	m := g.m
	for _, sp := range m.Strongs {
		// the label in the strongpoint's northernmost hex, above its stack
		top := sp.Hexes[0]
		for _, id := range sp.Hexes {
			if _, y := g.center(id); func() bool { _, ty := g.center(top); return y < ty }() {
				top = id
			}
		}
		x, y := g.center(top)
		c.Font(9, true)
		w := c.Width(sp.Code) + 6
		box := render.BoxAt(math.Round(x-w/2), math.Round(y-g.lay.S()+3), w, 10)
		b.labels[g.name+":"+sp.Code] = box
		c.Rect(box.X0, box.Y0, box.X1, box.Y1, inkSP)
		c.Frame(box.X0, box.Y0, box.X1, box.Y1, 1, inkSPLn)
		c.Text(sp.Code, box.CX(), box.CY(), 0.5, 0.5, inkText)
		if len(sp.Hexes) >= 3 || sp.Code == "I-HQ" {
			// the big ones by name too, beside the map's ink
			c.Font(9, false)
			c.HaloText(sp.Name, x, box.Y0-3, 0.5, 0, inkText, inkSP)
		}
	}
	for _, st := range m.Structures {
		x, y := g.center(st.Hex)
		top := y - g.lay.S() + 4
		label := map[string]string{"hospital": "HOSP", "ammo": "AMMO", "fuel": "FUEL", "food": "FOOD", "pim": "PIM"}[st.Kind]
		c.Font(9, true)
		w := c.Width(label) + 6
		c.Rect(x-w/2, top, x+w/2, top+11, inkWhite)
		c.Frame(x-w/2, top, x+w/2, top+11, 1, inkHosp)
		c.Text(label, x, top+5.5, 0.5, 0.5, inkHosp)
		b.labels[g.name+":"+st.Name] = render.Corners(x-w/2, top, x+w/2, top+11)
	}
	for _, o := range m.Outposts {
		x, y := g.center(o)
		ty := y - g.lay.S() + 5
		c.MoveTo(x, ty)
		c.LineTo(x+6, ty+10)
		c.LineTo(x-6, ty+10)
		c.ClosePath()
		c.SetColor(inkWhite)
		c.FillPreserve()
		c.SetColor(inkBlack)
		c.SetLineWidth(1)
		c.Stroke()
	}
	// zone numbers ("2z-308"), at the hex of each zone nearest its middle
	type zk struct {
		sector string
		zone   int
	}
	hexes := map[zk][]*finalgamble.Hex{}
	for _, h := range m.Hexes() {
		if h.Sector != "" {
			k := zk{h.Sector, h.Zone}
			hexes[k] = append(hexes[k], h)
		}
	}
	keys := make([]zk, 0, len(hexes))
	for k := range hexes {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].sector != keys[j].sector {
			return keys[i].sector < keys[j].sector
		}
		return keys[i].zone < keys[j].zone
	})
	c.Font(10, true)
	for _, k := range keys {
		hs := hexes[k]
		var sx, sy float64
		for _, h := range hs {
			x, y := g.center(h.ID)
			sx, sy = sx+x, sy+y
		}
		sx, sy = sx/float64(len(hs)), sy/float64(len(hs))
		var best *finalgamble.Hex
		bd := math.Inf(1)
		for _, h := range hs {
			if h.Strong != "" || h.Struct != "" || h.Outpost {
				continue
			}
			x, y := g.center(h.ID)
			if d := math.Hypot(x-sx, y-sy); d < bd {
				best, bd = h, d
			}
		}
		if best == nil {
			continue
		}
		x, y := g.center(best.ID)
		c.HaloText(strconv.Itoa(k.zone)+"z-"+k.sector, x, y-10, 0.5, 0.5, inkSector, inkWhite)
	}
}

// boxesStatic: the boxes' frames and names, and the arrows (1.3-F).
func (b *board) boxesStatic(c *render.Canvas) {
	r := b.boxR
	c.Rect(r.X0, r.Y0, r.X1, r.Y1, inkPanel2)
	c.Font(13, true)
	c.Text("BOXES (arrows: blue France, red VM, grey both)", r.X0+10, r.Y0+18, 0, 0, inkTextLt)
	for _, a := range b.d.Boxes.Arrows {
		from, ok1 := b.boxes[a.From]
		to, ok2 := b.boxes[a.To]
		ink := map[string]any{"blue": inkBlueArr, "red": inkRedArr, "gray": inkGrayArr}[a.Color]
		col := ink.(interface{ RGBA() (r, g, b, a uint32) })
		var ax, ay, bx, by float64
		switch {
		case ok1 && ok2:
			ax, ay, bx, by = edgeToward(from, to)
		case ok1 && a.To == "DBP":
			ax, ay = from.CX()-20, from.Y0
			bx, by = ax-40, r.Y0+4
		case ok1 && a.To == "Isabelle":
			ax, ay = from.CX()+20, from.Y0
			bx, by = ax, r.Y0+4
		default:
			continue
		}
		if math.Hypot(bx-ax, by-ay) < 6 {
			continue
		}
		if a.BothWays {
			// one arrow with two heads: two halves from the middle
			mx, my := (ax+bx)/2, (ay+by)/2
			c.Arrow(mx, my, bx, by, 4, col, inkBG)
			c.Arrow(mx, my, ax, ay, 4, col, inkBG)
		} else {
			c.Arrow(ax, ay, bx, by, 4, col, inkBG)
		}
		if !ok2 && a.To == "Isabelle" {
			c.Font(9, true)
			c.Text("to "+a.To, bx-6, by+10, 1, 0, inkTextDim)
		} else if !ok2 {
			c.Font(9, true)
			c.Text("to "+a.To, bx+4, by+10, 0, 0, inkTextDim)
		}
	}
	for id, bx := range b.boxes {
		_ = id
		c.Rect(bx.X0, bx.Y0, bx.X1, bx.Y1, inkBG)
		c.Frame(bx.X0, bx.Y0, bx.X1, bx.Y1, 1.5, inkPanelLn)
	}
	names := make([]string, 0, len(b.boxes))
	for id := range b.boxes {
		names = append(names, id)
	}
	sort.Strings(names)
	for _, id := range names {
		bx := b.boxes[id]
		name := strings.Replace(id, "Artillery Zone Markers", "Art. Zone Markers", 1)
		c.FitFont(name, bx.W()-8, 11, 9, true)
		c.Text(name, bx.X0+4, bx.Y0+12, 0, 0, inkTextLt)
	}
}

// edgeToward is an arrow from box a's side toward box b's.
func edgeToward(a, b render.Box) (ax, ay, bx, by float64) {
	switch {
	case b.X0 >= a.X1:
		return a.X1, a.CY(), b.X0, b.CY()
	case a.X0 >= b.X1:
		return a.X0, a.CY(), b.X1, b.CY()
	case b.Y0 >= a.Y1:
		return a.CX(), a.Y1, b.CX(), b.Y0
	default:
		return a.CX(), a.Y0, b.CX(), b.Y1
	}
}

// panelStatic: the tracks' frame, the Game Turn Track's slots.
func (b *board) panelStatic(c *render.Canvas) {
	r := b.trackR
	c.Rect(r.X0, r.Y0, r.X1, r.Y1, inkPanel2)
	c.Rect(r.X0, r.Y0, r.X1, r.Y0+2, inkPanelLn)
	c.Font(13, true)
	c.Text("GAME TURN TRACK", r.X0+10, r.Y0+20, 0, 0, inkTextLt)
	for i, t := range b.d.Tracks.GameTurn.Turns {
		bx := b.turnBox(i)
		ink := map[string]any{"dry": inkDry, "rain": inkRain, "monsoon": inkMonsoon}[t.Period].(interface{ RGBA() (r, g, b, a uint32) })
		c.SetColor(ink)
		c.DrawRectangle(bx.X0, bx.Y0, bx.W(), bx.H())
		c.Fill()
		c.Font(11, true)
		tc := inkText
		if t.Period == "monsoon" {
			tc = inkTextLt
		}
		c.Text(strconv.Itoa(t.N), bx.X0+4, bx.Y0+13, 0, 0, tc)
		c.Font(9, false)
		day, _, _ := strings.Cut(t.Dates, " ")
		c.Text(day, bx.X0+4, bx.Y0+26, 0, 0, tc)
		if t.Scenario != "" {
			c.Font(10, true)
			c.Text(t.Scenario, bx.X1-3, bx.Y1-4, 1, 0, tc)
		}
	}
	c.Font(10, false)
	c.Text("Dry", r.X0+10, r.Y0+112, 0, 0, inkDry)
	c.Text("Rain", r.X0+40, r.Y0+112, 0, 0, inkRain)
	c.Text("Monsoon", r.X0+76, r.Y0+112, 0, 0, inkRain)
	c.Text("MC: VM Morale Check;  A-D: scenario starts", r.X0+136, r.Y0+112, 0, 0, inkTextDim)
	b.airdropChart(c)
}

// airdropChart draws the Airdrop Chart (5.4) at the panel's foot: black
// die rows, white die columns; each slot's printing (T/D Zones number,
// Rain, Monsoon), green and white slots.
func (b *board) airdropChart(c *render.Canvas) {
	r := b.trackR
	cw, ch := airdropCellW, airdropCellH
	x0, y0 := b.airdropOrigin()
	c.Font(11, true)
	c.Text("AIRDROP CHART (5.4): black die rows, white die columns", r.X0+10, y0-20, 0, 0, inkTextLt)
	c.Font(10, false)
	for j := 0; j < 6; j++ {
		c.Text(strconv.Itoa(j+1), x0+cw*float64(j)+cw/2, y0-3, 0.5, 0, inkTextDim)
	}
	for i, row := range b.d.Charts.Airdrop.Slots {
		y := y0 + float64(i)*ch
		c.Text(strconv.Itoa(i+1), x0-8, y+ch/2, 1, 0.5, inkTextDim)
		for j, sl := range row {
			x := x0 + float64(j)*cw
			body, text := inkBG, inkTextLt
			switch {
			case sl.White:
				body, text = inkWhite, inkText
			case sl.Green:
				body, text = inkHillF, inkText
			}
			c.Rect(x+1, y+1, x+cw-1, y+ch-1, body)
			label := ""
			switch {
			case sl.TD != 0:
				label = "T/D " + strconv.Itoa(sl.TD)
			case sl.Rain:
				label = "Rain"
			case sl.Monsoon:
				label = "Monsoon"
			}
			if label != "" {
				c.Font(9, false)
				c.Text(label, x+cw/2, y+ch/2, 0.5, 0.5, text)
			}
		}
	}
	c.Font(9, false)
	c.Text("white: Standby Force turns only", x0+6*cw+10, y0+8, 0, 0, inkTextDim)
	c.Text("green: closed, one per 4 units in Laos", x0+6*cw+10, y0+22, 0, 0, inkTextDim)
	c.Text("T/D n: closed when Trench + Dig", x0+6*cw+10, y0+36, 0, 0, inkTextDim)
	c.Text("Zones number n or more", x0+6*cw+10, y0+48, 0, 0, inkTextDim)
	c.Text("Rain: closed from Rain on;", x0+6*cw+10, y0+62, 0, 0, inkTextDim)
	c.Text("Monsoon: closed in Monsoon", x0+6*cw+10, y0+74, 0, 0, inkTextDim)
}

// The Airdrop Chart's slots (5.4): 6 x 6 of these.
const airdropCellW, airdropCellH = 52.0, 17.0

// airdropOrigin is the top-left corner of the Airdrop Chart's first slot.
func (b *board) airdropOrigin() (x0, y0 float64) {
	return b.trackR.X0 + 40, b.trackR.Y1 - 6*airdropCellH - 12
}

// turnBox is slot i of the Game Turn Track: two rows of eleven.
func (b *board) turnBox(i int) render.Box {
	r := b.trackR
	w := (r.W() - 20) / 11
	return render.BoxAt(r.X0+10+float64(i%11)*w, r.Y0+30+float64(i/11)*36, w-3, 33)
}
