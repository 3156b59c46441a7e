package finalgamble

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// ---- boxes and arrows ----

func (r *Rules) boxSector304(box string) bool { return box == "1z-304" || box == "2z-304" }

// boxTrench: a Sector 304 box in a Trench Zone (its zone at or below the
// 304 Trench Marker).
func (s *State) boxTrench(box string) bool {
	switch box {
	case "1z-304":
		return s.Trench["304"] >= 1
	case "2z-304":
		return s.Trench["304"] >= 2
	}
	return false
}

// roomFor: a side may end in place p (1.6: 3 French, 1 VM; never with an
// enemy unit).
func (s *State) roomFor(p, side string) bool {
	if !isHex(p) {
		return true
	}
	n := 0
	for _, u := range s.at(p) {
		if u.Side != side {
			return false
		}
		n++
	}
	if side == "VM" {
		return n < 1
	}
	return n < 3
}

// rooms answers for the stacks of a state's places (1.6) from its
// Position's occupants, for the loops that ask of many places of a
// state they do not change (vmValleyHexes, tactical, raidTargets,
// assaultTargets): a box's units are counted from the state.
type rooms struct {
	p *Position
	s *State
}

type roomCount struct {
	n     int
	side  string // the units' side, when they are of one side
	mixed bool   // units of both sides
	// french: how many of them are French (raidTargets)
	french int
}

// roomsOf is the state's rooms, read from its Position (only read).
func (r *Rules) roomsOf(s *State) rooms { return rooms{r.position(s), s} }

// at is the stack at place p.
func (ri rooms) at(p string) roomCount {
	var o [2]int
	if l, ok := ri.p.g.resolve(p); ok && l.m >= 0 {
		o = [2]int{int(ri.p.occ[l.m][l.i][0]), int(ri.p.occ[l.m][l.i][1])}
	} else {
		for _, u := range ri.s.at(p) {
			o[sideIdx(u.Side)]++
		}
	}
	c := roomCount{n: o[0] + o[1], french: o[0], mixed: o[0] > 0 && o[1] > 0}
	switch {
	case o[0] > 0:
		c.side = geoFrench
	case o[1] > 0:
		c.side = geoVM
	}
	return c
}

// has: a unit of side is at p.
func (ri rooms) has(p, side string) bool {
	c := ri.at(p)
	if side == geoFrench {
		return c.french > 0
	}
	return c.n > c.french
}

// roomFor answers as State.roomFor, for the state indexed.
func (ri rooms) roomFor(p, side string) bool {
	if !isHex(p) {
		return true
	}
	c := ri.at(p)
	if c.n > 0 && (c.mixed || c.side != side) {
		return false
	}
	if side == "VM" {
		return c.n < 1
	}
	return c.n < 3
}

// vmBoxMoves lists a VM unit's Box Move destinations (2.1-A).
func (r *Rules) vmBoxMoves(s *State, u *Unit) []string {
	return wordPlaces(r.position(s).BoxMoves(u.ID, BoxMoveOpts{}))
}

// vmValleyMoves: a unit in VM LoC at DBP or Sector 304 to a hex or box in
// a Trench Zone (not Dig) in VM LoC and not in French ZoC (2.1-B).
func (r *Rules) vmValleyMoves(s *State, u *Unit) []string {
	if u.Formation == "PL" || !(u.onMap() || r.boxSector304(u.Box)) || !r.vmLoC(s, u) {
		return nil
	}
	var out []string
	for _, p := range r.vmValleyHexes(s) {
		if p != u.Place() {
			out = append(out, p)
		}
	}
	for _, b := range []string{"1z-304", "2z-304"} {
		if s.boxTrench(b) && u.Box != b {
			out = append(out, b)
		}
	}
	return out
}

// vmValleyHexes: the Trench Zone hexes in VM LoC, free, not in French
// ZoC (2.1-B), the same for every unit (kept while the legal tree is
// built).
func (r *Rules) vmValleyHexes(s *State) []string {
	if v := s.frozenValley(); v != nil {
		return v
	}
	pos, l := r.position(s), r.loc(s, "VM")
	ri := r.roomsOf(s)
	out := []string{}
	for _, name := range []string{"dbp", "isabelle"} {
		for _, h := range r.hexes(name) {
			if !s.TrenchZone(h) {
				continue
			}
			p := placeOf(name, h.ID)
			if !pos.EnemyZoC("VM", p) && l.Place(p) && ri.roomFor(p, "VM") {
				out = append(out, p)
			}
		}
	}
	s.keepValley(out)
	return out
}

