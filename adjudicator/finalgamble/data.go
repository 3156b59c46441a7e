// Package finalgamble holds The Final Gamble's board as data: the valley
// of Dien Bien Phu and Isabelle in 150 m hexes, the boxes and arrows, the
// counters, the tracks and charts and the four scenarios (data/*.toml, see
// data/README.md), checked across files at load (check.go); the rules of
// play (issue 27: the 33-segment turn, standing orders, AUDIT.md) and the
// geometry and table resolutions they call (geometry*.go, combat.go).
package finalgamble

import (
	"embed"
	"io/fs"

	"github.com/umpirebot/umpire/adjudicator/dataload"
	"github.com/umpirebot/umpire/adjudicator/hexgrid"
)

//go:embed data/*.toml
var embedded embed.FS

// Files are the data files, in the order their faults are reported.
var Files = []string{"map.toml", "boxes.toml", "units.toml", "tracks.toml", "charts.toml", "scenarios.toml"}

// Prov is a table's provenance: "rulebook" or "reconstructed", and from what.
type Prov struct {
	Provenance string `toml:"provenance"`
	Source     string `toml:"source"`
}

// ---- map.toml ----

// MapFile is map.toml: the hills and the two sub-maps (1.3).
type MapFile struct {
	Prov
	Hills    []Hill `toml:"hill"`
	DBP      SubMap `toml:"dbp"`
	Isabelle SubMap `toml:"isabelle"`
}

// Hill is one hill: "uphill" is entering a hex of it from a hex not of the
// same hill (1.5-B).
type Hill struct {
	ID   string `toml:"id"`
	Name string `toml:"name"`
}

// SubMap is DBP or Isabelle: its own grid (1.3-B), layers of one string a
// row (north row first, one character a hex), hexside features and places.
type SubMap struct {
	Rows       int         `toml:"rows"`
	Cols       int         `toml:"cols"`
	Terrain    []string    `toml:"terrain"`
	Hills      []string    `toml:"hills"`
	Sectors    []string    `toml:"sectors"`
	Zones      []string    `toml:"zones"`
	Supply     []string    `toml:"supply"`
	Airstrip   []string    `toml:"airstrip"`
	River      []string    `toml:"river"`
	Bridges    []string    `toml:"bridges"`
	HeavyWire  []string    `toml:"heavy_wire"`
	LightWire  []string    `toml:"light_wire"`
	Outposts   []string    `toml:"outposts"`
	Roads      []Road      `toml:"road"`
	Strongs    []Strongpt  `toml:"strongpoint"`
	Structures []Structure `toml:"structure"`
	hexes      map[string]*Hex
}

// Road is a chain of adjacent hexes.
type Road struct {
	ID    string   `toml:"id"`
	Name  string   `toml:"name"`
	Hexes []string `toml:"hexes"`
}

// Strongpt is a strongpoint: a single trench of 1 to 4 hexes (1.4-A),
// worth its hexes on the Strongpoints Track (1.4-F).
type Strongpt struct {
	Code   string   `toml:"code"`
	Name   string   `toml:"name"`
	VMName string   `toml:"vm_name"`
	Hexes  []string `toml:"hexes"`
}

// Structure is a hospital, the Ammo Dump, Fuel Depot, Food Supply or PIM
// (1.4-A): one hex, worth 1 point.
type Structure struct {
	Kind string `toml:"kind"`
	Name string `toml:"name"`
	Hex  string `toml:"hex"`
}

// StructureKinds are the structures of 1.4-A.
var StructureKinds = []string{"hospital", "ammo", "fuel", "food", "pim"}

// Hex is one hex of a sub-map, as the layers describe it.
type Hex struct {
	ID       string
	Row, Col int
	Forest   bool
	Hill     string // "" none
	Sector   string // "308", "312", "316", "304"; "" the central area
	Zone     int    // 0 the central area
	Supply   bool
	Edge     bool   // a Map Edge Hex (1.3-C)
	Strong   string // strongpoint code, "" none
	Struct   string // structure kind, "" none
	Outpost  bool
	Airstrip bool
}

// Hex returns the sub-map's hex with id, nil when there is none.
func (m *SubMap) Hex(id string) *Hex { return m.hexes[id] }

// On tells whether (row, col) is on the sub-map.
func (m *SubMap) On(row, col int) bool {
	return row >= 1 && row <= m.Rows && col >= 1 && col <= m.Cols
}

// Hexes lists the sub-map's hexes, row 1 first, column 1 first.
func (m *SubMap) Hexes() []*Hex {
	out := make([]*Hex, 0, len(m.hexes))
	for r := 1; r <= m.Rows; r++ {
		for c := 1; c <= m.Cols; c++ {
			if h := m.hexes[hexgrid.ID(r, c)]; h != nil {
				out = append(out, h)
			}
		}
	}
	return out
}

