package codexdocs

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/sources"
)

// CodeConfig is the diagnostic code of a config.toml setting promptc
// could not read.
const CodeConfig = "codexdocs/config"

// settings are the config.toml keys of CX-10, nil when not set.
type settings struct {
	maxBytes *int
	fallback []string
	markers  []string
	hasFB    bool
	hasMk    bool
	trusted  []string // project paths with trust_level = "trusted"
}

// readConfig reads the keys of CX-10 from the TOML file p, a small subset
// of TOML: top-level `key = value` lines (integers, strings and arrays of
// strings, arrays over several lines) and `[projects."PATH"]` tables'
// trust_level. A value of one of those keys that promptc cannot read is a
// warning at its file:line:col; every other key is ignored. A missing file
// is no settings.
func readConfig(fsys sources.FS, p string, diags *diag.List) settings {
	var s settings
	b, err := sources.ReadFile(fsys, p)
	if err != nil {
		return s
	}
	warn := func(line, col int, format string, args ...any) {
		*diags = append(*diags, diag.Diagnostic{Severity: diag.Warning, Code: CodeConfig, Path: p,
			Pos: diag.Pos{File: p, Line: line, Column: col}, Message: "promptc reads only part of config.toml: " + fmt.Sprintf(format, args...)})
	}
	table := ""
	lines := strings.Split(string(b), "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(stripComment(lines[i]))
		start := i + 1
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "["):
			table = strings.TrimSpace(strings.Trim(line, "[]"))
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		key, val := strings.TrimSpace(k), strings.TrimSpace(v)
		for strings.HasPrefix(val, "[") && !balanced(val) && i+1 < len(lines) {
			i++
			val += " " + strings.TrimSpace(stripComment(lines[i]))
		}
		col := strings.Index(lines[start-1], "=") + 2
		switch {
		case table == "" && key == "project_doc_max_bytes":
			n, err := strconv.Atoi(strings.ReplaceAll(val, "_", ""))
			if err != nil || n < 0 {
				warn(start, col, "project_doc_max_bytes = %s is not a non-negative integer", val)
				continue
			}
			s.maxBytes = &n
		case table == "" && (key == "project_doc_fallback_filenames" || key == "project_root_markers"):
			list, err := stringArray(val)
			if err != nil {
				warn(start, col, "%s: %v", key, err)
				continue
			}
			if key == "project_root_markers" {
				s.markers, s.hasMk = list, true
			} else {
				s.fallback, s.hasFB = list, true
			}
		case strings.HasPrefix(table, "projects.") && key == "trust_level":
			if lvl, err := tomlString(val); err == nil && lvl == "trusted" {
				if proj, err := tomlString(strings.TrimPrefix(table, "projects.")); err == nil {
					s.trusted = append(s.trusted, path.Clean(proj))
				}
			}
		}
	}
	return s
}

// stripComment drops a # comment outside strings.
func stripComment(line string) string {
	var q byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case q != 0 && c == '\\' && q == '"':
			i++
		case q != 0 && c == q:
			q = 0
		case q == 0 && (c == '"' || c == '\''):
			q = c
		case q == 0 && c == '#':
			return line[:i]
		}
	}
	return line
}

// balanced reports whether the brackets of an array value are closed.
func balanced(v string) bool {
	depth := 0
	var q byte
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case q != 0 && c == '\\' && q == '"':
			i++
		case q != 0 && c == q:
			q = 0
		case q == 0 && (c == '"' || c == '\''):
			q = c
		case q == 0 && c == '[':
			depth++
		case q == 0 && c == ']':
			depth--
		}
	}
	return depth <= 0
}

// stringArray reads `["a", 'b']` (a trailing comma allowed).
func stringArray(v string) ([]string, error) {
	if !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") {
		return nil, fmt.Errorf("%s is not an array of strings", v)
	}
	out := []string{}
	rest := strings.TrimSpace(v[1 : len(v)-1])
	for rest != "" {
		end := len(rest)
		var q byte
		for i := 0; i < len(rest); i++ {
			c := rest[i]
			if q != 0 && c == '\\' && q == '"' {
				i++
				continue
			}
			if q != 0 && c == q {
				q = 0
			} else if q == 0 && (c == '"' || c == '\'') {
				q = c
			} else if q == 0 && c == ',' {
				end = i
				break
			}
		}
		item := strings.TrimSpace(rest[:end])
		s, err := tomlString(item)
		if err != nil {
			return nil, fmt.Errorf("%s is not an array of strings", v)
		}
		out = append(out, s)
		if end == len(rest) {
			break
		}
		rest = strings.TrimSpace(rest[end+1:])
	}
	return out, nil
}

// tomlString reads a basic ("…", with escapes) or literal ('…') string.
func tomlString(v string) (string, error) {
	switch {
	case len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'':
		return v[1 : len(v)-1], nil
	case len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"':
		return strconv.Unquote(v)
	}
	return "", fmt.Errorf("%s is not a string", v)
}
