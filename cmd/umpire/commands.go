package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/render"
	"github.com/umpirebot/umpire/storage"
)

var errUsage = errors.New("usage")

// maps makes the map renderer for the loaded titles; nil until package
// render is linked in (render.go sets it).
var maps func(ts map[string]adjudicator.Rules) (bot.Mapper, error)

// openGame opens a database that must exist and picks a game in it: the
// one named, or the only one.
func openGame(dbPath, game string) (*storage.DB, string, error) {
	if _, err := os.Stat(dbPath); err != nil {
		return nil, "", fmt.Errorf("no database at %s: %w", dbPath, err)
	}
	// Read-only: never writes the file, and several tools may read at
	// once (bbolt's lock still keeps them out while the bot writes it).
	db, err := storage.OpenReadOnly(dbPath)
	if err != nil {
		return nil, "", err
	}
	if game != "" {
		return db, game, nil
	}
	ids, err := db.Games()
	if err == nil {
		switch len(ids) {
		case 0:
			err = fmt.Errorf("%s holds no game", dbPath)
		case 1:
			return db, ids[0], nil
		default:
			err = fmt.Errorf("%s holds %d games (%s): name one with --game", dbPath, len(ids), strings.Join(ids, ", "))
		}
	}
	db.Close()
	return nil, "", err
}

// titles loads every registered title's rules (cmd/umpire/titles.go);
// dataDir, if set, holds an operator's transcription of printed charts
// replacing embedded files (a title reads its own subdirectory if there is
// one).
func titles(dataDir string) (map[string]adjudicator.Rules, error) {
	if dataDir == "" {
		return adjudicator.LoadTitles(nil, "")
	}
	st, err := os.Stat(dataDir)
	if err != nil || !st.IsDir() {
		return nil, fmt.Errorf("--data %s: not a readable directory", dataDir)
	}
	return adjudicator.LoadTitles(os.DirFS(dataDir), dataDir)
}

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("umpire "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	return nil
}

func cmdPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("play", stderr)
	dbPath := fs.String("db", "umpire.db", "bbolt database `file` (created 0600); a --script without --db plays into a database of its own, deleted at the end")
	seed := fs.Int64("seed", 0, "derive new games' dice seeds from `N` (tests and demos only; 0: secret random seeds, or a script's \"# seed: N\" line)")
	out := fs.String("out", "umpire-out", "`dir`ectory for map images")
	script := fs.String("script", "", "read commands from `file` instead of stdin (not interactive)")
	mods := fs.String("mods", "mod", "comma-separated `users` who are moderators")
	data := fs.String("data", "", "`dir`ectory with a subdirectory per title (DIR/tonkin/charts.toml ...) of transcribed files replacing the embedded ones")
	drawMaps := fs.Bool("maps", true, "draw and post map images (false: text only, for fast replays of long scripts)")
	clock := fs.String("clock", "", "a fake clock starting at `time` (RFC 3339, e.g. 2026-01-01T00:00Z) that moves only with the console's /clock advance:25h (tests and demos of deadlines)")
	if err := parse(fs, args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var in io.Reader = stdin
	if *script != "" {
		b, err := os.ReadFile(*script)
		if err != nil {
			return err
		}
		in = bytes.NewReader(b)
		// A demo says the seed (and clock) its moves were written to.
		h, err := scriptHeader(b)
		if err != nil {
			return fmt.Errorf("%s: %w", *script, err)
		}
		if !set["seed"] && h.seed != 0 {
			*seed = h.seed
		}
		if !set["clock"] && h.clock != "" {
			*clock = h.clock
		}
	}
	ts, err := titles(*data)
	if err != nil {
		return err
	}
	if *script != "" && !set["db"] {
		// A script never plays into the games of the current folder's
		// umpire.db: without --db it gets a database of its own, gone at
		// the end, and its maps a folder of their own.
		tmp, err := os.MkdirTemp("", "umpire-script-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		*dbPath = filepath.Join(tmp, "script.db")
		if !set["out"] {
			*out = filepath.Join(*out, strings.TrimSuffix(filepath.Base(*script), filepath.Ext(*script)))
		}
		fmt.Fprintf(stderr, "umpire play: the script plays into a database of its own, deleted at the end (--db FILE keeps its game); maps go to %s\n", *out)
	}
	db, err := storage.Open(*dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := &bot.Service{DB: db, Titles: ts, Mods: map[string]bool{}}
	for _, m := range strings.Split(*mods, ",") {
		if m = strings.TrimPrefix(strings.TrimSpace(m), "@"); m != "" {
			svc.Mods[m] = true
		}
	}
	if *seed != 0 {
		svc.Seed = bot.DemoSeed(*seed)
	}
	var fake *bot.Clock
	if *clock != "" {
		t, err := parseClock(*clock)
		if err != nil {
			return err
		}
		fake = bot.NewClock(t)
		svc.Now = fake.Now
	}
	if maps != nil && *drawMaps {
		if svc.Maps, err = maps(ts); err != nil {
			return err
		}
		q := render.NewQueue(svc.Maps.PNG, 256, 1)
		defer q.Close()
		svc.Queue = q
	}
	con := &bot.Console{Service: svc, Channel: "console", Out: stdout, OutDir: *out, Clock: fake}
	if *script != "" {
		con.Echo = true
		con.StopOnRefusedNew = true
	} else {
		con.Interactive = true
		fmt.Fprintf(stdout, "umpire: games are kept in %s (--db FILE for another); leave with /quit or Ctrl-D; @alice /help lists what you may order.\n", *dbPath)
	}
	return con.Run(in)
}

// header is what a script's leading comment lines say about how to run
// it: "# seed: 55" (the dice its moves were written to) and
// "# clock: 2026-01-01T00:00Z" (a fake clock's start).
type header struct {
	seed  int64
	clock string
}

// scriptHeader reads the "# seed:" and "# clock:" lines of the comment
// block before a script's first command.
func scriptHeader(b []byte) (header, error) {
	var h header
	for n, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if !strings.HasPrefix(l, "#") {
			break
		}
		key, val, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(l, "#")), ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch strings.TrimSpace(key) {
		case "seed":
			v, err := strconv.ParseInt(val, 10, 64)
			if err != nil || v == 0 {
				return h, fmt.Errorf("line %d: \"# seed: %s\" is not a seed; give a non-zero whole number (# seed: 55)", n+1, val)
			}
			h.seed = v
		case "clock":
			if _, err := parseClock(val); err != nil {
				return h, fmt.Errorf("line %d: %w", n+1, err)
			}
			h.clock = val
		}
	}
	return h, nil
}

