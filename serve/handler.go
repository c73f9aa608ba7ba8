package serve

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/bind"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/host/args"
)

// Exit statuses an [Error] reply carries: those of the same command line.
const (
	exitPipeline = 1
	exitUsage    = 2
	exitIO       = 3
	exitPolicy   = 6
)

// Service answers build and explain requests through package host: a
// request is a [host.Request] (its pipeline, overlays and params, and the
// flags in its args read with the pipeline's flags by package
// host/args), opened in the server's environment with shared plans and
// warm builders. It is safe for concurrent use; its Handle is the
// [Handler] a [Server] runs.
type Service struct {
	st *state
	// Version is promptc's version, which receipts record.
	Version string
}

// NewService is a Service in e (the server's variables, working
// directory and home) reading only within roots, keeping at most
// maxBuilders warm builders that, with watch, watch their files.
func NewService(e host.Env, roots *Roots, maxBuilders int, watch bool) (*Service, error) {
	if _, err := e.Getwd(); err != nil {
		return nil, fmt.Errorf("serve: the working directory: %w", err)
	}
	return &Service{st: newState(e, roots, maxBuilders, watch)}, nil
}

// notInServe are flags a request may not pass: serve never writes files
// and has no standard input or help to print.
var notInServe = map[string]string{
	"help": "--help prints usage; ask promptc build --help",
	"html": "--html writes a file; serve replies with explain's JSON or text",
}

// explainFlags are the flags of explain a request's args may carry
// beside build's.
var explainFlags = []args.Def{
	{Name: "html", Kind: args.String},
	{Name: "tokenizer", Kind: args.String},
	{Name: "input", Kind: args.List},
}

// Handle answers one request. A failed request's reply carries the
// policy the system and user layers put in force (package policy), when
// there is one, so that a client refuses the run saying why instead of
// falling back.
func (h *Service) Handle(ctx context.Context, req Request) (any, *Error) {
	out, e := h.handle(ctx, req)
	if e != nil {
		e.Policy = h.policyInForce()
	}
	return out, e
}

func (h *Service) handle(ctx context.Context, req Request) (any, *Error) {
	if e := h.checkCwd(req); e != nil {
		return nil, e
	}
	for _, a := range req.Args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if why, bad := notInServe[name]; bad && strings.HasPrefix(a, "-") {
			return nil, &Error{Code: CodeUsage, Exit: exitUsage, Message: why}
		}
		if a == "--params=-" || a == "-" {
			return nil, &Error{Code: CodeUsage, Exit: exitUsage, Message: "a request has no standard input: give params in the request's params"}
		}
	}
	var own []args.Def
	if req.Command == CommandExplain {
		own = explainFlags
	}
	re := requestEnv{st: h.st}
	hs := &host.Host{Env: re, Builders: re}
	r, err := args.Read(ctx, hs, host.Request{Pipeline: req.Pipeline, Overlays: req.Overlays, Params: req.Params}, req.Args, own)
	if err != nil {
		return nil, classify(err)
	}
	if len(r.Parsed.Args) > 0 {
		return nil, &Error{Code: CodeUsage, Exit: exitUsage, Message: fmt.Sprintf("%s takes no arguments, got %q", req.Command, r.Parsed.Args[0])}
	}
	s, err := hs.Open(ctx, r.Request)
	if err != nil {
		return nil, classify(err)
	}
	cwd := s.Cwd()
	if cwd != "" && !h.st.roots.Allows(filepath.ToSlash(cwd)) {
		return nil, outsideRoots(cwd, h.st.roots)
	}
	slot := re.slot(s.Plan, cwd)
	slot.takeRefused() // what earlier requests were refused is theirs
	res, err := s.Build(ctx)
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
	if req.Command == CommandBuild {
		out, err := slot.replies.encode(res)
		if err != nil {
			return nil, &Error{Code: CodeInternal, Message: "encoding the reply: " + err.Error()}
		}
		if req.Receipt {
			return h.withReceipt(out, req, r.Request, s, res, re)
		}
		return out, nil
	}
	tok, err := h.st.tokenizer(r.Parsed.Get("tokenizer"))
	if err != nil {
		return nil, &Error{Code: CodeUsage, Exit: exitUsage, Message: err.Error()}
	}
	rep, err := s.ExplainResult(ctx, res, tok)
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
func (h *Service) checkCwd(req Request) *Error {
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

func outsideRoots(p string, r *Roots) *Error {
	return &Error{Code: CodeOutsideRoots, Message: fmt.Sprintf("%s is outside the server's roots (%s)", p, strings.Join(r.Dirs(), ", "))}
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

// classify turns an error of package host into an error reply with the
// exit status the CLI would have had.
func classify(err error) *Error {
	var ue host.UsageError
	var le host.LockedError
	var dl diag.List
	var pe *engine.PolicyError
	switch {
	case errors.As(err, &pe):
		return &Error{Code: CodePolicy, Exit: exitPolicy, Message: pe.Error(), Diagnostics: diag.List{pe.Diagnostic}}
	case errors.Is(err, ErrOutsideRoots):
		return &Error{Code: CodeOutsideRoots, Exit: exitIO, Message: err.Error()}
	case errors.Is(err, context.DeadlineExceeded):
		return &Error{Code: CodeTimeout, Message: err.Error()}
	case errors.As(err, &ue):
		return &Error{Code: CodeUsage, Exit: exitUsage, Message: ue.Msg}
	case errors.As(err, &le):
		return &Error{Code: CodePipeline, Exit: exitPipeline, Message: le.Error()}
	case errors.As(err, &dl):
		msgs := make([]string, 0, len(dl))
		for _, d := range dl {
			if d.Severity == diag.Error {
				msgs = append(msgs, d.String())
			}
		}
		return &Error{Code: CodePipeline, Exit: exitPipeline, Message: strings.Join(msgs, "\n"), Diagnostics: dl}
	case errors.Is(err, bind.ErrNoWd):
		return &Error{Code: CodeIO, Exit: exitIO, Message: err.Error()}
	}
	var ue2 *engine.UnknownParamError
	if errors.As(err, &ue2) {
		return &Error{Code: CodeUsage, Exit: exitUsage, Message: err.Error()}
	}
	return &Error{Code: CodeIO, Exit: exitIO, Message: err.Error()}
}
