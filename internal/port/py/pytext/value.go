package pytext

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// Truthy is Python's bool(v) for values decoded from JSON or YAML: nil,
// false, zero numbers and empty strings, lists and maps are false.
func Truthy(v any) bool {
	if v == nil {
		return false
	}
	switch x := v.(type) {
	case bool:
		return x
	case string:
		return x != ""
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return rv.Len() > 0
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int() != 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return rv.Uint() != 0
	case reflect.Float32, reflect.Float64:
		return rv.Float() != 0
	case reflect.Pointer, reflect.Interface:
		return !rv.IsNil()
	}
	return true
}

// Str is Python's str(v) for scalars decoded from JSON: strings as they
// are, None for nil, True/False, integral floats as integers (JSON cannot
// tell 5 from 5.0 once decoded; Python's json gives int 5), other floats in
// Python's shortest repr. Lists and maps fall back to Go's formatting.
func Str(v any) string {
	switch x := v.(type) {
	case nil:
		return "None"
	case string:
		return x
	case bool:
		if x {
			return "True"
		}
		return "False"
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return floatStr(x)
	}
	return fmtAny(v)
}

func floatStr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	case f == math.Trunc(f) && math.Abs(f) < 1e16:
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	// Python's repr: shortest round-trip digits, scientific notation when
	// the decimal exponent is below -4 or at least 16, with a signed
	// exponent of at least two digits (1e-05, 1.5e+16).
	e := strconv.FormatFloat(f, 'e', -1, 64)
	i := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[i+1:])
	if exp >= -4 && exp < 16 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	mant, digits := e[:i], e[i+2:]
	if len(digits) < 2 {
		digits = "0" + digits
	}
	return mant + "e" + e[i+1:i+2] + digits
}

func fmtAny(v any) string { return fmt.Sprint(v) }
