package sources

import (
	"reflect"
	"sort"
	"strings"
)

// KindDoc documents a kind for people and tools (`promptc kinds`): its
// summary, the fields of its value that conditions and templates read,
// and its options, each down to the leaves.
type KindDoc struct {
	Name    string     `json:"name"`
	Summary string     `json:"summary"`
	Value   string     `json:"value"`
	Fields  []FieldDoc `json:"fields"`
	Options []FieldDoc `json:"options"`
}

// FieldDoc is one field of a value or of an options struct. Path is how a
// pipeline writes it: ".Files[].Path" in a value (as expressions and
// templates read it), "files[].truncate.max_lines" in options (as `with:`
// spells it).
type FieldDoc struct {
	Path string `json:"path"`
	Type string `json:"type"`
	// Values lists an enum option's allowed values.
	Values []string `json:"values,omitempty"`
}

// Describe documents kind k.
func Describe(k Kind) KindDoc {
	d := KindDoc{Name: k.Name(), Summary: k.Doc(), Value: TypeName(k.ValueType()), Fields: []FieldDoc{}, Options: []FieldDoc{}}
	describeValue(k.ValueType(), "", map[reflect.Type]bool{}, &d.Fields)
	opts := reflect.TypeOf(k.Options()).Elem()
	describeOptions(opts, "", map[reflect.Type]bool{}, &d.Options)
	return d
}

// TypeName names a Go type as pipeline authors see it.
func TypeName(t reflect.Type) string {
	return strings.ReplaceAll(t.String(), "interface {}", "any")
}

var enumType = reflect.TypeFor[Enum]()

// describeValue lists the exported fields of a value type that its JSON
// form shows (fields tagged json:"-" are bookkeeping), recursing into
// structs, slices and pointers.
func describeValue(t reflect.Type, prefix string, seen map[reflect.Type]bool, out *[]FieldDoc) {
	t, ok := enter(t, seen)
	if !ok {
		return
	}
	defer delete(seen, t)
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() || f.Tag.Get("json") == "-" {
			continue
		}
		path := prefix + "." + f.Name
		*out = append(*out, FieldDoc{Path: path, Type: TypeName(f.Type)})
		describeValue(elem(f.Type, &path), path, seen, out)
	}
}

// describeOptions lists an options struct's fields by `koanf` tag, sorted
// within each level, recursing like describeValue.
func describeOptions(t reflect.Type, prefix string, seen map[reflect.Type]bool, out *[]FieldDoc) {
	t, ok := enter(t, seen)
	if !ok {
		return
	}
	defer delete(seen, t)
	fields := Fields(reflect.New(t).Interface())
	names := make([]string, 0, len(fields))
	for n := range fields {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		ft := fields[n]
		path := prefix + n
		fd := FieldDoc{Path: path, Type: TypeName(ft)}
		if ft.Implements(enumType) {
			fd.Type = "string"
			fd.Values = reflect.Zero(ft).Interface().(Enum).EnumValues()
		}
		*out = append(*out, fd)
		sub := path
		describeOptions(elem(ft, &sub), sub+".", seen, out)
	}
}

// enter strips pointers from t and reports whether it is a struct that is
// not already on the path being described (seen), marking it; the caller
// unmarks it when done, so recursive types end instead of looping.
func enter(t reflect.Type, seen map[reflect.Type]bool) (reflect.Type, bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return t, false
	}
	seen[t] = true
	return t, true
}

// elem strips slices, arrays and pointers from t, adding "[]" to path for
// each list level.
func elem(t reflect.Type, path *string) reflect.Type {
	for {
		switch t.Kind() {
		case reflect.Slice, reflect.Array:
			*path += "[]"
			t = t.Elem()
		case reflect.Pointer:
			t = t.Elem()
		default:
			return t
		}
	}
}
