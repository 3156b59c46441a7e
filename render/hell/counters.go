package hellmap

import (
	"fmt"
	"math"
	"strings"

	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
)

// piece is one thing drawn in a stack: a counter, or a "+N" chip standing
// for counters of a side not drawn.
type piece struct {
	k    hell.Counter
	n    int  // how many identical counters it stands for (dummies, hidden)
	chip bool // a "+N" chip: k.Side and n only
}

func (p piece) width() float64 {
	if p.chip {
		return chipW
	}
	return counterW
}

// Stack caps: a PA card shows at most capPA counters (one more when both
// sides are there: an assault), a zone tray capZone; the rest become a
// "+N" chip per side.
const (
	capPA   = 3
	capZone = 6
)

// pieces turns a location's counters into what is drawn: French first,
// then the VM's visible battalions, its dummies (one counter with a count)
// and its hidden counters (one counter with a count); over the cap, each
// side keeps at least one counter and the rest become chips.
func pieces(cs []hell.Counter, limit int) []piece {
	var fr, vm []piece
	var dummies, hidden piece
	for _, k := range cs {
		switch {
		case k.Side == hell.French:
			fr = append(fr, piece{k: k, n: 1})
		case k.Kind == "hidden":
			n := k.Count
			if n < 1 {
				n = 1
			}
			if hidden.n == 0 {
				hidden = piece{k: hell.Counter{Side: hell.VM, Kind: "hidden", Hidden: true}}
			}
			hidden.n += n
		case k.Kind == "dummy":
			if dummies.n == 0 {
				dummies = piece{k: hell.Counter{Side: hell.VM, Kind: "dummy", Hidden: k.Hidden}}
			}
			dummies.k.Hidden = dummies.k.Hidden || k.Hidden
			dummies.n++
		default:
			vm = append(vm, piece{k: k, n: 1})
		}
	}
	if dummies.n > 0 {
		vm = append(vm, dummies)
	}
	if hidden.n > 0 {
		vm = append(vm, hidden)
	}
	if limit == capPA && len(fr) > 0 && len(vm) > 0 {
		limit++
	}
	if len(fr)+len(vm) <= limit {
		return append(fr, vm...)
	}
	sf, sv := min(len(fr), 1), min(len(vm), 1)
	for sf+sv < limit {
		if sf < len(fr) && (sf <= sv || sv == len(vm)) {
			sf++
		} else if sv < len(vm) {
			sv++
		} else {
			break
		}
	}
	out := append([]piece(nil), fr[:sf]...)
	if rest := count(fr[sf:]); rest > 0 {
		out = append(out, piece{k: hell.Counter{Side: hell.French}, n: rest, chip: true})
	}
	out = append(out, vm[:sv]...)
	if rest := count(vm[sv:]); rest > 0 {
		out = append(out, piece{k: hell.Counter{Side: hell.VM}, n: rest, chip: true})
	}
	return out
}

func count(ps []piece) int {
	n := 0
	for _, p := range ps {
		n += p.n
	}
	return n
}

// split breaks a unit id at its last "-" or "/": "3/13DBLE-1" is
// "3/13DBLE" and "1"; "308/88/23" is "308/88" and "23".
func split(id string) (string, string) {
	i := strings.LastIndexAny(id, "-/")
	if i <= 0 || i == len(id)-1 {
		return id, ""
	}
	return id[:i], id[i+1:]
}

