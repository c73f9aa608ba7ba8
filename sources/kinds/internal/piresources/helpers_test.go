package piresources_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// mkTree creates files under a new temporary root. Keys are slash paths
// relative to the root; a value starting with "->" makes a symlink to the
// rest, "/" a directory. It returns the root (symlinks resolved) and an FS.
func mkTree(t *testing.T, files map[string]string) (string, sources.FS) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for rel, content := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		switch {
		case content == "/":
			err = os.MkdirAll(p, 0o755)
		case strings.HasPrefix(content, "->"):
			err = os.Symlink(strings.ReplaceAll(content[2:], "${ROOT}", root), p)
		default:
			err = os.WriteFile(p, []byte(content), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return root, os.DirFS("/").(sources.FS)
}

// skill returns SKILL.md text with a name and description.
func skill(name, desc string) string {
	return "---\nname: " + name + "\ndescription: " + desc + "\n---\nBody of " + name + ".\n"
}

// rel strips root from every path-like string.
func rel(root string, s string) string { return strings.ReplaceAll(s, root+"/", "") }

func diagLines(root string, l diag.List) []string {
	var out []string
	for _, d := range l {
		out = append(out, rel(root, d.Path)+": "+rel(root, d.Message))
	}
	return out
}

func exclusions(root string, ex []prov.Exclusion) map[string]string {
	out := map[string]string{}
	for _, e := range ex {
		out[rel(root, e.Path)] = e.Reason
	}
	return out
}

// subst replaces ${ROOT} in each value.
func subst(root string, vs []string) []string {
	var out []string
	for _, v := range vs {
		out = append(out, strings.ReplaceAll(v, "${ROOT}", root))
	}
	return out
}
