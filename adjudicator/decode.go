package adjudicator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
)

// DecodeState decodes a title's JSON-encoded state into v (a pointer) so
// that the result behaves as the live state it was encoded from:
//
//   - strictly: an unknown field or trailing data is an error, never
//     silently dropped;
//   - with usable zero values: every nil map reachable from v (struct
//     fields, map values, slice elements, pointers) is made empty, because
//     encoding/json's omitempty writes an empty map as nothing and reads it
//     back as nil, and a write to a nil map panics where live play, which
//     had an empty map, did not;
//   - exactly: encoding the result with enc gives back b byte for byte,
//     so no field was misread (a state that changed shape since b was
//     written fails here and is replayed from its log instead).
//
// Titles call it from Rules.Decode, so that every title's snapshots are
// the live state by construction.
func DecodeState(b []byte, v any, enc func() ([]byte, error)) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("decode state: %w", err)
	}
	if dec.More() {
		return fmt.Errorf("decode state: data after the state")
	}
	UsableZero(v)
	if enc == nil {
		return nil
	}
	back, err := enc()
	if err != nil {
		return fmt.Errorf("decode state: re-encode: %w", err)
	}
	if !bytes.Equal(bytes.TrimSpace(b), back) {
		return fmt.Errorf("decode state: the decoded state does not encode to the bytes it came from (%d against %d bytes)", len(back), len(bytes.TrimSpace(b)))
	}
	return nil
}

// UsableZero replaces every nil map reachable from v with an empty one.
// It follows pointers, struct fields (exported ones), map values and slice
// and array elements.
func UsableZero(v any) {
	usable(reflect.ValueOf(v), 0)
}

// maxDepth bounds the walk: states are trees, never this deep.
const maxDepth = 64

func usable(v reflect.Value, depth int) {
	if depth > maxDepth || !v.IsValid() {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			usable(v.Elem(), depth+1)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < v.NumField(); i++ {
			if t.Field(i).IsExported() {
				usable(v.Field(i), depth+1)
			}
		}
	case reflect.Slice, reflect.Array:
		if !needsWalk(v.Type().Elem(), 0) {
			return
		}
		for i := 0; i < v.Len(); i++ {
			usable(v.Index(i), depth+1)
		}
	case reflect.Map:
		if v.IsNil() {
			if v.CanSet() {
				v.Set(reflect.MakeMap(v.Type()))
			}
			return
		}
		et := v.Type().Elem()
		if !needsWalk(et, 0) {
			return
		}
		iter := v.MapRange()
		for iter.Next() {
			val := iter.Value()
			if et.Kind() == reflect.Pointer || et.Kind() == reflect.Interface {
				usable(val, depth+1)
				continue
			}
			// Map values are not addressable: fix a copy and store it.
			c := reflect.New(et).Elem()
			c.Set(val)
			usable(c, depth+1)
			v.SetMapIndex(iter.Key(), c)
		}
	}
}

// needsWalk reports whether values of type t can hold a map.
func needsWalk(t reflect.Type, depth int) bool {
	if depth > 8 {
		return true
	}
	switch t.Kind() {
	case reflect.Map, reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return needsWalk(t.Elem(), depth+1)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() && needsWalk(t.Field(i).Type, depth+1) {
				return true
			}
		}
	}
	return false
}
