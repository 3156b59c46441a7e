package finalgamble

import (
	"bytes"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
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
	if h.sig == nil && h.c != nil {
		h.sig = make([]byte, 0, cap(h.c.sig)) // the last signature's size
	}
	sig, cut := r.geoSig(s, h.sig[:0])
	h.sig = sig
	prev := h.c
	if prev != nil && bytes.Equal(prev.sig, sig) {
		return prev
	}
	// the cache keeps the signature; the holder's next one is new storage
	c := &posCache{sig: sig, cut: cut, loc: map[string]*LoC{}}
	h.sig = nil
	var after *Position
	var same Unchanged
	if prev != nil {
		after, same = prev.pos, unchangedSince(prev.sig, prev.cut, sig, cut)
	}
	c.pos = r.newPosition(s, after, same)
	h.c = c
	if prev != nil && !prev.shared.Load() {
		// no other state holds the cache this one replaces: its
		// signature's storage is the next signature's (a replay plays
		// every entry on one state, and builds a Position at every move)
		h.sig = prev.sig[:0]
	}
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
// is unchanged: sig is all of it, written out (geoSig).
type posCache struct {
	// mu guards loc, valley and memo: a cache is shared by the states
	// cloned from one another while their geometry is the same
	mu  sync.Mutex
	sig []byte
	cut sigCuts // where sig's parts end (geoSig)
	// shared: a clone holds the cache too (State.clone), so its
	// signature is never reused as storage (cached)
	shared  atomic.Bool
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

// geoSig appends to b the state's geometry signature: the units'
// places, up to cut.places; their markers, up to cut.markers; the
// assaults, isolation, division morale and Isabelle; then, from
// cut.ground on, the ground (flags in key order, trenches, digs,
// outposts gone, Recon and Wire Breach markers, the period). Each
// string is ended by a 0 byte. Two states with the same signature have
// the same geometry; it is compared whole, so no two geometries share a
// cache (it was a 64-bit hash before issue 31's replay work, which spent
// more on hashing the bytes than on writing them).
func (r *Rules) geoSig(s *State, b []byte) (sig []byte, cut sigCuts) {
	for i := range s.Units {
		u := &s.Units[i]
		b = append(b, u.Map...)
		b = append(b, 0)
		b = append(b, u.Hex...)
		b = append(b, 0)
		b = append(b, u.Box...)
		b = append(b, 0)
	}
	cut.places = len(b)
	b = append(b, '|')
	for i := range s.Units {
		u := &s.Units[i]
		var m byte = 0x40 // the markers in the low bits
		if u.Shaken {
			m |= 1
		}
		if u.Disorg {
			m |= 2
		}
		if u.Isolated {
			m |= 4
		}
		if u.Reduced {
			m |= 8
		}
		b = append(b, m)
	}
	cut.markers = len(b)
	b = append(b, '|')
	for _, a := range s.Assaults {
		b = append(b, a.Unit...)
		b = append(b, 0)
		b = append(b, a.Target...)
		b = append(b, 0)
		b = append(b, a.Marker...)
		b = append(b, 0)
	}
	b = append(b, '|')
	for _, c := range s.Isolated {
		b = append(b, c...)
		b = append(b, 0)
	}
	b = append(b, '|')
	for _, dv := range r.D.Units.VM.Divisions {
		b = strconv.AppendInt(b, int64(s.DivisionMorale[dv.ID]), 10)
		b = append(b, 0)
	}
	if s.IsabelleGone {
		b = append(b, 'X')
	}
	b = append(b, '|')
	cut.ground = len(b)
	var kb [64]string
	keys := kb[:0]
	for k := range s.Flags {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b = append(b, k...)
		b = append(b, 0)
		b = append(b, s.Flags[k]...)
		b = append(b, 0)
	}
	b = append(b, '|')
	for _, sec := range Sectors {
		b = strconv.AppendInt(b, int64(s.Trench[sec]), 10)
		b = append(b, 0)
		b = strconv.AppendInt(b, int64(s.Dig[sec]), 10)
		b = append(b, 0)
	}
	for _, o := range s.OutpostsGone {
		b = append(b, o...)
		b = append(b, 0)
	}
	b = append(b, '|')
	for _, a := range s.Assets {
		b = append(b, a.Kind...)
		b = append(b, 0)
		b = append(b, a.At...)
		b = append(b, 0)
	}
	b = append(b, '|')
	b = append(b, r.turnSlot(s).Period...)
	return b, cut
}

// sigCuts are where a signature's parts end (geoSig).
type sigCuts struct{ places, markers, ground int }

// unchangedSince tells what of the geometry sig keeps from prev's.
func unchangedSince(prev []byte, pc sigCuts, sig []byte, c sigCuts) Unchanged {
	return Unchanged{
		Ground: bytes.Equal(prev[pc.ground:], sig[c.ground:]),
		Places: bytes.Equal(prev[:pc.places], sig[:c.places]),
		Shaken: bytes.Equal(prev[pc.places:pc.markers], sig[c.places:c.markers]),
	}
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

// newPosition builds the state's Position, after prev (PositionAfter).
func (r *Rules) newPosition(s *State, prev *Position, same Unchanged) *Position {
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
	return GeoOf(r.D).PositionAfter(b, prev, same)
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
