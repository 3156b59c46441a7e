package finalgamble

import (
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// PurposefulVM is a playout policy (adjudicator.PlayoutOptions.Choose)
// that plays the Viet Minh with a purpose, as "Playing the Viet Minh"
// advises, and France by adjudicator.PreferAction:
//
//   - its objectives are the French-held strongpoints and structures at
//     DBP, nearest and weakest first; an empty one is walked into (1.4-D);
//   - units in the boxes come on at the Map Edge Hex nearest an objective
//     (2.1-A), units far from the front go by Valley Move to the Trench
//     Zone hex nearest one (2.1-B);
//   - the Zone Markers fall on the French units it can assault next, while
//     the ammunition lasts (2.2); the Commando raids the weakest morale
//     (2.3); Wire Breaches open the heavy wire in front of the units that
//     will assault (2.4-A);
//   - the Tactical Move masses each unit next to a defended objective hex,
//     entrenched where it can, beside its regiment (2.4);
//   - assaults are declared where the odds, computed from the fire and
//     effect tables with the regiment's support and Support Mortars, are
//     good enough for the division's morale; a division whose morale is low
//     declares none and rests (3.1); Tiến lên! is used when a full-strength
//     supporter can pay for it (3.6-B);
//   - After-Combat Moves take the units in the open into the trenches
//     nearest an objective (4.2); replacements go to divisions whose
//     morale can afford them (5.2); the Trench Marker moves in the sector
//     of the objectives (8.5);
//   - a surrender is demanded when the Surrender Roll can succeed often
//     enough, always on the last turn (5.1).
//
// It chooses only among the tree's orders: anything it would say that the
// tree does not offer falls back to "done", "pass" or a random order.
func (r *Rules) PurposefulVM(rng *rand.Rand, side adjudicator.Side, st adjudicator.State, tree []adjudicator.Choice) string {
	if side != VM {
		return adjudicator.PreferAction(rng, side, tree)
	}
	s := r.state(st)
	v := &vmPlan{r: r, s: s, p: r.position(s), tree: tree, rng: rng}
	if o := v.order(); o != "" && inTree(tree, o) {
		return o
	}
	for _, o := range []string{"done", "pass"} {
		if inTree(tree, o) {
			return o
		}
	}
	return adjudicator.RandomOrder(rng, tree)
}

// PurposefulStanding are the standing orders the purposeful policies play
// with (a playout's Prelude): the choices they make themselves inside the
// other side's segments are asked of them, France's Support Barrage and
// Reaction Move (3.3, 3.4), the VM's Support Barrage (7.3); the rest keep
// their defaults.
func PurposefulStanding(vm, france bool) []adjudicator.SideOrder {
	var out []adjudicator.SideOrder
	if france {
		for _, k := range []string{"barrage", "reaction"} {
			out = append(out, adjudicator.SideOrder{Side: French, Order: adjudicator.StandingWord + " " + k + " ask"})
		}
	}
	if vm {
		out = append(out, adjudicator.SideOrder{Side: VM, Order: adjudicator.StandingWord + " mortars ask"})
	}
	return out
}

// inTree tells whether order is a complete order of the tree.
func inTree(tree []adjudicator.Choice, order string) bool {
	level := tree
	words := strings.Fields(order)
	for i, w := range words {
		var c *adjudicator.Choice
		for j := range level {
			if level[j].Word == w {
				c = &level[j]
				break
			}
		}
		if c == nil {
			return false
		}
		if i == len(words)-1 {
			return c.Complete || len(c.Next) == 0
		}
		level = c.Next
	}
	return false
}

// sub is the tree's choices after the words.
func sub(tree []adjudicator.Choice, words ...string) []adjudicator.Choice {
	level := tree
	for _, w := range words {
		var next []adjudicator.Choice
		found := false
		for _, c := range level {
			if c.Word == w {
				next, found = c.Next, true
				break
			}
		}
		if !found {
			return nil
		}
		level = next
	}
	return level
}

func choiceWords(cs []adjudicator.Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Word
	}
	return out
}

// vmPlan is the purposeful VM's look at one state.
type vmPlan struct {
	r    *Rules
	s    *State
	p    *Position
	tree []adjudicator.Choice
	rng  *rand.Rand
	objs []vmObjective
	// goal: the defended objective hexes (French units in a French-held
	// strongpoint or structure at DBP), the empty French-held objective
	// hexes (walk in), by place.
	defended map[string]*vmObjective
	empty    map[string]*vmObjective
}

