package dataload

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// The types of a small title, using every kind the loader fills.
type prov struct {
	Provenance string `toml:"provenance"`
	Source     string `toml:"source"`
}

type unit struct {
	ID    string   `toml:"id,required"`
	Name  string   `toml:"name"`
	Steps int      `toml:"steps"`
	Fire  [2]int   `toml:"fire"`
	X     float64  `toml:"x"`
	Para  bool     `toml:"para"`
	Tags  []string `toml:"tags"`
}

type units struct {
	prov         // its keys are the root's
	Notes string `toml:"notes"`
	Unit  []unit `toml:"unit"`
	Rules struct {
		Provenance string  `toml:"provenance"`
		Limit      int8    `toml:"limit"`
		Rate       float32 `toml:"rate"`
		Turns      []struct {
			Turn int `toml:"turn"`
		} `toml:"turn"`
	} `toml:"rules"`
	Counts  map[string]int `toml:"counts"`
	Extra   map[string]any `toml:"extra"`
	Ignored string         // no tag: not a key
}

func fsOf(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for k, v := range files {
		m[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return m
}

// decodeOne decodes text as u.toml into a units.
func decodeOne(t testing.TB, text string) (*units, bool, Errors) {
	t.Helper()
	l := New(fsOf(map[string]string{"u.toml": text}), "u.toml")
	var u units
	ok := l.Decode("u.toml", &u)
	var es Errors
	if err := l.Err(); err != nil && !errors.As(err, &es) {
		t.Fatalf("Err is %T, not Errors: %v", err, err)
	}
	if ok != (len(es) == 0) {
		t.Fatalf("Decode says %v with faults %v", ok, es)
	}
	return &u, ok, es
}

const goodUnits = `provenance = "rulebook"
source = "the counter sheet"
notes = """
Two units."""

[[unit]]
id = "1BEP-1"
name = "1st BEP, 1st company"
steps = 2
fire = [3, 2]
x = 425
para = true
tags = ["para", "legion"]

[[unit]]
id = "MG-1"
x = 1.5

[rules]
provenance = "reconstructed"
limit = -7
rate = 0.25
[[rules.turn]]
turn = 1
[[rules.turn]]
turn = 2

[counts]
a = 1
"b c" = 2

[extra]
spans = {1 = [1, 2], 2 = []}
list = [{k = "v"}]
`

func TestDecode_Good(t *testing.T) {
	u, ok, es := decodeOne(t, goodUnits)
	if !ok {
		t.Fatalf("refused: %v", es)
	}
	want := units{
		prov:  prov{Provenance: "rulebook", Source: "the counter sheet"},
		Notes: "Two units.",
		Unit: []unit{
			{ID: "1BEP-1", Name: "1st BEP, 1st company", Steps: 2, Fire: [2]int{3, 2}, X: 425, Para: true, Tags: []string{"para", "legion"}},
			{ID: "MG-1", X: 1.5},
		},
		Counts: map[string]int{"a": 1, "b c": 2},
		Extra: map[string]any{
			"spans": map[string]any{"1": []any{int64(1), int64(2)}, "2": []any{}},
			"list":  []any{map[string]any{"k": "v"}},
		},
	}
	want.Rules.Provenance = "reconstructed"
	want.Rules.Limit = -7
	want.Rules.Rate = 0.25
	want.Rules.Turns = []struct {
		Turn int `toml:"turn"`
	}{{1}, {2}}
	if !reflect.DeepEqual(*u, want) {
		t.Errorf("decoded\n%#v\nwant\n%#v", *u, want)
	}
}

// Each case breaks goodUnits and expects one fault naming line, table
// element and field.
func TestDecode_Faults(t *testing.T) {
	cases := []struct {
		name     string
		text     string // the whole file, else goodUnits edited
		old, new string
		line     int    // 0: the line of new in the edited text
		at       string // else the line of at
		where    string
		field    string
		msg      string
	}{
		{name: "unknown key", old: "para = true", new: "colour = 1", where: "unit 1BEP-1", field: "colour",
			msg: "unknown key (the keys here are id, name, steps, fire, x, para, tags)"},
		{name: "unknown root key", old: "notes =", new: "note =", field: "note", msg: "unknown key (the keys here are provenance, source, notes, unit, rules, counts, extra)"},
		{name: "unknown table", old: "[counts]", new: "[count]", field: "count", msg: "unknown key"},
		{name: "untagged field is not a key", old: `source = "the counter sheet"`, new: "source = \"x\"\nIgnored = 1", at: "Ignored", field: "Ignored", msg: "unknown key"},
		{name: "unknown key in an array of tables in a table", old: "turn = 2", new: "turn = 2\nday = 3", at: "day", where: "rules, turn #2", field: "day", msg: "unknown key"},
		{name: "quoted unknown key", old: "para = true", new: `"pa ra" = true`, where: "unit 1BEP-1", field: `"pa ra"`, msg: "unknown key"},
		{name: "string for integer", old: "steps = 2", new: `steps = "2"`, where: "unit 1BEP-1", field: "steps", msg: `want an integer, found the string "2"`},
		{name: "number for integer", old: "steps = 2", new: `steps = 2.5`, where: "unit 1BEP-1", field: "steps", msg: "want an integer, found the number 2.5"},
		{name: "integer for bool", old: "para = true", new: "para = 1", where: "unit 1BEP-1", field: "para", msg: "want true or false, found the integer 1"},
		{name: "string for number", old: "x = 425", new: `x = "425"`, where: "unit 1BEP-1", field: "x", msg: "want a number, found the string"},
		{name: "date for string", old: `name = "1st BEP, 1st company"`, new: "name = 1954-03-13", where: "unit 1BEP-1", field: "name", msg: "want a string, found a date"},
		{name: "array element", old: `tags = ["para", "legion"]`, new: "tags = [\n  \"para\",\n  7,\n]", at: "7,", where: "unit 1BEP-1", field: "tags[1]", msg: "want a string, found the integer 7"},
		{name: "array length", old: "fire = [3, 2]", new: "fire = [3]", where: "unit 1BEP-1", field: "fire", msg: "want 2 values, found 1"},
		{name: "int beyond 32 bits", old: "steps = 2", new: "steps = 99999999999", where: "unit 1BEP-1", field: "steps", msg: "integer 99999999999 out of range"},
		{name: "int8 out of range", old: "limit = -7", new: "limit = 300", where: "rules", field: "limit", msg: "integer 300 out of range"},
		{name: "float32 out of range", old: "rate = 0.25", new: "rate = 1e300", where: "rules", field: "rate", msg: "out of range"},
		{name: "table for string", old: "notes = \"\"\"\nTwo units.\"\"\"", new: "notes = {a = 1}", field: "notes", msg: "want a string, found a table"},
		{name: "syntax: a value, then a table", old: "notes = \"\"\"\nTwo units.\"\"\"", new: "notes = \"\"\nextra = 3", at: "[extra]", field: "extra", msg: "syntax error: key extra should be a table"},
		{name: "value for table", text: "counts = 3\n", field: "counts", msg: "want a table, found the integer 3"},
		{name: "value for array of tables", old: "[[rules.turn]]\nturn = 1\n[[rules.turn]]\nturn = 2", new: "turn = 3", where: "rules", field: "turn", msg: "want an array of tables, found the integer 3"},
		{name: "map value", old: "a = 1", new: `a = "one"`, where: "counts", field: "a", msg: "want an integer"},
		{name: "missing required key", old: `id = "MG-1"`, new: `name = "MG"`, at: "^[[unit]]", where: "unit MG", field: "id", msg: "missing (a required key)"},
		{name: "syntax: duplicate key", old: "x = 1.5", new: "x = 1.5\nx = 2", at: "x = 2", field: "unit.x", msg: "syntax error: key x is already defined"},
		{name: "syntax: unterminated string", old: `name = "1st BEP, 1st company"`, new: `name = "1st BEP`, field: "unit.name", msg: "syntax error"},
		{name: "syntax: table header", old: "[rules]", new: "[rules", field: "rules", msg: "syntax error: expected ']'"},
		{name: "syntax: array of tables header", old: "[[rules.turn]]\nturn = 2", new: "[[rules.turn]\nturn = 2", field: "rules.turn", msg: "syntax error"},
		{name: "syntax: no value", old: "para = true", new: "para =", field: "unit.para", msg: "syntax error"},
		{name: "syntax: open array", old: "fire = [3, 2]", new: "fire = [3, 2\n", at: "x = 425", field: "unit.fire", msg: "syntax error"},
		{name: "syntax: table twice", old: "[counts]", new: "[rules]\n[counts]", at: "[rules]\n[counts]", field: "rules", msg: "syntax error"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, i := c.text, 0
			if text == "" {
				i = strings.Index(goodUnits, c.old)
				if i < 0 {
					t.Fatalf("%q not in the file", c.old)
				}
				text = goodUnits[:i] + c.new + goodUnits[i+len(c.old):]
			}
			pos := i
			switch {
			case strings.HasPrefix(c.at, "^"):
				pos = strings.LastIndex(text[:i], c.at[1:])
			case c.at != "":
				pos = strings.Index(text, c.at)
			}
			line := 1 + strings.Count(text[:pos], "\n")
			_, ok, es := decodeOne(t, text)
			if ok {
				t.Fatal("accepted")
			}
			for _, e := range es {
				if e.File == "u.toml" && e.Line == line && e.Where == c.where && e.Field == c.field && strings.Contains(e.Msg, c.msg) {
					if len(es) != 1 {
						t.Errorf("want one fault, got %v", es)
					}
					return
				}
			}
			t.Errorf("want u.toml:%d: %s: field %s: ...%s...; got\n%v", line, c.where, c.field, c.msg, es)
		})
	}
}

func TestDecode_Labels(t *testing.T) {
	text := "[[a]]\nid = \"x\"\nbad = 1\n[[a]]\nat = \"T\"\nbad = 1\n[[a]]\nturn = 3\nbad = 1\n[[turn]]\nturn = 4\nbad = 1\n[[a]]\nbad = 1\n[[a]]\nid = \"\"\nbad = 1\n"
	type elem struct {
		ID   string `toml:"id"`
		At   string `toml:"at"`
		Turn int    `toml:"turn"`
	}
	var v struct {
		A    []elem `toml:"a"`
		Turn []elem `toml:"turn"`
	}
	l := New(fsOf(map[string]string{"f.toml": text}), "f.toml")
	l.Labels = []Label{{Key: "id"}, {Key: "at", Show: true}, {Key: "turn", Show: true}}
	if l.Decode("f.toml", &v) {
		t.Fatal("accepted")
	}
	var got []string
	for _, e := range l.Err().(Errors) {
		got = append(got, fmt.Sprintf("%d %s", e.Line, e.Where))
	}
	want := "3 a x|6 a at T|9 a turn 3|12 turn 4|14 a #4|17 a #5"
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("labels %s, want %s", g, want)
	}
}

