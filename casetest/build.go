package casetest

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/promptc/promptc/engine"
)

// Build is one side of a comparison: a prompt and, when known, how its
// sections make it up. It decodes from the JSON that promptc build --json
// prints (fields it does not use are ignored). A case's want is a Build
// with no sections.
type Build struct {
	Prompt   string    `json:"prompt"`
	Fallback bool      `json:"fallback,omitempty"`
	Sections []Section `json:"sections"`
}

// Section is what a comparison needs of one section of a build.
type Section struct {
	ID     string `json:"id"`
	When   string `json:"when,omitempty"`
	Active bool   `json:"active"`
	// Start and Bytes locate the section's text in Build.Prompt.
	Start      int      `json:"start"`
	Bytes      int      `json:"bytes"`
	Origins    []Origin `json:"origins"`
	FalseTerms []string `json:"false_terms,omitempty"`
}

// Origin is a file behind a section.
type Origin struct {
	Path  string `json:"path"`
	Role  string `json:"role,omitempty"`
	Bytes int    `json:"bytes"`
}

// DecodeBuild reads the output of promptc build --json. A build of one
// run (build --input LINE) is that run's prompt: when the run's
// transforms changed it, its sections are unknown, so the build has none.
func DecodeBuild(data []byte) (*Build, error) {
	var b struct {
		Build
		Prompt *string     `json:"prompt"`
		Runs   []runPrompt `json:"runs"`
	}
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("not the output of promptc build --json: %v", err)
	}
	if b.Prompt == nil {
		return nil, fmt.Errorf("not the output of promptc build --json: no prompt")
	}
	out := b.Build
	out.Prompt = *b.Prompt
	return out.withRuns(b.Runs)
}

// runPrompt is what a comparison needs of one run of a build.
type runPrompt struct {
	Prompt       string `json:"prompt"`
	PromptIsBase bool   `json:"prompt_is_base"`
}

// withRuns is b as one build: b itself without runs, the run's prompt
// (sections unknown) when its transforms changed it. It checks that every
// section lies inside the prompt.
func (b Build) withRuns(runs []runPrompt) (*Build, error) {
	if len(runs) > 1 {
		return nil, fmt.Errorf("a build of %d runs (--input more than once): a case compares one prompt", len(runs))
	}
	if len(runs) == 1 && !runs[0].PromptIsBase {
		b.Prompt, b.Sections = runs[0].Prompt, nil
	}
	for _, s := range b.Sections {
		if s.Start < 0 || s.Bytes < 0 || s.Start+s.Bytes > len(b.Prompt) {
			return nil, fmt.Errorf("section %s: start %d and bytes %d lie outside the prompt", s.ID, s.Start, s.Bytes)
		}
	}
	return &b, nil
}

// BuildOf is a run's Result as the Build that DecodeBuild reads from its
// JSON, made without encoding it (a prompt of megabytes is held three
// times in that JSON).
func BuildOf(res *engine.Result) (*Build, error) {
	b := Build{Prompt: res.Text, Fallback: res.Fallback}
	for _, s := range res.Sections {
		var origins []Origin
		for _, o := range s.Origins {
			origins = append(origins, Origin{Path: o.Path, Role: o.Role, Bytes: o.Bytes})
		}
		b.Sections = append(b.Sections, Section{ID: s.ID, When: s.When, Active: s.Active, Start: s.Start, Bytes: s.Bytes, Origins: origins, FalseTerms: s.FalseTerms})
	}
	runs := make([]runPrompt, len(res.Runs))
	for i, r := range res.Runs {
		runs[i] = runPrompt{Prompt: r.Prompt, PromptIsBase: r.PromptIsBase}
	}
	return b.withRuns(runs)
}

// text is the section's text in b.
func (b *Build) text(s Section) string { return b.Prompt[s.Start : s.Start+s.Bytes] }

// section returns the section id of b.
func (b *Build) section(id string) (Section, bool) {
	for _, s := range b.Sections {
		if s.ID == id {
			return s, true
		}
	}
	return Section{}, false
}

// replacePath returns b with every occurrence of old in the prompt and
// the origins written as new, the section spans moved to match.
func (b *Build) replacePath(old, new string) *Build {
	out := &Build{Prompt: strings.ReplaceAll(b.Prompt, old, new), Fallback: b.Fallback}
	for _, s := range b.Sections {
		t := b.text(s)
		s.Start = len(strings.ReplaceAll(b.Prompt[:s.Start], old, new))
		s.Bytes = len(strings.ReplaceAll(t, old, new))
		if s.Start+s.Bytes > len(out.Prompt) { // an occurrence across a section boundary
			s.Bytes = len(out.Prompt) - s.Start
		}
		origins := make([]Origin, len(s.Origins))
		for i, o := range s.Origins {
			o.Path = strings.ReplaceAll(o.Path, old, new)
			origins[i] = o
		}
		s.Origins = origins
		out.Sections = append(out.Sections, s)
	}
	return out
}
