package lostvalley

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/cards"
)

// French is the one seat: the player commands the camp; the Viet Minh
// are run by the rules inside Apply (issue 28 item 2).
const French adjudicator.Side = "french"

// Steps: the decisions the player is asked, in the order of a turn (4.0).
const (
	StepEvents    = "events"    // A.1-A.3: the card drawn, the Reserve hand
	StepAir       = "air"       // A.4: SEAD and DAS
	StepSupply    = "supply"    // A.6: rationing, delaying a reinforcement
	StepMorale    = "morale"    // A.7: morale boosting
	StepDefend    = "defend"    // C.3: CAS and artillery for a VM assault
	StepLoss      = "loss"      // a step loss among tied units (12.3.5.2, 15.1.5)
	StepRetreat   = "retreat"   // 12.3.5.2: where a unit retreats
	StepReroll    = "reroll"    // 12.3.5.2 (GAACEO), 15.1.5 (armor)
	StepReinforce = "reinforce" // D.1
	StepMove      = "move"      // D.2
	StepAssault   = "assault"   // D.3
	StepExploit   = "exploit"   // 15.1.6
	StepOps       = "ops"       // E.1-E.3: raids, fortifications, airstrip
	StepOver      = "over"
)

// Rules is The Lost Valley's referee.
type Rules struct{ d *Data }

// New makes the rules over loaded data.
func New(d *Data) *Rules { return &Rules{d: d} }

// Data is the rules' data.
func (r *Rules) Data() *Data { return r.d }

// State is a game in progress.
type State struct {
	Scenario string `json:"scenario"`
	Last     int    `json:"last"`
	// Optional: the optional rules in force by section ("19.2"), from the
	// game's options (19.0).
	Optional []string    `json:"optional,omitempty"`
	Pos      *Position   `json:"pos"`
	Step     string      `json:"step"`
	Cards    cards.Stock `json:"cards"`
	// Drawn: this turn's card; Kept: it went to the Reserve hand;
	// Played: its event took place; ReservePlayed: the Reserve card
	// played this turn (5.5).
	Drawn         int    `json:"drawn,omitempty"`
	DrawnAP       int    `json:"drawn_ap,omitempty"`
	Kept          bool   `json:"kept,omitempty"`
	Played        bool   `json:"played,omitempty"`
	ReservePlayed int    `json:"reserve_played,omitempty"`
	AP            int    `json:"ap"`
	Saved         int    `json:"saved,omitempty"`
	ASP           int    `json:"asp"`
	SEAD          int    `json:"sead,omitempty"`
	DAS           int    `json:"das,omitempty"`
	Ration        int    `json:"ration,omitempty"`
	Delayed       string `json:"delayed,omitempty"`
	Boost         int    `json:"boost,omitempty"`
	// The VM assaults of the turn still to resolve, and the one (VM or
	// French) being resolved.
	Queue []Assault `json:"queue,omitempty"`
	Fight *Fight    `json:"fight,omitempty"`
	// Paid: the AP (and RP) of an activity paid this turn: "arty" (12.3.5.1),
	// "move" (14.1), "assault" (15.0), "assault-arty" (15.1.4), "ops" (16.0),
	// "raid-arty" (16.1).
	Paid []string `json:"paid,omitempty"`
	// Moved: CR moved through this phase, by unit (14.1); Start: the CR
	// French at the start of the movement phase (14.3).
	Moved       map[string]int `json:"moved,omitempty"`
	Start       []string       `json:"start,omitempty"`
	Attacked    []string       `json:"attacked,omitempty"` // CR assaulted or raided by the French this turn
	Forted      []string       `json:"forted,omitempty"`   // 16.2: one RP per CR per turn
	Repaired    bool           `json:"repaired,omitempty"` // 16.3 tried
	AssaultedVM bool           `json:"assaulted_vm,omitempty"`
	// Standing: the player's standing orders (standing.go).
	Standing map[string]string   `json:"standing,omitempty"`
	Result   *adjudicator.Result `json:"result,omitempty"`
	Level    string              `json:"level,omitempty"`
	Why      string              `json:"why,omitempty"`
}

// Encode writes the state (json sorts map keys: deterministic).
func (s *State) Encode() ([]byte, error) { return json.Marshal(s) }

