package hell

// Loading and checking the data files (DESIGN invariant 6).
//
// The four files under data/ are embedded. LoadFS reads them from any
// fs.FS and LoadOver lets an operator replace any of them with a
// transcription of the printed charts. The shared loader (package
// dataload) reads each file, decodes it strictly into the Go types of
// data.go and reports unknown keys and wrong types at their lines; this
// file holds Hell's own checks: the rules, within and across the four
// files. Every fault names its file, line, table element and field:
//
//	map.toml:123: pa H6: field zone: unknown zone "XX" (zones are A, C, ...)

import (
	"embed"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/umpirebot/umpire/adjudicator/dataload"
)

//go:embed data/*.toml
var ldEmbedded embed.FS

// The data files, in load order.
const (
	FileMap       = "map.toml"
	FileUnits     = "units.toml"
	FileTables    = "tables.toml"
	FileScenarios = "scenarios.toml"
)

var ldDataFiles = []string{FileMap, FileUnits, FileTables, FileScenarios}

// Numbers the rules fix.
const (
	ldCampPAs     = 44   // 9: "33 of the 44 PAs"
	ldLastTurn    = 8    // 9.3: eight turns
	ldMapSize     = 1000 // map units
	ldMaxVMLosses = 85   // 1.5: 86 steps and the siege fails
)

// ldLabels name the tables of the arrays of tables in faults: "pa H6",
// "column 10-12", "trench at T", "turn 3", "line lost 4", "zone #7".
var ldLabels = []dataload.Label{{Key: "id"}, {Key: "label"}, {Key: "at", Show: true},
	{Key: "turn", Show: true}, {Key: "lost", Show: true}, {Key: "min", Show: true}}

var (
	ldDefaultOnce sync.Once
	ldDefaultData *Data
	ldDefaultErr  error
)

// Default returns the embedded data, loaded and checked once.
func Default() (*Data, error) {
	ldDefaultOnce.Do(func() {
		sub, err := fs.Sub(ldEmbedded, "data")
		if err != nil {
			ldDefaultErr = err
			return
		}
		ldDefaultData, ldDefaultErr = LoadFS(sub)
	})
	return ldDefaultData, ldDefaultErr
}

// MustDefault is Default for callers that cannot go on without the data.
func MustDefault() *Data {
	d, err := Default()
	if err != nil {
		panic("hell: embedded data: " + err.Error())
	}
	return d
}

// LoadFS reads map.toml, units.toml, tables.toml and scenarios.toml from
// the root of fsys and checks them.
func LoadFS(fsys fs.FS) (*Data, error) {
	return ldLoad(dataload.New(fsys, ldDataFiles...))
}

// LoadOver loads the data with any of the four files present in over
// replacing the embedded one: an operator's transcription of the printed
// charts. Faults in a replaced file name its path under dir (the name the
// operator gave). The caller opens the directory (os.DirFS), so this
// package never touches the file system itself.
func LoadOver(over fs.FS, dir string) (*Data, error) {
	sub, err := fs.Sub(ldEmbedded, "data")
	if err != nil {
		return nil, err
	}
	dl, err := dataload.NewOver(sub, over, dir, ldDataFiles...)
	if err != nil {
		return nil, err
	}
	return ldLoad(dl)
}

// DataError is one fault in a data file.
type DataError = dataload.Error

// DataErrors is every fault found by one load, in file and line order.
type DataErrors = dataload.Errors

// ------------------------------------------------------------------ load

type ldLoader struct {
	dl *dataload.Loader
	d  *Data
}

func ldLoad(dl *dataload.Loader) (*Data, error) {
	dl.Labels = ldLabels
	l := &ldLoader{dl: dl, d: &Data{}}
	ok := dl.Decode(FileMap, &l.d.Map)
	ok = dl.Decode(FileUnits, &l.d.Forces) && ok
	ok = dl.Decode(FileTables, &l.d.Tables) && ok
	ok = dl.Decode(FileScenarios, &l.d.Scenarios) && ok
	if ok {
		l.checkMap()
		l.checkUnits()
		l.checkTables()
		l.checkScenarios()
	}
	if err := dl.Err(); err != nil {
		return nil, err
	}
	return l.d, nil
}

// errAt records a fault at the line of path in file.
func (l *ldLoader) errAt(file string, path []any, where, field, format string, args ...any) {
	l.dl.Errorf(file, path, where, field, format, args...)
}

func ldP(parts ...any) []any { return parts }

// ldLabel names the i-th element of a table array in the checks.
func ldLabel(key, id string, i int) string {
	if id != "" {
		return key + " " + id
	}
	return key + " #" + strconv.Itoa(i+1)
}

// ------------------------------------------------------------ rule sets

// The CRs of the rulebook (0.1), by canonical name.
const (
	ldCrAnneMarie = "Anne-Marie"
	ldCrBeatrice  = "Beatrice"
	ldCrClaudine  = "Claudine"
	ldCrDominique = "Dominique"
	ldCrElaine    = "Elaine"
	ldCrEpervier  = "Epervier"
	ldCrFrancoise = "Françoise"
	ldCrGabrielle = "Gabrielle"
	ldCrHuguette  = "Huguette"
	ldCrIsabelle  = "Isabelle"
	ldCrJunon     = "Junon"
	ldCrLili      = "Lili"
	ldCrOpera     = "Opera"
)

var ldAllCRs = []string{ldCrAnneMarie, ldCrBeatrice, ldCrClaudine, ldCrDominique, ldCrElaine, ldCrEpervier,
	ldCrFrancoise, ldCrGabrielle, ldCrHuguette, ldCrIsabelle, ldCrJunon, ldCrLili, ldCrOpera}

// 0.1: the CRC; the others are peripheral CRs.
var ldCrcCRs = ldSetOf(ldCrHuguette, ldCrClaudine, ldCrLili, ldCrDominique, ldCrElaine, ldCrEpervier, ldCrOpera, ldCrJunon, ldCrFrancoise)

// 8: encirclement is only valid west of the Nam Youm.
var ldEncirclableCRs = ldSetOf(ldCrClaudine, ldCrHuguette, ldCrLili, ldCrEpervier, ldCrOpera, ldCrFrancoise, ldCrJunon)

// 3.2: the CR/PAs whose loss counts on the Air Transport Points Table.
var ldAirTransportCRs = ldSetOf(ldCrBeatrice, ldCrGabrielle)
var ldAirTransportPAs = map[string]string{"AM1": ldCrAnneMarie, "AM2": ldCrAnneMarie, "D1": ldCrDominique, "D2": ldCrDominique, "H6": ldCrHuguette, "H1": ldCrHuguette}

// 8: the strategic hills.
var ldStrategicHills = map[string]string{"D1": ldCrDominique, "D2": ldCrDominique, "E1": ldCrElaine, "E2": ldCrElaine, "E4": ldCrElaine}

// 9.2: the attrition points.
var ldAttritionPoints = map[string]string{"D1": ldCrDominique, "D2": ldCrDominique, "E1": ldCrElaine, "E2": ldCrElaine, "E4": ldCrElaine, "H6": ldCrHuguette, "H7": ldCrHuguette}

var ldScenarioIDs = []string{"initial-assault", "five-hills", "full-battle"}

var (
	ldZoneKinds    = ldSetOf(ZoneCR, ZonePeripheral, ZoneJungle)
	ldTerrains     = ldSetOf("flat", "hill", "marsh")
	ldHills        = ldSetOf("", "hill", "gabrielle")
	ldFrenchKinds  = ldSetOf(KindInfantry, KindThai, KindMG, KindTank)
	ldFireResults  = ldSetOf("-", "T", "D", "1", "2", "3", "*")
	ldHthResults   = ldSetOf("-", "T", "A1+T", "D1+T", "D2+T", "AD", "DD", "BD", "*")
	ldAccentFolder = strings.NewReplacer("é", "e", "è", "e", "ê", "e", "ë", "e", "É", "e", "ç", "c", "Ç", "c",
		"à", "a", "â", "a", "ï", "i", "î", "i", "ô", "o", "ö", "o", "ù", "u", "û", "u", "ü", "u")
	ldCrAliases = map[string]string{"eliane": ldCrElaine, "lilie": ldCrLili, "lily": ldCrLili}
)

