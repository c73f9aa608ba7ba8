package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// report is what keepup found: the harness's counts, the cases whose
// prompt changed with the sections that no longer match, and per section
// how many cases it changed in and the rules its doc cites.
type report struct {
	Agent       string          `json:"agent"`
	Version     string          `json:"version"`
	Pipeline    string          `json:"pipeline"`
	Cases       int             `json:"cases"`
	Passed      int             `json:"passed"`
	Failed      int             `json:"failed"`
	Skipped     int             `json:"skipped"`
	Sections    []sectionChange `json:"sections"`
	FailedCases []failedCase    `json:"failed_cases"`
}

// sectionChange is a section of the pipeline whose text the new release
// no longer sends, in Cases cases.
type sectionChange struct {
	ID    string   `json:"id"`
	Cases int      `json:"cases"`
	Rules []string `json:"rules"`
}

// failedCase is a case whose prompt changed: the rules it covers and the
// sections that differ.
type failedCase struct {
	Name     string   `json:"name"`
	Rules    []string `json:"rules"`
	Sections []string `json:"sections"`
}

func (r *report) write(w io.Writer, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s against pipeline %s: %d cases recorded; %d passed, %d failed, %d skipped\n",
		r.Agent, r.Version, r.Pipeline, r.Cases, r.Passed, r.Failed, r.Skipped)
	if len(r.Sections) > 0 {
		b.WriteString("\nsections whose text changed (cases; rules cited by the section):\n")
		for _, s := range r.Sections {
			fmt.Fprintf(&b, "  %-20s %3d  %s\n", s.ID, s.Cases, strings.Join(s.Rules, ", "))
		}
	}
	if len(r.FailedCases) > 0 {
		b.WriteString("\ncases whose prompt changed (sections; rules the case covers):\n")
		for _, c := range r.FailedCases {
			fmt.Fprintf(&b, "  %-40s %s; %s\n", c.Name, strings.Join(c.Sections, " "), strings.Join(c.Rules, ", "))
		}
	}
	if r.Failed == 0 {
		b.WriteString("\nno change: the pipeline reproduces this release on every recorded case\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