func TestDecode_SizeLimit(t *testing.T) {
	fsys := fsOf(map[string]string{"small.toml": "a = 12345", "big.toml": "a = 123456"})
	l := New(fsys, "small.toml", "big.toml")
	l.MaxFileSize = 9
	var small, big struct {
		A int `toml:"a"`
	}
	if !l.Decode("small.toml", &small) || small.A != 12345 {
		t.Errorf("a file of the limit's size: %v", l.Err())
	}
	if l.Decode("big.toml", &big) {
		t.Fatal("a file over the limit was read")
	}
	es := l.Err().(Errors)
	if len(es) != 1 || es[0].Error() != "big.toml: cannot read: file larger than 9 bytes" {
		t.Errorf("got %v", es)
	}
	if New(fsys).MaxFileSize != 0 || MaxFileSize != 4<<20 {
		t.Error("the default limit is 4 MiB")
	}
}

func TestDecode_ReadError(t *testing.T) {
	l := New(fsOf(nil), "gone.toml")
	var v struct{}
	if l.Decode("gone.toml", &v) {
		t.Fatal("decoded a missing file")
	}
	if err := l.Err(); err == nil || !strings.HasPrefix(err.Error(), "gone.toml: cannot read: ") {
		t.Errorf("got %v", err)
	}
}

