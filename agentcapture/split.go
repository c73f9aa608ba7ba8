package agentcapture

import (
	"strconv"
	"strings"

	"github.com/promptc/promptc/internal/lazyre"
)

// Part is one piece of a base prompt: the text before its first top-level
// heading (ID "preamble"), or a top-level heading with everything up to
// the next one.
type Part struct {
	// ID is the heading's slug (lower case, runs of other characters as
	// "-"), made unique with "-2", "-3", ...; Heading the heading's text.
	ID      string `json:"id"`
	Heading string `json:"heading"`
	Text    string `json:"text"`
}

var nonSlug = lazyre.New(`[^a-z0-9]+`)

// Split cuts text at its top-level ("# ") Markdown headings, outside
// fenced code blocks. The parts' texts joined are text, byte for byte.
func Split(text string) []Part {
	var parts []Part
	seen := map[string]int{}
	start, fence := 0, ""
	cur := Part{ID: "preamble"}
	for off := 0; off < len(text); {
		end := strings.IndexByte(text[off:], '\n')
		line := text[off:]
		next := len(text)
		if end >= 0 {
			line, next = text[off:off+end], off+end+1
		}
		trim := strings.TrimLeft(line, " ")
		switch {
		case fence != "" && strings.HasPrefix(trim, fence):
			fence = ""
		case fence == "" && (strings.HasPrefix(trim, "```") || strings.HasPrefix(trim, "~~~")):
			fence = trim[:3]
		case fence == "" && strings.HasPrefix(line, "# "):
			if off > start || cur.ID != "preamble" {
				cur.Text = text[start:off]
				parts = append(parts, cur)
			}
			h := strings.TrimSpace(line[2:])
			id := strings.Trim(nonSlug().ReplaceAllString(strings.ToLower(h), "-"), "-")
			if id == "" {
				id = "heading"
			}
			if seen[id]++; seen[id] > 1 {
				id += "-" + strconv.Itoa(seen[id])
			}
			cur, start = Part{ID: id, Heading: h}, off
		}
		off = next
	}
	if len(text) > start || cur.ID != "preamble" {
		cur.Text = text[start:]
		parts = append(parts, cur)
	}
	return parts
}
