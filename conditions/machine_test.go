package conditions

import (
	"reflect"
	"testing"

	"github.com/promptc/promptc/diag"
)

// TestMachineReuse: one Machine evaluating expressions one after another
// (one failing at run time, one declaring variables, one building a list)
// gives what a machine of its own gives each time.
func TestMachineReuse(t *testing.T) {
	vals := map[string]any{"cwd": "/x", "on": true, "paths": []string{"a", "b"}, "tools": toolSet{Names: []string{"read"}}}
	srcs := []string{
		`cwd + "/a"`,
		`paths[5]`, // index out of range: a run-time error
		`let n = len(paths); n * 2`,
		`map(paths, cwd + "/" + #)`,
		`on ? tools.Names : []`,
		`let m = 1; m + len(cwd)`,
	}
	var m Machine
	for round := range 2 {
		for _, src := range srcs {
			e, ds := Compile(src, testTypes, Any, diag.Pos{})
			if ds.HasErrors() {
				t.Fatalf("%s: %v", src, ds)
			}
			want, werr := e.Eval(vals)
			got, gerr := e.EvalIn(&m, vals)
			if !reflect.DeepEqual(got, want) || (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
				t.Errorf("round %d, %s: %v (%v) on the machine, %v (%v) alone", round, src, got, gerr, want, werr)
			}
		}
	}
}
