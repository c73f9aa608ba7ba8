// Package pytext reproduces the CPython 3 text semantics that agents written
// in Python rely on when they read files and trim strings, so that promptc
// can match their prompts byte for byte:
//
//   - open(path, encoding="utf-8").read(): strict UTF-8 decoding that fails
//     on the first invalid sequence with CPython's exact message ([Decode]),
//     universal newlines ([TranslateNewlines]), and OSError messages such as
//     "[Errno 21] Is a directory: 'ws/AGENT.md'" ([ReadText]);
//   - str.isspace and str.strip() ([IsSpace], [Strip]), which differ from
//     both Go's unicode.IsSpace and JavaScript's trim: U+001C..U+001F and
//     U+0085 are white space, U+FEFF (a BOM) is not;
//   - os.path.join and os.path.exists on POSIX ([Join], [Exists]);
//   - truthiness and str() of JSON-decoded values ([Truthy], [Str]).
//
// All file access goes through a vfs.FS; nothing here touches package os.
package pytext

import "strings"

// IsSpace reports whether r is white space for Python's str.isspace (and so
// for str.strip and str.split with no arguments): general category Zs or
// bidirectional class WS, B or S, as in CPython 3.11.
func IsSpace(r rune) bool {
	switch {
	case r >= '\t' && r <= '\r', r >= 0x1C && r <= 0x20:
		return true
	case r < 0x85:
		return false
	}
	switch r {
	case 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// Strip is Python's str.strip() with no arguments.
func Strip(s string) string { return strings.TrimFunc(s, IsSpace) }

// TranslateNewlines applies Python's universal-newlines translation of text
// mode: "\r\n" and a lone "\r" both become "\n". Other line separators
// (U+0085, U+2028, ...) are left alone, as Python leaves them.
func TranslateNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}
