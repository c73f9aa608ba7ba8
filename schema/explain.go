package schema

import _ "embed"

//go:embed explain.schema.json
var explainJSON string

// ExplainJSON returns the JSON Schema of the `promptc explain --json`
// report.
func ExplainJSON() string { return explainJSON }
