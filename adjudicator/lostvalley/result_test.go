package lostvalley

import (
	"strings"
	"testing"
)

// 17.1: PC GONO held by the VM, CM or RP below 1 lose at once.
func TestResult_17_1_SuddenDeath(t *testing.T) {
	d, p := campaign(t)
	if r := SuddenDeath(d, p); r != "" {
		t.Fatalf("the start is lost: %s", r)
	}
	q := p.Clone()
	q.CRs["PC"].VM = 316
	if r := SuddenDeath(d, q); !strings.Contains(r, "PC GONO is held by division 316") {
		t.Error(r)
	}
	q = p.Clone()
	q.CM = 0
	if r := SuddenDeath(d, q); !strings.Contains(r, "Camp Morale fell to 0") {
		t.Error(r)
	}
	q = p.Clone()
	q.RP = 0
	if r := SuddenDeath(d, q); !strings.Contains(r, "Resource Points fell to 0") {
		t.Error(r)
	}
	if p.CRs["PC"].VM != 0 || p.CM != 18 {
		t.Error("Clone shares the position")
	}
}

// 17.2: 1 VP a French CR, 1 a full 2-step infantry unit in play, ½ a
// reduced one; none for 1-step units, assets or units off the map; the
// levels by the table, a half point not reaching the next level.
func TestResult_17_2_VictoryPointsAndLevels(t *testing.T) {
	d, p := campaign(t)
	h, detail := VP(d, p)
	// 12 CR; 2-step infantry on the map: 1 BEP, 8 BPC, I/2 REI,
	// III/13 DBLE, I/13 DBLE, III/3 REI, V/7 RTA, III/3 RTA, I/4 RTM,
	// II/1 RTA, 3 BT = 11 (5 BPVN, 6 BPC ... still on the turn track).
	if h != 2*(12+11) || !strings.Contains(detail, "12 CR held, 11 full-strength and 0 reduced") {
		t.Fatalf("%d halves: %s", h, detail)
	}
	p.Units["1 BEP"].Steps = 1
	p.Units["8 BPC"].At = "remnants"
	p.CRs["Ga"].VM = 308
	if h, _ = VP(d, p); h != 2*11+2*9+1 || HalfPoints(h) != "20½" {
		t.Fatalf("%d halves (%s)", h, HalfPoints(h))
	}
	for _, c := range []struct {
		halves int
		level  string
	}{{50, "Strategic Victory"}, {49, "Operational Victory"}, {42, "Operational Victory"}, {41, "Tactical Victory"},
		{34, "Tactical Victory"}, {26, "Draw"}, {18, "Tactical Defeat"}, {10, "Operational Defeat"}, {9, "Strategic Defeat"}, {0, "Strategic Defeat"}} {
		if got := d.Level(c.halves); got != c.level {
			t.Errorf("%s VP: %s, want %s", HalfPoints(c.halves), got, c.level)
		}
	}
}

// Table 1 (6.1): French CR / 4 rounded up.
func TestTable1_HandSize(t *testing.T) {
	d, p := campaign(t)
	if p.HandSize(d) != 3 {
		t.Errorf("12 CR: %d", p.HandSize(d))
	}
	p.CRs["Ga"].VM, p.CRs["An"].VM, p.CRs["Bea"].VM = 308, 308, 312
	if p.HandSize(d) != 3 {
		t.Errorf("9 CR: %d, 9/4 rounds up to 3", p.HandSize(d))
	}
	p.CRs["Fra"].NoMansLand = true
	if p.HandSize(d) != 2 {
		t.Errorf("8 CR: %d", p.HandSize(d))
	}
}

// 5.1, 8.1, 9.2: the modifier registry sums by roll with sources, and
// expires by its marks; the airstrip's status replaces its own.
func TestMods_RegistryBySourceAndExpiry(t *testing.T) {
	var m Mods
	m = m.Add(Mod{Source: "card 8", Roll: "rp", N: 1, Until: UntilTurnEnd})
	m = m.airstripMods("damaged")
	n, why := m.DRM("rp")
	if n != -1 || strings.Join(why, ", ") != "+1 card 8, -2 airstrip damaged" {
		t.Fatalf("%d %v", n, why)
	}
	m = m.airstripMods("destroyed").Expire(UntilTurnEnd)
	if n, why = m.DRM("rp"); n != -2 || len(why) != 1 || why[0] != "-2 airstrip destroyed" {
		t.Fatalf("%d %v", n, why)
	}
	if m.Expire(UntilTurnEnd).Expire(UntilRepair)[0].Until != Permanent {
		t.Error("a destroyed airstrip's -2 is for the rest of the game")
	}
}
