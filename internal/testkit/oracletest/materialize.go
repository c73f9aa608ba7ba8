package oracletest

import (
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Materialize builds the sandbox of the oracle case in caseDir at root, as
// oracle.mjs materialize() does: it creates root with the .pi-oracle-root
// marker, copies caseDir/tree into it (symlinks verbatim, file and directory
// modes kept, plus owner read/write so that a read-only checkout of the
// cases still gives a writable sandbox) and runs case.json's setup ops in
// order, with "${ROOT}" in write contents and symlink targets replaced by
// root. Directories are made accessible again when t ends, so that
// t.TempDir can remove the tree after chmod ops.
func Materialize(t testing.TB, caseDir, root string) {
	t.Helper()
	var spec struct {
		Setup []Op `json:"setup"`
	}
	MustReadJSON(t, filepath.Join(caseDir, "case.json"), &spec)
	if err := os.MkdirAll(root, 0o777); err != nil {
		t.Fatal(err)
	}
	// chmod ops may lock directories; open them up again for removal.
	t.Cleanup(func() {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				_ = os.Chmod(p, 0o700)
			}
			return nil
		})
	})
	if err := os.WriteFile(filepath.Join(root, ".pi-oracle-root"), nil, 0o666); err != nil {
		t.Fatal(err)
	}
	tree := filepath.Join(caseDir, "tree")
	if _, err := os.Stat(tree); err == nil {
		if err := copyTree(tree, root); err != nil {
			t.Fatalf("copy %s: %v", tree, err)
		}
	}
	for _, op := range spec.Setup {
		if err := apply(t, root, op); err != nil {
			b, _ := json.Marshal(op)
			t.Fatalf("setup op %s: %v", b, err)
		}
	}
}

func apply(t testing.TB, root string, op Op) error {
	p := filepath.Join(root, op.Path) // Join cleans, like path.resolve(root, rel)
	if p != root && !strings.HasPrefix(p, root+"/") {
		t.Fatalf("setup path escapes the sandbox root: %q", op.Path)
	}
	subst := func(s string) string { return strings.ReplaceAll(s, "${ROOT}", root) }
	switch op.Op {
	case "write":
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			return err
		}
		return os.WriteFile(p, []byte(subst(op.Content)), 0o666)
	case "mkdir":
		return os.MkdirAll(p, 0o777)
	case "symlink":
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			return err
		}
		return os.Symlink(subst(op.Target), p)
	case "chmod":
		return os.Chmod(p, os.FileMode(parseOctal(op.Mode)))
	case "rm":
		return os.RemoveAll(p)
	}
	t.Fatalf("unknown setup op %q", op.Op)
	return nil
}

// parseOctal is JavaScript's parseInt(s, 8): leading white space, an
// optional sign, then the longest run of octal digits (0 when there is none).
func parseOctal(s string) uint32 {
	s = strings.TrimLeft(s, " \t\n\r\v\f")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	var n uint32
	for _, c := range s {
		if c < '0' || c > '7' {
			break
		}
		n = n*8 + uint32(c-'0')
	}
	if neg {
		return 0
	}
	return n
}

// copyTree copies src into the existing directory dst like
// fs.cpSync(src, dst, {recursive: true, verbatimSymlinks: true}).
func copyTree(src, dst string) error {
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		s, d := filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())
		fi, err := os.Lstat(s)
		if err != nil {
			return err
		}
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(s)
			if err != nil {
				return err
			}
			_ = os.Remove(d)
			if err := os.Symlink(target, d); err != nil {
				return err
			}
		case fi.IsDir():
			if dfi, err := os.Lstat(d); err == nil && dfi.IsDir() {
				if err := copyTree(s, d); err != nil {
					return err
				}
				continue
			}
			if err := os.Mkdir(d, 0o700); err != nil {
				return err
			}
			if err := copyTree(s, d); err != nil {
				return err
			}
			if err := os.Chmod(d, fi.Mode().Perm()|0o700); err != nil {
				return err
			}
		case fi.Mode().IsRegular():
			if err := copyFile(s, d, fi.Mode().Perm()|0o600); err != nil {
				return err
			}
		}
	}
	return nil
}

func copyFile(src, dst string, perm os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	_ = os.Remove(dst)
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Chmod(dst, perm)
}
