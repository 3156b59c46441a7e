package hell

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Counter is a unit as one viewer sees it. A VM unit the viewer may not
// identify is a bare hidden counter (Kind "hidden"), with Count when
// several share a location: nothing else about it is in the view.
type Counter struct {
	Side     string `json:"side"`
	ID       string `json:"id,omitempty"`
	Kind     string `json:"kind"` // infantry, thai, mg, tank, battalion, dummy, hidden
	Steps    int    `json:"steps,omitempty"`
	MaxSteps int    `json:"max_steps,omitempty"`
	Fire     int    `json:"fire,omitempty"`
	Melee    int    `json:"melee,omitempty"`
	Morale   int    `json:"morale,omitempty"`
	Losses   int    `json:"losses,omitempty"` // VM loss marker -1/-2
	Symbol   string `json:"symbol,omitempty"` // regimental symbol
	Fatigued bool   `json:"fatigued,omitempty"`
	Disorg   bool   `json:"disorg,omitempty"`
	// Hidden: the counter is on its hidden side (for the VM's own view,
	// its units the French cannot identify).
	Hidden bool `json:"hidden,omitempty"`
	Count  int  `json:"count,omitempty"` // hidden counters aggregated
}

// Stack is the counters at one location.
type Stack struct {
	At       string    `json:"at"`
	Counters []Counter `json:"counters"`
}

// BoardView is the renderer's input: the whole board as one viewer may
// see it.
type BoardView struct {
	Scenario        string            `json:"scenario"`
	Turn            int               `json:"turn"`
	LastTurn        int               `json:"last_turn"`
	Date            string            `json:"date"`
	Rain            bool              `json:"rain"`
	Phase           string            `json:"phase"`
	PhaseName       string            `json:"phase_name"`
	Round           int               `json:"round,omitempty"`
	Impulse         int               `json:"impulse,omitempty"`
	Awaiting        string            `json:"awaiting,omitempty"`
	Decision        string            `json:"decision,omitempty"`
	VMMunitions     int               `json:"vm_munitions"`
	VMMax           int               `json:"vm_max"`
	FrenchMunitions int               `json:"french_munitions"`
	FrenchMax       int               `json:"french_max"`
	VMLosses        int               `json:"vm_losses"`
	Replacements    int               `json:"replacements"`
	AirPoints       int               `json:"air_points"`
	Entrench        int               `json:"entrench"`
	Captured        int               `json:"captured"`
	TotalPAs        int               `json:"total_pas"`
	Control         map[string]string `json:"control"` // PA -> french | vm
	Trench          map[string]int    `json:"trench"`
	Stacks          []Stack           `json:"stacks"`
	Track           []Counter         `json:"track,omitempty"` // VM Game Turn track
	Pool            []Counter         `json:"pool,omitempty"`  // French paratroop pool
	Recent          []Note            `json:"recent,omitempty"`
	Over            bool              `json:"over,omitempty"`
	Winner          string            `json:"winner,omitempty"`
	Reason          string            `json:"reason,omitempty"`
}

// seesVM: the VM player and the referee see the VM's hidden side.
func seesVM(v adjudicator.Viewer) bool { return v.Referee || v.Side == VM }

func (r *Rules) frenchCounter(id string, u *FUnit) Counter {
	du := r.d.French[id]
	c := Counter{Side: French, ID: id, Kind: du.Kind, Steps: u.Steps, MaxSteps: du.Steps,
		Fire: du.Fire, Melee: du.Melee, Morale: du.Morale, Fatigued: u.Fatigued, Disorg: u.Disorg}
	if du.Steps == 2 && u.Steps == 1 {
		c.Fire, c.Melee, c.Morale = du.ReducedFire, du.ReducedMelee, du.ReducedMorale
	}
	return c
}

func (r *Rules) vmCounter(id string, u *VUnit) Counter {
	if u.Dummy {
		return Counter{Side: VM, ID: id, Kind: "dummy", Hidden: !u.Revealed}
	}
	dv := r.d.VM[id]
	return Counter{Side: VM, ID: id, Kind: "battalion", Steps: 3 - u.Losses, MaxSteps: 3,
		Fire: dv.Fire, Melee: dv.Melee, Morale: dv.Morale, Losses: u.Losses, Symbol: dv.Symbol,
		Fatigued: u.Fatigued, Disorg: u.Disorg, Hidden: !u.Revealed}
}

