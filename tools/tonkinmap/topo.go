//go:build tonkinmap

package main

import (
	"encoding/json"
	"fmt"
	"os"
)

// A minimal TopoJSON reader for world-atlas's countries-*.json (Natural
// Earth, public domain): quantized, delta-encoded arcs; Polygon and
// MultiPolygon geometries.

type topology struct {
	Arcs      [][][2]float64 `json:"arcs"`
	Transform struct {
		Scale     [2]float64 `json:"scale"`
		Translate [2]float64 `json:"translate"`
	} `json:"transform"`
	Objects map[string]struct {
		Geometries []struct {
			Type       string            `json:"type"`
			Arcs       json.RawMessage   `json:"arcs"`
			Properties map[string]string `json:"properties"`
		} `json:"geometries"`
	} `json:"objects"`
}

// ring is a closed lon/lat polygon ring.
type ring [][2]float64

// country holds every ring of a country; a point is inside when it is
// inside an odd number of rings (holes included).
type country struct {
	name  string
	rings []ring
}

func (c country) contains(lon, lat float64) bool {
	in := false
	for _, r := range c.rings {
		n := len(r)
		for i, j := 0, n-1; i < n; j, i = i, i+1 {
			xi, yi := r[i][0], r[i][1]
			xj, yj := r[j][0], r[j][1]
			if (yi > lat) != (yj > lat) && lon < (xj-xi)*(lat-yi)/(yj-yi)+xi {
				in = !in
			}
		}
	}
	return in
}

func readCountries(path string, names map[string]bool, box [4]float64) ([]country, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t topology
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	arcs := make([][][2]float64, len(t.Arcs))
	for i, a := range t.Arcs {
		var x, y float64
		out := make([][2]float64, len(a))
		for k, p := range a {
			x += p[0]
			y += p[1]
			out[k] = [2]float64{x*t.Transform.Scale[0] + t.Transform.Translate[0], y*t.Transform.Scale[1] + t.Transform.Translate[1]}
		}
		arcs[i] = out
	}
	ringOf := func(idx []int) ring {
		var r ring
		for _, i := range idx {
			var pts [][2]float64
			if i >= 0 {
				pts = arcs[i]
			} else {
				src := arcs[^i]
				pts = make([][2]float64, len(src))
				for k := range src {
					pts[k] = src[len(src)-1-k]
				}
			}
			if len(r) > 0 {
				pts = pts[1:]
			}
			r = append(r, pts...)
		}
		return r
	}
	inBox := func(r ring) bool {
		for _, p := range r {
			if p[0] >= box[0] && p[0] <= box[2] && p[1] >= box[1] && p[1] <= box[3] {
				return true
			}
		}
		return false
	}
	var out []country
	for _, g := range t.Objects["countries"].Geometries {
		name := g.Properties["name"]
		if !names[name] {
			continue
		}
		c := country{name: name}
		var polys [][][]int
		switch g.Type {
		case "Polygon":
			var p [][]int
			if err := json.Unmarshal(g.Arcs, &p); err != nil {
				return nil, err
			}
			polys = [][][]int{p}
		case "MultiPolygon":
			if err := json.Unmarshal(g.Arcs, &polys); err != nil {
				return nil, err
			}
		}
		for _, p := range polys {
			for _, idx := range p {
				if r := ringOf(idx); inBox(r) {
					c.rings = append(c.rings, r)
				}
			}
		}
		out = append(out, c)
	}
	return out, nil
}
