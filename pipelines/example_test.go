package pipelines_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/sources/osfs"
)

// Compile the default pipeline (pi, newest version) once, then build the prompt for
// a project directory with a context file.
func ExampleCompile() {
	ctx := context.Background()
	plan, diags, err := pipelines.Compile(ctx, "default", nil, nil)
	if err != nil || diags.HasErrors() {
		fmt.Println(err, diags)
		return
	}
	root, _ := os.MkdirTemp("", "promptc-example")
	defer os.RemoveAll(root)
	root, _ = filepath.EvalSymlinks(root)
	proj := filepath.Join(root, "proj")
	_ = os.MkdirAll(proj, 0o755)
	_ = os.WriteFile(filepath.Join(proj, "AGENTS.md"), []byte("Use tabs.\n"), 0o644)

	res, err := plan.Run(ctx, engine.Input{
		FS: osfs.Root(),
		Params: map[string]any{
			"cwd":       proj,
			"home":      filepath.Join(root, "home"),
			"agent_dir": filepath.Join(root, "home", ".pi", "agent"),
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Sections {
		fmt.Printf("%-16s active=%-5v bytes>0=%v\n", s.ID, s.Active, s.Bytes > 0)
	}
	fmt.Println(strings.Contains(res.Text, "<project_instructions path=\""+filepath.Join(proj, "AGENTS.md")+"\">\nUse tabs.\n\n</project_instructions>"))
	// Output:
	// body_identity    active=true  bytes>0=true
	// body_tools       active=true  bytes>0=true
	// body_guidelines  active=true  bytes>0=true
	// body_pi_docs     active=true  bytes>0=true
	// custom_body      active=false bytes>0=false
	// append           active=false bytes>0=false
	// project_context  active=true  bytes>0=true
	// skills           active=false bytes>0=false
	// cwd              active=true  bytes>0=true
	// true
}

// A host that rebuilds the prompt every turn keeps one Builder: each Build
// sees the files as they are now, re-reading only files that changed.
func ExampleBuilder() {
	ctx := context.Background()
	plan, _, err := pipelines.Compile(ctx, "default", nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	root, _ := os.MkdirTemp("", "promptc-example")
	defer os.RemoveAll(root)
	root, _ = filepath.EvalSymlinks(root)
	agents := filepath.Join(root, "AGENTS.md")
	params := map[string]any{"cwd": root, "home": root, "agent_dir": filepath.Join(root, ".pi", "agent")}

	builder, err := engine.NewBuilder(plan, osfs.Root())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, rules := range []string{"Use tabs.\n", "Use spaces.\n"} {
		_ = os.WriteFile(agents, []byte(rules), 0o644) // the user edits AGENTS.md between turns
		res, err := builder.Build(ctx, params)
		if err != nil {
			fmt.Println(err) // res is then the last good prompt
			continue
		}
		fmt.Println(strings.Contains(res.Text, rules))
	}
	// Output:
	// true
	// true
}

// TestBuiltinPipelinesCompile holds every built-in pipeline to the schema
// (a load of an unchecked copy runs the check), which is what lets
// pipelines.Layer mark them Checked; the checked load must come out the same.
func TestBuiltinPipelinesCompile(t *testing.T) {
	ctx := context.Background()
	for _, name := range pipelines.Names() {
		checked, ok := pipelines.Layer(name)
		if !ok || !checked.Checked {
			t.Fatalf("pipelines.Layer(%q) = %+v, %v", name, checked, ok)
		}
		unchecked := checked
		unchecked.Checked = false
		ps, diags, err := spec.Load(ctx, spec.LoadSettings{Layers: []spec.Layer{unchecked}, Extends: pipelines.Extends(nil)})
		if err != nil || len(diags) > 0 {
			t.Errorf("pipeline %s: %v %v", name, err, diags)
			continue
		}
		fast, _, err := spec.Load(ctx, spec.LoadSettings{Layers: []spec.Layer{checked}, Extends: pipelines.Extends(nil)})
		if err != nil || !reflect.DeepEqual(ps, fast) {
			t.Errorf("pipeline %s: the checked load differs from the unchecked one (%v)", name, err)
		}
		plan, diags, err := pipelines.Compile(ctx, name, nil, nil)
		if err != nil || diags.HasErrors() || plan == nil {
			t.Errorf("pipeline %s: %v %v", name, err, diags)
		}
		if len(diags) > 0 {
			t.Errorf("pipeline %s has warnings: %v", name, diags)
		}
	}
}
