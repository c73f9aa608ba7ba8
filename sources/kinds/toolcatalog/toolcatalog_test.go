package toolcatalog

import (
	"context"
	"strings"
	"testing"

	"github.com/promptc/promptc/sources"
)

func piCatalog() Options {
	return Options{
		Tools: []ToolDef{
			{Name: "read", Default: true, Snippet: "Read file contents", Guidelines: []string{"Use read."}},
			{Name: "bash", Default: true, Snippet: "Run bash", Guidelines: []string{"Inspect env."}},
			{Name: "edit", Default: true, Snippet: "Edit\r\n  files\t now ", Guidelines: []string{" Be exact ", "", "Be exact", "Be concise in your responses"}},
			{Name: "write", Default: true, Snippet: "Write files"},
			{Name: "grep", Snippet: "Search"},
			{Name: "quiet", Snippet: " \n\t\u00a0", Guidelines: []string{"Quiet guideline."}},
		},
		Leading:  []Guideline{{Text: "Use bash for file operations like ls, rg, find", Requires: []string{"bash"}, UnlessAny: []string{"grep", "find", "ls"}}},
		Trailing: []string{"Be concise in your responses", "Show file paths clearly when working with files"},
	}
}

func TestSelectTools(t *testing.T) {
	tests := []struct {
		name       string
		edit       func(o *Options)
		active     string
		listed     string
		guidelines string
	}{
		{"defaults (TOOL-2, GUIDE-1, GUIDE-3, GUIDE-4)", nil, "read,bash,edit,write", "read: Read file contents|bash: Run bash|edit: Edit files now|write: Write files",
			"Use bash for file operations like ls, rg, find|Use read.|Inspect env.|Be exact|Be concise in your responses|Show file paths clearly when working with files"},
		{"allowlist order, unknown dropped, repeat once (X-2)", func(o *Options) { o.Allow = []string{"grep", "nope", "bash", "grep"} },
			"grep,bash", "grep: Search|bash: Run bash", "Inspect env.|Be concise in your responses|Show file paths clearly when working with files"},
		{"empty allowlist (TOOL-3)", func(o *Options) { o.Allow = []string{} }, "", "", "Be concise in your responses|Show file paths clearly when working with files"},
		{"disable all without allowlist (TOOL-8)", func(o *Options) { o.Disable = "all" }, "", "", "Be concise in your responses|Show file paths clearly when working with files"},
		{"allowlist wins over disable (X-1)", func(o *Options) { o.Disable = "all"; o.Allow = []string{"write"} }, "write", "write: Write files",
			"Be concise in your responses|Show file paths clearly when working with files"},
		{"exclude from defaults and allowlist (TOOL-4)", func(o *Options) { o.Exclude = []string{"read", "edit"}; o.Allow = []string{"read", "bash"} }, "bash", "bash: Run bash",
			"Use bash for file operations like ls, rg, find|Inspect env.|Be concise in your responses|Show file paths clearly when working with files"},
		{"snippet that normalizes to empty is active but unlisted (TOOL-1, TOOL-6, GUIDE-5)", func(o *Options) { o.Allow = []string{"quiet"} }, "quiet", "",
			"Quiet guideline.|Be concise in your responses|Show file paths clearly when working with files"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := piCatalog()
			if tc.edit != nil {
				tc.edit(&o)
			}
			out, err := New().Resolve(context.Background(), sources.Env{}, &o)
			if err != nil {
				t.Fatal(err)
			}
			set := out.Value.(ToolSet)
			var listed []string
			for _, l := range set.Listed {
				listed = append(listed, l.Name+": "+l.Snippet)
			}
			if got := strings.Join(set.Names, ","); got != tc.active {
				t.Errorf("active = %q, want %q", got, tc.active)
			}
			if got := strings.Join(listed, "|"); got != tc.listed {
				t.Errorf("listed = %q, want %q", got, tc.listed)
			}
			if got := strings.Join(set.Guidelines, "|"); got != tc.guidelines {
				t.Errorf("guidelines = %q, want %q", got, tc.guidelines)
			}
		})
	}
}

func TestToolExclusions(t *testing.T) {
	tests := []struct {
		name string
		edit func(o *Options)
		want string
	}{
		{"defaults", nil, "tool:grep not a default tool|tool:quiet not a default tool"},
		{"allowlist and unknown names", func(o *Options) { o.Allow = []string{"grep", "nope", "read"}; o.Exclude = []string{"read"} },
			"tool:read in the exclude list|tool:bash not in the allowlist|tool:edit not in the allowlist|tool:write not in the allowlist|tool:quiet not in the allowlist|tool:nope unknown tool"},
		{"disabled", func(o *Options) { o.Disable = "builtin" },
			"tool:read tools disabled (builtin)|tool:bash tools disabled (builtin)|tool:edit tools disabled (builtin)|tool:write tools disabled (builtin)|tool:grep tools disabled (builtin)|tool:quiet tools disabled (builtin)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := piCatalog()
			if tc.edit != nil {
				tc.edit(&o)
			}
			out, err := New().Resolve(context.Background(), sources.Env{}, &o)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range out.Excluded {
				s := e.Path + " " + e.Reason
				if e.Detail != "" {
					s += " (" + e.Detail + ")"
				}
				got = append(got, s)
			}
			if g := strings.Join(got, "|"); g != tc.want {
				t.Errorf("excluded = %q, want %q", g, tc.want)
			}
			if g := strings.Join(out.Value.(ToolSet).Catalog, ","); g != "read,bash,edit,write,grep,quiet" {
				t.Errorf("catalog = %q", g)
			}
		})
	}
}
