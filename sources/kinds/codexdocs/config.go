package codexdocs

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"

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

// readConfig reads the keys of CX-10 from the TOML file p (parsed with
// go-toml): top-level project_doc_max_bytes, project_doc_fallback_filenames
// and project_root_markers, and the trust_level of `[projects."PATH"]`
// tables. A file that is not TOML, or a value of one of those keys of the
// wrong type, is a warning at its file:line:col and that setting stays
// unset; every other key is ignored. A missing file is no settings.
func readConfig(fsys sources.FS, p string, diags *diag.List) settings {
	var s settings
	b, err := sources.ReadFile(fsys, p)
	if err != nil {
		return s
	}
	var warnings diag.List
	warn := func(line, col int, format string, args ...any) {
		warnings = append(warnings, diag.Diagnostic{Severity: diag.Warning, Code: CodeConfig, Path: p,
			Pos: diag.Pos{File: p, Line: line, Column: col}, Message: "promptc reads only part of config.toml: " + fmt.Sprintf(format, args...)})
	}
	defer func() { // in the file's order
		slices.SortStableFunc(warnings, func(a, b diag.Diagnostic) int {
			return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Column, b.Pos.Column))
		})
		*diags = append(*diags, warnings...)
	}()
	var doc map[string]any
	if err := toml.Unmarshal(b, &doc); err != nil {
		line, col := 1, 1
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, col = de.Position()
		}
		warn(line, col, "it is not valid TOML: %v", err)
		return s
	}
	text := string(b)
	at := func(key string) (int, int) { return valuePos(text, key) }
	if v, ok := doc["project_doc_max_bytes"]; ok {
		if n, isInt := v.(int64); isInt && n >= 0 && n <= math.MaxInt32 {
			m := int(n)
			s.maxBytes = &m
		} else {
			line, col := at("project_doc_max_bytes")
			warn(line, col, "project_doc_max_bytes = %s is not a non-negative integer", tomlValue(v))
		}
	}
	for _, key := range []string{"project_doc_fallback_filenames", "project_root_markers"} {
		v, ok := doc[key]
		if !ok {
			continue
		}
		list, isList := sources.StringList(v)
		if !isList {
			line, col := at(key)
			warn(line, col, "%s: %s is not an array of strings", key, tomlValue(v))
			continue
		}
		if key == "project_root_markers" {
			s.markers, s.hasMk = list, true
		} else {
			s.fallback, s.hasFB = list, true
		}
	}
	projects, _ := doc["projects"].(map[string]any)
	for proj, v := range projects {
		if t, ok := v.(map[string]any); ok && t["trust_level"] == "trusted" {
			s.trusted = append(s.trusted, path.Clean(proj))
		}
	}
	slices.Sort(s.trusted)
	return s
}

// tomlValue writes a decoded value for a warning: strings quoted.
func tomlValue(v any) string {
	if str, ok := v.(string); ok {
		return strconv.Quote(str)
	}
	return fmt.Sprint(v)
}

// valuePos is the 1-based line and column where the value of the
// top-level key starts in text (1:1 when it is not found as written).
func valuePos(text, key string) (line, col int) {
	for i, l := range strings.Split(text, "\n") {
		t := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(t, "[") {
			break // top-level keys come before the first table
		}
		rest, ok := strings.CutPrefix(t, key)
		if !ok {
			continue
		}
		eq := strings.TrimLeft(rest, " \t")
		if !strings.HasPrefix(eq, "=") {
			continue
		}
		val := strings.TrimLeft(eq[1:], " \t")
		return i + 1, len(l) - len(val) + 1
	}
	return 1, 1
}
