// Package dataload reads a title's data files (DESIGN invariant 6): the
// TOML files holding its maps, counters, charts and scenarios. It is pure:
// the caller passes the files as an fs.FS (the embedded ones, or an
// operator's directory opened with os.DirFS) and the package does no I/O
// of its own.
//
// For each file a Loader reads at most MaxFileSize bytes, parses the TOML,
// fills the title's Go value strictly (a key the types do not know, a value
// of the wrong type, an array of the wrong length and an integer out of
// range are faults), and collects every fault of every file, each naming
// file, line, table element and field:
//
//	map.toml:123: pa H6: field zone: unknown zone "XX" (zones are A, C, ...)
//
// It checks provenance marks ("rulebook" when the rulebook gives the
// values, "reconstructed" when the project made them), lets an operator's
// directory (--data) replace any of the embedded files (NewOver), and gives
// the title Errorf to report its own cross-file checks at the line of any
// key or array element.
//
// Library: github.com/pelletier/go-toml/v2. Its decoder parses and checks
// the TOML (syntax, duplicate keys, redefined tables) and places each fault
// at a line; its unstable parser gives the line of every key and array
// element (Lines), where Hell had a hand-written scanner. Its strict
// decoder into the Go types (DisallowUnknownFields) is not used: run on
// Hell's 17 schema and syntax fault cases, it accepted 3 of them (a short
// [6]int, a long [2]string, an int beyond 32 bits), named no table element
// ("pa.x", not "pa H6") and no array index, gave no key for 2 of the 3
// syntax errors, and stopped at the first type fault (1 of 11 faults
// reported for one map.toml). So a document is decoded into generic values
// and those are walked against the Go types here (walk.go).
//
// A new title, in three lines:
//
//	data: adjudicator/<title>/data/*.toml, embedded with //go:embed, decoded into Go types with toml tags;
//	load: in the title's Load, l := dataload.New(embedded, names...), or NewOver(embedded, data, dir, names...) for --data;
//	then ok := l.Decode(name, &v) for each file, the title's own checks if all ok (l.Errorf), and return l.Err().
package dataload

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

const (
	// MaxFileSize is the largest file a Loader reads, unless its
	// MaxFileSize says otherwise.
	MaxFileSize = 4 << 20
	// MaxErrors is the number of faults Err returns at most.
	MaxErrors = 200
)

// The provenance marks.
const (
	Rulebook      = "rulebook"
	Reconstructed = "reconstructed"
)

// Error is one fault in a data file.
type Error struct {
	File  string // "map.toml", or the operator's path
	Line  int    // 1-based; 0 when the file could not be read
	Where string // the table element: "pa H6", "scenario five-hills, trench at T"
	Field string // the key in it: "zone", "adjacent[2]"
	Msg   string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		b.WriteString(":")
		b.WriteString(strconv.Itoa(e.Line))
	}
	b.WriteString(": ")
	if e.Where != "" {
		b.WriteString(e.Where)
		b.WriteString(": ")
	}
	if e.Field != "" {
		b.WriteString("field ")
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Errors is every fault found by one load, in file and line order.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, 0, len(es))
	for i, e := range es {
		if i == 50 {
			lines = append(lines, fmt.Sprintf("... and %d more", len(es)-i))
			break
		}
		lines = append(lines, e.Error())
	}
	return strings.Join(lines, "\n")
}

// Unwrap gives the single faults to errors.Is and errors.As.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// Label names the tables of an array of tables in faults by the value of
// one of their keys, a non-empty string or an integer: with Key "id",
// [[pa]] id = "H6" is "pa H6"; with Key "at" and Show, [[trench]]
// at = "T" is "trench at T" (and [[turn]] turn = 3 is "turn 3").
// Without a value the table is "pa #7", counting from 1.
type Label struct {
	Key  string
	Show bool // name the key before the value, unless it is the array's key
}

// DefaultLabels are the Labels of a Loader that sets none.
var DefaultLabels = []Label{{Key: "id"}, {Key: "name"}}

// Loader reads, decodes and checks the data files of one load, and
// collects the faults. It is not safe for concurrent use.
type Loader struct {
	// Labels name the tables of arrays of tables; nil: DefaultLabels.
	Labels []Label
	// MaxFileSize bounds each file; 0: the package's MaxFileSize.
	MaxFileSize int64

	names  []string
	read   func(name string) (data []byte, display string, err error)
	files  map[string]*srcFile
	errs   Errors
	faults int // faults reported, kept or not
}

type srcFile struct {
	display string // the name in faults
	lines   *Lines // nil until decoded
}

// New returns a Loader reading the named files from the root of fsys. The
// names give the order of the faults Err returns.
func New(fsys fs.FS, names ...string) *Loader {
	l := newLoader(names)
	l.read = func(name string) ([]byte, string, error) {
		b, err := l.readLimited(fsys, name)
		return b, name, err
	}
	return l
}

