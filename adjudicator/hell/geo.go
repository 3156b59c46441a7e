package hell

import (
	"sort"
	"strings"
)

// Geography and control queries over a state. All of them read only.

func (d *Data) isPA(id string) bool   { _, ok := d.PAs[id]; return ok }
func (d *Data) isZone(id string) bool { _, ok := d.Zones[id]; return ok }

func (d *Data) zoneKind(id string) string {
	if z, ok := d.Zones[id]; ok {
		return z.Kind
	}
	return ""
}

// inCRC: a PA of a CR zone of the Central Fortified Camp.
func (d *Data) inCRC(loc string) bool {
	p, ok := d.PAs[loc]
	return ok && d.Zones[p.Zone].CRC
}

// inIsabelle: a PA of the Isabelle inset.
func (d *Data) inIsabelle(loc string) bool {
	p, ok := d.PAs[loc]
	return ok && d.Zones[p.Zone].Inset
}

// locName is a location's name for text: "H6 (Huguette 6)", "zone N".
func (d *Data) locName(id string) string {
	if p, ok := d.PAs[id]; ok {
		return p.ID + " (" + p.Name + ")"
	}
	if z, ok := d.Zones[id]; ok {
		switch {
		case z.Name == "" || z.Name == id:
			return "zone " + id
		case strings.HasSuffix(z.Name, " "+id) || strings.Contains(z.Name, "("+id+")"):
			return z.Name
		}
		return z.Name + " (" + id + ")"
	}
	switch id {
	case LocTrack:
		return "the Game Turn track"
	case LocPool:
		return "the paratroop pool"
	case LocOut:
		return "off the map"
	}
	return id
}

// encircled: 3.1/8, a west-bank PA with a level-3 trench around it.
func (s *State) encircled(d *Data, pa string) bool {
	p, ok := d.PAs[pa]
	return ok && p.Encirclable && s.Trench[pa] >= 3
}