func (s *State) clone() *State {
	q := *s
	q.Pos = s.Pos.Clone()
	q.Cards = s.Cards.Clone()
	q.Queue = append([]Assault(nil), s.Queue...)
	if s.Fight != nil {
		f := s.Fight.clone()
		q.Fight = &f
	}
	q.Paid = append([]string(nil), s.Paid...)
	q.Optional = append([]string(nil), s.Optional...)
	if s.Moved != nil {
		q.Moved = map[string]int{}
		for k, v := range s.Moved {
			q.Moved[k] = v
		}
	}
	q.Start = append([]string(nil), s.Start...)
	q.Attacked = append([]string(nil), s.Attacked...)
	q.Forted = append([]string(nil), s.Forted...)
	if s.Result != nil {
		r := *s.Result
		q.Result = &r
	}
	if s.Standing != nil {
		q.Standing = map[string]string{}
		for k, v := range s.Standing {
			q.Standing[k] = v
		}
	}
	return &q
}

func (s *State) paid(what string) bool { return contains(s.Paid, what) }

// Info describes the title.
func (r *Rules) Info() adjudicator.Info {
	var sc []adjudicator.Scenario
	for _, s := range r.d.Scenarios.Scenarios {
		sc = append(sc, adjudicator.Scenario{ID: s.ID, Name: s.Name, Turns: fmt.Sprintf("%d-%d", s.FirstTurn, s.LastTurn)})
	}
	return adjudicator.Info{ID: "lostvalley", Name: "The Lost Valley – The Siege of Dien Bien Phu", Sides: []adjudicator.Side{French}, Scenarios: sc,
		Options: []adjudicator.GameOption{
			{Key: OptVulture, Help: "yes: the optional card 45, Operation Vulture, is in the deck (19.1)"},
			{Key: OptRange, Help: "yes: artillery supports any CR, the heavy mortars only their own subsector (19.2)"},
			{Key: OptStatic, Help: "yes: artillery units never move (19.3)"},
			{Key: OptReducedBPC, Help: "yes: 1 BPC arrives on its reduced side (19.4)"},
		}}
}

// The optional rules (19.0), each a game option "key=yes" (or "no", the
// default), recorded in the state by their section number
// (State.Optional); 19.1 adds card 45 to the deck.
const (
	OptVulture    = "vulture"          // 19.1
	OptRange      = "artillery_range"  // 19.2
	OptStatic     = "static_artillery" // 19.3
	OptReducedBPC = "reduced_1bpc"     // 19.4
	reducedBPC    = "1 BPC"            // 19.4 names the unit
)

// optionalRules maps the options to their sections and names (19.0).
var optionalRules = []struct{ key, section, name string }{
	{OptVulture, "19.1", "Operation Vulture"}, {OptRange, "19.2", "artillery range"},
	{OptStatic, "19.3", "static artillery"}, {OptReducedBPC, "19.4", "reduced 1 BPC"}}

// OptionalText names the optional rules in force ("19.2 artillery
// range"), for the map's panel.
func (s *State) OptionalText() []string {
	var out []string
	for _, x := range optionalRules {
		if s.rule(x.section) {
			out = append(out, x.section+" "+x.name)
		}
	}
	return out
}

// rule reports whether an optional rule (its section, "19.2") is in
// force in this game.
func (s *State) rule(section string) bool { return contains(s.Optional, section) }

