// Package simpleyaml reads the commonest front matter without a YAML
// parser, for the ports of the YAML libraries the agents use (npm yaml,
// PyYAML), which give their own types to what it reads and parse
// everything else in full.
//
// A simple document is lines that are empty or "key: value" at column 0,
// with a key of letters, digits, "_" and "-" (starting with a letter or
// "_", at most MaxKey bytes), unique, and a value that is:
//   - a plain scalar that starts with a letter, holds only letters,
//     digits, plainSafe characters and printable non-ASCII and does not
//     end in a space;
//   - a double-quoted scalar with no control character and no escape but
//     \" and \\; or a single-quoted one with no quote or control inside;
//   - nothing, on a "key:" line that opens a nested simple mapping (at
//     most MaxDepth deep): the lines after it indented by the first one's
//     spaces;
//   - a one-line flow mapping or sequence of such scalars and
//     collections (see flowValue);
//   - a literal ("|") or folded (">") block scalar, clipped or stripped
//     ("|-", ">-"), whose lines are indented by the first one's spaces,
//     none more, none empty and none ending in a space, each ending in a
//     line break, holding only printable characters and no tab (see
//     blockScalar).
//
// How a library reads a plain scalar the caller says with its plain
// function: the value (a string, or a boolean or null where the library
// reads one), or false to leave the document to the full parser. Keys
// must read as themselves.
package simpleyaml

import (
	"strings"
	"unicode/utf8"
)

// Entry is one key of a simple mapping (or, with no key, one item of a
// flow sequence): a scalar's value (a string, or what the caller's plain
// function made of a plain scalar), a nested mapping (Map non-nil) or a
// flow sequence (Seq non-nil).
type Entry struct {
	Key   string
	Value any
	Map   []Entry
	Seq   []Entry
}

// Plain reads a plain scalar as a library does: its value, or ok false
// when the fast path must leave the document to the library.
type Plain func(text string) (value any, ok bool)

// MaxKey keeps keys far below YAML's 1,024-character limit on implicit
// keys.
const MaxKey = 128

// MaxDepth bounds the nested mappings taken (each level copies its block
// once).
const MaxDepth = 3

// Parse reads src as a simple mapping, its plain scalars with plain. ok is
// false for anything but a simple document.
func Parse(src string, plain Plain) (entries []Entry, ok bool) {
	return block(src, plain, 0)
}

func block(src string, plain Plain, depth int) ([]Entry, bool) {
	var out []Entry
	for len(src) > 0 {
		var line string
		line, src, _ = strings.Cut(src, "\n")
		if line == "" {
			continue
		}
		colon := strings.IndexByte(line, ':')
		if colon <= 0 || !simpleKey(line[:colon]) {
			return nil, false
		}
		if k, ok := plain(line[:colon]); !ok || k != any(line[:colon]) {
			return nil, false // a key that is no string
		}
		key := line[:colon]
		for _, e := range out {
			if e.Key == key {
				return nil, false // npm yaml: "Map keys must be unique"; PyYAML: the last wins
			}
		}
		if colon+1 == len(line) {
			b, rest, ok := nested(src)
			if !ok || depth == MaxDepth {
				return nil, false
			}
			inner, ok := block(b, plain, depth+1)
			if !ok || len(inner) == 0 {
				return nil, false
			}
			out, src = append(out, Entry{Key: key, Map: inner}), rest
			continue
		}
		if line[colon+1] != ' ' {
			return nil, false
		}
		v := strings.TrimLeft(line[colon+1:], " ")
		if isBlockHeader(v) {
			text, rest, ok := blockScalar(src, v)
			if !ok {
				return nil, false
			}
			out, src = append(out, Entry{Key: key, Value: text}), rest
			continue
		}
		if v != "" && (v[0] == '{' || v[0] == '[') {
			e, ok := flowValue(v, plain)
			if !ok {
				return nil, false
			}
			e.Key = key
			out = append(out, e)
			continue
		}
		value, ok := scalar(v, plain)
		if !ok {
			return nil, false
		}
		out = append(out, Entry{Key: key, Value: value})
	}
	return out, true
}

// nested splits off the block of lines indented past column 0 that
// starts src, dedented by its first line's indentation; ok is false when
// src does not start with such a line or a line in the block is indented
// less than the first.
func nested(src string) (block, rest string, ok bool) {
	indent := len(src) - len(strings.TrimLeft(src, " "))
	if indent == 0 || indent == len(src) || src[indent] == '\n' {
		return "", "", false
	}
	pad := src[:indent]
	var b strings.Builder
	for len(src) > 0 && src[0] == ' ' {
		line := src
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i+1], src[i+1:]
		} else {
			src = ""
		}
		if !strings.HasPrefix(line, pad) {
			return "", "", false
		}
		b.WriteString(line[indent:])
	}
	return b.String(), src, true
}

// isBlockHeader reports whether v is a block scalar header the fast path
// takes: a style, and a strip indicator or none (no indentation
// indicator, no keep indicator, nothing after it).
func isBlockHeader(v string) bool {
	switch v {
	case "|", "|-", ">", ">-":
		return true
	}
	return false
}

