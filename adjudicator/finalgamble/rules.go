package finalgamble

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/umpirebot/umpire/adjudicator"
)

// The sides (1.1).
const (
	French adjudicator.Side = "french"
	VM     adjudicator.Side = "vm"
)

// ID is the title's id: /game new title:finalgamble.
const ID = "finalgamble"

// The Final Gamble in the title registry (adjudicator/registry.go).
func init() {
	adjudicator.Register(adjudicator.Title{ID: ID, Load: load})
}

var (
	defaultOnce sync.Once
	defaultData *Data
	defaultErr  error
)

// Default returns the embedded data, loaded and checked once.
func Default() (*Data, error) {
	defaultOnce.Do(func() { defaultData, defaultErr = Load(nil, "") })
	return defaultData, defaultErr
}

// load makes the rules from the embedded data or, with an operator's data
// directory, from the transcribed files of the title's subdirectory read
// over them (adjudicator.LoadTitles hands that subdirectory, or nil).
var load = adjudicator.DataLoad(Default, Load, func(d *Data) adjudicator.Rules { return &Rules{D: d} })

// Rules is The Final Gamble's adjudicator.Rules.
type Rules struct{ D *Data }

// Info describes the title.
func (r *Rules) Info() adjudicator.Info {
	info := adjudicator.Info{ID: ID, Name: "Dien Bien Phu: The Final Gamble", Sides: []adjudicator.Side{French, VM}}
	last := ""
	if n := len(r.D.Tracks.GameTurn.Turns); n > 0 {
		last = r.D.Tracks.GameTurn.Turns[n-1].Dates
	}
	for _, id := range ScenarioIDs {
		sc := r.D.Scenarios.Scenario[id]
		first := r.D.Tracks.GameTurn.Turns[sc.Turn-1].Dates
		info.Scenarios = append(info.Scenarios, adjudicator.Scenario{ID: id, Name: sc.Name,
			Turns: fmt.Sprintf("%s to %s, until either player wins", first, last)})
	}
	return info
}