// frenchAt lists French units at a location, sorted.
func (s *State) frenchAt(loc string) []string {
	var out []string
	for id, u := range s.French {
		if u.Loc == loc {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// anyFrenchAt: len(frenchAt(loc)) > 0, without the list (issue 31).
func (s *State) anyFrenchAt(loc string) bool {
	for _, u := range s.French {
		if u.Loc == loc {
			return true
		}
	}
	return false
}

// anyVMAt: len(vmAt(loc)) > 0, without the list.
func (s *State) anyVMAt(loc string) bool {
	for _, u := range s.VM {
		if u.Loc == loc {
			return true
		}
	}
	return false
}

// vmAt lists VM units (battalions and dummies) at a location, sorted.
func (s *State) vmAt(loc string) []string {
	var out []string
	for id, u := range s.VM {
		if u.Loc == loc {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// vmCovers: some VM unit stands at loc, or in an assault base of the zone
// loc (3.1 upkeep: a battalion in a base is still in its zone).
func (s *State) vmCovers(d *Data, loc string) bool {
	for _, u := range s.VM {
		if u.Loc == loc {
			return true
		}
		if b, ok := d.Bases[u.Loc]; ok && b.Zone == loc {
			return true
		}
	}
	return false
}

// frenchInZone: any French unit on a PA of the CR zone, or in the zone.
func (s *State) frenchInZone(d *Data, zone string) bool {
	for _, u := range s.French {
		if u.Loc == zone {
			return true
		}
		if p, ok := d.PAs[u.Loc]; ok && p.Zone == zone {
			return true
		}
	}
	return false
}

// frenchZones: the zones holding French units (in the zone or on its PAs).
func (s *State) frenchZones(d *Data) map[string]bool {
	out := map[string]bool{}
	for _, u := range s.French {
		if p, ok := d.PAs[u.Loc]; ok {
			out[p.Zone] = true
		} else {
			out[u.Loc] = true
		}
	}
	return out
}

// adjacentToEnemy: 3.1, a peripheral zone next to a zone holding French units.
func (s *State) adjacentToEnemy(d *Data, zone string) bool {
	for _, z := range d.ZoneAdj[zone] {
		if s.frenchInZone(d, z) {
			return true
		}
	}
	return false
}

// chained: 3.1, a peripheral zone joined to a jungle zone by a continuous
// chain of peripheral zones with trenches of at least level 1. The zone
// itself must be trenched (or about to be: extra).
func (s *State) chained(d *Data, zone, extra string) bool {
	trenched := func(z string) bool {
		return d.zoneKind(z) == ZonePeripheral && (s.Trench[z] >= 1 || z == extra)
	}
	if !trenched(zone) {
		return false
	}
	seen := map[string]bool{zone: true}
	queue := []string{zone}
	for len(queue) > 0 {
		z := queue[0]
		queue = queue[1:]
		for _, n := range d.ZoneAdj[z] {
			if d.zoneKind(n) == ZoneJungle {
				return true
			}
			if !seen[n] && trenched(n) {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return false
}

// paChained: ruling H5, a trench around a PA is chained when a trenched,
// chained peripheral zone is adjacent to the PA's CR zone.
func (s *State) paChained(d *Data, pa string) bool {
	p := d.PAs[pa]
	for _, z := range d.ZoneAdj[p.Zone] {
		if s.chained(d, z, "") {
			return true
		}
	}
	if len(d.ZonePAs[p.Zone]) == 1 {
		// Ruling H50: a one-PA CR is reached through the VM PA joined to it.
		for _, q := range d.PALinks[pa] {
			if s.Captured[q] && len(d.ZonePAs[d.PAs[q].Zone]) > 1 && s.paChained(d, q) {
				return true
			}
		}
	}
	return false
}

// vmLinkedPA: 3.1, the VM controls a PA in the same zone connected by a
// line to pa; with occupied, one that a VM unit holds (8: upkeep). Ruling
// H50: a CR zone with a single PA (Epervier, Opera, Junon) has no other PA
// in its zone, so there the VM PA joined to it may be in any zone.
func (s *State) vmLinkedPA(d *Data, pa string, occupied bool) bool {
	zone := d.PAs[pa].Zone
	single := len(d.ZonePAs[zone]) == 1
	for _, q := range d.PALinks[pa] {
		if !single && d.PAs[q].Zone != zone || !s.Captured[q] {
			continue
		}
		if !occupied || s.vmCovers(d, q) {
			return true
		}
	}
	return false
}

// upkeep: 3.1, a level-3 trench in a peripheral zone adjacent to an enemy
// zone, or on an encircled PA, stays only while covered by a VM unit;
// otherwise it drops to level 2 (never lower for this reason).
func (s *State) upkeep(d *Data) []string {
	var dropped []string
	var frZones map[string]bool // zones holding French units, built once
	for _, loc := range sortedKeys(s.Trench) {
		if s.Trench[loc] < 3 {
			continue
		}
		covered := true
		if d.isPA(loc) {
			covered = s.vmLinkedPA(d, loc, true)
		} else {
			if frZones == nil {
				frZones = s.frenchZones(d)
			}
			enemy := false
			for _, z := range d.ZoneAdj[loc] {
				enemy = enemy || frZones[z]
			}
			if enemy {
				covered = s.vmCovers(d, loc)
			}
		}
		if !covered {
			s.Trench[loc] = 2
			dropped = append(dropped, loc)
		}
	}
	return dropped
}

// capturedCount is the number of PAs under VM control (9: 33 is the fall).
func (s *State) capturedCount() int {
	n := 0
	for _, v := range s.Captured {
		if v {
			n++
		}
	}
	return n
}

// airTransportLost counts the CR/PAs of 3.2 lost to the enemy: each PA
// flagged air_transport counts alone, except that a CR all of whose PAs
// are flagged (Beatrice, Gabrielle) counts once, when all are lost
// (ruling H8).
func (s *State) airTransportLost(d *Data) int {
	byCR := map[string][]string{}
	whole := map[string]bool{}
	for _, id := range d.PAOrder {
		p := d.PAs[id]
		byCR[p.CR] = append(byCR[p.CR], id)
	}
	for cr, pas := range byCR {
		all := true
		for _, id := range pas {
			if !d.PAs[id].AirTransport {
				all = false
			}
		}
		whole[cr] = all
	}
	n := 0
	counted := map[string]bool{}
	for _, id := range d.PAOrder {
		p := d.PAs[id]
		if !p.AirTransport {
			continue
		}
		if whole[p.CR] {
			if counted[p.CR] {
				continue
			}
			counted[p.CR] = true
			lost := true
			for _, q := range byCR[p.CR] {
				if !s.Captured[q] {
					lost = false
				}
			}
			if lost {
				n++
			}
			continue
		}
		if s.Captured[id] {
			n++
		}
	}
	return n
}

// isabelleLinked: 3.2, the CRC-Isabelle road is open when some road's
// peripheral zones carry no level-3 trench at the start of the turn
// (ruling H7).
func (s *State) isabelleLinked(d *Data) bool {
	for _, r := range d.Map.Roads {
		if !strings.Contains(strings.ToLower(r.ID), "isabelle") {
			continue
		}
		open := true
		for _, z := range r.Zones {
			if d.zoneKind(z) == ZonePeripheral && s.Trench[z] >= 3 {
				open = false
			}
		}
		if open {
			return true
		}
	}
	return false
}

// onMap: a unit location on the map: a zone, a PA or an assault base.
func (d *Data) onMap(loc string) bool {
	if d.isPA(loc) || d.isZone(loc) {
		return true
	}
	_, ok := d.Bases[loc]
	return ok
}

// vmDestination: 3.3, where the VM may place a battalion in strategic
// movement: jungle zones, zones with trenches (any level), captured PAs.
func (s *State) vmDestination(d *Data, loc string) bool {
	switch {
	case d.isPA(loc):
		return s.Captured[loc]
	case d.zoneKind(loc) == ZoneJungle:
		return true
	case d.zoneKind(loc) == ZonePeripheral:
		return s.Trench[loc] >= 1
	}
	return false
}

// vmSurrounded: 4.2.3 for the VM (ruling H65), a captured PA connected
// only to French PAs: no line to a captured PA, and no assault base in a
// trenched zone (4.2.1: the VM's PAs in enemy CR zones are "connected to
// an assault base in a zone with trenches").
func (s *State) vmSurrounded(d *Data, pa string) bool {
	links := d.PALinks[pa]
	if !s.Captured[pa] || len(links) == 0 {
		return false
	}
	for _, q := range links {
		if s.Captured[q] {
			return false
		}
	}
	for _, b := range d.PABases[pa] {
		if s.Trench[b.Zone] >= 1 {
			return false
		}
	}
	return true
}

// surrounded: 4.2.3, a PA connected only to enemy PAs.
func (s *State) surrounded(d *Data, pa string) bool {
	links := d.PALinks[pa]
	if len(links) == 0 {
		return false
	}
	for _, q := range links {
		if !s.Captured[q] {
			return false
		}
	}
	return true
}
