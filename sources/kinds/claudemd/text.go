package claudemd

import (
	"strings"
	"unicode"

	"github.com/promptc/promptc/internal/lazyre"
)

// jsTrim is JavaScript's String.prototype.trim: Unicode white space,
// line terminators and U+FEFF (CC-8).
func jsTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '\ufeff' })
}

// frontmatter splits a leading "---" … "---" block off text (CC-10): it
// returns the block's lines (without the fences) and the rest. A BOM
// before the block does not hide it (cc-agents-text). Without a closed
// block at the very top the text is returned whole.
func frontmatter(text string) (fm []string, rest string) {
	first, body, ok := cutLine(strings.TrimPrefix(text, "\ufeff"))
	if !ok || strings.TrimRight(first, "\r") != "---" {
		return nil, text
	}
	for body != "" {
		line, next, _ := cutLine(body)
		if strings.TrimRight(line, "\r") == "---" {
			return fm, next
		}
		fm = append(fm, strings.TrimRight(line, "\r"))
		body = next
	}
	return nil, text
}

// cutLine splits off the first line (without its "\n").
func cutLine(s string) (line, rest string, hadNL bool) {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

// conditional reports whether a rule's frontmatter has paths: other than
// only "**" (CC-6).
func conditional(fm []string) bool {
	var vals []string
	in := false
	for _, l := range fm {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "paths:"):
			in = true
			v := strings.TrimSpace(strings.TrimPrefix(l, "paths:"))
			v = strings.Trim(v, "[]")
			for _, p := range strings.Split(v, ",") {
				if p = strings.Trim(strings.TrimSpace(p), `"'`); p != "" {
					vals = append(vals, p)
				}
			}
		case in && strings.HasPrefix(t, "- "):
			vals = append(vals, strings.Trim(strings.TrimSpace(t[2:]), `"'`))
		case in && t != "" && !strings.HasPrefix(l, " "):
			in = false
		}
	}
	for _, v := range vals {
		if v != "**" {
			return true
		}
	}
	return false
}

// lineKind classifies a line for CC-9 and CC-12.
type lineKind int

const (
	textLine    lineKind = iota
	codeLine             // fenced (fence lines included) or indented code
	commentLine          // part of a block-level HTML comment, or a blank line after one
)

var fenceRe = lazyre.New("^ {0,3}(`{3,}|~{3,})")

// classify splits text into lines (each with its "\n") and says what
// each one is, the way a Markdown block lexer sees them: fenced code,
// indented code after a blank line, HTML comment blocks (with the blank
// lines that follow them), and everything else.
func classify(text string) ([]string, []lineKind) {
	var lines []string
	for rest := text; rest != ""; {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			lines = append(lines, rest)
			break
		}
		lines = append(lines, rest[:i+1])
		rest = rest[i+1:]
	}
	kinds := make([]lineKind, len(lines))
	blank := func(l string) bool { return strings.TrimSpace(l) == "" }
	prevBlank := true // start of the document, or after a blank line
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], "\r\n")
		if m := fenceRe().FindStringSubmatch(l); m != nil {
			fence := m[1]
			kinds[i] = codeLine
			for i+1 < len(lines) {
				i++
				kinds[i] = codeLine
				c := strings.TrimSpace(strings.TrimRight(lines[i], "\r\n"))
				if strings.HasPrefix(c, fence[:1]) && strings.Trim(c, fence[:1]) == "" && len(c) >= len(fence) && len(lines[i])-len(strings.TrimLeft(lines[i], " ")) <= 3 {
					break
				}
			}
			prevBlank = false
			continue
		}
		if prevBlank && !blank(l) && (strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t")) {
			for ; i < len(lines); i++ {
				l := strings.TrimRight(lines[i], "\r\n")
				if !blank(l) && !strings.HasPrefix(l, "    ") && !strings.HasPrefix(l, "\t") {
					break
				}
				kinds[i] = codeLine
			}
			i--
			prevBlank = true
			continue
		}
		if t := strings.TrimLeft(l, " "); len(l)-len(t) <= 3 && strings.HasPrefix(t, "<!--") {
			j := i
			for ; j < len(lines); j++ {
				s := strings.TrimRight(lines[j], "\r\n")
				if j == i {
					s = t[4:]
				}
				if strings.Contains(s, "-->") {
					break
				}
			}
			if j < len(lines) { // a closed comment block
				for k := i; k <= j; k++ {
					kinds[k] = commentLine
				}
				for j+1 < len(lines) && blank(lines[j+1]) {
					j++
					kinds[j] = commentLine
				}
				i = j
				prevBlank = true
				continue
			}
		}
		prevBlank = blank(l)
	}
	return lines, kinds
}

// process removes block-level HTML comments (CC-9): when one is removed,
// every CRLF and CR of the file becomes LF. It returns the new text and
// the text runs where imports may be (code excluded).
func process(text string) (out string, runs []string) {
	lines, kinds := classify(text)
	var b, run strings.Builder
	removed := false
	flush := func() {
		if run.Len() > 0 {
			runs = append(runs, run.String())
			run.Reset()
		}
	}
	for i, l := range lines {
		switch kinds[i] {
		case commentLine:
			removed = true
			flush()
			continue
		case codeLine:
			flush()
		case textLine:
			run.WriteString(l)
		}
		b.WriteString(l)
	}
	flush()
	out = b.String()
	if removed {
		out = strings.ReplaceAll(strings.ReplaceAll(out, "\r\n", "\n"), "\r", "\n")
	}
	return out, runs
}