// frozenMemo and keepMemo keep answers while the legal tree is built.
func (s *State) frozenMemo(k string) ([]string, bool) {
	if s.geo == nil {
		return nil, false
	}
	s.geo.mu.Lock()
	defer s.geo.mu.Unlock()
	if s.geo.frozen > 0 && s.geo.c != nil {
		c := s.geo.c
		c.mu.Lock()
		defer c.mu.Unlock()
		v, ok := c.memo[k]
		return v, ok
	}
	return nil, false
}

func (s *State) keepMemo(k string, v []string) {
	if s.geo == nil {
		return
	}
	s.geo.mu.Lock()
	defer s.geo.mu.Unlock()
	if s.geo.frozen > 0 && s.geo.c != nil {
		c := s.geo.c
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.memo == nil {
			c.memo = map[string][]string{}
		}
		c.memo[k] = v
	}
}

func (s *State) frozenValley() []string {
	if s.geo == nil {
		return nil
	}
	s.geo.mu.Lock()
	defer s.geo.mu.Unlock()
	if s.geo.frozen > 0 && s.geo.c != nil {
		c := s.geo.c
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.valley
	}
	return nil
}

func (s *State) keepValley(v []string) {
	if s.geo == nil {
		return
	}
	s.geo.mu.Lock()
	defer s.geo.mu.Unlock()
	if s.geo.frozen > 0 && s.geo.c != nil {
		c := s.geo.c
		c.mu.Lock()
		defer c.mu.Unlock()
		c.valley = v
	}
}

// frenchBoxMoves: 6.2-B.
func (r *Rules) frenchBoxMoves(s *State, u *Unit) []string {
	return wordPlaces(r.position(s).BoxMoves(u.ID, BoxMoveOpts{CondorReleased: r.onOrAfter(s, "24", "April")}))
}

// frenchValleyMoves: 6.2-A, a unit in French LoC to a hex or box in
// French LoC not in a Trench/Dig Zone, both tracing to the same Supply
// Area.
func (r *Rules) frenchValleyMoves(s *State, u *Unit) []string {
	// units of a stack of one kind move alike: the legal tree asks once
	// a place and kind while it is built
	key := u.Place() + "|" + r.kind(u)
	if v, ok := s.frozenMemo("valley:" + key); ok {
		return slices.DeleteFunc(slices.Clone(v), func(p string) bool { return p == u.Place() })
	}
	out := wordPlaces(r.position(s).ValleyMoves(u.ID))
	s.keepMemo("valley:"+key, out)
	return out
}

// tactical lists a unit's tactical-move destinations with mp points: the
// hexes it reaches (1.5-B, 1.8) where it may stop, no enemy unit and
// room in its stack (1.6), read from the reach's own lists (the legal
// tree asks it of every unit that may move).
func (r *Rules) tactical(s *State, u *Unit, mp int) []string {
	if !u.onMap() || (u.Side == "French" && u.Map == "isabelle" && s.IsabelleGone) {
		return nil
	}
	pos := r.position(s)
	rc := pos.Reach(u.ID, MoveOpts{MP: float64(mp)})
	if rc.m < 0 {
		return nil
	}
	ids, occ := pos.g.maps[rc.m].ids, pos.occ[rc.m]
	own, limit := sideIdx(u.Side), StackLimit(u.Side)
	var out []string
	for _, h := range rc.list {
		if o := occ[h]; int(h) != rc.start && o[1-own] == 0 && int(o[own]) < limit {
			out = append(out, ids[h])
		}
	}
	sort.Strings(out)
	return out
}

// reaches: p is among tactical(s, u, mp), asked of one place without
// listing every place (an order names one; its refusal lists them).
func (r *Rules) reaches(s *State, u *Unit, mp int, p string) bool {
	if !u.onMap() || (u.Side == "French" && u.Map == "isabelle" && s.IsabelleGone) || p == u.Place() {
		return false
	}
	pos := r.position(s)
	rc := pos.Reach(u.ID, MoveOpts{MP: float64(mp)})
	k, ok := rc.at(p)
	if !ok || rc.p.g.maps[rc.m].ids[rc.list[k]] != p || !rc.CanStop(p) {
		return false
	}
	return rooms{pos, s}.roomFor(p, u.Side)
}

