package finalgamble

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// Standing orders answer in advance the choices the rules give a side
// inside the other side's segments (DESIGN: Asynchronous flow): the
// reaction segments 3.3, 3.4 and 7.3 and the defender's answers in 3.6
// and 7.5. With "ask" the side is asked when the choice comes. They are
// private: set by an order whose events only that side sees, and kept
// out of every view.
type Standing map[string]string

// standingKeys: each key's values, the default first, for each side.
var standingKeys = map[adjudicator.Side]map[string][]string{
	French: {
		// 3.6-C Choice: take 2 step losses and stay, or retreat all units
		"choice": {"stay", "retreat", "ask"},
		// 3.6-C losses after the defending unit's first: the unit of
		// lowest morale first, or the one with the most steps
		"losses": {"low-morale", "most-steps"},
		// 3.6-C retreat: towards the Supply Area, or to the hex with the
		// fewest VM neighbours
		"retreat": {"supply", "safe"},
		// 3.4 Support Barrage on every assaulting VM unit a full Zone
		// Marker can reach: none, regular, intense, or ask
		"barrage": {"none", "regular", "intense", "ask"},
		// 3.3 Reaction Move: none, or ask
		"reaction": {"none", "ask"},
		// 3.5-A defending unit: the strongest, or the one of best morale
		"defender": {"strongest", "morale"},
		// 3.5 the order of the Defense Fire Rolls: as declared, or ask
		"defense-order": {"declared", "ask"},
	},
	VM: {
		// 7.5 Choice: 1 step loss and stay, or retreat the unit
		"choice": {"stay", "retreat", "ask"},
		// 7.5 retreat: towards the map edge, or the hex with the fewest
		// French neighbours
		"retreat": {"edge", "safe"},
		// 7.3 Support Barrage (1 ammo, up to 4 Support Mortars): none,
		// all, or ask
		"mortars": {"none", "all", "ask"},
		// 7.4 the order of the Defense Fire Rolls: as declared, or ask
		"defense-order": {"declared", "ask"},
	},
}

func (s *State) standing(side adjudicator.Side, key string) string {
	if v := s.Standing[side][key]; v != "" {
		return v
	}
	return standingKeys[side][key][0]
}

// standingLine is a side's standing orders for its own status, key by
// key in alphabetical order, each with its value ("ask" written out).
func standingLine(s *State, side adjudicator.Side) string {
	keys := make([]string, 0, len(standingKeys[side]))
	for k := range standingKeys[side] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k + " " + s.standing(side, k)
	}
	return strings.Join(out, ", ")
}

// standingHelp says what each key answers, for /help prefix:standing.
var standingHelp = map[adjudicator.Side]map[string]string{
	French: {
		"choice":        "3.6-C Choice when a VM assault succeeds: 2 step losses and stay, retreat all units, or ask",
		"losses":        "3.6-C losses after the defending unit's first: the lowest morale first, or the most steps",
		"retreat":       "3.6-C retreat: towards the Supply Area, or to the hex with the fewest VM neighbours",
		"barrage":       "3.4 Support Barrage on the assaulting VM units a full Zone Marker reaches: none, regular, intense, or ask",
		"reaction":      "3.3 Reaction Move against declared assaults: none, or ask",
		"defender":      "3.5-A the defending unit: the strongest, or the one of best morale",
		"defense-order": "3.5 the order of the Defense Fire Rolls: as declared, or ask",
	},
	VM: {
		"choice":        "7.5 Choice when a French assault succeeds: 1 step loss and stay, retreat the unit, or ask",
		"retreat":       "7.5 retreat: towards the map edge, or to the hex with the fewest French neighbours",
		"mortars":       "7.3 Support Barrage (1 ammo, up to 4 Support Mortars): none, all, or ask",
		"defense-order": "7.4 the order of the Defense Fire Rolls: as declared, or ask",
	},
}

// standingChoices is the legal tree of "standing KEY VALUE".
func standingChoices(side adjudicator.Side) adjudicator.Choice {
	keys := make([]string, 0, len(standingKeys[side]))
	for k := range standingKeys[side] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	c := adjudicator.Choice{Word: adjudicator.StandingWord, Help: "your private standing orders for the other side's segments", Arg: "key", Complete: true}
	for _, k := range keys {
		kc := adjudicator.Choice{Word: k, Help: standingHelp[side][k], Arg: "value"}
		for _, v := range standingKeys[side][k] {
			kc.Next = append(kc.Next, adjudicator.Choice{Word: v, Complete: true})
		}
		c.Next = append(c.Next, kc)
	}
	return c
}

// applyStanding sets a standing order, or lists them ("standing" alone).
func (r *Rules) applyStanding(s *State, side adjudicator.Side, order string, args []string, ev *events) error {
	keys := standingKeys[side]
	if len(args) == 0 {
		var parts []string
		ks := make([]string, 0, len(keys))
		for k := range keys {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			parts = append(parts, k+" "+s.standing(side, k))
		}
		ev.to(side, "Your standing orders: %s.", strings.Join(parts, ", "))
		return nil
	}
	if len(args) != 2 {
		return errf(order, "write standing KEY VALUE, e.g. standing %s %s", firstKey(keys), keys[firstKey(keys)][1])
	}
	vals, ok := keys[args[0]]
	if !ok {
		ks := make([]string, 0, len(keys))
		for k := range keys {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		return errf(order, "no standing order %q for %s; the keys are %s", args[0], side, strings.Join(ks, ", "))
	}
	if !slices.Contains(vals, args[1]) {
		return errf(order, "standing %s is one of %s, not %q", args[0], strings.Join(vals, ", "), args[1])
	}
	if s.Standing == nil {
		s.Standing = map[adjudicator.Side]Standing{}
	}
	if s.Standing[side] == nil {
		s.Standing[side] = Standing{}
	}
	s.Standing[side][args[0]] = args[1]
	ev.to(side, "Standing order set: %s %s.", args[0], args[1])
	return nil
}

func firstKey(m map[string][]string) string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks[0]
}

var _ = fmt.Sprint
