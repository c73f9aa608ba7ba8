package emit

import (
	"errors"
	"strings"
)

// checkPattern refuses an applies_to pattern that no dialect can
// express: every dialect takes slash-separated globs relative to the
// repository root.
func checkPattern(p string) error {
	switch {
	case strings.TrimSpace(p) == "":
		return errors.New("an empty pattern matches nothing")
	case strings.HasPrefix(p, "/"):
		return errors.New("patterns are relative to the repository root (drop the leading /)")
	case strings.HasPrefix(p, "!"):
		return errors.New("negated patterns are not expressible in Claude paths:, Cursor globs, Copilot applyTo, Windsurf or Cline rules")
	case strings.ContainsRune(p, '\\'):
		return errors.New("use / between path elements; no dialect reads backslashes")
	case strings.ContainsAny(p, "\n\r\""):
		return errors.New("a pattern is one line without quotes")
	}
	for _, el := range strings.Split(p, "/") {
		if el == ".." || el == "." {
			return errors.New("'.' and '..' elements are not expressible; write the path from the repository root")
		}
	}
	return nil
}

// dirPrefix reports whether pattern p means "everything below one
// directory" ("src/api/**", "src/api/**/*", "src/api/"), and which: the
// only patterns a nested AGENTS.md or GEMINI.md can stand for.
func dirPrefix(p string) (string, bool) {
	dir := p
	for _, suffix := range []string{"/**/*", "/**", "/"} {
		if strings.HasSuffix(dir, suffix) {
			dir = strings.TrimSuffix(dir, suffix)
			break
		}
	}
	if dir == p || dir == "" || strings.ContainsAny(dir, "*?[]{}!,") {
		return "", false
	}
	return dir, true
}

// commaFree reports whether every pattern can go into a comma-separated
// list (Cursor globs, Copilot applyTo, Windsurf globs) unchanged.
func commaFree(ps []string) bool {
	for _, p := range ps {
		if strings.ContainsRune(p, ',') {
			return false
		}
	}
	return true
}
