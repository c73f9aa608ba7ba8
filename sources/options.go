package sources

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/go-viper/mapstructure/v2"
)

// Fields returns the settable option names of opts (a pointer to a struct)
// with their Go types, keyed by `koanf` tag. Embedded structs tagged
// `koanf:",squash"` contribute their fields.
func Fields(opts any) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	eachField(reflect.ValueOf(opts).Elem(), func(name string, v reflect.Value) bool {
		out[name] = v.Type()
		return true
	})
	return out
}

// eachField calls fn for every tagged field of struct value v, descending
// into squashed embedded structs, until fn returns false.
func eachField(v reflect.Value, fn func(name string, field reflect.Value) bool) bool {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && strings.Contains(f.Tag.Get("koanf"), "squash") && f.Type.Kind() == reflect.Struct {
			if !eachField(v.Field(i), fn) {
				return false
			}
			continue
		}
		if tag := tagName(f); tag != "" {
			if !fn(tag, v.Field(i)) {
				return false
			}
		}
	}
	return true
}

// FieldNames returns the option names of opts, sorted.
func FieldNames(opts any) []string {
	fs := Fields(opts)
	names := make([]string, 0, len(fs))
	for n := range fs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Set assigns value to the option named name in opts, converting plain YAML
// or expression values (e.g. []any of strings) to the field's type. It
// fails for unknown names and values that do not fit.
func Set(opts any, name string, value any) error {
	index, ok := OptionIndex(opts, name)
	if !ok {
		return fmt.Errorf("%w %q", ErrUnknownOption, name)
	}
	return SetIndexed(opts, index, value)
}

// OptionIndex is the index (as reflect.Value.FieldByIndex takes it) of
// the option named name in opts, a pointer to a struct, or false. A
// caller that sets the same option of many values of one type looks it up
// once (the engine, when it compiles a source's args).
func OptionIndex(opts any, name string) ([]int, bool) {
	return optionIndex(reflect.TypeOf(opts).Elem(), name, nil)
}

func optionIndex(t reflect.Type, name string, at []int) ([]int, bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		here := append(at[:len(at):len(at)], i)
		if f.Anonymous && strings.Contains(f.Tag.Get("koanf"), "squash") && f.Type.Kind() == reflect.Struct {
			if idx, ok := optionIndex(f.Type, name, here); ok {
				return idx, true
			}
			continue
		}
		if tagName(f) == name {
			return here, true
		}
	}
	return nil, false
}

// SetIndexed is Set of the option at index (OptionIndex's, for opts'
// type).
func SetIndexed(opts any, index []int, value any) error {
	field := reflect.ValueOf(opts).Elem().FieldByIndex(index)
	if value == nil {
		field.Set(reflect.Zero(field.Type()))
		return nil
	}
	if rv := reflect.ValueOf(value); rv.Type().AssignableTo(field.Type()) {
		field.Set(rv)
		return nil
	}
	if strs, ok := StringList(value); ok && field.Type() == typeOfStrings {
		field.Set(reflect.ValueOf(strs)) // what the decoder makes of it, without one
		return nil
	}
	dec, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{
		Result:      field.Addr().Interface(),
		TagName:     "koanf",
		ErrorUnused: true,
		ZeroFields:  true,
		DecodeHook:  mapstructure.TextUnmarshallerHookFunc(),
	})
	if err != nil {
		return err
	}
	if err := dec.Decode(value); err != nil {
		return valueError(err)
	}
	return nil
}

var typeOfStrings = reflect.TypeFor[[]string]()

// StringList is value as a []string when it is a []any of strings only
// (a list from YAML, TOML, JSON or an expression).
func StringList(value any) ([]string, bool) {
	list, ok := value.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, len(list))
	for i, v := range list {
		if out[i], ok = v.(string); !ok {
			return nil, false
		}
	}
	return out, true
}

// ErrUnknownOption is what Set's error wraps for a name the options
// struct does not have.
var ErrUnknownOption = errors.New("unknown option")

// ValueError is Set's error for a value that does not fit its option.
type ValueError struct {
	// Path locates the bad part inside the option's value, in
	// mapstructure's notation ("[0].truncate.over_bytes"); "" is the value
	// itself.
	Path string
	// Err is the cause, an *EnumError for a value outside a fixed set.
	Err error
}

func (e *ValueError) Error() string { return e.Err.Error() }
func (e *ValueError) Unwrap() error { return e.Err }

// valueError turns a mapstructure error into a *ValueError naming the
// first bad field.
func valueError(err error) error {
	var de *mapstructure.DecodeError
	if errors.As(err, &de) {
		cause := de.Unwrap()
		return &ValueError{Path: de.Name(), Err: cleanDecodeErr(cause)}
	}
	return &ValueError{Err: cleanDecodeErr(err)}
}

// PointerSuffix turns a ValueError path into a JSON-pointer suffix:
// "[0].truncate.over_bytes" -> "/0/truncate/over_bytes".
func (e *ValueError) PointerSuffix() string {
	p := strings.NewReplacer("[", "/", "]", "", ".", "/").Replace(e.Path)
	if p != "" && p[0] != '/' {
		p = "/" + p
	}
	return p
}

func tagName(f reflect.StructField) string {
	tag := f.Tag.Get("koanf")
	if tag == "-" || !f.IsExported() || f.Anonymous {
		return ""
	}
	if i := strings.IndexByte(tag, ','); i >= 0 {
		tag = tag[:i]
	}
	return tag
}

func cleanDecodeErr(err error) error {
	var ee *EnumError
	if errors.As(err, &ee) {
		return ee
	}
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "1 error(s) decoding:\n\n* ")
	msg = strings.TrimPrefix(msg, "decoding failed due to the following error(s):\n\n")
	msg = strings.ReplaceAll(msg, "'' ", "")
	return errors.New(msg)
}
