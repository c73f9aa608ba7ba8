package casetest

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUpdateStopsWhenCanceled: a case whose run is canceled while it
// builds (promptc test got SIGTERM) does not get its want rewritten, and
// its directory is removed.
func TestUpdateStopsWhenCanceled(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "c.txtar")
	const old = "doc\n-- want --\nold\n"
	write(t, name, old, 0o644)
	tmp := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &Runner{
		Update:  true,
		TempDir: tmp,
		Build: func(ctx context.Context, args []string, stdout, stderr io.Writer, e *Env) int {
			cancel() // the signal arrives while the case builds
			_, _ = io.WriteString(stdout, `{"prompt": "new", "sections": []}`)
			return 0
		},
	}
	res := r.Run(ctx, []CaseFile{{Path: name, Name: "c"}})[0]
	if data, _ := os.ReadFile(name); string(data) != old {
		t.Errorf("the case file was rewritten after the run was canceled:\n%s", data)
	}
	if res.Updated || !strings.Contains(res.Message, "not updated: context canceled") {
		t.Errorf("result: updated %v, message %q", res.Updated, res.Message)
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Errorf("case directories left: %v", entries)
	}
}
