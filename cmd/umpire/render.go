package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/render"
)

func init() {
	maps = func(ts map[string]adjudicator.Rules) (bot.Mapper, error) { return render.ForTitles(ts) }
	subcommands["render"] = cmdRender
}

// cmdRender draws one view of a stored game:
//
//	umpire render [--db FILE] [--game ID] --view public|french|vm|referee [--region NAME] --out FILE.png
func cmdRender(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("render", stderr)
	dbPath := fs.String("db", "umpire.db", "bbolt database `file`")
	game := fs.String("game", "", "game `id` (may be omitted when the file holds one game)")
	view := fs.String("view", "public", "whose view: public, a side of the game's title, or referee")
	out := fs.String("out", "", "PNG `file` to write")
	region := fs.String("region", "", "a close-up of the map by `name`, if the title's map has regions (an unknown name lists them); the whole map when empty")
	data := fs.String("data", "", "`dir`ectory with transcribed chart files (as the game is played with)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: umpire render [--db FILE] [--game ID] --view public|<side>|referee [--region NAME] --out FILE.png")
		return errUsage
	}
	ts, err := titles(*data)
	if err != nil {
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
	rules, ok := ts[rec.Title]
	if !ok {
		return fmt.Errorf("game %s is of title %q, which this umpire does not know", id, rec.Title)
	}
	viewer, err := viewerNamed(rules.Info(), *view)
	if err != nil {
		return err
	}
	snap, err := db.Snapshot(id)
	if err != nil {
		return err
	}
	g, err := adjudicator.Load(rules, rec, snap)
	if err != nil {
		return err
	}
	r, err := render.ForTitles(ts)
	if err != nil {
		return err
	}
	png, err := r.PNGRegion(rules.View(g.State, viewer), *region)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		return err
	}
	where := ""
	if *region != "" {
		where = ", region " + *region
	}
	fmt.Fprintf(stdout, "%s: game %s, %s view%s, %d bytes\n", *out, id, viewer, where, len(png))
	return nil
}

// viewerNamed parses a --view value.
func viewerNamed(info adjudicator.Info, name string) (adjudicator.Viewer, error) {
	switch n := strings.ToLower(name); n {
	case "public", "":
		return adjudicator.Public, nil
	case "referee", "moderator", "mod":
		return adjudicator.Viewer{Referee: true}, nil
	default:
		if info.HasSide(adjudicator.Side(n)) {
			return adjudicator.ViewerOf(adjudicator.Side(n)), nil
		}
	}
	var sides []string
	for _, s := range info.Sides {
		sides = append(sides, string(s))
	}
	return adjudicator.Viewer{}, fmt.Errorf("--view is public, referee or a side (%s), not %q", strings.Join(sides, ", "), name)
}
