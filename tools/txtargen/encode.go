package txtargen

import (
	"bytes"
	"fmt"

	"github.com/rogpeppe/go-internal/txtar"
)

// Stored is a file's content as kept in the archive, plus the script
// commands that turn it back into the exact bytes, in order.
type Stored struct {
	Data  []byte
	Fixes []string // commands taking the file name as their one argument
}

// Encode prepares data for a txtar archive, which can hold neither a
// missing final newline nor lines that look like file markers, and which
// is better kept free of carriage returns:
//   - content whose every line ends in CRLF is stored with LF and restored
//     with unix2dos (other CRs are stored as they are);
//   - content with marker-like lines is stored quoted (txtar.Quote, every
//     line prefixed with ">") and restored with unquote;
//   - content that does not end in a newline gets one from txtar.Format,
//     which trim-newline takes off again.
func Encode(data []byte) (Stored, error) {
	var s Stored
	if lf, ok := allCRLF(data); ok {
		data = lf
		s.Fixes = append(s.Fixes, "unix2dos")
	}
	trim := len(data) > 0 && data[len(data)-1] != '\n'
	withNL := data // as txtar.Format writes it
	if trim {
		withNL = append(append([]byte(nil), data...), '\n')
	}
	if txtar.NeedsQuote(withNL) {
		q, err := txtar.Quote(withNL)
		if err != nil {
			return Stored{}, fmt.Errorf("content has txtar marker lines and cannot be quoted: %w", err)
		}
		data = q
		// unquote must run first, before unix2dos or trim-newline.
		s.Fixes = append([]string{"unquote"}, s.Fixes...)
	}
	if trim {
		s.Fixes = append(s.Fixes, "trim-newline")
	}
	s.Data = data
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
