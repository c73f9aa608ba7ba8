package schema

import _ "embed"

//go:embed explain.schema.json
var explainJSON string

// ExplainJSON returns the JSON Schema of the `promptc explain --json`
// report.
func ExplainJSON() string { return explainJSON }

//go:embed explain-target.schema.json
var explainTargetJSON string

// ExplainTargetJSON returns the JSON Schema of the `promptc explain --json
// TARGET` answer.
func ExplainTargetJSON() string { return explainTargetJSON }

//go:embed exec.schema.json
var execJSON string

// ExecJSON returns the JSON Schema of the exec transform protocol: the
// request a program reads and the reply it writes.
func ExecJSON() string { return execJSON }
