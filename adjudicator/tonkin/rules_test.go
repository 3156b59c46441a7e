package tonkin

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/umpirebot/umpire/adjudicator"
)

func rules(t testing.TB) *Rules {
	t.Helper()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return New(d)
}

func setup(t testing.TB, r *Rules, id string) *State {
	t.Helper()
	s, err := r.Setup(id, nil)
	if err != nil {
		t.Fatalf("setup %s: %v", id, err)
	}
	// the tests of the rules of play start at the first movement phase,
	// past the first turn's replacements phases and their dice (RULINGS
	// T66; TestRule1_0_FirstTurnHasItsReplacementsAndSupply plays them)
	st := s.(*State)
	st.Pending, st.Phase = false, PhaseMove1
	return st
}

var viewers = []struct {
	name string
	v    adjudicator.Viewer
}{
	{"public", adjudicator.Public},
	{"fef", adjudicator.ViewerOf(FEF)},
	{"vm", adjudicator.ViewerOf(VM)},
	{"referee", adjudicator.Viewer{Referee: true}},
}

// Basics, Setup and Scenarios: every scenario and campaign sets up from
// the data: its units on their hexes, garrisons, the VM-friendly urban
// areas, the markers where the scenario and the Setup paragraph put them,
// a sunny first turn with the VM first (2.0).
func TestBasics_SetupEveryScenario(t *testing.T) {
	r := rules(t)
	info := r.Info()
	if info.ID != "tonkin" || !info.HasSide(FEF) || !info.HasSide(VM) || len(info.Sides) != 2 {
		t.Fatalf("info %+v", info)
	}
	if len(info.Scenarios) != 4+6 {
		t.Errorf("%d scenarios, want the 4 years and 6 campaigns", len(info.Scenarios))
	}
	for _, sc := range info.Scenarios {
		t.Run(sc.ID, func(t *testing.T) {
			s := setup(t, r, sc.ID)
			first, final, err := r.scenarios(sc.ID)
			if err != nil {
				t.Fatal(err)
			}
			if s.Turn != 1 || s.Month != first.Start || s.Last != final.End || !strings.HasSuffix(s.Last, "-08") {
				t.Errorf("turn %d %s to %s", s.Turn, s.Month, s.Last)
			}
			if s.Weather != "sun" || s.First != VM || s.Phase != PhaseMove1 {
				t.Errorf("2.0: first turn sunny, VM first; got %q %q %q", s.Weather, s.First, s.Phase)
			}
			if s.VP != first.VictoryPoints || s.VMLevel != final.VMVictoryLevel || s.Montagnard != first.Montagnard {
				t.Errorf("scale: vp %d level %d montagnard %d", s.VP, s.VMLevel, s.Montagnard)
			}
			// Basics, Setup: operation points, VM replacements and equipment
			// at 0; transports on their rightmost symbol.
			if s.OpsFEF != 0 || s.OpsVM != 0 || s.VMRepl != 0 || s.VMEquipH != 0 {
				t.Errorf("markers not at 0: %+v", s)
			}
			if s.VMFoot != 2 || s.FEFStrikes != 6 || s.FEFAir < 1 || s.FEFTrucks < 1 {
				t.Errorf("transports: foot %d strikes %d air %d trucks %d", s.VMFoot, s.FEFStrikes, s.FEFAir, s.FEFTrucks)
			}
			// every set-up entry is a unit on its hex, no more, no less
			want := map[string]int{}
			count := func(list []Setup) {
				for _, st := range list {
					for _, u := range st.Units {
						n := 1
						if m := unitRe.FindStringSubmatch(u); m != nil && m[1] != "" {
							fmt.Sscan(m[1], &n)
						}
						want[st.Hex] += n
					}
				}
			}
			count(first.FEF)
			count(first.VM)
			count(first.GCMA)
			got := map[string]int{}
			for i, u := range s.Units {
				got[u.Loc]++
				if i > 0 && s.Units[i-1].ID >= u.ID {
					t.Errorf("units not sorted at %s", u.ID)
				}
				typ := r.types[u.Type]
				if u.Hidden != typ.Hidden {
					t.Errorf("%s hidden %v (Basics, Counters: VM-groups, Pathet Lao and dummies set up hidden)", u.ID, u.Hidden)
				}
				if u.Steps < 1 && typ.Steps > 0 {
					t.Errorf("%s has %d steps", u.ID, u.Steps)
				}
			}
			if !maps(want, got) {
				t.Errorf("units per hex %v, set-up %v", got, want)
			}
			// garrisons: every urban area with one, but those plus de garnison
			for _, u := range r.d.Map.Urban {
				has := slices.Contains(s.Garrisons, u.Name)
				if has != (u.Garrison && !slices.Contains(first.NoGarrison, u.Name)) {
					t.Errorf("garrison at %s: %v", u.Name, has)
				}
			}
			if !slices.Equal(s.VMFriendly, sortedCopy(first.VMFriendly)) {
				t.Errorf("VM-friendly %v", s.VMFriendly)
			}
			// the tracks are in the status lines (/game status)
			st := strings.Join(r.View(s, adjudicator.Public).Status, "\n")
			for _, w := range []string{"Operation/Victory scale: victory points " + fmt.Sprint(s.VP), "VM victory level " + fmt.Sprint(s.VMLevel),
				"montagnard marker", "operation points FEF 0, VM 0", "VM: replacements 0", "foot transports 2", "FEF: air transports",
				"airstrikes 6", "Weather: sunny", MonthName(s.Month), "Standby zone", "Saigon zone", "Phase: 1st player movement (5.0): the VM"} {
				if !strings.Contains(st, w) {
					t.Errorf("status lacks %q:\n%s", w, st)
				}
			}
		})
	}
}

