package pyyaml

import (
	"errors"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/promptc/promptc/internal/lazyre"
	"gopkg.in/yaml.v3"
)

// parse runs yaml.v3 on text and returns the single document (nil for an
// empty stream) and the text it parsed.
//
// yaml.v3, like libyaml, refuses a tab right after the leading spaces of
// the first content line of a block scalar whose indentation it detects,
// where PyYAML takes the tab as content. For such scalars parse learns
// the structure from a copy in which those tabs are replaced by a
// placeholder, computes the indentation PyYAML detects, and writes it
// into the header as an explicit indentation indicator ("|" becomes
// "|2"), which yaml.v3 then reads with the tabs in place.
func parse(text string) (*yaml.Node, string, error) {
	doc, err := parseSingle(text)
	if err == nil || indentTabLine(err) == 0 {
		return doc, text, err
	}
	return fixIndentTabs(text, doc, err)
}

// fixIndentTabs handles yaml.v3's indentation-tab error (see parse).
func fixIndentTabs(text string, doc *yaml.Node, err error) (*yaml.Node, string, error) {
	placeholder := pickPlaceholder(text)
	if placeholder == "" {
		return nil, text, err
	}
	work, perr := text, err
	var pdoc *yaml.Node
	for tries := 0; ; tries++ {
		line := indentTabLine(perr)
		if line == 0 {
			pdoc = doc
			break
		}
		fixed, ok := replaceIndentTab(work, line, placeholder)
		if !ok || tries >= 64 {
			return nil, text, err
		}
		work = fixed
		doc, perr = parseSingle(work)
	}
	if perr != nil || pdoc == nil {
		return nil, text, err
	}
	inserts := explicitIndents(work, pdoc, placeholder)
	if len(inserts) == 0 {
		return nil, text, err
	}
	// Offsets in work are shifted by each longer placeholder before them.
	var marks []int
	for i := 0; ; {
		j := strings.Index(work[i:], placeholder)
		if j < 0 {
			break
		}
		marks = append(marks, i+j)
		i += j + len(placeholder)
	}
	rewritten := text
	for i := len(inserts) - 1; i >= 0; i-- {
		at := inserts[i].at
		at -= sort.SearchInts(marks, at) * (len(placeholder) - 1)
		rewritten = rewritten[:at] + inserts[i].digit + rewritten[at:]
	}
	doc, err2 := parseSingle(rewritten)
	if err2 != nil {
		return nil, text, err
	}
	return doc, rewritten, nil
}

func parseSingle(text string) (*yaml.Node, error) {
	dec := yaml.NewDecoder(strings.NewReader(text))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, err
	}
	var next yaml.Node
	if err := dec.Decode(&next); !errors.Is(err, io.EOF) {
		return nil, errors.New("expected a single document in the stream")
	}
	return &doc, nil
}

var indentTabRE = lazyre.New(`^yaml: line (\d+): found a tab character where an indentation space is expected`)

// indentTabLine returns the 1-based line of the block scalar yaml.v3's
// indentation-tab error names, or 0 for any other outcome.
func indentTabLine(err error) int {
	if err == nil {
		return 0
	}
	m := indentTabRE().FindStringSubmatch(err.Error())
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// pickPlaceholder returns a printable, non-blank character text lacks.
func pickPlaceholder(text string) string {
	for _, r := range []rune{0xF8FF, 0xF8FE, 0xF8FD, 0xE000, 0xE001} {
		if !strings.ContainsRune(text, r) {
			return string(r)
		}
	}
	return ""
}

// replaceIndentTab replaces, on the first line from the given 1-based
// line on that has one, the tab that directly follows leading spaces.
func replaceIndentTab(text string, line int, placeholder string) (string, bool) {
	starts := lineStarts(text)
	for l := line; l <= len(starts); l++ {
		i := starts[l-1]
		j := i
		for j < len(text) && text[j] == ' ' {
			j++
		}
		if j > i && j < len(text) && text[j] == '\t' {
			return text[:j] + placeholder + text[j+1:], true
		}
	}
	return "", false
}

type insert struct {
	at    int
	digit string
}

// explicitIndents finds the block scalars of doc (parsed from work) whose
// detected indentation yaml.v3 could not read because of a tab (their
// first content line starts with the placeholder) and returns, sorted by
// offset, where to put the indentation indicator PyYAML's detection
// gives each.
func explicitIndents(work string, doc *yaml.Node, placeholder string) []insert {
	lines := lineStarts(work)
	var out []insert
	walkIndents(work, lines, doc, func(n *yaml.Node, parentIndent int) {
		if n.Kind != yaml.ScalarNode || n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
			return
		}
		b, ok := locateBlock(work, lines, n, parentIndent)
		if !ok || !b.detected {
			return
		}
		first := b.from // the first non-empty body line
		for first < b.to {
			if _, empty := leadingSpaces(work, first); !empty {
				break
			}
			first = endOfLine(work, first)
		}
		sp, _ := leadingSpaces(work, first)
		if !strings.HasPrefix(work[first+sp:], placeholder) {
			return
		}
		inc := b.indent
		if parentIndent >= 0 {
			inc -= parentIndent
		}
		if inc >= 1 && inc <= 9 {
			out = append(out, insert{at: b.header + 1, digit: strconv.Itoa(inc)})
		}
	})
	sort.Slice(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}