// Strongpoint returns the strongpoint with code, nil when there is none.
func (m *SubMap) Strongpoint(code string) *Strongpt {
	for i := range m.Strongs {
		if m.Strongs[i].Code == code {
			return &m.Strongs[i]
		}
	}
	return nil
}

// ---- boxes.toml ----

// BoxesFile is boxes.toml: the boxes and arrows (1.3-F).
type BoxesFile struct {
	Prov
	Boxes  []Box   `toml:"box"`
	Arrows []Arrow `toml:"arrow"`
}

// Box is one box.
type Box struct {
	ID     string   `toml:"id"`
	Sector string   `toml:"sector"`
	Zone   int      `toml:"zone"`
	Laos   bool     `toml:"laos"`
	Kind   string   `toml:"kind"`
	Sides  []string `toml:"sides"`
}

// Arrow joins two boxes or a box and a map ("DBP", "Isabelle").
type Arrow struct {
	From     string `toml:"from"`
	To       string `toml:"to"`
	Color    string `toml:"color"` // blue France, red VM, gray both
	BothWays bool   `toml:"both_ways"`
}

// ---- units.toml ----

// UnitsFile is units.toml: the counters.
type UnitsFile struct {
	Prov
	Formations []Formation `toml:"formation"`
	VM         VMForces    `toml:"vm"`
	Markers    Markers     `toml:"markers"`
}

// Formation is a French battalion or group (1.1).
type Formation struct {
	ID       string `toml:"id"`
	Name     string `toml:"name"`
	Kind     string `toml:"kind"` // inf, tank, art
	Counters int    `toml:"counters"`
	Strength [2]int `toml:"strength"`
	Morale   int    `toml:"morale"`
	Origin   string `toml:"origin"`
	// ZoneMarkers: an artillery formation's French Zone Markers (1.10)
	ZoneMarkers int `toml:"zone_markers"`
}

// VMForces are the VM's divisions and independent units.
type VMForces struct {
	Prov
	DisorgStrength int           `toml:"disorg_strength"`
	Divisions      []Division    `toml:"division"`
	Independent    []Independent `toml:"independent"`
}

// Division is a VM division: regiments of three battalions.
type Division struct {
	ID        string     `toml:"id"`
	Name      string     `toml:"name"`
	Regiments []Regiment `toml:"regiments"`
	Strength  [2]int     `toml:"strength"`
}

// Regiment is three battalions sharing a symbol.
type Regiment struct {
	ID         string   `toml:"id"`
	Symbol     string   `toml:"symbol"`
	Battalions []string `toml:"battalions"`
}

// Independent is the 148th regiment or the Pathet Lao: printed morale.
type Independent struct {
	ID         string   `toml:"id"`
	Name       string   `toml:"name"`
	Battalions []string `toml:"battalions"`
	Strength   [2]int   `toml:"strength"`
	Morale     int      `toml:"morale"`
}

// Markers counts the markers of the counter sheet.
type Markers struct {
	Prov
	ZoneVM         int            `toml:"zone_vm"`
	HWZoneVM       int            `toml:"hw_zone_vm"`
	ZoneFrench     int            `toml:"zone_french"`
	SupportMortars int            `toml:"support_mortars"`
	Asset          int            `toml:"asset"`
	Combat         int            `toml:"combat"`
	Assault        int            `toml:"assault"`
	Shaken         int            `toml:"shaken"`
	Isolation      int            `toml:"isolation"`
	Disorg         int            `toml:"disorg"`
	Flags          int            `toml:"flags"`
	Trench         int            `toml:"trench"`
	NoOutpost      int            `toml:"no_outpost"`
	Commando       int            `toml:"commando"`
	Airstrike      int            `toml:"airstrike"`
	Replacement    int            `toml:"replacement"`
	Supply         map[string]int `toml:"supply"`
}

// ---- tracks.toml ----

// TracksFile is tracks.toml.
type TracksFile struct {
	GameTurn struct {
		Prov
		Turns []Turn `toml:"turn"`
	} `toml:"game_turn"`
	Strongpoints struct {
		Prov
		Name    string         `toml:"name"`
		Min     int            `toml:"min"`
		Max     int            `toml:"max"`
		Deficit int            `toml:"deficit"`
		Start   map[string]int `toml:"start"`
	} `toml:"strongpoints"`
	Tracks         []Track `toml:"track"`
	DivisionMorale struct {
		Prov
		Slots []int          `toml:"slots"`
		Start map[string]int `toml:"start"`
	} `toml:"division_morale"`
	Reinforcements struct {
		Prov
		Slots  []string `toml:"slots"`
		Column []struct {
			Formation string `toml:"formation"`
			Modifier  int    `toml:"modifier"`
		} `toml:"column"`
		HQStart map[string]int `toml:"hq_start"`
	} `toml:"reinforcements"`
	Terrain TerrainEffects `toml:"terrain_effects"`
}

