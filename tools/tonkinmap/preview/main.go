//go:build tonkinmap

// Command preview draws a throwaway PNG of Tonkin's hex map data, to look
// at the geography (terrain, coast, borders, rivers, roads, rail, towns,
// delta, stars and spots). Not the board (render/tonkin draws it) and not
// built by the tests:
//
//	go run -tags tonkinmap ./tools/tonkinmap/preview -out /tmp/tonkin.png
package main

import (
	"flag"
	"fmt"
	"image"
	"math"
	"os"

	"github.com/fogleman/gg"

	"github.com/umpirebot/umpire/adjudicator/tonkin"
)

var colours = map[string]string{
	"clear": "#f3ead0", "rough": "#d8bc8a", "forest": "#9cc48a",
	"rough-forest": "#a9b57a", "mountain": "#9a7450", "sea": "#a8cde8",
}

func main() {
	out := flag.String("out", "/tmp/tonkin.png", "PNG to write")
	scale := flag.Float64("scale", 3, "pixels per km")
	region := flag.String("region", "", "a map.toml region id to crop to")
	flag.Parse()
	d, err := tonkin.Load()
	if err != nil && d == nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "warning:", err)
	}
	g := d.Grid.Grid
	s := *scale
	minX, _ := g.Center(1, 0)
	maxX, _ := g.Center(2, g.Cols+1)
	_, minY := g.Center(0, 1)
	_, maxY := g.Center(g.Rows+1, 1)
	W, H := int((maxX-minX)*s), int((maxY-minY)*s)
	px := func(x, y float64) (float64, float64) { return (x - minX) * s, (maxY - y) * s }
	centre := func(id string) (float64, float64) {
		r, c, _ := tonkin.ParseHex(id)
		return px(g.Center(r, c))
	}
	dc := gg.NewContext(W, H)
	dc.SetHexColor("#ffffff")
	dc.Clear()
	rad := g.WidthKm / math.Sqrt(3) * s
	delta := map[string]bool{}
	for _, h := range d.Paths.Delta.Hexes {
		delta[h] = true
	}
	for _, h := range d.Grid.Hexes {
		x, y := centre(h.ID)
		dc.DrawRegularPolygon(6, x, y, rad, math.Pi/6)
		dc.SetHexColor(colours[h.Terrain])
		dc.FillPreserve()
		dc.SetRGBA(0, 0, 0, 0.25)
		dc.SetLineWidth(0.6)
		dc.Stroke()
		if h.Coastal {
			dc.DrawRegularPolygon(6, x, y, rad*0.8, math.Pi/6)
			dc.SetRGBA(0.2, 0.4, 0.9, 0.6)
			dc.SetLineWidth(1.5)
			dc.Stroke()
		}
		if h.Country == "china" {
			dc.DrawRegularPolygon(6, x, y, rad, math.Pi/6)
			dc.SetRGBA(0.5, 0.5, 0.5, 0.45)
			dc.Fill()
		}
		if h.Country == "laos" {
			dc.DrawRegularPolygon(6, x, y, rad, math.Pi/6)
			dc.SetRGBA(0.9, 0.8, 0.3, 0.18)
			dc.Fill()
		}
		if delta[h.ID] {
			dc.DrawRegularPolygon(6, x, y, rad*0.92, math.Pi/6)
			dc.SetRGBA(0.1, 0.6, 0.1, 0.9)
			dc.SetLineWidth(2)
			dc.Stroke()
		}
		dc.SetRGBA(0, 0, 0, 0.35)
		dc.DrawStringAnchored(h.ID, x, y+rad*0.6, 0.5, 0.5)
	}
	// China border hexsides
	for _, e := range d.Grid.ChinaBorder.Hexsides {
		x1, y1 := centre(e[0])
		x2, y2 := centre(e[1])
		mx, my := (x1+x2)/2, (y1+y2)/2
		dx, dy := (y2-y1)/2/math.Sqrt(3), -(x2-x1)/2/math.Sqrt(3)
		dc.DrawLine(mx-dx, my-dy, mx+dx, my+dy)
		dc.SetHexColor("#8a1fa8")
		dc.SetLineWidth(4)
		dc.Stroke()
	}
	line := func(p tonkin.Path, col string, w float64, dash bool) {
		for i, h := range p.Hexes {
			x, y := centre(h)
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.SetHexColor(col)
		dc.SetLineWidth(w)
		if dash {
			dc.SetDash(6, 4)
		}
		dc.Stroke()
		dc.SetDash()
	}
	for _, p := range d.Paths.Roads {
		line(p, "#c0392b", 2, false)
	}
	for _, p := range d.Paths.Railways {
		line(p, "#000000", 2, true)
	}
	for _, p := range d.Paths.Rivers {
		if p.Kind == "navigable" {
			line(p, "#0b3d91", 4, false)
		} else {
			line(p, "#4f8fd6", 2, false)
		}
	}
	for _, m := range d.Map.Mobilization.Hexes {
		x, y := centre(m.Hex)
		dc.DrawRegularPolygon(5, x+rad*0.45, y-rad*0.35, rad*0.22, -math.Pi/2)
		dc.SetHexColor("#e00000")
		dc.Fill()
	}
	for _, c := range d.Map.SupplyCenters.Centers {
		x, y := centre(c.Hex)
		dc.DrawCircle(x-rad*0.45, y-rad*0.35, rad*0.18)
		dc.SetHexColor("#e00000")
		dc.Fill()
	}
	for _, u := range d.Map.Urban {
		x, y := centre(u.Hex)
		r := 3.0
		if u.Kind == "city" {
			r = 6
		} else if u.Kind == "town" {
			r = 4.5
		}
		dc.DrawCircle(x, y, r)
		dc.SetHexColor("#222222")
		dc.Fill()
		if u.Garrison {
			dc.DrawRectangle(x+5, y-2, 5, 5)
			dc.SetHexColor("#1f5fbf")
			dc.Fill()
		}
		label := u.Name
		if u.Airstrip {
			label += " ✈"
		}
		if u.Harbor {
			label += " ⚓"
		}
		if u.VPFEF > 0 {
			label += fmt.Sprintf(" %d/%d", u.VPFEF, u.VPVM)
		}
		dc.SetHexColor("#000000")
		dc.DrawStringAnchored(label, x, y-rad*0.45, 0.5, 0.5)
	}
	var img image.Image = dc.Image()
	for _, r := range d.Map.Regions.Areas {
		if r.ID != *region {
			continue
		}
		x0, _ := px(g.Center(1, r.Cols[0]))
		x1, _ := px(g.Center(2, r.Cols[1]))
		_, y0 := px(g.Center(r.Rows[1], 1))
		_, y1 := px(g.Center(r.Rows[0], 1))
		img = dc.Image().(*image.RGBA).SubImage(image.Rect(int(x0-rad), int(y0-rad), int(x1+rad), int(y1+rad)))
	}
	if err := gg.SavePNG(*out, img); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("wrote", *out, W, "x", H)
}