func ldSetOf(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

func ldKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		if k != "" {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// ldCanonCR maps a CR name as written ("Francoise", "Éliane", "anne marie")
// to the rulebook's CR, or "".
func ldCanonCR(name string) string {
	s := ldAccentFolder.Replace(strings.ToLower(name))
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' {
			b.WriteRune(r)
		}
	}
	s = b.String()
	if c, ok := ldCrAliases[s]; ok {
		return c
	}
	for _, cr := range ldAllCRs {
		n := ldAccentFolder.Replace(strings.ToLower(cr))
		n = strings.ReplaceAll(n, "-", "")
		if n == s {
			return cr
		}
	}
	return ""
}

// ldValidID checks an id: ids are used in commands and logs.
func ldValidID(s string) string {
	if s == "" {
		return "empty id"
	}
	if len(s) > 32 {
		return "id longer than 32 characters"
	}
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_/.>+", r)
		if !ok {
			return fmt.Sprintf("id %q has the character %q (use letters, digits and - _ / . > +)", s, r)
		}
	}
	return ""
}

func ldInMap(x, y float64) bool {
	return x >= 0 && x <= ldMapSize && y >= 0 && y <= ldMapSize
}

func ldQuoteList(xs []string, max int) string {
	if len(xs) > max {
		return strings.Join(xs[:max], ", ") + ", ..."
	}
	return strings.Join(xs, ", ")
}

// --------------------------------------------------------------- the map

// checkProvenance: DESIGN invariant 6, each table says where it comes from.
func (l *ldLoader) checkProvenance(file string, path []any, where string, pv Provenance) {
	l.dl.Provenance(file, path, where, string(pv))
}

