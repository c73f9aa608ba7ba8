package cowagentsession

import (
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
)

var modes = Options{
	Modes:       []string{"read-only", "workspace-write", "full-access"},
	Aliases:     map[string]string{"ro": "read-only", "workspace": "workspace-write", "full": "full-access"},
	DefaultMode: "full-access",
}

// TestResolveProject: Agent.apply_project_dir and the builder's project
// check (cases 31, 36, 37 and the edges around them).
func TestResolveProject(t *testing.T) {
	root := oracletest.TempRoot(t)
	oracletest.WriteTree(t, root, map[string]string{"ws/": "", "project/": "", "home/proj/": "", "wslink": "-> ws"})
	fsys := oracletest.DirFS()
	for _, c := range []struct {
		name, ws, project   string
		wantDir, wantPrefix string
		wantMode            bool
	}{
		{"none", root + "/ws", "", "", "", false},
		{"project", root + "/ws", root + "/project", root + "/project", root + "/ws/", true},
		{"relative project, trailing slashes", root + "/ws//", "project/", root + "/project", root + "/ws/", true},
		{"home", root + "/ws", "~/proj", root + "/home/proj", root + "/ws/", true},
		{"the workspace through a link", root + "/ws", root + "/wslink", "", "", false},
		{"missing project", root + "/ws", "nope", root + "/nope", root + "/ws/", true},
		{"no workspace", "", root + "/project", root + "/project", "/", true},
		{"no workspace, the cwd", "", root, root, "", false},
	} {
		o := modes
		o.WorkspaceDir, o.ProjectDir, o.Base, o.Home = c.ws, c.project, root, root+"/home"
		s := Resolve(fsys, o)
		if s.ProjectDir != c.wantDir || s.ProjectMode != c.wantMode || s.StatePrefix != c.wantPrefix {
			t.Errorf("%s: got %+v; want dir %q, mode %v, prefix %q", c.name, s, c.wantDir, c.wantMode, c.wantPrefix)
		}
	}
}

// TestResolvePermission: the session's mode wins when given (an unknown
// one is the default), else the global setting; values are stripped and
// lowercased, aliases map to modes.
func TestResolvePermission(t *testing.T) {
	want := map[[2]string]string{ // {session, global}: the mode in force
		{"", ""}:                   "full-access",
		{"workspace-write", ""}:    "workspace-write",
		{"", "ro"}:                 "read-only",
		{" RO\x1c", ""}:            "read-only",
		{"Workspace", "read-only"}: "workspace-write",
		{"bogus", "read-only"}:     "full-access",
		{"", "bogus"}:              "full-access",
		{"  ", "read-only"}:        "full-access",
	}
	for in, mode := range want {
		o := modes
		o.Base, o.PermissionMode, o.GlobalPermissionMode = "/", in[0], in[1]
		if got := Resolve(oracletest.DirFS(), o).PermissionMode; got != mode {
			t.Errorf("session %q, global %q: %q; want %q", in[0], in[1], got, mode)
		}
	}
}

// TestCheckOptions: the default and every alias must name a mode.
func TestCheckOptions(t *testing.T) {
	none := func(string) bool { return false }
	o := modes
	o.Base = "/"
	if err := o.CheckOptions(none); err != nil {
		t.Fatal(err)
	}
	bad := o
	bad.DefaultMode = "all"
	if bad.CheckOptions(none) == nil {
		t.Error("a default that is no mode was accepted")
	}
	bad = o
	bad.Aliases = map[string]string{"x": "nope"}
	if bad.CheckOptions(none) == nil {
		t.Error("an alias of no mode was accepted")
	}
	bad = o
	bad.Base = "rel"
	if bad.CheckOptions(none) == nil {
		t.Error("a relative base was accepted")
	}
}
