// Package mdimport finds line-level `@path` imports in Markdown
// instruction files, as Claude Code and Gemini CLI users write them. It
// only parses; the engine resolves, confines and reads the files.
package mdimport

import "strings"

// Ref is one import line.
type Ref struct {
	// Start and End delimit the line in the text, without its newline.
	Start, End int
	// Path is what follows the @, as written.
	Path string
}

// Find returns the import lines of text, in order. An import line is a
// line whose only content, after at most three spaces of indentation and
// before trailing spaces or tabs, is "@" and a path: no whitespace, no
// backtick, and a "/" or a "." in it (so "@alice" is a mention, not an
// import). Lines inside fenced code blocks (``` or ~~~, closed by a fence
// of the same character at least as long) and indented code (four spaces
// or a tab) are never imports; a line starting with a backtick is a code
// span, not an import.
func Find(text string) []Ref {
	var out []Ref
	var fence string // the open fence, "" outside one
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		line := strings.TrimSuffix(text[start:end], "\r")
		if f := fenceOf(line); f != "" {
			switch {
			case fence == "":
				fence = f
			case f[0] == fence[0] && len(f) >= len(fence) && strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), f[:1])) == "":
				fence = ""
			}
		} else if fence == "" {
			if p, ok := importPath(line); ok {
				out = append(out, Ref{Start: start, End: start + len(line), Path: p})
			}
		}
		start = end + 1
	}
	return out
}

// fenceOf returns the run of ``` or ~~~ (three or more) that opens line,
// after at most three spaces, or "".
func fenceOf(line string) string {
	trimmed := strings.TrimLeft(line, " ")
	if len(line)-len(trimmed) > 3 || len(trimmed) < 3 || (trimmed[0] != '`' && trimmed[0] != '~') {
		return ""
	}
	n := 0
	for n < len(trimmed) && trimmed[n] == trimmed[0] {
		n++
	}
	if n < 3 {
		return ""
	}
	return trimmed[:n]
}

func importPath(line string) (string, bool) {
	trimmed := strings.TrimLeft(line, " ")
	if len(line)-len(trimmed) > 3 || !strings.HasPrefix(trimmed, "@") {
		return "", false
	}
	p := strings.TrimRight(trimmed[1:], " \t")
	if p == "" || strings.ContainsAny(p, " \t`\x00") || !strings.ContainsAny(p, "/.") {
		return "", false
	}
	return p, true
}
