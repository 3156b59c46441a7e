package hell

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

var testRules = New(MustDefault())

var seed = bytes.Repeat([]byte{42}, adjudicator.SeedSize)

// fixedDice rolls the given values in turn (rule tests set the dice).
type fixedDice []int

func (f *fixedDice) Roll(sides int) int {
	if len(*f) == 0 {
		panic("fixedDice: no more rolls")
	}
	v := (*f)[0]
	*f = (*f)[1:]
	return v
}

func dice() adjudicator.Dice { return adjudicator.NewStream(seed, 0) }

func mustApply(t *testing.T, s *State, side, order string, d ...adjudicator.Dice) *State {
	t.Helper()
	dd := dice()
	if len(d) > 0 {
		dd = d[0]
	}
	ns, _, err := testRules.Apply(s, adjudicator.Side(side), order, dd)
	if err != nil {
		t.Fatalf("%s %q: %v", side, order, err)
	}
	return ns.(*State)
}

func applyEv(t *testing.T, s *State, side, order string) (*State, []adjudicator.Event) {
	t.Helper()
	ns, ev, err := testRules.Apply(s, adjudicator.Side(side), order, dice())
	if err != nil {
		t.Fatalf("%s %q: %v", side, order, err)
	}
	return ns.(*State), ev
}

