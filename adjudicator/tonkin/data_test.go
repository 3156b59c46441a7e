package tonkin

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// files returns the embedded data files, for mutating.
func files(t *testing.T) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	sub, err := fs.Sub(embedded, "data")
	if err != nil {
		t.Fatal(err)
	}
	err = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sub, p)
		out[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEmbeddedDataLoads(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatalf("embedded data refused:\n%v", err)
	}
	if len(d.Grid.Hexes) != d.Grid.Grid.Rows*d.Grid.Grid.Cols {
		t.Errorf("%d hexes for a %dx%d grid", len(d.Grid.Hexes), d.Grid.Grid.Rows, d.Grid.Grid.Cols)
	}
	if len(d.Scenarios.Scenario) < 4 {
		t.Errorf("%d scenarios", len(d.Scenarios.Scenario))
	}
}

// The fixed points of the Map errata, checked against the projection of
// the real places: Tu Vu projects into 0916 and Dien Bien Phu two hexes
// west of 1205.
func TestFixedPointsFromCoordinates(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	g := d.Grid.Grid
	for _, c := range []struct {
		name     string
		lat, lon float64
		hex      string
	}{{"Tu Vu", 21.10, 105.30, "0916"}, {"Dien Bien Phu", 21.386, 103.017, "1203"}} {
		r, col := g.At(g.Project(c.lat, c.lon))
		if got := HexID(r, col); got != c.hex {
			t.Errorf("%s projects to %s, want %s", c.name, got, c.hex)
		}
	}
}

func TestGridGeometry(t *testing.T) {
	g := Grid{Rows: 24, Cols: 32, WidthKm: 19, X0: -64.9, Y0: -145.9, Lat0: 21, Lon0: 103, FoldLon: 103, Fold: 0.35}
	for _, id := range []string{"1203", "0916", "0101", "2432"} {
		r, c, _ := ParseHex(id)
		for _, nb := range Neighbors(r, c) {
			if Distance(r, c, nb[0], nb[1]) != 1 {
				t.Errorf("%s: neighbour %s at distance %d", id, HexID(nb[0], nb[1]), Distance(r, c, nb[0], nb[1]))
			}
			x1, y1 := g.Center(r, c)
			x2, y2 := g.Center(nb[0], nb[1])
			if d := (x1-x2)*(x1-x2) + (y1-y2)*(y1-y2); d < 18.9*18.9 || d > 19.1*19.1 {
				t.Errorf("%s-%s: centres %.1f km apart", id, HexID(nb[0], nb[1]), d)
			}
			if r2, c2 := g.At(x2, y2); r2 != nb[0] || c2 != nb[1] {
				t.Errorf("At(Center(%s)) = %s", HexID(nb[0], nb[1]), HexID(r2, c2))
			}
		}
	}
	lat, lon := g.Unproject(g.Project(19.886, 102.135))
	if d := (lat-19.886)*(lat-19.886) + (lon-102.135)*(lon-102.135); d > 1e-12 {
		t.Errorf("Unproject(Project) = %v %v", lat, lon)
	}
}

// One mistake in a file is refused with the file and the field named.
func TestMistakesRefused(t *testing.T) {
	// at: the line the fault must name (file:line), from the first line
	// of new.
	cases := []struct {
		name, file, old, new string
		want                 []string
		at                   int
	}{
		{"unit on an unknown hex", "scenarios.toml", `hex = "1205"`, `hex = "1299"`,
			[]string{"scenarios.toml", "scenario[3] (1953).vm[0]", `hex "1299" is not on the map`}, 0},
		{"river broken", "paths.toml", `["0919", "0920", "1020"`, `["0919", "1020"`,
			[]string{"paths.toml", "river[", "(canal-rapides)", "breaks"}, 0},
		{"garrison missing", "map.toml", "name = \"Hai Duong\"\nkind = \"town\"\nhex = \"0821\"\nlat = 20.94\nlon = 106.33\ngarrison = true\n", "name = \"Hai Duong\"\nkind = \"town\"\nhex = \"0821\"\nlat = 20.94\nlon = 106.33\n",
			[]string{"map.toml", "urban[", "(Hai Duong).garrison"}, -1},
		{"unknown field", "units.toml", "code = \"BEP\"\n", "code = \"BEP\"\ncolour = \"green\"\n",
			[]string{"units.toml:", "type BEP: field colour: unknown key"}, 1},
		{"two groups on a mobilization hex", "scenarios.toml", `units = ["DUMMY"]`, `units = ["VMG (228)", "DUMMY"]`,
			[]string{"scenarios.toml", "one VM-group or dummy per mobilization hex"}, 0},
		{"overstacked", "scenarios.toml", `units = ["148 (538)"]`, `units = ["148 (538)", "320/48 (648)", "320/52 (648)", "320/64 (648)"]`,
			[]string{"scenarios.toml", "stacks", "limit is 11"}, -1},
		{"town misplaced", "map.toml", "name = \"Lang Son\"\nkind = \"town\"\nhex = \"1524\"", "name = \"Lang Son\"\nkind = \"town\"\nhex = \"1520\"",
			[]string{"map.toml", "(Lang Son).hex", "from its real position"}, 2},
		{"bad provenance", "charts.toml", "[weather]\nprovenance = \"reconstructed\"", "[weather]\nprovenance = \"guessed\"",
			[]string{"charts.toml:", "weather.provenance"}, 1},
		{"syntax", "charts.toml", "[weather]", "[weather",
			[]string{"charts.toml:"}, 0},
		{"VM equipment not a half point (3.4)", "units.toml", `{month = "1952-04", equipment = 1}`, `{month = "1952-04", equipment = 1.3}`,
			[]string{"units.toml", "vm_schedule.turns[", "(1952-04).equipment", "whole or half point"}, 0},
		{"FEF equipment (3.4)", "units.toml", `{month = "1951-06", withdraw = ["Withdraw"]`, `{month = "1951-06", equipment = 1, withdraw = ["Withdraw"]`,
			[]string{"units.toml", "fef_schedule.turns[", "only the VM receives equipment"}, 0},
		{"sea setup", "scenarios.toml", `hex = "1205"`, `hex = "0132"`,
			[]string{"scenarios.toml", "all-sea hex 0132"}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fsys := files(t)
			src := string(fsys[tc.file].Data)
			if !strings.Contains(src, tc.old) {
				t.Fatalf("%s does not contain %q", tc.file, tc.old)
			}
			fsys[tc.file] = &fstest.MapFile{Data: []byte(strings.Replace(src, tc.old, tc.new, 1))}
			_, err := LoadFS(fsys)
			if err == nil {
				t.Fatal("accepted")
			}
			// file:line: the line of the mistake (or of its table)
			n := strings.Count(src[:strings.Index(src, tc.old)], "\n") + 1 + tc.at
			if loc := fmt.Sprintf("%s:%d:", tc.file, n); !strings.Contains(err.Error(), loc) {
				t.Errorf("error does not name %q:\n%v", loc, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not name %q:\n%v", w, err)
				}
			}
		})
	}
}

