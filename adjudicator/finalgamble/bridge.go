package finalgamble

import (
	"sort"
	"strconv"
	"sync"
)

// The rules engine's questions to the geometry library (geometry*.go):
// a Position is built from the state as it stands and asked; places are
// converted between the order words ("Laos-1") and the boxes' ids
// ("Laos 1").

// position indexes the state for the geometry (1.8: shaken units project
// no ZoC; 2.4-A: Wire Breaches; 8.6: the period's field cost).
func (r *Rules) position(s *State) *Position {
	s.fill()
	s.geo.mu.Lock()
	defer s.geo.mu.Unlock()
	return r.cached(s).pos
}

// cached is the state's cache, fresh (the holder's lock held).
func (r *Rules) cached(s *State) *posCache {
	h := s.geo
	if h.frozen > 0 && h.c != nil {
		return h.c
	}
	key := r.geoKey(s)
	if c := h.c; c != nil && c.key == key {
		return c
	}
	c := &posCache{key: key, loc: map[string]*LoC{}}
	c.pos = r.newPosition(s)
	h.c = c
	return c
}

// occupants is the cache's place -> units index, built the first time a
// frozen state asks (at): orders applied between trees never need it.
// The states sharing the cache have their units in the same places in
// the same order (the key hashes them), so any of them may build it.
func (c *posCache) occupants(s *State) map[string][]int {
	c.occOnce.Do(func() {
		c.occ = make(map[string][]int, len(s.Units))
		for i := range s.Units {
			p := s.Units[i].Place()
			c.occ[p] = append(c.occ[p], i)
		}
	})
	return c.occ
}

// posCache keeps a state's Position and LoCs while the state's geometry
// (units' places and Shaken Markers, flags, zones, breaches, the period)
// is unchanged: the key is a hash of all of it.
type posCache struct {
	// mu guards loc, valley and memo: a cache is shared by the states
	// cloned from one another while their geometry is the same
	mu      sync.Mutex
	key     uint64
	pos     *Position
	loc     map[string]*LoC
	occ     map[string][]int // place -> indices of the units there (occupants)
	occOnce sync.Once
	// valley: 2.1-B's destinations (vmValleyHexes)
	valley []string
	memo   map[string][]string
}

// loc is side's LoC as the state stands.
func (r *Rules) loc(s *State, side string) *LoC {
	s.fill()
	s.geo.mu.Lock()
	defer s.geo.mu.Unlock()
	c := r.cached(s)
	c.mu.Lock()
	defer c.mu.Unlock()
	if l := c.loc[side]; l != nil {
		return l
	}
	l := c.pos.LoC(side)
	c.loc[side] = l
	return l
}

func (r *Rules) geoKey(s *State) uint64 {
	// the key hashes, FNV-1a, the bytes of the units' places and markers,
	// the flags in key order, the zones' markers, breaches, assaults,
	// division morale, Isabelle and the period, fed to the hash as they
	// come rather than gathered first: it is asked at every position()
	// while an order is applied.
	h := fnvKey(fnvOffset)
	for i := range s.Units {
		u := &s.Units[i]
		h = h.str(u.Map).str(u.Hex).str(u.Box)
		if u.Shaken {
			h = h.byte('!')
		}
		if u.Disorg {
			h = h.byte('~')
		}
		if u.Isolated {
			h = h.byte('#')
		}
		if u.Reduced {
			h = h.byte('-')
		}
		h = h.byte(';')
	}
	var kb [64]string
	keys := kb[:0]
	for k := range s.Flags {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		h = h.str(k).str(s.Flags[k])
	}
	var nb [20]byte
	for _, sec := range Sectors {
		h = h.bytes(strconv.AppendInt(nb[:0], int64(s.Trench[sec]), 10))
		h = h.bytes(strconv.AppendInt(nb[:0], int64(s.Dig[sec]), 10))
	}
	for _, o := range s.OutpostsGone {
		h = h.str(o)
	}
	h = h.byte('|')
	for _, c := range s.Isolated {
		h = h.str(c)
	}
	for _, a := range s.Assets {
		h = h.str(a.Kind).str(a.At)
	}
	for _, a := range s.Assaults {
		h = h.str(a.Unit).str(a.Target).str(a.Marker)
	}
	for _, dv := range r.D.Units.VM.Divisions {
		h = h.bytes(strconv.AppendInt(nb[:0], int64(s.DivisionMorale[dv.ID]), 10))
	}
	if s.IsabelleGone {
		h = h.byte('X')
	}
	h = h.str(r.turnSlot(s).Period)
	return uint64(h)
}

