package tonkin

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Rules implements adjudicator.Rules for Tonkin: the set-up of every
// scenario and campaign, the game turn (turn.go) and the views of the
// board (view.go).
type Rules struct {
	d *Data

	types    map[string]UnitType
	counter  map[string]Counters // counter id -> its counter-mix entry
	hexes    map[string]Hex
	urban    map[string]Urban // by name
	urbanHex map[string]Urban // by hex
	scenario map[string]Scenario
	order    []string // scenario ids in campaign order
	geo      *geo     // roads, rivers, distances to countries (move.go)
}

// New builds the rules over loaded, checked data.
func New(d *Data) *Rules {
	r := &Rules{d: d, types: map[string]UnitType{}, counter: map[string]Counters{}, hexes: map[string]Hex{},
		urban: map[string]Urban{}, urbanHex: map[string]Urban{}, scenario: map[string]Scenario{}}
	for _, t := range d.Units.Type {
		r.types[t.Code] = t
	}
	// The transports' own movement (5.4: 14 motorized movement points;
	// 5.5: 6 VM foot movement points), as counters of no side's mix.
	r.types[truckFEF] = UnitType{Code: truckFEF, Side: FEF, Family: "Truck transport", Kind: "transport", Nationality: "french", Motor: 14}
	r.types[truckVM] = UnitType{Code: truckVM, Side: VM, Family: "Truck transport", Kind: "transport", Nationality: "vm", Motor: 14}
	r.types[footVM] = UnitType{Code: footVM, Side: VM, Family: "Foot transport", Kind: "transport", Nationality: "vm", Move: 6}
	for _, c := range d.Units.Counter {
		for _, id := range c.IDs {
			r.counter[id] = c
		}
	}
	for _, h := range d.Grid.Hexes {
		r.hexes[h.ID] = h
	}
	for _, u := range d.Map.Urban {
		r.urban[u.Name] = u
		r.urbanHex[u.Hex] = u
	}
	for _, s := range d.Scenarios.Scenario {
		r.scenario[s.ID] = s
	}
	r.buildGeo()
	r.order = d.Scenarios.Campaign.Order
	if len(r.order) == 0 {
		for _, s := range d.Scenarios.Scenario {
			r.order = append(r.order, s.ID)
		}
	}
	return r
}

// Data is the rules' data (the board's drawing reads it).
func (r *Rules) Data() *Data { return r.d }

// Info implements adjudicator.Rules: the four yearly scenarios, then every
// campaign "FIRST-LAST" (Basics: start any scenario and end any later one;
// RULINGS T14).
func (r *Rules) Info() adjudicator.Info {
	info := adjudicator.Info{ID: "tonkin", Name: "Tonkin", Sides: []adjudicator.Side{FEF, VM}}
	for _, s := range r.d.Scenarios.Scenario {
		info.Scenarios = append(info.Scenarios, adjudicator.Scenario{ID: s.ID, Name: s.Name, Turns: turnsText(s.Start, s.End)})
	}
	for i, a := range r.order {
		for _, b := range r.order[i+1:] {
			sa, sb := r.scenario[a], r.scenario[b]
			info.Scenarios = append(info.Scenarios, adjudicator.Scenario{ID: a + "-" + b,
				Name: fmt.Sprintf("campaign from scenario %s to the end of scenario %s", a, b), Turns: turnsText(sa.Start, sb.End)})
		}
	}
	return info
}

func turnsText(a, b string) string {
	return fmt.Sprintf("%s to %s, %d turns", MonthName(a), MonthName(b), monthsBetween(a, b))
}

// scenarios resolves a scenario id: a yearly scenario, or a campaign
// "FIRST-LAST" of two scenarios in campaign order.
func (r *Rules) scenarios(id string) (first, final Scenario, err error) {
	if s, ok := r.scenario[id]; ok {
		return s, s, nil
	}
	a, b, ok := strings.Cut(id, "-")
	ia, ib := slices.Index(r.order, a), slices.Index(r.order, b)
	if !ok || ia < 0 || ib <= ia {
		var ids []string
		for _, s := range r.Info().Scenarios {
			ids = append(ids, s.ID)
		}
		return first, final, fmt.Errorf("unknown scenario %q; scenarios are %s", id, strings.Join(ids, ", "))
	}
	return r.scenario[a], r.scenario[b], nil
}

