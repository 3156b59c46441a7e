package lostvalley

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/umpirebot/umpire/adjudicator/dataload"
)

func mustData(t testing.TB) *Data {
	t.Helper()
	d, err := Load()
	if err != nil {
		t.Fatalf("the embedded data: %v", err)
	}
	return d
}

// The embedded data loads, and what the rulebook does not print is
// marked reconstructed (issue 28 items 3 and 5).
func TestData_LoadsAndIsMarkedReconstructed(t *testing.T) {
	d := mustData(t)
	for name, p := range map[string]string{"board": d.Board.Provenance, "units": d.Units.Provenance, "cards": d.Cards.Provenance,
		"tracks": d.Tables.Tracks.Provenance, "rp": d.Tables.RP.Provenance, "sapping": d.Tables.Sapping.Provenance} {
		if p != dataload.Reconstructed {
			t.Errorf("%s is marked %q, not reconstructed", name, p)
		}
	}
	if len(d.Board.CRs) != 12 || len(d.Board.DZs) != 3 || len(d.Board.Divisions) != 4 || len(d.Board.TAORs) != 4 {
		t.Errorf("the board has %d CR, %d DZ, %d divisions, %d TAOR; 2.2 has 12, 3, 4, 4", len(d.Board.CRs), len(d.Board.DZs), len(d.Board.Divisions), len(d.Board.TAORs))
	}
	if len(d.Cards.Cards) != 45 {
		t.Errorf("%d cards: 44 and the optional 45", len(d.Cards.Cards))
	}
	for _, id := range []string{"campaign", "five-hills"} {
		if s := d.Scenario(id); s == nil {
			t.Errorf("no scenario %s", id)
		}
	}
	if s := d.Scenario("campaign"); s.LastTurn-s.FirstTurn+1 != 16 {
		t.Errorf("the campaign has %d turns, 3.0 says 16", s.LastTurn-s.FirstTurn+1)
	}
	if s := d.Scenario("five-hills"); s.LastTurn-s.FirstTurn+1 != 12 || len(s.VM) != 3 {
		t.Errorf("five hills: %d turns and %d VM CR; 3.0 says 12 turns after Anne-Marie, Béatrice and Gabrielle fell", s.LastTurn-s.FirstTurn+1, len(s.VM))
	}
}

// 2.5, 5.2-5.5: the seven printed fragments are kept as printed.
func TestData_Cards_PrintedFragmentsKept(t *testing.T) {
	d := mustData(t)
	for n, title := range map[int]string{5: "A Lull in the Battle", 13: "War is Made with Artillery", 16: "The Angel of Dien Bien Phu",
		21: "Cognitive dissonance", 45: "Operation Vulture"} {
		if c := d.Card(n); c == nil || c.Title != title || c.Printed == "" {
			t.Errorf("card %d: %+v, want the printed title %q marked printed", n, c, title)
		}
	}
	c16 := d.Card(16)
	if c16.AP != [2]int{3, 3} || !c16.Reserve || c16.Condition[0] != "turns 6-16" || c16.Phase != "immediate" {
		t.Errorf("card 16 (5.2, 5.3, 5.5, 5.6: 3 AP, Reserve, turns 6-16, immediate): %+v", c16)
	}
	c21 := d.Card(21)
	if !c21.OneTime || c21.Condition[0] != "vm_cr >= 2" || c21.Phase != "ap" {
		t.Errorf("card 21 (5.3, 5.4, 5.6: two or more VM CR, one-time, AP phase): %+v", c21)
	}
	if c43 := d.Card(43); c43.AP != [2]int{1, 3} || c43.Condition[0] != "none" {
		t.Errorf("card 43 (5.2, 5.3: 1-3 AP, no condition): %+v", c43)
	}
	if !d.Card(45).Optional {
		t.Error("card 45 is optional (19.1)")
	}
	if c := d.Card(5); !contains(c.Effects, "no_vm_assault") {
		t.Errorf("card 5 (11.1: the divisions count as not having assaulted): %v", c.Effects)
	}
	if c := d.Card(13); !contains(c.Effects, "sapping") {
		t.Errorf("card 13 (12.2: its targets are sapping's): %v", c.Effects)
	}
	if c := d.Card(11); !contains(c.Effects, "unit CMAA") {
		t.Errorf("card 11 (2.3.1.2: an ad hoc unit enters): %v", c.Effects)
	}
	// Every card's text a player sees says it is authored.
	for i := range d.Cards.Cards {
		if s := d.Describe(&d.Cards.Cards[i]); !strings.Contains(s, Authored) {
			t.Fatalf("card %d's text does not say it is authored: %s", d.Cards.Cards[i].Number, s)
		}
	}
}