func (l *ldLoader) checkMap() {
	d := l.d
	m := &d.Map
	const f = FileMap
	l.checkProvenance(f, ldP("provenance"), "", m.Provenance)

	ids := map[string]string{} // every id of the map -> what it is
	claim := func(path []any, where, kind, id string) bool {
		if msg := ldValidID(id); msg != "" {
			l.errAt(f, path, where, "id", "%s", msg)
			return false
		}
		if prev, ok := ids[id]; ok {
			l.errAt(f, path, where, "id", "%q is already the id of %s (ids are unique across zones, PAs and bases)", id, prev)
			return false
		}
		ids[id] = kind + " " + id
		return true
	}

	// Inset box, river, airstrip.
	in := m.Inset
	if !(in[2] > 0 && in[3] > 0 && ldInMap(in[0], in[1]) && ldInMap(in[0]+in[2], in[1]+in[3])) {
		l.errAt(f, ldP("inset"), "", "inset", "box %v: want x, y, width, height with width, height > 0 inside 0..%d", in, ldMapSize)
	}
	inInset := func(x, y float64) bool {
		return x >= in[0] && x <= in[0]+in[2] && y >= in[1] && y <= in[1]+in[3]
	}
	for name, line := range map[string][][2]float64{"river": m.River, "airstrip": m.Airstrip} {
		if len(line) == 1 {
			l.errAt(f, ldP(name), "", name, "a line needs at least two points")
		}
		for i, pt := range line {
			if !ldInMap(pt[0], pt[1]) {
				l.errAt(f, ldP(name, i), "", fmt.Sprintf("%s[%d]", name, i), "point %v outside the map (0..%d)", pt, ldMapSize)
			}
		}
	}

	// Zones.
	d.Zones = map[string]*Zone{}
	crZone := map[string]string{} // canonical CR -> zone id
	zoneCR := map[string]string{} // zone id -> canonical CR
	baldy := []string{}
	for i := range m.Zones {
		z := &m.Zones[i]
		w := ldLabel("zone", z.ID, i)
		at := func(k string) []any { return ldP("zone", i, k) }
		if claim(at("id"), w, "zone", z.ID) {
			d.Zones[z.ID] = z
			d.ZoneOrder = append(d.ZoneOrder, z.ID)
		}
		if z.Name == "" {
			l.errAt(f, at("name"), w, "name", "missing")
		}
		if !ldZoneKinds[z.Kind] {
			l.errAt(f, at("kind"), w, "kind", "%q: want cr, peripheral or jungle (0.2)", z.Kind)
		}
		switch {
		case z.Kind == ZonePeripheral && !ldTerrains[z.Terrain]:
			l.errAt(f, at("terrain"), w, "terrain", "%q: a peripheral zone is flat, hill or marsh (0.2)", z.Terrain)
		case z.Terrain != "" && !ldTerrains[z.Terrain]:
			l.errAt(f, at("terrain"), w, "terrain", "%q: want flat, hill, marsh or nothing", z.Terrain)
		}
		if !ldHills[z.Hill] {
			l.errAt(f, at("hill"), w, "hill", "%q: want \"hill\", \"gabrielle\" or nothing", z.Hill)
		}
		if z.MountBaldy {
			baldy = append(baldy, z.ID)
			if z.Kind != ZonePeripheral {
				l.errAt(f, at("mount_baldy"), w, "mount_baldy", "Mount Baldy lies in a peripheral zone (8)")
			}
		}
		if z.Kind == ZoneCR {
			cr := ldCanonCR(z.Name)
			switch {
			case cr == "":
				l.errAt(f, at("name"), w, "name", "%q is not a CR of the rulebook (%s)", z.Name, strings.Join(ldAllCRs, ", "))
			case crZone[cr] != "":
				l.errAt(f, at("name"), w, "name", "CR %s already has zone %s (one zone per CR)", cr, crZone[cr])
			default:
				crZone[cr] = z.ID
				zoneCR[z.ID] = cr
				if z.CRC != ldCrcCRs[cr] {
					if ldCrcCRs[cr] {
						l.errAt(f, at("crc"), w, "crc", "%s is part of the CRC (0.1): want crc = true", cr)
					} else {
						l.errAt(f, at("crc"), w, "crc", "%s is a peripheral CR (0.1): want crc = false", cr)
					}
				}
			}
		} else if z.CRC {
			l.errAt(f, at("crc"), w, "crc", "only CR zones belong to the CRC")
		}
		if !ldInMap(z.X, z.Y) {
			l.errAt(f, at("x"), w, "x", "position (%v, %v) outside the map (0..%d)", z.X, z.Y, ldMapSize)
		} else if z.Inset && !inInset(z.X, z.Y) {
			l.errAt(f, at("x"), w, "x", "position (%v, %v) outside the inset box %v", z.X, z.Y, in)
		}
		if len(z.Shape) > 0 && len(z.Shape) < 3 {
			l.errAt(f, at("shape"), w, "shape", "a polygon needs at least 3 points, found %d", len(z.Shape))
		}
		for j, pt := range z.Shape {
			if !ldInMap(pt[0], pt[1]) {
				l.errAt(f, ldP("zone", i, "shape", j), w, fmt.Sprintf("shape[%d]", j), "point %v outside the map (0..%d)", pt, ldMapSize)
			} else if z.Inset && !inInset(pt[0], pt[1]) {
				l.errAt(f, ldP("zone", i, "shape", j), w, fmt.Sprintf("shape[%d]", j), "point %v outside the inset box %v", pt, in)
			}
		}
	}
	zoneIDs := append([]string(nil), d.ZoneOrder...)
	sort.Strings(zoneIDs)
	zoneList := ldQuoteList(zoneIDs, 60)
	for _, cr := range ldAllCRs {
		if crZone[cr] == "" {
			l.errAt(f, ldP("zone"), "", "zone", "no CR zone named %s (0.1 names 13 CRs: %s)", cr, strings.Join(ldAllCRs, ", "))
		}
	}
	if len(baldy) != 1 {
		l.errAt(f, ldP("zone"), "", "mount_baldy", "Mount Baldy must be in exactly one zone (8), found %d %v", len(baldy), baldy)
	}

	// Adjacency.
	d.ZoneAdj = map[string][]string{}
	for i := range m.Zones {
		z := &m.Zones[i]
		if d.Zones[z.ID] != z {
			continue
		}
		w := ldLabel("zone", z.ID, i)
		seen := map[string]bool{}
		for j, a := range z.Adjacent {
			path := ldP("zone", i, "adjacent", j)
			field := fmt.Sprintf("adjacent[%d]", j)
			other, ok := d.Zones[a]
			switch {
			case !ok:
				l.errAt(f, path, w, field, "unknown zone %q (zones are %s)", a, zoneList)
			case a == z.ID:
				l.errAt(f, path, w, field, "a zone is not adjacent to itself")
			case seen[a]:
				l.errAt(f, path, w, field, "%s listed twice", a)
			case !slices.Contains(other.Adjacent, z.ID):
				l.errAt(f, path, w, field, "%s lists %s but %s does not list %s (adjacency is symmetric)", z.ID, a, a, z.ID)
			default:
				seen[a] = true
				d.ZoneAdj[z.ID] = append(d.ZoneAdj[z.ID], a)
			}
		}
		sort.Strings(d.ZoneAdj[z.ID])
	}
	adjacent := func(a, b string) bool { return slices.Contains(d.ZoneAdj[a], b) }

	jungle := func(path []any, field, id, rule string) {
		z, ok := d.Zones[id]
		switch {
		case !ok:
			l.errAt(f, path, "", field, "unknown zone %q (zones are %s)", id, zoneList)
		case z.Kind != ZoneJungle:
			l.errAt(f, path, "", field, "%s is a %s zone; want a jungle zone (%s)", id, z.Kind, rule)
		}
	}
	jungle(ldP("reinforcement_jungle"), "reinforcement_jungle", m.ReinforcementJungle, "3.1")
	jungle(ldP("french_jungle"), "french_jungle", m.FrenchJungle, "3.2")

	// Every peripheral zone reaches a jungle zone through peripheral zones
	// (3.1: trench chains; 4.2.1: movement).
	reach := map[string]bool{}
	var queue []string
	for _, id := range d.ZoneOrder {
		if d.Zones[id].Kind == ZoneJungle {
			reach[id] = true
			queue = append(queue, id)
		}
	}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for _, a := range d.ZoneAdj[id] {
			if !reach[a] && d.Zones[a].Kind == ZonePeripheral {
				reach[a] = true
				queue = append(queue, a)
			}
		}
	}
	for i := range m.Zones {
		z := &m.Zones[i]
		if d.Zones[z.ID] == z && z.Kind == ZonePeripheral && !reach[z.ID] {
			l.errAt(f, ldP("zone", i, "adjacent"), ldLabel("zone", z.ID, i), "adjacent", "no chain of peripheral zones joins %s to a jungle zone (3.1)", z.ID)
		}
	}

	// PAs.
	d.PAs = map[string]*PA{}
	d.ZonePAs = map[string][]string{}
	for i := range m.PAs {
		pa := &m.PAs[i]
		w := ldLabel("pa", pa.ID, i)
		at := func(k string) []any { return ldP("pa", i, k) }
		if claim(at("id"), w, "PA", pa.ID) {
			d.PAs[pa.ID] = pa
			d.PAOrder = append(d.PAOrder, pa.ID)
		}
		if pa.Name == "" {
			l.errAt(f, at("name"), w, "name", "missing")
		}
		cr := ldCanonCR(pa.CR)
		if cr == "" {
			l.errAt(f, at("cr"), w, "cr", "%q is not a CR of the rulebook (%s)", pa.CR, strings.Join(ldAllCRs, ", "))
		}
		z, ok := d.Zones[pa.Zone]
		switch {
		case !ok:
			l.errAt(f, at("zone"), w, "zone", "unknown zone %q (zones are %s)", pa.Zone, zoneList)
		case z.Kind != ZoneCR:
			l.errAt(f, at("zone"), w, "zone", "%s is a %s zone; a PA lies in a CR zone (0.2)", pa.Zone, z.Kind)
		case cr != "" && zoneCR[pa.Zone] != cr:
			l.errAt(f, at("zone"), w, "zone", "%s is the zone of %s, but the PA belongs to %s", pa.Zone, z.Name, cr)
		default:
			if d.PAs[pa.ID] == pa {
				d.ZonePAs[pa.Zone] = append(d.ZonePAs[pa.Zone], pa.ID)
			}
		}
		if !ldHills[pa.Hill] {
			l.errAt(f, at("hill"), w, "hill", "%q: want \"hill\", \"gabrielle\" or nothing", pa.Hill)
		}
		l.checkPAFlag(i, pa, cr, "encirclable", pa.Encirclable, ldEncirclableCRs[cr], "8: encirclement is valid only for the west-bank CRs Claudine, Huguette, Lili, Epervier, Opera, Françoise and Junon")
		wantAir := ldAirTransportCRs[cr] || ldAirTransportPAs[pa.ID] != ""
		l.checkPAFlag(i, pa, cr, "air_transport", pa.AirTransport, wantAir, "3.2: the air-transport CR/PAs are Beatrice, Gabrielle, AM1, AM2, D1, D2, H6 and H1")
		l.checkPAFlag(i, pa, cr, "strategic_hill", pa.StrategicHill, ldStrategicHills[pa.ID] != "", "8: the strategic hills are D1, D2, E1, E2 and E4")
		l.checkPAFlag(i, pa, cr, "attrition_point", pa.AttritionPoint, ldAttritionPoints[pa.ID] != "", "9.2: the attrition points are D1, D2, E1, E2, E4, H6 and H7")
		if pa.Encirclable && ok && !z.WestBank {
			l.errAt(f, at("encirclable"), w, "encirclable", "an encirclable PA lies west of the Nam Youm (8), but zone %s is not west_bank", pa.Zone)
		}
		if !ldInMap(pa.X, pa.Y) {
			l.errAt(f, at("x"), w, "x", "position (%v, %v) outside the map (0..%d)", pa.X, pa.Y, ldMapSize)
		} else if ok {
			if z.Inset && !inInset(pa.X, pa.Y) {
				l.errAt(f, at("x"), w, "x", "position (%v, %v) outside the inset box %v", pa.X, pa.Y, in)
			} else if len(z.Shape) >= 3 && !ldInsidePolygon(pa.X, pa.Y, z.Shape) {
				l.errAt(f, at("x"), w, "x", "position (%v, %v) outside the shape of zone %s", pa.X, pa.Y, pa.Zone)
			}
		}
	}
	for _, ids := range d.ZonePAs {
		sort.Strings(ids)
	}
	paIDs := append([]string(nil), d.PAOrder...)
	sort.Strings(paIDs)
	paList := ldQuoteList(paIDs, 60)
	if len(m.PAs) != ldCampPAs {
		l.errAt(f, ldP("pa"), "", "pa", "found %d PAs; the camp has %d (9: the camp falls when 33 of the 44 are captured)", len(m.PAs), ldCampPAs)
	}
	for _, named := range []map[string]string{ldAirTransportPAs, ldStrategicHills, ldAttritionPoints} {
		for id, cr := range named {
			pa, ok := d.PAs[id]
			if !ok {
				l.errAt(f, ldP("pa"), "", "pa", "no PA %s: the rulebook names it (3.2, 8, 9.2)", id)
			} else if ldCanonCR(pa.CR) != cr {
				l.errAt(f, ldP("pa", ldIndexOfPA(m.PAs, id), "cr"), "pa "+id, "cr", "%s belongs to %s in the rulebook", id, cr)
			}
		}
	}
	for i := range m.Zones {
		z := &m.Zones[i]
		if z.Kind == ZoneCR && d.Zones[z.ID] == z && len(d.ZonePAs[z.ID]) == 0 {
			l.errAt(f, ldP("zone", i, "id"), ldLabel("zone", z.ID, i), "id", "CR zone %s has no PA", z.ID)
		}
	}

	// Assault bases.
	d.Bases = map[string]*AssaultBase{}
	d.ZoneBases = map[string][]*AssaultBase{}
	d.PABases = map[string][]*AssaultBase{}
	for i := range m.Bases {
		b := &m.Bases[i]
		w := ldLabel("base", b.ID, i)
		at := func(k string) []any { return ldP("base", i, k) }
		okID := claim(at("id"), w, "base", b.ID)
		if okID {
			d.Bases[b.ID] = b
		}
		z, ok := d.Zones[b.Zone]
		switch {
		case !ok:
			l.errAt(f, at("zone"), w, "zone", "unknown zone %q (zones are %s)", b.Zone, zoneList)
		case z.Kind != ZonePeripheral:
			l.errAt(f, at("zone"), w, "zone", "%s is a %s zone; assault bases belong to peripheral zones (0.2)", b.Zone, z.Kind)
			ok = false
		}
		if len(b.PAs) == 0 {
			l.errAt(f, at("pas"), w, "pas", "an assault base reaches at least one PA")
		}
		seen := map[string]bool{}
		for j, id := range b.PAs {
			path := ldP("base", i, "pas", j)
			field := fmt.Sprintf("pas[%d]", j)
			pa, known := d.PAs[id]
			switch {
			case !known:
				l.errAt(f, path, w, field, "unknown PA %q (PAs are %s)", id, paList)
			case seen[id]:
				l.errAt(f, path, w, field, "%s listed twice", id)
			case ok && !adjacent(b.Zone, pa.Zone):
				l.errAt(f, path, w, field, "zone %s is not adjacent to %s's CR zone %s (0.2)", b.Zone, id, pa.Zone)
			default:
				seen[id] = true
				if okID {
					d.PABases[id] = append(d.PABases[id], b)
				}
			}
		}
		if okID && ok {
			d.ZoneBases[b.Zone] = append(d.ZoneBases[b.Zone], b)
		}
		if !ldInMap(b.X, b.Y) {
			l.errAt(f, at("x"), w, "x", "position (%v, %v) outside the map (0..%d)", b.X, b.Y, ldMapSize)
		} else if ok && z.Inset && !inInset(b.X, b.Y) {
			l.errAt(f, at("x"), w, "x", "position (%v, %v) outside the inset box %v", b.X, b.Y, in)
		}
	}

	// PA connecting lines.
	d.PALinks = map[string][]string{}
	seenLine := map[[2]string]int{}
	for i, ln := range m.Lines {
		w := ""
		field := fmt.Sprintf("lines[%d]", i)
		path := ldP("lines", i)
		a, b := ln[0], ln[1]
		_, okA := d.PAs[a]
		_, okB := d.PAs[b]
		key := [2]string{a, b}
		if b < a {
			key = [2]string{b, a}
		}
		switch {
		case !okA:
			l.errAt(f, path, w, field, "unknown PA %q (PAs are %s)", a, paList)
		case !okB:
			l.errAt(f, path, w, field, "unknown PA %q (PAs are %s)", b, paList)
		case a == b:
			l.errAt(f, path, w, field, "a line joins two distinct PAs, found %s-%s", a, b)
		case seenLine[key] > 0:
			l.errAt(f, path, w, field, "line %s-%s duplicates lines[%d]", a, b, seenLine[key]-1)
		default:
			seenLine[key] = i + 1
			d.PALinks[a] = append(d.PALinks[a], b)
			d.PALinks[b] = append(d.PALinks[b], a)
		}
	}
	for _, ls := range d.PALinks {
		sort.Strings(ls)
	}
	for i := range m.PAs {
		pa := &m.PAs[i]
		if d.PAs[pa.ID] == pa && len(d.PABases[pa.ID]) == 0 && len(d.PALinks[pa.ID]) == 0 {
			l.errAt(f, ldP("pa", i, "id"), ldLabel("pa", pa.ID, i), "id", "%s has neither an assault base nor a line: no unit could ever reach it", pa.ID)
		}
	}

	// Roads (3.2).
	roadIDs := map[string]bool{}
	isabelle := crZone[ldCrIsabelle]
	crcToIsabelle := false
	for i := range m.Roads {
		r := &m.Roads[i]
		w := ldLabel("road", r.ID, i)
		if msg := ldValidID(r.ID); msg != "" {
			l.errAt(f, ldP("road", i, "id"), w, "id", "%s", msg)
		} else if roadIDs[r.ID] {
			l.errAt(f, ldP("road", i, "id"), w, "id", "road %q defined twice", r.ID)
		}
		roadIDs[r.ID] = true
		if len(r.Zones) < 2 {
			l.errAt(f, ldP("road", i, "zones"), w, "zones", "a road joins at least two zones")
			continue
		}
		good := true
		seen := map[string]bool{}
		for j, id := range r.Zones {
			path := ldP("road", i, "zones", j)
			field := fmt.Sprintf("zones[%d]", j)
			switch {
			case d.Zones[id] == nil:
				l.errAt(f, path, w, field, "unknown zone %q (zones are %s)", id, zoneList)
				good = false
			case seen[id]:
				l.errAt(f, path, w, field, "%s appears twice on the road", id)
				good = false
			case j > 0 && d.Zones[r.Zones[j-1]] != nil && !adjacent(r.Zones[j-1], id):
				l.errAt(f, path, w, field, "%s is not adjacent to %s", id, r.Zones[j-1])
				good = false
			}
			seen[id] = true
		}
		if good {
			first, last := d.Zones[r.Zones[0]], r.Zones[len(r.Zones)-1]
			if first.Kind == ZoneCR && first.CRC && last == isabelle && seen[m.FrenchJungle] {
				crcToIsabelle = true
			}
		}
	}
	if !crcToIsabelle && isabelle != "" {
		l.errAt(f, ldP("road"), "", "road", "no road runs from a CRC zone through %s to Isabelle (3.2)", m.FrenchJungle)
	}
	if isabelle != "" && !d.Zones[isabelle].Inset {
		l.errAt(f, ldP("zone", ldIndexOfZone(m.Zones, isabelle), "inset"), "zone "+isabelle, "inset", "Isabelle is drawn in the inset (0.2): want inset = true")
	}
}