func maps(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// 6.13: a counter's face after losses: FEF flipped; VM "-1" marker, then
// (regiments) flipped and marked again; never below strength 1, morale 0.
func TestSection6_13_StepFaces(t *testing.T) {
	r := rules(t)
	for _, c := range []struct {
		typ, id string
		steps   int
		want    Values
	}{
		{"BEP", "1 BEP", 2, Values{Str: 4, Mor: 5, Stack: 1}},
		{"BEP", "1 BEP", 1, Values{Str: 2, Mor: 4, Stack: 1, Flipped: true}},
		{"REG", "308/88", 4, Values{Str: 6, Mor: 5, Stack: 4}},
		{"REG", "308/88", 3, Values{Str: 5, Mor: 4, Stack: 3, Minus: true}},
		{"REG", "308/88", 2, Values{Str: 3, Mor: 3, Stack: 2, Flipped: true}},
		{"REG", "308/88", 1, Values{Str: 2, Mor: 2, Stack: 1, Flipped: true, Minus: true}},
		{"VMG", "VMG 1", 1, Values{Str: 1, Mor: 1, Stack: 1, Minus: true}},
	} {
		if got := r.valuesAt(r.types[c.typ], c.id, c.steps); got != c.want {
			t.Errorf("%s with %d steps: %+v, want %+v", c.id, c.steps, got, c.want)
		}
	}
	// a set-up's values say which side is up
	if st, err := r.stepsFor(r.types["REG"], "304/9", 3, 3); err != nil || st != 2 {
		t.Errorf("304/9 (3-3): %d steps, %v", st, err)
	}
	if _, err := r.stepsFor(r.types["BEP"], "1 BEP", 3, 5); err == nil {
		t.Error("1 BEP (358): accepted values on no side of the counter")
	}
}

// hiddenIDs lists what the FEF and the public may not learn: the ids of
// hidden counters and of VM units in forest stacks.
func hiddenIDs(r *Rules, s *State) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side == VM && (u.Hidden || r.Opaque(u.Loc)) {
			out = append(out, u.ID)
		}
	}
	return out
}

