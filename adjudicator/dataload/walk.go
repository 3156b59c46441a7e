package dataload

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pelletier/go-toml/v2"
)

// walker fills a Go value from a decoded document, reporting unknown keys
// and values of the wrong type at their lines. What it fills: structs
// (from tables, by toml tag), map[string]T (tables), slices and arrays
// (arrays; an array of tables for a slice of structs), strings, booleans,
// integers and floats (in range), and any (the value as decoded).
type walker struct {
	l      *Loader
	file   string
	labels []Label
}

func (w *walker) fault(path []any, where, field, format string, args ...any) {
	w.l.Errorf(w.file, path, where, field, format, args...)
}

func (w *walker) typeErr(path []any, where, field, want string, v any) {
	w.fault(path, where, field, "want %s, found %s", want, describe(v))
}

func (w *walker) walk(v any, rv reflect.Value, path []any, where, field string) {
	t := rv.Type()
	switch t.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			w.typeErr(path, where, field, "a table", v)
			return
		}
		fi := fieldsOf(t)
		for _, k := range sortedKeys(m) {
			sub := appendPath(path, k)
			idx, ok := fi.byKey[k]
			if !ok {
				w.fault(sub, where, joinField(field, k), "unknown key (the keys here are %s)", strings.Join(fi.names, ", "))
				continue
			}
			w.member(m[k], rv.FieldByIndex(idx), sub, where, field, k)
		}
		for _, k := range fi.required {
			if _, ok := m[k]; !ok {
				w.fault(path, where, joinField(field, k), "missing (a required key)")
			}
		}
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			w.fault(path, where, field, "the loader cannot fill a Go %s", t)
			return
		}
		m, ok := v.(map[string]any)
		if !ok {
			w.typeErr(path, where, field, "a table", v)
			return
		}
		if rv.IsNil() {
			rv.Set(reflect.MakeMapWithSize(t, len(m)))
		}
		for _, k := range sortedKeys(m) {
			ev := reflect.New(t.Elem()).Elem()
			w.member(m[k], ev, appendPath(path, k), where, field, k)
			rv.SetMapIndex(reflect.ValueOf(k).Convert(t.Key()), ev)
		}
	case reflect.Slice, reflect.Array:
		list, ok := v.([]any)
		if !ok {
			w.typeErr(path, where, field, "an array", v)
			return
		}
		if t.Kind() == reflect.Array && len(list) != t.Len() {
			w.fault(path, where, field, "want %d values, found %d", t.Len(), len(list))
			return
		}
		if t.Kind() == reflect.Slice {
			rv.Set(reflect.MakeSlice(t, len(list), len(list)))
		}
		for i, e := range list {
			w.walk(e, rv.Index(i), appendPath(path, i), where, fmt.Sprintf("%s[%d]", field, i))
		}
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			w.typeErr(path, where, field, "a string", v)
			return
		}
		rv.SetString(s)
	case reflect.Bool:
		b, ok := v.(bool)
		if !ok {
			w.typeErr(path, where, field, "true or false", v)
			return
		}
		rv.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(int64)
		switch {
		case !ok:
			w.typeErr(path, where, field, "an integer", v)
		case t.Kind() == reflect.Int && (n < math.MinInt32 || n > math.MaxInt32), rv.OverflowInt(n):
			// an int holds 32 bits on every platform
			w.fault(path, where, field, "integer %d out of range", n)
		default:
			rv.SetInt(n)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := v.(int64)
		switch {
		case !ok:
			w.typeErr(path, where, field, "an integer", v)
		case n < 0 || t.Kind() == reflect.Uint && n > math.MaxUint32 || rv.OverflowUint(uint64(n)):
			w.fault(path, where, field, "integer %d out of range", n)
		default:
			rv.SetUint(uint64(n))
		}
	case reflect.Float64, reflect.Float32:
		switch x := v.(type) {
		case float64:
			if t.Kind() == reflect.Float32 && !math.IsInf(x, 0) && rv.OverflowFloat(x) {
				w.fault(path, where, field, "number %v out of range", x)
				return
			}
			rv.SetFloat(x)
		case int64:
			if x < -(1<<53) || x > 1<<53 {
				w.fault(path, where, field, "number %d out of range", x)
				return
			}
			rv.SetFloat(float64(x))
		default:
			w.typeErr(path, where, field, "a number", v)
		}
	case reflect.Interface:
		if t.NumMethod() > 0 {
			w.fault(path, where, field, "the loader cannot fill a Go %s", t)
			return
		}
		if v != nil {
			rv.Set(reflect.ValueOf(clone(v)))
		}
	default:
		w.fault(path, where, field, "the loader cannot fill a Go %s", t)
	}
}

