package conditions

import (
	"reflect"
	"testing"

	"github.com/promptc/promptc/diag"
)

// TestEnvCompilesAsCompileDoes: one Env, used for a mix of conditions and
// values, good and bad, gives each expression what a fresh Compile gives
// it: the same result type, dependencies, value and diagnostics.
func TestEnvCompilesAsCompileDoes(t *testing.T) {
	vals := map[string]any{"tools": toolSet{Names: []string{"read"}}, "cwd": "/x", "paths": []string{"a"}, "on": true}
	at := diag.Pos{File: "p.yaml", Line: 2, Column: 5}
	tests := []struct {
		src  string
		want Want
	}{
		{`"read" in tools.Names`, Bool},
		{`cwd + "/sub"`, Any},
		{`cwd`, Bool}, // a string where a bool is wanted
		{`len(paths)`, Any},
		{`on && len(paths) > 0`, Bool},
		{`tool.Names`, Any}, // unknown name
		{`paths[0]`, Any},
		{`on ||`, Bool}, // syntax error
		{`1 + 2 * 3`, Any},
	}
	env := NewEnv(testTypes)
	for _, tc := range tests {
		shared, sds := env.Compile(tc.src, tc.want, at)
		fresh, fds := Compile(tc.src, testTypes, tc.want, at)
		if sds.Error() != fds.Error() {
			t.Errorf("%q: diagnostics %q, Compile gives %q", tc.src, sds.Error(), fds.Error())
		}
		if (shared == nil) != (fresh == nil) {
			t.Fatalf("%q: compiled %v, Compile compiled %v", tc.src, shared != nil, fresh != nil)
		}
		if shared == nil {
			continue
		}
		if shared.Type() != fresh.Type() || !reflect.DeepEqual(shared.Deps(), fresh.Deps()) {
			t.Errorf("%q: type %v deps %v, Compile gives %v %v", tc.src, shared.Type(), shared.Deps(), fresh.Type(), fresh.Deps())
		}
		a, aerr := shared.Eval(vals)
		b, berr := fresh.Eval(vals)
		if !reflect.DeepEqual(a, b) || (aerr == nil) != (berr == nil) {
			t.Errorf("%q = %v, %v; Compile's = %v, %v", tc.src, a, aerr, b, berr)
		}
	}
}

// TestEnvKeepsItsTypes: an Env sees the types it was made with, not what
// the caller adds to the map afterwards.
func TestEnvKeepsItsTypes(t *testing.T) {
	types := Types{"on": reflect.TypeFor[bool]()}
	env := NewEnv(types)
	types["late"] = reflect.TypeFor[bool]()
	if _, ds := env.Compile(`late`, Bool, diag.Pos{}); !ds.HasErrors() {
		t.Fatal("a name added after NewEnv compiled")
	}
}
