package sources

import (
	"context"
	"fmt"
	"reflect"
)

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
