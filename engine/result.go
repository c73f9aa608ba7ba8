package engine

import (
	"github.com/promptc/promptc/diag"
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
	Layers    []LayerReport `json:"layers"`
	Overrides []Override    `json:"overrides"`
	// Runs has one entry per Input.Turns line: the prompt of the run it
	// starts (Text, the base prompt, as the transforms left it).
	Runs []RunResult `json:"runs,omitempty"`
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
