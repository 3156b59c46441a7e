package hellmap

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
)

// boardOf extracts the hell.BoardView of a view (render.BoardAs).
func boardOf(v adjudicator.View) (*hell.BoardView, error) {
	return render.BoardAs[hell.BoardView](v, "Season in Hell")
}

// MiddleKey implements render.Layered: the trench levels, which change
// only when a side digs or a trench is destroyed, are the middle layer.
func (h *board) MiddleKey(v adjudicator.View) (string, error) {
	b, err := boardOf(v)
	if err != nil {
		return "", err
	}
	var k strings.Builder
	for _, loc := range slices.Sorted(maps.Keys(b.Trench)) {
		fmt.Fprintf(&k, "%s:%d ", loc, b.Trench[loc])
	}
	return k.String(), nil
}

// Middle implements render.Layered: the trenches.
func (h *board) Middle(c *render.Canvas, v adjudicator.View) error {
	b, err := boardOf(v)
	if err != nil {
		return err
	}
	h.trenches(c, b)
	return nil
}

// Dynamic draws one view over its trenches (Middle): control, stacks,
// what just happened and the panel.
func (h *board) Dynamic(c *render.Canvas, v adjudicator.View) error {
	b, err := boardOf(v)
	if err != nil {
		return err
	}
	m := h.marks(b)
	h.highlights(c, m)
	cards := h.layout(c, b, m)
	for _, cd := range cards {
		h.leader(c, cd)
	}
	h.discs(c, b, m)
	// arrows under the counters, so that none covers a counter's text;
	// a move's head touches the counter of the unit that moved
	counts := h.arrows(c, m, cards)
	for _, cd := range cards {
		h.drawCard(c, cd)
	}
	h.tags(c, m, cards, counts)
	h.panel(c, v, b, m)
	return nil
}

// ---------------------------------------------------------------- marks

// marks is the "what just happened" layer: per location the kinds of
// event, and the moves with both ends on the map.
type marks struct {
	at    map[string][]string // location -> kinds, in order of first appearance
	locs  []string            // locations in order of first appearance
	moves []move
	off   []string // lines for events whose place is off the map
}

// move is an arrow: a move, or an assault or fire from a place (when the
// mark names where it came from).
type move struct {
	from, to string
	n        int
	kind     string // "move", "assault", "fire"
	unit     string // the unit that moved, when the view names it
}

func (h *board) onMap(loc string) bool {
	return h.paBy[loc] != nil || h.zoneBy[loc] != nil || h.base(loc) != nil
}

// base finds an assault base's drawing by id.
func (h *board) base(id string) *baseGeo {
	for _, b := range h.bases {
		if b.b.ID == id {
			return b
		}
	}
	return nil
}

func (h *board) insetLoc(loc string) bool {
	if p := h.paBy[loc]; p != nil {
		return p.inset
	}
	if z := h.zoneBy[loc]; z != nil {
		return z.inset
	}
	if b := h.base(loc); b != nil {
		return b.inset
	}
	return false
}

func (h *board) marks(b *hell.BoardView) *marks {
	m := &marks{at: map[string][]string{}}
	kind := func(loc, k string) {
		if !h.onMap(loc) {
			return
		}
		if _, ok := m.at[loc]; !ok {
			m.locs = append(m.locs, loc)
		}
		for _, x := range m.at[loc] {
			if x == k {
				return
			}
		}
		m.at[loc] = append(m.at[loc], k)
	}
	offCount := map[string]int{}
	var offOrder []string
	off := func(s string) {
		if offCount[s] == 0 {
			offOrder = append(offOrder, s)
		}
		offCount[s]++
	}
	for _, n := range b.Recent {
		switch {
		case (n.Kind == "move" || n.Kind == "assault" || n.Kind == "fire") &&
			h.onMap(n.From) && h.onMap(n.At) && n.From != n.At && h.insetLoc(n.From) == h.insetLoc(n.At):
			found := false
			for i := range m.moves {
				if m.moves[i].from == n.From && m.moves[i].to == n.At && m.moves[i].kind == n.Kind && m.moves[i].unit == n.Unit {
					m.moves[i].n++
					found = true
				}
			}
			if !found {
				m.moves = append(m.moves, move{n.From, n.At, 1, n.Kind, n.Unit})
			}
			kind(n.At, n.Kind)
		case n.Kind == "move" && h.onMap(n.At):
			kind(n.At, "arrived")
			if n.From != "" && !h.onMap(n.From) {
				off(fmt.Sprintf("from %s to %s", placeName(n.From), n.At))
			}
		case n.Kind == "move" && h.onMap(n.From):
			kind(n.From, "left")
			off(fmt.Sprintf("from %s to %s", n.From, placeName(n.At)))
		case h.onMap(n.At):
			kind(n.At, n.Kind)
		default:
			off(fmt.Sprintf("%s at %s", n.Kind, placeName(n.At)))
		}
	}
	for _, s := range offOrder {
		if k := offCount[s]; k > 1 {
			s = fmt.Sprintf("%s (×%d)", s, k)
		}
		m.off = append(m.off, s)
	}
	return m
}