// vmObjective is a French-held strongpoint or structure at DBP.
type vmObjective struct {
	code   string
	points int
	hexes  []string
	french int // French steps in it
}

func (v *vmPlan) objectives() {
	if v.defended != nil {
		return
	}
	v.defended, v.empty = map[string]*vmObjective{}, map[string]*vmObjective{}
	m := &v.r.D.Map.DBP
	add := func(code string, hexes []string) {
		if v.s.controller(code) != "French" {
			return
		}
		o := vmObjective{code: code, points: len(hexes), hexes: hexes}
		for _, h := range hexes {
			for _, u := range v.s.sideAt(h, "French") {
				o.french += u.steps()
			}
		}
		v.objs = append(v.objs, o)
	}
	for i := range m.Strongs {
		add(m.Strongs[i].Code, m.Strongs[i].Hexes)
	}
	for i := range m.Structures {
		add(m.Structures[i].Name, []string{m.Structures[i].Hex})
	}
	for i := range v.objs {
		o := &v.objs[i]
		for _, h := range o.hexes {
			if len(v.s.sideAt(h, "French")) > 0 {
				v.defended[h] = o
			} else if len(v.s.sideAt(h, "VM")) == 0 {
				v.empty[h] = o
			}
		}
	}
}

// goalDistance is the distance from place p to the nearest objective hex
// (a large number off DBP).
func (v *vmPlan) goalDistance(p string) int {
	v.objectives()
	best := 99
	for h := range v.defended {
		if d := v.r.distance(p, h); d >= 0 && d < best {
			best = d
		}
	}
	for h := range v.empty {
		if d := v.r.distance(p, h); d >= 0 && d < best {
			best = d
		}
	}
	return best
}

func (v *vmPlan) order() string {
	s := v.s
	if s.Pending != nil {
		return v.pending()
	}
	switch s.Seg {
	case "2.1":
		return v.operational()
	case "2.2":
		return v.bombard()
	case "2.3":
		return v.raid()
	case "2.4":
		return v.tacticalMove()
	case "3.1":
		return v.declare()
	case "3.6":
		return v.charge()
	case "4.1":
		return v.attrition()
	case "4.2":
		return v.afterCombat()
	case "5.1":
		return v.demand()
	case "5.2":
		return v.replacements()
	case "7.3":
		return v.supportBarrage()
	case "8.5":
		return v.dig()
	}
	return ""
}

// pending: a Choice when France assaults (7.5): a unit holding a
// strongpoint hex with steps to spare stays, others retreat.
func (v *vmPlan) pending() string {
	if a := v.s.Pending.Assault; a >= 0 && a < len(v.s.Assaults) {
		for _, u := range v.s.sideAt(v.s.Assaults[a].Target, "VM") {
			if _, h := v.r.hexOf(u.Place()); h != nil && h.Strong != "" && u.steps() >= 2 {
				return "stay"
			}
		}
	}
	return "retreat"
}

// ---- 2.1 ----

func (v *vmPlan) operational() string {
	// Box Moves first: from the Off-Map Box and 304's boxes to the Map
	// Edge Hex nearest an objective.
	for _, c := range sub(v.tree, "box") {
		u := v.s.unit(c.Word)
		if u == nil || u.Box == "" {
			continue
		}
		best, bd := "", 99
		for _, d := range choiceWords(c.Next) {
			if !isHex(d) || len(v.s.at(d)) > 0 {
				continue
			}
			if g := v.goalDistance(d); g < bd {
				best, bd = d, g
			}
		}
		if best != "" && bd <= 6 {
			return "box " + c.Word + " " + best
		}
	}
	// Valley Moves: a unit far from the front to the Trench Zone hex
	// nearest an objective, when that saves three hexes or more.
	bestO, gain := "", 2
	for _, c := range sub(v.tree, "valley") {
		u := v.s.unit(c.Word)
		if u == nil || !u.onMap() || v.p.AdjacentEnemy(u.ID) {
			continue
		}
		from := v.goalDistance(u.Place())
		for _, d := range choiceWords(c.Next) {
			if !isHex(d) {
				continue
			}
			if g := from - v.goalDistance(d); g > gain {
				bestO, gain = "valley "+c.Word+" "+d, g
			}
		}
	}
	return bestO
}

// ---- 2.2 ----

