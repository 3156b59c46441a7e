package fgmap

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/finalgamble"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/render/golden"
)

// spotted checks one place's spot: known, inside its frame, the frame
// inside the image, and its close-up the board's crop size (or its
// frame's, if smaller), inside the frame, holding the point at.
func spotted(t *testing.T, b *board, place string, at image.Point) {
	t.Helper()
	box, frame, ok := b.Spot(place)
	if !ok {
		t.Errorf("%s: no spot", place)
		return
	}
	img := image.Rect(0, 0, b.w, b.h)
	switch {
	case box.Empty():
		t.Errorf("%s: an empty box", place)
	case !frame.In(img):
		t.Errorf("%s: frame %v outside the image %v", place, frame, img)
	case !box.In(frame):
		t.Errorf("%s: box %v outside its frame %v", place, box, frame)
	case !at.In(box):
		t.Errorf("%s: box %v does not hold %v", place, box, at)
	}
	crops := render.Closeups(b, []string{place}, nil)
	size := b.CropSize()
	if len(crops) != 1 {
		t.Errorf("%s: %d close-ups", place, len(crops))
		return
	}
	c := crops[0]
	if c.Dx() != min(size.X, frame.Dx()) || c.Dy() != min(size.Y, frame.Dy()) || !c.In(frame) || !at.In(c) {
		t.Errorf("%s: close-up %v (frame %v) does not hold %v at the crop size %v", place, c, frame, at, size)
	}
}

// Issue 30, item 1: every hex of DBP and Isabelle ("0712", "I0305") has
// its spot, on its own sub-map's frame, and its close-up holds the
// hex's whole stack (up to 3 French counters, 1.6), never cut.
func TestSpot_EveryHexOfBothMaps(t *testing.T) {
	b := newBoard(testData)
	n := 0
	for _, g := range []*geo{b.dbp, b.isa} {
		for _, h := range g.m.Hexes() {
			p := h.ID
			if g == b.isa {
				p = "I" + h.ID
			}
			x, y := g.center(h.ID)
			spotted(t, b, p, image.Pt(int(x), int(y)))
			_, frame, _ := b.Spot(p)
			if frame != b.frame(g) {
				t.Errorf("%s: frame %v, want its sub-map's %v", p, frame, b.frame(g))
			}
			// the stack: 3 counters from 14 px above the centre (units)
			stack := rect(x-cW/2, y-14, x+cW/2, y-14+3*(cH+1))
			if c := render.Closeups(b, []string{p}, nil); len(c) == 1 && !stack.In(c[0]) {
				t.Errorf("%s: close-up %v cuts the stack %v", p, c[0], stack)
			}
			n++
		}
	}
	if n < 500 {
		t.Errorf("only %d hexes spotted", n)
	}
}

