package casetest

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// materialize writes the case's tree under root, an existing empty
// directory named by its real path: every archive file (mode 0644,
// parent directories 0755), then the fs file's mkdir, symlink and chmod
// lines in order. Nothing is written, linked or chmodded outside root: a
// link an earlier line made is followed only while it stays inside (see
// [tree]), and a line that would leave is reported at its position, as is
// any other failing line.
func (c *Case) materialize(root string) (err error) {
	t, err := openTree(root)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := t.close(); err == nil {
			err = cerr
		}
	}()
	for _, f := range c.files {
		data := f.data
		if f.subst {
			data = bytes.ReplaceAll(data, []byte(workMark), []byte(root))
		}
		if err := t.writeFile(f.name, data, 0o644); err != nil {
			return &Error{Path: c.Path, Line: f.line, Msg: fmt.Sprintf("%s: %v", f.name, opErr(err))}
		}
	}
	for _, op := range c.ops {
		if err := op.apply(t); err != nil {
			return &Error{Path: c.Path, Line: op.line, Msg: fmt.Sprintf("fs: %s: %v", op.op, err)}
		}
	}
	return nil
}

// apply runs one mkdir, symlink or chmod line in t.
func (op fsOp) apply(t *tree) error {
	switch op.op {
	case "mkdir":
		for _, p := range op.args {
			if _, err := t.mkdirAll(p); err != nil {
				return fmt.Errorf("%s: %v", p, opErr(err))
			}
		}
	case "symlink":
		if err := t.symlink(word(op.args[1]).expand(t.dir), op.args[0]); err != nil {
			return fmt.Errorf("%s: %v", op.args[0], opErr(err))
		}
	case "chmod":
		for _, p := range op.args {
			if err := t.chmod(p, fs.FileMode(op.mode)); err != nil {
				return fmt.Errorf("%s: %v", p, opErr(err))
			}
		}
	}
	return nil
}

// opErr is err without the host path an *fs.PathError or
// *os.LinkError carries: messages name paths of the case, relative to
// $WORK.
func opErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
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
