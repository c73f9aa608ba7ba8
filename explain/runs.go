package explain

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// Run is one run (explain --input LINE): what the line became, the
// prompt the run sends and which transforms made it.
type Run struct {
	Input    string `json:"input"`
	Expanded string `json:"expanded"`
	// Bytes, Tokens and Estimate measure the run's prompt; PromptIsBase
	// says it is the base prompt the rest of the report describes.
	Bytes        int  `json:"bytes"`
	Tokens       int  `json:"tokens"`
	Estimate     int  `json:"estimate"`
	PromptIsBase bool `json:"prompt_is_base"`
	// RewrittenBy is the transform whose change the run sends (the last
	// one that changed the prompt), "" when none did; ChangedBy lists
	// every one that changed it, in order.
	RewrittenBy string                   `json:"rewritten_by,omitempty"`
	ChangedBy   []string                 `json:"changed_by"`
	Transforms  []engine.TransformReport `json:"transforms"`
	Messages    []engine.Message         `json:"messages"`
	Prompt      string                   `json:"prompt"`
}

// runs adds the result's runs.
func (b *builder) runs() {
	b.rep.Runs = []Run{}
	for _, r := range b.res.Runs {
		run := Run{
			Input: r.Line, Expanded: r.Input, Bytes: len(r.Prompt), Tokens: b.tok.Count(r.Prompt),
			Estimate: Estimate(r.Prompt), PromptIsBase: r.PromptIsBase, ChangedBy: nonNil(r.ChangedBy),
			Transforms: nonNil(r.Transforms), Messages: nonNil(r.Messages), Prompt: r.Prompt,
		}
		if n := len(r.ChangedBy); n > 0 {
			run.RewrittenBy = r.ChangedBy[n-1]
		}
		b.rep.Runs = append(b.rep.Runs, run)
		b.rep.Diagnostics = append(b.rep.Diagnostics, r.Diagnostics...)
	}
}

// textRuns answers, per run, "which transform rewrote this run's prompt?".
func (r *Report) textRuns(b *strings.Builder) {
	if len(r.Runs) == 0 {
		return
	}
	fmt.Fprintf(b, "\nRuns (%d)\n", len(r.Runs))
	for i, run := range r.Runs {
		if i > 0 {
			b.WriteString("\n")
		}
		h := table{}
		h.add("  input", strconv.Quote(run.Input))
		if run.Expanded != run.Input {
			h.add("  expanded", quoteCut(run.Expanded, 80))
		}
		prompt := fmt.Sprintf("%d bytes, %d tokens, %d estimated", run.Bytes, run.Tokens, run.Estimate)
		switch {
		case run.RewrittenBy != "":
			t := transformByID(run.Transforms, run.RewrittenBy)
			prompt += fmt.Sprintf("; rewritten by transform %s (%s, %s)", t.ID, t.Action, t.At)
			if n := len(run.ChangedBy); n > 1 {
				prompt += ", after " + strings.Join(run.ChangedBy[:n-1], ", ")
			}
		case run.PromptIsBase:
			prompt += "; the base prompt (no transform changed it)"
		}
		h.add("  prompt", prompt)
		h.write(b)
		t := table{}
		for _, tr := range run.Transforms {
			note := tr.Outcome
			switch {
			case tr.After != tr.Before:
				note += fmt.Sprintf(" (%+d bytes)", tr.After-tr.Before)
			case tr.Outcome == engine.OutcomeSkipped:
				note += " (when " + tr.When + ")"
			}
			if tr.Message {
				note += ", message"
			}
			if tr.Error != "" {
				note += ": " + tr.Error
			}
			t.add("    "+tr.ID, tr.Action, note, tr.At)
		}
		if len(run.Transforms) > 0 {
			b.WriteString("  transforms\n")
			t.write(b)
		}
		for _, m := range run.Messages {
			fmt.Fprintf(b, "  message from %s: %s\n", m.Transform, quoteCut(m.Content, 80))
		}
	}
}

func transformByID(ts []engine.TransformReport, id string) engine.TransformReport {
	for _, t := range ts {
		if t.ID == id {
			return t
		}
	}
	return engine.TransformReport{ID: id}
}

// quoteCut quotes s, cut to n UTF-16 units.
func quoteCut(s string, n int) string {
	if jsstr.Len(s) > n {
		return strconv.Quote(jsstr.Slice(s, n)) + "…"
	}
	return strconv.Quote(s)
}
