package casetest

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// materialize writes the case's tree under root, an existing empty
// directory: every archive file (mode 0644, parent directories 0755),
// then the fs file's mkdir, symlink and chmod lines in order. A failing
// line is reported at its position.
func (c *Case) materialize(root string) error {
	for _, f := range c.files {
		p := filepath.Join(root, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return &Error{Path: c.Path, Line: f.line, Msg: err.Error()}
		}
		data := f.data
		if f.subst {
			data = bytes.ReplaceAll(data, []byte(workMark), []byte(root))
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return &Error{Path: c.Path, Line: f.line, Msg: err.Error()}
		}
	}
	for _, op := range c.ops {
		if err := op.apply(root); err != nil {
			return &Error{Path: c.Path, Line: op.line, Msg: fmt.Sprintf("fs: %s: %v", op.op, err)}
		}
	}
	return nil
}

func (op fsOp) apply(root string) error {
	abs := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
	switch op.op {
	case "mkdir":
		for _, p := range op.args {
			if err := os.MkdirAll(abs(p), 0o755); err != nil {
				return err
			}
		}
	case "symlink":
		link := abs(op.args[0])
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			return err
		}
		return os.Symlink(word(op.args[1]).expand(root), link)
	case "chmod":
		for _, p := range op.args {
			if err := os.Chmod(abs(p), fs.FileMode(op.mode)); err != nil {
				return err
			}
		}
	}
	return nil
}

// removeTree removes a materialized tree, making its directories
// writable and searchable first (a case may chmod them shut).
func removeTree(root string) error {
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if d != nil && d.IsDir() {
			_ = os.Chmod(p, 0o700)
			if err != nil { // unreadable before the chmod: walk it now
				_ = removeTree(p)
			}
		}
		return nil
	})
	return os.RemoveAll(root)
}
