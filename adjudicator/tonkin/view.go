package tonkin

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Counter is a unit as one viewer sees it. A VM counter the viewer may not
// identify (a VM-group, Pathet Lao or dummy on its hidden side, for the
// FEF and the public) is a bare counter of Kind "hidden" with Count: the
// view holds nothing else about it, so dummies and real units read alike.
type Counter struct {
	Side        string `json:"side"`
	ID          string `json:"id,omitempty"`
	Type        string `json:"type,omitempty"`
	Kind        string `json:"kind"`            // units.toml kinds, or "hidden"
	Label       string `json:"label,omitempty"` // the designation printed on it: "1 BEP", "308/88", "BVN"
	Str         int    `json:"str,omitempty"`   // strength (artillery: barrage value)
	Mor         int    `json:"mor,omitempty"`   // morale
	Move        int    `json:"move,omitempty"`  // foot movement (black)
	Motor       int    `json:"motor,omitempty"` // motorized movement (red)
	Stack       int    `json:"stack,omitempty"` // stacking points
	Steps       int    `json:"steps,omitempty"`
	MaxSteps    int    `json:"max_steps,omitempty"`
	Minus       bool   `json:"minus,omitempty"`   // a "-1" marker (6.13)
	Flipped     bool   `json:"flipped,omitempty"` // reduced side up
	Para        bool   `json:"para,omitempty"`    // airborne (5.6)
	Mark        string `json:"mark,omitempty"`    // the nationality square: yellow, green, yellow-green
	Nationality string `json:"nationality,omitempty"`
	Division    string `json:"division,omitempty"`
	Hidden      bool   `json:"hidden,omitempty"` // the VM's own view: still hidden from the FEF
	Count       int    `json:"count,omitempty"`  // Kind "hidden": how many
	Desorg      bool   `json:"desorg,omitempty"`
	OoS         bool   `json:"oos,omitempty"`
	Trench      bool   `json:"trench,omitempty"`
	Spent       bool   `json:"spent,omitempty"`
}

// Stack is the counters in one hex (or off-map zone). An Opaque stack is
// a VM stack in forest seen by the FEF or the public (Basics: Stacking:
// "You may view what's in enemy stacks, except VM stacks in forest"):
// only its Count of counters is in the view.
type Stack struct {
	Hex      string    `json:"hex"`
	Side     string    `json:"side"`
	Counters []Counter `json:"counters,omitempty"`
	Opaque   bool      `json:"opaque,omitempty"`
	Count    int       `json:"count"`            // counters in the stack
	Trench   bool      `json:"trench,omitempty"` // a trench marker in the hex, open to all (RULINGS T32)
}

