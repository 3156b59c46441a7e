package finalgamble

import (
	"strings"
	"testing"
)

// 3.1: "No more than one may be used per VM Regiment and no more than four
// in total" (7.3: "up to 4 Support Mortars"): four assaults of four
// regiments in VM LoC each take one; a fifth regiment's finds none left.
func TestRule3_1_FourSupportMortars(t *testing.T) {
	r := rules(t)
	s := at(t, r, "A", "3.1", roll())
	seen := map[string]bool{}
	var ids []string
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != "VM" || !u.onMap() || seen[r.regiment(u)] || !r.vmLoC(s, u) {
			continue
		}
		seen[r.regiment(u)] = true
		ids = append(ids, u.ID)
		s.Assaults = append(s.Assaults, Assault{Unit: u.ID, From: u.Place(), Target: u.Place(), Marker: "assault"})
		if len(ids) == 5 {
			break
		}
	}
	if len(ids) < 5 {
		t.Fatalf("only %d regiments in VM LoC", len(ids))
	}
	for _, id := range ids[:4] {
		if !inTree(r.Legal(s, VM), "mortars "+id) {
			t.Fatalf("Support Mortars for %s (%d placed) not offered", id, len(s.Mortars))
		}
		s, _ = apply(t, r, s, VM, "mortars "+id, roll())
	}
	if len(s.Mortars) != 4 {
		t.Fatalf("%d Support Mortars placed, want 4", len(s.Mortars))
	}
	if inTree(r.Legal(s, VM), "mortars "+ids[4]) {
		t.Fatal("a fifth Support Mortar offered")
	}
	refused(t, r, s, VM, "mortars "+ids[4], "")
}

// Playing the Viet Minh: "79 replacements seem to be a lot. But it only
// means 3-4 replacements per Game Turn": the VM Replacement Track holds
// 79 in scenario A, and every scenario starts with 3-4 points for each
// Game Turn it has left (5.2-C spends them).
func TestRule5_2_SeventyNineReplacements(t *testing.T) {
	r := rules(t)
	turns := len(r.D.Tracks.GameTurn.Turns)
	for _, sc := range ScenarioIDs {
		s0, err := r.Setup(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := s0.(*State)
		pts, left := s.Tracks["vm_replacements"], turns-s.Turn+1
		if sc == "A" && pts != 79 {
			t.Errorf("scenario A starts with %d replacement points, want the 79 of Playing the Viet Minh", pts)
		}
		if per := float64(pts) / float64(left); per < 3 || per > 4 {
			t.Errorf("scenario %s: %d points for %d turns, %.2f a turn, not 3-4", sc, pts, left, per)
		}
	}
	for _, tr := range r.D.Tracks.Tracks {
		if tr.ID == "vm_replacements" && (tr.Max < 79 || !strings.Contains(tr.Source, "79")) {
			t.Errorf("the VM Replacement Track runs to %d, source %q", tr.Max, tr.Source)
		}
	}
}

// 5.1-C, RULINGS F42: "VM has a Morale Check every second Game Turn"
// (Playing France), and Béatrice and Gabrielle taken in the first turn
// "will keep your soldiers in good mood for five game turns" (Playing the
// Viet Minh): the MC boxes two turns apart, and 7 points taken in turn 1
// despair first at turn 5's check.
func TestRule5_1C_MoraleCheckEverySecondTurn(t *testing.T) {
	r := rules(t)
	var mcs []int
	for i, tn := range r.D.Tracks.GameTurn.Turns {
		if tn.MC {
			mcs = append(mcs, i+1)
		}
	}
	if len(mcs) < 2 {
		t.Fatalf("MC boxes on turns %v", mcs)
	}
	for i := 1; i < len(mcs); i++ {
		if mcs[i]-mcs[i-1] != 2 {
			t.Fatalf("MC boxes on turns %v: not every second turn", mcs)
		}
	}
	if last := len(r.D.Tracks.GameTurn.Turns); last-mcs[len(mcs)-1] >= 2 || mcs[0] > 3 {
		t.Fatalf("MC boxes on turns %v: a stretch of two turns without one at an end of the %d", mcs, last)
	}
	var gab, bea int
	for _, sp := range r.D.Map.DBP.Strongs {
		switch sp.Code {
		case "GAB":
			gab = sp.Points()
		case "BEA":
			bea = sp.Points()
		}
	}
	taken, first := gab+bea, 0
	for turn := 1; turn <= len(r.D.Tracks.GameTurn.Turns) && first == 0; turn++ {
		if r.D.Tracks.GameTurn.Turns[turn-1].MC {
			var despair bool
			if taken, despair = Despair(taken); despair {
				first = turn
			}
		}
	}
	if first != 5 {
		t.Errorf("Béatrice and Gabrielle (%d points) taken in turn 1: the first despair at turn %d, want 5 (five turns of good mood)", gab+bea, first)
	}
}
