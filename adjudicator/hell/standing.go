package hell

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

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
	// Routine decisions (issue 15, item 1), "" to be asked:
	// OpMove: "none", no operational movement (4.2) in one's half;
	// "idle", none in a week the other side acts (issue 30, item 6).
	OpMove string `json:"opmove,omitempty"`
	// BreakOff: the VM's break-off at the end of each impulse of a French
	// operation (6.2.7): "never" or "always" (every engagement).
	BreakOff string `json:"breakoff,omitempty"`
	// Impulses: the attacker fights this many impulses ("1".."3"), then
	// ends the assault or operation (5, 6.2.7).
	Impulses string `json:"impulses,omitempty"`
	// Drops: France's paratroop drops (4.1): "none".
	Drops string `json:"drops,omitempty"`
	// Supply: France's air supply and replacements (3.2): "none", nothing
	// bought or struck, the points kept.
	Supply string `json:"supply,omitempty"`
	// Consolidate: the end of an assault (5.7, 6.2.7): "none", neither
	// occupy nor withdraw.
	Consolidate string `json:"consolidate,omitempty"`
	// Counter: France's decision in each round of a week the VM assaults
	// (4: "then the French player does the same"): "never", pass.
	Counter string `json:"counter,omitempty"`
	// Withdraw: the defender's withdrawals at the end of the other
	// side's assault or operation (5.7, 6.2.7): "none", or "" to be
	// asked (issue 30, item 6: a reaction the default profile answers).
	Withdraw string `json:"withdraw,omitempty"`
	// Attrition: France's attrition losses (8): "most", a replacement
	// point where one may take the loss, else the unit with the most
	// steps (the deadline's default, ruling H55), or "" to be asked.
	Attrition string `json:"attrition,omitempty"`
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
	// Routine decisions (issue 15, item 1).
	"opmove":      {"none", "idle", "ask"},
	"breakoff":    {"never", "always", "ask"},
	"impulses":    {"1", "2", "3", "ask"},
	"drops":       {"none", "ask"},
	"supply":      {"none", "ask"},
	"consolidate": {"none", "ask"},
	"counter":     {"never", "ask"},
	// The default profile's (issue 30, item 6).
	"withdraw":  {"none", "ask"},
	"attrition": {"most", "ask"},
}

// standingFor is whose each key is and what it answers (issue 30, item
// 6: /help prefix:standing gives a line per key; a side sets only its
// own keys). Keys not listed are both sides'.
var standingFor = map[string]struct{ side, help string }{
	"losses":      {"", "who takes a step loss: most or fewest steps (5.2, 6.2.4)"},
	"convert":     {"", "a D result: keep Disorganization (never) or take a step (5.2)"},
	"check":       {"", "who takes a morale check (T): the best morale (5.5)"},
	"fire":        {"", "your defensive fire: all at the largest stacks, or none (5.4)"},
	"move":        {"", "your defensive movement after combat: none (5.6)"},
	"lead":        {"", "your attack's lead unit when unnamed: best morale or losses' (H49)"},
	"advance":     {"", "your attackers' advance after combat (H48)"},
	"dummies":     {VM, "where revealed dummies go: the nearest jungle zone or jz1-jz4 (H52)"},
	"recon":       {French, "a recon's 5-6 loss: a replacement or a step (6.1, H53)"},
	"opmove":      {"", "your operational movement: none, or none in weeks you do not act (idle) (4.2)"},
	"breakoff":    {VM, "break off at each impulse of a French operation (6.2.7)"},
	"impulses":    {"", "impulses your assaults and operations fight (5, 6.2.7)"},
	"drops":       {French, "your paratroop drops each round: none (4.1)"},
	"supply":      {French, "air supply and replacements in 3.2: none, points kept"},
	"consolidate": {"", "the end of your assault: neither occupy nor withdraw (5.7)"},
	"counter":     {French, "your operations in a week the VM assaults: never (4)"},
	"withdraw":    {"", "your withdrawals after the other side's assault: none (5.7)"},
	"attrition":   {French, "attrition losses: a replacement point, else most steps (8)"},
}

// standingKeysOf lists the standing keys side may set.
func standingKeysOf(side string) []string {
	var out []string
	for _, k := range sortedKeys(standingKeys) {
		if f := standingFor[k].side; f == "" || f == side {
			out = append(out, k)
		}
	}
	return out
}

// StandingProfile implements adjudicator.StandingProfiler (issue 30,
// item 6): the orders a new game's sides start from unless it is made
// with standing:ask. They answer the reactions asked inside the other
// side's action (losses, conversions, morale checks, defensive fire and
// movement, the VM's break-off) and the routine decisions that hand the
// turn over most (see standingProfile); each side is told at the start
// and may change any key.
func (r *Rules) StandingProfile() []adjudicator.SideOrder {
	var out []adjudicator.SideOrder
	for _, side := range []adjudicator.Side{French, VM} {
		for _, o := range standingProfile[side] {
			out = append(out, adjudicator.SideOrder{Side: side, Order: "standing " + o})
		}
	}
	return out
}