func TestDecode_NeedsAPointer(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Decode into a non-pointer did not panic")
		}
	}()
	New(fsOf(map[string]string{"f.toml": ""}), "f.toml").Decode("f.toml", struct{}{})
}

func TestProvenance(t *testing.T) {
	text := "provenance = \"guessed\"\n\n[rules]\nlimit = 1\n\n[other]\nprovenance = \"rulebook\"\n"
	var v struct {
		Provenance string `toml:"provenance"`
		Rules      struct {
			Provenance string `toml:"provenance"`
			Limit      int    `toml:"limit"`
		} `toml:"rules"`
		Other struct {
			Provenance string `toml:"provenance"`
		} `toml:"other"`
	}
	l := New(fsOf(map[string]string{"t.toml": text}), "t.toml")
	if !l.Decode("t.toml", &v) {
		t.Fatal(l.Err())
	}
	l.Provenance("t.toml", []any{"provenance"}, "", v.Provenance)
	l.Provenance("t.toml", []any{"rules", "provenance"}, "rules", v.Rules.Provenance)
	l.Provenance("t.toml", []any{"other", "provenance"}, "other", v.Other.Provenance)
	got := l.Err().Error()
	want := "t.toml:1: field provenance: \"guessed\": want \"rulebook\" or \"reconstructed\"\n" +
		"t.toml:3: rules: field provenance: missing; say \"rulebook\" or \"reconstructed\" (DESIGN invariant 6)"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for mark, ok := range map[string]bool{"rulebook": true, "reconstructed": true, "": false, "Rulebook": false, "printed": false} {
		if (ProvenanceFault(mark) == "") != ok {
			t.Errorf("ProvenanceFault(%q) = %q", mark, ProvenanceFault(mark))
		}
	}
}

