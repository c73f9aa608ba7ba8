package engine

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/promptc/promptc/conditions"
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/sections"
)

// RunName is the name under which a transform's condition and templates
// read their run (a RunView). With transforms, no param or source may
// have this name.
const RunName = "run"

// RunView is what a transform reads of the run it rewrites.
type RunView struct {
	// Line is the user's input as typed; Input is Line after /skill: and
	// prompt-template expansion (the host's Expander; Line without one).
	Line  string
	Input string
	// Prompt is the run's prompt so far: the base prompt, as the
	// transforms before this one left it. Base is the base prompt.
	Prompt string
	Base   string
}

var typeOfRunView = reflect.TypeFor[RunView]()

// Transform actions, as reports name them.
const (
	ActionReplace = "replace"
	ActionPrepend = "prepend"
	ActionAppend  = "append"
	ActionMessage = "message"
	ActionExec    = "exec"
)

// Limits of exec transforms.
const (
	DefaultExecTimeout   = 5 * time.Second
	MaxExecTimeout       = 10 * time.Minute
	DefaultExecMaxOutput = 4 << 20
	MaxExecMaxOutput     = 256 << 20
)

type transformPlan struct {
	id     string
	ptr    string // /transforms/<i>
	spec   spec.TransformSpec
	by     spec.RegisteredBy
	action string // one of the Action constants; "" when disabled
	when   *conditions.Expr
	tmpl   *sections.Template // replace, prepend or append
	msg    *sections.Template
	uses   []string // params, sources and declared read (not run)
	exec   *execPlan
}

type execPlan struct {
	argv      []string
	timeout   time.Duration
	maxOutput int64
}

// requestField is one exec_request entry.
type requestField struct {
	name string
	expr *conditions.Expr
}

// compileTransforms checks every transform: exactly one way to change the
// prompt (or a message alone), its condition and templates against the
// params, sources, declared and run, and its exec settings.
func (c *compiler) compileTransforms() {
	if len(c.spec.Transforms) == 0 {
		return
	}
	types := conditions.Types{}
	for n, t := range c.types {
		types[n] = t
	}
	types[RunName] = typeOfRunView
	for _, group := range []string{"params", "sources"} {
		_, isParam := c.spec.Params[RunName]
		_, isSource := c.spec.Sources[RunName]
		if (group == "params" && isParam) || (group == "sources" && isSource) {
			c.diags.Errorf(c.spec.KeyPos("/"+group+"/"+RunName), "load",
				"%s.%s is reserved in a pipeline with transforms: their conditions and templates read the run under that name", group, RunName)
		}
	}
	whenEnv := conditions.NewEnv(types)
	for i, ts := range c.spec.Transforms {
		ptr := "/transforms/" + strconv.Itoa(i)
		tp := &transformPlan{id: ts.ID, ptr: ptr, spec: ts, by: c.spec.RegisteredBy("/transforms", i)}
		c.plan.transforms = append(c.plan.transforms, tp)
		if ts.Disabled {
			continue
		}
		var actions []string
		for _, a := range []struct {
			name string
			set  bool
		}{{ActionReplace, ts.Replace != nil}, {ActionPrepend, ts.Prepend != nil}, {ActionAppend, ts.Append != nil}, {ActionExec, ts.Exec != nil}} {
			if a.set {
				actions = append(actions, a.name)
			}
		}
		switch {
		case len(actions) > 1:
			c.diags.Errorf(c.spec.Pos(ptr), "transform", "transform %s has %s: give one of replace, prepend, append and exec", ts.ID, joinAnd(actions))
			continue
		case len(actions) == 1 && actions[0] == ActionExec && ts.Message != nil:
			c.diags.Errorf(c.spec.Pos(ptr+"/message"), "transform", "transform %s has exec and message: an exec transform's program replies with its own message", ts.ID)
			continue
		case len(actions) == 1:
			tp.action = actions[0]
		case ts.Message != nil:
			tp.action = ActionMessage
		default:
			d := diag.Diagnostic{Severity: diag.Error, Code: "transform", Pos: c.spec.Pos(ptr),
				Message: fmt.Sprintf("transform %s does nothing", ts.ID), Hint: "give replace, prepend, append, message or exec (or disabled: true)"}
			c.diags = append(c.diags, d)
			continue
		}
		uses := map[string]bool{}
		if ts.When != "" {
			e, ds := whenEnv.Compile(ts.When, conditions.Bool, c.spec.Pos(ptr+"/when"))
			c.diags = append(c.diags, ds...)
			tp.when = e
			if e != nil {
				for _, d := range e.Deps() {
					uses[d] = true
				}
			}
		}
		for _, t := range []struct {
			key  string
			text *string
			into **sections.Template
		}{{ActionReplace, ts.Replace, &tp.tmpl}, {ActionPrepend, ts.Prepend, &tp.tmpl}, {ActionAppend, ts.Append, &tp.tmpl}, {ActionMessage, ts.Message, &tp.msg}} {
			if t.text == nil {
				continue
			}
			tmpl := c.transformTemplate(ptr+"/"+t.key, ts.ID, *t.text, types)
			if tmpl == nil {
				continue
			}
			*t.into = tmpl
			for _, f := range tmpl.Fields() {
				if _, known := types[f]; known {
					uses[f] = true
				}
			}
		}
		if ts.Exec != nil {
			tp.exec = c.compileExec(ptr+"/exec", ts)
		}
		delete(uses, RunName)
		tp.uses = sortedKeys(uses)
	}
}

