package frontmatter

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/promptc/promptc/internal/lazyre"
)

// YAMLError is an invalid frontmatter block. Its Error text follows the npm
// yaml package's "pretty" errors, which pi puts verbatim into its skill
// warnings (SKL-V6), e.g.
//
//	Nested mappings are not allowed in compact mappings at line 2, column 14:
//
//	description: Use this: when needed
//	             ^
//
// Line and Column are 1-based within the YAML block (the text between the
// delimiter lines), Column counted in UTF-16 units; both are 0 when unknown.
type YAMLError struct {
	// Reason is the bare message without position, e.g. "Map keys must be unique".
	Reason string
	Line   int
	Column int
	text   string
}

// Error returns the full message as pi shows it.
func (e *YAMLError) Error() string { return e.text }

// newYAMLError builds a YAMLError at line:col (1-based, col in UTF-16
// units) of src and renders it like the npm yaml package's prettifyError.
func newYAMLError(src, reason string, line, col int) *YAMLError {
	e := &YAMLError{Reason: reason, Line: line, Column: col, text: reason}
	if line <= 0 || col <= 0 {
		return e
	}
	e.text = reason + pretty(src, line, col)
	return e
}

func pretty(src string, line, col int) string { return prettyWidth(src, line, col, 1) }

// prettyWidth renders " at line L, column C:\n\n<line>\n<pointer>\n" with
// the npm yaml package's trimming rules (80-column window, previous line
// shown when the pointer is at the start of the line); the pointer is
// width carets long when the error spans that much of the line.
func prettyWidth(src string, line, col, width int) string {
	lines := strings.SplitAfter(src, "\n")
	at := fmt.Sprintf(" at line %d, column %d", line, col)
	if line > len(lines) {
		return at
	}
	ci := col - 1
	lineStr := u16(strings.TrimRight(lines[line-1], "\n\r"))
	if ci >= 60 && len(lineStr) > 80 {
		trimStart := min(ci-39, len(lineStr)-79)
		lineStr = append(u16("…"), lineStr[trimStart:]...)
		ci -= trimStart - 1
	}
	if len(lineStr) > 80 {
		lineStr = append(lineStr[:79:79], u16("…")...)
	}
	shown := str16(lineStr)
	if line > 1 && strings.Trim(str16(lineStr[:min(max(ci, 0), len(lineStr))]), " ") == "" {
		prev := u16(lines[line-2])
		if len(prev) > 80 {
			prev = append(prev[:79:79], u16("…\n")...)
		}
		shown = str16(prev) + shown
	}
	if strings.Trim(shown, " ") == "" {
		return at
	}
	count := max(1, min(width, 80-ci))
	return at + ":\n\n" + shown + "\n" + strings.Repeat(" ", max(ci, 0)) + strings.Repeat("^", count) + "\n"
}

func jsstrLen(s string) int { return len(u16(s)) }

func u16(s string) []uint16   { return utf16.Encode([]rune(s)) }
func str16(u []uint16) string { return string(utf16.Decode(u)) }

// yaml.v3 errors look like "yaml: line 3: did not find expected key".
var reV3Error = lazyre.New(`^yaml: (?:line (\d+): )?(.*)$`)

// convertError turns a gopkg.in/yaml.v3 error into the npm yaml package's
// error for the same document: diagnose finds it for the mistakes
// frontmatter authors make; otherwise yaml.v3's reason is kept, placed at
// the start of the line yaml.v3 reports.
func convertError(src string, err error) *YAMLError {
	m := reV3Error().FindStringSubmatch(err.Error())
	if m == nil {
		return &YAMLError{Reason: err.Error(), text: err.Error()}
	}
	line, _ := strconv.Atoi(m[1])
	reason := m[2]
	if reason == "did not find expected <document start>" {
		if e := multiDoc(src); e != nil {
			return e
		}
	}
	if e := diagnose(src); e != nil {
		return e
	}
	switch {
	case strings.HasPrefix(reason, "unknown anchor '"):
		name := strings.TrimSuffix(strings.TrimPrefix(reason, "unknown anchor '"), "' referenced")
		return &YAMLError{Reason: "Unresolved alias (the anchor must be set before the alias): " + name,
			text: "Unresolved alias (the anchor must be set before the alias): " + name}
	}
	if line == 0 {
		return &YAMLError{Reason: reason, text: reason}
	}
	return newYAMLError(src, reason, line, 1)
}

// multiDoc reports npm's error for a second document in the block: at the
// "---" marker, or at the first content after a "..." document end.
func multiDoc(src string) *YAMLError {
	const msg = "Source contains multiple documents; please use YAML.parseAllDocuments()"
	lines := strings.Split(src, "\n")
	ended, content := false, false
	for i, l := range lines {
		switch {
		case isMarker(l, "---") && content:
			return newYAMLError(src, msg, i+1, 1)
		case isMarker(l, "..."):
			ended = true
		case isBlank(l):
		case ended:
			e := newYAMLError(src, msg, i+1, 1)
			if i == len(lines)-1 || allBlank(lines[i+1:]) {
				e.text = msg + prettyWidth(src, i+1, 1, jsstrLen(strings.TrimRight(l, " \t")))
			}
			return e
		default:
			content = true
		}
	}
	return nil
}

func allBlank(lines []string) bool {
	for _, l := range lines {
		if !isBlank(l) {
			return false
		}
	}
	return true
}
