package check

import (
	"encoding/json"
	"io"
	"strings"
)

// SARIF 2.1.0 (OASIS; testdata/sarif-schema-2.1.0.json is the schema the
// tests validate against): one run of the tool promptc, one result per
// finding, located at the source file (relative to the repository root,
// %SRCROOT%) and line.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

var sarifRules = []sarifRule{
	{RuleChanged, sarifMessage{"An agent's prompt built from this repository differs from its approved golden."}},
	{RuleBudget, sarifMessage{"A prompt or a section is over its token budget, or a budget cut it."}},
	{RuleError, sarifMessage{"A check's build failed, or its golden is not valid."}},
}

// WriteSARIF prints the findings as a SARIF 2.1.0 log.
func WriteSARIF(w io.Writer, rs []Result) error {
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "promptc", InformationURI: "https://github.com/promptc/promptc", Rules: sarifRules}}, Results: []sarifResult{}}
	for _, r := range rs {
		for _, f := range r.Findings {
			res := sarifResult{RuleID: f.Rule, Level: "error", Message: sarifMessage{"promptc check " + r.Name + ": " + f.Message}}
			if !strings.HasPrefix(f.File, "$") { // a file of the repository
				loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: f.File, URIBaseID: "%SRCROOT%"}}}
				if f.Line > 0 {
					loc.PhysicalLocation.Region = &sarifRegion{StartLine: f.Line}
				}
				res.Locations = []sarifLocation{loc}
			}
			run.Results = append(run.Results, res)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}