// assaultable: French-occupied places next to a VM unit of a division
// that may assault.
func (v *vmPlan) assaultable() map[string]bool {
	out := map[string]bool{}
	for i := range v.s.Units {
		u := &v.s.Units[i]
		if u.Side != "VM" || !u.onMap() || v.r.shutDown(v.s, u.Formation) {
			continue
		}
		for _, n := range v.r.neighborsOf(u.Place()) {
			if len(v.s.sideAt(n, "French")) > 0 {
				out[n] = true
			}
		}
	}
	return out
}

func (v *vmPlan) bombard() string {
	ammo := v.s.Tracks["vm_ammo"]
	reserve := 4
	if v.s.Turn >= len(v.r.D.Tracks.GameTurn.Turns)-2 {
		reserve = 0
	}
	if ammo <= reserve {
		return ""
	}
	v.objectives()
	near := v.assaultable()
	best, bs := "", 0.0
	for _, w := range []string{"hw", "zone"} {
		for _, c := range sub(v.tree, w) {
			p := strings.Split(c.Word, ":")[0]
			sc := 0.0
			if near[p] {
				sc += 3
			}
			if v.defended[p] != nil {
				sc += 2
			}
			if _, h := v.r.hexOf(p); h != nil && h.Supply {
				sc += 0.5 // doubled for the Truck hit (2.2-C)
			}
			for _, u := range v.s.sideAt(p, "French") {
				if !u.Shaken {
					sc += 0.5
				}
				if v.r.isArt(u) {
					sc += 0.5
				}
			}
			if w == "hw" {
				sc += 0.1 // the regular markers reach anywhere: keep them
			}
			if sc > bs {
				best, bs = w+" "+c.Word, sc
			}
		}
	}
	if bs < 3 {
		return ""
	}
	return best
}

// ---- 2.3 ----

func (v *vmPlan) raid() string {
	best, bm := "", 99
	for _, c := range sub(v.tree, "raid") {
		u := v.s.unit(c.Word)
		if u == nil {
			continue
		}
		if m := v.r.morale(v.s, u); m < bm {
			best, bm = c.Word, m
		}
	}
	if best == "" || bm > 4 {
		return "" // 2.3: a 6 must be at least 3 higher than the morale
	}
	return "raid " + best
}

// ---- 2.4 ----

func (v *vmPlan) tacticalMove() string {
	v.objectives()
	// Wire Breaches (2.4-A) before any move: in front of units next to
	// a defended objective hex across heavy wire.
	for _, c := range sub(v.tree, "breach") {
		p := c.Word
		for _, n := range v.r.neighborsOf(p) {
			if v.defended[n] == nil {
				continue
			}
			for _, o := range v.p.Obstacles(geoVM, geoPlace(p), geoPlace(n)) {
				if o == "heavy wire" {
					if vm := v.s.sideAt(p, "VM"); len(vm) > 0 || v.nextToRegiment(p) {
						return "breach " + p
					}
				}
			}
		}
	}
	return bestMove(v.tree, v.s, v.spot, 0.5)
}

// bestMove is the tree's "move UNIT HEX" that most improves spot's value
// of where the unit stands, by more than gain; "" when none does.
func bestMove(tree []adjudicator.Choice, s *State, spot func(*Unit, string) float64, gain float64) string {
	best := ""
	for _, c := range sub(tree, "move") {
		u := s.unit(c.Word)
		if u == nil {
			continue
		}
		here := spot(u, u.Place())
		for _, d := range choiceWords(c.Next) {
			if g := spot(u, d) - here; g > gain {
				best, gain = "move "+c.Word+" "+d, g
			}
		}
	}
	return best
}

// nextToRegiment: a VM unit is next to place p.
func (v *vmPlan) nextToRegiment(p string) bool {
	for _, n := range v.r.neighborsOf(p) {
		if len(v.s.sideAt(n, "VM")) > 0 {
			return true
		}
	}
	return false
}

