package frontmatter

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// maxAliasNodes bounds the values produced by expanding aliases, so that a
// "billion laughs" document fails instead of exhausting memory. The npm
// yaml package refuses such documents too (maxAliasCount).
const maxAliasNodes = 10000

// parseYAML parses one YAML document with core-schema typing and returns
// the top-level mapping (FM-3: empty, null or non-mapping gives {}).
func parseYAML(src string) (map[string]any, error) {
	if m, ok := simpleMapping(src); ok {
		return m, nil
	}
	return parseFull(src)
}

// parseFull is parseYAML with the YAML parser, for any document.
func parseFull(src string) (map[string]any, error) {
	text, marks := hideControls(prepare(src))
	dec := yaml.NewDecoder(strings.NewReader(text))
	var root yaml.Node
	err := dec.Decode(&root)
	if err != nil && (strings.HasSuffix(err.Error(), "found invalid Unicode character escape code") ||
		strings.HasSuffix(err.Error(), "found unknown escape character")) {
		// npm yaml accepts "\/" and UTF-16 surrogate escapes; yaml.v3 does not.
		text = fixEscapes(text)
		dec = yaml.NewDecoder(strings.NewReader(text))
		root = yaml.Node{}
		err = dec.Decode(&root)
	}
	if err != nil {
		if errors.Is(err, io.EOF) {
			return map[string]any{}, nil // empty stream: null
		}
		return map[string]any{}, convertError(src, err)
	}
	var next yaml.Node
	if err := dec.Decode(&next); err == nil {
		if e := multiDoc(src); e != nil {
			return map[string]any{}, e
		}
		line, col := docStart(&next)
		return map[string]any{}, newYAMLError(src, "Source contains multiple documents; please use YAML.parseAllDocuments()", line, col)
	} else if !errors.Is(err, io.EOF) {
		return map[string]any{}, convertError(src, err)
	}
	// npm yaml rejects some documents yaml.v3 accepts: flow collections
	// and quoted scalars continued on lines not indented past their block,
	// and comments glued to a closing bracket or quote.
	if e := diagnose(src); e != nil && npmOnly(e.Reason) {
		return map[string]any{}, e
	}
	marks.restore(&root)
	c := converter{src: src, lines: strings.Split(src, "\n"), active: map[*yaml.Node]bool{}}
	v, err := c.value(&root)
	if err != nil {
		return map[string]any{}, err
	}
	if m, ok := v.(map[string]any); ok {
		return m, nil
	}
	return map[string]any{}, nil
}

// docStart is the position of a document's first content node.
func docStart(n *yaml.Node) (line, col int) {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	return n.Line, n.Column
}

// prepare adapts the block for yaml.v3 without moving any line:
//   - The block ends without its last newline (that is part of "\n---").
//     yaml.v3 then drops the final newline of a clipped block scalar and npm
//     yaml does not; restoring the newline makes them agree.
//   - yaml.v3 refuses a "%YAML 1.2" directive; it is commented out.
func prepare(src string) string {
	text := src
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if strings.Contains(text, "%YAML 1.2") {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, "%YAML 1.2") {
				lines[i] = "#" + l[1:]
			}
		}
		text = strings.Join(lines, "\n")
	}
	return text
}

// fixEscapes rewrites, inside double-quoted scalars, the escapes npm yaml
// knows and yaml.v3 does not: "\/" becomes "/", a surrogate pair
// "\uD83D\uDE00" becomes "\U0001F600", and a lone surrogate becomes
// "\uFFFD" (what it turns into once written as UTF-8).
func fixEscapes(text string) string {
	var b strings.Builder
	inQuote := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case !inQuote:
			if c == '"' && tokenStart(text, i) {
				inQuote = true
			}
		case c == '"':
			inQuote = false
		case c == '\\' && i+1 < len(text):
			if text[i+1] == '/' {
				b.WriteByte('/')
				i++
				continue
			}
			if hi, ok := surrogate(text[i:]); ok {
				if lo, ok := surrogate(text[i+6:]); ok && hi < 0xDC00 && lo >= 0xDC00 {
					r := (hi-0xD800)<<10 + (lo - 0xDC00) + 0x10000
					fmt.Fprintf(&b, "\\U%08X", r)
					i += 11
					continue
				}
				b.WriteString(`\uFFFD`)
				i += 5
				continue
			}
			b.WriteString(text[i : i+2]) // any other escape, kept whole
			i++
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// surrogate parses a "\uXXXX" escape at the start of s naming a UTF-16
// surrogate.
func surrogate(s string) (uint64, bool) {
	if len(s) < 6 || s[1] != 'u' {
		return 0, false
	}
	v, err := strconv.ParseUint(s[2:6], 16, 32)
	return v, err == nil && v >= 0xD800 && v <= 0xDFFF
}

// npmOnly reports the diagnose findings that npm yaml rejects although
// yaml.v3 accepts the document.
func npmOnly(reason string) bool {
	return strings.HasPrefix(reason, "Flow ") || strings.HasPrefix(reason, "Missing closing ") ||
		strings.HasPrefix(reason, "Comments must be separated")
}
