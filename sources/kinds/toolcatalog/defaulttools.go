package toolcatalog

import (
	"strings"

	"github.com/promptc/promptc/internal/port/js/jsjson"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// resolveDefaultTools is pi 1.x's resolution of a defaultTools list:
// entries that are not strings are dropped; the plain names, when there
// are any (or no entry at all), replace the catalog's defaults; then the
// "+name"/"-name" entries apply in order (ApplyModifiers).
func resolveDefaultTools(entries []string, catalogDefaults []string) []string {
	var plain []string
	for _, e := range entries {
		if !isModifier(e) {
			plain = append(plain, e)
		}
	}
	base := catalogDefaults
	if len(plain) > 0 || len(entries) == 0 {
		base = plain
	}
	return ApplyModifiers(base, entries)
}

// readDefaultTools reads key from the settings files, lowest precedence
// first, and merges the values as pi 1.x merges settings layers: a list
// of only "+name"/"-name" strings is appended to the list below it, any
// other value replaces it. A missing or unreadable file, invalid JSON (a
// leading byte order mark is dropped first) or a value that is not an
// object adds nothing. set is false when no file has the key; a merged
// value that is not a list is an empty list.
func readDefaultTools(fsys sources.FS, files []string, key string) (entries []string, set bool, origins []prov.Origin) {
	var merged any
	for _, f := range files {
		b, err := sources.ReadFile(fsys, f)
		if err != nil {
			continue
		}
		v, err := jsjson.Parse(strings.TrimPrefix(jsstr.DecodeUTF8(b), "\uFEFF"))
		obj, isObj := v.(map[string]any)
		if err != nil || !isObj {
			continue
		}
		over, has := obj[key]
		if !has {
			continue
		}
		origins = append(origins, prov.Origin{Path: f, Role: "settings", Bytes: len(b)})
		base, baseList := merged.([]any)
		overList, isList := over.([]any)
		if set && baseList && isList && allModifierValues(overList) {
			merged = append(append([]any{}, base...), overList...)
		} else {
			merged = over
		}
		set = true
	}
	if !set {
		return nil, false, origins
	}
	entries = []string{}
	list, _ := merged.([]any)
	for _, v := range list {
		if s, ok := v.(string); ok {
			entries = append(entries, s)
		}
	}
	return entries, true, origins
}

// allModifierValues reports whether every value is a "+name"/"-name"
// string.
func allModifierValues(vs []any) bool {
	for _, v := range vs {
		if s, ok := v.(string); !ok || !isModifier(s) {
			return false
		}
	}
	return true
}