// spot values place p for unit u: an empty objective hex to walk into,
// next to a defended objective hex (entrenched better, beside its
// regiment better), else nearer the objectives.
func (v *vmPlan) spot(u *Unit, p string) float64 {
	_, h := v.r.hexOf(p)
	if h == nil {
		return -100
	}
	if o := v.empty[p]; o != nil {
		return 20 + float64(o.points)
	}
	sc := -float64(v.goalDistance(p))
	entrenched := v.s.TrenchZone(h) || v.s.DigZone(h) || h.Strong != ""
	adj := false
	rg := v.r.regiment(u)
	for _, n := range v.r.neighborsOf(p) {
		if o := v.defended[n]; o != nil {
			adj = true
			sc += 4
			for _, m := range v.r.neighborsOf(n) {
				if m == p {
					continue
				}
				for _, w := range v.s.sideAt(m, "VM") {
					if w.ID != u.ID && v.r.regiment(w) == rg {
						sc += 0.8
					}
				}
			}
		} else if len(v.s.sideAt(n, "French")) > 0 {
			adj = true
		}
	}
	if entrenched {
		sc += 1.5
	} else if adj {
		sc -= 1 // shaken at 4.3 unless it gets back into a trench
	}
	return sc
}

// ---- 3.1 ----

// odds is the chance that an assault by unit a on the hex of unit d
// succeeds (the defending hex's units retreat or take a Choice), computed
// from the fire and effect tables (3.5, 3.6; mirrored for France, 7.4,
// 7.5, F38), with Support Mortars on a VM assault.
func (v *vmPlan) odds(a, d *Unit, mortar bool) float64 {
	D := v.r.D
	ds := v.p.DefenseStrength(d.ID, a.ID, 0).Total
	as := v.p.AssaultStrength(a.ID, d.ID, mortar && a.Side == "VM", a.Side == "French" && v.s.Tracks["medicine"] == 0).Total
	vmMorale := v.r.morale(v.s, a) // the attacker's (F38)
	frMorale := v.r.morale(v.s, d)
	shaken := d.Shaken
	win := 0.0
	for s1 := 2; s1 <= 12; s1++ {
		p1 := twoDice(s1)
		m1 := D.fireMod(s1, ds)
		for e1 := 1; e1 <= 6; e1++ {
			res := D.DefenseResult(vmMorale, false, clamp16(e1+m1))
			col := "normal"
			switch res {
			case "abort", "loss_abort":
				continue
			case "surprise":
				col = "surprise"
			case "loss_hesitate":
				col = "hesitate"
			}
			for s2 := 2; s2 <= 12; s2++ {
				p2 := twoDice(s2)
				m2 := D.fireMod(s2, as)
				for e2 := 1; e2 <= 6; e2++ {
					w := 0.0
					switch D.AssaultResult(col, frMorale, shaken, clamp16(e2+m2)) {
					case "choice":
						w = 0.6
					case "loss_retreat", "2loss_retreat":
						w = 1
					}
					win += p1 / 6 * p2 / 6 * w
				}
			}
		}
	}
	return win
}

func twoDice(sum int) float64 { return float64(6-abs(sum-7)) / 36 }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (v *vmPlan) declare() string {
	v.objectives()
	// Support Mortars on every assault that may have them (3.1).
	if ms := sub(v.tree, "mortars"); len(ms) > 0 {
		return "mortars " + ms[0].Word
	}
	mortarsLeft := len(v.s.Mortars) < v.r.supportMortars(&v.s.Setup)
	best, bo := "", 0.0
	for _, c := range sub(v.tree, "assault") {
		a := v.s.unit(c.Word)
		if a == nil {
			continue
		}
		need := v.threshold(a)
		for _, t := range choiceWords(c.Next) {
			// France picks the defender that suits it best (3.5-A)
			worst := 1.0
			for _, d := range v.s.sideAt(t, "French") {
				if o := v.odds(a, d, mortarsLeft); o < worst {
					worst = o
				}
			}
			sc := worst
			if v.defended[t] != nil {
				sc += 0.1
			}
			if worst >= need && sc > bo {
				best, bo = "assault "+a.ID+" "+t, sc
			}
		}
	}
	return best
}

// threshold is the least chance of success a unit's division assaults
// for: a division in good morale takes its chances, a worn one rests.
func (v *vmPlan) threshold(u *Unit) float64 {
	m := v.p.UnitMorale(u.ID)
	last := v.s.Turn >= len(v.r.D.Tracks.GameTurn.Turns)-1
	switch {
	case last:
		return 0.2
	case m >= 5:
		return 0.3
	case m == 4:
		return 0.4
	case m == 3:
		return 0.6
	}
	return 2
}

// ---- 3.6 ----