func placeName(loc string) string {
	switch loc {
	case hell.LocTrack:
		return "the turn track"
	case hell.LocPool:
		return "the paratroop pool"
	case hell.LocOut, hell.LocRemoved:
		return "off the map"
	case hell.LocLater, "":
		return "reinforcements"
	}
	return loc
}

// tagText is what a location's event tag says.
func tagText(kinds []string) string {
	var out []string
	for _, k := range kinds {
		switch k {
		case "move":
			// the arrow says it
		case "arrived":
			out = append(out, "ARRIVED")
		case "left":
			out = append(out, "LEFT")
		case "dig":
			out = append(out, "DUG")
		default:
			out = append(out, strings.ToUpper(k))
		}
	}
	return strings.Join(out, " · ")
}

// -------------------------------------------------------------- trenches

func (h *board) trenches(c *render.Canvas, b *hell.BoardView) {
	for _, g := range h.zones {
		lv := b.Trench[g.z.ID]
		if lv <= 0 {
			continue
		}
		c.Paint(h.sprite(zoneHatch, g.z.ID, min(lv, 3)), inkTrench)
		// redraw the label on a plate, with the level
		plate, badge := h.trenchPlate(c, g)
		ink := inkFlat
		if g.z.Kind == hell.ZoneJungle {
			ink = inkJungle
		}
		c.Rect(plate.X0, plate.Y0, plate.X1, plate.Y1, ink)
		h.zoneLabel(c, g)
		if lv <= 3 {
			c.Paint(h.sprite(zoneBadge, g.z.ID, lv), inkTrench)
			c.Paint(h.sprite(zoneBadgeEdge, g.z.ID, lv), inkWhite)
			trenchBadgeText(c, badge.X0, badge.Y0, lv)
		} else {
			trenchBadge(c, badge.X0, badge.Y0, lv)
		}
	}
	for _, p := range h.pas {
		lv := b.Trench[p.p.ID]
		if lv <= 0 {
			continue
		}
		// a toothed ring: the VM's trench around the PA
		c.Paint(h.sprite(paRing, p.p.ID, min(lv, 3)), inkTrench)
	}
}

// trenchPlate is where a trenched zone's label plate and level badge go.
func (h *board) trenchPlate(c *render.Canvas, g *zoneGeo) (plate, badge render.Box) {
	lb := g.labelBox
	big, small := zoneTitle(g.z)
	c.Font(15, true)
	w := c.Width(big) + 6
	c.Font(9, false)
	w = math.Max(w, c.Width(small)+6)
	plate = render.Corners(lb.X0-2, lb.Y0-1, lb.X0+w, lb.Y0+lb.H())
	c.Font(9.5, true)
	badge = render.BoxAt(plate.X1+2, lb.Y0+1, c.Width("trench 3")+8, 14)
	return plate, badge
}

// trenchBadge: "trench N" on the trench ink.
func trenchBadge(c *render.Canvas, x, y float64, lv int) {
	badgePath(c, c, x, y, lv)
	c.SetColor(inkTrench)
	c.FillPreserve()
	c.SetColor(inkWhite)
	c.SetLineWidth(1)
	c.Stroke()
	trenchBadgeText(c, x, y, lv)
}

func trenchBadgeText(c *render.Canvas, x, y float64, lv int) {
	s := fmt.Sprintf("trench %d", lv)
	c.Font(9.5, true)
	w := c.Width(s) + 8
	c.Text(s, x+w/2, y+7, 0.5, 0.5, inkWhite)
}

// ------------------------------------------------------------ highlights

// highlights rings the places where something just happened (under the
// markers and stacks).
func (h *board) highlights(c *render.Canvas, m *marks) {
	for _, loc := range m.locs {
		if g := h.zoneBy[loc]; g != nil {
			c.Paint(h.sprite(zoneHotEdge, g.z.ID, 0), inkBlack)
			c.Paint(h.sprite(zoneHot, g.z.ID, 0), inkHot)
		}
		if p := h.paBy[loc]; p != nil {
			c.Paint(h.sprite(paHot, p.p.ID, 0), inkHot)
			c.Paint(h.sprite(paHotEdge, p.p.ID, 0), inkBlack)
		}
	}
}

// ----------------------------------------------------------------- discs

func (h *board) discs(c *render.Canvas, b *hell.BoardView, m *marks) {
	for _, p := range h.pas {
		if b.Control[p.p.ID] == hell.VM {
			c.Paint(h.sprite(paVM, p.p.ID, 0), inkVM)
			c.Paint(h.sprite(paVMEdge, p.p.ID, 0), inkBlack)
		} else {
			c.Paint(h.sprite(paFr, p.p.ID, 0), inkFr)
			c.Paint(h.sprite(paFrEdge, p.p.ID, 0), inkWhite)
		}
	}
}

func diamond(c *render.Canvas, x, y, r float64) {
	diamondPath(c, x, y, r)
	c.SetColor(inkVM)
	c.FillPreserve()
	c.SetColor(inkBlack)
	c.SetLineWidth(1.8)
	c.Stroke()
}

