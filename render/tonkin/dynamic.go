package tonkinmap

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/tonkin"
	"github.com/umpirebot/umpire/render"
)

// boardOf extracts the tonkin.BoardView of a view (render.BoardAs).
func boardOf(v adjudicator.View) (*tonkin.BoardView, error) {
	return render.BoardAs[tonkin.BoardView](v, "Tonkin")
}

// Dynamic draws one view: who holds the urban areas, the garrisons, the
// stacks, and the panel's tracks and off-map zones.
func (b *board) Dynamic(c *render.Canvas, v adjudicator.View) error {
	bv, err := boardOf(v)
	if err != nil {
		return err
	}
	b.urbanState(c, bv)
	b.roadMarkers(c, bv)
	b.stacks(c, bv)
	b.recent(c, bv)
	b.panel(c, bv, v.Viewer)
	return nil
}

// urbanState: urban areas friendly to the VM get a vermilion marker and
// their name underlined; garrisons a blue "G" (The Map: Garrisons).
func (b *board) urbanState(c *render.Canvas, bv *tonkin.BoardView) {
	for _, n := range bv.VMFriendly {
		g := b.byName[n]
		if g == nil {
			continue
		}
		townMarker(c, g, inkVM)
		box := b.labels[n]
		c.Rect(box.X0+2, box.Y1-1, box.X1-2, box.Y1+1.5, inkVM)
	}
	for _, n := range bv.Garrisons {
		g := b.byName[n]
		if g == nil {
			continue
		}
		x, y := garrisonAt(g)
		sp := b.stamps.Get("garrison", 12, 12, func(c *render.Canvas, x, y float64) {
			c.Rect(x, y, x+12, y+12, inkGarrison)
			c.Frame(x, y, x+12, y+12, 1, inkFEFEdge)
			c.Font(9, true)
			c.Text("G", x+6, y+6, 0.5, 0.5, inkWhite)
		})
		c.Stamp(sp, int(math.Round(x-6)), int(math.Round(y-6)))
	}
}

// roadMarkers: a road hex interdicted by an airstrike carries a Desorg
// marker (6.6 d): a small vermilion "DG" square on the hex's lower edge,
// under any stack.
func (b *board) roadMarkers(c *render.Canvas, bv *tonkin.BoardView) {
	for _, h := range bv.Interdicted {
		g := b.byID[h]
		if g == nil {
			continue
		}
		sp := b.stamps.Get("roadmarker", 16, 11, func(c *render.Canvas, x, y float64) {
			c.Rect(x, y, x+16, y+11, inkVM)
			c.Frame(x, y, x+16, y+11, 1, inkWhite)
			c.Font(8, true)
			c.Text("DG", x+8, y+5.5, 0.5, 0.5, inkWhite)
		})
		c.Stamp(sp, int(math.Round(g.x-8)), int(math.Round(g.y+hexS-14)))
	}
}

// look is everything a drawn counter depends on: its sprite's key.
type look struct {
	side, kind  string // kind: a unit kind, "hidden" or "opaque"
	label, vals string
	motor       string // the red motorized number, after vals
	mark        string
	para        bool
	flipped     bool
	minus       bool
	hidden      bool // the VM's own view: still hidden from the FEF
	count       int  // counters in the stack (badge when > 1)
	tags        string
}

// lookOf is the face of a counter (the top of a stack of n).
func lookOf(c tonkin.Counter, n int) look {
	if c.Kind == "hidden" {
		// drawn from its count alone: the view holds nothing else
		return look{side: tonkin.VM, kind: "hidden", label: "VM", vals: fmt.Sprintf("×%d", c.Count), count: max(n, c.Count)}
	}
	l := look{side: c.Side, kind: c.Kind, label: c.Label, mark: c.Mark, para: c.Para, flipped: c.Flipped,
		minus: c.Minus, hidden: c.Hidden, count: n}
	switch c.Kind {
	case "dummy", "dump":
		l.label = c.Label
	case "hq", "leader":
		l.vals = fmt.Sprint(c.Move)
	default:
		// Basics, Counters: the black number is foot movement, the red
		// motorized; a unit with both shows both
		switch {
		case c.Move == 0 && c.Motor > 0:
			l.vals = fmt.Sprintf("%d-%d-", c.Str, c.Mor)
			l.motor = fmt.Sprint(c.Motor)
		case c.Motor > 0:
			l.vals = fmt.Sprintf("%d-%d-%d ", c.Str, c.Mor, c.Move)
			l.motor = fmt.Sprint(c.Motor)
		default:
			l.vals = fmt.Sprintf("%d-%d-%d", c.Str, c.Mor, c.Move)
		}
	}
	if c.Desorg {
		l.tags += "G"
	}
	return l
}

