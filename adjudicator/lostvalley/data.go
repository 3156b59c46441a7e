// Package lostvalley holds The Lost Valley (a solitaire game: the player
// commands the French camp of Dien Bien Phu, the rules run the Viet
// Minh): its board, tables, order of battle, set-ups and event deck as
// data (data/*.toml, see data/README.md), decoded strictly by the
// engine's loader (package dataload, naming file, line and field for
// every fault) and checked across files here; and the Viet Minh's
// procedure of sections 11-12 and the result of section 17 as pure
// functions over a board position.
package lostvalley

import (
	"embed"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator/dataload"
)

//go:embed data/*.toml
var embedded embed.FS

// Prov is a provenance mark (DESIGN invariant 6): "rulebook" when the
// text gives the values, "reconstructed" when the project made them, and
// from what (Source).
type Prov struct {
	Provenance string `toml:"provenance"`
	Source     string `toml:"source"`
}

// ---- board.toml ----

// BoardFile is board.toml: the boxes, lines and TAOR paths (2.2).
type BoardFile struct {
	Prov
	Subsectors []Subsector `toml:"subsector"`
	CRs        []CR        `toml:"cr"`
	DZs        []DZ        `toml:"dz"`
	Divisions  []Division  `toml:"division"`
	Lines      [][2]string `toml:"lines"`
	TAORs      []TAOR      `toml:"taor"`
}

// Subsector is one of the three subsectors (2.2.5).
type Subsector struct {
	ID       string   `toml:"id,required"`
	Name     string   `toml:"name"`
	Adjacent []string `toml:"adjacent"`
}

// CR is a Center of Resistance box (2.2.1).
type CR struct {
	ID        string `toml:"id,required"`
	Name      string `toml:"name,required"`
	Subsector string `toml:"subsector,required"`
	Stack     [2]int `toml:"stack"` // infantry steps, assets (2.2.1.3)
	Stars     int    `toml:"stars"` // 2.2.4.1
	Artillery bool   `toml:"artillery"`
	AAA       bool   `toml:"aaa"`
	PC        bool   `toml:"pc"`
	Airstrip  bool   `toml:"airstrip"`
	DropZone  bool   `toml:"dropzone"` // 2.2.1.6: Huguette's parachute
	Bombard   bool   `toml:"bombard"`  // 2.2.4.5
	Encircle  bool   `toml:"encircle"` // 2.2.1.4's icon
	X         int    `toml:"x"`
	Y         int    `toml:"y"`
}

// DZ is a drop zone (2.2.6, 13.2).
type DZ struct {
	ID     string   `toml:"id,required"`
	HeldBy []string `toml:"held_by"`
	Lines  []string `toml:"lines"`
	X      int      `toml:"x"`
	Y      int      `toml:"y"`
}

// Division is a VM division's starting box and marker (2.2.3, 2.3.2.1).
type Division struct {
	ID    int    `toml:"id,required"`
	Name  string `toml:"name"`
	Color string `toml:"color"`
	Order int    `toml:"order"`
	X     int    `toml:"x"`
	Y     int    `toml:"y"`
}

// TAOR is one division's path (2.2.3): links between CR, "start" being
// its starting box.
type TAOR struct {
	Division int         `toml:"division,required"`
	Links    [][2]string `toml:"links"`
}

// Start is the name of a division's starting box in a TAOR link.
const Start = "start"

// ---- tables.toml ----

// Band is a track's DRM over levels lo..hi.
type Band [3]int

// Track is a record track (2.2.8): its limits and DRM bands.
type Track struct {
	Min   int    `toml:"min"`
	Max   int    `toml:"max"`
	Bands []Band `toml:"bands"`
}

// Row is one line of a table: a modified roll range and what it gives.
type Row struct {
	Lo       int    `toml:"lo"`
	Hi       int    `toml:"hi"`
	Value    int    `toml:"value"`  // ASP, RP, levels, DRM for the French casualties roll ...
	VM       int    `toml:"vm"`     // Tables 9 and 10: DRM for the VM casualties roll
	Result   string `toml:"result"` // Table 3
	Steps    int    `toml:"steps"`
	DisQ     bool   `toml:"dis_check"`
	Dis      bool   `toml:"dis"`
	RetreatQ bool   `toml:"retreat_check"`
	Counter  bool   `toml:"counter_battery"`
	CM       int    `toml:"cm"`
	Repulsed bool   `toml:"repulsed"`
}

// Table is a table of rows.
type Table struct {
	Prov
	Rows []Row `toml:"rows"`
}

// Threshold is a roll that succeeds at Success or more.
type Threshold struct {
	Prov
	Success int `toml:"success"`
	MaxASP  int `toml:"max_asp"`
}

// Level is a victory level of 17.2 from Min VP.
type Level struct {
	Min  int    `toml:"min"`
	Name string `toml:"name"`
}