func (v *vmPlan) charge() string {
	cs := sub(v.tree, "charge")
	if len(cs) == 0 {
		return ""
	}
	c := cs[0]
	o := "charge " + c.Word
	// Tiến lên! (3.6-B): a full-strength supporter pays the step.
	for _, sp := range sub(c.Next, "tien-len") {
		if u := v.s.unit(sp.Word); u != nil && !u.Reduced && !u.Disorg {
			return o + " tien-len " + sp.Word
		}
	}
	return o
}

// ---- 4.1 ----

func (v *vmPlan) attrition() string {
	best, bs := "", -1
	for _, c := range sub(v.tree, "disease") {
		u := v.s.unit(c.Word)
		if u == nil {
			continue
		}
		sc := u.steps() * 2
		if u.onMap() && v.p.AdjacentEnemy(u.ID) {
			sc -= 3
		}
		if !u.onMap() {
			sc++
		}
		if sc > bs {
			best, bs = c.Word, sc
		}
	}
	if best != "" {
		return "disease " + best
	}
	return ""
}

// ---- 4.2 ----

func (v *vmPlan) afterCombat() string {
	best, gain := "", 0.5
	for _, c := range sub(v.tree, "move") {
		u := v.s.unit(c.Word)
		if u == nil {
			continue
		}
		here := v.spot(u, u.Place())
		if v.p.AdjacentEnemy(u.ID) {
			here -= 3 // shaken at 4.3 where it stands
		}
		for _, d := range choiceWords(c.Next) {
			if g := v.spot(u, d) - here; g > gain {
				best, gain = "move "+c.Word+" "+d, g
			}
		}
	}
	return best
}

// ---- 5.1 ----

// demand: the chance of 5.1-B's "SN +2, or higher" against what a
// refusal costs (4 off the Strongpoints Taken Marker).
func (v *vmPlan) demand() string {
	if !inTree(v.tree, "demand") {
		return ""
	}
	sn := v.r.surrenderNumber(v.s)
	mod, _ := v.r.surrenderMods(v.s)
	need := sn + 2 - mod
	p := 0.0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b >= need {
				p += 1.0 / 36
			}
		}
	}
	last := v.s.Turn >= len(v.r.D.Tracks.GameTurn.Turns)
	switch {
	case p > 0 && last:
		return "demand"
	case p >= 0.25:
		return "demand"
	case p >= 0.08 && v.s.Tracks["taken"] < 4:
		return "demand" // little to lose
	}
	return "done"
}

// ---- 5.2 ----

func (v *vmPlan) replacements() string {
	if cs := sub(v.tree, "patrol"); len(cs) > 0 {
		return "patrol " + v.lowestDivision(choiceWords(cs))
	}
	if cs := sub(v.tree, "reinforce"); len(cs) > 0 && v.s.Tracks["vm_ammo"] >= 4 {
		return "reinforce " + cs[0].Word + " " + v.highestDivision(choiceWords(cs[0].Next))
	}
	slots := len(v.r.D.Tracks.DivisionMorale.Slots)
	best, bs := "", 0
	for _, c := range sub(v.tree, "replace") {
		u := v.s.unit(c.Word)
		if u == nil {
			continue
		}
		if slot, ok := v.s.DivisionMorale[u.Formation]; ok {
			// keep the division's morale at 4 or better (5.2-D)
			if v.r.D.MoraleAt(slot+1) < 4 || slot+1 >= slots-1 {
				continue
			}
		}
		sc := 1
		if u.Disorg {
			sc += 2
		}
		if u.onMap() && v.goalDistance(u.Place()) <= 2 {
			sc += 2
		}
		if sc > bs {
			best, bs = c.Word, sc
		}
	}
	if best != "" {
		return "replace " + best
	}
	return ""
}

func (v *vmPlan) lowestDivision(ds []string) string {
	sort.SliceStable(ds, func(i, j int) bool { return v.s.DivisionMorale[ds[i]] > v.s.DivisionMorale[ds[j]] })
	return ds[0]
}

func (v *vmPlan) highestDivision(ds []string) string {
	sort.SliceStable(ds, func(i, j int) bool { return v.s.DivisionMorale[ds[i]] < v.s.DivisionMorale[ds[j]] })
	return ds[0]
}

// ---- 7.3 ----

func (v *vmPlan) supportBarrage() string {
	if v.s.Tracks["vm_ammo"] < 3 {
		return ""
	}
	if cs := sub(v.tree, "mortars"); len(cs) > 0 {
		return "mortars " + cs[0].Word
	}
	return ""
}