// mustRefuse checks an order is refused with a reason containing want and
// that the state is unchanged.
func mustRefuse(t *testing.T, s *State, side, order, want string) {
	t.Helper()
	before, _ := s.Encode()
	_, _, err := testRules.Apply(s, adjudicator.Side(side), order, dice())
	if err == nil {
		t.Fatalf("%s %q was accepted; want refusal (%s)", side, order, want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%s %q refused with %q; want it to say %q", side, order, err, want)
	}
	after, _ := s.Encode()
	if !bytes.Equal(before, after) {
		t.Fatalf("a refused order changed the state")
	}
	var oe *adjudicator.OrderError
	if ok := asOrderError(err, &oe); !ok {
		t.Fatalf("refusal is not an OrderError: %T", err)
	}
}

func asOrderError(err error, oe **adjudicator.OrderError) bool {
	e, ok := err.(*adjudicator.OrderError)
	*oe = e
	return ok
}

func ref(t *testing.T, s *State, order string) *State {
	t.Helper()
	return mustApply(t, s, string(adjudicator.Referee), order)
}

// start sets up a scenario with the historical placements: the state is at
// the VM's resupply phase of the first turn.
func start(t *testing.T, scenario string) *State {
	t.Helper()
	s0, err := testRules.Setup(scenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := mustApply(t, s0.(*State), French, "done")
	return mustApply(t, s, VM, "done")
}

// advance plays prompts' default orders until phase is reached.
func advance(t *testing.T, s *State, phase string) *State {
	t.Helper()
	for i := 0; s.Phase != phase; i++ {
		if i > 200 || s.Phase == PhaseOver {
			t.Fatalf("phase %s never reached (at %s)", phase, s.Phase)
		}
		p := testRules.Prompt(s)
		for _, o := range adjudicator.SplitOrders(orPass(p.Default)) {
			s = mustApply(t, s, string(p.Awaiting[0]), o)
		}
	}
	return s
}

// orPass plays "pass" where a decision has no default: a last week's
// decision to act (ruling H56).
func orPass(def string) string {
	if def == "" {
		return "pass"
	}
	return def
}

func firstVMAt(s *State, loc string, dummy bool) string {
	for _, id := range s.vmAt(loc) {
		if s.VM[id].Dummy == dummy {
			return id
		}
	}
	return ""
}

func TestSetup_9_ScenariosLoad(t *testing.T) {
	for _, sc := range []string{"initial-assault", "five-hills", "full-battle"} {
		s := start(t, sc)
		if s.Phase != PhaseVMReorg {
			t.Fatalf("%s: phase %s", sc, s.Phase)
		}
	}
	if _, err := testRules.Setup("nope", nil); err == nil || !strings.Contains(err.Error(), "full-battle") {
		t.Fatalf("unknown scenario: %v", err)
	}
}

// 9: France sets up first; the VM's set-up is hidden from France.
func TestSetup_9_PlacementRules(t *testing.T) {
	s0, _ := testRules.Setup("full-battle", nil)
	s := s0.(*State)
	if p := testRules.Prompt(s); !p.Awaits(French) {
		t.Fatalf("France must set up first: %+v", p)
	}
	mustRefuse(t, s, VM, "done", "not the Viet Minh's turn")
	mustRefuse(t, s, French, "place 1/2REI-1 N", "French units set up on French PAs")
	s = mustApply(t, s, French, "place 1/2REI-1 H3")
	mustRefuse(t, s, French, "place 1/2REI-1 H4", "already placed")
	s = mustApply(t, s, French, "done")
	bn := firstVMAt(s, "JZ1", false)
	mustRefuse(t, s, VM, "place "+bn+" N", "jungle zones, peripheral zones with trenches")
	s, ev := applyEv(t, s, VM, "place "+bn+" A")
	for _, e := range ev {
		if e.Audience.All && strings.Contains(e.Text, bn) {
			t.Fatalf("public event names a hidden battalion: %q", e.Text)
		}
	}
	if s.VM[bn].Loc != "A" {
		t.Fatal("placement not applied")
	}
}

// 3.1: the VM receives 1 or 2 munitions levels a turn, capped.
func TestRule_3_1_MunitionsResupply(t *testing.T) {
	s := start(t, "full-battle")
	sc, _ := testRules.d.Scenario("full-battle")
	want := min(sc.VMMunitions+testRules.d.Week(1).VMMunition, testRules.d.Tables.Munitions.VMMax)
	if s.VMMunitions != want {
		t.Fatalf("VM munitions %d, want %d", s.VMMunitions, want)
	}
	s = ref(t, s, "override track vm-munitions 10")
	s = advance(t, s, PhaseVMSiege)
	s = advance(t, s, PhaseVMReorg)
	if s.Turn != 2 || s.VMMunitions != 10 {
		t.Fatalf("turn %d munitions %d: the excess over the maximum is lost", s.Turn, s.VMMunitions)
	}
}

// 3.1: a barrage point buys two steps for one battalion or one for each of
// two; only points received this turn; off-map battalions come back in
// Jungle Zone 2.
func TestRule_3_1_TradeBarrageForSteps(t *testing.T) {
	s := start(t, "full-battle")
	a, b := firstVMAt(s, "JZ1", false), firstVMAt(s, "C", false)
	mustRefuse(t, s, VM, "trade "+a, "has lost no step")
	mustRefuse(t, s, VM, "trade DUMMY1", "dummy")
	s = ref(t, s, "override unit "+a+" losses 2")
	s = ref(t, s, "override unit "+b+" losses 1")
	m, tp := s.VMMunitions, s.TradePoints
	s = mustApply(t, s, VM, "trade "+a)
	if s.VM[a].Losses != 0 || s.VMMunitions != m-1 || s.TradePoints != tp-1 {
		t.Fatalf("trade: losses %d munitions %d points %d", s.VM[a].Losses, s.VMMunitions, s.TradePoints)
	}
	s = ref(t, s, "override unit "+a+" losses 1")
	s = mustApply(t, s, VM, "trade "+a+" "+b)
	if s.VM[a].Losses != 0 || s.VM[b].Losses != 0 {
		t.Fatal("two battalions must each get a step")
	}
	s = ref(t, s, "override unit "+a+" losses 1")
	mustRefuse(t, s, VM, "trade "+a, "no barrage points received this turn")
	// An off-map (destroyed) battalion returns in Jungle Zone 2.
	s = ref(t, s, "override track trade-points 1")
	s = ref(t, s, "override unit "+b+" at out losses 3")
	s = mustApply(t, s, VM, "trade "+b)
	if s.VM[b].Loc != testRules.d.Map.ReinforcementJungle || s.VM[b].Losses != 1 {
		t.Fatalf("destroyed battalion after trade: %+v", s.VM[b])
	}
}

// 3.1: battalions at -2 must reconstitute; one step back per turn on the
// Game Turn track; return to Jungle Zone 2 (ruling H4).
func TestRule_3_1_Reconstitution(t *testing.T) {
	s := start(t, "full-battle")
	a := firstVMAt(s, "C", false)
	s = ref(t, s, "override unit "+a+" losses 2")
	s = ref(t, s, "override track trade-points 0")
	mustRefuse(t, s, VM, "done", "must be reconstituted first: "+a)
	if o := legal(s, VM); slices.Contains(o, "done") {
		t.Fatal("done offered while a -2 battalion is on the map")
	}
	s = mustApply(t, s, VM, "reconstitute "+a)
	if s.VM[a].Loc != LocTrack || s.VM[a].Return != 2 {
		t.Fatalf("%+v", s.VM[a])
	}
	s = advance(t, s, PhaseVMSiege)
	s = advance(t, s, PhaseVMReorg)
	if s.VM[a].Loc != LocTrack || s.VM[a].Losses != 1 {
		t.Fatalf("after a turn on the track: %+v", s.VM[a])
	}
	// The VM may extend the reconstitution ...
	x := mustApply(t, s, VM, "extend "+a)
	x = mustApply(t, x, VM, "done")
	if x.VM[a].Loc != LocTrack {
		t.Fatal("extended battalion left the track")
	}
	// ... or let it return.
	s = mustApply(t, s, VM, "done")
	if s.VM[a].Loc != testRules.d.Map.ReinforcementJungle || s.VM[a].Losses != 1 {
		t.Fatalf("returned battalion: %+v", s.VM[a])
	}
	mustRefuse(t, s, VM, "dig JZ2", "jungle")
}

// 3.1 entrenchment: 12 points, marsh double, chains to a jungle zone, no
// trenches in jungle zones or on PAs not subject to encirclement, level 3
// held by a battalion.
func TestRule_3_1_Entrenchment(t *testing.T) {
	s := advance(t, start(t, "full-battle"), PhaseVMEntrench)
	if s.Entrench != 12 {
		t.Fatalf("entrenchment points %d", s.Entrench)
	}
	mustRefuse(t, s, VM, "dig JZ1", "no trench may be dug in a jungle zone")
	mustRefuse(t, s, VM, "dig HU", "CR zone")
	mustRefuse(t, s, VM, "dig D1", "only PAs subject to encirclement")
	mustRefuse(t, s, VM, "dig H6", "control a PA of the same zone")
	mustRefuse(t, s, VM, "dig C 2", "at most 1 more level")
	// N has no trench chain once K's trench is gone.
	x := ref(t, s, "override trench K 0")
	mustRefuse(t, x, VM, "dig N", "chain of trenched zones")
	s = mustApply(t, s, VM, "dig N")
	if s.Trench["N"] != 1 || s.Entrench != 11 {
		t.Fatalf("N %d points %d", s.Trench["N"], s.Entrench)
	}
	// Marsh costs double.
	g := mustApply(t, s, VM, "dig G")
	if g.Entrench != 9 {
		t.Fatalf("marsh dig left %d points, want 9", g.Entrench)
	}
	x = ref(t, s, "override track entrench 1")
	mustRefuse(t, x, VM, "dig G", "cost 2 entrenchment points; 1 left")
	// Level 3 next to the French needs a battalion to hold it.
	mustRefuse(t, s, VM, "dig N 2", "needs a VM unit to hold it")
	bn := firstVMAt(s, "C", false)
	x = ref(t, s, "override unit "+bn+" at N")
	x = mustApply(t, x, VM, "dig N 2")
	if x.Trench["N"] != 3 {
		t.Fatal("covered level-3 trench refused")
	}
	// A trench around an encirclable PA needs a linked VM PA in its zone.
	pa, q := encirclablePair(t)
	x = ref(t, s, "override control "+q+" vm")
	x = mustApply(t, x, VM, "dig "+pa)
	if x.Trench[pa] != 1 {
		t.Fatal("trench around PA not dug")
	}
	// Legal lists exactly what Apply accepts.
	for _, o := range legal(s, VM) {
		if _, _, err := testRules.Apply(s, VM, o, dice()); err != nil {
			t.Fatalf("legal order %q refused: %v", o, err)
		}
	}
}

// encirclablePair finds an encirclable PA and a PA of its zone joined to it
// by a line, whose zone borders a trenched peripheral zone at the start.
func encirclablePair(t *testing.T) (string, string) {
	d := testRules.d
	s := start(t, "full-battle")
	for _, p := range d.PAOrder {
		if !d.PAs[p].Encirclable {
			continue
		}
		for _, q := range d.PALinks[p] {
			if d.PAs[q].Zone == d.PAs[p].Zone && s.paChained(d, p) {
				return p, q
			}
		}
	}
	t.Skip("no encirclable PA with a chained zone in this data")
	return "", ""
}

// 3.1: a level-3 trench left without a covering battalion drops to 2.
func TestRule_3_1_LevelThreeUpkeep(t *testing.T) {
	s := advance(t, start(t, "full-battle"), PhaseVMMove)
	bn := firstVMAt(s, "C", false)
	s = ref(t, s, "override unit "+bn+" at N")
	s = ref(t, s, "override trench N 3")
	s, ev := applyEv(t, s, VM, "move "+bn+" JZ1")
	if s.Trench["N"] != 2 {
		t.Fatalf("uncovered level-3 trench at %d", s.Trench["N"])
	}
	if !anyText(ev, "drops to level 2") {
		t.Fatal("the drop is not announced")
	}
}

// 3.2: the Air Transport Points roll on the line set by lost CR/PAs, the
// CRC-Isabelle bonus and the rain penalty; munitions capped; captured drops.
func TestRule_3_2_AirTransportPoints(t *testing.T) {
	d := testRules.d
	lines := d.Tables.AirTransport.Lines
	base := advance(t, start(t, "full-battle"), PhaseVMEntrench)
	if !base.IsabelleLinked {
		t.Fatal("the CRC-Isabelle road should be open at the start")
	}
	cases := []struct {
		name     string
		captured []string
		linked   bool
		turn     int
		wantLost int
	}{
		{"line 0, link", nil, true, 1, 0},
		{"Beatrice counts once, H6 once", []string{"B1", "B2", "B3", "H6"}, false, 1, 2},
		{"Beatrice partly lost does not count", []string{"B1", "B2"}, false, 1, 0},
		{"rain", []string{"AM1", "AM2", "D1", "D2"}, false, 6, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := base.clone()
			for _, pa := range c.captured {
				s.Captured[pa] = true
			}
			s.IsabelleLinked = c.linked
			s.Turn = c.turn
			s.FrenchMunitions = 0
			if got := s.airTransportLost(d); got != c.wantLost {
				t.Fatalf("lost %d, want %d", got, c.wantLost)
			}
			line := 0
			for i, l := range lines {
				if c.wantLost >= l.Lost {
					line = i
				}
			}
			if c.linked {
				line--
			}
			if d.Week(c.turn).Rain {
				line += d.Tables.AirTransport.RainLines
			}
			line = max(0, min(line, len(lines)-1))
			for roll := 1; roll <= 6; roll++ {
				fd := fixedDice{roll, 1}
				x := mustApply(t, s, VM, "done", &fd)
				want := min(lines[line].Munitions[roll-1], d.Tables.Munitions.FrenchMax)
				if x.ATPLine != line || x.FrenchMunitions != want {
					t.Fatalf("roll %d: line %d munitions %d; want line %d munitions %d", roll, x.ATPLine, x.FrenchMunitions, line, want)
				}
				if cap := lines[line].Captured[roll-1]; x.VMMunitions != min(s.VMMunitions+cap, d.Tables.Munitions.VMMax) {
					t.Fatalf("captured munitions not given to the VM")
				}
			}
		})
	}
}

// 3.2: the CRC-Isabelle road is cut by level-3 trenches around Isabelle
// (ruling H7).
func TestRule_3_2_IsabelleLink(t *testing.T) {
	s := start(t, "full-battle")
	if !s.isabelleLinked(testRules.d) {
		t.Fatal("road should be open")
	}
	s.Trench["IP"] = 3
	if s.isabelleLinked(testRules.d) {
		t.Fatal("level-3 trenches around Isabelle cut the road")
	}
}

// 3.2: airpower, strikes on VM artillery (two air points a barrage point),
// replacements, rebuilding, merging half-strength companies.
func TestRule_3_2_FrenchStrategicActions(t *testing.T) {
	s := advance(t, start(t, "full-battle"), PhaseVMEntrench)
	fd := fixedDice{3, 6}
	s = mustApply(t, s, VM, "done", &fd)
	if s.AirPoints != testRules.d.Tables.Airpower.Points[5] {
		t.Fatalf("air points %d for a 6", s.AirPoints)
	}
	crc, crc2, full, isa := "", "", "", ""
	for _, id := range sortedKeys(s.French) {
		u := s.French[id]
		if testRules.d.French[id].Steps == 2 && testRules.d.French[id].Kind != KindTank {
			if testRules.d.inCRC(u.Loc) {
				switch {
				case crc == "":
					crc = id
				case full == "":
					full = id
				case crc2 == "" && testRules.d.French[id].Battalion != testRules.d.French[crc].Battalion:
					crc2 = id
				}
			}
			if isa == "" && testRules.d.inIsabelle(u.Loc) {
				isa = id
			}
		}
	}
	// A reduced company in the CRC and one in Isabelle: France has more to
	// do than strike (with nothing to buy or strike, 3.2 has one answer,
	// done, and is taken at once: issue 15, item 1).
	s = ref(t, s, "override unit "+crc+" steps 1")
	s = ref(t, s, "override unit "+crc2+" steps 1")
	s = ref(t, s, "override unit "+isa+" steps 1")
	s = ref(t, s, "override track air-points 3")
	s = ref(t, s, "override track replacements 5")
	m := s.VMMunitions
	s = mustApply(t, s, French, "strike")
	if s.VMMunitions != m-1 || s.AirPoints != 1 {
		t.Fatalf("strike: VM munitions %d air %d", s.VMMunitions, s.AirPoints)
	}
	mustRefuse(t, s, French, "strike", "two air points")
	mustRefuse(t, s, French, "replace "+full, "full strength")
	mustRefuse(t, s, French, "replace "+isa, "units in the CRC")
	rp := s.Replacements
	s = mustApply(t, s, French, "replace "+crc)
	if s.French[crc].Steps != 2 || s.Replacements != rp-1 {
		t.Fatal("replacement not applied")
	}
	// Rebuild a destroyed unit on a non-encircled CRC PA.
	s = ref(t, s, "override unit "+crc+" steps 0")
	mustRefuse(t, s, French, "rebuild "+crc+" I1", "French PA of the CRC")
	s = mustApply(t, s, French, "rebuild "+crc+" H3")
	if s.French[crc].Loc != "H3" || s.French[crc].Steps != 1 {
		t.Fatalf("rebuilt: %+v", s.French[crc])
	}
	// Merge two half-strength companies of one battalion.
	bat := testRules.d.French[crc].Battalion
	var mate string
	for _, f := range testRules.d.Forces.French {
		if f.Battalion == bat && f.ID != crc && testRules.d.inCRC(s.French[f.ID].Loc) {
			mate = f.ID
			break
		}
	}
	s = ref(t, s, "override track replacements 5")
	mustRefuse(t, s, French, "merge "+crc+" "+mate, "half strength")
	s = ref(t, s, "override unit "+mate+" steps 1")
	s = mustApply(t, s, French, "merge "+crc+" "+mate)
	if s.French[crc].Steps != 2 || s.French[mate].Loc != LocRemoved {
		t.Fatal("merge not applied")
	}
	mustRefuse(t, s, French, "rebuild "+mate+" H3", "not destroyed")
}

// 2: the VM decides first; if it passes France decides; if neither acts,
// strategic movement (3.3).
func TestRule_2_Decisions(t *testing.T) {
	s := advance(t, start(t, "full-battle"), PhaseVMDecide)
	mustRefuse(t, s, French, "operate", "not France's turn")
	x := mustApply(t, s, VM, "assault")
	if x.Phase != PhaseOperations || x.Acting != VM {
		t.Fatalf("%s %s", x.Phase, x.Acting)
	}
	s = mustApply(t, s, VM, "pass")
	y := mustApply(t, s, French, "operate")
	if y.Phase != PhaseOperations || y.Acting != French {
		t.Fatal("French operation")
	}
	s = mustApply(t, s, French, "pass")
	if s.Phase != PhaseVMMove {
		t.Fatalf("phase %s", s.Phase)
	}
}

// 3.3 strategic movement.
func TestRule_3_3_StrategicMovement(t *testing.T) {
	s := advance(t, start(t, "full-battle"), PhaseVMMove)
	bn := firstVMAt(s, "C", false)
	mustRefuse(t, s, VM, "move "+bn+" N", "zones with trenches or captured PAs")
	mustRefuse(t, s, VM, "move "+bn+" H6", "zones with trenches or captured PAs")
	x, ev := applyEv(t, s, VM, "move "+bn+" JZ4")
	if x.VM[bn].Loc != "JZ4" {
		t.Fatal("move not applied")
	}
	for _, e := range ev {
		if e.Audience.All && strings.Contains(e.Text, bn) {
			t.Fatalf("public event names the hidden battalion: %q", e.Text)
		}
	}
	mustRefuse(t, x, VM, "move "+bn+" JZ1", "already moved")
	s = mustApply(t, s, VM, "done")
	var crcUnit, gaUnit string
	for _, id := range sortedKeys(s.French) {
		loc := s.French[id].Loc
		if crcUnit == "" && testRules.d.inCRC(loc) {
			crcUnit = id
		}
		if gaUnit == "" && testRules.d.isPA(loc) && testRules.d.PAs[loc].CR == "Gabrielle" {
			gaUnit = id
		}
	}
	mustRefuse(t, s, French, "move "+crcUnit+" G1", "stay within the CRC")
	mustRefuse(t, s, French, "move "+crcUnit+" N", "not a PA")
	mustRefuse(t, s, French, "move "+gaUnit+" H1", "only within it")
	x = ref(t, s, "override control H1 vm")
	mustRefuse(t, x, French, "move "+crcUnit+" H1", "held by the enemy")
	pa, _ := encirclablePair(t)
	x = ref(t, s, "override trench "+pa+" 3")
	if s.French[crcUnit].Loc != pa {
		mustRefuse(t, x, French, "move "+crcUnit+" "+pa, "encircled")
	}
	s = mustApply(t, s, French, "move "+crcUnit+" EP1")
	if s.French[crcUnit].Loc != "EP1" {
		t.Fatal("French move not applied")
	}
}

// 8: siege fire, encircled PAs, strategic hills, Mount Baldy.
func TestRule_8_Attrition(t *testing.T) {
	d := testRules.d
	s := advance(t, start(t, "full-battle"), PhaseVMSiege)
	pa, q := encirclablePair(t)
	s = ref(t, s, "override control "+q+" vm")
	for _, id := range s.frenchAt(q) {
		s = ref(t, s, "override unit "+id+" at EP1")
	}
	s = ref(t, s, "override trench "+pa+" 3")
	s = ref(t, s, "override control D1 vm")
	for _, id := range s.frenchAt("D1") {
		s = ref(t, s, "override unit "+id+" at EP1")
	}
	baldy := ""
	for _, z := range d.ZoneOrder {
		if d.Zones[z].MountBaldy {
			baldy = z
		}
	}
	s = ref(t, s, "override trench "+baldy+" 3")
	mustRefuse(t, s, VM, "siege 99 crc", "barrage point")
	mustRefuse(t, s, VM, "siege 1 hanoi", "crc or on isabelle")
	m := s.VMMunitions
	s = mustApply(t, s, VM, "siege 2 isabelle")
	if s.VMMunitions != m-2 {
		t.Fatal("siege fire must spend munitions")
	}
	s = mustApply(t, s, VM, "done")
	if s.Phase != PhaseFrAttrition {
		t.Fatalf("phase %s", s.Phase)
	}
	// 2 siege + 1 encircled PA + 1 hill + 1 Mount Baldy.
	if len(s.Pending) != 5 {
		t.Fatalf("pending %+v", s.Pending)
	}
	// Siege fire on Isabelle: a unit there or a replacement point.
	inCRC := ""
	for _, id := range sortedKeys(s.French) {
		if d.inCRC(s.French[id].Loc) && s.French[id].Loc != pa {
			inCRC = id
			break
		}
	}
	mustRefuse(t, s, French, "lose "+inCRC, "cannot take this loss")
	rp := s.Replacements
	s = mustApply(t, s, French, "lose replacement")
	if s.Replacements != rp-1 {
		t.Fatal("replacement point not lost")
	}
	isa := s.frenchAt("I1")[0]
	steps := s.French[isa].Steps
	s = mustApply(t, s, French, "lose "+isa)
	if s.French[isa].Steps != steps-1 && s.French[isa].Loc != LocOut {
		t.Fatal("step not lost")
	}
	// Encircled PA: only units in it, never a replacement point.
	if s.Pending[0].Where != pa {
		t.Fatalf("next loss %+v", s.Pending[0])
	}
	mustRefuse(t, s, French, "lose replacement", "cannot be taken from replacement points")
	s = mustApply(t, s, French, "lose "+s.frenchAt(pa)[0])
	s = mustApply(t, s, French, "lose "+inCRC)
	s = mustApply(t, s, French, "lose replacement")
	if s.Phase != PhaseVMReorg || s.Turn != 2 {
		t.Fatalf("after attrition: %s turn %d", s.Phase, s.Turn)
	}
}

// 7: fatigue is removed at the end of the week.
func TestRule_7_FatigueRemoval(t *testing.T) {
	s := start(t, "full-battle")
	f := s.frenchAt("H3")[0]
	bn := firstVMAt(s, "C", false)
	s = ref(t, s, "override unit "+f+" status fatigued")
	s = ref(t, s, "override unit "+bn+" status fatigued")
	s = advance(t, s, PhaseVMSiege)
	if s.French[f].Fatigued || s.VM[bn].Fatigued {
		t.Fatal("fatigue not removed")
	}
}

// 1.5 and 9: immediate ends, and victory at the end of the scenario.
func TestRule_9_Victory(t *testing.T) {
	s := start(t, "full-battle")
	x := ref(t, s, "override track vm-losses 86")
	if x.Phase != PhaseOver || x.Winner != French {
		t.Fatal("86 VM losses must end the game for France (1.5)")
	}
	for i, pa := range testRules.d.PAOrder {
		if i == 33 {
			break
		}
		s = ref(t, s, "override control "+pa+" vm")
	}
	if s.Phase != PhaseOver || s.Winner != VM {
		t.Fatal("33 captured PAs must end the full battle for the VM (9.3)")
	}
	ia := start(t, "initial-assault")
	end := advance(t, ia, PhaseOver)
	if end.Winner != French {
		t.Fatal("no capture: France wins the initial assault")
	}
	for _, pa := range testRules.d.PAOrder[:10] {
		ia = ref(t, ia, "override control "+pa+" vm")
	}
	end = advance(t, ia, PhaseOver)
	if end.Winner != VM {
		t.Fatalf("ten captures with no losses: the VM wins (9.1): %s", end.Reason)
	}
	fh := start(t, "five-hills")
	if fh.Turn != 3 || fh.LastTurn != 4 {
		t.Fatalf("five hills turns %d-%d", fh.Turn, fh.LastTurn)
	}
	for _, pa := range []string{"D1", "D2", "E1", "E2", "E4", "H6"} {
		fh = ref(t, fh, "override control "+pa+" vm")
	}
	end = advance(t, fh, PhaseOver)
	if end.Winner != VM || end.Turn != 4 {
		t.Fatalf("six attrition points: %s wins on turn %d: %s", end.Winner, end.Turn, end.Reason)
	}
}

func anyText(ev []adjudicator.Event, sub string) bool {
	for _, e := range ev {
		if strings.Contains(e.Text, sub) {
			return true
		}
	}
	return false
}

func jsonOf(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func newRand(n uint64) *rand.Rand { return rand.New(rand.NewPCG(n, n)) }

// 0.1, 3.1 (issue 17): "On the third step loss, the VM battalion is
// destroyed. It may, however, be reconstituted as a whole unit and recover
// steps." A destroyed battalion may be set to reconstitute: on the track
// at zero steps, a step back each turn, held while still at -2 (H4), back
// in Jungle Zone 2 at -1 after two turns.
func TestRule_0_1_DestroyedBattalionReconstitutes(t *testing.T) {
	s := start(t, "full-battle")
	a := firstVMAt(s, "C", false)
	s = ref(t, s, "override unit "+a+" at out losses 3")
	s = ref(t, s, "override track trade-points 0")
	if !s.VM[a].destroyed() {
		t.Fatalf("%+v", *s.VM[a])
	}
	if o := legal(s, VM); !slices.Contains(o, "reconstitute "+a) {
		t.Fatalf("reconstitute %s not offered: %v", a, o)
	}
	ns, ev := applyEv2(t, s, VM, "reconstitute "+a, dice())
	for _, e := range ev {
		if e.Audience.All && strings.Contains(e.Text, a) {
			t.Fatalf("the public learns which battalion: %q", e.Text)
		}
	}
	s = ns
	if u := s.VM[a]; u.Loc != LocTrack || !u.Recover || u.Losses != 3 {
		t.Fatalf("on the track: %+v", *u)
	}
	s = mustApply(t, s, VM, "done")
	s = advance(t, s, PhaseVMReorg)
	if u := s.VM[a]; u.Loc != LocTrack || u.Losses != 2 {
		t.Fatalf("after one turn: %+v", *u)
	}
	s = mustApply(t, s, VM, "done")
	s = advance(t, s, PhaseVMReorg)
	if u := s.VM[a]; u.Losses != 1 {
		t.Fatalf("after two turns: %+v", *u)
	}
	s = mustApply(t, s, VM, "done")
	if u := s.VM[a]; u.Loc != testRules.d.Map.ReinforcementJungle || u.Losses != 1 {
		t.Fatalf("returned: %+v", *u)
	}
	// A battalion not in the scenario (out, no loss) is not destroyed.
	x := start(t, "initial-assault")
	for id, u := range x.VM {
		if u.Loc == LocOut && !u.Dummy {
			mustRefuse(t, x, VM, "reconstitute "+id, "not on the map")
			break
		}
	}
}

// 3.1, 8 (issue 17, ruling H50): "This encirclement is only valid for PAs
// on the west side of the Nam Youm: Claudine, Huguette, Lilie, Epervier,
// Opera, Francoise, and Junon". Epervier, Opera and Junon are one-PA CRs,
// so the VM PA joined to one may be in any zone: with H1 (Huguette) held,
// the VM digs around EP1, and a level-3 trench there is an encirclement.
func TestRule_3_1_OnePACRsCanBeEncircled(t *testing.T) {
	s := advance(t, start(t, "full-battle"), PhaseVMEntrench)
	mustRefuse(t, s, VM, "dig EP1", "ruling H50")
	s = ref(t, s, "override control H1 vm")
	s = ref(t, s, "override unit "+firstVMAt(s, "C", false)+" at H1")
	s = mustApply(t, s, VM, "dig EP1 3")
	if s.Trench["EP1"] != 3 || !s.encircled(testRules.d, "EP1") || !s.vmLinkedPA(testRules.d, "EP1", false) {
		t.Fatalf("EP1 trench %d, encircled %v", s.Trench["EP1"], s.encircled(testRules.d, "EP1"))
	}
}
