package hell

// The data types of A Season in Hell. The files under data/ fill them; the
// loader (load.go) checks them against the schema and the rules, naming
// file, line and field for every fault (DESIGN invariant 6).

// Provenance says where a table or map comes from: "rulebook" when the
// text gives it, "reconstructed" when the project made it from the rules'
// result codes and the history.
type Provenance string

const (
	FromRulebook      Provenance = "rulebook"
	FromReconstructed Provenance = "reconstructed"
)

// Zone kinds (0.2).
const (
	ZoneCR         = "cr"         // a CR zone holding PAs
	ZonePeripheral = "peripheral" // flat, hill or marsh; assault bases; trenches
	ZoneJungle     = "jungle"     // strategic jungle zones 1-4
)

// Zone is a CR zone, a peripheral zone or a jungle zone.
type Zone struct {
	ID   string `toml:"id"`   // peripheral "A".."U", jungle "JZ1".."JZ4", CR zones "HU", "DO"..., Isabelle "IS" and its periphery "IP"
	Name string `toml:"name"` // "Huguette", "Zone N", "Jungle Zone 2"
	Kind string `toml:"kind"` // cr, peripheral, jungle
	// Terrain of a peripheral zone: "flat", "hill", "marsh" (marsh trenches
	// cost double, 3.1; open terrain or marsh +1 column when untrenched).
	Terrain string `toml:"terrain"`
	// Hill: "" none, "hill", "gabrielle" (-2 instead of -1).
	Hill string `toml:"hill"`
	// MountBaldy marks the zone holding Mount Baldy (8: a level-3 trench
	// there costs France a step).
	MountBaldy bool `toml:"mount_baldy"`
	// CRC: the CR zone is part of the Central Fortified Camp.
	CRC bool `toml:"crc"`
	// Inset: drawn in the Isabelle inset.
	Inset bool `toml:"inset"`
	// WestBank: west of the Nam Youm.
	WestBank bool     `toml:"west_bank"`
	Adjacent []string `toml:"adjacent"` // zone ids (symmetric)
	// Drawing, in map units (the map is 1000 x 1000, y down; the Isabelle
	// inset has its own box, see MapData.Inset).
	X     float64      `toml:"x"`
	Y     float64      `toml:"y"`
	Shape [][2]float64 `toml:"shape"` // polygon outline, optional
}

// PA is a strongpoint (point d'appui).
type PA struct {
	ID   string `toml:"id"`   // H1..H7, D1.., E1.., AM1.., I1..I5
	Name string `toml:"name"` // "Huguette 6"
	CR   string `toml:"cr"`   // "Huguette"
	Zone string `toml:"zone"` // its CR zone
	// Hill: "" none, "hill", "gabrielle".
	Hill string `toml:"hill"`
	// StrategicHill: D1, D2, E1, E2, E4 (8: VM occupation costs France a step).
	StrategicHill bool `toml:"strategic_hill"`
	// Encirclable: west of the Nam Youm (3.1, 8): Claudine, Huguette, Lili,
	// Epervier, Opera, Françoise, Junon.
	Encirclable bool `toml:"encirclable"`
	// AirTransport: its loss to enemy AA counts on the Air Transport Points
	// Table (3.2): Beatrice, Gabrielle, AM1, AM2, D1, D2, H6, H1.
	AirTransport bool `toml:"air_transport"`
	// AttritionPoint: counts for the Five Hills victory (9.2): D1, D2, E1,
	// E2, E4, H6, H7.
	AttritionPoint bool `toml:"attrition_point"`
	// Airstrip: the PA lies on the airstrip (drawing only).
	Airstrip bool    `toml:"airstrip"`
	X        float64 `toml:"x"`
	Y        float64 `toml:"y"`
}

// AssaultBase joins a peripheral zone to the PAs it can assault (0.2).
type AssaultBase struct {
	ID   string   `toml:"id"`   // "N>H6"
	Zone string   `toml:"zone"` // the peripheral zone it belongs to
	PAs  []string `toml:"pas"`  // the PAs reachable from it
	X    float64  `toml:"x"`
	Y    float64  `toml:"y"`
}

// Road is a road of the map as a chain of zones (3.2: the CRC-Isabelle
// road through zone G or H and Jungle Zone 4).
type Road struct {
	ID    string   `toml:"id"`
	Zones []string `toml:"zones"`
}

// MapData is map.toml.
type MapData struct {
	Provenance Provenance    `toml:"provenance"`
	Notes      string        `toml:"notes"`
	Inset      [4]float64    `toml:"inset"` // x, y, w, h of the Isabelle inset box
	River      [][2]float64  `toml:"river"` // the Nam Youm as a polyline (drawing)
	Airstrip   [][2]float64  `toml:"airstrip"`
	Zones      []Zone        `toml:"zone"`
	PAs        []PA          `toml:"pa"`
	Lines      [][2]string   `toml:"lines"` // PA connecting lines
	Bases      []AssaultBase `toml:"base"`
	Roads      []Road        `toml:"road"`
	// ReinforcementJungle is Jungle Zone 2 (3.1); FrenchJungle is Jungle
	// Zone 4 (3.2, the only jungle zone France may enter).
	ReinforcementJungle string `toml:"reinforcement_jungle"`
	FrenchJungle        string `toml:"french_jungle"`
}

