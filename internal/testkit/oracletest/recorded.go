package oracletest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/internal/testkit/suite"
)

// ReadJSON decodes file into v. It reports false when the file cannot be
// read (an optional golden) and fails the test when it is not valid JSON.
func ReadJSON(t testing.TB, file string, v any) bool {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return true
}

// WriteRecorded lays out a tree recorded by the CowAgent oracle
// (workspace_before_build, builtin_skills_before_build): each value is the
// file's text, or {"base64": ...} for bytes that are not UTF-8.
func WriteRecorded(t testing.TB, root string, files map[string]json.RawMessage) {
	t.Helper()
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	for rel, raw := range files {
		var data []byte
		var text string
		if err := json.Unmarshal(raw, &text); err == nil {
			data = []byte(text)
		} else {
			var b struct {
				Base64 string `json:"base64"`
			}
			if err := json.Unmarshal(raw, &b); err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			if data, err = base64.StdEncoding.DecodeString(b.Base64); err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
		}
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// cowCases is the suite of the tests that read the recorded CowAgent
// oracle cases.
var cowCases = &suite.Suite{Name: suite.SharedCowCase}

// CowAgentCases returns the CowAgent oracle case directories, sorted; the
// test is skipped when the shared folder or its cases are absent (the
// suite shared/cowagent-cases).
func CowAgentCases(t testing.TB) []string {
	t.Helper()
	shared, ok := SharedDir()
	if !ok {
		cowCases.Skip(t, "shared folder with the oracle cases not found")
	}
	casesDir := filepath.Join(shared, "oracle", "cowagent", "cases")
	entries, err := os.ReadDir(casesDir)
	if err != nil {
		cowCases.Skip(t, fmt.Sprintf("no CowAgent cases: %v", err))
	}
	dirs := make([]string, 0, len(entries))
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, filepath.Join(casesDir, e.Name()))
		}
	}
	return dirs
}
