package tonkin

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Standing orders answer in advance the choices the rules give a side
// inside the other side's action (retreat before combat, ambush, the
// morale leader, retreat after combat or the loss, which unit takes a
// loss, the garrison's substitute loss): with none set, the side is asked
// when the choice comes (fight.go; DESIGN: Asynchronous flow; RULINGS
// T22). They are private: set by an order whose events only that side
// sees, and kept out of every view.
type Standing struct {
	// Evade: VM-groups and GCMA retreat before combat (6.5): "yes", "no",
	// or "" to be asked.
	Evade string `json:"evade,omitempty"`
	// Ambush: the VM ambushes when it may (6.11), its unit with the most
	// steps at the attacker of lowest morale: "yes", "no", or "" to be
	// asked.
	Ambush string `json:"ambush,omitempty"`
	// Lead: the defender's morale leader (6.9): "best" morale, "steps"
	// (the unit with the most steps, which takes the first loss), or ""
	// to be asked.
	Lead string `json:"lead,omitempty"`
	// Retreat: retreat after combat instead of a step loss (6.14): "yes",
	// "no", or "" to be asked.
	Retreat string `json:"retreat,omitempty"`
	// Losses: which unit takes a step after the leader's (6.13): "most"
	// steps left, "fewest", or "" to be asked. An attacker's own steps go
	// to the unit with the most when unset.
	Losses string `json:"losses,omitempty"`
	// Garrison: a garrison's single hit (6.7): "substitute" (another FEF
	// unit within 3 hexes, the most steps first), "die", or "" to be
	// asked.
	Garrison string `json:"garrison,omitempty"`
	// Advance: the attacker's, after combat when the hex is cleared
	// (6.14): "" for all the attackers that may, "none".
	Advance string `json:"advance,omitempty"`
}

// standingKeys: each key's values, the default first ("ask": the side is
// asked when the choice comes).
var standingKeys = map[string][]string{
	"evade":    {"ask", "no", "yes"},
	"ambush":   {"ask", "yes", "no"},
	"lead":     {"ask", "best", "steps"},
	"retreat":  {"ask", "no", "yes"},
	"losses":   {"ask", "most", "fewest"},
	"garrison": {"ask", "substitute", "die"},
	"advance":  {"all", "none"},
}

func (st *Standing) field(key string) *string {
	switch key {
	case "evade":
		return &st.Evade
	case "ambush":
		return &st.Ambush
	case "lead":
		return &st.Lead
	case "retreat":
		return &st.Retreat
	case "losses":
		return &st.Losses
	case "garrison":
		return &st.Garrison
	case "advance":
		return &st.Advance
	}
	return nil
}

// get is a key's value, its default when unset.
func (st Standing) get(key string) string {
	if v := *st.field(key); v != "" {
		return v
	}
	return standingKeys[key][0]
}

func (st Standing) valid() error {
	for _, k := range sortedKeys() {
		if v := *st.field(k); v != "" && (v == standingKeys[k][0] || !slices.Contains(standingKeys[k], v)) {
			return fmt.Errorf("%s %q", k, v)
		}
	}
	return nil
}

func (st Standing) String() string {
	var out []string
	for _, k := range sortedKeys() {
		out = append(out, k+" "+st.get(k))
	}
	return strings.Join(out, ", ")
}

// stringFor is side's standing orders, its own keys only.
func (st Standing) stringFor(side string) string {
	var out []string
	for _, k := range standingKeysOf(side) {
		out = append(out, k+" "+st.get(k))
	}
	return strings.Join(out, ", ")
}

