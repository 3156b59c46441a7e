package adjudicator

import (
	"fmt"
	"io/fs"
	"testing"
	"testing/fstest"
	"time"
)

// DESIGN (Performance budgets): percentiles of measured durations.
func TestTimings_Percentiles(t *testing.T) {
	var d []time.Duration
	for i := 100; i >= 1; i-- {
		d = append(d, time.Duration(i)*time.Millisecond)
	}
	got := timingsOf(d)
	if got.N != 100 || got.P50 != 50*time.Millisecond || got.P99 != 99*time.Millisecond || got.Max != 100*time.Millisecond {
		t.Fatalf("timings of 1..100 ms: %+v", got)
	}
	if (timingsOf(nil) != Timings{}) {
		t.Fatal("no durations must give zero timings")
	}
}

// liarEnder says the toy game ends a move early: its Ended disagrees
// with its Prompt.
type liarEnder struct{ toy }

func (liarEnder) Ended(s State) (bool, *Result) {
	if s.(*toyState).Moves >= 5 {
		return true, &Result{Winner: "a", Reason: "six moves"}
	}
	return false, nil
}

// An honest Ender.
type toyEnder struct{ toy }

func (toyEnder) Ended(s State) (bool, *Result) {
	p := toy{}.Prompt(s)
	return p.Over, p.Result
}

// issue 31: Ender answers "is it over" without the prompt, and playouts
// check that it agrees with Prompt at every step.
func TestPlayout_EnderMustAgreeWithPrompt(t *testing.T) {
	st := Playout(liarEnder{}, PlayoutOptions{Scenario: "s", Games: 3, Seed: 1, TwinEvery: -1}, nil)
	if st.EndMismatches != 3 || st.Finished != 0 {
		t.Fatalf("a lying Ender must be caught in every game: %+v", st)
	}
	st = Playout(toyEnder{}, PlayoutOptions{Scenario: "s", Games: 3, Seed: 1, TwinEvery: -1}, nil)
	if st.EndMismatches != 0 || st.Finished != 3 {
		t.Fatalf("an honest Ender: %+v", st)
	}
	m, err := MeasureBudget(toyEnder{}, PlayoutOptions{Scenario: "s", Games: 2, Seed: 1}, func() time.Time { return time.Unix(0, 0) })
	if err != nil || m.Games != 2 || m.Apply.N != 12 || m.Legal.N != 12 {
		t.Fatalf("budget of two six-move games: %+v %v", m, err)
	}
}

// countingToy counts its legal trees.
type countingToy struct {
	toy
	n *int
}

func (c countingToy) Legal(s State, side Side) []Choice {
	*c.n++
	return c.toy.Legal(s, side)
}

// issue 31: a game builds a side's legal tree once per state (autocomplete
// asks on every keystroke), and anew once the state changes.
func TestGame_LegalTreeOncePerState(t *testing.T) {
	n := 0
	g, _, err := New(countingToy{n: &n}, Record{ID: "t", Seed: testSeed, Seats: map[Side]string{"a": "alice", "b": "bob"}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		g.Legal("a")
	}
	g.Legal("b")
	if n != 2 {
		t.Fatalf("%d trees built for two sides of one state", n)
	}
	st, err := g.Orders("alice", "a", []string{"add 1"}, "", time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	g.Commit(st)
	g.Legal("a")
	g.Legal("a")
	if n != 3 {
		t.Fatalf("%d trees: a new state must build its own once", n)
	}
}

// DataLoad: the embedded data when LoadTitles hands no directory, else the
// transcription read over it, named by its directory; a broken one is the
// title's error.
func TestDataLoad_EmbeddedOrTranscription(t *testing.T) {
	def := func() (string, error) { return "embedded", nil }
	over := func(data fs.FS, dir string) (string, error) {
		if _, err := fs.Stat(data, "bad.toml"); err == nil {
			return "", fmt.Errorf("%s/bad.toml:1: broken", dir)
		}
		return "over " + dir, nil
	}
	var got string
	load := DataLoad(def, over, func(d string) Rules { got = d; return toy{} })
	if _, err := load(nil, ""); err != nil || got != "embedded" {
		t.Fatalf("no directory: %q %v", got, err)
	}
	if _, err := load(fstest.MapFS{"map.toml": {}}, "DIR/toy"); err != nil || got != "over DIR/toy" {
		t.Fatalf("a transcription: %q %v", got, err)
	}
	if _, err := load(fstest.MapFS{"bad.toml": {}}, "DIR/toy"); err == nil || err.Error() != "DIR/toy/bad.toml:1: broken" {
		t.Fatalf("a broken transcription: %v", err)
	}
}
