package engine

import (
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/prov"
)

// Result is the outcome of one run: the prompt and how it was made. Its
// JSON form is what `promptc build --json` prints; field names are stable.
type Result struct {
	// Pipeline is the pipeline's name.
	Pipeline string `json:"pipeline"`
	// Text is the prompt: the active sections' texts joined.
	Text string `json:"prompt"`
	// Fallback is set when the run failed and Text is the pipeline's
	// fallback text; Sections is then empty.
	Fallback bool `json:"fallback,omitempty"`
	// Sections lists every declared section in output order, active or not.
	Sections []Section `json:"sections"`
	// Sources lists the sources that were resolved, in resolution order.
	// Sources no active section or evaluated condition needed are absent.
	Sources []SourceReport `json:"sources"`
	// Diagnostics are the run's warnings, in resolution order.
	Diagnostics diag.List `json:"diagnostics"`
	// Layers reports every layer of the pipeline (applied, absent or
	// ignored, and why); Overrides every key more than one layer set.
	Layers    []spec.LayerReport `json:"layers"`
	Overrides []spec.Override    `json:"overrides"`
	// Runs has one entry per Input.Turns line: the prompt of the run it
	// starts (Text, the base prompt, as the transforms left it).
	Runs []RunResult `json:"runs,omitempty"`
	// Budget is the account of the pipeline's budget; nil without one.
	Budget *BudgetReport `json:"budget,omitempty"`
	// Cuts lists every cut a cap or the budget made, in the order made.
	Cuts []Cut `json:"cuts,omitempty"`
}

// BudgetReport says how the prompt measured against the budget.
type BudgetReport struct {
	// Limit is the budget (0: none, only caps); Unit and Tokenizer how it
	// counts.
	Limit     int    `json:"limit"`
	Unit      string `json:"unit"`
	Tokenizer string `json:"tokenizer,omitempty"`
	// Before and After are the prompt's size before and after the
	// budget's cuts (caps on sections and sources already applied);
	// Locked the size of the locked sections.
	Before int `json:"before"`
	After  int `json:"after"`
	Locked int `json:"locked"`
}

// Cut is one cut: what was shrunk, by which rule, from what size to what
// size (in the budget's unit, the note included in After).
type Cut struct {
	// Section is the section the cut shrank (empty for a source cap,
	// which applies before any section renders); Source the source whose
	// item it cut or whose list it dropped from.
	Section string `json:"section,omitempty"`
	Source  string `json:"source,omitempty"`
	// Label is the file's path, the section's id or the source's id.
	Label string `json:"label"`
	// By is "source cap", "section cap" or "budget".
	By       string `json:"by"`
	Strategy string `json:"strategy"`
	Unit     string `json:"unit"`
	Before   int    `json:"before"`
	After    int    `json:"after"`
	// Dropped lists the labels of the items drop_items left out.
	Dropped []string `json:"dropped,omitempty"`
}

// Span locates an untrusted part of a section's text.
type Span struct {
	// Start and End are byte offsets in the section's Text.
	Start int `json:"start"`
	End   int `json:"end"`
	// Label is the file's path or the section's id; Source the source.
	Label  string `json:"label"`
	Source string `json:"source,omitempty"`
}

// Section is the provenance of one section.
type Section struct {
	ID  string `json:"id"`
	Doc string `json:"doc,omitempty"`
	// When is the condition as written ("" = always) and Active its value.
	When   string `json:"when,omitempty"`
	Active bool   `json:"active"`
	// Start is the byte offset of Text in Result.Text (the join text that
	// precedes a section is not part of it); Bytes is len(Text).
	Start int    `json:"start"`
	Bytes int    `json:"bytes"`
	Text  string `json:"text"`
	// Uses lists the params and sources the section's template and
	// condition read; Origins the files behind those sources.
	Uses     []string      `json:"uses"`
	Origins  []prov.Origin `json:"origins"`
	Volatile bool          `json:"volatile,omitempty"`
	// FalseTerms lists, for an inactive section whose condition is a
	// conjunction, the conjuncts that were false, as expr prints them. A
	// conjunct that reads a source the run did not resolve (the condition
	// stopped before it) is not evaluated and not listed.
	FalseTerms []string `json:"false_terms,omitempty"`
	// Disabled sections were turned off by a layer (disabled: true at
	// DisabledBy); their condition was not evaluated.
	Disabled   bool   `json:"disabled,omitempty"`
	DisabledBy string `json:"disabled_by,omitempty"`
	// Layer names the layer that added the section, when it is not the
	// base pipeline.
	Layer string `json:"layer,omitempty"`
	// Labels are the section's labels (SectionSpec.Labels), the run's own
	// copy.
	Labels map[string]string `json:"labels,omitempty"`
	// Untrusted locates the framed untrusted text in Text.
	Untrusted []Span `json:"untrusted,omitempty"`
}

// SourceReport is what one resolved source contributed.
type SourceReport struct {
	ID       string           `json:"id"`
	Kind     string           `json:"kind"`
	Value    any              `json:"value"`
	Origins  []prov.Origin    `json:"origins"`
	Excluded []prov.Exclusion `json:"excluded"`
	// Options are the options the source was resolved with: the kind's
	// defaults, then `with:`, then the evaluated `args:`.
	Options any `json:"-"`
	// Decision is what the kind chose that Value does not show (see
	// sources.Output.Decision).
	Decision any `json:"decision,omitempty"`
	// Rank is the source's rank ("user", "project", ...) and Untrusted
	// its trust, as the pipeline declares them.
	Rank      string `json:"rank,omitempty"`
	Untrusted bool   `json:"untrusted,omitempty"`
}

// Source returns the report of the source id, if it was resolved.
func (r *Result) Source(id string) (SourceReport, bool) {
	for _, s := range r.Sources {
		if s.ID == id {
			return s, true
		}
	}
	return SourceReport{}, false
}