func sortedKeys() []string {
	var ks []string
	for k := range standingKeys {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// standingFor is whose each key is and what it answers (issue 30, item
// 6: /help prefix:standing gives a line per key; a side sets only its
// own keys). Keys without a side are both sides'.
var standingFor = map[string]struct{ side, help string }{
	"evade":    {"", "your VM-groups or GCMA retreat 1 hex before the other side's attack: yes or no (6.5)"},
	"ambush":   {VM, "ambush an attacker with your unit of most steps: yes or no (6.11)"},
	"lead":     {"", "the unit that leads your defence and takes the first loss: best morale or most steps (6.9)"},
	"retreat":  {"", "retreat 1 hex instead of a step lost in defence: yes or no (6.14)"},
	"losses":   {"", "which of your units takes each further step: most or fewest steps (6.13)"},
	"garrison": {FEF, "a garrison's hit: another FEF unit within 3 hexes takes it, or the garrison dies (6.7)"},
	"advance":  {"", "your attackers advance into a cleared hex: all or none (6.14)"},
}

// defaultStanding is the profile a new game's sides start from unless it
// is made with standing:ask (issue 30, item 6): each question answered
// as its deadline default would (RULINGS T22), each side's own keys.
var defaultStanding = map[string][]string{
	FEF: {"evade no", "lead best", "retreat no", "losses most", "garrison substitute"},
	VM:  {"evade no", "ambush yes", "lead best", "retreat no", "losses most"},
}

// StandingProfile implements adjudicator.StandingProfiler.
func (r *Rules) StandingProfile() []adjudicator.SideOrder {
	var out []adjudicator.SideOrder
	for _, side := range []string{FEF, VM} {
		for _, o := range defaultStanding[side] {
			out = append(out, adjudicator.SideOrder{Side: adjudicator.Side(side), Order: "standing " + o})
		}
	}
	return out
}

// StandingKeys implements adjudicator.StandingProfiler: side's keys and
// what each answers.
func (r *Rules) StandingKeys(side adjudicator.Side) []adjudicator.StandingKey {
	var out []adjudicator.StandingKey
	for _, k := range standingKeysOf(string(side)) {
		out = append(out, adjudicator.StandingKey{Key: k, Values: standingKeys[k], Help: standingFor[k].help})
	}
	return out
}

// startStanding sets a new game's standing orders from its option
// (adjudicator.OptStanding): the default profile, or every key at ask
// (and so a record made before the option sets up as before).
func (r *Rules) startStanding(s *State, o adjudicator.Options) error {
	profile, err := adjudicator.StandingFromOptions(o)
	if err != nil {
		return err
	}
	_, s.OwnKeys = o[adjudicator.OptStanding]
	if !profile {
		return nil
	}
	for _, so := range r.StandingProfile() {
		if err := r.standingOrder(s, string(so.Side), strings.Fields(so.Order)[1:], &events{}); err != nil {
			return fmt.Errorf("standing profile %q for %s: %w", so.Order, so.Side, err)
		}
	}
	return nil
}

// standingKeysOf lists the keys side may set.
func standingKeysOf(side string) []string {
	var out []string
	for _, k := range sortedKeys() {
		if f := standingFor[k].side; f == "" || f == side {
			out = append(out, k)
		}
	}
	return out
}

func standingHelp(side string) string {
	var ks []string
	for _, k := range standingKeysOf(side) {
		ks = append(ks, k+" "+strings.Join(standingKeys[k], "|"))
	}
	return strings.Join(ks, "; ")
}

// standing is a side's standing orders.
func (s *State) standing(side string) Standing { return s.Standing[side] }

// standingOrder: `standing <key> <value>` or `standing clear`; taken at
// any time from either side, told to that side only.
func (r *Rules) standingOrder(s *State, side string, args []string, ev *events) error {
	if len(args) == 1 && strings.EqualFold(args[0], "clear") {
		delete(s.Standing, side)
		if len(s.Standing) == 0 {
			s.Standing = nil
		}
		ev.to(side, "Standing orders cleared: %s.", Standing{}.stringFor(side))
		return nil
	}
	if len(args) != 2 {
		return fail("usage: `standing <key> <value>` (%s), or `standing clear`", standingHelp(side))
	}
	key, val := strings.ToLower(args[0]), strings.ToLower(args[1])
	vals, ok := standingKeys[key]
	if !ok || !slices.Contains(vals, val) {
		return fail("standing orders are %s; not %q %q", standingHelp(side), args[0], args[1])
	}
	if f := standingFor[key]; f.side != "" && f.side != side && s.OwnKeys {
		return fail("standing %s is %s's (%s); yours are %s", key, sideName(f.side), f.help, strings.Join(standingKeysOf(side), ", "))
	}
	if s.Standing == nil {
		s.Standing = map[string]Standing{}
	}
	st := s.Standing[side]
	if val == vals[0] {
		val = ""
	}
	*st.field(key) = val
	if st == (Standing{}) {
		delete(s.Standing, side)
		if len(s.Standing) == 0 {
			s.Standing = nil
		}
	} else {
		s.Standing[side] = st
	}
	ev.to(side, "Standing order set: %s %s. Now: %s.", key, args[1], st.stringFor(side))
	return nil
}

func standingChoices(side adjudicator.Side) []adjudicator.Choice {
	var ks []adjudicator.Choice
	for _, k := range standingKeysOf(string(side)) {
		var vs []adjudicator.Choice
		for _, v := range standingKeys[k] {
			vs = append(vs, adjudicator.Choice{Word: v, Complete: true})
		}
		ks = append(ks, adjudicator.Choice{Word: k, Help: standingFor[k].help, Next: vs})
	}
	ks = append(ks, adjudicator.Choice{Word: "clear", Complete: true, Help: "forget all standing orders"})
	return []adjudicator.Choice{{Word: "standing", Help: "standing orders, private: how your side answers the choices the rules give it inside the other side's actions (RULINGS T22)", Next: ks}}
}

// StandingAll: both sides answer every choice by standing orders, the
// active answers where there are two (the playouts' --standing).
func StandingAll() []adjudicator.SideOrder {
	var out []adjudicator.SideOrder
	for _, side := range []adjudicator.Side{FEF, VM} {
		for _, o := range []string{"standing evade yes", "standing ambush yes", "standing lead steps", "standing retreat yes", "standing losses most", "standing garrison substitute"} {
			if slices.Contains(standingKeysOf(string(side)), strings.Fields(o)[1]) {
				out = append(out, adjudicator.SideOrder{Side: side, Order: o})
			}
		}
	}
	return out
}