// Setup is 3.0. The first turn's card is drawn by the first Apply: the
// state holds no draw the seed has not yet made.
func (r *Rules) Setup(scenario string, o adjudicator.Options) (adjudicator.State, error) {
	p, err := NewPosition(r.d, scenario)
	if err != nil {
		return nil, err
	}
	sc := r.d.Scenario(scenario)
	var deck []int
	for _, c := range r.d.Cards.Cards {
		if c.Optional && o[OptVulture] != "yes" {
			continue
		}
		if contains(intStrings(sc.Remove), strconv.Itoa(c.Number)) {
			continue
		}
		deck = append(deck, c.Number)
	}
	for _, k := range []string{OptVulture, OptRange, OptStatic, OptReducedBPC} {
		if v := o[k]; v != "" && v != "yes" && v != "no" {
			return nil, fmt.Errorf("option %s is yes or no, not %q", k, v)
		}
	}
	s := &State{Scenario: scenario, Last: sc.LastTurn, Pos: p, Step: StepEvents, Cards: cards.NewStock(deck...)}
	for _, x := range optionalRules {
		if o[x.key] == "yes" {
			s.Optional = append(s.Optional, x.section)
		}
	}
	if s.rule("19.4") {
		// 19.4: 1 BPC arrives as a reinforcement on its reduced side.
		u, st := r.d.Unit(reducedBPC), p.Units[reducedBPC]
		if u == nil || st == nil || u.Steps != 2 || reinfTurn(st.At) == 0 {
			return nil, fmt.Errorf("option %s: the order of battle has no 2-step %s arriving as a reinforcement (19.4)", OptReducedBPC, reducedBPC)
		}
		st.Steps = 1
	}
	return s, nil
}

func intStrings(xs []int) []string {
	var out []string
	for _, x := range xs {
		out = append(out, strconv.Itoa(x))
	}
	return out
}

// Decode reads a state.
func (r *Rules) Decode(b []byte) (adjudicator.State, error) {
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	if s.Pos == nil || s.Pos.CRs == nil || s.Pos.Divs == nil || s.Pos.Units == nil {
		return nil, fmt.Errorf("a Lost Valley state without its position")
	}
	for id := range s.Pos.Units {
		if r.d.Unit(id) == nil {
			return nil, fmt.Errorf("unknown unit %q in the state", id)
		}
	}
	for id := range s.Pos.CRs {
		if r.d.CR(id) == nil {
			return nil, fmt.Errorf("unknown CR %q in the state", id)
		}
	}
	return &s, nil
}

// Code is a unit's one-word name in orders: its id without spaces
// ("I/2REI", "1GAACEO").
func Code(id string) string { return strings.ReplaceAll(id, " ", "") }

// unitByCode finds a unit by its code or id, case-insensitively.
func (r *Rules) unitByCode(w string) string {
	for _, u := range r.d.Units.Units {
		if strings.EqualFold(Code(u.ID), w) || strings.EqualFold(u.ID, w) {
			return u.ID
		}
	}
	return ""
}

// crByWord finds a CR or drop zone by its code or name.
func (r *Rules) crByWord(w string) string {
	for _, cr := range r.d.Board.CRs {
		if strings.EqualFold(cr.ID, w) || strings.EqualFold(strings.ReplaceAll(cr.Name, " ", ""), w) {
			return cr.ID
		}
	}
	for _, z := range r.d.Board.DZs {
		if strings.EqualFold(z.ID, w) {
			return z.ID
		}
	}
	return ""
}

func (r *Rules) dz(id string) *DZ {
	for i := range r.d.Board.DZs {
		if r.d.Board.DZs[i].ID == id {
			return &r.d.Board.DZs[i]
		}
	}
	return nil
}

// dzFrench is 13.2: a drop zone is French while one of its CR is.
func (r *Rules) dzFrench(p *Position, id string) bool {
	z := r.dz(id)
	for _, h := range z.HeldBy {
		if p.French(h) {
			return true
		}
	}
	return false
}

// Prompt is who is awaited: always the player, or nobody at the end.
func (r *Rules) Prompt(as adjudicator.State) adjudicator.Prompt {
	s := as.(*State)
	if s.Step == StepOver {
		return adjudicator.Prompt{Over: true, Phase: "over", Result: s.Result}
	}
	p := adjudicator.Prompt{Awaiting: []adjudicator.Side{French}, Phase: fmt.Sprintf("Turn %d, %s", s.Pos.Turn, stepName(s)),
		Stage: fmt.Sprintf("%d/%s", s.Pos.Turn, s.Step), Decision: r.decision(s)}
	if s.Fight != nil && s.Fight.CR != "" {
		// issue 30, item 1: the hand-off's close-up is the CR under
		// assault (public, as the assault is)
		p.Focus = []string{s.Fight.CR}
	}
	return p
}