// NewOver returns a Loader reading each named file from over when it is
// there and from base otherwise: an operator's directory (--data) holding
// a transcription of some printed charts, read over the embedded files.
// Faults in a file from over name its path under dir, the name the
// operator gave. A directory holding none of the files is a fault.
func NewOver(base, over fs.FS, dir string, names ...string) (*Loader, error) {
	found := 0
	for _, name := range names {
		if _, err := fs.Stat(over, name); err == nil {
			found++
		}
	}
	if found == 0 {
		return nil, Errors{{File: dir, Msg: "none of " + strings.Join(names, ", ") + " is in the directory"}}
	}
	l := newLoader(names)
	l.read = func(name string) ([]byte, string, error) {
		b, err := l.readLimited(over, name)
		if err == nil {
			return b, filepath.Join(dir, name), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, filepath.Join(dir, name), err
		}
		b, err = l.readLimited(base, name)
		return b, name, err
	}
	return l, nil
}

func newLoader(names []string) *Loader {
	return &Loader{names: append([]string(nil), names...), files: map[string]*srcFile{}}
}

func (l *Loader) readLimited(fsys fs.FS, name string) ([]byte, error) {
	limit := l.MaxFileSize
	if limit <= 0 {
		limit = MaxFileSize
	}
	if st, err := fs.Stat(fsys, name); err == nil && st.Size() > limit {
		return nil, fmt.Errorf("file larger than %d bytes", limit)
	}
	b, err := fs.ReadFile(fsys, name)
	if err == nil && int64(len(b)) > limit {
		return nil, fmt.Errorf("file larger than %d bytes", limit)
	}
	return b, err
}

// Decode reads the named file and fills v, a non-nil pointer, from it.
// Keys are matched to the toml tags of struct fields (embedded structs
// without a tag lend their fields); a key without a field is a fault, and
// so is a missing key whose tag says `toml:"id,required"`. Every fault is
// reported, and Decode says whether there was none: the title's own
// checks need every file filled.
func (l *Loader) Decode(name string, v any) bool {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		panic(fmt.Sprintf("dataload: Decode(%q) needs a non-nil pointer, not %T", name, v))
	}
	data, display, err := l.read(name)
	if display == "" {
		display = name
	}
	f := &srcFile{display: display}
	l.files[name] = f
	if err != nil {
		l.add(&Error{File: display, Msg: "cannot read: " + err.Error()})
		return false
	}
	doc, fault := parse(data)
	if fault != nil {
		fault.File = display
		l.add(fault)
		return false
	}
	f.lines = doc.lines
	n := l.faults
	w := &walker{l: l, file: name, labels: l.Labels}
	if w.labels == nil {
		w.labels = DefaultLabels
	}
	w.walk(doc.raw, rv.Elem(), nil, "", "")
	return l.faults == n
}

// Errorf reports a fault in the named file at the line of path, a key
// path from the file's root: keys (string) and array indexes (int), as in
// ("pa", 3, "zone"). When the path is not in the file, the line is that
// of its longest part that is, else 1. Where names the table element
// ("pa H6") and field the key in it ("zone", "adjacent[2]").
func (l *Loader) Errorf(name string, path []any, where, field, format string, args ...any) {
	e := &Error{File: name, Where: where, Field: field, Msg: fmt.Sprintf(format, args...)}
	if f := l.files[name]; f != nil {
		e.File = f.display
		if f.lines != nil {
			e.Line = f.lines.Line(path...)
		}
	}
	l.add(e)
}

// Provenance reports a fault, at the line of path, when mark is not a
// provenance mark: "rulebook" or "reconstructed".
func (l *Loader) Provenance(name string, path []any, where, mark string) {
	if msg := ProvenanceFault(mark); msg != "" {
		l.Errorf(name, path, where, "provenance", "%s", msg)
	}
}

// ProvenanceFault says what is wrong with a provenance mark, or "".
func ProvenanceFault(mark string) string {
	switch mark {
	case Rulebook, Reconstructed:
		return ""
	case "":
		return `missing; say "rulebook" or "reconstructed" (DESIGN invariant 6)`
	}
	return fmt.Sprintf("%q: want \"rulebook\" or \"reconstructed\"", mark)
}

func (l *Loader) add(e *Error) {
	l.faults++
	if len(l.errs) < 2*MaxErrors {
		l.errs = append(l.errs, e)
	}
}

// Err returns the faults reported so far, as Errors sorted by file (in
// the order of the names given to New) and line, at most MaxErrors of
// them; nil when there is none.
func (l *Loader) Err() error {
	if len(l.errs) == 0 {
		return nil
	}
	rank := map[string]int{}
	for i, n := range l.names {
		if f := l.files[n]; f != nil {
			rank[f.display] = i
		}
	}
	sort.SliceStable(l.errs, func(i, j int) bool {
		a, b := l.errs[i], l.errs[j]
		if rank[a.File] != rank[b.File] {
			return rank[a.File] < rank[b.File]
		}
		return a.Line < b.Line
	})
	if len(l.errs) > MaxErrors {
		l.errs = l.errs[:MaxErrors]
	}
	return l.errs
}