// Setup starts scenario A, B, C or D (9.0): the board of the data's
// set-up (RULINGS F1), then the Wounded Square's picks (9.0-D) or the
// first segment, 2.1.
func (r *Rules) Setup(scenario string, o adjudicator.Options) (adjudicator.State, error) {
	s := r.D.Setups[strings.ToUpper(scenario)]
	if s == nil {
		return nil, fmt.Errorf("unknown scenario %q; The Final Gamble's scenarios are A, B, C and D", scenario)
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	st := &State{}
	if err := json.Unmarshal(raw, &st.Setup); err != nil {
		return nil, err
	}
	ed, err := edition(o)
	if err != nil {
		return nil, err
	}
	st.setEdition(ed)
	st.Seg = "9.0-C" // France sets up first (9.0-G)
	st.Turns = 1
	st.fill()
	// the first segment's start rolls no die
	st.segment().start(r, st, nil, &events{})
	return st, nil
}

// Decode reads a state Encode wrote.
func (r *Rules) Decode(b []byte) (adjudicator.State, error) {
	st := &State{}
	if err := json.Unmarshal(b, st); err != nil {
		return nil, fmt.Errorf("finalgamble state: %w", err)
	}
	if r.D.Setups[st.Scenario] == nil {
		return nil, fmt.Errorf("finalgamble state: unknown scenario %q", st.Scenario)
	}
	st.fill()
	if st.Seg == "" {
		st.Seg = "2.1" // a bare board (a test's or an operator's): the turn's first segment
	}
	if segIndex(st.Seg) < 0 {
		return nil, fmt.Errorf("finalgamble state: unknown segment %q", st.Seg)
	}
	return st, nil
}

func (r *Rules) state(s adjudicator.State) *State {
	st, _ := s.(*State)
	if st == nil {
		st = &State{Setup: Setup{Scenario: "A"}, Seg: "2.1"}
	}
	if st.geo == nil {
		st.fill() // a state built by hand (tests)
	}
	return st
}

func (r *Rules) turnName(n int) string {
	if n < 1 || n > len(r.D.Tracks.GameTurn.Turns) {
		return fmt.Sprintf("Turn %d", n)
	}
	t := r.D.Tracks.GameTurn.Turns[n-1]
	return fmt.Sprintf("Turn %d (%s, %s)", n, t.Dates, periodName(t.Period))
}

func periodName(p string) string {
	return map[string]string{"dry": "Dry", "rain": "Rain", "monsoon": "Monsoon"}[p]
}

// Ended says whether the game is over without building the prompt.
func (r *Rules) Ended(s adjudicator.State) (bool, *adjudicator.Result) {
	st := r.state(s)
	return st.Result != nil, st.Result
}

// BoardView is what the renderer draws: the whole board, public (nothing
// is hidden but the dice).
type BoardView struct {
	Setup
	TurnName string `json:"turn_name"`
	Segment  string `json:"segment,omitempty"`
	// Zones, Assaults: the markers on the map this segment
	Zones    []ZonePlace         `json:"zones,omitempty"`
	Assaults []Assault           `json:"assaults,omitempty"`
	Assets   []Asset             `json:"assets,omitempty"`
	Isolated []string            `json:"isolated,omitempty"`
	Loads    map[string][]string `json:"loads,omitempty"`
	Marks    []adjudicator.Mark  `json:"marks,omitempty"`
	// MoraleChecks: the turns with a VM Morale Check box, and TrackMax
	// the tracks' tops, in the game's edition (edition.go)
	MoraleChecks []int          `json:"morale_checks,omitempty"`
	TrackMax     map[string]int `json:"track_max,omitempty"`
}

// View shows everyone the same (nothing is hidden but the dice) less the
// standing orders, which are each side's own.
func (r *Rules) View(s adjudicator.State, v adjudicator.Viewer) adjudicator.View {
	st := r.state(s)
	seg := ""
	if g := st.segment(); g != nil {
		seg = g.ID + " " + g.Name
	}
	status := r.status(st)
	if v.Side == French || v.Side == VM {
		// issue 30 item 5: a side's own standing orders, in its view only
		status = append(status, "Your standing orders: "+standingLine(st, v.Side)+".")
	}
	return adjudicator.View{Title: ID, Viewer: v.String(), Prompt: r.Prompt(s), Status: status,
		Board: &BoardView{Setup: st.Setup, TurnName: r.turnName(st.Turn), Segment: seg, Zones: st.Zones,
			Assaults: st.Assaults, Assets: st.Assets, Isolated: st.Isolated, Loads: st.Loads, Marks: st.Marks,
			MoraleChecks: r.moraleChecks(&st.Setup), TrackMax: r.trackMaxes(&st.Setup)}}
}

// TrackNames are the tracks' names for status lines, by id.
func (r *Rules) trackName(id string) string {
	if id == "strongpoints" {
		return r.D.Tracks.Strongpoints.Name
	}
	for _, t := range r.D.Tracks.Tracks {
		if t.ID == id {
			return t.Name
		}
	}
	return id
}

// Status lists the turn, every track, the markers and where the units are
// off the map: /game status.
func (r *Rules) Status(s *Setup) []string {
	d := r.D
	out := []string{r.turnName(s.Turn) + " — scenario " + s.Scenario + ": " + d.Scenarios.Scenario[s.Scenario].Name}
	if r.moraleCheckTurn(s, s.Turn) {
		out[0] += " (a VM Morale Check turn)"
	}
	ids := []string{"strongpoints"}
	for _, t := range d.Tracks.Tracks {
		ids = append(ids, t.ID)
	}
	var parts []string
	for _, id := range ids {
		parts = append(parts, fmt.Sprintf("%s %d", r.trackName(id), s.Tracks[id]))
	}
	out = append(out, "Tracks: "+strings.Join(parts, ", "))
	var morale []string
	for _, dv := range d.Units.VM.Divisions {
		slot := s.DivisionMorale[dv.ID]
		morale = append(morale, fmt.Sprintf("%s %d", dv.ID, d.MoraleAt(slot)))
	}
	out = append(out, "VM Division Morale: "+strings.Join(morale, ", ")+"; 148 Regiment and Pathet Lao printed")
	rf := "none left"
	if len(s.Reinforcements) > 0 {
		rf = strings.Join(s.Reinforcements, ", ")
	}
	out = append(out, fmt.Sprintf("Reinforcements Available: HQ at %q; column: %s", d.HQSlot(s.HQ), rf))
	var tz []string
	for _, sec := range Sectors {
		z := fmt.Sprintf("%dz-%s", s.Trench[sec], sec)
		if dz := s.Dig[sec]; dz != 0 {
			z += fmt.Sprintf(" (Dig %dz-%s)", dz, sec)
		}
		tz = append(tz, z)
	}
	out = append(out, "Trench Markers: "+strings.Join(tz, ", "))
	var vmf, frf []string
	for code, f := range s.Flags {
		if f == "VM" {
			vmf = append(vmf, code)
		} else {
			frf = append(frf, code)
		}
	}
	sort.Strings(vmf)
	sort.Strings(frf)
	line := "VM flags: " + orNone(vmf)
	if len(frf) > 0 {
		line += "; French flags: " + strings.Join(frf, ", ")
	}
	out = append(out, line)
	boxes := map[string][]string{}
	var names []string
	for _, u := range s.Units {
		if u.Box == "" {
			continue
		}
		if boxes[u.Box] == nil {
			names = append(names, u.Box)
		}
		boxes[u.Box] = append(boxes[u.Box], u.ID)
	}
	sort.Strings(names)
	for _, b := range names {
		us := boxes[b]
		out = append(out, fmt.Sprintf("%s: %d (%s)", b, len(us), shorten(us, 8)))
	}
	mboxes := make([]string, 0, len(s.Markers))
	for b := range s.Markers {
		mboxes = append(mboxes, b)
	}
	sort.Strings(mboxes)
	for _, b := range mboxes {
		out = append(out, fmt.Sprintf("%s: %s", b, Tally(s.Markers[b])))
	}
	return out
}

// MoraleAt is the morale of slot i of the VM Division Morale Track (the
// nearest slot when i is off it: a state is never trusted to index).
func (d *Data) MoraleAt(i int) int {
	sl := d.Tracks.DivisionMorale.Slots
	if len(sl) == 0 {
		return 0
	}
	return sl[max(0, min(i, len(sl)-1))]
}

// HQSlot is the name of the Reinforcements Available Chart's slot i.
func (d *Data) HQSlot(i int) string {
	sl := d.Tracks.Reinforcements.Slots
	if i < 0 || i >= len(sl) {
		return fmt.Sprintf("slot %d", i)
	}
	return sl[i]
}

// Tally counts repeated names in order of first appearance: "Zone×10, HW Zone×4".
func Tally(xs []string) string {
	n := map[string]int{}
	var order []string
	for _, x := range xs {
		if n[x] == 0 {
			order = append(order, x)
		}
		n[x]++
	}
	parts := make([]string, len(order))
	for i, x := range order {
		parts[i] = x
		if n[x] > 1 {
			parts[i] = fmt.Sprintf("%s×%d", x, n[x])
		}
	}
	return strings.Join(parts, ", ")
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

func shorten(xs []string, n int) string {
	if len(xs) <= n {
		return strings.Join(xs, ", ")
	}
	return strings.Join(xs[:n], ", ") + fmt.Sprintf(", … %d more", len(xs)-n)
}
