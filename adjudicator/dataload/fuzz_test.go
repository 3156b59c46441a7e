package dataload

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzDecode decodes arbitrary bytes into the test title's types: the
// loader never panics, every fault names the file, a line of the text and,
// but for syntax errors, a table element or field; and a second load of
// the same text (from the shared parse) gives the same values and faults.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(goodUnits))
	f.Add([]byte("[[unit]]\nid = 7\nfire = [1, 2, 3]\n[[unit]]\nsteps = 1e9\n"))
	f.Add([]byte("[rules]\nlimit = 128\nrate = -1e39\n[[rules.turn]]\nturn = '3'\n"))
	f.Add([]byte("[extra]\na = [[1, [2]], {b = {c = 1979-05-27T07:32:00Z}}]\n[counts]\n\"\" = 1\n"))
	f.Add([]byte("provenance = \"x\n[[unit]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		u1, ok1, es1 := decodeOne(t, string(data))
		u2, ok2, es2 := decodeOne(t, string(data))
		lines := strings.Count(string(data), "\n") + 1
		for _, e := range es1 {
			if e.File != "u.toml" || e.Line < 1 || e.Line > lines {
				t.Fatalf("fault outside the text (%d lines): %q", lines, e.Error())
			}
			if e.Where == "" && e.Field == "" && !strings.HasPrefix(e.Msg, "syntax error") {
				t.Fatalf("fault naming no element or field: %q", e.Error())
			}
		}
		if ok1 != ok2 || es1.Error() != es2.Error() {
			t.Fatalf("two loads differ:\n%v\n%v", es1, es2)
		}
		if ok1 && !reflect.DeepEqual(u1, u2) {
			t.Fatalf("two loads differ:\n%#v\n%#v", u1, u2)
		}
	})
}

// FuzzLines: the locator never panics and never names a line outside the
// text (moved here from Hell's tests: it is the loader's own code).
func FuzzLines(f *testing.F) {
	f.Add(goodUnits, "unit", 1, "fire")
	f.Add("a = [\n'''x\n'''\n, {b=[1,[2]]}]\n[[a.b]]\n[a]\n", "a", 1, "b")
	f.Add("\"\\\"", "", 0, "")
	f.Fuzz(func(t *testing.T, text, k1 string, i int, k2 string) {
		n := NewLines([]byte(text)).Line(k1, i, k2)
		if lines := strings.Count(text, "\n") + 1; n < 1 || n > lines {
			t.Fatalf("line %d outside 1..%d", n, lines)
		}
	})
}
