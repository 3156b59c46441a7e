package tonkin

import (
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// mod applies a moderator's override that must be accepted and returns
// what the FEF and the public hear, and what the VM hears.
func mod(t *testing.T, r *Rules, s *State, text string) (*State, string, string) {
	t.Helper()
	return pub(t, r, s, string(adjudicator.Referee), text)
}

// RULINGS T80, T81: each kind of override does what it says, is announced
// and changes nothing else.
func TestRulingT81_OverrideKinds(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1953")
	// a unit placed (the FEF's: open to all)
	ns, f, _ := mod(t, r, s, "override unit 10_RAC at 1203 desorg yes trench yes")
	if u := ns.unit("10 RAC"); u.Loc != "1203" || !u.Desorg || !u.Trench || !strings.Contains(f, "Moderator override: 10 RAC at 1203, desorg yes, trench yes.") {
		t.Errorf("unit placed: %+v %q", u, f)
	}
	// removed to the dead box, stepped back on the map at full strength
	ns, _, _ = mod(t, r, ns, "override unit 10_RAC at dead")
	if u := ns.unit("10 RAC"); u.Loc != LocDead || u.Desorg || u.Trench {
		t.Errorf("unit removed: %+v", u)
	}
	ns, _, _ = mod(t, r, ns, "override unit 316/98 steps 2")
	if u := ns.unit("316/98"); u.Steps != 2 {
		t.Errorf("unit stepped: %+v", u)
	}
	// a hidden counter in the open revealed, then hidden again
	var open *Unit
	for _, u := range ns.Units {
		if u.Hidden && onMap(u.Loc) && !r.Opaque(u.Loc) && u.Type == "VMG" {
			open = u
			break
		}
	}
	if open == nil {
		t.Fatal("no hidden VM-group in the open in 1953")
	}
	tok := token(open.ID)
	ns, f, _ = mod(t, r, ns, "override unit "+tok+" revealed")
	if ns.unit(open.ID).Hidden || !strings.Contains(f, open.ID+" revealed") {
		t.Errorf("revealed: %q", f)
	}
	ns, _, _ = mod(t, r, ns, "override unit "+tok+" hidden")
	if !ns.unit(open.ID).Hidden {
		t.Error("not hidden again")
	}
	ns, _, _ = mod(t, r, ns, "override unit "+tok+" flip")
	if ns.unit(open.ID).Hidden {
		t.Error("flip did not turn the hidden counter face up")
	}
	ns, _, _ = mod(t, r, ns, "override unit "+tok+" flip")
	ns, f, v := mod(t, r, ns, "override unit HO_1 flip") // in a closed stack: the VM hears it (RULINGS T80)
	if !ns.unit(open.ID).Hidden || !ns.unit("HO 1").Giap || !strings.Contains(v, "HO 1 flipped to Giap") || strings.Contains(f, "HO") {
		t.Errorf("flip: %q / %q", f, v)
	}
	// tracks, weather, initiative, a town, a road marker
	for _, c := range []struct {
		order string
		ok    func(*State) bool
	}{
		{"override track vp 50", func(s *State) bool { return s.VP == 50 }},
		{"override track vm-equipment 5", func(s *State) bool { return s.VMEquipH == 5 }},
		{"override track vm-replacements 4", func(s *State) bool { return s.VMRepl == 4 }},
		{"override track vm-dumps 1", func(s *State) bool { return s.VMDumpsFree == 1 }},
		{"override track ops-fef 7", func(s *State) bool { return s.OpsFEF == 7 }},
		{"override track fef-air 3", func(s *State) bool { return s.FEFAir == 3 }},
		{"override weather rain", func(s *State) bool { return s.Weather == "rain" }},
		{"override initiative fef", func(s *State) bool { return s.First == FEF }},
		{"override town Dien_Bien_Phu vm", func(s *State) bool { return slices.Contains(s.VMFriendly, "Dien Bien Phu") }},
		{"override town 1203 fef", func(s *State) bool { return !slices.Contains(s.VMFriendly, "Dien Bien Phu") }},
		{"override road 0919 desorg", func(s *State) bool { return slices.Contains(s.Interdicted, "0919") }},
		{"override road 0919 clear", func(s *State) bool { return !slices.Contains(s.Interdicted, "0919") }},
	} {
		var f string
		ns, f, _ = mod(t, r, ns, c.order)
		if !c.ok(ns) || !strings.HasPrefix(f, "Moderator override: ") {
			t.Errorf("%q: not applied or not announced: %q", c.order, f)
		}
	}
	// the legal tree of the moderator lists every kind
	var words []string
	for _, c := range r.Legal(ns, adjudicator.Referee) {
		for _, n := range c.Next {
			words = append(words, n.Word)
		}
	}
	if !slices.Equal(words, []string{"unit", "track", "weather", "initiative", "town", "road"}) {
		t.Errorf("the moderator's /help lists %v", words)
	}
}

// RULINGS T81: a malformed override is refused with what was wrong and
// what would be legal, and changes nothing.
func TestRulingT81_OverrideRefusals(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1953")
	before := string(viewJSON(r, s, adjudicator.Viewer{Referee: true}))
	for order, want := range map[string]string{
		"override":                           "usage: override unit",
		"override frobnicate 1":              "unknown override",
		"override unit NOBODY at 1203":       "is not a unit of this game",
		"override unit 10_RAC":               "usage: override unit",
		"override unit 10_RAC at":            "at needs a value",
		"override unit 10_RAC at 9999":       "is not a hex of the map or one of the FEF's boxes",
		"override unit 316/98 at standby":    "is not a hex of the map or one of the VM's boxes",
		"override unit 316/98 at 1203":       "may not stand with the enemy at 1203",
		"override unit 316/98 steps 9":       "steps is a whole number from 0 to 4",
		"override unit 316/98 steps 0":       "`at dead`",
		"override unit HO_1 steps 1":         "HO 1 has no steps",
		"override unit 316/98 hidden":        "only VM-groups, Pathet Lao and dummies have a hidden side",
		"override unit 316/98 flip":          "reduced side is its steps",
		"override unit HO_1 desorg yes":      "takes no Desorg marker",
		"override unit DUMMY_1 trench yes":   "takes no trench marker",
		"override unit 316/98 desorg maybe":  "desorg is yes or no",
		"override unit 316/98 colour red":    "a unit takes at, steps",
		"override track vp":                  "usage: override track",
		"override track vp lots":             "vp is a whole number from 0 to 100",
		"override track vp -1":               "vp is a whole number",
		"override track gold 3":              "unknown track \"gold\"; tracks: vp",
		"override weather snow":              "the weather is sunny or rain",
		"override initiative china":          "usage: override initiative fef|vm",
		"override town Atlantis vm":          "is not an urban area of the map",
		"override town Hanoi china":          "friendly to vm or fef",
		"override road 9999 desorg":          "is not a hex of the map",
		"override road 0919 maybe":           "desorg or removed with clear",
		"override unit 316/98 at 1305 steps": "steps needs a value",
	} {
		d := dice{}
		ns, _, err := r.Apply(s, adjudicator.Referee, order, &d)
		if err == nil || ns != nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: want a refusal saying %q, got %v", order, want, err)
		}
	}
	if string(viewJSON(r, s, adjudicator.Viewer{Referee: true})) != before {
		t.Error("a refused override changed the game")
	}
	// a player may not override
	d := dice{}
	if _, _, err := r.Apply(s, VM, "override track vp 0", &d); err == nil {
		t.Error("the VM's override was taken")
	}
}

