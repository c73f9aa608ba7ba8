package conditions

import (
	"testing"

	"github.com/promptc/promptc/diag"
)

// TestByName: an expression that names its inputs one by one evaluates
// alike over a map holding more names (ByName); one that reads $env, the
// environment as a whole, is not ByName, since the extra names change it.
func TestByName(t *testing.T) {
	deps := map[string]any{"cwd": "/x", "on": true}
	more := map[string]any{"cwd": "/x", "on": true, "paths": []string{"a"}, "tools": toolSet{}}
	tests := []struct {
		src    string
		byName bool
	}{
		{`cwd + "/a"`, true},
		{`on ? cwd : ""`, true},
		{`let y = cwd; y + "z"`, true},
		{`len($env)`, false},
		{`$env["cwd"]`, false},
	}
	for _, tc := range tests {
		e, ds := Compile(tc.src, testTypes, Any, diag.Pos{})
		if ds.HasErrors() {
			t.Fatalf("%s: %v", tc.src, ds)
		}
		if e.ByName() != tc.byName {
			t.Errorf("%s: ByName %v, want %v", tc.src, e.ByName(), tc.byName)
		}
		if !e.ByName() {
			continue
		}
		a, err1 := e.Eval(deps)
		b, err2 := e.Eval(more)
		if err1 != nil || err2 != nil || a != b {
			t.Errorf("%s: %v (%v) over its deps, %v (%v) over more", tc.src, a, err1, b, err2)
		}
	}
	// Why $env is excluded: the whole environment is what it reads.
	e, _ := Compile(`len($env)`, testTypes, Any, diag.Pos{})
	a, _ := e.Eval(deps)
	b, _ := e.Eval(more)
	if a == b {
		t.Errorf("len($env) = %v over both maps; the test no longer shows why $env is excluded", a)
	}
}