// tacticalMove plays "move UNIT HEX" of a Tactical or Reaction Move
// (2.4, 3.3, 6.4) for side: may refuses a unit that may not move now, mp
// is its movement points; a refusal lists where it may go.
func (r *Rules) tacticalMove(s *State, order string, args []string, side string, may func(*Unit) error, mp func(*Unit) int, sec, why string, ev *events) error {
	u, err := r.unitOrder(s, order, args, 3, "move UNIT HEX", side)
	if err != nil {
		return err
	}
	if err := may(u); err != nil {
		return err
	}
	if n := mp(u); !r.reaches(s, u, n, args[2]) {
		ds := r.tactical(s, u, n)
		return errf(order, "%s at %s cannot reach %s with %d mp (%s); it may go to: %s", u.ID, r.where(u), args[2], n, sec, shorten(orNoneSlice(ds), 12))
	}
	r.move(s, u, args[2], ev, why)
	return nil
}

// movedOnce refuses a unit that has moved this segment.
func movedOnce(s *State, order string) func(*Unit) error {
	return func(u *Unit) error {
		if slices.Contains(s.MovedIDs, u.ID) {
			return errf(order, "%s has moved this segment", u.ID)
		}
		return nil
	}
}

// move puts u at p and marks the move.
func (r *Rules) move(s *State, u *Unit, p string, ev *events, why string) {
	from := u.Place()
	fw := r.where(u)
	r.putAt(u, p)
	s.MovedIDs = append(s.MovedIDs, u.ID)
	s.Moved++
	ev.say("%s: %s %s → %s.", why, u.ID, fw, r.where(u))
	ev.mark("move", from, p)
}

// ---- 2.1 ----

func (r *Rules) startVMOperational(s *State, d adjudicator.Dice, ev *events) bool {
	s.Stage = "box"
	return true
}

func (r *Rules) orderVMOperational(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "box", "valley":
		u, err := r.unitOrder(s, order, args, 3, args[0]+" UNIT DEST", "VM")
		if err != nil {
			return false, err
		}
		if args[0] == "box" && s.Stage != "box" {
			return false, errf(order, "the Box Move comes before the Valley Move (2.1): it is over")
		}
		if s.Stage == "box" && args[0] == "valley" {
			s.Stage, s.Moved = "valley", 0
			s.MovedIDs = nil
		}
		if s.Moved >= 3 {
			return false, errf(order, "the VM moves up to 3 units in each of the Box and Valley Moves (2.1)")
		}
		if slices.Contains(s.MovedIDs, u.ID) {
			return false, errf(order, "%s has moved in this move already", u.ID)
		}
		dests := r.vmBoxMoves(s, u)
		if args[0] == "valley" {
			dests = r.vmValleyMoves(s, u)
		}
		if !slices.Contains(dests, args[2]) {
			return false, errf(order, "%s at %s cannot %s-move to %s (2.1-%s); it may go to: %s", u.ID, r.where(u), args[0], args[2], map[string]string{"box": "A", "valley": "B"}[args[0]], shorten(orNoneSlice(dests), 10))
		}
		r.move(s, u, args[2], ev, "2.1 "+strings.ToUpper(args[0][:1])+args[0][1:]+" Move")
		return false, nil
	}
	return false, errf(order, "in 2.1 write box UNIT DEST, valley UNIT DEST or done")
}

func orNoneSlice(xs []string) []string {
	if len(xs) == 0 {
		return []string{"nowhere"}
	}
	return xs
}

// ---- 2.4 VM Tactical Move ----

func (r *Rules) startVMTactical(s *State, d adjudicator.Dice, ev *events) bool {
	s.Assets = nil
	return true
}

func (r *Rules) assetsIn(s *State, sector string) int {
	n := 0
	for _, a := range s.Assets {
		p := a.At
		if a.Kind == "recon" {
			if u := s.unit(a.At); u != nil {
				p = u.Place()
			}
		}
		if r.sectorOf(p) == sector {
			n++
		}
	}
	return n
}

func (r *Rules) sectorOf(p string) string {
	if _, h := r.hexOf(p); h != nil {
		return h.Sector
	}
	if r.boxSector304(boxOf(p)) {
		return "304"
	}
	return ""
}

func (r *Rules) hasAsset(s *State, kind, at string) bool {
	for _, a := range s.Assets {
		if a.Kind == kind && a.At == at {
			return true
		}
	}
	return false
}

// breaches are the places under a Wire Breach (2.4-A).
func (s *State) breaches() []string {
	var out []string
	for _, a := range s.Assets {
		if a.Kind == "breach" {
			out = append(out, a.At)
		}
	}
	return out
}

