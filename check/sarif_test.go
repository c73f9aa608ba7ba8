package check

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/santhosh-tekuri/jsonschema/v5"
)

// sarifSchema compiles the OASIS SARIF 2.1.0 schema (testdata, as
// published in oasis-tcs/sarif-spec sarif-2.1/schema).
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat = true
	if err := c.AddResource("sarif-schema-2.1.0.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validateSARIF(t *testing.T, s *jsonschema.Schema, log []byte) {
	t.Helper()
	var v any
	if err := json.Unmarshal(log, &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, log)
	}
	if err := s.Validate(v); err != nil {
		t.Fatalf("not SARIF 2.1.0: %#v\n%s", err, log)
	}
}

// TestSARIFValidates checks WriteSARIF's logs against the schema: with
// findings at a line, at a file without one, at a file outside the
// repository (no location), and with none.
func TestSARIFValidates(t *testing.T) {
	s := sarifSchema(t)
	rs := []Result{
		{Name: "default--root", Status: Failed, Findings: []Finding{
			{File: "AGENTS.md", Line: 3, Section: "project_context", Message: "section project_context changed, +2 tokens", Rule: RuleChanged},
			{File: "docs/GONE.md", Message: "section x changed (docs/GONE.md is gone)", Rule: RuleChanged},
			{File: "$HOME/.pi/agent/AGENTS.md", Line: 1, Message: "section y changed", Rule: RuleChanged},
			{File: ".promptc/checks.yaml", Line: 2, Message: "the prompt is 900 tokens, over max_tokens 800", Rule: RuleBudget},
		}},
		{Name: "codex--root", Status: Passed},
	}
	var out bytes.Buffer
	if err := WriteSARIF(&out, rs); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, s, out.Bytes())
	out.Reset()
	if err := WriteSARIF(&out, rs[1:]); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, s, out.Bytes())
}

// TestSARIFSchemaRejects shows the validation can fail: a log without
// its version, and a result with a line 0 region, are refused.
func TestSARIFSchemaRejects(t *testing.T) {
	s := sarifSchema(t)
	for _, bad := range []string{
		`{"runs":[]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"promptc"}},"results":[{"message":{"text":"x"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a"},"region":{"startLine":0}}}]}]}]}`,
	} {
		var v any
		if err := json.Unmarshal([]byte(bad), &v); err != nil {
			t.Fatal(err)
		}
		if s.Validate(v) == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
}

// TestSARIFScriptGolden validates the SARIF golden of the check_sarif
// script, the log promptc check --format sarif prints.
func TestSARIFScriptGolden(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("..", "testdata", "scripts", "check_sarif.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if f.Name == "want/stdout" {
			validateSARIF(t, sarifSchema(t), f.Data)
			return
		}
	}
	t.Fatal("check_sarif.txtar has no want/stdout")
}