// Every box the board draws is spotted by its name and by the token the
// engine names it with ("Laos-1", "Off-Map", "Wounded-Square"); every
// strongpoint by its code; the Supply Areas (1.3-D, 5.4-D) and the
// Airdrop Chart (5.4); unknown places are not.
func TestSpot_BoxesStrongpointsAndCharts(t *testing.T) {
	b := newBoard(testData)
	for id, bx := range b.boxes {
		spotted(t, b, id, image.Pt(int(bx.CX()), int(bx.CY())))
		if _, frame, _ := b.Spot(id); frame != b.boxesFrame() {
			t.Errorf("%s: frame %v, want the boxes' %v", id, frame, b.boxesFrame())
		}
	}
	for _, tok := range []string{"Laos-1", "Laos-2", "Off-Map", "Condor", "VM-Reinforcements", "Hanoi", "Reinforcements-Available", "Wounded-Square", "Pulled-Back", "2z-304", "1z-304", "Wounded", "Gone"} {
		bx, ok := b.boxes[finalgamble.BoxName(tok)]
		if !ok {
			t.Errorf("the board draws no box %q (token %q)", finalgamble.BoxName(tok), tok)
			continue
		}
		spotted(t, b, tok, image.Pt(int(bx.CX()), int(bx.CY())))
	}
	for _, g := range []*geo{b.dbp, b.isa} {
		for _, sp := range g.m.Strongs {
			x, y := g.center(sp.Hexes[0])
			spotted(t, b, sp.Code, image.Pt(int(x), int(y)))
		}
	}
	// a Supply Area's close-up is centred on it (DBP's is taller than a
	// close-up)
	for _, p := range []string{finalgamble.SupplyArea, finalgamble.IsabelleSupplyArea} {
		g := b.dbp
		if p == finalgamble.IsabelleSupplyArea {
			g = b.isa
		}
		var ids []string
		for _, h := range g.m.Hexes() {
			if h.Supply {
				ids = append(ids, h.ID)
			}
		}
		box := b.hexesBox(g, ids)
		spotted(t, b, p, box.Min.Add(box.Max).Div(2))
	}
	x0, y0 := b.airdropOrigin()
	spotted(t, b, finalgamble.AirdropChart, image.Pt(int(x0+3*airdropCellW), int(y0+3*airdropCellH)))
	// the chart's row numbers and six columns' printing all in its
	// close-up (the last slot's right edge may be cut by a few pixels)
	c := render.Closeups(b, []string{finalgamble.AirdropChart}, nil)[0]
	if cols := rect(x0-14, y0, x0+6*airdropCellW-6, y0+6*airdropCellH); !cols.In(c) {
		t.Errorf("the Airdrop Chart's close-up %v cuts its slots %v", c, cols)
	}
	for _, p := range []string{"", "9999", "I9999", "Arrived", "nowhere", "I-", "E99"} {
		if _, _, ok := b.Spot(p); ok {
			t.Errorf("%q spotted", p)
		}
	}
}

// Marked lists the places of the view's marks the map draws (moves, fire
// and assaults), both ends of a move; a move into a box draws nothing,
// so it has no close-up.
func TestSpot_MarkedFromTheViewsMarks(t *testing.T) {
	b := newBoard(testData)
	v := view(t, "A")
	v.Board.(*finalgamble.BoardView).Marks = []adjudicator.Mark{{Kind: "assault", From: "1120", At: "1019"}, {Kind: "fire", At: "I0405"}, {Kind: "move", From: "1807", At: "Off-Map"}}
	got := b.Marked(v)
	want := []string{"1120", "1019", "I0405"}
	if len(got) != len(want) {
		t.Fatalf("marked %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("marked %v, want %v", got, want)
		}
	}
	if got := b.Marked(adjudicator.View{Title: finalgamble.ID}); got != nil {
		t.Errorf("a view without a board: %v", got)
	}
}

// spotRenderer is one renderer for the close-up tests: its static layer
// drawn once (the race detector makes each draw slow).
var spotRenderer = sync.OnceValue(newRenderer)

// dice are fixed faces, then 1s.
type dice []int

func (d *dice) Roll(sides int) int {
	if len(*d) == 0 {
		return 1
	}
	v := (*d)[0]
	*d = (*d)[1:]
	return max(1, min(sides, v))
}

// played is scenario A after orders, each "side order".
func played(t *testing.T, orders ...[2]string) adjudicator.State {
	t.Helper()
	s, err := testRules.Setup("A", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range orders {
		ns, _, err := testRules.Apply(s, adjudicator.Side(o[0]), o[1], &dice{})
		if err != nil {
			t.Fatalf("%s %q: %v", o[0], o[1], err)
		}
		s = ns
	}
	return s
}

// 2.2-A: the VM's bombardment decision, with Zone Markers on two French
// stacks at DBP and one at Isabelle: a close-up of the DBP pair, one of
// Isabelle's, each marker's ring centred (golden files).
func TestSpot_2_2_BombardmentCloseups(t *testing.T) {
	s := played(t, [2]string{"french", "done"}, [2]string{"vm", "done"}, [2]string{"vm", "done"},
		[2]string{"vm", "zone 1910"}, [2]string{"vm", "zone 1807"}, [2]string{"vm", "zone I0405"})
	v := testRules.View(s, adjudicator.ViewerOf(finalgamble.VM))
	if want := []string{"1910", "1807", "I0405"}; len(v.Prompt.Focus) != 3 || v.Prompt.Focus[0] != want[0] || v.Prompt.Focus[2] != want[2] {
		t.Fatalf("2.2 focus %v, want %v", v.Prompt.Focus, want)
	}
	b := newBoard(testData)
	crops := render.Closeups(b, v.Prompt.Focus, b.Marked(v))
	if len(crops) != 2 {
		t.Fatalf("close-ups %v: want the DBP pair's and Isabelle's", crops)
	}
	for i, p := range []string{"1910", "1807", "I0405"} {
		g, id, _ := b.place(p)
		x, y := g.center(id)
		if c := crops[i/2]; !image.Pt(int(x), int(y)).In(c) {
			t.Errorf("%s not in close-up %v", p, c)
		}
	}
	r := spotRenderer()
	for i, c := range crops {
		png, err := r.PNGCrop(v, c)
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "spot-bombard-vm-"+string(rune('1'+i)), png)
	}
}

