package spec

import (
	"fmt"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/yamlpos"
)

// Spec is a loaded, schema-valid pipeline.
type Spec struct {
	Version     int                    `koanf:"promptc"`
	Name        string                 `koanf:"name"`
	Description string                 `koanf:"description"`
	Join        string                 `koanf:"join"`
	Params      map[string]ParamSpec   `koanf:"params"`
	Sources     map[string]SourceSpec  `koanf:"sources"`
	Sections    map[string]SectionSpec `koanf:"sections"`
	Expand      ExpandSpec             `koanf:"expand"`
	Explain     ExplainSpec            `koanf:"explain"`
	Fallback    *FallbackSpec          `koanf:"fallback"`
	// Seam is how sections that layers add meet their neighbours:
	// SeamRaw (the default) or SeamParagraph.
	Seam  string     `koanf:"seam"`
	Roots *RootsSpec `koanf:"roots"`
	// Tools, Resources and Transforms are what the layers registered, the
	// winners in registration order (registrations.go).
	Tools      []ToolSpec      `koanf:"tools"`
	Resources  ResourcesSpec   `koanf:"resources"`
	Transforms []TransformSpec `koanf:"transforms"`
	// ExecRequest adds fields to every exec transform's request, each the
	// value of an expression over params and sources.
	ExecRequest map[string]string `koanf:"exec_request"`
	// Budget bounds the prompt's size (see BudgetSpec); nil: no bound.
	Budget *BudgetSpec `koanf:"budget"`
	// Frame is how `trust: untrusted` text is framed; required when a
	// source or section is untrusted.
	Frame *FrameSpec `koanf:"frame"`

	// Files lists the layers the spec was merged from, base first.
	Files []string `koanf:"-"`
	// Layers reports every layer: those applied, in order (--set last),
	// then those the host skipped.
	Layers []LayerReport `koanf:"-"`
	// Overrides lists every key more than one layer set.
	Overrides []Override `koanf:"-"`
	// raw is the merged pipeline as plain values.
	raw map[string]any
	// sectionLayer gives, per section, the name of the layer that
	// defined it.
	sectionLayer map[string]string
	// rootLayer is the pipeline at the bottom of the extends chain.
	rootLayer string
	locks     locks
	// sectionLocks are the marks on sections (SectionLocks); ranks the
	// layers' merge order (LayerRank).
	sectionLocks []SectionLock
	ranks        map[string]int
	// pos maps JSON pointers into the layer that last set them.
	pos yamlpos.Index
	// registeredBy gives, per registration list pointer (/tools, ...),
	// the layer of each entry.
	registeredBy map[string][]RegisteredBy
}

// RegisteredBy returns the layer that registered entry i of the list at
// ptr ("/tools", "/transforms", "/resources/skills", ...).
func (s *Spec) RegisteredBy(ptr string, i int) RegisteredBy {
	if l := s.registeredBy[ptr]; i >= 0 && i < len(l) {
		return l[i]
	}
	return RegisteredBy{}
}

// Pos returns the position of the value at the JSON pointer, or of its
// nearest ancestor.
func (s *Spec) Pos(pointer string) diag.Pos { return s.pos.Lookup(pointer) }

// KeyPos returns the position of the key of the value at pointer.
func (s *Spec) KeyPos(pointer string) diag.Pos { return keyPos(s.pos, pointer) }

// Raw returns the merged pipeline as plain values (maps, lists, scalars),
// as every layer and --set made it. Callers must not modify it.
func (s *Spec) Raw() map[string]any { return s.raw }

// Effective returns the merged pipeline as one standalone pipeline: Raw,
// with the seam that applies made explicit on every section a layer added
// (a standalone file has no layers to tell them apart).
func (s *Spec) Effective() map[string]any {
	out := make(map[string]any, len(s.raw))
	for k, v := range s.raw {
		out[k] = v
	}
	secs, _ := s.raw["sections"].(map[string]any)
	if s.Seam == "" || secs == nil {
		return out
	}
	copied := make(map[string]any, len(secs))
	for id, v := range secs {
		copied[id] = v
		sec, isMap := v.(map[string]any)
		if s.AddedBy(id) == "" || !isMap || sec["seam"] != nil {
			continue
		}
		withSeam := map[string]any{"seam": s.Seam}
		for k, x := range sec {
			withSeam[k] = x
		}
		copied[id] = withSeam
	}
	out["sections"] = copied
	return out
}

