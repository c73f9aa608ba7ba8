package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// rootVar is how case.json writes the sandbox root.
const rootVar = "${ROOT}"

// arg quotes s as one testscript word. Words made only of safe characters
// stay bare; others are single-quoted, with ” for a quote, which also turns
// off $ expansion and # comments. A word cannot hold a newline.
func arg(s string) (string, error) {
	if strings.ContainsAny(s, "\n") {
		return "", fmt.Errorf("a script word cannot hold a newline: %q", s)
	}
	if s != "" && strings.Trim(s, safeChars) == "" {
		return s, nil
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'", nil
}

// safeChars need no quoting in a testscript word.
const safeChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./,:=+@%^~"

// workArg quotes s as one word in which every "${ROOT}" becomes the
// script's $WORK.
func workArg(s string) (string, error) {
	if !strings.Contains(s, rootVar) {
		return arg(s)
	}
	var b strings.Builder
	for i, piece := range strings.Split(s, rootVar) {
		if i > 0 {
			// ${WORK} when a name character follows, which $WORK would swallow.
			if piece != "" && strings.ContainsAny(piece[:1], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") {
				b.WriteString("${WORK}")
			} else {
				b.WriteString("$WORK")
			}
		}
		if piece == "" {
			continue
		}
		q, err := arg(piece)
		if err != nil {
			return "", err
		}
		b.WriteString(q)
	}
	return b.String(), nil
}

// relArg quotes a root-relative path as a word that names it from $WORK,
// for commands run after the script has left $WORK.
func relArg(rel string) (string, error) {
	if rel == "" {
		return "$WORK", nil
	}
	return workArg(rootVar + "/" + rel)
}

// stored is a file's content as kept in the archive, plus the script
// commands that turn it back into the exact bytes, in order.
type stored struct {
	data  []byte
	fixes []string // commands taking the file name as their one argument
}

// encode prepares data for a txtar archive, which can hold neither a
// missing final newline nor lines that look like file markers, and which
// is better kept free of carriage returns:
//   - content whose every line ends in CRLF is stored with LF and restored
//     with unix2dos (other CRs are stored as they are);
//   - content with marker-like lines is stored quoted (txtar.Quote, every
//     line prefixed with ">") and restored with unquote;
//   - content that does not end in a newline gets one from txtar.Format,
//     which trim-newline takes off again.
func encode(data []byte) (stored, error) {
	var s stored
	if lf, ok := allCRLF(data); ok {
		data = lf
		s.fixes = append(s.fixes, "unix2dos")
	}
	trim := len(data) > 0 && data[len(data)-1] != '\n'
	withNL := data // as txtar.Format writes it
	if trim {
		withNL = append(append([]byte(nil), data...), '\n')
	}
	if txtar.NeedsQuote(withNL) {
		q, err := txtar.Quote(withNL)
		if err != nil {
			return stored{}, fmt.Errorf("content has txtar marker lines and cannot be quoted: %w", err)
		}
		data = q
		// unquote must run first, before unix2dos or trim-newline.
		s.fixes = append([]string{"unquote"}, s.fixes...)
	}
	if trim {
		s.fixes = append(s.fixes, "trim-newline")
	}
	s.data = data
	return s, nil
}

// allCRLF reports whether data is non-empty, ends in CRLF and has no CR
// outside CRLF pairs and no bare LF, and returns it with LF line endings.
func allCRLF(data []byte) ([]byte, bool) {
	if !bytes.HasSuffix(data, []byte("\r\n")) {
		return nil, false
	}
	if bytes.Count(data, []byte("\r\n")) != bytes.Count(data, []byte("\n")) {
		return nil, false // a bare LF
	}
	lf := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	if bytes.ContainsRune(lf, '\r') {
		return nil, false
	}
	return lf, true
}