// standingProfile: each side's default standing orders (issue 30, item
// 6; ruling H79). The reactions: losses to the unit with most steps, D
// results kept as Disorganization, the best morale checks, all defensive
// fire at the largest stacks, no defensive movement nor withdrawal; the
// VM never breaks off a French operation's engagement. The routine
// decisions that hand the turn over each round: no operational movement
// in a week the other side acts, France's attrition as the deadline's,
// no French operation in the VM's weeks, no paratroop drop.
var standingProfile = map[adjudicator.Side][]string{
	French: {"losses most", "convert never", "check best", "fire all", "move none", "withdraw none", "attrition most", "opmove idle", "counter never", "drops none"},
	VM:     {"losses most", "convert never", "check best", "fire all", "move none", "withdraw none", "opmove idle", "breakoff never"},
}

// StandingKeys implements adjudicator.StandingProfiler: side's keys, what
// each answers.
func (r *Rules) StandingKeys(side adjudicator.Side) []adjudicator.StandingKey {
	var out []adjudicator.StandingKey
	for _, k := range standingKeysOf(string(side)) {
		out = append(out, adjudicator.StandingKey{Key: k, Values: standingKeys[k], Help: standingFor[k].help})
	}
	return out
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
		return fail("usage: standing <key> <value> (keys: %s), or standing clear", standingHelp(side))
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
	case "opmove":
		st.OpMove = val
	case "breakoff":
		st.BreakOff = val
	case "impulses":
		st.Impulses = val
	case "drops":
		st.Drops = val
	case "supply":
		st.Supply = val
	case "consolidate":
		st.Consolidate = val
	case "counter":
		st.Counter = val
	case "withdraw":
		st.Withdraw = val
	case "attrition":
		st.Attrition = val
	}
	s.Standing[side] = st
	ev.to(side, "Standing order set: %s %s. Now: %s.", key, args[1], st.stringFor(side))
	return nil
}

func standingHelp(side string) string {
	var ks []string
	for _, k := range standingKeysOf(side) {
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
	return fmt.Sprintf("losses %s, convert %s, check %s, fire %s, move %s, lead %s, advance %s, dummies %s, recon %s, opmove %s, breakoff %s, impulses %s, drops %s, supply %s, consolidate %s, counter %s, withdraw %s, attrition %s",
		f(st.Losses), f(st.Convert), f(st.Check), f(st.Fire), f(st.Move), lead, adv, dum, rec,
		f(st.OpMove), f(st.BreakOff), f(st.Impulses), f(st.Drops), f(st.Supply), f(st.Consolidate), f(st.Counter), f(st.Withdraw), f(st.Attrition))
}

// stringFor is side's standing orders, its own keys only (the status
// line, issue 30 item 5).
func (st Standing) stringFor(side string) string {
	var out []string
	for _, kv := range strings.Split(st.String(), ", ") {
		k, _, _ := strings.Cut(kv, " ")
		if f := standingFor[k].side; f == "" || f == side {
			out = append(out, kv)
		}
	}
	return strings.Join(out, ", ")
}

// standingChoices: the standing orders' tree, the same in every state:
// built once, each caller given its own top-level slice.
func (r *Rules) standingChoices(side adjudicator.Side) []adjudicator.Choice {
	standingOnce.Do(func() {
		standingTree = map[adjudicator.Side][]adjudicator.Choice{French: buildStandingChoices(French), VM: buildStandingChoices(VM)}
	})
	return append([]adjudicator.Choice(nil), standingTree[side]...)
}

var (
	standingOnce sync.Once
	standingTree map[adjudicator.Side][]adjudicator.Choice
)

func buildStandingChoices(side adjudicator.Side) []adjudicator.Choice {
	var ks []adjudicator.Choice
	for _, k := range standingKeysOf(string(side)) {
		var vs []adjudicator.Choice
		for _, v := range standingKeys[k] {
			vs = append(vs, leaf(v, ""))
		}
		ks = append(ks, adjudicator.Choice{Word: k, Help: standingFor[k].help, Next: vs})
	}
	ks = append(ks, leaf("clear", "forget all standing orders"))
	return []adjudicator.Choice{{Word: "standing", Help: "standing orders, private: answer reactions and routine decisions without a round trip", Next: ks}}
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

// Stage names the stage of play a state awaits orders in: the phase, and
// in the operational phase whose half and which step (the playouts'
// hand-offs by phase, issue 15).
func Stage(s adjudicator.State) string {
	x := st(s)
	if x.Phase != PhaseOperations {
		return x.Phase
	}
	if len(x.Hits) > 0 {
		return "operations/" + x.Half + "/result"
	}
	return "operations/" + x.Half + "/" + x.Step
}

// StandingAll: both sides answer every reaction by standing order (the
// playouts' measure of hand-offs with standing orders).
func StandingAll() []adjudicator.SideOrder {
	var out []adjudicator.SideOrder
	for _, side := range []adjudicator.Side{French, VM} {
		for _, o := range []string{"standing losses most", "standing convert never", "standing check best", "standing fire all", "standing move none"} {
			out = append(out, adjudicator.SideOrder{Side: side, Order: o})
		}
	}
	// Routine decisions (issue 15): France neither moves between its
	// operations nor buys in 3.2, fights two impulses, does not
	// consolidate nor counter-attack in the VM's weeks; the VM never
	// breaks off.
	for _, o := range []string{"standing opmove none", "standing supply none", "standing impulses 2", "standing consolidate none", "standing counter never"} {
		out = append(out, adjudicator.SideOrder{Side: French, Order: o})
	}
	return append(out, adjudicator.SideOrder{Side: VM, Order: "standing breakoff never"})
}