// 20.1 and 20.2: the examples of play hold with the data.
func TestData_Section20ExamplesHold(t *testing.T) {
	d := mustData(t)
	tr := d.Tables.Tracks
	// 20.1: CM 7 gives -1, RP 17 gives 0; 6 BPC morale +3: a 6 passes.
	if tr.CM.DRM(7) != -1 || tr.RP.DRM(17) != 0 || d.Unit("6 BPC").DRM[2] != 3 {
		t.Fatalf("20.1: CM 7 %d, RP 17 %d, 6 BPC morale %d", tr.CM.DRM(7), tr.RP.DRM(17), d.Unit("6 BPC").DRM[2])
	}
	if 6+3-1+0 < d.Tables.MoraleCheck.Success {
		t.Error("20.1: a 6 should pass")
	}
	// 2.2.8: CM 6 -1, CM 16 +1, RP 26 +1, RP 5 -2, AAA 11 -3.
	for _, c := range []struct {
		t     Track
		v, dr int
	}{{tr.CM, 6, -1}, {tr.CM, 16, 1}, {tr.RP, 26, 1}, {tr.RP, 5, -2}, {tr.AAA, 11, -3}} {
		if got := c.t.DRM(c.v); got != c.dr {
			t.Errorf("track level %d: DRM %d, the rulebook says %d", c.v, got, c.dr)
		}
	}
	// 20.2: Huguette's defenders 5 BPVN +2, I/2 REI +2, 1 GAACEO +1,
	// CSM 272 0; the supporting guns +2 in all; fortifications 3.
	def := 0
	for _, id := range []string{"5 BPVN", "I/2 REI", "1 GAACEO", "CSM 272"} {
		def += d.Unit(id).DRM[1]
	}
	guns := d.Unit("1 CMMLE").DRM[1] + d.Unit("II/4 RAC").DRM[1]
	if def != 5 || guns != 2 {
		t.Fatalf("20.2: defenders %+d (want +5), guns %+d (want +2)", def, guns)
	}
	drm := 1 + def + 3 + guns + 1 - 10 // SITREP, units, forts, guns, 1 ASP, 308's strength
	if drm != 2 {
		t.Fatalf("20.2: the final DRM is %+d, the example says +2", drm)
	}
	r := d.Tables.VMAssault.Find(7 + drm)
	if r.Value != 1 || r.VM != 1 {
		t.Errorf("20.2: a modified 9 on Table 9 gives %+d/%+d, the example +1/+1", r.Value, r.VM)
	}
	fr := d.Tables.VMAssaultFrench.Find(2 + r.Value)
	if fr.Steps != 1 || !fr.RetreatQ || !fr.Counter || fr.Dis || fr.DisQ {
		t.Errorf("20.2: a modified 3 on Table 9.1 gives %+v, the example 1R?*", fr)
	}
	if vm := d.Tables.VMAssaultVM.Find(3 + r.VM); vm.Value != 2 {
		t.Errorf("20.2: a modified 4 on Table 9.2 costs %d levels, the example 2", vm.Value)
	}
	// The morale checks of 20.2: 5 BPVN passes on 5, I/2 REI on 7,
	// CSM 272 fails on 7; 1 CMMLE passes on 5, II/4 RAC fails on 3.
	mc := func(roll int, id string) bool { return roll+1+d.Unit(id).DRM[2] >= d.Tables.MoraleCheck.Success }
	if !mc(5, "5 BPVN") || !mc(7, "I/2 REI") || mc(7, "CSM 272") || !mc(5, "1 CMMLE") || mc(3, "II/4 RAC") {
		t.Error("20.2: the morale checks do not come out as in the example")
	}
	// I/2 REI has the highest morale among Huguette's infantry.
	for _, id := range []string{"5 BPVN", "CSM 272"} {
		if d.Unit(id).DRM[2] >= d.Unit("I/2 REI").DRM[2] {
			t.Errorf("20.2: %s's morale is not below I/2 REI's", id)
		}
	}
	// 19.4: 1 BPC's reduced side is 1/1/2.
	if d.Unit("1 BPC").Reduced != [3]int{1, 1, 2} {
		t.Errorf("19.4: 1 BPC reduced %v", d.Unit("1 BPC").Reduced)
	}
}