// French unit kinds (1.1).
const (
	KindInfantry = "infantry" // two-step company
	KindThai     = "thai"     // single-step Thai company (most)
	KindMG       = "mg"       // single-step machine-gun platoon
	KindTank     = "tank"     // two-tank section, two steps
)

// FrenchUnit is a company, platoon or tank section.
type FrenchUnit struct {
	ID        string `toml:"id"`        // "1BEP-1"
	Name      string `toml:"name"`      // "1st BEP, 1st company"
	Kind      string `toml:"kind"`      // infantry, thai, mg, tank
	Battalion string `toml:"battalion"` // parent battalion, for merging half-strength companies
	Para      bool   `toml:"para"`      // a paratroop unit
	Steps     int    `toml:"steps"`     // 1 or 2
	// Values at full strength and, for two-step units, when reduced.
	Fire          int `toml:"fire"`
	Melee         int `toml:"melee"` // hand-to-hand
	Morale        int `toml:"morale"`
	ReducedFire   int `toml:"reduced_fire"`
	ReducedMelee  int `toml:"reduced_melee"`
	ReducedMorale int `toml:"reduced_morale"`
}

// VMBattalion is a three-step battalion (1.2).
type VMBattalion struct {
	ID       string `toml:"id"`       // "308/36/80": division/regiment/battalion
	Division string `toml:"division"` // "308"
	Regiment string `toml:"regiment"` // "36"
	Symbol   string `toml:"symbol"`   // regimental symbol drawn on the counter
	Fire     int    `toml:"fire"`
	Melee    int    `toml:"melee"`
	Morale   int    `toml:"morale"`
}

// Arrival is a scheduled reinforcement.
type Arrival struct {
	Turn  int      `toml:"turn"`
	Units []string `toml:"units"`
}

// Forces is units.toml.
type Forces struct {
	Provenance    Provenance    `toml:"provenance"`
	Notes         string        `toml:"notes"`
	French        []FrenchUnit  `toml:"french"`
	VM            []VMBattalion `toml:"vm"`
	Dummies       int           `toml:"dummies"`        // 6 (1.2, 4.2.1)
	ExtraDummies  int           `toml:"extra_dummies"`  // 2 more ...
	DummiesTurn   int           `toml:"dummies_turn"`   // ... on turn 6
	FrenchArrival []Arrival     `toml:"french_arrival"` // paratroop reinforcements (3.2)
	VMArrival     []Arrival     `toml:"vm_arrival"`     // reinforcements in Jungle Zone 2 (3.1)
}

// Turn is one week of the calendar.
type Turn struct {
	Turn       int    `toml:"turn"`
	Date       string `toml:"date"`        // "13 March 1954"
	Rain       bool   `toml:"rain"`        // rainy-season penalty on air transport (3.2)
	VMMunition int    `toml:"vm_munition"` // 1 or 2 levels received (3.1)
}

