// Package frontmatter splits a markdown file into its YAML frontmatter and
// body the way pi 0.83.0's parseFrontmatter does (rules FM-1..FM-3, P-4 of
// the pi spec), and parses the YAML with YAML 1.2 core-schema typing.
//
// Contract:
//   - CRLF and lone CR become LF before anything else, so Body never
//     contains "\r".
//   - Frontmatter exists only when the text starts with "---" and a later
//     "\n---" exists (searched from index 3); both delimiter lines only need
//     to start with "---". A BOM before the dashes means no frontmatter.
//   - With frontmatter, Body is the JS-trimmed text after the closing "\n---";
//     without it, Body is the whole normalized text, untrimmed.
//   - Data is never nil. Scalars become string, bool, int64, float64 or nil;
//     mappings map[string]any; sequences []any. yes/no/on/off stay strings.
//   - A YAML error is returned as a *YAMLError worded like the npm yaml
//     package; Body and HasFrontmatter are still filled and Data is empty.
//
// pi parses the block with the npm yaml package (2.x, YAML 1.2 core
// schema); this package uses gopkg.in/yaml.v3 for the structure and
// re-types scalars itself (convert.go). Where the two parsers disagree on
// what is an error, diagnose.go re-reads the block the way npm yaml does,
// both to word yaml.v3's errors as npm yaml would and to reject the few
// blocks npm yaml refuses but yaml.v3 takes. Agreement was checked against
// npm yaml 2.9.1 on thousands of generated blocks: every block it rejects
// in a way frontmatter authors do (colons in values, unclosed quotes and
// brackets, bad indentation, tabs, reserved characters) gets the same
// message; exotic constructs (explicit "?" keys, anchors on keys, flow
// pairs, %YAML 1.1, !!binary, !!timestamp) may still differ.
//
// The package is pure: no I/O, no global state.
package frontmatter

import (
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// Doc is a parsed markdown file.
type Doc struct {
	// Data holds the frontmatter fields; it is empty (never nil) when there
	// is no frontmatter, when the YAML is empty, null or not a mapping, or
	// when the YAML is invalid.
	Data map[string]any
	// Body is the text after the frontmatter (JS-trimmed), or the whole
	// LF-normalized text when there is no frontmatter.
	Body string
	// HasFrontmatter reports whether the frontmatter delimiters were found.
	HasFrontmatter bool
}

// Parse normalizes CRLF/CR to LF and splits text per FM-1, then parses the
// YAML block per FM-2/FM-3. A YAML error is returned as a *YAMLError while
// Doc.Body and Doc.HasFrontmatter are still filled.
func Parse(text string) (Doc, error) {
	yamlText, body, ok := Split(text)
	doc := Doc{Data: map[string]any{}, Body: body, HasFrontmatter: ok}
	if !ok {
		return doc, nil
	}
	data, err := parseYAML(yamlText)
	if err != nil {
		return doc, err
	}
	doc.Data = data
	return doc, nil
}

// Split normalizes newlines and separates the YAML block from the body per
// FM-1 without parsing the YAML. ok reports whether frontmatter delimiters
// were found; when they were not, yamlText is "" and body is the whole
// normalized text.
func Split(text string) (yamlText, body string, ok bool) {
	s := jsstr.NormalizeNewlines(text)
	if !strings.HasPrefix(s, "---") {
		return "", s, false
	}
	rel := strings.Index(s[3:], "\n---")
	if rel < 0 {
		return "", s, false
	}
	end := 3 + rel
	return yamlSlice(s, end), jsstr.Trim(s[end+4:]), true
}

// yamlSlice is JS normalized.slice(4, end): the text from UTF-16 index 4
// (one code unit after "---") up to byte index end (which is always the
// byte index of an ASCII "\n" at or after byte 3).
func yamlSlice(s string, end int) string {
	if end <= 3 {
		return "" // slice(4, 3) is empty
	}
	r, size := utf8.DecodeRuneInString(s[3:])
	if r >= 0x10000 {
		// slice(4) cuts the surrogate pair in half; the lone low surrogate
		// that remains is written as U+FFFD by any UTF-8 encoder.
		return "\uFFFD" + s[3+size:end]
	}
	return s[3+size : end]
}