// TablesFile is tables.toml.
type TablesFile struct {
	Tracks struct {
		Prov
		CM       Track `toml:"cm"`
		RP       Track `toml:"rp"`
		AAA      Track `toml:"aaa"`
		Strength Track `toml:"strength"`
	} `toml:"tracks"`
	HandSize struct {
		Prov
		Divisor int `toml:"divisor"`
	} `toml:"hand_size"`
	ASP                 Table     `toml:"asp"`
	AirMissions         Threshold `toml:"air_missions"`
	Airstrip            Table     `toml:"airstrip"`
	RP                  Table     `toml:"rp"`
	Sapping             Table     `toml:"sapping"`
	VMAssault           Table     `toml:"vm_assault"`
	VMAssaultFrench     Table     `toml:"vm_assault_french"`
	VMAssaultVM         Table     `toml:"vm_assault_vm"`
	FrenchAssault       Table     `toml:"french_assault"`
	FrenchAssaultFrench Table     `toml:"french_assault_french"`
	FrenchAssaultVM     Table     `toml:"french_assault_vm"`
	Raid                Table     `toml:"raid"`
	AirstripRepair      Threshold `toml:"airstrip_repair"`
	MoraleCheck         Threshold `toml:"morale_check"`
	Victory             struct {
		Prov
		Levels []Level `toml:"levels"`
	} `toml:"victory"`
}

// ---- units.toml ----

// Unit kinds (2.3.1.2).
const (
	Infantry  = "infantry"
	Armor     = "armor"
	Artillery = "artillery"
	AAAUnit   = "aaa"
)

// Unit is a French counter (2.3.1).
type Unit struct {
	ID        string `toml:"id,required"`
	Kind      string `toml:"kind,required"`
	Branch    string `toml:"branch"`
	Steps     int    `toml:"steps,required"`
	NoAssault bool   `toml:"no_assault"` // an X (2.3.1.3)
	DRM       [3]int `toml:"drm"`        // assault, defense, morale
	Reduced   [3]int `toml:"reduced"`    // the reduced side of a 2-step unit
	Engineer  bool   `toml:"engineer"`
	Mortar    bool   `toml:"mortar"`
	Setup     string `toml:"setup,required"`
}

// CanAssault reports whether the counter has an assault factor.
func (u Unit) CanAssault() bool { return !u.NoAssault }

// Asset reports whether the unit is an asset (armor, artillery, AAA).
func (u Unit) Asset() bool { return u.Kind != Infantry }

// ReinforcementTurn is the turn a unit set up as "turn N" arrives, or 0.
func (u Unit) ReinforcementTurn() int {
	if t, ok := strings.CutPrefix(u.Setup, "turn "); ok {
		n, err := strconv.Atoi(t)
		if err == nil {
			return n
		}
	}
	return 0
}

// UnitsFile is units.toml.
type UnitsFile struct {
	Prov
	Units []Unit `toml:"unit"`
}

// ---- scenarios.toml ----

// DivisionSetup is a division's strength and status at the start.
type DivisionSetup struct {
	ID       int  `toml:"id"`
	Strength int  `toml:"strength"`
	Active   bool `toml:"active"`
}

// Scenario is one set-up (3.0).
type Scenario struct {
	Prov
	ID        string            `toml:"id,required"`
	Name      string            `toml:"name"`
	FirstTurn int               `toml:"first_turn"`
	LastTurn  int               `toml:"last_turn"`
	CM        int               `toml:"cm"`
	RP        int               `toml:"rp"`
	AAA       int               `toml:"aaa"`
	Airstrip  string            `toml:"airstrip"`
	Divisions []DivisionSetup   `toml:"divisions"`
	Forts     map[string]int    `toml:"forts"`
	VM        map[string]int    `toml:"vm"`
	Units     map[string]string `toml:"units"`
	Remove    []int             `toml:"remove"`
}

// ScenariosFile is scenarios.toml.
type ScenariosFile struct {
	Scenarios []Scenario `toml:"scenario"`
}

// ---- cards.toml ----

// Card is an event card (2.4).
type Card struct {
	Number    int      `toml:"number,required"`
	Title     string   `toml:"title,required"`
	AP        [2]int   `toml:"ap"` // fixed when both equal; else rolled in lo..hi (5.2)
	Reserve   bool     `toml:"reserve"`
	Condition []string `toml:"condition"`
	Phase     string   `toml:"phase"`
	Text      string   `toml:"text"`
	Effects   []string `toml:"effects"`
	OneTime   bool     `toml:"one_time"`
	Reshuffle bool     `toml:"reshuffle"`
	Flag      string   `toml:"flag"`
	Optional  bool     `toml:"optional"`
	Printed   string   `toml:"printed"` // what the rulebook fixes of this card, if anything
}

// CardsFile is cards.toml.
type CardsFile struct {
	Prov
	Cards []Card `toml:"card"`
}

