// Package toolcatalog is the tool_catalog source kind: the active tools of
// a declared catalog (allowlist, exclusions, disabling, defaults), their
// one-line snippets and one deduplicated guideline list.
package toolcatalog

import (
	"context"
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// ToolDef is one tool of a catalog, as a pipeline declares it.
type ToolDef struct {
	Name string `koanf:"name"`
	// Snippet is the one-line description listed in the prompt; it is
	// normalized (line breaks and white-space runs to one space, trimmed)
	// and a tool whose snippet normalizes to "" is active but not listed.
	Snippet    string   `koanf:"snippet"`
	Guidelines []string `koanf:"guidelines"`
	// Default tools are active when the caller gives no allowlist.
	Default bool `koanf:"default"`
}

// Guideline is a guideline that applies only when some tools are active
// and others are not.
type Guideline struct {
	Text string `koanf:"text"`
	// Requires lists tools that must all be active.
	Requires []string `koanf:"requires"`
	// UnlessAny lists tools none of which may be active.
	UnlessAny []string `koanf:"unless_any"`
}

// Options configures a tool_catalog source.
type Options struct {
	Tools []ToolDef `koanf:"tools"`
	// Allow is the caller's allowlist in order; nil means "not given" and
	// selects the default tools. An allowlist always wins over Disable.
	Allow []string `koanf:"allow"`
	// Exclude removes tools from the allowlist and the active set.
	Exclude []string `koanf:"exclude"`
	// Disable turns the catalog's tools off when there is no allowlist.
	Disable Disable `koanf:"disable"`
	// Leading guidelines come first, Trailing ones last; every guideline
	// goes through one global, position-keeping dedupe.
	Leading  []Guideline `koanf:"leading_guidelines"`
	Trailing []string    `koanf:"trailing_guidelines"`
}

// Disable is what Options.Disable turns off.
type Disable string

// Values of Disable: with DisableAll or DisableBuiltin and no allowlist,
// no catalog tool is active (pi's --no-tools and --no-builtin-tools).
const (
	DisableNone    Disable = ""
	DisableAll     Disable = "all"
	DisableBuiltin Disable = "builtin"
)

// UnmarshalText accepts "", "all" or "builtin".
func (d *Disable) UnmarshalText(b []byte) error { return sources.ParseEnum(d, b) }

// EnumValues lists the allowed values.
func (Disable) EnumValues() []string {
	return []string{string(DisableNone), string(DisableAll), string(DisableBuiltin)}
}

// Tool is an active tool with its normalized snippet and guidelines.
type Tool struct {
	Name       string   `json:"name"`
	Snippet    string   `json:"snippet"`
	Guidelines []string `json:"guidelines"`
}

// ToolSet is the value of a tool_catalog source.
type ToolSet struct {
	// Active tools in selection order; Listed are those with a snippet.
	Active []Tool `json:"active"`
	Listed []Tool `json:"listed"`
	// Names of the active tools, for conditions such as `"read" in tools.Names`.
	Names []string `json:"names"`
	// Guidelines is the deduplicated guideline list.
	Guidelines []string `json:"guidelines"`
	// Catalog lists every declared tool's name, active or not, in
	// declaration order (for `promptc explain`'s custom-body drift check).
	Catalog []string `json:"catalog"`
}

// Exclusion reasons of a tool_catalog source; the path is "tool:NAME".
const (
	ToolNotAllowed = "not in the allowlist"
	ToolNotDefault = "not a default tool"
	ToolDisabled   = "tools disabled"
	ToolExcluded   = "in the exclude list"
	ToolUnknown    = "unknown tool"
	toolPathPrefix = "tool:"
)

// Name is the kind's name in pipelines.
const Name = "tool_catalog"

// New returns the tool_catalog kind: it selects active tools from a
// declared catalog and derives their prompt lines and guidelines.
func New() sources.Kind {
	return sources.Func[Options, ToolSet]{
		KindName: Name,
		Summary:  "active tools from a declared catalog, with snippets and deduplicated guidelines",
		Run: func(ctx context.Context, _ sources.Env, o *Options) (ToolSet, sources.Output, error) {
			return selectTools(o), sources.Output{Excluded: toolExclusions(o)}, ctx.Err()
		},
	}
}

func selectTools(o *Options) ToolSet {
	byName := make(map[string]ToolDef, len(o.Tools))
	for _, t := range o.Tools {
		if _, dup := byName[t.Name]; !dup {
			byName[t.Name] = t
		}
	}
	var names []string
	switch {
	case o.Allow != nil:
		names = o.Allow
	case o.Disable == "":
		for _, t := range o.Tools {
			if t.Default {
				names = append(names, t.Name)
			}
		}
	}
	var set ToolSet
	seen := map[string]bool{}
	for _, n := range names {
		def, ok := byName[n]
		if !ok || seen[n] || slices.Contains(o.Exclude, n) {
			continue
		}
		seen[n] = true
		t := Tool{Name: n, Snippet: normalizeSnippet(def.Snippet), Guidelines: def.Guidelines}
		set.Active = append(set.Active, t)
		set.Names = append(set.Names, n)
		if t.Snippet != "" {
			set.Listed = append(set.Listed, t)
		}
	}
	var g guidelineList
	for _, l := range o.Leading {
		if containsAll(set.Names, l.Requires) && !containsAny(set.Names, l.UnlessAny) {
			g.add(l.Text)
		}
	}
	for _, t := range set.Active {
		for _, line := range t.Guidelines {
			g.add(line)
		}
	}
	for _, line := range o.Trailing {
		g.add(line)
	}
	set.Guidelines = g.lines
	for _, t := range o.Tools {
		set.Catalog = append(set.Catalog, t.Name)
	}
	if set.Names == nil {
		set.Names = []string{}
	}
	return set
}

type guidelineList struct {
	lines []string
	seen  map[string]bool
}

// add appends the JS-trimmed line unless it is blank or already present.
func (g *guidelineList) add(line string) {
	line = jsstr.Trim(line)
	if line == "" || g.seen[line] {
		return
	}
	if g.seen == nil {
		g.seen = map[string]bool{}
	}
	g.seen[line] = true
	g.lines = append(g.lines, line)
}

// normalizeSnippet folds line breaks and white-space runs into single
// spaces and trims, with JavaScript's notion of white space.
func normalizeSnippet(s string) string {
	var b strings.Builder
	inBreak := false
	for _, r := range s {
		if r == '\r' || r == '\n' {
			if !inBreak {
				b.WriteByte(' ')
			}
			inBreak = true
			continue
		}
		inBreak = false
		b.WriteRune(r)
	}
	return jsstr.Trim(jsstr.CollapseSpace(b.String()))
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

func containsAny(have, want []string) bool {
	for _, w := range want {
		if slices.Contains(have, w) {
			return true
		}
	}
	return false
}

// toolExclusions says why each inactive catalog tool is inactive and
// which allowlist names are unknown.
func toolExclusions(o *Options) []prov.Exclusion {
	var out []prov.Exclusion
	seen := map[string]bool{}
	for _, t := range o.Tools {
		if seen[t.Name] {
			continue
		}
		seen[t.Name] = true
		reason, detail := "", ""
		switch {
		case o.Allow != nil && !slices.Contains(o.Allow, t.Name):
			reason = ToolNotAllowed
		case slices.Contains(o.Exclude, t.Name):
			reason = ToolExcluded
		case o.Allow != nil:
		case o.Disable != "":
			reason, detail = ToolDisabled, string(o.Disable)
		case !t.Default:
			reason = ToolNotDefault
		}
		if reason != "" {
			out = append(out, prov.Exclusion{Path: toolPathPrefix + t.Name, Reason: reason, Detail: detail})
		}
	}
	for _, n := range o.Allow {
		if !seen[n] {
			seen[n] = true
			out = append(out, prov.Exclusion{Path: toolPathPrefix + n, Reason: ToolUnknown})
		}
	}
	return out
}