// ----------------------------------------------------------------- cards

// card is a PA's id tab with its counters, or a zone's tray of counters.
type card struct {
	pa     *paGeo
	zone   *zoneGeo
	base   *baseGeo // an assault base's tray, by its chevron (issue 30, item 2)
	ctrl   string   // PA control
	pieces []piece
	vert   bool // a PA card stacked downwards
	cols   int  // a zone tray's columns
	b      render.Box
	hot    bool // something just happened here
}

func (cd *card) size(vert bool) (float64, float64) {
	if cd.pa == nil {
		return 0, 0
	}
	if len(cd.pieces) == 0 {
		return tabWidth(cd.pa.p.ID), tabH
	}
	if vert {
		hgt := tabH + counterGap
		for _, p := range cd.pieces {
			if p.chip {
				hgt += 18 + counterGap
			} else {
				hgt += counterH + counterGap
			}
			if p.marked() {
				hgt += markH
			}
		}
		return counterW, hgt - counterGap
	}
	w := tabWidth(cd.pa.p.ID) + counterGap
	for _, p := range cd.pieces {
		w += p.width() + counterGap
	}
	return w - counterGap, counterH + band(cd.pieces)
}

// band is the room left above a row of pieces for their markers.
func band(ps []piece) float64 {
	for _, p := range ps {
		if p.marked() {
			return markH
		}
	}
	return 0
}

func tabWidth(id string) float64 { return 17 + approxWidth(id, 10.5) }

// trayShape lays a zone tray out in rows of cols: the cells' offsets and
// the tray's size.
func trayShape(ps []piece, cols int) ([][2]float64, float64, float64) {
	var cells [][2]float64
	// every row leaves the markers' band when any piece has markers
	mb := band(ps)
	x, y, w := 0.0, mb, 0.0
	for i, p := range ps {
		if i > 0 && i%cols == 0 {
			x = 0
			y += counterH + counterGap + 4 + mb
		}
		cells = append(cells, [2]float64{x, y})
		x += p.width() + counterGap + 4
		w = math.Max(w, x-counterGap-4)
	}
	return cells, w, y + counterH
}

// layout builds the cards and places them: PA cards first (they are tied
// to a point), biggest first, then the zones' trays inside their zones.
func (h *board) layout(c *render.Canvas, b *hell.BoardView, m *marks) []*card {
	byLoc := map[string][]hell.Counter{}
	for _, s := range b.Stacks {
		byLoc[s.At] = append(byLoc[s.At], s.Counters...)
	}
	var cards []*card
	for _, p := range h.pas {
		cd := &card{pa: p, ctrl: b.Control[p.p.ID], pieces: pieces(byLoc[p.p.ID], capPA), hot: len(m.at[p.p.ID]) > 0}
		cards = append(cards, cd)
	}
	// units in an assault base are drawn by its chevron, so that one
	// sees which PA they threaten (issue 30, item 2)
	for _, bg := range h.bases {
		if cs := byLoc[bg.b.ID]; len(cs) > 0 {
			cards = append(cards, &card{base: bg, pieces: pieces(cs, capZone), hot: len(m.at[bg.b.ID]) > 0})
		}
	}
	for _, g := range h.zones {
		if cs := byLoc[g.z.ID]; len(cs) > 0 {
			cards = append(cards, &card{zone: g, pieces: pieces(cs, capZone), hot: len(m.at[g.z.ID]) > 0})
		}
	}
	main := &render.Placer{Bounds: h.mapR, Obstacles: append([]render.Obstacle(nil), h.fixed...)}
	ins := &render.Placer{Bounds: h.insetArea(), Obstacles: append([]render.Obstacle(nil), h.fixedInset...)}
	pl := func(inset bool) *render.Placer {
		if inset {
			return ins
		}
		return main
	}
	// stacks keep clear of trench badges
	for _, g := range h.zones {
		if b.Trench[g.z.ID] > 0 {
			_, badge := h.trenchPlate(c, g)
			pl(g.inset).Add(badge, render.WeightLabel)
		}
	}
	// and of the arrows of what just happened, but for the tray a move
	// joins (a zone's or a base's): it stays by its place and the arrow
	// ends at it (arrows); the tray of the stack an arrow leaves keeps
	// off it, unless the place is empty now, when the arrow is the
	// joined tray's end to end
	for _, mv := range m.moves {
		first := ""
		if len(byLoc[mv.from]) == 0 {
			first = mv.to
		}
		ax, ay := h.locPoint(mv.from)
		tx, ty := h.locPoint(mv.to)
		p := main
		if h.insetLoc(mv.to) {
			p = ins
		}
		l := math.Hypot(tx-ax, ty-ay)
		for t := 14.0; t < l-14; t += 8 {
			x, y := ax+(tx-ax)*t/l, ay+(ty-ay)*t/l
			owner := mv.to
			if t < l/2 {
				owner = first
			}
			if h.paBy[owner] != nil {
				owner = "" // a PA's card keeps off: the arrow meets its disc
			}
			p.Obstacles = append(p.Obstacles, render.Obstacle{Box: render.Corners(x-5, y-5, x+5, y+5), Weight: 3 * render.WeightLabel, Owner: owner})
		}
	}
	order := make([]*card, 0, len(cards))
	for _, cd := range cards {
		if cd.pa != nil {
			order = append(order, cd)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return len(order[i].pieces) > len(order[j].pieces) })
	for _, cd := range order {
		h.placePA(pl(cd.pa.inset), cd)
	}
	for _, cd := range cards {
		if cd.base != nil {
			h.placeBase(pl(cd.base.inset), cd)
		}
	}
	for _, cd := range cards {
		if cd.zone != nil {
			h.placeZone(pl(cd.zone.inset), cd)
		}
	}
	return cards
}