// BoardView is the renderer's input: the board and its tracks as one
// viewer may see them.
type BoardView struct {
	Scenario     string `json:"scenario"`
	ScenarioName string `json:"scenario_name"`
	Final        string `json:"final,omitempty"` // a campaign's last scenario
	Turn         int    `json:"turn"`
	Turns        int    `json:"turns"`
	Month        string `json:"month"` // YYYY-MM
	MonthName    string `json:"month_name"`
	Last         string `json:"last"`
	RainSeason   bool   `json:"rain_season"`
	Phase        string `json:"phase"`
	PhaseName    string `json:"phase_name"`
	Weather      string `json:"weather,omitempty"`
	First        string `json:"first,omitempty"`
	Awaiting     string `json:"awaiting,omitempty"`
	Notice       string `json:"notice,omitempty"`
	// Over, Winner and Reason say how a finished game ended (issue 30,
	// item 7: the panel names the winner and why).
	Over   bool   `json:"over,omitempty"`
	Winner string `json:"winner,omitempty"`
	Reason string `json:"reason,omitempty"`

	VP         int `json:"vp"`
	LimitFEF   int `json:"limit_fef"` // the year's outer limits (8.0)
	LimitVM    int `json:"limit_vm"`
	VMLevel    int `json:"vm_level"`
	Montagnard int `json:"montagnard"`
	OpsFEF     int `json:"ops_fef"`
	OpsVM      int `json:"ops_vm"`
	OpsMax     int `json:"ops_max"`

	VMRepl      int `json:"vm_repl"`
	VMReplMax   int `json:"vm_repl_max"`
	VMEquipH    int `json:"vm_equip_h"` // half points
	VMEquipMax  int `json:"vm_equip_max"`
	VMFoot      int `json:"vm_foot"`
	VMTrucks    int `json:"vm_trucks"`
	FEFAir      int `json:"fef_air"`
	FEFStrikes  int `json:"fef_strikes"`
	FEFTrucks   int `json:"fef_trucks"`
	VMDumps     int `json:"vm_dumps"` // on the map
	VMDumpsMax  int `json:"vm_dumps_max"`
	FEFDumps    int `json:"fef_dumps"`
	FEFDumpsMax int `json:"fef_dumps_max"`

	VMFriendly []string `json:"vm_friendly"` // urban areas friendly to the VM (4.1)
	Garrisons  []string `json:"garrisons"`   // urban areas with their garrison
	NoGarrison []string `json:"no_garrison"` // plus de garnison
	// Interdicted: road hexes with a Desorg marker (6.6 d), open to all.
	Interdicted []string `json:"interdicted,omitempty"`
	// GarrisonTrench: the garrisons with a trench marker (6.3 c), open to
	// all as every trench is (RULINGS T32, T71).
	GarrisonTrench []string `json:"garrison_trench,omitempty"`

	Stacks  []Stack   `json:"stacks"` // by hex id
	Standby []Counter `json:"standby,omitempty"`
	Saigon  []Counter `json:"saigon,omitempty"`
	// The dead boxes (6.13, 6.15): every counter there was revealed
	// when it died.
	Dead []Counter `json:"dead,omitempty"`
	Perm []Counter `json:"perm,omitempty"`

	// Schedule is this month's reinforcements and withdrawals (units.toml).
	Schedule []string `json:"schedule,omitempty"`

	// Recent marks what happened since the turn was last handed on, as
	// the viewer was told it (issue 30, item 2).
	Recent []Note `json:"recent,omitempty"`
}

// seesVM: the VM player and the referee see the VM's hidden side and into
// its forest stacks.
func seesVM(v adjudicator.Viewer) bool { return v.Referee || v.Side == VM }

// Opaque reports whether a hex's VM stacks are closed to the FEF: forest
// and rough/forest (The Map: "Any specifics for forest also include
// rough/forest"; RULINGS T3, T16).
func (r *Rules) Opaque(hex string) bool {
	t := r.hexes[hex].Terrain
	return t == "forest" || t == "rough-forest"
}

// face is a unit's counter as the VM and the referee see it: its full face.
func (r *Rules) face(u *Unit) Counter {
	t := r.types[u.Type]
	v := r.values(u)
	c := Counter{Side: u.Side, ID: u.ID, Type: u.Type, Kind: t.Kind, Label: label(u, t), Move: t.Move, Motor: t.Motor,
		Steps: u.Steps, MaxSteps: t.Steps, Para: t.Para, Mark: t.Mark, Nationality: t.Nationality,
		Division: r.counter[u.ID].Division, Hidden: u.Hidden, Desorg: u.Desorg, OoS: u.OoS, Trench: u.Trench, Spent: u.Spent}
	switch t.Kind {
	case "dummy", "dump", "hq", "leader":
		c.Stack = t.Stacking
	default:
		c.Str, c.Mor, c.Stack, c.Minus, c.Flipped = v.Str, v.Mor, v.Stack, v.Minus, v.Flipped
	}
	return c
}

// label is the designation a counter prints: its id when it has one of
// its own, else its type ("BVN", "VMG").
func label(u *Unit, t UnitType) string {
	switch {
	case u.Type == "DR":
		return "DR"
	case u.Type == "HO" && u.Giap:
		return "Giap" // 3.3: the counter flipped
	case u.Type == "HO":
		return "Ho"
	case u.Type == "HQ":
		return "HQ"
	case u.Type == "DUMMY":
		return "Dummy"
	case strings.HasPrefix(u.ID, u.Type+" "):
		return u.Type
	}
	return u.ID
}

