package tonkin

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZGeo(t *testing.T) {
	hs := os.Getenv("HEXES")
	if hs == "" {
		t.Skip()
	}
	r := rules(t)
	for _, h := range strings.Fields(hs) {
		x := r.hexes[h]
		var nb []string
		for _, n := range r.neighbors(h) {
			e := edge(h, n)
			tag := ""
			if r.geo.road[e] {
				tag += "R"
			}
			if r.geo.rail[e] {
				tag += "L"
			}
			if k := r.geo.riverEdge[e]; k != "" {
				tag += "~" + k[:3]
			}
			nb = append(nb, n+"("+r.hexes[n].Terrain[:3]+tag+")")
		}
		var rv []string
		for _, v := range r.geo.riversAt[h] {
			rv = append(rv, v.id+":"+v.kind)
		}
		fmt.Printf("%s %s %s coastal=%v urban=%q rivers=%v nb=%v\n", h, x.Terrain, x.Country, x.Coastal, r.urbanHex[h].Name, rv, nb)
	}
}

func TestZZRoad(t *testing.T) {
	a, b := os.Getenv("FROM"), os.Getenv("TO")
	if a == "" {
		t.Skip()
	}
	r := rules(t)
	prev := map[string]string{a: ""}
	q := []string{a}
	for len(q) > 0 {
		h := q[0]
		q = q[1:]
		for _, n := range r.neighbors(h) {
			if _, ok := prev[n]; ok || !(r.geo.road[edge(h, n)] || r.geo.rail[edge(h, n)]) {
				continue
			}
			prev[n] = h
			q = append(q, n)
		}
	}
	var p []string
	for h := b; h != ""; h = prev[h] {
		p = append([]string{h}, p...)
		if _, ok := prev[h]; !ok {
			break
		}
	}
	fmt.Println(p)
}

func TestZZStack(t *testing.T) {
	if os.Getenv("STACK") == "" {
		t.Skip()
	}
	r := rules(t)
	s := setup(t, r, "1953")
	for _, u := range s.Units {
		if u.Side == FEF && onMap(u.Loc) && dist(u.Loc, "0919") <= 3 {
			fmt.Println(u.ID, u.Loc, r.values(u).Stack, r.typ(u).Kind, motorized(r.typ(u)))
		}
	}
	fmt.Println("stackAt 0919", r.stackAt(s, FEF, "0919", nil), r.hexes["0919"].Terrain)
}
