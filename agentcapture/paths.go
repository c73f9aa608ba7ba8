package agentcapture

import (
	"strings"
)

// A base prompt names the HOME and working directory it was captured in
// (Claude Code's memory directory, Gemini CLI's memory files). Capture
// stores those scratch paths as these placeholders, and Expand puts the
// paths of the run at hand in their place.
const (
	PlaceHome    = "<promptc:home>"     // $HOME
	PlaceCwd     = "<promptc:cwd>"      // the working directory
	PlaceCwdSlug = "<promptc:cwd-slug>" // the cwd with every byte but [A-Za-z0-9] as "-" (Claude Code's project dir)
	PlaceCwdBase = "<promptc:cwd-base>" // the cwd's last element (Gemini CLI's project temp dir)
)

// scratchCwdName is the capture's working directory's name: distinctive,
// so that its occurrences are the cwd's and nothing else.
const scratchCwdName = "promptc-capture-cwd"

// Normalize replaces the scratch home and cwd in a captured base with the
// placeholders, longest first.
func Normalize(text, home, cwd string) string {
	text = strings.ReplaceAll(text, cwd, PlaceCwd)
	text = strings.ReplaceAll(text, Slug(cwd), PlaceCwdSlug)
	text = strings.ReplaceAll(text, home, PlaceHome)
	return strings.ReplaceAll(text, scratchCwdName, PlaceCwdBase)
}

// Expand puts home and cwd where Normalize left placeholders.
func Expand(text, home, cwd string) string {
	if !strings.Contains(text, "<promptc:") {
		return text
	}
	base := cwd[strings.LastIndexByte(cwd, '/')+1:]
	return strings.NewReplacer(PlaceHome, home, PlaceCwd, cwd, PlaceCwdSlug, Slug(cwd), PlaceCwdBase, base).Replace(text)
}

// Slug is a path with every byte but ASCII letters and digits as "-".
func Slug(p string) string {
	b := []byte(p)
	for i, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			b[i] = '-'
		}
	}
	return string(b)
}
