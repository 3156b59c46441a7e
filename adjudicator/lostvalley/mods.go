package lostvalley

import (
	"fmt"
	"strings"
)

// Modifiers (issue 28 item 4): one registry of the DRMs that cards and
// rule states put on a roll, each with its source and expiry, rather
// than a scatter of flags. 5.1: "unless stated otherwise, the effects of
// a card only last for the duration of the current Turn".

// Expiries.
const (
	UntilTurnEnd = "turn"      // 5.1: the current turn
	UntilRepair  = "repair"    // 8.1: until the airstrip is repaired
	Permanent    = "game"      // 8.1: a destroyed airstrip
	UntilRepairP = "interdict" // 8.1: until the Airstrip Repair Phase
)

// Mod is one modifier: DRM N to Roll (one of Rolls, or "no_vm_assault"
// for card 5's lull), from Source ("card 16", "airstrip damaged"),
// until Until.
type Mod struct {
	Source string `json:"source"`
	Roll   string `json:"roll"`
	N      int    `json:"n,omitempty"`
	Until  string `json:"until"`
}

// Mods is the registry.
type Mods []Mod

// DRM is the sum of the modifiers to roll, and their sources in words
// ("+1 card 8").
func (m Mods) DRM(roll string) (int, []string) {
	n := 0
	var why []string
	for _, x := range m {
		if x.Roll == roll && x.N != 0 {
			n += x.N
			why = append(why, fmt.Sprintf("%+d %s", x.N, x.Source))
		}
	}
	return n, why
}

// Has reports a modifier on roll (a flag-like one such as no_vm_assault).
func (m Mods) Has(roll string) bool {
	for _, x := range m {
		if x.Roll == roll {
			return true
		}
	}
	return false
}

// Add registers a modifier.
func (m Mods) Add(x Mod) Mods { return append(m, x) }

// Expire drops the modifiers of an expiry.
func (m Mods) Expire(until string) Mods {
	var out Mods
	for _, x := range m {
		if x.Until != until {
			out = append(out, x)
		}
	}
	return out
}

// airstripMods replaces the airstrip's modifiers to the RP roll by those
// of status (8.1, 9.2): -1 interdicted until the repair phase, -2
// damaged until repaired, -2 destroyed for the rest of the game.
func (m Mods) airstripMods(status string) Mods {
	var out Mods
	for _, x := range m {
		if !strings.HasPrefix(x.Source, "airstrip ") {
			out = append(out, x)
		}
	}
	switch status {
	case "interdicted":
		out = append(out, Mod{Source: "airstrip interdicted", Roll: "rp", N: -1, Until: UntilRepairP})
	case "damaged":
		out = append(out, Mod{Source: "airstrip damaged", Roll: "rp", N: -2, Until: UntilRepair})
	case "destroyed":
		out = append(out, Mod{Source: "airstrip destroyed", Roll: "rp", N: -2, Until: Permanent})
	}
	return out
}