// stackLook is a stack's top counter with its count and tags.
func stackLook(st tonkin.Stack) look {
	if st.Opaque {
		return look{side: tonkin.VM, kind: "opaque", label: "VM", vals: fmt.Sprintf("×%d", st.Count), count: st.Count}
	}
	if len(st.Counters) == 0 {
		return look{side: st.Side, kind: "hidden", label: "?", count: st.Count}
	}
	l := lookOf(st.Counters[0], st.Count)
	if len(st.Counters) == 1 && st.Counters[0].Kind == "hidden" {
		return l
	}
	var dump, hq, ho bool
	for _, c := range st.Counters[1:] {
		dump = dump || c.Kind == "dump"
		hq = hq || c.Kind == "hq"
		ho = ho || c.Kind == "leader"
	}
	if dump && st.Counters[0].Kind != "dump" {
		l.tags += "D"
	}
	if hq {
		l.tags += "H"
	}
	if ho {
		l.tags += "L"
	}
	return l
}

func (b *board) stacks(c *render.Canvas, bv *tonkin.BoardView) {
	for _, st := range bv.Stacks {
		g := b.byID[st.Hex]
		if g == nil {
			continue
		}
		box := counterBox(g)
		b.stamp(c, stackLook(st), box.X0, box.Y0)
	}
}

// stamp draws a counter with its top-left corner at (x, y).
func (b *board) stamp(c *render.Canvas, l look, x, y float64) {
	sp := b.stamps.Get(l, int(cW)+12, int(cH)+12, func(c *render.Canvas, x, y float64) { drawCounter(c, x, y, l) })
	c.Stamp(sp, int(x), int(y))
}

func counterInks(l look) (body, edge, text color.RGBA) {
	switch {
	case l.kind == "opaque":
		return inkVMDark, inkVMEdge, inkVMText2
	case l.side == tonkin.VM:
		return inkVM, inkVMEdge, inkBlack
	}
	return inkFEF, inkFEFEdge, inkFEFText
}

