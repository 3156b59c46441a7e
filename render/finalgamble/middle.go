package fgmap

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/render"
)

// The Trench and Dig Zones (1.4-B) are the board's middle layer
// (render.Layered): drawn once per set of zones and kept, since most
// orders move counters and few move a zone (issue 31: a cold map costs
// at most 1.2 times its own PNG encode; stroking the zones' frontiers was
// most of this board's dynamic layer). Drawn under the counters, as
// before.

// MiddleKey names the view's zones: each sector's Trench Zone and Dig
// Zone numbers, the only things zones reads.
func (b *board) MiddleKey(v adjudicator.View) (string, error) {
	bv, err := boardOf(v)
	if err != nil {
		return "", err
	}
	s := &bv.Setup
	var k []string
	for sec, z := range s.Trench {
		k = append(k, fmt.Sprintf("t%s=%d", sec, z))
	}
	for sec, z := range s.Dig {
		if z != 0 {
			k = append(k, fmt.Sprintf("d%s=%d", sec, z))
		}
	}
	sort.Strings(k)
	return strings.Join(k, ","), nil
}

// Middle draws the view's Trench and Dig Zones.
func (b *board) Middle(c *render.Canvas, v adjudicator.View) error {
	bv, err := boardOf(v)
	if err != nil {
		return err
	}
	b.zones(c, &bv.Setup)
	return nil
}
