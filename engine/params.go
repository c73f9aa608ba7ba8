package engine

import (
	"context"
	"fmt"
	"reflect"

	"github.com/go-viper/mapstructure/v2"
)

// ParamValues returns the value every declared param takes for in: the
// caller's value converted to the param's type, else the default (nil for
// nullable lists and maps). It reads no source; `promptc explain` uses it
// to evaluate parts of conditions after a run.
func (p *Plan) ParamValues(ctx context.Context, in Input) (map[string]any, error) {
	r, err := p.newRun(in)
	if err != nil {
		return nil, err
	}
	out := make(map[string]any, len(p.params))
	for name := range p.params {
		v, err := r.value(ctx, name)
		if err != nil {
			return nil, err
		}
		out[name] = v
	}
	return out, nil
}

// param computes a param's value: the caller's (converted), else its
// default_expr, else its default.
func (r *run) param(ctx context.Context, pp *paramPlan) (any, error) {
	if given, ok := r.in.Params[pp.name]; ok {
		v, err := coerce(given, pp.typ)
		if err != nil {
			return nil, fmt.Errorf("param %s: %w", pp.name, err)
		}
		return v, nil
	}
	if pp.defExpr == nil {
		return pp.def, nil
	}
	vals, err := r.env(ctx, pp.defExpr)
	if err != nil {
		return nil, err
	}
	out, err := pp.defExpr.EvalIn(&r.machine, vals)
	if err != nil {
		return nil, r.exprErr("/params/"+pp.name+"/default_expr", err)
	}
	v, err := coerce(out, pp.typ)
	if err != nil {
		return nil, r.exprErr("/params/"+pp.name+"/default_expr", err)
	}
	return v, nil
}

// coerce converts a caller- or YAML-supplied value to a param type.
func coerce(v any, typ reflect.Type) (any, error) {
	if v == nil {
		return reflect.Zero(typ).Interface(), nil
	}
	rv := reflect.ValueOf(v)
	if rv.Type() == typ {
		return v, nil
	}
	if typ.Kind() == reflect.Pointer {
		if rv.Kind() == reflect.Pointer {
			if rv.IsNil() {
				return reflect.Zero(typ).Interface(), nil
			}
			v = rv.Elem().Interface()
		}
		elem, err := coerce(v, typ.Elem())
		if err != nil {
			return nil, err
		}
		p := reflect.New(typ.Elem())
		p.Elem().Set(reflect.ValueOf(elem))
		return p.Interface(), nil
	}
	out := reflect.New(typ)
	dec, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{Result: out.Interface()})
	if err != nil {
		return nil, err
	}
	if err := dec.Decode(v); err != nil {
		return nil, fmt.Errorf("want %s, got %s", typeName(typ), describe(v))
	}
	return out.Elem().Interface(), nil
}

// typeName names a param type as pipelines write it.
func typeName(t reflect.Type) string {
	for name, pt := range paramTypes {
		if pt == t {
			return article(name)
		}
	}
	return t.String()
}

func article(name string) string {
	switch name {
	case "int":
		return "an int"
	case "list":
		return "a list of strings"
	}
	return "a " + name
}

// describe names a caller-supplied value for error messages.
func describe(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", x)
	case bool:
		return fmt.Sprintf("the bool %v", x)
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	case float64, int, int64:
		return fmt.Sprintf("the number %v", x)
	}
	return fmt.Sprintf("%T", v)
}