// rank orders a stack's counters: fighting units by strength, then
// leaders and headquarters, then dumps; ties by id.
func rank(c Counter) int {
	switch c.Kind {
	case "hidden":
		return 1 << 20
	case "dummy":
		return 1<<20 + 1
	case "leader", "hq":
		return 1<<20 + 2
	case "dump":
		return 1<<20 + 3
	}
	return 100 - c.Str
}

func sortCounters(cs []Counter) {
	sort.SliceStable(cs, func(i, j int) bool {
		if a, b := rank(cs[i]), rank(cs[j]); a != b {
			return a < b
		}
		return cs[i].ID < cs[j].ID
	})
}

// board builds the BoardView for a viewer. What the viewer may not see is
// never put in: the view is the one door (DESIGN invariant 1; RULINGS
// T15, T16).
func (r *Rules) board(s *State, v adjudicator.Viewer) BoardView {
	first, final, _ := r.scenarios(s.Scenario)
	if s.Final != s.Scenario {
		_, final, _ = r.scenarios(s.Final)
	}
	fef, vm := r.limits(s.Month)
	p := r.Prompt(s)
	awaiting := ""
	if len(p.Awaiting) > 0 {
		awaiting = string(p.Awaiting[0])
	}
	b := BoardView{Scenario: s.Scenario, ScenarioName: first.Name, Turn: s.Turn, Turns: monthsBetween(s.Month, s.Last) + s.Turn - 1,
		Month: s.Month, MonthName: MonthName(s.Month), Last: s.Last, RainSeason: rainSeason(s.Month),
		Phase: s.Phase, PhaseName: s.phaseName(), Weather: s.Weather, First: s.First,
		Awaiting: awaiting, Notice: p.Decision,
		VP: s.VP, LimitFEF: fef, LimitVM: vm, VMLevel: s.VMLevel, Montagnard: s.Montagnard,
		OpsFEF: s.OpsFEF, OpsVM: s.OpsVM, OpsMax: r.chartInt("victory_scale", "operation_points"),
		VMRepl: s.VMRepl, VMReplMax: r.chartInt("replacements", "vm_max"), VMEquipH: s.VMEquipH,
		VMEquipMax: r.chartInt("replacements", "vm_equipment_max"), VMFoot: s.VMFoot, VMTrucks: s.VMTrucks,
		FEFAir: s.FEFAir, FEFStrikes: s.FEFStrikes, FEFTrucks: s.FEFTrucks,
		VMDumpsMax: r.d.Units.SupplyDumps.VM, FEFDumpsMax: r.d.Units.SupplyDumps.FEF,
		VMFriendly: append([]string{}, s.VMFriendly...), Garrisons: append([]string{}, s.Garrisons...),
		NoGarrison: append([]string{}, s.NoGarrison...), Stacks: []Stack{}}
	if len(s.Interdicted) > 0 {
		b.Interdicted = append([]string{}, s.Interdicted...)
	}
	if len(s.GarrisonTrench) > 0 {
		b.GarrisonTrench = append([]string{}, s.GarrisonTrench...)
	}
	if final.ID != first.ID {
		b.Final = final.ID
		b.ScenarioName = fmt.Sprintf("campaign %s to %s", first.ID, final.ID)
	}
	b.Schedule = r.schedule(s.Month)
	for _, n := range s.Recent {
		if n.Side == "" || v.Referee || n.Side == string(v.Side) {
			b.Recent = append(b.Recent, n)
		}
	}
	byHex := map[string]*Stack{}
	var hexes []string
	hidden := map[string]int{}
	for _, u := range s.Units {
		if u.Type == "DR" {
			if u.Side == VM {
				b.VMDumps++
			} else {
				b.FEFDumps++
			}
		}
		c := r.face(u)
		switch u.Loc {
		case LocStandby:
			b.Standby = append(b.Standby, c)
			continue
		case LocSaigon:
			b.Saigon = append(b.Saigon, c)
			continue
		case LocDead:
			b.Dead = append(b.Dead, c)
			continue
		case LocPerm:
			b.Perm = append(b.Perm, c)
			continue
		}
		st := byHex[u.Loc]
		if st == nil {
			st = &Stack{Hex: u.Loc, Side: u.Side}
			byHex[u.Loc] = st
			hexes = append(hexes, u.Loc)
		}
		st.Count++
		st.Trench = st.Trench || u.Trench
		switch {
		case u.Side == VM && !seesVM(v) && r.Opaque(u.Loc):
			st.Opaque = true
		case u.Side == VM && !seesVM(v) && u.Hidden:
			hidden[u.Loc]++
		default:
			st.Counters = append(st.Counters, c)
		}
	}
	sort.Strings(hexes)
	for _, h := range hexes {
		st := byHex[h]
		if st.Opaque {
			st.Counters = nil
		} else {
			sortCounters(st.Counters)
			if n := hidden[h]; n > 0 {
				st.Counters = append(st.Counters, Counter{Side: VM, Kind: "hidden", Count: n})
			}
		}
		b.Stacks = append(b.Stacks, *st)
	}
	sortCounters(b.Standby)
	sortCounters(b.Saigon)
	sortCounters(b.Dead)
	sortCounters(b.Perm)
	return b
}

