package config_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/promptc/promptc/config"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/sources/osfs"
)

func TestUserPath(t *testing.T) {
	for _, tc := range []struct{ xdg, home, want string }{
		{"/x", "/h", "/x/promptc/config.yaml"},
		{"", "/h", "/h/.config/promptc/config.yaml"},
		{"relative", "/h", "/h/.config/promptc/config.yaml"}, // XDG: a relative value is ignored
		{"", "", ""},
	} {
		if got := config.UserPath(tc.xdg, tc.home); got != tc.want {
			t.Errorf("UserPath(%q, %q) = %q, want %q", tc.xdg, tc.home, got, tc.want)
		}
	}
}

func TestGlobal(t *testing.T) {
	root := t.TempDir()
	system := filepath.Join(root, "system.yaml")
	write(t, system, "pipeline: cowagent\nsections: {}\n")
	user := filepath.Join(root, "user.yaml") // absent
	cands, err := config.Global(config.Settings{FS: osfs.Root(), SystemPath: system, UserPath: user})
	if err != nil {
		t.Fatal(err)
	}
	if len(cands) != 2 {
		t.Fatalf("got %d candidates, want 2", len(cands))
	}
	if c := cands[0]; !c.Found || c.Base != "cowagent" || c.Layer.Role != spec.RoleSystem || string(c.Layer.Data) == "" {
		t.Errorf("system layer: %+v", c)
	}
	if c := cands[1]; c.Found || c.Layer.Role != spec.RoleUser || c.Layer.Name != user {
		t.Errorf("user layer: %+v", c)
	}
}

// TestProjectLocatesWithoutReading: the nearest ancestor's file up to the
// project root is found, and it is not opened (a named pipe there would
// block a read).
func TestProjectLocatesWithoutReading(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(root, "repo", "a", "b")
	for _, d := range []string{deep, filepath.Join(root, "repo", ".git")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(root, config.ProjectFile), "sections: {}\n")
	if err := syscall.Mkfifo(filepath.Join(root, "repo", config.ProjectFile), 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	c := config.Project(osfs.Root(), deep)
	if !c.Found || c.Layer.Name != filepath.Join(root, "repo", config.ProjectFile) || c.Layer.Data != nil {
		t.Fatalf("Project = %+v", c)
	}
	if _, err := config.ReadProject(osfs.Root(), c); err == nil {
		t.Error("ReadProject of a named pipe: no error")
	}

}

// TestProjectStopsAtTheProjectRoot: a .promptc.yaml above the project root
// (the git root, else the dir itself) is not the project's: it is named,
// with the reason, and not found.
func TestProjectStopsAtTheProjectRoot(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"repo/.git", "repo/src", "plain/sub"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	above := filepath.Join(root, config.ProjectFile)
	write(t, above, "sections: {}\n")
	for dir, projectRoot := range map[string]string{"repo/src": "repo", "repo": "repo", "plain/sub": "plain/sub"} {
		c := config.Project(osfs.Root(), filepath.Join(root, dir))
		want := "it is above the project root " + filepath.Join(root, projectRoot) + " (the project layer is looked for from the cwd up to its git root, else in the cwd alone)"
		if c.Found || c.Layer.Name != above || c.Ignored != want {
			t.Errorf("Project(%s) = %+v, want %s ignored: %s", dir, c, above, want)
		}
	}
	write(t, filepath.Join(root, "repo", config.ProjectFile), "sections: {}\n")
	if c := config.Project(osfs.Root(), filepath.Join(root, "repo", "src")); !c.Found || c.Ignored != "" || c.Layer.Name != filepath.Join(root, "repo", config.ProjectFile) {
		t.Errorf("Project(repo/src) = %+v, want the git root's file", c)
	}
}

func TestReadProject(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, config.ProjectFile), "pipeline: default\nsections:\n  x: {template: y}\n")
	c, err := config.ReadProject(osfs.Root(), config.Project(osfs.Root(), dir))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Found || c.Base != "default" || c.Layer.Role != spec.RoleProject || len(c.Layer.Data) == 0 {
		t.Errorf("ReadProject = %+v", c)
	}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