// parseClock reads --clock: RFC 3339, with or without seconds.
func parseClock(v string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04Z07:00", "2006-01-02"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("--clock %q: give a time like 2026-01-01T00:00Z (RFC 3339)", v)
}

func cmdExport(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("export", stderr)
	dbPath := fs.String("db", "umpire.db", "bbolt database `file`")
	game := fs.String("game", "", "game `id` (may be omitted when the file holds one game)")
	if err := parse(fs, args); err != nil {
		return err
	}
	db, id, err := openGame(*dbPath, *game)
	if err != nil {
		return err
	}
	defer db.Close()
	rec, err := db.Record(id)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(rec)
}

func cmdVerify(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("verify", stderr)
	data := fs.String("data", "", "`dir`ectory with transcribed chart files (as the game was played with)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: umpire verify RECORD.json")
		return errUsage
	}
	b, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	rec, err := adjudicator.ParseRecord(b)
	if err != nil {
		return fmt.Errorf("%s is not a game record: %w", fs.Arg(0), err)
	}
	ts, err := titles(*data)
	if err != nil {
		return err
	}
	findings := adjudicator.Verify(ts[rec.Title], rec) // nil rules: an unknown title is a finding
	if len(findings) > 0 {
		for _, f := range findings {
			fmt.Fprintf(stderr, "%s: %s\n", f.Check, f)
		}
		return fmt.Errorf("%s does not verify: %d finding(s)", fs.Arg(0), len(findings))
	}
	rolls := 0
	for _, e := range rec.Entries {
		rolls += len(e.Rolls)
	}
	res := adjudicator.FinalResult(rec)
	if res == nil {
		res = &adjudicator.Result{}
	}
	winner := "no winner"
	if res.Winner != "" {
		winner = string(res.Winner) + " wins"
	}
	fmt.Fprintf(stdout, "OK: game %s, %d entries, %d rolls re-derived from the seed; the seed matches its commitment %s; the log replays through the rules of %s, and the game ended as recorded: %s (%s).\n",
		rec.ID, len(rec.Entries), rolls, rec.Commitment, rec.Title, winner, res.Reason)
	return nil
}

