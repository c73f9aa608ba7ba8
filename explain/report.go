package explain

import (
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/prov"
)

// Format is the version of the report's JSON shape. Fields are only ever
// added within a version; a rename or removal bumps it.
const Format = 1

// Report is everything `promptc explain` says about one run. Its JSON form
// is the documented, stable output of `promptc explain --json`
// (schema/explain.schema.json). Lists are never null.
type Report struct {
	Format      int    `json:"format"`
	Pipeline    string `json:"pipeline"`
	Description string `json:"description,omitempty"`
	// Tokenizer names the encoding behind every Tokens count.
	Tokenizer string `json:"tokenizer"`
	// Join is the text placed between active sections.
	Join   string `json:"join"`
	Totals Totals `json:"totals"`
	// Body and Append say where the body and the appended text came from;
	// Trust whether project files were eligible. Nil when the pipeline
	// names no such source or it was not resolved.
	Body   *Choice `json:"body"`
	Append *Choice `json:"append"`
	Trust  *Trust  `json:"trust"`
	// Catalogs say which language table each string catalog source gave
	// the prompt, in resolution order.
	Catalogs []Catalog `json:"catalogs"`
	// Sections lists every declared section in output order, active or not.
	Sections []Section `json:"sections"`
	// ContextFiles are the context files in load (= prompt) order.
	ContextFiles []File  `json:"context_files"`
	Skills       *Skills `json:"skills"`
	Tools        *Tools  `json:"tools"`
	// WhyNot lists what was considered and left out: sections whose
	// condition was false, then every source's exclusions in resolution
	// order, with truncated context files after their source's exclusions
	// and hidden and unavailable skills after theirs.
	WhyNot []WhyNot `json:"why_not"`
	Cache  Cache    `json:"cache"`
	// Drift is the custom-body check; nil unless a custom body replaced the
	// built-in one and the pipeline names a tool catalog.
	Drift *Drift `json:"drift"`
	// Warnings are explain's own findings (cache order, drift).
	Warnings []Warning `json:"warnings"`
	// Diagnostics are the run's warnings, in the reference system's words.
	Diagnostics diag.List `json:"diagnostics"`
	// Layers are the pipeline's layers in precedence order (applied, then
	// those looked for and absent or ignored, with why); Overrides every
	// key more than one layer set, with the winning and overridden values
	// and their positions.
	Layers    []spec.LayerReport `json:"layers"`
	Overrides []spec.Override    `json:"overrides"`
	// Locks are the policy marks in force (locked, required, final), in
	// the order the layers were merged; left out when there are none.
	Locks []Lock `json:"locks,omitempty"`
	// Runs are the runs of explain --input LINE, in order; each says which
	// transform rewrote its prompt.
	Runs []Run `json:"runs"`
	// Budget is the pipeline budget's account; nil without a budget.
	Budget *engine.BudgetReport `json:"budget,omitempty"`
	// Untrusted lists the framed untrusted spans of the prompt, in order.
	Untrusted []Untrusted `json:"untrusted,omitempty"`
	// Ranks lists every pair of instructions of different rank (a user
	// source's item and a project source's item), the higher rank first:
	// possible conflicts, exposed rather than resolved. Nil without
	// ranked sources.
	Ranks *Ranks `json:"ranks,omitempty"`
}

// Untrusted is one framed span of untrusted text in the prompt.
type Untrusted struct {
	Section string `json:"section"`
	Source  string `json:"source,omitempty"`
	Label   string `json:"label"`
	// Start and End are byte offsets in the prompt.
	Start  int `json:"start"`
	End    int `json:"end"`
	Tokens int `json:"tokens"`
}

// Ranks are the instructions of different rank.
type Ranks struct {
	// Precedence states the order, highest first.
	Precedence string     `json:"precedence"`
	Pairs      []RankPair `json:"pairs"`
}

// RankPair is one higher-ranked and one lower-ranked instruction text.
type RankPair struct {
	Higher RankedText `json:"higher"`
	Lower  RankedText `json:"lower"`
}

// RankedText is one item of a ranked source, with its size in the prompt's
// value (after imports and caps).
type RankedText struct {
	Rank   string `json:"rank"`
	Source string `json:"source"`
	Label  string `json:"label"`
	Bytes  int    `json:"bytes"`
	Tokens int    `json:"tokens"`
}

