package main

import (
	"os"
	"path"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestDocLinks checks every relative link of README.md and docs/**/*.md
// (outside code blocks and code spans): the file it names exists, and an
// anchor (#heading) names a heading of that Markdown file, as GitHub
// derives anchors from headings. Links to other sites are not followed.
func TestDocLinks(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	anchors := map[string]map[string]bool{}
	headingsOf := func(file string) map[string]bool {
		if a, ok := anchors[file]; ok {
			return a
		}
		a := map[string]bool{}
		data, err := os.ReadFile(repoRoot + "/" + file)
		if err == nil {
			for _, h := range markdownHeadings(string(data)) {
				a[headingAnchor(h)] = true
			}
		}
		anchors[file] = a
		return a
	}
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(repoRoot + "/" + file)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range proseLines(string(data)) {
			if line == "" {
				continue
			}
			for _, m := range link.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				p, frag, _ := strings.Cut(target, "#")
				dest := file
				if p != "" {
					dest = path.Clean(path.Join(path.Dir(file), p))
					if _, err := os.Stat(repoRoot + "/" + dest); err != nil {
						t.Errorf("%s:%d: link %s: no such file %s", file, n+1, target, dest)
						continue
					}
				}
				if frag != "" && strings.HasSuffix(dest, ".md") && !headingsOf(dest)[frag] {
					t.Errorf("%s:%d: link %s: %s has no heading with anchor #%s", file, n+1, target, dest, frag)
				}
			}
		}
	}
}

// proseLines returns the lines of a Markdown text with fenced code blocks
// and code spans blanked out, so that their brackets are not links.
func proseLines(text string) []string {
	span := regexp.MustCompile("`[^`]*`")
	lines := strings.Split(text, "\n")
	fence := false
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fence = !fence
			lines[i] = ""
			continue
		}
		if fence {
			lines[i] = ""
			continue
		}
		lines[i] = span.ReplaceAllString(l, "")
	}
	return lines
}

// markdownHeadings lists the ATX headings (# …) outside code blocks.
func markdownHeadings(text string) []string {
	var out []string
	fence := false
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fence = !fence
			continue
		}
		if !fence && strings.HasPrefix(l, "#") {
			if h := strings.TrimLeft(l, "#"); strings.HasPrefix(h, " ") {
				out = append(out, strings.TrimSpace(h))
			}
		}
	}
	return out
}

// headingAnchor is GitHub's anchor of a heading: lower case, spaces to
// hyphens, and every character but letters, digits, '-' and '_' dropped.
func headingAnchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
