package bot

import (
	"strings"
	"testing"
	"unicode"
)

func TestParseLine(t *testing.T) {
	c, err := ParseLine(`@alice /game new title:hell scenario:full-battle french:@alice vm:@bob`)
	if err != nil {
		t.Fatal(err)
	}
	if c.User != "alice" || c.Name != "game new" || c.Opt("vm") != "@bob" || c.Opt("scenario") != "full-battle" {
		t.Fatalf("%+v", c)
	}
	c, err = ParseLine(`@bob /order text:"dig N 2; dig \"O\"; done"`)
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "order" || c.Opt("text") != `dig N 2; dig "O"; done` {
		t.Fatalf("%+v", c)
	}
	for _, bad := range []string{``, `alice /help`, `@alice help`, `@alice /game`, `@alice /game fly`,
		`@alice /order text:"x`, `@alice /order text`, `@alice /order a:1 a:2`, `@ /help`,
		`@" " /0`, `@"al ice" /help`, "@a\x00 /help", `@alice /" " x`} {
		if _, err := ParseLine(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func FuzzParseLine(f *testing.F) {
	for _, s := range []string{`@alice /game new title:hell scenario:full-battle french:@alice vm:@bob`,
		`@bob /order text:"dig N; done"`, `@mod /mod undo count:2`, `@x /help prefix:"move 308"`, `"`, `@a /o "\"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseLine(line)
		if err != nil {
			return
		}
		if c.User == "" || c.Name == "" || strings.IndexFunc(c.User, unicode.IsSpace) >= 0 || strings.Join(strings.Fields(c.Name), " ") != c.Name {
			t.Fatalf("accepted %q as %+v", line, c)
		}
	})
}
