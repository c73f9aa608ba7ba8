package pytext

import (
	"fmt"
	"unicode/utf8"
	"unsafe"
)

// DecodeError is CPython's UnicodeDecodeError for the strict "utf-8" codec.
// Start and End delimit the offending bytes (End exclusive) in the input.
type DecodeError struct {
	Input  []byte
	Start  int
	End    int
	Reason string // "invalid start byte", "invalid continuation byte" or "unexpected end of data"
}

// Error renders the message exactly as Python's str(e) does, e.g.
// "'utf-8' codec can't decode byte 0xff in position 13: invalid start byte".
func (e *DecodeError) Error() string {
	if e.End-e.Start == 1 {
		return fmt.Sprintf("'utf-8' codec can't decode byte 0x%02x in position %d: %s", e.Input[e.Start], e.Start, e.Reason)
	}
	return fmt.Sprintf("'utf-8' codec can't decode bytes in position %d-%d: %s", e.Start, e.End-1, e.Reason)
}

// Decode decodes b as Python's bytes.decode("utf-8") does: valid UTF-8 is
// returned unchanged (a leading BOM is kept, as the "utf-8" codec keeps it);
// otherwise the first invalid sequence gives a *DecodeError whose range is
// CPython's maximal subpart of that sequence.
func Decode(b []byte) (string, error) {
	if utf8.Valid(b) {
		return string(b), nil
	}
	return "", firstInvalid(b)
}

// decodeOwned is Decode for bytes the caller gives up: valid input
// becomes the string without a copy, so b must never change afterwards.
func decodeOwned(b []byte) (string, error) {
	if utf8.Valid(b) {
		return unsafe.String(unsafe.SliceData(b), len(b)), nil
	}
	return "", firstInvalid(b)
}

// firstInvalid returns the error of b's first invalid sequence.
func firstInvalid(b []byte) *DecodeError {
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			i++
			continue
		}
		if _, size := utf8.DecodeRune(b[i:]); size > 1 {
			i += size
			continue
		}
		return invalidAt(b, i)
	}
	return invalidAt(b, len(b)-1) // unreachable: utf8.Valid said otherwise
}

// invalidAt classifies the invalid sequence that starts at b[i].
func invalidAt(b []byte, i int) *DecodeError {
	c := b[i]
	var need int
	lo, hi := byte(0x80), byte(0xBF) // allowed range of the second byte
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c >= 0xE0 && c <= 0xEF:
		need = 2
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
	case c >= 0xF0 && c <= 0xF4:
		need = 3
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
	default:
		return &DecodeError{Input: b, Start: i, End: i + 1, Reason: "invalid start byte"}
	}
	j := i + 1
	for k := 0; k < need; k++ {
		if j >= len(b) {
			return &DecodeError{Input: b, Start: i, End: j, Reason: "unexpected end of data"}
		}
		ok := b[j] >= 0x80 && b[j] <= 0xBF
		if k == 0 {
			ok = b[j] >= lo && b[j] <= hi
		}
		if !ok {
			return &DecodeError{Input: b, Start: i, End: j, Reason: "invalid continuation byte"}
		}
		j++
	}
	// A complete, valid sequence cannot reach here.
	return &DecodeError{Input: b, Start: i, End: i + 1, Reason: "invalid start byte"}
}
