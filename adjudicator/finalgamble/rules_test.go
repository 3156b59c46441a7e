package finalgamble

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

func rules(t testing.TB) *Rules { return &Rules{D: mustDefault(t)} }

// The title is registered and plays scenarios A-D, each opening on
// France's set-up (9.0-C: France sets up first, 9.0-G).
func TestRule9_0_RegisteredAndSetUp(t *testing.T) {
	if !slices.Contains(adjudicator.TitleIDs(), ID) {
		t.Fatal("finalgamble is not registered")
	}
	r := rules(t)
	info := r.Info()
	if info.Preview || len(info.Scenarios) != 4 || !info.HasSide(French) || !info.HasSide(VM) {
		t.Fatalf("info %+v", info)
	}
	for _, sc := range info.Scenarios {
		if !strings.Contains(sc.Turns, "12-14 May") {
			t.Errorf("scenario %s: turns %q", sc.ID, sc.Turns)
		}
	}
	for _, id := range ScenarioIDs {
		s, err := r.Setup(strings.ToLower(id), adjudicator.Options{"creator": "alice"})
		if err != nil {
			t.Fatal(err)
		}
		p := r.Prompt(s)
		want := French
		if len(p.Awaiting) != 1 || p.Awaiting[0] != want || p.Over || p.Default == "" {
			t.Errorf("scenario %s: prompt %+v", id, p)
		}
		if len(r.Legal(s, want)) < 2 {
			t.Errorf("scenario %s: no legal orders for %s", id, want)
		}
	}
	if _, err := r.Setup("E", nil); err == nil || !strings.Contains(err.Error(), "A, B, C and D") {
		t.Errorf("scenario E: %v", err)
	}
}

// A refused order says why and changes nothing; the side not awaited is
// refused, the referee's bad override too.
func TestRefusalChangesNothing(t *testing.T) {
	r := rules(t)
	s, _ := r.Setup("A", nil)
	before, _ := s.Encode()
	for _, c := range []struct {
		side  adjudicator.Side
		order string
		why   string
	}{
		{VM, "place 308-80 0101", "France's decision"},
		{French, "place 1BEP-1 0101", "cannot be set up at 0101"},
		{French, "fly away", "in 9.0-C write"},
		{adjudicator.Referee, "override nothing", "the forms are"},
	} {
		ns, ev, err := r.Apply(s, c.side, c.order, nil)
		var oe *adjudicator.OrderError
		if ns != nil || ev != nil || !errors.As(err, &oe) || !strings.Contains(oe.Reason, c.why) {
			t.Errorf("%s %q: %v %v %v", c.side, c.order, ns, ev, err)
		}
	}
	after, _ := s.Encode()
	if !bytes.Equal(before, after) {
		t.Error("a refused order changed the state")
	}
}

// A state encodes the same every time and decodes to itself.
func TestStateRoundTrip(t *testing.T) {
	r := rules(t)
	for _, id := range ScenarioIDs {
		s, _ := r.Setup(id, nil)
		a, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := s.Encode()
		d, err := r.Decode(a)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := d.Encode()
		if !bytes.Equal(a, b) || !bytes.Equal(a, c) {
			t.Errorf("scenario %s: the encoding is not stable", id)
		}
	}
	if _, err := r.Decode([]byte(`{"scenario":"Z"}`)); err == nil {
		t.Error("a state of no scenario decodes")
	}
	if _, err := r.Decode([]byte(`{`)); err == nil {
		t.Error("broken JSON decodes")
	}
}

// /game status lists every track, the Trench Markers, the flags and the
// boxes, and says the rules of play come next.
func TestStatusListsTheTracks(t *testing.T) {
	r := rules(t)
	s, _ := r.Setup("C", nil)
	v := r.View(s, adjudicator.Public)
	all := strings.Join(v.Status, "\n")
	for _, want := range []string{"Turn 8 (3-5 April, Rain)", "Strongpoints Track 31", "Strongpoints Taken 7", "French Ammunition", "VM Ammunition",
		"Fuel & Spares", "Truck marker", "Food & Bullets", "Medicine", "VM Replacement Track", "VM Division Morale", "Reinforcements Available",
		"Trench Markers: 4z-308 (Dig 5z-308)", "French flags: E1", "Condor Force: 12",
		"VM Artillery Zone Markers: Zone×10, HW Zone×4", "Hanoi Airbase: Replacement, Ammo×10", "Commando: Commando"} {
		if !strings.Contains(all, want) {
			t.Errorf("status lacks %q:\n%s", want, all)
		}
	}
	// nothing is hidden but the dice: every viewer sees the same, a side
	// its own standing orders besides (TestStatus_StandingOrdersAreTheSidesOwn)
	for _, vw := range []adjudicator.Viewer{adjudicator.ViewerOf(French), adjudicator.ViewerOf(VM), {Referee: true}} {
		var lines []string
		for _, l := range r.View(s, vw).Status {
			if !strings.HasPrefix(l, "Your standing orders: ") {
				lines = append(lines, l)
			}
		}
		if got := strings.Join(lines, "\n"); got != all {
			t.Errorf("%s sees another status", vw)
		}
	}
}

// An operator's transcription in <data>/finalgamble/ (the subdirectory
// adjudicator.LoadTitles hands the title) replaces an embedded file; a
// broken one is refused naming its path, line and field.
func TestOperatorDataOverride(t *testing.T) {
	fsys := files(t)
	text := strings.Replace(string(fsys["charts.toml"].Data), `dry = ["all", "all", "all", "all", "1"`, `dry = ["all", "all", "all", "all", "one"`, 1)
	_, err := load(fstestMap(map[string]string{"charts.toml": text}), "ops/finalgamble")
	if err == nil || !strings.Contains(err.Error(), "ops/finalgamble/charts.toml:") || !strings.Contains(err.Error(), "field dry[4]") {
		t.Fatalf("broken transcription: %v", err)
	}
	r, err := load(fstestMap(map[string]string{"charts.toml": string(fsys["charts.toml"].Data)}), "ops/finalgamble")
	if err != nil || r.Info().ID != ID {
		t.Fatalf("a good transcription: %v", err)
	}
	if r, err := load(nil, ""); err != nil || r.Info().ID != ID {
		t.Fatalf("no transcription, the embedded data: %v", err)
	}
}

// A state that says odd things (a slot off a track, a turn off the
// calendar) is shown, never a panic.
func TestOddStateDoesNotPanic(t *testing.T) {
	r := rules(t)
	st, err := r.Decode([]byte(`{"scenario":"A","seg":"2.1","turn":99,"hq":-3,"division_morale":{"308":77},"tracks":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	v := r.View(st, adjudicator.Public)
	if len(v.Status) == 0 || !strings.Contains(strings.Join(v.Status, "\n"), "Turn 99") {
		t.Errorf("status %v", v.Status)
	}
}
