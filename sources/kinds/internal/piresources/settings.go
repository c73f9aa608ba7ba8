package piresources

import (
	"github.com/promptc/promptc/internal/port/js/jsjson"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/internal/port/js/nodeerr"
	"github.com/promptc/promptc/sources"
)

// legacyDirsKey is the field of the legacy {"skills": {...}} settings shape
// that holds the directory list.
const legacyDirsKey = "customDirectories"

// settings is one parsed settings file and the directory its relative
// paths resolve against.
type settings struct {
	file  string
	base  string
	scope string
	data  map[string]any
}

// readSettings reads a settings file. A missing, unreadable or invalid
// file and any JSON value that is not an object count as {}.
func (l *loader) readSettings(file, base, scope string) settings {
	s := settings{file: file, base: base, scope: scope, data: map[string]any{}}
	b, err := sources.ReadFile(l.fsys, file)
	if err != nil {
		if sources.Exists(l.fsys, file) {
			l.rec.exclude(file, ReasonUnreadable, nodeerr.Message(err, "open", file))
		}
		return s
	}
	v, err := jsjson.Parse(l.rules.stripBOM(jsstr.DecodeUTF8(b)))
	if err != nil {
		l.rec.exclude(file, ReasonInvalid, "invalid JSON: "+err.Error())
		return s
	}
	m, ok := v.(map[string]any)
	if !ok {
		l.rec.exclude(file, ReasonInvalid, "not a JSON object")
		return s
	}
	l.rec.origin(file, "settings", len(b))
	// {"skills": {"customDirectories": [...]}} is read as "skills": [...].
	key := l.layout.SkillsKey
	if legacy, ok := m[key].(map[string]any); ok {
		if dirs, ok := legacy[legacyDirsKey].([]any); ok && len(dirs) > 0 {
			m[key] = dirs
		} else {
			delete(m, key)
		}
	}
	s.data = m
	return s
}

// list returns the string entries of the settings list key; other values
// are skipped.
func (s settings) list(key string) []string { return stringList(s.data[key]) }

func stringList(v any) []string {
	arr, _ := v.([]any)
	var out []string
	for _, e := range arr {
		if str, ok := e.(string); ok {
			out = append(out, str)
		}
	}
	return out
}

// userSettings and projectSettings locate the two settings files.
func (l *loader) userSettings() settings {
	return l.readSettings(sources.Child(l.agentDir, l.layout.SettingsFile), l.agentDir, ScopeUser)
}

func (l *loader) projectSettings() settings {
	base := sources.Child(l.cwd, l.layout.ProjectDir)
	file := sources.Child(base, l.layout.SettingsFile)
	if !l.trusted {
		if sources.Exists(l.fsys, file) {
			l.rec.exclude(file, ReasonUntrusted, "")
		}
		return settings{file: file, base: base, scope: ScopeProject, data: map[string]any{}}
	}
	return l.readSettings(file, base, ScopeProject)
}