var gaps = []float64{3, 12, 24, 40, 60, 85, 115}

func (h *board) placePA(p *render.Placer, cd *card) {
	var size [2][2]float64
	for i, v := range []bool{false, true} {
		if v && len(cd.pieces) < 2 {
			continue
		}
		size[i][0], size[i][1] = cd.size(v)
	}
	cs := h.candidates(candKey{at: cd.pa.p.ID, size: size}, func() *cands {
		cs := &cands{}
		for i, v := range []bool{false, true} {
			if v && len(cd.pieces) < 2 {
				continue
			}
			bs, ds := render.Around(cd.pa.x, cd.pa.y, discR, size[i][0], size[i][1], gaps)
			for i := range bs {
				cs.Boxes = append(cs.Boxes, bs[i])
				// distance matters: a card far from its PA needs a leader
				e := ds[i] * ds[i] * 0.8
				if v {
					e += 60
				}
				cs.Extra = append(cs.Extra, e)
				cs.vert = append(cs.vert, v)
			}
		}
		return cs
	})
	best, i := cs.best(p, cd.pa.p.ID)
	cd.b, cd.vert = best, cs.vert[i]
	p.Add(best, render.WeightPlaced)
}

// placeBase puts an assault base's tray by its chevron, in one row or
// two, the nearer the better.
func (h *board) placeBase(p *render.Placer, cd *card) {
	bg := cd.base
	n := len(cd.pieces)
	var widths [capZone + 2]float64
	for i, pc := range cd.pieces {
		widths[min(i, len(widths)-1)] = pc.width()
	}
	cs := h.candidates(candKey{at: bg.b.ID, n: n, widths: widths, band: band(cd.pieces)}, func() *cands {
		cs := &cands{}
		for i, cols := range []int{n, (n + 1) / 2} {
			if cols < 1 || i == 1 && cols == n {
				continue
			}
			_, w, hh := trayShape(cd.pieces, cols)
			bs, ds := render.Around(bg.x, bg.y, 7, w, hh, gaps)
			for i := range bs {
				cs.Boxes = append(cs.Boxes, bs[i])
				cs.Extra = append(cs.Extra, ds[i]*ds[i]*0.8+hh*0.3)
				cs.cols = append(cs.cols, cols)
			}
		}
		return cs
	})
	best, i := cs.best(p, bg.b.ID)
	cd.b, cd.cols = best, cs.cols[i]
	p.Add(best, render.WeightPlaced)
}

func (h *board) placeZone(p *render.Placer, cd *card) {
	g := cd.zone
	n := len(cd.pieces)
	var widths [capZone + 2]float64 // pieces' widths: with their band, all a tray's shape depends on
	for i, pc := range cd.pieces {
		widths[min(i, len(widths)-1)] = pc.width()
	}
	cs := h.candidates(candKey{at: g.z.ID, n: n, widths: widths, band: band(cd.pieces)}, func() *cands {
		cs := &cands{}
		for _, cols := range []int{n, (n + 1) / 2, (n + 2) / 3, 1} {
			if cols < 1 {
				continue
			}
			_, w, hh := trayShape(cd.pieces, cols)
			// positions inside the zone's box, on a grid of at most ~20 x 20
			sx := math.Max(8, (g.bb.W()-w)/20)
			sy := math.Max(8, (g.bb.H()-hh)/20)
			for y := g.bb.Y0 + 3; y+hh <= g.bb.Y1-3+1e-9; y += sy {
				for x := g.bb.X0 + 3; x+w <= g.bb.X1-3+1e-9; x += sx {
					b := render.BoxAt(x, y, w, hh)
					// near the zone's centre, in few rows
					e := math.Hypot(b.CX()-g.lx, b.CY()-g.ly)*0.5 + hh*0.3
					if !render.BoxIn(g.poly, b.Grow(-2)) {
						e += 4000
					}
					cs.Boxes = append(cs.Boxes, b)
					cs.Extra = append(cs.Extra, e)
					cs.cols = append(cs.cols, cols)
				}
			}
		}
		return cs
	})
	if len(cs.Boxes) == 0 {
		_, w, hh := trayShape(cd.pieces, n)
		cd.b = render.BoxAt(g.lx-w/2, g.ly-hh/2, w, hh)
		cd.cols = n
		return
	}
	best, i := cs.best(p, g.z.ID)
	cd.b, cd.cols = best, cs.cols[i]
	p.Add(best, render.WeightPlaced)
}