// fnvKey is a 64-bit FNV-1a hash under way (hash/fnv's New64a, without
// its allocation and buffer).
type fnvKey uint64

const (
	fnvOffset fnvKey = 14695981039346656037
	fnvPrime  fnvKey = 1099511628211
)

func (h fnvKey) byte(b byte) fnvKey { return (h ^ fnvKey(b)) * fnvPrime }

func (h fnvKey) str(s string) fnvKey {
	for i := 0; i < len(s); i++ {
		h = (h ^ fnvKey(s[i])) * fnvPrime
	}
	return h
}

func (h fnvKey) bytes(b []byte) fnvKey {
	for _, c := range b {
		h = (h ^ fnvKey(c)) * fnvPrime
	}
	return h
}

// frozen: while the legal tree is built the state does not change, so
// the cache is trusted without its key (freeze/thaw).
func (r *Rules) freeze(s *State) func() {
	s.fill()
	h := s.geo
	h.mu.Lock()
	if h.frozen == 0 {
		r.cached(s) // fresh as the state stands
	}
	h.frozen++
	h.mu.Unlock()
	return func() {
		h.mu.Lock()
		h.frozen--
		h.mu.Unlock()
	}
}

func (r *Rules) newPosition(s *State) *Position {
	b := BoardOf(&s.Setup)
	b.Shaken = map[string]bool{}
	for i := range s.Units {
		if s.Units[i].Shaken {
			b.Shaken[s.Units[i].ID] = true
		}
	}
	for _, p := range s.breaches() {
		b.Breaches = append(b.Breaches, geoPlace(p))
	}
	b.Period = r.turnSlot(s).Period
	b.Disorg = map[string]bool{}
	for i := range s.Units {
		if s.Units[i].Disorg {
			b.Disorg[s.Units[i].ID] = true
		}
	}
	for _, a := range s.Assaults {
		m := a.Marker
		if m == "done" {
			m = ""
		}
		b.Assaults = append(b.Assaults, BoardAssault{Unit: a.Unit, Target: geoPlace(a.Target), Marker: m})
	}
	b.IsabelleGone = s.IsabelleGone
	b.Isolation = map[string]bool{}
	for i := range s.Units {
		if s.Units[i].Isolated {
			b.Isolation[s.Units[i].ID] = true
		}
	}
	for _, code := range s.Isolated {
		b.Isolation[code] = true
	}
	return GeoOf(r.D).Position(b)
}

// geoPlace is an order word's place as the geometry names it.
func geoPlace(p string) string {
	if isHex(p) {
		return p
	}
	return boxOf(p)
}

// wordPlace is a geometry place as an order word.
func wordPlace(p string) string {
	if isHex(p) {
		return p
	}
	return boxToken(p)
}

func (r *Rules) vmLoC(s *State, u *Unit) bool { return r.loc(s, "VM").Unit(u.ID) }

func (r *Rules) frenchLoC(s *State, u *Unit) bool { return r.loc(s, "French").Unit(u.ID) }

// inEnemyZoC: place p is in the ZoC of side's enemy (1.8).
func (r *Rules) inEnemyZoC(s *State, side, p string) bool {
	return r.position(s).EnemyZoC(side, geoPlace(p))
}

// reach: the hexes a unit may end a move of mp points in (1.5-B, 1.8).
func (r *Rules) reach(s *State, u *Unit, mp int) []string {
	return r.reachWith(s, u, MoveOpts{MP: float64(mp)})
}

func (r *Rules) reachWith(s *State, u *Unit, o MoveOpts) []string {
	rc := r.position(s).Reach(u.ID, o)
	var out []string
	for _, p := range rc.Places() {
		if rc.CanStop(p) {
			out = append(out, wordPlace(p))
		}
	}
	return out
}

// hexesOf caches each sub-map's hex list (SubMap.Hexes builds it anew).
var hexesOf sync.Map // *Data -> [2][]*Hex

// hexes lists a sub-map's hexes, row 1 first.
func (r *Rules) hexes(m string) []*Hex {
	v, ok := hexesOf.Load(r.D)
	if !ok {
		v, _ = hexesOf.LoadOrStore(r.D, [2][]*Hex{r.D.Map.DBP.Hexes(), r.D.Map.Isabelle.Hexes()})
	}
	hs := v.([2][]*Hex)
	if m == "isabelle" {
		return hs[1]
	}
	return hs[0]
}

func wordPlaces(ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = wordPlace(p)
	}
	return out
}
