package tonkin

import (
	"bytes"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Issue 30, item 3: an order may name a town wherever it names a hex, and
// is then the very order with the hex: same state, same events.
func TestPlaces_TownForHex(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1953")
	townOf := map[string]string{}
	for _, u := range r.d.Map.Urban {
		townOf[u.Hex] = strings.ReplaceAll(u.Name, " ", "_")
	}
	tried := 0
	for _, o := range adjudicator.Orders(adjudicator.WithoutStanding(r.Legal(s, VM))) {
		w := strings.Fields(o)
		if w[0] != "move" || len(w) != 3 || townOf[w[2]] == "" {
			continue
		}
		named := w[0] + " " + w[1] + " " + strings.ToLower(townOf[w[2]])
		a, ea, err1 := r.Apply(s, VM, o, adjudicator.NewStream(make([]byte, 32), 0))
		b, eb, err2 := r.Apply(s, VM, named, adjudicator.NewStream(make([]byte, 32), 0))
		if err1 != nil || err2 != nil {
			t.Fatalf("%q: %v; %q: %v", o, err1, named, err2)
		}
		ja, _ := a.Encode()
		jb, _ := b.Encode()
		if !bytes.Equal(ja, jb) || len(ea) != len(eb) {
			t.Fatalf("%q and %q differ", o, named)
		}
		tried++
		if tried == 5 {
			break
		}
	}
	if tried == 0 {
		t.Fatal("no VM move into a town to try")
	}
	if _, _, err := r.Apply(s, VM, "move 316/174 Nowhere_Town", adjudicator.NewStream(make([]byte, 32), 0)); err == nil {
		t.Fatal("an unknown town is not a hex")
	}
}

// No unit of any scenario is named as a town, so a town's name in an
// order never hides a unit.
func TestPlaces_TownNamesAreNoUnits(t *testing.T) {
	r := rules(t)
	for _, sc := range r.Info().Scenarios {
		s := setup(t, r, sc.ID)
		for _, u := range s.Units {
			if r.townHex(token(u.ID)) != "" {
				t.Errorf("%s: unit %s is named as a town", sc.ID, u.ID)
			}
		}
	}
}

// Issue 30, item 3: /map hex: tells what is in a hex as the asker's view
// shows it: a closed forest stack is its count alone to the FEF and the
// public (Basics: Stacking), its units to the VM; a town's hex names it.
func TestPlaces_DescribeAsTheViewShows(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1953")
	ref := r.View(s, adjudicator.Viewer{Referee: true}).Board.(BoardView)
	closed := 0
	for _, st := range r.View(s, adjudicator.ViewerOf(FEF)).Board.(BoardView).Stacks {
		if !st.Opaque {
			continue
		}
		closed++
		for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf(FEF)} {
			text, err := r.Describe(r.View(s, v), st.Hex)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(text, "closed to view") {
				t.Errorf("%s sees %s as: %s", v, st.Hex, text)
			}
			for _, rs := range ref.Stacks {
				for _, c := range rs.Counters {
					if rs.Hex == st.Hex && c.Label != "" && strings.Contains(text, " "+c.Label+" ") {
						t.Errorf("%s learns %s at %s: %s", v, c.Label, st.Hex, text)
					}
				}
			}
		}
		vm, _ := r.Describe(r.View(s, adjudicator.ViewerOf(VM)), st.Hex)
		if strings.Contains(vm, "closed to view") {
			t.Errorf("the VM cannot see into its own stack at %s: %s", st.Hex, vm)
		}
	}
	if closed == 0 {
		t.Fatal("no closed forest stack in the 1953 set-up")
	}
	if text, _ := r.Describe(r.View(s, adjudicator.Public), "Dien_Bien_Phu"); !strings.HasPrefix(text, "1203 Dien Bien Phu (town)") {
		t.Errorf("Dien Bien Phu: %s", text)
	}
}

// Issue 30, item 8: a unit named with its space (`lead 2/3 REI`) is
// refused saying how to write it (2/3_REI).
func TestPlaces_SpacedUnitNameHint(t *testing.T) {
	r := rules(t)
	s := setup(t, r, "1953")
	var id string
	for _, u := range s.Units {
		if u.Side == FEF && strings.Contains(u.ID, " ") && strings.Count(u.ID, " ") == 1 {
			id = u.ID
			break
		}
	}
	if id == "" {
		t.Fatal("no FEF unit with a space in its name")
	}
	got := spacedHint(s, FEF, append([]string{"lead"}, strings.Fields(id)...), 1)
	if want := " (a unit's name is written with _ for its spaces: " + token(id) + ")"; got != want {
		t.Errorf("hint %q, want %q", got, want)
	}
	if spacedHint(s, FEF, []string{"lead", "nobody", "here"}, 1) != "" {
		t.Error("a hint for no unit")
	}
}

// Issue 30, item 8: answering the leader question with a unit's name as
// printed (`lead 3 BPC`) is refused saying to write it 3_BPC.
func TestRule6_9_LeadAnswerWithASpacedNameSaysHowToWriteIt(t *testing.T) {
	r := rules(t)
	a, b := plain(t, r, "clear", "rough")
	bep, bpc := idOf(t, r, "BEP"), idOf(t, r, "BPC")
	reg, reg2 := idOf(t, r, "REG"), idOf(t, r, "REG", idOf(t, r, "REG"))
	s := opsState(t, r, VM, a, map[string]string{reg: a, reg2: a, bep: b, bpc: b})
	s.Standing = nil
	s1, _ := do(t, r, s, VM, "attack "+b)
	asked(t, r, s1, FEF, "6.9")
	if !strings.Contains(bpc, " ") {
		t.Fatalf("%q has no space", bpc)
	}
	refused(t, r, s1, FEF, "lead "+bpc, "the answer takes one word (a unit's name is written with _ for its spaces: "+token(bpc)+")")
	do(t, r, s1, FEF, "lead "+token(bpc), 6, 6, 6, 6)
	// issue 30, item 3: the question names the hex with its town
	c := *s1.Combat
	c.Target = "0919"
	if d, _ := r.askText(s1, &c); !strings.Contains(d, "attack of 0919 (Hanoi)") {
		t.Errorf("the question does not name Hanoi: %s", d)
	}
	if r.Gloss("0919") != "Hanoi" || r.Gloss("0101") != "" || r.Gloss("HO_1") != "" {
		t.Errorf("glosses: %q %q", r.Gloss("0919"), r.Gloss("0101"))
	}
}
