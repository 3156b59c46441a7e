package tonkin

import (
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// 4.3, 4.4, 4.6: an FEF battalion more than 3 hexes from any city,
// harbor or FEF supply dump is out of supply (strength halved), and
// loses a step at the next check still out; one near Hanoi, or near a
// dump, is in supply; a VM regiment in a trench is in supply (4.2).
func TestRule4_6_OutOfSupply(t *testing.T) {
	r := rules(t)
	far := ""
	for _, id := range r.geo.ids {
		h := r.hexes[id]
		if h.Country != "vietnam" || h.Terrain == "sea" {
			continue
		}
		near := false
		for _, u := range r.d.Map.Urban {
			if (u.Kind == "city" || u.Harbor) && hexDist(u.Hex, id) <= 4 {
				near = true
			}
		}
		if !near {
			far = id
			break
		}
	}
	if far == "" {
		t.Fatal("no hex of Vietnam far from cities and harbors")
	}
	bep, bpc, reg := idOf(t, r, "BEP"), idOf(t, r, "BPC"), idOf(t, r, "REG")
	hanoi := r.urban["Hanoi"].Hex
	s := bare(t, r, FEF, map[string]string{bep: far, bpc: hanoi, reg: far[:2] + "01"})
	s.unit(reg).Loc = ""
	for _, id := range r.geo.ids { // a VM regiment alone, far from its supply, in a trench
		h := r.hexes[id]
		if h.Country == "laos" && h.Terrain != "sea" && hexDist(id, far) > 4 && hexDist(id, hanoi) > 4 {
			s.unit(reg).Loc = id
			break
		}
	}
	s.unit(reg).Trench = true
	ev := &events{}
	before := r.strength(s.unit(bep))
	r.supplyCheck(s, ev)
	text := evText(ev)
	if !s.unit(bep).OoS || s.unit(bpc).OoS || s.unit(reg).OoS {
		t.Fatalf("OoS: %s %v, %s %v, %s %v\n%s", bep, s.unit(bep).OoS, bpc, s.unit(bpc).OoS, reg, s.unit(reg).OoS, text)
	}
	has(t, text, "4.6: out of supply (OoS, strength halved): "+bep+".")
	if r.strength(s.unit(bep)) != (before+1)/2 {
		t.Errorf("4.6: OoS strength %d, from %d", r.strength(s.unit(bep)), before)
	}
	ev = &events{}
	r.supplyCheck(s, ev)
	has(t, evText(ev), "4.6: out of supply a second turn, each loses a step: "+bep+".")
	if s.unit(bep).Steps != 1 {
		t.Errorf("second turn OoS: %d steps", s.unit(bep).Steps)
	}
	// 4.4: a supply dump within 3 hexes supplies it again
	s.unit("FEF DR 1").Loc = far
	ev = &events{}
	r.supplyCheck(s, ev)
	if s.unit(bep).OoS {
		t.Errorf("4.4: a dump in its hex, still OoS: %s", evText(ev))
	}
}

func evText(ev *events) string {
	var out []string
	for _, e := range ev.list {
		if e.Audience == adjudicator.Everyone {
			out = append(out, e.Text)
		}
	}
	return strings.Join(out, "\n")
}