// StateVersion implements adjudicator.StateVersioner: bump it when State
// changes shape, so stored snapshots are replayed instead of misread.
func (r *Rules) StateVersion() int { return 5 }

// Setup implements adjudicator.Rules (Basics: Setup, Scenarios).
func (r *Rules) Setup(scenario string, o adjudicator.Options) (adjudicator.State, error) {
	first, final, err := r.scenarios(scenario)
	if err != nil {
		return nil, err
	}
	s := &State{Scenario: first.ID, Final: final.ID, Turn: 1, Month: first.Start, Last: final.End, Phase: PhaseRein1, Pending: true,
		// 2.0: the VM goes first and the weather is sunny during the
		// first gameturn of every scenario (RULINGS T10); the markers of
		// Basics: Setup (T11). The first turn has its replacements and
		// reinforcements phases and supply check (1.0; RULINGS T66): the
		// VM's receipts are rolled with the first order.
		Weather: "sun", First: VM,
		VP: first.VictoryPoints, VMLevel: final.VMVictoryLevel, Montagnard: first.Montagnard,
		VMFoot: r.chartInt("foot_transport", "per_turn"), VMTrucks: r.vmTrucks(first.Start),
		FEFAir: r.airTransports(first.Start), FEFStrikes: r.chartInt("air_transport", "max_airstrikes"),
		FEFTrucks: r.chartInt("truck_transport", "fef_per_turn")}
	s.VMFriendly = sortedCopy(first.VMFriendly)
	s.NoGarrison = sortedCopy(first.NoGarrison)
	for _, u := range r.d.Map.Urban {
		if u.Garrison && !slices.Contains(first.NoGarrison, u.Name) {
			s.Garrisons = append(s.Garrisons, u.Name)
		}
	}
	sort.Strings(s.Garrisons)
	n := map[string]int{} // anonymous counters numbered per type and side
	add := func(side string, list []Setup) error {
		for _, st := range list {
			for _, text := range st.Units {
				us, err := r.parseSetup(side, text, n)
				if err != nil {
					return fmt.Errorf("scenario %s, %s set-up at %s: %w", first.ID, side, st.Hex, err)
				}
				for _, u := range us {
					u.Loc = st.Hex
					s.Units = append(s.Units, u)
				}
			}
		}
		return nil
	}
	// Basics: FEF sets up first, the GCMA last.
	if err := add(FEF, first.FEF); err != nil {
		return nil, err
	}
	if err := add(VM, first.VM); err != nil {
		return nil, err
	}
	if err := add(FEF, first.GCMA); err != nil {
		return nil, err
	}
	sort.Slice(s.Units, func(i, j int) bool { return s.Units[i].ID < s.Units[j].ID })
	if err := r.startStanding(s, o); err != nil {
		return nil, err
	}
	return s, nil
}

func sortedCopy(xs []string) []string {
	out := append([]string{}, xs...)
	sort.Strings(out)
	return out
}

// parseSetup reads one entry of a set-up: "[Nx ]NAME[ (SMF)]" (Basics:
// "BVN (237)" is a BVN of strength 2 and morale 3). NAME is a counter id
// or a type code; the values say which side of the counter is up
// (RULINGS T12).
func (r *Rules) parseSetup(side, text string, n map[string]int) ([]*Unit, error) {
	m := unitRe.FindStringSubmatch(text)
	if m == nil {
		return nil, fmt.Errorf("%q is not in the set-up notation", text)
	}
	count := 1
	if m[1] != "" {
		count, _ = strconv.Atoi(m[1])
	}
	name := m[2]
	code, named := name, false
	if c, ok := r.counter[name]; ok {
		code, named = c.Type, true
	}
	t, ok := r.types[code]
	if !ok {
		return nil, fmt.Errorf("%q: no counter or type %s", text, name)
	}
	steps := t.Steps
	if m[3] != "" {
		str, _ := strconv.Atoi(m[3])
		mor, _ := strconv.Atoi(m[4])
		var err error
		if steps, err = r.stepsFor(t, name, str, mor); err != nil {
			return nil, fmt.Errorf("%q: %w", text, err)
		}
	}
	var out []*Unit
	for i := 0; i < count; i++ {
		id := name
		if !named {
			prefix := code
			if code == "DR" {
				prefix = strings.ToUpper(side) + " DR"
			}
			n[prefix]++
			id = fmt.Sprintf("%s %d", prefix, n[prefix])
		}
		out = append(out, &Unit{ID: id, Type: code, Side: side, Steps: steps, Hidden: t.Hidden})
	}
	return out, nil
}

