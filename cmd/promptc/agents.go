package main

import (
	"context"
	"io"
	"path/filepath"

	"github.com/promptc/promptc/explain"
	"github.com/promptc/promptc/host"
)

// agentsFlags are the flags of promptc agents.
var agentsFlags = []flagDef{
	{name: "cwd", kind: stringFlag, metavar: "DIR", help: "working directory to look from (default: the process cwd)"},
	{name: "json", kind: boolFlag, help: "print the view as JSON"},
	{name: "tokenizer", kind: stringFlag, metavar: "NAME", help: "token encoding: o200k_base (default) or cl100k_base"},
	{name: "versions", kind: boolFlag, help: "show each agent's installed version and the versions promptc verified"},
	helpFlag,
}

// cmdAgents prints the multi-agent view (host.Host.Agents).
func cmdAgents(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	p, err := parseFlags(args, agentsFlags, false)
	if err != nil {
		return err
	}
	if p.has("help") {
		return writeNamedHelp(stdout, "agents")
	}
	if err := checkArgs("agents", p, 0); err != nil {
		return err
	}
	if p.has("versions") {
		rows := withCaptures(agentVersions(ctx, e.Getenv("PATH")), e)
		if p.has("json") {
			return writeJSON(stdout, rows)
		}
		if err := writeVersionsText(stdout, rows); err != nil {
			return err
		}
		return writeCapturesText(stdout, rows, e)
	}
	tok, err := explain.NewTokenizer(p.get("tokenizer"))
	if err != nil {
		return usageError{err.Error()}
	}
	// An absolute cwd: CowAgent's workspace is the --cwd argument as typed,
	// relative to the process cwd, so a relative one would be resolved twice.
	cwd := p.get("cwd")
	if cwd == "" || !filepath.IsAbs(cwd) {
		wd, err := e.Getwd()
		if err != nil {
			return err
		}
		cwd = filepath.Join(wd, cwd)
	}
	v, err := (&host.Host{Env: e}).Agents(ctx, cwd, tok)
	if err != nil {
		return err
	}
	if p.has("json") {
		return writeJSON(stdout, v)
	}
	return writeAgentsText(stdout, v)
}