// 5.4-A: France's airdrop decision pictures the Airdrop Chart with the
// plane-loads in their slots, and the Hanoi Airbase Box (golden files).
func TestSpot_5_4_AirdropChartWithItsLoads(t *testing.T) {
	v := view(t, "A")
	v.Board.(*finalgamble.BoardView).Loads = map[string][]string{"r2c1": {"Ammo"}, "r3c4": {"1BPVN-1", "Replacement"}, "r4c3": {"Medicine"}}
	b := newBoard(testData)
	crops := render.Closeups(b, []string{finalgamble.AirdropChart, "Hanoi"}, nil)
	if len(crops) != 2 {
		t.Fatalf("close-ups %v: want the chart's and the box's", crops)
	}
	r := spotRenderer()
	x0, y0 := b.airdropOrigin()
	for i, crop := range crops {
		pic, err := r.PNGCrop(v, crop)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			// each loaded slot is filled, an empty one is not
			img, err := decodePNG(pic)
			if err != nil {
				t.Fatal(err)
			}
			for slot, loaded := range map[[2]int]bool{{2, 1}: true, {3, 4}: true, {4, 3}: true, {1, 4}: false, {6, 6}: false} {
				at := image.Pt(int(x0+float64(slot[1]-1)*airdropCellW)+3, int(y0+float64(slot[0]-1)*airdropCellH)+3).Sub(crop.Min)
				if got := color.RGBAModel.Convert(img.At(at.X, at.Y)) == inkFR; got != loaded {
					t.Errorf("slot r%dc%d: filled %v, want %v", slot[0], slot[1], got, loaded)
				}
			}
		}
		golden.Check(t, "spot-airdrop-french-"+string(rune('1'+i)), pic)
	}
}

// Issue 30, item 2: the last order's marks are drawn: a move (a retreat,
// an advance) as a yellow arrow from where the unit was, fire as a yellow
// ring; a mark across the two sub-maps or into a box draws no arrow.
func TestRecent_TheLastOrdersMovesAndFire(t *testing.T) {
	b := newBoard(testData)
	draw := func(marks []adjudicator.Mark) *image.RGBA {
		v := view(t, "A")
		v.Board.(*finalgamble.BoardView).Marks = marks
		return drawDynamic(t, b, v)
	}
	blank := draw(nil)
	img := draw([]adjudicator.Mark{{Kind: "move", From: "2406", At: "2706"}, {Kind: "fire", At: "I0405"}, {Kind: "move", From: "1019", At: "Off-Map"}})
	// the arrow's middle, between the two hexes
	x0, y0 := b.dbp.center("2406")
	x1, y1 := b.dbp.center("2706")
	if blank.RGBAAt(int((x0+x1)/2), int((y0+y1)/2)) == inkNow {
		t.Fatal("the board is yellow there without marks: pick other hexes")
	}
	if mid := img.RGBAAt(int((x0+x1)/2), int((y0+y1)/2)); mid != inkNow {
		t.Errorf("the move 2406→2706: %v at its middle, want the arrow's %v", mid, inkNow)
	}
	// the ring, left of I0405's centre
	x, y := b.isa.center("0405")
	ring := 0
	for dx := -int(b.isa.lay.S()); dx < 0; dx++ {
		if img.RGBAAt(int(x)+dx, int(y)) == inkNow {
			ring++
		}
	}
	if ring == 0 {
		t.Error("no ring on I0405's fire")
	}
	// nothing else drawn for the move into a box
	diff := 0
	for i := range img.Pix {
		if img.Pix[i] != blank.Pix[i] {
			diff++
		}
	}
	if only := draw([]adjudicator.Mark{{Kind: "move", From: "1019", At: "Off-Map"}, {Kind: "move", From: "I0405", At: "1019"}}); !bytes.Equal(only.Pix, blank.Pix) {
		t.Error("a move into a box or across the sub-maps drew something")
	}
	if diff == 0 {
		t.Error("the marks drew nothing")
	}
}

