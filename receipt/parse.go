package receipt

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/yamlpos"
	"github.com/promptc/promptc/schema"
)

// MaxBytes caps a receipt file: far more than any build's receipt (a
// receipt holds digests, not texts), small enough to read at once.
const MaxBytes = 16 << 20

// Problem is one thing wrong with a receipt file, where it is.
type Problem struct {
	Pos     diag.Pos
	Message string
}

func (p Problem) String() string { return p.Pos.String() + ": " + p.Message }

// BadError is a receipt that cannot be read: not JSON, or not what the
// receipt schema allows. Problems are sorted by position.
type BadError struct {
	Problems []Problem
}

func (e *BadError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// Parse reads a receipt from data (named name in problems): one JSON
// object, valid against schema/receipt.json. Anything else is a
// *BadError whose problems are positioned file:line:col.
func Parse(name string, data []byte) (*Receipt, error) {
	bad := func(ps ...Problem) error { return &BadError{Problems: ps} }
	if len(data) > MaxBytes {
		return nil, bad(Problem{diag.Pos{File: name}, fmt.Sprintf("a receipt is at most %d bytes; this file has %d", MaxBytes, len(data))})
	}
	if !utf8.Valid(data) {
		return nil, bad(Problem{at(name, data, invalidUTF8(data)), "not UTF-8 text"})
	}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return nil, bad(syntaxProblem(name, data, err, dec.InputOffset()))
	}
	if rest := bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		return nil, bad(Problem{at(name, data, len(data)-len(rest)), "more after the receipt's JSON object"})
	}
	vs, err := schema.ValidateReceipt(doc)
	if err != nil {
		return nil, err
	}
	if len(vs) > 0 {
		_, ix, _ := yamlpos.Parse(name, data) // JSON is YAML; positions only
		ps := make([]Problem, 0, len(vs))
		for _, v := range vs {
			ptr := v.Pointer
			if v.AtKey {
				ptr = yamlpos.Key(ptr)
			}
			pos := ix.Lookup(ptr)
			if pos.Line == 0 {
				pos = ix.Lookup(v.Pointer)
			}
			if pos.Line == 0 {
				pos = diag.Pos{File: name, Line: 1, Column: 1}
			}
			msg := v.Message
			if where := pointerPath(v.Pointer, v.AtKey); where != "" {
				msg = where + ": " + msg
			}
			ps = append(ps, Problem{pos, msg})
		}
		slices.SortStableFunc(ps, func(a, b Problem) int {
			return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Column, b.Pos.Column))
		})
		return nil, bad(ps...)
	}
	var r Receipt
	strict := json.NewDecoder(bytes.NewReader(data))
	strict.UseNumber()
	strict.DisallowUnknownFields()
	if err := strict.Decode(&r); err != nil {
		// The schema admits only what Receipt holds: a failure here is a
		// disagreement between the two, reported at the top.
		return nil, bad(Problem{diag.Pos{File: name, Line: 1, Column: 1}, "does not decode as a receipt: " + strings.TrimPrefix(err.Error(), "json: ")})
	}
	if r.Params == nil {
		r.Params = map[string]any{}
	}
	return &r, nil
}

// pointerPath renders a JSON pointer as a dotted key path
// (/layers/0/sha256: layers[0].sha256); for a key the pointer names the
// key itself, whose name the message already says, so its parent.
func pointerPath(ptr string, atKey bool) string {
	if atKey {
		if i := strings.LastIndexByte(ptr, '/'); i >= 0 {
			ptr = ptr[:i]
		}
	}
	if ptr == "" {
		return ""
	}
	var b strings.Builder
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = yamlpos.Unescape(tok)
		if tok != "" && strings.Trim(tok, "0123456789") == "" {
			b.WriteString("[" + tok + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	return b.String()
}

// syntaxProblem positions a JSON decoding error.
func syntaxProblem(name string, data []byte, err error, read int64) Problem {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	off := int(read)
	switch {
	case errors.As(err, &se):
		off = int(se.Offset)
		if off > 0 {
			off-- // Offset counts the offending byte
		}
	case errors.As(err, &te):
		off = int(te.Offset)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		off = len(data)
		if len(bytes.TrimSpace(data)) == 0 {
			return Problem{at(name, data, off), "empty: a receipt is a JSON object"}
		}
		return Problem{at(name, data, off), "unexpected end of the file: the JSON object is not closed"}
	}
	return Problem{at(name, data, off), "not valid JSON: " + strings.TrimPrefix(err.Error(), "json: ")}
}

// at is the position of byte offset off in data (line and column from 1,
// the column counting characters).
func at(name string, data []byte, off int) diag.Pos {
	off = min(max(off, 0), len(data))
	line, start := 1, 0
	for i := 0; i < off; i++ {
		if data[i] == '\n' {
			line, start = line+1, i+1
		}
	}
	return diag.Pos{File: name, Line: line, Column: utf8.RuneCount(data[start:off]) + 1}
}

// invalidUTF8 is the offset of the first byte that is not UTF-8.
func invalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(data)
}