// drawCounter draws a counter: its designation on top, its values below
// (strength-morale-movement, the motorized number in red), the
// nationality square, a parachute for airborne units, a white corner when
// flipped, a "-1" marker, and the stack's count in a black disc.
func drawCounter(c *render.Canvas, x, y float64, l look) {
	body, edge, text := counterInks(l)
	if l.count > 1 {
		c.Rect(x+3, y-3, x+cW+3, y+cH-3, edge)
		c.Rect(x+4, y-2, x+cW+2, y+cH-4, body)
	}
	c.Rect(x, y, x+cW, y+cH, body)
	c.Frame(x, y, x+cW, y+cH, 1.2, edge)
	if l.flipped {
		c.Poly([][2]float64{{x + 1, y + cH - 12}, {x + 13, y + cH - 1}, {x + 1, y + cH - 1}})
		c.SetColor(inkWhite)
		c.Fill()
	}
	switch l.mark {
	case "yellow":
		c.Rect(x+2.5, y+2.5, x+8.5, y+8.5, inkYellow)
	case "green":
		c.Rect(x+2.5, y+2.5, x+8.5, y+8.5, inkGreen)
	case "yellow-green":
		c.Rect(x+2.5, y+2.5, x+8.5, y+5.5, inkYellow)
		c.Rect(x+2.5, y+5.5, x+8.5, y+8.5, inkGreen)
	}
	if l.para {
		c.DrawArc(x+cW-7, y+7, 4.5, math.Pi, 2*math.Pi)
		c.ClosePath()
		c.SetColor(inkWhite)
		c.FillPreserve()
		c.SetColor(edge)
		c.SetLineWidth(1)
		c.Stroke()
		c.DrawLine(x+cW-11, y+7, x+cW-7, y+11)
		c.DrawLine(x+cW-3, y+7, x+cW-7, y+11)
		c.Stroke()
	}
	if l.hidden {
		c.Poly([][2]float64{{x + cW - 9, y + 1}, {x + cW - 1, y + 1}, {x + cW - 1, y + 9}})
		c.SetColor(inkBlack)
		c.Fill()
	}
	lw := cW - 4
	if l.mark != "" {
		lw -= 7
	}
	if l.para || l.hidden {
		lw -= 7
	}
	lx := x + cW/2
	if l.mark != "" && !(l.para || l.hidden) {
		lx += 3.5
	} else if !(l.mark != "") && (l.para || l.hidden) {
		lx -= 3.5
	}
	vy := y + 20.5
	if l.tags != "" || l.minus {
		vy = y + 18
	}
	switch l.kind {
	case "hidden", "opaque":
		c.Font(11, true)
		c.Text(l.label, x+cW/2, y+9.5, 0.5, 0.5, text)
		c.Font(12, true)
		c.Text(l.vals, x+cW/2, vy, 0.5, 0.5, text)
	case "dummy", "dump":
		c.FitFont(l.label, cW-4, 11, max(7, counterText), true)
		c.Text(l.label, x+cW/2, vy-4, 0.5, 0.5, text)
	case "hq", "leader":
		c.FitFont(l.label, lw, 10, max(6.5, counterText), true)
		c.Text(l.label, lx, y+9.5, 0.5, 0.5, text)
		c.Font(12, true)
		c.Text(l.vals, x+cW/2, vy, 0.5, 0.5, text)
	default:
		c.FitFont(l.label, lw, 9, counterText, true)
		c.Text(l.label, lx, y+8.5, 0.5, 0.5, text)
		c.FitFont(l.vals+l.motor, cW-4, 12, 8, true)
		w := c.Width(l.vals + l.motor)
		vx := x + cW/2 - w/2
		c.Text(l.vals, vx, vy, 0, 0.5, text)
		if l.motor != "" {
			c.Text(l.motor, vx+c.Width(l.vals), vy, 0, 0.5, inkRed)
		}
	}
	if l.count > 1 && l.kind != "hidden" && l.kind != "opaque" {
		c.DrawCircle(x+cW+2, y-1, 8)
		c.SetColor(inkBlack)
		c.FillPreserve()
		c.SetColor(inkWhite)
		c.SetLineWidth(1.2)
		c.Stroke()
		c.Font(9.5, true)
		c.Text(fmt.Sprint(l.count), x+cW+2, y-1, 0.5, 0.5, inkWhite)
	}
	if l.tags != "" || l.minus {
		var parts []string
		if l.minus {
			parts = append(parts, "-1")
		}
		for _, t := range l.tags {
			switch t {
			case 'D':
				parts = append(parts, "+DR")
			case 'H':
				parts = append(parts, "+HQ")
			case 'L':
				parts = append(parts, "+Ho")
			case 'G':
				parts = append(parts, "DG")
			}
		}
		s := strings.Join(parts, " ")
		c.Font(7, true)
		c.Rect(x+1.2, y+cH-9.5, x+cW-1.2, y+cH-1.2, inkWhite)
		c.Text(s, x+cW/2, y+cH-5.3, 0.5, 0.5, inkBlack)
	}
}

// ------------------------------------------------------------------ panel