// transformTemplate parses and checks one template of a transform.
func (c *compiler) transformTemplate(ptr, id, text string, types conditions.Types) *sections.Template {
	t, err := sections.Parse("transform "+id, text, c.funcs())
	if err != nil {
		c.templateError(ptr, err)
		return nil
	}
	c.checkRootFields(ptr, t, types)
	for _, e := range t.CheckFields(types, diag.DidYouMean) {
		pos, msg := c.templateAt(ptr, e.Line, e.Column, e.Error())
		d := diag.Diagnostic{Severity: diag.Error, Code: "template", Pos: pos, Message: msg}
		if e.Suggestion != "" {
			d.Hint = fmt.Sprintf("did you mean %q?", e.Suggestion)
		}
		c.diags = append(c.diags, d)
	}
	return t
}

// compileExec checks an exec transform's settings.
func (c *compiler) compileExec(ptr string, ts spec.TransformSpec) *execPlan {
	ex := &execPlan{argv: ts.Exec.Command, timeout: DefaultExecTimeout, maxOutput: DefaultExecMaxOutput}
	if len(ex.argv) == 0 || ex.argv[0] == "" {
		c.diags.Errorf(c.spec.Pos(ptr+"/command"), "transform", "transform %s: exec needs a command (the program and its arguments)", ts.ID)
	}
	if ts.Exec.Timeout != "" {
		d, err := time.ParseDuration(ts.Exec.Timeout)
		switch {
		case err != nil:
			c.diags.Errorf(c.spec.Pos(ptr+"/timeout"), "transform", "transform %s: timeout %q is not a duration such as 5s or 1m30s", ts.ID, ts.Exec.Timeout)
		case d <= 0 || d > MaxExecTimeout:
			c.diags.Errorf(c.spec.Pos(ptr+"/timeout"), "transform", "transform %s: timeout %s is outside (0, %s]", ts.ID, d, MaxExecTimeout)
		default:
			ex.timeout = d
		}
	}
	if ts.Exec.MaxOutput != 0 {
		ex.maxOutput = ts.Exec.MaxOutput
	}
	return ex
}

// reservedRequestFields are the request fields the engine sets itself.
var reservedRequestFields = []string{"transform", "line", "prompt", "systemPrompt"}

// compileExecRequest compiles the exec_request expressions.
func (c *compiler) compileExecRequest() {
	env := conditions.NewEnv(c.types)
	for _, name := range sortedKeys(c.spec.ExecRequest) {
		ptr := "/exec_request/" + name
		if slices.Contains(reservedRequestFields, name) {
			c.diags.Errorf(c.spec.KeyPos(ptr), "exec_request", "exec_request may not set %q: the engine sets %s itself", name, joinAnd(reservedRequestFields))
			continue
		}
		e, ds := env.Compile(c.spec.ExecRequest[name], conditions.Any, c.spec.Pos(ptr))
		c.diags = append(c.diags, ds...)
		if e != nil {
			c.plan.execRequest = append(c.plan.execRequest, requestField{name: name, expr: e})
		}
	}
}

// joinAnd joins words as "a, b and c".
func joinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	out := words[0]
	for _, w := range words[1 : len(words)-1] {
		out += ", " + w
	}
	return out + " and " + words[len(words)-1]
}
