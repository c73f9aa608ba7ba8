package nodeerr

import (
	"io/fs"
	"testing"

	"github.com/promptc/promptc/sources"
)

// TestNotRegular: a file that is not a regular file keeps promptc's own
// text, not an errno's.
func TestNotRegular(t *testing.T) {
	if got := Message(&sources.NotRegularError{Path: "/p/AGENTS.md", Mode: fs.ModeNamedPipe}, "open", "/p/AGENTS.md"); got != "/p/AGENTS.md is not a regular file (named pipe)" {
		t.Errorf("Message = %q", got)
	}
}
