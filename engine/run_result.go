package engine

import (
	"encoding/json"

	"github.com/promptc/promptc/diag"
)

// RunResult is one run: the user's line, what it expanded to, the prompt
// the transforms made from the base prompt, what each transform did and
// the messages they added.
type RunResult struct {
	Line  string `json:"input"`
	Input string `json:"expanded"`
	// Prompt is the run's system prompt; PromptIsBase says it equals the
	// base prompt (Result.Text).
	Prompt       string `json:"prompt"`
	PromptIsBase bool   `json:"prompt_is_base"`
	// ChangedBy lists, in order, the transforms that changed the prompt;
	// the last one wrote what the run sends.
	ChangedBy  []string          `json:"changed_by"`
	Transforms []TransformReport `json:"transforms"`
	Messages   []Message         `json:"messages"`
	// Diagnostics are the run's warnings (expansion, failed transforms).
	Diagnostics diag.List `json:"diagnostics"`
}

// TransformReport is what one transform did in a run.
type TransformReport struct {
	ID string `json:"id"`
	// At is where the transform was written (file:line:col) and Layer the
	// layer that registered it.
	At     string `json:"at"`
	Layer  string `json:"layer"`
	Action string `json:"action,omitempty"`
	// When is the condition as written ("" = always); Outcome one of the
	// Outcome constants.
	When    string `json:"when,omitempty"`
	Outcome string `json:"outcome"`
	// Before and After are the prompt's sizes in bytes around the
	// transform (equal unless it changed the prompt).
	Before int `json:"before"`
	After  int `json:"after"`
	// Message says the transform added a message; Error why it failed or
	// was refused.
	Message bool   `json:"message,omitempty"`
	Error   string `json:"error,omitempty"`
}

// Outcomes of a transform in a run.
const (
	OutcomeChanged   = "changed"   // it ran and the prompt differs
	OutcomeUnchanged = "unchanged" // it ran and left the prompt as it was
	OutcomeSkipped   = "skipped"   // its condition was false
	OutcomeFailed    = "failed"    // it failed; the prompt is as it was
	OutcomeRefused   = "refused"   // it was not allowed to run (exec)
	OutcomeDisabled  = "disabled"  // a layer disabled it
)

// Message is a message a transform added to its run, sent after the
// user's (pi: a before_agent_start result's message).
type Message struct {
	Transform string `json:"transform"`
	Role      string `json:"role"`
	// Content is the text: a template's result, or an exec reply's
	// message text (its text parts joined).
	Content    string          `json:"content"`
	CustomType string          `json:"custom_type,omitempty"`
	Display    *bool           `json:"display,omitempty"`
	Details    json.RawMessage `json:"details,omitempty"`
}