// cands are the places a card may go, with the extra cost of each: they
// depend only on where the card belongs and its size, so a board keeps
// them (the placer's obstacles are what changes from view to view).
type cands struct {
	render.Candidates
	vert []bool // a PA card's: stacked downwards
	cols []int  // a zone tray's: columns
}

type candKey struct {
	at     string
	size   [2][2]float64 // a PA card's, across and down
	n      int
	widths [capZone + 2]float64 // a zone tray's pieces
	band   float64              // and their markers' band
}

// best is the candidate p finds best for self and its index, whose
// vert or cols go with it.
func (cs *cands) best(p *render.Placer, self string) (render.Box, int) {
	i, _ := p.BestIndexOf(&cs.Candidates, self)
	return cs.Boxes[i], i
}

// candidates returns the candidates for k, made by mk if new.
func (h *board) candidates(k candKey, mk func() *cands) *cands {
	h.spr.mu.Lock()
	defer h.spr.mu.Unlock()
	if cs, ok := h.spr.cands[k]; ok {
		return cs
	}
	if h.spr.cands == nil || len(h.spr.cands) > 4096 {
		h.spr.cands = map[candKey]*cands{}
	}
	cs := mk()
	h.spr.cands[k] = cs
	return cs
}

// leader joins a card that is not touching its PA to the PA.
func (h *board) leader(c *render.Canvas, cd *card) {
	var x, y float64
	switch {
	case cd.pa != nil:
		x, y = cd.pa.x, cd.pa.y
	case cd.base != nil:
		x, y = cd.base.x, cd.base.y
	default:
		return
	}
	nx, ny := cd.b.Nearest(x, y)
	if math.Hypot(nx-x, ny-y) <= discR+5 {
		return
	}
	c.SetColor(inkBlack)
	c.SetLineWidth(2.6)
	c.DrawLine(x, y, nx, ny)
	c.Stroke()
	c.SetColor(inkWhite)
	c.SetLineWidth(1)
	c.DrawLine(x, y, nx, ny)
	c.Stroke()
}

func (h *board) drawCard(c *render.Canvas, cd *card) {
	if cd.zone != nil || cd.base != nil {
		cells, _, _ := trayShape(cd.pieces, max(cd.cols, 1))
		for i, p := range cd.pieces {
			h.counter(c, cd.b.X0+cells[i][0], cd.b.Y0+cells[i][1], p)
		}
		return
	}
	x, y := cd.b.X0, cd.b.Y0
	id := cd.pa.p.ID
	if len(cd.pieces) == 0 {
		h.tab(c, x, y, cd.b.W(), tabH, id, cd.ctrl, cd.hot)
		return
	}
	if cd.vert {
		h.tab(c, x, y, counterW, tabH, id, cd.ctrl, cd.hot)
		y += tabH + counterGap
		for _, p := range cd.pieces {
			if p.marked() {
				y += markH
			}
			if p.chip {
				h.chip(c, x, y, counterW, 18, p.k.Side, p.n)
				y += 18 + counterGap
				continue
			}
			h.counter(c, x, y, p)
			y += counterH + counterGap
		}
		return
	}
	tw := tabWidth(id)
	y += band(cd.pieces)
	h.tab(c, x, y, tw, counterH, id, cd.ctrl, cd.hot)
	x += tw + counterGap
	for _, p := range cd.pieces {
		h.counter(c, x, y, p)
		x += p.width() + counterGap
	}
}

// Counters, tabs and chips are stamped from sprites (render.Sprites), at
// whole pixels: a stack's pieces look the same wherever they stand, and
// drawing one costs a copy.

func (h *board) counter(c *render.Canvas, x, y float64, p piece) {
	sp := h.stamps.Get(p, counterW+16, counterH+16, func(c *render.Canvas, x, y float64) { drawCounter(c, x, y, p) })
	c.Stamp(sp, px(x), px(y))
}

func (h *board) tab(c *render.Canvas, x, y, w, ht float64, id, ctrl string, hot bool) {
	type key struct {
		w, h     float64
		id, ctrl string
		hot      bool
	}
	sp := h.stamps.Get(key{w, ht, id, ctrl, hot}, int(w)+8, int(ht)+8, func(c *render.Canvas, x, y float64) { drawTab(c, x, y, w, ht, id, ctrl, hot) })
	c.Stamp(sp, px(x), px(y))
}

func (h *board) chip(c *render.Canvas, x, y, w, ht float64, side string, n int) {
	type key struct {
		w, h float64
		side string
		n    int
	}
	sp := h.stamps.Get(key{w, ht, side, n}, int(w)+8, int(ht)+8, func(c *render.Canvas, x, y float64) { drawChip(c, x, y, w, ht, side, n) })
	c.Stamp(sp, px(x), px(y))
}

// px is the whole pixel nearest v.
func px(v float64) int { return int(math.Round(v)) }