func (l *ldLoader) checkPAFlag(i int, pa *PA, cr, field string, got, want bool, rule string) {
	if got == want || cr == "" {
		return
	}
	w := ldLabel("pa", pa.ID, i)
	if got {
		l.errAt(FileMap, ldP("pa", i, field), w, field, "%s is not one (%s)", pa.ID, rule)
	} else {
		l.errAt(FileMap, ldP("pa", i, field), w, field, "%s is one: want %s = true (%s)", pa.ID, field, rule)
	}
}

func ldIndexOfPA(pas []PA, id string) int {
	for i := range pas {
		if pas[i].ID == id {
			return i
		}
	}
	return 0
}

func ldIndexOfZone(zs []Zone, id string) int {
	for i := range zs {
		if zs[i].ID == id {
			return i
		}
	}
	return 0
}

// ldInsidePolygon: ray casting, with a one-unit tolerance at the edges.
func ldInsidePolygon(x, y float64, poly [][2]float64) bool {
	in := false
	n := len(poly)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		xi, yi := poly[i][0], poly[i][1]
		xj, yj := poly[j][0], poly[j][1]
		if ldSegDist(x, y, xi, yi, xj, yj) <= 1 {
			return true
		}
		if (yi > y) != (yj > y) && x < (xj-xi)*(y-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}

func ldSegDist(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l2 := dx*dx + dy*dy; l2 > 0 {
		t = math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/l2))
	}
	return math.Hypot(px-(ax+t*dx), py-(ay+t*dy))
}