// panel writes the tracks (Basics: Setup lists them), this month's
// schedule and the off-map zones into the panel's upper part.
func (b *board) panel(c *render.Canvas, bv *tonkin.BoardView, viewer string) {
	p := b.panelR
	x0, x1 := p.X0+16, p.X1-16
	y := p.Y0 + 18.0
	c.Font(24, true)
	c.Text("TONKIN", x0, y+9, 0, 0.5, inkTextLt)
	c.Font(11, false)
	c.Text(viewerName(viewer)+" view", x1, y+9, 1, 0.5, inkTextDim)
	y += 30
	c.Font(12, true)
	for _, ln := range c.Wrap(fmt.Sprintf("Scenario %s: %s", scenarioID(bv), bv.ScenarioName), x1-x0) {
		c.Text(ln, x0, y, 0, 0.5, inkTextLt)
		y += 16
	}
	season := "dry season"
	if bv.RainSeason {
		season = "rain season"
	}
	c.Font(15, true)
	c.Text(fmt.Sprintf("%s · turn %d of %d", bv.MonthName, bv.Turn, bv.Turns), x0, y+4, 0, 0.5, inkMarker)
	y += 22
	c.Font(11.5, false)
	for _, ln := range []string{
		fmt.Sprintf("Ends at the end of %s · %s", tonkin.MonthName(bv.Last), season),
		fmt.Sprintf("Phase: %s", bv.PhaseName),
		fmt.Sprintf("Weather: %s · first player: %s", weatherName(bv), sideShort(bv.First)),
	} {
		c.Text(ln, x0, y, 0, 0.5, inkTextLt)
		y += 16
	}
	// the notice: what the players can do now
	c.Font(10.5, false)
	notice := bv.Notice
	if notice != "" {
		notice = strings.ToUpper(notice[:1]) + notice[1:] + "."
	}
	lines := c.Wrap("Awaiting "+sideShort(bv.Awaiting)+". "+notice, x1-x0-14)
	if bv.Over {
		// issue 30, item 7: the result and why, as Hell's panel says it
		head := "GAME OVER: NO WINNER"
		if bv.Winner != "" {
			head = "GAME OVER: THE " + sideShort(bv.Winner) + " WINS"
		}
		c.Font(12, true)
		c.Text(head, x0, y+4, 0, 0.5, inkMarker)
		y += 20
		c.Font(10.5, false)
		lines = c.Wrap(bv.Reason+".", x1-x0-14)
	}
	h := float64(len(lines))*14 + 10
	c.Rect(x0, y-4, x1, y-4+h, inkPanel2)
	c.Frame(x0, y-4, x1, y-4+h, 1.5, inkMarker)
	for _, ln := range lines {
		c.Text(ln, x0+7, y+7, 0, 0.5, inkTextLt)
		y += 14
	}
	y += 18
	y = b.scale(c, bv, x0, x1, y)
	y = b.sideTracks(c, bv, x0, x1, y)
	if len(bv.Schedule) > 0 {
		heading(c, "THIS MONTH", x0, y)
		y += 16
		c.Font(10.5, false)
		for _, s := range bv.Schedule {
			for _, ln := range c.Wrap(s, x1-x0) {
				c.Text(ln, x0, y, 0, 0.5, inkTextLt)
				y += 14
			}
		}
		y += 8
	}
	y = b.zone(c, "STANDBY ZONE (en attente)", bv.Standby, x0, x1, y)
	b.zone(c, "SAIGON ZONE", bv.Saigon, x0, x1, y)
}

func viewerName(v string) string {
	switch v {
	case tonkin.FEF:
		return "FEF"
	case tonkin.VM:
		return "VM"
	case "":
		return "public"
	}
	return v
}

func scenarioID(bv *tonkin.BoardView) string {
	if bv.Final != "" {
		return bv.Scenario + "-" + bv.Final
	}
	return bv.Scenario
}

func weatherName(bv *tonkin.BoardView) string {
	switch bv.Weather {
	case "sun":
		if bv.Turn == 1 {
			return "sunny (first turn, 2.0)"
		}
		return "sunny"
	case "rain":
		return "RAIN"
	}
	return "not rolled"
}

func sideShort(s string) string {
	switch s {
	case tonkin.FEF:
		return "FEF"
	case tonkin.VM:
		return "VM"
	}
	return "—"
}

func heading(c *render.Canvas, s string, x, y float64) {
	c.Font(10.5, true)
	c.Text(s, x, y, 0, 0.5, inkTextDim)
}