// drawTab: a PA's id on its controller's colour, with the controller's
// marker shape (round for France, a diamond for the VM).
func drawTab(c *render.Canvas, x, y, w, h float64, id, ctrl string, hot bool) {
	body, edge, ink := inkFr, inkFrDark, inkTextLt
	if ctrl == hell.VM {
		body, edge, ink = inkVM, inkBlack, inkText
	}
	if hot {
		c.Rect(x-3, y-3, x+w+3, y+h+3, inkBlack)
		c.Rect(x-2, y-2, x+w+2, y+h+2, inkHot)
	}
	c.Rect(x, y, x+w, y+h, body)
	c.Frame(x, y, x+w, y+h, 1, edge)
	mx, my := x+7, y+h/2
	if h > tabH {
		my = y + 26
	}
	if ctrl == hell.VM {
		c.NewSubPath()
		c.MoveTo(mx, my-4.5)
		c.LineTo(mx+4.5, my)
		c.LineTo(mx, my+4.5)
		c.LineTo(mx-4.5, my)
		c.ClosePath()
		c.SetColor(inkBlack)
		c.Fill()
	} else {
		c.DrawCircle(mx, my, 3.5)
		c.SetColor(inkWhite)
		c.Fill()
	}
	if h > tabH {
		c.FitFont(id, w-4, 10.5, 7, true)
		c.Text(id, x+w/2, y+10, 0.5, 0.5, ink)
	} else {
		c.FitFont(id, w-15, 10.5, 7, true)
		c.Text(id, x+13, y+h/2, 0, 0.5, ink)
	}
}

// ---------------------------------------------------------------- arrows

func (h *board) locPoint(loc string) (float64, float64) {
	if p := h.paBy[loc]; p != nil {
		return p.x, p.y
	}
	if b := h.base(loc); b != nil {
		return b.x, b.y
	}
	g := h.zoneBy[loc]
	return g.lx, g.ly
}

// pieceBoxes is where each drawn counter of a named unit is, by id: a
// move's arrow ends at the counter of the unit that moved (issue 15,
// item 4), so that arrows from one stack tell which unit went where.
func (h *board) pieceBoxes(cards []*card) map[string]render.Box {
	out := map[string]render.Box{}
	put := func(p piece, x, y float64) {
		if !p.chip && p.k.ID != "" && p.k.Kind != "hidden" {
			out[p.k.ID] = render.BoxAt(x, y, counterW, counterH)
		}
	}
	for _, cd := range cards {
		switch {
		case cd.zone != nil || cd.base != nil:
			cells, _, _ := trayShape(cd.pieces, max(cd.cols, 1))
			for i, p := range cd.pieces {
				put(p, cd.b.X0+cells[i][0], cd.b.Y0+cells[i][1])
			}
		case cd.vert:
			y := cd.b.Y0 + tabH + counterGap
			for _, p := range cd.pieces {
				if p.marked() {
					y += markH
				}
				if p.chip {
					y += 18 + counterGap
					continue
				}
				put(p, cd.b.X0, y)
				y += counterH + counterGap
			}
		default:
			x, y := cd.b.X0+tabWidth(cd.pa.p.ID)+counterGap, cd.b.Y0+band(cd.pieces)
			for _, p := range cd.pieces {
				put(p, x, y)
				x += p.width() + counterGap
			}
		}
	}
	return out
}

