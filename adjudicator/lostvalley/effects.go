package lostvalley

import (
	"fmt"
	"strconv"
	"strings"
)

// The words of the event cards' conditions and effects (5.3, 5.6): the
// data file writes them as short phrases, parsed and checked at load so
// that a transcription's typo is refused with its line, never guessed.

// Phases are the play phases a card may name (5.6; the sequence of 4.0).
var Phases = []string{"immediate", "variable", "ap", "asp", "airstrip", "rp", "cm",
	"vm_logistics", "sapping", "vm_assault", "movement", "french_assault", "raids", "repairs", "recovery"}

// Rolls are the rolls a card's DRM may modify.
var Rolls = []string{"asp", "sead", "das", "airstrip", "rp", "sapping", "vm_assault",
	"french_assault", "raid", "repair", "morale", "status"}

// Condition is a parsed card condition (5.3).
type Condition struct {
	Kind string // none, turns, vm_cr, airstrip, rp, cm
	Lo   int    // turns lo-hi; vm_cr >= Lo; rp/cm <= Lo
	Hi   int
	Word string // airstrip: active, damaged, destroyed, "not destroyed"
}

// ParseCondition reads "none", "turns 6-16", "vm_cr >= 2",
// "airstrip active|damaged|destroyed|not destroyed", "rp <= N",
// "cm <= N".
func ParseCondition(s string) (Condition, error) {
	f := strings.Fields(s)
	switch {
	case len(f) == 1 && f[0] == "none":
		return Condition{Kind: "none"}, nil
	case len(f) == 2 && f[0] == "turns":
		a, b, ok := strings.Cut(f[1], "-")
		lo, err1 := strconv.Atoi(a)
		hi, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || lo < 1 || hi > 16 || lo > hi {
			return Condition{}, fmt.Errorf("%q: turns are written A-B within 1-16, A at most B", s)
		}
		return Condition{Kind: "turns", Lo: lo, Hi: hi}, nil
	case len(f) == 3 && f[0] == "vm_cr" && f[1] == ">=":
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 1 || n > 12 {
			return Condition{}, fmt.Errorf("%q: vm_cr >= N wants N in 1-12", s)
		}
		return Condition{Kind: "vm_cr", Lo: n}, nil
	case len(f) == 3 && (f[0] == "rp" || f[0] == "cm") && f[1] == "<=":
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 1 || n > 30 {
			return Condition{}, fmt.Errorf("%q: %s <= N wants N in 1-30", s, f[0])
		}
		return Condition{Kind: f[0], Lo: n}, nil
	case len(f) >= 2 && f[0] == "airstrip":
		w := strings.Join(f[1:], " ")
		switch w {
		case "active", "damaged", "destroyed", "not destroyed":
			return Condition{Kind: "airstrip", Word: w}, nil
		}
		return Condition{}, fmt.Errorf("%q: the airstrip is active, damaged, destroyed or not destroyed", s)
	}
	return Condition{}, fmt.Errorf("%q: a condition is none, turns A-B, vm_cr >= N, airstrip <status>, rp <= N or cm <= N", s)
}

// Effect is a parsed card effect.
type Effect struct {
	Op     string // cm, rp, aaa, asp, ap, strength, drm, fort, unit, no_vm_assault, sapping
	Target string // strength: a division, all, weakest, strongest, assaulting; drm: a roll; fort: a CR; unit: a unit
	N      int
}

// ParseEffect reads one effect; known names the CR and units that may be
// targets (nil: not checked).
func ParseEffect(s string, known func(kind, id string) bool) (Effect, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return Effect{}, fmt.Errorf("an empty effect")
	}
	num := func(t string) (int, error) {
		n, err := strconv.Atoi(t)
		if err != nil || n == 0 || n < -5 || n > 5 {
			return 0, fmt.Errorf("%q: the amount is a signed number from -5 to 5, not 0", s)
		}
		return n, nil
	}
	switch f[0] {
	case "no_vm_assault", "sapping":
		if len(f) != 1 {
			return Effect{}, fmt.Errorf("%q: %s takes no argument", s, f[0])
		}
		return Effect{Op: f[0]}, nil
	case "cm", "rp", "aaa", "asp", "ap":
		if len(f) != 2 {
			return Effect{}, fmt.Errorf("%q: %s N", s, f[0])
		}
		n, err := num(f[1])
		return Effect{Op: f[0], N: n}, err
	case "strength":
		if len(f) != 3 {
			return Effect{}, fmt.Errorf("%q: strength <division|all|weakest|strongest|assaulting> N", s)
		}
		switch f[1] {
		case "304", "308", "312", "316", "all", "weakest", "strongest", "assaulting":
		default:
			return Effect{}, fmt.Errorf("%q: the division is 304, 308, 312, 316, all, weakest, strongest or assaulting", s)
		}
		n, err := num(f[2])
		return Effect{Op: "strength", Target: f[1], N: n}, err
	case "drm":
		if len(f) != 3 {
			return Effect{}, fmt.Errorf("%q: drm <roll> N", s)
		}
		if !contains(Rolls, f[1]) {
			return Effect{}, fmt.Errorf("%q: the roll is one of %s", s, strings.Join(Rolls, ", "))
		}
		n, err := num(f[2])
		return Effect{Op: "drm", Target: f[1], N: n}, err
	case "fort":
		if len(f) != 3 {
			return Effect{}, fmt.Errorf("%q: fort <CR> N", s)
		}
		if known != nil && !known("cr", f[1]) {
			return Effect{}, fmt.Errorf("%q: no CR %q", s, f[1])
		}
		n, err := num(f[2])
		return Effect{Op: "fort", Target: f[1], N: n}, err
	case "unit":
		if len(f) != 2 {
			return Effect{}, fmt.Errorf("%q: unit <id of a unit set aside>", s)
		}
		if known != nil && !known("aside", f[1]) {
			return Effect{}, fmt.Errorf("%q: no unit %q set aside (units.toml setup = \"aside\")", s, f[1])
		}
		return Effect{Op: "unit", Target: f[1]}, nil
	}
	return Effect{}, fmt.Errorf("%q: an effect is cm, rp, aaa, asp, ap, strength, drm, fort, unit, no_vm_assault or sapping", s)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
