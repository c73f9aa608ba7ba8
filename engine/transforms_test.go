package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/sources"
)

// trPipeline is a pipeline whose base prompt is "BASE" and whose param
// who the transforms may read.
const trPipeline = `promptc: 1
name: tr
params:
  who: {type: string, default: you}
sections:
  body: {template: BASE}
`

// fakeExec answers exec transforms by program name, recording requests.
type fakeExec struct {
	replies  map[string]string
	requests []map[string]any
}

func (f *fakeExec) Exec(ctx context.Context, argv []string, stdin []byte, max int64) ([]byte, error) {
	var req map[string]any
	if err := json.Unmarshal(stdin, &req); err != nil {
		return nil, err
	}
	f.requests = append(f.requests, req)
	switch r := f.replies[argv[0]]; r {
	case "SLEEP":
		<-ctx.Done()
		return nil, ctx.Err()
	case "FAIL":
		return nil, errors.New("exit status 1: it broke")
	default:
		return []byte(r), nil
	}
}

// runTurns compiles trPipeline with transforms and runs the turns.
func runTurns(t *testing.T, transforms string, in Input) (*Result, string) {
	t.Helper()
	ctx := context.Background()
	layers := []spec.Layer{{Name: "p.yaml", Data: []byte(trPipeline + transforms)}}
	ps, ds, err := spec.Load(ctx, spec.LoadSettings{Layers: layers})
	if err != nil {
		t.Fatal(err)
	}
	if ds.HasErrors() {
		return nil, ds.Error()
	}
	reg, _ := NewRegistry(newEchoKind(map[string]int{}))
	plan, ds := Compile(ps, reg)
	if plan == nil {
		return nil, ds.Error()
	}
	res, err := plan.Run(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	return res, ""
}

// summary renders each run: its prompt, outcomes and messages.
func summary(res *Result) string {
	var runs []string
	for _, r := range res.Runs {
		var outs, msgs []string
		for _, tr := range r.Transforms {
			outs = append(outs, tr.ID+":"+tr.Outcome)
		}
		for _, m := range r.Messages {
			msgs = append(msgs, m.Transform+"="+m.Content)
		}
		runs = append(runs, fmt.Sprintf("%q [%s] {%s} by %s", r.Prompt, strings.Join(outs, " "), strings.Join(msgs, " "), strings.Join(r.ChangedBy, ",")))
	}
	return strings.Join(runs, "\n")
}

func TestTransformChain(t *testing.T) {
	tests := []struct {
		name, transforms string
		turns            []string
		want             string
	}{
		{
			name:       "order and chaining: each sees the prompt the one before left",
			transforms: "transforms:\n  - {id: a, append: ' A'}\n  - {id: b, prepend: '[{{ .run.Prompt }}] '}\n  - {id: c, replace: '{{ .run.Prompt }}/{{ .run.Base }}/{{ .who }}'}\n",
			turns:      []string{"x"},
			want:       `"[BASE A] BASE A/BASE/you" [a:changed b:changed c:changed] {} by a,b,c`,
		},
		{
			name:       "conditions read the input after expansion and the prompt so far",
			transforms: "transforms:\n  - {id: a, when: 'run.Input == \"X!\"', append: ' yes'}\n  - {id: b, when: 'run.Prompt endsWith \"yes\"', append: ' and'}\n  - {id: c, when: 'run.Line == \"nope\"', append: ' never'}\n",
			turns:      []string{"x"},
			want:       `"BASE yes and" [a:changed b:changed c:skipped] {} by a,b`,
		},
		{
			name:       "messages are collected in order; a message alone keeps the base prompt",
			transforms: "transforms:\n  - {id: m1, message: 'one {{ .run.Line }}'}\n  - {id: m2, append: '', message: two}\n  - {id: m3, message: '{{ if false }}x{{ end }}'}\n",
			turns:      []string{"x"},
			want:       `"BASE" [m1:unchanged m2:unchanged m3:unchanged] {m1=one x m2=two} by `,
		},
		{
			name:       "a failure in the middle keeps the prompt and messages as they were, and the chain goes on",
			transforms: "transforms:\n  - {id: a, append: ' A'}\n  - {id: bad, append: ' B{{ fail \"no\" }}', message: lost}\n  - {id: c, append: ' C'}\n",
			turns:      []string{"x"},
			want:       `"BASE A C" [a:changed bad:failed c:changed] {} by a,c`,
		},
		{
			name:       `"" is a replacement`,
			transforms: "transforms:\n  - {id: a, replace: ''}\n  - {id: b, when: 'run.Prompt == \"\"', message: empty}\n",
			turns:      []string{"x"},
			want:       `"" [a:changed b:unchanged] {b=empty} by a`,
		},
		{
			name:       "a run's prompt lasts one run: the next starts from the base",
			transforms: "transforms:\n  - {id: a, when: 'run.Line == \"one\"', append: ' once'}\n",
			turns:      []string{"one", "two", "one"},
			want:       "\"BASE once\" [a:changed] {} by a\n\"BASE\" [a:skipped] {} by \n\"BASE once\" [a:changed] {} by a",
		},
		{
			name:       "a disabled transform does nothing",
			transforms: "transforms:\n  - {id: a, disabled: true}\n  - {id: b, disabled: true, append: x}\n",
			turns:      []string{"x"},
			want:       `"BASE" [a:disabled b:disabled] {} by `,
		},
	}
	expand := func(_ context.Context, _ sources.FS, line string, _ sources.SkillLister, _ sources.TemplateLister) (string, diag.List, error) {
		return strings.ToUpper(line) + "!", nil, nil
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, diags := runTurns(t, tc.transforms, Input{Turns: tc.turns, Expand: expand})
			if diags != "" {
				t.Fatal(diags)
			}
			if got := summary(res); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if res.Text != "BASE" {
				t.Errorf("base prompt %q", res.Text)
			}
		})
	}
}