// blockScalar reads the block scalar whose header is header from src,
// the lines after it, and returns its text and the lines after it. The
// scalar's lines are those indented past column 0 that start src: all
// indented by the first one's spaces and no more, none empty, each
// holding printable text (no tab or control character, no trailing
// space) and a line break. Within those rules both YAML versions agree:
// "|" keeps the line breaks, ">" folds each into a space, and the final
// break is kept unless the header strips it ("-"). Empty lines after the
// scalar belong to no key (clipping and stripping drop them). ok is
// false for anything else, left to the full parser.
func blockScalar(src, header string) (text, rest string, ok bool) {
	indent := len(src) - len(strings.TrimLeft(src, " "))
	if indent == 0 {
		return "", "", false
	}
	join := " "
	if header[0] == '|' {
		join = "\n"
	}
	var b strings.Builder
	for len(src) > 0 && src[0] == ' ' {
		i := strings.IndexByte(src, '\n')
		if i < 0 {
			return "", "", false // a last line without a break: left to the parser
		}
		line := src[:i]
		if len(line) <= indent || line[indent] == ' ' || line[indent-1] != ' ' || line[len(line)-1] == ' ' ||
			strings.TrimLeft(line[:indent], " ") != "" || !printableText(line[indent:]) {
			return "", "", false
		}
		if b.Len() > 0 {
			b.WriteString(join)
		}
		b.WriteString(line[indent:])
		src = src[i+1:]
	}
	if len(header) == 1 {
		b.WriteByte('\n')
	}
	return b.String(), src, true
}

// printableText reports whether s holds only printable ASCII (no tab)
// and printable non-ASCII (printableRune).
func printableText(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			n := printableRune(s[i:])
			if n == 0 {
				return false
			}
			i += n
			continue
		}
		if c < 0x20 || c > 0x7e {
			return false
		}
		i++
	}
	return true
}

func simpleKey(k string) bool {
	if len(k) > MaxKey || !isLetter(k[0]) && k[0] != '_' {
		return false
	}
	for i := 1; i < len(k); i++ {
		if c := k[i]; !isLetter(c) && !isDigit(c) && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// scalar returns the value a simple value reads as.
func scalar(v string, plain Plain) (any, bool) {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		return quoted(v[1:len(v)-1], v[0])
	}
	if v == "" || !isLetter(v[0]) || v[len(v)-1] == ' ' {
		return nil, false
	}
	for i := 1; i < len(v); {
		c := v[i]
		if c >= utf8.RuneSelf {
			n := printableRune(v[i:])
			if n == 0 {
				return nil, false
			}
			i += n
			continue
		}
		if !isLetter(c) && !isDigit(c) && !strings.ContainsRune(plainSafe, rune(c)) {
			return nil, false
		}
		i++
	}
	return plain(v)
}

// plainSafe are the characters besides letters and digits a simple plain
// value may hold after its first: none of them ends or comments a plain
// scalar in block context ("#" and ":" can); tabs and controls are left
// to the YAML parser.
const plainSafe = " ,.;()/'_+=?%-`\"!*&@<>|~$^[]{}\\"

// quoted returns the text a quoted value's inside s reads as, when it is
// printable ASCII and non-ASCII with no quote of its kind, and in double
// quotes no escape but \" and \\.
func quoted(s string, quote byte) (string, bool) {
	escaped := false
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			n := printableRune(s[i:])
			if n == 0 {
				return "", false
			}
			i += n
			continue
		}
		if quote == '"' && c == '\\' {
			if i+1 == len(s) || s[i+1] != '"' && s[i+1] != '\\' {
				return "", false
			}
			escaped = true
			i += 2
			continue
		}
		if c < 0x20 || c > 0x7e || c == quote {
			return "", false
		}
		i++
	}
	if escaped {
		return unescapeQuoted.Replace(s), true
	}
	return s, true
}

var unescapeQuoted = strings.NewReplacer(`\"`, `"`, `\\`, `\`)

// printableRune returns the length of the non-ASCII rune s starts with
// when both libraries read it as plain text (no C1 control, line or
// paragraph separator, byte-order mark or noncharacter), and 0
// otherwise.
func printableRune(s string) int {
	r, n := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && n <= 1, r < 0xa0, r == 0x2028, r == 0x2029, r == 0xfeff, r == 0xfffe, r == 0xffff:
		return 0
	}
	return n
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// Fold builds a port's value of entries read as a mapping: mapping makes
// one of keys and their values, sequence one of values; scalars are their
// Value.
func Fold(entries []Entry, mapping func(keys []string, vals []any) any, sequence func(vals []any) any) any {
	keys, vals := make([]string, len(entries)), make([]any, len(entries))
	for i, e := range entries {
		keys[i], vals[i] = e.Key, foldValue(e, mapping, sequence)
	}
	return mapping(keys, vals)
}

func foldValue(e Entry, mapping func([]string, []any) any, sequence func([]any) any) any {
	switch {
	case e.Map != nil:
		return Fold(e.Map, mapping, sequence)
	case e.Seq != nil:
		vals := make([]any, len(e.Seq))
		for i, it := range e.Seq {
			vals[i] = foldValue(it, mapping, sequence)
		}
		return sequence(vals)
	}
	return e.Value
}