// ---------------------------------------------------------------- units

func (l *ldLoader) checkUnits() {
	d := l.d
	u := &d.Forces
	const f = FileUnits
	l.checkProvenance(f, ldP("provenance"), "", u.Provenance)
	taken := map[string]string{}
	for id, z := range d.Zones {
		taken[id] = "zone " + z.ID
	}
	for id := range d.PAs {
		taken[id] = "PA " + id
	}
	for id := range d.Bases {
		taken[id] = "base " + id
	}
	claim := func(path []any, where, kind, id string) bool {
		if msg := ldValidID(id); msg != "" {
			l.errAt(f, path, where, "id", "%s", msg)
			return false
		}
		if prev, ok := taken[id]; ok {
			l.errAt(f, path, where, "id", "%q is already the id of %s (ids are unique across the map and the units)", id, prev)
			return false
		}
		taken[id] = kind + " " + id
		return true
	}
	value := func(path []any, where, field string, v int) {
		if v < 1 || v > 9 {
			l.errAt(f, path, where, field, "%d: want 1..9", v)
		}
	}

	d.French = map[string]*FrenchUnit{}
	for i := range u.French {
		fu := &u.French[i]
		w := ldLabel("french", fu.ID, i)
		at := func(k string) []any { return ldP("french", i, k) }
		if claim(at("id"), w, "French unit", fu.ID) {
			d.French[fu.ID] = fu
		}
		if fu.Name == "" {
			l.errAt(f, at("name"), w, "name", "missing")
		}
		if fu.Battalion == "" {
			l.errAt(f, at("battalion"), w, "battalion", "missing (3.2: half-strength companies merge within a battalion)")
		}
		if !ldFrenchKinds[fu.Kind] {
			l.errAt(f, at("kind"), w, "kind", "%q: want infantry, thai, mg or tank (1.1)", fu.Kind)
		}
		switch {
		case fu.Steps != 1 && fu.Steps != 2:
			l.errAt(f, at("steps"), w, "steps", "%d: a French unit has 1 or 2 steps (1.1)", fu.Steps)
		case fu.Kind == KindTank && fu.Steps != 2:
			l.errAt(f, at("steps"), w, "steps", "a tank section has two steps (0.2, 1.1)")
		case fu.Kind == KindMG && fu.Steps != 1:
			l.errAt(f, at("steps"), w, "steps", "a machine-gun platoon has a single step (1.1)")
		case fu.Kind == KindInfantry && fu.Steps != 2:
			l.errAt(f, at("steps"), w, "steps", "a company has two steps (1.1); single-step companies are thai")
		}
		value(at("fire"), w, "fire", fu.Fire)
		value(at("melee"), w, "melee", fu.Melee)
		value(at("morale"), w, "morale", fu.Morale)
		for _, r := range []struct {
			field     string
			got, full int
		}{{"reduced_fire", fu.ReducedFire, fu.Fire}, {"reduced_melee", fu.ReducedMelee, fu.Melee}, {"reduced_morale", fu.ReducedMorale, fu.Morale}} {
			switch {
			case fu.Steps == 2 && (r.got < 1 || r.got > 9):
				l.errAt(f, at(r.field), w, r.field, "%d: a two-step unit has reduced values 1..9", r.got)
			case fu.Steps == 2 && r.got > r.full:
				l.errAt(f, at(r.field), w, r.field, "%d is above the full-strength value %d", r.got, r.full)
			case fu.Steps == 1 && r.got != 0:
				l.errAt(f, at(r.field), w, r.field, "%d: a single-step unit has no reduced side (want 0 or nothing)", r.got)
			}
		}
	}

	d.VM = map[string]*VMBattalion{}
	for i := range u.VM {
		b := &u.VM[i]
		w := ldLabel("vm", b.ID, i)
		at := func(k string) []any { return ldP("vm", i, k) }
		if claim(at("id"), w, "VM battalion", b.ID) {
			d.VM[b.ID] = b
		}
		if b.Division == "" {
			l.errAt(f, at("division"), w, "division", "missing")
		}
		if b.Regiment == "" {
			l.errAt(f, at("regiment"), w, "regiment", "missing")
		}
		if b.Symbol == "" {
			l.errAt(f, at("symbol"), w, "symbol", "missing (the regimental symbol drawn on the counter)")
		}
		if b.Division != "" && b.Regiment != "" && !strings.HasPrefix(b.ID, b.Division+"/"+b.Regiment+"/") {
			l.errAt(f, at("id"), w, "id", "%q: a battalion id is division/regiment/battalion, want %s/%s/...", b.ID, b.Division, b.Regiment)
		}
		value(at("fire"), w, "fire", b.Fire)
		value(at("melee"), w, "melee", b.Melee)
		value(at("morale"), w, "morale", b.Morale)
	}
	if len(u.French) == 0 {
		l.errAt(f, ldP("french"), "", "french", "no French units")
	}
	if len(u.VM) == 0 {
		l.errAt(f, ldP("vm"), "", "vm", "no VM battalions")
	}
	if u.Dummies < 0 || u.Dummies > 30 {
		l.errAt(f, ldP("dummies"), "", "dummies", "%d: want 0..30 (1.2: six)", u.Dummies)
	}
	if u.ExtraDummies < 0 || u.ExtraDummies > 30 {
		l.errAt(f, ldP("extra_dummies"), "", "extra_dummies", "%d: want 0..30 (4.2.1: two more)", u.ExtraDummies)
	}
	if u.ExtraDummies > 0 && (u.DummiesTurn < 1 || u.DummiesTurn > ldLastTurn) {
		l.errAt(f, ldP("dummies_turn"), "", "dummies_turn", "%d: want a turn 1..%d (4.2.1: turn 6)", u.DummiesTurn, ldLastTurn)
	}

	l.checkArrivals("french_arrival", u.FrenchArrival, func(id string) (bool, string) {
		fu, ok := d.French[id]
		if !ok {
			return false, "unknown French unit"
		}
		if !fu.Para {
			return false, "not a paratroop unit (3.2: French reinforcements arrive by parachute)"
		}
		return true, ""
	}, 2)
	l.checkArrivals("vm_arrival", u.VMArrival, func(id string) (bool, string) {
		if _, ok := d.VM[id]; !ok {
			return false, "unknown VM battalion"
		}
		return true, ""
	}, 1)
}

func (l *ldLoader) checkArrivals(key string, arr []Arrival, ok func(string) (bool, string), first int) {
	const f = FileUnits
	seen := map[string]string{}
	for i, a := range arr {
		w := key + " #" + strconv.Itoa(i+1)
		if a.Turn != 0 {
			w = key + " turn " + strconv.Itoa(a.Turn)
		}
		if a.Turn < first || a.Turn > ldLastTurn {
			why := ""
			if first > 1 {
				why = " (3.2: no paratroop drops on the first turn)"
			}
			l.errAt(f, ldP(key, i, "turn"), w, "turn", "%d: want %d..%d%s", a.Turn, first, ldLastTurn, why)
		}
		if len(a.Units) == 0 {
			l.errAt(f, ldP(key, i, "units"), w, "units", "no units")
		}
		for j, id := range a.Units {
			path := ldP(key, i, "units", j)
			field := fmt.Sprintf("units[%d]", j)
			if good, why := ok(id); !good {
				l.errAt(f, path, w, field, "%q: %s", id, why)
			} else if prev, dup := seen[id]; dup {
				l.errAt(f, path, w, field, "%s already arrives in %s", id, prev)
			} else {
				seen[id] = w
			}
		}
	}
}