// drawCounter draws a counter with its top-left corner at (x, y).
func drawCounter(c *render.Canvas, x, y float64, p piece) {
	if p.chip {
		drawChip(c, x, y, chipW, counterH, p.k.Side, p.n)
		return
	}
	k := p.k
	w, hh := counterW, counterH
	switch {
	case k.Kind == "hidden":
		drawHidden(c, x, y, p.n)
		return
	case k.Kind == "dummy":
		drawDummy(c, x, y, p)
		return
	}
	body, edge, text := inkFr, inkFrDark, inkTextLt
	if k.Side == hell.VM {
		body, edge, text = inkVM, inkVMDark, inkText
		if k.Hidden {
			body = inkVMLight
		}
	} else if k.Kind == hell.KindTank {
		body = inkTank
	}
	// shadow, body, edge
	c.Rect(x+2, y+2, x+w+2, y+hh+2, render.Alpha(inkBlack, 0.35))
	c.Rect(x, y, x+w, y+hh, body)
	if k.Side == hell.VM && k.Hidden {
		dashedFrame(c, x, y, w, hh, inkVMDark)
	} else {
		c.Frame(x, y, x+w, y+hh, 1, edge)
	}
	unit, sub := split(k.ID)
	if k.Side == hell.French && k.Kind == hell.KindTank {
		unit = "TANKS"
	}
	c.FitFont(unit, w-4, 9.5, counterText, true)
	c.Text(unit, x+2, y+7, 0, 0.5, text)

	// symbol and company / battalion number
	sx, sy := x+3, y+13
	if k.Side == hell.VM {
		regiment(c, sx, sy, k.Symbol)
	} else {
		nato(c, sx, sy, k.Kind, text)
	}
	c.FitFont(sub, w-22-10, 13, 9, true)
	c.Text(sub, x+22, y+19, 0, 0.5, text)

	// steps, down the right edge: filled pips for steps left, hollow for
	// steps lost
	n := k.MaxSteps
	if n <= 0 {
		n = k.Steps
	}
	for i := 0; i < n; i++ {
		px, py := x+w-5.5, y+14+float64(i)*6.5
		if i < k.Steps {
			c.Rect(px-2.5, py-2.5, px+2.5, py+2.5, text)
		} else {
			c.Frame(px-2.5, py-2.5, px+2.5, py+2.5, 1, text)
		}
	}
	// fire - hand-to-hand - morale
	vals := fmt.Sprintf("%d-%d-%d", k.Fire, k.Melee, k.Morale)
	c.Font(10, true)
	c.Text(vals, x+(w-8)/2, y+30, 0.5, 0.5, text)

	// markers in the band above the counter (markH, which the stacks'
	// layout leaves free), never over its id (issue 15, item 4)
	mx := x + w
	if k.Losses > 0 {
		mx -= badge(c, mx, y-markH+4, fmt.Sprintf("-%d", k.Losses), inkBlack, inkWhite) + 2
	}
	if k.Disorg {
		mx -= badge(c, mx, y-markH+4, "D", inkDisorg, inkBlack) + 2
	}
	if k.Fatigued {
		badge(c, mx, y-markH+4, "F", inkFatig, inkBlack)
	}
}

// markH is the band above a counter its markers (step losses, D, F)
// take.
const markH = 12.0

// marked reports whether a piece has markers (and needs the band).
func (p piece) marked() bool {
	return !p.chip && (p.k.Losses > 0 || p.k.Disorg || p.k.Fatigued)
}

// nato draws the unit-type box: infantry a cross, a machine-gun platoon a
// cross with a bar, tanks an oval.
func nato(c *render.Canvas, x, y float64, kind string, ink interface{ RGBA() (r, g, b, a uint32) }) {
	w, h := 16.0, 11.0
	c.SetColor(ink)
	c.SetLineWidth(1.2)
	c.DrawRectangle(x+0.5, y+0.5, w, h)
	switch kind {
	case hell.KindTank:
		c.DrawEllipse(x+0.5+w/2, y+0.5+h/2, w/2-3, h/2-2.5)
	case hell.KindMG:
		c.DrawLine(x+0.5, y+0.5, x+0.5+w, y+0.5+h)
		c.DrawLine(x+0.5+w, y+0.5, x+0.5, y+0.5+h)
		c.DrawLine(x+0.5+w/2, y+0.5, x+0.5+w/2, y+0.5+h)
	default:
		c.DrawLine(x+0.5, y+0.5, x+0.5+w, y+0.5+h)
		c.DrawLine(x+0.5+w, y+0.5, x+0.5, y+0.5+h)
	}
	c.Stroke()
	if kind == hell.KindThai {
		c.Font(counterText, true)
		c.Text("T", x+w/2+0.5, y+h/2+1, 0.5, 0.5, ink)
	}
}

// regiment draws the VM regimental symbol: its number in a black disc.
func regiment(c *render.Canvas, x, y float64, sym string) {
	c.DrawCircle(x+8, y+6.5, 8.5)
	c.SetColor(inkBlack)
	c.Fill()
	c.Font(counterText, true)
	c.Text(sym, x+8, y+6.5, 0.5, 0.5, inkVMLight)
}

