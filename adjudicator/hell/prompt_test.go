package hell

import (
	"strings"
	"testing"
)

// Issue 15, item 3: a prompt names only the orders legal now; the VM's
// public prompt names them from public facts only (invariant 1).
func TestPrompt_Issue15_NamesOnlyLegalOrders(t *testing.T) {
	// 3.1: no barrage point received this turn: no `trade`.
	s := board(t, VM, StepMove)
	s.Phase, s.TradePoints = PhaseVMReorg, 0
	if d := testRules.Prompt(s).Decision; strings.Contains(d, "trade") || !strings.Contains(d, "`done`") {
		t.Fatalf("3.1 with nothing to trade: %q", d)
	}
	s.TradePoints, s.VMMunitions = 1, 3
	if d := testRules.Prompt(s).Decision; !strings.Contains(d, "trade") {
		t.Fatalf("3.1 with a point to trade: %q", d)
	}
	// The French combat step with nothing to attack or fire at: `done`.
	s = board(t, French, StepCombat)
	if d := testRules.Prompt(s).Decision; d != "`done`" {
		t.Fatalf("French combat with nothing to attack: %q", d)
	}
	// With a designated VM PA to attack: `attack`, not zone `fire`.
	s.Captured["H7"] = true
	putV(s, "H7", "316/176/888")
	putF(s, "H6", "1/2REI-1")
	designate(s, "H7")
	if d := testRules.Prompt(s).Decision; !strings.Contains(d, "`attack <PA>") || strings.Contains(d, "`fire <zone>") {
		t.Fatalf("French combat with H7 to attack: %q", d)
	}
	// The third impulse: no `continue`.
	s = board(t, VM, StepNext)
	s.Impulse = 3
	if d := testRules.Prompt(s).Decision; strings.Contains(d, "continue") {
		t.Fatalf("impulse 3 offers continue: %q", d)
	}
	// The VM's engagement prompt is the same whatever its counters.
	a, b := board(t, VM, StepEngage), board(t, VM, StepEngage)
	putV(b, "JZ1", "308/88/23")
	b.VM["308/88/23"].Engaged, b.VM["308/88/23"].Revealed = false, false
	if testRules.Prompt(a).Decision != testRules.Prompt(b).Decision {
		t.Fatalf("the VM's public prompt depends on its hidden counters: %q / %q", testRules.Prompt(a).Decision, testRules.Prompt(b).Decision)
	}
}