// board builds the BoardView for a viewer.
func (r *Rules) board(s *State, v adjudicator.Viewer) BoardView {
	d := r.d
	w := d.Week(s.Turn)
	b := BoardView{Scenario: s.Scenario, Turn: s.Turn, LastTurn: s.LastTurn, Date: w.Date, Rain: w.Rain,
		Phase: s.Phase, VMMunitions: s.VMMunitions, VMMax: d.Tables.Munitions.VMMax,
		FrenchMunitions: s.FrenchMunitions, FrenchMax: d.Tables.Munitions.FrenchMax,
		VMLosses: s.VMLosses, Replacements: s.Replacements, AirPoints: s.AirPoints, Entrench: s.Entrench,
		Captured: s.capturedCount(), TotalPAs: len(d.PAOrder), Round: s.Round, Impulse: s.Impulse,
		Control: map[string]string{}, Trench: copyMap(s.Trench)}
	if s.Phase == PhaseOver {
		b.Over, b.Winner, b.Reason, b.PhaseName = true, s.Winner, s.Reason, "game over"
	} else {
		side, name, decision, _ := r.phaseInfo(s)
		b.Awaiting, b.PhaseName, b.Decision = side, name, decision
	}
	for _, pa := range d.PAOrder {
		if s.Captured[pa] {
			b.Control[pa] = VM
		} else {
			b.Control[pa] = French
		}
	}
	stacks := map[string][]Counter{}
	hidden := map[string]int{}
	for _, id := range r.frenchIDs {
		u := s.French[id]
		c := r.frenchCounter(id, u)
		switch {
		case d.onMap(u.Loc):
			stacks[u.Loc] = append(stacks[u.Loc], c)
		case u.Loc == LocPool:
			b.Pool = append(b.Pool, c)
		}
	}
	trackHidden := 0
	for _, id := range r.unitIDs(s, VM) {
		u := s.VM[id]
		c := r.vmCounter(id, u)
		visible := seesVM(v) || (u.Revealed && !u.Dummy)
		switch {
		case d.onMap(u.Loc):
			if visible {
				stacks[u.Loc] = append(stacks[u.Loc], c)
			} else {
				hidden[u.Loc]++
			}
		case u.Loc == LocTrack:
			if seesVM(v) {
				b.Track = append(b.Track, c)
			} else {
				trackHidden++
			}
		}
	}
	if trackHidden > 0 {
		b.Track = []Counter{{Side: VM, Kind: "hidden", Hidden: true, Count: trackHidden}}
	}
	for loc, n := range hidden {
		stacks[loc] = append(stacks[loc], Counter{Side: VM, Kind: "hidden", Hidden: true, Count: n})
	}
	for _, loc := range r.allPlaces() {
		if cs, ok := stacks[loc]; ok {
			b.Stacks = append(b.Stacks, Stack{At: loc, Counters: cs})
		}
	}
	for _, n := range s.Recent {
		if n.Side == "" || v.Referee || n.Side == string(v.Side) {
			// which unit moved, only if the viewer sees it
			if u := s.VM[n.Unit]; u != nil && !seesVM(v) && !(u.Revealed && !u.Dummy) {
				n.Unit = ""
			}
			b.Recent = append(b.Recent, n)
		}
	}
	return b
}

