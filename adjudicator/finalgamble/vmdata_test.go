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
