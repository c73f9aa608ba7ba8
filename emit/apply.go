package emit

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
)

// WriteError is a file Apply could not write or remove; the file is as it
// was (writes are atomic).
type WriteError struct {
	Path string
	Err  error
}

func (e *WriteError) Error() string { return fmt.Sprintf("%s: %v", e.Path, e.Err) }
func (e *WriteError) Unwrap() error { return e.Err }

// Apply makes the plan's changes: creates, updates and removes files
// (each write atomic), then updates the manifest. Conflicts and errors of
// the plan are left alone. It returns one WriteError per file that
// failed; the manifest is written only when every file was.
func Apply(ctx context.Context, res *Result, opts Options) []error {
	w := opts.fs()
	var errs []error
	for i := range res.Changes {
		c := &res.Changes[i]
		if err := applyOne(ctx, w, c); err != nil {
			errs = append(errs, &WriteError{Path: c.Path, Err: err})
			c.Action, c.Reason = ActError, err.Error()
		}
	}
	if len(errs) == 0 {
		if err := applyOne(ctx, w, &res.manifest); err != nil {
			errs = append(errs, &WriteError{Path: res.manifest.Path, Err: err})
		}
	}
	return errs
}

func applyOne(ctx context.Context, w WriteFS, c *Change) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	switch c.Action {
	case ActCreate, ActUpdate:
		return writeAtomic(ctx, w, c.abs, []byte(c.New))
	case ActRemove:
		err := w.Remove(c.abs)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err == nil {
			removeEmptyDir(w, filepath.Dir(c.abs))
		}
		return err
	}
	return nil
}

// removeEmptyDir removes a rules directory (.claude/rules,
// .github/instructions, ...) left empty; best effort: one with anything
// in it stays, and no other directory is touched.
func removeEmptyDir(w WriteFS, dir string) {
	switch filepath.Base(dir) {
	case "rules", "instructions", ".clinerules", "Rules":
		_ = w.Remove(dir)
	}
}

// Changed reports whether the plan changes any file.
func (r *Result) Changed() bool {
	for _, c := range append(r.Changes, r.manifest) {
		if c.Action == ActCreate || c.Action == ActUpdate || c.Action == ActRemove {
			return true
		}
	}
	return false
}

// Conflicts are the changes that were not made for a conflict or error.
func (r *Result) Conflicts() []Change {
	var out []Change
	for _, c := range r.Changes {
		if c.Action == ActConflict || c.Action == ActError {
			out = append(out, c)
		}
	}
	return out
}

// IOFailed reports whether a change failed for an I/O reason (a link
// out of the root, an unreadable or read-only file), as opposed to a
// conflict or a size limit.
func (r *Result) IOFailed() bool {
	for _, c := range r.Changes {
		if c.ioErr != nil {
			return true
		}
	}
	return false
}