// Tables is tables.toml. Each table carries its own provenance.
type Tables struct {
	Calendar struct {
		Provenance Provenance `toml:"provenance"`
		Turns      []Turn     `toml:"turn"`
	} `toml:"calendar"`
	Munitions struct {
		Provenance Provenance `toml:"provenance"`
		VMMax      int        `toml:"vm_max"`
		FrenchMax  int        `toml:"french_max"`
		// Ammunition level effect on French infantry fire (5.4): column
		// shift by munitions level band.
		Bands []struct {
			Min   int `toml:"min"`
			Shift int `toml:"shift"`
		} `toml:"band"`
	} `toml:"munitions"`
	// Fire Table (5.2, COMBAT RESULTS).
	Fire struct {
		Provenance Provenance `toml:"provenance"`
		Columns    []struct {
			Label   string   `toml:"label"` // "7-9"
			Min     int      `toml:"min"`
			Max     int      `toml:"max"` // 0: and above
			Results []string `toml:"results"`
		} `toml:"column"`
	} `toml:"fire"`
	// Hand-to-Hand Table (5.5).
	HandToHand struct {
		Provenance Provenance `toml:"provenance"`
		Columns    []struct {
			Label   string   `toml:"label"` // "1-2", "3-1"
			Att     int      `toml:"att"`   // ratio att:def
			Def     int      `toml:"def"`
			Results []string `toml:"results"` // "T", "A1+T", "D1+T", "D2+T", "AD", "DD", "BD", "*", "-"
		} `toml:"column"`
	} `toml:"hand_to_hand"`
	// Air Transport Points Table (3.2): a line per count of air-transport
	// CR/PAs held by the enemy; by die 1..6, the French munitions levels
	// received and the levels that fall into VM hands. Line 0 is the best;
	// the CRC-Isabelle link moves one line better, rain one line worse.
	AirTransport struct {
		Provenance Provenance `toml:"provenance"`
		Lines      []struct {
			Lost      int    `toml:"lost"` // air-transport CR/PAs lost, from
			Munitions [6]int `toml:"munitions"`
			Captured  [6]int `toml:"captured"`
		} `toml:"line"`
		RainLines int `toml:"rain_lines"` // lines worse in the rainy season
	} `toml:"air_transport"`
	// Airpower (3.2): air points by die, and the rain penalty.
	Airpower struct {
		Provenance  Provenance `toml:"provenance"`
		Points      [6]int     `toml:"points"`
		RainPenalty int        `toml:"rain_penalty"`
	} `toml:"airpower"`
	// CR/PAs Lost Table (3.2, 4.1): companies droppable per round.
	Lost struct {
		Provenance Provenance `toml:"provenance"`
		Lines      []struct {
			Lost      int `toml:"lost"` // PAs lost, from
			Companies int `toml:"companies"`
		} `toml:"line"`
	} `toml:"lost"`
	// Stacking (1.4).
	Stacking struct {
		Provenance       Provenance `toml:"provenance"`
		FrenchPATerrain  int        `toml:"french_pa_terrain"`  // companies that benefit from PA terrain: 2
		VMPATrench       int        `toml:"vm_pa_trench"`       // battalions of one division with the trench bonus: 3
		VMBasePerTrench  int        `toml:"vm_base_per_trench"` // battalions of one regiment per trench level: 1
		VMDefendPerLevel int        `toml:"vm_defend_per_level"`
	} `toml:"stacking"`
	Replacements struct {
		Provenance Provenance `toml:"provenance"`
		Initial    int        `toml:"initial"`  // 2
		PerTurn    int        `toml:"per_turn"` // 3
	} `toml:"replacements"`
	Entrenchment struct {
		Provenance Provenance `toml:"provenance"`
		Points     int        `toml:"points"` // 12 per turn
	} `toml:"entrenchment"`
}

// Placement puts units at a location (a PA id or zone id).
type Placement struct {
	At    string   `toml:"at"`
	Units []string `toml:"units"`
}

// ScenarioData is one scenario in scenarios.toml (section 9).
type ScenarioData struct {
	ID          string `toml:"id"` // initial-assault, five-hills, full-battle
	Name        string `toml:"name"`
	FirstTurn   int    `toml:"first_turn"`
	LastTurn    int    `toml:"last_turn"`
	Victory     string `toml:"victory"` // the section 9 text, for /game status
	VMMunitions int    `toml:"vm_munitions"`
	FrMunitions int    `toml:"french_munitions"`
	VMLosses    int    `toml:"vm_losses"`   // steps already lost at start
	Replacement int    `toml:"replacement"` // French replacement points at start
	// Captured PAs at start (VM control).
	Captured []string `toml:"captured"`
	// Trench levels at start by zone or PA id.
	Trenches []struct {
		At    string `toml:"at"`
		Level int    `toml:"level"`
	} `toml:"trench"`
	French []Placement `toml:"french"` // historical set-up, offered as the default
	VM     []Placement `toml:"vm"`
	// Units not in play (eliminated before the scenario or not yet arrived).
	FrenchOut []string `toml:"french_out"`
	VMOut     []string `toml:"vm_out"`
}

// Scenarios is scenarios.toml.
type Scenarios struct {
	Provenance Provenance     `toml:"provenance"`
	Scenario   []ScenarioData `toml:"scenario"`
}

// Data is everything the title loads, with indexes built by the loader.
type Data struct {
	Map       MapData
	Forces    Forces
	Tables    Tables
	Scenarios Scenarios

	Zones   map[string]*Zone
	PAs     map[string]*PA
	Bases   map[string]*AssaultBase
	French  map[string]*FrenchUnit
	VM      map[string]*VMBattalion
	ZoneAdj map[string][]string // zone -> adjacent zones, sorted
	PALinks map[string][]string // PA -> PAs joined by a line, sorted
	// ZoneBases: peripheral zone -> its assault bases; PABases: PA -> the
	// assault bases that reach it.
	ZoneBases map[string][]*AssaultBase
	PABases   map[string][]*AssaultBase
	ZonePAs   map[string][]string // CR zone -> its PAs, sorted
	// ZoneOrder and PAOrder list ids in file order (deterministic output).
	ZoneOrder []string
	PAOrder   []string
}

// Scenario returns a scenario by id.
func (d *Data) Scenario(id string) (*ScenarioData, bool) {
	for i := range d.Scenarios.Scenario {
		if d.Scenarios.Scenario[i].ID == id {
			return &d.Scenarios.Scenario[i], true
		}
	}
	return nil, false
}

// Week returns the calendar entry of a turn.
func (d *Data) Week(turn int) Turn {
	for _, t := range d.Tables.Calendar.Turns {
		if t.Turn == turn {
			return t
		}
	}
	return Turn{Turn: turn}
}
