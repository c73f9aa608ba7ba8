package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/promptc/promptc/agentcapture"
	"github.com/promptc/promptc/agentrun"
)

// capturedRow is one agent's line of promptc agents capture --list: the
// installed CLI's version ("" when not on PATH), the versions captured
// (newest first) and whether the installed one is among them.
type capturedRow struct {
	Agent     string   `json:"agent"`
	Name      string   `json:"name"`
	Installed string   `json:"installed,omitempty"`
	Captured  []string `json:"captured"`
	Matches   bool     `json:"matches"`
}

// capturedRows reads the cache and PATH for the four agents. A caller
// listing agent versions (promptc agents --versions) can show these.
func capturedRows(ctx context.Context, e env) ([]capturedRow, error) {
	cache := agentcapture.CacheDir(e.Getenv, e.Home())
	var rows []capturedRow
	for _, name := range []string{"claude", "codex", "gemini", "opencode"} {
		a, err := agentrun.Lookup(name)
		if err != nil {
			return nil, err
		}
		r := capturedRow{Agent: a.Command, Name: a.Name}
		if in, err := agentrun.Find(ctx, a, e.Getenv("PATH")); err == nil {
			r.Installed = in.Version
		}
		if r.Captured, err = agentcapture.Captured(cache, a.Command); err != nil {
			return nil, err
		}
		if r.Captured == nil {
			r.Captured = []string{}
		}
		r.Matches = r.Installed != "" && slices.Contains(r.Captured, r.Installed)
		rows = append(rows, r)
	}
	return rows, nil
}

// listCaptured is promptc agents capture --list [--json].
func listCaptured(ctx context.Context, asJSON bool, stdout io.Writer, e env) error {
	rows, err := capturedRows(ctx, e)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(stdout, rows)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "captured base prompts in %s\n\n", agentcapture.CacheDir(e.Getenv, e.Home()))
	fmt.Fprintf(&b, "  %-12s %-12s %-22s %s\n", "agent", "installed", "captured", "replace mode")
	for _, r := range rows {
		inst, capd, state := r.Installed, strings.Join(r.Captured, ", "), "ready"
		switch {
		case inst == "":
			inst, state = "-", "not installed"
		case !r.Matches:
			state = "run: promptc agents capture " + r.Agent
		}
		if capd == "" {
			capd = "-"
		}
		fmt.Fprintf(&b, "  %-12s %-12s %-22s %s\n", r.Name, inst, capd, state)
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}

// withCaptures adds to promptc agents --versions' rows the base prompts
// captured for each agent (by command) in the user's cache.
func withCaptures(rows []versionRow, e env) []versionRow {
	cache := agentcapture.CacheDir(e.Getenv, e.Home())
	for i, r := range rows {
		if r.Command == "" {
			continue
		}
		if vs, err := agentcapture.Captured(cache, r.Command); err == nil && len(vs) > 0 {
			rows[i].Captured = vs
		}
	}
	return rows
}

// writeCapturesText prints, after the --versions table, the captured base
// prompts and whether the installed version's is among them (replace mode
// needs it); nothing when no agent has one.
func writeCapturesText(w io.Writer, rows []versionRow, e env) error {
	var b strings.Builder
	for _, r := range rows {
		if len(r.Captured) == 0 {
			continue
		}
		if b.Len() == 0 {
			fmt.Fprintf(&b, "\ncaptured base prompts (promptc agents capture) in %s:\n", agentcapture.CacheDir(e.Getenv, e.Home()))
		}
		state := "the installed version's is captured: promptc run " + r.Command + " --mode replace is ready"
		switch {
		case r.Installed == "":
			state = "the CLI is not installed"
		case !slices.Contains(r.Captured, r.Installed):
			state = "not the installed " + r.Installed + ": run promptc agents capture " + r.Command
		}
		fmt.Fprintf(&b, "  %s: %s (%s)\n", r.Agent, strings.Join(r.Captured, ", "), state)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