func TestTransformFailureDiagnostics(t *testing.T) {
	ex := &fakeExec{replies: map[string]string{"ok": `{"systemPrompt": "NEW", "message": {"content": [{"type": "text", "text": "hi"}], "customType": "c"}}`, "slow": "SLEEP", "bad": "FAIL", "junk": "{nope"}}
	transforms := "transforms:\n" +
		"  - {id: ok, exec: {command: [ok]}}\n" +
		"  - {id: slow, exec: {command: [slow], timeout: 10ms}}\n" +
		"  - {id: bad, exec: {command: [bad]}}\n" +
		"  - {id: junk, exec: {command: [junk]}}\n"
	res, diags := runTurns(t, transforms, Input{Turns: []string{"go"}, Exec: ex})
	if diags != "" {
		t.Fatal(diags)
	}
	if got, want := summary(res), `"NEW" [ok:changed slow:failed bad:failed junk:failed] {ok=hi} by ok`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	want := strings.Join([]string{
		"p.yaml:9:5: transform slow: exec slow: timed out after 10ms; the run goes on with the prompt as it was",
		"p.yaml:10:5: transform bad: exec bad: exit status 1: it broke; the run goes on with the prompt as it was",
		"p.yaml:11:5: transform junk: exec junk: the reply is not JSON: invalid character 'n' looking for beginning of object key string (at byte 2); the run goes on with the prompt as it was",
	}, "\n")
	if got := res.Runs[0].Diagnostics.Error(); got != want {
		t.Errorf("diagnostics\n got %s\nwant %s", got, want)
	}
	req := ex.requests[1]
	if req["transform"] != "slow" || req["line"] != "go" || req["prompt"] != "go" || req["systemPrompt"] != "NEW" {
		t.Errorf("request = %v", req)
	}
	if m := res.Runs[0].Messages[0]; m.CustomType != "c" || m.Role != "user" {
		t.Errorf("message = %+v", m)
	}
}

func TestExecRefused(t *testing.T) {
	ctx := context.Background()
	ps, ds, err := spec.Load(ctx, spec.LoadSettings{Layers: []spec.Layer{
		{Name: "p.yaml", Data: []byte(trPipeline + "transforms: [{id: mine, exec: {command: [ok]}}]\n")},
		{Name: ".promptc.yaml", Role: spec.RoleProject, Data: []byte("transforms: [{id: repo, exec: {command: [ok]}}]\n")},
	}})
	if err != nil || ds.HasErrors() {
		t.Fatalf("%v %v", err, ds)
	}
	reg, _ := NewRegistry()
	plan, ds := Compile(ps, reg)
	if plan == nil {
		t.Fatal(ds)
	}
	ex := &fakeExec{replies: map[string]string{"ok": `{"systemPrompt": "{{x}}"}`}}
	for _, tc := range []struct {
		in   Input
		want string
	}{
		{Input{Turns: []string{"x"}, Exec: ex}, `"{{x}}" [repo:refused mine:changed] {} by mine`},
		{Input{Turns: []string{"x"}, Exec: ex, ProjectTrusted: true}, `"{{x}}" [repo:changed mine:unchanged] {} by repo`},
		{Input{Turns: []string{"x"}}, `"BASE" [repo:refused mine:refused] {} by `},
	} {
		res, err := plan.Run(ctx, tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := summary(res); got != tc.want {
			t.Errorf("trusted=%v exec=%v: got %s, want %s", tc.in.ProjectTrusted, tc.in.Exec != nil, got, tc.want)
		}
	}
}

func TestTransformCompileErrors(t *testing.T) {
	tests := []struct{ name, transforms, want string }{
		{"two actions", "transforms: [{id: a, append: x, replace: y}]\n", "p.yaml:7:14: transform a has replace and append: give one of replace, prepend, append and exec"},
		{"exec with message", "transforms: [{id: a, exec: {command: [x]}, message: m}]\n", "p.yaml:7:53: transform a has exec and message: an exec transform's program replies with its own message"},
		{"nothing to do", "transforms: [{id: a, when: 'true'}]\n", "p.yaml:7:14: transform a does nothing (give replace, prepend, append, message or exec (or disabled: true))"},
		{"unknown name in the condition", "transforms: [{id: a, when: run.Inptu == \"x\", append: y}]\n", "p.yaml:7:32: type engine.RunView has no field Inptu"},
		{"unknown field in a template", "transforms: [{id: a, append: '{{ .run.Promt }}'}]\n", "p.yaml:7:30: the template reads .run.Promt, but engine.RunView has no field or method Promt (did you mean \"Prompt\"?)"},
		{"bad timeout", "transforms: [{id: a, exec: {command: [x], timeout: 11m}}]\n", "p.yaml:7:52: transform a: timeout 11m0s is outside (0, 10m0s]"},
		{"timeout not a duration", "transforms: [{id: a, exec: {command: [x], timeout: soon}}]\n", "p.yaml:7:52: transform a: timeout \"soon\" is not a duration such as 5s or 1m30s"},
		{"reserved request field", "exec_request: {prompt: '1'}\ntransforms: [{id: a, append: x}]\n", "p.yaml:7:16: exec_request may not set \"prompt\": the engine sets transform, line, prompt and systemPrompt itself"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, got := runTurns(t, tc.transforms, Input{})
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
