package contextfiles_test

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/kinds/contextfiles"
)

// TestOracle checks Load against every recorded pi case: the list of
// context files, their contents (as they appear in pi's prompt) and the
// CTX-9 warnings pi printed.
func TestOracle(t *testing.T) {
	fsys := os.DirFS("/").(sources.FS)
	for _, c := range oracletest.Cases(t) {
		t.Run(c.Name, func(t *testing.T) {
			if c.Spec.NoContextFiles {
				t.Skip("--no-context-files is decided by the pipeline (CTX-12)")
			}
			if c.NeedsUnprivileged() && os.Geteuid() == 0 {
				t.Skip("chmod-000 fixtures are readable by root")
			}
			sb := c.Setup(t)
			res, err := contextfiles.Load(context.Background(), fsys, contextfiles.Defaults(sb.Cwd, sb.AgentDir))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range res.Files {
				got = append(got, f.Path)
				if !strings.Contains(sb.MapText(c.Expected.Prompt), f.Content) {
					t.Errorf("content of %s is not in pi's prompt", f.Path)
				}
			}
			if want := sb.MapAll(c.Expected.ContextFiles); !reflect.DeepEqual(orEmpty(got), want) {
				t.Errorf("files:\n got %q\nwant %q", got, want)
			}
			var warnings, wantWarnings []string
			for _, d := range res.Diags {
				warnings = append(warnings, d.Message)
			}
			for _, line := range c.Expected.Stderr {
				if strings.HasPrefix(line, "Warning: Could not read ") && !strings.Contains(line, "system prompt file ") {
					wantWarnings = append(wantWarnings, sb.MapText(line))
				}
			}
			if !reflect.DeepEqual(orEmpty(warnings), orEmpty(wantWarnings)) {
				t.Errorf("warnings:\n got %q\nwant %q", warnings, wantWarnings)
			}
			if len(res.Origins) != len(res.Files) {
				t.Errorf("%d origins for %d files", len(res.Origins), len(res.Files))
			}
		})
	}
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