func (r *Rules) assetTargets(s *State, kind string) []string {
	if len(s.Assets) >= r.D.Units.Markers.Asset || s.Moved > 0 {
		return nil
	}
	var out []string
	loc, ri := r.loc(s, "VM"), r.roomsOf(s) // asked once for every unit
	for _, u := range r.vmUnits(s, func(u *Unit) bool { return u.onMap() && loc.Unit(u.ID) }) {
		if r.assetsIn(s, r.sectorOf(u.Place())) >= 2 && r.sectorOf(u.Place()) != "" {
			continue
		}
		if kind == "recon" {
			if !r.hasAsset(s, "recon", u.ID) {
				out = append(out, u.ID)
			}
			continue
		}
		for _, p := range append([]string{u.Place()}, r.neighborsOf(u.Place())...) {
			if r.hasAsset(s, "breach", p) || slices.Contains(out, p) {
				continue
			}
			if p != u.Place() {
				_, h := r.hexOf(p)
				if ri.at(p).n > 0 || h.Supply || h.Strong != "" && s.controller(h.Strong) == "French" {
					continue
				}
			}
			if sec := r.sectorOf(p); sec != "" && r.assetsIn(s, sec) >= 2 {
				continue
			}
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

func (r *Rules) orderVMTactical(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "recon", "breach":
		if err := want(order, args, 2, args[0]+" "+map[string]string{"recon": "UNIT", "breach": "PLACE"}[args[0]]); err != nil {
			return false, err
		}
		if !slices.Contains(r.assetTargets(s, args[0]), args[1]) {
			return false, errf(order, "no %s on %s: 4 Asset Markers a turn, placed before any move, no more than 2 in a Division Sector, on a VM unit in VM LoC (a breach also in an empty hex next to it, not in a French strongpoint or a Supply Area) (2.4-A)", args[0], args[1])
		}
		s.Assets = append(s.Assets, Asset{Kind: args[0], At: args[1]})
		ev.say("2.4-A: a %s Marker on %s.", map[string]string{"recon": "Recon", "breach": "Wire Breach"}[args[0]], args[1])
		return false, nil
	case "move":
		return false, r.tacticalMove(s, order, args, "VM", movedOnce(s, order), func(u *Unit) int {
			if r.hasAsset(s, "recon", u.ID) {
				return 6 // 2.4-A: a Recon Marker's unit moves 6
			}
			return 5
		}, "2.4", "2.4 Tactical Move", ev)
	}
	return false, errf(order, "in 2.4 write recon UNIT, breach PLACE, move UNIT HEX or done")
}

// finishVMTactical: Recon Markers come off; no more than 3 units of other
// divisions in a Division Sector: the excess go to Zone 1 of their own
// sector (2.4-B; RULINGS F6).
func (r *Rules) finishVMTactical(s *State, d adjudicator.Dice, ev *events) {
	s.Assets = slices.DeleteFunc(s.Assets, func(a Asset) bool { return a.Kind == "recon" })
	for _, sec := range Sectors {
		foreign := r.position(s).ForeignUnits(sec)
		// the last moved go first (RULINGS F6): in the order of the moves
		sort.SliceStable(foreign, func(i, j int) bool {
			return slices.Index(s.MovedIDs, foreign[i]) < slices.Index(s.MovedIDs, foreign[j])
		})
		for len(foreign) > 3 {
			id := foreign[len(foreign)-1]
			foreign = foreign[:len(foreign)-1]
			u := s.unit(id)
			dests := r.position(s).Zone1(id)
			if u == nil || len(dests) == 0 {
				continue
			}
			from := r.where(u)
			r.putAt(u, wordPlace(dests[0]))
			ev.say("2.4-B: more than 3 units of other divisions in Sector %s: %s from %s to %s (Zone 1 of its own sector; RULINGS F6).", sec, u.ID, from, r.where(u))
		}
	}
}

// ---- 3.3 French Reaction Move ----

func (r *Rules) reactionUnits(s *State) []*Unit {
	if s.Moved >= 4 {
		return nil
	}
	ri := r.roomsOf(s)
	return r.frenchUnits(s, func(u *Unit) bool {
		return u.onMap() && !r.isArt(u) && !u.Shaken && !r.adjacentEnemyIn(ri, u) && !slices.Contains(s.MovedIDs, u.ID)
	})
}

func (r *Rules) startReaction(s *State, d adjudicator.Dice, ev *events) bool {
	if len(s.Assaults) == 0 {
		nothing(ev, s, "no assault declared")
		return false
	}
	if s.standing(French, "reaction") != "ask" {
		nothing(ev, s, "no Reaction Move (France's standing order)")
		return false
	}
	if len(r.reactionUnits(s)) == 0 {
		nothing(ev, s, "no French unit may react")
		return false
	}
	return true
}

func (r *Rules) orderReaction(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "move":
		err := r.tacticalMove(s, order, args, "French", func(u *Unit) error {
			if !slices.Contains(r.reactionUnits(s), u) {
				return errf(order, "%s may not react: up to 4 units, not artillery, not shaken, not starting next to a VM unit, once each (3.3)", u.ID)
			}
			return nil
		}, func(*Unit) int { return 5 }, "3.3", "3.3 Reaction Move", ev)
		return err == nil && s.Moved >= 4, err
	}
	return false, errf(order, "in 3.3 write move UNIT HEX or done")
}

// ---- 6.2 French Operational Move ----

func (r *Rules) startFrenchOperational(s *State, d adjudicator.Dice, ev *events) bool {
	s.Stage = "valley"
	return true
}

func (r *Rules) inDBPSupply(u *Unit) bool {
	if u.Map != "dbp" {
		return false
	}
	_, h := r.hexOf(u.Place())
	return h != nil && h.Supply
}

func (r *Rules) orderFrenchOperational(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		if err := want(order, args, 1, "done"); err != nil {
			return false, err
		}
		r.boxOdds(s, ev)
		return true, nil
	case "box", "valley":
		u, err := r.unitOrder(s, order, args, 3, args[0]+" UNIT DEST", "French")
		if err != nil {
			return false, err
		}
		if args[0] == "valley" && s.Stage != "valley" {
			return false, errf(order, "the Valley Move comes before the Box Move (6.2): it is over")
		}
		if args[0] == "box" && s.Stage == "valley" {
			s.Stage, s.Moved, s.MovedIDs = "box", 0, nil
		}
		if slices.Contains(s.MovedIDs, u.ID) {
			return false, errf(order, "%s has moved in this move already", u.ID)
		}
		if args[0] == "valley" {
			if err := r.valleyCount(s, order, u); err != nil {
				return false, err
			}
		} else if s.Moved >= 12 {
			return false, errf(order, "France moves up to 12 units in the Box Move (6.2-B)")
		}
		dests := r.frenchValleyMoves(s, u)
		if args[0] == "box" {
			dests = r.frenchBoxMoves(s, u)
		}
		if !slices.Contains(dests, args[2]) {
			return false, errf(order, "%s at %s cannot %s-move to %s (6.2-%s); it may go to: %s", u.ID, r.where(u), args[0], args[2], map[string]string{"valley": "A", "box": "B"}[args[0]], shorten(orNoneSlice(dests), 10))
		}
		if args[0] == "valley" && r.inDBPSupply(u) {
			s.MovedIDs = append(s.MovedIDs, "supply:"+u.ID)
		}
		if !isHex(args[2]) && len(s.sideAt(args[2], "VM")) > 0 {
			s.MovedIDs = append(s.MovedIDs, "into:"+u.ID+":"+u.Place())
		}
		r.move(s, u, args[2], ev, "6.2 "+strings.ToUpper(args[0][:1])+args[0][1:]+" Move")
		return false, nil
	}
	return false, errf(order, "in 6.2 write valley UNIT DEST, box UNIT DEST or done")
}