// Totals sums up the prompt.
type Totals struct {
	Bytes int `json:"bytes"`
	// Chars counts UTF-16 code units, as JavaScript's String.length does.
	Chars  int `json:"chars"`
	Tokens int `json:"tokens"`
	// Estimate is pi's heuristic: ceil(Chars / 4).
	Estimate int `json:"estimate"`
	Sections int `json:"sections"`
	Active   int `json:"active"`
}

// Section is one section of the prompt.
type Section struct {
	// Index is the 1-based position in output order.
	Index int    `json:"index"`
	ID    string `json:"id"`
	Doc   string `json:"doc,omitempty"`
	// When is the condition as written ("" = always).
	When     string `json:"when,omitempty"`
	Active   bool   `json:"active"`
	Volatile bool   `json:"volatile"`
	// Start and Bytes locate Text in the prompt (Start is where an
	// inactive section would have been).
	Start    int `json:"start"`
	Bytes    int `json:"bytes"`
	Tokens   int `json:"tokens"`
	Estimate int `json:"estimate"`
	// Share is Bytes over the prompt's bytes, rounded to 4 decimals.
	Share float64 `json:"share"`
	// Uses lists the params and sources the section reads.
	Uses []string `json:"uses"`
	// Files are the files behind the sources an active section reads.
	Files []prov.Origin `json:"files"`
	// FalseTerms lists, for an inactive section whose condition is a
	// conjunction, the conjuncts that were false.
	FalseTerms []string `json:"false_terms,omitempty"`
	// Disabled sections were turned off by the layer at DisabledBy.
	Disabled   bool   `json:"disabled,omitempty"`
	DisabledBy string `json:"disabled_by,omitempty"`
	// Layer names the layer that added the section, if not the base.
	Layer string `json:"layer,omitempty"`
	Text  string `json:"text"`
	// Untrusted locates the section's framed untrusted text in Text.
	Untrusted []engine.Span `json:"untrusted,omitempty"`
}

// Choice says where a text that may replace or extend the prompt came from.
type Choice struct {
	// Source is the pipeline source id; Section the active section that
	// rendered it ("" when none did).
	Source  string `json:"source"`
	Section string `json:"section,omitempty"`
	// Custom is true when the source gave a non-empty text (for the body:
	// the built-in one was replaced).
	Custom bool `json:"custom"`
	// FromFlag is true when the text came from command-line values, which
	// turn discovery off.
	FromFlag bool `json:"from_flag"`
	// Parts are the pieces of the text in order.
	Parts []Part `json:"parts"`
	// Summary is one line for people, e.g. "project file /p/.pi/SYSTEM.md".
	Summary string `json:"summary"`
}

// Part is one piece of a chosen text.
type Part struct {
	// Origin is "text" (a literal command-line value), "file" or
	// "project-file" (a file that needed project trust).
	Origin string `json:"origin"`
	Path   string `json:"path,omitempty"`
	Bytes  int    `json:"bytes"`
}

// Trust is the project trust decision.
type Trust struct {
	Source  string `json:"source"`
	Trusted bool   `json:"trusted"`
	Reason  string `json:"reason"`
	// Requiring lists the project resources that need trust; Ignored the
	// ones left out because the project is not trusted.
	Requiring []string `json:"requiring"`
	Ignored   []string `json:"ignored"`
}

// Catalog is the language a string catalog source chose.
type Catalog struct {
	Source string `json:"source"`
	// Requested is the language asked for, Language the one whose table
	// the prompt uses: Requested, or the catalog's fallback (Fallback)
	// when it has no such language.
	Requested string `json:"requested"`
	Language  string `json:"language"`
	Fallback  bool   `json:"fallback"`
	// Languages are the catalog's languages, sorted.
	Languages []string `json:"languages"`
}

// File is one context file.
type File struct {
	Path string `json:"path"`
	// Name is the name the prompt prints for the file, when the source
	// has one (workspace files: "AGENT.md").
	Name string `json:"name,omitempty"`
	// Bytes is the file's size on disk; Tokens counts the text that went
	// into the prompt.
	Bytes  int `json:"bytes"`
	Tokens int `json:"tokens"`
	// Truncated reports that the source's truncation policy kept only part
	// of the file.
	Truncated bool `json:"truncated,omitempty"`
}

