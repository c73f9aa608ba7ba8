package workspacefiles

import (
	"strings"

	"github.com/promptc/promptc/internal/port/py/pytext"
)

// Match reports whether content (already stripped) is an unfilled
// template, and which marker showed it.
func (p *Placeholder) Match(content string) (marker string, ok bool) {
	var lines []string
	for _, line := range strings.Split(content, "\n") {
		s := pytext.Strip(line)
		if s == "" || (p.CommentPrefix != "" && strings.HasPrefix(s, p.CommentPrefix)) {
			continue
		}
		lines = append(lines, s)
	}
	if len(lines) > p.MaxLines {
		return "", false
	}
	for _, m := range p.Markers {
		for _, line := range lines {
			if strings.Contains(line, m) {
				return m, true
			}
		}
	}
	return "", false
}

// Apply truncates content (already stripped) and reports whether anything
// was dropped.
func (t *Truncate) Apply(content string) (string, bool) {
	lines := strings.Split(content, "\n")
	truncated := false
	if t.MaxLines > 0 && len(lines) > t.MaxLines {
		lines = lines[len(lines)-t.MaxLines:]
		truncated = true
	}
	if t.MaxBytes > 0 && joinedLen(lines) > t.MaxBytes {
		truncated = true
		if t.OverBytes == DropAll {
			lines = nil
		} else {
			for len(lines) > 0 && joinedLen(lines) > t.MaxBytes {
				lines = lines[1:]
			}
		}
	}
	out := strings.Join(lines, "\n")
	if truncated {
		out = t.Notice + out
	}
	return out, truncated
}

// joinedLen is len(strings.Join(lines, "\n")) without building it.
func joinedLen(lines []string) int {
	if len(lines) == 0 {
		return 0
	}
	n := len(lines) - 1
	for _, l := range lines {
		n += len(l)
	}
	return n
}