func stepName(s *State) string {
	switch s.Step {
	case StepEvents:
		return "French event card phase (A.1-A.3)"
	case StepAir:
		return "air support (A.4)"
	case StepSupply:
		return "resource points (A.6)"
	case StepMorale:
		return "camp morale (A.7)"
	case StepDefend, StepLoss, StepRetreat, StepReroll:
		if s.Fight != nil && s.Fight.French {
			return "French assault (D.3)"
		}
		if s.Fight != nil && s.Fight.Raid {
			return "raids (E.1)"
		}
		return "VM assault (C.3)"
	case StepReinforce:
		return "reinforcements (D.1)"
	case StepMove:
		return "movement (D.2)"
	case StepAssault:
		return "French assault (D.3)"
	case StepExploit:
		return "assault exploitation (15.1.6)"
	case StepOps:
		return "raids, repairs (E)"
	}
	return s.Step
}

func (r *Rules) decision(s *State) string {
	switch s.Step {
	case StepEvents:
		if s.Drawn == 0 {
			return "draw the turn's event card: draw"
		}
		return "the event card: play, keep or done (reserve N plays a Reserve card, discard N drops one)"
	case StepAir:
		return fmt.Sprintf("%d ASP: sead N, das <division> N, or done", s.ASP-s.SEAD-s.DAS)
	case StepSupply:
		return "ration N (CM for +1 each), delay <unit>, or done to roll for RP"
	case StepMorale:
		return "boost N (RP for +1 CM each) or done"
	case StepDefend:
		return fmt.Sprintf("%s is assaulted by division %d: cas N, arty <unit>, or resolve", r.d.CR(s.Fight.CR).Name, s.Fight.Div)
	case StepLoss:
		return "a step loss among tied units: lose <unit>"
	case StepRetreat:
		return "retreat <unit> <CR>"
	case StepReroll:
		return fmt.Sprintf("the VM casualties die is %d: reroll or accept", s.Fight.VMDie)
	case StepReinforce:
		return "drop <unit> <drop zone|Hu>, raise <BM> <CR>, or done"
	case StepMove:
		return "move <unit> <CR>, eliminate <unit> (over-stacking), or done"
	case StepAssault:
		if s.Fight != nil {
			return "with <unit>, cas N, arty <unit>, launch or cancel"
		}
		return "attack <CR> or done"
	case StepExploit:
		return "occupy <unit> or done"
	case StepOps:
		if s.Fight != nil {
			return "with <unit>, arty <unit>, launch or cancel"
		}
		return "raid <CR>, fort <CR>, repair [rp], or done"
	}
	return ""
}

// Apply validates an order and returns the new state.
func (r *Rules) Apply(as adjudicator.State, side adjudicator.Side, a string, dc adjudicator.Dice) (st adjudicator.State, evs []adjudicator.Event, err error) {
	s, ok := as.(*State)
	if !ok {
		return nil, nil, fmt.Errorf("not a Lost Valley state")
	}
	if s.Step == StepOver {
		return nil, nil, adjudicator.Refuse(a, "the game is over")
	}
	if side != French {
		return nil, nil, adjudicator.Refuse(a, "only the French player gives orders; the Viet Minh are run by the rules")
	}
	f := strings.Fields(strings.TrimSpace(a))
	if len(f) == 0 {
		return nil, nil, adjudicator.Refuse(a, "an empty order; %s", r.decision(s))
	}
	ns := s.clone()
	t := &turn{r: r, s: ns, dc: dc, order: a}
	if err := t.order1(f); err != nil {
		return nil, nil, err
	}
	return ns, t.events(), nil
}

// turn is one Apply's work: the state, the dice and the narration.
type turn struct {
	r     *Rules
	s     *State
	dc    adjudicator.Dice
	order string
	lines []string
	marks []adjudicator.Mark
}

func (t *turn) say(format string, args ...any) {
	t.lines = append(t.lines, fmt.Sprintf(format, args...))
}
func (t *turn) log(l Log) { t.lines = append(t.lines, l...) }
func (t *turn) refuse(format string, args ...any) error {
	return adjudicator.Refuse(t.order, format, args...)
}

func (t *turn) events() []adjudicator.Event {
	if len(t.lines) == 0 {
		return nil
	}
	return []adjudicator.Event{{Audience: adjudicator.Everyone, Text: strings.Join(t.lines, "\n"), Marks: t.marks}}
}