// FuzzLoad replaces one data file with arbitrary text: the loader may
// refuse it but never panics.
func FuzzLoad(f *testing.F) {
	names := []string{"grid.toml", "paths.toml", "map.toml", "units.toml", "charts.toml", "scenarios.toml"}
	base := fstest.MapFS{}
	sub, err := fs.Sub(embedded, "data")
	if err != nil {
		f.Fatal(err)
	}
	for i, n := range names {
		b, err := fs.ReadFile(sub, n)
		if err != nil {
			f.Fatal(err)
		}
		base[n] = &fstest.MapFile{Data: b}
		// seeds: each file's head (the whole files make the fuzzer crawl)
		f.Add(uint8(i), string(b[:min(len(b), 3000)]))
	}
	f.Add(uint8(4), "[weather]\nspans = {1 = []}\n[combat]\nodds = [\"3:1\"]\nEx = []\n")
	f.Add(uint8(5), "[[scenario]]\nid = \"x\"\n[[scenario.vm]]\nhex = \"1205\"\nunits = [\"2x (9)\", \"\", \"HO (1234)\"]\n")
	f.Add(uint8(1), "[[river]]\nid = \"r\"\nhexes = [\"0000\", \"9999\", \"12\"]\n[delta]\nhexes = []\n")
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		fsys := fstest.MapFS{}
		for k, v := range base {
			fsys[k] = v
		}
		fsys[names[int(which)%len(names)]] = &fstest.MapFile{Data: []byte(text)}
		_, _ = LoadFS(fsys)
	})
}

// FuzzLocate: the place of any message (names in the data may hold
// anything) is found without a panic, and the message is kept whole.
func FuzzLocate(f *testing.F) {
	f.Add("scenarios.toml: scenario[3] (1953).vm[0] (hex 1205).units[1]: \"DUMMY\": twice")
	f.Add("charts.toml: weather.spans.6: rain on 1 of 6")
	f.Add("map.toml: urban[2] (a.b (c: d)).hex: x")
	f.Add("grid.toml: [grid]: rows")
	f.Fuzz(func(t *testing.T, msg string) {
		file, path, rest := locate(msg)
		if file != "" && file+": "+rest != msg || file == "" && rest != msg {
			t.Fatalf("locate(%q) = %q, %v, %q", msg, file, path, rest)
		}
	})
}

func TestLocate(t *testing.T) {
	for msg, want := range map[string]string{
		"scenarios.toml: scenario[3] (1953).vm[0] (hex 1205).units[1]: x": "scenarios.toml [scenario 3 vm 0 units 1]",
		"charts.toml: weather.spans.6: rain":                              "charts.toml [weather spans 6]",
		"grid.toml: [grid]: rows":                                         "grid.toml [grid]",
		"map.toml: urban[2] (a.b (c: d)).hex: x":                          "map.toml [urban 2 hex]",
		"scenarios.toml: 3 scenarios, want the four years":                "scenarios.toml []",
		"no file here": " []",
	} {
		file, path, _ := locate(msg)
		if got := fmt.Sprintf("%s %v", file, path); got != want {
			t.Errorf("locate(%q) = %s, want %s", msg, got, want)
		}
	}
}

// RULINGS T73: the combat modifiers table holds only what the referee
// applies: no entry for a defender out of supply (4.6 halves its
// strength) or for an airdrop overrun (6.8, 6.11).
func TestRule6_6_CombatModifiersAllApplied(t *testing.T) {
	r := rules(t)
	for k := range r.d.Charts["combat_drm"] {
		switch k {
		case "provenance", "source", "cap", "morale_difference", "trench", "bolshevik_spirit", "attack_from_3_hexes":
		default:
			t.Errorf("charts.toml combat_drm.%s: a modifier nothing applies", k)
		}
	}
}
