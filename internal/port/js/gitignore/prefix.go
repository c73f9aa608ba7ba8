package gitignore

import (
	"strings"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// PrefixPattern is pi's prefixIgnorePattern: it turns one line of an ignore
// file found in a directory below the walk root into a rule relative to the
// root. prefix is that directory's path relative to the root followed by
// "/" ("" for the root itself). It returns false for blank lines and
// comments (JS-trimmed text starting with "#" but not "\#").
//
// A leading "!" is taken off, the rest prefixed and "!" put back; a leading
// "\!" loses its backslash; then one leading "/" is dropped before the
// prefix is added. So "/foo/" in the root's own file becomes the unanchored
// "foo/" (the SKL-D6 quirk) and in "sub/.gitignore" it becomes "sub/foo/".
// The line itself is used untrimmed.
func PrefixPattern(line, prefix string) (string, bool) {
	trimmed := jsstr.Trim(line)
	if trimmed == "" || (strings.HasPrefix(trimmed, "#") && !strings.HasPrefix(trimmed, `\#`)) {
		return "", false
	}
	pattern := line
	negated := false
	if strings.HasPrefix(pattern, "!") {
		negated = true
		pattern = pattern[1:]
	} else if strings.HasPrefix(pattern, `\!`) {
		pattern = pattern[1:]
	}
	pattern = strings.TrimPrefix(pattern, "/")
	pattern = prefix + pattern
	if negated {
		pattern = "!" + pattern
	}
	return pattern, true
}

// Lines splits the text of an ignore file on "\n" and "\r\n" and returns
// its rules prefixed with [PrefixPattern].
func Lines(text, prefix string) []string {
	var out []string
	for _, l := range splitLines(text) {
		if p, ok := PrefixPattern(l, prefix); ok {
			out = append(out, p)
		}
	}
	return out
}
