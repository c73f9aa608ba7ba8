package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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
// package explain as text, JSON (--json) or an HTML page (--html FILE);
// with a TARGET, the short answer about that one thing.
func cmdExplain(ctx context.Context, args []string, stdout, stderr io.Writer, e env) error {
	s, done, err := openSession(ctx, "explain", args, explainFlags, -1, stdout, stderr, e)
	if err != nil || done {
		return err
	}
	p := s.p
	if len(p.args) > 1 {
		return usageError{fmt.Sprintf("explain takes one TARGET at most, got %q and %q", p.args[0], p.args[1])}
	}
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
	if len(p.args) == 1 {
		if p.has("html") {
			return usageError{"--html draws the whole report: it takes no TARGET"}
		}
		return explainTarget(ctx, s, rep, tok, p.args[0], p.has("json"), stdout, e)
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

// explainTarget prints the answer about target (explain.Answer), as text
// or JSON. Whether the target is in the prompt or not, the question was
// answered: exit 0. A target explain cannot place (unknown, ambiguous) is
// a usage error (exit 2) naming the candidates or the closest name.
func explainTarget(ctx context.Context, s *session, rep *explain.Report, tok explain.Tokenizer, target string, asJSON bool, stdout io.Writer, e env) error {
	wd, err := e.Getwd()
	if err != nil {
		return err
	}
	ans, err := s.hs.ExplainTarget(ctx, rep, tok, target, wd)
	if te := new(explain.TargetError); errors.As(err, &te) {
		return usageError{te.Error()}
	}
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(stdout, ans)
	}
	return ans.WriteText(stdout)
}