// scale draws the Operation/Victory scale: the victory points marker, the
// year's outer limits (8.0), the VM victory level, the montagnard marker
// and the operation points.
func (b *board) scale(c *render.Canvas, bv *tonkin.BoardView, x0, x1, y float64) float64 {
	heading(c, "OPERATION / VICTORY SCALE", x0, y)
	y += 26
	w := x1 - x0
	px := func(v int) float64 { return x0 + w*float64(max(0, min(100, v)))/100 }
	c.Rect(x0, y, x1, y+16, inkPanel2)
	c.Rect(x0, y, px(bv.LimitVM)+1, y+16, inkVM)
	c.Rect(px(bv.LimitFEF)-1, y, x1, y+16, inkBlue)
	c.Frame(x0, y, x1, y+16, 1, inkPanelLn)
	c.Font(8.5, false)
	for v := 0; v <= 100; v += 10 {
		c.Rect(px(v)-0.5, y+16, px(v)+0.5, y+20, inkTextDim)
		c.Text(fmt.Sprint(v), px(v), y+27, 0.5, 0.5, inkTextDim)
	}
	// the VM victory level: a yellow line through the bar
	lx := px(bv.VMLevel)
	c.Rect(lx-1, y-4, lx+1, y+20, inkMarker)
	// the victory marker: a white triangle above, its value beside
	vx := px(bv.VP)
	c.Poly([][2]float64{{vx - 7, y - 12}, {vx + 7, y - 12}, {vx, y - 1}})
	c.SetColor(inkWhite)
	c.Fill()
	c.Font(11, true)
	c.Text(fmt.Sprintf("VP %d", bv.VP), vx+10, y-9, 0, 0.5, inkWhite)
	// the montagnard marker, on the same scale, below
	my := y + 44
	mx := px(bv.Montagnard)
	c.Rect(px(20)-0.5, my-6, px(20)+0.5, my+6, inkTextDim)
	c.DrawCircle(mx, my, 6)
	c.SetColor(inkGreen)
	c.FillPreserve()
	c.SetColor(inkWhite)
	c.SetLineWidth(1)
	c.Stroke()
	c.Font(8, true)
	c.Text("M", mx, my, 0.5, 0.5, inkWhite)
	c.Font(10, false)
	c.Text(fmt.Sprintf("montagnard %d (20: 3.6, 6.16)", bv.Montagnard), mx+10, my, 0, 0.5, inkTextLt)
	y = my + 16
	c.Font(10.5, false)
	for _, ln := range []string{
		fmt.Sprintf("Decisive in %s: FEF at %d (blue), VM at %d (red).", bv.Month[:4], bv.LimitFEF, bv.LimitVM),
		fmt.Sprintf("VM victory level %d (yellow): at the end, above it FEF", bv.VMLevel),
		"marginal victory, else VM marginal victory.",
	} {
		c.Text(ln, x0, y, 0, 0.5, inkTextLt)
		y += 14
	}
	y += 6
	y = boxes(c, "Operation points FEF", bv.OpsFEF, bv.OpsMax, inkBlue, x0, x1, y)
	y = boxes(c, "Operation points VM", bv.OpsVM, bv.OpsMax, inkVM, x0, x1, y)
	return y + 8
}

// boxes: a track of small numbered boxes 0..n with the marker's box lit.
func boxes(c *render.Canvas, name string, v, n int, k color.RGBA, x0, x1, y float64) float64 {
	c.Font(10.5, false)
	c.Text(name, x0, y+7, 0, 0.5, inkTextLt)
	bx := x0 + 150
	bw := math.Min(20, (x1-bx)/float64(n+1))
	c.Font(8.5, true)
	for i := 0; i <= n; i++ {
		xx := bx + float64(i)*bw
		fill, tk := inkPanel2, inkTextDim
		if i == v {
			fill, tk = k, inkWhite
		}
		c.Rect(xx, y, xx+bw-2, y+14, fill)
		c.Text(fmt.Sprint(i), xx+(bw-2)/2, y+7, 0.5, 0.5, tk)
	}
	return y + 18
}

func (b *board) sideTracks(c *render.Canvas, bv *tonkin.BoardView, x0, x1, y float64) float64 {
	c.Font(11.5, true)
	c.Text("VIET MINH", x0, y, 0, 0.5, inkVM)
	y += 10
	y = boxes(c, "Replacements", bv.VMRepl, bv.VMReplMax, inkVM, x0, x1, y)
	y = boxes(c, "Equipment", bv.VMEquipH/2, bv.VMEquipMax, inkVM, x0, x1, y)
	c.Font(10.5, false)
	half := ""
	if bv.VMEquipH%2 == 1 {
		half = " + ½ (minor equipment)"
	}
	for _, ln := range []string{
		fmt.Sprintf("Foot transports %d · truck transports %d%s", bv.VMFoot, bv.VMTrucks, half),
		fmt.Sprintf("Supply dumps on the map: %d of %d", bv.VMDumps, bv.VMDumpsMax),
	} {
		c.Text(ln, x0, y+6, 0, 0.5, inkTextLt)
		y += 15
	}
	y += 10
	c.Font(11.5, true)
	c.Text("FEF", x0, y, 0, 0.5, render.Hex("#7fb2ef"))
	y += 10
	y = boxes(c, "Airstrikes left", bv.FEFStrikes, 6, inkBlue, x0, x1, y)
	c.Font(10.5, false)
	for _, ln := range []string{
		fmt.Sprintf("Air transports %d · truck transports %d", bv.FEFAir, bv.FEFTrucks),
		fmt.Sprintf("Supply dumps on the map: %d of %d", bv.FEFDumps, bv.FEFDumpsMax),
	} {
		c.Text(ln, x0, y+6, 0, 0.5, inkTextLt)
		y += 15
	}
	return y + 12
}

