// Package sources defines source kinds: named loaders that a pipeline
// declares under `sources:` and the engine resolves lazily, at most once per
// run. A kind is configured by an options struct whose fields are set from
// the pipeline's literal `with:` settings and from `args:` expressions that
// the engine evaluates at run time over params and other sources.
//
// Kinds are reusable: the pi-specific knowledge (file names, strings, search
// rules) lives in the pipeline YAML, not here.
package sources

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/go-viper/mapstructure/v2"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/vfs"
	"github.com/promptc/promptc/prov"
)

// Env is what a source may use at run time besides its options. It never
// carries a context; that is passed to Resolve.
type Env struct {
	// FS is the file system, rooted at "/", that every path is read through.
	FS vfs.FS
}

// Output is what resolving a source yields.
type Output struct {
	// Value is the source's value, of the kind's ValueType.
	Value any
	// Diags are run-time warnings (unreadable files, invalid skills, ...).
	Diags diag.List
	// Origins lists the files that contributed to Value.
	Origins []prov.Origin
	// Excluded lists candidates that were considered and left out.
	Excluded []prov.Exclusion
}

// Kind is the factory of one source kind. Implementations must be safe for
// concurrent use: Options returns a fresh value on every call and Resolve
// keeps no state between calls.
type Kind interface {
	// Name is the identifier used in `kind:`.
	Name() string
	// Doc is a one-line summary for `promptc kinds` and error hints.
	Doc() string
	// Options returns a pointer to a new options struct holding the kind's
	// defaults. Fields are addressed by their `koanf` tag.
	Options() any
	// ValueType is the dynamic type of Output.Value; conditions and
	// templates are type-checked against it.
	ValueType() reflect.Type
	// Resolve computes the value from options that Options returned and the
	// engine filled in.
	Resolve(ctx context.Context, env Env, opts any) (Output, error)
}

// Func adapts a typed resolve function into a Kind.
type Func[O, V any] struct {
	KindName string
	Summary  string
	Defaults func() *O
	Run      func(ctx context.Context, env Env, opts *O) (V, Output, error)
}

var _ Kind = Func[struct{}, struct{}]{}

func (f Func[O, V]) Name() string { return f.KindName }
func (f Func[O, V]) Doc() string  { return f.Summary }

func (f Func[O, V]) Options() any {
	if f.Defaults != nil {
		return f.Defaults()
	}
	return new(O)
}

func (f Func[O, V]) ValueType() reflect.Type { return reflect.TypeFor[V]() }

func (f Func[O, V]) Resolve(ctx context.Context, env Env, opts any) (Output, error) {
	o, ok := opts.(*O)
	if !ok {
		return Output{}, fmt.Errorf("source kind %s: options of type %T, want %T", f.KindName, opts, new(O))
	}
	v, out, err := f.Run(ctx, env, o)
	out.Value = v
	return out, err
}

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
	var field reflect.Value
	eachField(reflect.ValueOf(opts).Elem(), func(n string, f reflect.Value) bool {
		if n == name {
			field = f
			return false
		}
		return true
	})
	if !field.IsValid() {
		return fmt.Errorf("unknown option %q", name)
	}
	if value == nil {
		field.Set(reflect.Zero(field.Type()))
		return nil
	}
	if rv := reflect.ValueOf(value); rv.Type().AssignableTo(field.Type()) {
		field.Set(rv)
		return nil
	}
	dec, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{
		Result:      field.Addr().Interface(),
		TagName:     "koanf",
		ErrorUnused: true,
		ZeroFields:  true,
	})
	if err != nil {
		return err
	}
	if err := dec.Decode(value); err != nil {
		return cleanDecodeErr(err)
	}
	return nil
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
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "1 error(s) decoding:\n\n* ")
	msg = strings.ReplaceAll(msg, "'' ", "")
	return fmt.Errorf("%s", msg)
}
