package hell

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Standing orders answer reaction prompts without a round trip (DESIGN:
// Asynchronous flow). They are private to their side: set with an order
// whose events only that side sees.
type Standing struct {
	// Losses: which unit takes a step loss: "most" (most steps first),
	// "fewest", or "" to be asked.
	Losses string `json:"losses,omitempty"`
	// Convert: a D result: "never" (always Disorganize), "always" (take
	// a step instead), or "" to be asked.
	Convert string `json:"convert,omitempty"`
	// Check: which unit takes a morale check (T): "best" morale, or "".
	Check string `json:"check,omitempty"`
	// Fire: defensive fire: "all" (every eligible infantry fire at the
	// largest stack in reach, artillery at the largest stack while
	// munitions last), "none", or "" to be asked.
	Fire string `json:"fire,omitempty"`
	// Move: defensive movement: "none", or "" to be asked.
	Move string `json:"move,omitempty"`
	// Lead: the unit for the morale difference when an attack names none
	// (ruling H49): "best" morale, "losses" (the unit the losses order
	// would take a step from), or "": losses if a losses order is set,
	// else best.
	Lead string `json:"lead,omitempty"`
	// Advance: after combat (ruling H48): "all" organized attackers not
	// held back by the order ("" means all), or "none".
	Advance string `json:"advance,omitempty"`
	// Dummies: where revealed dummies go (4.2.1 "placed in any Jungle
	// zone"; ruling H52): a jungle zone ("jz1".."jz4"), or "" for the
	// nearest.
	Dummies string `json:"dummies,omitempty"`
	// Recon: how France pays a reconnaissance's 5-6 loss (6.1; ruling
	// H53): "replacement" ("" too) or "step".
	Recon string `json:"recon,omitempty"`
}

var standingKeys = map[string][]string{
	"losses":  {"most", "fewest", "ask"},
	"convert": {"never", "always", "ask"},
	"check":   {"best", "ask"},
	"fire":    {"all", "none", "ask"},
	"move":    {"none", "ask"},
	"lead":    {"best", "losses", "default"},
	"advance": {"all", "none"},
	"dummies": {"nearest", "jz1", "jz2", "jz3", "jz4"},
	"recon":   {"replacement", "step"},
}

// standingOrder: `standing <key> <value>` or `standing clear`; accepted at
// any time from either side, reported to that side only.
func (r *Rules) standingOrder(s *State, side string, args []string, ev *events) error {
	if len(args) == 1 && strings.EqualFold(args[0], "clear") {
		delete(s.Standing, side)
		ev.to(side, "Standing orders cleared: every reaction will be asked.")
		return nil
	}
	if len(args) != 2 {
		return fail("usage: standing <key> <value> (keys: %s), or standing clear", standingHelp())
	}
	key, val := strings.ToLower(args[0]), strings.ToLower(args[1])
	vals, ok := standingKeys[key]
	if !ok || !slices.Contains(vals, val) {
		return fail("standing orders are %s; not %q %q", standingHelp(), args[0], args[1])
	}
	if s.Standing == nil {
		s.Standing = map[string]Standing{}
	}
	st := s.Standing[side]
	if val == "ask" || val == "default" || key == "advance" && val == "all" || key == "dummies" && val == "nearest" {
		val = ""
	}
	switch key {
	case "losses":
		st.Losses = val
	case "convert":
		st.Convert = val
	case "check":
		st.Check = val
	case "fire":
		st.Fire = val
	case "move":
		st.Move = val
	case "lead":
		st.Lead = val
	case "advance":
		st.Advance = val
	case "dummies":
		st.Dummies = val
	case "recon":
		st.Recon = val
		if val == "replacement" {
			st.Recon = ""
		}
	}
	s.Standing[side] = st
	ev.to(side, "Standing order set: %s %s. Now: %s.", key, args[1], st.String())
	return nil
}

func standingHelp() string {
	var ks []string
	for _, k := range sortedKeys(standingKeys) {
		ks = append(ks, k+" "+strings.Join(standingKeys[k], "|"))
	}
	return strings.Join(ks, "; ")
}

func (st Standing) String() string {
	f := func(v string) string {
		if v == "" {
			return "ask"
		}
		return v
	}
	lead, adv := st.Lead, st.Advance
	if lead == "" {
		lead = "default"
	}
	if adv == "" {
		adv = "all"
	}
	dum := strings.ToUpper(st.Dummies)
	if dum == "" {
		dum = "nearest"
	}
	rec := st.Recon
	if rec == "" {
		rec = "replacement"
	}
	return fmt.Sprintf("losses %s, convert %s, check %s, fire %s, move %s, lead %s, advance %s, dummies %s, recon %s", f(st.Losses), f(st.Convert), f(st.Check), f(st.Fire), f(st.Move), lead, adv, dum, rec)
}

func (r *Rules) standingChoices() []adjudicator.Choice {
	var ks []adjudicator.Choice
	for _, k := range sortedKeys(standingKeys) {
		var vs []adjudicator.Choice
		for _, v := range standingKeys[k] {
			vs = append(vs, leaf(v, ""))
		}
		ks = append(ks, adjudicator.Choice{Word: k, Next: vs})
	}
	ks = append(ks, leaf("clear", "forget all standing orders"))
	return []adjudicator.Choice{{Word: "standing", Help: "standing orders, private: answer reactions without a round trip", Next: ks}}
}

// standingHit answers a hit from the owner's standing orders.
func (r *Rules) standingHit(s *State, h Hit, opts []string) (unit string, convert, ok bool) {
	st := s.Standing[h.Side]
	pick := func() (string, bool) {
		if len(opts) == 1 {
			return opts[0], true
		}
		if st.Losses == "" {
			return "", false
		}
		c := append([]string(nil), opts...)
		sort.SliceStable(c, func(i, j int) bool {
			a, b := s.stepsOf(h.Side, c[i]), s.stepsOf(h.Side, c[j])
			if st.Losses == "most" {
				return a > b
			}
			return a < b
		})
		return c[0], true
	}
	switch h.Kind {
	case "step", "tank":
		u, ok := pick()
		return u, false, ok
	case "disorg":
		if st.Convert == "" {
			return "", false, false
		}
		if len(h.Units) == 1 {
			return h.Units[0], st.Convert == "always", true
		}
		u, ok := pick()
		return u, st.Convert == "always", ok
	case "morale":
		if len(opts) == 1 {
			return opts[0], false, true
		}
		if st.Check != "best" {
			return "", false, false
		}
		best, bm := "", -1
		for _, id := range opts {
			if m, _ := r.morale(s, h.Side, id); m > bm {
				best, bm = id, m
			}
		}
		return best, false, true
	}
	return "", false, false
}

// Week is a state's game turn (the playouts' period for hand-offs).
func Week(s adjudicator.State) int { return st(s).Turn }

// StandingAll: both sides answer every reaction by standing order (the
// playouts' measure of hand-offs with standing orders).
func StandingAll() []adjudicator.SideOrder {
	var out []adjudicator.SideOrder
	for _, side := range []adjudicator.Side{French, VM} {
		for _, o := range []string{"standing losses most", "standing convert never", "standing check best", "standing fire all", "standing move none"} {
			out = append(out, adjudicator.SideOrder{Side: side, Order: o})
		}
	}
	return out
}
