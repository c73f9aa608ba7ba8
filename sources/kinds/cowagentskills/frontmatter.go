package cowagentskills

import (
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/port/py/pytext"
	"github.com/promptc/promptc/internal/port/py/pyyaml"
)

// frontMatterText is re.match(r'^---\s*\n(.*?)\n---\s*\n', content,
// re.DOTALL).group(1), with \s being Python's Unicode white space: the
// greedy \s* before the first newline backtracks from the last newline
// of the white space run after the opening "---".
func frontMatterText(content string) (string, bool) {
	if !strings.HasPrefix(content, "---") {
		return "", false
	}
	run := spaceRun(content, 3)
	var starts []int // candidate group starts: after each newline of the run
	for i := 3; i < run; i++ {
		if content[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	for k := len(starts) - 1; k >= 0; k-- {
		s := starts[k]
		for j := s; ; j++ {
			i := strings.Index(content[j:], "\n---")
			if i < 0 {
				break
			}
			j += i
			if end := spaceRun(content, j+4); strings.Contains(content[j+4:end], "\n") {
				return content[s:j], true
			}
		}
	}
	return "", false
}

// spaceRun returns the end of the run of Python white space at i.
func spaceRun(s string, i int) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !pytext.IsSpace(r) {
			break
		}
		i += size
	}
	return i
}

// parseFrontMatter is CowAgent's parse_frontmatter: yaml.safe_load, a
// non-dict result counting as {}, and the line parser when PyYAML fails.
// An error is one the line parser raises (CowAgent does not catch it).
func parseFrontMatter(content string) (*pyyaml.Dict, error) {
	text, ok := frontMatterText(content)
	if !ok {
		return pyyaml.NewDict(), nil
	}
	v, err := pyyaml.SafeLoad(text)
	if err != nil {
		return pyyaml.LineParse(text)
	}
	if d, ok := v.(*pyyaml.Dict); ok {
		return d, nil
	}
	return pyyaml.NewDict(), nil
}
