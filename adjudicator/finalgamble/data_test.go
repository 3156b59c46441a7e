package finalgamble

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/umpirebot/umpire/adjudicator/dataload"
	"github.com/umpirebot/umpire/adjudicator/hexgrid"
)

func mustDefault(t testing.TB) *Data {
	t.Helper()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// files is the embedded data as a MapFS, to break one file at a time.
func files(t testing.TB) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	for _, f := range Files {
		b, err := fs.ReadFile(embedded, "data/"+f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = &fstest.MapFile{Data: b}
	}
	return out
}

// lineOf is the 1-based line of the first occurrence of s in text.
func lineOf(t *testing.T, text, s string) int {
	t.Helper()
	i := strings.Index(text, s)
	if i < 0 {
		t.Fatalf("%q not in the file", s)
	}
	return strings.Count(text[:i], "\n") + 1
}

// Issue 26, item 8: one mistake in one file is refused naming the file,
// the line and the field, and saying what would be right.
func TestOneMistakeIsRefusedWithFileLineAndField(t *testing.T) {
	cases := []struct {
		name, file, old, new string
		at                   string // the text whose line the fault names
		field, msg           string
	}{
		{"1.4-A a strongpoint of two hexes apart", "map.toml", `code = "H3"
name = "Huguette 3"
hexes = ["1510", "1509"]`, `code = "H3"
name = "Huguette 3"
hexes = ["1510", "1507"]`, `hexes = ["1510", "1507"]`, "hexes", "do not touch"},
		{"1.4-A a strongpoint of five hexes", "map.toml", `hexes = ["1118", "1117", "1217", "1017"]`, `hexes = ["1118", "1117", "1217", "1017", "1016"]`, `hexes = ["1118", "1117", "1217", "1017", "1016"]`, "hexes", "one to four hexes"},
		{"a river hexside between hexes apart", "map.toml", `river = [
  "`, `river = [
  "0101/0103", "`, `"0101/0103"`, "river[0]", "is not a hexside"},
		{"1.3-F an arrow to no box", "boxes.toml", `from = "Laos 1"
to = "Laos 2"`, `from = "Laos 1"
to = "Laos 3"`, `to = "Laos 3"`, "to", `"Laos 3" is no box`},
		{"1.3-F an arrow of no colour", "boxes.toml", `to = "Laos 1"
color = "blue"`, `to = "Laos 1"
color = "green"`, `color = "green"`, "color", "blue (France only), red (VM only) or gray"},
		{"a track's start off the track", "tracks.toml", `start = { A = 40, B = 28, C = 22, D = 16 }`, `start = { A = 140, B = 28, C = 22, D = 16 }`, `start = { A = 140`, "start", "off the track"},
		{"1.4-F the Strongpoints Track against the map", "tracks.toml", `start = { A = 50, B = 40, C = 31, D = 23 }`, `start = { A = 50, B = 41, C = 31, D = 23 }`, `start = { A = 50, B = 41`, "start", "France holds 54 points at DBP (less the deficit 14: 40)"},
		{"1.6 a fourth French unit in a hex", "scenarios.toml", `"ThaiA" = ["H5", "H6", "H7", "FRA"]`, `"ThaiA" = ["H5", "H5", "H5", "H5"]`, `"ThaiA" = ["H5", "H5", "H5", "H5"]`, "ThaiA[3]", "no room at H5"},
		{"9.0-C a unit in a strongpoint the VM holds", "scenarios.toml", `[scenario.B.french]
"1/2REI" = ["C1",`, `[scenario.B.french]
"1/2REI" = ["GAB",`, `"1/2REI" = ["GAB",`, "1/2REI[0]", "GAB is the VM's in scenario B"},
		{"9.0-C a Setup Section of the wrong size", "scenarios.toml", `"RICM" = ["D2"]`, `"RICM" = ["D2", "D2"]`, `"RICM" = ["D2", "D2"]`, "RICM", "2 entries for 1 counters"},
		{"1.4-B a Dig Zone not next to the Trench Zones", "scenarios.toml", `dig = { 308 = 5 }`, `dig = { 308 = 6 }`, `dig = { 308 = 6 }`, "dig", "the Dig Zone is the zone after"},
		{"1.7-A a VM reduced strength not above Disorg's", "units.toml", `strength = [8, 6]`, `strength = [8, 5]`, `strength = [8, 5]`, "strength", "above Disorg's 5"},
		{"3.5-C a result the table has not", "charts.toml", `["surprise", "normal", "normal", "loss", "loss_hesitate", "loss_abort"],`, `["surprise", "normal", "normal", "loss", "rout", "loss_abort"],`, `"rout"`, "columns[0][4]", `"rout": the results are`},
		{"5.4 a third white slot", "charts.toml", `[{ white = true }, { white = true }, {}, {}`, `[{ white = true }, { white = true }, { white = true }, {}`, `slots = [`, "slots", "5.4 has two white"},
		{"a provenance missing", "units.toml", `provenance = "reconstructed"`, `provenance = "guessed"`, `provenance = "guessed"`, "provenance", `want "rulebook" or "reconstructed"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fsys := files(t)
			text := string(fsys[tc.file].Data)
			if !strings.Contains(text, tc.old) {
				t.Fatalf("%s has no %q", tc.file, tc.old)
			}
			text = strings.Replace(text, tc.old, tc.new, 1)
			fsys[tc.file] = &fstest.MapFile{Data: []byte(text)}
			_, err := LoadFS(fsys)
			var es dataload.Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("the broken file loads: %v", err)
			}
			want := lineOf(t, text, tc.at)
			for _, e := range es {
				if e.File == tc.file && e.Line == want && strings.Contains(e.Field, tc.field) && strings.Contains(e.Msg, tc.msg) {
					return
				}
			}
			t.Errorf("want %s:%d field %s %q; got:\n%v", tc.file, want, tc.field, tc.msg, err)
		})
	}
}

// 1.4-A, 1.4-F: every strongpoint is one to four touching hexes, worth its
// hexes; codes are unique across DBP and Isabelle; the strongpoints the
// text and the issue name are all there.
func TestStrongpoints_1_4(t *testing.T) {
	d := mustDefault(t)
	seen := map[string]bool{}
	for _, m := range []*SubMap{&d.Map.DBP, &d.Map.Isabelle} {
		for _, sp := range m.Strongs {
			if seen[sp.Code] {
				t.Errorf("%s twice", sp.Code)
			}
			seen[sp.Code] = true
			if n := sp.Points(); n < 1 || n > 4 {
				t.Errorf("%s: %d hexes", sp.Code, n)
			}
			var hs []hexgrid.Hex
			for _, id := range sp.Hexes {
				h := m.Hex(id)
				hs = append(hs, hexgrid.Hex{Row: h.Row, Col: h.Col})
				if h.Strong != sp.Code {
					t.Errorf("%s: hex %s says %q", sp.Code, id, h.Strong)
				}
			}
			if !hexgrid.Connected(hs) {
				t.Errorf("%s: hexes apart", sp.Code)
			}
		}
	}
	for _, c := range []string{"GAB", "BEA", "AM", "H1", "H2", "H3", "H4", "H5", "H6", "H7", "C1", "C7", "D1", "D2", "D3", "D4", "D5", "D6", "E1", "E2", "E3", "E4", "E10", "E11", "E12", "FRA", "JUN", "EPE", "OPE", "I-HQ", "WIE"} {
		if !seen[c] {
			t.Errorf("no strongpoint %s", c)
		}
	}
	if d.Map.Isabelle.Strongpoint("WIE") == nil || d.Map.DBP.Strongpoint("WIE") != nil {
		t.Error("1.3-B: Wieme is part of Isabelle")
	}
}

// 1.3: several hundred hexes at DBP, Isabelle its own grid with its own
// Supply Area, hospital and 3z-304; Gabrielle and Beatrice in Zone 2 of
// their sectors (Playing the Viet Minh), every structure of 1.4-A there.
func TestMap_1_3(t *testing.T) {
	d := mustDefault(t)
	if n := len(d.Map.DBP.Hexes()); n < 400 {
		t.Errorf("DBP has %d hexes", n)
	}
	zone := func(code string) (string, int) {
		h := d.Map.DBP.Hex(d.Map.DBP.Strongpoint(code).Hexes[0])
		return h.Sector, h.Zone
	}
	if s, z := zone("GAB"); s != "308" || z != 2 {
		t.Errorf("Gabrielle in %dz-%s, want 2z-308", z, s)
	}
	if s, z := zone("BEA"); s != "312" || z != 2 {
		t.Errorf("Beatrice in %dz-%s, want 2z-312", z, s)
	}
	kinds := map[string]bool{}
	for _, st := range d.Map.DBP.Structures {
		kinds[st.Kind] = true
	}
	for _, k := range StructureKinds {
		if !kinds[k] {
			t.Errorf("no %s at DBP", k)
		}
	}
	isa := &d.Map.Isabelle
	if isa.ZoneCount("304") != 3 || len(isa.Structures) != 1 || isa.Structures[0].Kind != "hospital" {
		t.Errorf("Isabelle: zone %d of 304, structures %v", isa.ZoneCount("304"), isa.Structures)
	}
	supply := 0
	for _, h := range isa.Hexes() {
		if h.Supply {
			supply++
		}
	}
	if supply == 0 || len(d.Map.DBP.River) == 0 || len(d.Map.DBP.Bridges) == 0 || len(d.Map.DBP.HeavyWire) == 0 {
		t.Error("a Supply Area at Isabelle, the river, bridges and wire at DBP")
	}
	for _, s := range d.Map.DBP.Bridges {
		a, b, _ := strings.Cut(s, "/")
		onRoad := false
		for _, r := range d.Map.DBP.Roads {
			for i := 1; i < len(r.Hexes); i++ {
				if (r.Hexes[i-1] == a && r.Hexes[i] == b) || (r.Hexes[i-1] == b && r.Hexes[i] == a) {
					onRoad = true
				}
			}
		}
		if !onRoad {
			t.Errorf("bridge %s carries no road", s)
		}
	}
}

// 9.0-G: the scenario information's own statements hold at each start.
func TestScenarioInformation_9_0G(t *testing.T) {
	d := mustDefault(t)
	flag := func(s, code string) string { return d.Setups[s].Flags[code] }
	for _, c := range []struct{ s, code, want string }{
		{"A", "GAB", ""}, {"A", "BEA", ""}, {"A", "AM", ""},
		{"B", "GAB", "VM"}, {"B", "BEA", "VM"}, {"B", "AM", "VM"},
		{"C", "FRA", "VM"}, {"C", "D5", "VM"}, {"C", "D6", "VM"}, {"C", "E1", "French"},
		{"D", "H1", "VM"}, {"D", "E1", "French"}, {"D", "E2", ""}, {"D", "I-HQ", ""},
	} {
		if got := flag(c.s, c.code); got != c.want {
			t.Errorf("scenario %s: %s flag %q, want %q", c.s, c.code, got, c.want)
		}
	}
	if d.Setups["C"].Dig["308"] != 5 || d.Setups["D"].Dig["308"] != 6 || d.Setups["D"].Dig["304"] != 3 {
		t.Errorf("Dig Zones: C %v, D %v", d.Setups["C"].Dig, d.Setups["D"].Dig)
	}
	reduced := map[string]map[string]int{"A": {"308": 3, "316": 2}, "B": {"308": 3, "312": 1, "316": 1},
		"C": {"308": 3, "312": 4, "316": 2}, "D": {"308": 4, "312": 3, "316": 1}}
	for s, want := range reduced {
		got := map[string]int{}
		for _, u := range d.Setups[s].Units {
			if u.Side == "VM" && u.Reduced {
				got[u.Formation]++
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("scenario %s: VM reduced %v, want %v", s, got, want)
		}
	}
}

// 1.6, 9.0-F: at every start, at most 3 French units or 1 VM unit a hex,
// never both; the VM in its own sector's Trench Zones (or a strongpoint
// the scenario gives it), out of French ZoC, never in a Dig Zone.
func TestSetupStacking_1_6_9_0F(t *testing.T) {
	d := mustDefault(t)
	for _, id := range ScenarioIDs {
		s := d.Setups[id]
		fr, vm := map[string]int{}, map[string]int{}
		for _, u := range s.Units {
			if u.Map == "" {
				continue
			}
			k := u.Map + ":" + u.Hex
			if u.Side == "VM" {
				vm[k]++
			} else {
				fr[k]++
			}
		}
		for k, n := range fr {
			if n > 3 || vm[k] > 0 {
				t.Errorf("scenario %s: %s holds %d French and %d VM", id, k, n, vm[k])
			}
		}
		sc := d.Scenarios.Scenario[id]
		for _, u := range s.Units {
			if u.Side != "VM" || u.Map == "" {
				continue
			}
			if vm[u.Map+":"+u.Hex] > 1 {
				t.Errorf("scenario %s: %d VM units in %s", id, vm[u.Map+":"+u.Hex], u.Hex)
			}
			h := d.Map.DBP.Hex(u.Hex)
			if h.Sector != u.Formation || s.DigZone(h) || !s.TrenchZone(h) && !strings.Contains(fmt.Sprint(sc.VMFlags), h.Strong) {
				t.Errorf("scenario %s: %s in %s (%dz-%s)", id, u.ID, u.Hex, h.Zone, h.Sector)
			}
			for _, n := range hexNeighbors(h.Row, h.Col) {
				if fr["dbp:"+n] > 0 {
					t.Errorf("scenario %s: %s in French ZoC at %s", id, u.ID, u.Hex)
				}
			}
		}
	}
}

// 9.0-D: no Wounded Square in scenario A; in B-D the pile is shared out.
func TestWoundedSquare_9_0D(t *testing.T) {
	d := mustDefault(t)
	for _, id := range ScenarioIDs {
		n := 0
		for _, u := range d.Setups[id].Units {
			if u.Box == "Wounded Square" {
				n++
			}
		}
		ws := d.Scenarios.Scenario[id].WoundedSquare
		if (id == "A") != (n == 0) || ws.Units != n || ws.ToWounded+ws.ToGone != n {
			t.Errorf("scenario %s: %d units on the Wounded Square, card %+v", id, n, ws)
		}
	}
}

// 5.4, 8.6: the weather is worse from Rain and worse again in Monsoon
// (aborts no fewer at any roll), and the Airdrop Chart has the slots 5.4
// names.
func TestWeatherAndAirdrop_5_4(t *testing.T) {
	ch := mustDefault(t).Charts
	rank := func(r string) int {
		switch r {
		case "all":
			return 0
		case "foul":
			return 100
		}
		n := 0
		fmt.Sscan(r, &n)
		return n
	}
	for i := 0; i < 11; i++ {
		d, r, m := rank(ch.Weather.Dry[i]), rank(ch.Weather.Rain[i]), rank(ch.Weather.Monsoon[i])
		if r < d || m < r {
			t.Errorf("roll %d: dry %s, rain %s, monsoon %s", i+2, ch.Weather.Dry[i], ch.Weather.Rain[i], ch.Weather.Monsoon[i])
		}
		if i > 0 && rank(ch.Weather.Dry[i]) < rank(ch.Weather.Dry[i-1]) {
			t.Errorf("dry: a higher roll is better at %d", i+2)
		}
	}
	green := 0
	for _, row := range ch.Airdrop.Slots {
		for _, s := range row {
			if s.Green {
				green++
			}
		}
	}
	if green < 3 {
		t.Errorf("%d green slots: 5.4's example closes 3 of them", green)
	}
}

// 1.10, 9.0-E: the French Zone Markers at each start follow the artillery's
// losses: scenario A has them all, full; a formation that has lost 1-3
// steps has one reduced, every step lost none.
func TestZoneMarkers_1_10(t *testing.T) {
	d := mustDefault(t)
	a := d.Setups["A"].Markers["French Artillery Zone Markers"]
	if len(a) != d.Units.Markers.ZoneFrench || strings.Contains(strings.Join(a, ","), "reduced") {
		t.Errorf("scenario A: %v", a)
	}
	for _, id := range ScenarioIDs {
		lost := map[string]int{}
		for _, u := range d.Setups[id].Units {
			if f := u.Formation; u.Side == "French" && (u.Box == "Gone" || u.Box == "Wounded Square") {
				lost[f] += 2
			} else if u.Side == "French" && u.Reduced {
				lost[f]++
			}
		}
		got := strings.Join(d.Setups[id].Markers["French Artillery Zone Markers"], ",")
		for _, fm := range d.Units.Formations {
			if fm.Kind != "art" {
				continue
			}
			l := lost[fm.ID]
			has := strings.Contains(got, fm.ID)
			red := strings.Contains(got, fm.ID+" (reduced)")
			switch {
			case l >= 2*fm.Counters && has:
				t.Errorf("scenario %s: %s lost every step but keeps a Zone Marker", id, fm.ID)
			case l >= 1 && l <= 3 && !red:
				t.Errorf("scenario %s: %s lost %d steps, no reduced Zone Marker: %s", id, fm.ID, l, got)
			case l == 0 && (!has || red):
				t.Errorf("scenario %s: %s lost nothing: %s", id, fm.ID, got)
			}
		}
	}
}

// FuzzData: any change to any data file is either refused or loads into
// four complete set-ups; it never panics.
func FuzzData(f *testing.F) {
	base := files(f)
	for i, name := range Files {
		f.Add(i, string(base[name].Data))
	}
	f.Add(0, "[dbp]\nrows = 3\ncols = 3\nterrain = [\"...\"]")
	f.Fuzz(func(t *testing.T, which int, text string) {
		if which < 0 {
			which = -which
		}
		fsys := files(t)
		fsys[Files[which%len(Files)]] = &fstest.MapFile{Data: []byte(text)}
		d, err := LoadFS(fsys)
		if err == nil && len(d.Setups) != len(ScenarioIDs) {
			t.Fatalf("loaded with %d set-ups", len(d.Setups))
		}
	})
}

func fstestMap(m map[string]string) fstest.MapFS {
	out := fstest.MapFS{}
	for k, v := range m {
		out[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return out
}
