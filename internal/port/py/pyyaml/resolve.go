package pyyaml

import (
	"regexp"
	"sync"
)

// Tags in yaml.v3's short form, as Resolve returns them.
const (
	TagNull      = "!!null"
	TagBool      = "!!bool"
	TagInt       = "!!int"
	TagFloat     = "!!float"
	TagStr       = "!!str"
	TagBinary    = "!!binary"
	TagTimestamp = "!!timestamp"
	TagMerge     = "!!merge"
	TagValue     = "!!value"
	TagSeq       = "!!seq"
	TagMap       = "!!map"
	TagSet       = "!!set"
	TagOmap      = "!!omap"
	TagPairs     = "!!pairs"
)

type resolver struct {
	tag string
	re  *regexp.Regexp
}

// resolvers maps a plain scalar's first character ("" for the empty
// scalar) to PyYAML's implicit resolvers (resolver.py) it tries for it, in
// registration order. They are compiled on first use: only CowAgent's
// pipeline reads YAML the PyYAML way.
var resolvers = sync.OnceValue(func() map[string][]resolver {
	boolRE := regexp.MustCompile(`^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$`)
	floatRE := regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?` +
		`|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?` +
		`|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*` +
		`|[-+]?\.(?:inf|Inf|INF)` +
		`|\.(?:nan|NaN|NAN))$`)
	intRE := regexp.MustCompile(`^(?:[-+]?0b[0-1_]+` +
		`|[-+]?0[0-7_]+` +
		`|[-+]?(?:0|[1-9][0-9_]*)` +
		`|[-+]?0x[0-9a-fA-F_]+` +
		`|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$`)
	mergeRE := regexp.MustCompile(`^(?:<<)$`)
	nullRE := regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)
	timestampRE := regexp.MustCompile(`^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]` +
		`|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?` +
		`(?:[Tt]|[ \t]+)[0-9][0-9]?` +
		`:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?` +
		`(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$`)
	valueRE := regexp.MustCompile(`^(?:=)$`)

	m := map[string][]resolver{}
	add := func(tag string, re *regexp.Regexp, first string) {
		for _, c := range first {
			m[string(c)] = append(m[string(c)], resolver{tag, re})
		}
	}
	add(TagBool, boolRE, "yYnNtTfFoO")
	add(TagFloat, floatRE, "-+0123456789.")
	add(TagInt, intRE, "-+0123456789")
	add(TagMerge, mergeRE, "<")
	add(TagNull, nullRE, "~nN")
	m[""] = append(m[""], resolver{TagNull, nullRE})
	add(TagTimestamp, timestampRE, "0123456789")
	add(TagValue, valueRE, "=")
	return m
})

// Resolve returns the tag PyYAML's SafeLoader gives a plain (unquoted,
// untagged) scalar: the first implicit resolver registered for its first
// character whose pattern matches, else !!str.
func Resolve(value string) string {
	first := ""
	for _, r := range value {
		first = string(r)
		break
	}
	for _, r := range resolvers()[first] {
		if fullMatch(r.re, value) != nil {
			return r.tag
		}
	}
	return TagStr
}

// fullMatch matches re (anchored with ^ and $) as Python's re.match does:
// "$" also matches before one trailing "\n". It returns the submatches.
func fullMatch(re *regexp.Regexp, s string) []string {
	if m := re.FindStringSubmatch(s); m != nil {
		return m
	}
	if n := len(s); n > 0 && s[n-1] == '\n' {
		return re.FindStringSubmatch(s[:n-1])
	}
	return nil
}
