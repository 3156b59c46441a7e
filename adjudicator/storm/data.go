package storm

// The data files (DESIGN invariant 6): board.toml (areas, river,
// bridges, turn track), units.toml (counter types, the order of battle),
// cards.toml (the 54 tactic cards, English beside the Polish). They are
// embedded; an operator's directory can replace any of them (LoadOver),
// and the loader refuses a broken file naming file, line and field.

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/dataload"
)

//go:embed data/*.toml
var embedded embed.FS

// The data files, in load order.
const (
	FileBoard = "board.toml"
	FileUnits = "units.toml"
	FileCards = "cards.toml"
)

var dataFiles = []string{FileBoard, FileUnits, FileCards}

// Numbers the rules fix.
const (
	Turns      = 8  // 4.0
	StackLimit = 9  // 7.0
	MaxTrench  = 3  // 9.0
	MaxAreaDef = 3  // 9.1
	ReliefArea = 38 // Relief Force from Isabelle
)

// Side is a title's side.
type Side = adjudicator.Side

// The sides.
const (
	French Side = "french"
	VM     Side = "vm"
)

// Provenance is a table's mark and source sentence.
type Provenance struct {
	Provenance string `toml:"provenance"`
	Source     string `toml:"source"`
}

// Area is one numbered area of the board.
type Area struct {
	ID       int    `toml:"id,required"`
	Name     string `toml:"name,required"`
	Owner    Side   `toml:"owner,required"`
	Defense  int    `toml:"defense,required"`
	Class    string `toml:"class"` // "red", "blue", "green" or ""
	Victory  bool   `toml:"victory"`
	Cards    string `toml:"cards"` // "white", "grey" or ""
	Bank     string `toml:"bank,required"`
	X        int    `toml:"x,required"`
	Y        int    `toml:"y,required"`
	Adjacent []int  `toml:"adjacent,required"`
}

// BoardFile is board.toml.
type BoardFile struct {
	Board struct {
		Provenance
		FrenchHand []int    `toml:"french_hand"`
		VMHand     []int    `toml:"vm_hand"`
		Dates      []string `toml:"dates"`
		Bridges    [][]int  `toml:"bridges"`
		Edge       []int    `toml:"edge"`
	} `toml:"board"`
	Areas []Area `toml:"area"`
}

// UnitType is a counter's printed values.
type UnitType struct {
	Code        string `toml:"code,required"`
	Side        Side   `toml:"side,required"`
	Name        string `toml:"name,required"`
	Fire        int    `toml:"fire"`
	Defense     int    `toml:"defense,required"`
	Move        int    `toml:"move,required"`
	Spent       int    `toml:"spent,required"`
	Thai        bool   `toml:"thai"`
	Armor       bool   `toml:"armor"`
	Elite       bool   `toml:"elite"`
	Replacement bool   `toml:"replacement"`
}

// UnitGroup is a battalion's counters with one set-up.
type UnitGroup struct {
	Tag       string `toml:"tag,required"`
	Name      string `toml:"name,required"`
	Type      string `toml:"type,required"`
	Companies []int  `toml:"companies,required"`
	Setup     int    `toml:"setup"`
	Arrive    int    `toml:"arrive"`
	Star      bool   `toml:"star"`
	Pool      bool   `toml:"pool"`
}

// UnitsFile is units.toml.
type UnitsFile struct {
	Prov   Provenance  `toml:"units"`
	Types  []UnitType  `toml:"type"`
	Groups []UnitGroup `toml:"unit"`
}

// Card is one card name and its printed copies.
type Card struct {
	Name     string `toml:"name,required"`
	Side     Side   `toml:"side,required"`
	Numbers  []int  `toml:"numbers,required"`
	Entrench []int  `toml:"entrench"`
	Window   string `toml:"window,required"`
	Fire     int    `toml:"fire"`
	Remove   bool   `toml:"remove"`
	NotTurn1 bool   `toml:"not_turn1"`
	LastTurn int    `toml:"last_turn"`
	English  string `toml:"english,required"`
	Polish   string `toml:"pl,required"`
}

// CardsFile is cards.toml.
type CardsFile struct {
	Cards Provenance `toml:"cards"`
	Card  []Card     `toml:"card"`
}

// The card windows (cards.toml's header).
var windows = map[string]bool{"action": true, "during-action": true, "before-roll": true, "after-roll": true,
	"after-attack": true, "end-of-action": true, "supply": true, "response": true}

