package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/promptc/promptc/diag"
)

func cmdBuild(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	s, done, err := openSession(ctx, "build", args, []flagDef{inputFlag, receiptFlag, receiptAgentFlag}, 0, stdout, stderr, e)
	if err != nil || done {
		return err
	}
	p := s.p
	if len(p.list("input")) > 1 && !p.has("json") {
		return usageError{"--input more than once needs --json (one run each); without it, build prints one run's prompt"}
	}
	res, err := s.run(ctx)
	if err != nil {
		return err
	}
	printWarnings(stderr, res.Diagnostics)
	printRuns(stderr, res.Runs)
	if err := writeReceipt(s, res, printedPrompt(res), e); err != nil {
		return err
	}
	if p.has("json") {
		return writeJSON(stdout, res)
	}
	text := res.Text
	if len(res.Runs) == 1 {
		text = res.Runs[0].Prompt
	}
	_, err = io.WriteString(stdout, text)
	return err
}

func cmdExpand(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	s, done, err := openSession(ctx, "expand", args, nil, -1, stdout, stderr, e)
	if err != nil || done {
		return err
	}
	p := s.p
	if len(p.args) != 1 {
		return usageError{"expand takes exactly one LINE argument (use -- before it)"}
	}
	s.hs.Input = s.in
	text, warnings, err := s.hs.Expand(ctx, p.args[0])
	if err != nil {
		return err
	}
	printWarnings(stderr, warnings)
	if p.has("json") {
		return writeJSON(stdout, map[string]any{"input": p.args[0], "expanded": text})
	}
	_, err = io.WriteString(stdout, text)
	return err
}

func printWarnings(w io.Writer, ds diag.List) {
	for _, d := range ds {
		s := d.String()
		if d.Path != "" && !strings.Contains(s, d.Path) {
			s = d.Path + ": " + s
		}
		if !strings.HasPrefix(s, "Warning:") {
			s = "warning: " + s
		}
		fmt.Fprintln(w, s)
	}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