// limits are the year's outer limits of the Operation/Victory scale (8.0).
func (r *Rules) limits(month string) (fef, vm int) {
	fef, vm = 100, 0
	list, _ := r.d.Charts["victory_scale"]["limits"].([]any)
	year := month[:4]
	for _, e := range list {
		row, _ := e.(map[string]any)
		years, _ := row["years"].([]any)
		for _, y := range years {
			if f, ok := num(y); ok && fmt.Sprint(int(f)) == year {
				a, _ := num(row["fef"])
				b, _ := num(row["vm"])
				return int(a), int(b)
			}
		}
	}
	return fef, vm
}

// schedule lists this month's entries of both schedules (3.5, 3.7, 3.9).
func (r *Rules) schedule(month string) []string {
	var out []string
	for _, sc := range []struct {
		who string
		s   Schedule
	}{{"FEF", r.d.Units.FEFSchedule}, {"VM", r.d.Units.VMSchedule}} {
		for _, t := range sc.s.Turns {
			if t.Month != month {
				continue
			}
			if len(t.Arrive) > 0 {
				out = append(out, fmt.Sprintf("%s reinforcements: %s", sc.who, strings.Join(t.Arrive, ", ")))
			}
			if len(t.Withdraw) > 0 {
				out = append(out, fmt.Sprintf("%s withdrawals (3.9): %s", sc.who, strings.Join(t.Withdraw, ", ")))
			}
		}
	}
	return out
}

// View implements adjudicator.Rules: the board for the renderer and the
// tracks as status lines (/game status).
func (r *Rules) View(as adjudicator.State, v adjudicator.Viewer) adjudicator.View {
	s := st(as)
	b := r.board(s, v.Final(s.Phase == PhaseOver))
	if s.Phase == PhaseOver {
		b.Over, b.Winner, b.Reason = true, s.Winner, s.Reason
	}
	return adjudicator.View{Title: "tonkin", Viewer: v.String(), Prompt: r.Prompt(s), Status: r.status(s, &b, v), Board: b}
}

