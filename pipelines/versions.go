package pipelines

import (
	"strconv"
	"strings"
)

// Versioned returns the versioned built-in pipeline that the built-in
// name stands for: name itself when it carries a version (pi@1.6.0),
// else, for an alias (a file that only names itself and extends another:
// default, pi, cowagent, codex, ...), what the pipeline it extends stands
// for (default and pi give pi@1.6.0, cowagent gives cowagent@head). It
// returns "" for a name that is not built in, and for a pipeline of its
// own (guarded, codex-system), even one that extends a versioned one.
func Versioned(name string) string {
	for range 8 { // alias chains are one file long
		if _, ok := headers()[name]; !ok || !validName(name) {
			return ""
		}
		if strings.Contains(name, "@") {
			return name
		}
		ext, alias := aliasOf(name)
		if !alias {
			return ""
		}
		name = ext
	}
	return ""
}

// aliasOf is the extends: of the built-in pipeline name, and whether the
// file is an alias: no key but promptc, name, description and extends.
func aliasOf(name string) (extends string, alias bool) {
	h := headers()[name]
	for _, k := range h.keys {
		if k != "promptc" && k != "name" && k != "description" && k != "extends" {
			return "", false
		}
	}
	return h.extends, h.extends != ""
}

// extendsOf is the extends: of the built-in pipeline name ("" for none).
func extendsOf(name string) string { return headers()[name].extends }

// SplitVersion splits a versioned pipeline name: "pi@1.6.0" gives "pi"
// and "1.6.0"; a name without "@" gives itself and "".
func SplitVersion(name string) (agent, version string) {
	agent, version, _ = strings.Cut(name, "@")
	return agent, version
}

// Versions lists the versioned built-in pipelines of agent (the names
// agent@VERSION), oldest first: numeric versions compare part by part,
// and any other label (CowAgent's i18n and head) keeps the order of the
// chain, a pipeline after the one it extends.
func Versions(agent string) []string {
	var out []string
	for _, n := range Names() {
		if a, v := SplitVersion(n); a == agent && v != "" {
			out = append(out, n)
		}
	}
	depth := func(n string) int {
		d := 0
		for e := extendsOf(n); e != "" && d < 8; e = extendsOf(e) {
			d++
		}
		return d
	}
	less := func(a, b string) bool {
		_, va := SplitVersion(a)
		_, vb := SplitVersion(b)
		if c, ok := compareNumeric(va, vb); ok {
			return c < 0
		}
		return depth(a) < depth(b)
	}
	for i := 1; i < len(out); i++ { // insertion sort: the lists are tiny
		for j := i; j > 0 && less(out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// compareNumeric compares two dotted numeric versions part by part
// (1.10.0 > 1.9.2); ok is false when either is not of that form.
func compareNumeric(a, b string) (c int, ok bool) {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) || i < len(pb); i++ {
		var x, y int
		var err error
		if i < len(pa) {
			if x, err = strconv.Atoi(pa[i]); err != nil {
				return 0, false
			}
		}
		if i < len(pb) {
			if y, err = strconv.Atoi(pb[i]); err != nil {
				return 0, false
			}
		}
		if x != y {
			if x < y {
				return -1, true
			}
			return 1, true
		}
	}
	return 0, true
}

// Aliases lists the built-in names a layer's pipeline: key may give for
// the built-in name: name itself, then, sorted, every name of the same
// pipeline (its Versioned is the same: default, pi and pi@1.6.0) and every
// unversioned name of the same agent (default, pi for pi@0.83.0), since an
// unversioned name means the agent whatever its version. A versioned name
// means that version only.
func Aliases(name string) []string {
	out := []string{name}
	v := Versioned(name)
	if v == "" {
		return out
	}
	agent, _ := SplitVersion(v)
	for _, n := range Names() {
		if n == name {
			continue
		}
		nv := Versioned(n)
		a, _ := SplitVersion(nv)
		if nv == v || (!strings.Contains(n, "@") && a == agent) {
			out = append(out, n)
		}
	}
	return out
}

// Nearest is the verified pipeline of agent nearest to version: the
// newest whose numeric version is not above it, else the oldest; "" when
// agent has no versioned pipeline. A version that is not numeric gives
// the newest.
func Nearest(agent, version string) string {
	vs := Versions(agent)
	if len(vs) == 0 {
		return ""
	}
	best := ""
	for _, n := range vs {
		_, v := SplitVersion(n)
		if c, ok := compareNumeric(v, version); ok && c <= 0 {
			best = n
		} else if !ok {
			return vs[len(vs)-1]
		}
	}
	if best == "" {
		return vs[0]
	}
	return best
}
