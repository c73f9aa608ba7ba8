package engine

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/promptc/promptc/engine/spec"
)

// execTransform runs an exec transform's program with the run's request
// and applies its reply. A project layer's program runs only when the host
// says the project is trusted, and none runs without an Executor.
func (r *run) execTransform(ctx context.Context, tp *transformPlan, view RunView) (*string, *Message, string, error) {
	prog := filepath.Base(tp.exec.argv[0])
	switch {
	case tp.by.Role == spec.RoleProject && !r.in.ProjectTrusted:
		return nil, nil, OutcomeRefused, fmt.Errorf("exec %s not run: the project layer's programs run only in a trusted project", prog)
	case r.in.Exec == nil:
		return nil, nil, OutcomeRefused, fmt.Errorf("exec %s not run: this host runs no programs", prog)
	}
	extra, err := r.requestExtra(ctx)
	if err != nil {
		return nil, nil, OutcomeFailed, err
	}
	stdin, err := encodeRequest(ExecRequest{Transform: tp.id, Line: view.Line, Prompt: view.Input, SystemPrompt: view.Prompt}, extra)
	if err != nil {
		return nil, nil, OutcomeFailed, fmt.Errorf("exec %s: encoding the request: %v", prog, err)
	}
	tctx, cancel := context.WithTimeout(ctx, tp.exec.timeout)
	defer cancel()
	out, err := r.in.Exec.Exec(tctx, tp.exec.argv, stdin, tp.exec.maxOutput)
	switch {
	case ctx.Err() != nil:
		return nil, nil, OutcomeFailed, ctx.Err()
	case errors.Is(tctx.Err(), context.DeadlineExceeded):
		return nil, nil, OutcomeFailed, fmt.Errorf("exec %s: timed out after %s", prog, tp.exec.timeout)
	case err != nil:
		return nil, nil, OutcomeFailed, fmt.Errorf("exec %s: %v", prog, err)
	}
	reply, err := parseReply(out)
	if err != nil {
		return nil, nil, OutcomeFailed, fmt.Errorf("exec %s: %v", prog, err)
	}
	if reply.prompt != nil && *reply.prompt != view.Prompt {
		return reply.prompt, reply.message, OutcomeChanged, nil
	}
	return reply.prompt, reply.message, OutcomeUnchanged, nil
}

// requestExtra evaluates the pipeline's exec_request fields, once per run.
func (r *run) requestExtra(ctx context.Context) (map[string]any, error) {
	if r.reqDone {
		return r.reqExtra, r.reqErr
	}
	r.reqDone = true
	extra := map[string]any{}
	for _, f := range r.plan.execRequest {
		vals, err := r.values(ctx, f.expr.Deps())
		if err == nil {
			var v any
			if v, err = f.expr.Eval(vals); err == nil {
				extra[f.name] = v
				continue
			}
		}
		r.reqErr = fmt.Errorf("exec_request.%s: %v", f.name, err)
		return nil, r.reqErr
	}
	r.reqExtra = extra
	return extra, nil
}
