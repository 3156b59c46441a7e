package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/adjudicator"
)

// Issue 29: a newcomer's first hour, tried as a new user would.

// umpireIn runs the binary's main with stdin.
func umpireIn(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// repoRoot is the repository's root, absolute (tests run in cmd/umpire).
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// readmeDemos are the `go run ./cmd/umpire play ...` commands of the
// README, as umpire arguments, with the repository's paths made
// absolute.
func readmeDemos(t *testing.T) [][]string {
	t.Helper()
	root := repoRoot(t)
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var demos [][]string
	for _, m := range regexp.MustCompile("go run \\./cmd/umpire (play [^`\\n]*--script [^`\\n]*)").FindAllStringSubmatch(string(b), -1) {
		args := strings.Fields(m[1])
		for i, a := range args {
			if strings.HasPrefix(a, "cmd/") {
				args[i] = filepath.Join(root, a)
			}
		}
		demos = append(demos, args)
	}
	return demos
}

// Issue 29 item 1 and its "done when": a game played in the console,
// left with /quit, is exactly as it was (its export byte for byte) after
// every demo command of the README has run in the same folder, each to
// its game's end (with -short, without drawing the maps).
func TestFirstHour_DemosNeverTouchYourGame(t *testing.T) {
	demos := readmeDemos(t)
	t.Chdir(t.TempDir())
	session := "@alice /game new title:tonkin scenario:1953 fef:@alice vm:@bob\n@bob /game accept\n/quit\n@bob /order text:done\n"
	out, errs, code := umpireIn(t, session, "play", "--maps=false")
	if code != 0 {
		t.Fatalf("console: %d %s", code, errs)
	}
	if !strings.Contains(out, "leave with /quit or Ctrl-D") || !strings.Contains(out, "Every seat is taken") || strings.Contains(out, "> @bob /order") {
		t.Fatalf("the console did not say how to leave, start the game, or stop at /quit:\n%s", out)
	}
	before, errs, code := umpire(t, "export")
	if code != 0 {
		t.Fatalf("export: %s", errs)
	}
	if len(demos) < 3 {
		t.Fatalf("the README gives %d demo commands; it should give one for each demo script", len(demos))
	}
	for _, args := range demos {
		if testing.Short() {
			args = append(args, "--maps=false") // drawing ~200 maps is most of the time under -race
		}
		out, errs, code := umpire(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if !strings.Contains(out, "Game g1 is over:") {
			t.Errorf("%v did not reach its game's end:\n%s", args, tail(out))
		}
		if !strings.Contains(errs, "a database of its own") {
			t.Errorf("%v did not say where it played: %q", args, errs)
		}
	}
	after, errs, code := umpire(t, "export")
	if code != 0 {
		t.Fatalf("export after the demos: %s", errs)
	}
	if before != after {
		t.Fatal("the demos changed the console's game")
	}
}

func tail(s string) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(l[max(0, len(l)-5):], "\n")
}

// Issue 29 item 1: a script's "# seed:" line is its seed unless --seed
// says otherwise: initial-assault.txt alone plays as with --seed 55.
func TestFirstHour_ScriptSaysItsSeed(t *testing.T) {
	script := filepath.Join("testdata", "initial-assault.txt")
	dir := t.TempDir()
	own, _, code := umpire(t, "play", "--maps=false", "--script", script)
	if code != 0 {
		t.Fatal("the script alone failed")
	}
	named, _, code := umpire(t, "play", "--maps=false", "--seed", "55", "--db", filepath.Join(dir, "a.db"), "--script", script)
	if code != 0 || own != named {
		t.Fatalf("the script's own seed plays differently from --seed 55 (exit %d)", code)
	}
	other, _, _ := umpire(t, "play", "--maps=false", "--seed", "56", "--db", filepath.Join(dir, "b.db"), "--script", script)
	if other == named {
		t.Error("--seed 56 did not override the script's seed")
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("# seed: fifty\n@alice /game status\n"), 0o600)
	if _, errs, code := umpire(t, "play", "--script", bad); code == 0 || !strings.Contains(errs, "bad.txt: line 1") || !strings.Contains(errs, "# seed: 55") {
		t.Errorf("a bad seed line: %d %q", code, errs)
	}
}

// Issue 29 item 1: a script whose /game new is refused stops there with
// a non-zero exit, and what followed is not played into the game the
// channel already holds.
func TestFirstHour_RefusedGameNewStopsTheScript(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "mine.db")
	if _, errs, code := umpireIn(t, "@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob\n@bob /game accept\n", "play", "--maps=false", "--db", db); code != 0 {
		t.Fatal(errs)
	}
	before, _, _ := umpire(t, "export", "--db", db)
	script := filepath.Join(dir, "s.txt")
	os.WriteFile(script, []byte("# seed: 3\n@carol /game new title:hell scenario:initial-assault french:@carol vm:@dave\n@alice /order text:done\n"), 0o600)
	out, errs, code := umpire(t, "play", "--maps=false", "--db", db, "--script", script)
	if code == 0 || !strings.Contains(errs, "line 2: /game new was refused, so the script stops") {
		t.Fatalf("a refused /game new: exit %d, %q", code, errs)
	}
	if strings.Contains(out, "@alice /order") {
		t.Errorf("the script went on after the refusal:\n%s", out)
	}
	if after, _, _ := umpire(t, "export", "--db", db); after != before {
		t.Error("the script changed the game the channel held")
	}
	os.WriteFile(script, []byte("@carol /game new title:nosuch\n@carol /game status\n"), 0o600)
	if _, errs, code := umpire(t, "play", "--maps=false", "--script", script); code == 0 || !strings.Contains(errs, "/game new was refused") {
		t.Errorf("an unknown title: exit %d, %q", code, errs)
	}
}