// zone draws an off-map zone's box with its counters.
func (b *board) zone(c *render.Canvas, name string, cs []tonkin.Counter, x0, x1, y float64) float64 {
	heading(c, name, x0, y)
	y += 10
	per := int((x1 - x0 - 8) / (cW + 8))
	rows := max(1, (len(cs)+per-1)/per)
	h := float64(rows)*(cH+10) + 8
	c.Rect(x0, y, x1, y+h, inkPanel2)
	c.Frame(x0, y, x1, y+h, 1, inkPanelLn)
	if len(cs) == 0 {
		c.Font(10.5, false)
		c.Text("empty", x0+8, y+h/2, 0, 0.5, inkTextDim)
	}
	for i, k := range cs {
		xx := x0 + 8 + float64(i%per)*(cW+8)
		yy := y + 8 + float64(i/per)*(cH+10)
		b.stamp(c, lookOf(k, 1), xx, yy)
	}
	return y + h + 14
}

// ------------------------------------------------------------ the legend

// panelStatic draws the legend at the panel's foot.
func (b *board) panelStatic(c *render.Canvas) {
	p := b.panelR
	c.Rect(p.X0, p.Y0, p.X0+2, p.Y1, inkPanelLn)
	x0, x1 := p.X0+16, p.X1-16
	y := p.Y1 - 330
	c.Rect(x0, y-14, x1, y-13, inkPanelLn)
	heading(c, "LEGEND", x0, y)
	y += 16
	// terrain swatches
	col := (x1 - x0) / 3
	items := []struct {
		name string
		k    color.RGBA
	}{{"clear", inkClear}, {"rough", inkRough}, {"forest", inkForest}, {"rough/forest", inkRoughFor},
		{"mountain", inkMountain}, {"China (no FEF)", china(inkRough)}}
	c.Font(10.5, false)
	for i, it := range items {
		xx, yy := x0+float64(i%3)*col, y+float64(i/3)*18
		c.Rect(xx, yy, xx+18, yy+13, it.k)
		c.Frame(xx, yy, xx+18, yy+13, 1, inkHexLn)
		if it.name == "forest" || it.name == "rough/forest" {
			tree(c, xx+9, yy+7)
			c.SetColor(inkTree)
			c.Fill()
		}
		c.Text(it.name, xx+24, yy+7, 0, 0.5, inkTextLt)
	}
	y += 42
	// lines
	lines := []struct {
		name string
		draw func(x, y float64)
	}{
		{"navigable river", func(x, y float64) { c.SetColor(inkNavig); c.SetLineWidth(5); c.DrawLine(x, y, x+26, y); c.Stroke() }},
		{"minor river", func(x, y float64) { c.SetColor(inkMinor); c.SetLineWidth(2.6); c.DrawLine(x, y, x+26, y); c.Stroke() }},
		{"road", func(x, y float64) {
			c.SetColor(inkCasing)
			c.SetLineWidth(4.4)
			c.DrawLine(x, y, x+26, y)
			c.Stroke()
			c.SetColor(inkRoad)
			c.SetLineWidth(2.2)
			c.DrawLine(x, y, x+26, y)
			c.Stroke()
		}},
		{"railway", func(x, y float64) {
			c.SetColor(inkRail)
			c.SetLineWidth(4)
			c.DrawLine(x, y, x+26, y)
			c.Stroke()
			c.SetColor(inkWhite)
			c.SetLineWidth(1.6)
			c.SetDash(6, 6)
			c.DrawLine(x, y, x+26, y)
			c.Stroke()
			c.SetDash()
		}},
		{"Chinese border", func(x, y float64) { c.SetColor(inkChina); c.SetLineWidth(4); c.DrawLine(x, y, x+26, y); c.Stroke() }},
		{"Laos border", func(x, y float64) {
			c.SetColor(inkLaos)
			c.SetLineWidth(3)
			c.SetDash(9, 5)
			c.DrawLine(x, y, x+26, y)
			c.Stroke()
			c.SetDash()
		}},
		{"delta edge", func(x, y float64) {
			c.SetColor(inkDelta)
			c.SetLineWidth(3)
			c.SetDash(7, 4)
			c.DrawLine(x, y, x+26, y)
			c.Stroke()
			c.SetDash()
		}},
		{"coast (sea in hex)", func(x, y float64) { c.Rect(x, y-5, x+26, y+5, inkCoast) }},
	}
	col = (x1 - x0) / 2
	c.Font(10.5, false)
	for i, it := range lines {
		xx, yy := x0+float64(i%2)*col, y+float64(i/2)*18
		it.draw(xx, yy+6)
		c.Font(10.5, false)
		c.Text(it.name, xx+34, yy+6, 0, 0.5, inkTextLt)
	}
	y += 80
	// symbols
	sym := []struct {
		name string
		draw func(x, y float64)
	}{
		{"mobilization hex", func(x, y float64) {
			c.Poly(render.StarPoints(x, y, 6.5))
			c.SetColor(inkStar)
			c.Fill()
		}},
		{"supply center", func(x, y float64) {
			c.DrawCircle(x, y, 5)
			c.SetColor(inkSpot)
			c.Fill()
		}},
		{"Chinese railway SC", func(x, y float64) {
			c.DrawCircle(x, y, 5)
			c.SetColor(inkSpot)
			c.Fill()
			c.DrawCircle(x, y, 8)
			c.SetColor(inkTextLt)
			c.SetLineWidth(1.6)
			c.Stroke()
		}},
		{"airstrip", func(x, y float64) {
			c.DrawCircle(x, y, 9)
			c.SetColor(inkClear)
			c.Fill()
			plane(c, x, y)
			c.SetColor(inkAir)
			c.Fill()
		}},
		{"harbor", func(x, y float64) {
			c.DrawCircle(x, y, 9)
			c.SetColor(inkClear)
			c.Fill()
			anchor(c, x, y)
			c.SetColor(inkHarbor)
			c.SetLineWidth(1.6)
			c.Stroke()
		}},
		{"garrison (2 steps)", func(x, y float64) {
			c.Rect(x-6, y-6, x+6, y+6, inkGarrison)
			c.Font(9, true)
			c.Text("G", x, y, 0.5, 0.5, inkWhite)
		}},
		{"city · town · village", func(x, y float64) {
			c.DrawRectangle(x-12, y-5, 10, 10)
			c.SetColor(inkWhite)
			c.FillPreserve()
			c.SetColor(inkRed)
			c.SetLineWidth(2)
			c.Stroke()
			c.DrawCircle(x+4, y, 4.5)
			c.SetColor(inkWhite)
			c.FillPreserve()
			c.SetColor(inkBlack)
			c.SetLineWidth(1.5)
			c.Stroke()
			c.DrawCircle(x+14, y, 3)
			c.SetColor(inkWhite)
			c.FillPreserve()
			c.SetColor(inkBlack)
			c.Stroke()
		}},
		{"friendly to the VM", func(x, y float64) {
			c.DrawCircle(x, y, 5)
			c.SetColor(inkVM)
			c.FillPreserve()
			c.SetColor(inkBlack)
			c.SetLineWidth(1.5)
			c.Stroke()
			c.Rect(x+8, y+4, x+20, y+6, inkVM)
		}},
	}
	for i, it := range sym {
		xx, yy := x0+float64(i%2)*col, y+float64(i/2)*20
		it.draw(xx+10, yy+7)
		c.Font(10.5, false)
		c.Text(it.name, xx+34, yy+7, 0, 0.5, inkTextLt)
	}
	y += 86
	c.Font(10, false)
	for _, ln := range c.Wrap("Counters: designation over strength-morale-movement (motorized in red); yellow, green, yellow/green squares: Vietnamese or Thai, Laotian, GCMA; parachute: airborne; white corner: reduced; -1: a VM step lost; black disc: counters in the stack; +DR, +HQ, +Ho: a supply dump, the FEF HQ, Uncle Ho beneath. VM ×n: hidden VM counters (VM-groups, Pathet Lao and dummies look alike) or, dark, a VM stack in forest closed to the FEF. Urban values: FEF blue, VM red (6.16).", x1-x0) {
		c.Text(ln, x0, y, 0, 0.5, inkTextDim)
		y += 13
	}
}
