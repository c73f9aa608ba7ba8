package toolcatalog

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// selection is the caller's choice of tools once pi 1.x's rules are
// applied (Options.Modifiers, Options.Patterns, Options.DefaultTools):
// the allowlist in effect, the names activated without one, and how names
// are matched. With none of those options it is pi 0.83.0's choice.
type selection struct {
	// allow is the allowlist in effect, in order; nil: none (with
	// Disable "all" nothing is then active).
	allow []string
	// base are the names activated when there is no allowlist (the
	// default tools, changed by modifiers), in order.
	base []string
	// allowed and excluded match a tool name against allow and
	// Options.Exclude.
	allowed, excluded func(string) bool
}

// newSelection applies the caller's choice to the catalog's defaults.
// Without an allowlist the base is DefaultTools when set, else the
// catalog's default tools, and none when Disable is set. An allowlist of
// only "+name"/"-name" entries (with Modifiers) is no allowlist: it adds
// tools to the base and removes them from it, in order, and the result is
// also the allowlist when Disable is "all".
func newSelection(o *Options) selection {
	s := selection{allow: o.Allow}
	if o.Disable == DisableNone {
		for _, t := range o.Tools {
			if t.Default {
				s.base = append(s.base, t.Name)
			}
		}
		if o.DefaultTools != nil {
			s.base = resolveDefaultTools(o.DefaultTools, s.base)
		}
	}
	if o.Modifiers && len(o.Allow) > 0 && allModifiers(o.Allow) {
		s.base = ApplyModifiers(s.base, o.Allow)
		s.allow = nil
		if o.Disable == DisableAll {
			s.allow = s.base
		}
	}
	if s.allow != nil {
		s.allowed = matcher(s.allow, o.Patterns)
	}
	s.excluded = matcher(o.Exclude, o.Patterns)
	return s
}

// allowListError is what pi 1.x says of an allowlist it refuses (it exits
// with the message): names mixed with "+name"/"-name" entries, or a
// modifier holding "*". nil when Modifiers is off or the list is fine.
func allowListError(o *Options) error {
	if !o.Modifiers {
		return nil
	}
	var mods int
	for _, e := range o.Allow {
		if isModifier(e) {
			mods++
			if strings.Contains(e, "*") {
				return fmt.Errorf("tools: +name and -name entries take exact tool names, not patterns: %s", e)
			}
		}
	}
	if mods > 0 && mods < len(o.Allow) {
		return errors.New("tools: tool names cannot be mixed with +name or -name entries")
	}
	return nil
}

// isModifier reports whether an entry is "+name" or "-name".
func isModifier(e string) bool { return strings.HasPrefix(e, "+") || strings.HasPrefix(e, "-") }

func allModifiers(entries []string) bool {
	for _, e := range entries {
		if !isModifier(e) {
			return false
		}
	}
	return true
}

// ApplyModifiers applies the "+name" and "-name" entries of entries to
// base in order: "+name" appends a name not yet there, "-name" removes
// one. Other entries are ignored; base is not changed.
func ApplyModifiers(base, entries []string) []string {
	out := slices.Clone(base)
	for _, e := range entries {
		if !isModifier(e) {
			continue
		}
		name := e[1:]
		i := slices.Index(out, name)
		switch {
		case e[0] == '+' && i < 0 && name != "":
			out = append(out, name)
		case e[0] == '-' && i >= 0:
			out = slices.Delete(out, i, i+1)
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// matcher matches a name against entries: exact names, and with patterns
// entries holding "*", which stands for any run of characters (no other
// character is special).
func matcher(entries []string, patterns bool) func(string) bool {
	var res []*regexp.Regexp
	if patterns {
		for _, e := range entries {
			if strings.Contains(e, "*") {
				parts := strings.Split(e, "*")
				for i, p := range parts {
					parts[i] = regexp.QuoteMeta(p)
				}
				res = append(res, regexp.MustCompile(`^`+strings.Join(parts, ".*")+`$`))
			}
		}
	}
	return func(name string) bool {
		if slices.Contains(entries, name) && !(patterns && strings.Contains(name, "*")) {
			return true
		}
		for _, re := range res {
			if re.MatchString(name) {
				return true
			}
		}
		return false
	}
}
