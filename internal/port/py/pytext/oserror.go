package pytext

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"
)

// OSError is Python's OSError as str() renders it:
// "[Errno 21] Is a directory: 'ws/AGENT.md'". Filename is the path exactly
// as the Python program passed it to open().
type OSError struct {
	Errno    int
	Strerror string
	Filename string
	// Err is the underlying Go error.
	Err error
}

func (e *OSError) Error() string {
	return fmt.Sprintf("[Errno %d] %s: %s", e.Errno, e.Strerror, Repr(e.Filename))
}

// Unwrap returns the Go error the OSError was made from.
func (e *OSError) Unwrap() error { return e.Err }

// NewOSError converts a Go file-system error into Python's OSError for the
// path name (as the Python program spelled it). Errno values and texts are
// the platform's (glibc's on Linux), which is what CPython prints.
func NewOSError(err error, name string) *OSError {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return &OSError{Errno: int(errno), Strerror: capitalize(errno.Error()), Filename: name, Err: err}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &OSError{Errno: int(syscall.ENOENT), Strerror: "No such file or directory", Filename: name, Err: err}
	case errors.Is(err, fs.ErrPermission):
		return &OSError{Errno: int(syscall.EACCES), Strerror: "Permission denied", Filename: name, Err: err}
	}
	var pe *fs.PathError
	msg := err.Error()
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	return &OSError{Errno: int(syscall.EIO), Strerror: capitalize(msg), Filename: name, Err: err}
}

func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// Repr is Python's repr() of a str: single quotes unless the text holds a
// single quote and no double quote; backslash, the quote, \t \n \r and
// non-printable characters escaped (\xhh, \uhhhh, \Uhhhhhhhh).
func Repr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.WriteByte(quote)
	for _, r := range s {
		switch {
		case r == '\\' || r == rune(quote):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7F:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x7F || unicode.IsPrint(r):
			b.WriteRune(r)
		case r <= 0xFF:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xFFFF:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}