// AddedBy is the layer that added section id over the pipeline at the
// bottom of the extends chain (a layer file, an overlay, or a pipeline
// file that extends another), or "" for that pipeline's own sections.
func (s *Spec) AddedBy(id string) string {
	if l := s.sectionLayer[id]; l != s.rootLayer {
		return l
	}
	return ""
}

// TemplateAt positions a problem on line (and column, 0 if unknown) of the
// template at ptr: inside a block scalar the template's line maps to a file
// line (and, in a literal block, the column to a file column); otherwise
// the problem is placed at the scalar and msg names the template line when
// there is more than one.
func (s *Spec) TemplateAt(ptr string, line, col int, msg string) (diag.Pos, string) {
	if b, ok := s.pos[yamlpos.Block(ptr)]; ok {
		p := diag.Pos{File: b.File, Line: b.Line + line - 1}
		if b.Column > 0 && col > 0 {
			p.Column = b.Column + col - 1
		}
		return p, msg
	}
	if line > 1 {
		msg = fmt.Sprintf("template line %d: %s", line, msg)
	}
	return s.Pos(ptr), msg
}

// ParamSpec declares one typed input of a pipeline.
type ParamSpec struct {
	// Type is string, bool, int, list (of strings) or map.
	Type string `koanf:"type"`
	// Nullable params are nil when the caller gave no value (or null) and
	// there is no default, which expressions can tell from an empty value
	// (`tools == nil`). A nullable string, bool or int has the expression
	// type *string, *bool or *int.
	Nullable bool `koanf:"nullable"`
	Default  any  `koanf:"default"`
	// DefaultExpr computes the value from other params when the caller
	// does not supply the key (a supplied null does not trigger it). It
	// excludes Default.
	DefaultExpr string `koanf:"default_expr"`
	Doc         string `koanf:"doc"`
	// Bind says how a command line or a host sets the param (see
	// BindSpec); the engine only checks it, package bind applies it.
	Bind []BindSpec `koanf:"bind"`
	// Locked: no layer above may change the param and no caller may set
	// it.
	Locked bool `koanf:"locked"`
}

// BindSpec is one way to set a param from outside the pipeline. Exactly
// one of Flag, Env and Host is set, or none when Value is a constant.
// Precedence between the bindings of one param: flags (the last one given
// wins; with Repeat "append" every occurrence of a list param adds), then
// Env (the first that is set and not empty), then Host, then a constant
// Value; an explicit param value (--param, --params, a request's params)
// overrides them all, and without any the param's default applies.
type BindSpec struct {
	Flag  string `koanf:"flag" json:"flag,omitempty"`
	Short string `koanf:"short" json:"short,omitempty"`
	Env   string `koanf:"env" json:"env,omitempty"`
	Host  string `koanf:"host" json:"host,omitempty"`
	// Value is the value a flag without argument sets, or the constant.
	Value any `koanf:"value" json:"value,omitempty"`
	// Split splits a list param's text; Repeat is "last" or "append".
	Split  string `koanf:"split" json:"split,omitempty"`
	Repeat string `koanf:"repeat" json:"repeat,omitempty"`
	// Path is "resolve" or "physical"; TextOrFile reads a named file,
	// relative to the param RelativeTo (else the host's working dir).
	Path string `koanf:"path" json:"path,omitempty"`
	// Require "dir" makes a path that is not an existing directory an
	// error of the binding (with Path).
	Require    string `koanf:"require" json:"require,omitempty"`
	TextOrFile bool   `koanf:"text_or_file" json:"text_or_file,omitempty"`
	RelativeTo string `koanf:"relative_to" json:"relative_to,omitempty"`
	Help       string `koanf:"help" json:"help,omitempty"`
	Metavar    string `koanf:"metavar" json:"metavar,omitempty"`
}

// FallbackSpec is the text a run yields instead of failing: when a source
// or a run-time expression fails and When holds, the Result is Template
// rendered over the params (it may read params only).
type FallbackSpec struct {
	When     string `koanf:"when"`
	Template string `koanf:"template"`
}

