// Package jsstr reproduces the JavaScript string semantics that reference
// agents written in TypeScript rely on: String.prototype.trim, the regexp
// class \s, UTF-16 lengths and WHATWG UTF-8 decoding. Go's own notions differ
// (unicode.IsSpace includes U+0085 and excludes U+FEFF; len counts bytes), so
// byte-exact output needs these.
package jsstr

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

// IsSpace reports whether r is in JavaScript's WhiteSpace or LineTerminator
// sets, i.e. what /\s/ and String.prototype.trim treat as white space.
func IsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// Trim is String.prototype.trim.
func Trim(s string) string { return strings.TrimFunc(s, IsSpace) }

// TrimStart is String.prototype.trimStart.
func TrimStart(s string) string { return strings.TrimLeftFunc(s, IsSpace) }

// TrimEnd is String.prototype.trimEnd.
func TrimEnd(s string) string { return strings.TrimRightFunc(s, IsSpace) }

// HasNonSpace reports whether s contains a character that is not JS white space
// (the JS test /\S/).
func HasNonSpace(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return !IsSpace(r) }) >= 0
}

// Len returns the length of s in UTF-16 code units, as JavaScript's
// String.prototype.length does. Invalid bytes count as one unit each (they
// decode to U+FFFD).
func Len(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return i + lenUTF16(s[i:])
		}
	}
	return len(s) // ASCII: a unit a byte
}

func lenUTF16(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// Slice returns the first n UTF-16 code units of s, as s.slice(0, n) does in
// JavaScript. A surrogate pair cut in half leaves its high surrogate, which a
// UTF-8 writer such as Node emits as U+FFFD; Slice does the same.
func Slice(s string, n int) string {
	var b strings.Builder
	units := 0
	for _, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units+w > n {
			if units < n { // half a surrogate pair
				b.WriteRune(utf8.RuneError)
			}
			break
		}
		b.WriteRune(r)
		units += w
	}
	return b.String()
}

// DecodeUTF8 decodes b as the WHATWG UTF-8 decoder does (TextDecoder, Node's
// Buffer.toString("utf-8")): every maximal subpart of an ill-formed sequence
// becomes one U+FFFD. Valid input is returned unchanged without copying more
// than once.
func DecodeUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return decodeInvalid(b)
}

// DecodeUTF8Owned is DecodeUTF8 for bytes the caller gives up: valid
// input becomes the string without a copy, so b must never change
// afterwards.
func DecodeUTF8Owned(b []byte) string {
	if utf8.Valid(b) {
		return unsafe.String(unsafe.SliceData(b), len(b))
	}
	return decodeInvalid(b)
}

func decodeInvalid(b []byte) string {
	var out strings.Builder
	out.Grow(len(b) + 8)
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			out.WriteByte(c)
			i++
			continue
		}
		need, lo, hi := 0, byte(0x80), byte(0xBF)
		switch {
		case c >= 0xC2 && c <= 0xDF:
			need = 1
		case c == 0xE0:
			need, lo = 2, 0xA0
		case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
			need = 2
		case c == 0xED:
			need, hi = 2, 0x9F
		case c == 0xF0:
			need, lo = 3, 0x90
		case c >= 0xF1 && c <= 0xF3:
			need = 3
		case c == 0xF4:
			need, hi = 3, 0x8F
		default:
			out.WriteRune(utf8.RuneError)
			i++
			continue
		}
		j := i + 1
		ok := true
		for k := 0; k < need; k++ {
			if j >= len(b) {
				ok = false
				break
			}
			cb := b[j]
			if k == 0 {
				if cb < lo || cb > hi {
					ok = false
					break
				}
			} else if cb < 0x80 || cb > 0xBF {
				ok = false
				break
			}
			j++
		}
		if ok {
			out.Write(b[i:j])
		} else {
			out.WriteRune(utf8.RuneError)
		}
		i = j
	}
	return out.String()
}

// NormalizeNewlines turns CRLF and lone CR into LF, as
// text.replace(/\r\n/g, "\n").replace(/\r/g, "\n") does.
func NormalizeNewlines(s string) string {
	if !strings.ContainsRune(s, '\r') {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// CollapseSpace replaces every run of JS white space with one space.
func CollapseSpace(s string) string {
	var b strings.Builder
	inSpace := false
	for _, r := range s {
		if IsSpace(r) {
			if !inSpace {
				b.WriteByte(' ')
			}
			inSpace = true
			continue
		}
		inSpace = false
		b.WriteRune(r)
	}
	return b.String()
}
