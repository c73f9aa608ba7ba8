package emit

import (
	"io"

	"github.com/promptc/promptc/internal/udiff"
)

// writeUnified writes the unified diff (3 lines of context) of old and
// new under the names a/name and b/name; /dev/null for an absent side.
func writeUnified(w io.Writer, name, old, new string, oldExists, newExists bool) error {
	from, to := "a/"+name, "b/"+name
	if !oldExists {
		from = "/dev/null"
	}
	if !newExists {
		to = "/dev/null"
	}
	return udiff.Write(w, from, to, udiff.Diff(udiff.Lines(old), udiff.Lines(new)))
}

// WriteDiff writes the unified diff of every change that alters a file.
func (r *Result) WriteDiff(w io.Writer) error {
	for _, c := range append(append([]Change(nil), r.Changes...), r.manifest) {
		switch c.Action {
		case ActCreate, ActUpdate, ActRemove:
		default:
			continue
		}
		newExists := c.Action != ActRemove
		if err := writeUnified(w, c.Path, c.Old, c.New, c.exists, newExists); err != nil {
			return err
		}
	}
	return nil
}
