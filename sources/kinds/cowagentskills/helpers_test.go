package cowagentskills

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/sources"
)

// layout writes files (relative path -> content) under a fresh temporary
// root and returns the root (symlinks resolved). A content starting with
// "->" makes a symlink to the rest; "/" makes a directory.
func layout(t *testing.T, files map[string]string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for rel, content := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		switch {
		case strings.HasPrefix(content, "->"):
			err = os.Symlink(strings.TrimPrefix(content, "->"), p)
		case content == "/":
			err = os.MkdirAll(p, 0o755)
		default:
			err = os.WriteFile(p, []byte(content), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// opts returns Options for a layout with builtin/ and ws/skills/.
func opts(root string) Options {
	return Options{
		BuiltinDir: root + "/builtin",
		CustomDir:  root + "/ws/skills",
		Base:       root,
		Env:        map[string]string{"PATH": root + "/bin", "SET": "v", "BLANK": " \t"},
		Knowledge:  true,
	}
}

func load(t *testing.T, o Options) Result {
	t.Helper()
	res, err := Load(context.Background(), os.DirFS("/").(sources.FS), o)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return res
}

// skill is a SKILL.md with the given front matter lines.
func skill(frontMatter ...string) string {
	return "---\n" + strings.Join(frontMatter, "\n") + "\n---\n\n# body\n"
}

// names lists the names in a result's blocks: available ones, then "|",
// then unavailable ones.
func names(r Result) string {
	var out []string
	for _, s := range r.Skills {
		out = append(out, s.Name)
	}
	out = append(out, "|")
	for _, s := range r.Unavailable {
		out = append(out, s.Name)
	}
	return strings.Join(out, " ")
}

// excluded renders a result's exclusions relative to root.
func excluded(root string, r Result) []string {
	var out []string
	for _, e := range r.Excluded {
		s := strings.TrimPrefix(e.Path, root+"/") + ": " + e.Reason
		if e.Detail != "" {
			s += " (" + strings.ReplaceAll(e.Detail, root+"/", "") + ")"
		}
		out = append(out, s)
	}
	return out
}