func decodePNG(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) }

// 3.2: the VM's Box Combat pictures the box it shares with French units,
// whose units it names by name (golden file).
func TestSpot_3_2_BoxCombatInTheSharedBox(t *testing.T) {
	s := played(t, [2]string{"french", "done"}, [2]string{"vm", "done"}).(*finalgamble.State)
	for i := range s.Units {
		u := &s.Units[i]
		switch {
		case u.ID == "308-80" || u.ID == "1BEP-1" || u.ID == "1BEP-2":
			u.Map, u.Hex, u.Box = "", "", "2z-304"
		case u.Box == "2z-304":
			u.Box = "VM Off-Map"
		}
	}
	s.Seg, s.Rested = "3.2", nil
	v := testRules.View(s, adjudicator.ViewerOf(finalgamble.VM))
	if len(v.Prompt.Focus) != 1 || v.Prompt.Focus[0] != "2z-304" {
		t.Fatalf("3.2 focus %v, want 2z-304", v.Prompt.Focus)
	}
	b := newBoard(testData)
	crops := render.Closeups(b, v.Prompt.Focus, nil)
	if bx := b.boxes["2z-304"]; len(crops) != 1 || !image.Rect(int(bx.X0), int(bx.Y0), int(bx.X1), int(bx.Y1)).In(crops[0]) {
		t.Fatalf("close-ups %v: want one holding the 2z-304 box", crops)
	}
	pic, err := spotRenderer().PNGCrop(v, crops[0])
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "spot-boxcombat-vm", pic)
}

