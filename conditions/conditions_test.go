package conditions

import (
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/diag"
)

type toolSet struct{ Names []string }

var testTypes = Types{
	"tools": reflect.TypeFor[toolSet](),
	"cwd":   reflect.TypeFor[string](),
	"paths": reflect.TypeFor[[]string](),
	"on":    reflect.TypeFor[bool](),
}

func TestCompileAndEval(t *testing.T) {
	vals := map[string]any{"tools": toolSet{Names: []string{"read"}}, "cwd": "/x", "paths": []string(nil), "on": true}
	tests := []struct {
		src  string
		deps string
		want bool
	}{
		{`"read" in tools.Names`, "tools", true},
		{`"bash" in tools.Names || on`, "on,tools", true},
		{`paths == nil`, "paths", true},
		{`len(paths ?? []) == 0 && cwd startsWith "/"`, "cwd,paths", true},
		{`all(tools.Names, # != "ls")`, "tools", true},
	}
	for _, tc := range tests {
		e, ds := Compile(tc.src, testTypes, Bool, diag.Pos{File: "p.yaml", Line: 3, Column: 11})
		if ds.HasErrors() {
			t.Fatalf("%s: %v", tc.src, ds)
		}
		if got := strings.Join(e.Deps(), ","); got != tc.deps {
			t.Errorf("%s: deps %s, want %s", tc.src, got, tc.deps)
		}
		got, err := e.EvalBool(vals)
		if err != nil || got != tc.want {
			t.Errorf("%s = %v, %v; want %v", tc.src, got, err, tc.want)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	at := diag.Pos{File: "p.yaml", Line: 3, Column: 11}
	tests := []struct{ src, want string }{
		{`tool.Names`, "p.yaml:3:11: unknown name tool (did you mean \"tools\"?)"},
		{`tools.Nmes`, "p.yaml:3:17: type conditions.toolSet has no field Nmes"},
		{`cwd`, "p.yaml:3:11: expected bool, but got string"},
		{"on &&\n  cwd + 1", "p.yaml:4:7: invalid operation: + (mismatched types string and int)"},
	}
	for _, tc := range tests {
		_, ds := Compile(tc.src, testTypes, Bool, at)
		if got := ds.Error(); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}

func TestTerms(t *testing.T) {
	type toolSet struct{ Names []string }
	types := Types{
		"tools": reflect.TypeFor[toolSet](),
		"n":     reflect.TypeFor[int](),
		"mode":  reflect.TypeFor[string](),
		"list":  reflect.TypeFor[[]string](),
	}
	vals := map[string]any{"tools": toolSet{Names: []string{"bash"}}, "n": 3, "mode": "plain", "list": []string(nil)}
	tests := []struct{ when, terms, false_ string }{
		{`"read" in tools.Names && n > 1`, `"read" in tools.Names|n > 1`, `"read" in tools.Names`},
		{`n > 5 and mode == "fancy" && len(list) == 0`, `n > 5|mode == "fancy"|len(list) == 0`, `n > 5|mode == "fancy"`},
		{`(n > 5 || mode == "x") && n == 3`, `n > 5 || mode == "x"|n == 3`, `n > 5 || mode == "x"`},
		{`n > 5`, ``, ``},          // not a conjunction: the condition is the term
		{`n > 5 || n < 1`, ``, ``}, // a disjunction is not split
		{`n > 1 && mode == "plain"`, `n > 1|mode == "plain"`, ``},
	}
	for _, tc := range tests {
		e, ds := Compile(tc.when, types, Bool, diag.Pos{})
		if ds.HasErrors() {
			t.Fatalf("%s: %v", tc.when, ds)
		}
		var terms, falses []string
		for _, term := range e.Terms() {
			terms = append(terms, term.Source())
			ok, err := term.EvalBool(vals)
			if err != nil {
				t.Fatalf("%s: %v", term.Source(), err)
			}
			if !ok {
				falses = append(falses, term.Source())
			}
		}
		if got := strings.Join(terms, "|"); got != tc.terms {
			t.Errorf("Terms(%q) = %q, want %q", tc.when, got, tc.terms)
		}
		if got := strings.Join(falses, "|"); got != tc.false_ {
			t.Errorf("false terms of %q = %q, want %q", tc.when, got, tc.false_)
		}
	}
}