func cmdPlayout(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("playout", stderr)
	title := fs.String("title", "", "title `id` (needed when this umpire plays several)")
	scenario := fs.String("scenario", "full-battle", "scenario `id`")
	games := fs.Int("games", 100, "number of `games`")
	seed := fs.Uint64("seed", 1, "chooser and dice `seed`")
	asJSON := fs.Bool("json", false, "print one JSON object")
	policy := fs.String("policy", "random", "how sides choose: `random` (uniform over the legal tree), aggressive (prefers acting to passing), or a title's own (The Final Gamble: purposeful, purposeful-vm, purposeful-france)")
	standing := fs.Bool("standing", false, "both sides set standing orders first (losses, conversions, morale checks, defensive fire and movement answered without a round trip)")
	data := fs.String("data", "", "`dir`ectory with transcribed chart files")
	twins := fs.Int("twins", 64, "simulate a restart every `N` orders on average: a twin loaded from a snapshot must go on exactly as the live game (0: off)")
	maxMedian := fs.Float64("max-handoffs", 0, "fail when the median game's hand-offs per week exceed `N` (0: no limit; issue 15)")
	profile := fs.String("profile", "", "the games' standing option, as /game new records it: `default` (the sides start from the title's standing profile), ask (every key at ask), both (the same games under each, and their hand-offs side by side); empty: games made without the option")
	if err := parse(fs, args); err != nil {
		return err
	}
	ts, err := titles(*data)
	if err != nil {
		return err
	}
	if *title == "" {
		if ids := adjudicator.TitleIDs(); len(ids) == 1 {
			*title = ids[0]
		}
	}
	rules, ok := ts[*title]
	if !ok {
		return adjudicator.UnknownTitle(*title)
	}
	if rules.Info().Preview {
		return fmt.Errorf("title %s is a preview: its board is drawn but its rules of play come with a later release, so there is nothing to play out", *title)
	}
	if _, err := rules.Setup(*scenario, nil); err != nil {
		return err
	}
	o := adjudicator.PlayoutOptions{Scenario: *scenario, Games: *games, Seed: *seed, TwinEvery: *twins}
	if *twins <= 0 {
		o.TwinEvery = -1
	}
	pol, err := adjudicator.PolicyNamed(rules, *policy)
	if err != nil {
		return fmt.Errorf("--policy: %w", err)
	}
	if t, ok := rules.(adjudicator.PlayoutTuner); ok {
		t.TunePlayout(&o, *standing)
	}
	if *policy != "random" {
		pol.Apply(&o) // random is the playout's own tree walk
	}
	var profiles []string
	switch *profile {
	case "":
		profiles = []string{""}
	case adjudicator.StandingDefault, adjudicator.StandingAsk:
		profiles = []string{*profile}
	case "both":
		profiles = []string{adjudicator.StandingDefault, adjudicator.StandingAsk}
	default:
		return fmt.Errorf("--profile is default, ask or both, not %q", *profile)
	}
	if _, ok := rules.(adjudicator.StandingProfiler); !ok && *profile != "" {
		return fmt.Errorf("title %s has no standing profile: leave --profile out", *title)
	}
	var compare []string
	var failed error
	period := ""
	for _, pr := range profiles {
		o := o
		if pr != "" {
			o.Options = adjudicator.Options{adjudicator.OptStanding: pr}
		}
		st := adjudicator.Playout(rules, o, time.Now)
		limit := *maxMedian
		if len(profiles) > 1 && pr == adjudicator.StandingAsk {
			limit = 0 // --max-handoffs holds the default profile's games
		}
		if err := playoutReport(st, *title, *scenario, pr, *asJSON, limit, stdout); err != nil && failed == nil {
			failed = err
		}
		period = st.PeriodName
		compare = append(compare, fmt.Sprintf("standing:%s %.2f (median game %.2f)", pr, st.HandoffsPerPeriod, st.HandoffsMedian))
	}
	if len(profiles) > 1 && !*asJSON {
		fmt.Fprintf(stdout, "Hand-offs per %s, %s/%s: %s.\n", period, *title, *scenario, strings.Join(compare, "; "))
	}
	return failed
}

// playoutReport prints one batch of playouts and says whether it failed.
func playoutReport(st adjudicator.PlayoutStats, title, scenario, profile string, asJSON bool, maxMedian float64, stdout io.Writer) error {
	if asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(st); err != nil {
			return err
		}
	} else {
		if profile != "" {
			scenario += " standing:" + profile
		}
		fmt.Fprintf(stdout, "%d games of %s/%s: %d finished, %d panics, %d dead ends, %d unterminated, %d legal orders refused, %d replay mismatches, %d of %d snapshot twins diverged; %d actions, %d hand-offs (%.1f per %s, median game %.1f; %d to a side with one legal order), %.2fs. Wins: %v\n",
			st.Games, title, scenario, st.Finished, st.Panics, st.DeadEnds, st.Unterminated, st.Refused, st.ReplayMismatches, st.TwinMismatches, st.Twins, st.Actions, st.Handoffs, st.HandoffsPerPeriod, st.PeriodName, st.HandoffsMedian, st.Forced, st.Seconds, st.Wins)
		for _, f := range st.Failures {
			fmt.Fprintln(stdout, "  "+f)
		}
	}
	if st.Panics+st.DeadEnds+st.Unterminated+st.Refused+st.ReplayMismatches+st.TwinMismatches+st.EndMismatches > 0 || st.Finished != st.Games {
		return fmt.Errorf("playouts found faults")
	}
	if maxMedian > 0 && st.HandoffsMedian > maxMedian {
		return fmt.Errorf("the median game has %.2f hand-offs per %s, over the limit of %.2f", st.HandoffsMedian, st.PeriodName, maxMedian)
	}
	return nil
}