// An assault's arrow starts at the edge of the assaulting unit's counter
// (its name stays readable) and reaches into the defending hex.
func TestArrow_LeavesTheAssaultingCounterReadable(t *testing.T) {
	b := newBoard(testData)
	v := view(t, "A")
	bv := v.Board.(*finalgamble.BoardView)
	// a VM unit alone in its hex, and the hex east of it on its row
	from, to := eastOfAVMUnit(t, b, bv)
	draw := func() *image.RGBA { return drawDynamic(t, b, v) }
	before := draw()
	bv.Assaults = []finalgamble.Assault{{Unit: "x", From: from, Target: to, Marker: "assault"}}
	after := draw()
	x0, y0 := b.dbp.center(from)
	x1, y1 := b.dbp.center(to)
	box, _ := b.stackBox(bv, from, x0, y0)
	for y := int(box.Y0); y <= int(box.Y1); y++ {
		for x := int(box.X0); x <= int(box.X1); x++ {
			if before.RGBAAt(x, y) != after.RGBAAt(x, y) {
				t.Fatalf("the arrow %s→%s covers the assaulting counter at (%d, %d)", from, to, x, y)
			}
		}
	}
	if mid := after.RGBAAt(int(x0+(x1-x0)*0.6), int(y0+(y1-y0)*0.6)); mid != inkRedArr {
		t.Errorf("no red arrow between %s and %s: %v", from, to, mid)
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// Focus: with no decision's place, the close-up around what changed (a
// unit moved, a step lost) and what the map marks; nothing changed and
// nothing marked, no close-up; with no view before, the marks alone.
func TestFocus_AroundWhatChanged(t *testing.T) {
	b := newBoard(testData)
	before := view(t, "A")
	if _, ok := b.Focus(before, before); ok {
		t.Error("nothing changed, yet a close-up")
	}
	after := view(t, "A")
	bv := after.Board.(*finalgamble.BoardView)
	bv.Units = slices.Clone(bv.Units)
	var moved *finalgamble.Unit
	for i := range bv.Units {
		if u := &bv.Units[i]; u.Hex != "" && u.Box == "" && strings.HasPrefix(u.Place(), "1") {
			moved = u
			break
		}
	}
	if moved == nil {
		t.Fatal("no unit on DBP")
	}
	from := moved.Place()
	moved.Hex = neighbourOf(t, b, from)
	c, ok := b.Focus(before, after)
	if !ok {
		t.Fatal("a unit moved, no close-up")
	}
	for _, p := range []string{from, moved.Place()} {
		if g, id, _ := b.place(p); !pointIn(g, id, c) {
			t.Errorf("%s not in the close-up %v", p, c)
		}
	}
	bv.Marks = []adjudicator.Mark{{Kind: "fire", At: "I0405"}}
	if c, ok := b.Focus(adjudicator.View{}, after); !ok {
		t.Error("marks and no view before: no close-up")
	} else if g, id, _ := b.place("I0405"); !pointIn(g, id, c) {
		t.Errorf("the marked I0405 not in %v", c)
	}
}

// neighbourOf is a hex next to p on its map.
func neighbourOf(t *testing.T, b *board, p string) string {
	t.Helper()
	g, id, ok := b.place(p)
	if !ok {
		t.Fatalf("%s is no hex", p)
	}
	x, y := g.center(id)
	for _, h := range g.m.Hexes() {
		if h.ID == id {
			continue
		}
		if hx, hy := g.center(h.ID); math.Hypot(hx-x, hy-y) < 1.2*hexW {
			return h.ID
		}
	}
	t.Fatalf("no neighbour of %s", p)
	return ""
}

func pointIn(g *geo, id string, c image.Rectangle) bool {
	x, y := g.center(id)
	return image.Pt(int(x), int(y)).In(c)
}

// An assault's arrow stops short of the defending counters, so that
// their names stay readable too, and still shows between the hexes.
func TestArrow_LeavesTheDefendingCounterReadable(t *testing.T) {
	b := newBoard(testData)
	v := view(t, "A")
	bv := v.Board.(*finalgamble.BoardView)
	bv.Units = slices.Clone(bv.Units)
	from, to := eastOfAVMUnit(t, b, bv)
	for i := range bv.Units {
		if u := &bv.Units[i]; u.Side == "French" {
			u.Map, u.Hex, u.Box = "dbp", to, "" // the defender
			break
		}
	}
	draw := func() *image.RGBA { return drawDynamic(t, b, v) }
	before := draw()
	bv.Assaults = []finalgamble.Assault{{Unit: "x", From: from, Target: to, Marker: "assault"}}
	after := draw()
	x1, y1 := b.dbp.center(to)
	box, ok := b.stackBox(bv, to, x1, y1)
	if !ok {
		t.Fatalf("no defender drawn at %s", to)
	}
	for y := int(box.Y0); y <= int(box.Y1); y++ {
		for x := int(box.X0); x <= int(box.X1); x++ {
			if before.RGBAAt(x, y) != after.RGBAAt(x, y) {
				t.Fatalf("the arrow %s→%s covers the defending counter at (%d, %d)", from, to, x, y)
			}
		}
	}
	changed := false
	for y := 0; y < b.h && !changed; y++ {
		for x := 0; x < b.w; x++ {
			if before.RGBAAt(x, y) != after.RGBAAt(x, y) {
				changed = true
				break
			}
		}
	}
	if !changed {
		t.Errorf("no arrow drawn from %s to %s", from, to)
	}
}

// eastOfAVMUnit is the hex of a VM unit alone on DBP and the hex east of
// it on its row.
func eastOfAVMUnit(t *testing.T, b *board, bv *finalgamble.BoardView) (from, to string) {
	t.Helper()
	for _, u := range bv.Units {
		if u.Side != "VM" || u.Map != "dbp" {
			continue
		}
		r, c := u.Hex[:2], u.Hex[2:]
		east := r + fmt.Sprintf("%02d", atoi(c)+1)
		if b.dbp.m.Hex(east) != nil {
			return u.Hex, east
		}
	}
	t.Fatal("no VM unit with a hex east of it")
	return "", ""
}

// drawDynamic is v's dynamic layer alone.
func drawDynamic(t *testing.T, b *board, v adjudicator.View) *image.RGBA {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, b.w, b.h))
	if err := b.Dynamic(render.NewCanvas(img), v); err != nil {
		t.Fatal(err)
	}
	return img
}
