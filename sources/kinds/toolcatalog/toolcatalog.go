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
	// Tools is the catalog: the built-in tools, in the order the agent
	// defines them.
	Tools []ToolDef `koanf:"tools"`
	// Registered are tools registered on top of the catalog, in
	// registration order, as an agent's extensions register them (pi's
	// EXT-3, TOOL-7): the first definition of a name wins; one whose name
	// a catalog tool has replaces that tool's snippet and guidelines and
	// takes its place; without an allowlist every registered tool is
	// active after the default tools (also with Disable "builtin", not
	// with "all"); an allowlist and Exclude apply to them as to the rest.
	Registered []sources.ToolDef `koanf:"registered"`
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

	// DefaultTools, when not nil, is a defaultTools list (pi 1.x) that
	// replaces the catalog's default tools: its plain names, when it has
	// any, replace them; then its "+name"/"-name" entries add and remove
	// names, in order. DefaultToolsFiles are JSON settings files, lowest
	// precedence first, whose DefaultToolsKey entries are merged into it
	// as pi 1.x merges settings layers when DefaultTools is nil.
	DefaultTools      []string `koanf:"default_tools"`
	DefaultToolsFiles []string `koanf:"default_tools_files"`
	DefaultToolsKey   string   `koanf:"default_tools_key"`
	// Modifiers makes an allowlist of only "+name"/"-name" entries change
	// the default selection instead of replacing it (pi 1.x's --tools
	// +name,-name); with Disable "all" the changed selection is also the
	// allowlist.
	Modifiers bool `koanf:"modifiers"`
	// Patterns makes an allowlist or Exclude entry holding "*" match every
	// name it spells, "*" standing for any run of characters (pi 1.x).
	Patterns bool `koanf:"patterns"`
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

// Tool is an active tool with its normalized snippet and guidelines
// (each trimmed, blank and repeated ones dropped).
type Tool struct {
	Name       string   `json:"name"`
	Snippet    string   `json:"snippet"`
	Guidelines []string `json:"guidelines"`
	// Origin is where a registered tool was defined; "" for a catalog
	// tool.
	Origin string `json:"origin,omitempty"`
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
	// ToolReplaced is said of a catalog tool whose definition a registered
	// one replaced (Detail: where that one was written).
	ToolReplaced   = "replaced by a registered definition"
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
		Run: func(ctx context.Context, env sources.Env, o *Options) (ToolSet, sources.Output, error) {
			if err := allowListError(o); err != nil {
				return ToolSet{}, sources.Output{}, err
			}
			var origins []prov.Origin
			if o.DefaultTools == nil && len(o.DefaultToolsFiles) > 0 {
				key := o.DefaultToolsKey
				if key == "" {
					key = "defaultTools"
				}
				o.DefaultTools, _, origins = readDefaultTools(env.FS, o.DefaultToolsFiles, key)
			}
			return selectTools(o), sources.Output{Excluded: toolExclusions(o), Origins: origins}, ctx.Err()
		},
	}
}

// definition is one entry of the tool registry: a catalog tool, or a
// registered tool that replaced it or was added after the catalog.
type definition struct {
	snippet    string
	guidelines []string
	origin     string
}

// registry returns the definitions by name and the names in registry
// order (catalog order, then registered names the catalog lacks), and the
// registered names in registration order. The first catalog entry of a
// name wins, and so does the first registered one.
func registry(o *Options) (defs map[string]definition, order, registered []string) {
	defs = make(map[string]definition, len(o.Tools)+len(o.Registered))
	for _, t := range o.Tools {
		if _, dup := defs[t.Name]; !dup {
			defs[t.Name] = definition{snippet: t.Snippet, guidelines: t.Guidelines}
			order = append(order, t.Name)
		}
	}
	seen := map[string]bool{}
	for _, t := range o.Registered {
		if seen[t.Name] {
			continue
		}
		seen[t.Name] = true
		if _, builtin := defs[t.Name]; !builtin {
			order = append(order, t.Name)
		}
		defs[t.Name] = definition{snippet: t.Snippet, guidelines: t.Guidelines, origin: t.Origin}
		registered = append(registered, t.Name)
	}
	return defs, order, registered
}

// activeNames is pi's selection (sdk.js createAgentSession,
// AgentSession._refreshToolRegistry): the allowlist, else the default
// tools unless disabled, then, without an allowlist, every registered
// tool; all without the excluded names, each once, first position kept.
func activeNames(o *Options, defs map[string]definition, order, registered []string) []string {
	sel := newSelection(o)
	allowed := sel.allowed
	if sel.allow == nil && o.Disable == DisableAll {
		allowed = func(string) bool { return false }
	}
	ok := func(n string) bool {
		_, known := defs[n]
		return known && (allowed == nil || allowed(n)) && !sel.excluded(n)
	}
	next := slices.Clone(sel.base)
	if allowed != nil {
		next = append(next[:0], sel.allow...)
		for _, n := range order {
			if allowed(n) {
				next = append(next, n)
			}
		}
	} else {
		next = append(next, registered...)
	}
	var out []string
	seen := map[string]bool{}
	for _, n := range next {
		if ok(n) && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

func selectTools(o *Options) ToolSet {
	defs, order, registered := registry(o)
	var set ToolSet
	for _, n := range activeNames(o, defs, order, registered) {
		def := defs[n]
		t := Tool{Name: n, Snippet: normalizeSnippet(def.snippet), Guidelines: normalizeGuidelines(def.guidelines), Origin: def.origin}
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
	set.Catalog = order
	if set.Names == nil {
		set.Names = []string{}
	}
	return set
}

// normalizeGuidelines trims each line (JavaScript white space) and drops
// blank and repeated ones, keeping first positions.
func normalizeGuidelines(lines []string) []string {
	var g guidelineList
	for _, l := range lines {
		g.add(l)
	}
	return g.lines
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

// toolExclusions says why each inactive tool is inactive, which catalog
// definitions registered ones replaced, and which allowlist names are
// unknown.
func toolExclusions(o *Options) []prov.Exclusion {
	defs, order, registered := registry(o)
	sel := newSelection(o)
	var out []prov.Exclusion
	inCatalog := map[string]bool{}
	for _, t := range o.Tools {
		inCatalog[t.Name] = true
	}
	for _, n := range order {
		reg := slices.Contains(registered, n)
		if inCatalog[n] && reg {
			out = append(out, prov.Exclusion{Path: toolPathPrefix + n, Reason: ToolReplaced, Detail: defs[n].origin})
		}
		reason, detail := "", ""
		switch {
		case sel.allow != nil && !sel.allowed(n):
			reason = ToolNotAllowed
		case sel.excluded(n):
			reason = ToolExcluded
		case sel.allow != nil, slices.Contains(sel.base, n):
		case o.Disable == DisableAll, o.Disable == DisableBuiltin && !reg:
			reason, detail = ToolDisabled, string(o.Disable)
		case !reg:
			reason = ToolNotDefault
		}
		if reason != "" {
			out = append(out, prov.Exclusion{Path: toolPathPrefix + n, Reason: reason, Detail: detail})
		}
	}
	seen := map[string]bool{}
	for _, n := range o.Allow {
		if o.Modifiers && isModifier(n) {
			n = n[1:]
		}
		if o.Patterns && strings.Contains(n, "*") {
			continue
		}
		if _, known := defs[n]; !known && !seen[n] {
			seen[n] = true
			out = append(out, prov.Exclusion{Path: toolPathPrefix + n, Reason: ToolUnknown})
		}
	}
	return out
}
