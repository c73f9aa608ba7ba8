// Package diag defines positioned diagnostics shared by every stage of promptc:
// pipeline loading, schema validation, compilation and source resolution.
//
// A Diagnostic is a value; a List gathers all problems of one phase so that a
// user sees every mistake at once instead of fixing them one run at a time.
package diag

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Severity says whether a diagnostic stops progress. The zero value is
// deliberately invalid so that a forgotten severity is caught in tests.
type Severity int

const (
	Invalid Severity = iota
	// Error prevents the current phase from producing a result.
	Error
	// Warning is reported but the result is still produced.
	Warning
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "invalid"
}

// Pos is a position in a file. Line and Column are 1-based; a zero Line means
// "the file as a whole" and a zero Column "the line as a whole".
type Pos struct {
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// IsZero reports whether p names no file.
func (p Pos) IsZero() bool { return p.File == "" && p.Line == 0 }

// String renders p as file:line:col, dropping the parts that are unknown.
func (p Pos) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
		if p.Column > 0 {
			fmt.Fprintf(&b, ":%d", p.Column)
		}
	}
	return b.String()
}

// Diagnostic is one problem or notice.
type Diagnostic struct {
	Severity Severity `json:"-"`
	// Code is a short stable identifier such as "schema", "dag/cycle" or
	// "skill/collision"; tools may filter on it.
	Code string `json:"code"`
	// Pos is where the problem is; it may be zero for run-time notices that
	// are not tied to a pipeline file.
	Pos Pos `json:"pos"`
	// Message is the one-line summary. Run-time warnings that mirror a
	// reference system use that system's exact wording here.
	Message string `json:"message"`
	// Hint is an optional suggestion ("did you mean ...?").
	Hint string `json:"hint,omitempty"`
	// Path is the file a run-time diagnostic is about, when there is one.
	Path string `json:"path,omitempty"`
}

// String renders the diagnostic the way the CLI prints it.
func (d Diagnostic) String() string {
	var b strings.Builder
	if !d.Pos.IsZero() {
		b.WriteString(d.Pos.String())
		b.WriteString(": ")
	}
	b.WriteString(d.Message)
	if d.Hint != "" {
		b.WriteString(" (")
		b.WriteString(d.Hint)
		b.WriteString(")")
	}
	return b.String()
}

// List is an ordered collection of diagnostics. The zero value is ready to use.
type List []Diagnostic

// Errorf appends an error at pos.
func (l *List) Errorf(pos Pos, code, format string, args ...any) {
	*l = append(*l, Diagnostic{Severity: Error, Code: code, Pos: pos, Message: fmt.Sprintf(format, args...)})
}

// Warnf appends a warning about path.
func (l *List) Warnf(path, code, format string, args ...any) {
	*l = append(*l, Diagnostic{Severity: Warning, Code: code, Path: path, Message: fmt.Sprintf(format, args...)})
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Err returns l as an error when it holds errors, and nil otherwise.
func (l List) Err() error {
	if l.HasErrors() {
		return l
	}
	return nil
}

// Error implements error: every diagnostic on its own line.
func (l List) Error() string {
	lines := make([]string, len(l))
	for i, d := range l {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// MarshalJSON renders a diagnostic with its severity by name and without
// an empty position.
func (d Diagnostic) MarshalJSON() ([]byte, error) {
	type out struct {
		Severity string `json:"severity"`
		Code     string `json:"code"`
		Pos      *Pos   `json:"pos,omitempty"`
		Message  string `json:"message"`
		Hint     string `json:"hint,omitempty"`
		Path     string `json:"path,omitempty"`
	}
	o := out{Severity: d.Severity.String(), Code: d.Code, Message: d.Message, Hint: d.Hint, Path: d.Path}
	if !d.Pos.IsZero() {
		o.Pos = &d.Pos
	}
	return json.Marshal(o)
}
