package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/promptc/promptc/casetest"
)

// A golden file is the approved build of one check, paths written $REPO
// and $HOME:
//
//	promptc check golden: default in packages/api (promptc check --update writes it)
//	=== sections ===
//	{"id":"body","active":true,"start":0,"bytes":812,"origins":[…]}
//	…one JSON line per section, in prompt order
//	=== prompt ===
//	the exact prompt, then one "\n"
//
// The prompt comes last so that it may hold any text.
const (
	sectionsMarker = "=== sections ==="
	promptMarker   = "=== prompt ==="
)

// GoldenError is a golden file that is not one promptc check wrote.
type GoldenError struct {
	Path string
	Line int
	Msg  string
}

func (e *GoldenError) Error() string {
	return fmt.Sprintf("%s:%d: %s (not a golden promptc check wrote: run promptc check --update to write it again)", e.Path, e.Line, e.Msg)
}

// formatGolden is the golden of b, a build of ch with its paths rebased.
func formatGolden(ch Check, b *casetest.Build) []byte {
	var out bytes.Buffer
	fmt.Fprintf(&out, "promptc check golden: %s in %s (promptc check --update writes it)\n%s\n", ch.Pipeline, ch.Rel, sectionsMarker)
	for _, s := range b.Sections {
		line, _ := json.Marshal(s) // plain data: cannot fail
		out.Write(line)
		out.WriteByte('\n')
	}
	out.WriteString(promptMarker + "\n")
	out.WriteString(b.Prompt)
	out.WriteByte('\n')
	return out.Bytes()
}

// parseGolden reads a golden file; name is its path for errors.
func parseGolden(name string, data []byte) (*casetest.Build, error) {
	fail := func(line int, format string, args ...any) error {
		return &GoldenError{Path: name, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	text := string(data)
	b := &casetest.Build{}
	line := 1
	header, rest, ok := strings.Cut(text, "\n")
	if !ok || !strings.HasPrefix(header, "promptc check golden:") {
		return nil, fail(1, "the first line is not \"promptc check golden: …\"")
	}
	line++
	marker, rest, _ := strings.Cut(rest, "\n")
	if marker != sectionsMarker {
		return nil, fail(line, "want %q", sectionsMarker)
	}
	for {
		line++
		l, r, ok := strings.Cut(rest, "\n")
		if !ok {
			return nil, fail(line, "no %q line: the file ends early", promptMarker)
		}
		rest = r
		if l == promptMarker {
			break
		}
		var s casetest.Section
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			return nil, fail(line, "not a section: %v", err)
		}
		if s.ID == "" {
			return nil, fail(line, "a section without an id")
		}
		b.Sections = append(b.Sections, s)
	}
	prompt, ok := strings.CutSuffix(rest, "\n")
	if !ok {
		return nil, fail(line+strings.Count(rest, "\n")+1, "the prompt does not end with the newline the golden adds")
	}
	b.Prompt = prompt
	end := 0
	for i, s := range b.Sections {
		if s.Start < 0 || s.Bytes < 0 || s.Start+s.Bytes > len(prompt) || (s.Active && s.Start < end) {
			return nil, fail(3+i, "section %s: start %d and bytes %d do not lie in the prompt (%d bytes) after the sections before it", s.ID, s.Start, s.Bytes, len(prompt))
		}
		if s.Active {
			end = s.Start + s.Bytes
		}
	}
	return b, nil
}