// valleyCount: 4 units anywhere, or 6 that all start in DBP's Supply
// Area (6.2-A).
func (r *Rules) valleyCount(s *State, order string, u *Unit) error {
	inSupply := 0
	for _, id := range s.MovedIDs {
		if strings.HasPrefix(id, "supply:") {
			inSupply++
		}
	}
	allSupply := inSupply == s.Moved && r.inDBPSupply(u)
	if s.Moved >= 6 || s.Moved >= 4 && !allSupply {
		return errf(order, "the Valley Move moves 4 units, or 6 that all start in DBP's Supply Area (6.2-A)")
	}
	return nil
}

// boxOdds: a box France entered must hold at least twice as many French
// units as VM units at the end of the move, or the entries are redone
// (6.2-B, 1.6: "redo the move and make it correct").
func (r *Rules) boxOdds(s *State, ev *events) {
	for _, id := range s.MovedIDs {
		rest, ok := strings.CutPrefix(id, "into:")
		if !ok {
			continue
		}
		uid, from, _ := strings.Cut(rest, ":")
		u := s.unit(uid)
		if u == nil || u.Box == "" {
			continue
		}
		box := u.Place()
		f, v := len(s.sideAt(box, "French")), len(s.sideAt(box, "VM"))
		if f < 2*v {
			r.putAt(u, from)
			ev.say("6.2-B: %s holds %d French units against %d VM: %s's entry is redone, back to %s.", box, f, v, u.ID, r.where(u))
		}
	}
}