// ldArrivalTurn is the turn a unit arrives, or 0 when it starts in play.
func ldArrivalTurn(arr []Arrival, id string) int {
	for _, a := range arr {
		if slices.Contains(a.Units, id) {
			return a.Turn
		}
	}
	return 0
}

// --------------------------------------------------------------- tables

func (l *ldLoader) checkTables() {
	t := &l.d.Tables
	const f = FileTables
	chk := l.checkProvenance
	rng := func(path []any, where, field string, v, lo, hi int, rule string) {
		if v < lo || v > hi {
			l.errAt(f, path, where, field, "%d: want %d..%d%s", v, lo, hi, rule)
		}
	}

	// Calendar (2, 3.1, 3.2).
	chk(f, ldP("calendar", "provenance"), "calendar", t.Calendar.Provenance)
	if len(t.Calendar.Turns) != ldLastTurn {
		l.errAt(f, ldP("calendar"), "calendar", "turn", "found %d turns; the calendar covers turns 1..%d (9.3)", len(t.Calendar.Turns), ldLastTurn)
	}
	for i, c := range t.Calendar.Turns {
		w := "calendar, turn " + strconv.Itoa(c.Turn)
		at := func(k string) []any { return ldP("calendar", "turn", i, k) }
		if c.Turn != i+1 {
			l.errAt(f, at("turn"), w, "turn", "%d: turns run 1..%d in order, want %d here", c.Turn, ldLastTurn, i+1)
		}
		if c.Date == "" {
			l.errAt(f, at("date"), w, "date", "missing")
		}
		rng(at("vm_munition"), w, "vm_munition", c.VMMunition, 1, 2, " (3.1: the VM receives 1 or 2 levels)")
	}

	// Munitions (0.4, 5.4).
	mu := &t.Munitions
	chk(f, ldP("munitions", "provenance"), "munitions", mu.Provenance)
	rng(ldP("munitions", "vm_max"), "munitions", "vm_max", mu.VMMax, 1, 99, "")
	rng(ldP("munitions", "french_max"), "munitions", "french_max", mu.FrenchMax, 1, 99, "")
	if len(mu.Bands) == 0 {
		l.errAt(f, ldP("munitions"), "munitions", "band", "no ammunition bands (5.4)")
	}
	for i, b := range mu.Bands {
		w := "munitions, band min " + strconv.Itoa(b.Min)
		switch {
		case i == 0 && b.Min != 0:
			l.errAt(f, ldP("munitions", "band", i, "min"), w, "min", "%d: the first band starts at level 0", b.Min)
		case i > 0 && b.Min <= mu.Bands[i-1].Min:
			l.errAt(f, ldP("munitions", "band", i, "min"), w, "min", "%d: bands ascend, the previous starts at %d", b.Min, mu.Bands[i-1].Min)
		}
		rng(ldP("munitions", "band", i, "shift"), w, "shift", b.Shift, -6, 6, " columns")
	}

	// Fire Table (5.2).
	chk(f, ldP("fire", "provenance"), "fire", t.Fire.Provenance)
	cols := t.Fire.Columns
	if len(cols) == 0 {
		l.errAt(f, ldP("fire"), "fire", "column", "no columns")
	}
	labels := map[string]bool{}
	for i, c := range cols {
		w := "fire, column " + c.Label
		if c.Label == "" {
			w = "fire, column #" + strconv.Itoa(i+1)
		}
		at := func(k string) []any { return ldP("fire", "column", i, k) }
		if c.Label == "" || labels[c.Label] {
			l.errAt(f, at("label"), w, "label", "missing or repeated label %q", c.Label)
		}
		labels[c.Label] = true
		switch {
		case i == 0 && c.Min != 1:
			l.errAt(f, at("min"), w, "min", "%d: the first column starts at strength 1", c.Min)
		case i > 0 && cols[i-1].Max > 0 && c.Min != cols[i-1].Max+1:
			l.errAt(f, at("min"), w, "min", "%d: columns are contiguous, want %d after %d", c.Min, cols[i-1].Max+1, cols[i-1].Max)
		}
		last := i == len(cols)-1
		switch {
		case last && c.Max != 0:
			l.errAt(f, at("max"), w, "max", "%d: the last column is open (max = 0: %d and above)", c.Max, c.Min)
		case !last && c.Max < c.Min:
			l.errAt(f, at("max"), w, "max", "%d: below min %d (only the last column is open-ended, max = 0)", c.Max, c.Min)
		}
		l.checkResults(ldP("fire", "column", i, "results"), w, c.Results, ldFireResults)
	}

	// Hand-to-Hand Table (5.5).
	chk(f, ldP("hand_to_hand", "provenance"), "hand_to_hand", t.HandToHand.Provenance)
	hcols := t.HandToHand.Columns
	if len(hcols) == 0 {
		l.errAt(f, ldP("hand_to_hand"), "hand_to_hand", "column", "no columns")
	}
	labels = map[string]bool{}
	for i, c := range hcols {
		w := "hand_to_hand, column " + c.Label
		if c.Label == "" {
			w = "hand_to_hand, column #" + strconv.Itoa(i+1)
		}
		at := func(k string) []any { return ldP("hand_to_hand", "column", i, k) }
		if c.Label == "" || labels[c.Label] {
			l.errAt(f, at("label"), w, "label", "missing or repeated label %q", c.Label)
		}
		labels[c.Label] = true
		switch {
		case c.Att < 1 || c.Att > 99:
			l.errAt(f, at("att"), w, "att", "%d: want 1..99", c.Att)
		case c.Def < 1 || c.Def > 99:
			l.errAt(f, at("def"), w, "def", "%d: want 1..99", c.Def)
		case i > 0 && hcols[i-1].Att >= 1 && hcols[i-1].Def >= 1 && c.Att*hcols[i-1].Def <= hcols[i-1].Att*c.Def:
			l.errAt(f, at("att"), w, "att", "%d-%d: columns ascend by ratio, the previous is %d-%d", c.Att, c.Def, hcols[i-1].Att, hcols[i-1].Def)
		}
		l.checkResults(ldP("hand_to_hand", "column", i, "results"), w, c.Results, ldHthResults)
	}

	// Air Transport Points Table (3.2).
	at := &t.AirTransport
	chk(f, ldP("air_transport", "provenance"), "air_transport", at.Provenance)
	if len(at.Lines) == 0 {
		l.errAt(f, ldP("air_transport"), "air_transport", "line", "no lines")
	}
	for i, ln := range at.Lines {
		w := "air_transport, line lost " + strconv.Itoa(ln.Lost)
		switch {
		case i == 0 && ln.Lost != 0:
			l.errAt(f, ldP("air_transport", "line", i, "lost"), w, "lost", "%d: the first line is for 0 lost", ln.Lost)
		case i > 0 && ln.Lost <= at.Lines[i-1].Lost:
			l.errAt(f, ldP("air_transport", "line", i, "lost"), w, "lost", "%d: lines ascend, the previous is %d", ln.Lost, at.Lines[i-1].Lost)
		}
		for j := 0; j < 6; j++ {
			if v := ln.Munitions[j]; v < 0 || v > t.Munitions.FrenchMax {
				l.errAt(f, ldP("air_transport", "line", i, "munitions", j), w, fmt.Sprintf("munitions[%d]", j), "%d: want 0..%d (french_max)", v, t.Munitions.FrenchMax)
			}
			if v := ln.Captured[j]; v < 0 || v > t.Munitions.VMMax {
				l.errAt(f, ldP("air_transport", "line", i, "captured", j), w, fmt.Sprintf("captured[%d]", j), "%d: want 0..%d (vm_max)", v, t.Munitions.VMMax)
			}
		}
	}
	rng(ldP("air_transport", "rain_lines"), "air_transport", "rain_lines", at.RainLines, 0, 9, "")

	// Airpower (3.2).
	chk(f, ldP("airpower", "provenance"), "airpower", t.Airpower.Provenance)
	for j, v := range t.Airpower.Points {
		rng(ldP("airpower", "points", j), "airpower", fmt.Sprintf("points[%d]", j), v, 0, 9, "")
	}
	rng(ldP("airpower", "rain_penalty"), "airpower", "rain_penalty", t.Airpower.RainPenalty, 0, 9, "")

	// CR/PAs Lost Table (3.2, 4.1).
	chk(f, ldP("lost", "provenance"), "lost", t.Lost.Provenance)
	if len(t.Lost.Lines) == 0 {
		l.errAt(f, ldP("lost"), "lost", "line", "no lines")
	}
	for i, ln := range t.Lost.Lines {
		w := "lost, line lost " + strconv.Itoa(ln.Lost)
		switch {
		case i == 0 && ln.Lost != 0:
			l.errAt(f, ldP("lost", "line", i, "lost"), w, "lost", "%d: the first line is for 0 lost", ln.Lost)
		case i > 0 && ln.Lost <= t.Lost.Lines[i-1].Lost:
			l.errAt(f, ldP("lost", "line", i, "lost"), w, "lost", "%d: lines ascend, the previous is %d", ln.Lost, t.Lost.Lines[i-1].Lost)
		case ln.Lost > ldCampPAs:
			l.errAt(f, ldP("lost", "line", i, "lost"), w, "lost", "%d: there are %d PAs", ln.Lost, ldCampPAs)
		}
		rng(ldP("lost", "line", i, "companies"), w, "companies", ln.Companies, 0, 20, "")
	}

	// Stacking (1.4), replacements (3.2), entrenchment (3.1).
	st := &t.Stacking
	chk(f, ldP("stacking", "provenance"), "stacking", st.Provenance)
	rng(ldP("stacking", "french_pa_terrain"), "stacking", "french_pa_terrain", st.FrenchPATerrain, 1, 9, " (1.4: two)")
	rng(ldP("stacking", "vm_pa_trench"), "stacking", "vm_pa_trench", st.VMPATrench, 1, 9, " (1.4: three)")
	rng(ldP("stacking", "vm_base_per_trench"), "stacking", "vm_base_per_trench", st.VMBasePerTrench, 1, 9, " (1.4: one per level)")
	rng(ldP("stacking", "vm_defend_per_level"), "stacking", "vm_defend_per_level", st.VMDefendPerLevel, 1, 9, " (1.4: one per level)")
	chk(f, ldP("replacements", "provenance"), "replacements", t.Replacements.Provenance)
	rng(ldP("replacements", "initial"), "replacements", "initial", t.Replacements.Initial, 0, 99, " (3.2: two)")
	rng(ldP("replacements", "per_turn"), "replacements", "per_turn", t.Replacements.PerTurn, 0, 99, " (3.2: three)")
	chk(f, ldP("entrenchment", "provenance"), "entrenchment", t.Entrenchment.Provenance)
	rng(ldP("entrenchment", "points"), "entrenchment", "points", t.Entrenchment.Points, 1, 99, " (3.1: twelve)")
}

