package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

func init() { subcommands["budget"] = cmdBudget }

// cmdBudget times a title's legal tree and order application along played
// games (DESIGN: Performance budgets; issue 31):
//
//	umpire budget --title ID --scenario ID [--games N] [--seed S] [--policy aggressive|random|<title's>] [--standing] [--json]
func cmdBudget(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("budget", stderr)
	title := fs.String("title", "", "title `id`")
	scenario := fs.String("scenario", "", "scenario `id` (the title's first when empty)")
	games := fs.Int("games", 2, "number of `games`")
	seed := fs.Uint64("seed", 1, "chooser and dice `seed`")
	policy := fs.String("policy", "aggressive", "how sides choose: aggressive (prefers acting to passing), random, or a title's own (The Final Gamble: purposeful, purposeful-vm, purposeful-france)")
	standing := fs.Bool("standing", false, "both sides set the title's standing orders first")
	asJSON := fs.Bool("json", false, "print one JSON object")
	data := fs.String("data", "", "`dir`ectory with transcribed chart files")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the measured games to `file`")
	if err := parse(fs, args); err != nil {
		return err
	}
	ts, err := titles(*data)
	if err != nil {
		return err
	}
	rules, ok := ts[*title]
	if !ok {
		return adjudicator.UnknownTitle(*title)
	}
	if *scenario == "" {
		*scenario = rules.Info().Scenarios[0].ID
	}
	if _, err := rules.Setup(*scenario, nil); err != nil {
		return err
	}
	o := adjudicator.PlayoutOptions{Scenario: *scenario, Games: *games, Seed: *seed}
	pol, err := adjudicator.PolicyNamed(rules, *policy)
	if err != nil {
		return fmt.Errorf("--policy: %w", err)
	}
	if t, ok := rules.(adjudicator.PlayoutTuner); ok {
		t.TunePlayout(&o, *standing)
	}
	pol.Apply(&o)
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	st, err := adjudicator.MeasureBudget(rules, o, time.Now)
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(st)
	}
	fmt.Fprintf(stdout, "%d games of %s/%s (%s):\n  legal tree: %s\n  apply:      %s\n  slowest tree: %s\n  slowest order: %s\n",
		st.Games, *title, *scenario, *policy, st.Legal, st.Apply, st.SlowestLegal, st.SlowestApply)
	return nil
}
