package pipelines_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/pipelines"
	"github.com/promptc/promptc/sources/osfs"
)

// The unversioned names stand for the newest verified version; a
// versioned name stands for itself; guarded has no version.
func TestVersioned(t *testing.T) {
	for name, want := range map[string]string{
		"default": "pi@1.6.0", "pi": "pi@1.6.0", "pi@0.83.0": "pi@0.83.0", "pi@1.6.0": "pi@1.6.0",
		"cowagent": "cowagent@head", "cowagent@i18n": "cowagent@i18n",
		"codex": "codex@0.171.0", "claude-code": "claude-code@2.1.332",
		"gemini-cli": "gemini-cli@0.61.0", "opencode": "opencode@1.18.33",
		"guarded": "", "nope": "", "codex-system": "",
	} {
		if got := pipelines.Versioned(name); got != want {
			t.Errorf("Versioned(%q) = %q, want %q", name, got, want)
		}
	}
	if got, want := pipelines.Versions("pi"), []string{"pi@0.83.0", "pi@1.6.0"}; !slices.Equal(got, want) {
		t.Errorf("Versions(pi) = %q, want %q", got, want)
	}
	if got, want := pipelines.Versions("cowagent"), []string{"cowagent@i18n", "cowagent@head"}; !slices.Equal(got, want) {
		t.Errorf("Versions(cowagent) = %q, want %q", got, want)
	}
}

// Every unversioned agent pipeline is its newest version under another
// name: the same sections and sources, the same prompt.
func TestAliasIsNewestVersion(t *testing.T) {
	for _, name := range []string{"default", "pi", "cowagent", "codex", "claude-code", "gemini-cli", "opencode"} {
		alias, target := compileNamed(t, name), compileNamed(t, pipelines.Versioned(name))
		if a, b := sectionIDs(alias), sectionIDs(target); !slices.Equal(a, b) {
			t.Errorf("%s: sections %q, %s has %q", name, a, pipelines.Versioned(name), b)
		}
		if alias.Spec().Name != name {
			t.Errorf("%s: the pipeline calls itself %q", name, alias.Spec().Name)
		}
	}
}

func sectionIDs(p *engine.Plan) []string {
	var out []string
	for _, s := range p.Graph().Sections {
		out = append(out, s.ID)
	}
	return out
}

// teamLayer is a team's layer written against pi 0.83.0's pipeline: it
// adds a section between the tools and the guidelines, replaces the cwd
// line, drops the docs and changes a param's default.
const teamLayer = `
params:
  discover_skills: {default: false}
sections:
  security:
    after: [body_tools]
    before: [body_guidelines]
    template: Never print secrets or credentials.
  body_pi_docs:
    disabled: true
  cwd:
    template: "\n\nWorking in {{ .cwd }}"
`

// A team layer written for pi 0.83.0 builds unchanged on pi 1.6.0 (and on
// default, which follows the newest pi): no diagnostic, its section
// where it put it, the section it disabled gone, its template used.
func TestTeamLayerAcrossPiVersions(t *testing.T) {
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"pi@0.83.0", "pi@1.6.0", "default"} {
		layer := spec.Layer{Name: "team.yaml", Data: []byte(teamLayer)}
		plan, ds, err := pipelines.Compile(context.Background(), name, []spec.Layer{layer}, nil)
		if err != nil || len(ds) > 0 {
			t.Fatalf("%s: the team layer does not compile cleanly: %v %v", name, err, ds)
		}
		res, err := plan.Run(context.Background(), engine.Input{FS: osfs.Root(), Params: map[string]any{
			"cwd": proj, "home": filepath.Join(root, "home"), "agent_dir": filepath.Join(root, "home", ".pi", "agent"),
		}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var order []string
		for _, s := range res.Sections {
			if s.Active {
				order = append(order, s.ID)
			}
		}
		if want := []string{"body_identity", "body_tools", "security", "body_guidelines", "cwd"}; !slices.Equal(order, want) {
			t.Errorf("%s: active sections %q, want %q", name, order, want)
		}
		if !strings.Contains(res.Text, "Never print secrets or credentials.") || !strings.HasSuffix(res.Text, "Working in "+proj) {
			t.Errorf("%s: the team's text is missing:\n%s", name, res.Text)
		}
	}
}

func TestAliases(t *testing.T) {
	for name, want := range map[string][]string{
		"default":       {"default", "pi", "pi@1.6.0"},
		"pi@1.6.0":      {"pi@1.6.0", "default", "pi"},
		"pi@0.83.0":     {"pi@0.83.0", "default", "pi"},
		"cowagent@head": {"cowagent@head", "cowagent"},
		"cowagent@i18n": {"cowagent@i18n", "cowagent"},
		"codex":         {"codex", "codex@0.171.0"},
		"guarded":       {"guarded"},
	} {
		if got := pipelines.Aliases(name); !slices.Equal(got, want) {
			t.Errorf("Aliases(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestNearest(t *testing.T) {
	for v, want := range map[string]string{"0.83.0": "pi@0.83.0", "1.5.9": "pi@0.83.0", "1.6.0": "pi@1.6.0", "1.10.0": "pi@1.6.0", "0.1.0": "pi@0.83.0", "next": "pi@1.6.0"} {
		if got := pipelines.Nearest("pi", v); got != want {
			t.Errorf("Nearest(pi, %q) = %q, want %q", v, got, want)
		}
	}
	if got := pipelines.Nearest("guarded", "1.0.0"); got != "" {
		t.Errorf("Nearest(guarded) = %q", got)
	}
}
