package piresources_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/sources/kinds/internal/piresources"
)

func TestTemplates(t *testing.T) {
	long := "   " + strings.Repeat("x", 70)
	tests := []struct {
		name       string
		files      map[string]string
		untrusted  bool
		noDiscover bool
		paths      []string
		// want lists "name|description|argumentHint|path"
		want         []string
		wantDiags    []string
		wantExcluded map[string]string
	}{{
		name: "TPL-D1..D5 order, flat auto dirs, first name wins",
		files: map[string]string{
			"h/p/.pi/prompts/dup.md":         "Project dup $@\n",
			"h/.pi/agent/prompts/dup.md":     "User dup\n",
			"h/.pi/agent/prompts/a.b.md":     "---\ndescription: Dotted\nargument-hint: <x>\n---\nBody\n",
			"h/.pi/agent/prompts/first.md":   "\n  \n" + long + "\nsecond\n",
			"h/.pi/agent/prompts/bad.md":     "---\ndescription: a: b\n---\n",
			"h/.pi/agent/prompts/.hid.md":    "hidden\n",
			"h/.pi/agent/prompts/sub/n.md":   "nested\n",
			"h/.pi/agent/prompts/t.txt":      "text\n",
			"h/.pi/agent/prompts/.ignore":    "ign*\n",
			"h/.pi/agent/prompts/ignored.md": "ignored\n",
			"h/.pi/agent/prompts/num.md":     "---\ndescription: 42\nargument-hint: [a, b]\n---\nN\n",
		},
		want: []string{
			"dup|Project dup $@||h/p/.pi/prompts/dup.md",
			"a.b|Dotted|<x>|h/.pi/agent/prompts/a.b.md",
			"first|" + long[:60] + "...||h/.pi/agent/prompts/first.md",
			"num|42|a,b|h/.pi/agent/prompts/num.md",
		},
		wantDiags: []string{`h/.pi/agent/prompts/dup.md: name "/dup" collision`},
		wantExcluded: map[string]string{
			"h/.pi/agent/prompts/bad.md":     piresources.ReasonInvalid,
			"h/.pi/agent/prompts/.hid.md":    piresources.ReasonHidden,
			"h/.pi/agent/prompts/sub":        piresources.ReasonNotResource,
			"h/.pi/agent/prompts/ignored.md": piresources.ReasonIgnored,
			"h/.pi/agent/prompts/dup.md":     piresources.ReasonCollision,
		},
	}, {
		name:      "TRUST-2 X-17 legacy commands dir, untrusted project",
		untrusted: true,
		files: map[string]string{
			"h/p/.pi/prompts/proj.md":     "Project\n",
			"h/.pi/agent/commands/old.md": "Legacy dir\n",
		},
		want:         []string{"old|Legacy dir||h/.pi/agent/commands/old.md"},
		wantExcluded: map[string]string{"h/p/.pi/prompts": piresources.ReasonUntrusted},
	}, {
		name: "X-13 settings and package prompt dirs are recursive",
		files: map[string]string{
			"h/.pi/agent/settings.json": `{"prompts": ["../../../lib"], "packages": ["../../../pkg"]}`,
			"lib/a/deep.md":             "Deep settings\n",
			"lib/.x/hidden.md":          "Hidden\n",
			"pkg/prompts/b/deeper.md":   "Deep package\n",
		},
		want: []string{
			"deep|Deep settings||lib/a/deep.md",
			"deeper|Deep package||pkg/prompts/b/deeper.md",
		},
	}, {
		name:       "CLI template paths: flat dirs without the dot rule, missing skipped silently",
		noDiscover: true,
		files: map[string]string{
			"h/.pi/agent/prompts/auto.md": "Not loaded\n",
			"h/p/cli/.dot.md":             "Dot file\n",
			"h/p/cli/sub/n.md":            "Not recursed\n",
			"h/p/one.md":                  "One\n",
			"h/p/one.txt":                 "Not markdown\n",
		},
		paths: []string{"cli", "one.md ", "missing", "one.txt"},
		want: []string{
			".dot|Dot file||h/p/cli/.dot.md",
			"one|One||h/p/one.md",
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, fsys := mkTree(t, tt.files)
			res, err := piresources.LoadTemplates(context.Background(), fsys, piresources.TemplateOptions{
				Cwd: root + "/h/p", Home: root + "/h", AgentDir: root + "/h/.pi/agent",
				Trusted: !tt.untrusted, Discover: !tt.noDiscover, Paths: tt.paths,
			})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range res.Templates {
				got = append(got, strings.Join([]string{p.Name, p.Description, p.ArgumentHint, rel(root, p.FilePath)}, "|"))
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("templates:\n got %q\nwant %q", got, tt.want)
			}
			if d := diagLines(root, res.Diags); !reflect.DeepEqual(d, tt.wantDiags) {
				t.Errorf("diags:\n got %q\nwant %q", d, tt.wantDiags)
			}
			ex := exclusions(root, res.Excluded)
			for p, reason := range tt.wantExcluded {
				if ex[p] != reason {
					t.Errorf("excluded[%s] = %q, want %q (all: %q)", p, ex[p], reason, ex)
				}
			}
		})
	}
}

func TestTemplateContent(t *testing.T) {
	root, fsys := mkTree(t, map[string]string{
		"h/.pi/agent/prompts/fm.md":    "---\r\ndescription: D\r\n---\r\n\r\nLine1 $1\r\n\r\n",
		"h/.pi/agent/prompts/plain.md": "\r\nPlain $1\r\n",
	})
	res, err := piresources.LoadTemplates(context.Background(), fsys, piresources.TemplateOptions{
		Cwd: root + "/h", Home: root + "/h", AgentDir: root + "/h/.pi/agent", Discover: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range res.Templates {
		got[p.Name] = p.Content
	}
	// TPL-E2: trimmed with frontmatter, only LF-normalized without.
	want := map[string]string{"fm": "Line1 $1", "plain": "\nPlain $1\n"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("contents = %q, want %q", got, want)
	}
	if len(res.Origins) != 2 || res.Origins[0].Role != "prompt-template" {
		t.Errorf("origins = %+v", res.Origins)
	}
}