// Basics, Counters and Stacking: the public and the FEF see hidden
// VM-groups, Pathet Lao and dummies only as hidden counters, and VM
// stacks in forest only as a count; the VM and the referee see all.
// Checked on the marshalled view (board and status lines): no hidden
// identity, type or value is in it.
func TestBasics_ViewRedaction(t *testing.T) {
	r := rules(t)
	for _, sc := range r.d.Scenarios.Scenario {
		s := setup(t, r, sc.ID)
		secret := hiddenIDs(r, s)
		if len(secret) == 0 {
			t.Fatalf("%s: nothing hidden", sc.ID)
		}
		for _, vw := range viewers {
			v := r.View(s, vw.v)
			raw, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			b := v.Board.(BoardView)
			closed := !seesVM(vw.v)
			for _, id := range secret {
				in := bytes.Contains(raw, []byte(`"id":"`+id+`"`)) || regexp.MustCompile(`\b`+regexp.QuoteMeta(id)+`\b`).Match([]byte(strings.Join(v.Status, "\n")))
				if closed && in {
					t.Errorf("%s %s view names %s", sc.ID, vw.name, id)
				}
				if !closed && !bytes.Contains(raw, []byte(`"id":"`+id+`"`)) {
					t.Errorf("%s %s view lacks %s", sc.ID, vw.name, id)
				}
			}
			if closed {
				for _, typ := range []string{"VMG", "PL", "DUMMY"} {
					if bytes.Contains(raw, []byte(`"type":"`+typ+`"`)) {
						t.Errorf("%s %s view shows a %s", sc.ID, vw.name, typ)
					}
				}
			}
			opaque, hidden := 0, 0
			for _, st := range b.Stacks {
				if st.Opaque {
					opaque++
					if !closed || len(st.Counters) != 0 || st.Count == 0 || st.Side != VM || !r.Opaque(st.Hex) {
						t.Errorf("%s %s: opaque stack %+v", sc.ID, vw.name, st)
					}
				}
				for _, c := range st.Counters {
					if c.Kind == "hidden" {
						hidden += c.Count
						if (c != Counter{Side: VM, Kind: "hidden", Count: c.Count}) {
							t.Errorf("%s %s: a hidden counter carries more than a count: %+v", sc.ID, vw.name, c)
						}
					}
				}
			}
			if closed && (opaque == 0 || hidden == 0) {
				t.Errorf("%s %s: %d opaque stacks, %d hidden counters", sc.ID, vw.name, opaque, hidden)
			}
			if !closed && (opaque != 0 || hidden != 0) {
				t.Errorf("%s %s sees %d opaque stacks, %d hidden counters", sc.ID, vw.name, opaque, hidden)
			}
		}
	}
}

// DESIGN invariant 1 (non-interference): two states that differ only in
// what the FEF and the public may not see give them byte-identical views.
func TestBasics_ViewNonInterference(t *testing.T) {
	r := rules(t)
	base := setup(t, r, "1953")
	clone := func() *State {
		b, _ := base.Encode()
		s, err := r.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		return s.(*State)
	}
	// a hidden VM-group that is a dummy instead
	a, b := clone(), clone()
	var grp *Unit
	for _, u := range b.Units {
		if u.Type == "VMG" && !r.Opaque(u.Loc) {
			grp = u
			break
		}
	}
	if grp == nil {
		t.Fatal("no VM-group outside forest")
	}
	grp.Type, grp.Steps = "DUMMY", 0
	// two regiments of a forest stack swapping hexes with each other
	var inForest []*Unit
	for _, u := range a.Units {
		if u.Side == VM && u.Type == "REG" && r.Opaque(u.Loc) {
			inForest = append(inForest, u)
		}
	}
	c := clone()
	swapped := false
	for i := 1; i < len(inForest) && !swapped; i++ {
		if inForest[i].Loc != inForest[0].Loc {
			x, y := c.unit(inForest[0].ID), c.unit(inForest[i].ID)
			x.Loc, y.Loc = y.Loc, x.Loc
			x.Steps = 2 // and a loss nobody outside saw
			swapped = true
		}
	}
	if !swapped {
		t.Fatal("no two regiments in different forest stacks")
	}
	for _, other := range []*State{b, c} {
		for _, vw := range viewers {
			ja, _ := json.Marshal(r.View(a, vw.v))
			jb, _ := json.Marshal(r.View(other, vw.v))
			same := bytes.Equal(ja, jb)
			if !seesVM(vw.v) && !same {
				t.Errorf("%s view differs between states that differ only in hidden VM facts", vw.name)
			}
			if seesVM(vw.v) && same {
				t.Errorf("%s view does not show the difference", vw.name)
			}
		}
	}
}