func drawHidden(c *render.Canvas, x, y float64, n int) {
	w, hh := counterW, counterH
	c.Rect(x+2, y+2, x+w+2, y+hh+2, render.Alpha(inkBlack, 0.35))
	c.Rect(x, y, x+w, y+hh, inkHidden)
	// the counter back: diagonal stripes
	c.SetColor(inkVM)
	c.SetLineWidth(2)
	poly := [][2]float64{{x, y}, {x + w, y}, {x + w, y + hh}, {x, y + hh}}
	for _, s := range render.Hatch(poly, -math.Pi/4, 8, 0) {
		c.DrawLine(s[0], s[1], s[2], s[3])
	}
	c.Stroke()
	c.Frame(x, y, x+w, y+hh, 1, inkVMDark)
	c.Font(counterText, true)
	c.Text("VM", x+3, y+7, 0, 0.5, inkBlack)
	c.Font(20, true)
	c.HaloText("?", x+w/2, y+hh/2+1, 0.5, 0.5, inkBlack, inkVMLight)
	if n > 1 {
		countBadge(c, x+w, y+hh, n)
	}
}

func drawDummy(c *render.Canvas, x, y float64, p piece) {
	w, hh := counterW, counterH
	c.Rect(x+2, y+2, x+w+2, y+hh+2, render.Alpha(inkBlack, 0.35))
	c.Rect(x, y, x+w, y+hh, inkVMLight)
	if p.k.Hidden {
		dashedFrame(c, x, y, w, hh, inkVMDark)
	} else {
		c.Frame(x, y, x+w, y+hh, 1, inkVMDark)
	}
	c.Font(10, true)
	c.Text("DUMMY", x+w/2, y+hh/2, 0.5, 0.5, inkText)
	if p.n > 1 {
		countBadge(c, x+w, y+hh, p.n)
	}
}

// dashedFrame marks a VM counter the French cannot identify (VM and
// referee views).
func dashedFrame(c *render.Canvas, x, y, w, h float64, ink interface{ RGBA() (r, g, b, a uint32) }) {
	c.SetColor(ink)
	c.SetLineWidth(1.6)
	c.SetDash(4, 3)
	c.DrawRectangle(x+1, y+1, w-2, h-2)
	c.Stroke()
	c.SetDash()
}

// countBadge: "×N" in a white pill centred on the corner (x, y).
func countBadge(c *render.Canvas, x, y float64, n int) {
	countPath(c, c, x, y, n)
	c.SetColor(inkWhite)
	c.FillPreserve()
	c.SetColor(inkBlack)
	c.SetLineWidth(1.2)
	c.Stroke()
	countText(c, x, y, n)
}

func countText(c *render.Canvas, x, y float64, n int) {
	s := fmt.Sprintf("×%d", n)
	c.Font(11.5, true)
	w := c.Width(s) + 8
	c.Text(s, x-w/2+4, y-2.5, 0.5, 0.5, inkBlack)
}

// badge: a small marker with text, right edge at x, top at y-4; it
// returns its width.
func badge(c *render.Canvas, x, y float64, s string, fill, ink interface{ RGBA() (r, g, b, a uint32) }) float64 {
	c.Font(counterText, true)
	w := math.Max(c.Width(s)+6, 12)
	c.DrawRoundedRectangle(x-w, y-4, w, 12, 3)
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(inkBlack)
	c.SetLineWidth(1)
	c.Stroke()
	c.Text(s, x-w/2, y+2, 0.5, 0.5, ink)
	return w
}

func drawChip(c *render.Canvas, x, y, w, h float64, side string, n int) {
	body, edge := inkFrLight, inkFrDark
	if side == hell.VM {
		body, edge = inkVMLight, inkVMDark
	}
	c.Rect(x, y, x+w, y+h, body)
	c.Frame(x, y, x+w, y+h, 1, edge)
	s := fmt.Sprintf("+%d", n)
	c.FitFont(s, w-4, 12, 8, true)
	c.Text(s, x+w/2, y+h/2, 0.5, 0.5, inkText)
}