// member fills the value of key k of a table. A table in a table is a new
// element ("fire", "pa H6"); any other value is a field of the element.
func (w *walker) member(val any, fv reflect.Value, path []any, where, field, k string) {
	ft := fv.Type()
	switch {
	case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct:
		list, ok := val.([]any)
		if !ok {
			w.typeErr(path, where, joinField(field, k), "an array of tables", val)
			return
		}
		fv.Set(reflect.MakeSlice(ft, len(list), len(list)))
		for i, e := range list {
			em, _ := e.(map[string]any)
			w.walk(e, fv.Index(i), appendPath(path, i), joinWhere(where, w.label(k, em, i)), "")
		}
	case ft.Kind() == reflect.Struct || ft.Kind() == reflect.Map:
		if _, ok := val.(map[string]any); !ok {
			// Name the key: inside the table there is no field yet.
			w.typeErr(path, where, joinField(field, k), "a table", val)
			return
		}
		w.walk(val, fv, path, joinWhere(where, k), "")
	default:
		w.walk(val, fv, path, where, joinField(field, k))
	}
}

// label names the i-th table of the array of tables key.
func (w *walker) label(key string, m map[string]any, i int) string {
	for _, lb := range w.labels {
		var s string
		switch x := m[lb.Key].(type) {
		case string:
			s = x
		case int64:
			s = strconv.FormatInt(x, 10)
		}
		if s == "" {
			continue
		}
		if lb.Show && lb.Key != key {
			return key + " " + lb.Key + " " + s
		}
		return key + " " + s
	}
	return key + " #" + strconv.Itoa(i+1)
}

func describe(v any) string {
	switch x := v.(type) {
	case string:
		if len(x) > 40 {
			x = x[:40] + "..."
		}
		return fmt.Sprintf("the string %q", x)
	case int64:
		return fmt.Sprintf("the integer %d", x)
	case float64:
		return fmt.Sprintf("the number %v", x)
	case bool:
		return fmt.Sprintf("%v", x)
	case map[string]any:
		return "a table"
	case []any:
		return "an array"
	case time.Time, toml.LocalDateTime:
		return "a date-time"
	case toml.LocalDate:
		return "a date"
	case toml.LocalTime:
		return "a time"
	case nil:
		return "nothing"
	}
	return fmt.Sprintf("a %T", v)
}

// clone copies the tables and arrays of a decoded value: the decoded
// document is shared by the loads of the same text.
func clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = clone(e)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = clone(e)
		}
		return l
	}
	return v
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// typeFields is the keys of a struct type: the toml tags of its fields
// and of the fields of its untagged embedded structs. A tag with the
// option "required" (`toml:"id,required"`) makes a key every table must
// write.
type typeFields struct {
	byKey    map[string][]int // key -> field index
	names    []string         // in the order of the fields
	required []string
}

var fieldCache sync.Map // reflect.Type -> *typeFields

func fieldsOf(t reflect.Type) *typeFields {
	if tf, ok := fieldCache.Load(t); ok {
		return tf.(*typeFields)
	}
	type found struct {
		key      string
		index    []int
		required bool
	}
	var all []found
	var collect func(t reflect.Type, index []int)
	collect = func(t reflect.Type, index []int) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			idx := append(index[:len(index):len(index)], i)
			opts := strings.Split(f.Tag.Get("toml"), ",")
			tag := opts[0]
			if f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct {
				collect(f.Type, idx)
				continue
			}
			if tag == "" || tag == "-" || !f.IsExported() {
				continue
			}
			all = append(all, found{tag, idx, slices.Contains(opts[1:], "required")})
		}
	}
	collect(t, nil)
	tf := &typeFields{byKey: map[string][]int{}}
	for _, f := range all { // as in Go, the shallowest field wins
		if prev, ok := tf.byKey[f.key]; !ok || len(f.index) < len(prev) {
			tf.byKey[f.key] = f.index
		}
	}
	for _, f := range all {
		if idx := tf.byKey[f.key]; slices.Equal(idx, f.index) {
			tf.names = append(tf.names, f.key)
			if f.required {
				tf.required = append(tf.required, f.key)
			}
		}
	}
	fieldCache.Store(t, tf)
	return tf
}

func appendPath(path []any, part any) []any {
	out := make([]any, len(path), len(path)+1)
	copy(out, path)
	return append(out, part)
}

// joinField adds key k to a field name: "zone", "shape[2]", "spans.1";
// a key TOML had to quote is quoted.
func joinField(field, k string) string {
	if k == "" || strings.IndexFunc(k, func(r rune) bool { return !isBare(r) }) >= 0 {
		k = strconv.Quote(k)
	}
	if field == "" {
		return k
	}
	return field + "." + k
}

func isBare(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-'
}

func joinWhere(where, s string) string {
	if where == "" {
		return s
	}
	return where + ", " + s
}