// stepsFor finds the steps left from the values a set-up prints: the
// front, the back (FEF, 2 steps), or for the VM the front or back with a
// "-1" marker (6.13).
func (r *Rules) stepsFor(t UnitType, id string, str, mor int) (int, error) {
	for st := t.Steps; st >= 1; st-- {
		v := r.valuesAt(t, id, st)
		if v.Str == str && v.Mor == mor {
			return st, nil
		}
	}
	return 0, fmt.Errorf("values %d-%d are on no side of the counter", str, mor)
}

// Values are what a counter shows with some steps lost.
type Values struct {
	Str, Mor, Stack int
	Minus           bool // a "-1" marker (VM, 6.13)
	Flipped         bool // its back side up
}

// valuesAt is a counter's face with steps steps left (6.13): FEF units of
// 2 steps are flipped after the first loss; a VM unit takes a "-1" marker
// (one less strength, morale and stacking), and a regiment of 4 steps is
// flipped after the second loss and marked again after the third. The
// strength and stacking are at least 1, the morale at least 0.
func (r *Rules) valuesAt(t UnitType, id string, steps int) Values {
	v := Values{Str: t.Strength, Mor: t.Morale, Stack: t.Stacking}
	if c, ok := r.counter[id]; ok {
		if c.Strength > 0 {
			v.Str = c.Strength
		}
		if c.Morale > 0 {
			v.Mor = c.Morale
		}
	}
	lost := t.Steps - steps
	if t.Steps == 0 || lost <= 0 {
		return v
	}
	if t.Side == VM {
		if t.Steps >= 4 && lost >= 2 {
			v.Str, v.Mor, v.Flipped = t.BackStr, t.BackMorale, true
			lost -= 2
		}
		if lost%2 == 1 {
			v.Str, v.Mor, v.Minus = v.Str-1, v.Mor-1, true
		}
		v.Stack = t.Stacking - (t.Steps - steps)
	} else {
		v.Str, v.Mor, v.Flipped = t.BackStr, t.BackMorale, true
	}
	v.Str, v.Mor, v.Stack = max(v.Str, 1), max(v.Mor, 0), max(v.Stack, min(t.Stacking, 1))
	return v
}

// values is a unit's face now.
func (r *Rules) values(u *Unit) Values { return r.valuesAt(r.types[u.Type], u.ID, u.Steps) }

// chartInt reads a number of charts.toml.
func (r *Rules) chartInt(table, key string) int {
	f, _ := num(r.d.Charts[table][key])
	return int(f)
}

func num(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	case int:
		return float64(x), true
	}
	return 0, false
}

// airTransports: the FEF's air transports a turn in month m (charts.toml
// air_transport.per_turn, the latest entry from before m).
func (r *Rules) airTransports(m string) int {
	best := 0
	list, _ := r.d.Charts["air_transport"]["per_turn"].([]any)
	for _, e := range list {
		row, _ := e.(map[string]any)
		from, _ := row["from"].(string)
		if from <= m {
			f, _ := num(row["transports"])
			best = int(f)
		}
	}
	return best
}

// vmTrucks: the VM's truck transports in month m (units.toml vm_trucks:
// the dates new trucks arrive, Basics: Setup).
func (r *Rules) vmTrucks(m string) int {
	best := 0
	for _, d := range r.d.Units.TruckArrivals.Dates {
		if d.Month <= m {
			best = d.Trucks
		}
	}
	return best
}

