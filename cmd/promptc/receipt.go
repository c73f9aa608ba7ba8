package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/internal/atomicfile"
	"github.com/promptc/promptc/receipt"
	"github.com/promptc/promptc/sources"
)

// Exit statuses of promptc receipt verify beside 0 (the same prompt), 1
// (the rebuild's pipeline errors), 2 (usage) and 3 (I/O).
const (
	exitReceiptDiffers = 4 // the rebuilt prompt is not the receipt's
	exitReceiptBad     = 5 // the file is not a receipt (not JSON, or not the schema's)
)

// receiptFlag and receiptAgentFlag are build's flags that write a
// receipt (package receipt) beside the normal output.
var (
	receiptFlag      = flagDef{name: "receipt", kind: stringFlag, metavar: "FILE", help: "also write the build's receipt (what was built from what, by SHA-256) to FILE, atomically; promptc receipt verify FILE checks it"}
	receiptAgentFlag = flagDef{name: "receipt-agent", kind: stringFlag, metavar: "NAME[@VERSION]", help: "the agent (and its version) the receipt says the prompt is for"}
)

// receiptVerifyFlags are receipt verify's flags.
var receiptVerifyFlags = []flagDef{
	{name: "cwd", kind: stringFlag, metavar: "DIR", help: "rebuild with the cwd param DIR instead of the one recorded"},
	{name: "json", kind: boolFlag, help: "print the comparison as JSON"},
	helpFlag,
}

// writeReceipt writes the receipt of the build s made (res, whose
// printed prompt is prompt) to the file --receipt names, if any.
func writeReceipt(s *session, res *engine.Result, prompt string, e env) error {
	file := s.p.get("receipt")
	if !s.p.has("receipt") {
		return nil
	}
	if file == "" {
		return usageError{"--receipt needs a FILE"}
	}
	agent, err := agentOf(s.p.get("receipt-agent"))
	if err != nil {
		return err
	}
	req := receipt.Request{Pipeline: s.p.get("pipeline"), Overlays: s.p.list("overlay"), ToolFiles: s.p.list("tool-file"),
		Sets: s.p.list("set"), NoConfig: s.p.has("no-config"), Inputs: s.p.list("input")}
	r, err := receipt.Make(receipt.Input{PromptcVersion: version, Request: req, Agent: agent, Params: s.in.Params, Result: res, Prompt: prompt,
		Read: func(name string) ([]byte, error) { return host.ReadFile(e, name) }})
	if err != nil {
		return err
	}
	data, err := r.Encode()
	if err != nil {
		return err
	}
	return atomicfile.Write(file, data, 0o644)
}

// agentOf reads NAME[@VERSION]; "" is no agent.
func agentOf(v string) (*receipt.Agent, error) {
	if v == "" {
		return nil, nil
	}
	name, ver, _ := strings.Cut(v, "@")
	if name == "" {
		return nil, usageError{fmt.Sprintf("--receipt-agent %q: want NAME or NAME@VERSION", v)}
	}
	return &receipt.Agent{Name: name, Version: ver}, nil
}

// printedPrompt is what build prints: the one run's prompt, else the
// base prompt.
func printedPrompt(res *engine.Result) string {
	if len(res.Runs) == 1 {
		return res.Runs[0].Prompt
	}
	return res.Text
}

// cmdReceipt is promptc receipt verify FILE [--cwd DIR] [--json]: it
// returns the exit status (0 the same prompt, exitReceiptDiffers,
// exitReceiptBad, else report's).
func cmdReceipt(ctx context.Context, args []string, stdout, stderr io.Writer, e env) int {
	if len(args) == 0 || args[0] != "verify" {
		what := "nothing"
		if len(args) > 0 {
			what = fmt.Sprintf("%q", args[0])
		}
		return report(usageError{fmt.Sprintf("receipt takes verify FILE [--cwd DIR] [--json], got %s", what)}, stderr)
	}
	p, done, err := parseCommand("receipt", args[1:], receiptVerifyFlags, -1, stdout)
	if err != nil || done {
		return report(err, stderr)
	}
	switch {
	case len(p.args) == 0:
		return report(usageError{"receipt verify needs a FILE (a receipt promptc build --receipt wrote)"}, stderr)
	case len(p.args) > 1:
		return report(usageError{fmt.Sprintf("receipt verify takes one FILE, got %q too", p.args[1])}, stderr)
	}
	file := p.args[0]
	data, err := host.ReadFile(e, file)
	if err != nil {
		return report(err, stderr)
	}
	was, err := receipt.Parse(file, data)
	var bad *receipt.BadError
	if errors.As(err, &bad) {
		for _, p := range bad.Problems {
			fmt.Fprintln(stderr, p)
		}
		return exitReceiptBad
	}
	if err != nil {
		return report(err, stderr)
	}
	now, err := rebuild(ctx, was, p.get("cwd"), stderr, e)
	if err != nil {
		return report(err, stderr)
	}
	d := receipt.Compare(was, now)
	if p.has("json") {
		err = writeJSON(stdout, struct {
			Receipt string `json:"receipt"`
			receipt.Diff
		}{file, d})
	} else {
		err = d.WriteText(stdout, file)
	}
	if err != nil {
		return report(err, stderr)
	}
	if !d.Same {
		return exitReceiptDiffers
	}
	return exitOK
}

// rebuild builds what was records again, in e with the receipt's system
// and user layer paths, and returns the rebuild's receipt.
func rebuild(ctx context.Context, was *receipt.Receipt, cwd string, stderr io.Writer, e env) (*receipt.Receipt, error) {
	re := receiptEnv{Env: e, vars: map[string]string{}}
	for _, l := range was.Layers {
		switch l.Role {
		case spec.RoleSystem:
			re.vars[host.EnvSystemConfig] = l.Path
		case spec.RoleUser:
			re.vars[host.EnvUserConfig] = l.Path
		}
	}
	params := receipt.Values(was.Params)
	if cwd != "" {
		// As --cwd binds it: absolute, links resolved (the physical path).
		if !filepath.IsAbs(cwd) {
			wd, err := e.Getwd()
			if err != nil {
				return nil, err
			}
			cwd = filepath.Join(wd, cwd)
		}
		real, err := filepath.EvalSymlinks(cwd)
		if err != nil {
			return nil, fmt.Errorf("--cwd: %w", err)
		}
		params["cwd"] = real
	}
	q := was.Request
	h := &host.Host{Env: re, Warn: func(ds diag.List) { printWarnings(stderr, ds) }}
	s, err := h.Open(ctx, host.Request{Pipeline: q.Pipeline, Overlays: q.Overlays, ToolFiles: q.ToolFiles, Sets: q.Sets, NoConfig: q.NoConfig,
		Params: params, Inputs: q.Inputs})
	if err != nil {
		return nil, err
	}
	res, err := s.Build(ctx)
	if err != nil {
		return nil, err
	}
	printWarnings(stderr, res.Diagnostics)
	return receipt.Make(receipt.Input{PromptcVersion: version, Request: q, Agent: was.Agent, Params: s.Input.Params, Result: res,
		Prompt: printedPrompt(res), Read: func(name string) ([]byte, error) { return host.ReadFile(re, name) }})
}

// receiptEnv is e with some variables set (the receipt's layer paths).
// It reads files as e does.
type receiptEnv struct {
	host.Env
	vars map[string]string
}

func (r receiptEnv) Getenv(k string) string {
	if v, ok := r.vars[k]; ok {
		return v
	}
	return r.Env.Getenv(k)
}

func (r receiptEnv) FS() sources.FS { return host.FS(r.Env) }
