package pyyaml

import (
	"math"
	"math/big"
	"testing"
)

func list(items ...any) *List { return &List{Items: items} }

func dict(kv ...any) *Dict {
	d := NewDict()
	for i := 0; i+1 < len(kv); i += 2 {
		if err := d.Set(kv[i], kv[i+1]); err != nil {
			panic(err)
		}
	}
	return d
}

// TestStr pins Str and Repr against CPython 3.11's str() and repr() (spec
// R-X-2: non-string front-matter values reach the prompt through str()).
func TestStr(t *testing.T) {
	tests := []struct {
		v         any
		str, repr string
	}{
		{true, "True", "True"},
		{false, "False", "False"},
		{nil, "None", "None"},
		{1000.0, "1000.0", "1000.0"},
		{3.5, "3.5", "3.5"},
		{big.NewInt(90), "90", "90"},
		{list("a", "b"), "['a', 'b']", "['a', 'b']"},
		{dict("k", big.NewInt(1)), "{'k': 1}", "{'k': 1}"},
		{Date{2024, 1, 5}, "2024-01-05", "datetime.date(2024, 1, 5)"},
		{DateTime{Date: Date{2001, 12, 14}, Hour: 21, Minute: 59, Second: 43, Microsecond: 100000, Aware: true, Offset: -5 * 3600},
			"2001-12-14 21:59:43.100000-05:00",
			"datetime.datetime(2001, 12, 14, 21, 59, 43, 100000, tzinfo=datetime.timezone(datetime.timedelta(days=-1, seconds=68400)))"},
		{DateTime{Date: Date{2024, 1, 1}, Hour: 10}, "2024-01-01 10:00:00", "datetime.datetime(2024, 1, 1, 10, 0)"},
		{DateTime{Date: Date{2024, 1, 1}, Aware: true}, "2024-01-01 00:00:00+00:00", "datetime.datetime(2024, 1, 1, 0, 0, tzinfo=datetime.timezone.utc)"},
		{1e16, "1e+16", "1e+16"},
		{1e15, "1000000000000000.0", "1000000000000000.0"},
		{1e-5, "1e-05", "1e-05"},
		{0.1, "0.1", "0.1"},
		{math.Copysign(0, -1), "-0.0", "-0.0"},
		{math.Inf(1), "inf", "inf"},
		{math.NaN(), "nan", "nan"},
		{Bytes("it's \x00"), `b"it's \x00"`, `b"it's \x00"`},
		{"it's", "it's", `"it's"`},
		{`a"b'c`, `a"b'c`, `'a"b\'c'`},
		{Tuple{big.NewInt(1)}, "(1,)", "(1,)"},
		{Tuple{"a", big.NewInt(1)}, "('a', 1)", "('a', 1)"},
		{&Set{}, "set()", "set()"},
	}
	for _, tt := range tests {
		if got := Str(tt.v); got != tt.str {
			t.Errorf("Str(%#v) = %q, want %q", tt.v, got, tt.str)
		}
		if got := Repr(tt.v); got != tt.repr {
			t.Errorf("Repr(%#v) = %q, want %q", tt.v, got, tt.repr)
		}
	}
}

// TestDictKeys checks Python's key equality: 1, 1.0 and True are one key
// (the first key object stays, the last value wins); lists are unhashable.
func TestDictKeys(t *testing.T) {
	d := NewDict()
	for _, k := range []any{big.NewInt(1), 1.0, true} {
		if err := d.Set(k, Repr(k)); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := Repr(d), "{1: 'True'}"; got != want {
		t.Errorf("dict = %s, want %s", got, want)
	}
	if err := d.Set(list(), 1); err == nil || err.Error() != "unhashable type: 'list'" {
		t.Errorf("Set(list) error = %v, want unhashable type: 'list'", err)
	}
	if v, ok := d.Get(1.0); !ok || v != "True" {
		t.Errorf("Get(1.0) = %v, %v", v, ok)
	}
}

func TestTruthy(t *testing.T) {
	tests := []struct {
		v    any
		want bool
	}{
		{nil, false}, {false, false}, {big.NewInt(0), false}, {0.0, false}, {"", false}, {list(), false}, {NewDict(), false},
		{true, true}, {big.NewInt(-1), true}, {"false", true}, {list(nil), true}, {Date{2024, 1, 1}, true},
	}
	for _, tt := range tests {
		if got := Truthy(tt.v); got != tt.want {
			t.Errorf("Truthy(%s) = %v, want %v", Repr(tt.v), got, tt.want)
		}
	}
}

func TestResolve(t *testing.T) {
	tests := []struct{ in, want string }{
		{"yes", TagBool}, {"NO", TagBool}, {"oN", TagStr}, {"y", TagStr},
		{"1.0e+3", TagFloat}, {"1e3", TagStr}, {"1.", TagFloat}, {".5", TagFloat}, {"1:30.5", TagFloat},
		{"012", TagInt}, {"09", TagStr}, {"0x1F", TagInt}, {"0b12", TagStr}, {"1:30", TagInt}, {"1:60", TagStr},
		{"~", TagNull}, {"", TagNull}, {"Null", TagNull}, {"nULL", TagStr},
		{"2024-01-15", TagTimestamp}, {"2024-1-5", TagStr}, {"2024-1-5 1:00:00", TagTimestamp},
		{"<<", TagMerge}, {"=", TagValue}, {"true\n", TagBool},
	}
	for _, tt := range tests {
		if got := Resolve(tt.in); got != tt.want {
			t.Errorf("Resolve(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