// ---- 8.5 ----

// dig: the Trench Marker of the sector with the most objective points
// within reach moves (8.5-B).
func (v *vmPlan) dig() string {
	v.objectives()
	best, bs := "", -1
	for _, c := range sub(v.tree, "dig") {
		sec := c.Word
		sc := 0
		for h, o := range v.defended {
			if _, hx := v.r.hexOf(h); hx != nil && hx.Sector == sec {
				sc += o.points
			}
		}
		if sc > bs {
			best, bs = sec, sc
		}
	}
	if best != "" {
		return "dig " + best
	}
	return ""
}

// ---- France ----

// PurposefulBoth plays both sides with a purpose: the VM as PurposefulVM,
// France as a commander holding its strongpoints would (PurposefulFrance).
func (r *Rules) PurposefulBoth(rng *rand.Rand, side adjudicator.Side, st adjudicator.State, tree []adjudicator.Choice) string {
	if side == French {
		return r.PurposefulFrance(rng, side, st, tree)
	}
	return r.PurposefulVM(rng, side, st, tree)
}

// PurposefulFrance is a playout policy for France, "Playing France":
//
//   - units spread over every hex of their strongpoints at the set-up
//     (9.0-C); no unit leaves a strongpoint it alone holds; units in the open go
//     into the strongpoints the VM threatens, reserves to the threatened
//     ones (3.3, 6.4, 8.2);
//   - empty strongpoints the VM holds are walked back into (1.4-D);
//   - Support Barrage on the assaulting VM units while the ammunition
//     lasts, intense when it is plentiful (3.4); bombardment and the
//     airstrike on the VM units next to French strongpoints, those in
//     the open first (6.1, 6.3);
//   - assaults where the computed odds are good, on VM units in
//     strongpoints or in the open (7.2), with En Avant! when a
//     full-strength supporter can pay (7.5);
//   - the Airdrop Chart filled with the reinforcements and then the
//     supply that runs lowest (5.4); shortage losses from the weakest
//     units; tanks and guns repaired and the wounded brought back while
//     the stocks allow (5.3).
//
// The VM's side is played by adjudicator.PreferAction.
func (r *Rules) PurposefulFrance(rng *rand.Rand, side adjudicator.Side, st adjudicator.State, tree []adjudicator.Choice) string {
	if side != French {
		return adjudicator.PreferAction(rng, side, tree)
	}
	s := r.state(st)
	f := &frPlan{vmPlan{r: r, s: s, p: r.position(s), tree: tree, rng: rng}}
	if o := f.order(); o != "" && inTree(tree, o) {
		return o
	}
	for _, o := range []string{"done", "pass"} {
		if inTree(tree, o) {
			return o
		}
	}
	return adjudicator.RandomOrder(rng, tree)
}

type frPlan struct{ vmPlan }

func (f *frPlan) order() string {
	s := f.s
	if s.Pending != nil {
		return "stay"
	}
	switch s.Seg {
	case "9.0-C":
		return f.spread()
	case "3.3":
		return f.move(true)
	case "3.4":
		return f.barrage()
	case "5.3":
		return f.supply()
	case "5.4":
		return f.airdrop()
	case "6.1":
		return f.airstrike()
	case "6.3":
		return f.bombard()
	case "6.4", "8.2":
		return f.move(false)
	case "7.2":
		return f.declare()
	case "7.5":
		return f.charge()
	}
	return ""
}

// spread: 9.0-C's free placement fills every hex of each strongpoint
// from the hexes that hold two or more ("Spread out your units"), so that
// no VM battalion walks into an empty hex of a defended strongpoint.
func (f *frPlan) spread() string {
	best, bt := "", -1
	for _, c := range sub(f.tree, "place") {
		u := f.s.unit(c.Word)
		if u == nil || len(f.s.sideAt(u.Place(), "French")) < 2 {
			continue
		}
		for _, h := range choiceWords(c.Next) {
			if len(f.s.sideAt(h, "French")) > 0 {
				continue
			}
			if t := f.vmNear(h); t > bt {
				best, bt = "place "+c.Word+" "+h, t
			}
		}
	}
	return best
}

// vmNear counts the VM units next to place p.
func (f *frPlan) vmNear(p string) int {
	n := 0
	for _, q := range f.r.neighborsOf(p) {
		n += len(f.s.sideAt(q, "VM"))
	}
	return n
}