// RULINGS T80, T16, T15: an override on a counter the FEF cannot see tells
// the FEF and the public nothing the rules hide: twin overrides on
// different counters of closed stacks or hidden ones give the same FEF
// events and views; the VM hears which.
func TestRulingT80_OverrideRedactionTwins(t *testing.T) {
	r := rules(t)
	site := findLeakSite(t, r, leakState(t, r, leakSite{"1203", "1203", "1203"}, nil, answered))
	type pair struct{ a, b string }
	for _, p := range []pair{
		{"override unit 304/57 steps 2", "override unit 304/66 steps 3"},
		{"override unit 304/57 desorg yes", "override unit HO_1 at " + site.closed},
		{"override unit PL_1 revealed", "override unit VMG_1 steps 1"},
		{"override unit 304/57 at " + site.far, "override unit HO_1 at " + site.far},
		{"override unit DUMMY_1 at " + site.far, "override unit VM_DR_1 at " + site.far},
	} {
		var fs, views []string
		var vms []string
		for _, o := range []string{p.a, p.b} {
			s := leakState(t, r, site, []string{"304/57", "HO 1", "PL 1", "DUMMY 1"}, answered)
			s.unit("304/66").Loc, s.unit("VMG 1").Loc, s.unit("VM DR 1").Loc = site.closed, site.closed, site.closed
			ns, f, v := mod(t, r, s, o)
			fs = append(fs, f)
			vms = append(vms, v)
			views = append(views, fefReads(r, ns))
		}
		if fs[0] != fs[1] || strings.Contains(fs[0], "304") || strings.Contains(fs[0], "HO") {
			t.Errorf("%q / %q: the FEF hears them apart or hears a name:\n%s\n---\n%s", p.a, p.b, fs[0], fs[1])
		}
		if views[0] != views[1] {
			t.Errorf("%q / %q: the FEF's views differ:\n%s", p.a, p.b, firstDiff(views[0], views[1]))
		}
		if vms[0] == vms[1] || !strings.Contains(vms[0], "Moderator override: ") {
			t.Errorf("%q / %q: the VM is not told which: %q", p.a, p.b, vms[0])
		}
	}
	// a counter sent to the open dead box is named (6.15, RULINGS T27)
	s := leakState(t, r, site, []string{"304/57", "HO 1"}, answered)
	_, f, _ := mod(t, r, s, "override unit 304/57 at dead")
	if !strings.Contains(f, "304/57") {
		t.Errorf("a counter sent to the dead box: %q", f)
	}
}