// Turn is a slot of the Game Turn Track (1.2).
type Turn struct {
	N        int    `toml:"n"`
	Dates    string `toml:"dates"`
	Period   string `toml:"period"` // dry, rain, monsoon
	MC       bool   `toml:"mc"`
	Scenario string `toml:"scenario"`
}

// Track is a numbered track with the scenario letters on it.
type Track struct {
	Prov
	ID    string         `toml:"id"`
	Name  string         `toml:"name"`
	Min   int            `toml:"min"`
	Max   int            `toml:"max"`
	Start map[string]int `toml:"start"`
}

// TerrainEffects is the Terrain Effect Chart (1.5-B), in movement points.
type TerrainEffects struct {
	Prov
	Field            float64 `toml:"field"`
	FieldRain        float64 `toml:"field_rain"`
	Forest           float64 `toml:"forest"`
	River            float64 `toml:"river"`
	Road             float64 `toml:"road"`
	Uphill           float64 `toml:"uphill"`
	EnemyZoC         float64 `toml:"enemy_zoc"`
	WireVM           float64 `toml:"wire_vm"`
	SupplyAreaVM     float64 `toml:"supply_area_vm"`
	TrenchZoneFrench float64 `toml:"trench_zone_french"`
	Movement         float64 `toml:"movement"`
}

// ---- scenarios.toml ----

// ScenariosFile is scenarios.toml.
type ScenariosFile struct {
	Prov
	Scenario map[string]ScenarioData `toml:"scenario"`
}

// ScenarioData is one scenario's Scenario Card column and information.
type ScenarioData struct {
	Name          string              `toml:"name"`
	Turn          int                 `toml:"turn"`
	Trench        map[string]int      `toml:"trench"`
	Dig           map[string]int      `toml:"dig"`
	VMFlags       []string            `toml:"vm_flags"`
	FrenchFlags   []string            `toml:"french_flags"`
	VMReduced     map[string]int      `toml:"vm_reduced"`
	VMBoxes       map[string]string   `toml:"vm_boxes"`
	French        map[string][]string `toml:"french"`
	WoundedSquare struct {
		Units     int `toml:"units"`
		ToWounded int `toml:"to_wounded"`
		ToGone    int `toml:"to_gone"`
	} `toml:"wounded_square"`
}

// ScenarioIDs are the four scenarios (8.6-B).
var ScenarioIDs = []string{"A", "B", "C", "D"}

// Sectors are the VM Division Sectors (1.3-E).
var Sectors = []string{"308", "312", "316", "304"}

// Data is the whole board.
type Data struct {
	Map       MapFile
	Boxes     BoxesFile
	Units     UnitsFile
	Tracks    TracksFile
	Charts    ChartsFile
	Scenarios ScenariosFile
	Setups    map[string]*Setup // by scenario id, built by Check
}

// Load reads the embedded data or, when over is not nil, an operator's
// directory (named dir) over it, and checks it across files.
func Load(over fs.FS, dir string) (*Data, error) {
	base, err := fs.Sub(embedded, "data")
	if err != nil {
		return nil, err
	}
	var l *dataload.Loader
	if over == nil {
		l = dataload.New(base, Files...)
	} else if l, err = dataload.NewOver(base, over, dir, Files...); err != nil {
		return nil, err
	}
	return loadWith(l)
}

// LoadFS reads all the files from fsys (tests and the fuzz target).
func LoadFS(fsys fs.FS) (*Data, error) { return loadWith(dataload.New(fsys, Files...)) }

func loadWith(l *dataload.Loader) (*Data, error) {
	d := &Data{}
	l.Labels = []dataload.Label{{Key: "id"}, {Key: "code"}, {Key: "name"}, {Key: "formation"}}
	ok := l.Decode("map.toml", &d.Map)
	ok = l.Decode("boxes.toml", &d.Boxes) && ok
	ok = l.Decode("units.toml", &d.Units) && ok
	ok = l.Decode("tracks.toml", &d.Tracks) && ok
	ok = l.Decode("charts.toml", &d.Charts) && ok
	ok = l.Decode("scenarios.toml", &d.Scenarios) && ok
	if !ok {
		return nil, l.Err()
	}
	check(d, l)
	if err := l.Err(); err != nil {
		return nil, err
	}
	return d, nil
}