// held is the French-held strongpoint or structure code of hex h, "".
func (f *frPlan) code(h *Hex) string {
	if h.Strong != "" {
		return h.Strong
	}
	if h.Struct != "" {
		for _, st := range f.r.D.Map.DBP.Structures {
			if st.Hex == h.ID {
				return st.Name
			}
		}
	}
	return ""
}

// frenchIn counts the French units in the strongpoint of code at map m.
func (f *frPlan) frenchIn(m, code string) int {
	n := 0
	for i := range f.s.Units {
		u := &f.s.Units[i]
		if u.Side != "French" || !u.onMap() || u.Map != m {
			continue
		}
		if _, h := f.r.hexOf(u.Place()); h != nil && f.code(h) == code {
			n++
		}
	}
	return n
}

// fspot values place p for French unit u.
func (f *frPlan) fspot(u *Unit, p string) float64 {
	m, h := f.r.hexOf(p)
	if h == nil {
		return -100
	}
	code := f.code(h)
	vmHere := len(f.s.sideAt(p, "VM")) > 0
	if code != "" && f.s.controller(code) == "VM" && !vmHere {
		return 15 // retaken by walking in (1.4-D)
	}
	sc := 0.0
	threat := f.vmNear(p)
	switch {
	case code != "" && f.s.controller(code) == "French":
		sc += 4 + float64(threat)
		others := 0
		for _, w := range f.s.sideAt(p, "French") {
			if w.ID != u.ID {
				others++
			}
		}
		sc -= float64(others) * 0.8
		if u.Place() == p && f.frenchIn(m, code) == 1 {
			sc += 20 // it alone holds the strongpoint
		}
	case h.Outpost:
		sc += 2 + 0.5*float64(threat)
	case h.Supply:
		sc += 1
	default:
		if threat > 0 {
			sc -= 3
		}
	}
	return sc
}

func (f *frPlan) move(reaction bool) string {
	return bestMove(f.tree, f.s, f.fspot, 1.0)
}

func (f *frPlan) barrage() string {
	// "try to have supply in stock": a track at 2 or less helps the
	// Surrender Roll (5.1-B), so a reserve is kept
	ammo := f.s.Tracks["french_ammo"]
	if ammo < 8 {
		return ""
	}
	cs := sub(f.tree, "barrage")
	if len(cs) == 0 {
		return ""
	}
	// 3.4: intense (+2, 3 ammo) while the ammunition is plentiful
	if o := "barrage " + cs[0].Word + " intense"; ammo >= 20 && inTree(f.tree, o) {
		return o
	}
	return "barrage " + cs[0].Word
}

func (f *frPlan) supply() string {
	if cs := sub(f.tree, "loss"); len(cs) > 0 {
		best, bm := "", 99
		for _, c := range cs {
			if u := f.s.unit(c.Word); u != nil {
				if m := f.r.morale(f.s, u)*2 + u.steps(); m < bm {
					best, bm = c.Word, m
				}
			}
		}
		return "loss " + best
	}
	if cs := sub(f.tree, "repair"); len(cs) > 0 && f.s.Tracks["fuel"] >= 10 {
		return "repair " + cs[0].Word
	}
	if cs := sub(f.tree, "bring-back"); len(cs) > 0 && f.s.Tracks["medicine"] >= 14 {
		return "bring-back " + cs[0].Word
	}
	return ""
}

func (f *frPlan) airdrop() string {
	if cs := sub(f.tree, "place"); len(cs) > 0 {
		c := cs[0]
		best, bt := "", -1
		for _, h := range choiceWords(c.Next) {
			if t := f.vmNear(h); best == "" || t < bt {
				best, bt = h, t
			}
		}
		return "place " + c.Word + " " + best
	}
	if cs := sub(f.tree, "replace"); len(cs) > 0 && f.s.ReplaceWanted == "" {
		return "replace " + cs[0].Word
	}
	slots := sub(f.tree, "load")
	if len(slots) == 0 {
		return ""
	}
	slot := slots[0]
	// units first, two a slot (5.4-A), then the supply running lowest
	for _, w := range slot.Next {
		if f.s.unit(w.Word) != nil {
			if len(w.Next) > 0 {
				return "load " + slot.Word + " " + w.Word + " " + w.Next[0].Word
			}
			return "load " + slot.Word + " " + w.Word
		}
	}
	best, bt := "", 1<<30
	for _, k := range supplyKinds {
		if !inTree(f.tree, "load "+slot.Word+" "+k.word) {
			continue
		}
		if t := f.s.Tracks[k.track]; t < bt {
			best, bt = k.word, t
		}
	}
	if best == "" {
		return ""
	}
	return "load " + slot.Word + " " + best
}