func TestNewOver_Precedence(t *testing.T) {
	base := fsOf(map[string]string{"a.toml": "v = 1\n", "b.toml": "v = 2\n", "c.toml": "v = 3\n"})
	type file struct {
		V int `toml:"v"`
	}
	dir := filepath.Join("ops", "charts")

	// The operator's b.toml replaces the embedded one; a and c stay.
	l, err := NewOver(base, fsOf(map[string]string{"b.toml": "v = 20\n"}), dir, "a.toml", "b.toml", "c.toml")
	if err != nil {
		t.Fatal(err)
	}
	var a, b, c file
	if !l.Decode("a.toml", &a) || !l.Decode("b.toml", &b) || !l.Decode("c.toml", &c) {
		t.Fatal(l.Err())
	}
	if a.V != 1 || b.V != 20 || c.V != 3 {
		t.Errorf("read %d %d %d, want 1 20 3", a.V, b.V, c.V)
	}

	// Faults name the operator's path for its files, the plain name for
	// the embedded ones.
	l, _ = NewOver(base, fsOf(map[string]string{"b.toml": "w = 20\n"}), dir, "a.toml", "b.toml", "c.toml")
	l.Decode("a.toml", &a)
	l.Decode("b.toml", &b)
	l.Errorf("a.toml", []any{"v"}, "", "v", "checked")
	want := "a.toml:1: field v: checked\n" + filepath.Join(dir, "b.toml") + ":1: field w: unknown key (the keys here are v)"
	if err := l.Err(); err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}

	// An operator's file that cannot be read is a fault, not a fallback.
	l, _ = NewOver(base, fsOf(map[string]string{"b.toml": "v = 200000\n"}), dir, "a.toml", "b.toml")
	l.MaxFileSize = 8
	if l.Decode("b.toml", &b) {
		t.Error("fell back to the embedded b.toml")
	}
	if err := l.Err(); err == nil || !strings.HasPrefix(err.Error(), filepath.Join(dir, "b.toml")+": cannot read: file larger") {
		t.Errorf("got %v", err)
	}

	// A directory holding none of the files is refused.
	_, err = NewOver(base, fsOf(map[string]string{"z.toml": ""}), dir, "a.toml", "b.toml")
	var es Errors
	if !errors.As(err, &es) || len(es) != 1 || es[0].Error() != dir+": none of a.toml, b.toml is in the directory" {
		t.Errorf("got %v", err)
	}
}

