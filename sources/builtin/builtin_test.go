package builtin

import (
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/kinds/contextfiles"
)

func TestOptionsSetAndFields(t *testing.T) {
	opts := contextfiles.New().Options()
	fields := sources.FieldNames(opts)
	if got := strings.Join(fields, ","); got != "candidates,cwd,enabled,global_dir,stop,strip_bom,worktree_by_dir,worktree_rule" {
		t.Errorf("fields = %s", got)
	}
	if err := sources.Set(opts, "candidates", []any{"A.md", "B.md"}); err != nil {
		t.Fatal(err)
	}
	if err := sources.Set(opts, "enabled", false); err != nil {
		t.Fatal(err)
	}
	o := opts.(*contextfiles.KindOptions)
	if !reflect.DeepEqual(o.Candidates, []string{"A.md", "B.md"}) || o.Enabled {
		t.Errorf("options = %+v", o)
	}
	if err := sources.Set(opts, "stopp", "x"); err == nil || err.Error() != `unknown option "stopp"` {
		t.Errorf("err = %v", err)
	}
	if err := sources.Set(opts, "enabled", []any{1}); err == nil {
		t.Error("a list was accepted for a bool option")
	}
}

func TestBuiltinsHaveUniqueNames(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Kinds() {
		if seen[k.Name()] || k.Doc() == "" {
			t.Errorf("kind %q duplicated or undocumented", k.Name())
		}
		seen[k.Name()] = true
	}
}