// Issue 29 item 3 (DESIGN invariant 6): each title reads its own
// subdirectory of the data directory. A title given an empty DIR/<id>/
// is refused naming it, so no title reads another's files or ignores its
// own; files or folders that are no title's are refused, not ignored.
func TestFirstHour_DataDirectoryPerTitle(t *testing.T) {
	for _, id := range adjudicator.TitleIDs() {
		dir := t.TempDir()
		os.Mkdir(filepath.Join(dir, id), 0o755)
		if _, err := titles(dir); err == nil || !strings.Contains(err.Error(), "title "+id+": "+filepath.Join(dir, id)+": ") {
			t.Errorf("an empty %s/ must be refused naming %s (a title's Load reads the subdirectory it is given, adjudicator.Title): %v", id, filepath.Join(dir, id), err)
		}
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "charts.toml"), []byte("x = 1\n"), 0o600)
	if _, err := titles(dir); err == nil || !strings.Contains(err.Error(), "charts.toml is not in a title's subdirectory") {
		t.Errorf("a loose file: %v", err)
	}
	dir = t.TempDir()
	os.Mkdir(filepath.Join(dir, "Tonkin"), 0o755)
	if _, err := titles(dir); err == nil || !strings.Contains(err.Error(), "Tonkin/ is not a title") {
		t.Errorf("a misspelt title: %v", err)
	}
}

// Issue 29 "done when": --data DIR with only DIR/tonkin/charts.toml:
// broken, it is refused naming tonkin/charts.toml, its line and field;
// good, a Hell game and a Tonkin game both start.
func TestFirstHour_TonkinTranscriptionAlone(t *testing.T) {
	charts, err := os.ReadFile(filepath.Join(repoRoot(t), "adjudicator", "tonkin", "data", "charts.toml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "tonkin"), 0o755)
	path := filepath.Join(dir, "tonkin", "charts.toml")
	broken := strings.Replace(string(charts), "[weather]\nprovenance = \"reconstructed\"", "[weather]\nprovenance = \"guessed\"", 1)
	if broken == string(charts) {
		t.Fatal("charts.toml changed shape")
	}
	os.WriteFile(path, []byte(broken), 0o600)
	_, errs, code := umpireIn(t, "", "play", "--maps=false", "--data", dir, "--db", filepath.Join(dir, "x.db"))
	if code == 0 || !strings.Contains(errs, filepath.Join("tonkin", "charts.toml")+":10: ") || !strings.Contains(errs, "weather.provenance") {
		t.Fatalf("a broken tonkin/charts.toml: exit %d %q", code, errs)
	}
	os.WriteFile(path, []byte(strings.Replace(string(charts), "max_airstrikes = 6", "max_airstrikes = 5", 1)), 0o600)
	for _, game := range []string{
		"@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob\n@bob /game accept\n",
		"@alice /game new title:tonkin scenario:1953 fef:@alice vm:@bob\n@bob /game accept\n",
	} {
		out, errs, code := umpireIn(t, game, "play", "--maps=false", "--data", dir, "--db", filepath.Join(t.TempDir(), "g.db"))
		if code != 0 || !strings.Contains(out, "Every seat is taken: game g1 starts") {
			t.Errorf("with a good tonkin/charts.toml: exit %d %s\n%s", code, errs, out)
		}
	}
}

// Issue 29 item 5: `umpire bot --http` without public_key ends with one
// line naming it, before the database is made or Discord is called.
func TestFirstHour_BotHTTPWithoutPublicKey(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("UMPIRE_DISCORD_TOKEN", "x")
	_, errs, code := umpire(t, "bot", "--http", "127.0.0.1:0")
	if code != 1 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "needs public_key") {
		t.Fatalf("exit %d: %q", code, errs)
	}
	if _, err := os.Stat("umpire.db"); err == nil {
		t.Error("the database was made before refusing")
	}
}

// Issue 29 item 4: the README's invite URL asks for the bot and
// applications.commands scopes and exactly the channel permissions the
// bot uses (posts with embeds and maps, game threads), nothing more.
func TestFirstHour_ReadmeInviteURL(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`https://discord\.com/oauth2/authorize\?client_id=APPLICATION_ID&scope=bot\+applications\.commands&permissions=(\d+)`).FindSubmatch(b)
	if m == nil {
		t.Fatal("the README has no invite URL with the bot and applications.commands scopes")
	}
	want := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionEmbedLinks |
		discordgo.PermissionAttachFiles | discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads)
	if got, _ := strconv.ParseInt(string(m[1]), 10, 64); got != want {
		t.Errorf("the invite asks for permissions %s, want %d", m[1], want)
	}
}