func TestErr_CollectedAcrossFiles(t *testing.T) {
	type file struct {
		V int `toml:"v"`
	}
	fsys := fsOf(map[string]string{
		"a.toml": "\nv = 'x'\nw = 1\n",
		"b.toml": "v = [1\n",
		"c.toml": "v = 1\n",
	})
	l := New(fsys, "a.toml", "b.toml", "c.toml")
	if l.Err() != nil {
		t.Fatal("faults before any decode")
	}
	var a, b, c file
	// Decoded out of order: the faults come back in the order of the names.
	okC, okB, okA := l.Decode("c.toml", &c), l.Decode("b.toml", &b), l.Decode("a.toml", &a)
	if !okC || okB || okA {
		t.Errorf("Decode said c %v, b %v, a %v", okC, okB, okA)
	}
	l.Errorf("c.toml", []any{"v"}, "", "v", "too small")
	l.Errorf("a.toml", []any{"nothing"}, "", "nothing", "at line 1")
	var got []string
	for _, e := range l.Err().(Errors) {
		got = append(got, fmt.Sprintf("%s:%d:%s", e.File, e.Line, e.Field))
	}
	want := "a.toml:1:nothing a.toml:2:v a.toml:3:w b.toml:1:v c.toml:1:v"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("faults %s, want %s", g, want)
	}
	var one *Error
	if !errors.As(l.Err(), &one) || one.File != "a.toml" {
		t.Errorf("errors.As gives %v", one)
	}
	// A file never decoded is named without a line.
	l.Errorf("d.toml", []any{"v"}, "", "v", "not loaded")
	if es := l.Err().(Errors); es[0].Error() != "d.toml: field v: not loaded" {
		t.Errorf("got %q", es[0].Error())
	}
}

func TestErr_Bounded(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "k%d = 1\n", i)
	}
	var v struct{}
	l := New(fsOf(map[string]string{"f.toml": b.String()}), "f.toml")
	if l.Decode("f.toml", &v) {
		t.Fatal("accepted 300 unknown keys")
	}
	es := l.Err().(Errors)
	if len(es) != MaxErrors {
		t.Errorf("%d faults kept, want %d", len(es), MaxErrors)
	}
	msg := es.Error()
	if n := strings.Count(msg, "\n"); n != 50 || !strings.HasSuffix(msg, "... and 150 more") {
		t.Errorf("the message has %d lines and ends %q", n+1, msg[len(msg)-20:])
	}
}

