package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/promptc/promptc/agentrun"
	"github.com/promptc/promptc/pipelines"
)

// versionAgent is one agent of promptc agents --versions: its product
// name, its command and the npm packages whose package.json carries its
// version (none for CowAgent, a Python app run from its checkout), and
// its pipeline family (the built-in pipelines FAMILY@VERSION).
type versionAgent struct {
	name, command, family string
	packages              []string
}

// versionAgents lists the agents in the order of promptc agents.
func versionAgents() []versionAgent {
	out := []versionAgent{{name: "pi", command: "pi", family: "pi", packages: []string{"@earendil-works/pi-coding-agent"}}}
	for _, cmd := range []string{"codex", "claude", "gemini", "opencode"} {
		a, err := agentrun.Lookup(cmd)
		if err != nil {
			continue
		}
		family, _ := pipelines.SplitVersion(a.Pipeline)
		out = append(out, versionAgent{name: a.Name, command: a.Command, family: family, packages: a.Packages})
	}
	return append(out, versionAgent{name: "CowAgent", family: "cowagent"})
}

// versionRow is what --versions says about one agent: the version found
// on this machine (Installed "" when not found, Note says why), the
// pipelines promptc verified, the one for the installed version (its
// own, else the nearest) and whether the installed version is verified.
type versionRow struct {
	Agent     string   `json:"agent"`
	Command   string   `json:"command,omitempty"`
	Installed string   `json:"installed"`
	Path      string   `json:"path,omitempty"`
	From      string   `json:"from,omitempty"`
	Verified  []string `json:"verified"`
	Pipeline  string   `json:"pipeline"`
	Match     bool     `json:"match"`
	Note      string   `json:"note,omitempty"`
	// Captured lists the base prompts promptc agents capture recorded,
	// newest first (withCaptures fills it).
	Captured []string `json:"captured,omitempty"`
}

// agentVersions finds each agent on pathList (a PATH value) and compares
// its version with the verified pipelines.
func agentVersions(ctx context.Context, pathList string) []versionRow {
	var rows []versionRow
	for _, a := range versionAgents() {
		r := versionRow{Agent: a.name, Command: a.command, Verified: pipelines.Versions(a.family)}
		if r.Verified == nil {
			r.Verified = []string{}
		}
		r.Pipeline = pipelines.Versioned(a.family)
		switch {
		case a.command == "":
			r.Note = "a Python app run from its checkout, not a command: the adapter (integrations/cowagent) tells i18n from head by CowAgent's code at run time"
		default:
			in, err := agentrun.Find(ctx, agentrun.Agent{Command: a.command, Name: a.name, Packages: a.packages}, pathList)
			if err != nil {
				r.Note = "not installed (no " + a.command + " on PATH)"
				if !strings.Contains(err.Error(), "not installed") {
					r.Note = err.Error()
				}
				break
			}
			r.Installed, r.Path, r.From = in.Version, in.Path, in.From
			r.Pipeline = pipelines.Nearest(a.family, in.Version)
			_, v := pipelines.SplitVersion(r.Pipeline)
			r.Match = v == in.Version
			if !r.Match {
				r.Note = fmt.Sprintf("%s %s is not verified: the nearest pipeline is %s; check the release with tools/keepup (docs/keep-up.md)", a.name, in.Version, r.Pipeline)
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// writeVersionsText prints the --versions table and the notes.
func writeVersionsText(w io.Writer, rows []versionRow) error {
	var b strings.Builder
	b.WriteString("promptc agents --versions: the agents on this machine and the versions promptc verified\n\n")
	fmt.Fprintf(&b, "  %-12s %-14s %-34s %-20s %s\n", "agent", "installed", "verified pipelines", "pipeline", "match")
	for _, r := range rows {
		inst, match := r.Installed, "yes"
		switch {
		case r.Installed == "" && r.Command == "":
			inst, match = "not detected", "-"
		case r.Installed == "":
			inst, match = "not installed", "-"
		case !r.Match:
			match = "no"
		}
		fmt.Fprintf(&b, "  %-12s %-14s %-34s %-20s %s\n", r.Agent, inst, strings.Join(r.Verified, ", "), r.Pipeline, match)
	}
	notes := false
	for _, r := range rows {
		if r.Path == "" && r.Note == "" {
			continue
		}
		if !notes {
			b.WriteString("\n")
			notes = true
		}
		line := "  " + r.Agent + ": "
		if r.Path != "" {
			line += r.Path + " (version from " + r.From + ")"
			if r.Note != "" {
				line += "; "
			}
		}
		b.WriteString(line + r.Note + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
