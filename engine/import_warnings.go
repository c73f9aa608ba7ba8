package engine

import (
	"fmt"

	"github.com/promptc/promptc/diag"
)

// importWarnings gathers one source's import warnings, one per distinct
// cause: the importing file, the diagnostic code and the import as
// written. A cause met again is counted, not repeated, so a file whose
// thousand lines each hit the same refusal gives one warning, not a
// thousand. The zero value is ready to use.
type importWarnings struct {
	list  diag.List
	index map[importCause]int // cause -> its warning in list
	times []int               // times[i]: how often list[i]'s cause was met
}

// importCause is what makes two refused imports the same warning.
type importCause struct{ file, code, ref string }

// warnf records a warning about the import ref in file. The first
// occurrence of a cause keeps its message (and so its import chain);
// later ones only count.
func (w *importWarnings) warnf(file, code, ref, format string, args ...any) {
	c := importCause{file, code, ref}
	if i, ok := w.index[c]; ok {
		w.times[i]++
		return
	}
	if w.index == nil {
		w.index = map[importCause]int{}
	}
	w.index[c] = len(w.list)
	w.list.Warnf(file, code, format, args...)
	w.times = append(w.times, 1)
}

// diags returns the warnings in the order their causes were first met;
// the message of a cause met n > 1 times ends with " (n times)".
func (w *importWarnings) diags() diag.List {
	out := make(diag.List, len(w.list))
	for i, d := range w.list {
		if w.times[i] > 1 {
			d.Message += fmt.Sprintf(" (%d times)", w.times[i])
		}
		out[i] = d
	}
	return out
}