// A decoded document is shared between loads of the same text: what a
// title does with an `any` value must not reach the next load.
func TestDecode_SharedDocument(t *testing.T) {
	text := "[t]\nlist = [1, {k = 2}]\n"
	var first, second map[string]any
	for _, v := range []*map[string]any{&first, &second} {
		l := New(fsOf(map[string]string{"f.toml": text}), "f.toml")
		if !l.Decode("f.toml", v) {
			t.Fatal(l.Err())
		}
		if v == &first {
			first["t"].(map[string]any)["list"].([]any)[1].(map[string]any)["k"] = "changed"
		}
	}
	if k := second["t"].(map[string]any)["list"].([]any)[1].(map[string]any)["k"]; k != int64(2) {
		t.Errorf("the second load sees %v", k)
	}
}

// Lines finds keys and elements in every TOML form.
func TestLines(t *testing.T) {
	src := `# comment [not a table]
a = 1
b.c = "x" # dotted
"quoted key" = 'lit'
arr = [
  1, # one
  [2, 3],
  { k = 4 },
]
ml = """
[[fake]]
x = 1
"""

[t]
k = 1

[[aot]]
id = "one"
v = [1,
 2]

[[aot]]
id = "two"

[[aot.sub]]
w = 5

[t.inner]
z = 'x'
e = [[], [
  7]]
`
	ls := NewLines([]byte(src))
	cases := []struct {
		path []any
		want int
	}{
		{[]any{"a"}, 2},
		{[]any{"b", "c"}, 3},
		{[]any{"b"}, 1}, // a dotted key's prefix has no line of its own
		{[]any{"quoted key"}, 4},
		{[]any{"arr"}, 5},
		{[]any{"arr", 0}, 6},
		{[]any{"arr", 1}, 7},
		{[]any{"arr", 1, 1}, 7},
		{[]any{"arr", 2, "k"}, 8},
		{[]any{"ml"}, 10},
		{[]any{"fake"}, 1},
		{[]any{"t", "k"}, 16},
		{[]any{"aot", 0, "id"}, 19},
		{[]any{"aot", 0, "v", 1}, 21},
		{[]any{"aot", 1}, 23},
		{[]any{"aot", 1, "sub", 0, "w"}, 27},
		{[]any{"aot", 1, "missing"}, 23},
		{[]any{"aot", 5}, 18},
		{[]any{"t", "inner", "z"}, 30},
		{[]any{"t", "inner", "e", 0}, 31}, // an empty array: the line of its key
		{[]any{"t", "inner", "e", 1}, 32},
		{[]any{"t", "inner", "e", 1, 0}, 32},
		{[]any{}, 1},
		{[]any{3.5}, 1},
	}
	for _, c := range cases {
		if got := ls.Line(c.path...); got != c.want {
			t.Errorf("Line(%v) = %d, want %d", c.path, got, c.want)
		}
	}
}

// On a document the parser refuses, Lines keeps what comes before the
// fault and the key of the expression refused.
func TestLines_Refused(t *testing.T) {
	cases := []struct {
		src  string
		line int
		key  string
	}{
		{"a = 1\n[t]\nb = \"open\n", 3, "t.b"},
		{"[t]\n# note\n\n  c = [1,\n2\n", 4, "t.c"},
		{"[[x.y]\n", 1, "x.y"},
		{"[a]\n[[b.c\"\n", 2, "b.c"},
		{"[a]\n[[b.c d]]\n", 2, "b.c"},
		{"[a]\nb = 1 c = 2\n", 2, "a.b"},
		{"\"k=v\" = @\n", 1, `"k=v"`},
		{"= 1\n", 1, ""},
	}
	for _, c := range cases {
		ls := NewLines([]byte(c.src))
		if ls.failLine != c.line {
			t.Errorf("%q: refused at line %d, want %d", c.src, ls.failLine, c.line)
		}
		key := ""
		for _, k := range ls.failKey {
			key = joinField(key, k)
		}
		if key != c.key {
			t.Errorf("%q: refused key %q, want %q", c.src, key, c.key)
		}
	}
	if got := NewLines([]byte("a = 1\n[t]\nb = \"open\n")).Line("a"); got != 1 {
		t.Errorf("the keys before the fault: a at %d", got)
	}
}
