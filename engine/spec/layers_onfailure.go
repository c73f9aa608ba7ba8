package spec

import (
	"strconv"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/yamlpos"
)

// checkOnFailure takes on_failure: out of a layer (m, positions ix, role):
// it steers integrations (package policy reads it from the layer files),
// not the prompt. Its value is block or fallback, and only a system or
// user layer may set it: a repository cannot choose how a platform's
// policy fails.
func checkOnFailure(m map[string]any, ix yamlpos.Index, role string, diags *diag.List) {
	v, ok := m["on_failure"]
	if !ok {
		return
	}
	delete(m, "on_failure")
	if v != "block" && v != "fallback" {
		got := yamlType(v)
		if text, isText := v.(string); isText {
			got = strconv.Quote(text)
		}
		diags.Errorf(ix.Lookup("/on_failure"), "schema", "on_failure: is block or fallback, got %s", got)
		return
	}
	if role != RoleSystem && role != RoleUser {
		diags.Errorf(keyPos(ix, "/on_failure"), "load", "on_failure: is set in a system or user layer only; a %s layer cannot choose how the platform's policy fails", role)
	}
}
