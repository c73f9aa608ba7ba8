package main

import (
	"bytes"
	"context"
	"io"
	"os"

	"github.com/promptc/promptc/explain"
)

// explainFlags are the report's own flags.
var explainFlags = []flagDef{
	{name: "html", kind: stringFlag, metavar: "FILE", help: "write the report as one self-contained HTML page to FILE (- for stdout)"},
	{name: "tokenizer", kind: stringFlag, metavar: "NAME", help: "token encoding: o200k_base (default) or cl100k_base"},
	inputFlag,
}

// cmdExplain prints why the prompt says what it says: the report of
// package explain as text, JSON (--json) or an HTML page (--html FILE).
func cmdExplain(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	s, done, err := openSession(ctx, "explain", args, explainFlags, 0, stdout, stderr, e)
	if err != nil || done {
		return err
	}
	p := s.p
	if p.has("html") && p.has("json") {
		return usageError{"--html and --json cannot be combined"}
	}
	tok, err := explain.NewTokenizer(p.get("tokenizer"))
	if err != nil {
		return usageError{err.Error()}
	}
	rep, err := s.hs.Explain(ctx, tok)
	if err != nil {
		return err
	}
	switch {
	case p.has("json"):
		return writeJSON(stdout, rep)
	case p.has("html"):
		var buf bytes.Buffer
		if err := rep.WriteHTML(&buf); err != nil {
			return err
		}
		if p.get("html") == "-" {
			_, err = stdout.Write(buf.Bytes())
			return err
		}
		return os.WriteFile(p.get("html"), buf.Bytes(), 0o666)
	}
	return rep.WriteText(stdout)
}