// Unit is one counter.
type Unit struct {
	ID     string // "D13-9"
	Group  string // the battalion's name
	Type   *UnitType
	Setup  int
	Arrive int
	Star   bool
	Pool   bool
}

// Data is the checked content of the three files.
type Data struct {
	Board BoardFile
	Units UnitsFile
	Cards CardsFile

	Area     map[int]*Area
	AreaIDs  []int
	adj      map[[2]int]bool
	bridge   map[[2]int]bool
	edge     map[int]bool
	top      int      // the highest area number
	red      []bool   // by area: France may not enter (7.0)
	river    [][]bool // by area pair: the border crosses the river, not by a bridge
	unitIx   map[string]int
	unitSide []int    // by unit index: sideIx of its side
	unitHelp []string // by unit index: its battalion and printed values, for the tree
	Types    map[string]*UnitType
	Unit     map[string]*Unit
	UnitIDs  []string // in file order
	CardOf   map[Side]map[int]*Card
	Entrench map[int]int // VM card number -> entrenchment value
}

// Adjacent reports whether areas a and b border each other.
func (d *Data) Adjacent(a, b int) bool { return d.adj[[2]int{a, b}] }

// River reports whether the border a-b crosses the Nam Yum (and is not a
// bridge).
func (d *Data) River(a, b int) bool {
	if d.bridge[[2]int{a, b}] {
		return false
	}
	return d.Area[a].Bank != d.Area[b].Bank
}

// Bridge reports whether a-b is one of the two bridges (7.0).
func (d *Data) Bridge(a, b int) bool { return d.bridge[[2]int{a, b}] }

// Edge reports whether an area is on the map's edge (12.3).
func (d *Data) Edge(a int) bool { return d.edge[a] }

// HandSize is a side's hand size on turn t before the area bonuses.
func (d *Data) HandSize(s Side, t int) int {
	if s == French {
		return d.Board.Board.FrenchHand[t-1]
	}
	return d.Board.Board.VMHand[t-1]
}

// CardName names card n of side s.
func (d *Data) CardName(s Side, n int) string {
	if c := d.CardOf[s][n]; c != nil {
		return c.Name
	}
	return fmt.Sprintf("card %d", n)
}

var labels = []dataload.Label{{Key: "id", Show: true}, {Key: "code"}, {Key: "tag"}, {Key: "name"}}

var (
	defaultOnce sync.Once
	defaultData *Data
	defaultErr  error
)

// Default is the embedded data, loaded and checked once.
func Default() (*Data, error) {
	defaultOnce.Do(func() {
		sub, err := fs.Sub(embedded, "data")
		if err != nil {
			defaultErr = err
			return
		}
		defaultData, defaultErr = LoadFS(sub)
	})
	return defaultData, defaultErr
}

// MustDefault is Default for callers that cannot go on without the data.
func MustDefault() *Data {
	d, err := Default()
	if err != nil {
		panic("storm: embedded data: " + err.Error())
	}
	return d
}

// LoadFS decodes the three files from fsys and checks them.
func LoadFS(fsys fs.FS) (*Data, error) {
	return loadWith(dataload.New(fsys, dataFiles...))
}

// LoadOver loads the data with any of the files present in over replacing
// the embedded one (an operator's transcription); faults in a replaced
// file name its path under dir.
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
	ok := l.Decode(FileBoard, &d.Board)
	ok = l.Decode(FileUnits, &d.Units) && ok
	ok = l.Decode(FileCards, &d.Cards) && ok
	if !ok {
		return nil, l.Err()
	}
	d.check(l)
	if err := l.Err(); err != nil {
		return nil, err
	}
	d.index()
	return d, nil
}

// index fills the tables the legal tree reads on every step (issue 31):
// by area number, the red class and the borders across the river.
func (d *Data) index() {
	top := 0
	for _, a := range d.AreaIDs {
		top = max(top, a)
	}
	d.top = top
	d.red = make([]bool, top+1)
	d.river = make([][]bool, top+1)
	for _, a := range d.AreaIDs {
		d.red[a] = d.Area[a].Class == "red"
		d.river[a] = make([]bool, top+1)
		for _, b := range d.Area[a].Adjacent {
			d.river[a][b] = d.River(a, b)
		}
	}
	d.unitIx = make(map[string]int, len(d.UnitIDs))
	d.unitHelp = make([]string, len(d.UnitIDs))
	d.unitSide = make([]int, len(d.UnitIDs))
	for i, id := range d.UnitIDs {
		d.unitSide[i] = sideIx(d.Unit[id].Type.Side)
		d.unitIx[id] = i
		t := d.Unit[id].Type
		d.unitHelp[i] = fmt.Sprintf("%s %d-%d-%d", d.Unit[id].Group, t.Fire, t.Defense, t.Move)
	}
}