// Decode implements adjudicator.Rules: the decoded state behaves as the
// live one it was encoded from (adjudicator.DecodeState) and names only
// what the data knows.
func (r *Rules) Decode(b []byte) (adjudicator.State, error) {
	s := new(State)
	if err := adjudicator.DecodeState(b, s, s.Encode); err != nil {
		return nil, err
	}
	if err := r.validate(s); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	return s, nil
}

func (r *Rules) validate(s *State) error {
	if _, _, err := r.scenarios(s.Scenario); err != nil {
		return err
	}
	if _, _, err := r.scenarios(s.Final); err != nil {
		return err
	}
	if _, ok := phaseNames[s.Phase]; !ok {
		return fmt.Errorf("unknown phase %q", s.Phase)
	}
	switch s.Step {
	case "", StepActivate, StepPoints:
	default:
		return fmt.Errorf("unknown step %q", s.Step)
	}
	for _, side := range []string{s.First, s.Decider, s.Mover, s.Refuser, s.Winner} {
		if side != "" && side != FEF && side != VM {
			return fmt.Errorf("unknown side %q", side)
		}
	}
	if s.First == "" {
		return fmt.Errorf("no first player")
	}
	if _, ok := monthNum(s.Month); !ok {
		return fmt.Errorf("month %q", s.Month)
	}
	seen := map[string]bool{}
	for i, u := range s.Units {
		if u == nil {
			return fmt.Errorf("unit %d is null", i)
		}
		if seen[u.ID] || (i > 0 && s.Units[i-1].ID >= u.ID) {
			return fmt.Errorf("units out of order or twice at %q", u.ID)
		}
		seen[u.ID] = true
		t, ok := r.types[u.Type]
		if !ok {
			return fmt.Errorf("unit %s: unknown type %q", u.ID, u.Type)
		}
		if u.Side != FEF && u.Side != VM || (t.Side != "both" && t.Side != u.Side) {
			return fmt.Errorf("unit %s: side %q", u.ID, u.Side)
		}
		if _, ok := r.hexes[u.Loc]; !ok && !slices.Contains([]string{LocStandby, LocSaigon, LocDead, LocPerm}, u.Loc) {
			return fmt.Errorf("unit %s: place %q", u.ID, u.Loc)
		}
		if u.Steps < 0 || u.Steps > t.Steps {
			return fmt.Errorf("unit %s: %d steps", u.ID, u.Steps)
		}
		if _, ok := r.hexes[u.Pend]; u.Pend != "" && (!ok || u.Loc != LocDead) {
			return fmt.Errorf("unit %s: mobilized at %q", u.ID, u.Pend)
		}
	}
	for _, h := range s.Interdicted {
		if _, ok := r.hexes[h]; !ok {
			return fmt.Errorf("road marker at unknown hex %q", h)
		}
	}
	for _, w := range s.Withdraw {
		if w != "Withdraw" && w != "With para" {
			return fmt.Errorf("unknown withdrawal %q", w)
		}
	}
	for side, st := range s.Standing {
		if side != FEF && side != VM {
			return fmt.Errorf("standing orders of unknown side %q", side)
		}
		if err := st.valid(); err != nil {
			return fmt.Errorf("%s standing orders: %w", side, err)
		}
	}
	if err := r.validCombat(s); err != nil {
		return fmt.Errorf("combat under way: %w", err)
	}
	for _, list := range [][]string{s.VMFriendly, s.Garrisons, s.NoGarrison, s.GarrisonOoS} {
		for _, n := range list {
			if _, ok := r.urban[n]; !ok {
				return fmt.Errorf("unknown urban area %q", n)
			}
		}
	}
	return nil
}

func st(s adjudicator.State) *State { return s.(*State) }

func weatherText(s *State) string {
	switch s.Weather {
	case "sun":
		if s.Turn == 1 {
			return "sunny (the first turn of every scenario, 2.0)"
		}
		return "sunny"
	case "rain":
		return "rain"
	}
	return "not rolled yet"
}

func sideName(side string) string {
	switch side {
	case FEF:
		return "the FEF"
	case VM:
		return "the VM"
	}
	return "no side yet"
}
