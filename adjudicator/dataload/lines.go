package dataload

import (
	"bytes"
	"errors"
	"sort"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// Lines maps the keys and array elements of a TOML document to their
// lines, from go-toml's parser. On a document the parser refuses it holds
// what comes before the fault.
type Lines struct {
	root  *posNode
	exprs []exprPos // the top-level expressions, in document order
	// The expression the parser refused: its first line (0: none) and its
	// key, from the document's root.
	failLine int
	failKey  []string
}

type posNode struct {
	line  int // 0: not written in the document (a dotted key's prefix)
	kids  map[string]*posNode
	elems []*posNode
}

type exprPos struct {
	line int
	key  []string // from the root
}

func (n *posNode) kid(k string) *posNode {
	if n.kids == nil {
		n.kids = map[string]*posNode{}
	}
	c := n.kids[k]
	if c == nil {
		c = &posNode{}
		n.kids[k] = c
	}
	return c
}

// Line returns the line of path (keys as strings, array indexes as ints),
// or of the longest part of it in the document, or 1.
func (ls *Lines) Line(path ...any) int {
	best := 1
	n := ls.root
	for _, part := range path {
		var next *posNode
		switch x := part.(type) {
		case string:
			next = n.kids[x]
		case int:
			if x >= 0 && x < len(n.elems) {
				next = n.elems[x]
			}
		}
		if next == nil {
			break
		}
		n = next
		if n.line > 0 {
			best = n.line
		}
	}
	return best
}

// keyAt returns the key of the top-level expression written at line (for
// the faults the decoder finds after parsing: a key defined twice), or nil.
func (ls *Lines) keyAt(line int) []string {
	if ls.failLine > 0 && line >= ls.failLine {
		return ls.failKey
	}
	i := sort.Search(len(ls.exprs), func(i int) bool { return ls.exprs[i].line > line })
	if i == 0 {
		return nil
	}
	return ls.exprs[i-1].key
}

// NewLines maps the keys and array elements of doc to their lines. It
// never fails: on a document go-toml refuses, it maps what comes before
// the fault.
func NewLines(doc []byte) *Lines {
	b := &linesBuilder{ls: &Lines{root: &posNode{line: 1}}, doc: doc}
	func() {
		defer func() { _ = recover() }() // keep what was mapped
		b.build()
	}()
	return b.ls
}

type linesBuilder struct {
	ls     *Lines
	doc    []byte
	starts []int // offset of each line's first byte
}

func (b *linesBuilder) lineOf(offset int) int {
	return sort.Search(len(b.starts), func(i int) bool { return b.starts[i] > offset })
}

func (b *linesBuilder) build() {
	b.starts = []int{0}
	for i, c := range b.doc {
		if c == '\n' {
			b.starts = append(b.starts, i+1)
		}
	}
	var p unstable.Parser
	p.Reset(b.doc)
	cur := b.ls.root
	var table []string // the current table's key
	end := -1          // the end of the last expression parsed
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			key, line, last := b.key(e)
			cur = b.header(key, e.Kind == unstable.ArrayTable, line)
			table = key
			b.ls.exprs = append(b.ls.exprs, exprPos{line, key})
			end = last
		case unstable.KeyValue:
			key, line, _ := b.key(e)
			n := descend(cur, key)
			n.line = line
			b.value(n, e.Value(), line)
			b.ls.exprs = append(b.ls.exprs, exprPos{line, append(table[:len(table):len(table)], key...)})
			end = int(e.Raw.Offset + e.Raw.Length)
		}
	}
	if p.Error() == nil {
		return
	}
	start := nextExpression(b.doc, end)
	b.ls.failLine = b.lineOf(start)
	key, header := failedKey(b.doc[start:], faultOffset(&p)-start)
	switch {
	case header:
		b.ls.failKey = key
	case key != nil:
		b.ls.failKey = append(table[:len(table):len(table)], key...)
	default:
		b.ls.failKey = table
	}
}

// key returns the parts of a table header's or key-value's key, the line
// of its first part and the end of its last.
func (b *linesBuilder) key(e *unstable.Node) (key []string, line, end int) {
	it := e.Key()
	for it.Next() {
		k := it.Node()
		if key == nil {
			line = b.lineOf(int(k.Raw.Offset))
		}
		key = append(key, string(k.Data))
		end = int(k.Raw.Offset + k.Raw.Length)
	}
	return key, line, end
}

// header enters the table of a [table] or [[array of tables]] header.
func (b *linesBuilder) header(key []string, aot bool, line int) *posNode {
	n := b.ls.root
	for i, k := range key {
		c := n.kid(k)
		if c.line == 0 {
			c.line = line
		}
		if i == len(key)-1 {
			if aot {
				e := &posNode{line: line}
				c.elems = append(c.elems, e)
				return e
			}
			return c
		}
		if len(c.elems) > 0 { // a header names the last table of an array
			n = c.elems[len(c.elems)-1]
		} else {
			n = c
		}
	}
	return n
}

func descend(n *posNode, key []string) *posNode {
	for _, k := range key {
		n = n.kid(k)
	}
	return n
}