// vmTarget values a VM unit as a target of fire: next to French
// strongpoints, in the open, strong.
func (f *frPlan) vmTarget(u *Unit) float64 {
	if u == nil || !u.onMap() {
		return -1
	}
	sc := 0.0
	for _, q := range f.r.neighborsOf(u.Place()) {
		if _, h := f.r.hexOf(q); h != nil {
			if c := f.code(h); c != "" && f.s.controller(c) == "French" {
				sc += 1
			}
		}
		sc += 0.5 * float64(len(f.s.sideAt(q, "French")))
	}
	if !f.p.Entrenched(u.ID) {
		sc += 2
	}
	if _, h := f.r.hexOf(u.Place()); h != nil {
		if c := f.code(h); c != "" {
			sc += 1.5 // in a strongpoint the VM took
		}
	}
	return sc + float64(f.p.UnitStrength(u.ID))/8
}

func (f *frPlan) airstrike() string {
	best, bs := "", 0.9
	for _, c := range sub(f.tree, "airstrike") {
		if v := f.vmTarget(f.s.unit(c.Word)); v > bs {
			best, bs = c.Word, v
		}
	}
	if best == "" {
		return ""
	}
	return "airstrike " + best
}

func (f *frPlan) bombard() string {
	ammo := f.s.Tracks["french_ammo"]
	if ammo < 14 {
		return ""
	}
	best, bs := "", 1.5
	for _, c := range sub(f.tree, "bombard") {
		if v := f.vmTarget(f.s.unit(c.Word)); v > bs {
			best, bs = c.Word, v
		}
	}
	if best == "" {
		return ""
	}
	switch {
	case ammo >= 30 && inTree(f.tree, "bombard "+best+" intense"):
		return "bombard " + best + " intense"
	case inTree(f.tree, "bombard "+best):
		return "bombard " + best
	}
	return "bombard " + best + " reduced"
}

func (f *frPlan) declare() string {
	best, bo := "", 0.0
	for _, c := range sub(f.tree, "assault") {
		a := f.s.unit(c.Word)
		if a == nil {
			continue
		}
		_, ah := f.r.hexOf(a.Place())
		if ah != nil {
			if code := f.code(ah); code != "" && f.s.controller(code) == "French" && f.frenchIn(a.Map, code) == 1 {
				continue // it alone holds its strongpoint
			}
		}
		for _, t := range choiceWords(c.Next) {
			for _, d := range f.s.sideAt(t, "VM") {
				o := f.odds(a, d, false)
				if _, h := f.r.hexOf(t); h != nil && f.code(h) != "" {
					o += 0.1
				}
				if o >= 0.5 && o > bo {
					best, bo = "assault "+a.ID+" "+t, o
				}
			}
		}
	}
	return best
}

func (f *frPlan) charge() string {
	cs := sub(f.tree, "charge")
	if len(cs) == 0 {
		return ""
	}
	c := cs[0]
	o := "charge " + c.Word
	for _, sp := range sub(c.Next, "en-avant") {
		if u := f.s.unit(sp.Word); u != nil && !u.Reduced {
			return o + " en-avant " + sp.Word
		}
	}
	return o
}

// PlayoutPolicies implements adjudicator.PlayoutPolicier: the purposeful
// sides for `umpire playout --policy` and `umpire budget --policy`, each
// with the standing orders it plays with.
func (r *Rules) PlayoutPolicies() []adjudicator.PlayoutPolicy {
	return []adjudicator.PlayoutPolicy{
		{Name: "purposeful-vm", Help: "a Viet Minh that bombards, masses and assaults its objectives, against an aggressive France", Choose: r.PurposefulVM, Prelude: PurposefulStanding(true, false)},
		{Name: "purposeful-france", Help: "a France that counter-attacks, reacts and barrages, against an aggressive Viet Minh", Choose: r.PurposefulFrance, Prelude: PurposefulStanding(false, true)},
		{Name: "purposeful", Help: "both sides purposeful", Choose: r.PurposefulBoth, Prelude: PurposefulStanding(true, true)},
	}
}