// ---- 6.4 French Tactical Move ----

func (r *Rules) startFrenchTactical(s *State, d adjudicator.Dice, ev *events) bool {
	return true
}

func (r *Rules) orderFrenchTactical(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "move":
		return false, r.tacticalMove(s, order, args, "French", movedOnce(s, order), func(*Unit) int { return 5 }, "6.4", "6.4 Tactical Move", ev)
	}
	return false, errf(order, "in 6.4 write move UNIT HEX or done")
}

// ---- 4.2 / 8.2 After-Combat Move ----

// finishVMAfterCombat: the Wire Breach Markers come off at the end of
// 4.2, and the wire reappears (2.4-A; RULINGS F21).
func (r *Rules) finishVMAfterCombat(s *State, d adjudicator.Dice, ev *events) {
	if len(s.breaches()) > 0 {
		ev.say("4.2: the Wire Breach Markers come off; the wire reappears.")
	}
	s.Assets = nil
}

// afterCombatMoves: a unit not entrenched may move 1 hex (Alt 1) or 5 mp
// not entering enemy ZoC (Alt 2), ending entrenched, not in an enemy
// strongpoint; France also Alt 3 (4.2, 8.2).
func (r *Rules) afterCombatMoves(s *State, u *Unit) map[string]string {
	return afterCombatMovesIn(r.position(s), s, u)
}

// afterCombatMoveTo is afterCombatMoves(s, u)[p], found without the
// moves of later Alternatives (an order names one place).
func (r *Rules) afterCombatMoveTo(s *State, u *Unit, p string) (alt string, ok bool) {
	if slices.Contains(s.MovedIDs, u.ID) {
		return "", false
	}
	m, ok := r.position(s).AfterCombatMoveTo(u.ID, geoPlace(p))
	if !ok || wordPlace(m.To) != p {
		return "", false
	}
	return strconv.Itoa(m.Alt), true
}

// afterCombatMovesIn is afterCombatMoves in pos, the state's Position.
func afterCombatMovesIn(pos *Position, s *State, u *Unit) map[string]string {
	out := map[string]string{}
	if slices.Contains(s.MovedIDs, u.ID) {
		return out
	}
	for _, m := range pos.AfterCombatMoves(u.ID) {
		out[wordPlace(m.To)] = strconv.Itoa(m.Alt)
	}
	return out
}

func (r *Rules) startAfterCombat(s *State, d adjudicator.Dice, ev *events) bool {
	side := "VM"
	if s.Seg == "8.2" {
		side = "French"
	}
	pos := r.position(s)
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && !slices.Contains(s.MovedIDs, u.ID) && pos.HasAfterCombatMove(u.ID) {
			return true
		}
	}
	nothing(ev, s, "no unit out of its trenches can move")
	return false
}

func (r *Rules) orderAfterCombat(s *State, order string, args []string, d adjudicator.Dice, ev *events) (bool, error) {
	side := "VM"
	if s.Seg == "8.2" {
		side = "French"
	}
	switch args[0] {
	case "done":
		return true, want(order, args, 1, "done")
	case "move":
		u, err := r.unitOrder(s, order, args, 3, "move UNIT HEX", side)
		if err != nil {
			return false, err
		}
		alt, ok := r.afterCombatMoveTo(s, u, args[2])
		if !ok {
			ms := r.afterCombatMoves(s, u)
			keys := make([]string, 0, len(ms))
			for k := range ms {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			return false, errf(order, "%s at %s cannot end an After-Combat Move at %s: a unit not entrenched moves 1 hex, or 5 mp not into enemy ZoC, and ends entrenched, not in an enemy strongpoint (%s); it may go to: %s", u.ID, r.where(u), args[2], s.Seg, shorten(orNoneSlice(keys), 12))
		}
		r.move(s, u, args[2], ev, fmt.Sprintf("%s After-Combat Move (Alt %s)", s.Seg, alt))
		return false, nil
	}
	return false, errf(order, "in %s write move UNIT HEX or done", s.Seg)
}
