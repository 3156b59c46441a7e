package tonkin

import (
	"strings"
	"testing"
)

// 3.2, 3.3 with RULINGS T58 (AUDIT row 100): replacing regiment steps in a
// closed forest stack tells the FEF what the rules show it (a counter
// leaving the stack for the open dead box; the replacement track spent),
// not which regiment there was short of steps, nor where a replacement
// point went. The twins replace one and two steps, in one regiment or two,
// and read the same to the FEF.
func TestRule3_2_3_3_ReplacementInAClosedStackTellsNothing(t *testing.T) {
	r := rules(t)
	forest := ""
	for id := range r.hexes {
		if r.Opaque(id) && !r.enemyAt(setup(t, r, "1950"), VM, id) && r.near3(setup(t, r, "1950"), id, []string{r.urban["Thai Nguyen"].Hex}) {
			if forest == "" || id < forest {
				forest = id
			}
		}
	}
	if forest == "" {
		t.Fatal("no forest hex near Thai Nguyen")
	}
	twin := func(steps57, steps66 int, order string) (string, string) {
		s := reinState(t, r, VM)
		g := s.unit(idOf(t, r, "VMG"))
		a, b := s.unit("304/57"), s.unit("304/66")
		g.Loc, a.Loc, a.Steps = forest, forest, steps57
		b.Loc, b.Steps = "0101", steps66
		_, f, v := pub(t, r, s, VM, strings.ReplaceAll(order, "G", token(g.ID)))
		return f, v
	}
	f1, v1 := twin(1, 4, "replace G 304/57")
	f2, _ := twin(3, 4, "replace G 304/57")
	if f1 != f2 {
		t.Errorf("the FEF tells 2 steps from 1:\n%s\n%s", f1, f2)
	}
	has(t, f1, "3.2: a VM-group leaves the VM stack at "+forest+" (in forest) for the dead box.")
	if strings.Contains(f1, "304/57") || strings.Contains(f1, "replace") {
		t.Errorf("the FEF hears what the group replaced: %s", f1)
	}
	has(t, v1, "304/57 +2")
	// 3.3: a replacement point spent in the closed stack
	s := reinState(t, r, VM)
	u := s.unit("304/57")
	u.Loc, u.Steps = forest, 2
	s.VMRepl, s.VMEquipH = 2, 4
	_, f, v := pub(t, r, s, VM, "replace 304/57")
	if strings.Contains(f, forest) || strings.Contains(f, "304/57") {
		t.Errorf("the FEF learns where a replacement point went: %s", f)
	}
	has(t, f, "3.3: the VM replaces regiment steps in a stack closed to view.")
	has(t, v, "304/57")
}
