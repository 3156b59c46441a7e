package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Final Gamble, issues 26 and 27 ("done when", tried as a new user
// would): /game new creates a game of each scenario A-D, /game status
// lists the tracks, the prompt awaits the VM's 2.1 (A) or France's
// Wounded Square pick (B-D), an order out of turn is refused saying
// whose decision it is, `umpire render` draws each scenario's start
// whole and in a close-up.
func TestFinalGamble_NewGameEveryScenario(t *testing.T) {
	dir := t.TempDir()
	for _, sc := range []string{"A", "B", "C", "D"} {
		t.Run(sc, func(t *testing.T) {
			script := filepath.Join(dir, sc+".txt")
			os.WriteFile(script, []byte(strings.Join([]string{
				"@alice /game new title:finalgamble scenario:" + sc + " french:@alice vm:@bob",
				"@bob /game accept",
				"@carol /game status",
				`@alice /order text:"move 1BEP-1 E2"`,
			}, "\n")+"\n"), 0o644)
			db := filepath.Join(dir, sc+".db")
			out, errs, code := umpire(t, "play", "--db", db, "--script", script, "--maps=false")
			if code != 0 {
				t.Fatalf("play: exit %d: %s\n%s", code, errs, out)
			}
			for _, want := range []string{
				"[channel] New game g1: Dien Bien Phu: The Final Gamble, scenario " + sc + ".",
				"Turn ",
				"[@carol] Tracks: Strongpoints Track ",
				"Strongpoints Taken", "French Ammunition", "VM Ammunition", "Fuel & Spares", "Food & Bullets", "Medicine", "VM Replacement Track",
				"[@carol] VM Division Morale: ",
				"[@carol] Trench Markers: ",
				`[@alice] Refused: "move 1BEP-1 E2" refused: `,
			} {
				if !strings.Contains(out, want) {
					t.Errorf("no %q in:\n%s", want, out)
				}
			}
			for _, region := range []string{"", "eliane"} {
				png1 := filepath.Join(dir, sc+region+".png")
				args := []string{"render", "--db", db, "--out", png1}
				if region != "" {
					args = append(args, "--region", region)
				}
				if _, errs, code := umpire(t, args...); code != 0 {
					t.Fatalf("render %q: exit %d: %s", region, code, errs)
				}
				b, _ := os.ReadFile(png1)
				im, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				if w := im.Bounds().Dx(); region == "" && w < 1500 || region != "" && w > 320 {
					t.Errorf("render %q: %d px wide", region, w)
				}
			}
		})
	}
}
