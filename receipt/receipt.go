// Package receipt holds the audit receipt of a build: what promptc built,
// from what, and the SHA-256 of each part, so that `promptc receipt
// verify` can rebuild later and say whether the prompt is still the same
// and, if not, which section and which file changed.
//
// Contract:
//   - A receipt is JSON (schema/receipt.json, `promptc schema receipt`),
//     format version [Format]. Encode writes it deterministically: no
//     timestamp, layers in precedence order, sections in prompt order,
//     files sorted by path, params with sorted keys (encoding/json).
//   - Paths are as the build saw them: absolute for files a source read,
//     as given for pipeline files, overlays and tool files, and
//     "pipelines/NAME.yaml" for a built-in pipeline (Builtin set, its
//     hash that of the embedded file).
//   - Hashes are lowercase hex SHA-256 of the bytes: a file's as read
//     right after the build, a section's rendered text, the prompt the
//     build printed.
//   - Comparing two receipts ([Compare]) decides on the prompt's hash
//     alone; promptc's version, the agent and the token counts are
//     informative and never make receipts differ.
package receipt

import (
	"bytes"
	"encoding/json"

	"github.com/promptc/promptc/policy"
)

// Format is the receipt format version this promptc writes and reads.
const Format = 1

// Receipt is the audit record of one build.
type Receipt struct {
	// Receipt is the format version ([Format]).
	Receipt int `json:"receipt"`
	// PromptcVersion is the version of the promptc that built it.
	PromptcVersion string `json:"promptc_version"`
	// Pipeline is the pipeline run: its name and the versioned built-in
	// pipeline it stands for (pi@1.6.0), when it is one.
	Pipeline Pipeline `json:"pipeline"`
	// Request is what to ask for again to rebuild.
	Request Request `json:"request"`
	// Agent is the agent the prompt was built for, where known.
	Agent *Agent `json:"agent,omitempty"`
	// Params are the run's params as assembled (flags, params files,
	// bindings), before the pipeline's defaults.
	Params map[string]any `json:"params"`
	// Layers are the pipeline's layers, lowest precedence first.
	Layers []Layer `json:"layers"`
	// Files are the files the build's sources read, sorted by path.
	Files []File `json:"files"`
	// Prompt is the final prompt: what build printed.
	Prompt Prompt `json:"prompt"`
	// Sections are the active sections, in prompt order.
	Sections []Section `json:"sections"`
	// Policy is the policy the system and user layers put in force
	// (package policy), as `promptc policy --json` reports it.
	Policy policy.Report `json:"policy"`
}

// Pipeline names the pipeline run.
type Pipeline struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// Request is the part of a build's request that selects what is
// compiled and run (host.Request's fields of the same names).
type Request struct {
	// Pipeline is the --pipeline as given ("" for the default).
	Pipeline  string   `json:"pipeline,omitempty"`
	Overlays  []string `json:"overlays,omitempty"`
	ToolFiles []string `json:"tool_files,omitempty"`
	Sets      []string `json:"sets,omitempty"`
	NoConfig  bool     `json:"no_config,omitempty"`
	// Inputs are the lines the build's runs started from (--input).
	Inputs []string `json:"inputs,omitempty"`
}

// Agent is the agent a prompt was built for.
type Agent struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// Layer is one layer of the pipeline.
type Layer struct {
	Path   string `json:"path"`
	Role   string `json:"role"`
	Status string `json:"status"`
	// SHA256 is the hash of the layer's bytes, for an applied layer that
	// is a file; Builtin says they are the embedded pipeline's.
	SHA256  string `json:"sha256,omitempty"`
	Builtin bool   `json:"builtin,omitempty"`
}

// File is a file a source read.
type File struct {
	Path   string `json:"path"`
	Role   string `json:"role,omitempty"`
	Bytes  int    `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// Prompt is the final prompt's digest and size.
type Prompt struct {
	SHA256 string `json:"sha256"`
	Bytes  int    `json:"bytes"`
	// Tokens is its size in Tokenizer's tokens (the budget's tokenizer,
	// else explain's default); Estimate pi's chars/4 heuristic.
	Tokens    int    `json:"tokens"`
	Tokenizer string `json:"tokenizer"`
	Estimate  int    `json:"estimate"`
}

// Section is one active section's rendered text, by digest.
type Section struct {
	ID     string `json:"id"`
	Bytes  int    `json:"bytes"`
	SHA256 string `json:"sha256"`
	// Layer is the layer that added it, when not the base pipeline.
	Layer string `json:"layer,omitempty"`
	// Locked, Required and Final mark a policy section.
	Locked   bool `json:"locked,omitempty"`
	Required bool `json:"required,omitempty"`
	Final    bool `json:"final,omitempty"`
}

// Encode returns r as indented JSON with a final newline, HTML characters
// unescaped: the same receipt always encodes to the same bytes.
func (r *Receipt) Encode() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
