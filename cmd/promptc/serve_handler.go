package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/bind"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/explain"
	"github.com/promptc/promptc/serve"
)

// serveHandler answers serve's requests with the CLI's own machinery: a
// request is the command line `build --json` or `explain --json` would
// get (--pipeline, --overlay, then args), plus params by name, run in a
// requestEnv.
type serveHandler struct {
	st *serveState
}

func newServeHandler(e env, roots *serve.Roots, maxBuilders int, watch bool) (*serveHandler, error) {
	if _, err := e.Getwd(); err != nil {
		return nil, fmt.Errorf("serve: the working directory: %w", err)
	}
	return &serveHandler{st: newServeState(e, roots, maxBuilders, watch)}, nil
}

// notInServe are flags a request may not pass: serve never writes files
// and has no standard input or help to print.
var notInServe = map[string]string{
	"help": "--help prints usage; ask promptc build --help",
	"html": "--html writes a file; serve replies with explain's JSON or text",
}

func (h *serveHandler) handle(ctx context.Context, req serve.Request) (any, *serve.Error) {
	if e := h.checkCwd(req); e != nil {
		return nil, e
	}
	var args []string
	if req.Pipeline != "" {
		args = append(args, "--pipeline", req.Pipeline)
	}
	for _, o := range req.Overlays {
		args = append(args, "--overlay", o)
	}
	args = append(args, req.Args...)
	for _, a := range req.Args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if why, bad := notInServe[name]; bad && strings.HasPrefix(a, "-") {
			return nil, &serve.Error{Code: serve.CodeUsage, Exit: exitUsage, Message: why}
		}
		if a == "--params=-" || a == "-" {
			return nil, &serve.Error{Code: serve.CodeUsage, Exit: exitUsage, Message: "a request has no standard input: give params in the request's params"}
		}
	}
	extra := []flagDef(nil)
	if req.Command == serve.CommandExplain {
		extra = explainFlags
	}
	re := requestEnv{st: h.st, params: req.Params}
	s, _, err := openSession(ctx, req.Command, args, extra, 0, io.Discard, io.Discard, re)
	if err != nil {
		return nil, classify(err)
	}
	if cwd, _ := s.in.Params["cwd"].(string); cwd != "" && !h.st.roots.Allows(filepath.ToSlash(cwd)) {
		return nil, outsideRoots(cwd, h.st.roots)
	}
	cwd, _ := s.in.Params["cwd"].(string)
	slot := re.slot(s.plan, cwd)
	slot.takeRefused() // what earlier requests were refused is theirs
	res, err := s.run(ctx)
	if err != nil && res == nil {
		return nil, classify(err)
	}
	if refused := slot.takeRefused(); len(refused) > 0 {
		copied := *res
		copied.Diagnostics = append(diag.List(nil), res.Diagnostics...)
		for _, p := range refused {
			copied.Diagnostics = append(copied.Diagnostics, diag.Diagnostic{Severity: diag.Warning, Code: "serve/outside-roots",
				Path: p, Message: p + " is outside the server's roots: not read"})
		}
		res = &copied
	}
	// err != nil with a Result: the Builder's last good prompt, which
	// carries a build/fallback warning saying why.
	if req.Command == serve.CommandBuild {
		out, err := slot.replies.encode(res)
		if err != nil {
			return nil, &serve.Error{Code: serve.CodeInternal, Message: "encoding the reply: " + err.Error()}
		}
		return out, nil
	}
	tok, err := h.st.tokenizer(s.p.get("tokenizer"))
	if err != nil {
		return nil, &serve.Error{Code: serve.CodeUsage, Exit: exitUsage, Message: err.Error()}
	}
	rep, err := explain.New(s.plan, res, explain.Options{Tokenizer: tok})
	if err != nil {
		return nil, classify(err)
	}
	if req.Format != "text" {
		return rep, nil
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		return nil, classify(err)
	}
	return struct {
		Text string `json:"text"`
	}{b.String()}, nil
}

// checkCwd refuses, before anything is read, a request whose working
// directory (params.cwd, else --cwd in args, else the server's) is
// outside every root — lexically, then with its links resolved.
func (h *serveHandler) checkCwd(req serve.Request) *serve.Error {
	if h.st.roots.Open() {
		return nil
	}
	wd, _ := h.st.base.Getwd()
	cwd := wd
	if v, ok := req.Params["cwd"].(string); ok && v != "" {
		cwd = v
	} else if v, ok := flagValue(req.Args, "cwd"); ok {
		cwd = v
	}
	if !filepath.IsAbs(cwd) {
		cwd = filepath.Join(wd, cwd)
	}
	cwd = filepath.Clean(cwd)
	if !h.st.roots.Allows(filepath.ToSlash(cwd)) {
		return outsideRoots(cwd, h.st.roots)
	}
	if real, err := filepath.EvalSymlinks(cwd); err == nil && !h.st.roots.Allows(filepath.ToSlash(real)) {
		return outsideRoots(cwd+" ("+real+")", h.st.roots)
	}
	return nil
}

func outsideRoots(p string, r *serve.Roots) *serve.Error {
	return &serve.Error{Code: serve.CodeOutsideRoots, Message: fmt.Sprintf("%s is outside the server's roots (%s)", p, strings.Join(r.Dirs(), ", "))}
}

// flagValue is the last value of --name (or -name) in args.
func flagValue(args []string, name string) (string, bool) {
	var v string
	found := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		flag := strings.TrimLeft(a, "-")
		if len(flag) == len(a) {
			continue
		}
		if val, ok := strings.CutPrefix(flag, name+"="); ok {
			v, found = val, true
		} else if flag == name && i+1 < len(args) {
			v, found = args[i+1], true
			i++
		}
	}
	return v, found
}

// classify turns a command's error into an error reply with the exit
// status the CLI would have had.
func classify(err error) *serve.Error {
	var ue usageError
	var le lockedError
	var dl diag.List
	switch {
	case errors.Is(err, serve.ErrOutsideRoots):
		return &serve.Error{Code: serve.CodeOutsideRoots, Exit: exitInternal, Message: err.Error()}
	case errors.Is(err, context.DeadlineExceeded):
		return &serve.Error{Code: serve.CodeTimeout, Message: err.Error()}
	case errors.As(err, &ue):
		return &serve.Error{Code: serve.CodeUsage, Exit: exitUsage, Message: ue.msg}
	case errors.As(err, &le):
		return &serve.Error{Code: serve.CodePipeline, Exit: exitSpec, Message: le.Error()}
	case errors.As(err, &dl):
		msgs := make([]string, 0, len(dl))
		for _, d := range dl {
			if d.Severity == diag.Error {
				msgs = append(msgs, d.String())
			}
		}
		return &serve.Error{Code: serve.CodePipeline, Exit: exitSpec, Message: strings.Join(msgs, "\n"), Diagnostics: dl}
	case errors.Is(err, bind.ErrNoWd):
		return &serve.Error{Code: serve.CodeIO, Exit: exitInternal, Message: err.Error()}
	}
	var ue2 *engine.UnknownParamError
	if errors.As(err, &ue2) {
		return &serve.Error{Code: serve.CodeUsage, Exit: exitUsage, Message: err.Error()}
	}
	return &serve.Error{Code: serve.CodeIO, Exit: exitInternal, Message: err.Error()}
}
