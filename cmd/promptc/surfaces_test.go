package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/host/args"
	"github.com/promptc/promptc/serve"
)

// TestSurfacesAgree: the same request builds the same prompt through
// package host, through promptc serve (serve.Service) and through the
// command line, for pi, CowAgent and guarded, with a system layer (parts
// for each pipeline under for:), a user layer and a project layer that
// the pipeline's trust decision admits (--approve; CowAgent decides no
// project trust, so there it is reported and not applied).
func TestSurfacesAgree(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) { writeUnder(t, root, name, text) }
	write("etc/promptc/config.yaml", `for:
  pi:
    sections: {company: {after: [cwd], template: "Company rules for pi."}}
  guarded:
    sections: {company: {template: "Company rules for guarded."}}
  cowagent:
    sections: {company: {template: "Company rules for CowAgent."}}
`)
	write("home/.config/promptc/config.yaml", "sections:\n  user_note: {template: \"A user note.\"}\n")
	write("proj/.git/HEAD", "ref: refs/heads/main\n")
	write("proj/.promptc.yaml", "sections:\n  team: {template: \"Team rules.\"}\n")
	write("proj/AGENTS.md", "Use tabs.\n")
	proj := filepath.Join(root, "proj")
	e := host.Static{Dir: proj, Date: "2026-01-01", Vars: map[string]string{
		"HOME":                filepath.Join(root, "home"),
		host.EnvSystemConfig:  filepath.Join(root, "etc", "promptc", "config.yaml"),
		"SOURCE_DATE_EPOCH":   "1767225600",
		"PI_CODING_AGENT_DIR": filepath.Join(root, "home", ".pi", "agent"),
	}}
	roots, err := serve.NewRoots([]string{root}, nil)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := serve.NewService(e, roots, 8, false)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, tc := range []struct {
		name, pipeline string
		argv           []string
		want, notWant  []string
	}{
		{"pi", "", []string{"--cwd", proj, "--approve"}, []string{"Company rules for pi.", "A user note.", "Team rules.", "Use tabs."}, []string{"guarded.", "CowAgent."}},
		{"cowagent", "cowagent", []string{"--cwd", proj}, []string{"Company rules for CowAgent.", "A user note."}, []string{"Team rules.", "for pi."}},
		{"guarded", "guarded", []string{"--cwd", proj, "--approve"}, []string{"Company rules for guarded.", "A user note.", "Team rules."}, []string{"for pi."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := &host.Host{Env: e}
			r, err := args.Read(ctx, h, host.Request{Pipeline: tc.pipeline}, tc.argv, nil)
			if err != nil {
				t.Fatal(err)
			}
			s, err := h.Open(ctx, r.Request)
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Build(ctx)
			if err != nil {
				t.Fatal(err)
			}
			viaHost := res.Text

			reply, serr := svc.Handle(ctx, serve.Request{Command: serve.CommandBuild, Pipeline: tc.pipeline, Args: tc.argv})
			if serr != nil {
				t.Fatal(serr)
			}
			var built struct {
				Prompt string `json:"prompt"`
			}
			if err := json.Unmarshal(reply.(serve.Encoded), &built); err != nil {
				t.Fatal(err)
			}

			cli := []string{"build"}
			if tc.pipeline != "" {
				cli = append(cli, "--pipeline", tc.pipeline)
			}
			var stdout, stderr bytes.Buffer
			if code := run(ctx, append(cli, tc.argv...), &stdout, &stderr, e); code != exitOK {
				t.Fatalf("promptc %s: exit %d\n%s", strings.Join(cli, " "), code, stderr.String())
			}

			if built.Prompt != viaHost {
				t.Errorf("serve built another prompt than host:\n%s\n--- host\n%s", built.Prompt, viaHost)
			}
			if stdout.String() != viaHost {
				t.Errorf("the CLI built another prompt than host:\n%s\n--- host\n%s", stdout.String(), viaHost)
			}
			for _, w := range tc.want {
				if !strings.Contains(viaHost, w) {
					t.Errorf("the prompt lacks %q:\n%s", w, viaHost)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(viaHost, w) {
					t.Errorf("the prompt has %q:\n%s", w, viaHost)
				}
			}
		})
	}
}