// Data is the whole title's data.
type Data struct {
	Board     BoardFile
	Tables    TablesFile
	Units     UnitsFile
	Scenarios ScenariosFile
	Cards     CardsFile

	crs   map[string]*CR
	units map[string]*Unit
	cards map[int]*Card
	adj   map[string][]string         // black lines (and drop zones' lines)
	taor  map[int]map[string][]string // per division: links, Start included
}

// The data files, in load order.
var dataFiles = []string{"board.toml", "tables.toml", "units.toml", "scenarios.toml", "cards.toml"}

var labels = []dataload.Label{{Key: "id"}, {Key: "number"}, {Key: "division", Show: true}, {Key: "name"}}

// Load decodes and checks the embedded data.
func Load() (*Data, error) {
	sub, err := fs.Sub(embedded, "data")
	if err != nil {
		return nil, err
	}
	return loadWith(dataload.New(sub, dataFiles...))
}

// LoadOver loads the data with any file present in over replacing the
// embedded one: an operator's transcription (a printed deck as
// cards.toml, Player Aid G as tables.toml ...). Faults in a replaced file
// name its path under dir. The caller opens the directory.
func LoadOver(over fs.FS, dir string) (*Data, error) {
	sub, err := fs.Sub(embedded, "data")
	if err != nil {
		return nil, err
	}
	l, err := dataload.NewOver(sub, over, dir, dataFiles...)
	if err != nil {
		return nil, err
	}
	return loadWith(l)
}

func loadWith(l *dataload.Loader) (*Data, error) {
	d := &Data{}
	l.Labels = labels
	ok := l.Decode("board.toml", &d.Board)
	ok = l.Decode("tables.toml", &d.Tables) && ok
	ok = l.Decode("units.toml", &d.Units) && ok
	ok = l.Decode("scenarios.toml", &d.Scenarios) && ok
	ok = l.Decode("cards.toml", &d.Cards) && ok
	if !ok {
		return nil, l.Err()
	}
	c := &checker{l: l, d: d}
	c.check()
	if err := l.Err(); err != nil {
		return nil, err
	}
	return d, nil
}

// CR is the box with id, or nil.
func (d *Data) CR(id string) *CR { return d.crs[id] }

// Unit is the counter with id, or nil.
func (d *Data) Unit(id string) *Unit { return d.units[id] }

// Card is the event card numbered n, or nil.
func (d *Data) Card(n int) *Card { return d.cards[n] }

// Adjacent lists the CR joined to id by a black line (2.2.2).
func (d *Data) Adjacent(id string) []string { return d.adj[id] }

// Scenario is the set-up with id, or nil.
func (d *Data) Scenario(id string) *Scenario {
	for i := range d.Scenarios.Scenarios {
		if d.Scenarios.Scenarios[i].ID == id {
			return &d.Scenarios.Scenarios[i]
		}
	}
	return nil
}

// DRM is a track's DRM at level v (clamped to the track).
func (t Track) DRM(v int) int {
	for _, b := range t.Bands {
		if v >= b[0] && v <= b[1] {
			return b[2]
		}
	}
	if len(t.Bands) > 0 && v < t.Bands[0][0] {
		return t.Bands[0][2]
	}
	if len(t.Bands) > 0 {
		return t.Bands[len(t.Bands)-1][2]
	}
	return 0
}

// Find is the table's row for a modified roll.
func (t Table) Find(roll int) Row {
	for _, r := range t.Rows {
		if roll >= r.Lo && roll <= r.Hi {
			return r
		}
	}
	if len(t.Rows) == 0 {
		return Row{}
	}
	if roll < t.Rows[0].Lo {
		return t.Rows[0]
	}
	return t.Rows[len(t.Rows)-1]
}

// Authored is the mark on every authored card's text a player sees.
const Authored = "authored by Umpire; the printed card may differ"

// Describe is a card as a player reads it, marked authored unless the
// deck is an operator's transcription.
func (d *Data) Describe(c *Card) string {
	ap := strconv.Itoa(c.AP[0])
	if c.AP[1] != c.AP[0] {
		ap = fmt.Sprintf("%d-%d", c.AP[0], c.AP[1])
	}
	var marks []string
	if c.Reserve {
		marks = append(marks, "Reserve")
	}
	if c.OneTime {
		marks = append(marks, "one-time")
	}
	if c.Reshuffle {
		marks = append(marks, "RESHUFFLE")
	}
	s := fmt.Sprintf("Card %d %q (%s AP", c.Number, c.Title, ap)
	if len(marks) > 0 {
		s += ", " + strings.Join(marks, ", ")
	}
	s += fmt.Sprintf("; condition: %s; phase: %s; benefits the %s): %s", strings.Join(c.Condition, ", "), c.Phase, flagName(c.Flag), c.Text)
	if d.Cards.Provenance == dataload.Reconstructed {
		s += " (" + Authored + ")"
	}
	return s
}

func flagName(f string) string {
	if f == "vm" {
		return "Viet Minh"
	}
	return "French"
}