// check indexes the data and reports what the rules forbid, at the line
// of the field.
func (d *Data) check(l *dataload.Loader) {
	b := &d.Board
	l.Provenance(FileBoard, []any{"board", "provenance"}, "board", b.Board.Provenance.Provenance)
	l.Provenance(FileUnits, []any{"units", "provenance"}, "units", d.Units.Prov.Provenance)
	l.Provenance(FileCards, []any{"cards", "provenance"}, "cards", d.Cards.Cards.Provenance)
	if len(b.Board.FrenchHand) != Turns || len(b.Board.VMHand) != Turns || len(b.Board.Dates) != Turns {
		l.Errorf(FileBoard, []any{"board", "french_hand"}, "board", "french_hand", "the turn track needs %d hand sizes a side and %d dates (4.0: 8 turns)", Turns, Turns)
	}
	for i, n := range append(append([]int{}, b.Board.FrenchHand...), b.Board.VMHand...) {
		if n < 1 || n > 9 {
			l.Errorf(FileBoard, []any{"board"}, "board", "hand", "hand size %d (entry %d) is not 1 to 9", n, i+1)
		}
	}
	d.Area = map[int]*Area{}
	d.adj, d.bridge, d.edge = map[[2]int]bool{}, map[[2]int]bool{}, map[int]bool{}
	for i := range b.Areas {
		a := &b.Areas[i]
		where := fmt.Sprintf("area %d", a.ID)
		at := func(f string) []any { return []any{"area", i, f} }
		if d.Area[a.ID] != nil || a.ID < 1 {
			l.Errorf(FileBoard, at("id"), where, "id", "area number %d is repeated or below 1", a.ID)
			continue
		}
		d.Area[a.ID] = a
		d.AreaIDs = append(d.AreaIDs, a.ID)
		if a.Owner != French && a.Owner != VM {
			l.Errorf(FileBoard, at("owner"), where, "owner", "%q: want french or vm", a.Owner)
		}
		if a.Defense < 0 || a.Defense > MaxAreaDef {
			l.Errorf(FileBoard, at("defense"), where, "defense", "%d: an area's defense is 0 to 3 (9.1)", a.Defense)
		}
		switch a.Class {
		case "", "red", "blue", "green":
		default:
			l.Errorf(FileBoard, at("class"), where, "class", "%q: want red, blue, green or nothing", a.Class)
		}
		if a.Class == "red" && a.Owner != VM {
			l.Errorf(FileBoard, at("owner"), where, "owner", "a red area is one France may never enter (7.0): it starts the VM's")
		}
		switch a.Cards {
		case "", "white", "grey":
		default:
			l.Errorf(FileBoard, at("cards"), where, "cards", "%q: want white, grey or nothing", a.Cards)
		}
		if a.Victory && a.Defense != 3 {
			l.Errorf(FileBoard, at("victory"), where, "victory", "victory symbols stand on areas of defense 3 (14.0)")
		}
		if a.Bank != "west" && a.Bank != "east" {
			l.Errorf(FileBoard, at("bank"), where, "bank", "%q: want west or east", a.Bank)
		}
		if a.X < 0 || a.X > 1000 || a.Y < 0 || a.Y > 1000 {
			l.Errorf(FileBoard, at("x"), where, "x", "the centre (%d, %d) is off the 0-1000 board", a.X, a.Y)
		}
	}
	sort.Ints(d.AreaIDs)
	for i := range b.Areas {
		a := &b.Areas[i]
		for j, n := range a.Adjacent {
			where := fmt.Sprintf("area %d", a.ID)
			o := d.Area[n]
			switch {
			case o == nil:
				l.Errorf(FileBoard, []any{"area", i, "adjacent", j}, where, fmt.Sprintf("adjacent[%d]", j), "no area %d", n)
			case n == a.ID:
				l.Errorf(FileBoard, []any{"area", i, "adjacent", j}, where, fmt.Sprintf("adjacent[%d]", j), "an area does not border itself")
			case !contains(o.Adjacent, a.ID):
				l.Errorf(FileBoard, []any{"area", i, "adjacent", j}, where, fmt.Sprintf("adjacent[%d]", j), "area %d does not list %d back", n, a.ID)
			default:
				d.adj[[2]int{a.ID, n}] = true
			}
		}
	}
	for i, br := range b.Board.Bridges {
		if len(br) != 2 || !d.adj[[2]int{br[0], br[1]}] || d.Area[br[0]].Bank == d.Area[br[1]].Bank {
			l.Errorf(FileBoard, []any{"board", "bridges", i}, "board", fmt.Sprintf("bridges[%d]", i), "%v is not a border across the river between two areas", br)
			continue
		}
		d.bridge[[2]int{br[0], br[1]}], d.bridge[[2]int{br[1], br[0]}] = true, true
	}
	for i, e := range b.Board.Edge {
		if d.Area[e] == nil {
			l.Errorf(FileBoard, []any{"board", "edge", i}, "board", fmt.Sprintf("edge[%d]", i), "no area %d", e)
		}
		d.edge[e] = true
	}
	// the rules' own statements about the board
	count := func(f func(*Area) bool) (n int) {
		for _, a := range d.Area {
			if f(a) {
				n++
			}
		}
		return n
	}
	if count(func(a *Area) bool { return a.Class == "blue" }) != 3 {
		l.Errorf(FileBoard, []any{"area"}, "board", "class", "11.0: three blue airstrip areas")
	}
	if count(func(a *Area) bool { return a.Class == "green" }) != 6 {
		l.Errorf(FileBoard, []any{"area"}, "board", "class", "11.0: six green west-bank areas next to the airstrip")
	}
	if count(func(a *Area) bool { return a.Victory }) < 6 {
		l.Errorf(FileBoard, []any{"area"}, "board", "victory", "14.0: at least six victory areas")
	}
	if d.Area[ReliefArea] == nil {
		l.Errorf(FileBoard, []any{"area"}, "board", "id", "area 38 receives the relief force from Isabelle")
	}
	for i, a := range b.Areas {
		if a.Class == "green" {
			if a.Bank != "west" || !d.nextTo(a.ID, func(o *Area) bool { return o.Class == "blue" }) {
				l.Errorf(FileBoard, []any{"area", i, "class"}, fmt.Sprintf("area %d", a.ID), "class", "a green area is west of the river, next to an airstrip area (11.0)")
			}
		}
	}

	// units.toml
	d.Types = map[string]*UnitType{}
	for i := range d.Units.Types {
		t := &d.Units.Types[i]
		where := "type " + t.Code
		if d.Types[t.Code] != nil {
			l.Errorf(FileUnits, []any{"type", i, "code"}, where, "code", "repeated")
		}
		d.Types[t.Code] = t
		if t.Side != French && t.Side != VM {
			l.Errorf(FileUnits, []any{"type", i, "side"}, where, "side", "%q: want french or vm", t.Side)
		}
		if t.Fire < 0 || t.Defense < 1 || t.Move < 1 || t.Spent < 1 || t.Spent > t.Defense {
			l.Errorf(FileUnits, []any{"type", i, "defense"}, where, "defense", "values %d-%d-%d, spent %d: firepower 0 or more, defense and movement 1 or more, the spent side's defense no more than the fresh side's", t.Fire, t.Defense, t.Move, t.Spent)
		}
		if (t.Thai || t.Armor) && t.Side != French {
			l.Errorf(FileUnits, []any{"type", i, "side"}, where, "side", "Thai and armor counters are French")
		}
	}
	d.Unit = map[string]*Unit{}
	stars := 0
	for i, g := range d.Units.Groups {
		where := "unit " + g.Tag
		t := d.Types[g.Type]
		if t == nil {
			l.Errorf(FileUnits, []any{"unit", i, "type"}, where, "type", "no type %q", g.Type)
			continue
		}
		n := 0
		for _, x := range []bool{g.Setup != 0, g.Arrive != 0, g.Star, g.Pool} {
			if x {
				n++
			}
		}
		switch {
		case n != 1:
			l.Errorf(FileUnits, []any{"unit", i, "setup"}, where, "setup", "give one of setup, arrive, star, pool")
		case g.Setup != 0 && (d.Area[g.Setup] == nil || d.Area[g.Setup].Owner != t.Side):
			l.Errorf(FileUnits, []any{"unit", i, "setup"}, where, "setup", "area %d is not one its side holds at set-up", g.Setup)
		case g.Arrive != 0 && (g.Arrive < 1 || g.Arrive > Turns):
			l.Errorf(FileUnits, []any{"unit", i, "arrive"}, where, "arrive", "turn %d: turns are 1 to 8", g.Arrive)
		case g.Star && t.Side != French:
			l.Errorf(FileUnits, []any{"unit", i, "star"}, where, "star", "the * counters are French")
		case g.Pool && !t.Replacement:
			l.Errorf(FileUnits, []any{"unit", i, "pool"}, where, "pool", "the pool holds replacement counters (12.1)")
		}
		for j, c := range g.Companies {
			id := fmt.Sprintf("%s-%d", g.Tag, c)
			if d.Unit[id] != nil {
				l.Errorf(FileUnits, []any{"unit", i, "companies", j}, where, fmt.Sprintf("companies[%d]", j), "counter %s is repeated", id)
				continue
			}
			d.Unit[id] = &Unit{ID: id, Group: g.Name, Type: t, Setup: g.Setup, Arrive: g.Arrive, Star: g.Star, Pool: g.Pool}
			d.UnitIDs = append(d.UnitIDs, id)
			if g.Star {
				stars++
			}
		}
	}
	if stars != 3 {
		l.Errorf(FileUnits, []any{"unit"}, "units", "star", "2.1.1: three French * counters, not %d", stars)
	}
	per := map[[2]any]int{}
	for _, id := range d.UnitIDs {
		u := d.Unit[id]
		if u.Setup != 0 {
			per[[2]any{u.Setup, u.Type.Side}]++
			if per[[2]any{u.Setup, u.Type.Side}] == StackLimit+1 {
				l.Errorf(FileUnits, []any{"unit"}, "units", "setup", "more than %d %s units set up in area %d (7.0)", StackLimit, u.Type.Side, u.Setup)
			}
		}
	}

	// cards.toml
	d.CardOf = map[Side]map[int]*Card{French: {}, VM: {}}
	d.Entrench = map[int]int{}
	for i := range d.Cards.Card {
		c := &d.Cards.Card[i]
		where := "card " + c.Name
		if c.Side != French && c.Side != VM {
			l.Errorf(FileCards, []any{"card", i, "side"}, where, "side", "%q: want french or vm", c.Side)
			continue
		}
		if !windows[c.Window] {
			l.Errorf(FileCards, []any{"card", i, "window"}, where, "window", "%q: want one of %s", c.Window, strings.Join(sortedKeys(windows), ", "))
		}
		if c.Side == VM && len(c.Entrench) != len(c.Numbers) {
			l.Errorf(FileCards, []any{"card", i, "entrench"}, where, "entrench", "a VM card prints an entrenchment value on each copy (2.3): %d values for %d numbers", len(c.Entrench), len(c.Numbers))
		}
		if c.Side == French && len(c.Entrench) > 0 {
			l.Errorf(FileCards, []any{"card", i, "entrench"}, where, "entrench", "French cards print no entrenchment value")
		}
		for j, n := range c.Numbers {
			if n < 1 || n > 27 || d.CardOf[c.Side][n] != nil {
				l.Errorf(FileCards, []any{"card", i, "numbers", j}, where, fmt.Sprintf("numbers[%d]", j), "card %d: numbers run 1 to 27 a side, each once", n)
				continue
			}
			d.CardOf[c.Side][n] = c
			if c.Side == VM && j < len(c.Entrench) {
				if v := c.Entrench[j]; v < 1 || v > MaxTrench {
					l.Errorf(FileCards, []any{"card", i, "entrench", j}, where, fmt.Sprintf("entrench[%d]", j), "%d: an entrenchment value is 1 to 3", v)
				}
				d.Entrench[n] = c.Entrench[j]
			}
		}
		if _, ok := cardKinds[c.Name]; !ok {
			l.Errorf(FileCards, []any{"card", i, "name"}, where, "name", "the rules know no card %q", c.Name)
		}
	}
	for _, s := range []Side{French, VM} {
		if len(d.CardOf[s]) != 27 {
			l.Errorf(FileCards, []any{"card"}, "cards", "numbers", "%s has %d cards; 2.3: 27 a side", s, len(d.CardOf[s]))
		}
	}
}

func (d *Data) nextTo(a int, f func(*Area) bool) bool {
	for _, n := range d.Area[a].Adjacent {
		if o := d.Area[n]; o != nil && f(o) {
			return true
		}
	}
	return false
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