// Snapshots: Decode(Encode(s)) is s, byte for byte, for every scenario;
// a state of another shape or naming what the data does not know is
// refused.
func TestEncodeDecodeRoundTrip(t *testing.T) {
	r := rules(t)
	for _, sc := range r.Info().Scenarios {
		s := setup(t, r, sc.ID)
		b1, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		d, err := r.Decode(b1)
		if err != nil {
			t.Fatalf("%s: %v", sc.ID, err)
		}
		b2, _ := d.Encode()
		if !bytes.Equal(b1, b2) {
			t.Errorf("%s: the round trip changed the state", sc.ID)
		}
		s2 := setup(t, r, sc.ID)
		b3, _ := s2.Encode()
		if !bytes.Equal(b1, b3) {
			t.Errorf("%s: two set-ups encode differently", sc.ID)
		}
	}
	good, _ := setup(t, r, "1950").Encode()
	for name, bad := range map[string]string{
		"unknown field":    strings.Replace(string(good), `"turn":1`, `"turn":1,"extra":2`, 1),
		"unknown scenario": strings.Replace(string(good), `"scenario":"1950"`, `"scenario":"1949"`, 1),
		"unknown hex":      strings.Replace(string(good), `"loc":"0919"`, `"loc":"9999"`, 1),
		"unknown type":     strings.Replace(string(good), `"type":"BEP"`, `"type":"XXX"`, 1),
		"trailing data":    string(good) + "{}",
	} {
		if bad == string(good) {
			t.Fatalf("%s: the mutation did nothing", name)
		}
		if _, err := r.Decode([]byte(bad)); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}

// 2.0: the first turn of every scenario is the VM's first, and sunny: the
// game opens on the VM's movement phase; an order by the FEF now, or an
// unknown one, is refused saying why and what is legal, and changes
// nothing.
func TestSection2_0_FirstTurnPrompt(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1951")
	p := r.Prompt(s)
	if !p.Awaits(VM) || p.Over || p.Default != "done" || !strings.Contains(p.Phase, "November 1951") || !strings.Contains(p.Phase, "1st player movement (5.0): the VM") {
		t.Errorf("prompt %+v", p)
	}
	if l := r.Legal(s, FEF); len(l) != 1 || l[0].Word != "standing" {
		t.Errorf("fef: legal %v, want only its standing orders (RULINGS T22)", l)
	}
	before, _ := s.Encode()
	for _, c := range []struct {
		side  adjudicator.Side
		order string
		want  string
	}{
		{FEF, " done ", "it is not the FEF's turn to order"},
		{VM, "airstrike 1205", `"airstrike" is not an order in 1st player movement (5.0): the VM; the orders now are: ` + "`move`, `truck`, `foot`, `done`"},
		{VM, "done now", "`done` takes nothing after it"},
		{adjudicator.Referee, "done", "usage: override unit"}, // a moderator's order is an override (RULINGS T81)
		{VM, "   ", "empty order"},
	} {
		ns, evs, err := r.Apply(s, c.side, c.order, nil)
		var oe *adjudicator.OrderError
		if ns != nil || evs != nil || !errors.As(err, &oe) || oe.Order != strings.TrimSpace(c.order) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: apply gave %v %v %v", c.side, c.order, ns, evs, err)
		}
	}
	after, _ := s.Encode()
	if !bytes.Equal(before, after) {
		t.Error("a refused order changed the state")
	}
}

