package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

const module = "github.com/umpirebot/umpire/"

// sharedPackages are the directories under adjudicator/ and render/ that
// serve every title; every other one is a title's own.
var sharedPackages = map[string]bool{"adjudicator/dataload": true, "adjudicator/hexgrid": true, "render/hexmap": true, "adjudicator/cards": true, "render/golden": true}

// titleOf names the title whose packages hold the repository path p
// ("adjudicator/hell/x.go" -> "hell"), or "". A title's tools are its own
// too: tools/<title>... ("tools/tonkinmap/main.go" -> "tonkin").
func titleOf(p string) string {
	if rest, ok := strings.CutPrefix(p, "tools/"); ok {
		dir, _, _ := strings.Cut(rest, "/")
		best := ""
		ents, _ := os.ReadDir(filepath.Join("..", "..", "adjudicator"))
		for _, e := range ents {
			if n := e.Name(); e.IsDir() && !sharedPackages["adjudicator/"+n] && strings.HasPrefix(dir, n) && len(n) > len(best) {
				best = n
			}
		}
		return best
	}
	for _, root := range []string{"adjudicator/", "render/"} {
		rest, ok := strings.CutPrefix(p, root)
		if !ok {
			continue
		}
		dir, _, ok := strings.Cut(rest, "/")
		if !ok || sharedPackages[root+dir] {
			return ""
		}
		return dir
	}
	return ""
}

// Issue 8: a title is its own packages and one registry line. No file
// outside a title's packages imports them, except cmd/umpire/titles.go;
// no title imports another's. (Tests may: they exercise real games.)
func TestTitles_OnlyHere(t *testing.T) {
	root := filepath.Join("..", "..")
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		mine := titleOf(rel)
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			local, ok := strings.CutPrefix(ip, module)
			if !ok {
				continue
			}
			theirs := titleOf(local + "/")
			if theirs == "" || theirs == mine || rel == "cmd/umpire/titles.go" {
				continue
			}
			t.Errorf("%s imports %s: only the title's own packages and cmd/umpire/titles.go may", rel, ip)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("only %d files checked: is the walk at the repository's root?", checked)
	}
	if _, err := os.Stat(filepath.Join(root, "cmd", "umpire", "titles.go")); err != nil {
		t.Fatal(err)
	}
}

// Issue 8: the titles come from the registry: an unknown title is refused
// naming the known ones, in the console and in umpire playout (a script
// stops there with exit status 1, issue 29).
func TestTitles_UnknownNamesTheKnown(t *testing.T) {
	known := strings.Join(adjudicator.TitleIDs(), ", ")
	if !strings.Contains(known, "hell") {
		t.Fatalf("registered titles: %q", known)
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "s.txt")
	os.WriteFile(script, []byte("@alice /game new title:nosuch scenario:x a:@alice b:@bob\n"), 0o644)
	out, _, code := umpire(t, "play", "--db", filepath.Join(dir, "u.db"), "--script", script, "--maps=false")
	want := `[@alice] Refused: unknown title "nosuch"; titles are ` + known
	if code != 1 || !strings.Contains(out, want) {
		t.Fatalf("exit %d, want %q in:\n%s", code, want, out)
	}
	_, errOut, code := umpire(t, "playout", "--title", "nosuch", "--games", "1")
	if code == 0 || !strings.Contains(errOut, `unknown title "nosuch"; titles are `+known) {
		t.Fatalf("playout: exit %d, %s", code, errOut)
	}
}
