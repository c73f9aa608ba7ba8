package cowagentskills

import (
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/port/py/pytext"
)

// unavailableNote is the fixed line under <unavailable_skills> (English
// in every language).
const unavailableNote = "The following skills are installed but not yet ready. Guide the user to complete the setup when relevant."

// escapeXML is formatter._escape_xml: & first, then < > " '.
var escapeXML = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace

// formatAvailable is format_skills_for_prompt over the visible skills.
func formatAvailable(skills []Skill) string {
	if len(skills) == 0 {
		return ""
	}
	lines := []string{"", "<available_skills>"}
	for _, s := range skills {
		lines = append(lines,
			"  <skill>",
			"    <name>"+escapeXML(s.Name)+"</name>",
			"    <description>"+escapeXML(s.Description)+"</description>",
			"    <location>"+escapeXML(s.Location)+"</location>",
			"    <base_dir>"+escapeXML(s.BaseDir)+"</base_dir>",
			"  </skill>")
	}
	lines = append(lines, "</available_skills>")
	return strings.Join(lines, "\n")
}

// formatUnavailable is format_unavailable_skills_for_prompt.
func formatUnavailable(skills []Skill) string {
	if len(skills) == 0 {
		return ""
	}
	lines := []string{"", "<unavailable_skills>", unavailableNote}
	for _, s := range skills {
		lines = append(lines,
			"  <skill>",
			"    <name>"+escapeXML(s.Name)+"</name>",
			"    <description>"+escapeXML(s.Description)+"</description>",
			"    <missing>"+escapeXML(s.Missing)+"</missing>")
		if s.Setup != "" {
			lines = append(lines, "    <setup>"+escapeXML(s.Setup)+"</setup>")
		}
		lines = append(lines, "  </skill>")
	}
	lines = append(lines, "</unavailable_skills>")
	return strings.Join(lines, "\n")
}

// setupHint is formatter._extract_setup_hint: the body of the first
// "## Setup" section (re.search(r'^##\s+Setup\s*\n(.*?)(?=\n##\s|\Z)',
// content, re.M|re.S)), stripped; its first 6 lines, stripped, the
// non-empty ones joined with spaces, cut to 300 characters.
func setupHint(content string) string {
	body, ok := setupSection(content)
	if !ok {
		return ""
	}
	lines := strings.Split(pytext.Strip(body), "\n")
	if len(lines) > 6 {
		lines = lines[:6]
	}
	var hint []string
	for _, l := range lines {
		if l = pytext.Strip(l); l != "" {
			hint = append(hint, l)
		}
	}
	s := strings.Join(hint, " ")
	if utf8.RuneCountInString(s) > 300 {
		s = string([]rune(s)[:300])
	}
	return s
}

func setupSection(content string) (string, bool) {
	for p := 0; p < len(content); p++ {
		if p > 0 && content[p-1] != '\n' {
			continue
		}
		if !strings.HasPrefix(content[p:], "##") {
			continue
		}
		q := spaceRun(content, p+2)
		if q == p+2 || !strings.HasPrefix(content[q:], "Setup") {
			continue
		}
		q += len("Setup")
		run := spaceRun(content, q)
		nl := strings.LastIndexByte(content[q:run], '\n')
		if nl < 0 {
			continue
		}
		start := q + nl + 1
		end := len(content)
		for j := start; j < len(content); j++ {
			if content[j] == '\n' && strings.HasPrefix(content[j+1:], "##") {
				if r, size := utf8.DecodeRuneInString(content[j+3:]); size > 0 && pytext.IsSpace(r) {
					end = j
					break
				}
			}
		}
		return content[start:end], true
	}
	return "", false
}
