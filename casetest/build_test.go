package casetest

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/prov"
)

// TestBuildOfIsDecodeBuild: a Result taken as is reads as its JSON does.
func TestBuildOfIsDecodeBuild(t *testing.T) {
	sections := []engine.Section{
		{ID: "a", Active: true, Start: 0, Bytes: 5, Text: "Hello", Origins: []prov.Origin{{Path: "/w/AGENTS.md", Role: "context", Bytes: 5}}},
		{ID: "b", When: "x", FalseTerms: []string{"x"}},
	}
	tests := []struct {
		name string
		res  engine.Result
		err  string
	}{
		{"sections", engine.Result{Text: "Hello world", Sections: sections}, ""},
		{"a run that changed the prompt", engine.Result{Text: "Hello world", Sections: sections, Runs: []engine.RunResult{{Prompt: "Other"}}}, ""},
		{"a run that kept it", engine.Result{Text: "Hello world", Sections: sections, Runs: []engine.RunResult{{Prompt: "Hello world", PromptIsBase: true}}}, ""},
		{"fallback", engine.Result{Text: "fallback", Fallback: true}, ""},
		{"two runs", engine.Result{Text: "x", Runs: []engine.RunResult{{}, {}}}, "a build of 2 runs (--input more than once): a case compares one prompt"},
		{"a section outside", engine.Result{Text: "x", Sections: []engine.Section{{ID: "a", Start: 0, Bytes: 5}}}, "section a: start 0 and bytes 5 lie outside the prompt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := json.Marshal(&tc.res)
			if err != nil {
				t.Fatal(err)
			}
			want, wantErr := DecodeBuild(data)
			got, err := BuildOf(&tc.res)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err || wantErr == nil || wantErr.Error() != tc.err {
					t.Fatalf("errors %v, %v; want %s", err, wantErr, tc.err)
				}
				return
			}
			if err != nil || wantErr != nil {
				t.Fatal(err, wantErr)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("BuildOf = %+v\nDecodeBuild = %+v", got, want)
			}
		})
	}
}