// arrows draws the moves, assaults and fire of what just happened; it
// returns where their count badges are, for the tags to keep off.
func (h *board) arrows(c *render.Canvas, m *marks, cards []*card) []render.Box {
	var counts []render.Box
	stacks := make([]render.Box, len(cards))
	for i, cd := range cards {
		stacks[i] = cd.b
	}
	boxes := h.pieceBoxes(cards)
	trays := trayBoxes(cards)
	// moves first, then fire, assaults on top; a second arrow between
	// the same places runs alongside the first
	rank := map[string]int{"move": 0, "fire": 1, "assault": 2}
	mvs := append([]move(nil), m.moves...)
	sort.SliceStable(mvs, func(i, j int) bool { return rank[mvs[i].kind] < rank[mvs[j].kind] })
	drawn := map[[2]string]int{}
	for _, mv := range mvs {
		e, ok := h.arrowEnds(mv, boxes, trays)
		if !ok {
			continue
		}
		ax, ay, tx, ty := e.ax, e.ay, e.tx, e.ty
		l := math.Hypot(tx-ax, ty-ay)
		ux, uy := (tx-ax)/l, (ty-ay)/l
		pair := [2]string{mv.from, mv.to}
		if e.toCounter {
			pair[1] += "\x00" + mv.unit
		}
		if k := drawn[pair]; k > 0 {
			off := 7.0 * float64((k+1)/2)
			if k%2 == 0 {
				off = -off
			}
			ax, ay, tx, ty = ax-uy*off, ay+ux*off, tx-uy*off, ty+ux*off
		}
		k := drawn[pair]
		drawn[pair]++
		// the shape is where it starts and ends
		at := fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%.1f,%.1f,%.1f,%.1f", mv.from, mv.to, mv.kind, mv.unit, ax, ay, tx, ty)
		start, end := e.start, e.end
		switch mv.kind {
		case "assault", "move":
			w, fill := 5.0, inkHot
			if mv.kind == "assault" {
				w, fill = 6, inkLoss
			}
			pts := render.ArrowOutline(ax+ux*start, ay+uy*start, tx-ux*end, ty-uy*end, w)
			if pts == nil {
				break
			}
			// as Canvas.Arrow
			c.Paint(h.shape(spriteKey{arrow, at, k}, func() *render.Shape {
				var p render.Path
				poly(&p, pts)
				return p.Fill(h.Size())
			}), fill)
			c.Paint(h.shape(spriteKey{arrowEdge, at, k}, func() *render.Shape {
				var p render.Path
				poly(&p, pts)
				return p.Stroke(h.Size(), 1.6)
			}), inkBlack)
		case "fire":
			// a line of fire: dashed, with a burst at the target
			c.SetColor(inkBlack)
			c.SetLineWidth(4)
			c.SetDash(7, 5)
			c.DrawLine(ax+ux*start, ay+uy*start, tx-ux*end, ty-uy*end)
			c.StrokePreserve()
			c.SetColor(inkHot)
			c.SetLineWidth(2)
			c.Stroke()
			c.SetDash()
		default:
			c.Arrow(ax+ux*start, ay+uy*start, tx-ux*end, ty-uy*end, 5, inkHot, inkBlack)
		}
		if mv.n > 1 {
			// as countBadge
			c.Font(11.5, true)
			w := c.Width(fmt.Sprintf("×%d", mv.n)) + 8
			mx, my := countSpot(ax, ay, tx, ty, w, stacks)
			at := fmt.Sprintf("%s\x00%d\x00%d\x00%.1f,%.1f", at, k, mv.n, mx, my)
			c.Paint(h.shape(spriteKey{arrowCount, at, mv.n}, func() *render.Shape {
				var p render.Path
				countPath(&p, h.spr.measure, mx, my, mv.n)
				return p.Fill(h.Size())
			}), inkWhite)
			c.Paint(h.shape(spriteKey{arrowCountEdge, at, mv.n}, func() *render.Shape {
				var p render.Path
				countPath(&p, h.spr.measure, mx, my, mv.n)
				return p.Stroke(h.Size(), 1.2)
			}), inkBlack)
			countText(c, mx, my, mv.n)
			counts = append(counts, countBox(mx, my, w))
		}
	}
	return counts
}

// countBox is the pill of an arrow's count of width w whose right end
// and baseline are (mx, my), as countPath draws it.
func countBox(mx, my, w float64) render.Box { return render.Corners(mx-w+4, my-10, mx+4, my+5) }

// countSpot is where the count of an arrow from (ax, ay) to (tx, ty)
// goes (its pill w wide): by the shaft, nearer the tail than the head,
// whose place keeps its tag, and on none of the stacks if it can.
func countSpot(ax, ay, tx, ty, w float64, stacks []render.Box) (float64, float64) {
	for _, t := range []float64{0.4, 0.3, 0.5, 0.2, 0.6} {
		for _, side := range []float64{1, -1} {
			mx, my := ax+(tx-ax)*t+14*side, ay+(ty-ay)*t+7*side
			b, clear := countBox(mx, my, w), true
			for _, o := range stacks {
				if b.Overlap(o) > 0 {
					clear = false
					break
				}
			}
			if clear {
				return mx, my
			}
		}
	}
	return ax + (tx-ax)*0.4 + 14, ay + (ty-ay)*0.4 + 7
}

// arrowGeo is where an arrow of what just happened runs: from (ax, ay)
// to (tx, ty), its tail start and its head end short of them.
type arrowGeo struct {
	ax, ay, tx, ty float64
	start, end     float64
	toCounter      bool // the head touches the counter of the unit that moved
}

// minArrow is the shortest arrow drawn between places, minEdge between
// the edges of stacks (a head touching a counter).
const (
	minArrow = 24.0
	minEdge  = 18.0
)

