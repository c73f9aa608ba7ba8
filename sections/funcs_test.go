package sections

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

// sampleArgs builds arguments for a function of type ft, or false when a
// parameter has a type no sample exists for.
func sampleArgs(ft reflect.Type, variant int) ([]reflect.Value, bool) {
	var args []reflect.Value
	for i := 0; i < ft.NumIn(); i++ {
		n := 1000 * (i + 1)
		samples := map[reflect.Kind]any{
			reflect.String: []string{"2024-01-02", "x y"}[variant], reflect.Int: n, reflect.Int64: int64(n), reflect.Float64: 1.5,
			reflect.Bool: true, reflect.Uint32: uint32(n),
		}
		t := ft.In(i)
		if ft.IsVariadic() && i == ft.NumIn()-1 {
			t = t.Elem()
		}
		switch {
		case t == reflect.TypeFor[time.Time]():
			args = append(args, reflect.ValueOf(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)))
		case t.Kind() == reflect.Interface && variant == 1:
			args = append(args, reflect.ValueOf(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)))
		case t.Kind() == reflect.Interface:
			args = append(args, reflect.ValueOf("x"))
		case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Interface:
			args = append(args, reflect.ValueOf([]any{1, "b"}))
		case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.String:
			args = append(args, reflect.ValueOf([]string{"a", "b"}))
		case t.Kind() == reflect.Map:
			args = append(args, reflect.ValueOf(map[string]any{"a": 1}))
		default:
			v, ok := samples[t.Kind()]
			if !ok {
				return nil, false
			}
			args = append(args, reflect.ValueOf(v).Convert(t))
		}
	}
	return args, true
}

// callAll calls every function of the map once with sample arguments and
// returns what each gave, printed.
func callAll(t *testing.T) map[string]string {
	out := map[string]string{}
	for name, fn := range Funcs() {
		v := reflect.ValueOf(fn)
		for variant := range 2 {
			args, ok := sampleArgs(v.Type(), variant)
			if !ok {
				t.Logf("%s: no sample arguments for %s", name, v.Type())
				continue
			}
			key := fmt.Sprintf("%s/%d", name, variant)
			func() {
				defer func() {
					if r := recover(); r != nil {
						out[key] = fmt.Sprintf("panic: %v", r)
					}
				}()
				res := v.Call(args)
				parts := make([]string, len(res))
				for i, r := range res {
					parts[i] = show(r)
				}
				out[key] = strings.Join(parts, ", ")
			}()
		}
	}
	return out
}

// TestFuncsArePure renders every template function twice, under another
// local time zone and more than a second apart: a function whose result
// depends on the clock, the zone or randomness gives two results.
func TestFuncsArePure(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: waits for the clock")
	}
	saved := time.Local
	defer func() { time.Local = saved }()
	time.Local = time.UTC
	first := callAll(t)
	time.Sleep(1100 * time.Millisecond)
	time.Local = time.FixedZone("UTC+9", 9*3600)
	second := callAll(t)
	var names []string
	for n := range first {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) < 300 {
		t.Fatalf("only %d functions were called", len(names))
	}
	for _, n := range names {
		if first[n] != second[n] {
			t.Errorf("%s is not pure: %s, then %s", n, first[n], second[n])
		}
	}
	for _, n := range impure {
		if _, ok := Funcs()[n]; ok {
			t.Errorf("impure function %s is in the map", n)
		}
	}
}

// show prints a value by content: errors by their text, pointers by what
// they point to.
func show(v reflect.Value) string {
	if !v.IsValid() {
		return "<nil>"
	}
	if v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if err, ok := v.Interface().(error); ok && err != nil {
		return "error: " + err.Error()
	}
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		return "&" + show(v.Elem())
	}
	return fmt.Sprintf("%#v", v.Interface())
}