// SourceSpec declares one source.
type SourceSpec struct {
	Kind string            `koanf:"kind"`
	Doc  string            `koanf:"doc"`
	With map[string]any    `koanf:"with"`
	Args map[string]string `koanf:"args"`
	// Confine, when set, overrides RootsSpec.Confine for this source.
	Confine *bool `koanf:"confine"`
	// Budget caps each item of the source's value (each context file,
	// say) before any section renders it; Strategy is a text strategy.
	Budget *CapSpec `koanf:"budget"`
	// Trust "untrusted" frames each item of the value with the
	// pipeline's Frame wherever a section renders it.
	Trust string `koanf:"trust"`
	// Imports expands `@path` lines in the value's items (see imports.go).
	Imports bool `koanf:"imports"`
	// Rank says whose instructions the source holds ("system", "user",
	// "project"): explain lists every user-vs-project pair.
	Rank string `koanf:"rank"`
}

// RootsSpec says where a pipeline's files belong: the project (the
// nearest ancestor of Project holding a .git entry, else Project itself)
// and Others (e.g. an agent's global dir). Every file a run reads through a
// symbolic link that leads outside all of them is a warning; with Confine,
// such a file is refused (read as unreadable). The expressions read params
// only.
type RootsSpec struct {
	Project string   `koanf:"project"`
	Others  []string `koanf:"others"`
	Confine bool     `koanf:"confine"`
}

// SectionSpec declares one section.
type SectionSpec struct {
	Doc      string   `koanf:"doc"`
	When     string   `koanf:"when"`
	Template string   `koanf:"template"`
	After    []string `koanf:"after"`
	Before   []string `koanf:"before"`
	Order    int      `koanf:"order"`
	Volatile bool     `koanf:"volatile"`
	// Disabled leaves the section out.
	Disabled bool `koanf:"disabled"`
	// Locked forbids layers above to change the section (checked at load).
	Locked bool `koanf:"locked"`
	// Required is a policy section: like Locked, no layer above may
	// change it (disable, move or rewrite it), and a budget never cuts it;
	// promptc policy reports it, and integrations refuse a run without it.
	Required bool `koanf:"required"`
	// Final: like Locked, and no layer above may place a section (or a
	// transform's text) after this one: such a section is an error at
	// load, such a run is refused (package engine).
	Final bool `koanf:"final"`
	// Seam overrides the pipeline's seam for this section.
	Seam string `koanf:"seam"`
	// Priority orders cuts under the pipeline budget: the lowest is cut
	// first (ties: the later section first). Locked sections are never cut.
	Priority int `koanf:"priority"`
	// Budget caps the section and says how it shrinks; without it an
	// unlocked section shrinks by keeping its head.
	Budget *CapSpec `koanf:"budget"`
	// Trust "untrusted" frames the section's whole text with the
	// pipeline's Frame, labelled with the section id.
	Trust string `koanf:"trust"`
	// Labels are the host's: the engine never reads them and reports them
	// with the section (Section.Labels, GraphSection.Labels); layers merge
	// them key by key. The pi 1.x pipelines set agent_section, the name of
	// pi's own prompt section the section renders.
	Labels map[string]string `koanf:"labels"`
}

// Seams.
const (
	SeamRaw       = "raw"
	SeamParagraph = "paragraph"
)

// ExpandSpec names the sources `promptc expand` uses.
type ExpandSpec struct {
	Skills    string `koanf:"skills"`
	Templates string `koanf:"templates"`
}

// ExplainSpec names, by role, the sources `promptc explain` describes
// beyond what every pipeline has (sections, sources, exclusions). Every
// field is optional; an empty one turns that part of the report off.
type ExplainSpec struct {
	// Body is a prompt_file source whose text, when not empty, replaces
	// the built-in body; Append one whose text is appended.
	Body   string `koanf:"body"`
	Append string `koanf:"append"`
	// Trust is a project_trust source: whether project files were eligible.
	Trust string `koanf:"trust"`
	// Context is a context_files or workspace_files source, Skills a
	// skills or cowagent_skills source and Tools a tool_catalog or
	// ranked_list source.
	Context string `koanf:"context"`
	Skills  string `koanf:"skills"`
	Tools   string `koanf:"tools"`
}

// Roles returns the role -> source id pairs that are set, sorted by role.
func (e ExplainSpec) Roles() [][2]string {
	var out [][2]string
	for _, kv := range [][2]string{
		{"append", e.Append}, {"body", e.Body}, {"context", e.Context},
		{"skills", e.Skills}, {"tools", e.Tools}, {"trust", e.Trust},
	} {
		if kv[1] != "" {
			out = append(out, kv)
		}
	}
	return out
}