func (l *ldLoader) checkResults(path []any, where string, results []string, allowed map[string]bool) {
	if len(results) != 6 {
		l.errAt(FileTables, path, where, "results", "found %d results; want 6, one per die roll", len(results))
		return
	}
	for j, r := range results {
		if !allowed[r] {
			l.errAt(FileTables, append(path[:len(path):len(path)], j), where, fmt.Sprintf("results[%d]", j), "%q: want one of %s", r, strings.Join(ldKeys(allowed), " "))
		}
	}
}

// ------------------------------------------------------------ scenarios

func (l *ldLoader) checkScenarios() {
	d := l.d
	const f = FileScenarios
	l.checkProvenance(f, ldP("provenance"), "", d.Scenarios.Provenance)
	seen := map[string]bool{}
	for i := range d.Scenarios.Scenario {
		s := &d.Scenarios.Scenario[i]
		if msg := ldValidID(s.ID); msg != "" {
			l.errAt(f, ldP("scenario", i, "id"), ldLabel("scenario", s.ID, i), "id", "%s", msg)
		} else if seen[s.ID] {
			l.errAt(f, ldP("scenario", i, "id"), ldLabel("scenario", s.ID, i), "id", "scenario %q defined twice", s.ID)
		}
		seen[s.ID] = true
		l.checkScenario(i, s)
	}
	for _, id := range ldScenarioIDs {
		if !seen[id] {
			l.errAt(f, ldP("scenario"), "", "scenario", "no scenario %q (9 has %s)", id, strings.Join(ldScenarioIDs, ", "))
		}
	}
}