func (r *Rules) status(s *State, b *BoardView, v adjudicator.Viewer) []string {
	season := "dry season"
	if b.RainSeason {
		season = "rain season"
	}
	name := "scenario " + b.Scenario
	if b.Final != "" {
		name = fmt.Sprintf("campaign from scenario %s to the end of scenario %s", b.Scenario, b.Final)
	}
	lines := []string{
		fmt.Sprintf("Tonkin, %s (%s): turn %d of %d, %s (%s); the game ends at the end of %s.",
			name, b.ScenarioName, b.Turn, b.Turns, b.MonthName, season, MonthName(b.Last)),
		fmt.Sprintf("Phase: %s. Weather: %s. First player: %s.", b.PhaseName, weatherText(s), sideName(b.First)),
		fmt.Sprintf("Operation/Victory scale: victory points %d (decisive at %d for the FEF, %d for the VM in %s, 8.0); VM victory level %d (at the end, above it a FEF marginal victory, else the VM's); montagnard marker %d (20 or more: a third VM supply dump and -10, 3.6, 6.16); operation points FEF %d, VM %d (of %d a phase, 6.1).",
			b.VP, b.LimitFEF, b.LimitVM, b.Month[:4], b.VMLevel, b.Montagnard, b.OpsFEF, b.OpsVM, b.OpsMax),
		fmt.Sprintf("VM: replacements %d (at most %d), equipment %s (at most %d), foot transports %d, truck transports %d; supply dumps on the map %d of %d.",
			b.VMRepl, b.VMReplMax, halves(b.VMEquipH), b.VMEquipMax, b.VMFoot, b.VMTrucks, b.VMDumps, b.VMDumpsMax),
		fmt.Sprintf("FEF: air transports %d, airstrikes %d, truck transports %d; supply dumps on the map %d of %d.",
			b.FEFAir, b.FEFStrikes, b.FEFTrucks, b.FEFDumps, b.FEFDumpsMax),
		fmt.Sprintf("Urban areas friendly to the VM (%d): %s.", len(b.VMFriendly), listOr(b.VMFriendly)),
		fmt.Sprintf("Garrisons: %d; plus de garnison: %s. Roads interdicted (6.6 d): %s.", len(b.Garrisons), listOr(b.NoGarrison), listOr(b.Interdicted)) + entrenched(b.GarrisonTrench),
		fmt.Sprintf("Standby zone: %s. Saigon zone: %s. Dead: %s. Permanently dead: %s.", counterList(b.Standby), counterList(b.Saigon), counterList(b.Dead), counterList(b.Perm)),
	}
	if len(b.Schedule) > 0 {
		lines = append(lines, "This month: "+strings.Join(b.Schedule, "; ")+".")
	}
	hidden, opaque := 0, 0
	for _, st := range b.Stacks {
		for _, c := range st.Counters {
			if c.Kind == "hidden" {
				hidden += c.Count
			}
		}
		if st.Opaque {
			opaque++
		}
	}
	if seesVM(v) {
		n := map[string]int{}
		for _, u := range s.Units {
			if u.Hidden && onMap(u.Loc) {
				n[u.Type]++
			}
		}
		lines = append(lines, fmt.Sprintf("VM counters hidden from the FEF: %d VM-groups, %d Pathet Lao, %d dummies; the FEF cannot look into VM stacks in forest.", n["VMG"], n["PL"], n["DUMMY"]))
		var pend []string
		for _, u := range s.Units {
			if u.Pend != "" {
				pend = append(pend, u.ID+" at "+u.Pend)
			}
		}
		if len(pend) > 0 {
			lines = append(lines, "To be mobilized when the VM's phase ends (3.1): "+strings.Join(pend, ", ")+".")
		}
	} else {
		lines = append(lines, fmt.Sprintf("Hidden VM counters (VM-groups, Pathet Lao or dummies): %d; VM stacks in forest, closed to view: %d.", hidden, opaque))
	}
	// issue 30, item 5: a side's status shows its own standing orders
	if side := v.Side; (side == FEF || side == VM) && !v.Referee {
		lines = append(lines, "Your standing orders: "+s.standing(string(side)).stringFor(string(side))+" (standing <key> <value> changes one; /help prefix:standing lists them).")
	}
	if s.Phase == PhaseOver {
		lines = append(lines, "The game is over: "+s.Reason+".")
	}
	return lines
}

func halves(h int) string {
	if h%2 == 0 {
		return fmt.Sprint(h / 2)
	}
	return fmt.Sprintf("%d.5", h/2)
}

func listOr(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

func counterList(cs []Counter) string {
	if len(cs) == 0 {
		return "empty"
	}
	var out []string
	for _, c := range cs {
		out = append(out, c.Label)
	}
	return strings.Join(out, ", ")
}

// entrenched: the garrisons with a trench marker, for the status (6.3 c).
func entrenched(gs []string) string {
	if len(gs) == 0 {
		return ""
	}
	return fmt.Sprintf(" Entrenched garrisons (6.3 c): %s.", strings.Join(gs, ", "))
}
