package bot

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/render"
	_ "github.com/umpirebot/umpire/render/hell" // Hell's map
	"github.com/umpirebot/umpire/storage"
)

// mapConsole runs a script through a console that draws maps (written
// under dir) and returns its output.
func mapConsole(t *testing.T, dir, script string) string {
	t.Helper()
	out, _ := mapService(t, dir, script)
	return out
}

// mapService is mapConsole that also returns its Service.
func mapService(t *testing.T, dir, script string) (string, *Service) {
	t.Helper()
	db, err := storage.Open(filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	titles := map[string]adjudicator.Rules{"hell": hell.New(hell.MustDefault())}
	r, err := render.ForTitles(titles)
	if err != nil {
		t.Fatal(err)
	}
	svc := &Service{DB: db, Titles: titles, Seed: DemoSeed(11), Mods: map[string]bool{"mod": true}, Maps: r}
	q := render.NewQueue(r.PNG, 16, 1)
	t.Cleanup(q.Close)
	svc.Queue = q
	var out bytes.Buffer
	con := &Console{Service: svc, Channel: "console", Out: &out, OutDir: dir, Echo: true}
	if err := con.Run(strings.NewReader(script)); err != nil {
		t.Fatalf("the session ended: %v\n%s", err, out.String())
	}
	return out.String(), svc
}

// after is what the console answered to the line in (up to the next
// echoed line).
func after(out, line string) string {
	i := strings.Index(out, "> "+line+"\n")
	if i < 0 {
		return ""
	}
	rest := out[i+len(line)+3:]
	if j := strings.Index(rest, "\n> "); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

var imageLine = regexp.MustCompile(`image: (\S+\.png)`)

func imageSize(t *testing.T, path string) (int, int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return im.Bounds().Dx(), im.Bounds().Dy()
}

// Issue 15, item 4: /map region:huguette draws Huguette's close-up (narrow
// enough to read on a phone), to the channel for a seated player and
// privately for an onlooker; an unknown close-up is refused with the
// list; /map turn:1 draws the end of turn 1 as the caller may see it; a
// turn not reached is refused with the turns there are.
func TestMapRegionAndTurn(t *testing.T) {
	dir := t.TempDir()
	script := `@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob
@bob /game accept
@alice /map region:huguette
@dave /map region:Huguette
@dave /map
@alice /map region:nowhere
@alice /map turn:1
@bob /map turn:1 view:mine
@alice /map turn:2
@alice /map turn:first
@alice /map zoom:2
`
	out := mapConsole(t, dir, script)
	hug := after(out, "@alice /map region:huguette")
	m := imageLine.FindStringSubmatch(hug)
	if m == nil || !strings.Contains(hug, "[channel] Map of game g1 (public view, huguette)") {
		t.Fatalf("no close-up of Huguette to the channel:\n%s", hug)
	}
	if w, _ := imageSize(t, m[1]); w > render.ReadableWidth(9) || w < 200 {
		t.Errorf("Huguette's close-up is %d px wide", w)
	}
	if got := after(out, "@dave /map region:Huguette"); !strings.Contains(got, "[@dave] Map of game g1 (public view, huguette)") || strings.Contains(got, "[channel]") {
		t.Errorf("an onlooker's close-up is not private:\n%s", got)
	}
	if got := after(out, "@dave /map"); !strings.Contains(got, "[@dave] Map of game g1 (public view)") || strings.Contains(got, "[channel]") {
		t.Errorf("an onlooker's /map is not private:\n%s", got)
	}
	if got := after(out, "@alice /map region:nowhere"); !strings.Contains(got, `[@alice] Refused: the hell map has no close-up "nowhere"; close-ups are airstrip, anne-marie, beatrice`) {
		t.Errorf("unknown close-up:\n%s", got)
	}
	// issue 30, item 8: turn 1 is under way: its map is "so far"
	t1 := after(out, "@alice /map turn:1")
	if !strings.Contains(t1, "in turn 1 so far, which is under way") || imageLine.FindStringSubmatch(t1) == nil {
		t.Errorf("/map turn:1:\n%s", t1)
	}
	if got := after(out, "@bob /map turn:1 view:mine"); !strings.Contains(got, "[@bob] Map of game g1 (vm view) in turn 1 so far") {
		t.Errorf("/map turn:1 view:mine:\n%s", got)
	}
	if got := after(out, "@alice /map turn:2"); !strings.Contains(got, "Refused: turn 2 is not in game g1: its turns so far are 1 to 1") {
		t.Errorf("/map turn:2 before turn 2:\n%s", got)
	}
	if got := after(out, "@alice /map turn:first"); !strings.Contains(got, `Refused: turn is a turn's number, such as turn:1, not "first"`) {
		t.Errorf("/map turn:first:\n%s", got)
	}
	if got := after(out, "@alice /map zoom:2"); !strings.Contains(got, "Refused: unknown option zoom") {
		t.Errorf("/map zoom:2:\n%s", got)
	}
}

// Issue 15, items 2 and 4: the map a resolution posts is the close-up of
// what happened, at most render.MaxCloseups images per post (issue 30,
// item 2: the decision's and those of what happened far from it); with
// maps:off none, with maps:end-of-turn none within a turn; settings are
// a seated player's or a moderator's, and a bad value is refused.
func TestMapsSetting(t *testing.T) {
	dir := t.TempDir()
	lines, err := os.ReadFile(filepath.Join("..", "cmd", "umpire", "testdata", "initial-assault.txt"))
	if err != nil {
		t.Fatal(err)
	}
	script := strings.Join(strings.Split(string(lines), "\n")[:30], "\n") + "\n"
	out := mapConsole(t, dir, script)
	posts := strings.Split(out, "\n> ")
	images := 0
	for _, p := range posts {
		// issue 30, item 2: the decision's close-up and those of what
		// happened too far from it, a few at most
		n := strings.Count(p, "[channel] image:")
		if n > render.MaxCloseups {
			t.Errorf("%d images in one post:\n%s", n, p)
		}
		images += n
	}
	if images == 0 {
		t.Fatalf("no map posted:\n%s", out)
	}
	if !strings.Contains(out, "(public view, close-up; /map shows the whole map)") {
		t.Errorf("no close-up of what happened posted:\n%s", out)
	}

	off := "@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob\n" +
		"@dave /game settings maps:off\n@alice /game settings maps:sometimes\n@alice /game settings maps:off\n" +
		"@alice /order text:done\n@bob /order text:done\n@alice /game settings\n" +
		"@bob /game settings maps:end-of-turn\n@bob /order text:\"done; dig E; done\"\n@alice /order text:done\n"
	out = mapConsole(t, t.TempDir(), off)
	if got := after(out, "@dave /game settings maps:off"); !strings.Contains(got, "Refused: the maps of game g1 are set by its seated players or a moderator") {
		t.Errorf("an onlooker set the maps:\n%s", got)
	}
	if got := after(out, "@alice /game settings maps:sometimes"); !strings.Contains(got, `Refused: maps is every-hand-off`) {
		t.Errorf("maps:sometimes:\n%s", got)
	}
	if got := after(out, "@alice /game settings maps:off"); !strings.Contains(got, "[channel] Game g1's maps: none posted (off)") {
		t.Errorf("maps:off not announced:\n%s", got)
	}
	if got := after(out, "@alice /game settings"); !strings.Contains(got, "maps: none posted (off)") {
		t.Errorf("the settings do not show the maps:\n%s", got)
	}
	i := strings.Index(out, "> @alice /game settings maps:off")
	if strings.Contains(out[i:], "image:") {
		t.Errorf("a map posted with maps:off or within a turn with maps:end-of-turn:\n%s", out[i:])
	}
}

// Issue 30, item 7: after a game ends, /map, /map turn:1 and /game
// status still answer in its channel (the last game's), and turn 1 of a
// finished game is drawn at its end.
func TestMapAfterTheEnd(t *testing.T) {
	dir := t.TempDir()
	script := `@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob
@bob /game accept
@alice /game resign
@alice /map
@dave /map turn:1
@bob /game status
`
	out := mapConsole(t, dir, script)
	if got := after(out, "@alice /map"); !strings.Contains(got, "Map of game g1 (public view)") || imageLine.FindStringSubmatch(got) == nil {
		t.Errorf("/map after the end:\n%s", got)
	}
	if got := after(out, "@dave /map turn:1"); !strings.Contains(got, "[@dave] Map of game g1 (public view) at the end of turn 1") {
		t.Errorf("/map turn:1 after the end:\n%s", got)
	}
	if got := after(out, "@bob /game status"); !strings.Contains(got, "Game over") {
		t.Errorf("/game status after the end:\n%s", got)
	}
}

// Issue 30, item 1, DESIGN invariant 1: a side's picture in a delivery
// (the awaited player's own close-up) goes to that side's player alone:
// asked for the channel, for another user, for the other side's player
// or in the referee's eyes, it is not drawn at all; the public map goes
// to the channel.
func TestCompose_PrivatePictureNeverReachesTheChannel(t *testing.T) {
	_, svc := mapService(t, t.TempDir(), "@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob\n@bob /game accept\n")
	d := Delivery{Game: "g1", Seq: 1, Replies: []Reply{
		{Map: "vm"},                 // to the channel: never
		{Map: "vm", To: "carol"},    // to an onlooker: never
		{Map: "vm", To: "alice"},    // to France's player: never
		{Map: "referee", To: "bob"}, // the referee's eyes: never
		{Map: "vm", To: "bob", Crop: []int{0, 0, 300, 400}}, // the VM's own
		{Map: "public", Crop: []int{0, 0, 300, 400}},        // the channel's
	}}
	out := svc.Compose(d, nil)
	var got []string
	for _, r := range out {
		if len(r.PNG) == 0 {
			t.Errorf("a reply without its picture: %+v", r)
			continue
		}
		got = append(got, r.To+": "+r.ImageName)
	}
	want := []string{"bob: g1-0001-vm.png", ": g1-0001-public.png"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("pictures drawn %q, want %q", got, want)
	}
}