func (l *ldLoader) checkScenario(i int, s *ScenarioData) {
	d := l.d
	const f = FileScenarios
	w := ldLabel("scenario", s.ID, i)
	at := func(parts ...any) []any { return append(ldP("scenario", i), parts...) }
	if s.Name == "" {
		l.errAt(f, at("name"), w, "name", "missing")
	}
	if s.Victory == "" {
		l.errAt(f, at("victory"), w, "victory", "missing (the section 9 text)")
	}
	if s.FirstTurn < 1 || s.FirstTurn > ldLastTurn {
		l.errAt(f, at("first_turn"), w, "first_turn", "%d: want 1..%d", s.FirstTurn, ldLastTurn)
	}
	if s.LastTurn < 1 || s.LastTurn > ldLastTurn || s.LastTurn < s.FirstTurn {
		l.errAt(f, at("last_turn"), w, "last_turn", "%d: want %d..%d", s.LastTurn, max(1, s.FirstTurn), ldLastTurn)
	}
	if s.VMMunitions < 0 || s.VMMunitions > d.Tables.Munitions.VMMax {
		l.errAt(f, at("vm_munitions"), w, "vm_munitions", "%d: want 0..%d (vm_max)", s.VMMunitions, d.Tables.Munitions.VMMax)
	}
	if s.FrMunitions < 0 || s.FrMunitions > d.Tables.Munitions.FrenchMax {
		l.errAt(f, at("french_munitions"), w, "french_munitions", "%d: want 0..%d (french_max)", s.FrMunitions, d.Tables.Munitions.FrenchMax)
	}
	if s.VMLosses < 0 || s.VMLosses > ldMaxVMLosses {
		l.errAt(f, at("vm_losses"), w, "vm_losses", "%d: want 0..%d (1.5: 86 and the siege fails)", s.VMLosses, ldMaxVMLosses)
	}
	if s.Replacement < 0 || s.Replacement > 99 {
		l.errAt(f, at("replacement"), w, "replacement", "%d: want 0..99", s.Replacement)
	}

	paList := ldQuoteList(sortedKeys(d.PAs), 60)
	captured := map[string]bool{}
	for j, id := range s.Captured {
		field := fmt.Sprintf("captured[%d]", j)
		switch {
		case d.PAs[id] == nil:
			l.errAt(f, at("captured", j), w, field, "unknown PA %q (PAs are %s)", id, paList)
		case captured[id]:
			l.errAt(f, at("captured", j), w, field, "%s listed twice", id)
		}
		captured[id] = true
	}

	// Trenches (3.1).
	trench := map[string]int{}
	trenchIdx := map[string]int{}
	for j, t := range s.Trenches {
		tw := w + ", trench at " + t.At
		tat := func(k string) []any { return at("trench", j, k) }
		z, isZone := d.Zones[t.At]
		pa, isPA := d.PAs[t.At]
		switch {
		case !isZone && !isPA:
			l.errAt(f, tat("at"), tw, "at", "unknown zone or PA %q", t.At)
			continue
		case isZone && z.Kind != ZonePeripheral:
			l.errAt(f, tat("at"), tw, "at", "%s is a %s zone; trenches go in peripheral zones or around encirclable PAs (3.1)", t.At, z.Kind)
			continue
		case isPA && !pa.Encirclable:
			l.errAt(f, tat("at"), tw, "at", "%s cannot be encircled (3.1, 8: west-bank PAs only)", t.At)
			continue
		case isPA && captured[t.At]:
			l.errAt(f, tat("at"), tw, "at", "%s is captured; trenches surround French PAs (3.1)", t.At)
			continue
		case isPA && !ldLinkedToCaptured(d, pa, captured):
			l.errAt(f, tat("at"), tw, "at", "no captured PA of %s is joined to %s by a line (3.1)", pa.Zone, t.At)
			continue
		case trench[t.At] > 0:
			l.errAt(f, tat("at"), tw, "at", "%s has two trench entries", t.At)
			continue
		}
		if t.Level < 1 || t.Level > 3 {
			l.errAt(f, tat("level"), tw, "level", "%d: trench levels are 1..3 (1.3)", t.Level)
			continue
		}
		trench[t.At] = t.Level
		trenchIdx[t.At] = j
	}
	// Each trenched peripheral zone is chained to a jungle zone.
	reach := map[string]bool{}
	var queue []string
	for _, id := range d.ZoneOrder {
		if d.Zones[id].Kind == ZoneJungle {
			reach[id] = true
			queue = append(queue, id)
		}
	}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for _, a := range d.ZoneAdj[id] {
			if !reach[a] && trench[a] > 0 && d.Zones[a].Kind == ZonePeripheral {
				reach[a] = true
				queue = append(queue, a)
			}
		}
	}
	for _, id := range sortedKeys(trench) {
		j := trenchIdx[id]
		if z := d.Zones[id]; z != nil && !reach[id] {
			l.errAt(f, at("trench", j, "at"), w+", trench at "+id, "at", "no chain of trenches joins %s to a jungle zone (3.1)", id)
		}
		// Around a PA, the chain runs through a trenched peripheral zone
		// next to the PA's CR zone (RULINGS.md H5).
		if pa := d.PAs[id]; pa != nil {
			chained := false
			for _, a := range d.ZoneAdj[pa.Zone] {
				if reach[a] && d.Zones[a].Kind == ZonePeripheral {
					chained = true
				}
			}
			if !chained {
				l.errAt(f, at("trench", j, "at"), w+", trench at "+id, "at", "no chained trench in a peripheral zone next to %s joins %s to a jungle zone (3.1)", pa.Zone, id)
			}
		}
	}

	// Placements.
	placed := map[string]string{}
	out := map[string]bool{}
	first := s.FirstTurn
	for _, o := range []struct {
		key   string
		list  []string
		known func(string) bool
	}{
		{"french_out", s.FrenchOut, func(id string) bool { return d.French[id] != nil }},
		{"vm_out", s.VMOut, func(id string) bool { return d.VM[id] != nil }},
	} {
		for j, id := range o.list {
			field := fmt.Sprintf("%s[%d]", o.key, j)
			switch {
			case !o.known(id):
				l.errAt(f, at(o.key, j), w, field, "unknown unit %q", id)
			case out[id]:
				l.errAt(f, at(o.key, j), w, field, "%s listed twice", id)
			}
			out[id] = true
		}
	}
	vmAt := map[string]bool{}
	for _, side := range []string{"french", "vm"} {
		list := s.French
		if side == "vm" {
			list = s.VM
		}
		for j, pl := range list {
			pw := w + ", " + side + " at " + pl.At
			pat := func(k string) []any { return at(side, j, k) }
			if side == "french" {
				pa, ok := d.PAs[pl.At]
				switch {
				case !ok:
					l.errAt(f, pat("at"), pw, "at", "%q is not a PA: French units set up on PAs", pl.At)
				case captured[pl.At]:
					l.errAt(f, pat("at"), pw, "at", "%s is captured at the start: it holds no French unit", pa.ID)
				}
			} else {
				z, isZone := d.Zones[pl.At]
				_, isPA := d.PAs[pl.At]
				switch {
				case isPA && !captured[pl.At]:
					l.errAt(f, pat("at"), pw, "at", "%s is a French PA: VM units set up in jungle zones, trenched peripheral zones or captured PAs (3.3)", pl.At)
				case isPA:
				case !isZone:
					l.errAt(f, pat("at"), pw, "at", "unknown zone or PA %q", pl.At)
				case z.Kind == ZoneJungle:
				case z.Kind == ZonePeripheral && trench[pl.At] > 0:
				default:
					l.errAt(f, pat("at"), pw, "at", "%s has no trench: VM units set up in jungle zones, trenched peripheral zones or captured PAs (3.3, 4.2.3)", pl.At)
				}
				vmAt[pl.At] = true
			}
			if len(pl.Units) == 0 {
				l.errAt(f, pat("units"), pw, "units", "no units")
			}
			for k, id := range pl.Units {
				path := at(side, j, "units", k)
				field := fmt.Sprintf("units[%d]", k)
				var turn int
				if side == "french" {
					if d.French[id] == nil {
						l.errAt(f, path, pw, field, "unknown French unit %q", id)
						continue
					}
					turn = ldArrivalTurn(d.Forces.FrenchArrival, id)
				} else {
					if d.VM[id] == nil {
						l.errAt(f, path, pw, field, "unknown VM battalion %q", id)
						continue
					}
					turn = ldArrivalTurn(d.Forces.VMArrival, id)
				}
				switch {
				case placed[id] != "":
					l.errAt(f, path, pw, field, "%s is already placed at %s", id, placed[id])
				case out[id]:
					l.errAt(f, path, pw, field, "%s is listed as out of play", id)
				case turn >= first && first > 0:
					l.errAt(f, path, pw, field, "%s arrives on turn %d, not before the scenario starts on turn %d", id, turn, first)
				}
				placed[id] = pl.At
			}
		}
	}
	// Level 3 trenches in a zone next to a zone holding French units need
	// a battalion (3.1, RULINGS.md H6).
	frenchZone := map[string]bool{}
	for _, pl := range s.French {
		if pa := d.PAs[pl.At]; pa != nil && len(pl.Units) > 0 {
			frenchZone[pa.Zone] = true
		}
	}
	for _, id := range sortedKeys(trench) {
		z := d.Zones[id]
		if z == nil || trench[id] < 3 || vmAt[id] {
			continue
		}
		for _, a := range d.ZoneAdj[id] {
			if frenchZone[a] {
				l.errAt(f, at("trench", trenchIdx[id], "level"), w+", trench at "+id, "level", "a level 3 trench next to French zone %s needs a battalion in %s (3.1)", a, id)
				break
			}
		}
	}
	// Every unit is placed, out, or arrives later.
	for i := range d.Forces.French {
		id := d.Forces.French[i].ID
		if d.French[id] == nil || placed[id] != "" || out[id] {
			continue
		}
		if t := ldArrivalTurn(d.Forces.FrenchArrival, id); t >= first && first > 0 {
			continue
		}
		l.errAt(f, at("french_out"), w, "french_out", "French unit %s is neither placed nor out of play", id)
	}
	for i := range d.Forces.VM {
		id := d.Forces.VM[i].ID
		if d.VM[id] == nil || placed[id] != "" || out[id] {
			continue
		}
		if t := ldArrivalTurn(d.Forces.VMArrival, id); t >= first && first > 0 {
			continue
		}
		l.errAt(f, at("vm_out"), w, "vm_out", "VM battalion %s is neither placed nor out of play", id)
	}
}

// ldLinkedToCaptured: 3.1, digging around an encirclable PA needs a captured
// PA of the same zone joined to it by a line (of any zone for a one-PA CR,
// ruling H50).
func ldLinkedToCaptured(d *Data, pa *PA, captured map[string]bool) bool {
	single := len(d.ZonePAs[pa.Zone]) == 1
	for _, o := range d.PALinks[pa.ID] {
		if captured[o] && d.PAs[o] != nil && (single || d.PAs[o].Zone == pa.Zone) {
			return true
		}
	}
	return false
}