// Basics, Scenarios: a campaign starts with its first scenario's set-up
// and ends at the end of its last; that scenario's VM victory level
// decides the marginal victory.
func TestBasics_Campaign(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1950-1953")
	b := r.View(s, adjudicator.Public).Board.(BoardView)
	if s.Scenario != "1950" || s.Final != "1953" || s.Last != "1954-08" || b.Turns != 47 || s.VMLevel != r.scenario["1953"].VMVictoryLevel || s.VP != r.scenario["1950"].VictoryPoints {
		t.Errorf("campaign: %+v, %d turns", s, b.Turns)
	}
	for _, id := range []string{"1953-1950", "1950-1950", "1950-", "1949", ""} {
		if _, err := r.Setup(id, nil); err == nil || !strings.Contains(err.Error(), "scenarios are 1950, 1951") {
			t.Errorf("scenario %q: %v", id, err)
		}
	}
}

// The registry: Tonkin registers itself; an operator's directory is read
// from its tonkin/ subdirectory over the embedded files, with faults
// naming the operator's path and line; a directory without tonkin/
// leaves the embedded data, and one holding what is not a title's
// subdirectory is refused.
func TestRegistry_OperatorData(t *testing.T) {
	if !slices.Contains(adjudicator.TitleIDs(), "tonkin") {
		t.Fatal("tonkin is not registered")
	}
	charts := string(files(t)["charts.toml"].Data)
	changed := strings.Replace(charts, "max_airstrikes = 6", "max_airstrikes = 5", 1)
	if changed == charts {
		t.Fatal("charts.toml changed shape")
	}
	ts, err := adjudicator.LoadTitles(fstest.MapFS{"tonkin/charts.toml": {Data: []byte(changed)}}, "ops")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := ts["tonkin"].Setup("1950", nil)
	if got := s.(*State).FEFStrikes; got != 5 {
		t.Errorf("the operator's charts.toml was not read: %d airstrikes", got)
	}
	broken := strings.Replace(charts, "[weather]\nprovenance = \"reconstructed\"", "[weather]\nprovenance = \"guessed\"", 1)
	_, err = adjudicator.LoadTitles(fstest.MapFS{"tonkin/charts.toml": {Data: []byte(broken)}}, "ops")
	if err == nil || !strings.Contains(err.Error(), "ops/tonkin/charts.toml:10:") {
		t.Errorf("a broken operator file: %v", err)
	}
	ts, err = adjudicator.LoadTitles(fstest.MapFS{".git/config": {Data: []byte("x = 1")}}, "ops")
	if err != nil {
		t.Fatalf("a directory without tonkin/: %v", err)
	}
	if _, err := adjudicator.LoadTitles(fstest.MapFS{"tonkn/charts.toml": {Data: []byte(changed)}}, "ops"); err == nil || !strings.Contains(err.Error(), "tonkn/ is not a title") {
		t.Errorf("a misspelt title directory: %v", err)
	}
	if ts["tonkin"].Info().ID != "tonkin" {
		t.Fatal("no tonkin")
	}
}

// Basics, Scenarios and 4.1 (RULINGS T13, T40): every reconstructed
// set-up's list of VM-friendly urban areas agrees with 4.1, so the first
// supply check changes no urban area and no victory point.
func TestBasics_SetupAgreesWithRule4_1(t *testing.T) {
	r := rules(t)
	for _, sc := range []string{"1950", "1951", "1952", "1953"} {
		s := setup(t, r, sc)
		vp, m := s.VP, s.Montagnard
		ev := &events{}
		r.friendliness(s, ev)
		if s.VP != vp || s.Montagnard != m || len(ev.list) != 0 {
			var txt []string
			for _, e := range ev.list {
				txt = append(txt, e.Text)
			}
			t.Errorf("%s: 4.1 at the start moves victory points %d -> %d, montagnard %d -> %d:\n%s", sc, vp, s.VP, m, s.Montagnard, strings.Join(txt, "\n"))
		}
	}
}
