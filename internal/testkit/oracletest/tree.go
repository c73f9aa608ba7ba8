package oracletest

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// contextNames are the names pi's upward walks would pick up above a
// sandbox (oracle.mjs checkAncestors).
var contextNames = []string{"AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD", ".git", ".agents/skills"}

// TempRoot returns a new physical (symlink-free) temporary directory whose
// ancestors hold nothing that an upward walk would read; it skips t
// otherwise.
func TempRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for dir := filepath.Dir(root); ; dir = filepath.Dir(dir) {
		for _, name := range contextNames {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				t.Skipf("%s exists above the temporary directory; upward walks would read it", filepath.Join(dir, name))
			}
		}
		if dir == "/" {
			break
		}
	}
	return root
}

// WriteTree creates files under root. Keys are slash-separated relative
// paths; a key ending in "/" is a directory, a value starting with "-> " is
// a symlink to the rest of the value, anything else is file content.
// Entries are created in key order, parents as needed.
func WriteTree(t testing.TB, root string, files map[string]string) {
	t.Helper()
	keys := make([]string, 0, len(files))
	for k := range files {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		p := filepath.Join(root, k)
		v := files[k]
		var err error
		switch {
		case strings.HasSuffix(k, "/"):
			err = os.MkdirAll(p, 0o755)
		case strings.HasPrefix(v, "-> "):
			if err = os.MkdirAll(filepath.Dir(p), 0o755); err == nil {
				err = os.Symlink(strings.TrimPrefix(v, "-> "), p)
			}
		default:
			if err = os.MkdirAll(filepath.Dir(p), 0o755); err == nil {
				err = os.WriteFile(p, []byte(v), 0o644)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// DirFS returns the host file system (osfs.Root).
func DirFS() sources.FS { return osfs.Root() }

// DenyFS is a vfs.FS whose ReadFile fails with EACCES for the listed
// absolute paths, as a chmod 000 file does for a non-root user. It lets
// tests of unreadable files run as root too.
type DenyFS struct {
	sources.FS
	Deny []string
}

// ReadFile implements fs.ReadFileFS.
func (d DenyFS) ReadFile(name string) ([]byte, error) {
	for _, p := range d.Deny {
		if sources.Name(p) == name {
			return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		}
	}
	return d.FS.ReadFile(name)
}
