package expand

import (
	"regexp"
	"testing"
)

// jsSpace is JavaScript's \s as a Go character class.
const jsSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// reCommand is TPL-E1's /^\/(\S+)(?:\s+([\s\S]*))?$/ with JS \s.
var reCommand = regexp.MustCompile(`^/([^` + jsSpace + `]+)(?:[` + jsSpace + `]+((?s:.*)))?$`)

// FuzzSplitCommand checks the hand-written matcher against the regexp.
func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{"/t one two", "/t", "/", "/ t", " /t", "/t\tx\ny", "/t\u3000\u00a0a", "/t\u0085a", "/t   ", "x/t", "/skill:a b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		name, args, ok := splitCommand(line)
		m := reCommand.FindStringSubmatch(line)
		if ok != (m != nil) {
			t.Fatalf("splitCommand(%q) ok=%v, regexp match=%v", line, ok, m != nil)
		}
		if ok && (name != m[1] || args != m[2]) {
			t.Fatalf("splitCommand(%q) = %q, %q; regexp %q, %q", line, name, args, m[1], m[2])
		}
	})
}