// arrowEnds is where mv's arrow runs. It starts where the stack it left
// stands (issue 30, item 2): the edge of the tray a zone or an assault
// base still holds, else the zone's middle, where its stack stood, or a
// PA's disc; a move ends at the counter of the unit that moved (issue
// 15, item 4), else at the edge of the tray it joined, else at the
// place; assaults and fire end at the place they hit. Ends too close
// together fall back to the places; ok is false when those are too.
func (h *board) arrowEnds(mv move, boxes, trays map[string]render.Box) (arrowGeo, bool) {
	ax, ay := h.locPoint(mv.from)
	tx, ty := h.locPoint(mv.to)
	places := arrowGeo{ax: ax, ay: ay, tx: tx, ty: ty, start: 10, end: 12}
	g := places
	var target render.Box
	onTarget := false
	if mv.kind == "move" {
		if b, ok := boxes[mv.unit]; ok && mv.unit != "" {
			target, onTarget, g.toCounter = b, true, true
		} else if b, ok := trays[mv.to]; ok {
			target, onTarget = b, true
		}
	}
	if onTarget {
		tx, ty = target.CX(), target.CY()
	}
	// the line joins the middles of the two stacks, cut where it
	// leaves the one and enters the other
	from, fromTray := trays[mv.from]
	if fromTray {
		ax, ay = from.CX(), from.CY()
		g.ax, g.ay = from.Exit(ax, ay, tx, ty)
		g.start = 2
	}
	if onTarget {
		g.tx, g.ty = target.Exit(tx, ty, ax, ay)
		g.end = 1
	}
	long := func(g arrowGeo) bool {
		least := minArrow
		if g.end < places.end {
			least = minEdge
		}
		return math.Hypot(g.tx-g.ax, g.ty-g.ay) >= least
	}
	if long(g) {
		return g, true
	}
	// the stack it left too close to the one it joined: from the place
	if onTarget {
		g.ax, g.ay, g.start = places.ax, places.ay, places.start
		g.tx, g.ty = target.Exit(tx, ty, g.ax, g.ay)
		g.toCounter = g.toCounter && !inside(target, g.ax, g.ay)
		if long(g) && !inside(target, g.ax, g.ay) {
			return g, true
		}
	}
	return places, long(places)
}

func inside(b render.Box, x, y float64) bool {
	return x >= b.X0 && x <= b.X1 && y >= b.Y0 && y <= b.Y1
}

// trayBoxes is where each zone's and assault base's tray is drawn, by
// the place's id.
func trayBoxes(cards []*card) map[string]render.Box {
	out := map[string]render.Box{}
	for _, cd := range cards {
		switch {
		case cd.zone != nil:
			out[cd.zone.z.ID] = cd.b
		case cd.base != nil:
			out[cd.base.b.ID] = cd.b
		}
	}
	return out
}

// tags name what happened, next to each place.
func (h *board) tags(c *render.Canvas, m *marks, cards []*card, counts []render.Box) {
	main := &render.Placer{Bounds: h.mapR}
	ins := &render.Placer{Bounds: h.insetArea()}
	for _, cd := range cards {
		p := main
		if (cd.pa != nil && cd.pa.inset) || (cd.zone != nil && cd.zone.inset) || (cd.base != nil && cd.base.inset) {
			p = ins
		}
		// a tag never covers a counter if there is any room
		p.Add(cd.b, render.WeightPlaced)
	}
	// nor an arrow's count, and if it can, no zone's name
	for _, b := range counts {
		main.Add(b, render.WeightPlaced)
		ins.Add(b, render.WeightPlaced)
	}
	for _, g := range h.zones {
		if g.inset {
			ins.Add(g.labelBox, render.WeightLabel)
		} else {
			main.Add(g.labelBox, render.WeightLabel)
		}
	}
	c.Font(10.5, true)
	for _, loc := range m.locs {
		s := tagText(m.at[loc])
		if s == "" {
			continue
		}
		w, hh := c.Width(s)+10, 15.0
		x, y := h.locPoint(loc)
		p := main
		if h.insetLoc(loc) {
			p = ins
		}
		var b render.Box
		if g := h.zoneBy[loc]; g != nil {
			// under the zone's name, else elsewhere in the zone, off the
			// counters
			var bs []render.Box
			var extra []float64
			x0 := math.Min(g.labelBox.X0, g.bb.X1-w-2)
			for y := g.labelBox.Y1 + 2; y+hh <= g.bb.Y1-2; y += 8 {
				for x := x0; x >= g.bb.X0+2 && x+w <= g.bb.X1-2+1e-9; x += 12 {
					bs = append(bs, render.BoxAt(x, y, w, hh))
					extra = append(extra, (y-g.labelBox.Y1)*2+(x-x0))
				}
			}
			if len(bs) == 0 {
				bs, extra = []render.Box{render.BoxAt(x0, g.labelBox.Y1+2, w, hh)}, []float64{0}
			}
			b, _ = p.Best(bs, extra, "")
		} else {
			bs, ds := render.Around(x, y, discR+8, w, hh, []float64{2, 10, 22})
			extra := make([]float64, len(ds))
			for i := range ds {
				extra[i] = ds[i] * 2
			}
			b, _ = p.Best(bs, extra, "")
		}
		p.Add(b, render.WeightPlaced)
		// stamped, at whole pixels, as counters are
		sp := h.stamps.Get(tagKey(s), int(w)+4, int(hh)+4, func(c *render.Canvas, x, y float64) {
			c.DrawRoundedRectangle(x, y, w, hh, 4)
			c.SetColor(inkBlack)
			c.FillPreserve()
			c.SetColor(inkHot)
			c.SetLineWidth(1.5)
			c.Stroke()
			c.Font(10.5, true)
			c.Text(s, x+w/2, y+hh/2, 0.5, 0.5, inkHot)
		})
		c.Stamp(sp, px(b.X0), px(b.Y0))
	}
}

// tagKey keys a tag's sprite.
type tagKey string