// value maps the elements of an array and the keys of an inline table.
func (b *linesBuilder) value(n *posNode, v *unstable.Node, line int) {
	switch v.Kind {
	case unstable.Array:
		it := v.Children()
		for it.Next() {
			c := it.Node()
			if c.Kind == unstable.Comment {
				continue
			}
			e := &posNode{line: b.firstLine(c, line)}
			n.elems = append(n.elems, e)
			b.value(e, c, e.line)
		}
	case unstable.InlineTable:
		it := v.Children()
		for it.Next() {
			kv := it.Node()
			if kv.Kind != unstable.KeyValue {
				continue
			}
			key, kline, _ := b.key(kv)
			k := descend(n, key)
			k.line = kline
			b.value(k, kv.Value(), kline)
		}
	}
}

// firstLine is the line a value starts on. An array has no position of
// its own: it is that of its first element, or else the enclosing line.
func (b *linesBuilder) firstLine(v *unstable.Node, enclosing int) int {
	if v.Raw.Length > 0 {
		return b.lineOf(int(v.Raw.Offset))
	}
	if v.Kind == unstable.Array {
		it := v.Children()
		for it.Next() {
			if c := it.Node(); c.Kind != unstable.Comment {
				return b.firstLine(c, enclosing)
			}
		}
	}
	return enclosing
}

// nextExpression returns the offset of the expression after the one
// ending at end (-1: none), past blanks, comments and newlines.
func nextExpression(doc []byte, end int) int {
	i := 0
	if end >= 0 {
		i = end
		for i < len(doc) && doc[i] != '\n' { // the rest of its line
			i++
		}
	}
	for i < len(doc) {
		switch doc[i] {
		case ' ', '\t', '\r', '\n':
			i++
		case '#':
			for i < len(doc) && doc[i] != '\n' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// faultOffset is where in the document the parser found its fault, or -1.
func faultOffset(p *unstable.Parser) (off int) {
	defer func() {
		if recover() != nil {
			off = -1
		}
	}()
	var pe *unstable.ParserError
	if !errors.As(p.Error(), &pe) {
		return -1
	}
	return int(p.Range(pe.Highlight).Offset)
}

// failedKey returns the key of the expression the parser refused, rest
// being the document from its start and fault the offset of the fault in
// it, and whether it is a table header. The parser itself reads the key:
// the line is cut where the fault is, or else after each candidate end of
// the key, and closed ("[a.b" + "]", "key " + "= 0") until it parses.
func failedKey(rest []byte, fault int) (key []string, header bool) {
	line := rest[:min(len(rest), 512)]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	header = len(line) > 0 && line[0] == '['
	closer := "= 0"
	if header {
		closer = "]"
		if len(line) > 1 && line[1] == '[' {
			closer = "]]"
		}
	}
	cuts := []int{}
	if fault > 0 && fault < len(line) {
		cuts = append(cuts, fault)
	}
	for i := 1; i <= len(line) && len(cuts) < 16; i++ {
		if i == len(line) && header || i < len(line) && (header && line[i] == ']' || !header && line[i] == '=') {
			cuts = append(cuts, i)
		}
	}
	var p unstable.Parser
	for _, i := range cuts {
		cand := append(append([]byte(nil), line[:i]...), closer...)
		p.Reset(cand)
		if !p.NextExpression() || p.Error() != nil {
			continue
		}
		e := p.Expression()
		if header != (e.Kind == unstable.Table || e.Kind == unstable.ArrayTable) {
			continue
		}
		it := e.Key()
		for it.Next() {
			key = append(key, string(it.Node().Data))
		}
		return key, header
	}
	return nil, header
}

// doc is a parsed file: its values and the lines of its keys. Both are
// only read once made, so a parse is shared by every load of the same
// text (tests and fuzzing load the same files many times).
type doc struct {
	raw   map[string]any
	lines *Lines
}

var parseCache struct {
	sync.Mutex
	m     map[string]*doc
	order []string
}

const (
	parseCacheSize = 8       // texts kept
	parseCacheMax  = 1 << 20 // bytes: larger texts are not kept
)

// parse decodes a TOML document into generic values (tables as
// map[string]any, arrays as []any, integers as int64). A fault is a
// syntax error: its Error has no File.
func parse(data []byte) (*doc, *Error) {
	text := string(data)
	c := &parseCache
	c.Lock()
	d, ok := c.m[text]
	c.Unlock()
	if ok {
		return d, nil
	}
	lines := NewLines(data)
	var raw map[string]any
	if err := unmarshal(data, &raw); err != nil {
		return nil, syntaxError(err, lines)
	}
	if raw == nil {
		raw = map[string]any{}
	}
	d = &doc{raw: raw, lines: lines}
	if len(text) > parseCacheMax {
		return d, nil
	}
	c.Lock()
	defer c.Unlock()
	if c.m == nil {
		c.m = map[string]*doc{}
	}
	if _, ok := c.m[text]; !ok {
		if len(c.order) >= parseCacheSize {
			delete(c.m, c.order[0])
			c.order = c.order[1:]
		}
		c.m[text] = d
		c.order = append(c.order, text)
	}
	return d, nil
}

func unmarshal(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errorString("the TOML decoder failed")
		}
	}()
	return toml.Unmarshal(data, v)
}

type errorString string

func (e errorString) Error() string { return string(e) }

// syntaxError places a fault of go-toml's decoder: its line, and the key
// of the expression there.
func syntaxError(err error, lines *Lines) *Error {
	e := &Error{Line: 1, Msg: "syntax error: " + strings.TrimPrefix(err.Error(), "toml: ")}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		if row, _ := de.Position(); row > 0 {
			e.Line = row
		}
	}
	for _, k := range lines.keyAt(e.Line) {
		e.Field = joinField(e.Field, k)
	}
	return e
}
