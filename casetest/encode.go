package casetest

import (
	"bytes"
	"fmt"

	"github.com/rogpeppe/go-internal/txtar"
)

func unquote(data []byte) ([]byte, error) { return txtar.Unquote(data) }

func quote(data []byte) ([]byte, error) { return txtar.Quote(data) }

func bytesNeedQuote(data []byte) bool { return txtar.NeedsQuote(data) }

// encode prepares data for a case archive, which can hold neither a
// missing final newline nor lines that look like file markers, and is
// better kept free of carriage returns. It returns the bytes to store and
// the fs content commands that restore data from them, in order:
// unquote (marker-like lines: every line stored with a > prefix), unix2dos
// (content whose every line ends in CRLF is stored with LF), trim-newline
// (no final newline). It fails only for content with marker-like lines
// that is not valid UTF-8.
func encode(data []byte) (stored []byte, fixes []string, err error) {
	if lf, ok := allCRLF(data); ok {
		data = lf
		fixes = append(fixes, "unix2dos")
	}
	trim := len(data) > 0 && data[len(data)-1] != '\n'
	withNL := data
	if trim {
		withNL = append(append([]byte(nil), data...), '\n')
	}
	if txtar.NeedsQuote(withNL) {
		q, err := txtar.Quote(withNL)
		if err != nil {
			return nil, nil, fmt.Errorf("content has txtar marker lines and cannot be quoted: %w", err)
		}
		withNL = q
		fixes = append([]string{"unquote"}, fixes...)
	}
	if trim {
		fixes = append(fixes, "trim-newline")
	}
	return withNL, fixes, nil
}

// allCRLF reports whether data is non-empty, ends in CRLF and has no CR
// outside CRLF pairs and no bare LF, and returns it with LF line endings.
func allCRLF(data []byte) ([]byte, bool) {
	if !bytes.HasSuffix(data, []byte("\r\n")) || bytes.Count(data, []byte("\r\n")) != bytes.Count(data, []byte("\n")) {
		return nil, false
	}
	lf := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	if bytes.IndexByte(lf, '\r') >= 0 {
		return nil, false
	}
	return lf, true
}
