package simpleyaml

import "strings"

// MaxFlowDepth bounds the nesting of a flow collection the fast path
// takes.
const MaxFlowDepth = 4

// flowValue reads a one-line flow collection that is the whole of v: a
// mapping {k: v, ...} or a sequence [v, ...] whose keys are simple keys
// or double-quoted ones, whose values are quoted scalars, plain words
// (letters, digits, "_" and "-", starting with a letter, read by plain)
// or flow collections, each ", " or "," separated, and each ":" followed
// by a space. ok is false for anything else (an empty entry, a trailing
// comma, a number, a comment, more text after the collection).
func flowValue(v string, plain Plain) (Entry, bool) {
	f := flowReader{s: v, plain: plain}
	e, ok := f.collection(0)
	f.spaces()
	return e, ok && f.s == ""
}

type flowReader struct {
	s     string
	plain Plain
}

func (f *flowReader) spaces() { f.s = strings.TrimLeft(f.s, " ") }

// collection reads a flow mapping or sequence at f.s.
func (f *flowReader) collection(depth int) (Entry, bool) {
	if depth == MaxFlowDepth || f.s == "" {
		return Entry{}, false
	}
	open := f.s[0]
	var close byte
	switch open {
	case '{':
		close = '}'
	case '[':
		close = ']'
	default:
		return Entry{}, false
	}
	f.s = f.s[1:]
	items := []Entry{}
	f.spaces()
	if f.s != "" && f.s[0] == close {
		f.s = f.s[1:]
		return collectionEntry(open, items), true
	}
	for {
		f.spaces()
		var it Entry
		if open == '{' {
			key, ok := f.key()
			if !ok || !strings.HasPrefix(f.s, ": ") {
				return Entry{}, false
			}
			for _, e := range items {
				if e.Key == key {
					return Entry{}, false
				}
			}
			f.s = f.s[2:]
			f.spaces()
			it.Key = key
		}
		v, ok := f.value(depth)
		if !ok {
			return Entry{}, false
		}
		v.Key = it.Key
		items = append(items, v)
		f.spaces()
		switch {
		case strings.HasPrefix(f.s, ","):
			f.s = f.s[1:]
			f.spaces()
			if f.s == "" || f.s[0] == close || f.s[0] == ',' {
				return Entry{}, false // a trailing comma or an empty entry
			}
		case f.s != "" && f.s[0] == close:
			f.s = f.s[1:]
			return collectionEntry(open, items), true
		default:
			return Entry{}, false
		}
	}
}

func collectionEntry(open byte, items []Entry) Entry {
	if open == '{' {
		return Entry{Map: items}
	}
	return Entry{Seq: items}
}

// key reads a flow mapping's key: a simple key or a double-quoted one
// that reads as itself.
func (f *flowReader) key() (string, bool) {
	if strings.HasPrefix(f.s, `"`) {
		end := strings.IndexByte(f.s[1:], '"')
		if end < 0 {
			return "", false
		}
		inner := f.s[1 : 1+end]
		if strings.Contains(inner, `\`) {
			return "", false // an escaped quote would end it elsewhere
		}
		k, ok := quoted(inner, '"')
		if !ok || k == "" {
			return "", false
		}
		f.s = f.s[2+end:]
		return k, true
	}
	n := wordLen(f.s)
	if n == 0 || !simpleKey(f.s[:n]) {
		return "", false
	}
	k := f.s[:n]
	if v, ok := f.plain(k); !ok || v != any(k) {
		return "", false
	}
	f.s = f.s[n:]
	return k, true
}

// value reads a flow entry's value.
func (f *flowReader) value(depth int) (Entry, bool) {
	if f.s == "" {
		return Entry{}, false
	}
	switch c := f.s[0]; {
	case c == '{' || c == '[':
		return f.collection(depth + 1)
	case c == '"' || c == '\'':
		end := strings.IndexByte(f.s[1:], c)
		if end < 0 {
			return Entry{}, false
		}
		inner := f.s[1 : 1+end]
		if c == '"' && strings.Contains(inner, `\`) {
			return Entry{}, false // an escaped quote would end it elsewhere
		}
		v, ok := quoted(inner, c)
		if !ok {
			return Entry{}, false
		}
		f.s = f.s[2+end:]
		return Entry{Value: v}, true
	case isLetter(c):
		n := wordLen(f.s)
		v, ok := f.plain(f.s[:n])
		if !ok {
			return Entry{}, false
		}
		f.s = f.s[n:]
		return Entry{Value: v}, true
	}
	return Entry{}, false
}

// wordLen is the length of the run of letters, digits, "_" and "-" that
// s starts with.
func wordLen(s string) int {
	n := 0
	for n < len(s) && (isLetter(s[n]) || isDigit(s[n]) || s[n] == '_' || s[n] == '-') {
		n++
	}
	return n
}