// View implements adjudicator.Rules.
func (r *Rules) View(as adjudicator.State, v adjudicator.Viewer) adjudicator.View {
	s := st(as)
	b := r.board(s, v.Final(s.Phase == PhaseOver))
	p := r.Prompt(s)
	var lines []string
	weather := "dry season"
	if b.Rain {
		weather = "rainy season"
	}
	lines = append(lines, fmt.Sprintf("%s, scenario %s; %s; %s.", r.turnName(s), r.scenarioName(s), weather, turnsLeft(s)))
	if b.Over {
		lines = append(lines, fmt.Sprintf("Game over: %s wins. %s.", sideName(b.Winner), b.Reason))
	} else {
		lines = append(lines, fmt.Sprintf("Phase: %s. Awaiting %s: %s.", b.PhaseName, sideName(b.Awaiting), b.Decision))
	}
	lines = append(lines,
		fmt.Sprintf("Munitions: VM %d/%d, France %d/%d. VM step losses %d (thresholds 20, 50, 86). French replacement points %d. Air points %d.",
			b.VMMunitions, b.VMMax, b.FrenchMunitions, b.FrenchMax, b.VMLosses, b.Replacements, b.AirPoints),
		fmt.Sprintf("PAs: France holds %d, the VM has captured %d of %d (33 is the fall of the camp).", b.TotalPAs-b.Captured, b.Captured, b.TotalPAs))
	if s.Phase == PhaseVMEntrench {
		lines = append(lines, fmt.Sprintf("Entrenchment points left: %d.", s.Entrench))
	}
	if len(s.Pending) > 0 {
		lines = append(lines, fmt.Sprintf("Attrition losses to allocate: %d.", len(s.Pending)))
	}
	var tr []string
	for _, loc := range sortedKeys(s.Trench) {
		tr = append(tr, fmt.Sprintf("%s:%d", loc, s.Trench[loc]))
	}
	if len(tr) > 0 {
		lines = append(lines, "Trenches: "+strings.Join(tr, " ")+".")
	}
	var cap []string
	for _, pa := range r.d.PAOrder {
		if s.Captured[pa] {
			cap = append(cap, pa)
		}
	}
	if len(cap) > 0 {
		lines = append(lines, "Captured PAs: "+strings.Join(cap, " ")+".")
	}
	hid := map[string]int{}
	for _, st := range b.Stacks {
		for _, c := range st.Counters {
			if c.Kind == "hidden" {
				hid[st.At] += c.Count
			}
		}
	}
	if len(hid) > 0 {
		var hs []string
		for _, loc := range sortedKeys(hid) {
			hs = append(hs, fmt.Sprintf("%s:%d", loc, hid[loc]))
		}
		lines = append(lines, "Hidden VM counters: "+strings.Join(hs, " ")+".")
	}
	var shown []string
	for _, st := range b.Stacks {
		for _, c := range st.Counters {
			if c.Side == VM && c.Kind == "battalion" && !c.Hidden {
				label := c.ID
				if c.Losses > 0 {
					label += fmt.Sprintf("(-%d)", c.Losses)
				}
				if c.Disorg {
					label += "(D)"
				}
				if c.Fatigued {
					label += "(F)"
				}
				shown = append(shown, st.At+":"+label)
			}
		}
	}
	if len(shown) > 0 && !seesVM(v) {
		lines = append(lines, "Engaged or revealed VM battalions: "+strings.Join(shown, " ")+".")
	}
	if s.Phase == PhaseOperations {
		var fr []string
		for _, id := range r.frenchIDs {
			u := s.French[id]
			if u.Disorg || u.Fatigued || r.d.onMap(u.Loc) && !r.d.isPA(u.Loc) {
				label := id + "@" + u.Loc
				if u.Disorg {
					label += "(D)"
				}
				if u.Fatigued {
					label += "(F)"
				}
				fr = append(fr, label)
			}
		}
		if len(fr) > 0 {
			lines = append(lines, "French units out of their PAs, Disorganized or Fatigued: "+strings.Join(fr, " ")+".")
		}
	}
	if seesVM(v) {
		lines = append(lines, r.vmRoster(s)...)
		if st, ok := s.Standing[VM]; ok && !v.Referee {
			lines = append(lines, "Your standing orders: "+st.stringFor(VM)+".")
		}
	}
	if v.Side == French {
		if st, ok := s.Standing[French]; ok {
			lines = append(lines, "Your standing orders: "+st.stringFor(French)+".")
		}
	}
	return adjudicator.View{Title: "hell", Viewer: v.String(), Prompt: p, Status: lines, Board: b}
}

func (r *Rules) scenarioName(s *State) string {
	if sc, ok := r.d.Scenario(s.Scenario); ok {
		return sc.Name
	}
	return s.Scenario
}

func turnsLeft(s *State) string {
	return fmt.Sprintf("turns %d to %d", s.FirstTurn, s.LastTurn)
}

// vmRoster: the VM's own units by location (VM and referee views only).
func (r *Rules) vmRoster(s *State) []string {
	by := map[string][]string{}
	for _, id := range r.unitIDs(s, VM) {
		u := s.VM[id]
		if u.Loc == LocOut || u.Loc == LocLater {
			continue
		}
		label := id
		if u.Losses > 0 {
			label += fmt.Sprintf("(-%d)", u.Losses)
		}
		if u.Loc == LocTrack {
			label += fmt.Sprintf("(back turn %d)", u.Return)
		}
		by[u.Loc] = append(by[u.Loc], label)
	}
	locs := sortedKeys(by)
	sort.SliceStable(locs, func(i, j int) bool { return locs[i] < locs[j] })
	var out []string
	for _, loc := range locs {
		out = append(out, fmt.Sprintf("VM at %s: %s.", loc, strings.Join(by[loc], ", ")))
	}
	return out
}