// Skills says which skills the prompt lists.
type Skills struct {
	Source string `json:"source"`
	// Sections are the active sections that render the skills source.
	Sections []string `json:"sections"`
	// Listed are the skills in the prompt; Unlisted those that could be
	// but are not, because no active section renders the source; Hidden
	// those left out by disable-model-invocation (still invocable by name);
	// Unavailable those whose requirements are not met, which the prompt
	// lists as installed but not ready, with what they miss.
	Listed      []Skill `json:"listed"`
	Unlisted    []Skill `json:"unlisted"`
	Hidden      []Skill `json:"hidden"`
	Unavailable []Skill `json:"unavailable"`
}

// Skill is one loaded skill.
type Skill struct {
	Name  string `json:"name"`
	Path  string `json:"path"`
	Scope string `json:"scope,omitempty"`
	// Missing lists an unavailable skill's unmet requirements, e.g.
	// "bins: gh; env: GH_TOKEN".
	Missing string `json:"missing,omitempty"`
}

// Tools says which tools are active and what of them went in.
type Tools struct {
	Source string   `json:"source"`
	Active []string `json:"active"`
	// Sections are the active sections that render the tool source; when
	// empty, no snippet or guideline is in the prompt.
	Sections   []string   `json:"sections"`
	Listed     []ToolLine `json:"listed"`
	Guidelines []string   `json:"guidelines"`
}

// ToolLine is an active tool with its one-line snippet.
type ToolLine struct {
	Name    string `json:"name"`
	Snippet string `json:"snippet"`
}

// Why-not kinds.
const (
	// KindSection: a section whose condition was false.
	KindSection = "section"
	// KindCandidate: something a source considered and left out.
	KindCandidate = "candidate"
	// KindHidden: a loaded skill kept out of the prompt.
	KindHidden = "hidden"
	// KindTruncated: a context file of which only a part went in.
	KindTruncated = "truncated"
	// KindUnavailable: a skill listed as not ready, its requirements unmet.
	KindUnavailable = "unavailable"
	// KindDisabled: a section a layer disabled.
	KindDisabled = "disabled"
	// KindCut: a cap or the budget cut a text or dropped items.
	KindCut = "cut"
)

// WhyNot is one thing that was considered and left out.
type WhyNot struct {
	Kind string `json:"kind"`
	// Source is the source that recorded it (everything but sections);
	// Section the section (sections).
	Source  string `json:"source,omitempty"`
	Section string `json:"section,omitempty"`
	Path    string `json:"path,omitempty"`
	Reason  string `json:"reason"`
	Detail  string `json:"detail,omitempty"`
	// When and FalseTerms describe a false condition.
	When       string   `json:"when,omitempty"`
	FalseTerms []string `json:"false_terms,omitempty"`
	// Cut is the cut a KindCut entry describes.
	Cut *engine.Cut `json:"cut,omitempty"`
}

// Cache describes how much of the prompt a provider can cache.
type Cache struct {
	// StableBytes and StableTokens measure the prefix before the first
	// active volatile section (the whole prompt when there is none).
	StableBytes  int `json:"stable_bytes"`
	StableTokens int `json:"stable_tokens"`
	// Volatile lists the active volatile sections in output order.
	Volatile []string `json:"volatile"`
}

// Drift is the custom-body check: a custom body is not regenerated when
// the tools change.
type Drift struct {
	Source string `json:"source"`
	// Mentioned are catalog tools the body names as whole words, Inactive
	// those of them not active, Unmentioned the active tools it never names.
	Mentioned   []string `json:"mentioned"`
	Inactive    []string `json:"inactive"`
	Unmentioned []string `json:"unmentioned"`
}

// Warning codes.
const (
	CodeVolatileFirst = "cache/volatile-first"
	CodeDriftInactive = "drift/inactive-tool"
	CodeDriftMissing  = "drift/unmentioned-tool"
)

// Warning is one of explain's own findings.
type Warning struct {
	Code    string `json:"code"`
	Section string `json:"section,omitempty"`
	Message string `json:"message"`
}
