package promptfile_test

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources/kinds/promptfile"
)

// TestOracle checks SYSTEM.md / APPEND_SYSTEM.md and the prompt flags
// against every recorded pi case: the reported sources, whether a custom
// prompt was used, that the text is where pi put it, and the SYS-11
// warnings. The trust decision is taken from the case (package trust
// decides it).
func TestOracle(t *testing.T) {
	fsys := oracletest.DirFS()
	for _, c := range oracletest.Cases(t) {
		t.Run(c.Name, func(t *testing.T) {
			if c.NeedsUnprivileged() && os.Geteuid() == 0 {
				t.Skip("chmod-000 fixtures are readable by root")
			}
			sb := c.Setup(t)
			prompt := sb.MapText(c.Expected.Prompt)
			candidates := func(name string) []string {
				var out []string
				if c.Expected.ProjectTrusted {
					out = append(out, sb.Cwd+"/.pi/"+name)
				}
				return append(out, sb.AgentDir+"/"+name)
			}
			sys := promptfile.Options{Cwd: sb.Cwd, Candidates: candidates("SYSTEM.md"), Label: "system prompt"}
			if v := c.Spec.SystemPrompt; v != nil {
				sys.Given, sys.Values = true, []string{strings.ReplaceAll(*v, "${ROOT}", sb.Root)}
			}
			app := promptfile.Options{Cwd: sb.Cwd, Candidates: candidates("APPEND_SYSTEM.md"), Label: "append system prompt", Join: "\n\n"}
			if vs, given := c.AppendValues(t); given {
				app.Given = true
				for _, v := range vs {
					app.Values = append(app.Values, strings.ReplaceAll(v, "${ROOT}", sb.Root))
				}
			}
			sr, err := promptfile.Load(context.Background(), fsys, sys)
			if err != nil {
				t.Fatal(err)
			}
			ar, err := promptfile.Load(context.Background(), fsys, app)
			if err != nil {
				t.Fatal(err)
			}

			wantSys := []string{}
			if c.Expected.SystemPromptSource != nil {
				wantSys = append(wantSys, sb.Map(*c.Expected.SystemPromptSource))
			}
			if got := files(sr.Sources); !reflect.DeepEqual(got, wantSys) {
				t.Errorf("system sources: got %q, want %q", got, wantSys)
			}
			if got, want := sr.Text != "", c.Expected.CustomPromptUsed; got != want {
				t.Errorf("custom prompt used = %v, want %v (text %q)", got, want, sr.Text)
			}
			if sr.Text != "" && !strings.HasPrefix(prompt, sr.Text) {
				t.Errorf("pi's prompt does not start with the system text %q", sr.Text)
			}
			if got, want := files(ar.Sources), sb.MapAll(c.Expected.AppendSystemPromptSources); !reflect.DeepEqual(got, want) {
				t.Errorf("append sources: got %q, want %q", got, want)
			}
			if ar.Text != "" && !strings.Contains(prompt, ar.Text) {
				t.Errorf("append text %q is not in pi's prompt", ar.Text)
			}

			got := []string{}
			for _, d := range append(sr.Diags, ar.Diags...) {
				got = append(got, d.Message)
			}
			want := []string{}
			for _, line := range c.Expected.Stderr {
				if strings.Contains(line, "system prompt file ") {
					want = append(want, sb.MapText(line))
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("warnings:\n got %q\nwant %q", got, want)
			}
		})
	}
}

// files drops the literal-text markers: pi reports only file sources.
func files(sources []string) []string {
	out := []string{}
	for _, s := range sources {
		if s != promptfile.FlagText {
			out = append(out, s)
		}
	}
	return out
}