// 2.2.2, 2.2.3, 12.1, 12.2, 13.2, 14.2: the map's statements hold.
func TestData_Board_RulebookStatements(t *testing.T) {
	d := mustData(t)
	adj := func(a, b string) bool { return contains(d.Adjacent(a), b) }
	if !adj("Bea", "Do") || adj("Bea", "Ga") {
		t.Error("2.2.2: Béatrice is adjacent to Dominique but not to Gabrielle")
	}
	if !adj("Hu", "Fra") {
		t.Error("20.2: Françoise is adjacent to Huguette")
	}
	if !adj("Isa", "Cla") || !adj("Isa", "Eli") || len(d.Adjacent("Isa")) != 2 {
		t.Errorf("14.2: Isabelle's lines go to Claudine and Eliane only: %v", d.Adjacent("Isa"))
	}
	in := func(div int, cr string) bool { return len(d.taor[div][cr]) > 0 }
	if !in(308, "Ga") || !in(312, "Bea") {
		t.Error("2.2.3: Gabrielle is in 308's TAOR, Béatrice in 312's")
	}
	for _, v := range []int{304, 308, 312, 316} {
		if !in(v, "PC") {
			t.Errorf("2.2.3: PC GONO is not on %d's TAOR", v)
		}
	}
	g := d.taor[308]
	if !contains(g["An"], "Fra") || !contains(g["An"], "Hu") || !contains(g["Ga"], "An") || !contains(g[Start], "Ga") {
		t.Error("12.1, 12.2: 308's path runs start-Gabrielle-Anne-Marie to Françoise and Huguette")
	}
	for _, id := range []string{"An", "Bea", "Fra", "Ga"} {
		if !d.CR(id).Bombard {
			t.Errorf("8.1: %s bears the airstrip bombardment icon", id)
		}
	}
	if d.CR("Hu").Stars != 2 || !d.CR("Hu").Airstrip || !d.CR("PC").PC || !d.CR("Isa").Encircle {
		t.Error("2.2.4.1, 2.2.1.5, 2.2.4.4, 12.2.2: Huguette's two stars and airstrip, PC GONO, Isabelle's encircled icon")
	}
}

// A transcribed deck in the data directory replaces the authored one:
// its cards no longer say they are authored; a broken card file is
// refused with file, line and field.
func TestData_TranscribedDeckReplacesAndBrokenOneIsRefused(t *testing.T) {
	emb, _ := fs.Sub(embedded, "data")
	raw, err := fs.ReadFile(emb, "cards.toml")
	if err != nil {
		t.Fatal(err)
	}
	transcribed := strings.Replace(string(raw), `provenance = "reconstructed"`, `provenance = "rulebook"`, 1)
	transcribed = strings.Replace(transcribed, `title = "Fog over the Valley"`, `title = "The Printed 43"`, 1)
	d, err := LoadOver(fstest.MapFS{"cards.toml": {Data: []byte(transcribed)}}, "ops/lostvalley")
	if err != nil {
		t.Fatalf("the transcription: %v", err)
	}
	if c := d.Card(43); c.Title != "The Printed 43" || strings.Contains(d.Describe(c), Authored) {
		t.Errorf("the transcribed card 43: %s", d.Describe(c))
	}
	broken := strings.Replace(string(raw), `phase = "sapping"`, `phase = "lunch"`, 1)
	broken = strings.Replace(broken, `effects = ["aaa 1"]`, `effects = ["aaa 9"]`, 1)
	_, err = LoadOver(fstest.MapFS{"cards.toml": {Data: []byte(broken)}}, "ops/lostvalley")
	var es dataload.Errors
	if !errors.As(err, &es) || len(es) != 2 {
		t.Fatalf("the broken deck: %v", err)
	}
	if e := es[0]; e.File != "ops/lostvalley/cards.toml" || e.Line == 0 || e.Where != "card 1" || e.Field != "phase" || !strings.Contains(e.Msg, `"lunch"`) {
		t.Errorf("the fault: %+v", *e)
	}
	if e := es[1]; e.Where != "card 9" || e.Field != "effects[0]" || !strings.Contains(e.Msg, "-5 to 5") {
		t.Errorf("the fault: %+v", *e)
	}
}
