package main

import (
	"fmt"
	"slices"
	"strings"
)

// revision is a CowAgent revision the scripts check, with the promptc
// pipeline that reproduces it.
type revision struct {
	// label is the oracle's target label: the golden is
	// expected.<label>.json, else expected.json when made for label.
	label string
	// pipeline is the built-in pipeline the scripts run.
	pipeline string
	// prefix starts every script name; -check and the clean-up of stale
	// scripts look only at prefix*.txtar.
	prefix string
	// cases are the default case folders, searched in this order.
	cases []string
	// headInputs makes the head-only Agent inputs params (project_dir,
	// permission_mode, skip_context_files and conf agent_permission_mode,
	// which cowagent@head declares) instead of a reason to skip: the
	// shared harness has no field for them, the pipeline has.
	headInputs bool
}

// sharedCases are the oracle cases every revision is recorded for.
const sharedCases = "../shared/oracle/cowagent/cases"

var revisions = []revision{
	{label: "i18n", pipeline: "cowagent@i18n", prefix: "cow_", cases: []string{sharedCases}},
	{label: "head", pipeline: "cowagent@head", prefix: "cowhead_", headInputs: true,
		cases: []string{sharedCases, "testdata/cowagent-head-cases"}},
}

// findRevision returns the revision labelled label.
func findRevision(label string) (revision, error) {
	var labels []string
	for _, r := range revisions {
		if r.label == label {
			return r, nil
		}
		labels = append(labels, r.label)
	}
	return revision{}, fmt.Errorf("no target %q (targets: %s)", label, strings.Join(labels, ", "))
}

// caseDirs is the comma-separated list given with -cases, else the
// revision's default folders.
func (r revision) caseDirs(flag string) []string {
	if flag == "" {
		return slices.Clone(r.cases)
	}
	return strings.Split(flag, ",")
}
