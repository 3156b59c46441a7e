package hell

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
)

// embeddedFiles returns the text of the four embedded data files.
func embeddedFiles(t testing.TB) map[string]string {
	t.Helper()
	sub, err := fs.Sub(ldEmbedded, "data")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, n := range ldDataFiles {
		b, err := fs.ReadFile(sub, n)
		if err != nil {
			t.Fatal(err)
		}
		out[n] = string(b)
	}
	return out
}

func mapFS(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for k, v := range files {
		m[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return m
}

// ------------------------------------------------------------ the data

func TestLoad_EmbeddedData(t *testing.T) {
	d, err := Default()
	if err != nil {
		t.Fatalf("embedded data: %v", err)
	}
	if MustDefault() != d {
		t.Fatal("MustDefault and Default disagree")
	}
	if again, _ := Default(); again != d {
		t.Fatal("Default is not cached")
	}
	if len(d.PAs) != 44 || len(d.PAOrder) != 44 {
		t.Fatalf("PAs: %d, order %d", len(d.PAs), len(d.PAOrder))
	}
	if len(d.ZoneOrder) != len(d.Zones) || len(d.ZoneOrder) != len(d.Map.Zones) {
		t.Fatalf("zones %d, order %d, file %d", len(d.Zones), len(d.ZoneOrder), len(d.Map.Zones))
	}
	for i, z := range d.Map.Zones {
		if d.ZoneOrder[i] != z.ID || d.Zones[z.ID] != &d.Map.Zones[i] {
			t.Fatalf("zone %d: order or index wrong for %s", i, z.ID)
		}
	}
	for i, pa := range d.Map.PAs {
		if d.PAOrder[i] != pa.ID || d.PAs[pa.ID] != &d.Map.PAs[i] {
			t.Fatalf("PA %d: order or index wrong for %s", i, pa.ID)
		}
	}
	for a, adj := range d.ZoneAdj {
		if !sort.StringsAreSorted(adj) {
			t.Errorf("ZoneAdj[%s] not sorted", a)
		}
		for _, b := range adj {
			if !slices.Contains(d.ZoneAdj[b], a) {
				t.Errorf("ZoneAdj not symmetric: %s-%s", a, b)
			}
		}
	}
	links := 0
	for a, ls := range d.PALinks {
		if !sort.StringsAreSorted(ls) {
			t.Errorf("PALinks[%s] not sorted", a)
		}
		for _, b := range ls {
			links++
			if !slices.Contains(d.PALinks[b], a) {
				t.Errorf("PALinks not symmetric: %s-%s", a, b)
			}
		}
	}
	if links != 2*len(d.Map.Lines) {
		t.Errorf("PALinks holds %d ends, want %d", links, 2*len(d.Map.Lines))
	}
	for z, ids := range d.ZonePAs {
		if !sort.StringsAreSorted(ids) {
			t.Errorf("ZonePAs[%s] not sorted", z)
		}
	}
	nb := 0
	for z, bs := range d.ZoneBases {
		for _, b := range bs {
			nb++
			if b.Zone != z || d.Bases[b.ID] != b {
				t.Errorf("ZoneBases[%s] holds %s", z, b.ID)
			}
		}
	}
	if nb != len(d.Map.Bases) {
		t.Errorf("ZoneBases holds %d bases, want %d", nb, len(d.Map.Bases))
	}
	for pa, bs := range d.PABases {
		for _, b := range bs {
			if !slices.Contains(b.PAs, pa) {
				t.Errorf("PABases[%s] holds %s", pa, b.ID)
			}
		}
	}
	for _, id := range []string{"initial-assault", "five-hills", "full-battle"} {
		if _, ok := d.Scenario(id); !ok {
			t.Errorf("no scenario %s", id)
		}
	}
	if w := d.Week(1); w.Date != "13 March 1954" {
		t.Errorf("turn 1 is %q", w.Date)
	}
}

// rulesOf lists the PAs with a flag.
func rulesOf(d *Data, f func(*PA) bool) []string {
	var out []string
	for _, id := range d.PAOrder {
		if f(d.PAs[id]) {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

func TestLoad_RulebookSets(t *testing.T) {
	d := MustDefault()
	cases := []struct {
		name string
		f    func(*PA) bool
		want string
	}{
		{"3.2 air transport", func(p *PA) bool { return p.AirTransport }, "AM1 AM2 B1 B2 B3 D1 D2 G1 G2 H1 H6"},
		{"8 strategic hills", func(p *PA) bool { return p.StrategicHill }, "D1 D2 E1 E2 E4"},
		{"9.2 attrition points", func(p *PA) bool { return p.AttritionPoint }, "D1 D2 E1 E2 E4 H6 H7"},
		{"8 encirclable", func(p *PA) bool { return p.Encirclable }, "C1 C2 C3 C4 C5 EP1 F1 F2 H1 H2 H3 H4 H5 H6 H7 JN1 L1 L2 L3 O1"},
	}
	for _, c := range cases {
		if got := strings.Join(rulesOf(d, c.f), " "); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	var crc, per []string
	for _, id := range d.ZoneOrder {
		if z := d.Zones[id]; z.Kind == ZoneCR {
			if z.CRC {
				crc = append(crc, z.Name)
			} else {
				per = append(per, z.Name)
			}
		}
	}
	sort.Strings(crc)
	sort.Strings(per)
	if got := strings.Join(crc, " "); got != "Claudine Dominique Elaine Epervier Françoise Huguette Junon Lili Opera" {
		t.Errorf("CRC: %s", got)
	}
	if got := strings.Join(per, " "); got != "Anne-Marie Beatrice Gabrielle Isabelle" {
		t.Errorf("peripheral CRs: %s", got)
	}
	if d.Map.ReinforcementJungle != "JZ2" || d.Map.FrenchJungle != "JZ4" {
		t.Errorf("jungles %s %s", d.Map.ReinforcementJungle, d.Map.FrenchJungle)
	}
}

// The data must be plausible for drawing and for random playouts.
func TestLoad_DataPlausible(t *testing.T) {
	d := MustDefault()
	in := d.Map.Inset
	inset := func(x, y float64) bool { return x >= in[0] && x <= in[0]+in[2] && y >= in[1] && y <= in[1]+in[3] }
	// PAs apart, in their zones; bases and labels in their zones.
	for i, a := range d.PAOrder {
		pa := d.PAs[a]
		for _, b := range d.PAOrder[i+1:] {
			pb := d.PAs[b]
			if inset(pa.X, pa.Y) == inset(pb.X, pb.Y) && math.Hypot(pa.X-pb.X, pa.Y-pb.Y) < 25 {
				t.Errorf("PAs %s and %s closer than 25 units", a, b)
			}
		}
	}
	for _, b := range d.Map.Bases {
		if z := d.Zones[b.Zone]; !ldInsidePolygon(b.X, b.Y, z.Shape) {
			t.Errorf("base %s at (%v, %v) outside zone %s", b.ID, b.X, b.Y, b.Zone)
		}
	}
	for _, id := range d.ZoneOrder {
		z := d.Zones[id]
		if len(z.Shape) < 4 || len(z.Shape) > 8 {
			t.Errorf("zone %s: %d shape points", id, len(z.Shape))
		}
		if !ldInsidePolygon(z.X, z.Y, z.Shape) {
			t.Errorf("zone %s: label outside its shape", id)
		}
	}
	// 0.2: some adjacent zones give no base toward a CR (terrain).
	terrain := 0
	for _, id := range d.ZoneOrder {
		if d.Zones[id].Kind != ZonePeripheral {
			continue
		}
		for _, a := range d.ZoneAdj[id] {
			if d.Zones[a].Kind != ZoneCR {
				continue
			}
			reaches := false
			for _, b := range d.ZoneBases[id] {
				for _, p := range b.PAs {
					if d.PAs[p].Zone == a {
						reaches = true
					}
				}
			}
			if !reaches {
				terrain++
			}
		}
	}
	if terrain < 2 {
		t.Errorf("only %d zone/CR borders without an assault base; 0.2 notes a few", terrain)
	}
	// Every PA of a peripheral CR has an assault base.
	for _, id := range d.PAOrder {
		pa := d.PAs[id]
		if !d.Zones[pa.Zone].CRC && len(d.PABases[id]) == 0 {
			t.Errorf("peripheral PA %s has no assault base", id)
		}
	}
	// The CRC's PAs form one network of lines.
	var crcPAs []string
	for _, id := range d.PAOrder {
		if d.Zones[d.PAs[id].Zone].CRC {
			crcPAs = append(crcPAs, id)
		}
	}
	seen := map[string]bool{crcPAs[0]: true}
	queue := []string{crcPAs[0]}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for _, b := range d.PALinks[a] {
			if !seen[b] && d.Zones[d.PAs[b].Zone].CRC {
				seen[b] = true
				queue = append(queue, b)
			}
		}
	}
	if len(seen) != len(crcPAs) {
		t.Errorf("the CRC's lines join %d of its %d PAs", len(seen), len(crcPAs))
	}
	// Scenarios: each French PA holds 1-3 units; tanks 4 in the CRC, 1 at Isabelle.
	for _, s := range d.Scenarios.Scenario {
		held := map[string]int{}
		for _, pl := range s.French {
			held[pl.At] += len(pl.Units)
		}
		capt := map[string]bool{}
		for _, c := range s.Captured {
			capt[c] = true
		}
		for _, id := range d.PAOrder {
			if n := held[id]; !capt[id] && (n < 1 || n > 3) {
				t.Errorf("%s: PA %s holds %d units", s.ID, id, n)
			}
		}
		tanks := map[bool]int{}
		for _, pl := range s.French {
			for _, u := range pl.Units {
				if d.French[u].Kind == KindTank {
					tanks[d.Zones[d.PAs[pl.At].Zone].CRC]++
				}
			}
		}
		if tanks[true] != 4 || tanks[false] != 1 {
			t.Errorf("%s: tanks CRC %d, Isabelle %d", s.ID, tanks[true], tanks[false])
		}
	}
	// Tables: worse for the target to the right and down the die.
	fireRank := map[string]int{"-": 0, "T": 1, "D": 2, "1": 3, "2": 4, "3": 5}
	cols := d.Tables.Fire.Columns
	for i, c := range cols {
		if c.Results[0] != "*" {
			t.Errorf("fire %s: die 1 is %q, want *", c.Label, c.Results[0])
		}
		for j := 2; j < 6; j++ {
			if fireRank[c.Results[j]] < fireRank[c.Results[j-1]] {
				t.Errorf("fire %s: die %d better than die %d", c.Label, j+1, j)
			}
			if i > 0 && fireRank[c.Results[j]] < fireRank[cols[i-1].Results[j]] {
				t.Errorf("fire %s: die %d better than in %s", c.Label, j+1, cols[i-1].Label)
			}
		}
	}
	hthRank := map[string]int{"A1+T": -2, "AD": -1, "-": 0, "T": 1, "BD": 1, "DD": 2, "D1+T": 3, "D2+T": 4}
	hcols := d.Tables.HandToHand.Columns
	for i, c := range hcols {
		if c.Results[0] != "*" {
			t.Errorf("hand-to-hand %s: die 1 is %q, want *", c.Label, c.Results[0])
		}
		for j := 2; j < 6; j++ {
			if hthRank[c.Results[j]] < hthRank[c.Results[j-1]] {
				t.Errorf("hand-to-hand %s: die %d worse for the attacker than die %d", c.Label, j+1, j)
			}
			if i > 0 && hthRank[c.Results[j]] < hthRank[hcols[i-1].Results[j]] {
				t.Errorf("hand-to-hand %s: die %d worse than in %s", c.Label, j+1, hcols[i-1].Label)
			}
		}
	}
	at := d.Tables.AirTransport.Lines
	for i := range at {
		for j := 1; j < 6; j++ {
			if at[i].Munitions[j] < at[i].Munitions[j-1] || at[i].Captured[j] > at[i].Captured[j-1] {
				t.Errorf("air transport line %d: not monotonic in the die", at[i].Lost)
			}
		}
		for j := 0; i > 0 && j < 6; j++ {
			if at[i].Munitions[j] > at[i-1].Munitions[j] || at[i].Captured[j] < at[i-1].Captured[j] {
				t.Errorf("air transport line %d: better than line %d", at[i].Lost, at[i-1].Lost)
			}
		}
	}
}

// ------------------------------------------------- faults, rule by rule

// loadCase corrupts one file of a copy of the embedded data and expects a
// fault naming file, line, table element and field.
type loadCase struct {
	name  string
	file  string
	after string      // the edits apply from the first occurrence of after
	old   string      // replaced once, at or after the anchor
	new   string      //
	more  [][2]string // further replacements after the anchor
	at    string      // the fault's line: that of at (after the anchor; "^" prefix: the last one up to it); default: the edit's line
	where string
	field string
	msg   string
}

func runCases(t *testing.T, cases []loadCase) {
	t.Helper()
	base := embeddedFiles(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			files := map[string]string{}
			for k, v := range base {
				files[k] = v
			}
			text := files[c.file]
			a := strings.Index(text, c.after)
			if a < 0 {
				t.Fatalf("anchor %q not in %s", c.after, c.file)
			}
			i := strings.Index(text[a:], c.old)
			if i < 0 {
				t.Fatalf("%q not after %q in %s", c.old, c.after, c.file)
			}
			i += a
			text = text[:i] + c.new + text[i+len(c.old):]
			for _, m := range c.more {
				j := strings.Index(text[a:], m[0])
				if j < 0 {
					t.Fatalf("%q not after %q in %s", m[0], c.after, c.file)
				}
				text = text[:a+j] + m[1] + text[a+j+len(m[0]):]
			}
			pos := i
			switch {
			case strings.HasPrefix(c.at, "^"):
				pos = strings.LastIndex(text[:a+len(c.after)], c.at[1:])
			case c.at != "":
				pos = strings.Index(text[a:], c.at)
				if pos >= 0 {
					pos += a
				}
			}
			if pos < 0 {
				t.Fatalf("%q not found in the edited %s", c.at, c.file)
			}
			line := 1 + strings.Count(text[:pos], "\n")
			files[c.file] = text
			_, err := LoadFS(mapFS(files))
			if err == nil {
				t.Fatalf("loaded without error; want %s:%d: %s: field %s: %s", c.file, line, c.where, c.field, c.msg)
			}
			var es DataErrors
			if !errors.As(err, &es) {
				t.Fatalf("error %T is not DataErrors: %v", err, err)
			}
			for _, e := range es {
				if e.File == c.file && e.Line == line && e.Where == c.where && e.Field == c.field && strings.Contains(e.Msg, c.msg) {
					prefix := fmt.Sprintf("%s:%d: ", c.file, line)
					if c.where != "" {
						prefix += c.where + ": "
					}
					if c.field != "" {
						prefix += "field " + c.field + ": "
					}
					if !strings.HasPrefix(e.Error(), prefix) {
						t.Errorf("message %q does not start %q", e.Error(), prefix)
					}
					return
				}
			}
			t.Errorf("want %s:%d: %s: field %s: ...%s...; got\n%v", c.file, line, c.where, c.field, c.msg, err)
		})
	}
}

// Short names for the case tables.
const (
	fm  = FileMap
	fu  = FileUnits
	ft  = FileTables
	fs_ = FileScenarios
)

func TestLoad_Inv6_Provenance(t *testing.T) {
	runCases(t, []loadCase{
		{name: "map", file: fm, old: `provenance = "reconstructed"`, new: `provenance = "guessed"`, field: "provenance", msg: `"guessed"`},
		{name: "units missing", file: fu, old: "provenance = \"reconstructed\"\n", new: "", at: "^", field: "provenance", msg: "missing"},
		{name: "tables fire", file: ft, after: "[fire]", old: `provenance = "reconstructed"`, new: `provenance = "printed"`, where: "fire", field: "provenance", msg: "want \"rulebook\" or \"reconstructed\""},
		{name: "tables hand-to-hand missing", file: ft, after: "[hand_to_hand]", old: "provenance = \"reconstructed\"\n", new: "", at: "^[hand_to_hand]", where: "hand_to_hand", field: "provenance", msg: "missing"},
		{name: "scenarios", file: fs_, old: `provenance = "reconstructed"`, new: `provenance = "Rulebook"`, field: "provenance", msg: `"Rulebook"`},
	})
}

func TestLoad_Inv6_Schema(t *testing.T) {
	runCases(t, []loadCase{
		{name: "unknown zone key", file: fm, after: `id = "K"`, old: `terrain = "flat"`, new: `terain = "flat"`, where: "zone K", field: "terain", msg: "unknown key"},
		{name: "unknown PA key", file: fm, after: `id = "H6"`, old: "airstrip = true", new: "airfield = true", where: "pa H6", field: "airfield", msg: "unknown key"},
		{name: "unknown root key", file: fm, old: `french_jungle = "JZ4"`, new: `french_jungle_zone = "JZ4"`, field: "french_jungle_zone", msg: "unknown key"},
		{name: "unknown table", file: ft, after: "[entrenchment]", old: "[entrenchment]", new: "[entrenchments]", field: "entrenchments", msg: "unknown key"},
		{name: "unknown nested key", file: fs_, after: `id = "five-hills"`, old: "level = 2", new: "depth = 2", where: "scenario five-hills, trench at A", field: "depth", msg: "unknown key"},
		{name: "string for number", file: fm, after: `id = "H6"`, old: "x = 425", new: `x = "425"`, where: "pa H6", field: "x", msg: "want a number, found the string"},
		{name: "string for bool", file: fm, after: `id = "H6"`, old: "airstrip = true", new: `airstrip = "yes"`, where: "pa H6", field: "airstrip", msg: "want true or false"},
		{name: "array for integer", file: ft, after: "turn = 3", old: "vm_munition = 2", new: "vm_munition = [2]", where: "calendar, turn 3", field: "vm_munition", msg: "want an integer, found an array"},
		{name: "array element type", file: fm, after: `id = "K"`, old: `"GA", "N"`, new: `"GA", 7`, where: "zone K", field: "adjacent[2]", msg: "want a string, found the integer 7"},
		{name: "fixed array length", file: ft, after: "lost = 3", old: "munitions = [1, 1, 2, 2, 3, 3]", new: "munitions = [1, 1, 2, 2, 3]", where: "air_transport, line lost 3", field: "munitions", msg: "want 6 values, found 5"},
		{name: "line pair length", file: fm, old: `["G1", "G2"]`, new: `["G1", "G2", "G3"]`, field: "lines[0]", msg: "want 2 values, found 3"},
		{name: "multi-line array element", file: fm, after: "# Huguette\n", old: `["H6", "H7"]`, new: `["H6", 7]`, field: "lines[9][1]", msg: "want a string"},
		{name: "table for scalar", file: fu, old: "dummies = 6", new: "dummies = {n = 6}", field: "dummies", msg: "want an integer, found a table"},
		{name: "integer out of range", file: fu, old: "dummies = 6", new: "dummies = 99999999999", field: "dummies", msg: "out of range"},
	})
}

func TestLoad_Inv6_Syntax(t *testing.T) {
	runCases(t, []loadCase{
		{name: "bad table array header", file: fu, after: `id = "BT3-1"`, old: "[[french]]", new: "[[french]", field: "french", msg: "syntax error"},
		{name: "unterminated string", file: ft, after: "turn = 5", old: `date = "10 April 1954"`, new: `date = "10 April 1954`, field: "calendar.turn.date", msg: "syntax error"},
		{name: "duplicate key", file: fm, after: `id = "H6"`, old: "x = 425", new: "x = 425\nx = 426", at: "x = 426", field: "pa.x", msg: "syntax error"},
	})
}

func TestLoad_0_2_Zones(t *testing.T) {
	runCases(t, []loadCase{
		{name: "kind", file: fm, after: `id = "K"`, old: `kind = "peripheral"`, new: `kind = "plain"`, where: "zone K", field: "kind", msg: "want cr, peripheral or jungle"},
		{name: "peripheral terrain", file: fm, after: `id = "K"`, old: `terrain = "flat"`, new: `terrain = "swamp"`, where: "zone K", field: "terrain", msg: "flat, hill or marsh"},
		{name: "hill", file: fm, after: `id = "BE"`, old: `hill = "hill"`, new: `hill = "mountain"`, where: "zone BE", field: "hill", msg: `"mountain"`},
		{name: "CR name", file: fm, after: `id = "OP"`, old: `name = "Opera"`, new: `name = "Operetta"`, where: "zone OP", field: "name", msg: "not a CR of the rulebook"},
		{name: "CR twice", file: fm, after: `id = "OP"`, old: `name = "Opera"`, new: `name = "Epervier"`, where: "zone OP", field: "name", msg: "already has zone EP"},
		{name: "CR missing", file: fm, after: `id = "OP"`, old: `name = "Opera"`, new: `name = "Epervier"`, at: "^[[zone]]\nid = \"JZ1\"", field: "zone", msg: "no CR zone named Opera"},
		{name: "0.1 peripheral CR not in the CRC", file: fm, after: `id = "AM"`, old: `kind = "cr"`, new: "kind = \"cr\"\ncrc = true", at: "crc = true", where: "zone AM", field: "crc", msg: "peripheral CR"},
		{name: "0.1 CRC CR", file: fm, after: `id = "DO"`, old: "crc = true\n", new: "", at: "^[[zone]]", where: "zone DO", field: "crc", msg: "part of the CRC"},
		{name: "crc on a peripheral zone", file: fm, after: `id = "K"`, old: `kind = "peripheral"`, new: "kind = \"peripheral\"\ncrc = true", at: "crc = true", where: "zone K", field: "crc", msg: "only CR zones"},
		{name: "duplicate id", file: fm, after: `id = "U"`, old: `id = "U"`, new: `id = "T"`, where: "zone T", field: "id", msg: "already the id of zone T"},
		{name: "zone and PA ids collide", file: fm, after: `id = "U"`, old: `id = "U"`, new: `id = "H1"`, at: "id = \"H1\"\nname = \"Huguette 1\"", where: "pa H1", field: "id", msg: "already the id of zone H1"},
		{name: "bad id characters", file: fm, after: `id = "U"`, old: `id = "U"`, new: `id = "U U"`, where: "zone U U", field: "id", msg: "has the character"},
		{name: "8 Mount Baldy missing", file: fm, after: `id = "T"`, old: "mount_baldy = true\n", new: "", at: "^[[zone]]\nid = \"JZ1\"", field: "mount_baldy", msg: "exactly one zone"},
		{name: "8 Mount Baldy in a CR", file: fm, after: `id = "EL"`, old: `hill = "hill"`, new: "hill = \"hill\"\nmount_baldy = true", at: "mount_baldy", where: "zone EL", field: "mount_baldy", msg: "peripheral zone"},
		{name: "position", file: fm, after: `id = "K"`, old: "x = 560", new: "x = 1560", where: "zone K", field: "x", msg: "outside the map"},
		{name: "shape point", file: fm, after: `id = "K"`, old: "[620, 380]", new: "[620, -1]", at: "shape", where: "zone K", field: "shape[2]", msg: "outside the map"},
		{name: "shape too small", file: fm, after: `id = "K"`, old: "shape = [[500, 170], [620, 170], [620, 380], [500, 380]]", new: "shape = [[500, 170], [620, 170]]", where: "zone K", field: "shape", msg: "at least 3 points"},
		{name: "0.2 inset zone outside the inset", file: fm, after: `id = "IS"`, old: "x = 840", new: "x = 500", where: "zone IS", field: "x", msg: "outside the inset box"},
		{name: "0.2 Isabelle in the inset", file: fm, after: `id = "IS"`, old: "inset = true\n", new: "", at: "^[[zone]]", where: "zone IS", field: "inset", msg: "want inset = true"},
		{name: "inset box", file: fm, old: "inset = [700, 720, 280, 260]", new: "inset = [700, 720, 380, 260]", field: "inset", msg: "width, height > 0 inside"},
		{name: "river", file: fm, old: "river = [[572, 0]", new: "river = [[572, -5]", field: "river[0]", msg: "outside the map"},
		{name: "3.1 reinforcement jungle", file: fm, old: `reinforcement_jungle = "JZ2"`, new: `reinforcement_jungle = "N"`, field: "reinforcement_jungle", msg: "want a jungle zone"},
		{name: "3.2 French jungle", file: fm, old: `french_jungle = "JZ4"`, new: `french_jungle = "JZ5"`, field: "french_jungle", msg: `unknown zone "JZ5"`},
	})
}

func TestLoad_0_2_Adjacency(t *testing.T) {
	runCases(t, []loadCase{
		{name: "unknown zone", file: fm, after: `id = "K"`, old: `adjacent = ["E",`, new: `adjacent = ["X",`, where: "zone K", field: "adjacent[0]", msg: `unknown zone "X" (zones are A, AM, BE`},
		{name: "self", file: fm, after: `id = "K"`, old: `adjacent = ["E",`, new: `adjacent = ["K", "E",`, where: "zone K", field: "adjacent[0]", msg: "not adjacent to itself"},
		{name: "twice", file: fm, after: `id = "K"`, old: `adjacent = ["E",`, new: `adjacent = ["E", "E",`, where: "zone K", field: "adjacent[1]", msg: "listed twice"},
		{name: "not symmetric", file: fm, after: `id = "K"`, old: `"HU", "DO"]`, new: `"DO"]`, at: `adjacent = ["AM", "N", "K"`, where: "zone HU", field: "adjacent[2]", msg: "HU lists K but K does not list HU"},
		{name: "3.1 peripheral zone cut off from the jungle", file: fm, after: "# ------------------------------------------------------------------ PAs",
			old: "# ------------------------------------------------------------------ PAs",
			new: "[[zone]]\nid = \"V\"\nname = \"Zone V\"\nkind = \"peripheral\"\nterrain = \"flat\"\nadjacent = []\nx = 5\ny = 5\n",
			at:  "adjacent = []", where: "zone V", field: "adjacent", msg: "no chain of peripheral zones joins V to a jungle zone"},
	})
}

func TestLoad_0_2_PAs(t *testing.T) {
	runCases(t, []loadCase{
		{name: "unknown zone", file: fm, after: `id = "H6"`, old: `zone = "HU"`, new: `zone = "XX"`, where: "pa H6", field: "zone", msg: `unknown zone "XX" (zones are A, AM, BE, C, CL`},
		{name: "not a CR zone", file: fm, after: `id = "H6"`, old: `zone = "HU"`, new: `zone = "N"`, where: "pa H6", field: "zone", msg: "N is a peripheral zone; a PA lies in a CR zone"},
		{name: "another CR's zone", file: fm, after: `id = "H6"`, old: `zone = "HU"`, new: `zone = "CL"`, where: "pa H6", field: "zone", msg: "CL is the zone of Claudine, but the PA belongs to Huguette"},
		{name: "CR name", file: fm, after: `id = "H6"`, old: `cr = "Huguette"`, new: `cr = "Hugo"`, where: "pa H6", field: "cr", msg: "not a CR of the rulebook"},
		{name: "id collides with a zone", file: fm, after: `id = "H6"`, old: `id = "H6"`, new: `id = "HU"`, where: "pa HU", field: "id", msg: "already the id of zone HU"},
		{name: "position outside the map", file: fm, after: `id = "H6"`, old: "x = 425", new: "x = nan", where: "pa H6", field: "x", msg: "outside the map"},
		{name: "position outside its zone", file: fm, after: `id = "H6"`, old: "x = 425", new: "x = 600", where: "pa H6", field: "x", msg: "outside the shape of zone HU"},
		{name: "inset PA outside the inset", file: fm, after: `id = "I1"`, old: "x = 800", new: "x = 300", where: "pa I1", field: "x", msg: "outside the inset box"},
		{name: "hill", file: fm, after: `id = "G1"`, old: `hill = "gabrielle"`, new: `hill = "gabriele"`, where: "pa G1", field: "hill", msg: `"gabriele"`},
		{name: "9 the camp has 44 PAs", file: fm, after: `id = "H7"`, old: "[[pa]]\nid = \"F1\"", new: "[[pa]]\nid = \"H8\"\nname = \"Huguette 8\"\ncr = \"Huguette\"\nzone = \"HU\"\nencirclable = true\nx = 360\ny = 460\n\n[[pa]]\nid = \"F1\"",
			at: "^[[pa]]\nid = \"G1\"", field: "pa", msg: "found 45 PAs; the camp has 44"},
		{name: "unreachable PA", file: fm, after: `id = "H7"`, old: "[[pa]]\nid = \"F1\"", new: "[[pa]]\nid = \"H8\"\nname = \"Huguette 8\"\ncr = \"Huguette\"\nzone = \"HU\"\nencirclable = true\nx = 360\ny = 460\n\n[[pa]]\nid = \"F1\"",
			at: `id = "H8"`, where: "pa H8", field: "id", msg: "neither an assault base nor a line"},
		{name: "CR zone without PAs", file: fm, after: `id = "JN1"`, old: `zone = "JU"`, new: `zone = "OP"`, more: [][2]string{{`cr = "Junon"`, `cr = "Opera"`}}, at: "^" + `id = "JU"`, where: "zone JU", field: "id", msg: "CR zone JU has no PA"},
	})
}

func TestLoad_3_2_AirTransportPAs(t *testing.T) {
	runCases(t, []loadCase{
		{name: "H1 counts", file: fm, after: `id = "H1"`, old: "air_transport = true\n", new: "", at: "^[[pa]]", where: "pa H1", field: "air_transport", msg: "H1 is one: want air_transport = true"},
		{name: "H2 does not", file: fm, after: `id = "H2"`, old: "encirclable = true", new: "encirclable = true\nair_transport = true", at: "air_transport", where: "pa H2", field: "air_transport", msg: "H2 is not one (3.2"},
		{name: "Beatrice counts", file: fm, after: `id = "B3"`, old: "air_transport = true\n", new: "", at: "^[[pa]]", where: "pa B3", field: "air_transport", msg: "B3 is one"},
		{name: "AM3 does not", file: fm, after: `id = "AM3"`, old: `zone = "AM"`, new: "zone = \"AM\"\nair_transport = true", at: "air_transport", where: "pa AM3", field: "air_transport", msg: "AM3 is not one"},
		{name: "named PA in its CR", file: fm, after: `id = "AM1"`, old: `id = "AM1"`, new: `id = "AM9"`, at: "^[[pa]]\nid = \"G1\"", field: "pa", msg: "no PA AM1"},
	})
}

func TestLoad_8_EncirclableAndHills(t *testing.T) {
	runCases(t, []loadCase{
		{name: "8 Junon encirclable", file: fm, after: `id = "JN1"`, old: "encirclable = true\n", new: "", at: "^[[pa]]", where: "pa JN1", field: "encirclable", msg: "JN1 is one"},
		{name: "8 Dominique not encirclable", file: fm, after: `id = "D3"`, old: `hill = "hill"`, new: "hill = \"hill\"\nencirclable = true", at: "encirclable", where: "pa D3", field: "encirclable", msg: "D3 is not one (8"},
		{name: "8 encirclable on the west bank", file: fm, after: `id = "JU"`, old: "west_bank = true\n", new: "", at: "encirclable = true\nx = 472\ny = 630", where: "pa JN1", field: "encirclable", msg: "zone JU is not west_bank"},
		{name: "8 strategic hill E4", file: fm, after: `id = "E4"`, old: "strategic_hill = true\n", new: "", at: "^[[pa]]", where: "pa E4", field: "strategic_hill", msg: "E4 is one"},
		{name: "8 D5 is secondary", file: fm, after: `id = "D5"`, old: `hill = "hill"`, new: "hill = \"hill\"\nstrategic_hill = true", at: "strategic_hill", where: "pa D5", field: "strategic_hill", msg: "D5 is not one"},
		{name: "8 strategic hill in its CR", file: fm, after: `id = "E2"`, old: `cr = "Elaine"`, new: `cr = "Dominique"`, more: [][2]string{{`zone = "EL"`, `zone = "DO"`}, {"x = 625\ny = 600", "x = 630\ny = 505"}}, at: `cr = "Dominique"`, where: "pa E2", field: "cr", msg: "E2 belongs to Elaine"},
	})
}

func TestLoad_9_2_AttritionPoints(t *testing.T) {
	runCases(t, []loadCase{
		{name: "H7", file: fm, after: `id = "H7"`, old: "attrition_point = true\n", new: "", at: "^[[pa]]", where: "pa H7", field: "attrition_point", msg: "H7 is one"},
		{name: "H5", file: fm, after: `id = "H5"`, old: "encirclable = true", new: "encirclable = true\nattrition_point = true", at: "attrition_point", where: "pa H5", field: "attrition_point", msg: "H5 is not one (9.2"},
	})
}

func TestLoad_0_2_AssaultBases(t *testing.T) {
	runCases(t, []loadCase{
		{name: "zone not peripheral", file: fm, after: `id = "N>H6"`, old: `zone = "N"`, new: `zone = "HU"`, where: "base N>H6", field: "zone", msg: "assault bases belong to peripheral zones"},
		{name: "unknown zone", file: fm, after: `id = "N>H6"`, old: `zone = "N"`, new: `zone = "NN"`, where: "base N>H6", field: "zone", msg: `unknown zone "NN"`},
		{name: "PA not adjacent", file: fm, after: `id = "N>H6"`, old: `pas = ["H6"]`, new: `pas = ["H6", "D1"]`, where: "base N>H6", field: "pas[1]", msg: "zone N is not adjacent to D1's CR zone DO"},
		{name: "unknown PA", file: fm, after: `id = "N>H6"`, old: `pas = ["H6"]`, new: `pas = ["H9"]`, where: "base N>H6", field: "pas[0]", msg: `unknown PA "H9" (PAs are AM1, AM2`},
		{name: "PA twice", file: fm, after: `id = "N>H6"`, old: `pas = ["H6"]`, new: `pas = ["H6", "H6"]`, where: "base N>H6", field: "pas[1]", msg: "listed twice"},
		{name: "no PA", file: fm, after: `id = "N>H6"`, old: `pas = ["H6"]`, new: `pas = []`, where: "base N>H6", field: "pas", msg: "at least one PA"},
		{name: "id collides", file: fm, after: `id = "N>H6"`, old: `id = "N>H6"`, new: `id = "A>G1"`, where: "base A>G1", field: "id", msg: "already the id of base A>G1"},
		{name: "inset base outside the inset", file: fm, after: `id = "IP>I5"`, old: "x = 945", new: "x = 600", where: "base IP>I5", field: "x", msg: "outside the inset box"},
	})
}

func TestLoad_0_1_PALines(t *testing.T) {
	runCases(t, []loadCase{
		{name: "unknown PA", file: fm, old: `["G1", "G2"]`, new: `["G1", "G9"]`, field: "lines[0]", msg: `unknown PA "G9"`},
		{name: "same PA", file: fm, old: `["G1", "G2"]`, new: `["G1", "G1"]`, field: "lines[0]", msg: "two distinct PAs"},
		{name: "duplicate", file: fm, old: `["B1", "B3"]`, new: `["B2", "B1"]`, field: "lines[2]", msg: "duplicates lines[1]"},
	})
}

func TestLoad_3_2_Roads(t *testing.T) {
	runCases(t, []loadCase{
		{name: "not adjacent", file: fm, after: `id = "crc-isabelle"`, old: `zones = ["CL", "G"`, new: `zones = ["CL", "H"`, where: "road crc-isabelle", field: "zones[1]", msg: "H is not adjacent to CL"},
		{name: "unknown zone", file: fm, after: `id = "crc-isabelle"`, old: `"IP", "IS"]`, new: `"IP", "ISA"]`, where: "road crc-isabelle", field: "zones[4]", msg: `unknown zone "ISA"`},
		{name: "too short", file: fm, after: `id = "crc-isabelle"`, old: `zones = ["CL", "G", "JZ4", "IP", "IS"]`, new: `zones = ["CL"]`, where: "road crc-isabelle", field: "zones", msg: "at least two zones"},
		{name: "no road to Isabelle", file: fm, after: "[[road]]", old: `"JZ4", "IP", "IS"]`, new: `"JZ4"]`, more: [][2]string{{`"JZ4", "IP", "IS"]`, `"JZ4"]`}},
			at: "^[[road]]", field: "road", msg: "no road runs from a CRC zone through JZ4 to Isabelle"},
	})
}

func TestLoad_1_1_FrenchUnits(t *testing.T) {
	runCases(t, []loadCase{
		{name: "kind", file: fu, after: `id = "1BEP-1"`, old: `kind = "infantry"`, new: `kind = "cavalry"`, where: "french 1BEP-1", field: "kind", msg: "want infantry, thai, mg or tank"},
		{name: "tank steps", file: fu, after: `id = "TK-1"`, old: "steps = 2", new: "steps = 1", where: "french TK-1", field: "steps", msg: "two steps"},
		{name: "machine-gun steps", file: fu, after: `id = "MG-1"`, old: "steps = 1", new: "steps = 2", where: "french MG-1", field: "steps", msg: "single step"},
		{name: "three steps", file: fu, after: `id = "BT3-1"`, old: "steps = 1", new: "steps = 3", where: "french BT3-1", field: "steps", msg: "1 or 2 steps"},
		{name: "fire", file: fu, after: `id = "1BEP-1"`, old: "fire = 3", new: "fire = 0", where: "french 1BEP-1", field: "fire", msg: "want 1..9"},
		{name: "morale", file: fu, after: `id = "1BEP-1"`, old: "morale = 5", new: "morale = 10", where: "french 1BEP-1", field: "morale", msg: "want 1..9"},
		{name: "reduced side missing", file: fu, after: `id = "1BEP-1"`, old: "reduced_melee = 3\n", new: "", at: "^[[french]]", where: "french 1BEP-1", field: "reduced_melee", msg: "reduced values 1..9"},
		{name: "reduced above full", file: fu, after: `id = "1BEP-1"`, old: "reduced_fire = 2", new: "reduced_fire = 4", where: "french 1BEP-1", field: "reduced_fire", msg: "above the full-strength value 3"},
		{name: "single step has no reduced side", file: fu, after: `id = "BT3-1"`, old: "morale = 2", new: "morale = 2\nreduced_morale = 1", at: "reduced_morale", where: "french BT3-1", field: "reduced_morale", msg: "no reduced side"},
		{name: "battalion", file: fu, after: `id = "1BEP-1"`, old: "battalion = \"1BEP\"\n", new: "", at: "^[[french]]", where: "french 1BEP-1", field: "battalion", msg: "missing"},
		{name: "id collides with a PA", file: fu, after: `id = "1BEP-1"`, old: `id = "1BEP-1"`, new: `id = "H6"`, where: "french H6", field: "id", msg: "already the id of PA H6"},
		{name: "id twice", file: fu, after: `id = "1BEP-2"`, old: `id = "1BEP-2"`, new: `id = "1BEP-1"`, where: "french 1BEP-1", field: "id", msg: "already the id of French unit 1BEP-1"},
	})
}

func TestLoad_1_2_VMUnits(t *testing.T) {
	runCases(t, []loadCase{
		{name: "id is division/regiment/battalion", file: fu, after: `id = "308/88/23"`, old: `regiment = "88"`, new: `regiment = "36"`, at: `id = "308/88/23"`, where: "vm 308/88/23", field: "id", msg: "want 308/36/..."},
		{name: "melee", file: fu, after: `id = "308/88/23"`, old: "melee = 6", new: "melee = 0", where: "vm 308/88/23", field: "melee", msg: "want 1..9"},
		{name: "symbol", file: fu, after: `id = "308/88/23"`, old: "symbol = \"88\"\n", new: "", at: "^[[vm]]", where: "vm 308/88/23", field: "symbol", msg: "missing"},
		{name: "id twice", file: fu, after: `id = "308/88/29"`, old: `id = "308/88/29"`, new: `id = "308/88/23"`, where: "vm 308/88/23", field: "id", msg: "already the id of VM battalion 308/88/23"},
		{name: "4.2.1 dummies turn", file: fu, old: "dummies_turn = 6", new: "dummies_turn = 9", field: "dummies_turn", msg: "want a turn 1..8"},
		{name: "1.2 dummies", file: fu, old: "dummies = 6", new: "dummies = -1", field: "dummies", msg: "want 0..30"},
	})
}

func TestLoad_3_Arrivals(t *testing.T) {
	runCases(t, []loadCase{
		{name: "3.2 no drops on turn 1", file: fu, after: "[[french_arrival]]", old: "turn = 2", new: "turn = 1", where: "french_arrival turn 1", field: "turn", msg: "no paratroop drops on the first turn"},
		{name: "3.2 paratroops only", file: fu, after: "[[french_arrival]]\nturn = 4", old: `"2/1RCP-1"`, new: `"1/2REI-1"`, where: "french_arrival turn 4", field: "units[0]", msg: "not a paratroop unit"},
		{name: "unknown unit", file: fu, after: "[[french_arrival]]\nturn = 4", old: `"2/1RCP-1"`, new: `"2/1RCP-9"`, where: "french_arrival turn 4", field: "units[0]", msg: "unknown French unit"},
		{name: "unit twice", file: fu, after: "[[french_arrival]]\nturn = 4", old: `"2/1RCP-1"`, new: `"6BPC-1"`, where: "french_arrival turn 4", field: "units[0]", msg: "6BPC-1 already arrives in french_arrival turn 2"},
		{name: "3.1 VM turn", file: fu, after: "[[vm_arrival]]", old: "turn = 5", new: "turn = 9", where: "vm_arrival turn 9", field: "turn", msg: "want 1..8"},
		{name: "3.1 VM unknown battalion", file: fu, after: "[[vm_arrival]]", old: `"304/9/353"`, new: `"304/9/35"`, where: "vm_arrival turn 5", field: "units[0]", msg: "unknown VM battalion"},
		{name: "no units", file: fu, after: "[[vm_arrival]]", old: `units = ["304/9/353", "304/9/375", "304/9/400"]`, new: "units = []", where: "vm_arrival turn 5", field: "units", msg: "no units"},
	})
}

func TestLoad_2_Calendar(t *testing.T) {
	runCases(t, []loadCase{
		{name: "order", file: ft, after: "[[calendar.turn]]\nturn = 3", old: "turn = 3", new: "turn = 4", where: "calendar, turn 4", field: "turn", msg: "want 3 here"},
		{name: "eight turns", file: ft, after: "[[calendar.turn]]\nturn = 8", old: "[[calendar.turn]]\nturn = 8\ndate = \"1 May 1954\"\nrain = true\nvm_munition = 2\n", new: "", at: "^[calendar]", where: "calendar", field: "turn", msg: "found 7 turns"},
		{name: "3.1 one or two levels", file: ft, after: "turn = 6", old: "vm_munition = 2", new: "vm_munition = 3", where: "calendar, turn 6", field: "vm_munition", msg: "1 or 2 levels"},
		{name: "date", file: ft, after: "turn = 6", old: `date = "17 April 1954"`, new: `date = ""`, where: "calendar, turn 6", field: "date", msg: "missing"},
	})
}

func TestLoad_5_4_Munitions(t *testing.T) {
	runCases(t, []loadCase{
		{name: "first band", file: ft, after: "[[munitions.band]]", old: "min = 0", new: "min = 1", where: "munitions, band min 1", field: "min", msg: "starts at level 0"},
		{name: "bands ascend", file: ft, after: "[[munitions.band]]\nmin = 3", old: "min = 3", new: "min = 1", where: "munitions, band min 1", field: "min", msg: "bands ascend"},
		{name: "maximum", file: ft, old: "french_max = 10", new: "french_max = 0", where: "munitions", field: "french_max", msg: "want 1..99"},
	})
}

func TestLoad_5_2_FireTable(t *testing.T) {
	runCases(t, []loadCase{
		{name: "first column", file: ft, after: `label = "1-2"`, old: "min = 1", new: "min = 0", where: "fire, column 1-2", field: "min", msg: "starts at strength 1"},
		{name: "contiguous", file: ft, after: `label = "3-4"`, old: "min = 3", new: "min = 4", where: "fire, column 3-4", field: "min", msg: "want 3 after 2"},
		{name: "open last column", file: ft, after: `label = "26+"`, old: "max = 0", new: "max = 30", where: "fire, column 26+", field: "max", msg: "the last column is open"},
		{name: "closed columns", file: ft, after: `label = "7-9"`, old: "max = 9", new: "max = 0", where: "fire, column 7-9", field: "max", msg: "below min 7"},
		{name: "six results", file: ft, after: `label = "7-9"`, old: `results = ["*", "-", "T", "D", "D", "1"]`, new: `results = ["*", "-", "T", "D", "D"]`, where: "fire, column 7-9", field: "results", msg: "found 5 results"},
		{name: "result code", file: ft, after: `label = "7-9"`, old: `results = ["*", "-", "T", "D", "D", "1"]`, new: `results = ["*", "-", "T", "D", "D", "4"]`, where: "fire, column 7-9", field: "results[5]", msg: `"4": want one of`},
		{name: "label", file: ft, after: `label = "7-9"`, old: `label = "7-9"`, new: `label = "5-6"`, where: "fire, column 5-6", field: "label", msg: "repeated label"},
	})
}

func TestLoad_5_5_HandToHand(t *testing.T) {
	runCases(t, []loadCase{
		{name: "ratios ascend", file: ft, after: `label = "1-2"`, old: "att = 1\ndef = 2", new: "att = 3\ndef = 2", at: "att = 1\ndef = 1", where: "hand_to_hand, column 1-1", field: "att", msg: "columns ascend by ratio"},
		{name: "result code", file: ft, after: `label = "3-1"`, old: `"D2+T"]`, new: `"D3+T"]`, where: "hand_to_hand, column 3-1", field: "results[5]", msg: `"D3+T": want one of`},
		{name: "defender strength", file: ft, after: `label = "3-1"`, old: "def = 1", new: "def = 0", where: "hand_to_hand, column 3-1", field: "def", msg: "want 1..99"},
	})
}

func TestLoad_3_2_AirTransportTable(t *testing.T) {
	runCases(t, []loadCase{
		{name: "first line", file: ft, after: "[[air_transport.line]]", old: "lost = 0", new: "lost = 1", where: "air_transport, line lost 1", field: "lost", msg: "the first line is for 0 lost"},
		{name: "lines ascend", file: ft, after: "[[air_transport.line]]\nlost = 6", old: "lost = 6", new: "lost = 4", where: "air_transport, line lost 4", field: "lost", msg: "lines ascend, the previous is 4"},
		{name: "munitions", file: ft, after: "[[air_transport.line]]\nlost = 6", old: "munitions = [0, 1, 1, 1, 2, 2]", new: "munitions = [0, 1, 1, 1, 2, 12]", where: "air_transport, line lost 6", field: "munitions[5]", msg: "want 0..10"},
		{name: "captured", file: ft, after: "[[air_transport.line]]\nlost = 6", old: "captured = [1, 1, 1, 0, 0, 0]", new: "captured = [-1, 1, 1, 0, 0, 0]", where: "air_transport, line lost 6", field: "captured[0]", msg: "want 0..10"},
		{name: "airpower", file: ft, after: "[airpower]", old: "points = [0, 1, 1, 2, 2, 3]", new: "points = [0, 1, 1, 2, 2, 30]", where: "airpower", field: "points[5]", msg: "want 0..9"},
	})
}

func TestLoad_4_1_LostTable(t *testing.T) {
	runCases(t, []loadCase{
		{name: "first line", file: ft, after: "[[lost.line]]", old: "lost = 0", new: "lost = 2", where: "lost, line lost 2", field: "lost", msg: "the first line is for 0 lost"},
		{name: "lines ascend", file: ft, after: "[[lost.line]]\nlost = 10", old: "lost = 10", new: "lost = 5", where: "lost, line lost 5", field: "lost", msg: "lines ascend"},
		{name: "companies", file: ft, after: "[[lost.line]]\nlost = 10", old: "companies = 2", new: "companies = -2", where: "lost, line lost 10", field: "companies", msg: "want 0..20"},
	})
}

func TestLoad_1_4_StackingAndCounts(t *testing.T) {
	runCases(t, []loadCase{
		{name: "1.4 PA terrain", file: ft, old: "french_pa_terrain = 2", new: "french_pa_terrain = 0", where: "stacking", field: "french_pa_terrain", msg: "(1.4: two)"},
		{name: "3.1 entrenchment", file: ft, old: "points = 12", new: "points = 0", where: "entrenchment", field: "points", msg: "(3.1: twelve)"},
		{name: "3.2 replacements", file: ft, old: "per_turn = 3", new: "per_turn = -3", where: "replacements", field: "per_turn", msg: "(3.2: three)"},
	})
}

func TestLoad_9_Scenarios(t *testing.T) {
	const ia, fh = `id = "initial-assault"`, `id = "five-hills"`
	runCases(t, []loadCase{
		{name: "the three scenarios", file: fs_, old: fh, new: `id = "five-hill"`, at: "[[scenario]]", field: "scenario", msg: `no scenario "five-hills"`},
		{name: "id twice", file: fs_, old: fh, new: `id = "initial-assault"`, at: `id = "initial-assault"`, after: "Scenario 2", where: "scenario initial-assault", field: "id", msg: "defined twice"},
		{name: "last turn", file: fs_, after: fh, old: "last_turn = 4", new: "last_turn = 9", where: "scenario five-hills", field: "last_turn", msg: "want 3..8"},
		{name: "first turn", file: fs_, after: fh, old: "first_turn = 3", new: "first_turn = 0", where: "scenario five-hills", field: "first_turn", msg: "want 1..8"},
		{name: "victory", file: fs_, after: ia, old: "victory = \"\"\"\nThe VM player's goal is to capture at least 10 PAs, anywhere on the map,\nwithout taking more than 20 step losses. Otherwise, the French player wins.\n\"\"\"", new: `victory = ""`, where: "scenario initial-assault", field: "victory", msg: "missing"},
		{name: "1.5 losses", file: fs_, after: fh, old: "vm_losses = 15", new: "vm_losses = 86", where: "scenario five-hills", field: "vm_losses", msg: "want 0..85"},
		{name: "munitions", file: fs_, after: fh, old: "vm_munitions = 5", new: "vm_munitions = 11", where: "scenario five-hills", field: "vm_munitions", msg: "want 0..10"},
		{name: "captured unknown", file: fs_, after: fh, old: `captured = ["G1"`, new: `captured = ["G9"`, where: "scenario five-hills", field: "captured[0]", msg: `unknown PA "G9"`},
		{name: "French on a zone", file: fs_, after: ia, old: `at = "G1"`, new: `at = "GA"`, where: "scenario initial-assault, french at GA", field: "at", msg: "not a PA"},
		{name: "French on a captured PA", file: fs_, after: fh, old: `at = "AM3"`, new: `at = "AM1"`, where: "scenario five-hills, french at AM1", field: "at", msg: "captured at the start"},
		{name: "unknown French unit", file: fs_, after: ia, old: `units = ["1/2REI-2"]`, new: `units = ["1/2REI-9"]`, where: "scenario initial-assault, french at H2", field: "units[0]", msg: `unknown French unit "1/2REI-9"`},
		{name: "unit placed twice", file: fs_, after: ia, old: `units = ["1/2REI-2"]`, new: `units = ["1/2REI-1"]`, where: "scenario initial-assault, french at H2", field: "units[0]", msg: "already placed at H1"},
		{name: "unit neither placed nor out", file: fs_, after: ia, old: `units = ["1/2REI-2"]`, new: `units = ["1/2REI-1"]`, at: "french_out", where: "scenario initial-assault", field: "french_out", msg: "1/2REI-2 is neither placed nor out of play"},
		{name: "3.2 reinforcement placed early", file: fs_, after: ia, old: `units = ["1/2REI-2"]`, new: `units = ["1/2REI-2", "5BPVN-1"]`, where: "scenario initial-assault, french at H2", field: "units[1]", msg: "arrives on turn 2"},
		{name: "placed and out", file: fs_, after: fh, old: "french_out = [\n  \"5/7RTA-1\"", new: "french_out = [\n  \"1/2REI-2\", \"5/7RTA-1\"", at: `units = ["1/2REI-2"]`, where: "scenario five-hills, french at H2", field: "units[0]", msg: "listed as out of play"},
		{name: "out twice", file: fs_, after: fh, old: `vm_out = ["312/209/130"`, new: `vm_out = ["312/209/130", "312/209/130"`, where: "scenario five-hills", field: "vm_out[1]", msg: "listed twice"},
		{name: "3.3 VM in an untrenched zone", file: fs_, after: ia, old: "[[scenario.vm]]\nat = \"K\"", new: "[[scenario.vm]]\nat = \"N\"", at: `at = "N"`, where: "scenario initial-assault, vm at N", field: "at", msg: "N has no trench"},
		{name: "3.3 VM on a French PA", file: fs_, after: ia, old: "[[scenario.vm]]\nat = \"K\"", new: "[[scenario.vm]]\nat = \"H6\"", at: "at = \"H6\"\nunits = [\"312/165/564\"]", where: "scenario initial-assault, vm at H6", field: "at", msg: "H6 is a French PA"},
		{name: "VM battalion placed twice", file: fs_, after: ia, old: `units = ["312/165/564"]`, new: `units = ["312/165/115"]`, where: "scenario initial-assault, vm at K", field: "units[0]", msg: "already placed at C"},
		{name: "VM battalion neither placed nor out", file: fs_, after: ia, old: `units = ["312/165/564"]`, new: `units = ["312/165/115"]`, at: "vm_out", where: "scenario initial-assault", field: "vm_out", msg: "312/165/564 is neither placed"},
		{name: "3.1 VM reinforcement placed early", file: fs_, after: fh, old: `units = ["304/57/418"]`, new: `units = ["304/57/418", "304/9/353"]`, where: "scenario five-hills, vm at JZ4", field: "units[1]", msg: "arrives on turn 5"},
	})
}

func TestLoad_3_1_Trenches(t *testing.T) {
	const ia, fh = `id = "initial-assault"`, `id = "five-hills"`
	runCases(t, []loadCase{
		{name: "level", file: fs_, after: ia, old: "at = \"A\"\nlevel = 1", new: "at = \"A\"\nlevel = 4", at: "level = 4", where: "scenario initial-assault, trench at A", field: "level", msg: "trench levels are 1..3"},
		{name: "not in a CR zone", file: fs_, after: ia, old: "at = \"A\"\nlevel = 1", new: "at = \"GA\"\nlevel = 1", where: "scenario initial-assault, trench at GA", field: "at", msg: "GA is a cr zone"},
		{name: "not in a jungle zone", file: fs_, after: ia, old: "at = \"A\"\nlevel = 1", new: "at = \"JZ1\"\nlevel = 1", where: "scenario initial-assault, trench at JZ1", field: "at", msg: "JZ1 is a jungle zone"},
		{name: "8 only encirclable PAs", file: fs_, after: fh, old: "at = \"F\"\nlevel = 1", new: "at = \"D1\"\nlevel = 1", where: "scenario five-hills, trench at D1", field: "at", msg: "D1 cannot be encircled"},
		{name: "encirclement needs a captured PA on a line", file: fs_, after: fh, old: "at = \"F\"\nlevel = 1", new: "at = \"H6\"\nlevel = 1", where: "scenario five-hills, trench at H6", field: "at", msg: "no captured PA of HU is joined to H6"},
		{name: "chained to a jungle zone", file: fs_, after: fh, old: "[[scenario.trench]]\nat = \"K\"", new: "[[scenario.trench]]\nat = \"R\"", at: "at = \"N\"\nlevel", where: "scenario five-hills, trench at N", field: "at", msg: "no chain of trenches joins N to a jungle zone"},
		{name: "twice", file: fs_, after: ia, old: "at = \"C\"\nlevel = 2", new: "at = \"A\"\nlevel = 2", where: "scenario initial-assault, trench at A", field: "at", msg: "two trench entries"},
		{name: "around a PA, chained through a trenched zone", file: fs_, after: fh, old: `captured = ["G1"`, new: `captured = ["F1", "G1"`,
			more: [][2]string{{"[[scenario.trench]]\nat = \"P\"\nlevel = 2", "[[scenario.trench]]\nat = \"F2\"\nlevel = 1"}, {"[[scenario.french]]\nat = \"F1\"\nunits = [\"BT2-1\"]\n", ""}, {"[[scenario.trench]]\nat = \"Q\"\nlevel = 1", "[[scenario.trench]]\nat = \"R\"\nlevel = 1"}},
			at:   "at = \"F2\"", where: "scenario five-hills, trench at F2", field: "at", msg: "no chained trench in a peripheral zone next to FR"},
		{name: "level 3 needs a battalion", file: fs_, after: fh, old: "at = \"F\"\nlevel = 1", new: "at = \"F\"\nlevel = 3", at: "level = 3\n\n[[scenario.trench]]\nat = \"P\"", where: "scenario five-hills, trench at F", field: "level", msg: "needs a battalion in F"},
	})
}

func TestLoad_0_1_CRNames(t *testing.T) {
	for in, want := range map[string]string{
		"Françoise": "Françoise", "Francoise": "Françoise", "FRANÇOISE": "Françoise",
		"Anne-Marie": "Anne-Marie", "Anne Marie": "Anne-Marie", "annemarie": "Anne-Marie",
		"Béatrice": "Beatrice", "Eliane": "Elaine", "Éliane": "Elaine", "Lilie": "Lili", "Lily": "Lili",
		"Opéra": "Opera", "Épervier": "Epervier", "Hugo": "", "": "",
	} {
		if got := ldCanonCR(in); got != want {
			t.Errorf("ldCanonCR(%q) = %q, want %q", in, got, want)
		}
	}
}

// ------------------------------------------------------------ LoadDir

func TestLoadDir_Inv6_OperatorTranscription(t *testing.T) {
	files := embeddedFiles(t)
	dir := t.TempDir()
	// A transcribed Fire Table replaces the embedded one.
	tables := strings.Replace(files[FileTables], `label = "26+"`+"\nmin = 26\nmax = 0\nresults = [\"*\", \"1\", \"2\", \"2\", \"3\", \"3\"]",
		`label = "26+"`+"\nmin = 26\nmax = 0\nresults = [\"*\", \"2\", \"2\", \"3\", \"3\", \"3\"]", 1)
	tables = strings.Replace(tables, "[fire]\nprovenance = \"reconstructed\"", "[fire]\nprovenance = \"rulebook\"", 1)
	if err := os.WriteFile(filepath.Join(dir, FileTables), []byte(tables), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := LoadOver(os.DirFS(dir), dir)
	if err != nil {
		t.Fatalf("LoadOver: %v", err)
	}
	cols := d.Tables.Fire.Columns
	if d.Tables.Fire.Provenance != FromRulebook || cols[len(cols)-1].Results[1] != "2" {
		t.Errorf("the transcription did not replace the embedded table: %v %v", d.Tables.Fire.Provenance, cols[len(cols)-1].Results)
	}
	if len(d.PAs) != 44 {
		t.Errorf("the embedded map was not used: %d PAs", len(d.PAs))
	}

	// A fault in the transcription names its path.
	bad := strings.Replace(tables, "points = 12", "points = 0", 1)
	if err := os.WriteFile(filepath.Join(dir, FileTables), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = LoadOver(os.DirFS(dir), dir)
	want := filepath.Join(dir, FileTables) + ":"
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "entrenchment: field points") {
		t.Errorf("want an error naming %s, got %v", want, err)
	}

	// A directory without data files, or no directory, is refused.
	if _, err := LoadOver(os.DirFS(t.TempDir()), "x"); err == nil || !strings.Contains(err.Error(), "none of map.toml") {
		t.Errorf("empty directory: %v", err)
	}
}

func TestLoadFS_MissingFile(t *testing.T) {
	files := embeddedFiles(t)
	delete(files, FileUnits)
	_, err := LoadFS(mapFS(files))
	if err == nil || !strings.Contains(err.Error(), "units.toml: cannot read") {
		t.Fatalf("want a read error naming units.toml, got %v", err)
	}
}

// Every fault of a badly broken file names file, line and field.
func TestLoad_Inv6_EveryErrorLocated(t *testing.T) {
	files := embeddedFiles(t)
	// Unknown zones, kinds and locations; every x beyond the map ("x = 425"
	// becomes "x = 2000 #425").
	r := strings.NewReplacer(`zone = "`, `zone = "Q`, `kind = "`, `kind = "x`, "x = ", "x = 2000 #", `at = "`, `at = "Z`)
	for _, n := range []string{FileMap, FileScenarios} {
		f := map[string]string{}
		for k, v := range files {
			f[k] = v
		}
		f[n] = r.Replace(f[n])
		_, err := LoadFS(mapFS(f))
		var es DataErrors
		if !errors.As(err, &es) || len(es) < 10 {
			t.Fatalf("%s: want many faults, got %v", n, err)
		}
		for _, e := range es {
			if e.File == "" || e.Line < 1 || e.Field == "" {
				t.Errorf("%s: fault without file, line or field: %q", n, e.Error())
			}
		}
	}
}

// Found by FuzzLoad: a value where a table belongs (`lost = 0` in
// tables.toml) is a fault that names its key.
func TestLoad_Inv6_ScalarForTable(t *testing.T) {
	files := embeddedFiles(t)
	files[FileTables] = "lost = 0\n"
	_, err := LoadFS(mapFS(files))
	var es DataErrors
	if !errors.As(err, &es) {
		t.Fatalf("%T %v", err, err)
	}
	for _, e := range es {
		if e.Field == "lost" && strings.Contains(e.Msg, "want a table, found the integer 0") && e.Line == 1 {
			return
		}
	}
	t.Fatalf("no fault names the key lost: %v", err)
}
